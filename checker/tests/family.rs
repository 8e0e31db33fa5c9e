//! The format-6 `Family` claim (checker/src/family.rs) against the truth
//! computed here by the naive mex (tests/common), without the solver:
//! families found by brute force for 1 ≤ a < b ≤ 12 and every ρ are
//! accepted, and agree with the naive truth at members the checker never
//! looked at; mutants are refused (exit 1); hostile claims are refused
//! fast, without a panic; and Lemma P's signature classification is checked
//! on random words, with its threshold shown sharp.

mod common;

use common::*;
use nimcert_check::format::{Certificate, Claim, FamilyClaim, FamilyShape, Marker};
use nimcert_check::{check_bytes, check_certificate, precheck, to_ron, Limits, Verdict};
use std::collections::BTreeSet;
use std::time::{Duration, Instant};

fn cert(claim: FamilyClaim) -> Certificate {
    let claim = Claim::Family(claim);
    Certificate {
        format: claim.format_version(),
        ..certificate(claim)
    }
}

fn check(claim: &FamilyClaim) -> Verdict {
    check_with(claim, &Limits::default())
}

fn check_with(claim: &FamilyClaim, limits: &Limits) -> Verdict {
    check_certificate(&cert(claim.clone()), limits)
}

/// The shape of one member, as the naive truth has it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Truth {
    /// G = B-periodic, with this least period.
    Base(u64),
    /// One period is the B-run of length c, then this tail (least period
    /// c + |tail|).
    Tail(Vec<u32>),
    /// Neither (or not purely periodic within the search).
    Other,
}

/// The least cyclic period of a word.
fn cyclic_period(w: &[u32]) -> u64 {
    let m = w.len();
    (1..=m)
        .find(|&e| (0..m).all(|i| w[i] == w[(i + e) % m]))
        .unwrap() as u64
}

/// G_{a,b} on [0, a + b).
fn base_word(a: u64, b: u64) -> Vec<u32> {
    naive(&[a, b], a + b)
}

/// The naive truth for S = {a, b, c}: the least period p of G_S if G_S is
/// purely periodic with p ≤ 3c + 400 (found on a prefix of 4c + 400 values:
/// by Rule 1 of checker/src/periodic.rs, G[0..c) = G[p..p + c) makes p a
/// period from 0), then its shape.
fn truth(a: u64, b: u64, c: u64) -> Truth {
    if c <= b {
        return Truth::Other; // not a member: S = {a, b, c} needs b < c
    }
    let n = 4 * c + 400;
    let g = naive(&[a, b, c], n);
    let cu = c as usize;
    let Some(p) = (1..n as usize - cu).find(|&p| g[..cu] == g[p..p + cu]) else {
        return Truth::Other;
    };
    let m = (a + b) as usize;
    let bw = base_word(a, b);
    if (0..n as usize).all(|x| g[x] == bw[x % m]) {
        assert_eq!(p as u64, cyclic_period(&bw), "{a},{b},{c}");
        return Truth::Base(p as u64);
    }
    if p > cu && (0..cu).all(|x| g[x] == bw[x % m]) {
        return Truth::Tail(g[cu..p].to_vec());
    }
    Truth::Other
}

/// content(j) of Lemma M, as docs/FAMILIES.md defines it.
fn content(bw: &[u32], tail: &[u32], rho: u64, j: i64, l: u64) -> Vec<u32> {
    let m = bw.len() as i64;
    let d = tail.len() as i64;
    (0..l as i64)
        .map(|i| {
            let q = j + i;
            if q < 0 {
                bw[(rho as i64 + q).rem_euclid(m) as usize]
            } else if q < d {
                tail[q as usize]
            } else {
                bw[((q - d) % m) as usize]
            }
        })
        .collect()
}

/// Whether (j, L) is a marker by Lemma M's list.
fn is_marker(bw: &[u32], tail: &[u32], rho: u64, j: i64, l: u64) -> bool {
    let m = bw.len();
    let w = content(bw, tail, rho, j, l);
    let factor = (0..m).any(|r| (0..l as usize).all(|i| w[i] == bw[(r + i) % m]));
    let again =
        (1 - l as i64..tail.len() as i64).any(|o| o != j && content(bw, tail, rho, o, l) == w);
    !factor && !again
}

/// A marker by brute force: L = 1..=10, j = −1, −2, …, −L + 1, then
/// 0, 1, …, d − 1; the first that Lemma M accepts.
fn find_marker(bw: &[u32], tail: &[u32], rho: u64, c0: u64) -> Option<Marker> {
    let d = tail.len() as i64;
    for l in 1..=10u64.min(c0) {
        let starts = (1 - l as i64..0).rev().chain(0..d);
        for j in starts {
            if is_marker(bw, tail, rho, j, l) {
                return Some(Marker {
                    start: j,
                    length: l,
                });
            }
        }
    }
    None
}

fn c_of(a: u64, b: u64, rho: u64, k: u64) -> u64 {
    (a + b) * k + rho
}

/// A family found by brute force, with the truths it was built from.
struct Found {
    claim: FamilyClaim,
    /// The truth at k = 0, 1, …, (at least k0 + 10).
    truths: Vec<Truth>,
}

/// The family of (a, b, ρ): k0 = the least k ≥ 1 with c(k) > b from which
/// the naive truth is the same shape for k0..=k0 + 5 (k0 ≤ 8), its claim;
/// `None` when there is none or no marker of length ≤ 10 exists.
fn find_family(a: u64, b: u64, rho: u64) -> Option<Found> {
    let truths: Vec<Truth> = (0..=18).map(|k| truth(a, b, c_of(a, b, rho, k))).collect();
    let k0 = (1..=8usize).find(|&k| {
        c_of(a, b, rho, k as u64) > b
            && truths[k] != Truth::Other
            && (k..=k + 5).all(|i| truths[i] == truths[k])
    })?;
    let bw = base_word(a, b);
    let c0 = c_of(a, b, rho, k0 as u64);
    let shape = match &truths[k0] {
        Truth::Base(p0) => FamilyShape::Base { period: *p0 },
        Truth::Tail(tail) => FamilyShape::Tail {
            tail: tail.clone(),
            marker: find_marker(&bw, tail, rho, c0)?,
        },
        Truth::Other => unreachable!(),
    };
    let claim = FamilyClaim {
        a,
        b,
        rho,
        from_k: k0 as u64,
        base_word: bw,
        shape,
    };
    Some(Found { claim, truths })
}

/// Every family of 1 ≤ a < b ≤ 12 (computed once for all the tests).
fn all_families() -> &'static [Found] {
    static FAMILIES: std::sync::OnceLock<Vec<Found>> = std::sync::OnceLock::new();
    FAMILIES.get_or_init(search_families)
}

fn search_families() -> Vec<Found> {
    let mut out = Vec::new();
    for b in 2..=12u64 {
        for a in 1..b {
            for rho in 0..a + b {
                if let Some(found) = find_family(a, b, rho) {
                    out.push(found);
                }
            }
        }
    }
    out
}

fn assert_exit(verdict: &Verdict, code: u8, what: &str) {
    assert_eq!(verdict.exit_code(), code, "{what}: {verdict:?}");
}

/// Every family found is accepted, and the naive truth agrees with it at
/// k0 + 6 ..= k0 + 10, members the search did not use (soundness, seen
/// empirically); then every mutant is refused with exit 1.
#[test]
fn families_from_the_naive_mex_are_accepted_and_their_mutants_refused() {
    let families = all_families();
    let (mut base, mut tail, mut mutants, mut lowered) = (0, 0, 0, 0);
    let mut refuse = |claim: &FamilyClaim, what: &str| {
        let verdict = check(claim);
        assert_exit(&verdict, 1, what);
        mutants += 1;
    };
    for Found { claim, truths } in families {
        let name = format!("a = {}, b = {}, ρ = {}", claim.a, claim.b, claim.rho);
        let verdict = check(claim);
        assert!(matches!(verdict, Verdict::Valid(_)), "{name}: {verdict:?}");
        let k0 = claim.from_k as usize;
        let want = match &claim.shape {
            FamilyShape::Base { period } => {
                base += 1;
                Truth::Base(*period)
            }
            FamilyShape::Tail { tail: y, .. } => {
                tail += 1;
                Truth::Tail(y.clone())
            }
        };
        for k in k0 + 6..=k0 + 10 {
            let c = c_of(claim.a, claim.b, claim.rho, k as u64);
            let seen = if k < truths.len() {
                truths[k].clone()
            } else {
                truth(claim.a, claim.b, c)
            };
            assert_eq!(seen, want, "{name}: the claim is false at k = {k}");
        }

        // k0 lowered to a k where the claim is false by the naive truth: a
        // member (c > b) of another shape, else a k with c(k) ≤ b, which
        // is no member. (No family found here has a member of another
        // shape below its k0 = 1, nor at k = 0: only the second kind
        // occurs, and a search up to b = 24 found no family that starts
        // later than its first member.)
        let c = |k: usize| c_of(claim.a, claim.b, claim.rho, k as u64);
        let lower = (0..k0).rev().find(|&k| c(k) > claim.b && truths[k] != want);
        if let Some(k) = lower.or_else(|| (0..k0).rev().find(|&k| c(k) <= claim.b)) {
            let mut m = claim.clone();
            m.from_k = k as u64;
            refuse(&m, &format!("{name}: k0 lowered to {k}"));
            lowered += 1;
        }
        // A base letter changed.
        for i in [0, claim.base_word.len() / 2, claim.base_word.len() - 1] {
            let mut m = claim.clone();
            m.base_word[i] = (m.base_word[i] + 1) % 4;
            refuse(&m, &format!("{name}: base letter {i} changed"));
        }
        match &claim.shape {
            FamilyShape::Base { period } => {
                let m_len = claim.a + claim.b;
                let p0 = *period;
                // Wrong periods: every other divisor of m (multiples and
                // divisors of p0 among them), and a non-divisor.
                for e in (1..=m_len).filter(|&e| m_len % e == 0 && e != p0) {
                    let mut m = claim.clone();
                    m.shape = FamilyShape::Base { period: e };
                    refuse(&m, &format!("{name}: period {e} for {p0}"));
                }
                let mut m = claim.clone();
                m.shape = FamilyShape::Base { period: 0 };
                refuse(&m, &format!("{name}: period 0"));
            }
            FamilyShape::Tail { tail: y, marker } => {
                let with = |y: Vec<u32>, marker: Marker| {
                    let mut m = claim.clone();
                    m.shape = FamilyShape::Tail { tail: y, marker };
                    m
                };
                // A tail letter changed, at each position.
                for i in 0..y.len() {
                    let mut z = y.clone();
                    z[i] = (z[i] + 1) % 4;
                    refuse(&with(z, *marker), &format!("{name}: tail letter {i}"));
                }
                // The tail rotated by one each way (when that changes it).
                for turn in [1, y.len() - 1] {
                    let mut z = y.clone();
                    z.rotate_left(turn % y.len());
                    if z != *y {
                        refuse(&with(z, *marker), &format!("{name}: tail rotated"));
                    }
                }
                // One letter longer (each value), one shorter.
                for v in 0..4 {
                    let mut z = y.clone();
                    z.push(v);
                    refuse(&with(z, *marker), &format!("{name}: tail + {v}"));
                }
                if y.len() > 1 {
                    let z = y[..y.len() - 1].to_vec();
                    let mut mk = *marker;
                    mk.start = mk.start.min(z.len() as i64 - 1);
                    refuse(&with(z, mk), &format!("{name}: tail shortened"));
                }
                // Markers that occur twice: a shorter window at the same
                // start (the search tried them all first), a window of
                // one letter, and one that lies in the B-run but for its
                // last letter.
                if marker.length > 1 {
                    let mk = Marker {
                        start: marker.start.max(2 - marker.length as i64),
                        length: marker.length - 1,
                    };
                    let shorter = with(y.clone(), mk);
                    refuse(&shorter, &format!("{name}: marker shortened"));
                }
                for start in 0..y.len() as i64 {
                    let mk = Marker { start, length: 1 };
                    if !is_marker(&claim.base_word, y, claim.rho, start, 1) {
                        refuse(&with(y.clone(), mk), &format!("{name}: marker one letter"));
                    }
                }
                let l = 3;
                let c0 = c_of(claim.a, claim.b, claim.rho, claim.from_k);
                if c0 >= l && !is_marker(&claim.base_word, y, claim.rho, 1 - l as i64, l) {
                    let mk = Marker {
                        start: 1 - l as i64,
                        length: l,
                    };
                    refuse(
                        &with(y.clone(), mk),
                        &format!("{name}: marker in the B-run"),
                    );
                }
                // The marker start out of range.
                for start in [-(marker.length as i64), y.len() as i64] {
                    let mk = Marker { start, ..*marker };
                    refuse(&with(y.clone(), mk), &format!("{name}: start {start}"));
                }
            }
        }
    }
    eprintln!(
        "{} families accepted ({base} Base, {tail} Tail), {mutants} mutants refused \
         ({lowered} with k0 lowered)",
        families.len()
    );
    assert!(base >= 20 && tail >= 100, "{base} Base, {tail} Tail");
}

/// The Valid message says what was proved, in words.
#[test]
fn the_valid_message_names_the_family_the_period_and_the_checked_members() {
    let found = find_family(2, 5, 3).expect("a family for {2, 5, 7k + 3}");
    let Verdict::Valid(message) = check(&found.claim) else {
        panic!()
    };
    eprintln!("{message}");
    assert!(
        message.starts_with("every S = {2, 5, c}, c = 7k + 3, k ≥ "),
        "{message}"
    );
    assert!(message.contains("by Lemma P"), "{message}");
    // Through RON and check_bytes too.
    let text = to_ron(&cert(found.claim.clone()));
    assert_eq!(
        check_bytes(text.as_bytes(), &Limits::default()),
        Verdict::Valid(message)
    );
}

/// A true family stays valid for every k0 above its own, up to the
/// largest k0 whose c(k0) fits in u64: only k_T is checked (Lemma P (ii)).
#[test]
fn a_huge_k0_is_decided_fast_by_lemma_p() {
    let mut checked = 0;
    for Found { claim, .. } in all_families().iter().step_by(7) {
        let m = claim.a + claim.b;
        let top = (u64::MAX - claim.rho) / m;
        for k0 in [claim.from_k + 20, 1 << 40, top] {
            let mut c = claim.clone();
            c.from_k = k0;
            let start = Instant::now();
            let verdict = check(&c);
            assert!(
                matches!(verdict, Verdict::Valid(_)),
                "k0 = {k0}: {verdict:?}"
            );
            assert!(start.elapsed() < Duration::from_millis(200));
            checked += 1;
        }
        // One more overflows c(k0): undecidable, not a wrap.
        let mut c = claim.clone();
        c.from_k = top + 1;
        assert_exit(&check(&c), 2, "c(k0) overflows");
        c.from_k = u64::MAX;
        assert_exit(&check(&c), 2, "k0 = 2^64 − 1");
    }
    assert!(checked > 10);
}

/// The Tail family {2, 5, 7k + 3}, as the search finds it.
fn sample() -> FamilyClaim {
    let found = find_family(2, 5, 3).expect("a Tail family");
    assert!(matches!(found.claim.shape, FamilyShape::Tail { .. }));
    found.claim
}

fn sample_base() -> FamilyClaim {
    all_families()
        .iter()
        .map(|f| f.claim.clone())
        .find(|c| matches!(c.shape, FamilyShape::Base { .. }))
        .expect("a Base family")
}

fn timed(claim: &FamilyClaim, limits: &Limits) -> Verdict {
    let start = Instant::now();
    let verdict = check_with(claim, limits);
    assert!(
        start.elapsed() < Duration::from_millis(100),
        "{:?} for {verdict:?}",
        start.elapsed()
    );
    verdict
}

fn set_tail(claim: &mut FamilyClaim, f: impl FnOnce(&mut Vec<u32>, &mut Marker)) {
    if let FamilyShape::Tail { tail, marker } = &mut claim.shape {
        f(tail, marker);
    }
}

#[test]
fn hostile_claims_are_refused_fast_and_without_a_panic() {
    let limits = Limits::default();
    let good = sample();
    let good_base = sample_base();
    type Case = (&'static str, FamilyClaim, u8, &'static str);
    let mut cases: Vec<Case> = Vec::new();
    type Edit = fn(&mut FamilyClaim);
    let both: [(&str, Edit, u8, &str); 11] = [
        ("k0 = 2^64 − 1", |c| c.from_k = u64::MAX, 2, "exceeds 2^64"),
        ("ρ = m", |c| c.rho = c.a + c.b, 1, "ρ"),
        ("ρ = 2^64 − 1", |c| c.rho = u64::MAX, 1, "ρ"),
        ("a = 0", |c| c.a = 0, 1, "a = 0"),
        ("a = b", |c| c.a = c.b, 1, "a < b"),
        ("a > b", |c| std::mem::swap(&mut c.a, &mut c.b), 1, "a < b"),
        ("a huge", |c| c.a = 1 << 40, 3, "--max-move"),
        ("b huge", |c| c.b = u64::MAX, 3, "--max-move"),
        ("empty base word", |c| c.base_word.clear(), 1, "base word"),
        (
            "base word too long",
            |c| c.base_word.push(0),
            1,
            "base word",
        ),
        (
            "value 2^32 − 1",
            |c| c.base_word[0] = u32::MAX,
            1,
            "recurrence",
        ),
    ];
    for (what, edit, code, needle) in both {
        for base in [&good, &good_base] {
            let mut c = base.clone();
            edit(&mut c);
            cases.push((what, c, code, needle));
        }
    }
    let mut c = good.clone();
    c.from_k = 0; // c(0) = 3 ≤ b = 5
    cases.push(("c(k0) ≤ b", c, 1, "above b"));
    type TailEdit = fn(&mut Vec<u32>, &mut Marker);
    let tails: [(&str, TailEdit, u8, &str); 9] = [
        ("empty tail", |t, _| t.clear(), 1, "tail is empty"),
        ("L = 0", |_, m| m.length = 0, 1, "length"),
        (
            "L = 2^64 − 1",
            |_, m| m.length = u64::MAX,
            3,
            "--max-period",
        ),
        ("L > c(k0)", |_, m| m.length = 1000, 1, "Lemma M"),
        ("start = i64::MIN", |_, m| m.start = i64::MIN, 1, "start"),
        ("start = i64::MAX", |_, m| m.start = i64::MAX, 1, "start"),
        ("start = d", |t, m| m.start = t.len() as i64, 1, "start"),
        (
            "start = −L",
            |_, m| m.start = -(m.length as i64),
            1,
            "start",
        ),
        ("tail value huge", |t, _| t[0] = u32::MAX, 1, "recurrence"),
    ];
    for (what, edit, code, needle) in tails {
        let mut c = good.clone();
        set_tail(&mut c, edit);
        cases.push((what, c, code, needle));
    }
    for (what, claim, code, needle) in &cases {
        let verdict = timed(claim, &limits);
        assert_exit(&verdict, *code, what);
        assert!(verdict.message().contains(needle), "{what}: {verdict:?}");
        // precheck agrees about the limits.
        assert_eq!(
            precheck(&cert(claim.clone()), &limits).is_err(),
            *code == 3,
            "{what}"
        );
    }

    // A marker as long as c(k0) allows, with c(k0) huge: over --max-work
    // (L² comparisons), refused before any of them.
    let mut c = good.clone();
    c.from_k = 1 << 40;
    set_tail(&mut c, |_, m| m.length = 50_000_000);
    assert_exit(&timed(&c, &limits), 3, "L = 5·10^7");
    assert!(check_with(&c, &limits).message().contains("--max-work"));

    // A long tail over a small --max-period, and a tail within it whose
    // checks (k_T ≈ d/m members of about d positions) exceed --max-work.
    let small = Limits {
        max_period: 100,
        ..Limits::default()
    };
    let mut c = good.clone();
    set_tail(&mut c, |t, _| t.resize(200, 0));
    let verdict = timed(&c, &small);
    assert_exit(&verdict, 3, "d over --max-period");
    assert!(verdict.message().contains("--max-period"), "{verdict:?}");
    let mut c = good.clone();
    c.a = 1;
    c.b = 2;
    c.rho = 0;
    c.base_word = vec![0, 1, 2];
    set_tail(&mut c, |t, m| {
        t.resize(1_000_000, 3);
        *m = Marker {
            start: 0,
            length: 1,
        }
    });
    let verdict = timed(&c, &limits);
    assert_exit(&verdict, 3, "huge work");
    assert!(verdict.message().contains("--max-work"), "{verdict:?}");

    // a + b overflowing u64 under raised limits: a limit, no wrap.
    let open = Limits {
        max_move: u64::MAX,
        max_period: u64::MAX,
        max_work: u64::MAX,
        ..Limits::default()
    };
    let mut c = good.clone();
    c.a = u64::MAX - 1;
    c.b = u64::MAX;
    assert_exit(&timed(&c, &open), 3, "a + b overflows");
    // Moves near 2^62 under raised limits: refused by the base word's
    // length, before any arithmetic on them.
    let mut c = good.clone();
    c.a = 1 << 62;
    c.b = (1 << 62) + 1;
    assert_exit(&timed(&c, &open), 1, "base word of the wrong length");
}

/// A Tail claim whose base word is true but whose tail is a B-run
/// continuation (so the sequence would be Base): refused by Lemma M.
#[test]
fn a_marker_that_is_a_factor_of_the_b_run_is_refused() {
    let claim = sample();
    let FamilyShape::Tail { marker, .. } = claim.shape.clone() else {
        panic!()
    };
    let mut c = claim.clone();
    let bw = c.base_word.clone();
    let m = bw.len();
    let c0 = c_of(c.a, c.b, c.rho, c.from_k) as usize;
    c.shape = FamilyShape::Tail {
        tail: (0..3).map(|j| bw[(c0 + j) % m]).collect(),
        marker,
    };
    assert_exit(&check(&c), 1, "B-run tail");
}

/// Lemma P (Tail) as a statement about words, on random B, Y (not nim
/// values): from c(k) ≥ T = b + d + m the signature sets of E_k and
/// E_(k+1) on [0, p + c) are equal; from c(k) ≥ b + d those of E_k are
/// among those of E_(k_T); and T is sharp (at c(k) = T − 1 the inclusion
/// fails for some words). The Base lemma likewise, from b + m.
#[test]
fn lemma_p_signature_classification_on_random_words() {
    type Signature = (u32, [Option<u32>; 3]);
    fn signatures(e: impl Fn(u64) -> u32, moves: [u64; 3], n: u64) -> BTreeSet<Signature> {
        (0..n)
            .map(|x| (e(x), moves.map(|s| (s <= x).then(|| e(x - s)))))
            .collect()
    }
    let tail_sigs = |bw: &[u32], y: &[u32], a: u64, b: u64, c: u64| {
        let (m, d) = (bw.len() as u64, y.len() as u64);
        let p = c + d;
        let e = |x: u64| {
            let x = x % p;
            if x < c {
                bw[(x % m) as usize]
            } else {
                y[(x - c) as usize]
            }
        };
        signatures(e, [a, b, c], p + c)
    };
    let mut rng = Rng(0xFA11);
    let mut sharp = 0;
    for _ in 0..3000 {
        let b = 2 + rng.below(6) as u64;
        let a = 1 + rng.below(b as usize - 1) as u64;
        let m = a + b;
        let rho = rng.below(m as usize) as u64;
        let d = 1 + rng.below(7) as u64;
        let bw: Vec<u32> = (0..m).map(|_| rng.below(3) as u32).collect();
        let y: Vec<u32> = (0..d).map(|_| rng.below(4) as u32).collect();
        let t = b + d + m;
        let k_t = t.saturating_sub(rho).div_ceil(m);
        let at_t = tail_sigs(&bw, &y, a, b, m * k_t + rho);
        for k in 0..k_t + 3 {
            let c = m * k + rho;
            if c <= b {
                continue;
            }
            let here = tail_sigs(&bw, &y, a, b, c);
            let next = tail_sigs(&bw, &y, a, b, c + m);
            if c >= t {
                assert_eq!(here, next, "{a} {b} {rho} {bw:?} {y:?} k = {k}");
            }
            if c >= b + d {
                assert!(here.is_subset(&at_t), "{a} {b} {rho} {bw:?} {y:?} k = {k}");
            }
            if c == t - 1 && !next.is_subset(&here) {
                sharp += 1;
            }
        }
        // Base: E(x) = B[x mod m] with B of cyclic period p0.
        let divisors: Vec<u64> = (1..=m).filter(|e| m % e == 0).collect();
        let p0 = divisors[rng.below(divisors.len())];
        let bw: Vec<u32> = (0..m).map(|i| bw[(i % p0) as usize]).collect();
        let base_sigs = |c: u64| signatures(|x| bw[(x % m) as usize], [a, b, c], p0 + c);
        let k_t = (b + m).saturating_sub(rho).div_ceil(m);
        let at_t = base_sigs(m * k_t + rho);
        for k in 0..k_t + 3 {
            let c = m * k + rho;
            if c > b {
                let here = base_sigs(c);
                assert!(here.is_subset(&at_t), "base {a} {b} {rho} {bw:?} k = {k}");
                if k >= k_t {
                    assert_eq!(here, at_t, "base {a} {b} {rho} {bw:?} k = {k}");
                }
            }
        }
    }
    assert!(sharp > 0, "the threshold b + d + m is sharp");
}

/// Lemma M as a statement about words: when W is no factor of B^∞, the
/// offsets of W in the cyclic word F_k are exactly c + j for the j whose
/// content(j) is W.
#[test]
fn lemma_m_content_list_on_random_words() {
    let mut rng = Rng(0x3A4B);
    for _ in 0..2000 {
        let b = 2 + rng.below(5) as u64;
        let a = 1 + rng.below(b as usize - 1) as u64;
        let m = a + b;
        let rho = rng.below(m as usize) as u64;
        let d = 1 + rng.below(5);
        let l = 1 + rng.below(7) as u64;
        let bw: Vec<u32> = (0..m).map(|_| rng.below(2) as u32).collect();
        let y: Vec<u32> = (0..d).map(|_| rng.below(3) as u32).collect();
        for k in 0..4 {
            let c = m * k + rho;
            if c < l {
                continue;
            }
            let p = c as usize + d;
            let f: Vec<u32> = (0..p)
                .map(|x| {
                    if x < c as usize {
                        bw[x % m as usize]
                    } else {
                        y[x - c as usize]
                    }
                })
                .collect();
            for j in 1 - l as i64..d as i64 {
                let w = content(&bw, &y, rho, j, l);
                let at = (c as i64 + j) as usize;
                assert_eq!(
                    w,
                    (0..l as usize).map(|i| f[(at + i) % p]).collect::<Vec<_>>()
                );
                let factor = (0..m as usize)
                    .any(|r| (0..l as usize).all(|i| w[i] == bw[(r + i) % m as usize]));
                if factor {
                    continue;
                }
                let seen: BTreeSet<usize> = (0..p)
                    .filter(|&o| (0..l as usize).all(|i| f[(o + i) % p] == w[i]))
                    .collect();
                let listed: BTreeSet<usize> = (1 - l as i64..d as i64)
                    .filter(|&o| content(&bw, &y, rho, o, l) == w)
                    .map(|o| (c as i64 + o) as usize)
                    .collect();
                assert_eq!(seen, listed);
            }
        }
    }
}

/// The example of checker/README.md's `Family` section is accepted, with
/// the message it quotes.
#[test]
fn the_readme_example_is_accepted() {
    let readme = std::fs::read_to_string("README.md").unwrap();
    let section = &readme[readme.find("### `Family`").unwrap()..];
    let block = &section[section.find("```ron\n").unwrap() + 7..];
    let block = &block[..block.find("```").unwrap()];
    let text = block.replace(
        "provenance: (...)",
        "provenance: (tool: \"readme\", method: Search(engine: \"naive\"))",
    );
    let verdict = check_bytes(text.as_bytes(), &Limits::default());
    let Verdict::Valid(message) = verdict else {
        panic!("{verdict:?}")
    };
    assert!(message.starts_with(
        "every S = {2, 5, c}, c = 7k + 3, k ≥ 1 (c ≥ 10): purely periodic, least period c + 5;"
    ));
    assert!(message.ends_with("(checked k = 1..2 by Lemma P; marker at c, length 2)"));
}
