//! Which statement of paper A covers a three-move game, and what it
//! predicts (pure periodicity, least period, P-positions of one period,
//! the whole value word).
//!
//! Any three distinct moves in any order: reduce by g = gcd (Lemma 5) to
//! S' = {a', b', c'}; then a' = 1 → Table 2; c' = a' + b' → Theorem 36;
//! otherwise the Table 1 row whose printed conditions hold; otherwise an
//! admissible angle by the definitions (Theorem 34 with Theorem 23's T_P);
//! otherwise uncovered. The prediction for S' is dilated back by Lemma 5.

use super::angles::{admissible, Admissible};
use super::lemmas::{dilate_positions, dilate_word};
use super::sieve::{table1_generator, table1_period, table1_row, thm34_prediction};
use super::table2::{self, table2_row};
use super::values::l_values;
use super::{Base, Source, Triple};
use crate::engine::{Periodicity, Value};
use crate::moves::gcd;

/// The covering statement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cover {
    /// Table 2 row k (a' = 1).
    Table2Row(u8),
    /// Theorem 36 (additive, c' = a' + b').
    Additive,
    /// Table 1 row k (row 1 is the inert case).
    Table1Row(u8),
    /// An admissible angle that no Table 1 row lists: Theorem 34 with
    /// Theorem 23.
    Thm34,
    /// No statement of the paper covers the game.
    Uncovered,
}

/// The statement ids of Table 1's rows 1–7 (the non-additive rows).
pub(crate) const TABLE1_IDS: [&str; 7] = [
    "A.Table1.row1",
    "A.Table1.row2",
    "A.Table1.row3",
    "A.Table1.row4",
    "A.Table1.row5",
    "A.Table1.row6",
    "A.Table1.row7",
];
/// The registry ids of Table 2's rows (also the audit's claim ids).
pub(crate) const TABLE2_IDS: [&str; 7] = [
    "A.Table2.row1",
    "A.Table2.row2",
    "A.Table2.row3",
    "A.Table2.row4",
    "A.Table2.row5",
    "A.Table2.row6",
    "A.Table2.row7",
];

impl Cover {
    /// The statement id, e.g. `A.Table1.row2`, `A.Thm36`, `A.Table2.row4`;
    /// `None` when uncovered.
    pub fn id(&self) -> Option<String> {
        self.statement().map(str::to_string)
    }

    /// [`Cover::id`] without allocating.
    pub fn statement(&self) -> Option<&'static str> {
        let row = |ids: &[&'static str; 7], k: u8| ids.get(usize::from(k).wrapping_sub(1)).copied();
        match *self {
            Cover::Table2Row(k) => row(&TABLE2_IDS, k),
            Cover::Additive => Some("A.Thm36"),
            Cover::Table1Row(k) => row(&TABLE1_IDS, k),
            Cover::Thm34 => Some("A.Thm34"),
            Cover::Uncovered => None,
        }
    }

    /// A phrase for people.
    pub fn describe(&self) -> String {
        match self {
            Cover::Table2Row(k) => format!("Table 2 row {k} (a = 1)"),
            Cover::Additive => "Theorem 36 (additive, c = a + b)".to_string(),
            Cover::Table1Row(1) => "Table 1 row 1 (inert, Prop. 25)".to_string(),
            Cover::Table1Row(k @ 2..=3) => format!("Table 1 row {k} (period c + a)"),
            Cover::Table1Row(k) => format!("Table 1 row {k} (period c + b)"),
            Cover::Thm34 => "Theorem 34 with Theorem 23 (admissible, no Table 1 row)".to_string(),
            Cover::Uncovered => "uncovered".to_string(),
        }
    }
}

/// What the covering statement predicts for the game as given (after
/// dilation back by Lemma 5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prediction {
    /// The statement id.
    pub statement: String,
    /// Quoted, or derived here.
    pub source: Source,
    /// The predicted least period p (pre-period 0).
    pub period: u64,
    /// The predicted P-positions in [0, p).
    pub p_positions: Vec<u64>,
    /// The predicted values on [0, p).
    pub values: Vec<Value>,
    /// The parameters the formula used, by name (g first).
    pub parameters: Vec<(&'static str, i64)>,
}

impl Prediction {
    /// The engine agrees: q = 0, the same least period, the same values.
    pub fn agrees_with(&self, game: &Periodicity) -> bool {
        game.qp.preperiod == 0 && game.qp.period == self.period && game.values == self.values
    }
}

/// The classification of a three-move game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Classification {
    /// g = gcd(a, b, c).
    pub g: u64,
    /// S' = S/g.
    pub reduced: Triple,
    /// ρ = c' mod (a' + b').
    pub rho: u64,
    /// K = ⌊c'/(a' + b')⌋.
    pub winding: u64,
    /// Prop. 20's tests at ρ for the base {a', b'} (definitions).
    pub admissible: Admissible,
    /// The covering statement.
    pub cover: Cover,
    /// Its prediction; `None` when uncovered.
    pub prediction: Option<Prediction>,
}

/// What the sweep needs of a classification, without allocating: the
/// reduced triple, the angle tests, the covering statement and its
/// predicted least period (pre-period 0). The P-positions and values are
/// built only when asked ([`Outline::prediction`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outline {
    /// g = gcd(a, b, c).
    pub g: u64,
    /// S' = S/g.
    pub reduced: Triple,
    /// Prop. 20's tests at ρ = c' mod (a' + b') for the base {a', b'}
    /// (definitions).
    pub admissible: Admissible,
    /// The covering statement.
    pub cover: Cover,
    /// The predicted least period of S (dilated by g); `None` when
    /// uncovered.
    pub period: Option<u64>,
}

impl Outline {
    /// The least admissible candidate of S' among a' + b' < c' + a' <
    /// c' + b' (Theorem 34), if any, dilated by g.
    pub fn least_admissible(&self) -> Option<u64> {
        let p = self.admissible.least_candidate(self.reduced.candidates())?;
        Some(self.g * p)
    }

    /// The covering statement's whole prediction (P-positions and values
    /// of one period, parameters), dilated back by Lemma 5; `None` when
    /// uncovered.
    pub fn prediction(&self) -> Option<Prediction> {
        let t = &self.reduced;
        let prediction = match self.cover {
            Cover::Table2Row(row) => table2_prediction(t, row),
            Cover::Table1Row(row) => table1_prediction(t, row, &self.cover),
            Cover::Additive => table1_prediction(t, 8, &self.cover),
            Cover::Thm34 => {
                let (p, block) = thm34_prediction(t, &self.admissible)?;
                let values = l_values_of_block(&block, t.a, p);
                Prediction {
                    statement: "A.Thm34".to_string(),
                    source: Source::Quoted,
                    period: p,
                    p_positions: block,
                    values,
                    parameters: vec![("P", p as i64), ("rho", t.rho() as i64)],
                }
            }
            Cover::Uncovered => return None,
        };
        Some(dilate(prediction, self.g))
    }
}

/// Three distinct positive moves in any order, sorted; `None` otherwise.
fn sorted_triple(moves: &[u64]) -> Option<[u64; 3]> {
    let mut sorted: [u64; 3] = moves.try_into().ok()?;
    sorted.sort_unstable();
    Triple::new(sorted[0], sorted[1], sorted[2]).map(|_| sorted)
}

/// The reduction S = g·S' of Lemma 5, for three sorted moves.
fn reduced_triple([a, b, c]: [u64; 3]) -> (u64, Triple) {
    let g = gcd(gcd(a, b), c);
    let t = Triple::new(a / g, b / g, c / g).expect("a sorted triple stays sorted");
    (g, t)
}

/// The outline of three distinct positive moves in any order; `None` if
/// they are not three distinct positive integers. The angle tests are
/// computed from their definitions at this one angle.
pub fn outline(moves: &[u64]) -> Option<Outline> {
    let (g, t) = reduced_triple(sorted_triple(moves)?);
    let tests = admissible(&t.base(), t.rho());
    Some(outline_of(g, t, tests))
}

/// The outline from the reduction and the angle tests: every statement's
/// conditions and period formula are O(1).
fn outline_of(g: u64, t: Triple, tests: Admissible) -> Outline {
    let (cover, period) = cover_and_period(&t, &tests);
    Outline {
        g,
        reduced: t,
        admissible: tests,
        cover,
        period: period.map(|p| g * p),
    }
}

/// The covering statement of a primitive triple and its printed least
/// period.
fn cover_and_period(t: &Triple, tests: &Admissible) -> (Cover, Option<u64>) {
    if t.a == 1 {
        return match table2_row(t) {
            Some(row) => (Cover::Table2Row(row), Some(table2::period_printed(t, row))),
            None => (Cover::Uncovered, None),
        };
    }
    if let Some(row) = table1_row(t) {
        let cover = if row == 8 {
            Cover::Additive
        } else {
            Cover::Table1Row(row)
        };
        return (cover, Some(table1_period(t, row)));
    }
    match tests.least_candidate(t.candidates()) {
        Some(p) => (Cover::Thm34, Some(p)),
        None => (Cover::Uncovered, None),
    }
}

/// Outlines for a run of triples, keeping the angle tests of the last base
/// {a', b'} as tables over every angle ρ ∈ [0, a' + b'), so that a sweep
/// over all c of one pair (a, b) pays for the tests once per pair and O(1)
/// per triple. The tables are the definitions of Prop. 20 in their
/// difference-set form (Lemma 12, as in `prop20_difference_forms`),
/// computed from the intervals of Z, D and Λ rather than point by point.
#[derive(Default)]
pub struct Classifier {
    base: Option<(u64, u64)>,
    tables: [Vec<bool>; 3],
    marks: Vec<i32>,
    forbidden: Vec<bool>,
}

impl Classifier {
    /// A classifier with no tables yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// [`outline`] with the tests looked up in the tables of the reduced
    /// base (built when the base changes).
    pub fn outline(&mut self, moves: &[u64]) -> Option<Outline> {
        let (g, t) = reduced_triple(sorted_triple(moves)?);
        if self.base != Some((t.a, t.b)) {
            self.build(&t.base());
        }
        let r = t.rho() as usize;
        let [ab, ca, cb] = &self.tables;
        let tests = Admissible {
            a_plus_b: ab[r],
            c_plus_a: ca[r],
            c_plus_b: cb[r],
        };
        Some(outline_of(g, t, tests))
    }

    /// The three tables for base B, each ρ ∈ [0, m) admissible unless it
    /// lies in the forbidden difference set: ρ ∈ Θ_{a+b} ⟺ ρ ∉ Z − Z;
    /// ρ ∈ Θ_{c+a} ⟺ δ − ρ ∉ A − Z with A = Z ∩ [0, δ);
    /// ρ ∈ Θ_{c+b} ⟺ ρ ∉ (Z − Λ) ∪ (Λ − D).
    fn build(&mut self, base: &Base) {
        let (a, b, m, delta) = (base.a, base.b, base.m(), base.delta());
        // Z: the even a-blocks below b; D = [a, b) \ Z: the odd ones;
        // Λ = [δ, b) \ Z = D ∩ [δ, b); A = Z ∩ [0, δ). Half-open intervals.
        let blocks = |parity: u64| -> Vec<(u64, u64)> {
            (0..b.div_ceil(a))
                .filter(|i| i % 2 == parity)
                .map(|i| (i * a, ((i + 1) * a).min(b)))
                .collect()
        };
        let clip = |set: &[(u64, u64)], lo: u64, hi: u64| -> Vec<(u64, u64)> {
            set.iter()
                .map(|&(s, e)| (s.max(lo), e.min(hi)))
                .filter(|(s, e)| s < e)
                .collect()
        };
        let (z, d) = (blocks(0), blocks(1));
        let (lambda, low) = (clip(&d, delta, b), clip(&z, 0, delta));
        let m_us = m as usize;
        let [ab, ca, cb] = &mut self.tables;
        self.forbidden.clear();
        self.forbidden.resize(m_us, false);
        difference(&mut self.marks, &mut self.forbidden, &z, &z, m);
        ab.clear();
        ab.extend(self.forbidden.iter().map(|&f| !f));
        self.forbidden.fill(false);
        difference(&mut self.marks, &mut self.forbidden, &low, &z, m);
        ca.clear();
        ca.extend((0..m).map(|r| !self.forbidden[((delta + m - r) % m) as usize]));
        self.forbidden.fill(false);
        difference(&mut self.marks, &mut self.forbidden, &z, &lambda, m);
        difference(&mut self.marks, &mut self.forbidden, &lambda, &d, m);
        cb.clear();
        cb.extend(self.forbidden.iter().map(|&f| !f));
        self.base = Some((a, b));
    }
}

/// Marks Y − X on Z/mZ in `out` (length m), for unions of half-open
/// intervals: the integer differences of [y0, y1) and [x0, x1) are exactly
/// [y0 − x1 + 1, y1 − 1 − x0] (proof of Lemma 12), added to the circle
/// through the difference array `marks`.
fn difference(marks: &mut Vec<i32>, out: &mut [bool], y: &[(u64, u64)], x: &[(u64, u64)], m: u64) {
    let m = m as i64;
    marks.clear();
    marks.resize(m as usize + 1, 0);
    for &(y0, y1) in y {
        for &(x0, x1) in x {
            let (lo, hi) = (y0 as i64 - x1 as i64 + 1, y1 as i64 - 1 - x0 as i64);
            if hi - lo + 1 >= m {
                // The whole circle.
                marks[0] += 1;
                marks[m as usize] -= 1;
                continue;
            }
            let (lo, hi) = (lo.rem_euclid(m) as usize, hi.rem_euclid(m) as usize);
            marks[lo] += 1;
            marks[hi + 1] -= 1;
            if lo > hi {
                // Wraps round: [lo, m) and [0, hi].
                marks[0] += 1;
                marks[m as usize] -= 1;
            }
        }
    }
    let mut depth = 0;
    for (r, o) in out.iter_mut().enumerate() {
        depth += marks[r];
        *o |= depth > 0;
    }
}

/// Classifies three distinct positive moves in any order; `None` if they
/// are not three distinct positive integers.
pub fn classify(moves: &[u64]) -> Option<Classification> {
    let outline = outline(moves)?;
    let t = outline.reduced;
    Some(Classification {
        g: outline.g,
        reduced: t,
        rho: t.rho(),
        winding: t.winding(),
        admissible: outline.admissible,
        cover: outline.cover,
        prediction: outline.prediction(),
    })
}

/// Table 1 (and Theorem 36 for row 8): the P-positions by the row's
/// generator, the values by the L-function (Theorem 42).
fn table1_prediction(t: &Triple, row: u8, cover: &Cover) -> Prediction {
    let gen = table1_generator(t, row);
    let p = gen.period;
    let mut block: Vec<u64> = gen
        .block()
        .into_iter()
        .filter(|&x| (0..p as i64).contains(&x))
        .map(|x| x as u64)
        .collect();
    block.sort_unstable();
    block.dedup();
    let values = l_values_of_block(&block, t.a, p);
    Prediction {
        statement: cover.id().expect("covered"),
        source: gen.source,
        period: p,
        p_positions: block,
        values,
        parameters: gen.parameters.clone(),
    }
}

/// Table 2: the printed Grundy word, least period and P-position formula.
fn table2_prediction(t: &Triple, row: u8) -> Prediction {
    let p = table2::period_printed(t, row);
    let word = table2::grundy_word_printed(t, row);
    let p_positions = (0..)
        .map(|n| table2::w3_printed(t, row, n))
        .take_while(|&x| x < p)
        .collect();
    // The word repeats from 0; one predicted period is its first p letters.
    let values = (0..p as usize).map(|i| word[i % word.len()]).collect();
    Prediction {
        statement: format!("A.Table2.row{row}"),
        source: Source::Quoted,
        period: p,
        p_positions,
        values,
        parameters: vec![("K", t.winding() as i64), ("rho", t.rho() as i64)],
    }
}

/// Theorem 42's values on [0, p) for the P-positions `block` (increasing,
/// inside [0, p)), with membership looked up in a table rather than by
/// searching the block at every position.
fn l_values_of_block(block: &[u64], a: u64, p: u64) -> Vec<Value> {
    let mut member = vec![false; p as usize];
    for &x in block {
        member[x as usize] = true;
    }
    l_values(|x| member[x as usize], a, p)
}

/// Lemma 5: the prediction for S' carried to S = g·S'.
fn dilate(mut p: Prediction, g: u64) -> Prediction {
    p.parameters.insert(0, ("g", g as i64));
    if g == 1 {
        return p;
    }
    p.period *= g;
    p.p_positions = dilate_positions(g, &p.p_positions);
    p.values = dilate_word(g, &p.values);
    p
}
