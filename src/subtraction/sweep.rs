//! Paper A's finite check (§6), generalised: sweeps over three-move games:
//! enumerate triples, classify each (paper A), compare the covering
//! statement's prediction with the engine, and tally. A client of the
//! campaign layer ([`crate::campaign`]), which shards, stores, resumes and
//! merges.
//!
//! The work is cut into **units**, one per pair (a, b) with all its c. A
//! sweep runs its units in parallel (rayon, one reusable [`Solver`] per
//! thread, so the engine allocates nothing per triple once warm). Units are
//! the grain of sharding (`--shard k/n` takes the units with index ≡ k mod n)
//! and of resuming: with an output folder each finished unit is written
//! atomically to `units/A-B.json` (after its certificates), and a restarted
//! sweep skips the units already on disk. The final tally is always computed
//! from the unit tallies in unit order, so an interrupted and resumed sweep
//! prints exactly what an uninterrupted one prints, and merging the tallies
//! of all shards gives the tally of the unsharded sweep.
//!
//! Nothing here trusts what it reads back: a [`SweepSpec`] is validated
//! (ranges within the legal moves, at least one triple), its size and work
//! are known in closed form before anything runs ([`SweepSpec::size`]), a
//! unit file carries its (a, b), a checksum and (with certificates) its
//! certificate's digest, which a resumed sweep verifies, and [`merge`]
//! checks every shard result's ids and invariants with checked arithmetic
//! and requires every shard unless told that a partial result is wanted
//! (which the result then records).

use crate::campaign::{
    self, Campaign, CampaignError, CampaignResult, Folder, Mergeable, Sealed, Shard,
};
use crate::certify::{periodic_claim, periodic_table_certificate, search_provenance};
use crate::engine::{Solver, QP};
use crate::moves::{gcd, MoveSet, MAX_MOVE};
use crate::range::RangeArg;
use crate::subtraction::classify::{Classifier, Outline};
use nimcert_check::format::{Certificate, PeriodicClaim};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// How many mismatching triples a tally keeps as examples (the smallest).
pub const MISMATCH_EXAMPLES: usize = 20;

/// Which triples a sweep covers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SweepSpec {
    /// Range of a (lower end defaults to 1).
    pub a: String,
    /// Range of b (lower end defaults to a + 1).
    pub b: String,
    /// Range of c (lower end defaults to b + 1).
    pub c: String,
    /// Only gcd(a, b, c) = 1.
    pub primitive: bool,
    /// Only c ≠ a + b.
    pub non_additive: bool,
    /// Engine bound on positions per game.
    pub max_positions: u64,
}

/// One unit of work: all c for a pair (a, b).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Unit {
    pub a: u64,
    pub b: u64,
}

/// The size of a sweep before its filters: units (pairs (a, b)), triples
/// and the sum of c over the triples (the engine's work grows with c).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SweepSize {
    /// Pairs (a, b) with a < b in the ranges.
    pub units: u128,
    /// Triples a < b < c in the ranges (the filters only remove some).
    pub triples: u128,
    /// Σ c over those triples.
    pub sum_c: u128,
}

/// Estimated work of one triple per unit of c, in steps of about a
/// nanosecond on one core (classification, the prediction's value word and
/// the engine, whose q + p + c positions grow with c). Measured: the
/// paper-range and a 2..=20 × ..=200 × ..=1000 sweep cost 36 to 50 ns per
/// unit of Σ c on one core of the shared machine (docs/GUIDE.md, "The sweep").
pub const WORK_PER_C: u128 = 64;

impl SweepSize {
    /// The estimated work in steps ([`WORK_PER_C`] per unit of c).
    pub fn work(&self) -> u128 {
        self.sum_c.saturating_mul(WORK_PER_C)
    }
}

impl SweepSpec {
    fn ranges(&self) -> Result<(RangeArg, RangeArg, RangeArg), String> {
        let parse = |name: &str, text: &str| {
            text.parse::<RangeArg>()
                .map_err(|e| format!("--{name}: {e}"))
        };
        Ok((
            parse("a", &self.a)?,
            parse("b", &self.b)?,
            parse("c", &self.c)?,
        ))
    }

    /// Checks the ranges parse, lie within the legal moves (1 ≤ a,
    /// 2 ≤ b, 3 ≤ c, all at most [`MAX_MOVE`]), hold at least one triple,
    /// and that the engine may compute at least one position.
    pub fn validate(&self) -> Result<(), String> {
        self.size().map(|_| ())
    }

    /// Validates (see [`SweepSpec::validate`]) and returns the size, in
    /// closed form: O(|range of a|) arithmetic, never an enumeration.
    pub fn size(&self) -> Result<SweepSize, String> {
        let (ra, rb, rc) = self.ranges()?;
        ra.check("a", 1, MAX_MOVE)?;
        rb.check("b", 2, MAX_MOVE)?;
        rc.check("c", 3, MAX_MOVE)?;
        if self.max_positions == 0 {
            return Err("--max-positions: must be at least 1".to_string());
        }
        let mut size = SweepSize::default();
        let clo = u128::from(rc.low.unwrap_or(0));
        let chi = u128::from(rc.high);
        for a in ra.resolve(1) {
            let bs = rb.resolve(a + 1);
            if bs.is_empty() {
                continue;
            }
            let (bl, bh) = (u128::from(*bs.start()), u128::from(*bs.end()));
            size.units += bh - bl + 1;
            // b ≤ clo − 1: c runs over [clo, chi], the same for every b.
            if clo >= 1 && chi >= clo {
                let high = bh.min(clo - 1);
                if high >= bl {
                    let n = high - bl + 1;
                    size.triples += n * (chi - clo + 1);
                    size.sum_c += n * (clo + chi) * (chi - clo + 1) / 2;
                }
            }
            // b ≥ clo: c runs over [b + 1, chi].
            let (low, high) = (bl.max(clo), bh.min(chi.saturating_sub(1)));
            if chi >= 1 && high >= low {
                let n = high - low + 1;
                let sum_b = (low + high) * n / 2;
                let sum_b2 = squares(high) - squares(low - 1);
                size.triples += n * chi - sum_b;
                size.sum_c += (n * chi * (chi + 1) - sum_b2 - sum_b) / 2;
            }
        }
        if size.triples == 0 {
            return Err(format!(
                "the ranges a {}, b {}, c {} hold no triple a < b < c",
                ra.text(),
                rb.text(),
                rc.text()
            ));
        }
        Ok(size)
    }

    /// The units in order (a, then b), collected; for small sweeps (see
    /// [`SweepSpec::unit_iter`]).
    pub fn units(&self) -> Vec<Unit> {
        self.unit_iter().collect()
    }

    /// The units in order (a, then b), lazily (a sweep's units may not fit
    /// in memory). An invalid spec has none.
    pub fn unit_iter(&self) -> impl Iterator<Item = Unit> + '_ {
        self.ranges().ok().into_iter().flat_map(|(ra, rb, _)| {
            ra.resolve(1)
                .flat_map(move |a| rb.resolve(a.saturating_add(1)).map(move |b| Unit { a, b }))
        })
    }

    /// The triples of one unit, in increasing c.
    pub fn triples(&self, unit: Unit) -> impl Iterator<Item = [u64; 3]> + '_ {
        let cs = match self.ranges() {
            Ok((_, _, rc)) => rc.resolve(unit.b.saturating_add(1)),
            // Unreachable after `validate`; an invalid spec has no triples.
            Err(_) => RangeArg {
                low: Some(1),
                high: 0,
            }
            .resolve(1),
        };
        cs.map(move |c| [unit.a, unit.b, c]).filter(|&[a, b, c]| {
            (!self.primitive || gcd(gcd(a, b), c) == 1) && (!self.non_additive || c != a + b)
        })
    }

    /// The canonical JSON of the spec (spec.json, and part of every unit
    /// file's checksum).
    fn canonical(&self) -> String {
        serde_json::to_string_pretty(self).expect("serializable")
    }
}

/// Σ_{x=1}^{n} x² (0 for n = 0).
fn squares(n: u128) -> u128 {
    n * (n + 1) * (2 * n + 1) / 6
}

/// A mismatch between a covering statement's prediction and the engine.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Mismatch {
    /// The triple.
    pub moves: [u64; 3],
    /// The covering statement.
    pub statement: String,
    /// Predicted least period (pre-period 0).
    pub predicted_period: u64,
    /// The engine's q.
    pub preperiod: u64,
    /// The engine's p.
    pub period: u64,
}

/// Counts over a set of triples. Tallies add up ([`Tally::merge`]). Read
/// back from a file, an unknown field is refused (a misspelt or foreign
/// count is never ignored).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tally {
    /// Triples enumerated.
    pub triples: u64,
    /// Triples whose angle ρ passes at least one of the three tests
    /// (Prop. 20 / Lemma 22 definitions, on the gcd-reduced triple).
    pub admissible: u64,
    /// Triples passing none of the tests.
    pub non_admissible: u64,
    /// Admissible triples by least admissible candidate ("a+b", "c+a", "c+b").
    pub admissible_by_candidate: BTreeMap<String, u64>,
    /// Triples with pre-period 0.
    pub purely_periodic: u64,
    /// Triples covered by a statement, by statement id.
    pub covered_by: BTreeMap<String, u64>,
    /// Covered triples whose prediction differs from the engine (pure
    /// periodicity or least period; the statements' P-positions and values
    /// are audited by `nimcert audit`).
    pub mismatches: u64,
    /// The smallest mismatches (at most [`MISMATCH_EXAMPLES`]).
    pub mismatch_examples: Vec<Mismatch>,
    /// Non-admissible triples that are purely periodic (Conjecture 52 says
    /// none, for primitive non-additive triples with a ≥ 2).
    pub non_admissible_purely_periodic: u64,
    /// Admissible triples that are purely periodic with least period equal
    /// to the least admissible candidate (Theorem 34 says all).
    pub admissible_as_predicted: u64,
    /// Triples with no period within the engine bound.
    pub no_period_found: u64,
    /// Least period → number of triples.
    pub period_distribution: BTreeMap<u64, u64>,
}

impl Tally {
    /// Adds another tally (of disjoint triples). Panics on a count over
    /// 2^64 − 1, which the tallies of one validated sweep cannot reach;
    /// tallies read from files go through [`Tally::try_merge`].
    pub fn merge(&mut self, other: &Tally) {
        self.try_merge(other)
            .expect("the counts of one sweep stay below 2^64");
    }

    /// Adds another tally (of disjoint triples) with checked arithmetic;
    /// on overflow `self` is left partly added and should be dropped.
    pub fn try_merge(&mut self, other: &Tally) -> Result<(), String> {
        add(&mut self.triples, other.triples)?;
        add(&mut self.admissible, other.admissible)?;
        add(&mut self.non_admissible, other.non_admissible)?;
        add_maps(
            &mut self.admissible_by_candidate,
            &other.admissible_by_candidate,
        )?;
        add(&mut self.purely_periodic, other.purely_periodic)?;
        add_maps(&mut self.covered_by, &other.covered_by)?;
        add(&mut self.mismatches, other.mismatches)?;
        self.mismatch_examples
            .extend(other.mismatch_examples.iter().cloned());
        self.mismatch_examples.sort();
        self.mismatch_examples.dedup();
        self.mismatch_examples.truncate(MISMATCH_EXAMPLES);
        add(
            &mut self.non_admissible_purely_periodic,
            other.non_admissible_purely_periodic,
        )?;
        add(
            &mut self.admissible_as_predicted,
            other.admissible_as_predicted,
        )?;
        add(&mut self.no_period_found, other.no_period_found)?;
        add_maps(&mut self.period_distribution, &other.period_distribution)
    }

    /// Checks the relations every tally of at most `max_triples` triples
    /// satisfies by `Counts::record`'s construction, with checked sums:
    /// the solved triples (Σ of the period distribution) are exactly the
    /// admissible plus the non-admissible ones, and with the unsolved ones
    /// at most `triples` ≤ `max_triples`; the candidate counts sum to
    /// `admissible`; each sub-count is at most the count it refines; the
    /// examples are at most [`MISMATCH_EXAMPLES`] distinct, sorted
    /// mismatches.
    pub fn check(&self, max_triples: u128) -> Result<(), String> {
        let fail = |what: &str| Err(format!("inconsistent counts: {what}"));
        let solved = sum(self.period_distribution.values())?;
        if u128::from(self.triples) > max_triples {
            return fail(&format!(
                "{} triples, but the sweep has at most {max_triples}",
                self.triples
            ));
        }
        if self.admissible.checked_add(self.non_admissible) != Some(solved) {
            return fail("admissible + not admissible ≠ the triples with a period");
        }
        if solved
            .checked_add(self.no_period_found)
            .is_none_or(|n| n > self.triples)
        {
            return fail("more triples with or without a period than triples");
        }
        if self.period_distribution.contains_key(&0) {
            return fail("a least period 0");
        }
        if sum(self.admissible_by_candidate.values())? != self.admissible
            || self
                .admissible_by_candidate
                .keys()
                .any(|k| !["a+b", "c+a", "c+b"].contains(&k.as_str()))
        {
            return fail("the least admissible candidates do not add up to admissible");
        }
        let known = statement_ids();
        let unknown = self
            .covered_by
            .keys()
            .map(String::as_str)
            .chain(self.mismatch_examples.iter().map(|m| m.statement.as_str()))
            .find(|id| !known.contains(id));
        if let Some(id) = unknown {
            return fail(&format!(
                "'{}' is not a covering statement of a sweep (A.Table1.row1 to row7, A.Table2.row1 to row7, A.Thm34, A.Thm36)",
                crate::moves::clip(id, 40)
            ));
        }
        let covered = sum(self.covered_by.values())?;
        let refinements = [
            (self.purely_periodic, solved, "purely periodic"),
            (
                self.admissible_as_predicted,
                self.admissible,
                "as predicted",
            ),
            (
                self.non_admissible_purely_periodic,
                self.non_admissible,
                "not admissible, purely periodic",
            ),
            (covered, solved, "covered"),
            (self.mismatches, covered, "mismatches"),
        ];
        if let Some((_, _, what)) = refinements.iter().find(|(part, whole, _)| part > whole) {
            return fail(&format!("more {what} triples than the count they refine"));
        }
        let examples = &self.mismatch_examples;
        if examples.len() > MISMATCH_EXAMPLES
            || examples.len() as u64 > self.mismatches
            || examples.windows(2).any(|w| w[0] >= w[1])
        {
            return fail("the mismatch examples");
        }
        Ok(())
    }
}

/// The covering statements a sweep can meet (Table 1 rows 1–7, Theorem 36,
/// Theorem 34, Table 2 rows 1–7).
const STATEMENTS: usize = 16;

/// The ids of the [`STATEMENTS`] covering statements a sweep can meet, the
/// only keys of [`Tally::covered_by`] (registry ids, e.g. `A.Table1.row2`).
fn statement_ids() -> Vec<&'static str> {
    use crate::subtraction::classify::Cover;
    (1..=7)
        .flat_map(|k| [Cover::Table1Row(k), Cover::Table2Row(k)])
        .chain([Cover::Additive, Cover::Thm34])
        .filter_map(|cover| cover.statement())
        .collect()
}

/// A unit's counts while it runs: fixed arrays and a reused buffer, so
/// tallying a triple allocates nothing; [`Counts::tally`] turns them into a
/// [`Tally`] once per unit.
#[derive(Default)]
struct Counts {
    triples: u64,
    admissible: u64,
    non_admissible: u64,
    /// By least admissible candidate: a+b, c+a, c+b.
    by_candidate: [u64; 3],
    purely_periodic: u64,
    /// (statement id, triples), in order of first appearance.
    covered_by: [(&'static str, u64); STATEMENTS],
    statements: usize,
    mismatches: u64,
    mismatch_examples: Vec<Mismatch>,
    non_admissible_purely_periodic: u64,
    admissible_as_predicted: u64,
    no_period_found: u64,
    /// The least period of every triple solved.
    periods: Vec<u64>,
}

impl Counts {
    /// Empties the counts, keeping the buffers.
    fn clear(&mut self) {
        let periods = std::mem::take(&mut self.periods);
        let examples = std::mem::take(&mut self.mismatch_examples);
        *self = Counts {
            periods,
            mismatch_examples: examples,
            ..Counts::default()
        };
        self.periods.clear();
        self.mismatch_examples.clear();
    }

    /// Tallies one triple, given its outline (`None`: not three distinct
    /// positive moves) and the engine's (q, p) (`None`: no period within
    /// the bound).
    fn record(&mut self, moves: [u64; 3], outline: Option<&Outline>, engine: Option<QP>) {
        self.triples += 1;
        let Some(outline) = outline else {
            return;
        };
        let Some(qp) = engine else {
            self.no_period_found += 1;
            return;
        };
        let pure = qp.preperiod == 0;
        self.purely_periodic += u64::from(pure);
        self.periods.push(qp.period);
        let tests = outline.admissible;
        let which = [tests.a_plus_b, tests.c_plus_a, tests.c_plus_b];
        match which.iter().position(|&ok| ok) {
            Some(i) => {
                self.admissible += 1;
                self.by_candidate[i] += 1;
                let as_predicted = pure && Some(qp.period) == outline.least_admissible();
                self.admissible_as_predicted += u64::from(as_predicted);
            }
            None => {
                self.non_admissible += 1;
                self.non_admissible_purely_periodic += u64::from(pure);
            }
        }
        if let (Some(statement), Some(period)) = (outline.cover.statement(), outline.period) {
            self.cover(statement);
            if !(pure && qp.period == period) {
                self.mismatches += 1;
                if self.mismatch_examples.len() < MISMATCH_EXAMPLES {
                    self.mismatch_examples.push(Mismatch {
                        moves,
                        statement: statement.to_string(),
                        predicted_period: period,
                        preperiod: qp.preperiod,
                        period: qp.period,
                    });
                }
            }
        }
    }

    /// Adds 1 to a covering statement's count.
    fn cover(&mut self, statement: &'static str) {
        let seen = &mut self.covered_by[..self.statements];
        match seen.iter_mut().find(|(s, _)| *s == statement) {
            Some((_, n)) => *n += 1,
            None => {
                self.covered_by[self.statements] = (statement, 1);
                self.statements += 1;
            }
        }
    }

    /// The counts as a tally (maps keyed by statement, candidate, period).
    fn tally(&mut self) -> Tally {
        let mut tally = Tally {
            triples: self.triples,
            admissible: self.admissible,
            non_admissible: self.non_admissible,
            purely_periodic: self.purely_periodic,
            mismatches: self.mismatches,
            mismatch_examples: self.mismatch_examples.clone(),
            non_admissible_purely_periodic: self.non_admissible_purely_periodic,
            admissible_as_predicted: self.admissible_as_predicted,
            no_period_found: self.no_period_found,
            ..Tally::default()
        };
        for (name, n) in ["a+b", "c+a", "c+b"].iter().zip(self.by_candidate) {
            if n > 0 {
                tally.admissible_by_candidate.insert(name.to_string(), n);
            }
        }
        for &(statement, n) in &self.covered_by[..self.statements] {
            tally.covered_by.insert(statement.to_string(), n);
        }
        self.periods.sort_unstable();
        for run in self.periods.chunk_by(|x, y| x == y) {
            tally.period_distribution.insert(run[0], run.len() as u64);
        }
        tally
    }
}

/// `*into += x`, refusing an overflow.
fn add(into: &mut u64, x: u64) -> Result<(), String> {
    *into = into.checked_add(x).ok_or("a count overflows 2^64 − 1")?;
    Ok(())
}

fn add_maps<K: Ord + Clone>(
    into: &mut BTreeMap<K, u64>,
    from: &BTreeMap<K, u64>,
) -> Result<(), String> {
    for (k, v) in from {
        add(into.entry(k.clone()).or_default(), *v)?;
    }
    Ok(())
}

/// Σ of counts, refusing an overflow.
fn sum<'a>(counts: impl IntoIterator<Item = &'a u64>) -> Result<u64, String> {
    counts.into_iter().try_fold(0u64, |total, &n| {
        total
            .checked_add(n)
            .ok_or_else(|| "a sum of counts overflows 2^64 − 1".to_string())
    })
}

/// The result of a sweep (or a shard of one): what was swept and the tally,
/// the counts at the top level of its JSON (see [`CampaignResult`]).
pub type SweepResult = CampaignResult<SweepSpec, Tally>;

/// Merges sweep shard results one at a time (see [`campaign::Merger`]).
pub type Merger = campaign::Merger<SweepSpec>;

/// The largest shard result or unit file read back (a result holds a few
/// counts and a period distribution; far less than this).
pub const MAX_RESULT_BYTES: u64 = 64 << 20;

impl Mergeable for SweepSpec {
    type Tally = Tally;
    type Size = SweepSize;

    fn size(&self) -> Result<SweepSize, String> {
        SweepSpec::size(self)
    }

    fn units(size: &SweepSize) -> u128 {
        size.units
    }

    /// Consistent counts of at most the sweep's triples ([`Tally::check`]).
    fn check(&self, size: &SweepSize, tally: &Tally) -> Result<(), String> {
        tally.check(size.triples)
    }

    fn add(into: &mut Tally, other: &Tally) -> Result<(), String> {
        into.try_merge(other)
    }

    /// When every shard of a sweep without filters is there, the merged
    /// count of triples must be exactly the sweep's.
    fn check_whole(&self, size: &SweepSize, tally: &Tally) -> Result<(), String> {
        let filtered = self.primitive || self.non_additive;
        if !filtered && u128::from(tally.triples) != size.triples {
            return Err(format!(
                "inconsistent counts: {} triples, the sweep has {}",
                tally.triples, size.triples
            ));
        }
        Ok(())
    }
}

/// One finished unit on disk, `units/A-B.json`: the unit, its tally, with
/// `--certs` the digest of its certificate, and the checksum (see
/// [`mod@campaign::unit`]); a unit file without a digest (written without
/// `--certs`) makes a `--certs` sweep run the unit again.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct UnitFile {
    unit: [u64; 2],
    tally: Tally,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    certificate: Option<campaign::FileDigest>,
    checksum: String,
}

impl Campaign for SweepSpec {
    type Unit = Unit;
    type Tally = Tally;
    type Worker = Worker;
    const WHAT: &'static str = "a sweep";
    const UNITS: &'static str = "units";
    const NAME_IN_CHECKSUM: bool = true;
    const MAX_UNIT_BYTES: u64 = MAX_RESULT_BYTES;
    const CHECKSUM_MISMATCH: &'static str =
        "its checksum does not match (edited, or from another sweep)";

    fn spec_text(&self) -> String {
        self.canonical()
    }

    fn units(&self) -> impl Iterator<Item = Unit> + '_ {
        self.unit_iter()
    }

    fn unit_total(&self) -> u128 {
        self.size().map_or(0, |s| s.units)
    }

    fn name(&self, unit: &Unit) -> String {
        format!("{}-{}", unit.a, unit.b)
    }

    fn redo(&self, _unit: &Unit) -> String {
        "run the unit again".to_string()
    }

    fn run_unit(
        &self,
        unit: &Unit,
        worker: &mut Worker,
        certificates: bool,
    ) -> Result<(Tally, Option<Certificate>), CampaignError> {
        sweep_unit(self, *unit, worker, certificates).map_err(CampaignError::Io)
    }

    fn encode(&self, unit: &Unit, file: Sealed<Tally>) -> String {
        let file = UnitFile {
            unit: [unit.a, unit.b],
            tally: file.tally,
            certificate: file.certificate,
            checksum: file.checksum,
        };
        serde_json::to_string(&file).expect("serializable")
    }

    fn decode(&self, unit: &Unit, text: &str) -> Result<Sealed<Tally>, String> {
        let file: UnitFile = serde_json::from_str(text)
            .map_err(|e| format!("not a unit file of this version ({e})"))?;
        if file.unit != [unit.a, unit.b] {
            return Err(format!(
                "holds the unit {:?}, not ({}, {})",
                file.unit, unit.a, unit.b
            ));
        }
        Ok(Sealed {
            tally: file.tally,
            certificate: file.certificate,
            checksum: file.checksum,
        })
    }

    /// The counts are those of the unit's triples.
    fn verify(&self, unit: &Unit, tally: &Tally) -> Result<(), String> {
        let triples = self.triples(*unit).count() as u64;
        if tally.triples != triples {
            return Err(format!(
                "counts {} triples, the unit has {triples}",
                tally.triples
            ));
        }
        tally.check(u128::from(triples))
    }
}

/// Runs the units of one shard (all units when `shard` is `None`),
/// skipping those already stored (and verified) in `out`, and returns the
/// tally of the shard computed from the unit tallies in unit order.
/// `progress` is called once per finished unit (see [`campaign::run`]).
pub fn run(
    spec: &SweepSpec,
    shard: Option<Shard>,
    out: Option<&Folder>,
    progress: &(dyn Fn() + Sync),
) -> Result<SweepResult, CampaignError> {
    spec.validate()?;
    let shard = shard.unwrap_or(Shard::WHOLE);
    let mut tally = Tally::default();
    campaign::run(spec, shard, out, progress, |_, unit| {
        tally.try_merge(&unit).map_err(CampaignError::Input)
    })?;
    Ok(SweepResult {
        spec: spec.clone(),
        shards: vec![shard.index],
        shard_count: shard.count,
        partial: false,
        tally,
    })
}

/// The number of units a shard runs (for progress bars), in closed form;
/// 0 for an invalid spec.
pub fn unit_count(spec: &SweepSpec, shard: Option<Shard>) -> u64 {
    campaign::unit_count(spec, shard.unwrap_or(Shard::WHOLE))
}

/// The per-worker state of a sweep, reused from unit to unit: the engine's
/// buffers, the angle tables of the current base, the unit's counts and
/// (with certificates) its rows.
#[derive(Default)]
pub struct Worker {
    solver: Solver,
    classifier: Classifier,
    counts: Counts,
    rows: Vec<PeriodicClaim>,
}

/// Runs one unit: its tally and, with `certificates`, its compact
/// certificate: one `PeriodicTable` (format 2) with a row (S, q, p, period
/// witnesses) per solved triple, whose values nimcheck recomputes by the
/// mex rule.
fn sweep_unit(
    spec: &SweepSpec,
    unit: Unit,
    worker: &mut Worker,
    certificates: bool,
) -> Result<(Tally, Option<Certificate>), String> {
    let Worker {
        solver,
        classifier,
        counts,
        rows,
    } = worker;
    counts.clear();
    rows.clear();
    for moves in spec.triples(unit) {
        // The prediction's period is only a hint: the engine tests it by
        // the mex rule and finds the exact (q, p) either way.
        let outline = classifier.outline(&moves);
        let hint = outline.and_then(|o| o.period);
        let solved = if outline.is_some() {
            solver.solve_slice(&moves, hint, spec.max_positions).ok()
        } else {
            None
        };
        counts.record(moves, outline.as_ref(), solved);
        if let (true, Some(qp)) = (certificates, solved) {
            let set = MoveSet::new(&moves).map_err(|e| e.to_string())?;
            rows.push(periodic_claim(
                &set,
                solver.values(),
                qp.preperiod,
                qp.period,
            ));
        }
    }
    let certificate = certificates.then(|| periodic_table_certificate(rows, search_provenance()));
    Ok((counts.tally(), certificate))
}

/// Merges shard results of one sweep into one result (see
/// [`campaign::merge()`]): each is validated ([`CampaignResult::validate`]);
/// results of different sweeps, a shard given twice and counts that
/// overflow are refused. Every shard must be there, unless `partial`, and
/// then the result says `partial: true`. When every shard of a sweep
/// without filters is there, the merged count of triples must be exactly
/// the sweep's.
pub fn merge(results: &[SweepResult], partial: bool) -> Result<SweepResult, String> {
    campaign::merge(results, partial)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(a: &str, b: &str, c: &str) -> SweepSpec {
        SweepSpec {
            a: a.into(),
            b: b.into(),
            c: c.into(),
            primitive: false,
            non_additive: false,
            max_positions: 1_000_000,
        }
    }

    /// The closed form of [`SweepSpec::size`] against enumeration, on
    /// every combination of small ranges (given or default lower ends).
    #[test]
    fn size_in_closed_form_equals_enumeration() {
        let ranges = [
            "..=1", "..=4", "..=9", "2..=5", "3", "4..=9", "1..=12", "7..=8",
        ];
        let mut checked = 0;
        for a in ranges {
            for b in ranges {
                for c in ranges {
                    let s = spec(a, b, c);
                    let units = s.units();
                    let triples: Vec<[u64; 3]> = units.iter().flat_map(|&u| s.triples(u)).collect();
                    match s.size() {
                        Ok(size) => {
                            assert_eq!(size.units, units.len() as u128, "{a} {b} {c}");
                            assert_eq!(size.triples, triples.len() as u128, "{a} {b} {c}");
                            let sum: u64 = triples.iter().map(|t| t[2]).sum();
                            assert_eq!(size.sum_c, u128::from(sum), "{a} {b} {c}");
                            checked += 1;
                        }
                        Err(_) => {
                            // Refused: no triple, or a lower end below the
                            // least legal value (b ≥ 2, c ≥ 3), or an
                            // upper end below it.
                            let below = |r: &str, least: u64| {
                                let r: RangeArg = r.parse().unwrap();
                                r.low.is_some_and(|l| l < least) || r.high < least
                            };
                            assert!(
                                triples.is_empty() || below(b, 2) || below(c, 3),
                                "{a} {b} {c}: refused but has triples"
                            )
                        }
                    }
                }
            }
        }
        assert!(checked > 100, "{checked}");
    }

    #[test]
    fn size_of_a_huge_sweep_is_immediate_and_exact() {
        let s = spec("1..=16777216", "..=16777216", "..=16777216");
        let size = s.size().unwrap();
        let n = 16_777_216u128;
        assert_eq!(size.triples, n * (n - 1) * (n - 2) / 6);
        assert!(spec("18446744073709551615", "..=3", "..=4").size().is_err());
        assert!(spec("0", "..=3", "..=4").size().is_err());
        assert!(spec("5", "..=3", "..=9").size().is_err());
    }

    fn result(shards: Vec<u64>, count: u64, tally: Tally) -> SweepResult {
        SweepResult {
            spec: spec("2", "..=4", "..=6"),
            shards,
            shard_count: count,
            partial: false,
            tally,
        }
    }

    fn tally_of(s: &SweepSpec, shard: Shard) -> Tally {
        run(s, Some(shard), None, &|| {}).unwrap().tally
    }

    #[test]
    fn merge_requires_every_shard_unless_partial() {
        let s = spec("2", "..=4", "..=6");
        let t0 = tally_of(&s, Shard { index: 0, count: 2 });
        let t1 = tally_of(&s, Shard { index: 1, count: 2 });
        let whole = tally_of(&s, Shard::WHOLE);
        let merged = merge(
            &[result(vec![0], 2, t0.clone()), result(vec![1], 2, t1)],
            false,
        )
        .unwrap();
        assert_eq!(merged.tally, whole);
        assert!(!merged.partial);
        let e = merge(&[result(vec![0], 2, t0.clone())], false).unwrap_err();
        assert!(e.contains("missing") && e.contains("--partial"), "{e}");
        let partial = merge(&[result(vec![0], 2, t0.clone())], true).unwrap();
        assert!(partial.partial);
        // A shard that does not exist, and one given twice.
        assert!(merge(&[result(vec![7], 2, t0.clone())], true).is_err());
        let twice = [result(vec![0], 2, t0.clone()), result(vec![0], 2, t0)];
        assert!(merge(&twice, true).unwrap_err().contains("twice"));
    }

    #[test]
    fn merge_refuses_counts_that_cannot_be() {
        let s = spec("2", "..=4", "..=6");
        let good = tally_of(&s, Shard::WHOLE);
        let mut wrapped = good.clone();
        wrapped.triples = u64::MAX;
        let mut admissible = good.clone();
        admissible.admissible = good.triples + 1;
        let mut missing = good.clone();
        missing.triples -= 1;
        for bad in [wrapped, admissible, missing] {
            assert!(
                merge(&[result(vec![0], 1, bad.clone())], false).is_err(),
                "{bad:?}"
            );
        }
        // Two results whose sum overflows.
        let mut big = good.clone();
        big.no_period_found = u64::MAX;
        assert!(big.check(u128::MAX).is_err());
        let mut a = Tally {
            triples: u64::MAX,
            ..Tally::default()
        };
        assert!(a.try_merge(&a.clone()).is_err());
    }

    #[test]
    fn covered_by_names_only_the_statements_a_sweep_meets() {
        let mut ids = statement_ids();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), STATEMENTS);
        let s = spec("2..=4", "..=12", "..=40");
        let good = tally_of(&s, Shard::WHOLE);
        assert!(good.covered_by.keys().all(|k| ids.contains(&k.as_str())));
        let mut renamed = good.clone();
        let (id, n) = renamed.covered_by.pop_first().unwrap();
        renamed.covered_by.insert(format!("{id}x"), n);
        let e = renamed.check(u128::MAX).unwrap_err();
        assert!(e.contains("not a covering statement"), "{e}");
        let mut json = serde_json::to_value(&good).unwrap();
        json["covered"] = serde_json::json!(1);
        assert!(serde_json::from_value::<Tally>(json).is_err());
    }
}
