//! Reconstruction of the higher nim-values (§5): the L-function of
//! Theorem 42, Corollaries 43–44, Lemma 47, Prop. 48, Corollary 49.

use super::angles::Admissible;
use crate::engine::outcome::prime_factors;
use crate::engine::Value;

/// Theorem 42: the nim-sequence on [0, p) from W0 (p-periodic from 0,
/// given by membership on [0, p)) and the least move a.
/// W1 = W0 + a (Ferguson, Lemma 10); V = N \ (W0 ∪ W1);
/// L(v) = min{ t : v − at ∉ V } − 1; value 2 where L is even, 3 where odd.
pub fn l_values(in_w0: impl Fn(u64) -> bool, a: u64, p: u64) -> Vec<Value> {
    let mut values: Vec<Value> = Vec::with_capacity(p as usize);
    for x in 0..p {
        let below = (x >= a).then(|| values[(x - a) as usize]);
        let value = if in_w0(x) {
            0
        } else if below.is_some() && in_w0(x - a) {
            1
        } else {
            // x ∈ V. L(x) = L(x − a) + 1 when x − a ∈ V, else 0; so the
            // parity flips along the a-chain: 2 ↔ 3 (5 − value).
            match below {
                Some(v) if v >= 2 => 5 - v,
                _ => 2,
            }
        };
        values.push(value);
    }
    values
}

/// L(v) for v ∈ V, given V's membership (Theorem 42's definition, by
/// descending the a-chain).
pub fn l_function(in_v: impl Fn(u64) -> bool, a: u64, v: u64) -> u64 {
    let mut t = 1;
    while v >= a * t && in_v(v - a * t) {
        t += 1;
    }
    t - 1
}

/// The least period of a cyclic word (a divisor of its length): remove
/// prime factors of the length while the word stays periodic.
pub fn cyclic_least_period<T: PartialEq>(word: &[T]) -> u64 {
    let p = word.len();
    let periodic = |d: usize| (0..p).all(|i| word[i] == word[(i + d) % p]);
    let mut d = p;
    for r in prime_factors(p as u64) {
        let r = r as usize;
        while d % r == 0 && periodic(d / r) {
            d /= r;
        }
    }
    d as u64
}

/// Corollary 44 as printed: for a non-additive covered game with least
/// period p, value 3 occurs only at positions whose residue lies in
/// [c, p). Returns the first residue below c carrying value 3.
pub fn cor44_violation(values: &[Value], c: u64) -> Option<u64> {
    (0..values.len() as u64).find(|&x| x < c && values[x as usize] == 3)
}

/// Lemma 47: the least period of G_S equals that of W0(S). Both least
/// periods of one purely periodic period word.
pub fn lemma47_periods(values: &[Value]) -> (u64, u64) {
    let zeros: Vec<bool> = values.iter().map(|&v| v == 0).collect();
    (cyclic_least_period(values), cyclic_least_period(&zeros))
}

/// Corollary 49 as printed: if ρ ∉ Θ_{a+b} then ρ belongs to at most one
/// of Θ_{c+a}, Θ_{c+b}.
pub fn cor49_holds(adm: &Admissible) -> bool {
    adm.a_plus_b || !(adm.c_plus_a && adm.c_plus_b)
}
