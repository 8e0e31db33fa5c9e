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
    "(format: 2)".to_string()
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
            "UNDECIDED {}: unsupported format version 2 (this checker reads version 1)\n",
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
    let (code, out) = run(&[&d.0], &[]);
    assert_eq!(code, 0, "{out}");
    let files: Vec<&str> = out
        .lines()
        .map(|l| l.split(": ").next().unwrap().trim_start_matches("OK "))
        .collect();
    let expected: Vec<String> = ["a/z.ron", "b.ron", "c/d/e.ron"]
        .iter()
        .map(|f| d.0.join(f).display().to_string())
        .collect();
    assert_eq!(files, expected);
    d.file("a/y.ron", &invalid_text());
    assert_eq!(run(&[&d.0], &[]).0, 1);
}

#[test]
fn missing_paths_are_undecidable() {
    let d = Dir::new("missing");
    let v = d.file("v.ron", &valid_text());
    let gone = d.0.join("gone.ron");
    let (code, out) = run(&[&gone], &[]);
    assert_eq!(code, 2);
    assert!(out.starts_with("UNDECIDED "), "{out}");
    assert!(out.contains("gone.ron"), "{out}");
    assert_eq!(run(&[&v, &gone], &[]).0, 2);
    // A path that is listed explicitly is read whatever its extension.
    let t = d.file("t.txt", &valid_text());
    assert_eq!(run(&[&t], &[]).0, 0);
    // A file that cannot be read is undecidable, not a crash.
    let (code, _) = run(&[Path::new("/proc/self/mem")], &[]);
    assert_eq!(code, 2);
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
        ("--max-work", "87", "86", "(--max-work)"),
        (
            "--max-file-bytes",
            n.as_str(),
            n1.as_str(),
            "exceeds the limit of",
        ),
    ] {
        let (code, out) = run(&[&v], &[flag, ok]);
        assert_eq!(code, 0, "{flag} {ok}: {out}");
        let (code, out) = run(&[&v], &[flag, refused]);
        assert_eq!(code, 2, "{flag} {refused}: {out}");
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
    assert_eq!(code, 2);
    assert!(out.contains("exceeds the limit of 4194304 bytes"), "{out}");
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
        assert_eq!(code, 2, "{flag} {refused}: {out}");
        assert!(out.contains(needle), "{flag} {refused}: {out}");
    }
}
