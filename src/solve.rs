//! Solving under limits: the budgets a computation is given ([`Limits`]),
//! the estimates checked against them before the work, and [`solve`], a
//! subtraction game solved within them.
//!
//! Work is counted in *steps* of about a nanosecond on one core: for the
//! engine, one option looked at by a mex (a game of |S| moves costs |S|
//! steps per position); the sweep and the atlas estimate 64 steps per unit
//! of c per triple ([`crate::subtraction::sweep::WORK_PER_C`]). Memory is bounded by
//! [`Limits::max_positions`] (2 bytes a position) and by each caller's own
//! size bounds. A computation whose estimate is over a budget is refused
//! before it starts; where the work cannot be known before it is done (the
//! period of a game), the budget becomes the point where the work stops.
//! Either way the error names the [`Limit`] reached, so that the command
//! line can exit 3 naming the flag that raises it ([`Limit::flag`]).
//!
//! The same function serves the `nimcert` commands, the benches, the tests
//! and any other caller (a claim file, say):
//!
//! ```
//! use nimcert::moves::MoveSet;
//! use nimcert::solve::{solve, Limit, Limits};
//!
//! let moves = MoveSet::parse("3,5,11")?;
//! let game = solve(&moves, &Limits::default())?;
//! assert_eq!((game.qp.preperiod, game.qp.period), (0, 8));
//!
//! // A budget too small for the game: a typed error naming the limit.
//! let tight = Limits { max_work: 30, ..Limits::default() };
//! let error = solve(&moves, &tight).unwrap_err();
//! assert_eq!(error.limit(), Some(Limit::Work));
//! assert_eq!(
//!     error.to_string(),
//!     "{3,5,11}: the largest move 11 needs more than 10 positions, the bound that --max-work sets"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::engine::{self, Periodicity};
use crate::moves::MoveSet;
use std::fmt;

/// Default [`Limits::max_positions`]: 2^28 positions, 512 MiB of values.
pub const DEFAULT_MAX_POSITIONS: u64 = 1 << 28;

/// Default [`Limits::max_work`], in steps: 6 × 10^10, about a minute on one
/// core.
pub const DEFAULT_MAX_WORK: u64 = 60_000_000_000;

/// Default [`Limits::max_n`]: an octal game's G is computed on at most 10^5
/// heap sizes.
pub const DEFAULT_MAX_N: u64 = 100_000;

/// The largest [`Limits::max_n`] accepted
/// ([`crate::octal::solve::check_max_n`]): 2^28 heap sizes, 1 GiB of
/// values.
pub const MAX_MAX_N: u64 = 1 << 28;

/// The budgets of one computation, a plain value that the command line
/// fills from its flags (`--max-positions`, `--max-work`, `--max-n`,
/// `--max-classes`). Each solver reads the fields it needs: [`solve`]
/// `max_positions` and `max_work`, [`crate::octal::solve::solve`] `max_n`
/// and `max_work`, [`crate::avoidance::solve::solve`] `max_work` and
/// `max_classes`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Positions of a subtraction game computed at most (2 bytes each).
    pub max_positions: u64,
    /// Steps of work at most (about a nanosecond each).
    pub max_work: u64,
    /// Heap sizes of an octal game computed at most (4 bytes each; at most
    /// [`MAX_MAX_N`]).
    pub max_n: u64,
    /// Classes of an avoidance game's structure diagram at most.
    pub max_classes: usize,
}

impl Default for Limits {
    /// The defaults of the `nimcert` flags: [`DEFAULT_MAX_POSITIONS`],
    /// [`DEFAULT_MAX_WORK`], [`DEFAULT_MAX_N`] and
    /// [`crate::avoidance::structure::DEFAULT_MAX_CLASSES`].
    fn default() -> Self {
        Limits {
            max_positions: DEFAULT_MAX_POSITIONS,
            max_work: DEFAULT_MAX_WORK,
            max_n: DEFAULT_MAX_N,
            max_classes: crate::avoidance::structure::DEFAULT_MAX_CLASSES,
        }
    }
}

/// Which budget of [`Limits`] was reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Limit {
    /// [`Limits::max_positions`].
    Positions,
    /// [`Limits::max_work`].
    Work,
    /// [`Limits::max_n`].
    HeapSizes,
    /// [`Limits::max_classes`].
    Classes,
}

impl Limit {
    /// The `nimcert` flag that raises this limit.
    pub fn flag(self) -> &'static str {
        match self {
            Limit::Positions => "--max-positions",
            Limit::Work => "--max-work",
            Limit::HeapSizes => "--max-n",
            Limit::Classes => "--max-classes",
        }
    }
}

/// Why a computation under [`Limits`] gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The input is refused (exit 2 on the command line): the message says
    /// why.
    Input(String),
    /// A budget was reached, or an estimate is over it (exit 3 on the
    /// command line, naming [`Limit::flag`]); nothing is claimed about the
    /// game.
    Limit {
        /// The budget reached.
        limit: Limit,
        /// One line saying what was refused.
        message: String,
    },
}

impl SolveError {
    /// The input error `message`.
    pub fn input(message: impl fmt::Display) -> Self {
        SolveError::Input(message.to_string())
    }

    /// `limit` reached, as `message` says.
    pub fn limit_reached(limit: Limit, message: impl fmt::Display) -> Self {
        SolveError::Limit {
            limit,
            message: message.to_string(),
        }
    }

    /// The limit reached, if it is one.
    pub fn limit(&self) -> Option<Limit> {
        match self {
            SolveError::Input(_) => None,
            SolveError::Limit { limit, .. } => Some(*limit),
        }
    }

    /// `game`: no period found below `bound` positions, the bound that
    /// `limit` sets (for every caller that runs the engine under a
    /// [`Limits::position_limit`]).
    pub fn no_period(game: impl fmt::Display, bound: u64, limit: Limit) -> Self {
        let flag = limit.flag();
        Self::limit_reached(
            limit,
            format!("{game}: no period found below {bound} positions, the bound that {flag} sets"),
        )
    }
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Input(message) | SolveError::Limit { message, .. } => f.write_str(message),
        }
    }
}

impl std::error::Error for SolveError {}

impl Limits {
    /// The position bound of one subtraction game under both budgets, and
    /// the limit that binds: `max_positions`, or `max_work` divided by |S|
    /// (each position costs |S| steps).
    pub fn position_limit(&self, moves: &MoveSet) -> (u64, Limit) {
        let by_work = self.max_work / moves.len() as u64;
        if by_work < self.max_positions {
            (by_work, Limit::Work)
        } else {
            (self.max_positions, Limit::Positions)
        }
    }

    /// Refuses, before the work, a computation (`what`) estimated at
    /// `estimate` steps over `max_work`.
    pub fn check_work(&self, estimate: u128, what: &str) -> Result<(), SolveError> {
        match over_budget(estimate, self.max_work, Limit::Work.flag(), what) {
            Some(message) => Err(SolveError::limit_reached(Limit::Work, message)),
            None => Ok(()),
        }
    }
}

/// The message refusing `what`, estimated at `estimate` steps, when that
/// is over `budget`, the value of `flag`; `None` within the budget.
pub fn over_budget(estimate: u128, budget: u64, flag: &str, what: &str) -> Option<String> {
    (estimate > u128::from(budget))
        .then(|| format!("{what}: estimated {estimate} steps, over {flag} {budget}"))
}

/// Solves a subtraction game within `limits`: its least pre-period q,
/// least period p and values on [0, q + p) ([`engine::solve`]), computing
/// at most [`Limits::position_limit`] positions. The engine needs more
/// than c positions (c the largest move) before it can find anything, so a
/// bound at or below c is refused before any work; otherwise the engine
/// stops at the bound. Either way the error names the binding limit.
pub fn solve(moves: &MoveSet, limits: &Limits) -> Result<Periodicity, SolveError> {
    let (bound, limit) = limits.position_limit(moves);
    let c = moves.largest();
    if bound <= c {
        let flag = limit.flag();
        return Err(SolveError::limit_reached(
            limit,
            format!(
                "{}: the largest move {c} needs more than {bound} positions, the bound that {flag} sets",
                moves.short()
            ),
        ));
    }
    engine::solve(moves, bound).map_err(|_| SolveError::no_period(moves.short(), bound, limit))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_binding_limit_is_the_smaller_bound() {
        let moves = MoveSet::new(&[1, 2, 3]).unwrap();
        let limits = Limits {
            max_positions: 100,
            max_work: 600,
            ..Limits::default()
        };
        assert_eq!(limits.position_limit(&moves), (100, Limit::Positions));
        let limits = Limits {
            max_work: 299,
            ..limits
        };
        assert_eq!(limits.position_limit(&moves), (99, Limit::Work));
    }

    #[test]
    fn an_estimate_over_the_work_budget_is_refused() {
        let limits = Limits {
            max_work: 10,
            ..Limits::default()
        };
        assert!(limits.check_work(10, "x").is_ok());
        let error = limits.check_work(11, "x").unwrap_err();
        assert_eq!(error.limit(), Some(Limit::Work));
        assert_eq!(
            error.to_string(),
            "x: estimated 11 steps, over --max-work 10"
        );
    }

    #[test]
    fn the_engine_stops_at_the_bound() {
        let moves = MoveSet::new(&[3, 5, 11]).unwrap();
        let limits = Limits {
            max_positions: 15,
            ..Limits::default()
        };
        let error = solve(&moves, &limits).unwrap_err();
        assert_eq!(error.limit(), Some(Limit::Positions));
        assert!(error.to_string().contains("no period found below 15"));
    }
}
