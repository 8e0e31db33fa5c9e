//! Calibrates the work units of `Octal` claims (checker/src/octal.rs,
//! `work`): for each certificate given, the units the checker counts and
//! the best of five checks, in nanoseconds per unit (parsing excluded).
//!
//! ```sh
//! cargo run --release -p nimcert-check --example octal_work -- FILE.ron...
//! ```
//!
//! Use a claim whose Rule 1 runs over all of [0, L): a true but non-least
//! period (e.g. 0.77 with q = 71 and p = 12·1250, the true values, no
//! witnesses) is rejected only by Rule 2, after the whole computation.

use nimcert_check::{check_certificate, parse, Limits};

fn main() {
    let open = Limits {
        max_work: u64::MAX,
        max_period: u64::MAX,
        max_file_bytes: 1 << 30,
        ..Limits::default()
    };
    for file in std::env::args().skip(1) {
        let bytes = std::fs::read(&file).expect("readable file");
        let certificate = parse(&bytes, &open).expect("a certificate");
        // The count, from the limit's message at a limit of 1 unit.
        let refused = check_certificate(
            &certificate,
            &Limits {
                max_work: 1,
                ..open
            },
        );
        let Some(units) = refused
            .message()
            .split("needs ")
            .nth(1)
            .and_then(|m| m.split(' ').next())
            .and_then(|m| m.parse::<u64>().ok())
        else {
            println!("{file}: no work count ({})", refused.message());
            continue;
        };
        let best = (0..5)
            .map(|_| {
                let start = std::time::Instant::now();
                std::hint::black_box(check_certificate(&certificate, &open));
                start.elapsed().as_secs_f64()
            })
            .fold(f64::MAX, f64::min);
        println!(
            "{file}: {units} units, best of 5 {best:.3} s, {:.2} ns a unit",
            best * 1e9 / units as f64
        );
    }
}
