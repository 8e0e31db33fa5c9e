//! Certificates translated for other proof checkers.
//!
//! [`coq`]: a `Sequence` or `PSet` certificate as a Coq file that states
//! the claim about the game in the semantics of `formal/` and proves it by
//! running the Coq checker proved sound there (issue 15, docs/FORMAL.md);
//! [`tree_vertices`]: a tree-vertex `Avoidance` certificate as a Coq file
//! proving its nim number and its 𝓜 by the exhaustive evaluator proved
//! sound in `formal/theories/TreeVertex.v`.

pub mod coq;
pub mod geometries;
pub mod tree_vertices;
