//! Published values only (each cited), checked against the engine.

use nimcert::engine::{solve, DEFAULT_MAX_POSITIONS};
use nimcert::moves::MoveSet;

fn qp(moves: &[u64]) -> (u64, u64) {
    let game = solve(&MoveSet::new(moves).unwrap(), DEFAULT_MAX_POSITIONS).unwrap();
    (game.qp.preperiod, game.qp.period)
}

/// CGSuite's published test value: Subtraction([2,3,7]) has period 5 and
/// pre-period 0.
#[test]
fn cgsuite_subtraction_2_3_7_has_period_5() {
    assert_eq!(qp(&[2, 3, 7]), (0, 5));
}

/// Paper A, Remark 35: {1, 3, 5} has G(x) = x mod 2, least period 2.
#[test]
fn a_remark35_1_3_5_has_least_period_2() {
    assert_eq!(qp(&[1, 3, 5]), (0, 2));
}

/// Paper A, Remark 53: {2, 14, c} with c ≡ 2 (mod 4) has
/// G(x) = ⌊x/2⌋ mod 2, least period 4.
#[test]
fn a_remark53_2_14_c_has_least_period_4() {
    for c in (18..200).filter(|c| c % 4 == 2) {
        assert_eq!(qp(&[2, 14, c]), (0, 4), "c = {c}");
    }
}
