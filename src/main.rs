//! The `nimcert` command line: parse, call the library, print.

mod cli;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match cli::run(args) {
        Ok(code) => code,
        Err(error) => {
            cli::warn(&format!("nimcert: {error}"));
            ExitCode::from(error.exit_code())
        }
    }
}
