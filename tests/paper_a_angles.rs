//! Paper A §3, the admissible angles: Θ_{a+b}, Θ_{c+a}, Θ_{c+b} from the
//! definitions (Prop. 20 / Lemma 22) against the closed forms (Lemma 14,
//! Prop. 26, Theorem 27, Prop. 29, Theorem 30), and the definitions
//! against naive mex (Prop. 25, Theorem 34 at the angle level).

mod paper_a_common;

use nimcert::subtraction::angles::{
    admissible, in_theta_ab, in_theta_ca, in_theta_cb, lambda_minus_d_def, lambda_minus_d_derived,
    lemma24_angles, prop26_printed, theta_ab_printed, theta_ca_printed, theta_cb_from_forbidden,
    theta_cb_printed, theta_def, z_minus_lambda_def, z_minus_lambda_printed,
};
use nimcert::subtraction::base::Base;
use nimcert::subtraction::Triple;
use paper_a_common::{any_triple, naive, naive_pure_least_period};
use proptest::prelude::*;

fn bases() -> impl Iterator<Item = Base> {
    (2..=12u64).flat_map(|a| (a + 1..=80).map(move |b| Base::new(a, b)))
}

/// Example 1 of the paper (published figures): B = {3, 8}.
#[test]
fn a_example1_published_angle_sets() {
    let base = Base::new(3, 8);
    assert_eq!(theta_def(&base, in_theta_ab), [3, 8]);
    assert_eq!(theta_def(&base, in_theta_ca), [2, 8]);
    assert_eq!(theta_def(&base, in_theta_cb), [3, 4, 5, 9, 10]);
}

#[test]
fn a_lemma14_theta_ab_equals_i_exhaustive() {
    for base in bases() {
        assert_eq!(
            theta_def(&base, in_theta_ab),
            theta_ab_printed(&base),
            "{base:?}"
        );
    }
}

#[test]
fn a_lemma22_lambda_three_descriptions_agree_exhaustive() {
    for base in bases() {
        let def = base.lambda_def();
        assert_eq!(base.lambda_printed().collect::<Vec<_>>(), def, "{base:?}");
        assert_eq!(base.lambda_pairs(), def, "{base:?}");
    }
}

#[test]
fn a_lemma24_two_angles_in_theta_ca_exhaustive() {
    for base in bases() {
        for rho in lemma24_angles(&base) {
            assert!(in_theta_ca(&base, rho), "{base:?}, ρ = {rho}");
        }
    }
}

#[test]
fn a_prop26_theta_ca_for_b_at_most_2a_exhaustive() {
    for base in bases().filter(|b| b.b <= 2 * b.a) {
        assert_eq!(
            theta_def(&base, in_theta_ca),
            prop26_printed(&base),
            "{base:?}"
        );
    }
}

#[test]
fn a_thm27_theta_ca_closed_form_exhaustive() {
    for base in bases() {
        assert_eq!(
            theta_def(&base, in_theta_ca),
            theta_ca_printed(&base),
            "{base:?}"
        );
    }
}

/// Prop. 29's printed Z − Λ agrees with the definition exactly when a ∤ b;
/// for a | b (ε = 0) the printed arcs are wrong (audit finding A.Prop29;
/// its hypotheses are lost in our copy).
#[test]
fn a_prop29_z_minus_lambda_printed_holds_iff_a_does_not_divide_b() {
    for base in bases() {
        let agrees = z_minus_lambda_def(&base) == z_minus_lambda_printed(&base);
        assert_eq!(agrees, base.b % base.a != 0, "{base:?}");
    }
}

/// Λ − D (closed form derived here) equals the definition on every base.
#[test]
fn a_prop29_lambda_minus_d_derived_exhaustive() {
    for base in bases() {
        assert_eq!(
            lambda_minus_d_derived(&base),
            lambda_minus_d_def(&base),
            "{base:?}"
        );
    }
}

/// Θ_{c+b} is the complement of (Z − Λ) ∪ (Λ − D) where the printed Z − Λ
/// holds (a ∤ b).
#[test]
fn a_thm30_theta_cb_is_complement_of_forbidden_union() {
    for base in bases().filter(|b| b.b % b.a != 0) {
        assert_eq!(
            theta_cb_from_forbidden(&base),
            theta_def(&base, in_theta_cb),
            "{base:?}"
        );
    }
}

#[test]
fn a_thm30_theta_cb_closed_form_exhaustive() {
    for base in bases() {
        assert_eq!(
            theta_def(&base, in_theta_cb),
            theta_cb_printed(&base),
            "{base:?}"
        );
    }
}

proptest! {

    #![proptest_config(ProptestConfig::with_cases(2000))]
    /// Prop. 25 needs neither gcd = 1 nor a ≥ 2.
    #[test]
    fn a_prop25_inert_iff_w0_unchanged_matches_mex(t in any_triple(1..=12, 60, 200)) {
        let base = t.base();
        let len = 2 * (t.b + t.c) + t.c;
        let g = naive(&[t.a, t.b, t.c], len);
        let same_w0 = (0..len).all(|x| (g[x as usize] == 0) == base.in_w0(x));
        prop_assert_eq!(same_w0, in_theta_ab(&base, t.rho()));
        if same_w0 {
            for x in 0..len {
                prop_assert_eq!(g[x as usize], base.value(x), "x = {}", x);
            }
        }
    }

    #[test]
    fn a_thm34_admissible_angle_gives_least_candidate_matches_mex(t in any_triple(2..=12, 60, 200)) {
        prop_assume!(t.is_primitive() && !t.is_additive());
        let adm = admissible(&t.base(), t.rho());
        if let Some(p) = adm.least_candidate(t.candidates()) {
            let g = naive(&[t.a, t.b, t.c], 2 * p + t.c);
            prop_assert!(naive_pure_least_period(&g, p, t.c).is_ok(), "{} p = {}", t, p);
        }
    }
}

#[test]
fn a_prop20_edge_cases_c_below_a_plus_b_and_b_equal_2a() {
    for a in 2..=12u64 {
        for b in a + 1..=3 * a {
            for c in b + 1..a + b {
                let t = Triple::new(a, b, c).unwrap();
                let adm = admissible(&t.base(), t.rho());
                let Some(p) = adm.least_candidate(t.candidates()) else {
                    continue;
                };
                if !t.is_primitive() {
                    continue;
                }
                let g = naive(&[a, b, c], 2 * p + c);
                assert!(naive_pure_least_period(&g, p, c).is_ok(), "{t}");
            }
        }
    }
}

/// §6 after Conjecture 52: the printed list of uncovered angles equals the
/// angles no test of Prop. 20 admits; Prop. 61 (even harmonic Θ_{c+b} ⊆ aZ).
#[test]
fn a_sec6_uncovered_angles_and_prop61_exhaustive() {
    use nimcert::subtraction::angles::{uncovered_def, uncovered_printed};
    for base in bases() {
        assert_eq!(uncovered_def(&base), uncovered_printed(&base), "{base:?}");
        if base.is_even_harmonic() {
            assert!(
                theta_def(&base, in_theta_cb)
                    .iter()
                    .all(|r| r % base.a == 0),
                "{base:?}"
            );
        }
    }
}

/// Prop. 20's difference-set forms (Lemma 12) equal the translation tests.
#[test]
fn a_prop20_difference_forms_equal_translation_tests_exhaustive() {
    use nimcert::subtraction::angles::prop20_difference_forms;
    for base in bases() {
        let [ab, ca, cb] = prop20_difference_forms(&base);
        for r in 0..base.m() {
            let i = r as usize;
            assert_eq!(ab[i], in_theta_ab(&base, r), "{base:?} ρ = {r}");
            assert_eq!(ca[i], in_theta_ca(&base, r), "{base:?} ρ = {r}");
            assert_eq!(cb[i], in_theta_cb(&base, r), "{base:?} ρ = {r}");
        }
    }
}
