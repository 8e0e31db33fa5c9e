//! Bounded evaluation: every node visit and every set element costs a
//! step of the [`Budget`]; integers are `i64` with every operation
//! checked; unbounded quantifiers follow the "proved for all x" rule
//! (crate documentation, section *For all x*).

use std::collections::BTreeSet;
use std::fmt;
use std::rc::Rc;

use crate::diag::{DiagKind, Diagnostic};
use crate::expr::{BinOp, Domain, Expr, Func, Kind};
use crate::file::FileClaim;
use crate::linear::{self, Sites};

/// The flag raising the evaluation budget.
pub const FLAG_MAX_EVAL_STEPS: &str = "--max-eval-steps";
/// Most updates of the proof window (X0 raised, L enlarged) before the
/// rule gives up and the quantifier is checked below `check_below`.
const MAX_WINDOW_UPDATES: u32 = 64;

/// The nim-sequence of a game, as the evaluator sees it: `value(n)` is
/// G(n), defined for every n ≥ 0 (through the certified periodicity);
/// `preperiod` and `period` are the least pre-period q and period p. The
/// evaluator reads q and p only where the assertion names them or inside
/// a proof window of an unbounded quantifier, so a caller that knows G on
/// a prefix only can watch these calls and G beyond the prefix (nimcert's
/// audit does, for octal games with no period proved) and discard the
/// evaluations that made them.
pub trait Sequence {
    /// G(n).
    fn value(&self, n: u64) -> u64;
    /// The least pre-period q.
    fn preperiod(&self) -> u64;
    /// The least period p (≥ 1).
    fn period(&self) -> u64;
}

/// The sequence to pass when [`crate::needs_game`] is false: G ≡ 0,
/// q = 0, p = 1 (never consulted by such a claim; with q = 0 and p = 1
/// the proof rule stays sound since no `G` or `P` call is watched).
#[derive(Debug, Clone, Copy, Default)]
pub struct NoGame;

impl Sequence for NoGame {
    fn value(&self, _n: u64) -> u64 {
        0
    }
    fn preperiod(&self) -> u64 {
        0
    }
    fn period(&self) -> u64 {
        1
    }
}

/// An avoidance game DNG(S, W) (paper B) as the evaluator sees it. Points
/// are numbered 1, …, n = [`AvoidanceGame::ground`]; every set passed in
/// is a subset of them (the evaluator checks before it asks), and every
/// set returned is increasing.
pub trait AvoidanceGame {
    /// n = |S|.
    fn ground(&self) -> u64;
    /// nim(DNG(S, W)).
    fn nim(&self) -> u64;
    /// 𝓜: the maximal non-generating sets.
    fn maximal(&self) -> Vec<Vec<u64>>;
    /// ℐ: the sets I of the structure classes X_I.
    fn classes(&self) -> Vec<Vec<u64>>;
    /// (nim_0, nim_1) of the class X_I; `None` when I ∉ ℐ.
    fn class_type(&self, set: &[u64]) -> Option<(u64, u64)>;
    /// The nim number of the position P; `None` when P generates W.
    fn position_nim(&self, p: &[u64]) -> Option<u64>;
    /// τ(A).
    fn closure(&self, a: &[u64]) -> Vec<u64>;
    /// Ex(A) = {a ∈ A : a ∉ τ(A \ {a})}.
    fn extreme(&self, a: &[u64]) -> Vec<u64>;
    /// The components of T − v (a tree's vertex geometry) or the non-empty
    /// sides of the edge v (its edge geometry); `Err` with the reason on
    /// another geometry.
    fn components(&self, v: u64) -> Result<Vec<Vec<u64>>, String>;
}

/// One tree of a `trees(n)` (up to isomorphism) or `labelled_trees(n)`
/// parameter: the `index`-th tree on the vertices 1..n in the order of
/// the [`crate::Catalogue`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TreeRef {
    /// The number of vertices.
    pub n: u64,
    /// Its place in the enumeration, from 0.
    pub index: u64,
    /// Labelled trees (else up to isomorphism).
    pub labelled: bool,
}

/// A work limit: each node visited, each set element built, each
/// quantifier step costs one step.
#[derive(Debug, Clone)]
pub struct Budget {
    limit: u64,
    used: u64,
}

impl Budget {
    /// A budget of `steps` steps.
    pub fn new(steps: u64) -> Budget {
        Budget {
            limit: steps,
            used: 0,
        }
    }

    /// The budget's size.
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// Steps spent so far.
    pub fn used(&self) -> u64 {
        self.used
    }

    /// Steps left.
    pub fn remaining(&self) -> u64 {
        self.limit - self.used
    }

    /// Spends `n` steps; false (spending nothing) if fewer are left.
    pub(crate) fn spend(&mut self, n: u64) -> bool {
        if n > self.remaining() {
            self.used = self.limit;
            return false;
        }
        self.used += n;
        true
    }
}

/// An evaluation failure: an input error (overflow, division by zero,
/// G of a negative number, …; exit 2) or the budget exhausted (exit 3,
/// the message names [`FLAG_MAX_EVAL_STEPS`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EvalError {
    /// The claim is wrong for this instance.
    Input(Diagnostic),
    /// The budget ran out.
    Limit(Diagnostic),
}

impl EvalError {
    /// The diagnostic, whatever the kind.
    pub fn diagnostic(&self) -> &Diagnostic {
        match self {
            EvalError::Input(d) | EvalError::Limit(d) => d,
        }
    }

    /// 2 for input errors, 3 for the limit.
    pub fn exit_code(&self) -> i32 {
        self.diagnostic().exit_code()
    }
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.diagnostic().one_line())
    }
}

impl std::error::Error for EvalError {}

impl From<Diagnostic> for EvalError {
    fn from(d: Diagnostic) -> EvalError {
        match d.kind {
            DiagKind::Input => EvalError::Input(d),
            DiagKind::Limit { .. } => EvalError::Limit(d),
        }
    }
}

/// How far in x an evaluation's unbounded quantifiers were settled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum XScope {
    /// The assertion has no unbounded quantifier (or none was reached).
    NoUnbounded,
    /// Every unbounded quantifier reached was decided exactly by the
    /// proof rule; `up_to` is the largest window end X0 + L evaluated.
    ProvedForAll {
        /// The end of the largest window.
        up_to: u64,
    },
    /// Some unbounded quantifier fell outside the rule and was evaluated
    /// on x < N only (N = the claim's `check_below`): "checked on x < N".
    CheckedBelow(u64),
}

impl XScope {
    /// The scope of two evaluations together: checked wins over proved.
    fn merge(self, other: XScope) -> XScope {
        use XScope::*;
        match (self, other) {
            (CheckedBelow(a), CheckedBelow(b)) => CheckedBelow(a.max(b)),
            (CheckedBelow(a), _) | (_, CheckedBelow(a)) => CheckedBelow(a),
            (ProvedForAll { up_to: a }, ProvedForAll { up_to: b }) => {
                ProvedForAll { up_to: a.max(b) }
            }
            (ProvedForAll { up_to }, NoUnbounded) | (NoUnbounded, ProvedForAll { up_to }) => {
                ProvedForAll { up_to }
            }
            (NoUnbounded, NoUnbounded) => NoUnbounded,
        }
    }
}

/// What one instance's evaluation decided. The evaluation is
/// three-valued: an unbounded quantifier evaluated on lo ≤ x < N only
/// decides its value in one direction alone (a `forall` is refuted by a
/// counterexample below N, an `exists` confirmed by a witness below N);
/// otherwise its value is unknown, and negation, the connectives and
/// bounded quantifiers combine known and unknown values as in Kleene's
/// logic. An unknown value still has the value of the statement with
/// every such quantifier restricted to [lo, N), when that range was not
/// empty: [`Outcome::HoldsBelow`] when that one is true.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// True (for every x where quantifiers over x were proved or decided).
    Holds,
    /// Not decided, but true with every unbounded quantifier that was only
    /// checked read on lo ≤ x < N (N the claim's `check_below`): "holds on
    /// x < N only, not proved for all x".
    HoldsBelow(u64),
    /// False: the assertion fails on this instance (see the witness).
    Fails,
    /// Not decided: why (an `exists` with no witness below N, a range of x
    /// that is empty below N, …). Never a success, never a failure.
    Undecided(String),
    /// The claim's `assume` is false here: the instance is not applicable
    /// (the assertion is not evaluated).
    NotApplicable,
}

/// The result of evaluating a claim on one instance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evaluation {
    /// What was decided.
    pub outcome: Outcome,
    /// How unbounded quantifiers were settled.
    pub x_scope: XScope,
    /// For a false assertion that is a `forall` (or a chain of them): the
    /// first failing bindings, e.g. "false at x = 17"; for a false
    /// `exists`: "no x ≥ 0", "no x in {1, 2, 3}".
    pub witness: Option<String>,
    /// Why the first unbounded quantifier that was only checked (not
    /// proved) was not proved, with a rewrite that is when there is an
    /// obvious one; `None` when every one was proved.
    pub note: Option<String>,
}

impl Evaluation {
    /// Holds, exactly or on x < N only.
    pub fn holds(&self) -> bool {
        matches!(self.outcome, Outcome::Holds | Outcome::HoldsBelow(_))
    }

    /// Fails (a counterexample).
    pub fn fails(&self) -> bool {
        self.outcome == Outcome::Fails
    }

    /// Decided exactly: holds or fails whatever x beyond the checked
    /// range does.
    pub fn decided(&self) -> bool {
        matches!(self.outcome, Outcome::Holds | Outcome::Fails)
    }
}

/// A boolean's value in the three-valued evaluation: `exact` is its value
/// when it is known (`None`: unknown); `below` is the value of the same
/// expression with every unbounded quantifier that was only checked
/// restricted to [lo, N) (`None`: that restriction was empty, so nothing
/// was evaluated). When `exact` is known, `below` equals it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Truth {
    pub(crate) exact: Option<bool>,
    pub(crate) below: Option<bool>,
}

impl Truth {
    /// A known value.
    pub(crate) fn known(b: bool) -> Truth {
        Truth {
            exact: Some(b),
            below: Some(b),
        }
    }

    /// Unknown, with `below` the value on the checked range.
    fn checked(below: Option<bool>) -> Truth {
        Truth { exact: None, below }
    }

    fn not(self) -> Truth {
        Truth {
            exact: self.exact.map(|b| !b),
            below: self.below.map(|b| !b),
        }
    }

    fn and(self, o: Truth) -> Truth {
        Truth {
            exact: kleene_and(self.exact, o.exact),
            below: kleene_and(self.below, o.below),
        }
    }

    fn or(self, o: Truth) -> Truth {
        self.not().and(o.not()).not()
    }

    fn iff(self, o: Truth) -> Truth {
        let eq = |a: Option<bool>, b: Option<bool>| Some(a? == b?);
        Truth {
            exact: eq(self.exact, o.exact),
            below: eq(self.below, o.below),
        }
    }

    /// Known and equal to `b`.
    pub(crate) fn is(self, b: bool) -> bool {
        self.exact == Some(b)
    }

    /// The value as far as known, for a non-boolean consumer.
    fn best(self) -> bool {
        self.exact.or(self.below).unwrap_or(false)
    }
}

/// Kleene's conjunction: false if either is false, true if both are true.
fn kleene_and(a: Option<bool>, b: Option<bool>) -> Option<bool> {
    match (a, b) {
        (Some(false), _) | (_, Some(false)) => Some(false),
        (Some(true), Some(true)) => Some(true),
        _ => None,
    }
}

/// A value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Value {
    Int(i64),
    Bool(Truth),
    Set(Rc<BTreeSet<i64>>),
    /// A family of sets, without repeats, in the order of the sets.
    Family(Rc<BTreeSet<Rc<BTreeSet<i64>>>>),
    /// A tree parameter's tree.
    Tree(TreeRef),
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(v) => write!(f, "{v}"),
            Value::Bool(t) => write!(f, "{}", t.best()),
            Value::Set(s) => f.write_str(&show_set(s)),
            Value::Family(fam) => {
                let items: Vec<String> = fam.iter().map(|s| show_set(s)).collect();
                write!(f, "{{{}}}", items.join(","))
            }
            Value::Tree(t) => write!(f, "tree #{} on {} vertices", t.index, t.n),
        }
    }
}

/// `{1,2,4}`.
fn show_set(s: &BTreeSet<i64>) -> String {
    let items: Vec<String> = s.iter().map(i64::to_string).collect();
    format!("{{{}}}", items.join(","))
}

/// Why evaluation stopped early: an error, or the proof window giving up
/// (caught by the unbounded quantifier, which then checks below N).
pub(crate) enum Stop {
    Error(EvalError),
    /// Why the rule gave up.
    Fallback(String),
}

impl From<EvalError> for Stop {
    fn from(e: EvalError) -> Stop {
        Stop::Error(e)
    }
}

pub(crate) type Res<T> = Result<T, Stop>;

/// The proof window of the unbounded quantifier being evaluated.
struct Window {
    sites: Sites,
    /// The current x.
    x: i64,
    /// From here on, watched `G`/`P` arguments must be ≥ q.
    x0: i64,
    /// The period of the body in x: p lcm'd with the watched moduli.
    l: i64,
    updates: u32,
}

/// The game as the evaluator sees it: the sequence and the move set.
pub(crate) struct GameView<'g> {
    pub(crate) seq: &'g dyn Sequence,
    /// S: the move set of a subtraction game, the ground set of an
    /// avoidance game.
    pub(crate) moves: Option<Rc<BTreeSet<i64>>>,
    pub(crate) avoidance: Option<&'g dyn AvoidanceGame>,
}

/// The evaluator's state.
pub(crate) struct Eval<'a, 'g> {
    pub(crate) claim: &'a FileClaim,
    pub(crate) game: Option<GameView<'g>>,
    pub(crate) env: Vec<(&'a str, Value)>,
    pub(crate) budget: &'a mut Budget,
    window: Option<Window>,
    pub(crate) scope: XScope,
    /// The node continuing the top-level chain of quantifiers (witness).
    top: Option<u32>,
    /// Witness bindings, innermost first.
    trail: Vec<(&'a str, String)>,
    /// "no x …" for a false top-level `exists`.
    no_witness: Option<String>,
    /// Why the first unknown value arose (for [`Outcome::Undecided`]).
    pub(crate) undecided: Option<String>,
    /// Why the first quantifier that was only checked was not proved.
    pub(crate) note: Option<String>,
    /// An integer or set was computed from an unknown condition (an `if`
    /// or a set-builder condition): the result is then unknown too, and
    /// `taint_below` when that condition had no value on the checked range.
    taint: bool,
    taint_below: bool,
}

impl<'a, 'g> Eval<'a, 'g> {
    /// An evaluator for `claim` with an empty environment.
    pub(crate) fn new(
        claim: &'a FileClaim,
        game: Option<GameView<'g>>,
        budget: &'a mut Budget,
    ) -> Eval<'a, 'g> {
        Eval {
            claim,
            game,
            env: Vec::new(),
            budget,
            window: None,
            scope: XScope::NoUnbounded,
            top: None,
            trail: Vec::new(),
            no_witness: None,
            undecided: None,
            note: None,
            taint: false,
            taint_below: false,
        }
    }

    /// An input error at `pos`.
    pub(crate) fn input(&self, pos: usize, message: String) -> Stop {
        Stop::Error(EvalError::Input(self.claim.error(pos, message)))
    }

    /// Spends `n` steps, or the limit error at `pos`.
    fn spend(&mut self, n: u64, pos: usize) -> Res<()> {
        if self.budget.spend(n) {
            return Ok(());
        }
        let d = self.claim.src.diag(
            DiagKind::Limit {
                flag: FLAG_MAX_EVAL_STEPS,
            },
            pos,
            format!(
                "evaluation budget of {} steps exhausted (raise it with {FLAG_MAX_EVAL_STEPS})",
                self.budget.limit
            ),
        );
        Err(Stop::Error(EvalError::Limit(d)))
    }

    /// The value of an integer expression.
    pub(crate) fn int(&mut self, e: &'a Expr) -> Res<i64> {
        match self.eval(e)? {
            Value::Int(v) => Ok(v),
            _ => Err(self.input(e.pos, "expected an integer (run the type checker)".into())),
        }
    }

    /// The three-valued value of a boolean expression.
    pub(crate) fn truth(&mut self, e: &'a Expr) -> Res<Truth> {
        match self.eval(e)? {
            Value::Bool(v) => Ok(v),
            _ => Err(self.input(e.pos, "expected a boolean (run the type checker)".into())),
        }
    }

    /// The value of a boolean expression whose result feeds a non-boolean
    /// (a set-builder condition, `where`): an unknown value taints the
    /// evaluation (its result is then unknown).
    pub(crate) fn boolean(&mut self, e: &'a Expr) -> Res<bool> {
        let t = self.truth(e)?;
        self.taint_by(t);
        Ok(t.best())
    }

    /// Records that a value was computed from `t`'s best guess.
    fn taint_by(&mut self, t: Truth) {
        if t.exact.is_none() {
            self.taint = true;
            self.taint_below |= t.below.is_none();
        }
    }

    /// `t` as the result of the whole evaluation: unknown when a value was
    /// computed from an unknown condition.
    fn untainted(&self, t: Truth) -> Truth {
        match (self.taint, self.taint_below) {
            (false, _) => t,
            (true, false) => Truth::checked(t.below),
            (true, true) => Truth::checked(None),
        }
    }

    /// The value of a set expression.
    pub(crate) fn set(&mut self, e: &'a Expr) -> Res<Rc<BTreeSet<i64>>> {
        match self.eval(e)? {
            Value::Set(v) => Ok(v),
            _ => Err(self.input(e.pos, "expected a set (run the type checker)".into())),
        }
    }

    /// The members of a set (integers) or of a family (sets), in order,
    /// each paid for.
    fn members(&mut self, e: &'a Expr) -> Res<(Vec<Value>, String)> {
        let v = self.eval(e)?;
        let (members, shown): (Vec<Value>, String) = match &v {
            Value::Set(s) => (s.iter().map(|&x| Value::Int(x)).collect(), describe_set(s)),
            Value::Family(f) => (
                f.iter().map(|s| Value::Set(s.clone())).collect(),
                format!("in {v}"),
            ),
            _ => {
                return Err(self.input(
                    e.pos,
                    "expected a set or a family (run the type checker)".into(),
                ))
            }
        };
        Ok((members, shown))
    }

    /// Evaluates the top-level assertion, recording the witness trail: the
    /// outcome, and the witness when it fails.
    pub(crate) fn top(&mut self, e: &'a Expr) -> Res<(Outcome, Option<String>)> {
        self.top = Some(e.id);
        let t = self.truth(e)?;
        let t = self.untainted(t);
        match (t.exact, t.below) {
            (Some(true), _) => return Ok((Outcome::Holds, None)),
            (Some(false), _) => {}
            (None, Some(true)) => {
                let n = match self.scope {
                    XScope::CheckedBelow(n) => n,
                    _ => self.claim.check_below,
                };
                return Ok((Outcome::HoldsBelow(n), None));
            }
            (None, _) => {
                let why = self.undecided.clone().unwrap_or_else(|| {
                    "not decided: a quantifier over x was only checked below check_below".into()
                });
                return Ok((Outcome::Undecided(why), None));
            }
        }
        let parts: Vec<String> = self
            .trail
            .iter()
            .rev()
            .map(|(n, v)| format!("{n} = {v}"))
            .collect();
        let at = (!parts.is_empty()).then(|| format!("false at {}", parts.join(", ")));
        let witness = match (at, self.no_witness.take()) {
            (Some(at), Some(no)) => Some(format!("{at}: {no}")),
            (at, no) => at.or(no),
        };
        Ok((Outcome::Fails, witness))
    }

    /// Evaluates `e`.
    pub(crate) fn eval(&mut self, e: &'a Expr) -> Res<Value> {
        self.spend(1, e.pos)?;
        match &e.kind {
            Kind::Int(v) => Ok(Value::Int(*v)),
            Kind::Bool(b) => Ok(Value::Bool(Truth::known(*b))),
            Kind::Name(n) => self.name(n, e.pos),
            Kind::Neg(a) => {
                let v = self.int(a)?;
                let r = v.checked_neg();
                self.checked(r, e.pos, "-").map(Value::Int)
            }
            Kind::Not(a) => Ok(Value::Bool(self.truth(a)?.not())),
            Kind::Bin(op, l, r) => self.binary(e, *op, l, r),
            Kind::Call(f, args) => self.call(e, *f, args),
            Kind::If(c, t, f) => {
                let cond = self.truth(c)?;
                let v = if cond.best() {
                    self.eval(t)?
                } else {
                    self.eval(f)?
                };
                // An unknown condition: the value of the branch taken on the
                // checked range, itself unknown.
                Ok(match v {
                    _ if cond.exact.is_some() => v,
                    Value::Bool(b) => Value::Bool(Truth::checked(cond.below.and(b.below))),
                    other => {
                        self.taint_by(cond);
                        other
                    }
                })
            }
            Kind::SetLit(es) => {
                let mut ints = BTreeSet::new();
                let mut sets = BTreeSet::new();
                for x in es {
                    match self.eval(x)? {
                        Value::Int(v) => {
                            ints.insert(v);
                        }
                        Value::Set(s) => {
                            sets.insert(s);
                        }
                        _ => return Err(self.input(x.pos, "expected an integer or a set".into())),
                    }
                }
                Ok(if sets.is_empty() {
                    Value::Set(Rc::new(ints))
                } else {
                    Value::Family(Rc::new(sets))
                })
            }
            Kind::Interval(lo, hi, closed) => self.interval(lo, hi, *closed, e.pos),
            Kind::Builder { elem, gens, conds } => {
                let mut out = Built::default();
                self.generate(elem, gens, conds, &mut out)?;
                Ok(out.value())
            }
            Kind::Quant {
                forall,
                var,
                domain,
                body,
            } => self.quant(e, *forall, var, domain, body).map(Value::Bool),
        }
    }

    /// `Some(v)` or the overflow error of operator `what`.
    fn checked(&self, r: Option<i64>, pos: usize, what: &str) -> Res<i64> {
        r.ok_or_else(|| self.input(pos, format!("integer overflow in `{what}`")))
    }

    /// A name: a binding, or a game word.
    fn name(&mut self, n: &str, pos: usize) -> Res<Value> {
        if let Some((_, v)) = self.env.iter().rev().find(|(k, _)| *k == n) {
            return Ok(v.clone());
        }
        let avoidance = self.game.as_ref().and_then(|g| g.avoidance);
        if let Some(a) = avoidance {
            match n {
                "nim" => return self.game_int(a.nim(), pos).map(Value::Int),
                "M" => return Ok(Value::Family(self.family_of(a.maximal(), pos)?)),
                "classes" => return Ok(Value::Family(self.family_of(a.classes(), pos)?)),
                "Phi" => {
                    let m = self.family_of(a.maximal(), pos)?;
                    let phi = m.iter().skip(1).fold(
                        m.iter()
                            .next()
                            .map_or_else(BTreeSet::new, |s| (**s).clone()),
                        |acc, s| acc.intersection(s).copied().collect(),
                    );
                    return Ok(Value::Set(Rc::new(phi)));
                }
                _ => {}
            }
        }
        let game = self
            .game
            .as_ref()
            .ok_or_else(|| self.input(pos, format!("unknown name `{n}`")))?;
        match n {
            "q" => self.game_int(game.seq.preperiod(), pos).map(Value::Int),
            "p" => self.game_int(game.seq.period(), pos).map(Value::Int),
            "S" => match &game.moves {
                Some(m) => Ok(Value::Set(m.clone())),
                None => Err(self.input(pos, "`S` is defined for subtraction games only".into())),
            },
            _ => Err(self.input(pos, format!("unknown name `{n}`"))),
        }
    }

    /// A game value as an integer.
    fn game_int(&self, v: u64, pos: usize) -> Res<i64> {
        i64::try_from(v).map_err(|_| self.input(pos, format!("integer overflow: {v}")))
    }

    /// Binary operators.
    fn binary(&mut self, e: &'a Expr, op: BinOp, l: &'a Expr, r: &'a Expr) -> Res<Value> {
        use BinOp::*;
        let pos = e.pos;
        let known = |b: bool| Value::Bool(Truth::known(b));
        match op {
            // Lazy on known values only: an unknown left side (a quantifier
            // only checked below N) cannot decide, so the right side is
            // evaluated too (Kleene's logic).
            And => {
                let a = self.truth(l)?;
                if a.is(false) {
                    return Ok(Value::Bool(a));
                }
                Ok(Value::Bool(a.and(self.truth(r)?)))
            }
            Or | Implies => {
                let a = self.truth(l)?;
                let a = if op == Implies { a.not() } else { a };
                if a.is(true) {
                    return Ok(Value::Bool(a));
                }
                Ok(Value::Bool(a.or(self.truth(r)?)))
            }
            Iff => {
                let a = self.truth(l)?;
                Ok(Value::Bool(a.iff(self.truth(r)?)))
            }
            Eq | Ne => {
                let (a, b) = (self.eval(l)?, self.eval(r)?);
                let t = match (a, b) {
                    (Value::Bool(a), Value::Bool(b)) => a.iff(b),
                    (a, b) => Truth::known(a == b),
                };
                Ok(Value::Bool(if op == Eq { t } else { t.not() }))
            }
            In | NotIn => {
                let found = match (self.eval(l)?, self.eval(r)?) {
                    (Value::Int(x), Value::Set(s)) => s.contains(&x),
                    (Value::Set(a), Value::Family(f)) => f.contains(&a),
                    _ => return Err(self.input(pos, "expected `x in SET` or `A in FAMILY`".into())),
                };
                Ok(known(found == (op == In)))
            }
            Subset => {
                let (a, b) = (self.set(l)?, self.set(r)?);
                self.spend(a.len() as u64, pos)?;
                Ok(known(a.is_subset(&b)))
            }
            Union | Intersect | Minus => self.set_op(op, l, r, pos),
            Ratio => Err(self.input(pos, "`/` outside floor(…) or ceil(…)".into())),
            Lt | Le | Gt | Ge => {
                let (a, b) = (self.int(l)?, self.int(r)?);
                let v = match op {
                    Lt => a < b,
                    Le => a <= b,
                    Gt => a > b,
                    _ => a >= b,
                };
                Ok(known(v))
            }
            Add | Sub | Mul | Div | Mod | Pow => {
                let (a, b) = (self.int(l)?, self.int(r)?);
                if op == Mod {
                    self.watch_mod(e.id, b);
                }
                self.arith(op, a, b, pos).map(Value::Int)
            }
        }
    }

    /// Integer arithmetic, checked.
    fn arith(&self, op: BinOp, a: i64, b: i64, pos: usize) -> Res<i64> {
        use BinOp::*;
        let sym = op.symbol();
        if matches!(op, Div | Mod) && b == 0 {
            return Err(self.input(pos, format!("division by zero in `{sym}`")));
        }
        let r = match op {
            Add => a.checked_add(b),
            Sub => a.checked_sub(b),
            Mul => a.checked_mul(b),
            Div => a.checked_div_euclid(b),
            Mod => a.checked_rem_euclid(b),
            _ => return self.power(a, b, pos),
        };
        self.checked(r, pos, sym)
    }

    /// `a ^ b` for b ≥ 0, checked.
    fn power(&self, a: i64, b: i64, pos: usize) -> Res<i64> {
        if b < 0 {
            return Err(self.input(pos, format!("negative exponent {b} in `^`")));
        }
        let r = match u32::try_from(b) {
            Ok(b) => a.checked_pow(b),
            Err(_) if a == 0 || a == 1 => Some(a),
            Err(_) if a == -1 => Some(if b % 2 == 0 { 1 } else { -1 }),
            Err(_) => None,
        };
        self.checked(r, pos, "^")
    }

    /// `union`, `intersect`, `minus`.
    fn set_op(&mut self, op: BinOp, l: &'a Expr, r: &'a Expr, pos: usize) -> Res<Value> {
        let (a, b) = (self.set(l)?, self.set(r)?);
        self.spend((a.len() + b.len()) as u64, pos)?;
        let s: BTreeSet<i64> = match op {
            BinOp::Union => a.union(&b).copied().collect(),
            BinOp::Intersect => a.intersection(&b).copied().collect(),
            _ => a.difference(&b).copied().collect(),
        };
        Ok(Value::Set(Rc::new(s)))
    }

    /// `[lo, hi]` or `[lo, hi)`: each element paid for before it is made.
    fn interval(&mut self, lo: &'a Expr, hi: &'a Expr, closed: bool, pos: usize) -> Res<Value> {
        let (a, b) = (self.int(lo)?, self.int(hi)?);
        let end = i128::from(b) + i128::from(closed);
        let n = (end - i128::from(a)).max(0);
        self.spend(u64::try_from(n).unwrap_or(u64::MAX), pos)?;
        let last = (closed && a <= b).then_some(b);
        Ok(Value::Set(Rc::new((a..b).chain(last).collect())))
    }

    /// The elements of a set-builder: every combination of the
    /// generators' values (later generators may use earlier variables)
    /// passing the conditions.
    fn generate(
        &mut self,
        elem: &'a Expr,
        gens: &'a [(String, Expr)],
        conds: &'a [Expr],
        out: &mut Built,
    ) -> Res<()> {
        let Some(((var, set), rest)) = gens.split_first() else {
            for c in conds {
                if !self.boolean(c)? {
                    return Ok(());
                }
            }
            match self.eval(elem)? {
                Value::Int(v) => {
                    out.ints.insert(v);
                }
                Value::Set(s) => {
                    self.spend(s.len() as u64, elem.pos)?;
                    out.sets.insert(s);
                }
                _ => return Err(self.input(elem.pos, "expected an integer or a set".into())),
            }
            return Ok(());
        };
        let (values, _) = self.members(set)?;
        for v in values {
            self.spend(1, set.pos)?;
            self.env.push((var, v));
            let r = self.generate(elem, rest, conds, out);
            self.env.pop();
            r?;
        }
        Ok(())
    }

    /// Built-in functions.
    fn call(&mut self, e: &'a Expr, f: Func, args: &'a [Expr]) -> Res<Value> {
        let pos = e.pos;
        match f {
            Func::G | Func::P => {
                let n = self.int(
                    args.first()
                        .ok_or_else(|| self.input(pos, "G needs an argument".into()))?,
                )?;
                let g = self.nim_value(e.id, n, pos)?;
                Ok(if f == Func::G {
                    Value::Int(g)
                } else {
                    Value::Bool(Truth::known(g == 0))
                })
            }
            Func::Floor | Func::Ceil => self.rounding(f == Func::Floor, args, pos),
            Func::Abs => {
                let v = self.int(&args[0])?;
                self.checked(v.checked_abs(), pos, "abs").map(Value::Int)
            }
            Func::Card => match self.eval(&args[0])? {
                Value::Set(s) => Ok(Value::Int(s.len() as i64)),
                Value::Family(f) => Ok(Value::Int(f.len() as i64)),
                _ => Err(self.input(pos, "expected a set or a family".into())),
            },
            Func::Pty => {
                let s = self.set(&args[0])?;
                Ok(Value::Int(s.len() as i64 % 2))
            }
            Func::Even | Func::Odd => {
                let Value::Family(fam) = self.eval(&args[0])? else {
                    return Err(self.input(pos, "expected a family of sets".into()));
                };
                let want = usize::from(f == Func::Odd);
                let count = fam.iter().filter(|s| s.len() % 2 == want).count();
                Ok(Value::Int(count as i64))
            }
            Func::Ex
            | Func::Tau
            | Func::Components
            | Func::Nim
            | Func::Legal
            | Func::Nim0
            | Func::Nim1 => self.avoidance_call(f, &args[0], pos),
            Func::Mex => {
                let s = self.set(&args[0])?;
                self.spend(s.len() as u64, pos)?;
                Ok(Value::Int(mex(&s)))
            }
            Func::Min | Func::Max | Func::Gcd | Func::Lcm => self.variadic(f, args, pos),
        }
    }

    /// A family from the game, each set paid for.
    fn family_of(
        &mut self,
        sets: Vec<Vec<u64>>,
        pos: usize,
    ) -> Res<Rc<BTreeSet<Rc<BTreeSet<i64>>>>> {
        let size: u64 = sets.iter().map(|s| s.len() as u64 + 1).sum();
        self.spend(size, pos)?;
        Ok(Rc::new(
            sets.into_iter().map(|s| Rc::new(to_ints(&s))).collect(),
        ))
    }

    /// The functions of avoidance games, on a set of points of S (or, for
    /// `components`, one point).
    fn avoidance_call(&mut self, f: Func, arg: &'a Expr, pos: usize) -> Res<Value> {
        let Some(game) = self.game.as_ref().and_then(|g| g.avoidance) else {
            return Err(self.input(pos, format!("`{}` needs an avoidance game", f.name())));
        };
        let n = game.ground();
        let in_s = |x: i64| u64::try_from(x).ok().filter(|&x| (1..=n).contains(&x));
        if f == Func::Components {
            let v = self.int(arg)?;
            let Some(v) = in_s(v) else {
                return Err(self.input(arg.pos, format!("point {v} is not in S = [1, {n}]")));
            };
            let parts = game.components(v).map_err(|why| self.input(pos, why))?;
            return Ok(Value::Family(self.family_of(parts, pos)?));
        }
        let set = self.set(arg)?;
        self.spend(set.len() as u64 + n, pos)?;
        let points = set
            .iter()
            .map(|&x| in_s(x).ok_or(x))
            .collect::<Result<Vec<u64>, i64>>()
            .map_err(|x| self.input(arg.pos, format!("point {x} is not in S = [1, {n}]")))?;
        let shown = || show_set(&set);
        let int = |v: u64| i64::try_from(v).unwrap_or(i64::MAX);
        Ok(match f {
            Func::Ex => Value::Set(Rc::new(to_ints(&game.extreme(&points)))),
            Func::Tau => Value::Set(Rc::new(to_ints(&game.closure(&points)))),
            Func::Legal => Value::Bool(Truth::known(game.position_nim(&points).is_some())),
            Func::Nim => match game.position_nim(&points) {
                Some(v) => Value::Int(int(v)),
                None => {
                    return Err(self.input(
                        pos,
                        format!("nim({}) of a position that generates W (guard it with `legal(P) implies …`)", shown()),
                    ))
                }
            },
            _ => match game.class_type(&points) {
                Some((nim0, nim1)) => Value::Int(int(if f == Func::Nim0 { nim0 } else { nim1 })),
                None => {
                    return Err(self.input(
                        pos,
                        format!("{}({}): not the set of a structure class (I in classes)", f.name(), shown()),
                    ))
                }
            },
        })
    }

    /// G(n) from the game, watched in a proof window.
    fn nim_value(&mut self, id: u32, n: i64, pos: usize) -> Res<i64> {
        let Some(game) = self.game.as_ref() else {
            return Err(self.input(pos, "G and P need the game".into()));
        };
        let Ok(un) = u64::try_from(n) else {
            return Err(self.input(
                pos,
                format!("G of a negative number ({n}): add a lower bound, e.g. `forall x >= 1`"),
            ));
        };
        let g = game.seq.value(un);
        if let Some(w) = self.window.as_mut() {
            // q is read only inside a proof window (a game known by its
            // values alone has none, see `Sequence`).
            let q = || game.seq.preperiod();
            if w.sites.calls.contains(&id) && w.x >= w.x0 && un < q() {
                let q = q();
                // x + d < q: raise X0 by the deficit (x0 = q - d).
                let deficit = i64::try_from(q - un).unwrap_or(i64::MAX);
                w.x0 = w.x.saturating_add(deficit);
                w.updates += 1;
            }
        }
        self.game_int(g, pos)
    }

    /// A watched modulus must divide L.
    fn watch_mod(&mut self, id: u32, m: i64) {
        if let Some(w) = self.window.as_mut() {
            let m = m.unsigned_abs();
            if m != 0
                && w.sites.mods.contains(&id)
                && w.x >= w.x0
                && !(w.l as u64).is_multiple_of(m)
            {
                match lcm_u64(w.l as u64, m).and_then(|l| i64::try_from(l).ok()) {
                    Some(l) => {
                        w.l = l;
                        w.updates += 1;
                    }
                    // No period of the body fits in 64 bits: the rule gives
                    // up at the next step (`window_loop`), as it does when
                    // X0 + L overflows; L is never set to a non-period.
                    None => w.updates = MAX_WINDOW_UPDATES + 1,
                }
            }
        }
    }

    /// `floor(a / b)`, `ceil(a / b)`, or `floor(n)` = n.
    fn rounding(&mut self, floor: bool, args: &'a [Expr], pos: usize) -> Res<Value> {
        let Kind::Bin(BinOp::Ratio, a, b) = &args[0].kind else {
            return self.int(&args[0]).map(Value::Int);
        };
        let (a, b) = (self.int(a)?, self.int(b)?);
        if b == 0 {
            return Err(self.input(args[0].pos, "division by zero in `/`".into()));
        }
        let r = if floor {
            floor_div(a, b)
        } else {
            ceil_div(a, b)
        };
        self.checked(r, pos, "/").map(Value::Int)
    }

    /// `min`, `max` (of integers or of one set), `gcd`, `lcm`.
    fn variadic(&mut self, f: Func, args: &'a [Expr], pos: usize) -> Res<Value> {
        let values: Vec<i64> = if args.len() == 1 && matches!(f, Func::Min | Func::Max) {
            match self.eval(&args[0])? {
                Value::Int(v) => vec![v],
                Value::Set(s) => s.iter().copied().collect(),
                _ => return Err(self.input(pos, "expected an integer or a set".into())),
            }
        } else {
            args.iter().map(|a| self.int(a)).collect::<Res<Vec<_>>>()?
        };
        self.spend(values.len() as u64, pos)?;
        let name = f.name();
        let r = match f {
            Func::Min => values.iter().copied().min(),
            Func::Max => values.iter().copied().max(),
            Func::Gcd => gcd_all(&values),
            _ => lcm_all(&values),
        };
        match (r, values.is_empty()) {
            (Some(v), _) => Ok(Value::Int(v)),
            (None, true) => Err(self.input(pos, format!("`{name}` of an empty set"))),
            (None, false) => Err(self.input(pos, format!("integer overflow in `{name}`"))),
        }
    }

    /// Quantifiers: over a set, or unbounded (the proof rule).
    fn quant(
        &mut self,
        e: &'a Expr,
        forall: bool,
        var: &'a str,
        domain: &'a Domain,
        body: &'a Expr,
    ) -> Res<Truth> {
        let is_top = self.top == Some(e.id);
        let child_top = if is_top && forall && matches!(body.kind, Kind::Quant { .. }) {
            Some(body.id)
        } else {
            None
        };
        match domain {
            Domain::Set(s) => {
                let (values, shown) = self.members(s)?;
                let (t, found) = self.search(forall, var, body, child_top, values.into_iter())?;
                self.conclude(forall, var, t, found, is_top, || shown)
            }
            Domain::From(lo) => {
                let lo = match lo {
                    Some(lo) => self.int(lo)?,
                    None => 0,
                };
                self.unbounded(e, forall, var, lo, body, child_top, is_top)
            }
        }
    }

    /// Records the witness of a quantifier and returns its value `t`:
    /// `found` is the first value where the body is known false (forall)
    /// or known true (exists).
    fn conclude(
        &mut self,
        forall: bool,
        var: &'a str,
        t: Truth,
        found: Option<Value>,
        is_top: bool,
        domain: impl FnOnce() -> String,
    ) -> Res<Truth> {
        if is_top {
            match (forall, found) {
                (true, Some(x)) => self.trail.push((var, x.to_string())),
                (false, None) if t.is(false) => {
                    self.no_witness = Some(format!("no {var} {}", domain()));
                }
                _ => {}
            }
        }
        Ok(t)
    }

    /// Kleene's conjunction (`forall`) or disjunction (`exists`) of the
    /// body over `values`, stopping at the first value where the body is
    /// known false (`forall`) or known true (`exists`), returned with it.
    fn search(
        &mut self,
        forall: bool,
        var: &'a str,
        body: &'a Expr,
        child_top: Option<u32>,
        values: impl Iterator<Item = Value>,
    ) -> Res<(Truth, Option<Value>)> {
        let mark = self.trail.len();
        let mut acc = Truth::known(forall);
        for v in values {
            self.trail.truncate(mark);
            self.no_witness = None;
            let t = self.holds_at(var, v.clone(), body, child_top)?;
            if t.is(!forall) {
                return Ok((t, Some(v)));
            }
            acc = if forall { acc.and(t) } else { acc.or(t) };
        }
        self.trail.truncate(mark);
        Ok((acc, None))
    }

    /// The body's value with `var` bound to `v`.
    fn holds_at(
        &mut self,
        var: &'a str,
        v: Value,
        body: &'a Expr,
        child_top: Option<u32>,
    ) -> Res<Truth> {
        self.top = child_top;
        self.env.push((var, v));
        let r = self.truth(body);
        self.env.pop();
        r
    }

    /// An unbounded quantifier: the proof window if the rule applies and
    /// settles (a known value), else x in [lo, check_below), which decides
    /// a `forall` only when it finds a counterexample and an `exists` only
    /// when it finds a witness; otherwise the value is unknown (with its
    /// value on that range, none when the range is empty).
    #[allow(clippy::too_many_arguments)]
    fn unbounded(
        &mut self,
        e: &'a Expr,
        forall: bool,
        var: &'a str,
        lo: i64,
        body: &'a Expr,
        child_top: Option<u32>,
        is_top: bool,
    ) -> Res<Truth> {
        let word = if forall { "forall" } else { "exists" };
        let n = self.claim.check_below;
        let why_not = match linear::analyse(body, var) {
            Ok(sites) => match self.window_search(forall, var, lo, body, child_top, sites) {
                Ok((found, end)) => {
                    let up_to = u64::try_from(end).unwrap_or(0);
                    self.scope = self.scope.merge(XScope::ProvedForAll { up_to });
                    let t = Truth::known(if forall {
                        found.is_none()
                    } else {
                        found.is_some()
                    });
                    let found = found.map(Value::Int);
                    return self.conclude(forall, var, t, found, is_top, || format!("≥ {lo}"));
                }
                Err(Stop::Fallback(why)) => (e.pos, why),
                Err(e) => return Err(e),
            },
            Err(offence) => (offence.pos, offence.message(var)),
        };
        if self.note.is_none() {
            let (pos, why) = why_not;
            let d = self.claim.error(
                pos,
                format!(
                    "`{word} {var}` is checked on {var} < {} only, not proved for all {var}: {why}",
                    thousands(n)
                ),
            );
            self.note = Some(d.one_line());
        }
        let end = i64::try_from(n).unwrap_or(i64::MAX);
        self.scope = self.scope.merge(XScope::CheckedBelow(n));
        if lo >= end {
            self.undecided.get_or_insert_with(|| {
                format!(
                    "nothing evaluated: `{word} {var}` starts at {var} = {lo}, at or beyond \
                     check_below = {n}, so no {var} was checked (raise check_below above {lo})"
                )
            });
            return Ok(Truth::checked(None));
        }
        let (t, found) = self.search(forall, var, body, child_top, (lo..end).map(Value::Int))?;
        if found.is_some() {
            // A counterexample of a forall, a witness of an exists: known.
            return self.conclude(forall, var, t, found, is_top, String::new);
        }
        self.undecided.get_or_insert_with(|| {
            if forall {
                format!(
                    "no counterexample of `forall {var}` in [{lo}, {n}), which does not decide \
                     it (checked on {var} < {n} only)"
                )
            } else {
                format!(
                    "no {var} in [{lo}, {n}) for `exists {var}`, and one ≥ {n} is not excluded \
                     (checked on {var} < {n} only; raise check_below to search further)"
                )
            }
        });
        Ok(Truth::checked(t.below))
    }

    /// Evaluates the body on the window [lo, X0 + L), X0 and L growing as
    /// the watched sites require. Returns the deciding x, if any, and the
    /// window's end.
    fn window_search(
        &mut self,
        forall: bool,
        var: &'a str,
        lo: i64,
        body: &'a Expr,
        child_top: Option<u32>,
        sites: Sites,
    ) -> Res<(Option<i64>, i64)> {
        let fallback = |why: &str| Stop::Fallback(why.to_string());
        let game = self
            .game
            .as_ref()
            .ok_or_else(|| fallback("the game is not known here"))?;
        let q = i64::try_from(game.seq.preperiod())
            .map_err(|_| fallback("the pre-period q does not fit in 64 bits"))?;
        let p = i64::try_from(game.seq.period().max(1))
            .map_err(|_| fallback("the period p does not fit in 64 bits"))?;
        self.window = Some(Window {
            sites,
            x: lo,
            x0: lo.max(q),
            l: p,
            updates: 0,
        });
        let r = self.window_loop(forall, var, lo, body, child_top);
        self.window = None;
        r
    }

    /// The loop of [`Self::window_search`].
    fn window_loop(
        &mut self,
        forall: bool,
        var: &'a str,
        lo: i64,
        body: &'a Expr,
        child_top: Option<u32>,
    ) -> Res<(Option<i64>, i64)> {
        let mut x = lo;
        loop {
            let w = self
                .window
                .as_mut()
                .ok_or_else(|| Stop::Fallback("no proof window".into()))?;
            if w.updates > MAX_WINDOW_UPDATES {
                return Err(Stop::Fallback(format!(
                    "the proof window was enlarged more than {MAX_WINDOW_UPDATES} times \
                     (offsets below q, or moduli whose lcm with p does not fit in 64 bits)"
                )));
            }
            let Some(end) = w.x0.checked_add(w.l) else {
                return Err(Stop::Fallback(format!(
                    "the proof window [{lo}, X0 + L) = [{lo}, {} + {}) ends beyond 2^63 - 1",
                    w.x0, w.l
                )));
            };
            if x >= end {
                return Ok((None, end));
            }
            w.x = x;
            let mark = self.trail.len();
            self.no_witness = None;
            let t = self.holds_at(var, Value::Int(x), body, child_top)?;
            let Some(value) = t.exact else {
                return Err(Stop::Fallback(
                    "the body has a value that is not known in the window".into(),
                ));
            };
            if value != forall {
                return Ok((Some(x), end));
            }
            self.trail.truncate(mark);
            x += 1;
        }
    }
}

/// What a set-builder builds: integers (a set) or sets (a family).
#[derive(Default)]
struct Built {
    ints: BTreeSet<i64>,
    sets: BTreeSet<Rc<BTreeSet<i64>>>,
}

impl Built {
    /// A set, or a family when the elements were sets (the type checker
    /// makes every element of one builder one type).
    fn value(self) -> Value {
        if self.sets.is_empty() {
            Value::Set(Rc::new(self.ints))
        } else {
            Value::Family(Rc::new(self.sets))
        }
    }
}

/// Points as integers (each fits: they are at most |S| < 2^32).
fn to_ints(points: &[u64]) -> BTreeSet<i64> {
    points
        .iter()
        .map(|&x| i64::try_from(x).unwrap_or(i64::MAX))
        .collect()
}

/// `12345` as "12,345".
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The least non-negative integer not in `s`.
pub(crate) fn mex(s: &BTreeSet<i64>) -> i64 {
    let mut m = 0;
    for &v in s.range(0..) {
        if v != m {
            break;
        }
        m += 1;
    }
    m
}

/// ⌊a / b⌋ (b ≠ 0), checked.
pub(crate) fn floor_div(a: i64, b: i64) -> Option<i64> {
    let q = a.checked_div(b)?;
    let r = a % b;
    Some(if r != 0 && ((r < 0) != (b < 0)) {
        q - 1
    } else {
        q
    })
}

/// ⌈a / b⌉ (b ≠ 0), checked.
pub(crate) fn ceil_div(a: i64, b: i64) -> Option<i64> {
    let q = a.checked_div(b)?;
    let r = a % b;
    Some(if r != 0 && ((r < 0) == (b < 0)) {
        q + 1
    } else {
        q
    })
}

/// gcd of two magnitudes.
fn gcd_u64(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// lcm of two magnitudes, checked (lcm with 0 is 0).
fn lcm_u64(a: u64, b: u64) -> Option<u64> {
    if a == 0 || b == 0 {
        return Some(0);
    }
    (a / gcd_u64(a, b)).checked_mul(b)
}

/// gcd of all (non-negative; `None` on overflow or no values).
pub(crate) fn gcd_all(v: &[i64]) -> Option<i64> {
    let first = v.first()?.unsigned_abs();
    let g = v.iter().fold(first, |g, x| gcd_u64(g, x.unsigned_abs()));
    i64::try_from(g).ok()
}

/// lcm of all (non-negative; `None` on overflow or no values).
pub(crate) fn lcm_all(v: &[i64]) -> Option<i64> {
    let first = v.first()?.unsigned_abs();
    let l = v
        .iter()
        .try_fold(first, |l, x| lcm_u64(l, x.unsigned_abs()))?;
    i64::try_from(l).ok()
}

/// A set for a witness: all of it when small, else its ends and size.
fn describe_set(s: &BTreeSet<i64>) -> String {
    if s.len() <= 8 {
        let items: Vec<String> = s.iter().map(|v| v.to_string()).collect();
        return format!("in {{{}}}", items.join(", "));
    }
    let (a, b) = (
        s.first().copied().unwrap_or(0),
        s.last().copied().unwrap_or(0),
    );
    format!("in {{{a}, …, {b}}} ({} elements)", s.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_and_mex() {
        assert_eq!(floor_div(7, -2), Some(-4));
        assert_eq!(ceil_div(7, -2), Some(-3));
        assert_eq!(floor_div(-7, 2), Some(-4));
        assert_eq!(ceil_div(-7, 2), Some(-3));
        assert_eq!(floor_div(i64::MIN, -1), None);
        assert_eq!(mex(&[0, 1, 3].into_iter().collect()), 2);
        assert_eq!(mex(&[-1, 1].into_iter().collect()), 0);
        assert_eq!(gcd_all(&[12, -18, 0]), Some(6));
        assert_eq!(lcm_all(&[4, 6]), Some(12));
        assert_eq!(lcm_all(&[i64::MAX, 2]), None);
    }
}
