//! Output helpers shared by the subcommands: formats, moves arguments,
//! printing, and output paths checked before the work and written
//! atomically.

use super::CliError;
use clap::ValueEnum;
use nimcert::moves::MoveSet;
use std::io::Write;
use std::path::Path;

/// How many entries a JSON/RON list keeps without `--full` (the report
/// then says `truncated: true`).
pub const LIST_ENTRIES: usize = 10_000;

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

/// Prints to stdout. Output that cannot be written (a closed pipe, a full
/// disk, `> /dev/full`) is an error, exit 4: nothing unwritten ends in 0.
pub fn print(text: &str) -> Result<(), CliError> {
    print_bytes(text.as_bytes())
}

/// [`print`] for bytes.
pub fn print_bytes(bytes: &[u8]) -> Result<(), CliError> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    out.write_all(bytes)
        .and_then(|()| out.flush())
        .map_err(|e| CliError::io(format!("standard output: {e}")))
}

/// Checks, before any work, that `path` can be written as a file (its
/// folder exists, it is not a device, pipe, folder or link, a file can be
/// created beside it): exit 4 otherwise (see [`nimcert::io::check_output_file`]).
pub fn check_output_file(path: &Path) -> Result<(), CliError> {
    nimcert::io::check_output_file(path)
        .map_err(|e| CliError::io(format!("{}: {e}", path.display())))
}

/// Checks, before any work, that `dir` can hold output files (an existing
/// folder, or a new one whose parent exists; created here): exit 4
/// otherwise. Returns whether it was created.
pub fn prepare_dir(dir: &Path) -> Result<bool, CliError> {
    nimcert::io::prepare_dir(dir).map_err(|e| CliError::io(format!("{}: {e}", dir.display())))
}

/// Writes `text` to `path` atomically (see [`nimcert::io::write_atomically`]);
/// exit 4 when it cannot.
pub fn write_atomically(path: &Path, text: &str) -> Result<(), CliError> {
    write_bytes(path, text.as_bytes())
}

/// [`write_atomically`] for bytes.
pub fn write_bytes(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    nimcert::io::write_atomically(path, bytes)
        .map_err(|e| CliError::io(format!("{}: {e}", path.display())))
}

/// Runs `work` with the folder `dir` prepared ([`prepare_dir`]); when the
/// folder was created here and `work` fails, removes it again if it is
/// still empty, so that a failed command leaves nothing behind.
pub fn in_new_dir<T>(
    dir: &Path,
    work: impl FnOnce() -> Result<T, CliError>,
) -> Result<T, CliError> {
    let created = prepare_dir(dir)?;
    let result = work();
    if result.is_err() && created {
        let _ = std::fs::remove_dir(dir);
    }
    result
}
