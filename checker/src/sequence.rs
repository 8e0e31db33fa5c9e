//! Rules for a `Sequence` claim: the nim-sequence of a subtraction game.
//!
//! Claim: for S with largest move c, the nim-sequence G_S has least
//! pre-period q, least period p, and G_S(x) = v(x) for the claimed values v
//! on [0, q + p), extended by v(x) = v(q + (x − q) mod p) for x ≥ q + p.
//!
//! **Rule 1 (recurrence).** v(x) = mex{ v(x − s) : s ∈ S, s ≤ x } for every
//! x < q + p + c. *Proof that v = G_S:* let x ≥ q + p + c. Every move is
//! legal at x and at x − p (both are at least c), every option x − s is at
//! least x − c ≥ q + p, and the extension gives v(x) = v(x − p) and
//! v(x − s) = v(x − p − s): the equation at x is the equation at
//! x − p ≥ q + c, so by induction it holds for all x. The mex recurrence has
//! exactly one solution (each value is fixed by the smaller ones), so
//! v = G_S. Hence G_S is p-periodic from q.
//!
//! **Rule 2 (least period).** For each prime r | p a witness x ≥ q with
//! v(x) ≠ v(x + p/r). *Proof:* see `crate::number`: a smaller least
//! period d would divide p/r for some r, and since G_S is p-periodic from q,
//! p/r would be a period from q (for x ≥ q: G(x + p/r) = G(x + p/r + kp) =
//! G(x + kp) = G(x) with k large), contradicting the witness.
//!
//! **Rule 3 (least pre-period).** q = 0, or the witness is q − 1 and
//! v(q − 1) ≠ v(q − 1 + p). *Proof:* then p is not a period from q − 1, so
//! no smaller pre-period works for the least period p (the argument is
//! spelled out in [`crate::periodic`], Rule 3).
//!
//! The checker computes G_S on [0, q + p + c) by the mex rule (`mex.rs`)
//! and compares it with v; the first x where they differ is the first x
//! where v breaks the recurrence (all smaller positions agree, so the
//! options of x have the same values under both).

use crate::format::SequenceClaim;
use crate::mex::Values;
use crate::moves::{check_moves, show_set};
use crate::periodic::{admit_game, check_least_period, check_preperiod_witness, summary};
use crate::{wrong, Failure, Limits, Verdict};

/// Checks a `Sequence` claim.
pub fn check(claim: &SequenceClaim, limits: &Limits) -> Verdict {
    match check_inner(claim, limits) {
        Ok(summary) => Verdict::Valid(summary),
        Err(failure) => failure.into_verdict(),
    }
}

/// The limits: the moves, q + p (`--max-period`) and the work of computing
/// G_S on [0, q + p + c) (`--max-work`).
pub(crate) fn admit(claim: &SequenceClaim, limits: &Limits) -> Result<(), Failure> {
    admit_game(&claim.moves, claim.preperiod, claim.period, limits)
}

fn check_inner(claim: &SequenceClaim, limits: &Limits) -> Result<String, Failure> {
    admit(claim, limits)?;
    let moves = &claim.moves;
    let c = check_moves(moves)?;
    let (q, p) = (claim.preperiod, claim.period);
    if p == 0 {
        return wrong("the period must be at least 1".to_string());
    }
    let length = q + p; // admitted: no overflow
    if claim.values.len() as u64 != length {
        return wrong(format!(
            "{} values given, but q + p = {length}",
            claim.values.len()
        ));
    }
    let v = |x: u64| -> u32 {
        let i = if x < length { x } else { q + (x - q) % p };
        claim.values[i as usize]
    };
    let mut g = Values::default();
    g.compute(moves, length + c)?;
    check_recurrence(moves, length + c, &v, &g)?;
    check_least_period(q, p, &claim.period_witnesses, &v)?;
    check_preperiod_witness(q, p, claim.preperiod_witness, &v)?;
    Ok(summary(moves, q, p, &v))
}

/// Rule 1 on [0, end): v(x) = G_S(x), the mex of the option values.
fn check_recurrence(
    moves: &[u64],
    end: u64,
    v: &impl Fn(u64) -> u32,
    g: &Values,
) -> Result<(), Failure> {
    let Some(x) = (0..end).find(|&x| v(x) != g.at(x)) else {
        return Ok(());
    };
    // Below x, v = G_S: the options of x have the same values under both.
    let mut shown: Vec<u64> = moves
        .iter()
        .take_while(|&&s| s <= x)
        .map(|&s| u64::from(g.at(x - s)))
        .collect();
    shown.sort_unstable();
    shown.dedup();
    wrong(format!(
        "recurrence fails at x = {x}: claimed {}, mex of options {} is {}",
        v(x),
        show_set(&shown),
        g.at(x)
    ))
}
