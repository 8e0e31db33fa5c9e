//! Every emitted avoidance certificate is accepted by the checker; mutated
//! ones (wrong nim, a missing or extra maximal set, a wrong type) are not.

mod avoidance_common;

use avoidance_common::*;
use nimcert::avoidance::certify::{certificate, search_method};
use nimcert::avoidance::{Game, StructureDiagram};
use nimcert::check::format::{AvoidanceClaim, Certificate, Claim};
use nimcert::check::{check_bytes, check_certificate, to_ron, Limits, Verdict};
use proptest::prelude::*;

fn emit(game: &Game) -> Certificate {
    let diagram = StructureDiagram::build(game, 1 << 16).unwrap();
    certificate(game, &diagram, search_method())
}

fn claim(cert: &mut Certificate) -> &mut AvoidanceClaim {
    match &mut cert.claim {
        Claim::Avoidance(c) => c,
        _ => unreachable!("avoidance certificates hold avoidance claims"),
    }
}

fn judged(cert: &Certificate) -> Verdict {
    check_certificate(cert, &Limits::default())
}

fn accepted_and_mutants_rejected(game: &Game, pick: usize) -> Result<(), TestCaseError> {
    let cert = emit(game);
    prop_assert!(
        matches!(judged(&cert), Verdict::Valid(_)),
        "{:?}",
        judged(&cert)
    );
    prop_assert!(matches!(
        check_bytes(to_ron(&cert).as_bytes(), &Limits::default()),
        Verdict::Valid(_)
    ));
    let invalid = |c: &Certificate| matches!(judged(c), Verdict::Invalid(_));

    let mut wrong_nim = cert.clone();
    claim(&mut wrong_nim).nim += 1;
    prop_assert!(invalid(&wrong_nim));

    let mut missing = cert.clone();
    let m = claim(&mut missing).maximal.len();
    claim(&mut missing).maximal.remove(pick % m);
    prop_assert!(invalid(&missing));

    // An extra set: a proper subset of a maximal set, or the ground set.
    let mut extra = cert.clone();
    let c = claim(&mut extra);
    let mut set = c.maximal[pick % m].clone();
    if set.is_empty() {
        set = (0..game.size() as u32).collect();
    } else {
        set.remove(pick % set.len());
    }
    if !c.maximal.contains(&set) {
        c.maximal.push(set);
        c.maximal.sort();
        prop_assert!(invalid(&extra));
    }

    let mut wrong_type = cert.clone();
    let classes = &mut claim(&mut wrong_type).classes;
    let k = pick % classes.len();
    classes[k].nim1 += 1;
    prop_assert!(invalid(&wrong_type));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn tree_vertex_certificates(tree in tree(2..=16), mask in any::<u64>(), pick in any::<usize>()) {
        if let Some(game) = vertex_game(tree, mask) { accepted_and_mutants_rejected(&game, pick)?; }
    }

    #[test]
    fn tree_edge_certificates(tree in tree(2..=16), mask in any::<u64>(), pick in any::<usize>()) {
        if let Some(game) = edge_game(tree, mask) { accepted_and_mutants_rejected(&game, pick)?; }
    }

    #[test]
    fn affine_certificates(points in points(1..=10), mask in any::<u64>(), pick in any::<usize>()) {
        if let Some(game) = affine_game(points, mask) { accepted_and_mutants_rejected(&game, pick)?; }
    }

    #[test]
    fn closure_certificates(system in closure_system(), mask in any::<u64>(), pick in any::<usize>()) {
        if let Some(game) = game(Box::new(system), mask) { accepted_and_mutants_rejected(&game, pick)?; }
    }

    /// Arbitrary small claims never make the checker panic.
    #[test]
    fn hostile_claims_do_not_panic(
        n in 0u32..6,
        edges in proptest::collection::vec((0u32..7, 0u32..7), 0..6),
        win in proptest::collection::vec(0u32..7, 0..4),
        maximal in proptest::collection::vec(proptest::collection::vec(0u32..7, 0..4), 0..4),
        sets in proptest::collection::vec((proptest::collection::vec(0u32..7, 0..4), 0u8..3, 0u32..3, 0u32..3, proptest::collection::vec(0u32..8, 0..3)), 0..5),
        nim in 0u32..3,
    ) {
        use nimcert::check::format::{AvoidanceClass, AvoidanceGeometry};
        let classes = sets.into_iter().map(|(set, parity, nim0, nim1, options)| AvoidanceClass { set, parity, nim0, nim1, options }).collect::<Vec<_>>();
        for geometry in [
            AvoidanceGeometry::TreeVertices { vertices: n, edges: edges.clone() },
            AvoidanceGeometry::TreeEdges { vertices: n, edges: edges.clone() },
            AvoidanceGeometry::Closure { points: n, convex_sets: maximal.clone() },
            AvoidanceGeometry::Affine { points: edges.iter().map(|&(a, b)| (a as i64, b as i64)).collect() },
        ] {
            let claim = AvoidanceClaim { geometry, win: win.clone(), nim, maximal: maximal.clone(), classes: classes.clone() };
            let cert = Certificate { claim: Claim::Avoidance(claim), ..emit_any() };
            let _ = judged(&cert);
        }
    }
}

fn emit_any() -> Certificate {
    let tree = nimcert::avoidance::tree::Tree::from_edges(2, &[(0, 1)]).unwrap();
    emit(&vertex_game(tree, 1).unwrap())
}

#[test]
fn the_papers_examples_certify() {
    for game in [
        nimcert::avoidance::claims::example_w1_game(),
        nimcert::avoidance::claims::example_15_game(),
    ] {
        assert!(matches!(judged(&emit(&game)), Verdict::Valid(_)));
    }
}
