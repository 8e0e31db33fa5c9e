//! Random geometries for the avoidance property tests.
#![allow(dead_code)]

use nimcert::avoidance::affine::AffineGeometry;
use nimcert::avoidance::closure::ClosureSystem;
use nimcert::avoidance::tree::{EdgeGeometry, Tree, VertexGeometry};
use nimcert::avoidance::{ConvexGeometry, Game, PointSet};
use proptest::prelude::*;

/// A random tree on `sizes` vertices: vertex i > 0 hangs from a random
/// earlier vertex.
pub fn tree(sizes: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = Tree> {
    sizes.prop_flat_map(|n| {
        proptest::collection::vec(any::<u32>(), n - 1).prop_map(move |r| {
            let edges: Vec<(usize, usize)> = r
                .iter()
                .enumerate()
                .map(|(i, &x)| (x as usize % (i + 1), i + 1))
                .collect();
            Tree::from_edges(n, &edges).expect("random recursive trees are trees")
        })
    })
}

/// Distinct points of a small grid, including collinear ones.
pub fn points(sizes: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = Vec<(i64, i64)>> {
    proptest::collection::btree_set((-3i64..=3, -3i64..=3), sizes)
        .prop_map(|s| s.into_iter().collect())
}

/// The convex sets of a geometry, listed explicitly (n ≤ 10).
pub fn convex_sets(geometry: &dyn ConvexGeometry) -> Vec<Vec<usize>> {
    let n = geometry.size();
    (0u64..1 << n)
        .map(|m| PointSet::from_mask(n, m))
        .filter(|a| geometry.closure(a) == *a)
        .map(|a| a.iter().map(|x| x + 1).collect())
        .collect()
}

/// A random closure system: the order ideals of a random poset (a convex
/// geometry: closed under ∩, and an ideal grows by a minimal element of its
/// complement), or an explicit listing of a random affine geometry.
pub fn closure_system() -> impl Strategy<Value = ClosureSystem> {
    prop_oneof![
        (2usize..=7).prop_flat_map(|n| {
            proptest::collection::vec(any::<bool>(), n * n).prop_map(move |bits| {
                // i < j related when the bit says so; take the transitive closure.
                let mut below = vec![vec![false; n]; n];
                for i in 0..n {
                    for j in i + 1..n {
                        below[i][j] = bits[i * n + j] && (i + j) % 3 != 0;
                    }
                }
                for k in 0..n {
                    for i in 0..n {
                        for j in 0..n {
                            if below[i][k] && below[k][j] {
                                below[i][j] = true;
                            }
                        }
                    }
                }
                let ideals: Vec<Vec<usize>> = (0u64..1 << n)
                    .filter(|m| {
                        (0..n).all(|j| {
                            m >> j & 1 == 0 || (0..n).all(|i| !below[i][j] || m >> i & 1 == 1)
                        })
                    })
                    .map(|m| (0..n).filter(|i| m >> i & 1 == 1).map(|i| i + 1).collect())
                    .collect();
                ClosureSystem::new(n, &ideals).expect("ideals form a convex geometry")
            })
        }),
        points(1..=7).prop_map(|p| {
            let affine = AffineGeometry::new(p, false).expect("distinct");
            ClosureSystem::new(affine.size(), &convex_sets(&affine)).expect("affine is convex")
        }),
    ]
}

/// W from a random mask over n points; None when the game is not defined.
pub fn game(geometry: Box<dyn ConvexGeometry>, mask: u64) -> Option<Game> {
    let n = geometry.size();
    let win: Vec<usize> = (0..n).filter(|i| mask >> (i % 64) & 1 == 1).collect();
    Game::new(geometry, win).ok()
}

pub fn vertex_game(tree: Tree, mask: u64) -> Option<Game> {
    game(Box::new(VertexGeometry::new(tree)), mask)
}

pub fn edge_game(tree: Tree, mask: u64) -> Option<Game> {
    game(Box::new(EdgeGeometry::new(tree)), mask)
}

pub fn affine_game(points: Vec<(i64, i64)>, mask: u64) -> Option<Game> {
    game(Box::new(AffineGeometry::new(points, false).ok()?), mask)
}
