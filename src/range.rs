//! Range syntax of the command line: `N`, `A..=B`, `..=B` (from the
//! smallest legal value), `A..` is not accepted (ranges are finite).

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

    /// The canonical text of the range.
    pub fn text(&self) -> String {
        match self.low {
            Some(low) if low == self.high => low.to_string(),
            Some(low) => format!("{low}..={}", self.high),
            None => format!("..={}", self.high),
        }
    }
}

impl std::str::FromStr for RangeArg {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let number = |s: &str| {
            s.trim()
                .parse::<u64>()
                .map_err(|_| format!("'{s}' is not a non-negative integer in range '{text}'"))
        };
        let range = match text.split_once("..=") {
            None => {
                let n = number(text)?;
                RangeArg {
                    low: Some(n),
                    high: n,
                }
            }
            Some(("", high)) => RangeArg {
                low: None,
                high: number(high)?,
            },
            Some((low, high)) => RangeArg {
                low: Some(number(low)?),
                high: number(high)?,
            },
        };
        if range.low.is_some_and(|low| low > range.high) {
            return Err(format!("range '{text}' is empty"));
        }
        Ok(range)
    }
}
