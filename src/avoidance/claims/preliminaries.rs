//! Paper B, §2 (preliminaries: mex, convex geometries, the affine example)
//! and §3 (structure theory: maximal non-generating sets, structural
//! equivalence, the diagram's rule, Example 15, terminal classes).

use super::{ceiling, everywhere, on_example, on_games, position_nims, show_family, Case, Shape};
use crate::avoidance::affine::AffineGeometry;
use crate::avoidance::closure::ClosureSystem;
use crate::avoidance::geometry::Game;
use crate::avoidance::mex;
use crate::avoidance::points::PointSet;
use crate::claim::{on_numbers, Claim};

/// Example 15's point set, reconstructed: 1 = (0,0), 2 = (4,0), 3 = (0,4),
/// 4 = (1,1). The figure is lost; these coordinates give exactly the printed
/// 𝓜 = {{2,3}, {1,2,4}, {1,3,4}} (4 inside the triangle 123).
pub const EXAMPLE_15_POINTS: &str = "0,0 4,0 0,4 1,1";

/// Example 15 as a game: W = {2, 3, 4}.
pub fn example_15_game() -> Game {
    let geometry = AffineGeometry::parse(EXAMPLE_15_POINTS).expect("four points");
    Game::new(Box::new(geometry), [1, 2, 3]).expect("W = {2,3,4}")
}

fn example_15_shape() -> Shape {
    Shape::Points([(0, 0), (4, 0), (0, 4), (1, 1)].into())
}

/// §2's affine example: S = {1, 2, 3} ⊂ R, W = {2}.
fn affine_example() -> Game {
    let geometry = AffineGeometry::parse("1 2 3").expect("three points of Z");
    Game::new(Box::new(geometry), [1]).expect("W = {2}")
}

/// The two convex geometries of §2, points numbered from 1.
const GEOMETRIES: [&[&[usize]]; 2] = [
    &[&[2, 3, 4], &[1, 2, 3, 4]],
    &[&[2, 3], &[2, 3, 4], &[1, 2, 3], &[1, 2, 3, 4]],
];

pub(super) fn claims() -> Vec<Claim> {
    vec![
        on_numbers("B.Sec2.mex", "mex(A) = 2 for A = {0, 1, 4, 5} and mex(B) = 0 for B = {1, 2, 3}", "the two printed sets", || [(vec![0u32, 1, 4, 5], 2u32), (vec![1, 2, 3], 0)].into_iter(), |(set, _)| format!("mex{set:?}"), |(set, printed)| {
            let value = mex(set.iter().copied());
            if value == *printed { Ok(()) } else { Err(format!("mex is {value}, printed {printed}")) }
        })
            .at("§2, after the definition of nim")
            .hypotheses("the printed sets")
            .kind(crate::claim::Kind::Example)
            .exhaustive()
            .counts("sets"),
        on_numbers("B.Sec2.geometries", "K = {{2,3,4}, {1,2,3,4}} and K = {{2,3}, {2,3,4}, {1,2,3}, {1,2,3,4}} are convex geometries on S = {1, 2, 3, 4}", "the two printed families", || GEOMETRIES.into_iter(), |sets| format!("{sets:?}"), |sets| {
            let sets: Vec<Vec<usize>> = sets.iter().map(|s| s.to_vec()).collect();
            ClosureSystem::new(4, &sets).map(|_| ()).map_err(|e| e.to_string())
        })
            .at("§2, after the definition of τ")
            .hypotheses("the three axioms as printed (S ∈ 𝒦, closed under ∩, one-point extensions)")
            .kind(crate::claim::Kind::Example)
            .exhaustive()
            .counts("set systems"),
        on_example("B.Sec2.affine", "S = {1, 2, 3} ⊂ R, W = {2}: the first player chooses 1 or 3; then the second player has no valid move, so the first player wins (nim 1)", "S = {1, 2, 3} ⊂ R, W = {2}", affine_example, || Shape::Points([(1, 0), (2, 0), (3, 0)].into()), check_affine)
            .at("§2, Figure 1's example"),
        on_games("B.Sec3.convex", "every maximally non-generating set M is convex: τ(M) = M", everywhere(8, 10, 6), |case| {
            let bad = case.maximal().iter().find(|m| case.game.geometry().closure(m) != **m);
            Some(match bad {
                None => Ok(()),
                Some(m) => Err(format!("τ({}) ≠ {}", case.game.show(m), case.game.show(m))),
            })
        })
            .at("§3, the lemma after the definition of 𝓜")
            .hypotheses("any convex geometry, W ≠ ∅"),
        on_games("B.Sec3.structural", "P, Q ∈ X_I and pty(P) = pty(Q) ⇒ nim(P) = nim(Q) (quoting [3])", everywhere(7, 8, 5), check_structural)
            .at("§3, the first theorem quoted from [3]")
            .hypotheses("any convex geometry; nim by the mex rule on every position"),
        on_games("B.Sec3.diagram", "nim_(pty(I))(X_I) = mex(nim_(1 − pty(I))(Opt(X_I))) (quoting [3])", everywhere(7, 8, 5), check_diagram)
            .at("§3, the second theorem quoted from [3]")
            .hypotheses("any convex geometry; nim by the mex rule on every position"),
        on_example("B.Ex15", "S = {1,2,3,4} ⊂ R², W = {2,3,4}: 𝓜 = {{2,3},{1,2,4},{1,3,4}}, ℐ = {{2,3},{1,2,4},{1,3,4},{2},{1,4},{3},∅}, Φ = ∅, nim 1", "S = {(0,0), (4,0), (0,4), (1,1)}, W = {2,3,4}", example_15_game, example_15_shape, check_example_15)
            .at("§3, Example 15 (Figure 2; the coordinates are lost and reconstructed to give the printed 𝓜)"),
        on_games("B.Sec3.terminal", "a terminal structure class X_I has type (0, 0, 1) (pty(I) = 0) or (1, 1, 0) (pty(I) = 1)", everywhere(7, 8, 5), check_terminal)
            .at("§3, the lemma after Example 15")
            .hypotheses("any convex geometry; nim by the mex rule on every position"),
    ]
}

fn check_affine(case: &Case) -> Result<(), String> {
    let game = &case.game;
    let n = game.size();
    let empty = PointSet::empty(n);
    let options: Vec<usize> = (0..n)
        .filter(|&x| !game.generates(&empty.with(x)))
        .collect();
    if options != [0, 2] {
        return Err(format!("the first player's choices are {options:?}"));
    }
    for &x in &options {
        let after = empty.with(x);
        if (0..n).any(|y| !after.contains(y) && !game.generates(&after.with(y))) {
            return Err(format!("after {} the second player can move", x + 1));
        }
    }
    let nim = case.diagram().nim();
    (nim == 1).then_some(()).ok_or(format!("nim is {nim}"))
}

/// The positions of a game by class and parity: for each legal position P,
/// (⌈P⌉, pty(P), nim(P)), nim by the mex rule.
fn classified(case: &Case) -> Vec<(PointSet, u8, u32)> {
    let game = &case.game;
    let n = game.size();
    let maximal = &case.diagram().maximal;
    position_nims(game)
        .into_iter()
        .enumerate()
        .filter_map(|(mask, nim)| {
            let p = PointSet::from_mask(n, mask as u64);
            nim.map(|v| (ceiling(maximal, &p, n), p.parity(), v))
        })
        .collect()
}

fn check_structural(case: &Case) -> Option<Result<(), String>> {
    let game = &case.game;
    let mut seen: std::collections::HashMap<(PointSet, u8), u32> = Default::default();
    for (class, parity, nim) in classified(case) {
        if let Some(&other) = seen.get(&(class.clone(), parity)) {
            if other != nim {
                return Some(Err(format!(
                    "two positions of X_{} with parity {parity} have nim {other} and {nim}",
                    game.show(&class)
                )));
            }
        }
        seen.insert((class, parity), nim);
    }
    Some(Ok(()))
}

fn check_diagram(case: &Case) -> Option<Result<(), String>> {
    let game = &case.game;
    let d = case.diagram();
    let nims: std::collections::HashMap<(PointSet, u8), u32> = classified(case)
        .into_iter()
        .map(|(class, parity, nim)| ((class, parity), nim))
        .collect();
    for class in &d.classes {
        let a = class.parity();
        let own = nims.get(&(class.set.clone(), a))?;
        let options: Option<Vec<u32>> = class
            .options
            .iter()
            .map(|&j| nims.get(&(d.classes[j].set.clone(), 1 - a)).copied())
            .collect();
        let value = mex(options?);
        if *own != value {
            return Some(Err(format!(
                "nim of X_{} at parity {a} is {own}, mex over its options is {value}",
                game.show(&class.set)
            )));
        }
    }
    Some(Ok(()))
}

fn check_example_15(case: &Case) -> Result<(), String> {
    let game = &case.game;
    let d = case.diagram();
    let family = |sets: &[&[usize]]| {
        let sets: Vec<PointSet> = sets
            .iter()
            .map(|s| PointSet::from_iter_in(4, s.iter().map(|x| x - 1)))
            .collect();
        show_family(game, &sets)
    };
    let printed_m = family(&[&[2, 3], &[1, 2, 4], &[1, 3, 4]]);
    let printed_i = family(&[&[2, 3], &[1, 2, 4], &[1, 3, 4], &[2], &[1, 4], &[3], &[]]);
    let m = show_family(game, &d.maximal);
    let classes: Vec<PointSet> = d.classes.iter().map(|c| c.set.clone()).collect();
    let i = show_family(game, &classes);
    let phi = &d.classes[d.start].set;
    if m != printed_m || i != printed_i || !phi.is_empty() {
        return Err(format!("𝓜 = {m}, ℐ = {i}, Φ = {}", game.show(phi)));
    }
    let nim = d.nim();
    (nim == 1)
        .then_some(())
        .ok_or(format!("printed nim 1, computed {nim}"))
}

fn check_terminal(case: &Case) -> Option<Result<(), String>> {
    let game = &case.game;
    let d = case.diagram();
    let terminal: Vec<&PointSet> = d
        .classes
        .iter()
        .filter(|c| c.options.is_empty())
        .map(|c| &c.set)
        .collect();
    for (class, parity, nim) in classified(case) {
        if terminal.contains(&&class) {
            // (0, 0, 1) and (1, 1, 0): nim_ε = ε + pty(I) mod 2.
            let printed = u32::from(parity ^ class.parity());
            if nim != printed {
                return Some(Err(format!(
                    "a position of the terminal class X_{} with parity {parity} has nim {nim}",
                    game.show(&class)
                )));
            }
        }
    }
    Some(Ok(()))
}
