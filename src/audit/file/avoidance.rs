//! Avoidance games DNG(S, W) (paper B) in claim files: the trees of
//! `trees(n)` and `labelled_trees(n)` parameters ([`Trees`]), an
//! instance's game built and solved by structure diagram within the
//! audit's limits ([`solve`], through [`crate::avoidance::solve`]), and
//! the game words the evaluator reads ([`Solved`], which implements
//! [`lang::AvoidanceGame`]).
//!
//! Points are numbered from 1 in claim files: a tree's vertex k is point
//! k (the vertex named k), an edge geometry's point k is the k-th edge of
//! the tree's list, an affine point set's point k the k-th point written,
//! a closure system's point k its point k. The certificate of the game
//! (`Avoidance`: the geometry, W, 𝓜, the structure classes with their
//! types, and the nim number) is what nimcheck re-validates; `Ex`, `tau`
//! and `components` are computed from the geometry by nimcert and are not
//! in it.

use crate::avoidance::certify::{certificate, search_method};
use crate::avoidance::closure::ClosureFile;
use crate::avoidance::enumerate::{free_trees, labelled_count, labelled_tree, MAX_FREE_ORDER};
use crate::avoidance::geometry::extreme_points;
use crate::avoidance::solve::{solve as solve_game, Input};
use crate::avoidance::tree::{EdgeGeometry, Tree};
use crate::avoidance::{Game, PointSet, StructureDiagram};
use crate::solve::{Limits, SolveError};
use nimcert_check::format::Certificate;
use nimcert_claims as lang;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// The most points of an avoidance game in a claim file (a fixed bound:
/// the game words work on 64-bit masks).
pub const MAX_POINTS: usize = 64;

/// The trees of `trees(n)` (up to isomorphism, [`free_trees`], at most
/// [`MAX_FREE_ORDER`] vertices) and `labelled_trees(n)` (Prüfer order,
/// [`labelled_tree`], as many as fit in 64 bits).
#[derive(Debug, Clone, Copy, Default)]
pub struct Trees;

/// The free trees by order, listed once per process.
fn free(n: usize) -> Arc<Vec<Tree>> {
    static CACHE: OnceLock<Mutex<HashMap<usize, Arc<Vec<Tree>>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    if let Some(all) = cache.lock().ok().and_then(|c| c.get(&n).cloned()) {
        return all;
    }
    let all = Arc::new(if n == 1 {
        Tree::from_edges(1, &[]).into_iter().collect()
    } else {
        free_trees(n)
    });
    if let Ok(mut c) = cache.lock() {
        c.insert(n, all.clone());
    }
    all
}

impl lang::Catalogue for Trees {
    fn trees(&self, n: i64, labelled: bool) -> Result<u64, String> {
        let too_many = || {
            format!(
                "trees on {n} vertices: `trees(n)` lists 1 ≤ n ≤ {MAX_FREE_ORDER} (a fixed bound \
                 of the enumeration), `labelled_trees(n)` 1 ≤ n ≤ 16"
            )
        };
        let order = u64::try_from(n)
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(too_many)?;
        if labelled {
            return labelled_count(order)
                .filter(|_| order <= 16)
                .ok_or_else(too_many);
        }
        if order as usize > MAX_FREE_ORDER {
            return Err(too_many());
        }
        Ok(free(order as usize).len() as u64)
    }
}

/// The tree a parameter names.
fn tree_of(t: &lang::TreeRef) -> Option<Tree> {
    let n = usize::try_from(t.n).ok()?;
    if t.labelled {
        labelled_tree(n, t.index)
    } else {
        free(n).get(usize::try_from(t.index).ok()?).cloned()
    }
}

/// `1 2 … n 1-2,2-3,…`: the tree's text with the vertices listed first,
/// so that parsing it numbers vertex k (named k) as point k − 1.
fn tree_text(tree: &Tree) -> String {
    let names: Vec<String> = (0..tree.order())
        .map(|v| tree.name(v).to_string())
        .collect();
    let edges: Vec<String> = tree
        .edges()
        .iter()
        .map(|&(a, b)| format!("{}-{}", tree.name(a), tree.name(b)))
        .collect();
    format!("{} {}", names.join(" "), edges.join(","))
}

/// A literal tree `1-2,2-3`: every vertex name an integer 1..n (n the
/// largest), so that vertex k is point k.
fn literal_tree(text: &str) -> Result<Tree, String> {
    let mut n = 0usize;
    for word in text.split([',', ' ', '-']).filter(|w| !w.is_empty()) {
        let k: usize = word
            .parse()
            .ok()
            .filter(|&k| (1..=MAX_POINTS + 1).contains(&k))
            .ok_or_else(|| {
                format!(
                    "`{word}`: a tree's vertices are named 1..n (n ≤ {})",
                    MAX_POINTS + 1
                )
            })?;
        n = n.max(k);
    }
    let names: Vec<String> = (1..=n).map(|k| k.to_string()).collect();
    Tree::parse(&format!("{} {text}", names.join(" "))).map_err(|e| e.to_string())
}

/// An avoidance game, solved: the game, its structure diagram, and for a
/// tree geometry what `components` reads.
pub(super) struct Solved {
    game: Game,
    diagram: StructureDiagram,
    parts: Parts,
}

/// What `components(v)` reads.
enum Parts {
    Vertices(Tree),
    Edges(Box<EdgeGeometry>),
    None(&'static str),
}

/// Builds and solves the game of `spec` within `limits` (the work and
/// class bounds of `nimcert avoid`); an error is input the tools refuse,
/// or a bound.
pub(super) fn solve(spec: &lang::AvoidanceSpec, limits: &Limits) -> Result<Solved, SolveError> {
    use lang::GeometryKind as K;
    let input_error = |m: String| SolveError::input(m);
    let tree = match (&spec.tree, spec.kind) {
        (Some(t), _) => Some(tree_of(t).ok_or_else(|| input_error(format!("no tree {t:?}")))?),
        (None, K::TreeVertices | K::TreeEdges) => {
            Some(literal_tree(&spec.text).map_err(input_error)?)
        }
        _ => None,
    };
    let points = match (&tree, spec.kind) {
        (Some(t), K::TreeVertices) => t.order(),
        (Some(t), _) => t.edges().len(),
        (None, _) => 0,
    };
    if points > MAX_POINTS {
        return Err(input_error(format!(
            "{points} points: an avoidance game in a claim file has at most {MAX_POINTS} (a fixed bound)"
        )));
    }
    let words = |f: &dyn Fn(u64) -> String| -> String {
        spec.win.iter().map(|&w| f(w)).collect::<Vec<_>>().join(" ")
    };
    let solved = match (spec.kind, &tree) {
        (K::TreeVertices, Some(t)) => {
            if let Some(&w) = spec.win.iter().find(|&&w| w > t.order() as u64) {
                return Err(input_error(format!(
                    "point {w} of W is not in S = [1, {}] (the tree's vertices)",
                    t.order()
                )));
            }
            let text = tree_text(t);
            let win = words(&|w| w.to_string());
            solve_game(
                Input::TreeVertices {
                    edges: &text,
                    win: &win,
                },
                limits,
            )?
        }
        (K::TreeEdges, Some(t)) => {
            let text = tree_text(t);
            let edge = |w: u64| -> Option<String> {
                let &(a, b) = t.edges().get(usize::try_from(w).ok()?.checked_sub(1)?)?;
                Some(format!("{}-{}", t.name(a), t.name(b)))
            };
            if let Some(&w) = spec.win.iter().find(|&&w| edge(w).is_none()) {
                return Err(input_error(format!(
                    "point {w} of W is not in S = [1, {}] (the tree's edges)",
                    t.edges().len()
                )));
            }
            let win = words(&|w| edge(w).unwrap_or_default());
            solve_game(
                Input::TreeEdges {
                    edges: &text,
                    win: &win,
                },
                limits,
            )?
        }
        (K::Affine, _) => {
            let win = words(&|w| format!("@{w}"));
            solve_game(
                Input::Affine {
                    points: &spec.text,
                    win: &win,
                },
                limits,
            )?
        }
        (K::Closure, _) => {
            let file: ClosureFile = ron::from_str(&spec.text)
                .map_err(|e| input_error(format!("the closure system: {e}")))?;
            let win = words(&|w| w.to_string());
            solve_game(
                Input::Closure {
                    file,
                    win: Some(&win),
                },
                limits,
            )?
        }
        _ => return Err(input_error("a tree geometry without a tree".into())),
    };
    if solved.game.size() > MAX_POINTS {
        return Err(input_error(format!(
            "{} points: an avoidance game in a claim file has at most {MAX_POINTS} (a fixed bound)",
            solved.game.size()
        )));
    }
    let parts = match (spec.kind, tree) {
        (K::TreeVertices, Some(t)) => Parts::Vertices(t),
        (K::TreeEdges, Some(t)) => Parts::Edges(Box::new(EdgeGeometry::new(t))),
        (K::Affine, _) => Parts::None("affine point sets"),
        _ => Parts::None("closure systems"),
    };
    Ok(Solved {
        game: solved.game,
        diagram: solved.diagram,
        parts,
    })
}

impl Solved {
    /// The certificate of the game's nim number (nimcheck's `Avoidance`).
    pub(super) fn certificate(&self) -> Certificate {
        certificate(&self.game, &self.diagram, search_method())
    }

    /// "nim = 2, |𝓜| = 4".
    pub(super) fn summary(&self) -> String {
        format!(
            "nim = {}, |𝓜| = {}",
            self.diagram.nim(),
            self.diagram.maximal.len()
        )
    }

    /// Points numbered from 1 as a set of the game's points (from 0).
    pub(super) fn points(&self, list: &[u64]) -> PointSet {
        PointSet::from_iter_in(
            self.game.size(),
            list.iter().map(|&x| (x as usize).saturating_sub(1)),
        )
    }
}

/// A set of points, 1-based.
fn listed(set: &PointSet) -> Vec<u64> {
    set.iter().map(|x| x as u64 + 1).collect()
}

/// ⌈P⌉ = ⋂{M ∈ 𝓜 : P ⊆ M} (S when no M contains P).
fn ceiling(maximal: &[PointSet], p: &PointSet, n: usize) -> PointSet {
    maximal
        .iter()
        .filter(|m| p.is_subset(m))
        .fold(PointSet::full(n), |acc, m| acc.intersection(m))
}

impl lang::AvoidanceGame for Solved {
    fn ground(&self) -> u64 {
        self.game.size() as u64
    }

    fn nim(&self) -> u64 {
        u64::from(self.diagram.nim())
    }

    fn maximal(&self) -> Vec<Vec<u64>> {
        self.diagram.maximal.iter().map(listed).collect()
    }

    fn classes(&self) -> Vec<Vec<u64>> {
        self.diagram
            .classes
            .iter()
            .map(|c| listed(&c.set))
            .collect()
    }

    fn class_type(&self, set: &[u64]) -> Option<(u64, u64)> {
        let i = self.points(set);
        let class = self.diagram.classes.iter().find(|c| c.set == i)?;
        Some((u64::from(class.nim0), u64::from(class.nim1)))
    }

    /// A legal position P lies in the class X_⌈P⌉ and has its nim_pty(P)
    /// (the structure theory of §3, `crate::avoidance::structure`).
    fn position_nim(&self, p: &[u64]) -> Option<u64> {
        let p = self.points(p);
        if self.game.generates(&p) {
            return None;
        }
        let top = ceiling(&self.diagram.maximal, &p, self.game.size());
        let class = self.diagram.classes.iter().find(|c| c.set == top)?;
        Some(u64::from(class.nim(p.parity())))
    }

    fn closure(&self, a: &[u64]) -> Vec<u64> {
        listed(&self.game.geometry().closure(&self.points(a)))
    }

    fn extreme(&self, a: &[u64]) -> Vec<u64> {
        listed(&extreme_points(self.game.geometry(), &self.points(a)))
    }

    fn components(&self, v: u64) -> Result<Vec<Vec<u64>>, String> {
        let i = (v as usize).saturating_sub(1);
        match &self.parts {
            Parts::Vertices(tree) => Ok(tree.components_without(i).iter().map(listed).collect()),
            Parts::Edges(geometry) => Ok(geometry
                .sides(i)
                .iter()
                .filter(|s| !s.is_empty())
                .map(listed)
                .collect()),
            Parts::None(what) => Err(format!(
                "`components` is defined on the geometries of trees, not on {what}"
            )),
        }
    }
}

/// The game of an instance for messages: `tree-vertices 1-2,2-3 W={1,3}`.
pub(super) fn label(spec: &lang::AvoidanceSpec) -> String {
    let geometry = match &spec.tree {
        Some(t) => tree_of(t).map_or_else(
            || format!("{t:?}"),
            |tree| {
                let edges: Vec<String> = tree
                    .edges()
                    .iter()
                    .map(|&(a, b)| format!("{}-{}", tree.name(a), tree.name(b)))
                    .collect();
                if edges.is_empty() {
                    "1 (one vertex)".to_string()
                } else {
                    edges.join(",")
                }
            },
        ),
        None => spec.text.clone(),
    };
    let win: Vec<String> = spec.win.iter().map(u64::to_string).collect();
    format!("{} {geometry} W={{{}}}", spec.kind.word(), win.join(","))
}
