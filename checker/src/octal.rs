//! Rules for an `Octal` claim (format 3): the nim-sequence of an octal
//! (take-and-break) game.
//!
//! **The game.** The code "d0.d1d2…dt" has hexadecimal digits d_k (octal
//! ones, 0–7, in the common case). From a heap of n tokens a move removes
//! k tokens, 0 ≤ k ≤ min(t, n), and then, as d_k allows, leaves no heap
//! (bit 1 of d_k, only when n = k), one heap of n − k (bit 2, only when
//! n > k), two non-empty heaps a + b = n − k (bit 4, only when n − k ≥ 2,
//! split any way) or three non-empty heaps a + b + c = n − k (bit 8, only
//! when n − k ≥ 3). d0 (k = 0) has only bits 4 and 8: a split without
//! removing a token (Winning Ways, ch. 4; A. Flammenkamp's notation). A
//! sum of heaps is decided by the nim-sequence G(n) of one heap
//! (Sprague–Grundy), and
//!
//! G(n) = mex( {0 : d_n has bit 1} ∪ {G(n − k) : k < n, d_k has bit 2}
//!             ∪ {G(a) ⊕ G(n − k − a) : d_k has bit 4, 1 ≤ a ≤ (n − k)/2}
//!             ∪ {G(a) ⊕ G(b) ⊕ G(n − k − a − b) : d_k has bit 8,
//!                1 ≤ a ≤ b ≤ n − k − a − b} ),
//!
//! with k ≤ t throughout (Winning Ways, Berlekamp–Conway–Guy, ch. 4). Every
//! option is a position of fewer tokens or of the same tokens in more
//! heaps (k = 0), and the options of n read G below n only (each heap of a
//! split is non-empty, so smaller than n): each value is fixed by the
//! smaller ones, the recurrence has exactly one solution, and the checker
//! computes it by this definition, in increasing n (`Grundy`).
//!
//! Claim: G has least pre-period q, least period p, and G(n) = v(n), where
//! v is given on [0, q + p) and extended by v(n) = v(q + (n − q) mod p).
//!
//! **The code.** `code` must be one digit d0 ∈ {0, 4, 8, C} (either case),
//! a point, then 1 to t hexadecimal digits, the last one non-zero, nothing
//! else (`Code::parse`); with d0 ≠ 0 the digits after the point may be the
//! single `0`, meaning t = 0 (the game `4.0`: split a heap in two). Every
//! other text is a *wrong* claim (exit 1): no point, no digit, a d0 with
//! bit 1 or 2 (bit 2 would be a move that changes nothing, so no Grundy
//! value; bit 1 applies to no heap), a last digit 0 (the code would not say
//! what t is), a space or any other character.
//!
//! Write j = 3 when some digit (d0 included) has bit 8, else j = 2: the
//! most heaps a move leaves (j = 2 also for codes that never split).
//!
//! **Rule 1 (values, and the Octal Periodicity Theorem).** With p ≥ 1 and
//! L = j(q + p) + t + 1 (2q + 2p + t + 1 for an octal code), the checker
//! computes G on [0, L) by the mex rule
//! and requires G(n) = v(n) for every n < L (the first mismatch is
//! reported; below it G and v agree, so it is where v breaks the
//! recurrence).
//!
//! *Theorem* (Guy and Smith, 1956; Winning Ways ch. 4, "the periodicity
//! theorem for octal games"). If p ≥ 1 and G(n + p) = G(n) for every n with
//! q ≤ n < N, where N = 2q + p + t + 1, then G(n + p) = G(n) for every
//! n ≥ q.
//!
//! *Proof.* By induction on n ≥ N: assume G(m + p) = G(m) for every m with
//! q ≤ m < n, and compare the option values of n and of n + p. Since
//! n ≥ N > t, neither removes all tokens (bit 1 needs n = k ≤ t).
//! - One heap (bit 2): n − k and n + p − k, with q ≤ n − k < n, so
//!   G(n + p − k) = G(n − k) by the hypothesis.
//! - Two heaps (bit 4) from n + p − k: a split a + b = n + p − k with
//!   1 ≤ a ≤ b has 2b ≥ n + p − k ≥ N + p − t = 2q + 2p + 1, so
//!   b ≥ q + p + 1; then b′ = b − p satisfies q + 1 ≤ b′ < n, so
//!   G(b) = G(b′) and G(a) ⊕ G(b) = G(a) ⊕ G(b′), where a + b′ = n − k
//!   with a, b′ ≥ 1 is a split of n − k (⊕ is symmetric, so the order of
//!   the two heaps does not matter).
//! - Two heaps from n − k: a split a + b′ = n − k with 1 ≤ a ≤ b′ has
//!   2b′ ≥ n − k ≥ 2q + p + 1, so q < b′ < n, G(b′ + p) = G(b′), and
//!   (a, b′ + p) is a split of n + p − k with the same value.
//!
//! So n and n + p have the same option values and G(n + p) = G(n). ∎
//!
//! *The theorem for d0 and for three heaps* (j heaps at most, N =
//! j·q + (j − 1)·p + t + 1, which is the N above for j = 2). The proof is
//! the same for every 0 ≤ k ≤ t: k = 0 (the digit d0) has no bit 1 or 2,
//! only splits. A split of n + p − k into i ≤ j non-empty heaps has a
//! largest heap c with i·c ≥ n + p − k ≥ N + p − t = j(q + p) + 1, so
//! c ≥ q + p + 1 (as i ≤ j), and c′ = c − p has q + 1 ≤ c′ ≤ n − k − 1 < n
//! (the other heaps are non-empty): G(c) = G(c′), and replacing c by c′
//! gives a split of n − k into i heaps with the same value (⊕ is
//! commutative and associative, so the order of heaps does not matter).
//! Conversely a split of n − k into i ≤ j heaps has a largest heap c′ with
//! i·c′ ≥ n − k ≥ N − t = j·q + (j − 1)·p + 1 > i·q, so q < c′ < n,
//! G(c′ + p) = G(c′), and c′ + p in its place is a split of n + p − k with
//! the same value. ∎
//!
//! *The bound.* The theorem is usually printed with N = 2q + p + t. That
//! bound suffices when q ≥ 1 (then b′ ≥ q ≥ 1 above), but not when q = 0:
//! for 0.4 (remove one token, split the rest into two non-empty heaps)
//! G = 0, 0, 0, 1, …, so G(n + 1) = G(n) for 0 ≤ n < 2 = 2q + p + t with
//! q = 0, p = 1, yet G(3) ≠ G(2): the split 1 + 1 of the heap 2 has no
//! counterpart 1 + 0 in the heap 1. With one more position (N above) the
//! proof goes through for every q; it costs one position.
//!
//! *Rule 1 proves v = G.* G = v on [0, L), and v is p-periodic from q by
//! construction, so G(n + p) = G(n) for q ≤ n < L − p = N (L − p =
//! j·q + (j − 1)·p + t + 1 for every j); by the theorem
//! G is p-periodic from q, and G and v, both p-periodic from q and equal
//! on [q, q + p), are equal everywhere.
//!
//! **Rule 2 (least period).** For each prime r | p, in increasing order, a
//! witness x ≥ q with v(x) ≠ v(x + p/r) (read through the extension, which
//! Rule 1 proved equal to G; a shift that overflows fails). *Proof:* as for
//! `Sequence` ([`crate::sequence`], `crate::number`): a smaller least period
//! would divide p/r for some prime r | p, so p/r would be a period from q,
//! which the witness contradicts.
//!
//! **Rule 3 (least pre-period).** q = 0 and no witness, or the witness is
//! q − 1 and v(q − 1) ≠ v(q − 1 + p). *Proof:* p is then no period from
//! q − 1, so no pre-period below q works (the argument is spelled out in
//! [`crate::periodic`], Rule 3).
//!
//! **The sparse hint** (optional field `sparse`, still format 3). It
//! changes how Rule 1 computes the mex, never what it computes. A hint on a
//! code with three-heap splits (j = 3) is a wrong claim: the lemma below is
//! about pairs. The hint
//! is a mask m and, optionally, a position parity f ∈ {0, 1} (any other f
//! is a wrong claim, refused before any work). Write π(v) = popcount(v ∧ m)
//! mod 2, e = 1 when f is given (else 0), and class(n) = π(G(n)) ⊕
//! e·((n + f) mod 2); n ≥ 1 is *rare* when class(n) = 0. For a split of
//! s = n − k (bit 4 of d_k, 0 ≤ k ≤ t, s ≥ 2) let P_s = 1 ⊕ e·(s mod 2).
//!
//! *Lemma.* If a + b = s then π(G(a) ⊕ G(b)) = class(a) ⊕ class(b) ⊕
//! e·(s mod 2). *Proof:* π is linear over XOR (the bits of
//! (x ⊕ y) ∧ m are those of x ∧ m XOR those of y ∧ m, and popcount mod 2
//! is additive over XOR), so π(G(a) ⊕ G(b)) = π(G(a)) ⊕ π(G(b)) =
//! class(a) ⊕ class(b) ⊕ e·((a + f) + (b + f) mod 2), and
//! (a + f) + (b + f) = s + 2f ≡ s. ∎ So an option value of parity P_s
//! from the split s comes from a pair with class(a) ⊕ class(b) = 1, i.e.
//! exactly one rare heap.
//!
//! *The hinted check* (`rare`): with a hint, Rule 1 is checked against
//! the claimed values instead of by computing each mex: at every n < L,
//! every w < v(n) must be an option value of n computed from v, and v(n)
//! must not be one; by induction on n this is exactly G = v on [0, L), and
//! the least n where it fails is the first mismatch (proof in `rare`). For
//! a split s with π(v(n)) = P_s, v(n) is not a pair's value exactly when
//! no rare r < s has v(r) ⊕ v(s − r) = v(n) (the lemma, which is algebra
//! on any values: classes are computed from v); these conditions are
//! checked for one (digit, rare r) at a time over a block of n, in a tight
//! loop. A split with π(v(n)) ≠ P_s has all its pairs compared with v(n).
//! The values below v(n) are searched for among the pairs (a, s − a) from
//! a = 1 and (r, s − r) of the rare r in increasing order (a pair of
//! parity P_s has a rare heap), first among the pairs that gave them at
//! earlier positions. *Soundness:* every mark is an explicit option of n,
//! and v(n) is declared absent only when every split either had all its
//! pairs compared or, by the lemma, all its rare pairs; so the verdict is
//! exactly the one without the hint, whatever the hint (mask 0 makes every
//! position rare, a mask with no rare position makes every split a full
//! comparison: both exact, only slower).
//!
//! **`OctalPeriodic`** (format 5: the same code, q, p, witnesses and
//! optional hint, no values). The checker computes G on [0, L) itself, by
//! the mex rule (`Grundy`) without a hint and by `computed` with one (the
//! hint changes the time, never the values: proof there), and then
//! requires
//! - *Rule 1′:* G(n + p) = G(n) for q ≤ n < N = L − p (the first n where
//!   it fails is reported). By the theorem above G is then p-periodic from
//!   q, so reading G(n) for n ≥ L as G(q + (n − q) mod p) is exact;
//! - Rules 2 and 3 as above, on G read that way.
//!
//! So an accepted claim says exactly what the `Octal` claim with the true
//! values says, and a claim is accepted exactly when that `Octal` claim
//! is (`octal_periodic_is_true_exactly_when_the_octal_claim_is` in
//! checker/tests/octal.rs). Its limits are `Octal`'s (`admit_periodic`).
//! It lets a certificate of 0.376 (q = 2,268,248) or 0.354
//! (q = 10,061,916) be a few hundred bytes instead of 9 and 38 MB.
//!
//! **Limits,** judged from the sizes before any work (`admit`): t ≤
//! `--max-moves`; L = j(q + p) + t + 1 ≤ `--max-period` (with checked
//! arithmetic, and at most 2^32, so that every G(n) ≤ n fits the 32-bit
//! values: a move removes at least one token, so no play from a heap of n
//! lasts more than n moves, and a Grundy value is at most the length of
//! the longest play); and the work of the mex on [0, L), `work`, ≤
//! `--max-work`. A claim with q + p values is then checked in memory for
//! L values of 4 bytes plus the mark table of `Grundy`.
//!
//! *The exception: a hinted claim.* Its work is not bounded by its sizes
//! below the direct count (a poor hint costs as much), so `admit` judges
//! only t and L, and the work is counted as it is spent (`rare`'s
//! `Budget`): 3t + 4 a position; a block's rare-pair comparisons, 4 units
//! per 16 (charged before them) and 4 a (digit, rare r) run; 2 a pair of a
//! full comparison (charged before it); 3 a cursor step and 1 a round of a
//! search; 1 a remembered pair tried; and, for the message of a rejection,
//! the direct count of that one position's options. Past `--max-work` the
//! check stops with the over-limit verdict (exit 3, the message names the
//! flag): the time is still bounded by `--max-work`, but the refusal comes
//! during the work, not before it, and `precheck` admits a hinted claim
//! whatever its work. Memory: v on [0, L) (4 bytes a position), the rare
//! positions (at most 4 bytes a position), the mark table and the
//! remembered pairs (16 bytes a value and split digit, values below twice
//! the largest G).
//!
//! *Calibration* (2026-12-01, the shared 2-core VM at load 5–7, release
//! build, `/usr/bin/time nimcheck --max-work 10^14 --max-file-bytes 10^8`
//! on the certificates of `nimcert certify --octal 0.376` and `0.354`):
//! 0.376 counts 6.43·10^9 units in 10.5–12.3 s of user time (1.6–1.9 ns a
//! unit; 1.15·10^9 of the units are its 4.6·10^9 rare-pair comparisons in
//! runs, which took 2.4–3.3 s wall of a 27 s wall check), 0.354 counts
//! 4.43·10^9 units in 17.0–17.9 s user (3.8–4.0 ns a unit, 20 M positions
//! and the parse of a 37.9 MB file included). The unit stays "about a
//! nanosecond" or more, so no charge is inflated. Their `OctalPeriodic`
//! certificates count 7.1·10^9 and 7.4·10^9 units (2026-12-04, 5.5 and
//! 7.8 s user at load 10–13), within the default 3·10^10 (docs/TRUST.md,
//! "The default work budget").

mod computed;
mod rare;

use crate::format::{OctalClaim, OctalPeriodicClaim, SparseHint};
use crate::mex::out_of_memory;
use crate::moves::show_set;
use crate::periodic::{check_least_period, check_preperiod_witness, describe};
use crate::{too_large, within_work, wrong, Failure, Limits, Verdict};
use rare::{Budget, Sparse};

/// Checks an `Octal` claim.
pub fn check(claim: &OctalClaim, limits: &Limits) -> Verdict {
    match check_inner(claim, limits) {
        Ok(summary) => Verdict::Valid(summary),
        Err(failure) => failure.into_verdict(),
    }
}

/// The limits of an `Octal` claim: t (`--max-moves`), L (`--max-period`)
/// and the work of the mex on [0, L) (`--max-work`). A code that does not
/// parse is left to the rules, which refuse it without any work.
pub(crate) fn admit(claim: &OctalClaim, limits: &Limits) -> Result<(), Failure> {
    let sizes = (claim.preperiod, claim.period);
    admit_sizes(&claim.code, sizes, claim.sparse.is_some(), limits)
}

/// The limits of an `OctalPeriodic` claim: those of `Octal` ([`admit`]).
pub(crate) fn admit_periodic(claim: &OctalPeriodicClaim, limits: &Limits) -> Result<(), Failure> {
    let sizes = (claim.preperiod, claim.period);
    admit_sizes(&claim.code, sizes, claim.sparse.is_some(), limits)
}

/// t, L and, without a hint, the work of the direct mex on [0, L), for
/// the code `text` and (q, p) = `sizes`.
fn admit_sizes(
    text: &str,
    (q, p): (u64, u64),
    hinted: bool,
    limits: &Limits,
) -> Result<(), Failure> {
    let Ok(code) = Code::parse(text) else {
        return Ok(());
    };
    let t = code.len();
    if t > limits.max_moves {
        return too_large(format!(
            "octal code of {t} digits exceeds the limit of {} (--max-moves)",
            limits.max_moves
        ));
    }
    let length = positions(q, p, &code, limits)?;
    if hinted {
        // The hinted mex counts its work as it goes (`Budget`): its worst
        // case is the direct one, its usual case far below.
        return Ok(());
    }
    let formula = match code.heaps() {
        2 => "L·(3t + 4) + 2·(splits read), L = 2q + 2p + t + 1",
        _ => "L·(3t + 4) + 2·(pairs read) + 3·(triples bound), L = 3q + 3p + t + 1",
    };
    within_work(work(&code, length), formula, limits)
}

/// L = j(q + p) + t + 1, the positions Rule 1 computes, refused when it
/// overflows, exceeds `--max-period`, or exceeds 2^32 (the values are
/// 32-bit).
fn positions(q: u64, p: u64, code: &Code, limits: &Limits) -> Result<u64, Failure> {
    let (j, t) = (code.heaps(), code.len());
    let length = q
        .checked_add(p)
        .and_then(|n| n.checked_mul(j))
        .and_then(|n| n.checked_add(t))
        .and_then(|n| n.checked_add(1));
    match length {
        Some(n) if n <= limits.max_period && n <= 1 << 32 => Ok(n),
        Some(n) if n <= limits.max_period => too_large(format!(
            "{j}q + {j}p + t + 1 = {n} positions exceed 2^32, the most this checker computes \
             (its values are 32-bit), whatever --max-period says"
        )),
        _ => too_large(format!(
            "{j}q + {j}p + t + 1 = {j}·{q} + {j}·{p} + {t} + 1 positions exceed the limit of {} (--max-period)",
            limits.max_period
        )),
    }
}

/// The work units of computing G on [0, L): 3t + 4 per position (each
/// digit examined, its one no-heap or one-heap option read and marked, one
/// step of the mex scan per option; the mex and the store) plus 2 per split
/// option read (two values XORed and marked, one step of the scan). The
/// split options are counted exactly: the digit k with bit 4 splits
/// n − k = m for every 2 ≤ m ≤ L − 1 − k, in ⌊m/2⌋ ways, and
/// Σ_{m=0}^{M} ⌊m/2⌋ = ⌊M²/4⌋ (k = 0 included for d0). A digit with bit 8
/// splits m into triples a ≤ b ≤ c, read for a ≤ m/3 and a ≤ b ≤ (m − a)/2:
/// at most (m/3 + 1)·(m/2 + 1) ≤ (m + 3)(m + 2)/6 ≤ (m + 3)²/6 a heap, so
/// at most (M + 4)³/18 for all m ≤ M (Σ_{x ≤ X} x² ≤ (X + 1)³/3), 3 units
/// each (three values XORed, marked, one step of the scan): an upper
/// bound, not an exact count. Saturating: a huge count is only ever
/// compared with the limit.
///
/// Calibration (`cargo run --release -p nimcert-check --example
/// octal_work`, best of 5 checks without the parse, the 2-core shared VM
/// under load 2.4, 2026-12-01): 0.93 and 0.63 ns a unit for 0.33 and
/// 0.3333333 (12 and 8 million positions, no split), 0.57 ns a unit for
/// 0.77 at L = 30,145 (4.5·10^8 split options): about a nanosecond, as for
/// the other claim kinds.
pub(crate) fn work(code: &Code, length: u64) -> u64 {
    let splits = code
        .with_bit(4)
        .map(|k| {
            let m = length.saturating_sub(k + 1);
            m.saturating_mul(m) / 4
        })
        .fold(0u64, u64::saturating_add);
    let triples = code
        .with_bit(8)
        .map(|k| {
            let m = length.saturating_sub(k + 1).saturating_add(4);
            m.saturating_mul(m).saturating_mul(m) / 18
        })
        .fold(0u64, u64::saturating_add);
    length
        .saturating_mul(code.len().saturating_mul(3).saturating_add(4))
        .saturating_add(splits.saturating_mul(2))
        .saturating_add(triples.saturating_mul(3))
}

fn check_inner(claim: &OctalClaim, limits: &Limits) -> Result<String, Failure> {
    admit(claim, limits)?;
    let code = Code::parse(&claim.code)?;
    let (q, p) = (claim.preperiod, claim.period);
    if p == 0 {
        return wrong("the period must be at least 1".to_string());
    }
    let claimed = q + p; // admitted: 2(q + p) does not overflow
    if claim.values.len() as u64 != claimed {
        return wrong(format!(
            "{} values given, but q + p = {claimed}",
            claim.values.len()
        ));
    }
    let v = |n: u64| -> u32 {
        let i = if n < claimed { n } else { q + (n - q) % p };
        claim.values[i as usize]
    };
    let hint = read_hint(&code, claim.sparse.as_ref())?;
    let length = code.heaps() * claimed + code.len() + 1; // admitted
    match hint {
        None => check_values(&code, Grundy::new(length)?, q, p, &v)?,
        Some(hint) => check_hinted(&code, hint, length, q, p, &v, limits)?,
    }
    check_least_period(q, p, &claim.period_witnesses, &v)?;
    check_preperiod_witness(q, p, claim.preperiod_witness, &v)?;
    Ok(describe(&format!("octal game {}", code.show()), q, p, &v))
}

/// The sparse hint of a claim on `code`: wrong on a code that splits into
/// three heaps (the lemma is about pairs) or with a position parity other
/// than 0 or 1.
fn read_hint(code: &Code, hint: Option<&SparseHint>) -> Result<Option<Sparse>, Failure> {
    let hint = hint.map(Sparse::read).transpose()?;
    if hint.is_some() && code.heaps() == 3 {
        return wrong(format!(
            "a sparse hint is defined for codes whose moves leave at most two heaps; {} \
             splits into three",
            code.show()
        ));
    }
    Ok(hint)
}

/// Checks an `OctalPeriodic` claim (module docs, "OctalPeriodic").
pub fn check_periodic(claim: &OctalPeriodicClaim, limits: &Limits) -> Verdict {
    match check_periodic_inner(claim, limits) {
        Ok(summary) => Verdict::Valid(summary),
        Err(failure) => failure.into_verdict(),
    }
}

fn check_periodic_inner(claim: &OctalPeriodicClaim, limits: &Limits) -> Result<String, Failure> {
    admit_periodic(claim, limits)?;
    let code = Code::parse(&claim.code)?;
    let (q, p) = (claim.preperiod, claim.period);
    if p == 0 {
        return wrong("the period must be at least 1".to_string());
    }
    let hint = read_hint(&code, claim.sparse.as_ref())?;
    let length = code.heaps() * (q + p) + code.len() + 1; // admitted
    let g = match hint {
        Some(hint) => computed::values(&code, hint, length, limits)?,
        None => {
            let mut direct = Grundy::new(length)?;
            for _ in 0..length {
                direct.next(&code)?;
            }
            direct.values
        }
    };
    // Rule 1 of OctalPeriodic: G(n + p) = G(n) for q ≤ n < N = L − p.
    let end = length - p;
    if let Some(n) = (q..end).find(|&n| g[n as usize] != g[(n + p) as usize]) {
        return wrong(format!(
            "p = {p} is no period from q = {q}: G({n}) = {} but G({}) = {} (computed; the \
             Octal Periodicity Theorem needs G(n + p) = G(n) for q ≤ n < {end})",
            g[n as usize],
            n + p,
            g[(n + p) as usize]
        ));
    }
    // Proved p-periodic from q; beyond L, read through the period.
    let v = |n: u64| -> u32 {
        let i = if n < length { n } else { q + (n - q) % p };
        g[i as usize]
    };
    check_least_period(q, p, &claim.period_witnesses, &v)?;
    check_preperiod_witness(q, p, claim.preperiod_witness, &v)?;
    let game = format!("octal game {} (values computed, none listed)", code.show());
    Ok(describe(&game, q, p, &v))
}

/// Rule 1: G(n) = v(n) for every n < L (the room of `g`), G computed by
/// the mex rule.
fn check_values(
    code: &Code,
    mut g: Grundy,
    q: u64,
    p: u64,
    v: &impl Fn(u64) -> u32,
) -> Result<(), Failure> {
    // i = n for n < q + p, then q + (n − q) mod p, kept without division.
    let mut i = 0;
    for n in 0..g.length {
        let value = g.next(code)?;
        let agrees = value == v(i);
        i = if i + 1 == q + p { q } else { i + 1 };
        if agrees {
            continue;
        }
        return Err(mismatch(n, q, p, v(n), value, &g.show_options(code, n)));
    }
    Ok(())
}

/// Rule 1 with a sparse hint (`rare`): v on [0, L) checked against the
/// mex rule, the first failure reported as `check_values` does, its
/// option listing charged to the work (and left out past `--max-work`).
fn check_hinted(
    code: &Code,
    hint: Sparse,
    length: u64,
    q: u64,
    p: u64,
    v: &impl Fn(u64) -> u32,
    limits: &Limits,
) -> Result<(), Failure> {
    let mut values = Vec::new();
    usize::try_from(length)
        .ok()
        .and_then(|n| values.try_reserve_exact(n).ok())
        .ok_or_else(|| out_of_memory(length))?;
    values.extend((0..length).map(v));
    let mut budget = Budget::new(limits);
    let Some(n) = rare::first_failure(code, hint, &values, &mut budget)? else {
        return Ok(());
    };
    let below = &values[..n as usize];
    let pairs = splits(code, n, 4)
        .map(|s| s / 2)
        .fold(0, u64::saturating_add);
    let units = pairs.saturating_mul(2).saturating_add(3 * code.len() + 4);
    let options = match budget.spend(units, n) {
        Ok(()) => show_options(code, below, n),
        Err(_) => "(not listed: listing them would pass --max-work)".to_string(),
    };
    let mex = rare::direct_mex(code, below, n);
    Err(mismatch(n, q, p, v(n), mex, &options))
}

/// The failure of Rule 1 at n: v(n) claimed, `value` the mex of the
/// options (listed in `options`).
fn mismatch(n: u64, q: u64, p: u64, claimed: u32, value: u32, options: &str) -> Failure {
    let source = if n < q + p {
        String::new()
    } else {
        format!(" (values[{}] by the period)", q + (n - q) % p)
    };
    Failure::Wrong(format!(
        "recurrence fails at n = {n}: claimed {claimed}{source}, mex of options {options} is {value}"
    ))
}

/// The distinct option values of n, given G on [0, n) in `g`, at most 64
/// shown.
fn show_options(code: &Code, g: &[u32], n: u64) -> String {
    let top = g.iter().copied().max().unwrap_or(0);
    let mut present = vec![false; (top as usize + 1).next_power_of_two()];
    for_each_option(code, g, n, |x| present[x as usize] = true);
    let shown: Vec<u64> = (0..present.len() as u64)
        .filter(|&x| present[x as usize])
        .collect();
    show_set(&shown)
}

/// A code "d0.d1…dt" read by [`Code::parse`]: d0, and the digits after
/// the point as the bytes of the text (hexadecimal, either case).
pub(crate) struct Code<'a> {
    d0: u8,
    digits: &'a [u8],
}

impl<'a> Code<'a> {
    /// Reads d0 ∈ {0, 4, 8, C}, `.`, then hexadecimal digits, the last
    /// non-zero (or the single `0` after d0 ≠ 0: t = 0). `Wrong` for
    /// anything else.
    pub(crate) fn parse(text: &'a str) -> Result<Code<'a>, Failure> {
        let shown = shorten(text);
        let Some((whole, digits)) = text.split_once('.') else {
            return wrong(format!("octal code {shown:?} lacks the point of d0.d1…dt"));
        };
        let d0 = match whole {
            "0" => 0,
            "4" => 4,
            "8" => 8,
            "c" | "C" => 12,
            _ => {
                return wrong(format!(
                    "octal code {shown:?} must start with one digit 0, 4, 8 or C and a point \
                     (the digit before the point moves no token: bit 2 would be a move that \
                     changes nothing, bit 1 applies to no heap)"
                ))
            }
        };
        if let Some(i) = digits.bytes().position(|b| !b.is_ascii_hexdigit()) {
            return wrong(format!(
                "octal code {shown:?}: character {} after the point is not a hexadecimal digit",
                i + 1
            ));
        }
        let digits = match digits.as_bytes() {
            b"0" if d0 != 0 => &digits.as_bytes()[..0],
            [] => return wrong(format!("octal code {shown:?} has no digit after the point")),
            [.., b'0'] => {
                return wrong(format!(
                    "octal code {shown:?} ends in the digit 0; the last digit d_t must be non-zero"
                ))
            }
            bytes => bytes,
        };
        Ok(Code { d0, digits })
    }

    /// t, the number of digits after the point.
    pub(crate) fn len(&self) -> u64 {
        self.digits.len() as u64
    }

    /// d_k, for 0 ≤ k ≤ t (d0 for k = 0).
    pub(crate) fn digit(&self, k: u64) -> u8 {
        match k {
            0 => self.d0,
            // Hexadecimal digits (checked in `parse`): values 0–15, so the
            // conversion never fails; 0 would only mean "no move".
            _ => (self.digits[k as usize - 1] as char)
                .to_digit(16)
                .and_then(|d| u8::try_from(d).ok())
                .unwrap_or(0),
        }
    }

    /// The k, 0 ≤ k ≤ t, whose digit has `bit`, increasing.
    pub(crate) fn with_bit(&self, bit: u8) -> impl Iterator<Item = u64> + '_ {
        (0..=self.len()).filter(move |&k| self.digit(k) & bit != 0)
    }

    /// j: 3 when some digit has bit 8 (splits into three heaps), else 2.
    pub(crate) fn heaps(&self) -> u64 {
        if self.with_bit(8).next().is_some() {
            3
        } else {
            2
        }
    }

    /// The code, its digits cut after 40.
    fn show(&self) -> String {
        // ASCII digits: the text is one byte a character.
        let text = std::str::from_utf8(self.digits).unwrap_or("?");
        let text = if text.is_empty() { "0" } else { text };
        let whole = char::from_digit(u32::from(self.d0), 16).unwrap_or('?');
        format!("{}.{}", whole.to_ascii_uppercase(), shorten(text))
    }
}

/// At most the first 40 characters of `text`, with the count of the rest.
fn shorten(text: &str) -> String {
    let count = text.chars().count();
    if count <= 40 {
        return text.to_string();
    }
    let head: String = text.chars().take(40).collect();
    format!("{head}… ({} more characters)", count - 40)
}

/// G on an initial segment, one value at a time by the mex rule.
///
/// The mex uses a table `seen` of generation stamps, whose length M is a
/// power of two above every value computed so far; the options of n are
/// values and XORs of two values, all below M (the XOR of two numbers below
/// a power of two is below it), so each marks `seen[x] = n + 1`, and the
/// mex is the first x without the mark (at most M). When the mex reaches M,
/// the table doubles. M stays at most 2·(max G + 1), and G(n) ≤ n and
/// G(n) is at most the number of options of n: the table is never larger
/// than the values, nor than twice the work of one position plus 2.
///
/// Every option is listed (`for_each_option`); a hinted claim is checked
/// by `rare` instead.
struct Grundy {
    /// L, the positions to compute.
    length: u64,
    values: Vec<u32>,
    seen: Vec<u64>,
}

impl Grundy {
    /// Room for `length` values, refused (as over a limit) when the memory
    /// cannot be had.
    fn new(length: u64) -> Result<Grundy, Failure> {
        let mut values = Vec::new();
        usize::try_from(length)
            .ok()
            .and_then(|n| values.try_reserve_exact(n).ok())
            .ok_or_else(|| out_of_memory(length))?;
        Ok(Grundy {
            length,
            values,
            seen: vec![0; 1],
        })
    }

    /// Computes G(n) for the next n (the number of values so far).
    fn next(&mut self, code: &Code) -> Result<u32, Failure> {
        let n = self.values.len() as u64;
        let stamp = n + 1;
        let (values, seen) = (&self.values, &mut self.seen);
        for_each_option(code, values, n, |x| seen[x as usize] = stamp);
        let mex = seen.iter().take_while(|&&s| s == stamp).count();
        if mex == seen.len() {
            let more = seen.len();
            seen.try_reserve_exact(more)
                .map_err(|_| out_of_memory(2 * more as u64))?;
            seen.resize(2 * more, 0);
        }
        // mex ≤ n < L ≤ 2^32 (admitted), so it fits.
        let mex = u32::try_from(mex).map_err(|_| out_of_memory(n))?;
        self.values.push(mex);
        Ok(mex)
    }

    /// The distinct option values of n (computed, so n < the values'
    /// length), at most 64 shown.
    fn show_options(&self, code: &Code, n: u64) -> String {
        show_options(code, &self.values[..n as usize], n)
    }
}

/// Calls `mark` with the value of every option of a heap of n, given G on
/// [0, n) in `g` (the definition in the module docs).
fn for_each_option(code: &Code, g: &[u32], n: u64, mut mark: impl FnMut(u32)) {
    for_each_single_option(code, g, n, &mut mark);
    for s in splits(code, n, 4) {
        let s = s as usize;
        for a in 1..=s / 2 {
            mark(g[a] ^ g[s - a]);
        }
    }
    for s in splits(code, n, 8) {
        let s = s as usize;
        for a in 1..=s / 3 {
            for b in a..=(s - a) / 2 {
                mark(g[a] ^ g[b] ^ g[s - a - b]);
            }
        }
    }
}

/// Calls `mark` with the options of a heap of n that leave at most one
/// heap: 0 (bit 1, n = k) and G(n − k) (bit 2, n > k), for 1 ≤ k ≤ t (d0
/// has neither bit).
fn for_each_single_option(code: &Code, g: &[u32], n: u64, mut mark: impl FnMut(u32)) {
    for k in 1..=code.len().min(n) {
        let d = code.digit(k);
        if k == n && d & 1 != 0 {
            mark(0);
        }
        if k < n && d & 2 != 0 {
            mark(g[(n - k) as usize]);
        }
    }
}

/// The splits of a heap of n by the digits with `bit` (4: two heaps, 8:
/// three): s = n − k for each 0 ≤ k ≤ t with that bit in d_k and
/// n − k ≥ 2 (4) or ≥ 3 (8), in increasing k.
fn splits<'a>(code: &'a Code, n: u64, bit: u8) -> impl Iterator<Item = u64> + 'a {
    let least = if bit == 8 { 3 } else { 2 };
    code.with_bit(bit)
        .filter(move |&k| k <= n && n - k >= least)
        .map(move |k| n - k)
}
