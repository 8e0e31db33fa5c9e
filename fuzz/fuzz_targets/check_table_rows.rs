//! Arbitrary text as one line of a `PeriodicTable` (the grammar of
//! `nimcert_check::periodic::parse_row`): the reader never panics, and the
//! grammar is strict, so a line it reads is exactly the line
//! `write_row` writes for what it read (one text per claim). Then the
//! checker must judge a table of that line without panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nimcert_check::format::{
    Certificate, Claim, Method, PeriodicClaim, PeriodicTableClaim, Provenance,
};
use nimcert_check::periodic::{parse_row, write_row};
use nimcert_check::{check_certificate, Limits};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut claim = PeriodicClaim {
        moves: vec![],
        preperiod: 0,
        period: 0,
        period_witnesses: vec![],
    };
    for line in text.split('\n') {
        if parse_row(line, &mut claim).is_ok() {
            assert_eq!(write_row(&claim), line, "not the canonical text");
        }
    }
    let certificate = Certificate {
        format: 2,
        provenance: Provenance {
            tool: "fuzz".to_string(),
            method: Method::Search {
                engine: "check_table_rows".to_string(),
            },
        },
        claim: Claim::PeriodicTable(PeriodicTableClaim {
            games: text.to_string(),
        }),
    };
    // At most 10^7 work units (see check_bytes), so that no line is slow.
    let limits = Limits {
        max_work: 10_000_000,
        ..Limits::default()
    };
    let _ = check_certificate(&certificate, &limits);
});
