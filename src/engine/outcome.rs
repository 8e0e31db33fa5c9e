//! The outcome (P/N) sequence: [G(x) = 0] as a 0/1 sequence.

use super::{Value, QP};

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
///
/// The periods of a cyclic word that divide p are closed under taking
/// multiples that still divide p, so removing prime factors of p greedily
/// while the word stays periodic reaches the least one.
pub fn least_cyclic_period(p: usize, same: impl Fn(usize, usize) -> bool) -> usize {
    let periodic = |d: usize| (0..p).all(|i| same(i, (i + d) % p));
    let mut d = p;
    for r in prime_factors(p as u64) {
        let r = r as usize;
        while d % r == 0 && periodic(d / r) {
            d /= r;
        }
    }
    d
}

/// The distinct prime factors of n, increasing (none for n ≤ 1).
pub fn prime_factors(mut n: u64) -> Vec<u64> {
    let mut primes = Vec::new();
    let mut r = 2u64;
    while r.saturating_mul(r) <= n {
        if n % r == 0 {
            primes.push(r);
            while n % r == 0 {
                n /= r;
            }
        }
        r += 1;
    }
    if n > 1 {
        primes.push(n);
    }
    primes
}
