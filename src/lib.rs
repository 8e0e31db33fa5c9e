//! nimcert: audits published results about impartial games with
//! machine-checkable certificates.
//!
//! The solver side: [`engine`] computes nim-sequences and their least
//! (pre-period, period); [`subtraction`] and [`avoidance`] hold the closed
//! forms of paper A (Manabe, *Purely Periodic Three-move Subtraction
//! Games*) and paper B (Shim, *Impartial Avoidance Games on Convex
//! Geometries*); [`certify`] turns results into certificates of the format
//! owned by the trusted checker crate [`nimcert_check`] (re-exported as
//! [`check`]), which shares no code with this crate; [`audit`] runs every
//! registered statement of both papers. The `nimcert` binary is a thin
//! command line over this library; [`pictures`] draws the atlas and single
//! games as SVG, PNG or PDF.
//!
//! # Solve a game
//!
//! The nim-sequence of a subtraction game, with its least pre-period q and
//! least period p (the engine stops at the given bound on positions):
//!
//! ```
//! use nimcert::engine::solve;
//! use nimcert::moves::MoveSet;
//!
//! let moves = MoveSet::parse("2,3,7")?;
//! let game = solve(&moves, 1_000_000)?;
//! assert_eq!((game.qp.preperiod, game.qp.period), (0, 5));
//! assert_eq!(game.values, [0, 0, 1, 1, 2]);
//! assert_eq!(game.value(12), 1); // G(12) = G(12 mod 5)
//! assert_eq!(game.p_positions(), [0, 1]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Certify it, and check the certificate
//!
//! A certificate carries the claim (q, p, the values) with the witnesses
//! the checker needs; [`nimcert_check`] accepts it on the mathematics alone
//! (the recurrence over q + p + c positions, a witness per prime factor of
//! p, the pre-period witness) and rejects any certificate whose claim is
//! false, naming the first failing position:
//!
//! ```
//! use nimcert::certify::{search_provenance, sequence_certificate};
//! use nimcert::check::format::Claim;
//! use nimcert::check::{check_bytes, check_certificate, to_ron, Limits, Verdict};
//! use nimcert::engine::solve;
//! use nimcert::moves::MoveSet;
//!
//! let game = solve(&MoveSet::parse("3,5,11")?, 1_000_000)?;
//! let certificate = sequence_certificate(&game, search_provenance());
//! let limits = Limits::default();
//! assert!(matches!(check_certificate(&certificate, &limits), Verdict::Valid(_)));
//!
//! // The RON text nimcert writes and nimcheck reads.
//! let text = to_ron(&certificate);
//! assert!(matches!(check_bytes(text.as_bytes(), &limits), Verdict::Valid(_)));
//!
//! // A false claim is rejected: change one value.
//! let mut forged = certificate.clone();
//! let Claim::Sequence(claim) = &mut forged.claim else { unreachable!() };
//! claim.values[4] ^= 1;
//! let verdict = check_certificate(&forged, &limits);
//! assert!(matches!(verdict, Verdict::Invalid(_)), "{verdict:?}");
//! assert_eq!(verdict.exit_code(), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Classify a three-move game and certify the paper's formula
//!
//! [`subtraction::classify`](fn@subtraction::classify) finds the statement of paper A that covers a
//! game and its prediction; [`certify::formula::formula_certificates`]
//! builds the certificates from the formula alone (no search), so that the
//! checker verifies the paper's closed form itself:
//!
//! ```
//! use nimcert::certify::formula::formula_certificates;
//! use nimcert::check::{check_certificate, Limits, Verdict};
//! use nimcert::subtraction::classify;
//!
//! let class = classify(&[4, 11, 27]).expect("three distinct positive moves");
//! let prediction = class.prediction.as_ref().expect("covered by paper A");
//! assert_eq!(prediction.period, 38); // P = c + b
//! let certificates = formula_certificates(&[4, 11, 27])?;
//! for certificate in [&certificates.pset, &certificates.sequence] {
//!     let verdict = check_certificate(certificate, &Limits::default());
//!     assert!(matches!(verdict, Verdict::Valid(_)), "{verdict:?}");
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Audit a claim
//!
//! The registry lists every checkable statement of both papers; each runs
//! on a [`audit::Scope`] (its default range where the scope gives none) and
//! returns the applicable and failing instances, from which
//! [`claim::decide`] reads the verdict:
//!
//! ```
//! use nimcert::audit::{registry, Scope, Verdict};
//! use nimcert::claim::decide;
//!
//! let claims = registry();
//! let additive = claims.iter().find(|c| c.id == "A.Thm36").expect("registered");
//! let scope = Scope {
//!     a: Some(2..=4),
//!     b: Some(3..=12),
//!     c: Some(4..=20),
//!     ..Scope::default()
//! };
//! let result = (additive.run)(&scope);
//! assert!(result.applicable > 0);
//! assert_eq!(result.failing, 0);
//! assert_eq!(decide(&additive.kind, &result), Verdict::Holds, "{}", result.range);
//! ```

pub mod audit;
pub mod avoidance;
pub mod campaign;
pub mod certify;
pub mod claim;
pub mod engine;
pub mod export;
pub mod io;
pub mod moves;
pub mod octal;
pub mod pictures;
pub mod range;
pub mod solve;
pub mod subtraction;

pub use nimcert_check as check;

/// `"nimcert <version>"`: the tool every certificate's provenance names.
pub fn tool_name() -> String {
    format!("nimcert {}", env!("CARGO_PKG_VERSION"))
}
