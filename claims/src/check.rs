//! The type checker: every name defined, the types Int, Bool and Set
//! used consistently, game words only where the game is known, and at
//! most one unbounded quantifier on any path (in `assert` only).

use crate::diag::Diagnostic;
use crate::expr::{BinOp, Domain, Expr, Func, Kind, ParamRange};
use crate::file::{reserved, AvoidArg, ClaimFile, FileClaim, GameTemplate, OctalPart};

/// The three types of the language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ty {
    Int,
    Bool,
    Set,
    /// A family of sets (𝓜, `components(v)`, `{S minus A : A in M}`).
    Family,
    /// A tree (a `trees(n)` parameter), used only as the game's tree.
    Tree,
}

impl Ty {
    /// "an integer", "a boolean", "a set", …
    fn article(self) -> &'static str {
        match self {
            Ty::Int => "an integer",
            Ty::Bool => "a boolean",
            Ty::Set => "a set",
            Ty::Family => "a family of sets",
            Ty::Tree => "a tree",
        }
    }
}

/// The game words of an avoidance game besides `S` (the ground set) and
/// their types: `nim` = nim(DNG(S, W)), `M` = 𝓜, `Phi` = Φ = ⋂𝓜,
/// `classes` = ℐ. Reserved in avoidance claims only (`M` is a common
/// name elsewhere).
pub(crate) const AVOIDANCE_WORDS: [(&str, Ty); 4] = [
    ("nim", Ty::Int),
    ("M", Ty::Family),
    ("Phi", Ty::Set),
    ("classes", Ty::Family),
];

/// Which part of a claim an expression is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    /// Parameter bounds, the game, `where`: no game words.
    Static,
    /// `let`: game words allowed.
    Let,
    /// `assert`: game words and unbounded quantifiers allowed.
    Assert,
}

/// A name in scope: its type and whether its value depends on the game.
struct Entry<'a> {
    name: &'a str,
    ty: Ty,
    game: bool,
}

/// The checker's state for one claim.
struct Checker<'a> {
    claim: &'a FileClaim,
    scope: Vec<Entry<'a>>,
    part: Part,
    in_unbounded: bool,
}

type Res<T> = Result<T, Diagnostic>;

/// Type-checks every claim of a file; the first error found.
pub fn check(file: &ClaimFile) -> Result<(), Diagnostic> {
    file.claims.iter().try_for_each(check_claim)
}

/// Type-checks one claim.
pub fn check_claim(claim: &FileClaim) -> Result<(), Diagnostic> {
    let mut c = Checker {
        claim,
        scope: Vec::new(),
        part: Part::Static,
        in_unbounded: false,
    };
    for p in &claim.params {
        let ty = c.range(&p.range)?;
        c.declare(&p.name, p.pos, ty, false)?;
    }
    if let Some((rho, pos)) = &claim.every_c {
        every_c_shape(claim, rho, *pos)?;
        // The class variable: it varies with the member, like the game.
        c.scope.push(Entry {
            name: CLASS_VAR,
            ty: Ty::Int,
            game: true,
        });
    }
    for l in &claim.lets {
        c.part = Part::Let;
        let ty = c.expr(&l.expr)?;
        let game = c.uses_game(&l.expr);
        c.declare(&l.name, l.pos, ty, game)?;
    }
    c.part = Part::Static;
    c.game(&claim.game)?;
    if let Some(w) = &claim.win {
        c.expect(w, Ty::Set)?;
    }
    if let Some(w) = &claim.where_ {
        c.expect(w, Ty::Bool)?;
    }
    if let Some(a) = &claim.assume {
        c.part = Part::Let;
        c.expect(a, Ty::Bool)?;
    }
    c.part = Part::Assert;
    c.expect(&claim.assert, Ty::Bool)
}

/// The class variable of an `every_c` claim.
pub(crate) const CLASS_VAR: &str = "c";

/// The checks of `every_c = "rho"`: `rho` is a parameter, no parameter
/// or definition is named `c`, and the game is `{E1, E2, c}` (two
/// expressions and the class variable, in any order).
fn every_c_shape(claim: &FileClaim, rho: &str, pos: usize) -> Res<()> {
    if !claim.params.iter().any(|p| p.name == rho) {
        return Err(claim.error(
            pos,
            format!("`every_c` must name a parameter (the residue ρ of c ≡ ρ (mod a + b)); `{rho}` is not one"),
        ));
    }
    let named_c = claim
        .params
        .iter()
        .map(|p| (p.name.as_str(), p.pos))
        .chain(claim.lets.iter().map(|l| (l.name.as_str(), l.pos)))
        .find(|(n, _)| *n == CLASS_VAR);
    if let Some((_, at)) = named_c {
        return Err(claim.error(
            at,
            "with `every_c`, `c` is the class variable c = (a + b)k + ρ, not a parameter or definition"
                .into(),
        ));
    }
    let shape = "with `every_c` the game must be `{a, b, c}`: two expressions for a and b and the class variable `c`";
    match &claim.game {
        GameTemplate::Subtraction(es)
            if es.len() == 3
                && es
                    .iter()
                    .filter(|e| matches!(&e.kind, Kind::Name(n) if n == CLASS_VAR))
                    .count()
                    == 1 =>
        {
            Ok(())
        }
        _ => Err(claim.error(claim.game_pos(), shape.into())),
    }
}

/// For each `let` of the claim, whether its value depends on the game
/// (or, in an `every_c` claim, on the class variable `c`).
pub(crate) fn lets_using_game(claim: &FileClaim) -> Vec<bool> {
    let mut c = Checker {
        claim,
        scope: Vec::new(),
        part: Part::Assert,
        in_unbounded: false,
    };
    for p in &claim.params {
        c.scope.push(Entry {
            name: &p.name,
            ty: param_type(&p.range),
            game: false,
        });
    }
    if claim.every_c.is_some() {
        c.scope.push(Entry {
            name: CLASS_VAR,
            ty: Ty::Int,
            game: true,
        });
    }
    claim
        .lets
        .iter()
        .map(|l| {
            let game = c.uses_game(&l.expr);
            c.scope.push(Entry {
                name: &l.name,
                ty: Ty::Int,
                game,
            });
            game
        })
        .collect()
}

/// Does evaluating the claim need the game (its assertion or a
/// definition uses `q`, `p`, `S`, `G` or `P`)? When not, pass
/// [`crate::NoGame`] to [`crate::evaluate`] and skip solving.
pub fn needs_game(claim: &FileClaim) -> bool {
    if claim.every_c.is_some() {
        return true;
    }
    let lets = lets_using_game(claim);
    if lets.iter().any(|&g| g) {
        return true;
    }
    let c = Checker {
        claim,
        scope: Vec::new(),
        part: Part::Assert,
        in_unbounded: false,
    };
    c.uses_game(&claim.assert) || claim.assume.as_ref().is_some_and(|a| c.uses_game(a))
}

impl<'a> Checker<'a> {
    /// An input error at `pos`.
    fn err(&self, pos: usize, message: String) -> Diagnostic {
        self.claim.error(pos, message)
    }

    /// An error when `name` is a game word of this claim's avoidance game.
    fn avoidance_word(&self, name: &str, pos: usize) -> Res<()> {
        if self.claim.is_avoidance() && AVOIDANCE_WORDS.iter().any(|(w, _)| *w == name) {
            return Err(self.err(
                pos,
                format!("`{name}` is a word of avoidance games (nim, M, Phi, classes): choose another name"),
            ));
        }
        Ok(())
    }

    /// Adds a parameter or definition to the scope.
    fn declare(&mut self, name: &'a str, pos: usize, ty: Ty, game: bool) -> Res<()> {
        self.avoidance_word(name, pos)?;
        if self.scope.iter().any(|e| e.name == name) {
            return Err(self.err(pos, format!("`{name}` is defined twice")));
        }
        self.scope.push(Entry { name, ty, game });
        Ok(())
    }

    /// Binds a quantified or generator variable of type `ty` (an integer,
    /// or a set when it ranges over a family).
    fn bind(&mut self, name: &'a str, pos: usize, ty: Ty) -> Res<()> {
        self.avoidance_word(name, pos)?;
        if reserved(name) {
            return Err(self.err(pos, format!("`{name}` is reserved and cannot be bound")));
        }
        if self.scope.iter().any(|e| e.name == name) {
            return Err(self.err(
                pos,
                format!("`{name}` is already defined here (choose another name)"),
            ));
        }
        self.scope.push(Entry {
            name,
            ty,
            game: false,
        });
        Ok(())
    }

    /// A parameter's bounds (integers; a set for `subsets`), and the
    /// parameter's type.
    fn range(&mut self, r: &'a ParamRange) -> Res<Ty> {
        match r {
            ParamRange::Value(e) => self.expect(e, Ty::Int)?,
            ParamRange::Range(lo, hi, _) => {
                self.expect(lo, Ty::Int)?;
                self.expect(hi, Ty::Int)?;
            }
            ParamRange::Trees(n, _) => self.expect(n, Ty::Int)?,
            ParamRange::Subsets(a) => self.expect(a, Ty::Set)?,
        }
        Ok(param_type(r))
    }

    /// The game's elements or holes: integers; a set expression: a set.
    fn game(&mut self, g: &'a GameTemplate) -> Res<()> {
        let every_c = self.claim.every_c.is_some();
        match g {
            GameTemplate::Subtraction(es) => es
                .iter()
                .filter(|e| !(every_c && matches!(&e.kind, Kind::Name(n) if n == CLASS_VAR)))
                .try_for_each(|e| self.expect(e, Ty::Int)),
            GameTemplate::SubtractionSet(e) => self.expect(e, Ty::Set),
            GameTemplate::Octal(parts) => parts.iter().try_for_each(|p| match p {
                OctalPart::Lit(_) => Ok(()),
                OctalPart::Hole(e) => self.expect(e, Ty::Int),
            }),
            GameTemplate::Avoidance(_, AvoidArg::Tree(name, pos)) => {
                match self.scope.iter().find(|e| e.name == name.as_str()) {
                    Some(e) if e.ty == Ty::Tree => Ok(()),
                    _ => Err(self.err(
                        *pos,
                        format!(
                            "`{name}` is not a tree parameter (declare it `{name} = \"trees(n)\"`)"
                        ),
                    )),
                }
            }
            GameTemplate::Avoidance(_, AvoidArg::Text(_)) | GameTemplate::Grundy => Ok(()),
        }
    }

    /// Checks that `e` has type `want`.
    fn expect(&mut self, e: &'a Expr, want: Ty) -> Res<()> {
        let got = self.expr(e)?;
        if got != want {
            return Err(self.err(
                e.pos,
                format!("expected {}, found {}", want.article(), got.article()),
            ));
        }
        Ok(())
    }

    /// The type of `e`.
    fn expr(&mut self, e: &'a Expr) -> Res<Ty> {
        match &e.kind {
            Kind::Int(_) => Ok(Ty::Int),
            Kind::Bool(_) => Ok(Ty::Bool),
            Kind::Name(n) => self.name(n, e.pos),
            Kind::Neg(a) => self.expect(a, Ty::Int).map(|_| Ty::Int),
            Kind::Not(a) => self.expect(a, Ty::Bool).map(|_| Ty::Bool),
            Kind::Bin(op, l, r) => self.binary(*op, l, r, e.pos),
            Kind::Call(f, args) => self.call(*f, args, e.pos),
            Kind::If(c, t, f) => {
                self.expect(c, Ty::Bool)?;
                let ty = self.expr(t)?;
                self.expect(f, ty)?;
                Ok(ty)
            }
            Kind::SetLit(es) => {
                // `{}` is the empty set; `{A, B}` with sets is a family.
                let Some(first) = es.first() else {
                    return Ok(Ty::Set);
                };
                let ty = self.expr(first)?;
                if ty != Ty::Int && ty != Ty::Set {
                    return Err(self.err(
                        first.pos,
                        format!("expected an integer or a set, found {}", ty.article()),
                    ));
                }
                es[1..].iter().try_for_each(|x| self.expect(x, ty))?;
                Ok(if ty == Ty::Int { Ty::Set } else { Ty::Family })
            }
            Kind::Interval(lo, hi, _) => {
                self.expect(lo, Ty::Int)?;
                self.expect(hi, Ty::Int)?;
                Ok(Ty::Set)
            }
            Kind::Builder { elem, gens, conds } => {
                let mark = self.scope.len();
                let r = (|| {
                    for (v, set) in gens {
                        let member = self.domain(set)?;
                        self.bind(v, set.pos, member)?;
                    }
                    conds.iter().try_for_each(|c| self.expect(c, Ty::Bool))?;
                    match self.expr(elem)? {
                        Ty::Int => Ok(Ty::Set),
                        Ty::Set => Ok(Ty::Family),
                        other => Err(self.err(
                            elem.pos,
                            format!("expected an integer or a set, found {}", other.article()),
                        )),
                    }
                })();
                self.scope.truncate(mark);
                r
            }
            Kind::Quant {
                var, domain, body, ..
            } => self.quant(var, domain, body, e.pos),
        }
    }

    /// The type of the members of a set or family `e` is to range over.
    fn domain(&mut self, e: &'a Expr) -> Res<Ty> {
        match self.expr(e)? {
            Ty::Set => Ok(Ty::Int),
            Ty::Family => Ok(Ty::Set),
            other => Err(self.err(
                e.pos,
                format!(
                    "expected a set or a family of sets, found {}",
                    other.article()
                ),
            )),
        }
    }

    /// The type of a name, with the game words' rules.
    fn name(&self, n: &str, pos: usize) -> Res<Ty> {
        if let Some(entry) = self.scope.iter().rev().find(|x| x.name == n) {
            if entry.game && self.part == Part::Static {
                return Err(self.err(
                    pos,
                    format!("`{n}` depends on the game (q, p, S, G or P) and cannot be used here"),
                ));
            }
            return Ok(entry.ty);
        }
        if self.claim.is_avoidance() {
            if let Some((_, ty)) = AVOIDANCE_WORDS.iter().find(|(w, _)| *w == n) {
                self.game_word(n, pos)?;
                return Ok(*ty);
            }
        }
        match n {
            "q" | "p" | "S" => {
                self.game_word(n, pos)?;
                Ok(if n == "S" { Ty::Set } else { Ty::Int })
            }
            _ => Err(self.err(pos, format!("unknown name `{n}`"))),
        }
    }

    /// Is a game word allowed here?
    fn game_word(&self, w: &str, pos: usize) -> Res<()> {
        if self.part == Part::Static {
            return Err(self.err(
                pos,
                format!("`{w}` is a game word: not allowed in parameters, the game or `where`"),
            ));
        }
        if w == "S" && (self.claim.is_octal() || self.claim.is_grundy()) {
            return Err(self.err(
                pos,
                "`S` is the move set of a subtraction game; this claim's game is not one".into(),
            ));
        }
        let avoidance = self.claim.is_avoidance();
        if avoidance && matches!(w, "q" | "p" | "G" | "P") {
            return Err(self.err(
                pos,
                format!("`{w}` is a word of subtraction and octal games; an avoidance game has nim, M, Phi, classes, S and the functions Ex, tau, components, nim, legal, nim0, nim1"),
            ));
        }
        let avoidance_only =
            AVOIDANCE_WORDS.iter().any(|(a, _)| *a == w) || FUNCS_OF_AVOIDANCE.contains(&w);
        if avoidance_only && !avoidance {
            return Err(self.err(
                pos,
                format!(
                    "`{w}` is a word of avoidance games (paper B); this claim's game is not one"
                ),
            ));
        }
        Ok(())
    }

    /// Binary operators.
    fn binary(&mut self, op: BinOp, l: &'a Expr, r: &'a Expr, pos: usize) -> Res<Ty> {
        use BinOp::*;
        let (lt, rt, out) = match op {
            Add | Sub | Mul | Div | Mod | Pow => (Ty::Int, Ty::Int, Ty::Int),
            Ratio => return Err(self.err(
                pos,
                "`/` is only allowed as floor(a / b) or ceil(a / b); use `div` for floor division"
                    .into(),
            )),
            Eq | Ne => {
                let ty = self.expr(l)?;
                if ty == Ty::Tree {
                    return Err(self.err(l.pos, "trees cannot be compared".into()));
                }
                self.expect(r, ty)?;
                return Ok(Ty::Bool);
            }
            Lt | Le | Gt | Ge => (Ty::Int, Ty::Int, Ty::Bool),
            In | NotIn => {
                // `x in A` (an integer in a set) or `A in F` (a set in a family).
                let member = self.expr(l)?;
                let container = match member {
                    Ty::Int => Ty::Set,
                    Ty::Set => Ty::Family,
                    other => {
                        return Err(self.err(
                            l.pos,
                            format!("expected an integer or a set, found {}", other.article()),
                        ))
                    }
                };
                self.expect(r, container)?;
                return Ok(Ty::Bool);
            }
            Subset => (Ty::Set, Ty::Set, Ty::Bool),
            Union | Intersect | Minus => (Ty::Set, Ty::Set, Ty::Set),
            And | Or | Implies | Iff => (Ty::Bool, Ty::Bool, Ty::Bool),
        };
        self.expect(l, lt)?;
        self.expect(r, rt)?;
        Ok(out)
    }

    /// Built-in functions.
    fn call(&mut self, f: Func, args: &'a [Expr], pos: usize) -> Res<Ty> {
        let arity = |n: usize| -> Res<()> {
            if args.len() != n {
                return Err(self.err(
                    pos,
                    format!("`{}` takes {n} argument(s), found {}", f.name(), args.len()),
                ));
            }
            Ok(())
        };
        match f {
            Func::G | Func::P => {
                arity(1)?;
                self.game_word(f.name(), pos)?;
                self.expect(&args[0], Ty::Int)?;
                Ok(if f == Func::G { Ty::Int } else { Ty::Bool })
            }
            Func::Floor | Func::Ceil => {
                arity(1)?;
                if let Kind::Bin(BinOp::Ratio, a, b) = &args[0].kind {
                    self.expect(a, Ty::Int)?;
                    self.expect(b, Ty::Int)?;
                } else {
                    self.expect(&args[0], Ty::Int)?;
                }
                Ok(Ty::Int)
            }
            Func::Abs => arity(1)
                .and_then(|_| self.expect(&args[0], Ty::Int))
                .map(|_| Ty::Int),
            Func::Card => {
                arity(1)?;
                match self.expr(&args[0])? {
                    Ty::Set | Ty::Family => Ok(Ty::Int),
                    other => Err(self.err(
                        args[0].pos,
                        format!(
                            "expected a set or a family of sets, found {}",
                            other.article()
                        ),
                    )),
                }
            }
            Func::Mex => {
                arity(1)?;
                self.expect(&args[0], Ty::Set).map(|_| Ty::Int)
            }
            Func::Even | Func::Odd => {
                arity(1)?;
                self.expect(&args[0], Ty::Family).map(|_| Ty::Int)
            }
            Func::Pty => {
                arity(1)?;
                self.expect(&args[0], Ty::Set).map(|_| Ty::Int)
            }
            Func::Ex | Func::Tau | Func::Nim | Func::Legal | Func::Nim0 | Func::Nim1 => {
                arity(1)?;
                self.game_word(f.name(), pos)?;
                self.expect(&args[0], Ty::Set)?;
                Ok(match f {
                    Func::Ex | Func::Tau => Ty::Set,
                    Func::Legal => Ty::Bool,
                    _ => Ty::Int,
                })
            }
            Func::Components => {
                arity(1)?;
                self.game_word(f.name(), pos)?;
                self.expect(&args[0], Ty::Int).map(|_| Ty::Family)
            }
            Func::Min | Func::Max | Func::Gcd | Func::Lcm => self.variadic(f, args, pos),
        }
    }

    /// `min`, `max`, `gcd`, `lcm`: one or more integers, or (`min`, `max`)
    /// one set.
    fn variadic(&mut self, f: Func, args: &'a [Expr], pos: usize) -> Res<Ty> {
        if args.is_empty() {
            return Err(self.err(pos, format!("`{}` needs at least one argument", f.name())));
        }
        if args.len() == 1 && matches!(f, Func::Min | Func::Max) {
            let ty = self.expr(&args[0])?;
            if ty == Ty::Bool {
                return Err(self.err(
                    args[0].pos,
                    "expected an integer or a set, found a boolean".into(),
                ));
            }
            return Ok(Ty::Int);
        }
        args.iter().try_for_each(|a| self.expect(a, Ty::Int))?;
        Ok(Ty::Int)
    }

    /// Quantifiers; unbounded ones only in `assert`, never nested.
    fn quant(&mut self, var: &'a str, domain: &'a Domain, body: &'a Expr, pos: usize) -> Res<Ty> {
        let outer = self.in_unbounded;
        let mut member = Ty::Int;
        match domain {
            Domain::Set(s) => member = self.domain(s)?,
            Domain::From(lo) => {
                if let Some(lo) = lo {
                    self.expect(lo, Ty::Int)?;
                }
                if self.part != Part::Assert {
                    return Err(self.err(
                        pos,
                        "an unbounded quantifier is only allowed in `assert`".into(),
                    ));
                }
                if outer {
                    return Err(self.err(
                        pos,
                        "nested unbounded quantifiers: bound this one (`v in [lo, hi]`)".into(),
                    ));
                }
                self.in_unbounded = true;
            }
        }
        let mark = self.scope.len();
        let r = self
            .bind(var, pos, member)
            .and_then(|_| self.expect(body, Ty::Bool));
        self.scope.truncate(mark);
        self.in_unbounded = outer;
        r.map(|_| Ty::Bool)
    }

    /// Does `e` use the game: `q`, `p`, `S`, `G`, `P`, or a definition
    /// that does? (Bound variables never shadow names, see `bind`.)
    fn uses_game(&self, e: &Expr) -> bool {
        match &e.kind {
            Kind::Name(n) => match self.scope.iter().rev().find(|x| x.name == n.as_str()) {
                Some(entry) => entry.game,
                None => {
                    matches!(n.as_str(), "q" | "p" | "S")
                        || (self.claim.is_avoidance()
                            && AVOIDANCE_WORDS.iter().any(|(w, _)| *w == n.as_str()))
                }
            },
            Kind::Call(Func::G | Func::P, _) => true,
            Kind::Call(f, _) if f.is_avoidance_word() => true,
            _ => children(e).into_iter().any(|c| self.uses_game(c)),
        }
    }
}

/// The names of the functions of avoidance games (for messages).
const FUNCS_OF_AVOIDANCE: [&str; 7] = ["Ex", "tau", "components", "nim", "legal", "nim0", "nim1"];

/// The type of a parameter with this range.
fn param_type(r: &ParamRange) -> Ty {
    match r {
        ParamRange::Trees(..) => Ty::Tree,
        ParamRange::Subsets(_) => Ty::Set,
        _ => Ty::Int,
    }
}

/// The direct subexpressions of `e`.
pub(crate) fn children(e: &Expr) -> Vec<&Expr> {
    match &e.kind {
        Kind::Int(_) | Kind::Bool(_) | Kind::Name(_) => vec![],
        Kind::Neg(a) | Kind::Not(a) => vec![a],
        Kind::Bin(_, l, r) | Kind::Interval(l, r, _) => vec![l, r],
        Kind::Call(_, args) | Kind::SetLit(args) => args.iter().collect(),
        Kind::If(c, t, f) => vec![c, t, f],
        Kind::Builder { elem, gens, conds } => {
            let mut v: Vec<&Expr> = gens.iter().map(|(_, s)| s).collect();
            v.extend(conds.iter());
            v.push(elem);
            v
        }
        Kind::Quant { domain, body, .. } => {
            let mut v = Vec::new();
            match domain {
                Domain::Set(s) => v.push(&**s),
                Domain::From(Some(lo)) => v.push(&**lo),
                Domain::From(None) => {}
            }
            v.push(body);
            v
        }
    }
}
