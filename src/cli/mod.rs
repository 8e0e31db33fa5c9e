//! Subcommands of `nimcert`. Each submodule parses its own arguments and
//! prints; the mathematics lives in the library.

mod atlas;
mod audit;
mod avoid;
mod certify;
mod draw;
mod output;
mod progress;
mod solve;
mod sweep;

use clap::{Parser, Subcommand};
use std::fmt;
use std::process::ExitCode;

/// nimcert: audits published results about impartial games with
/// machine-checkable certificates that `nimcheck` re-validates.
///
/// Exit status: 0 success; 1 a prediction or statement disagrees with
/// computation; 2 bad input; 3 no period found within --max-positions.
#[derive(Parser)]
#[command(name = "nimcert", version, about, long_about)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Nim-sequence of a subtraction game: least pre-period, least period,
    /// values and P-positions.
    Solve(solve::SolveArgs),
    /// Write a certificate for a subtraction game, for `nimcheck`.
    Certify(certify::CertifyArgs),
    /// Audit every registered statement of papers A and B.
    #[command(long_about = audit::LONG_ABOUT)]
    Audit(audit::AuditArgs),
    /// Sweep three-move games: classify, compare with the engine, count.
    ///
    /// Enumerates triples {a, b, c}, classifies each by paper A, compares the
    /// covering statement's prediction with the engine, and prints counts by
    /// class and the least-period distribution. Exit status 1 when any
    /// prediction disagrees with the engine.
    ///
    /// A big sweep as a job array: run `nimcert sweep ... --shard $K/$N --out
    /// DIR` for K = 0..N−1 (a Slurm array `--array=0-15` with
    /// K=$SLURM_ARRAY_TASK_ID, or `seq 0 15 | parallel nimcert sweep ...
    /// --shard {}/16 --out DIR`), then `nimcert merge DIR/result-*.json`.
    /// A sweep with --out that is killed resumes where it stopped when
    /// started again with the same arguments.
    Sweep(sweep::SweepArgs),
    /// Merge the results of sweep shards into one result.
    Merge(sweep::MergeArgs),
    /// Avoidance games DNG(S, W) on convex geometries (paper B).
    Avoid(avoid::AvoidArgs),
    /// Atlas of paper A for a fixed a: one cell per (b, c), coloured by the
    /// covering statement, least period or pre-period (SVG or PNG).
    Atlas(atlas::AtlasArgs),
    /// Draw one three-move game: the circle of residues with the angle and
    /// the admissible arcs, and the value word of one period (SVG or PNG).
    Draw(draw::DrawArgs),
}

/// A failure with its exit status.
#[derive(Debug)]
pub struct CliError {
    message: String,
    code: u8,
}

impl CliError {
    /// Bad input: exit 2.
    pub fn input(message: impl fmt::Display) -> Self {
        CliError {
            message: message.to_string(),
            code: 2,
        }
    }

    /// No period within the bound: exit 3.
    pub fn no_period(message: impl fmt::Display) -> Self {
        CliError {
            message: message.to_string(),
            code: 3,
        }
    }

    /// Could not write output: exit 2.
    pub fn io(message: impl fmt::Display) -> Self {
        CliError {
            message: message.to_string(),
            code: 2,
        }
    }

    /// The process exit status.
    pub fn exit_code(&self) -> u8 {
        self.code
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Runs one subcommand.
pub fn run(cli: Cli) -> Result<ExitCode, CliError> {
    match cli.command {
        Command::Solve(args) => solve::run(args),
        Command::Certify(args) => certify::run(args),
        Command::Audit(args) => audit::run(args),
        Command::Sweep(args) => sweep::run(args),
        Command::Merge(args) => sweep::merge(args),
        Command::Avoid(args) => avoid::run(args),
        Command::Atlas(args) => atlas::run(args),
        Command::Draw(args) => draw::run(args),
    }
}
