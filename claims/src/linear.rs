//! The syntactic side of the "proved for all x" rule (see the crate
//! documentation, section *For all x*): where the variable of an
//! unbounded quantifier occurs, and which `G`/`P` calls and `mod`s the
//! evaluator must watch.
//!
//! A subterm is *linear* in x if it is `x`, `linear ± E` or `E + linear`
//! with E free of x. A linear term may appear only as the argument of `G`
//! or `P`, as the left operand of `mod m` (m free of x), in
//! `linear - linear`, or in a comparison `linear OP linear`; each of these
//! is free of x again (its value is the same at x and x + L, given the
//! dynamic conditions checked by the evaluator). Anything else mentioning
//! x makes the rule inapplicable.

use std::collections::HashSet;

use crate::check::children;
use crate::expr::{BinOp, Expr, Func, Kind};

/// The nodes whose values the evaluator must watch in the window: `G`/`P`
/// calls with an argument linear in x (argument ≥ q for x ≥ X0) and `mod`
/// nodes with a left operand linear in x (modulus divides L).
#[derive(Debug, Default)]
pub(crate) struct Sites {
    pub(crate) calls: HashSet<u32>,
    pub(crate) mods: HashSet<u32>,
}

/// How a subterm depends on x.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Lin {
    /// Does not depend on x (or only through a cancelling form).
    Free,
    /// `x + d` for some d free of x.
    Linear,
}

/// The watched sites if the rule applies to `body` with variable `x`,
/// else `None`.
pub(crate) fn analyse(body: &Expr, x: &str) -> Option<Sites> {
    let mut sites = Sites::default();
    match class(body, x, &mut sites)? {
        Lin::Free => Some(sites),
        Lin::Linear => None,
    }
}

/// The class of `e`, recording watched sites; `None` when x occurs in a
/// position the rule does not allow.
fn class(e: &Expr, x: &str, sites: &mut Sites) -> Option<Lin> {
    use Lin::{Free, Linear};
    match &e.kind {
        Kind::Name(n) if n == x => Some(Linear),
        Kind::Bin(op, l, r) => {
            let (a, b) = (class(l, x, sites)?, class(r, x, sites)?);
            match (op, a, b) {
                (_, Free, Free) => Some(Free),
                (BinOp::Add, Linear, Free) | (BinOp::Add, Free, Linear) => Some(Linear),
                (BinOp::Sub, Linear, Free) => Some(Linear),
                (BinOp::Sub, Linear, Linear) => Some(Free),
                (op, Linear, Linear) if op.is_comparison() => Some(Free),
                (BinOp::Mod, Linear, Free) => {
                    sites.mods.insert(e.id);
                    Some(Free)
                }
                _ => None,
            }
        }
        Kind::Call(Func::G | Func::P, args) if args.len() == 1 => {
            if class(&args[0], x, sites)? == Linear {
                sites.calls.insert(e.id);
            }
            Some(Free)
        }
        _ => {
            for c in children(e) {
                if class(c, x, sites)? != Free {
                    return None;
                }
            }
            Some(Free)
        }
    }
}
