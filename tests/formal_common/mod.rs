//! Helpers shared by the formal agreement tests (tests/formal.rs,
//! tests/formal_octal.rs, tests/formal_avoidance.rs).
#![allow(dead_code)]

use nimcert::check::format::Certificate;
use nimcert::check::{check_certificate, Limits, Verdict};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository's root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.ron` file below `dir`.
pub fn ron_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            ron_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "ron") {
            out.push(path);
        }
    }
}

/// nimcheck's verdict as a number: 0 valid, 1 invalid, 2 undecidable, 3
/// over a limit.
pub fn nimcheck(certificate: &Certificate) -> u8 {
    match check_certificate(certificate, &Limits::default()) {
        Verdict::Valid(_) => 0,
        Verdict::Invalid(_) => 1,
        Verdict::Undecidable(_) => 2,
        Verdict::OverLimit(_) => 3,
    }
}

/// The extracted judge's verdicts on the cases (formal/judge/nimjudge,
/// built by `make -C formal/judge`), all written by `nimcert export judge`
/// into one input named by their indices: 0 accepted, 1 rejected or
/// unreadable, 3 skipped (beyond the judge's bounds), `u8::MAX` when the
/// judge printed no verdict for the case.
pub fn judge(cases: &[(String, Certificate)], dir: &Path) -> Vec<u8> {
    use nimcert::export::judge;
    let mut text = format!("{}\n", judge::HEADER);
    for (i, (_, certificate)) in cases.iter().enumerate() {
        text += &judge::lines(certificate, &i.to_string());
    }
    let input = dir.join("cases.judge");
    std::fs::write(&input, text).unwrap();
    let run = Command::new(root().join("formal/judge/nimjudge"))
        .arg(&input)
        .output()
        .expect("nimjudge runs");
    let stdout = String::from_utf8_lossy(&run.stdout);
    let mut verdicts = vec![u8::MAX; cases.len()];
    for line in stdout.lines() {
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let index = rest.split([' ', ':']).next().unwrap_or("");
        let verdict = match word {
            "accepted" => 0,
            "rejected" | "unreadable" => 1,
            "skipped" => 3,
            _ => continue,
        };
        verdicts[index.parse::<usize>().expect("an index")] = verdict;
    }
    verdicts
}

/// Runs `make -s -C folder` (a folder of formal/) and fails the test when
/// it fails: `formal` builds and checks the Coq development, `formal/judge`
/// also extracts and compiles the judge. One `make` at a time in a test
/// binary: the tests run as threads, and two `make`s building the same
/// files at once (formal/Assumptions.out, the judge binary) corrupt each
/// other's output (seen in a fresh-clone CI run on 2026-12-04).
pub fn make(folder: &str) {
    static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _turn = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let status = Command::new("make")
        .args(["-s", "-C", folder])
        .current_dir(root())
        .status();
    assert!(
        status.expect("make runs").success(),
        "make -C {folder} failed"
    );
}

/// An empty scratch folder for one test run, named after the test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nimcert-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A small deterministic generator (xorshift64*), so that a failure names a
/// mutant that can be made again.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}
