//! The nim-sequence of a subtraction game, computed by its definition.
//!
//! For a subtraction set S, G_S(x) = mex{ G_S(x − s) : s ∈ S, s ≤ x }
//! (paper A, §2: the value of a position is the least value none of its
//! options has). Each value is fixed by the smaller ones, so the recurrence
//! has exactly one solution, and computing it in increasing x *is* the
//! definition: nothing here needs a proof beyond that.
//!
//! **The value store.** A value is the mex of at most |S| numbers, so it is
//! at most |S|. Values are stored in the narrowest of `u8`, `u16` and `u32`
//! whose largest number is at least |S| ([`Width::for_moves`]); a set of
//! more than 2^32 − 1 moves is refused as a limit. Every value is converted
//! into its store with `try_from`, never with a wrapping cast: a value that
//! did not fit (which the choice of width rules out) would end the check as
//! a limit, never as a wrong value. Until 2026-12 the store had two widths,
//! `u8` and `u16`, and converted with `as`: with 65,536 moves or more a value
//! wrapped modulo 2^16 and false claims were accepted (once; the two
//! reproducers are in checker/tests/value_width.rs). The tests of this module
//! run the store at a 3-bit width, so that a wrap would show at |S| = 8.

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
    let moves = u64::try_from(moves).unwrap_or(u64::MAX);
    n.saturating_mul(
        moves
            .saturating_mul(per_option)
            .saturating_add(PER_POSITION),
    )
}

/// The width of the value store.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Width {
    /// `u8`: |S| ≤ 255.
    #[default]
    U8,
    /// `u16`: |S| ≤ 65,535.
    U16,
    /// `u32`: |S| ≤ 2^32 − 1.
    U32,
}

impl Width {
    /// The narrowest width that holds every value of a game with `moves`
    /// moves, or `None` when no width does (more than 2^32 − 1 moves).
    /// *Proof that it holds them:* a value is a mex of at most |S| numbers,
    /// so it is at most |S|, and the width returned holds |S|.
    pub(crate) fn for_moves(moves: usize) -> Option<Width> {
        if u8::try_from(moves).is_ok() {
            Some(Width::U8)
        } else if u16::try_from(moves).is_ok() {
            Some(Width::U16)
        } else if u32::try_from(moves).is_ok() {
            Some(Width::U32)
        } else {
            None
        }
    }
}

/// G_S on an initial segment [0, n), reusable between games (the buffers
/// keep their capacity).
#[derive(Default)]
pub(crate) struct Values {
    small: Vec<u8>,
    medium: Vec<u16>,
    large: Vec<u32>,
    width: Width,
}

impl Values {
    /// G_S(x) for x < n (the length last computed).
    pub(crate) fn at(&self, x: u64) -> u32 {
        let x = index(x);
        match self.width {
            Width::U8 => u32::from(self.small[x]),
            Width::U16 => u32::from(self.medium[x]),
            Width::U32 => self.large[x],
        }
    }

    /// The first x in `range` (within [0, n)) where `v(x)` ≠ G_S(x), if any:
    /// one loop per store width, so that the width is read once.
    pub(crate) fn find_difference(
        &self,
        range: std::ops::Range<u64>,
        v: impl FnMut(u64) -> u32,
    ) -> Option<u64> {
        match self.width {
            Width::U8 => find_in(&self.small, range, v),
            Width::U16 => find_in(&self.medium, range, v),
            Width::U32 => find_in(&self.large, range, v),
        }
    }

    /// Computes G_S on [0, n). `moves` is S, strictly increasing and
    /// positive (checked by the caller); n is within the caller's limits.
    /// Fails, as a limit, when the memory cannot be had or S has more than
    /// 2^32 − 1 moves (no store holds its values).
    pub(crate) fn compute(&mut self, moves: &[u64], n: u64) -> Result<(), Failure> {
        self.width = Width::for_moves(moves.len()).ok_or_else(|| {
            Failure::Limit(format!(
                "{} moves: values up to |S| do not fit the checker's 32-bit value store \
                 (lower --max-moves)",
                moves.len()
            ))
        })?;
        match self.width {
            Width::U8 => fill(moves, n, &mut self.small),
            Width::U16 => fill(moves, n, &mut self.medium),
            Width::U32 => fill(moves, n, &mut self.large),
        }
    }
}

/// The first x in `range` where `v(x)` ≠ g\[x\].
fn find_in<V: Value>(
    g: &[V],
    mut range: std::ops::Range<u64>,
    mut v: impl FnMut(u64) -> u32,
) -> Option<u64> {
    range.find(|&x| v(x) != g[index(x)].into())
}

/// A u64 position as an index. The checker is built for 64-bit targets
/// only (an assertion in lib.rs), so the conversion is lossless.
fn index(x: u64) -> usize {
    x as usize
}

/// A stored value: converted in with `try_from` (which fails instead of
/// wrapping) and out without loss.
pub(crate) trait Value: Copy + TryFrom<u32> + Into<u32> {}

impl<V: Copy + TryFrom<u32> + Into<u32>> Value for V {}

/// `mex` as a stored value, or a limit when it does not fit the store
/// (which [`Width::for_moves`] rules out: this is the fail-closed net).
#[inline(always)]
fn store<V: Value>(mex: u32) -> Result<V, Failure> {
    V::try_from(mex).map_err(|_| {
        Failure::Limit(format!(
            "the value {mex} does not fit the value store of {} bytes (lower --max-moves)",
            std::mem::size_of::<V>()
        ))
    })
}

/// A stored value as an index.
#[inline(always)]
fn get<V: Value>(v: V) -> usize {
    // u32 → usize: lossless on the 64-bit targets the checker is built for.
    let v: u32 = v.into();
    v as usize
}

/// G_S(x) = mex{G_S(x − s) : s ∈ S, s ≤ x} for x in [0, n), into `g`.
///
/// S = {s_1 < … < s_k} splits [0, n) into segments where the legal moves do
/// not change: none below s_1 (so G = 0 there), then s_1, …, s_j on
/// [s_j, s_{j+1}), and all of S from s_k = c on.
pub(crate) fn fill<V: Value>(moves: &[u64], n: u64, g: &mut Vec<V>) -> Result<(), Failure> {
    g.clear();
    let n = usize::try_from(n).map_err(|_| out_of_memory(n))?;
    g.try_reserve_exact(n)
        .map_err(|_| out_of_memory(n as u64))?;
    g.resize(n, store(0)?);
    let mut mex = Mex::new(moves.len());
    for j in 0..moves.len() {
        let from = index(moves[j]).min(n);
        let to = moves.get(j + 1).map_or(n, |&s| index(s).min(n));
        let legal = &moves[..=j];
        // With at most four legal moves, the same loop with the moves in an
        // array, which the compiler unrolls (the common case).
        match *legal {
            [a] => with_moves(g, from..to, [a])?,
            [a, b] => with_moves(g, from..to, [a, b])?,
            [a, b, d] => with_moves(g, from..to, [a, b, d])?,
            [a, b, d, e] => with_moves(g, from..to, [a, b, d, e])?,
            _ => {
                for x in from..to {
                    g[x] = store(mex.of(g, x, legal)?)?;
                }
            }
        }
    }
    Ok(())
}

/// g\[x\] = mex{g\[x − s\] : s ∈ moves} for x in `range`, with K ≤ 4 moves, all
/// at most range.start (so every value is at most 4: one bit each).
fn with_moves<V: Value, const K: usize>(
    g: &mut [V],
    range: Range<usize>,
    moves: [u64; K],
) -> Result<(), Failure> {
    let moves = moves.map(index);
    for x in range {
        let mut bits = 0u64;
        for s in moves {
            bits |= 1 << get(g[x - s]);
        }
        g[x] = store((!bits).trailing_zeros())?;
    }
    Ok(())
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

    /// mex{ g[x − s] : s ∈ legal }, or a limit if it exceeds 2^32 − 1
    /// (ruled out by [`Width::for_moves`]).
    #[inline]
    fn of<V: Value>(&mut self, g: &[V], x: usize, legal: &[u64]) -> Result<u32, Failure> {
        if self.moves < 64 {
            // |S| ≤ 63: every value is below 64, one bit each.
            let mut bits = 0u64;
            for &s in legal {
                bits |= 1 << get(g[x - index(s)]);
            }
            Ok((!bits).trailing_zeros())
        } else {
            // Values are at most |S| < seen.len(): mark, scan, clear. At
            // most |S| of the |S| + 1 flags are set, so one is clear.
            for &s in legal {
                self.seen[get(g[x - index(s)])] = true;
            }
            let mex = self.seen.iter().take_while(|&&b| b).count();
            for &s in legal {
                self.seen[get(g[x - index(s)])] = false;
            }
            u32::try_from(mex).map_err(|_| {
                Failure::Limit(format!(
                    "the value {mex} exceeds 2^32 − 1 (lower --max-moves)"
                ))
            })
        }
    }
}

pub(crate) fn out_of_memory(n: u64) -> Failure {
    Failure::Limit(format!(
        "cannot allocate memory for {n} values (lower --max-period, or free memory)"
    ))
}

#[cfg(test)]
mod tests {
    //! The value store at deliberately narrow widths: a store that holds
    //! 0..=7 only (three bits) must give either the true values or a limit,
    //! never a wrapped value, so a future wrap shows at |S| = 8 instead of
    //! 65,536.
    use super::*;

    /// A three-bit value: 0..=7.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    struct U3(u8);

    impl TryFrom<u32> for U3 {
        type Error = ();
        fn try_from(v: u32) -> Result<U3, ()> {
            u8::try_from(v).ok().filter(|&v| v < 8).map(U3).ok_or(())
        }
    }

    impl From<U3> for u32 {
        fn from(v: U3) -> u32 {
            u32::from(v.0)
        }
    }

    /// G_S on [0, n) by the definition, in u64, with no store at all.
    fn reference(moves: &[u64], n: u64) -> Vec<u64> {
        let mut g: Vec<u64> = Vec::new();
        for x in 0..n {
            let options: Vec<u64> = moves
                .iter()
                .filter(|&&s| s <= x)
                .map(|&s| g[(x - s) as usize])
                .collect();
            g.push((0..).find(|v| !options.contains(v)).unwrap_or(0));
        }
        g
    }

    /// The sets S ⊆ [1, m] (as increasing lists), all 2^m − 1 of them.
    fn subsets(m: u64) -> impl Iterator<Item = Vec<u64>> {
        (1u32..1 << m).map(move |bits| (1..=m).filter(|&s| bits >> (s - 1) & 1 == 1).collect())
    }

    #[test]
    fn a_three_bit_store_gives_true_values_or_a_limit_never_a_wrap() {
        let n = 40;
        let (mut limits, mut exact) = (0, 0);
        for moves in subsets(10) {
            let truth = reference(&moves, n);
            let mut g: Vec<U3> = Vec::new();
            match fill(&moves, n, &mut g) {
                Ok(()) => {
                    let got: Vec<u64> = g.iter().map(|&v| u64::from(u32::from(v))).collect();
                    assert_eq!(got, truth, "S = {moves:?}");
                    exact += 1;
                }
                Err(Failure::Limit(message)) => {
                    assert!(truth.iter().any(|&v| v > 7), "S = {moves:?}: {message}");
                    assert!(message.contains("--max-moves"), "{message}");
                    limits += 1;
                }
                Err(_) => panic!("S = {moves:?}: neither values nor a limit"),
            }
        }
        // Both outcomes occur: sets with a value of 8 or more (S ⊇ {1..8}
        // gives G(8) = 8) and sets without.
        assert!(limits > 0 && exact > 0, "{limits} limits, {exact} exact");
    }

    #[test]
    fn the_large_move_path_refuses_a_value_its_store_cannot_hold() {
        // |S| = 64 takes the mark-scan-clear path; G(64) = 64 on S = {1..64}.
        let moves: Vec<u64> = (1..=64).collect();
        let mut g: Vec<U3> = Vec::new();
        assert!(matches!(fill(&moves, 65, &mut g), Err(Failure::Limit(_))));
        let mut g: Vec<u8> = Vec::new();
        fill(&moves, 65, &mut g).unwrap();
        assert_eq!(g[64], 64);
    }

    #[test]
    fn the_width_holds_the_number_of_moves_at_every_boundary() {
        let cases = [
            (0, Some(Width::U8)),
            (255, Some(Width::U8)),
            (256, Some(Width::U16)),
            (65_535, Some(Width::U16)),
            (65_536, Some(Width::U32)),
            (u32::MAX as usize, Some(Width::U32)),
            (u32::MAX as usize + 1, None),
        ];
        for (moves, width) in cases {
            assert_eq!(Width::for_moves(moves), width, "{moves} moves");
        }
    }

    #[test]
    fn a_u8_store_at_its_boundary_holds_255_and_refuses_256() {
        // S = {1, …, 256}: G(x) = x for x ≤ 256. A u8 store holds G up to
        // x = 255 and must refuse G(256) = 256, not store 0.
        let moves: Vec<u64> = (1..=256).collect();
        let mut g: Vec<u8> = Vec::new();
        fill(&moves, 256, &mut g).unwrap();
        assert_eq!(g[255], 255);
        assert!(matches!(fill(&moves, 257, &mut g), Err(Failure::Limit(_))));
        let mut values = Values::default();
        values.compute(&moves, 257).unwrap();
        assert_eq!(values.at(256), 256);
    }
}
