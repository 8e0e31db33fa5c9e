//! Subcommands of `nimcert`. Each submodule parses its own arguments and
//! prints; the mathematics lives in the library.

/// The exit-status table, the same for every subcommand (and for
/// `nimcheck`); printed at the end of every `--help` and in docs/GUIDE.md, "Exit status".
/// A macro, so that help texts can `concat!` it.
macro_rules! exit_status {
    () => {
        "Exit status (every nimcert and nimcheck command):\n  \
         0  success\n  \
         1  a claim is false: a rejected certificate, a failing statement not in the\n     \
         baseline, a formula or prediction that disagrees with computation\n  \
         2  bad input (arguments or file contents), or undecided\n  \
         3  a limit reached; the message names the flag that raises it\n  \
         4  an I/O or environment error: a file that cannot be read or written\n     \
         (missing folder, not a regular file, disk full, closed output)"
    };
}
pub(crate) use exit_status;

mod atlas;
mod audit;
mod avoid;
mod campaign;
mod certify;
mod claim_files;
mod claims;
mod completions;
mod draw;
mod export;
mod family;
mod limits;
mod octal;
mod octal_sweep;
mod output;
mod progress;
mod solve;
mod sweep;
mod values;

use clap::{Parser, Subcommand};
use std::fmt;
use std::process::ExitCode;

/// nimcert: audits published results about impartial games with
/// machine-checkable certificates that `nimcheck` re-validates.
#[derive(Parser)]
#[command(name = "nimcert", version, about, long_about, after_help = exit_status!())]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Nim-sequence of a subtraction game: least pre-period, least period,
    /// values and P-positions.
    Solve(solve::SolveArgs),
    /// Write a certificate for a subtraction game (or, with --octal, an
    /// octal game), for `nimcheck`.
    Certify(certify::CertifyArgs),
    /// Nim-sequence of an octal (take-and-break) game such as 0.07 or 0.77:
    /// least pre-period and period, proved by the Octal Periodicity Theorem.
    Octal(octal::OctalArgs),
    /// Solve every octal code of given lengths (sharding, resume and
    /// certificates as for `sweep`).
    OctalSweep(octal_sweep::OctalSweepArgs),
    /// G of an octal game or of Grundy's game on [0, N) for large N by rare
    /// values: resumable, with the sparse-space statistics and the
    /// published figures compared.
    Values(values::ValuesArgs),
    /// Audit every registered statement of papers A and B, or the claims
    /// of claim files (--claims).
    #[command(long_about = audit::LONG_ABOUT)]
    Audit(audit::AuditArgs),
    /// Claim files: statements about subtraction and octal games written
    /// by users (docs/CLAIMS.md); `claims check` parses and type-checks.
    Claims(claims::ClaimsArgs),
    /// Sweep three-move games: classify, compare with the engine, count.
    ///
    /// Enumerates triples {a, b, c}, classifies each by paper A, compares the
    /// covering statement's prediction with the engine, and prints counts by
    /// class and the least-period distribution. Exit status 1 when any
    /// prediction disagrees with the engine.
    ///
    /// A big sweep as a job array: run `nimcert sweep ... --shard $K/$N --out
    /// DIR` for K = 0..N−1 (a Slurm array `--array=0-15` with
    /// K=$SLURM_ARRAY_TASK_ID, or `seq 0 15 | parallel nimcert sweep ...
    /// --shard {}/16 --out DIR`), then `nimcert merge DIR/result-*.json`.
    /// A sweep with --out that is killed resumes where it stopped when
    /// started again with the same arguments. SIGINT, SIGTERM or SIGHUP
    /// (Ctrl-C, a Slurm time limit) stop any command cleanly: the files
    /// being written are removed and the exit status is 128 + the signal.
    Sweep(sweep::SweepArgs),
    /// Merge the results of sweep shards into one result.
    Merge(sweep::MergeArgs),
    /// Avoidance games DNG(S, W) on convex geometries (paper B).
    Avoid(avoid::AvoidArgs),
    /// Atlas of paper A for a fixed a: one cell per (b, c), coloured by the
    /// covering statement, least period or pre-period (SVG, PNG or PDF).
    Atlas(atlas::AtlasArgs),
    /// Draw one three-move game: the circle of residues with the angle and
    /// the admissible arcs, and the value word of one period (SVG, PNG or PDF).
    Draw(draw::DrawArgs),
    /// Export certificates for other proof checkers (Coq: docs/FORMAL.md).
    Export(export::ExportArgs),
    /// Paper A for every c: one family certificate per class c ≡ ρ
    /// (mod a + b), checked by nimcheck (docs/FAMILIES.md).
    #[command(long_about = None)]
    Family(family::FamilyArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish,
    /// powershell).
    Completions(completions::CompletionsArgs),
    /// Print the manual page, or write one per command into a folder.
    Man(completions::ManArgs),
}

/// A failure with its exit status (see [`exit_status!`]). Its message is
/// one line of at most [`MESSAGE_CHARS`] characters, whatever it quotes.
#[derive(Debug)]
pub struct CliError {
    message: String,
    code: u8,
    /// Lines printed after the message: the source line and a caret under
    /// the column of a claim file's error.
    context: Vec<String>,
}

/// The longest error message (longer ones are cut with `…`).
pub const MESSAGE_CHARS: usize = 400;

/// The widest padded column of a table printed for a terminal: a longer
/// cell overruns its line (a format width of 65,536 or more would panic).
pub const MAX_COLUMN: usize = 200;

impl CliError {
    fn new(code: u8, message: impl fmt::Display) -> Self {
        CliError {
            message: nimcert::moves::one_line(&message.to_string(), MESSAGE_CHARS),
            code,
            context: Vec::new(),
        }
    }

    /// The same error, with lines shown after its message (each cut to
    /// [`MESSAGE_CHARS`]): where in a file it is, with a caret.
    pub fn with_context(mut self, lines: impl IntoIterator<Item = String>) -> Self {
        self.context = lines
            .into_iter()
            .map(|l| nimcert::moves::clip(&l, MESSAGE_CHARS))
            .collect();
        self
    }

    /// The lines shown after the message (see [`CliError::with_context`]).
    pub fn context(&self) -> &[String] {
        &self.context
    }

    /// Bad input (arguments or file contents), or undecided: exit 2.
    pub fn input(message: impl fmt::Display) -> Self {
        Self::new(2, message)
    }

    /// A limit reached: exit 3. The message names `flag`, the flag that
    /// raises the limit (added as "(raise FLAG)" when it does not already).
    pub fn limit(flag: &str, message: impl fmt::Display) -> Self {
        let message = message.to_string();
        if message.contains(flag) {
            Self::new(3, message)
        } else {
            Self::new(3, format!("{message} (raise {flag})"))
        }
    }

    /// A claim found false (a certificate the checker refuses): exit 1.
    pub fn false_claim(message: impl fmt::Display) -> Self {
        Self::new(1, message)
    }

    /// A file that cannot be read or written, a closed output: exit 4.
    pub fn io(message: impl fmt::Display) -> Self {
        Self::new(4, message)
    }

    /// The process exit status.
    pub fn exit_code(&self) -> u8 {
        self.code
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<nimcert::campaign::CampaignError> for CliError {
    fn from(e: nimcert::campaign::CampaignError) -> Self {
        match e {
            nimcert::campaign::CampaignError::Input(m) => CliError::input(m),
            nimcert::campaign::CampaignError::Io(m) => CliError::io(m),
        }
    }
}

pub use output::guard_standard_streams;

/// Writes one line to stderr; a stderr that cannot be written is ignored
/// (there is nowhere left to report it; the exit status still tells).
pub fn warn(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// Runs one subcommand.
pub fn run(cli: Cli) -> Result<ExitCode, CliError> {
    match cli.command {
        Command::Solve(args) => solve::run(args),
        Command::Certify(args) => certify::run(args),
        Command::Octal(args) => octal::run(args),
        Command::OctalSweep(args) => octal_sweep::run(args),
        Command::Values(args) => values::run(args),
        Command::Audit(args) => audit::run(args),
        Command::Claims(args) => claims::run(args),
        Command::Sweep(args) => sweep::run(args),
        Command::Merge(args) => sweep::merge(args),
        Command::Avoid(args) => avoid::run(args),
        Command::Atlas(args) => atlas::run(args),
        Command::Draw(args) => draw::run(args),
        Command::Export(args) => export::run(args),
        Command::Family(args) => family::run(args),
        Command::Completions(args) => completions::completions(args),
        Command::Man(args) => completions::man(args),
    }
}

/// Parses the command line. A parse error reads like every other error,
/// one line `nimcert: …` (clap's message, tip and usage joined), exit 2
/// (exit 4 when it is clap failing to write); `--help` and `--version`
/// print to standard output, exit 0, or exit 4 when it cannot be written.
/// `nimcert` alone prints the help on stderr after a one-line error, exit 2.
pub fn parse() -> Result<Cli, ExitCode> {
    use clap::error::ErrorKind;
    let error = match Cli::try_parse() {
        Ok(cli) => return Ok(cli),
        Err(error) => error,
    };
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            // clap prints (styled on a terminal) and flushes; output that
            // cannot be written is exit 4, as everywhere.
            if let Err(e) = output::stdout_writable() {
                warn(&format!("nimcert: {e}"));
                return Err(ExitCode::from(e.exit_code()));
            }
            let written = error.print().and_then(|()| {
                use std::io::Write;
                std::io::stdout().flush()
            });
            Err(match written {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    warn(&format!("nimcert: standard output: {e}"));
                    ExitCode::from(4)
                }
            })
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            warn(&format!(
                "nimcert: a command is required (see below)\n\n{}",
                error.render().to_string().trim_end()
            ));
            Err(ExitCode::from(2))
        }
        kind => {
            let error = clap_error(&error.render().to_string(), kind);
            warn(&format!("nimcert: {error}"));
            Err(ExitCode::from(error.exit_code()))
        }
    }
}

/// A clap error in nimcert's style: its text without the leading `error: `,
/// its lines joined into one (see [`CliError`]); exit 4 for clap's own I/O
/// and formatting failures, 2 for every usage error.
fn clap_error(rendered: &str, kind: clap::error::ErrorKind) -> CliError {
    let message = rendered.trim_start();
    let message = message.strip_prefix("error: ").unwrap_or(message);
    // One line: clap's lines joined by "; ", or by a space after a colon
    // ("required arguments were not provided: <MOVES>...").
    let mut line = String::new();
    for part in message.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if !line.is_empty() {
            line += if line.ends_with(':') { " " } else { "; " };
        }
        line += part;
    }
    let message = line;
    match kind {
        clap::error::ErrorKind::Io | clap::error::ErrorKind::Format => CliError::io(message),
        _ => CliError::input(message),
    }
}
