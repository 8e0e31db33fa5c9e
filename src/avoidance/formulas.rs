//! The closed forms of paper B, as printed, and the ones derived here where
//! our copy is cut off.
//!
//! Every function returns the predicted nim number, or `None` where the
//! statement does not apply (or where our copy of its case is lost).

use super::geometry::{extreme_mask, extreme_points, Game};
use super::points::PointSet;
use super::tree::{EdgeGeometry, VertexGeometry};

/// A signature (e, o): how many sets of a family have even, odd size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Signature {
    /// Number of even-size sets.
    pub even: usize,
    /// Number of odd-size sets.
    pub odd: usize,
}

impl Signature {
    /// The signature of a family of sets.
    pub fn of<'a>(family: impl IntoIterator<Item = &'a PointSet>) -> Self {
        let (mut even, mut odd) = (0, 0);
        for set in family {
            if set.parity() == 0 {
                even += 1;
            } else {
                odd += 1;
            }
        }
        Signature { even, odd }
    }
}

impl std::fmt::Display for Signature {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "(e, o) = ({}, {})", self.even, self.odd)
    }
}

/// §4, the extreme-point theorem as printed: if W ⊆ Ex(S), then
/// nim(DNG(S, W)) = 1 when pty(S) = 0 and 0 when pty(S) = 1.
pub fn extreme_point_theorem(game: &Game) -> Option<u32> {
    let n = game.size();
    let ex = extreme_points(game.geometry(), &PointSet::full(n));
    game.win()
        .is_subset(&ex)
        .then_some(if n.is_multiple_of(2) { 1 } else { 0 })
}

/// §5, |W| = 1 in a tree's vertex geometry, as printed:
/// 0 if e = o = 0; 0 if e ≥ 1, o = 0; 1 if e = 0, o ≥ 1; 3 if e ≥ 1, o ≥ 1,
/// with (e, o) the signature of the components of T − w.
pub fn printed_single_vertex(signature: Signature) -> u32 {
    match (signature.even, signature.odd) {
        (_, 0) => 0,
        (0, _) => 1,
        _ => 3,
    }
}

/// The |W| = 1 rule derived here (for vertex and edge geometries of trees):
/// as printed except 2, not 3, when e ≥ 1 and o ≥ 1; (e, o) is the signature
/// of 𝓜 (the components of T − w, or the non-empty sides of the edge w).
/// Proof: 𝓜 is a family of disjoint sets; each M ∈ 𝓜 is terminal, of type
/// (0, 0, 1) or (1, 1, 0); when |𝓜| ≥ 2, Φ = ∅ and nim_0(X_∅) =
/// mex{nim_1(X_M)} = mex({1 : M even} ∪ {0 : M odd}); when |𝓜| = 1 the
/// game is X_M alone, of value pty(M).
pub fn derived_single(signature: Signature) -> u32 {
    match (signature.even, signature.odd) {
        (_, 0) => 0,
        (0, _) => 1,
        _ => 2,
    }
}

/// W = {w} in a vertex geometry: the signature of the components of T − w.
pub fn single_vertex_signature(geometry: &VertexGeometry, w: usize) -> Signature {
    Signature::of(geometry.components_without(w))
}

/// W = {e} in an edge geometry: the signature of the non-empty sides of e.
pub fn single_edge_signature(geometry: &EdgeGeometry, e: usize) -> Signature {
    Signature::of(geometry.sides(e).iter().filter(|s| !s.is_empty()))
}

/// §5, |W| ≥ 2: the signature of {V_w : w ∈ Ex(W)}, V_w = S \ M_w, where
/// M_w is the maximal non-generating set missing w (the component of T − w,
/// or side of w, holding W \ {w}). Returns `None` if the family 𝓜 is not
/// {M_w : w ∈ Ex(W)} as §5 asserts.
pub fn deficiency_signature(game: &Game, maximal: &[PointSet]) -> Option<Signature> {
    if game.size() <= 64 {
        return deficiency_signature_of_masks(game, maximal.iter().map(PointSet::mask));
    }
    let ex = extreme_points(game.geometry(), game.win());
    let full = PointSet::full(game.size());
    let mut complements = Vec::new();
    for w in ex.iter() {
        let mut missing = maximal.iter().filter(|m| !m.contains(w));
        let m = missing.next()?;
        if missing.next().is_some() {
            return None;
        }
        complements.push(full.difference(m));
    }
    (complements.len() == maximal.len()).then(|| Signature::of(&complements))
}

/// [`deficiency_signature`] on the masks of 𝓜 (|S| ≤ 64 points):
/// |V_w| = n − |M_w|, so nothing is allocated.
pub fn deficiency_signature_of_masks(
    game: &Game,
    maximal: impl Iterator<Item = u64> + Clone,
) -> Option<Signature> {
    let n = game.size();
    let ex = extreme_mask(game.geometry(), game.win().mask());
    let mut signature = Signature { even: 0, odd: 0 };
    let mut rest = ex;
    while rest != 0 {
        let w = rest.trailing_zeros();
        rest &= rest - 1;
        let mut missing = maximal.clone().filter(|&m| m >> w & 1 == 0);
        let m = missing.next()?;
        if missing.next().is_some() {
            return None;
        }
        if (n - m.count_ones() as usize).is_multiple_of(2) {
            signature.even += 1;
        } else {
            signature.odd += 1;
        }
    }
    (signature.even + signature.odd == maximal.count()).then_some(signature)
}

/// §5, |W| ≥ 2, as far as our copy has it: 1 if o > e (the next case, "0,
/// o…", is cut off).
pub fn printed_multiple(signature: Signature) -> Option<u32> {
    (signature.odd > signature.even).then_some(1)
}

/// The |W| ≥ 2 rule derived here, for vertex and edge geometries of trees,
/// with (e, o) the signature of {V_w : w ∈ Ex(W)} and s = pty(S):
/// nim = 1 − s if o > e, s if o < e, and 2 + ((e + s) mod 2) if o = e.
/// For s = 0 the first two cases are the printed "1 if o > e, 0 if o < e".
pub fn derived_multiple(signature: Signature, ground_parity: u8) -> u32 {
    let s = ground_parity as u32;
    let (e, o) = (signature.even, signature.odd);
    match o.cmp(&e) {
        std::cmp::Ordering::Greater => 1 - s,
        std::cmp::Ordering::Less => s,
        std::cmp::Ordering::Equal => 2 + ((e as u32 + s) % 2),
    }
}

/// The signature recursion behind [`derived_multiple`], from the structure
/// of §5: the classes are M_A for non-empty A ⊆ Ex(W), of parity
/// s + (odd members of A) mod 2, with options M_{A \ {a}} for |A| ≥ 2.
/// A class depends only on the (even, odd) counts of A, so the diagram
/// folds to a table over those counts. Returns nim_0 of the start class
/// M_{Ex(W)} (nim_0(X_Φ)).
pub fn signature_recursion(signature: Signature, ground_parity: u8) -> u32 {
    let (e, o) = (signature.even, signature.odd);
    // types[i][j] = (nim_0, nim_1) of a class with i even and j odd removed.
    let mut types = vec![vec![(0u32, 0u32); o + 1]; e + 1];
    for total in 1..=e + o {
        for i in 0..=e.min(total) {
            let j = total - i;
            if j > o {
                continue;
            }
            let a = ((ground_parity as usize + j) % 2) as u8;
            let mut options = Vec::new();
            if total >= 2 {
                if i >= 1 {
                    options.push(types[i - 1][j]);
                }
                if j >= 1 {
                    options.push(types[i][j - 1]);
                }
            }
            let pick = |t: (u32, u32), p: u8| if p == 0 { t.0 } else { t.1 };
            let own = super::mex(options.iter().map(|&t| pick(t, 1 - a)));
            let other = super::mex(options.iter().map(|&t| pick(t, a)).chain([own]));
            types[i][j] = if a == 0 { (own, other) } else { (other, own) };
        }
    }
    types[e][o].0
}

/// The statement that covers a game, and what it predicts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Covering {
    /// The claim id in the audit registry.
    pub id: &'static str,
    /// Whether the statement is printed in the paper or derived here.
    pub derived: bool,
    /// The statement in words, with its parameters.
    pub statement: String,
    /// The predicted nim number.
    pub predicted: u32,
}

/// The first statement that covers the game, in this order: the
/// extreme-point theorem (W ⊆ Ex(S)); for a tree's vertex geometry the
/// printed |W| = 1 formula, or the printed |W| ≥ 2 case o > e, else the
/// rule derived here; for a tree's edge geometry the rules derived here
/// (the paper's edge results are not in our copy).
pub fn covering(game: &Game, maximal: &[PointSet]) -> Option<Covering> {
    if let Some(predicted) = extreme_point_theorem(game) {
        return Some(Covering {
            id: "B.Thm.WsubsetEx",
            derived: false,
            statement: format!("W ⊆ Ex(S), pty(S) = {}", game.size() % 2),
            predicted,
        });
    }
    let kind = game.geometry().kind();
    if kind != "tree" && kind != "tree-edges" {
        return None;
    }
    let s = (game.size() % 2) as u8;
    let derived_id = if kind == "tree" {
        "B.Conj.vertex.derived"
    } else {
        "B.Conj.edges.derived"
    };
    if game.win().len() == 1 {
        let signature = Signature::of(maximal);
        return Some(if kind == "tree" {
            Covering {
                id: "B.Prop.W1",
                derived: false,
                statement: format!("|W| = 1, {signature}"),
                predicted: printed_single_vertex(signature),
            }
        } else {
            Covering {
                id: derived_id,
                derived: true,
                statement: format!("|W| = 1, {signature}"),
                predicted: derived_single(signature),
            }
        });
    }
    let signature = deficiency_signature(game, maximal)?;
    if kind == "tree" {
        if let Some(predicted) = printed_multiple(signature) {
            return Some(Covering {
                id: "B.Thm.W2",
                derived: false,
                statement: format!("|W| ≥ 2, {signature} of the V_w, o > e"),
                predicted,
            });
        }
    }
    Some(Covering {
        id: derived_id,
        derived: true,
        statement: format!("|W| ≥ 2, {signature} of the V_w, pty(S) = {s}"),
        predicted: derived_multiple(signature, s),
    })
}
