//! Paper B's statements in the audit registry, in the order of the text.
//!
//! Statement numbers other than Prop. 7, Example 15 and Prop. 19 are lost in
//! our copy, so most ids name the statement by section and content. Every
//! instance is solved by structure diagram (itself checked against the mex
//! rule on every position by `B.Sec3.structural` and `B.Sec3.diagram`);
//! every failure carries the certificate of the true game, which the
//! checker re-validates (geometry, 𝓜, diagram).
//!
//! Instance families, each in increasing order (so the first failure is the
//! smallest counterexample): all trees up to isomorphism by order, with
//! every non-empty W, in the vertex and in the edge geometry (the
//! one-vertex tree, which has no edge, as the closure system
//! {∅, {1}}); all subsets of the 3 × 3 grid {0,1,2}² (collinear triples
//! included) by size, with every non-empty W.
//!
//! The modules follow the paper: `preliminaries` (§2–3), `extreme`
//! (§4), `trees` (§5).

mod extreme;
mod preliminaries;
mod trees;

use super::affine::AffineGeometry;
use super::certify::{certificate, search_method};
use super::closure::ClosureSystem;
use super::enumerate::free_trees;
use super::formulas::{self, Signature};
use super::geometry::{extreme_points, ConvexGeometry, Game};
use super::points::PointSet;
use super::structure::{structure_nim, StructureDiagram, DEFAULT_MAX_CLASSES};
use super::tree::{EdgeGeometry, Tree, VertexGeometry};
use crate::claim::{check_instances, Claim, ClaimResult, InstanceOutcome, Scope};
use nimcert_check::format::Certificate;
use std::collections::HashMap;
use std::ops::RangeInclusive;
use std::sync::atomic::{AtomicU16, AtomicU8, Ordering};
use std::sync::{Arc, OnceLock};

pub use preliminaries::{example_15_game, EXAMPLE_15_POINTS};
pub use trees::{example_w1_game, EXAMPLE_W1_EDGES};

/// Paper B's claims, in the order of the text.
pub fn claims() -> Vec<Claim> {
    let mut all = preliminaries::claims();
    all.extend(extreme::claims());
    all.extend(trees::claims());
    all
}

/// Which geometries a family ranges over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Family {
    /// Vertex geometries of trees, by number of vertices.
    TreeVertices,
    /// Edge geometries of trees, by number of vertices.
    TreeEdges,
    /// Subsets of the grid {0,1,2}², by number of points.
    Grid,
}

impl Family {
    fn describe(&self) -> &'static str {
        match self {
            Family::TreeVertices => "tree vertex geometries with",
            Family::TreeEdges => "tree edge geometries with",
            Family::Grid => "subsets of {0,1,2}² with",
        }
    }

    fn what(&self) -> &'static str {
        match self {
            Family::Grid => "points",
            _ => "vertices",
        }
    }
}

/// The data a geometry is built from, so that it can be built again (with
/// another W).
#[derive(Clone, Debug)]
pub(super) enum Shape {
    /// A tree with at least one edge, in its vertex or edge geometry
    /// (shared by the games on it).
    Tree(Arc<Tree>, Family),
    /// The one-vertex tree: the closure system {∅, {1}}.
    Point,
    /// Points of Z².
    Points(Arc<[(i64, i64)]>),
}

impl Shape {
    /// A fresh geometry of this shape.
    pub fn geometry(&self) -> Box<dyn ConvexGeometry> {
        match self {
            Shape::Tree(tree, Family::TreeEdges) => Box::new(EdgeGeometry::new(Tree::clone(tree))),
            Shape::Tree(tree, _) => Box::new(VertexGeometry::new(Tree::clone(tree))),
            Shape::Point => Box::new(
                ClosureSystem::new(1, &[vec![], vec![1]]).expect("{∅, {1}} is a convex geometry"),
            ),
            Shape::Points(points) => {
                Box::new(AffineGeometry::new(points.to_vec(), false).expect("distinct points"))
            }
        }
    }

    /// The tree of a vertex geometry, if it is one.
    pub fn vertex_tree(&self) -> Option<&Tree> {
        match self {
            Shape::Tree(tree, Family::TreeVertices) => Some(tree),
            _ => None,
        }
    }
}

/// One game of an instance family, with its name and a structure diagram
/// built on first use.
pub(super) struct Case {
    /// The name of a printed instance; `None` in a family, where the name
    /// is made from the shape and W when needed ([`Case::label`]).
    name: Option<&'static str>,
    /// What the geometry is built from.
    pub shape: Shape,
    /// The game.
    pub game: Game,
    diagram: OnceLock<StructureDiagram>,
    maximal: OnceLock<Vec<PointSet>>,
    /// 𝓜 as masks, when |S| ≤ 64 ([`Game::maximal_masks`]): what the nim
    /// number and the deficiency signature read, one allocation per game
    /// where the point sets take one per member.
    masks: OnceLock<Option<Vec<u64>>>,
    nim: OnceLock<u32>,
    /// The nim numbers and deficiency signatures of the games on this
    /// shape, shared by every claim that plays it ([`Shared`]).
    shared: Option<Arc<Shared>>,
}

impl Case {
    fn new(name: Option<&'static str>, shape: Shape, game: Game) -> Self {
        Case {
            name,
            shape,
            game,
            diagram: OnceLock::new(),
            maximal: OnceLock::new(),
            masks: OnceLock::new(),
            nim: OnceLock::new(),
            shared: None,
        }
    }

    /// 𝓜, sorted: the diagram's if it is built, else the game's (the same
    /// list; the diagram is not built for it).
    pub fn maximal(&self) -> &[PointSet] {
        match self.diagram.get() {
            Some(d) => &d.maximal,
            None => self.maximal.get_or_init(|| match self.maximal_masks() {
                Some(masks) => {
                    let n = self.game.size();
                    masks.iter().map(|&m| PointSet::from_mask(n, m)).collect()
                }
                None => self.game.maximal_non_generating(),
            }),
        }
    }

    /// 𝓜 as masks, increasing (the order of [`Case::maximal`]), when
    /// |S| ≤ 64.
    fn maximal_masks(&self) -> Option<&[u64]> {
        self.masks
            .get_or_init(|| self.game.maximal_masks())
            .as_deref()
    }

    /// nim(DNG(S, W)): the diagram's if it is built, else
    /// [`structure_nim`] (the diagram's recursion on 𝓜 alone, without
    /// writing the diagram out; the tests compare the two).
    pub fn nim(&self) -> u32 {
        if let Some(d) = self.diagram.get() {
            return d.nim();
        }
        *self.nim.get_or_init(|| {
            let shared = self.shared.as_ref().map(|s| (s, self.game.win().mask()));
            if let Some(known) = shared.and_then(|(s, win)| s.nim(win)) {
                return known;
            }
            let nim = self
                .maximal_masks()
                .and_then(|masks| structure_nim(masks, self.game.size()))
                .unwrap_or_else(|| self.diagram().nim());
            if let Some((s, win)) = shared {
                s.set_nim(win, nim);
            }
            nim
        })
    }

    /// The signature (e, o) of the V_w = S \ M_w, w ∈ Ex(W), when 𝓜 is
    /// {M_w : w ∈ Ex(W)} ([`formulas::deficiency_signature`]), shared
    /// like the nim number.
    pub fn deficiency(&self) -> Option<Signature> {
        let shared = self.shared.as_ref().map(|s| (s, self.game.win().mask()));
        if let Some(known) = shared.and_then(|(s, win)| s.deficiency(win)) {
            return known;
        }
        let found = match self.maximal_masks() {
            Some(masks) => {
                formulas::deficiency_signature_of_masks(&self.game, masks.iter().copied())
            }
            None => formulas::deficiency_signature(&self.game, self.maximal()),
        };
        if let Some((s, win)) = shared {
            s.set_deficiency(win, found);
        }
        found
    }

    /// The instance's name, e.g. `tree 1-2,2-3 W={1}` (made on demand:
    /// most instances of a family are only counted).
    pub fn label(&self) -> String {
        if let Some(name) = self.name {
            return name.to_string();
        }
        let win = self.game.show(self.game.win());
        match &self.shape {
            Shape::Tree(tree, Family::TreeEdges) => {
                format!("tree-edges {} W={win}", tree_label(tree))
            }
            Shape::Tree(tree, _) => format!("tree {} W={win}", tree_label(tree)),
            Shape::Point => format!("tree 1 (one vertex) W={win}"),
            Shape::Points(_) => {
                let all = PointSet::full(self.game.size());
                format!("affine {} W={win}", self.game.show(&all))
            }
        }
    }

    /// The game's structure diagram.
    pub fn diagram(&self) -> &StructureDiagram {
        self.diagram.get_or_init(|| diagram(&self.game))
    }

    /// The same geometry with another winning set (`None` if the game
    /// cannot be set up).
    pub fn with_win(&self, win: &PointSet) -> Option<Game> {
        Game::new(self.shape.geometry(), win.iter()).ok()
    }

    /// The certificate of the game's nim number.
    pub fn certificate(&self) -> Certificate {
        certificate(&self.game, self.diagram(), search_method())
    }
}

fn tree_label(tree: &Tree) -> String {
    let edges: Vec<String> = tree
        .edges()
        .iter()
        .map(|&(a, b)| format!("{}-{}", tree.name(a), tree.name(b)))
        .collect();
    edges.join(",")
}

/// Every non-empty subset of {0, …, n − 1}, by mask.
fn subsets(n: usize) -> impl Iterator<Item = Vec<usize>> {
    (1u64..1 << n).map(move |m| (0..n).filter(|i| m >> i & 1 == 1).collect())
}

/// The games of a family for the given sizes, in increasing order.
pub(super) fn cases(
    family: Family,
    sizes: RangeInclusive<u64>,
) -> Box<dyn Iterator<Item = Case> + Send> {
    cases_where(family, sizes, Wins::All)
}

/// The games of a family for the given sizes whose W `wins` admits, in
/// increasing order (the games left out are never built).
fn cases_where(
    family: Family,
    sizes: RangeInclusive<u64>,
    wins: Wins,
) -> Box<dyn Iterator<Item = Case> + Send> {
    let sizes = (*sizes.start() as usize)..=(*sizes.end() as usize);
    match family {
        Family::TreeVertices | Family::TreeEdges => Box::new(sizes.flat_map(move |n| {
            let trees: Vec<Shape> = if n == 0 {
                Vec::new()
            } else if n == 1 {
                if family == Family::TreeVertices {
                    vec![Shape::Point]
                } else {
                    Vec::new()
                }
            } else {
                free_trees(n)
                    .into_iter()
                    .map(|t| Shape::Tree(Arc::new(t), family))
                    .collect()
            };
            trees
                .into_iter()
                .enumerate()
                .flat_map(move |(index, shape)| {
                    let shared = (matches!(shape, Shape::Tree(..)) && n <= SHARED_UP_TO)
                        .then(|| Shared::of(family, n, index));
                    on_every_win(shape, wins, shared)
                })
        })),
        Family::Grid => {
            let grid: Vec<(i64, i64)> = (0..3).flat_map(|y| (0..3).map(move |x| (x, y))).collect();
            Box::new(sizes.filter(|&k| (1..=9).contains(&k)).flat_map(move |k| {
                let grid = grid.clone();
                subsets(9)
                    .filter(move |s| s.len() == k)
                    .flat_map(move |chosen| {
                        let points = chosen.iter().map(|&i| grid[i]).collect();
                        on_every_win(Shape::Points(points), wins, None)
                    })
            }))
        }
    }
}

/// The games on one shape, one per non-empty W that `wins` admits (and
/// that can be set up), by increasing mask of W, all on one shared
/// geometry.
fn on_every_win(
    shape: Shape,
    wins: Wins,
    shared: Option<Arc<Shared>>,
) -> impl Iterator<Item = Case> + Send {
    let geometry: Arc<dyn ConvexGeometry> = Arc::from(shape.geometry());
    let n = geometry.size();
    let admitted = wins.on(geometry.as_ref());
    (1u64..1 << n)
        .filter(move |&win| admitted.admits(win))
        .filter_map(move |win| {
            let points = (0..n).filter(move |i| win >> i & 1 == 1);
            let game = Game::new(Box::new(geometry.clone()), points).ok()?;
            let mut case = Case::new(None, shape.clone(), game);
            case.shared = shared.clone();
            Some(case)
        })
}

/// What the claims compute about the games on one tree of a family, by
/// the mask of W, filled in as they compute it: the nim number and the
/// deficiency signature ([`Case::deficiency`]). Every claim enumerates
/// the trees of order n in the same order, so the tree is named by
/// (family, n, its index), and a game's values are computed once for all
/// the claims that need them (those of §5 on trees up to 12 vertices,
/// each with every W, streamed one claim at a time, not kept as games).
/// An entry is 0 while unknown, else the value + 1 (a value that does not
/// fit is not kept); two claims writing one entry write the same value.
/// The tables live as long as the process: three bytes per game, 60 MB
/// for every tree up to [`SHARED_UP_TO`] vertices in both geometries.
pub(super) struct Shared {
    /// nim + 1.
    nim: Box<[AtomicU8]>,
    /// 1 for no signature (𝓜 is not {M_w}), else 2 + 128·e + o.
    deficiency: Box<[AtomicU16]>,
}

/// The largest trees whose games' values are shared ([`Shared`]): 13
/// vertices, one more than `--extended` plays.
const SHARED_UP_TO: usize = 13;

impl Shared {
    /// The tables of the `index`-th tree of order `n` of `family`, made
    /// on first use.
    fn of(family: Family, n: usize, index: usize) -> Arc<Shared> {
        type Tables = std::sync::Mutex<HashMap<(u8, usize, usize), Arc<Shared>>>;
        static TABLES: OnceLock<Tables> = OnceLock::new();
        let games = 1usize
            << if family == Family::TreeEdges {
                n - 1
            } else {
                n
            };
        let mut tables = TABLES
            .get_or_init(Default::default)
            .lock()
            .expect("shared tables lock");
        tables
            .entry((family as u8, n, index))
            .or_insert_with(|| {
                Arc::new(Shared {
                    nim: (0..games).map(|_| AtomicU8::new(0)).collect(),
                    deficiency: (0..games).map(|_| AtomicU16::new(0)).collect(),
                })
            })
            .clone()
    }

    /// The nim of the game with W = `win`, if known.
    fn nim(&self, win: u64) -> Option<u32> {
        let entry = self
            .nim
            .get(usize::try_from(win).ok()?)?
            .load(Ordering::Relaxed);
        (entry != 0).then(|| u32::from(entry) - 1)
    }

    /// Records the nim of the game with W = `win`.
    fn set_nim(&self, win: u64, nim: u32) {
        let entry = usize::try_from(win).ok().and_then(|w| self.nim.get(w));
        if let (Some(entry), Ok(value)) = (entry, u8::try_from(nim + 1)) {
            entry.store(value, Ordering::Relaxed);
        }
    }

    /// The deficiency signature of the game with W = `win`, if known.
    fn deficiency(&self, win: u64) -> Option<Option<Signature>> {
        let entry = self.deficiency.get(usize::try_from(win).ok()?)?;
        match entry.load(Ordering::Relaxed) {
            0 => None,
            1 => Some(None),
            code => {
                let code = usize::from(code - 2);
                Some(Some(Signature {
                    even: code / 128,
                    odd: code % 128,
                }))
            }
        }
    }

    /// Records the deficiency signature of the game with W = `win`.
    fn set_deficiency(&self, win: u64, found: Option<Signature>) {
        let code = match found {
            None => Some(1),
            Some(s) if s.even < 128 && s.odd < 128 => u16::try_from(2 + 128 * s.even + s.odd).ok(),
            Some(_) => None,
        };
        let entry = usize::try_from(win)
            .ok()
            .and_then(|w| self.deficiency.get(w));
        if let (Some(entry), Some(code)) = (entry, code) {
            entry.store(code, Ordering::Relaxed);
        }
    }
}

/// Which winning sets W a claim's hypothesis can hold for, decided from
/// W's mask and the geometry before a game is built: a necessary
/// condition only (the claim still tests its own hypothesis), so that the
/// games it cannot apply to, most of a family for the hypotheses below,
/// are never built. A game left out was not applicable, so the counts are
/// those of every W (the tests compare each filter with the hypothesis it
/// stands for).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Wins {
    /// Every non-empty W.
    All,
    /// |W| = 1.
    One,
    /// |W| ≥ 2.
    Several,
    /// |W| ≥ 2 and |S| even.
    SeveralOnEven,
    /// W = Ex(S).
    Extremes,
    /// W ⊆ Ex(S) (implied by τ(W) ⊆ Ex(S), as W ⊆ τ(W)).
    WithinExtremes,
}

/// A [`Wins`] on one geometry, with Ex(S) as a mask.
#[derive(Clone, Copy)]
struct AdmittedWins {
    wins: Wins,
    /// Ex(S), when the filter needs it.
    extremes: u64,
    /// |S|.
    points: usize,
}

impl Wins {
    /// The filter on `geometry` (at most 64 points).
    fn on(self, geometry: &dyn ConvexGeometry) -> AdmittedWins {
        let extremes = match self {
            Wins::Extremes | Wins::WithinExtremes => {
                extreme_points(geometry, &PointSet::full(geometry.size())).mask()
            }
            _ => 0,
        };
        AdmittedWins {
            wins: self,
            extremes,
            points: geometry.size(),
        }
    }
}

impl AdmittedWins {
    /// Whether the W with this mask is admitted.
    fn admits(&self, win: u64) -> bool {
        match self.wins {
            Wins::All => true,
            Wins::One => win.count_ones() == 1,
            Wins::Several => win.count_ones() >= 2,
            Wins::SeveralOnEven => win.count_ones() >= 2 && self.points.is_multiple_of(2),
            Wins::Extremes => win == self.extremes,
            Wins::WithinExtremes => win & !self.extremes == 0,
        }
    }
}

/// Families of games up to this size are built once per process and
/// shared by every claim (with their diagrams, built on first use); larger
/// ones are streamed, so that memory stays small.
const CACHED_UP_TO: u64 = 9;

/// A game of a family: shared from the cache, or built for one claim.
// Most games are `Owned` (every tree past CACHED_UP_TO vertices, millions
// with `--extended`): boxing them would cost an allocation per game.
#[allow(clippy::large_enum_variant)]
pub(super) enum CaseRef {
    Shared(std::sync::Arc<Vec<Case>>, usize),
    Owned(Case),
}

impl std::ops::Deref for CaseRef {
    type Target = Case;
    fn deref(&self) -> &Case {
        match self {
            CaseRef::Shared(all, i) => &all[*i],
            CaseRef::Owned(case) => case,
        }
    }
}

/// The games of a family for the given sizes, in increasing order, shared
/// with the other claims up to [`CACHED_UP_TO`].
pub(super) fn shared_cases(
    family: Family,
    sizes: RangeInclusive<u64>,
    wins: Wins,
) -> impl Iterator<Item = CaseRef> + Send {
    type Key = (u8, u64, Wins);
    type Cache = std::sync::Mutex<std::collections::HashMap<Key, std::sync::Arc<Vec<Case>>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    sizes.flat_map(move |n| -> Box<dyn Iterator<Item = CaseRef> + Send> {
        if n > CACHED_UP_TO {
            return Box::new(cases_where(family, n..=n, wins).map(CaseRef::Owned));
        }
        let key = (family as u8, n, wins);
        let cache = CACHE.get_or_init(Default::default);
        let existing = cache.lock().expect("cache lock").get(&key).cloned();
        let all = existing.unwrap_or_else(|| {
            let built = std::sync::Arc::new(cases_where(family, n..=n, wins).collect::<Vec<_>>());
            cache
                .lock()
                .expect("cache lock")
                .entry(key)
                .or_insert(built)
                .clone()
        });
        Box::new((0..all.len()).map(move |i| CaseRef::Shared(all.clone(), i)))
    })
}

/// nim(DNG(S, W)) by [`structure_nim`] on 𝓜, without the diagram written
/// out (the diagram's beyond 64 points or members of 𝓜; the tests
/// compare the two).
pub(super) fn game_nim(game: &Game) -> u32 {
    game.maximal_masks()
        .and_then(|maximal| structure_nim(&maximal, game.size()))
        .unwrap_or_else(|| diagram(game).nim())
}

/// The structure diagram of an audit instance.
pub(super) fn diagram(game: &Game) -> StructureDiagram {
    StructureDiagram::build(game, DEFAULT_MAX_CLASSES)
        .expect("audit instances have small structure diagrams")
}

/// A family with its default and `--extended` largest size, and the W
/// its claim can apply to.
#[derive(Clone, Copy)]
pub(super) struct Sizes {
    pub family: Family,
    pub smallest: u64,
    pub default: u64,
    pub extended: u64,
    pub wins: Wins,
}

/// The same families, with only the W that `wins` admits built.
pub(super) fn only(wins: Wins, sizes: Vec<Sizes>) -> Vec<Sizes> {
    sizes.into_iter().map(|s| Sizes { wins, ..s }).collect()
}

/// Trees (vertex and edge geometries) up to `trees` vertices (`extended`
/// with `--extended`) and grid subsets up to `grid` points.
pub(super) fn everywhere(trees: u64, extended: u64, grid: u64) -> Vec<Sizes> {
    vec![
        Sizes {
            family: Family::TreeVertices,
            smallest: 1,
            default: trees,
            extended,
            wins: Wins::All,
        },
        Sizes {
            family: Family::TreeEdges,
            smallest: 2,
            default: trees,
            extended,
            wins: Wins::All,
        },
        Sizes {
            family: Family::Grid,
            smallest: 1,
            default: grid,
            extended: grid + 1,
            wins: Wins::All,
        },
    ]
}

/// Tree vertex geometries only.
pub(super) fn vertex_trees(default: u64, extended: u64) -> Vec<Sizes> {
    vec![Sizes {
        family: Family::TreeVertices,
        smallest: 1,
        default,
        extended,
        wins: Wins::All,
    }]
}

impl Sizes {
    fn range(&self, scope: &Scope) -> RangeInclusive<u64> {
        let top = if scope.extended {
            self.extended
        } else {
            self.default
        };
        let r = scope.size_or(self.smallest..=top);
        (*r.start()).max(self.smallest)..=*r.end()
    }
}

fn range_text(families: &[(Family, RangeInclusive<u64>)]) -> String {
    families
        .iter()
        .map(|(f, r)| {
            format!(
                "{} {} ≤ n ≤ {} {}, every W",
                f.describe(),
                r.start(),
                r.end(),
                f.what()
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// Number of trees of order n, for the work estimate: counted up to 12
/// vertices, then bounded by a factor 3 per vertex.
fn trees_bound(n: u64) -> u64 {
    if n <= 12 {
        free_trees(n.max(2) as usize).len() as u64
    } else {
        trees_bound(12).saturating_mul(3u64.saturating_pow((n - 12) as u32))
    }
}

/// Work estimate: games × 16·2^n (about one nanosecond each: a game of n
/// points costs its structure diagram, at most a few steps per position).
fn work(families: &[(Family, RangeInclusive<u64>)]) -> u64 {
    families
        .iter()
        .flat_map(|(f, r)| {
            let f = *f;
            r.clone().map(move |n| {
                let shapes = match f {
                    Family::Grid => 512,
                    _ => trees_bound(n),
                };
                let n = n.min(40) as u32;
                shapes
                    .saturating_mul(2u64.saturating_pow(n))
                    .saturating_mul(16u64.saturating_mul(2u64.saturating_pow(n)))
            })
        })
        .fold(0, u64::saturating_add)
}

/// A claim about every game of some families: `property` returns `None`
/// where the statement does not apply, `Some(Err(reason))` where it fails.
pub(super) fn on_games(
    id: &'static str,
    printed: &'static str,
    sizes: Vec<Sizes>,
    property: impl Fn(&Case) -> Option<Result<(), String>> + Send + Sync + 'static,
) -> Claim {
    let defaults: Vec<(Family, RangeInclusive<u64>)> = sizes
        .iter()
        .map(|s| (s.family, s.smallest..=s.default))
        .collect();
    let extended: Vec<(Family, RangeInclusive<u64>)> = sizes
        .iter()
        .map(|s| (s.family, s.smallest..=s.extended))
        .collect();
    let text = if defaults.iter().zip(&extended).all(|(d, e)| d.1 == e.1) {
        range_text(&defaults)
    } else {
        format!(
            "{} (--extended: {})",
            range_text(&defaults),
            range_text(&extended)
        )
    };
    let for_estimate = sizes.clone();
    Claim::new(
        id,
        printed,
        text,
        move |scope| {
            let families: Vec<(Family, RangeInclusive<u64>)> =
                sizes.iter().map(|s| (s.family, s.range(scope))).collect();
            let range = range_text(&families);
            let all = families
                .into_iter()
                .zip(sizes.iter().map(|s| s.wins))
                .flat_map(|((f, r), wins)| shared_cases(f, r, wins));
            check_instances(
                scope,
                range,
                all,
                |case| case.label().replace([' ', '{', '}', ','], "_"),
                |case, need| match property(case) {
                    None => InstanceOutcome::NotApplicable,
                    Some(Ok(())) => InstanceOutcome::Holds(if scope.wants_certificates() {
                        vec![case.certificate()]
                    } else {
                        Vec::new()
                    }),
                    Some(Err(reason)) => InstanceOutcome::fails(
                        need,
                        || format!("{}: {reason}", case.label()),
                        || vec![case.certificate()],
                    ),
                },
            )
        },
        move |scope| {
            let families: Vec<(Family, RangeInclusive<u64>)> = for_estimate
                .iter()
                .map(|s| (s.family, s.range(scope)))
                .collect();
            work(&families)
        },
    )
    .counts("games")
}

/// A claim predicting nim numbers: `predict` gives the printed value, or
/// `None` where the hypotheses fail.
pub(super) fn on_predictions(
    id: &'static str,
    printed: &'static str,
    sizes: Vec<Sizes>,
    predict: impl Fn(&Case) -> Option<u32> + Send + Sync + 'static,
) -> Claim {
    on_games(id, printed, sizes, move |case| {
        let predicted = predict(case)?;
        let nim = case.nim();
        Some(
            (predicted == nim)
                .then_some(())
                .ok_or(format!("predicted {predicted}, nim is {nim}")),
        )
    })
}

/// A claim about one printed instance (an example).
pub(super) fn on_example(
    id: &'static str,
    printed: &'static str,
    instance: &'static str,
    game: fn() -> Game,
    shape: fn() -> Shape,
    check: impl Fn(&Case) -> Result<(), String> + Send + Sync + 'static,
) -> Claim {
    Claim::new(
        id,
        printed,
        instance.to_string(),
        move |scope: &Scope| -> ClaimResult {
            let selected = scope
                .size
                .as_ref()
                .is_none_or(|r| r.contains(&(game().size() as u64)));
            let cases = selected.then(|| Case::new(Some(instance), shape(), game()));
            check_instances(
                scope,
                instance.to_string(),
                cases,
                |case| case.label().replace([' ', '{', '}', ',', '='], "_"),
                |case, need| match check(case) {
                    Ok(()) => InstanceOutcome::Holds(vec![case.certificate()]),
                    Err(reason) => InstanceOutcome::fails(
                        need,
                        || format!("{}: {reason}", case.label()),
                        || vec![case.certificate()],
                    ),
                },
            )
        },
        |_| 1_000,
    )
    .hypotheses("the printed instance")
    .kind(crate::claim::Kind::Example)
    .exhaustive()
    .counts("games")
}

/// A family of sets in the paper's notation, points named 1, 2, …:
/// `{{1,2},{3}}`, sorted.
pub(super) fn show_family(game: &Game, family: &[PointSet]) -> String {
    let mut shown: Vec<String> = family.iter().map(|s| game.show(s)).collect();
    shown.sort();
    format!("{{{}}}", shown.join(","))
}

/// The nim number of every position of a game by the mex rule (positions
/// as masks, n ≤ 20, tested without building a set per position): `None`
/// for a generating (illegal) position. Options of a position are supersets
/// with one more point, so the masks are visited from the largest down.
pub(super) fn position_nims(game: &Game) -> Vec<Option<u32>> {
    let n = game.size();
    let mut nims: Vec<Option<u32>> = vec![None; 1 << n];
    for mask in (0..1u64 << n).rev() {
        if game.generates_mask(mask) {
            continue;
        }
        let options = (0..n)
            .filter(|x| mask >> x & 1 == 0)
            .filter_map(|x| nims[(mask | 1 << x) as usize]);
        nims[mask as usize] = Some(super::mex(options));
    }
    nims
}

/// ⌈P⌉ = ⋂{M ∈ 𝓜 : P ⊆ M}, the intersection class of a legal position.
pub(super) fn ceiling(maximal: &[PointSet], p: &PointSet, n: usize) -> PointSet {
    maximal
        .iter()
        .filter(|m| p.is_subset(m))
        .fold(PointSet::full(n), |acc, m| acc.intersection(m))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The label of every game.
    fn labels(cases: impl Iterator<Item = Case>) -> Vec<String> {
        cases.map(|case| case.label()).collect()
    }

    /// The values the claims share are each game's own: a second pass
    /// over the same trees finds every nim and deficiency signature in
    /// the tables, equal to those of the game's structure diagram.
    #[test]
    fn the_shared_values_are_each_games_own() {
        for family in [Family::TreeVertices, Family::TreeEdges] {
            let first: Vec<(u32, Option<Signature>)> = cases(family, 2..=7)
                .map(|case| (case.nim(), case.deficiency()))
                .collect();
            assert!(first.len() > 300, "{family:?}: {} games", first.len());
            for (case, (nim, deficiency)) in cases(family, 2..=7).zip(first) {
                let shared = case.shared.as_ref().expect("a tree's games share");
                let win = case.game.win().mask();
                assert_eq!(shared.nim(win), Some(nim), "{}", case.label());
                assert_eq!(shared.deficiency(win), Some(deficiency));
                let d = diagram(&case.game);
                assert_eq!(nim, d.nim(), "{}", case.label());
                let own = formulas::deficiency_signature(&case.game, &d.maximal);
                assert_eq!(deficiency, own, "{}", case.label());
            }
        }
    }

    /// Each [`Wins`] builds exactly the games of its hypothesis, in the
    /// order of the whole family, tested on sets (not masks) on every game
    /// of the three families up to 6 points; so leaving out the others
    /// changes no count and no first failure.
    #[test]
    fn each_win_filter_keeps_exactly_the_games_of_its_hypothesis() {
        type Hypothesis = fn(&Game, &PointSet) -> bool;
        let hypotheses: [(Wins, Hypothesis); 6] = [
            (Wins::All, |_, _| true),
            (Wins::One, |game, _| game.win().len() == 1),
            (Wins::Several, |game, _| game.win().len() >= 2),
            (Wins::SeveralOnEven, |game, _| {
                game.win().len() >= 2 && game.size().is_multiple_of(2)
            }),
            (Wins::Extremes, |game, ex| game.win() == ex),
            (Wins::WithinExtremes, |game, ex| game.win().is_subset(ex)),
        ];
        for family in [Family::TreeVertices, Family::TreeEdges, Family::Grid] {
            let all: Vec<Case> = cases(family, 1..=6).collect();
            assert!(all.len() > 200, "{family:?}: {} games", all.len());
            for (wins, hypothesis) in hypotheses {
                let expected: Vec<String> = all
                    .iter()
                    .filter(|case| {
                        let full = PointSet::full(case.game.size());
                        let ex = extreme_points(case.game.geometry(), &full);
                        hypothesis(&case.game, &ex)
                    })
                    .map(Case::label)
                    .collect();
                let built = labels(cases_where(family, 1..=6, wins));
                assert_eq!(built, expected, "{family:?}, {wins:?}");
                assert!(wins == Wins::All || built.len() < all.len());
            }
        }
    }
}
