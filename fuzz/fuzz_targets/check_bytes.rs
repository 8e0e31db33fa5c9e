//! Arbitrary bytes into the checker's parser and rules: it must never panic,
//! hang or allocate without bound. libFuzzer's -timeout and -rss_limit_mb
//! turn a hang or a blow-up into a crash.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nimcert_check::{check_bytes, Limits, Verdict};

fuzz_target!(|data: &[u8]| {
    let verdict = check_bytes(data, &Limits::default());
    // Exit codes are exactly 0, 1, 2 and agree with the verdict kind.
    let code = verdict.exit_code();
    match verdict {
        Verdict::Valid(_) => assert_eq!(code, 0),
        Verdict::Invalid(_) => assert_eq!(code, 1),
        Verdict::Undecidable(_) => assert_eq!(code, 2),
    }
});
