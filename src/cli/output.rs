//! Output helpers shared by the subcommands: formats, moves arguments,
//! writing files atomically.

use super::CliError;
use clap::ValueEnum;
use nimcert::engine::{self, Periodicity};
use nimcert::moves::MoveSet;
use std::io::Write;
use std::path::Path;

/// Output format.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Human-readable text.
    #[default]
    Text,
    /// One JSON object.
    Json,
    /// Rusty Object Notation.
    Ron,
}

/// Renders a report: `text` for the text format, else the report itself as
/// pretty JSON or RON, each ending in a newline.
pub fn render<T: serde::Serialize>(
    report: &T,
    format: Format,
    text: impl FnOnce() -> String,
) -> String {
    match format {
        Format::Text => text(),
        Format::Json => serde_json::to_string_pretty(report).expect("serializable") + "\n",
        Format::Ron => {
            ron::ser::to_string_pretty(report, ron::ser::PrettyConfig::new().compact_arrays(true))
                .expect("serializable")
                + "\n"
        }
    }
}

/// Joins the words of a moves argument (`2,5,7` or `2 5 7`) and parses them.
pub fn parse_moves(words: &[String]) -> Result<MoveSet, CliError> {
    MoveSet::parse(&words.join(" ")).map_err(CliError::input)
}

/// Solves a game or reports that no period was found within the bound.
pub fn solve_game(moves: &MoveSet, max_positions: u64) -> Result<Periodicity, CliError> {
    engine::solve(moves, max_positions).map_err(|e| CliError::no_period(format!("{moves}: {e}")))
}

/// Prints to stdout; a closed pipe ends output quietly.
pub fn print(text: &str) {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let _ = out.write_all(text.as_bytes());
}

/// Writes `text` to `path` atomically (see [`nimcert::io::write_atomically`]).
pub fn write_atomically(path: &Path, text: &str) -> Result<(), CliError> {
    nimcert::io::write_atomically(path, text.as_bytes())
        .map_err(|e| CliError::io(format!("{}: {e}", path.display())))
}
