//! Reconstruction of the higher nim-values (§5): the L-function of
//! Theorem 42, Corollaries 43–44, Lemma 47, Prop. 48, Corollary 49.

use super::angles::Admissible;
use crate::engine::outcome::least_cyclic_period;
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
    least_cyclic_period(word.len(), |i, j| word[i] == word[j]) as u64
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

/// The zero set W0, p-periodic from 0, given on one period [0, p), with
/// the classes of §5: W1 = W0 + a, V = N \ (W0 ∪ W1), and L on V.
pub struct Classes<'w> {
    /// [x ∈ W0] for x ∈ [0, p).
    pub w0: &'w [bool],
    /// The least move a.
    pub a: u64,
}

impl Classes<'_> {
    fn p(&self) -> u64 {
        self.w0.len() as u64
    }

    /// x ∈ W0 (p-periodic from 0).
    pub fn in_w0(&self, x: u64) -> bool {
        self.w0[(x % self.p()) as usize]
    }

    /// x ∈ V = N \ (W0 ∪ (W0 + a)).
    pub fn in_v(&self, x: u64) -> bool {
        let in_w1 = x >= self.a && self.in_w0(x - self.a);
        !self.in_w0(x) && !in_w1
    }

    /// L(v) (Theorem 42).
    pub fn l(&self, v: u64) -> u64 {
        l_function(|y| self.in_v(y), self.a, v)
    }

    /// The class of x − s modulo p, represented in [0, p).
    fn class_minus(&self, x: u64, s: u64) -> u64 {
        (x % self.p() + self.p() * (s / self.p() + 1) - s) % self.p()
    }
}

/// Lemma 40 under (H) for S = {a, b, c} with period p = |w0|: (0) no two
/// classes of W0 differ by a, b or c modulo p; (i) every y ∈ V ∩ [0, c) is a
/// value-2 position of B, has y mod (a + b) ∈ U, y ≥ b, y − 2a ∈ W0 and
/// L(y) = 0; (ii) in the sieve case (p ∈ {c + a, c + b}) every
/// y ∈ V ∩ [c, c + a) has L(y) ≤ 1, and L(y) = 0 puts the class of y − 2a
/// in W0; (iii) if p = c + b no y ∈ V ∩ [c + a, c + b) has y − b ∈ V.
/// Returns the first violated part, in words.
pub fn lemma40_violation(t: &super::Triple, cl: &Classes) -> Option<String> {
    let (a, b, c, p) = (t.a, t.b, t.c, cl.p());
    let base = t.base();
    let u: Vec<u64> = base.u_def();
    for h in (0..p).filter(|&h| cl.in_w0(h)) {
        if let Some(s) = [a, b, c].into_iter().find(|&s| cl.in_w0(h + s)) {
            return Some(format!("(0): classes {h} and {h} + {s} both in W0"));
        }
    }
    for y in (0..c.min(p)).filter(|&y| cl.in_v(y)) {
        let ok = base.value(y) == 2
            && u.contains(&(y % base.m()))
            && y >= b
            && y >= 2 * a
            && cl.in_w0(y - 2 * a)
            && cl.l(y) == 0;
        if !ok {
            return Some(format!("(i) fails at y = {y}"));
        }
    }
    let sieve = p == c + a || p == c + b;
    for y in (c..(c + a).min(p)).filter(|&y| sieve && cl.in_v(y)) {
        let l = cl.l(y);
        if l > 1 || (l == 0 && !cl.in_w0(cl.class_minus(y, 2 * a))) {
            return Some(format!("(ii) fails at y = {y} (L = {l})"));
        }
    }
    if p == c + b {
        if let Some(y) = (c + a..c + b).find(|&y| cl.in_v(y) && cl.in_v(y - b)) {
            return Some(format!("(iii) fails at y = {y}"));
        }
    }
    None
}

/// Lemma 41 under (H): for every run start v (L(v) = 0), neither the class
/// of v − b nor that of v − c modulo p is an L-even element of V. Returns
/// the first run start where it fails.
pub fn lemma41_violation(t: &super::Triple, cl: &Classes) -> Option<u64> {
    (0..cl.p())
        .filter(|&v| cl.in_v(v) && cl.l(v) == 0)
        .find(|&v| {
            [t.b, t.c].into_iter().any(|s| {
                let r = cl.class_minus(v, s);
                cl.in_v(r) && cl.l(r).is_multiple_of(2)
            })
        })
}
