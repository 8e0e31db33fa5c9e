//! The search for the first repeated window.
//!
//! Values are computed in chunks by a fill rule; after each chunk two kinds
//! of detectors look at the new positions. Each one finds a pair of equal
//! windows W(t) = W(e), t < e, where W(x) = (G(x − c), …, G(x − 1)); then G
//! is (e − t)-periodic from t − c, and the exact least period and
//! pre-period follow ([`finish`], [`finish_lag`]), so the answer never
//! depends on which detector fired or how late. The detectors differ only in
//! how soon they fire:
//!
//! - **lag runs**: for a candidate lag L (pair sums of the moves, which for
//!   three moves are paper A's candidate periods a + b < c + a < c + b, and
//!   a caller's hint), the last position y with G(y) ≠ G(y − L). When the
//!   last c positions all agree, W(end − L) = W(end). A chunk never runs
//!   past the first position where a run could reach c, so if the least
//!   period p is a candidate the search stops at the first repeated window
//!   itself, position q + p + c, with no overshoot, and the last
//!   disagreement gives q directly;
//! - **baby steps, giant steps**, for every other case: the windows
//!   W(A), …, W(A + S − 1) of an anchor block are compared with W(e) at
//!   every S-th position e = A + S, A + 2S, …; the differences e − (A + i)
//!   then take every value 1, 2, 3, … in turn, so once A ≥ q + c the block
//!   matches at the latest at e = A + i + p ≤ A + p + S − 1. A block that
//!   found nothing within its span R is replaced by one at the current
//!   position and R doubles (as in Brent's algorithm), so the search always
//!   ends, with an overshoot below about q + c + p + S.
//!
//! A lag run first samples its new positions (one word of letters in
//! [`SAMPLE`], compared with the word L before it): a differing sample
//! moves its disagreement on, which before the pre-period ends is nearly
//! always the case, at a [`SAMPLE`]th of the cost of comparing every
//! letter. Only when the samples let the run reach c are the positions
//! after its disagreement compared in full (memcmp, then block by block
//! for the last difference), each position at most once; a chunk stops
//! at the first position where the sampled run could reach c, which is
//! never after the first where the true one could. A giant step looks the fingerprint of its window up in
//! the block's table, and only an equal fingerprint is followed by a full
//! comparison; the fingerprint is a polynomial hash of all the window's
//! words ([`Hasher`]), rolled on one word at a time, so windows that differ
//! anywhere almost never collide (four sampled words, tried before, let
//! near-periodic windows collide and cost full compares of a megabyte).
//! Nothing is hashed per position.

use super::outcome::least_period_of_word;

/// The most positions computed between two rounds of the detectors, for the
/// smallest games; a game with largest move c takes chunks of up to c
/// positions (at most [`MAX_CHUNK`]): the detectors' cost per chunk (a
/// round of calls, the lag runs' samples) is then spread over more
/// positions, and a chunk still never runs past the first position where a
/// lag run could complete. Only the anchor blocks' overshoot grows with the
/// chunk (by less than a chunk).
const MIN_CHUNK: usize = 256;

/// The most positions of any chunk (a chunk of bytes and the values it
/// reads stay within the first-level cache).
pub(crate) const MAX_CHUNK: usize = 4096;

/// At most this many candidate lags are tracked.
pub(crate) const MAX_LAGS: usize = 4;

/// Baby steps: the windows of an anchor block; giant steps are S apart.
const S: usize = 64;

// A slot holds an index i < S as the byte i + 1.
const _: () = assert!(S < 256, "slots store i + 1 for i < S in a byte");

/// The first span of an anchor block (then doubling): at least
/// [`MIN_SPAN`], and c / 4 for large c, so that a game loads few blocks
/// (each load hashes the S windows of the block, about c word products).
fn first_span(c: usize) -> usize {
    (c / 4).max(MIN_SPAN)
}

/// The least first span of an anchor block.
const MIN_SPAN: usize = 4 * S;

/// The first anchor block starts at this multiple of c: the lag runs find
/// most games before it (a purely periodic game with a candidate period
/// ends by c + (c + b) < 3c), so they never pay for the blocks.
const FIRST_BLOCK: usize = 8;

/// The search's result: q, p and how many positions were computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Found {
    pub q: usize,
    pub p: usize,
    pub computed: usize,
}

/// A candidate lag L, a position y with G(y) ≠ G(y − L) (positions y < L
/// count as disagreeing) and how far past it every position is known to
/// agree: G(z) = G(z − L) for y < z < `checked`. Positions from `checked`
/// on are only sampled ([`sample_run`]), so y is a lower bound of the last
/// disagreement, exact once `checked` reaches the positions computed
/// ([`verify_run`]).
#[derive(Clone, Copy, Debug)]
struct LagRun {
    lag: usize,
    last_mismatch: usize,
    checked: usize,
}

/// The anchor block of baby steps and giant steps.
#[derive(Clone, Copy, Debug)]
struct Block {
    /// A: the block's windows are W(A), …, W(A + S − 1).
    start: usize,
    /// The next giant step, A + S·j.
    giant: usize,
    /// Giant steps go up to A + span, then the block moves on.
    span: usize,
    /// Whether `tails` and `slots` hold this block's windows (they are
    /// loaded at the first giant step, when every window is complete).
    loaded: bool,
    /// The fingerprint of each window of the block.
    tails: [u64; S],
    /// The word hash of W(`hash_at`), rolled on from giant step to giant
    /// step (set when the block is loaded).
    hash: u64,
    hash_at: usize,
    /// An open-addressing table of the tails: slot h holds i + 1 for a tail
    /// tails\[i\] hashing to h or probed on from it, 0 when empty.
    slots: [u8; SLOTS],
}

/// Slots of a block's table of tails (at most a quarter full).
const SLOTS: usize = 4 * S;

/// The slot a word hashes to (multiplicative hashing, top bits).
#[inline(always)]
fn slot_of(word: u64) -> usize {
    (word.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SLOTS.trailing_zeros())) as usize
}

impl Block {
    fn new(start: usize, span: usize) -> Self {
        Block {
            start,
            giant: start + S,
            span,
            loaded: false,
            tails: [0; S],
            hash: 0,
            hash_at: 0,
            slots: [0; SLOTS],
        }
    }

    /// Loads the fingerprints of the block's windows into the table: the
    /// word hashes of the first [`Letter::PER_WORD`] windows directly, the
    /// others rolled on one word at a time. Two equal windows inside the
    /// block are themselves a repeat: the pair (t, e) is returned at once
    /// (and the table stays free of repeats, so its probe chains stay
    /// short).
    fn load<T: Letter>(&mut self, v: &[T], c: usize, hasher: &Hasher) -> Option<(usize, usize)> {
        let n = T::PER_WORD;
        let mut hashes = [0u64; S];
        self.slots = [0; SLOTS];
        for i in 0..S {
            let e = self.start + i;
            hashes[i] = if i < n {
                hasher.direct(v, e)
            } else {
                hasher.roll(v, hashes[i - n], e - n)
            };
            let w = fingerprint(v, e, hashes[i]);
            self.tails[i] = w;
            let mut h = slot_of(w);
            while self.slots[h] != 0 {
                let t = self.start + usize::from(self.slots[h] - 1);
                if self.tails[t - self.start] == w && v[t - c..t] == v[e - c..e] {
                    return Some((t, e));
                }
                h = (h + 1) % SLOTS;
            }
            // i < S = 64, so i + 1 fits a byte.
            self.slots[h] = u8::try_from(i + 1).expect("i < S < 256");
        }
        let last = self.start + S - n;
        self.hash = hasher.roll(v, hashes[S - n], last);
        self.hash_at = last + n;
        self.loaded = true;
        None
    }

    /// The word hash of W(e), rolled on from the last one (e ≥ `hash_at`,
    /// e − `hash_at` a multiple of [`Letter::PER_WORD`]).
    fn hash_to<T: Letter>(&mut self, v: &[T], hasher: &Hasher, e: usize) -> u64 {
        let (mut hash, mut at) = (self.hash, self.hash_at);
        while at + STEP * T::PER_WORD <= e {
            hash = hasher.roll_step(v, hash, at);
            at += STEP * T::PER_WORD;
        }
        while at < e {
            hash = hasher.roll(v, hash, at);
            at += T::PER_WORD;
        }
        (self.hash, self.hash_at) = (hash, at);
        hash
    }
}

/// The multiplier of the word hash (odd: every power is invertible mod
/// 2^64, so two windows that differ in one word never collide).
const BASE: u64 = 0x9E37_79B9_7F4A_7C15;

/// A polynomial hash of a window W(e) over its first K = ⌊c / n⌋ words of
/// n = [`Letter::PER_WORD`] letters: H(e) = Σ_{k<K} word(e − c + nk)·B^{K−1−k}
/// mod 2^64. It covers the whole window (with [`fingerprint`] adding the
/// last word), so near-periodic windows that differ anywhere almost never
/// collide, and it rolls on by one word in O(1):
/// H(e + n) = H(e)·B − word(e − c)·B^K + word(e − c + nK).
pub(crate) struct Hasher {
    c: usize,
    /// K.
    words: usize,
    /// B^K.
    top: u64,
}

/// Words by which [`Hasher::roll_step`] rolls the hash on at once (a giant
/// step is S / [`Letter::PER_WORD`] of them: 8 for bytes).
const STEP: usize = 8;

/// B^k mod 2^64, by squaring (any k: a window's K = c/n words can pass
/// 2^32). A `const fn`, so the fixed powers below are constants and a
/// game's hasher costs one power, B^K.
const fn base_power(k: usize) -> u64 {
    let (mut power, mut square, mut k) = (1u64, BASE, k as u64);
    while k > 0 {
        if k & 1 == 1 {
            power = power.wrapping_mul(square);
        }
        square = square.wrapping_mul(square);
        k >>= 1;
    }
    power
}

/// B^(STEP − 1 − i) for i < [`STEP`]: the weights of a step's words.
const STEP_WEIGHTS: [u64; STEP] = {
    let mut weights = [0; STEP];
    let mut i = 0;
    while i < STEP {
        weights[i] = base_power(STEP - 1 - i);
        i += 1;
    }
    weights
};

/// B^[`STEP`].
const STEP_BASE: u64 = base_power(STEP);

impl Hasher {
    fn new<T: Letter>(c: usize) -> Self {
        let words = c / T::PER_WORD;
        Hasher {
            c,
            words,
            top: base_power(words),
        }
    }

    /// H(e), computed from the window's words (four products per step of
    /// the dependency chain).
    fn direct<T: Letter>(&self, v: &[T], e: usize) -> u64 {
        let (n, from) = (T::PER_WORD, e - self.c);
        let w = |k: usize| T::word(v, from + n * k);
        let lead = self.words % 4;
        let mut h = (0..lead).fold(0u64, |h, k| h.wrapping_mul(BASE).wrapping_add(w(k)));
        let b2 = BASE.wrapping_mul(BASE);
        let (b3, b4) = (b2.wrapping_mul(BASE), b2.wrapping_mul(b2));
        for k in (lead..self.words).step_by(4) {
            let group = w(k)
                .wrapping_mul(b3)
                .wrapping_add(w(k + 1).wrapping_mul(b2))
                .wrapping_add(w(k + 2).wrapping_mul(BASE))
                .wrapping_add(w(k + 3));
            h = h.wrapping_mul(b4).wrapping_add(group);
        }
        h
    }

    /// H(e + n) from h = H(e).
    #[inline(always)]
    fn roll<T: Letter>(&self, v: &[T], h: u64, e: usize) -> u64 {
        let from = e - self.c;
        let old = T::word(v, from).wrapping_mul(self.top);
        let new = T::word(v, from + T::PER_WORD * self.words);
        h.wrapping_mul(BASE).wrapping_sub(old).wrapping_add(new)
    }

    /// H(e + [`STEP`]·n) from h = H(e): [`STEP`] rolls in one, so the
    /// chain from one hash to the next is one product, not [`STEP`]:
    /// H(e + STEP·n) = H(e)·B^STEP − B^K·Σ_i old_i·B^(STEP−1−i) +
    /// Σ_i new_i·B^(STEP−1−i), old_i and new_i the words leaving and
    /// entering the window.
    #[inline(always)]
    fn roll_step<T: Letter>(&self, v: &[T], h: u64, e: usize) -> u64 {
        let (n, from) = (T::PER_WORD, e - self.c);
        let old = &v[from..from + STEP * n];
        let new = &v[from + n * self.words..][..STEP * n];
        let (mut gone, mut added) = (0u64, 0u64);
        for (i, &weight) in STEP_WEIGHTS.iter().enumerate() {
            gone = gone.wrapping_add(T::word(old, i * n).wrapping_mul(weight));
            added = added.wrapping_add(T::word(new, i * n).wrapping_mul(weight));
        }
        h.wrapping_mul(STEP_BASE)
            .wrapping_sub(gone.wrapping_mul(self.top))
            .wrapping_add(added)
    }
}

/// The state of the detectors for one game.
pub(crate) struct Detectors {
    c: usize,
    /// The most positions of a chunk for this game.
    chunk: usize,
    lags: [LagRun; MAX_LAGS],
    lag_count: usize,
    block: Block,
    hasher: Hasher,
    /// The lag runs have seen the positions below this.
    seen: usize,
}

impl Detectors {
    /// Detectors for largest move c, with the candidate lags `lags` (lags
    /// past `limit` or repeated are dropped; at most [`MAX_LAGS`] are kept).
    pub(crate) fn new<T: Letter>(
        c: usize,
        lags: impl IntoIterator<Item = usize>,
        limit: usize,
    ) -> Self {
        let mut runs = [LagRun {
            lag: 0,
            last_mismatch: 0,
            checked: 0,
        }; MAX_LAGS];
        let mut count = 0;
        for lag in lags {
            let fresh = runs[..count].iter().all(|r| r.lag != lag);
            if count < MAX_LAGS && lag >= 1 && lag < limit && fresh {
                runs[count] = LagRun {
                    lag,
                    last_mismatch: lag - 1,
                    checked: lag,
                };
                count += 1;
            }
        }
        Detectors {
            c,
            chunk: c.clamp(MIN_CHUNK, MAX_CHUNK),
            lags: runs,
            lag_count: count,
            block: Block::new(FIRST_BLOCK * c, first_span(c)),
            hasher: Hasher::new::<T>(c),
            seen: 0,
        }
    }

    /// The end of the next chunk from x: at most the game's chunk size, and
    /// never past the first position where a lag run could reach c.
    #[inline(always)]
    pub(crate) fn chunk_end(&self, x: usize) -> usize {
        let soonest = self.lags[..self.lag_count]
            .iter()
            .map(|r| r.last_mismatch + 1 + self.c)
            .min()
            .unwrap_or(usize::MAX);
        soonest.clamp(x + 1, x + self.chunk)
    }

    /// Looks at the positions just computed, up to `end` (the lag runs see
    /// every position from 0): returns the exact (q, p) if a repeated
    /// window shows.
    pub(crate) fn scan<T: Letter>(&mut self, v: &[T], end: usize) -> Option<Found> {
        let c = self.c;
        let from = std::mem::replace(&mut self.seen, end);
        for run in &mut self.lags[..self.lag_count] {
            sample_run(run, v, from, end);
            if run.last_mismatch + c < end {
                // The samples agree on the last c positions: check them all.
                verify_run(run, v, end);
                if run.last_mismatch + c < end {
                    return Some(finish_lag(v, *run, end));
                }
            }
        }
        while self.block.giant <= end {
            let e = self.block.giant;
            if !self.block.loaded && c >= T::PER_WORD {
                if let Some((t, e)) = self.block.load(v, c, &self.hasher) {
                    return Some(finish(v, c, t, e, end));
                }
            }
            if let Some(t) = block_match(v, c, &mut self.block, &self.hasher) {
                return Some(finish(v, c, t, e, end));
            }
            self.block.giant += S;
            if self.block.giant > self.block.start + self.block.span {
                // Nothing within the span: a new block here, twice the span.
                self.block = Block::new(e, self.block.span.saturating_mul(2));
            }
        }
        None
    }
}

/// A letter of the value buffer (a one-hot byte, or a wide value), with
/// [`Letter::PER_WORD`] consecutive letters packed into a `u64` so that a
/// block of positions is compared with one XOR.
pub(crate) trait Letter: Copy + Eq + Default {
    /// Bits per letter.
    const BITS: u32;
    /// Letters per word: 64 / BITS.
    const PER_WORD: usize = (64 / Self::BITS) as usize;
    /// Letters v\[at\], …, v\[at + PER_WORD − 1\], letter i in bits
    /// [i·BITS, (i + 1)·BITS).
    fn word(v: &[Self], at: usize) -> u64;
}

impl Letter for u8 {
    const BITS: u32 = 8;
    #[inline(always)]
    fn word(v: &[u8], at: usize) -> u64 {
        u64::from_le_bytes(v[at..at + 8].try_into().expect("8 letters"))
    }
}

impl Letter for u16 {
    const BITS: u32 = 16;
    #[inline(always)]
    fn word(v: &[u16], at: usize) -> u64 {
        let w: &[u16; 4] = v[at..at + 4].try_into().expect("4 letters");
        w.iter().rev().fold(0, |acc, &l| acc << 16 | u64::from(l))
    }
}

/// Samples the positions [from, end) not yet checked: one word of letters
/// every [`SAMPLE`] letters, from the newest back, compared with the word L
/// before it. The newest differing sample moves the run's disagreement to
/// its last differing letter (nothing after it is then checked). Where
/// the values disagree at L at most positions, as before the pre-period
/// ends, a sample finds a disagreement near the newest position for a
/// [`SAMPLE`]th of the work of comparing every letter.
#[inline(always)]
fn sample_run<T: Letter>(run: &mut LagRun, v: &[T], from: usize, end: usize) {
    let (lag, n) = (run.lag, T::PER_WORD);
    let start = from.max(run.checked);
    let mut y = end;
    while y >= start + n {
        let at = y - n;
        let d = T::word(v, at) ^ T::word(v, at - lag);
        if d != 0 {
            let z = at + ((63 - d.leading_zeros()) / T::BITS) as usize;
            run.last_mismatch = z;
            run.checked = z + 1;
            return;
        }
        y -= SAMPLE.min(y - start);
    }
}

/// Letters between two sampled words of a lag run.
const SAMPLE: usize = 64;

/// Checks every position from the run's `checked` to `end`: the run's
/// disagreement becomes the last one (exact from here on), and every later
/// position agrees. Up to [`SHORT_RUN`] positions are compared word by word,
/// newest first ([`last_difference`]); more are compared as whole slices
/// (memcmp), the newest block of [`RUN_BLOCK`] letters first, and only when
/// they differ are the blocks searched word by word from the newest back.
/// Each position is checked once per game: `checked` only grows.
#[inline(always)]
fn verify_run<T: Letter>(run: &mut LagRun, v: &[T], end: usize) {
    let (lag, start) = (run.lag, run.checked);
    run.checked = run.checked.max(end);
    if end <= start {
        return;
    }
    if end - start <= SHORT_RUN {
        if let Some(z) = last_difference(v, lag, start, end) {
            run.last_mismatch = z;
        }
        return;
    }
    let (new, old) = (&v[start..end], &v[start - lag..end - lag]);
    let last_block = new.len() - RUN_BLOCK;
    if new[last_block..] == old[last_block..] && new[..last_block] == old[..last_block] {
        return;
    }
    let mut hi = end;
    while hi > start {
        let lo = hi.saturating_sub(RUN_BLOCK).max(start);
        if let Some(z) = last_difference(v, lag, lo, hi) {
            run.last_mismatch = z;
            return;
        }
        hi = lo;
    }
}

/// The last z in \[start, end) with v\[z\] ≠ v\[z − L\] (start ≥ L), if any:
/// words of letters XORed with the words L before them from the newest
/// back (four words per branch while four fit), so the first nonzero XOR
/// holds the last difference (the oldest
/// word, read at `start`, may overlap the word after it, whose letters were
/// found equal, which changes nothing).
#[inline(always)]
fn last_difference<T: Letter>(v: &[T], lag: usize, start: usize, end: usize) -> Option<usize> {
    let n = T::PER_WORD;
    if end < start + n {
        // Fewer than a word of positions.
        return (start..end).rev().find(|&z| v[z] != v[z - lag]);
    }
    let mut y = end;
    // Four words at a time while they fit, one branch for the four.
    while y >= start + 4 * n {
        let at = y - 4 * n;
        let (new, old) = (&v[at..y], &v[at - lag..y - lag]);
        let d: [u64; 4] = std::array::from_fn(|k| T::word(new, k * n) ^ T::word(old, k * n));
        if d[0] | d[1] | d[2] | d[3] != 0 {
            let k = (0..4).rev().find(|&k| d[k] != 0).expect("a nonzero word");
            return Some(at + k * n + ((63 - d[k].leading_zeros()) / T::BITS) as usize);
        }
        y = at;
    }
    while y > start {
        let at = y.saturating_sub(n).max(start);
        let d = T::word(v, at) ^ T::word(v, at - lag);
        if d != 0 {
            return Some(at + ((63 - d.leading_zeros()) / T::BITS) as usize);
        }
        y = at;
    }
    None
}

/// New positions up to which a lag run is compared word by word (a call of
/// memcmp costs more than that on so few letters).
const SHORT_RUN: usize = 256;

/// Letters per block when a lag run looks for its last disagreement.
const RUN_BLOCK: usize = 64;

/// The fingerprint of the window W(e) (c ≥ PER_WORD) from its word hash h:
/// the last word, which the words of the hash may leave out, mixed in.
/// Equal windows have equal fingerprints.
#[inline(always)]
fn fingerprint<T: Letter>(v: &[T], e: usize, h: u64) -> u64 {
    h ^ T::word(v, e - T::PER_WORD).rotate_left(29)
}

/// One giant step at e = block.giant: the anchor t of the block with
/// W(t) = W(e), if any. Only anchors whose fingerprint equals W(e)'s (found
/// through the block's table, loaded before) are compared in full.
#[inline(always)]
fn block_match<T: Letter>(v: &[T], c: usize, block: &mut Block, hasher: &Hasher) -> Option<usize> {
    let (a, e, n) = (block.start, block.giant, T::PER_WORD);
    let same = |t: usize| v[t - c..t] == v[e - c..e];
    if c < n {
        return (a..a + S).find(|&t| same(t));
    }
    let h = block.hash_to(v, hasher, e);
    let tail = fingerprint(v, e, h);
    let mut h = slot_of(tail);
    while block.slots[h] != 0 {
        let i = usize::from(block.slots[h] - 1);
        if block.tails[i] == tail && same(a + i) {
            return Some(a + i);
        }
        h = (h + 1) % SLOTS;
    }
    None
}

/// The exact (q, p) from a lag run that covers the last c positions, with
/// y* its last disagreement. W(end − L) = W(end), so L is an eventual period
/// and a multiple of the least period p. Every y > y* agrees, so G is
/// L-periodic from q' = y* − L + 1 (the agreement holds up to `end` and the
/// repeated window carries it on), hence q ≤ q'; and G(y*) ≠ G(y* − L) puts
/// y* − L below q, so q' ≤ q. Thus q = q' (0 when no position y ≥ L
/// disagreed), and p is the least period of the cyclic word
/// G(q) … G(q + L − 1).
fn finish_lag<T: Copy + Eq>(v: &[T], run: LagRun, computed: usize) -> Found {
    let q = run.last_mismatch + 1 - run.lag;
    let p = least_period_of_word(&v[q..q + run.lag]);
    Found { q, p, computed }
}

/// The exact (q, p) from equal windows W(t) = W(e), t < e: G is
/// (e − t)-periodic from y = t − c, the least period p is the least period
/// of the cyclic word G(y) … G(y + e − t − 1), and the least pre-period is
/// found by scanning down from y while G(x − 1) = G(x − 1 + p).
fn finish<T: Letter>(v: &[T], c: usize, t: usize, e: usize, computed: usize) -> Found {
    let y = t - c;
    let p = least_period_of_word(&v[y..y + e - t]);
    Found {
        q: scan_down(v, y, p),
        p,
        computed,
    }
}

/// The least q ≤ y with G(x) = G(x + p) for all x ∈ [q, y).
fn scan_down<T: Letter>(v: &[T], y: usize, p: usize) -> usize {
    let mut q = y;
    let n = T::PER_WORD;
    while q >= n && T::word(v, q - n) == T::word(v, q - n + p) {
        q -= n;
    }
    while q > 0 && v[q - 1] == v[q - 1 + p] {
        q -= 1;
    }
    q
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_powers() {
        let mut power = 1u64;
        for k in 0..100 {
            assert_eq!(base_power(k), power, "B^{k}");
            power = power.wrapping_mul(BASE);
        }
        // B is odd and the units mod 2^64 have exponent 2^62: B^(2^62) = 1,
        // an exponent past 2^32 (a window of more than 2^35 letters).
        #[cfg(target_pointer_width = "64")]
        {
            assert_eq!(base_power(1 << 62), 1);
            assert_eq!(base_power((1 << 62) + 7), base_power(7));
            assert_ne!(base_power(1 << 61), 1);
        }
    }
}
