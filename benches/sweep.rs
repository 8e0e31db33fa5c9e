//! `cargo bench --bench sweep`: the sweep of paper A's finite-check range
//! (and a larger range), measured side by side in one run:
//! 1. single-threaded sweep (classification + engine) against the same sweep
//!    with the baseline engine of the paper's method (a hash map of every
//!    window of length c);
//! 2. the sweep on 1 thread against 2 threads;
//! 3. `nimcheck` throughput on the Sequence certificates of the sweep
//!    (parse + check), in positions verified per second, where a
//!    certificate's positions are the q + p + c positions its recurrence
//!    rule checks.

use nimcert::certify::{search_provenance, sequence_certificate};
use nimcert::check::{check_bytes, to_ron, Limits, Verdict};
use nimcert::engine::{baseline, solve, DEFAULT_MAX_POSITIONS};
use nimcert::moves::MoveSet;
use nimcert::subtraction::classify;
use nimcert::sweep::{self, SweepSpec, Tally};
use std::hint::black_box;
use std::time::Instant;

fn spec(a: &str, b: &str, c: &str) -> SweepSpec {
    SweepSpec {
        a: a.into(),
        b: b.into(),
        c: c.into(),
        primitive: true,
        non_additive: true,
        max_positions: DEFAULT_MAX_POSITIONS,
    }
}

fn triples(spec: &SweepSpec) -> Vec<[u64; 3]> {
    spec.units()
        .into_iter()
        .flat_map(|u| spec.triples(u).collect::<Vec<_>>())
        .collect()
}

/// Best of `rounds` wall-clock seconds.
fn best(rounds: usize, mut f: impl FnMut()) -> f64 {
    (0..rounds)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64()
        })
        .fold(f64::MAX, f64::min)
}

fn sweep_on(threads: usize, spec: &SweepSpec) -> Tally {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    pool.install(|| sweep::run(spec, None, None, &|| {}).unwrap().tally)
}

/// The same work as the sweep with the paper's baseline engine: classify
/// each triple and find (q, p) by the first repeated window.
fn baseline_sweep(triples: &[[u64; 3]]) {
    for t in triples {
        black_box(classify(t));
        let moves = MoveSet::new(t).unwrap();
        black_box(baseline::first_repeated_window(&moves, DEFAULT_MAX_POSITIONS).unwrap());
    }
}

fn main() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("machine: {cores} cores available");
    for (name, spec, rounds) in [
        (
            "paper range a 2..=8, b ..=40, c ..=100",
            spec("2..=8", "..=40", "..=100"),
            5,
        ),
        (
            "larger range a 2..=12, b ..=60, c ..=300",
            spec("2..=12", "..=60", "..=300"),
            3,
        ),
    ] {
        let ts = triples(&spec);
        let one = best(rounds, || {
            black_box(sweep_on(1, &spec));
        });
        let two = best(rounds, || {
            black_box(sweep_on(2, &spec));
        });
        let base = best(1.max(rounds / 2), || baseline_sweep(&ts));
        println!("\n{name}: {} triples", ts.len());
        println!("  sweep, 1 thread            {one:8.3} s");
        println!(
            "  sweep, 2 threads           {two:8.3} s   speed-up {:.2}x",
            one / two
        );
        println!(
            "  baseline sweep, 1 thread   {base:8.3} s   nimcert is {:.1}x faster",
            base / one
        );
    }

    // nimcheck throughput on the certificates of the paper-range sweep.
    let spec = spec("2..=8", "..=40", "..=100");
    let mut positions = 0u64;
    let files: Vec<String> = triples(&spec)
        .iter()
        .map(|t| {
            let game = solve(&MoveSet::new(t).unwrap(), DEFAULT_MAX_POSITIONS).unwrap();
            positions += game.qp.preperiod + game.qp.period + t[2];
            to_ron(&sequence_certificate(&game, search_provenance()))
        })
        .collect();
    let limits = Limits::default();
    let secs = best(3, || {
        for f in &files {
            assert!(matches!(
                check_bytes(f.as_bytes(), &limits),
                Verdict::Valid(_)
            ));
        }
    });
    println!(
        "\nnimcheck on the {} Sequence certificates of the paper range: {secs:.3} s (parse + check), {:.1} M positions verified per second, {:.0} certificates per second",
        files.len(),
        positions as f64 / secs / 1e6,
        files.len() as f64 / secs
    );
}
