//! Every rule and branch of the `PSet` rules (checker/src/pset.rs).

mod common;

use common::*;
use nimcert_check::format::PSetClaim;
use nimcert_check::{Limits, Verdict};

fn p257() -> PSetClaim {
    let c = pset_claim(&[2, 5, 7], 22);
    assert_eq!(c.block, vec![0, 1, 4, 10, 13, 14]);
    c
}

#[test]
fn accepts_many_games() {
    for (moves, period) in [
        (&[1u64][..], 2),
        (&[3], 6),
        (&[2, 5, 7], 22),
        (&[1, 3, 5], 2),
        (&[2, 3, 7], 5),
        (&[2, 14, 18], 4),
        (&[2, 14, 22], 4),
        (&[4, 6, 10], 14),
        (&[3, 7, 10], 45),
        (&[1, 2, 4, 8], 3),
        (&[2, 5, 6, 9, 13], 11),
        (&[20], 40),
    ] {
        assert_valid(&pset(pset_claim(moves, period)));
    }
}

#[test]
fn summary() {
    assert_eq!(
        pset(p257()),
        Verdict::Valid(
            "S = {2,5,7}: P-positions purely periodic, least period 22, P-positions 0,1,4,10,13,14 mod 22"
                .into()
        )
    );
    let Verdict::Valid(m) = pset(pset_claim(&[20], 40)) else {
        panic!()
    };
    assert!(
        m.ends_with("P-positions 0,1,2,3,4,5,6,7,8,9,10,11,... mod 40"),
        "{m}"
    );
}

// Rule 1: the block.

#[test]
fn block_rule() {
    let mut c = p257();
    c.period = 0;
    assert_eq!(
        pset(c),
        Verdict::Invalid("the period must be at least 1".into())
    );
    let mut c = p257();
    c.block = vec![0, 4, 1, 10, 13, 14];
    assert_eq!(
        pset(c),
        Verdict::Invalid("block must be strictly increasing: 4 is followed by 1".into())
    );
    let mut c = p257();
    c.block.insert(1, 0);
    assert_invalid(&pset(c), "0 is followed by 0");
    let mut c = p257();
    c.block.push(22);
    assert_eq!(
        pset(c),
        Verdict::Invalid("block element 22 is not below the period 22".into())
    );
    let mut c = p257();
    c.block.push(21);
    assert_invalid(&pset(c), "collision");
}

#[test]
fn empty_block_has_no_cover() {
    let mut c = p257();
    c.block.clear();
    assert_invalid(&pset(c), "expected residue 0, found 2");
}

// Rule 2: collisions, inside the block and across the join.

#[test]
fn collision_inside_the_block() {
    let mut c = p257();
    c.block = vec![0, 1, 4, 10, 12, 13, 14];
    c.cover.retain(|&(r, _)| r != 12);
    assert_eq!(
        pset(c),
        Verdict::Invalid(
            "collision: 10 and 12 are both P-positions (12 ≡ 12 mod 22) and differ by the move 2"
                .into()
        )
    );
}

#[test]
fn collision_across_the_join() {
    // {3}, P = 4, H = {0,1,2}: 1 + 3 = 4 ≡ 0. Everything else holds.
    let c = PSetClaim {
        moves: vec![3],
        period: 4,
        block: vec![0, 1, 2],
        cover: vec![(3, 3)],
        period_witnesses: vec![w(2, 0)],
    };
    assert_eq!(
        pset(c),
        Verdict::Invalid(
            "collision: 1 and 4 are both P-positions (4 ≡ 0 mod 4) and differ by the move 3".into()
        )
    );
    // A move larger than P: {1, 9} has G = x mod 2, so P = 4 with H = {0, 2}
    // passes rules 2 and 3 (9 ≡ 1) and must fail minimality.
    let c = PSetClaim {
        moves: vec![1, 9],
        period: 4,
        block: vec![0, 2],
        cover: vec![(1, 1), (3, 1)],
        period_witnesses: vec![w(2, 0)],
    };
    assert_invalid(&pset(c), "witness for prime 2 fails");
    let c = PSetClaim {
        moves: vec![1, 10],
        period: 2,
        block: vec![0],
        cover: vec![(1, 1)],
        period_witnesses: vec![w(2, 0)],
    };
    assert_eq!(
        pset(c),
        Verdict::Invalid(
            "collision: 0 and 10 are both P-positions (10 ≡ 0 mod 2) and differ by the move 10"
                .into()
        )
    );
}

#[test]
fn collision_with_a_block_element_far_from_zero() {
    // {3}, P = 5, H = {0, 1, 2}: 2 + 3 = 5 ≡ 0 collides at the join, from h = 2.
    let c = PSetClaim {
        moves: vec![3],
        period: 5,
        block: vec![1, 2, 4],
        cover: vec![(0, 3), (3, 3)],
        period_witnesses: vec![w(5, 0)],
    };
    assert_eq!(
        pset(c),
        Verdict::Invalid(
            "collision: 1 and 4 are both P-positions (4 ≡ 4 mod 5) and differ by the move 3".into()
        )
    );
    let c = PSetClaim {
        moves: vec![4],
        period: 6,
        block: vec![3, 5],
        cover: vec![],
        period_witnesses: vec![],
    };
    // 3 + 4 = 7 ≡ 1 (no), 5 + 4 = 9 ≡ 3 (yes).
    assert_eq!(
        pset(c),
        Verdict::Invalid(
            "collision: 5 and 9 are both P-positions (9 ≡ 3 mod 6) and differ by the move 4".into()
        )
    );
}

#[test]
fn moves_larger_than_the_period() {
    // {2,14,18}: P = 4, moves 14 ≡ 2 and 18 ≡ 2 mod 4.
    let c = pset_claim(&[2, 14, 18], 4);
    assert_eq!(
        (c.block.clone(), c.cover.clone()),
        (vec![0, 1], vec![(2, 2), (3, 2)])
    );
    assert_valid(&pset(c));
    // {1, 3, 5}: P = 2, H = {0}, moves 3 ≡ 5 ≡ 1.
    assert_valid(&pset(pset_claim(&[1, 3, 5], 2)));
    let c = PSetClaim {
        moves: vec![1, 3, 6],
        period: 2,
        block: vec![0],
        cover: vec![(1, 1)],
        period_witnesses: vec![w(2, 0)],
    };
    assert_invalid(
        &pset(c),
        "collision: 0 and 6 are both P-positions (6 ≡ 0 mod 2)",
    );
}

// Rule 3: cover witnesses.

#[test]
fn cover_rule() {
    let good = p257();
    let mut c = good.clone();
    c.cover.pop();
    assert_eq!(
        pset(c),
        Verdict::Invalid("no cover witness for residue 21".into())
    );
    let mut c = good.clone();
    c.cover.remove(5);
    assert_eq!(
        pset(c),
        Verdict::Invalid(
            "cover witnesses must list [0, P) \\ H in increasing order: expected residue 8, found 9".into()
        )
    );
    let mut c = good.clone();
    c.cover.swap(0, 1);
    assert_invalid(&pset(c), "expected residue 2, found 3");
    let mut c = good.clone();
    c.cover[0] = (2, 3);
    assert_eq!(
        pset(c),
        Verdict::Invalid("cover witness for residue 2: 3 is not a move".into())
    );
    let mut c = good.clone();
    c.cover[1] = (3, 5);
    assert_eq!(
        pset(c),
        Verdict::Invalid("cover witness for residue 3: move 5 is larger than 3".into())
    );
    let mut c = good.clone();
    c.cover[2] = (5, 2);
    assert_eq!(
        pset(c),
        Verdict::Invalid("cover witness for residue 5: 5 − 2 = 3 is not in the block".into())
    );
    let mut c = good.clone();
    c.cover.push((22, 2));
    assert_eq!(
        pset(c),
        Verdict::Invalid(
            "cover witness for residue 22, which is in the block or not below the period".into()
        )
    );
    let mut c = good.clone();
    c.cover.push((14, 7));
    assert_invalid(
        &pset(c),
        "cover witness for residue 14, which is in the block",
    );
    let mut c = good;
    c.cover.clear();
    assert_invalid(&pset(c), "no cover witness for residue 2");
}

#[test]
fn cover_move_equal_to_the_residue_is_allowed() {
    // (5, 5) and (7, 7): s = r, r − s = 0 ∈ H.
    let c = p257();
    assert!(c.cover.contains(&(5, 5)) && c.cover.contains(&(7, 7)));
    assert_valid(&pset(c.clone()));
    let mut c = c;
    let i = c.cover.iter().position(|&x| x == (7, 7)).unwrap();
    c.cover[i] = (7, 5);
    assert_invalid(&pset(c), "7 − 5 = 2 is not in the block");
}

#[test]
fn a_missing_p_position_leaves_a_residue_uncovered() {
    let mut c = p257();
    c.block.pop(); // 14
    let pos = c.cover.iter().position(|&(r, _)| r > 14).unwrap();
    c.cover.insert(pos, (14, 2));
    assert_invalid(
        &pset(c),
        "cover witness for residue 14: 14 − 2 = 12 is not in the block",
    );
    // Every residue of a wrong period is checked: P = 23.
    let mut c = p257();
    c.period = 23;
    c.cover.push((22, 7));
    c.period_witnesses = vec![w(23, 0)];
    assert_invalid(
        &pset(c),
        "cover witness for residue 22: 22 − 7 = 15 is not in the block",
    );
}

// Rule 4: least period.

#[test]
fn rejects_a_non_minimal_period() {
    let good = p257();
    let mut c = good.clone();
    c.period = 44;
    c.block.extend(good.block.iter().map(|h| h + 22));
    c.cover.extend(good.cover.iter().map(|&(r, s)| (r + 22, s)));
    assert_eq!(
        pset(c),
        Verdict::Invalid(
            "least period: witness for prime 2 fails: the values at 0 and 0 + 22 agree, \
             so it does not show that 22 is not a period"
                .into()
        )
    );
}

#[test]
fn minimality_witnesses() {
    let good = p257();
    let mut c = good.clone();
    c.period_witnesses.remove(0);
    assert_invalid(
        &pset(c),
        "1 minimality witnesses given, but 22 has 2 prime divisors [2, 11]",
    );
    let mut c = good.clone();
    c.period_witnesses[1].prime = 7;
    assert_invalid(&pset(c), "found 7 where 11 was expected");
    let mut c = good.clone();
    c.period_witnesses[0].position = 22;
    assert_eq!(
        pset(c),
        Verdict::Invalid("minimality witness 22 is not a residue mod 22".into())
    );
    let mut c = good.clone();
    c.period_witnesses[0].position = 21; // 21 ∉ H, (21 + 11) mod 22 = 10 ∈ H
    assert_valid(&pset(c));
    let mut c = good;
    c.period_witnesses[0].position = 5; // 5 ∉ H, 16 ∉ H
    assert_invalid(
        &pset(c),
        "witness for prime 2 fails: the values at 5 and 5 + 11 agree",
    );
    // {3}, P = 6, H = {0,1,2}: shift 2 from 0 agrees, from 1 differs (3 ∉ H);
    // shift 3 from 5 wraps to 2 ∈ H.
    let mut c = pset_claim(&[3], 6);
    c.period_witnesses = vec![w(2, 5), w(3, 1)];
    assert_valid(&pset(c.clone()));
    c.period_witnesses = vec![w(2, 5), w(3, 0)];
    assert_invalid(
        &pset(c),
        "witness for prime 3 fails: the values at 0 and 0 + 2 agree",
    );
}

// Limits.

#[test]
fn limits_are_exact() {
    let c = p257(); // 2·|H|·|S| + P·(4 + log2 |S|) = 2·6·3 + 22·5 = 146
    assert_valid(&pset_with(
        c.clone(),
        &Limits {
            max_period: 22,
            ..Limits::default()
        },
    ));
    assert_eq!(
        pset_with(
            c.clone(),
            &Limits {
                max_period: 21,
                ..Limits::default()
            }
        ),
        Verdict::OverLimit("claimed period 22 exceeds the limit of 21 (--max-period)".into())
    );
    assert_valid(&pset_with(
        c.clone(),
        &Limits {
            max_work: 146,
            ..Limits::default()
        },
    ));
    assert_eq!(
        pset_with(
            c.clone(),
            &Limits {
                max_work: 145,
                ..Limits::default()
            }
        ),
        Verdict::OverLimit(
            "checking needs 146 work units (2·|H|·|S| + P·(4 + log2 |S|)), over the limit of 145 (--max-work)".into()
        )
    );
    assert_valid(&pset_with(
        c.clone(),
        &Limits {
            max_moves: 3,
            ..Limits::default()
        },
    ));
    assert_over_limit(
        &pset_with(
            c.clone(),
            &Limits {
                max_moves: 2,
                ..Limits::default()
            },
        ),
        "3 moves exceed the limit of 2",
    );
    assert_over_limit(
        &pset_with(
            c,
            &Limits {
                max_move: 6,
                ..Limits::default()
            },
        ),
        "move 7 exceeds the limit of 6",
    );
}

#[test]
fn oversized_claims_are_refused_quickly() {
    let start = std::time::Instant::now();
    for period in [100_000_001u64, 1_000_000_000_000_000, u64::MAX] {
        let mut c = p257();
        c.period = period;
        assert_over_limit(&pset(c), "(--max-period)");
    }
    let c = PSetClaim {
        moves: (1..=4000).collect(),
        period: 99_999_999,
        block: vec![0],
        cover: vec![],
        period_witnesses: vec![],
    };
    // 1.6·10^9 units: over a --max-work of 10^9 (the default 3·10^10 is
    // out of reach of a P-set within the other default limits).
    let limits = Limits {
        max_work: 1_000_000_000,
        ..Limits::default()
    };
    assert_over_limit(&pset_with(c, &limits), "(--max-work)");
    let mut c = p257();
    c.moves = vec![];
    assert_invalid(&pset(c), "the move set is empty");
    assert!(start.elapsed().as_secs() < 5, "took {:?}", start.elapsed());
}
