//! `Octal` certificates (format 3) for solved octal games, and
//! `OctalPeriodic` ones (format 5: no values, the checker computes them);
//! `Grundy` certificates (format 7) of the values of Grundy's game.

use super::period::OctalSolution;
use super::solve::check_max_n;
use super::values::{Method as OctalMethod, OctalSequence};
use crate::engine::outcome::witnesses_of;
use crate::solve::{Limit, Limits, SolveError};
use crate::tool_name;
use nimcert_check::format::{
    Certificate, Claim, GrundyClaim, Method, OctalClaim, OctalPeriodicClaim, Provenance, SparseHint,
};

/// Provenance of an octal game solved by `method`.
pub fn octal_provenance(method: OctalMethod) -> Provenance {
    let how = match method {
        OctalMethod::Direct => "every option listed",
        OctalMethod::Rare => "rare values (sparse space)",
    };
    Provenance {
        tool: tool_name(),
        method: Method::Search {
            engine: format!(
                "nimcert octal: mex rule ({how}), least (q, p) by the Octal Periodicity Theorem"
            ),
        },
    }
}

/// The `Octal` claim of a solved game: the code, q, p, G on [0, q + p),
/// one witness per prime r | p and the pre-period witness q − 1.
pub fn octal_claim(game: &OctalSolution) -> OctalClaim {
    let (q, p) = (game.preperiod, game.period);
    OctalClaim {
        code: game.code.to_string(),
        preperiod: q,
        period: p,
        values: game.values[..(q + p) as usize].to_vec(),
        period_witnesses: witnesses_of(|n| game.value(n), q, p),
        preperiod_witness: (q > 0).then(|| q - 1),
        sparse: sparse_hint(game),
    }
}

/// The hint the solver's sequence ended with, for the checker; none for a
/// code that splits into three heaps (the checker's hint is for pairs).
fn sparse_hint(game: &OctalSolution) -> Option<SparseHint> {
    game.sparse
        .filter(|_| game.code.is_octal())
        .map(|(mask, position_parity)| SparseHint {
            mask,
            position_parity,
        })
}

/// The `OctalPeriodic` certificate (format 5) of a solved game: the
/// `Octal` claim without the values, which nimcheck computes (with the
/// same sparse hint).
pub fn octal_periodic_certificate(game: &OctalSolution, provenance: Provenance) -> Certificate {
    let (q, p) = (game.preperiod, game.period);
    let claim = Claim::OctalPeriodic(OctalPeriodicClaim {
        code: game.code.to_string(),
        preperiod: q,
        period: p,
        period_witnesses: witnesses_of(|n| game.value(n), q, p),
        preperiod_witness: (q > 0).then(|| q - 1),
        sparse: sparse_hint(game),
    });
    Certificate {
        format: claim.format_version(),
        provenance,
        claim,
    }
}

/// An `Octal` certificate (format 3) of a solved game.
pub fn octal_certificate(game: &OctalSolution, provenance: Provenance) -> Certificate {
    let claim = Claim::Octal(octal_claim(game));
    Certificate {
        format: claim.format_version(),
        provenance,
        claim,
    }
}

/// Provenance of the values of Grundy's game.
pub fn grundy_provenance() -> Provenance {
    Provenance {
        tool: tool_name(),
        method: Method::Search {
            engine: "nimcert: Grundy's game by the mex rule (rare values, sparse space)"
                .to_string(),
        },
    }
}

/// The values of Grundy's game (split one heap into two unequal heaps;
/// [`OctalSequence::grundys_game`], the computation of `nimcert values
/// grundy` and of claim files) on [0, `n`), within `limits`: n is at most
/// `--max-n`, and the work, estimated before starting as nimcheck's count
/// for the certificate of these values ([`nimcert_check::grundy::work`],
/// about n²/2, which bounds the pairs the mex rule reads), at most
/// `--max-work`; the computation also stops at `--max-work` pairs read.
/// n = 0 is refused: a certificate of no value claims nothing.
pub fn grundy_values(n: u64, limits: &Limits) -> Result<Vec<u32>, SolveError> {
    if n == 0 {
        return Err(SolveError::input(
            "Grundy's game on [0, 0): no heap size, nothing to certify (N ≥ 1)",
        ));
    }
    check_max_n(limits.max_n)?;
    if n > limits.max_n {
        return Err(SolveError::limit_reached(
            Limit::HeapSizes,
            format!(
                "Grundy's game on [0, {n}) is over {} heap sizes (raise --max-n)",
                limits.max_n
            ),
        ));
    }
    limits.check_work(
        u128::from(nimcert_check::grundy::work(n)),
        &format!("Grundy's game on [0, {n}) and its check (4N + 2·⌊(N − 2)²/4⌋)"),
    )?;
    let mut sequence = OctalSequence::grundys_game(OctalMethod::Rare);
    // n ≤ max_n ≤ 2^28 (check_max_n), so it fits a usize.
    let wanted = usize::try_from(n).unwrap_or(usize::MAX);
    if !sequence.extend_to(wanted, limits.max_work) {
        return Err(SolveError::limit_reached(
            Limit::Work,
            format!(
                "Grundy's game: stopped after {} pairs of heaps at n = {} (raise --max-work)",
                limits.max_work,
                sequence.values().len()
            ),
        ));
    }
    Ok(sequence.values().to_vec())
}

/// The `Grundy` certificate (format 7) of `values`, G on [0, N) of
/// Grundy's game ([`grundy_values`]).
pub fn grundy_certificate(values: Vec<u32>) -> Certificate {
    let claim = Claim::Grundy(GrundyClaim { values });
    Certificate {
        format: claim.format_version(),
        provenance: grundy_provenance(),
        claim,
    }
}

#[cfg(test)]
mod tests {
    use super::super::values::tests::naive_grundy as naive;
    use super::*;

    #[test]
    fn grundy_values_are_the_definition_and_their_certificate_is_accepted() {
        let values = grundy_values(300, &Limits::default()).unwrap();
        assert_eq!(values, naive(300));
        let certificate = grundy_certificate(values);
        assert_eq!(certificate.format, 7);
        assert!(matches!(
            nimcert_check::check_certificate(&certificate, &nimcert_check::Limits::default()),
            nimcert_check::Verdict::Valid(_)
        ));
    }

    #[test]
    fn grundy_values_refuse_nothing_and_name_the_limit_before_the_work() {
        assert!(matches!(
            grundy_values(0, &Limits::default()),
            Err(SolveError::Input(_))
        ));
        let few = Limits {
            max_n: 99,
            ..Limits::default()
        };
        assert_eq!(
            grundy_values(100, &few).unwrap_err().limit(),
            Some(Limit::HeapSizes)
        );
        // 4·100 + 2·⌊98²/4⌋ = 5,202 units: one under is refused.
        let tight = Limits {
            max_work: 5_201,
            ..Limits::default()
        };
        let error = grundy_values(100, &tight).unwrap_err();
        assert_eq!(error.limit(), Some(Limit::Work));
        assert!(error.to_string().contains("--max-work"), "{error}");
        let enough = Limits {
            max_work: 5_202,
            ..Limits::default()
        };
        assert_eq!(grundy_values(100, &enough).unwrap(), naive(100));
    }
}
