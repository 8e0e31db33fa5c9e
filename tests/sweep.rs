//! `nimcert sweep` and `nimcert merge`: the paper's finite check, sharding,
//! and resuming after SIGKILL.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn nimcert(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_nimcert"))
        .args(args)
        .output()
        .expect("nimcert runs")
}

fn json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout).expect("JSON output")
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nimcert-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

const PAPER_RANGE: [&str; 9] = [
    "sweep",
    "--a",
    "2..=8",
    "--b",
    "..=40",
    "--c",
    "..=100",
    "--primitive",
    "--non-additive",
];

/// Paper A, §6 (published figures): over primitive non-additive triples
/// with 2 ≤ a ≤ 8, a < b ≤ 40, b < c ≤ 100 there are 15,385 triples, 7,557
/// admissible, 7,828 not admissible; every admissible one is purely periodic
/// with least period the least admissible candidate, no non-admissible one
/// is purely periodic; and no covering statement disagrees with the engine.
#[test]
fn a_conj52_sweep_reproduces_the_papers_finite_check() {
    let mut args = PAPER_RANGE.to_vec();
    args.extend(["--format", "json"]);
    let out = nimcert(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let j = json(&out);
    assert_eq!(j["triples"], 15_385);
    assert_eq!(j["admissible"], 7_557);
    assert_eq!(j["non_admissible"], 7_828);
    assert_eq!(j["purely_periodic"], 7_557);
    assert_eq!(j["admissible_as_predicted"], 7_557);
    assert_eq!(j["non_admissible_purely_periodic"], 0);
    assert_eq!(j["mismatches"], 0);
}

/// Shards merged give exactly the unsharded result.
#[test]
fn merged_shards_equal_the_unsharded_sweep() {
    let range = [
        "sweep", "--a", "1..=5", "--b", "..=20", "--c", "..=60", "--format", "json",
    ];
    let whole = json(&nimcert(&range));
    let dir = temp_dir("shards");
    let mut files = Vec::new();
    for k in 0..3 {
        let shard = format!("{k}/3");
        let mut args = range.to_vec();
        args.extend(["--shard", &shard, "--out", dir.to_str().unwrap()]);
        assert!(nimcert(&args).status.code().is_some());
        files.push(dir.join(format!("result-{k}-of-3.json")));
    }
    let mut args = vec!["merge", "--format", "json"];
    let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    args.extend(names.iter().map(String::as_str));
    let mut merged = json(&nimcert(&args));
    assert_eq!(merged["shards"], serde_json::json!([0, 1, 2]));
    // Only the shard bookkeeping differs.
    merged["shards"] = whole["shards"].clone();
    merged["shard_count"] = whole["shard_count"].clone();
    assert_eq!(merged, whole);
    // A shard given twice is refused.
    let out = nimcert(&["merge", &names[0], &names[0]]);
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_dir_all(dir).unwrap();
}

fn result_file(dir: &Path) -> String {
    std::fs::read_to_string(dir.join("result-0-of-1.json")).expect("result written")
}

/// A sweep killed with SIGKILL at several moments and started again with
/// the same arguments finishes with the same output as an uninterrupted
/// run, and the resumed run does not redo finished units.
#[test]
fn sweep_resumes_after_sigkill_with_identical_output() {
    let range = [
        "sweep",
        "--a",
        "2..=4",
        "--b",
        "..=16",
        "--c",
        "..=120",
        "--threads",
        "1",
    ];
    let clean = temp_dir("clean");
    let mut args = range.to_vec();
    args.extend(["--out", clean.to_str().unwrap(), "--certs"]);
    let expected_stdout = nimcert(&args).stdout;
    let expected = result_file(&clean);

    let dir = temp_dir("killed");
    let mut args = range.to_vec();
    args.extend(["--out", dir.to_str().unwrap(), "--certs"]);
    for delay_ms in [30, 120, 300] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_nimcert"))
            .args(&args)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(delay_ms));
        let _ = child.kill(); // SIGKILL on Unix
        let _ = child.wait();
    }
    let units_before: usize = std::fs::read_dir(dir.join("units"))
        .map(|d| d.count())
        .unwrap_or(0);
    let resumed = nimcert(&args);
    assert_eq!(resumed.stdout, expected_stdout);
    assert_eq!(result_file(&dir), expected);
    // Every certificate of the clean run exists after the resumed run, one
    // per (a, b) unit, and the checker accepts each: a PeriodicTable whose
    // rows count the unit's triples.
    let count = |d: &Path| walk(&d.join("certs")).len();
    assert_eq!(count(&dir), count(&clean));
    assert_eq!(
        count(&clean),
        std::fs::read_dir(clean.join("units")).unwrap().count()
    );
    let limits = nimcert::check::Limits::default();
    let mut rows = 0;
    for path in walk(&clean.join("certs")) {
        let bytes = std::fs::read(&path).unwrap();
        let verdict = nimcert::check::check_bytes(&bytes, &limits);
        assert!(
            matches!(verdict, nimcert::check::Verdict::Valid(_)),
            "{}: {verdict:?}",
            path.display()
        );
        rows += String::from_utf8(bytes).unwrap().matches(';').count() / 3;
    }
    let triples = serde_json::from_str::<serde_json::Value>(&expected).unwrap()["triples"]
        .as_u64()
        .unwrap();
    assert_eq!(rows as u64, triples);
    assert!(units_before <= std::fs::read_dir(dir.join("units")).unwrap().count());
    std::fs::remove_dir_all(dir).unwrap();
    std::fs::remove_dir_all(clean).unwrap();
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else if path.extension().is_some_and(|e| e == "ron") {
            out.push(path);
        }
    }
    out
}

/// The same folder cannot be reused for a different sweep.
#[test]
fn sweep_refuses_an_out_folder_of_another_sweep() {
    let dir = temp_dir("other");
    let d = dir.to_str().unwrap();
    assert!(
        nimcert(&["sweep", "--a", "2", "--b", "..=5", "--c", "..=9", "--out", d])
            .status
            .success()
    );
    let out = nimcert(&[
        "sweep", "--a", "3", "--b", "..=5", "--c", "..=9", "--out", d,
    ]);
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_dir_all(dir).unwrap();
}

/// Nothing on stderr when stderr is not a terminal (no progress bar).
#[test]
fn sweep_is_quiet_on_a_pipe() {
    let out = nimcert(&["sweep", "--a", "2..=3", "--b", "..=10", "--c", "..=30"]);
    assert!(out.status.code().is_some());
    assert!(out.stderr.is_empty());
}

/// Every file below `dir` whose name marks a temporary file of an atomic
/// write (`.NAME.tmpPID-THREAD`).
fn temporaries(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(temporaries(&path));
        } else if entry.file_name().to_string_lossy().contains(".tmp") {
            out.push(path);
        }
    }
    out
}

/// SIGTERM, SIGINT and SIGHUP (a Slurm time limit, Ctrl-C, a closed
/// terminal) in the middle of a sweep with --out --certs: the sweep
/// removes the temporary files it was writing, says so on stderr and exits
/// with 128 + the signal (143, 130, 129); started again, it finishes with
/// the result of an uninterrupted run. The signal is sent once the first
/// unit is on disk (no timing), by `kill`, so the test needs no libc.
#[test]
fn sweep_stopped_by_a_signal_leaves_no_temporary_file() {
    let range = [
        "sweep",
        "--a",
        "2..=4",
        "--b",
        "..=40",
        "--c",
        "..=1500",
        "--threads",
        "1",
        "--certs",
        "--out",
    ];
    for (signal, status) in [("TERM", 143), ("INT", 130), ("HUP", 129)] {
        let dir = temp_dir(&format!("signal-{signal}"));
        let mut args = range.to_vec();
        args.push(dir.to_str().unwrap());
        let mut child = Command::new(env!("CARGO_BIN_EXE_nimcert"))
            .args(&args)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let started = std::time::Instant::now();
        while std::fs::read_dir(dir.join("units")).map_or(0, |d| d.count()) == 0 {
            assert!(
                started.elapsed().as_secs() < 120,
                "no unit written in 120 s"
            );
            assert!(child.try_wait().unwrap().is_none(), "the sweep ended");
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        let pid = child.id().to_string();
        let sent = Command::new("kill")
            .args([&format!("-{signal}"), &pid])
            .status()
            .unwrap();
        assert!(sent.success(), "kill -{signal}");
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(status), "SIG{signal}: {stderr}");
        assert!(
            stderr.contains(&format!("stopped by SIG{signal}")),
            "{stderr}"
        );
        assert_eq!(temporaries(&dir), Vec::<PathBuf>::new(), "SIG{signal}");
        if signal == "TERM" {
            let resumed = nimcert(&args);
            assert!(resumed.status.success());
            let clean = temp_dir("signal-clean");
            let mut clean_args = range.to_vec();
            clean_args.push(clean.to_str().unwrap());
            assert!(nimcert(&clean_args).status.success());
            assert_eq!(result_file(&dir), result_file(&clean));
            std::fs::remove_dir_all(clean).unwrap();
        }
        std::fs::remove_dir_all(dir).unwrap();
    }
}
