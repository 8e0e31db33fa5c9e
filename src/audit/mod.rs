//! The audit: a registry of every checkable statement of both papers, each
//! checked instance by instance against computation.
//!
//! A statement is a [`Claim`]: its id (`A.Thm36`, `A.Table1.row3`,
//! `B.Prop18`), the statement as printed (short form), its hypotheses, its
//! status (theorem, conjecture, worked example), a default range in words,
//! and a function that checks it on a [`Scope`] and returns a
//! [`ClaimResult`]. A claim's run function enumerates its instances in
//! increasing order and checks each with [`check_instances`], so the first
//! failure reported is the smallest counterexample.
//!
//! Paper modules register their claims in [`registry`].

pub mod claim;
pub mod range;
pub mod report;
pub mod sweep;

pub use claim::{check_instances, Claim, ClaimResult, InstanceOutcome, Scope, Status, Verdict};

/// Every registered claim, paper A first, in statement order.
pub fn registry() -> Vec<Claim> {
    let mut v = crate::subtraction::claims::claims();
    v.extend(crate::avoidance::claims::claims());
    v
}
