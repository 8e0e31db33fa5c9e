//! `nimcert-check`: the small trusted checker of nimcert certificates.
//!
//! This crate owns the certificate format ([`format`](mod@format)) and decides, for each
//! certificate, whether its claim is proved. It shares no code with the
//! solver, uses no `unsafe`, and bounds every size before allocating
//! ([`limits`]). Each acceptance rule is documented with its proof in the
//! module that implements it:
//!
//! - [`sequence`]: the nim-sequence of a subtraction game (recurrence over one
//!   period plus c, prime-divisor minimality, pre-period witness), its
//!   values listed or (format 4) packed in one hexadecimal string;
//! - [`pset`]: the P-positions of a purely periodic subtraction game as one
//!   block (collision-free join, cover witnesses, minimality);
//! - [`periodic`]: (format 2) the least pre-period and period of a
//!   nim-sequence without its values, which the checker recomputes by the
//!   mex rule (`mex.rs`), one game or a table of many;
//! - [`octal`]: (format 3) the nim-sequence of an octal (take-and-break)
//!   game 0.d1…dt: the values recomputed by the mex over splits on
//!   [0, 2q + 2p + t + 1), periodicity by the Octal Periodicity Theorem
//!   (Guy–Smith), prime-divisor and pre-period witnesses;
//! - [`preperiodic`]: (format 8) the nim-sequence of {a, b, c} for every
//!   c of a residue class when it has a positive pre-period: blocks of
//!   affine lengths, decided for every k by Lemma S (signatures repeat
//!   with a period in k past a threshold);
//! - [`grundy`]: (format 7) the values of Grundy's game (split a heap
//!   into two unequal heaps) on [0, N), recomputed by the mex rule;
//! - [`avoidance`]: the nim number of an avoidance game on a convex
//!   geometry, through its structure diagram.
//!
//! The entry points are [`check_bytes`] (parse and check),
//! [`check_certificate`], and [`precheck`] (whether the limits admit a
//! certificate, without checking it).
//!
//! Verdicts and exit codes: [`Verdict::Valid`] 0, [`Verdict::Invalid`] 1 (the
//! claim is false or its proof does not go through), [`Verdict::Undecidable`]
//! 2 (bad input, or something this checker cannot decide), and
//! [`Verdict::OverLimit`] 3 (a limit was reached; the message names the
//! `nimcheck` flag that raises it). A limit is never reported as falsity.

#![forbid(unsafe_code)]

// The checker is built for 64-bit targets only. With this assertion every
// `as usize` conversion of a u64 in the checker is lossless (a usize is
// 64 bits wide), which the value store and the index arithmetic rely on;
// a 32-bit build fails here instead of wrapping positions.
const _: () = assert!(
    usize::BITS == 64,
    "nimcert-check needs a 64-bit target: u64 → usize must be lossless"
);

pub mod avoidance;
pub mod family;
pub mod format;
pub mod grundy;
pub mod limits;
mod mex;
mod moves;
mod number;
pub mod octal;
pub mod periodic;
pub mod preperiodic;
pub mod pset;
pub mod sequence;

use format::{Certificate, Claim, FORMAT_VERSION, LATEST_FORMAT_VERSION};
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
    /// unsupported version, or a case this checker cannot handle.
    Undecidable(String),
    /// The certificate is over one of the checker's limits; the text names
    /// the `nimcheck` flag that raises it. Nothing was decided.
    OverLimit(String),
}

impl Verdict {
    /// Process exit code: 0 valid, 1 invalid, 2 undecidable, 3 over a limit.
    pub fn exit_code(&self) -> u8 {
        match self {
            Verdict::Valid(_) => 0,
            Verdict::Invalid(_) => 1,
            Verdict::Undecidable(_) => 2,
            Verdict::OverLimit(_) => 3,
        }
    }

    /// The explanation.
    pub fn message(&self) -> &str {
        match self {
            Verdict::Valid(m)
            | Verdict::Invalid(m)
            | Verdict::Undecidable(m)
            | Verdict::OverLimit(m) => m,
        }
    }
}

/// The longest message a verdict carries, in bytes: longer ones (which
/// could echo a whole list of a hostile file) are cut, saying so.
pub const MAX_MESSAGE_BYTES: usize = 1000;

/// Cuts `message` to at most [`MAX_MESSAGE_BYTES`] bytes plus a note of how
/// much was left out.
pub fn cut(mut message: String) -> String {
    if message.len() <= MAX_MESSAGE_BYTES {
        return message;
    }
    let mut end = MAX_MESSAGE_BYTES;
    while !message.is_char_boundary(end) {
        end -= 1;
    }
    let left = message.len() - end;
    message.truncate(end);
    message.push_str(&format!("... ({left} more bytes)"));
    message
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

/// Why a file could not be parsed: over the size limit (exit 3) or not a
/// certificate this checker reads (exit 2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// Larger than `--max-file-bytes`.
    TooLarge(String),
    /// Not UTF-8, not RON, not a certificate, or an unsupported version.
    Malformed(String),
}

impl ParseError {
    /// The verdict for a file that could not be parsed.
    pub fn into_verdict(self) -> Verdict {
        match self {
            ParseError::TooLarge(m) => Verdict::OverLimit(m),
            ParseError::Malformed(m) => Verdict::Undecidable(cut(m)),
        }
    }
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParseError::TooLarge(m) | ParseError::Malformed(m) => f.write_str(m),
        }
    }
}

/// The message for a file of `bytes` bytes over the limit.
pub fn file_too_large(bytes: u64, limits: &Limits) -> String {
    format!(
        "file of {bytes} bytes exceeds the limit of {} bytes (--max-file-bytes)",
        limits.max_file_bytes
    )
}

/// Parses a certificate, refusing oversized input before parsing. A UTF-8
/// byte order mark at the start is skipped.
pub fn parse(bytes: &[u8], limits: &Limits) -> Result<Certificate, ParseError> {
    if bytes.len() as u64 > limits.max_file_bytes {
        return Err(ParseError::TooLarge(file_too_large(
            bytes.len() as u64,
            limits,
        )));
    }
    let malformed = |m: String| ParseError::Malformed(m);
    let text = std::str::from_utf8(bytes).map_err(|e| malformed(format!("not UTF-8: {e}")))?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let options = ron_options(limits);
    let unsupported = |version: u32| {
        malformed(format!(
            "unsupported format version {version} (this checker reads versions {FORMAT_VERSION} to {LATEST_FORMAT_VERSION})"
        ))
    };
    let readable = |version: u32| (FORMAT_VERSION..=LATEST_FORMAT_VERSION).contains(&version);
    // One full parse for a readable certificate (a hostile file near the
    // size limit costs one pass, not two); the version probe runs only when
    // that fails, so that a certificate of another version is reported as
    // such rather than as a parse error.
    match options.from_str::<Certificate>(text) {
        Ok(certificate) if readable(certificate.format) => Ok(certificate),
        Ok(certificate) => Err(unsupported(certificate.format)),
        Err(e) => match options.from_str::<VersionProbe>(text) {
            Ok(probe) if !readable(probe.format) => Err(unsupported(probe.format)),
            _ => Err(malformed(format!("parse error: {e}"))),
        },
    }
}

fn pretty_config() -> ron::ser::PrettyConfig {
    // Strings are written unescaped where RON allows it, so that the
    // lines of a `PeriodicTable` stay lines; a string with a quote or a
    // backslash is written as a raw string. (Provenance strings have
    // neither, so version-1 certificates are written as before.)
    ron::ser::PrettyConfig::new()
        .depth_limit(2)
        .separate_tuple_members(false)
        .compact_arrays(true)
        .escape_strings(false)
}

/// Serializes a certificate as pretty RON, the form written to files.
pub fn to_ron(certificate: &Certificate) -> String {
    let mut text = ron::ser::to_string_pretty(certificate, pretty_config())
        .expect("certificates contain only serializable data");
    text.push('\n');
    text
}

/// Parses and checks one certificate.
pub fn check_bytes(bytes: &[u8], limits: &Limits) -> Verdict {
    match parse(bytes, limits) {
        Ok(certificate) => check_certificate(&certificate, limits),
        Err(reason) => reason.into_verdict(),
    }
}

/// Checks one parsed certificate: its version, then the claim (each kind
/// first refuses what is over a limit, before any work; see [`precheck`]).
pub fn check_certificate(certificate: &Certificate, limits: &Limits) -> Verdict {
    let verdict = match check_version(certificate) {
        Err(failure) => failure.into_verdict(),
        Ok(()) => match &certificate.claim {
            Claim::Sequence(claim) => sequence::check(claim, limits),
            Claim::PSet(claim) => pset::check(claim, limits),
            Claim::Avoidance(claim) => avoidance::check(claim, limits),
            Claim::Periodic(claim) => periodic::check(claim, limits),
            Claim::PeriodicTable(claim) => periodic::check_table(claim, limits),
            Claim::Octal(claim) => octal::check(claim, limits),
            Claim::PackedSequence(claim) => sequence::check_packed(claim, limits),
            Claim::OctalPeriodic(claim) => octal::check_periodic(claim, limits),
            Claim::Family(claim) => family::check(claim, limits),
            Claim::Grundy(claim) => grundy::check(claim, limits),
            Claim::PrePeriodicFamily(claim) => preperiodic::check(claim, limits),
        },
    };
    match verdict {
        Verdict::Valid(m) => Verdict::Valid(cut(m)),
        Verdict::Invalid(m) => Verdict::Invalid(cut(m)),
        Verdict::Undecidable(m) => Verdict::Undecidable(cut(m)),
        Verdict::OverLimit(m) => Verdict::OverLimit(cut(m)),
    }
}

/// Whether the checker's limits admit `certificate`, decided from its sizes
/// alone and without checking it: `Err` names the limit and the `nimcheck`
/// flag that raises it. A certificate admitted here may still be invalid
/// or undecidable; one refused here gets [`Verdict::OverLimit`] from
/// [`check_certificate`]. The file-size limit is judged on the certificate
/// as [`to_ron`] writes it (counted, not built).
pub fn precheck(certificate: &Certificate, limits: &Limits) -> Result<(), String> {
    let bytes = written_size(certificate);
    if bytes > limits.max_file_bytes {
        return Err(file_too_large(bytes, limits));
    }
    match admit(certificate, limits) {
        Err(Failure::Limit(m)) => Err(cut(m)),
        _ => Ok(()),
    }
}

/// The version rule and every limit of the claim: `Err(Limit)` over a
/// limit, `Err(Undecided)` for a version that lacks the claim kind, and
/// `Ok` otherwise (also for claims that are malformed: their rules reject
/// them).
fn admit(certificate: &Certificate, limits: &Limits) -> Result<(), Failure> {
    check_version(certificate)?;
    match &certificate.claim {
        Claim::Sequence(claim) => sequence::admit(claim, limits),
        Claim::PSet(claim) => pset::admit(claim, limits),
        Claim::Avoidance(claim) => avoidance::admit(claim, limits),
        Claim::Periodic(claim) => periodic::admit(claim, limits),
        Claim::PeriodicTable(claim) => periodic::admit_table(claim, limits),
        Claim::Octal(claim) => octal::admit(claim, limits),
        Claim::PackedSequence(claim) => sequence::admit_packed(claim, limits),
        Claim::OctalPeriodic(claim) => octal::admit_periodic(claim, limits),
        Claim::Family(claim) => family::admit(claim, limits),
        Claim::Grundy(claim) => grundy::admit(claim, limits),
        Claim::PrePeriodicFamily(claim) => preperiodic::admit(claim, limits),
    }
}

/// The version is one this checker reads, and has the claim's kind.
fn check_version(certificate: &Certificate) -> Result<(), Failure> {
    let version = certificate.format;
    if !(FORMAT_VERSION..=LATEST_FORMAT_VERSION).contains(&version) {
        return undecided(format!("unsupported format version {version}"));
    }
    let claim = &certificate.claim;
    if claim.format_version() > version {
        let kind = claim.kind();
        let article = if kind.starts_with(['A', 'E', 'I', 'O', 'U']) {
            "an"
        } else {
            "a"
        };
        return undecided(format!(
            "{article} {kind} claim needs format version {}, but the certificate says {version}",
            claim.format_version()
        ));
    }
    Ok(())
}

/// The length in bytes of [`to_ron`]'s text for `certificate`, counted
/// without building it.
fn written_size(certificate: &Certificate) -> u64 {
    struct Count(u64);
    impl std::fmt::Write for Count {
        fn write_str(&mut self, s: &str) -> std::fmt::Result {
            self.0 += s.len() as u64;
            Ok(())
        }
    }
    let mut count = Count(1); // the final newline
    ron::Options::default()
        .to_writer_pretty(&mut count, certificate, pretty_config())
        .expect("certificates contain only serializable data");
    count.0
}

/// Why a claim was not accepted: it is over a limit (exit 3), something
/// the checker cannot decide (exit 2), or wrong (exit 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Failure {
    Limit(String),
    Undecided(String),
    Wrong(String),
}

impl Failure {
    pub(crate) fn into_verdict(self) -> Verdict {
        match self {
            Failure::Limit(m) => Verdict::OverLimit(m),
            Failure::Undecided(m) => Verdict::Undecidable(m),
            Failure::Wrong(m) => Verdict::Invalid(m),
        }
    }
}

/// Shorthand for a wrong claim.
pub(crate) fn wrong<T>(message: String) -> Result<T, Failure> {
    Err(Failure::Wrong(message))
}

/// Shorthand for a limit reached (the message names the flag).
pub(crate) fn too_large<T>(message: String) -> Result<T, Failure> {
    Err(Failure::Limit(message))
}

/// Shorthand for something this checker cannot decide.
pub(crate) fn undecided<T>(message: String) -> Result<T, Failure> {
    Err(Failure::Undecided(message))
}

/// Refuses `work` units over `--max-work`, saying how they are counted.
pub(crate) fn within_work(work: u64, counted: &str, limits: &Limits) -> Result<(), Failure> {
    if work > limits.max_work {
        return too_large(format!(
            "checking needs {work} work units ({counted}), over the limit of {} (--max-work)",
            limits.max_work
        ));
    }
    Ok(())
}
