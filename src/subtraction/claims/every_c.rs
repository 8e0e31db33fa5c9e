//! Table 1 and Table 2 for every c: each row's printed q = 0
//! and least period, proved on whole classes c ≡ ρ (mod a + b) by family
//! certificates (docs/FAMILIES.md), not on a finite range of c.
//!
//! One instance is a class (a, b, ρ) on which the row's conditions hold
//! (they depend on c only through ρ: src/subtraction/family.rs, `class_rows`).
//! It holds when
//! 1. nimcheck's library accepts the class's family certificate, which
//!    proves for every c = (a + b)k + ρ with k ≥ k0 that G_S is purely
//!    periodic with least period c + d (or the base's), and that period is
//!    the row's printed one (both affine in c);
//! 2. every member with b < c < c(k0) is purely periodic with the row's
//!    period, by the engine, each re-checked as a `Periodic` certificate by
//!    nimcheck's library.
//!
//! A class whose game is pre-periodic at some c fails (the row says q = 0
//! for every c of the class), with that c; a class with no family
//! certificate (another shape, no marker) is not checked, never a success.
//! The rows' W0 formulas (w_3) are not part of this: they stay checked on
//! the finite range of `A.Table1.rowN`.

use super::{braces, truth};
use crate::certify::{periodic_certificate, search_provenance};
use crate::claim::{check_instances, Claim, InstanceOutcome, Scope};
use crate::engine::solve;
use crate::moves::MoveSet;
use crate::subtraction::classify::{TABLE1_IDS, TABLE2_IDS};
use crate::subtraction::family::{
    certificate, class_rows, classes, first_c, printed_period, row_period_agrees, settle, Settled,
};
use std::ops::RangeInclusive;

/// The rows with an every-c entry: every row of Table 1 but the additive
/// row 8, every row of Table 2 but row 6 (each is one c per base).
fn rows() -> impl Iterator<Item = &'static str> {
    TABLE1_IDS
        .into_iter()
        .chain(TABLE2_IDS.into_iter().filter(|&id| id != "A.Table2.row6"))
}

/// The default classes: a < b ≤ 30 (2 ≤ a for Table 1, a = 1 for Table 2).
fn default_bases(row: &str) -> (RangeInclusive<u64>, RangeInclusive<u64>) {
    if row.starts_with("A.Table2") {
        (1..=1, 2..=30)
    } else {
        (2..=29, 3..=30)
    }
}

/// Engine bound for the members below c(k0).
const LIMIT: u64 = 1 << 26;

pub(super) fn claims() -> Vec<Claim> {
    rows().map(every_c).collect()
}

/// The bases of the range and the classes, in words: "2 ≤ a ≤ 29,
/// a < b ≤ 30, every ρ; every c ≡ ρ (mod a + b), c > b". Whether the
/// classes were proved is the verdict's scope, not the range.
fn range_text(a: &RangeInclusive<u64>, b: &RangeInclusive<u64>) -> String {
    let fixed_a = if a.start() == a.end() {
        format!("a = {}", a.start())
    } else {
        format!("{} ≤ a ≤ {}", a.start(), a.end())
    };
    let b_text = if b.start() == b.end() {
        format!("b = {}", b.start())
    } else if *b.start() <= a.start().saturating_add(1) {
        format!("a < b ≤ {}", b.end())
    } else {
        format!("{} ≤ b ≤ {}, a < b", b.start(), b.end())
    };
    format!("{fixed_a}, {b_text}, every ρ; every c ≡ ρ (mod a + b), c > b")
}

/// What a class that holds proves ([`crate::claim::ClaimResult::proof`]).
const PROVED: &str = "for every c of each class c ≡ ρ (mod a + b), c > b, on the bases of the \
range (family certificates for c ≥ c(k0) and Periodic certificates below, accepted by \
nimcheck's rules)";

fn every_c(row: &'static str) -> Claim {
    let id: &'static str = Box::leak(format!("{row}.every_c").into_boxed_str());
    let table = if row.starts_with("A.Table2") {
        "Table 2"
    } else {
        "Table 1"
    };
    let number = row.rsplit("row").next().unwrap_or("?");
    let printed = format!(
        "{table}, row {number}: q = 0 and the printed least period, for every c ≡ ρ (mod a + b) of a class on which the row's conditions hold"
    );
    let (a0, b0) = default_bases(row);
    let (ea, eb) = (a0.clone(), b0.clone());
    Claim::new(
        id,
        printed,
        range_text(&a0, &b0),
        move |scope| {
            let (a, b) = (scope.a_or(a0.clone()), scope.b_or(b0.clone()));
            let text = range_text(&a, &b);
            let instances =
                classes(a, b).filter(|&(a, b, rho)| class_rows(a, b, rho).contains(&row));
            let mut result = check_instances(
                scope,
                text,
                instances,
                |&(a, b, rho)| format!("{a}-{b}-rho{rho}"),
                |&(a, b, rho), need| class_outcome(scope, row, a, b, rho, need),
            );
            result.proof = Some(PROVED.to_string());
            result
        },
        move |scope| {
            let (a, b) = (scope.a_or(ea.clone()), scope.b_or(eb.clone()));
            // About a dozen games of a few hundred positions per class.
            classes(a, b).map(|(a, b, _)| 12 * 8 * (a + b)).sum()
        },
    )
    .at(format!("{table}, row {number} (for every c)"))
    .hypotheses("the row's conditions, which depend on c only through ρ = c mod (a + b)")
    .counts("classes (a, b, ρ)")
}

/// One class: the family certificate for c ≥ c0, the members below c0 one
/// by one (module docs).
fn class_outcome(
    scope: &Scope,
    row: &str,
    a: u64,
    b: u64,
    rho: u64,
    need: crate::claim::Need,
) -> InstanceOutcome {
    let m = a + b;
    let outcome = settle(a, b, rho);
    let claim = match outcome.settled {
        Settled::Proved { claim, .. } => claim,
        Settled::NotSettled { why, preperiodic } => {
            if preperiodic {
                if let Some(fail) = derive_failure(a, b, rho) {
                    return fail_at(need, a, b, fail, "pre-periodic, but the row says q = 0");
                }
            }
            return InstanceOutcome::NotChecked(format!(
                "{{{a}, {b}, c ≡ {rho} (mod {m})}}: no family certificate ({why})"
            ));
        }
        Settled::Refused { checker } => {
            return InstanceOutcome::NotChecked(format!(
                "{{{a}, {b}, c ≡ {rho} (mod {m})}}: nimcheck refused the derived family certificate ({checker})"
            ))
        }
    };
    if !row_period_agrees(&claim, row) {
        let c = first_c(&claim).unwrap_or(0);
        return fail_at(need, a, b, c, "the family's least period is not the row's");
    }
    // The members below c(k0), each re-checked by nimcheck's library.
    let c0 = first_c(&claim).unwrap_or(u64::MAX);
    let first = (b + 1).saturating_sub(rho).div_ceil(m);
    for k in first..claim.from_k {
        let c = m * k + rho;
        if c >= c0 {
            break;
        }
        if c == m {
            continue; // the additive game: no non-additive row covers it
        }
        let Ok(moves) = MoveSet::new(&[a, b, c]) else {
            continue;
        };
        let Ok(game) = solve(&moves, LIMIT) else {
            return InstanceOutcome::NotChecked(format!(
                "{{{a}, {b}, {c}}}: no period within the engine bound"
            ));
        };
        let printed = printed_period(a, b, c, row);
        if game.qp.preperiod != 0 || Some(game.qp.period) != printed {
            return fail_at(need, a, b, c, "not the row's q = 0 and least period");
        }
        let cert = periodic_certificate(&game, search_provenance());
        if !matches!(
            nimcert_check::check_certificate(&cert, &nimcert_check::Limits::default()),
            nimcert_check::Verdict::Valid(_)
        ) {
            return InstanceOutcome::NotChecked(format!(
                "{{{a}, {b}, {c}}}: nimcheck refused the engine's Periodic certificate"
            ));
        }
    }
    if scope.wants_certificates() {
        InstanceOutcome::Holds(vec![certificate(*claim)])
    } else {
        InstanceOutcome::Holds(Vec::new())
    }
}

/// The least c of the class at which the game is pre-periodic (the row says
/// q = 0 for all of them), searched up to the largest sampled k.
fn derive_failure(a: u64, b: u64, rho: u64) -> Option<u64> {
    let m = a + b;
    let first = (b + 1).saturating_sub(rho).div_ceil(m);
    (first..first + 4 * (b + m) / m + 8)
        .map(|k| m * k + rho)
        .find(|&c| {
            MoveSet::new(&[a, b, c])
                .ok()
                .and_then(|s| solve(&s, LIMIT).ok())
                .is_some_and(|g| g.qp.preperiod != 0)
        })
}

/// A failing class, reported at the game {a, b, c} with its true (q, p)
/// certified.
fn fail_at(need: crate::claim::Need, a: u64, b: u64, c: u64, what: &str) -> InstanceOutcome {
    let moves = [a, b, c];
    let game = MoveSet::new(&moves)
        .ok()
        .and_then(|s| solve(&s, LIMIT).ok());
    InstanceOutcome::fails(
        need,
        || match &game {
            Some(g) => format!(
                "{}: {what} (engine q = {}, p = {})",
                braces(&moves),
                g.qp.preperiod,
                g.qp.period
            ),
            None => format!("{}: {what}", braces(&moves)),
        },
        || game.as_ref().map(truth).unwrap_or_default(),
    )
}
