//! `nimcheck FILE|DIR...`: re-validates nimcert certificates.
//!
//! Prints one line per certificate: `OK`, `REJECTED` or `UNDECIDED`, the
//! file, and what was proved or why not. Exit status: 0 when every
//! certificate is valid, 1 when any is invalid, 2 when any could not be
//! decided (unreadable, parse error, unsupported version, over a limit) and
//! none is invalid.

#![forbid(unsafe_code)]

use clap::Parser;
use nimcert_check::{check_certificate, parse, Limits, Verdict};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Re-validates nimcert certificates (RON files) without trusting the solver.
///
/// Directories are searched recursively for `*.ron` files, in sorted order.
/// Exit status: 0 all valid; 1 some certificate is invalid; 2 some input
/// could not be decided (unreadable, malformed, unsupported version, or over
/// a size limit) and none is invalid.
#[derive(Parser)]
#[command(name = "nimcheck", version)]
struct Args {
    /// Certificate files or directories.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Print one JSON object per certificate instead of text lines.
    #[arg(long)]
    json: bool,
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
    /// Largest number of elementary checking steps per certificate.
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
}

/// Collects `*.ron` files below `path` (or `path` itself), sorted.
fn collect(path: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
    let meta = std::fs::metadata(path).map_err(|e| format!("{}: {e}", path.display()))?;
    if !meta.is_dir() {
        out.push(path.to_path_buf());
        return Ok(());
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
        .map_err(|e| format!("{}: {e}", path.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for entry in entries {
        if entry.is_dir() {
            collect(&entry, out)?;
        } else if entry.extension().is_some_and(|x| x == "ron") {
            out.push(entry);
        }
    }
    Ok(())
}

/// Reads at most `limit + 1` bytes, so that an oversized file is refused
/// without reading it whole.
fn read_bounded(path: &Path, limit: u64) -> Result<Vec<u8>, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read: {e}"))?;
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read: {e}"))?;
    Ok(bytes)
}

fn check_file(path: &Path, limits: &Limits) -> (Verdict, Option<String>) {
    match read_bounded(path, limits.max_file_bytes) {
        Err(reason) => (Verdict::Undecidable(reason), None),
        // Parsed once: the provenance and the verdict come from one pass.
        Ok(bytes) => match parse(&bytes, limits) {
            Ok(certificate) => (
                check_certificate(&certificate, limits),
                Some(format!("{:?}", certificate.provenance.method)),
            ),
            Err(reason) => (Verdict::Undecidable(reason), None),
        },
    }
}

fn label(verdict: &Verdict) -> &'static str {
    match verdict {
        Verdict::Valid(_) => "OK",
        Verdict::Invalid(_) => "REJECTED",
        Verdict::Undecidable(_) => "UNDECIDED",
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    let limits = args.limits();
    let mut files = Vec::new();
    let mut worst = 0u8;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for path in &args.paths {
        if let Err(reason) = collect(path, &mut files) {
            let _ = writeln!(out, "UNDECIDED {reason}");
            worst = worst.max(2);
        }
    }
    for file in &files {
        let (verdict, provenance) = check_file(file, &limits);
        let line = if args.json {
            serde_json::json!({
                "file": file.display().to_string(),
                "verdict": label(&verdict).to_lowercase(),
                "message": verdict.message(),
                "provenance": provenance,
            })
            .to_string()
        } else {
            format!(
                "{} {}: {}",
                label(&verdict),
                file.display(),
                verdict.message()
            )
        };
        if writeln!(out, "{line}").is_err() {
            break; // a closed pipe: stop quietly
        }
        // Invalid (1) dominates undecidable (2): a wrong claim is the news.
        worst = match (worst, verdict.exit_code()) {
            (1, _) | (_, 1) => 1,
            (a, b) => a.max(b),
        };
    }
    ExitCode::from(worst)
}
