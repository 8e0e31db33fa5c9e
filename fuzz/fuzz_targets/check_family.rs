//! `Family` claims (format 6, checker/src/family.rs) built from structured
//! input: small or arbitrary numbers for a, b, ρ, k0, the period and the
//! marker; the base word true (the naive mex of {a, b}) or given; the tail
//! given or taken from the naive truth at c(k0), with the marker given or
//! searched as Lemma M says. `check_certificate` and the SMT writer
//! (`nimcert::export::smt::queries_with`) must never panic, and a
//! claim it accepts must agree with the naive mex at k0, k0 + 1, k0 + 2
//! whenever c is small enough to compute (values on [0, 3p) and the least
//! period).
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use nimcert_check::format::{
    Certificate, Claim, FamilyClaim, FamilyShape, Marker, Method, Provenance,
};
use nimcert_check::{check_certificate, Limits, Verdict};

#[derive(Arbitrary, Debug)]
enum Num {
    Small(u8),
    Any(u64),
}

impl Num {
    fn get(&self) -> u64 {
        match *self {
            Num::Small(v) => u64::from(v % 32),
            Num::Any(v) => v,
        }
    }
}

#[derive(Arbitrary, Debug)]
enum Word {
    /// G_{a,b} on [0, a + b) (when a + b is small), with edits.
    True(Vec<(u8, u8)>),
    Given(Vec<u8>),
}

#[derive(Arbitrary, Debug)]
enum MarkerInput {
    Given {
        start: i64,
        length: Num,
    },
    Small {
        start: i8,
        length: u8,
    },
    /// The first (j, L), L ≤ 10, that Lemma M accepts.
    Search,
}

#[derive(Arbitrary, Debug)]
enum ShapeInput {
    Base(Num),
    Tail {
        tail: Vec<u8>,
        marker: MarkerInput,
    },
    /// The tail of the naive truth at c(k0) (if c(k0) is small and the
    /// truth has that shape), with edits.
    TrueTail {
        edits: Vec<(u8, u8)>,
        marker: MarkerInput,
    },
}

#[derive(Arbitrary, Debug)]
struct Input {
    a: Num,
    b: Num,
    rho: Num,
    k0: Num,
    base: Word,
    shape: ShapeInput,
}

/// G_S on [0, n), by the definition.
fn naive(moves: &[u64], n: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(n);
    for x in 0..n {
        let mut seen = [false; 8];
        for &s in moves {
            if s as usize <= x {
                seen[g[x - s as usize] as usize] = true;
            }
        }
        g.push(seen.iter().position(|&b| !b).unwrap_or(7) as u32);
    }
    g
}

/// The least period p ≤ 3c + 100 of G_S if it is purely periodic (Rule 1:
/// G[0..c) = G[p..p + c)), with the values on [0, 4c + 100).
fn period(moves: &[u64]) -> Option<(usize, Vec<u32>)> {
    let c = *moves.last()? as usize;
    let n = 4 * c + 100;
    let g = naive(moves, n);
    let p = (1..n - c).find(|&p| g[..c] == g[p..p + c])?;
    Some((p, g))
}

fn content(bw: &[u32], tail: &[u32], rho: u64, j: i64, l: u64) -> Vec<u32> {
    let (m, d) = (bw.len() as i64, tail.len() as i64);
    (0..l as i64)
        .map(|i| {
            let q = j + i;
            if q < 0 {
                bw[(rho as i64 % m + q).rem_euclid(m) as usize]
            } else if q < d {
                tail[q as usize]
            } else {
                bw[((q - d) % m) as usize]
            }
        })
        .collect()
}

fn search_marker(bw: &[u32], tail: &[u32], rho: u64) -> Marker {
    let m = bw.len();
    for l in 1..=10u64 {
        for j in (1 - l as i64..0).rev().chain(0..tail.len() as i64) {
            let w = content(bw, tail, rho, j, l);
            let factor = (0..m).any(|r| (0..l as usize).all(|i| w[i] == bw[(r + i) % m]));
            let again = (1 - l as i64..tail.len() as i64)
                .any(|o| o != j && content(bw, tail, rho, o, l) == w);
            if !factor && !again {
                return Marker {
                    start: j,
                    length: l,
                };
            }
        }
    }
    Marker {
        start: 0,
        length: 1,
    }
}

fn marker(input: &MarkerInput, bw: &[u32], tail: &[u32], rho: u64) -> Marker {
    match input {
        MarkerInput::Given { start, length } => Marker {
            start: *start,
            length: length.get(),
        },
        MarkerInput::Small { start, length } => Marker {
            start: i64::from(*start),
            length: u64::from(*length),
        },
        MarkerInput::Search if !bw.is_empty() && bw.len() <= 64 && tail.len() <= 64 => {
            search_marker(bw, tail, rho)
        }
        MarkerInput::Search => Marker {
            start: 0,
            length: 1,
        },
    }
}

fn edit(word: &mut [u32], edits: &[(u8, u8)]) {
    for &(i, v) in edits {
        if !word.is_empty() {
            let n = word.len();
            word[i as usize % n] = u32::from(v % 5);
        }
    }
}

fn build(input: &Input) -> FamilyClaim {
    let (a, b, rho, k0) = (
        input.a.get(),
        input.b.get(),
        input.rho.get(),
        input.k0.get(),
    );
    let small = |m: u64| m <= 64;
    let m = a.checked_add(b);
    let base_word = match &input.base {
        Word::True(edits) if a >= 1 && a < b && m.is_some_and(small) => {
            let mut w = naive(&[a, b], (a + b) as usize);
            edit(&mut w, edits);
            w
        }
        Word::True(_) => Vec::new(),
        Word::Given(w) => w.iter().map(|&v| u32::from(v % 5)).collect(),
    };
    let c0 = m
        .and_then(|m| m.checked_mul(k0))
        .and_then(|x| x.checked_add(rho));
    let shape = match &input.shape {
        ShapeInput::Base(p) => FamilyShape::Base { period: p.get() },
        ShapeInput::Tail { tail, marker: mk } => {
            let tail: Vec<u32> = tail.iter().map(|&v| u32::from(v % 5)).collect();
            let marker = marker(mk, &base_word, &tail, rho);
            FamilyShape::Tail { tail, marker }
        }
        ShapeInput::TrueTail { edits, marker: mk } => {
            let mut tail = match c0 {
                Some(c) if a >= 1 && a < b && b < c && c <= 200 => match period(&[a, b, c]) {
                    Some((p, g)) if p > c as usize => g[c as usize..p].to_vec(),
                    _ => vec![0],
                },
                _ => vec![0],
            };
            edit(&mut tail, edits);
            let marker = marker(mk, &base_word, &tail, rho);
            FamilyShape::Tail { tail, marker }
        }
    };
    FamilyClaim {
        a,
        b,
        rho,
        from_k: k0,
        base_word,
        shape,
    }
}

/// A claim accepted by the checker, against the naive mex at k0, k0 + 1,
/// k0 + 2 (those with c ≤ 300).
fn oracle(claim: &FamilyClaim) {
    let m = claim.a + claim.b;
    for k in claim.from_k..claim.from_k.saturating_add(3) {
        let Some(c) = m.checked_mul(k).and_then(|x| x.checked_add(claim.rho)) else {
            return;
        };
        if c > 300 {
            return;
        }
        let (p, e): (u64, Box<dyn Fn(u64) -> u32>) = match &claim.shape {
            FamilyShape::Base { period } => {
                let bw = claim.base_word.clone();
                (*period, Box::new(move |x| bw[(x % m) as usize]))
            }
            FamilyShape::Tail { tail, .. } => {
                let p = c + tail.len() as u64;
                let (bw, tail) = (claim.base_word.clone(), tail.clone());
                let f = move |x: u64| {
                    let x = x % p;
                    if x < c {
                        bw[(x % m) as usize]
                    } else {
                        tail[(x - c) as usize]
                    }
                };
                (p, Box::new(f))
            }
        };
        let n = 3 * p as usize + c as usize;
        let g = naive(&[claim.a, claim.b, c], n);
        for (x, &v) in g.iter().enumerate() {
            assert_eq!(v, e(x as u64), "accepted {claim:?}: G({x}) at k = {k}");
        }
        for shift in 1..p as usize {
            assert!(
                (0..2 * p as usize).any(|x| g[x] != g[x + shift]),
                "accepted {claim:?}: {shift} is a smaller period at k = {k}"
            );
        }
    }
}

fuzz_target!(|input: Input| {
    let claim = build(&input);
    let certificate = Certificate {
        format: 6,
        provenance: Provenance {
            tool: "fuzz".to_string(),
            method: Method::Search {
                engine: "check_family".to_string(),
            },
        },
        claim: Claim::Family(claim.clone()),
    };
    // A small --max-work keeps each run short; every size is still judged.
    let limits = Limits {
        max_work: 20_000_000,
        ..Limits::default()
    };
    let accepted = matches!(check_certificate(&certificate, &limits), Verdict::Valid(_));
    if accepted {
        oracle(&claim);
    }
    // The SMT path (src/export/smt.rs) on the same claim, true or mutated:
    // the writer never panics, refuses what is malformed, and writes
    // queries for every claim nimcheck accepts. (The solvers themselves
    // are not run here: tests/family_smt.rs and scripts/family-smt.)
    let written =
        nimcert::export::smt::queries_with(&claim, nimcert::export::smt::Split::Regions, 512);
    if accepted && claim.base_word.len() + tail_len(&claim) <= 512 {
        let queries = written.expect("an accepted claim has SMT queries");
        assert!(!queries.is_empty());
    }
});

/// d, the tail's length (0 for the Base shape).
fn tail_len(claim: &FamilyClaim) -> usize {
    match &claim.shape {
        FamilyShape::Tail { tail, .. } => tail.len(),
        FamilyShape::Base { .. } => 0,
    }
}
