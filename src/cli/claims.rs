//! `nimcert claims check FILE…` (docs/CLAIMS.md).

use super::claim_files::{load, ClaimFileLimits, Show};
use super::output::print;
use super::CliError;
use clap::{Args, Subcommand};
use nimcert::audit::report::plural;
use std::path::PathBuf;
use std::process::ExitCode;

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
        let n = ids.len() as u64;
        let count = format!("{n} {}", plural(n, "claim", "claims"));
        out += &format!(
            "{}: {count}, parsed and type-checked: {}\n",
            path.display(),
            ids.join(", ")
        );
    }
    print(&out)?;
    Ok(ExitCode::SUCCESS)
}
