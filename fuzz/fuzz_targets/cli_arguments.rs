//! The command line's argument parsers against independent oracles: the
//! move lists (`2,5,7`, `2 5 7`), the ranges (`N`, `A..=B`, `..=B`) with
//! the closed-form size of a sweep, and `--shard k/n`. None may panic on
//! any text; what they accept must be what a plain reading of the syntax
//! accepts; their messages stay short whatever they quote.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use nimcert::campaign::Shard;
use nimcert::moves::{MoveSet, MAX_MOVE, MAX_MOVES};
use nimcert::range::RangeArg;
use nimcert::subtraction::sweep::SweepSpec;

/// A range in one of the three forms, small enough to enumerate.
#[derive(Arbitrary, Debug)]
struct SmallRange {
    low: Option<u8>,
    high: u8,
}

impl SmallRange {
    fn text(&self) -> String {
        let high = self.high % 24;
        match self.low {
            Some(low) if low % 24 == high => high.to_string(),
            Some(low) => format!("{}..={high}", low % 24),
            None => format!("..={high}"),
        }
    }
}

#[derive(Arbitrary, Debug)]
struct Input {
    /// Free text for every parser.
    text: String,
    /// Three ranges for the sweep size against enumeration.
    ranges: [SmallRange; 3],
    /// Ranges with large ends (no enumeration: no panic, no overflow).
    large: [(Option<u64>, u64); 3],
}

/// The move-list syntax read plainly: comma-separated entries, each one or
/// more space-separated decimal numbers; no empty entry.
fn oracle_moves(text: &str) -> Option<Vec<u64>> {
    let mut moves = Vec::new();
    for entry in text.split(',') {
        let words: Vec<&str> = entry.split_whitespace().collect();
        if words.is_empty() {
            return None;
        }
        for w in words {
            if !w.chars().all(|c| c.is_ascii_digit()) {
                return None;
            }
            moves.push(w.parse::<u64>().ok()?);
        }
    }
    moves.sort_unstable();
    let distinct = moves.windows(2).all(|p| p[0] < p[1]);
    let ok = !moves.is_empty()
        && moves.len() <= MAX_MOVES
        && distinct
        && moves[0] > 0
        && *moves.last().unwrap() <= MAX_MOVE;
    ok.then_some(moves)
}

fn check_moves(text: &str) {
    let parsed = MoveSet::parse(text);
    match (&parsed, oracle_moves(text)) {
        (Ok(set), Some(expected)) => {
            assert_eq!(set.as_slice(), expected.as_slice(), "{text:?}");
            // The display reads back to the same set.
            let shown = set.to_string();
            let again = MoveSet::parse(shown.trim_matches(|c| c == '{' || c == '}')).unwrap();
            assert_eq!(&again, set);
            assert!(set.short().chars().count() < 120);
        }
        (Err(e), None) => assert!(e.to_string().chars().count() < 120, "{e}"),
        (got, expected) => panic!("{text:?}: parsed {got:?}, the plain reading gives {expected:?}"),
    }
}

fn check_range_text(text: &str) {
    match text.parse::<RangeArg>() {
        Ok(range) => {
            assert!(range.low.map_or(true, |low| low <= range.high));
            assert_eq!(range.text().parse::<RangeArg>(), Ok(range.clone()));
            let _ = range.check("a", 1, MAX_MOVE);
        }
        Err(e) => assert!(e.chars().count() < 200, "{e}"),
    }
    if let Ok(shard) = text.parse::<Shard>() {
        assert!(shard.index < shard.count);
    }
}

fn spec(a: String, b: String, c: String) -> SweepSpec {
    SweepSpec {
        a,
        b,
        c,
        primitive: false,
        non_additive: false,
        max_positions: 1000,
    }
}

fuzz_target!(|input: Input| {
    check_moves(&input.text);
    check_range_text(&input.text);
    // The closed-form size against enumeration.
    let [a, b, c] = &input.ranges;
    let s = spec(a.text(), b.text(), c.text());
    let units = s.units();
    let triples: Vec<[u64; 3]> = units.iter().flat_map(|&u| s.triples(u)).collect();
    if let Ok(size) = s.size() {
        assert_eq!(size.units, units.len() as u128, "{s:?}");
        assert_eq!(size.triples, triples.len() as u128, "{s:?}");
        let sum: u64 = triples.iter().map(|t| t[2]).sum();
        assert_eq!(size.sum_c, u128::from(sum), "{s:?}");
    }
    // Large ends: refused or sized, never a panic or an overflow.
    let text = |(low, high): (Option<u64>, u64)| match low {
        Some(low) => format!("{low}..={high}"),
        None => format!("..={high}"),
    };
    let [x, y, z] = input.large;
    if let Ok(size) = spec(text(x), text(y), text(z)).size() {
        let n = u128::from(MAX_MOVE);
        assert!(size.triples <= n * n * n && size.units <= n * n);
    }
});
