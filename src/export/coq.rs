//! A `Sequence` (or `PackedSequence`) or `PSet` certificate as a Coq proof
//! (docs/FORMAL.md).
//!
//! The file defines the certificate's numbers as binary naturals (`N`),
//! states the claim about the game in the semantics of `formal/`
//! (`Nimcert.Subtraction`: the mex rule, least period and pre-period), and
//! proves it by `vm_compute` of the verified checker
//! (`Nimcert.Certificate`) and its soundness theorem. The translation is
//! meant to be obviously faithful: every number of the certificate is
//! printed as it is, in the order of the certificate. Long lists are cut
//! into chunks of [`CHUNK`] items joined by `concat`, so that no list
//! literal is deep enough to overflow Coq's parser stack.
//!
//! `Octal`, `OctalPeriodic`, `Family` and `PrePeriodicFamily` certificates
//! are exported by [`super::octal`], [`super::family_coq`] and
//! [`super::preperiodic_coq`], in the same style and with the same pieces of
//! text (`coq_text`).

use super::coq_text::{
    definition, header, list, nat, numbers, option, periodicity, proof, record, witnesses,
};
use crate::check::format::LATEST_FORMAT_VERSION;
use crate::check::format::{Certificate, Claim, PSetClaim, PackedSequenceClaim, SequenceClaim};
use crate::check::sequence::Packed;

pub use super::coq_text::{Export, CHUNK};

/// The Coq checker of `Sequence` claims decides claims whose numbers
/// (moves, q + p, values) are below this bound: `bound` in
/// formal/theories/Certificate.v (tests/formal.rs checks they agree).
/// Beyond it the Coq checker declines, and the statement alone (unary
/// numbers) would exhaust Coq's memory, so nothing is exported. A `PSet`
/// claim has no bound: its checker (`check_psetN_cert`,
/// formal/theories/PSetFast.v) works on binary numbers.
pub const COQ_BOUND: u64 = 1 << 20;

/// Reads a certificate from RON text into the format's types (serde only;
/// no rule of the checker is applied, so an invalid claim is translated
/// as it is and fails in Coq). A `PackedSequence` claim (format 4) is read
/// as the `Sequence` claim it states, its values read by the checker's
/// `Packed`; a string that is not a packed list is an error.
pub fn parse(text: &str) -> Result<Certificate, String> {
    let certificate: Certificate = ron::from_str(text).map_err(|e| e.to_string())?;
    let needs = certificate.claim.format_version();
    if certificate.format < needs || certificate.format > LATEST_FORMAT_VERSION {
        return Err(format!(
            "format version {} does not have the claim kind {} (versions {needs} to {LATEST_FORMAT_VERSION} do)",
            certificate.format,
            certificate.claim.kind()
        ));
    }
    let Certificate {
        format,
        provenance,
        claim,
    } = certificate;
    let claim = match claim {
        Claim::PackedSequence(c) => Claim::Sequence(unpacked(c)?),
        other => other,
    };
    Ok(Certificate {
        format,
        provenance,
        claim,
    })
}

/// The `Sequence` claim a `PackedSequence` claim states.
fn unpacked(claim: PackedSequenceClaim) -> Result<SequenceClaim, String> {
    Ok(SequenceClaim {
        values: Packed::new(claim.digits, &claim.values)?.to_vec(),
        moves: claim.moves,
        preperiod: claim.preperiod,
        period: claim.period,
        period_witnesses: claim.period_witnesses,
        preperiod_witness: claim.preperiod_witness,
    })
}

/// The Coq file for `certificate`; `source` names where it came from (a
/// comment only).
pub fn export(certificate: &Certificate, source: &str) -> Export {
    let beyond = match &certificate.claim {
        Claim::Sequence(c) => sequence_beyond(c),
        Claim::PSet(_) => None,
        Claim::Octal(_) | Claim::OctalPeriodic(_) => {
            return super::octal::export(&certificate.claim, source)
        }
        Claim::Family(claim) => return super::family_coq::export(claim, source),
        Claim::PrePeriodicFamily(claim) => return super::preperiodic_coq::export(claim, source),
        other => return Export::Skipped(other.kind()),
    };
    if let Some(what) = beyond {
        return Export::Beyond(format!(
            "{what} is {COQ_BOUND} or more, beyond what the Coq checker decides (formal/theories/Certificate.v, `bound`)"
        ));
    }
    match &certificate.claim {
        Claim::Sequence(claim) => Export::Coq(sequence(claim, source)),
        Claim::PSet(claim) => Export::Coq(pset(claim, source)),
        other => Export::Skipped(other.kind()),
    }
}

/// The first of `numbers` at or beyond [`COQ_BOUND`], described.
fn beyond<T: Copy + Into<u64>>(what: &str, numbers: &[T]) -> Option<String> {
    numbers
        .iter()
        .map(|&n| n.into())
        .find(|&n| n >= COQ_BOUND)
        .map(|n| format!("{what} ({n})"))
}

fn sequence_beyond(c: &SequenceClaim) -> Option<String> {
    let length = c.preperiod.saturating_add(c.period);
    beyond("a move", &c.moves)
        .or_else(|| beyond("q + p", &[length]))
        .or_else(|| beyond("a value", &c.values))
}

/// The set {2,5,7}.
fn show_set(moves: &[u64]) -> String {
    let items: Vec<String> = moves.iter().map(u64::to_string).collect();
    format!("{{{}}}", items.join(","))
}

/// The claim as a Coq record of `Nimcert.Certificate`, with the given
/// terms for its moves and values.
fn sequence_record(claim: &SequenceClaim, moves: &str, values: &str) -> String {
    record(&[
        ("s_moves", moves.to_string()),
        ("s_preperiod", format!("{}%N", claim.preperiod)),
        ("s_period", format!("{}%N", claim.period)),
        ("s_values", values.to_string()),
        (
            "s_period_witnesses",
            format!("{}%N", witnesses(&claim.period_witnesses)),
        ),
        (
            "s_preperiod_witness",
            format!("({})%N", option(claim.preperiod_witness)),
        ),
    ])
}

/// [`sequence_record`] for a `PSet` claim, with its moves and block.
fn pset_record(claim: &PSetClaim, moves: &str, block: &str) -> String {
    record(&[
        ("p_moves", moves.to_string()),
        ("p_period", format!("{}%N", claim.period)),
        ("p_block", block.to_string()),
        (
            "p_cover",
            format!("{}%N", list(&claim.cover, |(r, s)| format!("({r}, {s})"))),
        ),
        (
            "p_period_witnesses",
            format!("{}%N", witnesses(&claim.period_witnesses)),
        ),
    ])
}

/// A Coq term that the virtual machine evaluates to the Coq checker's
/// verdict on the claim (0 accepted, 1 rejected, 3 beyond its bound;
/// `sequence_verdict` and `psetN_verdict` of formal/theories/Certificate.v),
/// or `None` for a claim kind it does not judge. For the differential test
/// against nimcheck (tests/formal.rs). Numbers beyond [`COQ_BOUND`] in a
/// `Sequence` claim make the term costly to evaluate; the caller leaves
/// them out (a `PSet` claim's numbers stay binary: no bound).
pub fn verdict_term(claim: &Claim) -> Option<String> {
    match claim {
        Claim::Sequence(c) => {
            let moves = format!("{}%N", numbers(&c.moves));
            let values = format!("{}%N", numbers(&c.values));
            Some(format!(
                "sequence_verdict {}",
                sequence_record(c, &moves, &values)
            ))
        }
        Claim::PSet(c) => {
            let moves = format!("{}%N", numbers(&c.moves));
            let block = format!("{}%N", numbers(&c.block));
            Some(format!("psetN_verdict {}", pset_record(c, &moves, &block)))
        }
        _ => None,
    }
}

/// The imports a file of [`verdict_term`]s needs.
pub const VERDICT_PRELUDE: &str = "From Coq Require Import List NArith.\n\
     From Nimcert Require Import Certificate.\n\
     Import ListNotations.\n";

/// A `Sequence` claim: G_S = v extended, least period p, least
/// pre-period q (`sequence_claim` of formal/theories/SequenceCheck.v).
fn sequence(claim: &SequenceClaim, source: &str) -> String {
    let (q, p) = (claim.preperiod, claim.period);
    let summary = format!(
        "Claim: the nim-sequence of the subtraction game S = {} is {}, with the {} values given on [0, q + p).",
        show_set(&claim.moves),
        periodicity(q, p),
        claim.values.len()
    );
    let statement = format!(
        "(** G_S(x) = v(x) for every x, where v is [values] extended by\n    \
             v(x) = v(q + (x - q) mod p); p = {p} is the least period of G_S and\n    \
             q = {q} the least pre-period for it. *)\n\
             Theorem nim_sequence : sequence_claim (nats moves) {} {} (nats values).\n",
        nat(q),
        nat(p),
    );
    subtraction_file(
        source,
        &summary,
        [
            ("moves", numbers(&claim.moves)),
            ("values", numbers(&claim.values)),
        ],
        ("sequence_cert", sequence_record(claim, "moves", "values")),
        &statement,
        "check_sequence_cert_sound",
    )
}

/// A `PSet` claim: W0(S) = H + P·N with P least (`pset_claim` of
/// formal/theories/PSetCheck.v).
fn pset(claim: &PSetClaim, source: &str) -> String {
    let period = claim.period;
    let summary = format!(
        "Claim: the P-positions of the subtraction game S = {} are H + {period}N for the block H of {} residues given, and {period} is their least period.",
        show_set(&claim.moves),
        claim.block.len()
    );
    let statement = format!(
        "(** G_S(x) = 0 exactly for x = h + k·P with h in [block], and P = {period}\n    \
             is the least period of the P-positions. *)\n\
             Theorem p_positions : pset_claim (nats moves) {} (nats block).\n",
        nat(period),
    );
    subtraction_file(
        source,
        &summary,
        [
            ("moves", numbers(&claim.moves)),
            ("block", numbers(&claim.block)),
        ],
        ("pset_cert", pset_record(claim, "moves", "block")),
        &statement,
        "check_psetN_cert_sound",
    )
}

/// The file of a subtraction game's claim: the header, two lists of `N`
/// (the moves, then the values or the block, as [`numbers`] writes them), the certificate record of
/// its type, the statement and its proof by `soundness`.
fn subtraction_file(
    source: &str,
    summary: &str,
    lists: [(&str, String); 2],
    (type_, record): (&str, String),
    statement: &str,
    soundness: &str,
) -> String {
    let mut out = header(source, summary);
    for (name, items) in lists {
        out += &definition(name, "list N", &format!("{items}%N"));
    }
    out + &definition("certificate", type_, &record) + statement + &proof(soundness)
}

/// A Coq module name for a certificate at `relative` (a path below the
/// folder given, or the file's own name): letters, digits and `_`,
/// starting with a letter (`a1/1-2-4.pset.ron` → `a1_1_2_4_pset`).
pub fn module_name(relative: &str) -> String {
    let stem = relative.strip_suffix(".ron").unwrap_or(relative);
    let mut name: String = stem
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    if !name.starts_with(|c: char| c.is_ascii_alphabetic()) {
        name.insert_str(0, "c_");
    }
    name
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEQUENCE: &str = "(format: 1, provenance: (tool: \"t\", method: Search(engine: \"e\")),
        claim: Sequence((moves: [1, 2, 4], preperiod: 0, period: 3, values: [0, 1, 2],
        period_witnesses: [(prime: 3, position: 0)], preperiod_witness: None)))";

    #[test]
    fn export_sequence_states_the_claim() {
        let certificate = parse(SEQUENCE).unwrap();
        let Export::Coq(text) = export(&certificate, "x.ron") else {
            panic!("not exported")
        };
        assert!(
            text.contains("Theorem nim_sequence : sequence_claim (nats moves) 0 3 (nats values).")
        );
        assert!(text.contains("Definition values : list N := [0; 1; 2]%N."));
        assert!(text.contains("s_period_witnesses := [(3, 0)]%N;"));
    }

    #[test]
    fn module_names_are_identifiers() {
        assert_eq!(module_name("a1/1-2-4.pset.ron"), "a1_1_2_4_pset");
        assert_eq!(module_name("1-2-4.ron"), "c_1_2_4");
    }

    #[test]
    fn wrong_format_version_is_refused() {
        let text = SEQUENCE.replace("format: 1", "format: 9");
        assert!(parse(&text).is_err());
    }

    #[test]
    fn numbers_beyond_the_bound_are_not_exported() {
        let text = SEQUENCE.replace("period: 3,", "period: 99999999,");
        let certificate = parse(&text).unwrap();
        assert!(
            matches!(export(&certificate, "x"), Export::Beyond(m) if m.contains("q + p (99999999)"))
        );
    }

    #[test]
    fn psets_have_no_bound() {
        let text = "(format: 1, provenance: (tool: \"t\", method: Search(engine: \"e\")),
            claim: PSet((moves: [2000000], period: 4000000, block: [0], cover: [],
            period_witnesses: [])))";
        let certificate = parse(text).unwrap();
        let Export::Coq(text) = export(&certificate, "x") else {
            panic!("not exported")
        };
        assert!(text.contains("pset_claim (nats moves) (N.to_nat 4000000) (nats block)"));
        assert!(text.contains("check_psetN_cert_sound"));
    }

    #[test]
    fn other_claims_are_skipped() {
        let text = "(format: 2, provenance: (tool: \"t\", method: Search(engine: \"e\")),
            claim: Periodic((moves: [1], preperiod: 0, period: 2, period_witnesses: [])))";
        let certificate = parse(text).unwrap();
        assert_eq!(export(&certificate, "x"), Export::Skipped("Periodic"));
    }
}
