//! Rules for an `Avoidance` claim: the nim number of the avoidance game
//! DNG(S, W) on a convex geometry (paper B, Shim), via its structure diagram.
//!
//! DNG(S, W): a position is a set P ⊆ S of chosen points, legal while
//! W ⊄ τ(P); a move adds one point and keeps the position legal; the player
//! without a move loses. The claim carries the geometry, W, 𝓜 (the maximal
//! non-generating sets), the structure classes X_I with their types
//! (pty(I), nim_0, nim_1) and options, and nim(DNG(S, W)).
//!
//! The checker has its own τ for each geometry kind, written for checking:
//!
//! - *closure system*: τ(A) = ⋂{K listed : A ⊆ K};
//! - *tree vertices*: v ∈ τ(A) iff v ∈ A or A meets two components of
//!   T − v (a subtree containing vertices on two sides of v contains the
//!   path between them, which passes through v; the union of the paths
//!   between vertices of A is a subtree);
//! - *tree edges*: e ∈ τ(F) iff e ∈ F or F has edges on both sides of e
//!   (same argument on the edges of the minimal subtree);
//! - *affine*: conv(∅) = ∅; for A ≠ ∅, q ∉ conv(A) iff q ∉ A and some a ∈ A
//!   has every b ∈ A with cross(a − q, b − q) > 0, or = 0 and
//!   (a − q)·(b − q) > 0, computed exactly for all of i64 (see `cross`).
//!   (If so,
//!   crossing Σλ_b(b − q) = 0 with a − q forces every used b onto the open
//!   ray of a − q, whose points are no convex combination summing to 0. If
//!   q ∉ conv(A), A lies in an open half-plane through q; its
//!   clockwise-most direction a − q is such an a.)
//!
//! **Rule 1 (geometry).** The geometry is well formed within the limits: a
//! closure system contains S, is closed under intersection and every K ≠ S
//! has a one-point convex extension (the axioms of paper B, §2); a tree has
//! n ≥ 1 vertices and n − 1 edges joining them all, no loops; affine points
//! are distinct.
//!
//! **Rule 2 (W).** W is non-empty, strictly increasing, inside S.
//!
//! **Rule 3 (𝓜 is the family of maximal non-generating sets).** Each listed
//! M is non-generating (W ⊄ τ(M)) and maximal (W ⊆ τ(M ∪ {x}) for every
//! x ∉ M); the family is strictly increasing (so without repetition).
//! Completeness: for each w ∈ W, each set of the *cover family* C_w lies in
//! some listed M, where every A with w ∉ τ(A) lies in a member of C_w:
//!
//! - closure system: C_w = {K : w ∉ K} (if w ∉ ⋂{K ⊇ A}, some K ⊇ A misses w);
//! - tree vertices: C_w = the components of T − w, and ∅ (w ∉ τ(A) means
//!   w ∉ A and A meets at most one component; A = ∅ when it meets none, the
//!   only case on a one-vertex tree);
//! - tree edges: C_e = the edge sets of the two sides of e (likewise);
//! - affine: for each p ≠ w, the two open half-planes bounded by the line
//!   wp, each joined with one of the two open rays of the line from w
//!   (intersected with S), and ∅. If w ∉ conv(A), A ⊆ an open half-plane H
//!   bounded by a line through w; turn the line about w until it first
//!   meets a point p of S \ {w}; the points of A stay in the half-plane or
//!   sit on the ray of wp they crossed at, so A lies in a member of C_w
//!   (A = ∅ when S = {w}).
//!
//! Then every non-generating set (some w ∈ W has w ∉ τ(P)) lies in a listed
//! M, and with the maximality test the list is exactly 𝓜.
//!
//! **Rule 4 (classes are ℐ).** Class sets are distinct, each has the stated
//! parity, and each equals ⌈I⌉ = ⋂{M ∈ 𝓜 : I ⊆ M} with at least one such
//! M; every M is a class, and I ∩ M is a class for every class I and
//! M ∈ 𝓜. (So the classes are exactly the intersections of non-empty
//! subfamilies: each such intersection is reached from one member by
//! intersecting with the others one at a time.)
//!
//! **Rule 5 (options).** The listed options of X_I are exactly
//! {⌈I ∪ {x}⌉ : x ∈ U(I) \ I}, U(I) = ⋃{M ∈ 𝓜 : I ⊆ M}, recomputed here.
//!
//! **Rule 6 (types).** With a = pty(I):
//! nim_a(X_I) = mex{nim_{1−a}(X_J) : J ∈ Opt(X_I)} and
//! nim_{1−a}(X_I) = mex({nim_a(X_I)} ∪ {nim_a(X_J) : J ∈ Opt(X_I)}).
//!
//! **Rule 7 (value).** Φ = ⋂𝓜 is a class and the claimed nim is nim_0(X_Φ).
//!
//! *Proof (the structure theorem of paper B, §3, from Ernst–Sieben \[3\],
//! re-proved for this rule).* Positions of DNG(S, W) are the subsets of
//! members of 𝓜. For P with ⌈P⌉ = I, the options are P ∪ {x} with
//! x ∈ U(I) \ P: inside X_I when x ∈ I, in X_J, J = ⌈I ∪ {x}⌉ ⊋ I,
//! otherwise (the members of 𝓜 containing P ∪ {x} are those containing
//! I ∪ {x}). Induct on |S \ P|: if every option has the value its class and
//! parity give, then P = I (parity a) has value mex{nim_{1−a}(X_J)} =
//! nim_a(X_I); a P ⊊ I of parity 1 − a has an option in X_I (parity a) and
//! value nim_{1−a}(X_I) by Rule 6; a P ⊊ I of parity a has the options of I
//! plus the value nim_{1−a}(X_I), which differs from nim_a(X_I) (it is the
//! mex of a set containing it), and adding to a set a value other than its
//! mex leaves the mex unchanged (smaller values are present already). The
//! option relation strictly increases I, so Rule 6's equations, checked
//! locally, determine all values. The start ∅ has ⌈∅⌉ = Φ and parity 0.

//!
//! **Limits.** Before any of this, `admit` bounds |S| (`--max-points`),
//! the number of classes (`--max-classes`) and the work (`--max-work`):
//! a count, from the sizes in the claim, of the word operations and hash
//! lookups that the rules below perform (see `Cost`).

use crate::format::{AvoidanceClaim, AvoidanceClass, AvoidanceGeometry};
use crate::moves::show_list;
use crate::{too_large, within_work, wrong, Failure, Limits, Verdict};
use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};

/// Checks an `Avoidance` claim.
pub fn check(claim: &AvoidanceClaim, limits: &Limits) -> Verdict {
    match admit(claim, limits).and_then(|()| check_inner(claim)) {
        Ok(summary) => Verdict::Valid(summary),
        Err(failure) => failure.into_verdict(),
    }
}

/// A subset of {0, …, n − 1} as a bitset with a fixed number of words.
type Bits = Vec<u64>;

fn bits_of(n: usize, items: impl IntoIterator<Item = usize>) -> Bits {
    let mut b = vec![0u64; n / 64 + 1];
    for i in items {
        b[i / 64] |= 1 << (i % 64);
    }
    b
}

fn has(b: &Bits, i: usize) -> bool {
    b.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 == 1)
}

fn subset(a: &Bits, b: &Bits) -> bool {
    a.iter().zip(b).all(|(x, y)| x & !y == 0)
}

fn meets(a: &Bits, b: &Bits) -> bool {
    a.iter().zip(b).any(|(x, y)| x & y != 0)
}

fn and(a: &Bits, b: &Bits) -> Bits {
    a.iter().zip(b).map(|(x, y)| x & y).collect()
}

fn members(b: &Bits) -> impl Iterator<Item = usize> + '_ {
    b.iter().enumerate().flat_map(|(k, &w)| {
        (0..64)
            .filter(move |i| w >> i & 1 == 1)
            .map(move |i| 64 * k + i)
    })
}

fn count(b: &Bits) -> usize {
    b.iter().map(|w| w.count_ones() as usize).sum()
}

/// "{0,3,5}", with at most 64 points shown.
fn show(b: &Bits) -> String {
    format!("{{{}}}", show_list(members(b).map(|i| i as u64), 64))
}

/// A list of points as `"[0,3,5]"`, with at most 64 shown.
fn show_points(list: &[u32]) -> String {
    format!("[{}]", show_list(list.iter().map(|&i| u64::from(i)), 64))
}

/// A strictly increasing list of points below n, as a bitset.
fn read_set(list: &[u32], n: usize, what: &str) -> Result<Bits, Failure> {
    if let Some(w) = list.windows(2).find(|w| w[0] >= w[1]) {
        return wrong(format!(
            "{what}: must be strictly increasing, {} is followed by {}",
            w[0], w[1]
        ));
    }
    if let Some(&x) = list.iter().find(|&&x| x as usize >= n) {
        return wrong(format!("{what}: point {x} is not in S = {{0..{}}}", n - 1));
    }
    Ok(bits_of(n, list.iter().map(|&x| x as usize)))
}

/// The checker's own model of a geometry: τ-membership and cover families.
enum Geometry {
    Closure(Vec<Bits>),
    Tree(Vec<Vec<Bits>>),
    Edges(Vec<[Bits; 2]>),
    Affine(Vec<(i64, i64)>),
}

/// |S| as the geometry states it.
fn ground_size(geometry: &AvoidanceGeometry) -> u64 {
    match geometry {
        AvoidanceGeometry::Closure { points, .. } => u64::from(*points),
        AvoidanceGeometry::TreeVertices { vertices, .. } => u64::from(*vertices),
        AvoidanceGeometry::TreeEdges { edges, .. } => edges.len() as u64,
        AvoidanceGeometry::Affine { points } => points.len() as u64,
    }
}

impl Geometry {
    /// Rule 1: reads and validates the geometry (|S| admitted by the
    /// caller); returns it with |S|.
    fn read(geometry: &AvoidanceGeometry) -> Result<(Self, usize), Failure> {
        let n = ground_size(geometry) as usize;
        if n == 0 {
            return wrong("the ground set S is empty".to_string());
        }
        let model = match geometry {
            AvoidanceGeometry::Closure { convex_sets, .. } => {
                Geometry::Closure(read_closure(n, convex_sets)?)
            }
            AvoidanceGeometry::TreeVertices { vertices, edges } => {
                let adjacent = read_tree(*vertices as usize, edges)?;
                let v = adjacent.len();
                Geometry::Tree(
                    (0..v)
                        .map(|x| {
                            adjacent[x]
                                .iter()
                                .map(|&u| reach(&adjacent, u, x))
                                .collect()
                        })
                        .collect(),
                )
            }
            AvoidanceGeometry::TreeEdges { vertices, edges } => {
                let adjacent = read_tree(*vertices as usize, edges)?;
                let inside = |vs: &Bits| {
                    bits_of(
                        n,
                        (0..n).filter(|&f| {
                            has(vs, edges[f].0 as usize) && has(vs, edges[f].1 as usize)
                        }),
                    )
                };
                Geometry::Edges(
                    edges
                        .iter()
                        .map(|&(a, b)| {
                            let (a, b) = (a as usize, b as usize);
                            [
                                inside(&reach(&adjacent, a, b)),
                                inside(&reach(&adjacent, b, a)),
                            ]
                        })
                        .collect(),
                )
            }
            AvoidanceGeometry::Affine { points } => {
                // Any i64 coordinates: the orientation tests are exact on
                // all of them (see `cross`).
                let mut sorted = points.clone();
                sorted.sort_unstable();
                if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
                    return wrong(format!("point {:?} is repeated", w[0]));
                }
                Geometry::Affine(points.clone())
            }
        };
        Ok((model, n))
    }

    /// Whether q ∈ τ(A).
    fn in_closure(&self, a: &Bits, q: usize) -> bool {
        if has(a, q) {
            return true;
        }
        match self {
            Geometry::Closure(sets) => sets.iter().filter(|k| subset(a, k)).all(|k| has(k, q)),
            Geometry::Tree(components) => components[q].iter().filter(|c| meets(c, a)).count() >= 2,
            Geometry::Edges(sides) => meets(&sides[q][0], a) && meets(&sides[q][1], a),
            Geometry::Affine(_) if a.iter().all(|&w| w == 0) => false,
            Geometry::Affine(points) => {
                let o = points[q];
                let a: Vec<usize> = members(a).collect();
                let in_open_half_plane = a.iter().any(|&i| {
                    a.iter().all(|&j| match cross(o, points[i], points[j]) {
                        Ordering::Greater => true,
                        Ordering::Equal => dot(o, points[i], points[j]) == Ordering::Greater,
                        Ordering::Less => false,
                    })
                });
                !in_open_half_plane
            }
        }
    }

    /// C_w: every A with w ∉ τ(A) lies in a member (Rule 3).
    fn cover_family(&self, w: usize, n: usize) -> Vec<Bits> {
        match self {
            Geometry::Closure(sets) => sets.iter().filter(|k| !has(k, w)).cloned().collect(),
            Geometry::Tree(components) => {
                let mut family = components[w].clone();
                family.push(bits_of(n, []));
                family
            }
            Geometry::Edges(sides) => sides[w].to_vec(),
            Geometry::Affine(points) => {
                let o = points[w];
                let mut family = vec![bits_of(n, [])];
                for p in (0..n).filter(|&p| p != w) {
                    for (side, ray) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                        family.push(bits_of(
                            n,
                            (0..n).filter(|&q| {
                                let c = sign(cross(o, points[p], points[q]));
                                let d = sign(dot(o, points[p], points[q]));
                                q != w && (c == side || (c == 0 && d == ray))
                            }),
                        ));
                    }
                }
                family
            }
        }
    }
}

/// a − o and b − o, exactly: each coordinate difference of two i64 lies in
/// (−2^64, 2^64), which an i128 holds.
fn differences(o: (i64, i64), a: (i64, i64), b: (i64, i64)) -> [i128; 4] {
    let d = |x: i64, y: i64| i128::from(x) - i128::from(y);
    [d(a.0, o.0), d(a.1, o.1), d(b.0, o.0), d(b.1, o.1)]
}

/// The sign of the cross product (a − o) × (b − o) = ax·by − ay·bx, as the
/// comparison of ax·by with ay·bx ([`compare_products`]: exact for all i64
/// coordinates, where the products themselves can reach 2^128).
fn cross(o: (i64, i64), a: (i64, i64), b: (i64, i64)) -> Ordering {
    let [ax, ay, bx, by] = differences(o, a, b);
    compare_products(ax, by, ay, bx)
}

/// The sign of the dot product (a − o)·(b − o) = ax·bx + ay·by, as the
/// comparison of ax·bx with (−ay)·by.
fn dot(o: (i64, i64), a: (i64, i64), b: (i64, i64)) -> Ordering {
    let [ax, ay, bx, by] = differences(o, a, b);
    compare_products(ax, bx, -ay, by)
}

/// Compares x·y with u·v for |x|, |y|, |u|, |v| < 2^64, exactly. *Proof:* a
/// product is (sign, magnitude) with the magnitude |x|·|y| < 2^128, which a
/// u128 holds; products of different signs compare by sign, positive ones
/// by magnitude, negative ones by magnitude reversed.
fn compare_products(x: i128, y: i128, u: i128, v: i128) -> Ordering {
    let product = |x: i128, y: i128| (x.signum() * y.signum(), x.unsigned_abs() * y.unsigned_abs());
    let ((s, m), (t, n)) = (product(x, y), product(u, v));
    // (A zero product has magnitude 0, so two zeros compare Equal.)
    match s.cmp(&t) {
        Ordering::Equal if s == -1 => n.cmp(&m),
        Ordering::Equal => m.cmp(&n),
        order => order,
    }
}

/// An ordering as −1, 0 or 1.
fn sign(order: Ordering) -> i32 {
    match order {
        Ordering::Less => -1,
        Ordering::Equal => 0,
        Ordering::Greater => 1,
    }
}

/// Rule 1 for a closure system: sets in range, the three axioms.
fn read_closure(n: usize, lists: &[Vec<u32>]) -> Result<Vec<Bits>, Failure> {
    let mut sets = Vec::with_capacity(lists.len());
    for (i, list) in lists.iter().enumerate() {
        sets.push(read_set(list, n, &format!("convex set {i}"))?);
    }
    let index: HashSet<&[u64]> = sets.iter().map(|s| &s[..]).collect();
    let whole = bits_of(n, 0..n);
    if !index.contains(&whole[..]) {
        return wrong("axiom 1 fails: S is not listed as convex".to_string());
    }
    let mut meet = bits_of(n, []);
    for (i, a) in sets.iter().enumerate() {
        for b in &sets[i + 1..] {
            for (m, (x, y)) in meet.iter_mut().zip(a.iter().zip(b)) {
                *m = x & y;
            }
            if !index.contains(&meet[..]) {
                return wrong(format!(
                    "axiom 2 fails: {} ∩ {} is not listed",
                    show(a),
                    show(b)
                ));
            }
        }
        if *a != whole && !has_extension(a, n, &index) {
            return wrong(format!(
                "axiom 3 fails: {} has no one-point convex extension",
                show(a)
            ));
        }
    }
    Ok(sets)
}

/// Whether some x ∉ K has K ∪ {x} listed.
fn has_extension(k: &Bits, n: usize, index: &HashSet<&[u64]>) -> bool {
    let mut bigger = k.clone();
    (0..n).filter(|&x| !has(k, x)).any(|x| {
        bigger[x / 64] |= 1 << (x % 64);
        let found = index.contains(&bigger[..]);
        bigger[x / 64] &= !(1 << (x % 64));
        found
    })
}

/// Rule 1 for a tree: adjacency lists of a tree on `v` ≥ 1 vertices.
fn read_tree(v: usize, edges: &[(u32, u32)]) -> Result<Vec<Vec<usize>>, Failure> {
    if v == 0 || edges.len() != v - 1 {
        return wrong(format!(
            "a tree on {v} vertices has {} edges, not {} (and at least 1 vertex)",
            v.saturating_sub(1),
            edges.len()
        ));
    }
    let mut adjacent = vec![Vec::new(); v];
    for &(a, b) in edges {
        let (a, b) = (a as usize, b as usize);
        if a >= v || b >= v || a == b {
            return wrong(format!("edge ({a}, {b}) is a loop or leaves the vertices"));
        }
        adjacent[a].push(b);
        adjacent[b].push(a);
    }
    let seen = reach(&adjacent, 0, usize::MAX);
    if let Some(x) = (0..v).find(|&x| !has(&seen, x)) {
        return wrong(format!(
            "not a tree: vertex {x} is not connected to vertex 0"
        ));
    }
    Ok(adjacent)
}

/// The vertices reachable from `start` avoiding `cut`.
fn reach(adjacent: &[Vec<usize>], start: usize, cut: usize) -> Bits {
    let mut seen = bits_of(adjacent.len(), [start]);
    let mut stack = vec![start];
    while let Some(x) = stack.pop() {
        for &u in &adjacent[x] {
            if u != cut && !has(&seen, u) {
                seen[u / 64] |= 1 << (u % 64);
                stack.push(u);
            }
        }
    }
    seen
}

/// The limits of an avoidance claim: |S| (`--max-points`), the number of
/// structure classes (`--max-classes`), then the work (`--max-work`,
/// [`Cost`]).
pub(crate) fn admit(claim: &AvoidanceClaim, limits: &Limits) -> Result<(), Failure> {
    let size = ground_size(&claim.geometry);
    if size > limits.max_points {
        return too_large(format!(
            "|S| = {size} exceeds the limit of {} (--max-points)",
            limits.max_points
        ));
    }
    let classes = claim.classes.len() as u64;
    if classes > limits.max_classes {
        return too_large(format!(
            "{classes} structure classes exceed the limit of {} (--max-classes)",
            limits.max_classes
        ));
    }
    let work = Cost::new(claim, size).total(claim);
    within_work(work, "counted from the sizes of the claim", limits)
}

/// Work units of one hash-set lookup or insert of a set, besides hashing
/// its words (SipHash, a probe, a comparison).
const HASH: u64 = 40;

/// Work units of one exact orientation test ([`cross`] or [`dot`]).
const ORIENT: u64 = 8;

/// Work units per vertex of one search of a tree ([`reach`]).
const SEARCH: u64 = 4;

/// The work of checking an avoidance claim, counted from its sizes the way
/// the rules below spend it: a word operation on a bitset of `words` words
/// is one unit (a clone, an intersection or a subset test is `words`
/// units), a hash lookup is [`HASH`] plus two per word, an orientation test
/// [`ORIENT`], a vertex visited by a tree search [`SEARCH`]. Each term names
/// the code it counts. The counts are upper bounds: a search that may stop
/// early is counted in full.
struct Cost {
    /// |S|.
    n: u64,
    /// Words of a bitset of S.
    words: u64,
    /// Bits scanned when listing the members of a bitset.
    scan: u64,
    /// One hash lookup.
    hash: u64,
    /// 𝓜's size.
    maximal: u64,
    /// The convex sets of a closure system (0 for the other kinds).
    convex: u64,
    /// |W| as listed.
    win: u64,
    /// For a tree: the degrees of the points of W, their sum and maximum.
    win_degrees: Vec<u64>,
}

impl Cost {
    fn new(claim: &AvoidanceClaim, n: u64) -> Cost {
        let words = n / 64 + 1;
        let convex = match &claim.geometry {
            AvoidanceGeometry::Closure { convex_sets, .. } => convex_sets.len() as u64,
            _ => 0,
        };
        let win_degrees = match &claim.geometry {
            AvoidanceGeometry::TreeVertices { edges, .. } => {
                let mut degree = vec![0u64; n as usize];
                for &(a, b) in edges {
                    for v in [a, b] {
                        if let Some(d) = degree.get_mut(v as usize) {
                            *d += 1;
                        }
                    }
                }
                let at = |w: &u32| degree.get(*w as usize).copied().unwrap_or(0);
                claim.win.iter().map(at).collect()
            }
            _ => Vec::new(),
        };
        Cost {
            n,
            words,
            scan: 64 * words,
            hash: HASH + 2 * words,
            maximal: claim.maximal.len() as u64,
            convex,
            win: claim.win.len() as u64,
            win_degrees,
        }
    }

    /// Everything: the geometry, Rule 3 (maximality and completeness),
    /// Rule 4 (classes), Rules 5 and 6 (options and types), Rule 7.
    fn total(&self, claim: &AvoidanceClaim) -> u64 {
        sum([
            self.geometry(&claim.geometry),
            self.maximality(claim),
            self.completeness(&claim.geometry),
            self.classes(claim),
            mul(self.maximal + 1, self.words) + self.hash,
        ])
    }

    /// Rule 1: reading the geometry.
    fn geometry(&self, geometry: &AvoidanceGeometry) -> u64 {
        let (n, words) = (self.n, self.words);
        match geometry {
            // read_closure: the sets, the index, the pairs (axiom 2), the
            // one-point extensions (axiom 3).
            AvoidanceGeometry::Closure { convex_sets, .. } => {
                let k = self.convex;
                let listed = convex_sets.iter().map(|l| l.len() as u64).sum();
                let pairs = mul(k, k.saturating_sub(1)) / 2;
                sum([
                    listed,
                    mul(k, words + self.hash),
                    mul(pairs, words + self.hash),
                    mul(k, words + mul(n, self.hash + 3)),
                ])
            }
            // read_tree, then one search of the tree per (vertex, neighbour).
            AvoidanceGeometry::TreeVertices { edges, .. } => {
                mul(2 * edges.len() as u64 + 1, mul(SEARCH, n) + words)
            }
            // Per edge: two searches and two edge sets.
            AvoidanceGeometry::TreeEdges { vertices, .. } => {
                mul(2 * n, mul(SEARCH, u64::from(*vertices)) + 6 * n + words)
            }
            AvoidanceGeometry::Affine { .. } => mul(n, 16),
        }
    }

    /// Whether a set A of `size` points generates W (`generates`): a scan
    /// of W, a membership test per point of W, and a τ-membership test
    /// (Geometry::in_closure) for each point of W outside A.
    fn generates(&self, geometry: &AvoidanceGeometry, size: u64) -> u64 {
        let outside = self.win.min(self.n.saturating_sub(size));
        let tests = match geometry {
            AvoidanceGeometry::Closure { .. } => mul(outside, mul(self.convex, self.words)),
            // deg(w) components, each met or not: the sum over the points
            // of W outside A, at most.
            AvoidanceGeometry::TreeVertices { .. } => {
                let all: u64 = self.win_degrees.iter().sum();
                let most = self.win_degrees.iter().copied().max().unwrap_or(0);
                mul(all.min(mul(outside, most)), self.words)
            }
            AvoidanceGeometry::TreeEdges { .. } => mul(outside, 2 * self.words),
            AvoidanceGeometry::Affine { .. } => {
                mul(outside, self.scan + mul(mul(size, size), 2 * ORIENT))
            }
        };
        sum([self.scan, self.win, tests])
    }

    /// Rule 3 (read_maximal): per listed M, reading it, one generation test
    /// of M and one of M ∪ {x} (after a clone) per point x ∉ M.
    fn maximality(&self, claim: &AvoidanceClaim) -> u64 {
        let geometry = &claim.geometry;
        sum(claim.maximal.iter().map(|m| {
            let size = (m.len() as u64).min(self.n);
            sum([
                2 * size + self.words,
                self.generates(geometry, size),
                mul(
                    self.n - size,
                    self.words + self.generates(geometry, size + 1),
                ),
            ])
        }))
    }

    /// Rule 3 (completeness): per point w of W, building the cover family
    /// C_w and testing each member against every listed M.
    fn completeness(&self, geometry: &AvoidanceGeometry) -> u64 {
        let (n, words) = (self.n, self.words);
        let family = |degree: u64| -> (u64, u64) {
            match geometry {
                AvoidanceGeometry::Closure { .. } => (mul(self.convex, words), self.convex),
                AvoidanceGeometry::TreeVertices { .. } => (mul(degree + 1, words), degree + 1),
                AvoidanceGeometry::TreeEdges { .. } => (2 * words, 2),
                AvoidanceGeometry::Affine { .. } => {
                    let sets = 4 * n + 1;
                    (mul(sets, mul(n, 2 * ORIENT) + words), sets)
                }
            }
        };
        let per_point = |degree: u64| {
            let (build, sets) = family(degree);
            build.saturating_add(mul(mul(sets, self.maximal), words))
        };
        match geometry {
            AvoidanceGeometry::TreeVertices { .. } => {
                sum(self.win_degrees.iter().map(|&d| per_point(d)))
            }
            _ => mul(self.win, per_point(0)),
        }
    }

    /// Rule 4 (read_classes) and Rules 5–6 (class_options, check_type).
    fn classes(&self, claim: &AvoidanceClaim) -> u64 {
        let (words, m) = (self.words, self.maximal);
        let classes = claim.classes.len() as u64;
        let listed = sum(claim
            .classes
            .iter()
            .map(|c| c.set.len() as u64 + c.options.len() as u64));
        sum([
            // Reading each class and its ceiling ⌈I⌉ over 𝓜.
            mul(2, listed),
            mul(classes, 3 * words + mul(m, 2 * words) + self.hash),
            // Every M is a class, and I ∩ M is one for every class I.
            mul(m, self.hash + mul(classes, words + self.hash)),
            // Options: per class, 𝓜 above I, then per point x the
            // ceiling of I ∪ {x} and its lookup.
            mul(
                classes,
                mul(m, words) + mul(self.scan, 1 + mul(m, words + 1) + self.hash),
            ),
        ])
    }
}

/// Saturating sum.
fn sum(terms: impl IntoIterator<Item = u64>) -> u64 {
    terms.into_iter().fold(0, u64::saturating_add)
}

/// Saturating product.
fn mul(a: u64, b: u64) -> u64 {
    a.saturating_mul(b)
}

fn check_inner(claim: &AvoidanceClaim) -> Result<String, Failure> {
    let (geometry, n) = Geometry::read(&claim.geometry)?;
    // Rule 2.
    if claim.win.is_empty() {
        return wrong("W is empty".to_string());
    }
    let win = read_set(&claim.win, n, "W")?;
    let generates = |a: &Bits| members(&win).all(|w| geometry.in_closure(a, w));
    // Rule 3.
    let maximal = read_maximal(claim, n, &generates)?;
    for w in members(&win) {
        for c in geometry.cover_family(w, n) {
            if !maximal.iter().any(|m| subset(&c, m)) {
                return wrong(format!(
                    "missing maximal non-generating set: {} avoids {w} in its closure but lies in no listed set",
                    show(&c)
                ));
            }
        }
    }
    // Rule 4.
    let sets = read_classes(&claim.classes, n, &maximal)?;
    let index: HashMap<&Bits, usize> = sets.iter().enumerate().map(|(i, s)| (s, i)).collect();
    // Rules 5 and 6.
    for (i, (set, class)) in sets.iter().zip(&claim.classes).enumerate() {
        let options = class_options(set, &maximal, &index)?;
        let listed: Vec<usize> = class.options.iter().map(|&j| j as usize).collect();
        if options != listed {
            return wrong(format!(
                "class {i} {}: options should be classes [{}], listed [{}]",
                show(set),
                show_list(options.iter().map(|&j| j as u64), 64),
                show_list(listed.iter().map(|&j| j as u64), 64)
            ));
        }
        check_type(i, set, class, &claim.classes)?;
    }
    // Rule 7.
    let phi = maximal.iter().fold(bits_of(n, 0..n), |acc, m| and(&acc, m));
    let Some(&start) = index.get(&phi) else {
        return wrong(format!("Φ = ⋂𝓜 = {} is not a listed class", show(&phi)));
    };
    let value = claim.classes[start].nim0;
    if value != claim.nim {
        return wrong(format!(
            "claimed nim {} but nim_0(X_Φ) = {value} for Φ = {}",
            claim.nim,
            show(&phi)
        ));
    }
    Ok(format!(
        "DNG(S, W) with |S| = {n}, W = {}: nim {value} ({} maximal non-generating sets, {} structure classes)",
        show(&win),
        maximal.len(),
        sets.len()
    ))
}

/// Rule 3 without completeness: listed, non-generating, maximal.
fn read_maximal(
    claim: &AvoidanceClaim,
    n: usize,
    generates: &dyn Fn(&Bits) -> bool,
) -> Result<Vec<Bits>, Failure> {
    if let Some(w) = claim.maximal.windows(2).find(|w| w[0] >= w[1]) {
        return wrong(format!(
            "maximal sets must be strictly increasing: {} is followed by {}",
            show_points(&w[0]),
            show_points(&w[1])
        ));
    }
    let mut maximal = Vec::with_capacity(claim.maximal.len());
    for (i, list) in claim.maximal.iter().enumerate() {
        let m = read_set(list, n, &format!("maximal set {i}"))?;
        if generates(&m) {
            return wrong(format!("listed maximal set {} generates W", show(&m)));
        }
        for x in (0..n).filter(|&x| !has(&m, x)) {
            let mut bigger = m.clone();
            bigger[x / 64] |= 1 << (x % 64);
            if !generates(&bigger) {
                return wrong(format!(
                    "listed set {} is not maximal: adding {x} still does not generate W",
                    show(&m)
                ));
            }
        }
        maximal.push(m);
    }
    Ok(maximal)
}

/// Rule 4: the classes are exactly ℐ.
fn read_classes(
    classes: &[AvoidanceClass],
    n: usize,
    maximal: &[Bits],
) -> Result<Vec<Bits>, Failure> {
    let mut sets = Vec::with_capacity(classes.len());
    for (i, class) in classes.iter().enumerate() {
        let set = read_set(&class.set, n, &format!("class {i}"))?;
        if class.parity as usize != count(&set) % 2 {
            return wrong(format!(
                "class {i} {}: parity {} is not |I| mod 2",
                show(&set),
                class.parity
            ));
        }
        let ceiling = maximal
            .iter()
            .filter(|m| subset(&set, m))
            .fold(None::<Bits>, |acc, m| {
                Some(acc.map_or_else(|| m.clone(), |a| and(&a, m)))
            });
        if ceiling.as_ref() != Some(&set) {
            return wrong(format!(
                "class {i} {} is not an intersection of maximal non-generating sets",
                show(&set)
            ));
        }
        sets.push(set);
    }
    let index: HashMap<&Bits, usize> = sets.iter().enumerate().map(|(i, s)| (s, i)).collect();
    if index.len() != sets.len() {
        return wrong("a structure class is listed twice".to_string());
    }
    for m in maximal {
        if !index.contains_key(m) {
            return wrong(format!("maximal set {} is not a listed class", show(m)));
        }
        for set in &sets {
            let meet = and(set, m);
            if !index.contains_key(&meet) {
                return wrong(format!(
                    "missing structure class: {} ∩ {} = {}",
                    show(set),
                    show(m),
                    show(&meet)
                ));
            }
        }
    }
    Ok(sets)
}

/// Rule 5: Opt(X_I) as sorted class indices.
fn class_options(
    set: &Bits,
    maximal: &[Bits],
    index: &HashMap<&Bits, usize>,
) -> Result<Vec<usize>, Failure> {
    let above: Vec<&Bits> = maximal.iter().filter(|m| subset(set, m)).collect();
    let n = set.len() * 64;
    let mut options = Vec::new();
    for x in (0..n).filter(|&x| !has(set, x)) {
        let ceiling = above
            .iter()
            .filter(|m| has(m, x))
            .fold(None::<Bits>, |acc, m| {
                Some(acc.map_or_else(|| (*m).clone(), |a| and(&a, m)))
            });
        if let Some(j) = ceiling {
            match index.get(&j) {
                Some(&k) => options.push(k),
                None => return wrong(format!("missing structure class {}", show(&j))),
            }
        }
    }
    options.sort_unstable();
    options.dedup();
    Ok(options)
}

/// The least natural number not among `values` (in u64: a mex of u32
/// values can be 2^32, which no u32 holds).
fn mex(values: impl Iterator<Item = u64>) -> u64 {
    let mut seen: Vec<u64> = values.collect();
    seen.sort_unstable();
    seen.dedup();
    // usize → u64 is lossless on the 64-bit targets the checker is built for.
    seen.iter()
        .enumerate()
        .find(|&(i, &v)| v != i as u64)
        .map_or(seen.len() as u64, |(i, _)| i as u64)
}

/// Rule 6: the mex equations of one class (options already validated).
fn check_type(
    i: usize,
    set: &Bits,
    class: &AvoidanceClass,
    classes: &[AvoidanceClass],
) -> Result<(), Failure> {
    let nim = |c: &AvoidanceClass, parity: u8| u64::from(if parity == 0 { c.nim0 } else { c.nim1 });
    let a = class.parity;
    let options: Vec<&AvoidanceClass> = class
        .options
        .iter()
        .map(|&j| &classes[j as usize])
        .collect();
    let own = mex(options.iter().map(|c| nim(c, 1 - a)));
    let other = mex(options.iter().map(|c| nim(c, a)).chain([own]));
    if nim(class, a) != own || nim(class, 1 - a) != other {
        let (want0, want1) = if a == 0 { (own, other) } else { (other, own) };
        return wrong(format!(
            "class {i} {}: type (pty {a}, nim0 {}, nim1 {}) but the mex rule gives (nim0 {want0}, nim1 {want1})",
            show(set),
            class.nim0,
            class.nim1
        ));
    }
    Ok(())
}
