//! Structure diagrams against exhaustive search on random trees, point sets
//! and closure systems; geometry axioms and input validation.

mod avoidance_common;

use avoidance_common::*;
use nimcert::avoidance::closure::{AxiomError, ClosureSystem};
use nimcert::avoidance::enumerate::{free_trees, rooted_level_sequences};
use nimcert::avoidance::structure::structure_nim;
use nimcert::avoidance::{exhaustive, ConvexGeometry, Game, PointSet, StructureDiagram};
use proptest::prelude::*;

fn agree(game: &Game) -> Result<(), TestCaseError> {
    let diagram = StructureDiagram::build(game, 1 << 16).expect("small diagram");
    let exhaustive = exhaustive::nim_number(game).expect("small game");
    prop_assert_eq!(diagram.nim(), exhaustive);
    // The recursion on 𝓜 alone (the audit's fast path) gives the same.
    let masks: Vec<u64> = diagram.maximal.iter().map(PointSet::mask).collect();
    if game.size() <= 64 {
        prop_assert_eq!(structure_nim(&masks, game.size()), Some(exhaustive));
    }
    // Every maximal set is non-generating and maximal.
    for m in &diagram.maximal {
        prop_assert!(!game.generates(m));
        for x in (0..game.size()).filter(|&x| !m.contains(x)) {
            prop_assert!(game.generates(&m.with(x)));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn trees_vertex_geometry(tree in tree(2..=14), mask in any::<u64>()) {
        if let Some(game) = vertex_game(tree, mask) { agree(&game)?; }
    }

    #[test]
    fn trees_edge_geometry(tree in tree(2..=14), mask in any::<u64>()) {
        if let Some(game) = edge_game(tree, mask) { agree(&game)?; }
    }

    #[test]
    fn point_sets(points in points(1..=12), mask in any::<u64>()) {
        if let Some(game) = affine_game(points, mask) { agree(&game)?; }
    }

    #[test]
    fn closure_systems(system in closure_system(), mask in any::<u64>()) {
        if let Some(game) = game(Box::new(system), mask) { agree(&game)?; }
    }

    /// The affine closure is the hull: τ(A) is convex, contains A, and
    /// every point of τ(A) is in the hull of at most three points of A.
    #[test]
    fn affine_closure_is_hull(points in points(1..=9), mask in any::<u64>()) {
        let geometry = nimcert::avoidance::affine::AffineGeometry::new(points.clone(), false).unwrap();
        let n = points.len();
        let a = PointSet::from_mask(n, mask & ((1 << n) - 1));
        let hull = geometry.closure(&a);
        prop_assert!(a.is_subset(&hull));
        prop_assert_eq!(geometry.closure(&hull), hull.clone());
        for q in 0..n {
            prop_assert_eq!(hull.contains(q), in_some_triangle(&points, &a, q));
        }
    }
}

/// Carathéodory in the plane: q ∈ conv(A) iff q is in a triangle (possibly
/// degenerate) of points of A. Exact, by signed areas.
fn in_some_triangle(points: &[(i64, i64)], a: &PointSet, q: usize) -> bool {
    let cross = |o: (i64, i64), p: (i64, i64), r: (i64, i64)| {
        (p.0 - o.0) * (r.1 - o.1) - (p.1 - o.1) * (r.0 - o.0)
    };
    let on_segment = |p: (i64, i64), r: (i64, i64), x: (i64, i64)| {
        cross(p, r, x) == 0
            && x.0 >= p.0.min(r.0)
            && x.0 <= p.0.max(r.0)
            && x.1 >= p.1.min(r.1)
            && x.1 <= p.1.max(r.1)
    };
    let x = points[q];
    let m: Vec<(i64, i64)> = a.iter().map(|i| points[i]).collect();
    m.contains(&x)
        || m.iter().any(|&p| m.iter().any(|&r| on_segment(p, r, x)))
        || m.iter().any(|&p| {
            m.iter().any(|&r| {
                m.iter().any(|&s| {
                    let (d1, d2, d3) = (cross(p, r, x), cross(r, s, x), cross(s, p, x));
                    (d1 > 0 && d2 > 0 && d3 > 0) || (d1 < 0 && d2 < 0 && d3 < 0)
                })
            })
        })
}

#[test]
fn tree_counts_match_the_known_sequences() {
    // OEIS A000081 (rooted) and A000055 (free trees).
    let rooted: Vec<usize> = (1..=10).map(|n| rooted_level_sequences(n).len()).collect();
    assert_eq!(rooted, [1, 1, 2, 4, 9, 20, 48, 115, 286, 719]);
    let free: Vec<usize> = (2..=10).map(|n| free_trees(n).len()).collect();
    assert_eq!(free, [1, 1, 2, 3, 6, 11, 23, 47, 106]);
}

#[test]
fn every_small_tree_agrees_with_exhaustive_search() {
    for n in 2..=7 {
        for tree in free_trees(n) {
            for mask in 1u64..1 << n {
                if let Some(g) = vertex_game(tree.clone(), mask) {
                    agree(&g).unwrap();
                }
                if let Some(g) = edge_game(tree.clone(), mask) {
                    agree(&g).unwrap();
                }
            }
        }
    }
}

#[test]
fn large_trees_with_few_maximal_sets() {
    // A path of 400 vertices with W its two ends: 𝓜 has two members.
    let edges: Vec<(usize, usize)> = (0..399).map(|i| (i, i + 1)).collect();
    let tree = nimcert::avoidance::tree::Tree::from_edges(400, &edges).unwrap();
    let geometry = nimcert::avoidance::tree::VertexGeometry::new(tree);
    let game = Game::new(Box::new(geometry), [0, 399]).unwrap();
    let diagram = StructureDiagram::build(&game, 1 << 16).unwrap();
    assert_eq!(diagram.maximal.len(), 2);
    assert_eq!(diagram.classes.len(), 3);
}

#[test]
fn exhaustive_search_handles_24_points() {
    // A star with 23 leaves, W = {one leaf}: all 2^23 subsets of the rest.
    let edges: Vec<(usize, usize)> = (1..24).map(|i| (0, i)).collect();
    let tree = nimcert::avoidance::tree::Tree::from_edges(24, &edges).unwrap();
    let game = Game::new(
        Box::new(nimcert::avoidance::tree::VertexGeometry::new(tree)),
        [1],
    )
    .unwrap();
    let start = std::time::Instant::now();
    let nim = exhaustive::nim_number(&game).unwrap();
    assert_eq!(nim, StructureDiagram::build(&game, 1 << 16).unwrap().nim());
    assert!(start.elapsed().as_secs() < 30);
}

#[test]
fn closure_axioms_are_named() {
    let fails = |n, sets: &[Vec<usize>]| ClosureSystem::new(n, sets).err();
    assert_eq!(fails(2, &[vec![1]]), Some(AxiomError::GroundSetMissing));
    assert!(matches!(
        fails(3, &[vec![1, 2], vec![2, 3], vec![1, 2, 3]]),
        Some(AxiomError::NotIntersectionClosed(..))
    ));
    assert!(matches!(
        fails(3, &[vec![], vec![1, 2, 3]]),
        Some(AxiomError::NoExtension(..))
    ));
    // The two convex geometries printed in §2 of paper B.
    assert!(ClosureSystem::new(4, &[vec![2, 3, 4], vec![1, 2, 3, 4]]).is_ok());
    assert!(ClosureSystem::new(
        4,
        &[vec![2, 3], vec![2, 3, 4], vec![1, 2, 3], vec![1, 2, 3, 4]]
    )
    .is_ok());
}
