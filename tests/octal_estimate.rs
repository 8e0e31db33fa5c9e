//! The work of octal games with three-heap splits (a hexadecimal digit
//! 8–F), sized before the work: G on N heap sizes costs up to about N³/22
//! steps per such digit, so at the default `--max-work` such a game is
//! computed on at most the heap sizes whose estimated work fits
//! (`nimcert::octal::estimate`), and stops there with exit 3 naming
//! `--max-work` instead of running to the work bound for a minute or more.
//! Games whose moves leave at most two heaps are sized as before.

use nimcert::octal::estimate::{solve_estimate, work_bound, work_cap};
use nimcert::octal::{Method, OctalCode, OctalSequence};
use nimcert::solve::{DEFAULT_MAX_N, DEFAULT_MAX_WORK};
use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A guard against a hang, not a measure of speed: each run below ends in
/// seconds (a release build on an idle core: 0.9 in about 5 s, the others
/// in 2 s or less); before the estimate sized these games they ran for a
/// minute or more.
const HANG_GUARD: Duration = Duration::from_secs(120);

/// Runs nimcert with `args`: exit code and stderr, killed (and the test
/// failed) past [`HANG_GUARD`].
fn nimcert(args: &[&str]) -> (Option<i32>, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nimcert"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("nimcert runs");
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if start.elapsed() > HANG_GUARD {
            child.kill().expect("kill");
            child.wait().expect("reaped");
            panic!("nimcert {args:?} still ran after {HANG_GUARD:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let (mut out, mut err) = (String::new(), String::new());
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    (status.code(), out, err)
}

fn code(text: &str) -> OctalCode {
    OctalCode::parse(text).unwrap()
}

#[test]
fn three_heap_games_stop_at_the_heap_sizes_the_default_work_allows() {
    for text in ["0.8", "0.9", "0.F000000000000F"] {
        let cap = work_cap(&code(text), DEFAULT_MAX_WORK).expect("three-heap splits");
        assert!(cap < DEFAULT_MAX_N, "{text}: {cap}");
        let (status, out, err) = nimcert(&["octal", text]);
        assert_eq!(status, Some(3), "{text}: {err}");
        assert!(out.is_empty(), "{text}: {out}");
        assert_eq!(err.lines().count(), 1, "{text}: {err}");
        let expected =
            format!("nimcert: {text}: no period found below {cap}: with three-heap splits");
        assert!(err.starts_with(&expected), "{text}: {err}");
        assert!(
            err.contains(&format!("over --max-work {DEFAULT_MAX_WORK}")),
            "{err}"
        );
        assert!(
            err.trim_end().ends_with("(raise --max-work)"),
            "{text}: {err}"
        );
    }
}

#[test]
fn certify_stops_where_octal_does_and_writes_nothing() {
    let dir = std::env::temp_dir().join(format!("nimcert-octal-estimate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("0.8.ron");
    let cap = work_cap(&code("0.8"), DEFAULT_MAX_WORK).unwrap();
    let (status, _, err) = nimcert(&["certify", "--octal", "0.8", "-o", path.to_str().unwrap()]);
    assert_eq!(status, Some(3), "{err}");
    assert!(
        err.contains(&format!("no period found below {cap}:")),
        "{err}"
    );
    assert!(err.trim_end().ends_with("(raise --max-work)"), "{err}");
    assert!(!path.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_bound_follows_max_work_and_max_n_still_binds_below_it() {
    let cap = work_cap(&code("0.9"), 100_000_000).unwrap();
    let (status, _, err) = nimcert(&["octal", "0.9", "--max-work", "1e8"]);
    assert_eq!(status, Some(3), "{err}");
    assert!(
        err.contains(&format!("0.9: no period found below {cap}:")),
        "{err}"
    );
    assert!(err.contains("over --max-work 100000000"), "{err}");
    // Under the cap, --max-n is the bound reached, and named.
    let (status, _, err) = nimcert(&["octal", "0.9", "--max-work", "1e8", "--max-n", "500"]);
    assert_eq!(status, Some(3), "{err}");
    assert!(err.contains("no period found below 500:"), "{err}");
    assert!(err.trim_end().ends_with("(raise --max-n)"), "{err}");
}

#[test]
fn three_heap_games_with_short_proofs_are_solved_at_the_defaults() {
    for text in ["0.F", "0.B", "4.8"] {
        let (status, out, err) = nimcert(&["octal", text]);
        assert_eq!(status, Some(0), "{text}: {err}");
        // The proof's prefix is j(q + p) + t + 1 with j = 3.
        assert!(out.contains("on G[0, 3q + 3p + t + 1) = "), "{text}: {out}");
    }
}

#[test]
fn two_heap_games_are_sized_as_before() {
    for text in ["0.07", "0.77", "0.16", "0.354", "4.005"] {
        assert_eq!(work_cap(&code(text), 1), None, "{text}");
        assert_eq!(solve_estimate(&code(text), DEFAULT_MAX_N), None, "{text}");
    }
    let (status, out, err) = nimcert(&["octal", "0.07"]);
    assert_eq!(status, Some(0), "{err}");
    assert!(out.contains("pre-period       q = 53"), "{out}");
    assert!(
        out.contains("on G[0, 2q + 2p + t + 1) = 177 heap sizes"),
        "{out}"
    );
    // 0.16 is computed on all 10^5 default heap sizes (its proof needs
    // more): the bound reached is --max-n, not the work.
    let (status, _, err) = nimcert(&["octal", "0.16"]);
    assert_eq!(status, Some(3), "{err}");
    assert!(err.contains("0.16: no period found below 100000:"), "{err}");
    assert!(err.trim_end().ends_with("(raise --max-n)"), "{err}");
    // The work counter stops a two-heap game during the run.
    let (status, _, err) = nimcert(&["octal", "0.6", "--method", "direct", "--max-work", "1e6"]);
    assert_eq!(status, Some(3), "{err}");
    assert!(
        err.contains("0.6: stopped after 1000000 pairs of heaps at n = "),
        "{err}"
    );
    assert!(err.trim_end().ends_with("(raise --max-work)"), "{err}");
}

/// That the estimate bounds the work counted, for both methods, is the
/// unit test of src/octal/estimate.rs (on these codes and four more); here
/// its growth.
#[test]
fn the_estimate_is_cubic_like_the_work_counted() {
    // 0.9's values grow (G(n) is about n/2), so its pair sets do and the
    // count is cubic: doubling N multiplies both by about 8, and the bound
    // is within a small factor of the count.
    let code = code("0.9");
    let count = |n: usize| {
        let mut sequence = OctalSequence::new(&code, Method::Direct);
        sequence.extend_to(n, u64::MAX);
        sequence.work() as f64
    };
    let (small, large) = (count(600), count(1200));
    assert!((6.0..9.0).contains(&(large / small)), "{small} {large}");
    let bound = work_bound(&code, Method::Direct, 1200) as f64;
    assert!(bound < 10.0 * large, "bound {bound}, counted {large}");
    // The estimate before the solve, for callers that sum estimates: 0.9
    // on the default 10^5 heap sizes is about 5·10^13 steps.
    let at_default = solve_estimate(&code, DEFAULT_MAX_N).unwrap();
    assert!(at_default > 700 * DEFAULT_MAX_WORK, "{at_default}");
}

#[test]
fn the_work_counter_stops_a_three_heap_game_during_the_run() {
    // Whatever the estimate, the work counted is checked before each heap
    // size: the computation stops within one heap size's work past the
    // bound.
    let code = code("0.9");
    let mut sequence = OctalSequence::new(&code, Method::Rare);
    assert!(!sequence.extend_to(100_000, 1_000_000));
    let n = sequence.values().len() as u64;
    assert!((100..1000).contains(&n), "{n}");
    let last = work_bound(&code, Method::Rare, n) - work_bound(&code, Method::Rare, n - 1);
    assert!(
        u128::from(sequence.work()) <= 1_000_000 + last,
        "{}",
        sequence.work()
    );
}

/// A claim file on an octal game whose moves leave three heaps is sized
/// before the work (the audit's estimate solves it up to --max-n): refused
/// at the defaults, exit 3 naming --max-work and --max-n, where it used to
/// run for minutes; with a lower --max-n it is audited.
#[test]
fn a_claim_file_on_a_three_heap_game_is_sized_before_the_work() {
    let dir = std::env::temp_dir().join(format!("nimcert-octal-claims-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("octal.toml");
    std::fs::write(
        &file,
        "[[claim]]\nid = \"oct\"\nsource = \"a test\"\nquote = \"-\"\nkind = \"theorem\"\n\
         game = \"octal 0.9\"\nassert = \"G(0) == 0\"\n",
    )
    .unwrap();
    let run = |more: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_nimcert"))
            .args(["audit", "--claims", file.to_str().unwrap()])
            .args(more)
            .output()
            .unwrap()
    };
    let refused = run(&[]);
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(3), "{stderr}");
    assert!(
        stderr.contains("--max-work") && stderr.contains("--max-n"),
        "{stderr}"
    );
    let lower = run(&["--max-n", "2000"]);
    assert_eq!(lower.status.code(), Some(0), "{lower:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
