//! Rules for a `Sequence` claim: the nim-sequence of a subtraction game.
//!
//! Claim: for S with largest move c, the nim-sequence G_S has least
//! pre-period q, least period p, and G_S(x) = v(x) for the claimed values v
//! on [0, q + p), extended by v(x) = v(q + (x − q) mod p) for x ≥ q + p.
//!
//! **Rule 1 (recurrence).** v(x) = mex{ v(x − s) : s ∈ S, s ≤ x } for every
//! x < q + p + c. *Proof that v = G_S:* for x ≥ q + p + c every option
//! x − s ≥ q + p − … ≥ q lies in the periodic part, and v(x) = v(x − p)
//! with all options of x shifted by −p, so the equation at x follows from
//! the equation at x − p (≥ q + c): by induction it holds for all x. The mex
//! recurrence has exactly one solution (each value is fixed by the smaller
//! ones), so v = G_S. Hence G_S is p-periodic from q.
//!
//! **Rule 2 (least period).** For each prime r | p a witness x ≥ q with
//! v(x) ≠ v(x + p/r). *Proof:* see [`crate::number`]: a smaller least
//! period d would divide p/r for some r, and since G_S is p-periodic from q,
//! p/r would be a period from q (for x ≥ q: G(x + p/r) = G(x + p/r + kp) =
//! G(x + kp) = G(x) with k large), contradicting the witness.
//!
//! **Rule 3 (least pre-period).** q = 0, or the witness is q − 1 and
//! v(q − 1) ≠ v(q − 1 + p). *Proof:* then p is not a period from q − 1, so
//! no smaller pre-period works for the least period p.

use crate::format::SequenceClaim;
use crate::moves::{check_moves, show_set};
use crate::number::check_minimality;
use crate::{too_large, wrong, Failure, Limits, Verdict};

/// Checks a `Sequence` claim.
pub fn check(claim: &SequenceClaim, limits: &Limits) -> Verdict {
    match check_inner(claim, limits) {
        Ok(summary) => Verdict::Valid(summary),
        Err(failure) => failure.into_verdict(),
    }
}

fn check_inner(claim: &SequenceClaim, limits: &Limits) -> Result<String, Failure> {
    let moves = &claim.moves;
    let c = check_moves(moves, limits)?;
    let (q, p) = (claim.preperiod, claim.period);
    if p == 0 {
        return wrong("the period must be at least 1".to_string());
    }
    let length = match q.checked_add(p) {
        Some(n) if n <= limits.max_period => n,
        _ => {
            return too_large(format!(
                "claimed q + p = {q} + {p} exceeds the limit of {} (--max-period)",
                limits.max_period
            ))
        }
    };
    let work = (length + c).saturating_mul(moves.len() as u64);
    if work > limits.max_work {
        return too_large(format!(
            "checking needs (q + p + c)·|S| = {work} steps, over the limit of {} (--max-work)",
            limits.max_work
        ));
    }
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
    check_recurrence(moves, length + c, &v)?;
    check_minimality(p, &claim.period_witnesses, "least period", |x, d| {
        if x < q {
            return wrong(format!(
                "minimality witness {x} lies before the pre-period {q}"
            ));
        }
        Ok(x.checked_add(d).is_some_and(|y| v(x) != v(y)))
    })?;
    match (q, claim.preperiod_witness) {
        (0, None) => {}
        (0, Some(w)) => return wrong(format!("pre-period 0 needs no witness, but {w} is given")),
        (_, None) => return wrong(format!("pre-period {q} > 0 needs the witness {}", q - 1)),
        (_, Some(w)) if w != q - 1 => {
            return wrong(format!(
                "pre-period witness must be q − 1 = {}, not {w}",
                q - 1
            ))
        }
        (_, Some(w)) => {
            if v(w) == v(w + p) {
                return wrong(format!(
                    "pre-period is not least: G({w}) = G({}) = {}, so the period already holds from {w}",
                    w + p,
                    v(w)
                ));
            }
        }
    }
    Ok(summary(moves, q, p, &v))
}

/// Rule 1 on [0, end): v(x) = mex of the option values.
fn check_recurrence(moves: &[u64], end: u64, v: &impl Fn(u64) -> u32) -> Result<(), Failure> {
    // mex ≤ |S|, so only values ≤ |S| need marking.
    let mut seen = vec![false; moves.len() + 1];
    for x in 0..end {
        let options = moves.iter().take_while(|&&s| s <= x).map(|&s| v(x - s));
        for o in options.clone() {
            if (o as usize) < seen.len() {
                seen[o as usize] = true;
            }
        }
        let mex = seen.iter().position(|&b| !b).unwrap_or(seen.len()) as u32;
        seen.iter_mut().for_each(|b| *b = false);
        if v(x) != mex {
            let mut shown: Vec<u64> = options.map(u64::from).collect();
            shown.sort_unstable();
            shown.dedup();
            return wrong(format!(
                "recurrence fails at x = {x}: claimed {}, mex of options {} is {mex}",
                v(x),
                show_set(&shown)
            ));
        }
    }
    Ok(())
}

fn summary(moves: &[u64], q: u64, p: u64, v: &impl Fn(u64) -> u32) -> String {
    let zeros = crate::moves::show_list((q..q + p).filter(|&x| v(x) == 0).map(|x| x - q), 12);
    let word = crate::moves::show_list((0..q + p).map(|x| v(x) as u64), 24);
    let shape = if q == 0 {
        format!("nim-sequence purely periodic, least period {p}")
    } else {
        format!("nim-sequence with least pre-period {q} and least period {p}")
    };
    let offset = if q == 0 {
        String::new()
    } else {
        format!("{q} + ")
    };
    format!(
        "S = {}: {shape}; values {word}; P-positions {offset}{{{zeros}}} mod {p}",
        show_set(moves)
    )
}
