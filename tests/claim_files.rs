//! Claim files (issue 22): the ported entries of paper A agree with the
//! registry's Rust entries; the "for all x" proof rule proves what it may
//! and only that (a statement true below the check bound but false later
//! is never called proved); the shipped files' verdicts equal their
//! committed baseline; a hostile claim file is a one-line error.

mod record_common;

use nimcert::audit::file::{claims, FileLimits};
use nimcert::audit::report::{self, Row};
use nimcert::audit::{registry, Claim, ClaimResult, Scope, Verdict};
use std::path::Path;
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The claims of a claim file's text, parsed and type-checked.
fn from_text(name: &str, text: &str) -> Vec<Claim> {
    let file = nimcert_claims::parse(name, text.as_bytes(), &Default::default())
        .unwrap_or_else(|d| panic!("{}", d.render()));
    nimcert_claims::check(&file).unwrap_or_else(|d| panic!("{}", d.render()));
    claims(file, FileLimits::default())
}

fn from_file(relative: &str) -> Vec<Claim> {
    let text = std::fs::read_to_string(root().join(relative)).expect("claim file");
    from_text(relative, &text)
}

fn audit(claims: &[Claim]) -> Vec<(Row, ClaimResult)> {
    report::run(claims, &Scope::default(), &[], &|_| {})
}

/// One claim's row.
fn only(text: &str) -> (Row, ClaimResult) {
    let mut rows = audit(&from_text("test.toml", text));
    assert_eq!(rows.len(), 1);
    rows.remove(0)
}

#[test]
fn ported_entries_agree_with_the_registry() {
    let ported = from_file("examples/claims/paper-a.toml");
    let ids: Vec<String> = ported
        .iter()
        .map(|c| {
            c.id.strip_prefix("port.")
                .expect("port.<registry id>")
                .to_string()
        })
        .collect();
    let originals: Vec<Claim> = registry()
        .into_iter()
        .filter(|c| ids.iter().any(|id| id == c.id.as_ref()))
        .collect();
    assert_eq!(
        originals.len(),
        ported.len(),
        "every port names a registry entry"
    );
    // Theorem 2 of the issue (the two-move game) is Proposition 7 here;
    // Table 2's seven rows, Zhang's line and Moriwaki's theorem (§6).
    for id in [
        "A.Prop7",
        "A.Table2.row1",
        "A.Table2.row7",
        "A.Sec6.zhang",
        "A.Sec6.moriwaki",
    ] {
        assert!(ids.iter().any(|i| i == id), "{id} is ported");
    }
    let ours = audit(&ported);
    let theirs = audit(&originals);
    for (port, _) in &ours {
        let id = port.id.strip_prefix("port.").unwrap_or_default();
        let (original, _) = theirs
            .iter()
            .find(|(r, _)| r.id == id)
            .expect("the registry entry ran");
        assert_eq!(
            (port.verdict, port.applicable, port.failing, port.unchecked),
            (
                original.verdict,
                original.applicable,
                original.failing,
                original.unchecked
            ),
            "{id}: the port and the registry entry disagree"
        );
        assert!(port.applicable > 0, "{id} checked something");
    }
}

#[test]
fn a_shifted_statement_is_proved_for_all_x() {
    // The reverse-mex property of {2, 4n, 4n + 2}: every G argument is
    // x plus a constant, so one window of q + p positions decides it.
    let (row, _) = only(
        r#"
[[claim]]
id = "revmex"
source = "test"
quote = "G(x) = mex{G(x + s) : s in S}"
kind = "theorem"
game = "{2, 4*n, 4*n + 2}"
params = { n = "3..=6" }
assert = "forall x: G(x) == mex{G(x + s) : s in S}"
"#,
    );
    assert_eq!(row.verdict, Verdict::Holds);
    assert_eq!(row.applicable, 4);
    assert!(row.range.ends_with("; all x (proved)"), "{}", row.range);
}

#[test]
fn a_statement_failing_after_the_check_bound_is_never_called_proved() {
    // 2x ≠ 1000 is true for x < 400 and false at x = 500; 2x is not a
    // shifted x, so the proof rule does not apply and only x < 400 is
    // checked: the range says so, and it does not say "proved".
    let text = |below: u64| {
        format!(
            r#"
[[claim]]
id = "late"
source = "test"
quote = "2x is never 1000"
kind = "theorem"
game = "{{1, 2}}"
assert = "forall x: 2 * x != 1000"
check_below = {below}
"#
        )
    };
    let (row, _) = only(&text(400));
    assert_eq!(row.verdict, Verdict::Holds);
    assert!(row.range.contains("x < 400 only"), "{}", row.range);
    assert!(!row.range.contains("(proved)"), "{}", row.range);
    let (row, _) = only(&text(600));
    assert_eq!(row.verdict, Verdict::Fails);
    assert!(
        row.counterexamples[0].contains("x = 500"),
        "{:?}",
        row.counterexamples
    );
}

#[test]
fn a_shifted_statement_failing_beyond_the_check_bound_is_found() {
    // {6, 23, 100} has q = 485, p = 123, so G(484) ≠ G(607). The
    // assertion below is true at every x but 484 (where the residue test
    // lets the comparison through), far beyond check_below = 100. x occurs
    // only shifted (in `x mod 700` and in G's arguments), so the proof
    // window, which runs to X0 + lcm(123, 700) whatever check_below says,
    // finds the failure.
    let (row, result) = only(
        r#"
[[claim]]
id = "late-shift"
source = "test"
quote = "period 123 from 0, at x = 484 (mod 700)"
kind = "theorem"
game = "{6, 23, 100}"
assert = "forall x: x mod 700 != 484 or G(x) == G(x + 123)"
check_below = 100
"#,
    );
    assert_eq!(row.verdict, Verdict::Fails);
    assert!(
        row.counterexamples[0].contains("x = 484")
            && row.counterexamples[0].contains("q = 485, p = 123"),
        "{:?}",
        row.counterexamples
    );
    assert!(
        row.range.ends_with("; all x (decided exactly)"),
        "{}",
        row.range
    );
    // The counterexample carries the game's certificate, which the checker
    // accepts.
    assert_eq!(result.examples[0].certificates.len(), 1);
    assert_eq!(row.certificates_accepted, Some(true));
}

#[test]
fn the_shipped_claim_files_match_their_baseline() {
    let files: Vec<String> = ["paper-a", "reverse-mex", "published", "pairing"]
        .iter()
        .map(|f| format!("examples/claims/{f}.toml"))
        .collect();
    let mut args = vec!["--claims"];
    args.extend(files.iter().map(String::as_str));
    args.extend(["--baseline", "examples/claims/claims.expected"]);
    record_common::audit_passes(&args);
}

#[test]
fn claims_check_points_at_the_error_with_a_caret() {
    let dir = std::env::temp_dir().join(format!("nimcert-claims-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("bad.toml");
    std::fs::write(
        &file,
        "[[claim]]\nid = \"x\"\nsource = \"s\"\nquote = \"q\"\nkind = \"theorem\"\ngame = \"{1, 2}\"\nassert = \"q == 1 +\"\n",
    )
    .expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_nimcert"))
        .args(["claims", "check"])
        .arg(&file)
        .output()
        .expect("nimcert runs");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 3, "{stderr}");
    assert!(
        lines[0].starts_with("nimcert: ") && lines[0].contains("bad.toml:7:"),
        "{stderr}"
    );
    assert!(lines[1].contains("assert = \"q == 1 +\""), "{stderr}");
    assert!(lines[2].trim_end().ends_with('^'), "{stderr}");
    // The caret stands under the column the first line names.
    let col: usize = lines[0]
        .split("bad.toml:7:")
        .nth(1)
        .and_then(|r| r.split(':').next())
        .and_then(|c| c.parse().ok())
        .expect("a column");
    let caret = lines[2].find('^').expect("caret");
    let line_start = lines[1].find("assert").expect("source line");
    assert_eq!(caret - line_start + 1, col, "{stderr}");
}

#[test]
fn range_sets_a_parameter_of_the_files() {
    let run = |range: &str| {
        Command::new(env!("CARGO_BIN_EXE_nimcert"))
            .current_dir(root())
            .args(["audit", "--claims", "examples/claims/reverse-mex.toml"])
            .args(["--claim", "conj.reverse-mex", "--range", range])
            .output()
            .expect("nimcert runs")
    };
    let out = run("n=3..=5");
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("open            3 instances  on 3 ≤ n ≤ 5; all x (proved)"),
        "{stdout}"
    );
    let out = run("m=3..=5");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("no claim of the files has a parameter 'm'"),
        "{stderr}"
    );
}

/// G on [0, n) by the mex rule itself, for the checks below.
fn naive_mex(moves: &[u64], n: usize) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(n);
    for x in 0..n {
        let options: Vec<u64> = moves
            .iter()
            .filter(|&&m| m as usize <= x)
            .map(|&m| g[x - m as usize])
            .collect();
        g.push((0..).find(|v| !options.contains(v)).expect("a mex"));
    }
    g
}

#[test]
fn lmm2026_reverse_mex_and_its_derived_word_against_naive_mex() {
    // The shipped entries LMM2026.reverse-mex(.n1, .n2) and
    // derived.2-4n-4n2.word, checked here without the engine or the
    // language: G by the mex rule on [0, 40n), the reverse mex
    // G(x) = mex{G(x + s)} wherever x + 4n + 2 is in range, and the word
    // G(x) = w(⌊x/2⌋ mod 4n), w = (01)^n (23)^n.
    for n in 1..=12u64 {
        let moves = [2, 4 * n, 4 * n + 2];
        let len = (40 * n) as usize;
        let g = naive_mex(&moves, len);
        for x in 0..len - (4 * n + 2) as usize {
            let after: Vec<u64> = moves.iter().map(|&s| g[x + s as usize]).collect();
            let mex = (0..).find(|v| !after.contains(v)).expect("a mex");
            assert_eq!(g[x], mex, "reverse mex fails for n = {n} at x = {x}");
        }
        for (x, &v) in g.iter().enumerate() {
            let r = (x as u64 / 2) % (4 * n);
            let word = if r < 2 * n { r % 2 } else { 2 + r % 2 };
            assert_eq!(v, word, "the derived word fails for n = {n} at x = {x}");
        }
    }
    // And the audit of the entries agrees (n = 1, 2 and 3..=100 hold).
    let rows = audit(&from_file("examples/claims/reverse-mex.toml"));
    for id in [
        "LMM2026.reverse-mex",
        "LMM2026.reverse-mex.n1",
        "LMM2026.reverse-mex.n2",
        "derived.2-4n-4n2.word",
    ] {
        let (row, _) = rows
            .iter()
            .find(|(r, _)| r.id == id)
            .expect("the entry ran");
        assert_eq!(row.verdict, Verdict::Holds, "{id}");
    }
}

/// An octal game with no period proved within --max-n is still known
/// exactly on [0, N): an assertion that reads G below N only is decided
/// there (no certificate: labelled so), one that reads G beyond, q or p is
/// not checked. Officers (0.6) starts 0, 0, 1, 2, 0, 1 (OEIS A046695).
#[test]
fn an_unsolved_octal_game_is_audited_on_its_values() {
    let dir = std::env::temp_dir().join(format!("nimcert-prefix-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("officers.toml");
    let claim = |id: &str, assert: &str| {
        format!(
            "[[claim]]\nid = \"{id}\"\nsource = \"s\"\nquote = \"q\"\nkind = \"example\"\n\
             game = \"octal 0.6\"\nassert = \"{assert}\"\n"
        )
    };
    let text = [
        claim(
            "terms",
            "G(0) == 0 and G(1) == 0 and G(2) == 1 and G(3) == 2 and G(4) == 0 and G(5) == 1",
        ),
        claim("wrong", "G(5) == 2"),
        claim("far", "G(3000) == 2"),
        claim("period", "p > 1"),
    ]
    .concat();
    std::fs::write(&file, text).expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_nimcert"))
        .args(["audit", "--format", "json", "--max-n", "2000", "--claims"])
        .arg(&file)
        .output()
        .expect("nimcert runs");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let row = |id: &str| {
        json["claims"]
            .as_array()
            .expect("claims")
            .iter()
            .find(|c| c["id"] == id)
            .cloned()
            .expect(id)
    };
    assert_eq!(row("terms")["verdict"], "holds");
    assert!(row("terms")["range"]
        .as_str()
        .unwrap()
        .contains("no period proved (exact, not certified)"));
    assert_eq!(row("wrong")["verdict"], "fails");
    assert_eq!(row("wrong")["uncertified"], true);
    assert!(row("wrong")["certificates_accepted"].is_null());
    for id in ["far", "period"] {
        assert_eq!(row(id)["verdict"], "not checked", "{id}");
        assert!(row(id)["not_checked"][0]
            .as_str()
            .unwrap()
            .contains("no period found below 2000"));
    }
}
