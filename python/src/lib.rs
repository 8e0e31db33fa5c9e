//! The Python extension `nimcert._nimcert` (docs/PYTHON.md): the engine,
//! paper A's classification, certificates, the trusted checker's library
//! and the claim-file audit, called from Python as the `nimcert` command
//! line calls them, with its limits and its one-line messages.
//!
//! Every function runs its work without holding the interpreter and under
//! `catch_unwind` (`errors::run`): a failure is a Python exception of
//! the `NimcertError` tree, a Rust panic an `InternalError`, never an
//! abort of the interpreter.

#![forbid(unsafe_code)]

mod audit;
mod certs;
mod errors;
mod games;
mod values;

use pyo3::prelude::*;

/// A test seam: panics inside the guarded call, so that the tests can
/// show a Rust panic arriving as `nimcert.InternalError`.
#[pyfunction]
fn _panic_for_test(py: Python<'_>, message: String) -> PyResult<()> {
    errors::run(py, move || -> errors::Outcome<()> { panic!("{message}") })
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
