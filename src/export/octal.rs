//! An `Octal` or `OctalPeriodic` certificate as a Coq proof
//! (docs/FORMAL.md, "Octal games").
//!
//! The file writes the code as the list of its digits `[d0; d1; …; dt]`,
//! the certificate's numbers as binary naturals (`N`), states the claim in
//! the semantics of `formal/theories/Octal.v` (`octal_rule`: the mex of
//! the options, two or three heaps valued by xor) and `OctalCheck.v`
//! (`octal_claim`, `octal_periodic_claim`), and proves it by `vm_compute`
//! of the verified checker `check_octal_cert` and its soundness theorem.
//! The style is [`super::coq`]'s, the pieces of text are shared with it.
//!
//! The Coq checker covers nimcheck's codes: hexadecimal digits, a digit
//! with bit 8 splitting a heap into three. With j = 3 for such a code (else
//! 2) it computes G on [0, L), L = j(q + p) + t + 1, listing (L − k)²/4
//! pairs for each digit d_k with bit 4 and about (L − k)³/3 steps of
//! triples for each digit with bit 8, on unary numbers, so certificates
//! with L over [`OCTAL_COQ_BOUND`] ([`OCTAL_COQ_BOUND_THREE`] when j = 3)
//! or more work than [`OCTAL_COQ_WORK`] are refused ([`Export::Beyond`]),
//! as is a code that is not of the form d0.d1…dt (nimcheck refuses it
//! without any work).

use super::coq_text::{
    definition, header, nat, numbers, option, periodicity, proof, record, witnesses, Export,
};
use crate::check::format::{Claim, PeriodWitness, SparseHint};

/// The longest L = 2(q + p) + t + 1 the Coq checker computes for a code of
/// at most two-heap splits: `octal_bound`
/// in formal/theories/OctalCheck.v (tests/formal_octal.rs checks they
/// agree). Kayles (0.77) at L = 4096 takes about 25 s of `coqc` on the
/// shared 2-core machine (docs/FORMAL.md, "Octal games").
pub const OCTAL_COQ_BOUND: u64 = 4096;

/// The longest L = 3(q + p) + t + 1 the Coq checker computes for a code
/// with three-heap splits (a digit with bit 8): `octal_bound_three` in
/// formal/theories/OctalCheck.v (tests/formal_octal.rs checks they agree).
/// The work bound [`OCTAL_COQ_WORK`] is the tighter one in practice.
pub const OCTAL_COQ_BOUND_THREE: u64 = 1024;

/// The most split pairs the export lets the Coq checker list: the sum over
/// the digits d_k with bit 4 of (L − k)²/4, plus (t + 1)·L, plus for the
/// digits with bit 8 a weighted count of the triples (`work`). Kayles at
/// L = 4096 counts 8.4·10^6 (about 26 s); a long code within
/// [`OCTAL_COQ_BOUND`] could count a thousand times more.
pub const OCTAL_COQ_WORK: u64 = 20_000_000;

/// The fields of either octal claim kind; `values` is `None` for
/// `OctalPeriodic`.
struct OctalView<'a> {
    code: &'a str,
    preperiod: u64,
    period: u64,
    values: Option<&'a [u32]>,
    period_witnesses: &'a [PeriodWitness],
    preperiod_witness: Option<u64>,
    sparse: Option<SparseHint>,
}

impl<'a> OctalView<'a> {
    fn of(claim: &'a Claim) -> Option<OctalView<'a>> {
        match claim {
            Claim::Octal(c) => Some(OctalView {
                code: &c.code,
                preperiod: c.preperiod,
                period: c.period,
                values: Some(&c.values),
                period_witnesses: &c.period_witnesses,
                preperiod_witness: c.preperiod_witness,
                sparse: c.sparse,
            }),
            Claim::OctalPeriodic(c) => Some(OctalView {
                code: &c.code,
                preperiod: c.preperiod,
                period: c.period,
                values: None,
                period_witnesses: &c.period_witnesses,
                preperiod_witness: c.preperiod_witness,
                sparse: c.sparse,
            }),
            _ => None,
        }
    }
}

/// The digits [d0, d1, …, dt] of a code "d0.d1…dt" (one hexadecimal digit,
/// a point, one or more hexadecimal digits; "X.0" with X ≠ 0 is t = 0, as
/// nimcheck reads it), or `None` for any other text. The rules on the
/// digits (d0 ∈ {0, 4, 8, 12}, the last non-zero) are the Coq checker's
/// (`code_ok`).
pub fn code_digits(code: &str) -> Option<Vec<u32>> {
    let (whole, rest) = code.split_once('.')?;
    let mut chars = whole.chars();
    let d0 = chars.next()?.to_digit(16)?;
    if chars.next().is_some() || rest.is_empty() {
        return None;
    }
    let rest: Vec<u32> = rest
        .chars()
        .map(|c| c.to_digit(16))
        .collect::<Option<_>>()?;
    let mut digits = vec![d0];
    if !(d0 != 0 && rest == [0]) {
        digits.extend(rest);
    }
    Some(digits)
}

/// j, the most heaps a move leaves: 3 when a digit has bit 8, else 2
/// (`heaps` in formal/theories/Octal.v, `Code::heaps` in nimcheck).
fn heaps(digits: &[u32]) -> u64 {
    if digits.iter().any(|&d| d & 8 != 0) {
        3
    } else {
        2
    }
}

/// L = j(q + p) + t + 1, saturating.
fn length(view: &OctalView, digits: &[u32]) -> u64 {
    view.preperiod
        .saturating_add(view.period)
        .saturating_mul(heaps(digits))
        .saturating_add(digits.len() as u64)
}

/// The Coq file for an `Octal` or `OctalPeriodic` claim (any other claim
/// kind is [`Export::Skipped`]).
pub fn export(claim: &Claim, source: &str) -> Export {
    let Some(view) = OctalView::of(claim) else {
        return Export::Skipped(claim.kind());
    };
    let Some(digits) = code_digits(view.code) else {
        return Export::Beyond(format!(
            "the octal code {:?} is not of the form d0.d1…dt, so it states no game the Coq checker decides",
            view.code
        ));
    };
    let length = length(&view, &digits);
    if heaps(&digits) == 3 {
        if length > OCTAL_COQ_BOUND_THREE {
            return Export::Beyond(format!(
                "L = 3(q + p) + t + 1 ({length}) is over {OCTAL_COQ_BOUND_THREE}, beyond what the Coq checker decides for three-heap splits (formal/theories/OctalCheck.v, `octal_bound_three`)"
            ));
        }
    } else if length > OCTAL_COQ_BOUND {
        return Export::Beyond(format!(
            "L = 2(q + p) + t + 1 ({length}) is over {OCTAL_COQ_BOUND}, beyond what the Coq checker decides (formal/theories/OctalCheck.v, `octal_bound`)"
        ));
    }
    let work = work(&digits, length);
    if work > OCTAL_COQ_WORK {
        return Export::Beyond(format!(
            "the Coq checker would list {work} split pairs and options (three-heap steps weighted), over {OCTAL_COQ_WORK} (OCTAL_COQ_WORK in src/export/octal.rs)"
        ));
    }
    Export::Coq(file(&view, &digits, source))
}

/// The pairs of the splits of G on [0, L) and the other options:
/// Σ (L − k)²/4 over the digits d_k with bit 4, plus (t + 1)·L, plus
/// TRIPLE_WEIGHT·(L − k)³/3 over the digits d_k with bit 8.
///
/// The triples: for a heap n and a digit d_k with bit 8, the Coq checker
/// (`options_at` in formal/theories/Octal.v) takes each first heap
/// 1 ≤ a ≤ n − k − 2 and lists the pairs of n − k − a, walking lists of
/// about n entries for each a: n² steps a heap, (L − k)³/3 on [0, L). The
/// values of these games grow with n (0.8: no period below 3000), and the
/// mex of a list of ~n² values, on unary numbers, costs its value times the
/// list, so each step is weighted by TRIPLE_WEIGHT (measured: 0.8 at
/// L = 200, 2.7·10^6 steps, took 50 s of `coqc` on the shared 2-core
/// machine, as much as Kayles' 2·10^7 pairs).
fn work(digits: &[u32], length: u64) -> u64 {
    const TRIPLE_WEIGHT: u64 = 8;
    let splits = (0u64..)
        .zip(digits)
        .filter(|(_, &d)| d & 4 != 0)
        .map(|(k, _)| length.saturating_sub(k).pow(2) / 4)
        .fold(0u64, u64::saturating_add);
    let triples = (0u64..)
        .zip(digits)
        .filter(|(_, &d)| d & 8 != 0)
        .map(|(k, _)| {
            let m = length.saturating_sub(k);
            m.saturating_mul(m).saturating_mul(m) / 3
        })
        .fold(0u64, u64::saturating_add);
    splits
        .saturating_add(triples.saturating_mul(TRIPLE_WEIGHT))
        .saturating_add((digits.len() as u64).saturating_mul(length))
}

/// The certificate as a Coq record of `Nimcert.OctalCheck`, its code and
/// values given as terms.
fn octal_record(view: &OctalView, code: &str, values: &str) -> String {
    let sparse = match view.sparse {
        None => "None".to_string(),
        Some(h) => format!(
            "Some ({}, {})",
            h.mask,
            option(h.position_parity.map(u64::from))
        ),
    };
    record(&[
        ("o_code", code.to_string()),
        ("o_preperiod", format!("{}%N", view.preperiod)),
        ("o_period", format!("{}%N", view.period)),
        ("o_values", values.to_string()),
        (
            "o_period_witnesses",
            format!("{}%N", witnesses(view.period_witnesses)),
        ),
        (
            "o_preperiod_witness",
            format!("({})%N", option(view.preperiod_witness)),
        ),
        ("o_sparse", format!("({sparse})%N")),
    ])
}

/// The code in the statement's form: "0.77" shown as d0.d1…dt.
fn show_code(digits: &[u32]) -> String {
    let text: String = digits
        .iter()
        .filter_map(|&d| char::from_digit(d, 16))
        .collect();
    match text.split_at(1) {
        (d0, "") => format!("{d0}.0"),
        (d0, rest) => format!("{d0}.{rest}"),
    }
}

fn file(view: &OctalView, digits: &[u32], source: &str) -> String {
    let (q, p) = (view.preperiod, view.period);
    let shape = periodicity(q, p);
    let code = show_code(digits);
    let (summary, statement) = match view.values {
        Some(values) => (
            format!(
                "Claim: the nim-sequence of the octal game {code} is {shape}, with the {} values given on [0, q + p).",
                values.len()
            ),
            format!(
                "(** G(n) = v(n) for every n, where v is [values] extended by\n    \
                 v(n) = v(q + (n - q) mod p); p = {p} is the least period of G and\n    \
                 q = {q} the least pre-period for it. *)\n\
                 Theorem octal_sequence : octal_claim code {} {} (nats values).\n",
                nat(q),
                nat(p)
            ),
        ),
        None => (
            format!("Claim: the nim-sequence of the octal game {code} is {shape} (values computed, none listed)."),
            format!(
                "(** p = {p} is the least period of G and q = {q} the least\n    \
                 pre-period for it. *)\n\
                 Theorem octal_periodic : octal_periodic_claim code {} {}.\n",
                nat(q),
                nat(p)
            ),
        ),
    };
    let mut out = header(source, &summary);
    out.push_str("From Nimcert Require Import Octal OctalCheck.\n\n");
    out += &format!("(** The octal game {code}: its digits [d0; d1; ...; dt]. *)\n");
    out += &definition("code", "list nat", &numbers(digits));
    let values_term = match view.values {
        Some(values) => {
            out += &definition("values", "list N", &format!("{}%N", numbers(values)));
            "Some values"
        }
        None => "None",
    };
    out += &definition(
        "certificate",
        "octal_cert",
        &octal_record(view, "code", values_term),
    );
    out += &statement;
    out + &proof("check_octal_cert_sound")
}

/// A Coq term that the virtual machine evaluates to the Coq checker's
/// verdict (0 accepted, 1 rejected, 3 beyond its bound; `octal_verdict`
/// of formal/theories/OctalCheck.v), or `None` for a claim that is not
/// `Octal` or `OctalPeriodic` or whose code is not of the form d0.d1…dt.
/// For the differential test against nimcheck (tests/formal_octal.rs).
pub fn verdict_term(claim: &Claim) -> Option<String> {
    let view = OctalView::of(claim)?;
    let digits = code_digits(view.code)?;
    let values = view
        .values
        .map_or("None".to_string(), |v| format!("Some ({}%N)", numbers(v)));
    Some(format!(
        "octal_verdict {}",
        octal_record(&view, &numbers(&digits), &values)
    ))
}

/// The imports a file of [`verdict_term`]s needs.
pub const VERDICT_PRELUDE: &str = "From Coq Require Import List NArith.\n\
     From Nimcert Require Import OctalCheck.\n\
     Import ListNotations.\n";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_read_as_nimcheck_reads_them() {
        assert_eq!(code_digits("0.77"), Some(vec![0, 7, 7]));
        assert_eq!(code_digits("4.0"), Some(vec![4]));
        assert_eq!(code_digits("0.0"), Some(vec![0, 0]));
        assert_eq!(code_digits("4.07"), Some(vec![4, 0, 7]));
        assert_eq!(code_digits("0.7f"), Some(vec![0, 7, 15]));
        for bad in ["0,77", "0.", ".7", "00.7", "0.7 ", "0.7g", ""] {
            assert_eq!(code_digits(bad), None, "{bad:?}");
        }
        assert_eq!(show_code(&[0, 7, 7]), "0.77");
        assert_eq!(show_code(&[4]), "4.0");
        assert_eq!(code_digits("8.0"), Some(vec![8]));
        assert_eq!(code_digits("C.B"), Some(vec![12, 11]));
        assert_eq!(heaps(&[0, 7, 7]), 2);
        assert_eq!(heaps(&[8]), 3);
        assert_eq!(heaps(&[0, 1, 11]), 3);
    }
}
