//! The `Avoidance` rules (checker/src/avoidance.rs), against certificates
//! built here by brute force over bitmasks (n ≤ 10 points): τ written
//! independently for each geometry kind (paths in a tree, triangles for
//! convex hulls, intersections for closure systems), the maximal
//! non-generating sets, the structure classes, their options and types, and
//! the nim number confirmed by an exhaustive mex over all positions.

mod common;

use common::*;
use nimcert_check::format::{AvoidanceClaim, AvoidanceClass, AvoidanceGeometry, Claim};
use nimcert_check::{check_certificate, precheck, Limits, Verdict};
use std::collections::{BTreeSet, HashMap};

type Mask = u32;

fn bits(mask: Mask) -> Vec<u32> {
    (0..32).filter(|i| mask >> i & 1 == 1).collect()
}

fn mask_of(items: &[u32]) -> Mask {
    items.iter().fold(0, |m, &i| m | 1 << i)
}

/// A geometry as the test sees it: n points and τ on masks.
struct Model {
    n: usize,
    tau: Box<dyn Fn(Mask) -> Mask>,
}

fn tree_path(n: usize, edges: &[(u32, u32)], a: usize, b: usize) -> Mask {
    // BFS parents from a, then walk back from b.
    let mut parent = vec![usize::MAX; n];
    let mut queue = vec![a];
    parent[a] = a;
    while let Some(x) = queue.pop() {
        for &(u, v) in edges {
            let (u, v) = (u as usize, v as usize);
            for (p, q) in [(u, v), (v, u)] {
                if p == x && parent[q] == usize::MAX {
                    parent[q] = x;
                    queue.push(q);
                }
            }
        }
    }
    let mut m = 1 << a;
    let mut x = b;
    while x != a {
        m |= 1 << x;
        x = parent[x];
    }
    m
}

fn tree_vertices(n: usize, edges: Vec<(u32, u32)>) -> Model {
    Model {
        n,
        tau: Box::new(move |a: Mask| {
            let items = bits(a);
            let mut m = a;
            for &x in &items {
                for &y in &items {
                    m |= tree_path(n, &edges, x as usize, y as usize);
                }
            }
            m
        }),
    }
}

fn tree_edges(vertices: usize, edges: Vec<(u32, u32)>) -> Model {
    let n = edges.len();
    Model {
        n,
        tau: Box::new(move |f: Mask| {
            if f == 0 {
                return 0;
            }
            let mut ends = 0;
            for e in bits(f) {
                let (u, v) = edges[e as usize];
                ends |= 1 << u | 1 << v;
            }
            let vs = (tree_vertices(vertices, edges.clone()).tau)(ends);
            (0..n as u32)
                .filter(|&e| {
                    let (u, v) = edges[e as usize];
                    vs >> u & 1 == 1 && vs >> v & 1 == 1
                })
                .fold(0, |m, e| m | 1 << e)
        }),
    }
}

fn cross(o: (i64, i64), a: (i64, i64), b: (i64, i64)) -> i128 {
    let d = |p: (i64, i64)| (p.0 as i128 - o.0 as i128, p.1 as i128 - o.1 as i128);
    let ((ax, ay), (bx, by)) = (d(a), d(b));
    ax * by - ay * bx
}

/// q in the closed triangle abc (possibly degenerate).
fn in_triangle(q: (i64, i64), a: (i64, i64), b: (i64, i64), c: (i64, i64)) -> bool {
    let d1 = cross(a, b, q);
    let d2 = cross(b, c, q);
    let d3 = cross(c, a, q);
    let neg = d1 < 0 || d2 < 0 || d3 < 0;
    let pos = d1 > 0 || d2 > 0 || d3 > 0;
    if cross(a, b, c) != 0 {
        return !(neg && pos);
    }
    // Degenerate: q on one of the segments.
    let on = |p: (i64, i64), r: (i64, i64)| {
        cross(p, r, q) == 0
            && q.0 >= p.0.min(r.0)
            && q.0 <= p.0.max(r.0)
            && q.1 >= p.1.min(r.1)
            && q.1 <= p.1.max(r.1)
    };
    on(a, b) || on(b, c) || on(a, c)
}

fn affine(points: Vec<(i64, i64)>) -> Model {
    let n = points.len();
    Model {
        n,
        tau: Box::new(move |a: Mask| {
            let items = bits(a);
            let mut m = 0;
            for q in 0..n {
                let inside = items.iter().any(|&i| {
                    items.iter().any(|&j| {
                        items.iter().any(|&k| {
                            in_triangle(
                                points[q],
                                points[i as usize],
                                points[j as usize],
                                points[k as usize],
                            )
                        })
                    })
                });
                if inside {
                    m |= 1 << q;
                }
            }
            m
        }),
    }
}

fn closure(n: usize, sets: Vec<Vec<u32>>) -> Model {
    let masks: Vec<Mask> = sets.iter().map(|s| mask_of(s)).collect();
    let full = (1 << n) - 1;
    Model {
        n,
        tau: Box::new(move |a: Mask| {
            masks
                .iter()
                .filter(|&&k| a & !k == 0)
                .fold(full, |m, &k| m & k)
        }),
    }
}

/// nim(DNG(S, W)) by the definition: mex over legal one-point extensions.
fn exhaustive_nim(model: &Model, win: Mask) -> u32 {
    let full: Mask = (1 << model.n) - 1;
    let legal = |p: Mask| (model.tau)(p) & win != win;
    let mut memo: HashMap<Mask, u32> = HashMap::new();
    fn go(p: Mask, full: Mask, legal: &dyn Fn(Mask) -> bool, memo: &mut HashMap<Mask, u32>) -> u32 {
        if let Some(&v) = memo.get(&p) {
            return v;
        }
        let mut options = BTreeSet::new();
        for x in 0..32 {
            let q = p | 1 << x;
            if full >> x & 1 == 1 && p >> x & 1 == 0 && legal(q) {
                options.insert(go(q, full, legal, memo));
            }
        }
        let v = (0..).find(|v| !options.contains(v)).unwrap();
        memo.insert(p, v);
        v
    }
    go(0, full, &legal, &mut memo)
}

/// A true claim built by brute force.
fn build(geometry: AvoidanceGeometry, model: &Model, win: &[u32]) -> AvoidanceClaim {
    build_without(geometry, model, win, None)
}

/// The maximal non-generating sets of the game, by brute force.
fn maximal_sets(model: &Model, win: &[u32]) -> Vec<Mask> {
    let n = model.n;
    let full: Mask = (1 << n) - 1;
    let w = mask_of(win);
    let generates = |p: Mask| (model.tau)(p) & w == w;
    (0..=full)
        .filter(|&p| !generates(p))
        .filter(|&p| (0..n).all(|x| p >> x & 1 == 1 || generates(p | 1 << x)))
        .collect()
}

/// A claim whose maximal family lacks its `drop`-th member (if given), with
/// a structure diagram that is consistent with the family as listed: only
/// the completeness test of Rule 3 can tell that it is wrong.
fn build_without(
    geometry: AvoidanceGeometry,
    model: &Model,
    win: &[u32],
    drop: Option<usize>,
) -> AvoidanceClaim {
    let n = model.n;
    let full: Mask = (1 << n) - 1;
    let w = mask_of(win);
    let mut maximal = maximal_sets(model, win);
    if let Some(i) = drop {
        maximal.remove(i);
    }
    let mut classes: BTreeSet<Mask> = maximal.iter().copied().collect();
    loop {
        let now: Vec<Mask> = classes.iter().copied().collect();
        let before = classes.len();
        for &a in &now {
            for &m in &maximal {
                classes.insert(a & m);
            }
        }
        if classes.len() == before {
            break;
        }
    }
    // Larger classes first, so options come before the classes using them.
    let mut order: Vec<Mask> = classes.into_iter().collect();
    order.sort_by_key(|&c| (std::cmp::Reverse(c.count_ones()), c));
    let index: HashMap<Mask, usize> = order.iter().enumerate().map(|(i, &c)| (c, i)).collect();
    let ceiling = |j: Mask| -> Option<Mask> {
        let above: Vec<Mask> = maximal.iter().copied().filter(|&m| j & !m == 0).collect();
        (!above.is_empty()).then(|| above.iter().fold(full, |a, &m| a & m))
    };
    let mut out: Vec<AvoidanceClass> = Vec::new();
    for &c in &order {
        let mut options: Vec<u32> = (0..n)
            .filter(|&x| c >> x & 1 == 0)
            .filter_map(|x| ceiling(c | 1 << x))
            .map(|j| index[&j] as u32)
            .collect();
        options.sort_unstable();
        options.dedup();
        let a = (c.count_ones() % 2) as u8;
        let nim = |k: &AvoidanceClass, parity: u8| if parity == 0 { k.nim0 } else { k.nim1 };
        let mex = |v: Vec<u32>| (0..).find(|x| !v.contains(x)).unwrap();
        let own = mex(options
            .iter()
            .map(|&j| nim(&out[j as usize], 1 - a))
            .collect());
        let mut others: Vec<u32> = options.iter().map(|&j| nim(&out[j as usize], a)).collect();
        others.push(own);
        let other = mex(others);
        let (nim0, nim1) = if a == 0 { (own, other) } else { (other, own) };
        out.push(AvoidanceClass {
            set: bits(c),
            parity: a,
            nim0,
            nim1,
            options,
        });
    }
    let phi = maximal.iter().fold(full, |a, &m| a & m);
    // (An emptied family has no classes; any nim then.)
    let nim = index.get(&phi).map_or(0, |&i| out[i].nim0);
    if drop.is_none() {
        assert_eq!(
            nim,
            exhaustive_nim(model, w),
            "fixture: diagram vs exhaustive"
        );
    }
    let mut lists: Vec<Vec<u32>> = maximal.iter().map(|&m| bits(m)).collect();
    lists.sort();
    AvoidanceClaim {
        geometry,
        win: win.to_vec(),
        nim,
        maximal: lists,
        classes: out,
    }
}

fn tv(n: u32, edges: &[(u32, u32)], win: &[u32]) -> AvoidanceClaim {
    let g = AvoidanceGeometry::TreeVertices {
        vertices: n,
        edges: edges.to_vec(),
    };
    build(g, &tree_vertices(n as usize, edges.to_vec()), win)
}

fn te(n: u32, edges: &[(u32, u32)], win: &[u32]) -> AvoidanceClaim {
    let g = AvoidanceGeometry::TreeEdges {
        vertices: n,
        edges: edges.to_vec(),
    };
    build(g, &tree_edges(n as usize, edges.to_vec()), win)
}

fn af(points: &[(i64, i64)], win: &[u32]) -> AvoidanceClaim {
    let g = AvoidanceGeometry::Affine {
        points: points.to_vec(),
    };
    build(g, &affine(points.to_vec()), win)
}

fn cl(n: u32, sets: &[&[u32]], win: &[u32]) -> AvoidanceClaim {
    let sets: Vec<Vec<u32>> = sets.iter().map(|s| s.to_vec()).collect();
    let g = AvoidanceGeometry::Closure {
        points: n,
        convex_sets: sets.clone(),
    };
    build(g, &closure(n as usize, sets), win)
}

fn av(claim: AvoidanceClaim) -> Verdict {
    check_certificate(&certificate(Claim::Avoidance(claim)), &Limits::default())
}

fn av_with(claim: AvoidanceClaim, limits: &Limits) -> Verdict {
    check_certificate(&certificate(Claim::Avoidance(claim)), limits)
}

const SPIDER: &[(u32, u32)] = &[(0, 1), (1, 2), (1, 3), (3, 4), (3, 5)];
const SECTION2: &[&[u32]] = &[&[1, 2], &[0, 1, 2], &[1, 2, 3], &[0, 1, 2, 3]];

fn samples() -> Vec<AvoidanceClaim> {
    vec![
        tv(6, SPIDER, &[2, 4, 5]),
        tv(6, SPIDER, &[1]),
        tv(2, &[(0, 1)], &[0]),
        tv(
            9,
            &[
                (0, 1),
                (1, 2),
                (2, 3),
                (0, 4),
                (4, 5),
                (0, 6),
                (6, 7),
                (0, 8),
            ],
            &[0],
        ),
        te(6, SPIDER, &[1, 3]),
        te(4, &[(0, 1), (1, 2), (1, 3)], &[0]),
        af(&[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)], &[2]),
        af(&[(0, 0), (4, 0), (0, 4), (1, 1)], &[1, 2, 3]),
        af(
            &[(0, 0), (6, 0), (0, 6), (6, 6), (2, 3), (3, 2), (3, 3)],
            &[4, 6],
        ),
        af(&[(0, 0), (2, 0), (1, 1), (1, 3)], &[2]),
        af(&[(5, 5)], &[0]),
        af(&[(0, 0), (2, 2), (1, 1), (3, 3), (0, 3)], &[1, 2]),
        cl(4, SECTION2, &[0]),
        cl(3, &[&[], &[0], &[1], &[0, 1], &[0, 1, 2]], &[2]),
    ]
}

#[test]
fn fixtures_agree_with_known_values() {
    // Paper B's worked example (§5): the tree on 1..9 with W = {1} has nim 2.
    assert_eq!(samples()[3].nim, 2);
    // Points in convex position: nim 1 for |S| even (paper B, W ⊆ Ex(S)).
    assert_eq!(af(&[(0, 0), (1, 0), (0, 1), (1, 1)], &[0]).nim, 1);
    assert_eq!(af(&[(0, 0), (2, 0), (0, 2)], &[0]).nim, 0);
}

#[test]
fn accepts_true_claims_of_every_geometry() {
    for claim in samples() {
        let v = av(claim.clone());
        assert_valid(&v);
        let Verdict::Valid(m) = v else { unreachable!() };
        assert!(m.contains(&format!("nim {}", claim.nim)), "{m}");
        assert!(
            m.contains(&format!(
                "{} maximal non-generating sets, {} structure classes",
                claim.maximal.len(),
                claim.classes.len()
            )),
            "{m}"
        );
    }
    let Verdict::Valid(m) = av(tv(6, SPIDER, &[2, 4, 5])) else {
        panic!()
    };
    assert_eq!(
        m,
        "DNG(S, W) with |S| = 6, W = {2,4,5}: nim 1 (3 maximal non-generating sets, 7 structure classes)"
    );
}

#[test]
fn class_order_does_not_matter() {
    for claim in samples() {
        // Reverse the class list, renumbering options.
        let k = claim.classes.len() as u32;
        let mut c = claim.clone();
        c.classes.reverse();
        for class in &mut c.classes {
            for o in &mut class.options {
                *o = k - 1 - *o;
            }
            class.options.sort_unstable();
        }
        assert_valid(&av(c));
    }
}

#[test]
fn rejects_every_wrong_nim_number() {
    for claim in samples() {
        for delta in [1, 2, 5] {
            let mut c = claim.clone();
            c.nim += delta;
            assert_invalid(&av(c), "claimed nim");
        }
    }
}

#[test]
fn rejects_every_wrong_type_and_parity() {
    for claim in samples() {
        for i in 0..claim.classes.len() {
            let mut c = claim.clone();
            c.classes[i].nim0 += 1;
            assert_invalid(&av(c), "the mex rule gives");
            let mut c = claim.clone();
            c.classes[i].nim1 += 1;
            assert_invalid(&av(c), "the mex rule gives");
            let mut c = claim.clone();
            c.classes[i].parity ^= 1;
            assert_invalid(&av(c), "is not |I| mod 2");
            let mut c = claim.clone();
            let k = &mut c.classes[i];
            std::mem::swap(&mut k.nim0, &mut k.nim1);
            assert_invalid(&av(c), "the mex rule gives");
        }
    }
}

#[test]
fn type_message_names_both_values() {
    let mut c = tv(6, SPIDER, &[2, 4, 5]);
    c.classes[6].nim0 = 2;
    assert_eq!(
        av(c),
        Verdict::Invalid(
            "class 6 {0,1,3}: type (pty 1, nim0 2, nim1 0) but the mex rule gives (nim0 1, nim1 0)"
                .into()
        )
    );
    let mut c = af(&[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)], &[2]);
    let root = c.classes.iter().position(|k| k.set.is_empty()).unwrap();
    c.classes[root].nim1 = 0;
    assert_invalid(
        &av(c),
        "type (pty 0, nim0 0, nim1 0) but the mex rule gives (nim0 0, nim1 1)",
    );
}

#[test]
fn rejects_wrong_options() {
    for claim in samples() {
        for i in 0..claim.classes.len() {
            let k = claim.classes.len() as u32;
            let mut c = claim.clone();
            if c.classes[i].options.pop().is_some() {
                assert_invalid(&av(c), "options should be classes");
            }
            let mut c = claim.clone();
            let extra = (0..k).find(|j| !c.classes[i].options.contains(j)).unwrap();
            c.classes[i].options.push(extra);
            c.classes[i].options.sort_unstable();
            assert_invalid(&av(c), "options should be classes");
        }
    }
    let mut c = tv(6, SPIDER, &[2, 4, 5]);
    c.classes[6].options = vec![3, 4];
    assert_eq!(
        av(c),
        Verdict::Invalid("class 6 {0,1,3}: options should be classes [3,4,5], listed [3,4]".into())
    );
    let mut c = tv(6, SPIDER, &[2, 4, 5]);
    c.classes[6].options = vec![5, 4, 3];
    assert_invalid(&av(c), "listed [5,4,3]");
}

#[test]
fn rejects_bad_classes() {
    for claim in samples() {
        // A class removed (indices shifted down past it).
        for i in 0..claim.classes.len() {
            let mut c = claim.clone();
            c.classes.remove(i);
            for class in &mut c.classes {
                class.options.retain(|&o| o as usize != i);
                for o in &mut class.options {
                    if *o as usize > i {
                        *o -= 1;
                    }
                }
            }
            assert!(matches!(av(c), Verdict::Invalid(_)), "removing class {i}");
        }
        // A class listed twice.
        let mut c = claim.clone();
        let first = c.classes[0].clone();
        c.classes.push(first);
        assert_invalid(&av(c), "listed twice");
    }
    let mut c = af(&[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)], &[2]);
    let root = c.classes.iter().position(|k| k.set.is_empty()).unwrap();
    c.classes[root].set = vec![2];
    c.classes[root].parity = 1;
    assert_eq!(
        av(c),
        Verdict::Invalid(format!(
            "class {root} {{2}} is not an intersection of maximal non-generating sets"
        ))
    );
    let mut c = af(&[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)], &[2]);
    c.classes[0].set = vec![0];
    c.classes[0].parity = 1;
    assert_invalid(&av(c), "class 0 {0} is not an intersection");
    let mut c = af(&[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)], &[2]);
    c.classes[0].set = vec![1, 0];
    assert_invalid(
        &av(c),
        "class 0: must be strictly increasing, 1 is followed by 0",
    );
    let mut c = af(&[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)], &[2]);
    c.classes[0].set = vec![0, 9];
    assert_invalid(&av(c), "class 0: point 9 is not in S = {0..4}");
}

#[test]
fn missing_classes_are_named() {
    let c = af(&[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)], &[2]);
    let mut c2 = c.clone();
    let root = c2.classes.iter().position(|k| k.set.is_empty()).unwrap();
    c2.classes.remove(root);
    assert_eq!(
        av(c2),
        Verdict::Invalid("missing structure class: {3,4} ∩ {0,1} = {}".into())
    );
    let mut c3 = c;
    c3.classes.retain(|k| k.set != vec![3, 4]);
    for k in &mut c3.classes {
        k.options.clear();
    }
    assert_invalid(&av(c3), "maximal set {3,4} is not a listed class");
}

#[test]
fn rejects_bad_maximal_families() {
    for claim in samples() {
        // Each maximal set dropped (the classes stay): some rule fails.
        for i in 0..claim.maximal.len() {
            let mut c = claim.clone();
            c.maximal.remove(i);
            assert!(matches!(av(c), Verdict::Invalid(_)));
        }
        // Each maximal set with a point removed is not maximal (or repeats).
        for i in 0..claim.maximal.len() {
            if claim.maximal[i].is_empty() {
                continue;
            }
            let mut c = claim.clone();
            c.maximal[i].pop();
            assert!(matches!(av(c), Verdict::Invalid(_)));
        }
    }
    let base = af(&[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)], &[2]);
    let mut c = base.clone();
    c.maximal = vec![vec![0], vec![3, 4]];
    assert_eq!(
        av(c),
        Verdict::Invalid(
            "listed set {0} is not maximal: adding 1 still does not generate W".into()
        )
    );
    let mut c = base.clone();
    c.maximal = vec![vec![0, 1, 3], vec![3, 4]];
    assert_eq!(
        av(c),
        Verdict::Invalid("listed maximal set {0,1,3} generates W".into())
    );
    let mut c = base.clone();
    c.maximal = vec![vec![0, 1]];
    assert_eq!(
        av(c),
        Verdict::Invalid(
            "missing maximal non-generating set: {3,4} avoids 2 in its closure but lies in no listed set".into()
        )
    );
    let mut c = base.clone();
    c.maximal = vec![vec![3, 4], vec![0, 1]];
    assert_eq!(
        av(c),
        Verdict::Invalid(
            "maximal sets must be strictly increasing: [3,4] is followed by [0,1]".into()
        )
    );
    let mut c = base.clone();
    c.maximal = vec![vec![0, 1], vec![0, 1]];
    assert_invalid(&av(c), "[0,1] is followed by [0,1]");
    let mut c = base;
    c.maximal = vec![vec![0, 7]];
    assert_invalid(&av(c), "maximal set 0: point 7 is not in S");
}

#[test]
fn completeness_uses_every_cover_family() {
    // For each geometry kind, dropping any one maximal set and the classes
    // that only it reaches must be caught by the cover-family test.
    for claim in samples() {
        for i in 0..claim.maximal.len() {
            let mut c = claim.clone();
            let gone = c.maximal.remove(i);
            let keep: Vec<bool> = c
                .classes
                .iter()
                .map(|k| {
                    c.maximal
                        .iter()
                        .any(|m| k.set.iter().all(|x| m.contains(x)))
                        && k.set != gone
                })
                .collect();
            let _ = keep;
            let v = av(c);
            assert!(matches!(v, Verdict::Invalid(_)), "{v:?}");
        }
    }
}

#[test]
fn rejects_bad_win_sets() {
    let base = tv(6, SPIDER, &[2, 4, 5]);
    let mut c = base.clone();
    c.win = vec![];
    assert_eq!(av(c), Verdict::Invalid("W is empty".into()));
    let mut c = base.clone();
    c.win = vec![2, 4, 6];
    assert_eq!(
        av(c),
        Verdict::Invalid("W: point 6 is not in S = {0..5}".into())
    );
    let mut c = base.clone();
    c.win = vec![4, 2, 5];
    assert_invalid(&av(c), "W: must be strictly increasing, 4 is followed by 2");
    let mut c = base;
    c.win = vec![2, 4];
    assert!(matches!(av(c), Verdict::Invalid(_)));
}

#[test]
fn rejects_bad_trees() {
    let base = tv(6, SPIDER, &[2, 4, 5]);
    let with_edges = |edges: Vec<(u32, u32)>, vertices: u32| {
        let mut c = base.clone();
        c.geometry = AvoidanceGeometry::TreeVertices { vertices, edges };
        av(c)
    };
    assert_eq!(
        with_edges(vec![(0, 1), (1, 2), (2, 0), (3, 4), (3, 5)], 6),
        Verdict::Invalid("not a tree: vertex 3 is not connected to vertex 0".into())
    );
    assert_eq!(
        with_edges(vec![(0, 1), (1, 1), (1, 3), (3, 4), (3, 5)], 6),
        Verdict::Invalid("edge (1, 1) is a loop or leaves the vertices".into())
    );
    assert_invalid(
        &with_edges(vec![(0, 1), (1, 6), (1, 3), (3, 4), (3, 5)], 6),
        "edge (1, 6)",
    );
    assert_invalid(
        &with_edges(vec![(0, 6), (1, 2), (1, 3), (3, 4), (3, 5)], 6),
        "edge (0, 6)",
    );
    assert_eq!(
        with_edges(vec![(0, 1), (1, 2), (1, 3), (3, 4)], 6),
        Verdict::Invalid("a tree on 6 vertices has 5 edges, not 4 (and at least 1 vertex)".into())
    );
    assert_invalid(
        &with_edges(vec![(0, 0)], 1),
        "a tree on 1 vertices has 0 edges, not 1",
    );
    assert_invalid(&with_edges(vec![], 0), "the ground set S is empty");
    // Edge geometry: the same tree rules; S is the edge list.
    let base = te(6, SPIDER, &[1, 3]);
    let mut c = base.clone();
    c.geometry = AvoidanceGeometry::TreeEdges {
        vertices: 6,
        edges: vec![(0, 1), (1, 2), (2, 0), (3, 4), (3, 5)],
    };
    assert_invalid(&av(c), "not a tree");
    let mut c = base;
    c.geometry = AvoidanceGeometry::TreeEdges {
        vertices: 7,
        edges: SPIDER.to_vec(),
    };
    assert_invalid(&av(c), "a tree on 7 vertices has 6 edges, not 5");
}

#[test]
fn rejects_bad_point_sets() {
    let base = af(&[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)], &[2]);
    let with_points = |points: Vec<(i64, i64)>| {
        let mut c = base.clone();
        c.geometry = AvoidanceGeometry::Affine { points };
        av(c)
    };
    assert_eq!(
        with_points(vec![(0, 0), (1, 0), (2, 0), (3, 0), (3, 0)]),
        Verdict::Invalid("point (3, 0) is repeated".into())
    );
    assert_invalid(
        &with_points(vec![(3, 0), (1, 0), (2, 0), (3, 0), (4, 0)]),
        "point (3, 0) is repeated",
    );
    // Any i64 coordinates: the claim holds or fails on its own merits (a
    // fifth point on the line, to the left of 0, 1 and 2, keeps {3} and
    // {0, 1, 4} the maximal sets).
    for far_left in [-(1 << 40), -(1 << 62), i64::MIN] {
        let points = vec![(0, 0), (1, 0), (2, 0), (3, 0), (far_left, 0)];
        assert_valid(&av(af_mapped(&base, &points)));
        // (Before, a coordinate of 2^40 or more was refused as invalid.)
    }
    let mut c = af_mapped(&base, &[(0, 0), (1, 0), (2, 0), (3, 0), (i64::MIN, 0)]);
    c.maximal = vec![vec![0, 1], vec![3, 4]];
    assert_invalid(&av(c), "");
    let far = (1i64 << 40) - 1;
    let big = af(&[(-far, -far), (far, -far), (0, far), (0, 0)], &[3]);
    assert_valid(&av(big));
    assert_eq!(
        with_points(vec![]),
        Verdict::Invalid("the ground set S is empty".into())
    );
}

/// The claim `base` (on the first |points| points of its own geometry, on a
/// line) moved to `points`, which lie on the same line in the same order:
/// the same convex hulls, so the same claim.
fn af_mapped(base: &AvoidanceClaim, points: &[(i64, i64)]) -> AvoidanceClaim {
    let mut c = base.clone();
    let AvoidanceGeometry::Affine { points: old } = &base.geometry else {
        panic!("not affine")
    };
    // base is the line 0..4 with W = {2}; point 4 moves to the far left.
    assert_eq!(old.len(), points.len());
    c.geometry = AvoidanceGeometry::Affine {
        points: points.to_vec(),
    };
    c.maximal = vec![vec![0, 1, 4], vec![3]];
    c.classes = vec![
        AvoidanceClass {
            set: vec![0, 1, 4],
            parity: 1,
            nim0: 1,
            nim1: 0,
            options: vec![],
        },
        AvoidanceClass {
            set: vec![3],
            parity: 1,
            nim0: 1,
            nim1: 0,
            options: vec![],
        },
        AvoidanceClass {
            set: vec![],
            parity: 0,
            nim0: 1,
            nim1: 0,
            options: vec![0, 1],
        },
    ];
    c.nim = 1;
    c
}

type PointMap = fn((i64, i64)) -> (i64, i64);

/// Invertible affine maps of Z² with coordinates spread over most of the
/// i64 range (differences up to 1.5·2^63, products past 2^127): they map
/// convex hulls to convex hulls, so every claim keeps its truth.
fn huge_maps() -> Vec<PointMap> {
    const K: i64 = 1 << 61;
    // Coordinates 0..=6 go to multiples of 2^61 from −2^63 to 2^62.
    vec![
        |(x, y)| ((x - 4) * K, (y - 4) * K),
        |(x, y)| ((x - 4) * K, (K / 2) * (x - y)),
        |(x, y)| ((2 - y) * K + 1, (x - 4) * K),
    ]
}

#[test]
fn affine_orientation_is_exact_on_all_of_i64() {
    let mut checked = 0;
    for claim in samples() {
        let AvoidanceGeometry::Affine { points } = &claim.geometry else {
            continue;
        };
        assert!(points
            .iter()
            .all(|&(x, y)| (0..=6).contains(&x) && (0..=6).contains(&y)));
        for map in huge_maps() {
            let mut c = claim.clone();
            c.geometry = AvoidanceGeometry::Affine {
                points: points.iter().map(|&p| map(p)).collect(),
            };
            assert_valid(&av(c.clone()));
            // And a wrong claim stays wrong.
            c.nim += 1;
            assert_invalid(&av(c), "claimed nim");
            checked += 1;
        }
    }
    assert!(checked >= 18, "{checked}");
}

#[test]
fn one_vertex_tree() {
    // S = {0} = W: the only position is ∅ (choosing 0 generates W), so
    // nim 0; 𝓜 = {∅}, one class ∅ of type (pty 0, nim0 0, nim1 1).
    let claim = tv(1, &[], &[0]);
    assert_eq!(claim.maximal, vec![Vec::<u32>::new()]);
    assert_eq!(claim.nim, 0);
    assert_eq!(
        av(claim.clone()),
        Verdict::Valid(
            "DNG(S, W) with |S| = 1, W = {0}: nim 0 (1 maximal non-generating sets, 1 structure classes)"
                .into()
        )
    );
    // An empty family is caught by completeness (∅ is in C_0).
    let mut c = claim.clone();
    c.maximal = vec![];
    c.classes = vec![];
    assert_invalid(&av(c), "missing maximal non-generating set: {} avoids 0");
    let mut c = claim;
    c.nim = 1;
    assert_invalid(&av(c), "claimed nim 1");
}

#[test]
fn rejects_bad_closure_systems() {
    let base = cl(4, SECTION2, &[0]);
    let with_sets = |sets: Vec<Vec<u32>>| {
        let mut c = base.clone();
        c.geometry = AvoidanceGeometry::Closure {
            points: 4,
            convex_sets: sets,
        };
        av(c)
    };
    assert_eq!(
        with_sets(vec![vec![0, 1, 2], vec![1, 2, 3], vec![0, 1, 2, 3]]),
        Verdict::Invalid("axiom 2 fails: {0,1,2} ∩ {1,2,3} is not listed".into())
    );
    assert_eq!(
        with_sets(vec![vec![1], vec![1, 2, 3], vec![0, 1, 2, 3]]),
        Verdict::Invalid("axiom 3 fails: {1} has no one-point convex extension".into())
    );
    assert_eq!(
        with_sets(vec![vec![1, 2], vec![0, 1, 2], vec![1, 2, 3]]),
        Verdict::Invalid("axiom 1 fails: S is not listed as convex".into())
    );
    assert_invalid(
        &with_sets(vec![vec![2, 1], vec![0, 1, 2, 3]]),
        "convex set 0: must be strictly increasing",
    );
    assert_invalid(
        &with_sets(vec![vec![1, 4], vec![0, 1, 2, 3]]),
        "convex set 0: point 4 is not in S",
    );
    // A set whose only extension is by the last point.
    assert_valid(&av(cl(3, &[&[], &[0], &[0, 1], &[0, 1, 2]], &[2])));
    assert_valid(&av(cl(3, &[&[], &[2], &[1, 2], &[0, 1, 2]], &[0])));
}

#[test]
fn limits_are_exact() {
    let c = tv(6, SPIDER, &[2, 4, 5]);
    assert_valid(&av_with(
        c.clone(),
        &Limits {
            max_points: 6,
            ..Limits::default()
        },
    ));
    assert_eq!(
        av_with(
            c.clone(),
            &Limits {
                max_points: 5,
                ..Limits::default()
            }
        ),
        Verdict::OverLimit("|S| = 6 exceeds the limit of 5 (--max-points)".into())
    );
    assert_valid(&av_with(
        c.clone(),
        &Limits {
            max_classes: 7,
            ..Limits::default()
        },
    ));
    assert_eq!(
        av_with(
            c.clone(),
            &Limits {
                max_classes: 6,
                ..Limits::default()
            }
        ),
        Verdict::OverLimit("7 structure classes exceed the limit of 6 (--max-classes)".into())
    );
    // The work estimate is exact at its bound.
    let work = (1..10_000_000u64)
        .find(|&w| {
            matches!(
                av_with(
                    c.clone(),
                    &Limits {
                        max_work: w,
                        ..Limits::default()
                    }
                ),
                Verdict::Valid(_)
            )
        })
        .unwrap();
    assert_over_limit(
        &av_with(
            c.clone(),
            &Limits {
                max_work: work - 1,
                ..Limits::default()
            },
        ),
        &format!(
            "checking needs {work} work units (counted from the sizes of the claim), over the limit of {} (--max-work)",
            work - 1
        ),
    );
}

#[test]
fn oversized_claims_are_refused_quickly() {
    let start = std::time::Instant::now();
    let mut c = tv(6, SPIDER, &[2, 4, 5]);
    c.geometry = AvoidanceGeometry::TreeVertices {
        vertices: u32::MAX,
        edges: vec![],
    };
    assert_over_limit(&av(c), "(--max-points)");
    let mut c = cl(4, SECTION2, &[0]);
    c.geometry = AvoidanceGeometry::Closure {
        points: 4000,
        convex_sets: vec![vec![]; 100_000],
    };
    assert_over_limit(&av(c), "(--max-work)");
    let mut c = af(&[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)], &[2]);
    c.classes = vec![c.classes[0].clone(); 2_000_000];
    assert_over_limit(&av(c), "(--max-classes)");
    // A guard against doing the refused work (hours), not a speed target.
    assert!(start.elapsed().as_secs() < 10, "took {:?}", start.elapsed());
}

/// (geometry, model, W) for the samples that the completeness test uses.
fn models() -> Vec<(AvoidanceGeometry, Model, Vec<u32>)> {
    let tree = |n: u32, e: &[(u32, u32)]| AvoidanceGeometry::TreeVertices {
        vertices: n,
        edges: e.to_vec(),
    };
    let edges = |n: u32, e: &[(u32, u32)]| AvoidanceGeometry::TreeEdges {
        vertices: n,
        edges: e.to_vec(),
    };
    let points = |p: &[(i64, i64)]| AvoidanceGeometry::Affine { points: p.to_vec() };
    let mut out = vec![
        (tree(6, SPIDER), tree_vertices(6, SPIDER.to_vec()), vec![1]),
        (
            tree(6, SPIDER),
            tree_vertices(6, SPIDER.to_vec()),
            vec![2, 4, 5],
        ),
        (edges(6, SPIDER), tree_edges(6, SPIDER.to_vec()), vec![1, 3]),
        (edges(6, SPIDER), tree_edges(6, SPIDER.to_vec()), vec![2]),
        (
            AvoidanceGeometry::Closure {
                points: 4,
                convex_sets: SECTION2.iter().map(|s| s.to_vec()).collect(),
            },
            closure(4, SECTION2.iter().map(|s| s.to_vec()).collect()),
            vec![0],
        ),
    ];
    let sets: &[&[(i64, i64)]] = &[
        &[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)],
        &[(0, 0), (4, 0), (0, 4), (1, 1)],
        &[(0, 0), (6, 0), (0, 6), (6, 6), (2, 3), (3, 2), (3, 3)],
        &[(0, 0), (2, 0), (1, 1), (1, 3)],
        &[(0, 0), (2, 2), (1, 1), (3, 3), (0, 3)],
        &[(2, 2), (0, 0), (4, 4), (0, 4), (4, 0), (2, 0)],
        &[(1, 1), (0, 0), (2, 2), (3, 0), (0, 3), (1, 2)],
    ];
    for p in sets {
        for w in 0..p.len() as u32 {
            out.push((points(p), affine(p.to_vec()), vec![w]));
        }
    }
    out
}

#[test]
fn completeness_catches_every_missing_maximal_set() {
    let mut checked = 0;
    for (geometry, model, win) in models() {
        let all = maximal_sets(&model, &win);
        for i in 0..all.len() {
            let claim = build_without(geometry.clone(), &model, &win, Some(i));
            // The first uncovered member of a cover family is named: the
            // missing set itself, or (closure systems) a convex set in it.
            assert_invalid(&av(claim), "missing maximal non-generating set: {");
            checked += 1;
        }
    }
    assert!(checked > 40, "{checked}");
}

/// The work estimate of a claim, read from `precheck`'s refusal at 0.
fn estimate(claim: &AvoidanceClaim) -> u64 {
    let zero = Limits {
        max_work: 0,
        ..Limits::default()
    };
    let message = precheck(&certificate(Claim::Avoidance(claim.clone())), &zero).unwrap_err();
    let number = message
        .split("needs ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap();
    number.parse().unwrap()
}

#[test]
fn work_estimates_are_exact_for_each_geometry() {
    // The estimate (checker/src/avoidance.rs, `Cost`), pinned so that a
    // change to it is seen, and exact: admitted at it, refused below it.
    let cases = [
        (tv(6, SPIDER, &[2, 4, 5]), 24223u64),
        (tv(6, SPIDER, &[1]), 14869),
        // By hand: n = 1, one word, scan 64, a lookup 42; the geometry 5,
        // maximality 1 + 65 + 66, completeness 2, the class 47 + 85 + 2881,
        // Rule 7 44.
        (tv(1, &[], &[0]), 3196),
        (te(6, SPIDER, &[1, 3]), 10440),
        (af(&[(0, 0), (4, 0), (0, 4), (1, 1)], &[1, 2, 3]), 28559),
        (
            af(
                &[(0, 0), (6, 0), (0, 6), (6, 6), (2, 3), (3, 2), (3, 3)],
                &[4, 6],
            ),
            88955,
        ),
        (cl(4, SECTION2, &[0]), 4379),
        (cl(3, &[&[], &[0], &[1], &[0, 1], &[0, 1, 2]], &[2]), 4544),
        (star(70), 3864482),
        (chain(66), 322229),
        (edge_star(70), 105728),
    ];
    for (claim, expected) in cases {
        let work = estimate(&claim);
        assert_eq!(work, expected, "{:?}", claim.geometry);
        let at = |w: u64| {
            av_with(
                claim.clone(),
                &Limits {
                    max_work: w,
                    ..Limits::default()
                },
            )
        };
        assert_valid(&at(work));
        assert_over_limit(&at(work - 1), "(--max-work)");
    }
}

#[test]
fn bitsets_of_more_than_one_word() {
    // A star on 70 vertices (centre 0), W = {0}: 𝓜 = the 69 leaves, the
    // classes are the leaves and ∅, and ∅ has an option at every leaf,
    // including those past the first 64-bit word.
    let n = 70u32;
    let leaf = AvoidanceClass {
        set: vec![],
        parity: 1,
        nim0: 1,
        nim1: 0,
        options: vec![],
    };
    let mut classes: Vec<AvoidanceClass> = (1..n)
        .map(|x| AvoidanceClass {
            set: vec![x],
            ..leaf.clone()
        })
        .collect();
    classes.push(AvoidanceClass {
        set: vec![],
        parity: 0,
        nim0: 1,
        nim1: 0,
        options: (0..n - 1).collect(),
    });
    let claim = AvoidanceClaim {
        geometry: AvoidanceGeometry::TreeVertices {
            vertices: n,
            edges: (1..n).map(|x| (0, x)).collect(),
        },
        win: vec![0],
        nim: 1,
        maximal: (1..n).map(|x| vec![x]).collect(),
        classes,
    };
    assert_eq!(
        av(claim.clone()),
        Verdict::Valid(
            "DNG(S, W) with |S| = 70, W = {0}: nim 1 (69 maximal non-generating sets, 70 structure classes)"
                .into()
        )
    );
    let mut c = claim.clone();
    c.classes[69].options.pop();
    assert_invalid(&av(c), "options should be classes");
    let mut c = claim;
    c.maximal.pop();
    assert_invalid(&av(c), "missing maximal non-generating set: {69}");
}

fn star(n: u32) -> AvoidanceClaim {
    let leaf = |x: u32| AvoidanceClass {
        set: vec![x],
        parity: 1,
        nim0: 1,
        nim1: 0,
        options: vec![],
    };
    let mut classes: Vec<AvoidanceClass> = (1..n).map(leaf).collect();
    classes.push(AvoidanceClass {
        set: vec![],
        parity: 0,
        nim0: 1,
        nim1: 0,
        options: (0..n - 1).collect(),
    });
    AvoidanceClaim {
        geometry: AvoidanceGeometry::TreeVertices {
            vertices: n,
            edges: (1..n).map(|x| (0, x)).collect(),
        },
        win: vec![0],
        nim: 1,
        maximal: (1..n).map(|x| vec![x]).collect(),
        classes,
    }
}

/// The chain geometry on n points: the convex sets are {0..k}, k < n, and
/// ∅; with W = {n − 1}, 𝓜 = {{0..n − 2}}.
fn chain(n: u32) -> AvoidanceClaim {
    let odd = (n - 1) % 2 == 1;
    AvoidanceClaim {
        geometry: AvoidanceGeometry::Closure {
            points: n,
            convex_sets: (0..=n).map(|k| (0..k).collect()).collect(),
        },
        win: vec![n - 1],
        nim: if odd { 1 } else { 0 },
        maximal: vec![(0..n - 1).collect()],
        classes: vec![AvoidanceClass {
            set: (0..n - 1).collect(),
            parity: odd as u8,
            nim0: if odd { 1 } else { 0 },
            nim1: if odd { 0 } else { 1 },
            options: vec![],
        }],
    }
}

/// The edge geometry of a star with k edges: every set of edges is convex
/// (an edge has no edges on its leaf side), so with W = {edge 0},
/// 𝓜 = {the other k − 1 edges}, one class.
fn edge_star(k: u32) -> AvoidanceClaim {
    let odd = (k - 1) % 2 == 1;
    AvoidanceClaim {
        geometry: AvoidanceGeometry::TreeEdges {
            vertices: k + 1,
            edges: (1..=k).map(|x| (0, x)).collect(),
        },
        win: vec![0],
        nim: if odd { 1 } else { 0 },
        maximal: vec![(1..k).collect()],
        classes: vec![AvoidanceClass {
            set: (1..k).collect(),
            parity: odd as u8,
            nim0: if odd { 1 } else { 0 },
            nim1: if odd { 0 } else { 1 },
            options: vec![],
        }],
    }
}

/// The least --max-work that admits the claim (the estimate is monotone).
fn least_work(claim: &AvoidanceClaim) -> u64 {
    let accepted = |w: u64| {
        matches!(
            av_with(
                claim.clone(),
                &Limits {
                    max_work: w,
                    ..Limits::default()
                }
            ),
            Verdict::Valid(_)
        )
    };
    assert!(accepted(1_000_000_000));
    let (mut lo, mut hi) = (0u64, 1_000_000_000u64);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if accepted(mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    hi
}

#[test]
fn work_estimates_past_one_word() {
    assert_valid(&av(star(70)));
    assert_valid(&av(chain(66)));
    assert_valid(&av(chain(7)));
    assert_eq!(least_work(&star(70)), 3_864_482);
    assert_eq!(least_work(&chain(66)), 322_229);
}
