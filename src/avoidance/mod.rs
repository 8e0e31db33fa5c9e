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
///
/// The values below 64 are marked in one word, so the common case
/// allocates nothing: the least clear bit m of the word is the mex when
/// m < 64 (every smaller value was seen, m was not). Only when 0..=63 all
/// occur are the larger values, kept aside, sorted and scanned from 64.
pub fn mex(values: impl IntoIterator<Item = u32>) -> u32 {
    let mut small = 0u64;
    let mut large: Vec<u32> = Vec::new();
    for v in values {
        if v < 64 {
            small |= 1 << v;
        } else {
            large.push(v);
        }
    }
    let mut m = (!small).trailing_zeros();
    if m < 64 {
        return m;
    }
    large.sort_unstable();
    for v in large {
        if v == m {
            m += 1;
        } else if v > m {
            break;
        }
    }
    m
}
