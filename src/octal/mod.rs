//! Octal (take-and-break) games beyond the two papers: the
//! rules ([`code`]), the nim-sequence by the mex rule, directly and by rare
//! values ([`values`]), the least pre-period and period proved by the Octal
//! Periodicity Theorem ([`period`]) within a work bound estimated before
//! the work ([`estimate`]), and the published claims that `nimcert audit`
//! checks ([`published`]).

pub mod certify;
pub mod claims;
pub mod code;
pub mod estimate;
pub mod long_run;
pub mod period;
pub mod published;
pub mod solve;
pub mod sweep;
pub mod values;

pub use code::OctalCode;
pub use values::{Method, OctalSequence};
