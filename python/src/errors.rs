//! Errors as Python exceptions, with the command line's one-line messages
//! and exit statuses, and every call guarded against Rust panics.
//!
//! The exceptions form one tree under `nimcert.NimcertError` (an
//! `Exception`), one class per exit status of the `nimcert` command line:
//! `InputError` (2: bad input, or undecided), `LimitError` (3: a limit
//! reached; its `flag` names the command-line flag, whose keyword argument
//! here is the same name with underscores), `FalseClaimError` (1: a claim
//! found false), `OutputError` (4: a file that cannot be read or written);
//! and `InternalError` for a Rust panic, which never crosses into Python
//! as an abort. Every instance has the attributes `exit_code`, `flag`,
//! and `file`, `line`, `col` (None but for an error in a claim file).
//!
//! A panic becomes an `InternalError`: in the work of a call, caught on
//! the thread that does it (`work::run`), and in the rest of an entry
//! point's body by [`guard`]. PyO3 would otherwise raise its
//! `PanicException`, a `BaseException` that `except Exception` misses.

use nimcert::solve::SolveError;
use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use std::any::Any;
use std::fmt;
use std::panic::{catch_unwind, AssertUnwindSafe};

create_exception!(
    nimcert,
    NimcertError,
    PyException,
    "Every error of nimcert: `exit_code` is the command line's exit status for it."
);
create_exception!(
    nimcert,
    InputError,
    NimcertError,
    "Bad input (arguments or file contents), or undecided: exit status 2."
);
create_exception!(
    nimcert,
    LimitError,
    NimcertError,
    "A limit reached: exit status 3; `flag` names the flag (keyword argument) that raises it."
);
create_exception!(
    nimcert,
    FalseClaimError,
    NimcertError,
    "A claim found false (a formula whose certificate cannot be built): exit status 1."
);
create_exception!(
    nimcert,
    OutputError,
    NimcertError,
    "A file that cannot be read or written: exit status 4."
);
create_exception!(
    nimcert,
    InternalError,
    NimcertError,
    "A Rust panic inside nimcert (a bug): caught, never an abort of the interpreter."
);

/// The longest message, as the command line's `MESSAGE_CHARS` (longer
/// ones are cut with `…`).
pub const MESSAGE_CHARS: usize = 400;

/// Where in a claim file an error is.
#[derive(Clone, Debug)]
pub struct Place {
    pub file: String,
    pub line: usize,
    pub col: usize,
}

/// A failure on the Rust side: the exit status the command line would
/// give, its one-line message, the flag of a limit, the place in a claim
/// file. Built without the interpreter (inside `Python::detach`), turned
/// into an exception by [`Failure::into_py_err`].
#[derive(Clone, Debug)]
pub struct Failure {
    code: u8,
    message: String,
    flag: Option<&'static str>,
    place: Option<Place>,
}

impl Failure {
    /// The message made one line (its lines joined by "; ") and cut to
    /// [`MESSAGE_CHARS`], as the command line's `CliError`.
    fn new(code: u8, message: impl fmt::Display) -> Self {
        Failure {
            code,
            message: nimcert::moves::one_line(&message.to_string(), MESSAGE_CHARS),
            flag: None,
            place: None,
        }
    }

    /// Bad input, or undecided (exit 2).
    pub fn input(message: impl fmt::Display) -> Self {
        Self::new(2, message)
    }

    /// A limit reached (exit 3); the message names `flag` ("(raise FLAG)"
    /// is added when it does not already).
    pub fn limit(flag: &'static str, message: impl fmt::Display) -> Self {
        let message = message.to_string();
        let mut failure = if message.contains(flag) {
            Self::new(3, message)
        } else {
            Self::new(3, format!("{message} (raise {flag})"))
        };
        failure.flag = Some(flag);
        failure
    }

    /// A claim found false (exit 1).
    pub fn false_claim(message: impl fmt::Display) -> Self {
        Self::new(1, message)
    }

    /// A file that cannot be read or written (exit 4).
    pub fn io(message: impl fmt::Display) -> Self {
        Self::new(4, message)
    }

    /// The exit status the command line gives this failure.
    pub fn exit_code(&self) -> u8 {
        self.code
    }

    /// The same failure, located in a claim file.
    pub fn at(mut self, place: Place) -> Self {
        self.place = Some(place);
        self
    }

    /// A claim file's diagnostic: its one line `FILE:LINE:COL: message`,
    /// exit 2 or 3 by its kind.
    pub fn diagnostic(d: &nimcert_claims::Diagnostic) -> Self {
        let failure = match d.kind {
            nimcert_claims::DiagKind::Input => Failure::input(d.one_line()),
            nimcert_claims::DiagKind::Limit { flag } => Failure::limit(flag, d.one_line()),
        };
        failure.at(Place {
            file: d.file.clone(),
            line: d.line,
            col: d.col,
        })
    }

    /// The Python exception: its class by the exit status, the message as
    /// its text, `exit_code`, `flag` and (claim files) `file`, `line`,
    /// `col` as attributes.
    pub fn into_py_err(self, py: Python<'_>) -> PyErr {
        let error = match self.code {
            1 => FalseClaimError::new_err(self.message),
            3 => LimitError::new_err(self.message),
            4 => OutputError::new_err(self.message),
            _ => InputError::new_err(self.message),
        };
        set_attributes(py, &error, self.code, self.flag, self.place.as_ref());
        error
    }
}

/// Sets the attributes every nimcert exception carries.
fn set_attributes(
    py: Python<'_>,
    error: &PyErr,
    code: u8,
    flag: Option<&str>,
    place: Option<&Place>,
) {
    let value = error.value(py);
    // Setting an attribute on a fresh exception instance cannot fail; if it
    // did, the exception would still be raised, without the attribute.
    let _ = value.setattr("exit_code", code);
    let _ = value.setattr("flag", flag);
    let _ = value.setattr("file", place.map(|p| p.file.as_str()));
    let _ = value.setattr("line", place.map(|p| p.line));
    let _ = value.setattr("col", place.map(|p| p.col));
}

impl From<SolveError> for Failure {
    /// As the command line: exit 2 for input refused, exit 3 naming the
    /// flag of the limit reached.
    fn from(e: SolveError) -> Self {
        match e {
            SolveError::Input(message) => Failure::input(message),
            SolveError::Limit { limit, message } => Failure::limit(limit.flag(), message),
        }
    }
}

/// The result of work done on the Rust side.
pub type Outcome<T> = Result<T, Failure>;

/// Runs the body of an entry point on the calling thread (holding the
/// interpreter), catching a panic: an `InternalError` with the panic's
/// message, where PyO3 would raise a `PanicException` (which `except
/// Exception` does not catch).
pub fn guard<T>(body: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    catch_unwind(AssertUnwindSafe(body))
        .unwrap_or_else(|payload| Err(Python::attach(|py| internal(py, payload))))
}

/// The exception of a finished piece of work (`work::run`): a `Failure`
/// its exception, a panic an `InternalError`.
pub fn settle<T>(py: Python<'_>, outcome: Result<Outcome<T>, Box<dyn Any + Send>>) -> PyResult<T> {
    match outcome {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(failure)) => Err(failure.into_py_err(py)),
        Err(payload) => Err(internal(py, payload)),
    }
}

/// The `InternalError` of a caught panic.
pub fn internal(py: Python<'_>, payload: Box<dyn Any + Send>) -> PyErr {
    let what = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_string());
    let message = nimcert::moves::clip(
        &format!("internal error (a bug in nimcert, please report it): {what}"),
        MESSAGE_CHARS,
    );
    let error = InternalError::new_err(message);
    set_attributes(py, &error, 101, None, None);
    error
}
