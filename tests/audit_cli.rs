//! `nimcert audit` end to end: the committed baseline, the findings the
//! issue names (recomputed here independently), the baseline diff after a
//! perturbed closed form, runs that check nothing, the work limit, and the
//! content-addressed certificate store.

use nimcert::avoidance::enumerate::free_trees;
use nimcert::check::{check_bytes, Limits, Verdict};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn nimcert(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_nimcert"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .expect("nimcert runs")
}

fn code(out: &Output) -> i32 {
    out.status.code().expect("exit code")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn rows(out: &Output) -> Vec<Value> {
    let json: Value = serde_json::from_slice(&out.stdout).expect("JSON report");
    json["claims"].as_array().expect("claims").clone()
}

fn row<'a>(rows: &'a [Value], id: &str) -> &'a Value {
    rows.iter()
        .find(|r| r["id"] == id)
        .unwrap_or_else(|| panic!("no row {id}"))
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nimcert-audit-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The default audit matches `audit.expected`, and the three statements
/// the issue names read as they should, with counts recomputed here.
#[test]
fn default_audit_matches_the_committed_baseline() {
    let out = nimcert(&["audit", "--baseline", "audit.expected", "--format", "json"]);
    assert_eq!(code(&out), 0, "stderr: {}", text(&out.stderr));
    let rows = rows(&out);

    // A.Prop29 fails exactly on the bases with a | b: a lost hypothesis.
    let divisible = (2..=12u64)
        .flat_map(|a| (a + 1..=80).map(move |b| (a, b)))
        .filter(|(a, b)| b % a == 0)
        .count() as u64;
    let prop29 = row(&rows, "A.Prop29");
    assert_eq!(prop29["verdict"], "fragment");
    assert_eq!(prop29["failing"], divisible);
    assert_eq!(prop29["applicable"], 803);
    let fix = row(&rows, "A.Prop29.nondiv");
    assert_eq!(fix["verdict"], "holds");
    assert_eq!(fix["applicable"].as_u64().unwrap(), 803 - divisible);
    assert!(prop29["correction_finding"][0]
        .as_str()
        .unwrap()
        .contains("fails exactly"));

    // B.Prop.W1 fails exactly where e ≥ 1 and o ≥ 1 (the printed 3); the
    // corrected 2 holds.
    let mixed: u64 = (2..=9)
        .flat_map(free_trees)
        .map(|tree| {
            (0..tree.order())
                .filter(|&w| {
                    let parities: Vec<u8> = tree
                        .components_without(w)
                        .iter()
                        .map(|c| c.parity())
                        .collect();
                    parities.contains(&0) && parities.contains(&1)
                })
                .count() as u64
        })
        .sum();
    let w1 = row(&rows, "B.Prop.W1");
    assert_eq!(w1["verdict"], "fails");
    assert_eq!(w1["failing"], mixed);
    assert_eq!(w1["certificates_accepted"], true);
    assert_eq!(row(&rows, "B.Prop.W1.typo")["verdict"], "holds");

    // B.Thm.W2 is a fragment whose surviving case fails exactly when |S| is
    // odd, and which (e, o) alone cannot decide.
    let w2 = row(&rows, "B.Thm.W2");
    assert_eq!(w2["verdict"], "fragment");
    let even = row(&rows, "B.Thm.W2.even");
    assert_eq!(even["verdict"], "holds");
    assert_eq!(
        w2["failing"].as_u64().unwrap() + even["applicable"].as_u64().unwrap(),
        w2["applicable"].as_u64().unwrap()
    );
    let note = w2["note"].as_str().unwrap();
    assert!(
        note.contains("1-2 W={1,2}") && note.contains("1-2,2-3 W={1,3}"),
        "{note}"
    );

    // Every counterexample of a game carries a certificate the checker
    // accepts; nothing is "not checked"; an entry with an instance not
    // checked never reads "holds", and gives each reason.
    for r in &rows {
        assert_ne!(r["verdict"], "not checked", "{}", r["id"]);
        if r["failing"].as_u64().unwrap() > 0 {
            assert_ne!(r["certificates_accepted"], false, "{}", r["id"]);
        }
        let unchecked = r["unchecked"].as_u64().unwrap();
        if unchecked > 0 {
            assert_ne!(r["verdict"], "holds", "{}", r["id"]);
            assert!(!r["not_checked"].as_array().unwrap().is_empty());
        }
        assert_eq!(
            r["verdict"] == "partly checked",
            unchecked > 0,
            "{}",
            r["id"]
        );
    }
    // The two periods whose proofs lie beyond the bound (OEIS A071454 and
    // A071509: period 10,015,179 from n = 193,235,615 and period 60,620,715
    // from n = 160,949,018, so 2q + 2p + t + 1 heap sizes) are counted as
    // not checked, and their equivalences say they were compared on a
    // prefix only.
    for (id, needed) in [
        (
            "O.A071454.0.1077",
            2 * 193_235_615u64 + 2 * 10_015_179 + 4 + 1,
        ),
        ("O.A071509.0.1777", 2 * 160_949_018 + 2 * 60_620_715 + 4 + 1),
    ] {
        let r = row(&rows, id);
        assert_eq!(r["verdict"], "partly checked", "{id}");
        assert_eq!(r["unchecked"], 1, "{id}");
        let why = r["not_checked"][0].as_str().unwrap();
        assert!(why.contains(&format!("[0, {needed})")), "{why}");
        let range = r["range"].as_str().unwrap();
        assert!(
            range.contains("compared on [0, 5000) only") && range.contains("not checked beyond"),
            "{range}"
        );
    }
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["instances_not_checked"], 2);
    assert_eq!(json["verdicts"]["partly checked"], 2);
    // A.Sec6.families: the correction offered is a ≥ 3, not the conjecture.
    let families = row(&rows, "A.Sec6.families");
    let by = families["corrected_by"].as_array().unwrap();
    assert_eq!(by.len(), 1);
    assert!(by[0].as_str().unwrap().starts_with("A.Sec6.families.a3"));
    // 0.56: the published last exception is not an indexing slip, and the
    // other entries of the same source are read the same way and hold.
    let note = row(&rows, "O.A071436.0.56")["note"].as_str().unwrap();
    assert!(note.starts_with("not an indexing slip"), "{note}");
    assert_eq!(
        note.matches("pre-period − 1, proved here").count(),
        2,
        "{note}"
    );
}

/// A part of a statement the audit could not check keeps the exit from
/// being 0 without a baseline (exit 2, one `nimcert:` line naming it); a
/// baseline records the counts, so the same run compared with it is 0.
#[test]
fn a_partly_checked_claim_is_not_a_success() {
    let out = nimcert(&["audit", "--claim", "O.A071454"]);
    assert_eq!(code(&out), 2);
    // The report is wrapped to 100 columns: read it as one line.
    let stdout = text(&out.stdout)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(stdout.contains("partly checked"), "{stdout}");
    assert!(
        stdout.contains("2/3 sentences checked, 1 not checked"),
        "{stdout}"
    );
    assert!(
        stdout.contains("; 1 instance of 1 claim not checked"),
        "{stdout}"
    );
    let stderr = text(&out.stderr);
    assert_one_message(&stderr);
    assert!(stderr.contains("O.A071454.0.1077"), "{stderr}");
    // The former long id selects the same claims, here against the baseline.
    let out = nimcert(&[
        "audit",
        "--claim",
        "O.OEIS-A071454",
        "--baseline",
        "audit.expected",
    ]);
    assert_eq!(code(&out), 0, "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("recorded in the baseline"));
}

/// Every stderr line is one `nimcert:` message within the project's 400
/// characters.
fn assert_one_message(stderr: &str) {
    for line in stderr.lines() {
        assert!(line.starts_with("nimcert: "), "{line}");
        assert!(
            line.chars().count() <= 400,
            "{} characters: {line}",
            line.chars().count()
        );
    }
}

/// Exit 1 of a plain audit says why on stderr (issue 20: it used to be
/// silent): the failing claims are the findings, and CI uses --baseline.
/// With the baseline the same failure is recorded and nothing is said.
#[test]
fn a_failing_claim_says_why_the_exit_is_1() {
    let out = nimcert(&["audit", "--claim", "B.Prop.W1.typo", "--claim", "B.Prop.W1"]);
    assert_eq!(code(&out), 1);
    let stderr = text(&out.stderr);
    assert_one_message(&stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("1 claim fails"), "{stderr}");
    assert!(
        stderr.contains("B.Prop.W1;"),
        "only the failing claim: {stderr}"
    );
    assert!(stderr.contains("--baseline audit.expected"), "{stderr}");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let baseline = root.join("audit.expected");
    let out = nimcert(&[
        "audit",
        "--claim",
        "B.Prop.W1",
        "--baseline",
        baseline.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 0, "{}", text(&out.stderr));
    assert!(
        !text(&out.stderr).contains("fails"),
        "{}",
        text(&out.stderr)
    );
}

/// An empty selector would match every id as a prefix: a usage error.
#[test]
fn an_empty_claim_selector_is_refused() {
    for args in [
        &["audit", "--claim", ""][..],
        &["audit", "--claim", "A.Prop7", "--claim", " "],
        &["audit", "--claim", "", "--list"],
    ] {
        let out = nimcert(args);
        assert_eq!(code(&out), 2, "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}: nothing is run");
        let stderr = text(&out.stderr);
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert_one_message(&stderr);
        assert!(stderr.contains("--claim"), "{stderr}");
    }
}

/// The plain-text report fits 100 columns when it does not go to a
/// terminal, and opens with the findings (failures, their corrections,
/// fragments, reconstructions) before the other claims; JSON keeps every
/// row in registry order.
#[test]
fn the_text_report_fits_100_columns_and_opens_with_the_findings() {
    let out = nimcert(&["audit", "--claim", "B.Sec5", "--claim", "O.GONC5"]);
    assert_eq!(code(&out), 1, "{}", text(&out.stderr));
    let report = text(&out.stdout);
    for line in report.lines() {
        assert!(line.chars().count() <= 100, "over 100 columns: {line}");
    }
    let lines: Vec<&str> = report.lines().collect();
    assert!(lines[0].starts_with("Findings: "), "{report}");
    let at = |id: &str| {
        lines
            .iter()
            .position(|l| l.starts_with(&format!("{id} ")))
            .unwrap_or_else(|| panic!("no row {id}:\n{report}"))
    };
    let others = lines
        .iter()
        .position(|l| l.starts_with("The other "))
        .expect("a heading for the other claims");
    for finding in ["B.Sec5.W1.M", "B.Sec5.W2.ends", "B.Sec5.W1.M.edge"] {
        assert!(at(finding) < others, "{finding} is not among the findings");
    }
    assert!(at("O.GONC5.0.6") > others, "{report}");
    // --width sets the width; 0 does not wrap.
    let narrow = text(&nimcert(&["audit", "--claim", "B.Sec5", "--width", "60"]).stdout);
    assert!(narrow.lines().all(|l| l.chars().count() <= 60), "{narrow}");
    let wide = text(&nimcert(&["audit", "--claim", "B.Sec5", "--width", "0"]).stdout);
    assert!(wide.lines().any(|l| l.chars().count() > 100), "{wide}");
    let flat = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(
        flat(&narrow),
        flat(&wide),
        "wrapping changes only the white space"
    );
    let json = nimcert(&["audit", "--claim", "B.Sec5", "--format", "json"]);
    let ids: Vec<String> = rows(&json)
        .iter()
        .map(|r| r["id"].as_str().unwrap().to_string())
        .collect();
    assert!(ids.len() >= 4, "{ids:?}");
    assert!(rows(&json).iter().all(|r| r["statement"].is_string()));
}

/// The octal claims' ids are short, and the former long ids still select
/// them; a selector that matches nothing is named as given.
#[test]
fn the_former_long_octal_ids_still_select_their_claims() {
    let long = "O.Games-of-No-Chance-5---Searching-for-periodicity-in-Officers-.0.6";
    for selector in [long, "O.GONC5.0.6", "O.Games-of-No-Chance"] {
        let out = nimcert(&["audit", "--claim", selector, "--list"]);
        assert_eq!(code(&out), 0, "{selector}: {}", text(&out.stderr));
        let listed = text(&out.stdout);
        assert_eq!(listed.lines().count(), 1, "{selector}: {listed}");
        assert!(listed.starts_with("O.GONC5.0.6\t"), "{selector}: {listed}");
    }
    let out = nimcert(&["audit", "--claim", "O.OEIS-A071443", "--list"]);
    assert!(
        text(&out.stdout).starts_with("O.A071443."),
        "{}",
        text(&out.stdout)
    );
    let out = nimcert(&["audit", "--claim", "Z.nothing"]);
    assert_eq!(code(&out), 2);
    let stderr = text(&out.stderr);
    assert_eq!(
        stderr.trim_end(),
        "nimcert: no claim id starts with Z.nothing (nimcert audit --list lists them)"
    );
}

/// Certificates over --max-cert-bytes: exit 3 naming the flag, and a
/// folder created for them is removed again; a folder that existed stays.
#[test]
fn certificates_over_the_limit_leave_no_new_folder() {
    let dir = temp("cert-limit");
    let args = |d: &Path| {
        nimcert(&[
            "audit",
            "--claim",
            "A.Prop7",
            "--certs",
            d.to_str().unwrap(),
            "--max-cert-bytes",
            "1",
        ])
    };
    let out = args(&dir);
    assert_eq!(code(&out), 3);
    assert!(text(&out.stderr).contains("--max-cert-bytes"));
    assert!(
        !dir.exists(),
        "the folder created for the certificates is removed"
    );
    std::fs::create_dir_all(&dir).unwrap();
    assert_eq!(code(&args(&dir)), 3);
    assert!(dir.is_dir(), "a folder that existed is left");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The test seam flips one instance of every claim, as a one-character
/// change to each closed form would: the baseline comparison exits 1 and
/// its diff names every claim.
#[test]
fn a_perturbed_closed_form_is_caught_by_the_baseline() {
    let out = nimcert(&[
        "audit",
        "--baseline",
        "audit.expected",
        "--perturb",
        "A",
        "--perturb",
        "B",
        "--perturb",
        "O",
    ]);
    assert_eq!(code(&out), 1);
    let diff = text(&out.stderr);
    assert!(
        diff.contains("--- audit.expected") && diff.contains("+++ this run"),
        "{diff}"
    );
    let expected: Value = serde_json::from_str(
        &std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("audit.expected"))
            .unwrap(),
    )
    .unwrap();
    for entry in expected["claims"].as_array().unwrap() {
        let id = entry["id"].as_str().unwrap();
        assert!(
            diff.lines().any(|l| l.starts_with(&format!("+{id}: "))),
            "the diff does not show {id}"
        );
    }
}

/// One perturbed claim: exit 1, and the diff shows its old and new line.
#[test]
fn the_baseline_diff_is_readable() {
    let out = nimcert(&[
        "audit",
        "--claim",
        "A.Prop7",
        "--baseline",
        "audit.expected",
        "--perturb",
        "A.Prop7",
    ]);
    assert_eq!(code(&out), 1);
    let diff = text(&out.stderr);
    let old = diff
        .lines()
        .find(|l| l.starts_with("-A.Prop7: "))
        .expect("old line");
    let new = diff
        .lines()
        .find(|l| l.starts_with("+A.Prop7: "))
        .expect("new line");
    assert!(
        old.contains("holds (finite check), 882 applicable, 0 failing"),
        "{old}"
    );
    assert!(
        new.contains("fails (proof), 882 applicable, 1 failing"),
        "{new}"
    );
    assert!(
        !diff.contains("A.Remark8"),
        "only the selected claims are compared"
    );
}

#[test]
fn a_written_baseline_matches_and_an_edited_one_does_not() {
    let dir = temp("write");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("expected.json");
    let path = file.to_str().unwrap();
    let audit = |flag: &str, file: &str| {
        nimcert(&[
            "audit",
            "--claim",
            "B.Prop.W1",
            "--range",
            "size=..=6",
            flag,
            file,
        ])
    };
    let out = audit("--write-baseline", path);
    assert_eq!(code(&out), 0, "{}", text(&out.stderr));
    let out = audit("--baseline", path);
    assert_eq!(code(&out), 0, "{}", text(&out.stderr));
    let edited =
        std::fs::read_to_string(&file)
            .unwrap()
            .replacen("\"failing\": 0", "\"failing\": 1", 1);
    std::fs::write(&file, edited).unwrap();
    let out = audit("--baseline", path);
    assert_eq!(code(&out), 1);
    assert!(text(&out.stderr).contains("failing"));
    std::fs::write(&file, "not json").unwrap();
    assert_eq!(
        code(&audit("--baseline", path)),
        2,
        "a malformed baseline is bad input"
    );
    let missing = dir.join("missing");
    let out = audit("--baseline", missing.to_str().unwrap());
    assert_ne!(code(&out), 0, "a missing baseline");
    assert!(text(&out.stderr).contains("missing"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A range that leaves a selected claim with no instance: the claim is
/// "not checked", named in one `nimcert:` line of at most 400 characters,
/// and the exit is 2, unless a claim fails, which wins (exit 1), as the
/// README's table says.
#[test]
fn a_run_that_checks_nothing_does_not_exit_0() {
    let out = nimcert(&["audit", "--claim", "A.Prop7", "--range", "a=0"]);
    assert_eq!(code(&out), 2);
    assert!(text(&out.stdout).contains("not checked"));
    assert_one_message(&text(&out.stderr));
    let out = nimcert(&["audit", "--range", "a=0", "--claim", "A"]);
    assert_eq!(
        code(&out),
        2,
        "no A claim fails: the not-checked ones decide"
    );
    let stderr = text(&out.stderr);
    assert_one_message(&stderr);
    assert!(
        stderr.contains("selected claims were not checked"),
        "{stderr}"
    );
    assert!(stderr.contains(" more"), "{stderr}");
    // B.Sec5.W1.M still fails on the one-vertex tree: exit 1 wins.
    let out = nimcert(&["audit", "--claim", "B", "--range", "size=1"]);
    assert_eq!(code(&out), 1);
    assert!(text(&out.stdout).contains("not checked"));
    assert_one_message(&text(&out.stderr));
    let out = nimcert(&["audit", "--range", "a=0"]);
    assert_eq!(code(&out), 1, "paper B's failures win over A's not checked");
    assert_one_message(&text(&out.stderr));
    let out = nimcert(&["audit", "--claim", "B.Sec5.W2", "--range", "size=1"]);
    assert_eq!(code(&out), 2, "only not-checked claims: exit 2");
}

#[test]
fn a_huge_range_is_refused_before_any_work_naming_the_flag() {
    let out = nimcert(&["audit", "--claim", "A.Conj52", "--range", "c=..=1000000000"]);
    assert_eq!(code(&out), 3);
    assert!(text(&out.stderr).contains("--max-work"));
    let out = nimcert(&[
        "audit",
        "--claim",
        "A.Conj52",
        "--range",
        "c=..=1000000000",
        "--list",
    ]);
    assert_eq!(code(&out), 0, "--list does no work");
}

/// `--certs`: each certificate stored once, an index per claim, the size
/// printed first, every object accepted by the checker, and every
/// counterexample indexed.
#[test]
fn certificates_are_stored_once_and_accepted() {
    let dir = temp("certs");
    let out = nimcert(&[
        "audit",
        "--claim",
        "A.Prop29",
        "--claim",
        "B.Prop.W1",
        "--claim",
        "B.Cor.spectrum_sum.proof",
        "--range",
        "size=..=4",
        "--certs",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 1, "B.Prop.W1 fails");
    assert!(
        text(&out.stderr).contains("distinct objects"),
        "{}",
        text(&out.stderr)
    );
    let mut objects = 0;
    for entry in std::fs::read_dir(dir.join("objects")).unwrap() {
        let bytes = std::fs::read(entry.unwrap().path()).unwrap();
        let verdict = check_bytes(&bytes, &Limits::default());
        assert!(matches!(verdict, Verdict::Valid(_)), "{verdict:?}");
        objects += 1;
    }
    let mut references = 0;
    for id in [
        "A.Prop29",
        "A.Prop29.nondiv",
        "B.Prop.W1",
        "B.Cor.spectrum_sum.proof",
    ] {
        let index: Value = serde_json::from_str(
            &std::fs::read_to_string(dir.join("claims").join(format!("{id}.json"))).unwrap(),
        )
        .unwrap();
        let entries = index.as_array().unwrap();
        references += entries.len();
        for e in entries {
            assert!(dir.join(e["object"].as_str().unwrap()).exists());
        }
        if id != "A.Prop29.nondiv" {
            assert!(
                entries.iter().any(|e| e["role"] == "counterexample"),
                "{id}"
            );
        }
    }
    assert!(
        objects < references,
        "{objects} objects for {references} references"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn json_and_markdown_carry_the_verdicts() {
    let out = nimcert(&["audit", "--claim", "A.Prop29", "--format", "json"]);
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["verdicts"]["fragment"], 1);
    assert_eq!(json["verdicts"]["holds"], 1);
    assert_eq!(json["verdicts"]["reconstructed"], 1);
    let out = nimcert(&["audit", "--claim", "A.Prop29", "--format", "markdown"]);
    let md = text(&out.stdout);
    assert!(
        md.contains("| A.Prop29 |") && md.contains("fragment"),
        "{md}"
    );
}
