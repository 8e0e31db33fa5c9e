//! Affine convex geometries: a finite point set S in Z or Z², with
//! τ(A) = conv(A) ∩ S, in exact integer arithmetic (points of Z are the
//! points (x, 0) of Z²).

use super::geometry::ConvexGeometry;
use super::points::PointSet;
use nimcert_check::format::AvoidanceGeometry;
use std::cmp::Ordering;

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
                "point `{w}` is not `x` or `x,y` with integers from −2^63 to 2^63 − 1"
            ),
            AffineError::MixedDimensions => write!(f, "points of Z and Z^2 are mixed"),
            AffineError::Repeated(p) => write!(f, "point {p} is repeated"),
            AffineError::Empty => write!(f, "no points given"),
        }
    }
}

impl std::error::Error for AffineError {}

/// b − a and c − a, exactly: a difference of two i64 lies in
/// (−2^64, 2^64), which an i128 holds.
fn differences(a: Point, b: Point, c: Point) -> [i128; 4] {
    let d = |x: i64, y: i64| i128::from(x) - i128::from(y);
    [d(b.0, a.0), d(b.1, a.1), d(c.0, a.0), d(c.1, a.1)]
}

/// The sign of x·y − u·v for |x|, |y|, |u|, |v| < 2^64, exactly (every
/// i64 coordinate is allowed, as in the checker). A product's magnitude
/// is below 2^128 and fits a u128, though the product itself may not fit
/// an i128; so the products are compared as (sign, magnitude).
fn sign_of_difference(x: i128, y: i128, u: i128, v: i128) -> Ordering {
    let product = |x: i128, y: i128| {
        let sign = x.signum() * y.signum();
        let magnitude = x.unsigned_abs() * y.unsigned_abs();
        (sign, magnitude)
    };
    let ((s, m), (t, n)) = (product(x, y), product(u, v));
    match s.cmp(&t) {
        // Both negative: the larger magnitude is the smaller product.
        Ordering::Equal if s < 0 => n.cmp(&m),
        Ordering::Equal => m.cmp(&n),
        order => order,
    }
}

/// The sign of cross(b − a, c − a): `Greater` when a, b, c turn
/// counter-clockwise.
fn cross(a: Point, b: Point, c: Point) -> Ordering {
    let [ux, uy, vx, vy] = differences(a, b, c);
    sign_of_difference(ux, vy, uy, vx)
}

/// The sign of (b − a)·(c − a).
fn dot(a: Point, b: Point, c: Point) -> Ordering {
    let [ux, uy, vx, vy] = differences(a, b, c);
    sign_of_difference(ux, vx, -uy, vy)
}

impl AffineGeometry {
    /// Parses `"0,0 2,0 1,1"` (points of Z²) or `"0 1 3"` (points of Z).
    pub fn parse(text: &str) -> Result<Self, AffineError> {
        let mut points = Vec::new();
        let mut dims = Vec::new();
        for word in text.split_whitespace() {
            let coords: Result<Vec<i64>, _> = word.split(',').map(str::parse::<i64>).collect();
            let coords = coords.map_err(|_| AffineError::Syntax(word.to_string()))?;
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
            if cross(origin, best, d) == Ordering::Less {
                d
            } else {
                best
            }
        });
        let in_half_plane =
            a.iter()
                .map(|i| self.points[i])
                .all(|d| match cross(origin, candidate, d) {
                    Ordering::Greater => true,
                    Ordering::Equal => dot(origin, candidate, d) == Ordering::Greater,
                    Ordering::Less => false,
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
            for side in [Ordering::Greater, Ordering::Less] {
                for ray in [Ordering::Greater, Ordering::Less] {
                    family.push(PointSet::from_iter_in(
                        n,
                        (0..n).filter(|&q| {
                            let c = cross(origin, self.points[p], self.points[q]);
                            q != w
                                && (c == side
                                    || (c == Ordering::Equal
                                        && dot(origin, self.points[p], self.points[q]) == ray))
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Orientation is exact on all of i64: the extreme points are collinear
    /// with the origin, and one unit off the line is seen.
    #[test]
    fn hulls_are_exact_at_the_extremes_of_i64() {
        let (low, high) = ((i64::MIN, i64::MIN), (i64::MAX, i64::MAX));
        let line = AffineGeometry::new(vec![low, (0, 0), high], false).unwrap();
        let ends = PointSet::from_iter_in(3, [0, 2]);
        assert!(line.in_closure(&ends, 1), "(0,0) lies between the extremes");
        let off = AffineGeometry::new(vec![low, (0, 0), (i64::MAX, i64::MAX - 1)], false).unwrap();
        assert!(!off.in_closure(&ends, 1), "one unit off the line");
        assert_eq!(cross((0, 0), low, high), Ordering::Equal);
        assert_eq!(dot((0, 0), low, high), Ordering::Less);
        let parsed = AffineGeometry::parse(&format!("{} 0 {}", i64::MIN, i64::MAX)).unwrap();
        assert!(parsed.in_closure(&ends, 1));
    }
}
