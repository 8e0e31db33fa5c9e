//! Arguments from Python, read into Rust values with the package's own
//! errors: a value out of range or of the wrong kind is an `InputError`
//! with a one-line message naming the argument, never the built-in
//! `OverflowError` or `TypeError` of an integer conversion.
//!
//! - counts (limits such as `max_work`, and `certify_family`'s a, b, ρ):
//!   an int from 0 to 2^64 − 1 (anything with `__index__`, a NumPy
//!   integer included); a bool is refused, as True is not a count;
//! - positions (`Game.value(x)`): any int ≥ 0, reduced by the period
//!   beyond 2^64 − 1;
//! - moves: a string as on the command line, or a sequence (a set, a
//!   NumPy array) of ints; a dict, bytes and bools are refused, as a
//!   dict's keys are not meant as moves, bytes are not text, and True is
//!   not a move;
//! - claim prefixes (`claims=`): one string or a sequence of strings.

use crate::errors::{guard, Failure, Outcome};
use nimcert::moves::{clip, MoveSet, MoveSetError, MAX_MOVES};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyByteArray, PyBytes, PyMapping, PyString};

/// The bound every count is read within, in words.
const COUNT_RANGE: &str = "an int from 0 to 2^64 − 1";

/// How a value is shown in a message: its `repr`, cut to 40 characters.
fn shown(value: &Bound<'_, PyAny>) -> String {
    let text = value
        .repr()
        .map(|r| r.to_string())
        .unwrap_or_else(|_| "?".to_string());
    clip(&text, 40)
}

/// The name of a value's type, for a message.
fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".to_string())
}

/// A count named `name`: an int from 0 to 2^64 − 1, not a bool.
pub fn count_of(name: &str, value: &Bound<'_, PyAny>) -> Outcome<u64> {
    if value.is_instance_of::<PyBool>() {
        return Err(Failure::input(format!(
            "{name}: {} is a bool, not {COUNT_RANGE}",
            shown(value)
        )));
    }
    value
        .extract::<u64>()
        .map_err(|_| Failure::input(format!("{name}: {} is not {COUNT_RANGE}", shown(value))))
}

/// [`count_of`] as a Python exception (run before an entry point's body,
/// so guarded on its own).
fn count(name: &str, value: &Bound<'_, PyAny>) -> PyResult<u64> {
    guard(|| count_of(name, value).map_err(|f| f.into_py_err(value.py())))
}

/// One extractor per integer argument (`#[pyo3(from_py_with = …)]`), so
/// that the message names the argument.
macro_rules! count_arguments {
    ($($name:ident),* $(,)?) => {$(
        #[doc = concat!("The argument `", stringify!($name), "`: ", "an int from 0 to 2^64 − 1.")]
        pub fn $name(value: &Bound<'_, PyAny>) -> PyResult<u64> {
            count(stringify!($name), value)
        }
    )*};
}

count_arguments!(
    max_positions,
    max_work,
    max_n,
    max_claim_bytes,
    max_claims,
    max_eval_steps,
    a,
    b,
    rho,
);

/// A position `name` of a game whose values repeat with period `p` from
/// `q` on: any int ≥ 0; one beyond 2^64 − 1 is reduced to q + (x − q) mod
/// p, the position with the same value.
pub fn position(name: &str, x: &Bound<'_, PyAny>, q: u64, p: u64) -> Outcome<u64> {
    let refused = |what: &str| {
        Failure::input(format!(
            "{name}: {} is {what}a position (an int ≥ 0)",
            shown(x)
        ))
    };
    if x.is_instance_of::<PyBool>() {
        return Err(refused("a bool, not "));
    }
    if let Ok(x) = x.extract::<u64>() {
        return Ok(x);
    }
    // An int too large for 64 bits, or negative, or not an int at all.
    let int = x
        .py()
        .import("operator")
        .and_then(|operator| operator.call_method1("index", (x,)))
        .map_err(|_| refused("not "))?;
    if int.lt(0).unwrap_or(true) {
        return Err(refused("negative, not "));
    }
    int.sub(q)
        .and_then(|d| d.rem(p.max(1)))
        .and_then(|r| r.extract::<u64>())
        .map(|r| q + r)
        .map_err(|_| refused("not "))
}

/// Moves given from Python: a string as on the command line (`"2,5,7"`,
/// `"2 5 7"`) or a sequence of ints (a list, a tuple, a set, a NumPy
/// array), read with the command line's bounds (at most 4096 moves, each
/// in [1, 2^24]) and its messages. A dict (its keys are not meant as
/// moves), bytes and bools are refused.
pub fn moves_of(moves: &Bound<'_, PyAny>) -> Outcome<MoveSet> {
    if let Ok(text) = moves.cast::<PyString>() {
        let text: String = text
            .extract()
            .map_err(|_| Failure::input("the moves are not valid UTF-8 text"))?;
        return MoveSet::parse(&text).map_err(Failure::input);
    }
    let not_moves = || {
        Failure::input(format!(
            "the moves must be a string or a sequence of ints, not {}",
            type_name(moves)
        ))
    };
    if moves.is_instance_of::<PyBytes>()
        || moves.is_instance_of::<PyByteArray>()
        || moves.is_instance_of::<PyMapping>()
    {
        return Err(not_moves());
    }
    let too_many = |n: usize| Failure::input(MoveSetError::TooMany(n));
    let n = moves.len().map_err(|_| not_moves())?;
    if n > MAX_MOVES {
        return Err(too_many(n));
    }
    let mut list = Vec::with_capacity(n);
    for item in moves.try_iter().map_err(|_| not_moves())? {
        let item = item.map_err(|e| Failure::input(e.to_string()))?;
        list.push(move_of(&item)?);
        if list.len() > MAX_MOVES {
            return Err(too_many(list.len()));
        }
    }
    MoveSet::new(&list).map_err(Failure::input)
}

/// One move: an int (anything with `__index__`, such as a NumPy
/// integer), not a bool. A negative int or anything else is "not a
/// positive integer", an int beyond 64 bits "exceeds the limit", as on the
/// command line.
fn move_of(item: &Bound<'_, PyAny>) -> Outcome<u64> {
    if item.is_instance_of::<PyBool>() {
        return Err(Failure::input(format!(
            "{} is a bool, not a move (moves are positive integers)",
            shown(item)
        )));
    }
    if let Ok(m) = item.extract::<u64>() {
        return Ok(m);
    }
    let is_int = item.hasattr("__index__").unwrap_or(false);
    if is_int && item.ge(0).unwrap_or(false) {
        return Err(Failure::input(MoveSetError::TooLarge(u64::MAX)));
    }
    let shown = item
        .str()
        .map(|s| s.to_string())
        .unwrap_or_else(|_| "?".to_string());
    Err(Failure::input(MoveSetError::NotANumber(shown)))
}

/// The claim ids or prefixes of `claims=` (`--claim`): one string or a
/// sequence of strings (None: every claim).
pub fn prefixes_of(claims: Option<&Bound<'_, PyAny>>) -> Outcome<Vec<String>> {
    let Some(claims) = claims else {
        return Ok(Vec::new());
    };
    if let Ok(one) = claims.extract::<String>() {
        return Ok(vec![one]);
    }
    let refused = || {
        Failure::input(format!(
            "claims: a claim id or prefix (str) or a list of them, not {}",
            type_name(claims)
        ))
    };
    if claims.is_instance_of::<PyBytes>()
        || claims.is_instance_of::<PyByteArray>()
        || claims.is_instance_of::<PyMapping>()
    {
        return Err(refused());
    }
    let mut out = Vec::new();
    for item in claims.try_iter().map_err(|_| refused())? {
        let item = item.map_err(|e| Failure::input(e.to_string()))?;
        let prefix = item.extract::<String>().map_err(|_| {
            Failure::input(format!(
                "claims: each is a claim id or prefix (str), not {}",
                type_name(&item)
            ))
        })?;
        out.push(prefix);
    }
    Ok(out)
}
