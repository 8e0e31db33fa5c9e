//! Paper A §5: the L-function of Theorem 42 rebuilds the whole
//! nim-sequence from W0; Corollaries 43, 44, 49, Lemma 47, Prop. 48;
//! §6: Prop. 55 and Remark 53.

mod paper_a_common;

use nimcert::moves::gcd;
use nimcert::subtraction::angles::{admissible, in_theta_ab};
use nimcert::subtraction::lemmas::i_def;
use nimcert::subtraction::values::{
    cor44_violation, cor49_holds, cyclic_least_period, l_values, lemma40_violation,
    lemma41_violation, lemma47_periods, Classes,
};
use nimcert::subtraction::Triple;
use paper_a_common::{naive, naive_pure_least_period, triple_with};
use proptest::prelude::*;

fn covered(t: &Triple) -> bool {
    let standing = t.a >= 2 && t.is_primitive();
    standing && (t.is_additive() || admissible(&t.base(), t.rho()).any())
}

fn covered_period(t: &Triple) -> u64 {
    if t.is_additive() {
        nimcert::subtraction::additive::Additive::new(t.a, t.b).period_thm36()
    } else {
        admissible(&t.base(), t.rho())
            .least_candidate(t.candidates())
            .unwrap()
    }
}

proptest! {

    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn a_thm42_l_function_rebuilds_values_matches_mex(t in triple_with(2..=12, 60, 4, covered)) {
        let p = covered_period(&t);
        let g = naive(&[t.a, t.b, t.c], 2 * p + t.c);
        let rebuilt = l_values(|x| g[x as usize] == 0, t.a, p);
        prop_assert_eq!(&rebuilt[..], &g[..p as usize], "{}", t);
    }

    #[test]
    fn a_lemma40_and_lemma41_seam_structure_matches_mex(t in triple_with(2..=12, 60, 4, |t| covered(t) && !t.is_additive())) {
        let p = covered_period(&t);
        let g = naive(&[t.a, t.b, t.c], p);
        let w0: Vec<bool> = g.iter().map(|&v| v == 0).collect();
        let classes = Classes { w0: &w0, a: t.a };
        prop_assert_eq!(lemma40_violation(&t, &classes), None, "{}", t);
        prop_assert_eq!(lemma41_violation(&t, &classes), None, "{}", t);
    }

    #[test]
    fn a_cor43_covered_is_p_periodic_from_zero(t in triple_with(2..=12, 60, 4, covered)) {
        let p = covered_period(&t);
        let g = naive(&[t.a, t.b, t.c], 2 * p + t.c);
        prop_assert!((0..(p + t.c) as usize).all(|x| g[x] == g[x + p as usize]), "{}", t);
    }

    #[test]
    fn a_cor44_value_three_only_in_the_seam(t in triple_with(2..=12, 60, 4, |t| covered(t) && !t.is_additive())) {
        let p = covered_period(&t);
        let g = naive(&[t.a, t.b, t.c], p);
        prop_assert_eq!(cor44_violation(&g, t.c), None, "{}", t);
    }

    #[test]
    fn a_lemma47_and_prop48_least_periods_match_mex(t in triple_with(2..=12, 60, 4, covered)) {
        let p = covered_period(&t);
        let g = naive(&[t.a, t.b, t.c], 2 * p + t.c);
        prop_assert!(naive_pure_least_period(&g, p, t.c).is_ok(), "{}", t);
        let (pg, pw) = lemma47_periods(&g[..p as usize]);
        prop_assert_eq!((pg, pw), (p, p), "{}", t);
    }

    #[test]
    fn a_cor49_non_inert_angle_in_at_most_one_theta(
        (a, b, rho) in (2u64..=12)
            .prop_flat_map(|a| (Just(a), a + 1..=60))
            .prop_flat_map(|(a, b)| (Just(a), Just(b), 0..a + b))
    ) {
        let base = nimcert::subtraction::Base::new(a, b);
        prop_assert!(cor49_holds(&admissible(&base, rho)));
    }

    #[test]
    fn a_prop55_short_period_iff_inert_matches_mex(t in triple_with(2..=12, 60, 6, |t| {
        t.is_primitive() && t.c >= 2 * t.m()
    })) {
        let m = t.m();
        let len = 4 * m + 2 * t.c + 2 * (t.c + t.b);
        let g = naive(&[t.a, t.b, t.c], len);
        let short = (1..=m).find(|&p| naive_pure_least_period(&g, p, t.c).is_ok());
        let inert = in_theta_ab(&t.base(), t.rho());
        prop_assert_eq!(short.is_some(), inert, "{}", t);
        if let Some(p) = short {
            let base = t.base();
            prop_assert!((0..len).all(|x| (g[x as usize] == 0) == base.in_w0(x)));
            prop_assert_eq!(p, cyclic_least_period(&base.value_word()));
        }
    }
}

/// Remark 53 (published example): S = {2, 14, c}, c ≡ 2 (mod 4): ρ ∈ I =
/// {2, 6, 10, 14}, yet G_S(x) = ⌊x/2⌋ mod 2 with least period 4.
#[test]
fn a_remark53_non_primitive_2_14_c() {
    for c in (18..=200u64).filter(|c| c % 4 == 2) {
        let t = Triple::new(2, 14, c).unwrap();
        assert_eq!(i_def(&t.base()), [2, 6, 10, 14]);
        assert!(in_theta_ab(&t.base(), t.rho()));
        assert_eq!(gcd(2, c), 2);
        let g = naive(&[2, 14, c], 8 + c + 8);
        assert!(naive_pure_least_period(&g, 4, c).is_ok(), "c = {c}");
        assert!((0..8).all(|x| g[x as usize] == ((x / 2) % 2) as u16));
    }
}
