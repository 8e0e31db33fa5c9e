//! Paper A, classification: any three moves in any order and any gcd are
//! reduced by Lemma 5 and matched to the covering statement, whose
//! prediction is compared with the engine; the paper's finite check (§6,
//! published figures); formula-built certificates accepted by the checker;
//! the CLI section of `solve` and `certify --from formula`.

mod paper_a_common;

use nimcert::certify::formula::formula_certificates;
use nimcert::check::{check_certificate, Limits, Verdict};
use nimcert::engine::solve;
use nimcert::subtraction::angles::admissible;
use nimcert::subtraction::{classify, primitive_non_additive, Cover};
use paper_a_common::{naive, naive_pure_least_period};
use proptest::prelude::*;
use std::process::Command;

/// §6 (published figures): over primitive non-additive triples with
/// 2 ≤ a ≤ 8, a < b ≤ 40, b < c ≤ 100 there are 15,385 triples, 7,557
/// admissible, all purely periodic with least period the least admissible
/// candidate, and 7,828 not admissible, none purely periodic.
#[test]
fn a_conj52_finite_check_published_counts() {
    let (mut total, mut adm_count, mut non_adm) = (0, 0, 0);
    for t in primitive_non_additive(2..=8, 1..=40, 1..=100) {
        total += 1;
        let game = solve(&t.moves(), 1 << 24).unwrap();
        match admissible(&t.base(), t.rho()).least_candidate(t.candidates()) {
            Some(p) => {
                adm_count += 1;
                assert_eq!((game.qp.preperiod, game.qp.period), (0, p), "{t}");
            }
            None => {
                non_adm += 1;
                assert!(
                    game.qp.preperiod > 0,
                    "{t} is purely periodic but not admissible"
                );
            }
        }
    }
    assert_eq!((total, adm_count, non_adm), (15_385, 7_557, 7_828));
}

fn accepted(cert: &nimcert::check::format::Certificate) -> bool {
    matches!(
        check_certificate(cert, &Limits::default()),
        Verdict::Valid(_)
    )
}

/// Every covered triple of the finite-check range (and every additive one)
/// gets formula-built PSet and Sequence certificates that the checker
/// accepts.
#[test]
fn a_thm34_formula_certificates_accepted_finite_range() {
    let mut n = 0;
    for t in nimcert::subtraction::triples(2..=8, 1..=40, 1..=100) {
        let covered = t.is_primitive() && (t.is_additive() || admissible(&t.base(), t.rho()).any());
        if !covered {
            continue;
        }
        let certs = formula_certificates(&[t.a, t.b, t.c]).unwrap_or_else(|e| panic!("{t}: {e}"));
        assert!(accepted(&certs.pset), "{t}: P-set certificate rejected");
        assert!(
            accepted(&certs.sequence),
            "{t}: sequence certificate rejected"
        );
        n += 1;
    }
    assert!(n > 7_557);
}

/// The classification of any triple agrees with naive mex whenever a
/// statement covers it; gcd g and move order are arbitrary.
fn check_classification(moves: [u64; 3]) -> Result<(), TestCaseError> {
    let c = classify(&moves).unwrap();
    let largest = *moves.iter().max().unwrap();
    if let Some(p) = &c.prediction {
        let g = naive(&moves, 2 * p.period + largest);
        prop_assert!(
            naive_pure_least_period(&g, p.period, largest).is_ok(),
            "{:?} {:?}",
            moves,
            c.cover
        );
        prop_assert_eq!(&g[..p.period as usize], &p.values[..], "{:?}", moves);
        let zeros: Vec<u64> = (0..p.period).filter(|&x| g[x as usize] == 0).collect();
        prop_assert_eq!(&zeros, &p.p_positions);
        let certs = formula_certificates(&moves).unwrap();
        prop_assert!(accepted(&certs.pset) && accepted(&certs.sequence));
    } else {
        prop_assert_eq!(c.cover, Cover::Uncovered);
        prop_assert!(formula_certificates(&moves).is_err());
    }
    Ok(())
}

proptest! {

    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn a_classify_any_order_any_gcd_matches_mex(
        a in 1u64..=12, db in 1u64..=48, dc in 1u64..=140, g in 1u64..=3, order in 0usize..6,
    ) {
        let (b, c) = (a + db, a + db + dc);
        let s = [g * a, g * b, g * c];
        let perms = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
        let moves = perms[order].map(|i| s[i]);
        check_classification(moves)?;
    }
}

/// Edge families: c < a + b, b = 2a, b an odd or even multiple of a, a = 1,
/// non-primitive: every covered one agrees with naive mex.
#[test]
fn a_classify_edge_families() {
    let mut families: Vec<[u64; 3]> = Vec::new();
    for a in 1..=10u64 {
        for c in 2 * a + 1..3 * a {
            families.push([a, 2 * a, c]); // b = 2a, c < a + b
        }
        for k in 3..=6u64 {
            for c in (k * a + 1..=k * a + 3 * (k + 1) * a).step_by(1 + a as usize) {
                families.push([a, k * a, c]); // odd and even multiples
            }
        }
        families.push([2 * a, 14 * a, 18 * a]);
    }
    for moves in families {
        check_classification(moves).unwrap_or_else(|e| panic!("{moves:?}: {e}"));
    }
}

fn nimcert_bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_nimcert"))
}

#[test]
fn a_cli_solve_json_has_classification_keys() {
    let out = nimcert_bin()
        .args(["solve", "26,6,16", "--format", "json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let moves = [6, 16, 26];
    let c = classify(&moves).unwrap();
    assert_eq!(json["gcd"], c.g);
    assert_eq!(json["rho"], c.rho);
    assert_eq!(json["admissible"]["c_plus_a"], c.admissible.c_plus_a);
    assert_eq!(json["covered_by"], c.cover.id().unwrap());
    assert_eq!(
        json["predicted_period"],
        c.prediction.as_ref().unwrap().period
    );
    assert_eq!(json["agrees"], true);
    let four = nimcert_bin()
        .args(["solve", "1,2,3,4", "--format", "json"])
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&four.stdout).unwrap();
    assert!(json["covered_by"].is_null() && json["agrees"].is_null());
}

#[test]
fn a_cli_certify_from_formula_writes_two_accepted_certificates() {
    let dir = std::env::temp_dir().join(format!("nimcert-paper-a-{}", std::process::id()));
    let out = nimcert_bin()
        .args(["certify", "3,8,13", "--from", "formula", "-o"])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for kind in ["pset", "sequence"] {
        let bytes = std::fs::read(dir.join(format!("3-8-13.{kind}.ron"))).unwrap();
        let verdict = nimcert::check::check_bytes(&bytes, &Limits::default());
        assert!(matches!(verdict, Verdict::Valid(_)), "{kind}: {verdict:?}");
        assert!(String::from_utf8_lossy(&bytes).contains("A.Table1.row3"));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// An uncovered triple gets search certificates whose provenance says so.
#[test]
fn a_cli_certify_from_formula_uncovered_falls_back_to_search() {
    let t = primitive_non_additive(2..=8, 1..=40, 1..=100)
        .find(|t| classify(&[t.a, t.b, t.c]).unwrap().cover == Cover::Uncovered)
        .unwrap();
    let out = nimcert_bin()
        .args([
            "certify",
            &format!("{},{},{}", t.a, t.b, t.c),
            "--from",
            "formula",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("uncovered by paper A"), "{text}");
    let sequence = text
        .split("// file: ")
        .find(|d| d.contains(".sequence.ron"))
        .unwrap();
    let body = sequence.split_once('\n').unwrap().1;
    let verdict = nimcert::check::check_bytes(body.as_bytes(), &Limits::default());
    assert!(matches!(verdict, Verdict::Valid(_)), "{verdict:?}");
}
