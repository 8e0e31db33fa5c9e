//! Claims written in a claim file (docs/CLAIMS.md): each entry
//! of the file becomes one [`Claim`], run by the same pipeline as the
//! registry ([`crate::claim::check_instances`]), so it gets the same
//! verdicts, counts, smallest counterexamples with certificates, baseline
//! lines and certificate store.
//!
//! One instance is one assignment of the entry's parameters that passes
//! its `where` (enumerated by [`nimcert_claims::instances`] in the order of
//! the parameters, the first slowest, so that the first failures found are
//! the smallest). Its game is solved exactly: a subtraction game by the
//! engine (least pre-period q and period p, [`crate::engine`]), an octal
//! game by the Octal Periodicity Theorem ([`crate::octal::period`]); G(n)
//! is then known for every n ≥ 0. The assertion is evaluated on that
//! sequence by [`nimcert_claims::evaluate`], whose proof rule decides an
//! unbounded `forall x` for every x from one window of q + p positions
//! (and the offsets) where its conditions hold, and otherwise checks it on
//! x < `check_below` only; the range printed for the claim says which.
//!
//! A game that is not solved within the bounds is an instance *not
//! checked* (so the verdict cannot read "holds"); an error in the claim on
//! some instance (a division by zero, an overflow) or the evaluation
//! budget running out stops the audit ([`Abort`]), with the position in
//! the file.

use crate::certify::{search_provenance, sequence_certificate};
use crate::claim::{check_instances, Abort, Claim, ClaimResult, InstanceOutcome, Kind, Scope};
use crate::engine::Periodicity;
use crate::moves::{MoveSet, MoveSetError, MAX_MOVE, MAX_MOVES};
use crate::octal::certify::{
    grundy_certificate, grundy_values, octal_certificate, octal_provenance,
};
use crate::octal::code::OctalCode;
use crate::octal::period::{self, OctalOutcome, OctalSolution};
use crate::octal::values::Method;
use crate::solve::{Limits, SolveError};
use crate::subtraction::classification::checked_preperiodic;
use crate::subtraction::family::{certificate as family_certificate, first_c, settle, Settled};
use nimcert_check::format::Certificate;
use nimcert_check::format::FamilyShape;
use nimcert_claims as lang;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

mod avoidance;

/// The bounds of a claim file's audit, from the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileLimits {
    /// Evaluation steps per instance (and for enumerating the instances
    /// of one entry): `--max-eval-steps`.
    pub eval_steps: u64,
    /// The bounds on solving one instance's game: `--max-positions` (a
    /// subtraction game), `--max-n` (an octal game), `--max-work` (either).
    pub solve: Limits,
    /// Instances of one entry at most (they are listed before they run):
    /// `--max-instances`.
    pub instances: u64,
}

impl Default for FileLimits {
    /// 10^8 evaluation steps, 2^26 positions, 2^20 instances of an entry,
    /// the library's defaults otherwise.
    fn default() -> Self {
        FileLimits {
            eval_steps: 100_000_000,
            instances: 1 << 20,
            solve: Limits {
                max_positions: 1 << 26,
                ..Limits::default()
            },
        }
    }
}

/// Why claim files could not be read.
#[derive(Debug)]
pub enum LoadError {
    /// A file that cannot be read (exit 4).
    Io(String),
    /// A file over the byte bound (exit 3, naming the flag).
    TooLarge(String),
    /// An id used twice across the files (exit 2).
    Duplicate(String),
    /// An error in a file, with its position (exit 2 or 3).
    Claim(lang::Diagnostic),
}

/// Reads, parses and type-checks every file, each read with the byte bound
/// of `limits` (a longer file is refused by its length before it is read);
/// an id used twice across the files is an error, as within one file.
pub fn load(
    paths: &[PathBuf],
    limits: &lang::ParseLimits,
) -> Result<Vec<(PathBuf, lang::ClaimFile)>, LoadError> {
    let mut seen: BTreeMap<String, String> = BTreeMap::new();
    let mut files = Vec::new();
    for path in paths {
        let file = read(path, limits)?;
        for c in &file.claims {
            let here = format!("{}:{}", path.display(), c.line);
            if let Some(first) = seen.insert(c.id.clone(), here.clone()) {
                return Err(LoadError::Duplicate(format!(
                    "{here}: the id '{}' is already used at {first}",
                    c.id
                )));
            }
        }
        files.push((path.clone(), file));
    }
    Ok(files)
}

/// One file, read with the byte bound, parsed and type-checked.
fn read(path: &Path, limits: &lang::ParseLimits) -> Result<lang::ClaimFile, LoadError> {
    let max = u64::try_from(limits.max_bytes).unwrap_or(u64::MAX);
    let bytes = crate::io::read_bounded(path, max).map_err(|e| match e {
        crate::io::ReadError::TooLarge(_) => LoadError::TooLarge(format!(
            "{}: a claim file is at most {max} bytes (raise {})",
            path.display(),
            lang::FLAG_MAX_BYTES
        )),
        other => LoadError::Io(format!("{}: {other}", path.display())),
    })?;
    let file =
        lang::parse(&path.display().to_string(), &bytes, limits).map_err(LoadError::Claim)?;
    lang::check(&file).map_err(LoadError::Claim)?;
    Ok(file)
}

/// Sets the range of the parameter `name` to `lo..=hi` in every claim of
/// `files` that has it (`--range NAME=RANGE`); an error when none has.
pub fn set_range(
    files: &mut [(PathBuf, lang::ClaimFile)],
    name: &str,
    lo: i64,
    hi: i64,
) -> Result<(), String> {
    let mut found = false;
    for (_, file) in files.iter_mut() {
        for claim in &mut file.claims {
            found |= claim.set_range(name, lo, hi);
        }
    }
    if found {
        Ok(())
    } else {
        Err(format!("no claim of the files has a parameter '{name}'"))
    }
}

/// The nominal work of one instance, for the audit's estimate before it
/// starts (`--max-work`): a game of some thousand positions and an
/// assertion over one period. The real work of an instance is bounded by
/// the limits of [`FileLimits`], which stop it.
pub const WORK_PER_INSTANCE: u64 = 100_000;

/// The nominal work of one class of an `every_c` entry, in instances: a
/// family certificate derived from about a dozen games and the members
/// below c(k0) (or below `check_below`, where there is none).
pub const CLASS_WORK: u64 = 16;

/// How the certificate of a holding instance's game is re-checked before
/// the instance reads "holds": `Ok` when accepted, else why not.
pub type Checker = Arc<dyn Fn(&Certificate) -> Result<(), String> + Send + Sync>;

/// Re-checks `certificate` with the checker's library (the trusted crate
/// nimcert-check, [`nimcert_check::check_certificate`], as the report does
/// for counterexamples): `Ok` when it is valid, else the checker's verdict.
pub fn recheck(certificate: &Certificate) -> Result<(), String> {
    match nimcert_check::check_certificate(certificate, &nimcert_check::Limits::default()) {
        nimcert_check::Verdict::Valid(_) => Ok(()),
        nimcert_check::Verdict::Invalid(why) => Err(format!("invalid: {why}")),
        nimcert_check::Verdict::Undecidable(why) => Err(format!("undecided: {why}")),
        nimcert_check::Verdict::OverLimit(why) => Err(format!("over a limit: {why}")),
    }
}

/// The claims of a parsed claim file, in the file's order.
pub fn claims(file: lang::ClaimFile, limits: FileLimits) -> Vec<Claim> {
    claims_with_checker(file, limits, Arc::new(recheck))
}

/// [`claims`] with the re-check of holding instances' certificates done
/// by `checker` instead of [`recheck`] (a test seam: a checker that
/// disagrees with the engine).
pub fn claims_with_checker(
    file: lang::ClaimFile,
    limits: FileLimits,
    checker: Checker,
) -> Vec<Claim> {
    file.claims
        .into_iter()
        .map(|entry| claim(Arc::new(entry), limits, checker.clone()))
        .collect()
}

/// One entry as a [`Claim`]: its id, quote, source and kind from the
/// file; "instances" as unit.
fn claim(entry: Arc<lang::FileClaim>, limits: FileLimits, checker: Checker) -> Claim {
    let kind = match entry.kind {
        lang::ClaimKind::Theorem => Kind::Theorem,
        lang::ClaimKind::Conjecture => Kind::Conjecture,
        lang::ClaimKind::Example => Kind::Example,
    };
    let for_run = entry.clone();
    let for_estimate = entry.clone();
    Claim::new(
        entry.id.clone(),
        entry.quote.clone(),
        format!("the file's parameter ranges ({})", parameters(&entry)),
        move |scope| run(&for_run, limits, &checker, scope),
        move |_| estimate(&for_estimate, limits),
    )
    .at(entry.source.clone())
    .hypotheses(format!(
        "the parameter ranges and `where` of the entry at line {}",
        entry.line
    ))
    .kind(kind)
    .counts("instances")
}

/// "n" or "a, b, c" (or "no parameters").
fn parameters(entry: &lang::FileClaim) -> String {
    let names = entry.param_names();
    if names.is_empty() {
        "no parameters".to_string()
    } else {
        names.join(", ")
    }
}

/// The nominal work of one instance of `entry`: [`WORK_PER_INSTANCE`],
/// times [`CLASS_WORK`] for an `every_c` entry.
fn work_per_instance(entry: &lang::FileClaim) -> u64 {
    if entry.every_c().is_some() {
        WORK_PER_INSTANCE.saturating_mul(CLASS_WORK)
    } else {
        WORK_PER_INSTANCE
    }
}

/// The estimate: instances (before `where`) × [`work_per_instance`]; for
/// an octal game whose moves leave three heaps, the work of solving it up
/// to `--max-n` ([`crate::octal::estimate::solve_estimate`], cubic in the
/// heap sizes), so that such a file is refused before the work instead of
/// running for minutes (lower `--max-n`, or raise `--max-work`).
fn estimate(entry: &lang::FileClaim, limits: FileLimits) -> u64 {
    if entry.is_octal() {
        // The codes are known once the instances are listed (a code may
        // depend on the parameters); an error is reported by the run.
        if let Ok(instances) = enumerate(entry, limits) {
            return instances
                .iter()
                .map(|i| octal_work(i, limits))
                .fold(0, u64::saturating_add);
        }
    }
    let mut budget = lang::Budget::new(limits.eval_steps);
    let per_instance = work_per_instance(entry);
    // An error (a range that is not one, a tree order beyond the
    // catalogue's bound) is reported by the run itself, at the
    // enumeration, with its position and exit code; the enumeration is
    // bounded by the same budget.
    lang::instance_estimate_in(entry, &avoidance::Trees, &mut budget)
        .unwrap_or(0)
        .saturating_mul(per_instance)
}

/// The refusal of a claim-file audit whose estimated work, `work` steps,
/// is over `limit` (`--max-work`), as for the registry
/// ([`super::report::over_max_work`]), with the bound only a claim file
/// sets: an octal game whose moves leave three heaps is sized to `--max-n`.
pub fn over_max_work(work: u64, limit: u64) -> Option<String> {
    super::report::over_max_work(work, limit).map(|why| {
        format!("{why}; an octal game whose moves leave three heaps is sized to --max-n (lower it)")
    })
}

/// The work of one octal instance: solving its game to `--max-n` when its
/// moves leave three heaps, [`WORK_PER_INSTANCE`] otherwise.
fn octal_work(instance: &lang::Instance, limits: FileLimits) -> u64 {
    match &instance.game {
        lang::GameSpec::Octal(text) => OctalCode::parse(text)
            .ok()
            .and_then(|code| crate::octal::estimate::solve_estimate(&code, limits.solve.max_n))
            .map_or(WORK_PER_INSTANCE, |work| work.max(WORK_PER_INSTANCE)),
        _ => WORK_PER_INSTANCE,
    }
}

/// The abort of an evaluation error, with the instance it happened on.
fn abort(
    entry: &lang::FileClaim,
    error: &lang::EvalError,
    instance: Option<&lang::Instance>,
) -> Abort {
    let d = error.diagnostic();
    let on = instance.map_or(String::new(), |i| format!(" (at {})", label(entry, i)));
    let message = format!("{}{on}", d.one_line());
    match d.kind {
        lang::DiagKind::Limit { flag } => Abort::Limit { flag, message },
        lang::DiagKind::Input => Abort::Input(message),
    }
}

/// `n=3 {2,12,14}`, or the game alone without parameters; a long move
/// set is shortened as in every message ([`MoveSet::short`]), also one
/// the engine refuses. A class of an `every_c` entry reads
/// `a=3, b=5, rho=1 {3,5,c ≡ 1 (mod 8)}`.
fn label(entry: &lang::FileClaim, instance: &lang::Instance) -> String {
    let game = match (&instance.game, lang::class_of(entry, instance)) {
        (_, Some(k)) => format!("{{{},{},c ≡ {} (mod {})}}", k.a, k.b, k.rho, k.a + k.b),
        (lang::GameSpec::Subtraction(moves), None) => game_text(moves),
        (lang::GameSpec::Octal(code), None) => code.clone(),
        (lang::GameSpec::Avoidance(spec), None) => avoidance::label(spec),
        (lang::GameSpec::Grundy, None) => "Grundy's game".to_string(),
    };
    let params = instance.label();
    if params.is_empty() {
        game
    } else {
        format!("{params} {game}")
    }
}

/// A move set as in messages: `{1,2,6}`, or its first moves, the largest
/// and the count when long ([`MoveSet::short`], which needs a valid set).
fn game_text(moves: &[u64]) -> String {
    if let Ok(set) = MoveSet::new(moves) {
        return set.short();
    }
    let shown: Vec<String> = moves.iter().take(6).map(u64::to_string).collect();
    match moves.len() {
        0..=7 => {
            let all: Vec<String> = moves.iter().map(u64::to_string).collect();
            format!("{{{}}}", all.join(","))
        }
        n => format!(
            "{{{},…,{}}} ({n} moves)",
            shown.join(","),
            moves.iter().max().copied().unwrap_or(0)
        ),
    }
}

/// A solved game of either family, or the values of an octal game whose
/// period was not proved within the bounds.
enum Solved {
    Subtraction(Periodicity),
    Octal(OctalSolution),
    Prefix(Prefix),
    /// An avoidance game DNG(S, W) with its structure diagram (not a
    /// sequence: the evaluator reads it as [`lang::AvoidanceGame`]).
    Avoidance(Box<avoidance::Solved>),
}

/// G of an octal game on [0, N) only, exact (the mex rule) but with no
/// period proved: enough for an assertion that reads G below N and
/// nothing else. Reading G(n) for n ≥ N, q or p marks the evaluation
/// `overrun`, and its result is then discarded (the instance is not
/// checked): whatever the evaluation did with the placeholder values, a
/// result is kept only when every value it read was exact, so it is the
/// result on the true G.
struct Prefix {
    values: Vec<u32>,
    /// Why no period: the bound reached.
    why: String,
    overrun: std::cell::Cell<bool>,
    /// The values are Grundy's game's, certified by a `Grundy`
    /// certificate ([`grundy_certificate`]); an octal game's prefix has
    /// no claim kind.
    grundy: bool,
}

impl lang::Sequence for Solved {
    fn value(&self, n: u64) -> u64 {
        match self {
            Solved::Subtraction(g) => u64::from(g.value(n)),
            Solved::Octal(g) => u64::from(g.value(n)),
            Solved::Avoidance(_) => 0,
            Solved::Prefix(g) => match usize::try_from(n).ok().and_then(|i| g.values.get(i)) {
                Some(&v) => u64::from(v),
                None => {
                    g.overrun.set(true);
                    0
                }
            },
        }
    }
    fn preperiod(&self) -> u64 {
        match self {
            Solved::Subtraction(g) => g.qp.preperiod,
            Solved::Octal(g) => g.preperiod,
            Solved::Avoidance(_) => 0,
            Solved::Prefix(g) => {
                g.overrun.set(true);
                0
            }
        }
    }
    fn period(&self) -> u64 {
        match self {
            Solved::Subtraction(g) => g.qp.period,
            Solved::Octal(g) => g.period,
            Solved::Avoidance(_) => 1,
            Solved::Prefix(g) => {
                g.overrun.set(true);
                1
            }
        }
    }
}

impl Solved {
    /// The certificate of what the evaluation read, which nimcheck
    /// re-validates: the game's whole nim-sequence (`Sequence` for a
    /// subtraction game, `Octal`), or Grundy's game's values on [0, N)
    /// (`Grundy`); none for an octal game's prefix (nimcheck has no claim
    /// kind for values without a period).
    fn certificate(&self) -> Option<Certificate> {
        match self {
            Solved::Subtraction(g) => Some(sequence_certificate(g, search_provenance())),
            Solved::Octal(g) => Some(octal_certificate(g, octal_provenance(Method::Rare))),
            Solved::Prefix(g) if g.grundy => Some(grundy_certificate(g.values.clone())),
            Solved::Prefix(_) => None,
            Solved::Avoidance(g) => Some(g.certificate()),
        }
    }

    /// "q = 0, p = 16", or "G on [0, N), no period proved".
    fn qp(&self) -> String {
        use lang::Sequence;
        match self {
            Solved::Prefix(g) => format!("G on [0, {}), no period proved", g.values.len()),
            Solved::Avoidance(g) => g.summary(),
            _ => format!("q = {}, p = {}", self.preperiod(), self.period()),
        }
    }

    /// Whether the evaluation read past a prefix (then it decides nothing).
    fn overrun(&self) -> Option<&str> {
        match self {
            Solved::Prefix(g) if g.overrun.get() => Some(&g.why),
            _ => None,
        }
    }
}

/// Why a game was not solved: a bound (the instance is not checked) or
/// input the tools refuse (the claim is malformed there).
enum Unsolved {
    Bound(String),
    Input(String),
}

impl From<SolveError> for Unsolved {
    fn from(e: SolveError) -> Self {
        match e {
            SolveError::Input(message) => Unsolved::Input(message),
            SolveError::Limit { message, .. } => Unsolved::Bound(message),
        }
    }
}

/// Solves an instance's game within the limits ([`crate::solve::solve`],
/// [`crate::octal::solve::solve`]); Grundy's game on [0, `below`).
fn solve(game: &lang::GameSpec, limits: &Limits, below: u64) -> Result<Solved, Unsolved> {
    match game {
        lang::GameSpec::Subtraction(moves) => {
            let set = MoveSet::new(moves).map_err(|e| match e {
                // The engine's fixed bounds on a game: beyond them the
                // instance is not checked, as beyond --max-positions.
                MoveSetError::TooLarge(m) => Unsolved::Bound(format!(
                    "{} is over {MAX_MOVE}, the largest move the engine solves (a fixed \
                     bound: no flag raises it)",
                    if m == u64::MAX {
                        "a move".to_string()
                    } else {
                        format!("the largest move {m}")
                    }
                )),
                MoveSetError::TooMany(n) => Unsolved::Bound(format!(
                    "{n} moves are more than {MAX_MOVES}, the most the engine solves (a fixed \
                     bound: no flag raises it)"
                )),
                other => Unsolved::Input(other.to_string()),
            })?;
            let prefix = format!("{}: ", set.short());
            Ok(Solved::Subtraction(
                crate::solve::solve(&set, limits).map_err(|e| {
                    // The instance's label names the game already.
                    match Unsolved::from(e) {
                        Unsolved::Bound(m) => Unsolved::Bound(
                            m.strip_prefix(&prefix).map_or(m.clone(), str::to_string),
                        ),
                        other => other,
                    }
                })?,
            ))
        }
        lang::GameSpec::Grundy => grundy(below, limits),
        lang::GameSpec::Avoidance(spec) => {
            Ok(Solved::Avoidance(Box::new(avoidance::solve(spec, limits)?)))
        }
        lang::GameSpec::Octal(text) => {
            let code = OctalCode::parse(text).map_err(|e| Unsolved::Input(e.to_string()))?;
            crate::octal::solve::check_max_n(limits.max_n)?;
            match period::solve(&code, Method::Rare, limits.max_n, limits.max_work) {
                OctalOutcome::Periodic(game) => Ok(Solved::Octal(game)),
                OctalOutcome::NoPeriodBelow { below, values, .. } => Ok(Solved::Prefix(Prefix {
                    values,
                    why: format!(
                        "no period found below {below}, and the assertion reads G at \
                         n ≥ {below}, q or p (raise --max-n)"
                    ),
                    overrun: std::cell::Cell::new(false),
                    grundy: false,
                })),
                OctalOutcome::WorkLimit { computed } => {
                    Err(crate::octal::solve::work_limit(&code, limits.max_work, computed).into())
                }
            }
        }
    }
}

/// Grundy's game on [0, N), N = `below` (the claim's `check_below`), by the
/// mex rule G(n) = mex{G(a) ⊕ G(n − a) : 1 ≤ a < n/2} ([`grundy_values`],
/// the computation of `nimcert certify --grundy`): exact values, certified
/// by a `Grundy` certificate that nimcheck re-checks before a verdict rests
/// on them (for what holds here, for a counterexample in the report). No
/// period is known (none is proved for Grundy's game), so the game is a
/// [`Prefix`]: an evaluation that reads G at n ≥ N, q or p is not checked.
/// N is bounded by `--max-n` and `--max-work` (the work counted as
/// nimcheck counts it), and by nimcheck's default `--max-work`, beyond
/// which the certificate could not be re-checked: an instance beyond a
/// bound is not checked.
fn grundy(below: u64, limits: &Limits) -> Result<Solved, Unsolved> {
    if below == 0 {
        return Err(Unsolved::Bound(
            "Grundy's game on [0, 0): no value to read (raise check_below)".to_string(),
        ));
    }
    let work = nimcert_check::grundy::work(below);
    let checker = nimcert_check::Limits::default().max_work;
    // Over --max-n, `grundy_values` names that flag instead.
    if below <= limits.max_n && work > checker {
        return Err(Unsolved::Bound(format!(
            "Grundy's game on [0, {below}): its certificate needs {work} work units, over \
             nimcheck's default --max-work {checker} (lower check_below)"
        )));
    }
    let values = grundy_values(below, limits)?;
    Ok(Solved::Prefix(Prefix {
        values,
        why: format!(
            "Grundy's game is known on [0, {below}) only (by the mex rule; no period is \
             known), and the assertion reads G at n ≥ {below}, q or p (raise check_below)"
        ),
        overrun: std::cell::Cell::new(false),
        grundy: true,
    }))
}

/// How the instances' unbounded quantifiers were settled, for the range
/// line: proved for all x, or checked below a bound.
#[derive(Default)]
struct XTally {
    /// Instances whose unbounded quantifiers were decided for all x.
    proved: u64,
    /// Of those, the instances where the assertion is false: decided
    /// exactly too, but "proved" would read as if it held.
    refuted: u64,
    checked_below: BTreeMap<u64, u64>,
    /// Instances decided on an octal game's values below N with no period
    /// proved (exact, but without a certificate).
    prefix: u64,
    /// Instances decided on Grundy's game's values below N (exact, with a
    /// `Grundy` certificate; no period known).
    grundy: u64,
}

impl XTally {
    /// One instance's evaluation: an exact outcome (holds or fails) whose
    /// scope reached an unbounded quantifier is decided for all x (by the
    /// proof window, or by a counterexample or witness found below N);
    /// "holds on x < N" and undecided ones were checked below N.
    fn add(&mut self, evaluation: &lang::Evaluation) {
        match (evaluation.x_scope, evaluation.decided()) {
            (lang::XScope::NoUnbounded, _) => {}
            (lang::XScope::ProvedForAll { .. }, _) | (lang::XScope::CheckedBelow(_), true) => {
                self.proved += 1;
                self.refuted += u64::from(evaluation.fails());
            }
            (lang::XScope::CheckedBelow(n), false) => {
                *self.checked_below.entry(n).or_default() += 1
            }
        }
    }

    /// "; all x (proved)", "; all x (decided exactly)" when it fails
    /// somewhere, or "; x < 10,000 only (not proved for all x)"; empty
    /// when the assertion has no unbounded quantifier.
    fn text(&self) -> String {
        let mut text = self.quantifier_text();
        if self.prefix > 0 {
            text.push_str(&format!(
                "; {} on G's values below the search bound, no period proved \
                 (exact, not certified)",
                self.prefix
            ));
        }
        if self.grundy > 0 {
            text.push_str(&format!(
                "; {} on Grundy's game's values below check_below, no period known \
                 (exact, certified by a Grundy certificate)",
                self.grundy
            ));
        }
        text
    }

    /// [`Self::text`] without the prefix instances.
    fn quantifier_text(&self) -> String {
        match self.checked_below.iter().next_back() {
            None if self.refuted > 0 => "; all x (decided exactly)".to_string(),
            None if self.proved > 0 => "; all x (proved)".to_string(),
            None => String::new(),
            Some((n, _)) => {
                let n = crate::audit::report::thousands(*n);
                if self.proved > 0 {
                    let checked: u64 = self.checked_below.values().sum();
                    format!(
                        "; x < {n} only on {checked} instances (not proved for all x), all x on {}",
                        self.proved
                    )
                } else {
                    format!("; x < {n} only (not proved for all x)")
                }
            }
        }
    }
}

/// What the entry's instances prove ([`ClaimResult::proof`]): the
/// statement is the entry's own finite list of instances, so checked on
/// each of them it is proved, unless some unbounded quantifier was
/// checked below a bound only (x < N, or c < N for a class without a
/// family certificate): then `None`, a finite check.
fn proof_text(x: &XTally, c: &CTally) -> Option<String> {
    if !x.checked_below.is_empty() || !c.checked_below.is_empty() {
        return None;
    }
    let mut text = "on every instance the entry lists".to_string();
    if x.proved > 0 {
        text += ", for all x";
    }
    if c.proved > 0 {
        text += ", for every c of each class (family certificates)";
    }
    Some(text)
}

/// "2 ≤ a ≤ 12, 4 ≤ b ≤ 24" over the instances enumerated: the range of
/// each parameter's values.
fn range_text(instances: &[lang::Instance]) -> String {
    let Some(first) = instances.first() else {
        return "no instance".to_string();
    };
    let mut parts = Vec::new();
    for (i, (name, value)) in first.params.iter().enumerate() {
        match value {
            lang::ParamValue::Tree(t) => {
                let kind = if t.labelled {
                    "every labelled tree"
                } else {
                    "every tree up to isomorphism"
                };
                parts.push(format!("{name}: {kind}"));
                continue;
            }
            lang::ParamValue::Set(_) => {
                parts.push(format!("{name}: every non-empty subset"));
                continue;
            }
            lang::ParamValue::Int(_) => {}
        }
        let values = instances
            .iter()
            .filter_map(|inst| inst.params.get(i).and_then(|(_, v)| v.int()));
        let (lo, hi) = (values.clone().min(), values.max());
        if let (Some(lo), Some(hi)) = (lo, hi) {
            parts.push(if lo == hi {
                format!("{name} = {lo}")
            } else {
                format!("{lo} ≤ {name} ≤ {hi}")
            });
        }
    }
    if parts.is_empty() {
        "the one game".to_string()
    } else {
        parts.join(", ")
    }
}

/// Enumerates the instances within the budget, and at most
/// `--max-instances` of them: the estimate before the audit sizes the
/// ranges at their bounds only (a range whose size grows between them,
/// `b in [1, a * a]`, is underestimated there), and the list is held in
/// memory while the instances run.
fn enumerate(entry: &lang::FileClaim, limits: FileLimits) -> Result<Vec<lang::Instance>, Abort> {
    let mut budget = lang::Budget::new(limits.eval_steps);
    let mut all = Vec::new();
    let mut it = lang::instances_in(entry, &avoidance::Trees);
    while let Some(next) = it.next_instance(&mut budget) {
        if all.len() as u64 >= limits.instances {
            return Err(Abort::Limit {
                flag: "--max-instances",
                message: format!(
                    "more than {} instances (raise --max-instances, or narrow --range)",
                    limits.instances
                ),
            });
        }
        all.push(next.map_err(|e| abort(entry, &e, None))?);
    }
    Ok(all)
}

/// What the instances of one entry share while they run: the first abort,
/// the tallies of x and of c, and the smallest note.
#[derive(Default)]
struct Shared {
    stop: Mutex<Option<Abort>>,
    x: Mutex<XTally>,
    c: Mutex<CTally>,
    // Why a quantifier (or a class of c) was only checked: the smallest
    // text, so that the line does not depend on the order the instances
    // ran in.
    note: Mutex<Option<String>>,
}

impl Shared {
    fn stopped(&self) -> bool {
        self.stop.lock().map_or(true, |s| s.is_some())
    }

    fn note(&self, line: &str) {
        if let Ok(mut slot) = self.note.lock() {
            if slot.as_deref().is_none_or(|old| line < old) {
                *slot = Some(line.to_string());
            }
        }
    }

    fn c_tally(&self, f: impl FnOnce(&mut CTally)) {
        if let Ok(mut c) = self.c.lock() {
            f(&mut c);
        }
    }
}

/// What one run of an entry needs besides the instance.
struct Ctx<'a> {
    entry: &'a lang::FileClaim,
    limits: FileLimits,
    checker: &'a Checker,
    scope: &'a Scope,
    shared: &'a Shared,
    needs_game: bool,
}

/// Runs one entry on its instances.
fn run(
    entry: &lang::FileClaim,
    limits: FileLimits,
    checker: &Checker,
    scope: &Scope,
) -> ClaimResult {
    let instances = match enumerate(entry, limits) {
        Ok(all) => all,
        Err(a) => {
            return ClaimResult {
                abort: Some(a),
                ..ClaimResult::default()
            }
        }
    };
    let shared = Shared::default();
    let ctx = Ctx {
        entry,
        limits,
        checker,
        scope,
        shared: &shared,
        needs_game: lang::needs_game(entry),
    };
    let mut result = check_instances(
        scope,
        String::new(),
        &instances,
        |i| label(entry, i),
        |i, need| {
            if entry.every_c().is_some() {
                class_instance(&ctx, i, need)
            } else {
                ordinary(&ctx, i, need)
            }
        },
    );
    let needs_game = ctx.needs_game;
    result.abort = shared.stop.into_inner().unwrap_or(None);
    let x = shared.x.into_inner().unwrap_or_default();
    let c = shared.c.into_inner().unwrap_or_default();
    let c_text = entry.every_c().map_or(String::new(), |rho| c.text(rho));
    result.range = format!("{}{c_text}{}", range_text(&instances), x.text());
    result.proof = proof_text(&x, &c);
    result.numbers_only = !needs_game;
    result.uncertified = x.prefix > 0;
    result.note = shared.note.into_inner().unwrap_or(None);
    result
}

/// One ordinary instance (or one member c of a class): its game solved,
/// the assertion evaluated, the certificate of what holds re-checked.
fn ordinary(ctx: &Ctx<'_>, i: &lang::Instance, need: crate::claim::Need) -> InstanceOutcome {
    let (entry, limits, shared) = (ctx.entry, ctx.limits, ctx.shared);
    if shared.stopped() {
        return InstanceOutcome::NotApplicable;
    }
    let game = if ctx.needs_game {
        match solve(&i.game, &limits.solve, entry.check_below) {
            Ok(g) => Some(g),
            Err(Unsolved::Bound(why)) => return InstanceOutcome::NotChecked(why),
            Err(Unsolved::Input(why)) => {
                // The audit prefixes the claim's id.
                let message = format!("line {}: {why} (at {})", entry.line, label(entry, i));
                set_once(&shared.stop, Abort::Input(message));
                return InstanceOutcome::NotApplicable;
            }
        }
    } else {
        None
    };
    let sequence: &dyn lang::Sequence = match &game {
        Some(g) => g,
        None => &lang::NoGame,
    };
    let mut budget = lang::Budget::new(limits.eval_steps);
    let evaluated = match &game {
        Some(Solved::Avoidance(g)) => lang::evaluate_avoidance(entry, i, g.as_ref(), &mut budget),
        _ => lang::evaluate(entry, i, sequence, &mut budget),
    };
    let evaluation = match evaluated {
        Err(e) => {
            set_once(&shared.stop, abort(entry, &e, Some(i)));
            return InstanceOutcome::NotApplicable;
        }
        Ok(evaluation) => evaluation,
    };
    if let Some(why) = game.as_ref().and_then(Solved::overrun) {
        return InstanceOutcome::NotChecked(why.to_string());
    }
    if let Some(line) = &evaluation.note {
        shared.note(line);
    }
    if let Ok(mut x) = shared.x.lock() {
        x.add(&evaluation);
        match &game {
            Some(Solved::Prefix(g)) if g.grundy => x.grundy += 1,
            Some(Solved::Prefix(_)) => x.prefix += 1,
            _ => {}
        }
    }
    let certificates = || {
        game.iter()
            .filter_map(Solved::certificate)
            .collect::<Vec<_>>()
    };
    match &evaluation.outcome {
        lang::Outcome::Undecided(why) => InstanceOutcome::NotChecked(why.clone()),
        lang::Outcome::NotApplicable => InstanceOutcome::NotApplicable,
        lang::Outcome::Holds | lang::Outcome::HoldsBelow(_) => {
            // What holds rests on the engine's (q, p) and values: the
            // checker re-validates them before "holds" (and "proved for all
            // x") is printed, as for counterexamples.
            let certificates = certificates();
            for c in &certificates {
                if let Err(why) = (ctx.checker)(c) {
                    let qp = game.as_ref().map(Solved::qp).unwrap_or_default();
                    return InstanceOutcome::NotChecked(format!(
                        "checker disagreement: the checker does not accept the \
                         certificate of the game's {qp} ({why}), so nothing rests on it"
                    ));
                }
            }
            InstanceOutcome::Holds(if ctx.scope.wants_certificates() {
                certificates
            } else {
                Vec::new()
            })
        }
        lang::Outcome::Fails => InstanceOutcome::fails(
            need,
            || {
                let witness = evaluation
                    .witness
                    .clone()
                    .unwrap_or_else(|| "false".to_string());
                match &game {
                    Some(g) => format!("{}: {witness} ({})", label(entry, i), g.qp()),
                    None => format!("{}: {witness}", label(entry, i)),
                }
            },
            certificates,
        ),
    }
}

/// The members c of a class with `from` ≤ c < `below`, c > b, in
/// increasing order (c ≡ ρ (mod a + b), computed checked).
fn members(class: lang::Class, from: u64, below: u64) -> impl Iterator<Item = u64> {
    let m = class.a + class.b;
    let lo = from.max(class.b + 1);
    let r = lo % m;
    let ahead = if class.rho >= r {
        class.rho - r
    } else {
        m - (r - class.rho)
    };
    let first = lo.saturating_add(ahead);
    (0..)
        .map_while(move |j: u64| j.checked_mul(m).and_then(|d| first.checked_add(d)))
        .take_while(move |&c| c < below)
}

/// The members of `class` from `from` below `below`, each an ordinary
/// instance, in increasing c: the first failure (the smallest failing c),
/// else `Err` with the first reason a member was not checked, else
/// `Ok((members, certificates))`.
fn check_members(
    ctx: &Ctx<'_>,
    i: &lang::Instance,
    class: lang::Class,
    from: u64,
    below: u64,
    need: crate::claim::Need,
) -> Result<(u64, Vec<Certificate>), InstanceOutcome> {
    let mut unchecked = None;
    let mut certificates = Vec::new();
    let mut count = 0;
    for c in members(class, from, below) {
        let Some(member) = lang::member(ctx.entry, i, c) else {
            continue;
        };
        count += 1;
        match ordinary(ctx, &member, need) {
            InstanceOutcome::Holds(certs) => certificates.extend(certs),
            InstanceOutcome::NotChecked(why) => {
                unchecked.get_or_insert(format!("c = {c}: {why}"));
            }
            // A failure, or the audit stopped.
            other => return Err(other),
        }
    }
    match unchecked {
        Some(why) => Err(InstanceOutcome::NotChecked(why)),
        None => Ok((count, certificates)),
    }
}

/// The family certificate of a class and what it states for every
/// k ≥ k0 (q(k), p(k)), with c(k0): a `Family` certificate (q = 0), or for
/// a pre-periodic class a `PrePeriodicFamily` certificate with its least
/// period proved (a marker), each derived and accepted by nimcheck's
/// library; otherwise why there is none.
fn class_family(a: u64, b: u64, rho: u64) -> Result<(Certificate, lang::Family, u64), String> {
    match settle(a, b, rho).settled {
        Settled::Proved { claim, .. } => {
            let c0 = first_c(&claim).ok_or("c(k0) overflows")?;
            let period = match &claim.shape {
                FamilyShape::Base { period } => lang::FamilyPeriod::Constant(*period),
                FamilyShape::Tail { tail, .. } => lang::FamilyPeriod::CPlus(tail.len() as u64),
            };
            let family = lang::Family {
                from_k: claim.from_k,
                preperiod: lang::FamilyPeriod::Constant(0),
                period,
            };
            Ok((family_certificate(*claim), family, c0))
        }
        Settled::NotSettled {
            preperiodic: true,
            why,
        } => {
            let certificate = checked_preperiodic(a, b, rho)
                .map_err(|e| format!("no family certificate ({why}; {e})"))?;
            let nimcert_check::format::Claim::PrePeriodicFamily(claim) = &certificate.claim else {
                return Err("internal: not a pre-periodic certificate".into());
            };
            if claim.marker.is_none() {
                return Err("the class is proved pre-periodic, but its least period is not".into());
            }
            let affine = |f: nimcert_check::format::Affine| lang::FamilyPeriod::Affine {
                slope: f.slope,
                offset: f.offset,
            };
            let family = lang::Family {
                from_k: claim.from_k,
                preperiod: affine(claim.preperiod_length),
                period: affine(claim.period_length),
            };
            let c0 = (a + b)
                .checked_mul(claim.from_k)
                .and_then(|x| x.checked_add(rho))
                .ok_or("c(k0) overflows")?;
            Ok((certificate, family, c0))
        }
        Settled::NotSettled { why, .. } => Err(format!("no family certificate ({why})")),
        Settled::Refused { checker } => Err(format!(
            "nimcheck refused the derived family certificate ({checker})"
        )),
    }
}

/// One instance of an `every_c` entry, a class c ≡ ρ (mod a + b): proved
/// for every c when the class has a family certificate (derived and
/// accepted by nimcheck's library, [`settle`], and by the audit's checker),
/// the assertion is in the affine subset and holds for every k ≥ k0
/// ([`lang::decide_every_c`]), and it holds on every member b < c < c(k0)
/// as an ordinary instance. Otherwise the finite verdict on the members
/// b < c < `check_below`, with a note why it is not proved for every c.
fn class_instance(ctx: &Ctx<'_>, i: &lang::Instance, need: crate::claim::Need) -> InstanceOutcome {
    let (entry, shared) = (ctx.entry, ctx.shared);
    if shared.stopped() {
        return InstanceOutcome::NotApplicable;
    }
    let Some(class) = lang::class_of(entry, i) else {
        return InstanceOutcome::NotChecked("internal: not a class of c".into());
    };
    let (a, b, rho) = (class.a, class.b, class.rho);
    let below = crate::audit::report::thousands(entry.check_below);
    // The note: why not proved for every c (from the family, or the part
    // of the assertion outside the affine subset), then the finite verdict.
    let finite = |why: String| -> InstanceOutcome {
        shared.note(&format!("{why}; checked on c < {below} only"));
        match check_members(ctx, i, class, 0, entry.check_below, need) {
            Ok((0, _)) => InstanceOutcome::NotChecked(format!(
                "no member b < c < {} of the class (raise check_below)",
                entry.check_below
            )),
            Ok((_, certificates)) => {
                shared.c_tally(|t| *t.checked_below.entry(entry.check_below).or_default() += 1);
                InstanceOutcome::Holds(certificates)
            }
            Err(outcome) => {
                if matches!(outcome, InstanceOutcome::Fails { .. }) {
                    shared.c_tally(|t| t.refuted += 1);
                }
                outcome
            }
        }
    };
    let (family_certificate, family, c0) = match class_family(a, b, rho) {
        Ok(found) => found,
        Err(why) => {
            return finite(format!(
                "line {}: not proved for every c at {}: {why}",
                entry.line,
                label(entry, i)
            ))
        }
    };
    if let Err(why) = (ctx.checker)(&family_certificate) {
        return finite(format!(
            "line {}: not proved for every c at {}: the checker does not accept the family \
             certificate ({why})",
            entry.line,
            label(entry, i)
        ));
    }
    let mut budget = lang::Budget::new(ctx.limits.eval_steps);
    let decision = match lang::decide_every_c(entry, i, family, &mut budget) {
        Ok(d) => d,
        Err(e) => {
            set_once(&shared.stop, abort(entry, &e, Some(i)));
            return InstanceOutcome::NotApplicable;
        }
    };
    let fails_at = match decision {
        // The note names the part outside the affine subset.
        lang::ForEveryC::Outside(note) => return finite(note),
        lang::ForEveryC::Holds => None,
        lang::ForEveryC::FailsAt { c, .. } => Some(c),
    };
    // The members the certificate does not cover, b < c < c(k0).
    let mut certificates = match check_members(ctx, i, class, 0, c0, need) {
        Ok((_, certificates)) => certificates,
        Err(outcome) => {
            if matches!(outcome, InstanceOutcome::Fails { .. }) {
                shared.c_tally(|t| t.refuted += 1);
            }
            return outcome;
        }
    };
    if let Some(c) = fails_at {
        // The family's verdict, confirmed on the game itself: the member
        // at c as an ordinary instance (its certificate is the game's).
        let Some(member) = lang::member(entry, i, c) else {
            return InstanceOutcome::NotChecked(format!(
                "the class fails at c = {c}, which does not fit"
            ));
        };
        return match ordinary(ctx, &member, need) {
            InstanceOutcome::Holds(_) => InstanceOutcome::NotChecked(format!(
                "disagreement: for every c the family certificate makes the assertion fail at \
                 c = {c}, but it holds there on the engine's game (nothing is concluded)"
            )),
            // The game at c is beyond the engine's bounds, but the family
            // certificate, accepted by the checker, states its (q, p) and
            // values: the assertion, decided on them, fails there.
            InstanceOutcome::NotChecked(why) => {
                shared.c_tally(|t| t.refuted += 1);
                InstanceOutcome::fails(
                    need,
                    || {
                        format!(
                            "{}: fails at c = {c} (the least c ≥ {c0} where it fails), decided by \
                             the family certificate of the class, which the checker accepts; the \
                             game itself was not solved ({why})",
                            label(entry, i)
                        )
                    },
                    || vec![family_certificate.clone()],
                )
            }
            outcome => {
                if matches!(outcome, InstanceOutcome::Fails { .. }) {
                    shared.c_tally(|t| t.refuted += 1);
                }
                outcome
            }
        };
    }
    shared.c_tally(|t| t.proved += 1);
    if ctx.scope.wants_certificates() {
        certificates.insert(0, family_certificate);
        InstanceOutcome::Holds(certificates)
    } else {
        InstanceOutcome::Holds(Vec::new())
    }
}

/// How the classes of an `every_c` entry were settled, for the range line.
#[derive(Default)]
struct CTally {
    /// Classes proved for every c.
    proved: u64,
    /// Classes with a counterexample c (decided exactly).
    refuted: u64,
    /// Classes that hold on c < N only, by N.
    checked_below: BTreeMap<u64, u64>,
}

impl CTally {
    /// "; every c ≡ rho (mod a + b), c > b (proved)", "… (decided
    /// exactly)" when some class fails, or "; c < 10,000 only (not proved
    /// for every c)".
    fn text(&self, rho: &str) -> String {
        let every = format!("every c ≡ {rho} (mod a + b), c > b");
        match self.checked_below.iter().next_back() {
            None if self.refuted > 0 => format!("; {every} (decided exactly)"),
            None if self.proved > 0 => format!("; {every} (proved)"),
            None => String::new(),
            Some((n, _)) => {
                let n = crate::audit::report::thousands(*n);
                if self.proved > 0 {
                    let checked: u64 = self.checked_below.values().sum();
                    format!(
                        "; c < {n} only on {checked} instances (not proved for every c), {every} (proved) on {}",
                        self.proved
                    )
                } else {
                    format!("; c < {n} only (not proved for every c)")
                }
            }
        }
    }
}

/// Records the first abort only.
fn set_once(slot: &Mutex<Option<Abort>>, abort: Abort) {
    if let Ok(mut s) = slot.lock() {
        s.get_or_insert(abort);
    }
}
