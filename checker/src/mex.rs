//! The nim-sequence of a subtraction game, computed by its definition.
//!
//! For a subtraction set S, G_S(x) = mex{ G_S(x − s) : s ∈ S, s ≤ x }
//! (paper A, §2: the value of a position is the least value none of its
//! options has). Each value is fixed by the smaller ones, so the recurrence
//! has exactly one solution, and computing it in increasing x *is* the
//! definition: nothing here needs a proof beyond that.
//!
//! A value is the mex of at most |S| numbers, so it is at most |S|; values
//! are stored as `u8` when |S| ≤ 255 and as `u16` otherwise (|S| is at most
//! the `--max-moves` limit, far below 2^16).

use crate::Failure;
use std::ops::Range;

/// Work units charged per position: one per option read, plus this much for
/// the mex and the store (the cost model of [`work`]). A position also waits
/// for the values it reads, which were stored just before (a game with one
/// move is one chain of dependent loads), hence four, not one.
const PER_POSITION: u64 = 4;

/// Work units per option read when |S| ≥ 64, where the mex marks a table,
/// scans it and clears it (three passes instead of one).
const PER_OPTION_LARGE: u64 = 3;

/// The estimated work of computing G_S on [0, n) for `moves` options per
/// position: n·(|S| + 4) units, or n·(3|S| + 4) when |S| ≥ 64 (see
/// [`Values::compute`]). Measured: about 1 ns per unit on the reference
/// machine (docs/TRUST.md).
pub(crate) fn work(n: u64, moves: usize) -> u64 {
    let per_option = if moves < 64 { 1 } else { PER_OPTION_LARGE };
    n.saturating_mul((moves as u64).saturating_mul(per_option) + PER_POSITION)
}

/// G_S on an initial segment [0, n), reusable between games (the buffers
/// keep their capacity).
#[derive(Default)]
pub(crate) struct Values {
    small: Vec<u8>,
    large: Vec<u16>,
    wide: bool,
}

impl Values {
    /// G_S(x) for x < n (the length last computed).
    pub(crate) fn at(&self, x: u64) -> u32 {
        if self.wide {
            u32::from(self.large[x as usize])
        } else {
            u32::from(self.small[x as usize])
        }
    }

    /// Computes G_S on [0, n). `moves` is S, strictly increasing and
    /// positive (checked by the caller); n is within the caller's limits.
    /// Fails only when the memory cannot be had.
    pub(crate) fn compute(&mut self, moves: &[u64], n: u64) -> Result<(), Failure> {
        self.wide = moves.len() > 255;
        if self.wide {
            fill(moves, n, &mut self.large)
        } else {
            fill(moves, n, &mut self.small)
        }
    }
}

/// A stored value: `u8` or `u16`.
trait Value: Copy {
    fn of(mex: u32) -> Self;
    fn get(self) -> usize;
}

impl Value for u8 {
    fn of(mex: u32) -> Self {
        mex as u8
    }
    fn get(self) -> usize {
        self as usize
    }
}

impl Value for u16 {
    fn of(mex: u32) -> Self {
        mex as u16
    }
    fn get(self) -> usize {
        self as usize
    }
}

/// G_S(x) = mex{G_S(x − s) : s ∈ S, s ≤ x} for x in [0, n), into `g`.
///
/// S = {s_1 < … < s_k} splits [0, n) into segments where the legal moves do
/// not change: none below s_1 (so G = 0 there), then s_1, …, s_j on
/// [s_j, s_{j+1}), and all of S from s_k = c on.
fn fill<V: Value>(moves: &[u64], n: u64, g: &mut Vec<V>) -> Result<(), Failure> {
    g.clear();
    let n = usize::try_from(n).map_err(|_| out_of_memory(n))?;
    g.try_reserve_exact(n)
        .map_err(|_| out_of_memory(n as u64))?;
    g.resize(n, V::of(0));
    let mut mex = Mex::new(moves.len());
    for j in 0..moves.len() {
        let from = (moves[j] as usize).min(n);
        let to = moves.get(j + 1).map_or(n, |&s| (s as usize).min(n));
        let legal = &moves[..=j];
        // With at most four legal moves, the same loop with the moves in an
        // array, which the compiler unrolls (the common case).
        match *legal {
            [a] => with_moves(g, from..to, [a]),
            [a, b] => with_moves(g, from..to, [a, b]),
            [a, b, d] => with_moves(g, from..to, [a, b, d]),
            [a, b, d, e] => with_moves(g, from..to, [a, b, d, e]),
            _ => (from..to).for_each(|x| g[x] = V::of(mex.of(g, x, legal))),
        }
    }
    Ok(())
}

/// g[x] = mex{g[x − s] : s ∈ moves} for x in `range`, with K ≤ 4 moves, all
/// at most range.start (so every value is at most 4: one bit each).
fn with_moves<V: Value, const K: usize>(g: &mut [V], range: Range<usize>, moves: [u64; K]) {
    let moves = moves.map(|s| s as usize);
    for x in range {
        let mut bits = 0u64;
        for s in moves {
            bits |= 1 << g[x - s].get();
        }
        g[x] = V::of((!bits).trailing_zeros());
    }
}

/// The mex of the option values, for a game with |S| moves: every value is
/// a mex of at most |S| values, so it is at most |S|.
struct Mex {
    /// |S|.
    moves: usize,
    /// One flag per value 0..=|S|, when |S| ≥ 64 (empty otherwise).
    seen: Vec<bool>,
}

impl Mex {
    fn new(moves: usize) -> Mex {
        let seen = if moves < 64 {
            Vec::new()
        } else {
            vec![false; moves + 1]
        };
        Mex { moves, seen }
    }

    /// mex{ g[x − s] : s ∈ legal }.
    #[inline]
    fn of<V: Value>(&mut self, g: &[V], x: usize, legal: &[u64]) -> u32 {
        if self.moves < 64 {
            // |S| ≤ 63: every value is below 64, one bit each.
            let mut bits = 0u64;
            for &s in legal {
                bits |= 1 << g[x - s as usize].get();
            }
            (!bits).trailing_zeros()
        } else {
            // Values are at most |S| < seen.len(): mark, scan, clear. At
            // most |S| of the |S| + 1 flags are set, so one is clear.
            for &s in legal {
                self.seen[g[x - s as usize].get()] = true;
            }
            let mex = self.seen.iter().take_while(|&&b| b).count();
            for &s in legal {
                self.seen[g[x - s as usize].get()] = false;
            }
            mex as u32
        }
    }
}

pub(crate) fn out_of_memory(n: u64) -> Failure {
    Failure::Limit(format!(
        "cannot allocate memory for {n} values (lower --max-period, or free memory)"
    ))
}
