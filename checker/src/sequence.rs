//! Rules for a `Sequence` claim: the nim-sequence of a subtraction game.
//!
//! Claim: for S with largest move c, the nim-sequence G_S has least
//! pre-period q, least period p, and G_S(x) = v(x) for the claimed values v
//! on [0, q + p), extended by v(x) = v(q + (x − q) mod p) for x ≥ q + p.
//!
//! **Rule 1 (recurrence).** v(x) = mex{ v(x − s) : s ∈ S, s ≤ x } for every
//! x < q + p + c. *Proof that v = G_S:* let x ≥ q + p + c. Every move is
//! legal at x and at x − p (both are at least c), every option x − s is at
//! least x − c ≥ q + p, and the extension gives v(x) = v(x − p) and
//! v(x − s) = v(x − p − s): the equation at x is the equation at
//! x − p ≥ q + c, so by induction it holds for all x. The mex recurrence has
//! exactly one solution (each value is fixed by the smaller ones), so
//! v = G_S. Hence G_S is p-periodic from q.
//!
//! **Rule 2 (least period).** For each prime r | p a witness x ≥ q with
//! v(x) ≠ v(x + p/r). *Proof:* see `crate::number`: a smaller least
//! period d would divide p/r for some r, and since G_S is p-periodic from q,
//! p/r would be a period from q (for x ≥ q: G(x + p/r) = G(x + p/r + kp) =
//! G(x + kp) = G(x) with k large), contradicting the witness.
//!
//! **Rule 3 (least pre-period).** q = 0, or the witness is q − 1 and
//! v(q − 1) ≠ v(q − 1 + p). *Proof:* then p is not a period from q − 1, so
//! no smaller pre-period works for the least period p (the argument is
//! spelled out in [`crate::periodic`], Rule 3).
//!
//! The checker computes G_S on [0, q + p + c) by the mex rule (`mex.rs`)
//! and compares it with v; the first x where they differ is the first x
//! where v breaks the recurrence (all smaller positions agree, so the
//! options of x have the same values under both).
//!
//! **Format 4 (`PackedSequence`).** The claim is the `Sequence` claim with
//! the values [`Packed`] reads from its string, and is checked by the same
//! rules: the string is validated first (refused, exit 2, when it is not a
//! packed list), then the three rules run on its values.

use crate::format::{PackedSequenceClaim, PeriodWitness, SequenceClaim};
use crate::mex::Values;
use crate::moves::{check_moves, show_set};
use crate::periodic::{admit_game, check_least_period, check_preperiod_witness, summary};
use crate::{undecided, wrong, Failure, Limits, Verdict};

/// The fields of a `Sequence` claim, whichever form its values came in.
struct Parts<'a> {
    moves: &'a [u64],
    q: u64,
    p: u64,
    values: ValueList<'a>,
    period_witnesses: &'a [PeriodWitness],
    preperiod_witness: Option<u64>,
}

/// The claimed values v on [0, q + p): listed (format 1) or packed
/// (format 4, read where they lie, never copied).
#[derive(Clone, Copy)]
enum ValueList<'a> {
    Listed(&'a [u32]),
    Packed(Packed<'a>),
}

impl ValueList<'_> {
    fn len(&self) -> usize {
        match self {
            ValueList::Listed(values) => values.len(),
            ValueList::Packed(packed) => packed.len(),
        }
    }

    /// Value i, for i < `len()`.
    fn at(&self, i: usize) -> u32 {
        match self {
            ValueList::Listed(values) => values[i],
            ValueList::Packed(packed) => packed.at(i),
        }
    }
}

/// Checks a `Sequence` claim.
pub fn check(claim: &SequenceClaim, limits: &Limits) -> Verdict {
    let parts = Parts {
        moves: &claim.moves,
        q: claim.preperiod,
        p: claim.period,
        values: ValueList::Listed(&claim.values),
        period_witnesses: &claim.period_witnesses,
        preperiod_witness: claim.preperiod_witness,
    };
    verdict(admit(claim, limits).and_then(|()| check_parts(&parts)))
}

/// Checks a `PackedSequence` claim (format 4): the limits, the packed
/// string ([`Packed::new`]: not a packed list is exit 2), then the rules
/// of `Sequence` on its values.
pub fn check_packed(claim: &PackedSequenceClaim, limits: &Limits) -> Verdict {
    let checked = admit_packed(claim, limits)
        .and_then(|()| Packed::new(claim.digits, &claim.values).or_else(undecided))
        .and_then(|packed| {
            check_parts(&Parts {
                moves: &claim.moves,
                q: claim.preperiod,
                p: claim.period,
                values: ValueList::Packed(packed),
                period_witnesses: &claim.period_witnesses,
                preperiod_witness: claim.preperiod_witness,
            })
        });
    verdict(checked)
}

fn verdict(checked: Result<String, Failure>) -> Verdict {
    match checked {
        Ok(summary) => Verdict::Valid(summary),
        Err(failure) => failure.into_verdict(),
    }
}

/// The limits: the moves, q + p (`--max-period`) and the work of computing
/// G_S on [0, q + p + c) (`--max-work`).
pub(crate) fn admit(claim: &SequenceClaim, limits: &Limits) -> Result<(), Failure> {
    admit_game(&claim.moves, claim.preperiod, claim.period, limits)
}

/// The limits of a `PackedSequence` claim: those of `Sequence`.
pub(crate) fn admit_packed(claim: &PackedSequenceClaim, limits: &Limits) -> Result<(), Failure> {
    admit_game(&claim.moves, claim.preperiod, claim.period, limits)
}

/// The most hexadecimal digits of a packed value: 8 digits write every
/// u32, and 16^8 = 2^32, so no value of 8 digits overflows a u32.
pub const MAX_DIGITS: u32 = 8;

/// The values of a `PackedSequence` claim, read in place: value i is the
/// base-16 number written by the w = `digits` characters from i·w on, most
/// significant digit first.
///
/// *Why this is the list the writer packed:* for w in 1..=8, writing a
/// number below 16^w as exactly w base-16 digits (leading zeros included)
/// is a bijection onto the strings of w digits, so each block of w
/// characters names exactly one value, which fits a u32 (16^w ≤ 2^32; the
/// fold v·16 + d stays below 16^w at every step); and cutting a string
/// whose length is a multiple of w into blocks of w is unique. Any other
/// string is refused by [`Packed::new`] before a value is read.
#[derive(Clone, Copy, Debug)]
pub struct Packed<'a> {
    bytes: &'a [u8],
    w: usize,
}

impl<'a> Packed<'a> {
    /// Accepts `values` as a packed list of `digits` digits a value, or
    /// says why not: `digits` outside 1..=8, a length that is not a
    /// multiple of `digits`, or a byte that is not a digit `0`–`9`, `a`–`f`
    /// (upper case neither, so that every list has one packed form; the
    /// message names the first such byte's offset: every byte before it is
    /// an ASCII digit, so the offset is a character boundary). Reads each
    /// byte once and allocates nothing.
    pub fn new(digits: u32, values: &'a str) -> Result<Self, String> {
        if !(1..=MAX_DIGITS).contains(&digits) {
            return Err(format!(
                "packed values: digits must be 1 to {MAX_DIGITS}, not {digits}"
            ));
        }
        let (bytes, w) = (values.as_bytes(), digits as usize);
        if bytes.len() % w != 0 {
            return Err(format!(
                "packed values: {} characters is not a multiple of digits = {w}",
                bytes.len()
            ));
        }
        if let Some(offset) = bytes
            .iter()
            .position(|&b| DIGIT[usize::from(b)] == NOT_A_DIGIT)
        {
            return Err(bad_digit(values, offset));
        }
        Ok(Packed { bytes, w })
    }

    /// The number of values.
    pub fn len(&self) -> usize {
        self.bytes.len() / self.w
    }

    /// Whether there are no values.
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// Value i, for i < [`len`](Self::len).
    pub fn at(&self, i: usize) -> u32 {
        if self.w == 1 {
            return hex_digit(self.bytes[i]);
        }
        let block = &self.bytes[i * self.w..(i + 1) * self.w];
        block.iter().fold(0, |v, &b| v << 4 | hex_digit(b))
    }

    /// All values, in order (for a reader that wants them as a list, such
    /// as `nimcert export coq`).
    pub fn to_vec(&self) -> Vec<u32> {
        (0..self.len()).map(|i| self.at(i)).collect()
    }
}

/// Marks a byte that is not a digit in [`DIGIT`].
const NOT_A_DIGIT: u8 = 16;

/// The value of each byte as a hexadecimal digit: `0`–`9` are 0–9, `a`–`f`
/// are 10–15, every other byte is [`NOT_A_DIGIT`]. ([`Packed::new`]
/// refuses a string with any other byte, so [`Packed::at`] only ever sees
/// digits.)
const DIGIT: [u8; 256] = {
    let mut table = [NOT_A_DIGIT; 256];
    // d is a u8 below 16 and both indices widen (u8 to usize): no cast
    // narrows.
    let mut d: u8 = 0;
    while d < 16 {
        table[b"0123456789abcdef"[d as usize] as usize] = d;
        d += 1;
    }
    table
};

/// The value of one byte as a digit (see [`DIGIT`]).
fn hex_digit(byte: u8) -> u32 {
    u32::from(DIGIT[usize::from(byte)])
}

/// The message for a byte of a packed string that is not a digit.
fn bad_digit(values: &str, offset: usize) -> String {
    let shown = match values.get(offset..).and_then(|rest| rest.chars().next()) {
        Some(c) => format!("{c:?}"),
        None => format!("byte {:#04x}", values.as_bytes()[offset]),
    };
    format!("packed values: character {offset} is {shown}, not a hexadecimal digit 0-9, a-f")
}

fn check_parts(claim: &Parts) -> Result<String, Failure> {
    let moves = claim.moves;
    let c = check_moves(moves)?;
    let (q, p) = (claim.q, claim.p);
    if p == 0 {
        return wrong("the period must be at least 1".to_string());
    }
    let length = q + p; // admitted: no overflow
    if claim.values.len() as u64 != length {
        return wrong(format!(
            "{} values given, but q + p = {length}",
            claim.values.len()
        ));
    }
    let v = |x: u64| -> u32 {
        let i = if x < length { x } else { q + (x - q) % p };
        claim.values.at(i as usize)
    };
    let mut g = Values::default();
    g.compute(moves, length + c)?;
    let first = match claim.values {
        ValueList::Listed(list) => first_difference(move |i| list[i], q, p, c, &g),
        ValueList::Packed(packed) => first_difference(move |i| packed.at(i), q, p, c, &g),
    };
    check_recurrence(moves, first, &v, &g)?;
    check_least_period(q, p, claim.period_witnesses, &v)?;
    check_preperiod_witness(q, p, claim.preperiod_witness, &v)?;
    Ok(summary(moves, q, p, &v))
}

/// The first x in [0, q + p + c) where v(x) ≠ G_S(x), for v(x) =
/// `at(i)` with i = x below q + p and i = q + (x − q) mod p from there:
/// first [0, q + p) with i = x, then [q + p, q + p + c) with i walking
/// from q, wrapping from q + p back to q (no division; `find_difference`
/// calls its closure once per x, in increasing order). Needs p ≥ 1 and
/// `at` defined on [0, q + p).
fn first_difference(
    at: impl Fn(usize) -> u32 + Copy,
    q: u64,
    p: u64,
    c: u64,
    g: &Values,
) -> Option<u64> {
    let length = q + p; // admitted: no overflow
    let (q, end) = (q as usize, length as usize);
    g.find_difference(0..length, move |x| at(x as usize))
        .or_else(|| {
            let mut i = q;
            g.find_difference(length..length + c, move |_| {
                let value = at(i);
                i = if i + 1 == end { q } else { i + 1 };
                value
            })
        })
}

/// Rule 1 on [0, q + p + c): v(x) = G_S(x), the mex of the option values,
/// given `first`, the first x where they differ ([`first_difference`]).
fn check_recurrence(
    moves: &[u64],
    first: Option<u64>,
    v: &impl Fn(u64) -> u32,
    g: &Values,
) -> Result<(), Failure> {
    let Some(x) = first else {
        return Ok(());
    };
    // Below x, v = G_S: the options of x have the same values under both.
    let mut shown: Vec<u64> = moves
        .iter()
        .take_while(|&&s| s <= x)
        .map(|&s| u64::from(g.at(x - s)))
        .collect();
    shown.sort_unstable();
    shown.dedup();
    wrong(format!(
        "recurrence fails at x = {x}: claimed {}, mex of options {} is {}",
        v(x),
        show_set(&shown),
        g.at(x)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{Certificate, Claim, Method, Provenance};

    fn packed(digits: u32, values: &str) -> Result<Vec<u32>, String> {
        Packed::new(digits, values).map(|p| p.to_vec())
    }

    #[test]
    fn packed_values_read_as_fixed_width_hexadecimal() {
        assert_eq!(packed(1, "0011220"), Ok(vec![0, 0, 1, 1, 2, 2, 0]));
        assert_eq!(packed(2, "00ff0a"), Ok(vec![0, 255, 10]));
        assert_eq!(packed(8, "ffffffff00000001"), Ok(vec![u32::MAX, 1]));
        assert_eq!(packed(3, ""), Ok(vec![]));
        assert_eq!(packed(4, "0123456789abcdef").unwrap().len(), 4);
    }

    #[test]
    fn a_string_that_is_not_a_packed_list_is_refused_naming_why() {
        let cases = [
            (0, "0", "digits must be 1 to 8, not 0"),
            (9, "000000000", "digits must be 1 to 8, not 9"),
            (2, "012", "3 characters is not a multiple of digits = 2"),
            (1, "01A", "character 2 is 'A', not a hexadecimal digit"),
            (1, "0 1", "character 1 is ' ', not a hexadecimal digit"),
            (1, "0,1", "character 1 is ',', not a hexadecimal digit"),
            (1, "01g", "character 2 is 'g'"),
            (1, "-1", "character 0 is '-'"),
            (2, "00é", "character 2 is 'é'"),
            (1, "0\n", "character 1 is '\\n'"),
        ];
        for (digits, text, why) in cases {
            let error = packed(digits, text).unwrap_err();
            assert!(error.contains(why), "{digits} {text:?}: {error}");
        }
    }

    fn certificate(claim: PackedSequenceClaim) -> Certificate {
        Certificate {
            format: 4,
            provenance: Provenance {
                tool: "test".to_string(),
                method: Method::Search {
                    engine: "test".to_string(),
                },
            },
            claim: Claim::PackedSequence(claim),
        }
    }

    /// S = {1, 2}: purely periodic, period 3 (values 012).
    fn one_two(values: &str) -> PackedSequenceClaim {
        PackedSequenceClaim {
            moves: vec![1, 2],
            preperiod: 0,
            period: 3,
            digits: 1,
            values: values.to_string(),
            period_witnesses: vec![PeriodWitness {
                prime: 3,
                position: 0,
            }],
            preperiod_witness: None,
        }
    }

    fn verdict(claim: PackedSequenceClaim) -> Verdict {
        crate::check_certificate(&certificate(claim), &Limits::default())
    }

    #[test]
    fn a_packed_claim_is_judged_as_its_sequence_claim() {
        let mut listed = certificate(one_two("012"));
        listed.format = 1;
        listed.claim = Claim::Sequence(SequenceClaim {
            moves: vec![1, 2],
            preperiod: 0,
            period: 3,
            values: vec![0, 1, 2],
            period_witnesses: vec![PeriodWitness {
                prime: 3,
                position: 0,
            }],
            preperiod_witness: None,
        });
        let listed = crate::check_certificate(&listed, &Limits::default());
        assert!(matches!(listed, Verdict::Valid(_)), "{listed:?}");
        assert_eq!(verdict(one_two("012")), listed);
        let mut wide = one_two("0000000100020000");
        wide.digits = 4;
        assert_eq!(
            verdict(wide.clone()),
            Verdict::Invalid("4 values given, but q + p = 3".to_string())
        );
        wide.values.truncate(12);
        assert_eq!(verdict(wide), listed);
    }

    #[test]
    fn a_wrong_or_malformed_packed_claim_is_refused_with_the_exit_of_its_fault() {
        assert_eq!(
            verdict(one_two("011")),
            Verdict::Invalid(
                "recurrence fails at x = 2: claimed 1, mex of options {0,1} is 2".to_string()
            )
        );
        assert_eq!(
            verdict(one_two("01")),
            Verdict::Invalid("2 values given, but q + p = 3".to_string())
        );
        let malformed = verdict(one_two("01x"));
        assert_eq!(
            malformed,
            Verdict::Undecidable(
                "packed values: character 2 is 'x', not a hexadecimal digit 0-9, a-f".to_string()
            )
        );
        let mut zero = one_two("012");
        zero.digits = 0;
        assert_eq!(verdict(zero).exit_code(), 2);
        let mut old = certificate(one_two("012"));
        old.format = 3;
        assert_eq!(
            crate::check_certificate(&old, &Limits::default()),
            Verdict::Undecidable(
                "a PackedSequence claim needs format version 4, but the certificate says 3"
                    .to_string()
            )
        );
    }

    #[test]
    fn the_extension_past_q_plus_p_wraps_to_q() {
        // S = {3}: values 0,0,0,1,1,1 repeated: q = 0, p = 6; c = 3 more
        // positions checked past q + p. Claimed as q = 1, p = 5, the
        // extension reads v(6), v(7), v(8) = values 1, 2, 3 (from q on):
        // 0, 0 agree with G, and 1 at x = 8 does not.
        let claim = PackedSequenceClaim {
            moves: vec![3],
            preperiod: 0,
            period: 6,
            digits: 1,
            values: "000111".to_string(),
            period_witnesses: vec![
                PeriodWitness {
                    prime: 2,
                    position: 0,
                },
                PeriodWitness {
                    prime: 3,
                    position: 1,
                },
            ],
            preperiod_witness: None,
        };
        assert!(matches!(verdict(claim.clone()), Verdict::Valid(_)));
        let shifted = PackedSequenceClaim {
            preperiod: 1,
            period: 5,
            values: "000111".to_string(),
            ..claim
        };
        assert_eq!(
            verdict(shifted),
            Verdict::Invalid(
                "recurrence fails at x = 8: claimed 1, mex of options {1} is 0".to_string()
            )
        );
    }
}
