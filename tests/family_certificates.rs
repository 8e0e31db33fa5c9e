//! The shipped `Family` certificates (certificates/family/, issue 38)
//! against the finite computations: each one is accepted by nimcheck's
//! library, and on every member c ≤ 2000 of its class the engine's
//! nim-sequence is the one the certificate states (q = 0, the least
//! period, one period of values). The same comparison over every class
//! with b ≤ 30 is `nimcert family --b ..=30 --compare-below 2000`
//! (docs/VERIFICATION.md).

use nimcert::check::format::Claim;
use nimcert::check::{check_certificate, parse, Limits, Verdict};
use nimcert::engine::Solver;
use nimcert::subtraction::family::disagreement_below;
use std::path::Path;

#[test]
fn every_shipped_family_agrees_with_the_engine_on_c_up_to_2000() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("certificates/family");
    let mut solver = Solver::new();
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).expect("certificates/family exists") {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "ron") {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap();
        let certificate = parse(&bytes, &Limits::default()).unwrap();
        assert!(
            matches!(
                check_certificate(&certificate, &Limits::default()),
                Verdict::Valid(_)
            ),
            "{} is refused",
            path.display()
        );
        let Claim::Family(claim) = &certificate.claim else {
            panic!("{} is not a Family certificate", path.display())
        };
        assert_eq!(
            disagreement_below(claim, 2000, &mut solver),
            None,
            "{}: the engine disagrees",
            path.display()
        );
        checked += 1;
    }
    assert!(checked >= 40, "only {checked} family certificates");
}
