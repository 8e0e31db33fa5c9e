//! The cheap checks of `scripts/slurm-campaign` (issue 21): it parses
//! (`bash -n`), prints its help and refuses an unknown argument with exit 2.
//! Running it needs root, Slurm and munge and starts daemons, so that is CI's
//! Slurm stage (`.ci/run`), not a test here.

#![cfg(unix)]

use std::path::PathBuf;
use std::process::{Command, Output};

/// The script, or `None` in a packaged crate, which ships no `scripts/`.
fn script() -> Option<PathBuf> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scripts/slurm-campaign");
    if path.is_file() {
        Some(path)
    } else {
        eprintln!(
            "{} is not there (a packaged crate): skipped",
            path.display()
        );
        None
    }
}

/// Runs `bash ARGS` and returns what it did.
fn bash(args: &[&std::ffi::OsStr]) -> Output {
    Command::new("bash").args(args).output().expect("bash runs")
}

#[test]
fn the_script_parses() {
    let Some(script) = script() else { return };
    let out = bash(&["-n".as_ref(), script.as_os_str()]);
    assert!(
        out.status.success(),
        "bash -n: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn help_names_the_job_array_and_every_mode() {
    let Some(script) = script() else { return };
    let out = bash(&[script.as_os_str(), "--help".as_ref()]);
    assert!(out.status.success());
    let help = String::from_utf8(out.stdout).expect("UTF-8 help");
    for needle in [
        "sbatch --array=0-(N-1)",
        "--kill-one",
        "--parallel",
        "--compare",
        "--install",
        "Exit status",
    ] {
        assert!(help.contains(needle), "--help does not mention {needle}");
    }
}

#[test]
fn an_unknown_argument_is_exit_2_before_anything_starts() {
    let Some(script) = script() else { return };
    let out = bash(&[script.as_os_str(), "--no-such-flag".as_ref()]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "slurm-campaign: unknown argument '--no-such-flag' (see --help)\n"
    );
}
