//! Rules for a `Family` claim (format 6): the nim-sequence of every game
//! S = {a, b, c} with c ≡ ρ (mod a + b), from c(k0) on. The statement and
//! the three independent checks are in docs/FAMILIES.md; this module is
//! its Check 1, with every rule proved here.
//!
//! **Notation.** m = a + b, c = c(k) = m·k + ρ for k ≥ k0, S = {a, b, c},
//! B = `base_word` (m letters), "the B-run of length n" is the word
//! x ↦ B[x mod m] on [0, n). A *Base* claim says G_S(x) = B[x mod m] for
//! every x, with least period p0 (claimed, p0 | m); a *Tail* claim says
//! G_S(x) = F_k(x mod p) with p = c + d, where F_k is the B-run of length
//! c followed by the claimed word Y = `tail` of d letters, and that p is the
//! least period. E_k denotes the claimed sequence at k: E_k(x) =
//! B[x mod m] (Base) or F_k(x mod p) (Tail).
//!
//! **Rule 0 (well-formedness).** 1 ≤ a < b; ρ < m; B has exactly m
//! letters; c(k0) = m·k0 + ρ, computed without wrapping, satisfies
//! b < c(k0) (so a < b < c for every k ≥ k0); Base: p0 ≥ 1 and p0 | m;
//! Tail: d ≥ 1, the marker length L ≥ 1, its start j satisfies −L < j < d,
//! and c(k0) ≥ L. A claim that breaks one of these is refused as invalid
//! (exit 1), except that a c(k0) beyond 2^64 − 1 is refused as
//! undecidable (exit 2): this checker does not represent it.
//!
//! **Fact 1 (recurrence over one period plus c).** Let E be a sequence
//! with period P (E(x + P) = E(x) for every x). If E(x) =
//! mex{E(x − s) : s ∈ S, s ≤ x} for every x ∈ [0, P + c), then E = G_S.
//! *Proof:* let x ≥ P + c and assume the recurrence below x. Every move is
//! legal at x and at x − P ≥ c, so E(x) = E(x − P) =
//! mex{E(x − P − s) : s ∈ S} = mex{E(x − s) : s ∈ S}, the middle step
//! being the recurrence at x − P < x. So E satisfies the mex recurrence
//! everywhere, which has exactly one solution, G_S. (This is Rule 1 of
//! [`crate::periodic`] with q = 0.) Applied with P = p (Tail, positions
//! [0, p + c)) and P = p0 (Base, positions [0, p0 + c); E_k has period p0
//! by Rule B1 below).
//!
//! **Signatures.** The *signature* of x in E_k is the tuple
//! (E(x), E(x − a), E(x − b), E(x − c)), with ⊥ for each s > x. Whether
//! the recurrence holds at x depends on its signature alone, so the
//! recurrence holds on [0, P + c) (written (R_k)) iff every signature of a
//! position of [0, P + c) passes the mex test.
//!
//! **Lemma P (Tail).** Put T = b + d + m and let k_T be the least k ≥ 0
//! with c(k_T) ≥ T. (i) For every k with c(k) ≥ b + d, the signatures of
//! E_k on [0, p + c) are among those of E_(k_T); (ii) for every k ≥ k_T
//! they are exactly those of E_(k_T).
//!
//! *Proof.* Let c ≥ b + d (so also d ≤ c and b ≤ c). Split [0, p + c) =
//! [0, 2c + d) into R1 = [0, c) (the B-run), Y = [c, c + d) and
//! R3 = [p, p + c) (E(p + t) = B[t mod m], the B-run again), and read each
//! signature off the definition of F_k, using c ≡ ρ (mod m):
//!
//! - x ∈ R1, x < b: (B\[x\], B[x − a] or ⊥, ⊥, ⊥); the same for every such
//!   k (x < b ≤ c, so x − a, x − b lie in R1 when legal, and c > x).
//! - x ∈ R1, b ≤ x < c: (B\[x\], B[x − a], B[x − b], ⊥), all indices mod m:
//!   a function of x mod m alone. Call it mid1(x mod m).
//! - x = c + j ∈ Y (0 ≤ j < d): E(x) = Y\[j\]; for s ∈ {a, b}, E(x − s) is
//!   Y[j − s] if j ≥ s and otherwise B[(ρ + j − s) mod m] (the position
//!   c + j − s ≥ c − b ≥ 0 lies in R1); E(x − c) = E(j) = B[j mod m] since
//!   j < d ≤ c. None depends on k.
//! - x = p + t ∈ R3 with t < b: E(x) = B[t mod m]; E(x − s) is B[(t − s)
//!   mod m] if t ≥ s, else Y[d + t − s] if d + t − s ≥ 0, else
//!   B[(ρ + d + t − s) mod m] (position c + d + t − s ≥ c − b ≥ 0, in R1);
//!   E(x − c) = E(t + d) = B[(t + d) mod m] since t + d < b + d ≤ c. None
//!   depends on k.
//! - x = p + t ∈ R3 with b ≤ t < c − d: (B\[t\], B[t − a], B[t − b],
//!   B[t + d]) mod m (t + d < c, in R1): a function of t mod m alone,
//!   mid3(t mod m).
//! - x = p + t ∈ R3 with c − d ≤ t < c, t = c − d + u, 0 ≤ u < d: t ≥ b,
//!   so (B[(ρ − d + u) mod m], B[(ρ − d + u − a) mod m],
//!   B[(ρ − d + u − b) mod m], Y\[u\]) (x − c = c + u lies in Y). None
//!   depends on k.
//!
//! So the signature set of E_k is a set K of signatures that does not
//! depend on k, together with mid1(r) for the residues r of [b, c) and
//! mid3(r) for the residues of [b, c − d). When c − d − b ≥ m both
//! intervals meet every residue: the set is the same for every such k,
//! which gives (ii) since c(k) ≥ c(k_T) ≥ T for k ≥ k_T; for b + d ≤ c <
//! T it is a subset of that set, which gives (i). ∎
//!
//! *Consequence.* nimcheck checks (R_k) concretely for every k in
//! [min(k0, k_T), k_T]. This proves (R_k) for every k ≥ k0: for
//! k0 ≤ k ≤ k_T directly, for k > k_T by (ii). When k0 > k_T (a k0 as
//! large as 2^64/m is allowed), only k_T is checked, a member not in the
//! family: by (ii) its signatures are exactly those of every k ≥ k0, so
//! this check is sound and also complete (a true claim passes it). (By (i)
//! the checks at the k with c(k) ≥ b + d below k_T are implied by the one
//! at k_T; they are cheap and are kept.) The range has at most
//! 1 + (b + d)/m + 1 members, each of 2c + d < 2T + 2m + d positions.
//!
//! *Versus docs/FAMILIES.md.* Its Lemma P maps E_(k+1) into E_k by
//! removing m letters from each B-run, and so proves only that the
//! signatures of E_(k+1) are among those of E_k, from c(k) ≥ 2b + d + m.
//! That argument is sound, but inclusion alone does not make the check at
//! k_T complete when k0 > k_T (E_(k_T) might have signatures the family
//! does not), and its threshold is larger than needed. The classification
//! above proves equality from T = b + d + m, which is sharp: there are
//! words B, Y with c(k) = T − 1 whose E_(k+1) has a signature E_k lacks
//! (checker/tests/family.rs checks both on random words).
//!
//! **Lemma P (Base).** Let k_T be the least k ≥ 0 with c(k) ≥ b + m.
//! With E(x) = B[x mod m] and B of cyclic period p0 | m (Rule B1), the
//! signature of x is (B\[x\], B[x − a] or ⊥, ⊥, ⊥) for x < b, a function of
//! x alone; (B\[x\], B[x − a], B[x − b], ⊥) mod m for b ≤ x < c, a function
//! of x mod m; and (B\[x\], B[x − a], B[x − b], B[x − ρ]) mod m for x ≥ c
//! (c ≡ ρ), a function of x mod p0, since B[y mod m] depends only on
//! y mod p0. The positions [c, p0 + c) meet every residue mod p0, so for
//! every k with c(k) > b the signature set is a fixed set plus the mid
//! signatures of the residues of [b, c), and when c(k) ≥ b + m these are
//! all residues. Hence the signatures of every E_k with c(k) > b are among
//! those of E_(k_T), and equal them when k ≥ k_T. nimcheck checks (R_k) at
//! k_T only, which proves every k ≥ k0 (Rule 0 gives c(k0) > b), and is
//! complete for the same reason as above. (docs/FAMILIES.md takes k_T ≥ k0,
//! which costs p0 + c(k0) positions for a large k0; the least k ≥ 0 is
//! enough.)
//!
//! **Rule B1 (Base period).** B\[i\] = B[(i + p0) mod m] for every i < m,
//! so E(x) = B[x mod m] has period p0 (p0 | m).
//!
//! **Rule B2 (Base least period).** No divisor e < p0 of p0 is a cyclic
//! period of B. *Proof that then p0 is the least period of G_S = E:* a
//! period e of E satisfies B[(i + e) mod m] = B\[i\] for every i (read E at
//! x = i), so e mod m is a cyclic period of B (a rotation fixing B). The
//! rotations fixing B form a subgroup of Z_m, generated by its least
//! positive member e0, and every cyclic period is a multiple of e0; p0 is
//! one (Rule B1), so e0 | p0, and e0 is a cyclic period. If e0 < p0 it is a
//! divisor of p0 below p0, which the rule excludes; so e0 = p0 and no
//! period of E is below p0. (The divisors are tried in increasing order,
//! so a failure names e0, the least period.)
//!
//! **Fact 2 (a unique window proves the least period).** If E has period p
//! and the window (F((o0 + i) mod p))_(i < L) of its cyclic word F occurs at
//! no other offset o ∈ [0, p), then p is the least period. *Proof:* the
//! least period e divides p (standard: p mod e is a period below e); if
//! e < p, the window also occurs at (o0 + e) mod p ≠ o0.
//!
//! **Lemma M (Tail marker).** Let c(k) ≥ L and let W = content(j0) for the
//! marker's start j0, where for j ∈ [−L + 1, d) the window content(j) has
//! letters content(j)_i = B[(ρ + j + i) mod m] if j + i < 0, Y[j + i] if
//! 0 ≤ j + i < d, and B[(j + i − d) mod m] if j + i ≥ d. If W is no factor
//! of B^∞ (W ≠ (B[(r + i) mod m])_(i < L) for every r < m) and
//! content(j) ≠ W for every j ≠ j0 in [−L + 1, d), then W occurs in the
//! cyclic word F_k at the offset (c + j0) mod p only, and p is the least
//! period (Fact 2). *Proof:* an offset o ∈ [0, c − L] gives a window inside
//! R1 = [0, c), i.e. (B[(o + i) mod m])_i, a factor of B^∞, not W. Every
//! other offset is c + j with j ∈ [−L + 1, d) (c ≥ L, so c − L + 1 ≥ 1 and
//! these L + d − 1 offsets are distinct members of [0, p)). The window at
//! c + j reads position c + j + i: for j + i < 0 that is R1's position
//! c + j + i ≥ c − L + 1 ≥ 0, the letter B[(ρ + j + i) mod m]; for
//! 0 ≤ j + i < d the letter Y[j + i]; for j + i ≥ d it wraps to position
//! j + i − d ≤ L − 2 < c, the letter B[(j + i − d) mod m]. That is
//! content(j), which does not depend on k. Since c(k) ≥ c(k0) ≥ L for
//! every k ≥ k0 (Rule 0), checking the list once proves every k ≥ k0.
//!
//! **Limits**, checked before any loop over a claimed size: a, b ≤
//! `--max-move`; m + d ≤ `--max-period` (d = 0 for Base); the marker length
//! L ≤ `--max-period`; and the work, counted from the sizes, ≤
//! `--max-work`: (P + c)·32 units for each checked k (four letters read,
//! each with a division, and the mex; P = p or p0), L·(m + L + d) for the
//! marker's comparisons, m·(1 + the number of divisors of p0) for Rules B1
//! and B2. Nothing is allocated for the values: the letters of E_k are read
//! from B and Y (the one list built is the divisors of p0).

use crate::format::{FamilyClaim, FamilyShape, Marker};
use crate::moves::show_list;
use crate::{too_large, undecided, within_work, wrong, Failure, Limits, Verdict};

/// Work units per position of a recurrence check: four letters read, each
/// with a 64-bit division, and the mex of three. Measured (release build,
/// shared 2-core VM, 2026-12): 24 ns a position with a base word of 3·10^6
/// letters, 44 ns with 6·10^6 (cache misses); hence 32 units, at about a
/// nanosecond each.
const PER_POSITION: u64 = 32;

/// How the work of a `Family` claim is counted (for the limit message).
const COUNTED: &str = "(P + c)·32 for each checked k, L·(m + L + d) for the marker, \
                       m·(1 + divisors of p0) for the base period";

/// Checks a `Family` claim.
pub fn check(claim: &FamilyClaim, limits: &Limits) -> Verdict {
    let decided = admit(claim, limits)
        .and_then(|()| plan(claim))
        .and_then(|plan| decide(claim, &plan));
    match decided {
        Ok(message) => Verdict::Valid(message),
        Err(failure) => failure.into_verdict(),
    }
}

/// The limits of a `Family` claim: the sizes (`--max-move`,
/// `--max-period`), then, for a well-formed claim, the work of its checks
/// (`--max-work`). A malformed claim is admitted: [`check`] refuses it.
pub(crate) fn admit(claim: &FamilyClaim, limits: &Limits) -> Result<(), Failure> {
    admit_sizes(claim, limits)?;
    match plan(claim) {
        Ok(plan) => within_work(plan.work, COUNTED, limits),
        Err(Failure::Limit(message)) => too_large(message),
        Err(_) => Ok(()),
    }
}

/// a, b ≤ `--max-move`; m + d and L ≤ `--max-period`.
fn admit_sizes(claim: &FamilyClaim, limits: &Limits) -> Result<(), Failure> {
    for (name, s) in [("a", claim.a), ("b", claim.b)] {
        if s > limits.max_move {
            return too_large(format!(
                "move {name} = {s} exceeds the limit of {} (--max-move)",
                limits.max_move
            ));
        }
    }
    let m = base_length(claim)?;
    let (d, marker) = match &claim.shape {
        FamilyShape::Base { .. } => (0, None),
        FamilyShape::Tail { tail, marker } => (tail.len() as u64, Some(marker)),
    };
    match m.checked_add(d) {
        Some(n) if n <= limits.max_period => {}
        _ => {
            return too_large(format!(
                "a + b + |tail| = {m} + {d} exceeds the limit of {} (--max-period)",
                limits.max_period
            ))
        }
    }
    if let Some(marker) = marker {
        if marker.length > limits.max_period {
            return too_large(format!(
                "marker length {} exceeds the limit of {} (--max-period)",
                marker.length, limits.max_period
            ));
        }
    }
    Ok(())
}

/// m = a + b, or a limit when it overflows (only with `--max-move` above
/// 2^63).
fn base_length(claim: &FamilyClaim) -> Result<u64, Failure> {
    match claim.a.checked_add(claim.b) {
        Some(m) => Ok(m),
        None => too_large(format!(
            "a + b = {} + {} overflows (lower --max-move)",
            claim.a, claim.b
        )),
    }
}

/// What a well-formed claim makes the checker do.
struct Plan {
    /// m = a + b.
    m: u64,
    /// c(k0).
    c0: u64,
    /// d = |Y| (0 for Base).
    d: u64,
    /// The checked k: `first..=last` (Lemma P).
    first: u64,
    last: u64,
    /// c(last) = c(k_T); P + c(k_T) (P = p or p0) does not overflow.
    c_last: u64,
    /// The divisors of p0 below p0, increasing (Base; empty for Tail).
    divisors: Vec<u64>,
    /// The work of every check, in units.
    work: u64,
}

/// Rule 0 and the plan of the checks (the k range of Lemma P, the work).
fn plan(claim: &FamilyClaim) -> Result<Plan, Failure> {
    let (a, b, rho, k0) = (claim.a, claim.b, claim.rho, claim.from_k);
    if a == 0 {
        return wrong("a = 0 is not a move: a family needs 1 ≤ a < b".to_string());
    }
    if a >= b {
        return wrong(format!("a = {a} ≥ b = {b}: a family needs a < b"));
    }
    let m = base_length(claim)?;
    if rho >= m {
        return wrong(format!(
            "ρ = {rho} is not below m = a + b = {m}: the angle is a residue mod m"
        ));
    }
    if claim.base_word.len() as u64 != m {
        return wrong(format!(
            "the base word has {} letters, but m = a + b = {m}",
            claim.base_word.len()
        ));
    }
    let Some(c0) = m.checked_mul(k0).and_then(|x| x.checked_add(rho)) else {
        return undecided(format!(
            "c(k0) = {m}·{k0} + {rho} exceeds 2^64 − 1, which this checker does not represent"
        ));
    };
    if c0 <= b {
        return wrong(format!(
            "c(k0) = {m}·{k0} + {rho} = {c0} is not above b = {b}: a family needs a < b < c"
        ));
    }
    let overflow = || {
        Failure::Limit(format!(
            "the pumping threshold for a = {a}, b = {b} overflows (lower --max-move or --max-period)"
        ))
    };
    let (d, threshold, divisors) = match &claim.shape {
        FamilyShape::Base { period } => {
            let p0 = *period;
            if p0 == 0 {
                return wrong("the base period must be at least 1".to_string());
            }
            if m % p0 != 0 {
                return wrong(format!(
                    "the base period {p0} does not divide m = a + b = {m}"
                ));
            }
            let threshold = b.checked_add(m).ok_or_else(overflow)?;
            (0, threshold, proper_divisors(p0))
        }
        FamilyShape::Tail { tail, marker } => {
            let d = tail.len() as u64;
            if d == 0 {
                return wrong("the tail is empty: a Tail family needs d ≥ 1 letters".to_string());
            }
            check_marker_form(marker, d, c0)?;
            let threshold = b
                .checked_add(d)
                .and_then(|x| x.checked_add(m))
                .ok_or_else(overflow)?;
            (d, threshold, Vec::new())
        }
    };
    // k_T: the least k ≥ 0 with c(k) ≥ threshold.
    let k_t = threshold.saturating_sub(rho).div_ceil(m);
    let c_t = m
        .checked_mul(k_t)
        .and_then(|x| x.checked_add(rho))
        .ok_or_else(overflow)?;
    // The last position checked, P + c(k_T), fits in u64 (P = c + d or p0).
    let extra = match &claim.shape {
        FamilyShape::Base { period } => *period,
        FamilyShape::Tail { .. } => c_t.checked_add(d).ok_or_else(overflow)?,
    };
    c_t.checked_add(extra).ok_or_else(overflow)?;
    let first = match claim.shape {
        FamilyShape::Base { .. } => k_t,
        FamilyShape::Tail { .. } => k0.min(k_t),
    };
    let work = match &claim.shape {
        FamilyShape::Base { period } => {
            let positions = u128::from(*period) + u128::from(c_t);
            let base = u128::from(m) * (1 + divisors.len() as u128);
            positions * u128::from(PER_POSITION) + base
        }
        FamilyShape::Tail { marker, .. } => {
            let positions = tail_positions(m, rho, d, first, k_t);
            let l = u128::from(marker.length);
            let marker = l * (u128::from(m) + l + u128::from(d));
            positions.saturating_mul(u128::from(PER_POSITION)) + marker
        }
    };
    Ok(Plan {
        m,
        c0,
        d,
        first,
        last: k_t,
        c_last: c_t,
        divisors,
        work: u64::try_from(work).unwrap_or(u64::MAX),
    })
}

/// Σ (2c(k) + d) over k in `first..=last` (the positions [0, p + c) of each
/// checked k), in u128, saturating.
fn tail_positions(m: u64, rho: u64, d: u64, first: u64, last: u64) -> u128 {
    let n = u128::from(last - first) + 1;
    // Σk = (first + last)·n/2, an integer: n is odd or first + last is.
    let sum_k = (u128::from(first) + u128::from(last)).saturating_mul(n) / 2;
    let sum_c = u128::from(m)
        .saturating_mul(sum_k)
        .saturating_add(u128::from(rho).saturating_mul(n));
    sum_c
        .saturating_mul(2)
        .saturating_add(u128::from(d).saturating_mul(n))
}

/// Rule 0 for the marker: L ≥ 1, −L < j < d, c(k0) ≥ L.
fn check_marker_form(marker: &Marker, d: u64, c0: u64) -> Result<(), Failure> {
    let (j, l) = (marker.start, marker.length);
    if l == 0 {
        return wrong("the marker length must be at least 1".to_string());
    }
    let (jj, ll, dd) = (i128::from(j), i128::from(l), i128::from(d));
    if jj <= -ll || jj >= dd {
        return wrong(format!(
            "the marker start {j} is outside (−L, d) = (−{l}, {d}): the window must meet the tail"
        ));
    }
    if c0 < l {
        return wrong(format!(
            "c(k0) = {c0} is below the marker length {l}: Lemma M needs c ≥ L"
        ));
    }
    Ok(())
}

/// The divisors of n below n, increasing (n ≥ 1). The loop runs to √n, and
/// n ≤ m is the length of the base word, a list in memory.
fn proper_divisors(n: u64) -> Vec<u64> {
    let mut small = Vec::new();
    let mut large = Vec::new();
    let mut e = 1u64;
    while e.checked_mul(e).is_some_and(|square| square <= n) {
        if n % e == 0 {
            small.push(e);
            let other = n / e;
            if other != e && other != n {
                large.push(other);
            }
        }
        e += 1;
    }
    small.retain(|&e| e != n);
    large.reverse();
    small.extend(large);
    small
}

/// The rules for a planned claim; the text of the verdict when they hold.
fn decide(claim: &FamilyClaim, plan: &Plan) -> Result<String, Failure> {
    let base = &claim.base_word;
    let m = plan.m;
    let (a, b, rho) = (claim.a, claim.b, claim.rho);
    // Rule 0 gave base.len() = m ≥ 3, so x % m indexes base.
    let letter_b = |x: u64| base[(x % m) as usize];
    let checked = if plan.first == plan.last {
        format!("checked k = {}", plan.last)
    } else {
        format!("checked k = {}..{}", plan.first, plan.last)
    };
    let family = format!(
        "every S = {{{a}, {b}, c}}, c = {m}k + {rho}, k ≥ {} (c ≥ {})",
        claim.from_k, plan.c0
    );
    let word = |w: &[u32]| show_list(w.iter().map(|&v| u64::from(v)), 24);
    match &claim.shape {
        FamilyShape::Base { period } => {
            let p0 = *period;
            // Rule B1.
            if let Some(i) = (0..m).find(|&i| letter_b(i) != letter_b(i + p0)) {
                return wrong(format!(
                    "{p0} is not a period of the base word: B[{i}] = {} but B[{}] = {}",
                    letter_b(i),
                    (i + p0) % m,
                    letter_b(i + p0)
                ));
            }
            // Rule B2.
            if let Some(&e) = plan
                .divisors
                .iter()
                .find(|&&e| (0..m).all(|i| letter_b(i) == letter_b(i + e)))
            {
                return wrong(format!(
                    "the base word has the smaller period {e}, so {p0} is not the least period"
                ));
            }
            // Lemma P (Base) and Fact 1 at k_T.
            let c = plan.c_last;
            recurrence(plan.last, [a, b, c], p0 + c, letter_b)?;
            Ok(format!(
                "{family}: G_S(x) = B(x mod {m}), purely periodic, least period {p0}; \
                 B = {} ({checked} by Lemma P)",
                word(base)
            ))
        }
        FamilyShape::Tail { tail, marker } => {
            let d = plan.d;
            // Lemma P (Tail) and Fact 1 for each k of the range.
            for k in plan.first..=plan.last {
                // k ≤ k_T, so c(k) ≤ c(k_T) and p + c ≤ 2c(k_T) + d, which
                // the plan computed without overflow.
                let c = m * k + rho;
                let p = c + d;
                let e = |x: u64| {
                    if x < c {
                        letter_b(x)
                    } else if x < p {
                        // x − c < d = |Y|.
                        tail[(x - c) as usize]
                    } else {
                        letter_b(x - p)
                    }
                };
                recurrence(k, [a, b, c], p + c, e)?;
            }
            // Lemma M.
            check_marker(base, tail, rho, marker)?;
            Ok(format!(
                "{family}: purely periodic, least period c + {d}; one period is the B-run \
                 of length c, then {}; B = {} ({checked} by Lemma P; marker at {}, length {})",
                word(tail),
                word(base),
                at_c(i128::from(marker.start)),
                marker.length
            ))
        }
    }
}

/// "c − 3", "c", "c + 2".
fn at_c(j: i128) -> String {
    match j {
        0 => "c".to_string(),
        j if j < 0 => format!("c − {}", j.unsigned_abs()),
        j => format!("c + {j}"),
    }
}

/// The mex recurrence of S = `moves` at every x ∈ [0, n) of the claimed
/// sequence `e` (Fact 1), for the member k.
fn recurrence(k: u64, moves: [u64; 3], n: u64, e: impl Fn(u64) -> u32) -> Result<(), Failure> {
    let c = moves[2];
    for x in 0..n {
        let mut options = [None; 3];
        for (slot, &s) in options.iter_mut().zip(&moves) {
            if s <= x {
                *slot = Some(e(x - s));
            }
        }
        // At most three options: the mex is at most 3.
        let mut mex = 0u32;
        while options.contains(&Some(mex)) {
            mex += 1;
        }
        let v = e(x);
        if v != mex {
            let mut shown: Vec<u64> = options.iter().flatten().map(|&o| u64::from(o)).collect();
            shown.sort_unstable();
            shown.dedup();
            return wrong(format!(
                "recurrence fails at k = {k}, c = {c}, x = {x}: claimed {v}, mex of options {{{}}} is {mex}",
                show_list(shown.into_iter(), 3)
            ));
        }
    }
    Ok(())
}

/// Lemma M: W = content(start) is no factor of B^∞, and no other
/// content(j), j ∈ [−L + 1, d), equals it.
fn check_marker(base: &[u32], tail: &[u32], rho: u64, marker: &Marker) -> Result<(), Failure> {
    let m = base.len() as i128;
    let d = tail.len() as i128;
    let l = i128::from(marker.length);
    let start = i128::from(marker.start);
    let rho = i128::from(rho);
    // Every index below is reduced mod m or lies in [0, d).
    let content = |j: i128, i: i128| -> u32 {
        let q = j + i;
        if q < 0 {
            base[(rho + q).rem_euclid(m) as usize]
        } else if q < d {
            tail[q as usize]
        } else {
            base[((q - d) % m) as usize]
        }
    };
    let window = |j: i128| {
        let shown = (0..l.min(24)).map(|i| u64::from(content(j, i)));
        let more = if l > 24 { ",..." } else { "" };
        format!("({}{more})", show_list(shown, 24))
    };
    if let Some(r) =
        (0..m).find(|&r| (0..l).all(|i| content(start, i) == base[((r + i) % m) as usize]))
    {
        return wrong(format!(
            "the marker window {} at {} (length {l}) is the B-run read from phase {r}, \
             so it may occur inside the B-run",
            window(start),
            at_c(start)
        ));
    }
    if let Some(j) =
        (1 - l..d).find(|&j| j != start && (0..l).all(|i| content(j, i) == content(start, i)))
    {
        return wrong(format!(
            "the marker window {} at {} (length {l}) occurs again at {}",
            window(start),
            at_c(start),
            at_c(j)
        ));
    }
    Ok(())
}
