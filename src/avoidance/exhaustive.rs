//! The nim number of DNG(S, W) by exhaustive search: the mex rule on every
//! non-generating position, positions as bitmasks, memoized in a table of
//! 2^|S| bytes. Independent of the structure theory: legality is decided by
//! the geometry's τ alone. Nothing is allocated per position: the option
//! values are collected in a bitmask (a position has at most 26 options).

use super::geometry::Game;

/// The largest |S| searched exhaustively (a table of 2^26 bytes).
pub const MAX_POINTS: usize = 26;

const UNKNOWN: u8 = u8::MAX;
const GENERATING: u8 = u8::MAX - 1;

/// The search was refused: |S| is over [`MAX_POINTS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLarge(pub usize);

impl std::fmt::Display for TooLarge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "exhaustive search handles at most {MAX_POINTS} points, not {}",
            self.0
        )
    }
}

/// nim(DNG(S, W)) = nim(∅), by the mex rule over all legal positions.
pub fn nim_number(game: &Game) -> Result<u32, TooLarge> {
    let n = game.size();
    if n > MAX_POINTS {
        return Err(TooLarge(n));
    }
    let mut search = Search {
        game,
        n,
        table: vec![UNKNOWN; 1 << n],
    };
    Ok(search.nim(0) as u32)
}

struct Search<'g> {
    game: &'g Game,
    n: usize,
    table: Vec<u8>,
}

impl Search<'_> {
    /// nim of a legal position.
    fn nim(&mut self, position: u64) -> u8 {
        let known = self.table[position as usize];
        if known != UNKNOWN {
            return known;
        }
        // At most 26 options, so every option's value is below 27.
        let mut seen = 0u32;
        for x in (0..self.n).filter(|x| position >> x & 1 == 0) {
            let option = position | 1 << x;
            if self.legal(option) {
                seen |= 1 << self.nim(option);
            }
        }
        let value = (!seen).trailing_zeros() as u8;
        self.table[position as usize] = value;
        value
    }

    fn legal(&mut self, position: u64) -> bool {
        match self.table[position as usize] {
            GENERATING => false,
            UNKNOWN => {
                let generates = self.game.generates_mask(position);
                if generates {
                    self.table[position as usize] = GENERATING;
                }
                !generates
            }
            _ => true,
        }
    }
}
