//! `Octal` claims (checker/src/octal.rs) against a naive oracle written
//! here: the checker must accept a claim exactly when it is the truth with
//! valid witnesses, and reject every other claim (exit 1). Codes with a
//! digit before the point or hexadecimal digits (read by the checker since
//! issue 23) are outside this oracle and not judged.
//!
//! An input that parses as a certificate is judged as it is (the seed
//! corpus is `certificates/`, whose octal files libFuzzer then mutates);
//! any other input is read with `arbitrary` as a code of one to three
//! digits and either the true claim with up to four mutations, or a claim
//! of an arbitrary (q, p) with the true values and witnesses found for it
//! (true exactly when (q, p) is the least pair).
//!
//! The oracle computes G(n) for n < N by listing every option, and finds
//! the least (q, p) by brute force: p is accepted with its least q when G
//! repeats with period p on [q, N − p) and that window is at least
//! 2(q + p + t + 1) long, twice the range [q, 2q + p + t + 1) of the
//! periodicity theorem the checker uses, so a checker that read too few
//! positions (the theorem's printed range, one short when q = 0) would be
//! caught. A claim of (q, p) with q + p + 2(q + p + t + 1) ≤ N is judged
//! even when no period is found: were it true, the search would have found
//! it. Larger claims are skipped.
//!
//! Every judged `Octal` claim (format 3 or later) is judged again in its
//! `OctalPeriodic` form (format 5: the values dropped, the checker computes
//! them, with the same hint): valid exactly when the claim with the true
//! values would be.
#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use nimcert_check::format::{
    Certificate, Claim, Method, OctalClaim, OctalPeriodicClaim, PeriodWitness, Provenance,
    SparseHint,
};
use nimcert_check::{check_certificate, parse, Limits, Verdict};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// How far the oracle computes G.
const N: usize = 1000;

#[derive(Arbitrary, Debug)]
struct Input {
    digits: [u8; 3],
    len: u8,
    /// Even: the true claim, mutated; odd: an arbitrary (q, p).
    kind: u8,
    q: u8,
    p: u8,
    /// A sparse hint (mask, position parity 0 or 1): it must never change
    /// the verdict.
    hint: Option<(u32, Option<bool>)>,
    mutations: Vec<Mutation>,
}

#[derive(Arbitrary, Debug)]
enum Mutation {
    Value { index: u8, value: u8 },
    Period(i8),
    Preperiod(i8),
    Truncate,
    Extend(u8),
    DoublePeriod,
    WitnessPrime { index: u8, prime: u8 },
    WitnessPosition { index: u8, position: u16 },
    DropWitness(u8),
    AddWitness { prime: u8, position: u8 },
    PreperiodWitness(Option<u8>),
    CodeByte { index: u8, byte: u8 },
    Format(u8),
}

/// The digits of a code the oracle reads: `0.` then octal digits, the last
/// non-zero; `None` for anything else.
fn digits(code: &str) -> Option<Vec<u8>> {
    let rest = code.strip_prefix("0.")?;
    let d: Vec<u8> = rest
        .bytes()
        .map(|b| (b'0'..=b'7').contains(&b).then(|| b - b'0'))
        .collect::<Option<_>>()?;
    (d.last().is_some_and(|&x| x != 0)).then_some(d)
}

/// Whether `code` is d0.d1…dt with d0 ∈ {0, 4, 8, C} and hexadecimal
/// digits, the last non-zero (or the single 0 after d0 ≠ 0), but not one
/// [`digits`] reads.
fn other_game(code: &str) -> bool {
    let Some((whole, rest)) = code.split_once('.') else {
        return false;
    };
    let d0 = ["0", "4", "8", "c", "C"].contains(&whole);
    let hex = !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_hexdigit());
    let last = rest.ends_with('0') && !(whole != "0" && rest == "0");
    d0 && hex && !last && digits(code).is_none()
}

/// G(n) for n < N: every option listed, then the least absent number.
fn grundy(d: &[u8]) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(N);
    let mut options: Vec<u32> = Vec::new();
    for n in 0..N {
        options.clear();
        for (i, &dk) in d.iter().enumerate() {
            let k = i + 1;
            if k > n {
                break;
            }
            let rest = n - k;
            if dk & 1 != 0 && rest == 0 {
                options.push(0);
            }
            if dk & 2 != 0 && rest > 0 {
                options.push(g[rest]);
            }
            if dk & 4 != 0 && rest >= 2 {
                for a in 1..rest {
                    options.push(g[a] ^ g[rest - a]);
                }
            }
        }
        options.sort_unstable();
        options.dedup();
        let mex = options
            .iter()
            .enumerate()
            .take_while(|&(i, &x)| i as u32 == x)
            .count();
        g.push(mex as u32);
    }
    g
}

/// The positions the oracle needs to accept (q, p): [0, q + p) and a
/// window twice the theorem's range.
fn needed(q: usize, p: usize, t: usize) -> usize {
    q + p + 2 * (q + p + t + 1)
}

/// The truth for a code: G on [0, N) and the least (q, p) if found.
struct Truth {
    g: Vec<u32>,
    qp: Option<(u64, u64)>,
}

fn truth(d: &[u8]) -> &'static Truth {
    static CACHE: OnceLock<Mutex<HashMap<Vec<u8>, &'static Truth>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let mut cache = cache.lock().unwrap();
    cache.entry(d.to_vec()).or_insert_with(|| {
        let g = grundy(d);
        let qp = (1..N / 4).find_map(|p| {
            let mut q = N - p;
            while q > 0 && g[q - 1] == g[q - 1 + p] {
                q -= 1;
            }
            (needed(q, p, d.len()) <= N).then_some((q as u64, p as u64))
        });
        Box::leak(Box::new(Truth { g, qp }))
    })
}

/// The distinct primes of n (written here, not shared).
fn primes(mut n: u64) -> Vec<u64> {
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

/// Whether the claim is true with valid witnesses; `None`: not judged.
fn oracle(c: &OctalClaim) -> Option<bool> {
    let Some(d) = digits(&c.code) else {
        // A code with a digit before the point or a hexadecimal digit is a
        // game the checker reads (issue 23) and this oracle does not: not
        // judged. Any other text is no code: false.
        return if other_game(&c.code) {
            None
        } else {
            Some(false)
        };
    };
    if d.len() > 3 {
        return None;
    }
    let (q, p) = (c.preperiod, c.period);
    // Sizes first: a claim of a huge q may be refused over a limit (exit 3)
    // before its p = 0 is read, and is not judged here.
    if q > N as u64 || p > N as u64 || needed(q as usize, p as usize, d.len()) > N {
        return None;
    }
    if p == 0 {
        return Some(false);
    }
    let truth = truth(&d);
    let Some((tq, tp)) = truth.qp else {
        return Some(false);
    };
    let g = &truth.g;
    let is_truth = (q, p) == (tq, tp) && c.values[..] == g[..(q + p) as usize];
    if !is_truth {
        return Some(false);
    }
    let v = |n: u64| g[(if n < q + p { n } else { q + (n - q) % p }) as usize];
    let ps = primes(p);
    let witnesses = c.period_witnesses.len() == ps.len()
        && c.period_witnesses.iter().zip(&ps).all(|(w, &r)| {
            w.prime == r
                && w.position >= q
                && w.position
                    .checked_add(p / r)
                    .is_some_and(|y| v(w.position) != v(y))
        });
    Some(witnesses && c.preperiod_witness == (q > 0).then(|| q - 1))
}

/// Low limits, as in check_structured: far above what a judged claim needs.
fn limits() -> Limits {
    Limits {
        max_work: 10_000_000,
        ..Limits::default()
    }
}

fn judge(certificate: &Certificate) {
    let Claim::Octal(c) = &certificate.claim else {
        return;
    };
    let verdict = check_certificate(certificate, &limits());
    if certificate.format < 3 {
        // Format 3 is the first with the Octal kind.
        assert!(
            matches!(verdict, Verdict::Undecidable(_)),
            "format {}: {verdict:?}",
            certificate.format
        );
        return;
    }
    let Some(expected) = oracle(c) else { return };
    // A hint's position parity must be 0 or 1 (a seed from the invalid
    // corpus has 2); otherwise the hint never changes the verdict.
    let hint_readable = c
        .sparse
        .map_or(true, |h| h.position_parity.map_or(true, |f| f <= 1));
    let expected = expected && hint_readable;
    judge_periodic(c, hint_readable);
    match verdict {
        Verdict::Valid(_) => assert!(expected, "checker accepted a false claim: {certificate:?}"),
        Verdict::Invalid(ref m) => {
            assert!(
                !expected,
                "checker rejected a true claim ({m}): {certificate:?}"
            )
        }
        Verdict::Undecidable(ref m) => assert!(
            certificate.format != 3 || digits(&c.code).is_none(),
            "undecided on a readable claim ({m}): {certificate:?}"
        ),
        Verdict::OverLimit(ref m) => panic!("a small claim over a limit ({m}): {certificate:?}"),
    }
}

/// The `OctalPeriodic` form of `c` (format 5): valid exactly when `c` with
/// the true values on [0, q + p) is true (and its hint readable).
fn judge_periodic(c: &OctalClaim, hint_readable: bool) {
    let Some(d) = digits(&c.code) else { return };
    let g = &truth(&d).g;
    let Some(length) = c
        .preperiod
        .checked_add(c.period)
        .filter(|&l| l <= g.len() as u64)
    else {
        return;
    };
    let with_truth = OctalClaim {
        values: g[..length as usize].to_vec(),
        ..c.clone()
    };
    let Some(expected) = oracle(&with_truth) else {
        return;
    };
    let expected = expected && hint_readable;
    let certificate = Certificate {
        format: 5,
        provenance: Provenance {
            tool: "fuzz".to_string(),
            method: Method::Search {
                engine: "naive mex in fuzz/fuzz_targets/octal_vs_naive.rs".to_string(),
            },
        },
        claim: Claim::OctalPeriodic(OctalPeriodicClaim {
            code: c.code.clone(),
            preperiod: c.preperiod,
            period: c.period,
            period_witnesses: c.period_witnesses.clone(),
            preperiod_witness: c.preperiod_witness,
            sparse: c.sparse,
        }),
    };
    match check_certificate(&certificate, &limits()) {
        Verdict::Valid(_) => assert!(expected, "accepted a false OctalPeriodic: {certificate:?}"),
        Verdict::Invalid(ref m) => {
            assert!(
                !expected,
                "rejected a true OctalPeriodic ({m}): {certificate:?}"
            )
        }
        other => panic!("OctalPeriodic {other:?}: {certificate:?}"),
    }
}

/// The claim of (q, p) with the true values on [0, q + p) and the first
/// witness of each prime in [q, q + p), if any (else position q).
fn claim_for(code: &str, g: &[u32], q: u64, p: u64) -> OctalClaim {
    let witness = |r: u64| {
        let position = (q..q + p)
            .find(|&x| g[x as usize] != g[(x + p / r) as usize])
            .unwrap_or(q);
        PeriodWitness { prime: r, position }
    };
    OctalClaim {
        code: code.to_string(),
        preperiod: q,
        period: p,
        values: g[..(q + p) as usize].to_vec(),
        period_witnesses: primes(p).into_iter().map(witness).collect(),
        preperiod_witness: (q > 0).then(|| q - 1),
        sparse: None,
    }
}

fn at<T>(v: &mut [T], i: u8) -> Option<&mut T> {
    let n = v.len();
    (n > 0).then(|| &mut v[i as usize % n])
}

fn mutate(c: &mut OctalClaim, format: &mut u32, m: &Mutation) {
    match *m {
        Mutation::Value { index, value } => {
            if let Some(v) = at(&mut c.values, index) {
                *v = value as u32 % 8;
            }
        }
        Mutation::Period(d) => c.period = c.period.saturating_add_signed(d as i64),
        Mutation::Preperiod(d) => c.preperiod = c.preperiod.saturating_add_signed(d as i64),
        Mutation::Truncate => {
            c.values.pop();
        }
        Mutation::Extend(v) => c.values.push(v as u32 % 8),
        Mutation::DoublePeriod => {
            let q = (c.preperiod as usize).min(c.values.len());
            let tail = c.values[q..].to_vec();
            c.values.extend(tail);
            c.period = c.period.saturating_mul(2);
        }
        Mutation::WitnessPrime { index, prime } => {
            if let Some(w) = at(&mut c.period_witnesses, index) {
                w.prime = prime as u64;
            }
        }
        Mutation::WitnessPosition { index, position } => {
            if let Some(w) = at(&mut c.period_witnesses, index) {
                w.position = position as u64;
            }
        }
        Mutation::DropWitness(i) => {
            if !c.period_witnesses.is_empty() {
                let n = c.period_witnesses.len();
                c.period_witnesses.remove(i as usize % n);
            }
        }
        Mutation::AddWitness { prime, position } => c.period_witnesses.push(PeriodWitness {
            prime: prime as u64,
            position: position as u64,
        }),
        Mutation::PreperiodWitness(w) => c.preperiod_witness = w.map(u64::from),
        Mutation::CodeByte { index, byte } => {
            let mut bytes = c.code.clone().into_bytes();
            let i = index as usize % (bytes.len() + 1);
            if i == bytes.len() {
                bytes.push(byte);
            } else {
                bytes[i] = byte;
            }
            c.code = String::from_utf8_lossy(&bytes).into_owned();
        }
        Mutation::Format(f) => *format = 1 + f as u32 % 3,
    }
}

fuzz_target!(|data: &[u8]| {
    if let Ok(certificate) = parse(data, &limits()) {
        judge(&certificate);
        return;
    }
    let Ok(input) = Input::arbitrary(&mut Unstructured::new(data)) else {
        return;
    };
    let t = 1 + input.len as usize % 3;
    let mut d: Vec<u8> = input.digits[..t].iter().map(|x| x % 8).collect();
    if d[t - 1] == 0 {
        d[t - 1] = 1 + input.digits[t - 1] % 7;
    }
    let code: String = "0."
        .chars()
        .chain(d.iter().map(|&x| char::from(b'0' + x)))
        .collect();
    let truth = truth(&d);
    let mut claim = if input.kind % 2 == 0 {
        let Some((q, p)) = truth.qp else { return };
        claim_for(&code, &truth.g, q, p)
    } else {
        let (q, p) = (input.q as u64 % 120, 1 + input.p as u64 % 120);
        claim_for(&code, &truth.g, q, p)
    };
    claim.sparse = input.hint.map(|(mask, f)| SparseHint {
        mask,
        position_parity: f.map(u32::from),
    });
    let mut format = 3;
    for m in input.mutations.iter().take(4) {
        mutate(&mut claim, &mut format, m);
    }
    judge(&Certificate {
        format,
        provenance: Provenance {
            tool: "fuzz".to_string(),
            method: Method::Search {
                engine: "naive mex in fuzz/fuzz_targets/octal_vs_naive.rs".to_string(),
            },
        },
        claim: Claim::Octal(claim),
    });
});
