//! Subtraction sets: parsing and validation of user input.

use std::fmt;

/// The largest move accepted on input (documented in the README).
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
    NotANumber(String),
    Zero,
    Repeated(u64),
    TooLarge(u64),
    TooMany(usize),
}

impl fmt::Display for MoveSetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveSetError::Empty => write!(f, "the move set is empty"),
            MoveSetError::NotANumber(s) => write!(f, "'{s}' is not a positive integer"),
            MoveSetError::Zero => write!(f, "0 is not a move (moves are positive integers)"),
            MoveSetError::Repeated(m) => write!(f, "move {m} is given twice"),
            MoveSetError::TooLarge(m) => {
                write!(f, "move {m} exceeds the limit {MAX_MOVE}")
            }
            MoveSetError::TooMany(n) => {
                write!(f, "{n} moves exceed the limit of {MAX_MOVES} moves")
            }
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

    /// Parses `"2,5,7"` or `"2 5 7"` (commas and/or white space).
    pub fn parse(text: &str) -> Result<Self, MoveSetError> {
        let mut moves = Vec::new();
        for token in text
            .split(|ch: char| ch == ',' || ch.is_whitespace())
            .filter(|t| !t.is_empty())
        {
            let m: u64 = token
                .parse()
                .map_err(|_| MoveSetError::NotANumber(token.to_string()))?;
            moves.push(m);
        }
        MoveSet::new(&moves)
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

/// Greatest common divisor (gcd(0, n) = n).
pub fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}
