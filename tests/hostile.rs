//! Hostile input against the built `nimcert` (issue 11): every case runs
//! the binary under an address-space limit, so that runaway memory fails
//! the test instead of the machine, and under a wall-clock limit, in a
//! fresh folder; each asserts the exit code (the table in `--help`), a
//! one-line message on stderr that names what went wrong (the flag that
//! raises a limit), and that no file is left behind that was not there
//! before (no temporary file, no folder created on the way to an error).
//!
//! The limits are set without `unsafe`: each run is `sh -c 'ulimit -v …;
//! exec nimcert …'` (`ulimit -f` with SIGXFSZ ignored simulates a full
//! disk), in its own process group so that a run over time is killed whole.
//! With `NIMCERT_HOSTILE_TABLE=1` (and `--nocapture`) the test prints the
//! table of docs/TRUST.md: command, hostile input, exit code, wall time
//! and peak memory (GNU time's maximum resident set, when /usr/bin/time
//! exists).

use std::os::unix::fs::FileTypeExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The address space of every run: 2 GiB (the largest default budget,
/// 2^28 positions of 2 bytes, needs at most 768 MiB while the engine's
/// buffer grows).
const ADDRESS_SPACE_KIB: u64 = 2 << 20;

/// A run that takes longer than this is killed and fails its case.
const WALL_LIMIT: Duration = Duration::from_secs(60);

/// Where standard output goes.
#[derive(Clone, Copy, PartialEq)]
enum Sink {
    /// A file, read back for the checks.
    File,
    /// `/dev/full`: every write fails with ENOSPC.
    DevFull,
    /// Closed (`>&-`; the Rust runtime reopens it as /dev/null for reading
    /// and writing, where every write "succeeds").
    Closed,
    /// Open for reading only (`1</dev/null`): every write fails with EBADF,
    /// which Rust's standard output takes for a success.
    ReadOnly,
}

impl Sink {
    /// The shell redirection that makes this sink, after `exec …`.
    fn redirection(self) -> &'static str {
        match self {
            Sink::File | Sink::DevFull => "",
            Sink::Closed => " >&-",
            Sink::ReadOnly => " 1</dev/null",
        }
    }
}

/// A further check of a run's outcome, in the case folder.
type Check = Box<dyn Fn(&Path, &Outcome) -> Result<(), String>>;

/// One hostile run and what it must do.
struct Case {
    /// The command as shown in the table.
    shown: String,
    /// What is hostile about it.
    hostile: &'static str,
    args: Vec<String>,
    setup: Box<dyn Fn(&Path)>,
    stdout: Sink,
    /// `ulimit -f` in 512-byte blocks, with SIGXFSZ ignored: writes past it
    /// fail with EFBIG, as on a full disk.
    file_blocks: Option<u64>,
    code: i32,
    /// Text the one stderr line must contain; `None`: stderr is empty.
    says: Option<&'static str>,
    /// Paths (relative to the case folder) the run may add.
    leaves: Vec<&'static str>,
    /// A further check of the outcome.
    check: Check,
}

/// What a run did.
struct Outcome {
    code: i32,
    stdout: Vec<u8>,
    stderr: String,
    seconds: f64,
    peak_kib: Option<u64>,
}

fn case(hostile: &'static str, args: &[&str], code: i32, says: Option<&'static str>) -> Case {
    Case {
        shown: format!("nimcert {}", shown_args(args)),
        hostile,
        args: args.iter().map(|s| s.to_string()).collect(),
        setup: Box::new(|_| {}),
        stdout: Sink::File,
        file_blocks: None,
        code,
        says,
        leaves: Vec::new(),
        check: Box::new(|_, _| Ok(())),
    }
}

/// The arguments for the table, long ones cut.
fn shown_args(args: &[&str]) -> String {
    args.iter()
        .map(|a| {
            if a.chars().count() > 40 {
                format!("{}…", a.chars().take(24).collect::<String>())
            } else if a.contains(' ') || a.is_empty() {
                format!("\"{a}\"")
            } else {
                a.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

impl Case {
    fn setup(mut self, f: impl Fn(&Path) + 'static) -> Self {
        self.setup = Box::new(f);
        self
    }
    fn into_dev_full(mut self) -> Self {
        self.stdout = Sink::DevFull;
        self.shown.push_str(" > /dev/full");
        self
    }
    fn stdout_closed(mut self) -> Self {
        self.stdout = Sink::Closed;
        self.shown.push_str(" >&-");
        self
    }
    fn stdout_read_only(mut self) -> Self {
        self.stdout = Sink::ReadOnly;
        self.shown.push_str(" 1</dev/null");
        self
    }
    fn disk_full(mut self, blocks: u64) -> Self {
        self.file_blocks = Some(blocks);
        self.shown.push_str(&format!(" (ulimit -f {blocks})"));
        self
    }
    fn leaves(mut self, paths: &[&'static str]) -> Self {
        self.leaves = paths.to_vec();
        self
    }
    fn check(mut self, f: impl Fn(&Path, &Outcome) -> Result<(), String> + 'static) -> Self {
        self.check = Box::new(f);
        self
    }
}

/// Every path below `dir` (files and folders), relative, sorted.
fn listing(dir: &Path) -> Vec<String> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            out.push(path.strip_prefix(root).unwrap().display().to_string());
            let is_dir = entry.file_type().map(|t| t.is_dir()).unwrap_or(false);
            if is_dir {
                walk(root, &path, out);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

fn run(dir: &Path, case: &Case) -> Outcome {
    let out_file = dir.with_extension("stdout");
    let err_file = dir.with_extension("stderr");
    let time_file = dir.with_extension("time");
    let stdout = match case.stdout {
        Sink::File | Sink::Closed | Sink::ReadOnly => std::fs::File::create(&out_file).unwrap(),
        Sink::DevFull => std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap(),
    };
    let mut script = format!("ulimit -v {ADDRESS_SPACE_KIB} || exit 99; ");
    if let Some(blocks) = case.file_blocks {
        script.push_str(&format!("trap '' XFSZ; ulimit -f {blocks} || exit 99; "));
    }
    // Not with a closed stdout: time would open its report file as the
    // lowest free descriptor, 1, and hand that to nimcert as stdout.
    let timer = Path::new("/usr/bin/time").exists() && case.stdout.redirection().is_empty();
    if timer {
        script.push_str(&format!(
            "exec /usr/bin/time -f '%e %M' -o '{}' \"$@\"",
            time_file.display()
        ));
    } else {
        script.push_str("exec \"$@\"");
    }
    script.push_str(case.stdout.redirection());
    let start = Instant::now();
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg("sh")
        .arg(env!("CARGO_BIN_EXE_nimcert"))
        .args(&case.args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(std::fs::File::create(&err_file).unwrap())
        .process_group(0)
        .spawn()
        .expect("sh runs");
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > WALL_LIMIT {
            let group = format!("-{}", child.id());
            let _ = Command::new("kill").args(["-KILL", "--", &group]).status();
            let _ = child.wait();
            panic!("{}: still running after {WALL_LIMIT:?}", case.shown);
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let seconds = start.elapsed().as_secs_f64();
    let peak_kib = std::fs::read_to_string(&time_file)
        .ok()
        .and_then(|t| t.lines().last()?.split_whitespace().nth(1)?.parse().ok());
    let outcome = Outcome {
        code: status.code().unwrap_or(-1),
        stdout: std::fs::read(&out_file).unwrap_or_default(),
        stderr: std::fs::read_to_string(&err_file).unwrap_or_default(),
        seconds,
        peak_kib,
    };
    for f in [out_file, err_file, time_file] {
        let _ = std::fs::remove_file(f);
    }
    outcome
}

/// Runs a case in a fresh folder and checks it; returns the table row.
fn check_case(root: &Path, index: usize, case: &Case) -> Result<String, String> {
    let dir = root.join(format!("case-{index}"));
    std::fs::create_dir_all(&dir).unwrap();
    (case.setup)(&dir);
    let before = listing(&dir);
    let outcome = run(&dir, case);
    let after = listing(&dir);
    let fail = |why: String| {
        Err(format!(
            "{}: {why}\n  exit {}; stderr: {}",
            case.shown, outcome.code, outcome.stderr
        ))
    };
    if outcome.code != case.code {
        return fail(format!("exit {} expected", case.code));
    }
    match case.says {
        Some(text) => {
            // One message line; a claim file's error adds its source line
            // and caret (indented) and perhaps a hint, as `claims check`.
            let lines: Vec<&str> = outcome
                .stderr
                .lines()
                .filter(|l| !l.starts_with("    ") && !l.starts_with("hint: "))
                .collect();
            if lines.len() != 1 || !lines[0].starts_with("nimcert: ") {
                return fail("not one line `nimcert: …` on stderr".into());
            }
            if !lines[0].contains(text) {
                return fail(format!("the message does not say {text:?}"));
            }
        }
        None if !outcome.stderr.is_empty() => return fail("stderr is not empty".into()),
        None => {}
    }
    let added: Vec<&String> = after
        .iter()
        .filter(|p| !before.contains(p))
        .filter(|p| !case.leaves.iter().any(|l| p.starts_with(l)))
        .collect();
    if !added.is_empty() {
        return fail(format!("left behind {added:?}"));
    }
    if let Some(p) = after.iter().find(|p| p.contains(".tmp")) {
        return fail(format!("a temporary file remains: {p}"));
    }
    if let Err(why) = (case.check)(&dir, &outcome) {
        return fail(why);
    }
    let memory = outcome.peak_kib.map_or("–".to_string(), |k| {
        format!("{:.1} MiB", k as f64 / 1024.0)
    });
    Ok(format!(
        "| `{}` | {} | {} | {:.2} s | {memory} |",
        case.shown.replace('|', "\\|"),
        case.hostile,
        outcome.code,
        outcome.seconds,
    ))
}

fn json(outcome: &Outcome) -> Result<serde_json::Value, String> {
    serde_json::from_slice(&outcome.stdout).map_err(|e| format!("stdout is not JSON: {e}"))
}

fn write(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), text).unwrap();
}

/// A sparse file of `bytes` bytes (no disk used).
fn sparse(dir: &Path, name: &str, bytes: u64) {
    std::fs::File::create(dir.join(name))
        .unwrap()
        .set_len(bytes)
        .unwrap();
}

fn mkfifo(dir: &Path, name: &str) {
    let ok = Command::new("mkfifo")
        .arg(dir.join(name))
        .status()
        .is_ok_and(|s| s.success());
    assert!(ok, "mkfifo");
}

/// Runs nimcert in `dir` during a setup (not under test).
fn nimcert_in(dir: &Path, args: &[&str]) {
    let out = Command::new(env!("CARGO_BIN_EXE_nimcert"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(out.status.code().is_some(), "setup {args:?}");
}

/// The shard results of `sweep --a 2..=5 --b ..=12 --c ..=30` in 4 shards,
/// as `shards/result-K-of-4.json`.
fn four_shards(dir: &Path) {
    for k in 0..4 {
        let shard = format!("{k}/4");
        nimcert_in(
            dir,
            &[
                "sweep", "--a", "2..=5", "--b", "..=12", "--c", "..=30", "--shard", &shard,
                "--out", "shards",
            ],
        );
    }
}

/// The result of `sweep --a 2 --b ..=5 --c ..=9` as
/// `shards/result-0-of-1.json`.
fn one_shard(dir: &Path) {
    nimcert_in(
        dir,
        &[
            "sweep", "--a", "2", "--b", "..=5", "--c", "..=9", "--out", "shards",
        ],
    );
}

/// Whether nimcert's copy of the checker accepts the certificate `path`.
fn certificate_accepted(path: &Path) -> Result<(), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    match nimcert::check::check_bytes(&bytes, &nimcert::check::Limits::default()) {
        nimcert::check::Verdict::Valid(_) => Ok(()),
        verdict => Err(format!("{}: {verdict:?}", path.display())),
    }
}

/// An octal sweep with --out and --certs (one code, 0.6, has no period
/// below --max-n: exit 3), used by the resume cases.
const OCTAL_RESUMED: [&str; 8] = [
    "octal-sweep",
    "--digits",
    "1",
    "--out",
    "out",
    "--certs",
    "--threads",
    "1",
];

/// Edits the JSON file `path` (below `dir`) in place.
fn edit_json(dir: &Path, path: &str, f: impl Fn(&mut serde_json::Value)) {
    let path = dir.join(path);
    let mut value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    f(&mut value);
    std::fs::write(&path, serde_json::to_string(&value).unwrap()).unwrap();
}

/// A sweep with --out and --certs, finished, used by the resume cases.
const RESUMED: [&str; 11] = [
    "sweep",
    "--a",
    "2..=4",
    "--b",
    "..=10",
    "--c",
    "..=30",
    "--out",
    "out",
    "--certs",
    "--threads",
];

fn resumed_args() -> Vec<&'static str> {
    let mut args = RESUMED.to_vec();
    args.push("1");
    args
}

fn cases() -> Vec<Case> {
    let four_moves: String = (1..=4096)
        .map(|m| (m * 4096).to_string())
        .collect::<Vec<_>>()
        .join(",");
    let four_moves: &'static str = Box::leak(four_moves.into_boxed_str());
    let star: String = (1..=3000)
        .map(|i| format!("0-{i}"))
        .collect::<Vec<_>>()
        .join(",");
    let star: &'static str = Box::leak(star.into_boxed_str());
    let leaves: String = (1..=3000)
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join(",");
    let leaves: &'static str = Box::leak(leaves.into_boxed_str());
    vec![
        // ---- output paths: checked before the work, never a device.
        case(
            "output a link to /dev/full",
            &["certify", "2,5,7", "-o", "full"],
            4,
            Some("symbolic link"),
        )
        .setup(|d| std::os::unix::fs::symlink("/dev/full", d.join("full")).unwrap())
        .check(|_, _| {
            let dev = std::fs::metadata("/dev/full").map_err(|e| e.to_string())?;
            if dev.file_type().is_char_device() {
                Ok(())
            } else {
                Err("/dev/full is no longer a device".into())
            }
        }),
        case(
            "output a FIFO (never opened, never blocks)",
            &["certify", "2,5,7", "-o", "fifo"],
            4,
            Some("not a regular file"),
        )
        .setup(|d| mkfifo(d, "fifo")),
        case(
            "audit page written to a FIFO (never opened, never blocks)",
            &["audit", "--claim", "A.Table1", "--format", "html", "-o", "fifo"],
            4,
            Some("not a regular file"),
        )
        .setup(|d| mkfifo(d, "fifo")),
        case(
            "audit page in a missing folder (refused before the audit)",
            &["audit", "--format", "html", "-o", "missing/report.html"],
            4,
            Some("does not exist"),
        ),
        case(
            "certify --no-values without --octal",
            &["certify", "2,5,7", "--no-values"],
            2,
            Some("--octal"),
        ),
        case(
            "certify --family --no-values (once silently ignored)",
            &["certify", "--family", "2,5,1", "--no-values"],
            2,
            Some("--no-values"),
        ),
        case(
            "output in a missing folder",
            &["certify", "2,5,7", "-o", "missing/dir/x.ron"],
            4,
            Some("does not exist"),
        ),
        // ---- certify --grundy N: nothing claimed, sizes over the limits
        // (refused before any work, naming the flag), the path first.
        case(
            "certify --grundy 0: no value, nothing to certify",
            &["certify", "--grundy", "0"],
            2,
            Some("nothing to certify"),
        ),
        case(
            "certify --grundy 10^18: over --max-n, before any work",
            &["certify", "--grundy", "1e18"],
            3,
            Some("--max-n"),
        ),
        case(
            "certify --grundy 10^18 with --max-n 10^18 (over 2^28 heaps)",
            &["certify", "--grundy", "1e18", "--max-n", "1e18"],
            2,
            Some("--max-n"),
        ),
        case(
            "certify --grundy 10^5 with --max-work 10^9: the work estimated first",
            &["certify", "--grundy", "100000", "--max-work", "1e9"],
            3,
            Some("--max-work"),
        ),
        case(
            "certify --grundy into a missing folder (path checked before the work)",
            &["certify", "--grundy", "100000", "-o", "missing/g.ron"],
            4,
            Some("does not exist"),
        ),
        case(
            "output folder in a missing folder",
            &[
                "certify",
                "3,8,13",
                "--from",
                "formula",
                "-o",
                "missing/sub",
            ],
            4,
            Some("does not exist"),
        ),
        case(
            "a new output folder, then a limit (the folder is removed)",
            &[
                "certify",
                "2,4,7",
                "--from",
                "formula",
                "-o",
                "new",
                "--max-positions",
                "5",
            ],
            3,
            Some("--max-positions"),
        ),
        case(
            "bad output path of a huge atlas (path checked first)",
            &[
                "atlas",
                "--a",
                "3",
                "--b",
                "..=5000",
                "--c",
                "..=90000",
                "-o",
                "bad/x.svg",
            ],
            4,
            Some("does not exist"),
        ),
        case(
            "picture type from an unknown extension",
            &["draw", "4,11,27", "-o", "x.jpg"],
            2,
            Some(".svg or .png"),
        ),
        case(
            "sweep state in a missing folder",
            &["sweep", "--out", "missing/out"],
            4,
            Some("does not exist"),
        ),
        case(
            "audit certificates in a missing folder",
            &["audit", "--claim", "A.Thm36", "--certs", "missing/certs"],
            4,
            Some("does not exist"),
        ),
        case(
            "a full disk while writing a 50 MB certificate",
            &["certify", "1,16777216", "--beyond-checker-defaults", "-o", "big.ron"],
            4,
            Some("big.ron"),
        )
        .disk_full(2048),
        case(
            "resume after a kill left temporary files and no unit file",
            &resumed_args(),
            0,
            None,
        )
        .setup(|d| {
            nimcert_in(d, &resumed_args());
            std::fs::remove_file(d.join("out/units/2-3.json")).unwrap();
            write(d, "out/units/.2-3.json.tmp999-1", "{");
            write(d, "out/certs/.2-3.ron.tmp999-1", "(");
        })
        .leaves(&["out/units/2-3.json"])
        .check(|d, _| {
            let units = std::fs::read_dir(d.join("out/units")).unwrap().count();
            if d.join("out/units/2-3.json").exists() && units > 1 {
                Ok(())
            } else {
                Err("the unit was not run again".into())
            }
        }),
        // ---- standard output that cannot be written: exit 4, every command.
        case(
            "stdout is /dev/full",
            &["solve", "2,3,7"],
            4,
            Some("standard output"),
        )
        .into_dev_full(),
        case(
            "stdout is /dev/full",
            &["certify", "2,3,7"],
            4,
            Some("standard output"),
        )
        .into_dev_full(),
        case(
            "stdout is /dev/full",
            &["sweep", "--a", "2", "--b", "..=5", "--c", "..=9"],
            4,
            Some("standard output"),
        )
        .into_dev_full(),
        case(
            "stdout is /dev/full",
            &["merge", "shards/result-0-of-1.json"],
            4,
            Some("standard output"),
        )
        .setup(|d| {
            nimcert_in(
                d,
                &[
                    "sweep", "--a", "2", "--b", "..=5", "--c", "..=9", "--out", "shards",
                ],
            )
        })
        .into_dev_full(),
        case(
            "stdout is /dev/full",
            &["avoid", "tree", "--edges", "1-2,2-3", "--win", "1"],
            4,
            Some("standard output"),
        )
        .into_dev_full(),
        case(
            "stdout is /dev/full",
            &["audit", "--list"],
            4,
            Some("standard output"),
        )
        .into_dev_full(),
        case(
            "stdout is /dev/full",
            &["atlas", "--a", "3", "--b", "..=6", "--c", "..=9", "-o", "-"],
            4,
            Some("standard output"),
        )
        .into_dev_full(),
        case(
            "stdout is /dev/full",
            &["draw", "4,11,27", "-o", "-"],
            4,
            Some("standard output"),
        )
        .into_dev_full(),
        // ---- a closed or read-only standard output: exit 4, never 0
        // (Rust's stdout took EBADF for a success and the runtime reopens
        // a closed one as /dev/null: the report vanished with exit 0).
        case(
            "stdout closed",
            &["solve", "2,3,7"],
            4,
            Some("standard output is closed"),
        )
        .stdout_closed(),
        case(
            "stdout read-only",
            &["solve", "2,3,7"],
            4,
            Some("standard output: not open for writing"),
        )
        .stdout_read_only(),
        case(
            "stdout closed",
            &["octal", "0.07"],
            4,
            Some("standard output"),
        )
        .stdout_closed(),
        case(
            "stdout read-only",
            &["certify", "2,3,7"],
            4,
            Some("standard output"),
        )
        .stdout_read_only(),
        case(
            "stdout closed",
            &["audit", "--claim", "A.Thm36"],
            4,
            Some("standard output"),
        )
        .stdout_closed(),
        case(
            "stdout read-only",
            &["completions", "bash"],
            4,
            Some("standard output"),
        )
        .stdout_read_only(),
        case("stdout closed", &["--help"], 4, Some("standard output")).stdout_closed(),
        case(
            "stdout read-only",
            &["--version"],
            4,
            Some("standard output"),
        )
        .stdout_read_only(),
        case(
            "stdout closed",
            &["sweep", "--a", "2", "--b", "..=5", "--c", "..=9"],
            4,
            Some("standard output"),
        )
        .stdout_closed(),
        case(
            "stdout closed, a usage error (nothing to report: exit 2)",
            &["solve"],
            2,
            Some("required"),
        )
        .stdout_closed(),
        case(
            "stdout closed, a certificate to a file (no report on stdout)",
            &["certify", "2,5,7", "-o", "c.ron"],
            0,
            None,
        )
        .stdout_closed()
        .leaves(&["c.ron"]),
        // ---- resuming checks what it reads back, certificates included.
        case(
            "a unit file that is a FIFO (exit 4, as in octal-sweep)",
            &resumed_args(),
            4,
            Some("not a regular file"),
        )
        .setup(|d| {
            nimcert_in(d, &resumed_args());
            std::fs::remove_file(d.join("out/units/2-3.json")).unwrap();
            mkfifo(d, "out/units/2-3.json");
        }),
        case(
            "a code file that is a FIFO (was exit 2; 4 as in sweep)",
            &OCTAL_RESUMED,
            4,
            Some("not a regular file"),
        )
        .setup(|d| {
            nimcert_in(d, &OCTAL_RESUMED);
            std::fs::remove_file(d.join("out/codes/0.7.json")).unwrap();
            mkfifo(d, "out/codes/0.7.json");
        }),
        case(
            "resume after a certificate was deleted (written again)",
            &resumed_args(),
            0,
            None,
        )
        .setup(|d| {
            nimcert_in(d, &resumed_args());
            std::fs::remove_file(d.join("out/certs/2-5.ron")).unwrap();
        })
        .leaves(&["out/certs/2-5.ron"])
        .check(|d, _| certificate_accepted(&d.join("out/certs/2-5.ron"))),
        case(
            "resume after a certificate was edited",
            &resumed_args(),
            2,
            Some("not the certificate this sweep wrote"),
        )
        .setup(|d| {
            nimcert_in(d, &resumed_args());
            let path = d.join("out/certs/2-5.ron");
            let text = std::fs::read_to_string(&path).unwrap();
            std::fs::write(&path, text.replacen("2,5,", "2,5, ", 1)).unwrap();
        }),
        case(
            "resume with --certs in a folder swept without (every unit runs again)",
            &resumed_args(),
            0,
            None,
        )
        .setup(|d| nimcert_in(d, &resumed_args()[..9]))
        .leaves(&["out/certs/"])
        .check(|d, _| {
            let certs = std::fs::read_dir(d.join("out/certs")).unwrap().count();
            let units = std::fs::read_dir(d.join("out/units")).unwrap().count();
            if certs == units {
                Ok(())
            } else {
                Err(format!("{certs} certificates for {units} units"))
            }
        }),
        case(
            "octal-sweep resumed after a certificate was deleted (written again)",
            &OCTAL_RESUMED,
            3,
            Some("--max-n"),
        )
        .setup(|d| {
            nimcert_in(d, &OCTAL_RESUMED);
            std::fs::remove_file(d.join("out/certs/0.7.ron")).unwrap();
        })
        .leaves(&["out/certs/0.7.ron"])
        .check(|d, _| certificate_accepted(&d.join("out/certs/0.7.ron"))),
        case(
            "octal-sweep resumed after a certificate was edited",
            &OCTAL_RESUMED,
            2,
            Some("not the certificate this sweep wrote"),
        )
        .setup(|d| {
            nimcert_in(d, &OCTAL_RESUMED);
            let path = d.join("out/certs/0.7.ron");
            let mut text = std::fs::read_to_string(&path).unwrap();
            text.push(' ');
            std::fs::write(&path, text).unwrap();
        }),
        // ---- merge reads only what a sweep writes.
        case(
            "merge a result with an unknown field",
            &["merge", "shards/result-0-of-1.json"],
            2,
            Some("unknown field `covered`"),
        )
        .setup(|d| {
            one_shard(d);
            edit_json(d, "shards/result-0-of-1.json", |j| {
                j["covered"] = serde_json::json!(1)
            });
        }),
        case(
            "merge a result with an unknown field in its spec",
            &["merge", "shards/result-0-of-1.json"],
            2,
            Some("unknown field `d`"),
        )
        .setup(|d| {
            one_shard(d);
            edit_json(d, "shards/result-0-of-1.json", |j| {
                j["spec"]["d"] = serde_json::json!("..=9")
            });
        }),
        case(
            "merge a result covered by an unknown statement",
            &["merge", "shards/result-0-of-1.json"],
            2,
            Some("'A.Table9.row1' is not a covering statement"),
        )
        .setup(|d| {
            one_shard(d);
            edit_json(d, "shards/result-0-of-1.json", |j| {
                let covered = j["covered_by"].as_object_mut().unwrap();
                let first = covered.keys().next().unwrap().clone();
                let n = covered.remove(&first).unwrap();
                covered.insert("A.Table9.row1".into(), n);
            });
        }),
        // ---- every input read with a bound, only regular files opened.
        case(
            "closure file /dev/zero",
            &["avoid", "closure", "/dev/zero"],
            4,
            Some("not a regular file"),
        ),
        case(
            "closure file of 200 MB",
            &["avoid", "closure", "big.ron"],
            3,
            Some("--max-file-bytes"),
        )
        .setup(|d| sparse(d, "big.ron", 200 << 20)),
        case(
            "closure file that is a FIFO (never blocks)",
            &["avoid", "closure", "fifo"],
            4,
            Some("not a regular file"),
        )
        .setup(|d| mkfifo(d, "fifo")),
        case(
            "closure file that is a folder",
            &["avoid", "closure", "."],
            4,
            Some("folder"),
        ),
        case(
            "closure file with 2.5 million convex sets",
            &["avoid", "closure", "many.ron"],
            3,
            Some("--max-work"),
        )
        .setup(|d| {
            let mut text = String::from("(points: 64, convex_sets: [");
            for i in 0..2_500_000u64 {
                text.push_str(&format!("[{}],", i % 64 + 1));
            }
            text.push_str("], win: [1])");
            write(d, "many.ron", &text);
        }),
        case(
            "merge /dev/zero",
            &["merge", "/dev/zero"],
            4,
            Some("not a regular file"),
        ),
        case(
            "merge a 100 MB file",
            &["merge", "big.json"],
            3,
            Some("--max-file-bytes"),
        )
        .setup(|d| sparse(d, "big.json", 100 << 20)),
        case(
            "merge a FIFO",
            &["merge", "fifo"],
            4,
            Some("not a regular file"),
        )
        .setup(|d| mkfifo(d, "fifo")),
        case(
            "merge a missing file",
            &["merge", "nothing.json"],
            4,
            Some("nothing.json"),
        ),
        case(
            "merge a file that is not JSON",
            &["merge", "x.json"],
            2,
            Some("not a sweep result"),
        )
        .setup(|d| write(d, "x.json", "(ron: 1)")),
        // ---- merge trusts nothing.
        case(
            "3 of 4 shards",
            &[
                "merge",
                "shards/result-0-of-4.json",
                "shards/result-1-of-4.json",
                "shards/result-2-of-4.json",
            ],
            2,
            Some("missing"),
        )
        .setup(four_shards),
        case(
            "3 of 4 shards, --partial",
            &[
                "merge",
                "--partial",
                "--format",
                "json",
                "shards/result-0-of-4.json",
                "shards/result-1-of-4.json",
                "shards/result-2-of-4.json",
            ],
            0,
            None,
        )
        .setup(four_shards)
        .check(|_, o| {
            let j = json(o)?;
            if j["partial"] == true && j["shards"] == serde_json::json!([0, 1, 2]) {
                Ok(())
            } else {
                Err(format!("not marked partial: {}", j["partial"]))
            }
        }),
        case(
            "a shard \"7 of 4\"",
            &["merge", "--partial", "shards/result-0-of-4.json"],
            2,
            Some("does not exist"),
        )
        .setup(|d| {
            four_shards(d);
            edit_json(d, "shards/result-0-of-4.json", |j| {
                j["shards"] = serde_json::json!([7])
            });
        }),
        case(
            "a triples count of 2^64 − 1",
            &[
                "merge",
                "shards/result-0-of-4.json",
                "shards/result-1-of-4.json",
                "shards/result-2-of-4.json",
                "shards/result-3-of-4.json",
            ],
            2,
            Some("triples"),
        )
        .setup(|d| {
            four_shards(d);
            edit_json(d, "shards/result-0-of-4.json", |j| {
                j["triples"] = serde_json::json!(u64::MAX)
            });
        }),
        case(
            "admissible > triples",
            &["merge", "--partial", "shards/result-0-of-4.json"],
            2,
            Some("inconsistent"),
        )
        .setup(|d| {
            four_shards(d);
            edit_json(d, "shards/result-0-of-4.json", |j| {
                j["admissible"] = serde_json::json!(j["triples"].as_u64().unwrap() + 1)
            });
        }),
        case(
            "one shard given twice",
            &[
                "merge",
                "--partial",
                "shards/result-0-of-4.json",
                "shards/result-0-of-4.json",
            ],
            2,
            Some("twice"),
        )
        .setup(four_shards),
        case(
            "shards of two different sweeps",
            &[
                "merge",
                "--partial",
                "shards/result-0-of-4.json",
                "other/result-0-of-4.json",
            ],
            2,
            Some("different sweeps"),
        )
        .setup(|d| {
            four_shards(d);
            nimcert_in(
                d,
                &[
                    "sweep", "--a", "2..=5", "--b", "..=12", "--c", "..=31", "--shard", "0/4",
                    "--out", "other",
                ],
            );
        }),
        case(
            "a unit file copied over another unit's",
            &resumed_args(),
            2,
            Some("holds the unit"),
        )
        .setup(|d| {
            nimcert_in(d, &resumed_args());
            std::fs::copy(d.join("out/units/2-3.json"), d.join("out/units/2-4.json")).unwrap();
        }),
        case("a unit file edited", &resumed_args(), 2, Some("checksum")).setup(|d| {
            nimcert_in(d, &resumed_args());
            edit_json(d, "out/units/2-5.json", |j| {
                let n = j["tally"]["purely_periodic"].as_u64().unwrap();
                j["tally"]["purely_periodic"] = serde_json::json!(n.saturating_sub(1));
            });
        }),
        case(
            "a shard whose counts hold a disagreement",
            &["merge", "--partial", "shards/result-0-of-4.json"],
            1,
            None,
        )
        .setup(|d| {
            four_shards(d);
            edit_json(d, "shards/result-0-of-4.json", |j| {
                let statement = j["covered_by"]
                    .as_object()
                    .unwrap()
                    .keys()
                    .next()
                    .unwrap()
                    .clone();
                j["mismatches"] = serde_json::json!(1);
                j["mismatch_examples"] = serde_json::json!([{
                    "moves": [2, 3, 7], "statement": statement,
                    "predicted_period": 5, "preperiod": 0, "period": 6
                }]);
            });
        }),
        // ---- limits say so: exit 3, naming the flag.
        case(
            "a sweep whose games need more than --max-positions",
            &[
                "sweep",
                "--a",
                "2",
                "--b",
                "..=10",
                "--c",
                "..=60",
                "--max-positions",
                "10",
                "--format",
                "json",
            ],
            3,
            Some("--max-positions"),
        )
        .check(|_, o| {
            let j = json(o)?;
            let n = |k: &str| j[k].as_u64().unwrap_or(u64::MAX);
            if n("admissible") + n("non_admissible") + n("no_period_found") == n("triples") {
                Ok(())
            } else {
                Err(format!("counts do not add up: {j}"))
            }
        }),
        case(
            "a structure diagram over --max-classes",
            &[
                "avoid",
                "tree",
                "--edges",
                "1-2,2-3,3-4,4-5,2-6,6-7",
                "--win",
                "1,5,7",
                "--max-classes",
                "3",
            ],
            3,
            Some("--max-classes"),
        ),
        case(
            "a diagram whose classes cost over --max-work (star, W = 3000 leaves)",
            &[
                "avoid",
                "tree",
                "--edges",
                star,
                "--win",
                leaves,
                "--max-work",
                "1000000000",
            ],
            3,
            Some("--max-work"),
        ),
        case(
            "a star of 3000 leaves, W = its centre (within the default budget)",
            &["avoid", "tree", "--edges", star, "--win", "0"],
            0,
            None,
        )
        .check(|_, o| bounded_stdout(o, 8_000)),
        case(
            "the one-vertex tree (nimcheck accepts its certificate)",
            &["avoid", "tree", "--edges", "v", "--win", "v", "--certify"],
            0,
            None,
        )
        .check(|_, o| {
            let text = String::from_utf8_lossy(&o.stdout);
            if text.contains("TreeVertices") {
                Ok(())
            } else {
                Err(format!("no certificate on stdout: {text}"))
            }
        }),
        case(
            "-o - is standard output, not a file named -",
            &["certify", "2,5,7", "-o", "-"],
            0,
            None,
        )
        .check(|d, o| {
            if d.join("-").exists() {
                return Err("a file named - was written".into());
            }
            if String::from_utf8_lossy(&o.stdout).contains("Sequence") {
                Ok(())
            } else {
                Err("no certificate on stdout".into())
            }
        }),
        case(
            "an empty claim selector (it would select everything)",
            &["audit", "--claim", ""],
            2,
            Some("--claim"),
        ),
        case(
            "audit certificates over --max-cert-bytes (the new folder is removed)",
            &[
                "audit",
                "--claim",
                "A.Thm36",
                "--certs",
                "store",
                "--max-cert-bytes",
                "1",
            ],
            3,
            Some("--max-cert-bytes"),
        ),
        case(
            "a limit that is not a whole number",
            &["certify", "2,5,7", "--max-positions=1.5e0"],
            2,
            Some("whole number"),
        ),
        // ---- the work estimated before it starts.
        case(
            "sweep a ≤ 1000, b ≤ 10^5, c ≤ 10^7",
            &[
                "sweep",
                "--a",
                "2..=1000",
                "--b",
                "..=100000",
                "--c",
                "..=10000000",
            ],
            3,
            Some("--max-work"),
        ),
        case(
            "sweep a up to 2^64 − 1",
            &["sweep", "--a", "2..=18446744073709551615", "--b", "..=3"],
            2,
            Some("exceeds the largest move"),
        ),
        case(
            "sweep a = 2^64 − 1 (was \"0 is not a move\")",
            &["sweep", "--a", "18446744073709551615"],
            2,
            Some("exceeds the largest move"),
        ),
        case(
            "--threads 100000",
            &["sweep", "--threads", "100000"],
            2,
            Some("256"),
        ),
        case(
            "more shards than units",
            &[
                "sweep", "--a", "2", "--b", "..=3", "--c", "..=9", "--shard", "3/5",
            ],
            2,
            Some("more shards than"),
        ),
        case(
            "--threads over the cores, not forced",
            &[
                "sweep",
                "--a",
                "2",
                "--b",
                "..=5",
                "--c",
                "..=9",
                "--threads",
                "200",
            ],
            0,
            Some("capped"),
        ),
        case(
            "4096 moves up to 2^24: too much work, and a short message",
            &["solve", four_moves],
            3,
            Some("--max-work"),
        )
        .check(|_, o| short_stderr(o, 300)),
        case(
            "a period beyond --max-positions",
            &[
                "solve",
                "1,16777215,16777216",
                "--max-positions",
                "20000000",
            ],
            3,
            Some("--max-positions"),
        ),
        case(
            "no period below the default bound (1.96 GB before, now 2^28 positions)",
            &["solve", "3333333,5555555,7777777,11111111,16777216"],
            3,
            Some("--max-positions"),
        ),
        case(
            "the default budget: period 33554431 (2^25 − 1)",
            &["solve", "1,16777215,16777216"],
            0,
            None,
        )
        .check(|_, o| bounded_stdout(o, 4_000)),
        case("173 MB of text before", &["solve", "16777216"], 0, None)
            .check(|_, o| bounded_stdout(o, 4_000)),
        case(
            "a huge JSON before",
            &["solve", "16777216", "--format", "json"],
            0,
            None,
        )
        .check(|_, o| {
            let j = json(o)?;
            if j["truncated"] == true && j["values"].as_array().map(Vec::len) == Some(10_000) {
                Ok(())
            } else {
                Err("the lists are not cut and marked".into())
            }
        }),
        case(
            "everything, asked for",
            &["solve", "65536", "--full"],
            0,
            None,
        )
        .check(|_, o| {
            if o.stdout.len() > 65_536 {
                Ok(())
            } else {
                Err(format!("--full printed {} bytes", o.stdout.len()))
            }
        }),
        case(
            "a circle of 100007 residues (58 s before)",
            &["draw", "7,100000,250000", "-o", "x.svg"],
            3,
            Some("--max-residues"),
        ),
        case(
            "a circle of 2^24 residues (did not finish)",
            &["draw", "1,16777215,16777216", "-o", "x.svg"],
            3,
            Some("--max-residues"),
        ),
        case(
            "an atlas of 10^7 cells",
            &[
                "atlas", "--a", "3", "--b", "..=5000", "--c", "..=5000", "-o", "x.svg",
            ],
            3,
            Some("--max-cells"),
        ),
        case(
            "an atlas of cheap cells but much work",
            &[
                "atlas",
                "--a",
                "3",
                "--b",
                "..=200",
                "--c",
                "..=200000",
                "--max-cells",
                "100000000",
                "-o",
                "x.svg",
            ],
            3,
            Some("--max-work"),
        ),
        case(
            "a PNG of 74 Mpx",
            &["atlas", "--a", "3", "--png", "--scale", "10", "-o", "x.png"],
            3,
            Some("--max-pixels"),
        ),
        // ---- consistency.
        case(
            "sweep --a 0",
            &["sweep", "--a", "0"],
            2,
            Some("below the least a"),
        ),
        case(
            "inverted range",
            &["sweep", "--a", "5..=3"],
            2,
            Some("empty"),
        ),
        case(
            "ranges with no triple",
            &["sweep", "--a", "5", "--b", "..=5"],
            2,
            Some("no triple"),
        ),
        case("\"2,,3\"", &["solve", "2,,3"], 2, Some("empty entry")),
        case(
            "a 23-digit move",
            &["solve", "12345678901234567890123"],
            2,
            Some("exceeds the limit"),
        ),
        case(
            "points with a leading minus sign",
            &[
                "avoid",
                "affine",
                "--points",
                "-8,3 1,1 0,5",
                "--win",
                "-8,3",
            ],
            0,
            None,
        ),
        case(
            "sweep --format ron: counts at the top level",
            &[
                "sweep", "--a", "2", "--b", "..=5", "--c", "..=9", "--format", "ron",
            ],
            0,
            None,
        )
        .check(|_, o| {
            let text = String::from_utf8_lossy(&o.stdout);
            if text.lines().any(|l| l.starts_with("    \"triples\": ")) {
                Ok(())
            } else {
                Err(format!("no top-level triples in {text}"))
            }
        }),
        case(
            "an error message quoting 100 KB of input",
            &[
                "solve",
                Box::leak(format!("1,{}", "9".repeat(100_000)).into_boxed_str()),
            ],
            2,
            Some("exceeds the limit"),
        )
        .check(|_, o| short_stderr(o, 500)),
        // ---- claim files (issue 22): user input, each error one line.
        claim_case(
            "a range whose size grows with the parameter before it (estimated at its lower bound)",
            "params = { n = \"1..=10^6\", m = \"1..=n*n\" }\nassert = \"q == 0\"",
            &[],
            3,
            "--max-instances",
        ),
        claim_case(
            "a claim nested 200 brackets deep",
            &format!("assert = \"{}1{} == 1\"", "(".repeat(200), ")".repeat(200)),
            &[],
            2,
            "nested too deeply",
        ),
        claim_case(
            "a claim with a 23-digit literal",
            "assert = \"q == 99999999999999999999999\"",
            &[],
            2,
            "out of range",
        ),
        claim_case(
            "a claim dividing by zero",
            "assert = \"1 div (q - q) == 0\"",
            &[],
            2,
            "division by zero",
        ),
        claim_case(
            "a claim overflowing 64 bits",
            "assert = \"2^62 * 4 == 0\"",
            &[],
            2,
            "integer overflow",
        ),
        claim_case(
            "an unbounded quantifier checked below 9e18",
            "assert = \"forall x: 2*x >= 0\"\ncheck_below = 9000000000000000000",
            &["--max-eval-steps", "1e6"],
            3,
            "--max-eval-steps",
        ),
        claim_case(
            "nested unbounded quantifiers",
            "assert = \"forall x: forall y: G(x) == G(y)\"",
            &[],
            2,
            "nested unbounded",
        ),
        claim_case(
            "an octal claim with --max-n over 2^28",
            "",
            &["--max-n", "1e12"],
            2,
            "--max-n 1000000000000 is over",
        )
        .setup(|d| {
            write(
                d,
                "c.toml",
                "[[claim]]\nid = \"h\"\nsource = \"s\"\nquote = \"q\"\nkind = \"theorem\"\ngame = \"octal 0.77\"\nassert = \"p == 12\"\n",
            )
        }),
        case(
            "a claim file that does not exist",
            &["claims", "check", "missing.toml"],
            4,
            Some("missing.toml"),
        ),
        case(
            "--range naming no parameter of the files",
            &["audit", "--claims", "c.toml", "--range", "zz=1..=3"],
            2,
            Some("no claim of the files has a parameter 'zz'"),
        )
        .setup(|d| {
            write(
                d,
                "c.toml",
                "[[claim]]\nid = \"h\"\nsource = \"s\"\nquote = \"q\"\nkind = \"theorem\"\ngame = \"{1, n}\"\nparams = { n = \"2..=3\" }\nassert = \"p >= 1\"\n",
            )
        }),
        case(
            "a claim file that is not UTF-8",
            &["audit", "--claims", "bin.toml"],
            2,
            Some("not UTF-8"),
        )
        .setup(|d| std::fs::write(d.join("bin.toml"), b"[[claim]]\nid = \"\xff\"\n").unwrap()),
        case(
            "a million claim entries (10 MB)",
            &["audit", "--claims", "million.toml"],
            3,
            Some("--max-claim-bytes"),
        )
        .setup(|d| write(d, "million.toml", &"[[claim]]\n".repeat(1_000_000))),
        case(
            "a million claim entries, size allowed",
            &[
                "audit",
                "--claims",
                "million.toml",
                "--max-claim-bytes",
                "2e7",
            ],
            3,
            Some("--max-claims"),
        )
        .setup(|d| write(d, "million.toml", &"[[claim]]\n".repeat(1_000_000))),
        case(
            "TOML arrays nested 100,000 deep",
            &["audit", "--claims", "deep.toml"],
            2,
            Some("deep.toml:1:"),
        )
        .setup(|d| write(d, "deep.toml", &format!("a = {}", "[".repeat(100_000)))),
        // ---- packed values (format 4) read by `export coq`.
        case(
            "export coq: 3 MB of packed values, a non-digit as the last byte",
            &["export", "coq", "--out", "coq", "p.ron"],
            2,
            Some("character 2999999 is 'g'"),
        )
        .setup(|d| {
            let values = format!("{}g", "0".repeat(2_999_999));
            write(d, "p.ron", &packed(3_000_000, 1, &values));
        }),
        case(
            "export coq: packed values of 9 digits each",
            &["export", "coq", "--out", "coq", "p.ron"],
            2,
            Some("digits must be 1 to 8, not 9"),
        )
        .setup(|d| write(d, "p.ron", &packed(1, 9, "000000001"))),
        case(
            "export coq: a multi-byte character among packed values",
            &["export", "coq", "--out", "coq", "p.ron"],
            2,
            Some("character 2 is 'é'"),
        )
        .setup(|d| write(d, "p.ron", &packed(3, 1, "01é"))),
        case(
            "export coq: 2^20 + 1 packed values, beyond the Coq bound",
            &["export", "coq", "--out", "coq", "p.ron"],
            2,
            Some("beyond what the Coq checker decides"),
        )
        .setup(|d| {
            let values = "0".repeat((1 << 20) + 1);
            write(d, "p.ron", &packed((1 << 20) + 1, 1, &values));
        }),
        // ---- `export judge` (issue 24): its input and output paths.
        case(
            "export judge: a certificate over --max-file-bytes",
            &["export", "judge", "--max-file-bytes", "100", "p.ron"],
            3,
            Some("--max-file-bytes"),
        )
        .setup(|d| write(d, "p.ron", &packed(200, 1, &"0".repeat(200)))),
        case(
            "export judge: an input that does not exist",
            &["export", "judge", "missing.ron"],
            4,
            Some("missing.ron"),
        ),
        case(
            "export judge: -o into a folder that does not exist",
            &["export", "judge", "-o", "no/such/out.judge", "p.ron"],
            4,
            Some("no/such"),
        )
        .setup(|d| write(d, "p.ron", &packed(1, 1, "0"))),
        case(
            "export judge: a folder without certificates",
            &["export", "judge", "empty"],
            2,
            Some("no certificate"),
        )
        .setup(|d| std::fs::create_dir(d.join("empty")).unwrap()),
        case(
            "a successful write beside the hostile ones",
            &["certify", "2,5,7", "-o", "s.ron"],
            0,
            None,
        )
        .leaves(&["s.ron"]),
        // ---- family certificates (issue 38).
        case(
            "family: more classes than --max-classes",
            &["family", "--b", "..=30", "--max-classes", "10"],
            3,
            Some("--max-classes"),
        ),
        case(
            "family: ranges with no class (a above b)",
            &["family", "--a", "5", "--b", "..=3"],
            2,
            Some("no class"),
        ),
        case(
            "family: -o inside a missing folder",
            &["family", "--a", "2", "--b", "5", "-o", "missing/dir"],
            4,
            Some("does not exist"),
        ),
        case(
            "certify --family with two numbers",
            &["certify", "--family", "2,5"],
            2,
            Some("A,B,RHO"),
        ),
        case(
            "certify --family with a ≥ b (a pre-periodic class has a certificate now)",
            &["certify", "--family", "5,2,1"],
            2,
            Some("no family certificate"),
        ),
        // ---- avoidance games in claim files (issue 41).
        avoidance_case(
            "claim file: trees(n) with n = 10^18",
            "game = \"tree-vertices(T)\"\nparams = { n = \"10^18\", T = \"trees(n)\" }\nwin = \"{1}\"",
            &[],
            2,
            "1 ≤ n ≤ 16",
        ),
        avoidance_case(
            "claim file: every W on every labelled tree of 16 vertices",
            "game = \"tree-vertices(T)\"\nparams = { n = \"16\", T = \"labelled_trees(n)\", W = \"subsets([1, n])\" }\nwin = \"W\"",
            &[],
            3,
            "--max-work",
        ),
        avoidance_case(
            "claim file: every W on every tree of up to 16 vertices (estimated at n = 16)",
            "game = \"tree-vertices(T)\"\nparams = { n = \"1..=16\", T = \"trees(n)\", W = \"subsets([1, n])\" }\nwin = \"W\"",
            &[],
            3,
            "--max-work",
        ),
        avoidance_case(
            "claim file: the subsets of a set of 10^6 elements",
            "game = \"tree-vertices 1-2\"\nparams = { W = \"subsets([1, 1000000])\" }\nwin = \"W\"",
            &[],
            2,
            "at most 62",
        ),
        avoidance_case(
            "claim file: a tree of 10^5 vertices",
            &format!(
                "game = \"tree-vertices {}\"\nwin = \"{{1}}\"",
                (1..100_000).map(|v| format!("{v}-{}", v + 1)).collect::<Vec<_>>().join(",")
            ),
            &[],
            2,
            "n ≤ 65",
        ),
        avoidance_case(
            "claim file: a tree geometry with a cycle",
            "game = \"tree-edges 1-2,2-3,3-1\"\nwin = \"{1}\"",
            &[],
            2,
            "cycle",
        ),
        avoidance_case(
            "claim file: repeated affine points",
            "game = \"affine 0,0 0,0\"\nwin = \"{1}\"",
            &[],
            2,
            "repeated",
        ),
        avoidance_case(
            "claim file: a closure system that is not RON",
            "game = \"closure (points: 3\"\nwin = \"{1}\"",
            &[],
            2,
            "the closure system",
        ),
        avoidance_case(
            "claim file: a closure system of 10^9 points",
            "game = \"closure (points: 1000000000, convex_sets: [])\"\nwin = \"{1}\"",
            &[],
            2,
            "1 to 64 points",
        ),
        avoidance_case(
            "claim file: W outside the tree",
            "game = \"tree-vertices 1-2\"\nwin = \"{7}\"",
            &[],
            2,
            "not in S = [1, 2]",
        ),
        avoidance_case(
            "claim file: an avoidance game without W",
            "game = \"tree-vertices 1-2\"",
            &[],
            2,
            "needs `win",
        ),
        avoidance_case(
            "claim file: families quantified within a tiny --max-eval-steps",
            "game = \"tree-vertices(T)\"\nparams = { n = \"9\", T = \"trees(n)\", W = \"subsets([1, n])\" }\nwin = \"W\"",
            &["--max-eval-steps", "50"],
            3,
            "--max-eval-steps",
        ),
        case(
            "claim file: Grundy's game on [0, 4·10^18)",
            &["audit", "--claims", "g.toml"],
            2,
            Some("not checked"),
        )
        .check(|_, o| {
            // The instance is not checked; the report names the bound.
            let report = String::from_utf8_lossy(&o.stdout);
            if report.contains("--max-n") {
                Ok(())
            } else {
                Err(format!("the report does not name --max-n: {report}"))
            }
        })
        .setup(|d| {
            write(
                d,
                "g.toml",
                "[[claim]]\nid = \"g\"\nsource = \"s\"\nquote = \"q\"\nkind = \"theorem\"\ngame = \"grundy\"\nassert = \"G(5) == 2\"\ncheck_below = 4000000000000000000\n",
            )
        }),
    ]
}

/// `nimcert audit --claims c.toml` on one avoidance entry: `body` (the
/// game, its parameters and W), then `assert = "nim >= 0"`.
fn avoidance_case(
    hostile: &'static str,
    body: &str,
    more: &[&str],
    code: i32,
    says: &'static str,
) -> Case {
    let text = format!(
        "[[claim]]\nid = \"h\"\nsource = \"s\"\nquote = \"q\"\nkind = \"theorem\"\n{body}\nassert = \"forall A in M: card(A) >= 0 and nim >= 0\"\n"
    );
    let mut args = vec!["audit", "--claims", "c.toml"];
    args.extend_from_slice(more);
    case(hostile, &args, code, Some(says)).setup(move |d| write(d, "c.toml", &text))
}

/// A `PackedSequence` certificate (format 4) of S = {1} with q = 0, the
/// given period and packed values, no witnesses (read, not checked).
fn packed(period: u64, digits: u32, values: &str) -> String {
    format!(
        "(format: 4, provenance: (tool: \"t\", method: Search(engine: \"e\")), \
         claim: PackedSequence((moves: [1], preperiod: 0, period: {period}, digits: {digits}, \
         values: \"{values}\", period_witnesses: [], preperiod_witness: None)))"
    )
}

/// `nimcert audit --claims c.toml` on one entry whose last lines are
/// `tail` (a game {1, 2}), with `more` arguments.
fn claim_case(
    hostile: &'static str,
    tail: &str,
    more: &[&str],
    code: i32,
    says: &'static str,
) -> Case {
    let text = format!(
        "[[claim]]\nid = \"h\"\nsource = \"s\"\nquote = \"q\"\nkind = \"theorem\"\ngame = \"{{1, 2}}\"\n{tail}\n"
    );
    let mut args = vec!["audit", "--claims", "c.toml"];
    args.extend_from_slice(more);
    case(hostile, &args, code, Some(says)).setup(move |d| write(d, "c.toml", &text))
}

fn short_stderr(o: &Outcome, bytes: usize) -> Result<(), String> {
    if o.stderr.len() < bytes {
        Ok(())
    } else {
        Err(format!("{} bytes of message", o.stderr.len()))
    }
}

fn bounded_stdout(o: &Outcome, bytes: usize) -> Result<(), String> {
    if o.stdout.len() <= bytes {
        Ok(())
    } else {
        Err(format!("{} bytes of output", o.stdout.len()))
    }
}

#[test]
fn hostile_inputs_fail_closed_within_bounds() {
    let root: PathBuf =
        std::env::temp_dir().join(format!("nimcert-hostile-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root).unwrap();
    let mut failures = Vec::new();
    let mut rows = Vec::new();
    for (i, case) in cases().iter().enumerate() {
        match check_case(&root, i, case) {
            Ok(row) => rows.push(row),
            Err(why) => failures.push(why),
        }
    }
    let _ = std::fs::remove_dir_all(&root);
    if std::env::var_os("NIMCERT_HOSTILE_TABLE").is_some() {
        println!("| command | hostile input | exit | wall time | peak memory |");
        println!("| --- | --- | --- | --- | --- |");
        for row in &rows {
            println!("{row}");
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
