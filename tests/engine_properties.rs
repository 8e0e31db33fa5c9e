//! The engine against the brute-force oracle, with proptest and quickcheck:
//! random S with 1 to 5 moves, largest move up to 60.

mod common;

use common::oracle_qp;
use nimcert::engine::plain::PlainSolver;
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

/// Move sets with 6 to 12 moves: the one-hot rule for up to seven moves,
/// the wide rule beyond.
fn many_moves() -> impl Strategy<Value = Vec<u64>> {
    proptest::collection::btree_set(1u64..=40, 6..=12).prop_map(|s| s.into_iter().collect())
}

/// Three moves with the least move at least 16 (the engine fills whole
/// slices of positions at once), up to 150.
fn large_least_move() -> impl Strategy<Value = Vec<u64>> {
    (16u64..=60, 1u64..=50, 1u64..=60).prop_map(|(a, db, dc)| vec![a, a + db, a + db + dc])
}

/// Triples with a = 1 (Table 2 of paper A), and dilations g·S of small
/// triples (non-primitive, paper A's Lemma 5).
fn a_one_or_dilated() -> impl Strategy<Value = Vec<u64>> {
    prop_oneof![
        (2u64..=30, 1u64..=30).prop_map(|(b, dc)| vec![1, b, b + dc]),
        (1u64..=6, 1u64..=8, 1u64..=8, 1u64..=12).prop_map(|(g, a, db, dc)| vec![
            g * a,
            g * (a + db),
            g * (a + db + dc)
        ]),
    ]
}

/// The exact (q, p) and the values on [0, q + p) from every entry point of
/// the engine agree with the oracle and the naive mex rule.
fn check_against_oracle(moves: &[u64]) -> Result<(), TestCaseError> {
    let set = MoveSet::new(moves).unwrap();
    let (q, p) = oracle_qp(moves);
    let mut solver = Solver::new();
    let qp = solver.solve(&set, DEFAULT_MAX_POSITIONS).unwrap();
    prop_assert_eq!((qp.preperiod, qp.period), (q, p), "moves {:?}", moves);
    let naive = naive_prefix(moves, (q + p) as usize);
    prop_assert_eq!(solver.values(), &naive[..]);
    for (x, &v) in naive.iter().enumerate() {
        prop_assert_eq!(solver.value(x), v);
    }
    let sliced = solver.solve_slice(set.as_slice(), Some(p + 1), DEFAULT_MAX_POSITIONS);
    prop_assert_eq!(sliced, Ok(qp));
    // The search stops at the first repeated window (q + p + c) plus at
    // most one chunk, or later only through the fallback; never before.
    prop_assert!(solver.computed() >= q + p + set.largest());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn engine_many_moves_match_oracle(moves in many_moves()) {
        check_against_oracle(&moves)?;
    }

    #[test]
    fn engine_large_least_move_matches_oracle(moves in large_least_move()) {
        check_against_oracle(&moves)?;
    }

    #[test]
    fn engine_a_one_and_dilated_triples_match_oracle(moves in a_one_or_dilated()) {
        check_against_oracle(&moves)?;
    }

    /// Paper A's pre-periodic games: primitive non-additive triples with no
    /// admissible angle (2 ≤ a ≤ 8) are never purely periodic in the
    /// paper's range, so this samples games with q > 0.
    #[test]
    fn engine_small_triples_match_oracle(a in 2u64..=8, db in 1u64..=20, dc in 1u64..=40) {
        check_against_oracle(&[a, a + db, a + db + dc])?;
    }

    /// The generation floor (values alone) is the naive mex rule.
    #[test]
    fn generate_only_is_the_mex_rule(moves in prop_oneof![move_set(), many_moves(), large_least_move()], extra in 0usize..300) {
        let mut solver = Solver::new();
        let n = *moves.last().unwrap() as usize + extra;
        solver.generate_only(&moves, n);
        prop_assert_eq!(solver.computed(), n as u64);
        let naive = naive_prefix(&moves, n);
        prop_assert!((0..n).all(|x| solver.value(x) == naive[x]));
    }
}

/// Every pre-periodic triple of a small range, deterministically (the
/// property tests above sample; this covers every case).
#[test]
fn engine_matches_oracle_on_every_small_triple() {
    let mut solver = Solver::new();
    let mut preperiodic = 0;
    for a in 1..=6u64 {
        for b in a + 1..=16 {
            for c in b + 1..=30 {
                let (q, p) = oracle_qp(&[a, b, c]);
                let qp = solver
                    .solve_slice(&[a, b, c], None, DEFAULT_MAX_POSITIONS)
                    .unwrap();
                assert_eq!((qp.preperiod, qp.period), (q, p), "{{{a},{b},{c}}}");
                preperiodic += usize::from(q > 0);
            }
        }
    }
    assert!(preperiodic > 100, "the range holds pre-periodic games");
}

/// The least period of a cyclic word, from memory and from a comparison
/// function, against trying every divisor.
#[test]
fn least_period_of_word_matches_every_divisor() {
    use nimcert::engine::outcome::{least_cyclic_period, least_period_of_word};
    QuickCheck::new().tests(500).quickcheck(
        (|raw: Vec<u8>, reps: u8| {
            let unit: Vec<u8> = raw.iter().take(12).map(|b| b % 3).collect();
            if unit.is_empty() {
                return TestResult::discard();
            }
            let word: Vec<u8> = unit
                .iter()
                .cycle()
                .take(unit.len() * (reps as usize % 5 + 1))
                .copied()
                .collect();
            let p = word.len();
            let expected = (1..=p)
                .find(|&d| p.is_multiple_of(d) && (0..p).all(|i| word[i] == word[(i + d) % p]))
                .unwrap();
            TestResult::from_bool(
                least_period_of_word(&word) == expected
                    && least_cyclic_period(p, |i, j| word[i] == word[j]) == expected,
            )
        }) as fn(Vec<u8>, u8) -> TestResult,
    );
}

/// Sets of 1 to 6 moves up to 60 (a = 1 included) for the plain solver.
fn one_to_six_moves() -> impl Strategy<Value = Vec<u64>> {
    proptest::collection::btree_set(1u64..=60, 1..=6).prop_map(|s| s.into_iter().collect())
}

/// Triples with c up to 3000 and every other shape of least move: games
/// whose pre-period runs past the first anchor block (8c), so that the
/// anchor blocks' word hash, not only the lag runs, finds the repeat.
fn large_triples() -> impl Strategy<Value = Vec<u64>> {
    (1u64..=200, 1u64..=1500, 1u64..=1500).prop_map(|(a, db, dc)| vec![a, a + db, a + db + dc])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The plain solver (the bench baseline) gives the oracle's (q, p).
    #[test]
    fn plain_solver_matches_oracle(moves in one_to_six_moves()) {
        let qp = PlainSolver::new().solve(&moves, DEFAULT_MAX_POSITIONS).unwrap();
        prop_assert_eq!((qp.preperiod, qp.period), oracle_qp(&moves), "moves {:?}", moves);
    }

    /// The engine and the plain solver agree on larger games, where the
    /// anchor blocks and their word hash do the finding.
    #[test]
    fn engine_matches_plain_solver_on_large_triples(moves in large_triples()) {
        let plain = PlainSolver::new().solve(&moves, DEFAULT_MAX_POSITIONS).unwrap();
        let engine = Solver::new().solve_slice(&moves, None, DEFAULT_MAX_POSITIONS).unwrap();
        prop_assert_eq!(engine, plain, "moves {:?}", moves);
    }

    /// The same with 8 to 10 moves: wide values (two bytes a letter, four
    /// letters a hashed word).
    #[test]
    fn engine_matches_plain_solver_on_wide_values(moves in proptest::collection::btree_set(1u64..=400, 8..=10)) {
        let moves: Vec<u64> = moves.into_iter().collect();
        let plain = PlainSolver::new().solve(&moves, DEFAULT_MAX_POSITIONS).unwrap();
        let engine = Solver::new().solve_slice(&moves, None, DEFAULT_MAX_POSITIONS).unwrap();
        prop_assert_eq!(engine, plain, "moves {:?}", moves);
    }
}

/// Games where the anchor blocks, not the lag runs, find the repeat: the
/// engine, the plain solver and (for the smaller) the oracle agree.
#[test]
fn engine_matches_plain_solver_on_block_games() {
    let mut solver = Solver::new();
    let mut plain = PlainSolver::new();
    for moves in [
        &[1814, 8031, 10_000][..],
        &[5, 777, 9_983],
        &[1, 2_000, 4_999],
    ] {
        let engine = solver.solve_slice(moves, None, DEFAULT_MAX_POSITIONS);
        assert_eq!(
            engine,
            plain.solve(moves, DEFAULT_MAX_POSITIONS),
            "{moves:?}"
        );
    }
}
