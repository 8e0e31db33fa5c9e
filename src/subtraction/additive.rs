//! The additive case c = a + b (§4: Theorem 36, Remark 38, Corollary 46).

use super::lemmas::reduce;
use crate::moves::gcd;

/// The additive game {a, b, a + b}, 2 ≤ a < b, gcd(a, b) = 1 (Theorem 36).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Additive {
    /// a.
    pub a: u64,
    /// b.
    pub b: u64,
}

impl Additive {
    /// {a, b, a + b}.
    pub fn new(a: u64, b: u64) -> Self {
        assert!(0 < a && a < b, "additive game needs 0 < a < b");
        Additive { a, b }
    }

    /// Theorem 36: N = a⌊b/2a⌋ + min(a, b mod 2a).
    pub fn n(&self) -> u64 {
        let (a, b) = (self.a, self.b);
        a * (b / (2 * a)) + a.min(b % (2 * a))
    }

    /// Theorem 36: Q = lcm(a, N).
    pub fn q(&self) -> u64 {
        let n = self.n();
        self.a / gcd(self.a, n) * n
    }

    /// Theorem 36: γ = 2N − b.
    pub fn gamma(&self) -> i64 {
        2 * self.n() as i64 - self.b as i64
    }

    /// Theorem 36: p = 2Q + bQ/N.
    pub fn period_thm36(&self) -> u64 {
        2 * self.q() + self.b * self.q() / self.n()
    }

    /// Table 1, additive row as printed: p = a(2N + b)/gcd(a, N).
    pub fn period_printed(&self) -> u64 {
        let n = self.n();
        self.a * (2 * n + self.b) / gcd(self.a, n)
    }

    /// u(n) = n + a⌊n/a⌋, the one-move P-sequence of {a} (Theorem 36).
    pub fn u(&self, n: u64) -> u64 {
        n + self.a * (n / self.a)
    }

    /// Table 1 additive row / Theorem 36: w_3(n) = n + a⌊n/a⌋ + b⌊n/N⌋.
    pub fn w3_printed(&self, n: u64) -> u64 {
        self.u(n) + self.b * (n / self.n())
    }

    /// Theorem 36: W_a = { u(n) + b⌊n/N⌋ : 0 ≤ n < Q }, the P-positions of
    /// one period [0, p).
    pub fn block(&self) -> Vec<u64> {
        (0..self.q()).map(|n| self.w3_printed(n)).collect()
    }

    /// Theorem 36 (proof): w(n + 1) − w(n) = 1 + a[a | n + 1] + b[N | n + 1].
    pub fn increment_printed(&self, n: u64) -> u64 {
        1 + self.a * u64::from((n + 1).is_multiple_of(self.a))
            + self.b * u64::from((n + 1).is_multiple_of(self.n()))
    }

    /// Remark 38: for η = 1 (2a < b < 3a) the generator
    /// α_n = n + a⌊n/a⌋ + b⌊n/δ⌋, δ = b − a.
    pub fn alpha_eta1(&self, n: u64) -> u64 {
        self.u(n) + self.b * (n / (self.b - self.a))
    }
}

/// Remark 38 (non-coprime additive games, via Lemma 5): for S = {a, b, a+b}
/// with g = gcd(a, b) and a/g ≥ 2: q(S) = 0 and p(S) = g·p_add(a/g, b/g).
/// `None` when a/g = 1 (outside Theorem 36's a ≥ 2).
pub fn remark38_period(a: u64, b: u64) -> Option<u64> {
    let (g, r) = reduce(&[a, b]);
    (r[0] >= 2).then(|| g * Additive::new(r[0], r[1]).period_printed())
}

/// Corollary 46 as printed (additive value classes): W1 = W0 + a,
/// W2 = W0 − b, W3 = (W0 − δ) \ W0, where X − y = { x − y : x ∈ X, x ≥ y }.
/// The value at x predicted by these classes from W0 membership
/// (`None` if x is in no class or in two).
pub fn cor46_value(add: &Additive, in_w0: impl Fn(u64) -> bool, x: u64) -> Option<u16> {
    let (a, b) = (add.a, add.b);
    let classes = [
        in_w0(x),
        x >= a && in_w0(x - a),
        in_w0(x + b),
        in_w0(x + b - a) && !in_w0(x),
    ];
    let hits: Vec<u16> = (0..4u16).filter(|&i| classes[i as usize]).collect();
    (hits.len() == 1).then(|| hits[0])
}
