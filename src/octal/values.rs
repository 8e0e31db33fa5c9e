//! The nim-sequence G(n) of an octal game, by the mex rule, two ways.
//!
//! G(n) = mex of the option values of a heap of n (Winning Ways, ch. 4):
//! 0 for taking a whole heap of k (bit 1 of d_k), G(n − k) for leaving one
//! heap (bit 2), and G(a) ⊕ G(n − k − a) for 1 ≤ a ≤ (n − k)/2 for leaving
//! two (bit 4).
//!
//! - [`Method::Direct`] lists every option: about (n − k)/2 pairs for each
//!   splitting digit, so O(n²) for the sequence up to n.
//! - [`Method::Rare`] uses the *sparse space* of the sequence (Winning Ways,
//!   ch. 4, "Sparse space spells speed"; A. Flammenkamp's tables). A bit
//!   mask m and a position parity split the positions into *rare* ones
//!   (class 0) and *common* ones (class 1), where
//!   class(n) = π(G(n)) ⊕ e·((n + f) mod 2), π(v) = parity of the 1-bits of
//!   v ∧ m. Since π(x ⊕ y) = π(x) ⊕ π(y) and (a + f) + (b + f) ≡ a + b, a
//!   split a + b = s has π(G(a) ⊕ G(b)) = class(a) ⊕ class(b) ⊕ e·(s mod 2).
//!   So the option values of parity P_s = 1 ⊕ e·(s mod 2) come **only** from
//!   pairs with exactly one rare heap: listing the pairs (r, s − r) over the
//!   rare positions r gives every one of them. A value v of the other
//!   parity is an option only through a pair of one class, and is searched
//!   for pair by pair, stopping at the first hit. When few positions are
//!   rare this costs O(#rare) per position plus the searches, which end
//!   early for every value but the mex.
//!
//!   The options of a split s (the pairs a + (s − a)) do not depend on the
//!   position: the split s of n by k is the split of n + 1 by k + 1. So
//!   what a split's listing and search found is kept (`SplitMemo`) and
//!   serves the next positions with that split: with consecutive
//!   splitting digits (0.354 and 0.376 split after removing 2 or 3) each
//!   split is listed once instead of twice, and its search goes on where it
//!   stopped. While every value is below 256 the loops read G as bytes
//!   (0.376's rare pairs reach 1.1 million positions back).
//!
//!   The result is the mex of the option values whichever mask is chosen:
//!   the mask only decides what is listed and what is searched, never what
//!   counts as an option. The mask is chosen from **whole-prefix** counts:
//!   a histogram c[v, n mod 2] of the values computed so far is kept up to
//!   date as each value is pushed, and for counts c the number of rare
//!   positions under (m, e, f) is (N + e'·Σ c[v, b]·(−1)^(π(v) ⊕ e·b))/2
//!   with e' = −1 for f = 1 and +1 otherwise (a Walsh–Hadamard transform
//!   of c gives every mask at once, `rare_counts`). It is chosen again at
//!   doubling checkpoints, and replaced only when the new split has at most
//!   three quarters of the current rare positions (re-listing them costs
//!   O(n)). A window of recent values is not enough: on 0.376 the last
//!   4,096 values at n = 2^22 are 4-periodic with 4 distinct values, a mask
//!   with no rare position among them makes 245,000 of the prefix rare,
//!   where the best whole-prefix mask makes 509. With many rare
//!   positions a position is computed directly.
//!
//! Both methods count their work (pairs looked at) so a caller can stop at
//! a bound; [`super::estimate`] bounds the count before the work (three-heap
//! splits make it cubic in n).

use super::code::OctalCode;

/// How G is computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum Method {
    /// Every option listed: O(n) pairs per position.
    Direct,
    /// Rare values (sparse space): the pairs with a rare heap listed,
    /// the others searched.
    Rare,
}

/// The first position computed by the sparse-space method; the mask is
/// chosen from the values before it.
const WARM_UP: usize = 256;
/// Masks are tried up to this many bits.
const MASK_BITS: u32 = 12;
/// `OctalSequence::narrow` is kept while `bound` is at most this.
const NARROW: usize = 256;

/// The moves of one heap size, by what they leave: the k of each kind
/// (k = 0 for the splits of d0).
#[derive(Clone, Debug)]
struct Rules {
    take_all: Vec<usize>,
    leave_one: Vec<usize>,
    leave_two: Vec<usize>,
    leave_three: Vec<usize>,
    /// Grundy's game: a split into two heaps must make them unequal.
    unequal: bool,
}

impl Rules {
    /// How many splits s = n − k a position has at most apart: the slots
    /// of [`SplitMemo`]s that keep every split of a position apart
    /// (max k − min k + 1, at least 1).
    fn split_span(&self) -> usize {
        let (low, high) = (self.leave_two.iter().min(), self.leave_two.iter().max());
        low.zip(high).map_or(1, |(low, high)| high - low + 1)
    }

    /// The largest a of a split a + (s − a), a ≤ s − a (a < s − a for
    /// unequal splits).
    fn last_a(&self, s: usize) -> usize {
        if self.unequal {
            (s - 1) / 2
        } else {
            s / 2
        }
    }
}

/// Option values seen, as stamps: `seen[v] == stamp` means v is an option.
#[derive(Clone, Debug, Default)]
struct Marks {
    seen: Vec<u32>,
    stamp: u32,
}

impl Marks {
    /// Starts a new position whose option values are below `bound`.
    fn clear(&mut self, bound: usize) {
        if self.seen.len() < bound {
            self.seen.resize(bound, 0);
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
    }

    fn mark(&mut self, v: u32) {
        self.seen[v as usize] = self.stamp;
    }

    fn has(&self, v: u32) -> bool {
        self.seen[v as usize] == self.stamp
    }
}

/// What is known of the option values G(a) ⊕ G(s − a) of one split s
/// (kept from position to position: the split s of n by k is the split of
/// n + 1 by k + 1).
#[derive(Clone, Debug)]
struct SplitMemo {
    /// The split, `usize::MAX` for none.
    s: usize,
    /// The rare list (`OctalSequence::listing`) whose pairs (r, s − r) are
    /// in `known`, 0 for none.
    listed: u64,
    /// The pairs a + (s − a) with a < `cursor` (from 1) are in `known`.
    cursor: usize,
    /// known\[v\] = 1: v is the value of a listed or scanned pair.
    known: Vec<u8>,
}

impl Default for SplitMemo {
    fn default() -> Self {
        SplitMemo {
            s: usize::MAX,
            listed: 0,
            cursor: 1,
            known: Vec::new(),
        }
    }
}

impl SplitMemo {
    /// Makes this the memo of split `s` with values below `bound`: kept if
    /// it is already, emptied otherwise.
    fn take(&mut self, s: usize, bound: usize) {
        if self.s != s {
            self.s = s;
            self.listed = 0;
            self.cursor = 1;
            self.known.clear();
        }
        // At least NARROW entries: the byte loops index them by a byte.
        if self.known.len() < bound.max(NARROW) {
            self.known.resize(bound.max(NARROW), 0);
        }
    }
}

/// A mask and a position parity: class(n) = π(G(n)) ⊕ e·((n + f) mod 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Sparse {
    mask: u32,
    /// e·… : `None` for e = 0, `Some(f)` for e = 1 with offset f.
    domain: Option<u32>,
}

impl Sparse {
    fn parity(&self, v: u32) -> u32 {
        (v & self.mask).count_ones() & 1
    }

    fn class(&self, n: usize, v: u32) -> u32 {
        let shift = self.domain.map_or(0, |f| (n as u32).wrapping_add(f) & 1);
        self.parity(v) ^ shift
    }

    /// P_s: the parity of the values that only mixed pairs give for a split
    /// of s.
    fn mixed_parity(&self, s: usize) -> u32 {
        1 ^ (self.domain.is_some() as u32 & s as u32 & 1)
    }
}

/// The nim-sequence of one octal game, extended on demand.
#[derive(Clone, Debug)]
pub struct OctalSequence {
    rules: Rules,
    method: Method,
    values: Vec<u32>,
    /// 2^B with every value below it (so every XOR of values too).
    bound: usize,
    /// G as bytes while `bound` ≤ 256 (empty after): what the loops over
    /// pairs read, a quarter of the memory of `values` (0.376's rare
    /// pairs reach back 1.1 million positions: 1.1 MB of bytes stay in
    /// the cache where 4.5 MB of `u32`s do not).
    narrow: Vec<u8>,
    marks: Marks,
    sparse: Option<Sparse>,
    /// The rare positions ≥ 1, increasing.
    rare: Vec<u32>,
    /// G of each of `rare`.
    rare_values: Vec<u32>,
    /// When to choose the mask again: at this position, or when the rare
    /// positions reach `regrown` (half as many again as when the mask was
    /// chosen: values of a new bit can make a chosen mask poor, as Grundy's
    /// game's first values ≥ 256 do for the mask 0b11111110).
    next_choice: usize,
    regrown: usize,
    /// What is known of the splits s in use ([`SplitMemo`]), slot
    /// s mod the number of slots: a split s of n by k is the split of
    /// n + j by k + j, so its listed and scanned pairs serve again.
    memos: Vec<SplitMemo>,
    /// The slots of the splits of the position being computed.
    in_use: Vec<usize>,
    /// options\[v\] = 1: v is an option of the position being computed by
    /// leaving one heap or three (`merge_options`; the splits into two are
    /// in their memos, [`first_free`] reads both). Its length is
    /// [`Self::width`], and between positions it is all 0 for codes with
    /// no three-heap split.
    options: Vec<u8>,
    /// Counts the rare lists: a memo's listed pairs are complete for the
    /// list of this number only.
    listing: u64,
    /// c[2v + (n mod 2)]: how many positions n ≥ 1 computed so far have
    /// G(n) = v (length 2·`bound`).
    counts: Vec<u64>,
    /// For codes with three-heap splits: T(m), the distinct values
    /// G(a) ⊕ G(m − a), 1 ≤ a < m, for every m computed so far, increasing.
    pair_values: Vec<Vec<u32>>,
    work: u64,
}

impl OctalSequence {
    /// The sequence of `code`, empty, to be computed by `method`.
    pub fn new(code: &OctalCode, method: Method) -> Self {
        let to_usize = |ks: Vec<u64>| ks.into_iter().map(|k| k as usize).collect();
        Self::with_rules(
            Rules {
                take_all: to_usize(code.take_all()),
                leave_one: to_usize(code.leave_one()),
                leave_two: to_usize(code.leave_two()),
                leave_three: to_usize(code.leave_three()),
                unequal: false,
            },
            method,
        )
    }

    /// The sequence of Grundy's game (split one heap into two unequal
    /// heaps; OEIS A002188), empty, to be computed by `method`.
    pub fn grundys_game(method: Method) -> Self {
        Self::with_rules(
            Rules {
                take_all: Vec::new(),
                leave_one: Vec::new(),
                leave_two: vec![0],
                leave_three: Vec::new(),
                unequal: true,
            },
            method,
        )
    }

    fn with_rules(rules: Rules, method: Method) -> Self {
        OctalSequence {
            memos: vec![SplitMemo::default(); rules.split_span().next_power_of_two()],
            rules,
            method,
            values: Vec::new(),
            bound: 1,
            narrow: Vec::new(),
            marks: Marks::default(),
            sparse: None,
            rare: Vec::new(),
            rare_values: Vec::new(),
            next_choice: WARM_UP,
            regrown: usize::MAX,
            in_use: Vec::new(),
            options: Vec::new(),
            listing: 1,
            counts: vec![0; 2],
            pair_values: Vec::new(),
            work: 0,
        }
    }

    /// G(0), …, G(n − 1) for the n computed so far.
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// G(0), …, G(n − 1), the sequence given up.
    pub fn into_values(self) -> Vec<u32> {
        self.values
    }

    /// Pairs looked at so far (plus one per position).
    pub fn work(&self) -> u64 {
        self.work
    }

    /// |T(m)| for each pair set recorded so far (codes with three-heap
    /// splits): what the estimate of the work (`super::estimate`) bounds by
    /// ⌊m/2⌋.
    #[cfg(test)]
    pub(crate) fn pair_set_sizes(&self) -> Vec<usize> {
        self.pair_values.iter().map(Vec::len).collect()
    }

    /// The number of rare positions under the current mask (0 for the
    /// direct method).
    pub fn rare_count(&self) -> usize {
        self.rare.len()
    }

    /// The current sparse-space split, as (mask, position parity): class(n)
    /// = popcount(G(n) & mask) mod 2, XOR (n + f) mod 2 for `Some(f)`.
    /// `None` before a mask is chosen (and for the direct method).
    pub fn sparse_hint(&self) -> Option<(u32, Option<u32>)> {
        self.sparse.map(|s| (s.mask, s.domain))
    }

    /// Takes `values` as G on [0, values.len()) (a run's saved state, see
    /// `long_run`) in place of whatever was computed: the histogram and
    /// bound are rebuilt from them and the mask is chosen again at the next
    /// position. The values are trusted, not recomputed.
    pub fn resume(&mut self, values: Vec<u32>) {
        let n = values.len();
        *self = Self::with_rules(self.rules.clone(), self.method);
        for (i, &v) in values.iter().enumerate() {
            while v as usize >= self.bound {
                self.bound *= 2;
            }
            if i >= 1 {
                self.count(i, v);
            }
            self.push_narrow(v);
        }
        self.values = values;
        self.next_choice = n.max(WARM_UP);
    }

    /// Keeps `narrow` = G as bytes while every value is below 256.
    fn push_narrow(&mut self, v: u32) {
        match u8::try_from(v) {
            Ok(byte) if self.bound <= NARROW => self.narrow.push(byte),
            _ => self.narrow = Vec::new(),
        }
    }

    /// Makes room for G up to position `n` ahead of computing it: when the
    /// values would not fit, room for 4n of them at once (at most `most`,
    /// at least n), and for as many bytes while every value is below 256.
    /// A run that grows step by step (`period::solve`) then copies its
    /// values about a third of a time in all, where growing by doubling
    /// copies them once and writes each copy to fresh pages, which the
    /// kernel zeroes first (on the 2-core AMD EPYC VM zeroing fresh pages
    /// was 9 % of the CPU of `nimcert octal 0.354`). The room not written
    /// is address space only.
    pub fn reserve_ahead(&mut self, n: usize, most: usize) {
        if self.values.capacity() >= n {
            return;
        }
        let room = n.saturating_mul(4).min(most).max(n);
        self.values
            .reserve_exact(room.saturating_sub(self.values.len()));
        if self.bound <= NARROW {
            self.narrow
                .reserve_exact(room.saturating_sub(self.narrow.len()));
        }
    }

    /// Computes G up to position `n` (exclusive), or stops when the work
    /// passes `max_work` (returning false; the values so far are kept).
    pub fn extend_to(&mut self, n: usize, max_work: u64) -> bool {
        let more = n.saturating_sub(self.values.len());
        self.values.reserve(more);
        if self.bound <= NARROW {
            self.narrow.reserve(more);
        }
        while self.values.len() < n {
            if self.work > max_work {
                return false;
            }
            self.push_next();
        }
        true
    }

    /// Computes the next value.
    fn push_next(&mut self) {
        let n = self.values.len();
        if self.method == Method::Rare && (n >= self.next_choice || self.rare.len() >= self.regrown)
        {
            self.choose_mask();
            self.next_choice = n.saturating_mul(2);
        }
        // Every option value is an XOR of values below `bound`, so below it;
        // the mex is at most `bound`.
        if !self.rules.leave_three.is_empty() {
            self.record_pair_values(n);
        }
        self.marks.clear(self.bound + 1);
        self.mark_single_heaps(n);
        if !self.rules.leave_three.is_empty() {
            self.mark_three_heaps(n);
        }
        let v = match self.sparse {
            Some(sparse) if self.rare.len() * 4 < n => self.mex_sparse(n, sparse),
            _ => self.mex_direct(n),
        };
        self.work += 1;
        self.values.push(v);
        while v as usize >= self.bound {
            self.bound *= 2;
        }
        self.push_narrow(v);
        if n >= 1 {
            self.count(n, v);
        }
        if let Some(sparse) = self.sparse {
            if n >= 1 && sparse.class(n, v) == 0 {
                self.rare.push(n as u32);
                self.rare_values.push(v);
            }
        }
    }

    /// Marks 0 for taking a whole heap and G(n − k) for leaving one.
    fn mark_single_heaps(&mut self, n: usize) {
        for v in single_heap_options(&self.rules, &self.values, n) {
            self.marks.mark(v);
        }
    }

    /// Records T(n − 1), the last pair set not yet known (T(m) needs G
    /// below m only): the distinct G(a) ⊕ G(m − a), 1 ≤ a ≤ m/2, found with
    /// the mark table (which the position then clears again).
    fn record_pair_values(&mut self, n: usize) {
        while self.pair_values.len() < n {
            let m = self.pair_values.len();
            self.marks.clear(self.bound + 1);
            let mut set = Vec::new();
            for a in 1..=m / 2 {
                let x = self.values[a] ^ self.values[m - a];
                if !self.marks.has(x) {
                    self.marks.mark(x);
                    set.push(x);
                }
            }
            self.work += (m / 2) as u64;
            self.pair_values.push(set);
        }
    }

    /// Marks G(a) ⊕ G(b) ⊕ G(c) for every split a + b + c = n − k into three
    /// non-empty heaps (bit 8 of d_k): with a the smallest heap, a ≤ s/3,
    /// and G(b) ⊕ G(c) ranges over T(s − a) ([`Self::record_pair_values`]).
    fn mark_three_heaps(&mut self, n: usize) {
        let (g, stamp) = (&self.values, self.marks.stamp);
        let seen = &mut self.marks.seen;
        let mut work = 0;
        for &k in &self.rules.leave_three {
            if n < k + 3 {
                continue;
            }
            let s = n - k;
            for a in 1..=s / 3 {
                let pairs = &self.pair_values[s - a];
                for &x in pairs {
                    seen[(g[a] ^ x) as usize] = stamp;
                }
                work += pairs.len() as u64;
            }
        }
        self.work += work;
    }

    fn mex(&self) -> u32 {
        (0..)
            .find(|&v| !self.marks.has(v))
            .expect("the mex is at most bound")
    }

    /// [`Method::Direct`]: every pair of every split.
    fn mex_direct(&mut self, n: usize) -> u32 {
        let g = &self.values;
        let mut work = 0;
        for k in &self.rules.leave_two {
            if n < k + 2 {
                continue;
            }
            let s = n - k;
            let last = self.rules.last_a(s);
            for a in 1..=last {
                self.marks.seen[(g[a] ^ g[s - a]) as usize] = self.marks.stamp;
            }
            work += last as u64;
        }
        self.work += work;
        self.mex()
    }

    /// [`Method::Rare`]: the pairs with a rare heap listed; then for each
    /// candidate v from 0 up that is not yet an option, the pairs of the
    /// splits that could still give v are scanned (marking every value they
    /// give) until v turns up or the splits run out, in which case v is the
    /// mex. What each split's listing and scan found is kept in its
    /// [`SplitMemo`], so no pair is looked at twice, at this position or
    /// the next ones that have the same split.
    fn mex_sparse(&mut self, n: usize, sparse: Sparse) -> u32 {
        let mut in_use = std::mem::take(&mut self.in_use);
        in_use.clear();
        let slots = self.memos.len();
        let width = self.width();
        for k in 0..self.rules.leave_two.len() {
            let k = self.rules.leave_two[k];
            if n < k + 2 {
                continue;
            }
            let s = n - k;
            let slot = s & (slots - 1);
            self.memos[slot].take(s, width);
            if self.memos[slot].listed != self.listing {
                self.list_rare_pairs(slot);
            }
            in_use.push(slot);
        }
        self.merge_options(n, width);
        let mut v = 0;
        loop {
            // The least value not known as an option (the mex is at most
            // `bound`, so one is).
            v = first_free(&self.options, &self.memos, &in_use, v)
                .expect("the mex is at most bound");
            if !self.scan_for(&in_use, sparse, v as u32) {
                break;
            }
            v += 1;
        }
        if self.rules.leave_three.is_empty() {
            for v in single_heap_options(&self.rules, &self.values, n) {
                self.options[v as usize] = 0;
            }
        }
        self.in_use = in_use;
        v as u32
    }

    /// The length of the option tables: every value up to `bound`, at
    /// least [`NARROW`] (the byte loops index them by a byte), a multiple
    /// of 8 ([`first_free`] reads words).
    fn width(&self) -> usize {
        ((self.bound + 1).max(NARROW) + 7) & !7
    }

    /// options\[v\] = 1 for the values marked (single heaps, three heaps),
    /// `width` long.
    fn merge_options(&mut self, n: usize, width: usize) {
        match self.rules.leave_three.is_empty() {
            // The marks are the single heaps' few options: set them (and
            // unset them after the position, `mex_sparse`), not read every
            // stamp.
            true => {
                if self.options.len() != width {
                    self.options.clear();
                    self.options.resize(width, 0);
                }
                for v in single_heap_options(&self.rules, &self.values, n) {
                    self.options[v as usize] = 1;
                }
            }
            false => {
                let stamp = self.marks.stamp;
                let marked = &self.marks.seen[..=self.bound];
                self.options.clear();
                self.options
                    .extend(marked.iter().map(|&seen| u8::from(seen == stamp)));
                self.options.resize(width, 0);
            }
        }
    }

    /// Lists the pairs (r, s − r) with r rare of the memo's split s into its
    /// `known` values: every option value of parity P_s
    /// ([`Sparse::mixed_parity`]).
    fn list_rare_pairs(&mut self, slot: usize) {
        let memo = &mut self.memos[slot];
        let s = memo.s;
        // Usually every rare position is below s: no search then.
        let count = match self.rare.last() {
            Some(&last) if (last as usize) < s => self.rare.len(),
            _ => self.rare.partition_point(|&r| (r as usize) < s),
        };
        let (rare, rare_values) = (&self.rare[..count], &self.rare_values[..count]);
        // Unequal splits: the pair (s/2, s/2) is no option.
        let half = match self.rules.unequal && s.is_multiple_of(2) {
            true => rare.partition_point(|&r| (r as usize) < s / 2),
            false => count,
        };
        let skip = usize::from(rare.get(half).is_some_and(|&r| r as usize * 2 == s));
        for range in [0..half, half + skip..count] {
            let (rare, values) = (&rare[range.clone()], &rare_values[range]);
            match self.bound <= NARROW {
                true => {
                    let known = (&mut memo.known[..NARROW]).try_into();
                    mark_rare_narrow(&self.narrow[..s], rare, values, known.expect("256"));
                }
                false => mark_rare(&self.values[..s], rare, values, &mut memo.known),
            }
        }
        memo.listed = self.listing;
        self.work += count as u64;
    }

    /// Advances the cursors of the splits s in use whose listed pairs could
    /// miss `v` (π(v) ≠ P_s; for the others every option of v's parity is
    /// listed), marking each pair's value in the split's memo, until `v` is
    /// marked: in rounds, a run of pairs of each split in turn, the runs
    /// doubling from round to round. Whether `v` was found.
    fn scan_for(&mut self, in_use: &[usize], sparse: Sparse, v: u32) -> bool {
        let want = sparse.parity(v);
        let narrow = self.bound <= NARROW;
        let mut run = 8;
        let mut work = 0;
        let found = loop {
            let mut open = false;
            let mut found = false;
            for &slot in in_use {
                let memo = &mut self.memos[slot];
                let s = memo.s;
                let end = (memo.cursor + run).min(self.rules.last_a(s) + 1);
                if memo.cursor >= end || sparse.mixed_parity(s) == want {
                    continue;
                }
                open = true;
                let start = memo.cursor;
                let known = &mut memo.known[..];
                let (a, hit) = match narrow {
                    true => scan_pairs_narrow(&self.narrow, s, start..end, v, known),
                    false => scan_pairs(&self.values, s, start..end, v, known),
                };
                found = hit;
                memo.cursor = a;
                work += (a - start) as u64;
                if found {
                    break;
                }
            }
            if found || !open {
                break found;
            }
            run *= 2;
        };
        self.work += work;
        found
    }

    /// Adds G(n) = v to the histogram c[v, n mod 2].
    fn count(&mut self, n: usize, v: u32) {
        if self.counts.len() < 2 * self.bound {
            self.counts.resize(2 * self.bound, 0);
        }
        self.counts[2 * v as usize + (n & 1)] += 1;
    }

    /// The position parities worth trying: with splitting digits of both
    /// parities a position parity makes P_s differ between the splits of
    /// one heap, so that some split must be searched for every value; then
    /// only the value parity is used.
    fn domains(&self) -> &'static [Option<u32>] {
        let split_parities = self.rules.leave_two.iter().map(|k| k & 1);
        if split_parities.clone().min() == split_parities.max() {
            &[None, Some(0), Some(1)]
        } else {
            &[None]
        }
    }

    /// Chooses the mask and parity with the fewest rare positions over the
    /// whole prefix (from the histogram, [`rare_counts`]; the first such in
    /// the order of masks, then of `domains`), and switches to it when it
    /// has at most three quarters of the current rare positions, listing
    /// them anew.
    fn choose_mask(&mut self) {
        let n = self.values.len();
        let Some((fewest, sparse)) = self.best_split() else {
            return;
        };
        if self.sparse.is_some() && 4 * fewest > 3 * self.rare.len() as u64 {
            self.regrown = self.rare.len() + self.rare.len() / 2 + 64;
            return;
        }
        self.sparse = Some(sparse);
        self.listing += 1;
        self.rare.clear();
        self.rare_values.clear();
        for (i, &v) in self.values.iter().enumerate().skip(1) {
            if sparse.class(i, v) == 0 {
                self.rare.push(i as u32);
                self.rare_values.push(v);
            }
        }
        self.work += n as u64;
        self.regrown = self.rare.len() + self.rare.len() / 2 + 64;
    }

    /// The split with the fewest rare positions over the whole prefix
    /// (from the histogram, [`rare_counts`]; the first such in the order
    /// of masks, then of `domains`), with that count.
    fn best_split(&mut self) -> Option<(u64, Sparse)> {
        let bits = (32 - (self.bound as u32).leading_zeros()).min(MASK_BITS);
        let rare = rare_counts(&self.counts, bits);
        self.work += rare.len() as u64 * u64::from(bits + 1);
        let mut best: Option<(u64, Sparse)> = None;
        for mask in 1..(1u32 << bits) {
            for &domain in self.domains() {
                let count = rare[3 * mask as usize + domain.map_or(0, |f| 1 + f as usize)];
                if best.is_none_or(|(fewest, _)| count < fewest) {
                    best = Some((count, Sparse { mask, domain }));
                }
            }
        }
        best
    }

    /// The split (mask, position parity) with the fewest rare positions
    /// over all of G computed so far, and that count: the statistics the
    /// published tables give (the split in use may be an older one,
    /// [`Self::sparse_hint`]). `None` before any value past G(0).
    pub fn fewest_rare(&mut self) -> Option<((u32, Option<u32>), u64)> {
        self.best_split()
            .map(|(count, s)| ((s.mask, s.domain), count))
    }
}

/// The values of G a heap of n has as options by leaving no heap (0, bit
/// 1 of d_n) or one heap (G(n − k), bit 2 of d_k), given G below n.
fn single_heap_options<'a>(
    rules: &'a Rules,
    g: &'a [u32],
    n: usize,
) -> impl Iterator<Item = u32> + 'a {
    let whole = rules.take_all.contains(&n).then_some(0);
    let one = rules.leave_one.iter().filter(move |&&k| n > k);
    whole.into_iter().chain(one.map(move |&k| g[n - k]))
}

/// The first v ≥ `from` that is neither in `options` nor known for one of
/// the splits `in_use` (their memos' `known`), eight values at a time: the
/// tables are read as words of eight flags (`options` a multiple of 8
/// long, every memo's `known` at least as long).
fn first_free(options: &[u8], memos: &[SplitMemo], in_use: &[usize], from: usize) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let word = |table: &[u8], i: usize| u64::from_le_bytes(table[i..i + 8].try_into().expect("8"));
    let mut i = from & !7;
    let mut below = !0u64 << (8 * (from - i));
    while i + 8 <= options.len() {
        let mut flags = word(options, i);
        for &slot in in_use {
            flags |= word(&memos[slot].known, i);
        }
        let zeros = !flags & ONES & below;
        if zeros != 0 {
            return Some(i + zeros.trailing_zeros() as usize / 8);
        }
        below = !0;
        i += 8;
    }
    None
}

/// A value of G as the loops over pairs read it: a byte while every value
/// is below 256 (`OctalSequence::narrow`), a `u32` otherwise.
trait Value: Copy {
    fn get(self) -> u32;
}

impl Value for u8 {
    fn get(self) -> u32 {
        u32::from(self)
    }
}

impl Value for u32 {
    fn get(self) -> u32 {
        self
    }
}

/// Marks known[G(r) ⊕ G(s − r)] for each rare r of `rare`, 1 ≤ r < s,
/// with G(r) in `rare_values` and `window` = G on [0, s).
// Not inlined (nor are the two loops below): the loop keeps its own
// registers (inlined into `push_next` its counters spilled to the stack).
#[inline(never)]
fn mark_rare<T: Value>(window: &[T], rare: &[u32], rare_values: &[u32], known: &mut [u8]) {
    let s = window.len();
    for (&r, &x) in rare.iter().zip(rare_values) {
        known[(x ^ window[s - r as usize].get()) as usize] = 1;
    }
}

/// [`mark_rare`] with G in bytes (every value below 256, so every XOR
/// too): the table is indexed by a byte, with no bound to check.
#[inline(never)]
fn mark_rare_narrow(window: &[u8], rare: &[u32], rare_values: &[u32], known: &mut [u8; NARROW]) {
    let s = window.len();
    for (&r, &x) in rare.iter().zip(rare_values) {
        known[usize::from(x as u8 ^ window[s - r as usize])] = 1;
    }
}

/// Marks x = G(a) ⊕ G(s − a) in `known` (the split's memo) for a in
/// `range` (a ≤ s − a), in order,
/// stopping at the end of the block of eight pairs where the first pair of
/// value `v` is (or at that pair in the last, short block): the next a,
/// and whether `v` was found.
#[inline(never)]
fn scan_pairs<T: Value>(
    g: &[T],
    s: usize,
    range: std::ops::Range<usize>,
    v: u32,
    known: &mut [u8],
) -> (usize, bool) {
    // 1 ≤ a < s: both heaps are below s (s = n for a split that removes
    // nothing, d0).
    let g = &g[..s];
    let v = v as usize;
    let mut mark = |a: usize| {
        let z = (g[a].get() ^ g[s - a].get()) as usize;
        known[z] = 1;
        z
    };
    let mut a = range.start;
    // Blocks of eight pairs, `v` looked for after each block (the pairs
    // past v's in its block are options too: marking them is no error,
    // only the cursor moves up to eight pairs further).
    while a + 8 <= range.end {
        let mut hit = false;
        for a in a..a + 8 {
            hit |= mark(a) == v;
        }
        a += 8;
        if hit {
            return (a, true);
        }
    }
    for a in a..range.end {
        if mark(a) == v {
            return (a + 1, true);
        }
    }
    (range.end, false)
}

/// [`scan_pairs`] with G in bytes: eight pairs at a time, their values
/// G(a..a + 8) ⊕ G(s − a − 7..=s − a) reversed, as the bytes of one word.
#[inline(never)]
fn scan_pairs_narrow(
    g: &[u8],
    s: usize,
    range: std::ops::Range<usize>,
    v: u32,
    known: &mut [u8],
) -> (usize, bool) {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let g = &g[..s];
    let known: &mut [u8; NARROW] = (&mut known[..NARROW]).try_into().expect("256");
    let wanted = u64::from(v as u8) * ONES;
    let mut a = range.start;
    // a + 8 ≤ end ≤ s/2 + 1 keeps s − a − 7 ≥ 1.
    while a + 8 <= range.end {
        let low = u64::from_le_bytes(g[a..a + 8].try_into().expect("8"));
        let high = u64::from_le_bytes(g[s - a - 7..s - a + 1].try_into().expect("8"));
        let z = low ^ high.swap_bytes();
        for i in 0..8 {
            let x = usize::from((z >> (8 * i)) as u8);
            known[x] = 1;
        }
        a += 8;
        let t = z ^ wanted;
        if v < NARROW as u32 && (t.wrapping_sub(ONES) & !t & (ONES << 7)) != 0 {
            return (a, true);
        }
    }
    for a in a..range.end {
        let x = g[a] ^ g[s - a];
        known[usize::from(x)] = 1;
        if u32::from(x) == v {
            return (a + 1, true);
        }
    }
    (range.end, false)
}

/// The rare positions of every split, from the histogram `counts`
/// (c[2v + b]: the positions n ≥ 1 with G(n) = v and n ≡ b mod 2): entry
/// 3m + j is the count for the mask m < 2^`bits` with no position parity
/// (j = 0) or with f = j − 1.
///
/// *Proof.* Fold the counts to the low `bits` bits of v (π(v) = popcount(v ∧
/// m) mod 2 reads only those), as a table w over x = 2v + b, and take its
/// Walsh–Hadamard transform W(y) = Σ_x w(x)·(−1)^popcount(x ∧ y). With
/// N = Σ w, a class c ∈ {0, 1} is counted by (N + Σ w·(−1)^c)/2 positions
/// as rare. For y = 2m, (−1)^popcount(x ∧ y) = (−1)^π(v), the class with
/// no position parity; for y = 2m + 1 it is (−1)^(π(v) ⊕ b), the class for
/// f = 0 ((n + 0) mod 2 = b); for f = 1 the class is the complement, so its
/// count is (N − W(2m + 1))/2.
fn rare_counts(counts: &[u64], bits: u32) -> Vec<u64> {
    let size = 2usize << bits;
    let mut w = vec![0i64; size];
    for (x, &c) in counts.iter().enumerate() {
        w[x & (size - 1)] += c as i64;
    }
    let total = w.iter().sum::<i64>();
    walsh_hadamard(&mut w);
    let mut rare = vec![0; 3 * (size / 2)];
    for m in 0..size / 2 {
        let (plain, odd) = (w[2 * m], w[2 * m + 1]);
        rare[3 * m] = ((total + plain) / 2) as u64;
        rare[3 * m + 1] = ((total + odd) / 2) as u64;
        rare[3 * m + 2] = ((total - odd) / 2) as u64;
    }
    rare
}

/// The Walsh–Hadamard transform in place: w(y) ← Σ_x w(x)·(−1)^popcount(x ∧
/// y), by butterflies (a power-of-two length). Public for the bench's
/// baseline of the C++ peer's method (`benches/octal_peer.rs`), which uses
/// the same transform.
pub fn walsh_hadamard(w: &mut [i64]) {
    let mut half = 1;
    while half < w.len() {
        for block in w.chunks_mut(2 * half) {
            let (low, high) = block.split_at_mut(half);
            for (a, b) in low.iter_mut().zip(high.iter_mut()) {
                (*a, *b) = (*a + *b, *a - *b);
            }
        }
        half *= 2;
    }
}

/// G(0), …, G(n − 1) of `code` by `method`, with no bound on the work.
pub fn nim_sequence(code: &OctalCode, method: Method, n: usize) -> Vec<u32> {
    let mut sequence = OctalSequence::new(code, method);
    sequence.extend_to(n, u64::MAX);
    sequence.values
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The mex rule read off the definition: every option of every move
    /// (k = 0 for d0; three heaps for bit 8).
    fn naive(code: &OctalCode, n: usize) -> Vec<u32> {
        let mut g: Vec<u32> = Vec::new();
        for h in 0..n {
            let mut options = Vec::new();
            for k in 0..=code.t() as usize {
                let digit = code.digit(k as u64);
                if digit & 1 != 0 && h == k {
                    options.push(0);
                }
                if digit & 2 != 0 && h > k {
                    options.push(g[h - k]);
                }
                if digit & 4 != 0 && h >= k + 2 {
                    for a in 1..h - k {
                        options.push(g[a] ^ g[h - k - a]);
                    }
                }
                if digit & 8 != 0 && h >= k + 3 {
                    for a in 1..h - k {
                        for b in 1..h - k - a {
                            options.push(g[a] ^ g[b] ^ g[h - k - a - b]);
                        }
                    }
                }
            }
            g.push((0..).find(|v| !options.contains(v)).unwrap());
        }
        g
    }

    /// Grundy's game by the definition: splits into two unequal heaps
    /// (also the oracle of `octal::certify`'s tests).
    pub(crate) fn naive_grundy(n: usize) -> Vec<u32> {
        let mut g: Vec<u32> = Vec::new();
        for h in 0..n {
            let options: Vec<u32> = (1..h)
                .filter(|&a| 2 * a != h)
                .map(|a| g[a] ^ g[h - a])
                .collect();
            g.push((0..).find(|v| !options.contains(v)).unwrap());
        }
        g
    }

    #[test]
    fn both_methods_follow_the_mex_rule_on_every_two_digit_code() {
        for code in OctalCode::all_of_length(1).chain(OctalCode::all_of_length(2)) {
            let truth = naive(&code, 700);
            assert_eq!(nim_sequence(&code, Method::Direct, 700), truth, "{code}");
            assert_eq!(nim_sequence(&code, Method::Rare, 700), truth, "{code}");
        }
    }

    #[test]
    fn both_methods_follow_the_mex_rule_with_d0_and_hexadecimal_digits() {
        let mut codes: Vec<OctalCode> = Vec::new();
        for d0 in [4, 8, 12] {
            codes.push(OctalCode::with_d0(d0, &[]).unwrap());
            for d1 in 1..16 {
                codes.push(OctalCode::with_d0(d0, &[d1]).unwrap());
            }
        }
        for d1 in 0..16 {
            for d2 in 1..16 {
                codes.push(OctalCode::with_d0(0, &[d1, d2]).unwrap());
            }
        }
        for code in codes {
            let length = if code.is_octal() { 400 } else { 70 };
            let truth = naive(&code, length);
            assert_eq!(nim_sequence(&code, Method::Direct, length), truth, "{code}");
            assert_eq!(nim_sequence(&code, Method::Rare, length), truth, "{code}");
        }
    }

    #[test]
    fn grundys_game_follows_the_mex_rule_and_oeis_a002188() {
        let truth = naive_grundy(1500);
        // OEIS A002188 (offset 0), its first 24 listed terms.
        assert_eq!(
            truth[..24],
            [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0]
        );
        for method in [Method::Direct, Method::Rare] {
            let mut sequence = OctalSequence::grundys_game(method);
            sequence.extend_to(1500, u64::MAX);
            assert_eq!(sequence.values(), &truth[..], "{method:?}");
        }
    }

    /// The rare positions ≥ 1 of `values` under `sparse`, counted one by
    /// one.
    fn rare_among(values: &[u32], sparse: Sparse) -> usize {
        (1..values.len())
            .filter(|&i| sparse.class(i, values[i]) == 0)
            .count()
    }

    /// A sequence holding `values` as if computed, its mask chosen now.
    fn chosen_on(values: &[u32]) -> OctalSequence {
        let mut sequence = OctalSequence::new(&OctalCode::parse("0.376").unwrap(), Method::Rare);
        for (n, &v) in values.iter().enumerate() {
            sequence.values.push(v);
            while v as usize >= sequence.bound {
                sequence.bound *= 2;
            }
            if n >= 1 {
                sequence.count(n, v);
            }
        }
        sequence.choose_mask();
        sequence
    }

    #[test]
    fn the_mask_is_the_whole_prefix_best_not_the_recent_window_best() {
        // 3,000 ones, then 2, 4 repeated (as 0.376 at n = 2^22: a periodic
        // recent window with few values). In the window mask 6 makes no
        // position rare and comes first, but over the prefix it makes the
        // 3,000 ones rare; mask 7 makes none rare.
        let mut values = vec![0];
        values.extend(std::iter::repeat_n(1, 3000));
        values.extend([2, 4].iter().cycle().take(5000));
        let sequence = chosen_on(&values);
        let chosen = sequence.sparse.expect("a mask");
        assert_eq!(rare_among(&values, chosen), 0);
        assert_eq!(chosen.mask, 7);
        assert_eq!(sequence.rare_count(), 0);
        let window_best = Sparse {
            mask: 6,
            domain: None,
        };
        assert_eq!(rare_among(&values[3001..], window_best), 0);
        assert_eq!(rare_among(&values, window_best), 3000);
    }

    #[test]
    fn the_transform_counts_the_rare_positions_of_every_split() {
        let code = OctalCode::parse("0.16").unwrap();
        let values = nim_sequence(&code, Method::Direct, 3000);
        let sequence = chosen_on(&values);
        let rare = rare_counts(&sequence.counts, 5);
        for mask in 0..32u32 {
            for (j, domain) in [None, Some(0), Some(1)].into_iter().enumerate() {
                let sparse = Sparse { mask, domain };
                assert_eq!(
                    rare[3 * mask as usize + j] as usize,
                    rare_among(&values, sparse),
                    "{sparse:?}"
                );
            }
        }
        let best = sequence.sparse.expect("a mask");
        let fewest = (1..32u32)
            .flat_map(|mask| {
                [None, Some(0), Some(1)].map(|domain| rare_among(&values, Sparse { mask, domain }))
            })
            .min();
        assert_eq!(Some(rare_among(&values, best)), fewest);
    }

    #[test]
    fn first_free_finds_the_first_value_no_table_has() {
        // The position's table and two splits' memos, 48 flags each (a
        // multiple of 8): every value but `zero` is in one of them, by
        // turns.
        for zero in 0..48 {
            let mut options = vec![0u8; 48];
            let mut memos = vec![SplitMemo::default(); 2];
            for memo in &mut memos {
                memo.known = vec![0u8; 48];
            }
            for v in (0..48).filter(|&v| v != zero) {
                match v % 3 {
                    0 => options[v] = 1,
                    table => memos[table - 1].known[v] = 1,
                }
            }
            for from in 0..=48 {
                let expected = (zero >= from).then_some(zero);
                let found = first_free(&options, &memos, &[0, 1], from);
                assert_eq!(found, expected, "{zero} {from}");
            }
            // Without the second memo its values are free.
            let first_of_second = (0..48).find(|&v| v == zero || v % 3 == 2);
            assert_eq!(first_free(&options, &memos, &[0], 0), first_of_second);
        }
        let (full, memos) = (vec![1u8; 16], vec![SplitMemo::default()]);
        assert_eq!(first_free(&full, &memos, &[], 0), None);
    }

    #[test]
    fn kayles_starts_as_winning_ways_prints_it() {
        // Kayles (0.77), Winning Ways ch. 4: 0 1 2 3 1 4 3 2 1 4 2 6.
        let kayles = OctalCode::parse("0.77").unwrap();
        assert_eq!(
            nim_sequence(&kayles, Method::Rare, 12),
            [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
        );
    }
}
