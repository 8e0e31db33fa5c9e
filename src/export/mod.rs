//! Certificates translated for other proof checkers.
//!
//! [`coq`]: a `Sequence` or `PSet` certificate as a Coq file that states
//! the claim about the game in the semantics of `formal/` and proves it by
//! running the Coq checker proved sound there (issue 15, docs/FORMAL.md).

pub mod coq;
