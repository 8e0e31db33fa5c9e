//! Building certificates from solved games.
//!
//! The certificate types belong to the checker crate; this module only fills
//! them in. Every witness is found here, by the untrusted solver, and
//! re-validated by `nimcheck`.

pub mod formula;

use crate::engine::outcome::{prime_factors, witnesses_of};
use crate::engine::{Periodicity, Value};
use crate::moves::MoveSet;
use crate::tool_name;
use nimcert_check::format::{
    Certificate, Claim, Method, PSetClaim, PackedSequenceClaim, PeriodWitness, PeriodicClaim,
    PeriodicTableClaim, Provenance, SequenceClaim, FORMAT_VERSION,
};

/// The name the engine gives itself in provenance records.
pub const ENGINE_NAME: &str =
    "nimcert engine: first repeated window found without hashing (lag runs at pair sums, first window, Brent anchor), exact least (q, p)";

/// Provenance of a result found by search.
pub fn search_provenance() -> Provenance {
    Provenance {
        tool: tool_name(),
        method: Method::Search {
            engine: ENGINE_NAME.to_string(),
        },
    }
}

/// Which claim a certificate found by search states (`nimcert certify
/// --claim`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum ClaimKind {
    /// The whole nim-sequence: q, p and the values on [0, q + p).
    #[default]
    Sequence,
    /// The P-positions as one block (needs a purely periodic outcome sequence).
    Pset,
    /// q, p and the period witnesses without the values (format 2: compact;
    /// the checker recomputes the values by the mex rule).
    Periodic,
}

impl ClaimKind {
    /// The claim's name in messages.
    pub fn name(self) -> &'static str {
        match self {
            ClaimKind::Sequence => "sequence",
            ClaimKind::Pset => "pset",
            ClaimKind::Periodic => "periodic",
        }
    }
}

/// The certificate of `kind` for a solved game ([`sequence_certificate`],
/// [`periodic_certificate`] or [`pset_certificate`]); `None` for a P-set
/// when the outcome sequence is not purely periodic.
pub fn certificate_of_kind(
    game: &Periodicity,
    kind: ClaimKind,
    provenance: Provenance,
) -> Option<Certificate> {
    match kind {
        ClaimKind::Sequence => Some(sequence_certificate(game, provenance)),
        ClaimKind::Periodic => Some(periodic_certificate(game, provenance)),
        ClaimKind::Pset => pset_certificate(game, provenance),
    }
}

/// The certificates search gives a solved game: the P-set, when the
/// outcome sequence is purely periodic, then the sequence; each named by
/// its [`ClaimKind::name`].
pub fn search_certificates(
    game: &Periodicity,
    provenance: Provenance,
) -> Vec<(&'static str, Certificate)> {
    let mut out = vec![("sequence", sequence_certificate(game, provenance.clone()))];
    if let Some(pset) = pset_certificate(game, provenance) {
        out.insert(0, ("pset", pset));
    }
    out
}

/// The most values a `Sequence` certificate of [`sequence_certificate`]
/// lists in RON (format 1, readable, about 3 bytes a value); a game with
/// more (q + p > 10,000) gets a `PackedSequence` certificate (format 4: the
/// values as one string of hexadecimal numbers, 1 byte a value for values
/// below 16, which `nimcheck` reads in place instead of parsing a number
/// per value; see `cargo bench --bench nimcheck`).
pub const LIST_AT_MOST: u64 = 10_000;

/// The whole nim-sequence of a solved game as a certificate: a `Sequence`
/// (format 1) when q + p ≤ [`LIST_AT_MOST`], else a `PackedSequence`
/// (format 4) stating the same claim.
pub fn sequence_certificate(game: &Periodicity, provenance: Provenance) -> Certificate {
    let claim = sequence_claim(&game.moves, &game.values, game.qp.preperiod, game.qp.period);
    if claim.values.len() as u64 <= LIST_AT_MOST {
        certificate(Claim::Sequence(claim), provenance)
    } else {
        certificate(Claim::PackedSequence(pack(claim)), provenance)
    }
}

/// A `Sequence` certificate (format 1, the values listed) whatever the
/// length: the readable form, e.g. for comparing the two forms.
pub fn listed_sequence_certificate(game: &Periodicity, provenance: Provenance) -> Certificate {
    let claim = sequence_claim(&game.moves, &game.values, game.qp.preperiod, game.qp.period);
    certificate(Claim::Sequence(claim), provenance)
}

/// A certificate of the lowest version that has the claim's kind.
fn certificate(claim: Claim, provenance: Provenance) -> Certificate {
    Certificate {
        format: claim.format_version(),
        provenance,
        claim,
    }
}

/// The `PackedSequence` claim (format 4) stating `claim`: the values
/// written as `digits` lowercase hexadecimal digits each, the fewest that
/// hold the largest value (1 for a list of zeros).
pub fn pack(claim: SequenceClaim) -> PackedSequenceClaim {
    let largest = claim.values.iter().copied().max().unwrap_or(0);
    let digits = (32 - largest.leading_zeros()).div_ceil(4).max(1);
    PackedSequenceClaim {
        values: pack_values(&claim.values, digits),
        moves: claim.moves,
        preperiod: claim.preperiod,
        period: claim.period,
        digits,
        period_witnesses: claim.period_witnesses,
        preperiod_witness: claim.preperiod_witness,
    }
}

/// Each value as exactly `digits` hexadecimal digits, most significant
/// first, concatenated (what `nimcert_check::sequence::Packed` reads).
fn pack_values(values: &[u32], digits: u32) -> String {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut text = String::with_capacity(values.len() * digits as usize);
    for &v in values {
        for k in (0..digits).rev() {
            text.push(char::from(HEX[(v >> (4 * k) & 15) as usize]));
        }
    }
    text
}

/// The `Sequence` claim for values on [0, q + p) with least pre-period q and
/// least period p: finds one period witness per prime divisor of p and the
/// pre-period witness.
///
/// # Panics
/// If p is not the least period or q not the least pre-period of `values`
/// (no witness exists): the caller claimed something false.
pub fn sequence_claim(moves: &MoveSet, values: &[Value], q: u64, p: u64) -> SequenceClaim {
    let period_witnesses = period_witnesses(values, q, p);
    SequenceClaim {
        moves: moves.as_slice().to_vec(),
        preperiod: q,
        period: p,
        values: values[..(q + p) as usize]
            .iter()
            .map(|&v| v as u32)
            .collect(),
        period_witnesses,
        preperiod_witness: (q > 0).then(|| q - 1),
    }
}

/// One witness x ≥ q with G(x) ≠ G(x + p/r) per prime r | p, the first in
/// [q, q + p), from the values on [0, q + p) extended periodically.
///
/// # Panics
/// If p is not the least period or q not the least pre-period of `values`.
fn period_witnesses(values: &[Value], q: u64, p: u64) -> Vec<PeriodWitness> {
    let at = |x: u64| u32::from(values[if x < q + p { x } else { q + (x - q) % p } as usize]);
    witnesses_of(at, q, p)
}

/// The `Periodic` claim (format 2) for values on [0, q + p) with least
/// pre-period q and least period p: S, q, p and the period witnesses,
/// without the values (the checker recomputes them).
///
/// # Panics
/// As [`sequence_claim`].
pub fn periodic_claim(moves: &MoveSet, values: &[Value], q: u64, p: u64) -> PeriodicClaim {
    PeriodicClaim {
        moves: moves.as_slice().to_vec(),
        preperiod: q,
        period: p,
        period_witnesses: period_witnesses(values, q, p),
    }
}

/// A `Periodic` certificate (format 2) for a solved game.
pub fn periodic_certificate(game: &Periodicity, provenance: Provenance) -> Certificate {
    let claim = Claim::Periodic(periodic_claim(
        &game.moves,
        &game.values,
        game.qp.preperiod,
        game.qp.period,
    ));
    Certificate {
        format: claim.format_version(),
        provenance,
        claim,
    }
}

/// A `PeriodicTable` certificate (format 2): the claims, one a line, in the
/// given order (e.g. every triple of one sweep unit).
pub fn periodic_table_certificate(claims: &[PeriodicClaim], provenance: Provenance) -> Certificate {
    let mut games = String::new();
    for claim in claims {
        games.push_str(&nimcert_check::periodic::write_row(claim));
        games.push('\n');
    }
    let claim = Claim::PeriodicTable(PeriodicTableClaim { games });
    Certificate {
        format: claim.format_version(),
        provenance,
        claim,
    }
}

/// A `PSet` certificate for the P-positions of a solved game whose outcome
/// sequence is purely periodic; `None` when it is not.
pub fn pset_certificate(game: &Periodicity, provenance: Provenance) -> Option<Certificate> {
    let outcome = game.outcome();
    if outcome.preperiod != 0 {
        return None;
    }
    let period = outcome.period;
    let block: Vec<u64> = (0..period).filter(|&x| game.value(x) == 0).collect();
    Some(Certificate {
        format: FORMAT_VERSION,
        provenance,
        claim: Claim::PSet(pset_claim(&game.moves, period, block)),
    })
}

/// The `PSet` claim for a block H ⊆ [0, P) claimed to be W0(S) ∩ [0, P) with
/// P the least period of W0(S): finds the cover and minimality witnesses.
///
/// # Panics
/// If a residue outside H has no cover move or P is not the least period of
/// H + P·N: the caller claimed something false.
pub fn pset_claim(moves: &MoveSet, period: u64, block: Vec<u64>) -> PSetClaim {
    let mut in_block = vec![false; period as usize];
    for &h in &block {
        in_block[h as usize] = true;
    }
    let cover = (0..period)
        .filter(|&r| !in_block[r as usize])
        .map(|r| {
            let s = moves
                .as_slice()
                .iter()
                .copied()
                .find(|&s| s <= r && in_block[(r - s) as usize])
                .unwrap_or_else(|| panic!("residue {r} has no move into the block"));
            (r, s)
        })
        .collect();
    let period_witnesses = prime_factors(period)
        .into_iter()
        .map(|r| {
            let shift = period / r;
            let position = (0..period)
                .find(|&x| in_block[x as usize] != in_block[((x + shift) % period) as usize])
                .unwrap_or_else(|| panic!("P/{r} is a period of the block"));
            PeriodWitness { prime: r, position }
        })
        .collect();
    PSetClaim {
        moves: moves.as_slice().to_vec(),
        period,
        block,
        cover,
        period_witnesses,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimcert_check::sequence::Packed;

    fn claim(values: Vec<u32>) -> SequenceClaim {
        SequenceClaim {
            moves: vec![1],
            preperiod: 0,
            period: values.len() as u64,
            values,
            period_witnesses: Vec::new(),
            preperiod_witness: None,
        }
    }

    #[test]
    fn packing_takes_the_fewest_digits_and_the_checker_reads_back_the_list() {
        let lists: [(Vec<u32>, u32); 6] = [
            (vec![0, 0, 0], 1),
            (vec![0, 15, 3], 1),
            (vec![16, 0], 2),
            (vec![255, 1], 2),
            (vec![256, 4095, 7], 3),
            (vec![u32::MAX, 0, 65536], 8),
        ];
        for (values, digits) in lists {
            let packed = pack(claim(values.clone()));
            assert_eq!(packed.digits, digits, "{values:?}");
            assert_eq!(packed.values.len(), values.len() * digits as usize);
            let read = Packed::new(packed.digits, &packed.values).unwrap();
            assert_eq!(read.to_vec(), values);
        }
        assert_eq!(pack(claim(vec![0, 10, 2])).values, "0a2");
    }
}
