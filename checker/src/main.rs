//! `nimcheck FILE|DIR...`: re-validates nimcert certificates.
//!
//! Prints one line per certificate: `OK`, `REJECTED`, `UNDECIDED`,
//! `LIMIT` or `UNREADABLE`, the file, and what was proved or why not, and a
//! `SKIPPED` line for every entry a folder walk did not check (`walk`). The
//! exit status is the table in [`cli_args::EXIT_STATUS`]. It fails closed: a report
//! that could not be written (to a full disk, a closed pipe, a closed or
//! read-only standard output), a folder without certificates, an entry
//! skipped or a limit reached never ends in 0.

#![forbid(unsafe_code)]

mod cli_args;
mod walk;

use clap::error::ErrorKind;
use clap::Parser;
use cli_args::Args;
use nimcert_check::{check_certificate, file_too_large, parse, Limits, Verdict};
use std::io::{BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use walk::{collect, not_regular, WalkOptions};

/// One line of the report: a file to check, or a path already decided.
enum Item {
    Check(PathBuf),
    Decided(PathBuf, Report),
}

/// What one line reports: the checker's verdict on a certificate, a path
/// that could not be read at all (an I/O error, exit 4, like every command
/// of nimcert), or an entry a folder walk did not check.
#[derive(Clone)]
enum Report {
    Checked(Verdict),
    Unreadable(String),
    /// Not checked, and why; `counts` when the skip makes the exit 2 (it
    /// does unless the user accepted it with a flag).
    Skipped {
        reason: String,
        counts: bool,
    },
}

impl Report {
    fn exit_code(&self) -> u8 {
        match self {
            Report::Checked(verdict) => verdict.exit_code(),
            Report::Unreadable(_) => 4,
            Report::Skipped { counts: true, .. } => 2,
            Report::Skipped { counts: false, .. } => 0,
        }
    }

    fn message(&self) -> &str {
        match self {
            Report::Checked(verdict) => verdict.message(),
            Report::Unreadable(message) => message,
            Report::Skipped { reason, .. } => reason,
        }
    }
}

/// A report with the provenance the file was read with (when it parsed).
type Outcome = (Report, Option<String>);

/// Opens a file for reading without ever blocking: a FIFO swapped in after
/// the walk looked at the path would block `open` itself, so on Linux it
/// is opened with O_NONBLOCK (no effect on a regular file).
fn open(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(all(
        target_os = "linux",
        any(
            target_arch = "x86_64",
            target_arch = "x86",
            target_arch = "aarch64",
            target_arch = "arm",
            target_arch = "riscv64"
        )
    ))]
    {
        use std::os::unix::fs::OpenOptionsExt;
        const O_NONBLOCK: i32 = 0o4000; // <asm-generic/fcntl.h>
        options.custom_flags(O_NONBLOCK);
    }
    options.open(path)
}

/// Reads a regular file of at most `limits.max_file_bytes` bytes, reading at
/// most one byte more than that, so that an oversized file is refused
/// without reading it whole.
fn read_bounded(path: &Path, limits: &Limits) -> Result<Vec<u8>, Report> {
    let cannot = |e: std::io::Error| Report::Unreadable(format!("cannot read: {e}"));
    let file = open(path).map_err(cannot)?;
    let meta = file.metadata().map_err(cannot)?;
    if !meta.is_file() {
        return Err(not_regular());
    }
    if meta.len() > limits.max_file_bytes {
        return Err(Report::Checked(Verdict::OverLimit(file_too_large(
            meta.len(),
            limits,
        ))));
    }
    // At most the limit; a length that does not fit a usize starts empty.
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    file.take(limits.max_file_bytes.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    Ok(bytes)
}

fn check_file(path: &Path, limits: &Limits) -> Outcome {
    let bytes = match read_bounded(path, limits) {
        Ok(bytes) => bytes,
        Err(report) => return (report, None),
    };
    // Parsed once: the provenance and the verdict come from one pass.
    match parse(&bytes, limits) {
        Ok(certificate) => (
            Report::Checked(check_certificate(&certificate, limits)),
            Some(format!("{:?}", certificate.provenance.method)),
        ),
        Err(reason) => (Report::Checked(reason.into_verdict()), None),
    }
}

/// Checks `items` with up to `jobs` threads, returning the outcomes in
/// order.
fn check_all(items: &[Item], limits: &Limits, jobs: usize) -> Vec<Outcome> {
    let next = AtomicUsize::new(0);
    let work = || {
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(item) = items.get(i) else {
                return done;
            };
            let outcome = match item {
                Item::Check(path) => check_file(path, limits),
                Item::Decided(_, report) => (report.clone(), None),
            };
            done.push((i, outcome));
        }
    };
    let mut results: Vec<(usize, Outcome)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..jobs.min(items.len()))
            .map(|_| scope.spawn(work))
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a checking thread panicked"))
            .collect()
    });
    results.sort_by_key(|(i, _)| *i);
    results.into_iter().map(|(_, outcome)| outcome).collect()
}

fn label(report: &Report) -> &'static str {
    match report {
        Report::Checked(Verdict::Valid(_)) => "OK",
        Report::Checked(Verdict::Invalid(_)) => "REJECTED",
        Report::Checked(Verdict::Undecidable(_)) => "UNDECIDED",
        Report::Checked(Verdict::OverLimit(_)) => "LIMIT",
        Report::Unreadable(_) => "UNREADABLE",
        Report::Skipped { .. } => "SKIPPED",
    }
}

/// A path for a one-line report: a name with control characters (a newline)
/// or with leading or trailing whitespace (`c.ron `) is shown quoted and
/// escaped, so that every line reads one way.
fn shown(path: &Path) -> String {
    let text = path.display().to_string();
    let name = path.file_name().map(|n| n.to_string_lossy());
    let padded = name.is_some_and(|n| n.trim() != n);
    if padded || text.chars().any(char::is_control) {
        format!("{text:?}")
    } else {
        text
    }
}

fn line(path: &Path, (report, provenance): &Outcome, json: bool) -> String {
    if json {
        serde_json::json!({
            "file": path.display().to_string(),
            "verdict": label(report).to_lowercase(),
            "message": report.message(),
            "provenance": provenance,
        })
        .to_string()
    } else {
        format!("{} {}: {}", label(report), shown(path), report.message())
    }
}

/// The exit status of a run: 1 if any certificate is invalid (a false
/// claim is the news), otherwise the largest code.
fn combine(worst: u8, code: u8) -> u8 {
    if worst == 1 || code == 1 {
        1
    } else {
        worst.max(code)
    }
}

/// Items checked per round: the outcomes of one round are printed (and
/// flushed) before the next starts, so memory stays bounded however many
/// files there are.
const ROUND: usize = 1024;

fn run(args: &Args, out: &mut impl Write) -> ExitCode {
    let limits = args.limits();
    let options = WalkOptions {
        follow_links: args.follow_links,
        allow_skips: args.allow_skips,
    };
    let mut items = Vec::new();
    for path in &args.paths {
        collect(path, options, &mut items);
    }
    let mut worst = 0u8;
    let mut written = 0usize;
    for round in items.chunks(ROUND) {
        let outcomes = check_all(round, &limits, args.jobs());
        for (i, item) in round.iter().enumerate() {
            let path = match item {
                Item::Check(path) | Item::Decided(path, _) => path,
            };
            // Every item has its outcome; one missing is never a success.
            let outcome = outcomes.get(i).cloned().unwrap_or_else(|| {
                (
                    Report::Checked(Verdict::Undecidable("not checked".to_string())),
                    None,
                )
            });
            if let Err(e) = writeln!(out, "{}", line(path, &outcome, args.json)) {
                return write_failed(&e, written, items.len());
            }
            worst = combine(worst, outcome.0.exit_code());
            written += 1;
        }
        if let Err(e) = out.flush() {
            return write_failed(&e, written, items.len());
        }
    }
    ExitCode::from(worst)
}

/// Exit 4: the report could not be written, so no verdict is claimed.
fn write_failed(e: &std::io::Error, written: usize, total: usize) -> ExitCode {
    warn(&format!(
        "cannot write the report ({e}); stopped with at most {written} of {total} lines written, exit 4"
    ));
    ExitCode::from(4)
}

/// A line on stderr, `nimcheck: …`. Its own failure is ignored (stderr is
/// the last channel left; the exit status still tells), never a panic as
/// `eprintln!` would.
fn warn(message: &str) {
    let _ = writeln!(std::io::stderr().lock(), "nimcheck: {message}");
}

/// Standard output, where the report goes, as a file whose every write
/// error is seen. Rust's own `stdout()` reports success for a write to a
/// descriptor that is not open for writing (EBADF): through it, `nimcheck
/// FILE 1</dev/null` printed nothing and exited 0. A duplicate of the
/// descriptor, written as a plain file, reports the error.
#[cfg(unix)]
fn report_output() -> std::io::Result<std::fs::File> {
    use std::os::fd::AsFd;
    if stdout_was_closed() {
        return Err(std::io::Error::other(
            "standard output is closed, or is /dev/null open for reading and writing, \
             which looks the same; to discard the report, use >/dev/null",
        ));
    }
    let fd = std::io::stdout().as_fd().try_clone_to_owned()?;
    Ok(std::fs::File::from(fd))
}

/// Elsewhere, standard output as the runtime gives it.
#[cfg(not(unix))]
fn report_output() -> std::io::Result<std::io::Stdout> {
    Ok(std::io::stdout())
}

/// Whether standard output was closed when nimcheck started. The Rust
/// runtime reopens a closed descriptor 0, 1 or 2 as `/dev/null` for
/// reading and writing before `main`, where writes succeed and vanish
/// (`nimcheck FILE >&-` exited by the verdict with nothing written). So a
/// standard output that is `/dev/null` open for reading and writing is
/// taken as closed; `>/dev/null` opens it for writing only and is an
/// ordinary way to discard the report. Read from /proc; where /proc cannot
/// be read, a closed stdout cannot be told from `/dev/null`.
#[cfg(unix)]
fn stdout_was_closed() -> bool {
    const O_ACCMODE: u32 = 0o3; // <asm-generic/fcntl.h>
    const O_RDWR: u32 = 0o2;
    let is_null = std::fs::read_link("/proc/self/fd/1").is_ok_and(|p| p == Path::new("/dev/null"));
    let read_write = || {
        let info = std::fs::read_to_string("/proc/self/fdinfo/1").ok()?;
        let flags = info.lines().find_map(|l| l.strip_prefix("flags:"))?;
        let flags = u32::from_str_radix(flags.trim(), 8).ok()?;
        Some(flags & O_ACCMODE == O_RDWR)
    };
    is_null && read_write().unwrap_or(false)
}

fn main() -> ExitCode {
    let parsed = Args::try_parse();
    if let Err(e) = &parsed {
        if !matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
            warn(&one_line(&e.render().to_string()));
            return ExitCode::from(2);
        }
    }
    let file = match report_output() {
        Ok(file) => file,
        Err(e) => {
            warn(&format!(
                "cannot write the report ({e}); nothing was checked, exit 4"
            ));
            return ExitCode::from(4);
        }
    };
    let mut out = BufWriter::new(file);
    match parsed {
        Ok(args) => run(&args, &mut out),
        // Help and version go to the report's output; if that fails, say so.
        Err(e) => {
            let text = e.render().to_string();
            match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => write_failed(&e, 0, 1),
            }
        }
    }
}

/// A usage error as one line, in the style of every other message
/// (`nimcheck: …`, like `nimcert: …`): clap's lines joined by "; ", or by a
/// space after a colon, without its `error: ` prefix.
fn one_line(rendered: &str) -> String {
    let message = rendered.trim_start();
    let message = message.strip_prefix("error: ").unwrap_or(message);
    let mut line = String::new();
    for part in message.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if !line.is_empty() {
            line += if line.ends_with(':') { " " } else { "; " };
        }
        line += part;
    }
    line
}
