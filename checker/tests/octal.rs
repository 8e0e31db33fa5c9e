//! The format-3 `Octal` claim (checker/src/octal.rs): every rule, the code
//! grammar, the limits and the version, against a naive oracle written here
//! (the mex over an explicit list of options, and the least pre-period and
//! period found by brute force), independent of the checker's code path.
//!
//! Published figures (Winning Ways, Berlekamp–Conway–Guy, ch. 4): Kayles,
//! 0.77, has period 12 and last exceptional value at n = 70, so q = 71;
//! Dawson's Kayles has period 34 and exceptional values at n = 0, 14, 16,
//! 17, 31, 34 and 51 in the indexing of Dawson's chess, 0.137, so q = 52
//! for 0.137; the code 0.07 is the same sequence one heap later
//! (G_0.07(n + 1) = G_0.137(n), checked below), so q = 53 for 0.07.

mod common;

use common::*;
use nimcert_check::format::{Certificate, Claim, OctalClaim, OctalPeriodicClaim, SparseHint};
use nimcert_check::{check_bytes, check_certificate, precheck, to_ron, Limits, Verdict};

/// The digits d0, d1, …, dt of "d0.d1…dt" (hexadecimal; "4.0" is d0 = 4
/// and t = 0).
fn digits(code: &str) -> Vec<u32> {
    let (whole, rest) = code.split_once('.').expect("a code d0.d1…dt");
    let rest = if whole != "0" && rest == "0" {
        ""
    } else {
        rest
    };
    whole
        .chars()
        .chain(rest.chars())
        .map(|c| c.to_digit(16).unwrap())
        .collect()
}

/// j: 3 when some digit has bit 8, else 2.
fn heaps(code: &str) -> usize {
    if digits(code).iter().any(|d| d & 8 != 0) {
        3
    } else {
        2
    }
}

/// G(n) for n < len, by the definition: every option listed, then the
/// least number not among them.
fn grundy(code: &str, len: usize) -> Vec<u32> {
    let d = digits(code);
    let mut g: Vec<u32> = Vec::new();
    for n in 0..len {
        let mut options = Vec::new();
        for (k, &dk) in d.iter().enumerate() {
            if k > n {
                break;
            }
            let rest = n - k;
            if dk & 1 != 0 && rest == 0 {
                options.push(0);
            }
            if dk & 2 != 0 && rest > 0 {
                options.push(g[rest]);
            }
            if dk & 4 != 0 && rest >= 2 {
                for a in 1..rest {
                    options.push(g[a] ^ g[rest - a]);
                }
            }
            if dk & 8 != 0 && rest >= 3 {
                for a in 1..rest {
                    for b in 1..rest - a {
                        options.push(g[a] ^ g[b] ^ g[rest - a - b]);
                    }
                }
            }
        }
        let mut m = 0;
        while options.contains(&m) {
            m += 1;
        }
        g.push(m);
    }
    g
}

/// How far the oracle computes.
const N: usize = 1200;

/// The least (q, p) of G, or `None` when no period is proved below N. For
/// each p in increasing order, q_p is the least q with G(n + p) = G(n) on
/// [q, N − p); p is accepted once that window covers the range of the
/// periodicity theorem, [q_p, 2q_p + p + t + 1). The first p accepted is
/// least: the least period p* has the same least pre-period q* as any
/// period p (so its window is shorter), and a p that is no period is never
/// accepted (the theorem).
fn least_qp(code: &str) -> Option<(u64, u64)> {
    least_qp_below(code, N)
}

/// [`least_qp`] with G on [0, n), and the range j(q + p) + t + 1 of j heaps.
fn least_qp_below(code: &str, n: usize) -> Option<(u64, u64)> {
    let g = grundy(code, n);
    let (t, j) = (digits(code).len() - 1, heaps(code));
    (1..n / 4).find_map(|p| {
        let mut q = n - p;
        while q > 0 && g[q - 1] == g[q - 1 + p] {
            q -= 1;
        }
        (j * (q + p) + t < n).then_some((q as u64, p as u64))
    })
}

/// A true claim for `code`, with the first witness of each prime.
fn octal_claim(code: &str) -> OctalClaim {
    octal_claim_below(code, N)
}

/// [`octal_claim`] from G on [0, n).
fn octal_claim_below(code: &str, n: usize) -> OctalClaim {
    let (q, p) = least_qp_below(code, n).unwrap_or_else(|| panic!("{code}: no period below {n}"));
    let g = grundy(code, n);
    let period_witnesses = primes(p)
        .into_iter()
        .map(|r| {
            let x = (q..q + p)
                .find(|&x| g[x as usize] != g[(x + p / r) as usize])
                .unwrap();
            w(r, x)
        })
        .collect();
    OctalClaim {
        code: code.to_string(),
        preperiod: q,
        period: p,
        values: g[..(q + p) as usize].to_vec(),
        period_witnesses,
        preperiod_witness: (q > 0).then(|| q - 1),
        sparse: None,
    }
}

fn cert(claim: OctalClaim) -> Certificate {
    Certificate {
        format: 3,
        ..certificate(Claim::Octal(claim))
    }
}

fn check(claim: OctalClaim) -> Verdict {
    check_with(claim, &Limits::default())
}

fn check_with(claim: OctalClaim, limits: &Limits) -> Verdict {
    check_certificate(&cert(claim), limits)
}

fn kayles() -> OctalClaim {
    octal_claim("0.77")
}

fn dawson() -> OctalClaim {
    octal_claim("0.07")
}

/// The code of the subtraction game S: d_s = 3 for s ∈ S, 0 elsewhere.
fn subtraction_code(moves: &[u64]) -> String {
    let c = *moves.last().unwrap();
    let d: String = (1..=c)
        .map(|k| if moves.contains(&k) { '3' } else { '0' })
        .collect();
    format!("0.{d}")
}

#[test]
fn the_oracle_agrees_with_published_values() {
    // Kayles and Dawson's Kayles, first values (Winning Ways ch. 4).
    assert_eq!(
        grundy("0.77", 16),
        [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7]
    );
    assert_eq!(grundy("0.07", 10), [0, 0, 1, 1, 2, 0, 3, 1, 1, 0]);
    // The published periods and last exceptional values.
    assert_eq!(least_qp("0.77"), Some((71, 12)));
    assert_eq!(least_qp("0.07"), Some((53, 34)));
    assert_eq!(least_qp("0.137"), Some((52, 34)));
    assert_eq!(grundy("0.07", 400)[1..], grundy("0.137", 399)[..]);
    // A subtraction game is the octal game with d_s = 3 (the naive
    // subtraction mex of tests/common).
    for moves in GAMES {
        let code = subtraction_code(moves);
        assert_eq!(grundy(&code, 300), naive(moves, 300), "{code}");
        assert_eq!(least_qp(&code), Some(naive_qp(moves)), "{code}");
    }
}

#[test]
fn accepts_the_published_games() {
    let Verdict::Valid(m) = check(kayles()) else {
        panic!("{:?}", check(kayles()))
    };
    assert!(
        m.starts_with(
            "octal game 0.77: nim-sequence with least pre-period 71 and least period 12; \
             values 0,1,2,3,1,4,3,2,1,4,2,6,4,1,2,7,1,4,3,2,1,4,6,7,...; P-positions {0} below 71"
        ),
        "{m}"
    );
    // Kayles has no P-position from 71 on: said in words, not "in {}".
    assert!(
        m.ends_with("P-positions {0} below 71, none from 71 on"),
        "{m}"
    );
    let Verdict::Valid(m) = check(dawson()) else {
        panic!()
    };
    assert!(
        m.starts_with(
            "octal game 0.07: nim-sequence with least pre-period 53 and least period 34;"
        ),
        "{m}"
    );
    // Dawson's chess, 0.137: Dawson's Kayles one heap earlier.
    let c = octal_claim("0.137");
    assert_eq!((c.preperiod, c.period), (52, 34));
    assert_valid(&check(c));
}

#[test]
fn accepts_every_two_digit_code_the_oracle_solves() {
    let mut solved = 0;
    for d1 in 0..8 {
        for d2 in 0..8 {
            let code = if d2 == 0 {
                if d1 == 0 {
                    continue;
                }
                format!("0.{d1}")
            } else {
                format!("0.{d1}{d2}")
            };
            if least_qp(&code).is_none() {
                continue; // 0.6 (Officers) and others: no period below N
            }
            let c = octal_claim(&code);
            match check(c.clone()) {
                Verdict::Valid(m) => assert!(m.starts_with(&format!("octal game {code}: ")), "{m}"),
                other => panic!("{code} {c:?}: {other:?}"),
            }
            solved += 1;
        }
    }
    // 46 of the 63 codes at N = 1200; the others (0.6, Officers, 0.16, …)
    // are unsolved or need a larger N.
    assert!(solved >= 45, "only {solved} codes solved");
}

/// Codes with a digit before the point (d0 = 4, 8, C: splits that remove
/// nothing) and hexadecimal digits (bit 8: three heaps), against the
/// oracle: every true claim it solves is accepted, and a changed value
/// anywhere in the claimed prefix is refused.
#[test]
fn accepts_d0_and_hexadecimal_codes_the_oracle_solves() {
    let mut codes: Vec<String> = Vec::new();
    for d0 in ["4", "8", "C"] {
        codes.push(format!("{d0}.0"));
        for d1 in "123456789ABCDEF".chars() {
            codes.push(format!("{d0}.{d1}"));
        }
    }
    for d1 in "0123456789ABCDEF".chars() {
        for d2 in "89ABCDEF".chars() {
            codes.push(format!("0.{d1}{d2}"));
        }
    }
    let (mut solved, mut three) = (0, 0);
    for code in &codes {
        let below = if heaps(code) == 3 { 200 } else { N };
        if least_qp_below(code, below).is_none() {
            continue;
        }
        let c = octal_claim_below(code, below);
        match check(c.clone()) {
            Verdict::Valid(m) => assert!(m.starts_with(&format!("octal game {code}: ")), "{m}"),
            other => panic!("{code} {c:?}: {other:?}"),
        }
        for i in [0, c.values.len() / 2, c.values.len() - 1] {
            let mut bad = c.clone();
            bad.values[i] ^= 1;
            assert!(matches!(check(bad), Verdict::Invalid(_)), "{code} at {i}");
        }
        solved += 1;
        three += usize::from(heaps(code) == 3);
    }
    // 12 of the 111 codes, 4 of them with three-heap splits, at the bounds
    // above (most such games have growing values, no period).
    assert!(
        solved >= 12 && three >= 4,
        "{solved} solved, {three} with three heaps"
    );
}

#[test]
fn a_subtraction_game_has_the_sequence_summary() {
    for moves in GAMES {
        let s = sequence_claim(moves);
        let o = octal_claim(&subtraction_code(moves));
        assert_eq!((o.preperiod, o.period), (s.preperiod, s.period));
        assert_eq!(o.values, s.values);
        let (Verdict::Valid(a), Verdict::Valid(b)) = (seq(s), check(o.clone())) else {
            panic!("{moves:?}")
        };
        let after = |m: &str| m.split_once(": ").unwrap().1.to_string();
        assert_eq!(after(&a), after(&b), "{moves:?}");
        assert!(b.starts_with(&format!("octal game {}: ", o.code)));
    }
}

#[test]
fn rule_1_rejects_every_single_value_change() {
    for base in [kayles(), octal_claim("0.4"), octal_claim("0.15")] {
        for i in 0..base.values.len() {
            let mut c = base.clone();
            c.values[i] ^= 1;
            assert_invalid(&check(c), &format!("recurrence fails at n = {i}: "));
        }
    }
}

#[test]
fn rule_1_names_the_mex_of_the_options() {
    let mut c = kayles();
    c.values[5] = 2;
    assert_eq!(
        check(c),
        Verdict::Invalid(
            "recurrence fails at n = 5: claimed 2, mex of options {0,1,2,3} is 4".into()
        )
    );
    let mut c = kayles();
    c.values[10] = u32::MAX;
    assert_invalid(&check(c), "recurrence fails at n = 10: claimed 4294967295");
}

#[test]
fn rule_1_reads_past_q_plus_p_through_the_period() {
    // Kayles with q one too small: the values listed are right, and the
    // extension is wrong first at n = q + p, where it repeats G(70).
    let mut c = kayles();
    c.preperiod = 70;
    c.preperiod_witness = Some(69);
    c.values.pop();
    assert_eq!(
        check(c),
        Verdict::Invalid(
            "recurrence fails at n = 82: claimed 6 (values[70] by the period), \
             mex of options {0,1,3,4,5,7,8,11,12,14,15} is 2"
                .into()
        )
    );
    // Dawson's Kayles with a shorter false period: the values listed are
    // the true ones, so only the extension is wrong.
    let mut c = dawson();
    c.period = 17;
    c.values.truncate(53 + 17);
    c.period_witnesses = vec![w(17, 53)];
    assert_invalid(&check(c), "(values[");
}

#[test]
fn rule_1_checks_one_position_past_the_published_bound() {
    // 0.4 (take one, split the rest into two non-empty heaps): G = 0,0,0,1.
    // The claim "q = 0, p = 1, G = 0" holds on [0, 2q + p + t] = [0, 2],
    // the range of the theorem as usually printed, and is false at n = 3:
    // the checker computes [0, 2q + 2p + t + 1) and rejects it there.
    assert_eq!(grundy("0.4", 4), [0, 0, 0, 1]);
    let c = OctalClaim {
        code: "0.4".into(),
        preperiod: 0,
        period: 1,
        values: vec![0],
        period_witnesses: vec![],
        preperiod_witness: None,
        sparse: None,
    };
    assert_eq!(
        check(c),
        Verdict::Invalid(
            "recurrence fails at n = 3: claimed 0 (values[0] by the period), mex of options {0} is 1"
                .into()
        )
    );
    // The same with two digits: 0.04 has G = 0,0,0,0,1.
    let c = OctalClaim {
        code: "0.04".into(),
        preperiod: 0,
        period: 1,
        values: vec![0],
        period_witnesses: vec![],
        preperiod_witness: None,
        sparse: None,
    };
    assert_invalid(&check(c), "recurrence fails at n = 4: ");
}

/// Every (q, p) with q, p ≤ 12 that G satisfies on the checker's range
/// [0, j(q + p) + t + 1) holds on all of [0, n): the theorem's range is
/// enough, tried on every code of one or two digits, 60 of three, every
/// code d0.d1 with d0 = 4, 8, C and 40 hexadecimal codes of two digits
/// (n = 400, or 150 for splits into three heaps).
#[test]
fn the_theorem_range_is_enough_on_small_codes() {
    let mut codes: Vec<String> = Vec::new();
    for d1 in 0..8 {
        for d2 in 0..8 {
            codes.push(format!("0.{d1}{d2}"));
        }
    }
    let mut rng = Rng(0x0c7a1);
    for _ in 0..60 {
        codes.push(format!(
            "0.{}{}{}",
            rng.below(8),
            rng.below(8),
            1 + rng.below(7)
        ));
    }
    for d0 in ["4", "8", "C"] {
        for d1 in "0123456789ABCDEF".chars() {
            codes.push(format!("{d0}.{d1}"));
        }
    }
    for _ in 0..40 {
        let hex = |d: usize| char::from_digit(d as u32, 16).unwrap();
        codes.push(format!("0.{}{}", hex(rng.below(16)), hex(8 + rng.below(8))));
    }
    let mut tried = 0;
    for code in codes.iter().filter(|c| !c.ends_with('0') || c.len() == 3) {
        let (t, j) = (digits(code).len() - 1, heaps(code));
        let n = if j == 3 { 150 } else { 400 };
        let g = grundy(code, n);
        for q in 0..=12 {
            for p in 1..=12 {
                let l = j * (q + p) + t + 1;
                let holds_to = |end: usize| (q..end - p).all(|x| g[x] == g[x + p]);
                if holds_to(l) {
                    tried += 1;
                    assert!(holds_to(n), "{code}: q = {q}, p = {p} holds to {l} only");
                }
            }
        }
    }
    assert!(tried > 1000, "{tried}");
}

#[test]
fn values_and_period_shape() {
    let mut c = kayles();
    c.period = 0;
    assert_eq!(
        check(c),
        Verdict::Invalid("the period must be at least 1".into())
    );
    let mut c = kayles();
    c.values.pop();
    assert_eq!(
        check(c),
        Verdict::Invalid("82 values given, but q + p = 83".into())
    );
    let mut c = kayles();
    c.values.push(0);
    assert_invalid(&check(c), "84 values given, but q + p = 83");
    let mut c = kayles();
    c.values.clear();
    assert_invalid(&check(c), "0 values given");
}

#[test]
fn rule_2_least_period() {
    // 24 is a period of Kayles but not the least.
    let mut c = kayles();
    let tail = c.values[71..].to_vec();
    c.values.extend(tail);
    c.period = 24;
    c.period_witnesses = vec![w(2, 71), w(3, 71)];
    assert_invalid(
        &check(c),
        "witness for prime 2 fails: the values at 71 and 71 + 12 agree",
    );
    // Missing, extra, wrong-prime and out-of-order witnesses (12 = 2²·3).
    let base = kayles();
    assert_eq!(base.period_witnesses.len(), 2);
    let mut c = base.clone();
    c.period_witnesses.pop();
    assert_invalid(&check(c), "1 minimality witnesses given, but 12 has 2");
    let mut c = base.clone();
    c.period_witnesses.push(w(5, 71));
    assert_invalid(&check(c), "3 minimality witnesses given");
    let mut c = base.clone();
    c.period_witnesses[1].prime = 5;
    assert_invalid(&check(c), "found 5 where 3 was expected");
    let mut c = base.clone();
    c.period_witnesses.swap(0, 1);
    assert_invalid(&check(c), "found 3 where 2 was expected");
    // A witness before q, one whose values agree, one whose shift overflows.
    let mut c = base.clone();
    c.period_witnesses[0].position = 70;
    assert_invalid(
        &check(c),
        "minimality witness 70 lies before the pre-period 71",
    );
    let g = grundy("0.77", N);
    let agree = (71..200).find(|&x| g[x] == g[x + 6]).unwrap() as u64;
    let mut c = base.clone();
    c.period_witnesses[0].position = agree;
    assert_invalid(&check(c), "witness for prime 2 fails");
    let mut c = base.clone();
    c.period_witnesses[0].position = u64::MAX;
    assert_invalid(&check(c), "witness for prime 2 fails");
    // Any position ≥ q works, however far: read through the period.
    let mut c = base.clone();
    let x = c.period_witnesses[0].position;
    c.period_witnesses[0].position = x + 12 * 1_000_000_000_000;
    assert_valid(&check(c));
}

#[test]
fn rule_3_least_preperiod() {
    // 72 is a pre-period of Kayles but not the least.
    let mut c = kayles();
    c.preperiod = 72;
    c.values.push(grundy("0.77", 84)[83]);
    c.preperiod_witness = Some(71);
    c.period_witnesses = vec![w(2, 72), w(3, 72)];
    let g = grundy("0.77", N);
    if g[72] == g[78] || g[72] == g[76] {
        c.period_witnesses = primes(12)
            .into_iter()
            .map(|r| {
                w(
                    r,
                    (72..84).find(|&x| g[x] != g[x + 12 / r as usize]).unwrap() as u64,
                )
            })
            .collect();
    }
    assert_invalid(
        &check(c),
        "pre-period is not least: G(71) = G(83) = 7, so the period already holds from 71",
    );
    let base = kayles();
    let mut c = base.clone();
    c.preperiod_witness = None;
    assert_invalid(&check(c), "pre-period 71 > 0 needs the witness 70");
    let mut c = base.clone();
    c.preperiod_witness = Some(69);
    assert_invalid(&check(c), "pre-period witness must be q − 1 = 70, not 69");
    let mut c = octal_claim("0.7");
    assert_eq!((c.preperiod, c.period), (0, 2));
    c.preperiod_witness = Some(0);
    assert_invalid(&check(c), "pre-period 0 needs no witness, but 0 is given");
}

#[test]
fn the_code_grammar_is_strict() {
    let with_code = |code: &str| {
        let mut c = kayles();
        c.code = code.to_string();
        check(c)
    };
    for bad in [
        "", "0", "0.", "0.770", "0.70", ".77", "00.77", " 0.77", "0.77 ", "0.7 7", "0,77", "0x77",
        "0.77\n", "O.77", "0.-7", "0.+7", "0..77", "0.7.7", "0.٧٧", "-0.77", "1x.77", "0.g", "1.5",
        "2.3", "6.1", "44.1", "4.", "4.00", "0.77e0", "d.1", "f.0", "0.0",
    ] {
        match with_code(bad) {
            Verdict::Invalid(m) => assert!(m.starts_with("octal code"), "{bad:?}: {m}"),
            other => panic!("{bad:?}: {other:?}"),
        }
    }
    // Other games, read: Kayles' values are then refused by the recurrence.
    for other in [
        "4.07", "8.0", "4.0", "c.1", "C.1", "0.8", "0.9", "0.7f", "0.a", "0.F", "0.78",
    ] {
        match with_code(other) {
            Verdict::Invalid(m) => assert!(m.starts_with("recurrence fails"), "{other}: {m}"),
            v => panic!("{other:?}: {v:?}"),
        }
    }
    assert_eq!(
        with_code("0.770"),
        Verdict::Invalid(
            "octal code \"0.770\" ends in the digit 0; the last digit d_t must be non-zero".into()
        )
    );
    assert_eq!(
        with_code("2.07"),
        Verdict::Invalid(
            "octal code \"2.07\" must start with one digit 0, 4, 8 or C and a point (the digit \
             before the point moves no token: bit 2 would be a move that changes nothing, bit 1 \
             applies to no heap)"
                .into()
        )
    );
    // A long code is shown cut, and a long bad one answered without work.
    let long = format!("0.{}x", "7".repeat(1_000_000));
    let Verdict::Invalid(m) = with_code(&long) else {
        panic!()
    };
    assert!(
        m.len() < 300 && m.contains("(999963 more characters)"),
        "{m}"
    );
}

#[test]
fn limit_on_digits_is_exact() {
    let c = kayles();
    let at = |max_moves| {
        check_with(
            c.clone(),
            &Limits {
                max_moves,
                ..Limits::default()
            },
        )
    };
    assert_valid(&at(2));
    assert_eq!(
        at(1),
        Verdict::OverLimit("octal code of 2 digits exceeds the limit of 1 (--max-moves)".into())
    );
    // A code of a million digits is refused before any work.
    let mut c = kayles();
    c.code = format!("0.{}", "7".repeat(1_000_000));
    assert_over_limit(
        &check(c),
        "octal code of 1000000 digits exceeds the limit of 4096 (--max-moves)",
    );
}

/// The work the checker counts, recounted here by listing the options:
/// L·(3t + 4) + 2·(split options of every n < L).
fn counted_work(code: &str, l: u64) -> u64 {
    let d = digits(code);
    let t = d.len() as u64 - 1;
    let mut splits = 0;
    for n in 0..l {
        for (k, &dk) in d.iter().enumerate() {
            let k = k as u64;
            if dk & 4 != 0 && n >= k + 2 {
                splits += (n - k) / 2;
            }
        }
    }
    l * (3 * t + 4) + 2 * splits
}

#[test]
fn limits_on_positions_and_work_are_exact() {
    let c = kayles();
    let l = 2 * 83 + 2 + 1;
    let with = |limits: Limits| check_with(c.clone(), &limits);
    let d = Limits::default();
    assert_valid(&with(Limits { max_period: l, ..d }));
    assert_eq!(
        with(Limits {
            max_period: l - 1,
            ..d
        }),
        Verdict::OverLimit(
            "2q + 2p + t + 1 = 2·71 + 2·12 + 2 + 1 positions exceed the limit of 168 (--max-period)"
                .into()
        )
    );
    let work = counted_work("0.77", l);
    assert_valid(&with(Limits {
        max_work: work,
        ..d
    }));
    assert_eq!(
        with(Limits {
            max_work: work - 1,
            ..d
        }),
        Verdict::OverLimit(format!(
            "checking needs {work} work units (L·(3t + 4) + 2·(splits read), L = 2q + 2p + t + 1), \
             over the limit of {} (--max-work)",
            work - 1
        ))
    );
    // The count on codes of other shapes: no split, a split in the middle.
    for code in ["0.33", "0.4", "0.1", "0.0404", "0.7777"] {
        let mut c = kayles();
        c.code = code.to_string();
        let l = 2 * 83 + digits(code).len() as u64;
        let work = counted_work(code, l);
        let at = |max_work| {
            check_with(
                c.clone(),
                &Limits {
                    max_work,
                    ..Limits::default()
                },
            )
        };
        assert!(!matches!(at(work), Verdict::OverLimit(_)), "{code}");
        assert_over_limit(&at(work - 1), "(--max-work)");
    }
}

#[test]
fn oversized_claims_are_refused_before_any_work() {
    let huge = |q: u64, p: u64| OctalClaim {
        preperiod: q,
        period: p,
        ..kayles()
    };
    assert_over_limit(&check(huge(0, 1_000_000_000_000_000)), "(--max-period)");
    // L overflows u64.
    assert_over_limit(
        &check(huge(u64::MAX / 2, 1)),
        "2q + 2p + t + 1 = 2·9223372036854775807 + 2·1 + 2 + 1 positions exceed",
    );
    assert_over_limit(&check(huge(u64::MAX, u64::MAX)), "(--max-period)");
    // Within --max-period, the splits of Kayles exceed the work at 10^6.
    assert_over_limit(&check(huge(500_000, 12)), "(--max-work)");
    // 2^32 positions at most, whatever the limits.
    let open = Limits {
        max_period: u64::MAX,
        max_work: u64::MAX,
        ..Limits::default()
    };
    assert_eq!(
        check_with(huge(1 << 31, 0), &open),
        Verdict::OverLimit(
            "2q + 2p + t + 1 = 4294967299 positions exceed 2^32, the most this checker computes \
             (its values are 32-bit), whatever --max-period says"
                .into()
        )
    );
    // Within every limit but with too few values: refused before the work.
    let open = Limits {
        max_work: u64::MAX,
        ..Limits::default()
    };
    assert_invalid(&check_with(huge(10_000_000, 12), &open), "83 values given");
}

/// An `Octal` claim needs format 3 and an `OctalPeriodic` one format 5.
#[test]
fn each_kind_needs_its_format_version() {
    let kinds = [
        (Claim::Octal(kayles()), "an Octal", 3, vec![1, 2]),
        (
            Claim::OctalPeriodic(periodic_of(&kayles())),
            "an OctalPeriodic",
            5,
            vec![1, 3, 4],
        ),
    ];
    for (claim, kind, needed, formats) in kinds {
        for format in formats {
            let c = Certificate {
                format,
                ..certificate(claim.clone())
            };
            assert_eq!(
                check_certificate(&c, &Limits::default()),
                Verdict::Undecidable(format!(
                    "{kind} claim needs format version {needed}, but the certificate says {format}"
                ))
            );
        }
    }
}

#[test]
fn the_written_form_is_read_back_and_accepted() {
    let c = cert(dawson());
    let text = to_ron(&c);
    assert!(text.starts_with("(\n    format: 3,"), "{text}");
    assert!(
        text.contains("claim: Octal((\n        code: \"0.07\","),
        "{text}"
    );
    assert_eq!(
        check_bytes(text.as_bytes(), &Limits::default()),
        check_certificate(&c, &Limits::default())
    );
    assert_valid(&check_bytes(text.as_bytes(), &Limits::default()));
}

#[test]
fn precheck_names_each_limit_without_checking() {
    let d = Limits::default();
    assert_eq!(precheck(&cert(kayles()), &d), Ok(()));
    let flags = [
        (Limits { max_moves: 1, ..d }, "(--max-moves)"),
        (
            Limits {
                max_period: 10,
                ..d
            },
            "(--max-period)",
        ),
        (Limits { max_work: 10, ..d }, "(--max-work)"),
    ];
    for (limits, flag) in flags {
        assert!(precheck(&cert(kayles()), &limits)
            .unwrap_err()
            .ends_with(flag));
    }
    // False or unreadable claims within the limits pass the precheck.
    let mut c = kayles();
    c.values[3] = 9;
    assert_eq!(precheck(&cert(c), &d), Ok(()));
    let mut c = kayles();
    c.code = "4.07".into();
    assert_eq!(precheck(&cert(c), &d), Ok(()));
}

/// The truth for a claim, by the oracle: valid exactly when (code, q, p,
/// values) are the truth and every witness holds; `None` when the oracle
/// finds no period below N.
fn oracle(c: &OctalClaim) -> Option<bool> {
    let (q, p) = least_qp(&c.code)?;
    let g = grundy(&c.code, N);
    let truth = c.preperiod == q && c.period == p && c.values[..] == g[..(q + p) as usize];
    let ps = primes(p);
    let witnesses = c.period_witnesses.len() == ps.len()
        && c.period_witnesses.iter().zip(&ps).all(|(x, &r)| {
            let v = |n: u64| g[if n < q + p { n } else { q + (n - q) % p } as usize];
            x.prime == r
                && x.position >= q
                && x.position
                    .checked_add(p / r)
                    .is_some_and(|y| v(x.position) != v(y))
        });
    Some(truth && witnesses && c.preperiod_witness == (q > 0).then(|| q - 1))
}

#[test]
fn agrees_with_the_oracle_on_random_claims() {
    let mut rng = Rng(0x0c7a_15ee);
    let mut judged = [0, 0];
    for _ in 0..300 {
        let t = 1 + rng.below(3);
        let mut code: String = (0..t)
            .map(|_| char::from(b'0' + rng.below(8) as u8))
            .collect();
        code.pop();
        code.push(char::from(b'1' + rng.below(7) as u8));
        let code = format!("0.{code}");
        let Some(_) = least_qp(&code) else { continue };
        let mut c = octal_claim(&code);
        for _ in 0..rng.below(3) {
            match rng.below(7) {
                0 => {
                    let i = rng.below(c.values.len());
                    c.values[i] = rng.below(4) as u32;
                }
                1 => c.period = (c.period + rng.below(3) as u64).saturating_sub(1),
                2 => c.preperiod = (c.preperiod + rng.below(3) as u64).saturating_sub(1),
                3 => {
                    c.values.pop();
                }
                4 => {
                    if let Some(x) = c.period_witnesses.first_mut() {
                        x.position = rng.below(100) as u64;
                    }
                }
                5 => c.preperiod_witness = c.preperiod_witness.map(|x| x + 1),
                _ => {
                    // Keep the values consistent with a changed (q, p).
                    let (q, p) = (c.preperiod + rng.below(3) as u64, c.period * 2);
                    let g = grundy(&code, N);
                    c.preperiod = q;
                    c.period = p;
                    c.values = g[..(q + p) as usize].to_vec();
                }
            }
        }
        let expected = oracle(&c).unwrap();
        let verdict = check(c.clone());
        match verdict {
            Verdict::Valid(_) => assert!(expected, "accepted a false claim: {c:?}"),
            Verdict::Invalid(ref m) => assert!(!expected, "rejected a true claim ({m}): {c:?}"),
            other => panic!("{c:?}: {other:?}"),
        }
        judged[usize::from(expected)] += 1;
    }
    assert!(judged[0] > 50 && judged[1] > 50, "{judged:?}");
}

/// The hints tried: masks 0, 1, 3, 7, 0xFF and u32::MAX (0 and u32::MAX
/// make every position rare or classes by every bit), each with no
/// position parity and with parity 0 and 1.
fn hints() -> Vec<SparseHint> {
    let mut all = Vec::new();
    for mask in [0, 1, 3, 7, 0xFF, u32::MAX] {
        for position_parity in [None, Some(0), Some(1)] {
            all.push(SparseHint {
                mask,
                position_parity,
            });
        }
    }
    all
}

/// The true claim of `code` and three false ones: one value changed, a
/// wrong period (one more, its values the true G), q one too small.
fn claim_and_mutations(code: &str) -> Vec<OctalClaim> {
    let truth = octal_claim(code);
    let g = grundy(code, N);
    let mut changed = truth.clone();
    let i = changed.values.len() / 2;
    changed.values[i] ^= 1;
    let mut period = truth.clone();
    period.period += 1;
    period.values = g[..(period.preperiod + period.period) as usize].to_vec();
    let mut claims = vec![truth.clone(), changed, period];
    if truth.preperiod > 0 {
        let mut q = truth.clone();
        q.preperiod -= 1;
        q.preperiod_witness = q.preperiod.checked_sub(1);
        q.values.pop();
        claims.push(q);
    }
    claims
}

/// With any hint the verdict is the one without: the hint decides only
/// what the checker lists first. Every two-digit code the oracle solves
/// and eight three-digit ones, each true and mutated, 18 hints each.
#[test]
fn a_sparse_hint_never_changes_the_verdict() {
    let mut codes: Vec<String> = Vec::new();
    for d1 in 0..8 {
        for d2 in 1..8 {
            codes.push(format!("0.{d1}{d2}"));
        }
        if d1 > 0 {
            codes.push(format!("0.{d1}"));
        }
    }
    codes.extend(
        [
            "0.137", "0.165", "0.354", "0.447", "0.504", "0.644", "0.705", "0.777",
        ]
        .map(String::from),
    );
    // Splits without removal (k = 0).
    for d1 in 0..8 {
        codes.push(format!("4.{d1}"));
        codes.push(format!("4.0{}", d1 + 1));
    }
    let mut compared = 0;
    for code in codes.iter().filter(|c| least_qp(c).is_some()) {
        for claim in claim_and_mutations(code) {
            let plain = check(claim.clone());
            for hint in hints() {
                let hinted = check(OctalClaim {
                    sparse: Some(hint),
                    ..claim.clone()
                });
                assert_eq!(hinted, plain, "{code} {hint:?}: {claim:?}");
                compared += 1;
            }
        }
    }
    assert!(compared > 3000, "{compared}");
}

#[test]
fn a_sparse_hint_on_a_three_heap_code_is_wrong() {
    let claim = octal_claim_below("0.F", 200);
    assert_valid(&check(claim.clone()));
    let hinted = OctalClaim {
        sparse: Some(hints()[0]),
        ..claim
    };
    assert_invalid(
        &check(hinted),
        "a sparse hint is defined for codes whose moves leave at most two heaps",
    );
}

#[test]
fn a_position_parity_other_than_0_or_1_is_wrong() {
    for f in [2, 3, u32::MAX] {
        let c = OctalClaim {
            sparse: Some(SparseHint {
                mask: 1,
                position_parity: Some(f),
            }),
            ..kayles()
        };
        assert_eq!(
            check(c),
            Verdict::Invalid(format!(
                "sparse hint: position_parity must be Some(0) or Some(1), not Some({f})"
            ))
        );
    }
}

#[test]
fn the_hinted_work_is_counted_as_it_goes() {
    let hinted = |hint: SparseHint| OctalClaim {
        sparse: Some(hint),
        ..kayles()
    };
    let hint = SparseHint {
        mask: 1,
        position_parity: None,
    };
    let at = |max_work| {
        check_with(
            hinted(hint),
            &Limits {
                max_work,
                ..Limits::default()
            },
        )
    };
    // Admitted from the sizes alone (precheck), refused while it works.
    let small = Limits {
        max_work: 1000,
        ..Limits::default()
    };
    assert_eq!(precheck(&cert(hinted(hint)), &small), Ok(()));
    let Verdict::OverLimit(m) = at(1000) else {
        panic!("{:?}", at(1000))
    };
    assert!(
        m.starts_with("checking with the sparse hint passed the limit of 1000 work units (--max-work) at n = "),
        "{m}"
    );
    // The least limit that suffices: valid there, over the limit below.
    let least = (0..40)
        .fold((0u64, 1u64 << 40), |(lo, hi), _| {
            let mid = lo + (hi - lo) / 2;
            if matches!(at(mid), Verdict::Valid(_)) {
                (lo, mid)
            } else {
                (mid, hi)
            }
        })
        .1;
    assert_valid(&at(least));
    assert_over_limit(&at(least - 1), "(--max-work)");
    // --max-period still applies, before any work.
    let l = 2 * 83 + 2 + 1;
    let c = hinted(hint);
    assert_over_limit(
        &check_with(
            c,
            &Limits {
                max_period: l - 1,
                ..Limits::default()
            },
        ),
        "(--max-period)",
    );
    // Kayles read through its period to q = 100,000 (true values, a
    // pre-period not least): 200,027 positions, 10^10 units for the direct
    // mex, refused before the work at 3·10^7. With every position rare
    // (mask 0) the hinted mex lists every pair and stops at the limit; with
    // the mask of all bits no position past 70 is rare (the periodic values
    // 1, 2, 4, 7, 8 have an odd number of bits) and every search ends
    // early, so Rule 1 passes within 3·10^7 and Rule 2 rejects the claim.
    let g = kayles().values;
    let q = 100_000;
    let long = OctalClaim {
        preperiod: q,
        values: (0..q as usize + 12)
            .map(|n| g[if n < 83 { n } else { 71 + (n - 71) % 12 }])
            .collect(),
        preperiod_witness: Some(q - 1),
        ..kayles()
    };
    let limits = Limits {
        max_work: 30_000_000,
        ..Limits::default()
    };
    let with_mask = |mask| {
        let c = OctalClaim {
            sparse: Some(SparseHint {
                mask,
                position_parity: None,
            }),
            ..long.clone()
        };
        check_with(c, &limits)
    };
    assert_over_limit(
        &check_with(long.clone(), &limits),
        "L·(3t + 4) + 2·(splits read)",
    );
    assert_over_limit(&with_mask(0), "with the sparse hint passed the limit");
    assert_invalid(
        &with_mask(u32::MAX),
        "minimality witness 71 lies before the pre-period 100000",
    );
}

#[test]
fn without_a_hint_the_written_form_is_unchanged() {
    let text = to_ron(&cert(kayles()));
    assert!(!text.contains("sparse"), "{text}");
    let c = OctalClaim {
        sparse: Some(SparseHint {
            mask: 5,
            position_parity: Some(1),
        }),
        ..kayles()
    };
    let text = to_ron(&cert(c.clone()));
    assert!(
        text.contains("sparse: Some((mask: 5, position_parity: Some(1)))"),
        "{text}"
    );
    assert_eq!(check_bytes(text.as_bytes(), &Limits::default()), check(c));
}

// ---- `OctalPeriodic` (format 5): q, p and the witnesses, no values ----

/// The `OctalPeriodic` claim with the fields of an `Octal` claim (its
/// values dropped).
fn periodic_of(c: &OctalClaim) -> OctalPeriodicClaim {
    OctalPeriodicClaim {
        code: c.code.clone(),
        preperiod: c.preperiod,
        period: c.period,
        period_witnesses: c.period_witnesses.clone(),
        preperiod_witness: c.preperiod_witness,
        sparse: c.sparse,
    }
}

fn check_periodic(claim: OctalPeriodicClaim) -> Verdict {
    check_periodic_with(claim, &Limits::default())
}

fn check_periodic_with(claim: OctalPeriodicClaim, limits: &Limits) -> Verdict {
    let c = certificate(Claim::OctalPeriodic(claim));
    check_certificate(&Certificate { format: 5, ..c }, limits)
}

/// A claim without values is true exactly when the `Octal` claim with the
/// true values is: every code of `a_sparse_hint_never_changes_the_verdict`
/// the oracle solves, true, with a period one more, and with q one less,
/// without a hint and with each of 18 hints.
#[test]
fn octal_periodic_is_true_exactly_when_the_octal_claim_is() {
    let mut codes: Vec<String> = Vec::new();
    for d1 in 0..8 {
        for d2 in 1..8 {
            codes.push(format!("0.{d1}{d2}"));
        }
        codes.push(format!("4.{d1}"));
    }
    codes.extend(["0.137", "0.354", "0.447", "4.07", "0.F", "4.8"].map(String::from));
    let (mut true_claims, mut false_claims) = (0, 0);
    for code in &codes {
        let below = if heaps(code) == 3 { 200 } else { N };
        if least_qp_below(code, below).is_none() {
            continue;
        }
        let truth = octal_claim_below(code, below);
        let g = grundy(code, below);
        let mut period = truth.clone();
        period.period += 1;
        period.values = g[..(period.preperiod + period.period) as usize].to_vec();
        let mut claims = vec![truth.clone(), period];
        if truth.preperiod > 0 {
            let mut q = truth.clone();
            q.preperiod -= 1;
            q.preperiod_witness = q.preperiod.checked_sub(1);
            q.values.pop();
            claims.push(q);
        }
        let hinted = if heaps(code) == 3 { vec![] } else { hints() };
        for claim in claims {
            let valid = matches!(check(claim.clone()), Verdict::Valid(_));
            for hint in std::iter::once(None).chain(hinted.iter().copied().map(Some)) {
                let verdict = check_periodic(periodic_of(&OctalClaim {
                    sparse: hint,
                    ..claim.clone()
                }));
                match (&verdict, valid) {
                    (Verdict::Valid(m), true) => assert!(
                        m.starts_with(&format!("octal game {code} (values computed")),
                        "{m}"
                    ),
                    (Verdict::Invalid(_), false) => {}
                    _ => panic!("{code} {hint:?} {claim:?}: {verdict:?}, Octal valid {valid}"),
                }
                if valid {
                    true_claims += 1;
                } else {
                    false_claims += 1;
                }
            }
        }
    }
    assert!(
        true_claims > 500 && false_claims > 1000,
        "{true_claims} true, {false_claims} false"
    );
}

/// A period that is not one is named with the first position where the
/// computed values break it, inside the theorem's range.
#[test]
fn octal_periodic_names_where_a_period_fails() {
    let c = OctalPeriodicClaim {
        period: 13,
        period_witnesses: vec![w(13, 71)],
        ..periodic_of(&kayles())
    };
    let g = grundy("0.77", 400);
    let n = (71..).find(|&n| g[n] != g[n + 13]).unwrap();
    assert_invalid(
        &check_periodic(c),
        &format!("p = 13 is no period from q = 71: G({n}) = {}", g[n]),
    );
}

#[test]
fn octal_periodic_rules_2_and_3_read_the_computed_values() {
    // Kayles: witness of the prime 2 must have G(x) ≠ G(x + 6), 3 G(x) ≠
    // G(x + 4); a witness where they agree is refused.
    let g = grundy("0.77", 400);
    let good = periodic_of(&kayles());
    assert_valid(&check_periodic(good.clone()));
    let agree = (71..83).find(|&x| g[x] == g[x + 6]).unwrap() as u64;
    let mut bad = good.clone();
    bad.period_witnesses[0].position = agree;
    assert!(matches!(check_periodic(bad), Verdict::Invalid(_)));
    // A witness past L is read through the proved period.
    let mut far = good.clone();
    far.period_witnesses[0].position += 12 * 1_000_000;
    assert_valid(&check_periodic(far));
    let mut q = good;
    q.preperiod_witness = Some(69);
    assert_invalid(&check_periodic(q), "pre-period witness must be q − 1 = 70");
}

#[test]
fn octal_periodic_limits_and_hints() {
    // A hint on a three-heap code is wrong, as for `Octal`.
    let three = OctalPeriodicClaim {
        sparse: Some(hints()[0]),
        ..periodic_of(&octal_claim_below("0.F", 200))
    };
    assert_invalid(
        &check_periodic(three),
        "a sparse hint is defined for codes whose moves leave at most two heaps",
    );
    // Without a hint the work is counted before any (the formula of
    // `Octal`); with one it is counted as it goes, and both name the flag.
    let huge = OctalPeriodicClaim {
        preperiod: 10_000_000,
        ..periodic_of(&kayles())
    };
    assert_over_limit(&check_periodic(huge.clone()), "(--max-work)");
    let small = Limits {
        max_work: 10_000,
        ..Limits::default()
    };
    let hinted = OctalPeriodicClaim {
        sparse: Some(SparseHint {
            mask: 1,
            position_parity: None,
        }),
        ..huge
    };
    assert_over_limit(&check_periodic_with(hinted.clone(), &small), "(--max-work)");
    let over = OctalPeriodicClaim {
        preperiod: 60_000_000,
        ..hinted
    };
    assert_over_limit(&check_periodic(over), "(--max-period)");
}

#[test]
fn octal_periodic_written_form_is_read_back() {
    let c = Certificate {
        format: 5,
        ..certificate(Claim::OctalPeriodic(OctalPeriodicClaim {
            sparse: Some(SparseHint {
                mask: 0xFE,
                position_parity: Some(1),
            }),
            ..periodic_of(&dawson())
        }))
    };
    let text = to_ron(&c);
    assert!(text.contains("claim: OctalPeriodic(("), "{text}");
    assert!(!text.contains("values"), "{text}");
    assert_valid(&check_bytes(text.as_bytes(), &Limits::default()));
}
