//! Shared helpers of the paper-A tests: the naive mex reference and
//! strategies that generate triples satisfying a statement's conditions.
#![allow(dead_code)]

use nimcert::engine::{naive_prefix, outcome::prime_factors, Value};
use nimcert::subtraction::Triple;
use proptest::prelude::*;

/// G_S on [0, len) by the plain mex rule.
pub fn naive(moves: &[u64], len: u64) -> Vec<Value> {
    let mut sorted = moves.to_vec();
    sorted.sort_unstable();
    naive_prefix(&sorted, len as usize)
}

/// From a naive prefix of length ≥ 2p + c: G_S is purely periodic with least
/// period p. Periodicity from 0 follows from the window of length c at p
/// repeating the one at 0; minimality from one failing shift per prime.
pub fn naive_pure_least_period(values: &[Value], p: u64, c: u64) -> Result<(), String> {
    let (p, c) = (p as usize, c as usize);
    assert!(values.len() >= 2 * p + c, "prefix too short");
    if let Some(x) = (0..p + c).find(|&x| values[x] != values[x + p]) {
        return Err(format!("not {p}-periodic from 0: G({x}) ≠ G({})", x + p));
    }
    for r in prime_factors(p as u64) {
        let d = p / r as usize;
        if (0..p).all(|x| values[x] == values[x + d]) {
            return Err(format!("{d} is a smaller period"));
        }
    }
    Ok(())
}

/// The P-positions in a prefix.
pub fn zeros(values: &[Value]) -> Vec<u64> {
    (0..values.len() as u64)
        .filter(|&x| values[x as usize] == 0)
        .collect()
}

/// Triples (a, b, c) with a in `a`, b ≤ `b_max`, c ≤ `c_max` (not filtered).
pub fn any_triple(
    a: std::ops::RangeInclusive<u64>,
    b_max: u64,
    c_max: u64,
) -> impl Strategy<Value = Triple> {
    a.prop_flat_map(move |a| (Just(a), a + 1..=b_max))
        .prop_flat_map(move |(a, b)| (Just(a), Just(b), b + 1..=c_max.max(b + 1)))
        .prop_map(|(a, b, c)| Triple::new(a, b, c).expect("a < b < c"))
}

/// Triples whose angle satisfies `cond`: (a, b) and K at random, then ρ
/// chosen among the angles with c = K(a + b) + ρ > b satisfying `cond`.
/// Yields `None` when no angle qualifies (filter those out).
pub fn triple_with(
    a: std::ops::RangeInclusive<u64>,
    b_max: u64,
    k_max: u64,
    cond: fn(&Triple) -> bool,
) -> impl Strategy<Value = Triple> {
    a.prop_flat_map(move |a| {
        (
            Just(a),
            a + 1..=b_max,
            0..=k_max,
            any::<prop::sample::Index>(),
        )
    })
    .prop_filter_map(
        "no angle satisfies the conditions",
        move |(a, b, k, idx)| {
            let m = a + b;
            let fits: Vec<Triple> = (0..m)
                .filter_map(|rho| Triple::new(a, b, k * m + rho))
                .filter(cond)
                .collect();
            (!fits.is_empty()).then(|| fits[idx.index(fits.len())])
        },
    )
}
