//! Octal and hexadecimal codes d0.d1d2…dt: the rules of a take-and-break
//! game.
//!
//! From a heap of n tokens a move removes k tokens, 0 ≤ k ≤ t, as the
//! digit d_k allows (Winning Ways, ch. 4, "Octal games"; A. Flammenkamp's
//! notation for the digit before the point and for hexadecimal digits,
//! <https://wwwhomes.uni-bielefeld.de/achim/octal.html>):
//!
//! - bit 1 of d_k: leave no heap (only when n = k);
//! - bit 2: leave one non-empty heap (n > k);
//! - bit 4: leave two non-empty heaps (n − k ≥ 2, split any way);
//! - bit 8: leave three non-empty heaps (n − k ≥ 3, split any way): the
//!   hexadecimal digits 8–F.
//!
//! d0, the digit before the point, moves k = 0 tokens, so only its bits 4
//! and 8 mean anything: split a heap into two (4) or three (8) non-empty
//! heaps without removing a token. Bit 2 of d0 would be a move that changes
//! nothing (a loopy game, no Grundy value) and bit 1 applies to no heap
//! (n = 0 has no move): a d0 with either bit is refused. The game stays
//! finite with d0 ≠ 0: every move removes a token or makes one more heap,
//! and a position of n tokens has at most n heaps.
//!
//! A position is a sum of heaps, so the nim-sequence G(n) of one heap
//! decides every position. Codes are printed with the digits 0–9 and A–F
//! (upper case), and read in either case; a code with d0 ≠ 0 and no digit
//! after the point (the game "4": split a heap in two) is printed `4.0`.

use crate::moves::MoveSet;
use std::fmt;

/// The longest code read, in digits after the point (t).
pub const MAX_DIGITS: usize = 64;

/// A code d0.d1…dt: d0 ∈ {0, 4, 8, C}, each d_k a hexadecimal digit, d_t ≠
/// 0 (t = 0 only when d0 ≠ 0).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OctalCode {
    d0: u8,
    digits: Vec<u8>,
}

/// What the Octal Periodicity Theorem needs to know of a code
/// ([`crate::octal::period`]): the most heaps a move leaves, j (2, or 3 for
/// a code with a hexadecimal digit; 2 also for codes that never split, so
/// that the range of a code without splits is the octal one), and t.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach {
    /// j: the most heaps one move leaves (2 or 3).
    pub heaps: u64,
    /// t: the most tokens one move removes.
    pub t: u64,
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
    /// The code 0.d1…dt: each digit at most 7, the last non-zero.
    pub fn new(digits: &[u8]) -> Result<Self, CodeError> {
        if let Some(d) = digits.iter().find(|&&d| d > 7) {
            return Err(CodeError(format!("digit {d} is not an octal digit (0–7)")));
        }
        Self::with_d0(0, digits)
    }

    /// The code d0.d1…dt with hexadecimal digits (0–15): d0 ∈ {0, 4, 8, 12},
    /// the last digit non-zero, at least one digit unless d0 ≠ 0.
    pub fn with_d0(d0: u8, digits: &[u8]) -> Result<Self, CodeError> {
        let err = |m: String| Err(CodeError(m));
        if ![0, 4, 8, 12].contains(&d0) {
            return err(format!(
                "the digit before the point must be 0, 4, 8 or C, not {d0:X} (it moves no token: \
                 bit 2 would be a move that changes nothing, bit 1 applies to no heap)"
            ));
        }
        if digits.is_empty() && d0 == 0 {
            return err("an octal code needs at least one digit after '0.'".into());
        }
        if digits.len() > MAX_DIGITS {
            return err(format!(
                "an octal code of {} digits is longer than {MAX_DIGITS}",
                digits.len()
            ));
        }
        if let Some(d) = digits.iter().find(|&&d| d > 15) {
            return err(format!("digit {d} is not a hexadecimal digit (0–15)"));
        }
        if digits.last() == Some(&0) {
            return err(trailing_zero(d0, digits));
        }
        Ok(OctalCode {
            d0,
            digits: digits.to_vec(),
        })
    }

    /// Parses `d0.d1…dt` (also `.d1…dt`, the Winning Ways spelling of
    /// d0 = 0, and `4` or `4.` for a code with no digit after the point):
    /// hexadecimal digits in either case.
    pub fn parse(text: &str) -> Result<Self, CodeError> {
        let shown = crate::moves::clip(text.trim(), 40);
        let body = text.trim();
        let fail = |why: String| CodeError(format!("'{shown}': {why}"));
        let (whole, fraction) = match body.split_once('.') {
            Some((whole, fraction)) => (whole, fraction),
            None if body.len() == 1 && body != "0" => (body, ""),
            None => {
                return Err(fail(
                    "an octal code is written d0.d1d2…, e.g. 0.07, 0.77 or 4.07".into(),
                ))
            }
        };
        let digit = |ch: char| {
            ch.to_digit(16)
                .map(|d| d as u8)
                .ok_or_else(|| fail(format!("'{ch}' is not an octal or hexadecimal digit")))
        };
        let d0 = match whole {
            "" => 0,
            _ if whole.chars().count() == 1 => digit(whole.chars().next().unwrap_or('?'))?,
            _ => {
                return Err(fail(
                    "one digit comes before the point (0, 4, 8 or C)".into(),
                ))
            }
        };
        let mut digits = fraction
            .chars()
            .map(digit)
            .collect::<Result<Vec<u8>, _>>()?;
        if d0 != 0 && digits == [0] {
            digits.clear(); // "4.0": the game 4, no digit after the point
        }
        Self::with_d0(d0, &digits).map_err(|e| fail(e.to_string()))
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

    /// d0, the digit before the point (0, 4, 8 or 12).
    pub fn d0(&self) -> u8 {
        self.d0
    }

    /// d1, …, dt.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// d_k for 0 ≤ k ≤ t.
    pub fn digit(&self, k: u64) -> u8 {
        match k {
            0 => self.d0,
            _ => self.digits[k as usize - 1],
        }
    }

    /// Whether every digit is octal (d0 ∈ {0, 4}, d_k ≤ 7): no move leaves
    /// three heaps.
    pub fn is_octal(&self) -> bool {
        self.d0 <= 4 && self.digits.iter().all(|&d| d <= 7)
    }

    /// j and t for the periodicity theorem ([`Reach`]).
    pub fn reach(&self) -> Reach {
        Reach {
            heaps: if self.is_octal() { 2 } else { 3 },
            t: self.t(),
        }
    }

    /// The k (0 ≤ k ≤ t) with bit `bit` set in d_k, increasing.
    fn with_bit(&self, bit: u8) -> Vec<u64> {
        (0..=self.t())
            .filter(|&k| self.digit(k) & bit != 0)
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

    /// The k that may leave two heaps (bit 4), k = 0 included for d0 = 4.
    pub fn leave_two(&self) -> Vec<u64> {
        self.with_bit(4)
    }

    /// The k that may leave three heaps (bit 8), k = 0 included for d0 ≥ 8.
    pub fn leave_three(&self) -> Vec<u64> {
        self.with_bit(8)
    }

    /// Every code 0.d1…dt of exactly `t` octal digits (the last non-zero),
    /// in increasing order: 7·8^(t−1) codes.
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
            OctalCode { d0: 0, digits }
        })
    }
}

/// Why a code ending in 0 is refused, with the code it means when it has
/// a non-zero digit (0.70 is 0.7), or why it is no game at all (0.0).
fn trailing_zero(d0: u8, digits: &[u8]) -> String {
    let written: String = digits.iter().map(|&d| hex_digit(d)).collect();
    let meant = written.trim_end_matches('0');
    let whole = hex_digit(d0);
    if meant.is_empty() && d0 == 0 {
        format!("0.{written} allows no move (every digit is 0); the last digit of an octal code must not be 0")
    } else if meant.is_empty() {
        format!("the last digit of a code must not be 0 (write {whole}.0, not {whole}.{written})")
    } else {
        format!("the last digit of an octal code must not be 0 (write {whole}.{meant}, not {whole}.{written})")
    }
}

/// The digit d (0–15) as printed: 0–9, A–F.
fn hex_digit(d: u8) -> char {
    char::from_digit(u32::from(d), 16)
        .unwrap_or('?')
        .to_ascii_uppercase()
}

impl fmt::Display for OctalCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.", hex_digit(self.d0))?;
        if self.digits.is_empty() {
            return f.write_str("0");
        }
        for &d in &self.digits {
            write!(f, "{}", hex_digit(d))?;
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
            "", "0.", "0.70", "07", "0.0", "0.1 2", "0", "1.07", "2.3", "6.1", "0.G", "44.1",
            "4.00", "4.10", ".",
        ] {
            assert!(OctalCode::parse(text).is_err(), "{text}");
        }
        assert!(OctalCode::parse(&format!("0.{}", "1".repeat(65))).is_err());
    }

    #[test]
    fn reads_a_digit_before_the_point_and_hexadecimal_digits() {
        let code = OctalCode::parse("4.07").unwrap();
        assert_eq!((code.d0(), code.t()), (4, 2));
        assert_eq!(code.leave_two(), [0, 2]);
        assert_eq!(code.take_all(), [2]);
        assert_eq!(code.reach(), Reach { heaps: 2, t: 2 });
        for (text, shown) in [("4", "4.0"), ("4.", "4.0"), ("4.0", "4.0"), ("0.f", "0.F")] {
            assert_eq!(OctalCode::parse(text).unwrap().to_string(), shown);
        }
        let hex = OctalCode::parse("c.1").unwrap();
        assert_eq!(hex.to_string(), "C.1");
        assert_eq!((hex.leave_two(), hex.leave_three()), (vec![0], vec![0]));
        assert_eq!(hex.reach(), Reach { heaps: 3, t: 1 });
        assert!(!hex.is_octal() && code.is_octal());
        assert_eq!(OctalCode::parse("0.8").unwrap().leave_three(), [1]);
        let why = OctalCode::parse("4.00").unwrap_err().to_string();
        assert!(why.contains("write 4.0, not 4.00"), "{why}");
        let why = OctalCode::parse("2.3").unwrap_err().to_string();
        assert!(why.contains("0, 4, 8 or C"), "{why}");
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
