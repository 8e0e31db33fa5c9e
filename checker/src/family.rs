//! Rules for a `Family` claim (format 6): the nim-sequence of every game
//! {a, b, c} with c ≡ ρ (mod a + b) from c(k0) on. See docs/FAMILIES.md.
//!
//! (Being written: until the rules below exist, every `Family` claim is
//! undecidable, never accepted.)

use crate::format::FamilyClaim;
use crate::{undecided, Failure, Limits, Verdict};

/// Checks a `Family` claim.
pub fn check(claim: &FamilyClaim, limits: &Limits) -> Verdict {
    match admit(claim, limits).and_then(|()| undecided::<()>("Family claims are not checked yet".into())) {
        Ok(()) => Verdict::Undecidable("unreachable".into()),
        Err(failure) => failure.into_verdict(),
    }
}

/// The limits of a `Family` claim.
pub(crate) fn admit(_claim: &FamilyClaim, _limits: &Limits) -> Result<(), Failure> {
    Ok(())
}
