//! Reading claim files on the command line (`claims check`, `audit
//! --claims`): the flags bounding them, one flattened clap
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
    /// `FILE:LINE:COL: message`, then the source line, a caret under the column and
    /// a hint for a common slip (`claims check` and `audit --claims`, for
    /// the one editing the file).
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
        Show::Caret => {
            let rendered = d.render();
            let mut lines: Vec<String> = rendered
                .lines()
                .skip(1)
                .map(|l| format!("    {l}"))
                .collect();
            if let Some(hint) = hint(d) {
                lines.push(format!("hint: {hint}"));
            }
            error.with_context(lines)
        }
    }
}

/// A hint for a slip the message alone does not name: a single `=` in an
/// expression, where `==` (equality) was meant.
fn hint(d: &lang::Diagnostic) -> Option<&'static str> {
    // The value after the TOML key's `=`.
    let (_, value) = d.source_line.split_once('=')?;
    let chars: Vec<char> = value.chars().collect();
    let lone = (0..chars.len()).any(|i| {
        let around = |j: Option<usize>| j.and_then(|j| chars.get(j)).copied();
        chars[i] == '='
            && !matches!(around(i.checked_sub(1)), Some('=' | '<' | '>' | '!'))
            && around(Some(i + 1)) != Some('=')
    });
    (lone && d.message.contains("expected"))
        .then_some("`=` is not a comparison in the claim language: write `==` for equality")
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
