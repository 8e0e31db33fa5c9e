//! The tools of §2: dilation (Lemma 5), Ferguson's pairing (Lemma 10),
//! Lemma 11, avoidance (Lemma 12), the floor identity (Lemma 13) and the
//! set I (Lemma 14).

use super::Base;
use crate::engine::{Value, QP};
use crate::moves::gcd;

/// Lemma 5 (dilation), the reduction: S = g·S' with g = gcd(S). Returns
/// (g, S'), S' in the given order.
pub fn reduce(moves: &[u64]) -> (u64, Vec<u64>) {
    let g = moves.iter().fold(0, |g, &s| gcd(g, s)).max(1);
    (g, moves.iter().map(|&s| s / g).collect())
}

/// Lemma 5: q(gS') = g·q(S') and p(gS') = g·p(S').
pub fn dilate_qp(g: u64, qp: QP) -> QP {
    QP {
        preperiod: g * qp.preperiod,
        period: g * qp.period,
    }
}

/// Lemma 5: G_{gS'}(x) = G_{S'}(⌊x/g⌋), on a word: each value repeated g
/// times.
pub fn dilate_word(g: u64, word: &[Value]) -> Vec<Value> {
    word.iter()
        .flat_map(|&v| std::iter::repeat_n(v, g as usize))
        .collect()
}

/// Lemma 5 on zero sets: W0(gS') = { g·y + r : y ∈ W0(S'), 0 ≤ r < g }.
pub fn dilate_positions(g: u64, positions: &[u64]) -> Vec<u64> {
    positions
        .iter()
        .flat_map(|&y| (0..g).map(move |r| g * y + r))
        .collect()
}

/// Lemma 10 (Ferguson's pairing, least move a): G(x) = 0 ⟺ G(x + a) = 1.
/// Returns the first x in [0, len − a) where `value` breaks it.
pub fn ferguson_violation(value: impl Fn(u64) -> Value, a: u64, len: u64) -> Option<u64> {
    (0..len.saturating_sub(a)).find(|&x| (value(x) == 0) != (value(x + a) == 1))
}

/// Lemma 11: if G_B(y) = 2 then y ≥ 2a and y − 2a ∈ W0(B). `value` is G_B.
pub fn lemma11_holds(base: &Base, value: impl Fn(u64) -> Value, y: u64) -> bool {
    value(y) != 2 || (y >= 2 * base.a && value(y - 2 * base.a) == 0)
}

/// The difference set Y − X = { y − x } on the circle Z/mZ (§2).
pub fn difference_set(y: &[u64], x: &[u64], m: u64) -> Vec<bool> {
    let mut out = vec![false; m as usize];
    for &yy in y {
        for &xx in x {
            out[((yy % m + m - xx % m) % m) as usize] = true;
        }
    }
    out
}

/// (ρ + X) ∩ Y = ∅ on Z/mZ, tested directly (left side of Lemma 12).
pub fn translate_avoids(rho: u64, x: &[u64], y: &[u64], m: u64) -> bool {
    let mut in_y = vec![false; m as usize];
    y.iter().for_each(|&yy| in_y[(yy % m) as usize] = true);
    x.iter().all(|&xx| !in_y[((xx + rho) % m) as usize])
}

/// Lemma 13, both sides: ⌊x/m⌋ − ⌊(x − d)/m⌋ and ⌊d/m⌋ + χ with
/// χ = 1 if x mod m < d mod m, else 0
/// (floor division on the integers).
pub fn floor_identity(x: i64, d: i64, m: i64) -> (i64, i64) {
    let lhs = x.div_euclid(m) - (x - d).div_euclid(m);
    let chi = i64::from(x.rem_euclid(m) < d.rem_euclid(m));
    (lhs, d.div_euclid(m) + chi)
}

/// I from its definition (Lemma 14): the complement of Z − Z in Z/mZ.
pub fn i_def(base: &Base) -> Vec<u64> {
    let z = base.z();
    let diff = difference_set(&z, &z, base.m());
    (0..base.m()).filter(|&r| !diff[r as usize]).collect()
}

/// Lemma 14 as printed: I = [a, b] if b ≤ 2a; { ja : 1 ≤ j ≤ k, j odd } if
/// b = ka with k odd; {a, b} otherwise.
pub fn i_printed(base: &Base) -> Vec<u64> {
    let (a, b) = (base.a, base.b);
    if b <= 2 * a {
        (a..=b).collect()
    } else if base.is_odd_harmonic() {
        (1..=b / a).filter(|j| j % 2 == 1).map(|j| j * a).collect()
    } else {
        vec![a, b]
    }
}
