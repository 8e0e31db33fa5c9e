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
