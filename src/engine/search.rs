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
//! A lag run XORs words of [`Letter::PER_WORD`] new letters with the words
//! L before them, newest first, and stops at the first difference; a giant
//! step compares the last word of its window with the blocks' last words at
//! once, and only an equal word is followed by a full comparison. Nothing is
//! hashed.

use super::outcome::least_period_of_word;

/// The most positions computed between two rounds of the detectors, for the
/// smallest games; a game with largest move c takes chunks of up to c/2
/// positions (at most [`MAX_CHUNK`]): the detectors' cost per chunk is then
/// spread over more positions, and a chunk still never runs past the first
/// position where a lag run could complete.
const MIN_CHUNK: usize = 64;

/// The most positions of any chunk.
pub(crate) const MAX_CHUNK: usize = 1024;

/// At most this many candidate lags are tracked.
pub(crate) const MAX_LAGS: usize = 4;

/// Baby steps: the windows of an anchor block; giant steps are S apart.
const S: usize = 64;

// A slot holds an index i < S as the byte i + 1.
const _: () = assert!(S < 256, "slots store i + 1 for i < S in a byte");

/// The first span of an anchor block (then doubling).
const FIRST_SPAN: usize = 4 * S;

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

/// A candidate lag L and the last position y with G(y) ≠ G(y − L)
/// (positions y < L count as disagreeing).
#[derive(Clone, Copy, Debug)]
struct LagRun {
    lag: usize,
    last_mismatch: usize,
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
    /// The last word of each window of the block.
    tails: [u64; S],
    /// An open-addressing table of the tails: slot h holds i + 1 for a tail
    /// tails[i] hashing to h or probed on from it, 0 when empty.
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
            slots: [0; SLOTS],
        }
    }

    /// Loads the fingerprints of the block's windows into the table. Two
    /// equal windows inside the block are themselves a repeat: the pair
    /// (t, e) is returned at once (and the table stays free of repeats, so
    /// its probe chains stay short).
    fn load<T: Letter>(&mut self, v: &[T], c: usize) -> Option<(usize, usize)> {
        self.slots = [0; SLOTS];
        for i in 0..S {
            let e = self.start + i;
            let w = fingerprint(v, c, e);
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
        self.loaded = true;
        None
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
    /// The lag runs have seen the positions below this.
    seen: usize,
}

impl Detectors {
    /// Detectors for largest move c, with the candidate lags `lags` (lags
    /// past `limit` or repeated are dropped; at most [`MAX_LAGS`] are kept).
    pub(crate) fn new(c: usize, lags: impl IntoIterator<Item = usize>, limit: usize) -> Self {
        let mut runs = [LagRun {
            lag: 0,
            last_mismatch: 0,
        }; MAX_LAGS];
        let mut count = 0;
        for lag in lags {
            let fresh = runs[..count].iter().all(|r| r.lag != lag);
            if count < MAX_LAGS && lag >= 1 && lag < limit && fresh {
                runs[count] = LagRun {
                    lag,
                    last_mismatch: lag - 1,
                };
                count += 1;
            }
        }
        Detectors {
            c,
            chunk: (c / 2).clamp(MIN_CHUNK, MAX_CHUNK),
            lags: runs,
            lag_count: count,
            block: Block::new(FIRST_BLOCK * c, FIRST_SPAN),
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
            update_run(run, v, from, end);
            if run.last_mismatch + c < end {
                return Some(finish_lag(v, *run, end));
            }
        }
        while self.block.giant <= end {
            let e = self.block.giant;
            if !self.block.loaded && c >= T::PER_WORD {
                if let Some((t, e)) = self.block.load(v, c) {
                    return Some(finish(v, c, t, e, end));
                }
            }
            if let Some(t) = block_match(v, c, &self.block) {
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
    /// Letters v[at], …, v[at + PER_WORD − 1], letter i in bits
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

/// Moves the run's last disagreement over the positions [from, end): words
/// of letters are XORed with the words L before them from the newest back,
/// and the first difference found is the last disagreement (the oldest word
/// may overlap positions already seen, which changes nothing).
#[inline(always)]
fn update_run<T: Letter>(run: &mut LagRun, v: &[T], from: usize, end: usize) {
    let (lag, n) = (run.lag, T::PER_WORD);
    let start = from.max(lag);
    if end < start + n {
        // Fewer than a word of positions with a partner.
        if let Some(z) = (start..end).rev().find(|&z| v[z] != v[z - lag]) {
            run.last_mismatch = z;
        }
        return;
    }
    let mut y = end;
    while y > start {
        let at = y.saturating_sub(n).max(start);
        let d = T::word(v, at) ^ T::word(v, at - lag);
        if d != 0 {
            run.last_mismatch = at + ((63 - d.leading_zeros()) / T::BITS) as usize;
            return;
        }
        y = at;
    }
}

/// A fingerprint of the window W(e) (c ≥ PER_WORD): four words of letters
/// spread over it, combined. Equal windows have equal fingerprints.
#[inline(always)]
fn fingerprint<T: Letter>(v: &[T], c: usize, e: usize) -> u64 {
    let (start, last) = (e - c, c - T::PER_WORD);
    let w = |o: usize| T::word(v, start + o);
    w(0) ^ w(last / 3).rotate_left(16) ^ w(2 * last / 3).rotate_left(32) ^ w(last).rotate_left(48)
}

/// One giant step at e = block.giant: the anchor t of the block with
/// W(t) = W(e), if any. Only anchors whose fingerprint equals W(e)'s (found
/// through the block's table, loaded before) are compared in full.
#[inline(always)]
fn block_match<T: Letter>(v: &[T], c: usize, block: &Block) -> Option<usize> {
    let (a, e, n) = (block.start, block.giant, T::PER_WORD);
    let same = |t: usize| v[t - c..t] == v[e - c..e];
    if c < n {
        return (a..a + S).find(|&t| same(t));
    }
    let tail = fingerprint(v, c, e);
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
