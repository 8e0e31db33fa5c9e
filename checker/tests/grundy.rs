//! The format-7 `Grundy` claim (checker/src/grundy.rs) against the values
//! of Grundy's game computed here by the definition, without the solver
//! and without the checker's table: true prefixes are accepted, every
//! changed value is refused (exit 1) at its position, an empty or
//! truncated-to-nothing list is refused, and hostile sizes and values are
//! refused fast, before any work, without a panic.

mod common;

use common::*;
use nimcert_check::format::{Claim, GrundyClaim};
use nimcert_check::{check_bytes, check_certificate, precheck, to_ron, Limits, Verdict};
use std::time::{Duration, Instant};

/// G(n) for n < len, by the definition: the least number that no split
/// i + (n − i), 1 ≤ i < n − i, has as G(i) XOR G(n − i) (a linear search
/// of the options, no table).
fn naive_grundy(len: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::new();
    for n in 0..len {
        let options: Vec<u32> = (1..n)
            .filter(|&i| i < n - i)
            .map(|i| g[i] ^ g[n - i])
            .collect();
        let mut m = 0;
        while options.contains(&m) {
            m += 1;
        }
        g.push(m);
    }
    g
}

fn check_with(values: Vec<u32>, limits: &Limits) -> Verdict {
    let claim = Claim::Grundy(GrundyClaim { values });
    let certificate = nimcert_check::format::Certificate {
        format: claim.format_version(),
        ..certificate(claim)
    };
    check_certificate(&certificate, limits)
}

fn check(values: Vec<u32>) -> Verdict {
    check_with(values, &Limits::default())
}

fn invalid(verdict: &Verdict, needle: &str) {
    match verdict {
        Verdict::Invalid(m) => assert!(m.contains(needle), "{m}"),
        other => panic!("expected Invalid with {needle:?}, got {other:?}"),
    }
}

#[test]
fn the_first_values_are_oeis_a002188() {
    // OEIS A002188, the first 24 terms (offset 0), as in
    // examples/claims/grundy.toml: a check of the naive computation itself.
    let published = [
        0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0,
    ];
    assert_eq!(naive_grundy(published.len()), published);
}

#[test]
fn true_prefixes_are_accepted() {
    let truth = naive_grundy(600);
    for len in (1..40).chain([100, 257, 600]) {
        match check(truth[..len].to_vec()) {
            Verdict::Valid(m) => assert!(m.contains(&format!("0 ≤ n < {len}")), "{m}"),
            other => panic!("length {len}: {other:?}"),
        }
    }
}

#[test]
fn every_changed_value_is_refused_at_its_position() {
    let truth = naive_grundy(120);
    for n in 0..truth.len() {
        for wrong in [truth[n] + 1, truth[n] ^ 1, 0, 1, 2] {
            if wrong == truth[n] {
                continue;
            }
            let mut values = truth.clone();
            values[n] = wrong;
            let verdict = check(values);
            // A value above the splits' count is refused by Rule 1, the
            // others by the recurrence at n itself (the first difference).
            invalid(&verdict, &format!("{n}"));
            if let Verdict::Invalid(m) = &verdict {
                assert!(
                    m.contains(&format!("G({n})")) || m.contains(&format!("v({n}) = {wrong}")),
                    "n = {n}, claimed {wrong}: {m}"
                );
            }
        }
    }
}

#[test]
fn the_a019591_terms_are_refused_at_n_9() {
    // OEIS A019591 lists 3 at n = 9 (offset 1): G(9) = mex{2, 0} = 1.
    let mut values = naive_grundy(12);
    values[9] = 3;
    invalid(
        &check(values),
        "G(9) = mex{ v(i) ⊕ v(9 − i) : 1 ≤ i < 9 − i } = mex{0, 2} = 1, claimed 3",
    );
}

#[test]
fn an_empty_list_claims_nothing_and_is_refused() {
    invalid(&check(Vec::new()), "no value is claimed");
    let text = "(format: 7, provenance: (tool: \"t\", method: Search(engine: \"e\")), \
                claim: Grundy((values: [])))";
    assert_eq!(
        check_bytes(text.as_bytes(), &Limits::default()).exit_code(),
        1
    );
}

#[test]
fn a_truncated_list_claims_less_and_a_longer_wrong_one_is_refused() {
    let truth = naive_grundy(50);
    // A prefix is a true, smaller claim; one value appended that is not
    // G(50) is refused.
    assert!(matches!(check(truth[..10].to_vec()), Verdict::Valid(_)));
    let g50 = naive_grundy(51)[50];
    let mut longer = truth.clone();
    longer.push(g50 + 1);
    invalid(&check(longer), "G(50)");
}

#[test]
fn huge_values_are_refused_by_their_range_without_work() {
    let mut values = naive_grundy(30);
    values[20] = u32::MAX;
    invalid(&check(values), "v(20) = 4294967295 is no mex");
    // G(0) = 0: no split.
    invalid(&check(vec![1]), "v(0) = 1 is no mex");
    // A long list of huge values: refused at once, memory by N only.
    let start = Instant::now();
    let verdict = check(vec![u32::MAX; 200_000]);
    invalid(&verdict, "v(0) = 4294967295");
    assert!(start.elapsed() < Duration::from_secs(10));
}

#[test]
fn over_limit_sizes_are_refused_before_any_work() {
    let limits = Limits {
        max_period: 100,
        ..Limits::default()
    };
    match check_with(vec![0; 101], &limits) {
        Verdict::OverLimit(m) => assert!(m.contains("--max-period"), "{m}"),
        other => panic!("{other:?}"),
    }
    // The work: 4N + 2·⌊(N − 2)²/4⌋ units, refused with the flag named.
    let limits = Limits {
        max_work: 1000,
        ..Limits::default()
    };
    let truth = naive_grundy(60);
    match check_with(truth.clone(), &limits) {
        Verdict::OverLimit(m) => {
            assert!(m.contains("--max-work"), "{m}");
            assert!(
                m.contains(&format!("{}", 4 * 60 + 2 * (58 * 58 / 4))),
                "{m}"
            );
        }
        other => panic!("{other:?}"),
    }
    let certificate = nimcert_check::format::Certificate {
        format: 7,
        ..certificate(Claim::Grundy(GrundyClaim { values: truth }))
    };
    assert!(precheck(&certificate, &limits)
        .unwrap_err()
        .contains("--max-work"));
    assert!(precheck(&certificate, &Limits::default()).is_ok());
    // The largest list a default-size file holds (two bytes a value) is
    // over the default work budget, refused at once.
    let start = Instant::now();
    match check(vec![0; 2_000_000]) {
        Verdict::OverLimit(m) => assert!(m.contains("--max-work"), "{m}"),
        other => panic!("{other:?}"),
    }
    assert!(start.elapsed() < Duration::from_secs(10));
}

#[test]
fn a_grundy_claim_needs_format_7_and_round_trips() {
    let claim = Claim::Grundy(GrundyClaim {
        values: naive_grundy(20),
    });
    let mut certificate = certificate(claim);
    certificate.format = 6;
    match check_certificate(&certificate, &Limits::default()) {
        Verdict::Undecidable(m) => assert!(m.contains("needs format version 7"), "{m}"),
        other => panic!("{other:?}"),
    }
    certificate.format = 7;
    let text = to_ron(&certificate);
    assert!(text.contains("claim: Grundy(("), "{text}");
    assert!(matches!(
        check_bytes(text.as_bytes(), &Limits::default()),
        Verdict::Valid(_)
    ));
    // Unknown fields are refused (exit 2), as for every claim kind.
    let extra = text.replace("values:", "period: 3, values:");
    assert_eq!(
        check_bytes(extra.as_bytes(), &Limits::default()).exit_code(),
        2
    );
}
