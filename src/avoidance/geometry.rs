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

    /// Appends [`ConvexGeometry::point_name`] to `out` (geometries that keep
    /// their names override it to skip the intermediate string).
    fn write_point_name(&self, i: usize, out: &mut String) {
        out.push_str(&self.point_name(i));
    }

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

    /// [`ConvexGeometry::in_closure`] for a set given as a mask (|S| ≤ 64).
    /// Geometries with a bitmask representation override it to avoid
    /// building a [`PointSet`].
    fn in_closure_mask(&self, a: u64, w: usize) -> bool {
        self.in_closure(&PointSet::from_mask(self.size(), a), w)
    }

    /// [`ConvexGeometry::copoints`] as masks (|S| ≤ 64), appended to `out`.
    fn copoint_masks(&self, w: usize, out: &mut Vec<u64>) {
        out.extend(self.copoints(w).iter().map(PointSet::mask));
    }

    /// The geometry in the certificate format.
    fn certificate_geometry(&self) -> AvoidanceGeometry;

    /// A short name of the kind: "tree", "tree-edges", "affine", "closure".
    fn kind(&self) -> &'static str;

    /// How [`ConvexGeometry::certificate_geometry`] renumbers what the
    /// user named, as a phrase for the certificate's provenance (e.g. "tree
    /// vertices 0..8 are the input's 1..9"); `None` when it keeps the
    /// user's numbers (points in input order, coordinates as given).
    fn renumbering(&self) -> Option<String> {
        None
    }
}

/// A geometry shared between games (the audit plays every W on one tree):
/// every method is the shared geometry's own.
impl<G: ConvexGeometry + ?Sized> ConvexGeometry for std::sync::Arc<G> {
    fn size(&self) -> usize {
        (**self).size()
    }
    fn point_name(&self, i: usize) -> String {
        (**self).point_name(i)
    }
    fn write_point_name(&self, i: usize, out: &mut String) {
        (**self).write_point_name(i, out)
    }
    fn closure(&self, a: &PointSet) -> PointSet {
        (**self).closure(a)
    }
    fn in_closure(&self, a: &PointSet, w: usize) -> bool {
        (**self).in_closure(a, w)
    }
    fn copoints(&self, w: usize) -> Vec<PointSet> {
        (**self).copoints(w)
    }
    fn in_closure_mask(&self, a: u64, w: usize) -> bool {
        (**self).in_closure_mask(a, w)
    }
    fn copoint_masks(&self, w: usize, out: &mut Vec<u64>) {
        (**self).copoint_masks(w, out)
    }
    fn certificate_geometry(&self) -> AvoidanceGeometry {
        (**self).certificate_geometry()
    }
    fn kind(&self) -> &'static str {
        (**self).kind()
    }
    fn renumbering(&self) -> Option<String> {
        (**self).renumbering()
    }
}

/// Ex(A): the points a ∈ A with a ∉ τ(A \ {a}). One copy of A serves
/// every test (each point is taken out and put back), and a ground set of
/// at most 64 points is tested as a mask, allocating nothing.
pub fn extreme_points(geometry: &dyn ConvexGeometry, a: &PointSet) -> PointSet {
    let n = geometry.size();
    if n <= 64 {
        return PointSet::from_mask(n, extreme_mask(geometry, a.mask()));
    }
    let mut ex = PointSet::empty(n);
    let mut rest = a.clone();
    for x in a.iter() {
        rest.remove(x);
        if !geometry.in_closure(&rest, x) {
            ex.insert(x);
        }
        rest.insert(x);
    }
    ex
}

/// [`extreme_points`] on a mask, for at most 64 points: Ex(A) as a mask.
pub fn extreme_mask(geometry: &dyn ConvexGeometry, a: u64) -> u64 {
    let mut ex = 0;
    let mut rest = a;
    while rest != 0 {
        let x = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        if !geometry.in_closure_mask(a & !(1 << x), x) {
            ex |= 1 << x;
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
    /// More points than a certificate can number (2^32 or more).
    TooLarge(usize),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::EmptyWin => write!(f, "the winning set W is empty"),
            GameError::WinOutside(i) => write!(f, "point {i} of W is not in S"),
            GameError::EmptyGenerates => {
                write!(f, "W ⊆ τ(∅): the empty position already generates W")
            }
            GameError::TooLarge(n) => write!(f, "{n} points: at most 2^32 − 1"),
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
        if u32::try_from(n).is_err() {
            return Err(GameError::TooLarge(n));
        }
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
        let empty_generates = if n <= 64 {
            game.generates_mask(0)
        } else {
            game.generates(&PointSet::empty(n))
        };
        if empty_generates {
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

    /// [`Game::generates`] for P given as a mask (|S| ≤ 64).
    pub fn generates_mask(&self, p: u64) -> bool {
        let mut rest = self.win.mask();
        while rest != 0 {
            if !self
                .geometry
                .in_closure_mask(p, rest.trailing_zeros() as usize)
            {
                return false;
            }
            rest &= rest - 1;
        }
        true
    }

    /// 𝓜, the maximal non-generating sets, sorted. P is non-generating iff
    /// some w ∈ W has w ∉ τ(P), iff P lies in a copoint of some w ∈ W; so
    /// 𝓜 is the family of maximal members of the union of the copoint
    /// families of the points of W.
    pub fn maximal_non_generating(&self) -> Vec<PointSet> {
        let n = self.size();
        if let Some(masks) = self.maximal_masks() {
            return masks.iter().map(|&m| PointSet::from_mask(n, m)).collect();
        }
        let family = self
            .win
            .iter()
            .flat_map(|w| self.geometry.copoints(w))
            .filter(|c| !self.generates(c))
            .collect();
        maximal_members(family)
    }

    /// [`Game::maximal_non_generating`] as masks, increasing, when |S| ≤ 64
    /// (the order is the order of the point sets).
    pub fn maximal_masks(&self) -> Option<Vec<u64>> {
        if self.size() > 64 {
            return None;
        }
        let win = self.win.mask();
        let mut family: Vec<u64> = Vec::new();
        let mut rest = win;
        while rest != 0 {
            self.geometry
                .copoint_masks(rest.trailing_zeros() as usize, &mut family);
            rest &= rest - 1;
        }
        family.retain(|&c| !self.generates_mask(c));
        family.sort_unstable();
        family.dedup();
        // Keep the sets no other set contains (the family is sorted and
        // without repeats, so a strict superset comes later in it).
        let mut kept = 0;
        for i in 0..family.len() {
            let a = family[i];
            if !family[i + 1..].iter().any(|&b| a & !b == 0) {
                family[kept] = a;
                kept += 1;
            }
        }
        family.truncate(kept);
        Some(family)
    }

    /// Names a set of points, e.g. `{1,2,4}`.
    pub fn show(&self, set: &PointSet) -> String {
        let mut out = String::with_capacity(2 + 3 * set.len());
        out.push('{');
        for (k, i) in set.iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            self.geometry.write_point_name(i, &mut out);
        }
        out.push('}');
        out
    }
}
