//! Explicit convex geometries: the ground set {1, …, n} and the list of its
//! convex sets, checked against the three axioms of paper B, §2.

use super::geometry::ConvexGeometry;
use super::points::PointSet;
use nimcert_check::format::AvoidanceGeometry;
use serde::Deserialize;
use std::fmt;

/// The largest ground set of an explicit closure system.
pub const MAX_POINTS: usize = 64;

/// The file format of `nimcert avoid closure FILE.ron`: points are 1, …, n.
///
/// ```ron
/// (points: 4, convex_sets: [[], [2], [3], [2,3], [2,3,4], [1,2,3], [1,2,3,4]], win: [1])
/// ```
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClosureFile {
    /// n.
    pub points: usize,
    /// The convex sets, points numbered from 1.
    pub convex_sets: Vec<Vec<usize>>,
    /// W, points numbered from 1 (may be given on the command line instead).
    #[serde(default)]
    pub win: Vec<usize>,
}

/// An explicit closure system satisfying the axioms.
#[derive(Clone, Debug)]
pub struct ClosureSystem {
    n: usize,
    convex: Vec<PointSet>,
}

/// Which axiom fails, with a witness.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AxiomError {
    /// Too many points, or a point outside {1, …, n}.
    Points(String),
    /// Axiom 1: S is not convex.
    GroundSetMissing,
    /// Axiom 2: K ∩ L is not listed.
    NotIntersectionClosed(String, String),
    /// Axiom 3: K ≠ S has no one-point convex extension.
    NoExtension(String),
}

impl fmt::Display for AxiomError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AxiomError::Points(m) => f.write_str(m),
            AxiomError::GroundSetMissing => {
                write!(f, "axiom 1 fails: the ground set S is not a convex set")
            }
            AxiomError::NotIntersectionClosed(k, l) => write!(
                f,
                "axiom 2 fails: the intersection of {k} and {l} is not a convex set"
            ),
            AxiomError::NoExtension(k) => write!(
                f,
                "axiom 3 fails: {k} ≠ S but no K ∪ {{a}} with a ∉ K is a convex set"
            ),
        }
    }
}

impl std::error::Error for AxiomError {}

impl ClosureSystem {
    /// Builds the system from 1-based sets and checks the axioms.
    pub fn new(n: usize, sets: &[Vec<usize>]) -> Result<Self, AxiomError> {
        if n == 0 || n > MAX_POINTS {
            return Err(AxiomError::Points(format!(
                "the ground set must have 1 to {MAX_POINTS} points, not {n}"
            )));
        }
        let mut convex = Vec::new();
        for set in sets {
            if let Some(&x) = set.iter().find(|&&x| x == 0 || x > n) {
                return Err(AxiomError::Points(format!("point {x} is not in 1..={n}")));
            }
            convex.push(PointSet::from_iter_in(n, set.iter().map(|x| x - 1)));
        }
        convex.sort();
        convex.dedup();
        let system = ClosureSystem { n, convex };
        system.check_axioms()?;
        Ok(system)
    }

    fn is_convex(&self, set: &PointSet) -> bool {
        self.convex.binary_search(set).is_ok()
    }

    fn show(set: &PointSet) -> String {
        let items: Vec<String> = set.iter().map(|i| (i + 1).to_string()).collect();
        format!("{{{}}}", items.join(","))
    }

    fn check_axioms(&self) -> Result<(), AxiomError> {
        let whole = PointSet::full(self.n);
        if !self.is_convex(&whole) {
            return Err(AxiomError::GroundSetMissing);
        }
        for (i, k) in self.convex.iter().enumerate() {
            for l in &self.convex[i + 1..] {
                if !self.is_convex(&k.intersection(l)) {
                    return Err(AxiomError::NotIntersectionClosed(
                        Self::show(k),
                        Self::show(l),
                    ));
                }
            }
        }
        for k in self.convex.iter().filter(|k| **k != whole) {
            if !(0..self.n).any(|a| !k.contains(a) && self.is_convex(&k.with(a))) {
                return Err(AxiomError::NoExtension(Self::show(k)));
            }
        }
        Ok(())
    }

    /// The convex sets.
    pub fn convex_sets(&self) -> &[PointSet] {
        &self.convex
    }
}

impl ConvexGeometry for ClosureSystem {
    fn size(&self) -> usize {
        self.n
    }

    fn point_name(&self, i: usize) -> String {
        (i + 1).to_string()
    }

    fn closure(&self, a: &PointSet) -> PointSet {
        self.convex
            .iter()
            .filter(|k| a.is_subset(k))
            .fold(PointSet::full(self.n), |acc, k| acc.intersection(k))
    }

    /// w ∈ τ(A) iff every convex set containing A contains w; with
    /// |S| ≤ 64 each set is one word, so nothing is allocated.
    fn in_closure_mask(&self, a: u64, w: usize) -> bool {
        self.convex
            .iter()
            .map(PointSet::mask)
            .all(|k| a & !k != 0 || k >> w & 1 == 1)
    }

    /// The convex sets without w: if w ∉ τ(A), some convex K ⊇ A misses w.
    fn copoints(&self, w: usize) -> Vec<PointSet> {
        self.convex
            .iter()
            .filter(|k| !k.contains(w))
            .cloned()
            .collect()
    }

    fn certificate_geometry(&self) -> AvoidanceGeometry {
        AvoidanceGeometry::Closure {
            points: self.n as u32,
            convex_sets: self
                .convex
                .iter()
                .map(|k| k.iter().map(|x| x as u32).collect())
                .collect(),
        }
    }

    fn kind(&self) -> &'static str {
        "closure"
    }
}
