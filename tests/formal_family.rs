//! `Family` certificates as Coq proofs for every k ≥ k0 (issue 38, Check 3;
//! formal/theories/Family.v, src/export/family_coq.rs, docs/FORMAL.md,
//! "Families").
//!
//! - What the export writes for a family of each shape, and what it
//!   refuses.
//! - Compilation (ignored by default: it needs `coqc`; run it with
//!   `cargo test --test formal_family -- --ignored`): families derived by
//!   `nimcert::subtraction::family::derive` (small m = 7 and the largest
//!   m = 59 of b ≤ 30) are exported and compile; mutants (a tail letter
//!   changed, k0 lowered below where the claim holds, a marker that occurs
//!   twice, a Base period that is not one) do not, and nimcheck agrees on
//!   every one of them (accepts the families, refuses the mutants).

mod formal_common;

use formal_common::{make, root, scratch};
use nimcert::check::format::{Certificate, Claim, FamilyClaim, FamilyShape, Marker};
use nimcert::export::coq::{self, Export};
use nimcert::subtraction::family::{certificate, derive};
use std::path::Path;
use std::process::Command;
use std::time::Instant;

fn claim(a: u64, b: u64, rho: u64) -> FamilyClaim {
    derive(a, b, rho).unwrap_or_else(|e| panic!("({a}, {b}, {rho}): {e}"))
}

fn exported(claim: &FamilyClaim) -> String {
    match coq::export(&certificate(claim.clone()), "family.ron") {
        Export::Coq(text) => text,
        other => panic!("not exported: {other:?}"),
    }
}

#[test]
fn export_writes_the_statement_for_every_k() {
    let tail = claim(2, 5, 1);
    assert!(matches!(tail.shape, FamilyShape::Tail { .. }));
    let text = exported(&tail);
    for part in [
        "From Nimcert Require Import Mex Subtraction Family.",
        "Definition B : list nat := [0; 0; 1; 1; 0; 2; 1].",
        "Lemma recurrence : forall k,",
        "Lemma marker : forall k,",
        "Theorem family : forall k,",
        "let c := (7 * k + 1) in",
        "least_preperiod (G [2; 5; c]) 0 (c + 2)",
        "tail_claim_of_RM",
    ] {
        assert!(text.contains(part), "{part} missing from\n{text}");
    }
    let base = claim(2, 5, 2);
    assert!(matches!(base.shape, FamilyShape::Base { .. }));
    let text = exported(&base);
    for part in [
        "Definition E (x : nat) : nat := nth (x mod 7) B 0.",
        "Lemma period_marker",
        "least_preperiod (G [2; 5; c]) 0 7",
        "base_claim_of_RM",
    ] {
        assert!(text.contains(part), "{part} missing from\n{text}");
    }
    for part in ["Admitted", "Axiom", "Parameter", "Hypothesis"] {
        assert!(!text.contains(part));
    }
}

#[test]
fn export_refuses_unary_numbers_too_large() {
    let mut far = claim(2, 5, 1);
    far.from_k = 1 << 20;
    let certificate = certificate(far);
    assert!(matches!(
        coq::export(&certificate, "far.ron"),
        Export::Beyond(_)
    ));
}

/// Compiles `text` as `name`.v in `dir`: success, seconds, and stderr.
fn compile(dir: &Path, name: &str, text: &str) -> (bool, f64, String) {
    let file = dir.join(format!("{name}.v"));
    std::fs::write(&file, text).unwrap();
    let start = Instant::now();
    let run = Command::new("coqc")
        .arg("-Q")
        .arg(root().join("formal/theories"))
        .arg("Nimcert")
        .arg(&file)
        .output()
        .expect("coqc runs");
    (
        run.status.success(),
        start.elapsed().as_secs_f64(),
        String::from_utf8_lossy(&run.stderr).into_owned(),
    )
}

/// The families CI compiles: every class of b = 5, a = 2 that has one,
/// (3, 4, 0), and two of the largest m = 59 (a = 29, b = 30).
fn sample() -> Vec<FamilyClaim> {
    let mut out = Vec::new();
    for rho in 0..7 {
        if let Ok(c) = derive(2, 5, rho) {
            out.push(c);
        }
    }
    out.push(claim(3, 4, 0));
    out.push(claim(29, 30, 7));
    out.push(claim(29, 30, 35));
    out
}

/// Whether nimcheck's library (default limits) accepts the family.
fn nimcheck_accepts(c: &FamilyClaim) -> bool {
    matches!(
        nimcert::check::check_certificate(
            &certificate(c.clone()),
            &nimcert::check::Limits::default()
        ),
        nimcert::check::Verdict::Valid(_)
    )
}

fn name(c: &FamilyClaim) -> String {
    format!("family_{}_{}_{}", c.a, c.b, c.rho)
}

#[test]
#[ignore = "needs coqc and formal/ built (`make -C formal`); .ci/run runs it"]
fn families_compile_and_their_mutants_do_not() {
    make("formal");
    let dir = scratch("formal-family");
    let families = sample();
    assert!(families.len() >= 6, "{} families", families.len());
    let mut total = 0.0;
    for c in &families {
        assert!(nimcheck_accepts(c), "nimcheck refuses {}", name(c));
        let (ok, seconds, err) = compile(&dir, &name(c), &exported(c));
        assert!(ok, "{} does not compile:\n{err}", name(c));
        total += seconds;
        eprintln!("{}: k0 = {}, {seconds:.2} s", name(c), c.from_k);
    }
    eprintln!("{} families, {total:.1} s of coqc", families.len());

    let tail = families
        .iter()
        .find(|c| matches!(c.shape, FamilyShape::Tail { .. }))
        .expect("a Tail family")
        .clone();
    let base = families
        .iter()
        .find(|c| matches!(c.shape, FamilyShape::Base { .. }))
        .expect("a Base family")
        .clone();
    let mut mutants: Vec<(&str, FamilyClaim)> = Vec::new();
    // A tail letter changed (every one in turn, for the first family).
    if let FamilyShape::Tail { tail: y, .. } = &tail.shape {
        for j in 0..y.len() {
            let mut m = tail.clone();
            if let FamilyShape::Tail { tail: y, .. } = &mut m.shape {
                y[j] = if y[j] == 0 { 1 } else { y[j] - 1 };
            }
            mutants.push(("a tail letter changed", m));
        }
    }
    // k0 lowered below where the claim holds: c(k0) <= b.
    for c in [&tail, &base] {
        assert!(c.from_k > 0 || c.rho > c.b, "{}: k0 = 0", name(c));
        if c.from_k > 0 {
            let mut m = c.clone();
            m.from_k -= 1;
            mutants.push(("k0 lowered", m));
        }
    }
    // A marker of one letter of the B-run: it occurs many times.
    let mut twice = tail.clone();
    if let FamilyShape::Tail { marker, .. } = &mut twice.shape {
        *marker = Marker {
            start: -1,
            length: 1,
        };
    }
    mutants.push(("a marker that occurs more than once", twice));
    // The Tail family's last tail letter dropped (period one less).
    let mut shorter = tail.clone();
    if let FamilyShape::Tail { tail: y, marker } = &mut shorter.shape {
        y.pop();
        marker.start = marker.start.min(y.len() as i64 - 1);
    }
    mutants.push(("the tail one letter shorter", shorter));
    // A Base period that is not a period, and a period not least.
    for p0 in [1, 14] {
        let mut m = base.clone();
        m.shape = FamilyShape::Base { period: p0 };
        mutants.push(("a Base period changed", m));
    }
    // A base letter changed.
    let mut letter = tail.clone();
    letter.base_word[3] += 1;
    mutants.push(("a base letter changed", letter));

    for (i, (what, m)) in mutants.iter().enumerate() {
        let text = exported(m);
        let (ok, seconds, err) = compile(&dir, &format!("mutant{i}"), &text);
        eprintln!("mutant {i} ({what}): rejected = {}, {seconds:.2} s", !ok);
        assert!(!ok, "mutant {i} ({what}) compiles:\n{text}");
        // Coq and nimcheck agree: nimcheck refuses every mutant too.
        assert!(!nimcheck_accepts(m), "nimcheck accepts mutant {i} ({what})");
        // Rejected by a checker's `false`, not by a slip of the file.
        assert!(
            err.contains("Unable to unify \"true\" with \"false\""),
            "mutant {i} ({what}) fails otherwise:\n{err}"
        );
    }
}

#[test]
fn certificates_round_trip_through_the_exporter() {
    // The exporter reads what `derive` writes, through the RON text.
    let c = certificate(claim(2, 5, 3));
    let text = ron::ser::to_string(&c).unwrap();
    let back: Certificate = coq::parse(&text).unwrap();
    assert!(matches!(back.claim, Claim::Family(_)));
    assert!(matches!(coq::export(&back, "x.ron"), Export::Coq(_)));
}
