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
use std::sync::{Arc, OnceLock};

/// A finite tree with named vertices. Its data is shared, so a clone (one
/// per game when a sweep plays every W on one tree) allocates nothing.
#[derive(Clone, Debug)]
pub struct Tree {
    names: Arc<[String]>,
    edges: Arc<[(usize, usize)]>,
    adjacent: Arc<[Vec<usize>]>,
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
    /// No vertex given.
    Empty,
    /// More vertices than a certificate can number (2^32 or more).
    TooLarge(usize),
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
            TreeError::Empty => write!(
                f,
                "the tree has no vertices (give edges a-b, or one vertex name for the one-vertex tree)"
            ),
            TreeError::TooLarge(n) => write!(f, "a tree of {n} vertices: at most 2^32 − 1"),
        }
    }
}

impl std::error::Error for TreeError {}

impl Tree {
    /// Parses `1-2,2-3,1-4` (commas or spaces between edges). Vertices are
    /// named by the words used, numbered in order of first appearance. A
    /// word without `-` names a vertex: `1` alone is the one-vertex tree
    /// (a vertex on no edge in a larger tree leaves it disconnected).
    pub fn parse(text: &str) -> Result<Self, TreeError> {
        let mut names: Vec<String> = Vec::new();
        let mut index: HashMap<String, usize> = HashMap::new();
        let mut edges = Vec::new();
        let mut id = |name: &str| {
            *index.entry(name.to_string()).or_insert_with(|| {
                names.push(name.to_string());
                names.len() - 1
            })
        };
        let words = text.split(|c: char| c == ',' || c.is_whitespace());
        for word in words.filter(|w| !w.is_empty()) {
            if !word.contains('-') {
                id(word);
                continue;
            }
            let (a, b) = word
                .split_once('-')
                .filter(|(a, b)| !a.is_empty() && !b.is_empty() && !b.contains('-'))
                .ok_or_else(|| TreeError::Syntax(word.to_string()))?;
            edges.push((id(a), id(b)));
        }
        Self::with_names(names, edges)
    }

    /// The tree on vertices 0, …, n − 1 (named 1, …, n) with these edges.
    pub fn from_edges(n: usize, edges: &[(usize, usize)]) -> Result<Self, TreeError> {
        let names = (1..=n).map(|i| i.to_string()).collect();
        Self::with_names(names, edges.to_vec())
    }

    fn with_names(names: Vec<String>, edges: Vec<(usize, usize)>) -> Result<Self, TreeError> {
        let n = names.len();
        if n == 0 {
            return Err(TreeError::Empty);
        }
        if u32::try_from(n).is_err() {
            return Err(TreeError::TooLarge(n));
        }
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
            names: names.into(),
            edges: edges.into(),
            adjacent: adjacent.into(),
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

    /// The vertex sets of the components of T − v, one per neighbour (on
    /// masks of the rooted tree up to 64 vertices, else by search).
    pub fn components_without(&self, v: usize) -> Vec<PointSet> {
        let n = self.order();
        match self.sides() {
            Some(sides) => sides
                .without(v)
                .map(|side| PointSet::from_mask(n, side))
                .collect(),
            None => self.adjacent[v].iter().map(|&u| self.side(u, v)).collect(),
        }
    }

    /// The components of T − v for every v as masks, from one rooting of
    /// the tree (at most 64 vertices, else `None`): for a caller that asks
    /// for several v of one tree.
    pub fn sides(&self) -> Option<Sides<'_>> {
        self.rooted_masks()
            .map(|rooted| Sides { tree: self, rooted })
    }

    /// For a tree of at most 64 vertices rooted at vertex 0: each vertex's
    /// parent (the root its own) and the mask of its subtree, in fixed
    /// arrays (one pass down and one back up, no allocation). The side of u
    /// away from a neighbour v is then the subtree of u if v is u's parent,
    /// else everything outside v's subtree.
    fn rooted_masks(&self) -> Option<Rooted> {
        let n = self.order();
        if n > 64 {
            return None;
        }
        let mut parent = [u8::MAX; 64];
        parent[0] = 0;
        let mut order = [0u8; 64];
        let (mut seen, mut i) = (1, 0);
        while i < seen {
            let v = usize::from(order[i]);
            i += 1;
            for &u in &self.adjacent[v] {
                if parent[u] == u8::MAX {
                    parent[u] = v as u8;
                    order[seen] = u as u8;
                    seen += 1;
                }
            }
        }
        let mut subtree = [0u64; 64];
        for &v in order[..n].iter().rev() {
            let v = usize::from(v);
            subtree[v] |= 1 << v;
            if v != 0 {
                subtree[usize::from(parent[v])] |= subtree[v];
            }
        }
        Some(Rooted { n, parent, subtree })
    }

    /// The edges for a certificate, by vertex number (see
    /// [`Tree::renumbering`]).
    fn certificate_edges(&self) -> Vec<(u32, u32)> {
        self.edges
            .iter()
            .map(|&(a, b)| (certificate_number(a), certificate_number(b)))
            .collect()
    }

    /// How a certificate numbers the vertices: 0, 1, … in the order of
    /// their first appearance in the input, as a phrase ("tree vertices
    /// 0..8 are the input's 1..9", or the names listed in that order);
    /// `None` when every vertex k is named `k`.
    pub fn renumbering(&self) -> Option<String> {
        let named_from = |first: usize| {
            self.names
                .iter()
                .enumerate()
                .all(|(k, name)| *name == (k + first).to_string())
        };
        let last = self.order() - 1;
        if named_from(0) {
            None
        } else if named_from(1) {
            Some(format!(
                "tree vertices 0..{last} are the input's 1..{}",
                last + 1
            ))
        } else {
            Some(format!(
                "tree vertices 0..{last} are the input's {}",
                self.names.join(",")
            ))
        }
    }
}

/// A vertex number (or the order) as the certificate format holds it: a
/// [`Tree`] has fewer than 2^32 vertices ([`TreeError::TooLarge`]).
fn certificate_number(v: usize) -> u32 {
    u32::try_from(v).expect("a tree has fewer than 2^32 vertices")
}

/// A tree of at most 64 vertices rooted at vertex 0 ([`Tree::rooted_masks`]).
struct Rooted {
    n: usize,
    parent: [u8; 64],
    subtree: [u64; 64],
}

impl Rooted {
    /// The mask of the side of u away from its neighbour v.
    fn side(&self, u: usize, v: usize) -> u64 {
        let all = u64::MAX >> (64 - self.n);
        if usize::from(self.parent[u]) == v && u != 0 {
            self.subtree[u]
        } else {
            all & !self.subtree[v]
        }
    }
}

/// The components of T − v of a tree of at most 64 vertices, as masks
/// ([`Tree::sides`]).
pub struct Sides<'t> {
    tree: &'t Tree,
    rooted: Rooted,
}

impl Sides<'_> {
    /// The vertex sets of the components of T − v as masks, one per
    /// neighbour of v, in the order of the neighbours.
    pub fn without(&self, v: usize) -> impl Iterator<Item = u64> + '_ {
        self.tree.adjacent[v]
            .iter()
            .map(move |&u| self.rooted.side(u, v))
    }
}

/// The components of T − v for every vertex v of a tree of at most 64
/// vertices, as masks, in the order of v's neighbours: those of v at
/// `masks[starts[v]..starts[v + 1]]` (a tree has 2(n − 1) of them).
struct ComponentMasks {
    starts: [u8; 65],
    masks: [u64; 126],
}

/// The vertex geometry of a tree.
pub struct VertexGeometry {
    tree: Tree,
    /// For at most 64 vertices: the components of T − v as masks.
    masks: Option<ComponentMasks>,
    /// The components as point sets, made on first use (eagerly beyond 64
    /// vertices).
    components: OnceLock<Vec<Vec<PointSet>>>,
}

impl VertexGeometry {
    /// The vertex geometry of `tree`.
    pub fn new(tree: Tree) -> Self {
        let components = OnceLock::new();
        let masks = tree.rooted_masks().map(|rooted| {
            let mut table = ComponentMasks {
                starts: [0; 65],
                masks: [0; 126],
            };
            let mut k = 0;
            for v in 0..tree.order() {
                table.starts[v] = k as u8;
                for &u in &tree.adjacent[v] {
                    table.masks[k] = rooted.side(u, v);
                    k += 1;
                }
            }
            table.starts[tree.order()] = k as u8;
            table
        });
        if masks.is_none() {
            let all = (0..tree.order())
                .map(|v| tree.components_without(v))
                .collect();
            let _ = components.set(all);
        }
        VertexGeometry {
            tree,
            masks,
            components,
        }
    }

    /// The tree.
    pub fn tree(&self) -> &Tree {
        &self.tree
    }

    /// The components of T − v.
    pub fn components_without(&self, v: usize) -> &[PointSet] {
        let all = self.components.get_or_init(|| {
            let n = self.size();
            (0..n)
                .map(|v| {
                    self.component_masks(v)
                        .iter()
                        .map(|&m| PointSet::from_mask(n, m))
                        .collect()
                })
                .collect()
        });
        &all[v]
    }

    /// The components of T − v as masks (at most 64 vertices).
    fn component_masks(&self, v: usize) -> &[u64] {
        let table = self.masks.as_ref().expect("at most 64 vertices");
        &table.masks[usize::from(table.starts[v])..usize::from(table.starts[v + 1])]
    }
}

impl ConvexGeometry for VertexGeometry {
    fn size(&self) -> usize {
        self.tree.order()
    }

    fn point_name(&self, i: usize) -> String {
        self.tree.name(i).to_string()
    }

    fn write_point_name(&self, i: usize, out: &mut String) {
        out.push_str(self.tree.name(i));
    }

    fn closure(&self, a: &PointSet) -> PointSet {
        PointSet::from_iter_in(
            self.size(),
            (0..self.size()).filter(|&v| self.in_closure(a, v)),
        )
    }

    fn in_closure(&self, a: &PointSet, v: usize) -> bool {
        if self.masks.is_some() {
            return self.in_closure_mask(a.mask(), v);
        }
        a.contains(v)
            || self
                .components_without(v)
                .iter()
                .filter(|c| c.meets(a))
                .nth(1)
                .is_some()
    }

    /// v ∈ τ(A) iff v ∈ A or A meets two components of T − v.
    fn in_closure_mask(&self, a: u64, v: usize) -> bool {
        a >> v & 1 == 1
            || self
                .component_masks(v)
                .iter()
                .filter(|&&c| c & a != 0)
                .nth(1)
                .is_some()
    }

    /// The components of T − w: a set avoiding w with closure avoiding w
    /// meets at most one of them. On the one-vertex tree T − w has none,
    /// and the family is {∅} (∅ is the one set avoiding w).
    fn copoints(&self, w: usize) -> Vec<PointSet> {
        match self.components_without(w) {
            [] => vec![PointSet::empty(self.size())],
            components => components.to_vec(),
        }
    }

    fn copoint_masks(&self, w: usize, out: &mut Vec<u64>) {
        match self.component_masks(w) {
            [] => out.push(0),
            components => out.extend_from_slice(components),
        }
    }

    fn certificate_geometry(&self) -> AvoidanceGeometry {
        AvoidanceGeometry::TreeVertices {
            vertices: certificate_number(self.tree.order()),
            edges: self.tree.certificate_edges(),
        }
    }

    fn kind(&self) -> &'static str {
        "tree"
    }

    fn renumbering(&self) -> Option<String> {
        self.tree.renumbering()
    }
}

/// The edge geometry of a tree: points are the edges, numbered in input
/// order.
pub struct EdgeGeometry {
    tree: Tree,
    /// For at most 64 edges: the edge sets of the two sides of each edge as
    /// masks.
    masks: Option<[[u64; 2]; 64]>,
    /// The sides as point sets, made on first use (eagerly beyond 64 edges).
    sides: OnceLock<Vec<[PointSet; 2]>>,
}

impl EdgeGeometry {
    /// The edge geometry of `tree`.
    pub fn new(tree: Tree) -> Self {
        let m = tree.edges.len();
        let sides = OnceLock::new();
        let masks = tree.rooted_masks().filter(|_| m <= 64).map(|rooted| {
            // The edges with both ends in a vertex mask.
            let inside = |vertices: u64| {
                tree.edges
                    .iter()
                    .enumerate()
                    .fold(0u64, |acc, (f, &(x, y))| {
                        acc | (vertices >> x & vertices >> y & 1) << f
                    })
            };
            let mut sides = [[0u64; 2]; 64];
            for (side, &(a, b)) in sides.iter_mut().zip(tree.edges.iter()) {
                *side = [inside(rooted.side(a, b)), inside(rooted.side(b, a))];
            }
            sides
        });
        if masks.is_none() {
            let edges_inside = |vertices: &PointSet| {
                PointSet::from_iter_in(
                    m,
                    (0..m).filter(|&f| {
                        let (x, y) = tree.edges[f];
                        vertices.contains(x) && vertices.contains(y)
                    }),
                )
            };
            let all = tree
                .edges
                .iter()
                .map(|&(a, b)| {
                    [
                        edges_inside(&tree.side(a, b)),
                        edges_inside(&tree.side(b, a)),
                    ]
                })
                .collect();
            let _ = sides.set(all);
        }
        EdgeGeometry { tree, masks, sides }
    }

    /// The tree.
    pub fn tree(&self) -> &Tree {
        &self.tree
    }

    /// The edge sets of the two components of T − e.
    pub fn sides(&self, e: usize) -> &[PointSet; 2] {
        let all = self.sides.get_or_init(|| {
            let (masks, m) = (
                self.masks.as_ref().expect("made eagerly otherwise"),
                self.size(),
            );
            masks[..m]
                .iter()
                .map(|pair| pair.map(|s| PointSet::from_mask(m, s)))
                .collect()
        });
        &all[e]
    }
}

impl ConvexGeometry for EdgeGeometry {
    fn size(&self) -> usize {
        self.tree.edges.len()
    }

    fn point_name(&self, e: usize) -> String {
        let mut name = String::new();
        self.write_point_name(e, &mut name);
        name
    }

    fn write_point_name(&self, e: usize, out: &mut String) {
        let (a, b) = self.tree.edges[e];
        out.push_str(self.tree.name(a));
        out.push('-');
        out.push_str(self.tree.name(b));
    }

    fn closure(&self, f: &PointSet) -> PointSet {
        PointSet::from_iter_in(
            self.size(),
            (0..self.size()).filter(|&e| self.in_closure(f, e)),
        )
    }

    fn in_closure(&self, f: &PointSet, e: usize) -> bool {
        if self.masks.is_some() {
            return self.in_closure_mask(f.mask(), e);
        }
        let [left, right] = self.sides(e);
        f.contains(e) || (f.meets(left) && f.meets(right))
    }

    /// e ∈ τ(F) iff e ∈ F or F has edges on both sides of e.
    fn in_closure_mask(&self, f: u64, e: usize) -> bool {
        let [left, right] = self.masks.as_ref().expect("at most 64 edges")[e];
        f >> e & 1 == 1 || (f & left != 0 && f & right != 0)
    }

    /// The edge sets of the two sides of e (only ∅ when e is the only edge).
    fn copoints(&self, e: usize) -> Vec<PointSet> {
        self.sides(e).to_vec()
    }

    fn copoint_masks(&self, e: usize, out: &mut Vec<u64>) {
        out.extend_from_slice(&self.masks.as_ref().expect("at most 64 edges")[e]);
    }

    fn certificate_geometry(&self) -> AvoidanceGeometry {
        AvoidanceGeometry::TreeEdges {
            vertices: certificate_number(self.tree.order()),
            edges: self.tree.certificate_edges(),
        }
    }

    fn kind(&self) -> &'static str {
        "tree-edges"
    }

    /// The vertices as for the vertex geometry; the points (edges) keep
    /// the input's order.
    fn renumbering(&self) -> Option<String> {
        self.tree.renumbering()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_vertex_is_a_tree_and_its_copoint_family_is_the_empty_set() {
        let tree = Tree::parse("v").unwrap();
        assert_eq!((tree.order(), tree.edges().len()), (1, 0));
        let geometry = VertexGeometry::new(tree);
        assert_eq!(geometry.copoints(0), vec![PointSet::empty(1)]);
        let mut masks = Vec::new();
        geometry.copoint_masks(0, &mut masks);
        assert_eq!(masks, [0]);
        assert_eq!(Tree::parse(" ,").unwrap_err(), TreeError::Empty);
        assert!(matches!(
            Tree::parse("1-2,3"),
            Err(TreeError::Disconnected(..))
        ));
        // A vertex named again beside its edges changes nothing.
        assert_eq!(Tree::parse("1-2,2").unwrap().order(), 2);
    }

    #[test]
    fn the_renumbering_is_stated_unless_vertex_k_is_named_k() {
        let phrase = |edges: &str| Tree::parse(edges).unwrap().renumbering();
        assert_eq!(phrase("0-1,1-2"), None);
        assert_eq!(
            phrase("1-2,2-3").as_deref(),
            Some("tree vertices 0..2 are the input's 1..3")
        );
        assert_eq!(
            phrase("b-a,a-c").as_deref(),
            Some("tree vertices 0..2 are the input's b,a,c")
        );
        assert_eq!(
            phrase("2-1").as_deref(),
            Some("tree vertices 0..1 are the input's 2,1")
        );
    }
}
