//! The `nimcert` command line: parse, call the library, print.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args = match cli::parse() {
        Ok(args) => args,
        Err(code) => return code,
    };
    match cli::run(args) {
        Ok(code) => code,
        Err(error) => {
            cli::warn(&format!("nimcert: {error}"));
            ExitCode::from(error.exit_code())
        }
    }
}
