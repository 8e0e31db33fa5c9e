//! A claim file (issue 22) is user input: arbitrary bytes are read as a
//! claim file, parsed, type-checked and evaluated on their first instances
//! against a small built-in game, within a small step budget. Nothing
//! panics, overflows the stack or runs past the budget: every failure is
//! an error value with a position (`nimcert_claims::fuzz_entry`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    nimcert_claims::fuzz_entry(data);
});
