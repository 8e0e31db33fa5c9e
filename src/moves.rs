//! Subtraction sets: parsing and validation of user input.

use std::fmt;

/// The largest move accepted on input (documented in docs/GUIDE.md).
pub const MAX_MOVE: u64 = 1 << 24;
/// The largest number of moves accepted on input.
pub const MAX_MOVES: usize = 4096;

/// A finite set of positive integers, stored strictly increasing.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveSet(Vec<u64>);

/// Why a list of moves was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveSetError {
    Empty,
    /// Two commas in a row, or a comma at either end.
    EmptyEntry,
    NotANumber(String),
    Zero,
    Repeated(u64),
    TooLarge(u64),
    TooMany(usize),
    /// A brace that does not enclose the whole set (`{3,5`, `3}`, `{{3}}`).
    Braces,
}

impl fmt::Display for MoveSetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveSetError::Empty => write!(f, "the move set is empty"),
            MoveSetError::EmptyEntry => write!(
                f,
                "an empty entry in the moves (two commas in a row, or a comma at an end)"
            ),
            MoveSetError::NotANumber(s) => {
                write!(f, "'{}' is not a positive integer", clip(s, 24))
            }
            MoveSetError::Zero => write!(f, "0 is not a move (moves are positive integers)"),
            MoveSetError::Repeated(m) => write!(f, "move {m} is given twice"),
            MoveSetError::TooLarge(u64::MAX) => {
                write!(f, "a move exceeds the limit {MAX_MOVE}")
            }
            MoveSetError::TooLarge(m) => {
                write!(f, "move {m} exceeds the limit {MAX_MOVE}")
            }
            MoveSetError::TooMany(n) => {
                write!(f, "{n} moves exceed the limit of {MAX_MOVES} moves")
            }
            MoveSetError::Braces => write!(
                f,
                "unbalanced braces in the moves: write the set as {{3,5,9}}, 3,5,9 or 3 5 9"
            ),
        }
    }
}

impl std::error::Error for MoveSetError {}

impl MoveSet {
    /// Builds a move set from moves in any order; rejects 0, repeats,
    /// moves over [`MAX_MOVE`] and more than [`MAX_MOVES`] moves.
    pub fn new(moves: &[u64]) -> Result<Self, MoveSetError> {
        if moves.is_empty() {
            return Err(MoveSetError::Empty);
        }
        if moves.len() > MAX_MOVES {
            return Err(MoveSetError::TooMany(moves.len()));
        }
        let mut v = moves.to_vec();
        v.sort_unstable();
        if v[0] == 0 {
            return Err(MoveSetError::Zero);
        }
        if let Some(w) = v.windows(2).find(|w| w[0] == w[1]) {
            return Err(MoveSetError::Repeated(w[0]));
        }
        let largest = *v.last().expect("non-empty");
        if largest > MAX_MOVE {
            return Err(MoveSetError::TooLarge(largest));
        }
        Ok(MoveSet(v))
    }

    /// Parses `"2,5,7"`, `"2 5 7"` or the set notation of the papers and
    /// claim files, `"{2, 5, 7}"`: decimal numbers separated by one comma
    /// and/or white space (`2,,3` and `,2` are refused), optionally enclosed
    /// in one pair of braces (`{2,5` and `2}` are refused). A number of
    /// digits too large for a move is [`MoveSetError::TooLarge`]; more than
    /// [`MAX_MOVES`] numbers are refused without reading the rest.
    pub fn parse(text: &str) -> Result<Self, MoveSetError> {
        let trimmed = text.trim();
        let text = match trimmed.strip_prefix('{') {
            Some(inner) => inner.strip_suffix('}').ok_or(MoveSetError::Braces)?,
            None => trimmed,
        };
        if text.contains(['{', '}']) {
            return Err(MoveSetError::Braces);
        }
        let mut moves = Vec::new();
        for token in text.split(',') {
            let words: Vec<&str> = token.split_whitespace().collect();
            if words.is_empty() {
                return Err(if text.trim().is_empty() {
                    MoveSetError::Empty
                } else {
                    MoveSetError::EmptyEntry
                });
            }
            for word in words {
                if moves.len() == MAX_MOVES {
                    return Err(MoveSetError::TooMany(
                        text.split(|c: char| c == ',' || c.is_whitespace())
                            .filter(|t| !t.is_empty())
                            .count(),
                    ));
                }
                moves.push(parse_number(word)?);
            }
        }
        MoveSet::new(&moves)
    }

    /// The set as `{2,5,7}` when short, else its first and last moves and
    /// their number, e.g. `{1,2,3,…,4096} (4096 moves)`: for messages,
    /// which must stay one short line whatever the input.
    pub fn short(&self) -> String {
        const SHOWN: usize = 6;
        if self.0.len() <= SHOWN + 1 {
            return self.to_string();
        }
        let head: Vec<String> = self.0[..SHOWN].iter().map(u64::to_string).collect();
        format!(
            "{{{},…,{}}} ({} moves)",
            head.join(","),
            self.largest(),
            self.0.len()
        )
    }

    /// The moves, strictly increasing.
    pub fn as_slice(&self) -> &[u64] {
        &self.0
    }

    /// The largest move c.
    pub fn largest(&self) -> u64 {
        *self.0.last().expect("a move set is never empty")
    }

    /// The number of moves.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Always false: a move set has at least one move.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// gcd of all moves.
    pub fn gcd(&self) -> u64 {
        self.0.iter().fold(0, |g, &m| gcd(g, m))
    }
}

impl fmt::Display for MoveSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{")?;
        for (i, m) in self.0.iter().enumerate() {
            if i > 0 {
                write!(f, ",")?;
            }
            write!(f, "{m}")?;
        }
        write!(f, "}}")
    }
}

/// A move: decimal digits only; too many digits for a u64 is "too large",
/// not "not a number".
fn parse_number(word: &str) -> Result<u64, MoveSetError> {
    if word.is_empty() || !word.bytes().all(|b| b.is_ascii_digit()) {
        return Err(MoveSetError::NotANumber(word.to_string()));
    }
    word.parse().or(Err(MoveSetError::TooLarge(u64::MAX)))
}

/// At most `n` characters of `s`, then `…`.
pub fn clip(s: &str, n: usize) -> String {
    match s.char_indices().nth(n) {
        Some((cut, _)) => format!("{}…", &s[..cut]),
        None => s.to_string(),
    }
}

/// A message made one line (its non-empty lines trimmed and joined by
/// "; ") and cut to at most `n` characters ([`clip`]): the form of every
/// error the command line and the Python package print.
pub fn one_line(message: &str, n: usize) -> String {
    let joined = message
        .split(['\n', '\r'])
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("; ");
    clip(&joined, n)
}

/// Greatest common divisor (gcd(0, n) = n).
pub fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_accepts_commas_and_spaces_and_refuses_empty_entries() {
        let expected = MoveSet::new(&[2, 5, 7]).unwrap();
        for ok in ["2,5,7", "2 5 7", "7, 2 ,5", " 2\t5 7 "] {
            assert_eq!(MoveSet::parse(ok), Ok(expected.clone()), "{ok}");
        }
        for bad in ["2,,3", ",2", "2,", "2, ,3"] {
            assert_eq!(MoveSet::parse(bad), Err(MoveSetError::EmptyEntry), "{bad}");
        }
        assert_eq!(MoveSet::parse(" "), Err(MoveSetError::Empty));
        assert_eq!(MoveSet::parse(""), Err(MoveSetError::Empty));
        assert!(matches!(
            MoveSet::parse("+3"),
            Err(MoveSetError::NotANumber(_))
        ));
    }

    #[test]
    fn parse_accepts_the_set_notation_and_refuses_stray_braces() {
        let expected = MoveSet::new(&[3, 5, 9]).unwrap();
        for ok in ["{3,5,9}", "{3, 5, 9}", " { 9 5 3 } ", "3,5,9", "3 5 9"] {
            assert_eq!(MoveSet::parse(ok), Ok(expected.clone()), "{ok}");
        }
        for bad in ["{3,5,9", "3,5,9}", "{{3,5,9}}", "{3}{5}", "3,{5},9"] {
            let e = MoveSet::parse(bad).unwrap_err();
            assert_eq!(e, MoveSetError::Braces, "{bad}");
            assert!(e.to_string().contains("{3,5,9}"), "{e}");
        }
        assert_eq!(MoveSet::parse("{}"), Err(MoveSetError::Empty));
        assert_eq!(MoveSet::parse("{3,,5}"), Err(MoveSetError::EmptyEntry));
    }

    #[test]
    fn huge_numbers_are_too_large_not_malformed() {
        let e = MoveSet::parse("12345678901234567890123").unwrap_err();
        assert_eq!(e, MoveSetError::TooLarge(u64::MAX));
        assert!(e.to_string().contains("exceeds the limit"), "{e}");
        let e = MoveSet::parse("18446744073709551615").unwrap_err();
        assert!(e.to_string().contains("exceeds the limit"), "{e}");
    }

    #[test]
    fn messages_stay_short_whatever_the_input() {
        let long = "9x".repeat(10_000);
        assert!(MoveSet::parse(&long).unwrap_err().to_string().len() < 80);
        let many: Vec<u64> = (1..=4096).collect();
        let set = MoveSet::new(&many).unwrap();
        assert_eq!(set.short(), "{1,2,3,4,5,6,…,4096} (4096 moves)");
        let text: Vec<String> = (1..=5000).map(|m| m.to_string()).collect();
        let e = MoveSet::parse(&text.join(",")).unwrap_err();
        assert_eq!(e, MoveSetError::TooMany(5000));
    }
}
