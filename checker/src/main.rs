//! `nimcheck FILE|DIR...`: re-validates nimcert certificates.
//!
//! Prints one line per certificate: `OK`, `REJECTED`, `UNDECIDED`,
//! `LIMIT` or `UNREADABLE`, the file, and what was proved or why not. The exit status is
//! the table in [`EXIT_STATUS`]. It fails closed: a report that could not
//! be written, a folder without certificates or a limit reached never ends
//! in 0.

#![forbid(unsafe_code)]

use clap::error::ErrorKind;
use clap::Parser;
use nimcert_check::{check_certificate, file_too_large, parse, Limits, Verdict};
use std::io::{BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The exit-status table, printed by `--help` (and in checker/README.md).
const EXIT_STATUS: &str = "\
Exit status (the worst over all certificates; 1 wins over the others):
  0  every certificate is valid
  1  some certificate is invalid: its claim is false or its proof fails
  2  bad input or undecided: a folder without *.ron files, a file that
     is not a certificate (not UTF-8, a parse error, an unsupported
     version), a usage error
  3  a limit was reached: the message names the flag that raises it
     (--max-file-bytes, --max-moves, --max-move, --max-period, --max-work,
     --max-points, --max-classes)
  4  an I/O error: a path that is missing, unreadable or not a regular
     file (reported UNREADABLE), or the report could not be written (a
     closed pipe, a full disk: the run stops, and no verdict is claimed)";

/// Re-validates nimcert certificates (RON files) without trusting the solver.
///
/// Directories are searched recursively for `*.ron` files, in sorted order;
/// symbolic links to directories are not followed (a note goes to stderr),
/// and only regular files are read. One line per certificate on stdout:
/// `OK`, `REJECTED`, `UNDECIDED`, `LIMIT` or `UNREADABLE`, the file, and
/// what was proved or why not (or, with --json, one JSON object a line, always).
#[derive(Parser)]
#[command(name = "nimcheck", version, after_help = EXIT_STATUS)]
struct Args {
    /// Certificate files or directories.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Print one JSON object per certificate instead of text lines.
    #[arg(long)]
    json: bool,
    /// Certificates checked at once (default: the number of cores, at most
    /// 4). Each holds at most one file and its working memory.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    jobs: Option<u64>,
    /// Largest file read, in bytes.
    #[arg(long, default_value_t = Limits::default().max_file_bytes)]
    max_file_bytes: u64,
    /// Largest number of moves.
    #[arg(long, default_value_t = Limits::default().max_moves)]
    max_moves: u64,
    /// Largest single move.
    #[arg(long, default_value_t = Limits::default().max_move)]
    max_move: u64,
    /// Largest claimed q + p (sequences) or P (P-sets).
    #[arg(long, default_value_t = Limits::default().max_period)]
    max_period: u64,
    /// Largest number of work units per certificate (about a nanosecond
    /// each; see docs/TRUST.md for the measured worst case per claim kind).
    #[arg(long, default_value_t = Limits::default().max_work)]
    max_work: u64,
    /// Largest ground set of an avoidance game, in points.
    #[arg(long, default_value_t = Limits::default().max_points)]
    max_points: u64,
    /// Largest number of structure classes of an avoidance game.
    #[arg(long, default_value_t = Limits::default().max_classes)]
    max_classes: u64,
}

impl Args {
    fn limits(&self) -> Limits {
        Limits {
            max_file_bytes: self.max_file_bytes,
            max_moves: self.max_moves,
            max_move: self.max_move,
            max_period: self.max_period,
            max_work: self.max_work,
            max_points: self.max_points,
            max_classes: self.max_classes,
            ..Limits::default()
        }
    }

    fn jobs(&self) -> usize {
        match self.jobs {
            Some(jobs) => jobs as usize,
            None => std::thread::available_parallelism().map_or(1, |n| n.get().min(4)),
        }
    }
}

/// One line of the report: a file to check, or a path already decided.
enum Item {
    Check(PathBuf),
    Decided(PathBuf, Report),
}

/// What one line reports: the checker's verdict on a certificate, or a
/// path that could not be read at all (an I/O error, exit 4, like every
/// command of nimcert).
#[derive(Clone)]
enum Report {
    Checked(Verdict),
    Unreadable(String),
}

impl Report {
    fn exit_code(&self) -> u8 {
        match self {
            Report::Checked(verdict) => verdict.exit_code(),
            Report::Unreadable(_) => 4,
        }
    }

    fn message(&self) -> &str {
        match self {
            Report::Checked(verdict) => verdict.message(),
            Report::Unreadable(message) => message,
        }
    }
}

/// A report with the provenance the file was read with (when it parsed).
type Outcome = (Report, Option<String>);

/// Collects the items of one command-line path: the file itself, or the
/// `*.ron` files below a directory. A path named on the command line is
/// followed if it is a symbolic link.
fn collect(path: &Path, out: &mut Vec<Item>) {
    let decided = |r: Report| Item::Decided(path.to_path_buf(), r);
    match std::fs::metadata(path) {
        Err(e) => out.push(decided(Report::Unreadable(format!("cannot read: {e}")))),
        Ok(meta) if meta.is_dir() => {
            let before = out.len();
            walk(path, out);
            if out.len() == before {
                out.push(decided(Report::Checked(Verdict::Undecidable(
                    "no *.ron certificates in this folder: nothing was checked".to_string(),
                ))));
            }
        }
        Ok(meta) if meta.is_file() => out.push(Item::Check(path.to_path_buf())),
        Ok(_) => out.push(decided(not_regular())),
    }
}

fn not_regular() -> Report {
    Report::Unreadable("not a regular file (a FIFO, device or socket): not read".to_string())
}

/// Adds the `*.ron` files below `dir`, sorted, without following symbolic
/// links to directories.
fn walk(dir: &Path, out: &mut Vec<Item>) {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => {
            let report = Report::Unreadable(format!("cannot read the folder: {e}"));
            out.push(Item::Decided(dir.to_path_buf(), report));
            return;
        }
    };
    let mut entries: Vec<(PathBuf, Option<std::fs::FileType>)> = entries
        .filter_map(Result::ok)
        .map(|e| (e.path(), e.file_type().ok()))
        .collect();
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    for (path, kind) in entries {
        let is_ron = path.extension().is_some_and(|x| x == "ron");
        match kind {
            Some(kind) if kind.is_dir() => walk(&path, out),
            Some(kind) if kind.is_symlink() => match std::fs::metadata(&path) {
                Ok(meta) if meta.is_dir() => eprintln!(
                    "nimcheck: {}: a symbolic link to a folder, not followed",
                    shown(&path)
                ),
                Ok(meta) if meta.is_file() && is_ron => out.push(Item::Check(path)),
                Ok(_) | Err(_) if is_ron => {
                    let report = Report::Unreadable(
                        "a symbolic link to something that is not a regular file: not read"
                            .to_string(),
                    );
                    out.push(Item::Decided(path, report));
                }
                _ => {}
            },
            Some(kind) if kind.is_file() && is_ron => out.push(Item::Check(path)),
            _ if is_ron => out.push(Item::Decided(path, not_regular())),
            _ => {}
        }
    }
}

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
    let mut bytes = Vec::with_capacity(meta.len() as usize); // at most the limit
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
    }
}

/// A path for a one-line report: control characters (a newline in a file
/// name) are escaped.
fn shown(path: &Path) -> String {
    let text = path.display().to_string();
    if text.chars().any(char::is_control) {
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

/// Items checked per round: the outcomes of one round are printed before
/// the next starts, so memory stays bounded however many files there are.
const ROUND: usize = 1024;

fn run(args: &Args) -> ExitCode {
    let limits = args.limits();
    let mut items = Vec::new();
    for path in &args.paths {
        collect(path, &mut items);
    }
    let mut out = BufWriter::new(std::io::stdout().lock());
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
    }
    if let Err(e) = out.flush() {
        return write_failed(&e, written, items.len());
    }
    ExitCode::from(worst)
}

/// Exit 4: the report could not be written, so no verdict is claimed.
fn write_failed(e: &std::io::Error, written: usize, total: usize) -> ExitCode {
    eprintln!(
        "nimcheck: cannot write the report ({e}); stopped with {written} of {total} lines written, exit 4"
    );
    ExitCode::from(4)
}

fn main() -> ExitCode {
    let args = match Args::try_parse() {
        Ok(args) => args,
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            // Help and version go to stdout; if that fails, say so.
            let text = e.render().to_string();
            let mut out = std::io::stdout().lock();
            return match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => write_failed(&e, 0, 1),
            };
        }
        Err(e) => {
            eprintln!("nimcheck: {}", one_line(&e.render().to_string()));
            return ExitCode::from(2);
        }
    };
    run(&args)
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
