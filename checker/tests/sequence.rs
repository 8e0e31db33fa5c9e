//! Every rule and branch of the `Sequence` rules (checker/src/sequence.rs),
//! against fixtures from a naive mex written in tests/common.

mod common;

use common::*;
use nimcert_check::format::SequenceClaim;
use nimcert_check::{Limits, Verdict};

fn s257() -> SequenceClaim {
    sequence_claim(&[2, 5, 7])
}

/// {2,4,7}: q = 8, p = 3 (pre-periodic).
fn s247() -> SequenceClaim {
    let c = sequence_claim(&[2, 4, 7]);
    assert_eq!((c.preperiod, c.period), (8, 3));
    c
}

#[test]
fn naive_fixtures_are_right() {
    // Independent spot checks of the fixture generator itself.
    assert_eq!(naive(&[2, 5, 7], 8), vec![0, 0, 1, 1, 0, 2, 1, 3]);
    assert_eq!(naive_qp(&[2, 5, 7]), (0, 22));
    assert_eq!(naive_qp(&[1, 3, 5]), (0, 2));
    assert_eq!(naive_qp(&[3]), (0, 6));
}

#[test]
fn accepts_many_games() {
    for moves in GAMES {
        assert_valid(&seq(sequence_claim(moves)));
    }
}

#[test]
fn summary_names_what_was_proved() {
    let Verdict::Valid(m) = seq(s257()) else {
        panic!()
    };
    assert_eq!(
        m,
        "S = {2,5,7}: nim-sequence purely periodic, least period 22; values \
         0,0,1,1,0,2,1,3,2,2,0,3,1,0,0,1,1,2,2,3,3,2; P-positions {0,1,4,10,13,14} mod 22"
    );
    let Verdict::Valid(m) = seq(s247()) else {
        panic!()
    };
    assert_eq!(
        m,
        "S = {2,4,7}: nim-sequence with least pre-period 8 and least period 3; values \
         0,0,1,1,2,2,0,3,1,0,2; P-positions {0,1,6} below 8, and x ≥ 8 with (x − 8) mod 3 in {1}"
    );
    let Verdict::Valid(m) = seq(sequence_claim(&[1, 8, 13])) else {
        panic!()
    };
    assert_eq!(
        m,
        "S = {1,8,13}: nim-sequence with least pre-period 15 and least period 7; values \
         0,1,0,1,0,1,0,1,2,0,1,0,1,2,3,2,0,1,0,1,0,1; \
         P-positions {0,2,4,6,9,11} below 15, and x ≥ 15 with (x − 15) mod 7 in {1,3,5}"
    );
    // Every P-position is named: those of the pre-period too. Check the
    // statement against the naive values: x is a P-position exactly when
    // it is listed below q, or x ≥ q and (x − q) mod p is listed.
    for moves in [&[2u64, 4, 7][..], &[1, 8, 13], &[3, 4, 10], &[2, 5, 6, 11]] {
        let c = sequence_claim(moves);
        let (q, p) = (c.preperiod, c.period);
        let Verdict::Valid(m) = seq(c) else { panic!() };
        let set = |text: &str| -> Vec<u64> {
            let inner = text.split('{').nth(1).unwrap().split('}').next().unwrap();
            inner
                .split(',')
                .filter(|x| !x.is_empty())
                .map(|x| x.parse().unwrap())
                .collect()
        };
        let tail = m.split("P-positions ").nth(1).unwrap();
        let (early, periodic) = if q == 0 {
            (vec![], set(tail))
        } else {
            let (a, b) = tail.split_once(" below ").unwrap();
            (set(a), set(b))
        };
        let v = naive(moves, q + 3 * p);
        for x in 0..q + 3 * p {
            let listed = if x < q {
                early.contains(&x)
            } else {
                periodic.contains(&((x - q) % p))
            };
            assert_eq!(listed, v[x as usize] == 0, "{moves:?} at {x}: {m}");
        }
    }
    // Long lists are cut after 24 values and 12 zeros; exactly 12 are not.
    let Verdict::Valid(m) = seq(sequence_claim(&[20])) else {
        panic!()
    };
    assert_eq!(
        m,
        "S = {20}: nim-sequence purely periodic, least period 40; values \
         0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,1,1,1,...; \
         P-positions {0,1,2,3,4,5,6,7,8,9,10,11,...} mod 40"
    );
    let Verdict::Valid(m) = seq(sequence_claim(&[3, 7, 10])) else {
        panic!()
    };
    assert!(
        m.ends_with("P-positions {0,1,2,6,14,15,19,20,28,32,33,34} mod 45"),
        "{m}"
    );
    let Verdict::Valid(m) = seq(sequence_claim(&[12])) else {
        panic!()
    };
    assert!(
        m.contains("values 0,0,0,0,0,0,0,0,0,0,0,0,1,1,1,1,1,1,1,1,1,1,1,1; "),
        "{m}"
    );
}

#[test]
fn verdict_exit_codes_and_messages() {
    let valid = Verdict::Valid("a".into());
    let invalid = Verdict::Invalid("b".into());
    let undecidable = Verdict::Undecidable("c".into());
    assert_eq!(
        (
            valid.exit_code(),
            invalid.exit_code(),
            undecidable.exit_code()
        ),
        (0, 1, 2)
    );
    assert_eq!(
        (valid.message(), invalid.message(), undecidable.message()),
        ("a", "b", "c")
    );
}

// Rule 1: the recurrence.

#[test]
fn rejects_a_wrong_value_naming_the_position() {
    let mut c = s257();
    c.values[5] = 1;
    let v = seq(c);
    assert_eq!(
        v,
        Verdict::Invalid("recurrence fails at x = 5: claimed 1, mex of options {0,1} is 2".into())
    );
}

#[test]
fn rejects_every_single_value_change() {
    for moves in [&[2u64, 5, 7][..], &[2, 4, 7], &[1, 3, 5], &[3, 4, 6, 10]] {
        let good = sequence_claim(moves);
        for i in 0..good.values.len() {
            for delta in [1u32, 2] {
                let mut c = good.clone();
                c.values[i] = c.values[i].wrapping_add(delta) % 6;
                if c.values[i] != good.values[i] {
                    assert_invalid(&seq(c), "recurrence fails");
                }
            }
        }
    }
}

#[test]
fn rejects_huge_values() {
    let mut c = s257();
    c.values[7] = u32::MAX;
    assert_invalid(
        &seq(c),
        "recurrence fails at x = 7: claimed 4294967295, mex of options {0,1,2} is 3",
    );
}

#[test]
fn options_include_the_move_equal_to_x() {
    // G(2) for {2}: the move 2 reaches 0, so G(2) = 1. A checker that only
    // took moves s < x would claim 0.
    let mut c = sequence_claim(&[2]);
    assert_eq!(c.values, vec![0, 0, 1, 1]);
    assert_valid(&seq(c.clone()));
    c.values = vec![0, 0, 0, 0];
    c.period = 4;
    assert_invalid(
        &seq(c),
        "recurrence fails at x = 2: claimed 0, mex of options {0} is 1",
    );
}

#[test]
fn checks_the_recurrence_a_full_c_past_the_period() {
    // S = {6}, q = 0, p = 1, values [0]: the recurrence holds on [0, 6) and
    // first fails at x = 6 = q + p + 5, so it is only caught by checking
    // all of [0, q + p + c).
    let c = SequenceClaim {
        moves: vec![6],
        preperiod: 0,
        period: 1,
        values: vec![0],
        period_witnesses: vec![],
        preperiod_witness: None,
    };
    assert_invalid(
        &seq(c),
        "recurrence fails at x = 6: claimed 0, mex of options {0} is 1",
    );
    // S = {1}: p = 1 fails right at x = 1 = q + p.
    let c = SequenceClaim {
        moves: vec![1],
        preperiod: 0,
        period: 1,
        values: vec![0],
        period_witnesses: vec![],
        preperiod_witness: None,
    };
    assert_invalid(&seq(c), "recurrence fails at x = 1");
}

#[test]
fn periodic_extension_uses_the_preperiod() {
    // {2,4,7}: q = 8; positions ≥ 11 read values[8 + (x − 8) mod 3]. The
    // claim is valid only if that extension is computed exactly.
    assert_valid(&seq(s247()));
    assert_valid(&seq(sequence_claim(&[4, 7, 9, 13, 20])));
    assert_valid(&seq(sequence_claim(&[1, 8, 13])));
}

#[test]
fn rejects_a_shorter_wrong_period() {
    let mut c = s257();
    c.period = 21;
    c.values.truncate(21);
    c.period_witnesses = vec![w(3, 0), w(7, 0)];
    assert_invalid(&seq(c), "recurrence fails at x = 21");
}

#[test]
fn rejects_values_of_another_game() {
    let mut c = s257();
    c.moves = vec![2, 5, 8];
    assert_invalid(&seq(c), "recurrence fails at x = 7");
}

#[test]
fn rejects_wrong_lengths_and_zero_period() {
    let mut c = s257();
    c.values.pop();
    assert_eq!(
        seq(c),
        Verdict::Invalid("21 values given, but q + p = 22".into())
    );
    let mut c = s257();
    c.values.push(0);
    assert_invalid(&seq(c), "23 values given, but q + p = 22");
    let mut c = s257();
    c.period = 0;
    assert_eq!(
        seq(c),
        Verdict::Invalid("the period must be at least 1".into())
    );
}

// Rule 2: least period.

#[test]
fn rejects_a_non_minimal_period() {
    let mut c = s257();
    c.period = 44;
    let again = c.values.clone();
    c.values.extend(again);
    assert_eq!(
        seq(c),
        Verdict::Invalid(
            "least period: witness for prime 2 fails: the values at 0 and 0 + 22 agree, \
             so it does not show that 22 is not a period"
                .into()
        )
    );
    // Period 66 = 3 · 22: the witness for 3 fails, for 2 and 11 too.
    let mut c = s257();
    c.period = 66;
    let again = c.values.clone();
    c.values.extend(again.clone());
    c.values.extend(again);
    c.period_witnesses = vec![w(2, 0), w(3, 0), w(11, 0)];
    assert_invalid(
        &seq(c),
        "witness for prime 3 fails: the values at 0 and 0 + 22 agree",
    );
}

#[test]
fn witness_count_and_primes() {
    let mut c = s257();
    c.period_witnesses.pop();
    assert_eq!(
        seq(c),
        Verdict::Invalid(
            "least period: 1 minimality witnesses given, but 22 has 2 prime divisors [2, 11]"
                .into()
        )
    );
    let mut c = s257();
    c.period_witnesses.push(w(13, 0));
    assert_invalid(&seq(c), "3 minimality witnesses given");
    let mut c = s257();
    c.period_witnesses = vec![w(11, 0), w(2, 0)];
    assert_eq!(
        seq(c),
        Verdict::Invalid(
            "least period: minimality witnesses must list the primes [2, 11] in order; \
             found 11 where 2 was expected"
                .into()
        )
    );
    let mut c = s257();
    c.period_witnesses[1].prime = 7;
    assert_invalid(&seq(c), "found 7 where 11 was expected");
}

#[test]
fn prime_divisors_of_squares_and_prime_powers() {
    // p = 4 (from {2,14,18}): the prime divisors are [2] only; p = 9, 25,
    // 8 likewise have one prime each.
    let c = sequence_claim(&[2, 14, 18]);
    assert_eq!(c.period, 4);
    assert_eq!(c.period_witnesses.len(), 1);
    assert_valid(&seq(c.clone()));
    let mut bad = c.clone();
    bad.period_witnesses.push(w(4, 0));
    assert_invalid(&seq(bad), "4 has 1 prime divisors [2]");
    for moves in [&[1u64, 3, 6][..], &[2, 3, 5], &[1, 4, 8]] {
        // periods 9, 7, 12
        assert_valid(&seq(sequence_claim(moves)));
    }
    let c = sequence_claim(&[1, 3, 6]);
    assert_eq!((c.period, c.period_witnesses.len()), (9, 1));
    let c = sequence_claim(&[1, 4, 8]);
    assert_eq!((c.period, c.period_witnesses.len()), (12, 2));
}

#[test]
fn witness_must_differ_at_the_shift_p_over_r() {
    // {3}: values 000111, p = 6. Shift 6/3 = 2: G(0) = G(2) agree, G(2) ≠ G(4).
    let mut c = sequence_claim(&[3]);
    c.period_witnesses = vec![w(2, 0), w(3, 2)];
    assert_valid(&seq(c.clone()));
    c.period_witnesses = vec![w(2, 0), w(3, 0)];
    assert_invalid(
        &seq(c.clone()),
        "witness for prime 3 fails: the values at 0 and 0 + 2 agree, so it does not show that 2 is not a period",
    );
    // Shift 6/2 = 3 differs everywhere; a witness far beyond q + p is fine.
    c.period_witnesses = vec![w(2, 1_000_001), w(3, 2)];
    assert_valid(&seq(c.clone()));
    c.period_witnesses = vec![w(2, u64::MAX), w(3, 2)];
    assert_invalid(&seq(c), "witness for prime 2 fails");
}

#[test]
fn witness_before_the_preperiod_is_refused() {
    let mut c = s247();
    c.period_witnesses = vec![w(3, 7)];
    assert_eq!(
        seq(c.clone()),
        Verdict::Invalid("minimality witness 7 lies before the pre-period 8".into())
    );
    // x = q is allowed.
    c.period_witnesses = vec![w(3, 8)];
    assert_valid(&seq(c));
}

// Rule 3: least pre-period.

#[test]
fn preperiod_rules() {
    let good = s247();
    assert_eq!(good.preperiod_witness, Some(7));
    let mut c = good.clone();
    c.preperiod_witness = None;
    assert_eq!(
        seq(c),
        Verdict::Invalid("pre-period 8 > 0 needs the witness 7".into())
    );
    let mut c = good.clone();
    c.preperiod_witness = Some(6);
    assert_eq!(
        seq(c),
        Verdict::Invalid("pre-period witness must be q − 1 = 7, not 6".into())
    );
    let mut c = good.clone();
    c.preperiod_witness = Some(8);
    assert_invalid(&seq(c), "not 8");
    let mut c = s257();
    c.preperiod_witness = Some(0);
    assert_eq!(
        seq(c),
        Verdict::Invalid("pre-period 0 needs no witness, but 0 is given".into())
    );
}

#[test]
fn rejects_a_preperiod_that_is_not_least() {
    // Claim q = 9 for {2,4,7}: the recurrence holds, but G(8) = G(11).
    let mut c = s247();
    c.preperiod = 9;
    c.values = naive(&[2, 4, 7], 12);
    c.period_witnesses = vec![w(3, 9)];
    c.preperiod_witness = Some(8);
    assert_eq!(
        seq(c),
        Verdict::Invalid(
            "pre-period is not least: G(8) = G(11) = 1, so the period already holds from 8".into()
        )
    );
    // q = 10: G(9) = G(12).
    let mut c = s247();
    c.preperiod = 10;
    c.values = naive(&[2, 4, 7], 13);
    c.period_witnesses = vec![w(3, 10)];
    c.preperiod_witness = Some(9);
    assert_invalid(&seq(c), "pre-period is not least: G(9) = G(12)");
    // Pure periodicity claimed with an extra period's worth of pre-period.
    let mut c = s257();
    c.preperiod = 1;
    c.values = naive(&[2, 5, 7], 23);
    c.period_witnesses = vec![w(2, 1), w(11, 1)];
    c.preperiod_witness = Some(0);
    assert_invalid(&seq(c), "pre-period is not least: G(0) = G(22) = 0");
}

#[test]
fn rejects_a_preperiod_that_is_too_small() {
    let mut c = s247();
    c.preperiod = 7;
    c.values.truncate(10);
    c.period_witnesses = vec![w(3, 7)];
    c.preperiod_witness = Some(6);
    assert_invalid(&seq(c), "recurrence fails at x = 10");
}

// The move-set rule.

#[test]
fn move_set_rule() {
    let mut c = s257();
    c.moves = vec![];
    assert_eq!(seq(c), Verdict::Invalid("the move set is empty".into()));
    let mut c = s257();
    c.moves = vec![0, 2, 5, 7];
    assert_eq!(seq(c), Verdict::Invalid("0 is not a move".into()));
    let mut c = s257();
    c.moves = vec![2, 7, 5];
    assert_eq!(
        seq(c),
        Verdict::Invalid("moves must be strictly increasing: 7 is followed by 5".into())
    );
    let mut c = s257();
    c.moves = vec![2, 5, 5, 7];
    assert_invalid(&seq(c), "5 is followed by 5");
}

// Limits: each bound is exact (the value at the bound is accepted) and
// refuses before any work.

#[test]
fn limit_on_moves_is_exact() {
    let c = s257();
    let limits = Limits {
        max_moves: 3,
        ..Limits::default()
    };
    assert_valid(&seq_with(c.clone(), &limits));
    let limits = Limits {
        max_moves: 2,
        ..Limits::default()
    };
    assert_eq!(
        seq_with(c, &limits),
        Verdict::OverLimit("3 moves exceed the limit of 2 (--max-moves)".into())
    );
}

#[test]
fn limit_on_move_size_is_exact() {
    let c = s257();
    let limits = Limits {
        max_move: 7,
        ..Limits::default()
    };
    assert_valid(&seq_with(c.clone(), &limits));
    let limits = Limits {
        max_move: 6,
        ..Limits::default()
    };
    assert_eq!(
        seq_with(c, &limits),
        Verdict::OverLimit("move 7 exceeds the limit of 6 (--max-move)".into())
    );
}

#[test]
fn limit_on_period_is_exact() {
    let c = s247(); // q + p = 11
    let limits = Limits {
        max_period: 11,
        ..Limits::default()
    };
    assert_valid(&seq_with(c.clone(), &limits));
    let limits = Limits {
        max_period: 10,
        ..Limits::default()
    };
    assert_eq!(
        seq_with(c, &limits),
        Verdict::OverLimit("claimed q + p = 8 + 3 exceeds the limit of 10 (--max-period)".into())
    );
    let mut c = s257();
    c.period = 1_000_000_000_000_000;
    assert_over_limit(&seq(c), "exceeds the limit of 100000000 (--max-period)");
    let mut c = s257();
    c.preperiod = u64::MAX;
    assert_over_limit(&seq(c), "claimed q + p = 18446744073709551615 + 22");
}

#[test]
fn limit_on_work_is_exact() {
    let c = s247(); // (11 + 7)·(3 + 4) = 126 units
    let limits = Limits {
        max_work: 126,
        ..Limits::default()
    };
    assert_valid(&seq_with(c.clone(), &limits));
    let limits = Limits {
        max_work: 125,
        ..Limits::default()
    };
    assert_eq!(
        seq_with(c, &limits),
        Verdict::OverLimit(
            "checking needs 126 work units ((q + p + c)·(|S| + 4)), over the limit of 125 (--max-work)".into()
        )
    );
    // From 64 moves on, the mex marks, scans and clears a table: three
    // units per option. 1..=64: G(x) = x mod 65, q + p + c = 129.
    // 1..=63: G(x) = x mod 64, a bit per value.
    for (n, work) in [(64u64, 129 * (3 * 64 + 4)), (63, 127 * (63 + 4))] {
        let c = sequence_claim(&(1..=n).collect::<Vec<u64>>());
        let at = |w: u64| {
            seq_with(
                c.clone(),
                &Limits {
                    max_work: w,
                    ..Limits::default()
                },
            )
        };
        assert_valid(&at(work));
        assert_over_limit(&at(work - 1), "(--max-work)");
    }
    // Refused before the value count is looked at.
    let c = SequenceClaim {
        moves: (1..=4000).collect(),
        preperiod: 0,
        period: 99_999_999,
        values: vec![0],
        period_witnesses: vec![],
        preperiod_witness: None,
    };
    assert_over_limit(&seq(c), "(--max-work)");
}

#[test]
fn oversized_claims_are_refused_quickly() {
    let start = std::time::Instant::now();
    for period in [1u64 << 40, 1_000_000_000_000_000, u64::MAX] {
        let mut c = s257();
        c.period = period;
        assert_over_limit(&seq(c), "--max-period");
    }
    let c = SequenceClaim {
        moves: (1..=5000).collect(),
        preperiod: 0,
        period: 1,
        values: vec![0],
        period_witnesses: vec![],
        preperiod_witness: None,
    };
    assert_over_limit(&seq(c), "5000 moves exceed the limit of 4096");
    assert!(start.elapsed().as_secs() < 5, "took {:?}", start.elapsed());
}
