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
//! [`Solver`] computes the values in chunks into a buffer it keeps between
//! games (one byte per position for up to seven moves, see `mex`), and
//! after each chunk looks for a repeated window with no hash per position
//! (`search`): runs of agreement at candidate lags (the pair sums of the
//! moves, and a caller's hint) end the search at the first repeated window
//! itself whenever the least period is one of them; the first window and
//! Brent's anchor catch every other case. Whichever fires, the exact least
//! (q, p) is then derived from the pair of equal windows. A position costs
//! O(|S|) for the mex plus O(1) for the detectors; a game costs
//! O((q + p + c)·|S|) time and O(q + p + c) memory, and a sweep allocates
//! nothing per game once the buffer has grown.

pub mod baseline;
mod mex;
pub mod outcome;
pub mod plain;
mod search;

use crate::moves::MoveSet;
use mex::{fill_one_hot, fill_one_hot_full, fill_wide, from_one_hot, ONE_HOT_MOVES};
use search::{Detectors, Found, MAX_CHUNK};
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

/// Computes nim-sequences; keeps its buffers between games.
#[derive(Default)]
pub struct Solver {
    /// One-hot values (at most [`ONE_HOT_MOVES`] moves).
    one_hot: Vec<u8>,
    /// Values of games with more moves.
    wide: Vec<Value>,
    /// The last game's values on [0, q + p), made by [`Solver::values`].
    out: Vec<Value>,
    /// Which buffer holds the last game's values.
    encoding: Option<Encoding>,
    /// The last successful solve's (q, p).
    qp: Option<QP>,
    /// Whether `out` holds the last game's values.
    out_ready: bool,
    moves: Vec<usize>,
    scratch: Vec<u64>,
    computed: u64,
}

/// The buffer a game's values are in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Encoding {
    OneHot,
    Wide,
}

impl Solver {
    /// A solver with empty buffers.
    pub fn new() -> Self {
        Self::default()
    }

    /// The values G(0), …, G(q + p − 1) of the last successful solve
    /// (empty before one). Converted from the engine's buffer on the first
    /// call after a solve.
    pub fn values(&mut self) -> &[Value] {
        if !self.out_ready {
            self.out.clear();
            let n = self.qp.map_or(0, |qp| (qp.preperiod + qp.period) as usize);
            match self.encoding {
                Some(Encoding::OneHot) => self
                    .out
                    .extend(self.one_hot[..n].iter().map(|&b| from_one_hot(b))),
                Some(Encoding::Wide) => self.out.extend_from_slice(&self.wide[..n]),
                None => {}
            }
            self.out_ready = true;
        }
        &self.out
    }

    /// G(x) of the last game, for x below the positions computed
    /// ([`Solver::computed`]).
    ///
    /// # Panics
    /// Before any game, or past the positions computed.
    pub fn value(&self, x: usize) -> Value {
        assert!((x as u64) < self.computed, "G({x}) was not computed");
        match self.encoding {
            Some(Encoding::OneHot) => from_one_hot(self.one_hot[x]),
            Some(Encoding::Wide) => self.wide[x],
            None => panic!("no game computed"),
        }
    }

    /// How many positions the last solve computed: q + p + c, rounded up to
    /// the detectors' chunk when the least period is a candidate lag, more
    /// when the first window or Brent's anchor had to find it.
    pub fn computed(&self) -> u64 {
        self.computed
    }

    /// Computes G on [0, n) and nothing else: no search, no detectors. The
    /// generation floor that `cargo bench --bench engine` compares the
    /// search with, on the same buffers and fill rules.
    pub fn generate_only(&mut self, moves: &[u64], n: usize) {
        self.qp = None;
        self.out_ready = false;
        self.moves.clear();
        self.moves.extend(moves.iter().map(|&m| m as usize));
        if self.moves.len() <= ONE_HOT_MOVES {
            grow(&mut self.one_hot, n);
            fill_one_hot(&mut self.one_hot, &self.moves, 0, n);
            self.encoding = Some(Encoding::OneHot);
        } else {
            grow(&mut self.wide, n);
            fill_wide(&mut self.wide, &self.moves, 0, n, &mut self.scratch);
            self.encoding = Some(Encoding::Wide);
        }
        self.computed = n as u64;
    }

    /// Finds the least pre-period and least period of G_S, computing at most
    /// `max_positions` positions.
    pub fn solve(&mut self, moves: &MoveSet, max_positions: u64) -> Result<QP, NoPeriodFound> {
        self.solve_slice(moves.as_slice(), None, max_positions)
    }

    /// Like [`Solver::solve`], with `hint` (a period predicted from a
    /// paper's formula, say) added to the candidate lags: if it is the least
    /// period, the search ends at the first repeated window. The answer is
    /// the same exact (q, p) either way.
    pub fn solve_hinted(
        &mut self,
        moves: &MoveSet,
        hint: Option<u64>,
        max_positions: u64,
    ) -> Result<QP, NoPeriodFound> {
        self.solve_slice(moves.as_slice(), hint, max_positions)
    }

    /// [`Solver::solve_hinted`] for moves given as a strictly increasing
    /// slice of positive integers (no [`MoveSet`] to build).
    ///
    /// # Panics
    /// If `moves` is empty, not strictly increasing or holds 0.
    pub fn solve_slice(
        &mut self,
        moves: &[u64],
        hint: Option<u64>,
        max_positions: u64,
    ) -> Result<QP, NoPeriodFound> {
        assert!(
            !moves.is_empty() && moves[0] > 0 && moves.windows(2).all(|w| w[0] < w[1]),
            "moves must be positive and strictly increasing: {moves:?}"
        );
        self.qp = None;
        self.out_ready = false;
        self.moves.clear();
        self.moves.extend(moves.iter().map(|&m| m as usize));
        let limit = max_positions.min(usize::MAX as u64) as usize;
        let lags = candidate_lags(&self.moves, hint);
        let moves = std::mem::take(&mut self.moves);
        let (encoding, found) = if moves.len() <= ONE_HOT_MOVES {
            let found = solve_one_hot(&mut self.one_hot, &moves, lags, limit);
            (Encoding::OneHot, found)
        } else {
            let scratch = &mut self.scratch;
            let found = run(&mut self.wide, &moves, lags, limit, |v, x, end| {
                fill_wide(v, &moves, x, end, scratch)
            });
            (Encoding::Wide, found)
        };
        self.moves = moves;
        self.encoding = Some(encoding);
        let found = found.map_err(|computed| {
            self.computed = computed as u64;
            NoPeriodFound {
                limit: max_positions,
            }
        })?;
        self.computed = found.computed as u64;
        let qp = QP {
            preperiod: found.q as u64,
            period: found.p as u64,
        };
        self.qp = Some(qp);
        Ok(qp)
    }
}

/// The candidate lags of [`search`]: the hint, then pair sums of the moves
/// s_1 < … < s_K: s_1 + s_2, s_1 + s_K, s_{K−1} + s_K (for three moves paper
/// A's candidate periods a + b, c + a, c + b; for one move s, 2s).
fn candidate_lags(moves: &[usize], hint: Option<u64>) -> impl Iterator<Item = usize> {
    let k = moves.len();
    let (s1, sk) = (moves[0], moves[k - 1]);
    let s2 = moves.get(1).copied().unwrap_or(s1);
    let below = moves[k.saturating_sub(2)];
    let hint = hint.and_then(|h| usize::try_from(h).ok());
    hint.into_iter().chain([s1 + s2, s1 + sk, below + sk])
}

/// [`run`] on one-hot values, with the number of moves a constant in the
/// rule past the largest move.
fn solve_one_hot(
    buffer: &mut Vec<u8>,
    moves: &[usize],
    lags: impl IntoIterator<Item = usize>,
    limit: usize,
) -> Result<Found, usize> {
    macro_rules! with_count {
        ($($k:literal)*) => {
            match moves.len() {
                $($k => {
                    let fixed: [usize; $k] = moves.try_into().expect("k moves");
                    run(buffer, moves, lags, limit, |v, x, end| {
                        if x < fixed[$k - 1] {
                            fill_one_hot(v, moves, x, end)
                        } else {
                            fill_one_hot_full(v, fixed, x, end)
                        }
                    })
                })*
                _ => unreachable!("the one-hot encoding takes 1 to {ONE_HOT_MOVES} moves"),
            }
        };
    }
    with_count!(1 2 3 4 5 6 7)
}

/// The chunked search on `buffer` (grown as needed): `fill(v, x, end)`
/// computes G on [x, end) from G on [0, x). `Err` holds the positions
/// computed when `limit` was reached.
fn run<T: search::Letter>(
    buffer: &mut Vec<T>,
    moves: &[usize],
    lags: impl IntoIterator<Item = usize>,
    limit: usize,
    mut fill: impl FnMut(&mut [T], usize, usize),
) -> Result<Found, usize> {
    let c = *moves.last().expect("a move set is never empty");
    if c >= limit {
        return Err(limit);
    }
    grow(buffer, c + MAX_CHUNK);
    fill(buffer, 0, c);
    let mut detectors = Detectors::new::<T>(c, lags, limit);
    // The lag runs see the positions below c (nothing can repeat yet).
    detectors.scan(buffer, c);
    let mut x = c;
    while x < limit {
        let end = detectors.chunk_end(x).min(limit);
        grow(buffer, end);
        fill(buffer, x, end);
        if let Some(found) = detectors.scan(buffer, end) {
            return Ok(found);
        }
        x = end;
    }
    Err(limit)
}

/// Makes `buffer` at least `len` long, doubling.
fn grow<T: Copy + Default>(buffer: &mut Vec<T>, len: usize) {
    if buffer.len() < len {
        let target = len.max(2 * buffer.len()).max(4096);
        buffer.resize(target, T::default());
    }
}

/// Solves one game with a fresh solver.
pub fn solve(moves: &MoveSet, max_positions: u64) -> Result<Periodicity, NoPeriodFound> {
    let mut solver = Solver::new();
    let qp = solver.solve(moves, max_positions)?;
    Ok(Periodicity {
        moves: moves.clone(),
        qp,
        values: solver.values().to_vec(),
    })
}
