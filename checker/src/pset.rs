//! Rules for a `PSet` claim: the P-positions of a subtraction game as one
//! block repeated with period P (paper A, the argument of Lemma 16).
//!
//! Claim: W0(S) = T := H + P·N with H ⊆ [0, P), and P is the least period of
//! W0(S).
//!
//! **Rule 1 (block).** P ≥ 1 and H is strictly increasing inside [0, P).
//!
//! **Rule 2 (collision-free, inside the block and across the join).** For all
//! h ∈ H and s ∈ S, (h + s) mod P ∉ H.
//!
//! **Rule 3 (cover).** The cover list names every residue r ∈ [0, P) \ H
//! exactly once, in increasing order, each with a move s ∈ S, s ≤ r and
//! r − s ∈ H.
//!
//! *Proof that T = W0(S):* W0(S) is the unique set satisfying the recurrence
//! x ∈ T ⟺ (x − s ∉ T for every s ∈ S with s ≤ x) (paper A, Lemma 4: two
//! solutions cannot first differ at any x, since x's options are smaller).
//! If x ∈ T and x − s ∈ T, then (x − s) mod P ∈ H and
//! x mod P = ((x − s) mod P + s) mod P ∈ H, which Rule 2 forbids. If x ∉ T,
//! write x = r + kP with r ∉ H; Rule 3 gives s ≤ r ≤ x with
//! x − s = (r − s) + kP ∈ T. So T satisfies the recurrence.
//!
//! **Rule 4 (least period).** For each prime r | P a residue x ∈ [0, P) with
//! [x ∈ H] ≠ [(x + P/r) mod P ∈ H]. *Proof:* the indicator of T is
//! P-periodic from 0, and any eventual period d of it is a period from 0
//! (f(x + d) = f(x + d + kP) = f(x + kP) = f(x) for k large); so if the least
//! period were smaller than P it would divide some P/r, making P/r a period
//! of the cyclic indicator on [0, P), which the witness contradicts (see
//! `crate::number`).

//!
//! The checker keeps H as a bitmap of [0, P) (P/8 bytes), so each membership
//! test is one read.

use crate::format::PSetClaim;
use crate::moves::{admit_moves, check_moves, show_list, show_set};
use crate::number::check_minimality;
use crate::{too_large, within_work, wrong, Failure, Limits, Verdict};

/// Checks a `PSet` claim.
pub fn check(claim: &PSetClaim, limits: &Limits) -> Verdict {
    match check_inner(claim, limits) {
        Ok(summary) => Verdict::Valid(summary),
        Err(failure) => failure.into_verdict(),
    }
}

/// The limits: the moves, P (`--max-period`) and the work (`--max-work`):
/// |H|·|S| collision tests (Rule 2), two units each (an addition, a
/// comparison, a bitmap read), and, per residue of [0, P), a bitmap test
/// and a binary search among the moves (Rule 3), counted as 4 + log2 |S|
/// units.
pub(crate) fn admit(claim: &PSetClaim, limits: &Limits) -> Result<(), Failure> {
    admit_moves(&claim.moves, limits)?;
    let p = claim.period;
    if p > limits.max_period {
        return too_large(format!(
            "claimed period {p} exceeds the limit of {} (--max-period)",
            limits.max_period
        ));
    }
    let moves = claim.moves.len() as u64;
    let collisions = (claim.block.len() as u64)
        .saturating_mul(moves)
        .saturating_mul(2);
    let residues = p.saturating_mul(4 + u64::from((moves | 1).ilog2()));
    within_work(
        collisions.saturating_add(residues),
        "2·|H|·|S| + P·(4 + log2 |S|)",
        limits,
    )
}

fn check_inner(claim: &PSetClaim, limits: &Limits) -> Result<String, Failure> {
    admit(claim, limits)?;
    let moves = &claim.moves;
    check_moves(moves)?;
    let p = claim.period;
    let block = &claim.block;
    if p == 0 {
        return wrong("the period must be at least 1".to_string());
    }
    // Rule 1.
    if let Some(w) = block.windows(2).find(|w| w[0] >= w[1]) {
        return wrong(format!(
            "block must be strictly increasing: {} is followed by {}",
            w[0], w[1]
        ));
    }
    if let Some(&h) = block.last().filter(|&&h| h >= p) {
        return wrong(format!("block element {h} is not below the period {p}"));
    }
    // P ≤ --max-period, so the bitmap is at most that many bits.
    let words = usize::try_from(p.div_ceil(64)).unwrap_or(usize::MAX);
    let mut bitmap = Vec::new();
    if bitmap.try_reserve_exact(words).is_err() {
        return too_large(format!(
            "cannot allocate a bitmap of P = {p} bits (lower --max-period, or free memory)"
        ));
    }
    bitmap.resize(words, 0u64);
    for &h in block {
        bitmap[(h / 64) as usize] |= 1 << (h % 64);
    }
    let in_block = |x: u64| bitmap[(x / 64) as usize] >> (x % 64) & 1 == 1;
    // Rule 2. Every h < P, so (h + s) mod P = h + (s mod P), less P when
    // that is P or more.
    let shifts: Vec<u64> = moves.iter().map(|&s| s % p).collect();
    for &h in block {
        for (&s, &shift) in moves.iter().zip(&shifts) {
            let t = h + shift;
            let t = if t >= p { t - p } else { t };
            if in_block(t) {
                return wrong(format!(
                    "collision: {h} and {} are both P-positions ({} ≡ {t} mod {p}) and differ by the move {s}",
                    h + s,
                    h + s
                ));
            }
        }
    }
    // Rule 3.
    let mut cover = claim.cover.iter();
    for r in (0..p).filter(|&r| !in_block(r)) {
        let Some(&(residue, s)) = cover.next() else {
            return wrong(format!("no cover witness for residue {r}"));
        };
        if residue != r {
            return wrong(format!(
                "cover witnesses must list [0, P) \\ H in increasing order: expected residue {r}, found {residue}"
            ));
        }
        if moves.binary_search(&s).is_err() {
            return wrong(format!("cover witness for residue {r}: {s} is not a move"));
        }
        if s > r {
            return wrong(format!(
                "cover witness for residue {r}: move {s} is larger than {r}"
            ));
        }
        if !in_block(r - s) {
            return wrong(format!(
                "cover witness for residue {r}: {r} − {s} = {} is not in the block",
                r - s
            ));
        }
    }
    if let Some(&(residue, _)) = cover.next() {
        return wrong(format!(
            "cover witness for residue {residue}, which is in the block or not below the period"
        ));
    }
    // Rule 4.
    check_minimality(p, &claim.period_witnesses, "least period", |x, d| {
        if x >= p {
            return wrong(format!("minimality witness {x} is not a residue mod {p}"));
        }
        Ok(in_block(x) != in_block((x + d) % p))
    })?;
    Ok(format!(
        "S = {}: P-positions purely periodic, least period {p}, P-positions {} mod {p}",
        show_set(moves),
        show_list(block.iter().copied(), 12)
    ))
}
