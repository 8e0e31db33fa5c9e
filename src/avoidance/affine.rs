//! Affine convex geometries: a finite point set S in Z or Z², with
//! τ(A) = conv(A) ∩ S, in exact integer arithmetic (points of Z are the
//! points (x, 0) of Z²).

use super::geometry::ConvexGeometry;
use super::points::PointSet;
use nimcert_check::format::AvoidanceGeometry;

/// A point of Z².
pub type Point = (i64, i64);

/// The affine convex geometry of a finite point set.
pub struct AffineGeometry {
    points: Vec<Point>,
    one_dimensional: bool,
}

/// Why a point list is not a point set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AffineError {
    /// A word is not `x` or `x,y` with integers in range.
    Syntax(String),
    /// Points of Z and Z² mixed.
    MixedDimensions,
    /// The same point twice.
    Repeated(String),
    /// No points.
    Empty,
}

impl std::fmt::Display for AffineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AffineError::Syntax(w) => write!(
                f,
                "point `{w}` is not `x` or `x,y` with integers of absolute value below 2^40"
            ),
            AffineError::MixedDimensions => write!(f, "points of Z and Z^2 are mixed"),
            AffineError::Repeated(p) => write!(f, "point {p} is repeated"),
            AffineError::Empty => write!(f, "no points given"),
        }
    }
}

impl std::error::Error for AffineError {}

/// Coordinates are bounded so that every cross product fits in an `i128`
/// with room to spare.
const COORDINATE_BOUND: i64 = 1 << 40;

/// cross(b − a, c − a): positive when a, b, c turn counter-clockwise.
fn cross(a: Point, b: Point, c: Point) -> i128 {
    let (ux, uy) = ((b.0 - a.0) as i128, (b.1 - a.1) as i128);
    let (vx, vy) = ((c.0 - a.0) as i128, (c.1 - a.1) as i128);
    ux * vy - uy * vx
}

/// (b − a)·(c − a).
fn dot(a: Point, b: Point, c: Point) -> i128 {
    let (ux, uy) = ((b.0 - a.0) as i128, (b.1 - a.1) as i128);
    let (vx, vy) = ((c.0 - a.0) as i128, (c.1 - a.1) as i128);
    ux * vx + uy * vy
}

impl AffineGeometry {
    /// Parses `"0,0 2,0 1,1"` (points of Z²) or `"0 1 3"` (points of Z).
    pub fn parse(text: &str) -> Result<Self, AffineError> {
        let mut points = Vec::new();
        let mut dims = Vec::new();
        for word in text.split_whitespace() {
            let coords: Result<Vec<i64>, _> = word.split(',').map(str::parse::<i64>).collect();
            let coords = coords.map_err(|_| AffineError::Syntax(word.to_string()))?;
            if coords.iter().any(|c| c.abs() >= COORDINATE_BOUND) {
                return Err(AffineError::Syntax(word.to_string()));
            }
            match coords[..] {
                [x] => points.push((x, 0)),
                [x, y] => points.push((x, y)),
                _ => return Err(AffineError::Syntax(word.to_string())),
            }
            dims.push(coords.len());
        }
        if dims.iter().any(|&d| d != dims[0]) {
            return Err(AffineError::MixedDimensions);
        }
        let one_dimensional = dims.first() == Some(&1);
        Self::new(points, one_dimensional)
    }

    /// The geometry of `points` (distinct); `one_dimensional` only affects
    /// how points are named.
    pub fn new(points: Vec<Point>, one_dimensional: bool) -> Result<Self, AffineError> {
        if points.is_empty() {
            return Err(AffineError::Empty);
        }
        let geometry = AffineGeometry {
            points,
            one_dimensional,
        };
        for (i, p) in geometry.points.iter().enumerate() {
            if geometry.points[..i].contains(p) {
                return Err(AffineError::Repeated(geometry.point_name(i)));
            }
        }
        Ok(geometry)
    }

    /// The points.
    pub fn points(&self) -> &[Point] {
        &self.points
    }

    /// The number of the point with these coordinates.
    pub fn index_of(&self, p: Point) -> Option<usize> {
        self.points.iter().position(|&q| q == p)
    }
}

impl ConvexGeometry for AffineGeometry {
    fn size(&self) -> usize {
        self.points.len()
    }

    fn point_name(&self, i: usize) -> String {
        let (x, y) = self.points[i];
        if self.one_dimensional {
            x.to_string()
        } else {
            format!("({x},{y})")
        }
    }

    fn closure(&self, a: &PointSet) -> PointSet {
        PointSet::from_iter_in(
            self.size(),
            (0..self.size()).filter(|&q| self.in_closure(a, q)),
        )
    }

    /// q ∈ conv(A) unless the directions d = a − q (a ∈ A) lie in an open
    /// half-plane. They do iff the clockwise-most direction d* has every d
    /// weakly counter-clockwise (cross(d*, d) ≥ 0), with the d on the line
    /// of d* pointing the same way (d*·d > 0). (Such a d* makes
    /// Σ λ d = 0 impossible: crossing with d* forces every used d onto the
    /// ray of d*. Conversely an open half-plane's clockwise-most direction
    /// is such a d*.) One pass finds the candidate d*, one pass checks it.
    fn in_closure(&self, a: &PointSet, q: usize) -> bool {
        if a.contains(q) {
            return true;
        }
        let origin = self.points[q];
        let mut members = a.iter().map(|i| self.points[i]);
        let Some(first) = members.next() else {
            return false;
        };
        let candidate = a.iter().map(|i| self.points[i]).fold(first, |best, d| {
            if cross(origin, best, d) < 0 {
                d
            } else {
                best
            }
        });
        let in_half_plane = a.iter().map(|i| self.points[i]).all(|d| {
            let c = cross(origin, candidate, d);
            c > 0 || (c == 0 && dot(origin, candidate, d) > 0)
        });
        !in_half_plane
    }

    /// For every other point p: the two open half-planes bounded by the line
    /// wp, each with one of the two open rays of that line from w. A set A
    /// with w ∉ conv(A) lies in an open half-plane bounded by a line through
    /// w; turning that line about w until it first meets a point p of S
    /// keeps A inside the half-plane together with one open ray of the
    /// line wp, so A lies in one of these sets. Each avoids w in its hull,
    /// being S ∩ a convex set without w.
    fn copoints(&self, w: usize) -> Vec<PointSet> {
        let n = self.size();
        let origin = self.points[w];
        let mut family = vec![PointSet::empty(n)];
        for p in (0..n).filter(|&p| p != w) {
            for side in [1i128, -1] {
                for ray in [1i128, -1] {
                    family.push(PointSet::from_iter_in(
                        n,
                        (0..n).filter(|&q| {
                            let c = cross(origin, self.points[p], self.points[q]);
                            q != w
                                && (c * side > 0
                                    || (c == 0
                                        && dot(origin, self.points[p], self.points[q]) * ray > 0))
                        }),
                    ));
                }
            }
        }
        family
    }

    fn certificate_geometry(&self) -> AvoidanceGeometry {
        AvoidanceGeometry::Affine {
            points: self.points.clone(),
        }
    }

    fn kind(&self) -> &'static str {
        "affine"
    }
}
