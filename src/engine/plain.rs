//! A plain solver, kept as a baseline for benchmarks: what
//! a competent programmer writes in an afternoon, and what the engine
//! ([`super::Solver`]) must never be slower than.
//!
//! - values are bytes, computed left to right by the mex rule with the
//!   options' values as a `u64` mask: G(x) is the lowest clear bit of
//!   OR { 1 << G(x − s) : s ∈ S, s ≤ x };
//! - the state W(x) = (G(x − c), …, G(x − 1)) is tracked by a polynomial
//!   rolling hash (mod 2^64, updated in O(1) per position), and Brent's
//!   cycle detection compares the hare's hash with the tortoise's, then
//!   confirms a hash match by comparing the two windows (memcmp);
//! - Brent's first confirmed match gives the least period p of the window
//!   sequence, which is the least period of G; q is then found by scanning
//!   down from the tortoise while G(y − 1) = G(y − 1 + p).
//!
//! O(|S|) per position plus O(1) for the hash, O(q + p + c) bytes.

use super::outcome::least_period_of_word;
use super::{NoPeriodFound, QP};

/// The multiplier of the rolling hash (odd, from the golden ratio).
const BASE: u64 = 0x9E37_79B9_7F4A_7C15;

/// The most moves: values are below 64, so a `u64` mask holds the options.
pub const MAX_PLAIN_MOVES: usize = 63;

/// A plain solver; keeps its value buffer between games.
#[derive(Default)]
pub struct PlainSolver {
    values: Vec<u8>,
}

impl PlainSolver {
    /// A solver with an empty buffer.
    pub fn new() -> Self {
        Self::default()
    }

    /// The least (q, p) of G_S for strictly increasing positive `moves`,
    /// computing at most `max_positions` positions.
    ///
    /// # Panics
    /// With no moves or more than [`MAX_PLAIN_MOVES`].
    pub fn solve(&mut self, moves: &[u64], max_positions: u64) -> Result<QP, NoPeriodFound> {
        assert!(
            !moves.is_empty() && moves.len() <= MAX_PLAIN_MOVES,
            "the plain solver takes 1 to {MAX_PLAIN_MOVES} moves"
        );
        let moves: Vec<usize> = moves.iter().map(|&m| m as usize).collect();
        let c = moves[moves.len() - 1];
        let limit = max_positions.min(usize::MAX as u64) as usize;
        let no_period = NoPeriodFound {
            limit: max_positions,
        };
        let v = &mut self.values;
        v.clear();
        if c >= limit {
            return Err(no_period);
        }
        for x in 0..c {
            let options = moves.iter().take_while(|&&s| s <= x);
            v.push(mex(v, options, x));
        }
        // B^c, to drop the oldest letter from the hash.
        let top = (0..c).fold(1u64, |p, _| p.wrapping_mul(BASE));
        let mut hash = v.iter().fold(0u64, |h, &g| step(h, g));
        let (mut tortoise, mut tortoise_hash) = (c, hash);
        let mut power = 1;
        let mut x = c;
        while x < limit {
            // G(x), then the window moves on to W(x + 1).
            let g = mex(v, &moves, x);
            v.push(g);
            hash = step(hash, g).wrapping_sub(top.wrapping_mul(u64::from(v[x - c])));
            x += 1;
            if hash == tortoise_hash && v[tortoise - c..tortoise] == v[x - c..x] {
                return Ok(finish(v, tortoise, x - tortoise, c));
            }
            if x - tortoise == power {
                (tortoise, tortoise_hash) = (x, hash);
                power *= 2;
            }
        }
        Err(no_period)
    }
}

/// The hash of a window extended by the letter g.
#[inline(always)]
fn step(hash: u64, g: u8) -> u64 {
    hash.wrapping_mul(BASE).wrapping_add(u64::from(g))
}

/// mex of the values at x − s for the moves s given (all at most x).
#[inline(always)]
fn mex<'a>(v: &[u8], moves: impl IntoIterator<Item = &'a usize>, x: usize) -> u8 {
    let mask = moves.into_iter().fold(0u64, |m, &s| m | 1 << v[x - s]);
    // At most 63 options, so the mex is at most 63.
    (!mask).trailing_zeros() as u8
}

/// (q, p) from W(t) = W(t + p) with p Brent's first match: G is
/// p-periodic from t − c; the least period divides p (Brent's lag is
/// already least, checked cheaply), and q is found by scanning down.
fn finish(v: &[u8], t: usize, p: usize, c: usize) -> QP {
    let y = t - c;
    let p = least_period_of_word(&v[y..y + p]);
    let mut q = y;
    while q > 0 && v[q - 1] == v[q - 1 + p] {
        q -= 1;
    }
    QP {
        preperiod: q as u64,
        period: p as u64,
    }
}
