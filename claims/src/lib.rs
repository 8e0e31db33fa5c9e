//! claims
mod diag;
mod expr;
pub use diag::{DiagKind, Diagnostic};
