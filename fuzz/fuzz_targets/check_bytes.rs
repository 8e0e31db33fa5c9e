//! Arbitrary bytes into the checker's parser and rules: it must never panic,
//! hang or allocate without bound. libFuzzer's -timeout and -rss_limit_mb
//! turn a hang or a blow-up into a crash.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nimcert_check::{check_bytes, parse, precheck, Limits, Verdict, MAX_MESSAGE_BYTES};

/// The default limits with at most 10^7 work units (about 10 ms in a
/// release build): seeds such as a 15-million-position game stay within
/// libFuzzer's -timeout in a build with overflow checks (-a).
fn limits() -> Limits {
    Limits {
        max_work: 10_000_000,
        ..Limits::default()
    }
}

fuzz_target!(|data: &[u8]| {
    let limits = limits();
    let verdict = check_bytes(data, &limits);
    // Exit codes are exactly 0, 1, 2, 3 and agree with the verdict kind;
    // messages are cut.
    let code = verdict.exit_code();
    assert!(verdict.message().len() <= MAX_MESSAGE_BYTES + 32);
    match &verdict {
        Verdict::Valid(_) => assert_eq!(code, 0),
        Verdict::Invalid(_) => assert_eq!(code, 1),
        Verdict::Undecidable(_) => assert_eq!(code, 2),
        Verdict::OverLimit(m) => {
            assert_eq!(code, 3);
            assert!(m.contains("(--max-"), "a limit names its flag: {m}");
        }
    }
    // What precheck refuses, the checker refuses as over a limit, with
    // the same message (the file-size limit aside: precheck judges the
    // text to_ron would write, not these bytes).
    if let Ok(certificate) = parse(data, &limits) {
        if let Err(m) = precheck(&certificate, &limits) {
            if !m.ends_with("(--max-file-bytes)") {
                assert_eq!(verdict, Verdict::OverLimit(m));
            }
        }
    }
});
