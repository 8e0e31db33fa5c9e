//! The mex rule of a subtraction game, on a range of positions.
//!
//! Two value encodings, both filled left to right into a caller's buffer:
//!
//! - **one-hot bytes** for at most [`ONE_HOT_MOVES`] moves: the value v is
//!   stored as the byte 1 << v (a position has at most |S| ≤ 7 options, so
//!   v ≤ 7). The options' bytes OR together into the set of option values
//!   m, and the mex is the lowest zero bit of m, `!m & (m + 1)`: three loads,
//!   two ORs and three ALU operations per position for three moves, with no
//!   branch. When the least move a is at least [`VECTOR_MIN`], the positions
//!   x, …, x + a − 1 depend only on positions below x, so they are computed
//!   as whole slices: blocks of 32 bytes in fixed arrays (vector operations
//!   without target flags), eight bytes in a `u64`, then single bytes;
//! - **wide values** (u16) for any move set: the options' values as a
//!   bitmask (a bitset for 64 moves or more).
//!
//! Neither uses `unsafe`: the scalar one-hot loop walks overlapping windows
//! of `Cell`s, so the compiler sees every index in range once per game, and
//! the sliced loop splits the buffer into what is done and what is filled.

use crate::moves::MAX_MOVES;
use std::cell::Cell;

/// A nim-value. For |S| moves every value is at most |S| (a position has at
/// most |S| options), and move sets have at most [`MAX_MOVES`] = 4096
/// moves, which the assertion below proves fits: no value wraps.
pub type Value = u16;

const _: () = assert!(
    MAX_MOVES <= Value::MAX as usize,
    "a value is at most |S| ≤ MAX_MOVES and must fit a Value"
);

/// `v` as a [`Value`]. Every value is at most |S| ≤ [`MAX_MOVES`], which
/// fits (the assertion above), so the conversion never fails; were that
/// ever broken, it panics instead of wrapping.
#[inline(always)]
fn value(v: usize) -> Value {
    Value::try_from(v).expect("a nim-value is at most |S| ≤ MAX_MOVES, which fits a Value")
}

/// The most moves the one-hot byte encoding takes (values up to 7).
pub const ONE_HOT_MOVES: usize = 7;

/// Least move from which the one-hot rule fills whole slices at a time.
pub(crate) const VECTOR_MIN: usize = 8;

/// The one-hot byte of the value 0: the value of every position below the
/// least move.
pub(crate) const ONE_HOT_ZERO: u8 = 1;

/// mex of a set of values given as the OR of their one-hot bytes: the lowest
/// zero bit (the set has at most 7 members, so one of the 8 bits is zero).
#[inline(always)]
fn mex_one_hot(m: u8) -> u8 {
    !m & m.wrapping_add(1)
}

/// The value whose one-hot byte is `b`.
#[inline(always)]
pub(crate) fn from_one_hot(b: u8) -> Value {
    value(b.trailing_zeros() as usize) // at most 8
}

/// One-hot G on [x, end), every move of `moves` (increasing, K of them)
/// available: x ≥ the largest move, G known on [0, x).
#[inline(always)]
pub(crate) fn fill_one_hot_full<const K: usize>(
    v: &mut [u8],
    moves: [usize; K],
    mut x: usize,
    end: usize,
) {
    let (a, c) = (moves[0], moves[K - 1]);
    if a >= VECTOR_MIN {
        // G(y) for y ∈ [x, x + n), n ≤ a, reads only positions below x.
        while x < end {
            let n = a.min(end - x);
            let (done, rest) = v.split_at_mut(x);
            fill_independent(&mut rest[..n], moves.map(|s| &done[x - s..][..n]));
            x += n;
        }
    } else {
        // Window w = G on [y − c, y]: the options of y sit at w[c − s].
        let offsets = moves.map(|s| c - s);
        let cells = Cell::from_mut(&mut v[x - c..end]).as_slice_of_cells();
        for w in cells.windows(c + 1) {
            let w = &w[..=c];
            let mut m = 0u8;
            for o in offsets {
                m |= w[o].get();
            }
            w[c].set(mex_one_hot(m));
        }
    }
}

/// Positions filled per vector step of [`fill_independent`].
const LANES: usize = 32;

/// `out[i]` = mex of the one-hot bytes `sources[k][i]` (every source as long
/// as `out`): positions whose options all lie before the first of them, so
/// no output is an input. Whole blocks of [`LANES`] bytes go through fixed
/// arrays (the compiler makes them vector operations, no target flags),
/// the rest eight at a time in a `u64` ([`mex_one_hot_word`]), then byte by
/// byte.
#[inline(always)]
fn fill_independent<const K: usize>(out: &mut [u8], sources: [&[u8]; K]) {
    let mut blocks = out.chunks_exact_mut(LANES);
    let mut i = 0;
    for block in &mut blocks {
        let mut m = [0u8; LANES];
        for source in &sources {
            let source: &[u8; LANES] = source[i..i + LANES].try_into().expect("a block");
            for (m, &s) in m.iter_mut().zip(source) {
                *m |= s;
            }
        }
        for (o, &m) in block.iter_mut().zip(&m) {
            *o = mex_one_hot(m);
        }
        i += LANES;
    }
    let mut words = blocks.into_remainder().chunks_exact_mut(8);
    for word in &mut words {
        let m = sources.iter().fold(0u64, |m, source| {
            m | u64::from_le_bytes(source[i..i + 8].try_into().expect("a word"))
        });
        word.copy_from_slice(&mex_one_hot_word(m).to_le_bytes());
        i += 8;
    }
    for o in words.into_remainder() {
        *o = mex_one_hot(sources.iter().fold(0, |m, source| m | source[i]));
        i += 1;
    }
}

/// [`mex_one_hot`] on the eight bytes of a word at once. A byte of `m` is
/// an OR of at most seven one-hot bytes, so it is never 0xFF and adding 1
/// to it never carries into the next byte.
#[inline(always)]
fn mex_one_hot_word(m: u64) -> u64 {
    !m & m.wrapping_add(0x0101_0101_0101_0101)
}

/// One-hot G on [x, end) for increasing `moves` (at most [`ONE_HOT_MOVES`]),
/// any x, G known on [0, x). Below the largest move only the moves s ≤ y
/// count; the range is cut at the moves into phases with a fixed set of
/// available moves, each filled by [`fill_one_hot_full`].
pub(crate) fn fill_one_hot(v: &mut [u8], moves: &[usize], x: usize, end: usize) {
    let mut x = x;
    // [0, s_1): no move, value 0.
    let first = moves[0].min(end);
    if x < first {
        v[x..first].fill(ONE_HOT_ZERO);
        x = first;
    }
    for k in 1..=moves.len() {
        let phase_end = moves.get(k).map_or(end, |&s| s.min(end));
        if x < phase_end {
            fill_phase(v, &moves[..k], x, phase_end);
            x = phase_end;
        }
    }
}

/// [`fill_one_hot_full`] with the moves' count as a constant.
fn fill_phase(v: &mut [u8], moves: &[usize], x: usize, end: usize) {
    match *moves {
        [s1] => fill_one_hot_full(v, [s1], x, end),
        [s1, s2] => fill_one_hot_full(v, [s1, s2], x, end),
        [s1, s2, s3] => fill_one_hot_full(v, [s1, s2, s3], x, end),
        [s1, s2, s3, s4] => fill_one_hot_full(v, [s1, s2, s3, s4], x, end),
        [s1, s2, s3, s4, s5] => fill_one_hot_full(v, [s1, s2, s3, s4, s5], x, end),
        [s1, s2, s3, s4, s5, s6] => fill_one_hot_full(v, [s1, s2, s3, s4, s5, s6], x, end),
        [s1, s2, s3, s4, s5, s6, s7] => fill_one_hot_full(v, [s1, s2, s3, s4, s5, s6, s7], x, end),
        _ => unreachable!("the one-hot encoding takes 1 to {ONE_HOT_MOVES} moves"),
    }
}

/// mex of the values at `x − s` for the moves s ≤ x, for any number of
/// increasing moves; `scratch` is a bitset reused for 64 moves or more.
fn mex_wide(values: &[Value], moves: &[usize], x: usize, scratch: &mut Vec<u64>) -> Value {
    let options = moves
        .iter()
        .take_while(|&&s| s <= x)
        .map(|&s| values[x - s]);
    if moves.len() < 64 {
        // At most 63 options: every value is below 64.
        let mask = options.fold(0u64, |m, v| m | 1 << v);
        return value((!mask).trailing_zeros() as usize);
    }
    scratch.clear();
    for v in options {
        let (w, b) = (v as usize / 64, v % 64);
        if scratch.len() <= w {
            scratch.resize(w + 1, 0);
        }
        scratch[w] |= 1u64 << b;
    }
    match scratch.iter().position(|&w| w != u64::MAX) {
        Some(i) => value(i * 64 + (!scratch[i]).trailing_zeros() as usize),
        None => value(scratch.len() * 64),
    }
}

/// Wide G on [x, end) for increasing `moves`, G known on [0, x).
pub(crate) fn fill_wide(
    v: &mut [Value],
    moves: &[usize],
    x: usize,
    end: usize,
    scratch: &mut Vec<u64>,
) {
    for y in x..end {
        v[y] = mex_wide(v, moves, y, scratch);
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
        values.push(value(v));
    }
    values
}
