//! Paper B, §4: winning sets of extreme points. Prop. 7, the special case
//! W = Ex(S) with its proof's sentences, the lemmas quoted from \[4\], the
//! theorem for W ⊆ Ex(S) with its type displays, the spectrum corollaries
//! and the XOR table of the last proof. Sums of games are computed by the
//! mex rule on pairs of positions, not by Sprague–Grundy.

use super::{
    cases, everywhere, on_games, on_predictions, only, position_nims, show_family, Case, Family,
    Wins,
};
use crate::avoidance::geometry::extreme_points;
use crate::avoidance::mex;
use crate::avoidance::points::PointSet;
use crate::claim::{check_instances, Claim, Correction, InstanceOutcome, Scope};
use rayon::prelude::*;
use std::ops::RangeInclusive;

/// Ex(S).
fn ground_extremes(case: &Case) -> PointSet {
    extreme_points(case.game.geometry(), &PointSet::full(case.game.size()))
}

/// ℐ as the diagram's classes, without S itself (Example 15 lists ℐ
/// without S, while the definition with 𝒩 = ∅ would add it; the
/// comparisons below leave S out on both sides).
fn classes(case: &Case) -> Vec<PointSet> {
    let full = PointSet::full(case.game.size());
    let mut sets: Vec<PointSet> = case
        .diagram()
        .classes
        .iter()
        .map(|c| c.set.clone())
        .filter(|s| *s != full)
        .collect();
    sets.sort();
    sets
}

/// {S \ V : ∅ ≠ V ⊆ X}, sorted.
fn complements_of_subsets(n: usize, x: &PointSet) -> Vec<PointSet> {
    let full = PointSet::full(n);
    let members: Vec<usize> = x.iter().collect();
    let mut sets: Vec<PointSet> = (1u64..1 << members.len())
        .map(|mask| {
            let v = PointSet::from_iter_in(
                n,
                (0..members.len())
                    .filter(|i| mask >> i & 1 == 1)
                    .map(|i| members[i]),
            );
            full.difference(&v)
        })
        .collect();
    sets.sort();
    sets.dedup();
    sets
}

/// {S \ {v} : v ∈ X}, sorted.
fn one_point_removed(n: usize, x: &PointSet) -> Vec<PointSet> {
    let full = PointSet::full(n);
    let mut sets: Vec<PointSet> = x
        .iter()
        .map(|v| full.difference(&PointSet::from_iter_in(n, [v])))
        .collect();
    sets.sort();
    sets
}

/// Compares two families of sets, `Err` naming both.
fn same_family(
    case: &Case,
    got: &[PointSet],
    printed: &[PointSet],
    name: &str,
) -> Result<(), String> {
    if got == printed {
        Ok(())
    } else {
        Err(format!(
            "{name} = {}, printed {}",
            show_family(&case.game, got),
            show_family(&case.game, printed)
        ))
    }
}

fn w_is_ex(case: &Case) -> bool {
    *case.game.win() == ground_extremes(case)
}

fn w_subset_ex(case: &Case) -> bool {
    case.game.win().is_subset(&ground_extremes(case))
}

/// The parity of every M ∈ 𝓜 when W = Ex(S), as printed (`printed`: even
/// when pty(S) = 0) or corrected (odd when pty(S) = 0).
fn check_parity(case: &Case, printed: bool) -> Option<Result<(), String>> {
    if !w_is_ex(case) {
        return None;
    }
    let s = (case.game.size() % 2) as u8;
    let expected = if printed { s } else { 1 - s };
    let bad = case
        .diagram()
        .maximal
        .iter()
        .find(|m| m.parity() != expected);
    Some(match bad {
        None => Ok(()),
        Some(m) => Err(format!(
            "pty(S) = {s} but M = {} has parity {}",
            case.game.show(m),
            m.parity()
        )),
    })
}

/// The types of a diagram, as (pty(I), nim_0, nim_1) with δ(I) = |S \ I|.
fn types(case: &Case) -> Vec<(PointSet, usize, (u8, u32, u32))> {
    let n = case.game.size();
    case.diagram()
        .classes
        .iter()
        .map(|c| (c.set.clone(), n - c.set.len(), c.kind()))
        .collect()
}

pub(super) fn claims() -> Vec<Claim> {
    vec![
        on_games("B.Prop7", "DNG(S, W), DNG(S, Ex(W)) and DNG(S, τ(W)) have the same nim number", everywhere(7, 9, 5), |case| {
            let game = &case.game;
            let ex = extreme_points(game.geometry(), game.win());
            let hull = game.geometry().closure(game.win());
            let nim_of = |win: &PointSet| case.with_win(win).map(|g| super::game_nim(&g));
            let (a, b, c) = (case.nim(), nim_of(&ex)?, nim_of(&hull)?);
            Some(if a == b && b == c { Ok(()) } else { Err(format!("nim with W, Ex(W), τ(W): {a}, {b}, {c}")) })
        })
            .at("§4, Proposition 7")
            .hypotheses("any convex geometry, W ≠ ∅"),
        on_games("B.Prop7.proof", "τ(W) = τ(Ex(W)) = τ(τ(W))", everywhere(7, 9, 5), |case| {
            let g = case.game.geometry();
            let w = case.game.win();
            let (hull, ex) = (g.closure(w), g.closure(&extreme_points(g, w)));
            let twice = g.closure(&hull);
            Some(if hull == ex && hull == twice { Ok(()) } else {
                Err(format!("τ(W) = {}, τ(Ex(W)) = {}, τ(τ(W)) = {}", case.game.show(&hull), case.game.show(&ex), case.game.show(&twice)))
            })
        })
            .at("§4, proof of Proposition 7")
            .hypotheses("any convex geometry"),
        on_games("B.Thm.WisEx.M", "W = Ex(S) ⇒ 𝓜 = {S \\ {v} : v ∈ Ex(S)}", only(Wins::Extremes, everywhere(9, 11, 7)), |case| {
            w_is_ex(case).then(|| {
                let n = case.game.size();
                same_family(case, &case.diagram().maximal, &one_point_removed(n, &ground_extremes(case)), "𝓜")
            })
        })
            .at("§4, before the theorem for W = Ex(S)")
            .hypotheses("W = Ex(S)"),
        on_games("B.Thm.WisEx.I", "W = Ex(S) ⇒ ℐ = {S \\ V : V ⊆ S}", only(Wins::Extremes, everywhere(9, 11, 7)), |case| {
            w_is_ex(case).then(|| {
                let n = case.game.size();
                same_family(case, &classes(case), &complements_of_subsets(n, &PointSet::full(n)), "ℐ without S")
            })
        })
            .at("§4, before the theorem for W = Ex(S)")
            .hypotheses("W = Ex(S); S itself left out of both sides"),
        on_games("B.Thm.WisEx.I.typo", "W = Ex(S) ⇒ ℐ = {S \\ V : V ⊆ Ex(S)}", only(Wins::Extremes, everywhere(9, 11, 7)), |case| {
            w_is_ex(case).then(|| {
                let n = case.game.size();
                same_family(case, &classes(case), &complements_of_subsets(n, &ground_extremes(case)), "ℐ without S")
            })
        })
            .at("§4, before the theorem for W = Ex(S)")
            .hypotheses("W = Ex(S); S itself left out of both sides")
            .corrects("B.Thm.WisEx.I", Correction::Typo { printed: "V ⊆ S", corrected: "V ⊆ Ex(S) (= W, as the lemma from [4] has it)" }),
        on_predictions("B.Thm.WisEx", "W = Ex(S): nim = 1 if pty(S) = 0, 0 if pty(S) = 1", only(Wins::Extremes, everywhere(9, 11, 7)), |case| {
            w_is_ex(case).then_some(1 - (case.game.size() % 2) as u32)
        })
            .at("§4, the theorem for W = Ex(S)")
            .hypotheses("W = Ex(S)"),
        on_games("B.Thm.WisEx.proof.parity", "W = Ex(S): when pty(S) = 0 the maximal non-generating sets have even parity (\"one point removed from S\"); when pty(S) = 1, odd", only(Wins::Extremes, everywhere(9, 11, 7)), |case| check_parity(case, true))
            .at("§4, proof of the theorem for W = Ex(S)")
            .hypotheses("W = Ex(S)"),
        on_games("B.Thm.WisEx.proof.parity.typo", "W = Ex(S): when pty(S) = 0 the maximal non-generating sets have odd parity; when pty(S) = 1, even", only(Wins::Extremes, everywhere(9, 11, 7)), |case| check_parity(case, false))
            .at("§4, proof of the theorem for W = Ex(S)")
            .hypotheses("W = Ex(S)")
            .corrects("B.Thm.WisEx.proof.parity", Correction::Typo { printed: "even (pty(S) = 0) and odd (pty(S) = 1)", corrected: "odd and even: |S \\ {v}| = |S| − 1" }),
        on_games("B.Thm.WisEx.proof.types", "W = Ex(S): every type is (0,1,0) or (1,1,0) when pty(S) = 0, and (0,0,1) or (1,0,1) when pty(S) = 1", only(Wins::Extremes, everywhere(9, 11, 7)), |case| {
            w_is_ex(case).then(|| {
                let allowed: [(u8, u32, u32); 2] = if case.game.size() % 2 == 0 { [(0, 1, 0), (1, 1, 0)] } else { [(0, 0, 1), (1, 0, 1)] };
                match types(case).into_iter().find(|(_, _, t)| !allowed.contains(t)) {
                    None => Ok(()),
                    Some((set, _, t)) => Err(format!("type(X_{}) = {t:?}", case.game.show(&set))),
                }
            })
        })
            .at("§4, proof of the theorem for W = Ex(S)")
            .hypotheses("W = Ex(S)"),
        on_games("B.Lemma.WsubsetEx.M", "W ⊆ Ex(S) ⇒ 𝓜 = {M_v : v ∈ W}, M_v := S \\ {v} (quoting [4])", only(Wins::WithinExtremes, everywhere(8, 10, 6)), |case| {
            w_subset_ex(case).then(|| {
                let n = case.game.size();
                same_family(case, &case.diagram().maximal, &one_point_removed(n, case.game.win()), "𝓜")
            })
        })
            .at("§4, the first lemma quoted from [4]")
            .hypotheses("W ⊆ Ex(S)"),
        on_games("B.Lemma.WsubsetEx.I", "W ⊆ Ex(S) ⇒ ℐ = {S \\ V : V ⊆ W}", only(Wins::WithinExtremes, everywhere(8, 10, 6)), |case| {
            w_subset_ex(case).then(|| {
                let n = case.game.size();
                same_family(case, &classes(case), &complements_of_subsets(n, case.game.win()), "ℐ without S")
            })
        })
            .at("§4, the second lemma quoted from [4]")
            .hypotheses("W ⊆ Ex(S); S itself left out of both sides"),
        on_predictions("B.Thm.WsubsetEx", "W ⊆ Ex(S): nim = 1 if pty(S) = 0, 0 if pty(S) = 1", only(Wins::WithinExtremes, everywhere(8, 10, 6)), |case| {
            crate::avoidance::formulas::extreme_point_theorem(&case.game)
        })
            .at("§4, the main theorem of the section")
            .hypotheses("W ⊆ Ex(S)"),
        on_games("B.Thm.WsubsetEx.types", "W ⊆ Ex(S), δ(I) = |S \\ I|: type(X_I) = (0,0,1) (δ odd), (1,0,1) (δ even) when pty(S) = 1; (1,1,0) (δ odd), (0,1,0) (δ even) when pty(S) = 0", only(Wins::WithinExtremes, everywhere(8, 10, 6)), |case| {
            w_subset_ex(case).then(|| {
                let odd_s = case.game.size() % 2 == 1;
                let bad = types(case).into_iter().find(|(_, delta, t)| {
                    let printed = match (odd_s, delta % 2 == 1) {
                        (true, true) => (0, 0, 1),
                        (true, false) => (1, 0, 1),
                        (false, true) => (1, 1, 0),
                        (false, false) => (0, 1, 0),
                    };
                    *t != printed
                });
                match bad {
                    None => Ok(()),
                    Some((set, delta, t)) => Err(format!("type(X_{}) = {t:?} with δ = {delta}", case.game.show(&set))),
                }
            })
        })
            .at("§4, the type displays in the proof of the main theorem (which display is which parity of S is read from pty(I) = pty(S) + δ(I))")
            .hypotheses("W ⊆ Ex(S)"),
        on_games("B.Cor.spectrum", "the spectrum of nim numbers when τ(W) ⊆ Ex(S) is {0, 1}", only(Wins::WithinExtremes, everywhere(8, 10, 6)), |case| {
            let hull = case.game.geometry().closure(case.game.win());
            hull.is_subset(&ground_extremes(case)).then(|| {
                let nim = case.diagram().nim();
                (nim <= 1).then_some(()).ok_or(format!("τ(W) ⊆ Ex(S) but nim is {nim}"))
            })
        })
            .at("§4, the first corollary")
            .hypotheses("τ(W) ⊆ Ex(S)"),
        sums("B.Cor.spectrum_sum", "the nim numbers of sums of two games with τ(W) ⊆ Ex(S) lie in {0, 1} (sums by the mex rule on pairs of positions)", |x, y, nim| {
            (nim <= 1).then_some(()).ok_or(format!("nims {x} and {y}, the sum has nim {nim}"))
        })
            .at("§4, the second corollary")
            .hypotheses("each summand has τ(W) ⊆ Ex(S)"),
        identities("B.Cor.spectrum_sum.proof", "the nim number of the sum is the XOR: 0 ⊕ 0 = 1, 1 ⊕ 0 = 1, 1 ⊕ 1 = 0, 0 ⊕ 1 = 1 (as printed)", &PRINTED_XOR)
            .at("§4, proof of the second corollary")
            .hypotheses("each summand has τ(W) ⊆ Ex(S)"),
        identities("B.Cor.spectrum_sum.proof.typo", "the nim number of the sum is the XOR: 0 ⊕ 0 = 0, 1 ⊕ 0 = 1, 1 ⊕ 1 = 0, 0 ⊕ 1 = 1", &CORRECTED_XOR)
            .at("§4, proof of the second corollary")
            .hypotheses("each summand has τ(W) ⊆ Ex(S)")
            .corrects("B.Cor.spectrum_sum.proof", Correction::Typo { printed: "0 ⊕ 0 = 1", corrected: "0 ⊕ 0 = 0" }),
    ]
}

/// An identity x ⊕ y = v of the XOR table in the proof of the second
/// corollary.
type Identity = (u32, u32, u32);

/// The four identities as printed, in the printed order ("0 ⊕ 0 = 1" is
/// the typo: the sentence before says 0 ⊕ 0 = 0).
const PRINTED_XOR: [Identity; 4] = [(0, 0, 1), (1, 0, 1), (1, 1, 0), (0, 1, 1)];

/// The four identities with 0 ⊕ 0 = 0.
const CORRECTED_XOR: [Identity; 4] = [(0, 0, 0), (1, 0, 1), (1, 1, 0), (0, 1, 1)];

/// A summand: a game with τ(W) ⊆ Ex(S), the nim of every position, and
/// the legal options of every position.
struct Summand {
    case: Case,
    nims: Vec<Option<u32>>,
}

impl Summand {
    fn options(&self, mask: usize) -> impl Iterator<Item = usize> + '_ {
        let n = self.case.game.size();
        (0..n)
            .filter(move |x| mask >> x & 1 == 0)
            .map(move |x| mask | 1 << x)
            .filter(|&o| self.nims[o].is_some())
    }
}

/// The nim number of the sum of two games, by the mex rule on every pair
/// of positions (options of a pair move in one component).
fn sum_nim(g: &Summand, h: &Summand) -> u32 {
    let (ng, nh) = (g.nims.len(), h.nims.len());
    let mut table = vec![0u32; ng * nh];
    for p in (0..ng).rev().filter(|&p| g.nims[p].is_some()) {
        for r in (0..nh).rev().filter(|&r| h.nims[r].is_some()) {
            let values = g
                .options(p)
                .map(|o| table[o * nh + r])
                .chain(h.options(r).map(|o| table[p * nh + o]));
            table[p * nh + r] = mex(values);
        }
    }
    table[0]
}

/// The summands: trees (vertex geometry) and grid subsets with
/// τ(W) ⊆ Ex(S).
fn summands(trees: RangeInclusive<u64>, grid: RangeInclusive<u64>) -> Vec<Summand> {
    cases(Family::TreeVertices, trees)
        .chain(cases(Family::Grid, grid))
        .filter(|case| {
            let hull = case.game.geometry().closure(case.game.win());
            hull.is_subset(&ground_extremes(case))
        })
        .map(|case| Summand {
            nims: position_nims(&case.game),
            case,
        })
        .collect()
}

/// The summand ranges of a scope (trees, grid subsets): the grid subsets
/// grow fastest, so a size range narrows them but never widens them past
/// the default (or extended) bound.
fn sum_ranges(scope: &Scope) -> (RangeInclusive<u64>, RangeInclusive<u64>) {
    let (t, g) = if scope.extended { (6, 3) } else { (5, 2) };
    let grid = scope.size_or(1..=g);
    (scope.size_or(1..=t), *grid.start()..=(*grid.end()).min(g))
}

/// The range of the sum claims in words.
fn sum_text(t: &RangeInclusive<u64>, g: &RangeInclusive<u64>) -> String {
    format!(
        "all pairs of games with τ(W) ⊆ Ex(S) among tree vertex geometries with {} ≤ n ≤ {} vertices and subsets of {{0,1,2}}² with {} ≤ n ≤ {} points",
        t.start(), t.end(), g.start(), g.end()
    )
}

/// The default range of the sum claims in words.
fn sum_default_text() -> String {
    format!(
        "{} (--extended: trees up to 6 vertices, grid subsets up to 3 points)",
        sum_text(&(1..=5), &(1..=2))
    )
}

/// The work estimate of the sum claims.
fn sum_work(scope: &Scope) -> u64 {
    let (t, g) = sum_ranges(scope);
    let n = (t.end() + g.end()).min(40) as u32;
    4u64.saturating_pow(n).saturating_mul(1 << 12)
}

/// The pairs (i, j), i ≤ j, of the summands, in increasing order.
fn pairs(all: &[Summand]) -> impl Iterator<Item = (usize, usize)> + Send + '_ {
    (0..all.len()).flat_map(move |i| (i..all.len()).map(move |j| (i, j)))
}

/// "G + H" for a pair of summands.
fn pair_label(all: &[Summand], (i, j): (usize, usize)) -> String {
    format!("{} + {}", all[i].case.label(), all[j].case.label())
}

/// A claim about the identities x ⊕ y = v of the XOR table that the proof
/// of the second corollary prints: one instance per identity, as the
/// sentence asserts them (not per pair of games). An identity is checked
/// on every pair of games of the range whose nims are x and y (in either
/// order): it holds when every such sum has nim v (by the mex rule on pairs
/// of positions), fails with the smallest pair where it does not, and is
/// not checked when no pair of the range has those nims.
fn identities(id: &'static str, printed: &'static str, table: &'static [Identity]) -> Claim {
    Claim::new(
        id,
        printed,
        sum_default_text(),
        move |scope| {
            let (t, g) = sum_ranges(scope);
            let all = summands(t.clone(), g.clone());
            let sums: Vec<((usize, usize), u32, u32, u32)> = pairs(&all)
                .collect::<Vec<_>>()
                .into_par_iter()
                .map(|(i, j)| {
                    let (x, y) = (all[i].case.diagram().nim(), all[j].case.diagram().nim());
                    ((i, j), x, y, sum_nim(&all[i], &all[j]))
                })
                .collect();
            let with = |&(x, y, _): &Identity| -> Vec<&((usize, usize), u32, u32, u32)> {
                sums.iter()
                    .filter(|(_, a, b, _)| (*a, *b) == (x, y) || (*a, *b) == (y, x))
                    .collect()
            };
            let mut result = check_instances(
                scope,
                sum_text(&t, &g),
                table.iter().copied(),
                |&(x, y, v)| format!("{x} ⊕ {y} = {v}"),
                |identity, need| {
                    let (x, y, v) = *identity;
                    let on = with(identity);
                    let certificates = |pairs: &[&((usize, usize), u32, u32, u32)]| {
                        let mut games: Vec<usize> =
                            pairs.iter().flat_map(|((i, j), ..)| [*i, *j]).collect();
                        games.sort_unstable();
                        games.dedup();
                        games.iter().map(|&k| all[k].case.certificate()).collect()
                    };
                    if on.is_empty() {
                        return InstanceOutcome::NotChecked(format!(
                            "no pair of games in the range has nims {x} and {y}"
                        ));
                    }
                    let wrong: Vec<_> = on.iter().copied().filter(|p| p.3 != v).collect();
                    match wrong.first() {
                        None => InstanceOutcome::Holds(if scope.wants_certificates() {
                            certificates(&on)
                        } else {
                            Vec::new()
                        }),
                        Some(first) => InstanceOutcome::fails(
                            need,
                            || {
                                format!(
                                    "{x} ⊕ {y} = {v} is false: {}/{} pairs of games with nims {x} and {y} have a sum of another nim, the smallest {}, nim {}",
                                    wrong.len(),
                                    on.len(),
                                    pair_label(&all, first.0),
                                    first.3
                                )
                            },
                            || certificates(&[first]),
                        ),
                    }
                },
            );
            let counted: Vec<String> = table
                .iter()
                .map(|identity| format!("{} ⊕ {} on {}", identity.0, identity.1, with(identity).len()))
                .collect();
            result.note = Some(format!(
                "each identity is checked on every pair of games of the range with those nims: {} pairs",
                counted.join(", ")
            ));
            result
        },
        sum_work,
    )
    .counts("identities")
}

/// A claim about the sums of two games with τ(W) ⊆ Ex(S): `check` gets
/// the two nim numbers and the sum's.
fn sums(
    id: &'static str,
    printed: &'static str,
    check: impl Fn(u32, u32, u32) -> Result<(), String> + Send + Sync + 'static,
) -> Claim {
    Claim::new(
        id,
        printed,
        sum_default_text(),
        move |scope| {
            let (t, g) = sum_ranges(scope);
            let all = summands(t.clone(), g.clone());
            check_instances(
                scope,
                sum_text(&t, &g),
                pairs(&all),
                |&pair| pair_label(&all, pair).replace([' ', '{', '}', ','], "_"),
                |&(i, j), need| {
                    let (x, y) = (all[i].case.diagram().nim(), all[j].case.diagram().nim());
                    let certificates =
                        || vec![all[i].case.certificate(), all[j].case.certificate()];
                    match check(x, y, sum_nim(&all[i], &all[j])) {
                        Ok(()) => InstanceOutcome::Holds(if scope.wants_certificates() {
                            certificates()
                        } else {
                            Vec::new()
                        }),
                        Err(why) => InstanceOutcome::fails(
                            need,
                            || {
                                let (x, y) = (all[i].case.label(), all[j].case.label());
                                format!("{x} + {y}: {why}")
                            },
                            certificates,
                        ),
                    }
                },
            )
        },
        sum_work,
    )
    .counts("pairs of games")
}
