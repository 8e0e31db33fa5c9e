//! Output helpers shared by the subcommands: formats, moves arguments,
//! printing, output paths (`-` for standard output) checked before the work
//! and written atomically, and the warning for a certificate over
//! nimcheck's default limits.

use super::CliError;
use clap::ValueEnum;
use nimcert::check::format::Certificate;
use nimcert::moves::MoveSet;
use std::io::Write;
use std::os::fd::AsFd;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

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
/// disk, `> /dev/full`, a closed or read-only standard output: see
/// [`guard_standard_streams`]) is an error, exit 4: nothing unwritten ends
/// in 0.
pub fn print(text: &str) -> Result<(), CliError> {
    print_bytes(text.as_bytes())
}

/// [`print`] for bytes.
pub fn print_bytes(bytes: &[u8]) -> Result<(), CliError> {
    stdout_writable()?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    out.write_all(bytes)
        .and_then(|()| out.flush())
        .map_err(|e| CliError::io(format!("standard output: {e}")))
}

/// Whether an output path means standard output: `-`, for every command
/// that writes a file (`certify`, `avoid --certify`, `atlas`, `draw`). A
/// file named `-` is written as `./-`.
pub fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// The file an optional `-o` names: `None` for standard output (no `-o`,
/// or `-o -`).
pub fn file_output(output: Option<PathBuf>) -> Option<PathBuf> {
    output.filter(|path| !is_stdout(path))
}

/// The flag under which a certificate over nimcheck's default limits is
/// written all the same (`certify`, `avoid --certify`).
pub const BEYOND_CHECKER_DEFAULTS: &str = "--beyond-checker-defaults";

/// Why nimcheck, at its default limits, would refuse `certificate`
/// written as `text`: its size over `--max-file-bytes`, a limit its sizes
/// reach (nimcheck's `precheck`), or `found`, one the caller found by
/// checking it in full (an octal claim's work is counted while it is
/// checked); `None` within them all.
pub fn over_checker_defaults(
    certificate: &Certificate,
    text: &str,
    found: Option<String>,
) -> Option<String> {
    let defaults = nimcert::check::Limits::default();
    let bytes = text.len() as u64;
    if bytes > defaults.max_file_bytes {
        return Some(format!(
            "a file of {bytes} bytes, over nimcheck's default --max-file-bytes {}",
            defaults.max_file_bytes
        ));
    }
    found.or_else(|| nimcert::check::precheck(certificate, &defaults).err())
}

/// What nimcert writes at its defaults, nimcheck accepts at its defaults:
/// a certificate over one of nimcheck's default limits (`over`, from
/// [`over_checker_defaults`]) is refused before anything is written (exit
/// 3, naming [`BEYOND_CHECKER_DEFAULTS`] and, for a sequence or an octal
/// game, the smaller certificate that fits); with `beyond` it is written,
/// with a warning naming the nimcheck flag that raises the limit: the
/// line returned, for the caller to print once the certificate is written.
pub fn checker_defaults_admit(
    game: &str,
    kind: &str,
    over: Option<String>,
    beyond: bool,
) -> Result<Option<String>, CliError> {
    let Some(why) = over else {
        return Ok(None);
    };
    let why = nimcert::moves::clip(&why, 200);
    let smaller = match kind {
        "sequence" => ", or certify with --claim periodic (no values listed)",
        "octal" => ", or certify with --no-values (no values listed)",
        _ => "",
    };
    if !beyond {
        return Err(CliError::limit(
            BEYOND_CHECKER_DEFAULTS,
            format!(
                "{game}: nimcheck's default limits would refuse this {kind} certificate ({why}); \
                 nothing was written: write it with {BEYOND_CHECKER_DEFAULTS} and check it with \
                 that nimcheck flag raised{smaller}"
            ),
        ));
    }
    Ok(Some(format!(
        "nimcert: {game}: warning: nimcheck's default limits refuse this {kind} certificate \
         ({why}); it was written ({BEYOND_CHECKER_DEFAULTS}): raise that flag when checking it{smaller}"
    )))
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

/// Why standard output cannot take the report, found by
/// [`guard_standard_streams`] (`None`: it can, or nothing was found).
static STDOUT_UNUSABLE: OnceLock<Option<String>> = OnceLock::new();

/// Run first. Rust's standard library takes a write to a descriptor not
/// open for writing (EBADF) for a success, and its runtime reopens a
/// closed descriptor 0, 1 or 2 as `/dev/null` for reading and writing
/// before `main`, so a report sent to `1</dev/null` or `>&-` would vanish
/// with exit 0. Here standard output is tried with a write of no bytes
/// (EBADF when it is open read-only), and a standard output that is
/// `/dev/null` open for reading and writing is taken as closed (read from
/// `/proc` on Linux; nimcheck applies the same rule). Either is
/// remembered and makes every [`print`] (and `--help`) exit 4. To discard
/// the report and keep the exit status, open `/dev/null` for writing only
/// (`>/dev/null`).
pub fn guard_standard_streams() {
    let probe = std::io::stdout()
        .as_fd()
        .try_clone_to_owned()
        .and_then(|fd| std::fs::File::from(fd).write(&[]));
    let unusable = if stdout_was_closed() {
        Some("standard output is closed; to discard the report, use >/dev/null".to_string())
    } else {
        match probe {
            Err(e) if e.raw_os_error() == Some(EBADF) => {
                Some(format!("standard output: not open for writing ({e})"))
            }
            _ => None,
        }
    };
    let _ = STDOUT_UNUSABLE.set(unusable);
}

/// The errno of a descriptor not open for writing (9 on Linux, macOS and
/// the BSDs).
const EBADF: i32 = 9;

/// Whether standard output was closed when nimcert started: it is then
/// `/dev/null` open for reading and writing (see
/// [`guard_standard_streams`]). Without `/proc` it cannot be told.
fn stdout_was_closed() -> bool {
    const O_ACCMODE: u32 = 0o3; // <asm-generic/fcntl.h>
    const O_RDWR: u32 = 0o2;
    let is_null = std::fs::read_link("/proc/self/fd/1").is_ok_and(|p| p == Path::new("/dev/null"));
    let read_write = || {
        let info = std::fs::read_to_string("/proc/self/fdinfo/1").ok()?;
        let flags = info.lines().find_map(|l| l.strip_prefix("flags:"))?;
        let flags = u32::from_str_radix(flags.trim(), 8).ok()?;
        Some(flags & O_ACCMODE == O_RDWR)
    };
    is_null && read_write().unwrap_or(false)
}

/// Exit 4 when [`guard_standard_streams`] found standard output closed or
/// read-only.
pub fn stdout_writable() -> Result<(), CliError> {
    match STDOUT_UNUSABLE.get() {
        Some(Some(why)) => Err(CliError::io(why)),
        _ => Ok(()),
    }
}
