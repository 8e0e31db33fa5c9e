//! The limit flags of every command, read into the library's
//! [`nimcert::solve::Limits`], and the library's limit errors as exit 3
//! naming the flag (work, estimates and budgets: [`nimcert::solve`]); the
//! thread count and bounded input files, as arguments; and [`count`], the
//! syntax of every count flag.

use super::CliError;
use nimcert::solve::SolveError;
use std::path::Path;

pub use nimcert::solve::{DEFAULT_MAX_N, DEFAULT_MAX_POSITIONS, DEFAULT_MAX_WORK};

/// Default `--max-file-bytes` for input files: 16 MiB.
pub const DEFAULT_MAX_FILE_BYTES: u64 = 16 << 20;

/// The most threads `--threads` gives even with `--force-threads`.
pub const MAX_THREADS: usize = 256;

impl From<SolveError> for CliError {
    /// Exit 2 for input refused, exit 3 naming the flag of the limit
    /// reached.
    fn from(e: SolveError) -> Self {
        match e {
            SolveError::Input(message) => CliError::input(message),
            SolveError::Limit { limit, message } => CliError::limit(limit.flag(), message),
        }
    }
}

/// The number of worker threads: `requested` (default: every core), at
/// most the number of cores unless `force` (and never over
/// [`MAX_THREADS`]). More threads than cores only adds memory and
/// switching, so the cap is silent but reported on stderr when it applies.
pub fn threads(requested: Option<usize>, force: bool) -> Result<usize, CliError> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let Some(n) = requested else {
        return Ok(cores);
    };
    if n == 0 {
        return Err(CliError::input("--threads: must be at least 1"));
    }
    if n > MAX_THREADS {
        return Err(CliError::input(format!(
            "--threads {n}: at most {MAX_THREADS} threads"
        )));
    }
    if n > cores && !force {
        super::warn(&format!(
            "nimcert: --threads {n} capped at the {cores} cores (--force-threads runs {n})"
        ));
        return Ok(cores);
    }
    Ok(n)
}

/// Reads an input file of at most `max_bytes` bytes as text: exit 3
/// naming `flag` when it is longer, exit 4 when it cannot be read.
pub fn read_input(path: &Path, max_bytes: u64, flag: &str) -> Result<String, CliError> {
    nimcert::io::read_text_bounded(path, max_bytes).map_err(|e| match e {
        nimcert::io::ReadError::TooLarge(_) => CliError::limit(
            flag,
            format!(
                "{}: larger than {max_bytes} bytes, the bound that {flag} sets",
                path.display()
            ),
        ),
        nimcert::io::ReadError::NotText => {
            CliError::input(format!("{}: not UTF-8 text", path.display()))
        }
        nimcert::io::ReadError::Io(e) => CliError::io(format!("{}: {e}", path.display())),
    })
}

/// Parses the value of a limit flag (`--max-work`, `--max-positions`, …):
/// `<digits>[.<digits>][(e|E)<digits>]` whose value is an integer
/// (`60000000000`, `6e10`, `6E10`, `1.5e9`, `2e11`, `7.0`), the syntax
/// nimcheck's count flags take too. No sign, no `_`, no other spelling; a
/// value that is not an integer (`1.5e0`, `1.5`) or over 2^64 − 1 is
/// refused. clap names the
/// flag and the value before the message (exit 2).
pub fn count(text: &str) -> Result<u64, String> {
    let (mantissa, exponent) = scientific_parts(text).ok_or_else(|| {
        "not an integer such as 60000000000 or 6e10 (<digits>[.<digits>][e<digits>], a whole number)"
            .to_string()
    })?;
    let too_large = || format!("over the largest value, {}", u64::MAX);
    // value = mantissa · 10^exponent; the digits a negative exponent moves
    // past the point must be zeros.
    let mantissa = mantissa.trim_start_matches('0');
    let (kept, dropped) = match exponent {
        Exponent::Up(_) => (mantissa, ""),
        Exponent::Down(places) => mantissa.split_at(mantissa.len().saturating_sub(places)),
    };
    if dropped.bytes().any(|b| b != b'0') {
        return Err("not a whole number (a limit counts whole units)".to_string());
    }
    if kept.is_empty() {
        return Ok(0);
    }
    let mut value: u64 = 0;
    for b in kept.bytes() {
        value = value
            .checked_mul(10)
            .and_then(|v| v.checked_add(u64::from(b - b'0')))
            .ok_or_else(too_large)?;
    }
    let scale = match exponent {
        Exponent::Up(e) => u32::try_from(e).ok().and_then(|e| 10u64.checked_pow(e)),
        Exponent::Down(_) => Some(1),
    };
    scale
        .and_then(|scale| value.checked_mul(scale))
        .ok_or_else(too_large)
}

/// The power of ten of a number in [`count`]'s syntax.
enum Exponent {
    /// Multiply by 10^e.
    Up(u64),
    /// Divide by 10^places (exactly, or the number is not an integer).
    Down(usize),
}

/// Splits `<digits>[.<digits>][(e|E)<digits>]` into its digits
/// (the point removed) and the power of ten they are scaled by; `None`
/// for any other text. An exponent with too many digits for a u64 is
/// `Up(u64::MAX)`.
fn scientific_parts(text: &str) -> Option<(String, Exponent)> {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let (mantissa, exponent) = match text.split_once(['e', 'E']) {
        Some((mantissa, exponent)) => (mantissa, Some(exponent)),
        None => (text, None),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, "0"));
    if !(digits(whole) && digits(fraction) && exponent.is_none_or(digits)) {
        return None;
    }
    let exponent = exponent.map_or(0, |e| e.parse::<u64>().unwrap_or(u64::MAX));
    let places = fraction.len();
    let power = match usize::try_from(exponent) {
        Ok(e) if e < places => Exponent::Down(places - e),
        _ => Exponent::Up(exponent.saturating_sub(u64::try_from(places).unwrap_or(u64::MAX))),
    };
    Some((format!("{whole}{fraction}"), power))
}

/// [`count`] for a flag held in a narrower type (`usize`): a value that
/// does not fit is refused.
pub fn count_in<T: TryFrom<u64>>(text: &str) -> Result<T, String> {
    let value = count(text)?;
    T::try_from(value).map_err(|_| format!("{value} is over the largest value this flag takes"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_integers_or_exact_scientific_notation() {
        for (text, value) in [
            ("0", 0),
            ("60000000000", 60_000_000_000),
            ("6e10", 60_000_000_000),
            ("6E10", 60_000_000_000),
            ("7.0", 7),
            ("2e11", 200_000_000_000),
            ("1.5e9", 1_500_000_000),
            ("1.50e1", 15),
            ("0.50e1", 5),
            ("7e0", 7),
            ("0e99999999999999999999", 0),
            ("18446744073709551615", u64::MAX),
            ("1.8446744073709551615e19", u64::MAX),
        ] {
            assert_eq!(count(text), Ok(value), "{text}");
        }
    }

    #[test]
    fn other_spellings_fractions_and_overflow_are_refused() {
        for (text, why) in [
            ("1.5e0", "whole"),
            ("0.05e1", "whole"),
            ("-1", "not an integer"),
            ("+1", "not an integer"),
            ("1_000", "not an integer"),
            ("1.5", "whole"),
            ("e10", "not an integer"),
            ("6e", "not an integer"),
            ("6e-1", "not an integer"),
            (".5e1", "not an integer"),
            ("5.e1", "not an integer"),
            ("", "not an integer"),
            (" 6", "not an integer"),
            ("18446744073709551616", "largest"),
            ("2e19", "largest"),
            ("1e99999999999999999999", "largest"),
        ] {
            let error = count(text).expect_err(text);
            assert!(error.contains(why), "{text}: {error}");
        }
        assert!(count_in::<u32>("5e9").is_err());
        assert_eq!(count_in::<u32>("4e9"), Ok(4_000_000_000));
    }
}
