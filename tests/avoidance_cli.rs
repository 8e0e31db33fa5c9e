//! `nimcert avoid`: exit codes, JSON keys, certificates accepted by the checker.

use std::process::Command;

fn avoid(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_nimcert"))
        .arg("avoid")
        .args(args)
        .output()
        .expect("nimcert runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    for args in [
        &["tree", "--edges", "1-2,2-3,3-1", "--win", "1"][..],
        &["tree", "--edges", "1-2,3-4", "--win", "1"],
        &["tree", "--edges", "1-2", "--win", "7"],
        &["tree", "--edges", "1-2", "--win", ""],
        &["tree-edges", "--edges", "1-2,2-3", "--win", "1-3"],
        &["affine", "--points", "0,0 1,1 0,0", "--win", "1,1"],
        &["affine", "--points", "0,0 1,1", "--win", "5,5"],
    ] {
        let (code, _, err) = avoid(args);
        assert_eq!(code, 2, "{args:?}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn closure_axiom_failure_is_named() {
    let path = std::env::temp_dir().join(format!("avoid-axiom-{}.ron", std::process::id()));
    std::fs::write(
        &path,
        "(points: 3, convex_sets: [[1, 2], [2, 3], [1, 2, 3]], win: [1])",
    )
    .unwrap();
    let (code, _, err) = avoid(&["closure", path.to_str().unwrap()]);
    let _ = std::fs::remove_file(&path);
    assert_eq!(code, 2);
    assert!(err.contains("axiom 2"), "{err}");
}

#[test]
fn json_has_the_keys_and_disagreement_exits_1() {
    // Paper B, §5 worked example: the printed formula says 3, the game is 2.
    let (code, out, _) = avoid(&[
        "tree",
        "--edges",
        "1-2,2-3,3-4,1-5,5-6,1-7,7-8,1-9",
        "--win",
        "1",
        "--format",
        "json",
    ]);
    assert_eq!(code, 1);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    for key in [
        "nim",
        "maximal_non_generating",
        "covered_by",
        "predicted_nim",
        "agrees",
    ] {
        assert!(json.get(key).is_some(), "missing {key}");
    }
    assert_eq!(json["agrees"], false);
}

#[test]
fn certify_writes_what_nimcheck_accepts() {
    let (code, out, _) = avoid(&[
        "tree-edges",
        "--edges",
        "1-2,2-3,2-4",
        "--win",
        "1-2,2-3",
        "--certify",
    ]);
    assert_eq!(code, 0);
    let verdict = nimcert::check::check_bytes(out.as_bytes(), &nimcert::check::Limits::default());
    assert!(
        matches!(verdict, nimcert::check::Verdict::Valid(_)),
        "{verdict:?}"
    );
}
