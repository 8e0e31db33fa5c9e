//! Paper B's statements in the audit registry.
//!
//! Statement numbers other than Prop. 7, Example 15 and Prop. 19 are lost in
//! our copy, so the other ids name the statement by content. Every instance
//! is solved by structure diagram (itself checked against exhaustive search
//! by the property tests); every failure carries the certificate of the
//! true nim number.
//!
//! Instance families, each in increasing order (so the first failure is the
//! smallest counterexample): all trees up to isomorphism by order, with
//! every non-empty W, in the vertex and in the edge geometry; all subsets of
//! the 3 × 3 grid {0,1,2}² (collinear triples included) by size, with every
//! non-empty W.

use super::affine::AffineGeometry;
use super::certify::{certificate, search_method};
use super::enumerate::free_trees;
use super::formulas::{self, Signature};
use super::geometry::{extreme_points, ConvexGeometry, Game};
use super::points::PointSet;
use super::structure::{StructureDiagram, DEFAULT_MAX_CLASSES};
use super::tree::{EdgeGeometry, Tree, VertexGeometry};
use crate::claim::{check_instances, Claim, ClaimResult, InstanceOutcome, Scope, Status};
use std::ops::RangeInclusive;

/// One game of an instance family, with its name.
pub struct Case {
    /// E.g. `tree 1-2,2-3 W={1}`.
    pub label: String,
    /// The game.
    pub game: Game,
}

/// Which geometries a family ranges over.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Family {
    TreeVertices,
    TreeEdges,
    Grid,
}

fn tree_label(tree: &Tree) -> String {
    let edges: Vec<String> = tree
        .edges()
        .iter()
        .map(|&(a, b)| format!("{}-{}", tree.name(a), tree.name(b)))
        .collect();
    edges.join(",")
}

/// Every non-empty subset of {0, …, n − 1} as a list, by mask.
fn subsets(n: usize) -> impl Iterator<Item = Vec<usize>> {
    (1u64..1 << n).map(move |m| (0..n).filter(|i| m >> i & 1 == 1).collect())
}

fn cases(family: Family, sizes: RangeInclusive<u64>) -> Box<dyn Iterator<Item = Case>> {
    let sizes = (*sizes.start() as usize)..=(*sizes.end() as usize);
    match family {
        Family::TreeVertices | Family::TreeEdges => Box::new(
            sizes
                .filter(|&n| n >= 2)
                .flat_map(free_trees)
                .flat_map(move |tree| {
                    let n = tree.order();
                    let points = if family == Family::TreeEdges {
                        n - 1
                    } else {
                        n
                    };
                    subsets(points).filter_map(move |win| {
                        let name = tree_label(&tree);
                        let geometry: Box<dyn ConvexGeometry> = if family == Family::TreeEdges {
                            Box::new(EdgeGeometry::new(tree.clone()))
                        } else {
                            Box::new(VertexGeometry::new(tree.clone()))
                        };
                        let game = Game::new(geometry, win).ok()?;
                        let kind = game.geometry().kind();
                        let label = format!("{kind} {name} W={}", game.show(game.win()));
                        Some(Case { label, game })
                    })
                }),
        ),
        Family::Grid => {
            let grid: Vec<(i64, i64)> = (0..3).flat_map(|y| (0..3).map(move |x| (x, y))).collect();
            Box::new(sizes.filter(|&k| (1..=9).contains(&k)).flat_map(move |k| {
                let grid = grid.clone();
                subsets(9)
                    .filter(move |s| s.len() == k)
                    .flat_map(move |chosen| {
                        let points: Vec<(i64, i64)> = chosen.iter().map(|&i| grid[i]).collect();
                        subsets(points.len()).filter_map(move |win| {
                            let geometry = AffineGeometry::new(points.clone(), false).ok()?;
                            let game = Game::new(Box::new(geometry), win).ok()?;
                            let all = PointSet::full(game.size());
                            let label =
                                format!("affine {} W={}", game.show(&all), game.show(game.win()));
                            Some(Case { label, game })
                        })
                    })
            }))
        }
    }
}

fn diagram(game: &Game) -> StructureDiagram {
    StructureDiagram::build(game, DEFAULT_MAX_CLASSES)
        .expect("audit instances have small structure diagrams")
}

fn truth(game: &Game, diagram: &StructureDiagram) -> Vec<nimcert_check::format::Certificate> {
    vec![certificate(game, diagram, search_method())]
}

/// Audits a statement predicting nim numbers: `predict` gives the printed
/// value, or `None` where the hypotheses fail.
fn audit_prediction(
    scope: &Scope,
    status: Status,
    families: &[(Family, RangeInclusive<u64>)],
    predict: impl Fn(&Game, &StructureDiagram) -> Option<u32>,
) -> ClaimResult {
    audit_property(scope, status, families, |game, d| {
        let predicted = predict(game, d)?;
        let nim = d.nim();
        Some(
            (predicted == nim)
                .then_some(())
                .ok_or(format!("predicted {predicted}, nim is {nim}")),
        )
    })
}

/// Audits a property of each game: `None` not applicable, `Some(Err)` a
/// failure with its reason.
fn audit_property(
    scope: &Scope,
    status: Status,
    families: &[(Family, RangeInclusive<u64>)],
    property: impl Fn(&Game, &StructureDiagram) -> Option<Result<(), String>>,
) -> ClaimResult {
    let range = families
        .iter()
        .map(|(f, r)| {
            let what = match f {
                Family::TreeVertices => "tree vertex geometries, n vertices",
                Family::TreeEdges => "tree edge geometries, n vertices",
                Family::Grid => "subsets of {0,1,2}², n points",
            };
            format!("{what} for {} ≤ n ≤ {}, every W", r.start(), r.end())
        })
        .collect::<Vec<_>>()
        .join("; ");
    let all = families.iter().cloned().flat_map(|(f, r)| cases(f, r));
    check_instances(
        scope,
        status,
        range,
        all,
        |case| case.label.replace([' ', '{', '}', ','], "_"),
        |case| {
            let d = diagram(&case.game);
            match property(&case.game, &d) {
                None => InstanceOutcome::NotApplicable,
                Some(Ok(())) => InstanceOutcome::Holds(if scope.want_certificates {
                    truth(&case.game, &d)
                } else {
                    Vec::new()
                }),
                Some(Err(reason)) => InstanceOutcome::Fails {
                    counterexample: format!("{}: {reason}", case.label),
                    truth: truth(&case.game, &d),
                },
            }
        },
    )
}

/// The default and extended ranges of tree orders and grid sizes.
fn ranges(
    scope: &Scope,
    trees: u64,
    extended: u64,
    grid: u64,
) -> [(Family, RangeInclusive<u64>); 3] {
    let top = if scope.extended { extended } else { trees };
    let t = scope.size_or(2..=top);
    [
        (Family::TreeVertices, t.clone()),
        (Family::TreeEdges, t),
        (Family::Grid, scope.size_or(1..=grid)),
    ]
}

fn with_win(game: &Game, win: &PointSet) -> Option<u32> {
    let g = Game::new(clone_geometry(game)?, win.iter()).ok()?;
    Some(diagram(&g).nim())
}

/// The same geometry again (through its certificate description is not
/// needed: the three families are rebuilt from their data).
fn clone_geometry(game: &Game) -> Option<Box<dyn ConvexGeometry>> {
    use nimcert_check::format::AvoidanceGeometry as G;
    let to_tree = |vertices: u32, edges: &[(u32, u32)]| {
        let edges: Vec<(usize, usize)> = edges
            .iter()
            .map(|&(a, b)| (a as usize, b as usize))
            .collect();
        Tree::from_edges(vertices as usize, &edges).ok()
    };
    Some(match game.geometry().certificate_geometry() {
        G::TreeVertices { vertices, edges } => {
            Box::new(VertexGeometry::new(to_tree(vertices, &edges)?))
        }
        G::TreeEdges { vertices, edges } => Box::new(EdgeGeometry::new(to_tree(vertices, &edges)?)),
        G::Affine { points } => Box::new(AffineGeometry::new(points, false).ok()?),
        G::Closure { .. } => return None,
    })
}

fn prop7(scope: &Scope) -> ClaimResult {
    audit_property(
        scope,
        Status::Theorem,
        &ranges(scope, 7, 9, 5),
        |game, d| {
            let ex = extreme_points(game.geometry(), game.win());
            let hull = game.geometry().closure(game.win());
            let (a, b, c) = (d.nim(), with_win(game, &ex)?, with_win(game, &hull)?);
            Some(if a == b && b == c {
                Ok(())
            } else {
                Err(format!("nim with W, Ex(W), τ(W): {a}, {b}, {c}"))
            })
        },
    )
}

fn ground_extremes(game: &Game) -> PointSet {
    extreme_points(game.geometry(), &PointSet::full(game.size()))
}

fn thm_w_is_ex(scope: &Scope) -> ClaimResult {
    audit_prediction(
        scope,
        Status::Theorem,
        &ranges(scope, 9, 12, 7),
        |game, _| (*game.win() == ground_extremes(game)).then_some(1 - (game.size() % 2) as u32),
    )
}

fn thm_w_subset_ex(scope: &Scope) -> ClaimResult {
    audit_prediction(
        scope,
        Status::Theorem,
        &ranges(scope, 8, 11, 6),
        |game, _| formulas::extreme_point_theorem(game),
    )
}

fn spectrum(scope: &Scope) -> ClaimResult {
    audit_property(
        scope,
        Status::Theorem,
        &ranges(scope, 8, 11, 6),
        |game, d| {
            let hull = game.geometry().closure(game.win());
            hull.is_subset(&ground_extremes(game)).then(|| {
                (d.nim() <= 1)
                    .then_some(())
                    .ok_or(format!("τ(W) ⊆ Ex(S) but nim is {}", d.nim()))
            })
        },
    )
}

fn spectrum_sum(scope: &Scope) -> ClaimResult {
    // Sums of two games of the family with τ(W) ⊆ Ex(S): by Sprague–Grundy
    // the sum's nim number is the XOR of the parts'.
    let top = if scope.extended { 8 } else { 6 };
    let values: Vec<(String, u32)> = cases(Family::TreeVertices, 2..=top)
        .chain(cases(Family::Grid, 1..=4))
        .filter_map(|case| {
            let hull = case.game.geometry().closure(case.game.win());
            hull.is_subset(&ground_extremes(&case.game))
                .then(|| (case.label, diagram(&case.game).nim()))
        })
        .collect();
    let pairs: Vec<(usize, usize)> = (0..values.len())
        .flat_map(|i| (i..values.len()).map(move |j| (i, j)))
        .collect();
    check_instances(
        scope,
        Status::Theorem,
        format!("all pairs of games with τ(W) ⊆ Ex(S) among trees up to {top} vertices and subsets of {{0,1,2}}² up to 4 points"),
        pairs,
        |&(i, j)| format!("{} + {}", values[i].0, values[j].0),
        |&(i, j)| {
            let sum = values[i].1 ^ values[j].1;
            if sum <= 1 {
                InstanceOutcome::Holds(Vec::new())
            } else {
                InstanceOutcome::Fails {
                    counterexample: format!("{} + {}: nim {sum}", values[i].0, values[j].0),
                    truth: Vec::new(),
                }
            }
        },
    )
}

fn prop19(scope: &Scope) -> ClaimResult {
    let top = if scope.extended { 10 } else { 8 };
    audit_property(
        scope,
        Status::Theorem,
        &[(Family::TreeVertices, scope.size_or(2..=top))],
        |game, _| {
            let ex = extreme_points(game.geometry(), game.win());
            let geometry = match game.geometry().certificate_geometry() {
                nimcert_check::format::AvoidanceGeometry::TreeVertices { vertices, edges } => {
                    let edges: Vec<(usize, usize)> = edges
                        .iter()
                        .map(|&(a, b)| (a as usize, b as usize))
                        .collect();
                    VertexGeometry::new(Tree::from_edges(vertices as usize, &edges).ok()?)
                }
                _ => return None,
            };
            for w in game.win().iter() {
                let mut rest = game.win().clone();
                rest.remove(w);
                let one_component = geometry
                    .components_without(w)
                    .iter()
                    .any(|c| rest.is_subset(c));
                if one_component != ex.contains(w) {
                    return Some(Err(format!(
                        "vertex {}: W \\ {{w}} in one component of T − w is {one_component}, w ∈ Ex(W) is {}",
                        game.geometry().point_name(w),
                        ex.contains(w)
                    )));
                }
            }
            Some(Ok(()))
        },
    )
}

fn prop_w1(scope: &Scope) -> ClaimResult {
    let top = if scope.extended { 12 } else { 9 };
    audit_prediction(
        scope,
        Status::Theorem,
        &[(Family::TreeVertices, scope.size_or(2..=top))],
        |game, d| {
            (game.win().len() == 1)
                .then(|| formulas::printed_single_vertex(Signature::of(&d.maximal)))
        },
    )
}

/// The tree of the worked example of §5 (our copy names the components:
/// M_2 = {2,3,4}, M_5 = {5,6}, M_7 = {7,8}, M_9 = {9}; the figure is lost, so
/// the path 2-3-4 is one of the two trees on {2,3,4} rooted at 2, which
/// give the same game).
pub const EXAMPLE_W1_EDGES: &str = "1-2,2-3,3-4,1-5,5-6,1-7,7-8,1-9";

/// Example 15's point set, reconstructed: 1 = (0,0), 2 = (4,0), 3 = (0,4),
/// 4 = (1,1). The figure is lost; these coordinates give exactly the printed
/// 𝓜 = {{2,3}, {1,2,4}, {1,3,4}} (4 inside the triangle 123).
pub const EXAMPLE_15_POINTS: &str = "0,0 4,0 0,4 1,1";

fn example(
    scope: &Scope,
    game: Game,
    label: &str,
    check: impl Fn(&Game, &StructureDiagram) -> Result<(), String>,
) -> ClaimResult {
    check_instances(
        scope,
        Status::Example,
        "the printed instance".to_string(),
        [game],
        |_| label.to_string(),
        |game| {
            let d = diagram(game);
            match check(game, &d) {
                Ok(()) => InstanceOutcome::Holds(truth(game, &d)),
                Err(reason) => InstanceOutcome::Fails {
                    counterexample: format!("{label}: {reason}"),
                    truth: truth(game, &d),
                },
            }
        },
    )
}

/// The worked example of §5 as a game.
pub fn example_w1_game() -> Game {
    let tree = Tree::parse(EXAMPLE_W1_EDGES).expect("the example is a tree");
    let w = tree.vertex("1").expect("vertex 1");
    Game::new(Box::new(VertexGeometry::new(tree)), [w]).expect("W = {1}")
}

/// Example 15 as a game.
pub fn example_15_game() -> Game {
    let geometry = AffineGeometry::parse(EXAMPLE_15_POINTS).expect("four points");
    Game::new(Box::new(geometry), [1, 2, 3]).expect("W = {2,3,4}")
}

fn example_w1(scope: &Scope) -> ClaimResult {
    example(scope, example_w1_game(), "example-tree-1-9-W1", |_, d| {
        let nim = d.nim();
        (nim == 2)
            .then_some(())
            .ok_or(format!("printed nim 2, computed {nim}"))
    })
}

fn example_15(scope: &Scope) -> ClaimResult {
    example(scope, example_15_game(), "example-15", |_, d| {
        let by_number = |m: &PointSet| {
            let numbers: Vec<String> = m.iter().map(|i| (i + 1).to_string()).collect();
            format!("{{{}}}", numbers.join(","))
        };
        let shown: Vec<String> = d.maximal.iter().map(by_number).collect();
        let mut printed = vec!["{2,3}", "{1,2,4}", "{1,3,4}"];
        printed.sort();
        let mut got: Vec<&str> = shown.iter().map(String::as_str).collect();
        got.sort();
        if got != printed {
            return Err(format!("𝓜 = {got:?}, printed {printed:?}"));
        }
        let nim = d.nim();
        (nim == 1)
            .then_some(())
            .ok_or(format!("printed nim 1, computed {nim}"))
    })
}

fn thm_w2(scope: &Scope) -> ClaimResult {
    let top = if scope.extended { 12 } else { 9 };
    audit_prediction(
        scope,
        Status::Theorem,
        &[(Family::TreeVertices, scope.size_or(2..=top))],
        |game, d| {
            if game.win().len() < 2 {
                return None;
            }
            formulas::printed_multiple(formulas::deficiency_signature(game, &d.maximal)?)
        },
    )
}

fn derived(scope: &Scope, family: Family) -> ClaimResult {
    let top = if scope.extended { 12 } else { 10 };
    audit_property(
        scope,
        Status::Conjecture,
        &[(family, scope.size_or(2..=top))],
        |game, d| {
            let s = (game.size() % 2) as u8;
            let predicted = if game.win().len() == 1 {
                formulas::derived_single(Signature::of(&d.maximal))
            } else {
                match formulas::deficiency_signature(game, &d.maximal) {
                    Some(signature) => formulas::derived_multiple(signature, s),
                    None => return Some(Err("𝓜 is not {M_w : w ∈ Ex(W)}".to_string())),
                }
            };
            let nim = d.nim();
            Some(
                (predicted == nim)
                    .then_some(())
                    .ok_or(format!("predicted {predicted}, nim is {nim}")),
            )
        },
    )
}

/// Paper B's claims.
pub fn claims() -> Vec<Claim> {
    vec![
        Claim {
            id: "B.Prop7",
            printed: "DNG(S, W), DNG(S, Ex(W)) and DNG(S, τ(W)) have the same nim number",
            hypotheses: "any convex geometry, W ≠ ∅",
            status: Status::Theorem,
            default_range: "trees up to 7 vertices (vertex and edge geometries), subsets of {0,1,2}² up to 5 points; every W",
            run: prop7,
        },
        Claim {
            id: "B.Thm.WisEx",
            printed: "if W = Ex(S): nim = 1 if pty(S) = 0, 0 if pty(S) = 1",
            hypotheses: "W = Ex(S)",
            status: Status::Theorem,
            default_range: "trees up to 9 vertices, subsets of {0,1,2}² up to 7 points",
            run: thm_w_is_ex,
        },
        Claim {
            id: "B.Thm.WsubsetEx",
            printed: "if W ⊆ Ex(S): nim = 1 if pty(S) = 0, 0 if pty(S) = 1",
            hypotheses: "W ⊆ Ex(S)",
            status: Status::Theorem,
            default_range: "trees up to 8 vertices, subsets of {0,1,2}² up to 6 points; every W",
            run: thm_w_subset_ex,
        },
        Claim {
            id: "B.Cor.spectrum",
            printed: "the spectrum of nim numbers when τ(W) ⊆ Ex(S) is {0, 1}",
            hypotheses: "τ(W) ⊆ Ex(S)",
            status: Status::Theorem,
            default_range: "trees up to 8 vertices, subsets of {0,1,2}² up to 6 points; every W",
            run: spectrum,
        },
        Claim {
            id: "B.Cor.spectrum_sum",
            printed: "the spectrum of nim numbers of sums of games with τ(W) ⊆ Ex(S) is {0, 1}",
            hypotheses: "each summand has τ(W) ⊆ Ex(S); sum value by Sprague–Grundy (XOR)",
            status: Status::Theorem,
            default_range: "pairs among trees up to 6 vertices and subsets of {0,1,2}² up to 4 points",
            run: spectrum_sum,
        },
        Claim {
            id: "B.Prop19",
            printed: "in a tree's vertex geometry, w ∈ Ex(W) iff W \\ {w} lies in a single component of T − w",
            hypotheses: "vertex geometry of a tree, w ∈ W",
            status: Status::Theorem,
            default_range: "trees up to 8 vertices, every W",
            run: prop19,
        },
        Claim {
            id: "B.Prop.W1",
            printed: "W = {w}: nim = 0 if e = o = 0; 0 if e ≥ 1, o = 0; 1 if e = 0, o ≥ 1; 3 if e ≥ 1, o ≥ 1 ((e, o) = parities of the components of T − w)",
            hypotheses: "vertex geometry of a tree, |W| = 1",
            status: Status::Theorem,
            default_range: "trees up to 9 vertices, every w",
            run: prop_w1,
        },
        Claim {
            id: "B.Ex.W1",
            printed: "the tree on 1..9 with W = {1}, M = {{2,3,4},{5,6},{7,8},{9}}: nim 2",
            hypotheses: "the worked example of §5",
            status: Status::Example,
            default_range: "the printed instance",
            run: example_w1,
        },
        Claim {
            id: "B.Ex15",
            printed: "S = {1,2,3,4} ⊂ R², W = {2,3,4}, M = {{2,3},{1,2,4},{1,3,4}}, Φ = ∅: nim 1 (coordinates reconstructed: (0,0),(4,0),(0,4),(1,1))",
            hypotheses: "Example 15 (figure lost; coordinates reconstructed to give the printed M)",
            status: Status::Example,
            default_range: "the printed instance",
            run: example_15,
        },
        Claim {
            id: "B.Thm.W2",
            printed: "|W| ≥ 2: nim = 1 if o > e ((e, o) = parities of the V_w, w ∈ Ex(W)); the rest of the cases is cut off in our copy",
            hypotheses: "vertex geometry of a tree, |W| ≥ 2, o > e",
            status: Status::Theorem,
            default_range: "trees up to 9 vertices, every W",
            run: thm_w2,
        },
        Claim {
            id: "B.Conj.vertex.derived",
            printed: "derived here: vertex geometry of a tree. |W| = 1: 0 if o = 0, 1 if e = 0 < o, 2 if e, o ≥ 1 ((e, o) of the components of T − w). |W| ≥ 2, s = pty(S), (e, o) of the V_w: 1 − s if o > e, s if o < e, 2 + (e + s mod 2) if o = e",
            hypotheses: "vertex geometry of a tree",
            status: Status::Conjecture,
            default_range: "trees up to 10 vertices (12 with --extended), every W",
            run: |scope| derived(scope, Family::TreeVertices),
        },
        Claim {
            id: "B.Conj.edges.derived",
            printed: "derived here: edge geometry of a tree, the same rule as for vertices with (e, o) of the non-empty sides of w (|W| = 1) or of the edge sets V_w = S \\ M_w (|W| ≥ 2), s = pty(number of edges)",
            hypotheses: "edge geometry of a tree",
            status: Status::Conjecture,
            default_range: "trees up to 10 vertices (12 with --extended), every W",
            run: |scope| derived(scope, Family::TreeEdges),
        },
    ]
}
