//! Every class of a base, both ways: paper A's Conjectures 52, 56 and 57
//! decided for every c on one base (a, b) at a time.
//!
//! For each angle ρ (c = (a + b)k + ρ) the class is proved purely periodic
//! for every k ≥ k0 by a `Family` certificate (src/subtraction/family.rs),
//! or pre-periodic by a `PrePeriodicFamily` certificate
//! (src/subtraction/preperiodic.rs), each accepted by nimcheck's library;
//! the members b < c < c(k0) are computed by the engine and re-checked as
//! one `PeriodicTable` certificate. Non-primitive classes (gcd(a, b, ρ) > 1,
//! so gcd(a, b, c) > 1 for every member) are outside the conjectures and
//! listed apart; the additive member c = a + b is left out as the
//! conjectures leave it out. A base is *complete* when every primitive
//! class is proved one way or the other; the conjectures are then decided
//! on it for every c:
//!
//! - Conjecture 52: purely periodic ⟺ ρ ∈ Θ_(a+b) ∪ Θ_(c+a) ∪ Θ_(c+b);
//! - Conjecture 56: purely periodic ⇒ the least period is a + b, c + a or
//!   c + b;
//! - Conjecture 57: least period c + a ⇒ ρ ∈ Θ_(c+a); c + b ⇒ ρ ∈ Θ_(c+b).
//!
//! The statements are quoted from paper A (§6); the decision procedure,
//! the certificates and Lemma S are derived here.

use crate::certify::{periodic_claim, search_provenance};
use crate::engine::solve;
use crate::moves::{gcd, MoveSet};
use crate::subtraction::angles::{admissible, Admissible};
use crate::subtraction::base::Base;
use crate::subtraction::family::{self, Settled};
use crate::subtraction::preperiodic;
use nimcert_check::format::{
    Affine, Certificate, Claim, FamilyShape, PeriodicClaim, PrePeriodicFamilyClaim,
};
use std::ops::RangeInclusive;

/// Engine bound for the members below c(k0).
const LIMIT: u64 = 1 << 26;

/// What a proved class says for every k ≥ k0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Purely periodic, least period a divisor of a + b (the base word).
    Base {
        /// The least period.
        period: u64,
    },
    /// Purely periodic, least period c + d.
    Tail {
        /// d.
        d: u64,
    },
    /// Pre-periodic: q(k), p(k); `least` when p is proved the least period.
    PrePeriodic {
        /// q(k).
        q: Affine,
        /// p(k).
        p: Affine,
        /// Whether a marker proves p least.
        least: bool,
    },
}

impl Shape {
    /// Purely periodic.
    pub fn pure(&self) -> bool {
        !matches!(self, Shape::PrePeriodic { .. })
    }
}

/// What became of one class.
#[derive(Clone, Debug)]
pub enum ClassStatus {
    /// Proved for every k ≥ `from_k` by `certificate`, which nimcheck's
    /// library accepted.
    Proved {
        /// k0.
        from_k: u64,
        /// The shape.
        shape: Shape,
        /// The certificate.
        certificate: Box<Certificate>,
    },
    /// gcd(a, b, ρ) > 1: outside the conjectures.
    NonPrimitive,
    /// Neither direction was proved: why.
    Unsettled(String),
}

/// Settles the class (a, b, ρ) one way or the other (module docs).
pub fn settle_class(a: u64, b: u64, rho: u64) -> ClassStatus {
    if gcd(gcd(a, b), rho) > 1 {
        return ClassStatus::NonPrimitive;
    }
    match family::settle(a, b, rho).settled {
        Settled::Proved { claim, .. } => {
            let shape = match &claim.shape {
                FamilyShape::Base { period } => Shape::Base { period: *period },
                FamilyShape::Tail { tail, .. } => Shape::Tail {
                    d: tail.len() as u64,
                },
            };
            ClassStatus::Proved {
                from_k: claim.from_k,
                shape,
                certificate: Box::new(family::certificate(*claim)),
            }
        }
        Settled::NotSettled {
            preperiodic: true, ..
        } => settle_preperiodic(a, b, rho),
        Settled::NotSettled { why, .. } => ClassStatus::Unsettled(why),
        Settled::Refused { checker } => ClassStatus::Unsettled(format!(
            "nimcheck refused the family certificate: {checker}"
        )),
    }
}

/// The pre-periodic direction of a class, through nimcheck's library.
/// The marker was read at the sampled k only: where nimcheck refuses it
/// at the first members, k0 is raised (the members below are checked one
/// by one anyway), and where no k0 up to the samples helps, the claim goes
/// without a marker (the least period is then not claimed).
fn settle_preperiodic(a: u64, b: u64, rho: u64) -> ClassStatus {
    match checked_preperiodic(a, b, rho) {
        Ok(certificate) => {
            let Claim::PrePeriodicFamily(claim) = &certificate.claim else {
                unreachable!("checked_preperiodic gives a PrePeriodicFamily certificate")
            };
            ClassStatus::Proved {
                from_k: claim.from_k,
                shape: Shape::PrePeriodic {
                    q: claim.preperiod_length,
                    p: claim.period_length,
                    least: claim.marker.is_some(),
                },
                certificate: Box::new(certificate),
            }
        }
        Err(why) => ClassStatus::Unsettled(why),
    }
}

/// The pre-periodic family certificate of (a, b, ρ), accepted by
/// nimcheck's library at its default limits, or why there is none (see
/// [`settle_class`] for how k0 and the marker are chosen).
pub fn checked_preperiodic(a: u64, b: u64, rho: u64) -> Result<Certificate, String> {
    let mut claim = preperiodic::derive(a, b, rho).map_err(|why| format!("pre-periodic, {why}"))?;
    let check = |claim: &PrePeriodicFamilyClaim| {
        let certificate = preperiodic::certificate(claim.clone());
        match nimcert_check::check_certificate(&certificate, &nimcert_check::Limits::default()) {
            nimcert_check::Verdict::Valid(_) => Ok(certificate),
            other => Err(other.message().to_string()),
        }
    };
    let mut verdict = check(&claim);
    let sample = preperiodic::default_sample(b);
    while verdict.is_err() && claim.marker.is_some() && claim.from_k < sample {
        claim.from_k += 1;
        verdict = check(&claim);
    }
    if verdict.is_err() && claim.marker.is_some() {
        claim = preperiodic::derive(a, b, rho).map_err(|why| format!("pre-periodic, {why}"))?;
        claim.marker = None;
        verdict = check(&claim);
    }
    verdict.map_err(|why| format!("nimcheck refused the pre-periodic family certificate: {why}"))
}

/// The claim of a proved pre-periodic class.
pub fn preperiodic_claim(status: &ClassStatus) -> Option<&PrePeriodicFamilyClaim> {
    match status {
        ClassStatus::Proved { certificate, .. } => match &certificate.claim {
            Claim::PrePeriodicFamily(claim) => Some(claim),
            _ => None,
        },
        _ => None,
    }
}

/// One member b < c < c(k0) of a class, computed by the engine.
#[derive(Clone, Debug)]
pub struct Member {
    /// c.
    pub c: u64,
    /// The least pre-period.
    pub q: u64,
    /// The least period.
    pub p: u64,
}

/// A base classified (module docs).
#[derive(Clone, Debug)]
pub struct BaseClassification {
    /// a.
    pub a: u64,
    /// b.
    pub b: u64,
    /// Every class, by ρ.
    pub classes: Vec<ClassStatus>,
    /// The primitive non-additive members below each proved class's c(k0),
    /// increasing c.
    pub members: Vec<Member>,
    /// nimcheck's verdict on the members' `PeriodicTable` certificate
    /// (`Ok` with its message, `Err` when refused or not computed).
    pub members_checked: Result<String, String>,
    /// That certificate (none when there is no member below the families).
    pub members_certificate: Option<Certificate>,
}

impl BaseClassification {
    /// Every certificate of the base: one per proved class, and the
    /// members' table.
    pub fn certificates(&self) -> Vec<Certificate> {
        let classes = self.classes.iter().filter_map(|s| match s {
            ClassStatus::Proved { certificate, .. } => Some((**certificate).clone()),
            _ => None,
        });
        classes.chain(self.members_certificate.clone()).collect()
    }

    /// Every class proved with its least period (pure classes always; a
    /// pre-periodic class with a marker): q(c) and p(c) exact affine
    /// functions on each class from its k0, the members below computed.
    pub fn least_periods_proved(&self) -> bool {
        self.complete()
            && self.classes.iter().all(|s| {
                !matches!(
                    s,
                    ClassStatus::Proved {
                        shape: Shape::PrePeriodic { least: false, .. },
                        ..
                    }
                )
            })
    }

    /// Every primitive class proved, and the members below checked.
    pub fn complete(&self) -> bool {
        self.members_checked.is_ok()
            && self
                .classes
                .iter()
                .all(|s| !matches!(s, ClassStatus::Unsettled(_)))
    }

    /// The classes not settled: (ρ, why).
    pub fn unsettled(&self) -> Vec<(u64, &str)> {
        self.classes
            .iter()
            .enumerate()
            .filter_map(|(rho, s)| match s {
                ClassStatus::Unsettled(why) => Some((rho as u64, why.as_str())),
                _ => None,
            })
            .collect()
    }
}

/// Classifies every class of the base (a, b), a < b.
pub fn classify_base(a: u64, b: u64) -> BaseClassification {
    let m = a + b;
    let classes: Vec<ClassStatus> = (0..m).map(|rho| settle_class(a, b, rho)).collect();
    let mut members = Vec::new();
    let mut claims: Vec<PeriodicClaim> = Vec::new();
    let mut failure = None;
    for (rho, status) in classes.iter().enumerate() {
        let ClassStatus::Proved { from_k, .. } = status else {
            continue;
        };
        let rho = rho as u64;
        let first = (b + 1).saturating_sub(rho).div_ceil(m);
        for k in first..*from_k {
            let c = m * k + rho;
            if c == m {
                continue;
            }
            let Some(game) = MoveSet::new(&[a, b, c])
                .ok()
                .and_then(|s| solve(&s, LIMIT).ok().map(|g| (s, g)))
            else {
                failure = Some(format!(
                    "{{{a}, {b}, {c}}}: no period within the engine bound"
                ));
                continue;
            };
            let (moves, game) = game;
            members.push(Member {
                c,
                q: game.qp.preperiod,
                p: game.qp.period,
            });
            claims.push(periodic_claim(
                &moves,
                &game.values,
                game.qp.preperiod,
                game.qp.period,
            ));
        }
    }
    members.sort_by_key(|m| m.c);
    let members_certificate = (!claims.is_empty())
        .then(|| crate::certify::periodic_table_certificate(&claims, search_provenance()));
    let members_checked = match (failure, &members_certificate) {
        (Some(why), _) => Err(why),
        (None, None) => Ok("no member below the families".to_string()),
        (None, Some(certificate)) => check_members(certificate),
    };
    BaseClassification {
        a,
        b,
        classes,
        members,
        members_checked,
        members_certificate,
    }
}

/// The members' `PeriodicTable` certificate, through nimcheck's library.
fn check_members(certificate: &Certificate) -> Result<String, String> {
    match nimcert_check::check_certificate(certificate, &nimcert_check::Limits::default()) {
        nimcert_check::Verdict::Valid(message) => Ok(message),
        other => Err(format!(
            "nimcheck refused the members' table: {}",
            other.message()
        )),
    }
}

/// The classification of every base of the ranges (a < b), in parallel,
/// in increasing (a, b).
pub fn classify_bases(a: RangeInclusive<u64>, b: RangeInclusive<u64>) -> Vec<BaseClassification> {
    use rayon::prelude::*;
    let bases: Vec<(u64, u64)> = a
        .flat_map(|a| b.clone().filter(move |&b| b > a).map(move |b| (a, b)))
        .collect();
    bases
        .into_par_iter()
        .map(|(a, b)| classify_base(a, b))
        .collect()
}

/// Which of paper A's §6 conjectures a base is checked against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Conjecture {
    /// Conjecture 52.
    C52,
    /// Conjecture 56.
    C56,
    /// Conjecture 57.
    C57,
    /// a = 1: purely periodic ⟺ a row of Table 2 applies ("Every omitted
    /// case has positive pre-period", after Zhang's Prop. 2.5).
    Table2,
    /// Ward's conjecture (quoted in §6): decided by [`ward_counterexample`],
    /// which depends on k, not by one member per class.
    Ward,
}

/// Whether a purely periodic game {a, b, c} with least period `p` and the
/// angle test results `adm` satisfies the conjecture (a pre-periodic game
/// is `pure = false`).
fn agrees(
    conjecture: Conjecture,
    a: u64,
    b: u64,
    c: u64,
    pure: bool,
    p: u64,
    adm: &Admissible,
) -> bool {
    match conjecture {
        Conjecture::C52 => pure == adm.any(),
        Conjecture::C56 => !pure || [a + b, c + a, c + b].contains(&p),
        Conjecture::C57 => !pure || (p != c + a || adm.c_plus_a) && (p != c + b || adm.c_plus_b),
        Conjecture::Table2 => {
            let row = crate::subtraction::Triple::new(a, b, c)
                .and_then(|t| crate::subtraction::table2::table2_row(&t));
            pure == row.is_some()
        }
        Conjecture::Ward => ward(a, b, c, p),
    }
}

/// The least c of a complete base at which the conjecture fails, with the
/// game's (q, p), if any. Each proved class is judged at its first member
/// k0 and, for the periods affine in c, at every member (the judgment
/// depends on c only through ρ and the shape); the members below by their
/// engine values.
pub fn counterexample(
    base: &BaseClassification,
    conjecture: Conjecture,
) -> Option<(u64, u64, u64)> {
    if conjecture == Conjecture::Ward {
        return ward_counterexample(base).ok().flatten();
    }
    let (a, b) = (base.a, base.b);
    let m = a + b;
    let tests = Base::new(a, b);
    // The angle tests are paper A's for a ≥ 2; for a = 1 only Table 2 is
    // asked (and the tests' answers are not read).
    let mut found: Vec<(u64, u64, u64)> = Vec::new();
    for member in &base.members {
        let adm = admissible(&tests, member.c % m);
        if !agrees(conjecture, a, b, member.c, member.q == 0, member.p, &adm) {
            found.push((member.c, member.q, member.p));
        }
    }
    for (rho, status) in base.classes.iter().enumerate() {
        let ClassStatus::Proved { from_k, shape, .. } = status else {
            continue;
        };
        let rho = rho as u64;
        let adm = admissible(&tests, rho);
        // k ≥ 2 keeps c ≠ a + b; the verdict is the same for every k.
        let k = (*from_k).max(2);
        let c = m * k + rho;
        let (q, p) = match shape {
            Shape::Base { period } => (0, *period),
            Shape::Tail { d } => (0, c + d),
            Shape::PrePeriodic { q, p, .. } => {
                let at = |f: &Affine| (f.slope * k).saturating_add_signed(f.offset);
                (at(q), at(p))
            }
        };
        if !agrees(conjecture, a, b, c, shape.pure(), p, &adm) {
            found.push((c, q, p));
        }
    }
    found.into_iter().min()
}

/// Ward's conjecture at one game: the least period p divides some pair
/// sum of S = {a, b, c} (a + b, c + a, c + b) and equals the gcd of the
/// pair sums it divides.
pub fn ward(a: u64, b: u64, c: u64, p: u64) -> bool {
    let divided: Vec<u64> = [a + b, c + a, c + b]
        .into_iter()
        .filter(|s| p > 0 && s % p == 0)
        .collect();
    !divided.is_empty() && divided.iter().fold(0, |g, &s| gcd(g, s)) == p
}

/// The least c of a complete base where Ward's conjecture fails, with
/// (q, p), if any: `None` when it holds for every c > b, c ≠ a + b, of the
/// base's primitive classes. `Err` when a class's least period is not
/// proved (the conjecture is not decided there).
///
/// *The decision for every k ≥ k0* of a class with least period
/// p(k) = α·k + β and the pair sums s_j(k) = σ_j·k + τ_j:
/// - α = 0: p | s_j depends on k mod p; once s_2, s_3 > p (k ≥ K'), a
///   divided set {s_2} or {s_3} alone has gcd > p, and the gcd of a set of
///   two or three sums is gcd(a + b, ρ + a mod (a + b)) (constant) or
///   gcd(c + a, b − a) (a function of k mod (b − a)) or their gcd. So
///   Ward's test at k ≥ K' depends on k mod L = lcm(p, b − a): it is
///   evaluated at every k of [k0, max(k0, K') + L).
/// - α > 0: p | s_j at k means s_j = μ·p for an integer μ between 1 and
///   μ_max = max(s_j(k0)/p(k0), σ_j/α) + 1 (s_j/p is monotone in k). For
///   each μ either μ·p = s_j identically (then p | s_j at every k) or
///   (μα − σ_j)k = τ_j − μβ has at most one solution k. So outside the
///   finite set E of those solutions, the divided set is the identities
///   {s_j = λ_j·p}, whose gcd is p·gcd(λ_j): Ward's test is one value
///   there, evaluated at one k ∉ E, and at every k ∈ E directly.
pub fn ward_counterexample(base: &BaseClassification) -> Result<Option<(u64, u64, u64)>, String> {
    let (a, b) = (base.a, base.b);
    let m = a + b;
    let mut found: Vec<(u64, u64, u64)> = base
        .members
        .iter()
        .filter(|x| !ward(a, b, x.c, x.p))
        .map(|x| (x.c, x.q, x.p))
        .collect();
    for (rho, status) in base.classes.iter().enumerate() {
        let ClassStatus::Proved { from_k, shape, .. } = status else {
            continue;
        };
        let rho = rho as u64;
        let (q, p): (Affine, Affine) = match shape {
            Shape::Base { period } => (affine(0, 0), affine(0, *period as i64)),
            Shape::Tail { d } => (affine(0, 0), affine(m, (rho + d) as i64)),
            Shape::PrePeriodic { least: false, .. } => {
                return Err(format!("ρ = {rho}: the least period is not proved"))
            }
            Shape::PrePeriodic { q, p, .. } => (*q, *p),
        };
        let at = |f: Affine, k: u64| (f.slope * k).saturating_add_signed(f.offset);
        let c_at = |k: u64| m * k + rho;
        // The additive member is not a non-additive game.
        let test = |k: u64| c_at(k) == m || ward(a, b, c_at(k), at(p, k));
        let ks: Vec<u64> = if p.slope == 0 {
            let p0 = at(p, 0).max(1);
            let k1 = (*from_k..).find(|&k| c_at(k) + a > p0).unwrap_or(*from_k);
            let l = p0 / gcd(p0, b - a) * (b - a);
            (*from_k..k1.max(*from_k) + l).collect()
        } else {
            let alpha = p.slope as i128;
            let beta = i128::from(p.offset);
            let p0 = at(p, *from_k).max(1) as i128;
            let mut ks = vec![*from_k];
            for (sigma, tau) in [
                (0i128, m as i128),
                (m as i128, (rho + a) as i128),
                (m as i128, (rho + b) as i128),
            ] {
                let s0 = sigma * i128::from(*from_k) + tau;
                let mu_max = (s0 / p0).max(sigma / alpha) + 2;
                for mu in 1..=mu_max {
                    let (lhs, rhs) = (mu * alpha - sigma, tau - mu * beta);
                    if lhs != 0 && rhs % lhs == 0 && rhs / lhs >= i128::from(*from_k) {
                        ks.push((rhs / lhs) as u64);
                    }
                }
            }
            // One k outside E: past every solution.
            let beyond = ks.iter().max().copied().unwrap_or(*from_k) + 1;
            ks.push(beyond);
            ks
        };
        if let Some(k) = ks.into_iter().filter(|&k| !test(k)).min() {
            found.push((c_at(k), at(q, k), at(p, k)));
        }
    }
    Ok(found.into_iter().min())
}

fn affine(slope: u64, offset: i64) -> Affine {
    Affine { slope, offset }
}

/// [`classify_base`], computed once per process and base (the audit's
/// conjecture entries share it; a second caller waits for the first).
pub fn classified(a: u64, b: u64) -> std::sync::Arc<BaseClassification> {
    use std::collections::HashMap;
    use std::sync::{Arc, Mutex, OnceLock};
    type Slot = Arc<OnceLock<Arc<BaseClassification>>>;
    static CACHE: OnceLock<Mutex<HashMap<(u64, u64), Slot>>> = OnceLock::new();
    let slot: Slot = {
        let mut cache = CACHE
            .get_or_init(Default::default)
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        cache.entry((a, b)).or_default().clone()
    };
    slot.get_or_init(|| Arc::new(classify_base(a, b))).clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// {2, 5}: every class proved one way, the conjectures hold; a
    /// pre-periodic class read as purely periodic is a counterexample to
    /// Conjecture 52 in its own class (the decision can fail).
    #[test]
    fn a_flipped_class_is_a_counterexample() {
        let base = classify_base(2, 5);
        assert!(base.complete());
        for c in [Conjecture::C52, Conjecture::C56, Conjecture::C57] {
            assert_eq!(counterexample(&base, c), None, "{c:?}");
        }
        let mut flipped = base.clone();
        let rho = flipped
            .classes
            .iter()
            .position(|s| matches!(s, ClassStatus::Proved { shape, .. } if !shape.pure()))
            .expect("{2, 5} has a pre-periodic class");
        let ClassStatus::Proved { shape, .. } = &mut flipped.classes[rho] else {
            unreachable!()
        };
        *shape = Shape::Tail { d: 2 };
        let (c, _, _) = counterexample(&flipped, Conjecture::C52).expect("flipped");
        assert_eq!(c % 7, rho as u64);
    }

    /// Ward's test at one game, and for every c: {2, 5} holds; a class
    /// whose period is read as c + 3 (dividing no pair sum) fails at its
    /// first member, and a constant period 2 on {3, 5}'s ρ = 1 holds for
    /// every k (2 divides 8, 8k + 4, 8k + 6 with gcd 2).
    #[test]
    fn ward_is_decided_for_every_c_and_can_fail() {
        assert!(ward(2, 5, 14, 16));
        assert!(!ward(2, 5, 14, 8));
        assert!(!ward(2, 5, 14, 17));
        let base = classify_base(2, 5);
        assert_eq!(ward_counterexample(&base), Ok(None));
        let mut bent = base.clone();
        let rho = bent
            .classes
            .iter()
            .position(|s| {
                matches!(
                    s,
                    ClassStatus::Proved {
                        shape: Shape::Tail { .. },
                        ..
                    }
                )
            })
            .expect("{2, 5} has a Tail class");
        let ClassStatus::Proved { shape, from_k, .. } = &mut bent.classes[rho] else {
            unreachable!()
        };
        *shape = Shape::Tail { d: 3 };
        let first = 7 * (*from_k) + rho as u64;
        let (c, _, p) = ward_counterexample(&bent).unwrap().expect("fails");
        assert_eq!((c, p), (first, first + 3));
        let three_five = classify_base(3, 5);
        assert!(matches!(
            three_five.classes[1],
            ClassStatus::Proved {
                shape: Shape::PrePeriodic { .. },
                ..
            }
        ));
        assert_eq!(ward_counterexample(&three_five), Ok(None));
    }

    /// a = 1: every base b ≤ 12 is completely classified and agrees with
    /// Table 2; a class of Table 2 row 1 (b, c odd) read as pre-periodic
    /// is a counterexample.
    #[test]
    fn table2_decides_the_bases_with_a_equal_one() {
        for b in 2..=12 {
            let base = classify_base(1, b);
            assert!(base.complete(), "{{1, {b}}}");
            assert_eq!(
                counterexample(&base, Conjecture::Table2),
                None,
                "{{1, {b}}}"
            );
        }
        let mut base = classify_base(1, 5);
        // ρ = 1: c odd, b odd: row 1, purely periodic.
        base.classes[1] = ClassStatus::Proved {
            from_k: 1,
            shape: Shape::PrePeriodic {
                q: Affine {
                    slope: 6,
                    offset: 0,
                },
                p: Affine {
                    slope: 0,
                    offset: 2,
                },
                least: true,
            },
            certificate: Box::new(family::certificate(family::derive(1, 5, 1).unwrap())),
        };
        assert!(counterexample(&base, Conjecture::Table2).is_some());
    }
}
