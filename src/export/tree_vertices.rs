//! Export of a tree-vertex avoidance certificate (paper B, §5) as a Coq file.
//!
//! The file states, about the game named by the certificate,
//!
//! ```coq
//! Theorem nim_dng : NimDNG tree_n tree_edges win k.
//! ```
//!
//! where `NimDNG n E W k` (in `formal/theories/TreeVertex.v`) says that the
//! edge list `E` is a tree on the vertices 0, …, n − 1 and that the nim
//! number of DNG(S, W) on its vertex geometry (S = {0, …, n − 1}, τ(A) the
//! smallest subtree's vertex set containing A, a move keeps W ⊄ τ(P)) is `k`
//! by the mex rule. The proof applies `nim_dng_by_computation` (the soundness
//! theorem of the verified evaluator of `TreeVertex.v`) and leaves its two
//! computations, the tree test and the nim number, to the kernel's
//! `vm_compute` at `Qed` (`vm_cast_no_check`: computed once, not twice), so a
//! wrong `nim` makes the file fail to compile.
//!
//! The file also states and proves
//!
//! ```coq
//! Theorem maximal_family : MaximalFamily tree_n tree_edges win maximal.
//! ```
//!
//! that the certificate's 𝓜 is the family of maximal non-generating sets
//! (each listed set is one, and every non-generating set lies in a listed
//! one). The structure diagram (classes, parities, nim0/nim1, options) is not
//! exported: Coq does not check it (nimcheck does), and the nim number does
//! not rest on it.

use crate::avoidance::tree::Tree;
use nimcert_check::format::{AvoidanceClaim, AvoidanceGeometry, Certificate, Claim};
use std::fmt;

/// The default bound on the tree's order. `coqc` evaluates every legal
/// position of DNG(S, W) once (up to 2^n of them) and tests every subset of S
/// for the maximal family: at 14 vertices the nim number took 5 s of CPU with
/// W one leaf (8,192 positions) and 37 s with W six leaves, the family test
/// 7 s (measured on the shared 2-core machine, `/usr/bin/time`).
pub const DEFAULT_MAX_TREE_VERTICES: u32 = 14;

/// Why a certificate was not exported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExportError {
    /// Not a tree-vertex `Avoidance` certificate, or not a valid one (the
    /// edges do not form a tree, W is empty or outside the vertices).
    Unsupported(String),
    /// The tree has more vertices than the caller's limit.
    TooLarge {
        /// The tree's order.
        vertices: u32,
        /// The limit it exceeds.
        max: u32,
    },
}

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExportError::Unsupported(why) => f.write_str(why),
            ExportError::TooLarge { vertices, max } => write!(
                f,
                "the tree has {vertices} vertices, over the limit of {max} for the Coq export \
                 (Coq evaluates up to 2^{vertices} positions)"
            ),
        }
    }
}

impl std::error::Error for ExportError {}

/// A tree's edge list, as in the certificate.
type Edges = [(u32, u32)];

fn unsupported(why: impl Into<String>) -> ExportError {
    ExportError::Unsupported(why.into())
}

/// The Coq file proving the nim number claimed by a tree-vertex
/// `Avoidance` certificate whose tree has at most `max_vertices` vertices,
/// or why the certificate cannot be exported.
pub fn tree_vertices_to_coq(
    certificate: &Certificate,
    max_vertices: u32,
) -> Result<String, ExportError> {
    let claim = match &certificate.claim {
        Claim::Avoidance(claim) => claim,
        _ => return Err(unsupported("not an Avoidance certificate")),
    };
    let (n, edges) = tree_of(claim, max_vertices)?;
    check_win(&claim.win, n)?;
    Ok(coq_file(n, edges, claim))
}

/// The tree of a `TreeVertices` claim, checked to be a tree on 0, …, n − 1
/// with at most `max` vertices.
fn tree_of(claim: &AvoidanceClaim, max: u32) -> Result<(u32, &Edges), ExportError> {
    let AvoidanceGeometry::TreeVertices { vertices, edges } = &claim.geometry else {
        return Err(unsupported(
            "not a tree-vertex geometry (only TreeVertices is exported)",
        ));
    };
    let n = *vertices;
    if n == 0 {
        return Err(unsupported("the tree has no vertices"));
    }
    if n > max {
        return Err(ExportError::TooLarge { vertices: n, max });
    }
    if let Some((a, b)) = edges.iter().find(|(a, b)| *a >= n || *b >= n) {
        return Err(unsupported(format!(
            "edge ({a}, {b}) leaves the vertices 0..{n}"
        )));
    }
    if edges.len() + 1 != n as usize {
        return Err(unsupported(format!(
            "{} edges on {n} vertices: a tree has {}",
            edges.len(),
            n - 1
        )));
    }
    if n > 1 {
        let list: Vec<(usize, usize)> = edges
            .iter()
            .map(|&(a, b)| (a as usize, b as usize))
            .collect();
        Tree::from_edges(n as usize, &list).map_err(|e| {
            unsupported(format!(
                "{e} (vertex names count from 1, certificate vertices from 0)"
            ))
        })?;
    }
    Ok((n, edges))
}

/// W must be a non-empty, strictly increasing subset of S = {0, …, n − 1}.
pub(crate) fn check_win(win: &[u32], n: u32) -> Result<(), ExportError> {
    if win.is_empty() {
        return Err(unsupported("W is empty (DNG(S, W) needs W ≠ ∅)"));
    }
    if let Some(w) = win.iter().find(|&&w| w >= n) {
        return Err(unsupported(format!(
            "W contains {w}, not a vertex of the tree"
        )));
    }
    if win.windows(2).any(|p| p[0] >= p[1]) {
        return Err(unsupported("W is not strictly increasing"));
    }
    Ok(())
}

/// `[a; b; …]`, a Coq list.
pub(crate) fn coq_list<T: fmt::Display>(items: impl IntoIterator<Item = T>) -> String {
    let items: Vec<String> = items.into_iter().map(|x| x.to_string()).collect();
    format!("[{}]", items.join("; "))
}

/// The text of the Coq file (only numbers from the certificate are written).
fn coq_file(n: u32, edges: &Edges, claim: &AvoidanceClaim) -> String {
    let edges = coq_list(edges.iter().map(|(a, b)| format!("({a}, {b})")));
    let win = coq_list(&claim.win);
    let maximal = coq_list(claim.maximal.iter().map(coq_list));
    let nim = claim.nim;
    format!(
        "(* Generated by nimcert from a tree-vertex Avoidance certificate.\n   \
         Proved: the edges form a tree on 0..{last}, nim(DNG(S, W)) = {nim} on its\n   \
         vertex geometry (S = all vertices, W = {win}), and the certificate's\n   \
         maximal non-generating sets are exactly those of the game, by the\n   \
         verified evaluator of Nimcert.TreeVertex. Not checked here: the\n   \
         certificate's structure diagram. *)\n\
         From Coq Require Import List.\n\
         Import ListNotations.\n\
         From Nimcert Require Import TreeVertex.\n\
         \n\
         Definition tree_n : nat := {n}.\n\
         Definition tree_edges : list (nat * nat) := {edges}.\n\
         Definition win : list nat := {win}.\n\
         Definition maximal : list (list nat) := {maximal}.\n\
         \n\
         Theorem nim_dng : NimDNG tree_n tree_edges win {nim}.\n\
         Proof.\n  \
         apply nim_dng_by_computation.\n  \
         - vm_cast_no_check (@eq_refl bool true).\n  \
         - vm_cast_no_check (@eq_refl nat {nim}).\n\
         Qed.\n\
         \n\
         Theorem maximal_family : MaximalFamily tree_n tree_edges win maximal.\n\
         Proof.\n  \
         apply maximal_family_by_computation; vm_cast_no_check (@eq_refl bool true).\n\
         Qed.\n\
         \n\
         Print Assumptions nim_dng.\n\
         Print Assumptions maximal_family.\n",
        last = n - 1,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn corpus(name: &str) -> Certificate {
        let path = format!("{}/certificates/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("corpus certificate");
        ron::from_str(&text).expect("a certificate")
    }

    fn export(c: &Certificate) -> Result<String, ExportError> {
        tree_vertices_to_coq(c, DEFAULT_MAX_TREE_VERTICES)
    }

    #[test]
    fn corpus_tree_certificate_states_its_game_and_number() {
        let text = export(&corpus("avoidance/tree-vertices.ron")).expect("exported");
        assert!(text.contains("Definition tree_n : nat := 6."));
        assert!(text.contains("[(0, 1); (1, 2); (1, 3); (3, 4); (3, 5)]"));
        assert!(text.contains("Definition win : list nat := [2; 4; 5]."));
        assert!(text.contains("NimDNG tree_n tree_edges win 1."));
        assert!(text.contains("vm_cast_no_check (@eq_refl nat 1)"));
        assert!(text.contains(
            "Definition maximal : list (list nat) := \
             [[0; 1; 2; 3; 4]; [0; 1; 2; 3; 5]; [0; 1; 3; 4; 5]]."
        ));
        assert!(text.contains("MaximalFamily tree_n tree_edges win maximal."));
    }

    #[test]
    fn other_claims_and_geometries_are_refused() {
        let sequence = corpus("examples/1-3-5.sequence.ron");
        assert!(export(&sequence)
            .unwrap_err()
            .to_string()
            .contains("not an Avoidance"));
        let affine = corpus("avoidance/affine-line.ron");
        assert!(export(&affine)
            .unwrap_err()
            .to_string()
            .contains("TreeVertices"));
    }

    #[test]
    fn bad_trees_and_bad_w_are_refused() {
        let with = |vertices: u32, edges: &[(u32, u32)], win: Vec<u32>| {
            let mut c = corpus("avoidance/tree-vertices.ron");
            if let Claim::Avoidance(claim) = &mut c.claim {
                claim.geometry = AvoidanceGeometry::TreeVertices {
                    vertices,
                    edges: edges.to_vec(),
                };
                claim.win = win;
            }
            export(&c).map_err(|e| e.to_string())
        };
        let refused = |r: Result<String, String>, why: &str| {
            assert!(
                r.as_ref().is_err_and(|e| e.contains(why)),
                "{r:?}, not {why}"
            );
        };
        refused(with(0, &[], vec![0]), "no vertices");
        refused(with(3, &[(0, 1), (1, 3)], vec![0]), "leaves the vertices");
        refused(with(3, &[(0, 1)], vec![0]), "a tree has 2");
        refused(with(3, &[(0, 1), (1, 0)], vec![0]), "repeated");
        refused(with(3, &[(0, 0), (1, 2)], vec![0]), "loop");
        refused(with(2, &[(0, 1)], vec![]), "empty");
        refused(with(2, &[(0, 1)], vec![2]), "not a vertex");
        refused(with(2, &[(0, 1)], vec![1, 0]), "strictly increasing");
        assert!(with(1, &[], vec![0]).is_ok());
    }

    #[test]
    fn the_order_limit_is_the_callers() {
        let c = corpus("avoidance/tree-vertices.ron");
        assert_eq!(
            tree_vertices_to_coq(&c, 5),
            Err(ExportError::TooLarge {
                vertices: 6,
                max: 5
            })
        );
        assert!(tree_vertices_to_coq(&c, 6).is_ok());
    }
}
