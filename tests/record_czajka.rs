//! T. Czajka's tables of octal games (tczajka/octal-games, issue 23):
//! TrivialGames.md and GameLookup.md read into record/sources/czajka.toml,
//! generated into the claim file record/czajka.toml by
//! scripts/record/czajka.py, audited against the committed baseline
//! record/czajka.expected; the GameLookup cells that are not claims are
//! decided by the generator's `--equiv` mode with this build's nimcert
//! (record/NOTES-czajka.md).

mod record_common;

use record_common::{audit_passes, generator_passes, python};

#[test]
fn czajkas_tables_match_their_baseline() {
    audit_passes(&[
        "--claims",
        "record/czajka.toml",
        "--baseline",
        "record/czajka.expected",
    ]);
}

#[test]
fn the_czajka_claim_file_is_what_the_generator_writes() {
    generator_passes("scripts/record/czajka.py", &["--check"]);
}

/// The 269 GameLookup.md cells whose representative has no TrivialGames.md
/// row (record/NOTES-czajka.md): 26 decided exactly (both games solved by
/// this nimcert within --max-n 8000, the normalized sequences compared), 243
/// on heap sizes below 4000 (`nimcert values`; the documented run uses
/// 20000). Measured: 17 s under other work, the three tests of this file
/// 9.4 s at load average 0.3 (release, 2-core VM).
#[test]
fn czajkas_lookup_cells_without_a_trivial_row_hold() {
    let nimcert = env!("CARGO_BIN_EXE_nimcert");
    let args = [
        "--equiv",
        "--nimcert",
        nimcert,
        "--to",
        "4000",
        "--max-n",
        "8000",
    ];
    let stdout = generator_passes("scripts/record/czajka.py", &args);
    if !python() {
        return;
    }
    assert!(
        stdout.contains(
            "equiv: 26 decided exactly, 243 on a range (G on [0, 4000) by `nimcert values`), 0 fail"
        ),
        "{stdout}"
    );
}
