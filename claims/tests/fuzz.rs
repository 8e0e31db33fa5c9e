//! `fuzz_entry` on the example, its truncations and byte mutations, and
//! hostile snippets: it must never panic (a cheap stand-in for the fuzz
//! target, which the workspace's fuzz/ directory runs).

use nimcert_claims::fuzz_entry;
use proptest::prelude::*;

const EXAMPLE: &[u8] = include_bytes!("data/example.toml");
/// The shipped avoidance claims (trees, subsets, families, every word).
const PAPER_B: &[u8] = include_bytes!("../../examples/claims/paper-b.toml");

#[test]
fn truncations_never_panic() {
    for n in (0..EXAMPLE.len()).step_by(7) {
        fuzz_entry(&EXAMPLE[..n]);
    }
}

#[test]
fn hostile_snippets_never_panic() {
    let head = "[[claim]]\nid = \"t\"\nsource = \"s\"\nquote = \"q\"\nkind = \"theorem\"\n";
    for (game, assert) in [
        ("{1, 2}", "forall x: G(x) == mex{G(x + s) : s in S}"),
        ("{1, 2}", "exists x >= 9223372036854775806: P(x)"),
        ("{1, 2}", "forall x >= 9223372036854775800: G(x + 100) >= 0"),
        ("{1, 2}", "forall x: (x + 9223372036854775807) mod 2 >= 0"),
        (
            "{1, 2}",
            "forall x: x mod 9223372036854775807 >= 0 and x mod 9223372036854775806 >= 0",
        ),
        ("{1, 2}", "forall x: G(x - 9223372036854775807) >= 0"),
        ("{1, 2}", "min({}) == 0 or max({}) == 0"),
        (
            "{1, 2}",
            "card([-9223372036854775807, 9223372036854775807]) > 0",
        ),
        (
            "{1, 2}",
            "floor((0 - 9223372036854775807 - 1) / (0 - 1)) > 0",
        ),
        ("{1, 2}", "abs(0 - 9223372036854775807 - 1) > 0"),
        (
            "{1, 2}",
            "lcm(9223372036854775807, 9223372036854775806) > 0",
        ),
        ("{1, 2}", "gcd(0 - 9223372036854775807 - 1, 0) > 0"),
        (
            "{1, 2}",
            "2 ^ 9223372036854775807 > 0 or (0-1) ^ 9223372036854775807 < 0",
        ),
        ("octal 0.{1}{8}", "true"),
        ("octal 0.{", "true"),
        ("octal ", "true"),
        ("{0}", "true"),
        ("{}", "S == {}"),
    ] {
        fuzz_entry(format!("{head}game = \"{game}\"\nassert = \"{assert}\"\n").as_bytes());
    }
}

#[test]
fn paper_b_and_its_truncations_never_panic() {
    for n in (0..PAPER_B.len()).step_by(97).chain([PAPER_B.len()]) {
        fuzz_entry(&PAPER_B[..n]);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn paper_b_mutations_never_panic(edits in proptest::collection::vec((0usize..20000, any::<u8>()), 1..6)) {
        let mut bytes = PAPER_B.to_vec();
        for (i, b) in edits {
            let i = i % bytes.len();
            bytes[i] = b;
        }
        fuzz_entry(&bytes);
    }

    #[test]
    fn avoidance_soup_never_panics(tokens in proptest::collection::vec(prop::sample::select(vec![
        "M", "Phi", "classes", "nim", "S", "W", "nim(", "legal(", "nim0(", "nim1(", "Ex(", "tau(",
        "components(", "even(", "odd(", "pty(", "card(", ")", "(", "{", "}", ",", ":", "==", "!=",
        "forall A in", "exists B in", "A", "B", "in", "not in", "minus", "union", "subset", "and",
        "or", "not", "0", "1", "2", "3", "4", "-1", "9223372036854775807",
    ]), 1..30)) {
        let expr = tokens.join(" ");
        let text = format!("[[claim]]\nid = \"t\"\nsource = \"s\"\nquote = \"q\"\nkind = \"theorem\"\ngame = \"tree-vertices(T)\"\nparams = {{ n = \"1..=3\", T = \"trees(n)\", W = \"subsets([1, n])\" }}\nwin = \"W\"\nassert = \"{expr}\"\n");
        fuzz_entry(text.as_bytes());
    }

    #[test]
    fn mutations_never_panic(edits in proptest::collection::vec((0usize..2000, any::<u8>()), 1..6)) {
        let mut bytes = EXAMPLE.to_vec();
        for (i, b) in edits {
            let i = i % bytes.len();
            bytes[i] = b;
        }
        fuzz_entry(&bytes);
    }

    #[test]
    fn expression_soup_never_panics(tokens in proptest::collection::vec(prop::sample::select(vec![
        "x", "G(", "P(", ")", "(", "{", "}", "[", "]", ",", ":", "+", "-", "*", "div", "mod", "^",
        "forall x:", "exists y in", "S", "q", "p", "==", "<", "and", "or", "not", "if", "then",
        "else", "mex", "card(", "0", "1", "7", "9223372036854775807", "in", "union", "/", "floor(",
    ]), 1..30)) {
        let expr = tokens.join(" ");
        let text = format!("[[claim]]\nid = \"t\"\nsource = \"s\"\nquote = \"q\"\nkind = \"theorem\"\ngame = \"{{1, 2}}\"\nparams = {{ n = \"1..=3\" }}\nassert = \"{expr}\"\n");
        fuzz_entry(text.as_bytes());
    }
}
