//! Instances of the example file: order, `where`, games, the estimate,
//! and evaluating the example's claims on the toy game.

mod common;

use common::{load, Toy};
use nimcert_claims::{
    evaluate, instance_estimate, instances, needs_game, Budget, GameSpec, NoGame, XScope,
};

const EXAMPLE: &str = include_str!("data/example.toml");

#[test]
fn enumeration_order_where_and_games() {
    let f = load(EXAMPLE).unwrap();
    let zhang = &f.claims[0];
    let mut budget = Budget::new(10_000_000);
    // a = 2: b = 4, c in 5..=400; the first lexicographic one passing
    // gcd(2, 4, c) == 1 and 0 < c mod 6 < 2 is c = 7.
    assert_eq!(instance_estimate(zhang, &mut budget).unwrap(), 19 * 396);
    let mut all = instances(zhang);
    let first = all.next_instance(&mut budget).unwrap().unwrap();
    assert_eq!(first.label(), "a=2, b=4, c=7");
    assert_eq!(first.game, GameSpec::Subtraction(vec![2, 4, 7]));
    let mut labels = vec![first.label()];
    while let Some(i) = all.next_instance(&mut budget) {
        labels.push(i.unwrap().label());
    }
    assert!(labels.len() > 100);
    assert!(labels.windows(2).all(|w| w[0] != w[1]));
    assert_eq!(labels.last().unwrap(), "a=20, b=40, c=379");

    let revmex = &f.claims[1];
    let mut all = instances(revmex);
    let first = all.next_instance(&mut budget).unwrap().unwrap();
    assert_eq!(first.game, GameSpec::Subtraction(vec![2, 12, 14]));
    assert!(needs_game(revmex) && needs_game(zhang));
}

#[test]
fn example_claims_evaluate() {
    let f = load(EXAMPLE).unwrap();
    let mut budget = Budget::new(100_000_000);
    for claim in &f.claims {
        let mut all = instances(claim);
        for _ in 0..5 {
            let inst = all.next_instance(&mut budget).unwrap().unwrap();
            let GameSpec::Subtraction(moves) = &inst.game else {
                unreachable!()
            };
            let ev = evaluate(claim, &inst, &Toy::subtraction(moves), &mut budget).unwrap();
            let expected = if claim.id == "RevMex" {
                matches!(ev.x_scope, XScope::ProvedForAll { .. })
            } else {
                ev.x_scope == XScope::NoUnbounded
            };
            assert!(expected, "{} {}: {ev:?}", claim.id, inst.label());
        }
    }
}

#[test]
fn octal_templates_and_game_free_claims() {
    let text = "[[claim]]\nid = \"o\"\nsource = \"s\"\nquote = \"q\"\nkind = \"example\"\n\
        game = \"octal 0.{d}7\"\nparams = { d = \"0..=9\" }\nwhere = \"d != 5\"\n\
        assert = \"forall x: x mod 4 + (x + 1) mod 4 != 2 * (x mod 2) + 5 or true\"\n";
    let f = load(text).unwrap();
    let claim = &f.claims[0];
    assert!(!needs_game(claim));
    let mut budget = Budget::new(1_000_000);
    let mut all = instances(claim);
    let mut codes = Vec::new();
    loop {
        match all.next_instance(&mut budget) {
            Some(Ok(i)) => {
                let ev = evaluate(claim, &i, &NoGame, &mut budget).unwrap();
                assert!(ev.holds());
                assert_eq!(ev.x_scope, XScope::ProvedForAll { up_to: 4 });
                let GameSpec::Octal(c) = i.game else {
                    unreachable!()
                };
                codes.push(c);
            }
            Some(Err(e)) => {
                assert_eq!(
                    e.diagnostic().one_line(),
                    "c.toml:6:18: octal digit 8 not in 0..=7 (add a condition to `where`)"
                );
                break;
            }
            None => panic!("digit 8 must fail"),
        }
    }
    assert_eq!(
        codes,
        ["0.07", "0.17", "0.27", "0.37", "0.47", "0.67", "0.77"]
    );
}

#[test]
fn lets_using_the_game_stay_out_of_where() {
    let text = "[[claim]]\nid = \"o\"\nsource = \"s\"\nquote = \"q\"\nkind = \"example\"\n\
        game = \"{1, 2}\"\nlet = [\"k = q + 1\", \"m = 3\"]\nwhere = \"m > k\"\nassert = \"k > 0\"\n";
    let d = load(text).unwrap_err();
    assert_eq!(
        d.one_line(),
        "c.toml:8:14: `k` depends on the game (q, p, S, G or P) and cannot be used here"
    );
    let ok = text.replace("m > k", "m > 2");
    let f = load(&ok).unwrap();
    let mut budget = Budget::new(1000);
    let inst = instances(&f.claims[0])
        .next_instance(&mut budget)
        .unwrap()
        .unwrap();
    let ev = evaluate(&f.claims[0], &inst, &Toy::subtraction(&[1, 2]), &mut budget).unwrap();
    assert!(ev.holds());
}

#[test]
fn public_types_can_cross_threads() {
    fn send_sync<T: Send + Sync>() {}
    send_sync::<nimcert_claims::ClaimFile>();
    send_sync::<nimcert_claims::FileClaim>();
    send_sync::<nimcert_claims::Instance>();
    send_sync::<nimcert_claims::Diagnostic>();
    send_sync::<nimcert_claims::EvalError>();
    send_sync::<nimcert_claims::Evaluation>();
    send_sync::<Budget>();
}
