//! Range syntax of the command line, the same as the claim files': `N`,
//! `A..=B` (inclusive), `A..B` (B excluded), `..=B` and `..B` (from the
//! smallest legal value); `A..` is not accepted (ranges are finite).

use std::ops::RangeInclusive;

/// A range as given; the lower end may be left to the context.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RangeArg {
    /// The lower end, or `None` for "the smallest legal value".
    pub low: Option<u64>,
    /// The upper end (inclusive).
    pub high: u64,
}

impl RangeArg {
    /// The range with `smallest` as the lower end when none was given; a
    /// given lower end below `smallest` is raised to it.
    pub fn resolve(&self, smallest: u64) -> RangeInclusive<u64> {
        self.low.unwrap_or(smallest).max(smallest)..=self.high
    }

    /// Checks the range against the legal values `least..=largest` of the
    /// variable `name` (`a`, `b`, `c`): a given lower end below `least` is
    /// refused (`--a 0`), and so is an upper end over `largest` or below
    /// `least` (the range would be empty).
    pub fn check(&self, name: &str, least: u64, largest: u64) -> Result<(), String> {
        let text = self.text();
        if let Some(low) = self.low.filter(|&low| low < least) {
            return Err(format!(
                "--{name} {text}: {low} is below the least {name}, {least}"
            ));
        }
        if self.high > largest {
            return Err(format!(
                "--{name} {text}: {} exceeds the largest move, {largest}",
                self.high
            ));
        }
        if self.high < least {
            return Err(format!(
                "--{name} {text}: empty, the least {name} is {least}"
            ));
        }
        Ok(())
    }

    /// The canonical text of the range.
    pub fn text(&self) -> String {
        match self.low {
            Some(low) if low == self.high => low.to_string(),
            Some(low) => format!("{low}..={}", self.high),
            None => format!("..={}", self.high),
        }
    }
}

/// A non-negative decimal integer: digits only (no sign); too many digits
/// for a u64 is "too large", not "not a number".
fn number(s: &str, text: &str) -> Result<u64, String> {
    let s = s.trim();
    let shown = crate::moves::clip(text, 40);
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "range '{shown}': '{}' is not a non-negative integer (ranges are N, A..=B, A..B, ..=B or ..B)",
            crate::moves::clip(s, 24)
        ));
    }
    s.parse::<u64>()
        .map_err(|_| format!("range '{shown}': a number is too large"))
}

impl std::str::FromStr for RangeArg {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        // `A..B` excludes B, as in the claim files (and Rust).
        let (split, exclusive) = match text.split_once("..=") {
            Some(parts) => (Some(parts), false),
            None => (text.split_once(".."), true),
        };
        let range = match split {
            None => {
                let n = number(text, text)?;
                RangeArg {
                    low: Some(n),
                    high: n,
                }
            }
            Some((low, high)) => {
                let low = if low.trim().is_empty() {
                    None
                } else {
                    Some(number(low, text)?)
                };
                let high = if high.trim().is_empty() {
                    return Err(format!(
                        "range '{}' has no upper end (ranges are finite: A..=B or A..B)",
                        crate::moves::clip(text, 40)
                    ));
                } else {
                    number(high, text)?
                };
                let high = if exclusive {
                    high.checked_sub(1).ok_or_else(|| {
                        format!(
                            "range '{}' is empty (..0 excludes 0)",
                            crate::moves::clip(text, 40)
                        )
                    })?
                } else {
                    high
                };
                RangeArg { low, high }
            }
        };
        if range.low.is_some_and(|low| low > range.high) {
            return Err(format!(
                "range '{}' is empty (its lower end is above its upper end)",
                crate::moves::clip(text, 40)
            ));
        }
        Ok(range)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_three_forms_and_refuses_the_rest() {
        let r = |s: &str| s.parse::<RangeArg>();
        assert_eq!(
            r("5"),
            Ok(RangeArg {
                low: Some(5),
                high: 5
            })
        );
        assert_eq!(
            r("2..=8"),
            Ok(RangeArg {
                low: Some(2),
                high: 8
            })
        );
        assert_eq!(
            r("..=40"),
            Ok(RangeArg {
                low: None,
                high: 40
            })
        );
        assert_eq!(r("2..8"), r("2..=7"));
        assert_eq!(r("..8"), r("..=7"));
        assert_eq!(r("2..3"), r("2"));
        for bad in [
            "",
            "..",
            "2..",
            "2..2",
            "2..=",
            "..0",
            "-1",
            "+3",
            "8..=2",
            "x",
            "1..=2..=3",
        ] {
            assert!(r(bad).is_err(), "{bad}");
        }
        let e = r("99999999999999999999999").unwrap_err();
        assert!(e.contains("too large"), "{e}");
    }

    #[test]
    fn check_refuses_values_outside_the_legal_ones() {
        let r = |s: &str| s.parse::<RangeArg>().unwrap();
        assert!(r("0").check("a", 1, 100).is_err());
        assert!(r("0..=5").check("a", 1, 100).is_err());
        assert!(r("..=5").check("a", 1, 100).is_ok());
        assert!(r("..=0").check("a", 1, 100).is_err());
        assert!(r("..=101").check("c", 3, 100).is_err());
        assert!(r("18446744073709551615").check("a", 1, 100).is_err());
    }
}
