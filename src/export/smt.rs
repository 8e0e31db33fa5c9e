//! A `Family` certificate's statement as SMT-LIB 2 queries in QF_LIA
//! (docs/FAMILIES.md, "Check 2"), and a runner for z3 and cvc5.
//!
//! The claim "for every k ≥ k0, G_S(k) is E_k and its least period is p(k)"
//! is, by Facts 1 and 2 of docs/FAMILIES.md, the conjunction of
//!
//! - (R) the mex recurrence of E at every x ∈ [0, p + c) (Base shape:
//!   x ∈ [0, m + c), E(y) = B[y mod m], the word B of length m being one
//!   period of E whatever the claimed least period), and
//! - (M) for the Tail shape, uniqueness of the marker window in the cyclic
//!   word F of length p; for the Base shape, that the least period of
//!   x ↦ B[x mod m] is p0, a statement without k.
//!
//! Each part is written as its *negation*, a query that must be `unsat`:
//! there is a k ≥ k0 and a position x (an offset o) where the claim fails.
//! Positions are affine in the integer k (c = m·k + ρ, p = c + d);
//! nothing is multiplied by a variable and no `mod` or `div` is used:
//! `y mod p` for 0 ≤ y < 2p is `ite(y ≥ p, y − p, y)`, and each lookup
//! B[z mod m] declares its own integers t, r with z = m·t + r, 0 ≤ r < m,
//! and reads B by an `ite` chain over r (Y likewise over z − c). The window
//! W of (M) is read from F at its symbolic position c + j like the window
//! it is compared with, so the query assumes nothing of Lemma M. The mex of
//! the (at most three) legal options is the least v in 0..=top not among
//! them, top = min(largest letter + 1, 3): among top + 1 candidates one is
//! free either way.
//!
//! Every query comes with a *sanity* twin without its violation clause
//! (the definitions and ranges alone), which must be `sat`: a query that
//! is `unsat` for a wrong reason (an empty range, contradictory
//! definitions) shows up there. The recurrence is split by the region of x
//! ([0, c), [c, p), [p, p + c) for the Tail shape; [0, c), [c, m + c) for
//! the Base shape) and by default also by the residue of x mod m
//! ([`Split`]), which the solvers (cvc5 above all) settle faster than the
//! whole range; the pieces cover the range (a residue that no x of the
//! tail [c, c + d) has, when d < m, is left out: its query would be empty).
//!
//! [`run`] sends one file to `z3 -smt2 -model -T:SEC -in` or `cvc5 --lang
//! smt2 --dump-models --tlimit=MS` as a child process (the file as its
//! standard input: z3 would take a path with `=` for a parameter), reads a bounded
//! amount of its output, kills it past the time limit and reads the answer
//! (and, for `sat`, the model's integers).
//!
//! Nothing here is trusted to be right by construction: the queries are
//! meant to be read (each file states what it asserts and what answer it
//! expects), and the solvers are outside the project.

use crate::check::format::{FamilyClaim, FamilyShape};
use std::fmt::{self, Write as _};
use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The longest word (base word B, tail Y, marker window) exported by
/// default: every lookup is an `ite` chain over one of them.
pub const DEFAULT_MAX_WORD: u64 = 4096;

/// The answer a query must get for the claim to be proved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expect {
    /// A negation of part of the claim: no counterexample exists.
    Unsat,
    /// A sanity query: the definitions and ranges alone are satisfiable.
    Sat,
}

impl fmt::Display for Expect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Expect::Unsat => "unsat",
            Expect::Sat => "sat",
        })
    }
}

/// One SMT-LIB 2 query.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Query {
    /// Its name, also its file's stem: `recurrence-r1`, `marker.sanity`, ….
    pub name: String,
    /// The SMT-LIB 2 text (QF_LIA), ending in `(check-sat)` and `(exit)`.
    pub smt2: String,
    /// The answer that proves the claim's part (or shows the encoding sane).
    pub expect: Expect,
    /// The variables whose values a model shows (`k` and `x` or `o`).
    pub shown: Vec<&'static str>,
}

/// How the recurrence (R) is cut into queries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Split {
    /// One query for the whole range of x.
    Whole,
    /// One query per region of x (Tail: [0, c), [c, p), [p, p + c); Base:
    /// [0, c), [c, m + c)).
    Regions,
    /// One query per region and residue r of x mod m (x = m·u + r with a
    /// fresh integer u): m times as many queries, each much easier for
    /// cvc5 (on {1, 28, 29k + 11} cvc5 took 140 s on the three regions and
    /// 45 s on the 174 residue queries; z3 3.5 s and 10 s).
    #[default]
    Residues,
}

/// Why a claim was not exported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SmtError {
    /// The claim is not well formed (the conditions of the format that
    /// the encoding relies on: 1 ≤ a < b, ρ < m, |B| = m, d ≥ 1,
    /// −L < j < d, c(k0) ≥ L, 1 ≤ p0 ≤ m).
    Malformed(String),
    /// A word longer than the bound (`what`, its length, the bound).
    TooLarge {
        /// Which word.
        what: &'static str,
        /// Its length.
        len: u64,
        /// The bound.
        max: u64,
    },
}

impl fmt::Display for SmtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SmtError::Malformed(why) => write!(f, "not a well-formed claim: {why}"),
            SmtError::TooLarge { what, len, max } => {
                write!(f, "{what} has {len} letters, more than {max}")
            }
        }
    }
}

impl std::error::Error for SmtError {}

/// The queries of a claim with the default split ([`Split::Residues`]) and
/// bound ([`DEFAULT_MAX_WORD`]).
pub fn queries(claim: &FamilyClaim) -> Result<Vec<Query>, SmtError> {
    queries_with(claim, Split::default(), DEFAULT_MAX_WORD)
}

/// The queries of a claim: for each part, the negation (expect `unsat`)
/// followed by its sanity twin (expect `sat`).
pub fn queries_with(
    claim: &FamilyClaim,
    split: Split,
    max_word: u64,
) -> Result<Vec<Query>, SmtError> {
    let family = Family::new(claim, max_word)?;
    let mut out = Vec::new();
    for (name, region) in &family.regions(split != Split::Whole) {
        let residues: Vec<Option<u64>> = match split {
            Split::Residues => (0..family.m)
                .filter(|&r| family.has_residue(region.residues, r))
                .map(Some)
                .collect(),
            Split::Whole | Split::Regions => vec![None],
        };
        for &residue in &residues {
            for expect in [Expect::Unsat, Expect::Sat] {
                out.push(family.recurrence(name, region, residue, expect));
            }
        }
    }
    for expect in [Expect::Unsat, Expect::Sat] {
        out.push(match &family.shape {
            Shape::Tail { .. } => family.marker(expect),
            Shape::Base { .. } => family.base_period(expect),
        });
    }
    Ok(out)
}

/// The claim's numbers, checked.
struct Family {
    a: u64,
    b: u64,
    m: u64,
    rho: u64,
    k0: u64,
    base: Vec<u32>,
    shape: Shape,
    /// The mex chain's last candidate.
    top: u32,
}

enum Shape {
    Base {
        period: u64,
    },
    Tail {
        tail: Vec<u32>,
        start: i64,
        length: u64,
    },
}

/// A range of x: its name's suffix, a description, and its bounds as
/// SMT terms (lower ≤ x < upper).
struct Region {
    what: &'static str,
    lower: &'static str,
    upper: &'static str,
    /// Whether x in the region can have the residue r mod m (for some k):
    /// the tail [c, c + d) with d < m misses m − d residues, whose
    /// queries would be empty (their sanity twins `unsat`) and are left out.
    residues: Residues,
}

/// The residues of x mod m in a region.
#[derive(Clone, Copy)]
enum Residues {
    /// Every residue (the region has m consecutive positions for large k).
    All,
    /// (ρ + i) mod m for i < d: the tail [c, c + d), c ≡ ρ.
    Tail,
}

impl Family {
    fn new(claim: &FamilyClaim, max_word: u64) -> Result<Family, SmtError> {
        let bad = |why: String| Err(SmtError::Malformed(why));
        let (a, b, rho, k0) = (claim.a, claim.b, claim.rho, claim.from_k);
        if a == 0 || a >= b {
            return bad(format!("the moves need 1 <= a < b (a = {a}, b = {b})"));
        }
        let Some(m) = a.checked_add(b) else {
            return bad("a + b overflows".into());
        };
        if rho >= m {
            return bad(format!("rho = {rho} is not below a + b = {m}"));
        }
        if m > max_word {
            return Err(SmtError::TooLarge {
                what: "the base word (a + b)",
                len: m,
                max: max_word,
            });
        }
        if claim.base_word.len() as u64 != m {
            return bad(format!(
                "the base word has {} letters, not a + b = {m}",
                claim.base_word.len()
            ));
        }
        // b < c(k0), as the format requires (nimcheck and Coq refuse a
        // claim without it): the queries state the mex rule on [0, p + c)
        // with c the largest move, which is the game {a, b, c} only when
        // c > b. Past that, a claim from a k whose member breaks the shape
        // is exported as it is and refuted by the solvers.
        let c0 = u128::from(m) * u128::from(k0) + u128::from(rho);
        if c0 <= u128::from(b) {
            return bad(format!(
                "c(k0) = {c0} is not above b = {b}: every member of the family needs c > b \
                 (raise k0)"
            ));
        }
        let shape = match &claim.shape {
            FamilyShape::Base { period } => {
                if *period == 0 || *period > m {
                    return bad(format!("the period {period} is not in 1..=a + b"));
                }
                Shape::Base { period: *period }
            }
            FamilyShape::Tail { tail, marker } => {
                let d = tail.len() as u64;
                if d == 0 {
                    return bad("the tail is empty".into());
                }
                if d > max_word {
                    return Err(SmtError::TooLarge {
                        what: "the tail",
                        len: d,
                        max: max_word,
                    });
                }
                let (j, l) = (marker.start, marker.length);
                if l == 0 {
                    return bad("the marker is empty".into());
                }
                if l > max_word {
                    return Err(SmtError::TooLarge {
                        what: "the marker window",
                        len: l,
                        max: max_word,
                    });
                }
                if i128::from(j) <= -i128::from(l) || i128::from(j) >= i128::from(d) {
                    return bad(format!(
                        "the marker's start {j} is not in (-L, d) = (-{l}, {d})"
                    ));
                }
                if c0 < u128::from(l) {
                    return bad(format!("c(k0) = {c0} is below the marker's length {l}"));
                }
                Shape::Tail {
                    tail: tail.clone(),
                    start: j,
                    length: l,
                }
            }
        };
        let largest = claim
            .base_word
            .iter()
            .chain(match &shape {
                Shape::Tail { tail, .. } => tail.iter(),
                Shape::Base { .. } => [].iter(),
            })
            .copied()
            .max()
            .unwrap_or(0);
        Ok(Family {
            a,
            b,
            m,
            rho,
            k0,
            base: claim.base_word.clone(),
            shape,
            top: largest.saturating_add(1).min(3),
        })
    }

    fn regions(&self, split: bool) -> Vec<(String, Region)> {
        let tail = matches!(self.shape, Shape::Tail { .. });
        let end = if tail { "(+ p c)" } else { "(+ m c)" };
        match split {
            false => vec![(
                "recurrence".into(),
                Region {
                    what: if tail { "[0, p + c)" } else { "[0, m + c)" },
                    lower: "0",
                    upper: end,
                    residues: Residues::All,
                },
            )],
            true if tail => vec![
                (
                    "recurrence-r1".into(),
                    Region {
                        what: "[0, c), the first B-run",
                        lower: "0",
                        upper: "c",
                        residues: Residues::All,
                    },
                ),
                (
                    "recurrence-r2".into(),
                    Region {
                        what: "[c, p), the tail",
                        lower: "c",
                        upper: "p",
                        residues: Residues::Tail,
                    },
                ),
                (
                    "recurrence-r3".into(),
                    Region {
                        what: "[p, p + c), the second B-run",
                        lower: "p",
                        upper: end,
                        residues: Residues::All,
                    },
                ),
            ],
            true => vec![
                (
                    "recurrence-r1".into(),
                    Region {
                        what: "[0, c), before the c-move is legal",
                        lower: "0",
                        upper: "c",
                        residues: Residues::All,
                    },
                ),
                (
                    "recurrence-r2".into(),
                    Region {
                        what: "[c, m + c), one period with the c-move legal",
                        lower: "c",
                        upper: end,
                        residues: Residues::All,
                    },
                ),
            ],
        }
    }

    /// Whether some x of a region has x ≡ r (mod m), for some k ≥ k0.
    fn has_residue(&self, residues: Residues, r: u64) -> bool {
        match (residues, &self.shape) {
            (Residues::Tail, Shape::Tail { tail, .. }) => {
                (r + self.m - self.rho) % self.m < tail.len() as u64
            }
            _ => true,
        }
    }

    /// The statement of the family, as comment lines.
    fn header(&self, out: &mut String, title: &str, expect: Expect) {
        let _ = writeln!(out, "; nimcert export smt: {title}");
        let _ = writeln!(
            out,
            "; Family {{a, b, c}} = {{{}, {}, {}k + {}}} for every k >= {}, m = a + b = {}",
            self.a, self.b, self.m, self.rho, self.k0, self.m
        );
        let _ = writeln!(out, "; base word B = {}", word(&self.base));
        match &self.shape {
            Shape::Base { period } => {
                let _ = writeln!(
                    out,
                    "; shape Base: G(x) = B[x mod m] for every x, least period {period}"
                );
            }
            Shape::Tail {
                tail,
                start,
                length,
            } => {
                let _ = writeln!(
                    out,
                    "; shape Tail: one period F of length p = c + {} is the B-run of length c, then Y = {}",
                    tail.len(),
                    word(tail)
                );
                let at = if *start < 0 {
                    format!("c - {}", start.unsigned_abs())
                } else {
                    format!("c + {start}")
                };
                let _ = writeln!(
                    out,
                    "; marker: the {length} letters at {at}, ... occur at one offset of the cyclic word F"
                );
            }
        }
        let _ = writeln!(
            out,
            "; expected answer: {expect}{}",
            match expect {
                Expect::Unsat =>
                    " (no counterexample: this part of the claim holds for every k >= k0)",
                Expect::Sat => " (sanity: the definitions and ranges alone are satisfiable)",
            }
        );
        out.push_str("(set-logic QF_LIA)\n");
    }

    /// The common definitions: k, c, p, the words B and Y, F and wrap.
    fn definitions(&self, out: &mut String) {
        let _ = writeln!(out, "(declare-const k Int)");
        let _ = writeln!(out, "(assert (>= k {}))", self.k0);
        let _ = writeln!(out, "(define-fun m () Int {})", self.m);
        let _ = writeln!(
            out,
            "(define-fun c () Int (+ (* {} k) {}))",
            self.m, self.rho
        );
        let _ = writeln!(out, "(define-fun a () Int {})", self.a);
        let _ = writeln!(out, "(define-fun b () Int {})", self.b);
        let _ = writeln!(out, "; B[r] for 0 <= r < m");
        let _ = writeln!(
            out,
            "(define-fun B ((r Int)) Int {})",
            chain("r", &self.base)
        );
        if let Shape::Tail { tail, .. } = &self.shape {
            let _ = writeln!(out, "(define-fun d () Int {})", tail.len());
            let _ = writeln!(out, "(define-fun p () Int (+ c d))");
            let _ = writeln!(out, "; Y[j] for 0 <= j < d");
            let _ = writeln!(out, "(define-fun Y ((j Int)) Int {})", chain("j", tail));
            let _ = writeln!(
                out,
                "; F(z) for 0 <= z < p, given r = z mod m: B[z mod m] on [0, c), Y[z - c] on [c, p)"
            );
            let _ = writeln!(
                out,
                "(define-fun F ((z Int) (r Int)) Int (ite (< z c) (B r) (Y (- z c))))"
            );
            let _ = writeln!(out, "; y mod p for 0 <= y < 2p");
            let _ = writeln!(
                out,
                "(define-fun wrap ((y Int)) Int (ite (>= y p) (- y p) y))"
            );
        }
    }

    /// Declares z = `position`, t and r with z = m·t + r, 0 ≤ r < m, and
    /// returns the term for the letter there: E(position) (Tail: F at
    /// wrap(position); Base: B[position mod m]) or, with `wrapped`, F at
    /// `position` itself (already in [0, p)).
    fn lookup(&self, out: &mut String, name: &str, position: &str, wrap: bool) -> String {
        let tail = matches!(self.shape, Shape::Tail { .. });
        let z = if tail && wrap {
            format!("(wrap {position})")
        } else {
            position.to_string()
        };
        let _ = writeln!(out, "(define-fun z{name} () Int {z})");
        let _ = writeln!(out, "(declare-const t{name} Int)");
        let _ = writeln!(out, "(declare-const r{name} Int)");
        let _ = writeln!(
            out,
            "(assert (and (= z{name} (+ (* {m} t{name}) r{name})) (<= 0 r{name}) (< r{name} {m})))",
            m = self.m
        );
        if tail {
            format!("(F z{name} r{name})")
        } else {
            format!("(B r{name})")
        }
    }

    /// (R) on one region (and residue of x mod m): ∃ k ≥ k0, x there with
    /// E(x) ≠ mex.
    fn recurrence(
        &self,
        name: &str,
        region: &Region,
        residue: Option<u64>,
        expect: Expect,
    ) -> Query {
        let mut out = String::new();
        let (name, within) = match residue {
            Some(r) => (
                format!("{name}-x{r}"),
                format!("{} with x = {r} mod m", region.what),
            ),
            None => (name.to_string(), region.what.to_string()),
        };
        let title = match expect {
            Expect::Unsat => {
                format!("the mex recurrence fails at some x in {within} (negation of (R))")
            }
            Expect::Sat => {
                format!("sanity twin of {name}: x in {within} with the definitions, no violation")
            }
        };
        self.header(&mut out, &title, expect);
        self.definitions(&mut out);
        let _ = writeln!(out, "(declare-const x Int)");
        let _ = writeln!(out, "(assert (>= x 0))");
        let _ = writeln!(
            out,
            "(assert (and (<= {} x) (< x {})))",
            region.lower, region.upper
        );
        if let Some(r) = residue {
            let _ = writeln!(out, "(declare-const u Int)");
            let _ = writeln!(out, "(assert (= x (+ (* {} u) {r})))", self.m);
        }
        let _ = writeln!(
            out,
            "; the letters at x and at its options x - s, s in {{a, b, c}} (used only when s <= x)"
        );
        let ex = self.lookup(&mut out, "x", "x", true);
        let ea = self.lookup(&mut out, "a", "(- x a)", true);
        let eb = self.lookup(&mut out, "b", "(- x b)", true);
        let ec = self.lookup(&mut out, "c", "(- x c)", true);
        let _ = writeln!(out, "(define-fun e () Int {ex})");
        let _ = writeln!(out, "; v is the letter of a legal option");
        let _ = writeln!(
            out,
            "(define-fun opt ((v Int)) Bool (or (and (>= x a) (= {ea} v)) (and (>= x b) (= {eb} v)) (and (>= x c) (= {ec} v))))"
        );
        let mut mex = self.top.to_string();
        for v in (0..self.top).rev() {
            mex = format!("(ite (not (opt {v})) {v} {mex})");
        }
        let _ = writeln!(
            out,
            "; the least v in 0..{} that is no legal option's letter",
            self.top
        );
        let _ = writeln!(out, "(define-fun mex () Int {mex})");
        if expect == Expect::Unsat {
            let _ = writeln!(out, "; the violation");
            let _ = writeln!(out, "(assert (distinct e mex))");
        }
        finish(&mut out);
        Query {
            name: suffixed(&name, expect),
            smt2: out,
            expect,
            shown: vec!["k", "x"],
        }
    }

    /// (M), Tail shape: ∃ k ≥ k0, o ∈ [0, p), o ≠ o0, where the window
    /// of length L at o equals the one at o0 = c + j.
    fn marker(&self, expect: Expect) -> Query {
        let Shape::Tail { start, length, .. } = &self.shape else {
            unreachable!("marker of a Base claim")
        };
        let mut out = String::new();
        let title = match expect {
            Expect::Unsat => "the marker window occurs at a second offset (negation of (M))",
            Expect::Sat => "sanity twin of marker: an offset o other than o0, no match asserted",
        };
        self.header(&mut out, title, expect);
        self.definitions(&mut out);
        let _ = writeln!(
            out,
            "; o0 = c + j, the marker's offset (0 <= o0 < p as c(k0) >= L)"
        );
        let _ = writeln!(
            out,
            "(define-fun o0 () Int (+ c {}))",
            int(i128::from(*start))
        );
        let _ = writeln!(out, "(declare-const o Int)");
        let _ = writeln!(out, "(assert (and (<= 0 o) (< o p) (distinct o o0)))");
        let _ = writeln!(
            out,
            "; W_i = F((o0 + i) mod p) and the letters F((o + i) mod p), i < L = {length}"
        );
        let mut equal = Vec::new();
        for i in 0..*length {
            let w = self.lookup(&mut out, &format!("w{i}"), &format!("(+ o0 {i})"), true);
            let v = self.lookup(&mut out, &format!("o{i}"), &format!("(+ o {i})"), true);
            equal.push(format!("(= {v} {w})"));
        }
        if expect == Expect::Unsat {
            let _ = writeln!(out, "; the violation: the window at o is W");
            let _ = writeln!(out, "(assert (and {}))", equal.join(" "));
        }
        finish(&mut out);
        Query {
            name: suffixed("marker", expect),
            smt2: out,
            expect,
            shown: vec!["k", "o"],
        }
    }

    /// (M), Base shape: the least period of x ↦ B[x mod m] is p0, a
    /// ground statement (no k): its negation is "p0 is no period, or some
    /// e < p0 dividing m is one" (the least period of a word with period m
    /// divides m).
    fn base_period(&self, expect: Expect) -> Query {
        let Shape::Base { period } = &self.shape else {
            unreachable!("base period of a Tail claim")
        };
        let mut out = String::new();
        let title = match expect {
            Expect::Unsat => "the least period of B[x mod m] is not the claimed one (ground: no k)",
            Expect::Sat => "sanity twin of least-period: the definitions alone",
        };
        self.header(&mut out, title, expect);
        let _ = writeln!(
            out,
            "(define-fun B ((r Int)) Int {})",
            chain("r", &self.base)
        );
        let mut periods = Vec::new();
        let candidates = (1..*period)
            .filter(|e| self.m.is_multiple_of(*e))
            .chain([*period]);
        for e in candidates {
            let all: Vec<String> = (0..self.m)
                .map(|x| format!("(= (B {x}) (B {}))", (x + e) % self.m))
                .collect();
            let _ = writeln!(out, "; B[x mod m] has period {e}");
            let _ = writeln!(
                out,
                "(define-fun period{e} () Bool (and {}))",
                all.join(" ")
            );
            periods.push(e);
        }
        if expect == Expect::Unsat {
            let smaller: Vec<String> = periods[..periods.len() - 1]
                .iter()
                .map(|e| format!("period{e}"))
                .collect();
            let _ = writeln!(out, "; the violation");
            let _ = writeln!(
                out,
                "(assert (or (not period{period}){}))",
                smaller.iter().map(|s| format!(" {s}")).collect::<String>()
            );
        }
        finish(&mut out);
        Query {
            name: suffixed("least-period", expect),
            smt2: out,
            expect,
            shown: vec![],
        }
    }
}

pub(crate) fn finish(out: &mut String) {
    out.push_str("(check-sat)\n(exit)\n");
}

pub(crate) fn suffixed(name: &str, expect: Expect) -> String {
    match expect {
        Expect::Unsat => name.to_string(),
        Expect::Sat => format!("{name}.sanity"),
    }
}

/// An integer literal (negative ones as `(- n)`).
pub(crate) fn int(n: i128) -> String {
    if n < 0 {
        format!("(- {})", n.unsigned_abs())
    } else {
        n.to_string()
    }
}

/// The letters of a word separated by spaces (for comments; long words cut).
pub(crate) fn word(w: &[u32]) -> String {
    let shown: Vec<String> = w.iter().take(64).map(u32::to_string).collect();
    let more = if w.len() > 64 { " ..." } else { "" };
    format!("[{}]{more}", shown.join(" "))
}

/// `w[var]` as an `ite` chain (the last letter for every index past the
/// others: the callers pass an index in range).
pub(crate) fn chain(var: &str, w: &[u32]) -> String {
    let mut term = w.last().copied().unwrap_or(0).to_string();
    for (i, letter) in w.iter().enumerate().rev().skip(1) {
        term = format!("(ite (= {var} {i}) {letter} {term})");
    }
    term
}

/// An SMT solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Solver {
    /// z3 (`z3 -smt2 -model -T:SEC -in < FILE`).
    Z3,
    /// cvc5 (`cvc5 --lang smt2 --dump-models --tlimit=MS < FILE`).
    Cvc5,
}

impl Solver {
    /// Both solvers.
    pub const ALL: [Solver; 2] = [Solver::Z3, Solver::Cvc5];

    /// The program run (found in `PATH`).
    pub fn program(self) -> &'static str {
        match self {
            Solver::Z3 => "z3",
            Solver::Cvc5 => "cvc5",
        }
    }

    /// The solver by name (`z3`, `cvc5`).
    pub fn parse(name: &str) -> Option<Solver> {
        match name {
            "z3" => Some(Solver::Z3),
            "cvc5" => Some(Solver::Cvc5),
            _ => None,
        }
    }

    /// The command that reads a query from standard input (the file is
    /// given as the child's standard input, not as an argument: z3 takes
    /// an argument with `=` for a parameter setting).
    fn command(self, timeout: Duration) -> Command {
        let mut command = Command::new(self.program());
        match self {
            Solver::Z3 => {
                let seconds = timeout.as_secs() + u64::from(timeout.subsec_nanos() > 0);
                command
                    .arg("-smt2")
                    .arg("-model")
                    .arg(format!("-T:{}", seconds.max(1)))
                    .arg("-in");
            }
            Solver::Cvc5 => {
                command
                    .arg("--lang")
                    .arg("smt2")
                    .arg("--dump-models")
                    .arg(format!("--tlimit={}", timeout.as_millis().max(1)));
            }
        }
        command
    }
}

impl fmt::Display for Solver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.program())
    }
}

/// A solver's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// `sat`, with the model's integer constants (name, value) in the
    /// solver's order.
    Sat(Vec<(String, i128)>),
    /// `unsat`.
    Unsat,
    /// `unknown`, or no answer within the time limit (`timeout`).
    Unknown(String),
}

impl Outcome {
    /// The answer as the solver printed it (`sat`, `unsat`, `unknown`).
    pub fn word(&self) -> &'static str {
        match self {
            Outcome::Sat(_) => "sat",
            Outcome::Unsat => "unsat",
            Outcome::Unknown(_) => "unknown",
        }
    }

    /// The value of a model's constant.
    pub fn value(&self, name: &str) -> Option<i128> {
        match self {
            Outcome::Sat(model) => model.iter().find(|(n, _)| n == name).map(|&(_, v)| v),
            _ => None,
        }
    }

    /// Whether the answer is the one expected.
    pub fn is(&self, expect: Expect) -> bool {
        matches!(
            (self, expect),
            (Outcome::Sat(_), Expect::Sat) | (Outcome::Unsat, Expect::Unsat)
        )
    }
}

/// One solver run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// The answer.
    pub outcome: Outcome,
    /// The wall-clock time of the child process.
    pub elapsed: Duration,
}

/// Why a solver gave no answer.
#[derive(Debug)]
pub enum RunError {
    /// The solver's program is not installed (not in `PATH`).
    Missing(Solver),
    /// Starting or waiting for the process failed.
    Io(String),
    /// The solver printed something other than an answer (an error).
    Solver(String),
}

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunError::Missing(s) => write!(
                f,
                "the solver `{}` is not installed (not found in PATH; Debian: apt-get install {})",
                s.program(),
                s.program()
            ),
            RunError::Io(m) => f.write_str(m),
            RunError::Solver(m) => write!(f, "the solver gave no answer: {m}"),
        }
    }
}

impl std::error::Error for RunError {}

/// The most output read from a solver (the rest is discarded).
pub const MAX_OUTPUT: usize = 1 << 16;

/// Time the child is given past `timeout` to stop by itself before it is
/// killed.
const GRACE: Duration = Duration::from_secs(5);

/// Whether the solver's program can be started (`--version`).
pub fn available(solver: Solver) -> Result<(), RunError> {
    let status = Command::new(solver.program())
        .arg("--version")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
    match status {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(RunError::Missing(solver)),
        Err(e) => Err(RunError::Io(format!("{}: {e}", solver.program()))),
    }
}

/// Runs `solver` on the SMT-LIB 2 file `file` with the time limit
/// `timeout` (passed to the solver, and enforced by killing the process
/// `GRACE` later, which counts as `unknown`).
pub fn run(solver: Solver, file: &Path, timeout: Duration) -> Result<Run, RunError> {
    let input =
        std::fs::File::open(file).map_err(|e| RunError::Io(format!("{}: {e}", file.display())))?;
    let started = Instant::now();
    let mut child = solver
        .command(timeout)
        .stdin(input)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| {
            if e.kind() == std::io::ErrorKind::NotFound {
                RunError::Missing(solver)
            } else {
                RunError::Io(format!("{}: {e}", solver.program()))
            }
        })?;
    let stdout = child.stdout.take().map(bounded_reader);
    let stderr = child.stderr.take().map(bounded_reader);
    let deadline = timeout + GRACE;
    let mut killed = false;
    loop {
        match child.try_wait() {
            Ok(Some(_)) => break,
            Ok(None) if started.elapsed() > deadline => {
                let _ = child.kill();
                let _ = child.wait();
                killed = true;
                break;
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(e) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(RunError::Io(format!("{}: {e}", solver.program())));
            }
        }
    }
    let elapsed = started.elapsed();
    let stdout = stdout
        .map(|h| h.join().unwrap_or_default())
        .unwrap_or_default();
    let stderr = stderr
        .map(|h| h.join().unwrap_or_default())
        .unwrap_or_default();
    if killed {
        return Ok(Run {
            outcome: Outcome::Unknown(format!("killed after {} s", deadline.as_secs())),
            elapsed,
        });
    }
    let outcome = parse_answer(&stdout).ok_or_else(|| {
        let said = if stdout.trim().is_empty() {
            &stderr
        } else {
            &stdout
        };
        RunError::Solver(crate::moves::clip(said.trim(), 300))
    })?;
    Ok(Run { outcome, elapsed })
}

/// Reads at most [`MAX_OUTPUT`] bytes of a pipe in a thread, discarding
/// the rest (so that the child never blocks on a full pipe).
fn bounded_reader<R: Read + Send + 'static>(mut pipe: R) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut kept = Vec::new();
        let mut buffer = [0u8; 8192];
        loop {
            match pipe.read(&mut buffer) {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    let room = MAX_OUTPUT.saturating_sub(kept.len());
                    kept.extend_from_slice(&buffer[..n.min(room)]);
                }
            }
        }
        String::from_utf8_lossy(&kept).into_owned()
    })
}

/// The answer in a solver's output: its first non-empty line, `sat`
/// (then the model printed after it), `unsat`, `unknown` or `timeout`.
pub fn parse_answer(stdout: &str) -> Option<Outcome> {
    let mut lines = stdout.lines().map(str::trim).filter(|l| !l.is_empty());
    let first = lines.next()?;
    match first {
        "sat" => {
            let rest: Vec<&str> = lines.collect();
            Some(Outcome::Sat(parse_model(&rest.join(" "))))
        }
        "unsat" => Some(Outcome::Unsat),
        "unknown" => {
            let rest: Vec<&str> = lines.collect();
            Some(Outcome::Unknown(crate::moves::clip(&rest.join(" "), 200)))
        }
        "timeout" => Some(Outcome::Unknown("timeout".into())),
        _ => None,
    }
}

/// The integer constants of a model printed as `(define-fun NAME () Int
/// VALUE)` items (VALUE a numeral or `(- numeral)`); others are skipped.
pub fn parse_model(text: &str) -> Vec<(String, i128)> {
    let spaced = text.replace('(', " ( ").replace(')', " ) ");
    let tokens: Vec<&str> = spaced.split_whitespace().collect();
    let mut model = Vec::new();
    let mut i = 0;
    while i + 5 < tokens.len() {
        if tokens[i] == "define-fun"
            && tokens[i + 2] == "("
            && tokens[i + 3] == ")"
            && tokens[i + 4] == "Int"
        {
            let name = tokens[i + 1].to_string();
            let value = match tokens[i + 5] {
                "(" if tokens.get(i + 6) == Some(&"-") => tokens
                    .get(i + 7)
                    .and_then(|n| n.parse::<i128>().ok())
                    .map(|n| -n),
                n => n.parse::<i128>().ok(),
            };
            if let Some(value) = value {
                model.push((name, value));
            }
        }
        i += 1;
    }
    model
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_and_models() {
        assert_eq!(parse_answer("unsat\n"), Some(Outcome::Unsat));
        assert_eq!(
            parse_answer(
                "sat\n(\n  (define-fun k () Int\n    2)\n  (define-fun x () Int (- 3))\n)\n"
            ),
            Some(Outcome::Sat(vec![("k".into(), 2), ("x".into(), -3)]))
        );
        assert!(matches!(
            parse_answer("timeout\n"),
            Some(Outcome::Unknown(_))
        ));
        assert_eq!(parse_answer("(error \"x\")\n"), None);
        assert_eq!(parse_answer(""), None);
    }

    #[test]
    fn chains_and_literals() {
        assert_eq!(chain("r", &[0, 1, 2]), "(ite (= r 0) 0 (ite (= r 1) 1 2))");
        assert_eq!(chain("r", &[5]), "5");
        assert_eq!(int(-3), "(- 3)");
        assert_eq!(int(4), "4");
    }
}
