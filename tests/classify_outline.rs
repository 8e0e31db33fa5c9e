//! The allocation-free classification ([`outline`], [`Classifier`]) against
//! the full one ([`classify`]) and the definitions of the angle tests, on
//! every triple of a range (any gcd, a = 1 included) and on random ones.

use nimcert::subtraction::angles::admissible;
use nimcert::subtraction::classify::{outline, Classifier};
use nimcert::subtraction::{classify, Triple};
use proptest::prelude::*;

/// The outline agrees with `classify` and with the angle tests computed at
/// the angle from their definitions; the classifier's tables agree with both.
fn check(classifier: &mut Classifier, moves: [u64; 3]) -> Result<(), TestCaseError> {
    let quick = outline(&moves).expect("three distinct positive moves");
    let tabled = classifier
        .outline(&moves)
        .expect("three distinct positive moves");
    prop_assert_eq!(quick, tabled, "{:?}", moves);
    let full = classify(&moves).unwrap();
    prop_assert_eq!(quick.g, full.g);
    prop_assert_eq!(quick.reduced, full.reduced);
    prop_assert_eq!(quick.cover, full.cover);
    prop_assert_eq!(quick.admissible, full.admissible);
    let t: Triple = full.reduced;
    prop_assert_eq!(quick.admissible, admissible(&t.base(), t.rho()));
    prop_assert_eq!(quick.period, full.prediction.as_ref().map(|p| p.period));
    prop_assert_eq!(quick.cover.statement().map(str::to_string), full.cover.id());
    prop_assert_eq!(
        quick.least_admissible(),
        full.admissible
            .least_candidate(t.candidates())
            .map(|p| full.g * p)
    );
    prop_assert_eq!(quick.prediction(), full.prediction);
    Ok(())
}

#[test]
fn outline_matches_classify_on_every_small_triple() {
    let mut classifier = Classifier::new();
    for a in 1..=10u64 {
        for b in a + 1..=30 {
            for c in b + 1..=70 {
                check(&mut classifier, [a, b, c]).unwrap();
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Random triples up to 2000 in any order: the tables of a base are
    /// built once and reused when the next triple has another base.
    #[test]
    fn outline_matches_classify_on_random_triples(
        triples in proptest::collection::vec((1u64..=200, 1u64..=400, 1u64..=2000), 1..6),
    ) {
        let mut classifier = Classifier::new();
        for (a, db, dc) in triples {
            let moves = [a + db + dc, a, a + db];
            check(&mut classifier, moves)?;
        }
    }
}

#[test]
fn outline_refuses_what_classify_refuses() {
    for moves in [&[1u64, 2][..], &[3, 3, 5], &[0, 1, 2], &[1, 2, 3, 4]] {
        assert!(outline(moves).is_none());
        assert!(Classifier::new().outline(moves).is_none());
        assert!(classify(moves).is_none());
    }
}
