//! The Python extension `nimcert._nimcert` (docs/PYTHON.md): the engine,
//! paper A's classification, certificates, the trusted checker's library
//! and the claim-file audit, called from Python as the `nimcert` command
//! line calls them, with its limits and its one-line messages.
//!
//! Every function and method is guarded against Rust panics: its long
//! work runs on a thread of its own while the caller waits without
//! holding the interpreter and answers Ctrl-C (`work::run`), the rest
//! runs under `errors::guard`. A failure is a Python exception of the
//! `NimcertError` tree, a Rust panic an `InternalError` (never PyO3's
//! `PanicException`, which `except Exception` misses, nor an abort of the
//! interpreter). Arguments are read by `args`: a bad one is an
//! `InputError`.

#![forbid(unsafe_code)]

mod args;
mod audit;
mod certs;
mod errors;
mod games;
mod values;
mod work;

use pyo3::prelude::*;

/// A test seam: panics with `message`, by default on the thread that does
/// the work of every long call (`work::run`), with `in_worker=False` in
/// the body of an entry point on the calling thread (`errors::guard`), so
/// that the tests can show a Rust panic arriving as `nimcert.InternalError`
/// from either.
#[pyfunction]
#[pyo3(signature = (message, *, in_worker = true))]
fn _panic_for_test(py: Python<'_>, message: String, in_worker: bool) -> PyResult<()> {
    if in_worker {
        work::run(py, move || -> errors::Outcome<()> { panic!("{message}") })
    } else {
        errors::guard(|| -> PyResult<()> { panic!("{message}") })
    }
}

#[pymodule]
fn _nimcert(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("NimcertError", py.get_type::<errors::NimcertError>())?;
    m.add("InputError", py.get_type::<errors::InputError>())?;
    m.add("LimitError", py.get_type::<errors::LimitError>())?;
    m.add("FalseClaimError", py.get_type::<errors::FalseClaimError>())?;
    m.add("OutputError", py.get_type::<errors::OutputError>())?;
    m.add("InternalError", py.get_type::<errors::InternalError>())?;
    m.add_class::<values::Values>()?;
    m.add_class::<games::Game>()?;
    m.add_class::<games::OctalGame>()?;
    m.add_class::<games::Classification>()?;
    m.add_class::<games::Prediction>()?;
    m.add_class::<certs::Certificate>()?;
    m.add_class::<certs::CheckResult>()?;
    m.add_class::<audit::ClaimVerdict>()?;
    m.add_class::<audit::AuditReport>()?;
    m.add_function(wrap_pyfunction!(games::solve, m)?)?;
    m.add_function(wrap_pyfunction!(games::solve_octal, m)?)?;
    m.add_function(wrap_pyfunction!(games::classify, m)?)?;
    m.add_function(wrap_pyfunction!(certs::certify, m)?)?;
    m.add_function(wrap_pyfunction!(certs::certify_formula, m)?)?;
    m.add_function(wrap_pyfunction!(certs::certify_octal, m)?)?;
    m.add_function(wrap_pyfunction!(certs::certify_family, m)?)?;
    m.add_function(wrap_pyfunction!(certs::check, m)?)?;
    m.add_function(wrap_pyfunction!(certs::check_file, m)?)?;
    m.add_function(wrap_pyfunction!(audit::audit_claims, m)?)?;
    m.add_function(wrap_pyfunction!(audit::audit_file, m)?)?;
    m.add_function(wrap_pyfunction!(_panic_for_test, m)?)?;
    Ok(())
}
