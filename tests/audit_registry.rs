//! The claim registry as a whole: ids, descriptions, corrections, the
//! statement table in docs/STATEMENTS.md, the verdict rule, the work
//! estimate and the test seam.

use nimcert::audit::report::{self, estimate};
use nimcert::audit::{registry, Scope};
use nimcert::claim::{decide, ClaimResult, Kind, Verdict};
use std::collections::BTreeSet;

/// The ids named in backticks in docs/STATEMENTS.md.
fn table_ids() -> BTreeSet<String> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/STATEMENTS.md"))
        .expect("docs/STATEMENTS.md");
    text.split('`')
        .skip(1)
        .step_by(2)
        .filter(|w| (w.starts_with("A.") || w.starts_with("B.")) && !w.contains(' '))
        .map(str::to_string)
        .collect()
}

#[test]
fn registry_ids_are_unique_and_every_claim_is_described() {
    let claims = registry();
    let mut seen = BTreeSet::new();
    for c in &claims {
        assert!(seen.insert(c.id.as_ref()), "{} is registered twice", c.id);
        assert!(
            c.id.starts_with("A.") || c.id.starts_with("B.") || c.id.starts_with("O."),
            "{}",
            c.id
        );
        for (what, text) in [
            ("statement", c.printed.as_ref()),
            ("location", c.location.as_ref()),
            ("hypotheses", c.hypotheses.as_ref()),
            ("unit", c.unit.as_ref()),
            ("default range", c.default_range.as_str()),
        ] {
            assert!(!text.trim().is_empty(), "{} has no {what}", c.id);
        }
    }
}

#[test]
fn every_registry_id_is_in_the_statement_table() {
    let table = table_ids();
    // The papers' statements; the published octal claims (O.*) carry their
    // source and address instead (src/octal/published.rs).
    let missing: Vec<String> = registry()
        .iter()
        .map(|c| c.id.to_string())
        .filter(|id| !id.starts_with("O."))
        .filter(|id| !table.contains(id.as_str()))
        .collect();
    assert!(missing.is_empty(), "not in docs/STATEMENTS.md: {missing:?}");
}

#[test]
fn every_id_in_the_statement_table_is_registered() {
    let registered: BTreeSet<String> = registry().iter().map(|c| c.id.to_string()).collect();
    let unknown: Vec<String> = table_ids()
        .into_iter()
        .filter(|id| !registered.contains(id))
        .collect();
    assert!(
        unknown.is_empty(),
        "docs/STATEMENTS.md names unregistered ids: {unknown:?}"
    );
}

#[test]
fn corrections_point_at_registered_statements_of_the_same_paper() {
    let claims = registry();
    let ids: BTreeSet<&str> = claims.iter().map(|c| c.id.as_ref()).collect();
    let corrections: Vec<_> = claims
        .iter()
        .filter_map(|c| c.corrects.map(|k| (c.id.as_ref(), k)))
        .collect();
    assert!(
        corrections.len() >= 6,
        "the known corrections are registered"
    );
    for (id, corrects) in corrections {
        assert!(
            ids.contains(corrects.of),
            "{id} corrects the unknown {}",
            corrects.of
        );
        assert_eq!(
            &id[..2],
            &corrects.of[..2],
            "{id} corrects a statement of the other paper"
        );
        assert!(
            id.starts_with(corrects.of),
            "{id} is not named after {}",
            corrects.of
        );
    }
}

fn result(applicable: u64, failing: u64) -> ClaimResult {
    ClaimResult {
        applicable,
        failing,
        ..ClaimResult::default()
    }
}

#[test]
fn the_verdict_is_decided_by_the_kind_and_the_counts() {
    let fragment = Kind::Fragment { lost: "x" };
    let derived = Kind::Reconstructed { tests: "x" };
    let cases = [
        (Kind::Theorem, 5, 0, Verdict::Holds),
        (Kind::Theorem, 5, 1, Verdict::Fails),
        (Kind::Example, 1, 0, Verdict::Holds),
        (Kind::Conjecture, 9, 0, Verdict::Open),
        (Kind::Conjecture, 9, 2, Verdict::Fails),
        (fragment, 9, 0, Verdict::Fragment),
        (fragment, 9, 9, Verdict::Fragment),
        (derived, 9, 0, Verdict::Reconstructed),
        (derived, 9, 1, Verdict::Fails),
    ];
    for (kind, applicable, failing, verdict) in cases {
        assert_eq!(
            decide(&kind, &result(applicable, failing)),
            verdict,
            "{kind:?} {applicable} {failing}"
        );
    }
    for kind in [
        Kind::Theorem,
        Kind::Conjecture,
        Kind::Example,
        fragment,
        derived,
    ] {
        assert_eq!(
            decide(&kind, &result(0, 0)),
            Verdict::NotChecked,
            "{kind:?}"
        );
        let nothing_checked = ClaimResult {
            unchecked: 3,
            ..result(0, 0)
        };
        assert_eq!(decide(&kind, &nothing_checked), Verdict::NotChecked);
    }
    // An instance not checked: never a bare "holds" or "reconstructed"; a
    // failure still fails, a fragment stays a fragment, a conjecture is
    // open (checked on a range only, whatever was left out).
    let partly = [
        (Kind::Theorem, 0, Verdict::PartlyChecked),
        (Kind::Example, 0, Verdict::PartlyChecked),
        (derived, 0, Verdict::PartlyChecked),
        (Kind::Conjecture, 0, Verdict::Open),
        (fragment, 0, Verdict::Fragment),
        (Kind::Theorem, 1, Verdict::Fails),
    ];
    for (kind, failing, verdict) in partly {
        let r = ClaimResult {
            unchecked: 1,
            ..result(5, failing)
        };
        assert_eq!(decide(&kind, &r), verdict, "{kind:?} {failing}");
    }
}

#[test]
fn the_test_seam_flips_the_first_applicable_instance_only() {
    let claims = report::select(registry(), &["A.Prop29".to_string()]);
    let scope = Scope {
        a: Some(2..=5),
        b: Some(2..=20),
        ..Scope::default()
    };
    let plain = report::run(&claims, &scope, &[], &|_| {});
    let flipped = report::run(&claims, &scope, &["A.Prop29".to_string()], &|_| {});
    for ((row, result), (frow, fresult)) in plain.iter().zip(&flipped) {
        assert_eq!(result.applicable, fresult.applicable, "{}", row.id);
        assert_eq!(fresult.failing.abs_diff(result.failing), 1, "{}", row.id);
        assert!(frow.perturbed && !row.perturbed);
    }
}

#[test]
fn a_huge_range_is_estimated_above_the_default_limit_and_the_default_below() {
    let claims = registry();
    let default = estimate(&claims, &Scope::default());
    let extended = estimate(
        &claims,
        &Scope {
            extended: true,
            ..Scope::default()
        },
    );
    let huge = estimate(
        &claims,
        &Scope {
            c: Some(3..=1_000_000_000),
            ..Scope::default()
        },
    );
    assert!(
        default < extended && extended < huge,
        "{default} {extended} {huge}"
    );
    assert!(
        extended < 2_000_000_000_000,
        "--extended fits the default --max-work"
    );
    assert!(huge > 2_000_000_000_000, "a huge range exceeds it");
}
