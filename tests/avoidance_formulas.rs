//! The paper's closed forms against exhaustive search on their hypotheses,
//! and the worked examples' published figures.

mod avoidance_common;

use avoidance_common::*;
use nimcert::avoidance::claims::{example_15_game, example_w1_game};
use nimcert::avoidance::formulas::{self, Signature};
use nimcert::avoidance::geometry::extreme_points;
use nimcert::avoidance::{exhaustive, Game, PointSet, StructureDiagram};
use proptest::prelude::*;

fn nim(game: &Game) -> u32 {
    exhaustive::nim_number(game).unwrap()
}

fn maximal(game: &Game) -> Vec<PointSet> {
    game.maximal_non_generating()
}

/// Checks the tree formulas on one game: derived forms always; printed
/// forms exactly where they are expected to agree, and they disagree
/// exactly in the cases the audit reports.
fn tree_formulas(game: &Game) -> Result<(), TestCaseError> {
    let value = nim(game);
    let m = maximal(game);
    let s = (game.size() % 2) as u8;
    if let Some(p) = formulas::extreme_point_theorem(game) {
        prop_assert_eq!(p, value);
    }
    if game.win().len() == 1 {
        let sig = Signature::of(&m);
        prop_assert_eq!(formulas::derived_single(sig), value);
        let printed = formulas::printed_single_vertex(sig);
        prop_assert_eq!(printed == value, sig.even == 0 || sig.odd == 0);
    } else {
        let sig = formulas::deficiency_signature(game, &m).expect("𝓜 = {M_w : w ∈ Ex(W)}");
        prop_assert_eq!(formulas::derived_multiple(sig, s), value);
        prop_assert_eq!(formulas::signature_recursion(sig, s), value);
        if let Some(printed) = formulas::printed_multiple(sig) {
            prop_assert_eq!(printed == value, s == 0);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn vertex_geometry_formulas(tree in tree(2..=14), mask in any::<u64>()) {
        if let Some(game) = vertex_game(tree, mask) { tree_formulas(&game)?; }
    }

    #[test]
    fn edge_geometry_formulas(tree in tree(2..=14), mask in any::<u64>()) {
        if let Some(game) = edge_game(tree, mask) { tree_formulas(&game)?; }
    }

    /// Prop. 7 and the extreme-point theorem on point sets and closure systems.
    #[test]
    fn prop7_and_extreme_points(points in points(1..=10), mask in any::<u64>()) {
        let Some(game) = affine_game(points.clone(), mask) else { return Ok(()) };
        let value = nim(&game);
        if let Some(p) = formulas::extreme_point_theorem(&game) { prop_assert_eq!(p, value); }
        let ex = extreme_points(game.geometry(), game.win());
        let hull = game.geometry().closure(game.win());
        for w in [ex, hull] {
            let other = affine_game(points.clone(), w.mask()).unwrap();
            prop_assert_eq!(nim(&other), value);
        }
    }

    #[test]
    fn extreme_points_in_closure_systems(system in closure_system(), mask in any::<u64>()) {
        if let Some(game) = game(Box::new(system), mask) {
            if let Some(p) = formulas::extreme_point_theorem(&game) { prop_assert_eq!(p, nim(&game)); }
        }
    }
}

#[test]
fn closed_form_matches_the_signature_recursion() {
    for e in 0..=20 {
        for o in 0..=20 {
            if e + o == 0 {
                continue;
            }
            for s in 0..=1 {
                let sig = Signature { even: e, odd: o };
                assert_eq!(
                    formulas::derived_multiple(sig, s),
                    formulas::signature_recursion(sig, s),
                    "e={e} o={o} s={s}"
                );
            }
        }
    }
}

#[test]
fn worked_example_of_section_5() {
    // Paper B, §5: the tree on 1..9 with W = {1} has nim 2 (printed), and
    // M_2 = {2,3,4}, M_5 = {5,6}, M_7 = {7,8}, M_9 = {9}.
    let game = example_w1_game();
    assert_eq!(nim(&game), 2);
    let shown: Vec<String> = maximal(&game).iter().map(|m| game.show(m)).collect();
    assert_eq!(
        shown,
        ["{2,3,4}", "{5,6}", "{7,8}", "{9}"].map(String::from)
    );
    let d = StructureDiagram::build(&game, 100).unwrap();
    assert_eq!(d.nim(), 2);
}

#[test]
fn example_15() {
    // Paper B, Example 15: W = {2,3,4}, nim 1 (printed); coordinates are
    // reconstructed (see claims.rs).
    let game = example_15_game();
    assert_eq!(nim(&game), 1);
    let d = StructureDiagram::build(&game, 100).unwrap();
    assert_eq!(d.classes.len(), 7); // |ℐ| = 7 as printed
}
