//! "For every c": an `every_c` claim decided on a whole class
//! c = (a + b)k + ρ, k ≥ k0, from what a family certificate states
//! (crate documentation, *For every c*).
//!
//! The caller (nimcert's audit) knows, from a family certificate that
//! nimcheck accepted, that for every k ≥ k0 the game {a, b, c(k)} is purely
//! periodic (q = 0) with least period p(k) = p0 (a constant) or c(k) + d,
//! or (a pre-periodic family with its least period proved) has least
//! pre-period q(k) and least period p(k), both affine in k.
//! [`decide_every_c`] then decides the assertion for every k ≥ k0 at once
//! when it lies in the *affine subset*, and says why not otherwise.
//!
//! **The affine subset.** A subterm is *constant* when it mentions none of
//! `c`, `q`, `p`, `S`, `G`, `P`, a definition that does, or an unbounded
//! quantifier: its value is the same for every member of the class (it
//! reads only the parameters and the definitions that do not use c or the
//! game), and it is evaluated once, by the ordinary evaluator. An *affine
//! term* is a constant integer, `c`, `q`, `p`, a definition whose
//! expression is an affine term, `-T`, `T + T`, `T - T`, `K * T` or
//! `T * K` with K constant. A *formula* is a constant boolean, a comparison
//! `T OP T` (OP one of `==`, `!=`, `<`, `<=`, `>`, `>=`) of affine terms,
//! `not F`, `F and F`, `F or F`, `F implies F`, `F iff F`, `F == F`,
//! `F != F`, or a definition whose expression is a formula. Anything else
//! that mentions c or the game (`G`, `P`, `S`, `div`, `mod`, `^`, `if`,
//! functions, sets, quantifiers, `c * c`) is outside, and the caller falls
//! back to the finite verdict. Every definition that uses c or the game
//! must be in the subset too (the ordinary evaluation evaluates them all).
//!
//! **The rule.** Each affine term is computed symbolically as α·k + β with
//! α, β exact integers (i128, every operation checked; an overflow puts
//! the claim outside): c = m·k + ρ (m = a + b), q = 0, p = p0 or
//! m·k + ρ + d (or q, p the pre-periodic family's affine functions),
//! constants (0, v); sums, differences, negations and products
//! by a constant of affine functions are affine. A comparison T1 OP T2 is
//! then f(k) OP 0 with f = T1 − T2 = α·k + β. For α ≠ 0 let
//! r = ⌊−β/α⌋. The formula is evaluated, exactly, at the points
//! P = {k0} ∪ {r, r + 1 : r of an atom, r ≥ k0}; it holds for every
//! k ≥ k0 iff it holds at every point of P, and when it fails, the least
//! failing point is the least failing k ≥ k0.
//!
//! *Proof.* For α ≠ 0, sign f(k) = sign α · sign(k − (−β/α)). With
//! r = ⌊−β/α⌋, every integer k ≤ r − 1 is below −β/α, every k ≥ r + 1 is
//! above it, so the truth of f(k) OP 0 is constant on (−∞, r − 1], on
//! {r} and on [r + 1, ∞); for α = 0 it is constant everywhere. Sort P:
//! P_0 = k0 < P_1 < … < P_n. Each integer k ≥ k0 lies in exactly one
//! block I_j = [P_j, P_{j+1}) (I_n = [P_n, ∞)). No atom's truth changes
//! inside a block: a change between k and k + 1, both in I_j, needs
//! k + 1 = r or k + 1 = r + 1 for an atom's r (the only places where its
//! pieces meet), and then k + 1 > k ≥ k0, so k + 1 ∈ P with
//! P_j ≤ k < k + 1 < P_{j+1} or k + 1 beyond P_n, against the sorting. So
//! every atom, and the formula (a boolean function of the atoms), has on
//! all of I_j its value at P_j. Hence the formula holds for every k ≥ k0
//! iff it holds at every P_j; and if k is the least failing k ≥ k0, the
//! block of k starts at a P_j ≤ k where it fails, so P_j = k. ∎
//!
//! The certificate's facts (q(k), p(k)) are what make the symbolic
//! values of `q` and `p` the true least pre-period and period; the members
//! b < c < c(k0), which the certificate does not cover, are the caller's
//! (each an ordinary instance, [`crate::member`]).

use crate::check::{lets_using_game, CLASS_VAR};
use crate::eval::{Budget, Eval, EvalError, Stop, Value};
use crate::expr::{BinOp, Domain, Expr, Func, Kind};
use crate::file::FileClaim;
use crate::instances::{class_of, Instance};

/// The least period of the members k ≥ k0 of a family certificate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FamilyPeriod {
    /// The same p0 for every member (the Base shape).
    Constant(u64),
    /// c + d (the Tail shape, d the tail's length).
    CPlus(u64),
    /// slope·k + offset (a pre-periodic family: its q(k) and p(k)).
    Affine {
        /// The slope.
        slope: u64,
        /// The value at k = 0.
        offset: i64,
    },
}

/// What a family certificate (accepted by nimcheck) states about the class
/// of an instance: for every k ≥ `from_k`, the least pre-period is
/// `preperiod` (0 for a purely periodic family) and the least period is
/// `period`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Family {
    /// k0.
    pub from_k: u64,
    /// The least pre-period for k ≥ k0: `Constant(0)` for a `Family`
    /// certificate, affine for a `PrePeriodicFamily` one.
    pub preperiod: FamilyPeriod,
    /// The least period for k ≥ k0.
    pub period: FamilyPeriod,
}

/// The result of [`decide_every_c`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ForEveryC {
    /// The assertion holds at every c = (a + b)k + ρ with k ≥ k0.
    Holds,
    /// It fails at this k (the least k ≥ k0 where it fails), c = (a + b)k + ρ.
    FailsAt {
        /// k.
        k: u64,
        /// c(k).
        c: u64,
    },
    /// Not decided for every c: the one-line note why (`FILE:LINE:COL:`
    /// of the offending part, or of the claim).
    Outside(String),
}

/// Most atoms (comparisons mentioning c, q or p) of one assertion.
const MAX_ATOMS: usize = 4096;
/// Most formula nodes built, counting each use of a definition's formula
/// in full (the recursion over a formula stays shallow).
const MAX_FORM: u64 = 4096;

/// An affine function α·k + β.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Aff {
    alpha: i128,
    beta: i128,
}

impl Aff {
    fn constant(v: i128) -> Aff {
        Aff { alpha: 0, beta: v }
    }
    fn add(self, o: Aff) -> Option<Aff> {
        Some(Aff {
            alpha: self.alpha.checked_add(o.alpha)?,
            beta: self.beta.checked_add(o.beta)?,
        })
    }
    fn neg(self) -> Option<Aff> {
        Some(Aff {
            alpha: self.alpha.checked_neg()?,
            beta: self.beta.checked_neg()?,
        })
    }
    fn scale(self, s: i128) -> Option<Aff> {
        Some(Aff {
            alpha: self.alpha.checked_mul(s)?,
            beta: self.beta.checked_mul(s)?,
        })
    }
    fn at(self, k: i128) -> Option<i128> {
        self.alpha.checked_mul(k)?.checked_add(self.beta)
    }
}

/// A formula over atoms `f_i(k) OP 0`.
#[derive(Debug, Clone)]
enum Form {
    Const(bool),
    Atom(usize),
    Not(Box<Form>),
    And(Box<Form>, Box<Form>),
    Or(Box<Form>, Box<Form>),
    Iff(Box<Form>, Box<Form>),
}

/// A symbolic value.
#[derive(Debug, Clone)]
enum Sym {
    Int(Aff),
    Bool(Form),
}

/// Why symbolic evaluation stopped: outside the subset (position, why) or
/// the budget.
enum Out {
    Outside(usize, String),
    Limit(EvalError),
}

type SRes<T> = Result<T, Out>;

struct Symbolic<'a, 'g> {
    ev: Eval<'a, 'g>,
    c: Aff,
    q: Aff,
    p: Aff,
    /// Definitions that use c or the game, with their symbolic values and
    /// formula sizes.
    lets: Vec<(&'a str, Sym, u64)>,
    atoms: Vec<(Aff, BinOp)>,
    /// Formula nodes built so far.
    nodes: u64,
}

fn overflow(pos: usize) -> Out {
    Out::Outside(pos, "an affine coefficient overflows".into())
}

impl<'a, 'g> Symbolic<'a, 'g> {
    /// Counts `n` more formula nodes, at most [`MAX_FORM`].
    fn grow(&mut self, n: u64, pos: usize) -> SRes<()> {
        self.nodes = self.nodes.saturating_add(n);
        if self.nodes > MAX_FORM {
            return Err(Out::Outside(
                pos,
                format!("the formula has more than {MAX_FORM} parts"),
            ));
        }
        Ok(())
    }

    /// Does `e` vary with the member (mention c, q, p, S, G, P or such a
    /// definition), or contain an unbounded quantifier?
    fn varies(&self, e: &Expr) -> bool {
        match &e.kind {
            Kind::Name(n) => {
                matches!(n.as_str(), "q" | "p" | "S")
                    || n == CLASS_VAR
                    || self.lets.iter().any(|(l, _, _)| l == n)
            }
            Kind::Call(Func::G | Func::P, _) => true,
            Kind::Quant {
                domain: Domain::From(_),
                ..
            } => true,
            _ => crate::check::children(e)
                .into_iter()
                .any(|c| self.varies(c)),
        }
    }

    fn int(&mut self, e: &'a Expr) -> SRes<Aff> {
        match self.sym(e)? {
            Sym::Int(a) => Ok(a),
            Sym::Bool(_) => Err(Out::Outside(e.pos, "expected an integer".into())),
        }
    }

    fn form(&mut self, e: &'a Expr) -> SRes<Form> {
        match self.sym(e)? {
            Sym::Bool(f) => Ok(f),
            Sym::Int(_) => Err(Out::Outside(e.pos, "expected a boolean".into())),
        }
    }

    /// The symbolic value of `e` (every boolean node counted).
    fn sym(&mut self, e: &'a Expr) -> SRes<Sym> {
        let v = self.sym_node(e)?;
        if matches!(v, Sym::Bool(_)) {
            self.grow(1, e.pos)?;
        }
        Ok(v)
    }

    fn sym_node(&mut self, e: &'a Expr) -> SRes<Sym> {
        if !self.ev.budget.spend(1) {
            return Err(Out::Limit(budget_error(
                self.ev.claim,
                self.ev.budget,
                e.pos,
            )));
        }
        if !self.varies(e) {
            return match self.ev.eval(e) {
                Ok(Value::Int(v)) => Ok(Sym::Int(Aff::constant(i128::from(v)))),
                Ok(Value::Bool(t)) => match t.exact {
                    Some(b) => Ok(Sym::Bool(Form::Const(b))),
                    None => Err(Out::Outside(e.pos, "a value that is not known".into())),
                },
                Ok(Value::Set(_) | Value::Family(_) | Value::Tree(_)) => Err(Out::Outside(
                    e.pos,
                    "a set next to c, q or p (only integers and booleans are affine)".into(),
                )),
                Err(Stop::Error(EvalError::Limit(d))) => Err(Out::Limit(EvalError::Limit(d))),
                Err(Stop::Error(EvalError::Input(d))) => Err(Out::Outside(
                    e.pos,
                    format!("a part free of c is an error here ({})", d.message),
                )),
                Err(Stop::Fallback(why)) => Err(Out::Outside(e.pos, why)),
            };
        }
        let outside = |what: &str| {
            Err(Out::Outside(
                e.pos,
                format!("{what} on c or the game (c, q, p, S, G, P) is outside the affine subset"),
            ))
        };
        match &e.kind {
            Kind::Name(n) if n == CLASS_VAR => Ok(Sym::Int(self.c)),
            Kind::Name(n) if n == "q" => Ok(Sym::Int(self.q)),
            Kind::Name(n) if n == "p" => Ok(Sym::Int(self.p)),
            Kind::Name(n) => match self.lets.iter().rev().find(|(l, _, _)| l == n) {
                Some((_, v, size)) => {
                    let (v, size) = (v.clone(), *size);
                    self.grow(size, e.pos)?;
                    Ok(v)
                }
                None => outside(&format!("`{n}`")),
            },
            Kind::Neg(a) => {
                let v = self.int(a)?;
                v.neg().map(Sym::Int).ok_or_else(|| overflow(e.pos))
            }
            Kind::Not(a) => Ok(Sym::Bool(Form::Not(Box::new(self.form(a)?)))),
            Kind::Bin(op, l, r) => self.binary(e, *op, l, r),
            Kind::Call(f, _) => outside(&format!("`{}`", f.name())),
            Kind::If(..) => outside("`if`"),
            Kind::Quant { .. } => outside("a quantifier"),
            _ => outside("a set"),
        }
    }

    fn binary(&mut self, e: &'a Expr, op: BinOp, l: &'a Expr, r: &'a Expr) -> SRes<Sym> {
        use BinOp::*;
        let ov = || overflow(e.pos);
        match op {
            Add | Sub => {
                let (x, y) = (self.int(l)?, self.int(r)?);
                let y = if op == Sub {
                    y.neg().ok_or_else(ov)?
                } else {
                    y
                };
                x.add(y).map(Sym::Int).ok_or_else(ov)
            }
            Mul => {
                let (x, y) = (self.int(l)?, self.int(r)?);
                let product = if x.alpha == 0 {
                    y.scale(x.beta)
                } else if y.alpha == 0 {
                    x.scale(y.beta)
                } else {
                    return Err(Out::Outside(
                        e.pos,
                        "a product of two terms with c, q or p is not affine".into(),
                    ));
                };
                product.map(Sym::Int).ok_or_else(ov)
            }
            Eq | Ne | Lt | Le | Gt | Ge => match (self.sym(l)?, self.sym(r)?) {
                (Sym::Int(x), Sym::Int(y)) => {
                    let f = x.add(y.neg().ok_or_else(ov)?).ok_or_else(ov)?;
                    if self.atoms.len() >= MAX_ATOMS {
                        return Err(Out::Outside(
                            e.pos,
                            format!("more than {MAX_ATOMS} comparisons"),
                        ));
                    }
                    self.atoms.push((f, op));
                    Ok(Sym::Bool(Form::Atom(self.atoms.len() - 1)))
                }
                (Sym::Bool(x), Sym::Bool(y)) if matches!(op, Eq | Ne) => {
                    let iff = Form::Iff(Box::new(x), Box::new(y));
                    Ok(Sym::Bool(if op == Eq {
                        iff
                    } else {
                        Form::Not(Box::new(iff))
                    }))
                }
                _ => Err(Out::Outside(e.pos, "a comparison of mixed types".into())),
            },
            And | Or | Implies | Iff => {
                let (x, y) = (Box::new(self.form(l)?), Box::new(self.form(r)?));
                Ok(Sym::Bool(match op {
                    And => Form::And(x, y),
                    Or => Form::Or(x, y),
                    Implies => Form::Or(Box::new(Form::Not(x)), y),
                    _ => Form::Iff(x, y),
                }))
            }
            other => Err(Out::Outside(
                e.pos,
                format!(
                    "`{}` on c or the game (c, q, p, S, G, P) is outside the affine subset",
                    other.symbol()
                ),
            )),
        }
    }
}

/// The budget error at `pos` (as the evaluator's).
fn budget_error(claim: &FileClaim, budget: &Budget, pos: usize) -> EvalError {
    EvalError::Limit(claim.src.diag(
        crate::diag::DiagKind::Limit {
            flag: crate::eval::FLAG_MAX_EVAL_STEPS,
        },
        pos,
        format!(
            "evaluation budget of {} steps exhausted (raise it with {})",
            budget.limit(),
            crate::eval::FLAG_MAX_EVAL_STEPS
        ),
    ))
}

/// The formula's value with the atoms' values `truth`.
fn value(f: &Form, truth: &[bool]) -> bool {
    match f {
        Form::Const(b) => *b,
        Form::Atom(i) => truth[*i],
        Form::Not(a) => !value(a, truth),
        Form::And(a, b) => value(a, truth) && value(b, truth),
        Form::Or(a, b) => value(a, truth) || value(b, truth),
        Form::Iff(a, b) => value(a, truth) == value(b, truth),
    }
}

/// `v OP 0`.
fn compare(v: i128, op: BinOp) -> bool {
    match op {
        BinOp::Eq => v == 0,
        BinOp::Ne => v != 0,
        BinOp::Lt => v < 0,
        BinOp::Le => v <= 0,
        BinOp::Gt => v > 0,
        _ => v >= 0,
    }
}

/// ⌊n / d⌋ for d ≠ 0.
fn floor_div(n: i128, d: i128) -> Option<i128> {
    let (n, d) = if d < 0 {
        (n.checked_neg()?, d.checked_neg()?)
    } else {
        (n, d)
    };
    Some(n.div_euclid(d))
}

/// The points P of the rule (module docs), sorted: k0 and r, r + 1 of
/// every atom with α ≠ 0, kept when ≥ k0.
fn points(atoms: &[(Aff, BinOp)], k0: i128) -> Option<Vec<i128>> {
    let mut p = vec![k0];
    for (f, _) in atoms {
        if f.alpha != 0 {
            let r = floor_div(f.beta.checked_neg()?, f.alpha)?;
            p.extend([r, r.checked_add(1)?].into_iter().filter(|&x| x >= k0));
        }
    }
    p.sort_unstable();
    p.dedup();
    Some(p)
}

/// Decides `claim`'s assertion for every member c = (a + b)k + ρ, k ≥ k0,
/// of the class of `instance` (an instance of an `every_c` claim), given
/// the facts of its family certificate (module docs: the affine subset,
/// the rule and its proof). Errors: the budget only (an error in a part
/// free of c puts the claim outside, so that the ordinary evaluation, on
/// the finite members, reports it where it happens).
pub fn decide_every_c(
    claim: &FileClaim,
    instance: &Instance,
    family: Family,
    budget: &mut Budget,
) -> Result<ForEveryC, EvalError> {
    let outside = |pos: usize, why: String| {
        ForEveryC::Outside(
            claim
                .error(pos, format!("not proved for every c: {why}"))
                .one_line(),
        )
    };
    let Some(class) = class_of(claim, instance) else {
        return Ok(outside(claim.pos, "not an `every_c` instance".into()));
    };
    let m = i128::from(class.a) + i128::from(class.b);
    let rho = i128::from(class.rho);
    let c = Aff {
        alpha: m,
        beta: rho,
    };
    let affine = |f: FamilyPeriod| match f {
        FamilyPeriod::Constant(p0) => Aff::constant(i128::from(p0)),
        FamilyPeriod::CPlus(d) => Aff {
            alpha: m,
            beta: rho + i128::from(d),
        },
        FamilyPeriod::Affine { slope, offset } => Aff {
            alpha: i128::from(slope),
            beta: i128::from(offset),
        },
    };
    let p = affine(family.period);
    let q = affine(family.preperiod);
    let mut s = Symbolic {
        ev: Eval::new(claim, None, budget),
        c,
        q,
        p,
        lets: Vec::new(),
        atoms: Vec::new(),
        nodes: 0,
    };
    for (name, v) in &instance.params {
        s.ev.env.push((name.as_str(), v.value()));
    }
    let form = (|| -> SRes<Form> {
        for (l, game) in claim.lets.iter().zip(lets_using_game(claim)) {
            if game {
                let before = s.nodes;
                let v = s.sym(&l.expr)?;
                let size = s.nodes - before;
                s.lets.push((l.name.as_str(), v, size));
            } else {
                let v = s.ev.eval(&l.expr).map_err(|e| match e {
                    Stop::Error(EvalError::Limit(d)) => Out::Limit(EvalError::Limit(d)),
                    Stop::Error(EvalError::Input(d)) => Out::Outside(l.pos, d.message),
                    Stop::Fallback(why) => Out::Outside(l.pos, why),
                })?;
                s.ev.env.push((l.name.as_str(), v));
            }
        }
        s.form(&claim.assert)
    })();
    let form = match form {
        Ok(f) => f,
        Err(Out::Limit(e)) => return Err(e),
        Err(Out::Outside(pos, why)) => return Ok(outside(pos, why)),
    };
    let k0 = i128::from(family.from_k);
    let at_assert = claim.assert.pos;
    let Some(points) = points(&s.atoms, k0) else {
        return Ok(outside(at_assert, "an affine root overflows".into()));
    };
    for k in points {
        if !s.ev.budget.spend(1 + s.atoms.len() as u64) {
            return Err(budget_error(claim, s.ev.budget, at_assert));
        }
        let mut truth = Vec::with_capacity(s.atoms.len());
        for (f, op) in &s.atoms {
            let Some(v) = f.at(k) else {
                return Ok(outside(at_assert, "an affine term overflows".into()));
            };
            truth.push(compare(v, *op));
        }
        if !value(&form, &truth) {
            let member = u64::try_from(k)
                .ok()
                .and_then(|k| Some((k, c.at(i128::from(k)).and_then(|c| u64::try_from(c).ok())?)));
            return Ok(match member {
                Some((k, c)) => ForEveryC::FailsAt { k, c },
                None => outside(
                    at_assert,
                    format!("it fails at k = {k}, whose c does not fit in 64 bits"),
                ),
            });
        }
    }
    Ok(ForEveryC::Holds)
}
