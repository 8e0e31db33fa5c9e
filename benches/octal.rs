//! `cargo bench --bench octal`: the nim-sequence of splitting octal games,
//! rare values (sparse space) against the direct method, side by side in
//! one run on the same heap sizes (issue 14).
//!
//! For each game, G on [0, N) by both methods (best of 3 each), in heap
//! sizes per second, and the ratio; the two value lists are compared, so a
//! speed-up that changed a value would stop the bench. Then, for the games
//! whose proof is long, the whole solve by rare values alone (the direct
//! method would take minutes): 0.16 (pre-period 105,351, period 149,459)
//! and 0.56 (pre-period 326,640, period 144). Set NIMCERT_BENCH_N to change
//! N (default 100,000).

#[path = "common/host.rs"]
mod host;

use nimcert::octal::period::{solve, OctalOutcome};
use nimcert::octal::{Method, OctalCode, OctalSequence};
use std::time::{Duration, Instant};

fn best_of_3(mut run: impl FnMut() -> Vec<u32>) -> (Duration, Vec<u32>) {
    let mut best = Duration::MAX;
    let mut values = Vec::new();
    for _ in 0..3 {
        let start = Instant::now();
        values = run();
        best = best.min(start.elapsed());
    }
    (best, values)
}

fn sequence(code: &OctalCode, method: Method, n: usize) -> Vec<u32> {
    let mut s = OctalSequence::new(code, method);
    s.extend_to(n, u64::MAX);
    s.values().to_vec()
}

fn main() {
    let n: usize = std::env::var("NIMCERT_BENCH_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100_000);
    println!("{}", host::host_line());
    println!("G on [0, {n}): heap sizes per second (best of 3), rare values vs direct");
    println!(
        "{:<8} {:>14} {:>14} {:>8}",
        "code", "rare", "direct", "ratio"
    );
    for code in ["0.6", "0.16", "0.36", "0.14", "0.77", "0.4", "0.04"] {
        let code = OctalCode::parse(code).expect("a code");
        let (rare, a) = best_of_3(|| sequence(&code, Method::Rare, n));
        let (direct, b) = best_of_3(|| sequence(&code, Method::Direct, n));
        assert_eq!(a, b, "{code}: the methods disagree");
        let rate = |d: Duration| n as f64 / d.as_secs_f64();
        println!(
            "{:<8} {:>14.0} {:>14.0} {:>7.1}x",
            code.to_string(),
            rate(rare),
            rate(direct),
            direct.as_secs_f64() / rare.as_secs_f64()
        );
    }
    println!("\nwhole solve by rare values (G until the theorem proves the period)");
    for code in ["0.16", "0.56"] {
        let code = OctalCode::parse(code).expect("a code");
        let start = Instant::now();
        match solve(&code, Method::Rare, 1 << 21, u64::MAX) {
            OctalOutcome::Periodic(g) => println!(
                "{code}: q = {}, p = {}, {} heap sizes in {:.2} s",
                g.preperiod,
                g.period,
                g.proof_length(),
                start.elapsed().as_secs_f64()
            ),
            other => println!("{code}: {other:?}"),
        }
    }
}
