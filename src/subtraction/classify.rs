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
use super::lemmas::{dilate_positions, dilate_word, reduce};
use super::sieve::{table1_generator, table1_row, thm34_prediction};
use super::table2::{self, table2_row};
use super::values::l_values;
use super::{Source, Triple};
use crate::engine::{Periodicity, Value};

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

impl Cover {
    /// The statement id, e.g. `A.Table1.row2`, `A.Thm36`, `A.Table2.row4`;
    /// `None` when uncovered.
    pub fn id(&self) -> Option<String> {
        match self {
            Cover::Table2Row(k) => Some(format!("A.Table2.row{k}")),
            Cover::Additive => Some("A.Thm36".to_string()),
            Cover::Table1Row(k) => Some(format!("A.Table1.row{k}")),
            Cover::Thm34 => Some("A.Thm34".to_string()),
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

/// Classifies three distinct positive moves in any order; `None` if they
/// are not three distinct positive integers.
pub fn classify(moves: &[u64]) -> Option<Classification> {
    let mut sorted = moves.to_vec();
    sorted.sort_unstable();
    let [a, b, c] = <[u64; 3]>::try_from(sorted).ok()?;
    Triple::new(a, b, c)?;
    let (g, reduced) = reduce(&[a, b, c]);
    let t = Triple::new(reduced[0], reduced[1], reduced[2])?;
    let tests = admissible(&t.base(), t.rho());
    let (cover, prediction) = cover_of(&t, &tests);
    Some(Classification {
        g,
        reduced: t,
        rho: t.rho(),
        winding: t.winding(),
        admissible: tests,
        cover,
        prediction: prediction.map(|p| dilate(p, g)),
    })
}

/// The covering statement of a primitive triple and its prediction.
fn cover_of(t: &Triple, tests: &Admissible) -> (Cover, Option<Prediction>) {
    if t.a == 1 {
        return match table2_row(t) {
            Some(row) => (Cover::Table2Row(row), Some(table2_prediction(t, row))),
            None => (Cover::Uncovered, None),
        };
    }
    if let Some(row) = table1_row(t) {
        let cover = if row == 8 {
            Cover::Additive
        } else {
            Cover::Table1Row(row)
        };
        return (cover, Some(table1_prediction(t, row, &cover)));
    }
    match thm34_prediction(t, tests) {
        Some((p, block)) => {
            let values = l_values_of_block(&block, t.a, p);
            let prediction = Prediction {
                statement: "A.Thm34".to_string(),
                source: Source::Quoted,
                period: p,
                p_positions: block,
                values,
                parameters: vec![("P", p as i64), ("rho", t.rho() as i64)],
            };
            (Cover::Thm34, Some(prediction))
        }
        None => (Cover::Uncovered, None),
    }
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
