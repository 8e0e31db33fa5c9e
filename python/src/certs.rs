//! Certificates: made as `nimcert certify` makes them, written as it
//! writes them (the output path checked first, the file replaced
//! atomically), and checked by the trusted checker's library
//! (`nimcert_check::check_certificate`, `nimcert_check::check_bytes`)
//! called as it is, with `nimcheck`'s limits.

use crate::args::{self, count_of, moves_of};
use crate::errors::{guard, Failure, Outcome};
use crate::games::method_of;
use crate::work::run;
use nimcert::certify::formula::{three_move_certificates, FormulaError, ThreeMoveError};
use nimcert::certify::{certificate_of_kind, search_provenance, ClaimKind};
use nimcert::engine::Periodicity;
use nimcert::octal::certify::{
    octal_certificate as octal_cert, octal_periodic_certificate, octal_provenance,
};
use nimcert::octal::period::OctalSolution;
use nimcert::octal::{Method, OctalCode};
use nimcert::solve::Limits;
use nimcert_check::format::{self, Certificate as Cert};
use nimcert_check::{Limits as CheckLimits, Verdict};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};
use std::path::PathBuf;
use std::sync::Arc;

/// A certificate, as `nimcert` writes it and `nimcheck` reads it.
#[pyclass(frozen, module = "nimcert")]
pub struct Certificate {
    /// Shared with the threads that check or write it (never copied).
    certificate: Arc<Cert>,
}

impl Certificate {
    fn new(certificate: Cert) -> Self {
        Certificate {
            certificate: Arc::new(certificate),
        }
    }

    fn kind_name(&self) -> &'static str {
        self.certificate.claim.kind()
    }
}

#[pymethods]
impl Certificate {
    /// The claim's kind: "Sequence", "PSet", "Periodic", "PeriodicTable",
    /// "Octal", "PackedSequence", "OctalPeriodic", "Avoidance", "Family",
    /// "Grundy".
    #[getter]
    fn kind(&self) -> PyResult<&'static str> {
        guard(|| Ok(self.kind_name()))
    }

    /// The format version.
    #[getter]
    fn format(&self) -> PyResult<u32> {
        guard(|| Ok(self.certificate.format))
    }

    /// The statement the certificate was generated from (a paper's
    /// formula), e.g. "A.Table1.row2"; None for one found by search.
    #[getter]
    fn statement(&self) -> PyResult<Option<String>> {
        guard(|| {
            Ok(match &self.certificate.provenance.method {
                format::Method::Statement { statement, .. } => Some(statement.clone()),
                _ => None,
            })
        })
    }

    /// The RON text nimcert writes and nimcheck reads.
    #[getter]
    fn ron(&self) -> PyResult<String> {
        guard(|| Ok(nimcert_check::to_ron(&self.certificate)))
    }

    /// Checks the certificate with the checker's library under nimcheck's
    /// limits (keyword arguments named as nimcheck's flags: max_file_bytes,
    /// max_moves, max_move, max_period, max_work, max_depth, max_points,
    /// max_classes).
    #[pyo3(signature = (**limits))]
    fn check(&self, py: Python<'_>, limits: Option<&Bound<'_, PyDict>>) -> PyResult<CheckResult> {
        let limits = guard(|| check_limits(limits).map_err(|f| f.into_py_err(py)))?;
        let certificate = Arc::clone(&self.certificate);
        run(py, move || {
            Ok(CheckResult::from(nimcert_check::check_certificate(
                &certificate,
                &limits,
            )))
        })
    }

    /// Writes the RON text to `path`, as `nimcert certify -o PATH`: the
    /// path is checked first (its folder exists; not a folder, device,
    /// pipe or link), then the file is replaced atomically. `OutputError`
    /// otherwise.
    fn write(&self, py: Python<'_>, path: PathBuf) -> PyResult<()> {
        let certificate = Arc::clone(&self.certificate);
        run(py, move || {
            write_text(&path, &nimcert_check::to_ron(&certificate))
        })
    }

    /// Reads a certificate from RON text (str or bytes), as nimcheck does:
    /// `LimitError` over `max_file_bytes` (and the other limits of the
    /// parser), `InputError` when it is not a certificate.
    #[staticmethod]
    #[pyo3(signature = (text, **limits))]
    fn from_ron(
        py: Python<'_>,
        text: &Bound<'_, PyAny>,
        limits: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Certificate> {
        let (limits, bytes) = guard(|| {
            let limits = check_limits(limits).map_err(|f| f.into_py_err(py))?;
            let bytes = bytes_of(text).map_err(|f| f.into_py_err(py))?;
            Ok((limits, bytes))
        })?;
        run(py, move || {
            nimcert_check::parse(&bytes, &limits)
                .map(Certificate::new)
                .map_err(|e| verdict_failure(e.into_verdict()))
        })
    }

    /// Reads a certificate file with nimcheck's bound on its size
    /// (`max_file_bytes`).
    #[staticmethod]
    #[pyo3(signature = (path, **limits))]
    fn read(
        py: Python<'_>,
        path: PathBuf,
        limits: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Certificate> {
        let limits = guard(|| check_limits(limits).map_err(|f| f.into_py_err(py)))?;
        run(py, move || {
            let bytes = read_certificate_file(&path, &limits)?;
            nimcert_check::parse(&bytes, &limits)
                .map(Certificate::new)
                .map_err(|e| verdict_failure(e.into_verdict()))
        })
    }

    fn __str__(&self) -> PyResult<String> {
        self.ron()
    }

    fn __repr__(&self) -> PyResult<String> {
        guard(|| {
            Ok(format!(
                "Certificate(kind={:?}, format={})",
                self.kind_name(),
                self.certificate.format
            ))
        })
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        guard(|| {
            Ok(other
                .cast::<Certificate>()
                .is_ok_and(|o| o.get().certificate == self.certificate))
        })
    }
}

/// The text or bytes of a certificate.
fn bytes_of(text: &Bound<'_, PyAny>) -> Outcome<Vec<u8>> {
    if let Ok(s) = text.cast::<PyString>() {
        return s
            .extract::<String>()
            .map(String::into_bytes)
            .map_err(|_| Failure::input("the certificate text is not valid UTF-8"));
    }
    if let Ok(b) = text.cast::<PyBytes>() {
        return Ok(b.as_bytes().to_vec());
    }
    Err(Failure::input(
        "a certificate is given as a Certificate, its RON text (str) or bytes",
    ))
}

/// The exception of a verdict that is not `Valid` where a certificate was
/// expected: exit 1, 2 or 3 as nimcheck's.
fn verdict_failure(verdict: Verdict) -> Failure {
    match verdict {
        Verdict::OverLimit(m) => Failure::limit(limit_flag(&m), m),
        Verdict::Invalid(m) => Failure::false_claim(m),
        Verdict::Valid(m) | Verdict::Undecidable(m) => Failure::input(m),
    }
}

/// The nimcheck flag a limit message names (`--max-file-bytes`, …).
fn limit_flag(message: &str) -> &'static str {
    const FLAGS: [&str; 8] = [
        "--max-file-bytes",
        "--max-moves",
        "--max-move",
        "--max-period",
        "--max-work",
        "--max-depth",
        "--max-points",
        "--max-classes",
    ];
    // The longest name first, so that --max-moves is not read as --max-move.
    let mut flags = FLAGS;
    flags.sort_by_key(|f| std::cmp::Reverse(f.len()));
    flags
        .into_iter()
        .find(|f| message.contains(f))
        .unwrap_or("--max-work")
}

/// nimcheck's limits, its defaults overridden by keyword arguments named
/// as its flags (max_file_bytes=…); an unknown name is an `InputError`.
pub fn check_limits(kwargs: Option<&Bound<'_, PyDict>>) -> Outcome<CheckLimits> {
    let mut limits = CheckLimits::default();
    let Some(kwargs) = kwargs else {
        return Ok(limits);
    };
    for (key, value) in kwargs.iter() {
        let name: String = key
            .extract()
            .map_err(|_| Failure::input("a limit's name is a string"))?;
        let number = count_of(&name, &value)?;
        match name.as_str() {
            "max_file_bytes" => limits.max_file_bytes = number,
            "max_moves" => limits.max_moves = number,
            "max_move" => limits.max_move = number,
            "max_period" => limits.max_period = number,
            "max_work" => limits.max_work = number,
            "max_depth" => limits.max_depth = usize::try_from(number).unwrap_or(usize::MAX),
            "max_points" => limits.max_points = number,
            "max_classes" => limits.max_classes = number,
            other => {
                return Err(Failure::input(format!(
                    "'{}' is not a limit of the checker (max_file_bytes, max_moves, max_move, max_period, max_work, max_depth, max_points, max_classes)",
                    nimcert::moves::clip(other, 40)
                )))
            }
        }
    }
    Ok(limits)
}

/// Reads a certificate file with nimcheck's size bound: over it is a
/// limit (exit 3, the checker's own message), a file that cannot be read
/// an `OutputError` (exit 4).
fn read_certificate_file(path: &std::path::Path, limits: &CheckLimits) -> Outcome<Vec<u8>> {
    nimcert::io::read_bounded(path, limits.max_file_bytes).map_err(|e| match e {
        nimcert::io::ReadError::TooLarge(_) => {
            let size = std::fs::metadata(path)
                .map_or(limits.max_file_bytes.saturating_add(1), |m| m.len());
            Failure::limit(
                "--max-file-bytes",
                format!(
                    "{}: {}",
                    path.display(),
                    nimcert_check::file_too_large(size, limits)
                ),
            )
        }
        other => Failure::io(format!("{}: cannot read: {other}", path.display())),
    })
}

/// Writes `text` to `path` as every nimcert command writes a file.
fn write_text(path: &std::path::Path, text: &str) -> Outcome<()> {
    let fail = |e: std::io::Error| Failure::io(format!("{}: {e}", path.display()));
    nimcert::io::check_output_file(path).map_err(fail)?;
    nimcert::io::write_atomically(path, text.as_bytes()).map_err(fail)
}

/// The checker's verdict on a certificate.
#[pyclass(frozen, module = "nimcert")]
pub struct CheckResult {
    /// "valid", "invalid", "undecidable" or "over limit".
    #[pyo3(get)]
    verdict: &'static str,
    /// What was proved, or why not (one line).
    #[pyo3(get)]
    message: String,
    /// nimcheck's exit status for it: 0, 1, 2 or 3.
    #[pyo3(get)]
    exit_code: u8,
}

impl From<Verdict> for CheckResult {
    fn from(v: Verdict) -> Self {
        let verdict = match v {
            Verdict::Valid(_) => "valid",
            Verdict::Invalid(_) => "invalid",
            Verdict::Undecidable(_) => "undecidable",
            Verdict::OverLimit(_) => "over limit",
        };
        CheckResult {
            verdict,
            exit_code: v.exit_code(),
            message: v.message().to_string(),
        }
    }
}

#[pymethods]
impl CheckResult {
    /// True when the certificate is valid.
    #[getter]
    fn valid(&self) -> PyResult<bool> {
        guard(|| Ok(self.exit_code == 0))
    }

    fn __bool__(&self) -> PyResult<bool> {
        self.valid()
    }

    fn __repr__(&self) -> PyResult<String> {
        guard(|| {
            Ok(format!(
                "CheckResult(verdict={:?}, message={:?})",
                self.verdict,
                nimcert::moves::clip(&self.message, 80)
            ))
        })
    }
}

/// Checks a certificate (a `Certificate`, or its RON text as str or bytes)
/// with the checker's library, as `nimcheck FILE` does: the verdict, never
/// an exception for a false or malformed certificate.
#[pyfunction]
#[pyo3(signature = (certificate, **limits))]
pub fn check(
    py: Python<'_>,
    certificate: &Bound<'_, PyAny>,
    limits: Option<&Bound<'_, PyDict>>,
) -> PyResult<CheckResult> {
    let limits = guard(|| check_limits(limits).map_err(|f| f.into_py_err(py)))?;
    if let Ok(c) = certificate.cast::<Certificate>() {
        let certificate = Arc::clone(&c.get().certificate);
        return run(py, move || {
            Ok(CheckResult::from(nimcert_check::check_certificate(
                &certificate,
                &limits,
            )))
        });
    }
    let bytes = guard(|| bytes_of(certificate).map_err(|f| f.into_py_err(py)))?;
    run(py, move || {
        Ok(CheckResult::from(nimcert_check::check_bytes(
            &bytes, &limits,
        )))
    })
}

/// Checks a certificate file as `nimcheck FILE` does (read with the bound
/// `max_file_bytes`; a file that cannot be read is an `OutputError`).
#[pyfunction]
#[pyo3(signature = (path, **limits))]
pub fn check_file(
    py: Python<'_>,
    path: PathBuf,
    limits: Option<&Bound<'_, PyDict>>,
) -> PyResult<CheckResult> {
    let limits = guard(|| check_limits(limits).map_err(|f| f.into_py_err(py)))?;
    run(py, move || {
        let bytes = match read_certificate_file(&path, &limits) {
            Ok(bytes) => bytes,
            Err(f) if f.exit_code() == 3 => {
                let size = std::fs::metadata(&path).map_or(0, |m| m.len());
                return Ok(CheckResult::from(Verdict::OverLimit(
                    nimcert_check::file_too_large(size, &limits),
                )));
            }
            Err(f) => return Err(f),
        };
        Ok(CheckResult::from(nimcert_check::check_bytes(
            &bytes, &limits,
        )))
    })
}

/// "sequence", "pset" or "periodic" (`nimcert certify --claim`).
pub fn claim_kind(claim: &str) -> Outcome<ClaimKind> {
    match claim {
        "sequence" => Ok(ClaimKind::Sequence),
        "pset" => Ok(ClaimKind::Pset),
        "periodic" => Ok(ClaimKind::Periodic),
        other => Err(Failure::input(format!(
            "claim '{}' is not one of sequence, pset, periodic",
            nimcert::moves::clip(other, 24)
        ))),
    }
}

/// The certificate of `kind` of a solved game, as `nimcert certify
/// --claim KIND`.
pub fn search_certificate(game: &Periodicity, kind: ClaimKind) -> Outcome<Certificate> {
    certificate_of_kind(game, kind, search_provenance())
        .map(Certificate::new)
        .ok_or_else(|| {
            Failure::input(format!(
                "{}: the P-positions are not purely periodic (outcome pre-period {}), so no P-set certificate exists; use --claim sequence",
                game.moves.short(),
                game.outcome().preperiod
            ))
        })
}

/// An octal game's certificate, as `nimcert certify --octal` (with or
/// without `--no-values`).
pub fn octal_certificate(game: &OctalSolution, method: Method, no_values: bool) -> Certificate {
    let provenance = octal_provenance(method);
    Certificate::new(if no_values {
        octal_periodic_certificate(game, provenance)
    } else {
        octal_cert(game, provenance)
    })
}

/// A certificate of the subtraction game `moves` found by search, as
/// `nimcert certify MOVES --claim CLAIM`.
#[pyfunction]
#[pyo3(signature = (moves, *, claim = "sequence", max_positions = 268_435_456, max_work = 60_000_000_000))]
pub fn certify(
    py: Python<'_>,
    moves: &Bound<'_, PyAny>,
    claim: &str,
    #[pyo3(from_py_with = args::max_positions)] max_positions: u64,
    #[pyo3(from_py_with = args::max_work)] max_work: u64,
) -> PyResult<Certificate> {
    let (moves, kind) = guard(|| {
        let moves = moves_of(moves).map_err(|f| f.into_py_err(py))?;
        let kind = claim_kind(claim).map_err(|f| f.into_py_err(py))?;
        Ok((moves, kind))
    })?;
    let limits = Limits {
        max_positions,
        max_work,
        ..Limits::default()
    };
    run(py, move || {
        let game = nimcert::solve::solve(&moves, &limits)?;
        search_certificate(&game, kind)
    })
}

/// The certificates of a three-move game generated by its covering
/// statement of paper A alone, as `nimcert certify --from formula`:
/// {"pset": …, "sequence": …}, each run through the checker's library. A
/// certificate the checker rejects raises `FalseClaimError` (the
/// statement is wrong here), one it cannot decide `InputError`. A game no
/// statement covers gets certificates from search (its `statement` is
/// None).
#[pyfunction]
#[pyo3(signature = (moves, *, max_positions = 268_435_456, max_work = 60_000_000_000))]
pub fn certify_formula<'py>(
    py: Python<'py>,
    moves: &Bound<'py, PyAny>,
    #[pyo3(from_py_with = args::max_positions)] max_positions: u64,
    #[pyo3(from_py_with = args::max_work)] max_work: u64,
) -> PyResult<Bound<'py, PyDict>> {
    let moves = guard(|| moves_of(moves).map_err(|f| f.into_py_err(py)))?;
    let limits = Limits {
        max_positions,
        max_work,
        ..Limits::default()
    };
    let documents = run(py, move || formula_documents(&moves, &limits))?;
    guard(|| {
        let out = PyDict::new(py);
        for (kind, certificate) in documents {
            out.set_item(kind, Certificate::new(certificate))?;
        }
        Ok(out)
    })
}

/// The checked documents of `three_move_certificates`, or the failure
/// `nimcert certify --from formula` exits with.
fn formula_documents(
    moves: &nimcert::moves::MoveSet,
    limits: &Limits,
) -> Outcome<Vec<(&'static str, Cert)>> {
    let shown = moves.short();
    if moves.len() != 3 {
        return Err(Failure::input(format!(
            "{shown}: --from formula needs three moves a, b, c, not {}",
            moves.len()
        )));
    }
    let certificates = match three_move_certificates(moves, limits) {
        Ok(certificates) => certificates,
        Err(ThreeMoveError::Solve(e)) => return Err(e.into()),
        Err(ThreeMoveError::Formula(e @ FormulaError::Inconsistent { .. })) => {
            return Err(Failure::false_claim(format!("{shown}: {e}")))
        }
        Err(ThreeMoveError::Formula(e)) => return Err(Failure::input(format!("{shown}: {e}"))),
    };
    let mut documents = Vec::new();
    for document in certificates.documents {
        let kind = document.kind;
        match &document.verdict {
            Verdict::Invalid(why) => {
                return Err(Failure::false_claim(format!(
                    "{shown}: the {kind} certificate is rejected by the checker: {}",
                    nimcert::moves::clip(why, 300)
                )))
            }
            Verdict::Undecidable(why) => {
                return Err(Failure::input(format!(
                "{shown}: the checker cannot decide the {kind} certificate within its limits: {}",
                nimcert::moves::clip(why, 300)
            )))
            }
            Verdict::OverLimit(_) | Verdict::Valid(_) => {}
        }
        documents.push((kind, document.certificate));
    }
    Ok(documents)
}

/// The certificate of the octal game `code`, as `nimcert certify --octal
/// CODE` (`no_values`: `--no-values`).
#[pyfunction]
#[pyo3(signature = (code, *, no_values = false, method = "rare", max_n = 100_000, max_work = 60_000_000_000))]
pub fn certify_octal(
    py: Python<'_>,
    code: &str,
    no_values: bool,
    method: &str,
    #[pyo3(from_py_with = args::max_n)] max_n: u64,
    #[pyo3(from_py_with = args::max_work)] max_work: u64,
) -> PyResult<Certificate> {
    let (method, code) = guard(|| {
        let method = method_of(method).map_err(|f| f.into_py_err(py))?;
        let code = OctalCode::parse(code).map_err(|e| Failure::input(e).into_py_err(py))?;
        Ok((method, code))
    })?;
    let limits = Limits {
        max_n,
        max_work,
        ..Limits::default()
    };
    run(py, move || {
        let game = nimcert::octal::solve::solve(&code, method, &limits)?;
        Ok(octal_certificate(&game, method, no_values))
    })
}

/// The `Family` certificate of the class c ≡ ρ (mod a + b) of paper A,
/// for every c, as `nimcert certify --family A,B,RHO`: derived, then run
/// through the checker's library (`FalseClaimError` if it refuses it).
#[pyfunction]
pub fn certify_family(
    py: Python<'_>,
    #[pyo3(from_py_with = args::a)] a: u64,
    #[pyo3(from_py_with = args::b)] b: u64,
    #[pyo3(from_py_with = args::rho)] rho: u64,
) -> PyResult<Certificate> {
    run(py, move || {
        use nimcert::subtraction::family::{checked_certificate, Uncertified};
        let certificate = checked_certificate(a, b, rho).map_err(|e| match e {
            Uncertified::NotFamily(why) => Failure::input(format!(
                "{{{a}, {b}, c ≡ {rho}}}: no family certificate: {why}"
            )),
            Uncertified::Refused(m) => Failure::false_claim(format!(
                "{{{a}, {b}, c ≡ {rho}}}: nimcheck refused the derived family certificate: {m}"
            )),
        })?;
        Ok(Certificate::new(certificate))
    })
}

/// Wraps certificates made elsewhere (an audit's counterexamples).
pub fn wrap(certificate: Cert) -> Certificate {
    Certificate::new(certificate)
}
