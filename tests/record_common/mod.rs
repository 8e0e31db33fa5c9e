//! Shared by the tests of claim files with a committed baseline
//! (tests/claim_files.rs, tests/record_*.rs): run `nimcert audit` against
//! the baseline, and a generator's `--check`.
#![allow(dead_code)]

use std::path::Path;
use std::process::Command;

/// The repository, where the claim files and generators are.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Whether python3 runs here; if not, says so (the caller skips).
pub fn python() -> bool {
    let found = matches!(
        Command::new("python3").arg("--version").output(),
        Ok(ref o) if o.status.success()
    );
    if !found {
        eprintln!("python3 not found: skipped");
    }
    found
}

/// `nimcert audit ARGS` from the repository exits 0 (with `--baseline`:
/// every verdict and count equals the baseline).
pub fn audit_passes(args: &[&str]) {
    let out = Command::new(env!("CARGO_BIN_EXE_nimcert"))
        .current_dir(root())
        .arg("audit")
        .args(args)
        .output()
        .expect("nimcert runs");
    assert!(
        out.status.success(),
        "nimcert audit {}: exit {:?}\n{}",
        args.join(" "),
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The source table's `[nimcert]` line `key = value` is there, so that a
/// test's bound is the one its generator used.
pub fn source_says(source: &str, line: &str) {
    let text = std::fs::read_to_string(root().join(source)).expect(source);
    assert!(
        text.contains(&format!("{line}\n")),
        "{source} lacks `{line}`: the bound of the test is not the generator's"
    );
}

/// `python3 SCRIPT ARGS` exits 0 (skipped without python3); returns its
/// standard output.
pub fn generator_passes(script: &str, args: &[&str]) -> String {
    if !python() {
        return String::new();
    }
    let out = Command::new("python3")
        .current_dir(root())
        .arg(script)
        .args(args)
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "python3 {script} {}: exit {:?} (regenerate with `python3 {script}` if a claim file \
         is not its output)\n{stdout}\n{}",
        args.join(" "),
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}
