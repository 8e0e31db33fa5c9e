//! Parsing claim files: the example, and every hostile input of issue 22
//! as a one-line error with the right kind and a sensible place.

use nimcert_claims::{parse, DiagKind, Diagnostic, ParseLimits};

const EXAMPLE: &str = include_str!("data/example.toml");

fn parse_str(text: &str) -> Result<nimcert_claims::ClaimFile, Diagnostic> {
    parse("c.toml", text.as_bytes(), &ParseLimits::default())
}

#[test]
fn the_example_parses() {
    let f = parse_str(EXAMPLE).unwrap_or_else(|d| panic!("{}", d.render()));
    assert_eq!(f.claims.len(), 2);
    assert_eq!(f.claims[0].id, "Zhang.Prop3.1");
    assert_eq!(f.claims[0].param_names(), ["a", "b", "c"]);
    assert_eq!(f.claims[1].line, 14);
}

/// The error of parsing (and checking) `text`.
fn error(text: &[u8], limits: &ParseLimits) -> Diagnostic {
    match parse("c.toml", text, limits) {
        Err(d) => d,
        Ok(f) => nimcert_claims::check(&f).expect_err("expected an error"),
    }
}

/// Asserts a one-line input error at line:col containing `needle`.
fn input_at(text: &str, line: usize, col: usize, needle: &str) {
    let d = error(text.as_bytes(), &ParseLimits::default());
    assert_eq!(d.kind, DiagKind::Input, "{}", d.render());
    assert_eq!((d.line, d.col), (line, col), "{}", d.render());
    assert!(d.message.contains(needle), "{}", d.render());
    assert!(!d.one_line().contains('\n'));
    assert_eq!(d.exit_code(), 2);
}

const HEAD: &str =
    "[[claim]]\nid = \"t\"\nsource = \"s\"\nquote = \"q\"\nkind = \"theorem\"\ngame = \"{1, 2}\"\n";

#[test]
fn unknown_and_missing_keys() {
    input_at(
        &format!("{HEAD}assert = \"true\"\nproof = 1\n"),
        8,
        1,
        "unknown field `proof`",
    );
    input_at(&format!("{HEAD}\n"), 1, 1, "missing field `assert`");
    input_at("title = 1\n", 1, 1, "unknown field `title`");
}

#[test]
fn duplicate_ids() {
    let one = format!("{HEAD}assert = \"true\"\n");
    let d = error(format!("{one}{one}").as_bytes(), &ParseLimits::default());
    assert_eq!((d.line, d.col), (9, 6), "{}", d.render());
    assert!(d
        .message
        .contains("duplicate claim id `t` (first at line 2)"));
}

#[test]
fn expression_errors_point_into_the_string() {
    input_at(&format!("{HEAD}assert = \"G(x) == \"\n"), 7, 19, "expected");
    input_at(
        &format!("{HEAD}assert = 'forall x: G(x) == y'\n"),
        7,
        29,
        "unknown name `y`",
    );
    input_at(
        &format!("{HEAD}assert = \"1 + true == 2\"\n"),
        7,
        15,
        "expected an integer, found a boolean",
    );
    input_at(
        &format!("{HEAD}assert = \"99999999999999999999 > 0\"\n"),
        7,
        11,
        "out of range",
    );
    input_at(
        &format!("{HEAD}assert = \"forall x: forall y: G(x + y) == 0\"\n"),
        7,
        21,
        "nested unbounded",
    );
    input_at(
        &format!("{HEAD}where = \"q > 1\"\nassert = \"true\"\n"),
        7,
        10,
        "game word",
    );
    input_at(&format!("{HEAD}assert = \"a / 2 == 1\"\n"), 7, 13, "floor");
    // an escaped string: the error points at the string's start
    input_at(
        &format!("{HEAD}assert = \"\\u0041 == \"\n"),
        7,
        10,
        "expected",
    );
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let deep = format!("{}1{}", "(".repeat(100_000), ")".repeat(100_000));
    input_at(
        &format!("{HEAD}assert = \"{deep} == 1\"\n"),
        7,
        75,
        "too deeply",
    );
    let toml = format!("a = {}", "[".repeat(100_000));
    let d = error(toml.as_bytes(), &ParseLimits::default());
    assert_eq!(
        (d.line, d.col, d.kind),
        (1, 37, DiagKind::Input),
        "{}",
        d.one_line()
    );
    let tables = format!("a = {}", "{b = ".repeat(100_000));
    assert!(error(tables.as_bytes(), &ParseLimits::default())
        .message
        .contains("nested too deeply"));
}

#[test]
fn non_utf8_is_reported_at_the_first_bad_byte() {
    let mut bytes = format!("{HEAD}assert = \"true").into_bytes();
    bytes.push(0xff);
    bytes.extend_from_slice(b"\"\n");
    let d = error(&bytes, &ParseLimits::default());
    assert_eq!((d.line, d.col), (7, 15), "{}", d.one_line());
    assert!(d.message.starts_with("not UTF-8 text"));
}

#[test]
fn size_and_count_limits() {
    let entry = "[[claim]]\n";
    let million = entry.repeat(1_000_000);
    let d = error(million.as_bytes(), &ParseLimits::default());
    assert_eq!(
        d.kind,
        DiagKind::Limit {
            flag: "--max-claim-bytes"
        }
    );
    assert_eq!(d.exit_code(), 3);
    assert!(d.message.contains("--max-claim-bytes"), "{}", d.one_line());
    let limits = ParseLimits {
        max_bytes: usize::MAX,
        max_claims: 10_000,
    };
    let start = std::time::Instant::now();
    let d = error(million.as_bytes(), &limits);
    assert!(start.elapsed().as_secs() < 5);
    assert_eq!(
        d.kind,
        DiagKind::Limit {
            flag: "--max-claims"
        }
    );
    assert_eq!((d.line, d.col), (10_001, 1), "{}", d.one_line());
    assert!(d.message.contains("--max-claims"));
    // inline arrays of tables escape the line count but not the limit
    let small = ParseLimits {
        max_bytes: 1 << 20,
        max_claims: 1,
    };
    let entry = |id: &str| {
        format!("{{ id = \"{id}\", source = \"s\", quote = \"q\", kind = \"example\", game = \"{{1}}\", assert = \"true\" }}")
    };
    let two = format!("claim = [{}, {}]\n", entry("a"), entry("b"));
    let d = error(two.as_bytes(), &small);
    assert_eq!(
        d.kind,
        DiagKind::Limit {
            flag: "--max-claims"
        },
        "{}",
        d.one_line()
    );
}

#[test]
fn render_has_source_line_and_caret() {
    let d = error(
        format!("{HEAD}assert = \"1 +\"\n").as_bytes(),
        &ParseLimits::default(),
    );
    assert_eq!(
        d.render(),
        "c.toml:7:14: expected an expression\nassert = \"1 +\"\n             ^"
    );
}

#[test]
fn deep_dotted_keys_are_an_error_not_a_crash() {
    let keys = vec!["a"; 100_000].join(".");
    for text in [
        format!("{keys} = 1\n"),
        format!("[{keys}]\n"),
        format!("[[claim]]\n{keys} = 1\n"),
    ] {
        let d = error(text.as_bytes(), &ParseLimits::default());
        assert_eq!(d.kind, DiagKind::Input, "{}", d.one_line());
    }
}
