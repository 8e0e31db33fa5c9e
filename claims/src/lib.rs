//! claims
mod check;
mod diag;
mod eval;
mod expr;
mod file;
mod instances;
mod linear;
pub use check::{check, check_claim, needs_game};
pub use diag::{DiagKind, Diagnostic};
pub use eval::{Budget, EvalError, Evaluation, NoGame, Sequence, XScope, FLAG_MAX_EVAL_STEPS};
pub use file::{
    parse, ClaimFile, ClaimKind, FileClaim, ParseLimits, DEFAULT_CHECK_BELOW, FLAG_MAX_BYTES,
    FLAG_MAX_CLAIMS,
};
pub use instances::{evaluate, instance_estimate, instances, GameSpec, Instance, Instances};
