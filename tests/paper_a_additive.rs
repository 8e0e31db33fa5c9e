//! Paper A §4, the additive case c = a + b: Theorem 36, Remark 38 (and
//! the non-coprime case via Lemma 5), Corollary 46, Table 1's additive row.

mod paper_a_common;

use nimcert::moves::gcd;
use nimcert::subtraction::additive::{cor46_value, remark38_period, Additive};
use nimcert::subtraction::base::Base;
use paper_a_common::{naive, naive_pure_least_period, zeros};
use proptest::prelude::*;
use quickcheck::quickcheck;

fn coprime_pair() -> impl Strategy<Value = (u64, u64)> {
    (2u64..=12)
        .prop_flat_map(|a| (Just(a), a + 1..=60))
        .prop_filter("gcd(a, b) = 1", |&(a, b)| gcd(a, b) == 1)
}

proptest! {

    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn a_thm36_additive_w3_matches_mex((a, b) in coprime_pair()) {
        let add = Additive::new(a, b);
        let p = add.period_thm36();
        let g = naive(&[a, b, a + b], 2 * p + a + b);
        prop_assert!(naive_pure_least_period(&g, p, a + b).is_ok(), "{{{},{},{}}} p = {}", a, b, a + b, p);
        let z = zeros(&g[..2 * p as usize]);
        prop_assert_eq!(z.len() as u64, 2 * add.q());
        for (n, &w) in z.iter().enumerate() {
            prop_assert_eq!(add.w3_printed(n as u64), w, "w_3({})", n);
        }
    }

    #[test]
    fn a_table1_row8_additive_period_matches_mex((a, b) in coprime_pair()) {
        let add = Additive::new(a, b);
        let p = add.period_printed();
        let g = naive(&[a, b, a + b], 2 * p + a + b);
        prop_assert!(naive_pure_least_period(&g, p, a + b).is_ok());
    }

    #[test]
    fn a_remark38_non_coprime_additive_matches_mex((a, b) in coprime_pair(), g in 2u64..=4) {
        let (ga, gb) = (g * a, g * b);
        let p = remark38_period(ga, gb).unwrap();
        let values = naive(&[ga, gb, ga + gb], 2 * p + ga + gb);
        prop_assert!(naive_pure_least_period(&values, p, ga + gb).is_ok());
        let small = naive(&[a, b, a + b], p);
        for x in 0..p {
            prop_assert_eq!(values[x as usize] == 0, small[(x / g) as usize] == 0, "x = {}", x);
        }
    }

    #[test]
    fn a_cor46_additive_value_classes_match_mex((a, b) in coprime_pair()) {
        let add = Additive::new(a, b);
        let p = add.period_thm36();
        let g = naive(&[a, b, a + b], p);
        let in_w0 = |y: u64| g[(y % p) as usize] == 0;
        for x in 0..p {
            prop_assert_eq!(cor46_value(&add, in_w0, x), Some(g[x as usize]), "x = {}", x);
        }
    }

}

quickcheck! {
    fn a_thm36_increment_identity(a: u8, b: u8, n: u16) -> bool {
        let a = u64::from(a % 12) + 2;
        let b = a + 1 + u64::from(b % 60);
        let add = Additive::new(a, b);
        let n = u64::from(n);
        add.w3_printed(n + 1) - add.w3_printed(n) == add.increment_printed(n)
    }

    fn a_thm36_period_forms_agree(a: u8, b: u8) -> bool {
        let a = u64::from(a % 12) + 2;
        let b = a + 1 + u64::from(b % 60);
        let add = Additive::new(a, b);
        add.period_thm36() == add.period_printed()
    }

    fn a_thm36_n_is_base_count_below_b(a: u8, b: u8) -> bool {
        let a = u64::from(a % 12) + 2;
        let b = a + 1 + u64::from(b % 60);
        Additive::new(a, b).n() == Base::new(a, b).n()
    }
}

/// Remark 38: for η = 1 (2a < b < 3a) the generator α_n = n + a⌊n/a⌋ +
/// b⌊n/δ⌋ lists the P-positions; every coprime case with a ≤ 12.
#[test]
fn a_remark38_eta1_generator_matches_mex() {
    for a in 2u64..=12 {
        for eps in (1..a).filter(|&e| gcd(a, e) == 1) {
            let b = 2 * a + eps;
            let add = Additive::new(a, b);
            let g = naive(&[a, b, a + b], 2 * add.period_thm36());
            for (n, &w) in zeros(&g).iter().enumerate() {
                assert_eq!(add.alpha_eta1(n as u64), w, "{{{a},{b}}}: α_{n}");
            }
        }
    }
}
