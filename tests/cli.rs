//! The `nimcert` command line: outputs, exit codes and one-line errors.

use nimcert::check::{check_bytes, Limits, Verdict};
use std::process::{Command, Output};

fn nimcert(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_nimcert"))
        .args(args)
        .output()
        .expect("nimcert runs")
}

#[test]
fn solve_json_has_the_documented_keys() {
    let out = nimcert(&["solve", "2,3,7", "--format", "json"]);
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    for key in [
        "moves",
        "preperiod",
        "period",
        "values",
        "p_positions",
        "outcome_period",
    ] {
        assert!(json.get(key).is_some(), "missing key {key}");
    }
    let period = json["period"].as_u64().unwrap();
    let preperiod = json["preperiod"].as_u64().unwrap();
    assert_eq!(
        json["values"].as_array().unwrap().len() as u64,
        preperiod + period
    );
}

#[test]
fn moves_can_be_given_with_commas_or_spaces_in_any_order() {
    let a = nimcert(&["solve", "2,5,7", "--format", "json"]);
    let b = nimcert(&["solve", "7", "2", "5", "--format", "json"]);
    assert!(a.status.success() && b.status.success());
    assert_eq!(a.stdout, b.stdout);
}

#[test]
fn bad_input_is_a_one_line_error_with_exit_2() {
    for bad in [
        vec!["solve", "2,2,5"],
        vec!["solve", "0,3"],
        vec!["solve", "x"],
        vec!["solve", ","],
        vec!["solve", "99999999999"],
        vec!["certify", "3,-1"],
    ] {
        let out = nimcert(&bad);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(stderr.trim_end().lines().count(), 1, "{bad:?}: {stderr}");
        assert!(stderr.starts_with("nimcert: "), "{bad:?}: {stderr}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn no_period_below_the_bound_exits_3() {
    let out = nimcert(&["solve", "3,5,8", "--max-positions", "10"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("no period found below 10"));
}

#[test]
fn certify_writes_certificates_the_checker_accepts() {
    for claim in ["sequence", "pset"] {
        let out = nimcert(&["certify", "2,5,7", "--claim", claim]);
        assert!(out.status.success());
        let verdict = check_bytes(&out.stdout, &Limits::default());
        assert!(matches!(verdict, Verdict::Valid(_)), "{verdict:?}");
    }
    let dir = std::env::temp_dir().join(format!("nimcert-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("s.ron");
    let out = nimcert(&["certify", "1,3,5", "-o", file.to_str().unwrap()]);
    assert!(out.status.success());
    let verdict = check_bytes(&std::fs::read(&file).unwrap(), &Limits::default());
    assert!(matches!(verdict, Verdict::Valid(_)), "{verdict:?}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn pset_certificate_of_a_preperiodic_outcome_is_refused() {
    // {3,5,8}: find by the engine whether the outcome is pre-periodic; the
    // CLI must refuse a P-set certificate exactly then.
    let json = nimcert(&["solve", "3,5,8", "--format", "json"]);
    let json: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let out = nimcert(&["certify", "3,5,8", "--claim", "pset"]);
    let pure = json["outcome_preperiod"].as_u64().unwrap() == 0;
    assert_eq!(out.status.success(), pure);
    if !pure {
        assert_eq!(out.status.code(), Some(2));
    }
}
