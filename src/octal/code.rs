//! Octal codes 0.d1d2…dt: the rules of a take-and-break game.
//!
//! From a heap of n tokens a move removes k tokens, 1 ≤ k ≤ t, as the
//! digit d_k allows (Winning Ways, ch. 4, "Octal games"):
//!
//! - bit 1 of d_k: leave no heap (only when n = k);
//! - bit 2: leave one non-empty heap (n > k);
//! - bit 4: leave two non-empty heaps (n − k ≥ 2, split any way).
//!
//! A position is a sum of heaps, so the nim-sequence G(n) of one heap
//! decides every position. Only codes of the form `0.d1…dt` are read here:
//! no leading digit d0 (the games 4.… that split without removing), and no
//! hexadecimal digits (splitting into three heaps).

use crate::moves::MoveSet;
use std::fmt;

/// The longest code read, in digits (t).
pub const MAX_DIGITS: usize = 64;

/// An octal code 0.d1…dt with d_t ≠ 0.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OctalCode {
    digits: Vec<u8>,
}

/// Why a text is not an octal code this tool reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodeError(String);

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CodeError {}

impl OctalCode {
    /// The code with digits d1, …, dt: each at most 7, the last non-zero.
    pub fn new(digits: &[u8]) -> Result<Self, CodeError> {
        let err = |m: String| Err(CodeError(m));
        if digits.is_empty() {
            return err("an octal code needs at least one digit after '0.'".into());
        }
        if digits.len() > MAX_DIGITS {
            return err(format!(
                "an octal code of {} digits is longer than {MAX_DIGITS}",
                digits.len()
            ));
        }
        if let Some(d) = digits.iter().find(|&&d| d > 7) {
            return err(format!("digit {d} is not an octal digit (0–7)"));
        }
        if digits.last() == Some(&0) {
            return err(trailing_zero(digits));
        }
        Ok(OctalCode {
            digits: digits.to_vec(),
        })
    }

    /// Parses `0.d1…dt` (also `.d1…dt`, the Winning Ways spelling).
    pub fn parse(text: &str) -> Result<Self, CodeError> {
        let shown = crate::moves::clip(text.trim(), 40);
        let body = text.trim();
        let body = body
            .strip_prefix("0.")
            .or_else(|| body.strip_prefix('.'))
            .ok_or_else(|| {
                let why = if body.contains('.') && !body.starts_with('.') {
                    "only codes 0.d1d2… are read (no leading digit such as 4.)"
                } else {
                    "an octal code is written 0.d1d2…, e.g. 0.07 or 0.77"
                };
                CodeError(format!("'{shown}': {why}"))
            })?;
        let digits = body
            .chars()
            .map(|ch| match ch.to_digit(8) {
                Some(d) => Ok(d as u8),
                None if ch.is_ascii_hexdigit() => Err(CodeError(format!(
                    "'{shown}': '{ch}' is not an octal digit (hexadecimal games, splitting into three heaps, are not supported)"
                ))),
                None => Err(CodeError(format!("'{shown}': '{ch}' is not an octal digit (0–7)"))),
            })
            .collect::<Result<Vec<u8>, _>>()?;
        Self::new(&digits).map_err(|e| CodeError(format!("'{shown}': {e}")))
    }

    /// The subtraction game S as an octal game: d_s = 3 for s ∈ S and 0
    /// elsewhere (remove s, leaving nothing or one heap). `None` when the
    /// largest move is over [`MAX_DIGITS`].
    pub fn subtraction(moves: &MoveSet) -> Option<Self> {
        let t = usize::try_from(moves.largest()).ok()?;
        if t > MAX_DIGITS {
            return None;
        }
        let mut digits = vec![0; t];
        for &s in moves.as_slice() {
            digits[s as usize - 1] = 3;
        }
        Self::new(&digits).ok()
    }

    /// t, the largest number of tokens a move removes.
    pub fn t(&self) -> u64 {
        self.digits.len() as u64
    }

    /// d1, …, dt.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// The k with bit `bit` set in d_k, increasing.
    fn with_bit(&self, bit: u8) -> Vec<u64> {
        (1..=self.t())
            .filter(|&k| self.digits[k as usize - 1] & bit != 0)
            .collect()
    }

    /// The k that may take a whole heap of exactly k (bit 1).
    pub fn take_all(&self) -> Vec<u64> {
        self.with_bit(1)
    }

    /// The k that may leave one heap (bit 2).
    pub fn leave_one(&self) -> Vec<u64> {
        self.with_bit(2)
    }

    /// The k that may leave two heaps (bit 4).
    pub fn leave_two(&self) -> Vec<u64> {
        self.with_bit(4)
    }

    /// Every code of exactly `t` digits (the last non-zero), in increasing
    /// order: 7·8^(t−1) codes.
    pub fn all_of_length(t: usize) -> impl Iterator<Item = OctalCode> {
        let count = if (1..=8).contains(&t) {
            7 * 8u64.pow(t as u32 - 1)
        } else {
            0
        };
        (0..count).map(move |i| {
            let last = (i % 7) as u8 + 1;
            let mut rest = i / 7;
            let mut digits = vec![0u8; t];
            digits[t - 1] = last;
            for d in digits[..t - 1].iter_mut().rev() {
                *d = (rest % 8) as u8;
                rest /= 8;
            }
            OctalCode { digits }
        })
    }
}

/// Why a code ending in 0 is refused, with the code it means when it has
/// a non-zero digit (0.70 is 0.7), or why it is no game at all (0.0).
fn trailing_zero(digits: &[u8]) -> String {
    let written: String = digits.iter().map(|d| d.to_string()).collect();
    let meant = written.trim_end_matches('0');
    if meant.is_empty() {
        format!("0.{written} allows no move (every digit is 0); the last digit of an octal code must not be 0")
    } else {
        format!("the last digit of an octal code must not be 0 (write 0.{meant}, not 0.{written})")
    }
}

impl fmt::Display for OctalCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("0.")?;
        for d in &self.digits {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl std::str::FromStr for OctalCode {
    type Err = CodeError;
    fn from_str(text: &str) -> Result<Self, CodeError> {
        Self::parse(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints() {
        for text in ["0.07", "0.77", "0.6", "0.137", ".007"] {
            let code = OctalCode::parse(text).unwrap();
            assert_eq!(
                code.to_string(),
                format!("0.{}", text.rsplit('.').next().unwrap())
            );
        }
        assert_eq!(OctalCode::parse("0.77").unwrap().leave_two(), [1, 2]);
        assert_eq!(OctalCode::parse("0.137").unwrap().take_all(), [1, 2, 3]);
        assert_eq!(OctalCode::parse("0.137").unwrap().leave_one(), [2, 3]);
    }

    #[test]
    fn refuses_what_it_does_not_read() {
        for text in [
            "", "0.", "0.70", "0.8", "4.07", "0.0a", "07", "0.0", "0.1 2",
        ] {
            assert!(OctalCode::parse(text).is_err(), "{text}");
        }
        assert!(OctalCode::parse(&format!("0.{}", "1".repeat(65))).is_err());
    }

    #[test]
    fn a_trailing_zero_suggests_the_code_it_means() {
        let why = |text: &str| OctalCode::parse(text).unwrap_err().to_string();
        assert!(
            why("0.70").contains("write 0.7, not 0.70"),
            "{}",
            why("0.70")
        );
        assert!(why("0.0560").contains("write 0.056, not 0.0560"));
        for zero in ["0.0", "0.000"] {
            let message = why(zero);
            assert!(message.contains("allows no move"), "{message}");
            assert!(!message.contains("write"), "{message}");
        }
    }

    #[test]
    fn all_codes_of_a_length_are_distinct_and_well_formed() {
        for t in 1..=3 {
            let codes: Vec<_> = OctalCode::all_of_length(t).collect();
            assert_eq!(codes.len() as u64, 7 * 8u64.pow(t as u32 - 1));
            assert!(codes.windows(2).all(|w| w[0] < w[1]));
            assert!(codes.iter().all(|c| c.t() == t as u64));
        }
    }

    #[test]
    fn subtraction_games_are_digit_three() {
        let code = OctalCode::subtraction(&MoveSet::parse("2,5").unwrap()).unwrap();
        assert_eq!(code.to_string(), "0.03003");
    }
}
