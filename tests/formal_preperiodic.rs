//! `PrePeriodicFamily` certificates as Coq proofs for every k ≥ k0
//! (formal/theories/PrePeriodic.v, src/export/preperiodic_coq.rs,
//! docs/FORMAL.md, "Pre-periodic families").
//!
//! - What the export writes, and what it refuses.
//! - Compilation (ignored by default: it needs `coqc`; run it with
//!   `cargo test --test formal_preperiodic -- --ignored --nocapture`): the
//!   seven shipped certificates of certificates/preperiodic/ are exported
//!   and compile, and so do two true variants that take the path without a
//!   marker (the marker dropped; the period written twice over, a period
//!   that is not the least). Mutants must not compile: every letter of
//!   every word of 2-5-0 changed in turn, every block offset ±1 (the stated
//!   length following, so the claim stays well formed; and once not
//!   following), k0 lowered by one for every certificate, a one-letter
//!   marker that occurs more than once, and a pre-period one letter longer
//!   (the period rotated: G_S = E_k still holds, but q is not least). Each
//!   file compiles exactly when nimcheck accepts the claim, and a mutant
//!   fails on a checker's `false` (`Unable to unify "true" with "false"`),
//!   not on a slip of the file. So do the wrong claims of
//!   corpus/invalid/preperiodic-*.ron that the export writes (the others
//!   are refused before: beyond its bounds, or not a certificate).

mod formal_common;

use formal_common::{make, nimcheck, root, scratch};
use nimcert::check::format::{Block, Certificate, Claim, PrePeriodicFamilyClaim};
use nimcert::export::coq::{self, Export};
use nimcert::subtraction::preperiodic::certificate;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// The shipped certificates, by file name.
fn shipped() -> Vec<(String, PrePeriodicFamilyClaim)> {
    let dir = root().join("certificates/preperiodic");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap();
            let Claim::PrePeriodicFamily(claim) = coq::parse(&text).unwrap().claim else {
                panic!("{} is not a PrePeriodicFamily", path.display())
            };
            let name = path
                .file_stem()
                .unwrap()
                .to_string_lossy()
                .replace('-', "_");
            (format!("pp_{name}"), claim)
        })
        .collect()
}

fn find(name: &str) -> PrePeriodicFamilyClaim {
    shipped()
        .into_iter()
        .find(|(n, _)| n == name)
        .unwrap_or_else(|| panic!("{name} not shipped"))
        .1
}

fn exported(claim: &PrePeriodicFamilyClaim) -> String {
    match coq::export(&certificate(claim.clone()), "pp.ron") {
        Export::Coq(text) => text,
        other => panic!("not exported: {other:?}"),
    }
}

#[test]
fn export_writes_the_statement_for_every_k() {
    let text = exported(&find("pp_2_5_0"));
    for part in [
        "From Nimcert Require Import Mex Subtraction Period PrePeriodic.",
        "Block [1; 0; 0; 1; 1; 0; 2] 7 (-5)%Z;",
        "Definition q (k : nat) : nat := 7 * k + 8.",
        "Definition p (k : nat) : nat := 7 * k + 2.",
        "if x <? q k then letter pre k x else letter per k ((x - q k) mod p k).",
        "Lemma R_check : chk_R 2 5 7 0 2 pre per 7 8%Z 7 2%Z 2 4 7 = true.",
        "Lemma L_check : chk_L 2 per marker 4 7 = true.",
        "Theorem preperiodic : forall k, 2 <= k -> let c := 7 * k + 0 in",
        "(forall x, G [2; 5; c] x = E k x) /\\ 0 < q k /\\",
        "least_preperiod (G [2; 5; c]) (q k) (p k) /\\",
        "(forall q' e, 0 < e -> period_from (G [2; 5; c]) q' e -> q k <= q')",
        "chk_RL_sound",
    ] {
        assert!(text.contains(part), "{part} missing from\n{text}");
    }
    // A constant period (3-5-1: p = 2) and a negative offset of q.
    let text = exported(&find("pp_3_5_1"));
    assert!(text.contains("Definition q (k : nat) : nat := 16 * k - 2."));
    assert!(text.contains("Definition p (k : nat) : nat := 2."));
    assert!(text.contains("the constant period over p + c letters"));
    // Without a marker: the theorem without least_preperiod.
    let mut none = find("pp_2_5_0");
    none.marker = None;
    let text = exported(&none);
    assert!(text.contains("chk_R_sound") && !text.contains("chk_L"));
    assert!(text.contains("0 < p k /\\ period_from (G [2; 5; c]) (q k) (p k) /\\"));
    for part in ["Admitted", "Axiom", "Parameter", "Hypothesis"] {
        assert!(!text.contains(part));
    }
}

#[test]
fn export_refuses_unary_numbers_too_large() {
    let mut far = find("pp_2_5_0");
    far.from_k = 1 << 20;
    assert!(matches!(
        coq::export(&certificate(far), "far.ron"),
        Export::Beyond(_)
    ));
    let mut letter = find("pp_2_5_0");
    letter.period[0].word[0] = 5000;
    assert!(matches!(
        coq::export(&certificate(letter), "letter.ron"),
        Export::Beyond(m) if m.contains("a letter (5000)")
    ));
}

#[test]
fn certificates_round_trip_through_the_exporter() {
    let text = ron::ser::to_string(&certificate(find("pp_5_12_3"))).unwrap();
    let back: Certificate = coq::parse(&text).unwrap();
    assert!(matches!(back.claim, Claim::PrePeriodicFamily(_)));
    assert!(matches!(coq::export(&back, "x.ron"), Export::Coq(_)));
}

/// Compiles `text` as `name`.v in `dir`: success, seconds, and stderr.
fn compile(dir: &Path, name: &str, text: &str) -> (bool, f64, String) {
    let file = dir.join(format!("{name}.v"));
    std::fs::write(&file, text).unwrap();
    let start = Instant::now();
    // In `dir`: lia's cache (.lia.cache) is written there, not in the
    // repository.
    let run = Command::new("coqc")
        .current_dir(dir)
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

fn accepted(claim: &PrePeriodicFamilyClaim) -> bool {
    nimcheck(&certificate(claim.clone())) == 0
}

/// The claim with block `j` of the list (pre-period first) changed by `f`,
/// the stated lengths following when `follow`.
fn with_block(
    claim: &PrePeriodicFamilyClaim,
    j: usize,
    follow: bool,
    f: impl Fn(&mut Block),
) -> PrePeriodicFamilyClaim {
    let mut m = claim.clone();
    let n = m.preperiod.len();
    let (block, stated) = if j < n {
        (&mut m.preperiod[j], &mut m.preperiod_length)
    } else {
        (&mut m.period[j - n], &mut m.period_length)
    };
    let before = block.length;
    f(block);
    if follow {
        stated.slope = stated.slope + block.length.slope - before.slope;
        stated.offset += block.length.offset - before.offset;
    }
    m
}

/// The cyclic period at k0, letter by letter.
fn period_at_k0(claim: &PrePeriodicFamilyClaim) -> Vec<u32> {
    let k = claim.from_k as i64;
    claim
        .period
        .iter()
        .flat_map(|b| {
            let n = (b.length.slope as i64 * k + b.length.offset).max(0) as usize;
            (0..n).map(move |t| b.word[t % b.word.len()])
        })
        .collect()
}

/// The mutants: (what, claim).
fn mutants() -> Vec<(String, PrePeriodicFamilyClaim)> {
    let mut out = Vec::new();
    let base = find("pp_2_5_0");
    let blocks = base.preperiod.len() + base.period.len();
    // Every letter of every word of 2-5-0 changed in turn.
    for j in 0..blocks {
        let len = if j < base.preperiod.len() {
            base.preperiod[j].word.len()
        } else {
            base.period[j - base.preperiod.len()].word.len()
        };
        for t in 0..len {
            out.push((
                format!("2-5-0: letter {t} of block {j} changed"),
                with_block(&base, j, false, |b| {
                    b.word[t] = if b.word[t] == 0 { 1 } else { b.word[t] - 1 }
                }),
            ));
        }
    }
    // Every block offset ±1, the stated length following; once not.
    for j in 0..blocks {
        for d in [-1, 1] {
            out.push((
                format!("2-5-0: offset of block {j} {d:+}"),
                with_block(&base, j, true, |b| b.length.offset += d),
            ));
        }
    }
    out.push((
        "2-5-0: offset of block 0 + 1, the stated q not following".to_string(),
        with_block(&base, 0, false, |b| b.length.offset += 1),
    ));
    // k0 lowered by one, for every shipped certificate.
    for (name, claim) in shipped() {
        let mut m = claim.clone();
        m.from_k = m.from_k.saturating_sub(1);
        if m.from_k < claim.from_k {
            out.push((format!("{name}: k0 lowered"), m));
        }
    }
    // A one-letter marker that occurs more than once (where there is one).
    for (name, claim) in shipped() {
        if claim.marker.is_none() || name == "pp_2_29_0" {
            continue;
        }
        let period = period_at_k0(&claim);
        let most = (0..=*period.iter().max().unwrap())
            .max_by_key(|&v| period.iter().filter(|&&x| x == v).count())
            .unwrap();
        if period.iter().filter(|&&x| x == most).count() >= 2 {
            let mut m = claim.clone();
            m.marker = Some(vec![most]);
            out.push((format!("{name}: a marker that occurs twice"), m));
        }
    }
    // The pre-period one letter longer: the period's first letter moved to
    // the pre-period's end and to the period's end (the first block rotated
    // and one shorter). G_S = E_k still, but q is not least (Rule W).
    let mut longer = base.clone();
    let first = longer.period[0].clone();
    let letter = first.word[0];
    let mut rotated = first.word.clone();
    rotated.rotate_left(1);
    longer.period[0].word = rotated;
    longer.period[0].length.offset -= 1;
    let one = Block {
        word: vec![letter],
        length: nimcert::check::format::Affine {
            slope: 0,
            offset: 1,
        },
    };
    longer.period.push(one.clone());
    longer.preperiod.push(one);
    longer.preperiod_length.offset += 1;
    out.push(("2-5-0: q one letter longer".to_string(), longer));
    out
}

/// Compiles every (name, text) two at a time (CI has two cores): success,
/// seconds and stderr of each, in order.
fn compile_all(dir: &Path, files: &[(String, String)]) -> Vec<(bool, f64, String)> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;
    let next = AtomicUsize::new(0);
    let results = Mutex::new(vec![None; files.len()]);
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some((name, text)) = files.get(i) else {
                    break;
                };
                let result = compile(dir, name, text);
                results.lock().unwrap()[i] = Some(result);
            });
        }
    });
    results
        .into_inner()
        .unwrap()
        .into_iter()
        .map(|r| r.expect("compiled"))
        .collect()
}

#[test]
#[ignore = "needs coqc and formal/ built (`make -C formal`); .ci/run runs it"]
fn certificates_compile_and_their_mutants_do_not() {
    make("formal");
    let dir = scratch("formal-preperiodic");
    let start = Instant::now();
    let mut cases = shipped();
    // Two true claims that take the path without a marker.
    let mut dropped = find("pp_2_5_0");
    dropped.marker = None;
    cases.push(("pp_2_5_0_no_marker".to_string(), dropped));
    let mut twice = find("pp_5_12_3");
    twice.marker = None;
    twice.period = [twice.period.clone(), twice.period.clone()].concat();
    twice.period_length.slope *= 2;
    twice.period_length.offset *= 2;
    cases.push(("pp_5_12_3_period_twice".to_string(), twice));
    for (name, claim) in &cases {
        assert!(accepted(claim), "nimcheck refuses {name}");
    }
    let files: Vec<(String, String)> = cases
        .iter()
        .map(|(name, claim)| (name.clone(), exported(claim)))
        .collect();
    let mut total = 0.0;
    for ((name, claim), (ok, seconds, err)) in cases.iter().zip(compile_all(&dir, &files)) {
        assert!(ok, "{name} does not compile:\n{err}");
        total += seconds;
        eprintln!("{name}: k0 = {}, {seconds:.2} s", claim.from_k);
    }
    eprintln!("{} certificates, {total:.1} s of coqc", cases.len());

    let mut mutants = mutants();
    // The wrong claims of the invalid corpus, as far as they are exported.
    let mut invalid = Vec::new();
    std::fs::read_dir(root().join("corpus/invalid"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.starts_with("preperiodic-") && name.ends_with(".ron")
        })
        .for_each(|p| invalid.push(p));
    invalid.sort();
    let mut corpus_cases = 0;
    for path in &invalid {
        let text = std::fs::read_to_string(path).unwrap();
        let Ok(parsed) = coq::parse(&text) else {
            continue;
        };
        let Claim::PrePeriodicFamily(claim) = parsed.claim else {
            continue;
        };
        if matches!(coq::export(&certificate(claim.clone()), ""), Export::Coq(_)) {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            mutants.push((format!("corpus/invalid/{name}"), claim));
            corpus_cases += 1;
        }
    }
    assert!(
        corpus_cases >= 10,
        "{corpus_cases} invalid corpus claims exported"
    );
    let files: Vec<(String, String)> = mutants
        .iter()
        .enumerate()
        .map(
            |(i, (what, m))| match coq::export(&certificate(m.clone()), "mutant.ron") {
                Export::Coq(text) => (format!("mutant{i}"), text),
                other => panic!("mutant {i} ({what}) not exported: {other:?}"),
            },
        )
        .collect();
    let mut refused = 0;
    let mut seconds_all = 0.0;
    for (i, ((what, m), (ok, seconds, err))) in
        mutants.iter().zip(compile_all(&dir, &files)).enumerate()
    {
        seconds_all += seconds;
        // Coq and nimcheck agree on every mutant.
        assert_eq!(
            ok,
            accepted(m),
            "mutant {i} ({what}): coqc {ok}, nimcheck the other way:\n{err}"
        );
        if ok {
            eprintln!("mutant {i} ({what}): a true claim, accepted by both");
            continue;
        }
        // Refused by a checker's `false`, not by a slip of the file.
        assert!(
            err.contains("Unable to unify \"true\" with \"false\""),
            "mutant {i} ({what}) fails otherwise:\n{err}"
        );
        refused += 1;
        eprintln!("mutant {i} ({what}): refused, {seconds:.2} s");
    }
    eprintln!(
        "{refused} of {} mutants refused by Coq and nimcheck, {seconds_all:.1} s of coqc; {:.1} s in all",
        mutants.len(),
        start.elapsed().as_secs_f64()
    );
    // Every mutant here is false (nimcheck refuses each, checked above).
    assert_eq!(refused, mutants.len());
    assert!(refused >= 50, "only {refused} mutants");
}
