//! The audit of the published claims about octal games ([`super::published`]):
//! one registry entry per published entry, id `O.` + source + code, whose
//! instances are the entry's checkable sentences.
//!
//! - **Period**: "period P, last exception at n = E" holds when the engine
//!   proves least period P and least pre-period E + 1 (the Octal
//!   Periodicity Theorem on G[0, 2q + 2p + t + 1)); checked when that prefix is
//!   within the audit's bound on heap sizes, else the sentence is **not
//!   checked**: counted, named with the prefix it would need, and the entry
//!   cannot read "holds" (it is "partly checked").
//! - **Exceptions**: "the only exceptions are n = …": the n ≥ the entry's
//!   offset below q where G(n) differs from the periodic value (not checked
//!   when the game is not solved within the bound).
//! - **Same values** (Y, k): G_Y(n) = G_X(n − k) for all n (0 for n < k).
//!   Decided exactly when both games are solved: equal sequences have the
//!   same least period, and then agreement on [0, max(q_Y, q_X + k) + p)
//!   gives agreement everywhere. When they are not both solved (within
//!   [`SMALL_BOUND`], or the published period's proof), compared on
//!   [0, [`PREFIX`]) only, and the entry's range says so.
//! - **Period only**: a least period stated without a pre-period (not
//!   checked when no period is proved within [`SMALL_BOUND`]).
//! - **Differs** (Y, n): G_Y and G_X first differ at heap n.
//! - **Open**: the source says periodicity is unknown; a conjecture-like
//!   entry, "open" while no period is proved within the bound, refuted by
//!   a certified period.
//!
//! The range printed for an entry says exactly what was compared, sentence
//! kind by sentence kind (`Compared`): what was decided exactly and from
//! how many heap sizes, what was compared on a prefix only, what was not
//! checked.
//!
//! A failing instance carries the `Octal` certificates of the games
//! involved, so every disagreement is re-checked by nimcheck.

use super::certify::{octal_certificate, octal_provenance};
use super::code::{OctalCode, Reach};
use super::period::{proof_length, solve, OctalOutcome, OctalSolution};
use super::published::{Published, CITED, LISTED_TERMS, PUBLISHED};
use super::values::{nim_sequence, Method};
use crate::claim::{check_instances, Claim, ClaimResult, InstanceOutcome, Kind, Need, Scope};
use nimcert_check::format::Certificate;
use std::sync::Mutex;

/// The default bound on heap sizes for a published period (G on [0, N)
/// with N = 2q + 2p + t + 1 from the published q and p).
pub const DEFAULT_BOUND: u64 = 1_000_000;
/// The bound with `--extended`.
pub const EXTENDED_BOUND: u64 = 4_000_000;
/// The bound on heap sizes for a game whose period is not published (an
/// equivalence, an open game): such games are mostly unsolved, and their
/// sequences have no sparse space to speed them up.
pub const SMALL_BOUND: u64 = 5_000;
/// The prefix on which an equivalence between games that are not both
/// solved is compared (such a sentence then holds on [0, PREFIX) only, and
/// its label says so).
pub const PREFIX: u64 = 5_000;
/// Pairs of heaps looked at per game, at most.
const MAX_WORK: u64 = 4_000_000_000;

fn bound(scope: &Scope) -> u64 {
    if scope.extended {
        EXTENDED_BOUND
    } else {
        DEFAULT_BOUND
    }
}

/// One checkable sentence of an entry.
#[derive(Clone, Debug)]
enum Sentence {
    Period {
        period: u64,
        last_exception: u64,
    },
    /// A period stated without a pre-period.
    PeriodOnly(u64),
    Exceptions(&'static [u64]),
    Same(&'static str, u64),
    Differs(&'static str, Option<u64>),
    Open,
}

fn sentences(entry: &Published) -> Vec<Sentence> {
    let mut v = Vec::new();
    if let (Some(period), Some(last_exception)) = (entry.period, entry.last_exception) {
        v.push(Sentence::Period {
            period,
            last_exception,
        });
        if !entry.exceptions.is_empty() {
            v.push(Sentence::Exceptions(entry.exceptions));
        }
    } else if let Some(period) = entry.period {
        v.push(Sentence::PeriodOnly(period));
    }
    v.extend(entry.same_values.iter().map(|&(c, k)| Sentence::Same(c, k)));
    v.extend(
        entry
            .differs_from
            .iter()
            .map(|&(c, n)| Sentence::Differs(c, n)),
    );
    if entry.open {
        v.push(Sentence::Open);
    }
    v
}

fn label(entry: &Published, s: &Sentence) -> String {
    match s {
        Sentence::Period { .. } | Sentence::PeriodOnly(_) => format!("{} period", entry.code),
        Sentence::Exceptions(_) => format!("{} exceptions", entry.code),
        Sentence::Same(c, k) => format!("{c} = {} shifted by {k}", entry.code),
        Sentence::Differs(c, _) => format!("{c} vs {}", entry.code),
        Sentence::Open => format!("{} open", entry.code),
    }
}

/// The game of `code` solved within the bound, if the theorem proves it.
fn solved(code: &OctalCode, bound: u64) -> Option<OctalSolution> {
    match solve(code, Method::Rare, bound, MAX_WORK) {
        OctalOutcome::Periodic(game) => Some(game),
        _ => None,
    }
}

fn certificate(game: &OctalSolution) -> Certificate {
    octal_certificate(game, octal_provenance(Method::Rare))
}

fn holds(scope: &Scope, games: &[&OctalSolution]) -> InstanceOutcome {
    InstanceOutcome::Holds(if scope.wants_certificates() {
        games.iter().map(|g| certificate(g)).collect()
    } else {
        Vec::new()
    })
}

fn fails(need: Need, why: String, games: &[&OctalSolution]) -> InstanceOutcome {
    InstanceOutcome::fails(
        need,
        || why,
        || games.iter().map(|g| certificate(g)).collect(),
    )
}

/// The n ≥ `from` below q where G(n) is not the periodic value.
fn exceptions(game: &OctalSolution, from: u64) -> Vec<u64> {
    let (q, p) = (game.preperiod, game.period);
    (from..q)
        .filter(|&n| game.value(n) != game.value(n + p * (q - n).div_ceil(p)))
        .collect()
}

/// G_Y(n) vs G_X(n − k): the first n where they differ, if below `end`.
fn first_difference(x: &[u32], y: &[u32], k: u64, end: usize) -> Option<u64> {
    (0..end)
        .find(|&n| {
            let shifted = if (n as u64) < k { 0 } else { x[n - k as usize] };
            y[n] != shifted
        })
        .map(|n| n as u64)
}

/// An equivalence of games that are not both solved, compared on
/// [0, [`PREFIX`]): it holds there or fails at the first difference (with
/// no certificate: an unsolved game has none; the text gives the values).
fn same_on_prefix(
    entry: &Published,
    x: &OctalCode,
    y: &OctalCode,
    k: u64,
    need: Need,
) -> (InstanceOutcome, Compared) {
    let xs = nim_sequence(x, Method::Rare, PREFIX as usize);
    let ys = nim_sequence(y, Method::Rare, PREFIX as usize);
    let outcome = match first_difference(&xs, &ys, k, PREFIX as usize) {
        None => InstanceOutcome::Holds(Vec::new()),
        Some(n) => fails(
            need,
            format!(
                "G_{y}({n}) = {} but G_{}({n} − {k}) = {} (not both solved: compared on [0, {PREFIX}))",
                ys[n as usize],
                entry.code,
                if n < k { 0 } else { xs[(n - k) as usize] }
            ),
            &[],
        ),
    };
    (outcome, Compared::Prefix(PREFIX))
}

/// How one sentence was checked: what the entry's range reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Compared {
    /// Decided exactly (a period proved by the theorem, equal sequences of
    /// two solved games, a first difference found) from G on at most this
    /// many heap sizes per game.
    Exactly(u64),
    /// An equivalence of games that are not both solved, compared on
    /// [0, n) only.
    Prefix(u64),
    /// No period found with G on [0, n) (a game said to be open).
    NoPeriod(u64),
    /// Not checked: its check needs more than this many heap sizes.
    Beyond(u64),
    /// Nothing: the sentence does not apply.
    Nothing,
}

impl Compared {
    /// Its place in the range's wording (in the order of the variants) and
    /// its number of heap sizes; `None` for [`Compared::Nothing`].
    fn key(&self) -> Option<(usize, u64)> {
        match *self {
            Compared::Exactly(n) => Some((0, n)),
            Compared::Prefix(n) => Some((1, n)),
            Compared::NoPeriod(n) => Some((2, n)),
            Compared::Beyond(n) => Some((3, n)),
            Compared::Nothing => None,
        }
    }

    /// The words for the key `place` with the largest number `n` of heap
    /// sizes among the sentences in that place.
    fn words(place: usize, n: u64) -> String {
        match place {
            0 => format!("decided exactly from G on at most {n} heap sizes per game"),
            1 => format!("equivalences of games not both solved compared on [0, {n}) only"),
            2 => format!("no period found with G on [0, {n})"),
            _ => format!("not checked beyond {n} heap sizes"),
        }
    }
}

/// The range of an entry in words, from how its sentences were checked:
/// e.g. "decided exactly from G on at most 1307 heap sizes per game;
/// equivalences of games not both solved compared on [0, 5000) only".
fn range_of(compared: &[Compared]) -> String {
    let mut most: [Option<u64>; 4] = [None; 4];
    for (place, n) in compared.iter().filter_map(Compared::key) {
        most[place] = most[place].max(Some(n));
    }
    let parts: Vec<String> = most
        .iter()
        .enumerate()
        .filter_map(|(place, n)| n.map(|n| Compared::words(place, n)))
        .collect();
    if parts.is_empty() {
        "no sentence".to_string()
    } else {
        parts.join("; ")
    }
}

/// The sentence "not checked" because its check needs G on [0, `needed`),
/// beyond `bound`: the reason names the flag that raises the bound, if any.
fn beyond(what: String, needed: u64, bound: u64, scope: &Scope) -> (InstanceOutcome, Compared) {
    let raise = if scope.extended || needed > EXTENDED_BOUND {
        String::new()
    } else {
        format!(" (--extended raises it to {EXTENDED_BOUND})")
    };
    (
        InstanceOutcome::NotChecked(format!(
            "{what} needs G on [0, {needed}), beyond the bound of {bound} heap sizes{raise}"
        )),
        Compared::Beyond(bound),
    )
}

/// Checks one sentence of `entry`, whose own game (if solved) is `x`,
/// and says how ([`Compared`]).
fn check(
    scope: &Scope,
    entry: &Published,
    code: &OctalCode,
    x: Option<&OctalSolution>,
    sentence: &Sentence,
    need: Need,
) -> (InstanceOutcome, Compared) {
    let bound = bound(scope);
    match *sentence {
        Sentence::Period {
            period,
            last_exception,
        } => {
            let needed = proof_length(last_exception.saturating_add(1), period, code.reach());
            if needed > bound {
                return beyond(
                    format!("the proof of period {period} from n = {}", last_exception + 1),
                    needed,
                    bound,
                    scope,
                );
            }
            match x {
                Some(g) if (g.preperiod, g.period) == (last_exception + 1, period) => {
                    (holds(scope, &[g]), Compared::Exactly(g.proof_length()))
                }
                Some(g) => (
                    fails(
                        need,
                        format!(
                            "{}: published period {period}, last exception {last_exception}; proved: period {}, last exception {} (pre-period {})",
                            entry.code,
                            g.period,
                            g.preperiod as i64 - 1,
                            g.preperiod
                        ),
                        &[g],
                    ),
                    Compared::Exactly(g.proof_length()),
                ),
                None => (
                    fails(
                        need,
                        format!(
                            "{}: published period {period} from n = {}, but no period is proved with G on [0, {}), which would contain the proof",
                            entry.code,
                            last_exception + 1,
                            x_bound(entry, scope)
                        ),
                        &[],
                    ),
                    Compared::Exactly(x_bound(entry, scope)),
                ),
            }
        }
        Sentence::PeriodOnly(period) => match x {
            Some(g) if g.period == period => {
                (holds(scope, &[g]), Compared::Exactly(g.proof_length()))
            }
            Some(g) => (
                fails(
                    need,
                    format!(
                        "{}: published period {period}; proved least period {}",
                        entry.code, g.period
                    ),
                    &[g],
                ),
                Compared::Exactly(g.proof_length()),
            ),
            None => (
                InstanceOutcome::NotChecked(format!(
                    "no period of {} is proved with G on [0, {}), the bound for a period stated without a pre-period",
                    entry.code,
                    x_bound(entry, scope)
                )),
                Compared::Beyond(x_bound(entry, scope)),
            ),
        },
        Sentence::Exceptions(list) => {
            let Some(g) = x else {
                return (
                    InstanceOutcome::NotChecked(format!(
                        "the exceptions of {} need its period proved, which is not within {} heap sizes",
                        entry.code,
                        x_bound(entry, scope)
                    )),
                    Compared::Beyond(x_bound(entry, scope)),
                );
            };
            let from = 0;
            let found = exceptions(g, from);
            let outcome = if found == list {
                holds(scope, &[g])
            } else {
                fails(
                    need,
                    format!(
                        "{}: published exceptions {list:?}; computed (n ≥ {from}) {found:?}",
                        entry.code
                    ),
                    &[g],
                )
            };
            (outcome, Compared::Exactly(g.proof_length()))
        }
        Sentence::Same(other, k) => {
            let Ok(y_code) = OctalCode::parse(other) else {
                return (InstanceOutcome::NotApplicable, Compared::Nothing);
            };
            let y_bound = x_bound(entry, scope).saturating_add(2 * k + y_code.t() + 1);
            let Some(gx) = x else {
                return same_on_prefix(entry, code, &y_code, k, need);
            };
            let Some(gy) = solved(&y_code, y_bound) else {
                return same_on_prefix(entry, code, &y_code, k, need);
            };
            let end = gy.preperiod.max(gx.preperiod + k) + gx.period.max(gy.period);
            let xs: Vec<u32> = (0..end).map(|n| gx.value(n)).collect();
            let ys: Vec<u32> = (0..end).map(|n| gy.value(n)).collect();
            let outcome = match first_difference(&xs, &ys, k, end as usize) {
                None if gx.period == gy.period => holds(scope, &[gx, &gy]),
                None => fails(
                    need,
                    format!(
                        "{other} and {} agree up to {end} but have least periods {} and {}",
                        entry.code, gy.period, gx.period
                    ),
                    &[gx, &gy],
                ),
                Some(n) => fails(
                    need,
                    format!(
                        "G_{other}({n}) = {} but G_{}({n} − {k}) = {}",
                        ys[n as usize],
                        entry.code,
                        if n < k { 0 } else { xs[(n - k) as usize] }
                    ),
                    &[gx, &gy],
                ),
            };
            let heaps = gx.proof_length().max(gy.proof_length());
            (outcome, Compared::Exactly(heaps))
        }
        Sentence::Differs(other, at) => {
            let Ok(y_code) = OctalCode::parse(other) else {
                return (InstanceOutcome::NotApplicable, Compared::Nothing);
            };
            let end = at.map_or(SMALL_BOUND, |n| n + 1) as usize;
            let xs = nim_sequence(code, Method::Rare, end);
            let ys = nim_sequence(&y_code, Method::Rare, end);
            let first = first_difference(&xs, &ys, 0, end);
            match (first, at) {
                (Some(n), Some(claimed)) if n == claimed => {
                    (InstanceOutcome::Holds(Vec::new()), Compared::Exactly(n + 1))
                }
                (Some(n), None) => (InstanceOutcome::Holds(Vec::new()), Compared::Exactly(n + 1)),
                (found, _) => {
                    let gx = x.cloned();
                    let gy = solved(&y_code, SMALL_BOUND);
                    let games: Vec<&OctalSolution> = gx.iter().chain(gy.iter()).collect();
                    let outcome = fails(
                        need,
                        format!(
                            "{other} vs {}: published first difference {at:?}, computed {}",
                            entry.code,
                            found.map_or(format!("none below {end}"), |n| n.to_string())
                        ),
                        &games,
                    );
                    let compared = match found {
                        Some(n) => Compared::Exactly(n + 1),
                        None => Compared::Prefix(end as u64),
                    };
                    (outcome, compared)
                }
            }
        }
        Sentence::Open => match x {
            None => (
                InstanceOutcome::Holds(Vec::new()),
                Compared::NoPeriod(x_bound(entry, scope)),
            ),
            Some(g) => (
                fails(
                    need,
                    format!(
                        "{}: said to be open, but the theorem proves period {} from {}",
                        entry.code, g.period, g.preperiod
                    ),
                    &[g],
                ),
                Compared::Exactly(g.proof_length()),
            ),
        },
    }
}

/// The registry entry of one published entry.
fn claim(entry: &'static Published) -> Claim {
    let key: String = entry
        .source
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    let id: &'static str = Box::leak(format!("O.{key}.{}", entry.code).into_boxed_str());
    let kind = if entry.open {
        Kind::Conjecture
    } else {
        Kind::Theorem
    };
    Claim::new(
        id,
        entry.claim,
        format!(
            "periods proved from G on at most {DEFAULT_BOUND} heap sizes per game ({EXTENDED_BOUND} with --extended), not checked beyond; equivalences of games not both solved compared on [0, {PREFIX})"
        ),
        move |scope| run(scope, entry),
        move |scope| {
            (sentences(entry).len() as u64 + 1) * MAX_WORK.min(x_bound(entry, scope) * 1000)
        },
    )
    .at(entry.source)
    .hypotheses(entry.url)
    .kind(kind)
    .counts("sentences")
}

/// The bound on heap sizes for the entry's own game: the published
/// period's proof when it is within the audit's bound, else
/// [`SMALL_BOUND`].
fn x_bound(entry: &Published, scope: &Scope) -> u64 {
    let reach = OctalCode::parse(entry.code).map_or(Reach { heaps: 2, t: 0 }, |c| c.reach());
    match (entry.period, entry.last_exception) {
        (Some(p), Some(e)) => {
            let needed = proof_length(e.saturating_add(1), p, reach);
            if needed <= bound(scope) {
                // Twice the claim's proof, so that a wrong claim still
                // gets the true (q, p) and its certificate when it is near.
                needed.saturating_mul(2).min(bound(scope)).max(SMALL_BOUND)
            } else {
                SMALL_BOUND
            }
        }
        _ => SMALL_BOUND,
    }
}

fn run(scope: &Scope, entry: &'static Published) -> ClaimResult {
    let Ok(code) = OctalCode::parse(entry.code) else {
        return ClaimResult {
            range: format!("{}: not an octal code this tool reads", entry.code),
            ..ClaimResult::default()
        };
    };
    let x = solved(&code, x_bound(entry, scope));
    let compared = Mutex::new(Vec::new());
    let mut result = check_instances(
        scope,
        String::new(),
        sentences(entry),
        |s| label(entry, s),
        |s, need| {
            let (outcome, how) = check(scope, entry, &code, x.as_ref(), s, need);
            compared.lock().expect("no panic while held").push(how);
            outcome
        },
    );
    let compared = compared.into_inner().expect("no panic while held");
    result.range = range_of(&compared);
    // The entry's sentences are about named games: decided exactly, each
    // one, they are proved; a prefix comparison is a finite check.
    if compared
        .iter()
        .all(|c| matches!(c, Compared::Exactly(_) | Compared::Nothing))
    {
        result.proof = Some(
            "exhaustively: each sentence decided exactly (periods proved by the Octal \
             Periodicity Theorem, solved games compared)"
                .to_string(),
        );
    }
    if result.failing > 0 {
        result.note = x.as_ref().and_then(|g| indexing_note(entry, g, scope));
    }
    result
}

/// When the published last exception of `entry` disagrees with the one
/// proved for its game `game` (same period), why that is not an indexing
/// slip, where the audit can tell: the first terms the entry lists, read
/// at its offset, are G(n) (and one place off they are not), and the other
/// entries citing the same source, read the same way (last exception =
/// pre-period − 1), are proved so here.
fn indexing_note(entry: &Published, game: &OctalSolution, scope: &Scope) -> Option<String> {
    let (Some(period), Some(last)) = (entry.period, entry.last_exception) else {
        return None;
    };
    if game.period != period || game.preperiod == last.saturating_add(1) {
        return None;
    }
    let (_, terms) = LISTED_TERMS.iter().find(|(s, _)| *s == entry.source)?;
    let offset = entry.offset?;
    let at = |i: usize| offset + i as u64;
    let last_listed = at(terms.len().checked_sub(1)?);
    if !terms
        .iter()
        .enumerate()
        .all(|(i, &v)| game.value(at(i)) == v)
    {
        return None;
    }
    let shifted = terms
        .iter()
        .enumerate()
        .find(|&(i, &v)| at(i) == 0 || game.value(at(i) - 1) != v)
        .map_or("they agree too".to_string(), |(i, _)| {
            format!("they differ at n = {}", at(i))
        });
    let mut text = format!(
        "not an indexing slip: {} lists a(n) from n = {offset} (its offset), and its first {} terms are G({offset}), …, G({}) (read as G(n − 1) {shifted}), so n is the heap size",
        entry.source,
        terms.len(),
        last_listed
    );
    if let Some((cited, sources)) = CITED.iter().find(|(_, s)| s.contains(&entry.source)) {
        let siblings: Vec<String> = PUBLISHED
            .iter()
            .filter(|e| e.source != entry.source && sources.contains(&e.source))
            .map(|e| format!("{} ({}): {}", e.code, e.source, sibling_reading(e, scope)))
            .collect();
        text += &format!(
            "; the other entries citing {cited}: {}",
            siblings.join("; ")
        );
    }
    Some(text)
}

/// Whether the period sentence of `entry` holds with last exception =
/// pre-period − 1, in words.
fn sibling_reading(entry: &Published, scope: &Scope) -> &'static str {
    let (Some(period), Some(last), Ok(code)) = (
        entry.period,
        entry.last_exception,
        OctalCode::parse(entry.code),
    ) else {
        return "no period stated";
    };
    match solved(&code, x_bound(entry, scope)) {
        Some(g) if (g.preperiod, g.period) == (last.saturating_add(1), period) => {
            "last exception = pre-period − 1, proved here"
        }
        Some(_) => "its published period or last exception is not the proved one",
        None => "not solved within the bound",
    }
}

/// Whether the audit can check anything of `entry`: every entry but those
/// whose only sentence is a period whose proof is beyond
/// [`EXTENDED_BOUND`] (0.104 and 0.106: G on 4·10^8 and 9·10^11 heap
/// sizes). Those stay in the table and are named in docs/GUIDE.md, but a
/// registry entry that can never be checked would only say "not checked".
pub fn auditable(entry: &Published) -> bool {
    let reach = OctalCode::parse(entry.code).map_or(Reach { heaps: 2, t: 0 }, |c| c.reach());
    sentences(entry).iter().any(|s| match *s {
        Sentence::Period {
            period,
            last_exception,
        } => proof_length(last_exception.saturating_add(1), period, reach) <= EXTENDED_BOUND,
        Sentence::Exceptions(_) => false,
        _ => true,
    })
}

/// Every auditable published entry ([`auditable`]), in the order of
/// [`PUBLISHED`].
pub fn claims() -> Vec<Claim> {
    PUBLISHED
        .iter()
        .filter(|e| auditable(e))
        .map(claim)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_range_says_what_was_compared_in_each_way() {
        let all = [
            Compared::Beyond(1_000_000),
            Compared::Exactly(40),
            Compared::Prefix(PREFIX),
            Compared::Exactly(1307),
            Compared::Nothing,
        ];
        assert_eq!(
            range_of(&all),
            "decided exactly from G on at most 1307 heap sizes per game; equivalences of games not both solved compared on [0, 5000) only; not checked beyond 1000000 heap sizes"
        );
        assert_eq!(
            range_of(&[Compared::NoPeriod(SMALL_BOUND)]),
            "no period found with G on [0, 5000)"
        );
        assert_eq!(range_of(&[Compared::Nothing]), "no sentence");
    }

    #[test]
    fn a_sentence_beyond_the_bound_is_not_checked_and_names_the_flag() {
        let scope = Scope::default();
        let (outcome, how) = beyond("x".to_string(), 2_000_000, DEFAULT_BOUND, &scope);
        assert_eq!(how, Compared::Beyond(DEFAULT_BOUND));
        let InstanceOutcome::NotChecked(why) = outcome else {
            panic!("not checked");
        };
        assert!(
            why.contains("[0, 2000000)") && why.contains("--extended"),
            "{why}"
        );
        // Beyond the extended bound too: no flag raises it far enough.
        let (outcome, _) = beyond("x".to_string(), 5_000_000, DEFAULT_BOUND, &scope);
        let InstanceOutcome::NotChecked(why) = outcome else {
            panic!("not checked");
        };
        assert!(!why.contains("--extended"), "{why}");
    }
}
