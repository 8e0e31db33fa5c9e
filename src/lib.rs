//! nimcert: audits published results about impartial games with
//! machine-checkable certificates.
//!
//! The solver side: [`engine`] computes nim-sequences and their least
//! (pre-period, period); [`certify`] turns results into certificates of the
//! format owned by the trusted checker crate [`nimcert_check`].

pub mod audit;
pub mod avoidance;
pub mod certify;
pub mod claim;
pub mod engine;
pub mod io;
pub mod moves;
pub mod pictures;
pub mod range;
pub mod subtraction;
pub mod sweep;

pub use nimcert_check as check;
