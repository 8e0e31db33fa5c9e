//! The nim number of DNG(S, W) by exhaustive search: the mex rule on every
//! non-generating position, positions as bitmasks, memoized in a table of
//! 2^|S| bytes. Independent of the structure theory: legality is decided by
//! the geometry's τ alone.

use super::geometry::Game;
use super::mex;
use super::points::PointSet;

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
        let mut seen = Vec::new();
        for x in (0..self.n).filter(|x| position >> x & 1 == 0) {
            let option = position | 1 << x;
            if self.legal(option) {
                seen.push(self.nim(option) as u32);
            }
        }
        let value = mex(seen) as u8;
        self.table[position as usize] = value;
        value
    }

    fn legal(&mut self, position: u64) -> bool {
        match self.table[position as usize] {
            GENERATING => false,
            UNKNOWN => {
                let generates = self.game.generates(&PointSet::from_mask(self.n, position));
                if generates {
                    self.table[position as usize] = GENERATING;
                }
                !generates
            }
            _ => true,
        }
    }
}
