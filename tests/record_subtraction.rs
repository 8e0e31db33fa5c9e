//! The OEIS record of subtraction games (issue 23): the generated claim file
//! record/subtraction.toml has the verdicts of its reviewed baseline
//! record/subtraction.expected, and is what its generator writes from the
//! source table record/sources/subtraction.toml (when python3 is present).
//! The second method (`scripts/record/subtraction.py --naive`, a naive mex in
//! Python over every listed term) takes about 40 s and is not run here; see
//! record/NOTES-subtraction.md.

mod record_common;

use record_common::{audit_passes, generator_passes};

#[test]
fn the_subtraction_record_matches_its_baseline() {
    audit_passes(&[
        "--claims",
        "record/subtraction.toml",
        "--baseline",
        "record/subtraction.expected",
    ]);
}

#[test]
fn the_subtraction_record_is_what_its_generator_writes() {
    generator_passes("scripts/record/subtraction.py", &["--check"]);
}
