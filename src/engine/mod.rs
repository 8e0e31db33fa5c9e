//! Nim-sequences of subtraction games with their exact least pre-period and
//! least period.
//!
//! For a finite set S of positive integers with largest move c, G_S(x) is the
//! mex of { G_S(x − s) : s ∈ S, s ≤ x }. For x ≥ c, G_S(x) is a fixed function
//! of the window (G_S(x − c), …, G_S(x − 1)), so the sequence of windows is
//! the orbit of a map on a finite set: it is eventually periodic, and the
//! first repeated window gives exactly the least pre-period and least period
//! of the whole sequence (PAPERS.md, "Period detection").
//!
//! [`Solver`] finds the cycle of windows with Brent's algorithm. Windows are
//! compared through a rolling hash, confirmed by a direct comparison only on
//! a hash match, so each position costs O(|S|) for the mex plus O(1) for the
//! period search; a game costs O((q + p + c)·|S|) time and O(q + p + c)
//! memory. The buffer is reused between games, so a sweep allocates nothing
//! per game once the buffer has grown.

pub mod baseline;
mod mex;
pub mod outcome;

use crate::moves::MoveSet;
use mex::{AnyMoves, FixedMoves, FullMex};
use std::fmt;

pub use mex::{naive_prefix, Value};

/// Default bound on the number of positions computed for one game.
pub const DEFAULT_MAX_POSITIONS: u64 = 1_000_000_000;

/// No period was found among the first `limit` positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoPeriodFound {
    /// The bound on positions that was reached.
    pub limit: u64,
}

impl fmt::Display for NoPeriodFound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no period found below {} positions (raise --max-positions)",
            self.limit
        )
    }
}

impl std::error::Error for NoPeriodFound {}

/// The least pre-period q and least period p of a nim-sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct QP {
    /// q, the least pre-period.
    pub preperiod: u64,
    /// p, the least period.
    pub period: u64,
}

/// A solved game: q, p and the values on [0, q + p).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Periodicity {
    /// The moves.
    pub moves: MoveSet,
    /// q and p.
    pub qp: QP,
    /// G_S(x) for x in [0, q + p).
    pub values: Vec<Value>,
}

impl Periodicity {
    /// G_S(x) for any x, by the periodic extension.
    pub fn value(&self, x: u64) -> Value {
        let QP {
            preperiod: q,
            period: p,
        } = self.qp;
        let i = if x < q + p { x } else { q + (x - q) % p };
        self.values[i as usize]
    }

    /// The P-positions (value 0) in [0, q + p).
    pub fn p_positions(&self) -> Vec<u64> {
        (0..self.values.len() as u64)
            .filter(|&x| self.values[x as usize] == 0)
            .collect()
    }

    /// The least period and pre-period of the outcome (P/N) sequence.
    pub fn outcome(&self) -> QP {
        outcome::outcome_qp(&self.values, self.qp)
    }
}

/// Computes nim-sequences; keeps its buffer between games.
#[derive(Default)]
pub struct Solver {
    values: Vec<Value>,
    scratch: Vec<u64>,
    moves: Vec<usize>,
    computed: u64,
}

/// Calls `$self.$method(&moves, $args...)` with the moves as a
/// [`FixedMoves`] when there are at most five (so the mex loop is unrolled),
/// else as [`AnyMoves`].
macro_rules! with_moves {
    ($self:ident . $method:ident ($moves:expr $(, $arg:expr)*)) => {
        match $moves {
            &[s1] => $self.$method(&FixedMoves([s1]) $(, $arg)*),
            &[s1, s2] => $self.$method(&FixedMoves([s1, s2]) $(, $arg)*),
            &[s1, s2, s3] => $self.$method(&FixedMoves([s1, s2, s3]) $(, $arg)*),
            &[s1, s2, s3, s4] => $self.$method(&FixedMoves([s1, s2, s3, s4]) $(, $arg)*),
            &[s1, s2, s3, s4, s5] => $self.$method(&FixedMoves([s1, s2, s3, s4, s5]) $(, $arg)*),
            other => $self.$method(&AnyMoves(other) $(, $arg)*),
        }
    };
}

/// Multiplier of the rolling hash (odd, so multiplication is invertible
/// mod 2^64).
const HASH_BASE: u64 = 0x9E37_79B9_7F4A_7C15;

impl Solver {
    /// A solver with an empty buffer.
    pub fn new() -> Self {
        Self::default()
    }

    /// The values computed by the last successful [`Solver::solve`], on
    /// [0, q + p) at least.
    pub fn values(&self) -> &[Value] {
        &self.values
    }

    /// How many positions the last [`Solver::solve`] computed (the cycle
    /// search runs past q + p + c by at most a constant factor).
    pub fn computed(&self) -> u64 {
        self.computed
    }

    /// Finds the least pre-period and least period of G_S, computing at most
    /// `max_positions` positions.
    pub fn solve(&mut self, moves: &MoveSet, max_positions: u64) -> Result<QP, NoPeriodFound> {
        self.solve_hinted(moves, None, max_positions)
    }

    /// Like [`Solver::solve`], but first tries `hint` (a period predicted
    /// from 0, e.g. by a paper's formula) and only falls back to the cycle
    /// search when the hint fails. The answer is the same exact (q, p) either
    /// way; a right hint saves the search's overshoot and hashing.
    ///
    /// The test of a hint P: compute G on [0, P + c) by the mex rule; if the
    /// window W(P + c) = (G(P), …, G(P + c − 1)) equals W(c) = (G(0), …,
    /// G(c − 1)), then G(x + P) = G(x) for every x ≥ 0 (each value past c is
    /// the same function of its window), so q = 0, and the least period is
    /// the least period d | P of the cyclic word G(0) … G(P − 1).
    pub fn solve_hinted(
        &mut self,
        moves: &MoveSet,
        hint: Option<u64>,
        max_positions: u64,
    ) -> Result<QP, NoPeriodFound> {
        // The moves as indices, in a buffer kept between games.
        let mut buffer = std::mem::take(&mut self.moves);
        buffer.clear();
        buffer.extend(moves.as_slice().iter().map(|&m| m as usize));
        let hinted = hint.and_then(|p| self.try_pure_period(&buffer, p, max_positions));
        let result = match hinted {
            Some(qp) => Ok(qp),
            None => self.solve_moves(&buffer, max_positions),
        };
        self.moves = buffer;
        result
    }

    /// The hint test of [`Solver::solve_hinted`].
    fn try_pure_period(&mut self, moves: &[usize], p: u64, max_positions: u64) -> Option<QP> {
        let c = *moves.last().expect("a move set is never empty");
        let p = usize::try_from(p).ok().filter(|&p| p >= 1)?;
        let end = p.checked_add(c)?;
        if end as u64 > max_positions {
            return None;
        }
        with_moves!(self.fill_prefix(moves, c));
        with_moves!(self.extend_to(moves, end));
        self.computed = end as u64;
        if self.values[p..end] != self.values[..c] {
            return None;
        }
        let values = &self.values;
        let d = outcome::least_cyclic_period(p, |i, j| values[i] == values[j]);
        self.values.truncate(d);
        Some(QP {
            preperiod: 0,
            period: d as u64,
        })
    }

    /// G on [0, end) for `end` ≤ c: positions below the largest move c,
    /// where only the moves s ≤ x are available.
    fn fill_prefix<M: FullMex>(&mut self, moves: &M, end: usize) {
        self.values.clear();
        for x in 0..end {
            let v = moves.mex_below(&self.values, x, &mut self.scratch);
            self.values.push(v);
        }
    }

    /// Extends G from its current length (at least c) to `end` positions.
    fn extend_to<M: FullMex>(&mut self, moves: &M, end: usize) {
        self.values.reserve(end.saturating_sub(self.values.len()));
        for x in self.values.len()..end {
            let v = moves.mex_at(&self.values, x, &mut self.scratch);
            self.values.push(v);
        }
    }

    fn solve_moves(&mut self, moves: &[usize], max_positions: u64) -> Result<QP, NoPeriodFound> {
        let c = *moves.last().expect("a move set is never empty");
        let limit = max_positions.min(usize::MAX as u64) as usize;
        with_moves!(self.fill_prefix(moves, c.min(limit)));
        if c >= limit {
            return Err(NoPeriodFound {
                limit: max_positions,
            });
        }
        let found = with_moves!(self.brent(moves, c, limit));
        self.computed = self.values.len() as u64;
        let (tortoise, period) = found.ok_or(NoPeriodFound {
            limit: max_positions,
        })?;
        // Windows at `tortoise` and `tortoise + period` agree, so
        // G(y) = G(y + period) for every y ≥ tortoise − c. Scan down for the
        // last disagreement.
        let mut q = tortoise - c;
        while q > 0 && self.values[q - 1] == self.values[q - 1 + period] {
            q -= 1;
        }
        self.values.truncate(q + period);
        Ok(QP {
            preperiod: q as u64,
            period: period as u64,
        })
    }

    /// Brent's cycle detection on the windows W(x) = (G(x − c), …, G(x − 1)),
    /// x ≥ c, plus a fixed anchor at the first window W(c). Returns (t, λ)
    /// with W(t) = W(t + λ) and λ the least period: Brent's tortoise only
    /// matches once it is on the cycle, at distance exactly λ; the anchor only
    /// matches when W(c) is on the cycle, first at distance λ.
    fn brent<M: FullMex>(&mut self, moves: &M, c: usize, limit: usize) -> Option<(usize, usize)> {
        let base_c = (0..c).fold(1u64, |acc, _| acc.wrapping_mul(HASH_BASE));
        // Hash of W(c).
        let mut h = self.values.iter().fold(0u64, |acc, &v| {
            acc.wrapping_mul(HASH_BASE).wrapping_add(v as u64)
        });
        let anchor_hash = h;
        let mut tortoise = c;
        let mut tortoise_hash = h;
        let mut power = 1usize;
        let mut lam = 0usize;
        let mut hare = c;
        loop {
            // Advance the hare: compute G(hare), then the hash of W(hare + 1).
            if hare >= limit {
                return None;
            }
            let v = moves.mex_at(&self.values, hare, &mut self.scratch);
            self.values.push(v);
            h = h
                .wrapping_mul(HASH_BASE)
                .wrapping_add(v as u64)
                .wrapping_sub((self.values[hare - c] as u64).wrapping_mul(base_c));
            hare += 1;
            lam += 1;
            // The anchor W(c): when G is purely periodic it lies on the
            // cycle, and its first return, at c + λ, ends the search with no
            // overshoot.
            if h == anchor_hash && self.values[..c] == self.values[hare - c..hare] {
                return Some((c, hare - c));
            }
            if h == tortoise_hash
                && self.values[tortoise - c..tortoise] == self.values[hare - c..hare]
            {
                return Some((tortoise, lam));
            }
            if lam == power {
                tortoise = hare;
                tortoise_hash = h;
                power *= 2;
                lam = 0;
            }
        }
    }
}

/// Solves one game with a fresh solver.
pub fn solve(moves: &MoveSet, max_positions: u64) -> Result<Periodicity, NoPeriodFound> {
    let mut solver = Solver::new();
    let qp = solver.solve(moves, max_positions)?;
    Ok(Periodicity {
        moves: moves.clone(),
        qp,
        values: solver.values[..(qp.preperiod + qp.period) as usize].to_vec(),
    })
}
