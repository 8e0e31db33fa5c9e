//! Every valid certificate nimcert ships is accepted by `nimcheck` at its
//! default limits, without a flag (issue 39): `nimcheck certificates/`
//! exits 0. certificates/ holds exactly the files of corpus/MANIFEST.ron
//! (the deliberately wrong ones are in corpus/invalid/, the manifests and
//! inputs in corpus/), so the folder check is the corpus check.
//!
//! The two `OctalPeriodic` certificates of certificates/octal-long/ take
//! most of the time (about 5.5 and 8 s of CPU in a release build; docs/TRUST.md,
//! "The default work budget"), so the folder test is `#[ignore]`d;
//! .ci/corpus-check runs `nimcheck certificates/` in every CI run. Run it with
//! `cargo test -p nimcert-check --test corpus_defaults -- --ignored`.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository root, above the checker crate.
fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// certificates/.
fn corpus() -> PathBuf {
    repository().join("certificates")
}

/// The files corpus/MANIFEST.ron lists, relative to certificates/
/// (one entry a line, `(file: "PATH", args: …)`).
fn listed() -> Vec<String> {
    let text = std::fs::read_to_string(repository().join("corpus/MANIFEST.ron"))
        .expect("read corpus/MANIFEST.ron");
    let mut files: Vec<String> = text
        .lines()
        .filter_map(|line| line.trim_start().strip_prefix("(file: \""))
        .filter_map(|rest| rest.split_once('"').map(|(file, _)| file.to_string()))
        .collect();
    files.sort();
    files
}

/// Every file below `dir` (any name), relative to certificates/.
fn found(dir: &Path, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).expect("read a corpus folder") {
        let path = entry.expect("a folder entry").path();
        let relative = path.strip_prefix(corpus()).expect("below certificates/");
        if path.is_dir() {
            found(&path, out);
        } else {
            out.push(relative.display().to_string());
        }
    }
}

#[test]
fn the_manifest_lists_every_valid_certificate_of_the_corpus() {
    let mut files = Vec::new();
    found(&corpus(), &mut files);
    files.sort();
    assert_eq!(files, listed());
    assert!(files.iter().any(|f| f.starts_with("octal-long/")));
}

#[test]
#[ignore = "about 16 s of CPU (the two octal-long certificates; 40 s wall at load 10); .ci/corpus-check runs the same"]
fn nimcheck_accepts_the_certificates_folder_at_its_default_limits() {
    let files = listed();
    let out = Command::new(env!("CARGO_BIN_EXE_nimcheck"))
        .current_dir(repository())
        .arg("certificates/")
        .output()
        .expect("run nimcheck");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let refused: Vec<&str> = stdout.lines().filter(|l| !l.starts_with("OK ")).collect();
    assert!(refused.is_empty(), "refused at the defaults: {refused:#?}");
    assert_eq!(stdout.lines().count(), files.len(), "{stdout}");
    assert_eq!(out.status.code(), Some(0), "{stdout}");
}
