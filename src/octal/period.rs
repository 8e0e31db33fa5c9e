//! The least pre-period and period of an octal game, proved by the Octal
//! Periodicity Theorem.
//!
//! **Theorem** (Guy and Smith 1956; Winning Ways, ch. 4). Let G be the
//! nim-sequence of the octal game 0.d1…dt. If G(n + p) = G(n) for all n with
//! q ≤ n < 2q + p + t + 1, then G(n + p) = G(n) for all n ≥ q.
//!
//! *Proof.* Induction on n ≥ 2q + p + t + 1. A heap of n + p > t cannot be
//! taken whole. Leaving one heap: n + p − k ↔ n − k, and n − k ≥ q, so
//! G(n + p − k) = G(n − k). Leaving two: a split (a, b) of n + p − k with
//! a ≤ b has 2b ≥ n + p − k ≥ 2q + 2p + 1, so b − p ≥ q + 1 ≥ 1: G(b) =
//! G(b − p) and (a, b − p) is a split of n − k; a split (a, b') of n − k
//! with a ≤ b' has b' > q, so (a, b' + p) is a split of n + p − k with the
//! same value. The option values of n + p and n are the same set.
//!
//! The theorem is usually printed with 2q + p + t; that range suffices for
//! q ≥ 1 but not for q = 0 (0.4 has G = 0, 0, 0, 1: p = 1 passes on [0, 2)
//! and fails at 3, because the split 1 + 1 of 2 has no counterpart 1 + 0).
//! The checker (`checker/src/octal.rs`) uses the range above, which
//! works for every q, and so does this search, so that nothing it claims is
//! refused there.
//!
//! **Splits without removal and into three heaps** (codes d0.d1…, and
//! hexadecimal digits, [`super::code`]). Let j be the most heaps a move
//! leaves (2, or 3 with a digit having bit 8). *Theorem.* If G(n + p) = G(n)
//! for q ≤ n < N = j·q + (j − 1)·p + t + 1, then for all n ≥ q. *Proof.* As
//! above, by induction on n ≥ N, for every k with 0 ≤ k ≤ t (k = 0 is the
//! digit d0: it neither takes a whole heap nor leaves one heap, only
//! splits). A split of n + p − k into i ≤ j non-empty heaps has a largest
//! heap c with i·c ≥ n + p − k ≥ N + p − t = j·(q + p) + 1, so c ≥ q + p + 1
//! and c′ = c − p has q + 1 ≤ c′ ≤ n − k − 1 < n: G(c) = G(c′), and
//! replacing c by c′ gives a split of n − k into i heaps with the same
//! value. Conversely a split of n − k into i ≤ j heaps has a largest heap
//! c′ with i·c′ ≥ n − k ≥ j·q + (j − 1)·p + 1 > i·q, so q < c′ < n and
//! replacing c′ by c′ + p gives a split of n + p − k with the same value.
//! For j = 2 this is the range above. ∎ The range checked is then
//! L = N + p = j·(q + p) + t + 1 ([`proof_length`]), and the lemma below
//! holds with j in place of 2.
//!
//! So G on [0, 2q + 2p + t + 1) decides it. [`find_period`] returns the least
//! p for which some q passes, with the least such q: that is the least
//! period and least pre-period of G (a p that passes is a true period, so a
//! multiple of the least period p*; every multiple m·p* has the same least
//! pre-period q*, because G(q* − 1 + m·p*) = G(q* − 1 + p*) ≠ G(q* − 1); so
//! when m·p* passes, p* passes too, with q*).
//!
//! **The search without re-testing multiples.** For G on [0, N) and p ≥ 1
//! let q(p) be the least q with G(m + p) = G(m) for q ≤ m < N − p; p
//! *passes* when 2q(p) + 2p + t + 1 ≤ N. [`find_period`] tries p = 1, 2, …
//! and computes q(p) by scanning down from the top to the last mismatch,
//! except for the p it has ruled out by this lemma, which would otherwise
//! make every multiple of a period p* scan the whole p*-periodic tail
//! (quadratic).
//!
//! *Lemma.* If p fails, x = q(p) − 1 ≥ 0 and k ≥ 2 with x + kp < N, then
//! kp fails. *Proof.* p fails and 2·0 + 2p + t + 1 ≤ N (p is tried only
//! then), so q(p) > 0 and x is a mismatch: G(x) ≠ G(x + p). For
//! 1 ≤ j < k, y = x + jp has q(p) ≤ y and y + p ≤ x + kp < N, so
//! G(y + p) = G(y): G(x + kp) = G(x + p) ≠ G(x). As x < N − kp, x is in
//! the range that defines q(kp), so q(kp) ≥ x + 1 = q(p), and
//! 2q(kp) + 2kp + t + 1 > 2q(p) + 2p + t + 1 > N. ∎
//!
//! So when p fails after a long matched run (the first few such p), its
//! multiples kp ≤ N − q(p) are skipped; the others are scanned as before,
//! and the result is exactly the least (q, p) of the definition (the tests
//! compare it with the plain scan). A multiple that is not skipped has
//! kp > N − q(p), so its scan starts below q(p), not in the periodic tail;
//! it can still be long where G below q(p) is periodic but for scattered
//! positions, so past 4N scanned steps q(p) is read off the Z-array of G
//! read backwards instead, O(N) for every p at once ([`search_period`]).
//!
//! **Where to try.** [`solve`] tries the theorem as G grows; no p passing
//! at N, the least j(q(p) + p) + t + 1 over the p tried is where the
//! likeliest p would pass, and G is computed to there (within a quarter
//! more, and at least N/64 more) before the next try, not to the next
//! power of two or quarter: the (q, p) found is the same wherever it is
//! found (above), so only the work changes.

use super::code::{OctalCode, Reach};
use super::estimate;
use super::values::{Method, OctalSequence};

/// A solved octal game: least pre-period q, least period p, and G on
/// [0, 2q + 2p + t + 1), the prefix the theorem needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OctalSolution {
    pub code: OctalCode,
    pub preperiod: u64,
    pub period: u64,
    pub values: Vec<u32>,
    /// The sparse-space split the rare-values method ended with, as (mask,
    /// position parity), if it chose one: a hint for the checker.
    pub sparse: Option<(u32, Option<u32>)>,
}

impl OctalSolution {
    /// G(n) for any n (by the period beyond the computed prefix).
    pub fn value(&self, n: u64) -> u32 {
        let (q, p) = (self.preperiod, self.period);
        let i = if n < self.values.len() as u64 {
            n
        } else {
            q + (n - q) % p
        };
        self.values[i as usize]
    }

    /// j(q + p) + t + 1: the positions the theorem looks at.
    pub fn proof_length(&self) -> u64 {
        proof_length(self.preperiod, self.period, self.code.reach())
    }
}

/// What a bounded search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OctalOutcome {
    /// Periodic, with the proof's prefix.
    Periodic(OctalSolution),
    /// No (q, p) passes the theorem with G on [0, `below`): nothing is
    /// claimed, neither a period nor its absence.
    /// `values` is G on [0, `below`): exact values, with no period.
    NoPeriodBelow {
        below: u64,
        rare: usize,
        values: Vec<u32>,
    },
    /// The work bound was reached after `computed` positions: counted, or
    /// estimated for the next heap sizes of a code with three-heap splits
    /// (`computed` is then [`estimate::work_cap`]).
    WorkLimit { computed: u64 },
}

/// j(q + p) + t + 1: the prefix of G the theorem needs for (q, p); for
/// an octal code (j = 2) 2q + 2p + t + 1.
pub fn proof_length(q: u64, p: u64, reach: Reach) -> u64 {
    reach.heaps * (q + p) + reach.t + 1
}

/// The least (q, p) that passes the theorem on `g` (G on [0, N)), if any:
/// the least p ≥ 1, and for it the least q, with j(q + p) + t + 1 ≤ N and
/// G(n + p) = G(n) for q ≤ n < N − p. Multiples of a failed p are skipped
/// by the lemma of the module docs.
pub fn find_period(g: &[u32], reach: Reach) -> Option<(u64, u64)> {
    search_period(g, reach).found
}

/// What [`search_period`] found on G on [0, N).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PeriodSearch {
    /// The least (q, p) that passes, as [`find_period`].
    pub found: Option<(u64, u64)>,
    /// When none passes: the least j(q(p) + p) + t + 1 over the p tried, the
    /// prefix that would prove p if G stayed p-periodic from q(p) on (a
    /// length over N; a multiple of a p tried needs more, by the lemma).
    /// N + 1 when no p could be tried.
    pub needs: u64,
}

/// Matched runs of at least this many positions (N − p − q(p)) rule out
/// the multiples of a failed p: a p whose run is shorter costs little to
/// scan, and so would its multiples.
const LONG_RUN: u64 = 64;

/// At most this many failed p rule out their multiples (each costs a
/// division per p tried).
const RULERS: usize = 8;

/// [`find_period`], and when no p passes, the prefix the likeliest p needs
/// ([`PeriodSearch::needs`]), so that a caller can compute G that far and
/// no further before trying again.
///
/// q(p) is found by a scan down from the top while the scans have cost
/// under 4N steps in all; past that (a sequence periodic with sparse
/// exceptions makes many p match for long: 0.376 below its pre-period
/// is 4-periodic but for scattered positions, so every multiple of 4 the
/// lemma does not rule out scans thousands of positions), from the Z-array
/// of G read backwards (`matched_runs`), O(N) in all.
pub fn search_period(g: &[u32], reach: Reach) -> PeriodSearch {
    let n = g.len() as u64;
    let mut rulers: Vec<(u64, u64)> = Vec::new();
    let mut budget = 4 * n;
    let mut runs: Option<Vec<u32>> = None;
    let mut needs = u64::MAX;
    let mut p = 1;
    while proof_length(0, p, reach) <= n {
        if rulers
            .iter()
            .any(|&(ruler, top)| p <= top && p.is_multiple_of(ruler))
        {
            p += 1;
            continue;
        }
        let q = match &runs {
            Some(z) => n - p - u64::from(z[p as usize]),
            None => {
                let q = least_preperiod(g, p);
                budget = budget.saturating_sub(n - p - q + 1);
                if budget == 0 {
                    runs = Some(matched_runs(g, ((n - reach.t - 1) / reach.heaps) as usize));
                }
                q
            }
        };
        let length = proof_length(q, p, reach);
        if length <= n {
            return PeriodSearch {
                found: Some((q, p)),
                needs: length,
            };
        }
        needs = needs.min(length);
        // p fails with q ≥ 1: rule out kp ≤ N − q among the p still tried.
        let top = (n - q).min((n - reach.t - 1) / reach.heaps);
        if n - p - q >= LONG_RUN && top >= 2 * p && rulers.len() < RULERS {
            rulers.push((p, top));
        }
        p += 1;
    }
    PeriodSearch {
        found: None,
        needs: needs.max(n + 1),
    }
}

/// q(p): the least q with G(m + p) = G(m) for q ≤ m < N − p, by a scan
/// down from the top to the first mismatch.
fn least_preperiod(g: &[u32], p: u64) -> u64 {
    let p = p as usize;
    (0..g.len() - p)
        .rev()
        .find(|&m| g[m] != g[m + p])
        .map_or(0, |m| m as u64 + 1)
}

/// z\[p\] for p ≤ `last`: how many m from N − p − 1 down have G(m) = G(m + p)
/// (so q(p) = N − p − z\[p\]), by the Z-algorithm on G read backwards, R(i) =
/// G(N − 1 − i): z\[p\] is the longest common prefix of R and R shifted by p.
/// *Invariant:* [l, r) is the rightmost window found with R[l..r) =
/// R\[0..r − l); for l < p < r, R\[p..r) = R\[p − l..r − l), so z\[p\] ≥
/// min(z[p − l], r − p), and it is extended by comparison only past r,
/// which moves r right: O(N) comparisons in all.
fn matched_runs(g: &[u32], last: usize) -> Vec<u32> {
    let n = g.len();
    let at = |i: usize| g[n - 1 - i];
    let mut z = vec![0u32; last + 1];
    let (mut l, mut r) = (0, 0);
    for p in 1..=last.min(n.saturating_sub(1)) {
        let mut k = if p < r {
            (z[p - l] as usize).min(r - p)
        } else {
            0
        };
        if p + k >= r {
            while p + k < n && at(k) == at(p + k) {
                k += 1;
            }
            (l, r) = (p, p + k);
        }
        z[p] = k as u32;
    }
    z
}

/// Computes G of `code` until the theorem proves a period, up to `max_n`
/// positions and `max_work` pairs. The theorem is tried each time the
/// prefix grows by a quarter, or sooner where the search says some p would
/// pass ([`PeriodSearch::needs`], `next_checkpoint`), and at `max_n`:
/// the least (q, p) found does not depend on where it is tried (module
/// docs), so G is computed to about the proof's length and not a quarter
/// beyond it.
///
/// The work is bounded twice. Before it starts, a code with three-heap
/// splits (whose work is cubic in the heap sizes) is given at most the
/// heap sizes whose estimated work is within `max_work`
/// ([`estimate::work_cap`]); with no period proved there, the outcome is
/// [`OctalOutcome::WorkLimit`] at that many heap sizes. During the run the
/// work counted is checked before each heap size, so a search whose count
/// passes `max_work` stops there ([`OctalOutcome::WorkLimit`] too).
pub fn solve(code: &OctalCode, method: Method, max_n: u64, max_work: u64) -> OctalOutcome {
    let mut sequence = OctalSequence::new(code, method);
    let reach = code.reach();
    let bound = estimate::work_cap(code, max_work).map_or(max_n, |cap| cap.min(max_n));
    let mut checkpoint = (4 * reach.t + 16).min(bound);
    loop {
        sequence.reserve_ahead(checkpoint as usize, bound as usize);
        if !sequence.extend_to(checkpoint as usize, max_work) {
            return OctalOutcome::WorkLimit {
                computed: sequence.values().len() as u64,
            };
        }
        let search = search_period(sequence.values(), reach);
        if let Some((q, p)) = search.found {
            let sparse = sequence.sparse_hint();
            let mut values = sequence.into_values();
            values.truncate(proof_length(q, p, reach) as usize);
            // Room left by `reserve_ahead` is given back for short
            // sequences (a sweep keeps many); a long one would be copied
            // to fresh pages for it, and its room past the values was
            // never touched.
            if values.len() < 1 << 20 {
                values.shrink_to_fit();
            }
            return OctalOutcome::Periodic(OctalSolution {
                code: code.clone(),
                preperiod: q,
                period: p,
                values,
                sparse,
            });
        }
        if checkpoint >= bound && bound < max_n {
            return OctalOutcome::WorkLimit { computed: bound };
        }
        if checkpoint >= max_n {
            return OctalOutcome::NoPeriodBelow {
                below: max_n,
                rare: sequence.rare_count(),
                values: sequence.values().to_vec(),
            };
        }
        checkpoint = next_checkpoint(checkpoint, search.needs).min(bound);
    }
}

/// The next prefix to try after a failed one of `n`: a quarter more, or
/// less when some p would pass at `needs` (G computed no further than the
/// proof needs), but at least n/64 more, so that the search's O(n) is
/// paid at most about 64 times per doubling of n.
fn next_checkpoint(n: u64, needs: u64) -> u64 {
    needs.max(n + n / 64 + 1).min(n + n / 4).max(n + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The definition, scanned for every p in turn (the former
    /// search): the oracle of [`find_period`].
    fn find_period_plain(g: &[u32], reach: Reach) -> Option<(u64, u64)> {
        let n = g.len() as u64;
        let mut p = 1;
        while proof_length(0, p, reach) <= n {
            let q = (0..n - p)
                .rev()
                .find(|&m| g[m as usize] != g[(m + p) as usize])
                .map_or(0, |m| m + 1);
            if proof_length(q, p, reach) <= n {
                return Some((q, p));
            }
            p += 1;
        }
        None
    }

    /// Sequences that are eventually periodic with a random pre-period and
    /// period over a small alphabet, possibly cut short of a proof, and
    /// with a few values changed.
    fn eventually_periodic() -> impl Strategy<Value = Vec<u32>> {
        (
            prop::collection::vec(0u32..3, 0..40),
            prop::collection::vec(0u32..3, 1..12),
            0usize..200,
            prop::collection::vec((0usize..260, 0u32..3), 0..3),
        )
            .prop_map(|(head, cycle, tail, changes)| {
                let mut g = head;
                g.extend(cycle.iter().cycle().take(tail));
                for (i, v) in changes {
                    if let Some(x) = g.get_mut(i) {
                        *x = v;
                    }
                }
                g
            })
    }

    proptest! {
        #[test]
        fn matched_runs_are_the_scans_down(g in eventually_periodic()) {
            let n = g.len();
            if n >= 2 {
                let z = matched_runs(&g, n - 1);
                for (p, &run) in z.iter().enumerate().skip(1) {
                    let q = least_preperiod(&g, p as u64);
                    prop_assert_eq!(n as u64 - p as u64 - u64::from(run), q, "p = {}", p);
                }
            }
        }

        #[test]
        fn find_period_is_the_plain_search(
            g in eventually_periodic(),
            t in 0u64..4,
            heaps in 2u64..4,
        ) {
            let reach = Reach { heaps, t };
            prop_assert_eq!(find_period(&g, reach), find_period_plain(&g, reach));
        }

        #[test]
        fn find_period_is_the_plain_search_on_random_words(
            g in prop::collection::vec(0u32..2, 0..120),
            t in 1u64..3,
        ) {
            let reach = Reach { heaps: 2, t };
            prop_assert_eq!(find_period(&g, reach), find_period_plain(&g, reach));
        }
    }

    fn solved(code: &OctalCode, method: Method) -> Option<OctalSolution> {
        match solve(code, method, 1 << 13, u64::MAX) {
            OctalOutcome::Periodic(s) => Some(s),
            _ => None,
        }
    }

    #[test]
    fn kayles_and_dawsons_chess_have_their_published_periods() {
        // OEIS A002186 (Kayles, 0.77): period 12, last exception at n = 70;
        // OEIS A002187 (Dawson's chess, 0.137): period 34, last exception
        // at n = 51 (Winning Ways, ch. 4). Dawson's Kayles 0.07 is 0.137
        // shifted by one heap, so its last exception is at 52.
        let game = |code: &str| {
            let s = solved(&OctalCode::parse(code).unwrap(), Method::Rare).unwrap();
            (s.preperiod, s.period)
        };
        assert_eq!(game("0.77"), (71, 12));
        assert_eq!(game("0.137"), (52, 34));
        assert_eq!(game("0.07"), (53, 34));
    }

    #[test]
    fn the_found_period_holds_far_beyond_the_proof() {
        let codes = OctalCode::all_of_length(1).chain(OctalCode::all_of_length(2));
        for code in codes {
            let Some(s) = solved(&code, Method::Rare) else {
                continue;
            };
            let direct = solved(&code, Method::Direct).expect("the same game");
            assert_eq!(
                (direct.preperiod, direct.period, &direct.values),
                (s.preperiod, s.period, &s.values),
                "{code}"
            );
            let far =
                super::super::values::nim_sequence(&code, Method::Direct, 3 * s.values.len() + 200);
            for (n, &v) in far.iter().enumerate() {
                assert_eq!(s.value(n as u64), v, "{code} at {n}");
            }
            // Least: no smaller period from q, no smaller q for p.
            let (q, p) = (s.preperiod, s.period);
            let witnesses = crate::engine::outcome::witnesses_of(|n| s.value(n), q, p);
            assert_eq!(
                witnesses.len(),
                crate::engine::outcome::prime_factors(p).len()
            );
            if q > 0 {
                assert_ne!(s.value(q - 1), s.value(q - 1 + p), "{code}");
            }
        }
    }

    #[test]
    fn the_printed_range_would_give_0_4_a_false_period() {
        // 0.4: G = 0, 0, 0, 1, …; q = 0, p = 1 passes 2q + p + t = 2
        // positions but not 2q + p + t + 1.
        let code = OctalCode::parse("0.4").unwrap();
        let g = super::super::values::nim_sequence(&code, Method::Direct, 4);
        assert_eq!(g, [0, 0, 0, 1]);
        assert_eq!(find_period(&g[..4], code.reach()), None);
        if let Some(s) = solved(&code, Method::Rare) {
            assert_ne!((s.preperiod, s.period), (0, 1));
        }
    }

    #[test]
    fn officers_gets_no_period() {
        let officers = OctalCode::parse("0.6").unwrap();
        assert!(matches!(
            solve(&officers, Method::Rare, 20_000, u64::MAX),
            OctalOutcome::NoPeriodBelow { below: 20_000, .. }
        ));
    }

    #[test]
    fn the_work_bound_stops_the_search() {
        let officers = OctalCode::parse("0.6").unwrap();
        assert!(matches!(
            solve(&officers, Method::Direct, 1 << 20, 1_000_000),
            OctalOutcome::WorkLimit { .. }
        ));
    }
}
