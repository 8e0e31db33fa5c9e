//! T. Czajka's tables of octal games (tczajka/octal-games, issue 23):
//! TrivialGames.md and GameLookup.md read into record/sources/czajka.toml,
//! generated into the claim file record/czajka.toml by
//! scripts/record/czajka.py, audited against the committed baseline
//! record/czajka.expected; the GameLookup cells that are not claims are
//! decided by the generator's `--equiv` mode with this build's nimcert
//! (record/NOTES-czajka.md).

use std::path::Path;
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn python() -> bool {
    let found = matches!(
        Command::new("python3").arg("--version").output(),
        Ok(ref o) if o.status.success()
    );
    if !found {
        eprintln!("python3 not found: skipped");
    }
    found
}

#[test]
fn czajkas_tables_match_their_baseline() {
    let out = Command::new(env!("CARGO_BIN_EXE_nimcert"))
        .current_dir(root())
        .args(["audit", "--claims", "record/czajka.toml"])
        .args(["--baseline", "record/czajka.expected"])
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
fn the_czajka_claim_file_is_what_the_generator_writes() {
    if !python() {
        return;
    }
    let out = Command::new("python3")
        .current_dir(root())
        .args(["scripts/record/czajka.py", "--check"])
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "record/czajka.toml is not the generator's output:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
