//! `cargo bench --bench family`: the cost of proving one base (a, b) for
//! every c (issue 38): deriving every class's `Family` certificate from the
//! engine (`nimcert::subtraction::family::derive`) and checking it with
//! nimcheck's library (`nimcert_check::check_certificate`), side by side
//! in one run, for a small base, a middle one and the largest of b ≤ 30,
//! against the finite alternative on the same classes: solving and
//! checking every member c ≤ 2000 as a `Periodic` certificate. Best of a
//! few rounds, one thread. The SMT and Coq checks of the same certificates
//! are timed by `scripts/family-smt` and docs/FORMAL.md ("Families").
//!
//! The second table is the whole classification of a base both ways
//! (docs/NECESSITY.md): every primitive class proved purely periodic or
//! pre-periodic (`PrePeriodicFamily`, derived by
//! `nimcert::subtraction::preperiodic::derive` and checked by nimcheck's
//! library, Lemma S), and the members below each k0 re-checked: the time to
//! derive and check one base, with the pre-periodic certificates' check
//! alone beside it.

#[path = "common/host.rs"]
mod host;

use nimcert::certify::{periodic_certificate, search_provenance};
use nimcert::check::{check_certificate, Limits, Verdict};
use nimcert::engine::solve;
use nimcert::moves::MoveSet;
use nimcert::subtraction::family::{certificate, derive};
use std::time::{Duration, Instant};

/// The bases timed.
const BASES: &[(u64, u64)] = &[(2, 5), (12, 17), (29, 30)];

/// Best of this many rounds.
const ROUNDS: usize = 5;

fn best(mut f: impl FnMut()) -> Duration {
    (0..ROUNDS)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .min()
        .expect("ROUNDS > 0")
}

fn main() {
    let limits = Limits::default();
    println!("{}", host::host_line());
    println!(
        "base      classes proved  derive    check     finite c ≤ 2000 (solve + check)  ratio"
    );
    for &(a, b) in BASES {
        let m = a + b;
        let claims: Vec<_> = (0..m).filter_map(|rho| derive(a, b, rho).ok()).collect();
        let certificates: Vec<_> = claims.iter().cloned().map(certificate).collect();
        let derive_time = best(|| {
            for rho in 0..m {
                let _ = std::hint::black_box(derive(a, b, rho));
            }
        });
        let check_time = best(|| {
            for c in &certificates {
                assert!(matches!(check_certificate(c, &limits), Verdict::Valid(_)));
            }
        });
        // The finite alternative: every member c ≤ 2000 of the same classes.
        let finite_time = best(|| {
            for claim in &claims {
                let mut c = m * claim.from_k + claim.rho;
                while c <= 2000 {
                    let game = solve(&MoveSet::new(&[a, b, c]).expect("a < b < c"), 1 << 26)
                        .expect("periodic");
                    let cert = periodic_certificate(&game, search_provenance());
                    assert!(matches!(
                        check_certificate(&cert, &limits),
                        Verdict::Valid(_)
                    ));
                    c += m;
                }
            }
        });
        let every_c = derive_time + check_time;
        println!(
            "{{{a}, {b}}}  {:>7} {:>6}  {:>7.2} ms {:>7.2} ms {:>14.2} ms                  {:.1}",
            m,
            claims.len(),
            derive_time.as_secs_f64() * 1e3,
            check_time.as_secs_f64() * 1e3,
            finite_time.as_secs_f64() * 1e3,
            finite_time.as_secs_f64() / every_c.as_secs_f64(),
        );
    }
    println!("(ratio: finite check of c ≤ 2000 over the every-c proof, derive + check)");
    both_ways(&limits);
}

/// The bases of the classification table: {2, 13} and {2, 29} have the
/// most blocks of b ≤ 30 (q = 90k + 73 and 434k + 401).
const BOTH_WAYS: &[(u64, u64)] = &[(2, 5), (2, 13), (12, 17), (2, 29), (29, 30)];

/// Classifying whole bases (module docs).
fn both_ways(limits: &Limits) {
    use nimcert::subtraction::classification::{classify_base, ClassStatus, Shape};
    println!();
    println!("base      pure  pre-periodic  classify (derive + check, both ways)  check pre-periodic alone");
    for &(a, b) in BOTH_WAYS {
        let base = classify_base(a, b);
        assert!(base.complete(), "{{{a}, {b}}} is not completely classified");
        let count = |pre: bool| {
            base.classes
                .iter()
                .filter(|s| matches!(s, ClassStatus::Proved { shape, .. } if shape.pure() != pre))
                .count()
        };
        let pre: Vec<_> = base
            .classes
            .iter()
            .filter_map(|s| match s {
                ClassStatus::Proved {
                    shape: Shape::PrePeriodic { .. },
                    certificate,
                    ..
                } => Some((**certificate).clone()),
                _ => None,
            })
            .collect();
        let classify_time = best(|| {
            std::hint::black_box(classify_base(a, b));
        });
        let check_time = best(|| {
            for c in &pre {
                assert!(matches!(check_certificate(c, limits), Verdict::Valid(_)));
            }
        });
        println!(
            "{{{a}, {b}}}  {:>5} {:>13}  {:>26.2} ms  {:>21.2} ms",
            count(false),
            count(true),
            classify_time.as_secs_f64() * 1e3,
            check_time.as_secs_f64() * 1e3,
        );
    }
}
