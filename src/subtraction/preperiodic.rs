//! The other direction for every c: paper A's classes whose angle passes
//! no test (Conjectures 52, 56 and 57 say they are never purely periodic),
//! proved pre-periodic for every c of the class by a `PrePeriodicFamily`
//! certificate (format 8, docs/NECESSITY.md).
//!
//! Fix the base {a, b}, m = a + b and the angle ρ; c = c(k) = m·k + ρ. From
//! a small k0 on, the engine's G_S on [0, q + p) is a list of *blocks*:
//! fixed words, and words repeated over a length α·k + β that grows with k;
//! q(k) and p(k) are affine. [`derive()`] reads that description off the
//! engine's sequences at four consecutive k, side by side (at each position
//! the shortest word whose repetition grows affinely with k starts a
//! growing block; otherwise the four sequences must agree on the next
//! letter, which joins a fixed word), the pre-period and the period
//! separately, finds the least k0 from which it matches the engine, and a
//! marker window for the least period. Nothing here is trusted: nimcheck
//! decides the claim for every k ≥ k0 (Lemma S, `nimcert_check::preperiodic`).

use crate::engine::{Solver, Value, QP};
use crate::moves::MoveSet;
use crate::tool_name;
use nimcert_check::format::{
    Affine, Block, Certificate, Claim, Method, PrePeriodicFamilyClaim, Provenance,
};
use std::collections::HashMap;
use std::fmt;

/// The format version of a `PrePeriodicFamily` certificate.
pub const PREPERIODIC_FORMAT: u32 = 8;

/// Positions the engine may compute for one sampled game.
const MAX_POSITIONS: u64 = 20_000_000;

/// The longest marker window tried.
pub const MAX_MARKER: usize = 64;

/// How many consecutive k the blocks are read from.
const SIDE_BY_SIDE: u64 = 4;

/// How many k past the sampled ones the description must still match the
/// engine before it is given to the checker (a cheap filter; the checker
/// decides).
const CONFIRM: u64 = 3;

/// Why a class has no pre-periodic family claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoDescription {
    /// Not 1 ≤ a < b ≤ 2^16, or ρ ≥ a + b.
    BadInput(String),
    /// Purely periodic at a sampled k: not a pre-periodic class.
    PurelyPeriodic {
        /// The k.
        k: u64,
    },
    /// q(k) or p(k) is not affine on the sampled k.
    NotAffine,
    /// The sequences at the sampled k do not split into fixed and growing
    /// blocks (the reason, with the position).
    NoBlocks(String),
    /// The engine found no period within its bound.
    Engine(String),
}

impl fmt::Display for NoDescription {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoDescription::BadInput(m) | NoDescription::Engine(m) => f.write_str(m),
            NoDescription::PurelyPeriodic { k } => write!(f, "purely periodic at k = {k}"),
            NoDescription::NotAffine => f.write_str("q(k), p(k) not affine on the sampled k"),
            NoDescription::NoBlocks(why) => write!(f, "no block description: {why}"),
        }
    }
}

/// One computed member: c, q, p and G on [0, q + p).
struct Member {
    k: u64,
    qp: QP,
    values: Vec<u32>,
}

/// The engine's G_S for c = m·k + ρ.
fn member(solver: &mut Solver, a: u64, b: u64, rho: u64, k: u64) -> Result<Member, NoDescription> {
    let c = (a + b) * k + rho;
    let moves = MoveSet::new(&[a, b, c]).map_err(|e| NoDescription::BadInput(e.to_string()))?;
    let qp = solver
        .solve(&moves, MAX_POSITIONS)
        .map_err(|e| NoDescription::Engine(e.to_string()))?;
    let values = solver
        .values()
        .iter()
        .map(|&v: &Value| u32::from(v))
        .collect();
    Ok(Member { k, qp, values })
}

/// The affine function through (k, y) at every sample, if one exists.
fn affine_through(samples: &[(u64, u64)]) -> Option<Affine> {
    let (&(k0, y0), &(k1, y1)) = (samples.first()?, samples.get(1)?);
    let slope = (y1 as i64 - y0 as i64) / (k1 as i64 - k0 as i64);
    let offset = y0 as i64 - slope * k0 as i64;
    let fits = samples
        .iter()
        .all(|&(k, y)| slope * k as i64 + offset == y as i64);
    (fits && slope >= 0).then_some(Affine {
        slope: slope as u64,
        offset,
    })
}

/// The length of the longest prefix of `s` that repeats its first `d`
/// letters.
fn run_length(s: &[u32], d: usize) -> usize {
    (d..s.len()).find(|&t| s[t] != s[t - d]).unwrap_or(s.len())
}

/// Splits the four regions (the same region of G at consecutive k) into
/// blocks (module docs). `max_word` bounds the repeated words tried.
fn blocks(regions: &[&[u32]], ks: &[u64], max_word: usize) -> Result<Vec<Block>, NoDescription> {
    let mut at = vec![0usize; regions.len()];
    let mut out: Vec<Block> = Vec::new();
    let mut fixed: Vec<u32> = Vec::new();
    let flush = |fixed: &mut Vec<u32>, out: &mut Vec<Block>| {
        if !fixed.is_empty() {
            out.push(Block {
                length: Affine {
                    slope: 0,
                    offset: fixed.len() as i64,
                },
                word: std::mem::take(fixed),
            });
        }
    };
    while at[0] < regions[0].len() {
        let rest: Vec<&[u32]> = regions.iter().zip(&at).map(|(r, &i)| &r[i..]).collect();
        let growing = (1..=max_word).find_map(|d| {
            if rest.iter().any(|r| r.len() < 2 * d) || rest.iter().any(|r| r[..d] != rest[0][..d]) {
                return None;
            }
            let runs: Vec<(u64, u64)> = rest
                .iter()
                .zip(ks)
                .map(|(r, &k)| (k, run_length(r, d) as u64))
                .collect();
            let length = affine_through(&runs)?;
            (length.slope > 0 && runs[0].1 >= 2 * d as u64).then_some((d, length, runs))
        });
        match growing {
            Some((d, length, runs)) => {
                flush(&mut fixed, &mut out);
                out.push(Block {
                    word: rest[0][..d].to_vec(),
                    length,
                });
                for (i, (_, n)) in at.iter_mut().zip(runs) {
                    *i += n as usize;
                }
            }
            None => {
                let letter = rest[0][0];
                if rest.iter().any(|r| r.first() != Some(&letter)) {
                    return Err(NoDescription::NoBlocks(format!(
                        "at position {} of k = {} the sampled k disagree",
                        at[0], ks[0]
                    )));
                }
                fixed.push(letter);
                for i in at.iter_mut() {
                    *i += 1;
                }
            }
        }
    }
    if at.iter().zip(regions).any(|(&i, r)| i != r.len()) {
        return Err(NoDescription::NoBlocks(
            "the sampled regions end at different blocks".to_string(),
        ));
    }
    flush(&mut fixed, &mut out);
    Ok(out)
}

/// The length of a block at k (may be ≤ 0 below its range).
fn length_at(f: Affine, k: u64) -> i64 {
    f.slope as i64 * k as i64 + f.offset
}

/// The word the blocks describe at k, or `None` where a length is below 1.
pub fn expand(blocks: &[Block], k: u64) -> Option<Vec<u32>> {
    let mut out = Vec::new();
    for block in blocks {
        let n = length_at(block.length, k);
        if n < 1 {
            return None;
        }
        let g = block.word.len();
        out.extend((0..n as usize).map(|t| block.word[t % g]));
    }
    Some(out)
}

/// Whether the claim describes the engine's member exactly (q, p and G on
/// [0, q + p)).
fn describes(claim: &PrePeriodicFamilyClaim, m: &Member) -> bool {
    let (Some(pre), Some(per)) = (expand(&claim.preperiod, m.k), expand(&claim.period, m.k)) else {
        return false;
    };
    pre.len() as u64 == m.qp.preperiod
        && per.len() as u64 == m.qp.period
        && pre.iter().chain(&per).eq(m.values.iter())
}

/// The shortest window of the period at `k`'s member that occurs exactly
/// once in its cyclic period, and also exactly once at the next `more`
/// members (Fact 2 of docs/FAMILIES.md; nimcheck proves it for every k).
fn marker(members: &[&Member]) -> Option<Vec<u32>> {
    let cyclic = |m: &Member| -> Vec<u32> {
        let q = m.qp.preperiod as usize;
        m.values[q..].to_vec()
    };
    let periods: Vec<Vec<u32>> = members.iter().map(|m| cyclic(m)).collect();
    let counts = |p: &[u32], l: usize| -> HashMap<Vec<u32>, u32> {
        let mut counts = HashMap::new();
        for o in 0..p.len() {
            let w: Vec<u32> = (0..l).map(|i| p[(o + i) % p.len()]).collect();
            *counts.entry(w).or_insert(0) += 1;
        }
        counts
    };
    let shortest = periods.iter().map(Vec::len).min()?;
    for l in 1..=MAX_MARKER.min(shortest) {
        let all: Vec<HashMap<Vec<u32>, u32>> = periods.iter().map(|p| counts(p, l)).collect();
        let mut unique: Vec<&Vec<u32>> = all[0]
            .iter()
            .filter(|&(w, &n)| n == 1 && all[1..].iter().all(|c| c.get(w) == Some(&1)))
            .map(|(w, _)| w)
            .collect();
        unique.sort();
        if let Some(w) = unique.first() {
            return Some((*w).clone());
        }
    }
    None
}

/// The pre-periodic family claim of (a, b, ρ), read off the engine
/// (module docs). `sample` is the first of the four k the blocks are read
/// from; the description must match the engine there, at the next
/// few k (`CONFIRM`), and at every k from the claim's k0 up.
pub fn derive_at(
    a: u64,
    b: u64,
    rho: u64,
    sample: u64,
) -> Result<PrePeriodicFamilyClaim, NoDescription> {
    if a == 0 || a >= b || b > 1 << 16 {
        return Err(NoDescription::BadInput(format!(
            "need 1 ≤ a < b ≤ 2^16, not a = {a}, b = {b}"
        )));
    }
    let m = a + b;
    if rho >= m {
        return Err(NoDescription::BadInput(format!(
            "ρ = {rho} is not below a + b = {m}"
        )));
    }
    let first = (b + 1).saturating_sub(rho).div_ceil(m);
    let sample = sample.max(first).max(2);
    let mut solver = Solver::new();
    let mut members = Vec::new();
    for k in sample..sample + SIDE_BY_SIDE + CONFIRM {
        let m = member(&mut solver, a, b, rho, k)?;
        if m.qp.preperiod == 0 {
            return Err(NoDescription::PurelyPeriodic { k });
        }
        members.push(m);
    }
    let side: &[Member] = &members[..SIDE_BY_SIDE as usize];
    let ks: Vec<u64> = side.iter().map(|m| m.k).collect();
    let q = affine_through(
        &side
            .iter()
            .map(|m| (m.k, m.qp.preperiod))
            .collect::<Vec<_>>(),
    )
    .ok_or(NoDescription::NotAffine)?;
    let p = affine_through(&side.iter().map(|m| (m.k, m.qp.period)).collect::<Vec<_>>())
        .ok_or(NoDescription::NotAffine)?;
    let max_word = 3 * m as usize;
    let region = |m: &Member, pre: bool| -> Vec<u32> {
        let q = m.qp.preperiod as usize;
        if pre {
            m.values[..q].to_vec()
        } else {
            m.values[q..].to_vec()
        }
    };
    let pres: Vec<Vec<u32>> = side.iter().map(|m| region(m, true)).collect();
    let pers: Vec<Vec<u32>> = side.iter().map(|m| region(m, false)).collect();
    let preperiod = blocks(
        &pres.iter().map(Vec::as_slice).collect::<Vec<_>>(),
        &ks,
        max_word,
    )?;
    let period = blocks(
        &pers.iter().map(Vec::as_slice).collect::<Vec<_>>(),
        &ks,
        max_word,
    )?;
    let mut claim = PrePeriodicFamilyClaim {
        a,
        b,
        rho,
        from_k: sample,
        preperiod_length: q,
        period_length: p,
        preperiod,
        period,
        marker: None,
    };
    if let Some(bad) = members.iter().find(|m| !describes(&claim, m)) {
        return Err(NoDescription::NoBlocks(format!(
            "the blocks read at k = {}..{} do not describe k = {}",
            ks[0],
            ks[ks.len() - 1],
            bad.k
        )));
    }
    // k0: walk down while the description still matches.
    let mut k0 = sample;
    while k0 > first {
        let below = member(&mut solver, a, b, rho, k0 - 1)?;
        if below.qp.preperiod == 0 || !describes(&claim, &below) {
            break;
        }
        k0 -= 1;
    }
    claim.from_k = k0;
    let refs: Vec<&Member> = members.iter().collect();
    claim.marker = marker(&refs).filter(|w| w.len() as i64 <= length_at(p, k0));
    Ok(claim)
}

/// The first k sampled by [`derive()`]: past the irregular start, which
/// grows with b (docs/NECESSITY.md: k0 ≤ 14 on b ≤ 30).
pub fn default_sample(b: u64) -> u64 {
    (b / 2).max(6) + 2
}

/// [`derive_at`] from [`default_sample`].
pub fn derive(a: u64, b: u64, rho: u64) -> Result<PrePeriodicFamilyClaim, NoDescription> {
    derive_at(a, b, rho, default_sample(b))
}

/// The certificate of a derived claim; its provenance says how the blocks
/// were found.
pub fn certificate(claim: PrePeriodicFamilyClaim) -> Certificate {
    Certificate {
        format: PREPERIODIC_FORMAT,
        provenance: Provenance {
            tool: tool_name(),
            method: Method::Search {
                engine: "nimcert family: blocks read off the engine's G_S at four consecutive k (src/subtraction/preperiodic.rs)".into(),
            },
        },
        claim: Claim::PrePeriodicFamily(claim),
    }
}

/// "90k + 73".
pub fn show(f: Affine) -> String {
    crate::subtraction::family::Affine {
        slope: f.slope as i64,
        offset: f.offset,
    }
    .to_string()
}

/// The claim's (q, p) at k.
pub fn qp_at(claim: &PrePeriodicFamilyClaim, k: u64) -> (i64, i64) {
    (
        length_at(claim.preperiod_length, k),
        length_at(claim.period_length, k),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// docs/NECESSITY.md: {2, 5, 7k} has q = 7k + 8, p = 7k + 2; the
    /// derived claim says so and nimcheck's library accepts it.
    #[test]
    fn two_five_seven_k_is_derived_and_accepted() {
        let claim = derive(2, 5, 0).unwrap();
        assert_eq!(show(claim.preperiod_length), "7k + 8");
        assert_eq!(show(claim.period_length), "7k + 2");
        let verdict = nimcert_check::check_certificate(
            &certificate(claim),
            &nimcert_check::Limits::default(),
        );
        assert!(
            matches!(verdict, nimcert_check::Verdict::Valid(_)),
            "{verdict:?}"
        );
    }

    #[test]
    fn a_purely_periodic_class_has_no_description() {
        // {2, 5, 7k + 1}: Table 1 (purely periodic).
        assert!(matches!(
            derive(2, 5, 1),
            Err(NoDescription::PurelyPeriodic { .. })
        ));
    }

    #[test]
    fn blocks_split_fixed_and_growing_parts() {
        // k = 3..6: "9" then (01) over 2k letters, then "78".
        let seqs: Vec<Vec<u32>> = (3..=6)
            .map(|k| {
                let mut s = vec![9];
                s.extend((0..2 * k).map(|t| t % 2));
                s.extend([7, 8]);
                s
            })
            .collect();
        let refs: Vec<&[u32]> = seqs.iter().map(Vec::as_slice).collect();
        let got = blocks(&refs, &[3, 4, 5, 6], 4).unwrap();
        assert_eq!(got.len(), 3, "{got:?}");
        assert_eq!(got[1].word, vec![0, 1]);
        assert_eq!(
            got[1].length,
            Affine {
                slope: 2,
                offset: 0
            }
        );
        assert_eq!(expand(&got, 7).unwrap().len(), 17);
    }
}
