//! Small arithmetic: prime divisors and the minimality-witness rule shared by
//! both subtraction claims.

use crate::format::PeriodWitness;
use crate::{wrong, Failure};

/// The distinct prime divisors of n, increasing, by trial division
/// (n ≤ the period limit, so at most about 10^4 divisions).
pub(crate) fn prime_divisors(mut n: u64) -> Vec<u64> {
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

/// Rule (least period). `differs(x, d)` tells whether the sequence differs
/// at x and x + d. Accepts when the witness primes are exactly the prime
/// divisors of `period` and each witness x satisfies `differs(x, period/r)`.
///
/// Proof that `period` is then least: for an eventually periodic sequence
/// the least period d divides every period (from a common starting point,
/// gcd of two periods is a period). If d < period then d divides
/// period/r for some prime r | period, so period/r would be a period on the
/// whole range where the witnesses live (shown in each caller), and the
/// witness for r would contradict it.
pub(crate) fn check_minimality(
    period: u64,
    witnesses: &[PeriodWitness],
    what: &str,
    mut differs: impl FnMut(u64, u64) -> Result<bool, Failure>,
) -> Result<(), Failure> {
    let primes = prime_divisors(period);
    if witnesses.len() != primes.len() {
        return wrong(format!(
            "{what}: {} minimality witnesses given, but {period} has {} prime divisors {primes:?}",
            witnesses.len(),
            primes.len()
        ));
    }
    for (w, &r) in witnesses.iter().zip(&primes) {
        if w.prime != r {
            return wrong(format!(
                "{what}: minimality witnesses must list the primes {primes:?} in order; found {} where {r} was expected",
                w.prime
            ));
        }
        if !differs(w.position, period / r)? {
            return wrong(format!(
                "{what}: witness for prime {r} fails: the values at {} and {} + {} agree, so it does not show that {} is not a period",
                w.position,
                w.position,
                period / r,
                period / r
            ));
        }
    }
    Ok(())
}
