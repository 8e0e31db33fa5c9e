//! Rules for an `Octal` claim (format 3). Placeholder: every claim is
//! undecided until the rules land.

use crate::format::OctalClaim;
use crate::{undecided, Failure, Limits, Verdict};

/// Checks an `Octal` claim.
pub fn check(claim: &OctalClaim, limits: &Limits) -> Verdict {
    match admit(claim, limits) {
        Ok(()) => Verdict::Undecidable("Octal claims are not checked yet".to_string()),
        Err(failure) => failure.into_verdict(),
    }
}

/// The limits of an `Octal` claim.
pub(crate) fn admit(_claim: &OctalClaim, _limits: &Limits) -> Result<(), Failure> {
    undecided("Octal claims are not checked yet".to_string())
}
