//! Rules for a `Periodic` claim (format 2): the least pre-period and least
//! period of the nim-sequence of a subtraction game, stated without the
//! values; and for a `PeriodicTable`, many such claims, one a line.
//!
//! Claim: for S with largest move c, G_S has least pre-period q and least
//! period p, with a witness x_r ≥ q for each prime r | p.
//!
//! The checker computes G_S on [0, q + p + c) itself, by the mex rule
//! (`mex.rs`: the definition of G_S, with exactly one solution).
//!
//! **Rule 1 (period from q).** G(x) = G(x + p) for every x in [q, q + c).
//! *Proof that then G(x) = G(x + p) for every x ≥ q:* by induction on x.
//! For x < q + c it is the rule. For x ≥ q + c, assume it for every
//! y in [q, x). Both x and x + p are at least c, so every move is legal at
//! both, and G(x) = mex{G(x − s) : s ∈ S}, G(x + p) = mex{G(x + p − s) :
//! s ∈ S}. For each s ∈ S, x − s lies in [x − c, x) ⊆ [q, x), so
//! G(x − s) = G(x − s + p) by the hypothesis: the two option sets have the
//! same values, and so the same mex. Hence G is p-periodic from q, and
//! G(x) = G(q + (x − q) mod p) for every x ≥ q. (This is the window
//! argument of paper A: for x ≥ c, G(x) is a function of the c values
//! before x, and the windows at q + c and q + p + c agree.)
//!
//! **Rule 2 (least period).** The witnesses list the primes r | p in
//! increasing order, each with x_r ≥ q and G(x_r) ≠ G(x_r + p/r) (both read
//! through Rule 1's periodic extension). *Proof:* as for `Sequence` (see
//! [`crate::sequence`] and `crate::number`): a smaller least period would
//! divide p/r for some prime r | p, making p/r a period from q, which the
//! witness contradicts.
//!
//! **Rule 3 (least pre-period).** q = 0, or G(q − 1) ≠ G(q − 1 + p).
//! *Proof:* suppose G were periodic from some q′ < q, with some period d.
//! Then p is a period from q′ too: for x ≥ q′ pick k with x + kd ≥ q; then
//! G(x + p) = G(x + p + kd) = G(x + kd) = G(x) (d is a period from q′, p
//! one from q). So p would be a period from q − 1 ≥ q′, and
//! G(q − 1) = G(q − 1 + p), which the rule excludes.
//!
//! **Table.** A `PeriodicTable` holds one claim a line; it is valid when
//! every line parses ([`parse_row`]) and every claim is valid by the rules
//! above. Its limits are those of each line, and `--max-work` bounds the
//! sum of the lines' work.

use crate::format::{PeriodWitness, PeriodicClaim, PeriodicTableClaim};
use crate::mex::{self, Values};
use crate::moves::{admit_moves, check_moves, show_list, show_set};
use crate::number::check_minimality;
use crate::{too_large, within_work, wrong, Failure, Limits, Verdict};

/// Checks a `Periodic` claim.
pub fn check(claim: &PeriodicClaim, limits: &Limits) -> Verdict {
    if let Err(failure) = admit(claim, limits) {
        return failure.into_verdict();
    }
    let mut g = Values::default();
    let checked = check_game(
        &claim.moves,
        claim.preperiod,
        claim.period,
        &claim.period_witnesses,
        &mut g,
    );
    match checked {
        Ok(()) => {
            let (q, p) = (claim.preperiod, claim.period);
            Verdict::Valid(summary(&claim.moves, q, p, &extension(&g, q, p)))
        }
        Err(failure) => failure.into_verdict(),
    }
}

/// The limits of a `Periodic` claim (see [`admit_game`]).
pub(crate) fn admit(claim: &PeriodicClaim, limits: &Limits) -> Result<(), Failure> {
    admit_game(&claim.moves, claim.preperiod, claim.period, limits)
}

/// The limits of one game: the moves (`--max-moves`, `--max-move`),
/// q + p (`--max-period`) and the work of computing G_S on [0, q + p + c)
/// (`--max-work`, [`mex::work`]).
pub(crate) fn admit_game(moves: &[u64], q: u64, p: u64, limits: &Limits) -> Result<(), Failure> {
    admit_moves(moves, limits)?;
    let length = within_period(q, p, limits)?;
    let c = moves.iter().copied().max().unwrap_or(0);
    if length.checked_add(c).is_none() {
        // Only with --max-period and --max-move both near 2^64.
        return too_large(format!(
            "q + p + c = {length} + {c} overflows (lower --max-period or --max-move)"
        ));
    }
    within_work(game_work(moves, length), "(q + p + c)·(|S| + 4)", limits)
}

/// The work of one game with q + p = `length`.
fn game_work(moves: &[u64], length: u64) -> u64 {
    let c = moves.iter().copied().max().unwrap_or(0);
    mex::work(length.saturating_add(c), moves.len())
}

/// q + p, refused when it overflows or exceeds `--max-period`.
pub(crate) fn within_period(q: u64, p: u64, limits: &Limits) -> Result<u64, Failure> {
    match q.checked_add(p) {
        Some(n) if n <= limits.max_period => Ok(n),
        _ => too_large(format!(
            "claimed q + p = {q} + {p} exceeds the limit of {} (--max-period)",
            limits.max_period
        )),
    }
}

/// Rules 1–3 for one game, with G_S computed into `g` (reused between the
/// lines of a table). The caller has admitted the limits ([`admit_game`]),
/// so q + p + c does not overflow.
fn check_game(
    moves: &[u64],
    q: u64,
    p: u64,
    witnesses: &[PeriodWitness],
    g: &mut Values,
) -> Result<(), Failure> {
    let c = check_moves(moves)?;
    if p == 0 {
        return wrong("the period must be at least 1".to_string());
    }
    g.compute(moves, q + p + c)?;
    // Rule 1.
    if let Some(x) = (q..q + c).find(|&x| g.at(x) != g.at(x + p)) {
        return wrong(format!(
            "p = {p} is not a period from q = {q}: G({x}) = {} but G({}) = {}",
            g.at(x),
            x + p,
            g.at(x + p)
        ));
    }
    let v = extension(g, q, p);
    // Rule 2.
    check_least_period(q, p, witnesses, &v)?;
    // Rule 3.
    check_preperiod(q, p, &v)
}

/// Rule 2 (least period) of a sequence v that is p-periodic from q: the
/// witnesses list the primes r | p in increasing order, each at a position
/// x ≥ q with v(x) ≠ v(x + p/r) (a shift that overflows u64 fails). Used
/// by `Sequence`, `Periodic` and `Octal`; the proof is in `crate::number`
/// and in each caller's Rule 2.
pub(crate) fn check_least_period(
    q: u64,
    p: u64,
    witnesses: &[PeriodWitness],
    v: &impl Fn(u64) -> u32,
) -> Result<(), Failure> {
    check_minimality(p, witnesses, "least period", |x, d| {
        if x < q {
            return wrong(format!(
                "minimality witness {x} lies before the pre-period {q}"
            ));
        }
        Ok(x.checked_add(d).is_some_and(|y| v(x) != v(y)))
    })
}

/// Rule 3 with its witness field (`Sequence`, `Octal`): `None` exactly
/// when q = 0, and otherwise the position q − 1, where v(q − 1) ≠
/// v(q − 1 + p) ([`check_preperiod`]).
pub(crate) fn check_preperiod_witness(
    q: u64,
    p: u64,
    witness: Option<u64>,
    v: &impl Fn(u64) -> u32,
) -> Result<(), Failure> {
    match (q, witness) {
        (0, None) => Ok(()),
        (0, Some(w)) => wrong(format!("pre-period 0 needs no witness, but {w} is given")),
        (_, None) => wrong(format!("pre-period {q} > 0 needs the witness {}", q - 1)),
        (_, Some(w)) if w != q - 1 => wrong(format!(
            "pre-period witness must be q − 1 = {}, not {w}",
            q - 1
        )),
        (_, Some(_)) => check_preperiod(q, p, v),
    }
}

/// G_S on all of N through Rule 1: G(x) for x < q + p, and
/// G(q + (x − q) mod p) beyond.
fn extension(g: &Values, q: u64, p: u64) -> impl Fn(u64) -> u32 + '_ {
    move |x| g.at(if x < q + p { x } else { q + (x - q) % p })
}

/// Rule 3 (least pre-period): q = 0, or v(q − 1) ≠ v(q − 1 + p).
pub(crate) fn check_preperiod(q: u64, p: u64, v: &impl Fn(u64) -> u32) -> Result<(), Failure> {
    if q == 0 {
        return Ok(());
    }
    let w = q - 1;
    if v(w) == v(w + p) {
        return wrong(format!(
            "pre-period is not least: G({w}) = G({}) = {}, so the period already holds from {w}",
            w + p,
            v(w)
        ));
    }
    Ok(())
}

/// What was proved about one game, in words: the shape, the values of
/// [0, q + p) (the first 24), and the P-positions, exactly: those below q
/// and the residues of the periodic part.
pub(crate) fn summary(moves: &[u64], q: u64, p: u64, v: &impl Fn(u64) -> u32) -> String {
    describe(&format!("S = {}", show_set(moves)), q, p, v)
}

/// [`summary`] for the game named `game` (`S = {2,5,7}`, `octal game 0.77`).
pub(crate) fn describe(game: &str, q: u64, p: u64, v: &impl Fn(u64) -> u32) -> String {
    let word = show_list((0..q + p).map(|x| u64::from(v(x))), 24);
    let zeros = show_list((q..q + p).filter(|&x| v(x) == 0).map(|x| x - q), 12);
    if q == 0 {
        return format!(
            "{game}: nim-sequence purely periodic, least period {p}; values {word}; P-positions {{{zeros}}} mod {p}"
        );
    }
    let early = show_list((0..q).filter(|&x| v(x) == 0), 12);
    // A periodic part without P-positions (Kayles from 71 on) is said in
    // words, not as "mod 12 in {}".
    let late = if zeros.is_empty() {
        format!("none from {q} on")
    } else {
        format!("and x ≥ {q} with (x − {q}) mod {p} in {{{zeros}}}")
    };
    format!(
        "{game}: nim-sequence with least pre-period {q} and least period {p}; values {word}; \
         P-positions {{{early}}} below {q}, {late}"
    )
}

/// One line of a table as a claim, into `claim` (its lists are reused).
///
/// The grammar is strict, so that a line has exactly one reading:
///
/// ```text
/// line      = moves ";" number ";" number ";" witnesses
/// moves     = number *("," number)
/// witnesses = "" / witness *("," witness)
/// witness   = number ":" number
/// number    = "0" / nonzero *digit        (decimal, at most 2^64 − 1)
/// ```
pub fn parse_row(line: &str, claim: &mut PeriodicClaim) -> Result<(), String> {
    let mut cursor = Cursor {
        bytes: line.as_bytes(),
        at: 0,
    };
    claim.moves.clear();
    claim.period_witnesses.clear();
    loop {
        claim.moves.push(cursor.number("a move")?);
        if !cursor.eat(b',') {
            break;
        }
    }
    cursor.expect(b';', "after the moves")?;
    claim.preperiod = cursor.number("the pre-period")?;
    cursor.expect(b';', "after the pre-period")?;
    claim.period = cursor.number("the period")?;
    cursor.expect(b';', "after the period")?;
    if !cursor.done() {
        loop {
            let prime = cursor.number("a witness prime")?;
            cursor.expect(b':', "between a witness prime and its position")?;
            let position = cursor.number("a witness position")?;
            claim
                .period_witnesses
                .push(PeriodWitness { prime, position });
            if !cursor.eat(b',') {
                break;
            }
        }
    }
    if !cursor.done() {
        return Err(format!("unexpected text at byte {}", cursor.at + 1));
    }
    Ok(())
}

/// A claim as one line of a table (the inverse of [`parse_row`]).
pub fn write_row(claim: &PeriodicClaim) -> String {
    let moves: Vec<String> = claim.moves.iter().map(u64::to_string).collect();
    let witnesses: Vec<String> = claim
        .period_witnesses
        .iter()
        .map(|w| format!("{}:{}", w.prime, w.position))
        .collect();
    format!(
        "{};{};{};{}",
        moves.join(","),
        claim.preperiod,
        claim.period,
        witnesses.join(",")
    )
}

/// The lines of a table: split at `\n`, where a final `\n` ends the last
/// line rather than starting an empty one.
fn lines(games: &str) -> impl Iterator<Item = &str> {
    games.strip_suffix('\n').unwrap_or(games).split('\n')
}

/// Reads a line's bytes.
struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Cursor<'_> {
    fn done(&self) -> bool {
        self.at == self.bytes.len()
    }

    fn eat(&mut self, byte: u8) -> bool {
        let found = self.bytes.get(self.at) == Some(&byte);
        self.at += usize::from(found);
        found
    }

    fn expect(&mut self, byte: u8, place: &str) -> Result<(), String> {
        if self.eat(byte) {
            return Ok(());
        }
        Err(format!(
            "expected `{}` {place} at byte {}",
            byte as char,
            self.at + 1
        ))
    }

    fn number(&mut self, what: &str) -> Result<u64, String> {
        let start = self.at;
        let digits = self.bytes[start..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        self.at += digits;
        let text = &self.bytes[start..self.at];
        match text {
            [] => Err(format!("expected {what} at byte {}", start + 1)),
            [b'0', _, ..] => Err(format!("{what} at byte {} has a leading zero", start + 1)),
            _ => text
                .iter()
                .try_fold(0u64, |n, &d| {
                    n.checked_mul(10)?.checked_add(u64::from(d - b'0'))
                })
                .ok_or_else(|| format!("{what} at byte {} exceeds 2^64 − 1", start + 1)),
        }
    }
}

/// The limits of a table: each line's (with its number), and the sum of
/// the lines' work against `--max-work`. Lines that do not parse are left
/// to [`check_table`].
pub(crate) fn admit_table(claim: &PeriodicTableClaim, limits: &Limits) -> Result<(), Failure> {
    let mut row = empty_claim();
    let mut work = 0u64;
    for (i, line) in lines(&claim.games).enumerate() {
        if parse_row(line, &mut row).is_err() {
            continue;
        }
        admit(&row, limits).map_err(|failure| in_row(i, &row, failure))?;
        work = work.saturating_add(game_work(&row.moves, row.preperiod + row.period));
    }
    within_work(
        work,
        "the sum over the lines of (q + p + c)·(|S| + 4)",
        limits,
    )
}

/// Checks a `PeriodicTable` claim: every line parses and is valid.
pub fn check_table(claim: &PeriodicTableClaim, limits: &Limits) -> Verdict {
    if claim.games.is_empty() {
        return Verdict::Undecidable("the table lists no games".to_string());
    }
    if let Err(failure) = admit_table(claim, limits) {
        return failure.into_verdict();
    }
    let mut row = empty_claim();
    let mut g = Values::default();
    let mut count = 0u64;
    for (i, line) in lines(&claim.games).enumerate() {
        if let Err(reason) = parse_row(line, &mut row) {
            return Failure::Undecided(format!("line {}: {reason}", i + 1)).into_verdict();
        }
        let checked = check_game(
            &row.moves,
            row.preperiod,
            row.period,
            &row.period_witnesses,
            &mut g,
        );
        if let Err(failure) = checked {
            return in_row(i, &row, failure).into_verdict();
        }
        count += 1;
    }
    Verdict::Valid(format!(
        "{count} subtraction games, each line proved: the nim-sequence of S has the least pre-period q and the least period p listed"
    ))
}

fn empty_claim() -> PeriodicClaim {
    PeriodicClaim {
        moves: Vec::new(),
        preperiod: 0,
        period: 0,
        period_witnesses: Vec::new(),
    }
}

/// Prefixes a failure with its line (counted from 1) and game.
fn in_row(i: usize, row: &PeriodicClaim, failure: Failure) -> Failure {
    let at = |m: String| format!("line {} (S = {}): {m}", i + 1, show_set(&row.moves));
    match failure {
        Failure::Limit(m) => Failure::Limit(at(m)),
        Failure::Undecided(m) => Failure::Undecided(at(m)),
        Failure::Wrong(m) => Failure::Wrong(at(m)),
    }
}
