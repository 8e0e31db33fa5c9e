//! The `nimcheck` binary: exit codes, output lines, directory walking,
//! JSON output and every limit flag.

mod common;

use common::*;
use nimcert_check::format::Claim;
use nimcert_check::to_ron;
use std::path::{Path, PathBuf};
use std::process::Command;

struct Dir(PathBuf);

impl Dir {
    fn new(name: &str) -> Dir {
        let path = std::env::temp_dir().join(format!("nimcheck-cli-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).unwrap();
        Dir(path)
    }
    fn file(&self, name: &str, text: &str) -> PathBuf {
        let path = self.0.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        path
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn valid_text() -> String {
    to_ron(&certificate(Claim::Sequence(sequence_claim(&[2, 5, 7]))))
}

fn invalid_text() -> String {
    let mut c = pset_claim(&[2, 5, 7], 22);
    c.cover.pop();
    to_ron(&certificate(Claim::PSet(c)))
}

fn undecidable_text() -> String {
    "(format: 9)".to_string()
}

fn run(args: &[&Path], flags: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_nimcheck"))
        .args(flags)
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
    )
}

#[test]
fn one_file_of_each_verdict() {
    let d = Dir::new("each");
    let v = d.file("v.ron", &valid_text());
    let i = d.file("i.ron", &invalid_text());
    let u = d.file("u.ron", &undecidable_text());
    let (code, out) = run(&[&v], &[]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        format!(
            "OK {}: S = {{2,5,7}}: nim-sequence purely periodic, least period 22; values \
             0,0,1,1,0,2,1,3,2,2,0,3,1,0,0,1,1,2,2,3,3,2; P-positions {{0,1,4,10,13,14}} mod 22\n",
            v.display()
        )
    );
    let (code, out) = run(&[&i], &[]);
    assert_eq!(code, 1);
    assert_eq!(
        out,
        format!(
            "REJECTED {}: no cover witness for residue 21\n",
            i.display()
        )
    );
    let (code, out) = run(&[&u], &[]);
    assert_eq!(code, 2);
    assert_eq!(
        out,
        format!(
            "UNDECIDED {}: unsupported format version 9 (this checker reads versions 1 to 8)\n",
            u.display()
        )
    );
}

#[test]
fn invalid_dominates_undecidable_in_any_order() {
    let d = Dir::new("order");
    let v = d.file("v.ron", &valid_text());
    let i = d.file("i.ron", &invalid_text());
    let u = d.file("u.ron", &undecidable_text());
    assert_eq!(run(&[&v, &v], &[]).0, 0);
    assert_eq!(run(&[&v, &u, &v], &[]).0, 2);
    assert_eq!(run(&[&u, &v], &[]).0, 2);
    assert_eq!(run(&[&u, &i], &[]).0, 1);
    assert_eq!(run(&[&i, &u], &[]).0, 1);
    assert_eq!(run(&[&i, &v], &[]).0, 1);
    assert_eq!(run(&[&v, &i, &v], &[]).0, 1);
    let (code, out) = run(&[&u, &i, &v], &[]);
    assert_eq!(code, 1);
    assert_eq!(out.lines().count(), 3);
}

#[test]
fn directories_are_walked_recursively_in_sorted_order() {
    let d = Dir::new("walk");
    d.file("b.ron", &valid_text());
    d.file("a/z.ron", &valid_text());
    d.file("a/notes.txt", "not a certificate");
    d.file("c/d/e.ron", &valid_text());
    // The file that is not a certificate is a SKIPPED line at its place,
    // and the skip keeps the exit from 0 unless it is accepted.
    let expected: Vec<String> = ["a/notes.txt", "a/z.ron", "b.ron", "c/d/e.ron"]
        .iter()
        .map(|f| d.0.join(f).display().to_string())
        .collect();
    for (flags, code) in [(&[][..], 2), (&["--allow-skips"][..], 0)] {
        let (got, out) = run(&[&d.0], flags);
        assert_eq!(got, code, "{flags:?}: {out}");
        let files: Vec<&str> = out
            .lines()
            .map(|l| l.split(": ").next().unwrap().split_once(' ').unwrap().1)
            .collect();
        assert_eq!(files, expected, "{flags:?}");
        let labels: Vec<&str> = out.lines().map(|l| l.split(' ').next().unwrap()).collect();
        assert_eq!(labels, ["SKIPPED", "OK", "OK", "OK"], "{out}");
    }
    d.file("a/y.ron", &invalid_text());
    assert_eq!(run(&[&d.0], &[]).0, 1);
}

#[test]
fn missing_paths_are_io_errors() {
    let d = Dir::new("missing");
    let v = d.file("v.ron", &valid_text());
    let gone = d.0.join("gone.ron");
    let (code, out) = run(&[&gone], &[]);
    assert_eq!(code, 4);
    assert!(out.starts_with("UNREADABLE "), "{out}");
    assert!(out.contains("gone.ron"), "{out}");
    assert_eq!(run(&[&v, &gone], &[]).0, 4);
    // A path that is listed explicitly is read whatever its extension.
    let t = d.file("t.txt", &valid_text());
    assert_eq!(run(&[&t], &[]).0, 0);
    // A file that cannot be read is an I/O error, not a crash.
    let (code, _) = run(&[Path::new("/proc/self/mem")], &[]);
    assert_eq!(code, 4);
}

#[test]
fn json_output() {
    let d = Dir::new("json");
    let v = d.file("v.ron", &valid_text());
    let u = d.file("u.ron", "garbage");
    let i = d.file("i.ron", &invalid_text());
    let (code, out) = run(&[&v, &u, &i], &["--json"]);
    assert_eq!(code, 1);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["verdict"], "ok");
    assert_eq!(lines[0]["file"], v.display().to_string());
    assert!(lines[0]["message"]
        .as_str()
        .unwrap()
        .starts_with("S = {2,5,7}"));
    assert!(lines[0]["provenance"]
        .as_str()
        .unwrap()
        .starts_with("Search"));
    assert_eq!(lines[1]["verdict"], "undecided");
    assert!(lines[1]["provenance"].is_null());
    assert_eq!(lines[2]["verdict"], "rejected");
    assert_eq!(lines[2]["message"], "no cover witness for residue 21");
}

#[test]
fn every_limit_flag_reaches_the_checker() {
    let d = Dir::new("flags");
    let text = valid_text();
    let v = d.file("v.ron", &text);
    let n = text.len().to_string();
    let n1 = (text.len() - 1).to_string();
    for (flag, ok, refused, needle) in [
        ("--max-moves", "3", "2", "(--max-moves)"),
        ("--max-move", "7", "6", "(--max-move)"),
        ("--max-period", "22", "21", "(--max-period)"),
        // (q + p + c)·(|S| + 4) = (22 + 7)·7
        ("--max-work", "203", "202", "(--max-work)"),
        (
            "--max-file-bytes",
            n.as_str(),
            n1.as_str(),
            "(--max-file-bytes)",
        ),
    ] {
        let (code, out) = run(&[&v], &[flag, ok]);
        assert_eq!(code, 0, "{flag} {ok}: {out}");
        let (code, out) = run(&[&v], &[flag, refused]);
        assert_eq!(code, 3, "{flag} {refused}: {out}");
        assert!(out.starts_with("LIMIT "), "{flag} {refused}: {out}");
        assert!(out.contains(needle), "{flag} {refused}: {out}");
    }
}

#[test]
fn an_oversized_file_is_refused_without_reading_it() {
    let d = Dir::new("big");
    let path = d.0.join("big.ron");
    let file = std::fs::File::create(&path).unwrap();
    file.set_len(1 << 30).unwrap(); // sparse
    let start = std::time::Instant::now();
    let (code, out) = run(&[&path], &[]);
    assert_eq!(code, 3);
    assert!(
        out.contains("exceeds the limit of 4194304 bytes (--max-file-bytes)"),
        "{out}"
    );
    assert!(start.elapsed().as_secs() < 5);
}

#[test]
fn usage_errors() {
    let out = Command::new(env!("CARGO_BIN_EXE_nimcheck"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn avoidance_limit_flags_reach_the_checker() {
    let d = Dir::new("avflags");
    // Paper B, §2 closure system with W = {0}: |S| = 4, one class.
    let text = "(format: 1, provenance: (tool: \"t\", method: Search(engine: \"t\")), \
        claim: Avoidance((geometry: Closure(points: 4, convex_sets: [[1, 2], [0, 1, 2], [1, 2, 3], [0, 1, 2, 3]]), \
        win: [0], nim: 1, maximal: [[1, 2, 3]], \
        classes: [(set: [1, 2, 3], parity: 1, nim0: 1, nim1: 0, options: [])])))";
    let v = d.file("v.ron", text);
    assert_eq!(run(&[&v], &[]).0, 0);
    for (flag, ok, refused, needle) in [
        ("--max-points", "4", "3", "(--max-points)"),
        ("--max-classes", "1", "0", "(--max-classes)"),
    ] {
        let (code, out) = run(&[&v], &[flag, ok]);
        assert_eq!(code, 0, "{flag} {ok}: {out}");
        let (code, out) = run(&[&v], &[flag, refused]);
        assert_eq!(code, 3, "{flag} {refused}: {out}");
        assert!(out.contains(needle), "{flag} {refused}: {out}");
    }
}

// ---- issue 11: fail closed, never block, one exit-code table ----

fn nimcheck() -> Command {
    Command::new(env!("CARGO_BIN_EXE_nimcheck"))
}

/// Runs with a deadline: a hang fails the test instead of blocking it.
fn run_within(args: &[&Path], flags: &[&str], secs: u64) -> (i32, String, String) {
    let mut child = nimcheck()
        .args(flags)
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let out = child.wait_with_output().unwrap();
            return (
                status.code().unwrap(),
                String::from_utf8(out.stdout).unwrap(),
                String::from_utf8(out.stderr).unwrap(),
            );
        }
        if start.elapsed().as_secs() >= secs {
            child.kill().unwrap();
            let _ = child.wait();
            panic!("nimcheck {flags:?} {args:?} did not finish in {secs} s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

#[test]
fn help_prints_the_exit_table() {
    let out = nimcheck().arg("--help").output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let help = String::from_utf8(out.stdout).unwrap();
    for row in [
        "0  every certificate is valid",
        "1  some certificate is invalid",
        "2  bad input or undecided",
        "3  a limit was reached",
        "4  an I/O error",
    ] {
        assert!(help.contains(row), "{row}: {help}");
    }
    // Help that cannot be written is not a success either.
    let full = std::fs::File::create("/dev/full").unwrap();
    let out = nimcheck().arg("--help").stdout(full).output().unwrap();
    assert_eq!(out.status.code(), Some(4));
}

/// One test per row of the exit-status table.
#[test]
fn exit_status_row_0_valid() {
    let d = Dir::new("row0");
    let v = d.file("v.ron", &valid_text());
    let (code, out) = run(&[&v, &v], &["--jobs", "2"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().filter(|l| l.starts_with("OK ")).count(), 2);
}

#[test]
fn exit_status_row_1_invalid() {
    let d = Dir::new("row1");
    let v = d.file("v.ron", &valid_text());
    let i = d.file("i.ron", &invalid_text());
    // 1 wins over 2, 3 and 4: the sequence (203 work units) is over the
    // limit, the P-set (146) is checked and rejected.
    let g = d.file("g.ron", "garbage");
    let (code, out) = run(&[&v, &i, &g, &d.0.join("gone.ron")], &["--max-work", "150"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        ["LIMIT ", "REJECTED ", "UNDECIDED ", "UNREADABLE "]
            .iter()
            .all(|label| out.contains(label)),
        "{out}"
    );
}

#[test]
fn exit_status_row_2_bad_input() {
    let d = Dir::new("row2");
    let empty = d.0.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let cases: Vec<(PathBuf, &str)> = vec![
        (
            empty.clone(),
            "no *.ron certificates in this folder: nothing was checked",
        ),
        (d.file("garbage.ron", "garbage"), "parse error"),
        (
            d.file("v9.ron", "(format: 9)"),
            "unsupported format version 9",
        ),
        (d.file("binary.ron", "\u{0}\u{1}"), "parse error"),
    ];
    for (path, needle) in cases {
        let (code, out) = run(&[&path], &[]);
        assert_eq!(code, 2, "{out}");
        assert!(
            out.starts_with("UNDECIDED ") && out.contains(needle),
            "{out}"
        );
        assert_eq!(out.lines().count(), 1, "{out}");
    }
    // A usage error.
    let out = nimcheck().arg("--jobs").arg("0").arg("x").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = nimcheck().arg("--no-such-flag").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    // One error style with nimcert: one line, `nimcheck: …`.
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("nimcheck: unexpected argument '--no-such-flag'"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    let out = nimcheck().output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("nimcheck: the following required arguments"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    // 3 wins over 2, and 4 over 3.
    let v = d.file("v.ron", &valid_text());
    assert_eq!(
        run(&[&d.0.join("garbage.ron"), &v], &["--max-move", "6"]).0,
        3
    );
    assert_eq!(run(&[&d.0.join("gone.ron"), &v], &["--max-move", "6"]).0, 4);
}

#[test]
fn exit_status_row_3_limits_name_their_flag() {
    let d = Dir::new("row3");
    let v = d.file("v.ron", &valid_text());
    for flag in [
        "--max-file-bytes",
        "--max-moves",
        "--max-move",
        "--max-period",
        "--max-work",
    ] {
        let (code, out) = run(&[&v], &[flag, "1"]);
        assert_eq!(code, 3, "{flag}: {out}");
        assert!(
            out.starts_with("LIMIT ") && out.contains(&format!("({flag})")),
            "{out}"
        );
    }
}

#[test]
fn exit_status_row_4_the_report_cannot_be_written() {
    let d = Dir::new("row4");
    let v = d.file("v.ron", &valid_text());
    let i = d.file("i.ron", &invalid_text());
    for file in [&v, &i] {
        let full = std::fs::File::create("/dev/full").unwrap();
        let out = nimcheck().arg(file).stdout(full).output().unwrap();
        assert_eq!(out.status.code(), Some(4));
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains("cannot write the report"), "{err}");
    }
    // A path that cannot be read is an I/O error too, beside a valid one.
    let (code, out) = run(&[&v, &d.0.join("gone.ron")], &[]);
    assert_eq!(code, 4, "{out}");
    assert!(
        out.lines()
            .nth(1)
            .is_some_and(|l| l.starts_with("UNREADABLE ") && l.contains("cannot read: ")),
        "{out}"
    );
    // 2,001 valid files and then an invalid one, read by a reader that
    // stops after one line (like `| head -1`): never exit 0.
    for k in 0..2001 {
        d.file(&format!("many/a{k:04}.ron"), &valid_text());
    }
    d.file("many/z.ron", &invalid_text());
    let mut child = nimcheck()
        .arg(d.0.join("many"))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 3];
    std::io::Read::read_exact(&mut stdout, &mut first).unwrap();
    assert_eq!(&first, b"OK ");
    drop(stdout);
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(4));
    // The message counts the lines written before the pipe closed: at
    // least the one that was read, never all 2,002.
    let written: usize = err
        .split("stopped with at most ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{err}"));
    assert!((1..2002).contains(&written), "{err}");
}

#[test]
fn symbolic_links_to_folders_are_not_followed() {
    let d = Dir::new("links");
    d.file("a.ron", &valid_text());
    d.file("sub/b.ron", &valid_text());
    std::os::unix::fs::symlink(&d.0, d.0.join("sub/up")).unwrap();
    std::os::unix::fs::symlink(&d.0, d.0.join("sub/up.ron")).unwrap();
    std::os::unix::fs::symlink(d.0.join("a.ron"), d.0.join("sub/link.ron")).unwrap();
    std::os::unix::fs::symlink(d.0.join("nothing"), d.0.join("sub/dangling.ron")).unwrap();
    // Not a `*.ron` name: skipped like any other file, dangling or not.
    std::os::unix::fs::symlink(d.0.join("nothing"), d.0.join("sub/dangling.txt")).unwrap();
    std::os::unix::fs::symlink(d.0.join("a.ron"), d.0.join("sub/link.txt")).unwrap();
    let (code, out, err) = run_within(&[&d.0], &[], 20);
    let lines: Vec<&str> = out.lines().collect();
    let expected = [
        ("OK ", "a.ron"),
        ("OK ", "sub/b.ron"),
        ("UNREADABLE ", "sub/dangling.ron"),
        (
            "SKIPPED ",
            "sub/dangling.txt: not checked: the name does not end in .ron",
        ),
        ("OK ", "sub/link.ron"),
        ("SKIPPED ", "sub/link.txt: not checked"),
        (
            "SKIPPED ",
            "sub/up: a symbolic link to a folder, not followed",
        ),
        (
            "SKIPPED ",
            "sub/up.ron: a symbolic link to a folder, not followed",
        ),
    ];
    assert_eq!(lines.len(), expected.len(), "{out}");
    for (line, (label, needle)) in lines.iter().zip(expected) {
        assert!(line.starts_with(label) && line.contains(needle), "{line}");
    }
    assert_eq!(code, 4);
    // Everything is in the report; nothing only on stderr.
    assert!(err.is_empty(), "{err}");
    // Followed, the links lead back to folders already walked: each is
    // walked once, and the loop ends.
    let (code, out, _) = run_within(&[&d.0], &["--follow-links"], 20);
    assert_eq!(code, 4, "{out}");
    assert_eq!(out.matches("OK ").count(), 3, "{out}");
    assert_eq!(out.matches("a folder already walked").count(), 2, "{out}");
    // A link named on the command line is followed.
    let (code, out, _) = run_within(&[&d.0.join("sub/link.ron")], &[], 20);
    assert_eq!(code, 0, "{out}");
}

/// Issue 20: a link to a folder of invalid certificates was skipped with
/// a note on stderr and exit 0. Now the skip is a line and exit 2, or the
/// link is followed (each folder once) and the invalid certificate found.
#[test]
fn a_link_to_a_folder_is_never_skipped_silently() {
    let d = Dir::new("linkfollow");
    d.file("in/a.ron", &valid_text());
    d.file("elsewhere/bad.ron", &invalid_text());
    d.file("elsewhere/deep/v.ron", &valid_text());
    std::os::unix::fs::symlink(d.0.join("elsewhere"), d.0.join("in/other")).unwrap();
    // Two links that close loops: to the root and to the linked folder.
    std::os::unix::fs::symlink(d.0.join("in"), d.0.join("elsewhere/deep/root")).unwrap();
    std::os::unix::fs::symlink(d.0.join("elsewhere"), d.0.join("elsewhere/self")).unwrap();
    let root = d.0.join("in");
    let (code, out, err) = run_within(&[&root], &[], 20);
    assert_eq!(code, 2, "{out}");
    assert_eq!(out.lines().count(), 2, "{out}");
    assert!(
        out.contains("SKIPPED ") && out.contains("in/other: a symbolic link to a folder"),
        "{out}"
    );
    assert!(err.is_empty(), "{err}");
    // Accepted: the skip is still reported, and the exit is 0.
    let (code, out, _) = run_within(&[&root], &["--allow-skips"], 20);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("SKIPPED "), "{out}");
    // Followed: the invalid certificate is found, each folder walked once.
    let (code, out, _) = run_within(&[&root], &["--follow-links"], 20);
    assert_eq!(code, 1, "{out}");
    let labels: Vec<&str> = out.lines().map(|l| l.split(' ').next().unwrap()).collect();
    assert_eq!(
        labels,
        ["OK", "REJECTED", "SKIPPED", "OK", "SKIPPED"],
        "{out}"
    );
    assert_eq!(out.matches("a folder already walked").count(), 2, "{out}");
    // Only valid ones behind the link: exit 0 with --follow-links.
    std::fs::remove_file(d.0.join("elsewhere/bad.ron")).unwrap();
    let (code, out, _) = run_within(&[&root], &["--follow-links"], 20);
    assert_eq!(code, 0, "{out}");
    let (code, out) = run(&[&root], &["--follow-links", "--json"]);
    assert_eq!(code, 0, "{out}");
    let skipped: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|v| v["verdict"] == "skipped")
        .collect();
    assert_eq!(skipped.len(), 2, "{out}");
}

/// Issue 20: `b.RON`, `c.ron ` and `.ron` were passed over without a word.
/// They are certificate names now; any other name is a SKIPPED line.
#[test]
fn names_meant_as_certificates_are_checked_and_others_reported() {
    let d = Dir::new("names");
    for name in [".ron", "b.RON", "c.ron ", "d.ron.bak", "e.txt"] {
        d.file(name, &valid_text());
    }
    let (code, out) = run(&[&d.0], &[]);
    assert_eq!(code, 2, "{out}");
    let labels: Vec<&str> = out.lines().map(|l| l.split(' ').next().unwrap()).collect();
    assert_eq!(labels, ["OK", "OK", "OK", "SKIPPED", "SKIPPED"], "{out}");
    // A name with a trailing space is shown quoted, so the space is seen.
    let padded = format!("{:?}", d.0.join("c.ron ").display().to_string());
    assert!(out.contains(&format!("OK {padded}: ")), "{out}");
    assert!(
        out.contains(
            "d.ron.bak: not checked: the name does not end in .ron; --allow-skips accepts the skip"
        ),
        "{out}"
    );
    let (code, out) = run(&[&d.0], &["--allow-skips", "--json"]);
    assert_eq!(code, 0, "{out}");
    let verdicts: Vec<String> = out
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["verdict"].to_string())
        .collect();
    assert_eq!(
        verdicts,
        ["\"ok\"", "\"ok\"", "\"ok\"", "\"skipped\"", "\"skipped\""]
    );
    // A folder of nothing but skipped files checked nothing: exit 2 even
    // with the skips accepted.
    let other = Dir::new("names-none");
    other.file("notes.txt", "not a certificate");
    for flags in [&[][..], &["--allow-skips"]] {
        let (code, out) = run(&[&other.0], flags);
        assert_eq!(code, 2, "{out}");
        assert!(
            out.lines()
                .nth(1)
                .is_some_and(|l| l.starts_with("UNDECIDED ")
                    && l.contains("no *.ron certificates in this folder")),
            "{out}"
        );
    }
}

/// Issue 20: a folder whose read fails is an UNREADABLE line and exit 4,
/// never dropped. Root reads any folder, so as root nimcheck runs as
/// `nobody` through setpriv (skipped where neither works).
#[test]
fn a_folder_that_cannot_be_read_is_exit_4() {
    let d = Dir::new("locked");
    d.file("a.ron", &valid_text());
    d.file("locked/b.ron", &invalid_text());
    let locked = d.0.join("locked");
    let mode = |m: u32| {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(m)).unwrap();
    };
    mode(0o000);
    let mut command = if std::fs::read_dir(&locked).is_err() {
        nimcheck()
    } else {
        let mut setpriv = Command::new("setpriv");
        setpriv.args(["--reuid=65534", "--regid=65534", "--clear-groups"]);
        setpriv.arg(env!("CARGO_BIN_EXE_nimcheck"));
        setpriv
    };
    let out = command.arg(&d.0).output();
    mode(0o755);
    let Ok(out) = out else {
        eprintln!("setpriv not installed: skipped");
        return;
    };
    let text = String::from_utf8(out.stdout.clone()).unwrap();
    if text.is_empty() {
        eprintln!("cannot run as nobody: skipped ({out:?})");
        return;
    }
    assert_eq!(out.status.code(), Some(4), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(lines[0].starts_with("OK "), "{text}");
    assert!(
        lines[1].starts_with("UNREADABLE ") && lines[1].contains("locked: cannot read the folder"),
        "{text}"
    );
}

#[test]
fn only_regular_files_are_read_and_nothing_blocks() {
    let d = Dir::new("special");
    d.file("a.ron", &valid_text());
    let fifo = d.0.join("x.ron");
    let made = Command::new("mkfifo").arg(&fifo).status();
    let _socket = std::os::unix::net::UnixListener::bind(d.0.join("y.ron")).unwrap();
    let (code, out, _) = run_within(&[&d.0], &[], 20);
    assert_eq!(code, 4, "{out}");
    if made.is_ok_and(|s| s.success()) {
        assert!(out.contains("x.ron: not a regular file"), "{out}");
        // A link to the FIFO inside a folder is reported as a link, never
        // opened.
        let links = Dir::new("special-links");
        std::os::unix::fs::symlink(&fifo, links.0.join("z.ron")).unwrap();
        let (code, out, _) = run_within(&[&links.0], &[], 20);
        assert_eq!(code, 4, "{out}");
        assert!(
            out.contains("z.ron: a symbolic link to something that is not a regular file"),
            "{out}"
        );
        // Named on the command line, too.
        let (code, out, _) = run_within(&[&fifo], &[], 20);
        assert_eq!(code, 4);
        assert!(out.contains("not a regular file"), "{out}");
    }
    assert!(out.contains("y.ron: not a regular file"), "{out}");
    let (code, out, _) = run_within(&[Path::new("/dev/zero")], &[], 20);
    assert_eq!(code, 4);
    assert!(out.contains("not a regular file"), "{out}");
}

#[test]
fn json_mode_is_json_always() {
    let d = Dir::new("jsonalways");
    let empty = d.0.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let v = d.file("v.ron", &valid_text());
    let gone = d.0.join("gone.ron");
    let (code, out) = run(&[&gone, &empty, &v], &["--json", "--max-work", "5"]);
    assert_eq!(code, 4);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["verdict"], "unreadable");
    assert_eq!(lines[0]["file"], gone.display().to_string());
    assert_eq!(lines[1]["verdict"], "undecided");
    assert_eq!(lines[2]["verdict"], "limit");
    assert!(lines[2]["message"]
        .as_str()
        .unwrap()
        .contains("(--max-work)"));
}

#[test]
fn long_messages_are_cut_and_a_byte_order_mark_is_accepted() {
    let d = Dir::new("cut");
    // 4 MiB of moves in decreasing order: the message must not echo them.
    let moves: Vec<String> = (1..=500_000u64).rev().map(|m| m.to_string()).collect();
    let text = valid_text().replace("moves: [2, 5, 7]", &format!("moves: [{}]", moves.join(",")));
    let big = d.file("big.ron", &text);
    let (code, out) = run(
        &[&big],
        &[
            "--max-moves",
            "1000000",
            "--max-move",
            "1000000",
            "--max-work",
            "18446744073709551615",
        ],
    );
    assert_eq!(code, 1, "{}", &out[..out.len().min(300)]);
    assert!(out.len() < 1200, "{} bytes: {}", out.len(), &out[..300]);
    // The parser's message would echo a 3 MB field name.
    let name = "x".repeat(3 << 20);
    let text = valid_text().replace("preperiod:", &format!("{name}: 1, preperiod:"));
    let long = d.file("long.ron", &text);
    let (code, out) = run(&[&long], &[]);
    assert_eq!(code, 2);
    assert!(out.len() < 1200, "{} bytes", out.len());
    assert!(out.contains("more bytes)"), "{out}");
    let bom = d.file("bom.ron", &format!("\u{feff}{}", valid_text()));
    assert_eq!(run(&[&bom], &[]).0, 0);
    // A file name with a newline stays on one line.
    let odd = d.file("odd\nname.ron", &valid_text());
    let (code, out) = run(&[&odd], &[]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 1, "{out}");
}

#[test]
fn jobs_keep_the_order() {
    let d = Dir::new("jobs");
    for k in 0..50 {
        let text = if k % 7 == 3 {
            invalid_text()
        } else {
            valid_text()
        };
        d.file(&format!("f{k:02}.ron"), &text);
    }
    let (code1, one) = run(&[&d.0], &["--jobs", "1"]);
    let (code4, four) = run(&[&d.0], &["--jobs", "4"]);
    assert_eq!((code1, code4), (1, 1));
    assert_eq!(one, four);
    assert_eq!(one.lines().count(), 50);
}

/// Runs nimcheck under an address-space limit of `mib` MiB (`ulimit -v`),
/// so that runaway memory fails the run instead of the machine, and with a
/// deadline; returns the exit code and the first output line.
fn run_bounded(args: &[&str], mib: u64, secs: u64) -> (i32, String) {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {}; exec \"$0\" \"$@\"", mib * 1024))
        .arg(env!("CARGO_BIN_EXE_nimcheck"))
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed().as_secs() >= secs {
            child.kill().unwrap();
            let _ = child.wait();
            panic!("nimcheck {args:?} did not finish in {secs} s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    (
        out.status.code().unwrap_or(-1),
        text.lines().next().unwrap_or("").to_string(),
    )
}

const HEAD: &str = "(format: 1, provenance: (tool: \"t\", method: Search(engine: \"t\")), claim: ";

/// The hostile inputs of issue 11 and more, each refused or decided within
/// a few seconds and under an address-space limit (docs/TRUST.md has the
/// measured table).
#[test]
fn hostile_inputs_are_bounded_in_time_and_memory() {
    let d = Dir::new("hostile");
    let p = |name: &str| d.0.join(name).display().to_string();
    // Boolean(12) × a 14-chain: 61,440 convex sets (3.0 MB), about
    // 8·10^10 units (over the default 3·10^10).
    let mut sets = Vec::new();
    for mask in 0..4096u32 {
        let b: Vec<u32> = (0..12).filter(|i| mask >> i & 1 == 1).collect();
        for k in 0..15 {
            let mut s = b.clone();
            s.extend(12..12 + k);
            sets.push(format!("{s:?}"));
        }
    }
    d.file(
        "closure.ron",
        &format!(
            "{HEAD}Avoidance((geometry: Closure(points: 26, convex_sets: [{}]), win: [0], nim: 0, \
             maximal: [{:?}], classes: [(set: {:?}, parity: 0, nim0: 0, nim1: 1, options: [])])))",
            sets.join(", "),
            (1..26).collect::<Vec<u32>>(),
            (1..26).collect::<Vec<u32>>()
        ),
    );
    // P = 10^6, the even residues as block, 1,000 odd moves (10 MB).
    let block: Vec<String> = (0..1_000_000u64)
        .step_by(2)
        .map(|h| h.to_string())
        .collect();
    let cover: Vec<String> = (1..1_000_000u64)
        .step_by(2)
        .map(|r| format!("({r},1)"))
        .collect();
    let moves: Vec<String> = (1..2000u64).step_by(2).map(|s| s.to_string()).collect();
    d.file(
        "pset.ron",
        &format!(
            "{HEAD}PSet((moves: [{}], period: 1000000, block: [{}], cover: [{}], \
             period_witnesses: [(prime: 2, position: 0), (prime: 5, position: 0)])))",
            moves.join(","),
            block.join(","),
            cover.join(",")
        ),
    );
    // Moves 1..=1999 and 2^24 − 1: G(x) = x mod 2000, about 10^11 units
    // (16,779,215 positions, 3 a move as |S| ≥ 64).
    let moves: Vec<u64> = (1..=1999).chain([16_777_215]).collect();
    d.file(
        "moves2000.ron",
        &format!(
            "{HEAD}Sequence((moves: {moves:?}, preperiod: 0, period: 2000, values: {:?}, \
             period_witnesses: [(prime: 2, position: 0), (prime: 5, position: 0)], \
             preperiod_witness: None)))",
            (0..2000).collect::<Vec<u32>>()
        ),
    );
    // A Periodic claim whose values fill 10^8 + 2^24 bytes (false: q = 0).
    d.file(
        "periodic.ron",
        "(format: 2, provenance: (tool: \"t\", method: Search(engine: \"t\")), claim: Periodic((\
         moves: [1, 16777216], preperiod: 99999998, period: 2, \
         period_witnesses: [(prime: 2, position: 99999998)])))",
    );
    // 4 MiB of empty lists (24 bytes of Vec per 3 bytes of input).
    d.file(
        "lists.ron",
        &format!(
            "{HEAD}Avoidance((geometry: TreeVertices(vertices: 2, edges: [(0, 1)]), win: [0], \
             nim: 0, maximal: [{}], classes: [])))",
            "[],".repeat(1_390_000)
        ),
    );
    d.file(
        "deep.ron",
        &format!(
            "(format: 1, provenance: {}{})",
            "(".repeat(2_000_000),
            ")".repeat(2_000_000)
        ),
    );
    // A Grundy claim (format 7) of 2,000,000 values (4 MB): 2·10^12
    // units, refused from N alone; and 1,000,000 values 2^32 − 1 (10 MB,
    // with the file and work bounds raised): Rule 1 at n = 0, the mark
    // table never sized by a value.
    let grundy = |values: &str| {
        format!(
            "(format: 7, provenance: (tool: \"t\", method: Search(engine: \"t\")), \
             claim: Grundy((values: [{values}])))"
        )
    };
    d.file("grundy-long.ron", &grundy(&"0,".repeat(2_000_000)));
    d.file("grundy-huge.ron", &grundy(&"4294967295,".repeat(1_000_000)));
    std::fs::File::create(d.0.join("sparse.ron"))
        .unwrap()
        .set_len(1 << 30)
        .unwrap();
    let cases: &[(&[&str], i32, &str)] = &[
        (&[&p("grundy-long.ron")], 3, "(--max-work)"),
        (
            &[
                "--max-file-bytes",
                "2e7",
                "--max-work",
                "1e13",
                &p("grundy-huge.ron"),
            ],
            1,
            "v(0) = 4294967295 is no mex",
        ),
        (&[&p("closure.ron")], 3, "(--max-work)"),
        (&[&p("pset.ron")], 3, "(--max-file-bytes)"),
        // 1.0·10^9 units: over --max-work 10^9 (no P-set within the other
        // default limits reaches the default 3·10^10: docs/TRUST.md).
        (
            &[
                "--max-file-bytes",
                "16000000",
                "--max-work",
                "1e9",
                &p("pset.ron"),
            ],
            3,
            "(--max-work)",
        ),
        (&[&p("moves2000.ron")], 3, "(--max-work)"),
        (
            &[&p("periodic.ron")],
            1,
            "p = 2 is not a period from q = 99999998",
        ),
        (
            &[&p("lists.ron")],
            1,
            "maximal sets must be strictly increasing",
        ),
        (&[&p("deep.ron")], 2, "parse error"),
        (&[&p("sparse.ron")], 3, "(--max-file-bytes)"),
        (&["/dev/zero"], 4, "not a regular file"),
    ];
    for &(args, code, needle) in cases {
        let (got, line) = run_bounded(args, 512, 60);
        assert_eq!(got, code, "{args:?}: {line}");
        assert!(line.contains(needle), "{args:?}: {line}");
        assert!(line.len() < 1200, "{args:?}: {} bytes", line.len());
    }
}

// ---- issue 20: nothing false accepted, nothing overstated ----

/// Runs `nimcheck ARGS` through `sh` with a redirection of its stdout
/// (`>&-`, `1</dev/null`, ...); returns the exit code and stderr.
fn run_redirected(redirection: &str, args: &[&str]) -> (i32, String) {
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("exec \"$0\" \"$@\" {redirection}"))
        .arg(env!("CARGO_BIN_EXE_nimcheck"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// A report that cannot be written is exit 4, with a one-line message: a
/// closed standard output (the Rust runtime reopens it as /dev/null for
/// reading and writing, where writes vanish) and one open for reading only
/// (where Rust's stdout swallows EBADF) printed nothing and exited by the
/// verdict. `>/dev/null` (write-only) still discards the report with the
/// verdict's exit.
#[test]
fn a_closed_or_read_only_stdout_is_exit_4() {
    let d = Dir::new("stdout");
    let v = d.file("v.ron", &valid_text());
    let i = d.file("i.ron", &invalid_text());
    let (v, i) = (v.to_str().unwrap(), i.to_str().unwrap());
    // Each with the exit it has when the report is written.
    let cases: [(&[&str], i32); 6] = [
        (&[v], 0),
        (&[i], 1),
        (&["--json", v], 0),
        (&[d.0.to_str().unwrap()], 1),
        (&["--help"], 0),
        (&["--version"], 0),
    ];
    for (args, verdict) in cases {
        for (redirection, needle) in [
            (">&-", "standard output is closed"),
            ("1</dev/null", "Bad file descriptor"),
            ("1<>/dev/null", "standard output is closed"),
        ] {
            let (code, err) = run_redirected(redirection, args);
            assert_eq!(code, 4, "{args:?} {redirection}: {err}");
            assert!(
                err.starts_with("nimcheck: cannot write the report (") && err.contains(needle),
                "{args:?} {redirection}: {err}"
            );
            assert_eq!(err.lines().count(), 1, "{args:?} {redirection}: {err}");
        }
        // Discarded on purpose: the verdict's exit, nothing on stderr.
        let (code, err) = run_redirected(">/dev/null", args);
        assert_eq!((code, err.as_str()), (verdict, ""), "{args:?} >/dev/null");
    }
    // Read-only, from Rust: the same.
    let read_only = std::fs::File::open("/dev/null").unwrap();
    let out = nimcheck().arg(v).stdout(read_only).output().unwrap();
    assert_eq!(out.status.code(), Some(4), "{out:?}");
}

/// Issue 20: `--max-work 2e11` (docs/TRUST.md) was refused. Every count
/// flag reads exact scientific notation; a value that is not a whole number,
/// negative or too large is a usage error naming the reason.
#[test]
fn count_flags_read_exact_scientific_notation() {
    let d = Dir::new("counts");
    let v = d.file("v.ron", &valid_text());
    // (q + p + c)·(|S| + 4) = 203 units.
    for (work, code) in [("2.03e2", 0), ("2.02e2", 3), ("2e11", 0), ("6E10", 0)] {
        let (got, out) = run(&[&v], &["--max-work", work]);
        assert_eq!(got, code, "--max-work {work}: {out}");
    }
    // Every count flag, each at its default written in this notation.
    let defaults = [
        "--max-file-bytes=4.194304e6",
        "--max-moves=4.096e3",
        "--max-move=1.6777216e7",
        "--max-period=1e8",
        "--max-work=1e9",
        "--max-points=4.096e3",
        "--max-classes=1.048576e6",
    ];
    assert_eq!(run(&[&v], &defaults).0, 0);
    for flag in defaults {
        let name = flag.split('=').next().unwrap();
        for (value, reason) in [
            ("1.5e0", "not a whole number"),
            ("-5", "cannot be negative"),
            ("1e20", "exceeds the largest count, 18446744073709551615"),
            ("1e-3", "expected a whole number such as"),
            ("ten", "expected a whole number such as"),
        ] {
            let out = nimcheck()
                .arg(format!("{name}={value}"))
                .arg(&v)
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(2), "{name}={value}");
            let err = String::from_utf8(out.stderr).unwrap();
            assert!(
                err.starts_with(&format!("nimcheck: invalid value '{value}' for '{name} <"))
                    && err.contains(reason),
                "{name}={value}: {err}"
            );
            assert_eq!(err.lines().count(), 1, "{err}");
            assert!(out.stdout.is_empty());
        }
    }
}
