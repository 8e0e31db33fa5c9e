//! The audit registry entries of paper A: one [`Claim`] per checkable
//! statement (numbered or not), in the order of the text, checked instance
//! by instance against the engine (naive mex with exact cycle detection).
//!
//! Instances are enumerated in increasing order, so the first failure is
//! the smallest counterexample; every failure carries the engine's
//! certificate of the true behaviour. A statement is counted on the objects
//! it is about: bases (a, b) for statements about the two-move game and its
//! circle, angles (a, b, ρ) for statements that depend only on
//! c mod (a + b), triples for statements about one game, pairs (S, P) for
//! statements about one candidate period.
//!
//! The modules follow the paper: `intro` (§1–2), `rotation` (§3),
//! `tables` (Tables 1 and 2), `additive` (§4), `values` (§5),
//! `necessity` (§6 and Appendix A).

mod additive;
mod every_c;
mod every_c_necessity;
mod intro;
mod necessity;
mod rotation;
mod tables;
mod values;

use super::angles::admissible;
use super::{triples, Base, Triple};
use crate::certify::formula::formula_certificates;
use crate::certify::{search_provenance, sequence_certificate};
use crate::claim::{check_instances, Claim, ClaimResult, InstanceOutcome, Need, Scope};
use crate::engine::{solve, Periodicity, QP};
use crate::moves::{gcd, MoveSet};
use nimcert_check::format::Certificate;
use std::borrow::Borrow;
use std::ops::RangeInclusive;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

/// Every checkable statement of paper A, in the order of the text.
pub fn claims() -> Vec<Claim> {
    let mut all = intro::claims();
    all.extend(rotation::claims());
    all.extend(tables::claims());
    all.extend(every_c::claims());
    all.extend(additive::claims());
    all.extend(values::claims());
    all.extend(necessity::claims());
    all.extend(every_c_necessity::claims());
    all
}

/// Ranges of a, b and c.
pub(super) type Ranges = (
    RangeInclusive<u64>,
    RangeInclusive<u64>,
    RangeInclusive<u64>,
);

/// The paper's finite-check range (§6): 2 ≤ a ≤ 8, a < b ≤ 40, b < c ≤ 100.
pub(super) fn finite() -> Ranges {
    (2..=8, 1..=40, 1..=100)
}

/// The default range of the triple theorems: 2 ≤ a ≤ 12, a < b ≤ 60,
/// b < c ≤ 200 (wider than the paper's finite check).
pub(super) fn wide() -> Ranges {
    (2..=12, 1..=60, 1..=200)
}

/// The default range of the conjectures: 2 ≤ a ≤ 12, a < b ≤ 60,
/// b < c ≤ 300 (126,906 standing triples, 8 times the paper's 15,385).
pub(super) fn beyond() -> Ranges {
    (2..=12, 1..=60, 1..=300)
}

/// The `--extended` range of the conjectures: 2 ≤ a ≤ 20, a < b ≤ 100,
/// b < c ≤ 600.
pub(super) fn extended() -> Ranges {
    (2..=20, 1..=100, 1..=600)
}

/// The default range of the base statements: 2 ≤ a ≤ 12, a < b ≤ 80.
pub(super) fn bases() -> (RangeInclusive<u64>, RangeInclusive<u64>) {
    (2..=12, 1..=80)
}

/// Engine bound per game (far above q + p + c in every range used).
const LIMIT: u64 = 1 << 26;

/// One instance's verdict.
pub(super) enum Check {
    /// The hypotheses fail here after all (decided on the solved game).
    Skip,
    Holds,
    Fails(String),
}

/// Holds if `ok`, else fails with `why()`.
pub(super) fn verdict(ok: bool, why: impl FnOnce() -> String) -> Check {
    if ok {
        Check::Holds
    } else {
        Check::Fails(why())
    }
}

/// The engine's certificate of a game's true behaviour.
fn truth(game: &Periodicity) -> Vec<Certificate> {
    vec![sequence_certificate(game, search_provenance())]
}

/// Certificates of a holding instance: the formula's when a statement
/// covers the game, else the engine's.
fn holding_certificates(moves: &[u64], game: &Periodicity) -> Vec<Certificate> {
    match formula_certificates(moves) {
        Ok(f) => vec![f.pset, f.sequence],
        Err(_) => truth(game),
    }
}

/// `2-5-7` for the moves {2, 5, 7}.
fn stem(moves: &[u64]) -> String {
    moves
        .iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join("-")
}

/// `{2,5,7}`.
fn braces(moves: &[u64]) -> String {
    format!(
        "{{{}}}",
        moves
            .iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(",")
    )
}

/// Solves a game; a game without a period within [`LIMIT`] is a failure
/// of the statement's instance, reported as such.
fn solved(moves: &[u64]) -> Result<Periodicity, String> {
    let set = MoveSet::new(moves).map_err(|e| e.to_string())?;
    solve(&set, LIMIT).map_err(|e| format!("{}: {e}", braces(moves)))
}

/// Audits a statement on games, given as instances with their moves, in
/// increasing order; the instances are already those the hypotheses admit
/// (before solving), and `check` may still skip one on the solved game.
pub(super) fn run_games<T: Send + Sync>(
    scope: &Scope,
    range: String,
    instances: impl IntoIterator<Item = T, IntoIter: Send>,
    moves: impl Fn(&T) -> Vec<u64> + Sync,
    check: impl Fn(&T, &Periodicity) -> Check + Sync,
) -> ClaimResult {
    check_instances(
        scope,
        range,
        instances,
        |t| stem(&moves(t)),
        |t, need| {
            let m = moves(t);
            match solved(&m) {
                Ok(game) => outcome(scope, need, &m, check(t, &game), || Ok(&game)),
                Err(e) => InstanceOutcome::fails(need, || e, Vec::new),
            }
        },
    )
}

/// Audits a statement that reads only q and p of each triple's game
/// ([`shared_qp`]: solved once for all such statements); the whole game is
/// solved again only for the certificates of an instance.
pub(super) fn run_triples_qp(
    scope: &Scope,
    range: String,
    instances: impl IntoIterator<Item = Triple, IntoIter: Send>,
    check: impl Fn(&Triple, &QP) -> Check + Sync,
) -> ClaimResult {
    check_instances(
        scope,
        range,
        instances,
        |t| stem(&[t.a, t.b, t.c]),
        |t, need| match shared_qp(t) {
            Ok(found) => outcome(scope, need, &[t.a, t.b, t.c], check(t, &found), || {
                solved(&[t.a, t.b, t.c])
            }),
            Err(e) => InstanceOutcome::fails(need, || e, Vec::new),
        },
    )
}

/// The outcome of one instance from its check; `game` solves the game
/// again when certificates are wanted (the holding instances' with
/// `--certificates`, a failure's true behaviour).
fn outcome<G: Borrow<Periodicity>>(
    scope: &Scope,
    need: Need,
    moves: &[u64],
    check: Check,
    game: impl FnOnce() -> Result<G, String>,
) -> InstanceOutcome {
    match check {
        Check::Skip => InstanceOutcome::NotApplicable,
        Check::Holds if scope.wants_certificates() => match game() {
            Ok(game) => InstanceOutcome::Holds(holding_certificates(moves, game.borrow())),
            Err(e) => InstanceOutcome::fails(need, || e, Vec::new),
        },
        Check::Holds => InstanceOutcome::Holds(Vec::new()),
        Check::Fails(why) => InstanceOutcome::fails(
            need,
            || format!("{}: {why}", braces(moves)),
            || game().map(|g| truth(g.borrow())).unwrap_or_default(),
        ),
    }
}

/// q and p of the game of `t`. Those of the triples in the conjectures'
/// `--extended` range ([`extended`]) are kept for the life of the process
/// in a table of one word per triple (10 MB, made on first use), so that
/// every statement that reads only q and p (Conjectures 52, 56 and 57
/// solve the same 760,856 standing triples) solves a game once. An entry
/// is 0 while unknown, else q·2³² + p (p ≥ 1; q and p are below
/// [`LIMIT`] = 2²⁶); two statements writing one entry write the same value.
pub(super) fn shared_qp(t: &Triple) -> Result<QP, String> {
    static TABLE: OnceLock<Box<[AtomicU64]>> = OnceLock::new();
    let (ra, rb, rc) = extended();
    let (na, nb, nc) = (*ra.end() + 1, *rb.end() + 1, *rc.end() + 1);
    if t.a >= na || t.b >= nb || t.c >= nc {
        return solved(&[t.a, t.b, t.c]).map(|g| g.qp);
    }
    let table = TABLE.get_or_init(|| (0..na * nb * nc).map(|_| AtomicU64::new(0)).collect());
    let entry = &table[((t.a * nb + t.b) * nc + t.c) as usize];
    match entry.load(Ordering::Relaxed) {
        0 => {
            let found = solved(&[t.a, t.b, t.c])?.qp;
            entry.store(found.preperiod << 32 | found.period, Ordering::Relaxed);
            Ok(found)
        }
        known => Ok(QP {
            preperiod: known >> 32,
            period: known & u64::from(u32::MAX),
        }),
    }
}

/// "2 ≤ a ≤ 12, a < b ≤ 60, b < c ≤ 200"; a fixed move is printed as
/// such ("a = 2, b = 14, b < c ≤ 200").
pub(super) fn range_text(r: &Ranges) -> String {
    let a = if r.0.start() == r.0.end() {
        format!("a = {}", r.0.start())
    } else {
        format!("{} ≤ a ≤ {}", r.0.start(), r.0.end())
    };
    let b = if r.1.start() == r.1.end() {
        format!("b = {}", r.1.start())
    } else {
        format!("a < b ≤ {}", r.1.end())
    };
    format!("{a}, {b}, b < c ≤ {}", r.2.end())
}

/// The scope's ranges over the defaults.
pub(super) fn scoped(scope: &Scope, default: &Ranges) -> Ranges {
    (
        scope.a_or(default.0.clone()),
        scope.b_or(default.1.clone()),
        scope.c_or(default.2.clone()),
    )
}

/// Number of values in a range (0 when empty).
fn length(r: &RangeInclusive<u64>) -> u64 {
    if r.start() > r.end() {
        0
    } else {
        r.end() - r.start() + 1
    }
}

/// Work bound of a triple sweep: games × positions per game, positions
/// bounded by 4(b + c) (q + p + c is below 3(b + c) for covered games; the
/// factor leaves room for pre-periodic ones).
pub(super) fn triple_work(r: &Ranges) -> u64 {
    length(&r.0)
        .saturating_mul(length(&r.1))
        .saturating_mul(length(&r.2))
        .saturating_mul(4u64.saturating_mul(r.1.end().saturating_add(*r.2.end())))
}

/// Work bound of a base sweep: bases × (a + b)².
pub(super) fn base_work(ra: &RangeInclusive<u64>, rb: &RangeInclusive<u64>) -> u64 {
    let m = ra.end().saturating_add(*rb.end());
    length(ra)
        .saturating_mul(length(rb))
        .saturating_mul(m.saturating_mul(m))
}

/// Which triples a statement is about, with its default and `--extended`
/// ranges.
#[derive(Clone)]
pub(super) struct TripleRange {
    pub default: Ranges,
    pub extended: Option<Ranges>,
}

impl TripleRange {
    /// A fixed default range (the same with `--extended`).
    pub fn fixed(default: Ranges) -> Self {
        TripleRange {
            default,
            extended: None,
        }
    }

    /// The ranges for a scope.
    pub fn on(&self, scope: &Scope) -> Ranges {
        let default = match (&self.extended, scope.extended) {
            (Some(e), true) => e,
            _ => &self.default,
        };
        scoped(scope, default)
    }

    /// The default range in words (with the extended one, if any).
    pub fn text(&self) -> String {
        match &self.extended {
            None => range_text(&self.default),
            Some(e) => format!(
                "{} (--extended: {})",
                range_text(&self.default),
                range_text(e)
            ),
        }
    }
}

/// The triples of a scope's ranges, for [`triple_claim`]'s `run`.
type Triples = Box<dyn Iterator<Item = Triple> + Send>;

/// A claim over the triples of `range`: `run` audits the triples of a
/// scope's ranges, given with those ranges in words.
fn triple_claim(
    id: &'static str,
    printed: &'static str,
    range: TripleRange,
    run: impl Fn(&Scope, String, Triples) -> ClaimResult + Send + Sync + 'static,
) -> Claim {
    let text = range.text();
    let for_estimate = range.clone();
    Claim::new(
        id,
        printed,
        text,
        move |scope| {
            let r = range.on(scope);
            let all = triples(r.0.clone(), r.1.clone(), r.2.clone());
            run(scope, range_text(&r), Box::new(all))
        },
        move |scope| triple_work(&for_estimate.on(scope)),
    )
}

/// A claim about instances drawn from triples: `expand` lists the
/// instances a triple gives (none when the hypotheses fail, before
/// solving), `triple` names an instance's game, `check` audits one.
fn on_triple_instances<T: Send + Sync + 'static>(
    id: &'static str,
    printed: &'static str,
    range: TripleRange,
    expand: impl Fn(Triple) -> Vec<T> + Send + Sync + 'static,
    triple: fn(&T) -> Triple,
    check: impl Fn(&T, &Periodicity) -> Check + Send + Sync + 'static,
) -> Claim {
    triple_claim(id, printed, range, move |scope, text, all| {
        let moves = |x: &T| {
            let t = triple(x);
            vec![t.a, t.b, t.c]
        };
        run_games(scope, text, all.flat_map(&expand), moves, &check)
    })
}

/// A claim about single triples: `hyp` selects the triples the statement
/// applies to (before solving), `check` audits one solved game.
pub(super) fn on_triples(
    id: &'static str,
    printed: &'static str,
    range: TripleRange,
    hyp: impl Fn(&Triple) -> bool + Send + Sync + 'static,
    check: impl Fn(&Triple, &Periodicity) -> Check + Send + Sync + 'static,
) -> Claim {
    let expand = move |t: Triple| if hyp(&t) { vec![t] } else { Vec::new() };
    on_triple_instances(id, printed, range, expand, |t| *t, check).counts("triples")
}

/// A claim about single triples that reads only q and p of each game
/// ([`run_triples_qp`]): `hyp` selects the triples before solving.
pub(super) fn on_triples_qp(
    id: &'static str,
    printed: &'static str,
    range: TripleRange,
    hyp: impl Fn(&Triple) -> bool + Send + Sync + 'static,
    check: impl Fn(&Triple, &QP) -> Check + Send + Sync + 'static,
) -> Claim {
    triple_claim(id, printed, range, move |scope, text, all| {
        run_triples_qp(scope, text, all.filter(&hyp), &check)
    })
    .counts("triples")
}

/// A claim about pairs (S, P): `periods` lists the candidate periods the
/// statement says something about for a triple, `check` audits one.
pub(super) fn on_periods(
    id: &'static str,
    printed: &'static str,
    range: TripleRange,
    periods: impl Fn(&Triple) -> Vec<u64> + Send + Sync + 'static,
    check: impl Fn(&Triple, u64, &Periodicity) -> Check + Send + Sync + 'static,
) -> Claim {
    let expand = move |t: Triple| periods(&t).into_iter().map(|p| (t, p)).collect();
    let check = move |(t, p): &(Triple, u64), game: &Periodicity| check(t, *p, game);
    on_triple_instances(id, printed, range, expand, |x| x.0, check).counts("pairs (S, P)")
}

/// The bases (a, b) of a scope, increasing.
fn bases_of(
    scope: &Scope,
    default: &(RangeInclusive<u64>, RangeInclusive<u64>),
) -> (impl Iterator<Item = Base>, String) {
    let (ra, rb) = (scope.a_or(default.0.clone()), scope.b_or(default.1.clone()));
    let text = format!("{} ≤ a ≤ {}, a < b ≤ {}", ra.start(), ra.end(), rb.end());
    let bases = ra.flat_map(move |a| {
        rb.clone()
            .filter(move |&b| b > a)
            .map(move |b| Base::new(a, b))
    });
    (bases, text)
}

/// A claim about the base game B = {a, b} (solved for each base).
pub(super) fn on_bases(
    id: &'static str,
    printed: &'static str,
    default: (RangeInclusive<u64>, RangeInclusive<u64>),
    hyp: impl Fn(&Base) -> bool + Send + Sync + 'static,
    check: impl Fn(&Base, &Periodicity) -> Check + Send + Sync + 'static,
) -> Claim {
    let text = bases_text(&default);
    let for_estimate = default.clone();
    Claim::new(
        id,
        printed,
        text,
        move |scope| {
            let (bases, text) = bases_of(scope, &default);
            run_games(
                scope,
                text,
                bases.filter(|b| hyp(b)),
                |b| vec![b.a, b.b],
                &check,
            )
        },
        move |scope| {
            base_work(
                &scope.a_or(for_estimate.0.clone()),
                &scope.b_or(for_estimate.1.clone()),
            )
        },
    )
    .counts("bases (a, b)")
}

fn bases_text(default: &(RangeInclusive<u64>, RangeInclusive<u64>)) -> String {
    format!(
        "{} ≤ a ≤ {}, a < b ≤ {}",
        default.0.start(),
        default.0.end(),
        default.1.end()
    )
}

/// An angle (a, b, ρ), ρ ∈ [0, a + b).
#[derive(Clone, Copy, Debug)]
pub(super) struct Angle {
    pub base: Base,
    pub rho: u64,
}

impl Angle {
    /// A triple with this angle: c = ρ + 2(a + b) (so c > b and c ≠ a + b).
    pub fn triple(&self) -> Triple {
        Triple {
            a: self.base.a,
            b: self.base.b,
            c: self.rho + 2 * self.base.m(),
        }
    }

    /// Some c with this angle is primitive: gcd(a, b, ρ) = 1 (gcd(a, b)
    /// divides a + b, so gcd(a, b, c) = gcd(a, b, ρ)).
    pub fn is_primitive(&self) -> bool {
        gcd(gcd(self.base.a, self.base.b), self.rho) == 1
    }
}

/// A claim that depends only on (a, b, ρ): counted once per angle. On
/// failure the certificate is the base game's (the angle tests read Z, the
/// P-positions of B mod a + b).
pub(super) fn on_angles(
    id: &'static str,
    printed: &'static str,
    hyp: impl Fn(&Angle) -> bool + Send + Sync + 'static,
    check: impl Fn(&Angle) -> Check + Send + Sync + 'static,
) -> Claim {
    let default = bases();
    let text = format!("{}, every angle 0 ≤ ρ < a + b", bases_text(&default));
    let for_estimate = default.clone();
    Claim::new(
        id,
        printed,
        text,
        move |scope| {
            let (bases, text) = bases_of(scope, &default);
            let angles = bases
                .flat_map(|base| (0..base.m()).map(move |rho| Angle { base, rho }))
                .filter(|x| hyp(x));
            run_games(
                scope,
                format!("{text}, every angle 0 ≤ ρ < a + b"),
                angles,
                |x| vec![x.base.a, x.base.b],
                |x, _| check(x),
            )
        },
        move |scope| {
            base_work(
                &scope.a_or(for_estimate.0.clone()),
                &scope.b_or(for_estimate.1.clone()),
            )
            .saturating_mul(scope.b_or(for_estimate.1.clone()).end().saturating_mul(2))
        },
    )
    .counts("angles (a, b, ρ)")
}

/// Every non-empty move set S ⊆ [1, n] with n in `sizes`, increasing by
/// largest move, then lexicographically.
pub(super) fn move_sets(largest: RangeInclusive<u64>) -> impl Iterator<Item = Vec<u64>> {
    largest.filter(|&c| c >= 1).flat_map(|c| {
        (0u64..1 << (c - 1)).map(move |mask| {
            let mut set: Vec<u64> = (1..c).filter(|s| mask >> (s - 1) & 1 == 1).collect();
            set.push(c);
            set
        })
    })
}

/// A claim about every finite move set: every S ⊆ [1, n] with its largest
/// move n in `largest`. The range is the claim's own (2^(n − 1) sets per
/// n): the command line's a, b, c ranges are about three-move games and do
/// not apply.
pub(super) fn on_move_sets(
    id: &'static str,
    printed: &'static str,
    largest: RangeInclusive<u64>,
    check: fn(&[u64], &Periodicity) -> Check,
) -> Claim {
    let text = format!(
        "every S ⊆ [1, n] with largest move {} ≤ n ≤ {}",
        largest.start(),
        largest.end()
    );
    let sets = (1u64 << largest.end()).saturating_mul(largest.end().pow(3));
    Claim::new(
        id,
        printed,
        text.clone(),
        move |scope| {
            run_games(
                scope,
                text.clone(),
                move_sets(largest.clone()),
                |s| s.clone(),
                |s, g| check(s, g),
            )
        },
        move |_| sets,
    )
    .counts("move sets")
}

/// A claim about one fixed game (an example): the instance printed, no
/// range.
pub(super) fn on_instance(
    id: &'static str,
    printed: &'static str,
    moves: &'static [u64],
    check: fn(&Periodicity) -> Check,
) -> Claim {
    Claim::new(
        id,
        printed,
        format!("S = {}", braces(moves)),
        move |scope| {
            let inside =
                |r: &Option<RangeInclusive<u64>>, x: u64| r.as_ref().is_none_or(|r| r.contains(&x));
            let selected = moves.len() == 3
                && inside(&scope.a, moves[0])
                && inside(&scope.b, moves[1])
                && inside(&scope.c, moves[2])
                || moves.len() == 2 && inside(&scope.a, moves[0]) && inside(&scope.b, moves[1]);
            let instances = selected.then_some(moves);
            run_games(
                scope,
                format!("S = {}", braces(moves)),
                instances,
                |m| m.to_vec(),
                |_, g| check(g),
            )
        },
        |_| 1_000,
    )
    .kind(crate::claim::Kind::Example)
    .exhaustive()
    .counts("games")
}

// Hypotheses shared by the sections.

/// The standing hypotheses: 2 ≤ a, gcd(a, b, c) = 1, c ≠ a + b.
pub(super) fn standing(t: &Triple) -> bool {
    t.a >= 2 && t.is_primitive() && !t.is_additive()
}

/// Every triple.
pub(super) fn any_triple(_: &Triple) -> bool {
    true
}

/// The additive primitive case: c = a + b, 2 ≤ a, gcd(a, b) = 1.
pub(super) fn additive_coprime(t: &Triple) -> bool {
    t.is_additive() && t.a >= 2 && gcd(t.a, t.b) == 1
}

/// Standing with an admissible angle (Theorem 34).
pub(super) fn non_additive_covered(t: &Triple) -> bool {
    standing(t) && admissible(&t.base(), t.rho()).any()
}

/// Covered (§5): additive primitive, or standing with an admissible angle.
pub(super) fn covered(t: &Triple) -> bool {
    additive_coprime(t) || non_additive_covered(t)
}

/// Every base.
pub(super) fn any_base(_: &Base) -> bool {
    true
}

/// The engine's q, p in words.
pub(super) fn qp(game: &Periodicity) -> String {
    qp_text(&game.qp)
}

/// "q = 3, p = 12".
pub(super) fn qp_text(qp: &QP) -> String {
    format!("q = {}, p = {}", qp.preperiod, qp.period)
}

/// The first x in [0, len) where W0 membership from the engine differs from
/// `in_w0`.
pub(super) fn first_w0_difference(
    game: &Periodicity,
    in_w0: impl Fn(u64) -> bool,
    len: u64,
) -> Option<u64> {
    (0..len).find(|&x| (game.value(x) == 0) != in_w0(x))
}

/// The predicted least period of a covered triple: p_add, or the least
/// admissible candidate (Theorem 34 / Theorem 36).
pub(super) fn covered_period(t: &Triple) -> u64 {
    if t.is_additive() {
        super::additive::Additive::new(t.a, t.b).period_thm36()
    } else {
        admissible(&t.base(), t.rho())
            .least_candidate(t.candidates())
            .expect("covered")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shared table answers what the engine does, on first use and
    /// from memory, inside and outside the range it keeps.
    #[test]
    fn shared_qp_is_the_engines() {
        for (a, b, c) in [
            (2, 5, 7),
            (3, 7, 40),
            (20, 100, 600),
            (21, 30, 50),
            (2, 3, 601),
        ] {
            let t = Triple::new(a, b, c).unwrap();
            let engine = solved(&[a, b, c]).unwrap().qp;
            assert_eq!(shared_qp(&t), Ok(engine));
            assert_eq!(shared_qp(&t), Ok(engine));
        }
    }
}
