//! Rule 1 with a sparse hint (the module docs of `crate::octal`, "The
//! sparse hint"): G = v on [0, L) checked position by position against the
//! claimed values, the rare pairs checked in long runs over n.
//!
//! **The rule.** Write Opt(n) for the option values of n computed from v
//! by the definition of G (module docs of `crate::octal`), V = v(n), and
//! for each n < L require
//! - (A) every w < V is in Opt(n), and
//! - (B) V is not in Opt(n).
//!
//! *Proof that it decides Rule 1.* If G = v on [0, n), then Opt(n) is the
//! set of option values of n (they read only positions below n), so (A)
//! and (B) at n say exactly V = mex Opt(n) = G(n). By induction on n, (A)
//! and (B) for every n < L give G = v on [0, L); and at the least n where
//! one fails, G = v below n and v(n) ≠ G(n): that n is the first mismatch,
//! the one reported (`first_failure` returns the least failing n; the
//! message recomputes G(n) directly from v on [0, n)). Conversely, if
//! G = v on [0, L), both hold everywhere.
//!
//! *(A), a search* (`Position::recall`, `Position::search`): the
//! single-heap options; the splits compared in full for (B) (their values
//! are all marked then); for each other split, the pairs that gave each
//! missing value at earlier positions (`WAYS` remembered heaps per value
//! and digit); then pairs (a, s − a), 1 ≤ a ≤ s/2, while a value of
//! parity ≠ P_s is missing, and the pairs (r, s − r) of the rare r < s in
//! increasing order while a value of parity P_s is, one step of each
//! cursor a round, until every w < V is marked or no cursor that could
//! give a missing value is left ((A) fails). Every value marked is an
//! option's; a value of parity P_s comes only from a pair with one rare
//! heap (the lemma), which the rare cursor lists, and a value of the other
//! parity from any pair, which the all-pairs cursor lists; so the search
//! decides (A) whatever the hint. V > M fails at once, M the least power
//! of two above every v(m), m < n: every option value is 0, some v(m) or the XOR
//! of two, all below M, so M < V is missing. The mark table has M entries,
//! at most twice the largest G below n (every smaller position passed).
//!
//! *(B), with the lemma.* V against the single-heap options, directly.
//! For a split s with π(V) ≠ P_s, every pair (a, s − a) is compared with V
//! (in `Position::holds`). For a split s with π(V) = P_s, by the lemma
//! (module docs of `crate::octal`) a pair with value V has exactly one
//! rare heap r, and the pair is (r, s − r) with 1 ≤ r < s: so (B) holds
//! for s exactly when v(r) ⊕ v(s − r) ≠ V for every rare r < s. Classes
//! are computed from v; the lemma is algebra on any values, so it holds
//! for v as for G.
//!
//! *The rare pairs in runs over n* (`listed_failure`). The last condition
//! is, for the digit k (bit 4 of d_k, 0 ≤ k ≤ t, s = n − k) and the rare r: for every
//! n with k + r < n < L and π(v(n)) = P_{n−k}, v(n) ⊕ v(n − k − r) ≠ v(r).
//! For one (k, r) this compares two contiguous runs of v, so the checker
//! goes over n in blocks of `BLOCK` positions, and in each block over
//! every (k, r) with one tight loop (no branch, no budget call inside),
//! then checks (A) and the rest of (B) at each n of the block in
//! increasing order. The least failing n of a block (of the runs, or of
//! the positions, whichever is smaller) is the least failing n overall,
//! since every earlier block passed. The conditions checked are the same
//! whatever their order, so the order changes the time, never the verdict.
//!
//! **Work,** counted as it is spent (`Budget`): 3t + 4 a position; a
//! block's runs charged before them, `RUN_UNITS_PER_16` units per 16
//! comparisons and 4 a run; 2 a pair of a full scan (charged before it,
//! like the direct count); 1 a remembered pair tried (at most `WAYS` a
//! missing value and split); 6 a split and 1 more a round of the search
//! (two cursor steps).

use super::{for_each_option, for_each_single_option, Code};
use crate::format::SparseHint;
use crate::mex::out_of_memory;
use crate::{too_large, wrong, Failure, Limits};

/// Positions checked together: the runs of one (k, r) are at most this
/// long, so the block's values and flags stay in the first-level cache.
const BLOCK: usize = 4096;

/// Work units charged per 16 comparisons of a run of rare pairs.
///
/// Calibration: the module docs of `crate::octal`, "Limits" (measured
/// at about 0.5 ns wall a comparison at load 7, u32 lanes).
const RUN_UNITS_PER_16: u64 = 4;

/// The sparse-space split of a hint: π(v) = popcount(v ∧ mask) mod 2, and
/// class(n) = π(v(n)) ⊕ e·((n + f) mod 2), e = 1 exactly when a position
/// parity f is given.
#[derive(Clone, Copy)]
pub(super) struct Sparse {
    mask: u32,
    position_parity: Option<u32>,
}

impl Sparse {
    /// The hint of a claim; a position parity other than 0 or 1 is wrong.
    pub(super) fn read(hint: &SparseHint) -> Result<Sparse, Failure> {
        if let Some(f) = hint.position_parity.filter(|&f| f > 1) {
            return wrong(format!(
                "sparse hint: position_parity must be Some(0) or Some(1), not Some({f})"
            ));
        }
        Ok(Sparse {
            mask: hint.mask,
            position_parity: hint.position_parity,
        })
    }

    /// π(v).
    pub(super) fn parity(&self, v: u32) -> u32 {
        (v & self.mask).count_ones() & 1
    }

    /// class(n) for v(n) = v: 0 rare, 1 common.
    pub(super) fn class(&self, n: u64, v: u32) -> u32 {
        let shift = self
            .position_parity
            .map_or(0, |f| u32::from((n + u64::from(f)) & 1 == 1));
        self.parity(v) ^ shift
    }

    /// P_s = 1 ⊕ e·(s mod 2): the parity of the option values that a split
    /// of s gives only through pairs with exactly one rare heap.
    pub(super) fn mixed_parity(&self, s: u64) -> u32 {
        1 ^ (u32::from(self.position_parity.is_some()) & u32::from(s & 1 == 1))
    }
}

/// Work counted as it is spent, for the hinted check (whose cost the
/// sizes do not bound below the direct one): refused past `--max-work`.
pub(super) struct Budget {
    spent: u64,
    max: u64,
    /// What is charged, for the message past the limit.
    charges: &'static str,
}

/// The charges of the hinted check (`first_failure`).
const CHECK_CHARGES: &str = "3t + 4 a position, 4 per 16 rare pairs compared in runs and 4 a \
     run, 2 a pair of a full scan, 1 a remembered pair, 6 a split and 1 a round of a search";

impl Budget {
    /// The budget of the hinted check of claimed values.
    pub(super) fn new(limits: &Limits) -> Budget {
        Budget::charging(limits, CHECK_CHARGES)
    }

    /// A budget of `--max-work` units whose message lists `charges`.
    pub(super) fn charging(limits: &Limits, charges: &'static str) -> Budget {
        Budget {
            spent: 0,
            max: limits.max_work,
            charges,
        }
    }

    /// Spends `units` at position n, or stops over the limit.
    pub(super) fn spend(&mut self, units: u64, n: u64) -> Result<(), Failure> {
        self.spent = self.spent.saturating_add(units);
        if self.spent > self.max {
            return too_large(format!(
                "checking with the sparse hint passed the limit of {} work units (--max-work) \
                 at n = {n} (the hinted work is counted as it goes: {})",
                self.max, self.charges
            ));
        }
        Ok(())
    }
}

/// The least n < L = `v.len()` where (A) or (B) fails (module docs), or
/// `None` when both hold everywhere, so that G = v on [0, L).
pub(super) fn first_failure(
    code: &Code,
    hint: Sparse,
    v: &[u32],
    budget: &mut Budget,
) -> Result<Option<u64>, Failure> {
    let mut rare = Vec::new();
    for (n, &x) in v.iter().enumerate().skip(1) {
        if hint.class(n as u64, x) == 0 {
            rare.try_reserve(1).map_err(|_| out_of_memory(n as u64))?;
            // n < L ≤ 2^32 (admitted).
            rare.push(u32::try_from(n).map_err(|_| out_of_memory(n as u64))?);
        }
    }
    let digits: Vec<usize> = code.with_bit(4).map(|k| k as usize).collect();
    let mut position = Position {
        code,
        hint,
        v,
        rare: &rare,
        digits: &digits,
        seen: Vec::new(),
        recent: Vec::new(),
        cursors: Vec::new(),
        top: 0,
    };
    for lo in (0..v.len()).step_by(BLOCK) {
        let hi = v.len().min(lo + BLOCK);
        let mut first = listed_failure(hint, v, &rare, &digits, lo, hi, budget)?;

        for n in lo..first.unwrap_or(hi) {
            if !position.holds(n, budget)? {
                first = Some(n);
                break;
            }
        }
        if let Some(n) = first {
            return Ok(Some(n as u64));
        }
    }
    Ok(None)
}

/// The least n in [lo, hi) where a rare pair (r, n − k − r) of a split
/// with π(v(n)) = P_{n−k} has the value v(n) (module docs, "The rare pairs
/// in runs over n"), charged before the runs.
fn listed_failure(
    hint: Sparse,
    v: &[u32],
    rare: &[u32],
    digits: &[usize],
    lo: usize,
    hi: usize,
    budget: &mut Budget,
) -> Result<Option<usize>, Failure> {
    // Runs: for each k, the rare r with k + r + 1 < hi, n from
    // max(lo, k + r + 1) to hi.
    let (mut runs, mut pairs) = (0u64, 0u64);
    for &k in digits {
        for r in rare
            .iter()
            .map(|&r| r as usize)
            .take_while(|&r| k + r + 1 < hi)
        {
            runs += 1;
            pairs += (hi - lo.max(k + r + 1)) as u64;
        }
    }
    let units = pairs.div_ceil(16).saturating_mul(RUN_UNITS_PER_16);
    budget.spend(units.saturating_add(4 * runs), lo as u64)?;
    let own = &v[lo..hi];
    let mut flags = vec![0u32; hi - lo];
    let mut first: Option<usize> = None;
    for &k in digits {
        // flag(n) = 1 when the split n − k ≥ 2 is checked through its rare
        // pairs; the runs below start past k + 1, so n − k ≥ 2 there.
        for (i, f) in flags.iter_mut().enumerate() {
            let n = lo + i;
            *f = u32::from(hint.parity(own[i]) == hint.mixed_parity(n.wrapping_sub(k) as u64));
        }
        for r in rare
            .iter()
            .map(|&r| r as usize)
            .take_while(|&r| k + r + 1 < hi)
        {
            let start = lo.max(k + r + 1);
            let from = start - lo;
            let partner = &v[start - k - r..hi - k - r];
            let target = v[r];
            if run_hits(&own[from..], partner, &flags[from..], target) > 0 {
                let at = (from..hi - lo)
                    .find(|&i| flags[i] == 1 && own[i] ^ partner[i - from] == target)
                    .map(|i| lo + i);
                first = match (first, at) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
            }
        }
    }
    Ok(first)
}

/// How many i have flag 1 and own\[i\] ⊕ partner\[i\] = target: the tight loop
/// of the runs (three slices of one length, no branch).
fn run_hits(own: &[u32], partner: &[u32], flags: &[u32], target: u32) -> u32 {
    own.iter()
        .zip(partner)
        .zip(flags)
        .map(|((&x, &y), &f)| u32::from(x ^ y == target) & f)
        .sum()
}

/// (A) and the rest of (B) at one position (module docs).
struct Position<'a> {
    code: &'a Code<'a>,
    hint: Sparse,
    v: &'a [u32],
    rare: &'a [u32],
    /// The digits k with bit 4 of d_k, increasing.
    digits: &'a [usize],
    /// The marks of the search: `seen[w] = n + 1` when w < V is marked.
    seen: Vec<u64>,
    /// `recent[(w·D + j)·WAYS ..][..WAYS]`: the last heaps b (0: none)
    /// whose pair (b, s − b) of the split by the j-th digit gave w.
    recent: Vec<u32>,
    /// Per split: (j, s, next a of all pairs, next index into `rare`).
    cursors: Vec<(usize, usize, usize, usize)>,
    /// The largest v(m), m < n, over the positions that passed.
    top: usize,
}

/// Heaps remembered per (value, digit) for `Position::recall`.
const WAYS: usize = 4;

impl Position<'_> {
    /// Whether (A) and the conditions of (B) not in the runs hold at n.
    fn holds(&mut self, n: usize, budget: &mut Budget) -> Result<bool, Failure> {
        let (code, v) = (self.code, self.v);
        let big = n as u64;
        budget.spend(3 * code.len() + 4, big)?;
        let value = v[n];
        // Every option is below M, the least power of two above v on
        // [0, n) (XORs of values below a power of two stay below it), so a
        // V > M misses the value M < V and fails (A).
        let table = (self.top + 1).next_power_of_two();
        if value as usize > table {
            return Ok(false);
        }
        self.grow(table)?;
        let want = value as usize;
        let stamp = big + 1;
        let hint = self.hint;
        // missing[π]: the values w < V of parity π(w) = π not marked yet.
        let odd = (0..value).filter(|&w| hint.parity(w) == 1).count();
        let mut missing = [want - odd, odd];
        let mut single = false;
        let seen = &mut self.seen;
        let mut mark = |x: u32| {
            if (x as usize) < want && seen[x as usize] != stamp {
                seen[x as usize] = stamp;
                missing[hint.parity(x) as usize] -= 1;
            }
        };
        for_each_single_option(code, v, big, |x| {
            single |= x == value;
            mark(x);
        });
        if single {
            return Ok(false);
        }
        self.cursors.clear();
        for (j, &k) in self.digits.iter().enumerate() {
            if k + 2 > n {
                continue;
            }
            let s = n - k;
            if self.hint.parity(value) == self.hint.mixed_parity(s as u64) {
                self.cursors.push((j, s, 1, 0));
                continue;
            }
            budget.spend(2 * (s / 2) as u64, big)?;
            if (1..=s / 2).any(|a| {
                let x = v[a] ^ v[s - a];
                mark(x);
                x == value
            }) {
                return Ok(false);
            }
        }
        if missing != [0, 0] {
            let tries = self.recall(n, &mut missing);
            budget.spend(tries, big)?;
        }
        let holds = missing == [0, 0] || self.search(n, &mut missing, budget)?;
        self.top = self.top.max(want);
        Ok(holds)
    }

    /// The mark table and `recent` for values below `table`, a power of
    /// two at most twice the largest value that passed.
    fn grow(&mut self, table: usize) -> Result<(), Failure> {
        if table <= self.seen.len() {
            return Ok(());
        }
        let room = table * self.digits.len() * WAYS;
        self.seen
            .try_reserve_exact(table - self.seen.len())
            .and_then(|()| self.recent.try_reserve_exact(room - self.recent.len()))
            .map_err(|_| out_of_memory(room as u64))?;
        self.seen.resize(table, 0);
        self.recent.resize(room, 0);
        Ok(())
    }

    /// Marks the values of the pairs remembered in `recent` for each
    /// missing value, first to last, until that value is marked; returns
    /// the pairs tried (at most `WAYS` a value and split).
    fn recall(&mut self, n: usize, missing: &mut [usize; 2]) -> u64 {
        let (v, d) = (self.v, self.digits.len());
        let want = v[n] as usize;
        let stamp = n as u64 + 1;
        let mut tries = 0;
        for &(j, s, _, _) in &self.cursors {
            for w in 0..want {
                let slots = &self.recent[(w * d + j) * WAYS..][..WAYS];
                for &b in slots.iter().take_while(|&&b| b != 0) {
                    if self.seen[w] == stamp {
                        break;
                    }
                    let b = b as usize;
                    if b >= s {
                        continue;
                    }
                    tries += 1;
                    let value = v[b] ^ v[s - b];
                    let x = value as usize;
                    if x < want && self.seen[x] != stamp {
                        self.seen[x] = stamp;
                        missing[self.hint.parity(value) as usize] -= 1;
                    }
                }
            }
        }
        tries
    }

    /// (A): advances the cursors one pair each a round, marking and
    /// remembering (in `recent`) each pair that gives a new value, until
    /// nothing is missing (true) or no cursor that could give a missing
    /// value is left (false). For the split s, the rare cursor runs while
    /// a value of parity P_s is missing, the all-pairs cursor while one of
    /// the other parity is: by the lemma a pair giving a value of parity
    /// P_s has a rare heap, so it is among the rare cursor's pairs.
    fn search(
        &mut self,
        n: usize,
        missing: &mut [usize; 2],
        budget: &mut Budget,
    ) -> Result<bool, Failure> {
        let (v, rare, d, hint) = (self.v, self.rare, self.digits.len(), self.hint);
        let want = v[n] as usize;
        let stamp = n as u64 + 1;
        loop {
            budget.spend(6 * self.cursors.len() as u64 + 1, n as u64)?;
            let mut open = false;
            for (j, s, a, i) in self.cursors.iter_mut() {
                let s = *s;
                let mixed = hint.mixed_parity(s as u64) as usize;
                let mut pairs = [None, None];
                if missing[1 - mixed] > 0 && *a <= s / 2 {
                    pairs[0] = Some(*a);
                    *a += 1;
                }
                if missing[mixed] > 0 && *i < rare.len() && (rare[*i] as usize) < s {
                    pairs[1] = Some(rare[*i] as usize);
                    *i += 1;
                }
                for b in pairs.into_iter().flatten() {
                    open = true;
                    let value = v[b] ^ v[s - b];
                    let x = value as usize;
                    if x < want && self.seen[x] != stamp {
                        self.seen[x] = stamp;
                        missing[hint.parity(value) as usize] -= 1;
                        // b < s < L ≤ 2^32 (admitted), so it fits.
                        let heap = u32::try_from(b).map_err(|_| out_of_memory(b as u64))?;
                        let slots = &mut self.recent[(x * d + *j) * WAYS..][..WAYS];
                        slots.rotate_right(1);
                        slots[0] = heap;
                    }
                }
                if *missing == [0, 0] {
                    return Ok(true);
                }
            }
            if !open {
                return Ok(false);
            }
        }
    }
}

/// The mex of the options of n computed directly from v on [0, n), for
/// the message of a failure (the values below n are G's there).
pub(super) fn direct_mex(code: &Code, v: &[u32], n: u64) -> u32 {
    let mut present = vec![false; n as usize + 2];
    for_each_option(code, v, n, |x| {
        if let Some(p) = present.get_mut(x as usize) {
            *p = true;
        }
    });
    // The mex is at most n + 1 ≤ 2^32; a larger one (never) is shown as
    // u32::MAX rather than wrapped.
    let mex = present.iter().position(|&p| !p).unwrap_or(0);
    u32::try_from(mex).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    //! The hinted check against the direct mex (`Grundy`) past one block:
    //! the true values pass under every hint, and a value changed at i
    //! fails first at i (below i the values are G's, at i they are not).
    use super::*;
    use crate::octal::Grundy;

    const LENGTH: u64 = BLOCK as u64 + 300;

    fn grundy(code: &Code) -> Vec<u32> {
        let mut g = Grundy::new(LENGTH).unwrap();
        (0..LENGTH).map(|_| g.next(code).unwrap()).collect()
    }

    fn first(code: &Code, hint: Sparse, v: &[u32]) -> Option<u64> {
        let mut budget = Budget::new(&Limits {
            max_work: u64::MAX,
            ..Limits::default()
        });
        first_failure(code, hint, v, &mut budget).unwrap()
    }

    #[test]
    fn the_first_failure_is_the_first_mismatch_under_every_hint() {
        for text in ["0.77", "0.354", "0.376", "0.137", "0.4"] {
            let code = Code::parse(text).unwrap();
            let g = grundy(&code);
            for mask in [0, 1, 3, 0xFE, u32::MAX] {
                for position_parity in [None, Some(0), Some(1)] {
                    let hint = Sparse::read(&SparseHint {
                        mask,
                        position_parity,
                    })
                    .unwrap();
                    assert_eq!(first(&code, hint, &g), None, "{text} {mask}");
                    for (i, flip) in [(5, 1), (700, 3), (BLOCK - 1, 1), (BLOCK + 7, 2)] {
                        let mut v = g.clone();
                        v[i] ^= flip;
                        v[i + 40] ^= 1;
                        assert_eq!(first(&code, hint, &v), Some(i as u64), "{text} {mask} {i}");
                    }
                }
            }
        }
    }
}
