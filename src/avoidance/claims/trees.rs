//! Paper B, §5: vertex and edge geometries of trees. The vertex geometry
//! itself, Prop. 19 and its proof, the case |W| = 1 (𝓜, the worked example,
//! the proposition with its typo, its proof's types), the case |W| ≥ 2 (𝓜,
//! the sets V_w, the correspondence A ↦ M_A, the cut-off theorem) and the
//! classifications derived here.

use super::{
    cases, diagram, on_example, on_games, on_predictions, only, show_family, vertex_trees, Case,
    Family, Shape, Sizes, Wins,
};
use crate::avoidance::closure::ClosureSystem;
use crate::avoidance::enumerate::free_trees;
use crate::avoidance::formulas::{self, Signature};
use crate::avoidance::geometry::{extreme_points, ConvexGeometry, Game};
use crate::avoidance::points::PointSet;
use crate::avoidance::structure::{intersection_sets, DEFAULT_MAX_CLASSES};
use crate::avoidance::tree::{Tree, VertexGeometry};
use crate::claim::{on_numbers, Claim, Correction, Kind};

/// The tree of the worked example of §5 (our copy names the components:
/// M_2 = {2,3,4}, M_5 = {5,6}, M_7 = {7,8}, M_9 = {9}; the figure is lost, so
/// the path 2-3-4 is one of the two trees on {2,3,4} rooted at 2, which
/// give the same game).
pub const EXAMPLE_W1_EDGES: &str = "1-2,2-3,3-4,1-5,5-6,1-7,7-8,1-9";

/// The worked example of §5 as a game.
pub fn example_w1_game() -> Game {
    let tree = Tree::parse(EXAMPLE_W1_EDGES).expect("the example is a tree");
    let w = tree.vertex("1").expect("vertex 1");
    Game::new(Box::new(VertexGeometry::new(tree)), [w]).expect("W = {1}")
}

fn example_w1_shape() -> Shape {
    Shape::Tree(
        std::sync::Arc::new(Tree::parse(EXAMPLE_W1_EDGES).expect("the example is a tree")),
        Family::TreeVertices,
    )
}

/// The components of T − w (empty for the one-vertex tree), for a vertex
/// geometry.
fn components(case: &Case, w: usize) -> Option<Vec<PointSet>> {
    match &case.shape {
        Shape::Point => Some(Vec::new()),
        Shape::Tree(tree, Family::TreeVertices) => Some(tree.components_without(w)),
        _ => None,
    }
}

/// The signature (e, o) of the components of T − w, W = {w}, in a vertex
/// geometry (§5: the parities of the M_v, v ∈ N(w)).
fn single_signature(case: &Case) -> Option<Signature> {
    if case.game.win().len() != 1 {
        return None;
    }
    let w = case.game.win().iter().next()?;
    Some(Signature::of(&components(case, w)?))
}

/// The convex sets of a game's geometry, by the closure (τ(A) = A: no
/// point outside A is in τ(A), as τ(A) ⊇ A; tested on masks), as 1-based
/// point lists (the format of [`ClosureSystem::new`]).
fn convex_sets(case: &Case) -> Vec<Vec<usize>> {
    let n = case.game.size();
    let geometry = case.game.geometry();
    (0..1u64 << n)
        .filter(|&a| (0..n).all(|v| a >> v & 1 == 1 || !geometry.in_closure_mask(a, v)))
        .map(|a| (0..n).filter(|x| a >> x & 1 == 1).map(|x| x + 1).collect())
        .collect()
}

/// 𝓜 of a game whose geometry is read without ∅ where the axioms of §2
/// allow it (𝒦 \ {∅} still a convex geometry, checked by
/// [`ClosureSystem::new`]), from the definition: the non-generating sets
/// (W ⊄ τ(P)) all of whose one-point extensions generate. Where ∅ is
/// forced (two disjoint convex sets), the game's own 𝓜. `None` for a
/// geometry too large to enumerate.
fn maximal_without_empty(case: &Case) -> Option<Vec<PointSet>> {
    let n = case.game.size();
    if n > 12 {
        return None;
    }
    let without: Vec<Vec<usize>> = convex_sets(case)
        .into_iter()
        .filter(|k| !k.is_empty())
        .collect();
    let Ok(system) = ClosureSystem::new(n, &without) else {
        return Some(case.maximal().to_vec());
    };
    // Positions as masks (n ≤ 12): nothing is allocated per position.
    let win: Vec<usize> = case.game.win().iter().collect();
    let generates = |p: u64| win.iter().all(|&w| system.in_closure_mask(p, w));
    let mut family: Vec<PointSet> = (0..1u64 << n)
        .filter(|&p| !generates(p))
        .filter(|&p| {
            (0..n)
                .filter(|&x| p >> x & 1 == 0)
                .all(|x| generates(p | 1 << x))
        })
        .map(|p| PointSet::from_mask(n, p))
        .collect();
    family.sort();
    Some(family)
}

/// Which convention decides `B.Sec5.W1.M`, checked here: on the
/// one-vertex tree both {∅, {w}} and {{w}} satisfy the three axioms of §2,
/// which do not require ∅ ∈ 𝒦 (on a tree with an edge two vertices are
/// disjoint convex sets, so axiom 2 forces ∅ ∈ 𝒦).
fn convention_note() -> String {
    let with = ClosureSystem::new(1, &[vec![], vec![1]]).is_ok();
    let without = ClosureSystem::new(1, &[vec![1]]).is_ok();
    let forced = ClosureSystem::new(2, &[vec![1], vec![2], vec![1, 2]]).is_err();
    let holds = |ok: bool| if ok { "satisfies" } else { "DOES NOT satisfy" };
    format!(
        "decided by a convention: on the one-vertex tree 𝒦 = {{∅, {{w}}}} {} the axioms of §2 and 𝒦 = {{{{w}}}} {} them (∅ ∈ 𝒦 is not an axiom; on a tree with an edge axiom 2 forces it: {}); with ∅ ∈ 𝒦, as read here, 𝓜 = {{∅}} and the statement fails there; without it ∅ generates W, 𝓜 = {{}} and it holds (B.Sec5.W1.M.no_empty)",
        holds(with),
        holds(without),
        if forced { "checked" } else { "NOT CONFIRMED" }
    )
}

/// For |W| ≥ 2 in a vertex geometry: for each w ∈ Ex(W), M_w, the
/// component of T − w holding W \ {w} (Prop. 19), and V_w = S \ M_w.
fn m_w(case: &Case) -> Option<Vec<(usize, PointSet, PointSet)>> {
    let tree = case.shape.vertex_tree()?;
    let win = case.game.win();
    if win.len() < 2 {
        return None;
    }
    let n = case.game.size();
    let full = PointSet::full(n);
    let ex = extreme_points(case.game.geometry(), win);
    let Some(sides) = tree.sides() else {
        return ex
            .iter()
            .map(|w| {
                let mut rest = win.clone();
                rest.remove(w);
                let m = tree
                    .components_without(w)
                    .into_iter()
                    .find(|c| rest.is_subset(c))?;
                let v = full.difference(&m);
                Some((w, m, v))
            })
            .collect();
    };
    // At most 64 vertices: the components of T − w as masks.
    let (win, all) = (win.mask(), full.mask());
    ex.iter()
        .map(|w| {
            let rest = win & !(1 << w);
            let m = sides.without(w).find(|&c| rest & !c == 0)?;
            Some((
                w,
                PointSet::from_mask(n, m),
                PointSet::from_mask(n, all & !m),
            ))
        })
        .collect()
}

pub(super) fn claims() -> Vec<Claim> {
    vec![
        on_numbers("B.Sec5.geometry", "the vertex sets of connected subgraphs of a tree T (with ∅) form a convex geometry on its vertex set; τ(A) is the least of them containing A", "every tree with 2 ≤ n ≤ 8 vertices", || (2..=8).flat_map(free_trees), |tree| tree.edges().iter().map(|&(a, b)| format!("{}-{}", tree.name(a), tree.name(b))).collect::<Vec<_>>().join(","), check_vertex_geometry)
            .at("§5, first paragraph")
            .hypotheses("T a tree")
            .counts("trees"),
        on_games("B.Prop19", "in a tree's vertex geometry, w ∈ Ex(W) ⟺ W \\ {w} lies in a single component of T − w", vertex_trees(8, 10), check_prop19)
            .at("§5, Proposition 19")
            .hypotheses("vertex geometry of a tree, w ∈ W"),
        on_numbers("B.Prop19.proof", "v ↦ V_v (the component of T − w holding v) is a one-to-one correspondence between N(w) and the components of T − w", "every vertex of every tree with 2 ≤ n ≤ 9 vertices", || (2..=9).flat_map(free_trees).flat_map(|t| (0..t.order()).map(move |w| (t.clone(), w))), |(tree, w)| format!("tree {} w = {}", tree.edges().iter().map(|&(a, b)| format!("{}-{}", tree.name(a), tree.name(b))).collect::<Vec<_>>().join(","), tree.name(*w)), check_neighbours)
            .at("§5, proof of Proposition 19")
            .hypotheses("T a tree, w a vertex")
            .counts("vertices of trees"),
        on_games("B.Sec5.W1.M", "W = {w}: 𝓜 = {M_v : v ∈ N(w)}, the components of T − w, pairwise disjoint", only(Wins::One, vertex_trees(9, 11)), |case| {
            let w = case.game.win().iter().next().filter(|_| case.game.win().len() == 1)?;
            let mut printed = components(case, w)?;
            printed.sort();
            let got = case.maximal();
            Some(if *got == printed {
                Ok(())
            } else {
                Err(format!("with ∅ ∈ 𝒦, 𝓜 = {}, the components of T − w are {}", show_family(&case.game, got), show_family(&case.game, &printed)))
            })
        })
            .at("§5, the case |W| = 1")
            .hypotheses("vertex geometry of a tree with ∅ ∈ 𝒦 (forced by axiom 2 on every tree with an edge; the one-vertex tree is read with ∅ ∈ 𝒦 too), W = {w}")
            .noting(|_| Some(convention_note())),
        on_games("B.Sec5.W1.M.no_empty", "W = {w}: 𝓜 = {M_v : v ∈ N(w)}, the components of T − w, with 𝒦 the connected vertex sets without ∅ wherever the axioms of §2 allow it", only(Wins::One, vertex_trees(9, 11)), |case| {
            let w = case.game.win().iter().next().filter(|_| case.game.win().len() == 1)?;
            let mut printed = components(case, w)?;
            printed.sort();
            let got = maximal_without_empty(case)?;
            Some((got == printed).then_some(()).ok_or_else(|| format!("without ∅, 𝓜 = {}", show_family(&case.game, &got))))
        })
            .at("§5, the case |W| = 1")
            .hypotheses("vertex geometry of a tree, ∅ left out of 𝒦 where the three axioms still hold (only the one-vertex tree), W = {w}")
            .corrects("B.Sec5.W1.M", Correction::Convention { convention: "𝒦 without ∅ where the axioms allow it: the axioms of §2 do not require ∅ ∈ 𝒦, and on the one-vertex tree ∅ then generates W, so 𝓜 = {}" }),
        on_games("B.Sec5.W1.M.edge", "W = {w}, T with an edge: 𝓜 = {M_v : v ∈ N(w)}, the components of T − w, pairwise disjoint", only(Wins::One, vertex_trees(9, 11)), |case| {
            let w = case.game.win().iter().next().filter(|_| case.game.win().len() == 1 && case.game.size() >= 2)?;
            let mut printed = components(case, w)?;
            printed.sort();
            let got = case.maximal();
            Some((*got == printed).then_some(()).ok_or_else(|| format!("𝓜 = {}", show_family(&case.game, got))))
        })
            .at("§5, the case |W| = 1")
            .hypotheses("vertex geometry of a tree with at least one edge, W = {w}")
            .corrects("B.Sec5.W1.M", Correction::MissingHypothesis { hypothesis: "N(w) ≠ ∅ (for the one-vertex tree 𝓜 = {∅}: the empty position is maximally non-generating)" }),
        on_example("B.Ex.W1", "the tree on 1..9 with W = {1}: N(1) = {2,5,7,9}, 𝓜 = {{2,3,4},{5,6},{7,8},{9}}, Φ = ∅, nim 2", "the tree 1-2,2-3,3-4,1-5,5-6,1-7,7-8,1-9, W = {1}", example_w1_game, example_w1_shape, check_example_w1)
            .at("§5, the worked example (figure lost; the tree is read from the printed components)"),
        on_predictions("B.Prop.W1", "W = {w}: nim = 0 if e = o = 0; 0 if e ≥ 1, o = 0; 1 if e = 0, o ≥ 1; 3 if e ≥ 1, o ≥ 1 ((e, o) = parities of the components of T − w)", only(Wins::One, vertex_trees(9, 12)), |case| single_signature(case).map(formulas::printed_single_vertex))
            .at("§5, the proposition for |W| = 1")
            .hypotheses("vertex geometry of a tree, |W| = 1"),
        on_games("B.Prop.W1.typo", "W = {w}: nim = 0 if o = 0; 1 if e = 0, o ≥ 1; 2 if e ≥ 1, o ≥ 1; and every option of the empty position has nim 0 or 1 (so 3 is impossible)", only(Wins::One, vertex_trees(9, 12)), check_w1_corrected)
            .at("§5, the proposition for |W| = 1")
            .hypotheses("vertex geometry of a tree, |W| = 1")
            .corrects("B.Prop.W1", Correction::Typo { printed: "3 (e ≥ 1, o ≥ 1)", corrected: "2: every option of ∅ leaves play in one component, so it has nim 0 or 1 and the mex is at most 2" }),
        on_games("B.Prop.W1.proof.even", "W = {w}, e ≥ 1, o = 0: type(X_Φ) = (0, mex(nim_1(Opt(Φ))), mex(nim_0(Opt(Φ)) ∪ nim_0(Φ))) = (0, mex(1), mex(0)) = (0, 0, 1)", only(Wins::One, vertex_trees(9, 11)), |case| w1_phi_type(case, true))
            .at("§5, the first type display in the proof of the |W| = 1 proposition")
            .hypotheses("vertex geometry of a tree, |W| = 1, e ≥ 1, o = 0")
            .kind(Kind::Fragment { lost: "the figure and the display's lead-in; read as the case e ≥ 1, o = 0 by the nim it gives (nim_0(X_Φ) = 0)" }),
        on_games("B.Prop.W1.proof.odd", "W = {w}, e = 0, o ≥ 1: type(X_Φ) = (1, mex(nim_1(Opt(Φ)) ∪ nim_1(Φ)), mex(nim_0(Opt(Φ)))) = (1, mex(0), mex(1)) = (1, 1, 0)", only(Wins::One, vertex_trees(9, 11)), |case| w1_phi_type(case, false))
            .at("§5, the second type display in the proof of the |W| = 1 proposition")
            .hypotheses("vertex geometry of a tree, |W| = 1, e = 0, o ≥ 1")
            .kind(Kind::Fragment { lost: "the figure and the display's lead-in; read as the case e = 0, o ≥ 1 by the nim it gives (nim_0(X_Φ) = 1)" }),
        on_games("B.Sec5.W2.M", "|W| ≥ 2: 𝓜 = {M_w : w ∈ Ex(W)}, M_w the component of T − w holding W \\ {w}", only(Wins::Several, vertex_trees(9, 11)), |case| {
            let sets = m_w(case)?;
            let mut printed: Vec<PointSet> = sets.into_iter().map(|(_, m, _)| m).collect();
            printed.sort();
            printed.dedup();
            let got = case.maximal();
            Some((*got == printed).then_some(()).ok_or_else(|| format!("𝓜 = {}, printed {}", show_family(&case.game, got), show_family(&case.game, &printed))))
        })
            .at("§5, the case |W| ≥ 2")
            .hypotheses("vertex geometry of a tree, |W| ≥ 2"),
        on_games("B.Sec5.W2.disjoint", "|W| ≥ 2: the sets V_w := S \\ M_w, w ∈ Ex(W), are pairwise disjoint", only(Wins::Several, vertex_trees(9, 11)), |case| {
            let sets = m_w(case)?;
            let clash = sets.iter().enumerate().find_map(|(i, x)| sets[i + 1..].iter().find(|y| x.2.meets(&y.2)).map(|y| (x.0, y.0)));
            Some(match clash {
                None => Ok(()),
                Some((w1, w2)) => Err(format!("V_{} and V_{} meet", case.game.geometry().point_name(w1), case.game.geometry().point_name(w2))),
            })
        })
            .at("§5, the case |W| ≥ 2")
            .hypotheses("vertex geometry of a tree, |W| ≥ 2"),
        on_games("B.Sec5.W2.bijection", "|W| ≥ 2: A ↦ M_A := ⋂{M_w : w ∈ A} = S \\ ⋃{V_w : w ∈ A} is a one-to-one correspondence between the subsets of Ex(W) and the intersection sets (with S = M_∅)", only(Wins::Several, vertex_trees(9, 11)), check_bijection)
            .at("§5, the case |W| ≥ 2")
            .hypotheses("vertex geometry of a tree, |W| ≥ 2; ℐ with S (the empty subfamily)"),
        on_games("B.Sec5.W2.ends", "|W| ≥ 2: S = M_∅ and ∅ = M_(Ex(W))", only(Wins::Several, vertex_trees(9, 11)), |case| {
            let sets = m_w(case)?;
            let n = case.game.size();
            let last = sets.iter().fold(PointSet::full(n), |acc, (_, m, _)| acc.intersection(m));
            Some(last.is_empty().then_some(()).ok_or_else(|| format!("M_(Ex(W)) = {} (= Φ)", case.game.show(&last))))
        })
            .at("§5, the case |W| ≥ 2 (\"By definition, S = M_∅ and ∅ = M_Ex(W)\")")
            .hypotheses("vertex geometry of a tree, |W| ≥ 2"),
        thm_w2(),
        on_predictions("B.Thm.W2.even", "|W| ≥ 2 and |S| even: nim = 1 if o > e", only(Wins::SeveralOnEven, vertex_trees(9, 12)), |case| {
            if case.game.win().len() < 2 || case.game.size() % 2 == 1 || case.shape.vertex_tree().is_none() {
                return None;
            }
            formulas::printed_multiple(case.deficiency()?)
        })
            .at("§5, the theorem for |W| ≥ 2")
            .hypotheses("vertex geometry of a tree, |W| ≥ 2, o > e, |S| even")
            .corrects("B.Thm.W2", Correction::MissingHypothesis { hypothesis: "|S| even" }),
        on_games("B.Conj.vertex.derived", "derived here: vertex geometry of a tree. |W| = 1: 0 if o = 0, 1 if e = 0 < o, 2 if e, o ≥ 1 ((e, o) of the components of T − w). |W| ≥ 2, s = pty(S), (e, o) of the V_w: 1 − s if o > e, s if o < e, 2 + (e + s mod 2) if o = e", vertex_trees(10, 12), derived)
            .at("§5 (the classification our copy cuts off), derived here")
            .hypotheses("vertex geometry of a tree")
            .kind(Kind::Reconstructed { tests: "the printed |W| = 1 cases (with the typo corrected) and, for |S| even, the surviving case \"1 if o > e\" of the |W| ≥ 2 theorem" }),
        on_games("B.Conj.edges.derived", "derived here: edge geometry of a tree, the same rule as for vertices with (e, o) of the non-empty sides of w (|W| = 1) or of the edge sets V_w = S \\ M_w (|W| ≥ 2), s = pty(number of edges)", vec![Sizes { family: Family::TreeEdges, smallest: 2, default: 10, extended: 12, wins: Wins::All }], derived)
            .at("§5 (the edge-geometry results are not in our copy), derived here")
            .hypotheses("edge geometry of a tree")
            .kind(Kind::Reconstructed { tests: "nothing printed (the edge results are lost): the rule is ours, consistent on the range" }),
    ]
}

fn check_vertex_geometry(tree: &Tree) -> Result<(), String> {
    let n = tree.order();
    let geometry = VertexGeometry::new(tree.clone());
    let convex: Vec<u64> = (0..1u64 << n).filter(|&m| is_connected(tree, m)).collect();
    let sets: Vec<Vec<usize>> = convex
        .iter()
        .map(|&m| (0..n).filter(|i| m >> i & 1 == 1).map(|i| i + 1).collect())
        .collect();
    ClosureSystem::new(n, &sets).map_err(|e| e.to_string())?;
    for a in 0..1u64 << n {
        let least = convex
            .iter()
            .filter(|&&k| a & k == a)
            .fold(u64::MAX >> (64 - n), |acc, &k| acc & k);
        let tau = geometry.closure(&PointSet::from_mask(n, a)).mask();
        if tau != least {
            return Err(format!(
                "τ of {a:#b} is {tau:#b}, the least connected superset {least:#b}"
            ));
        }
    }
    Ok(())
}

/// Whether the vertex set `mask` induces a connected subgraph (∅ counts).
fn is_connected(tree: &Tree, mask: u64) -> bool {
    let Some(start) = (0..tree.order()).find(|i| mask >> i & 1 == 1) else {
        return true;
    };
    let mut reached = 1u64 << start;
    loop {
        let next = tree.edges().iter().fold(reached, |acc, &(a, b)| {
            let inside = mask >> a & 1 == 1 && mask >> b & 1 == 1;
            if inside && (acc >> a & 1 == 1 || acc >> b & 1 == 1) {
                acc | 1 << a | 1 << b
            } else {
                acc
            }
        });
        if next == reached {
            return reached == mask;
        }
        reached = next;
    }
}

/// The type of X_Φ for W = {w} in the case e ≥ 1, o = 0 (`even`), where
/// the proof displays (0, 0, 1), or e = 0, o ≥ 1, where it displays
/// (1, 1, 0).
fn w1_phi_type(case: &Case, even: bool) -> Option<Result<(), String>> {
    let sig = single_signature(case)?;
    let printed = match (sig.even, sig.odd, even) {
        (e, 0, true) if e >= 1 => (0, 0, 1),
        (0, o, false) if o >= 1 => (1, 1, 0),
        _ => return None,
    };
    let d = case.diagram();
    let got = d.classes[d.start].kind();
    Some((got == printed).then_some(()).ok_or_else(|| {
        format!(
            "{sig}, Φ = {}: type(X_Φ) = {got:?}",
            case.game.show(&d.classes[d.start].set)
        )
    }))
}

fn check_prop19(case: &Case) -> Option<Result<(), String>> {
    let tree = case.shape.vertex_tree()?;
    let game = &case.game;
    let ex = extreme_points(game.geometry(), game.win());
    for w in game.win().iter() {
        let mut rest = game.win().clone();
        rest.remove(w);
        let one_component = tree.components_without(w).iter().any(|c| rest.is_subset(c));
        if one_component != ex.contains(w) {
            return Some(Err(format!(
                "vertex {}: W \\ {{w}} in one component of T − w is {one_component}, w ∈ Ex(W) is {}",
                game.geometry().point_name(w),
                ex.contains(w)
            )));
        }
    }
    Some(Ok(()))
}

fn check_neighbours((tree, w): &(Tree, usize)) -> Result<(), String> {
    let components = tree.components_without(*w);
    let neighbours: Vec<usize> = tree
        .edges()
        .iter()
        .filter_map(|&(a, b)| (a == *w).then_some(b).or((b == *w).then_some(a)))
        .collect();
    let one_each = components
        .iter()
        .all(|c| neighbours.iter().filter(|&&v| c.contains(v)).count() == 1);
    let covers = components
        .iter()
        .fold(PointSet::empty(tree.order()), |acc, c| acc.union(c))
        .len()
        == tree.order() - 1;
    if components.len() == neighbours.len() && one_each && covers {
        Ok(())
    } else {
        Err(format!(
            "{} components, {} neighbours",
            components.len(),
            neighbours.len()
        ))
    }
}

fn check_example_w1(case: &Case) -> Result<(), String> {
    let game = &case.game;
    let tree = case.shape.vertex_tree().ok_or("not a tree")?;
    let one = tree.vertex("1").ok_or("no vertex 1")?;
    let mut neighbours: Vec<String> = tree
        .edges()
        .iter()
        .filter_map(|&(a, b)| (a == one).then_some(b).or((b == one).then_some(a)))
        .map(|v| tree.name(v).to_string())
        .collect();
    neighbours.sort();
    let d = case.diagram();
    let m = show_family(game, &d.maximal);
    let phi = &d.classes[d.start].set;
    let printed_m = "{{2,3,4},{5,6},{7,8},{9}}";
    if neighbours != ["2", "5", "7", "9"] || m != printed_m || !phi.is_empty() {
        return Err(format!(
            "N(1) = {neighbours:?}, 𝓜 = {m}, Φ = {}",
            game.show(phi)
        ));
    }
    let nim = d.nim();
    (nim == 2)
        .then_some(())
        .ok_or(format!("printed nim 2, computed {nim}"))
}

fn check_w1_corrected(case: &Case) -> Option<Result<(), String>> {
    let sig = single_signature(case)?;
    let d = case.diagram();
    let predicted = formulas::derived_single(sig);
    let nim = d.nim();
    if predicted != nim {
        return Some(Err(format!("{sig}: predicted {predicted}, nim is {nim}")));
    }
    // The options of ∅ are the one-point positions {v}, v ≠ w, of parity 1
    // in the class ⌈{v}⌉.
    let n = case.game.size();
    let empty = PointSet::empty(n);
    let options = (0..n)
        .map(|v| empty.with(v))
        .filter(|p| !case.game.generates(p));
    for p in options {
        let class = d
            .classes
            .iter()
            .filter(|c| p.is_subset(&c.set))
            .min_by_key(|c| c.set.len())?;
        if class.nim1 > 1 {
            return Some(Err(format!(
                "the option {} has nim {}",
                case.game.show(&p),
                class.nim1
            )));
        }
    }
    Some(Ok(()))
}

fn check_bijection(case: &Case) -> Option<Result<(), String>> {
    let sets = m_w(case)?;
    let n = case.game.size();
    if n <= 64 {
        return Some(bijection_on_masks(case, &sets));
    }
    let full = PointSet::full(n);
    let k = sets.len();
    let mut images: Vec<PointSet> = Vec::new();
    for mask in 0u64..1 << k {
        let chosen = (0..k).filter(|i| mask >> i & 1 == 1);
        let by_m = chosen
            .clone()
            .fold(full.clone(), |acc, i| acc.intersection(&sets[i].1));
        let by_v =
            full.difference(&chosen.fold(PointSet::empty(n), |acc, i| acc.union(&sets[i].2)));
        if by_m != by_v {
            return Some(Err(format!(
                "⋂ M_w = {} but S \\ ⋃ V_w = {}",
                case.game.show(&by_m),
                case.game.show(&by_v)
            )));
        }
        images.push(by_m);
    }
    let mut distinct = images.clone();
    distinct.sort();
    distinct.dedup();
    // ℐ from the diagram's classes (beyond 64 points).
    let mut classes: Vec<PointSet> = case
        .diagram()
        .classes
        .iter()
        .map(|c| c.set.clone())
        .collect();
    classes.push(full);
    classes.sort();
    classes.dedup();
    Some(if distinct.len() != images.len() {
        Err("two subsets of Ex(W) have the same M_A".to_string())
    } else if distinct != classes {
        Err(format!(
            "{{M_A}} = {}, ℐ ∪ {{S}} = {}",
            show_family(&case.game, &distinct),
            show_family(&case.game, &classes)
        ))
    } else {
        Ok(())
    })
}

/// [`check_bijection`] on masks (n ≤ 64 points: nothing is allocated per
/// subset A; the sets are made only for a failure's message). The masks
/// sort as their point sets do.
fn bijection_on_masks(case: &Case, sets: &[(usize, PointSet, PointSet)]) -> Result<(), String> {
    let n = case.game.size();
    let full = u64::MAX >> (64 - n);
    let (ms, vs): (Vec<u64>, Vec<u64>) = sets.iter().map(|(_, m, v)| (m.mask(), v.mask())).unzip();
    let show = |mask: u64| case.game.show(&PointSet::from_mask(n, mask));
    let k = sets.len();
    let mut images: Vec<u64> = Vec::with_capacity(1 << k);
    for chosen in 0u64..1 << k {
        let members = (0..k).filter(|i| chosen >> i & 1 == 1);
        let by_m = members.clone().fold(full, |acc, i| acc & ms[i]);
        let by_v = full & !members.fold(0, |acc, i| acc | vs[i]);
        if by_m != by_v {
            return Err(format!(
                "⋂ M_w = {} but S \\ ⋃ V_w = {}",
                show(by_m),
                show(by_v)
            ));
        }
        images.push(by_m);
    }
    let mut distinct = images.clone();
    distinct.sort_unstable();
    distinct.dedup();
    let masks: Vec<u64> = case.maximal().iter().map(PointSet::mask).collect();
    let Ok(mut classes) = intersection_sets(&masks, DEFAULT_MAX_CLASSES) else {
        return Err("ℐ has too many sets to list".to_string());
    };
    classes.push(full);
    classes.sort_unstable();
    classes.dedup();
    let family = |masks: &[u64]| {
        let sets: Vec<PointSet> = masks.iter().map(|&m| PointSet::from_mask(n, m)).collect();
        show_family(&case.game, &sets)
    };
    if distinct.len() != images.len() {
        Err("two subsets of Ex(W) have the same M_A".to_string())
    } else if distinct != classes {
        Err(format!(
            "{{M_A}} = {}, ℐ ∪ {{S}} = {}",
            family(&distinct),
            family(&classes)
        ))
    } else {
        Ok(())
    }
}

/// B.Thm.W2: the surviving case of the cut-off display, with a note on
/// what (e, o) alone cannot decide.
fn thm_w2() -> Claim {
    let inner = on_predictions("B.Thm.W2", "|W| ≥ 2: nim = 1 if o > e ((e, o) = parities of the V_w, w ∈ Ex(W)); the display is cut off after \"0, o\"", only(Wins::Several, vertex_trees(9, 12)), |case| {
        if case.game.win().len() < 2 || case.shape.vertex_tree().is_none() {
            return None;
        }
        formulas::printed_multiple(case.deficiency()?)
    });
    let run = inner.run;
    Claim::new(
        inner.id,
        inner.printed,
        inner.default_range,
        move |scope| {
            let mut result = run(scope);
            result.note = Some(signature_not_enough(scope));
            result
        },
        inner.estimate,
    )
    .counts("games")
    .at("§5, the theorem for |W| ≥ 2 (the display is cut off after its first case, its lead-in is lost)")
    .hypotheses("vertex geometry of a tree, |W| ≥ 2, o > e")
    .kind(Kind::Fragment { lost: "the display after \"1 if o > e, 0 if o\" and its lead-in (where a hypothesis such as pty(S) may have stood)" })
}

/// The smallest two games (vertex trees up to 6 vertices, |W| ≥ 2) with the
/// same signature (e, o) and different nim numbers: no rule in (e, o) alone
/// can hold.
fn signature_not_enough(scope: &crate::claim::Scope) -> String {
    let top = scope.size.as_ref().map_or(6, |r| (*r.end()).min(6));
    let mut seen: Vec<(Signature, u32, String)> = Vec::new();
    for case in cases(Family::TreeVertices, 2..=top) {
        if case.game.win().len() < 2 {
            continue;
        }
        let d = diagram(&case.game);
        let Some(sig) = formulas::deficiency_signature(&case.game, &d.maximal) else {
            continue;
        };
        let nim = d.nim();
        if let Some((_, other, label)) = seen.iter().find(|(s, v, _)| *s == sig && *v != nim) {
            return format!(
                "no rule in (e, o) alone can hold: {label} and {} both have {sig}, with nim {other} and {nim}",
                case.label()
            );
        }
        seen.push((sig, nim, case.label()));
    }
    format!("every two games with |W| ≥ 2 on trees up to {top} vertices with the same (e, o) have the same nim number")
}

fn derived(case: &Case) -> Option<Result<(), String>> {
    if !matches!(case.shape, Shape::Tree(..) | Shape::Point) {
        return None;
    }
    let game = &case.game;
    let s = (game.size() % 2) as u8;
    let predicted = if game.win().len() == 1 {
        let sig = match &case.shape {
            Shape::Point => Signature { even: 0, odd: 0 },
            _ => Signature::of(case.maximal()),
        };
        formulas::derived_single(sig)
    } else {
        match case.deficiency() {
            Some(signature) => formulas::derived_multiple(signature, s),
            None => return Some(Err("𝓜 is not {M_w : w ∈ Ex(W)}".to_string())),
        }
    };
    let nim = case.nim();
    Some(
        (predicted == nim)
            .then_some(())
            .ok_or(format!("predicted {predicted}, nim is {nim}")),
    )
}
