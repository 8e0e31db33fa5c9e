//! The paper's method, kept as a baseline for benchmarks: store every window
//! of c consecutive values in a hash map and stop at the first repeat
//! (paper A, §6: "the accompanying script detects the first repeated
//! complete nim-value state of length c"). Written competently: values are
//! bytes, each window is a byte-string key, and each position costs one map
//! operation (the entry API), the same work as the paper's Python script
//! (`benches/reference/finite_check.py`) with the interpreter taken away.
//! Costs O(c) time and memory per position; [`super::Solver`] costs O(|S|)
//! time and no hashing.

use super::{NoPeriodFound, QP};
use crate::moves::MoveSet;
use std::collections::hash_map::Entry;
use std::collections::HashMap;

/// Least (q, p) by the first repeated window of length c.
///
/// If the window W(x) = (G(x − c), …, G(x − 1)) first repeats at x = y + p,
/// then G is p-periodic from y − c, and since W(y − 1) ≠ W(y − 1 + p) the two
/// windows differ exactly at their first entries, so the least pre-period is
/// y − c; the least period is p because a shorter period would have repeated
/// a window earlier.
///
/// # Panics
/// With 256 moves or more (values would not fit a byte).
pub fn first_repeated_window(moves: &MoveSet, max_positions: u64) -> Result<QP, NoPeriodFound> {
    let moves: Vec<usize> = moves.as_slice().iter().map(|&m| m as usize).collect();
    assert!(moves.len() < 256, "the baseline stores values as bytes");
    let c = *moves.last().expect("a move set is never empty");
    let mex = |values: &[u8], x: usize| {
        let options = moves.iter().take_while(|&&s| s <= x);
        let mut seen = [false; 257];
        for &s in options {
            seen[values[x - s] as usize] = true;
        }
        let mex = seen.iter().position(|&b| !b).expect("at most 256 options");
        // At most 255 moves (asserted above), so the mex is at most 255.
        u8::try_from(mex).expect("a mex of at most 255 options fits a byte")
    };
    let mut values: Vec<u8> = Vec::new();
    for x in 0..c {
        let v = mex(&values, x);
        values.push(v);
    }
    let mut seen: HashMap<Vec<u8>, usize> = HashMap::new();
    let mut x = c;
    while (x as u64) < max_positions {
        match seen.entry(values[x - c..x].to_vec()) {
            Entry::Occupied(y) => {
                let y = *y.get();
                return Ok(QP {
                    preperiod: (y - c) as u64,
                    period: (x - y) as u64,
                });
            }
            Entry::Vacant(slot) => {
                slot.insert(x);
            }
        }
        let v = mex(&values, x);
        values.push(v);
        x += 1;
    }
    Err(NoPeriodFound {
        limit: max_positions,
    })
}
