//! `nimcert solve`.

use super::output::{parse_moves, print, solve_game, Format};
use super::CliError;
use clap::Args;
use nimcert::engine::{Periodicity, DEFAULT_MAX_POSITIONS};
use serde::Serialize;
use std::fmt::Write;
use std::process::ExitCode;

/// Arguments of `nimcert solve`.
#[derive(Args)]
pub struct SolveArgs {
    /// The moves, as `2,5,7` or `2 5 7` (any order, positive, distinct).
    #[arg(required = true, num_args = 1..)]
    moves: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
    /// Give up after computing this many positions (exit 3).
    #[arg(long, default_value_t = DEFAULT_MAX_POSITIONS)]
    max_positions: u64,
}

/// The machine-readable result of `solve`.
#[derive(Serialize)]
struct SolveReport {
    moves: Vec<u64>,
    preperiod: u64,
    period: u64,
    values: Vec<u16>,
    p_positions: Vec<u64>,
    outcome_period: u64,
    outcome_preperiod: u64,
}

impl SolveReport {
    fn new(game: &Periodicity) -> Self {
        let outcome = game.outcome();
        SolveReport {
            moves: game.moves.as_slice().to_vec(),
            preperiod: game.qp.preperiod,
            period: game.qp.period,
            values: game.values.clone(),
            p_positions: game.p_positions(),
            outcome_period: outcome.period,
            outcome_preperiod: outcome.preperiod,
        }
    }

    fn text(&self, moves: &str) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "moves            S = {moves}");
        let _ = writeln!(s, "pre-period       q = {}", self.preperiod);
        let _ = writeln!(s, "period           p = {}", self.period);
        let word: String = self.values.iter().map(|&v| digit(v)).collect();
        let (pre, per) = word.split_at(self.preperiod as usize);
        if pre.is_empty() {
            let _ = writeln!(s, "values           ({per})*");
        } else {
            let _ = writeln!(s, "values           {pre} ({per})*");
        }
        let shown: Vec<String> = self.p_positions.iter().map(|x| x.to_string()).collect();
        let _ = writeln!(
            s,
            "P-positions      {} in [0, q + p)",
            shown.join(" ")
        );
        let _ = writeln!(
            s,
            "outcome period   {} (outcome pre-period {})",
            self.outcome_period, self.outcome_preperiod
        );
        s
    }
}

/// One character per value: 0-9, then a-z, then `[n]`.
fn digit(v: u16) -> String {
    match v {
        0..=9 => char::from(b'0' + v as u8).to_string(),
        10..=35 => char::from(b'a' + (v - 10) as u8).to_string(),
        _ => format!("[{v}]"),
    }
}

pub fn run(args: SolveArgs) -> Result<ExitCode, CliError> {
    let moves = parse_moves(&args.moves)?;
    let game = solve_game(&moves, args.max_positions)?;
    let report = SolveReport::new(&game);
    let text = match args.format {
        Format::Text => report.text(&moves.to_string()),
        Format::Json => serde_json::to_string_pretty(&report).expect("serializable") + "\n",
        Format::Ron => {
            ron::ser::to_string_pretty(&report, ron::ser::PrettyConfig::new().compact_arrays(true))
                .expect("serializable")
                + "\n"
        }
    };
    print(&text);
    Ok(ExitCode::SUCCESS)
}
