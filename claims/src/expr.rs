//! The expression syntax tree and its parser (pest, `grammar.pest`).
//!
//! Recursion is bounded twice: a pre-scan rejects more than
//! [`MAX_NESTING`] open brackets or quantifiers/`if`s before pest runs (its
//! recursion grows only with those), and the tree is built with chains of
//! operators folded iteratively while every node's depth is tracked, so a
//! tree deeper than [`MAX_DEPTH`] is rejected before anything recurses
//! over it (type checking, evaluation, dropping).

use pest::iterators::Pair;
use pest::Parser;

use crate::diag::{DiagKind, Diagnostic, Source};

/// Most open brackets at once, and most quantifiers and `if`s, in one
/// expression (pre-scan before pest).
pub(crate) const MAX_NESTING: usize = 64;
/// Deepest syntax tree accepted (operator chains count: `1+1+…+1` with
/// 101 terms is 101 deep). Type checking and evaluation recurse over the
/// tree; at this depth they fit a 2 MiB thread stack even unoptimized.
pub(crate) const MAX_DEPTH: u32 = 100;
/// The parser thread's stack: pest's recursion for the accepted nesting
/// (64 brackets and 64 quantifiers) needs several MiB in an unoptimized
/// build; only the pages touched are used.
const PARSER_STACK: usize = 64 << 20;

/// Runs `f` on a thread with a [`PARSER_STACK`] stack; the message when
/// the thread cannot start or `f` panics.
pub(crate) fn on_parser_stack<T: Send>(f: impl FnOnce() -> T + Send) -> Result<T, String> {
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .name("nimcert-claims-parser".into())
            .stack_size(PARSER_STACK)
            .spawn_scoped(s, f)
            .map_err(|e| format!("cannot start the parser thread: {e}"))?
            .join()
            .map_err(|_| "internal: the parser failed".to_string())
    })
}

/// Most parser rule calls for one expression (pest's call limit).
const CALL_LIMIT: usize = 20_000_000;

#[derive(pest_derive::Parser)]
#[grammar = "grammar.pest"]
struct ExprParser;

/// An expression node: what it is, where it starts in the file (byte
/// offset), a number unique within its claim file, and its depth.
#[derive(Debug, Clone)]
pub(crate) struct Expr {
    pub(crate) kind: Kind,
    pub(crate) pos: usize,
    pub(crate) id: u32,
    pub(crate) depth: u32,
}

/// Node kinds.
#[derive(Debug, Clone)]
pub(crate) enum Kind {
    Int(i64),
    Bool(bool),
    Name(String),
    Neg(Box<Expr>),
    Not(Box<Expr>),
    Bin(BinOp, Box<Expr>, Box<Expr>),
    Call(Func, Vec<Expr>),
    If(Box<Expr>, Box<Expr>, Box<Expr>),
    SetLit(Vec<Expr>),
    /// `[lo, hi]` (closed) or `[lo, hi)`.
    Interval(Box<Expr>, Box<Expr>, bool),
    /// `{elem : v in A, w in B, cond, …}`.
    Builder {
        elem: Box<Expr>,
        gens: Vec<(String, Expr)>,
        conds: Vec<Expr>,
    },
    Quant {
        forall: bool,
        var: String,
        domain: Domain,
        body: Box<Expr>,
    },
}

/// The range of a quantified variable.
#[derive(Debug, Clone)]
pub(crate) enum Domain {
    /// `v in SET`.
    Set(Box<Expr>),
    /// `v` or `v >= lo`: every integer from `lo` (default 0) on.
    From(Option<Box<Expr>>),
}

/// Binary operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BinOp {
    Add,
    Sub,
    Mul,
    /// `/`: only as the argument of `floor` or `ceil`.
    Ratio,
    Div,
    Mod,
    Pow,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    In,
    NotIn,
    Subset,
    Union,
    Intersect,
    Minus,
    And,
    Or,
    Implies,
    Iff,
}

impl BinOp {
    /// The operator as written (ASCII form).
    pub(crate) fn symbol(self) -> &'static str {
        use BinOp::*;
        match self {
            Add => "+",
            Sub => "-",
            Mul => "*",
            Ratio => "/",
            Div => "div",
            Mod => "mod",
            Pow => "^",
            Eq => "==",
            Ne => "!=",
            Lt => "<",
            Le => "<=",
            Gt => ">",
            Ge => ">=",
            In => "in",
            NotIn => "not in",
            Subset => "subset",
            Union => "union",
            Intersect => "intersect",
            Minus => "minus",
            And => "and",
            Or => "or",
            Implies => "implies",
            Iff => "iff",
        }
    }

    /// Is this one of `== != < <= > >=`?
    pub(crate) fn is_comparison(self) -> bool {
        use BinOp::*;
        matches!(self, Eq | Ne | Lt | Le | Gt | Ge)
    }
}

/// Built-in functions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Func {
    G,
    P,
    Min,
    Max,
    Gcd,
    Lcm,
    Floor,
    Ceil,
    Abs,
    Card,
    Mex,
    /// `Ex(A)`: the extreme points of A (avoidance games).
    Ex,
    /// `tau(A)`: the closure τ(A).
    Tau,
    /// `components(v)`: the components of T − v (a tree's vertex
    /// geometry), or the non-empty sides of the edge v (its edge geometry).
    Components,
    /// `even(F)`: how many members of the family F have even size.
    Even,
    /// `odd(F)`: how many have odd size.
    Odd,
    /// `pty(A)`: |A| mod 2.
    Pty,
    /// `nim(P)`: the nim number of the position P.
    Nim,
    /// `legal(P)`: W ⊄ τ(P).
    Legal,
    /// `nim0(I)`: nim_0 of the structure class X_I.
    Nim0,
    /// `nim1(I)`: nim_1 of X_I.
    Nim1,
}

/// The built-in functions by name.
const FUNCS: [(&str, Func); 21] = [
    ("G", Func::G),
    ("P", Func::P),
    ("min", Func::Min),
    ("max", Func::Max),
    ("gcd", Func::Gcd),
    ("lcm", Func::Lcm),
    ("floor", Func::Floor),
    ("ceil", Func::Ceil),
    ("abs", Func::Abs),
    ("card", Func::Card),
    ("mex", Func::Mex),
    ("Ex", Func::Ex),
    ("tau", Func::Tau),
    ("components", Func::Components),
    ("even", Func::Even),
    ("odd", Func::Odd),
    ("pty", Func::Pty),
    ("nim", Func::Nim),
    ("legal", Func::Legal),
    ("nim0", Func::Nim0),
    ("nim1", Func::Nim1),
];

impl Func {
    /// Is this one of the functions of avoidance games (`Ex`, `tau`,
    /// `components`, `nim`, `legal`, `nim0`, `nim1`), which need the game?
    /// (`even`, `odd` and `pty` only count.)
    pub(crate) fn is_avoidance_word(self) -> bool {
        use Func::*;
        matches!(self, Ex | Tau | Components | Nim | Legal | Nim0 | Nim1)
    }
}

impl Func {
    /// The function's name.
    pub(crate) fn name(self) -> &'static str {
        FUNCS
            .iter()
            .find(|(_, f)| *f == self)
            .map_or("?", |(n, _)| n)
    }
}

/// Is `name` a built-in function's name (so not usable for a variable)?
pub(crate) fn is_function_name(name: &str) -> bool {
    FUNCS.iter().any(|(n, _)| *n == name)
}

/// Where an expression string sits in the file: `exact` is the file
/// offset of its first character when offsets inside the string map 1:1
/// onto the file (a basic string without escapes, a literal string);
/// otherwise every position is the string's `start`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Origin {
    pub(crate) exact: Option<usize>,
    pub(crate) start: usize,
}

impl Origin {
    /// The file offset of offset `off` inside the expression string.
    pub(crate) fn at(self, off: usize) -> usize {
        self.exact.map_or(self.start, |base| base + off)
    }
}

/// A parameter's range as written.
#[derive(Debug, Clone)]
pub(crate) enum ParamRange {
    /// One value.
    Value(Expr),
    /// `lo..=hi` (inclusive) or `lo..hi`.
    Range(Expr, Expr, bool),
    /// `trees(n)`: every tree on the vertices 1..n up to isomorphism, or
    /// `labelled_trees(n)` (`true`): every labelled tree on 1..n.
    Trees(Expr, bool),
    /// `subsets(A)`: every non-empty subset of the set A.
    Subsets(Expr),
}

/// Makes a parameter range from its one argument.
type MakeRange = fn(Expr) -> ParamRange;

/// The parameter ranges written as a word and one argument.
const PARAM_FORMS: [(&str, MakeRange); 3] = [
    ("trees", |e| ParamRange::Trees(e, false)),
    ("labelled_trees", |e| ParamRange::Trees(e, true)),
    ("subsets", ParamRange::Subsets),
];

/// `word(ARG)` (spaces around allowed): the offset of ARG in `text` and
/// ARG, when `text` has that form.
fn param_form<'t>(text: &'t str, word: &str) -> Option<(usize, &'t str)> {
    let rest = text.trim_start().strip_prefix(word)?;
    let after = rest.trim_start();
    let open = text.len() - after.len();
    let inner = after.strip_prefix('(')?.trim_end().strip_suffix(')')?;
    Some((open + 1, inner))
}

/// The parser's state for one file: the source and the node counter.
pub(crate) struct ExprBuilder<'s> {
    pub(crate) src: &'s Source,
    pub(crate) next_id: u32,
}

type Res<T> = Result<T, Diagnostic>;

impl<'s> ExprBuilder<'s> {
    /// An input error at file offset `pos`.
    fn err(&self, pos: usize, message: String) -> Diagnostic {
        self.src.diag(DiagKind::Input, pos, message)
    }

    /// Parses `text` (found at `origin` in the file) as an expression.
    pub(crate) fn expr(&mut self, text: &str, origin: Origin) -> Res<Expr> {
        let pair = self.run(Rule::expr_main, text, origin)?;
        let mut inner = pair.into_inner();
        let e = inner.next().expect("expr_main has an expr");
        self.build(e, origin)
    }

    /// Parses a parameter's range.
    pub(crate) fn param(&mut self, text: &str, origin: Origin) -> Res<ParamRange> {
        for (word, make) in PARAM_FORMS {
            if let Some(inner) = param_form(text, word) {
                let shifted = Origin {
                    exact: origin.exact.map(|base| base + inner.0),
                    start: origin.start,
                };
                let e = self.expr(inner.1, shifted)?;
                return Ok(make(e));
            }
        }
        let pair = self.run(Rule::param_main, text, origin)?;
        let mut inner = pair.into_inner();
        let lo = self.build(inner.next().expect("param has a value"), origin)?;
        match inner.next() {
            Some(op) if op.as_rule() == Rule::range_op => {
                let inclusive = op.as_str() == "..=";
                let hi = self.build(inner.next().expect("range has hi"), origin)?;
                Ok(ParamRange::Range(lo, hi, inclusive))
            }
            _ => Ok(ParamRange::Value(lo)),
        }
    }

    /// Parses a subtraction set: a literal `{e1, …}` or any other
    /// expression (`[1, k]`, a set-builder); the type checker requires a
    /// set of it.
    pub(crate) fn game_set(&mut self, text: &str, origin: Origin) -> Res<Expr> {
        let pair = self.run(Rule::game_main, text, origin)?;
        let e = pair.into_inner().next().expect("game_main has an expr");
        self.build(e, origin)
    }

    /// Pre-scan, then pest; returns the entry rule's pair.
    fn run<'t>(&self, rule: Rule, text: &'t str, origin: Origin) -> Res<Pair<'t, Rule>> {
        prescan(text).map_err(|(off, msg)| self.err(origin.at(off), msg))?;
        pest::set_call_limit(std::num::NonZeroUsize::new(CALL_LIMIT));
        pest::set_error_detail(true);
        let mut pairs = ExprParser::parse(rule, text).map_err(|e| self.pest_error(&e, origin))?;
        Ok(pairs.next().expect("entry rule matched"))
    }

    /// A pest error as a diagnostic saying what was expected.
    fn pest_error(&self, e: &pest::error::Error<Rule>, origin: Origin) -> Diagnostic {
        let off = match e.location {
            pest::error::InputLocation::Pos(p) => p,
            pest::error::InputLocation::Span((s, _)) => s,
        };
        let message = match &e.variant {
            pest::error::ErrorVariant::ParsingError { positives, .. } => {
                expected_message(positives, &punctuation(e))
            }
            pest::error::ErrorVariant::CustomError { message } => {
                if message.contains("call limit") {
                    "expression too complex to parse".to_string()
                } else {
                    message.clone()
                }
            }
        };
        self.err(origin.at(off), message)
    }

    /// A new node, its depth one more than its deepest child's.
    fn node(&mut self, kind: Kind, pos: usize, child_depth: u32) -> Res<Expr> {
        let depth = child_depth + 1;
        if depth > MAX_DEPTH {
            return Err(self.err(
                pos,
                format!("expression nested too deeply (more than {MAX_DEPTH} levels; chains of operators count)"),
            ));
        }
        self.next_id += 1;
        Ok(Expr {
            kind,
            pos,
            id: self.next_id,
            depth,
        })
    }

    /// Builds the tree of one pair.
    fn build(&mut self, pair: Pair<'_, Rule>, o: Origin) -> Res<Expr> {
        let pos = o.at(pair.as_span().start());
        match pair.as_rule() {
            Rule::expr | Rule::paren => {
                let inner = pair.into_inner().next().expect("non-empty");
                self.build(inner, o)
            }
            Rule::int => self.int(pair.as_str(), pos),
            Rule::implicit => {
                let mut it = pair.into_inner();
                let coef = self.build(it.next().expect("coefficient"), o)?;
                let name = self.build(it.next().expect("name"), o)?;
                self.binary(BinOp::Mul, coef, name, pos)
            }
            Rule::bool_lit => self.node(Kind::Bool(pair.as_str() == "true"), pos, 0),
            Rule::ident => self.node(Kind::Name(pair.as_str().to_string()), pos, 0),
            Rule::quant => self.quant(pair, o),
            Rule::if_expr => {
                let mut it = pair.into_inner().filter(|p| p.as_rule() == Rule::expr);
                let c = self.build(it.next().expect("cond"), o)?;
                let t = self.build(it.next().expect("then"), o)?;
                let f = self.build(it.next().expect("else"), o)?;
                let d = c.depth.max(t.depth).max(f.depth);
                self.node(Kind::If(Box::new(c), Box::new(t), Box::new(f)), pos, d)
            }
            Rule::imp_expr => self.right_chain(pair, o),
            Rule::iff_expr
            | Rule::or_expr
            | Rule::and_expr
            | Rule::set_expr
            | Rule::sum
            | Rule::product => self.left_chain(pair, o),
            Rule::power => self.right_chain(pair, o),
            Rule::not_expr | Rule::unary => self.prefixed(pair, o),
            Rule::cmp_expr => self.comparison(pair, o),
            Rule::call => self.call(pair, o),
            Rule::mex_set => {
                let set = self.build(pair.into_inner().next().expect("set"), o)?;
                let d = set.depth;
                self.node(Kind::Call(Func::Mex, vec![set]), pos, d)
            }
            Rule::interval => {
                let mut it = pair.into_inner();
                let lo = self.build(it.next().expect("lo"), o)?;
                let hi = self.build(it.next().expect("hi"), o)?;
                let closed = it.next().expect("close").as_rule() == Rule::close_incl;
                let d = lo.depth.max(hi.depth);
                self.node(Kind::Interval(Box::new(lo), Box::new(hi), closed), pos, d)
            }
            Rule::set_lit => {
                let elems = self.all(pair, o)?;
                let d = max_depth(&elems);
                self.node(Kind::SetLit(elems), pos, d)
            }
            Rule::set_builder => self.builder(pair, o),
            r => Err(self.err(pos, format!("internal: unexpected {r:?}"))),
        }
    }

    /// Every child pair built.
    fn all(&mut self, pair: Pair<'_, Rule>, o: Origin) -> Res<Vec<Expr>> {
        pair.into_inner().map(|p| self.build(p, o)).collect()
    }

    /// An integer literal: an error beyond the i64 range.
    fn int(&mut self, digits: &str, pos: usize) -> Res<Expr> {
        match digits.parse::<i64>() {
            Ok(v) => self.node(Kind::Int(v), pos, 0),
            Err(_) => {
                let shown: String = digits.chars().take(24).collect();
                let more = if digits.len() > 24 { "…" } else { "" };
                Err(self.err(
                    pos,
                    format!(
                        "integer literal {shown}{more} out of range (at most {})",
                        i64::MAX
                    ),
                ))
            }
        }
    }

    /// `a op b op c …` folded to the left.
    fn left_chain(&mut self, pair: Pair<'_, Rule>, o: Origin) -> Res<Expr> {
        let mut it = pair.into_inner();
        let mut acc = self.build(it.next().expect("operand"), o)?;
        while let Some(op) = it.next() {
            let op_pos = o.at(op.as_span().start());
            let rhs = self.build(it.next().expect("operand"), o)?;
            acc = self.binary(op_of(op.as_str()), acc, rhs, op_pos)?;
        }
        Ok(acc)
    }

    /// `a op b op c …` folded to the right (`implies`, `^`).
    fn right_chain(&mut self, pair: Pair<'_, Rule>, o: Origin) -> Res<Expr> {
        let mut operands = Vec::new();
        let mut ops = Vec::new();
        for (i, p) in pair.into_inner().enumerate() {
            if i % 2 == 0 {
                operands.push(self.build(p, o)?);
            } else {
                ops.push((op_of(p.as_str()), o.at(p.as_span().start())));
            }
        }
        let mut acc = operands.pop().expect("operand");
        while let Some((op, pos)) = ops.pop() {
            let lhs = operands.pop().expect("operand");
            acc = self.binary(op, lhs, acc, pos)?;
        }
        Ok(acc)
    }

    /// A binary node.
    fn binary(&mut self, op: BinOp, l: Expr, r: Expr, pos: usize) -> Res<Expr> {
        let d = l.depth.max(r.depth);
        self.node(Kind::Bin(op, Box::new(l), Box::new(r)), pos, d)
    }

    /// `not not e`, `- - e`: prefix operators applied innermost first.
    fn prefixed(&mut self, pair: Pair<'_, Rule>, o: Origin) -> Res<Expr> {
        let mut prefixes = Vec::new();
        let mut operand = None;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::not_op | Rule::neg_op => {
                    prefixes.push((p.as_rule() == Rule::not_op, o.at(p.as_span().start())))
                }
                _ => operand = Some(self.build(p, o)?),
            }
        }
        let mut acc = operand.expect("operand");
        while let Some((is_not, pos)) = prefixes.pop() {
            let d = acc.depth;
            let kind = if is_not {
                Kind::Not(Box::new(acc))
            } else {
                Kind::Neg(Box::new(acc))
            };
            acc = self.node(kind, pos, d)?;
        }
        Ok(acc)
    }

    /// `a`, or `a OP b` for a comparison, `in`, `not in`, `subset`.
    fn comparison(&mut self, pair: Pair<'_, Rule>, o: Origin) -> Res<Expr> {
        let mut it = pair.into_inner();
        let lhs = self.build(it.next().expect("operand"), o)?;
        let Some(tail) = it.next() else {
            return Ok(lhs);
        };
        let mut t = tail.into_inner();
        let op = t.next().expect("operator");
        let op_pos = o.at(op.as_span().start());
        let rhs = self.build(t.next().expect("operand"), o)?;
        self.binary(op_of(op.as_str()), lhs, rhs, op_pos)
    }

    /// `forall v in A: body`, `exists v >= lo: body`, `forall v: body`.
    fn quant(&mut self, pair: Pair<'_, Rule>, o: Origin) -> Res<Expr> {
        let pos = o.at(pair.as_span().start());
        let mut it = pair.into_inner();
        let forall = it.next().expect("quantifier").as_rule() == Rule::kw_forall;
        let var = it.next().expect("variable").as_str().to_string();
        let mut next = it.next().expect("body");
        let mut domain = Domain::From(None);
        let mut d = 0;
        if next.as_rule() == Rule::domain {
            let dom = next.into_inner().next().expect("domain kind");
            let is_set = dom.as_rule() == Rule::in_domain;
            let bound = dom.into_inner().nth(1).expect("domain expression");
            let b = self.build(bound, o)?;
            d = b.depth;
            domain = if is_set {
                Domain::Set(Box::new(b))
            } else {
                Domain::From(Some(Box::new(b)))
            };
            next = it.next().expect("body");
        }
        let body = self.build(next, o)?;
        let d = d.max(body.depth);
        let kind = Kind::Quant {
            forall,
            var,
            domain,
            body: Box::new(body),
        };
        self.node(kind, pos, d)
    }

    /// `f(a, b, …)` for a built-in `f`.
    fn call(&mut self, pair: Pair<'_, Rule>, o: Origin) -> Res<Expr> {
        let pos = o.at(pair.as_span().start());
        let mut it = pair.into_inner();
        let name = it.next().expect("name").as_str();
        let Some(&(_, func)) = FUNCS.iter().find(|(n, _)| *n == name) else {
            let known: Vec<&str> = FUNCS.iter().map(|(n, _)| *n).collect();
            return Err(self.err(
                pos,
                format!(
                    "unknown function `{name}` (expected one of {})",
                    known.join(", ")
                ),
            ));
        };
        let args = it.map(|p| self.build(p, o)).collect::<Res<Vec<_>>>()?;
        let d = max_depth(&args);
        self.node(Kind::Call(func, args), pos, d)
    }

    /// `{elem : v in A, …, cond, …}`.
    fn builder(&mut self, pair: Pair<'_, Rule>, o: Origin) -> Res<Expr> {
        let pos = o.at(pair.as_span().start());
        let mut it = pair.into_inner();
        let elem = self.build(it.next().expect("element"), o)?;
        let mut d = elem.depth;
        let mut gens = Vec::new();
        let mut conds = Vec::new();
        for p in it {
            if p.as_rule() == Rule::generator {
                let mut g = p.into_inner();
                let var = g.next().expect("variable").as_str().to_string();
                let set = self.build(g.nth(1).expect("set"), o)?;
                d = d.max(set.depth);
                gens.push((var, set));
            } else {
                let c = self.build(p, o)?;
                d = d.max(c.depth);
                conds.push(c);
            }
        }
        let kind = Kind::Builder {
            elem: Box::new(elem),
            gens,
            conds,
        };
        self.node(kind, pos, d)
    }
}

/// The deepest of some nodes (0 for none).
fn max_depth(es: &[Expr]) -> u32 {
    es.iter().map(|e| e.depth).max().unwrap_or(0)
}

/// The operator written `s` (any of its spellings).
fn op_of(s: &str) -> BinOp {
    use BinOp::*;
    match s {
        "+" => Add,
        "-" | "−" => Sub,
        "*" | "·" | "×" => Mul,
        "/" => Ratio,
        "div" => Div,
        "mod" => Mod,
        "^" => Pow,
        "==" => Eq,
        "!=" | "≠" => Ne,
        "<" => Lt,
        "<=" | "≤" => Le,
        ">" => Gt,
        ">=" | "≥" => Ge,
        "in" | "∈" => In,
        "subset" | "⊆" => Subset,
        "union" | "∪" => Union,
        "intersect" | "∩" => Intersect,
        "minus" => Minus,
        "and" | "∧" => And,
        "or" | "∨" => Or,
        "implies" | "=>" | "⇒" => Implies,
        "iff" | "<=>" | "⇔" => Iff,
        _ => NotIn, // `not in` (any spacing), `∉`
    }
}

/// Rejects nesting that would make pest recurse deeply: more than
/// [`MAX_NESTING`] open brackets at once, or more than [`MAX_NESTING`]
/// quantifiers and `if`s. Returns the offending offset and a message.
fn prescan(text: &str) -> Result<(), (usize, String)> {
    let mut open = 0usize;
    let mut words = 0usize;
    let mut prev_ident = false;
    for (i, c) in text.char_indices() {
        match c {
            '(' | '[' | '{' => open += 1,
            ')' | ']' | '}' => open = open.saturating_sub(1),
            '∀' | '∃' => words += 1,
            _ => {}
        }
        let ident = c.is_ascii_alphanumeric() || c == '_';
        if ident && !prev_ident && starts_nesting_word(&text[i..]) {
            words += 1;
        }
        prev_ident = ident;
        if open > MAX_NESTING {
            return Err((
                i,
                format!("expression nested too deeply (more than {MAX_NESTING} open brackets)"),
            ));
        }
        if words > MAX_NESTING {
            return Err((
                i,
                format!("expression too deep (more than {MAX_NESTING} quantifiers and `if`s)"),
            ));
        }
    }
    Ok(())
}

/// Does `rest` start with the word `forall`, `exists` or `if`?
fn starts_nesting_word(rest: &str) -> bool {
    ["forall", "exists", "if"].iter().any(|w| {
        rest.starts_with(w)
            && !rest[w.len()..]
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

/// The punctuation pest tried at the error's position (`,`, `}`, …),
/// which its list of expected rules leaves out.
fn punctuation(e: &pest::error::Error<Rule>) -> Vec<String> {
    let tokens = e
        .parse_attempts()
        .map(|a| a.expected_tokens())
        .unwrap_or_default();
    tokens
        .into_iter()
        .map(|t| t.to_string())
        .filter(|t| [",", "}", ")", "]", ":"].contains(&t.as_str()))
        .map(|t| format!("`{t}`"))
        .collect()
}

/// "expected …" from pest's list of expected rules and punctuation.
fn expected_message(positives: &[Rule], punctuation: &[String]) -> String {
    let mut names: Vec<&str> = punctuation.iter().map(String::as_str).collect();
    names.extend(positives.iter().map(|r| rule_name(*r)));
    names.sort_unstable();
    names.dedup();
    if names.len() > 1 {
        // "a name, an integer or a set" are all "an expression" there
        for n in &mut names {
            if matches!(*n, "a name" | "an integer" | "a set `{…}`") {
                *n = "an expression";
            }
        }
        names.sort_unstable();
        names.dedup();
        // after a complete operand (an operator is expected), "an
        // expression" only comes from `4n`-style coefficients: noise
        if names.contains(&"an operator") {
            names.retain(|n| *n != "an expression");
        }
    }
    match names.len() {
        0 => "unexpected input".to_string(),
        1 => format!("expected {}", names[0]),
        n => format!("expected {} or {}", names[..n - 1].join(", "), names[n - 1]),
    }
}

/// A rule's name for error messages.
fn rule_name(r: Rule) -> &'static str {
    use Rule::*;
    match r {
        EOI => "end of expression",
        range_op => "`..=` or `..`",
        ident => "a name",
        int => "an integer",
        kw_in => "`in`",
        kw_then => "`then`",
        kw_else => "`else`",
        iff_op | imp_op | or_op | and_op | cmp_op | not_in | subset_op | set_op | add_op
        | mul_op | pow_op => "an operator",
        ge_op => "`>=`",
        domain | in_domain => "`in`",
        ge_domain => "`>=`",
        close_incl => "`]`",
        close_excl => "`)`",
        set_lit | set_builder => "a set `{…}`",
        generator => "a generator `v in SET`",
        _ => "an expression",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::SourceText;
    use std::sync::Arc;

    fn parse(text: &str) -> Result<Expr, Diagnostic> {
        let src = Arc::new(SourceText {
            name: "t".into(),
            text: text.into(),
        });
        let mut b = ExprBuilder {
            src: &src,
            next_id: 0,
        };
        let origin = Origin {
            exact: Some(0),
            start: 0,
        };
        on_parser_stack(|| b.expr(text, origin)).unwrap()
    }

    #[test]
    fn examples_parse() {
        for e in [
            "forall x: G(x) == mex{ G(x + s) : s in S }",
            "q == c + a - rho",
            "gcd(a, b, c) == 1 and 0 < rho and rho < a",
            "forall x >= 1: P(x) iff x mod 5 in {0, 2}",
            "if a < b then a else b",
            "exists n in [1, 10): n ^ 2 == 49",
            "{x : x in [0, 10], x mod 2 == 0} subset [0, 10]",
            "x not in S union {3} minus {4}",
            "floor(a / 2) + ceil(b / 3) == 1 => true",
            "∀ x ≥ 2: G(x) ≠ 0 ∨ ¬P(x)",
            "{2, 4n, 4n+2} == {1, 2a}",
        ] {
            parse(e).unwrap_or_else(|d| panic!("{e}: {}", d.render()));
        }
    }

    #[test]
    fn errors_say_what_was_expected() {
        let d = parse("a +").unwrap_err();
        assert_eq!(d.col, 4, "{}", d.one_line());
        assert!(d.message.starts_with("expected"), "{}", d.message);
        let d = parse("foo(1)").unwrap_err();
        assert!(d.message.contains("unknown function `foo`"));
    }

    #[test]
    fn depth_is_bounded() {
        let deep = format!("{}1{}", "(".repeat(100_000), ")".repeat(100_000));
        assert!(parse(&deep).unwrap_err().message.contains("too deeply"));
        let chain = vec!["1"; 100_000].join("+");
        assert!(parse(&chain).unwrap_err().message.contains("too deeply"));
        let nots = format!("{}true", "not ".repeat(100_000));
        assert!(parse(&nots).unwrap_err().message.contains("too deeply"));
        let quants = "forall x: ".repeat(1000) + "true";
        assert!(parse(&quants).unwrap_err().message.contains("too deep"));
        let ok = format!("{}1{}", "(".repeat(60), ")".repeat(60));
        parse(&ok).unwrap();
        // the worst accepted: 64 brackets and 64 quantifiers and `if`s
        let worst = format!(
            "{}{}{}true{}{}",
            "(".repeat(32),
            "forall x in {0}: ".repeat(32),
            "(if true then ".repeat(32),
            " else false)".repeat(32),
            ")".repeat(32),
        );
        parse(&worst).unwrap_or_else(|d| panic!("{}", d.one_line()));
    }
}
