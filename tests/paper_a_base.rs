//! Paper A §2: the base game B = {a, b} (Prop. 7, Remarks 8–9), dilation
//! (Lemma 5), Ferguson pairing (Lemma 10), Lemma 11, avoidance (Lemma 12),
//! the floor identity (Lemma 13), the set I (Lemma 14). Every expectation
//! is computed by naive mex.

mod paper_a_common;

use nimcert::subtraction::base::Base;
use nimcert::subtraction::lemmas::{
    difference_set, dilate_word, ferguson_violation, floor_identity, i_def, i_printed,
    lemma11_holds, reduce, translate_avoids,
};
use paper_a_common::{any_triple, naive, naive_pure_least_period, zeros};
use proptest::prelude::*;
use quickcheck::quickcheck;

fn base_strategy() -> impl Strategy<Value = Base> {
    (1u64..=12)
        .prop_flat_map(|a| (Just(a), a + 1..=60))
        .prop_map(|(a, b)| Base::new(a, b))
}

proptest! {

    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn a_prop7_w0_is_z_plus_mn_matches_mex(base in base_strategy()) {
        let m = base.m();
        let g = naive(&[base.a, base.b], 3 * m);
        for x in 0..3 * m {
            prop_assert_eq!(g[x as usize] == 0, base.in_w0(x), "x = {}", x);
        }
        let z = zeros(&g);
        for (n, &w) in z.iter().enumerate() {
            prop_assert_eq!(base.w2(n as u64), w, "w_2({})", n);
        }
    }

    #[test]
    fn a_prop7_n_equals_printed_c_a_of_b(base in base_strategy()) {
        let g = naive(&[base.a, base.b], base.b);
        prop_assert_eq!(zeros(&g).len() as u64, base.c_a_printed());
        prop_assert_eq!(base.n(), base.c_a_printed());
    }

    #[test]
    fn a_prop7_outcome_word_as_printed_matches_mex(base in base_strategy()) {
        let g = naive(&[base.a, base.b], base.m());
        let word: Vec<u8> = g.iter().map(|&v| u8::from(v != 0)).collect();
        prop_assert_eq!(word, base.outcome_word_printed());
    }

    #[test]
    fn a_prop7_values_of_b_match_mex(base in base_strategy()) {
        let g = naive(&[base.a, base.b], 3 * base.m());
        for x in 0..3 * base.m() {
            prop_assert_eq!(g[x as usize], base.value(x), "x = {}", x);
        }
    }

    #[test]
    fn a_remark8_least_period_of_w0b_matches_mex(base in base_strategy()) {
        let m = base.m();
        let g = naive(&[base.a, base.b], 3 * m);
        let outcome: Vec<u16> = g.iter().map(|&v| u16::from(v == 0)).collect();
        prop_assert!(naive_pure_least_period(&outcome, base.least_period_printed(), base.b).is_ok());
    }

    #[test]
    fn a_remark9_gap_set_is_value_two_matches_mex(base in base_strategy().prop_filter("a ≥ 2", |b| b.a >= 2)) {
        let g = naive(&[base.a, base.b], base.m());
        let twos: Vec<u64> = (0..base.m()).filter(|&x| g[x as usize] == 2).collect();
        prop_assert_eq!(&twos, &base.u_def());
        prop_assert_eq!(twos, base.u_printed().collect::<Vec<_>>());
    }

    #[test]
    fn a_lemma5_dilation_matches_mex(t in any_triple(1..=8, 30, 60), g in 2u64..=4) {
        let (a, b, c) = (g * t.a, g * t.b, g * t.c);
        let (gg, reduced) = reduce(&[a, b, c]);
        prop_assert_eq!(gg % g, 0);
        let len = 3 * g * (t.b + t.c) + 2 * c;
        let big = naive(&[a, b, c], len);
        let small = naive(&reduced, len / gg + 1);
        for x in 0..len {
            prop_assert_eq!(big[x as usize], small[(x / gg) as usize], "x = {}", x);
        }
        prop_assert_eq!(&dilate_word(gg, &small)[..len as usize], &big[..]);
    }

    #[test]
    fn a_lemma10_ferguson_pairing_matches_mex(t in any_triple(1..=12, 60, 200)) {
        let len = 2 * (t.b + t.c) + t.c;
        let g = naive(&[t.a, t.b, t.c], len + t.a);
        prop_assert_eq!(ferguson_violation(|x| g[x as usize], t.a, len + t.a), None);
    }

    #[test]
    fn a_lemma11_value_two_has_p_position_two_a_below(base in base_strategy()) {
        let g = naive(&[base.a, base.b], 3 * base.m());
        for y in 0..3 * base.m() {
            prop_assert!(lemma11_holds(&base, |x| g[x as usize], y), "y = {}", y);
        }
    }
}

quickcheck! {
    fn a_lemma12_avoidance_is_difference_set(rho: u8, xs: Vec<u8>, ys: Vec<u8>, m: u8) -> bool {
        let m = u64::from(m % 40) + 1;
        let xs: Vec<u64> = xs.iter().map(|&x| u64::from(x) % m).collect();
        let ys: Vec<u64> = ys.iter().map(|&y| u64::from(y) % m).collect();
        let rho = u64::from(rho) % m;
        let collides = difference_set(&ys, &xs, m)[rho as usize];
        translate_avoids(rho, &xs, &ys, m) != collides
    }

    fn a_lemma13_floor_identity(x: i16, d: u16, m: u8) -> bool {
        let m = i64::from(m) + 1;
        let (lhs, rhs) = floor_identity(i64::from(x), i64::from(d), m);
        lhs == rhs
    }
}

#[test]
fn a_lemma14_i_as_printed_is_complement_of_z_minus_z_exhaustive() {
    for a in 2..=12 {
        for b in a + 1..=80 {
            let base = Base::new(a, b);
            assert_eq!(i_def(&base), i_printed(&base), "B = {{{a},{b}}}");
        }
    }
}

#[test]
fn a_remark8_edge_cases_odd_and_even_multiples() {
    for a in 1..=10u64 {
        for k in 2..=7u64 {
            let base = Base::new(a, k * a);
            let g = naive(&[a, k * a], 4 * base.m());
            let outcome: Vec<u16> = g.iter().map(|&v| u16::from(v == 0)).collect();
            let p = base.least_period_printed();
            assert!(
                naive_pure_least_period(&outcome, p, k * a).is_ok(),
                "{{{a},{}}}",
                k * a
            );
        }
    }
}
