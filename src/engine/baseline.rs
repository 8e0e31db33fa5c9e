//! The paper's method, kept as a baseline for benchmarks: store every window
//! of c consecutive values in a hash map and stop at the first repeat
//! (paper A, §6: "the accompanying script detects the first repeated
//! complete nim-value state of length c"). Costs O(c) time and memory per
//! position; [`super::Solver`] costs O(|S|) time and O(1) memory.

use super::mex::{mex_full, mex_prefix, Value};
use super::{NoPeriodFound, QP};
use crate::moves::MoveSet;
use std::collections::HashMap;

/// Least (q, p) by the first repeated window of length c.
///
/// If the window W(x) = (G(x − c), …, G(x − 1)) first repeats at x = y + p,
/// then G is p-periodic from y − c, and since W(y − 1) ≠ W(y − 1 + p) the two
/// windows differ exactly at their first entries, so the least pre-period is
/// y − c; the least period is p because a shorter period would have repeated
/// a window earlier.
pub fn first_repeated_window(moves: &MoveSet, max_positions: u64) -> Result<QP, NoPeriodFound> {
    let c = moves.largest() as usize;
    let moves: Vec<usize> = moves.as_slice().iter().map(|&m| m as usize).collect();
    let mut values: Vec<Value> = Vec::new();
    let mut scratch = Vec::new();
    for x in 0..c {
        let v = mex_prefix(&values, &moves, x, &mut scratch);
        values.push(v);
    }
    let mut seen: HashMap<Vec<Value>, usize> = HashMap::new();
    let mut x = c;
    while (x as u64) < max_positions {
        let window = values[x - c..x].to_vec();
        if let Some(&y) = seen.get(&window) {
            return Ok(QP {
                preperiod: (y - c) as u64,
                period: (x - y) as u64,
            });
        }
        seen.insert(window, x);
        let v = mex_full(&values, &moves, x, &mut scratch);
        values.push(v);
        x += 1;
    }
    Err(NoPeriodFound {
        limit: max_positions,
    })
}
