//! One checkable statement and the result of auditing it: the bottom layer
//! of the audit, which each paper's claim modules build on and which
//! imports neither of them.

use nimcert_check::format::Certificate;
use std::ops::RangeInclusive;

/// What kind of statement a claim is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// A theorem, proposition, lemma or corollary as printed: expected to hold.
    Theorem,
    /// A conjecture: can only be verified on a range ("open").
    Conjecture,
    /// A worked example or a remark's concrete claim.
    Example,
}

/// Where to audit. Every field is optional; a claim uses its own default
/// range for what is not given, and documents it in `default_range`.
#[derive(Clone, Debug, Default)]
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
    /// Whether certificates are wanted (`--certs DIR`).
    pub want_certificates: bool,
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
    /// counterexample, and certificates of the true behaviour (always given,
    /// so that every refutation is itself checked).
    Fails {
        counterexample: String,
        truth: Vec<Certificate>,
    },
}

/// The verdict on one claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every checked instance holds (theorems and examples).
    Holds,
    /// Some instance fails; the smallest counterexample.
    Fails { counterexample: String },
    /// A conjecture that held on every checked instance.
    Open,
}

/// The audit of one claim.
#[derive(Clone, Debug)]
pub struct ClaimResult {
    /// Instances whose hypotheses applied and were checked.
    pub instances: u64,
    /// The verdict.
    pub verdict: Verdict,
    /// The range checked, in words (e.g. "2 ≤ a ≤ 8, a < b ≤ 40, b < c ≤ 100").
    pub range: String,
    /// Certificates behind the verdict, with a file stem for each.
    pub certificates: Vec<(String, Certificate)>,
}

/// One checkable statement.
pub struct Claim {
    /// Id, e.g. `A.Thm36`, `A.Table1.row3`, `B.Prop18`.
    pub id: &'static str,
    /// The statement as printed, one line.
    pub printed: &'static str,
    /// Its hypotheses, one line.
    pub hypotheses: &'static str,
    /// Theorem, conjecture or example.
    pub status: Status,
    /// The default range, in words.
    pub default_range: &'static str,
    /// Audits the claim on a scope.
    pub run: fn(&Scope) -> ClaimResult,
}

/// Checks instances given in increasing order (the order defines "smallest"),
/// with `label` naming an instance, and summarizes: count of applicable
/// instances, and the first failure, whose certificates are kept.
/// Certificates of holding instances are kept when the scope wants them.
pub fn check_instances<T>(
    scope: &Scope,
    status: Status,
    range: String,
    instances: impl IntoIterator<Item = T>,
    label: impl Fn(&T) -> String,
    check: impl Fn(&T) -> InstanceOutcome,
) -> ClaimResult {
    let mut count = 0u64;
    let mut certificates = Vec::new();
    for instance in instances {
        match check(&instance) {
            InstanceOutcome::NotApplicable => {}
            InstanceOutcome::Holds(certs) => {
                count += 1;
                if scope.want_certificates {
                    name_certificates(&label(&instance), certs, &mut certificates);
                }
            }
            InstanceOutcome::Fails {
                counterexample,
                truth,
            } => {
                count += 1;
                name_certificates(&label(&instance), truth, &mut certificates);
                return ClaimResult {
                    instances: count,
                    verdict: Verdict::Fails { counterexample },
                    range,
                    certificates,
                };
            }
        }
    }
    let verdict = match status {
        Status::Conjecture => Verdict::Open,
        Status::Theorem | Status::Example => Verdict::Holds,
    };
    ClaimResult {
        instances: count,
        verdict,
        range,
        certificates,
    }
}

fn name_certificates(stem: &str, certs: Vec<Certificate>, out: &mut Vec<(String, Certificate)>) {
    let single = certs.len() == 1;
    for (i, cert) in certs.into_iter().enumerate() {
        let name = if single {
            stem.to_string()
        } else {
            format!("{stem}-{i}")
        };
        out.push((name, cert));
    }
}
