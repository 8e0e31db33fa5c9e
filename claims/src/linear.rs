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

/// Where and why x occurs in a position the rule does not allow.
#[derive(Debug, Clone)]
pub(crate) struct Offence {
    /// The offending node's position in the file.
    pub(crate) pos: usize,
    what: What,
}

#[derive(Debug, Clone)]
enum What {
    /// `x OP e` or `e OP x` with e free of x (a guard such as `s <= x`).
    Comparison(&'static str),
    /// x under another operator or function (`2 * x`, `x in A`, …).
    Operator(&'static str),
    /// x elsewhere (a set, a bound, an element of a set-builder).
    Elsewhere,
    /// The whole body is `x + d` (an integer, cannot happen after type
    /// checking).
    Body,
}

impl Offence {
    /// Why the rule does not apply, with a rewrite that is proved when
    /// there is an obvious one.
    pub(crate) fn message(&self, x: &str) -> String {
        const ALLOWED: &str = "the rule proves only statements where x occurs as `x + d` in \
             G(…) or P(…), before `mod`, or in a difference or comparison of two such terms";
        match self.what {
            What::Comparison(op) => format!(
                "{x} is compared (`{op}`) with a term free of {x}, and {ALLOWED}; a guard such \
                 as `s <= {x}` can go if {x} starts where it holds: `forall {x} >= max(S): \
                 G({x}) == mex{{G({x} - s) : s in S}}` is proved, and `forall {x} in \
                 [0, max(S)): …` states the rest"
            ),
            What::Operator(op) => format!("{x} occurs under `{op}`, and {ALLOWED}"),
            What::Elsewhere => {
                format!("{x} occurs in a set, a bound or a set-builder's element, and {ALLOWED}")
            }
            What::Body => ALLOWED.to_string(),
        }
    }
}

/// The watched sites if the rule applies to `body` with variable `x`,
/// else where and why it does not.
pub(crate) fn analyse(body: &Expr, x: &str) -> Result<Sites, Offence> {
    let mut sites = Sites::default();
    match class(body, x, &mut sites)? {
        Lin::Free => Ok(sites),
        Lin::Linear => Err(Offence {
            pos: body.pos,
            what: What::Body,
        }),
    }
}

/// The class of `e`, recording watched sites; the offence when x occurs
/// in a position the rule does not allow.
fn class(e: &Expr, x: &str, sites: &mut Sites) -> Result<Lin, Offence> {
    use Lin::{Free, Linear};
    let offence = |what| Offence { pos: e.pos, what };
    match &e.kind {
        Kind::Name(n) if n == x => Ok(Linear),
        Kind::Bin(op, l, r) => {
            let (a, b) = (class(l, x, sites)?, class(r, x, sites)?);
            match (op, a, b) {
                (_, Free, Free) => Ok(Free),
                (BinOp::Add, Linear, Free) | (BinOp::Add, Free, Linear) => Ok(Linear),
                (BinOp::Sub, Linear, Free) => Ok(Linear),
                (BinOp::Sub, Linear, Linear) => Ok(Free),
                (op, Linear, Linear) if op.is_comparison() => Ok(Free),
                (BinOp::Mod, Linear, Free) => {
                    sites.mods.insert(e.id);
                    Ok(Free)
                }
                (op, _, _) if op.is_comparison() => Err(offence(What::Comparison(op.symbol()))),
                (op, _, _) => Err(offence(What::Operator(op.symbol()))),
            }
        }
        Kind::Call(Func::G | Func::P, args) if args.len() == 1 => {
            if class(&args[0], x, sites)? == Linear {
                sites.calls.insert(e.id);
            }
            Ok(Free)
        }
        Kind::Call(f, _) => {
            for c in children(e) {
                if class(c, x, sites)? != Free {
                    return Err(offence(What::Operator(f.name())));
                }
            }
            Ok(Free)
        }
        Kind::Neg(_) => {
            for c in children(e) {
                if class(c, x, sites)? != Free {
                    return Err(offence(What::Operator("-")));
                }
            }
            Ok(Free)
        }
        _ => {
            for c in children(e) {
                if class(c, x, sites)? != Free {
                    return Err(offence(What::Elsewhere));
                }
            }
            Ok(Free)
        }
    }
}
