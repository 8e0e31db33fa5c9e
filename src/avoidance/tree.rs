//! Trees and their two convex geometries (paper B, §5).
//!
//! The **vertex geometry** of a tree T has the vertex sets of subtrees as
//! convex sets: τ(A) is the vertex set of the smallest subtree containing A,
//! so v ∈ τ(A) iff v ∈ A or A meets two components of T − v. The **edge
//! geometry** has the edge sets of subtrees: e ∈ τ(F) iff e ∈ F or F has
//! edges on both sides of e.

use super::geometry::ConvexGeometry;
use super::points::PointSet;
use nimcert_check::format::AvoidanceGeometry;
use std::collections::HashMap;
use std::fmt;

/// A finite tree with named vertices.
#[derive(Clone, Debug)]
pub struct Tree {
    names: Vec<String>,
    edges: Vec<(usize, usize)>,
    adjacent: Vec<Vec<usize>>,
}

/// Why an edge list is not a tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TreeError {
    /// An edge is not written `a-b`.
    Syntax(String),
    /// An edge joins a vertex to itself.
    Loop(String),
    /// The same edge appears twice.
    RepeatedEdge(String),
    /// The graph has a cycle (through the named edge).
    Cycle(String),
    /// The graph is not connected.
    Disconnected(String, String),
    /// No edges given.
    Empty,
}

impl fmt::Display for TreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TreeError::Syntax(e) => write!(f, "edge `{e}` is not of the form a-b"),
            TreeError::Loop(v) => write!(f, "edge {v}-{v} is a loop"),
            TreeError::RepeatedEdge(e) => write!(f, "edge {e} is repeated"),
            TreeError::Cycle(e) => write!(f, "not a tree: edge {e} closes a cycle"),
            TreeError::Disconnected(a, b) => {
                write!(f, "not a tree: vertices {a} and {b} are not connected")
            }
            TreeError::Empty => write!(f, "the tree has no edges"),
        }
    }
}

impl std::error::Error for TreeError {}

impl Tree {
    /// Parses `1-2,2-3,1-4` (commas or spaces between edges). Vertices are
    /// named by the words used, numbered in order of first appearance.
    pub fn parse(text: &str) -> Result<Self, TreeError> {
        let mut names: Vec<String> = Vec::new();
        let mut index: HashMap<String, usize> = HashMap::new();
        let mut edges = Vec::new();
        for word in text.split([',', ' ']).filter(|w| !w.is_empty()) {
            let (a, b) = word
                .split_once('-')
                .filter(|(a, b)| !a.is_empty() && !b.is_empty() && !b.contains('-'))
                .ok_or_else(|| TreeError::Syntax(word.to_string()))?;
            let mut id = |name: &str| {
                *index.entry(name.to_string()).or_insert_with(|| {
                    names.push(name.to_string());
                    names.len() - 1
                })
            };
            let (a, b) = (id(a.trim()), id(b.trim()));
            edges.push((a, b));
        }
        Self::with_names(names, edges)
    }

    /// The tree on vertices 0, …, n − 1 (named 1, …, n) with these edges.
    pub fn from_edges(n: usize, edges: &[(usize, usize)]) -> Result<Self, TreeError> {
        let names = (1..=n).map(|i| i.to_string()).collect();
        Self::with_names(names, edges.to_vec())
    }

    fn with_names(names: Vec<String>, edges: Vec<(usize, usize)>) -> Result<Self, TreeError> {
        if edges.is_empty() {
            return Err(TreeError::Empty);
        }
        let n = names.len();
        let mut adjacent = vec![Vec::new(); n];
        let mut union_find: Vec<usize> = (0..n).collect();
        fn root(uf: &mut [usize], mut x: usize) -> usize {
            while uf[x] != x {
                uf[x] = uf[uf[x]];
                x = uf[x];
            }
            x
        }
        let show = |a: usize, b: usize| format!("{}-{}", names[a], names[b]);
        let mut seen = std::collections::HashSet::new();
        for &(a, b) in &edges {
            if a == b {
                return Err(TreeError::Loop(names[a].clone()));
            }
            if !seen.insert((a.min(b), a.max(b))) {
                return Err(TreeError::RepeatedEdge(show(a, b)));
            }
            let (ra, rb) = (root(&mut union_find, a), root(&mut union_find, b));
            if ra == rb {
                return Err(TreeError::Cycle(show(a, b)));
            }
            union_find[ra] = rb;
            adjacent[a].push(b);
            adjacent[b].push(a);
        }
        let r0 = root(&mut union_find, 0);
        if let Some(v) = (0..n).find(|&v| root(&mut union_find, v) != r0) {
            return Err(TreeError::Disconnected(names[0].clone(), names[v].clone()));
        }
        Ok(Tree {
            names,
            edges,
            adjacent,
        })
    }

    /// Number of vertices.
    pub fn order(&self) -> usize {
        self.names.len()
    }

    /// The edges, as pairs of vertex numbers.
    pub fn edges(&self) -> &[(usize, usize)] {
        &self.edges
    }

    /// The name of vertex `v`.
    pub fn name(&self, v: usize) -> &str {
        &self.names[v]
    }

    /// The number of the vertex called `name`.
    pub fn vertex(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }

    /// The number of the edge `a-b` (either orientation), by vertex names.
    pub fn edge(&self, a: &str, b: &str) -> Option<usize> {
        let (a, b) = (self.vertex(a)?, self.vertex(b)?);
        self.edges
            .iter()
            .position(|&(x, y)| (x, y) == (a, b) || (x, y) == (b, a))
    }

    /// The vertices reachable from `start` without passing through `cut`.
    fn side(&self, start: usize, cut: usize) -> PointSet {
        let mut seen = PointSet::empty(self.order());
        seen.insert(start);
        let mut stack = vec![start];
        while let Some(v) = stack.pop() {
            for &u in &self.adjacent[v] {
                if u != cut && !seen.contains(u) {
                    seen.insert(u);
                    stack.push(u);
                }
            }
        }
        seen
    }

    /// The vertex sets of the components of T − v, one per neighbour.
    pub fn components_without(&self, v: usize) -> Vec<PointSet> {
        self.adjacent[v].iter().map(|&u| self.side(u, v)).collect()
    }

    fn certificate_edges(&self) -> Vec<(u32, u32)> {
        self.edges
            .iter()
            .map(|&(a, b)| (a as u32, b as u32))
            .collect()
    }
}

/// The vertex geometry of a tree.
pub struct VertexGeometry {
    tree: Tree,
    components: Vec<Vec<PointSet>>,
}

impl VertexGeometry {
    /// The vertex geometry of `tree`.
    pub fn new(tree: Tree) -> Self {
        let components = (0..tree.order())
            .map(|v| tree.components_without(v))
            .collect();
        VertexGeometry { tree, components }
    }

    /// The tree.
    pub fn tree(&self) -> &Tree {
        &self.tree
    }

    /// The components of T − v.
    pub fn components_without(&self, v: usize) -> &[PointSet] {
        &self.components[v]
    }
}

impl ConvexGeometry for VertexGeometry {
    fn size(&self) -> usize {
        self.tree.order()
    }

    fn point_name(&self, i: usize) -> String {
        self.tree.name(i).to_string()
    }

    fn closure(&self, a: &PointSet) -> PointSet {
        PointSet::from_iter_in(
            self.size(),
            (0..self.size()).filter(|&v| self.in_closure(a, v)),
        )
    }

    fn in_closure(&self, a: &PointSet, v: usize) -> bool {
        a.contains(v)
            || self.components[v]
                .iter()
                .filter(|c| c.meets(a))
                .nth(1)
                .is_some()
    }

    /// The components of T − w: a set avoiding w with closure avoiding w
    /// meets at most one of them.
    fn copoints(&self, w: usize) -> Vec<PointSet> {
        self.components[w].clone()
    }

    fn certificate_geometry(&self) -> AvoidanceGeometry {
        AvoidanceGeometry::TreeVertices {
            vertices: self.tree.order() as u32,
            edges: self.tree.certificate_edges(),
        }
    }

    fn kind(&self) -> &'static str {
        "tree"
    }
}

/// The edge geometry of a tree: points are the edges, numbered in input
/// order.
pub struct EdgeGeometry {
    tree: Tree,
    sides: Vec<[PointSet; 2]>,
}

impl EdgeGeometry {
    /// The edge geometry of `tree`.
    pub fn new(tree: Tree) -> Self {
        let m = tree.edges.len();
        let edges_inside = |vertices: &PointSet| {
            PointSet::from_iter_in(
                m,
                (0..m).filter(|&f| {
                    let (x, y) = tree.edges[f];
                    vertices.contains(x) && vertices.contains(y)
                }),
            )
        };
        let sides = tree
            .edges
            .iter()
            .map(|&(a, b)| {
                [
                    edges_inside(&tree.side(a, b)),
                    edges_inside(&tree.side(b, a)),
                ]
            })
            .collect();
        EdgeGeometry { tree, sides }
    }

    /// The tree.
    pub fn tree(&self) -> &Tree {
        &self.tree
    }

    /// The edge sets of the two components of T − e.
    pub fn sides(&self, e: usize) -> &[PointSet; 2] {
        &self.sides[e]
    }
}

impl ConvexGeometry for EdgeGeometry {
    fn size(&self) -> usize {
        self.tree.edges.len()
    }

    fn point_name(&self, e: usize) -> String {
        let (a, b) = self.tree.edges[e];
        format!("{}-{}", self.tree.name(a), self.tree.name(b))
    }

    fn closure(&self, f: &PointSet) -> PointSet {
        PointSet::from_iter_in(
            self.size(),
            (0..self.size()).filter(|&e| self.in_closure(f, e)),
        )
    }

    fn in_closure(&self, f: &PointSet, e: usize) -> bool {
        let [left, right] = &self.sides[e];
        f.contains(e) || (f.meets(left) && f.meets(right))
    }

    /// The edge sets of the two sides of e (only ∅ when e is the only edge).
    fn copoints(&self, e: usize) -> Vec<PointSet> {
        self.sides[e].to_vec()
    }

    fn certificate_geometry(&self) -> AvoidanceGeometry {
        AvoidanceGeometry::TreeEdges {
            vertices: self.tree.order() as u32,
            edges: self.tree.certificate_edges(),
        }
    }

    fn kind(&self) -> &'static str {
        "tree-edges"
    }
}
