//! Instances: the parameters enumerated in lexicographic order of their
//! declaration (the first parameter slowest), each range evaluated from
//! the earlier parameters' values, filtered by `where`; and the game of
//! each instance. Then [`evaluate`] on one instance.

use std::collections::BTreeSet;
use std::rc::Rc;

use crate::check::{check_claim, lets_using_game};
pub use crate::eval::TreeRef;
use crate::eval::{
    AvoidanceGame, Budget, Eval, EvalError, Evaluation, GameView, NoGame, Outcome, Res, Sequence,
    Stop, Value,
};
use crate::expr::ParamRange;
use crate::file::{AvoidArg, FileClaim, GameTemplate, GeometryKind, OctalPart};

/// The game of one instance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameSpec {
    /// A subtraction game: its moves, sorted, without duplicates, all ≥ 1.
    Subtraction(Vec<u64>),
    /// An octal game: its code with every hole filled, e.g. `0.37`.
    Octal(String),
    /// An avoidance game DNG(S, W) (paper B).
    Avoidance(AvoidanceSpec),
    /// Grundy's game: a move splits one heap into two unequal non-empty
    /// heaps.
    Grundy,
}

/// An avoidance game of one instance: the geometry and W.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AvoidanceSpec {
    /// The kind of geometry.
    pub kind: GeometryKind,
    /// The tree of a tree geometry given by a `trees(n)` parameter.
    pub tree: Option<TreeRef>,
    /// The geometry's text as written after the kind's word (empty for a
    /// tree parameter): edges `1-2,2-3`, points `0,0 1,0`, or a closure
    /// system in RON.
    pub text: String,
    /// W, points numbered from 1, increasing.
    pub win: Vec<u64>,
}

/// The value of a parameter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParamValue {
    /// An integer (a range, or one value).
    Int(i64),
    /// A subset (`subsets(A)`), increasing.
    Set(Vec<i64>),
    /// A tree (`trees(n)`, `labelled_trees(n)`).
    Tree(TreeRef),
}

impl ParamValue {
    /// The integer, if the value is one.
    pub fn int(&self) -> Option<i64> {
        match self {
            ParamValue::Int(v) => Some(*v),
            _ => None,
        }
    }

    /// The value as the evaluator holds it.
    pub(crate) fn value(&self) -> Value {
        match self {
            ParamValue::Int(v) => Value::Int(*v),
            ParamValue::Set(s) => Value::Set(Rc::new(s.iter().copied().collect())),
            ParamValue::Tree(t) => Value::Tree(*t),
        }
    }
}

impl std::fmt::Display for ParamValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParamValue::Int(v) => write!(f, "{v}"),
            ParamValue::Set(s) => {
                let items: Vec<String> = s.iter().map(i64::to_string).collect();
                write!(f, "{{{}}}", items.join(","))
            }
            ParamValue::Tree(t) => {
                let what = if t.labelled { "labelled tree" } else { "tree" };
                write!(f, "{what} #{} on {} vertices", t.index, t.n)
            }
        }
    }
}

/// Where the trees of `trees(n)` and `labelled_trees(n)` come from: the
/// caller's enumeration (nimcert's, `src/avoidance/enumerate.rs`), so
/// that the claim language holds no tree code of its own.
pub trait Catalogue {
    /// How many trees on n vertices (up to isomorphism, or labelled);
    /// `Err` with the reason when n is outside what the catalogue lists.
    fn trees(&self, n: i64, labelled: bool) -> Result<u64, String>;
}

/// The catalogue of [`instances`]: it lists no tree.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoCatalogue;

impl Catalogue for NoCatalogue {
    fn trees(&self, _n: i64, _labelled: bool) -> Result<u64, String> {
        Err("tree parameters need a tree catalogue (nimcert's audit has one)".into())
    }
}

/// The most elements of a set whose subsets a parameter ranges over
/// (2^62 − 1 subsets, numbered by `i64` masks).
pub const MAX_SUBSET_BASE: usize = 62;

/// One assignment of the parameters that passes `where`, and its game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Instance {
    /// The parameters' values, in declaration order.
    pub params: Vec<(String, ParamValue)>,
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
pub struct Instances<'a> {
    claim: &'a FileClaim,
    catalogue: &'a dyn Catalogue,
    /// The current counters of the first `cur.len()` parameters: the value
    /// of an integer, the index of a tree, the mask of a subset.
    cur: Vec<i64>,
    /// The (inclusive) upper bound of each of those.
    his: Vec<i64>,
    /// What turns each counter into a value.
    kinds: Vec<Counter>,
    started: bool,
    done: bool,
}

/// How a parameter's counter reads as its value.
#[derive(Debug, Clone)]
enum Counter {
    Int,
    /// A mask over these elements (increasing).
    Subset(Rc<Vec<i64>>),
    /// The index of a tree on n vertices.
    Tree(u64, bool),
}

impl Counter {
    fn value(&self, c: i64) -> ParamValue {
        match self {
            Counter::Int => ParamValue::Int(c),
            Counter::Subset(elems) => ParamValue::Set(
                elems
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| c >> i & 1 == 1)
                    .map(|(_, &v)| v)
                    .collect(),
            ),
            Counter::Tree(n, labelled) => ParamValue::Tree(TreeRef {
                n: *n,
                index: c.unsigned_abs(),
                labelled: *labelled,
            }),
        }
    }
}

/// The enumeration of `claim`'s instances (lexicographic, first parameter
/// slowest; `where` applied), with no tree catalogue ([`instances_in`]).
pub fn instances(claim: &FileClaim) -> Instances<'_> {
    instances_in(claim, &NoCatalogue)
}

/// [`instances`] with the trees of `trees(n)` parameters from `catalogue`.
pub fn instances_in<'a>(claim: &'a FileClaim, catalogue: &'a dyn Catalogue) -> Instances<'a> {
    Instances {
        claim,
        catalogue,
        cur: Vec::new(),
        his: Vec::new(),
        kinds: Vec::new(),
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
            self.kinds.pop();
        }
        false
    }

    /// Extends the current prefix to a full assignment (each parameter at
    /// its lower bound), skipping empty ranges; false when none is left.
    fn fill(&mut self, budget: &mut Budget) -> Result<bool, EvalError> {
        let params = &self.claim.params;
        while self.cur.len() < params.len() {
            let (lo, hi, kind) = {
                let mut ev = Eval::new(self.claim, None, budget);
                bind_params(&mut ev, self.claim, &self.values());
                external(range(
                    &mut ev,
                    &params[self.cur.len()].range,
                    self.catalogue,
                ))?
            };
            if lo <= hi {
                self.cur.push(lo);
                self.his.push(hi);
                self.kinds.push(kind);
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
        let values = self.values();
        bind_params(ev, claim, &values);
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
            .zip(values)
            .map(|(p, v)| (p.name.clone(), v))
            .collect();
        Ok(Some(Instance { params, game }))
    }

    /// The values of the parameters set so far.
    fn values(&self) -> Vec<ParamValue> {
        self.kinds
            .iter()
            .zip(&self.cur)
            .map(|(k, &c)| k.value(c))
            .collect()
    }
}

/// Binds the first `values.len()` parameters.
fn bind_params<'e>(ev: &mut Eval<'e, '_>, claim: &'e FileClaim, values: &[ParamValue]) {
    for (p, v) in claim.params.iter().zip(values) {
        ev.env.push((p.name.as_str(), v.value()));
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

/// A parameter's inclusive range of counters, and how they read.
fn range<'e>(
    ev: &mut Eval<'e, '_>,
    r: &'e ParamRange,
    catalogue: &dyn Catalogue,
) -> Res<(i64, i64, Counter)> {
    let (lo, hi) = match r {
        ParamRange::Trees(e, labelled) => {
            let n = ev.int(e)?;
            let count = catalogue
                .trees(n, *labelled)
                .map_err(|why| ev.input(e.pos, why))?;
            let hi = i64::try_from(count).unwrap_or(i64::MAX).saturating_sub(1);
            let n = u64::try_from(n).map_err(|_| ev.input(e.pos, format!("{n} vertices")))?;
            return Ok((0, hi, Counter::Tree(n, *labelled)));
        }
        ParamRange::Subsets(e) => {
            let set = ev.set(e)?;
            if set.len() > MAX_SUBSET_BASE {
                return Err(ev.input(
                    e.pos,
                    format!(
                        "subsets of a set of {} elements: at most {MAX_SUBSET_BASE} (a fixed bound)",
                        set.len()
                    ),
                ));
            }
            let hi = (1i64 << set.len()) - 1;
            let elems = Rc::new(set.iter().copied().collect());
            return Ok((1, hi, Counter::Subset(elems)));
        }
        other => int_range(ev, other)?,
    };
    Ok((lo, hi, Counter::Int))
}

/// An integer parameter's inclusive range.
fn int_range<'e>(ev: &mut Eval<'e, '_>, r: &'e ParamRange) -> Res<(i64, i64)> {
    match r {
        ParamRange::Trees(e, _) | ParamRange::Subsets(e) => {
            Err(ev.input(e.pos, "not an integer range".into()))
        }
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
        GameTemplate::Avoidance(kind, arg) => avoidance_game(ev, claim, *kind, arg),
        GameTemplate::Grundy => Ok(GameSpec::Grundy),
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

/// An avoidance game: the tree parameter's tree (or the text) and W, a
/// non-empty set of positive point numbers.
fn avoidance_game<'e>(
    ev: &mut Eval<'e, '_>,
    claim: &'e FileClaim,
    kind: GeometryKind,
    arg: &AvoidArg,
) -> Res<GameSpec> {
    let (tree, text) = match arg {
        AvoidArg::Text(t) => (None, t.clone()),
        AvoidArg::Tree(name, pos) => match ev.env.iter().rev().find(|(n, _)| n == name) {
            Some((_, Value::Tree(t))) => (Some(*t), String::new()),
            _ => return Err(ev.input(*pos, format!("`{name}` is not a tree parameter"))),
        },
    };
    let Some(w) = &claim.win else {
        return Err(ev.input(claim.game_pos(), "an avoidance game needs `win`".into()));
    };
    let set = ev.set(w)?;
    let mut win = Vec::with_capacity(set.len());
    for &v in set.iter() {
        match u64::try_from(v) {
            Ok(x) if x > 0 => win.push(x),
            _ => return Err(ev.input(w.pos, format!("W holds {v}: points are numbered from 1"))),
        }
    }
    if win.is_empty() {
        return Err(ev.input(w.pos, "W is empty (add `card(W) >= 1` to `where`)".into()));
    }
    Ok(GameSpec::Avoidance(AvoidanceSpec {
        kind,
        tree,
        text,
        win,
    }))
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
        .and_then(|(_, v)| u64::try_from(v.int()?).ok())?;
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
    params.push((
        crate::check::CLASS_VAR.to_string(),
        ParamValue::Int(i64::try_from(c).ok()?),
    ));
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
    instance_estimate_in(claim, &NoCatalogue, budget)
}

/// [`instance_estimate`] with the tree counts of `catalogue`. A claim
/// with a tree or subset parameter is also sized with every parameter at
/// its upper bound (the ranges of `trees(n)` and `subsets([1, n])` grow
/// with n, and the lower bounds would hide that), and the larger count is
/// returned; when only that second sizing fails (a tree order beyond the
/// catalogue at the upper bound), the count saturates.
pub fn instance_estimate_in(
    claim: &FileClaim,
    catalogue: &dyn Catalogue,
    budget: &mut Budget,
) -> Result<u64, EvalError> {
    let low = sized(claim, catalogue, budget, false)?;
    let structured = claim
        .params
        .iter()
        .any(|p| matches!(p.range, ParamRange::Trees(..) | ParamRange::Subsets(_)));
    if !structured {
        return Ok(low);
    }
    Ok(sized(claim, catalogue, budget, true).map_or(u64::MAX, |high| high.max(low)))
}

/// The product of the parameters' range sizes, each range evaluated with
/// the parameters before it at their lower (or `upper`) bounds.
fn sized(
    claim: &FileClaim,
    catalogue: &dyn Catalogue,
    budget: &mut Budget,
    upper: bool,
) -> Result<u64, EvalError> {
    let mut ev = Eval::new(claim, None, budget);
    let mut product: u64 = 1;
    for p in &claim.params {
        let (lo, hi, kind) = external(range(&mut ev, &p.range, catalogue))?;
        let size = u64::try_from(i128::from(hi) - i128::from(lo) + 1).unwrap_or(0);
        product = product.saturating_mul(size);
        let at = if upper && lo <= hi { hi } else { lo };
        ev.env.push((p.name.as_str(), kind.value(at).value()));
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
    evaluate_on(claim, instance, game, None, budget)
}

/// [`evaluate`] for an avoidance game: the game words (`S`, `nim`, `M`,
/// `Phi`, `classes`, `Ex`, `tau`, …) read `game`.
pub fn evaluate_avoidance(
    claim: &FileClaim,
    instance: &Instance,
    game: &dyn AvoidanceGame,
    budget: &mut Budget,
) -> Result<Evaluation, EvalError> {
    evaluate_on(claim, instance, &NoGame, Some(game), budget)
}

/// [`evaluate`] with the sequence and, for an avoidance game, the game.
fn evaluate_on(
    claim: &FileClaim,
    instance: &Instance,
    game: &dyn Sequence,
    avoidance: Option<&dyn AvoidanceGame>,
    budget: &mut Budget,
) -> Result<Evaluation, EvalError> {
    check_claim(claim).map_err(EvalError::from)?;
    let moves = match (&instance.game, avoidance) {
        (GameSpec::Subtraction(m), _) => Some(Rc::new(
            m.iter()
                .map(|&v| i64::try_from(v).unwrap_or(i64::MAX))
                .collect(),
        )),
        // S is the ground set {1, …, n} of an avoidance game.
        (GameSpec::Avoidance(_), Some(a)) => {
            let n = i64::try_from(a.ground()).unwrap_or(i64::MAX);
            if !budget.spend(a.ground()) {
                return Err(EvalError::Limit(claim.src.diag(
                    crate::diag::DiagKind::Limit {
                        flag: crate::eval::FLAG_MAX_EVAL_STEPS,
                    },
                    claim.game_pos(),
                    format!(
                        "evaluation budget of {} steps exhausted by the ground set (raise it with {})",
                        budget.limit(),
                        crate::eval::FLAG_MAX_EVAL_STEPS
                    ),
                )));
            }
            Some(Rc::new((1..=n).collect()))
        }
        _ => None,
    };
    let view = GameView {
        seq: game,
        moves,
        avoidance,
    };
    let mut ev = Eval::new(claim, Some(view), budget);
    for (name, v) in &instance.params {
        ev.env.push((name.as_str(), v.value()));
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
    if let Some(a) = &claim.assume {
        if !ev.truth(a)?.is(true) {
            // `assume` has no unbounded quantifier, so its value is known.
            return Ok((Outcome::NotApplicable, None));
        }
    }
    ev.top(&claim.assert)
}
