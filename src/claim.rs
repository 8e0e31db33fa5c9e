//! One checkable statement and the result of auditing it: the bottom layer
//! of the audit, which each paper's claim modules build on and which
//! imports neither of them.
//!
//! A [`Claim`] says what the statement is (its [`Kind`]), where it is in the
//! text and how to audit it on a [`Scope`]. Running it gives a
//! [`ClaimResult`]: how many instances the statement applies to, how many of
//! those fail, the smallest counterexamples with the certificates of the
//! true behaviour. The [`Verdict`] is then decided by [`decide`] from the
//! kind and the counts alone, never written by hand.

use nimcert_check::format::Certificate;
use rayon::prelude::*;
use std::borrow::Cow;
use std::ops::RangeInclusive;
use std::sync::Arc;

/// How many counterexamples a result keeps (the smallest ones).
pub const EXAMPLES: usize = 3;

/// What kind of statement a claim is, which decides its verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A theorem, proposition, lemma, corollary or checkable sentence as
    /// printed: it holds or fails.
    Theorem,
    /// A conjecture: verified on a range ("open"), or refuted.
    Conjecture,
    /// A worked example or a remark's concrete claim about one instance or
    /// one small family.
    Example,
    /// Our copy of the paper lost part of the statement (a cut-off display,
    /// a lost lead-in or definition): what is left is audited, and the
    /// verdict never calls the paper wrong on the strength of a fragment.
    Fragment {
        /// What is lost, and how the rest is read.
        lost: &'static str,
    },
    /// A formula lost from our copy and derived here: consistent on the
    /// range, or wrong (then our derivation is wrong, and it fails).
    Reconstructed {
        /// Which printed content the audit actually tests.
        tests: &'static str,
    },
}

impl Kind {
    /// "theorem", "conjecture", "example", "fragment" or "reconstructed".
    pub fn name(&self) -> &'static str {
        match self {
            Kind::Theorem => "theorem",
            Kind::Conjecture => "conjecture",
            Kind::Example => "example",
            Kind::Fragment { .. } => "fragment",
            Kind::Reconstructed { .. } => "reconstructed",
        }
    }
}

/// How a registry entry corrects a printed statement that fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Correction {
    /// One printed value, sign or symbol is wrong; the corrected statement
    /// holds.
    Typo {
        /// The printed text that is wrong.
        printed: &'static str,
        /// What it is corrected to.
        corrected: &'static str,
    },
    /// The statement holds on the instances satisfying an extra hypothesis
    /// that the paper uses elsewhere (or that a lost sentence stated).
    MissingHypothesis {
        /// The hypothesis added.
        hypothesis: &'static str,
    },
    /// The statement depends on a convention the paper leaves open; read
    /// the other way, it holds. Both readings are reported.
    Convention {
        /// The other reading.
        convention: &'static str,
    },
}

impl Correction {
    /// "typo", "hypothesis missing" or "convention".
    pub fn name(&self) -> &'static str {
        match self {
            Correction::Typo { .. } => "typo",
            Correction::MissingHypothesis { .. } => "hypothesis missing",
            Correction::Convention { .. } => "convention",
        }
    }
}

/// A registry entry that corrects another one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Corrects {
    /// The id of the printed statement corrected.
    pub of: &'static str,
    /// How.
    pub how: Correction,
}

/// Where the certificates of a run go: a content-addressed store. The
/// audit layer implements it; claims only hand certificates over.
pub trait CertificateSink: Send + Sync {
    /// Stores a certificate (once, however often it is handed over) and
    /// returns the name of its object.
    fn add(&self, certificate: &Certificate) -> String;
}

/// Where to audit. Every range is optional; a claim uses its own default
/// for what is not given, and documents it in [`Claim::default_range`].
#[derive(Clone, Default)]
pub struct Scope {
    /// The much larger range for conjectures (`--extended`).
    pub extended: bool,
    /// Range of the least move a (paper A).
    pub a: Option<RangeInclusive<u64>>,
    /// Range of the middle move b (paper A).
    pub b: Option<RangeInclusive<u64>>,
    /// Range of the largest move c (paper A).
    pub c: Option<RangeInclusive<u64>>,
    /// Range of the number of points or vertices (paper B).
    pub size: Option<RangeInclusive<u64>>,
    /// The certificate store (`--certs DIR`); `None` keeps only the
    /// certificates of counterexamples.
    pub store: Option<Arc<dyn CertificateSink>>,
    /// Test seam (`--perturb`): flip the outcome of the first applicable
    /// instance, as a one-character change to the claim's closed form
    /// would. Never set in a real audit.
    pub perturb: bool,
}

impl std::fmt::Debug for Scope {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Scope")
            .field("extended", &self.extended)
            .field("a", &self.a)
            .field("b", &self.b)
            .field("c", &self.c)
            .field("size", &self.size)
            .field("store", &self.store.is_some())
            .field("perturb", &self.perturb)
            .finish()
    }
}

impl Scope {
    /// The a-range given on the command line, or `default`.
    pub fn a_or(&self, default: RangeInclusive<u64>) -> RangeInclusive<u64> {
        self.a.clone().unwrap_or(default)
    }
    /// The b-range given on the command line, or `default`.
    pub fn b_or(&self, default: RangeInclusive<u64>) -> RangeInclusive<u64> {
        self.b.clone().unwrap_or(default)
    }
    /// The c-range given on the command line, or `default`.
    pub fn c_or(&self, default: RangeInclusive<u64>) -> RangeInclusive<u64> {
        self.c.clone().unwrap_or(default)
    }
    /// The size-range given on the command line, or `default`.
    pub fn size_or(&self, default: RangeInclusive<u64>) -> RangeInclusive<u64> {
        self.size.clone().unwrap_or(default)
    }
    /// Whether certificates of holding instances are wanted.
    pub fn wants_certificates(&self) -> bool {
        self.store.is_some()
    }
}

/// The result of checking one instance.
#[derive(Clone, Debug)]
pub enum InstanceOutcome {
    /// The hypotheses do not apply to this instance; not counted.
    NotApplicable,
    /// The statement holds here; certificates of the instance (empty unless
    /// the scope wants certificates).
    Holds(Vec<Certificate>),
    /// The statement fails here: a one-line description of the
    /// counterexample, and certificates of the true behaviour (given
    /// whenever [`Need::evidence`] asks for them, so that every refutation
    /// the audit reports is itself checked; see [`InstanceOutcome::fails`]).
    Fails {
        counterexample: String,
        truth: Vec<Certificate>,
    },
    /// The statement applies here, but the instance was not checked (its
    /// check lies beyond a bound of the audit, or the range holds nothing
    /// to check it on): counted, shown, and never a success. The text says
    /// why, naming the bound.
    NotChecked(String),
}

/// What a check must produce besides its verdict. [`check_instances`]
/// decides it before each chunk: a failure's description and certificates
/// are reported for the smallest [`EXAMPLES`] failures and, with a
/// certificate store, for every failure; past those, a failure is only
/// counted, and building its certificates would be wasted work (on paper
/// B's `--extended` range, 1.1 million failures).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Need {
    /// Whether a failure must come with its description and certificates.
    pub evidence: bool,
}

impl InstanceOutcome {
    /// A failure, with `why()` and `truth()` evaluated only when `need`
    /// asks for the evidence.
    pub fn fails(
        need: Need,
        why: impl FnOnce() -> String,
        truth: impl FnOnce() -> Vec<Certificate>,
    ) -> Self {
        if need.evidence {
            InstanceOutcome::Fails {
                counterexample: why(),
                truth: truth(),
            }
        } else {
            InstanceOutcome::Fails {
                counterexample: String::new(),
                truth: Vec::new(),
            }
        }
    }
}

/// One failing instance.
#[derive(Clone, Debug)]
pub struct Counterexample {
    /// The instance, as a short label (e.g. `2-4-7`).
    pub instance: String,
    /// What fails there, in words.
    pub text: String,
    /// Certificates of the true behaviour at the instance.
    pub certificates: Vec<Certificate>,
}

/// A certificate behind a verdict, in the store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CertificateRef {
    /// The instance.
    pub instance: String,
    /// "holds" or "counterexample".
    pub role: &'static str,
    /// The object's name in the store.
    pub object: String,
}

/// The audit of one claim: counts and counterexamples. The verdict follows
/// from these and the claim's kind ([`decide`]).
#[derive(Clone, Debug, Default)]
pub struct ClaimResult {
    /// Instances the statement says something about that were checked.
    pub applicable: u64,
    /// Applicable instances where it fails.
    pub failing: u64,
    /// Instances the statement says something about that were not checked
    /// ([`InstanceOutcome::NotChecked`]).
    pub unchecked: u64,
    /// The smallest failing instances (at most [`EXAMPLES`]), smallest first.
    pub examples: Vec<Counterexample>,
    /// Why the first unchecked instances (at most [`EXAMPLES`]) were not
    /// checked, each "instance: reason".
    pub unchecked_examples: Vec<String>,
    /// The range checked, in words (e.g. "2 ≤ a ≤ 8, a < b ≤ 40, b < c ≤ 100").
    pub range: String,
    /// The certificates behind the verdict, by instance (only with a store).
    pub index: Vec<CertificateRef>,
    /// A further finding computed on the range, in words.
    pub note: Option<String>,
    /// The statement is about integers or sets alone: a counterexample is a
    /// few numbers, with no game to certify.
    pub numbers_only: bool,
    /// Some instances were decided on an octal game's values below the
    /// search bound, with no period proved: their counterexamples are exact
    /// but carry no certificate (nimcheck has no claim kind for a prefix).
    pub uncertified: bool,
    /// The run stopped without a verdict (a claim file's expression that
    /// divides by zero, a limit reached while evaluating): the audit stops
    /// with the abort's exit status instead of reporting counts.
    pub abort: Option<Abort>,
    /// What the checked instances prove, when they prove the statement on
    /// the whole range (e.g. "for every c of each class, on the bases of
    /// the range", "for all x"); `None` when they are a finite check only.
    /// Read by [`coverage`], which also requires that nothing failed or
    /// was left unchecked.
    pub proof: Option<String>,
}

/// What a verdict covers, its scope: a proof, or a finite check.
///
/// A proof is an argument for every instance the statement speaks of
/// within the stated range: for all x (the proof window of a certified
/// (q, p)), for every c of a residue class (a family certificate), an
/// exhaustive check of a statement that is itself finite (one game, one
/// geometry, the instances a claim file lists), or a refutation by a
/// counterexample. A finite check held on the instances checked and says
/// nothing beyond them: "holds" on a range never reads, counts or exits
/// like a proof.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Coverage {
    /// Proved on the stated range (or refuted).
    Proof,
    /// Held on the checked range only.
    FiniteCheck,
}

impl Coverage {
    /// "proof" or "finite check" (the JSON value).
    pub fn name(&self) -> &'static str {
        match self {
            Coverage::Proof => "proof",
            Coverage::FiniteCheck => "finite check",
        }
    }
}

/// The scope of a claim's verdict and what it covers, in words: `None`
/// when nothing was checked; a proof for a failure (the counterexample
/// refutes the statement); a finite check when some instance was not
/// checked or the run proved nothing beyond its instances
/// ([`ClaimResult::proof`]); a proof otherwise.
pub fn coverage(verdict: Verdict, result: &ClaimResult) -> Option<(Coverage, String)> {
    match verdict {
        Verdict::NotChecked => None,
        Verdict::Fails => Some((
            Coverage::Proof,
            "disproved: a counterexample refutes the statement".to_string(),
        )),
        _ => match &result.proof {
            Some(what) if result.failing == 0 && result.unchecked == 0 => {
                Some((Coverage::Proof, format!("proved {what}")))
            }
            _ => Some((
                Coverage::FiniteCheck,
                "held on the checked range only (not a proof beyond it)".to_string(),
            )),
        },
    }
}

/// Why a claim's run stopped before it could give a verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Abort {
    /// The claim is malformed on some instance (exit 2): the message says
    /// where (file:line:column) and on which instance.
    Input(String),
    /// A limit was reached (exit 3): the message names `flag`, the flag that
    /// raises it.
    Limit {
        /// The flag that raises the limit.
        flag: &'static str,
        /// What was reached, and where.
        message: String,
    },
}

/// The verdict on one claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The statement as printed holds on every applicable instance (at
    /// least one).
    Holds,
    /// The printed statement is false on some applicable instance.
    Fails,
    /// Our copy lost part of the statement; what is left was audited.
    Fragment,
    /// A formula derived here, consistent on the range.
    Reconstructed,
    /// A conjecture, verified on the range.
    Open,
    /// The statement holds (or is consistent) on every instance checked,
    /// but some instances it applies to were not checked: never a success
    /// on its own.
    PartlyChecked,
    /// No applicable instance in the range: nothing was checked.
    NotChecked,
}

impl Verdict {
    /// The word printed in the audit table.
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Holds => "holds",
            Verdict::Fails => "fails",
            Verdict::Fragment => "fragment",
            Verdict::Reconstructed => "reconstructed",
            Verdict::Open => "open",
            Verdict::PartlyChecked => "partly checked",
            Verdict::NotChecked => "not checked",
        }
    }

    /// All verdicts, in the order the summary lists them.
    pub const ALL: [Verdict; 7] = [
        Verdict::Holds,
        Verdict::Fails,
        Verdict::Fragment,
        Verdict::Reconstructed,
        Verdict::Open,
        Verdict::PartlyChecked,
        Verdict::NotChecked,
    ];
}

/// The verdict of a claim of kind `kind` with result `result`: not checked
/// without a checked instance; a fragment stays a fragment whatever its
/// counts; otherwise a failing instance makes it fail; else partly checked
/// when some applicable instance was not checked (a theorem, example or
/// reconstruction never reads "holds" or "reconstructed" then), open for
/// a conjecture (which is verified on a range only, whatever is left out),
/// and holds or reconstructed when everything was checked.
pub fn decide(kind: &Kind, result: &ClaimResult) -> Verdict {
    if result.applicable == 0 {
        return Verdict::NotChecked;
    }
    match kind {
        Kind::Fragment { .. } => Verdict::Fragment,
        _ if result.failing > 0 => Verdict::Fails,
        Kind::Conjecture => Verdict::Open,
        _ if result.unchecked > 0 => Verdict::PartlyChecked,
        Kind::Theorem | Kind::Example => Verdict::Holds,
        Kind::Reconstructed { .. } => Verdict::Reconstructed,
    }
}

/// Audits a claim on a scope.
pub type Run = Box<dyn Fn(&Scope) -> ClaimResult + Send + Sync>;

/// Estimates the work of auditing a claim on a scope, in elementary steps
/// (about one engine position or one set operation each), before any of it
/// is done.
pub type Estimate = Box<dyn Fn(&Scope) -> u64 + Send + Sync>;

/// A claim's text: a literal in the registry, owned when read from a
/// claim file.
pub type Text = Cow<'static, str>;

/// One checkable statement.
pub struct Claim {
    /// Id, e.g. `A.Thm36`, `A.Table1.row3`, `B.Prop19`, `A.Sec5.runstart`.
    pub id: Text,
    /// The statement as printed (or as our copy has it), one line.
    pub printed: Text,
    /// Where it is in the text.
    pub location: Text,
    /// Its hypotheses, one line.
    pub hypotheses: Text,
    /// Theorem, conjecture, example, fragment or reconstruction.
    pub kind: Kind,
    /// What one instance is, in the plural ("bases (a, b)", "triples").
    pub unit: Text,
    /// The default range, in words.
    pub default_range: String,
    /// The printed statement this entry corrects, if it is a correction.
    pub corrects: Option<Corrects>,
    /// Audits the claim on a scope.
    pub run: Run,
    /// Its work estimate on a scope.
    pub estimate: Estimate,
}

impl Claim {
    /// A claim with the given id, statement and run; the rest is filled in
    /// with the builder methods below.
    pub fn new(
        id: impl Into<Text>,
        printed: impl Into<Text>,
        default_range: String,
        run: impl Fn(&Scope) -> ClaimResult + Send + Sync + 'static,
        estimate: impl Fn(&Scope) -> u64 + Send + Sync + 'static,
    ) -> Self {
        Claim {
            id: id.into(),
            printed: printed.into(),
            location: Text::Borrowed(""),
            hypotheses: Text::Borrowed(""),
            kind: Kind::Theorem,
            unit: Text::Borrowed("instances"),
            default_range,
            corrects: None,
            run: Box::new(run),
            estimate: Box::new(estimate),
        }
    }

    /// Sets where the statement is in the text.
    pub fn at(mut self, location: impl Into<Text>) -> Self {
        self.location = location.into();
        self
    }

    /// Sets the hypotheses.
    pub fn hypotheses(mut self, hypotheses: impl Into<Text>) -> Self {
        self.hypotheses = hypotheses.into();
        self
    }

    /// Sets the kind.
    pub fn kind(mut self, kind: Kind) -> Self {
        self.kind = kind;
        self
    }

    /// Sets what one instance is, in the plural.
    pub fn counts(mut self, unit: impl Into<Text>) -> Self {
        self.unit = unit.into();
        self
    }

    /// Marks the entry as the correction of `of`.
    pub fn corrects(mut self, of: &'static str, how: Correction) -> Self {
        self.corrects = Some(Corrects { of, how });
        self
    }

    /// Marks the statement as finite: one game, one geometry or a list
    /// printed in the paper, which the run checks whole whatever the
    /// scope. Checked without a failure or an unchecked instance, it is
    /// proved ([`Coverage::Proof`]).
    pub fn exhaustive(mut self) -> Self {
        let run = self.run;
        self.run = Box::new(move |scope| {
            let mut result = run(scope);
            result.proof = Some("exhaustively: the statement is finite".to_string());
            result
        });
        self
    }

    /// Adds a finding to every run: `note` reads the result and gives the
    /// line shown after the counts (it replaces a note the run set).
    pub fn noting(
        mut self,
        note: impl Fn(&ClaimResult) -> Option<String> + Send + Sync + 'static,
    ) -> Self {
        let run = self.run;
        self.run = Box::new(move |scope| {
            let mut result = run(scope);
            if let Some(line) = note(&result) {
                result.note = Some(line);
            }
            result
        });
        self
    }
}

/// How many instances are checked together (in parallel) before their
/// outcomes are folded in order.
const CHUNK: usize = 2048;

/// Checks instances given in increasing order (the order defines
/// "smallest"), in parallel chunks, with `label` naming an instance, and
/// summarizes: applicable and failing counts, the smallest
/// [`EXAMPLES`] failures with their certificates, and (with a store) the
/// certificate of every instance. `check` is told per chunk whether a
/// failure needs its evidence ([`Need`]); `label` is called only for the
/// instances that are reported or stored.
pub fn check_instances<T: Send + Sync>(
    scope: &Scope,
    range: String,
    instances: impl IntoIterator<Item = T, IntoIter: Send>,
    label: impl Fn(&T) -> String + Sync,
    check: impl Fn(&T, Need) -> InstanceOutcome + Sync,
) -> ClaimResult {
    let mut result = ClaimResult {
        range,
        ..ClaimResult::default()
    };
    let mut instances = instances.into_iter();
    let mut chunk: Vec<T> = instances.by_ref().take(CHUNK).collect();
    while !chunk.is_empty() {
        let need = Need {
            evidence: scope.store.is_some() || result.examples.len() < EXAMPLES,
        };
        let named = |outcome: &InstanceOutcome| match outcome {
            InstanceOutcome::NotApplicable => false,
            InstanceOutcome::NotChecked(_) => result.unchecked_examples.len() < EXAMPLES,
            InstanceOutcome::Holds(_) => scope.store.is_some() || scope.perturb,
            InstanceOutcome::Fails { .. } => need.evidence || scope.perturb,
        };
        // The instances come from a sequential iterator: the next chunk is
        // drawn while this one is checked.
        let (next, outcomes) = rayon::join(
            || instances.by_ref().take(CHUNK).collect::<Vec<T>>(),
            || {
                chunk
                    .par_iter()
                    .map(|t| {
                        let outcome = check(t, need);
                        let name = if named(&outcome) {
                            label(t)
                        } else {
                            String::new()
                        };
                        (name, outcome)
                    })
                    .collect::<Vec<(String, InstanceOutcome)>>()
            },
        );
        for (instance, outcome) in outcomes {
            let outcome = if scope.perturb && result.applicable == 0 {
                perturbed(outcome)
            } else {
                outcome
            };
            record(scope, &mut result, instance, outcome);
        }
        chunk = next;
    }
    result
}

/// The test seam: the outcome a one-character change to the closed form
/// would give at this instance (a holding instance fails, a failing one
/// holds).
fn perturbed(outcome: InstanceOutcome) -> InstanceOutcome {
    match outcome {
        InstanceOutcome::NotApplicable => InstanceOutcome::NotApplicable,
        InstanceOutcome::Holds(truth) => InstanceOutcome::Fails {
            counterexample: "perturbed by --perturb (test seam)".to_string(),
            truth,
        },
        InstanceOutcome::Fails { truth, .. } => InstanceOutcome::Holds(truth),
        InstanceOutcome::NotChecked(why) => InstanceOutcome::NotChecked(why),
    }
}

fn record(scope: &Scope, result: &mut ClaimResult, instance: String, outcome: InstanceOutcome) {
    let (certificates, role) = match outcome {
        InstanceOutcome::NotApplicable => return,
        InstanceOutcome::NotChecked(why) => {
            result.unchecked += 1;
            if result.unchecked_examples.len() < EXAMPLES {
                result.unchecked_examples.push(format!("{instance}: {why}"));
            }
            return;
        }
        InstanceOutcome::Holds(certificates) => {
            result.applicable += 1;
            (certificates, "holds")
        }
        InstanceOutcome::Fails {
            counterexample,
            truth,
        } => {
            result.applicable += 1;
            result.failing += 1;
            if result.examples.len() < EXAMPLES {
                result.examples.push(Counterexample {
                    instance: instance.clone(),
                    text: counterexample,
                    certificates: truth.clone(),
                });
            }
            (truth, "counterexample")
        }
    };
    if let Some(store) = &scope.store {
        for certificate in &certificates {
            result.index.push(CertificateRef {
                instance: instance.clone(),
                role,
                object: store.add(certificate),
            });
        }
    }
}

/// A claim about integers or sets alone (no game): `instances` in
/// increasing order, `check` gives the failure in words. A counterexample
/// is a few numbers that the reader checks by hand, so it carries no
/// certificate.
pub fn on_numbers<T: Send + Sync + 'static, I: Iterator<Item = T> + Send + 'static>(
    id: &'static str,
    printed: &'static str,
    range: &'static str,
    instances: fn() -> I,
    label: fn(&T) -> String,
    check: fn(&T) -> Result<(), String>,
) -> Claim {
    Claim::new(
        id,
        printed,
        range.to_string(),
        move |scope| {
            let mut result = check_instances(
                scope,
                range.to_string(),
                instances(),
                label,
                |t, need| match check(t) {
                    Ok(()) => InstanceOutcome::Holds(Vec::new()),
                    Err(why) => {
                        InstanceOutcome::fails(need, || format!("{}: {why}", label(t)), Vec::new)
                    }
                },
            );
            result.numbers_only = true;
            result
        },
        |_| 10_000_000,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(applicable: u64, failing: u64, unchecked: u64, proof: bool) -> ClaimResult {
        ClaimResult {
            applicable,
            failing,
            unchecked,
            proof: proof.then(|| "for all x".to_string()),
            ..ClaimResult::default()
        }
    }

    /// The scope of every verdict: a proof only where the run proved its
    /// instances and nothing failed or was left out; a failure is
    /// disproved; nothing checked has none.
    #[test]
    fn a_verdict_is_a_proof_only_when_the_run_proved_every_instance() {
        let scope = |kind: Kind, r: &ClaimResult| coverage(decide(&kind, r), r).map(|c| c.0);
        let proof = Some(Coverage::Proof);
        let finite = Some(Coverage::FiniteCheck);
        assert_eq!(scope(Kind::Theorem, &result(5, 0, 0, true)), proof);
        assert_eq!(scope(Kind::Theorem, &result(5, 0, 0, false)), finite);
        assert_eq!(scope(Kind::Theorem, &result(5, 0, 1, true)), finite);
        assert_eq!(scope(Kind::Conjecture, &result(5, 0, 1, true)), finite);
        assert_eq!(scope(Kind::Conjecture, &result(5, 0, 0, false)), finite);
        assert_eq!(scope(Kind::Theorem, &result(5, 2, 0, false)), proof);
        assert_eq!(scope(Kind::Theorem, &result(0, 0, 3, true)), None);
        let lost = Kind::Fragment { lost: "a display" };
        assert_eq!(scope(lost, &result(5, 2, 0, true)), finite);
        assert_eq!(scope(lost, &result(5, 0, 0, true)), proof);
    }
}
