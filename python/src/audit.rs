//! Auditing claim files (docs/CLAIMS.md) from Python: a file, several, or
//! a claim file given as a string, run by the same pipeline as `nimcert
//! audit --claims` (the library's `audit::file` and `audit::report`),
//! with the same limits, work estimate and messages; the verdicts come
//! back as Python objects.

use crate::args::{self, prefixes_of};
use crate::certs::{wrap, Certificate};
use crate::errors::{guard, Failure, Outcome};
use crate::work::{run_cancellable, Cancel};
use nimcert::audit::file::{FileLimits, LoadError};
use nimcert::audit::report::{self, Row};
use nimcert::audit::{ClaimResult, Scope, Verdict};
use nimcert::claim::{Abort, Coverage};
use nimcert::range::RangeArg;
use nimcert_claims as lang;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyByteArray, PyBytes, PyDict, PyString, PyTuple};
use std::path::PathBuf;

/// The default bound on an audit's estimated work, `nimcert audit
/// --max-work` (elementary steps).
pub const DEFAULT_MAX_WORK: u64 = 2_000_000_000_000;
/// The default `--max-claim-bytes`.
pub const DEFAULT_MAX_CLAIM_BYTES: u64 = 4 << 20;
/// The default `--max-claims`.
pub const DEFAULT_MAX_CLAIMS: u64 = 10_000;

/// The bounds of one audit, each named as `nimcert audit`'s flag.
#[derive(Clone, Copy)]
struct Bounds {
    parse: lang::ParseLimits,
    file: FileLimits,
    max_work: u64,
}

/// The verdict on one claim of a claim file, with its counts and
/// findings (a row of `nimcert audit --format json`).
#[pyclass(frozen, module = "nimcert")]
pub struct ClaimVerdict {
    /// The claim's id.
    #[pyo3(get)]
    id: String,
    /// "holds", "fails", "open", "partly checked", "not checked" (and, for
    /// the papers' registry, "fragment", "reconstructed").
    #[pyo3(get)]
    verdict: &'static str,
    /// The statement as written, one line.
    #[pyo3(get)]
    statement: String,
    /// Where it is (the claim's `source`).
    #[pyo3(get)]
    location: String,
    /// "theorem", "conjecture" or "example".
    #[pyo3(get)]
    kind: String,
    /// What one instance is.
    #[pyo3(get)]
    unit: String,
    /// Instances checked that the statement says something about.
    #[pyo3(get)]
    applicable: u64,
    /// Applicable instances where it fails.
    #[pyo3(get)]
    failing: u64,
    /// Instances it says something about that were not checked.
    #[pyo3(get)]
    unchecked: u64,
    /// Why the first of them were not checked, each "instance: reason".
    #[pyo3(get)]
    not_checked: Vec<String>,
    /// The smallest counterexamples (at most three), in words.
    #[pyo3(get)]
    counterexamples: Vec<String>,
    /// Whether the checker's library accepted every counterexample's
    /// certificate; None when there is none to check.
    #[pyo3(get)]
    certificates_accepted: Option<bool>,
    /// The verdict's scope: "proof" (proved on every instance the claim
    /// lists, for all x and every c where it says so, or disproved by a
    /// counterexample) or "finite check" (held on the checked range
    /// only); None when nothing was checked.
    #[pyo3(get)]
    scope: Option<&'static str>,
    /// What the scope covers, in words; None when nothing was checked.
    #[pyo3(get)]
    covers: Option<String>,
    /// The range checked, in words (proved for all x, or checked below N).
    #[pyo3(get)]
    range: String,
    /// A further finding, if any.
    #[pyo3(get)]
    note: Option<String>,
    /// Seconds spent.
    #[pyo3(get)]
    seconds: f64,
    certificates: Vec<Vec<nimcert_check::format::Certificate>>,
}

impl ClaimVerdict {
    fn new(row: &Row, result: &ClaimResult) -> Self {
        ClaimVerdict {
            id: row.id.clone(),
            verdict: row.verdict.name(),
            statement: row.statement.clone(),
            location: row.location.clone(),
            kind: row.kind.clone(),
            unit: row.unit.clone(),
            applicable: row.applicable,
            failing: row.failing,
            unchecked: row.unchecked,
            not_checked: row.not_checked.clone(),
            counterexamples: row.counterexamples.clone(),
            certificates_accepted: row.certificates_accepted,
            scope: row.scope.map(|s| s.name()),
            covers: row.covers.clone(),
            range: row.range.clone(),
            note: row.note.clone(),
            seconds: row.seconds,
            certificates: result
                .examples
                .iter()
                .map(|e| e.certificates.clone())
                .collect(),
        }
    }
}

#[pymethods]
impl ClaimVerdict {
    /// The certificates of the counterexamples (the true behaviour of the
    /// game at each), in the order of `counterexamples`.
    #[getter]
    fn certificates(&self) -> PyResult<Vec<Vec<Certificate>>> {
        guard(|| {
            Ok(self
                .certificates
                .iter()
                .map(|certs| certs.iter().cloned().map(wrap).collect())
                .collect())
        })
    }

    /// Whether the verdict is proved (scope "proof"): never true for what
    /// held on a finite check only.
    #[getter]
    fn proved(&self) -> PyResult<bool> {
        guard(|| Ok(self.scope == Some(Coverage::Proof.name())))
    }

    fn __repr__(&self) -> PyResult<String> {
        guard(|| {
            Ok(format!(
                "ClaimVerdict(id={:?}, verdict={:?}, scope={}, applicable={}, failing={}, unchecked={})",
                self.id,
                self.verdict,
                self.scope.map_or("None".to_string(), |s| format!("{s:?}")),
                self.applicable,
                self.failing,
                self.unchecked
            ))
        })
    }
}

/// The verdicts of an audit of claim files, in the files' order.
#[pyclass(frozen, module = "nimcert")]
pub struct AuditReport {
    rows: Vec<Row>,
    claims: Vec<Py<ClaimVerdict>>,
}

impl AuditReport {
    fn count(&self, verdict: Verdict) -> usize {
        self.rows.iter().filter(|r| r.verdict == verdict).count()
    }

    fn verdict_list(&self, py: Python<'_>) -> Vec<Py<ClaimVerdict>> {
        self.claims.iter().map(|c| c.clone_ref(py)).collect()
    }
}

#[pymethods]
impl AuditReport {
    /// One `ClaimVerdict` per claim.
    #[getter]
    fn claims(&self, py: Python<'_>) -> PyResult<Vec<Py<ClaimVerdict>>> {
        guard(|| Ok(self.verdict_list(py)))
    }

    /// How many claims have each verdict ({"holds": 2, "fails": 1, …}).
    #[getter]
    fn verdicts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        guard(|| {
            let d = PyDict::new(py);
            for v in Verdict::ALL {
                let n = self.count(v);
                if n > 0 {
                    d.set_item(v.name(), n)?;
                }
            }
            Ok(d)
        })
    }

    /// How many claims that did not fail have each scope
    /// ({"proof": 3, "finite check": 1}), as the JSON report's "scopes".
    #[getter]
    fn scopes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        guard(|| {
            let (proved, finite) = report::scope_tally(&self.rows);
            let d = PyDict::new(py);
            d.set_item(Coverage::Proof.name(), proved)?;
            d.set_item(Coverage::FiniteCheck.name(), finite)?;
            Ok(d)
        })
    }

    /// Instances not checked, over every claim.
    #[getter]
    fn instances_not_checked(&self) -> PyResult<u64> {
        guard(|| Ok(self.rows.iter().map(|r| r.unchecked).sum()))
    }

    /// The exit status `nimcert audit --claims` gives this audit (no
    /// baseline): 1 when a claim fails or a counterexample's certificate
    /// was not accepted, else 2 when some claim or instance was not
    /// checked, else 0.
    #[getter]
    fn exit_code(&self) -> PyResult<u8> {
        guard(|| {
            let fails = self.count(Verdict::Fails) > 0;
            let uncertified = self
                .rows
                .iter()
                .any(|r| r.certificates_accepted == Some(false));
            let unchecked = self
                .rows
                .iter()
                .any(|r| r.verdict == Verdict::NotChecked || r.unchecked > 0);
            Ok(if fails || uncertified {
                1
            } else if unchecked {
                2
            } else {
                0
            })
        })
    }

    /// The report as `nimcert audit --format json` prints it.
    fn json(&self) -> PyResult<String> {
        guard(|| Ok(report::json(&self.rows)))
    }

    /// The report as `nimcert audit` prints it (text).
    fn text(&self) -> PyResult<String> {
        guard(|| Ok(report::text(&self.rows)))
    }

    /// The report as a Markdown table (`--format markdown`).
    fn markdown(&self) -> PyResult<String> {
        guard(|| Ok(report::markdown(&self.rows)))
    }

    fn __len__(&self) -> PyResult<usize> {
        guard(|| Ok(self.claims.len()))
    }

    /// The verdict of the claim with this id (`KeyError` if none), or the
    /// i-th.
    fn __getitem__(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<Py<ClaimVerdict>> {
        guard(|| {
            if let Ok(id) = key.cast::<PyString>() {
                let id: String = id.extract()?;
                return self
                    .rows
                    .iter()
                    .position(|r| r.id == id)
                    .map(|i| self.claims[i].clone_ref(py))
                    .ok_or_else(|| pyo3::exceptions::PyKeyError::new_err(id));
            }
            let at = crate::values::index(key, self.claims.len(), "AuditReport")?;
            Ok(self.claims[at].clone_ref(py))
        })
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        guard(|| {
            let list = pyo3::types::PyList::new(py, self.verdict_list(py))?;
            Ok(list.into_any().try_iter()?.into_any())
        })
    }

    fn __repr__(&self) -> PyResult<String> {
        guard(|| {
            let counts: Vec<String> = Verdict::ALL
                .iter()
                .filter_map(|&v| {
                    let n = self.count(v);
                    (n > 0).then(|| format!("{}: {n}", v.name()))
                })
                .collect();
            Ok(format!(
                "AuditReport({} claims; {})",
                self.rows.len(),
                counts.join(", ")
            ))
        })
    }
}

/// A parameter's range from Python: "N", "A..=B", "..=B" as `--range
/// NAME=RANGE`, or a pair of ints (lo, hi) (not bools).
fn range_of(name: &str, value: &Bound<'_, PyAny>) -> Outcome<(i64, i64)> {
    let spec = format!(
        "{name}={}",
        nimcert::moves::clip(&value.str().map(|s| s.to_string()).unwrap_or_default(), 60)
    );
    let refused = || {
        Failure::input(format!(
            "--range {spec}: a range is (lo, hi) with two ints, or a string N, A..=B or ..=B"
        ))
    };
    if let Ok(pair) = value.cast::<PyTuple>() {
        if pair.iter().any(|v| v.is_instance_of::<PyBool>()) {
            return Err(refused());
        }
        let (lo, hi): (i64, i64) = pair.extract().map_err(|_| refused())?;
        return Ok((lo, hi));
    }
    let text: String = value.extract().map_err(|_| refused())?;
    let range: RangeArg = text.parse().map_err(Failure::input)?;
    let range = range.resolve(0);
    let bound = |v: u64| {
        i64::try_from(v)
            .map_err(|_| Failure::input(format!("--range {spec}: {v} is over 2^63 − 1")))
    };
    Ok((bound(*range.start())?, bound(*range.end())?))
}

/// The ranges given (a dict {name: range}), as (name, lo, hi).
fn ranges_of(ranges: Option<&Bound<'_, PyAny>>) -> Outcome<Vec<(String, i64, i64)>> {
    let Some(ranges) = ranges else {
        return Ok(Vec::new());
    };
    let ranges = ranges.cast::<PyDict>().map_err(|_| {
        Failure::input(format!(
            "ranges: a dict {{name: range}}, not {}",
            ranges
                .get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default()
        ))
    })?;
    let mut out = Vec::new();
    for (name, value) in ranges.iter() {
        let name: String = name
            .extract()
            .map_err(|_| Failure::input("a parameter's name is a string"))?;
        let (lo, hi) = range_of(&name, &value)?;
        out.push((name, lo, hi));
    }
    Ok(out)
}

/// The files parsed, or the claim text parsed as one file.
enum Source {
    Files(Vec<PathBuf>),
    Text { name: String, bytes: Vec<u8> },
}

/// Reads and checks the claims, as `audit --claims` (and `claims check`)
/// do, with the byte and count bounds of `parse`.
fn load(source: &Source, parse: &lang::ParseLimits) -> Outcome<Vec<lang::ClaimFile>> {
    match source {
        Source::Files(paths) => nimcert::audit::file::load(paths, parse)
            .map(|files| files.into_iter().map(|(_, f)| f).collect())
            .map_err(|e| match e {
                LoadError::Io(m) => Failure::io(m),
                LoadError::TooLarge(m) => Failure::limit(lang::FLAG_MAX_BYTES, m),
                LoadError::Duplicate(m) => Failure::input(m),
                LoadError::Claim(d) => Failure::diagnostic(&d),
            }),
        Source::Text { name, bytes } => {
            let file = lang::parse(name, bytes, parse).map_err(|d| Failure::diagnostic(&d))?;
            lang::check(&file).map_err(|d| Failure::diagnostic(&d))?;
            Ok(vec![file])
        }
    }
}

/// The audit: load, apply the ranges, select, estimate the work (refused
/// over `max_work` before any work), run, and stop on a claim's abort, as
/// `nimcert audit --claims`. Once `cancel` is set (the caller was
/// interrupted), the claims not yet started are skipped.
fn audit(
    source: Source,
    bounds: Bounds,
    ranges: Vec<(String, i64, i64)>,
    select: Vec<String>,
    cancel: &Cancel,
) -> Outcome<Vec<(Row, ClaimResult)>> {
    let mut files: Vec<(PathBuf, lang::ClaimFile)> = load(&source, &bounds.parse)?
        .into_iter()
        .map(|f| (PathBuf::new(), f))
        .collect();
    for (name, lo, hi) in &ranges {
        nimcert::audit::file::set_range(&mut files, name, *lo, *hi)
            .map_err(|e| Failure::input(format!("--range {name}={lo}..={hi}: {e}")))?;
    }
    let claims: Vec<nimcert::audit::Claim> = files
        .into_iter()
        .flat_map(|(_, file)| nimcert::audit::file::claims(file, bounds.file))
        .collect();
    if select.iter().any(|s| s.trim().is_empty()) {
        return Err(Failure::input(
            "--claim needs a claim id or prefix such as A.Table1, not an empty one (see nimcert audit --list)",
        ));
    }
    let claims = report::select(claims, &select);
    if claims.is_empty() {
        return Err(Failure::input(format!(
            "no claim matches {select:?} (see nimcert audit --list)"
        )));
    }
    let scope = Scope::default();
    let work = report::estimate(&claims, &scope);
    if let Some(why) = nimcert::audit::file::over_max_work(work, bounds.max_work) {
        return Err(Failure::limit("--max-work", why));
    }
    let claims = skipped_once_cancelled(claims, cancel);
    let results = report::run(&claims, &scope, &[], &|_| {});
    if cancel.is_set() {
        return Err(Failure::input("the audit was interrupted"));
    }
    match report::first_abort(&results) {
        None => Ok(results),
        Some(Abort::Input(message)) => Err(Failure::input(message)),
        Some(Abort::Limit { flag, message }) => Err(Failure::limit(flag, message)),
    }
}

/// The claims, each of which does nothing once `cancel` is set: an
/// interrupted audit stops after the claims already running (the library
/// has no way to stop a claim midway).
fn skipped_once_cancelled(
    claims: Vec<nimcert::audit::Claim>,
    cancel: &Cancel,
) -> Vec<nimcert::audit::Claim> {
    claims
        .into_iter()
        .map(|mut claim| {
            let run = std::mem::replace(&mut claim.run, Box::new(|_| ClaimResult::default()));
            let cancel = cancel.clone();
            claim.run = Box::new(move |scope| {
                if cancel.is_set() {
                    ClaimResult::default()
                } else {
                    run(scope)
                }
            });
            claim
        })
        .collect()
}

/// The Python report of the results.
fn report_of(py: Python<'_>, results: Vec<(Row, ClaimResult)>) -> PyResult<AuditReport> {
    let claims = results
        .iter()
        .map(|(row, result)| Py::new(py, ClaimVerdict::new(row, result)))
        .collect::<PyResult<Vec<_>>>()?;
    let rows = results.into_iter().map(|(row, _)| row).collect();
    Ok(AuditReport { rows, claims })
}

/// The keyword arguments both audit functions take.
struct Options<'a, 'py> {
    ranges: Option<&'a Bound<'py, PyAny>>,
    claims: Option<&'a Bound<'py, PyAny>>,
    max_claim_bytes: u64,
    max_claims: u64,
    max_eval_steps: u64,
    max_positions: u64,
    max_n: u64,
    max_work: u64,
}

/// Runs `source` with the keyword arguments of both audit functions.
fn audit_py(py: Python<'_>, source: Source, options: Options<'_, '_>) -> PyResult<AuditReport> {
    let (ranges, select) = guard(|| {
        let ranges = ranges_of(options.ranges).map_err(|f| f.into_py_err(py))?;
        let select = prefixes_of(options.claims).map_err(|f| f.into_py_err(py))?;
        Ok((ranges, select))
    })?;
    let bounds = Bounds {
        parse: lang::ParseLimits {
            max_bytes: usize::try_from(options.max_claim_bytes).unwrap_or(usize::MAX),
            max_claims: usize::try_from(options.max_claims).unwrap_or(usize::MAX),
        },
        file: FileLimits {
            eval_steps: options.max_eval_steps,
            solve: nimcert::solve::Limits {
                max_positions: options.max_positions,
                max_n: options.max_n,
                max_work: options.max_work,
                ..nimcert::solve::Limits::default()
            },
            ..FileLimits::default()
        },
        max_work: options.max_work,
    };
    let results = run_cancellable(py, move |cancel| {
        audit(source, bounds, ranges, select, cancel)
    })?;
    guard(|| report_of(py, results))
}

// The defaults of the audit's bounds are written as numbers in the
// signatures below, so that `inspect.signature` and `help()` show them:
// those of `nimcert audit` (tests/test_boundary.py compares them with its
// help; FileLimits::default() is not a constant).
const _: () = assert!(
    DEFAULT_MAX_CLAIM_BYTES == 4_194_304
        && DEFAULT_MAX_CLAIMS == 10_000
        && DEFAULT_MAX_WORK == 2_000_000_000_000
);

/// Audits the claims of a claim file given as a string (TOML, the
/// language of docs/CLAIMS.md), as `nimcert audit --claims FILE` would:
/// the same bounds (keyword arguments named as its flags), verdicts and
/// messages; an error in the text is an `InputError` (or `LimitError`)
/// whose message starts `NAME:LINE:COL:`. `ranges` maps a parameter to
/// "N", "A..=B", "..=B" or (lo, hi); `claims` is a claim id or prefix,
/// or a list of them.
#[pyfunction]
#[pyo3(signature = (text, *, name = "<claims>", ranges = None, claims = None,
    max_claim_bytes = 4_194_304, max_claims = 10_000, max_eval_steps = 100_000_000,
    max_positions = 67_108_864, max_n = 100_000, max_work = 2_000_000_000_000))]
#[allow(clippy::too_many_arguments)]
pub fn audit_claims(
    py: Python<'_>,
    text: &Bound<'_, PyAny>,
    name: &str,
    ranges: Option<&Bound<'_, PyAny>>,
    claims: Option<&Bound<'_, PyAny>>,
    #[pyo3(from_py_with = args::max_claim_bytes)] max_claim_bytes: u64,
    #[pyo3(from_py_with = args::max_claims)] max_claims: u64,
    #[pyo3(from_py_with = args::max_eval_steps)] max_eval_steps: u64,
    #[pyo3(from_py_with = args::max_positions)] max_positions: u64,
    #[pyo3(from_py_with = args::max_n)] max_n: u64,
    #[pyo3(from_py_with = args::max_work)] max_work: u64,
) -> PyResult<AuditReport> {
    let bytes = guard(|| {
        if let Ok(s) = text.cast::<PyString>() {
            return s.extract::<String>().map(String::into_bytes).map_err(|_| {
                Failure::input("the claims are not valid UTF-8 text").into_py_err(py)
            });
        }
        if let Ok(b) = text.cast::<PyBytes>() {
            return Ok(b.as_bytes().to_vec());
        }
        if let Ok(b) = text.cast::<PyByteArray>() {
            return Ok(b.to_vec());
        }
        Err(Failure::input(format!(
            "the claims are given as a string (or bytes), not {}",
            text.get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default()
        ))
        .into_py_err(py))
    })?;
    let source = Source::Text {
        name: name.to_string(),
        bytes,
    };
    let options = Options {
        ranges,
        claims,
        max_claim_bytes,
        max_claims,
        max_eval_steps,
        max_positions,
        max_n,
        max_work,
    };
    audit_py(py, source, options)
}

/// Audits the claims of claim files (one path or a list), as `nimcert
/// audit --claims FILE…`: each file read with the byte bound, ids unique
/// across the files; the keyword arguments as for `audit_claims`.
#[pyfunction]
#[pyo3(signature = (paths, *, ranges = None, claims = None,
    max_claim_bytes = 4_194_304, max_claims = 10_000, max_eval_steps = 100_000_000,
    max_positions = 67_108_864, max_n = 100_000, max_work = 2_000_000_000_000))]
#[allow(clippy::too_many_arguments)]
pub fn audit_file(
    py: Python<'_>,
    paths: &Bound<'_, PyAny>,
    ranges: Option<&Bound<'_, PyAny>>,
    claims: Option<&Bound<'_, PyAny>>,
    #[pyo3(from_py_with = args::max_claim_bytes)] max_claim_bytes: u64,
    #[pyo3(from_py_with = args::max_claims)] max_claims: u64,
    #[pyo3(from_py_with = args::max_eval_steps)] max_eval_steps: u64,
    #[pyo3(from_py_with = args::max_positions)] max_positions: u64,
    #[pyo3(from_py_with = args::max_n)] max_n: u64,
    #[pyo3(from_py_with = args::max_work)] max_work: u64,
) -> PyResult<AuditReport> {
    let paths = guard(|| {
        let paths: Vec<PathBuf> = match paths.extract::<PathBuf>() {
            Ok(path) => vec![path],
            Err(_) => paths.extract().map_err(|_| {
                Failure::input("paths: a path (str or os.PathLike) or a list of them")
                    .into_py_err(py)
            })?,
        };
        if paths.is_empty() {
            return Err(Failure::input("no claim file given").into_py_err(py));
        }
        Ok(paths)
    })?;
    let options = Options {
        ranges,
        claims,
        max_claim_bytes,
        max_claims,
        max_eval_steps,
        max_positions,
        max_n,
        max_work,
    };
    audit_py(py, Source::Files(paths), options)
}
