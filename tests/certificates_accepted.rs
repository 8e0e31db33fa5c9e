//! Every certificate the solver emits is accepted by the checker.

use nimcert::certify::{pset_certificate, search_provenance, sequence_certificate};
use nimcert::check::{check_certificate, parse, to_ron, Limits, Verdict};
use nimcert::engine::{solve, DEFAULT_MAX_POSITIONS};
use nimcert::moves::MoveSet;
use proptest::prelude::*;

fn move_set() -> impl Strategy<Value = Vec<u64>> {
    proptest::collection::btree_set(1u64..=60, 1..=5).prop_map(|s| s.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Sequence certificates, and P-set certificates where the outcome is
    /// purely periodic, are accepted, also after a round trip through RON.
    #[test]
    fn emitted_certificates_are_accepted(moves in move_set()) {
        let game = solve(&MoveSet::new(&moves).unwrap(), DEFAULT_MAX_POSITIONS).unwrap();
        let limits = Limits::default();
        let mut certs = vec![sequence_certificate(&game, search_provenance())];
        certs.extend(pset_certificate(&game, search_provenance()));
        for cert in certs {
            let verdict = check_certificate(&cert, &limits);
            prop_assert!(matches!(verdict, Verdict::Valid(_)), "{:?}", verdict);
            let reparsed = parse(to_ron(&cert).as_bytes(), &limits).unwrap();
            prop_assert_eq!(reparsed, cert);
        }
    }
}
