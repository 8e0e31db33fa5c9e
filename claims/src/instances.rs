//! Instances: the parameters enumerated in lexicographic order of their
//! declaration (the first parameter slowest), each range evaluated from
//! the earlier parameters' values, filtered by `where`; and the game of
//! each instance. Then [`evaluate`] on one instance.

use std::collections::BTreeSet;
use std::rc::Rc;

use crate::check::{check_claim, lets_using_game};
use crate::eval::{
    Budget, Eval, EvalError, Evaluation, GameView, Outcome, Res, Sequence, Stop, Value,
};
use crate::expr::ParamRange;
use crate::file::{FileClaim, GameTemplate, OctalPart};

/// The game of one instance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameSpec {
    /// A subtraction game: its moves, sorted, without duplicates, all ≥ 1.
    Subtraction(Vec<u64>),
    /// An octal game: its code with every hole filled, e.g. `0.37`.
    Octal(String),
}

/// One assignment of the parameters that passes `where`, and its game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Instance {
    /// The parameters' values, in declaration order.
    pub params: Vec<(String, i64)>,
    /// The game.
    pub game: GameSpec,
}

impl Instance {
    /// `a=2, b=4, c=7` (empty without parameters).
    pub fn label(&self) -> String {
        let parts: Vec<String> = self
            .params
            .iter()
            .map(|(n, v)| format!("{n}={v}"))
            .collect();
        parts.join(", ")
    }
}

/// The enumeration of a claim's instances; see [`Instances::next_instance`].
#[derive(Debug)]
pub struct Instances<'a> {
    claim: &'a FileClaim,
    /// The current values of the first `cur.len()` parameters.
    cur: Vec<i64>,
    /// The (inclusive) upper bound of each of those.
    his: Vec<i64>,
    started: bool,
    done: bool,
}

/// The enumeration of `claim`'s instances (lexicographic, first parameter
/// slowest; `where` applied).
pub fn instances(claim: &FileClaim) -> Instances<'_> {
    Instances {
        claim,
        cur: Vec::new(),
        his: Vec::new(),
        started: false,
        done: false,
    }
}

/// Unwraps an internal stop (the fallback cannot happen outside an
/// unbounded quantifier, which parameters, `where` and the game lack).
fn external<T>(r: Res<T>) -> Result<T, EvalError> {
    r.map_err(|s| match s {
        Stop::Error(e) => e,
        Stop::Fallback(_) => unreachable_fallback(),
    })
}

/// The fallback signal escaping a quantifier: impossible by construction
/// (only `window_search` raises it, and `unbounded` catches it).
fn unreachable_fallback() -> EvalError {
    EvalError::Input(crate::diag::Diagnostic::whole_file(
        "",
        crate::diag::DiagKind::Input,
        "internal: proof-window fallback escaped".into(),
    ))
}

impl<'a> Instances<'a> {
    /// The next instance, `None` when all were enumerated. Every
    /// assignment tried (also those `where` rejects) spends budget.
    pub fn next_instance(&mut self, budget: &mut Budget) -> Option<Result<Instance, EvalError>> {
        while !self.done {
            match self.step(budget) {
                Ok(Some(i)) => return Some(Ok(i)),
                Ok(None) => {}
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            }
        }
        None
    }

    /// Moves to the next full assignment; the instance if `where` holds.
    fn step(&mut self, budget: &mut Budget) -> Result<Option<Instance>, EvalError> {
        let advanced = if self.started { self.bump() } else { true };
        self.started = true;
        if !advanced || !self.fill(budget)? {
            self.done = true;
            return Ok(None);
        }
        let mut ev = Eval::new(self.claim, None, budget);
        external(self.instance(&mut ev))
    }

    /// Increments the last parameter, dropping exhausted ones; false when
    /// the enumeration is over.
    fn bump(&mut self) -> bool {
        while let (Some(c), Some(&hi)) = (self.cur.last_mut(), self.his.last()) {
            if *c < hi {
                *c += 1;
                return true;
            }
            self.cur.pop();
            self.his.pop();
        }
        false
    }

    /// Extends the current prefix to a full assignment (each parameter at
    /// its lower bound), skipping empty ranges; false when none is left.
    fn fill(&mut self, budget: &mut Budget) -> Result<bool, EvalError> {
        let params = &self.claim.params;
        while self.cur.len() < params.len() {
            let (lo, hi) = {
                let mut ev = Eval::new(self.claim, None, budget);
                bind_params(&mut ev, self.claim, &self.cur);
                external(range(&mut ev, &params[self.cur.len()].range))?
            };
            if lo <= hi {
                self.cur.push(lo);
                self.his.push(hi);
            } else if !self.bump() {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The current assignment as an instance, if `where` holds.
    fn instance<'e>(&self, ev: &mut Eval<'e, '_>) -> Res<Option<Instance>>
    where
        'a: 'e,
    {
        let claim: &'e FileClaim = self.claim;
        bind_params(ev, claim, &self.cur);
        bind_static_lets(ev, claim)?;
        if let Some(w) = &claim.where_ {
            if !ev.boolean(w)? {
                return Ok(None);
            }
        }
        let game = game_spec(ev, claim)?;
        let params = claim
            .params
            .iter()
            .zip(&self.cur)
            .map(|(p, &v)| (p.name.clone(), v))
            .collect();
        Ok(Some(Instance { params, game }))
    }
}

/// Binds the first `values.len()` parameters.
fn bind_params<'e>(ev: &mut Eval<'e, '_>, claim: &'e FileClaim, values: &[i64]) {
    for (p, &v) in claim.params.iter().zip(values) {
        ev.env.push((p.name.as_str(), Value::Int(v)));
    }
}

/// Binds the definitions that do not use the game.
fn bind_static_lets<'e>(ev: &mut Eval<'e, '_>, claim: &'e FileClaim) -> Res<()> {
    for (l, game) in claim.lets.iter().zip(lets_using_game(claim)) {
        if !game {
            let v = ev.eval(&l.expr)?;
            ev.env.push((l.name.as_str(), v));
        }
    }
    Ok(())
}

/// A parameter's inclusive range.
fn range<'e>(ev: &mut Eval<'e, '_>, r: &'e ParamRange) -> Res<(i64, i64)> {
    match r {
        ParamRange::Value(e) => {
            let v = ev.int(e)?;
            Ok((v, v))
        }
        ParamRange::Range(lo, hi, inclusive) => {
            let a = ev.int(lo)?;
            let b = ev.int(hi)?;
            if *inclusive {
                return Ok((a, b));
            }
            match b.checked_sub(1) {
                Some(b) => Ok((a, b)),
                None => Ok((1, 0)),
            }
        }
    }
}

/// The instance's game: the subtraction set or the filled octal code; in
/// an `every_c` claim, the base {a, b} (a < b) of the class, checked
/// against the residue ([`class_game`]).
fn game_spec<'e>(ev: &mut Eval<'e, '_>, claim: &'e FileClaim) -> Res<GameSpec> {
    if let Some((rho, pos)) = &claim.every_c {
        return class_game(ev, claim, rho, *pos);
    }
    match &claim.game {
        GameTemplate::Subtraction(es) => {
            let mut moves = BTreeSet::new();
            for e in es {
                let v = ev.int(e)?;
                let Ok(m) = u64::try_from(v) else {
                    return Err(not_positive(ev, e.pos, v));
                };
                if m == 0 {
                    return Err(not_positive(ev, e.pos, v));
                }
                moves.insert(m);
            }
            Ok(GameSpec::Subtraction(moves.into_iter().collect()))
        }
        GameTemplate::SubtractionSet(e) => {
            let set = ev.set(e)?;
            let mut moves = Vec::with_capacity(set.len());
            for &v in set.iter() {
                match u64::try_from(v) {
                    Ok(m) if m > 0 => moves.push(m),
                    _ => return Err(not_positive(ev, e.pos, v)),
                }
            }
            if moves.is_empty() {
                return Err(ev.input(
                    e.pos,
                    "the move set is empty (add a condition to `where`)".to_string(),
                ));
            }
            Ok(GameSpec::Subtraction(moves))
        }
        GameTemplate::Octal(parts) => {
            let mut code = String::new();
            for part in parts {
                match part {
                    OctalPart::Lit(s) => code.push_str(s),
                    OctalPart::Hole(e) => {
                        let d = ev.int(e)?;
                        if !(0..=7).contains(&d) {
                            return Err(ev.input(
                                e.pos,
                                format!(
                                    "octal digit {d} not in 0..=7 (add a condition to `where`)"
                                ),
                            ));
                        }
                        code.push(char::from(b'0' + d as u8));
                    }
                }
            }
            Ok(GameSpec::Octal(code))
        }
    }
}

/// The base of an `every_c` instance: the two expressions of `{E1, E2, c}`
/// as a < b, with 1 ≤ a < b and 0 ≤ ρ < a + b (a + b computed checked);
/// anything else is an input error at the `every_c` value or the element,
/// suggesting a condition in `where`.
fn class_game<'e>(
    ev: &mut Eval<'e, '_>,
    claim: &'e FileClaim,
    rho_name: &str,
    pos: usize,
) -> Res<GameSpec> {
    let GameTemplate::Subtraction(es) = &claim.game else {
        return Err(ev.input(pos, "`every_c` needs a game `{a, b, c}`".into()));
    };
    let mut base = Vec::with_capacity(2);
    for e in es {
        if matches!(&e.kind, crate::expr::Kind::Name(n) if n == crate::check::CLASS_VAR) {
            continue;
        }
        let v = ev.int(e)?;
        match u64::try_from(v) {
            Ok(m) if m > 0 => base.push(m),
            _ => return Err(not_positive(ev, e.pos, v)),
        }
    }
    base.sort_unstable();
    let (a, b) = match base[..] {
        [a, b] if a < b => (a, b),
        [a, _] => {
            return Err(ev.input(
                claim.game_pos(),
                format!("`every_c` needs a < b in `{{a, b, c}}`, here both are {a} (add a condition to `where`)"),
            ))
        }
        _ => return Err(ev.input(pos, "`every_c` needs a game `{a, b, c}`".into())),
    };
    let rho = ev
        .env
        .iter()
        .rev()
        .find(|(n, _)| *n == rho_name)
        .and_then(|(_, v)| match v {
            Value::Int(r) => Some(*r),
            _ => None,
        })
        .ok_or_else(|| ev.input(pos, format!("`{rho_name}` is not an integer parameter")))?;
    let Some(m) = a.checked_add(b) else {
        return Err(ev.input(pos, format!("a + b overflows (a = {a}, b = {b})")));
    };
    if !u64::try_from(rho).is_ok_and(|r| r < m) {
        return Err(ev.input(
            pos,
            format!(
                "the residue {rho_name} = {rho} is not in [0, a + b) = [0, {m}) (a = {a}, b = {b}; \
                 add `{rho_name} < a + b` to `where` or use the range \"0..a+b\")"
            ),
        ));
    }
    Ok(GameSpec::Subtraction(vec![a, b]))
}

/// The class c ≡ ρ (mod a + b) of an instance of an `every_c` claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Class {
    /// a (the smaller move of the base).
    pub a: u64,
    /// b (the larger).
    pub b: u64,
    /// ρ, 0 ≤ ρ < a + b.
    pub rho: u64,
}

/// The class of `instance` when `claim` has `every_c` (its base {a, b},
/// as enumerated, and the residue parameter's value).
pub fn class_of(claim: &FileClaim, instance: &Instance) -> Option<Class> {
    let (rho_name, _) = claim.every_c.as_ref()?;
    let GameSpec::Subtraction(base) = &instance.game else {
        return None;
    };
    let (a, b) = match base[..] {
        [a, b] if a < b => (a, b),
        _ => return None,
    };
    let rho = instance
        .params
        .iter()
        .find(|(n, _)| n == rho_name)
        .and_then(|(_, v)| u64::try_from(*v).ok())?;
    (rho < a.checked_add(b)?).then_some(Class { a, b, rho })
}

/// The member of an `every_c` instance at `c`: the parameters and `c`
/// (bound like a parameter), and the game {a, b, c}. Evaluate it with
/// [`evaluate`] on the game's sequence, as an ordinary instance. `None`
/// when `c` is not above b or not in the class, or does not fit.
pub fn member(claim: &FileClaim, instance: &Instance, c: u64) -> Option<Instance> {
    let class = class_of(claim, instance)?;
    let m = class.a + class.b;
    if c <= class.b || c % m != class.rho {
        return None;
    }
    let mut params = instance.params.clone();
    params.push((crate::check::CLASS_VAR.to_string(), i64::try_from(c).ok()?));
    Some(Instance {
        params,
        game: GameSpec::Subtraction(vec![class.a, class.b, c]),
    })
}

/// The error for a move that is not positive.
fn not_positive(ev: &Eval<'_, '_>, pos: usize, v: i64) -> Stop {
    ev.input(
        pos,
        format!("move {v} is not positive (add a condition to `where`, e.g. `n >= 1`)"),
    )
}

/// A rough count of the instances before enumerating them: the product
/// of the ranges' sizes with every parameter at its lower bound
/// (saturating; `where` not applied). For a work estimate only.
pub fn instance_estimate(claim: &FileClaim, budget: &mut Budget) -> Result<u64, EvalError> {
    let mut ev = Eval::new(claim, None, budget);
    let mut product: u64 = 1;
    for p in &claim.params {
        let (lo, hi) = external(range(&mut ev, &p.range))?;
        let size = u64::try_from(i128::from(hi) - i128::from(lo) + 1).unwrap_or(0);
        product = product.saturating_mul(size);
        ev.env.push((p.name.as_str(), Value::Int(lo)));
    }
    Ok(product)
}

/// Evaluates `claim`'s assertion on `instance` against the game's
/// nim-sequence (use [`crate::NoGame`] when [`crate::needs_game`] is
/// false). The claim is type-checked first (an input error if it does not
/// check). Unbounded quantifiers follow the proof rule of the crate
/// documentation; the result says how far in x it was settled.
pub fn evaluate(
    claim: &FileClaim,
    instance: &Instance,
    game: &dyn Sequence,
    budget: &mut Budget,
) -> Result<Evaluation, EvalError> {
    check_claim(claim).map_err(EvalError::from)?;
    let moves = match &instance.game {
        GameSpec::Subtraction(m) => Some(Rc::new(
            m.iter()
                .map(|&v| i64::try_from(v).unwrap_or(i64::MAX))
                .collect(),
        )),
        GameSpec::Octal(_) => None,
    };
    let view = GameView { seq: game, moves };
    let mut ev = Eval::new(claim, Some(view), budget);
    for (name, v) in &instance.params {
        ev.env.push((name.as_str(), Value::Int(*v)));
    }
    let (outcome, witness) = external(assertion(&mut ev, claim))?;
    Ok(Evaluation {
        outcome,
        x_scope: ev.scope,
        witness,
        note: ev.note.take(),
    })
}

/// The definitions, then the assertion.
fn assertion<'e>(ev: &mut Eval<'e, '_>, claim: &'e FileClaim) -> Res<(Outcome, Option<String>)> {
    for l in &claim.lets {
        let v = ev.eval(&l.expr)?;
        ev.env.push((l.name.as_str(), v));
    }
    ev.top(&claim.assert)
}
