//! Claim files (issue 22): the ported entries of paper A agree with the
//! registry's Rust entries; the "for all x" proof rule proves what it may
//! and only that (a statement true below the check bound but false later
//! is never called proved); the shipped files' verdicts equal their
//! committed baseline; a hostile claim file is a one-line error.

mod record_common;

use nimcert::audit::file::{claims, claims_with_checker, recheck, FileLimits};
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

/// The ports of `file` (ids `port.<registry id>`) have the verdict and
/// counts of their registry entries, audited side by side; the ids that
/// must be among them.
fn ports_agree_with_the_registry(file: &str, required: &[&str]) {
    let ported: Vec<Claim> = from_file(file)
        .into_iter()
        .filter(|c| c.id.starts_with("port."))
        .collect();
    let ids: Vec<String> = ported
        .iter()
        .map(|c| c.id.strip_prefix("port.").unwrap_or_default().to_string())
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
    for id in required {
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
fn ported_paper_b_entries_agree_with_the_registry() {
    // Trees up to isomorphism with every W (vertex geometry), the printed
    // examples on an explicit tree and on affine point sets; two of them
    // fail as the registry's do (a typo, and the one-vertex tree).
    ports_agree_with_the_registry(
        "examples/claims/paper-b.toml",
        &[
            "B.Prop.W1",
            "B.Prop.W1.typo",
            "B.Sec5.W1.M",
            "B.Prop19",
            "B.Sec5.W2.M",
            "B.Thm.W2.even",
            "B.Ex15",
        ],
    );
}

#[test]
fn a_smallest_avoidance_counterexample_names_the_game_and_its_certificate_is_accepted() {
    // The registry's smallest counterexample of B.Prop.W1 is the path
    // 1-2-3-4 with W = {2}: (e, o) = (1, 1), printed 3, nim 2.
    let (row, result) = only(
        r#"
[[claim]]
id = "w1"
source = "test"
quote = "printed |W| = 1 rule"
kind = "theorem"
game = "tree-vertices(T)"
params = { n = "1..=5", T = "trees(n)", W = "subsets([1, n])" }
win = "W"
where = "card(W) == 1"
let = ["e = even(components(min(W)))", "o = odd(components(min(W)))"]
assert = "nim == (if o == 0 then 0 else (if e == 0 then 1 else 3))"
"#,
    );
    assert_eq!(row.verdict, Verdict::Fails);
    assert!(
        row.counterexamples[0].contains("tree-vertices 1-2,2-3,3-4 W={2}")
            && row.counterexamples[0].contains("nim = 2"),
        "{:?}",
        row.counterexamples
    );
    assert_eq!(result.examples[0].certificates.len(), 1);
    assert_eq!(row.certificates_accepted, Some(true));
}

#[test]
fn avoidance_words_agree_with_the_definitions_on_small_games() {
    // Each word against its definition, on every game of trees up to 6
    // vertices (vertex and edge geometries) and every W: Phi = ⋂𝓜; every
    // M is maximal non-generating (legal, and no legal one-point
    // extension); nim(P) by the mex rule over the legal options; the
    // class of a position holds its nim (nim0/nim1 by parity); Ex by its
    // definition through tau. Labelled trees on 4 vertices: 4^2 = 16.
    let entry = |id: &str, geometry: &str, params: &str| {
        format!(
            r#"
[[claim]]
id = "{id}"
source = "test"
quote = "the words"
kind = "theorem"
game = "{geometry}"
params = {params}
win = "W"
let = ["C = {{x : x in S, forall A in M: x in A}}"]
assert = "Phi == C and (forall A in M: legal(A) and (forall x in S minus A: not legal(A union {{x}}))) and nim == nim({{}}) and (forall v in S: legal({{v}}) implies nim({{v}}) != nim) and (forall I in classes: I subset S and (nim0(I) != nim1(I))) and Ex(W) == {{a : a in W, a not in tau(W minus {{a}})}} and (forall X in {{{{}}, {{1}}, {{1, 2}}}}: (X subset S and legal(X)) implies nim(X) == mex{{nim(X union {{x}}) : x in S minus X, legal(X union {{x}})}})"
"#
        )
    };
    let text = [
        entry(
            "vertices",
            "tree-vertices(T)",
            r#"{ n = "2..=6", T = "trees(n)", W = "subsets([1, n])" }"#,
        ),
        entry(
            "edges",
            "tree-edges(T)",
            r#"{ n = "3..=6", T = "trees(n)", W = "subsets([1, n - 1])" }"#,
        ),
        entry(
            "labelled",
            "tree-vertices(T)",
            r#"{ n = "4", T = "labelled_trees(n)", W = "subsets([1, n])" }"#,
        ),
    ]
    .concat();
    let rows = audit(&from_text("words.toml", &text));
    let counts: Vec<(Verdict, u64)> = rows
        .iter()
        .map(|(r, _)| (r.verdict, r.applicable))
        .collect();
    // trees on 2..=6 vertices: 1, 1, 2, 3, 6, with 2^n − 1 sets W each;
    // edge geometries on 3..=6 vertices: 2^(n−1) − 1 sets W.
    let vertices = 3 + 7 + 2 * 15 + 3 * 31 + 6 * 63;
    let edges = 3 + 2 * 7 + 3 * 15 + 6 * 31;
    assert_eq!(
        counts,
        vec![
            (Verdict::Holds, vertices),
            (Verdict::Holds, edges),
            (Verdict::Holds, 16 * 15)
        ],
        "{:?}",
        rows.iter()
            .map(|(r, _)| &r.counterexamples)
            .collect::<Vec<_>>()
    );
}

/// Grundy's game by its definition: G(n) = mex{G(a) ⊕ G(n − a) :
/// 1 ≤ a < n − a}.
fn naive_grundy(n: usize) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(n);
    for m in 0..n {
        let options: std::collections::BTreeSet<u64> = (1..m)
            .filter(|&a| a < m - a)
            .map(|a| g[a] ^ g[m - a])
            .collect();
        g.push((0..).find(|v| !options.contains(v)).unwrap_or(0));
    }
    g
}

/// A claim file's assertion on Grundy's game's terms on [0, 400).
fn grundy_terms(terms: &[u64]) -> String {
    let encoded: Vec<String> = terms
        .iter()
        .enumerate()
        .map(|(n, v)| (1000 * n as u64 + v).to_string())
        .collect();
    format!(
        r#"
[[claim]]
id = "grundy"
source = "test"
quote = "the values"
kind = "theorem"
game = "grundy"
let = ["T = {{{}}}"]
assert = "forall n in [0, 400): 1000 * n + G(n) in T"
check_below = 400
"#,
        encoded.join(", ")
    )
}

#[test]
fn grundys_game_in_a_claim_file_has_its_values_and_certifies_them() {
    // The claim file's G against the definition on [0, 400), and a term
    // changed at n = 250 is found there; both verdicts rest on a Grundy
    // certificate of G on [0, 400) that the checker accepts.
    let g = naive_grundy(400);
    let (row, result) = only(&grundy_terms(&g));
    assert_eq!((row.verdict, row.applicable), (Verdict::Holds, 1));
    assert!(
        row.range
            .contains("no period known (exact, certified by a Grundy certificate)"),
        "{}",
        row.range
    );
    assert!(!row.range.contains("not certified"), "{}", row.range);
    assert!(!result.uncertified);
    let mut changed = g.clone();
    changed[250] ^= 1;
    let (row, result) = only(&grundy_terms(&changed));
    assert_eq!(row.verdict, Verdict::Fails);
    assert!(
        row.counterexamples[0].contains("false at n = 250"),
        "{:?}",
        row.counterexamples
    );
    assert!(!row.uncertified);
    // The counterexample's certificate is the Grundy certificate of the
    // values the evaluation read, G on [0, 400) by the definition.
    let certificates = &result.examples[0].certificates;
    assert_eq!(certificates.len(), 1);
    match &certificates[0].claim {
        nimcert_check::format::Claim::Grundy(c) => {
            let values: Vec<u64> = c.values.iter().map(|&v| u64::from(v)).collect();
            assert_eq!(values, g);
        }
        other => panic!("a Grundy certificate, not {other:?}"),
    }
    assert_eq!(row.certificates_accepted, Some(true));
}

/// What holds on Grundy's game rests on its values: their Grundy
/// certificate is re-checked before "holds", and a checker that refuses it
/// leaves the instance not checked.
#[test]
fn a_grundy_instance_is_rechecked_by_the_checker_before_it_holds() {
    use std::sync::Arc;
    let text = grundy_terms(&naive_grundy(400));
    let file =
        nimcert_claims::parse("t.toml", text.as_bytes(), &Default::default()).expect("parses");
    nimcert_claims::check(&file).expect("checks");
    let disagree =
        Arc::new(|_: &nimcert_check::format::Certificate| Err("invalid: test".to_string()));
    let rows = audit(&claims_with_checker(file, FileLimits::default(), disagree));
    let (row, _) = &rows[0];
    assert_eq!(row.verdict, Verdict::NotChecked);
    assert!(
        row.not_checked[0].contains("checker disagreement"),
        "{:?}",
        row.not_checked
    );
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
    let files: Vec<String> = [
        "paper-a",
        "paper-b",
        "reverse-mex",
        "published",
        "pairing",
        "families",
        "grundy",
    ]
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
        stdout.contains("open            proved        3 instances  on 3 ≤ n ≤ 5; all x (proved)"),
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

/// `nimcert audit --claims FILE ARGS…` on `text`: (exit code, stdout,
/// stderr).
fn audit_text(name: &str, text: &str, args: &[&str]) -> (Option<i32>, String, String) {
    let dir = std::env::temp_dir().join(format!("nimcert-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("c.toml");
    std::fs::write(&file, text).expect("write");
    // `--width 0`: one line per row, statement and finding.
    let out = Command::new(env!("CARGO_BIN_EXE_nimcert"))
        .args(["audit", "--width", "0"])
        .args(args)
        .arg("--claims")
        .arg(&file)
        .output()
        .expect("nimcert runs");
    let _ = std::fs::remove_dir_all(&dir);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// One entry of a claim file on the game {1, 2, 3}.
fn entry(id: &str, assert: &str, extra: &str) -> String {
    format!(
        "[[claim]]\nid = \"{id}\"\nsource = \"s\"\nquote = \"q\"\nkind = \"theorem\"\n\
         game = \"{{1, 2, 3}}\"\nassert = \"{assert}\"\n{extra}\n"
    )
}

/// The JSON rows of an audit, by id.
fn json_rows(stdout: &str) -> std::collections::BTreeMap<String, serde_json::Value> {
    let json: serde_json::Value = serde_json::from_str(stdout).expect("json");
    json["claims"]
        .as_array()
        .expect("claims")
        .iter()
        .map(|c| (c["id"].as_str().expect("id").to_string(), c.clone()))
        .collect()
}

/// Issue 41: `exists x` checked below N that finds nothing below N read
/// "fails" with a "smallest counterexample" (exit 1), though it is true
/// at x = 50,000. Not found below N refutes nothing: not checked.
#[test]
fn an_exists_not_found_below_the_bound_is_not_checked_never_failing() {
    let text = [
        entry("exists", "exists x: 2 * x == 100000", "check_below = 10000"),
        entry(
            "not-forall",
            "not (forall x: 2 * x != 100000)",
            "check_below = 10000",
        ),
    ]
    .concat();
    let (code, stdout, stderr) = audit_text("exists", &text, &["--format", "json"]);
    assert_eq!(code, Some(2), "{stderr}");
    let rows = json_rows(&stdout);
    for id in ["exists", "not-forall"] {
        let row = &rows[id];
        assert_eq!(row["verdict"], "not checked", "{id}: {row}");
        assert_eq!(row["failing"], 0, "{id}");
        assert_eq!(row["counterexamples"].as_array().map(Vec::len), Some(0));
        let why = row["not_checked"][0].as_str().unwrap_or_default();
        assert!(why.contains("[0, 10000)"), "{id}: {why}");
    }
    // Found below N, it is decided (a witness).
    let text = entry("found", "exists x: 2 * x == 1000", "check_below = 10000");
    let (code, stdout, _) = audit_text("found", &text, &[]);
    assert_eq!(code, Some(0), "{stdout}");
    assert!(stdout.contains("holds"), "{stdout}");
}

/// Issue 41: a range of x that is empty below N read "holds", also when
/// the proof window overflows and the fallback range is empty.
#[test]
fn an_empty_checked_range_is_not_checked_never_holds() {
    let text = [
        entry(
            "beyond",
            "forall x >= 20000: x * 1 != 30000",
            "check_below = 10000",
        ),
        entry(
            "overflow",
            "forall x >= 9223372036854775805: (x mod 3) != 0",
            "",
        ),
    ]
    .concat();
    let (code, stdout, stderr) = audit_text("empty", &text, &["--format", "json"]);
    assert_eq!(code, Some(2), "{stderr}");
    let rows = json_rows(&stdout);
    for id in ["beyond", "overflow"] {
        let row = &rows[id];
        assert_eq!(row["verdict"], "not checked", "{id}: {row}");
        let why = row["not_checked"][0].as_str().unwrap_or_default();
        assert!(why.contains("nothing evaluated"), "{id}: {why}");
    }
}

/// Issue 41: `forall x: G(x) == mex{G(x - s) : s in S, s <= x}` was only
/// checked, silently. The output says why, and suggests the rewrite, which
/// is proved.
#[test]
fn a_checked_quantifier_says_why_and_the_rewrite_is_proved() {
    let text = [
        entry(
            "mex",
            "forall x: G(x) == mex{G(x - s) : s in S, s <= x}",
            "",
        ),
        entry(
            "mex.rewritten",
            "(forall x >= max(S): G(x) == mex{G(x - s) : s in S}) and \
             (forall x in [0, max(S)): G(x) == mex{G(x - s) : s in S, s <= x})",
            "",
        ),
    ]
    .concat();
    let (code, stdout, stderr) = audit_text("mex", &text, &[]);
    assert_eq!(code, Some(0), "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with("mex "))
        .expect("the row");
    assert!(lines[at].contains("x < 10,000 only"), "{stdout}");
    let note: Vec<&&str> = lines[at..]
        .iter()
        .take_while(|l| !l.starts_with("mex.rewritten"))
        .filter(|l| l.contains("not proved for all x:"))
        .collect();
    assert_eq!(note.len(), 1, "one note line: {stdout}");
    assert!(note[0].contains("`<=`"), "{stdout}");
    assert!(note[0].contains("forall x >= max(S)"), "{stdout}");
    let rewritten = lines
        .iter()
        .find(|l| l.starts_with("mex.rewritten"))
        .expect("the row");
    assert!(rewritten.contains("holds"), "{stdout}");
    assert!(rewritten.ends_with("all x (proved)"), "{stdout}");
}

/// Issue 41: a move over the engine's limit gave a message that repeats
/// itself (`big: big: line 2: move … exceeds the limit … (at move …
/// exceeds the limit …)`) and says nothing of what bounds it. It is one
/// sentence now, and the instance is not checked (as beyond
/// --max-positions): the limit is the engine's fixed one.
#[test]
fn a_move_over_the_limit_is_one_sentence() {
    let text = "[[claim]]\nid = \"big\"\nsource = \"s\"\nquote = \"q\"\nkind = \"theorem\"\n\
                game = \"{1, 2, 100000000}\"\nassert = \"q >= 0\"\n";
    let (code, stdout, stderr) = audit_text("big", text, &[]);
    assert_eq!(code, Some(2), "{stdout}{stderr}");
    let all = format!("{stdout}{stderr}");
    assert!(!all.contains("big: big"), "{all}");
    let reasons: Vec<&str> = stdout
        .lines()
        .filter(|l| l.contains("not checked: "))
        .collect();
    assert_eq!(reasons.len(), 1, "{stdout}");
    let why = reasons[0]
        .split_once("{1,2,100000000}: ")
        .map(|(_, why)| why)
        .expect("the label, once");
    assert_eq!(
        why,
        "the largest move 100000000 is over 16777216, the largest move the engine solves \
         (a fixed bound: no flag raises it)"
    );
}

/// Issue 41: in a file with two claims that leave instances not checked,
/// the count of instances not checked was given to the wrong claim.
#[test]
fn instances_not_checked_are_counted_for_their_own_claims() {
    let game = |id: &str, game: &str, params: &str| {
        format!(
            "[[claim]]\nid = \"{id}\"\nsource = \"s\"\nquote = \"q\"\nkind = \"theorem\"\n\
             game = \"{game}\"\nparams = {{ c = \"{params}\" }}\nassert = \"q >= 0\"\n"
        )
    };
    let text = [
        game("first", "{1, 2, c}", "3..=6"),
        game("second", "{1, c}", "12..=13"),
    ]
    .concat();
    let (code, stdout, stderr) = audit_text("counts", &text, &["--max-positions", "12"]);
    assert_eq!(code, Some(2), "{stdout}{stderr}");
    // first: 1 of 4 not checked (partly checked); second: 2 of 2 (not
    // checked at all).
    assert!(
        stdout.contains("3/4 instances checked, 1 not checked"),
        "{stdout}"
    );
    assert!(
        stdout.contains("0/2 instances checked, 2 not checked"),
        "{stdout}"
    );
    assert!(
        stderr.contains("1 instance of 1 claim was not checked") && stderr.contains(": first"),
        "{stderr}"
    );
    assert!(!stderr.contains("3 instances of 1 claim"), "{stderr}");
    // second had applicable instances, each over a bound: not "no
    // applicable instance".
    assert!(
        stderr.contains("1 selected claim was not checked (every instance reached a bound")
            && stderr.contains("): second"),
        "{stderr}"
    );
    assert!(!stderr.contains("no applicable instance"), "{stderr}");
}

/// Issue 41: "proved for all x" rested on the engine's (q, p) unchecked
/// (only counterexamples' certificates were re-checked). Every holding
/// instance's certificate is now re-checked by the checker's library first;
/// when the checker disagrees the instance is not checked, never "holds".
#[test]
fn a_proved_instance_is_rechecked_by_the_checker_before_it_reads_proved() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    let text = r#"
[[claim]]
id = "revmex"
source = "test"
quote = "G(x) = mex{G(x + s) : s in S}"
kind = "theorem"
game = "{2, 4*n, 4*n + 2}"
params = { n = "3..=5" }
assert = "forall x: G(x) == mex{G(x + s) : s in S}"
"#;
    let parsed = || {
        let file =
            nimcert_claims::parse("t.toml", text.as_bytes(), &Default::default()).expect("parses");
        nimcert_claims::check(&file).expect("checks");
        file
    };
    // The real checker: consulted once per instance, accepts, proved.
    let calls = Arc::new(AtomicUsize::new(0));
    let counted = calls.clone();
    let checker = Arc::new(move |c: &nimcert_check::format::Certificate| {
        counted.fetch_add(1, Ordering::SeqCst);
        recheck(c)
    });
    let rows = audit(&claims_with_checker(
        parsed(),
        FileLimits::default(),
        checker,
    ));
    let (row, _) = &rows[0];
    assert_eq!(row.verdict, Verdict::Holds);
    assert!(row.range.ends_with("all x (proved)"), "{}", row.range);
    assert_eq!(calls.load(Ordering::SeqCst), 3, "one re-check per instance");
    // A checker that disagrees with the engine: nothing reads proved.
    let disagree =
        Arc::new(|_: &nimcert_check::format::Certificate| Err("invalid: test".to_string()));
    let rows = audit(&claims_with_checker(
        parsed(),
        FileLimits::default(),
        disagree,
    ));
    let (row, _) = &rows[0];
    assert_eq!(row.verdict, Verdict::NotChecked);
    assert_eq!((row.applicable, row.unchecked), (0, 3));
    assert!(
        row.not_checked[0].contains("checker disagreement"),
        "{:?}",
        row.not_checked
    );
    // And `recheck` is the checker's verdict: it accepts the engine's
    // certificate of {2, 12, 14} and rejects one whose period is changed.
    let set = nimcert::moves::MoveSet::new(&[2, 12, 14]).expect("moves");
    let game = nimcert::solve::solve(&set, &Default::default()).expect("solved");
    let good = nimcert::certify::sequence_certificate(&game, nimcert::certify::search_provenance());
    assert_eq!(recheck(&good), Ok(()));
    let mut bad = good.clone();
    match &mut bad.claim {
        nimcert_check::format::Claim::Sequence(c) => c.period += 1,
        nimcert_check::format::Claim::PackedSequence(c) => c.period += 1,
        other => panic!("a sequence certificate, not {other:?}"),
    }
    assert!(recheck(&bad).is_err());
}

/// An `every_c` claim on {a, b, c}, c ≡ rho (mod a + b).
fn every_c(params: &str, assert: &str, extra: &str) -> String {
    format!(
        r#"
[[claim]]
id = "fam"
source = "test"
quote = "for every c"
kind = "theorem"
game = "{{a, b, c}}"
params = {{ {params} }}
every_c = "rho"
assert = "{assert}"
{extra}
"#
    )
}

/// Runs the `nimcert` binary's audit on one claim file's text: exit code,
/// stdout, stderr.
fn audit_fam(text: &str, extra: &[&str]) -> (Option<i32>, String, String) {
    let dir = std::env::temp_dir().join(format!(
        "nimcert-every-c-{}-{}",
        std::process::id(),
        text.len()
    ));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("fam.toml");
    std::fs::write(&file, text).expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_nimcert"))
        .args(["audit", "--width", "0", "--claims"])
        .arg(&file)
        .args(extra)
        .output()
        .expect("nimcert runs");
    let _ = std::fs::remove_dir_all(&dir);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn every_c_is_proved_for_every_c_from_a_family_certificate() {
    // (i) Table 1 row 4 at (3, 5, 2): `nimcert family --a 3 --b 5` says
    // "least period c + 5" from c = 10.
    let row4 = r#"a = "3", b = "5", rho = "2""#;
    let (code, stdout, _) = audit_fam(&every_c(row4, "q == 0 and p == c + b", ""), &[]);
    assert_eq!(code, Some(0), "{stdout}");
    assert!(
        stdout.contains("holds") && stdout.contains("every c ≡ rho (mod a + b), c > b (proved)"),
        "{stdout}"
    );
    let (_, json, _) = audit_fam(
        &every_c(row4, "q == 0 and p == c + b", ""),
        &["--format", "json"],
    );
    assert!(
        json.contains(
            "\"range\": \"a = 3, b = 5, rho = 2; every c ≡ rho (mod a + b), c > b (proved)\""
        ),
        "{json}"
    );
    // (ii) a false one: the smallest counterexample c, its certificate
    // accepted.
    let (code, stdout, _) = audit_fam(&every_c(row4, "p == c + a", ""), &[]);
    assert_eq!(code, Some(1), "{stdout}");
    assert!(
        stdout.contains("smallest counterexample: a=3, b=5, rho=2, c=10 {3,5,10}: false (q = 0, p = 15); its certificate is accepted"),
        "{stdout}"
    );
    // (v) false for small c, true from c = 35 on: never "proved", the
    // smallest failing c; and true first, false from c = 42 on (found by
    // the decision beyond every member the certificate's k0 leaves).
    let (_, stdout, _) = audit_fam(&every_c(row4, "p >= 40", ""), &[]);
    assert!(
        stdout.contains("fails") && stdout.contains("c=10 {3,5,10}"),
        "{stdout}"
    );
    let (_, stdout, _) = audit_fam(&every_c(row4, "p < 40", ""), &[]);
    assert!(
        stdout.contains("fails") && stdout.contains("c=42 {3,5,42}: false (q = 0, p = 47)"),
        "{stdout}"
    );
}

#[test]
fn every_c_falls_back_to_the_finite_verdict_with_a_note() {
    let row4 = r#"a = "3", b = "5", rho = "2""#;
    // (iii) outside the affine subset: c < check_below only, with the note.
    for assert in ["q == 0 and c mod 3 >= 0", "G(c) == G(c + p)"] {
        let (code, stdout, _) = audit_fam(&every_c(row4, assert, "check_below = 300"), &[]);
        assert_eq!(code, Some(0), "{stdout}");
        assert!(
            stdout.contains("c < 300 only (not proved for every c)")
                && stdout.contains("not proved for every c: ")
                && stdout.contains("outside the affine subset"),
            "{stdout}"
        );
        assert!(!stdout.contains("(proved)"), "{stdout}");
    }
    // (iv) a pre-periodic class: its PrePeriodicFamily certificate decides
    // `q == 0` exactly, failing at its first member past c = a + b.
    let (code, stdout, _) = audit_fam(
        &every_c(r#"a = "2", b = "5", rho = "0""#, "q == 0", ""),
        &[],
    );
    assert_eq!(code, Some(1), "{stdout}");
    assert!(
        stdout.contains("c=14 {2,5,14}: false (q = 22, p = 16)")
            && stdout.contains("(decided exactly)"),
        "{stdout}"
    );
}

#[test]
fn hostile_every_c_claims_are_refused_or_bounded() {
    // (vi) not {a, b, c}: a type error with its position, exit 2.
    let text =
        every_c(r#"a = "3", b = "5", rho = "2""#, "q == 0", "").replace("{a, b, c}", "{a, b, 2*c}");
    let (code, _, stderr) = audit_fam(&text, &[]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("fam.toml:7:") && stderr.contains("must be `{a, b, c}`"),
        "{stderr}"
    );
    // A residue ≥ a + b: an input error at `every_c`, exit 2.
    let (code, _, stderr) = audit_fam(
        &every_c(r#"a = "3", b = "5", rho = "0..=a+b""#, "q == 0", ""),
        &[],
    );
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("rho = 8 is not in [0, a + b)"), "{stderr}");
    // Huge values: no family certificate, no member below check_below,
    // not checked (never "holds"); no overflow, no wrap.
    let (code, stdout, stderr) = audit_fam(
        &every_c(
            r#"a = "9223372036854775000", b = "a + 1", rho = "0""#,
            "q == 0 and p == c + b",
            "",
        ),
        &[],
    );
    // Not an input error, not a failure: a claim not checked at all (exit
    // 2 as documented, with its row on stdout).
    assert_eq!(code, Some(2), "{stdout}{stderr}");
    assert!(stdout.contains("not checked"), "{stdout}");
    assert!(!stdout.contains("(proved)"), "{stdout}");
    // Thousands of classes: refused by --max-work before anything runs.
    let (code, _, stderr) = audit_fam(
        &every_c(
            r#"a = "1..=1000", b = "a+1..=1000", rho = "0..a+b""#,
            "q == 0",
            "",
        ),
        &[],
    );
    assert_eq!(code, Some(3), "{stderr}");
    assert!(stderr.contains("--max-work"), "{stderr}");
}

/// A pre-periodic class (docs/NECESSITY.md): `every_c` reads "proved for
/// every c" from its `PrePeriodicFamily` certificate when the assertion is
/// affine in c, q and p, and a false variant fails at its smallest c.
#[test]
fn every_c_is_proved_on_a_preperiodic_class() {
    // {2, 5, 7k}: q = 7k + 8 = c + 8, p = 7k + 2 = c + 2 from k = 2; the
    // member c = 7 = a + b (k = 1) is purely periodic.
    let class = r#"a = "2", b = "5", rho = "0""#;
    let holds = "c == a + b or (q == c + 8 and p == c + 2)";
    let (code, stdout, _) = audit_fam(&every_c(class, holds, ""), &[]);
    assert_eq!(code, Some(0), "{stdout}");
    assert!(
        stdout.contains("holds") && stdout.contains("(proved)"),
        "{stdout}"
    );
    let (code, stdout, _) = audit_fam(&every_c(class, "c == a + b or q == c + 9", ""), &[]);
    assert_eq!(code, Some(1), "{stdout}");
    assert!(
        stdout.contains("c=14 {2,5,14}: false (q = 22, p = 16)"),
        "{stdout}"
    );
    // Conjecture 52 one way on {3, 5}, ρ = 1: no angle test admits it.
    let (code, stdout, _) = audit_fam(&every_c(r#"a = "3", b = "5", rho = "1""#, "q > 0", ""), &[]);
    assert_eq!(code, Some(0), "{stdout}");
    assert!(stdout.contains("(proved)"), "{stdout}");
}
