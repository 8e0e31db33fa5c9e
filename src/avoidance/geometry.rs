//! Convex geometries (paper B, §2) behind one trait, and the avoidance game
//! DNG(S, W) played on one.
//!
//! A convex geometry on a finite set S is a family 𝒦 of subsets with
//! (1) S ∈ 𝒦, (2) K, L ∈ 𝒦 ⇒ K ∩ L ∈ 𝒦, (3) every K ≠ S in 𝒦 has a point
//! a ∉ K with K ∪ {a} ∈ 𝒦. The closure τ(A) is the least member of 𝒦
//! containing A. Points are numbered 0, …, |S| − 1; each geometry names them
//! for output.

use super::points::{maximal_members, PointSet};
use nimcert_check::format::AvoidanceGeometry;
use std::fmt;

/// A convex geometry on the points {0, …, n − 1}.
pub trait ConvexGeometry: Send + Sync {
    /// |S|.
    fn size(&self) -> usize;

    /// The name of point `i` as the user wrote it.
    fn point_name(&self, i: usize) -> String;

    /// τ(A), the least convex set containing A.
    fn closure(&self, a: &PointSet) -> PointSet;

    /// Whether `w ∈ τ(A)`; geometries override it with a direct test.
    fn in_closure(&self, a: &PointSet, w: usize) -> bool {
        self.closure(a).contains(w)
    }

    /// A family of convex sets avoiding `w` that contains every copoint of
    /// `w` (the maximal convex sets not containing `w`): every A with
    /// w ∉ τ(A) lies inside one of them.
    fn copoints(&self, w: usize) -> Vec<PointSet>;

    /// The geometry in the certificate format.
    fn certificate_geometry(&self) -> AvoidanceGeometry;

    /// A short name of the kind: "tree", "tree-edges", "affine", "closure".
    fn kind(&self) -> &'static str;
}

/// Ex(A): the points a ∈ A with a ∉ τ(A \ {a}).
pub fn extreme_points(geometry: &dyn ConvexGeometry, a: &PointSet) -> PointSet {
    let mut ex = PointSet::empty(geometry.size());
    for x in a.iter() {
        let mut rest = a.clone();
        rest.remove(x);
        if !geometry.in_closure(&rest, x) {
            ex.insert(x);
        }
    }
    ex
}

/// Why a game DNG(S, W) cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// W = ∅: every position generates W.
    EmptyWin,
    /// A point of W is not a point of S.
    WinOutside(usize),
    /// W ⊆ τ(∅): the empty position already generates W.
    EmptyGenerates,
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::EmptyWin => write!(f, "the winning set W is empty"),
            GameError::WinOutside(i) => write!(f, "point {i} of W is not in S"),
            GameError::EmptyGenerates => {
                write!(f, "W ⊆ τ(∅): the empty position already generates W")
            }
        }
    }
}

impl std::error::Error for GameError {}

/// The avoidance game DNG(S, W): a position is a set P of chosen points, legal
/// while W ⊄ τ(P); a move adds one point and must keep the position legal.
pub struct Game {
    geometry: Box<dyn ConvexGeometry>,
    win: PointSet,
}

impl Game {
    /// DNG(S, W) on `geometry`, with W given by point numbers.
    pub fn new(
        geometry: Box<dyn ConvexGeometry>,
        win: impl IntoIterator<Item = usize>,
    ) -> Result<Self, GameError> {
        let n = geometry.size();
        let mut set = PointSet::empty(n);
        for w in win {
            if w >= n {
                return Err(GameError::WinOutside(w));
            }
            set.insert(w);
        }
        if set.is_empty() {
            return Err(GameError::EmptyWin);
        }
        let game = Game { geometry, win: set };
        if game.generates(&PointSet::empty(n)) {
            return Err(GameError::EmptyGenerates);
        }
        Ok(game)
    }

    /// The geometry.
    pub fn geometry(&self) -> &dyn ConvexGeometry {
        self.geometry.as_ref()
    }

    /// W.
    pub fn win(&self) -> &PointSet {
        &self.win
    }

    /// |S|.
    pub fn size(&self) -> usize {
        self.geometry.size()
    }

    /// Whether W ⊆ τ(P).
    pub fn generates(&self, p: &PointSet) -> bool {
        self.win.iter().all(|w| self.geometry.in_closure(p, w))
    }

    /// 𝓜, the maximal non-generating sets, sorted. P is non-generating iff
    /// some w ∈ W has w ∉ τ(P), iff P lies in a copoint of some w ∈ W; so
    /// 𝓜 is the family of maximal members of the union of the copoint
    /// families of the points of W.
    pub fn maximal_non_generating(&self) -> Vec<PointSet> {
        let family = self
            .win
            .iter()
            .flat_map(|w| self.geometry.copoints(w))
            .filter(|c| !self.generates(c))
            .collect();
        maximal_members(family)
    }

    /// Names a set of points, e.g. `{1,2,4}`.
    pub fn show(&self, set: &PointSet) -> String {
        let names: Vec<String> = set.iter().map(|i| self.geometry.point_name(i)).collect();
        format!("{{{}}}", names.join(","))
    }
}
