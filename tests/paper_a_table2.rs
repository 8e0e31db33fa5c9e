//! Paper A, Table 2: the known case a = 1, every row (conditions, n-th
//! P-position, Grundy word, least period) against naive mex, and
//! Remark 35's example.

mod paper_a_common;

use nimcert::engine::solve;
use nimcert::subtraction::table2::{
    a1_additive_printed, conditions, grundy_word_printed, period_printed, table2_row, w3_printed,
};
use nimcert::subtraction::{triples, Triple};
use paper_a_common::{naive, naive_pure_least_period, triple_with, zeros};
use proptest::prelude::*;

fn check_row(t: &Triple, row: u8) -> Result<(), TestCaseError> {
    let p = period_printed(t, row);
    let g = naive(&[t.a, t.b, t.c], 2 * p + t.c);
    prop_assert!(
        naive_pure_least_period(&g, p, t.c).is_ok(),
        "{} row {}",
        t,
        row
    );
    let word = grundy_word_printed(t, row);
    prop_assert_eq!(word.len() as u64, p, "{} row {}: word length", t, row);
    prop_assert_eq!(&g[..p as usize], &word[..], "{} row {}: word", t, row);
    for (n, &w) in zeros(&g[..2 * p as usize]).iter().enumerate() {
        prop_assert_eq!(
            w3_printed(t, row, n as u64),
            w,
            "{} row {}: w_3({})",
            t,
            row,
            n
        );
    }
    Ok(())
}

macro_rules! row_test {
    ($name:ident, $row:literal, $b_max:literal, $k_max:literal) => {
        proptest! {
            #![proptest_config(ProptestConfig::with_cases(2000))]
            #[test]
            fn $name(t in triple_with(1..=1, $b_max, $k_max, |t| conditions(t, $row))) {
                check_row(&t, $row)?;
            }
        }
    };
}

row_test!(a_table2_row1_matches_mex, 1, 60, 6);
row_test!(a_table2_row2_matches_mex, 2, 60, 6);
row_test!(a_table2_row3_matches_mex, 3, 60, 6);
row_test!(a_table2_row4_matches_mex, 4, 60, 6);
row_test!(a_table2_row5_matches_mex, 5, 60, 6);
row_test!(a_table2_row6_matches_mex, 6, 60, 6);
row_test!(a_table2_row7_matches_mex, 7, 2, 66);

/// Every purely periodic {1, b, c} with b ≤ 40, c ≤ 120 lies in a row, and
/// every row's prediction holds there.
#[test]
fn a_table2_complete_exhaustive() {
    for t in triples(1..=1, 1..=40, 1..=120) {
        let game = solve(&t.moves(), 1 << 24).unwrap();
        match table2_row(&t) {
            None => assert!(game.qp.preperiod > 0, "{t} purely periodic, no row"),
            Some(row) => {
                assert_eq!(
                    (game.qp.preperiod, game.qp.period),
                    (0, period_printed(&t, row)),
                    "{t} row {row}"
                );
                assert_eq!(game.values, grundy_word_printed(&t, row), "{t} row {row}");
            }
        }
    }
}

proptest! {

    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn a_table2_a1_additive_formula_matches_mex(b in 2u64..=60) {
        let (_, p) = a1_additive_printed(b, 0);
        let g = naive(&[1, b, b + 1], 2 * p + b + 1);
        prop_assert!(naive_pure_least_period(&g, p, b + 1).is_ok());
        for (n, &w) in zeros(&g[..2 * p as usize]).iter().enumerate() {
            prop_assert_eq!(a1_additive_printed(b, n as u64).0, w);
        }
    }
}

/// Remark 35 (published example): {1, 3, 5} has ρ = 1 ∈ I = {1, 3}, yet
/// G_S(x) = x mod 2 with least period 2, not a + b = 4.
#[test]
fn a_remark35_example_1_3_5() {
    let t = Triple::new(1, 3, 5).unwrap();
    assert_eq!(nimcert::subtraction::lemmas::i_def(&t.base()), [1, 3]);
    let g = naive(&[1, 3, 5], 40);
    assert!(naive_pure_least_period(&g, 2, 5).is_ok());
    assert!((0..40).all(|x| g[x as usize] == (x % 2) as u16));
}
