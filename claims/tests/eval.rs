//! Evaluation against a toy game: the "proved for all x" rule and its
//! fallback, witnesses, runtime errors.

mod common;

use common::{claim, run_all, Toy};
use nimcert_claims::{Outcome, Sequence, XScope};

#[test]
fn toy_game_is_right() {
    // {1, 2}: G = 0 1 2 0 1 2 …, q = 0, p = 3
    let t = Toy::subtraction(&[1, 2]);
    assert_eq!((t.preperiod(), t.period()), (0, 3));
    assert_eq!(t.value(1_000_000), 1);
}

#[test]
fn reverse_mex_is_proved_for_all_x() {
    let text = claim(
        "{2, 4n, 4n+2}",
        "n = \"3..=6\"",
        "forall x: G(x) == mex{ G(x + s) : s in S }",
        "",
    );
    let out = run_all(&text, 50_000_000).unwrap();
    assert_eq!(out.len(), 4);
    for (inst, ev) in &out {
        // G(x) = mex{G(x - s)} is the definition; the reverse form is a
        // theorem for these sets only where it holds: report either way.
        assert!(
            matches!(ev.x_scope, XScope::ProvedForAll { .. }),
            "{}: {:?}",
            inst.label(),
            ev
        );
    }
}

#[test]
fn the_definition_of_g_is_proved_for_all_x() {
    let text = claim(
        "{a, b}",
        "a = \"1..=4\", b = \"a+1..=7\"",
        "forall x: G(x) == mex{ G(x - s) : s in S, s <= x }",
        "",
    );
    // `s <= x` is not a linear position: checked below N only.
    let out = run_all(&text, 50_000_000).unwrap();
    assert!(out
        .iter()
        .all(|(_, e)| e.holds() && e.x_scope == XScope::CheckedBelow(10_000)));

    let text = claim(
        "{a, b}",
        "a = \"1..=4\", b = \"a+1..=7\"",
        "forall x >= b: G(x) == mex{ G(x - s) : s in S }",
        "",
    );
    let out = run_all(&text, 50_000_000).unwrap();
    for (inst, ev) in &out {
        assert!(ev.holds(), "{}", inst.label());
        assert!(
            matches!(ev.x_scope, XScope::ProvedForAll { .. }),
            "{:?}",
            ev
        );
    }
}

#[test]
fn nonlinear_occurrence_is_only_checked() {
    // {1, 2}: P(x) iff 3 | x. True below 500 by the `x < 500` escape,
    // false at x = 500: must be "checked", never "proved".
    let text = claim(
        "{1, 2}",
        "",
        "forall x: P(x) or x mod 3 != 0 or x < 500",
        "check_below = 400",
    );
    let out = run_all(&text, 10_000_000).unwrap();
    assert_eq!(out.len(), 1);
    assert!(out[0].1.holds());
    assert_eq!(out[0].1.x_scope, XScope::CheckedBelow(400));

    // False at x = 501 (P(501), 501 ≥ 500), true below 400.
    let text = claim(
        "{1, 2}",
        "",
        "forall x: not P(x) or x < 500",
        "check_below = 400",
    );
    let ev = &run_all(&text, 10_000_000).unwrap()[0].1;
    assert_eq!(ev.x_scope, XScope::CheckedBelow(400));
    assert!(ev.holds());
    let text = claim(
        "{1, 2}",
        "",
        "forall x: not P(x) or x < 500",
        "check_below = 600",
    );
    let ev = &run_all(&text, 10_000_000).unwrap()[0].1;
    assert!(!ev.holds());
    assert_eq!(ev.witness.as_deref(), Some("false at x = 501"));
}

#[test]
fn window_ignores_check_below() {
    // {3, 6, 10}: q = 12, p = 13.
    let moves = [3, 6, 10];
    let t = Toy::subtraction(&moves);
    assert!(t.preperiod() > 5, "pre-period {}", t.preperiod());
    // Checking x < 5 of `x >= 5` checks nothing; the window finds the
    // failure below q.
    let text = claim(
        "{3, 6, 10}",
        "",
        "forall x >= 5: G(x) == G(x + p)",
        "check_below = 5",
    );
    let ev = &run_all(&text, 10_000_000).unwrap()[0].1;
    assert!(!ev.holds());
    assert!(matches!(ev.x_scope, XScope::ProvedForAll { .. }));
    let first = (5..)
        .find(|&x| t.value(x) != t.value(x + t.period()))
        .unwrap();
    assert!(first < t.preperiod());
    assert_eq!(ev.witness, Some(format!("false at x = {first}")));

    let text = claim(
        "{3, 6, 10}",
        "",
        "forall x >= q: G(x) == G(x + p)",
        "check_below = 5",
    );
    let ev = &run_all(&text, 10_000_000).unwrap()[0].1;
    assert!(ev.holds());
    assert_eq!(
        ev.x_scope,
        XScope::ProvedForAll {
            up_to: t.preperiod() + t.period()
        }
    );
}

#[test]
fn moduli_enlarge_the_window() {
    // {1, 2}: p = 3. `x mod 7` forces L = 21; the claim is false at x = 7.
    let text = claim(
        "{1, 2}",
        "",
        "forall x: x mod 7 != 0 or x == 0 or x - x == 1",
        "",
    );
    let ev = &run_all(&text, 1_000_000).unwrap()[0].1;
    assert!(!ev.holds());
    assert_eq!(ev.witness.as_deref(), Some("false at x = 7"));
    let text = claim("{1, 2}", "", "forall x: P(x) iff (x + 3) mod 3 == 0", "");
    let ev = &run_all(&text, 1_000_000).unwrap()[0].1;
    assert!(ev.holds());
    assert_eq!(ev.x_scope, XScope::ProvedForAll { up_to: 3 });
    let text = claim("{1, 2}", "", "forall x: P(x) iff (x + 3) mod 6 == 3", "");
    let ev = &run_all(&text, 1_000_000).unwrap()[0].1;
    assert!(!ev.holds());
    assert_eq!(ev.witness.as_deref(), Some("false at x = 3"));
}

#[test]
fn negative_offsets_raise_x0() {
    // G(x - 3) with x >= 3; q = 0: X0 must rise to 3 (arguments ≥ q).
    let text = claim("{1, 2}", "", "forall x >= 3: G(x) == G(x - 3)", "");
    let ev = &run_all(&text, 1_000_000).unwrap()[0].1;
    assert!(ev.holds());
    assert!(matches!(ev.x_scope, XScope::ProvedForAll { .. }));
    // {1, 6, 9}: q = 11, p = 5, G(10) = 3 and no other G(y) = 3 below
    // 11 + 5 - 6. Without raising X0 the window would be [6, 16) and miss
    // x = 16; with X0 = 11 + (11 - 5) = 17 it is [6, 22).
    let t = Toy::subtraction(&[1, 6, 9]);
    assert_eq!((t.preperiod(), t.period(), t.value(10)), (11, 5, 3));
    let text = claim(
        "{1, 6, 9}",
        "",
        "forall x >= 6: G(x - 6) != 3",
        "check_below = 0",
    );
    let ev = &run_all(&text, 1_000_000).unwrap()[0].1;
    assert!(!ev.holds());
    assert_eq!(ev.witness.as_deref(), Some("false at x = 16"));
    assert_eq!(ev.x_scope, XScope::ProvedForAll { up_to: 22 });
}

#[test]
fn witnesses() {
    let text = claim(
        "{1, 2}",
        "",
        "forall a in [1, 5]: forall x: G(x + a) == G(x)",
        "",
    );
    let ev = &run_all(&text, 1_000_000).unwrap()[0].1;
    assert_eq!(ev.witness.as_deref(), Some("false at a = 1, x = 0"));
    let text = claim("{1, 2}", "", "exists x: G(x) == 5", "");
    let ev = &run_all(&text, 1_000_000).unwrap()[0].1;
    assert!(!ev.holds());
    assert_eq!(ev.witness.as_deref(), Some("no x ≥ 0"));
    assert!(matches!(ev.x_scope, XScope::ProvedForAll { .. }));
    let text = claim(
        "{1, 2}",
        "",
        "exists x: G(x) == 5 and x * 1 > 0",
        "check_below = 50",
    );
    let ev = &run_all(&text, 1_000_000).unwrap()[0].1;
    // Not found below N does not refute an exists: undecided, no witness.
    assert_eq!(ev.witness, None);
    match &ev.outcome {
        Outcome::Undecided(why) => assert!(why.contains("no x in [0, 50)"), "{why}"),
        other => panic!("{other:?}"),
    }
    let text = claim("{1, 2}", "", "exists x in {1, 2, 3}: x > 3", "");
    let ev = &run_all(&text, 1_000_000).unwrap()[0].1;
    assert_eq!(ev.witness.as_deref(), Some("no x in {1, 2, 3}"));
}

#[test]
fn closed_forms_and_params() {
    // {1, a}: for odd a, G is periodic with period 2 (0 1 0 1 …).
    let text = claim(
        "{1, a}",
        "a = \"3..=15\"",
        "q == 0 and p == 2 and forall x: G(x) == x mod 2",
        "where = \"a mod 2 == 1\"",
    );
    let out = run_all(&text, 10_000_000).unwrap();
    assert_eq!(out.len(), 7);
    assert_eq!(out[0].0.label(), "a=3");
    assert!(out.iter().all(|(_, e)| e.holds()));
}

/// The one-line error of running a claim, with its exit code.
fn run_error(text: &str, steps: u64) -> (String, i32) {
    let e = run_all(text, steps).expect_err("expected an error");
    (e.diagnostic().one_line(), e.exit_code())
}

#[test]
fn runtime_errors_are_one_line_with_a_position() {
    let (m, code) = run_error(&claim("{1, 2}", "", "2 ^ 62 * 2 > 0", ""), 1000);
    assert_eq!(m, "c.toml:8:18: integer overflow in `*`");
    assert_eq!(code, 2);
    let (m, _) = run_error(
        &claim("{1, 2}", "", "9223372036854775807 + 1 > 0", ""),
        1000,
    );
    assert_eq!(m, "c.toml:8:31: integer overflow in `+`");
    let (m, _) = run_error(
        &claim("{1, 2}", "", "forall n in [0, 3]: 7 mod (n - 1) >= 0", ""),
        1000,
    );
    assert_eq!(m, "c.toml:8:33: division by zero in `mod`");
    let (m, _) = run_error(&claim("{1, 2}", "", "floor(7 / (p - 3)) >= 0", ""), 1000);
    assert_eq!(m, "c.toml:8:19: division by zero in `/`");
    let (m, _) = run_error(&claim("{1, 2}", "", "forall x: G(x - 1) >= 0", ""), 1000);
    assert!(
        m.starts_with("c.toml:8:21: G of a negative number (-1)"),
        "{m}"
    );
    let (m, _) = run_error(&claim("{1, n}", "n = \"-1..=3\"", "true", ""), 1000);
    assert!(m.starts_with("c.toml:6:13: move -1 is not positive"), "{m}");
    let (m, _) = run_error(&claim("{1, 2}", "", "2 ^ (0 - 1) == 0", ""), 1000);
    assert_eq!(m, "c.toml:8:13: negative exponent -1 in `^`");
}

#[test]
fn the_budget_bounds_everything() {
    for assert in [
        "card([0, 9223372036854775807]) > 0",
        "forall x: x * 0 == 0",
        "forall a in [0, 1000000]: forall b in [0, 1000000]: a + b >= 0",
        "{a * b : a in [0, 100000], b in [0, 100000]} subset [0, 10]",
    ] {
        let start = std::time::Instant::now();
        let (m, code) = run_error(
            &claim("{1, 2}", "", assert, "check_below = 9000000000000000000"),
            100_000,
        );
        assert_eq!(code, 3, "{assert}: {m}");
        assert!(
            m.contains(
                "evaluation budget of 100000 steps exhausted (raise it with --max-eval-steps)"
            ),
            "{m}"
        );
        assert!(start.elapsed().as_secs() < 2, "{assert}");
    }
    // instances count too
    let (m, code) = run_error(
        &claim(
            "{1, 2}",
            "a = \"0..=1000000000\"",
            "true",
            "where = \"a < 0\"",
        ),
        100_000,
    );
    assert_eq!(code, 3, "{m}");
}

#[test]
fn deep_accepted_expressions_fit_a_small_stack() {
    // The deepest trees accepted, evaluated on a 2 MiB thread (the test
    // harness's; also checked unoptimized with
    // CARGO_PROFILE_TEST_OPT_LEVEL=0).
    let chain = vec!["1"; 98].join(" + ");
    let quants: String = (0..32)
        .map(|i| format!("forall x{i} in {{{i}}}: "))
        .collect();
    let nested = format!(
        "{}{quants}{}true{}{}",
        "(".repeat(32),
        "(if true then ".repeat(32),
        " else false)".repeat(32),
        ")".repeat(32)
    );
    for assert in [format!("{chain} == 98"), nested] {
        let t = claim("{1, 2}", "", &assert, "");
        let ev = run_all(&t, 1_000_000).unwrap_or_else(|e| panic!("{e}"));
        assert!(ev[0].1.holds());
    }
}

/// The outcome of a claim's only instance on {1, 2, 3}, with `extra`.
fn outcome(assert: &str, extra: &str) -> Outcome {
    let out = run_all(&claim("{1, 2, 3}", "", assert, extra), 10_000_000)
        .unwrap_or_else(|e| panic!("{assert}: {e}"));
    out[0].1.outcome.clone()
}

fn undecided(o: &Outcome) -> &str {
    match o {
        Outcome::Undecided(why) => why,
        other => panic!("expected undecided, got {other:?}"),
    }
}

#[test]
fn a_bounded_search_decides_only_in_its_direction() {
    // Issue 41: true at x = 50,000, beyond N = 10,000. Not finding a
    // witness below N refutes nothing: undecided, never a failure.
    let n = "check_below = 10000";
    let why = outcome("exists x: 2 * x == 100000", n);
    assert!(undecided(&why).contains("no x in [0, 10000)"), "{why:?}");
    // The same under a negation (the polarity flips).
    let why = outcome("not (forall x: 2 * x != 100000)", n);
    assert!(undecided(&why).contains("forall x"), "{why:?}");
    // A witness below N confirms an exists; a counterexample below N
    // refutes a forall; both exactly.
    assert_eq!(outcome("exists x: 2 * x == 1000", n), Outcome::Holds);
    assert_eq!(outcome("not (forall x: 2 * x != 1000)", n), Outcome::Holds);
    assert_eq!(outcome("forall x: 2 * x != 1000", n), Outcome::Fails);
    assert_eq!(outcome("not (exists x: 2 * x == 1000)", n), Outcome::Fails);
    // A forall with no counterexample below N holds there only; its
    // negation is undecided, not false.
    assert_eq!(
        outcome("forall x: 2 * x != 100000", n),
        Outcome::HoldsBelow(10_000)
    );
    assert_eq!(
        outcome("not (exists x: 2 * x == 100000)", n),
        Outcome::HoldsBelow(10_000)
    );
    // Connectives combine the three values (Kleene): an unknown side
    // decides nothing, a known side may.
    let unknown_exists = "(exists x: 2 * x == 100000)";
    undecided(&outcome(&format!("{unknown_exists} and q == 0"), n));
    assert_eq!(
        outcome(&format!("{unknown_exists} and q == 1"), n),
        Outcome::Fails
    );
    assert_eq!(
        outcome(&format!("{unknown_exists} or q == 0"), n),
        Outcome::Holds
    );
    undecided(&outcome(&format!("{unknown_exists} or q == 1"), n));
    assert_eq!(
        outcome(&format!("{unknown_exists} implies q == 0"), n),
        Outcome::Holds
    );
    // The implication's premise holds below N only: not a counterexample.
    undecided(&outcome("(forall x: 2 * x != 100000) implies q == 1", n));
    assert_eq!(
        outcome("(forall x: 2 * x != 1000) implies q == 1", n),
        Outcome::Holds
    );
    undecided(&outcome(&format!("{unknown_exists} iff true"), n));
    undecided(&outcome(&format!("{unknown_exists} == true"), n));
    // Inside a bounded quantifier: one known false member decides.
    undecided(&outcome(
        "forall k in {1, 2}: exists x: 2 * x == 100000 * k",
        n,
    ));
    assert_eq!(
        outcome(
            "forall k in {1, 2}: k == 1 and (exists x: 2 * x == 100000)",
            n
        ),
        Outcome::Fails
    );
    assert_eq!(
        outcome(
            "exists k in {1, 2}: k == 2 or (exists x: 2 * x == 100000)",
            n
        ),
        Outcome::Holds
    );
    // An unknown condition makes the integer it selects unknown too.
    undecided(&outcome(
        &format!("(if {unknown_exists} then 1 else 2) == 1"),
        n,
    ));
}

#[test]
fn an_empty_checked_range_is_not_checked() {
    // Issue 41: nothing below N = 10,000 is ≥ 20,000: nothing evaluated.
    let why = outcome("forall x >= 20000: x * 1 != 30000", "check_below = 10000");
    assert!(undecided(&why).contains("nothing evaluated"), "{why:?}");
    let why = outcome("exists x >= 20000: x * 1 == 30000", "check_below = 10000");
    assert!(undecided(&why).contains("nothing evaluated"), "{why:?}");
    // The window [lo, lo + 3) overflows 64 bits, the fallback range is
    // empty: not checked, never holds (and no wrap-around).
    let why = outcome("forall x >= 9223372036854775805: (x mod 3) != 0", "");
    assert!(undecided(&why).contains("nothing evaluated"), "{why:?}");
    let out = run_all(
        &claim(
            "{1, 2, 3}",
            "",
            "forall x >= 9223372036854775805: (x mod 3) != 0",
            "",
        ),
        10_000_000,
    )
    .unwrap();
    let note = out[0].1.note.as_deref().unwrap_or_default();
    assert!(note.contains("beyond 2^63 - 1"), "{note}");
}

#[test]
fn a_checked_quantifier_says_why_it_is_not_proved() {
    let text = claim(
        "{1, 2, 3}",
        "",
        "forall x: G(x) == mex{G(x - s) : s in S, s <= x}",
        "",
    );
    let out = run_all(&text, 50_000_000).unwrap();
    let ev = &out[0].1;
    assert_eq!(ev.outcome, Outcome::HoldsBelow(10_000));
    let note = ev.note.as_deref().expect("a note");
    assert!(note.starts_with("c.toml:8:"), "{note}");
    assert!(note.contains("`<=`"), "{note}");
    assert!(note.contains("forall x >= max(S)"), "{note}");
    // The suggested rewrite is proved, and so is its finite rest.
    let text = claim(
        "{1, 2, 3}",
        "",
        "(forall x >= max(S): G(x) == mex{G(x - s) : s in S}) and \
         (forall x in [0, max(S)): G(x) == mex{G(x - s) : s in S, s <= x})",
        "",
    );
    let ev = &run_all(&text, 50_000_000).unwrap()[0].1;
    assert_eq!(ev.outcome, Outcome::Holds);
    assert!(matches!(ev.x_scope, XScope::ProvedForAll { .. }));
    assert_eq!(ev.note, None);
}
