//! Fixtures for the checker's own tests, built without the solver: a tiny
//! naive mex computation and hand-written witness searches. The checker crate
//! never depends on `nimcert`, not even for tests.

#![allow(dead_code)]

use nimcert_check::format::{
    Certificate, Claim, Method, PSetClaim, PeriodWitness, Provenance, SequenceClaim,
};
use nimcert_check::{check_bytes, check_certificate, Limits, Verdict};

/// G_S(x) for x < n, by the definition.
pub fn naive(moves: &[u64], n: u64) -> Vec<u32> {
    let mut v: Vec<u32> = Vec::new();
    for x in 0..n {
        let options: Vec<u32> = moves
            .iter()
            .filter(|&&s| s <= x)
            .map(|&s| v[(x - s) as usize])
            .collect();
        let mut m = 0;
        while options.contains(&m) {
            m += 1;
        }
        v.push(m);
    }
    v
}

/// Least (q, p) of G_S by brute force: the first repeated window of c
/// values, found by comparing all earlier windows (tiny games only).
pub fn naive_qp(moves: &[u64]) -> (u64, u64) {
    let c = *moves.last().unwrap();
    let n = 4000;
    let v = naive(moves, n);
    for end in (c as usize)..(n as usize) {
        for start in (c as usize)..end {
            if v[start - c as usize..start] == v[end - c as usize..end] {
                // windows before start and end agree: periodic from start - c
                let p = (end - start) as u64;
                let mut q = start as u64 - c;
                while q > 0 && v[q as usize - 1] == v[(q - 1 + p) as usize] {
                    q -= 1;
                }
                return (q, p);
            }
        }
    }
    panic!("no period found for {moves:?}")
}

pub fn primes(mut n: u64) -> Vec<u64> {
    let mut out = Vec::new();
    let mut r = 2;
    while r * r <= n {
        if n % r == 0 {
            out.push(r);
            while n % r == 0 {
                n /= r;
            }
        }
        r += 1;
    }
    if n > 1 {
        out.push(n);
    }
    out
}

pub fn provenance() -> Provenance {
    Provenance {
        tool: "checker tests".to_string(),
        method: Method::Search {
            engine: "naive mex in checker/tests/common".to_string(),
        },
    }
}

pub fn certificate(claim: Claim) -> Certificate {
    Certificate {
        format: 1,
        provenance: provenance(),
        claim,
    }
}

/// A correct `Sequence` claim for S, with witnesses found by brute force.
pub fn sequence_claim(moves: &[u64]) -> SequenceClaim {
    let (q, p) = naive_qp(moves);
    let v = naive(moves, q + 3 * p + 10);
    let period_witnesses = primes(p)
        .into_iter()
        .map(|r| PeriodWitness {
            prime: r,
            position: (q..q + p)
                .find(|&x| v[x as usize] != v[(x + p / r) as usize])
                .unwrap(),
        })
        .collect();
    SequenceClaim {
        moves: moves.to_vec(),
        preperiod: q,
        period: p,
        values: v[..(q + p) as usize].to_vec(),
        period_witnesses,
        preperiod_witness: (q > 0).then(|| q - 1),
    }
}

/// A correct `PSet` claim for a game whose P-positions are purely periodic
/// with least period P (given).
pub fn pset_claim(moves: &[u64], period: u64) -> PSetClaim {
    let v = naive(moves, 3 * period + 100);
    let zero = |x: u64| v[x as usize] == 0;
    // The claim must be true: P-positions are P-periodic from 0 here.
    for x in 0..2 * period + 50 {
        assert_eq!(
            zero(x),
            zero(x + period),
            "{moves:?} not P-periodic with {period}"
        );
    }
    let block: Vec<u64> = (0..period).filter(|&x| zero(x)).collect();
    let cover = (0..period)
        .filter(|&r| !zero(r))
        .map(|r| {
            let s = *moves.iter().find(|&&s| s <= r && zero(r - s)).unwrap();
            (r, s)
        })
        .collect();
    let period_witnesses = primes(period)
        .into_iter()
        .map(|r| PeriodWitness {
            prime: r,
            position: (0..period)
                .find(|&x| zero(x) != zero((x + period / r) % period))
                .unwrap(),
        })
        .collect();
    PSetClaim {
        moves: moves.to_vec(),
        period,
        block,
        cover,
        period_witnesses,
    }
}

pub fn seq(claim: SequenceClaim) -> Verdict {
    check_certificate(&certificate(Claim::Sequence(claim)), &Limits::default())
}

pub fn seq_with(claim: SequenceClaim, limits: &Limits) -> Verdict {
    check_certificate(&certificate(Claim::Sequence(claim)), limits)
}

pub fn pset(claim: PSetClaim) -> Verdict {
    check_certificate(&certificate(Claim::PSet(claim)), &Limits::default())
}

pub fn pset_with(claim: PSetClaim, limits: &Limits) -> Verdict {
    check_certificate(&certificate(Claim::PSet(claim)), limits)
}

pub fn bytes(text: &[u8]) -> Verdict {
    check_bytes(text, &Limits::default())
}

#[track_caller]
pub fn assert_valid(verdict: &Verdict) {
    assert!(
        matches!(verdict, Verdict::Valid(_)),
        "expected valid: {verdict:?}"
    );
}

/// Asserts an invalid verdict whose message contains `needle`.
#[track_caller]
pub fn assert_invalid(verdict: &Verdict, needle: &str) {
    match verdict {
        Verdict::Invalid(m) => assert!(m.contains(needle), "message {m:?} lacks {needle:?}"),
        other => panic!("expected invalid ({needle}): {other:?}"),
    }
}

/// Asserts an undecidable verdict whose message contains `needle`.
#[track_caller]
pub fn assert_undecidable(verdict: &Verdict, needle: &str) {
    match verdict {
        Verdict::Undecidable(m) => assert!(m.contains(needle), "message {m:?} lacks {needle:?}"),
        other => panic!("expected undecidable ({needle}): {other:?}"),
    }
}

pub fn w(prime: u64, position: u64) -> PeriodWitness {
    PeriodWitness { prime, position }
}

/// Asserts an over-limit verdict (exit 3) whose message contains `needle`.
#[track_caller]
pub fn assert_over_limit(verdict: &Verdict, needle: &str) {
    match verdict {
        Verdict::OverLimit(m) => assert!(m.contains(needle), "message {m:?} lacks {needle:?}"),
        other => panic!("expected over a limit ({needle}): {other:?}"),
    }
}

/// xorshift64*, so that random inputs are reproducible.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Small games of every shape: one to six moves, purely periodic and not,
/// a = 1, gcd > 1.
pub const GAMES: &[&[u64]] = &[
    &[1],
    &[2],
    &[3],
    &[1, 2],
    &[2, 5, 7],
    &[1, 3, 5],
    &[2, 3, 7],
    &[3, 5, 7],
    &[2, 4, 7],
    &[2, 14, 18],
    &[4, 6, 10],
    &[3, 7, 10],
    &[1, 8, 13],
    &[3, 4, 6, 10],
    &[4, 7, 9, 13, 20],
    &[2, 3, 5, 9, 11, 17],
    &[6],
];
