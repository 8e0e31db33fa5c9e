//! The language's arithmetic and sets against direct Rust computations.

use std::collections::BTreeSet;

use nimcert_claims::{check, evaluate, instances, parse, Budget, EvalError, NoGame, ParseLimits};
use proptest::prelude::*;

/// Evaluates a closed boolean expression: its value, or the error.
fn eval(assert: &str) -> Result<bool, String> {
    let text = format!(
        "[[claim]]\nid = \"t\"\nsource = \"s\"\nquote = \"q\"\nkind = \"example\"\ngame = \"{{1}}\"\nassert = \"{assert}\"\n"
    );
    let f = parse("p.toml", text.as_bytes(), &ParseLimits::default()).map_err(|d| d.one_line())?;
    check(&f).map_err(|d| d.one_line())?;
    let claim = &f.claims[0];
    let mut budget = Budget::new(1_000_000);
    let inst = instances(claim)
        .next_instance(&mut budget)
        .unwrap()
        .unwrap();
    evaluate(claim, &inst, &NoGame, &mut budget)
        .map(|e| e.holds())
        .map_err(|e: EvalError| e.diagnostic().one_line())
}

/// An integer as the language writes it (negative via unary minus; the
/// least i64 has no literal, 2^63 being out of range, so it is written as
/// a difference, as in Rust).
fn lit(v: i64) -> String {
    if v == i64::MIN {
        format!("(-{} - 1)", i64::MAX)
    } else if v < 0 {
        format!("(-{})", v.unsigned_abs())
    } else {
        v.to_string()
    }
}

/// `expr == expected` holds, or `expr` fails with `err` when expected is None.
fn agrees(expr: &str, expected: Option<i64>, err: &str) -> Result<(), TestCaseError> {
    match expected {
        Some(v) => prop_assert_eq!(eval(&format!("{expr} == {}", lit(v))), Ok(true), "{}", expr),
        None => {
            let e = eval(&format!("{expr} == 0")).unwrap_err();
            prop_assert!(e.contains(err), "{}: {}", expr, e);
        }
    }
    Ok(())
}

/// The least non-negative integer not in `s`.
fn naive_mex(s: &BTreeSet<i64>) -> i64 {
    (0..).find(|v| !s.contains(v)).unwrap()
}

fn naive_gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn div_and_mod(a in -1000i64..1000, m in -40i64..40) {
        let (d, r) = if m == 0 { (None, None) } else { (Some(a.div_euclid(m)), Some(a.rem_euclid(m))) };
        agrees(&format!("{} div {}", lit(a), lit(m)), d, "division by zero in `div`")?;
        agrees(&format!("{} mod {}", lit(a), lit(m)), r, "division by zero in `mod`")?;
        if m != 0 {
            prop_assert_eq!(eval(&format!("{a} == {m} * ({a} div {m}) + {a} mod {m}", a = lit(a), m = lit(m))), Ok(true));
        }
    }

    #[test]
    fn floor_and_ceil(a in -1000i64..1000, b in -40i64..40) {
        let (f, c) = if b == 0 { (None, None) } else {
            let x = a as f64 / b as f64;
            (Some(x.floor() as i64), Some(x.ceil() as i64))
        };
        agrees(&format!("floor({} / {})", lit(a), lit(b)), f, "division by zero in `/`")?;
        agrees(&format!("ceil({} / {})", lit(a), lit(b)), c, "division by zero in `/`")?;
    }

    #[test]
    fn gcd_lcm_min_max(a in -500i64..500, b in -500i64..500, c in -500i64..500) {
        let g = naive_gcd(naive_gcd(a, b), c);
        agrees(&format!("gcd({}, {}, {})", lit(a), lit(b), lit(c)), Some(g), "")?;
        let l = if a == 0 || b == 0 { 0 } else { (a / naive_gcd(a, b) * b).abs() };
        agrees(&format!("lcm({}, {})", lit(a), lit(b)), Some(l), "")?;
        agrees(&format!("min({}, {}, {})", lit(a), lit(b), lit(c)), Some(a.min(b).min(c)), "")?;
        agrees(&format!("max({{{}, {}, {}}})", lit(a), lit(b), lit(c)), Some(a.max(b).max(c)), "")?;
    }

    #[test]
    fn checked_arithmetic(a in (i64::MIN + 1)..=i64::MAX, b in (i64::MIN + 1)..=i64::MAX) {
        agrees(&format!("{} + {}", lit(a), lit(b)), a.checked_add(b), "integer overflow in `+`")?;
        agrees(&format!("{} - {}", lit(a), lit(b)), a.checked_sub(b), "integer overflow in `-`")?;
        agrees(&format!("{} * {}", lit(a), lit(b)), a.checked_mul(b), "integer overflow in `*`")?;
    }

    #[test]
    fn powers(a in -20i64..20, e in 0i64..70) {
        agrees(&format!("{} ^ {}", lit(a), e), a.checked_pow(e as u32), "integer overflow in `^`")?;
    }

    #[test]
    fn sets_and_mex(xs in proptest::collection::vec(-3i64..12, 0..10), ys in proptest::collection::vec(-3i64..12, 0..10)) {
        let a: BTreeSet<i64> = xs.iter().copied().collect();
        let b: BTreeSet<i64> = ys.iter().copied().collect();
        let show = |v: &[i64]| format!("{{{}}}", v.iter().map(|&x| lit(x)).collect::<Vec<_>>().join(", "));
        let (sa, sb) = (show(&xs), show(&ys));
        agrees(&format!("mex{sa}"), Some(naive_mex(&a)), "")?;
        agrees(&format!("card({sa} union {sb})"), Some(a.union(&b).count() as i64), "")?;
        agrees(&format!("card({sa} intersect {sb})"), Some(a.intersection(&b).count() as i64), "")?;
        agrees(&format!("card({sa} minus {sb})"), Some(a.difference(&b).count() as i64), "")?;
        prop_assert_eq!(eval(&format!("{sa} subset {sb}")), Ok(a.is_subset(&b)));
        let doubled: BTreeSet<i64> = a.iter().filter(|&&x| x >= 0).map(|x| 2 * x).collect();
        let expected = format!("{{{}}}", doubled.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", "));
        prop_assert_eq!(eval(&format!("{{2 * x : x in {sa}, x >= 0}} == {expected}")), Ok(true));
        prop_assert_eq!(eval(&format!("forall x in {sa}: x in [-3, 12)")), Ok(true));
        prop_assert_eq!(eval(&format!("exists x in {sa}: x == 5")), Ok(a.contains(&5)));
    }
}

/// The one power whose value has no literal: (−2)^63 = −2^63, the least
/// i64 (found by the `powers` property in CI).
#[test]
fn the_least_i64_is_a_power() {
    assert_eq!(
        agrees("(-2) ^ 63", Some(i64::MIN), "").map_err(|e| e.to_string()),
        Ok(())
    );
}
