//! Paper B: Shim, *Impartial Avoidance Games on Convex Geometries*
//! (arXiv 2512.06267).
//!
//! - [`geometry`]: the convex-geometry trait and the game DNG(S, W);
//! - [`closure`], [`affine`], [`tree`]: explicit closure systems, point sets
//!   in Z and Z², vertex and edge geometries of trees;
//! - [`exhaustive`]: the nim number by the mex rule over all positions;
//! - [`structure`]: structure diagrams (§3);
//! - [`formulas`]: the paper's closed forms and the ones derived here;
//! - [`enumerate`]: all small trees, for the sweeps;
//! - [`certify`]: avoidance certificates;
//! - [`solve`]: a game built from its description and solved within limits;
//! - [`claims`]: the paper's statements in the audit registry.

pub mod affine;
pub mod certify;
pub mod claims;
pub mod closure;
pub mod enumerate;
pub mod exhaustive;
pub mod formulas;
pub mod geometry;
pub mod points;
pub mod solve;
pub mod structure;
pub mod tree;

pub use geometry::{ConvexGeometry, Game, GameError};
pub use points::PointSet;
pub use structure::StructureDiagram;

/// mex: the least non-negative integer not among `values`.
pub fn mex(values: impl IntoIterator<Item = u32>) -> u32 {
    let mut seen: Vec<u32> = values.into_iter().collect();
    seen.sort_unstable();
    seen.dedup();
    seen.iter()
        .enumerate()
        .find(|&(i, &v)| v != i as u32)
        .map_or(seen.len() as u32, |(i, _)| i as u32)
}
