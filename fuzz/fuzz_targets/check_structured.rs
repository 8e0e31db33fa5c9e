//! Certificates built from the solver's true answer and then mutated: the
//! checker's verdict must equal an independent recomputation of the truth
//! with the engine (`nimcert::engine`), for the subtraction claim kinds:
//! `Sequence`, `PSet`, and the format-2 `Periodic` and `PeriodicTable`;
//! for the format-7 `Grundy` claim (reached through the seed corpus and
//! its byte mutations), against Grundy's game computed by the solver with
//! every option listed (`OctalSequence::grundys_game`, `Method::Direct`);
//! and for the format-8 `PrePeriodicFamily` claim, derived by the solver
//! (`nimcert::subtraction::preperiodic::derive`) for a small class and
//! mutated, against a naive mex written here (below).
//!
//! An input that parses as a certificate is taken as it is (so the seed
//! corpus is the certificate corpus, and libFuzzer's byte mutations of it are
//! judged too); any other input is read with `arbitrary` as a small move set
//! plus a list of mutations applied to its true certificate.
//!
//! The oracle says a claim is valid exactly when the claimed data equal the
//! engine's (q, p, values; or P-positions, least period) *and* every witness
//! is well formed and holds. The checker must agree: accepting more would be
//! unsound, accepting less incomplete.
//!
//! A `PrePeriodicFamily` claim is for every k ≥ k0; its oracle judges it
//! well formed (Rule 0 of checker/src/preperiodic.rs, read from the format's
//! documentation) and true at every member k0 ≤ k ≤ max(k0, K̄) + M, with
//! M the lcm of the growing blocks' word lengths (and of p when constant)
//! and K̄ a generous bound on Lemma S's threshold K computed from the sizes
//! alone: past K the truth repeats with period M in k (Lemma S, tested on
//! random run lists by the checker's unit tests), so these members decide
//! it. The naive truth at a member: the blocks are G_S on [0, q + p), p is
//! a period from q (on a window of c), G(q − 1) ≠ G(q − 1 + p), and a
//! marker occurs exactly once in the cyclic period. Over the fuzzing limits
//! (`limits`) the claim is not judged: a true claim of the seed corpus can
//! need more work than they allow.
#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use nimcert::certify::{
    periodic_claim, periodic_table_certificate, pset_claim, search_provenance, sequence_claim,
};
use nimcert::engine::{solve, Periodicity};
use nimcert::moves::MoveSet;
use nimcert::octal::{Method, OctalSequence};
use nimcert::subtraction::preperiodic::derive;
use nimcert_check::format::{
    Affine, Block, Certificate, Claim, GrundyClaim, PSetClaim, PeriodWitness, PeriodicClaim,
    PrePeriodicFamilyClaim, SequenceClaim, FORMAT_VERSION, LATEST_FORMAT_VERSION,
};
use nimcert_check::periodic::parse_row;
use nimcert_check::{check_certificate, parse, Limits, Verdict};

#[derive(Arbitrary, Debug)]
struct Input {
    moves: Vec<u8>,
    /// 0 Sequence, 1 PSet, 2 Periodic, 3 PeriodicTable (with the true
    /// claims of two more games around the mutated one), 4
    /// PrePeriodicFamily (the class (a, b, ρ) read from `moves`).
    kind: u8,
    mutations: Vec<Mutation>,
    /// The mutations of a `PrePeriodicFamily` claim.
    family_mutations: Vec<FamilyMutation>,
}

/// An edit of a `PrePeriodicFamily` claim.
#[derive(Arbitrary, Debug)]
enum FamilyMutation {
    /// One letter of the words, counted over all blocks in order.
    Letter {
        index: u16,
        value: u8,
    },
    /// A block's slope and offset moved, the stated lengths following
    /// (`restate`) or not.
    Length {
        period: bool,
        block: u8,
        slope: i8,
        offset: i8,
        restate: bool,
    },
    /// The stated q or p moved.
    Stated {
        period: bool,
        slope: i8,
        offset: i8,
    },
    /// k0 moved.
    FromK(i8),
    /// No marker.
    NoMarker,
    /// The given marker.
    Marker(Vec<u8>),
    /// The window of the period at k0 at this offset and of this length.
    Window {
        start: u16,
        length: u8,
    },
    /// G(q) moved into the pre-period: q + 1, the period rotated by one.
    Rotate,
    /// The period's blocks twice over.
    DoublePeriod,
    /// A block removed, or repeated in place.
    DropBlock {
        period: bool,
        block: u8,
    },
    RepeatBlock {
        period: bool,
        block: u8,
    },
    /// A block's word rotated by one letter.
    RotateWord {
        period: bool,
        block: u8,
    },
    /// a, b or ρ set.
    Game {
        which: u8,
        value: u8,
    },
}

#[derive(Arbitrary, Debug)]
enum Mutation {
    Value { index: u8, value: u8 },
    Period(i8),
    Preperiod(i8),
    Truncate,
    Extend(u8),
    DoublePeriod,
    WitnessPrime { index: u8, prime: u8 },
    WitnessPosition { index: u8, position: u8 },
    DropWitness(u8),
    AddWitness { prime: u8, position: u8 },
    PreperiodWitness(Option<u8>),
    Move { index: u8, value: u8 },
    DropMove(u8),
    AddMove(u8),
    BlockToggle(u8),
    CoverMove { index: u8, s: u8 },
    CoverResidue { index: u8, r: u8 },
    DropCover(u8),
    AddCover { r: u8, s: u8 },
}

fn at<T>(v: &mut [T], i: u8) -> Option<&mut T> {
    let n = v.len();
    (n > 0).then(|| &mut v[i as usize % n])
}

fn shift(x: u64, d: i8) -> u64 {
    x.saturating_add_signed(d as i64)
}

/// Mutations of the fields both subtraction claims share: the moves and
/// the minimality witnesses.
fn mutate_shared(moves: &mut Vec<u64>, witnesses: &mut Vec<PeriodWitness>, m: &Mutation) {
    match *m {
        Mutation::WitnessPrime { index, prime } => {
            if let Some(w) = at(witnesses, index) {
                w.prime = prime as u64;
            }
        }
        Mutation::WitnessPosition { index, position } => {
            if let Some(w) = at(witnesses, index) {
                w.position = position as u64;
            }
        }
        Mutation::DropWitness(i) => {
            if !witnesses.is_empty() {
                let n = witnesses.len();
                witnesses.remove(i as usize % n);
            }
        }
        Mutation::AddWitness { prime, position } => witnesses.push(PeriodWitness {
            prime: prime as u64,
            position: position as u64,
        }),
        Mutation::Move { index, value } => {
            if let Some(s) = at(moves, index) {
                *s = value as u64;
            }
        }
        Mutation::DropMove(i) => {
            if !moves.is_empty() {
                let n = moves.len();
                moves.remove(i as usize % n);
            }
        }
        Mutation::AddMove(s) => moves.push(s as u64),
        _ => {}
    }
}

fn mutate_sequence(c: &mut SequenceClaim, m: &Mutation) {
    match *m {
        Mutation::Value { index, value } => {
            if let Some(v) = at(&mut c.values, index) {
                *v = value as u32 % 8;
            }
        }
        Mutation::Period(d) => c.period = shift(c.period, d),
        Mutation::Preperiod(d) => c.preperiod = shift(c.preperiod, d),
        Mutation::Truncate => {
            c.values.pop();
        }
        Mutation::Extend(v) => c.values.push(v as u32 % 8),
        Mutation::DoublePeriod => {
            let q = (c.preperiod as usize).min(c.values.len());
            let tail = c.values[q..].to_vec();
            c.values.extend(tail);
            c.period = c.period.saturating_mul(2);
        }
        Mutation::PreperiodWitness(w) => c.preperiod_witness = w.map(u64::from),
        _ => mutate_shared(&mut c.moves, &mut c.period_witnesses, m),
    }
}

fn mutate_periodic(c: &mut PeriodicClaim, m: &Mutation) {
    match *m {
        Mutation::Period(d) => c.period = shift(c.period, d),
        Mutation::Preperiod(d) => c.preperiod = shift(c.preperiod, d),
        Mutation::DoublePeriod => c.period = c.period.saturating_mul(2),
        _ => mutate_shared(&mut c.moves, &mut c.period_witnesses, m),
    }
}

fn mutate_pset(c: &mut PSetClaim, m: &Mutation) {
    match *m {
        Mutation::Period(d) => c.period = shift(c.period, d),
        Mutation::DoublePeriod => {
            let p = c.period;
            let block: Vec<u64> = c.block.iter().map(|h| h + p).collect();
            let cover: Vec<(u64, u64)> = c.cover.iter().map(|&(r, s)| (r + p, s)).collect();
            c.block.extend(block);
            c.cover.extend(cover);
            c.period = p.saturating_mul(2);
        }
        Mutation::BlockToggle(x) => {
            let x = x as u64;
            match c.block.binary_search(&x) {
                Ok(i) => {
                    c.block.remove(i);
                }
                Err(i) => c.block.insert(i, x),
            }
        }
        Mutation::CoverMove { index, s } => {
            if let Some(e) = at(&mut c.cover, index) {
                e.1 = s as u64;
            }
        }
        Mutation::CoverResidue { index, r } => {
            if let Some(e) = at(&mut c.cover, index) {
                e.0 = r as u64;
            }
        }
        Mutation::DropCover(i) => {
            if !c.cover.is_empty() {
                let n = c.cover.len();
                c.cover.remove(i as usize % n);
            }
        }
        Mutation::AddCover { r, s } => c.cover.push((r as u64, s as u64)),
        _ => mutate_shared(&mut c.moves, &mut c.period_witnesses, m),
    }
}

/// The distinct primes of n, by trial division (written here, not shared).
fn primes(mut n: u64) -> Vec<u64> {
    let mut out = Vec::new();
    let mut r = 2;
    while r * r <= n {
        if n % r == 0 {
            out.push(r);
            while n % r == 0 {
                n /= r;
            }
        }
        r += 1;
    }
    if n > 1 {
        out.push(n);
    }
    out
}

/// Small enough for the engine to settle quickly; the oracle only judges
/// such move sets.
fn small_moves(moves: &[u64]) -> Option<MoveSet> {
    let ok = !moves.is_empty()
        && moves.len() <= 6
        && moves[0] > 0
        && moves.windows(2).all(|w| w[0] < w[1])
        && *moves.last().unwrap() <= 300;
    if ok {
        MoveSet::new(moves).ok()
    } else {
        None
    }
}

fn truth(moves: &MoveSet) -> Option<Periodicity> {
    solve(moves, 5_000_000).ok()
}

/// The engine's answer for a claimed (S, q, p), or the oracle's verdict
/// without it: false for period 0 or a malformed move set, `None` (not
/// judged) past its size bounds.
fn game_for(moves: &[u64], q: u64, p: u64) -> Result<Periodicity, Option<bool>> {
    if p == 0 {
        return Err(Some(false));
    }
    if q.saturating_add(p) > 100_000 {
        return Err(None);
    }
    let Some(set) = small_moves(moves) else {
        let malformed = moves.is_empty() || moves[0] == 0 || moves.windows(2).any(|w| w[0] >= w[1]);
        return Err(malformed.then_some(false));
    };
    truth(&set).ok_or(None)
}

/// None: the oracle does not judge this claim (over its size bounds).
fn sequence_oracle(c: &SequenceClaim) -> Option<bool> {
    let game = match game_for(&c.moves, c.preperiod, c.period) {
        Ok(game) => game,
        Err(verdict) => return verdict,
    };
    let (q, p) = (game.qp.preperiod, game.qp.period);
    let claim_true = (c.preperiod, c.period) == (q, p)
        && c.values.len() as u64 == q + p
        && c.values
            .iter()
            .zip(&game.values)
            .all(|(&a, &b)| a == b as u32);
    if !claim_true {
        return Some(false);
    }
    Some(
        witnesses_hold(&c.period_witnesses, &game) && c.preperiod_witness == (q > 0).then(|| q - 1),
    )
}

/// One witness x ≥ q per prime r | p, in order, with G(x) ≠ G(x + p/r).
fn witnesses_hold(witnesses: &[PeriodWitness], game: &Periodicity) -> bool {
    let (q, p) = (game.qp.preperiod, game.qp.period);
    let ps = primes(p);
    witnesses.len() == ps.len()
        && witnesses.iter().zip(&ps).all(|(w, &r)| {
            w.prime == r
                && w.position >= q
                && w.position
                    .checked_add(p / r)
                    .is_some_and(|y| game.value(w.position) != game.value(y))
        })
}

fn periodic_oracle(c: &PeriodicClaim) -> Option<bool> {
    let game = match game_for(&c.moves, c.preperiod, c.period) {
        Ok(game) => game,
        Err(verdict) => return verdict,
    };
    let claim_true = (c.preperiod, c.period) == (game.qp.preperiod, game.qp.period);
    Some(claim_true && witnesses_hold(&c.period_witnesses, &game))
}

/// A table is valid exactly when every line parses and is valid; `None`
/// when the oracle does not judge some line.
fn table_oracle(games: &str) -> Option<bool> {
    if games.is_empty() {
        return Some(false);
    }
    let mut row = PeriodicClaim {
        moves: vec![],
        preperiod: 0,
        period: 0,
        period_witnesses: vec![],
    };
    let mut all = true;
    for line in games.strip_suffix('\n').unwrap_or(games).split('\n') {
        if parse_row(line, &mut row).is_err() {
            return Some(false);
        }
        all &= periodic_oracle(&row)?;
    }
    Some(all)
}

fn pset_oracle(c: &PSetClaim) -> Option<bool> {
    let p = c.period;
    if p == 0 {
        return Some(false);
    }
    if p > 100_000 {
        return None;
    }
    let Some(moves) = small_moves(&c.moves) else {
        let malformed =
            c.moves.is_empty() || c.moves[0] == 0 || c.moves.windows(2).any(|w| w[0] >= w[1]);
        return malformed.then_some(false);
    };
    let game = truth(&moves)?;
    let outcome = game.outcome();
    let zero = |x: u64| game.value(x) == 0;
    let block: Vec<u64> = (0..p).filter(|&x| zero(x)).collect();
    let claim_true = outcome.preperiod == 0 && outcome.period == p && c.block == block;
    if !claim_true {
        return Some(false);
    }
    let in_block = |x: u64| c.block.binary_search(&x).is_ok();
    let residues: Vec<u64> = (0..p).filter(|&r| !in_block(r)).collect();
    let cover_ok = c.cover.len() == residues.len()
        && c.cover.iter().zip(&residues).all(|(&(r, s), &expected)| {
            r == expected && c.moves.contains(&s) && s <= r && in_block(r - s)
        });
    let ps = primes(p);
    let witnesses_ok = c.period_witnesses.len() == ps.len()
        && c.period_witnesses.iter().zip(&ps).all(|(w, &r)| {
            w.prime == r
                && w.position < p
                && in_block(w.position) != in_block((w.position + p / r) % p)
        });
    Some(cover_ok && witnesses_ok)
}

/// The default limits with at most 10^7 work units: far more than any
/// claim the oracle judges needs, and few enough that heavy seeds (a
/// 15-million-position game of the corpus) stay within -timeout with
/// overflow checks (-a).
fn limits() -> Limits {
    Limits {
        max_work: 10_000_000,
        ..Limits::default()
    }
}

/// The most values of a `Grundy` claim the oracle judges: 4N + 2·⌊(N −
/// 2)²/4⌋ ≈ 4.5·10^6 checker units at N = 3000, within [`limits`].
const GRUNDY_MAX_VALUES: usize = 3000;

/// A `Grundy` claim is true exactly when its values are a non-empty prefix
/// of Grundy's game's (the solver, every option listed); `None` beyond
/// [`GRUNDY_MAX_VALUES`].
fn grundy_oracle(c: &GrundyClaim) -> Option<bool> {
    if c.values.len() > GRUNDY_MAX_VALUES {
        return None;
    }
    let mut g = OctalSequence::grundys_game(Method::Direct);
    g.extend_to(c.values.len(), u64::MAX);
    Some(!c.values.is_empty() && g.values() == c.values.as_slice())
}

/// The blocks' sum, the stated length a well-formed claim has.
fn blocks_sum(blocks: &[Block]) -> Affine {
    Affine {
        slope: blocks
            .iter()
            .fold(0u64, |s, b| s.saturating_add(b.length.slope)),
        offset: blocks
            .iter()
            .fold(0i64, |s, b| s.saturating_add(b.length.offset)),
    }
}

fn restate(c: &mut PrePeriodicFamilyClaim) {
    c.preperiod_length = blocks_sum(&c.preperiod);
    c.period_length = blocks_sum(&c.period);
}

/// The blocks at k (lengths may be below 1: `None`).
fn expand_blocks(blocks: &[Block], k: u64) -> Option<Vec<u32>> {
    let mut out = Vec::new();
    for b in blocks {
        let n = (b.length.slope as i128) * (k as i128) + b.length.offset as i128;
        if !(1..=1 << 22).contains(&n) || b.word.is_empty() {
            return None;
        }
        out.extend((0..n as usize).map(|t| b.word[t % b.word.len()]));
    }
    Some(out)
}

fn mutate_family(c: &mut PrePeriodicFamilyClaim, m: &FamilyMutation) {
    fn list(c: &mut PrePeriodicFamilyClaim, period: bool) -> &mut Vec<Block> {
        if period {
            &mut c.period
        } else {
            &mut c.preperiod
        }
    }
    match m {
        FamilyMutation::Letter { index, value } => {
            let letters: usize = c
                .preperiod
                .iter()
                .chain(&c.period)
                .map(|b| b.word.len())
                .sum();
            if letters > 0 {
                let mut i = *index as usize % letters;
                for b in c.preperiod.iter_mut().chain(c.period.iter_mut()) {
                    if i < b.word.len() {
                        b.word[i] = u32::from(*value % 5);
                        break;
                    }
                    i -= b.word.len();
                }
            }
        }
        FamilyMutation::Length {
            period,
            block,
            slope,
            offset,
            restate: follow,
        } => {
            if let Some(b) = at(list(c, *period), *block) {
                b.length.slope = b.length.slope.saturating_add_signed(i64::from(*slope % 3));
                b.length.offset += i64::from(*offset % 4);
            }
            if *follow {
                restate(c);
            }
        }
        FamilyMutation::Stated {
            period,
            slope,
            offset,
        } => {
            let f = if *period {
                &mut c.period_length
            } else {
                &mut c.preperiod_length
            };
            f.slope = f.slope.saturating_add_signed(i64::from(*slope % 3));
            f.offset += i64::from(*offset % 4);
        }
        FamilyMutation::FromK(d) => c.from_k = c.from_k.saturating_add_signed(i64::from(*d % 8)),
        FamilyMutation::NoMarker => c.marker = None,
        FamilyMutation::Marker(w) => {
            c.marker = Some(w.iter().take(40).map(|&v| u32::from(v % 5)).collect())
        }
        FamilyMutation::Window { start, length } => {
            if let Some(per) = expand_blocks(&c.period, c.from_k) {
                let p = per.len();
                let l = (*length as usize % 12).min(p);
                c.marker = Some((0..l).map(|i| per[(*start as usize + i) % p]).collect());
            }
        }
        FamilyMutation::Rotate => {
            if let Some(first) = c.period.first().cloned() {
                if let Some(&x) = first.word.first() {
                    let one = Block {
                        word: vec![x],
                        length: Affine {
                            slope: 0,
                            offset: 1,
                        },
                    };
                    let mut word = first.word.clone();
                    word.rotate_left(1);
                    c.period[0] = Block {
                        word,
                        length: Affine {
                            slope: first.length.slope,
                            offset: first.length.offset - 1,
                        },
                    };
                    c.preperiod.push(one.clone());
                    c.period.push(one);
                    restate(c);
                }
            }
        }
        FamilyMutation::DoublePeriod => {
            let twice = [c.period.clone(), c.period.clone()].concat();
            c.period = twice;
            restate(c);
        }
        FamilyMutation::DropBlock { period, block } => {
            let l = list(c, *period);
            if !l.is_empty() {
                let n = l.len();
                l.remove(*block as usize % n);
            }
            restate(c);
        }
        FamilyMutation::RepeatBlock { period, block } => {
            let l = list(c, *period);
            if !l.is_empty() {
                let i = *block as usize % l.len();
                let b = l[i].clone();
                l.insert(i, b);
            }
            restate(c);
        }
        FamilyMutation::RotateWord { period, block } => {
            if let Some(b) = at(list(c, *period), *block) {
                if !b.word.is_empty() {
                    b.word.rotate_left(1);
                }
            }
        }
        FamilyMutation::Game { which, value } => match which % 3 {
            0 => c.a = u64::from(*value % 16),
            1 => c.b = u64::from(*value % 24),
            _ => c.rho = u64::from(*value % 32),
        },
    }
}

/// Rule 0 of a `PrePeriodicFamily` claim, from the format's documentation.
fn family_well_formed(c: &PrePeriodicFamilyClaim) -> bool {
    let (a, b) = (c.a, c.b);
    if a == 0 || a >= b {
        return false;
    }
    let Some(m) = a.checked_add(b) else {
        return false;
    };
    let c0 = m.checked_mul(c.from_k).and_then(|x| x.checked_add(c.rho));
    if c.rho >= m || c0.is_none_or(|c0| c0 <= b) {
        return false;
    }
    let at_k0 = |f: Affine| f.slope as i128 * c.from_k as i128 + f.offset as i128;
    let sum = |bs: &[Block]| {
        bs.iter().fold((0i128, 0i128), |(s, o), b| {
            (s + b.length.slope as i128, o + b.length.offset as i128)
        })
    };
    for (blocks, stated) in [
        (&c.preperiod, c.preperiod_length),
        (&c.period, c.period_length),
    ] {
        if blocks.is_empty()
            || blocks
                .iter()
                .any(|b| b.word.is_empty() || at_k0(b.length) < 1)
            || sum(blocks) != (stated.slope as i128, stated.offset as i128)
        {
            return false;
        }
    }
    c.marker
        .as_ref()
        .is_none_or(|w| !w.is_empty() && w.len() as i128 <= at_k0(c.period_length))
}

fn lcm(x: u64, y: u64) -> u64 {
    fn gcd(x: u64, y: u64) -> u64 {
        if y == 0 {
            x
        } else {
            gcd(y, x % y)
        }
    }
    x / gcd(x, y) * y
}

/// G_S for S = {a, b, c} on [0, n), by the definition (three options: the
/// mex is at most 3).
fn naive3(moves: [u64; 3], n: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(n);
    for x in 0..n as u64 {
        let mut seen = [false; 4];
        for &s in &moves {
            if s <= x {
                seen[g[(x - s) as usize] as usize] = true;
            }
        }
        g.push(seen.iter().position(|&b| !b).unwrap() as u32);
    }
    g
}

/// Whether the claim holds at member k (module docs).
fn family_holds_at(c: &PrePeriodicFamilyClaim, k: u64) -> bool {
    let (Some(pre), Some(per)) = (expand_blocks(&c.preperiod, k), expand_blocks(&c.period, k))
    else {
        return false;
    };
    let (q, p) = (pre.len(), per.len());
    let cu = ((c.a + c.b) * k + c.rho) as usize;
    let g = naive3([c.a, c.b, cu as u64], q + 2 * p + cu);
    g[..q] == pre[..]
        && g[q..q + p] == per[..]
        && (q..q + cu).all(|x| g[x] == g[x + p])
        && g[q - 1] != g[q - 1 + p]
        && c.marker.as_ref().is_none_or(|w| {
            (0..p)
                .filter(|&o| w.iter().enumerate().all(|(i, &v)| per[(o + i) % p] == v))
                .count()
                == 1
        })
}

/// The most naive mex steps the oracle spends on one claim.
const FAMILY_MAX_STEPS: u128 = 3_000_000;

/// A `PrePeriodicFamily` claim is true exactly when it is well formed and
/// holds at the members k0 ≤ k ≤ max(k0, K̄) + M (module docs); `None`
/// when that is more than [`FAMILY_MAX_STEPS`] naive steps or the sizes
/// are large.
fn preperiodic_oracle(c: &PrePeriodicFamilyClaim) -> Option<bool> {
    if !family_well_formed(c) {
        return Some(false);
    }
    let blocks = || c.preperiod.iter().chain(&c.period);
    let small = c.b <= 64
        && c.from_k <= 1000
        && blocks().all(|b| b.length.slope <= 64 && b.length.offset.unsigned_abs() <= 4096)
        && blocks().map(|b| b.word.len()).sum::<usize>() <= 4096
        && c.marker.as_ref().is_none_or(|w| w.len() <= 512);
    if !small {
        return None;
    }
    let mut modulus = 1u64;
    for b in blocks().filter(|b| b.length.slope > 0) {
        modulus = lcm(modulus, b.word.len() as u64);
        if modulus > 1000 {
            return None;
        }
    }
    let (m, k0) = (c.a + c.b, c.from_k);
    let at_k0 = |f: Affine| (f.slope * k0) as i64 + f.offset;
    let p0 = at_k0(c.period_length) as u64;
    if c.period_length.slope == 0 {
        modulus = lcm(modulus, p0);
    }
    if modulus > 1000 {
        return None;
    }
    // K̄ ≥ K. The breakpoints of nimcheck's lists are b_j + o: b_j a
    // boundary, whose offset is a partial sum of the blocks' offsets over
    // the pre-period and at most `copies` periods (or the run of P, of
    // offset p + ρ, when p is constant), so at most A in absolute value;
    // o a reading, of offset 0, a, b, ρ or below L. Two of different
    // slopes are G apart from k = G + (their offsets' difference), and a
    // block of slope α and offset β reaches 1 letter from |β| + 2: so
    // K ≤ G + 2A + b + ρ + L + 2 (checker/src/preperiodic.rs, Rule R and
    // Rule L).
    let c0 = m * k0 + c.rho;
    let copies = 1 + m.max(c0 / p0 + 1);
    let offsets: u64 = blocks().map(|b| b.length.offset.unsigned_abs()).sum();
    let p_offset = c.period_length.offset.unsigned_abs();
    let mut reach = offsets + copies * p_offset;
    if c.period_length.slope == 0 {
        reach += p0 + c.rho;
    }
    let marker = c.marker.as_ref().map_or(0, |w| w.len() as u64);
    let fixed = blocks()
        .filter(|b| b.length.slope == 0)
        .map(|b| b.length.offset as u64)
        .max()
        .unwrap_or(0);
    let gap = (2 * modulus).max(fixed + 1);
    let k_bar = gap + 2 * reach + c.b + c.rho + marker + 2;
    let last = k0.max(k_bar) + modulus;
    let size = |k: u64| -> u128 {
        let q = at_k0(c.preperiod_length).max(0) as u128
            + u128::from(c.preperiod_length.slope) * u128::from(k - k0);
        let p = u128::from(p0) + u128::from(c.period_length.slope) * u128::from(k - k0);
        q + 2 * p + u128::from(m * k + c.rho)
    };
    if u128::from(last - k0 + 1) * size(last) > FAMILY_MAX_STEPS {
        return None;
    }
    Some((k0..=last).all(|k| family_holds_at(c, k)))
}

fn judge(certificate: &Certificate) {
    let verdict = check_certificate(certificate, &limits());
    let expected = match &certificate.claim {
        Claim::Sequence(c) => sequence_oracle(c),
        Claim::PSet(c) => pset_oracle(c),
        Claim::Periodic(c) => periodic_oracle(c),
        Claim::PeriodicTable(c) => table_oracle(&c.games),
        Claim::Avoidance(_)
        | Claim::Octal(_)
        | Claim::PackedSequence(_)
        | Claim::OctalPeriodic(_)
        // Family claims have their own target with an oracle (check_family).
        | Claim::Family(_) => None,
        Claim::Grundy(c) => grundy_oracle(c),
        // Not judged over the fuzzing limits (module docs).
        Claim::PrePeriodicFamily(_) if matches!(verdict, Verdict::OverLimit(_)) => None,
        Claim::PrePeriodicFamily(c) => preperiodic_oracle(c),
    };
    let Some(expected) = expected else { return };
    let newest = match certificate.claim {
        Claim::Grundy(_) | Claim::PrePeriodicFamily(_) => LATEST_FORMAT_VERSION,
        _ => 2,
    };
    if !(certificate.claim.format_version()..=newest).contains(&certificate.format) {
        return;
    }
    match verdict {
        Verdict::Valid(_) => assert!(expected, "checker accepted a false claim: {certificate:?}"),
        Verdict::Invalid(ref m) => {
            assert!(
                !expected,
                "checker rejected a true claim ({m}): {certificate:?}"
            )
        }
        Verdict::Undecidable(ref m) | Verdict::OverLimit(ref m) => {
            assert!(
                !expected,
                "checker refused a small true claim ({m}): {certificate:?}"
            )
        }
    }
}

fuzz_target!(|data: &[u8]| {
    if let Ok(certificate) = parse(data, &limits()) {
        judge(&certificate);
        return;
    }
    let Ok(input) = Input::arbitrary(&mut Unstructured::new(data)) else {
        return;
    };
    if input.kind % 5 == 4 {
        // The class (a, b, ρ) with 2 ≤ a ≤ 5 < b ≤ a + 6, its derived claim
        // (none for a purely periodic class), mutated.
        let byte = |i: usize| u64::from(input.moves.get(i).copied().unwrap_or(0));
        let a = 2 + byte(0) % 4;
        let b = a + 1 + byte(1) % 6;
        let rho = byte(2) % (a + b);
        let Ok(mut claim) = derive(a, b, rho) else {
            return;
        };
        for m in input.family_mutations.iter().take(4) {
            mutate_family(&mut claim, m);
        }
        let claim = Claim::PrePeriodicFamily(claim);
        judge(&Certificate {
            format: claim.format_version(),
            provenance: search_provenance(),
            claim,
        });
        return;
    }
    let mut moves: Vec<u64> = input
        .moves
        .iter()
        .take(5)
        .map(|&b| 1 + (b as u64 % 24))
        .collect();
    moves.sort_unstable();
    moves.dedup();
    if moves.is_empty() {
        moves.push(1);
    }
    let moves = MoveSet::new(&moves).expect("valid by construction");
    let game = truth(&moves).expect("small games settle");
    let outcome = game.outcome();
    let (q, p) = (game.qp.preperiod, game.qp.period);
    let periodic = || {
        let mut c = periodic_claim(&moves, &game.values, q, p);
        for m in input.mutations.iter().take(4) {
            mutate_periodic(&mut c, m);
        }
        c
    };
    let claim = if input.kind % 5 == 2 {
        Claim::Periodic(periodic())
    } else if input.kind % 5 == 3 {
        // The mutated claim between the true claims of {2,5,7} and {2,4,7}.
        let mut claims = Vec::new();
        for other in [[2u64, 5, 7], [2, 4, 7]] {
            let set = MoveSet::new(&other).unwrap();
            let g = truth(&set).unwrap();
            claims.push(periodic_claim(&set, &g.values, g.qp.preperiod, g.qp.period));
        }
        claims.insert(1, periodic());
        judge(&periodic_table_certificate(&claims, search_provenance()));
        return;
    } else if input.kind % 5 == 1 && outcome.preperiod == 0 {
        let p = outcome.period;
        let block: Vec<u64> = (0..p).filter(|&x| game.value(x) == 0).collect();
        let mut c = pset_claim(&moves, p, block);
        for m in input.mutations.iter().take(4) {
            mutate_pset(&mut c, m);
        }
        Claim::PSet(c)
    } else {
        let mut c = sequence_claim(&moves, &game.values, q, p);
        for m in input.mutations.iter().take(4) {
            mutate_sequence(&mut c, m);
        }
        Claim::Sequence(c)
    };
    judge(&Certificate {
        format: claim.format_version().max(FORMAT_VERSION),
        provenance: search_provenance(),
        claim,
    });
});
