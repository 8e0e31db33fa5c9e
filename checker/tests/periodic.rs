//! The format-2 claims `Periodic` and `PeriodicTable`
//! (checker/src/periodic.rs, checker/src/mex.rs): every rule, the table
//! grammar, the limits, and agreement with the naive mex of tests/common and
//! with the `Sequence` form of the same claim.

mod common;

use common::*;
use nimcert_check::format::{Certificate, Claim, PeriodicClaim, PeriodicTableClaim, SequenceClaim};
use nimcert_check::periodic::{parse_row, write_row};
use nimcert_check::{check_bytes, check_certificate, precheck, to_ron, Limits, Verdict};

/// The `Periodic` form of a `Sequence` claim.
fn compact(c: &SequenceClaim) -> PeriodicClaim {
    PeriodicClaim {
        moves: c.moves.clone(),
        preperiod: c.preperiod,
        period: c.period,
        period_witnesses: c.period_witnesses.clone(),
    }
}

fn periodic(moves: &[u64]) -> PeriodicClaim {
    compact(&sequence_claim(moves))
}

fn cert(claim: Claim) -> Certificate {
    Certificate {
        format: claim.format_version(),
        ..certificate(claim)
    }
}

fn check(claim: PeriodicClaim) -> Verdict {
    check_with(claim, &Limits::default())
}

fn check_with(claim: PeriodicClaim, limits: &Limits) -> Verdict {
    check_certificate(&cert(Claim::Periodic(claim)), limits)
}

fn table(games: &str) -> Verdict {
    table_with(games, &Limits::default())
}

fn table_with(games: &str, limits: &Limits) -> Verdict {
    let claim = Claim::PeriodicTable(PeriodicTableClaim {
        games: games.to_string(),
    });
    check_certificate(&cert(claim), limits)
}

#[test]
fn accepts_true_claims_with_the_sequence_summary() {
    for moves in GAMES {
        let s = sequence_claim(moves);
        let Verdict::Valid(from_values) = seq(s.clone()) else {
            panic!("{moves:?}")
        };
        // The values recomputed prove exactly what the listed ones did.
        assert_eq!(check(compact(&s)), Verdict::Valid(from_values), "{moves:?}");
    }
}

/// Random small games against the naive truth: the checker accepts a
/// (q, p) exactly when it is the least pre-period and period, with
/// witnesses found by brute force where they exist.
#[test]
fn agrees_with_the_naive_mex_on_random_claims() {
    let mut rng = Rng(0xC0FFEE);
    let (mut accepted, mut rejected) = (0, 0);
    for _ in 0..400 {
        let size = 1 + rng.below(5);
        let mut moves: Vec<u64> = (0..size).map(|_| 1 + rng.below(12) as u64).collect();
        moves.sort_unstable();
        moves.dedup();
        let (q, p) = naive_qp(&moves);
        let (cq, cp) = match rng.below(4) {
            0 => (q, p),
            1 => (q.saturating_sub(1 + rng.below(3) as u64), p),
            2 => (q + rng.below(3) as u64, p),
            _ => (q, p * (1 + rng.below(3) as u64)),
        };
        let v = naive(&moves, cq + 4 * cp + 40);
        let witnesses = primes(cp)
            .into_iter()
            .map(|r| {
                let x = (cq..cq + cp)
                    .find(|&x| v[x as usize] != v[(x + cp / r) as usize])
                    .unwrap_or(cq);
                w(r, x)
            })
            .collect();
        let claim = PeriodicClaim {
            moves: moves.clone(),
            preperiod: cq,
            period: cp,
            period_witnesses: witnesses,
        };
        let verdict = check(claim);
        if (cq, cp) == (q, p) {
            assert_valid(&verdict);
            accepted += 1;
        } else {
            assert!(
                matches!(verdict, Verdict::Invalid(_)),
                "{moves:?} ({cq}, {cp}): {verdict:?}"
            );
            rejected += 1;
        }
    }
    assert!(accepted > 80 && rejected > 100, "{accepted} {rejected}");
}

/// (q, p) of G_S from its first n values, when they show it: for each p,
/// the least q with G(x) = G(x + p) on [q, n − p), accepted when that range
/// holds the window [q, q + c) (Rule 1's argument, applied to the naive
/// values); the least such p is the least period.
fn qp_from_values(v: &[u32], c: u64) -> Option<(u64, u64)> {
    let n = v.len() as u64;
    (1..n / 2).find_map(|p| {
        let q = (0..n - p)
            .rev()
            .find(|&x| v[x as usize] != v[(x + p) as usize])
            .map_or(0, |x| x + 1);
        (q + c + p <= n).then_some((q, p))
    })
}

/// A true claim from naive values.
fn claim_from(moves: &[u64], v: &[u32], q: u64, p: u64) -> PeriodicClaim {
    PeriodicClaim {
        moves: moves.to_vec(),
        preperiod: q,
        period: p,
        period_witnesses: primes(p)
            .into_iter()
            .map(|r| {
                let x = (q..q + p)
                    .find(|&x| v[x as usize] != v[(x + p / r) as usize])
                    .unwrap();
                w(r, x)
            })
            .collect(),
    }
}

/// Both mex computations of checker/src/mex.rs past four moves: a bit per
/// value (|S| ≤ 63) and a table (|S| ≥ 64), against the naive mex.
#[test]
fn many_moves_take_both_mex_paths() {
    let mut rng = Rng(64);
    let mut checked = [0; 2];
    for size in [5usize, 9, 40, 63, 64, 65, 100, 200] {
        let mut tries = 0;
        let mut found = 0;
        while found < 3 && tries < 40 {
            tries += 1;
            let mut moves: Vec<u64> = (0..size).map(|_| 1 + rng.below(size + 8) as u64).collect();
            moves.sort_unstable();
            moves.dedup();
            let c = *moves.last().unwrap();
            let v = naive(&moves, 3000);
            let Some((q, p)) = qp_from_values(&v, c) else {
                continue;
            };
            found += 1;
            checked[usize::from(moves.len() >= 64)] += 1;
            let claim = claim_from(&moves, &v, q, p);
            assert_valid(&check(claim.clone()));
            // A period one too long is not a period (or not the least).
            let mut wrong = claim.clone();
            wrong.period += 1;
            assert!(matches!(check(wrong), Verdict::Invalid(_)));
            let mut wrong = claim;
            wrong.preperiod += 1;
            assert!(matches!(check(wrong), Verdict::Invalid(_)));
        }
    }
    assert!(checked[0] >= 8 && checked[1] >= 4, "{checked:?}");
    // 1..=n: G(x) = x mod (n + 1), values up to n (the largest mex).
    for n in [62u64, 63, 64, 65, 255, 256, 300] {
        let moves: Vec<u64> = (1..=n).collect();
        let c = periodic(&moves);
        assert_eq!((c.preperiod, c.period), (0, n + 1));
        assert_valid(&check(c));
    }
}

#[test]
fn rule_1_period_from_q() {
    // {2,5,7}: p = 22. 21 and 23 are not periods: the first x in [0, 7)
    // with G(x) ≠ G(x + p) is named.
    let mut c = periodic(&[2, 5, 7]);
    c.period = 21;
    c.period_witnesses = vec![w(3, 0), w(7, 0)];
    assert_eq!(
        check(c),
        Verdict::Invalid("p = 21 is not a period from q = 0: G(0) = 0 but G(21) = 2".into())
    );
    // {2,4,7}: q = 8. From q = 7 the period 3 fails at 7.
    let mut c = periodic(&[2, 4, 7]);
    c.preperiod = 7;
    assert_eq!(
        check(c),
        Verdict::Invalid("p = 3 is not a period from q = 7: G(7) = 3 but G(10) = 2".into())
    );
    // The window [q, q + c) is checked to its end: {1, 8, 13}, q = 15,
    // p = 7; from q = 14 the first difference is at 14.
    let mut c = periodic(&[1, 8, 13]);
    c.preperiod = 14;
    assert_invalid(&check(c), "is not a period from q = 14: G(14) =");
    let mut c = periodic(&[2, 5, 7]);
    c.period = 0;
    assert_eq!(
        check(c),
        Verdict::Invalid("the period must be at least 1".into())
    );
}

/// Rule 1 looks at all of [q, q + c): claims whose first differing
/// position from q is the last one, x = q + c − 1, are rejected there.
#[test]
fn rule_1_reaches_the_end_of_the_window() {
    let mut found = 0;
    // (Rare: among three-move games with c < 14 there is none; one-move
    // games and {1,6,10,13,14} from q = 7 with d = 26 have them.)
    for moves in [&[1u64][..], &[2], &[3], &[1, 6, 10, 13, 14]] {
        let c = *moves.last().unwrap();
        let (q, p) = naive_qp(moves);
        let v = naive(moves, 4 * (q + p + c) + 200);
        for d in 1..2 * p + c + 30 {
            for start in 0..q + p + 20 {
                let differs = |x: u64| v[x as usize] != v[(x + d) as usize];
                let last = start + c - 1;
                if differs(last) && !(start..last).any(differs) {
                    let claim = PeriodicClaim {
                        moves: moves.to_vec(),
                        preperiod: start,
                        period: d,
                        period_witnesses: vec![],
                    };
                    assert_invalid(&check(claim), &format!(": G({last}) ="));
                    found += 1;
                }
            }
        }
    }
    assert!(found > 10, "{found}");
}

#[test]
fn rule_2_least_period() {
    // 44 = 2·22 is a period of {2,5,7} but not the least.
    let mut c = periodic(&[2, 5, 7]);
    c.period = 44;
    c.period_witnesses = vec![w(2, 0), w(11, 0)];
    assert_invalid(&check(c), "least period: witness for prime 2 fails");
    let mut c = periodic(&[2, 5, 7]);
    c.period_witnesses.pop();
    assert_invalid(
        &check(c),
        "1 minimality witnesses given, but 22 has 2 prime divisors",
    );
    let mut c = periodic(&[2, 5, 7]);
    c.period_witnesses.swap(0, 1);
    assert_invalid(&check(c), "must list the primes [2, 11] in order");
    // Witnesses are read through the periodic extension, far beyond q + p.
    let mut c = periodic(&[2, 5, 7]);
    c.period_witnesses[0].position += 22 * 1_000_000;
    assert_valid(&check(c));
    let mut c = periodic(&[2, 5, 7]);
    c.period_witnesses[0].position = u64::MAX;
    assert_invalid(&check(c), "witness for prime 2 fails");
    // With a pre-period too: {2,4,7} has q = 8, p = 3, and G(x) = G(x + 1)
    // nowhere from 8 on; every witness 8 + 3k, far beyond [0, q + p + c)
    // or not, is read through G(8 + (x − 8) mod 3).
    for k in [1u64, 2, 3, 4, 5, 100, 1 << 40] {
        let mut c = periodic(&[2, 4, 7]);
        c.period_witnesses[0].position = 8 + 3 * k;
        assert_valid(&check(c));
    }
    // {2,7,8}: q = 12, p = 5, and G(12) ≠ G(13); read through the
    // extension from x = 12 + 5·100 the witness holds, while a wrong
    // residue (x + q instead of x − q) would read G(14) = G(15).
    let mut c = periodic(&[2, 7, 8]);
    assert_eq!((c.preperiod, c.period), (12, 5));
    c.period_witnesses[0].position = 12 + 5 * 100;
    assert_valid(&check(c));
    // Before q: refused.
    let mut c = periodic(&[2, 4, 7]);
    c.period_witnesses[0].position = 7;
    assert_eq!(
        check(c),
        Verdict::Invalid("minimality witness 7 lies before the pre-period 8".into())
    );
}

#[test]
fn rule_3_least_preperiod() {
    // {2,4,7}: q = 8; claiming 9 leaves G(8) = G(11).
    let mut c = periodic(&[2, 4, 7]);
    c.preperiod = 9;
    c.period_witnesses[0].position = 9;
    assert_eq!(
        check(c),
        Verdict::Invalid(
            "pre-period is not least: G(8) = G(11) = 1, so the period already holds from 8".into()
        )
    );
    // q = 0 needs nothing; {2,5,7} claimed with q = 1 fails Rule 3.
    let mut c = periodic(&[2, 5, 7]);
    c.preperiod = 1;
    c.period_witnesses = vec![w(2, 1), w(11, 1)];
    assert_invalid(&check(c), "pre-period is not least: G(0) = G(22)");
}

#[test]
fn move_set_rule() {
    let mut c = periodic(&[2, 5, 7]);
    c.moves = vec![];
    assert_eq!(check(c), Verdict::Invalid("the move set is empty".into()));
    let mut c = periodic(&[2, 5, 7]);
    c.moves = vec![0, 5, 7];
    assert_eq!(check(c), Verdict::Invalid("0 is not a move".into()));
    let mut c = periodic(&[2, 5, 7]);
    c.moves = vec![2, 7, 5];
    assert_invalid(
        &check(c),
        "moves must be strictly increasing: 7 is followed by 5",
    );
}

#[test]
fn limits_are_exact() {
    let c = periodic(&[2, 4, 7]); // q + p = 11, c = 7, |S| = 3
    let with = |limits: Limits| check_with(c.clone(), &limits);
    let d = Limits::default();
    assert_valid(&with(Limits {
        max_period: 11,
        ..d
    }));
    assert_eq!(
        with(Limits {
            max_period: 10,
            ..d
        }),
        Verdict::OverLimit("claimed q + p = 8 + 3 exceeds the limit of 10 (--max-period)".into())
    );
    assert_valid(&with(Limits {
        max_work: 18 * 7,
        ..d
    }));
    assert_eq!(
        with(Limits { max_work: 18 * 7 - 1, ..d }),
        Verdict::OverLimit(
            "checking needs 126 work units ((q + p + c)·(|S| + 4)), over the limit of 125 (--max-work)"
                .into()
        )
    );
    assert_valid(&with(Limits { max_moves: 3, ..d }));
    assert_over_limit(
        &with(Limits { max_moves: 2, ..d }),
        "3 moves exceed the limit of 2 (--max-moves)",
    );
    assert_valid(&with(Limits { max_move: 7, ..d }));
    assert_over_limit(
        &with(Limits { max_move: 6, ..d }),
        "move 7 exceeds the limit of 6 (--max-move)",
    );
    // Limits come first, even before an unsorted move list is noticed.
    let mut bad = c.clone();
    bad.moves = vec![9, 2];
    assert_over_limit(
        &check_with(bad, &Limits { max_move: 8, ..d }),
        "move 9 exceeds the limit of 8",
    );
    // q + p overflowing u64, and huge claims, refused at once.
    let start = std::time::Instant::now();
    for (q, p) in [(u64::MAX, 3), (0, u64::MAX), (1 << 40, 1)] {
        let mut huge = c.clone();
        huge.preperiod = q;
        huge.period = p;
        assert_over_limit(&check(huge), "(--max-period)");
    }
    let mut huge = c.clone();
    huge.moves = (1..=5000).collect();
    assert_over_limit(&check(huge), "5000 moves exceed the limit of 4096");
    // A guard against doing the refused work, not a speed target.
    assert!(start.elapsed().as_secs() < 5);
}

#[test]
fn format_version_2_is_required() {
    let c = Certificate {
        format: 1,
        ..certificate(Claim::Periodic(periodic(&[2, 5, 7])))
    };
    assert_eq!(
        check_certificate(&c, &Limits::default()),
        Verdict::Undecidable(
            "a Periodic claim needs format version 2, but the certificate says 1".into()
        )
    );
    let text = to_ron(&cert(Claim::Periodic(periodic(&[2, 5, 7]))));
    assert!(text.contains("format: 2,"), "{text}");
    assert!(
        text.contains("claim: Periodic((\n        moves: [2, 5, 7],"),
        "{text}"
    );
    assert_valid(&check_bytes(text.as_bytes(), &Limits::default()));
    assert_eq!(
        check_bytes(
            text.replacen("format: 2", "format: 1", 1).as_bytes(),
            &Limits::default()
        ),
        Verdict::Undecidable(
            "a Periodic claim needs format version 2, but the certificate says 1".into()
        )
    );
}

// ---- PeriodicTable ----

fn rows(games: &[&[u64]]) -> String {
    games
        .iter()
        .map(|m| write_row(&periodic(m)) + "\n")
        .collect()
}

#[test]
fn rows_are_written_and_read_back() {
    assert_eq!(write_row(&periodic(&[2, 5, 7])), "2,5,7;0;22;2:0,11:0");
    assert_eq!(write_row(&periodic(&[2, 4, 7])), "2,4,7;8;3;3:8");
    assert_eq!(write_row(&periodic(&[1])), "1;0;2;2:0");
    let one = PeriodicClaim {
        moves: vec![3],
        preperiod: 0,
        period: 1,
        period_witnesses: vec![],
    };
    assert_eq!(write_row(&one), "3;0;1;");
    let mut back = periodic(&[9]);
    for moves in GAMES {
        let c = periodic(moves);
        parse_row(&write_row(&c), &mut back).unwrap();
        assert_eq!(back, c);
    }
    parse_row("3;0;1;", &mut back).unwrap();
    assert_eq!(back, one);
    let max = format!("{};{};{};{}:{}", u64::MAX, u64::MAX, u64::MAX, u64::MAX, 0);
    parse_row(&max, &mut back).unwrap();
    assert_eq!(back.moves, vec![u64::MAX]);
}

#[test]
fn the_row_grammar_is_strict() {
    let mut c = periodic(&[1]);
    for (row, error) in [
        ("", "expected a move at byte 1"),
        (";0;1;", "expected a move at byte 1"),
        ("2,;0;1;", "expected a move at byte 3"),
        ("2 5;0;1;", "expected `;` after the moves at byte 2"),
        ("2,5;0;1", "expected `;` after the period at byte 8"),
        ("2,5;0", "expected `;` after the pre-period at byte 6"),
        ("2,5;;1;", "expected the pre-period at byte 5"),
        ("2,5;0;;", "expected the period at byte 7"),
        ("02,5;0;1;", "a move at byte 1 has a leading zero"),
        ("2,5;00;1;", "the pre-period at byte 5 has a leading zero"),
        (
            "2,5;0;1;2",
            "expected `:` between a witness prime and its position at byte 10",
        ),
        ("2,5;0;1;2:", "expected a witness position at byte 11"),
        ("2,5;0;1;:3", "expected a witness prime at byte 9"),
        ("2,5;0;1;2:3,", "expected a witness prime at byte 13"),
        ("2,5;0;1;2:3;", "unexpected text at byte 12"),
        ("2,5;0;1; ", "expected a witness prime at byte 9"),
        ("2,5;0;1;\r", "expected a witness prime at byte 9"),
        ("2,5;0;-1;", "expected the period at byte 7"),
        ("2,5;+0;1;", "expected the pre-period at byte 5"),
        (
            "18446744073709551616;0;1;",
            "a move at byte 1 exceeds 2^64 − 1",
        ),
        (
            "1;0;99999999999999999999;",
            "the period at byte 5 exceeds 2^64 − 1",
        ),
    ] {
        assert_eq!(parse_row(row, &mut c), Err(error.to_string()), "{row:?}");
    }
}

#[test]
fn accepts_a_table_of_true_claims() {
    let games = rows(GAMES);
    assert_eq!(
        table(&games),
        Verdict::Valid(format!(
            "{} subtraction games, each line proved: the nim-sequence of S has the least pre-period q and the least period p listed",
            GAMES.len()
        ))
    );
    // The final newline is optional.
    assert_valid(&table(games.trim_end()));
    // And the table round-trips through RON with its lines as lines.
    let certificate = cert(Claim::PeriodicTable(PeriodicTableClaim {
        games: games.clone(),
    }));
    let text = to_ron(&certificate);
    assert!(text.contains("games: \"1;0;2;2:0\n2;0;4;2:0\n"), "{text}");
    assert_valid(&check_bytes(text.as_bytes(), &Limits::default()));
}

#[test]
fn a_table_names_its_first_bad_line() {
    let mut lines: Vec<String> = rows(GAMES).lines().map(str::to_string).collect();
    lines[4] = "2,5,7;0;21;3:0,7:0".to_string();
    assert_eq!(
        table(&lines.join("\n")),
        Verdict::Invalid(
            "line 5 (S = {2,5,7}): p = 21 is not a period from q = 0: G(0) = 0 but G(21) = 2"
                .into()
        )
    );
    lines[4] = "2,5,7;0;22;2:0".to_string();
    assert_invalid(
        &table(&lines.join("\n")),
        "line 5 (S = {2,5,7}): least period:",
    );
    lines[4] = "2,5,7;0;22".to_string();
    assert_eq!(
        table(&lines.join("\n")),
        Verdict::Undecidable("line 5: expected `;` after the period at byte 11".into())
    );
    // A blank line, a carriage return, an empty table: bad input.
    assert_eq!(
        table("2,5,7;0;22;2:0,11:0\n\n1;0;2;2:0\n"),
        Verdict::Undecidable("line 2: expected a move at byte 1".into())
    );
    assert_undecidable(&table("2,5,7;0;22;2:0,11:0\r\n"), "line 1: unexpected text");
    assert_eq!(
        table(""),
        Verdict::Undecidable("the table lists no games".into())
    );
    assert_undecidable(&table("\n"), "line 1: expected a move");
}

#[test]
fn table_limits_are_per_line_and_summed() {
    let games = rows(&[&[2, 5, 7], &[2, 4, 7]]);
    // (22 + 7)·7 + (11 + 7)·7 = 203 + 126 = 329 units.
    let with = |w: u64| {
        table_with(
            &games,
            &Limits {
                max_work: w,
                ..Limits::default()
            },
        )
    };
    assert_valid(&with(329));
    assert_eq!(
        with(328),
        Verdict::OverLimit(
            "checking needs 329 work units (the sum over the lines of (q + p + c)·(|S| + 4)), over the limit of 328 (--max-work)"
                .into()
        )
    );
    // A line over a limit is named, before any line is checked.
    let games = format!("2,5,8;0;1;\n{}", rows(&[&[2, 4, 7]]));
    assert_eq!(
        table_with(
            &games,
            &Limits {
                max_period: 10,
                ..Limits::default()
            }
        ),
        Verdict::OverLimit(
            "line 2 (S = {2,4,7}): claimed q + p = 8 + 3 exceeds the limit of 10 (--max-period)"
                .into()
        )
    );
    // Many small games, summed without overflow.
    let many = "1;18446744073709551615;1;\n".repeat(3);
    assert_over_limit(&table(&many), "(--max-period)");
}

#[test]
fn precheck_names_each_limit_without_checking() {
    let d = Limits::default();
    let c = cert(Claim::Periodic(periodic(&[2, 4, 7])));
    assert_eq!(precheck(&c, &d), Ok(()));
    assert_eq!(
        precheck(&c, &Limits { max_work: 125, ..d }),
        Err("checking needs 126 work units ((q + p + c)·(|S| + 4)), over the limit of 125 (--max-work)".into())
    );
    for (limits, flag) in [
        (
            Limits {
                max_period: 10,
                ..d
            },
            "(--max-period)",
        ),
        (Limits { max_moves: 2, ..d }, "(--max-moves)"),
        (Limits { max_move: 6, ..d }, "(--max-move)"),
    ] {
        assert!(precheck(&c, &limits).unwrap_err().ends_with(flag));
    }
    // The file size is that of the text to_ron writes, counted exactly.
    for claim in [
        Claim::Periodic(periodic(&[2, 4, 7])),
        Claim::Sequence(sequence_claim(&[2, 5, 7])),
        Claim::PSet(pset_claim(&[2, 5, 7], 22)),
        Claim::PeriodicTable(PeriodicTableClaim { games: rows(GAMES) }),
    ] {
        let c = cert(claim);
        let n = to_ron(&c).len() as u64;
        assert_eq!(
            precheck(
                &c,
                &Limits {
                    max_file_bytes: n,
                    ..d
                }
            ),
            Ok(())
        );
        assert_eq!(
            precheck(
                &c,
                &Limits {
                    max_file_bytes: n - 1,
                    ..d
                }
            ),
            Err(format!(
                "file of {n} bytes exceeds the limit of {} bytes (--max-file-bytes)",
                n - 1
            ))
        );
    }
    // A false or malformed claim within the limits passes the precheck:
    // it says nothing about truth.
    let mut wrong = periodic(&[2, 5, 7]);
    wrong.period = 21;
    assert_eq!(precheck(&cert(Claim::Periodic(wrong)), &d), Ok(()));
    let mut malformed = periodic(&[2, 5, 7]);
    malformed.moves = vec![];
    assert_eq!(precheck(&cert(Claim::Periodic(malformed)), &d), Ok(()));
}

#[test]
fn limits_at_their_largest_never_overflow() {
    let all = Limits {
        max_file_bytes: u64::MAX,
        max_moves: u64::MAX,
        max_move: u64::MAX,
        max_period: u64::MAX,
        max_work: u64::MAX,
        ..Limits::default()
    };
    let mut c = periodic(&[2, 5, 7]);
    c.moves = vec![2, 5, u64::MAX];
    c.preperiod = 1;
    assert_eq!(
        check_with(c, &all),
        Verdict::OverLimit(
            "q + p + c = 23 + 18446744073709551615 overflows (lower --max-period or --max-move)"
                .into()
        )
    );
    // Values of 2^63 positions cannot be had: refused, not attempted.
    let mut c = periodic(&[2, 5, 7]);
    c.preperiod = 1 << 63;
    assert_over_limit(&check_with(c, &all), "cannot allocate memory for");
    // A P-set whose bitmap cannot be had.
    let mut c = pset_claim(&[2, 5, 7], 22);
    c.period = u64::MAX;
    c.block = vec![];
    c.cover = vec![];
    assert_over_limit(
        &check_certificate(&cert(Claim::PSet(c)), &all),
        "cannot allocate a bitmap of P = 18446744073709551615 bits",
    );
}
