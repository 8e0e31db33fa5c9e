//! An avoidance game DNG(S, W) built from its description and solved
//! within [`Limits`]: the work is estimated from the input before the
//! geometry is built, the structure diagram (§3) is built
//! with what [`Limits::max_work`] leaves and at most
//! [`Limits::max_classes`] classes, and a listing of the diagram is
//! counted before it is made ([`check_listing`]).
//!
//! ```
//! use nimcert::avoidance::solve::{solve, Input};
//! use nimcert::solve::Limits;
//!
//! // The path 1-2-3 with W = {2}: the middle vertex generates everything.
//! let input = Input::TreeVertices { edges: "1-2,2-3", win: "2" };
//! let solved = solve(input, &Limits::default())?;
//! assert_eq!(solved.diagram.nim(), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::affine::AffineGeometry;
use super::closure::{ClosureFile, ClosureSystem};
use super::structure::{Budget, DiagramLimit};
use super::tree::{EdgeGeometry, Tree, VertexGeometry};
use super::{ConvexGeometry, Game, PointSet, StructureDiagram};
use crate::solve::{Limit, Limits, SolveError};

/// A game as the command line describes it: the geometry and W.
pub enum Input<'a> {
    /// The vertex geometry of a tree: edges `a-b` separated by commas, W
    /// as vertex names separated by commas.
    TreeVertices {
        /// The edges.
        edges: &'a str,
        /// W.
        win: &'a str,
    },
    /// The edge geometry of a tree: W as edges `a-b` separated by commas.
    TreeEdges {
        /// The edges.
        edges: &'a str,
        /// W.
        win: &'a str,
    },
    /// Points of Z or Z² separated by spaces (`x,y` or `x`); W separated
    /// by spaces, as coordinates or `@k` for the k-th point.
    Affine {
        /// The points.
        points: &'a str,
        /// W.
        win: &'a str,
    },
    /// An explicit closure system; W (points 1..n, commas) instead of the
    /// file's own when given.
    Closure {
        /// The system, as read from its file.
        file: ClosureFile,
        /// W, if it replaces the file's.
        win: Option<&'a str>,
    },
}

/// A game and its structure diagram.
pub struct Solved {
    /// The game.
    pub game: Game,
    /// Its structure diagram: the classes, 𝓜 and the nim number.
    pub diagram: StructureDiagram,
}

/// Builds the game `input` describes and its structure diagram within
/// `limits` (`max_work` and `max_classes`): the work up to the diagram is
/// estimated from the input and refused over `max_work` before the
/// geometry is built; the diagram then counts its work as it is built and
/// stops at what is left, or at `max_classes` classes.
pub fn solve(input: Input<'_>, limits: &Limits) -> Result<Solved, SolveError> {
    let (game, estimate) = match input {
        Input::TreeVertices { edges, win } => vertex_game(edges, win, limits)?,
        Input::TreeEdges { edges, win } => edge_game(edges, win, limits)?,
        Input::Affine { points, win } => affine_game(points, win, limits)?,
        Input::Closure { file, win } => closure_game(file, win, limits)?,
    };
    let diagram = structure_diagram(&game, &estimate, limits)?;
    Ok(Solved { game, diagram })
}

/// The estimated work of an avoidance game, from its input, before the
/// geometry is built: `points` n, `family` F (an upper bound on the
/// copoints of the points of W, the family whose maximal members are 𝓜),
/// and `build`, the steps to build the geometry and the copoints.
struct Estimate {
    points: u128,
    family: u128,
    build: u128,
}

impl Estimate {
    /// Words of a point set.
    fn words(&self) -> u128 {
        self.points.div_ceil(64).max(1)
    }

    /// Steps up to the diagram: the build, then the maximal members of the
    /// family (every pair compared, a word at a time): about F² · n/64.
    fn before_diagram(&self) -> u128 {
        self.build
            .saturating_add(self.family.saturating_pow(2).saturating_mul(self.words()))
    }

    /// Refuses the game when the work up to the diagram is over budget.
    fn check(&self, limits: &Limits) -> Result<(), SolveError> {
        limits.check_work(
            self.before_diagram(),
            &format!(
                "this game ({} points, up to {} copoints)",
                self.points, self.family
            ),
        )
    }
}

fn tree(edges: &str) -> Result<Tree, SolveError> {
    Tree::parse(edges).map_err(SolveError::input)
}

/// The words of a list separated by commas or spaces.
fn split(list: &str) -> impl Iterator<Item = &str> {
    list.split([',', ' ']).filter(|w| !w.is_empty())
}

fn vertex_game(edges: &str, win: &str, limits: &Limits) -> Result<(Game, Estimate), SolveError> {
    let tree = tree(edges)?;
    let w = split(win)
        .map(|name| {
            tree.vertex(name)
                .ok_or_else(|| SolveError::input(format!("unknown vertex `{name}` in --win")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    // The copoints of w are the components of T − w: deg(w) of them; the
    // geometry holds them for every vertex, a search of the tree each.
    let n = tree.order() as u128;
    let degree = |v: usize| {
        tree.edges()
            .iter()
            .filter(|&&(a, b)| a == v || b == v)
            .count()
    };
    let estimate = Estimate {
        points: n,
        family: w.iter().map(|&v| degree(v) as u128).sum(),
        build: n * (n + 2 * n.div_ceil(64)),
    };
    estimate.check(limits)?;
    Ok((game(Box::new(VertexGeometry::new(tree)), w)?, estimate))
}

fn edge_game(edges: &str, win: &str, limits: &Limits) -> Result<(Game, Estimate), SolveError> {
    let tree = tree(edges)?;
    let w = split(win)
        .map(|word| {
            let (a, b) = word.split_once('-').ok_or_else(|| {
                SolveError::input(format!("`{word}` in --win is not an edge a-b"))
            })?;
            tree.edge(a, b).ok_or_else(|| {
                SolveError::input(format!("`{word}` in --win is not an edge of the tree"))
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    // The copoints of an edge are its two sides; the geometry finds both
    // sides of every edge, a search of the tree each.
    let (n, m) = (tree.order() as u128, tree.edges().len() as u128);
    let estimate = Estimate {
        points: m,
        family: 2 * w.len() as u128,
        build: m * (n + m),
    };
    estimate.check(limits)?;
    Ok((game(Box::new(EdgeGeometry::new(tree)), w)?, estimate))
}

fn affine_game(points: &str, win: &str, limits: &Limits) -> Result<(Game, Estimate), SolveError> {
    // From the words alone, before parsing: n points, and for each point
    // of W a family of 4(n − 1) + 1 half-planes and rays, each of n points;
    // parsing compares every pair of points.
    let n = points.split_whitespace().count() as u128;
    let family = win.split_whitespace().count() as u128 * (4 * n).saturating_sub(3).max(1);
    let estimate = Estimate {
        points: n,
        family,
        build: n * n + family * n,
    };
    estimate.check(limits)?;
    Ok((affine_game_parsed(points, win)?, estimate))
}

fn affine_game_parsed(points: &str, win: &str) -> Result<Game, SolveError> {
    let geometry = AffineGeometry::parse(points).map_err(SolveError::input)?;
    let n = geometry.size();
    let w = win
        .split_whitespace()
        .map(|word| {
            if let Some(k) = word.strip_prefix('@') {
                return k
                    .parse::<usize>()
                    .ok()
                    .filter(|&k| (1..=n).contains(&k))
                    .map(|k| k - 1)
                    .ok_or_else(|| {
                        SolveError::input(format!("`{word}`: no point number {k} (1..={n})"))
                    });
            }
            let coords: Result<Vec<i64>, _> = word.split(',').map(str::parse::<i64>).collect();
            let p = match coords.as_deref() {
                Ok([x]) => (*x, 0),
                Ok([x, y]) => (*x, *y),
                _ => {
                    return Err(SolveError::input(format!(
                        "`{word}` in --win is not a point"
                    )))
                }
            };
            geometry
                .index_of(p)
                .ok_or_else(|| SolveError::input(format!("point {word} of W is not in S")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    game(Box::new(geometry), w)
}

fn closure_game(
    spec: ClosureFile,
    win: Option<&str>,
    limits: &Limits,
) -> Result<(Game, Estimate), SolveError> {
    // The axioms compare every pair of the K convex sets (a binary search
    // each); the copoints of w are the convex sets avoiding it.
    let k = spec.convex_sets.len() as u128;
    let log_k = u128::from(u128::BITS - k.leading_zeros());
    let w_count = win.map_or(spec.win.len(), |list| split(list).count()) as u128;
    let estimate = Estimate {
        points: spec.points as u128,
        family: w_count * k,
        build: k * k * (log_k + 1) + k * spec.points as u128 * (log_k + 1),
    };
    estimate.check(limits)?;
    let system = ClosureSystem::new(spec.points, &spec.convex_sets).map_err(SolveError::input)?;
    let w = match win {
        Some(list) => split(list)
            .map(|x| {
                x.parse::<usize>()
                    .map_err(|_| SolveError::input(format!("`{x}` in --win is not a point number")))
            })
            .collect::<Result<Vec<_>, _>>()?,
        None => spec.win,
    };
    if let Some(&x) = w.iter().find(|&&x| x == 0 || x > spec.points) {
        return Err(SolveError::input(format!(
            "point {x} of W is not in S = {{1..{}}}",
            spec.points
        )));
    }
    let game = game(Box::new(system), w.into_iter().map(|x| x - 1).collect())?;
    Ok((game, estimate))
}

fn game(geometry: Box<dyn ConvexGeometry>, win: Vec<usize>) -> Result<Game, SolveError> {
    let mut sorted = win.clone();
    sorted.sort_unstable();
    if sorted.windows(2).any(|p| p[0] == p[1]) {
        return Err(SolveError::input("a point is repeated in W"));
    }
    Game::new(geometry, win).map_err(SolveError::input)
}

/// The structure diagram, with at most `max_classes` classes and the work
/// `max_work` leaves after the geometry and 𝓜
/// ([`Estimate::before_diagram`]), counted as the diagram is built.
fn structure_diagram(
    game: &Game,
    estimate: &Estimate,
    limits: &Limits,
) -> Result<StructureDiagram, SolveError> {
    let spent = u64::try_from(estimate.before_diagram()).unwrap_or(u64::MAX);
    let left = limits.max_work.saturating_sub(spent);
    let mut budget = Budget::new(left);
    StructureDiagram::build_within(game, limits.max_classes, &mut budget).map_err(|e| match e {
        DiagramLimit::Classes(n) => SolveError::limit_reached(
            Limit::Classes,
            format!("the structure diagram has more than {n} classes, the bound that --max-classes sets"),
        ),
        DiagramLimit::Work(left) => SolveError::limit_reached(
            Limit::Work,
            format!("the structure diagram needs more than {left} steps, what --max-work {} leaves after the geometry", limits.max_work),
        ),
    })
}

/// Steps per point (or option) that a report or certificate lists: a
/// name made and written, or a number in RON. Calibrated on a star of
/// 3,000 leaves with W = 16 of them (65,535 classes of about 2,990
/// points): the JSON of 10,000 classes took 6.4 s more than the text, and
/// the certificate of all of them 62 s more, about 300 ns a point.
pub const STEPS_PER_LISTED: u128 = 320;

/// Refuses, before they are made, a report or certificate listing the
/// first `keep` classes and maximal sets of `diagram` (`usize::MAX` for
/// all) that would cost more than `max_work`: the classes can be many and
/// large though cheap to find (a star with W = 16 of its 3000 leaves has
/// 65535 classes of about 3000 points), so the listing is counted from
/// the diagram, [`STEPS_PER_LISTED`] steps for each point of each set and
/// each option of each class kept.
pub fn check_listing(
    diagram: &StructureDiagram,
    keep: usize,
    limits: &Limits,
) -> Result<(), SolveError> {
    let classes = diagram.classes.iter().take(keep);
    let maximal = diagram.maximal.iter().take(keep);
    let listed: u128 = classes
        .map(|c| c.set.len() + c.options.len())
        .chain(maximal.map(PointSet::len))
        .map(|n| n as u128)
        .sum();
    limits.check_work(
        listed.saturating_mul(STEPS_PER_LISTED),
        &format!("the report lists {listed} points and options"),
    )
}

/// The nim number by the mex rule over all positions, as a cross-check
/// of the diagram's, for a game of at most 20 points (`None` beyond, or
/// when the exhaustive search gives none).
pub fn exhaustive_nim(game: &Game) -> Option<u32> {
    (game.size() <= 20)
        .then(|| super::exhaustive::nim_number(game).ok())
        .flatten()
}
