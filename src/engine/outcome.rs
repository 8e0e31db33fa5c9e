//! The outcome (P/N) sequence: [G(x) = 0] as a 0/1 sequence.

use super::{Value, QP};

/// Least period and least pre-period of the outcome sequence of a
/// nim-sequence with least pre-period q and least period p, given its
/// values on [0, q + p).
///
/// The outcome sequence is p-periodic from q, so its least period d divides
/// p (the least eventual period divides every eventual period). The periods
/// of the cyclic word on [q, q + p) that divide p are closed under taking
/// multiples that still divide p, so removing prime factors of p greedily
/// while the word stays periodic reaches d.
pub fn outcome_qp(values: &[Value], qp: QP) -> QP {
    let (q, p) = (qp.preperiod as usize, qp.period as usize);
    let zero = |x: usize| values[if x < q + p { x } else { q + (x - q) % p }] == 0;
    let cyclic_period = |d: usize| (0..p).all(|i| zero(q + i) == zero(q + (i + d) % p));
    let mut d = p;
    for r in prime_factors(p as u64) {
        let r = r as usize;
        while d % r == 0 && cyclic_period(d / r) {
            d /= r;
        }
    }
    let mut q0 = q;
    while q0 > 0 && zero(q0 - 1) == zero(q0 - 1 + d) {
        q0 -= 1;
    }
    QP {
        preperiod: q0 as u64,
        period: d as u64,
    }
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
