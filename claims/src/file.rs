//! Claim files: TOML (`toml`, spans kept) read into [`FileClaim`]s, with
//! the checks that need no types: limits, UTF-8, unknown keys, missing
//! keys, duplicate ids, and the expressions' syntax.

use std::sync::Arc;

use serde::de::{MapAccess, Visitor};
use serde::{Deserialize, Deserializer};
use toml::Spanned;

use crate::diag::{DiagKind, Diagnostic, Source, SourceText};
use crate::expr::{is_function_name, on_parser_stack, Expr, ExprBuilder, Origin, ParamRange};

/// Limits on a claim file, checked before and while parsing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParseLimits {
    /// Largest file accepted, in bytes (flag `--max-claim-bytes`).
    pub max_bytes: usize,
    /// Most `[[claim]]` entries accepted (flag `--max-claims`).
    pub max_claims: usize,
}

impl Default for ParseLimits {
    /// 4 MiB and 10,000 claims.
    fn default() -> Self {
        ParseLimits {
            max_bytes: 4 << 20,
            max_claims: 10_000,
        }
    }
}

/// The flag raising [`ParseLimits::max_bytes`].
pub const FLAG_MAX_BYTES: &str = "--max-claim-bytes";
/// The flag raising [`ParseLimits::max_claims`].
pub const FLAG_MAX_CLAIMS: &str = "--max-claims";
/// Deepest nesting of TOML arrays and inline tables accepted.
const MAX_TOML_NESTING: usize = 32;

/// What a claim states: the `kind` key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClaimKind {
    /// A proved statement of the source.
    Theorem,
    /// An open statement.
    Conjecture,
    /// A worked example.
    Example,
}

impl ClaimKind {
    /// The word used in the file.
    pub fn as_str(self) -> &'static str {
        match self {
            ClaimKind::Theorem => "theorem",
            ClaimKind::Conjecture => "conjecture",
            ClaimKind::Example => "example",
        }
    }
}

/// The game family of a claim, with holes to fill per instance.
#[derive(Debug, Clone)]
pub(crate) enum GameTemplate {
    /// `{e1, e2, …}`: a subtraction set, element by element (an error
    /// points at the element).
    Subtraction(Vec<Expr>),
    /// Any other set expression, e.g. `[1, k]` or `{2*i : i in [1, k]}`:
    /// a subtraction set (an error points at the expression).
    SubtractionSet(Expr),
    /// `octal 0.{d}7`: literal digits and `{expr}` holes of one digit each.
    Octal(Vec<OctalPart>),
    /// `grundy`: Grundy's game (split one heap into two unequal non-empty
    /// heaps).
    Grundy,
    /// An avoidance game DNG(S, W) (paper B) on a geometry: `tree-vertices(T)`,
    /// `tree-edges 1-2,2-3`, `affine 0,0 4,0 0,4`, `closure (points: …)`;
    /// W is the claim's `win`.
    Avoidance(GeometryKind, AvoidArg),
}

/// The geometry of an avoidance game (paper B, §2 and §5).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GeometryKind {
    /// The vertex geometry of a tree: points are the vertices 1..n.
    TreeVertices,
    /// The edge geometry of a tree: points are its edges, numbered 1..n−1
    /// in the order the tree lists them.
    TreeEdges,
    /// Points of Z or Z² (`x` or `x,y`, separated by spaces), numbered
    /// 1..n in the order written.
    Affine,
    /// An explicit closure system on 1..n, in the RON of `nimcert avoid
    /// closure` without `win`: `(points: 3, convex_sets: [[], [1], …])`.
    Closure,
}

impl GeometryKind {
    /// The word of the game string.
    pub fn word(self) -> &'static str {
        match self {
            GeometryKind::TreeVertices => "tree-vertices",
            GeometryKind::TreeEdges => "tree-edges",
            GeometryKind::Affine => "affine",
            GeometryKind::Closure => "closure",
        }
    }

    /// Every kind.
    const ALL: [GeometryKind; 4] = [
        GeometryKind::TreeVertices,
        GeometryKind::TreeEdges,
        GeometryKind::Affine,
        GeometryKind::Closure,
    ];
}

/// What the geometry is built from.
#[derive(Debug, Clone)]
pub(crate) enum AvoidArg {
    /// A tree parameter (`trees(n)`), by name, with the file offset of the
    /// name.
    Tree(String, usize),
    /// The text after the kind's word, passed as written to nimcert.
    Text(String),
}

/// A piece of an octal code template.
#[derive(Debug, Clone)]
pub(crate) enum OctalPart {
    /// Literal characters (digits 0–7 and `.`).
    Lit(String),
    /// `{expr}`: one digit.
    Hole(Expr),
}

/// A parameter: its name, where it is declared, and its range.
#[derive(Debug, Clone)]
pub(crate) struct Param {
    pub(crate) name: String,
    pub(crate) pos: usize,
    pub(crate) range: ParamRange,
}

/// A definition `name = expr` of the `let` list.
#[derive(Debug, Clone)]
pub(crate) struct Let {
    pub(crate) name: String,
    pub(crate) pos: usize,
    pub(crate) expr: Expr,
}

/// One `[[claim]]` entry, parsed (not yet type-checked: see [`crate::check()`]).
#[derive(Debug, Clone)]
pub struct FileClaim {
    /// The claim's id, unique within its file.
    pub id: String,
    /// Where the statement comes from (paper, place).
    pub source: String,
    /// The quoted sentence.
    pub quote: String,
    /// Theorem, conjecture or example.
    pub kind: ClaimKind,
    /// Bound on x for unbounded quantifiers the proof rule does not cover
    /// (`check_below`, default 10,000).
    pub check_below: u64,
    /// The line of the claim's `id` key.
    pub line: usize,
    pub(crate) game: GameTemplate,
    pub(crate) params: Vec<Param>,
    pub(crate) lets: Vec<Let>,
    pub(crate) where_: Option<Expr>,
    pub(crate) assert: Expr,
    /// `assume = "…"`: a hypothesis that reads the game; an instance where
    /// it is false is not applicable (like one `where` rejects).
    pub(crate) assume: Option<Expr>,
    /// `win = "W"`: the winning set W of an avoidance game (a set of
    /// points, 1-based), required with such a game and refused otherwise.
    pub(crate) win: Option<Expr>,
    /// `every_c = "rho"`: the parameter that is the residue ρ of the class
    /// c ≡ ρ (mod a + b) of a game `{a, b, c}`, with the file offset of the
    /// value (crate documentation, *For every c*).
    pub(crate) every_c: Option<(String, usize)>,
    /// File offset of the `game` value.
    pub(crate) game_pos: usize,
    pub(crate) src: Source,
    /// File offset of the `id` value.
    pub(crate) pos: usize,
}

impl FileClaim {
    /// The names of the parameters, in declaration order.
    pub fn param_names(&self) -> Vec<&str> {
        self.params.iter().map(|p| p.name.as_str()).collect()
    }

    /// The parameter named by `every_c` (the residue ρ of a family claim
    /// over c ≡ ρ (mod a + b)), if the entry has one.
    pub fn every_c(&self) -> Option<&str> {
        self.every_c.as_ref().map(|(n, _)| n.as_str())
    }

    /// Is the game an octal game?
    pub fn is_octal(&self) -> bool {
        matches!(self.game, GameTemplate::Octal(_))
    }

    /// Is the game Grundy's game?
    pub fn is_grundy(&self) -> bool {
        matches!(self.game, GameTemplate::Grundy)
    }

    /// Is the game an avoidance game DNG(S, W) (paper B)?
    pub fn is_avoidance(&self) -> bool {
        matches!(self.game, GameTemplate::Avoidance(..))
    }

    /// Replaces the range of the parameter `name` by `lo..=hi` (the
    /// command line's `--range NAME=RANGE`); false when the claim has no
    /// parameter of that name. Errors found in it point at the parameter.
    pub fn set_range(&mut self, name: &str, lo: i64, hi: i64) -> bool {
        let Some(param) = self.params.iter_mut().find(|p| p.name == name) else {
            return false;
        };
        let literal = |v: i64| Expr {
            kind: crate::expr::Kind::Int(v),
            pos: param.pos,
            id: u32::MAX,
            depth: 1,
        };
        param.range = ParamRange::Range(literal(lo), literal(hi), true);
        true
    }

    /// File offset of the `game` value.
    pub(crate) fn game_pos(&self) -> usize {
        self.game_pos
    }

    /// An input error at file offset `pos` of this claim's file.
    pub(crate) fn error(&self, pos: usize, message: String) -> Diagnostic {
        self.src.diag(DiagKind::Input, pos, message)
    }
}

/// A parsed claim file.
#[derive(Debug, Clone)]
pub struct ClaimFile {
    /// The entries, in file order.
    pub claims: Vec<FileClaim>,
}

/// The default `check_below`.
pub const DEFAULT_CHECK_BELOW: u64 = 10_000;

/// Parses a claim file: `name` is used in diagnostics, `bytes` is the
/// file's content. Never panics; every failure is one [`Diagnostic`]
/// (an input error, or a limit naming [`FLAG_MAX_BYTES`] or
/// [`FLAG_MAX_CLAIMS`]). Runs on a thread of its own with a
/// 64 MiB stack, so that the nesting bounds hold whatever the caller's
/// stack and the build's optimization.
pub fn parse(name: &str, bytes: &[u8], limits: &ParseLimits) -> Result<ClaimFile, Diagnostic> {
    let fail = |m: String| Diagnostic::whole_file(name, DiagKind::Input, m);
    on_parser_stack(|| parse_here(name, bytes, limits)).unwrap_or_else(|m| Err(fail(m)))
}

/// [`parse`] on the current thread.
fn parse_here(name: &str, bytes: &[u8], limits: &ParseLimits) -> Result<ClaimFile, Diagnostic> {
    if bytes.len() > limits.max_bytes {
        return Err(Diagnostic::whole_file(
            name,
            DiagKind::Limit {
                flag: FLAG_MAX_BYTES,
            },
            format!(
                "claim file is {} bytes, over the limit of {} (raise it with {FLAG_MAX_BYTES})",
                bytes.len(),
                limits.max_bytes
            ),
        ));
    }
    let text = utf8(name, bytes)?;
    let src: Source = Arc::new(SourceText {
        name: name.to_string(),
        text: text.to_string(),
    });
    count_claims(&src, limits.max_claims)?;
    toml_nesting(&src)?;
    let raw: RawFile = toml::from_str(&src.text).map_err(|e| toml_error(&src, &e))?;
    if raw.claim.len() > limits.max_claims {
        let pos = raw.claim[limits.max_claims].span().start;
        return Err(too_many_claims(&src, pos, limits.max_claims));
    }
    let mut builder = ExprBuilder {
        src: &src,
        next_id: 0,
    };
    let mut claims: Vec<FileClaim> = Vec::with_capacity(raw.claim.len());
    for rc in raw.claim {
        let claim = convert(&mut builder, rc.into_inner())?;
        if let Some(first) = claims.iter().find(|c| c.id == claim.id) {
            return Err(claim.error(
                claim.pos,
                format!(
                    "duplicate claim id `{}` (first at line {})",
                    claim.id, first.line
                ),
            ));
        }
        claims.push(claim);
    }
    Ok(ClaimFile { claims })
}

/// The text, or "not UTF-8 text" at the first bad byte.
fn utf8<'b>(name: &str, bytes: &'b [u8]) -> Result<&'b str, Diagnostic> {
    std::str::from_utf8(bytes).map_err(|e| {
        let good = e.valid_up_to();
        let prefix = std::str::from_utf8(&bytes[..good]).unwrap_or("");
        let mut d = Diagnostic::at(
            name,
            prefix,
            DiagKind::Input,
            good,
            format!(
                "not UTF-8 text (byte 0x{:02x} at offset {good})",
                bytes[good]
            ),
        );
        d.source_line.clear();
        d
    })
}

/// The claim-count limit error at file offset `pos`.
fn too_many_claims(src: &Source, pos: usize, max: usize) -> Diagnostic {
    src.diag(
        DiagKind::Limit {
            flag: FLAG_MAX_CLAIMS,
        },
        pos,
        format!("more than {max} claims (raise the limit with {FLAG_MAX_CLAIMS})"),
    )
}

/// Counts `[[claim]]` header lines before the TOML parser runs, so that a
/// file of a million entries is refused in one pass over its lines.
fn count_claims(src: &Source, max: usize) -> Result<(), Diagnostic> {
    let mut count = 0usize;
    let mut offset = 0usize;
    for line in src.text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        if trimmed.starts_with("[[") && trimmed[2..].trim_start().starts_with("claim") {
            count += 1;
            if count > max {
                let pos = offset + (line.len() - trimmed.len());
                return Err(too_many_claims(src, pos, max));
            }
        }
        offset += line.len();
    }
    Ok(())
}

/// Refuses arrays and inline tables nested deeper than
/// [`MAX_TOML_NESTING`] (outside strings and comments), before the TOML
/// parser and deserializer recurse over them.
fn toml_nesting(src: &Source) -> Result<(), Diagnostic> {
    let bytes = src.text.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'#' => i = skip_to_newline(bytes, i),
            b'"' | b'\'' => i = skip_string(bytes, i),
            b'[' | b'{' => {
                depth += 1;
                if depth > MAX_TOML_NESTING {
                    return Err(src.diag(
                        DiagKind::Input,
                        i,
                        format!("TOML nested too deeply (more than {MAX_TOML_NESTING} levels)"),
                    ));
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    Ok(())
}

/// The index of the newline ending the comment at `i` (or the end).
fn skip_to_newline(bytes: &[u8], i: usize) -> usize {
    bytes[i..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(bytes.len(), |n| i + n)
}

/// The index of the last byte of the string starting at `i` (any of the
/// four TOML string forms; an unterminated string runs to the end).
fn skip_string(bytes: &[u8], i: usize) -> usize {
    let q = bytes[i];
    let triple = bytes[i..].starts_with(&[q, q, q]);
    let (mut j, delim) = if triple { (i + 3, 3) } else { (i + 1, 1) };
    while j < bytes.len() {
        if q == b'"' && bytes[j] == b'\\' {
            j += 2;
            continue;
        }
        if bytes[j] == q && (delim == 1 || bytes[j..].starts_with(&[q, q, q])) {
            return j + delim - 1;
        }
        if delim == 1 && bytes[j] == b'\n' {
            return j;
        }
        j += 1;
    }
    bytes.len()
}

/// A TOML error as a diagnostic at its span.
fn toml_error(src: &Source, e: &toml::de::Error) -> Diagnostic {
    let pos = e.span().map_or(0, |s| s.start);
    let message = e.message().trim().replace('\n', " ");
    src.diag(DiagKind::Input, pos, message)
}

// ---- the raw TOML shape ---------------------------------------------

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[serde(default)]
    claim: Vec<Spanned<RawClaim>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawClaim {
    id: Spanned<String>,
    source: Spanned<String>,
    quote: Spanned<String>,
    kind: Spanned<String>,
    game: Spanned<String>,
    #[serde(default)]
    params: Option<RawParams>,
    #[serde(rename = "let", default)]
    lets: Vec<Spanned<String>>,
    #[serde(rename = "where", default)]
    where_: Option<Spanned<String>>,
    assert: Spanned<String>,
    #[serde(default)]
    check_below: Option<Spanned<i64>>,
    #[serde(default)]
    every_c: Option<Spanned<String>>,
    #[serde(default)]
    win: Option<Spanned<String>>,
    #[serde(default)]
    assume: Option<Spanned<String>>,
}

/// `params = { … }` in document order.
struct RawParams(Vec<(Spanned<String>, Spanned<toml::Value>)>);

impl<'de> Deserialize<'de> for RawParams {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(ParamsVisitor)
    }
}

struct ParamsVisitor;

impl<'de> Visitor<'de> for ParamsVisitor {
    type Value = RawParams;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a table of parameters, e.g. { n = \"3..=30\" }")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawParams, A::Error> {
        let mut out = Vec::new();
        while let Some(entry) = map.next_entry()? {
            out.push(entry);
        }
        Ok(RawParams(out))
    }
}

// ---- conversion -----------------------------------------------------

/// Where a TOML string value's content sits (see [`Origin`]).
fn origin(src: &Source, span: &std::ops::Range<usize>) -> Origin {
    let raw = src.text.get(span.clone()).unwrap_or("");
    let exact = if raw.starts_with("\"\"\"") || raw.starts_with("'''") {
        None
    } else if raw.starts_with('\'') || (raw.starts_with('"') && !raw.contains('\\')) {
        Some(span.start + 1)
    } else {
        None
    };
    Origin {
        exact,
        start: span.start,
    }
}

/// One raw entry to a [`FileClaim`].
fn convert(b: &mut ExprBuilder<'_>, rc: RawClaim) -> Result<FileClaim, Diagnostic> {
    let src = b.src.clone();
    let err = |pos: usize, m: String| src.diag(DiagKind::Input, pos, m);
    let kind = match rc.kind.get_ref().as_str() {
        "theorem" => ClaimKind::Theorem,
        "conjecture" => ClaimKind::Conjecture,
        "example" => ClaimKind::Example,
        other => {
            return Err(err(
                rc.kind.span().start,
                format!("unknown kind `{other}` (expected theorem, conjecture or example)"),
            ))
        }
    };
    let id_pos = rc.id.span().start;
    if rc.id.get_ref().trim().is_empty() {
        return Err(err(id_pos, "empty claim id".into()));
    }
    let check_below = match rc.check_below {
        None => DEFAULT_CHECK_BELOW,
        Some(c) => u64::try_from(*c.get_ref())
            .map_err(|_| err(c.span().start, "check_below must be 0 or more".into()))?,
    };
    let game_pos = origin(&src, &rc.game.span()).at(0);
    let game = game(b, &rc.game)?;
    let params = params(b, rc.params)?;
    let lets = rc
        .lets
        .iter()
        .map(|l| definition(b, l))
        .collect::<Result<Vec<_>, _>>()?;
    let where_ = match &rc.where_ {
        Some(w) => Some(b.expr(w.get_ref(), origin(&src, &w.span()))?),
        None => None,
    };
    let assert = b.expr(rc.assert.get_ref(), origin(&src, &rc.assert.span()))?;
    let assume = match &rc.assume {
        Some(a) => Some(b.expr(a.get_ref(), origin(&src, &a.span()))?),
        None => None,
    };
    if let (Some(a), Some(_)) = (&assume, &rc.every_c) {
        return Err(err(
            a.pos,
            "`assume` cannot be used with `every_c` (write the hypothesis as `h implies …`)".into(),
        ));
    }
    let win = match &rc.win {
        Some(w) => Some(b.expr(w.get_ref(), origin(&src, &w.span()))?),
        None => None,
    };
    match (&game, &win) {
        (GameTemplate::Avoidance(..), None) => {
            return Err(err(
                game_pos,
                "an avoidance game needs `win = \"…\"`, the winning set W (a set of points)".into(),
            ))
        }
        (GameTemplate::Avoidance(..), Some(_)) | (_, None) => {}
        (_, Some(w)) => {
            return Err(err(
                w.pos,
                "`win` is the winning set of an avoidance game; this game is not one".into(),
            ))
        }
    }
    let every_c = rc.every_c.as_ref().map(|e| {
        (
            e.get_ref().trim().to_string(),
            origin(&src, &e.span()).at(0),
        )
    });
    let line = src.text[..id_pos].matches('\n').count() + 1;
    Ok(FileClaim {
        id: rc.id.into_inner(),
        source: rc.source.into_inner(),
        quote: rc.quote.into_inner(),
        kind,
        check_below,
        line,
        game,
        params,
        lets,
        where_,
        assert,
        assume,
        win,
        every_c,
        game_pos,
        src,
        pos: id_pos,
    })
}

/// Is `name` usable for a parameter, definition or bound variable?
pub(crate) fn reserved(name: &str) -> bool {
    matches!(name, "q" | "p" | "S") || is_function_name(name)
}

/// A name check: an identifier, and not reserved.
fn check_name(src: &Source, name: &str, pos: usize) -> Result<(), Diagnostic> {
    let ident = name
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !ident {
        return Err(src.diag(
            DiagKind::Input,
            pos,
            format!("`{name}` is not a name (letters, digits, _)"),
        ));
    }
    if reserved(name) {
        return Err(src.diag(
            DiagKind::Input,
            pos,
            format!("`{name}` is reserved (game words q, p, S and the functions)"),
        ));
    }
    Ok(())
}

/// `params = { a = "2..=20", b = "2*a", n = 5 }`.
fn params(b: &mut ExprBuilder<'_>, raw: Option<RawParams>) -> Result<Vec<Param>, Diagnostic> {
    let src = b.src.clone();
    let mut out: Vec<Param> = Vec::new();
    for (key, value) in raw.map_or_else(Vec::new, |r| r.0) {
        let pos = key.span().start;
        check_name(&src, key.get_ref(), pos)?;
        let vspan = value.span();
        let range =
            match value.get_ref() {
                toml::Value::String(s) => b.param(s, origin(&src, &vspan))?,
                toml::Value::Integer(i) => {
                    let text = i.to_string();
                    b.param(
                        &text,
                        Origin {
                            exact: None,
                            start: vspan.start,
                        },
                    )?
                }
                _ => return Err(src.diag(
                    DiagKind::Input,
                    vspan.start,
                    "expected a range \"lo..=hi\", \"lo..hi\", a value expression or an integer"
                        .into(),
                )),
            };
        out.push(Param {
            name: key.into_inner(),
            pos,
            range,
        });
    }
    Ok(out)
}

/// `"name = expr"` of the `let` list.
fn definition(b: &mut ExprBuilder<'_>, raw: &Spanned<String>) -> Result<Let, Diagnostic> {
    let src = b.src.clone();
    let o = origin(&src, &raw.span());
    let text = raw.get_ref();
    let at = |off: usize| o.exact.map_or(o.start, |base| base + off);
    let eq = text
        .find('=')
        .filter(|&i| !text[i + 1..].starts_with('='))
        .ok_or_else(|| {
            src.diag(
                DiagKind::Input,
                at(0),
                "expected a definition `name = expression`".into(),
            )
        })?;
    let name = text[..eq].trim();
    let name_off = text.len() - text.trim_start().len();
    check_name(&src, name, at(name_off))?;
    let expr_origin = Origin {
        exact: o.exact.map(|base| base + eq + 1),
        start: o.start,
    };
    let expr = b.expr(&text[eq + 1..], expr_origin)?;
    Ok(Let {
        name: name.to_string(),
        pos: at(name_off),
        expr,
    })
}

/// `game = "{a, b, c}"` (or any set expression, `"[1, k]"`) or
/// `game = "octal 0.{d}7"`.
fn game(b: &mut ExprBuilder<'_>, raw: &Spanned<String>) -> Result<GameTemplate, Diagnostic> {
    let src = b.src.clone();
    let o = origin(&src, &raw.span());
    let text = raw.get_ref();
    if text.trim() == "grundy" {
        return Ok(GameTemplate::Grundy);
    }
    if let Some(avoidance) = avoidance_template(&src, text, o) {
        return avoidance;
    }
    let Some(rest) = text.trim_start().strip_prefix("octal") else {
        return b.game_set(text, o).map(subtraction_template);
    };
    let code_off = text.len() - rest.trim_start().len();
    octal_template(b, &text[code_off..], o, code_off)
}

/// `tree-vertices(T)`, `tree-edges 1-2,2-3`, `affine 0,0 1,0`,
/// `closure (…)`: an avoidance game, or `None` when the text starts with
/// none of the four words.
fn avoidance_template(
    src: &Source,
    text: &str,
    o: Origin,
) -> Option<Result<GameTemplate, Diagnostic>> {
    let lead = text.len() - text.trim_start().len();
    let (kind, rest) = GeometryKind::ALL.iter().find_map(|k| {
        let rest = text.trim_start().strip_prefix(k.word())?;
        rest.starts_with(|c: char| c == '(' || c.is_whitespace())
            .then_some((*k, rest))
    })?;
    let at = |off: usize| o.exact.map_or(o.start, |e| e + off);
    let rest_off = lead + kind.word().len();
    let trimmed = rest.trim();
    let is_tree = matches!(kind, GeometryKind::TreeVertices | GeometryKind::TreeEdges);
    if is_tree && trimmed.starts_with('(') {
        let name = trimmed[1..].strip_suffix(')').map(str::trim);
        let name_off = rest_off + (rest.len() - rest.trim_start().len()) + 1;
        return Some(match name {
            Some(n) if check_name(src, n, at(name_off)).is_ok() => Ok(GameTemplate::Avoidance(
                kind,
                AvoidArg::Tree(n.to_string(), at(name_off)),
            )),
            _ => Err(src.diag(
                DiagKind::Input,
                at(name_off),
                format!(
                    "expected `{}(T)`, T a tree parameter (`T = \"trees(n)\"`), or `{} 1-2,2-3,…`",
                    kind.word(),
                    kind.word()
                ),
            )),
        });
    }
    if trimmed.is_empty() {
        return Some(Err(src.diag(
            DiagKind::Input,
            at(rest_off),
            format!("expected the geometry after `{}`", kind.word()),
        )));
    }
    Some(Ok(GameTemplate::Avoidance(
        kind,
        AvoidArg::Text(trimmed.to_string()),
    )))
}

/// The parts of an octal code template starting at offset `base` of the
/// game string.
fn octal_template(
    b: &mut ExprBuilder<'_>,
    code: &str,
    o: Origin,
    base: usize,
) -> Result<GameTemplate, Diagnostic> {
    let src = b.src.clone();
    let at = |off: usize| o.exact.map_or(o.start, |e| e + base + off);
    if code.is_empty() {
        return Err(src.diag(
            DiagKind::Input,
            at(0),
            "expected an octal code after `octal`, e.g. `octal 0.{d}7`".into(),
        ));
    }
    let mut parts = Vec::new();
    let mut lit = String::new();
    let mut i = 0;
    while i < code.len() {
        let c = code[i..].chars().next().unwrap_or(' ');
        if c == '{' {
            let end = matching_brace(code, i).ok_or_else(|| {
                src.diag(
                    DiagKind::Input,
                    at(i),
                    "unclosed `{` in the octal code".into(),
                )
            })?;
            if !lit.is_empty() {
                parts.push(OctalPart::Lit(std::mem::take(&mut lit)));
            }
            let hole_origin = Origin {
                exact: o.exact.map(|e| e + base + i + 1),
                start: o.start,
            };
            parts.push(OctalPart::Hole(b.expr(&code[i + 1..end], hole_origin)?));
            i = end + 1;
        } else if c.is_ascii_hexdigit() || c == '.' {
            lit.push(c);
            i += 1;
        } else {
            return Err(src.diag(
                DiagKind::Input,
                at(i),
                format!("unexpected `{c}` in the octal code (expected digits 0-9, A-F, `.` or a `{{expression}}`)"),
            ));
        }
    }
    if !lit.is_empty() {
        parts.push(OctalPart::Lit(lit));
    }
    Ok(GameTemplate::Octal(parts))
}

/// A subtraction set's template: a literal `{e1, …}` element by element,
/// any other set expression whole.
fn subtraction_template(set: Expr) -> GameTemplate {
    match set.kind {
        crate::expr::Kind::SetLit(elems) => GameTemplate::Subtraction(elems),
        _ => GameTemplate::SubtractionSet(set),
    }
}

/// The index of the `}` matching the `{` at `open`.
fn matching_brace(s: &str, open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in s[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(open + i);
                }
            }
            _ => {}
        }
    }
    None
}
