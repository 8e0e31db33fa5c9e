//! `nimcert claims check FILE…` and the reading of claim files for `nimcert
//! audit --claims` (issue 22; docs/CLAIMS.md).

use super::output::print;
use super::CliError;
use clap::{Args, Subcommand};
use nimcert::audit::file::LoadError;
use nimcert_claims as lang;
use std::path::PathBuf;
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

/// Reads, parses and type-checks every file ([`nimcert::audit::file::load`]);
/// an error is shown as `show` says.
pub fn load(
    paths: &[PathBuf],
    limits: &ClaimFileLimits,
    show: Show,
) -> Result<Vec<(PathBuf, lang::ClaimFile)>, CliError> {
    let parse_limits = lang::ParseLimits {
        max_bytes: usize::try_from(limits.max_claim_bytes).unwrap_or(usize::MAX),
        max_claims: usize::try_from(limits.max_claims).unwrap_or(usize::MAX),
    };
    nimcert::audit::file::load(paths, &parse_limits).map_err(|e| match e {
        LoadError::Io(m) => CliError::io(m),
        LoadError::TooLarge(m) => CliError::limit(lang::FLAG_MAX_BYTES, m),
        LoadError::Duplicate(m) => CliError::input(m),
        LoadError::Claim(d) => diagnostic(&d, show),
    })
}
