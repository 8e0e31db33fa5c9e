//! `nimcert claims check FILE…` and the reading of claim files for `nimcert
//! audit --claims` (issue 22; docs/CLAIMS.md).

use super::output::print;
use super::CliError;
use clap::{Args, Subcommand};
use nimcert_claims as lang;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The bounds on reading claim files, shared by `claims check` and
/// `audit --claims`.
#[derive(Args, Clone, Debug)]
pub struct ClaimFileLimits {
    /// Refuse a claim file larger than this many bytes (exit 3).
    #[arg(long, value_name = "BYTES", value_parser = super::limits::count, default_value_t = 4 << 20)]
    max_claim_bytes: u64,
    /// Refuse a claim file with more than this many entries (exit 3).
    #[arg(long, value_name = "N", value_parser = super::limits::count, default_value_t = 10_000)]
    max_claims: u64,
}

/// Arguments of `nimcert claims`.
#[derive(Args)]
#[command(after_help = super::exit_status!())]
pub struct ClaimsArgs {
    #[command(subcommand)]
    command: ClaimsCommand,
}

#[derive(Subcommand)]
enum ClaimsCommand {
    /// Parse and type-check claim files, and nothing else (fast: for
    /// editors and pre-commit hooks). Prints one line per file; an error
    /// points at FILE:LINE:COLUMN with the line and a caret (exit 2).
    Check(CheckArgs),
}

/// Arguments of `nimcert claims check`.
#[derive(Args)]
#[command(after_help = super::exit_status!())]
pub struct CheckArgs {
    /// The claim files (TOML, docs/CLAIMS.md).
    #[arg(value_name = "FILE", required = true)]
    files: Vec<PathBuf>,
    #[command(flatten)]
    limits: ClaimFileLimits,
}

pub fn run(args: ClaimsArgs) -> Result<ExitCode, CliError> {
    match args.command {
        ClaimsCommand::Check(args) => check(args),
    }
}

fn check(args: CheckArgs) -> Result<ExitCode, CliError> {
    let files = load(&args.files, &args.limits, Show::Caret)?;
    let mut out = String::new();
    for (path, file) in &files {
        let ids: Vec<&str> = file.claims.iter().map(|c| c.id.as_str()).collect();
        let count = match ids.len() {
            1 => "1 claim".to_string(),
            n => format!("{n} claims"),
        };
        out += &format!(
            "{}: {count}, parsed and type-checked: {}\n",
            path.display(),
            ids.join(", ")
        );
    }
    print(&out)?;
    Ok(ExitCode::SUCCESS)
}

/// How an error in a claim file is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Show {
    /// One line `FILE:LINE:COL: message` (the audit: one line, as every
    /// error of nimcert).
    Line,
    /// That line, then the source line and a caret under the column
    /// (`claims check`, for the one editing the file).
    Caret,
}

/// A claim file's error: its one line `FILE:LINE:COL: message`, and with
/// [`Show::Caret`] the source line and a caret under the column.
fn diagnostic(d: &lang::Diagnostic, show: Show) -> CliError {
    let error = match d.kind {
        lang::DiagKind::Input => CliError::input(d.one_line()),
        lang::DiagKind::Limit { flag } => CliError::limit(flag, d.one_line()),
    };
    match show {
        Show::Line => error,
        Show::Caret => {
            let rendered = d.render();
            error.with_context(rendered.lines().skip(1).map(|l| format!("    {l}")))
        }
    }
}

/// Reads, parses and type-checks every file (each read with the byte
/// bound, before it is parsed); an id used twice across the files is an
/// error, as within one file.
pub fn load(
    paths: &[PathBuf],
    limits: &ClaimFileLimits,
    show: Show,
) -> Result<Vec<(PathBuf, lang::ClaimFile)>, CliError> {
    let parse_limits = lang::ParseLimits {
        max_bytes: usize::try_from(limits.max_claim_bytes).unwrap_or(usize::MAX),
        max_claims: usize::try_from(limits.max_claims).unwrap_or(usize::MAX),
    };
    let mut seen: BTreeMap<String, String> = BTreeMap::new();
    let mut files = Vec::new();
    for path in paths {
        let file = read(path, &parse_limits, limits.max_claim_bytes, show)?;
        for c in &file.claims {
            let here = format!("{}:{}", path.display(), c.line);
            if let Some(first) = seen.insert(c.id.clone(), here.clone()) {
                return Err(CliError::input(format!(
                    "{here}: the id '{}' is already used at {first}",
                    c.id
                )));
            }
        }
        files.push((path.clone(), file));
    }
    Ok(files)
}

/// One file: read with the byte bound (a longer file is refused by its
/// length before it is read),
/// parsed and type-checked.
fn read(
    path: &Path,
    parse_limits: &lang::ParseLimits,
    max_bytes: u64,
    show: Show,
) -> Result<lang::ClaimFile, CliError> {
    let bytes = nimcert::io::read_bounded(path, max_bytes).map_err(|e| match e {
        nimcert::io::ReadError::TooLarge(_) => CliError::limit(
            lang::FLAG_MAX_BYTES,
            format!(
                "{}: a claim file is at most {max_bytes} bytes (raise {})",
                path.display(),
                lang::FLAG_MAX_BYTES
            ),
        ),
        nimcert::io::ReadError::NotText => {
            CliError::input(format!("{}: not UTF-8 text", path.display()))
        }
        nimcert::io::ReadError::Io(e) => CliError::io(format!("{}: {e}", path.display())),
    })?;
    let name = path.display().to_string();
    let file = lang::parse(&name, &bytes, parse_limits).map_err(|d| diagnostic(&d, show))?;
    lang::check(&file).map_err(|d| diagnostic(&d, show))?;
    Ok(file)
}
