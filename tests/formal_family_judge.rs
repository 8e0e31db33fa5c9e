//! The extracted judge on family certificates (formal/theories/FamilyJudge.v,
//! docs/FORMAL.md, "The extracted judge"): both shapes that claim a result
//! for every c of a residue class, `Family` (purely periodic) and
//! `PrePeriodicFamily` (not purely periodic).
//!
//! Ignored by default (it needs `coqc` and `ocamlopt`; `.ci/run` runs it):
//!
//! - every certificate `nimcert family --classify` writes for the bases
//!   b ≤ 10 (both shapes, and the `PeriodicTable` of the members below k0)
//!   is accepted by the judge, as by nimcheck;
//! - the shipped family certificates and that set are mutated (a letter, a
//!   block's length with q or p following, k0, the period, the marker, ρ),
//!   and nimcheck and the judge give every mutant nimcheck decides the same
//!   verdict; the mutants must include hundreds of false claims and some
//!   true ones, so that agreement means something both ways.
//!
//! - no family certificate of corpus/invalid/ is accepted.
//!
//! The whole set of b ≤ 30 is the documented command `scripts/judge-families`
//! (about two minutes), not a test.

mod formal_common;

use formal_common::{nimcheck, ron_files, root, scratch, Rng};
use nimcert::check::format::{
    Certificate, Claim, FamilyClaim, FamilyShape, PrePeriodicFamilyClaim,
};
use nimcert::export::coq;
use std::process::Command;

/// A letter changed: one up, or one down from a positive letter.
fn change(letter: &mut u32, rng: &mut Rng) {
    *letter = if *letter > 0 && rng.below(2) == 0 {
        *letter - 1
    } else {
        *letter + 1
    };
}

fn mutate_family(c: &mut FamilyClaim, rng: &mut Rng) -> &'static str {
    match rng.below(6) {
        0 => {
            let i = rng.below(c.base_word.len());
            change(&mut c.base_word[i], rng);
            "a letter of B changed"
        }
        1 => {
            c.from_k = c.from_k.saturating_sub(1);
            "k0 lowered"
        }
        2 => {
            c.rho = (c.rho + 1) % (c.a + c.b);
            "ρ changed (the words kept)"
        }
        _ => match &mut c.shape {
            FamilyShape::Base { period } => {
                *period = if rng.below(2) == 0 {
                    *period + 1
                } else {
                    period.saturating_sub(1)
                };
                "the period changed"
            }
            FamilyShape::Tail { tail, marker } => match rng.below(3) {
                0 => {
                    let i = rng.below(tail.len());
                    change(&mut tail[i], rng);
                    "a letter of the tail changed"
                }
                1 => {
                    marker.start += if rng.below(2) == 0 { 1 } else { -1 };
                    "the marker moved"
                }
                _ => {
                    marker.length = marker.length.saturating_sub(1).max(1);
                    "the marker shortened"
                }
            },
        },
    }
}

fn mutate_preperiodic(c: &mut PrePeriodicFamilyClaim, rng: &mut Rng) -> &'static str {
    let blocks = c.preperiod.len() + c.period.len();
    let j = rng.below(blocks);
    let in_pre = j < c.preperiod.len();
    match rng.below(6) {
        0 | 1 => {
            let block = if in_pre {
                &mut c.preperiod[j]
            } else {
                &mut c.period[j - c.preperiod.len()]
            };
            let t = rng.below(block.word.len());
            change(&mut block.word[t], rng);
            "a letter of a block changed"
        }
        2 => {
            // A block one letter longer or shorter, q or p following.
            let d = if rng.below(2) == 0 { 1 } else { -1 };
            if in_pre {
                c.preperiod[j].length.offset += d;
                c.preperiod_length.offset += d;
            } else {
                c.period[j - c.preperiod.len()].length.offset += d;
                c.period_length.offset += d;
            }
            "a block's length changed, q or p following"
        }
        3 => {
            c.from_k = c.from_k.saturating_sub(1);
            "k0 lowered"
        }
        4 => match &mut c.marker {
            Some(w) if rng.below(2) == 0 => {
                let t = rng.below(w.len());
                change(&mut w[t], rng);
                "a letter of the marker changed"
            }
            Some(w) => {
                w.truncate(1);
                "the marker cut to one letter"
            }
            None => {
                c.from_k += 1;
                "k0 raised"
            }
        },
        _ => {
            c.marker = None;
            "the marker dropped (a weaker claim)"
        }
    }
}

/// Every certificate of the folders, by path.
fn certificates(dirs: &[std::path::PathBuf]) -> Vec<(String, Certificate)> {
    let mut files = Vec::new();
    for dir in dirs {
        ron_files(dir, &mut files);
    }
    files.sort();
    files
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(path).unwrap();
            let certificate = coq::parse(&text).expect("a certificate");
            (path.display().to_string(), certificate)
        })
        .collect()
}

#[test]
#[ignore = "needs coqc and ocamlopt (`make -C formal/judge`); .ci/run runs it"]
fn the_judge_accepts_classified_bases_and_agrees_with_nimcheck_on_mutants() {
    formal_common::make("formal/judge");
    let dir = scratch("family-judge");
    let classified = dir.join("classified");
    let run = Command::new(env!("CARGO_BIN_EXE_nimcert"))
        .args(["family", "--classify", "--a", "1..=9", "--b", "..=10", "-o"])
        .arg(&classified)
        .current_dir(root())
        .output()
        .expect("nimcert runs");
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let mut originals = certificates(&[
        classified,
        root().join("certificates/family"),
        root().join("certificates/preperiodic"),
    ]);
    let kinds = |list: &[(String, Certificate)], kind: &str| {
        list.iter().filter(|(_, c)| c.claim.kind() == kind).count()
    };
    assert!(
        kinds(&originals, "Family") >= 300 && kinds(&originals, "PrePeriodicFamily") >= 50,
        "{} Family, {} PrePeriodicFamily",
        kinds(&originals, "Family"),
        kinds(&originals, "PrePeriodicFamily")
    );
    // Every original: accepted by both.
    let verdicts = formal_common::judge(&originals, &dir);
    for ((name, certificate), verdict) in originals.iter().zip(&verdicts) {
        assert_eq!(nimcheck(certificate), 0, "nimcheck refuses {name}");
        assert_eq!(*verdict, 0, "the judge does not accept {name}");
    }
    // Mutants of the family claims, two each.
    originals.retain(|(_, c)| matches!(c.claim, Claim::Family(_) | Claim::PrePeriodicFamily(_)));
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut mutants = Vec::new();
    for round in 0..2 {
        for (name, certificate) in &originals {
            let mut mutant = certificate.clone();
            let what = match &mut mutant.claim {
                Claim::Family(c) => mutate_family(c, &mut rng),
                Claim::PrePeriodicFamily(c) => mutate_preperiodic(c, &mut rng),
                _ => unreachable!(),
            };
            if mutant != *certificate {
                mutants.push((format!("{name}, mutant {round}: {what}"), mutant));
            }
        }
    }
    // Only what nimcheck decides at its default limits is compared.
    let ours: Vec<u8> = mutants.iter().map(|(_, c)| nimcheck(c)).collect();
    let decided: Vec<(String, Certificate)> = mutants
        .iter()
        .zip(&ours)
        .filter(|(_, &v)| v < 2)
        .map(|(case, _)| case.clone())
        .collect();
    let ours: Vec<u8> = ours.into_iter().filter(|&v| v < 2).collect();
    let theirs = formal_common::judge(&decided, &dir);
    let mut counts = [0usize; 2];
    for (((name, _), &ours), &theirs) in decided.iter().zip(&ours).zip(&theirs) {
        assert_eq!(
            ours, theirs,
            "nimcheck says {ours}, the judge says {theirs} on {name}"
        );
        counts[usize::from(ours)] += 1;
    }
    // The invalid corpus's family certificates: none accepted.
    let mut invalid_files = Vec::new();
    ron_files(&root().join("corpus/invalid"), &mut invalid_files);
    invalid_files.sort();
    let invalid: Vec<(String, Certificate)> = invalid_files
        .iter()
        .filter_map(|path| {
            let certificate = coq::parse(&std::fs::read_to_string(path).ok()?).ok()?;
            matches!(
                certificate.claim,
                Claim::Family(_) | Claim::PrePeriodicFamily(_)
            )
            .then(|| (path.display().to_string(), certificate))
        })
        .collect();
    assert!(invalid.len() >= 10, "{} invalid", invalid.len());
    for ((name, _), verdict) in invalid.iter().zip(formal_common::judge(&invalid, &dir)) {
        assert!(
            verdict == 1 || verdict == 3,
            "the judge gives {verdict} on {name}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!(
        "family judge: {} originals accepted; {} mutants, {} decided by nimcheck: {} accepted, {} rejected, the judge agreeing on each",
        verdicts.len(),
        mutants.len(),
        decided.len(),
        counts[0],
        counts[1]
    );
    assert!(counts[0] >= 20 && counts[1] >= 500, "{counts:?}");
    assert!(
        decided.len() * 20 >= mutants.len() * 19,
        "too many undecided"
    );
}
