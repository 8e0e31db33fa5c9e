//! The audit: the registry of every checkable statement of both papers and
//! the report of running it.
//!
//! Layers, one way only: [`crate::claim`] (a claim, its scope and verdict)
//! at the bottom; each paper's claims above it
//! ([`crate::subtraction::claims`], [`crate::avoidance::claims`]); the
//! registry, the report, the baseline and the certificate store here, on
//! top.

pub mod baseline;
pub mod file;
pub mod html;
pub mod mathml;
pub mod report;
pub mod store;

pub use crate::claim::{
    check_instances, decide, Claim, ClaimResult, InstanceOutcome, Kind, Scope, Verdict,
};

/// Every registered claim, paper A first, each paper in the order of its
/// text, then the published claims about octal games (issue 14).
pub fn registry() -> Vec<Claim> {
    let mut v = crate::subtraction::claims::claims();
    v.extend(crate::avoidance::claims::claims());
    v.extend(crate::octal::claims::claims());
    v
}
