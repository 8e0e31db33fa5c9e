//! claims
mod check;
mod diag;
mod expr;
mod file;
pub use check::{check, check_claim, needs_game};
pub use diag::{DiagKind, Diagnostic};
pub use file::{parse, ClaimFile, ClaimKind, FileClaim, ParseLimits, FLAG_MAX_BYTES, FLAG_MAX_CLAIMS, DEFAULT_CHECK_BELOW};
/// placeholder
pub struct NoGame;
