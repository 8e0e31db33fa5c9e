//! Paper A's §6 conjectures for every c, base by base: Conjectures 52, 56
//! and 57 restricted to one base (a, b) are decided for every c by the
//! classification of src/subtraction/classification.rs (each primitive
//! class proved purely periodic by a `Family` certificate or pre-periodic
//! by a `PrePeriodicFamily` certificate, the members below each k0 by a
//! `PeriodicTable` certificate, all accepted by nimcheck's library), and
//! so is Zhang's Conjecture 1.3 (for a fixed base, q and p are piecewise
//! linear in c), quoted by paper A (§1), and, for a = 1, the sentence after
//! Table 2 that every game outside it has positive pre-period (after
//! Zhang's Prop. 2.5).
//!
//! One instance is a base (a, b). It holds when the base is completely
//! classified and the statement holds on every class and member; it fails
//! with the least c where it does not; a base with a class neither
//! direction proves is not checked, never a success, and names the class.
//! The statements are quoted; the per-base decision is derived here.

use crate::claim::{check_instances, Claim, InstanceOutcome, Kind, Scope};
use crate::subtraction::classification::{
    classified, counterexample, ward_counterexample, Conjecture,
};
use std::ops::RangeInclusive;

/// The default bases: 2 ≤ a < b ≤ 30, or a = 1 < b ≤ 30 for Table 2.
fn default_bases(conjecture: Option<Conjecture>) -> (RangeInclusive<u64>, RangeInclusive<u64>) {
    if conjecture == Some(Conjecture::Table2) {
        (1..=1, 2..=30)
    } else {
        (2..=29, 3..=30)
    }
}

/// What a base that holds proves.
const PROVED: &str = "for every c > b on each base of the range (every primitive class \
c ≡ ρ (mod a + b) proved purely periodic or pre-periodic from its k0 by a family certificate, \
the members below by a PeriodicTable certificate, all accepted by nimcheck's rules; the \
non-primitive classes, gcd(a, b, ρ) > 1, are outside the statement and left out; every \
certificate is re-checked by the extracted Coq judge with scripts/every-c)";

pub(super) fn claims() -> Vec<Claim> {
    vec![
        entry(
            "A.Conj52.every_c",
            "Conjecture 52 on each base (a, b), for every c: purely periodic ⟺ ρ ∈ Θ_(a+b) ∪ Θ_(c+a) ∪ Θ_(c+b)",
            "§6, Conjecture 52 (for every c, base by base)",
            Some(Conjecture::C52),
        ),
        entry(
            "A.Conj56.every_c",
            "Conjecture 56 on each base (a, b), for every c: purely periodic ⇒ p ∈ {a+b, c+a, c+b}",
            "§6, Conjecture 56 (for every c, base by base)",
            Some(Conjecture::C56),
        ),
        entry(
            "A.Conj57.every_c",
            "Conjecture 57 on each base (a, b), for every c: p = c+a ⇒ ρ ∈ Θ_(c+a); p = c+b ⇒ ρ ∈ Θ_(c+b)",
            "§6, Conjecture 57 (for every c, base by base)",
            Some(Conjecture::C57),
        ),
        entry(
            "A.Table2.complete.every_c",
            "a = 1, on each base (1, b), for every c: every purely periodic {1, b, c} is in a row of Table 2, and every game outside it has positive pre-period",
            "§2, after Table 2 (\"Every omitted case has positive pre-period\", after Zhang [17, Prop. 2.5]; for every c, base by base)",
            Some(Conjecture::Table2),
        ),
        entry(
            "A.Ward.every_c",
            "Ward's conjecture on each base (a, b), for every c: the least period divides a pair sum and equals the gcd of the pair sums it divides",
            "§6, after Conjecture 56, quoting Ward [16] (for every c, base by base)",
            Some(Conjecture::Ward),
        ),
        entry(
            "A.Zhang13.every_c",
            "Zhang's Conjecture 1.3 on each base (a, b): the least pre-period and the least period of {a, b, c} are piecewise linear in c",
            "§1, quoting Zhang [17, Conjecture 1.3] (for every c, base by base)",
            None,
        ),
    ]
}

/// The bases of the range, in words.
fn range_text(a: &RangeInclusive<u64>, b: &RangeInclusive<u64>) -> String {
    let bases = if a.start() == a.end() {
        format!("a = {}, a < b ≤ {}", a.start(), b.end())
    } else if *b.start() <= a.start().saturating_add(1) && a.end() < b.end() {
        format!("{} ≤ a < b ≤ {}", a.start(), b.end())
    } else {
        format!(
            "{} ≤ a ≤ {}, {} ≤ b ≤ {}, a < b",
            a.start(),
            a.end(),
            b.start(),
            b.end()
        )
    };
    format!("{bases}; every primitive class c ≡ ρ (mod a + b), c > b, c ≠ a + b")
}

fn entry(
    id: &'static str,
    printed: &'static str,
    at: &'static str,
    conjecture: Option<Conjecture>,
) -> Claim {
    let (a0, b0) = default_bases(conjecture);
    let least_a = *a0.start();
    let (ea, eb) = (a0.clone(), b0.clone());
    Claim::new(
        id,
        printed,
        range_text(&a0, &b0),
        move |scope: &Scope| {
            let (a, b) = (scope.a_or(a0.clone()), scope.b_or(b0.clone()));
            let text = range_text(&a, &b);
            let bases: Vec<(u64, u64)> = a
                .flat_map(|a| b.clone().filter(move |&b| b > a).map(move |b| (a, b)))
                .filter(|&(a, _)| (a >= 2) == (least_a >= 2))
                .collect();
            // Classify every base first, in parallel; the check then reads
            // the shared classifications.
            {
                use rayon::prelude::*;
                bases.par_iter().for_each(|&(a, b)| {
                    classified(a, b);
                });
            }
            let mut result = check_instances(
                scope,
                text,
                bases,
                |&(a, b)| format!("{a}-{b}"),
                |&(a, b), need| base_outcome(scope, conjecture, a, b, need),
            );
            result.proof = Some(PROVED.to_string());
            result
        },
        move |scope: &Scope| {
            let (a, b) = (scope.a_or(ea.clone()), scope.b_or(eb.clone()));
            // About thirty games of a few hundred positions per class.
            a.flat_map(|a| {
                b.clone()
                    .filter(move |&b| b > a)
                    .map(move |b| (a + b) * (a + b))
            })
            .map(|m2| 30 * 8 * m2)
            .sum()
        },
    )
    .at(at)
    .hypotheses(if conjecture == Some(Conjecture::Table2) {
        "a = 1 < b < c, c ≠ b + 1 (the additive row 6 is one c per base, checked by A.Table2.complete); one base at a time"
    } else {
        "standing: 2 ≤ a < b < c, gcd(a, b, c) = 1, c ≠ a + b; one base at a time"
    })
    .kind(Kind::Theorem)
    .counts("bases (a, b)")
}

/// One base (module docs).
fn base_outcome(
    scope: &Scope,
    conjecture: Option<Conjecture>,
    a: u64,
    b: u64,
    need: crate::claim::Need,
) -> InstanceOutcome {
    let base = classified(a, b);
    if !base.complete() {
        let mut why: Vec<String> = base
            .unsettled()
            .into_iter()
            .map(|(rho, why)| format!("ρ = {rho}: {why}"))
            .collect();
        if let Err(members) = &base.members_checked {
            why.push(members.clone());
        }
        return InstanceOutcome::NotChecked(format!(
            "{{{a}, {b}}} not completely classified: {}",
            why.join("; ")
        ));
    }
    let failure = match conjecture {
        Some(Conjecture::Ward) => match ward_counterexample(&base) {
            Err(why) => return InstanceOutcome::NotChecked(format!("{{{a}, {b}}}: {why}")),
            Ok(found) => found.map(|(c, q, p)| format!("{{{a}, {b}, {c}}}: q = {q}, p = {p}")),
        },
        Some(c) => {
            counterexample(&base, c).map(|(c, q, p)| format!("{{{a}, {b}, {c}}}: q = {q}, p = {p}"))
        }
        None => (!base.least_periods_proved())
            .then(|| format!("{{{a}, {b}}}: a pre-periodic class without a proved least period")),
    };
    match failure {
        // A class without a proved least period is not a counterexample
        // to Zhang's conjecture: it is not checked.
        Some(why) if conjecture.is_none() => InstanceOutcome::NotChecked(why),
        Some(why) => InstanceOutcome::fails(need, || why, || base.certificates()),
        None if scope.wants_certificates() => InstanceOutcome::Holds(base.certificates()),
        None => InstanceOutcome::Holds(Vec::new()),
    }
}
