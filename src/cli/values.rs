//! `nimcert values`: G of an octal game or of Grundy's game on [0, N) by
//! rare values, for N in the tens of millions, resumable, with the
//! sparse-space statistics and the published figures compared
//! (`nimcert::octal::long_run`).

use super::output::{print, render, Format};
use super::progress::{bar, Ticker};
use super::CliError;
use clap::Args;
use nimcert::octal::long_run::{self, LongGame, RunError, RunOptions, RunSummary};
use serde::Serialize;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

/// The long help after the options.
const VALUES_HELP: &str = concat!(
    "GAME is an octal or hexadecimal code (0.6 for Officers, 4.07, 0.F; see\n\
`nimcert octal --help`) or `grundy` for Grundy's game (split a heap into\n\
two unequal heaps, OEIS A002188).\n\
\n\
G is computed on [0, N) by the mex rule with rare values (sparse space):\n\
the mask only orders the work, never changes a value. Printed: the largest\n\
value and where it first occurs, the mask and the rare positions (as\n\
A. Flammenkamp's tables give them), whether a period shows on the prefix,\n\
and the comparison with the published terms nimcert knows (OEIS A002188\n\
and Flammenkamp's sparse values for Grundy's game, A046695 for 0.6).\n\
\n\
A period found for an octal code is proved by the Octal Periodicity\n\
Theorem (exit 0). None found is an open statement, exit 3: 'no period\n\
below N' says that G on [0, N) is not p-periodic from any q with\n\
2(q + p) + t + 1 ≤ N, nothing beyond N (raise --to). For Grundy's game a\n\
pattern on the prefix would not be a proof (the theorem does not cover\n\
unequal splits): exit 3 too. A published value that differs: exit 1.\n\
\n\
--state FILE keeps the values (4 bytes a heap size plus a header with a\n\
checksum), written every --every heap sizes and at the end; a run with an\n\
existing FILE of the same game resumes from it (Ctrl-C and run again).\n\
Progress on stderr when it is a terminal.\n\
\n\
Measured (2-core VM, release build, 2026-12-02): see docs/RECORD.md.\n\
\n",
    super::exit_status!()
);

/// The most heap sizes one run computes: 2^28 (1 GiB of values).
const MAX_TO: u64 = 1 << 28;

/// Arguments of `nimcert values`.
#[derive(Args)]
#[command(after_help = super::exit_status!(), after_long_help = VALUES_HELP)]
pub struct ValuesArgs {
    /// The game: an octal code (0.6) or `grundy`.
    game: String,
    /// Compute G on [0, N) (at most 2^28).
    #[arg(long, value_parser = super::limits::count)]
    to: u64,
    /// Keep the values in this file and resume from it.
    #[arg(long)]
    state: Option<PathBuf>,
    /// With --state: write it every this many heap sizes.
    #[arg(long, value_parser = super::limits::count, default_value_t = 1 << 22)]
    every: u64,
    /// Give up after looking at this many pairs of heaps (exit 3; the
    /// state file keeps what was computed).
    #[arg(long, value_parser = super::limits::count, default_value_t = u64::MAX)]
    max_work: u64,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
    /// Print every rare position (the text lists the first 40).
    #[arg(long)]
    full: bool,
}

/// The machine-readable result.
#[derive(Serialize)]
struct ValuesReport {
    #[serde(flatten)]
    summary: RunSummary,
    /// "periodic (proved)", "pattern on the prefix (not proved)" or "open".
    status: &'static str,
}

pub fn run(args: ValuesArgs) -> Result<ExitCode, CliError> {
    let game = LongGame::parse(&args.game).map_err(CliError::input)?;
    if args.to > MAX_TO {
        return Err(CliError::input(format!(
            "--to {} is over 2^28 heap sizes (1 GiB of values)",
            args.to
        )));
    }
    if let Some(path) = &args.state {
        super::output::check_output_file(path)?;
    }
    let progress = bar(args.to, "values");
    // Without a terminal (a log, a batch job) the bar is hidden: a line
    // every few seconds instead.
    let ticker = Ticker::new(args.to, "values", "heap sizes");
    let options = RunOptions {
        to: args.to,
        state: args.state.as_deref(),
        every: args.every,
        max_work: args.max_work,
    };
    let summary = long_run::run(&game, &options, &mut |n| {
        progress.set_position(n);
        ticker.set(n);
    });
    drop(ticker);
    progress.finish_and_clear();
    let summary = summary.map_err(|e| match e {
        RunError::Input(m) => CliError::input(m),
        RunError::Io(m) => CliError::io(m),
        RunError::Work { computed } => CliError::limit(
            "--max-work",
            format!(
                "{game}: stopped after {} pairs of heaps at n = {computed}",
                args.max_work
            ),
        ),
    })?;
    let differs = summary
        .published
        .iter()
        .any(|c| c.first_difference.is_some());
    let status = match summary.period {
        Some(_) if summary.period_proved => "periodic (proved)",
        Some(_) => "pattern on the prefix (not proved)",
        None => "open",
    };
    let report = ValuesReport { summary, status };
    print(&render(&report, args.format, || text(&report, args.full)))?;
    if differs {
        return Err(CliError::new(
            1,
            format!("{game}: a published value differs from G (see above)"),
        ));
    }
    match report.summary.period {
        Some(_) if report.summary.period_proved => Ok(ExitCode::SUCCESS),
        Some((q, p)) => Err(CliError::limit(
            "--to",
            format!(
                "{game}: G on [0, {}) is {p}-periodic from {q}, a pattern not proved (the \
                 periodicity theorem does not cover this game)",
                report.summary.computed
            ),
        )),
        None => Err(CliError::limit(
            "--to",
            format!(
                "{game}: no period below {}: open (G on [0, N) is p-periodic from no q with \
                 2(q + p) + t + 1 ≤ N)",
                report.summary.computed
            ),
        )),
    }
}

/// The text report.
fn text(report: &ValuesReport, full: bool) -> String {
    let s = &report.summary;
    let mut out = String::new();
    let name = if s.game == "grundy" {
        "grundy (Grundy's game: split a heap into two unequal heaps)".to_string()
    } else {
        s.game.clone()
    };
    let _ = writeln!(out, "game             {name}");
    let resumed = match s.resumed_from {
        0 => String::new(),
        n => format!(" (resumed from {n})"),
    };
    let _ = writeln!(out, "computed         G on [0, {}){resumed}", s.computed);
    let _ = writeln!(
        out,
        "largest value    {} (first at n = {})",
        s.largest, s.largest_at
    );
    match s.mask {
        Some(mask) => {
            let parity = s
                .position_parity
                .map_or(String::new(), |f| format!(", position parity f = {f}"));
            let _ = writeln!(out, "sparse space     mask {mask:#b}{parity}");
            let last = s.rare.last().map_or(0, |&(n, _)| n);
            let _ = writeln!(
                out,
                "rare positions   {} in [1, {}), the last at n = {last}",
                s.rare.len(),
                s.computed
            );
            let shown = if full {
                s.rare.len()
            } else {
                s.rare.len().min(40)
            };
            let list: Vec<String> = s.rare[..shown]
                .iter()
                .map(|(n, v)| format!("G({n}) = {v}"))
                .collect();
            let more = match s.rare.len() - shown {
                0 => String::new(),
                k => format!(", … ({k} more; --full)"),
            };
            let _ = writeln!(out, "                 {}{more}", list.join(", "));
        }
        None => {
            let _ = writeln!(out, "sparse space     none chosen (too few positions)");
        }
    }
    let period = match s.period {
        Some((q, p)) if s.period_proved => {
            format!("q = {q}, p = {p} (proved by the Octal Periodicity Theorem)")
        }
        Some((q, p)) => format!("q = {q}, p = {p} on the prefix only (not proved)"),
        None => format!("none below {}: open", s.computed),
    };
    let _ = writeln!(out, "period           {period}");
    for c in &s.published {
        let verdict = match (c.compared, c.first_difference) {
            (0, _) => "not reached".to_string(),
            (k, None) => format!("{k} values agree"),
            (_, Some((n, published, computed))) => {
                format!("DIFFERS at n = {n}: published {published}, computed {computed}")
            }
        };
        let _ = writeln!(out, "published        {}: {verdict}", c.source);
    }
    out
}
