//! The "proved for all x" rule against brute force: on random small
//! subtraction games and random statements of the linear shape, a proved
//! result must equal the result checked on a long range (the same
//! statement made non-linear by `or x * 0 == 1`, which the rule refuses).

mod common;

use common::{claim, run_all};
use nimcert_claims::XScope;
use proptest::prelude::*;

/// (holds, scope) of the claim's only instance.
fn run(game: &str, assert: &str, extra: &str) -> (bool, XScope) {
    let out = run_all(&claim(game, "", assert, extra), 50_000_000)
        .unwrap_or_else(|e| panic!("{assert}: {e}"));
    (out[0].1.holds(), out[0].1.x_scope)
}

/// A statement template with its unbounded quantifier's body.
fn statements() -> impl Strategy<Value = (bool, i64, String)> {
    // (body, least x where every G argument is ≥ 0)
    let shape = prop_oneof![
        (
            0i64..6,
            0i64..6,
            prop::sample::select(vec!["==", "!=", "<=", ">"])
        )
            .prop_map(|(a, b, op)| (format!("G(x + {a}) {op} G(x + {b})"), 0)),
        (0i64..4, 1i64..9, 0i64..9)
            .prop_map(|(d, m, r)| (format!("P(x + {d}) iff (x + {d}) mod {m} == {r}"), 0)),
        (0i64..5).prop_map(|k| (format!("G(x) == {k}"), 0)),
        (1i64..4).prop_map(|d| {
            (
                format!("G(x + 12) == mex{{ G(x + 12 - s) : s in S }} and x - {d} < x"),
                0,
            )
        }),
        (0i64..4, 1i64..7).prop_map(|(d, m)| (format!("G(x + {d}) != (x + {d}) mod {m}"), 0)),
        // negative offsets: X0 must rise above q by the deficit
        (1i64..15).prop_map(|k| (format!("G(x) == G(x - {k})"), k)),
        (1i64..15, 1i64..15)
            .prop_map(|(k, j)| (format!("P(x - {k}) or G(x - {j}) == 1"), k.max(j))),
    ];
    (any::<bool>(), 0i64..4, shape).prop_map(|(forall, lo, (body, min))| {
        let q = if forall { "forall" } else { "exists" };
        (forall, lo, format!("{q} x >= {}: {body}", lo + min))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn proved_agrees_with_brute_force(
        moves in proptest::collection::btree_set(1u64..13, 1..5),
        (_forall, _lo, statement) in statements(),
    ) {
        let game = format!("{{{}}}", moves.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(", "));
        let (holds, scope) = run(&game, &statement, "");
        let (body_start, _) = statement.split_once(": ").unwrap();
        let body = &statement[body_start.len() + 2..];
        let nonlinear = format!("{body_start}: ({body}) or x * 0 == 1");
        let (brute, bscope) = run(&game, &nonlinear, "check_below = 3000");
        prop_assert_eq!(bscope, XScope::CheckedBelow(3000));
        if let XScope::ProvedForAll { up_to } = scope {
            prop_assert!(up_to < 3000, "window {up_to}");
            prop_assert_eq!(holds, brute, "{} on {}", statement, game);
        } else {
            prop_assert!(false, "not proved: {statement}: {scope:?}");
        }
    }
}
