//! The work of an octal game's nim-sequence, estimated before it is
//! computed: an upper bound on what [`super::values::OctalSequence::work`] counts for G on
//! [0, N), and from it the most heap sizes a work bound allows a game with
//! three-heap splits ([`work_cap`]).
//!
//! **What is counted** (src/octal/values.rs), for the positions h < N:
//!
//! - one step per position: N;
//! - leaving two heaps (bit 4 of d_k, s = h − k): the direct method looks at
//!   ⌊s/2⌋ pairs; the rare-values method at most that many again over the
//!   split's life (its search resumes where it stopped) plus its list of
//!   rare positions, fewer than h/4 (else it computes h directly), so at
//!   most 2⌊s/2⌋ + ⌊h/4⌋; and each choice of a mask costs at most
//!   3·2^12·13 + N steps, with fewer than N/64 + log2(N) + 1 choices (one
//!   at each doubling from 256 on, and one each time the rare positions
//!   grow by 64 or more);
//! - leaving three heaps (bit 8 of d_k): the pair sets T(m), the distinct
//!   G(a) ⊕ G(m − a), cost ⌊m/2⌋ for each m ≤ N − 2, and a split of s = h − k
//!   looks at |T(s − a)| ≤ ⌊(s − a)/2⌋ values for each smallest heap
//!   a ≤ s/3.
//!
//! So for the direct method the count is exact but for |T(m)|, which the
//! bound takes as ⌊m/2⌋ (all pair values distinct). With S(x) = Σ_{m<x}
//! ⌊m/2⌋ = ⌊(x − 1)²/4⌋ and F(s) = S(s) − S(s − ⌊s/3⌋), the bound is
//!
//! W(N) = N + Σ_{k two-heap} S(N − k) (twice that, plus Σ ⌊h/4⌋ and the mask
//! choices, for rare values) + [three-heap] (S(N − 1) + Σ_{k three-heap}
//! Σ_{s < N − k} F(s)),
//!
//! about N²/4 per two-heap digit and 5N³/108 ≈ N³/22 per three-heap digit.
//! Two-heap games are therefore cheap at any `--max-n` the defaults allow
//! (2.5·10^9 per splitting digit at 10^5 heap sizes), but a three-heap game
//! is cubic: G on 10^5 heap sizes is bounded by 4.6·10^13 steps, and 0.9,
//! whose pair sets do grow with m, counts about N³/160 (10^10 steps at
//! N = 11,697). The bound is exact for the direct method on a game whose
//! pair values are all distinct, and is never below the count (tests).
//!
//! The cubic sum has a closed form: for s = 6j + i (0 ≤ i < 6),
//! F(s) = 5j² + e_i·j + f_i with (e_i) = (−1, 0, 1, 4, 5, 6) and
//! (f_i) = (0, 0, 0, 1, 1, 2), so a block of six sums to 30j² + 15j + 4.

use super::code::OctalCode;
use super::values::Method;
use crate::solve::MAX_MAX_N;

/// The most work of one mask choice, less the position count: the
/// transform's 3·2^bits counts for bits ≤ 12, times bits + 1.
const CHOICE: u128 = 3 * 4096 * 13;

/// The first position at which the rare-values method chooses a mask
/// (`values::WARM_UP`).
const WARM_UP: u64 = 256;

/// S(x) = Σ_{m<x} ⌊m/2⌋ = ⌊(x − 1)²/4⌋ (0 for x = 0): the pairs of the
/// splits of 0, …, x − 1 into two heaps.
fn pairs_below(x: u64) -> u128 {
    match x {
        0 => 0,
        x => u128::from(x - 1).pow(2) / 4,
    }
}

/// Σ_{h<x} ⌊h/4⌋.
fn quarters_below(x: u64) -> u128 {
    let (q, r) = (u128::from(x / 4), u128::from(x % 4));
    2 * q * q.saturating_sub(1) + r * q
}

/// Σ_{s<x} F(s), F(s) = Σ_{a=1}^{⌊s/3⌋} ⌊(s − a)/2⌋: the three-heap values
/// a code looks at for one digit over the positions whose split is below
/// x, when every pair set is as large as it can be (module docs).
fn triples_below(x: u64) -> u128 {
    const E: [i128; 6] = [-1, 0, 1, 4, 5, 6];
    const F: [i128; 6] = [0, 0, 0, 1, 1, 2];
    let (q, r) = (i128::from(x / 6), (x % 6) as usize);
    // Σ_{j<q} (30j² + 15j + 4), with Σ j² = (q − 1)q(2q − 1)/6 and
    // Σ j = q(q − 1)/2 (q(q − 1) is even).
    let blocks = 5 * (q - 1) * q * (2 * q - 1) + 15 * (q * (q - 1) / 2) + 4 * q;
    let tail: i128 = (0..r).map(|i| 5 * q * q + E[i] * q + F[i]).sum();
    // Every term is a count, so the sum is not negative.
    (blocks + tail) as u128
}

/// An upper bound on the work [`super::values::OctalSequence::work`] counts for G
/// of `code` on [0, `n`) by `method` (the module docs derive it).
pub fn work_bound(code: &OctalCode, method: Method, n: u64) -> u128 {
    let rare = method == Method::Rare;
    let mut work = u128::from(n);
    for k in code.leave_two() {
        let pairs = pairs_below(n.saturating_sub(k));
        work += match rare {
            false => pairs,
            true => 2 * pairs + quarters_below(n) - quarters_below((k + 2).min(n)),
        };
    }
    let three = code.leave_three();
    if !three.is_empty() {
        work += pairs_below(n.saturating_sub(1));
        for k in three {
            work += triples_below(n.saturating_sub(k));
        }
    }
    if rare && n > WARM_UP {
        // One choice at each doubling from 256 on (fewer than the bits of
        // n), one each time the rare positions grew by 64 or more.
        let choices = u128::from(n / 64) + u128::from(u64::BITS - n.leading_zeros());
        work += choices * (CHOICE + u128::from(n));
    }
    work
}

/// For a code with three-heap splits (a digit with bit 8), the most heap
/// sizes N ≤ 2^28 whose work is bounded within `max_work` by either method
/// ([`work_bound`] for rare values, which bounds the direct method's too):
/// the computation of G stops there, before the work counter could reach
/// `max_work`. `None` for a code without three-heap splits, whose work is
/// quadratic and is bounded by `--max-n` and the counter alone.
pub fn work_cap(code: &OctalCode, max_work: u64) -> Option<u64> {
    if code.leave_three().is_empty() {
        return None;
    }
    let fits = |n: u64| work_bound(code, Method::Rare, n) <= u128::from(max_work);
    if fits(MAX_MAX_N) {
        return Some(MAX_MAX_N);
    }
    // fits(low) and not fits(high): the bound grows with n.
    let (mut low, mut high) = (0, MAX_MAX_N);
    while high - low > 1 {
        let middle = low + (high - low) / 2;
        match fits(middle) {
            true => low = middle,
            false => high = middle,
        }
    }
    Some(low)
}

/// The work of computing G of `code` on [0, `max_n`), estimated before
/// it starts, for a caller that sums estimates and refuses a total over
/// its work bound (a claim file's audit, whose estimate of an instance is
/// otherwise nominal): [`work_bound`] by rare values for a code with
/// three-heap splits, whose work is cubic (4.6·10^13 steps at the default
/// 10^5 heap sizes); `None` for a code without, whose work (about N²/4
/// pairs per splitting digit) is left to the caller's nominal estimate
/// and the work counter.
pub fn solve_estimate(code: &OctalCode, max_n: u64) -> Option<u64> {
    let three = !code.leave_three().is_empty();
    three.then(|| u64::try_from(work_bound(code, Method::Rare, max_n)).unwrap_or(u64::MAX))
}

#[cfg(test)]
mod tests {
    use super::super::values::OctalSequence;
    use super::*;

    #[test]
    fn the_closed_forms_are_the_sums() {
        let half = |m: u64| u128::from(m / 2);
        let f = |s: u64| (1..=s / 3).map(|a| half(s - a)).sum::<u128>();
        let (mut pairs, mut quarters, mut triples) = (0, 0, 0);
        for x in 0..2000u64 {
            assert_eq!(pairs_below(x), pairs, "S({x})");
            assert_eq!(quarters_below(x), quarters, "quarters below {x}");
            assert_eq!(triples_below(x), triples, "triples below {x}");
            assert_eq!(
                f(x),
                pairs_below(x) - pairs_below(x - x / 3),
                "F({x}) as a difference"
            );
            pairs += half(x);
            quarters += u128::from(x / 4);
            triples += f(x);
        }
        // 5N³/108 to leading order.
        let n = 1u64 << 28;
        let ratio = triples_below(n) as f64 / (5.0 * (n as f64).powi(3) / 108.0);
        assert!((ratio - 1.0).abs() < 1e-6, "{ratio}");
    }

    /// The direct method's count, summed position by position from the
    /// pair sets the sequence actually built: the bound with |T(m)| in
    /// place of ⌊m/2⌋.
    fn direct_count(code: &OctalCode, sequence: &OctalSequence, n: u64) -> u128 {
        let sizes = sequence.pair_set_sizes();
        let mut work = u128::from(n);
        for h in 0..n {
            for k in code.leave_two() {
                if h >= k + 2 {
                    work += u128::from((h - k) / 2);
                }
            }
            for k in code.leave_three() {
                if h >= k + 3 {
                    let s = h - k;
                    work += (1..=s / 3)
                        .map(|a| sizes[(s - a) as usize] as u128)
                        .sum::<u128>();
                }
            }
        }
        if !code.leave_three().is_empty() {
            work += pairs_below(n.saturating_sub(1));
        }
        work
    }

    #[test]
    fn the_bound_is_the_direct_count_with_full_pair_sets() {
        for text in ["0.9", "0.8", "0.F", "0.48", "4.8", "C.0", "0.F000000F"] {
            let code = OctalCode::parse(text).unwrap();
            for n in [0u64, 1, 2, 3, 7, 40, 333] {
                let mut sequence = OctalSequence::new(&code, Method::Direct);
                sequence.extend_to(n as usize, u64::MAX);
                let counted = u128::from(sequence.work());
                assert_eq!(counted, direct_count(&code, &sequence, n), "{text} to {n}");
                let bound = work_bound(&code, Method::Direct, n);
                assert!(counted <= bound, "{text} to {n}: {counted} > {bound}");
                // Pair sets of ⌊m/2⌋ values each make it the bound.
                let full = sequence
                    .pair_set_sizes()
                    .iter()
                    .enumerate()
                    .all(|(m, &t)| t == m / 2);
                if full {
                    assert_eq!(counted, bound, "{text} to {n}");
                }
            }
        }
    }

    #[test]
    fn the_bound_holds_for_both_methods_and_is_tight_on_0_9() {
        let codes = [
            "0.9",
            "0.8",
            "0.F",
            "0.B",
            "0.4F",
            "4.8",
            "0.F000000000000F",
            "0.77",
        ];
        for text in codes {
            let code = OctalCode::parse(text).unwrap();
            for method in [Method::Direct, Method::Rare] {
                let mut sequence = OctalSequence::new(&code, method);
                for n in [100u64, 300, 700, 1500] {
                    sequence.extend_to(n as usize, u64::MAX);
                    let counted = u128::from(sequence.work());
                    let bound = work_bound(&code, method, n);
                    assert!(
                        counted <= bound,
                        "{text} {method:?} to {n}: {counted} > {bound}"
                    );
                    assert!(bound <= work_bound(&code, Method::Rare, n));
                }
            }
        }
        // On 0.9 the pair sets grow with m (G(n) is about n/2): the count
        // is cubic too, within a small factor of the bound.
        let code = OctalCode::parse("0.9").unwrap();
        let mut sequence = OctalSequence::new(&code, Method::Rare);
        sequence.extend_to(1500, u64::MAX);
        let (counted, bound) = (
            sequence.work() as f64,
            work_bound(&code, Method::Rare, 1500) as f64,
        );
        assert!(
            bound < 12.0 * counted,
            "0.9: bound {bound}, counted {counted}"
        );
    }

    #[test]
    fn the_cap_is_the_most_heap_sizes_within_the_work_bound() {
        let code = OctalCode::parse("0.9").unwrap();
        let max_work = crate::solve::DEFAULT_MAX_WORK;
        let cap = work_cap(&code, max_work).expect("three-heap splits");
        assert!(work_bound(&code, Method::Rare, cap) <= u128::from(max_work));
        assert!(work_bound(&code, Method::Rare, cap + 1) > u128::from(max_work));
        // About (108·6·10^10/5)^(1/3) = 10,903 heap sizes.
        assert!((10_800..11_000).contains(&cap), "{cap}");
        assert_eq!(work_cap(&code, 0), Some(0));
        let most = work_cap(&code, u64::MAX).expect("a cap");
        assert!(most < MAX_MAX_N && work_bound(&code, Method::Rare, most) <= u128::from(u64::MAX));
        // Two-heap codes have no cap and no estimate of their own.
        let two = OctalCode::parse("0.354").unwrap();
        assert_eq!(work_cap(&two, 1), None);
        assert_eq!(solve_estimate(&two, 100_000), None);
        let at_default = solve_estimate(&code, crate::solve::DEFAULT_MAX_N).unwrap();
        assert!(
            (4.5e13..4.7e13).contains(&(at_default as f64)),
            "{at_default}"
        );
    }
}
