//! `every_c` claims: the type checks, the classes enumerated, and the
//! decision for every k ≥ k0 of an affine assertion (claims/src/every_c.rs)
//! against the ordinary evaluator on many members.

mod common;

use common::load;
use nimcert_claims::{
    class_of, decide_every_c, evaluate, instances, member, Budget, Class, Family, FamilyPeriod,
    ForEveryC, Instance, Outcome, Sequence,
};

/// A claim over {3, 5, c}, c ≡ 2 (mod 8), with this assertion.
fn claim(assert: &str) -> String {
    format!(
        r#"
[[claim]]
id = "t"
source = "s"
quote = "q"
kind = "theorem"
game = "{{a, b, c}}"
params = {{ a = "3", b = "5", rho = "2" }}
every_c = "rho"
let = ["m = a + b", "d = p - c"]
assert = "{assert}"
"#
    )
}

/// The first instance of the file's first claim.
fn first(text: &str) -> (nimcert_claims::ClaimFile, Instance) {
    let f = load(text).unwrap_or_else(|d| panic!("{}", d.render()));
    let i = instances(&f.claims[0])
        .next_instance(&mut Budget::new(1_000_000))
        .expect("an instance")
        .expect("no error");
    (f, i)
}

/// Row 4 of Table 1 at a = 3, b = 5, ρ = 2 (nimcert family: k ≥ 1, p = c + 5).
const ROW4: Family = Family {
    from_k: 1,
    preperiod: FamilyPeriod::Constant(0),
    period: FamilyPeriod::CPlus(5),
};

fn decide(assert: &str, family: Family) -> ForEveryC {
    let (f, i) = first(&claim(assert));
    decide_every_c(&f.claims[0], &i, family, &mut Budget::new(1_000_000)).expect("decided")
}

#[test]
fn the_class_and_its_members() {
    let (f, i) = first(&claim("q == 0"));
    assert_eq!(
        class_of(&f.claims[0], &i),
        Some(Class { a: 3, b: 5, rho: 2 })
    );
    let m = member(&f.claims[0], &i, 18).expect("18 ≡ 2 (mod 8)");
    assert_eq!(m.label(), "a=3, b=5, rho=2, c=18");
    assert!(member(&f.claims[0], &i, 17).is_none());
    assert!(member(&f.claims[0], &i, 2).is_none(), "c > b");
}

#[test]
fn affine_assertions_are_decided_for_every_k() {
    assert_eq!(decide("q == 0 and p == c + b", ROW4), ForEveryC::Holds);
    assert_eq!(
        decide("d == b and p - 2*c < 0 - c + 6", ROW4),
        ForEveryC::Holds
    );
    assert_eq!(
        decide("p == c + a", ROW4),
        ForEveryC::FailsAt { k: 1, c: 10 }
    );
    // False for small c, true from c = 35 on: not proved, fails at c = 10.
    assert_eq!(decide("p >= 40", ROW4), ForEveryC::FailsAt { k: 1, c: 10 });
    // True for small c, false from c = 35 on: the first member is c = 42.
    assert_eq!(decide("p < 40", ROW4), ForEveryC::FailsAt { k: 5, c: 42 });
    assert_eq!(
        decide("c != 8 * 1000000 + 2", ROW4),
        ForEveryC::FailsAt {
            k: 1_000_000,
            c: 8_000_002
        }
    );
    assert_eq!(
        decide(
            "p == m",
            Family {
                from_k: 1,
                preperiod: FamilyPeriod::Constant(0),
                period: FamilyPeriod::Constant(8)
            }
        ),
        ForEveryC::Holds
    );
}

#[test]
fn assertions_outside_the_subset_are_not_decided() {
    for (assert, word) in [
        ("c mod 3 >= 0", "`mod`"),
        ("G(c) == 0", "`G`"),
        ("c * c > 0", "product"),
        ("forall x: G(x) == G(x + p)", "quantifier"),
        ("c in {1, 2}", "`in`"),
        ("(if q == 0 then 1 else 2) == 1", "`if`"),
    ] {
        match decide(assert, ROW4) {
            ForEveryC::Outside(note) => {
                assert!(note.contains("not proved for every c"), "{note}");
                assert!(note.contains(word), "{assert}: {note}");
                assert!(note.starts_with("c.toml:"), "{note}");
            }
            other => panic!("{assert}: {other:?}"),
        }
    }
    // An affine coefficient beyond i128 is outside too, never a wrap.
    let huge = "p * 4611686018427387904 * 4611686018427387904 * 64 > 0";
    assert!(matches!(decide(huge, ROW4), ForEveryC::Outside(_)));
}

/// q = 0 and the given least period: what the family certificate states.
struct Periodic(u64);

impl Sequence for Periodic {
    fn value(&self, _n: u64) -> u64 {
        0
    }
    fn preperiod(&self) -> u64 {
        0
    }
    fn period(&self) -> u64 {
        self.0
    }
}

/// The decision against the ordinary evaluator on members k0 ≤ k < k0 + 300,
/// for pseudo-random boolean combinations of affine comparisons: a holds
/// must hold on every member, a failure at k must be the first member
/// where the ordinary evaluation fails.
#[test]
fn the_decision_agrees_with_the_members() {
    let ops = ["==", "!=", "<", "<=", ">", ">="];
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = |n: u64| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % n
    };
    let mut decided = (0, 0);
    for _ in 0..300 {
        let atom = |next: &mut dyn FnMut(u64) -> u64| {
            let s = next(5) as i64 - 2;
            let t = next(400) as i64 - 100;
            let u = next(3) as i64 - 1;
            let op = ops[next(6) as usize];
            format!("{s} * c + {t} {op} {u} * p + q")
        };
        let (x, y, z) = (atom(&mut next), atom(&mut next), atom(&mut next));
        let assert = match next(4) {
            0 => format!("{x} and {y}"),
            1 => format!("{x} or not ({y} and {z})"),
            2 => format!("({x} implies {y}) iff {z}"),
            _ => x,
        };
        let family = if next(2) == 0 {
            ROW4
        } else {
            Family {
                from_k: 3,
                preperiod: FamilyPeriod::Constant(0),
                period: FamilyPeriod::Constant(8),
            }
        };
        let (f, i) = first(&claim(&assert));
        let c = &f.claims[0];
        let got = decide_every_c(c, &i, family, &mut Budget::new(1_000_000)).unwrap();
        let first_fail = (family.from_k..family.from_k + 300).find(|&k| {
            let cc = 8 * k + 2;
            let p = match family.period {
                FamilyPeriod::Constant(p) => p,
                FamilyPeriod::CPlus(d) => cc + d,
                FamilyPeriod::Affine { slope, offset } => (slope * k).saturating_add_signed(offset),
            };
            let m = member(c, &i, cc).unwrap();
            let e = evaluate(c, &m, &Periodic(p), &mut Budget::new(1_000_000)).unwrap();
            match e.outcome {
                Outcome::Holds => false,
                Outcome::Fails => true,
                other => panic!("{other:?}"),
            }
        });
        match (got, first_fail) {
            (ForEveryC::Holds, None) => decided.0 += 1,
            (ForEveryC::FailsAt { k, c }, Some(want)) => {
                assert_eq!((k, c), (want, 8 * want + 2), "{assert}");
                decided.1 += 1;
            }
            (got, want) => panic!("{assert}: decided {got:?}, members say {want:?}"),
        }
    }
    assert!(decided.0 > 20 && decided.1 > 20, "{decided:?}");
}

fn error(text: &str) -> String {
    match load(text) {
        Err(d) => d.one_line(),
        Ok(f) => {
            let mut it = instances(&f.claims[0]);
            let mut budget = Budget::new(1_000_000);
            loop {
                match it.next_instance(&mut budget) {
                    Some(Err(e)) => return e.diagnostic().one_line(),
                    Some(Ok(_)) => {}
                    None => panic!("no error"),
                }
            }
        }
    }
}

#[test]
fn hostile_every_c_claims_are_errors_with_a_position() {
    let base = claim("q == 0");
    let e = error(&base.replace("{a, b, c}", "{a, b, 2 * c}"));
    assert!(
        e.contains("must be `{a, b, c}`") && e.starts_with("c.toml:7:"),
        "{e}"
    );
    let e = error(&base.replace("octal", "").replace("{a, b, c}", "{a, c}"));
    assert!(e.contains("must be `{a, b, c}`"), "{e}");
    let e = error(&base.replace("rho = \"2\"", "rho = \"2\", c = \"2\""));
    assert!(e.contains("class variable"), "{e}");
    let e = error(&base.replace("every_c = \"rho\"", "every_c = \"r\""));
    assert!(e.contains("must name a parameter"), "{e}");
    let e = error(&base.replace("let = [", "where = \"c > 3\"\nlet = ["));
    assert!(e.contains("`c`"), "{e}");
    // The residue out of [0, a + b): an error at `every_c`, naming the fix.
    let e = error(&base.replace("rho = \"2\"", "rho = \"0..=a+b\""));
    assert!(
        e.contains("rho = 8 is not in [0, a + b)") && e.contains(":9:"),
        "{e}"
    );
    let e = error(&base.replace("b = \"5\"", "b = \"3\""));
    assert!(e.contains("a < b"), "{e}");
    // Huge a and b: a + b leaves 64 bits; an error (here in the
    // definition m = a + b), never a wrap.
    let huge = base
        .replace("a = \"3\"", "a = \"9223372036854775807\"")
        .replace("b = \"5\"", "b = \"a - 1\"");
    let e = error(&huge);
    assert!(e.contains("integer overflow"), "{e}");
    // Without it the class is valid (a + b < 2^64): the decision computes
    // in i128, checked, and never wraps.
    let valid = huge
        .replace("\"m = a + b\", ", "")
        .replace("q == 0", "p == c + a");
    let (f, i) = first(&valid);
    let got = decide_every_c(&f.claims[0], &i, ROW4, &mut Budget::new(1_000_000)).unwrap();
    assert!(
        matches!(got, ForEveryC::FailsAt { k: 1, .. } | ForEveryC::Outside(_)),
        "{got:?}"
    );
}
