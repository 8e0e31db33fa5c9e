//! Every certificate the solver emits is accepted by the checker.

use nimcert::certify::{
    periodic_certificate, periodic_claim, periodic_table_certificate, pset_certificate,
    search_provenance, sequence_certificate,
};
use nimcert::check::{check_certificate, parse, precheck, to_ron, Limits, Verdict};
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
        let mut certs = vec![
            sequence_certificate(&game, search_provenance()),
            periodic_certificate(&game, search_provenance()),
        ];
        certs.extend(pset_certificate(&game, search_provenance()));
        for cert in certs {
            prop_assert_eq!(precheck(&cert, &limits), Ok(()));
            let verdict = check_certificate(&cert, &limits);
            prop_assert!(matches!(verdict, Verdict::Valid(_)), "{:?}", verdict);
            let reparsed = parse(to_ron(&cert).as_bytes(), &limits).unwrap();
            prop_assert_eq!(reparsed, cert);
        }
    }

    /// A table of the `Periodic` claims of several games is accepted, and
    /// says how many games it proved.
    #[test]
    fn emitted_tables_are_accepted(games in proptest::collection::vec(move_set(), 1..12)) {
        let limits = Limits::default();
        let claims: Vec<_> = games
            .iter()
            .map(|moves| {
                let game = solve(&MoveSet::new(moves).unwrap(), DEFAULT_MAX_POSITIONS).unwrap();
                periodic_claim(&game.moves, &game.values, game.qp.preperiod, game.qp.period)
            })
            .collect();
        let cert = periodic_table_certificate(&claims, search_provenance());
        prop_assert_eq!(cert.format, 2);
        let verdict = check_certificate(&cert, &limits);
        let expected = format!("{} subtraction games,", games.len());
        prop_assert!(matches!(&verdict, Verdict::Valid(m) if m.starts_with(&expected)), "{:?}", verdict);
        let reparsed = parse(to_ron(&cert).as_bytes(), &limits).unwrap();
        prop_assert_eq!(reparsed, cert);
    }
}

/// The certificates `nimcert` would write but `nimcheck`'s defaults refuse
/// are seen by `precheck` before any checking: `certify 1,16777216` (the
/// values make a 50 MB file, the Periodic form a few hundred bytes).
#[test]
fn precheck_sees_what_the_defaults_refuse() {
    let game = solve(&MoveSet::new(&[1, 1 << 24]).unwrap(), DEFAULT_MAX_POSITIONS).unwrap();
    let limits = Limits::default();
    let sequence = sequence_certificate(&game, search_provenance());
    let refusal = precheck(&sequence, &limits).unwrap_err();
    assert!(refusal.ends_with("(--max-file-bytes)"), "{refusal}");
    let periodic = periodic_certificate(&game, search_provenance());
    assert_eq!(precheck(&periodic, &limits), Ok(()));
    assert!(matches!(
        check_certificate(&periodic, &limits),
        Verdict::Valid(_)
    ));
}
