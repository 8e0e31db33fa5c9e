//! Certificates built from the solver's true answer and then mutated: the
//! checker's verdict must equal an independent recomputation of the truth
//! with the engine (`nimcert::engine`), for the subtraction claim kinds:
//! `Sequence`, `PSet`, and the format-2 `Periodic` and `PeriodicTable`;
//! and for the format-7 `Grundy` claim (reached through the seed corpus and
//! its byte mutations), against Grundy's game computed by the solver with
//! every option listed (`OctalSequence::grundys_game`, `Method::Direct`).
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
#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use nimcert::certify::{
    periodic_claim, periodic_table_certificate, pset_claim, search_provenance, sequence_claim,
};
use nimcert::engine::{solve, Periodicity};
use nimcert::moves::MoveSet;
use nimcert::octal::{Method, OctalSequence};
use nimcert_check::format::{
    Certificate, Claim, GrundyClaim, PSetClaim, PeriodWitness, PeriodicClaim, SequenceClaim,
    FORMAT_VERSION, LATEST_FORMAT_VERSION,
};
use nimcert_check::periodic::parse_row;
use nimcert_check::{check_certificate, parse, Limits, Verdict};

#[derive(Arbitrary, Debug)]
struct Input {
    moves: Vec<u8>,
    /// 0 Sequence, 1 PSet, 2 Periodic, 3 PeriodicTable (with the true
    /// claims of two more games around the mutated one).
    kind: u8,
    mutations: Vec<Mutation>,
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
        // Family claims have their own target with an oracle (check_family);
        // a PrePeriodicFamily claim has no cheap oracle here (its tests
        // compare accepted claims with the naive mex).
        | Claim::Family(_)
        | Claim::PrePeriodicFamily(_) => None,
        Claim::Grundy(c) => grundy_oracle(c),
    };
    let Some(expected) = expected else { return };
    let newest = match certificate.claim {
        Claim::Grundy(_) => LATEST_FORMAT_VERSION,
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
    let claim = if input.kind % 4 == 2 {
        Claim::Periodic(periodic())
    } else if input.kind % 4 == 3 {
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
    } else if input.kind % 4 == 1 && outcome.preperiod == 0 {
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
