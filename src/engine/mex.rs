//! The mex rule of a subtraction game, at one position.

/// A nim-value. For |S| moves every value is at most |S| (a position has at
/// most |S| options), and move sets have at most 4096 moves.
pub type Value = u16;

/// mex of a set given as a bitmask of small values (all below 64).
#[inline(always)]
fn mex_of_mask(mask: u64) -> Value {
    (!mask).trailing_zeros() as Value
}

/// mex of the values at `x − s` for the given `moves`, all assumed ≤ x.
/// `scratch` is a bitset reused for move sets with 64 moves or more.
#[inline(always)]
fn mex_of_options<I: Iterator<Item = usize>>(
    values: &[Value],
    options: I,
    many: bool,
    scratch: &mut Vec<u64>,
) -> Value {
    if !many {
        let mut mask = 0u64;
        for y in options {
            mask |= 1u64 << values[y];
        }
        return mex_of_mask(mask);
    }
    scratch.clear();
    let mut set = |v: Value| {
        let (w, b) = (v as usize / 64, v % 64);
        if scratch.len() <= w {
            scratch.resize(w + 1, 0);
        }
        scratch[w] |= 1u64 << b;
    };
    for y in options {
        set(values[y]);
    }
    let word = scratch.iter().position(|&w| w != u64::MAX);
    match word {
        Some(i) => (i * 64) as Value + mex_of_mask(scratch[i]),
        None => (scratch.len() * 64) as Value,
    }
}

/// G(x) for x below the largest move: only moves s ≤ x are available.
/// `moves` is strictly increasing; `values` holds G on [0, x).
pub(crate) fn mex_prefix(
    values: &[Value],
    moves: &[usize],
    x: usize,
    scratch: &mut Vec<u64>,
) -> Value {
    let options = moves.iter().take_while(|&&s| s <= x).map(|&s| x - s);
    mex_of_options(values, options, moves.len() >= 64, scratch)
}

/// G(x) for x at least the largest move: every move is available.
#[inline(always)]
pub(crate) fn mex_full(
    values: &[Value],
    moves: &[usize],
    x: usize,
    scratch: &mut Vec<u64>,
) -> Value {
    mex_of_options(
        values,
        moves.iter().map(|&s| x - s),
        moves.len() >= 64,
        scratch,
    )
}

/// The options of a position past the largest move, with the mex rule.
/// Implemented for a fixed number of moves (so the compiler unrolls the loop)
/// and for any number.
pub(crate) trait FullMex {
    /// G(x) for x ≥ c, given G on [0, x).
    fn mex_at(&self, values: &[Value], x: usize, scratch: &mut Vec<u64>) -> Value;

    /// G(x) for x < c, given G on [0, x): only the moves s ≤ x count.
    fn mex_below(&self, values: &[Value], x: usize, scratch: &mut Vec<u64>) -> Value;
}

/// K moves known at compile time (K < 64).
pub(crate) struct FixedMoves<const K: usize>(pub [usize; K]);

impl<const K: usize> FullMex for FixedMoves<K> {
    #[inline(always)]
    fn mex_at(&self, values: &[Value], x: usize, _scratch: &mut Vec<u64>) -> Value {
        let mut mask = 0u64;
        for s in self.0 {
            mask |= 1u64 << values[x - s];
        }
        mex_of_mask(mask)
    }

    #[inline(always)]
    fn mex_below(&self, values: &[Value], x: usize, _scratch: &mut Vec<u64>) -> Value {
        let mut mask = 0u64;
        for s in self.0 {
            if s <= x {
                mask |= 1u64 << values[x - s];
            }
        }
        mex_of_mask(mask)
    }
}

/// Any number of moves.
pub(crate) struct AnyMoves<'a>(pub &'a [usize]);

impl FullMex for AnyMoves<'_> {
    #[inline(always)]
    fn mex_at(&self, values: &[Value], x: usize, scratch: &mut Vec<u64>) -> Value {
        mex_full(values, self.0, x, scratch)
    }

    #[inline(always)]
    fn mex_below(&self, values: &[Value], x: usize, scratch: &mut Vec<u64>) -> Value {
        mex_prefix(values, self.0, x, scratch)
    }
}

/// The first `n` values of G_S by the plain mex rule, for any strictly
/// increasing `moves`. The simplest possible reference computation.
pub fn naive_prefix(moves: &[u64], n: usize) -> Vec<Value> {
    let mut values: Vec<Value> = Vec::with_capacity(n);
    for x in 0..n {
        let mut seen = vec![false; moves.len() + 1];
        for &s in moves {
            if s as usize <= x {
                let v = values[x - s as usize] as usize;
                if v < seen.len() {
                    seen[v] = true;
                }
            }
        }
        let v = seen.iter().position(|&b| !b).unwrap_or(seen.len());
        values.push(v as Value);
    }
    values
}
