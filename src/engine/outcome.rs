//! The outcome (P/N) sequence: [G(x) = 0] as a 0/1 sequence.

use super::{Value, QP};
use nimcert_check::format::PeriodWitness;

/// Least period and least pre-period of the outcome sequence of a
/// nim-sequence with least pre-period q and least period p, given its
/// values on [0, q + p).
///
/// The outcome sequence is p-periodic from q, so its least period d divides
/// p (the least eventual period divides every eventual period): it is the
/// least period of the cyclic word on [q, q + p) ([`least_cyclic_period`]).
pub fn outcome_qp(values: &[Value], qp: QP) -> QP {
    let (q, p) = (qp.preperiod as usize, qp.period as usize);
    let zero = |x: usize| values[if x < q + p { x } else { q + (x - q) % p }] == 0;
    let d = least_cyclic_period(p, |i, j| zero(q + i) == zero(q + j));
    let mut q0 = q;
    while q0 > 0 && zero(q0 - 1) == zero(q0 - 1 + d) {
        q0 -= 1;
    }
    QP {
        preperiod: q0 as u64,
        period: d as u64,
    }
}

/// The least period d of a cyclic word of length p (d divides p), where
/// `same(i, j)` tells whether letters i and j (both < p) are equal.
pub fn least_cyclic_period(p: usize, same: impl Fn(usize, usize) -> bool) -> usize {
    least_dividing_period(p, |e| (0..p - e).all(|i| same(i, i + e)))
}

/// [`least_cyclic_period`] of a word in memory (the comparisons are slice
/// comparisons).
pub fn least_period_of_word<T: PartialEq>(word: &[T]) -> usize {
    let p = word.len();
    least_dividing_period(p, |e| word[..p - e] == word[e..])
}

/// The least period d of a cyclic word of length p, given `periodic(e)`:
/// whether letter i equals letter i + e for every i < p − e (for e | p this
/// says the word is e-periodic).
///
/// The periods of a cyclic word that divide p are closed under taking
/// multiples that still divide p (and under gcd), so removing prime factors
/// of p greedily while the word stays periodic reaches the least one.
fn least_dividing_period(p: usize, periodic: impl Fn(usize) -> bool) -> usize {
    let mut d = p;
    for r in PrimeFactors::of(p as u64) {
        let r = r as usize;
        while d.is_multiple_of(r) && periodic(d / r) {
            d /= r;
        }
    }
    d
}

/// r | n, in 32-bit arithmetic when n fits (a faster division).
#[inline(always)]
fn divides(r: u64, n: u64) -> bool {
    match (u32::try_from(r), u32::try_from(n)) {
        (Ok(r), Ok(n)) => n % r == 0,
        _ => n.is_multiple_of(r),
    }
}

/// The distinct prime factors of n, increasing (none for n ≤ 1).
pub fn prime_factors(n: u64) -> Vec<u64> {
    PrimeFactors::of(n).collect()
}

/// The period witnesses of a sequence `at` with least pre-period q and
/// least period p: per prime r | p, the first x in [q, q + p) with
/// at(x) ≠ at(x + p/r).
///
/// # Panics
/// If p is not the least period or q not the least pre-period of `at`.
pub fn witnesses_of(at: impl Fn(u64) -> u32, q: u64, p: u64) -> Vec<PeriodWitness> {
    if q > 0 {
        assert_ne!(
            at(q - 1),
            at(q - 1 + p),
            "q = {q} is not the least pre-period"
        );
    }
    prime_factors(p)
        .into_iter()
        .map(|r| {
            let shift = p / r;
            let position = (q..q + p)
                .find(|&x| at(x) != at(x + shift))
                .unwrap_or_else(|| panic!("p/{r} is a period: {p} is not the least period"));
            PeriodWitness { prime: r, position }
        })
        .collect()
}

/// The distinct prime factors of a number, increasing, by trial division
/// (no allocation).
pub struct PrimeFactors {
    rest: u64,
    next: u64,
}

impl PrimeFactors {
    /// The prime factors of n.
    pub fn of(n: u64) -> Self {
        PrimeFactors { rest: n, next: 2 }
    }
}

impl Iterator for PrimeFactors {
    type Item = u64;

    fn next(&mut self) -> Option<u64> {
        while self.next.saturating_mul(self.next) <= self.rest {
            let r = self.next;
            // 2, then the odd numbers only.
            self.next += if r == 2 { 1 } else { 2 };
            if divides(r, self.rest) {
                while divides(r, self.rest) {
                    self.rest /= r;
                }
                return Some(r);
            }
        }
        (self.rest > 1).then(|| std::mem::replace(&mut self.rest, 1))
    }
}
