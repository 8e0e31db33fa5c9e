//! Paper A §3: the sieve T_P (Def. 15, Prop. 18), Theorem 23, the block
//! reading of Theorem 31 and the generators of every Table 1 row, against
//! naive mex. Rows 5–7's list v is derived here (lost in our copy) and is
//! tested exhaustively on the paper's finite-check range.

mod paper_a_common;

use nimcert::engine::solve;
use nimcert::subtraction::angles::admissible;
use nimcert::subtraction::sieve::{
    band, derived_v, prop18_block, t_block, table1_conditions, table1_generator, thm23_in_w0,
    thm31_block,
};
use nimcert::subtraction::{primitive_non_additive, Triple};
use paper_a_common::{any_triple, naive, naive_pure_least_period, triple_with, zeros};
use proptest::prelude::*;

fn standing(t: &Triple) -> bool {
    t.a >= 2 && t.is_primitive() && !t.is_additive()
}

/// A Table 1 row's conditions hold: w_3 lists the naive P-positions and the
/// naive sequence is purely periodic with the printed least period.
fn check_row(t: &Triple, row: u8) -> Result<(), TestCaseError> {
    let gen = table1_generator(t, row);
    let p = gen.period;
    let g = naive(&[t.a, t.b, t.c], 2 * p + t.c);
    prop_assert!(
        naive_pure_least_period(&g, p, t.c).is_ok(),
        "{} row {}",
        t,
        row
    );
    let z = zeros(&g[..2 * p as usize]);
    prop_assert_eq!(z.len() as u64, 2 * gen.count, "{} row {}: M", t, row);
    for (n, &w) in z.iter().enumerate() {
        prop_assert_eq!(gen.w3(n as u64), w as i64, "{} row {}: w_3({})", t, row, n);
    }
    Ok(())
}

macro_rules! row_test {
    ($name:ident, $row:literal) => {
        proptest! {
            #![proptest_config(ProptestConfig::with_cases(2000))]
            #[test]
            fn $name(t in triple_with(2..=12, 60, 4, |t| table1_conditions(t, $row))) {
                check_row(&t, $row)?;
            }
        }
    };
}

row_test!(a_table1_row1_inert_w3_matches_mex, 1);
row_test!(a_table1_row2_w3_matches_mex, 2);
row_test!(a_table1_row3_w3_matches_mex, 3);
row_test!(a_table1_row4_w3_matches_mex, 4);
row_test!(a_table1_row5_derived_v_matches_mex, 5);
row_test!(a_table1_row6_derived_v_matches_mex, 6);
row_test!(a_table1_row7_derived_v_matches_mex, 7);

proptest! {

    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn a_prop18_sieve_block_is_w0b_on_j_p(t in any_triple(2..=12, 60, 200)) {
        for p in [t.c + t.a, t.c + t.b] {
            prop_assert_eq!(Some(t_block(&t, p)), prop18_block(&t, p));
        }
    }

    #[test]
    /// Theorem 23's proof "does not use primitivity or a ≥ 2": tested on
    /// every non-additive triple, a = 1 and any gcd included.
    fn a_thm23_admissible_p_set_matches_mex(t in any_triple(1..=12, 60, 200), g in 1u64..=3) {
        prop_assume!(!t.is_additive());
        let t = Triple::new(g * t.a, g * t.b, g * t.c).unwrap();
        let adm = admissible(&t.base(), t.rho());
        let flags = [adm.a_plus_b, adm.c_plus_a, adm.c_plus_b];
        for (ok, p) in flags.into_iter().zip(t.candidates()) {
            if ok {
                let len = 2 * p + 2 * t.c;
                let g = naive(&[t.a, t.b, t.c], len);
                for x in 0..len {
                    prop_assert_eq!(g[x as usize] == 0, thm23_in_w0(&t, p, x), "{} P = {} x = {}", t, p, x);
                }
            }
        }
    }

    #[test]
    fn a_thm31_block_reading_matches_mex(t in triple_with(2..=12, 60, 4, |t| {
        let adm = admissible(&t.base(), t.rho());
        standing(t) && !adm.a_plus_b && (adm.c_plus_a || adm.c_plus_b)
    })) {
        let adm = admissible(&t.base(), t.rho());
        let p = if adm.c_plus_a { t.c + t.a } else { t.c + t.b };
        let g = naive(&[t.a, t.b, t.c], p);
        prop_assert_eq!(zeros(&g), thm31_block(&t, p));
    }
}

/// Rows 5–7 (derived here): on every triple of the paper's finite-check
/// range that the rows cover, v lists T_{c+b} ∩ [0, c + b) and the engine's
/// P-positions of one period.
#[test]
fn a_table1_rows5to7_derived_v_exhaustive_finite_range() {
    let mut covered = 0;
    for t in primitive_non_additive(2..=8, 1..=40, 1..=100) {
        if !(5..=7).any(|row| table1_conditions(&t, row)) {
            continue;
        }
        covered += 1;
        let p = t.c + t.b;
        let v = derived_v(&t);
        assert_eq!(v, t_block(&t, p), "{t}: v ≠ T_(c+b)");
        assert_eq!(v, thm31_block(&t, p), "{t}: v ≠ Theorem 31's block");
        let band_points: Vec<u64> = band(&t).into_iter().map(|u| t.c + u).collect();
        assert!(band_points.iter().all(|x| v.contains(x)), "{t}: band");
        let game = solve(&t.moves(), 1 << 24).unwrap();
        assert_eq!((game.qp.preperiod, game.qp.period), (0, p), "{t}");
        assert_eq!(game.p_positions(), v, "{t}: engine P-positions");
    }
    assert!(covered > 0);
}

/// Every Table 1 row exhaustively on the finite-check range against the
/// engine (exact mex with cycle detection).
#[test]
fn a_table1_all_rows_exhaustive_finite_range() {
    for t in primitive_non_additive(2..=8, 1..=40, 1..=100) {
        for row in (1..=7).filter(|&r| table1_conditions(&t, r)) {
            let gen = table1_generator(&t, row);
            let game = solve(&t.moves(), 1 << 24).unwrap();
            assert_eq!(
                (game.qp.preperiod, game.qp.period),
                (0, gen.period),
                "{t} row {row}"
            );
            let block: Vec<i64> = game.p_positions().iter().map(|&x| x as i64).collect();
            assert_eq!(gen.block(), block, "{t} row {row}");
        }
    }
}

/// Table 1 row 2's proof (after Theorem 31): for b ≤ 2a and an admissible
/// c + a angle, a | N_c, M = N_c, and e = (c + a) − (a + b)N_c/a equals a
/// for ρ = 0 and ρ − b for ρ ≥ b.
#[test]
fn a_table1_row2_e_and_m_as_printed_exhaustive() {
    for t in primitive_non_additive(2..=12, 1..=60, 1..=200) {
        if !table1_conditions(&t, 2) {
            continue;
        }
        let (a, m, rho) = (t.a, t.m(), t.rho());
        let nc = nimcert::subtraction::sieve::n_c(&t);
        assert_eq!(nc % a, 0, "{t}");
        let gen = table1_generator(&t, 2);
        assert_eq!(gen.count, nc, "{t}: M = N_c");
        let e = (t.c + a) as i64 - (m * nc / a) as i64;
        let printed = if rho == 0 {
            a as i64
        } else {
            rho as i64 - t.b as i64
        };
        assert_eq!(e, printed, "{t}: e");
    }
}
