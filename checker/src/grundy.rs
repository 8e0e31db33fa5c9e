//! Rules for a `Grundy` claim (format 7): the values of Grundy's game on
//! an initial segment of heap sizes.
//!
//! **The game** (P. M. Grundy, 1939; Winning Ways, ch. 4; OEIS A002188). A
//! move splits one heap into two non-empty heaps of different sizes: a
//! heap of n becomes i and n − i with 1 ≤ i < n − i. A sum of heaps is
//! decided by the value G(n) of one heap (Sprague–Grundy), and
//!
//! G(n) = mex{ G(i) ⊕ G(n − i) : 1 ≤ i < n − i },
//!
//! the least number that is no option's value. Both heaps of a split are
//! smaller than n, so each value is fixed by the smaller ones: the
//! recurrence has exactly one solution, G(0) = G(1) = G(2) = 0 (no split),
//! and computing it in increasing n *is* the definition.
//!
//! Claim: G(n) = v(n) for every n < N, where v = `values` and N is its
//! length. Nothing is claimed beyond N (no period of Grundy's game is
//! known, and none is claimed).
//!
//! **Rule 0 (something is claimed).** N ≥ 1: an empty list claims nothing,
//! and nothing claimed is never accepted (exit 1).
//!
//! **Rule 1 (range).** v(n) ≤ k(n) for every n < N, where
//! k(n) = ⌊(n − 1)/2⌋ for n ≥ 1 and k(0) = 0 is the number of splits of n.
//! *Proof that a claim breaking it is false:* the mex of k numbers is at
//! most k (of the k + 1 numbers 0, …, k one is missing), so G(n) ≤ k(n).
//! The rule is checked in one pass before Rule 2, so a huge claimed value
//! costs O(N), never an allocation of its size, and every value Rule 2
//! reads is below N/2.
//!
//! **Rule 2 (recurrence).** For n = 0, 1, …, N − 1 in this order, v(n) =
//! mex{ v(i) ⊕ v(n − i) : 1 ≤ i < n − i } (the first n where it fails is
//! reported, with the option values). *Proof that v = G on [0, N):* by
//! induction on n. If v = G below n, the options of n have the same values
//! under v and G, so the equation at n says v(n) = G(n). So when every
//! equation holds, v = G on [0, N); and the first n where one fails is the
//! first position where v differs from G (below it they agree), so the
//! message names the first wrong value.
//!
//! *The mex with a bounded table.* By Rule 1 (and the induction) the mex of
//! n is at most k(n) < N/2, so the table of marks has k(N − 1) + 1 ≤ N/2 + 1
//! entries whatever the claimed values: an option value above k(n) (the
//! XOR of two values can exceed both) is left unmarked, which changes no
//! mex, since the mex is at most k(n) (it is the least unmarked number and
//! at most k(n) numbers are marked). Memory is bounded by N, never by a
//! value.
//!
//! **Limits,** judged from N alone before any work (`admit`): N ≤
//! `--max-period` and the work ≤ `--max-work`, counted by [`work`]:
//! 4 units per position (the range check, the mex scan start, the
//! comparison) plus 2 per split read (two values XORed and marked, one step
//! of the mex scan). The splits are counted exactly:
//! Σ_{n<N} k(n) = Σ_{m=0}^{N−2} ⌊m/2⌋ = ⌊(N − 2)²/4⌋ for N ≥ 2, about
//! N²/4. With the default 3·10^10 units N is at most about 245,000;
//! memory is the claimed values (4 bytes each, already parsed) and the mark
//! table (8 bytes per entry, at most N/2 + 1 entries).

use crate::format::GrundyClaim;
use crate::mex::out_of_memory;
use crate::{too_large, within_work, wrong, Failure, Limits, Verdict};

/// Checks a `Grundy` claim: the limits, then Rules 0, 1 and 2.
pub fn check(claim: &GrundyClaim, limits: &Limits) -> Verdict {
    match admit(claim, limits).and_then(|()| check_values(&claim.values)) {
        Ok(summary) => Verdict::Valid(summary),
        Err(failure) => failure.into_verdict(),
    }
}

/// The limits of a `Grundy` claim: N (`--max-period`) and the work of
/// Rule 2 (`--max-work`), from N alone.
pub(crate) fn admit(claim: &GrundyClaim, limits: &Limits) -> Result<(), Failure> {
    let n = claim.values.len() as u64;
    if n > limits.max_period {
        return too_large(format!(
            "{n} values of Grundy's game exceed the limit of {} (--max-period)",
            limits.max_period
        ));
    }
    within_work(
        work(n),
        "4N + 2·⌊(N − 2)²/4⌋ for the splits of N heap sizes",
        limits,
    )
}

/// The work units of checking N values: 4 per position plus 2 per split,
/// Σ_{n<N} ⌊(n − 1)/2⌋ = ⌊(N − 2)²/4⌋ splits (N ≥ 2). Saturating: a huge
/// count is only ever compared with the limit.
///
/// Calibration (2026-12-04, the shared 2-core VM under load, opt-level 2):
/// 2.98·10^10 units (N = 244,000) in 14.6 s of user time, 5.0·10^9
/// (N = 100,000) in 2.3 s: about half a nanosecond a unit, so the count
/// bounds the time from above (docs/TRUST.md, "`Grundy`: the values of
/// Grundy's game").
pub fn work(n: u64) -> u64 {
    let m = n.saturating_sub(2);
    n.saturating_mul(4)
        .saturating_add(m.saturating_mul(m) / 4 * 2)
}

/// k(n): the number of splits of a heap of n into two unequal non-empty
/// heaps, ⌊(n − 1)/2⌋ (0 for n = 0).
fn splits(n: usize) -> usize {
    n.saturating_sub(1) / 2
}

/// Rules 0 to 2 on the claimed values (admitted).
fn check_values(values: &[u32]) -> Result<String, Failure> {
    let Some(last) = values.len().checked_sub(1) else {
        return wrong(
            "no value is claimed (an empty list claims nothing; Grundy's game has G(0) = 0)"
                .to_string(),
        );
    };
    if let Some((n, &v)) = values
        .iter()
        .enumerate()
        .find(|&(n, &v)| v as usize > splits(n))
    {
        return wrong(format!(
            "v({n}) = {v} is no mex: a heap of {n} has {} splits, so G({n}) ≤ {}",
            splits(n),
            splits(n)
        ));
    }
    let mut table = Marks::new(splits(last) + 1)?;
    for (n, &claimed) in values.iter().enumerate() {
        let mex = table.mex(values, n);
        if mex != claimed {
            return wrong(format!(
                "G({n}) = mex{{ v(i) ⊕ v({n} − i) : 1 ≤ i < {n} − i }} = mex{} = {mex}, \
                 claimed {claimed}",
                show_options(values, n)
            ));
        }
    }
    let (at, largest) =
        values.iter().enumerate().fold(
            (0, 0),
            |(at, big), (n, &v)| {
                if v > big {
                    (n, v)
                } else {
                    (at, big)
                }
            },
        );
    Ok(format!(
        "Grundy's game: G(n) = v(n) for 0 ≤ n < {} (the largest value {largest}, first at n = {at})",
        values.len()
    ))
}

/// The mark table of the mex: `seen[x] == stamp` when x is an option value
/// of the current position; x beyond the table is never marked (see the
/// module docs).
struct Marks {
    seen: Vec<u64>,
}

impl Marks {
    /// A table of `len` entries, refused (as over a limit) when the memory
    /// cannot be had.
    fn new(len: usize) -> Result<Marks, Failure> {
        let mut seen = Vec::new();
        seen.try_reserve_exact(len)
            .map_err(|_| out_of_memory(len as u64))?;
        seen.resize(len, 0);
        Ok(Marks { seen })
    }

    /// mex{ v(i) ⊕ v(n − i) : 1 ≤ i < n − i }, for n < v.len() with
    /// k(n) < the table's length.
    fn mex(&mut self, v: &[u32], n: usize) -> u32 {
        let stamp = n as u64 + 1;
        let seen = &mut self.seen;
        for i in 1..=splits(n) {
            if let Some(slot) = seen.get_mut((v[i] ^ v[n - i]) as usize) {
                *slot = stamp;
            }
        }
        // At most k(n) entries are marked, so an unmarked one is found at
        // or before k(n) < the table's length.
        let mex = seen.iter().take_while(|&&s| s == stamp).count();
        u32::try_from(mex).unwrap_or(u32::MAX)
    }
}

/// The distinct option values of n, increasing, at most 16 shown.
fn show_options(v: &[u32], n: usize) -> String {
    let mut options: Vec<u32> = (1..=splits(n)).map(|i| v[i] ^ v[n - i]).collect();
    options.sort_unstable();
    options.dedup();
    let shown: Vec<String> = options.iter().take(16).map(u32::to_string).collect();
    let more = match options.len().saturating_sub(16) {
        0 => String::new(),
        k => format!(", … ({k} more)"),
    };
    format!("{{{}{more}}}", shown.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_work_counts_the_splits_exactly() {
        for n in 0..200u64 {
            let splits: u64 = (0..n as usize).map(|m| splits(m) as u64).sum();
            assert_eq!(work(n), 4 * n + 2 * splits, "N = {n}");
        }
    }
}
