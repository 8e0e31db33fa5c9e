//! The engine against the brute-force oracle, with proptest and quickcheck:
//! random S with 1 to 5 moves, largest move up to 60.

mod common;

use common::oracle_qp;
use nimcert::engine::{naive_prefix, solve, Solver, DEFAULT_MAX_POSITIONS};
use nimcert::moves::MoveSet;
use proptest::prelude::*;
use quickcheck::{QuickCheck, TestResult};

fn move_set() -> impl Strategy<Value = Vec<u64>> {
    proptest::collection::btree_set(1u64..=60, 1..=5).prop_map(|s| s.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// (q, p) from the engine equals the oracle's.
    #[test]
    fn engine_qp_matches_oracle(moves in move_set()) {
        let game = solve(&MoveSet::new(&moves).unwrap(), DEFAULT_MAX_POSITIONS).unwrap();
        let (q, p) = oracle_qp(&moves);
        prop_assert_eq!((game.qp.preperiod, game.qp.period), (q, p));
    }

    /// The engine's values, extended periodically, satisfy the mex
    /// recurrence: they equal the naive prefix far beyond q + p.
    #[test]
    fn engine_values_respect_mex_recurrence(moves in move_set()) {
        let game = solve(&MoveSet::new(&moves).unwrap(), DEFAULT_MAX_POSITIONS).unwrap();
        let n = (game.qp.preperiod + 3 * game.qp.period + 2 * 60) as usize;
        let naive = naive_prefix(&moves, n);
        for (x, &v) in naive.iter().enumerate() {
            prop_assert_eq!(game.value(x as u64), v, "at x = {}", x);
        }
    }

    /// q and p are least: p/r is not a period from q for any prime r | p,
    /// and p is not a period from q − 1.
    #[test]
    fn engine_qp_are_least(moves in move_set()) {
        let game = solve(&MoveSet::new(&moves).unwrap(), DEFAULT_MAX_POSITIONS).unwrap();
        let (q, p) = (game.qp.preperiod, game.qp.period);
        for r in nimcert::engine::outcome::prime_factors(p) {
            prop_assert!((q..q + p).any(|x| game.value(x) != game.value(x + p / r)));
        }
        if q > 0 {
            prop_assert_ne!(game.value(q - 1), game.value(q - 1 + p));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// A period hint never changes the answer: right hints (the period, a
    /// multiple of it), wrong hints and hints past the bound all give the
    /// same (q, p) and values as the plain cycle search.
    #[test]
    fn engine_hint_never_changes_the_answer(moves in move_set(), factor in 1u64..4, offset in 0u64..3, wild in 1u64..200) {
        let set = MoveSet::new(&moves).unwrap();
        let plain = solve(&set, DEFAULT_MAX_POSITIONS).unwrap();
        let mut solver = Solver::new();
        for hint in [plain.qp.period * factor + offset, wild] {
            let qp = solver.solve_hinted(&set, Some(hint), DEFAULT_MAX_POSITIONS).unwrap();
            prop_assert_eq!(qp, plain.qp, "hint {}", hint);
            prop_assert_eq!(&solver.values()[..plain.values.len()], &plain.values[..]);
        }
    }
}

/// quickcheck: the engine agrees with the naive prefix on any move list
/// (moves folded into 1..=60, duplicates removed).
#[test]
fn quickcheck_engine_matches_naive_prefix() {
    fn property(raw: Vec<u8>) -> TestResult {
        let mut moves: Vec<u64> = raw.iter().take(5).map(|&m| m as u64 % 60 + 1).collect();
        moves.sort_unstable();
        moves.dedup();
        if moves.is_empty() {
            return TestResult::discard();
        }
        let game = solve(&MoveSet::new(&moves).unwrap(), DEFAULT_MAX_POSITIONS).unwrap();
        let n = (game.qp.preperiod + 2 * game.qp.period + 60) as usize;
        let naive = naive_prefix(&moves, n);
        TestResult::from_bool((0..n).all(|x| game.value(x as u64) == naive[x]))
    }
    QuickCheck::new()
        .tests(300)
        .quickcheck(property as fn(Vec<u8>) -> TestResult);
}

/// quickcheck: the order of the moves on input does not matter.
#[test]
fn quickcheck_move_order_is_irrelevant() {
    fn property(raw: Vec<u8>) -> TestResult {
        let mut moves: Vec<u64> = raw.iter().take(5).map(|&m| m as u64 % 40 + 1).collect();
        moves.dedup();
        let Ok(forward) = MoveSet::new(&moves) else {
            return TestResult::discard();
        };
        moves.reverse();
        let backward = MoveSet::new(&moves).unwrap();
        let f = solve(&forward, DEFAULT_MAX_POSITIONS).unwrap();
        let b = solve(&backward, DEFAULT_MAX_POSITIONS).unwrap();
        TestResult::from_bool(f == b)
    }
    QuickCheck::new()
        .tests(200)
        .quickcheck(property as fn(Vec<u8>) -> TestResult);
}

/// Large moves and many moves take the general path of the engine.
#[test]
fn engine_handles_many_moves_and_large_moves() {
    let many: Vec<u64> = (1..=70).map(|i| 2 * i).collect();
    let game = solve(&MoveSet::new(&many).unwrap(), DEFAULT_MAX_POSITIONS).unwrap();
    assert_eq!((game.qp.preperiod, game.qp.period), oracle_qp(&many));
    let large = MoveSet::new(&[1_000_000]).unwrap();
    let game = solve(&large, DEFAULT_MAX_POSITIONS).unwrap();
    // G(x) = ⌊x / 10^6⌋ mod 2 by the dilation Lemma 5 of paper A applied to
    // S' = {1}; checked here against the naive rule on a prefix instead.
    let naive = naive_prefix(&[1_000_000], 2_100_000);
    assert!((0..naive.len()).all(|x| game.value(x as u64) == naive[x]));
}

/// A bound on positions gives NoPeriodFound, not an out-of-memory.
#[test]
fn engine_reports_no_period_below_the_bound() {
    let moves = MoveSet::new(&[3, 5, 8]).unwrap();
    let err = solve(&moves, 10).unwrap_err();
    assert_eq!(err.limit, 10);
    assert!(solve(&moves, DEFAULT_MAX_POSITIONS).is_ok());
}
