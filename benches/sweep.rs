//! `cargo bench --bench sweep`: the finite check of paper A and the other
//! whole-run figures, each measured side by side in one run.
//!
//! 1. **Finite check, whole process, single thread**: `nimcert sweep
//!    --primitive --non-additive --threads 1` against the Python reference
//!    `benches/reference/finite_check.py`, which does what the paper says
//!    its script does (first repeated window of length c, windows as bytes
//!    in a dict; the angle tests from their definitions), on five ranges
//!    from 211 triples to a ≤ 12, b ≤ 60, c ≤ 300, the paper's among them.
//!    Issue 40's goal: 250× on every range, start-up included. Judged on
//!    CPU time per run (user + system, whole process, from the children's
//!    times in `/proc/self/stat`), which a loaded machine does not change;
//!    best wall-clock times printed beside it. Also printed: the start-up
//!    floor (`nimcert --version`, `python3 -c pass`) and the best ratio it
//!    leaves on each range.
//! 2. **The same in process**: the sweep on one thread against the same
//!    classification with the competent Rust version of the paper's method
//!    (`engine::baseline`), and the sweep on two threads.
//! 3. **Classification**: nanoseconds per triple of the allocation-free
//!    outline (`Classifier`, the sweep's) and of the full `classify` (P-set
//!    and values built), on the paper range and on a sample of c = 1000.
//! 4. **The extended audit** (goal 5 of issue 12: at most 40 s on 2 cores):
//!    `nimcert audit --extended` and its paper B part `--claim B --extended`,
//!    whole process, all cores (one run each; set NIMCERT_BENCH_SKIP_B=1 to
//!    leave them out).
//! 5. **nimcheck** on the Sequence certificates of the paper range (parse +
//!    check), in positions verified per second.

#[path = "common/host.rs"]
mod host;

use nimcert::certify::{search_provenance, sequence_certificate};
use nimcert::check::{check_bytes, to_ron, Limits, Verdict};
use nimcert::engine::{baseline, solve, DEFAULT_MAX_POSITIONS};
use nimcert::moves::MoveSet;
use nimcert::subtraction::classify as classify_full;
use nimcert::subtraction::classify::{outline, Classifier};
use nimcert::subtraction::sweep::{self, SweepSpec, Tally};
use std::hint::black_box;
use std::path::Path;
use std::process::{Command, Stdio};
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

/// Runs a command to the end, its output thrown away; `false` if it could
/// not be started or failed.
fn run(program: &str, args: &[&str]) -> bool {
    Command::new(program)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

fn sweep_on(threads: usize, spec: &SweepSpec) -> Tally {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    pool.install(|| sweep::run(spec, None, None, &|| {}).unwrap().tally)
}

/// The sweep's work with the paper's method as the engine: classify each
/// triple and find (q, p) by the first repeated window.
fn baseline_sweep(triples: &[[u64; 3]]) {
    let mut classifier = Classifier::new();
    for t in triples {
        black_box(classifier.outline(t));
        let moves = MoveSet::new(t).unwrap();
        black_box(baseline::first_repeated_window(&moves, DEFAULT_MAX_POSITIONS).unwrap());
    }
}

/// Issue 40's goal: at least this many times the Python reference, on
/// every range.
const WHOLE_PROCESS_GOAL: f64 = 250.0;

fn whole_process() {
    println!(
        "1. paper A's finite check, whole process, single thread (goal: {WHOLE_PROCESS_GOAL:.0}x on every range)"
    );
    let floor = start_up_floor();
    // (name, [a_max, b_max, c_max], Python runs, sweep runs per Python run)
    let ranges: [(&str, [&str; 3], usize, usize); 5] = [
        (
            "a 2..=4, b ..=10, c ..=20 (211 triples)",
            ["4", "10", "20"],
            3,
            40,
        ),
        ("a 2..=4, b ..=20, c ..=50", ["4", "20", "50"], 3, 40),
        ("a 2..=6, b ..=30, c ..=80", ["6", "30", "80"], 2, 40),
        (
            "paper A's finite check (15,385 triples)",
            ["8", "40", "100"],
            2,
            40,
        ),
        (
            "a 2..=12, b ..=60, c ..=300 (126,906 triples)",
            ["12", "60", "300"],
            1,
            5,
        ),
    ];
    for (letter, (name, range, python_rounds, rounds)) in
        ["a", "b", "c", "d", "e"].into_iter().zip(ranges)
    {
        println!("1{letter}. {name}");
        whole_process_on(range, python_rounds, rounds, floor);
    }
}

/// CPU seconds (user + system) used by the children this process has
/// waited for, from `/proc/self/stat` (fields cutime and cstime, in clock
/// ticks of 1/100 s); `None` where there is no such file. Summed over many
/// runs, the ticks' rounding stays below a percent; unlike wall-clock time
/// it does not grow with the load of a shared machine (a single-threaded
/// run is only ever slowed, never sped up, by waiting for a core).
fn children_cpu() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command name, which is in parentheses.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    // Fields 16 and 17 of proc(5), counted from 1 with pid and comm first.
    let ticks = |i: usize| fields.get(i - 3)?.parse::<f64>().ok();
    Some((ticks(16)? + ticks(17)?) / 100.0)
}

/// CPU seconds per run of `program args` over `runs` runs (each waited
/// for), or `None` without `/proc`.
fn cpu_per_run(runs: usize, program: &str, args: &[&str]) -> Option<f64> {
    let before = children_cpu()?;
    for _ in 0..runs {
        assert!(run(program, args), "{program} {args:?} failed");
    }
    Some((children_cpu()? - before) / runs as f64)
}

/// The start-up floor, CPU seconds per run: `nimcert --version` (the
/// process, its libraries, the allocator and the argument parser, no work)
/// and `python3 -c pass`. A sweep costs at least the first and the Python
/// reference at least the second, so on a range where Python takes P
/// seconds no sweep beats P / (nimcert's floor).
fn start_up_floor() -> Option<(f64, f64)> {
    let nimcert = env!("CARGO_BIN_EXE_nimcert");
    let ours = cpu_per_run(200, nimcert, &["--version"])?;
    let python = cpu_per_run(10, "python3", &["-c", "pass"])?;
    println!(
        "   start-up, CPU per run: nimcert --version {:.2} ms, python3 -c pass {:.1} ms",
        ours * 1e3,
        python * 1e3
    );
    Some((ours, python))
}

/// `nimcert sweep --threads 1` against the Python reference on 2 ≤ a ≤
/// `a_max`, b ≤ `b_max`, c ≤ `c_max` (primitive, non-additive), rounds
/// interleaved: one Python run, then `rounds` sweeps. Prints the best
/// wall-clock times and the CPU time per run (user + system, whole
/// process); the goal is judged on CPU time, which the load of a shared
/// machine leaves as it is.
fn whole_process_on(
    [a_max, b_max, c_max]: [&str; 3],
    python_rounds: usize,
    rounds: usize,
    floor: Option<(f64, f64)>,
) {
    let nimcert = env!("CARGO_BIN_EXE_nimcert");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/reference/finite_check.py");
    let script = script.to_str().expect("a UTF-8 path");
    let (a, b, c) = (
        format!("2..={a_max}"),
        format!("..={b_max}"),
        format!("..={c_max}"),
    );
    let sweep_args = [
        "sweep",
        "--a",
        &a,
        "--b",
        &b,
        "--c",
        &c,
        "--primitive",
        "--non-additive",
        "--threads",
        "1",
        "--format",
        "json",
    ];
    let python_args = [script, a_max, b_max, c_max];
    if !run(nimcert, &sweep_args) {
        println!("   nimcert sweep failed to run; skipped");
        return;
    }
    if !run("python3", &["--version"]) {
        println!("   python3 could not run; skipped");
        return;
    }
    let (mut python, mut ours) = (f64::MAX, f64::MAX);
    let (mut python_cpu, mut ours_cpu) = (Some(0.0), Some(0.0));
    for _ in 0..python_rounds {
        let before = children_cpu();
        python = python.min(best(1, || {
            assert!(run("python3", &python_args), "python3 {script} failed")
        }));
        let middle = children_cpu();
        ours = ours.min(best(rounds, || assert!(run(nimcert, &sweep_args))));
        let after = children_cpu();
        let add = |sum: Option<f64>, from: Option<f64>, to: Option<f64>| Some(sum? + to? - from?);
        python_cpu = add(python_cpu, before, middle);
        ours_cpu = add(ours_cpu, middle, after);
    }
    let runs = rounds * python_rounds;
    println!(
        "   wall, best run: Python {python:.3} s, nimcert sweep --threads 1 {ours:.4} s: {:.0}x",
        python / ours
    );
    let (Some(python_cpu), Some(ours_cpu)) = (python_cpu, ours_cpu) else {
        println!("   no CPU times (no /proc/self/stat): the goal is not judged");
        return;
    };
    let (python_cpu, ours_cpu) = (python_cpu / python_rounds as f64, ours_cpu / runs as f64);
    let ratio = python_cpu / ours_cpu;
    let verdict = if ratio >= WHOLE_PROCESS_GOAL {
        "met"
    } else {
        "not met"
    };
    println!(
        "   CPU per run ({python_rounds} Python, {runs} sweeps): Python {:.1} ms, nimcert {:.2} ms: {ratio:.0}x, goal {WHOLE_PROCESS_GOAL:.0}x {verdict}",
        python_cpu * 1e3,
        ours_cpu * 1e3
    );
    if let Some((start_up, _)) = floor {
        println!(
            "   at nimcert's start-up floor ({:.2} ms) the ratio could be at most {:.0}x; the sweep's own work is {:.2} ms",
            start_up * 1e3,
            python_cpu / start_up,
            (ours_cpu - start_up) * 1e3
        );
    }
}

fn in_process() {
    println!("\n2. the same sweep in process (classification + engine per triple)");
    for (name, spec, rounds) in [
        ("paper range", spec("2..=8", "..=40", "..=100"), 9),
        (
            "a 2..=12, b ..=60, c ..=300",
            spec("2..=12", "..=60", "..=300"),
            3,
        ),
    ] {
        let ts = triples(&spec);
        let (mut one, mut two) = (f64::MAX, f64::MAX);
        for _ in 0..rounds {
            one = one.min(best(1, || {
                black_box(sweep_on(1, &spec));
            }));
            two = two.min(best(1, || {
                black_box(sweep_on(2, &spec));
            }));
        }
        let base = best(1, || baseline_sweep(&ts));
        println!("   {name}: {} triples", ts.len());
        println!("     sweep, 1 thread                     {one:8.4} s");
        println!(
            "     sweep, 2 threads                    {two:8.4} s  speed-up {:.2}x",
            one / two
        );
        println!(
            "     paper's method in Rust, 1 thread    {base:8.4} s  nimcert is {:.1}x faster",
            base / one
        );
    }
}

fn classification() {
    println!("\n3. classification, single thread");
    // As the campaign meets them: whole units (a, b) with every c ≤ 1000,
    // for a ≡ 2 mod 50 and b ≡ 0 mod 10.
    let campaign: Vec<[u64; 3]> = triples(&spec("2..=999", "..=999", "..=1000"))
        .into_iter()
        .filter(|&[a, b, _]| a % 50 == 2 && b % 10 == 0)
        .collect();
    for (name, ts) in [
        ("paper range", triples(&spec("2..=8", "..=40", "..=100"))),
        ("units a ≡ 2 mod 50, b ≡ 0 mod 10, every c ≤ 1000", campaign),
    ] {
        let mut classifier = Classifier::new();
        let quick = best(9, || {
            for t in &ts {
                black_box(classifier.outline(t));
            }
        });
        let single = best(3, || {
            for t in &ts {
                black_box(outline(t));
            }
        });
        let full = best(3, || {
            for t in &ts {
                black_box(classify_full(t));
            }
        });
        let ns = |secs: f64| secs * 1e9 / ts.len() as f64;
        println!("   {name}: {} triples", ts.len());
        println!(
            "     outline, tables per base (sweep)   {:9.0} ns per triple",
            ns(quick)
        );
        println!(
            "     outline, tests at the angle        {:9.0} ns per triple",
            ns(single)
        );
        println!(
            "     classify (P-set and values built)  {:9.0} ns per triple",
            ns(full)
        );
    }
}

fn extended_audit() {
    println!("\n4. the extended audit, whole process, all cores (issue 12: 40 s on 2 cores; issue 40: half the time)");
    if std::env::var_os("NIMCERT_BENCH_SKIP_B").is_some() {
        println!("   skipped (NIMCERT_BENCH_SKIP_B)");
        return;
    }
    /// CPU seconds (user + sys) of this process's waited-for children,
    /// from /proc/self/stat (fields 16 and 17, in the kernel's fixed 100
    /// ticks per second); `None` where there is no /proc.
    fn children_cpu() -> Option<f64> {
        let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
        let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
        let ticks = |field: usize| fields.get(field - 3)?.parse::<f64>().ok();
        Some((ticks(16)? + ticks(17)?) / 100.0)
    }
    // One audit run by `program`: seconds of wall time and of CPU (user +
    // sys of the child). Exit status 1 (a printed statement fails) is the
    // audit's verdict, not a failure to run.
    let audit = |program: &str, args: &[&str]| -> (f64, Option<f64>) {
        let cpu_before = children_cpu();
        let start = Instant::now();
        let status = Command::new(program)
            .args(args)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .expect("nimcert runs");
        let wall = start.elapsed().as_secs_f64();
        assert!(matches!(status.code(), Some(0 | 1)), "audit: {status}");
        (wall, children_cpu().zip(cpu_before).map(|(a, b)| a - b))
    };
    let cpu_text =
        |cpu: Option<f64>| cpu.map_or("CPU not measured".to_string(), |c| format!("{c:.1} s CPU"));
    let nimcert = env!("CARGO_BIN_EXE_nimcert");
    let runs: [(&str, &[&str]); 2] = [
        ("nimcert audit --extended", &["audit", "--extended"]),
        (
            "nimcert audit --claim B --extended",
            &["audit", "--claim", "B", "--extended"],
        ),
    ];
    // Issue 40 (the extended audit in half the time): with
    // NIMCERT_BENCH_BASELINE naming an older `nimcert` binary (e.g. built
    // from main into /tmp), both run each audit in turn, twice, side by
    // side in this run; the best of each is compared.
    let Some(old) = std::env::var_os("NIMCERT_BENCH_BASELINE") else {
        for (what, args) in runs {
            let (wall, cpu) = audit(nimcert, args);
            println!("   {what:<36} {wall:8.1} s wall, {}", cpu_text(cpu));
        }
        println!("   (set NIMCERT_BENCH_BASELINE=/path/to/old/nimcert for the before/after ratio of issue 40)");
        return;
    };
    let old = old.to_string_lossy().into_owned();
    let best_of = |runs: &[(f64, Option<f64>)]| {
        let wall = runs.iter().map(|r| r.0).fold(f64::INFINITY, f64::min);
        let cpu = runs.iter().map(|r| r.1).collect::<Option<Vec<f64>>>();
        (
            wall,
            cpu.map(|c| c.into_iter().fold(f64::INFINITY, f64::min)),
        )
    };
    for (what, args) in runs {
        let (mut before, mut after) = (Vec::new(), Vec::new());
        for _ in 0..2 {
            before.push(audit(&old, args));
            after.push(audit(nimcert, args));
        }
        let ((bw, bc), (aw, ac)) = (best_of(&before), best_of(&after));
        let cpu_ratio = bc.zip(ac).map(|(b, a)| b / a);
        println!(
            "   {what}: baseline {bw:.1} s wall, {}; this build {aw:.1} s wall, {}",
            cpu_text(bc),
            cpu_text(ac)
        );
        let met = |ratio: f64| if ratio >= 2.0 { "met" } else { "not met" };
        println!(
            "      {:.2}x wall ({}), {} (issue 40's goal: half the time)",
            bw / aw,
            met(bw / aw),
            cpu_ratio.map_or("CPU not measured".to_string(), |r| format!(
                "{r:.2}x CPU ({})",
                met(r)
            ))
        );
    }
}

fn nimcheck() {
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
        "\n5. nimcheck on the {} Sequence certificates of the paper range: {secs:.3} s (parse + check), {:.1} M positions verified per second, {:.0} certificates per second",
        files.len(),
        positions as f64 / secs / 1e6,
        files.len() as f64 / secs
    );
}

fn main() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("{}", host::host_line());
    println!("machine: {cores} cores available; best of several runs, side by side\n");
    whole_process();
    in_process();
    classification();
    extended_audit();
    nimcheck();
}
