//! Export of `Avoidance` certificates off tree vertices (closure systems,
//! tree edge geometries, affine point sets; paper B) as Coq files.
//!
//! Each file states, about the game named by the certificate,
//!
//! ```coq
//! Theorem nim_dng : NimDNG … k.
//! Theorem maximal_family : MaximalFamily … maximal.
//! ```
//!
//! in the semantics of `formal/theories/Closure.v`, `TreeEdge.v` or
//! `Affine.v`: the geometry is what its kind says (a convex geometry by the
//! axioms of paper B §2, a tree whose edges are the points, distinct points
//! of Z² with τ(A) = conv(A) ∩ S), nim(DNG(S, W)) = k by the mex rule, and
//! the certificate's 𝓜 is the family of maximal non-generating sets. The
//! proofs apply the soundness theorems of those files (through the generic
//! evaluator of `formal/theories/Avoidance.v`) and leave the computations to
//! the kernel's `vm_compute`, as [`super::tree_vertices`] does for trees.
//!
//! Only what keeps the file small is checked here (the sizes below the
//! caller's bounds, W, 𝓜 and the nim number within |S|, tree vertices in
//! range); everything else, the geometry's validity included, is judged by
//! Coq, so an invalid geometry gives a file that does not compile. The
//! structure diagram is not exported (nimcheck checks it; the nim number
//! does not rest on it).

use super::tree_vertices::{check_win, coq_list, ExportError};
use nimcert_check::format::{AvoidanceClaim, AvoidanceGeometry, Certificate, Claim};
use std::fmt;

/// The default bound on |S|. Coq evaluates every legal position once (up to
/// 2^|S|), tests every subset for 𝓜, and for tree edges and affine sets
/// also lists the convex sets (or decides hull membership) subset by
/// subset; see docs/FORMAL.md, "Avoidance games on other geometries" for the measured times.
pub const DEFAULT_MAX_GEOMETRY_POINTS: u32 = 10;

/// The default bound on the number of convex sets listed by a closure
/// system (Coq's test of the intersection axiom is cubic in it).
pub const DEFAULT_MAX_CONVEX_SETS: u32 = 64;

/// The caller's bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// Largest |S| exported.
    pub points: u32,
    /// Largest number of convex sets of a closure system exported.
    pub convex_sets: u32,
}

impl Default for Bounds {
    fn default() -> Self {
        Bounds {
            points: DEFAULT_MAX_GEOMETRY_POINTS,
            convex_sets: DEFAULT_MAX_CONVEX_SETS,
        }
    }
}

/// Why a certificate was not exported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GeometryError {
    /// Not an `Avoidance` certificate off tree vertices, or one whose
    /// numbers would make the Coq file huge (W, 𝓜 or the nim number
    /// outside |S|, a tree vertex beyond the vertices).
    Unsupported(String),
    /// |S| over the caller's bound.
    TooManyPoints {
        /// |S|.
        points: usize,
        /// The bound.
        max: u32,
    },
    /// A closure system listing more convex sets than the caller's bound.
    TooManySets {
        /// The number listed.
        sets: usize,
        /// The bound.
        max: u32,
    },
}

impl fmt::Display for GeometryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GeometryError::Unsupported(why) => f.write_str(why),
            GeometryError::TooManyPoints { points, max } => write!(
                f,
                "the geometry has {points} points, over the limit of {max} for the Coq export \
                 (Coq evaluates up to 2^{points} positions)"
            ),
            GeometryError::TooManySets { sets, max } => write!(
                f,
                "the closure system lists {sets} convex sets, over the limit of {max} for the \
                 Coq export"
            ),
        }
    }
}

impl std::error::Error for GeometryError {}

impl From<ExportError> for GeometryError {
    fn from(e: ExportError) -> Self {
        GeometryError::Unsupported(e.to_string())
    }
}

fn unsupported(why: impl Into<String>) -> GeometryError {
    GeometryError::Unsupported(why.into())
}

/// Whether the certificate is one this module exports (an `Avoidance`
/// claim off tree vertices).
pub fn is_geometry_certificate(certificate: &Certificate) -> bool {
    matches!(&certificate.claim, Claim::Avoidance(c)
        if !matches!(c.geometry, AvoidanceGeometry::TreeVertices { .. }))
}

/// The Coq file proving the nim number and 𝓜 claimed by an `Avoidance`
/// certificate on a closure system, a tree's edges or an affine point set,
/// or why it cannot be exported.
pub fn geometry_to_coq(certificate: &Certificate, bounds: Bounds) -> Result<String, GeometryError> {
    let Claim::Avoidance(claim) = &certificate.claim else {
        return Err(unsupported("not an Avoidance certificate"));
    };
    let points = ground_size(&claim.geometry)?;
    if points > bounds.points as usize {
        return Err(GeometryError::TooManyPoints {
            points,
            max: bounds.points,
        });
    }
    let n = points as u32;
    check_win(&claim.win, n)?;
    check_small(claim, n)?;
    let (kind, definitions, arguments) = match &claim.geometry {
        AvoidanceGeometry::Closure { convex_sets, .. } => {
            closure_text(n, convex_sets, bounds.convex_sets)?
        }
        AvoidanceGeometry::TreeEdges { vertices, edges } => tree_edges_text(*vertices, edges, n)?,
        AvoidanceGeometry::Affine { points } => affine_text(points),
        AvoidanceGeometry::TreeVertices { .. } => {
            return Err(unsupported(
                "a tree-vertex geometry (exported by the tree-vertex export)",
            ))
        }
    };
    Ok(coq_file(kind, &definitions, arguments, claim))
}

/// |S|: the points of a closure system or an affine set, the edges of a tree.
fn ground_size(geometry: &AvoidanceGeometry) -> Result<usize, GeometryError> {
    let n = match geometry {
        AvoidanceGeometry::Closure { points, .. } => *points as usize,
        AvoidanceGeometry::TreeEdges { edges, .. } => edges.len(),
        AvoidanceGeometry::Affine { points } => points.len(),
        AvoidanceGeometry::TreeVertices { .. } => {
            return Err(unsupported("not an Avoidance geometry off tree vertices"))
        }
    };
    if n == 0 {
        return Err(unsupported("the ground set S is empty"));
    }
    Ok(n)
}

/// 𝓜's points and the nim number within |S| (the nim number of a game on
/// n points is at most n): larger numbers are false claims, and as Coq
/// `nat`s they would make the file's computation huge.
fn check_small(claim: &AvoidanceClaim, n: u32) -> Result<(), GeometryError> {
    if let Some(x) = claim.maximal.iter().flatten().find(|&&x| x >= n) {
        return Err(unsupported(format!("𝓜 names point {x}, not in S")));
    }
    if claim.nim > n {
        return Err(unsupported(format!(
            "the nim number {} exceeds |S| = {n}, which bounds it",
            claim.nim
        )));
    }
    Ok(())
}

/// What differs between the kinds: the Coq module, the definitions of the
/// geometry, and the arguments naming it in `NimDNG` and `MaximalFamily`.
type KindText = (&'static str, String, (&'static str, &'static str));

fn closure_text(n: u32, sets: &[Vec<u32>], max_sets: u32) -> Result<KindText, GeometryError> {
    if sets.len() > max_sets as usize {
        return Err(GeometryError::TooManySets {
            sets: sets.len(),
            max: max_sets,
        });
    }
    if let Some(x) = sets.iter().flatten().find(|&&x| x >= n) {
        return Err(unsupported(format!(
            "a convex set names point {x}, not in S"
        )));
    }
    let definitions = format!(
        "Definition points : nat := {n}.\n\
         Definition sets : list (list nat) := {}.\n",
        coq_list(sets.iter().map(coq_list))
    );
    Ok(("Closure", definitions, ("points sets", "points sets")))
}

fn tree_edges_text(vertices: u32, edges: &[(u32, u32)], n: u32) -> Result<KindText, GeometryError> {
    // A tree with n edges has n + 1 vertices: more would be a false
    // geometry whose number makes the file's computation huge.
    if vertices > n + 1 {
        return Err(unsupported(format!(
            "{vertices} vertices for {n} edges: a tree has {}",
            n + 1
        )));
    }
    if let Some((a, b)) = edges.iter().find(|(a, b)| *a >= vertices || *b >= vertices) {
        return Err(unsupported(format!(
            "edge ({a}, {b}) leaves the vertices 0..{vertices}"
        )));
    }
    let definitions = format!(
        "Definition tree_n : nat := {vertices}.\n\
         Definition tree_edges : list (nat * nat) := {}.\n",
        coq_list(edges.iter().map(|(a, b)| format!("({a}, {b})")))
    );
    Ok((
        "TreeEdge",
        definitions,
        ("tree_n tree_edges", "tree_n tree_edges"),
    ))
}

fn affine_text(points: &[(i64, i64)]) -> KindText {
    let definitions = format!(
        "Definition points : list (Z * Z) := {}%Z.\n",
        coq_list(points.iter().map(|(x, y)| format!("({x}, {y})")))
    );
    ("Affine", definitions, ("points", "points"))
}

/// The text of the Coq file (only numbers from the certificate are written).
fn coq_file(
    kind: &str,
    definitions: &str,
    (nim_args, family_args): (&str, &str),
    claim: &AvoidanceClaim,
) -> String {
    let win = coq_list(&claim.win);
    let maximal = coq_list(claim.maximal.iter().map(coq_list));
    let nim = claim.nim;
    let what = match kind {
        "Closure" => "the listed sets form a convex geometry on S (paper B, §2 axioms)",
        "TreeEdge" => "the edges form a tree; S = its edges, convex = edge sets of subtrees",
        _ => "the points of Z^2 are distinct; tau(A) = conv(A) cap S",
    };
    format!(
        "(* Generated by nimcert from an Avoidance certificate ({kind} geometry).\n   \
         Proved: {what},\n   \
         nim(DNG(S, W)) = {nim} with W = {win}, and the certificate's maximal\n   \
         non-generating sets are exactly those of the game, by the verified\n   \
         evaluator of Nimcert.Avoidance. Not checked here: the certificate's\n   \
         structure diagram. *)\n\
         From Coq Require Import List ZArith.\n\
         Import ListNotations.\n\
         From Nimcert Require Import {kind}.\n\
         \n\
         {definitions}\
         Definition win : list nat := {win}.\n\
         Definition maximal : list (list nat) := {maximal}.\n\
         \n\
         Theorem nim_dng : NimDNG {nim_args} win {nim}.\n\
         Proof.\n  \
         apply nim_dng_by_computation.\n  \
         - vm_cast_no_check (@eq_refl bool true).\n  \
         - vm_cast_no_check (@eq_refl nat {nim}).\n\
         Qed.\n\
         \n\
         Theorem maximal_family : MaximalFamily {family_args} win maximal.\n\
         Proof.\n  \
         apply maximal_family_by_computation; vm_cast_no_check (@eq_refl bool true).\n\
         Qed.\n\
         \n\
         Print Assumptions nim_dng.\n\
         Print Assumptions maximal_family.\n"
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

    fn export(name: &str) -> Result<String, GeometryError> {
        geometry_to_coq(&corpus(name), Bounds::default())
    }

    #[test]
    fn each_kind_names_its_module_and_geometry() {
        let closure = export("avoidance/closure-section2.ron").unwrap();
        assert!(closure.contains("From Nimcert Require Import Closure."));
        assert!(closure.contains("[[1; 2]; [0; 1; 2]; [1; 2; 3]; [0; 1; 2; 3]]"));
        assert!(closure.contains("Theorem nim_dng : NimDNG points sets win 1."));
        let edges = export("avoidance/tree-edges.ron").unwrap();
        assert!(edges.contains("Theorem nim_dng : NimDNG tree_n tree_edges win 0."));
        assert!(edges.contains("MaximalFamily tree_n tree_edges win maximal."));
        let affine = export("avoidance/example15-affine.ron").unwrap();
        assert!(affine.contains("[(0, 0); (4, 0); (0, 4); (1, 1)]%Z"));
        assert!(affine
            .contains("Definition maximal : list (list nat) := [[0; 1; 3]; [0; 2; 3]; [1; 2]]."));
    }

    #[test]
    fn tree_vertices_and_other_claims_are_not_this_modules() {
        assert!(!is_geometry_certificate(&corpus(
            "avoidance/tree-vertices.ron"
        )));
        assert!(is_geometry_certificate(&corpus(
            "avoidance/affine-line.ron"
        )));
        assert!(export("avoidance/tree-vertices.ron").is_err());
        assert!(export("examples/1-3-5.sequence.ron").is_err());
    }

    #[test]
    fn bounds_and_huge_numbers_are_refused() {
        let c = corpus("avoidance/affine-plane.ron");
        let small = Bounds {
            points: 6,
            ..Bounds::default()
        };
        assert_eq!(
            geometry_to_coq(&c, small),
            Err(GeometryError::TooManyPoints { points: 7, max: 6 })
        );
        let c = corpus("avoidance/closure-section2.ron");
        let few = Bounds {
            convex_sets: 3,
            ..Bounds::default()
        };
        assert_eq!(
            geometry_to_coq(&c, few),
            Err(GeometryError::TooManySets { sets: 4, max: 3 })
        );
        let mut c = corpus("avoidance/tree-edges.ron");
        if let Claim::Avoidance(claim) = &mut c.claim {
            claim.nim = 4_000_000_000;
        }
        let why = geometry_to_coq(&c, Bounds::default())
            .unwrap_err()
            .to_string();
        assert!(why.contains("exceeds |S|"), "{why}");
        if let Claim::Avoidance(claim) = &mut c.claim {
            claim.nim = 0;
            claim.geometry = AvoidanceGeometry::TreeEdges {
                vertices: 4_000_000_000,
                edges: vec![(0, 1)],
            };
            claim.win = vec![0];
            claim.maximal = vec![];
        }
        let why = geometry_to_coq(&c, Bounds::default())
            .unwrap_err()
            .to_string();
        assert!(why.contains("a tree has 2"), "{why}");
    }
}
