//! Certificates in the input format of `nimjudge`, the judge extracted
//! from Coq (docs/FORMAL.md, "The extracted judge").
//!
//! One item a line, after the line `nimjudge 1`: `certificate PATH`, then
//! the certificate's claims, each as the checkers of
//! `formal/theories/Judge.v` take them:
//!
//! - `periodic MOVES;Q;P;WITNESSES` for a `Periodic` claim, and for each
//!   line of a `PeriodicTable`, which already has this form (copied as it
//!   is: a line nimcheck cannot parse is one the judge cannot either); a
//!   `Periodic` claim's line is followed by `;H` when [`hole`] finds that
//!   the moves are [1, 2H] \ {H} (the judge then decides the claim by
//!   `Hole.hole_verdict`, without computing G_S);
//! - `sequence MOVES;Q;P;VALUES;WITNESSES;QW` for a `Sequence` claim (a
//!   `PackedSequence` is written as the `Sequence` it states), followed by
//!   `;N:S` when [`refutation`] finds two listed values that the mex rule
//!   makes different (the judge checks the pair by
//!   `Refute.refutes_sound` and rejects the claim without computing G);
//! - `pset MOVES;P;BLOCK;COVER;WITNESSES` for a `PSet` claim, COVER as
//!   pairs `RESIDUE:MOVE` (judged by `check_psetN` of
//!   formal/theories/PSetFast.v, on binary numbers, without a bound);
//! - for an `Avoidance` claim, its geometry, W, nim number and 𝓜 (not the
//!   structure diagram, which the judge does not check), judged by the
//!   verdicts of `formal/theories/AvoidanceJudge.v`:
//!   `avoidance-vertices VERTICES;EDGES;W;NIM;MAXIMAL`,
//!   `avoidance-edges VERTICES;EDGES;W;NIM;MAXIMAL`,
//!   `avoidance-closure POINTS;SETS;W;NIM;MAXIMAL` and
//!   `avoidance-affine POINTS;W;NIM;MAXIMAL`, EDGES as pairs `A:B`, affine
//!   POINTS as pairs `X:Y` (signed), SETS and MAXIMAL as sets `{…}` one
//!   after another (`{0,1}{}{2}`);
//! - `octal DIGITS;Q;P;VALUES;WITNESSES;QW;SPARSE` for an `Octal` claim and
//!   `octal-periodic DIGITS;Q;P;WITNESSES;QW;SPARSE` for an `OctalPeriodic`
//!   one, judged by `check_octal_cert` of formal/theories/OctalCheck.v:
//!   DIGITS the code's digits d0, d1, …, dt as `code_digits` of
//!   [`super::octal`] reads them (`-` when it does not read, which the
//!   judge refuses as unreadable, as nimcheck refuses the code), SPARSE `MASK`, `MASK:PARITY` or
//!   nothing;
//! - `family-tail A;B;RHO;K0;BASE;TAIL;L;U0;K` and
//!   `family-base A;B;RHO;K0;BASE;P0` for a `Family` claim, and
//!   `preperiodic A;B;RHO;K0;QS;QO;PS;PO;PRE;PER;R;K;M[;MARKER;KL;ML]` for
//!   a `PrePeriodicFamily` one (blocks `WORD:SLOPE:OFFSET` joined by `|`),
//!   judged for every k ≥ k0 by the verdicts of
//!   formal/theories/FamilyJudge.v; the thresholds and the marker's end
//!   are the hints the exported Coq files use, checked by the verdicts;
//! - `skipped KIND` for any other claim kind (and `skipped KIND: WHY` for a
//!   family beyond the checkers' unary bounds), which the judge counts and
//!   never reports as accepted.
//!
//! The translation is meant to be obviously faithful (it is part of what
//! the judge trusts): every number of the certificate is printed as it is,
//! in its order.

use super::octal::code_digits;
use super::{family_coq, preperiodic_coq};
use crate::check::format::{
    AvoidanceClaim, AvoidanceGeometry, Block, Certificate, Claim, FamilyClaim, FamilyShape,
    PSetClaim, PeriodWitness, PrePeriodicFamilyClaim, SequenceClaim, SparseHint,
};
use crate::check::periodic::write_row;
use std::fmt::Display;

/// The first line of the format.
pub const HEADER: &str = "nimjudge 1";

/// The lines of one certificate, each ending in a newline. `path` names it
/// in the judge's verdicts (line breaks in it are written as `?`, so that
/// it stays one line).
pub fn lines(certificate: &Certificate, path: &str) -> String {
    let path: String = path
        .chars()
        .map(|c| if c == '\n' || c == '\r' { '?' } else { c })
        .collect();
    let mut out = format!("certificate {path}\n");
    match &certificate.claim {
        Claim::Periodic(claim) => {
            let hint = hole(&claim.moves).map_or(String::new(), |h| format!(";{h}"));
            out.push_str(&format!("periodic {}{hint}\n", write_row(claim)));
        }
        Claim::PeriodicTable(table) => {
            // The table's lines as nimcheck splits them: a final newline
            // ends the last line.
            let games = table.games.strip_suffix('\n').unwrap_or(&table.games);
            for line in games.split('\n') {
                out.push_str(&format!("periodic {line}\n"));
            }
        }
        Claim::Sequence(claim) => out.push_str(&sequence(claim)),
        Claim::PSet(claim) => out.push_str(&pset(claim)),
        Claim::Avoidance(claim) => out.push_str(&avoidance(claim)),
        Claim::Octal(c) => out.push_str(&octal(
            "octal",
            &c.code,
            (c.preperiod, c.period),
            Some(&c.values),
            &c.period_witnesses,
            c.preperiod_witness,
            c.sparse,
        )),
        Claim::OctalPeriodic(c) => out.push_str(&octal(
            "octal-periodic",
            &c.code,
            (c.preperiod, c.period),
            None,
            &c.period_witnesses,
            c.preperiod_witness,
            c.sparse,
        )),
        Claim::Family(claim) => out.push_str(&family(claim)),
        Claim::PrePeriodicFamily(claim) => out.push_str(&preperiodic(claim)),
        other => out.push_str(&format!("skipped {}\n", other.kind())),
    }
    out
}

/// Whether the judge decides this claim kind (the others are `skipped`).
pub fn judged(claim: &Claim) -> bool {
    matches!(
        claim,
        Claim::Periodic(_)
            | Claim::PeriodicTable(_)
            | Claim::Sequence(_)
            | Claim::PSet(_)
            | Claim::Avoidance(_)
            | Claim::Octal(_)
            | Claim::OctalPeriodic(_)
            | Claim::Family(_)
            | Claim::PrePeriodicFamily(_)
    )
}

/// The comparisons [`refutation`] makes at most (a few seconds): enough
/// for the 16-bit-wrap reproducer, whose first repeated value is at
/// n = 65,536 with 65,536 moves (about 2.1·10^9 comparisons).
pub const REFUTATION_BUDGET: u64 = 4_000_000_000;

/// A position n and a move s ≤ n (0 < s) at which a `Sequence` claim lists
/// the same value at n and n − s, the first in the order of n: the mex rule
/// makes G_S(n) differ from G_S(n − s), so such a claim is false
/// (`Refute.refutes_sound`). An untrusted search that the judge re-checks;
/// `None` when there is none, when the claim's shape does not allow one
/// (moves not increasing and positive, q + p not the number of values), or
/// after [`REFUTATION_BUDGET`] comparisons.
pub fn refutation(claim: &SequenceClaim) -> Option<(u64, u64)> {
    let v = &claim.values;
    let increasing = claim.moves.windows(2).all(|w| w[0] < w[1]);
    if !increasing
        || claim.moves.first().is_none_or(|&s| s == 0)
        || claim.preperiod.checked_add(claim.period) != Some(v.len() as u64)
    {
        return None;
    }
    let mut budget = REFUTATION_BUDGET;
    for n in 0..v.len() {
        for &s in &claim.moves {
            let Some(m) = usize::try_from(s).ok().filter(|&s| s <= n) else {
                break;
            };
            if v[n] == v[n - m] {
                return Some((n as u64, s));
            }
            budget = budget.checked_sub(1)?;
        }
    }
    None
}

/// The h ≥ 1 with S = [1, 2h] \ {h}, when the moves are exactly these in
/// increasing order (h is half the largest move). For such S, G_S is
/// purely periodic with least period 3h + 1 (`Hole.hole_G` and
/// `Hole.word_least` of formal/theories/Hole.v): the judge, given h,
/// accepts a `Periodic` claim exactly when q = 0, p = 3h + 1 and its
/// witnesses hold, and rejects it with a proof when (q, p) ≠ (0, 3h + 1),
/// reading the moves once instead of computing G_S (the second 16-bit-wrap
/// reproducer, h = 32,769, would need 1.7·10^10 option reads). An
/// untrusted guess that the judge re-checks (it ignores an h that does not
/// fit); one pass over the moves.
pub fn hole(moves: &[u64]) -> Option<u64> {
    let h = moves.last()? / 2;
    let expected = (1..=2 * h).filter(|&s| s != h);
    (h >= 1 && moves.len() as u64 == 2 * h - 1 && moves.iter().copied().eq(expected)).then_some(h)
}

fn sequence(claim: &SequenceClaim) -> String {
    let refuted = refutation(claim).map_or(String::new(), |(n, s)| format!(";{n}:{s}"));
    format!(
        "sequence {};{};{};{};{};{}{refuted}\n",
        joined(&claim.moves),
        claim.preperiod,
        claim.period,
        joined(&claim.values),
        witnesses(&claim.period_witnesses),
        optional(claim.preperiod_witness),
    )
}

fn pset(claim: &PSetClaim) -> String {
    format!(
        "pset {};{};{};{};{}\n",
        joined(&claim.moves),
        claim.period,
        joined(&claim.block),
        pairs(claim.cover.iter().copied()),
        witnesses(&claim.period_witnesses)
    )
}

/// An `octal` line (with the values) or an `octal-periodic` one (without).
fn octal(
    kind: &str,
    code: &str,
    (q, p): (u64, u64),
    values: Option<&[u32]>,
    period_witnesses: &[PeriodWitness],
    preperiod_witness: Option<u64>,
    hint: Option<SparseHint>,
) -> String {
    let values = values.map_or(String::new(), |v| format!("{};", joined(v)));
    format!(
        "{kind} {};{q};{p};{values}{};{};{}\n",
        digits(code),
        witnesses(period_witnesses),
        optional(preperiod_witness),
        sparse(hint)
    )
}

/// An octal code's digits joined by `,`, or `-` when it has none.
/// `family-tail A;B;RHO;K0;BASE;TAIL;L;U0;K` or
/// `family-base A;B;RHO;K0;BASE;P0`; the marker's end U0 and the
/// threshold K are the hints of the Coq file ([`family_coq::tail_hints`]).
/// A claim beyond the checkers' unary bounds is `skipped`, with why.
fn family(claim: &FamilyClaim) -> String {
    if let Some(why) = family_coq::beyond_checkers(claim) {
        return format!("skipped Family: {why}\n");
    }
    let head = format!("{};{};{};{}", claim.a, claim.b, claim.rho, claim.from_k);
    let base = joined(&claim.base_word);
    match &claim.shape {
        FamilyShape::Tail { tail, marker } => {
            let (u0, big_k) = family_coq::tail_hints(claim, tail, marker);
            format!(
                "family-tail {head};{base};{};{};{u0};{big_k}\n",
                joined(tail),
                marker.length
            )
        }
        FamilyShape::Base { period } => format!("family-base {head};{base};{period}\n"),
    }
}

/// `preperiodic A;B;RHO;K0;QS;QO;PS;PO;PRE;PER;R;K;M[;MARKER;KL;ML]`, the
/// blocks as `WORD:SLOPE:OFFSET` joined by `|`; R, K, M, KL, ML the hints
/// of the Coq file ([`preperiodic_coq::hints`]). A claim beyond the
/// checkers' bounds is `skipped`, with why.
fn preperiodic(claim: &PrePeriodicFamilyClaim) -> String {
    let hints = match preperiodic_coq::hints(claim) {
        Ok(hints) => hints,
        Err(why) => return format!("skipped PrePeriodicFamily: {why}\n"),
    };
    let blocks = |list: &[Block]| -> String {
        let items: Vec<String> = list
            .iter()
            .map(|b| format!("{}:{}:{}", joined(&b.word), b.length.slope, b.length.offset))
            .collect();
        items.join("|")
    };
    let (q, p) = (claim.preperiod_length, claim.period_length);
    let mut line = format!(
        "preperiodic {};{};{};{};{};{};{};{};{};{};{};{};{}",
        claim.a,
        claim.b,
        claim.rho,
        claim.from_k,
        q.slope,
        q.offset,
        p.slope,
        p.offset,
        blocks(&claim.preperiod),
        blocks(&claim.period),
        hints.copies,
        hints.threshold,
        hints.modulus
    );
    if let (Some(word), Some((threshold, modulus))) = (&claim.marker, hints.marker) {
        line.push_str(&format!(";{};{threshold};{modulus}", joined(word)));
    }
    line.push('\n');
    line
}

fn digits(code: &str) -> String {
    code_digits(code).map_or_else(|| "-".to_string(), |d| joined(&d))
}

fn optional(n: Option<u64>) -> String {
    n.map_or(String::new(), |n| n.to_string())
}

fn sparse(hint: Option<SparseHint>) -> String {
    match hint {
        None => String::new(),
        Some(SparseHint {
            mask,
            position_parity: None,
        }) => mask.to_string(),
        Some(SparseHint {
            mask,
            position_parity: Some(f),
        }) => format!("{mask}:{f}"),
    }
}

fn avoidance(claim: &AvoidanceClaim) -> String {
    let (kind, geometry) = match &claim.geometry {
        AvoidanceGeometry::TreeVertices { vertices, edges } => (
            "vertices",
            format!("{vertices};{}", pairs(edges.iter().copied())),
        ),
        AvoidanceGeometry::TreeEdges { vertices, edges } => (
            "edges",
            format!("{vertices};{}", pairs(edges.iter().copied())),
        ),
        AvoidanceGeometry::Closure {
            points,
            convex_sets,
        } => ("closure", format!("{points};{}", sets(convex_sets))),
        AvoidanceGeometry::Affine { points } => ("affine", pairs(points.iter().copied())),
    };
    format!(
        "avoidance-{kind} {geometry};{};{};{}\n",
        joined(&claim.win),
        claim.nim,
        sets(&claim.maximal)
    )
}

fn sets(sets: &[Vec<u32>]) -> String {
    sets.iter()
        .map(|set| format!("{{{}}}", joined(set)))
        .collect()
}

fn joined<T: ToString>(numbers: &[T]) -> String {
    let items: Vec<String> = numbers.iter().map(T::to_string).collect();
    items.join(",")
}

fn witnesses(items: &[PeriodWitness]) -> String {
    pairs(items.iter().map(|w| (w.prime, w.position)))
}

/// Pairs `A:B` joined by `,`: witnesses, cover entries, edges, points.
fn pairs<A: Display, B: Display>(items: impl Iterator<Item = (A, B)>) -> String {
    let items: Vec<String> = items.map(|(a, b)| format!("{a}:{b}")).collect();
    items.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::format::{
        Method, OctalClaim, OctalPeriodicClaim, PeriodicClaim, PeriodicTableClaim, Provenance,
    };

    fn certificate(claim: Claim) -> Certificate {
        Certificate {
            format: 2,
            provenance: Provenance {
                tool: "test".into(),
                method: Method::Search {
                    engine: "test".into(),
                },
            },
            claim,
        }
    }

    #[test]
    fn each_kind_is_written_as_the_judge_reads_it() {
        let periodic = PeriodicClaim {
            moves: vec![2, 5, 7],
            preperiod: 0,
            period: 22,
            period_witnesses: vec![
                PeriodWitness {
                    prime: 2,
                    position: 0,
                },
                PeriodWitness {
                    prime: 11,
                    position: 0,
                },
            ],
        };
        assert_eq!(
            lines(&certificate(Claim::Periodic(periodic)), "a\nb"),
            "certificate a?b\nperiodic 2,5,7;0;22;2:0,11:0\n"
        );
        let table = PeriodicTableClaim {
            games: "1,2;0;3;3:0\n2,3;0;5;5:0\n".into(),
        };
        assert_eq!(
            lines(&certificate(Claim::PeriodicTable(table)), "t"),
            "certificate t\nperiodic 1,2;0;3;3:0\nperiodic 2,3;0;5;5:0\n"
        );
        let sequence = SequenceClaim {
            moves: vec![1, 2, 4],
            preperiod: 1,
            period: 3,
            values: vec![0, 1, 2, 0],
            period_witnesses: vec![PeriodWitness {
                prime: 3,
                position: 1,
            }],
            preperiod_witness: Some(0),
        };
        assert_eq!(
            lines(&certificate(Claim::Sequence(sequence)), "s"),
            "certificate s\nsequence 1,2,4;1;3;0,1,2,0;3:1;0\n"
        );
        let octal = OctalPeriodicClaim {
            code: "0.B".into(),
            preperiod: 0,
            period: 2,
            period_witnesses: vec![PeriodWitness {
                prime: 2,
                position: 0,
            }],
            preperiod_witness: None,
            sparse: None,
        };
        assert_eq!(
            lines(&certificate(Claim::OctalPeriodic(octal.clone())), "o"),
            "certificate o\noctal-periodic 0,11;0;2;2:0;;\n"
        );
        let hinted = OctalClaim {
            code: "0,77".into(),
            preperiod: 1,
            period: 2,
            values: vec![0, 1, 2],
            period_witnesses: vec![],
            preperiod_witness: Some(0),
            sparse: Some(SparseHint {
                mask: 4,
                position_parity: Some(1),
            }),
        };
        assert_eq!(
            lines(&certificate(Claim::Octal(hinted)), "h"),
            "certificate h\noctal -;1;2;0,1,2;;0;4:1\n"
        );
        // certificates/family/2-3-0.ron: the Tail shape, then the Base
        // shape; the hints u0 = start + L = 2 and K = 1 follow the words.
        let tail = FamilyClaim {
            a: 2,
            b: 3,
            rho: 0,
            from_k: 1,
            base_word: vec![0, 0, 1, 1, 2],
            shape: FamilyShape::Tail {
                tail: vec![2, 3],
                marker: crate::check::format::Marker {
                    start: 1,
                    length: 1,
                },
            },
        };
        assert_eq!(
            lines(&certificate(Claim::Family(tail.clone())), "f"),
            "certificate f\nfamily-tail 2;3;0;1;0,0,1,1,2;2,3;1;2;1\n"
        );
        let base = FamilyClaim {
            shape: FamilyShape::Base { period: 5 },
            ..tail
        };
        assert_eq!(
            lines(&certificate(Claim::Family(base)), "g"),
            "certificate g\nfamily-base 2;3;0;1;0,0,1,1,2;5\n"
        );
        // A block's length slope·k + offset as SLOPE:OFFSET, signed.
        let affine = |slope, offset| crate::check::format::Affine { slope, offset };
        let preperiodic = PrePeriodicFamilyClaim {
            a: 2,
            b: 5,
            rho: 0,
            from_k: 2,
            preperiod_length: affine(7, 8),
            period_length: affine(7, 2),
            preperiod: vec![
                Block {
                    word: vec![0, 0, 1, 1, 0, 2, 1],
                    length: affine(7, 0),
                },
                Block {
                    word: vec![3, 2, 2, 0, 3, 1, 0, 3],
                    length: affine(0, 8),
                },
            ],
            period: vec![
                Block {
                    word: vec![1, 0, 0, 1, 1, 0, 2],
                    length: affine(7, -5),
                },
                Block {
                    word: vec![2, 1, 0, 2, 1, 0, 2],
                    length: affine(0, 7),
                },
            ],
            marker: None,
        };
        let line = lines(&certificate(Claim::PrePeriodicFamily(preperiodic)), "p");
        assert!(
            line.starts_with(
                "certificate p\npreperiodic 2;5;0;2;7;8;7;2;0,0,1,1,0,2,1:7:0|3,2,2,0,3,1,0,3:0:8;\
                 1,0,0,1,1,0,2:7:-5|2,1,0,2,1,0,2:0:7;"
            ),
            "{line}"
        );
        // r, K, M and nothing more without a marker.
        let fields = line.lines().nth(1).unwrap().split(';').count();
        assert_eq!(fields, 13, "{line}");
        // v(2) = v(1) with the move 1: the refutation follows the claim.
        let refuted = SequenceClaim {
            moves: vec![1, 2],
            preperiod: 0,
            period: 3,
            values: vec![0, 1, 1],
            period_witnesses: vec![],
            preperiod_witness: None,
        };
        assert_eq!(refutation(&refuted), Some((2, 1)));
        assert_eq!(
            lines(&certificate(Claim::Sequence(refuted)), "r"),
            "certificate r\nsequence 1,2;0;3;0,1,1;;;2:1\n"
        );
        // {1, 2, 4, 5, 6} = [1, 6] \ {3}: the hint 3 follows the claim.
        let hole_claim = PeriodicClaim {
            moves: vec![1, 2, 4, 5, 6],
            preperiod: 0,
            period: 10,
            period_witnesses: vec![],
        };
        assert_eq!(
            lines(&certificate(Claim::Periodic(hole_claim)), "h"),
            "certificate h\nperiodic 1,2,4,5,6;0;10;;3\n"
        );
        for (moves, h) in [
            (&[2][..], Some(1)),
            (&[1, 3, 4], Some(2)),
            (&[1, 2, 4, 5, 6], Some(3)),
            (&[1, 2, 3, 5, 6], None),
            (&[1, 2, 4, 5], None),
            (&[1, 2, 4, 5, 6, 7], None),
            (&[2, 1, 4, 5, 6], None),
            (&[1], None),
            (&[], None),
            (&[u64::MAX], None),
        ] {
            assert_eq!(hole(moves), h, "{moves:?}");
        }
        let avoidance = |geometry| {
            certificate(Claim::Avoidance(AvoidanceClaim {
                geometry,
                win: vec![0, 2],
                nim: 1,
                maximal: vec![vec![], vec![1, 3]],
                classes: vec![],
            }))
        };
        let edges = vec![(0, 1), (1, 2)];
        assert_eq!(
            lines(
                &avoidance(AvoidanceGeometry::TreeVertices {
                    vertices: 3,
                    edges: edges.clone()
                }),
                "v"
            ),
            "certificate v\navoidance-vertices 3;0:1,1:2;0,2;1;{}{1,3}\n"
        );
        assert_eq!(
            lines(
                &avoidance(AvoidanceGeometry::TreeEdges { vertices: 3, edges }),
                "e"
            ),
            "certificate e\navoidance-edges 3;0:1,1:2;0,2;1;{}{1,3}\n"
        );
        let closure = AvoidanceGeometry::Closure {
            points: 2,
            convex_sets: vec![vec![], vec![0, 1]],
        };
        assert_eq!(
            lines(&avoidance(closure), "c"),
            "certificate c\navoidance-closure 2;{}{0,1};0,2;1;{}{1,3}\n"
        );
        let affine = AvoidanceGeometry::Affine {
            points: vec![(0, -1), (2, 3)],
        };
        assert_eq!(
            lines(&avoidance(affine), "a"),
            "certificate a\navoidance-affine 0:-1,2:3;0,2;1;{}{1,3}\n"
        );
    }
}
