//! The audit: the registry of every checkable statement of both papers and
//! the report of running it.
//!
//! Layers, one way only: [`crate::claim`] (a claim, its scope and verdict)
//! at the bottom; each paper's claims above it
//! ([`crate::subtraction::claims`], [`crate::avoidance::claims`]); the
//! registry and the report here, on top.

pub mod report;

pub use crate::claim::{
    check_instances, Claim, ClaimResult, InstanceOutcome, Scope, Status, Verdict,
};

/// Every registered claim, paper A first, in statement order.
pub fn registry() -> Vec<Claim> {
    let mut v = crate::subtraction::claims::claims();
    v.extend(crate::avoidance::claims::claims());
    v
}
