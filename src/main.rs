//! The `nimcert` command line: parse, call the library, print.

mod cli;

use std::process::ExitCode;

/// mimalloc instead of the system allocator: paper B's audit builds and
/// drops millions of small structure diagrams, and spent about 45% of its
/// time in glibc's malloc and free (measured with perf, docs/DEPENDENCIES.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    cli::guard_standard_streams();
    clean_up_on_signals();
    let args = match cli::parse() {
        Ok(args) => args,
        Err(code) => return code,
    };
    match cli::run(args) {
        Ok(code) => code,
        Err(error) => {
            cli::warn(&format!("nimcert: {error}"));
            for line in error.context() {
                cli::warn(line);
            }
            ExitCode::from(error.exit_code())
        }
    }
}

/// On SIGINT, SIGTERM or SIGHUP (Ctrl-C, `kill`, a closed terminal, a
/// Slurm time limit): removes the temporary files being written (see
/// [`nimcert::io::remove_live_temporaries`]), says so in one line on
/// stderr, and exits with 128 + the signal's number (130, 143, 129), the
/// status a shell reports for a process the signal ended. Finished files
/// stay, so a sweep started again resumes. When the handler cannot be
/// installed the signals keep their default action (no clean-up).
fn clean_up_on_signals() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let mut signals = match signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) {
        Ok(signals) => signals,
        Err(e) => {
            cli::warn(&format!("nimcert: cannot handle signals ({e})"));
            return;
        }
    };
    let spawned = std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            if let Some(signal) = signals.forever().next() {
                nimcert::io::remove_live_temporaries();
                let name = match signal {
                    SIGINT => "SIGINT",
                    SIGTERM => "SIGTERM",
                    _ => "SIGHUP",
                };
                let status = 128 + signal;
                cli::warn(&format!(
                    "nimcert: stopped by {name}, exit {status}; unfinished files removed"
                ));
                std::process::exit(status);
            }
        });
    if let Err(e) = spawned {
        cli::warn(&format!("nimcert: cannot handle signals ({e})"));
    }
}
