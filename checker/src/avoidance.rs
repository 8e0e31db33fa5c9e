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
//! - *affine*: conv(∅) = ∅; for A ≠ ∅, q ∉ conv(A) iff q ∉ A and some a ∈ A has every b ∈ A with
//!   cross(a − q, b − q) > 0, or = 0 and (a − q)·(b − q) > 0. (If so,
//!   crossing Σλ_b(b − q) = 0 with a − q forces every used b onto the open
//!   ray of a − q, whose points are no convex combination summing to 0. If
//!   q ∉ conv(A), A lies in an open half-plane through q; its
//!   clockwise-most direction a − q is such an a.)
//!
//! **Rule 1 (geometry).** The geometry is well formed within the limits: a
//! closure system contains S, is closed under intersection and every K ≠ S
//! has a one-point convex extension (the axioms of paper B, §2); a tree has
//! n − 1 edges joining all n vertices, no loops; affine points are
//! distinct with coordinates below 2^40 in absolute value.
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
//! - tree vertices: C_w = components of T − w (w ∉ τ(A) means w ∉ A and A
//!   meets at most one component);
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
//! *Proof (the structure theorem of paper B, §3, from Ernst–Sieben [3],
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

use crate::format::{AvoidanceClaim, AvoidanceClass, AvoidanceGeometry};
use crate::{too_large, wrong, Failure, Limits, Verdict};
use std::collections::HashMap;

/// Checks an `Avoidance` claim.
pub fn check(claim: &AvoidanceClaim, limits: &Limits) -> Verdict {
    match check_inner(claim, limits) {
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

fn show(b: &Bits) -> String {
    let items: Vec<String> = members(b).map(|i| i.to_string()).collect();
    format!("{{{}}}", items.join(","))
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

const COORDINATE_BOUND: i64 = 1 << 40;

impl Geometry {
    /// Rule 1: reads and validates the geometry; returns it with |S|.
    fn read(geometry: &AvoidanceGeometry, limits: &Limits) -> Result<(Self, usize), Failure> {
        let size = match geometry {
            AvoidanceGeometry::Closure { points, .. } => *points as u64,
            AvoidanceGeometry::TreeVertices { vertices, .. } => *vertices as u64,
            AvoidanceGeometry::TreeEdges { edges, .. } => edges.len() as u64,
            AvoidanceGeometry::Affine { points } => points.len() as u64,
        };
        if size == 0 {
            return wrong("the ground set S is empty".to_string());
        }
        if size > limits.max_points {
            return too_large(format!(
                "|S| = {size} exceeds the limit of {} (--max-points)",
                limits.max_points
            ));
        }
        let n = size as usize;
        let model = match geometry {
            AvoidanceGeometry::Closure { convex_sets, .. } => {
                Geometry::Closure(read_closure(n, convex_sets, limits)?)
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
                // unsigned_abs: i64::MIN.abs() overflows (a panic in debug;
                // in release it wraps to a negative number that passed this
                // bound, and the later coordinate differences wrapped too).
                let far = |x: i64| x.unsigned_abs() >= COORDINATE_BOUND as u64;
                if let Some(p) = points.iter().find(|p| far(p.0) || far(p.1)) {
                    return wrong(format!("point {p:?} has a coordinate of 2^40 or more"));
                }
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
                let in_open_half_plane = members(a).any(|i| {
                    members(a).all(|j| {
                        let c = cross(o, points[i], points[j]);
                        c > 0 || (c == 0 && dot(o, points[i], points[j]) > 0)
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
            Geometry::Tree(components) => components[w].clone(),
            Geometry::Edges(sides) => sides[w].to_vec(),
            Geometry::Affine(points) => {
                let o = points[w];
                let mut family = vec![bits_of(n, [])];
                for p in (0..n).filter(|&p| p != w) {
                    for (side, ray) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                        family.push(bits_of(
                            n,
                            (0..n).filter(|&q| {
                                let c = cross(o, points[p], points[q]).signum() as i32;
                                let d = dot(o, points[p], points[q]).signum() as i32;
                                q != w && (c == side || (c == 0 && d == ray))
                            }),
                        ));
                    }
                }
                family
            }
        }
    }

    /// A rough count of the steps of one τ-membership test.
    fn closure_cost(&self, n: usize) -> u64 {
        let words = (n / 64 + 1) as u64;
        match self {
            Geometry::Closure(sets) => sets.len() as u64 * words,
            Geometry::Tree(_) | Geometry::Edges(_) => n as u64 * words,
            Geometry::Affine(_) => (n * n) as u64,
        }
    }
}

fn cross(o: (i64, i64), a: (i64, i64), b: (i64, i64)) -> i128 {
    let (ax, ay) = ((a.0 - o.0) as i128, (a.1 - o.1) as i128);
    let (bx, by) = ((b.0 - o.0) as i128, (b.1 - o.1) as i128);
    ax * by - ay * bx
}

fn dot(o: (i64, i64), a: (i64, i64), b: (i64, i64)) -> i128 {
    let (ax, ay) = ((a.0 - o.0) as i128, (a.1 - o.1) as i128);
    let (bx, by) = ((b.0 - o.0) as i128, (b.1 - o.1) as i128);
    ax * bx + ay * by
}

/// Rule 1 for a closure system: sets in range, the three axioms.
fn read_closure(n: usize, lists: &[Vec<u32>], limits: &Limits) -> Result<Vec<Bits>, Failure> {
    let k = lists.len() as u64;
    let work = k
        .saturating_mul(k)
        .saturating_add(k.saturating_mul(n as u64))
        .saturating_mul((n / 64 + 1) as u64);
    if work > limits.max_work {
        return too_large(format!(
            "checking the axioms of {k} convex sets needs {work} steps, over the limit of {} (--max-work)",
            limits.max_work
        ));
    }
    let mut sets = Vec::with_capacity(lists.len());
    for (i, list) in lists.iter().enumerate() {
        sets.push(read_set(list, n, &format!("convex set {i}"))?);
    }
    let index: HashMap<&Bits, ()> = sets.iter().map(|s| (s, ())).collect();
    let whole = bits_of(n, 0..n);
    if !index.contains_key(&whole) {
        return wrong("axiom 1 fails: S is not listed as convex".to_string());
    }
    for (i, a) in sets.iter().enumerate() {
        for b in &sets[i + 1..] {
            if !index.contains_key(&and(a, b)) {
                return wrong(format!(
                    "axiom 2 fails: {} ∩ {} is not listed",
                    show(a),
                    show(b)
                ));
            }
        }
        if *a != whole
            && !(0..n).any(|x| {
                let mut bigger = a.clone();
                bigger[x / 64] |= 1 << (x % 64);
                !has(a, x) && index.contains_key(&bigger)
            })
        {
            return wrong(format!(
                "axiom 3 fails: {} has no one-point convex extension",
                show(a)
            ));
        }
    }
    Ok(sets)
}

/// Rule 1 for a tree: adjacency lists of a tree on `v` vertices.
fn read_tree(v: usize, edges: &[(u32, u32)]) -> Result<Vec<Vec<usize>>, Failure> {
    if v < 2 || edges.len() != v - 1 {
        return wrong(format!(
            "a tree on {v} vertices has {} edges, not {} (and at least 2 vertices)",
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

fn check_inner(claim: &AvoidanceClaim, limits: &Limits) -> Result<String, Failure> {
    let (geometry, n) = Geometry::read(&claim.geometry, limits)?;
    // Rule 2.
    if claim.win.is_empty() {
        return wrong("W is empty".to_string());
    }
    let win = read_set(&claim.win, n, "W")?;
    let generates = |a: &Bits| members(&win).all(|w| geometry.in_closure(a, w));
    // Sizes before work.
    let m_count = claim.maximal.len() as u64;
    let classes = claim.classes.len() as u64;
    if classes > limits.max_classes {
        return too_large(format!(
            "{classes} structure classes exceed the limit of {} (--max-classes)",
            limits.max_classes
        ));
    }
    let words = (n / 64 + 1) as u64;
    let nn = n as u64;
    let work = [
        m_count
            .saturating_mul(nn + 1)
            .saturating_mul(count(&win) as u64)
            .saturating_mul(geometry.closure_cost(n)),
        classes
            .saturating_mul(nn + 1)
            .saturating_mul(m_count + 1)
            .saturating_mul(words),
        (count(&win) as u64)
            .saturating_mul(4 * nn + 1)
            .saturating_mul(m_count + nn)
            .saturating_mul(words),
    ]
    .iter()
    .fold(0u64, |acc, &w| acc.saturating_add(w));
    if work > limits.max_work {
        return too_large(format!(
            "checking needs about {work} steps, over the limit of {} (--max-work)",
            limits.max_work
        ));
    }
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
                "class {i} {}: options should be classes {options:?}, listed {listed:?}",
                show(set)
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
            "maximal sets must be strictly increasing: {:?} is followed by {:?}",
            w[0], w[1]
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

fn mex(values: impl Iterator<Item = u32>) -> u32 {
    let mut seen: Vec<u32> = values.collect();
    seen.sort_unstable();
    seen.dedup();
    seen.iter()
        .enumerate()
        .find(|&(i, &v)| v as usize != i)
        .map_or(seen.len() as u32, |(i, _)| i as u32)
}

/// Rule 6: the mex equations of one class (options already validated).
fn check_type(
    i: usize,
    set: &Bits,
    class: &AvoidanceClass,
    classes: &[AvoidanceClass],
) -> Result<(), Failure> {
    let nim = |c: &AvoidanceClass, parity: u8| if parity == 0 { c.nim0 } else { c.nim1 };
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
