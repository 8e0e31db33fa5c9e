//! `cargo bench --bench sweep`: the finite check of paper A and the other
//! whole-run figures, each measured side by side in one run.
//!
//! 1. **Finite check, whole process, single thread**: `nimcert sweep
//!    --primitive --non-additive --threads 1` (the paper's range, its
//!    defaults) against the Python reference `benches/reference/
//!    finite_check.py`, which does what the paper says its script does
//!    (first repeated window of length c, windows as bytes in a dict; the
//!    angle tests from their definitions). Best wall-clock time of several
//!    runs of each; then the same on a ≤ 12, b ≤ 60, c ≤ 300 (issue 21's
//!    goal 3: 250× on the first range, 400× on the second).
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

fn whole_process() {
    // Issue 21's goal 3: 250x on the paper's range, 400x on the larger one.
    let ranges: [(&str, [&str; 3], usize, usize); 2] = [
        (
            "paper A's finite check (15,385 triples)",
            ["8", "40", "100"],
            3,
            10,
        ),
        (
            "a 2..=12, b ..=60, c ..=300 (126,906 triples)",
            ["12", "60", "300"],
            1,
            3,
        ),
    ];
    for (letter, (name, range, python_rounds, rounds)) in ["a", "b"].into_iter().zip(ranges) {
        println!("1{letter}. {name}, whole process, single thread");
        whole_process_on(range, python_rounds, rounds);
    }
}

/// `nimcert sweep --threads 1` against the Python reference on 2 ≤ a ≤
/// `a_max`, b ≤ `b_max`, c ≤ `c_max` (primitive, non-additive), rounds
/// interleaved: one Python run, then the best of `rounds` sweeps.
fn whole_process_on([a_max, b_max, c_max]: [&str; 3], python_rounds: usize, rounds: usize) {
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
    for _ in 0..python_rounds {
        python = python.min(best(1, || {
            assert!(run("python3", &python_args), "python3 {script} failed")
        }));
        ours = ours.min(best(rounds, || assert!(run(nimcert, &sweep_args))));
    }
    println!("   Python, the paper's method          {python:8.3} s (best of {python_rounds})");
    println!(
        "   nimcert sweep --threads 1           {ours:8.3} s (best of {})",
        rounds * python_rounds
    );
    println!("   nimcert is {:.0}x faster", python / ours);
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
    println!("machine: {cores} cores available; best of several runs, side by side\n");
    whole_process();
    in_process();
    classification();
    extended_audit();
    nimcheck();
}
