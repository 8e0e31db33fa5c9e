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
/// sizes.
pub fn work_limit(code: &OctalCode, max_work: u64, computed: u64) -> SolveError {
    SolveError::limit_reached(
        Limit::Work,
        format!(
            "{code}: stopped after {max_work} pairs of heaps at n = {computed} with no period proved (raise --max-work)"
        ),
    )
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
}
