//! Every verdict says what it covers: a proof apart from a finite check.
//!
//! Hostile claims that are false but survive the finite search (a
//! quantifier over x or c that the proof rules cannot decide, checked below
//! a bound only) must not read, count or exit like a proof; their true
//! twins, written so that the rules prove them, must. With
//! `--require-proof` the finite ones exit 2. Also the defects found next
//! to them: a claim id of 65,536 characters or more (a format width that
//! panicked), a class refuted by its family certificate at a member the
//! engine cannot solve, and the range text of the every-c entries.
//! (Certificates that `certify` writes at its defaults and nimcheck's
//! defaults would refuse: `tests/cli.rs`.)

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn nimcert(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_nimcert"))
        .args(args)
        .output()
        .expect("nimcert runs")
}

/// `nimcert audit --claims FILE --claim ID` with `more` arguments.
fn audit_one(file: &str, id: &str, more: &[&str]) -> Output {
    let mut args = vec!["audit", "--claims", file, "--claim", id];
    args.extend_from_slice(more);
    nimcert(&args)
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "nimcert-verdict-scope-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// One claim-file entry.
fn entry(id: &str, game: &str, extra: &str, assert: &str) -> String {
    format!(
        "[[claim]]\nid = \"{id}\"\nsource = \"hostile test\"\nquote = \"-\"\nkind = \"theorem\"\n\
         game = \"{game}\"\n{extra}assert = \"{assert}\"\n\n"
    )
}

/// The class {3, 5, c}, c ≡ 2 (mod 8), whose family certificate proves
/// q = 0 and least period c + 5 for every c (Table 1, row 4).
const CLASS: &str = "params = { a = \"3\", b = \"5\", rho = \"2\" }\nevery_c = \"rho\"\n";

/// Four false claims that only a finite search can "confirm", each with a
/// true twin that the rules prove: (id, game, extra fields, assertion).
fn hostile() -> Vec<(&'static str, &'static str, &'static str, &'static str)> {
    vec![
        // False at x = 12,000 (a multiple of 4, a P-position of {1, 2, 3}).
        (
            "false.forall_x",
            "{1, 2, 3}",
            "",
            "forall x: P(x) implies x < 12000",
        ),
        (
            "true.forall_x",
            "{1, 2, 3}",
            "",
            "forall x: P(x) implies x mod 4 == 0",
        ),
        (
            "false.not_exists_x",
            "{1, 2, 3}",
            "",
            "not (exists x: P(x) and x > 12000)",
        ),
        (
            "true.not_exists_x",
            "{1, 2, 3}",
            "",
            "not (exists x: P(x) and x mod 4 == 1)",
        ),
        // G(1) = 0 on every member, so false for c ≥ 500; G is outside the
        // affine subset, so the members are checked on c < 400 only.
        (
            "false.every_c",
            "{a, b, c}",
            CLASS,
            "q == 0 and (c < 500 or G(1) == 7)",
        ),
        (
            "true.every_c",
            "{a, b, c}",
            CLASS,
            "q == 0 and (c < 500 or p == c + b)",
        ),
        // A bound far past what the engine can solve: the family
        // certificate decides the member c = 9 * 10^18 + 2.
        (
            "false.huge_c",
            "{a, b, c}",
            CLASS,
            "q == 0 and c < 9000000000000000000",
        ),
        ("true.huge_c", "{a, b, c}", CLASS, "q == 0 and c > b"),
    ]
}

fn write_hostile(dir: &Path) -> PathBuf {
    let text: String = hostile()
        .into_iter()
        .map(|(id, game, extra, assert)| {
            let extra = if extra.is_empty() {
                String::new()
            } else {
                format!("{extra}check_below = 400\n")
            };
            entry(id, game, &extra, assert)
        })
        .collect();
    let path = dir.join("hostile.toml");
    std::fs::write(&path, text).unwrap();
    path
}

/// The JSON report's claims by id: (verdict, scope, range).
fn verdicts(report: &[u8]) -> Vec<(String, String, Option<String>, String)> {
    let json: serde_json::Value = serde_json::from_slice(report).expect("a JSON report");
    json["claims"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["id"].as_str().unwrap().to_string(),
                c["verdict"].as_str().unwrap().to_string(),
                c["scope"].as_str().map(str::to_string),
                c["range"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn a_finite_check_never_reads_like_a_proof() {
    let dir = scratch("finite");
    let file = write_hostile(&dir);
    let file = file.to_str().unwrap();
    let out = nimcert(&["audit", "--claims", file, "--format", "json"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let rows = verdicts(&out.stdout);
    let row = |id: &str| {
        rows.iter()
            .find(|r| r.0 == id)
            .unwrap_or_else(|| panic!("{id}: {stderr}"))
    };
    for id in ["false.forall_x", "false.not_exists_x", "false.every_c"] {
        let (_, verdict, scope, range) = row(id);
        assert_eq!(verdict, "holds", "{id}");
        assert_eq!(scope.as_deref(), Some("finite check"), "{id}: {range}");
        assert!(range.contains("only"), "{id}: {range}");
    }
    for id in [
        "true.forall_x",
        "true.not_exists_x",
        "true.every_c",
        "true.huge_c",
    ] {
        let (_, verdict, scope, range) = row(id);
        assert_eq!(verdict, "holds", "{id}");
        assert_eq!(scope.as_deref(), Some("proof"), "{id}: {range}");
    }
    // Decided by the family certificate at a member no engine solves.
    let (_, verdict, scope, _) = row("false.huge_c");
    assert_eq!(verdict, "fails");
    assert_eq!(scope.as_deref(), Some("proof"));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let huge = json["claims"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == "false.huge_c")
        .unwrap();
    let example = huge["counterexamples"][0].as_str().unwrap();
    assert!(example.contains("c = 9000000000000000002"), "{example}");
    assert_eq!(huge["certificates_accepted"], serde_json::Value::Bool(true));
    // The summary counts the two scopes apart.
    assert_eq!(json["scopes"]["proof"], 4, "{json}");
    assert_eq!(json["scopes"]["finite check"], 3, "{json}");
    // Exit 1: a claim fails. The text summary line.
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    let text = nimcert(&["audit", "--claims", file]);
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(
        text.contains("7 hold (4 proved, 3 on a finite check only), 1 fail"),
        "{text}"
    );
    let line = text
        .lines()
        .find(|l| l.starts_with("false.forall_x"))
        .unwrap();
    assert!(line.contains("finite check"), "{line}");
    let line = text
        .lines()
        .find(|l| l.starts_with("true.forall_x"))
        .unwrap();
    assert!(line.contains("proved"), "{line}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn require_proof_refuses_what_held_on_a_range_only() {
    let dir = scratch("require");
    let file = write_hostile(&dir);
    let file = file.to_str().unwrap();
    // Each false claim alone: exit 0 without the flag (it held on the range),
    // exit 2 with it, naming the claim; each true twin exits 0 either way.
    for (id, _, _, _) in hostile() {
        if id == "false.huge_c" {
            continue;
        }
        let plain = audit_one(file, id, &[]);
        assert_eq!(plain.status.code(), Some(0), "{id}: {plain:?}");
        let strict = audit_one(file, id, &["--require-proof"]);
        let stderr = String::from_utf8_lossy(&strict.stderr);
        if id.starts_with("false") {
            assert_eq!(strict.status.code(), Some(2), "{id}: {stderr}");
            assert!(
                stderr.contains("--require-proof") && stderr.contains(id),
                "{stderr}"
            );
        } else {
            assert_eq!(strict.status.code(), Some(0), "{id}: {stderr}");
        }
    }
    // Against a baseline too: recorded, the finite check still exits 2.
    let baseline = dir.join("b.json");
    let baseline = baseline.to_str().unwrap();
    let id = "false.forall_x";
    let wrote = audit_one(file, id, &["--write-baseline", baseline]);
    assert_eq!(wrote.status.code(), Some(0), "{wrote:?}");
    let recorded = std::fs::read_to_string(baseline).unwrap();
    assert!(
        recorded.contains("\"scope\": \"finite check\""),
        "{recorded}"
    );
    let again = audit_one(file, id, &["--baseline", baseline]);
    assert_eq!(again.status.code(), Some(0), "{again:?}");
    let strict = audit_one(file, id, &["--baseline", baseline, "--require-proof"]);
    assert_eq!(strict.status.code(), Some(2), "{strict:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_baseline_without_scopes_is_still_read_and_a_changed_scope_is_a_difference() {
    let dir = scratch("baseline");
    let file = write_hostile(&dir);
    let file = file.to_str().unwrap();
    let path = dir.join("b.json");
    let baseline = path.to_str().unwrap();
    let id = "true.forall_x";
    let wrote = audit_one(file, id, &["--write-baseline", baseline]);
    assert_eq!(wrote.status.code(), Some(0), "{wrote:?}");
    let recorded = std::fs::read_to_string(&path).unwrap();
    // An older baseline, with no scope recorded: still equal.
    std::fs::write(&path, recorded.replace("      \"scope\": \"proof\",\n", "")).unwrap();
    assert!(!std::fs::read_to_string(&path).unwrap().contains("scope"));
    let old = audit_one(file, id, &["--baseline", baseline]);
    assert_eq!(old.status.code(), Some(0), "{old:?}");
    // A scope that changed is a difference.
    std::fs::write(
        &path,
        recorded.replace("\"scope\": \"proof\"", "\"scope\": \"finite check\""),
    )
    .unwrap();
    let changed = audit_one(file, id, &["--baseline", baseline]);
    assert_eq!(changed.status.code(), Some(1), "{changed:?}");
    assert!(String::from_utf8_lossy(&changed.stderr).contains("(finite check)"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_claim_id_of_any_length_is_printed_without_a_panic() {
    let dir = scratch("long-id");
    let id = "x".repeat(70_000);
    let path = dir.join("long.toml");
    std::fs::write(&path, entry(&id, "{1, 2, 3}", "", "q == 0")).unwrap();
    let file = path.to_str().unwrap();
    let baseline = dir.join("b.json");
    let baseline = baseline.to_str().unwrap();
    for format in ["text", "markdown", "json", "html"] {
        let out = nimcert(&["audit", "--claims", file, "--format", format]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{format}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        // The text report wraps to 100 columns, cutting a word longer than
        // a line: the id is there once the white space is taken out.
        let stdout: String = String::from_utf8_lossy(&out.stdout)
            .chars()
            .filter(|c| format != "text" || !c.is_whitespace())
            .collect();
        assert!(stdout.contains(&id), "{format}");
    }
    let wrote = nimcert(&["audit", "--claims", file, "--write-baseline", baseline]);
    assert_eq!(wrote.status.code(), Some(0), "{wrote:?}");
    let again = nimcert(&["audit", "--claims", file, "--baseline", baseline]);
    assert_eq!(again.status.code(), Some(0), "{again:?}");
    // The text table's id column stays narrow for the other claims.
    let two = format!(
        "{}{}",
        entry(&id, "{1, 2, 3}", "", "q == 0"),
        entry("short", "{1, 2}", "", "q == 0")
    );
    std::fs::write(&path, two).unwrap();
    let out = nimcert(&["audit", "--claims", file]);
    let text = String::from_utf8(out.stdout).unwrap();
    let short = text.lines().find(|l| l.starts_with("short")).unwrap();
    assert!(short.chars().count() < 200, "{short}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_c_entries_are_proofs_and_their_range_names_the_bases() {
    let out = nimcert(&[
        "audit",
        "--claim",
        "A.Table2.row4.every_c",
        "--range",
        "b=30",
        "--format",
        "json",
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rows = verdicts(&out.stdout);
    let (_, verdict, scope, range) = &rows[0];
    assert_eq!(verdict, "holds");
    assert_eq!(scope.as_deref(), Some("proof"));
    assert!(
        range.contains("b = 30") && !range.contains("a < b ≤ 30"),
        "{range}"
    );
    assert!(
        !range.contains("proved"),
        "the range is not the scope: {range}"
    );
    // No class in the range: not checked, no scope, and no "proved".
    let out = nimcert(&[
        "audit",
        "--claim",
        "A.Table2.row1.every_c",
        "--range",
        "b=30",
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let rows = verdicts(&out.stdout);
    let (_, verdict, scope, range) = &rows[0];
    assert_eq!(verdict, "not checked");
    assert_eq!(scope, &None);
    assert!(!range.contains("proved"), "{range}");
}

#[test]
fn a_registry_theorem_checked_on_a_range_is_a_finite_check_and_an_example_a_proof() {
    let out = nimcert(&[
        "audit",
        "--claim",
        "A.Example1",
        "--claim",
        "A.Prop7",
        "--format",
        "json",
    ]);
    let rows = verdicts(&out.stdout);
    let scope = |id: &str| rows.iter().find(|r| r.0 == id).unwrap().2.clone();
    assert_eq!(scope("A.Example1").as_deref(), Some("proof"));
    assert_eq!(scope("A.Prop7").as_deref(), Some("finite check"));
}
