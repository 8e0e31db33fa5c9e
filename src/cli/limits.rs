//! The budgets every command checks before it works, and the engine run
//! under them.
//!
//! Work is counted in *steps* of about a nanosecond on one core: for the
//! engine, one option looked at by a mex (a game of |S| moves costs |S|
//! steps per position); the sweep and the atlas estimate 64 steps per unit
//! of c per triple ([`nimcert::sweep::WORK_PER_C`]). Memory is bounded by
//! `--max-positions` (2 bytes a position) and by each command's own size
//! flags. A command refuses, with exit 3 and the name of the flag that
//! raises the limit, what its estimate puts over a budget; where the work
//! cannot be known before it is done (the period of a game), the budget
//! becomes the point where the work stops, with the same exit and message.

use super::CliError;
use nimcert::engine::{self, Periodicity};
use nimcert::moves::MoveSet;
use std::path::Path;

/// Default `--max-positions`: 2^28 positions, 512 MiB of values.
pub const DEFAULT_MAX_POSITIONS: u64 = 1 << 28;

/// Default `--max-work`, in steps: 6 × 10^10, about a minute on one core.
pub const DEFAULT_MAX_WORK: u64 = 60_000_000_000;

/// Default `--max-file-bytes` for input files: 16 MiB.
pub const DEFAULT_MAX_FILE_BYTES: u64 = 16 << 20;

/// The most threads `--threads` gives even with `--force-threads`.
pub const MAX_THREADS: usize = 256;

/// The position bound of one game under both budgets, and the flag that
/// binds: `--max-positions`, or `--max-work` divided by |S| (each position
/// costs |S| steps).
pub fn position_limit(moves: &MoveSet, max_positions: u64, max_work: u64) -> (u64, &'static str) {
    let by_work = max_work / moves.len() as u64;
    if by_work < max_positions {
        (by_work, "--max-work")
    } else {
        (max_positions, "--max-positions")
    }
}

/// Solves a game within the budgets. The engine needs more than c
/// positions (c the largest move) before it can find anything, so a bound
/// at or below c is refused at once; otherwise the engine stops at the
/// bound. Either way: exit 3 naming the flag that binds.
pub fn solve_game(
    moves: &MoveSet,
    max_positions: u64,
    max_work: u64,
) -> Result<Periodicity, CliError> {
    let (limit, flag) = position_limit(moves, max_positions, max_work);
    let c = moves.largest();
    if limit <= c {
        return Err(CliError::limit(
            flag,
            format!(
                "{}: the largest move {c} needs more than {limit} positions, the bound that {flag} sets",
                moves.short()
            ),
        ));
    }
    engine::solve(moves, limit).map_err(|_| {
        CliError::limit(
            flag,
            format!(
                "{}: no period found below {limit} positions, the bound that {flag} sets",
                moves.short()
            ),
        )
    })
}

/// Refuses an estimate over a budget: exit 3, naming `flag`.
pub fn within(estimate: u128, budget: u64, flag: &str, what: &str) -> Result<(), CliError> {
    if estimate > u128::from(budget) {
        return Err(CliError::limit(
            flag,
            format!("{what}: estimated {estimate} steps, over {flag} {budget}"),
        ));
    }
    Ok(())
}

/// The number of worker threads: `requested` (default: every core), at
/// most the number of cores unless `force` (and never over
/// [`MAX_THREADS`]). More threads than cores only adds memory and
/// switching, so the cap is silent but reported on stderr when it applies.
pub fn threads(requested: Option<usize>, force: bool) -> Result<usize, CliError> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let Some(n) = requested else {
        return Ok(cores);
    };
    if n == 0 {
        return Err(CliError::input("--threads: must be at least 1"));
    }
    if n > MAX_THREADS {
        return Err(CliError::input(format!(
            "--threads {n}: at most {MAX_THREADS} threads"
        )));
    }
    if n > cores && !force {
        super::warn(&format!(
            "nimcert: --threads {n} capped at the {cores} cores (--force-threads runs {n})"
        ));
        return Ok(cores);
    }
    Ok(n)
}

/// Reads an input file of at most `max_bytes` bytes as text: exit 3
/// naming `flag` when it is longer, exit 4 when it cannot be read.
pub fn read_input(path: &Path, max_bytes: u64, flag: &str) -> Result<String, CliError> {
    nimcert::io::read_text_bounded(path, max_bytes).map_err(|e| match e {
        nimcert::io::ReadError::TooLarge(_) => CliError::limit(
            flag,
            format!(
                "{}: larger than {max_bytes} bytes, the bound that {flag} sets",
                path.display()
            ),
        ),
        nimcert::io::ReadError::NotText => {
            CliError::input(format!("{}: not UTF-8 text", path.display()))
        }
        nimcert::io::ReadError::Io(e) => CliError::io(format!("{}: {e}", path.display())),
    })
}
