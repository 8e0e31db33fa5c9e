//! `cargo bench --bench engine`: nanoseconds per position for the nim-sequence
//! engine against the baseline of the paper's method (a hash map of every
//! window of length c), side by side in one run, single-threaded, over all
//! 15,385 primitive non-additive triples with 2 ≤ a ≤ 8, a < b ≤ 40,
//! b < c ≤ 100 (the paper's finite-check range).

use nimcert::engine::{baseline, Solver, DEFAULT_MAX_POSITIONS};
use nimcert::moves::{gcd, MoveSet};
use std::hint::black_box;
use std::time::Instant;

fn triples() -> Vec<MoveSet> {
    let mut out = Vec::new();
    for a in 2..=8u64 {
        for b in a + 1..=40 {
            for c in b + 1..=100 {
                if gcd(gcd(a, b), c) == 1 && c != a + b {
                    out.push(MoveSet::new(&[a, b, c]).expect("valid triple"));
                }
            }
        }
    }
    out
}

fn main() {
    let games = triples();
    assert_eq!(games.len(), 15_385, "the paper's finite-check range");
    let rounds = 5;
    let mut solver = Solver::new();
    // Positions of the game: q + p + c (where the first repeated window ends).
    let game_positions: u64 = games
        .iter()
        .map(|g| {
            let qp = solver.solve(g, DEFAULT_MAX_POSITIONS).expect("periodic");
            qp.preperiod + qp.period + g.largest()
        })
        .sum();
    let mut engine_best = f64::MAX;
    let mut baseline_best = f64::MAX;
    let mut computed = 0u64;
    for _ in 0..rounds {
        let start = Instant::now();
        computed = 0;
        for g in &games {
            let qp = solver.solve(g, DEFAULT_MAX_POSITIONS).expect("periodic");
            computed += solver.computed();
            black_box(qp);
        }
        engine_best = engine_best.min(start.elapsed().as_secs_f64());
        let start = Instant::now();
        for g in &games {
            black_box(baseline::first_repeated_window(g, DEFAULT_MAX_POSITIONS).expect("periodic"));
        }
        baseline_best = baseline_best.min(start.elapsed().as_secs_f64());
    }
    let ns = |secs: f64| secs * 1e9 / game_positions as f64;
    println!("triples: {}", games.len());
    println!("positions q + p + c summed over all games: {game_positions}");
    println!(
        "engine:   {:.3} s, {:.2} ns per game position (best of {rounds})",
        engine_best,
        ns(engine_best)
    );
    println!(
        "baseline: {:.3} s, {:.2} ns per game position (best of {rounds})",
        baseline_best,
        ns(baseline_best)
    );
    println!(
        "engine positions actually computed (Brent overshoot included): {computed}, {:.2} ns each",
        engine_best * 1e9 / computed as f64
    );
    println!("speed-up: {:.1}x", baseline_best / engine_best);
}
