//! Certificates translated for other proof checkers.
//!
//! [`coq`]: a `Sequence` or `PSet` certificate as a Coq file that states
//! the claim about the game in the semantics of `formal/` and proves it by
//! running the Coq checker proved sound there (docs/FORMAL.md);
//! [`tree_vertices`]: a tree-vertex `Avoidance` certificate as a Coq file
//! proving its nim number and its 𝓜 by the exhaustive evaluator proved
//! sound in `formal/theories/TreeVertex.v`;
//! [`geometries`]: an `Avoidance` certificate on a closure system, a
//! tree's edge geometry or an affine point set, likewise (`Closure.v`,
//! `TreeEdge.v`, `Affine.v`);
//! [`octal`]: an `Octal` or `OctalPeriodic` certificate as a Coq file
//! proved by the checker of `formal/theories/OctalCheck.v`;
//! [`judge`]: certificates in the input format of `nimjudge`, the judge
//! extracted from Coq (every kind but `Grundy`: the families too).
//!
//! The Coq exporters write their files with the pieces of `coq_text`; the
//! dispatch by claim kind is [`coq::export`].

pub mod coq;
mod coq_text;
pub mod family_coq;
pub mod geometries;
pub mod judge;
pub mod octal;
pub mod preperiodic_coq;
pub mod smt;
pub mod smt_preperiodic;
pub mod tree_vertices;
