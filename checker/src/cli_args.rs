//! The command line of `nimcheck`: its flags, the exit-status table that
//! `--help` prints, and the reading of counts such as `2e11`.
//!
//! A module of the binary alone (the library has no clap). The tests that
//! generate the man page and the shell completions include this file with
//! `#[path]` (checker/tests/man.rs), so it depends on nothing but clap and
//! the library's [`Limits`].

use clap::Parser;
use nimcert_check::Limits;
use std::path::PathBuf;

/// The exit-status table, printed by `--help` (and in checker/README.md).
pub const EXIT_STATUS: &str = "\
Exit status (the worst over all lines; 1 wins over the others):
  0  every certificate is valid
  1  some certificate is invalid: its claim is false or its proof fails
  2  bad input or undecided: a folder without *.ron files, a file that
     is not a certificate (not UTF-8, a parse error, an unsupported
     version), an entry a folder walk did not check (SKIPPED, unless
     --allow-skips), a usage error
  3  a limit was reached: the message names the flag that raises it
     (--max-file-bytes, --max-moves, --max-move, --max-period, --max-work,
     --max-points, --max-classes)
  4  an I/O error: a path or folder entry that is missing, unreadable or
     not a regular file (reported UNREADABLE), or the report could not be
     written (a closed pipe or standard output, a full disk: the run
     stops, and no verdict is claimed)";

/// Re-validates nimcert certificates (RON files) without trusting the solver.
///
/// One line per certificate on stdout: `OK`, `REJECTED`, `UNDECIDED`,
/// `LIMIT` or `UNREADABLE`, the file, and what was proved or why not (or,
/// with --json, one JSON object a line, always). Folders are walked
/// recursively in sorted order; a file whose name ends in `.ron` (any case,
/// trailing spaces ignored) is a certificate, and every other entry a walk
/// does not check is a `SKIPPED` line with the reason: another name, a
/// symbolic link to a folder (unless --follow-links). Only regular files are
/// read. Counts (the --max-* flags) are whole numbers, written out or in
/// exact scientific notation: 1000000000, 2e11, 1.5e9.
#[derive(Parser)]
#[command(name = "nimcheck", version, after_help = EXIT_STATUS)]
pub struct Args {
    /// Certificate files or directories.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Print one JSON object per line instead of text lines.
    #[arg(long)]
    pub json: bool,
    /// Certificates checked at once (default: the number of cores, at most
    /// 4). Each holds at most one file and its working memory.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub jobs: Option<u64>,
    /// Follow symbolic links to folders met in a walk (each folder is
    /// walked once, however many links lead to it).
    #[arg(long)]
    pub follow_links: bool,
    /// Entries a walk does not check (other names, links to folders not
    /// followed) are still reported SKIPPED, but do not make the exit 2.
    #[arg(long)]
    pub allow_skips: bool,
    /// Largest file read, in bytes.
    #[arg(long, value_parser = parse_count, default_value_t = Limits::default().max_file_bytes)]
    pub max_file_bytes: u64,
    /// Largest number of moves.
    #[arg(long, value_parser = parse_count, default_value_t = Limits::default().max_moves)]
    pub max_moves: u64,
    /// Largest single move.
    #[arg(long, value_parser = parse_count, default_value_t = Limits::default().max_move)]
    pub max_move: u64,
    /// Largest claimed q + p (sequences), P (P-sets), positions computed
    /// (octal games), a + b + tail (families) or N (Grundy's game).
    #[arg(long, value_parser = parse_count, default_value_t = Limits::default().max_period)]
    pub max_period: u64,
    /// Largest number of work units per certificate (about a nanosecond
    /// each: the default is about 30 s of CPU; see docs/TRUST.md for the
    /// measured worst case per claim kind).
    #[arg(long, value_parser = parse_count, default_value_t = Limits::default().max_work)]
    pub max_work: u64,
    /// Largest ground set of an avoidance game, in points.
    #[arg(long, value_parser = parse_count, default_value_t = Limits::default().max_points)]
    pub max_points: u64,
    /// Largest number of structure classes of an avoidance game.
    #[arg(long, value_parser = parse_count, default_value_t = Limits::default().max_classes)]
    pub max_classes: u64,
}

impl Args {
    /// The checker's limits, from the flags.
    pub fn limits(&self) -> Limits {
        Limits {
            max_file_bytes: self.max_file_bytes,
            max_moves: self.max_moves,
            max_move: self.max_move,
            max_period: self.max_period,
            max_work: self.max_work,
            max_points: self.max_points,
            max_classes: self.max_classes,
            ..Limits::default()
        }
    }

    /// Certificates checked at once: `--jobs`, or the cores, at most 4.
    pub fn jobs(&self) -> usize {
        match self.jobs.map(usize::try_from) {
            Some(Ok(jobs)) => jobs,
            // --jobs is at most 256, which fits every usize.
            Some(Err(_)) => 1,
            None => std::thread::available_parallelism().map_or(1, |n| n.get().min(4)),
        }
    }
}

/// What a count may look like, for the error messages.
const COUNT_FORM: &str = "expected a whole number such as 1000000000, 2e11 or 1.5e9";

/// Reads a count: decimal digits (`1000000000`), or scientific notation
/// whose value is a whole number (`6e10`, `2e11`, `1.5e9`, `25e-1` is not).
/// The value is computed exactly, never through a float: `1.5e0`, a sign,
/// spaces or a value above 2^64 − 1 are refused with the reason.
pub fn parse_count(text: &str) -> Result<u64, String> {
    if text.starts_with('-') {
        return Err(format!("a count cannot be negative; {COUNT_FORM}"));
    }
    let (mantissa, exponent) = match text.split_once(['e', 'E']) {
        Some((mantissa, exponent)) => (mantissa, Some(exponent)),
        None => (text, None),
    };
    let (whole, fraction) = match mantissa.split_once('.') {
        Some((whole, fraction)) if !fraction.is_empty() => (whole, fraction),
        Some(_) => return Err(COUNT_FORM.to_string()),
        None => (mantissa, ""),
    };
    let exponent = match exponent {
        None => 0,
        Some(digits) if is_digits(digits) => digits.parse::<u64>().unwrap_or(u64::MAX),
        Some(_) => return Err(COUNT_FORM.to_string()),
    };
    if !is_digits(whole) || !(fraction.is_empty() || is_digits(fraction)) {
        return Err(COUNT_FORM.to_string());
    }
    scaled(whole, fraction, exponent)
}

/// `whole.fraction` × 10^exponent, when it is a whole number that fits.
fn scaled(whole: &str, fraction: &str, exponent: u64) -> Result<u64, String> {
    let too_large = || format!("exceeds the largest count, {}", u64::MAX);
    let digits = format!("{whole}{fraction}");
    let places = u64::try_from(fraction.len()).map_err(|_| COUNT_FORM.to_string())?;
    let (digits, zeros) = if exponent >= places {
        (digits.as_str(), exponent - places)
    } else {
        // Fewer places than fraction digits: the last ones must be zeros.
        let cut = usize::try_from(places - exponent).map_err(|_| COUNT_FORM.to_string())?;
        let (kept, dropped) = digits.split_at(digits.len() - cut);
        if dropped.bytes().any(|b| b != b'0') {
            return Err(format!("not a whole number; {COUNT_FORM}"));
        }
        (kept, 0)
    };
    let value: u64 = digits.parse().map_err(|_| too_large())?;
    if value == 0 {
        return Ok(0);
    }
    let power = u32::try_from(zeros)
        .ok()
        .and_then(|zeros| 10u64.checked_pow(zeros))
        .ok_or_else(too_large)?;
    value.checked_mul(power).ok_or_else(too_large)
}

/// Non-empty and ASCII digits only (no sign, space or `_`).
fn is_digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_in_every_accepted_form() {
        for (text, value) in [
            ("0", 0),
            ("1000000000", 1_000_000_000),
            ("6e10", 60_000_000_000),
            ("2e11", 200_000_000_000),
            ("2E11", 200_000_000_000),
            ("1.5e9", 1_500_000_000),
            ("1.50e1", 15),
            ("25e0", 25),
            ("007", 7),
            ("0e99999999999999999999", 0),
            ("18446744073709551615", u64::MAX),
            ("1.8446744073709551615e19", u64::MAX),
        ] {
            assert_eq!(parse_count(text), Ok(value), "{text}");
        }
    }

    #[test]
    fn counts_that_are_refused_say_why() {
        for (text, reason) in [
            ("1.5e0", "not a whole number"),
            ("1.25e1", "not a whole number"),
            ("-5", "negative"),
            ("18446744073709551616", "exceeds the largest count"),
            ("2e19", "exceeds the largest count"),
            ("1e99999999999999999999", "exceeds the largest count"),
            ("", "expected a whole number"),
            ("+5", "expected a whole number"),
            ("1_000", "expected a whole number"),
            (" 5", "expected a whole number"),
            ("5 ", "expected a whole number"),
            ("1e", "expected a whole number"),
            ("e5", "expected a whole number"),
            ("1.e5", "expected a whole number"),
            (".5e1", "expected a whole number"),
            ("1e-1", "expected a whole number"),
            ("1e+1", "expected a whole number"),
            ("0x10", "expected a whole number"),
            ("1.5", "not a whole number"),
        ] {
            let refused = parse_count(text).expect_err(text);
            assert!(refused.contains(reason), "{text}: {refused}");
        }
    }
}
