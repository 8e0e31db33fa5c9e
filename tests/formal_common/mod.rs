//! Helpers shared by the formal agreement tests (tests/formal.rs,
//! tests/formal_octal.rs, tests/formal_avoidance.rs).
#![allow(dead_code)]

use nimcert::check::format::Certificate;
use nimcert::check::{check_certificate, Limits, Verdict};
use std::path::{Path, PathBuf};

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
