//! The admissible angles Θ_{a+b}, Θ_{c+a}, Θ_{c+b} (§3), from their
//! definitions (Prop. 20 with Lemma 22, read modulo m = a + b as in
//! PAPERS.md) and from the paper's closed forms (Lemma 14, Prop. 26,
//! Theorem 27, Prop. 29, Theorem 30).

use super::lemmas::{difference_set, i_printed};
use super::Base;

/// Which candidate periods an angle is admissible for (Prop. 20).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Admissible {
    /// ρ ∈ Θ_{a+b} (the inert case).
    pub a_plus_b: bool,
    /// ρ ∈ Θ_{c+a}.
    pub c_plus_a: bool,
    /// ρ ∈ Θ_{c+b}.
    pub c_plus_b: bool,
}

impl Admissible {
    /// Admissible for at least one candidate.
    pub fn any(&self) -> bool {
        self.a_plus_b || self.c_plus_a || self.c_plus_b
    }

    /// The least admissible candidate among a + b < c + a < c + b
    /// (Theorem 34), given the candidates.
    pub fn least_candidate(&self, candidates: [u64; 3]) -> Option<u64> {
        [self.a_plus_b, self.c_plus_a, self.c_plus_b]
            .iter()
            .zip(candidates)
            .find(|(&ok, _)| ok)
            .map(|(_, p)| p)
    }
}

/// Prop. 20 (T0): ρ ∈ Θ_{a+b} ⟺ Z ∩ (Z + ρ) = ∅. O(m) time, no
/// allocation (every angle test reads Z through [`Base::in_z`]).
pub fn in_theta_ab(base: &Base, rho: u64) -> bool {
    (0..base.b).all(|z| !base.in_z(z) || !base.in_z(z + rho))
}

/// Prop. 20 (T1): ρ ∈ Θ_{c+a} ⟺ (Z ∩ [0, δ)) ∩ (Z + (δ − ρ)) = ∅.
pub fn in_theta_ca(base: &Base, rho: u64) -> bool {
    let (m, delta) = (base.m(), base.delta());
    let shift = (delta + m - rho % m) % m;
    (0..base.b).all(|z| {
        let y = (z + shift) % m;
        let low_zero = y < delta && base.in_z(y);
        !(base.in_z(z) && low_zero)
    })
}

/// Λ = [δ, b) \ Z (Lemma 22), membership of a residue.
fn in_lambda(base: &Base, w: u64) -> bool {
    let w = w % base.m();
    base.delta() <= w && w < base.b && !base.in_z(w)
}

/// Prop. 20 (T2) with Lemma 22: ρ ∈ Θ_{c+b} ⟺ (ρ + Λ) ∩ Z = ∅ and
/// (ρ + D) ∩ Λ = ∅, with D = [a, b) \ Z and Λ = [δ, b) \ Z.
pub fn in_theta_cb(base: &Base, rho: u64) -> bool {
    let lambda_ok = (base.delta()..base.b).all(|w| !in_lambda(base, w) || !base.in_z(w + rho));
    let d_ok = (base.a..base.b).all(|u| base.in_z(u) || !in_lambda(base, u + rho));
    lambda_ok && d_ok
}

/// Prop. 20's difference-set forms (Lemma 12 applied to (Z, Z, ρ),
/// (Z, A, δ − ρ), (Λ, Z, ρ), (D, Λ, ρ) with A = Z ∩ [0, δ)), as membership
/// tables on Z/mZ: ρ ∈ Θ_{a+b} ⟺ ρ ∉ Z − Z; ρ ∈ Θ_{c+a} ⟺
/// ρ ∉ δ − (A − Z); ρ ∈ Θ_{c+b} ⟺ ρ ∉ (Z − Λ) ∪ (Λ − D) (the last form's
/// display is lost in our copy; it is the one the proof names).
pub fn prop20_difference_forms(base: &Base) -> [Vec<bool>; 3] {
    let (m, delta) = (base.m(), base.delta());
    let z = base.z();
    let low: Vec<u64> = z.iter().copied().filter(|&r| r < delta).collect();
    let zz = difference_set(&z, &z, m);
    let az = difference_set(&low, &z, m);
    let (zl, ld) = (z_minus_lambda_def(base), lambda_minus_d_def(base));
    let ab = (0..m as usize).map(|r| !zz[r]).collect();
    let ca = (0..m)
        .map(|r| !az[((delta + m - r) % m) as usize])
        .collect();
    let cb = (0..m as usize).map(|r| !zl[r] && !ld[r]).collect();
    [ab, ca, cb]
}

/// All three tests of Prop. 20 at the angle ρ.
pub fn admissible(base: &Base, rho: u64) -> Admissible {
    Admissible {
        a_plus_b: in_theta_ab(base, rho),
        c_plus_a: in_theta_ca(base, rho),
        c_plus_b: in_theta_cb(base, rho),
    }
}

/// A set Θ from its definition: the angles in [0, m) passing `test`.
pub fn theta_def(base: &Base, test: fn(&Base, u64) -> bool) -> Vec<u64> {
    (0..base.m()).filter(|&r| test(base, r)).collect()
}

/// Lemma 14 with Prop. 20: Θ_{a+b} = I, I as printed.
pub fn theta_ab_printed(base: &Base) -> Vec<u64> {
    i_printed(base)
}

/// Prop. 26 as printed: for b ≤ 2a, Θ_{c+a} = {0} ∪ [b, a + b).
pub fn prop26_printed(base: &Base) -> Vec<u64> {
    std::iter::once(0).chain(base.b..base.m()).collect()
}

/// Theorem 27 as printed: Θ_{c+a} = {0} ∪ [b, a + b) if b ≤ 2a; I if b = ka
/// with k odd; {δ − a, b} otherwise (δ − a read modulo m).
pub fn theta_ca_printed(base: &Base) -> Vec<u64> {
    let m = base.m();
    let mut out = if base.b <= 2 * base.a {
        prop26_printed(base)
    } else if base.is_odd_harmonic() {
        i_printed(base)
    } else {
        vec![(base.delta() + m - base.a) % m, base.b]
    };
    out.sort_unstable();
    out.dedup();
    out
}

/// Lemma 24 as printed: the angles (δ − a) mod (a + b) and b lie in Θ_{c+a}.
pub fn lemma24_angles(base: &Base) -> [u64; 2] {
    let m = base.m();
    [(base.delta() + m - base.a) % m, base.b]
}

/// Z − Λ from the definitions, as a membership table on Z/mZ (Prop. 29).
pub fn z_minus_lambda_def(base: &Base) -> Vec<bool> {
    difference_set(&base.z(), &base.lambda_def(), base.m())
}

/// Λ − D from the definitions, as a membership table on Z/mZ (Prop. 29;
/// its closed form is lost in our copy).
pub fn lambda_minus_d_def(base: &Base) -> Vec<bool> {
    difference_set(&base.lambda_def(), &base.d_gaps(), base.m())
}

/// Λ − D in closed form (derived here; Prop. 29's formula for it is lost
/// in our copy). Λ is one interval [λ0, λ1) (Lemma 22) and D = [a, b) \ Z
/// is the union of the odd a-blocks [(2i + 1)a, min((2i + 2)a, b)),
/// 0 ≤ i ≤ ⌊η/2⌋. The integer differences of two intervals [λ0, λ1) and
/// [d0, d1) fill exactly [λ0 − d1 + 1, λ1 − 1 − d0] (proof of Lemma 12), so
/// Λ − D = ⋃_i [λ0 − min((2i + 2)a, b) + 1, λ1 − 1 − (2i + 1)a] on Z/mZ,
/// empty when Λ = ∅ (η even, ε = 0).
pub fn lambda_minus_d_derived(base: &Base) -> Vec<bool> {
    let lambda = base.lambda_printed();
    let (a, b, m) = (base.a as i64, base.b as i64, base.m() as i64);
    if lambda.is_empty() {
        return vec![false; m as usize];
    }
    let (l0, l1) = (lambda.start as i64, lambda.end as i64);
    let arcs: Vec<(i64, i64)> = (0..=base.eta() as i64 / 2)
        .map(|i| ((2 * i + 1) * a, ((2 * i + 2) * a).min(b)))
        .filter(|(d0, d1)| d0 < d1)
        .map(|(d0, d1)| (l0 - d1 + 1, l1 - 1 - d0))
        .collect();
    circle_of_arcs(&arcs, m)
}

/// Θ_{c+b} as the complement of (Z − Λ) ∪ (Λ − D) (Prop. 20 with Lemma 12,
/// "take the complement of their union", §3), from the printed Z − Λ and
/// the derived Λ − D.
pub fn theta_cb_from_forbidden(base: &Base) -> Vec<u64> {
    let (zl, ld) = (z_minus_lambda_printed(base), lambda_minus_d_derived(base));
    (0..base.m())
        .filter(|&r| !zl[r as usize] && !ld[r as usize])
        .collect()
}

/// Prop. 29 as printed, Z − Λ on Z/mZ, with η = 2t or 2t + 1:
/// ⋃_{i=0}^{t} [(2i + 1)a + 1, (2i + 2)a + ε − 1] for η even;
/// [1, a − 1] ∪ ⋃_{i=−t−1}^{−1} [2ia + 1, (2i + 2)a − ε − 1] for η odd.
pub fn z_minus_lambda_printed(base: &Base) -> Vec<bool> {
    let (a, eta, eps, m) = signed_shape(base);
    let t = eta / 2;
    let mut arcs: Vec<(i64, i64)> = Vec::new();
    if eta % 2 == 0 {
        arcs.extend((0..=t).map(|i| ((2 * i + 1) * a + 1, (2 * i + 2) * a + eps - 1)));
    } else {
        arcs.push((1, a - 1));
        arcs.extend((-t - 1..=-1).map(|i| (2 * i * a + 1, (2 * i + 2) * a - eps - 1)));
    }
    circle_of_arcs(&arcs, m)
}

/// (a, η, ε, m) as signed integers, for arc endpoints that may be negative
/// before reduction mod m.
fn signed_shape(base: &Base) -> (i64, i64, i64, i64) {
    (
        base.a as i64,
        base.eta() as i64,
        base.eps() as i64,
        base.m() as i64,
    )
}

/// The union of closed integer arcs [lo, hi] (empty when hi < lo) on Z/mZ.
fn circle_of_arcs(arcs: &[(i64, i64)], m: i64) -> Vec<bool> {
    let mut out = vec![false; m as usize];
    for &(lo, hi) in arcs {
        for x in lo..=hi {
            out[x.rem_euclid(m) as usize] = true;
        }
    }
    out
}

/// Theorem 30's set C_{a,b} as printed, with η = 2t or 2t + 1:
/// [ε, a) ∪ ⋃_{i=1}^{t} [2ia + ε, (2i + 1)a] for η = 2t;
/// [a + 1, a + ε] ∪ ⋃_{j=2}^{t+1} [(2j − 1)a, (2j − 1)a + ε]
///   ∪ [(η + 2)a, (η + 1)a + 2ε] for η = 2t + 1.
pub fn c_ab(base: &Base) -> Vec<u64> {
    let (a, eta, eps, m) = signed_shape(base);
    let t = eta / 2;
    let mut arcs: Vec<(i64, i64)> = Vec::new();
    if eta % 2 == 0 {
        arcs.push((eps, a - 1));
        arcs.extend((1..=t).map(|i| (2 * i * a + eps, (2 * i + 1) * a)));
    } else {
        arcs.push((a + 1, a + eps));
        arcs.extend((2..=t + 1).map(|j| ((2 * j - 1) * a, (2 * j - 1) * a + eps)));
        arcs.push(((eta + 2) * a, (eta + 1) * a + 2 * eps));
    }
    let table = circle_of_arcs(&arcs, m);
    (0..m as u64).filter(|&r| table[r as usize]).collect()
}

/// Theorem 30, in our reading (its left-hand side is lost in our copy):
/// Θ_{c+b} = {a} ∪ C_{a,b} unless b is an odd multiple of a, where every
/// angle is admissible (Remark 28, and §6 after Conjecture 52: "every
/// primitive angle is covered").
/// The "{a} ∪" is read off Example 1 (Θ_{c+b} = {3, 4, 5, 9, 10} for
/// B = {3, 8}, where C_{3,8} = {4, 5, 9, 10}).
pub fn theta_cb_printed(base: &Base) -> Vec<u64> {
    if base.is_odd_harmonic() {
        return (0..base.m()).collect();
    }
    let mut out = c_ab(base);
    out.push(base.a);
    out.sort_unstable();
    out.dedup();
    out
}

/// §6 after Conjecture 52, as printed: the angles of primitive triples
/// that no test admits. For b ≤ 2a they are 0 < ρ < δ; for b > 2a, a ∤ b
/// the complement of {a, b, b − 2a} ∪ C_{a,b}; for b = ka (k ≥ 3) only
/// angles with gcd(a, ρ) = 1 occur, none of them uncovered for odd k and
/// all of them for even k. Returns the printed uncovered angles among the
/// angles primitive triples can have (all of [0, m) unless a | b).
pub fn uncovered_printed(base: &Base) -> Vec<u64> {
    let (a, b, m) = (base.a, base.b, base.m());
    let possible = (0..m).filter(|&r| b % a != 0 || crate::moves::gcd(a, r) == 1);
    if b <= 2 * a {
        possible.filter(|&r| 0 < r && r < base.delta()).collect()
    } else if b % a == 0 {
        if base.is_odd_harmonic() {
            Vec::new()
        } else {
            possible.collect()
        }
    } else {
        let c = c_ab(base);
        possible
            .filter(|r| ![a, b, b - 2 * a].contains(r) && c.binary_search(r).is_err())
            .collect()
    }
}

/// The uncovered angles by the definitions (Prop. 20), among the angles
/// primitive triples can have.
pub fn uncovered_def(base: &Base) -> Vec<u64> {
    let (a, b) = (base.a, base.b);
    (0..base.m())
        .filter(|&r| b % a != 0 || crate::moves::gcd(a, r) == 1)
        .filter(|&r| !admissible(base, r).any())
        .collect()
}
