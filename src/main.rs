//! The `nimcert` command line: parse, call the library, print.

mod cli;

use std::process::ExitCode;

/// mimalloc instead of the system allocator: paper B's audit builds and
/// drops millions of small structure diagrams, and spent about 45% of its
/// time in glibc's malloc and free (measured with perf, docs/DEPENDENCIES.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

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
