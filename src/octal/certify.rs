//! `Octal` certificates (format 3) for solved octal games, and
//! `OctalPeriodic` ones (format 5: no values, the checker computes them).

use super::period::OctalSolution;
use super::values::Method as OctalMethod;
use crate::engine::outcome::witnesses_of;
use crate::tool_name;
use nimcert_check::format::{
    Certificate, Claim, Method, OctalClaim, OctalPeriodicClaim, Provenance, SparseHint,
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
