//! G computed with a sparse hint, for an `OctalPeriodic` claim (format 5),
//! whose certificate lists no values (module docs of `crate::octal`, "The
//! sparse hint" and "OctalPeriodic").
//!
//! **The computation** (`values`). For n = 0, 1, …, L − 1 in turn, G being
//! known on [0, n), with a table of marks for the values below M, the
//! least power of two above every G(m), m < n:
//! 1. mark every single-heap option of n (bit 1 and bit 2 of d_k);
//! 2. for every split s = n − k ≥ 2 (bit 4 of d_k, 0 ≤ k ≤ t), mark
//!    G(r) ⊕ G(s − r) for every rare r < s;
//! 3. let w be the least unmarked value (w = M when all are marked). While
//!    w < M and some split s is *open for w* — π(w) ≠ P_s and its cursor a
//!    has not passed s/2 — advance the cursor of every split open for w by
//!    up to `STEP` pairs (a, s − a), marking G(a) ⊕ G(s − a), and take the
//!    least unmarked value again;
//! 4. G(n) = w; when n ≥ 1 and class(n) = 0, n joins the rare list.
//!
//! *Step 2 in runs* (the order of the marks changes nothing). The
//! positions are taken in blocks [lo, hi) of `BLOCK`. A rare r with
//! `BLOCK` ≤ r < lo is *far*: its partner s − r = n − k − r is below
//! hi − `BLOCK` ≤ lo for every n of the block, so the values
//! G(r) ⊕ G(n − k − r) of the whole block are known when it starts, and
//! they are marked for each (k, r) in one loop over n, into a mark row per
//! position, before the block's positions are computed. The other rare r
//! (r < `BLOCK`, or found in the block) are marked position by position.
//! Each rare r < s is marked exactly once either way.
//!
//! *Proof that w = mex Opt(n)*, Opt(n) the option values of n. Every mark
//! is an option's value (step 1 the single-heap options, steps 2 and 3
//! explicit splits of n − k into two non-empty heaps), and every value
//! below w is marked; so it remains that w ∉ Opt(n). If w = M: every
//! option is 0, some G(m) with m < n, or the XOR of two such values, all
//! below the power of two M, so M ∉ Opt(n). Otherwise no split is open
//! for w. w is not a single-heap option's value (all are marked). For a
//! split s with π(w) = P_s: by the lemma (module docs of `crate::octal`)
//! a pair a + b = s with value w has exactly one rare heap, say r (either
//! a or b), and then the pair is (r, s − r) with r < s, which step 2
//! marked; so no pair of s gives w. For a split s with π(w) ≠ P_s: its
//! cursor passed s/2, so every pair (a, s − a), 1 ≤ a ≤ s/2, was marked
//! (and the pairs with a > s/2 are the same pairs in the other order). ∎
//!
//! So by induction on n the values are G's, and the classes, computed from
//! them, are G's classes: the rare list is exact, which is all the lemma
//! needs. The hint (any mask, any f) decides which pairs step 2 lists and
//! how long step 3 runs, never the result: with mask 0 every n ≥ 1 is rare
//! and step 2 lists every pair; with a hint that makes no position rare,
//! step 3 lists every pair of every split whose parity is not w's.
//!
//! **Work,** counted as it is spent (`Budget`, refused past `--max-work`
//! with exit 3): 3t + 4 a position plus 1 a word of its marks (M/64
//! words, copied from its row and searched), 1 a rare pair of step 2
//! (charged before the pairs: a block's runs before the block, a split's
//! other pairs before them), 2 a pair of step 3 and M/64 a search for the
//! least unmarked value (charged with its round). Memory: G on [0, L)
//! (4 bytes a position), the rare positions (at most 4 bytes a position),
//! the mark rows of a block (`BLOCK` · M/8 bytes, M ≤ 2·max G + 2).

use super::rare::{Budget, Sparse};
use super::{for_each_single_option, Code};
use crate::mex::out_of_memory;
use crate::{Failure, Limits};

/// Positions in a block (the runs of step 2 are at most this long).
const BLOCK: usize = 4096;

/// Pairs a cursor advances a round of step 3.
const STEP: usize = 4;

/// Pairs remembered per value and digit for step 3 (`Run::recent`).
const WAYS: usize = 4;

/// The charges of `values`, for the message past `--max-work`.
const CHARGES: &str = "3t + 4 a position and 1 a word of its marks, 1 a rare pair, 2 a pair \
     of a full scan, M/64 a search for the mex (M the mark table's values)";

/// G on [0, `length`) by the computation of the module docs.
pub(super) fn values(
    code: &Code,
    hint: Sparse,
    length: u64,
    limits: &Limits,
) -> Result<Vec<u32>, Failure> {
    let mut run = Run {
        code,
        hint,
        digits: code.with_bit(4).map(|k| k as usize).collect(),
        budget: Budget::charging(limits, CHARGES),
        g: Vec::new(),
        rare: Vec::new(),
        rows: Vec::new(),
        width: 1,
        marks: Marks::default(),
        cursors: Vec::new(),
        recent: Vec::new(),
    };
    usize::try_from(length)
        .ok()
        .and_then(|n| run.g.try_reserve_exact(n).ok())
        .ok_or_else(|| out_of_memory(length))?;
    let length = length as usize; // reserved, so it fits
    for lo in (0..length).step_by(BLOCK) {
        let hi = length.min(lo + BLOCK);
        run.far_runs(lo, hi)?;
        for n in lo..hi {
            run.position(n, lo)?;
        }
    }
    Ok(run.g)
}

/// The state of `values`.
struct Run<'a> {
    code: &'a Code<'a>,
    hint: Sparse,
    /// The k with bit 4 of d_k, increasing.
    digits: Vec<usize>,
    budget: Budget,
    /// G on [0, n).
    g: Vec<u32>,
    /// The rare positions below n, increasing.
    rare: Vec<u32>,
    /// The block's far marks: `width` words a position (module docs).
    rows: Vec<u64>,
    /// The words of a row: M/64 when the block started (far pairs have
    /// values below that M).
    width: usize,
    /// The marks of the position being computed.
    marks: Marks,
    /// Per split of n: (index of its digit in `digits`, s, next a of
    /// step 3).
    cursors: Vec<(usize, usize, usize)>,
    /// `recent[(x·D + j)·WAYS ..][..WAYS]`: the last heaps b (0: none)
    /// whose pair (b, s − b) first marked x for the j-th digit, D digits.
    recent: Vec<u32>,
}

impl Run<'_> {
    /// Step 2 for the far rare r of the block [lo, hi), in runs over n.
    fn far_runs(&mut self, lo: usize, hi: usize) -> Result<(), Failure> {
        let width = self.marks.words();
        self.width = width;
        let far = self.far(lo);
        let far = &self.rare[far];
        let mut pairs = 0u64;
        for &k in &self.digits {
            for &r in far {
                pairs += hi.saturating_sub(lo.max(k + r as usize + 1)) as u64;
            }
        }
        let budget = &mut self.budget;
        budget.spend(pairs, lo as u64)?;
        let (g, rows) = (&self.g, &mut self.rows);
        let room = (hi - lo) * width;
        if rows.len() < room {
            rows.try_reserve_exact(room - rows.len())
                .map_err(|_| out_of_memory(room as u64))?;
        }
        rows.clear();
        rows.resize(room, 0);
        for &k in &self.digits {
            for &r in far {
                let r = r as usize;
                let start = lo.max(k + r + 1);
                let own = g[r];
                // n − k − r for n in [start, hi): below lo (module docs).
                let partners = &g[start - k - r..hi - k - r];
                for (i, &y) in (start - lo..).zip(partners) {
                    let x = (own ^ y) as usize;
                    rows[i * width + x / 64] |= 1 << (x % 64);
                }
            }
        }
        Ok(())
    }

    /// Where the far rare r of the block starting at lo are in `rare`:
    /// `BLOCK` ≤ r < lo.
    fn far(&self, lo: usize) -> std::ops::Range<usize> {
        let from = self.rare.partition_point(|&r| (r as usize) < BLOCK);
        let to = self.rare.partition_point(|&r| (r as usize) < lo);
        from..to.max(from)
    }

    /// Steps 1 to 4 at n, in the block starting at lo.
    fn position(&mut self, n: usize, lo: usize) -> Result<(), Failure> {
        let big = n as u64;
        let width = self.width;
        let words = self.marks.words().max(width) as u64;
        self.budget.spend(3 * self.code.len() + 4 + words, big)?;
        self.marks.start(&self.rows[(n - lo) * width..][..width]);
        let (g, marks) = (&self.g, &mut self.marks);
        for_each_single_option(self.code, g, big, |x| marks.set(x));
        // Step 2 for the rare r that are not far: r < BLOCK, or r ≥ lo.
        let near = self.rare.partition_point(|&r| (r as usize) < BLOCK);
        let recent = self.rare.partition_point(|&r| (r as usize) < lo).max(near);
        self.cursors.clear();
        for (j, &k) in self.digits.iter().enumerate() {
            if k + 2 > n {
                continue;
            }
            let s = n - k;
            let below = self.rare.partition_point(|&r| (r as usize) < s);
            let (first, second) = (near.min(below), recent.min(below)..below);
            self.budget.spend((first + second.len()) as u64, big)?;
            let (g, seen) = (&self.g[..], &mut self.marks.seen[..]);
            mark_rare_pairs(seen, g, &self.rare[..first], s);
            mark_rare_pairs(seen, g, &self.rare[second], s);
            self.cursors.push((j, s, 1));
        }
        let value = self.mex(big)?;
        self.marks.cover(value)?;
        let room = self.marks.room() * self.digits.len() * WAYS;
        if room > self.recent.len() {
            self.recent
                .try_reserve_exact(room - self.recent.len())
                .map_err(|_| out_of_memory(room as u64))?;
            self.recent.resize(room, 0);
        }
        // Rare positions matter only to splits (a code without a split
        // digit keeps none: its memory is then G alone).
        if !self.digits.is_empty() && n >= 1 && self.hint.class(big, value) == 0 {
            self.rare.try_reserve(1).map_err(|_| out_of_memory(big))?;
            // n < L ≤ 2^32 (admitted).
            self.rare
                .push(u32::try_from(n).map_err(|_| out_of_memory(big))?);
        }
        self.g.push(value);
        Ok(())
    }

    /// Step 3: the least unmarked value once no split is open for it.
    /// Before the cursors move for a value w, the pairs that last gave w
    /// for the same digit (`recent`) are tried: any pair (b, s − b) with
    /// 1 ≤ b < s is an option, so trying them first changes the time only.
    fn mex(&mut self, n: u64) -> Result<u32, Failure> {
        let (g, hint, marks) = (&self.g[..], self.hint, &mut self.marks);
        let (recent, digits) = (&mut self.recent, self.digits.len());
        let scan = marks.words() as u64;
        let mut w = marks.least_unmarked(0);
        let mut recalled = usize::MAX;
        while w < marks.room() {
            // w < M ≤ 2^32 (M the least power of two above values ≤ n).
            let parity = hint.parity(u32::try_from(w).map_err(|_| out_of_memory(n))?);
            if recalled != w {
                recalled = w;
                let mut tries = 0;
                for &(j, s, _) in &self.cursors {
                    if parity == hint.mixed_parity(s as u64) {
                        continue;
                    }
                    for &b in &recent[(w * digits + j) * WAYS..][..WAYS] {
                        let b = b as usize;
                        if marks.seen[w] == 1 || b == 0 || b >= s {
                            break;
                        }
                        tries += 1;
                        marks.seen[(g[b] ^ g[s - b]) as usize] = 1;
                    }
                }
                self.budget.spend(2 * tries, n)?;
                if marks.seen[w] == 1 {
                    w = marks.least_unmarked(w);
                    continue;
                }
            }
            let mut open = 0;
            for &mut (j, s, ref mut a) in self.cursors.iter_mut() {
                if parity == hint.mixed_parity(s as u64) || *a > s / 2 {
                    continue;
                }
                let end = (*a + STEP).min(s / 2 + 1);
                open += end - *a;
                let seen = &mut marks.seen[..];
                for b in *a..end {
                    let x = (g[b] ^ g[s - b]) as usize;
                    if seen[x] == 0 {
                        seen[x] = 1;
                        // b < s < L ≤ 2^32 (admitted), so it fits.
                        let heap = u32::try_from(b).map_err(|_| out_of_memory(n))?;
                        let slots = &mut recent[(x * digits + j) * WAYS..][..WAYS];
                        slots.rotate_right(1);
                        slots[0] = heap;
                    }
                }
                *a = end;
            }
            if open == 0 {
                break;
            }
            self.budget.spend(2 * open as u64 + scan, n)?;
            w = marks.least_unmarked(w);
        }
        // w ≤ M ≤ 2·max G + 2 ≤ 2n + 2; and G(n) ≤ n < L ≤ 2^32.
        u32::try_from(w).map_err(|_| out_of_memory(n))
    }
}

/// Marks G(r) ⊕ G(s − r) for every r of `rare` (each below s), given G
/// below s in `g` (step 2, position by position).
fn mark_rare_pairs(seen: &mut [u8], g: &[u32], rare: &[u32], s: usize) {
    for &r in rare {
        let r = r as usize;
        seen[(g[r] ^ g[s - r]) as usize] = 1;
    }
}

/// The mark table of one position: a byte a value below M (a power of
/// two, at least 64), 1 when marked (plain stores: no chain of
/// read-modify-writes on one word).
#[derive(Default)]
struct Marks {
    seen: Vec<u8>,
}

impl Marks {
    /// M, the values the table holds.
    fn room(&self) -> usize {
        self.seen.len()
    }

    /// M/64, the words of a row.
    fn words(&self) -> usize {
        self.seen.len().div_ceil(64).max(1)
    }

    /// Starts a position with the marks of its row (bit x of the row: x
    /// marked; the row is at most M/64 words, the table only grows).
    fn start(&mut self, row: &[u64]) {
        let room = (row.len() * 64).max(self.seen.len()).max(64);
        self.seen.resize(room, 0);
        self.seen.fill(0);
        for (i, &word) in row.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                self.seen[i * 64 + bits.trailing_zeros() as usize] = 1;
                bits &= bits - 1;
            }
        }
    }

    /// Marks x, which is below M (every option value is).
    fn set(&mut self, x: u32) {
        self.seen[x as usize] = 1;
    }

    /// The least unmarked value at least `from` (every value below `from`
    /// is marked), or M when there is none.
    fn least_unmarked(&self, from: usize) -> usize {
        self.seen[from.min(self.room())..]
            .iter()
            .position(|&b| b == 0)
            .map_or(self.room(), |i| from + i)
    }

    /// Grows the table to the least power of two above `value` (so that it
    /// stays above every G computed).
    fn cover(&mut self, value: u32) -> Result<(), Failure> {
        let room = (value as usize + 1).next_power_of_two().max(64);
        if room > self.room() {
            self.seen
                .try_reserve_exact(room - self.room())
                .map_err(|_| out_of_memory(room as u64))?;
            self.seen.resize(room, 0);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    //! The computation against the direct mex (`Grundy`) past a few
    //! hundred positions, under every kind of hint.
    use super::*;
    use crate::format::SparseHint;
    use crate::octal::Grundy;

    #[test]
    fn the_values_are_the_direct_mex_under_every_hint() {
        const LENGTH: u64 = 1500;
        let limits = Limits {
            max_work: u64::MAX,
            ..Limits::default()
        };
        for text in [
            "0.77", "0.354", "0.376", "0.137", "0.4", "0.16", "4.07", "0.6", "4.0", "0.007",
        ] {
            let code = Code::parse(text).unwrap();
            let mut direct = Grundy::new(LENGTH).unwrap();
            let expected: Vec<u32> = (0..LENGTH).map(|_| direct.next(&code).unwrap()).collect();
            for mask in [0, 1, 3, 0xFE, 0x3F, u32::MAX] {
                for position_parity in [None, Some(0), Some(1)] {
                    let hint = Sparse::read(&SparseHint {
                        mask,
                        position_parity,
                    })
                    .unwrap();
                    let got = values(&code, hint, LENGTH, &limits).unwrap();
                    assert_eq!(got, expected, "{text} mask {mask} {position_parity:?}");
                }
            }
        }
    }

    /// Past two blocks, so that the far rare positions are marked in runs
    /// (mask 0 makes every position rare).
    #[test]
    fn the_values_are_the_direct_mex_past_two_blocks() {
        let length = 2 * BLOCK as u64 + 300;
        let limits = Limits {
            max_work: u64::MAX,
            ..Limits::default()
        };
        for text in ["0.354", "0.376", "0.77", "4.07"] {
            let code = Code::parse(text).unwrap();
            let mut direct = Grundy::new(length).unwrap();
            let expected: Vec<u32> = (0..length).map(|_| direct.next(&code).unwrap()).collect();
            for (mask, position_parity) in [(0, None), (0xFE, None), (0x3F, None), (1, Some(0))] {
                let hint = Sparse::read(&SparseHint {
                    mask,
                    position_parity,
                })
                .unwrap();
                let got = values(&code, hint, length, &limits).unwrap();
                assert_eq!(got, expected, "{text} mask {mask}");
            }
        }
    }

    #[test]
    fn the_least_unmarked_value_skips_full_words() {
        let mut marks = Marks::default();
        marks.start(&[0]);
        marks.cover(200).unwrap();
        marks.start(&[0, 0, 0, 0]);
        assert_eq!(marks.room(), 256);
        for x in 0..130 {
            marks.set(x);
        }
        marks.set(131);
        assert_eq!(marks.least_unmarked(0), 130);
        assert_eq!(marks.least_unmarked(129), 130);
        marks.set(130);
        assert_eq!(marks.least_unmarked(130), 132);
        for x in 0..256 {
            marks.set(x);
        }
        assert_eq!(marks.least_unmarked(3), 256);
    }
}
