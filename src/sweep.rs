//! Paper A's finite check (§6), generalised: sweeps over three-move games: enumerate triples, classify each (paper A),
//! compare the covering statement's prediction with the engine, and tally.
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

use crate::certify::{search_provenance, sequence_claim};
use crate::engine::{Solver, QP};
use crate::moves::{gcd, MoveSet};
use crate::range::RangeArg;
use crate::subtraction::classify::{Classifier, Outline};
use nimcert_check::format::{Certificate, Claim, FORMAT_VERSION};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// How many mismatching triples a tally keeps as examples (the smallest).
pub const MISMATCH_EXAMPLES: usize = 20;

/// Which triples a sweep covers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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

impl SweepSpec {
    fn ranges(&self) -> Result<(RangeArg, RangeArg, RangeArg), String> {
        Ok((self.a.parse()?, self.b.parse()?, self.c.parse()?))
    }

    /// Checks the ranges parse.
    pub fn validate(&self) -> Result<(), String> {
        self.ranges().map(|_| ())
    }

    /// The units in order (a, then b).
    pub fn units(&self) -> Vec<Unit> {
        let Ok((ra, rb, _)) = self.ranges() else {
            return Vec::new();
        };
        ra.resolve(1)
            .flat_map(|a| rb.resolve(a + 1).map(move |b| Unit { a, b }))
            .collect()
    }

    /// The triples of one unit, in increasing c.
    pub fn triples(&self, unit: Unit) -> impl Iterator<Item = [u64; 3]> + '_ {
        let cs = match self.ranges() {
            Ok((_, _, rc)) => rc.resolve(unit.b + 1),
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

/// Counts over a set of triples. Tallies add up ([`Tally::merge`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
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
    /// Adds another tally (of disjoint triples).
    pub fn merge(&mut self, other: &Tally) {
        self.triples += other.triples;
        self.admissible += other.admissible;
        self.non_admissible += other.non_admissible;
        add_maps(
            &mut self.admissible_by_candidate,
            &other.admissible_by_candidate,
        );
        self.purely_periodic += other.purely_periodic;
        add_maps(&mut self.covered_by, &other.covered_by);
        self.mismatches += other.mismatches;
        self.mismatch_examples
            .extend(other.mismatch_examples.iter().cloned());
        self.mismatch_examples.sort();
        self.mismatch_examples.truncate(MISMATCH_EXAMPLES);
        self.non_admissible_purely_periodic += other.non_admissible_purely_periodic;
        self.admissible_as_predicted += other.admissible_as_predicted;
        self.no_period_found += other.no_period_found;
        add_maps(&mut self.period_distribution, &other.period_distribution);
    }
}

/// The covering statements a sweep can meet (Table 1 rows 1–7, Theorem 36,
/// Theorem 34, Table 2 rows 1–7).
const STATEMENTS: usize = 16;

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

fn add_maps<K: Ord + Clone>(into: &mut BTreeMap<K, u64>, from: &BTreeMap<K, u64>) {
    for (k, v) in from {
        *into.entry(k.clone()).or_default() += v;
    }
}

/// A shard: `index` of `count` (0 ≤ index < count).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl std::str::FromStr for Shard {
    type Err = String;
    fn from_str(text: &str) -> Result<Self, String> {
        let (k, n) = text
            .split_once('/')
            .ok_or_else(|| format!("shard '{text}' is not of the form k/n"))?;
        let parse = |s: &str| {
            s.parse::<u64>()
                .map_err(|_| format!("shard '{text}': '{s}' is not a number"))
        };
        let shard = Shard {
            index: parse(k)?,
            count: parse(n)?,
        };
        if shard.count == 0 || shard.index >= shard.count {
            return Err(format!("shard '{text}': need 0 ≤ k < n"));
        }
        Ok(shard)
    }
}

/// The result of a sweep (or a shard of one): what was swept and the tally.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SweepResult {
    /// The triples swept.
    pub spec: SweepSpec,
    /// The shards this result covers, e.g. `[0, 1, 2]` of 3; `[0]` of 1 for
    /// an unsharded sweep.
    pub shards: Vec<u64>,
    /// The number of shards.
    pub shard_count: u64,
    /// The counts.
    pub tally: Tally,
}

impl SweepResult {
    /// JSON with the counts at the top level (beside `spec`, `shards` and
    /// `shard_count`), so that scripts read `triples`, `admissible`, ...
    /// directly. [`SweepResult::from_json`] reads it back.
    pub fn to_json(&self) -> String {
        let mut object = serde_json::to_value(&self.tally).expect("serializable");
        let map = object.as_object_mut().expect("a struct is an object");
        map.insert(
            "spec".into(),
            serde_json::to_value(&self.spec).expect("serializable"),
        );
        map.insert("shards".into(), self.shards.clone().into());
        map.insert("shard_count".into(), self.shard_count.into());
        serde_json::to_string_pretty(&object).expect("serializable") + "\n"
    }

    /// Reads what [`SweepResult::to_json`] wrote.
    pub fn from_json(text: &str) -> Result<Self, String> {
        let mut object: serde_json::Value =
            serde_json::from_str(text).map_err(|e| e.to_string())?;
        let map = object.as_object_mut().ok_or("not a JSON object")?;
        let mut take = |key: &str| map.remove(key).ok_or(format!("missing key {key}"));
        let spec = serde_json::from_value(take("spec")?).map_err(|e| e.to_string())?;
        let shards = serde_json::from_value(take("shards")?).map_err(|e| e.to_string())?;
        let shard_count =
            serde_json::from_value(take("shard_count")?).map_err(|e| e.to_string())?;
        let tally = serde_json::from_value(object).map_err(|e| e.to_string())?;
        Ok(SweepResult {
            spec,
            shards,
            shard_count,
            tally,
        })
    }
}

/// Where a sweep keeps its state and certificates.
pub struct OutDir {
    root: PathBuf,
    certificates: bool,
}

impl OutDir {
    /// Opens (creating) an output folder for `spec`; refuses a folder that
    /// holds a different sweep.
    pub fn open(root: &Path, spec: &SweepSpec, certificates: bool) -> Result<Self, String> {
        let spec_path = root.join("spec.json");
        let text = serde_json::to_string_pretty(spec).expect("serializable");
        match std::fs::read_to_string(&spec_path) {
            Ok(existing) if existing != text => {
                return Err(format!(
                    "{} holds a different sweep (see its spec.json); use another --out",
                    root.display()
                ))
            }
            Ok(_) => {}
            Err(_) => crate::io::write_atomically(&spec_path, text.as_bytes())
                .map_err(|e| format!("{}: {e}", spec_path.display()))?,
        }
        Ok(OutDir {
            root: root.to_path_buf(),
            certificates,
        })
    }

    fn unit_path(&self, unit: Unit) -> PathBuf {
        self.root
            .join("units")
            .join(format!("{}-{}.json", unit.a, unit.b))
    }

    fn load(&self, unit: Unit) -> Option<Tally> {
        let text = std::fs::read_to_string(self.unit_path(unit)).ok()?;
        serde_json::from_str(&text).ok()
    }

    fn store(&self, unit: Unit, tally: &Tally) -> Result<(), String> {
        let path = self.unit_path(unit);
        let text = serde_json::to_string(tally).expect("serializable");
        crate::io::write_atomically(&path, text.as_bytes())
            .map_err(|e| format!("{}: {e}", path.display()))
    }

    fn store_certificate(&self, moves: [u64; 3], cert: &Certificate) -> Result<(), String> {
        let [a, b, c] = moves;
        let path = self
            .root
            .join("certs")
            .join(format!("{a}-{b}"))
            .join(format!("s-{a}-{b}-{c}.ron"));
        crate::io::write_atomically(&path, nimcert_check::to_ron(cert).as_bytes())
            .map_err(|e| format!("{}: {e}", path.display()))
    }
}

/// Runs the units of one shard (all units when `shard` is `None`),
/// skipping those already stored in `out`, and returns the tally of the
/// shard computed from the unit tallies in unit order. `progress` is called
/// once per finished unit.
pub fn run(
    spec: &SweepSpec,
    shard: Option<Shard>,
    out: Option<&OutDir>,
    progress: &(dyn Fn() + Sync),
) -> Result<SweepResult, String> {
    spec.validate()?;
    let shard = shard.unwrap_or(Shard { index: 0, count: 1 });
    let units: Vec<Unit> = spec
        .units()
        .into_iter()
        .enumerate()
        .filter(|(i, _)| *i as u64 % shard.count == shard.index)
        .map(|(_, u)| u)
        .collect();
    // Units are folded into one tally per worker as they finish (tallies
    // add up in any order), so memory stays bounded by the workers, not the
    // units.
    let tally = units
        .par_iter()
        .try_fold(
            || (Worker::default(), Tally::default()),
            |(mut worker, mut tally), &unit| {
                let done = out.and_then(|o| o.load(unit));
                let unit_tally = match done {
                    Some(t) => t,
                    None => sweep_unit(spec, unit, &mut worker, out)?,
                };
                tally.merge(&unit_tally);
                progress();
                Ok::<_, String>((worker, tally))
            },
        )
        .map(|r| r.map(|(_, tally)| tally))
        .try_reduce(Tally::default, |mut t, u| {
            t.merge(&u);
            Ok(t)
        })?;
    Ok(SweepResult {
        spec: spec.clone(),
        shards: vec![shard.index],
        shard_count: shard.count,
        tally,
    })
}

/// The number of units a shard runs (for progress bars).
pub fn unit_count(spec: &SweepSpec, shard: Option<Shard>) -> u64 {
    let shard = shard.unwrap_or(Shard { index: 0, count: 1 });
    (0..spec.units().len() as u64)
        .filter(|i| i % shard.count == shard.index)
        .count() as u64
}

/// The per-worker state of a sweep, reused from unit to unit: the engine's
/// buffers, the angle tables of the current base and the unit's counts.
#[derive(Default)]
struct Worker {
    solver: Solver,
    classifier: Classifier,
    counts: Counts,
}

fn sweep_unit(
    spec: &SweepSpec,
    unit: Unit,
    worker: &mut Worker,
    out: Option<&OutDir>,
) -> Result<Tally, String> {
    let Worker {
        solver,
        classifier,
        counts,
    } = worker;
    counts.clear();
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
        if let (Some(out), Some(qp)) = (out.filter(|o| o.certificates), solved) {
            let set = MoveSet::new(&moves).map_err(|e| e.to_string())?;
            let cert = Certificate {
                format: FORMAT_VERSION,
                provenance: search_provenance(),
                claim: Claim::Sequence(sequence_claim(
                    &set,
                    solver.values(),
                    qp.preperiod,
                    qp.period,
                )),
            };
            out.store_certificate(moves, &cert)?;
        }
    }
    let tally = counts.tally();
    if let Some(out) = out {
        out.store(unit, &tally)?;
    }
    Ok(tally)
}

/// Merges shard results of one sweep into one result; refuses results of
/// different sweeps or overlapping shards.
pub fn merge(results: &[SweepResult]) -> Result<SweepResult, String> {
    let first = results.first().ok_or("nothing to merge")?;
    let mut merged = SweepResult {
        spec: first.spec.clone(),
        shards: Vec::new(),
        shard_count: first.shard_count,
        tally: Tally::default(),
    };
    for r in results {
        if r.spec != first.spec || r.shard_count != first.shard_count {
            return Err("the results are of different sweeps or shard counts".to_string());
        }
        for &s in &r.shards {
            if merged.shards.contains(&s) {
                return Err(format!("shard {s}/{} is given twice", r.shard_count));
            }
            merged.shards.push(s);
        }
        merged.tally.merge(&r.tally);
    }
    merged.shards.sort_unstable();
    Ok(merged)
}
