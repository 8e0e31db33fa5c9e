//! `PrePeriodicFamily` certificates (format 8) as Coq proofs for every
//! k ≥ k0 (docs/FORMAL.md, "Pre-periodic families").
//!
//! The file states, in the semantics of `Nimcert.Subtraction`, for every
//! k ≥ k0 with c = (a + b)k + ρ: G_{a,b,c} = E_k, where E_k (written in the
//! file with the certificate's blocks and `Nimcert.PrePeriodic.letter`) is
//! the pre-period's blocks on [0, q), the period's on [q, q + p) and
//! E_k(x) = E_k(x − p) beyond; q > 0 and no period holds from any point
//! below q (G_S is not purely periodic); and, with a marker, that q and p
//! are the least pre-period and the least period (`least_preperiod`). It
//! proves this by `vm_compute` of the checkers `chk_R` and `chk_L` of
//! `Nimcert.PrePeriodic` and their soundness theorems (`chk_R_sound`,
//! `chk_RL_sound`): Lemma S's hypotheses at K, M, then concrete checks at
//! every k of [min(k0, K), K + M).
//!
//! K, M and the number r of period copies in the unrolled list are computed
//! here as nimcheck computes them (`nimcert_check::preperiodic`); they are
//! not trusted, since the Coq checkers test every hypothesis they rest on:
//! a wrong one makes a checker compute `false` and the file fail.
//!
//! Every number but the block offsets is written as a unary `nat`, so they
//! are bounded by [`NAT_MAX`], and the checkers' concrete work (the letters
//! of the unrolled list at every checked k) by [`WORK_MAX`]; a claim beyond
//! either is not exported.

use super::coq_text::Export;
use crate::check::format::{Affine, Block, PrePeriodicFamilyClaim};
use std::collections::BTreeMap;
use std::fmt::Write;

/// The largest nat written into the file (a, b, ρ, k0, K, M, r, slopes,
/// letters): unary literals beyond a few thousand are slow to build in Coq.
pub const NAT_MAX: u64 = 4096;

/// The largest concrete work exported: letters of the unrolled list over
/// all checked k, plus p·(L + 2) per checked k for the marker. The shipped
/// certificates need at most 3.3·10^6 (2-29-0.ron: 0.7·10^6 + 2.6·10^6,
/// about 5 s of coqc on a loaded machine).
pub const WORK_MAX: u128 = 20_000_000;

/// An affine function of k, in i128.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Lin {
    slope: i128,
    offset: i128,
}

impl Lin {
    fn at(self, k: i128) -> i128 {
        self.slope * k + self.offset
    }
    fn add(self, other: Lin) -> Lin {
        Lin {
            slope: self.slope + other.slope,
            offset: self.offset + other.offset,
        }
    }
}

fn lin(f: Affine) -> Lin {
    Lin {
        slope: i128::from(f.slope),
        offset: i128::from(f.offset),
    }
}

/// A run of the lists Lemma S is applied to: its word's length and its
/// length in k.
#[derive(Clone, Copy, Debug)]
struct Run {
    letters: u64,
    length: Lin,
}

fn runs(blocks: &[Block]) -> Vec<Run> {
    blocks
        .iter()
        .map(|b| Run {
            letters: b.word.len() as u64,
            length: lin(b.length),
        })
        .collect()
}

fn sum(runs: &[Run]) -> Lin {
    runs.iter().fold(
        Lin {
            slope: 0,
            offset: 0,
        },
        |s, r| s.add(r.length),
    )
}

fn gcd(mut x: u128, mut y: u128) -> u128 {
    while y != 0 {
        (x, y) = (y, x % y);
    }
    x
}

/// Lemma S's M (the lcm of the growing runs' word lengths) and K (the least
/// k ≥ `from`, and ≥ 0, with every length at least 1 and breakpoints of
/// different slopes G = max(2M, ℓ_max + 1) apart), as
/// `nimcert_check::preperiodic::pump` computes them; `None` when a number
/// does not fit.
fn pump(runs: &[Run], readings: &[Lin], from: i128) -> Option<(u128, i128)> {
    let mut modulus: u128 = 1;
    let mut longest_fixed = 0i128;
    for run in runs {
        if run.length.slope > 0 {
            let g = u128::from(run.letters.max(1));
            modulus = (modulus / gcd(modulus, g)).checked_mul(g)?;
            if modulus > u128::from(u64::MAX) {
                return None;
            }
        } else {
            longest_fixed = longest_fixed.max(run.length.offset);
        }
    }
    let gap = (2 * modulus as i128).max(longest_fixed + 1);
    let mut threshold = from.max(0);
    for run in runs {
        if run.length.slope > 0 {
            threshold = threshold.max((1 - run.length.offset).div_euclid(run.length.slope) + 1);
        }
    }
    let mut slopes: BTreeMap<i128, (i128, i128)> = BTreeMap::new();
    let mut boundary = Lin {
        slope: 0,
        offset: 0,
    };
    for j in 0..=runs.len() {
        for &o in readings {
            let f = boundary.add(o);
            let e = slopes.entry(f.slope).or_insert((f.offset, f.offset));
            e.0 = e.0.min(f.offset);
            e.1 = e.1.max(f.offset);
        }
        if let Some(run) = runs.get(j) {
            boundary = boundary.add(run.length);
        }
    }
    let groups: Vec<(i128, (i128, i128))> = slopes.into_iter().collect();
    for (i, &(low, (_, low_max))) in groups.iter().enumerate() {
        for &(high, (high_min, _)) in &groups[i + 1..] {
            let need = gap - high_min + low_max;
            let k = need.div_euclid(high - low) + i128::from(need.rem_euclid(high - low) != 0);
            threshold = threshold.max(k);
        }
    }
    Some((modulus, threshold))
}

/// What the file's checkers are given, and the concrete work they do.
struct Plan {
    m: u64,
    copies: u64,
    recurrence: (u128, i128),
    marker: Option<(u128, i128)>,
    work: u128,
}

/// r, K and M as nimcheck computes them. A claim that is not well formed
/// gets some numbers all the same (its file fails in Coq); `None` when a
/// number does not fit.
fn plan(claim: &PrePeriodicFamilyClaim) -> Option<Plan> {
    let m = claim.a.checked_add(claim.b)?;
    let (mi, rho, k0) = (
        i128::from(m),
        i128::from(claim.rho),
        i128::from(claim.from_k),
    );
    let pre = runs(&claim.preperiod);
    let per = runs(&claim.period);
    let p = lin(claim.period_length);
    let c = Lin {
        slope: mi,
        offset: rho,
    };
    let readings = [
        Lin {
            slope: 0,
            offset: 0,
        },
        Lin {
            slope: 0,
            offset: i128::from(claim.a),
        },
        Lin {
            slope: 0,
            offset: i128::from(claim.b),
        },
        c,
    ];
    let mut unrolled = pre.clone();
    let mut copies = 1u64;
    if p.slope > 0 {
        let c0 = c.at(k0);
        let p0 = p.at(k0).max(1);
        let by_slope = mi.div_euclid(p.slope) + i128::from(mi % p.slope != 0);
        let by_start = c0.div_euclid(p0) + i128::from(c0.rem_euclid(p0) != 0);
        copies = u64::try_from(1 + by_slope.max(by_start)).ok()?;
        if copies > NAT_MAX {
            return None;
        }
        for _ in 0..copies {
            unrolled.extend(per.iter().copied());
        }
    } else {
        let word = u64::try_from(sum(&per).offset.max(0)).ok()?;
        unrolled.push(Run {
            letters: word,
            length: Lin {
                slope: mi,
                offset: i128::from(word) + rho,
            },
        });
    }
    let recurrence = pump(&unrolled, &readings, 0)?;
    // The checked k, none when K or M is beyond what is written (the
    // export is refused then, and the range could be astronomical).
    let checked = |(modulus, threshold): (u128, i128)| {
        let first = k0.min(threshold);
        let written = modulus <= u128::from(NAT_MAX) && threshold <= i128::from(NAT_MAX);
        let last = if written {
            threshold + modulus as i128
        } else {
            first
        };
        first..last
    };
    let mut work: u128 = 0;
    for k in checked(recurrence) {
        work = work.saturating_add(sum(&unrolled).at(k).max(0) as u128);
    }
    let marker = match &claim.marker {
        None => None,
        Some(w) => {
            if w.len() as u64 > NAT_MAX {
                return None;
            }
            let l = w.len() as i128;
            let from = if p.slope > 0 {
                (l - p.offset).div_euclid(p.slope) + 1
            } else {
                0
            };
            let twice: Vec<Run> = per.iter().chain(&per).copied().collect();
            let readings: Vec<Lin> = (0..l)
                .map(|i| Lin {
                    slope: 0,
                    offset: i,
                })
                .collect();
            let pumped = pump(&twice, &readings, from)?;
            for k in checked(pumped) {
                let period = p.at(k).max(0) as u128;
                work = work.saturating_add(period.saturating_mul(2 + l as u128));
            }
            Some(pumped)
        }
    };
    Some(Plan {
        m,
        copies,
        recurrence,
        marker,
        work,
    })
}

/// The Coq file for `claim`; `source` names where it came from (a comment
/// only). A claim that breaks the format's rules is still translated as
/// faithfully as the theorems allow and fails in Coq.
pub fn export(claim: &PrePeriodicFamilyClaim, source: &str) -> Export {
    match bounded_plan(claim) {
        Ok(plan) => Export::Coq(text(claim, &plan, source)),
        Err(why) => Export::Beyond(why),
    }
}

/// The plan of `claim` within [`NAT_MAX`] and [`WORK_MAX`], or why not.
fn bounded_plan(claim: &PrePeriodicFamilyClaim) -> Result<Plan, String> {
    let Some(plan) = plan(claim) else {
        return Err("a number of the claim or of Lemma S's K and M does not fit".to_string());
    };
    if let Some(what) = beyond(claim, &plan) {
        return Err(format!(
            "{what} is more than {NAT_MAX}, beyond what the pre-periodic family's checkers take (unary numbers)"
        ));
    }
    if plan.work > WORK_MAX {
        return Err(format!(
            "the concrete checks read {} letters, more than {WORK_MAX}, beyond what the pre-periodic family's checkers compute",
            plan.work
        ));
    }
    Ok(plan)
}

/// The hints `PrePeriodic.chk_R` and `chk_L` are given beside the claim:
/// the copies r of the period in the unrolled list, Lemma S's K and M for
/// the recurrence, and the marker's K and M.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hints {
    /// r, the copies of the period in the unrolled list.
    pub copies: u64,
    /// Lemma S's threshold K for the recurrence.
    pub threshold: u64,
    /// Lemma S's modulus M for the recurrence.
    pub modulus: u64,
    /// The marker's (K, M), with a marker.
    pub marker: Option<(u64, u64)>,
}

/// The hints of `claim` as this file writes them (the extracted judge
/// takes the same, `super::judge`), or why the claim is beyond the
/// checkers' bounds.
pub fn hints(claim: &PrePeriodicFamilyClaim) -> Result<Hints, String> {
    let plan = bounded_plan(claim)?;
    // Within NAT_MAX (checked by `beyond`), so the casts are exact.
    let pair = |(modulus, threshold): (u128, i128)| (threshold as u64, modulus as u64);
    let (threshold, modulus) = pair(plan.recurrence);
    Ok(Hints {
        copies: plan.copies,
        threshold,
        modulus,
        marker: plan.marker.map(pair),
    })
}

/// The first number of `claim` or `plan` over [`NAT_MAX`], described.
fn beyond(claim: &PrePeriodicFamilyClaim, plan: &Plan) -> Option<String> {
    let unary = |n: i128| u64::try_from(n).unwrap_or(u64::MAX);
    let mut numbers = vec![
        ("a", claim.a),
        ("b", claim.b),
        ("a + b", plan.m),
        ("ρ", claim.rho),
        ("k0", claim.from_k),
        ("the copies of the period", plan.copies),
        ("Lemma S's M", unary(plan.recurrence.0 as i128)),
        ("Lemma S's K", unary(plan.recurrence.1)),
        ("q's slope", claim.preperiod_length.slope),
        ("p's slope", claim.period_length.slope),
    ];
    if let Some((modulus, threshold)) = plan.marker {
        numbers.push(("the marker's M", unary(modulus as i128)));
        numbers.push(("the marker's K", unary(threshold)));
    }
    for block in claim.preperiod.iter().chain(&claim.period) {
        numbers.push(("a slope", block.length.slope));
        numbers.extend(block.word.iter().map(|&v| ("a letter", u64::from(v))));
    }
    if let Some(w) = &claim.marker {
        numbers.extend(w.iter().map(|&v| ("a letter", u64::from(v))));
    }
    let (what, n) = numbers.into_iter().find(|&(_, n)| n > NAT_MAX)?;
    Some(format!("{what} ({n})"))
}

fn nat_list(values: &[u32]) -> String {
    let items: Vec<String> = values.iter().map(u32::to_string).collect();
    format!("[{}]", items.join("; "))
}

/// A Z literal.
fn z(n: i64) -> String {
    if n < 0 {
        format!("({n})%Z")
    } else {
        format!("{n}%Z")
    }
}

/// A Z number inside a `%Z` term: "8", "(-2)".
fn z_term(n: i64) -> String {
    if n < 0 {
        format!("({n})")
    } else {
        n.to_string()
    }
}

/// The blocks as a Coq list, one block a line.
fn blocks(list: &[Block]) -> String {
    let items: Vec<String> = list
        .iter()
        .map(|b| {
            format!(
                "Block {} {} {}",
                nat_list(&b.word),
                b.length.slope,
                z(b.length.offset)
            )
        })
        .collect();
    format!("[\n  {}]", items.join(";\n  "))
}

/// slope·k + offset as a nat expression of k ("7 * k + 8", "16 * k - 2",
/// "3"); a negative constant cannot be a nat and is written "0 - 5"
/// (the claim is not well formed: `R_check` fails before its use).
fn nat_affine(f: Affine) -> String {
    match (f.slope, f.offset) {
        (0, o) if o < 0 => format!("0 - {}", o.unsigned_abs()),
        (0, o) => o.to_string(),
        (s, o) if o < 0 => format!("{s} * k - {}", o.unsigned_abs()),
        (s, o) => format!("{s} * k + {o}"),
    }
}

/// "7k + 8" for comments.
fn show(f: Affine) -> String {
    match (f.slope, f.offset) {
        (0, o) => o.to_string(),
        (s, 0) => format!("{s}k"),
        (s, o) if o < 0 => format!("{s}k - {}", o.unsigned_abs()),
        (s, o) => format!("{s}k + {o}"),
    }
}

fn text(claim: &PrePeriodicFamilyClaim, plan: &Plan, source: &str) -> String {
    let (a, b, rho, k0) = (claim.a, claim.b, claim.rho, claim.from_k);
    let m = plan.m;
    let r = plan.copies;
    let (mr, kr) = plan.recurrence;
    let (qs, qo) = (claim.preperiod_length.slope, claim.preperiod_length.offset);
    let (ps, po) = (claim.period_length.slope, claim.period_length.offset);
    let c = format!("{m} * k + {rho}");
    let source = source.replace("*)", "* )").replace("(*", "( *");
    let least = match &claim.marker {
        Some(w) => format!("a marker of {} letters makes p the least period", w.len()),
        None => "no marker: p is a period, not claimed least".to_string(),
    };
    let mut s = String::new();
    write!(
        s,
        "(* Generated by `nimcert export coq` from {source}.\n   \
         A PrePeriodicFamily claim (docs/NECESSITY.md): S = {{{a}, {b}, c}} with c = {m} k + {rho}, for\n   \
         every k >= {k0}; G_S on [0, q) is {} pre-period blocks, on [q, q + p) {} period blocks,\n   \
         q = {}, p = {}; {least}.\n   \
         Proved for every k by the checkers of Nimcert.PrePeriodic (Lemma S, Facts 1\n   \
         and 2; docs/FORMAL.md, \"Pre-periodic families\"). Compile with the development\n   \
         of formal/ on the load path: coqc -Q formal/theories Nimcert FILE.v *)\n\n\
         From Coq Require Import List Arith ZArith Lia.\n\
         From Nimcert Require Import Mex Subtraction Period PrePeriodic.\n\
         Import ListNotations.\n\n\
         (* A block `Block w s o` has s k + o letters, the t-th of them w[t mod |w|]. *)\n\
         Definition pre : list block := {}.\n\n\
         Definition per : list block := {}.\n\n\
         (* q(k) and p(k), the claimed least pre-period and period. *)\n\
         Definition q (k : nat) : nat := {}.\n\
         Definition p (k : nat) : nat := {}.\n\n\
         (* E_k: the pre-period's blocks on [0, q), the period's on [q, q + p),\n   \
         and E(x) = E(x - p) beyond. *)\n\
         Definition E (k x : nat) : nat :=\n  \
         if x <? q k then letter pre k x else letter per k ((x - q k) mod p k).\n\n\
         (* The mex rule and the witness E(q - 1) <> E(q - 1 + p): Lemma S's hypotheses\n   \
         for the unrolled list ({}) read at 0, {a}, {b}, c, with\n   \
         K = {kr} and M = {mr}, and the concrete checks at k = {}..{}. *)\n\
         Lemma R_check : chk_R {a} {b} {m} {rho} {k0} pre per {qs} {} {ps} {} {r} {kr} {mr} = true.\n\
         Proof. vm_compute. reflexivity. Qed.\n\n",
        claim.preperiod.len(),
        claim.period.len(),
        show(claim.preperiod_length),
        show(claim.period_length),
        blocks(&claim.preperiod),
        blocks(&claim.period),
        nat_affine(claim.preperiod_length),
        nat_affine(claim.period_length),
        if ps > 0 {
            format!("the pre-period, then the period {r} times")
        } else {
            "the pre-period, then the constant period over p + c letters".to_string()
        },
        kr.min(i128::from(k0)),
        kr + mr as i128 - 1,
        z(qo),
        z(po),
    )
    .unwrap();
    let affine = format!(
        "(* q and p as the checkers read them (R_check has checked q(k0), p(k0) >= 1). *)\n\
         Lemma q_affine : forall k, {k0} <= k -> Z.of_nat (q k) = (Z.of_nat {qs} * Z.of_nat k + {})%Z.\n\
         Proof. intros k Hk. unfold q. lia. Qed.\n\n\
         Lemma p_affine : forall k, {k0} <= k -> Z.of_nat (p k) = (Z.of_nat {ps} * Z.of_nat k + {})%Z.\n\
         Proof. intros k Hk. unfold p. lia. Qed.\n\n",
        z_term(qo),
        z_term(po),
    );
    let statement_head = format!(
        "{affine}(* The claim, for every k >= {k0}. *)\n\
         Theorem preperiodic : forall k, {k0} <= k -> let c := {c} in\n  \
         (forall x, G [{a}; {b}; c] x = E k x) /\\ 0 < q k /\\\n  "
    );
    let minimal =
        format!("(forall q' e, 0 < e -> period_from (G [{a}; {b}; c]) q' e -> q k <= q')");
    match (&claim.marker, plan.marker) {
        (Some(w), Some((ml, kl))) => {
            write!(
                s,
                "(* The marker occurs at exactly one offset of the cyclic period: Lemma S's\n   \
                 hypotheses for the period twice over read at {}, with K = {kl} and\n   \
                 M = {ml}, and the concrete checks at k = {}..{}. *)\n\
                 Definition marker : list nat := {}.\n\n\
                 Lemma L_check : chk_L {k0} per marker {kl} {ml} = true.\n\
                 Proof. vm_compute. reflexivity. Qed.\n\n\
                 {statement_head}least_preperiod (G [{a}; {b}; c]) (q k) (p k) /\\\n  \
                 {minimal}.\n\
                 Proof.\n  \
                 intros k Hk.\n  \
                 destruct (chk_RL_sound {a} {b} {m} {rho} {k0} pre per {qs} {} {ps} {} {r} {kr} {mr}\n    \
                 marker {kl} {ml} q p R_check L_check q_affine p_affine k Hk)\n    \
                 as [[HG [Hq [_ [_ Hmin]]]] Hleast].\n  \
                 exact (conj HG (conj Hq (conj Hleast Hmin))).\n\
                 Qed.\n",
                match w.len() {
                    0 | 1 => "0".to_string(),
                    l => format!("0, ..., {}", l - 1),
                },
                kl.min(i128::from(k0)),
                kl + ml as i128 - 1,
                nat_list(w),
                z(qo),
                z(po),
            )
            .unwrap();
        }
        _ => {
            write!(
                s,
                "{statement_head}0 < p k /\\ period_from (G [{a}; {b}; c]) (q k) (p k) /\\\n  \
                 {minimal}.\n\
                 Proof.\n  \
                 intros k Hk.\n  \
                 exact (chk_R_sound {a} {b} {m} {rho} {k0} pre per {qs} {} {ps} {} {r} {kr} {mr}\n    \
                 q p R_check q_affine p_affine k Hk).\n\
                 Qed.\n",
                z(qo),
                z(po),
            )
            .unwrap();
        }
    }
    s
}
