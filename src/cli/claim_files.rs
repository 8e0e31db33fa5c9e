//! Reading claim files on the command line (`claims check`, `audit
//! --claims`; issue 22): the flags bounding them, one flattened clap
//! struct, and how a claim file's error is shown. The reading itself is
//! [`nimcert::audit::file::load`].

use super::CliError;
use clap::Args;
use nimcert::audit::file::LoadError;
use nimcert_claims as lang;
use std::path::PathBuf;

/// The bounds on reading claim files, shared by `claims check` and
/// `audit --claims`.
#[derive(Args, Clone, Debug)]
pub struct ClaimFileLimits {
    /// Refuse a claim file larger than this many bytes (exit 3).
    #[arg(long, value_name = "BYTES", value_parser = super::limits::count, default_value_t = 4 << 20)]
    max_claim_bytes: u64,
    /// Refuse a claim file with more than this many entries (exit 3).
    #[arg(long, value_name = "N", value_parser = super::limits::count, default_value_t = 10_000)]
    max_claims: u64,
}

/// How an error in a claim file is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Show {
    /// One line `FILE:LINE:COL: message` (the audit: one line, as every
    /// error of nimcert).
    Line,
    /// That line, then the source line and a caret under the column
    /// (`claims check`, for the one editing the file).
    Caret,
}

/// A claim file's error: its one line `FILE:LINE:COL: message`, and with
/// [`Show::Caret`] the source line and a caret under the column.
fn diagnostic(d: &lang::Diagnostic, show: Show) -> CliError {
    let error = match d.kind {
        lang::DiagKind::Input => CliError::input(d.one_line()),
        lang::DiagKind::Limit { flag } => CliError::limit(flag, d.one_line()),
    };
    match show {
        Show::Line => error,
        Show::Caret => {
            let rendered = d.render();
            error.with_context(rendered.lines().skip(1).map(|l| format!("    {l}")))
        }
    }
}

/// Reads, parses and type-checks every file ([`nimcert::audit::file::load`]);
/// an error is shown as `show` says.
pub fn load(
    paths: &[PathBuf],
    limits: &ClaimFileLimits,
    show: Show,
) -> Result<Vec<(PathBuf, lang::ClaimFile)>, CliError> {
    let parse_limits = lang::ParseLimits {
        max_bytes: usize::try_from(limits.max_claim_bytes).unwrap_or(usize::MAX),
        max_claims: usize::try_from(limits.max_claims).unwrap_or(usize::MAX),
    };
    nimcert::audit::file::load(paths, &parse_limits).map_err(|e| match e {
        LoadError::Io(m) => CliError::io(m),
        LoadError::TooLarge(m) => CliError::limit(lang::FLAG_MAX_BYTES, m),
        LoadError::Duplicate(m) => CliError::input(m),
        LoadError::Claim(d) => diagnostic(&d, show),
    })
}
