//! `nimcert-check`: the small trusted checker of nimcert certificates.
//!
//! This crate owns the certificate format ([`format`]) and decides, for each
//! certificate, whether its claim is proved. It shares no code with the
//! solver, uses no `unsafe`, and bounds every size before allocating
//! ([`limits`]). Each acceptance rule is documented with its proof in the
//! module that implements it:
//!
//! - [`sequence`]: the nim-sequence of a subtraction game (recurrence over one
//!   period plus c, prime-divisor minimality, pre-period witness);
//! - [`pset`]: the P-positions of a purely periodic subtraction game as one
//!   block (collision-free join, cover witnesses, minimality).
//!
//! The entry points are [`check_bytes`] (parse and check) and
//! [`check_certificate`].

#![forbid(unsafe_code)]

pub mod avoidance;
pub mod format;
pub mod limits;
mod moves;
mod number;
pub mod pset;
pub mod sequence;

use format::{Certificate, Claim, FORMAT_VERSION};
pub use limits::Limits;
use serde::Deserialize;

/// The checker's answer for one certificate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The claim is proved; the text says what was proved, in words.
    Valid(String),
    /// The claim is false or its proof does not go through; the text names
    /// the first failing position and the reason.
    Invalid(String),
    /// The checker could not decide: unreadable input, a parse error, an
    /// unsupported version, or a size over its limits.
    Undecidable(String),
}

impl Verdict {
    /// Process exit code: 0 valid, 1 invalid, 2 undecidable.
    pub fn exit_code(&self) -> u8 {
        match self {
            Verdict::Valid(_) => 0,
            Verdict::Invalid(_) => 1,
            Verdict::Undecidable(_) => 2,
        }
    }

    /// The explanation.
    pub fn message(&self) -> &str {
        match self {
            Verdict::Valid(m) | Verdict::Invalid(m) | Verdict::Undecidable(m) => m,
        }
    }
}

/// Only the version field, read before the rest so that a certificate of
/// another version is reported as such rather than as a parse error.
#[derive(Deserialize)]
struct VersionProbe {
    format: u32,
}

fn ron_options(limits: &Limits) -> ron::Options {
    ron::Options::default().with_recursion_limit(limits.max_depth)
}

/// Parses a certificate, refusing oversized input before parsing.
pub fn parse(bytes: &[u8], limits: &Limits) -> Result<Certificate, String> {
    if bytes.len() as u64 > limits.max_file_bytes {
        return Err(format!(
            "file of {} bytes exceeds the limit of {} bytes (--max-file-bytes)",
            bytes.len(),
            limits.max_file_bytes
        ));
    }
    let text = std::str::from_utf8(bytes).map_err(|e| format!("not UTF-8: {e}"))?;
    let options = ron_options(limits);
    let unsupported = |version: u32| {
        format!(
            "unsupported format version {version} (this checker reads version {FORMAT_VERSION})"
        )
    };
    // One full parse for a readable certificate (a hostile file near the
    // size limit costs one pass, not two); the version probe runs only when
    // that fails, so that a certificate of another version is reported as
    // such rather than as a parse error.
    match options.from_str::<Certificate>(text) {
        Ok(certificate) if certificate.format == FORMAT_VERSION => Ok(certificate),
        Ok(certificate) => Err(unsupported(certificate.format)),
        Err(e) => match options.from_str::<VersionProbe>(text) {
            Ok(probe) if probe.format != FORMAT_VERSION => Err(unsupported(probe.format)),
            _ => Err(format!("parse error: {e}")),
        },
    }
}

/// Serializes a certificate as pretty RON, the form written to files.
pub fn to_ron(certificate: &Certificate) -> String {
    let pretty = ron::ser::PrettyConfig::new()
        .depth_limit(2)
        .separate_tuple_members(false)
        .compact_arrays(true);
    let mut text = ron::ser::to_string_pretty(certificate, pretty)
        .expect("certificates contain only serializable data");
    text.push('\n');
    text
}

/// Parses and checks one certificate.
pub fn check_bytes(bytes: &[u8], limits: &Limits) -> Verdict {
    match parse(bytes, limits) {
        Ok(certificate) => check_certificate(&certificate, limits),
        Err(reason) => Verdict::Undecidable(reason),
    }
}

/// Checks one parsed certificate.
pub fn check_certificate(certificate: &Certificate, limits: &Limits) -> Verdict {
    if certificate.format != FORMAT_VERSION {
        return Verdict::Undecidable(format!("unsupported format version {}", certificate.format));
    }
    match &certificate.claim {
        Claim::Sequence(claim) => sequence::check(claim, limits),
        Claim::PSet(claim) => pset::check(claim, limits),
        Claim::Avoidance(claim) => avoidance::check(claim, limits),
    }
}

/// Why a claim was not accepted: either it is refused on size
/// (undecidable) or it is wrong (invalid).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Failure {
    TooLarge(String),
    Wrong(String),
}

impl Failure {
    pub(crate) fn into_verdict(self) -> Verdict {
        match self {
            Failure::TooLarge(m) => Verdict::Undecidable(m),
            Failure::Wrong(m) => Verdict::Invalid(m),
        }
    }
}

/// Shorthand for a wrong claim.
pub(crate) fn wrong<T>(message: String) -> Result<T, Failure> {
    Err(Failure::Wrong(message))
}

/// Shorthand for a refused size.
pub(crate) fn too_large<T>(message: String) -> Result<T, Failure> {
    Err(Failure::TooLarge(message))
}
