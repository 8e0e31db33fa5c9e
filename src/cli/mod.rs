//! Subcommands of `nimcert`. Each submodule parses its own arguments and
//! prints; the mathematics lives in the library.

mod avoid;
mod certify;
mod output;
mod solve;

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
    /// Avoidance games DNG(S, W) on convex geometries (paper B).
    Avoid(avoid::AvoidArgs),
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
        Command::Avoid(args) => avoid::run(args),
    }
}
