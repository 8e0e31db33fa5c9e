//! Octal games (issue 14): the engine against the subtraction engine and a
//! naive mex, the `octal`, `certify --octal` and `octal-sweep` commands,
//! and mutants of `Octal` certificates judged by the engine.

use nimcert::check::format::{Certificate, Claim, OctalClaim, PeriodWitness};
use nimcert::check::{check_bytes, check_certificate, Limits, Verdict};
use nimcert::engine::solve as solve_subtraction;
use nimcert::moves::MoveSet;
use nimcert::octal::certify::{octal_certificate, octal_claim, octal_provenance};
use nimcert::octal::period::{solve, OctalOutcome, OctalSolution};
use nimcert::octal::values::nim_sequence;
use nimcert::octal::{Method, OctalCode};
use proptest::prelude::*;
use std::process::{Command, Output};

fn nimcert(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_nimcert"))
        .args(args)
        .output()
        .expect("nimcert runs")
}

fn solved(code: &OctalCode, method: Method) -> Option<OctalSolution> {
    match solve(code, method, 1 << 15, u64::MAX) {
        OctalOutcome::Periodic(game) => Some(game),
        _ => None,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A subtraction game S is the octal game with d_s = 3 for s ∈ S: both
    /// engines give the same values, least pre-period and least period.
    #[test]
    fn subtraction_games_agree_with_the_subtraction_engine(
        moves in proptest::collection::btree_set(1u64..=24, 1..=4)
    ) {
        let moves: Vec<u64> = moves.into_iter().collect();
        let set = MoveSet::new(&moves).unwrap();
        let code = OctalCode::subtraction(&set).unwrap();
        let game = solve_subtraction(&set, 1 << 20).unwrap();
        for method in [Method::Rare, Method::Direct] {
            let octal = solved(&code, method).expect("a subtraction game is periodic");
            prop_assert_eq!((octal.preperiod, octal.period), (game.qp.preperiod, game.qp.period));
            for n in 0..octal.values.len() as u64 {
                prop_assert_eq!(octal.value(n), u32::from(game.value(n)));
            }
        }
    }

    /// Both methods give the same values on three-digit codes, past the
    /// points where the sparse-space mask is chosen again.
    #[test]
    fn rare_values_and_the_direct_method_agree(digits in proptest::collection::vec(0u8..8, 3)) {
        let mut digits = digits;
        if digits[2] == 0 { digits[2] = 7; }
        let code = OctalCode::new(&digits).unwrap();
        prop_assert_eq!(
            nim_sequence(&code, Method::Rare, 5000),
            nim_sequence(&code, Method::Direct, 5000)
        );
    }
}

#[test]
fn the_solved_two_digit_codes_have_certificates_that_nimcheck_accepts() {
    let mut solved_count = 0;
    for code in OctalCode::all_of_length(1).chain(OctalCode::all_of_length(2)) {
        let Some(game) = solved(&code, Method::Rare) else {
            continue;
        };
        solved_count += 1;
        let certificate = octal_certificate(&game, octal_provenance(Method::Rare));
        let text = nimcert::check::to_ron(&certificate);
        let verdict = check_bytes(text.as_bytes(), &Limits::default());
        assert!(matches!(verdict, Verdict::Valid(_)), "{code}: {verdict:?}");
    }
    assert!(solved_count >= 40, "only {solved_count} codes solved");
}

/// Valid means: exactly the engine's (q, p, values) and witnesses that
/// witness (judged with the engine's values, never with the checker).
fn is_valid(claim: &OctalClaim, game: &OctalSolution) -> bool {
    let (q, p) = (game.preperiod, game.period);
    let primes = nimcert::engine::outcome::prime_factors(p);
    claim.code == game.code.to_string()
        && claim.preperiod == q
        && claim.period == p
        && claim.values.len() as u64 == q + p
        && claim
            .values
            .iter()
            .enumerate()
            .all(|(n, &v)| v == game.value(n as u64))
        && claim.period_witnesses.len() == primes.len()
        && claim.period_witnesses.iter().zip(&primes).all(|(w, &r)| {
            w.prime == r
                && w.position >= q
                && w.position < 1 << 40
                && game.value(w.position) != game.value(w.position + p / r)
        })
        && claim.preperiod_witness == (q > 0).then(|| q - 1)
}

#[test]
fn mutants_of_octal_certificates_are_rejected_exactly_when_false() {
    let mut state = 0x0123_4567_89ab_cdefu64;
    let mut next = move |n: u64| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) % n.max(1)
    };
    let (mut accepted, mut rejected) = (0, 0);
    for code in ["0.77", "0.07", "0.137", "0.117", "0.17", "0.51", "0.33"] {
        let game = solved(&OctalCode::parse(code).unwrap(), Method::Rare).unwrap();
        let base = octal_claim(&game);
        for _ in 0..60 {
            let mut m = base.clone();
            match next(7) {
                0 => {
                    let i = next(m.values.len() as u64) as usize;
                    m.values[i] ^= 1 + next(3) as u32;
                }
                1 => m.period += 1 + next(3),
                2 => m.preperiod = m.preperiod.saturating_sub(1 + next(2)),
                3 => m.preperiod += 1,
                4 => m.period_witnesses.push(PeriodWitness {
                    prime: 2,
                    position: next(200),
                }),
                5 => {
                    if let Some(w) = m.period_witnesses.first_mut() {
                        w.position = next(200);
                    }
                }
                _ => m.preperiod_witness = Some(next(100)),
            }
            let certificate = Certificate {
                format: 3,
                provenance: octal_provenance(Method::Rare),
                claim: Claim::Octal(m.clone()),
            };
            let verdict = check_certificate(&certificate, &Limits::default());
            match verdict {
                Verdict::Valid(_) => {
                    assert!(is_valid(&m, &game), "accepted a false claim: {m:?}");
                    accepted += 1;
                }
                Verdict::Invalid(_) => {
                    assert!(!is_valid(&m, &game), "rejected a true claim: {m:?}");
                    rejected += 1;
                }
                other => panic!("{code}: undecided mutant {other:?}"),
            }
        }
    }
    assert!(
        rejected > 300 && accepted > 0,
        "{accepted} accepted, {rejected} rejected"
    );
}

#[test]
fn octal_json_has_the_documented_keys() {
    let out = nimcert(&["octal", "0.77", "--format", "json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let q = json["preperiod"].as_u64().unwrap();
    let p = json["period"].as_u64().unwrap();
    assert_eq!(json["code"], "0.77");
    assert_eq!(json["values"].as_array().unwrap().len() as u64, q + p);
    // OEIS A002186 (Kayles): period 12, last exception at n = 70.
    assert_eq!((q, p), (71, 12));
}

#[test]
fn officers_gets_no_period_and_exit_3_naming_the_flag() {
    let out = nimcert(&["octal", "0.6", "--max-n", "3000"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("no period found below 3000") && err.contains("--max-n"),
        "{err}"
    );
    let out = nimcert(&["octal", "0.6", "--max-work", "1000"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--max-work"));
}

#[test]
fn codes_it_does_not_read_are_exit_2() {
    for code in [
        "0.70", "2.07", "0.0g", "44.1", "kayles", "0.", "0.77 ", "4.07", "4", "0.f",
    ] {
        let out = nimcert(&["octal", code]);
        let expect = if ["0.77 ", "4.07", "4", "0.f"].contains(&code) {
            0
        } else {
            2
        };
        assert_eq!(out.status.code(), Some(expect), "{code}");
    }
    let out = nimcert(&["octal", "0.77", "--max-n", "999999999999"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn certify_octal_writes_a_certificate_nimcheck_accepts() {
    let out = nimcert(&["certify", "--octal", "0.07"]);
    assert!(out.status.success());
    assert!(matches!(
        check_bytes(&out.stdout, &Limits::default()),
        Verdict::Valid(_)
    ));
    let out = nimcert(&["certify", "--octal", "0.6", "--max-n", "2000"]);
    assert_eq!(out.status.code(), Some(3));
    let out = nimcert(&["certify", "--octal", "0.07", "-o", "/nonexistent/dir/x.ron"]);
    assert_eq!(out.status.code(), Some(4));
}

#[test]
fn the_sweep_shards_resumes_and_certifies() {
    let out_dir = std::env::temp_dir().join(format!("nimcert-octal-sweep-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out_dir);
    let out = out_dir.to_str().unwrap();
    let common = [
        "octal-sweep",
        "--digits",
        "1",
        "--max-n",
        "3000",
        "--out",
        out,
        "--certs",
        "--format",
        "json",
    ];
    for shard in ["0/2", "1/2"] {
        let mut args = common.to_vec();
        args.extend(["--shard", shard]);
        let run = nimcert(&args);
        assert!(matches!(run.status.code(), Some(0) | Some(3)));
    }
    // The whole sweep on the shards' folder reads every code back.
    let whole = nimcert(&common);
    let fresh = nimcert(&[
        "octal-sweep",
        "--digits",
        "1",
        "--max-n",
        "3000",
        "--format",
        "json",
    ]);
    assert_eq!(whole.stdout, fresh.stdout);
    assert_eq!(whole.status.code(), fresh.status.code());
    let json: serde_json::Value = serde_json::from_slice(&fresh.stdout).unwrap();
    assert_eq!(json["codes"].as_array().unwrap().len(), 7);
    let solved = json["solved"].as_u64().unwrap();
    // 0.6 (Officers) is never solved.
    assert!(json["codes"]
        .as_array()
        .unwrap()
        .iter()
        .any(|c| c["code"] == "0.6" && c["period"].is_null()));
    assert_eq!(fresh.status.code(), Some(if solved == 7 { 0 } else { 3 }));
    let certs: Vec<_> = std::fs::read_dir(out_dir.join("certs")).unwrap().collect();
    assert_eq!(certs.len() as u64, solved);
    for entry in certs {
        let bytes = std::fs::read(entry.unwrap().path()).unwrap();
        assert!(matches!(
            check_bytes(&bytes, &Limits::default()),
            Verdict::Valid(_)
        ));
    }
    // A tampered code file is refused, not trusted.
    let file = out_dir.join("codes").join("0.7.json");
    let text = std::fs::read_to_string(&file)
        .unwrap()
        .replace("\"periodic\"", "\"work limit\"");
    std::fs::write(&file, text).unwrap();
    let run = nimcert(&common);
    assert_eq!(run.status.code(), Some(2));
    // Another sweep's folder is refused.
    let other = nimcert(&[
        "octal-sweep",
        "--digits",
        "1",
        "--max-n",
        "4000",
        "--out",
        out,
    ]);
    assert_eq!(other.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&out_dir);
}

/// Issue 20, wording: each message talks about what the user gave.
#[test]
fn messages_speak_of_digits_flags_and_the_code_meant() {
    let stderr = |args: &[&str]| {
        let out = nimcert(args);
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    // --digits is about code lengths, not moves.
    let (code, err) = stderr(&["octal-sweep", "--digits", "5"]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("--digits 5") && err.contains("at most 4 digits"),
        "{err}"
    );
    assert!(!err.contains("move"), "{err}");
    let (code, err) = stderr(&["octal-sweep", "--digits", "0"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("at least 1 digit"), "{err}");
    // A trailing 0: the code meant, or that there is none.
    let (code, err) = stderr(&["octal", "0.70"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("write 0.7, not 0.70"), "{err}");
    let (code, err) = stderr(&["octal", "0.0"]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("allows no move") && !err.contains("0.7"),
        "{err}"
    );
}

/// Issue 20: the sweep's text names the flag that stopped an unsolved code
/// (`--max-n`, not the field name `max_n`).
#[test]
fn unsolved_codes_name_the_flag_in_the_sweep_text() {
    let out = nimcert(&["octal-sweep", "--digits", "1", "--max-n", "300"]);
    assert_eq!(out.status.code(), Some(3));
    let text = String::from_utf8(out.stdout).unwrap();
    let officers = text
        .lines()
        .find(|line| line.starts_with("0.6 "))
        .expect("a line for 0.6");
    assert!(
        officers.contains("no period proved below --max-n 300"),
        "{officers}"
    );
    assert!(!text.contains("max_n"), "{text}");
}

/// Issue 20: the value notation (0-9, a-z, then [36]) is documented where
/// the value words are printed.
#[test]
fn octal_help_documents_the_value_notation() {
    for command in ["octal", "solve"] {
        let out = nimcert(&[command, "--help"]);
        let help = String::from_utf8(out.stdout).unwrap();
        assert!(
            help.contains("0-9, then a-z for 10") && help.contains("[36]"),
            "{command}: {help}"
        );
    }
}

/// `nimcert values`: Grundy's game and Officers are open below N (exit 3)
/// with the published terms agreeing, except OEIS A019591's (exit 1);
/// Kayles is periodic, proved (exit 0); a run resumes from its state file;
/// bad input is exit 2.
#[test]
fn values_runs_are_open_or_proved_and_resume() {
    let out = nimcert(&["values", "grundy", "--to", "5000"]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("none below 5000: open"), "{text}");
    assert!(
        text.contains("OEIS A002188, https://oeis.org/A002188: 105 values agree"),
        "{text}"
    );
    assert!(text.contains("48 values agree"), "{text}");
    assert!(
        text.contains(
            "OEIS A019591, https://oeis.org/A019591: DIFFERS at n = 9: published 3, computed 1"
        ),
        "{text}"
    );
    let out = nimcert(&["values", "0.6", "--to", "3000", "--format", "json"]);
    assert_eq!(out.status.code(), Some(3));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["status"], "open");
    assert_eq!(
        json["published"][0]["first_difference"],
        serde_json::Value::Null
    );
    let out = nimcert(&["values", "0.77", "--to", "3000"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("q = 71, p = 12 (proved"));
    let dir = std::env::temp_dir().join(format!("nimcert-values-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let state = dir.join("g.values");
    let state_arg = state.to_str().unwrap();
    let first = nimcert(&["values", "grundy", "--to", "2000", "--state", state_arg]);
    assert_eq!(first.status.code(), Some(1));
    let second = nimcert(&["values", "grundy", "--to", "5000", "--state", state_arg]);
    assert!(String::from_utf8_lossy(&second.stdout).contains("(resumed from 2000)"));
    let other = nimcert(&["values", "0.6", "--to", "5000", "--state", state_arg]);
    assert_eq!(
        other.status.code(),
        Some(2),
        "another game's state is refused"
    );
    std::fs::remove_dir_all(&dir).unwrap();
    for bad in [
        &["values", "kayles", "--to", "10"][..],
        &["values", "grundy", "--to", "300000000"],
    ] {
        assert_eq!(nimcert(bad).status.code(), Some(2), "{bad:?}");
    }
}
