//! `nimcert certify`.

use super::output::{parse_moves, print, solve_game, write_atomically};
use super::CliError;
use clap::{Args, ValueEnum};
use nimcert::certify::{pset_certificate, search_provenance, sequence_certificate};
use nimcert::engine::DEFAULT_MAX_POSITIONS;
use std::path::PathBuf;
use std::process::ExitCode;

/// Which claim to certify.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ClaimKind {
    /// The whole nim-sequence: q, p and the values on [0, q + p).
    #[default]
    Sequence,
    /// The P-positions as one block (needs a purely periodic outcome sequence).
    Pset,
}

/// Arguments of `nimcert certify`.
#[derive(Args)]
pub struct CertifyArgs {
    /// The moves, as `2,5,7` or `2 5 7`.
    #[arg(required = true, num_args = 1..)]
    moves: Vec<String>,
    /// Which claim to certify.
    #[arg(long, value_enum, default_value_t)]
    claim: ClaimKind,
    /// Write the certificate here (atomically) instead of to stdout.
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Give up after computing this many positions (exit 3).
    #[arg(long, default_value_t = DEFAULT_MAX_POSITIONS)]
    max_positions: u64,
}

pub fn run(args: CertifyArgs) -> Result<ExitCode, CliError> {
    let moves = parse_moves(&args.moves)?;
    let game = solve_game(&moves, args.max_positions)?;
    let certificate = match args.claim {
        ClaimKind::Sequence => sequence_certificate(&game, search_provenance()),
        ClaimKind::Pset => pset_certificate(&game, search_provenance()).ok_or_else(|| {
            CliError::input(format!(
                "{moves}: the P-positions are not purely periodic (outcome pre-period {}), so no P-set certificate exists; use --claim sequence",
                game.outcome().preperiod
            ))
        })?,
    };
    let text = nimcert::check::to_ron(&certificate);
    match &args.output {
        Some(path) => write_atomically(path, &text)?,
        None => print(&text),
    }
    Ok(ExitCode::SUCCESS)
}
