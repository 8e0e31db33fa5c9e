//! The Coq checker of `Octal` and `OctalPeriodic` claims
//! (formal/theories/Octal.v, OctalCheck.v) and `nimcert export coq` for
//! them (src/export/octal.rs, docs/FORMAL.md, "Octal games").
//!
//! - The exporter's bound is the Coq checker's (`OCTAL_COQ_BOUND` and
//!   `octal_bound`).
//! - What the export writes for a certificate of each kind, skips and
//!   refuses.
//! - Agreement (ignored by default: it needs `coqc`; run it with
//!   `cargo test --test formal_octal -- --ignored`): nimcheck and the Coq
//!   checker judge every octal certificate of certificates/ within the
//!   bound (valid and invalid) and mutants of them, and agree on every one;
//!   likewise for certificates of codes with three-heap splits (bit 8),
//!   which the corpus lacks, written at test time by `nimcert certify`.

mod formal_common;

use formal_common::{nimcheck, ron_files, root};
use nimcert::check::format::{
    Certificate, Claim, OctalClaim, OctalPeriodicClaim, PeriodWitness, SparseHint,
};
use nimcert::export::coq::{self, Export};
use nimcert::export::octal::{self, OCTAL_COQ_BOUND, OCTAL_COQ_BOUND_THREE, VERDICT_PRELUDE};
use std::path::Path;
use std::process::Command;

fn read(relative: &str) -> Certificate {
    let text = std::fs::read_to_string(root().join(relative)).unwrap();
    coq::parse(&text).unwrap()
}

fn exported(certificate: &Certificate) -> String {
    match coq::export(certificate, "x.ron") {
        Export::Coq(text) => text,
        other => panic!("not exported: {other:?}"),
    }
}

#[test]
fn exporter_bound_is_the_coq_bound() {
    let text = std::fs::read_to_string(root().join("formal/theories/OctalCheck.v")).unwrap();
    let line = format!("Definition octal_bound : N := {OCTAL_COQ_BOUND}.");
    assert!(text.contains(&line), "OctalCheck.v lacks `{line}`");
    let line = format!("Definition octal_bound_three : N := {OCTAL_COQ_BOUND_THREE}.");
    assert!(text.contains(&line), "OctalCheck.v lacks `{line}`");
}

#[test]
fn export_states_the_octal_claim() {
    let text = exported(&read("certificates/octal/0.51.ron"));
    assert!(text.contains("From Nimcert Require Import Octal OctalCheck."));
    assert!(text.contains("Definition code : list nat := [0; 5; 1]."));
    assert!(text.contains("Definition values : list N := [0; 1]%N."));
    assert!(text.contains("  o_values := Some values;\n"));
    assert!(text.contains("  o_preperiod_witness := (Some 0)%N;\n"));
    assert!(text.contains("Theorem octal_sequence : octal_claim code 1 1 (nats values)."));
    assert!(text.contains("  apply (check_octal_cert_sound certificate).\n"));
}

#[test]
fn export_states_the_octal_periodic_claim() {
    let Claim::Octal(c) = read("certificates/octal/0.77.ron").claim else {
        panic!("an Octal claim")
    };
    let certificate = periodic(&c, 5);
    let text = exported(&certificate);
    assert!(text.contains("Definition code : list nat := [0; 7; 7]."));
    assert!(!text.contains("Definition values"));
    assert!(text.contains("  o_values := None;\n"));
    assert!(text.contains("Theorem octal_periodic : octal_periodic_claim code 71 12."));
    assert!(text.contains("(values computed, none listed)"));
}

/// The `Octal` certificate of 4.8 (q = 1, p = 2), as `nimcert certify
/// --octal 4.8` writes it.
const FOUR_EIGHT: &str = "(format: 3, provenance: (tool: \"t\", method: Search(engine: \"e\")), claim: Octal((code: \"4.8\", preperiod: 1, period: 2, values: [0, 0, 1], period_witnesses: [(prime: 2, position: 1)], preperiod_witness: Some(0))))";

#[test]
fn export_states_three_heap_claims() {
    let text = exported(&coq::parse(FOUR_EIGHT).unwrap());
    assert!(text.contains("Definition code : list nat := [4; 8]."));
    assert!(text.contains("Theorem octal_sequence : octal_claim code 1 2 (nats values)."));
    assert!(text.contains("the octal game 4.8"));
}

#[test]
fn export_refuses_what_it_cannot_decide() {
    let with_code = |code: &str| {
        let mut certificate = read("certificates/octal/0.77.ron");
        if let Claim::Octal(c) = &mut certificate.claim {
            c.code = code.to_string();
        }
        coq::export(&certificate, "x")
    };
    // 0.77's q + p = 83 with a three-heap digit: L = 3·83 + 3 = 252, within
    // OCTAL_COQ_BOUND_THREE, but its triples are over the work bound.
    assert!(matches!(with_code("0.7f"), Export::Beyond(m) if m.contains("OCTAL_COQ_WORK")));
    let mut far = read("certificates/octal/0.77.ron");
    if let Claim::Octal(c) = &mut far.claim {
        c.code = "0.8".to_string();
        c.preperiod = 400;
    }
    assert!(
        matches!(coq::export(&far, "x"), Export::Beyond(m) if m.contains("is over 1024") && m.contains("octal_bound_three"))
    );
    assert!(matches!(with_code("0,77"), Export::Beyond(m) if m.contains("d0.d1…dt")));
    let long = read("certificates/octal/0.16.ron");
    assert!(
        matches!(coq::export(&long, "x"), Export::Beyond(m) if m.contains("(509623) is over 4096"))
    );
    // A long code within the bound on L, over the bound on the work.
    let long_code = format!("0.{}", "7".repeat(1000));
    assert!(matches!(with_code(&long_code), Export::Beyond(m) if m.contains("OCTAL_COQ_WORK")));
}

// ---------------------------------------------------------------------
// Agreement of nimcheck and the Coq checker.

/// The `OctalPeriodic` claim (format 5) of an `Octal` claim.
fn periodic(c: &OctalClaim, format: u32) -> Certificate {
    let text = format!(
        "(format: {format}, provenance: (tool: \"t\", method: Search(engine: \"e\")), claim: OctalPeriodic((code: \"\", preperiod: 0, period: 1, period_witnesses: [], preperiod_witness: None)))"
    );
    let mut certificate = coq::parse(&text).unwrap();
    certificate.claim = Claim::OctalPeriodic(OctalPeriodicClaim {
        code: c.code.clone(),
        preperiod: c.preperiod,
        period: c.period,
        period_witnesses: c.period_witnesses.clone(),
        preperiod_witness: c.preperiod_witness,
        sparse: c.sparse,
    });
    certificate
}

/// A small deterministic generator (xorshift64*), so that a failure names a
/// mutant that can be made again.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n.max(1)
    }

    /// n ± 1 (never below 0).
    fn bump(&mut self, n: u64) -> u64 {
        if n > 0 && self.below(2) == 0 {
            n - 1
        } else {
            n + 1
        }
    }
}

/// Whether the export writes the certificate as a Coq file.
fn exports(certificate: &Certificate) -> bool {
    matches!(
        &certificate.claim,
        Claim::Octal(_) | Claim::OctalPeriodic(_)
    ) && matches!(coq::export(certificate, ""), Export::Coq(_))
}

/// The octal certificates of certificates/ and corpus/invalid/ that parse
/// and that the export writes.
fn corpus() -> Vec<(String, Certificate)> {
    let mut files = Vec::new();
    // The valid corpus and the wrong certificates (corpus/invalid/).
    ron_files(&root().join("certificates"), &mut files);
    ron_files(&root().join("corpus/invalid"), &mut files);
    files.sort();
    let mut out = Vec::new();
    for path in files {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let Ok(certificate) = coq::parse(&text) else {
            continue;
        };
        if exports(&certificate) {
            let name = path.strip_prefix(root()).unwrap().display().to_string();
            out.push((name, certificate));
        }
    }
    out
}

fn mutate_witnesses(w: &mut Vec<PeriodWitness>, bound: u64, rng: &mut Rng) -> &'static str {
    if w.is_empty() {
        w.push(PeriodWitness {
            prime: 2,
            position: 0,
        });
        return "witness added";
    }
    let i = rng.below(w.len() as u64) as usize;
    match rng.below(3) {
        0 => {
            w[i].position = rng.below(bound + 3);
            "witness position changed"
        }
        1 => {
            w[i].prime = rng.bump(w[i].prime);
            "witness prime changed"
        }
        _ => {
            w.remove(i);
            "witness removed"
        }
    }
}

/// Whether a code has a hexadecimal digit 8–F (three-heap splits for
/// some of them, or d0 = 8 or C).
fn hexadecimal(code: &str) -> bool {
    code.chars()
        .any(|c| c.is_ascii_hexdigit() && c.to_digit(16).unwrap_or(0) >= 8)
}

/// The code with one digit after the point changed (kept 0–7 for an
/// octal code; 0–F for a hexadecimal one, whose d0 may also become 0, 4, 8
/// or C).
fn mutate_code(code: &mut String, rng: &mut Rng) -> &'static str {
    let mut chars: Vec<char> = code.chars().collect();
    let hex = hexadecimal(code);
    if hex && rng.below(4) == 0 {
        chars[0] = ['0', '4', '8', 'C'][rng.below(4) as usize];
        *code = chars.into_iter().collect();
        return "d0 changed";
    }
    let i = 2 + rng.below(chars.len().saturating_sub(2) as u64) as usize;
    let base = if hex { 16 } else { 8 };
    if let Some(c) = chars.get_mut(i) {
        *c = char::from_digit(rng.below(base) as u32, 16)
            .unwrap_or('0')
            .to_ascii_uppercase();
    }
    *code = chars.into_iter().collect();
    "a digit of the code changed"
}

fn mutate_octal(c: &mut OctalClaim, rng: &mut Rng) -> &'static str {
    let n = c.values.len() as u64;
    match rng.below(8) {
        0 | 1 if n > 0 => {
            let i = rng.below(n) as usize;
            c.values[i] = rng.bump(u64::from(c.values[i])) as u32;
            "one value changed"
        }
        2 => {
            c.period = rng.bump(c.period);
            "period changed"
        }
        3 => {
            c.preperiod = rng.bump(c.preperiod);
            "pre-period changed"
        }
        4 => {
            c.preperiod_witness = match c.preperiod_witness {
                None => Some(rng.below(3)),
                Some(w) if rng.below(2) == 0 => Some(w + 1),
                Some(_) => None,
            };
            "pre-period witness changed"
        }
        5 => mutate_code(&mut c.code, rng),
        6 => {
            c.sparse = Some(SparseHint {
                mask: rng.below(4) as u32,
                position_parity: Some(rng.below(3) as u32),
            });
            "sparse hint set"
        }
        _ => mutate_witnesses(&mut c.period_witnesses, c.preperiod + c.period, rng),
    }
}

fn mutate_periodic(c: &mut OctalPeriodicClaim, rng: &mut Rng) -> &'static str {
    match rng.below(5) {
        0 => {
            c.period = rng.bump(c.period);
            "period changed"
        }
        1 => {
            c.preperiod = rng.bump(c.preperiod);
            "pre-period changed"
        }
        2 => mutate_code(&mut c.code, rng),
        _ => mutate_witnesses(&mut c.period_witnesses, c.preperiod + c.period, rng),
    }
}

/// The Coq checker's verdicts (0 accepted, 1 rejected, 3 beyond its
/// bound), by one `coqc` on a file of one `Eval vm_compute` each.
fn coq_verdicts(cases: &[(String, Certificate)], dir: &Path) -> Vec<u8> {
    let mut text = String::from(VERDICT_PRELUDE);
    for (i, (_, certificate)) in cases.iter().enumerate() {
        let term = octal::verdict_term(&certificate.claim).expect("an octal claim");
        text += &format!("Eval vm_compute in ({i}, {term}).\n");
    }
    let file = dir.join("octal_verdicts.v");
    std::fs::write(&file, text).unwrap();
    let run = Command::new("coqc")
        .arg("-Q")
        .arg(root().join("formal/theories"))
        .arg("Nimcert")
        .arg(&file)
        .output()
        .expect("coqc runs");
    assert!(
        run.status.success(),
        "coqc: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    let mut verdicts = vec![u8::MAX; cases.len()];
    // Each answer prints as `     = (17, 0)`.
    for line in String::from_utf8_lossy(&run.stdout).lines() {
        let Some(pair) = line.trim().strip_prefix("= (") else {
            continue;
        };
        let (i, v) = pair.trim_end_matches(')').split_once(", ").expect("a pair");
        verdicts[i.parse::<usize>().unwrap()] = v.parse().unwrap();
    }
    verdicts
}

/// Small codes with three-heap splits (a digit with bit 8), d0 = 0 and 4,
/// whose nim-sequences `nimcert certify` finds periodic with small q + p
/// (at most 6, so L = 3(q + p) + t + 1 ≤ 21): certificates/ has none that
/// the export writes (invalid/octal-code-hex.ron, 0.7f with q + p = 83, is
/// over the work bound). The ones of codes tried with `--max-n 1000` that
/// were periodic: 0.8, 0.C, 8.0, C.0, 0.18, 0.48 and others were not.
const THREE_HEAP_CODES: [&str; 8] = ["0.B", "0.F", "4.8", "4.B", "0.A2", "0.A7", "0.B1", "0.F1"];

/// Rounds of mutants of each three-heap original (16 originals: the 8
/// `Octal` certificates and their `OctalPeriodic` forms). Their L is at
/// most ~25 (a mutant may change q or p by one), so each costs
/// milliseconds in Coq and nimcheck; 6 rounds (96 mutants) add about 2 s
/// to the test, mostly the 8 `nimcert certify` runs.
const THREE_HEAP_ROUNDS: usize = 6;

/// The `Octal` certificates of [`THREE_HEAP_CODES`], written by `nimcert
/// certify --octal`.
fn three_heap_certificates() -> Vec<(String, Certificate)> {
    THREE_HEAP_CODES
        .iter()
        .map(|code| {
            let out = Command::new(env!("CARGO_BIN_EXE_nimcert"))
                .args(["certify", "--octal", code, "--max-n", "1000"])
                .output()
                .expect("nimcert runs");
            assert!(out.status.success(), "nimcert certify --octal {code}");
            let text = String::from_utf8(out.stdout).unwrap();
            let certificate = coq::parse(&text).unwrap();
            assert!(exports(&certificate), "{code} is not exported");
            (format!("certify --octal {code}"), certificate)
        })
        .collect()
}

/// Named certificates.
type Cases = Vec<(String, Certificate)>;

/// The corpus or three-heap originals, their `OctalPeriodic` forms, and
/// `rounds` mutants of each (those the export writes).
fn with_mutants(originals: Cases, rounds: usize, rng: &mut Rng) -> (Cases, Cases) {
    let mut cases = originals.clone();
    // Each valid Octal certificate also as the OctalPeriodic claim it implies.
    for (name, certificate) in &originals {
        if let Claim::Octal(c) = &certificate.claim {
            cases.push((format!("{name} as OctalPeriodic"), periodic(c, 5)));
        }
    }
    let mut mutants = Vec::new();
    for round in 0..rounds {
        for (name, certificate) in &cases {
            let mut mutant = certificate.clone();
            let what = match &mut mutant.claim {
                Claim::Octal(c) => mutate_octal(c, rng),
                Claim::OctalPeriodic(c) => mutate_periodic(c, rng),
                _ => unreachable!(),
            };
            if exports(&mutant) {
                mutants.push((format!("{name}, mutant {round}: {what}"), mutant));
            }
        }
    }
    (cases, mutants)
}

/// nimcheck, Coq (coqc on the exported verdict terms) and the extracted
/// judge give the same verdict on every octal case nimcheck decides.
#[test]
#[ignore = "needs coqc and ocamlopt (`make -C formal/judge`); .ci/run runs it"]
fn nimcheck_coq_and_the_judge_agree_on_octal_certificates_and_mutants() {
    formal_common::make("formal/judge");
    let corpus = corpus();
    assert!(
        corpus.len() >= 25,
        "only {} octal corpus certificates",
        corpus.len()
    );
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let (originals, mutants) = with_mutants(corpus, 12, &mut rng);
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let (three, three_mutants) =
        with_mutants(three_heap_certificates(), THREE_HEAP_ROUNDS, &mut rng);
    // Categories: 0 corpus originals, 1 their mutants, 2 three-heap
    // originals, 3 their mutants.
    let sizes = [
        originals.len(),
        mutants.len(),
        three.len(),
        three_mutants.len(),
    ];
    let cases: Vec<(usize, (String, Certificate))> = [originals, mutants, three, three_mutants]
        .into_iter()
        .enumerate()
        .flat_map(|(kind, cases)| cases.into_iter().map(move |case| (kind, case)))
        .collect();
    let total = cases.len();
    // Only what nimcheck decides is compared (a code over --max-moves, say,
    // is left out).
    let mut decided = Vec::new();
    let mut ours = Vec::new();
    for (kind, case) in cases {
        let verdict = nimcheck(&case.1);
        if verdict < 2 {
            decided.push((kind, case));
            ours.push(verdict);
        }
    }
    let undecided = total - decided.len();
    let dir = formal_common::scratch("formal-octal");
    let judged: Vec<(String, Certificate)> = decided.iter().map(|(_, c)| c.clone()).collect();
    let coq = coq_verdicts(&judged, &dir);
    // The extracted judge on the same cases (formal/judge/nimjudge, built
    // above): the Coq checker run as OCaml; it skips (3) only a three-heap
    // code with q + p over its reader's bound, which no case here has.
    let judge = formal_common::judge(&judged, &dir);
    let _ = std::fs::remove_dir_all(&dir);
    for (((_, (name, _)), &ours), &theirs) in decided.iter().zip(&ours).zip(&judge) {
        assert_eq!(
            ours, theirs,
            "nimcheck says {ours}, the extracted judge says {theirs} on {name}"
        );
    }
    let mut counts = [[0usize; 2]; 4]; // [category][verdict]
    for (((kind, (name, _)), &ours), &coq) in decided.iter().zip(&ours).zip(&coq) {
        assert_eq!(ours, coq, "nimcheck says {ours}, Coq says {coq} on {name}");
        counts[*kind][usize::from(ours)] += 1;
    }
    eprintln!(
        "octal agreement: {} originals: {} accepted, {} rejected; {} mutants: {} accepted, {} rejected; \
         three-heap: {} originals: {} accepted, {} rejected; {} mutants: {} accepted, {} rejected; \
         {undecided} not decided by nimcheck (left out)",
        sizes[0],
        counts[0][0],
        counts[0][1],
        sizes[1],
        counts[1][0],
        counts[1][1],
        sizes[2],
        counts[2][0],
        counts[2][1],
        sizes[3],
        counts[3][0],
        counts[3][1],
    );
    assert!(counts[1][0] >= 10 && counts[1][1] >= 200, "{counts:?}");
    assert_eq!(
        counts[2],
        [sizes[2], 0],
        "every three-heap original accepted"
    );
    assert!(counts[3][0] >= 5 && counts[3][1] >= 40, "{counts:?}");
}
