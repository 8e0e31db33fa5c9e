//! Paper A: H. Manabe, *Purely Periodic Three-move Subtraction Games*
//! (arXiv 2609.05358), every checkable statement in the paper's notation.
//!
//! Notation (PAPERS.md): S = {a, b, c}, 0 < a < b < c; B = {a, b};
//! m = a + b; δ = b − a = ηa + ε with 0 ≤ ε < a; ρ = c mod m (the angle);
//! K = ⌊c/m⌋ (the winding number); Z = W0(B) mod m; N = C_a(b) = #Z.
//!
//! - [`base`]: the two-move game B (Prop. 7, Remarks 8–9);
//! - [`lemmas`]: dilation (Lemma 5), Ferguson pairing (Lemma 10), Lemma 11,
//!   avoidance (Lemma 12), floor identity (Lemma 13), the set I (Lemma 14);
//! - [`angles`]: the admissible sets Θ_{a+b}, Θ_{c+a}, Θ_{c+b}, from the
//!   definitions and from the closed forms, and Prop. 29's difference sets;
//! - [`sieve`]: T_P (Def. 15, Prop. 18), Theorem 23, Theorem 31's block
//!   reading and the generators of every Table 1 row;
//! - [`additive`]: c = a + b (Theorem 36, Remark 38, Corollary 46);
//! - [`table2`]: a = 1 (Table 2);
//! - [`values`]: the L-function (Theorem 42) and §5's corollaries;
//! - [`mod@classify`]: which statement covers a triple and what it predicts;
//! - [`claims`]: the audit registry entries of paper A;
//! - [`sweep`]: the finite check of §6, generalised (a client of
//!   [`crate::campaign`]).
//!
//! Where our copy of the paper lost a formula, the reconstruction is marked
//! "derived here" in its doc comment and carries [`Source::Derived`].

pub mod additive;
pub mod angles;
pub mod base;
pub mod claims;
pub mod classification;
pub mod classify;
pub mod family;
pub mod lemmas;
pub mod preperiodic;
pub mod sieve;
pub mod sweep;
pub mod table2;
pub mod values;

pub use base::Base;
pub use classify::{classify, Classification, Cover, Prediction};
pub use nimcert_check::format::Source;

use crate::moves::{gcd, MoveSet};

/// A three-move set S = {a, b, c} with 0 < a < b < c.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Triple {
    /// The least move a.
    pub a: u64,
    /// The middle move b.
    pub b: u64,
    /// The largest move c.
    pub c: u64,
}

impl Triple {
    /// S = {a, b, c}; `None` unless 0 < a < b < c.
    pub fn new(a: u64, b: u64, c: u64) -> Option<Self> {
        (0 < a && a < b && b < c).then_some(Triple { a, b, c })
    }

    /// The base game B = {a, b}.
    pub fn base(&self) -> Base {
        Base::new(self.a, self.b)
    }

    /// m = a + b, the base period.
    pub fn m(&self) -> u64 {
        self.a + self.b
    }

    /// ρ = c mod (a + b), the angle (§3).
    pub fn rho(&self) -> u64 {
        self.c % self.m()
    }

    /// K = ⌊c/(a + b)⌋, the winding number (§3).
    pub fn winding(&self) -> u64 {
        self.c / self.m()
    }

    /// c = a + b: the additive case (§4).
    pub fn is_additive(&self) -> bool {
        self.c == self.a + self.b
    }

    /// gcd(a, b, c) = 1.
    pub fn is_primitive(&self) -> bool {
        gcd(gcd(self.a, self.b), self.c) == 1
    }

    /// The move set.
    pub fn moves(&self) -> MoveSet {
        MoveSet::new(&[self.a, self.b, self.c]).expect("0 < a < b < c")
    }

    /// The candidate periods a + b < c + a < c + b (§3).
    pub fn candidates(&self) -> [u64; 3] {
        [self.a + self.b, self.c + self.a, self.c + self.b]
    }
}

impl std::fmt::Display for Triple {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{{{},{},{}}}", self.a, self.b, self.c)
    }
}

/// The primitive non-additive triples with a in `a`, a < b in `b`,
/// b < c in `c`, in increasing (a, b, c) order: the range of the paper's
/// finite check (§6) when given 2..=8, ..=40, ..=100.
pub fn primitive_non_additive(
    a: std::ops::RangeInclusive<u64>,
    b: std::ops::RangeInclusive<u64>,
    c: std::ops::RangeInclusive<u64>,
) -> impl Iterator<Item = Triple> {
    triples(a, b, c).filter(|t| t.is_primitive() && !t.is_additive())
}

/// All triples a < b < c with a, b, c in the given ranges, increasing.
pub fn triples(
    a: std::ops::RangeInclusive<u64>,
    b: std::ops::RangeInclusive<u64>,
    c: std::ops::RangeInclusive<u64>,
) -> impl Iterator<Item = Triple> {
    a.flat_map(move |a| {
        let c = c.clone();
        b.clone().filter(move |&b| b > a).flat_map(move |b| {
            c.clone()
                .filter(move |&c| c > b)
                .map(move |c| Triple { a, b, c })
        })
    })
}
