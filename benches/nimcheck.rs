//! `cargo bench --bench nimcheck`: `nimcheck` throughput in positions
//! verified per second, where a game's positions are the q + p + c
//! positions of [0, q + p + c) on which its nim-sequence is checked, for
//! the format-1 `Sequence` certificates (the values listed, parsed and
//! checked) against the same claims as format-4 `PackedSequence`
//! certificates (the values as one string of hexadecimal digits, read in
//! place: issue 21, goal 4, at least 10^8 positions per second on the
//! large games) and against the format-2 forms (the values recomputed by
//! the mex rule): one `Periodic` certificate per file, and `PeriodicTable`
//! certificates of many games each. Measured side by side in one run, on
//! two workloads:
//!
//! 1. large games: a few three-move games with 0.6 to 15 million positions
//!    each, one certificate per game;
//! 2. the paper range: all 15,385 primitive non-additive triples with
//!    2 ≤ a ≤ 8, a < b ≤ 40, b < c ≤ 100 (paper A's finite check), as a
//!    directory of one file per triple (the layout of `nimcert sweep
//!    --certs`), and as a directory of one `PeriodicTable` per (a, b).
//!
//! Each measurement is the whole `nimcheck` process on the directory
//! (reading, parsing, checking, printing to /dev/null), best of a few
//! rounds, with `--jobs 1` and with two jobs. The bench builds the release
//! `nimcheck` first. On a machine shared with other work the absolute
//! rates drop; the ratios, measured in the same run, are what compare.

#[path = "common/host.rs"]
mod host;

use nimcert::certify::{
    listed_sequence_certificate, pack, periodic_certificate, periodic_claim,
    periodic_table_certificate, search_provenance, sequence_claim,
};
use nimcert::check::format::{Certificate, Claim, PeriodicClaim};
use nimcert::check::to_ron;
use nimcert::engine::{solve, Periodicity, DEFAULT_MAX_POSITIONS};
use nimcert::moves::MoveSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// Large games: (q + p + c) from 0.6 to 15 million positions.
const LARGE: &[[u64; 3]] = &[
    [7, 100_000, 250_000],
    [3, 500_001, 1_000_000],
    [4, 7, 1_000_000],
    [5, 77_777, 999_983],
];

/// Builds the release `nimcheck` and returns its path (next to this bench's
/// own `deps/` folder).
fn nimcheck() -> PathBuf {
    let status = Command::new(env!("CARGO"))
        .args([
            "build",
            "--release",
            "-p",
            "nimcert-check",
            "--bin",
            "nimcheck",
        ])
        .status()
        .expect("cargo runs");
    assert!(status.success(), "cannot build nimcheck");
    let exe = std::env::current_exe().expect("bench path");
    exe.parent()
        .and_then(Path::parent)
        .expect("target/release/deps/")
        .join("nimcheck")
}

/// The game's `PackedSequence` certificate (format 4), whatever its length
/// (the solver packs only above 10,000 values).
fn packed_certificate(game: &Periodicity) -> Certificate {
    let (q, p) = (game.qp.preperiod, game.qp.period);
    let claim = Claim::PackedSequence(pack(sequence_claim(&game.moves, &game.values, q, p)));
    Certificate {
        format: claim.format_version(),
        provenance: search_provenance(),
        claim,
    }
}

fn positions(game: &Periodicity) -> u64 {
    game.qp.preperiod + game.qp.period + game.moves.as_slice().last().unwrap()
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// A sweep unit: (a, b) and its triples.
type Unit = ((u64, u64), Vec<[u64; 3]>);

/// The paper range's triples, grouped by (a, b) (a sweep unit).
fn paper_range() -> Vec<Unit> {
    let gcd = |mut a: u64, mut b: u64| {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a
    };
    let mut units = Vec::new();
    for a in 2..=8u64 {
        for b in a + 1..=40 {
            let triples: Vec<[u64; 3]> = (b + 1..=100)
                .filter(|&c| gcd(gcd(a, b), c) == 1 && c != a + b)
                .map(|c| [a, b, c])
                .collect();
            if !triples.is_empty() {
                units.push(((a, b), triples));
            }
        }
    }
    units
}

/// Best of `rounds` wall-clock seconds of `nimcheck ARGS DIR`, which must
/// exit 0.
fn time(nimcheck: &Path, dir: &Path, jobs: u32, rounds: usize) -> f64 {
    (0..rounds)
        .map(|_| {
            let start = Instant::now();
            let status = Command::new(nimcheck)
                .args(["--jobs", &jobs.to_string(), "--max-file-bytes", "100000000"])
                .arg(dir)
                .stdout(Stdio::null())
                .status()
                .expect("nimcheck runs");
            let secs = start.elapsed().as_secs_f64();
            assert_eq!(status.code(), Some(0), "nimcheck {}", dir.display());
            secs
        })
        .fold(f64::MAX, f64::min)
}

/// One row of the table: the form, seconds and positions per second with
/// one and two jobs.
fn report(name: &str, nimcheck: &Path, dir: &Path, positions: u64, rounds: usize) -> [f64; 2] {
    let one = time(nimcheck, dir, 1, rounds);
    let two = time(nimcheck, dir, 2, rounds);
    println!(
        "  {name:<44} {one:8.3} s {:8.1} M/s   {two:8.3} s {:8.1} M/s",
        positions as f64 / one / 1e6,
        positions as f64 / two / 1e6
    );
    [one, two]
}

fn main() {
    let nimcheck = nimcheck();
    let root = std::env::temp_dir().join(format!("nimcheck-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("{}", host::host_line());
    println!("machine: {cores} cores available; positions = Σ(q + p + c)");
    println!(
        "  {:<44} {:>10} {:>10}   {:>10} {:>10}",
        "form", "1 job", "", "2 jobs", ""
    );

    // 1. Large games.
    let mut total = 0u64;
    for t in LARGE {
        let game = solve(&MoveSet::new(t).unwrap(), DEFAULT_MAX_POSITIONS).unwrap();
        total += positions(&game);
        let name = format!("{}-{}-{}.ron", t[0], t[1], t[2]);
        write(
            &root.join("large/v1").join(&name),
            &to_ron(&listed_sequence_certificate(&game, search_provenance())),
        );
        write(
            &root.join("large/packed").join(&name),
            &to_ron(&packed_certificate(&game)),
        );
        write(
            &root.join("large/periodic").join(&name),
            &to_ron(&periodic_certificate(&game, search_provenance())),
        );
    }
    println!(
        "\nlarge games ({} certificates, {:.1} M positions):",
        LARGE.len(),
        total as f64 / 1e6
    );
    let v1 = report(
        "Sequence (format 1, values listed)",
        &nimcheck,
        &root.join("large/v1"),
        total,
        3,
    );
    let packed = report(
        "PackedSequence (format 4, values packed)",
        &nimcheck,
        &root.join("large/packed"),
        total,
        3,
    );
    let p = report(
        "Periodic (format 2, values recomputed)",
        &nimcheck,
        &root.join("large/periodic"),
        total,
        3,
    );
    println!(
        "  PackedSequence vs Sequence: {:.1}x (1 job), {:.1}x (2 jobs); goal 10^8 positions/s: {:.0} M/s (1 job), {}",
        v1[0] / packed[0],
        v1[1] / packed[1],
        total as f64 / packed[0] / 1e6,
        if total as f64 / packed[0] >= 1e8 { "met" } else { "not met" }
    );
    println!(
        "  Periodic vs Sequence: {:.1}x (1 job), {:.1}x (2 jobs)",
        v1[0] / p[0],
        v1[1] / p[1]
    );

    // 2. The paper range.
    let mut total = 0u64;
    let mut count = 0usize;
    for ((a, b), triples) in paper_range() {
        let mut rows: Vec<PeriodicClaim> = Vec::new();
        for t in &triples {
            let game = solve(&MoveSet::new(t).unwrap(), DEFAULT_MAX_POSITIONS).unwrap();
            total += positions(&game);
            count += 1;
            let name = format!("{a}-{b}/s-{a}-{b}-{}.ron", t[2]);
            write(
                &root.join("paper/v1").join(&name),
                &to_ron(&listed_sequence_certificate(&game, search_provenance())),
            );
            write(
                &root.join("paper/packed").join(&name),
                &to_ron(&packed_certificate(&game)),
            );
            write(
                &root.join("paper/periodic").join(&name),
                &to_ron(&periodic_certificate(&game, search_provenance())),
            );
            rows.push(periodic_claim(
                &game.moves,
                &game.values,
                game.qp.preperiod,
                game.qp.period,
            ));
        }
        write(
            &root.join(format!("paper/table/{a}-{b}.ron")),
            &to_ron(&periodic_table_certificate(&rows, search_provenance())),
        );
    }
    println!(
        "\npaper range ({count} games, {:.2} M positions):",
        total as f64 / 1e6
    );
    let v1 = report(
        "Sequence, one file per game",
        &nimcheck,
        &root.join("paper/v1"),
        total,
        5,
    );
    let packed = report(
        "PackedSequence, one file per game",
        &nimcheck,
        &root.join("paper/packed"),
        total,
        5,
    );
    let p = report(
        "Periodic, one file per game",
        &nimcheck,
        &root.join("paper/periodic"),
        total,
        5,
    );
    let t = report(
        "PeriodicTable, one file per (a, b)",
        &nimcheck,
        &root.join("paper/table"),
        total,
        5,
    );
    println!(
        "  PackedSequence vs Sequence: {:.1}x / {:.1}x (1 / 2 jobs)",
        v1[0] / packed[0],
        v1[1] / packed[1]
    );
    println!(
        "  Periodic vs Sequence: {:.1}x / {:.1}x; PeriodicTable vs Sequence: {:.1}x / {:.1}x (1 / 2 jobs)",
        v1[0] / p[0],
        v1[1] / p[1],
        v1[0] / t[0],
        v1[1] / t[1]
    );
    let _ = std::fs::remove_dir_all(&root);
}
