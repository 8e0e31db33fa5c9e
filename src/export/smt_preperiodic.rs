//! A `PrePeriodicFamily` certificate's statement as SMT-LIB 2 queries in
//! QF_LIA, the independent check of the format-8 claims beside nimcheck's
//! Lemma S (`nimcert_check::preperiodic`); run by the runner of
//! [`super::smt`] (`nimcert export smt`, z3 and cvc5).
//!
//! **The claim.** For every k ≥ k0, with m = a + b, c = m·k + ρ and
//! S = {a, b, c}: the blocks B_0 … B_(n−1) (block j a word u_j, its t-th
//! letter u_j[t mod |u_j|], over a length ℓ_j = σ_j·k + τ_j, from its start
//! S_j = ℓ_0 + … + ℓ_(j−1)) give a word E_k on [0, q + p), the first ones
//! [0, q) and the others (the period's) [q, q + p); E_k(x) = E_k(x − p) for
//! x ≥ q + p. Claimed: G_S = E_k, q is the least pre-period (> 0) and, with
//! a marker W of L letters, W occurs at exactly one offset of the cyclic
//! period, so that p is the least period. By the checker's Facts 1 and 2
//! (and docs/FAMILIES.md, Fact 2, for the marker) this is the conjunction
//! of
//!
//! - (R) E_k(x) = mex{E_k(x − s) : s ∈ S, s ≤ x} at every x ∈ [0, q + p + c);
//! - (W) E_k(q − 1) ≠ E_k(q − 1 + p);
//! - (M) with a marker: W occurs in the cyclic period F (F(o) = E_k(q + o),
//!   0 ≤ o < p) at an offset o0 = o0(k), and at no other offset.
//!
//! The well-formedness that the encoding relies on (1 ≤ a < b, ρ < m,
//! c(k0) > b, both block lists and every word non-empty, every length ≥ 1
//! at k0 and so at every k ≥ k0, the stated q and p the sums of the
//! lengths, 1 ≤ L ≤ p(k0)) is checked here, on the numbers, before anything
//! is written; a claim without it is refused ([`SmtError::Malformed`]).
//!
//! **Lookups.** Every position is affine in the integer k (the starts, q,
//! p and c have numerals for slopes), nothing is multiplied by a variable,
//! and no `mod` or `div` is used. The letter at a position z of a list of
//! blocks is a fresh integer e with one implication per block: z < S_1 ⇒ e
//! is block 0's letter, S_j ≤ z < S_(j+1) ⇒ e is block j's, S_(n−1) ≤ z ⇒
//! e is the last block's (the starts increase, every length being ≥ 1, so
//! exactly one holds). In block j the letter is u_j[(z − S_j) mod |u_j|],
//! the residue given by fresh integers h, r with z − S_j = |u_j|·h + r,
//! 0 ≤ r < |u_j| (a block of constant length at most |u_j| is read at
//! z − S_j itself, a one-letter word needs nothing). These constraints
//! have exactly one solution for every value of z and k, so a lookup adds
//! names, not assumptions: a query is `unsat` exactly when its violation
//! is impossible for every k ≥ k0.
//!
//! **Indices as numerals.** In a piece of a split the position is known as
//! z = αk + β + γ·v (v the piece's one integer: x = S + G·v + t), so in
//! block i, z − S_i = α'k + γ·v + β' with numerals α', β'. Where |u_i|
//! divides α' and γ, the index (z − S_i) mod |u_i| is the numeral β' mod
//! |u_i| for every k and v, and the letter is written as a numeral; for a
//! block read directly, z − S_i ≡ β' (mod gcd(α', γ)), so only the indices
//! below its length with that residue are tested (with α' = γ = 0, β'
//! itself). Each such line is preceded by a comment giving α', γ, β'. This
//! is an identity, not an assumption; it replaces the fresh h, r that made
//! the solvers slow (on {2, 13, 15k} z3 took 1.6 s and cvc5 20 to 36 s per
//! query with them, tens of milliseconds without), and the solver still
//! decides which block z lies in. Elsewhere (a form with other
//! coefficients, or no piece) h, r remain.
//!
//! **The unrolled list** (as the checker's): E_k on [0, q + p + c) is read
//! from the pre-period's blocks followed, when p grows (σ_p > 0), by R
//! copies of the period's blocks, copy w from q + w·p, with
//! R − 1 = max(⌈m/σ_p⌉, ⌈c(k0)/p(k0)⌉), so that (R − 1)·p(k) ≥ c(k0) +
//! m·(k − k0) = c(k) and the list reaches q + R·p ≥ q + p + c; or, when p is
//! a constant P, by one block of the word P (the period's blocks written
//! out) over the length P + c. Each copy reads from its own start the
//! letters of the first, which is E_k(x) = E_k(x − p).
//!
//! **The queries.** Each part is written as negations, which must be
//! `unsat`:
//!
//! - (R): ∃ k ≥ k0, x ∈ [0, q + p + c) with E(x) ≠ the mex of the letters at
//!   x − s, s ∈ S, s ≤ x (the mex of at most three options is the least v
//!   in 0..=top not among them, top = min(largest letter + 1, 3)). Split by
//!   the block of the unrolled list that holds x (`recurrence-j3`, a copy
//!   `recurrence-j13-w1`, the constant period `recurrence-period`) and by
//!   default also by the residue t of x − S modulo G, the lcm of the
//!   list's growing word lengths and of the block's own word unless it is
//!   read directly (`…-t5`; a block of constant length at most G by its
//!   positions). Splitting by the copy matters: on {2, 13, 15k} one query
//!   for the three copies of a block ran out of two minutes in z3 where
//!   each copy alone took seconds.
//! - (W): ∃ k ≥ k0 with E(q − 1) = E(q − 1 + p) (`witness`).
//! - (M), existence (`marker-at`): ∃ k ≥ k0 with o0 ∉ [0, p) or some
//!   F((o0 + i) mod p) ≠ W_i, i < L; split by the branches of o0 below
//!   (`marker-at-k3` for a single k, `marker-at-s2` for k ≡ 2 mod M), on
//!   each of which o0 is affine in k. The window is read cyclically: o + i
//!   < 2p because L ≤ p(k0) ≤ p(k), so F((o + i) mod p) is the letter at
//!   q + o + i or at q + o + i − p as o + i < p or not.
//! - (M), uniqueness (`marker-unique`): ∃ k ≥ k0, o ∈ [0, p), o ≠ o0, with
//!   F((o + i) mod p) = W_i for every i < L; split like (R) by the period's
//!   block that holds q + o (and its residue).
//!
//! Both unsat: W occurs at o0(k) and nowhere else, for every k ≥ k0.
//!
//! **The offset o0** is no part of the certificate: it is derived here,
//! and trusted by nothing (a wrong o0 makes `marker-at` or `marker-unique`
//! `sat`, never an `unsat` for a wrong reason). It is read off the period
//! word, built from the claim's blocks, at every k of a sample [k0, K + 2M):
//! M the lcm of the period's growing word lengths, K the threshold of the
//! checker's Lemma S for the period twice over read at 0, …, L − 1 (past K,
//! a window occurring once lies in a segment whose start is affine in k and
//! whose letters depend on k mod M only, so its offset is affine in k on
//! each residue class mod M). The term is an `ite` on the sampled k where
//! the offset differs from that fit, then, when the fits differ, on k mod M
//! (fresh integers, k = M·κ + s), each branch affine in k. (The sample
//! builds at most 4096 letters per letter of `--max-word`.)
//!
//! **Sanity twins.** Every query comes with a twin without its violation
//! clause (`….sanity`): the definitions, the ranges and the piece alone,
//! which must be `sat`, so that a query `unsat` for a wrong reason (an
//! empty range, contradictory definitions) shows up. Pieces of (R) that
//! are empty for every k ≥ k0 (a late copy that x < q + p + c never
//! reaches) are left out, and only those: a piece is kept when its least
//! position, S + t, satisfies t < ℓ(k) and S + t < q + p + c for some
//! k ≥ k0, two affine inequalities decided exactly.
//!
//! Nothing here is trusted to be right by construction: each file states
//! what it asserts and the answer it expects, and the solvers are outside
//! the project.

use super::smt::{
    chain, finish, int, suffixed, word, Expect, Query, SmtError, Split, DEFAULT_MAX_WORD,
};
use crate::check::format::{Affine, PrePeriodicFamilyClaim};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The mark that [`Family::close`] replaces by the words' functions.
const WORDS: &str = "; @words\n";

/// How many letters the sample that places the marker may build, per
/// letter of `max_word` (4096 · 4096 at the default bound).
const SAMPLE_PER_WORD: u64 = 4096;

/// The queries of a claim with the default split ([`Split::Residues`]) and
/// bound ([`DEFAULT_MAX_WORD`]).
pub fn queries(claim: &PrePeriodicFamilyClaim) -> Result<Vec<Query>, SmtError> {
    queries_with(claim, Split::default(), DEFAULT_MAX_WORD)
}

/// The queries of a claim: for each part and piece, the negation (expect
/// `unsat`) followed by its sanity twin (expect `sat`). `max_word` bounds
/// every word (the constant period written out too), the marker, the
/// number of blocks of the unrolled list, the modulus M of the marker's
/// offset, and (times 4096) the letters built to place the marker.
pub fn queries_with(
    claim: &PrePeriodicFamilyClaim,
    split: Split,
    max_word: u64,
) -> Result<Vec<Query>, SmtError> {
    let family = Family::new(claim, max_word)?;
    let mut out = Vec::new();
    for piece in family.pieces(&family.unrolled, split, true) {
        for expect in [Expect::Unsat, Expect::Sat] {
            out.push(family.recurrence(piece, expect));
        }
    }
    for expect in [Expect::Unsat, Expect::Sat] {
        out.push(family.witness(expect));
    }
    if let Some(marker) = &family.marker {
        for branch in Family::branches(marker) {
            for expect in [Expect::Unsat, Expect::Sat] {
                out.push(family.marker_at(marker, &branch, expect));
            }
        }
        for piece in family.pieces(family.period(), split, false) {
            for expect in [Expect::Unsat, Expect::Sat] {
                out.push(family.marker_unique(marker, piece, expect));
            }
        }
    }
    Ok(out)
}

/// An affine function of k.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Lin {
    slope: i128,
    offset: i128,
}

impl Lin {
    const ZERO: Lin = Lin::constant(0);

    const fn constant(offset: i128) -> Lin {
        Lin { slope: 0, offset }
    }

    fn of(f: Affine) -> Lin {
        Lin {
            slope: i128::from(f.slope),
            offset: i128::from(f.offset),
        }
    }

    fn at(self, k: i128) -> i128 {
        self.slope * k + self.offset
    }

    /// The value at k, `None` past i128 (a hostile slope and k0).
    fn checked_at(self, k: i128) -> Option<i128> {
        self.slope.checked_mul(k)?.checked_add(self.offset)
    }

    fn add(self, other: Lin) -> Lin {
        Lin {
            slope: self.slope + other.slope,
            offset: self.offset + other.offset,
        }
    }

    fn sub(self, other: Lin) -> Lin {
        self.add(other.times(-1))
    }

    fn times(self, n: i128) -> Lin {
        Lin {
            slope: self.slope * n,
            offset: self.offset * n,
        }
    }

    /// The SMT term.
    fn term(self) -> String {
        match (self.slope, self.offset) {
            (0, o) => int(o),
            (s, 0) => format!("(* {} k)", int(s)),
            (s, o) => format!("(+ (* {} k) {})", int(s), int(o)),
        }
    }

    /// "15k + 2" (for comments).
    fn show(self) -> String {
        match (self.slope, self.offset) {
            (0, o) => o.to_string(),
            (s, 0) => format!("{s}k"),
            (s, o) if o < 0 => format!("{s}k - {}", o.unsigned_abs()),
            (s, o) => format!("{s}k + {o}"),
        }
    }
}

/// Whether some k ≥ k0 makes every function positive (exactly: each is a
/// ray of k, or all k, or none).
fn some_k(k0: i128, positive: &[Lin]) -> bool {
    let (mut low, mut high) = (k0, i128::MAX);
    for f in positive {
        match f.slope {
            0 if f.offset > 0 => {}
            0 => return false,
            // σk + τ > 0 ⟺ k > −τ/σ ⟺ k ≥ ⌊−τ/σ⌋ + 1.
            s if s > 0 => low = low.max((-f.offset).div_euclid(s) + 1),
            // k < τ/|σ| ⟺ k ≤ ⌈τ/|σ|⌉ − 1.
            s => {
                let d = -s;
                let ceil = f.offset.div_euclid(d) + i128::from(f.offset.rem_euclid(d) != 0);
                high = high.min(ceil - 1);
            }
        }
    }
    low <= high
}

/// One block of a list, laid out.
struct Blk {
    word: Vec<u32>,
    length: Lin,
    start: Lin,
    /// The name of its word's function (`U3`; `UP` for the constant
    /// period written out).
    function: String,
    /// Its part of a query's name (`j3`, `j13-w1`, `period`).
    name: String,
    /// What it is, for comments.
    what: String,
}

impl Blk {
    /// Read at z − S directly (no residue): a constant length of at most
    /// |u| letters.
    fn direct(&self) -> bool {
        self.length.slope == 0 && self.length.offset <= self.word.len() as i128
    }

    fn growing(&self) -> bool {
        self.length.slope > 0
    }
}

/// The marker and its derived offset.
struct Place {
    w: Vec<u32>,
    /// M (1: o0 does not depend on k mod M).
    modulus: u64,
    /// o0 at single k (where the fit does not hold).
    exceptions: Vec<(u64, i128)>,
    /// o0 on k ≡ s (mod M), s = the index.
    fits: Vec<Lin>,
}

/// One piece of a split: a block of a list, and where in it.
#[derive(Clone, Copy)]
struct Piece {
    block: usize,
    spot: Spot,
}

/// Where in its block a piece's position z lies.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Spot {
    /// Anywhere.
    All,
    /// At z = S + t (a block of constant length, t below it).
    At(u64),
    /// At z = S + G·v + t for an integer v (a growing block; G a multiple
    /// of its word's length and of every growing word's of the list).
    Residue {
        /// t < G.
        t: u64,
        /// G.
        modulus: u64,
    },
}

/// A position known as αk + β + γ·v, v the one integer of its query that
/// it depends on besides k (x's or o's residue variable, or κ with
/// k = M·κ + s): where |u_i| divides α − σ and γ (σ the slope of S_i), the
/// index in block i, (z − S_i) mod |u_i|, is the numeral (β − τ) mod |u_i|.
#[derive(Clone, Copy)]
struct Form {
    k: Lin,
    v: i128,
}

impl Form {
    fn shift(self, by: Lin) -> Form {
        Form {
            k: self.k.add(by),
            v: self.v,
        }
    }
}

/// The claim's numbers, checked.
struct Family {
    a: u64,
    b: u64,
    m: u64,
    rho: u64,
    k0: u64,
    c: Lin,
    q: Lin,
    p: Lin,
    /// The claim's blocks, the pre-period's then the period's.
    blocks: Vec<Blk>,
    /// The number of pre-period blocks.
    pre: usize,
    /// The unrolled list (module docs).
    unrolled: Vec<Blk>,
    marker: Option<Place>,
    /// The mex chain's last candidate.
    top: u32,
    /// The bound on words and on the residues of a piece.
    max_word: u64,
}

impl Family {
    fn new(claim: &PrePeriodicFamilyClaim, max_word: u64) -> Result<Family, SmtError> {
        let bad = |why: String| Err(SmtError::Malformed(why));
        let large = |what: &'static str, len: u64| {
            Err(SmtError::TooLarge {
                what,
                len,
                max: max_word,
            })
        };
        let (a, b, rho, k0) = (claim.a, claim.b, claim.rho, claim.from_k);
        if a == 0 || a >= b {
            return bad(format!("the moves need 1 <= a < b (a = {a}, b = {b})"));
        }
        let Some(m) = a.checked_add(b) else {
            return bad("a + b overflows".into());
        };
        if rho >= m {
            return bad(format!("rho = {rho} is not below a + b = {m}"));
        }
        // b < c(k0): the queries state the mex rule of {a, b, c} with c the
        // largest move.
        let c = Lin {
            slope: i128::from(m),
            offset: i128::from(rho),
        };
        let k0i = i128::from(k0);
        // c(k0) within u64, as nimcheck requires (past it the claim is
        // undecided there, exit 2).
        let c0 = c.at(k0i);
        if c0 > i128::from(u64::MAX) {
            return bad(format!(
                "c(k0) = {m}·{k0} + {rho} exceeds 2^64 - 1, which this export does not represent"
            ));
        }
        if c0 <= i128::from(b) {
            return bad(format!(
                "c(k0) = {c0} is not above b = {b}: every member of the family needs c > b \
                 (raise k0)"
            ));
        }
        let count = (claim.preperiod.len() + claim.period.len()) as u64;
        if count > max_word {
            return large("the list of blocks", count);
        }
        let mut blocks = Vec::new();
        let mut start = Lin::ZERO;
        for (name, list) in [("pre-period", &claim.preperiod), ("period", &claim.period)] {
            if list.is_empty() {
                return bad(format!("the {name} has no block"));
            }
            for (i, block) in list.iter().enumerate() {
                if block.word.is_empty() {
                    return bad(format!("block {i} of the {name} has an empty word"));
                }
                if block.word.len() as u64 > max_word {
                    return large("a block's word", block.word.len() as u64);
                }
                let length = Lin::of(block.length);
                let Some(at_k0) = length.checked_at(k0i) else {
                    return large("a block's length at k0", u64::MAX);
                };
                if at_k0 < 1 {
                    return bad(format!(
                        "block {i} of the {name} has length {} = {at_k0} at k0 = {k0}: every \
                         block needs at least 1 letter",
                        length.show(),
                    ));
                }
                let j = blocks.len();
                blocks.push(Blk {
                    word: block.word.clone(),
                    length,
                    start,
                    function: format!("U{j}"),
                    name: format!("j{j}"),
                    what: format!("block {j} ({name})"),
                });
                start = start.add(length);
            }
        }
        let pre = claim.preperiod.len();
        let q = blocks[pre].start;
        let p = start.sub(q);
        for (name, stated, summed) in [
            ("pre-period", Lin::of(claim.preperiod_length), q),
            ("period", Lin::of(claim.period_length), p),
        ] {
            if stated != summed {
                return bad(format!(
                    "the stated {name} length is {}, but its blocks add up to {}",
                    stated.show(),
                    summed.show()
                ));
            }
        }
        let Some(p0) = p.checked_at(k0i) else {
            return large("the period at k0", u64::MAX);
        };
        let mut unrolled: Vec<Blk> = blocks[..pre]
            .iter()
            .map(|blk| Blk {
                word: blk.word.clone(),
                length: blk.length,
                start: blk.start,
                function: blk.function.clone(),
                name: blk.name.clone(),
                what: blk.what.clone(),
            })
            .collect();
        if p.slope > 0 {
            // R − 1 = max(⌈m/σ_p⌉, ⌈c(k0)/p(k0)⌉) (module docs).
            let ceil = |x: i128, y: i128| x.div_euclid(y) + i128::from(x.rem_euclid(y) != 0);
            let copies = 1 + ceil(i128::from(m), p.slope).max(ceil(c0, p0));
            let total = u64::try_from(copies.saturating_mul((blocks.len() - pre) as i128))
                .unwrap_or(u64::MAX)
                .saturating_add(pre as u64);
            if total > max_word {
                return large("the unrolled list of blocks", total);
            }
            for w in 0..copies {
                for (j, blk) in blocks.iter().enumerate().skip(pre) {
                    unrolled.push(Blk {
                        word: blk.word.clone(),
                        length: blk.length,
                        start: blk.start.add(p.times(w)),
                        function: blk.function.clone(),
                        name: format!("j{j}-w{w}"),
                        what: format!("block {j} (period), copy {w}"),
                    });
                }
            }
        } else {
            let period = p.offset;
            if period as u64 > max_word {
                return large("the constant period written out", period as u64);
            }
            let mut word = Vec::new();
            for blk in &blocks[pre..] {
                let g = blk.word.len();
                word.extend((0..blk.length.offset as usize).map(|t| blk.word[t % g]));
            }
            unrolled.push(Blk {
                word,
                length: c.add(Lin::constant(period)),
                start: q,
                function: "UP".into(),
                name: "period".into(),
                what: format!("the constant period ({period} letters) over p + c"),
            });
        }
        let marker = match &claim.marker {
            None => None,
            Some(w) if w.is_empty() => return bad("the marker is empty".into()),
            Some(w) if w.len() as u64 > max_word => return large("the marker", w.len() as u64),
            Some(w) if w.len() as i128 > p0 => {
                return bad(format!(
                    "the marker has {} letters, more than the period p(k0) = {p0}",
                    w.len()
                ))
            }
            Some(w) => Some(place(&blocks[pre..], p, w, k0, max_word)?),
        };
        let largest = blocks
            .iter()
            .flat_map(|b| b.word.iter())
            .copied()
            .max()
            .unwrap_or(0);
        Ok(Family {
            a,
            b,
            m,
            rho,
            k0,
            c,
            q,
            p,
            blocks,
            pre,
            unrolled,
            marker,
            top: largest.saturating_add(1).min(3),
            max_word,
        })
    }

    /// The period's blocks.
    fn period(&self) -> &[Blk] {
        &self.blocks[self.pre..]
    }

    /// The pieces of a split over the blocks of `list`: the whole list
    /// (`None`), one per block, or one per block and residue modulo G (the
    /// lcm of the list's growing word lengths and, unless the block is read
    /// directly, its own word's; its own alone past `max_word`), or per
    /// position for a block of constant length at most G; with `bounded`,
    /// only those that some x < q + p + c reaches (module docs).
    fn pieces(&self, list: &[Blk], split: Split, bounded: bool) -> Vec<Option<Piece>> {
        if split == Split::Whole {
            return vec![None];
        }
        let end = self.q.add(self.p).add(self.c);
        let reached = |blk: &Blk, t: u64| {
            let t = Lin::constant(i128::from(t));
            !bounded
                || some_k(
                    i128::from(self.k0),
                    &[blk.length.sub(t), end.sub(blk.start).sub(t)],
                )
        };
        let lcm = |x: u64, y: u64| x / gcd(x, y) * y;
        let common = list
            .iter()
            .filter(|blk| blk.growing())
            .fold(1u64, |l, blk| {
                lcm(l, blk.word.len() as u64).min(u64::MAX / 2)
            });
        let mut out = Vec::new();
        for (j, blk) in list.iter().enumerate() {
            let g = blk.word.len() as u64;
            // A block of constant length at most |u| is read at z − S
            // itself: modulo the growing words' lcm (its positions when
            // that is not shorter); any other modulo its word's too.
            let mut modulus = if blk.direct() { common } else { lcm(g, common) };
            if modulus > self.max_word {
                modulus = g;
            }
            let spots: Vec<Spot> = match split {
                // (Modulo 1 when nothing else applies: a long block of a
                // one-letter word, say, is one piece, not one per position.)
                Split::Residues if blk.growing() || (modulus as i128) < blk.length.offset => {
                    (0..modulus).map(|t| Spot::Residue { t, modulus }).collect()
                }
                Split::Residues => (0..blk.length.offset as u64).map(Spot::At).collect(),
                _ => vec![Spot::All],
            };
            for spot in spots {
                let least = match spot {
                    Spot::All => 0,
                    Spot::At(t) | Spot::Residue { t, .. } => t,
                };
                if reached(blk, least) {
                    out.push(Some(Piece { block: j, spot }));
                }
            }
        }
        out
    }

    /// The statement of the family, as comment lines.
    fn header(&self, out: &mut String, title: &str, expect: Expect) {
        let _ = writeln!(out, "; nimcert export smt: {title}");
        let _ = writeln!(
            out,
            "; PrePeriodicFamily {{a, b, c}} = {{{}, {}, {}k + {}}} for every k >= {}, m = a + b = {}",
            self.a, self.b, self.m, self.rho, self.k0, self.m
        );
        let _ = writeln!(
            out,
            "; E_k on [0, q + p) is the blocks below (block j: t-th letter u_j[t mod |u_j|] over its length), E_k(x) = E_k(x - p) for x >= q + p;"
        );
        let _ = writeln!(
            out,
            "; claimed: G_S = E_k, least pre-period q = {}, period p = {}{}",
            self.q.show(),
            self.p.show(),
            match &self.marker {
                Some(place) => format!(
                    ", least (the marker {} occurs at one offset of the cyclic period)",
                    word(&place.w)
                ),
                None => String::new(),
            }
        );
        for blk in &self.blocks {
            let _ = writeln!(
                out,
                ";   {}: from {}, length {}, u = {}",
                blk.what,
                blk.start.show(),
                blk.length.show(),
                word(&blk.word)
            );
        }
        let _ = writeln!(
            out,
            "; expected answer: {expect}{}",
            match expect {
                Expect::Unsat =>
                    " (no counterexample: this part of the claim holds for every k >= k0)",
                Expect::Sat => " (sanity: the definitions and ranges alone are satisfiable)",
            }
        );
        out.push_str("(set-logic QF_LIA)\n");
    }

    /// The common definitions: k, c, q, p, and a mark where [`close`]
    /// puts the words' functions that the query uses.
    ///
    /// [`close`]: Family::close
    fn definitions(&self, out: &mut String) {
        let _ = writeln!(out, "(declare-const k Int)");
        let _ = writeln!(out, "(assert (>= k {}))", self.k0);
        let _ = writeln!(out, "(define-fun c () Int {})", self.c.term());
        let _ = writeln!(out, "(define-fun a () Int {})", self.a);
        let _ = writeln!(out, "(define-fun b () Int {})", self.b);
        let _ = writeln!(out, "(define-fun q () Int {})", self.q.term());
        let _ = writeln!(out, "(define-fun p () Int {})", self.p.term());
        out.push_str(WORDS);
    }

    /// Ends a query: the functions U_j (and UP) of the words it reads
    /// symbolically replace the mark of `definitions` (the others would
    /// only slow z3 down), then `(check-sat)`.
    fn close(&self, out: &mut String) {
        let mut words = String::new();
        let constant = self.unrolled.last().filter(|b| b.function == "UP");
        for blk in self.blocks.iter().chain(constant) {
            if blk.word.len() > 1 && out.contains(&format!("({} ", blk.function)) {
                let what = match blk.function.as_str() {
                    "UP" => "the constant period written out".to_string(),
                    _ => blk.what.clone(),
                };
                let _ = writeln!(
                    words,
                    "; {}(i), the i-th letter of the word of {what}, for 0 <= i < {}",
                    blk.function,
                    blk.word.len()
                );
                let _ = writeln!(
                    words,
                    "(define-fun {} ((i Int)) Int {})",
                    blk.function,
                    chain("i", &blk.word)
                );
            }
        }
        *out = out.replacen(WORDS, &words, 1);
        finish(out);
    }

    /// The starts of a list's blocks as `{prefix}i` and its end as
    /// `{prefix}n`.
    fn starts(&self, out: &mut String, list: &[Blk], prefix: &str, what: &str) {
        let _ = writeln!(out, "; {prefix}i: the start of block i of {what}");
        for (i, blk) in list.iter().enumerate() {
            let _ = writeln!(
                out,
                "(define-fun {prefix}{i} () Int {}) ; {}",
                blk.start.term(),
                blk.what
            );
        }
        let last = list.last().expect("a block");
        let _ = writeln!(
            out,
            "(define-fun {prefix}{} () Int {})",
            list.len(),
            last.start.add(last.length).term()
        );
    }

    /// Declares z`name` = `position` and the residues, and returns the term
    /// of the letter there, read from `list` (starts `{prefix}i`); `form`,
    /// when known, gives the numeral indices of [`Form`].
    fn lookup(
        &self,
        out: &mut String,
        name: &str,
        position: &str,
        form: Option<Form>,
        list: &[Blk],
        prefix: &str,
    ) -> String {
        let _ = writeln!(out, "; {name}: the letter at {position}");
        let _ = writeln!(out, "(define-fun z{name} () Int {position})");
        let mut letters = Vec::new();
        for (i, blk) in list.iter().enumerate() {
            let relative = form.map(|f| f.shift(blk.start.times(-1)));
            let letter = self.letter_in(out, name, prefix, i, blk, relative);
            letters.push(letter);
        }
        // A constant fixed by one implication per block (z in block i ⇒ the
        // letter is block i's): not a `define-fun` of an `ite` chain, which
        // z3 4.8 expanded at each use (20 times as slow) and cvc5 1.0
        // decided more slowly (0.74 s against 0.43 s on {2, 29, 31k}).
        let _ = writeln!(out, "(declare-const e{name} Int)");
        let n = letters.len();
        let mut cases = Vec::new();
        for (i, letter) in letters.into_iter().enumerate() {
            let within = match (i, i + 1 == n) {
                (0, true) => "true".to_string(),
                (0, false) => format!("(< z{name} {prefix}1)"),
                (_, true) => format!("(<= {prefix}{i} z{name})"),
                (_, false) => format!(
                    "(and (<= {prefix}{i} z{name}) (< z{name} {prefix}{}))",
                    i + 1
                ),
            };
            cases.push(format!("(=> {within} (= e{name} {letter}))"));
        }
        let _ = writeln!(out, "(assert (and {}))", cases.join(" "));
        format!("e{name}")
    }

    /// The letter of block i at z`name` (assumed in the block), given
    /// the form of z`name` − S_i when known ([`known`]); otherwise the
    /// index is read by the fresh h, r, or at z − S for a block read
    /// directly (module docs).
    fn letter_in(
        &self,
        out: &mut String,
        name: &str,
        prefix: &str,
        i: usize,
        blk: &Blk,
        relative: Option<Form>,
    ) -> String {
        let g = blk.word.len();
        if g == 1 {
            return blk.word[0].to_string();
        }
        let at = format!("(- z{name} {prefix}{i})");
        let Some(f) = relative else {
            return self.read(out, name, prefix, i, blk);
        };
        let v = if f.v == 0 {
            String::new()
        } else {
            format!(" + {}v", f.v)
        };
        let shown = format!("z{name} - {prefix}{i} = {}{v}", f.k.show());
        match known(blk, f) {
            Known::Index(index) => {
                let _ = writeln!(
                    out,
                    "; in {prefix}{i}: {shown}, so its letter is u[{index}] = {}",
                    blk.word[index]
                );
                blk.word[index].to_string()
            }
            Known::Among(candidates) => {
                let _ = writeln!(
                    out,
                    "; in {prefix}{i}: {shown}, so z{name} - {prefix}{i} is one of {candidates:?} there"
                );
                let Some((&last, rest)) = candidates.split_last() else {
                    // z is never in this block: any letter.
                    return blk.word[0].to_string();
                };
                let mut term = blk.word[last].to_string();
                for &t in rest.iter().rev() {
                    term = format!("(ite (= {at} {t}) {} {term})", blk.word[t]);
                }
                term
            }
            Known::Unknown => self.read(out, name, prefix, i, blk),
        }
    }

    /// The letter of block i at z`name` read symbolically: u[z − S_i] for
    /// a block read directly, else u(r) with z − S_i = |u|·h + r,
    /// 0 ≤ r < |u|.
    fn read(&self, out: &mut String, name: &str, prefix: &str, i: usize, blk: &Blk) -> String {
        if blk.direct() {
            return format!("({} (- z{name} {prefix}{i}))", blk.function);
        }
        let g = blk.word.len();
        let (h, r) = (format!("h{name}_{i}"), format!("r{name}_{i}"));
        let _ = writeln!(out, "(declare-const {h} Int)");
        let _ = writeln!(out, "(declare-const {r} Int)");
        let _ = writeln!(
            out,
            "(assert (and (= (- z{name} {prefix}{i}) (+ (* {g} {h}) {r})) (<= 0 {r}) (< {r} {g})))"
        );
        format!("({} {r})", blk.function)
    }

    /// The form of a position in a piece (`None` for a whole block).
    fn form_of(list: &[Blk], piece: Piece) -> Option<Form> {
        let start = list[piece.block].start;
        match piece.spot {
            Spot::All => None,
            Spot::At(t) => Some(Form {
                k: start.add(Lin::constant(i128::from(t))),
                v: 0,
            }),
            Spot::Residue { t, modulus } => Some(Form {
                k: start.add(Lin::constant(i128::from(t))),
                v: i128::from(modulus),
            }),
        }
    }

    /// Asserts that z`name` lies in the piece's block of `list` (and spot).
    fn region(out: &mut String, name: &str, prefix: &str, piece: Piece) {
        let j = piece.block;
        let _ = writeln!(
            out,
            "(assert (and (<= {prefix}{j} z{name}) (< z{name} {prefix}{})))",
            j + 1
        );
        match piece.spot {
            Spot::All => {}
            Spot::At(t) => {
                let _ = writeln!(out, "(assert (= (- z{name} {prefix}{j}) {t}))");
            }
            Spot::Residue { t, modulus } => {
                let _ = writeln!(out, "(declare-const v{name} Int)");
                let _ = writeln!(
                    out,
                    "(assert (= (- z{name} {prefix}{j}) (+ (* {modulus} v{name}) {t})))"
                );
            }
        }
    }

    /// A piece's part of a query's name and its description.
    fn piece_text(list: &[Blk], piece: Option<Piece>, what: &str) -> (String, String) {
        let Some(Piece { block, spot }) = piece else {
            return (String::new(), String::new());
        };
        let blk = &list[block];
        let mut name = format!("-{}", blk.name);
        let mut text = format!(" with {what} in {}", blk.what);
        match spot {
            Spot::All => {}
            Spot::At(t) => {
                let _ = write!(name, "-t{t}");
                let _ = write!(text, " at its position {t}");
            }
            Spot::Residue { t, modulus } => {
                let _ = write!(name, "-t{t}");
                let _ = write!(text, " at a position t = {t} mod {modulus}");
            }
        }
        (name, text)
    }

    /// (R) on one piece: ∃ k ≥ k0, x ∈ [0, q + p + c) in the piece of the
    /// unrolled list with E(x) ≠ mex.
    fn recurrence(&self, piece: Option<Piece>, expect: Expect) -> Query {
        let mut out = String::new();
        let list = &self.unrolled;
        let (suffix, within) = Self::piece_text(list, piece, "x");
        let name = format!("recurrence{suffix}");
        let title = match expect {
            Expect::Unsat => format!(
                "the mex recurrence fails at some x in [0, q + p + c){within} (negation of (R))"
            ),
            Expect::Sat => format!(
                "sanity twin of {name}: x in [0, q + p + c){within}, the definitions, no violation"
            ),
        };
        self.header(&mut out, &title, expect);
        self.definitions(&mut out);
        self.starts(
            &mut out,
            list,
            "R",
            "the unrolled list: the pre-period's blocks, then the period's (module docs of src/export/smt_preperiodic.rs)",
        );
        let _ = writeln!(out, "(declare-const x Int)");
        let _ = writeln!(out, "(assert (and (<= 0 x) (< x (+ q p c))))");
        let _ = writeln!(
            out,
            "; the letters at x and at its options x - s, s in {{a, b, c}} (used only when s <= x)"
        );
        let form = piece.and_then(|piece| Self::form_of(list, piece));
        let ex = self.lookup(&mut out, "x", "x", form, list, "R");
        if let Some(piece) = piece {
            Self::region(&mut out, "x", "R", piece);
        }
        let minus = |s: Lin| form.map(|f| f.shift(s.times(-1)));
        let (a, b) = (
            Lin::constant(i128::from(self.a)),
            Lin::constant(i128::from(self.b)),
        );
        let ea = self.lookup(&mut out, "a", "(- x a)", minus(a), list, "R");
        let eb = self.lookup(&mut out, "b", "(- x b)", minus(b), list, "R");
        let ec = self.lookup(&mut out, "c", "(- x c)", minus(self.c), list, "R");
        let _ = writeln!(out, "; v is the letter of a legal option");
        let _ = writeln!(
            out,
            "(define-fun opt ((v Int)) Bool (or (and (>= x a) (= {ea} v)) (and (>= x b) (= {eb} v)) (and (>= x c) (= {ec} v))))"
        );
        let mut mex = self.top.to_string();
        for v in (0..self.top).rev() {
            mex = format!("(ite (not (opt {v})) {v} {mex})");
        }
        let _ = writeln!(
            out,
            "; the least v in 0..{} that is no legal option's letter",
            self.top
        );
        let _ = writeln!(out, "(define-fun mex () Int {mex})");
        if expect == Expect::Unsat {
            let _ = writeln!(out, "; the violation");
            let _ = writeln!(out, "(assert (distinct {ex} mex))");
        }
        self.close(&mut out);
        Query {
            name: suffixed(&name, expect),
            smt2: out,
            expect,
            shown: vec!["k", "x"],
        }
    }

    /// (W): ∃ k ≥ k0 with E(q − 1) = E(q − 1 + p).
    fn witness(&self, expect: Expect) -> Query {
        let mut out = String::new();
        let title = match expect {
            Expect::Unsat => "E(q - 1) = E(q - 1 + p) (negation of (W): q would not be least)",
            Expect::Sat => "sanity twin of witness: the definitions alone",
        };
        self.header(&mut out, title, expect);
        self.definitions(&mut out);
        self.starts(&mut out, &self.blocks, "S", "the claim (S_n = q + p)");
        let at = |f: Lin| {
            Some(Form {
                k: f.add(Lin::constant(-1)),
                v: 0,
            })
        };
        let before = self.lookup(&mut out, "l", "(- q 1)", at(self.q), &self.blocks, "S");
        let end = self.q.add(self.p);
        let after = self.lookup(&mut out, "r", "(- (+ q p) 1)", at(end), &self.blocks, "S");
        if expect == Expect::Unsat {
            let _ = writeln!(out, "; the violation");
            let _ = writeln!(out, "(assert (= {before} {after}))");
        }
        self.close(&mut out);
        Query {
            name: suffixed("witness", expect),
            smt2: out,
            expect,
            shown: vec!["k"],
        }
    }

    /// The derived offset o0 (module docs).
    fn offset(&self, out: &mut String, place: &Place) {
        let _ = writeln!(
            out,
            "; o0: where the marker occurs (derived by sampling the period, not part of the claim: a wrong o0 makes a query sat)"
        );
        let mut term = if place.fits.iter().all(|f| *f == place.fits[0]) {
            place.fits[0].term()
        } else {
            let _ = writeln!(out, "(declare-const kq Int)");
            let _ = writeln!(out, "(declare-const ks Int)");
            let _ = writeln!(
                out,
                "(assert (and (= k (+ (* {} kq) ks)) (<= 0 ks) (< ks {})))",
                place.modulus, place.modulus
            );
            let last = place.fits.len() - 1;
            let mut term = place.fits[last].term();
            for s in (0..last).rev() {
                term = format!("(ite (= ks {s}) {} {term})", place.fits[s].term());
            }
            term
        };
        for &(k, o) in place.exceptions.iter().rev() {
            term = format!("(ite (= k {k}) {} {term})", int(o));
        }
        let _ = writeln!(out, "(define-fun o0 () Int {term})");
    }

    /// The letters F((`offset` + i) mod p), i < L, for an offset in
    /// [0, p) (each the letter at q + offset + i, or at q + offset + i − p
    /// when offset + i ≥ p), read from the period's blocks; `form` is that
    /// of q + offset.
    fn window(&self, out: &mut String, offset: &str, form: Option<Form>, l: usize) -> Vec<String> {
        let period = self.period();
        let mut letters = Vec::new();
        for i in 0..l {
            let shift = Lin::constant(i as i128);
            let near = self.lookup(
                out,
                &format!("w{i}"),
                &format!("(+ q {offset} {i})"),
                form.map(|f| f.shift(shift)),
                period,
                "P",
            );
            let far = self.lookup(
                out,
                &format!("w{i}p"),
                &format!("(- (+ q {offset} {i}) p)"),
                form.map(|f| f.shift(shift.sub(self.p))),
                period,
                "P",
            );
            letters.push(format!("(ite (>= (+ {offset} {i}) p) {far} {near})"));
        }
        letters
    }

    /// The branches of o0 (module docs): `(name, condition, o0 there)`, a
    /// partition of the k ≥ k0 (each sampled k where the fit misses, then
    /// the other k, by residue mod M when the fits differ).
    fn branches(place: &Place) -> Vec<(String, String, Lin)> {
        let mut out: Vec<(String, String, Lin)> = place
            .exceptions
            .iter()
            .map(|&(k, o)| (format!("-k{k}"), format!("(= k {k})"), Lin::constant(o)))
            .collect();
        let others: Vec<String> = place
            .exceptions
            .iter()
            .map(|&(k, _)| format!(" (distinct k {k})"))
            .collect();
        let others = others.concat();
        if place.fits.iter().all(|f| *f == place.fits[0]) {
            out.push((String::new(), format!("(and true{others})"), place.fits[0]));
        } else {
            for (s, fit) in place.fits.iter().enumerate() {
                out.push((format!("-s{s}"), format!("(and (= ks {s}){others})"), *fit));
            }
        }
        out
    }

    /// (M), existence, on one branch of o0: ∃ k ≥ k0 there with o0 ∉ [0, p)
    /// or the window at o0 ≠ W.
    fn marker_at(&self, place: &Place, branch: &(String, String, Lin), expect: Expect) -> Query {
        let (suffix, condition, o0) = branch;
        let name = format!("marker-at{suffix}");
        let mut out = String::new();
        let title = match expect {
            Expect::Unsat => format!(
                "the marker does not occur at o0, for k with {condition} (negation of (M), existence)"
            ),
            Expect::Sat => format!("sanity twin of {name}: k with {condition}, the definitions alone"),
        };
        self.header(&mut out, &title, expect);
        self.definitions(&mut out);
        self.starts(
            &mut out,
            self.period(),
            "P",
            "the period, from q (P_n = q + p)",
        );
        self.offset(&mut out, place);
        let _ = writeln!(out, "; the k of this branch, where o0 = {}", o0.show());
        let _ = writeln!(out, "(assert {condition})");
        let form = Form {
            k: self.q.add(*o0),
            v: 0,
        };
        let mut differ = vec!["(< o0 0)".to_string(), "(>= o0 p)".to_string()];
        for (letter, term) in
            place
                .w
                .iter()
                .zip(self.window(&mut out, "o0", Some(form), place.w.len()))
        {
            differ.push(format!("(distinct {term} {letter})"));
        }
        if expect == Expect::Unsat {
            let _ = writeln!(out, "; the violation");
            let _ = writeln!(out, "(assert (or {}))", differ.join(" "));
        }
        self.close(&mut out);
        Query {
            name: suffixed(&name, expect),
            smt2: out,
            expect,
            shown: vec!["k"],
        }
    }

    /// (M), uniqueness on one piece: ∃ k ≥ k0, o ∈ [0, p), q + o in the
    /// piece, o ≠ o0, with the window at o equal to W.
    fn marker_unique(&self, place: &Place, piece: Option<Piece>, expect: Expect) -> Query {
        let mut out = String::new();
        let period = self.period();
        let (suffix, within) = Self::piece_text(period, piece, "q + o");
        let name = format!("marker-unique{suffix}");
        let title = match expect {
            Expect::Unsat => format!(
                "the marker occurs at an offset o in [0, p) other than o0{within} (negation of (M), uniqueness)"
            ),
            Expect::Sat => {
                format!("sanity twin of {name}: o in [0, p){within}, no match asserted")
            }
        };
        self.header(&mut out, &title, expect);
        self.definitions(&mut out);
        self.starts(&mut out, period, "P", "the period, from q (P_n = q + p)");
        self.offset(&mut out, place);
        let _ = writeln!(out, "(declare-const o Int)");
        let _ = writeln!(out, "(assert (and (<= 0 o) (< o p)))");
        let _ = writeln!(out, "(define-fun zo () Int (+ q o))");
        let form = piece.and_then(|piece| Self::form_of(period, piece));
        if let Some(piece) = piece {
            Self::region(&mut out, "o", "P", piece);
        }
        let mut equal = vec!["(distinct o o0)".to_string()];
        for (letter, term) in place
            .w
            .iter()
            .zip(self.window(&mut out, "o", form, place.w.len()))
        {
            equal.push(format!("(= {term} {letter})"));
        }
        if expect == Expect::Unsat {
            let _ = writeln!(out, "; the violation: o is not o0 and the window at o is W");
            let _ = writeln!(out, "(assert (and {}))", equal.join(" "));
        }
        self.close(&mut out);
        Query {
            name: suffixed(&name, expect),
            smt2: out,
            expect,
            shown: vec!["k", "o"],
        }
    }
}

/// What a position's form z − S = αk + γv + β tells of its index in a
/// block, for every integer k and v.
#[derive(Debug, PartialEq, Eq)]
enum Known {
    /// The letter is u(index): |u| divides α and γ, index = β mod |u| (a
    /// word read modulo its length), or α = γ = 0 and index = β < ℓ (a
    /// block read directly).
    Index(usize),
    /// A block read directly: z − S is ≡ β (mod d = gcd(α, γ)), so within
    /// the block it is one of these (none: z is never in the block).
    Among(Vec<usize>),
    /// Nothing.
    Unknown,
}

/// [`Known`] for a block and the form of z − S.
fn known(blk: &Blk, relative: Form) -> Known {
    let (alpha, gamma, beta) = (relative.k.slope, relative.v, relative.k.offset);
    if blk.direct() {
        let length = blk.length.offset;
        let d = gcd_i(alpha, gamma);
        let among: Vec<usize> = (0..length)
            .filter(|&t| match d {
                0 => t == beta,
                d => (t - beta).rem_euclid(d) == 0,
            })
            .map(|t| t as usize)
            .collect();
        return match among[..] {
            [index] if d == 0 => Known::Index(index),
            _ => Known::Among(among),
        };
    }
    let g = blk.word.len() as i128;
    if alpha % g == 0 && gamma % g == 0 {
        Known::Index(beta.rem_euclid(g) as usize)
    } else {
        Known::Unknown
    }
}

/// gcd(|x|, |y|) (0 when both are 0).
fn gcd_i(x: i128, y: i128) -> i128 {
    let (mut x, mut y) = (x.abs(), y.abs());
    while y != 0 {
        (x, y) = (y, x % y);
    }
    x
}

fn gcd(mut x: u64, mut y: u64) -> u64 {
    while y != 0 {
        (x, y) = (y, x % y);
    }
    x
}

/// The period word at k (every length ≥ 1 there).
fn period_word(per: &[Blk], k: i128) -> Vec<u32> {
    let mut out = Vec::new();
    for blk in per {
        let g = blk.word.len();
        out.extend((0..blk.length.at(k) as usize).map(|t| blk.word[t % g]));
    }
    out
}

/// The first offset where `w` occurs in the cyclic word `f` (1 ≤ |w| ≤
/// |f|), by Knuth–Morris–Pratt over f followed by its first |w| − 1
/// letters.
fn first_occurrence(f: &[u32], w: &[u32]) -> Option<usize> {
    let mut fail = vec![0usize; w.len()];
    let mut len = 0;
    for i in 1..w.len() {
        while len > 0 && w[i] != w[len] {
            len = fail[len - 1];
        }
        if w[i] == w[len] {
            len += 1;
        }
        fail[i] = len;
    }
    let mut matched = 0;
    for (i, &x) in f.iter().chain(&f[..w.len() - 1]).enumerate() {
        while matched > 0 && x != w[matched] {
            matched = fail[matched - 1];
        }
        if x == w[matched] {
            matched += 1;
        }
        if matched == w.len() {
            return Some(i + 1 - w.len());
        }
    }
    None
}

/// Derives o0 (module docs): samples k ∈ [k0, K + 2M), fits per residue of
/// k mod M the last two samples, and lists the sampled k the fit misses.
fn place(per: &[Blk], p: Lin, w: &[u32], k0: u64, max_word: u64) -> Result<Place, SmtError> {
    let large = |what: &'static str, len: u64| SmtError::TooLarge {
        what,
        len,
        max: max_word,
    };
    // M and G = max(2M, longest constant length + 1).
    let mut modulus = 1u64;
    let mut longest = 0i128;
    for blk in per {
        if blk.growing() {
            let g = blk.word.len() as u64;
            modulus = modulus / gcd(modulus, g) * g;
            if modulus > max_word {
                return Err(large(
                    "the lcm M of the period's growing word lengths",
                    modulus,
                ));
            }
        } else {
            longest = longest.max(blk.length.offset);
        }
    }
    let gap = (2 * i128::from(modulus)).max(longest + 1);
    // The breakpoints of the period twice over read at 0..L: by slope, the
    // least and the largest offset.
    let l = w.len() as i128;
    let mut slopes: BTreeMap<i128, (i128, i128)> = BTreeMap::new();
    let mut boundary = Lin::ZERO;
    for blk in per.iter().chain(per).map(Some).chain([None]) {
        let e = slopes
            .entry(boundary.slope)
            .or_insert((boundary.offset, boundary.offset + l - 1));
        e.0 = e.0.min(boundary.offset);
        e.1 = e.1.max(boundary.offset + l - 1);
        if let Some(blk) = blk {
            boundary = boundary.add(blk.length);
        }
    }
    let groups: Vec<(i128, (i128, i128))> = slopes.into_iter().collect();
    let mut threshold = i128::from(k0);
    for (i, &(low, (_, low_max))) in groups.iter().enumerate() {
        for &(high, (high_min, _)) in &groups[i + 1..] {
            let need = gap - high_min + low_max;
            let k = need.div_euclid(high - low) + i128::from(need.rem_euclid(high - low) != 0);
            threshold = threshold.max(k);
        }
    }
    let last = threshold + 2 * i128::from(modulus);
    // The letters built: p(k) for every sampled k.
    let budget = u128::from(max_word) * u128::from(SAMPLE_PER_WORD);
    let mut letters = 0u128;
    for k in i128::from(k0)..last {
        letters += p.checked_at(k).map_or(u128::MAX, |n| n.max(0) as u128);
        if letters > budget {
            return Err(SmtError::TooLarge {
                what: "the sample of periods that places the marker (letters, bound 4096 per --max-word)",
                len: u64::try_from(letters).unwrap_or(u64::MAX),
                max: u64::try_from(budget).unwrap_or(u64::MAX),
            });
        }
    }
    let found: Vec<(i128, Option<i128>)> = (i128::from(k0)..last)
        .map(|k| {
            let f = period_word(per, k);
            (k, first_occurrence(&f, w).map(|o| o as i128))
        })
        .collect();
    let modi = i128::from(modulus);
    let fits: Vec<Lin> = (0..modi)
        .map(|s| {
            // The two largest sampled k ≡ s, both ≥ K.
            let mut two = found.iter().rev().filter(|(k, _)| k.rem_euclid(modi) == s);
            match (two.next(), two.next()) {
                (Some(&(_, Some(v2))), Some(&(_, Some(v1)))) if (v2 - v1) % modi == 0 => {
                    let slope = (v2 - v1) / modi;
                    let k2 = last - 1 - (last - 1 - s).rem_euclid(modi);
                    Lin {
                        slope,
                        offset: v2 - slope * k2,
                    }
                }
                (Some(&(_, Some(v))), _) => Lin {
                    slope: 0,
                    offset: v,
                },
                _ => Lin::ZERO,
            }
        })
        .collect();
    let exceptions = found
        .iter()
        .filter_map(|&(k, v)| {
            let v = v?;
            let fit = fits[k.rem_euclid(modi) as usize].at(k);
            (v != fit).then_some((k as u64, v))
        })
        .collect();
    Ok(Place {
        w: w.to_vec(),
        modulus,
        exceptions,
        fits,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::format::Block;

    fn affine(slope: u64, offset: i64) -> Affine {
        Affine { slope, offset }
    }

    /// {2, 5, 7k}: the claim nimcert derives.
    fn two_five() -> PrePeriodicFamilyClaim {
        PrePeriodicFamilyClaim {
            a: 2,
            b: 5,
            rho: 0,
            from_k: 2,
            preperiod_length: affine(7, 8),
            period_length: affine(7, 2),
            preperiod: vec![
                Block {
                    word: vec![0, 0, 1, 1, 0, 2, 1],
                    length: affine(7, 0),
                },
                Block {
                    word: vec![3, 2, 2, 0, 3, 1, 0, 3],
                    length: affine(0, 8),
                },
            ],
            period: vec![
                Block {
                    word: vec![1, 0, 0, 1, 1, 0, 2],
                    length: affine(7, -5),
                },
                Block {
                    word: vec![2, 1, 0, 2, 1, 0, 2],
                    length: affine(0, 7),
                },
            ],
            marker: Some(vec![1, 1, 0, 2, 1, 0, 2]),
        }
    }

    /// {3, 5, 8k + 1}: a constant period.
    fn three_five() -> PrePeriodicFamilyClaim {
        PrePeriodicFamilyClaim {
            a: 3,
            b: 5,
            rho: 1,
            from_k: 1,
            preperiod_length: affine(16, -2),
            period_length: affine(0, 2),
            preperiod: vec![
                Block {
                    word: vec![0, 0, 0, 1, 1, 1, 2, 2],
                    length: affine(8, 1),
                },
                Block {
                    word: vec![3],
                    length: affine(0, 1),
                },
                Block {
                    word: vec![3, 1, 0, 2, 0, 1, 0, 1],
                    length: affine(8, -4),
                },
            ],
            period: vec![Block {
                word: vec![0, 1],
                length: affine(0, 2),
            }],
            marker: Some(vec![0]),
        }
    }

    /// E_k(y) from the claim's blocks written out, E(y) = E(y − p) past
    /// q + p.
    fn letter(claim: &PrePeriodicFamilyClaim, k: i128, y: i128) -> u32 {
        let mut e = Vec::new();
        for block in claim.preperiod.iter().chain(&claim.period) {
            let len = Lin::of(block.length).at(k);
            e.extend((0..len as usize).map(|t| block.word[t % block.word.len()]));
        }
        let (q, p) = (
            Lin::of(claim.preperiod_length).at(k),
            Lin::of(claim.period_length).at(k),
        );
        let y = if y < q + p { y } else { q + (y - q) % p };
        e[y as usize]
    }

    /// The piece of `pieces` holding position `z` of `list` at k, and v.
    fn piece_at(list: &[Blk], pieces: &[Option<Piece>], k: i128, z: i128) -> (Piece, i128) {
        let j = list.iter().rposition(|b| b.start.at(k) <= z).unwrap();
        let t = z - list[j].start.at(k);
        assert!(t < list[j].length.at(k), "z = {z} past the list at k = {k}");
        let piece = pieces
            .iter()
            .flatten()
            .copied()
            .find(|piece| {
                piece.block == j
                    && match piece.spot {
                        Spot::All => true,
                        Spot::At(s) => i128::from(s) == t,
                        Spot::Residue { t: s, modulus } => {
                            t.rem_euclid(i128::from(modulus)) == i128::from(s)
                        }
                    }
            })
            .unwrap_or_else(|| panic!("no piece holds z = {z} at k = {k}"));
        let v = match piece.spot {
            Spot::Residue { modulus, .. } => t.div_euclid(i128::from(modulus)),
            _ => 0,
        };
        (piece, v)
    }

    /// [`known`] is right for the position `form` (= y at k, v) in every
    /// block of `list`.
    fn check_known(list: &[Blk], form: Form, k: i128, v: i128, y: i128) {
        assert_eq!(form.k.at(k) + form.v * v, y);
        for other in list {
            let relative = form.shift(other.start.times(-1));
            let z = y - other.start.at(k);
            let inside = 0 <= z && z < other.length.at(k);
            let g = other.word.len() as i128;
            match known(other, relative) {
                Known::Index(index) if other.direct() => {
                    assert!(!inside || z == index as i128, "z = {z}, {index}");
                }
                Known::Index(index) => assert_eq!(z.rem_euclid(g), index as i128),
                Known::Among(among) => assert!(!inside || among.contains(&(z as usize))),
                Known::Unknown => {}
            }
        }
    }

    #[test]
    fn every_position_is_in_a_piece_whose_numerals_are_right() {
        for claim in [two_five(), three_five()] {
            let family = Family::new(&claim, 4096).unwrap();
            let list = &family.unrolled;
            let pieces = family.pieces(list, Split::Residues, true);
            let period = family.period();
            let marker_pieces = family.pieces(period, Split::Residues, false);
            let l = claim.marker.as_ref().unwrap().len() as i128;
            let (a, b) = (i128::from(claim.a), i128::from(claim.b));
            for k in i128::from(claim.from_k)..i128::from(claim.from_k) + 8 {
                let (q, p, c) = (family.q.at(k), family.p.at(k), family.c.at(k));
                for x in 0..q + p + c {
                    let (piece, v) = piece_at(list, &pieces, k, x);
                    let blk = &list[piece.block];
                    let t = x - blk.start.at(k);
                    // The unrolled list reads E_k.
                    assert_eq!(blk.word[t as usize % blk.word.len()], letter(&claim, k, x));
                    let form = Family::form_of(list, piece).unwrap();
                    for s in [Lin::ZERO, Lin::constant(a), Lin::constant(b), family.c] {
                        let y = x - s.at(k);
                        check_known(list, form.shift(s.times(-1)), k, v, y);
                    }
                }
                for o in 0..p {
                    let (piece, v) = piece_at(period, &marker_pieces, k, q + o);
                    let form = Family::form_of(period, piece).unwrap();
                    for i in 0..l {
                        let i = Lin::constant(i);
                        check_known(period, form.shift(i), k, v, q + o + i.at(k));
                        let far = i.sub(family.p);
                        check_known(period, form.shift(far), k, v, q + o + far.at(k));
                    }
                }
            }
        }
    }

    #[test]
    fn the_unrolled_list_reaches_q_plus_p_plus_c() {
        let claim = two_five();
        let family = Family::new(&claim, 4096).unwrap();
        let last = family.unrolled.last().unwrap();
        let end = last.start.add(last.length);
        for k in 2..500i128 {
            let (q, p, c) = (family.q.at(k), family.p.at(k), 7 * k);
            assert!(end.at(k) >= q + p + c, "k = {k}");
        }
        // Starts and lengths agree: each block begins where the last ends.
        for pair in family.unrolled.windows(2) {
            assert_eq!(pair[0].start.add(pair[0].length), pair[1].start);
        }
    }

    #[test]
    fn some_k_is_exact() {
        let lin = |slope, offset| Lin { slope, offset };
        assert!(some_k(2, &[lin(1, -5)]));
        assert!(!some_k(2, &[lin(-1, 2)]));
        assert!(some_k(2, &[lin(-1, 3)]));
        assert!(!some_k(0, &[lin(1, -5), lin(-1, 5)]));
        assert!(some_k(0, &[lin(1, -5), lin(-1, 7)]));
        assert!(!some_k(0, &[lin(0, 0)]));
        for k0 in 0..6 {
            for (s1, o1, s2, o2) in [(2, -7, -3, 20), (1, 0, -1, 3), (3, -4, -2, 9)] {
                let brute = (k0..100).any(|k| s1 * k + o1 > 0 && s2 * k + o2 > 0);
                assert_eq!(some_k(k0, &[lin(s1, o1), lin(s2, o2)]), brute);
            }
        }
    }

    #[test]
    fn the_offset_is_where_the_marker_occurs() {
        let claim = two_five();
        let family = Family::new(&claim, 4096).unwrap();
        let place = family.marker.as_ref().unwrap();
        let per = &family.blocks[family.pre..];
        for k in 2..120i128 {
            let f = period_word(per, k);
            let fit = place.fits[k.rem_euclid(i128::from(place.modulus)) as usize].at(k);
            let o0 = place
                .exceptions
                .iter()
                .find(|&&(e, _)| i128::from(e) == k)
                .map_or(fit, |&(_, o)| o);
            assert_eq!(first_occurrence(&f, &place.w).map(|o| o as i128), Some(o0));
        }
    }

    #[test]
    fn malformed_claims_are_refused() {
        let mut claim = two_five();
        claim.from_k = 0;
        assert!(matches!(queries(&claim), Err(SmtError::Malformed(_))));
        let mut claim = two_five();
        claim.period_length = affine(7, 3);
        assert!(matches!(queries(&claim), Err(SmtError::Malformed(_))));
        let mut claim = two_five();
        claim.preperiod[1].length = affine(0, 0);
        assert!(matches!(queries(&claim), Err(SmtError::Malformed(_))));
        let mut claim = two_five();
        claim.marker = Some(vec![0; 100]);
        assert!(matches!(queries(&claim), Err(SmtError::Malformed(_))));
        let claim = two_five();
        assert!(matches!(
            queries_with(&claim, Split::Residues, 7),
            Err(SmtError::TooLarge { .. })
        ));
    }
}
