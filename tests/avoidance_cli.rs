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

/// A temporary path for this test process.
fn temp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("avoid-cli-{}-{name}", std::process::id()))
}

fn accepted(certificate: &[u8]) -> bool {
    let verdict = nimcert::check::check_bytes(certificate, &nimcert::check::Limits::default());
    matches!(verdict, nimcert::check::Verdict::Valid(_))
}

/// Issue 20: the one-vertex tree, which nimcheck accepts, can be stated
/// (`--edges v`): 𝓜 = {∅}, nim 0, and the certificate is accepted.
#[test]
fn the_one_vertex_tree_can_be_stated_and_certified() {
    let (code, out, err) = avoid(&["tree", "--edges", "v", "--win", "v", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["nim"], 0);
    assert_eq!(json["exhaustive_nim"], 0);
    assert_eq!(json["maximal_non_generating"], serde_json::json!([[]]));
    let (code, certificate, _) = avoid(&["tree", "--edges", "v", "--win", "v", "--certify"]);
    assert_eq!(code, 0);
    assert!(accepted(certificate.as_bytes()), "{certificate}");
    // A lone vertex beside other edges is a disconnected graph, not a tree.
    let (code, _, err) = avoid(&["tree", "--edges", "1-2,3", "--win", "1"]);
    assert_eq!(code, 2);
    assert!(err.contains("not connected"), "{err}");
}

/// Issue 20: coordinates anywhere in i64, as nimcheck accepts them; the
/// structure diagram agrees with the exhaustive evaluation and the
/// certificate is accepted.
#[test]
fn affine_coordinates_take_all_of_i64() {
    let points = format!(
        "{min},{min} 0,0 {max},{max} {max},{min} 3,-5",
        min = i64::MIN,
        max = i64::MAX
    );
    for win in ["0,0", "3,-5", "@1 @3"] {
        let args = ["affine", "--points", &points, "--win", win];
        let (code, out, err) = avoid(&[&args[..], &["--format", "json"]].concat());
        assert!(code == 0 || code == 1, "{win}: {err}");
        let json: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(json["nim"], json["exhaustive_nim"], "{win}");
        let (_, certificate, _) = avoid(&[&args[..], &["--certify"]].concat());
        assert!(accepted(certificate.as_bytes()), "{win}: {certificate}");
    }
    let (code, _, err) = avoid(&["affine", "--points", "9223372036854775808,0", "--win", "@1"]);
    assert_eq!(code, 2);
    assert!(err.contains("2^63"), "{err}");
}

/// Issue 20: the certificate numbers a tree's vertices 0, 1, … in order of
/// first appearance, and says so in its provenance and in the report.
#[test]
fn a_renumbered_tree_says_how_in_the_certificate_and_the_report() {
    let path = temp("renumbered.ron");
    let file = path.to_str().unwrap();
    let (code, out, err) = avoid(&[
        "tree",
        "--edges",
        "b-a,a-c",
        "--win",
        "a",
        "--certify",
        "-o",
        file,
    ]);
    assert_eq!(code, 0, "{err}");
    let phrase = "tree vertices 0..2 are the input's b,a,c";
    assert!(out.contains(&format!("certificate {phrase}")), "{out}");
    let certificate = std::fs::read(&path).unwrap();
    let text = String::from_utf8_lossy(&certificate);
    assert!(
        text.contains(&format!("engine: \"structure-diagram; {phrase}\"")),
        "{text}"
    );
    assert!(text.contains("win: [1]"), "a is vertex 1: {text}");
    assert!(accepted(&certificate));
    let (_, json, _) = avoid(&[
        "tree",
        "--edges",
        "b-a,a-c",
        "--win",
        "a",
        "--certify",
        "-o",
        file,
        "--format",
        "json",
    ]);
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(json["renumbering"], phrase);
    // Vertices named 0, 1, … in order keep their numbers: nothing to say.
    let (_, certificate, _) = avoid(&["tree", "--edges", "0-1,1-2", "--win", "1", "--certify"]);
    assert!(
        certificate.contains("engine: \"structure-diagram\""),
        "{certificate}"
    );
    let _ = std::fs::remove_file(&path);
}

/// Issue 20: `-o -` is standard output, as for `atlas` and `draw`.
#[test]
fn certify_to_dash_is_standard_output() {
    let args = ["tree", "--edges", "1-2,2-3,1-4", "--win", "1", "--certify"];
    let plain = avoid(&args);
    let dash = avoid(&[&args[..], &["-o", "-"]].concat());
    assert_eq!(plain.0, 1, "B.Prop.W1 disagrees here");
    assert_eq!(plain, dash);
    assert!(accepted(dash.1.as_bytes()));
}

/// A certificate that nimcheck's default limits would refuse is not
/// written at the defaults (exit 3 naming --beyond-checker-defaults); with
/// that flag it is, with a one-line warning that names nimcheck's flag, as
/// `certify` gives; one they admit gets neither.
#[test]
fn certify_warns_when_nimcheck_defaults_refuse_the_certificate() {
    let star = |leaves: u32| {
        (2..=leaves + 1)
            .map(|leaf| format!("1-{leaf}"))
            .collect::<Vec<_>>()
            .join(",")
    };
    for (leaves, refused) in [(20, false), (1500, true)] {
        let edges = star(leaves);
        let plain = ["tree", "--edges", &edges, "--win", "1", "--certify"];
        if refused {
            let (code, out, err) = avoid(&plain);
            assert_eq!(code, 3, "{leaves}: {err}");
            assert!(out.is_empty(), "nothing is written");
            assert!(
                err.contains("--beyond-checker-defaults") && err.contains("--max-work"),
                "{err}"
            );
        }
        let (code, out, err) = avoid(&[&plain[..], &["--beyond-checker-defaults"]].concat());
        assert_eq!(code, 0, "{leaves}: {err}");
        let precheck = nimcert::check::precheck(
            &ron::from_str(&out).unwrap(),
            &nimcert::check::Limits::default(),
        );
        assert_eq!(precheck.is_err(), refused, "{leaves}: {precheck:?}");
        if refused {
            assert_eq!(err.trim_end().lines().count(), 1, "{err}");
            assert!(err.starts_with("nimcert: tree: warning: nimcheck's default limits refuse this avoidance certificate"), "{err}");
            assert!(err.contains("--max-work"), "{err}");
        } else {
            assert!(err.is_empty(), "{leaves}: {err}");
        }
    }
}

/// Issue 20: the diagram's work is counted as it is built, not estimated
/// per class. A star of 3,000 leaves with W = 16 of them has 65,535 classes
/// of about 2,990 points; the former per-class estimate (0.44·10^9 steps)
/// let it run under --max-work 10^9 for seconds. It costs about 2.6·10^9
/// counted steps, so it stops, exit 3 naming --max-work.
#[test]
fn a_diagram_that_costs_more_than_its_class_count_says_stops() {
    let star: Vec<String> = (1..=3000).map(|leaf| format!("0-{leaf}")).collect();
    let win: Vec<String> = (1..=16).map(|leaf| leaf.to_string()).collect();
    let (code, out, err) = avoid(&[
        "tree",
        "--edges",
        &star.join(","),
        "--win",
        &win.join(","),
        "--max-work",
        "1e9",
    ]);
    assert_eq!(code, 3, "{err}");
    assert!(out.is_empty());
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(
        err.contains("structure diagram") && err.contains("--max-work"),
        "{err}"
    );
}
