//! The OEIS record of subtraction games (issue 23): the generated claim file
//! record/subtraction.toml has the verdicts of its reviewed baseline
//! record/subtraction.expected, and is what its generator writes from the
//! source table record/sources/subtraction.toml (when python3 is present).
//! The second method (`scripts/record/subtraction.py --naive`, a naive mex in
//! Python over every listed term) takes minutes and is not run here; see
//! record/NOTES-subtraction.md.

use std::path::Path;
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_subtraction_record_matches_its_baseline() {
    let out = Command::new(env!("CARGO_BIN_EXE_nimcert"))
        .current_dir(root())
        .args([
            "audit",
            "--claims",
            "record/subtraction.toml",
            "--baseline",
            "record/subtraction.expected",
        ])
        .output()
        .expect("nimcert runs");
    assert!(
        out.status.success(),
        "exit {:?}\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn the_subtraction_record_is_what_its_generator_writes() {
    let python = Command::new("python3").arg("--version").output();
    if !matches!(python, Ok(ref o) if o.status.success()) {
        eprintln!("python3 not found: the generator's --check is skipped");
        return;
    }
    let out = Command::new("python3")
        .current_dir(root())
        .args(["scripts/record/subtraction.py", "--check"])
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "record/subtraction.toml differs from the generator's output (regenerate it with `python3 scripts/record/subtraction.py`)\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
