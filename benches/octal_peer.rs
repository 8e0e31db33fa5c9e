//! `cargo bench --bench octal_peer`: `nimcert octal` side by side with the
//! C++ rare-value solver of tczajka/octal-games (`old/src/analyze_exec.cc`)
//! and with a baseline that follows that solver's method, reimplemented
//! here from its description (no code of it is copied).
//!
//! **What runs, per game, one after the other:**
//!
//! - *nimcert*: the release binary, `nimcert octal CODE --max-n 2^28
//!   --max-work 10^15 --format json`, a whole process.
//! - *the peer*: its own binary, a whole process, when
//!   `NIMCERT_PEER_OCTAL` names it (otherwise not run, and the goal is not
//!   judged). Build it with `git clone https://github.com/tczajka/octal-games`,
//!   then in `old/`: `mkdir -p bin && g++ -O3 -std=c++11 -Isrc
//!   src/analyze_exec.cc src/game.cc src/hadamard.cc -o bin/analyze`
//!   (googletest is needed only for its tests), and run with
//!   `NIMCERT_PEER_OCTAL=/path/to/old/bin/analyze`. Its `(q, p)` is read
//!   from its last line, `Found period start=q period=p`.
//! - *the previous nimcert*: another `nimcert` binary, a whole process,
//!   when `NIMCERT_BENCH_BASELINE` names it (say the release binary of the
//!   commit before, built in another worktree): the regression check. Its
//!   column is its CPU over this nimcert's, so a figure under 1 is a
//!   slower commit, whatever the host.
//! - *the baseline*: the peer's method in this file, in process, written
//!   as fast as the method allows (below); left out with
//!   `NIMCERT_BENCH_METHOD=0` (on 0.376 it takes minutes).
//!
//! The header names the host: CPU model, cores, transparent huge pages
//! mode (`benches/common/host.rs`). Times are wall seconds and, from
//! `/proc/self/stat` (Linux, 100 ticks a second), CPU seconds (user +
//! system) of the run: on a shared machine the CPU ratio is the steadier
//! one. `NIMCERT_BENCH_RUNS=k` (default 1) runs the processes k times in
//! alternation (nimcert, the peer, the previous nimcert, nimcert, …) and
//! reports each one's median CPU run. The `(q, p)` of all are compared.
//! Then the goal, nimcert at least 10 times faster than the peer on 0.354
//! and 0.376, is stated as met or not met from the CPU ratio.
//!
//! **The peer's method** (the baseline). G by rare values: the counts of
//! (value, position parity) over the whole prefix are kept, and the mask
//! (and whether the position parity is used, only when the splitting moves
//! all remove an even, or all an odd, number of tokens) is the one with
//! the fewest rare positions, from one Walsh–Hadamard transform of the
//! counts. Each position marks its single-heap options and the pairs with
//! a rare heap, takes the least common-class value not marked as the
//! candidate, then scans every split from a = 1 (stopping once every
//! rare-class value below the candidate is seen); a rare-class mex, or a
//! value needing one more bit, makes it choose the mask again and list the
//! rare positions anew. The period is looked for when n is a power of two,
//! for p = 1, 2, … by a scan down from the top to the last mismatch
//! (multiples of a failed p are scanned too: on 0.376 at n = 2^22 that is
//! the 4-periodic tail of 1.9 million positions again for every multiple
//! of 4). The one change: a (q, p) is accepted with this project's bound
//! 2q + 2p + t + 1 ≤ n (the peer's is two positions shorter), so that all
//! report the same (q, p) (on the games here the power of two reached is
//! the same either way).
//!
//! *As fast as the method allows:* marks are stamps in one table (no table
//! copied per position), the rare positions and their values are two flat
//! lists, and the scan down from the top compares blocks of 64 values at a
//! time before it looks for the mismatch inside a block; the values are
//! `u32`, as the peer's are.
//!
//! Games: NIMCERT_BENCH_OCTAL (comma-separated codes; default 0.56, 0.16,
//! 0.77, 0.137, then 0.354 and 0.376, whose peer and baseline runs take
//! minutes). Shared machine: only the ratios of one run mean anything.

#[path = "common/host.rs"]
mod host;

use nimcert::octal::code::Reach;
use nimcert::octal::period::proof_length;
use nimcert::octal::values::walsh_hadamard;
use nimcert::octal::OctalCode;
use std::process::Command;
use std::time::Instant;

/// The peer's state: the values, the counts of (value, position parity),
/// the rare split and its rare positions, and the marks of the position
/// being computed.
struct Peer {
    take_all: Vec<usize>,
    leave_one: Vec<usize>,
    leave_two: Vec<usize>,
    /// 0 or 1: the parity of every splitting move; 2: both occur.
    split_parity: usize,
    values: Vec<u32>,
    bits: u32,
    /// counts[(v << 1) | ((n ^ split_parity) & 1)].
    counts: Vec<i64>,
    mask: u32,
    with_position: bool,
    /// The rare positions ≥ 1 and their values.
    rare: Vec<u32>,
    rare_values: Vec<u32>,
    /// seen[v] == stamp: v is an option of the position.
    seen: Vec<u32>,
    stamp: u32,
}

impl Peer {
    fn new(code: &OctalCode) -> Peer {
        let to = |ks: Vec<u64>| ks.into_iter().map(|k| k as usize).collect::<Vec<_>>();
        let leave_two = to(code.leave_two());
        let odd = leave_two.iter().any(|k| k & 1 == 1);
        let even = leave_two.iter().any(|k| k & 1 == 0);
        let mut peer = Peer {
            take_all: to(code.take_all()),
            leave_one: to(code.leave_one()),
            leave_two,
            split_parity: match (even, odd) {
                (true, true) => 2,
                (_, true) => 1,
                _ => 0,
            },
            values: Vec::new(),
            bits: 0,
            counts: vec![0; 2],
            mask: 0,
            with_position: false,
            rare: Vec::new(),
            rare_values: Vec::new(),
            seen: vec![0; 2],
            stamp: 0,
        };
        peer.recompute_rare();
        peer
    }

    /// Whether value v is of the rare class at position n.
    fn is_rare(&self, n: usize, v: u32) -> bool {
        let rare = (v & self.mask).count_ones() & 1 == 0;
        rare ^ self.flipped(n)
    }

    /// Whether the position parity swaps the classes at n.
    fn flipped(&self, n: usize) -> bool {
        self.with_position && (n & 1) ^ self.split_parity == 1
    }

    /// The split with the fewest rare positions, by the Walsh–Hadamard
    /// transform of the counts, and its rare positions listed.
    fn recompute_rare(&mut self) {
        let n = self.values.len() as i64;
        let mut h = self.counts.clone();
        walsh_hadamard(&mut h);
        let mut best = (0, (h[0] + n) / 2);
        for (i, &x) in h.iter().enumerate().skip(1) {
            if self.split_parity == 2 && i & 1 == 1 {
                continue;
            }
            if (x + n) / 2 < best.1 {
                best = (i, (x + n) / 2);
            }
        }
        self.mask = (best.0 >> 1) as u32;
        self.with_position = best.0 & 1 == 1;
        self.rare.clear();
        self.rare_values.clear();
        for i in 1..self.values.len() {
            if self.is_rare(i, self.values[i]) {
                self.rare.push(i as u32);
                self.rare_values.push(self.values[i]);
            }
        }
    }

    fn push_next(&mut self) {
        let n = self.values.len();
        let size = 1usize << self.bits;
        let (flip, mask) = (self.flipped(n), self.mask);
        let rare_class = |v: usize| ((v as u32 & mask).count_ones() & 1 == 0) ^ flip;
        self.stamp += 1;
        let stamp = self.stamp;
        let g = &self.values;
        let seen = &mut self.seen;
        if self.take_all.contains(&n) {
            seen[0] = stamp;
        }
        for &k in &self.leave_one {
            if k < n {
                seen[g[n - k] as usize] = stamp;
            }
        }
        for &k in &self.leave_two {
            if n < k + 2 {
                continue;
            }
            let s = n - k;
            let listed = self.rare.partition_point(|&r| (r as usize) < s);
            let window = &g[..s];
            for (&r, &x) in self.rare[..listed].iter().zip(&self.rare_values) {
                seen[(x ^ window[s - r as usize]) as usize] = stamp;
            }
        }
        let mut candidate = (0..size)
            .find(|&v| !rare_class(v) && seen[v] != stamp)
            .unwrap_or(size);
        let mut missing = (0..candidate)
            .filter(|&v| rare_class(v) && seen[v] != stamp)
            .count();
        for &k in &self.leave_two {
            let mut a = 1;
            while a + a + k <= n && missing > 0 {
                let v = (g[a] ^ g[n - k - a]) as usize;
                if seen[v] != stamp {
                    seen[v] = stamp;
                    if v < candidate && rare_class(v) {
                        missing -= 1;
                    }
                }
                a += 1;
            }
        }
        let mut recompute = false;
        if missing > 0 {
            candidate = (0..size)
                .find(|&v| rare_class(v) && seen[v] != stamp)
                .expect("a rare-class value is missing below the candidate");
            recompute = true;
        }
        if candidate >= size {
            self.bits += 1;
            self.counts.resize(2 << self.bits, 0);
            self.seen.resize(2 << self.bits, 0);
            recompute = true;
        }
        self.values.push(candidate as u32);
        self.counts[(candidate << 1) | ((n ^ self.split_parity) & 1)] += 1;
        if recompute {
            self.recompute_rare();
        }
    }
}

/// The peer's period check at n: every p from 1, by a scan down from the
/// top (this project's bound 2q + 2p + t + 1 ≤ n).
fn peer_period(g: &[u32], reach: Reach) -> Option<(u64, u64)> {
    let n = g.len() as u64;
    let mut p = 1;
    while proof_length(0, p, reach) <= n {
        let start = scan_down(g, p as usize);
        if proof_length(start as u64, p, reach) <= n {
            return Some((start as u64, p));
        }
        p += 1;
    }
    None
}

/// The least start with G(m) = G(m + p) for start ≤ m < N − p: blocks of
/// 64 compared whole, then the mismatching block value by value.
fn scan_down(g: &[u32], p: usize) -> usize {
    const BLOCK: usize = 64;
    let mut start = g.len() - p;
    while start >= BLOCK && g[start - BLOCK..start] == g[start - BLOCK + p..start + p] {
        start -= BLOCK;
    }
    while start > 0 && g[start - 1] == g[start - 1 + p] {
        start -= 1;
    }
    start
}

/// The peer's whole solve: G until a power of two where the period passes.
fn peer_solve(code: &OctalCode, max_n: usize) -> Option<(u64, u64)> {
    let mut peer = Peer::new(code);
    loop {
        let n = peer.values.len();
        if n.is_power_of_two() {
            if let Some(found) = peer_period(&peer.values, code.reach()) {
                return Some(found);
            }
        }
        if n >= max_n {
            return None;
        }
        peer.push_next();
    }
}

/// Wall and CPU seconds so far: the CPU of this process and of its
/// waited-for children (user + system, from `/proc/self/stat`; `None`
/// where it cannot be read).
#[derive(Clone, Copy)]
struct Clock {
    wall: Instant,
    cpu: Option<(f64, f64)>,
}

/// A run's wall and CPU seconds.
#[derive(Clone, Copy)]
struct Took {
    wall: f64,
    cpu: Option<f64>,
}

impl Clock {
    fn now() -> Clock {
        Clock {
            wall: Instant::now(),
            cpu: cpu_seconds(),
        }
    }

    /// Since `self`, the CPU of this process (`child` false) or of the
    /// children reaped since (`child` true).
    fn took(&self, child: bool) -> Took {
        let now = cpu_seconds();
        let cpu = self.cpu.zip(now).map(|(a, b)| match child {
            true => b.1 - a.1,
            false => b.0 - a.0,
        });
        Took {
            wall: self.wall.elapsed().as_secs_f64(),
            cpu,
        }
    }
}

/// (this process, its reaped children) CPU seconds, from fields 14–17 of
/// `/proc/self/stat` (utime, stime, cutime, cstime) at 100 ticks a second.
fn cpu_seconds() -> Option<(f64, f64)> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let after = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<f64> = after
        .split_whitespace()
        .skip(11)
        .take(4)
        .map(|f| f.parse().ok())
        .collect::<Option<_>>()?;
    let ticks = |i: usize| fields.get(i).copied();
    Some((
        (ticks(0)? + ticks(1)?) / 100.0,
        (ticks(2)? + ticks(3)?) / 100.0,
    ))
}

/// `nimcert octal CODE` (`binary`: the release binary of this build, or a
/// previous one) as a whole process: its (q, p) and time.
fn nimcert_solve(binary: &str, code: &str) -> (Option<(u64, u64)>, Took) {
    let clock = Clock::now();
    let output = Command::new(binary)
        .args(["octal", code, "--max-n", "268435456"])
        .args(["--max-work", "1000000000000000", "--format", "json"])
        .output()
        .expect("nimcert runs");
    let took = clock.took(true);
    let report: Option<serde_json::Value> = serde_json::from_slice(&output.stdout).ok();
    let found = report.and_then(|r| Some((r["preperiod"].as_u64()?, r["period"].as_u64()?)));
    (found, took)
}

/// The peer's binary on `code`: the (q, p) of its `Found period` line and
/// its time.
fn real_peer_solve(binary: &str, code: &str) -> (Option<(u64, u64)>, Took) {
    let clock = Clock::now();
    let output = Command::new(binary)
        .arg(code)
        .output()
        .expect("the peer's binary runs");
    let took = clock.took(true);
    let text = String::from_utf8_lossy(&output.stdout);
    let found = text.lines().find_map(|line| {
        let rest = line.strip_prefix("Found period start=")?;
        let (q, p) = rest.split_once(" period=")?;
        Some((q.trim().parse().ok()?, p.trim().parse().ok()?))
    });
    (found, took)
}

/// Whether the reimplemented baseline runs (`NIMCERT_BENCH_METHOD=0`
/// leaves it out).
fn method_runs() -> bool {
    std::env::var("NIMCERT_BENCH_METHOD").map_or(true, |v| v != "0")
}

/// How many alternating runs of each process (`NIMCERT_BENCH_RUNS`, at
/// least 1).
fn runs() -> usize {
    std::env::var("NIMCERT_BENCH_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1usize)
        .max(1)
}

/// The run of median CPU time (of wall time where CPU was not read).
fn median(mut took: Vec<Took>) -> Took {
    took.sort_by(|a, b| {
        let key = |t: &Took| t.cpu.unwrap_or(t.wall);
        key(a).total_cmp(&key(b))
    });
    took[took.len() / 2]
}

fn games() -> Vec<String> {
    match std::env::var("NIMCERT_BENCH_OCTAL") {
        Ok(list) => list.split(',').map(|s| s.trim().to_string()).collect(),
        Err(_) => ["0.56", "0.16", "0.77", "0.137", "0.354", "0.376"]
            .map(String::from)
            .to_vec(),
    }
}

/// "12.34 s (cpu 12.00)".
fn seconds(took: Took) -> String {
    match took.cpu {
        Some(cpu) => format!("{:.2} ({cpu:.2})", took.wall),
        None => format!("{:.2} (-)", took.wall),
    }
}

/// Their time over ours, by CPU where both were read, else by wall.
fn ratio(theirs: Took, ours: Took) -> f64 {
    match theirs.cpu.zip(ours.cpu) {
        Some((a, b)) if b > 0.0 => a / b,
        _ => theirs.wall / ours.wall,
    }
}

fn main() {
    const MAX_N: usize = 1 << 28;
    let peer_binary = std::env::var("NIMCERT_PEER_OCTAL").ok();
    let previous = std::env::var("NIMCERT_BENCH_BASELINE").ok();
    let runs = runs();
    println!("{}", host::host_line());
    println!(
        "whole solve: nimcert (process), the peer's binary (process, {}), the previous nimcert \
         (process, {}), the peer's method reimplemented (in process, {})",
        peer_binary
            .as_deref()
            .unwrap_or("NIMCERT_PEER_OCTAL not set: not run"),
        previous
            .as_deref()
            .unwrap_or("NIMCERT_BENCH_BASELINE not set: not run"),
        if method_runs() {
            "run"
        } else {
            "NIMCERT_BENCH_METHOD=0: not run"
        },
    );
    println!(
        "seconds wall (CPU), median of {runs} alternating run(s); ratios: their CPU / nimcert's CPU"
    );
    println!(
        "{:<7} {:>9} {:>6} {:>16} {:>16} {:>8} {:>16} {:>8} {:>16} {:>8}",
        "code",
        "q",
        "p",
        "nimcert",
        "peer binary",
        "ratio",
        "previous",
        "ratio",
        "baseline",
        "ratio"
    );
    let mut verdicts = Vec::new();
    for code_text in games() {
        let code = OctalCode::parse(&code_text).expect("a code");
        let (mut ours_runs, mut peer_runs, mut previous_runs) =
            (Vec::new(), Vec::new(), Vec::new());
        let mut ours = None;
        for _ in 0..runs {
            let (found, took) = nimcert_solve(env!("CARGO_BIN_EXE_nimcert"), &code_text);
            ours = found;
            ours_runs.push(took);
            if let Some(binary) = &peer_binary {
                let (found, took) = real_peer_solve(binary, &code_text);
                assert_eq!(found, ours, "{code}: the peer's (q, p)");
                peer_runs.push(took);
            }
            if let Some(binary) = &previous {
                let (found, took) = nimcert_solve(binary, &code_text);
                assert_eq!(found, ours, "{code}: the previous nimcert's (q, p)");
                previous_runs.push(took);
            }
        }
        let Some((q, p)) = ours else {
            println!("{code}: nimcert found no period below {MAX_N}");
            continue;
        };
        let ours_took = median(ours_runs);
        let cell = |took: Vec<Took>| match took.is_empty() {
            true => ("-".to_string(), "-".to_string(), None),
            false => {
                let took = median(took);
                let r = ratio(took, ours_took);
                (seconds(took), format!("{r:.1}x"), Some(r))
            }
        };
        let (peer_cell, peer_ratio, peer_r) = cell(peer_runs);
        let (previous_cell, previous_ratio, _) = cell(previous_runs);
        let (baseline_cell, baseline_ratio) = match method_runs() {
            true => {
                let clock = Clock::now();
                let baseline = peer_solve(&code, MAX_N);
                let took = clock.took(false);
                assert_eq!(baseline, Some((q, p)), "{code}: the baseline's (q, p)");
                (seconds(took), format!("{:.1}x", ratio(took, ours_took)))
            }
            false => ("-".to_string(), "-".to_string()),
        };
        println!(
            "{:<7} {:>9} {:>6} {:>16} {:>16} {:>8} {:>16} {:>8} {:>16} {:>8}",
            code.to_string(),
            q,
            p,
            seconds(ours_took),
            peer_cell,
            peer_ratio,
            previous_cell,
            previous_ratio,
            baseline_cell,
            baseline_ratio
        );
        if ["0.354", "0.376"].contains(&code.to_string().as_str()) {
            verdicts.push((code.to_string(), peer_r));
        }
    }
    println!("\ngoal: nimcert octal 0.354 and 0.376 at least 10x faster than the peer (CPU)");
    for (code, peer_ratio) in verdicts {
        match peer_ratio {
            Some(r) if r >= 10.0 => println!("{code}: met ({r:.1}x)"),
            Some(r) => println!("{code}: NOT met ({r:.1}x)"),
            None => println!("{code}: not judged (set NIMCERT_PEER_OCTAL)"),
        }
    }
}
