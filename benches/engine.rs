//! `cargo bench --bench engine`: nanoseconds per position of the
//! nim-sequence engine, single-threaded, against
//!
//! - the **generation floor**: the same buffers and fill rule computing the
//!   values on [0, q + p + c) of every game and nothing else (no search);
//! - the **competent baseline** of the paper's method: byte values, every
//!   window of length c a byte-string key of a hash map, one map operation
//!   per position (`engine::baseline`).
//!
//! All measured side by side in one run (rounds interleaved, best round of
//! each). "Position" means the q + p + c positions up to the first repeated
//! window, the work the paper's method does; positions the engine computes
//! past them (it stops at the first repeated window rounded up to a chunk,
//! later only through its fallback) count against it.
//!
//! Ranges: paper A's finite check (all 15,385 primitive non-additive
//! triples with 2 ≤ a ≤ 8, a < b ≤ 40, b < c ≤ 100), and a sample of the
//! c ≤ 1000 campaign (every primitive non-additive triple with c = 1000 and
//! a ≡ 2 mod 50: long pre-periods, mostly large a).

use nimcert::engine::{baseline, Solver, DEFAULT_MAX_POSITIONS};
use nimcert::moves::{gcd, MoveSet};
use std::hint::black_box;
use std::time::Instant;

struct Game {
    moves: [u64; 3],
    /// q + p + c.
    positions: u64,
}

fn games(triples: impl Iterator<Item = [u64; 3]>) -> Vec<Game> {
    let mut solver = Solver::new();
    triples
        .filter(|&[a, b, c]| gcd(gcd(a, b), c) == 1 && c != a + b)
        .map(|moves| {
            let qp = solver
                .solve_slice(&moves, None, DEFAULT_MAX_POSITIONS)
                .expect("periodic");
            Game {
                moves,
                positions: qp.preperiod + qp.period + moves[2],
            }
        })
        .collect()
}

fn paper_range() -> Vec<Game> {
    let triples = (2..=8u64)
        .flat_map(|a| (a + 1..=40).flat_map(move |b| (b + 1..=100).map(move |c| [a, b, c])));
    let games = games(triples);
    assert_eq!(games.len(), 15_385, "the paper's finite-check range");
    games
}

fn campaign_sample() -> Vec<Game> {
    let c = 1000;
    let triples = (2..c - 1)
        .step_by(50)
        .flat_map(move |a| (a + 1..c).map(move |b| [a, b, c]));
    games(triples)
}

/// Best wall-clock seconds of `f` over the rounds it is given.
#[derive(Default)]
struct Best(Option<f64>);

impl Best {
    fn time<R>(&mut self, f: impl FnOnce() -> R) -> R {
        let start = Instant::now();
        let r = f();
        let secs = start.elapsed().as_secs_f64();
        self.0 = Some(self.0.map_or(secs, |b: f64| b.min(secs)));
        r
    }

    fn secs(&self) -> f64 {
        self.0.expect("timed at least once")
    }
}

fn measure(name: &str, games: &[Game], rounds: usize, baseline_rounds: usize) {
    let positions: u64 = games.iter().map(|g| g.positions).sum();
    let mut solver = Solver::new();
    let (mut floor, mut engine, mut paper) = (Best::default(), Best::default(), Best::default());
    let mut computed = 0;
    for round in 0..rounds {
        floor.time(|| {
            for g in games {
                solver.generate_only(&g.moves, g.positions as usize);
                black_box(solver.computed());
            }
        });
        computed = engine.time(|| {
            let mut computed = 0;
            for g in games {
                let qp = solver.solve_slice(&g.moves, None, DEFAULT_MAX_POSITIONS);
                black_box(qp.expect("periodic"));
                computed += solver.computed();
            }
            computed
        });
        if round < baseline_rounds {
            paper.time(|| {
                for g in games {
                    let set = MoveSet::new(&g.moves).expect("three moves");
                    let qp = baseline::first_repeated_window(&set, DEFAULT_MAX_POSITIONS);
                    black_box(qp.expect("periodic"));
                }
            });
        }
    }
    let ns = |b: &Best| b.secs() * 1e9 / positions as f64;
    println!(
        "\n{name}: {} triples, {positions} positions (q + p + c)",
        games.len()
    );
    println!(
        "  engine                     {:8.4} s  {:7.2} ns per position (best of {rounds})",
        engine.secs(),
        ns(&engine)
    );
    println!(
        "  generation floor           {:8.4} s  {:7.2} ns per position  engine / floor = {:.2}",
        floor.secs(),
        ns(&floor),
        engine.secs() / floor.secs()
    );
    println!(
        "  positions the engine computed: {computed} ({:+.1}% past q + p + c)",
        (computed as f64 / positions as f64 - 1.0) * 100.0
    );
    if baseline_rounds > 0 {
        println!(
            "  paper's method (competent) {:8.4} s  {:7.2} ns per position  engine is {:.1}x faster (best of {baseline_rounds})",
            paper.secs(),
            ns(&paper),
            paper.secs() / engine.secs()
        );
    }
}

fn main() {
    println!("single thread; best round of each, rounds interleaved");
    measure(
        "paper range a 2..=8, b ..=40, c ..=100",
        &paper_range(),
        15,
        3,
    );
    // The paper's method keeps every window of c = 1000 letters of a game
    // whose pre-period runs to 10^5 positions: gigabytes and minutes, so it
    // is left out of this range.
    measure(
        "campaign sample c = 1000, a = 2, 52, ..., 952",
        &campaign_sample(),
        5,
        0,
    );
}
