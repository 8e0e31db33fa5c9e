//! Avoidance games in the language: the new parameters (subsets, trees),
//! families of sets, the game words and their type rules, evaluated on a
//! toy game (the path 1-2-3 with W = {2}) whose answers are worked out by
//! hand.

mod common;

use common::load;
use nimcert_claims::{
    evaluate_avoidance, instances, instances_in, AvoidanceGame, Budget, Catalogue, GameSpec,
    Outcome, ParamValue,
};

/// A claim entry with this game and these lines.
fn entry(game: &str, lines: &str) -> String {
    format!(
        "[[claim]]\nid = \"t\"\nsource = \"s\"\nquote = \"q\"\nkind = \"theorem\"\ngame = \"{game}\"\n{lines}\n"
    )
}

/// The path 1-2-3 in its vertex geometry with W = {2}: a position is
/// legal while it does not hold 2 and does not hold both 1 and 3. 𝓜 =
/// {{1}, {3}}, ℐ = {{1}, {3}, ∅}; the terminal classes {1}, {3} have
/// type (1, 1, 0), and X_∅ (options X_{1}, X_{3}) has nim_0 =
/// mex{nim_1} = mex{0} = 1, nim_1 = mex({1} ∪ {nim_0} = {1}) = 0.
struct Path;

fn sorted(v: &[u64]) -> Vec<u64> {
    let mut v = v.to_vec();
    v.sort_unstable();
    v.dedup();
    v
}

impl AvoidanceGame for Path {
    fn ground(&self) -> u64 {
        3
    }
    fn nim(&self) -> u64 {
        1
    }
    fn maximal(&self) -> Vec<Vec<u64>> {
        vec![vec![1], vec![3]]
    }
    fn classes(&self) -> Vec<Vec<u64>> {
        vec![vec![1], vec![3], vec![]]
    }
    fn class_type(&self, set: &[u64]) -> Option<(u64, u64)> {
        match set {
            [] => Some((1, 0)),
            [1] | [3] => Some((1, 0)),
            _ => None,
        }
    }
    fn position_nim(&self, p: &[u64]) -> Option<u64> {
        match sorted(p)[..] {
            [] => Some(1),
            [1] | [3] => Some(0),
            _ => None,
        }
    }
    fn closure(&self, a: &[u64]) -> Vec<u64> {
        match (a.iter().min(), a.iter().max()) {
            (Some(&lo), Some(&hi)) => (lo..=hi).collect(),
            _ => vec![],
        }
    }
    fn extreme(&self, a: &[u64]) -> Vec<u64> {
        let a = sorted(a);
        match (a.first(), a.last()) {
            (Some(&lo), Some(&hi)) if lo == hi => vec![lo],
            (Some(&lo), Some(&hi)) => vec![lo, hi],
            _ => vec![],
        }
    }
    fn components(&self, v: u64) -> Result<Vec<Vec<u64>>, String> {
        Ok(match v {
            1 => vec![vec![2, 3]],
            2 => vec![vec![1], vec![3]],
            _ => vec![vec![1, 2]],
        })
    }
}

/// The outcome of the one instance of `text` on the path.
fn on_path(assert: &str) -> Outcome {
    let text = entry(
        "tree-vertices 1-2,2-3",
        &format!("win = \"{{2}}\"\nassert = \"{assert}\""),
    );
    let f = load(&text).unwrap_or_else(|d| panic!("{}", d.render()));
    let claim = &f.claims[0];
    let mut budget = Budget::new(1_000_000);
    let i = instances(claim)
        .next_instance(&mut budget)
        .unwrap()
        .unwrap();
    let GameSpec::Avoidance(spec) = &i.game else {
        panic!("{:?}", i.game)
    };
    assert_eq!((spec.text.as_str(), &spec.win[..]), ("1-2,2-3", &[2][..]));
    evaluate_avoidance(claim, &i, &Path, &mut budget)
        .unwrap_or_else(|e| panic!("{assert}: {e}"))
        .outcome
}

#[test]
fn the_words_read_the_game() {
    for assert in [
        "nim == 1 and S == {1, 2, 3}",
        "M == {{1}, {3}} and card(M) == 2 and {1} in M and {2} not in M",
        "Phi == {} and classes == {{1}, {3}, {}}",
        "nim0(Phi) == 1 and nim1(Phi) == 0 and nim0({1}) == 1",
        "nim({}) == nim and legal({1}) and not legal({1, 3}) and nim({3}) == 0",
        "Ex({1, 2, 3}) == {1, 3} and tau({1, 3}) == S",
        "even(components(2)) == 0 and odd(components(2)) == 2 and pty({1, 2}) == 0",
        "forall A in M: legal(A) and (forall x in S minus A: not legal(A union {x}))",
        "{S minus A : A in M} == {{2, 3}, {1, 2}}",
        "{card(A) : A in M} == {1}",
        "exists A in components(1): A == {2, 3}",
    ] {
        assert_eq!(on_path(assert), Outcome::Holds, "{assert}");
    }
    assert_eq!(on_path("nim == 2"), Outcome::Fails);
}

#[test]
fn the_type_rules_of_avoidance_games() {
    let errors = [
        (
            entry("tree-vertices 1-2", "win = \"{1}\"\nassert = \"q == 0\""),
            "word of subtraction and octal games",
        ),
        (
            entry("{1, 2}", "assert = \"nim0({1}) == 0\""),
            "word of avoidance games",
        ),
        (
            entry("tree-vertices 1-2", "assert = \"nim == 0\""),
            "needs `win",
        ),
        (
            entry("{1, 2}", "win = \"{1}\"\nassert = \"true\""),
            "not one",
        ),
        (
            entry(
                "tree-vertices(n)",
                "params = { n = \"3\" }\nwin = \"{1}\"\nassert = \"true\"",
            ),
            "not a tree parameter",
        ),
        (
            entry(
                "tree-vertices 1-2",
                "win = \"{1}\"\nassert = \"{{1}, 2} == {}\"",
            ),
            "expected a set",
        ),
        (
            entry(
                "tree-vertices 1-2",
                "params = { M = \"1\" }\nwin = \"{1}\"\nassert = \"true\"",
            ),
            "word of avoidance games",
        ),
        (
            entry(
                "tree-vertices(T)",
                "params = { T = \"trees(3)\" }\nwin = \"{1}\"\nassert = \"T == T\"",
            ),
            "trees cannot be compared",
        ),
    ];
    for (text, says) in errors {
        let d = load(&text).expect_err(&text);
        assert!(d.message.contains(says), "{text}: {}", d.message);
    }
}

#[test]
fn subsets_and_trees_are_enumerated_in_order() {
    // subsets({3, 5, 7}) in binary order of the elements; `where` keeps
    // the pairs.
    let text = entry(
        "tree-vertices 1-2",
        "params = { W = \"subsets({3, 5, 7})\" }\nwin = \"{1}\"\nwhere = \"card(W) == 2\"\nassert = \"true\"",
    );
    let f = load(&text).unwrap();
    let mut budget = Budget::new(1_000_000);
    let mut all = instances(&f.claims[0]);
    let mut seen = Vec::new();
    while let Some(i) = all.next_instance(&mut budget) {
        seen.push(i.unwrap().params[0].1.clone());
    }
    let set = |v: &[i64]| ParamValue::Set(v.to_vec());
    assert_eq!(seen, vec![set(&[3, 5]), set(&[3, 7]), set(&[5, 7])]);

    // Trees come from the caller's catalogue: two trees on 4 vertices
    // here; without a catalogue the range is an error at the parameter.
    struct Two;
    impl Catalogue for Two {
        fn trees(&self, n: i64, labelled: bool) -> Result<u64, String> {
            assert!(!labelled);
            Ok(if n == 4 { 2 } else { 1 })
        }
    }
    let text = entry(
        "tree-edges(T)",
        "params = { n = \"3..=4\", T = \"trees(n)\" }\nwin = \"{1}\"\nassert = \"true\"",
    );
    let f = load(&text).unwrap();
    let mut all = instances_in(&f.claims[0], &Two);
    let mut labels = Vec::new();
    while let Some(i) = all.next_instance(&mut budget) {
        labels.push(i.unwrap().label());
    }
    assert_eq!(
        labels,
        [
            "n=3, T=tree #0 on 3 vertices",
            "n=4, T=tree #0 on 4 vertices",
            "n=4, T=tree #1 on 4 vertices"
        ]
    );
    let e = instances(&f.claims[0])
        .next_instance(&mut budget)
        .unwrap()
        .unwrap_err();
    assert!(e.to_string().contains("catalogue"), "{e}");
}
