//! An octal game solved within [`Limits`]: the bounded search of
//! [`period::solve`] with its bounds checked first and its outcomes as a
//! [`SolveError`] naming the limit reached.
//!
//! ```
//! use nimcert::octal::solve::solve;
//! use nimcert::octal::{Method, OctalCode};
//! use nimcert::solve::Limits;
//!
//! let kayles = OctalCode::parse("0.77")?;
//! let game = solve(&kayles, Method::Rare, &Limits::default())?;
//! assert_eq!((game.preperiod, game.period), (71, 12));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::estimate::{work_bound, work_cap};
use super::period::{self, OctalOutcome, OctalSolution};
use super::{Method, OctalCode};
use crate::solve::{Limit, Limits, SolveError, MAX_MAX_N};

/// Refuses a bound on heap sizes over [`MAX_MAX_N`] (an input error: the
/// values alone would take over 1 GiB).
pub fn check_max_n(max_n: u64) -> Result<(), SolveError> {
    if max_n > MAX_MAX_N {
        return Err(SolveError::input(format!(
            "--max-n {max_n} is over {MAX_MAX_N} (2^28 heap sizes, 1 GiB of values)"
        )));
    }
    Ok(())
}

/// Solves `code` by `method` (the values are the same either way) on at
/// most [`Limits::max_n`] heap sizes and [`Limits::max_work`] pairs of
/// heaps: the least pre-period and period the Octal Periodicity Theorem
/// proves ([`period`]). A `max_n` over [`MAX_MAX_N`] is an input error; a
/// search that proves no period within the bounds is a limit error naming
/// the bound reached (which says nothing about whether a period exists).
/// A code with three-heap splits is computed on at most [`work_cap`] heap
/// sizes, the most whose estimated work is within `max_work` (about 10,900
/// at the default 6·10^10, seconds), so that it stops there with
/// `--max-work` named rather than run to the work bound.
pub fn solve(
    code: &OctalCode,
    method: Method,
    limits: &Limits,
) -> Result<OctalSolution, SolveError> {
    let Limits {
        max_n, max_work, ..
    } = *limits;
    check_max_n(max_n)?;
    match period::solve(code, method, max_n, max_work) {
        OctalOutcome::Periodic(game) => Ok(game),
        OctalOutcome::NoPeriodBelow { below, .. } => Err(SolveError::limit_reached(
            Limit::HeapSizes,
            format!(
                "{code}: no period found below {below}: the Octal Periodicity Theorem proves no (q, p) with G on [0, {below}) (raise --max-n)"
            ),
        )),
        OctalOutcome::WorkLimit { computed } => Err(work_limit(code, max_work, computed)),
    }
}

/// The error of a search stopped by the work bound after `computed` heap
/// sizes ([`OctalOutcome::WorkLimit`]): for a code with three-heap splits
/// stopped at [`work_cap`], by the estimate of the next heap size's work;
/// otherwise by the work counted.
pub fn work_limit(code: &OctalCode, max_work: u64, computed: u64) -> SolveError {
    let message = match work_cap(code, max_work) {
        Some(cap) if cap == computed => format!(
            "{code}: no period found below {computed}: with three-heap splits G on N heap sizes costs up to about N³/22 steps per such digit, and G on [0, {}) is estimated at {} steps, over --max-work {max_work} (raise --max-work)",
            computed + 1,
            work_bound(code, Method::Rare, computed + 1)
        ),
        _ => format!(
            "{code}: stopped after {max_work} pairs of heaps at n = {computed} with no period proved (raise --max-work)"
        ),
    };
    SolveError::limit_reached(Limit::Work, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_reached_name_their_limit() {
        let code = OctalCode::parse("0.77").unwrap();
        let small = Limits {
            max_n: 100,
            ..Limits::default()
        };
        let error = solve(&code, Method::Rare, &small).unwrap_err();
        assert_eq!(error.limit(), Some(Limit::HeapSizes));
        let huge = Limits {
            max_n: MAX_MAX_N + 1,
            ..Limits::default()
        };
        assert_eq!(solve(&code, Method::Rare, &huge).unwrap_err().limit(), None);
    }

    #[test]
    fn a_three_heap_game_stops_at_the_heap_sizes_its_work_estimate_allows() {
        let code = OctalCode::parse("0.9").unwrap();
        let limits = Limits {
            max_work: 10_000_000,
            ..Limits::default()
        };
        let cap = work_cap(&code, limits.max_work).expect("three-heap splits");
        assert!((500..1000).contains(&cap), "{cap}");
        for method in [Method::Rare, Method::Direct] {
            let error = solve(&code, method, &limits).unwrap_err();
            assert_eq!(error.limit(), Some(Limit::Work));
            let text = error.to_string();
            assert!(
                text.contains(&format!("no period found below {cap}:")),
                "{text}"
            );
            assert!(text.ends_with("(raise --max-work)"), "{text}");
        }
        // A three-heap game with a short proof is solved below the cap.
        let game = solve(&OctalCode::parse("0.F").unwrap(), Method::Rare, &limits).unwrap();
        assert!(game.proof_length() < cap);
        // The counter stops what the estimate does not: a two-heap game.
        let officers = OctalCode::parse("0.6").unwrap();
        let text = solve(&officers, Method::Direct, &limits)
            .unwrap_err()
            .to_string();
        assert!(
            text.contains("stopped after 10000000 pairs of heaps"),
            "{text}"
        );
    }
}
