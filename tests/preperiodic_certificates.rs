//! The `PrePeriodicFamily` claims (format 8) nimcert derives
//! (src/subtraction/preperiodic.rs, settled by
//! src/subtraction/classification.rs) against a naive mex computed here,
//! and the checker (checker/src/preperiodic.rs) against their mutants.
//!
//! - Every primitive class of every base 2 ≤ a < b ≤ 12 is settled, and
//!   each one settled as pre-periodic (153) has a claim that nimcheck's
//!   library accepts at its default limits; on every member c ≤ 2000 of the
//!   class from c(k0) on the naive mex agrees: the blocks expand to G_S on
//!   [0, q + p), p is a period from q, q is the least pre-period, and with a
//!   marker p is the least period (without one, the least period divides
//!   p). The raw claims of `derive` are accepted exactly when true.
//! - Mutants of those claims (a letter of a word, a block's slope or
//!   offset with or without the stated length, the stated q or p, k0
//!   lowered or raised, markers that occur twice or not at all or that
//!   straddle a growing block's end, letters moved between blocks, blocks
//!   swapped, dropped or doubled, another game) are judged by the naive mex
//!   on members k0 ≤ k ≤ k0 + 2M + 24: a mutant shown false at some member,
//!   or ill-formed (Rule 0, read from the format's documentation here), must
//!   be refused (as invalid, or over a limit when the mutant is larger); a
//!   mutant true on every member tried must be accepted (or be over a
//!   limit): the checker is complete for true claims, so its verdict agrees
//!   with the naive truth on every mutant.
//! - The `#[ignore]`d tests do the same up to b = 20 (and c ≤ 5000).
//!
//! Nothing here uses the checker's code or the engine to decide the truth:
//! [`Naive`] is the definition G(x) = mex{G(x − s) : s ∈ S, s ≤ x}.

use nimcert::check::format::{Affine, Block, PrePeriodicFamilyClaim};
use nimcert::check::{check_certificate, Limits, Verdict};
use nimcert::subtraction::classification::{preperiodic_claim, settle_class, ClassStatus};
use nimcert::subtraction::preperiodic::{certificate, derive, expand, qp_at};
use std::collections::HashMap;
use std::time::Instant;

/// G_S for S = {a, b, c} by the definition, each game extended on demand.
#[derive(Default)]
struct Naive {
    games: HashMap<[u64; 3], Vec<u32>>,
}

impl Naive {
    /// G_S on [0, n).
    fn values(&mut self, moves: [u64; 3], n: usize) -> &[u32] {
        let g = self.games.entry(moves).or_default();
        while g.len() < n {
            let x = g.len() as u64;
            // Three options: the mex is at most 3.
            let mut seen = [false; 4];
            for &s in &moves {
                if s <= x {
                    let v = g[(x - s) as usize] as usize;
                    if v < 4 {
                        seen[v] = true;
                    }
                }
            }
            g.push(seen.iter().position(|&b| !b).unwrap() as u32);
        }
        &g[..n]
    }
}

/// The least e ≥ 1 with w[i] = w[(i + e) mod |w|] for every i: the least
/// period of the tail when w is one period of it.
fn least_cyclic_period(w: &[u32]) -> usize {
    let n = w.len();
    (1..=n)
        .filter(|&e| n.is_multiple_of(e))
        .find(|&e| (0..n).all(|i| w[i] == w[(i + e) % n]))
        .unwrap()
}

/// Occurrences of `marker` in the cyclic word `w`.
fn occurrences(w: &[u32], marker: &[u32]) -> usize {
    let n = w.len();
    (0..n)
        .filter(|&o| marker.iter().enumerate().all(|(i, &v)| w[(o + i) % n] == v))
        .count()
}

/// What the naive mex says of one member.
#[derive(Debug)]
struct Member {
    q: u64,
    p: u64,
    /// The least period.
    least: u64,
}

/// The claim at member k against the naive mex: `Ok` with the true least
/// pre-period and periods when every sentence of the claim holds at k,
/// `Err` with the first that does not.
fn judge_member(
    claim: &PrePeriodicFamilyClaim,
    k: u64,
    naive: &mut Naive,
) -> Result<Member, String> {
    let (a, b, rho) = (claim.a, claim.b, claim.rho);
    let c = (a + b) * k + rho;
    let pre = expand(&claim.preperiod, k).ok_or("a pre-period block shorter than 1")?;
    let per = expand(&claim.period, k).ok_or("a period block shorter than 1")?;
    let (q, p) = (pre.len(), per.len());
    if qp_at(claim, k) != (q as i64, p as i64) {
        return Err(format!("stated (q, p) {:?} ≠ ({q}, {p})", qp_at(claim, k)));
    }
    if q == 0 || p == 0 {
        return Err("q = 0 or p = 0".into());
    }
    let cu = c as usize;
    let g = naive.values([a, b, c], q + 2 * p + cu + 1);
    if let Some(x) = (0..q + p).find(|&x| g[x] != if x < q { pre[x] } else { per[x - q] }) {
        return Err(format!("G({x}) = {} differs from the blocks", g[x]));
    }
    // p-periodic on a window of c from q: periodic from q for ever (every
    // move is at most c).
    if let Some(x) = (q..q + cu).find(|&x| g[x] != g[x + p]) {
        return Err(format!("G({x}) ≠ G({x} + {p}): p is no period from q"));
    }
    let least = least_cyclic_period(&g[q..q + p]);
    // The least pre-period for the least period, scanned down from q.
    let mut true_q = q;
    while true_q > 0 && g[true_q - 1] == g[true_q - 1 + least] {
        true_q -= 1;
    }
    if true_q != q {
        return Err(format!("the least pre-period is {true_q}, not q = {q}"));
    }
    if let Some(w) = &claim.marker {
        let n = occurrences(&g[q..q + p], w);
        if n != 1 {
            return Err(format!("the marker occurs {n} times in the period"));
        }
        assert_eq!(least, p, "a marker occurring once proves p least");
    }
    Ok(Member {
        q: q as u64,
        p: p as u64,
        least: least as u64,
    })
}

/// Rule 0 (well-formedness), read from the documentation of
/// `PrePeriodicFamilyClaim`: `Err` with the broken condition.
fn well_formed(claim: &PrePeriodicFamilyClaim) -> Result<(), String> {
    let (a, b, rho, k0) = (claim.a, claim.b, claim.rho, claim.from_k);
    if a == 0 || a >= b {
        return Err("not 1 ≤ a < b".into());
    }
    let m = a + b;
    if rho >= m {
        return Err("ρ ≥ a + b".into());
    }
    match m.checked_mul(k0).and_then(|x| x.checked_add(rho)) {
        Some(c0) if c0 > b => {}
        _ => return Err("c(k0) not above b".into()),
    }
    let at = |f: Affine| f.slope as i128 * k0 as i128 + f.offset as i128;
    let sum = |blocks: &[Block]| {
        blocks.iter().fold((0i128, 0i128), |(s, o), b| {
            (s + b.length.slope as i128, o + b.length.offset as i128)
        })
    };
    for (name, blocks, stated) in [
        ("pre-period", &claim.preperiod, claim.preperiod_length),
        ("period", &claim.period, claim.period_length),
    ] {
        if blocks.is_empty() {
            return Err(format!("no {name} block"));
        }
        if blocks.iter().any(|b| b.word.is_empty()) {
            return Err(format!("an empty word in the {name}"));
        }
        if blocks.iter().any(|b| at(b.length) < 1) {
            return Err(format!("a {name} block shorter than 1 at k0"));
        }
        if sum(blocks) != (stated.slope as i128, stated.offset as i128) {
            return Err(format!("the stated {name} length is not the blocks' sum"));
        }
    }
    if let Some(w) = &claim.marker {
        if w.is_empty() || w.len() as i128 > at(claim.period_length) {
            return Err("a marker of 0 or more than p(k0) letters".into());
        }
    }
    Ok(())
}

fn gcd(x: u64, y: u64) -> u64 {
    if y == 0 {
        x
    } else {
        gcd(y, x % y)
    }
}

/// The lcm of the word lengths of the growing blocks (and of p when p is
/// constant): the claim's values at k and k + M read the same letters.
fn modulus(claim: &PrePeriodicFamilyClaim) -> u64 {
    let mut m = 1u64;
    for b in claim.preperiod.iter().chain(&claim.period) {
        if b.length.slope > 0 {
            let g = b.word.len().max(1) as u64;
            m = m / gcd(m, g) * g;
        }
    }
    if claim.period_length.slope == 0 {
        let p = claim.period_length.offset.max(1) as u64;
        m = m / gcd(m, p) * p;
    }
    m
}

fn check(claim: &PrePeriodicFamilyClaim) -> Verdict {
    check_certificate(&certificate(claim.clone()), &Limits::default())
}

/// Every primitive class of 2 ≤ a < b ≤ `max_b` settled as pre-periodic,
/// with its claim.
fn settled_claims(max_b: u64) -> Vec<PrePeriodicFamilyClaim> {
    let mut claims = Vec::new();
    for b in 3..=max_b {
        for a in 2..b {
            for rho in 0..a + b {
                let status = settle_class(a, b, rho);
                assert!(
                    !matches!(status, ClassStatus::Unsettled(_)),
                    "({a}, {b}, {rho}) unsettled: {status:?}"
                );
                if let Some(claim) = preperiodic_claim(&status) {
                    claims.push(claim.clone());
                }
            }
        }
    }
    claims
}

/// The acceptance and agreement test on every member c ≤ `max_c`: the
/// number of classes and of members compared.
fn accepted_and_agree(max_b: u64, max_c: u64) -> (usize, usize) {
    let mut naive = Naive::default();
    let claims = settled_claims(max_b);
    let mut members = 0;
    for claim in &claims {
        let verdict = check(claim);
        assert!(
            matches!(verdict, Verdict::Valid(_)),
            "({}, {}, {}) refused: {verdict:?}",
            claim.a,
            claim.b,
            claim.rho
        );
        let m = claim.a + claim.b;
        let mut k = claim.from_k;
        while m * k + claim.rho <= max_c {
            let c = m * k + claim.rho;
            let truth = judge_member(claim, k, &mut naive).unwrap_or_else(|why| {
                panic!(
                    "{{{}, {}, {c}}} (k = {k}): the accepted claim is false: {why}",
                    claim.a, claim.b
                )
            });
            let (q, p) = qp_at(claim, k);
            assert_eq!((truth.q as i64, truth.p as i64), (q, p));
            if claim.marker.is_some() {
                assert_eq!(truth.least as i64, p, "{{{}, {}, {c}}}", claim.a, claim.b);
            } else {
                assert!((p as u64).is_multiple_of(truth.least));
            }
            members += 1;
            k += 1;
        }
        // The games below c(k0) are not claimed: free the memory.
        naive.games.clear();
    }
    (claims.len(), members)
}

#[test]
fn derived_claims_are_accepted_and_agree_with_the_naive_mex_up_to_c_2000() {
    let start = Instant::now();
    let (classes, members) = accepted_and_agree(12, 2000);
    eprintln!(
        "{classes} pre-periodic classes, {members} members c ≤ 2000 compared in {:.1?}",
        start.elapsed()
    );
    // 153 pre-periodic primitive classes on 2 ≤ a < b ≤ 12 (nimcert family
    // --classify --a 2..=11 --b ..=12).
    assert!(classes >= 150, "only {classes} pre-periodic classes");
    assert!(members >= 10_000, "only {members} members");
}

/// The same on every base up to b = 20 and c ≤ 5000 (release build:
/// `cargo test --release --test preperiodic_certificates -- --ignored`).
#[test]
#[ignore]
fn derived_claims_agree_with_the_naive_mex_up_to_b_20_and_c_5000() {
    let start = Instant::now();
    let (classes, members) = accepted_and_agree(20, 5000);
    eprintln!(
        "{classes} pre-periodic classes, {members} members c ≤ 5000 compared in {:.1?}",
        start.elapsed()
    );
}

/// The raw claims of `derive` (before the classification raises k0 or
/// drops a marker nimcheck refuses): each is accepted exactly when the
/// naive mex finds it true on its first members.
#[test]
fn raw_derived_claims_are_refused_only_when_false() {
    let mut naive = Naive::default();
    let (mut accepted, mut refused) = (0, 0);
    for b in 3..=12u64 {
        for a in 2..b {
            for rho in 0..a + b {
                if gcd(gcd(a, b), rho) > 1 {
                    continue;
                }
                let Ok(claim) = derive(a, b, rho) else {
                    continue;
                };
                let verdict = check(&claim);
                let span = claim.from_k + 2 * modulus(&claim) + 24;
                let false_at =
                    (claim.from_k..=span).find(|&k| judge_member(&claim, k, &mut naive).is_err());
                match (&verdict, false_at) {
                    (Verdict::Valid(_), None) => accepted += 1,
                    (Verdict::Invalid(_), Some(_)) => refused += 1,
                    _ => panic!(
                        "({a}, {b}, {rho}): checker {verdict:?}, naive false at {false_at:?}"
                    ),
                }
                naive.games.clear();
            }
        }
    }
    eprintln!("raw derived claims: {accepted} accepted, {refused} refused (false at a member)");
    assert!(accepted >= 100);
}

// ---------------------------------------------------------------------------
// Mutants

/// The claim with the stated q(k), p(k) set to the blocks' sums.
fn restated(mut claim: PrePeriodicFamilyClaim) -> PrePeriodicFamilyClaim {
    let sum = |blocks: &[Block]| Affine {
        slope: blocks.iter().map(|b| b.length.slope).sum(),
        offset: blocks.iter().map(|b| b.length.offset).sum(),
    };
    claim.preperiod_length = sum(&claim.preperiod);
    claim.period_length = sum(&claim.period);
    claim
}

fn shifted(f: Affine, slope: i64, offset: i64) -> Option<Affine> {
    Some(Affine {
        slope: f.slope.checked_add_signed(slope)?,
        offset: f.offset + offset,
    })
}

/// Block i of the period or of the pre-period.
fn pick(c: &mut PrePeriodicFamilyClaim, period: bool, i: usize) -> &mut Block {
    if period {
        &mut c.period[i]
    } else {
        &mut c.preperiod[i]
    }
}

/// Mutants of a true claim, each with a label.
fn mutants(claim: &PrePeriodicFamilyClaim) -> Vec<(String, PrePeriodicFamilyClaim)> {
    let mut out: Vec<(String, PrePeriodicFamilyClaim)> = Vec::new();
    for period in [false, true] {
        let name = if period { "period" } else { "pre-period" };
        let n = if period {
            claim.period.len()
        } else {
            claim.preperiod.len()
        };
        for i in 0..n {
            // One letter of the word.
            let word = pick(&mut claim.clone(), period, i).word.clone();
            for (j, &v) in word.iter().enumerate() {
                for new in [v + 1, v.wrapping_sub(1)] {
                    if new > 3 {
                        continue;
                    }
                    let mut c = claim.clone();
                    pick(&mut c, period, i).word[j] = new;
                    out.push((format!("{name} block {i} letter {j}: {v} → {new}"), c));
                }
            }
            // The slope or the offset by ±1, with and without the stated
            // length following.
            for (ds, doff) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let mut c = claim.clone();
                let Some(f) = shifted(pick(&mut c, period, i).length, ds, doff) else {
                    continue;
                };
                pick(&mut c, period, i).length = f;
                out.push((
                    format!("{name} block {i} length {ds:+}k {doff:+}, stated unchanged"),
                    c.clone(),
                ));
                out.push((
                    format!("{name} block {i} length {ds:+}k {doff:+}, restated"),
                    restated(c),
                ));
            }
            // The block's word rotated by one letter.
            if word.len() > 1 {
                let mut c = claim.clone();
                pick(&mut c, period, i).word.rotate_left(1);
                out.push((format!("{name} block {i} word rotated"), c));
            }
        }
        // Two neighbouring blocks swapped.
        for i in 1..n {
            let mut c = claim.clone();
            if period {
                c.period.swap(i - 1, i);
            } else {
                c.preperiod.swap(i - 1, i);
            }
            out.push((format!("{name} blocks {} and {i} swapped", i - 1), c));
        }
    }
    // A growing block's last letter (at k0) moved into a one-letter block
    // after it: true at the k where that block ends with this letter (a
    // residue of k), false at the others; and its first letter moved into
    // a one-letter block before it: true at every k.
    for period in [false, true] {
        let n = if period {
            claim.period.len()
        } else {
            claim.preperiod.len()
        };
        for i in 0..n {
            let mut c = claim.clone();
            let block = pick(&mut c, period, i).clone();
            if block.length.slope == 0 {
                continue;
            }
            let one = |x: u32| Block {
                word: vec![x],
                length: Affine {
                    slope: 0,
                    offset: 1,
                },
            };
            let shorter = Affine {
                slope: block.length.slope,
                offset: block.length.offset - 1,
            };
            let at_k0 = shorter.slope as i64 * claim.from_k as i64 + shorter.offset;
            let last = block.word[at_k0.rem_euclid(block.word.len() as i64) as usize];
            pick(&mut c, period, i).length = shorter;
            let list = if period {
                &mut c.period
            } else {
                &mut c.preperiod
            };
            list.insert(i + 1, one(last));
            out.push((
                format!("growing block {i}'s last letter moved out ({period})"),
                c,
            ));
            let mut c = claim.clone();
            let mut word = block.word.clone();
            word.rotate_left(1);
            *pick(&mut c, period, i) = Block {
                word,
                length: shorter,
            };
            let list = if period {
                &mut c.period
            } else {
                &mut c.preperiod
            };
            list.insert(i, one(block.word[0]));
            out.push((
                format!("growing block {i}'s first letter moved out ({period})"),
                c,
            ));
        }
    }
    // The stated lengths shifted.
    for (ds, doff) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
        let mut c = claim.clone();
        if let Some(f) = shifted(c.preperiod_length, ds, doff) {
            c.preperiod_length = f;
            out.push((format!("stated q {ds:+}k {doff:+}"), c));
        }
        let mut c = claim.clone();
        if let Some(f) = shifted(c.period_length, ds, doff) {
            c.period_length = f;
            out.push((format!("stated p {ds:+}k {doff:+}"), c));
        }
    }
    // k0 lowered (down to 0) and raised.
    for k in 0..claim.from_k {
        let mut c = claim.clone();
        c.from_k = k;
        out.push((format!("k0 lowered to {k}"), c));
    }
    for k in [claim.from_k + 1, claim.from_k + 7] {
        let mut c = claim.clone();
        c.from_k = k;
        out.push((format!("k0 raised to {k}"), c));
    }
    // Markers.
    let p0 = claim.period_length.slope as i64 * claim.from_k as i64 + claim.period_length.offset;
    let mut markers: Vec<(String, Option<Vec<u32>>)> = vec![
        ("no marker".into(), None),
        ("empty marker".into(), Some(vec![])),
        ("one-letter marker 0".into(), Some(vec![0])),
        ("one-letter marker 1".into(), Some(vec![1])),
        ("absent letter 9".into(), Some(vec![9])),
        (
            "the first letter of the period".into(),
            Some(vec![claim.period[0].word[0]]),
        ),
        (
            "a marker longer than p(k0)".into(),
            Some(vec![0; p0 as usize + 1]),
        ),
    ];
    if let Some(w) = &claim.marker {
        let mut changed = w.clone();
        *changed.last_mut().unwrap() ^= 1;
        markers.push(("the marker's last letter changed".into(), Some(changed)));
        markers.push((
            "the marker's first letter dropped".into(),
            Some(w[1..].to_vec()),
        ));
    }
    for (i, block) in claim.period.iter().enumerate() {
        if block.length.slope > 0 {
            for r in 1..=2 {
                let w: Vec<u32> = block.word.repeat(r);
                markers.push((format!("period block {i}'s word ×{r}"), Some(w)));
            }
        }
    }
    // Windows across the end of a growing period block, read at the first
    // k: which letters end the block depends on k mod |word|, so such a
    // window may occur once at some k and not at others.
    let mut seen = std::collections::BTreeSet::new();
    let mut junctions = Vec::new();
    for (i, block) in claim.period.iter().enumerate() {
        if block.length.slope == 0 {
            continue;
        }
        for k in claim.from_k..claim.from_k + block.word.len().min(6) as u64 {
            let per = expand(&claim.period, k).unwrap();
            let p = per.len();
            let end = expand(&claim.period[..=i], k).unwrap().len();
            for l in 2..=4usize.min(p) {
                for start in end + p - l - 1..=end + p {
                    let w: Vec<u32> = (0..l).map(|t| per[(start + t) % p]).collect();
                    if seen.insert(w.clone()) {
                        junctions.push(w);
                    }
                }
            }
        }
    }
    // Each such window as the marker, from k0 and from k0 + M: all the k
    // nimcheck then looks at are below k0, and Lemma S must carry every
    // residue mod M to the members.
    let big_m = modulus(claim);
    for w in junctions {
        for raise in [0, big_m] {
            let mut c = claim.clone();
            c.marker = Some(w.clone());
            c.from_k += raise;
            out.push((
                format!("marker: a window across a growing block's end, k0 + {raise}"),
                c,
            ));
        }
    }
    for (label, marker) in markers {
        if marker != claim.marker {
            let mut c = claim.clone();
            c.marker = marker;
            out.push((format!("marker: {label}"), c));
        }
    }
    // One letter moved from the period into the pre-period: the values are
    // still G_S, but q + 1 is not the least pre-period.
    {
        let mut c = claim.clone();
        let first = c.period[0].clone();
        let x = first.word[0];
        let one = Block {
            word: vec![x],
            length: Affine {
                slope: 0,
                offset: 1,
            },
        };
        c.preperiod.push(one.clone());
        let mut word = first.word.clone();
        word.rotate_left(1);
        c.period[0] = Block {
            word,
            length: Affine {
                slope: first.length.slope,
                offset: first.length.offset - 1,
            },
        };
        c.period.push(one);
        out.push((
            "one letter moved from the period to the pre-period".into(),
            restated(c),
        ));
    }
    // The period twice over: a period, not the least.
    {
        let mut c = claim.clone();
        c.period = [claim.period.clone(), claim.period.clone()].concat();
        let c = restated(c);
        out.push(("the period twice over".into(), c.clone()));
        let mut c = c;
        c.marker = None;
        out.push(("the period twice over, no marker".into(), c));
    }
    // The last pre-period block dropped (q smaller).
    if claim.preperiod.len() > 1 {
        let mut c = claim.clone();
        c.preperiod.pop();
        out.push(("the last pre-period block dropped".into(), restated(c)));
    }
    // Another game.
    let m = claim.a + claim.b;
    for (label, a, b, rho) in [
        ("a + 1", claim.a + 1, claim.b, claim.rho),
        ("a − 1", claim.a - 1, claim.b, claim.rho),
        ("b + 1", claim.a, claim.b + 1, claim.rho),
        ("ρ + 1", claim.a, claim.b, (claim.rho + 1) % m),
        ("ρ − 1", claim.a, claim.b, (claim.rho + m - 1) % m),
    ] {
        let mut c = claim.clone();
        (c.a, c.b, c.rho) = (a, b, rho);
        out.push((format!("game: {label}"), c));
    }
    out
}

/// The counts of one mutation run.
#[derive(Default, Debug)]
struct Tally {
    /// Ill-formed mutants, refused as invalid.
    ill_formed: usize,
    /// Well-formed mutants shown false at a member, refused as invalid.
    false_refused: usize,
    /// Mutants shown false, refused over a limit (larger than the claim).
    false_over_limit: usize,
    /// Mutants true on every member tried, accepted.
    true_accepted: usize,
    /// Mutants true on every member tried, over a limit.
    true_over_limit: usize,
    /// Members at which a mutant was judged by the naive mex.
    members: usize,
}

/// Judges every mutant of `claim` (module docs); panics on a verdict that
/// disagrees with the naive truth.
fn judge_mutants(claim: &PrePeriodicFamilyClaim, naive: &mut Naive, tally: &mut Tally) {
    for (label, mutant) in mutants(claim) {
        let verdict = check(&mutant);
        let name = format!(
            "({}, {}, {}) {label}: {verdict:?}",
            claim.a, claim.b, claim.rho
        );
        if let Err(why) = well_formed(&mutant) {
            assert!(matches!(verdict, Verdict::Invalid(_)), "{name} ({why})");
            tally.ill_formed += 1;
            continue;
        }
        let span = mutant.from_k.max(claim.from_k) + 2 * modulus(&mutant) + 24;
        let mut false_at = None;
        for k in mutant.from_k..=span {
            tally.members += 1;
            if let Err(why) = judge_member(&mutant, k, naive) {
                false_at = Some((k, why));
                break;
            }
        }
        match false_at {
            Some((k, why)) => match verdict {
                Verdict::Invalid(_) => tally.false_refused += 1,
                Verdict::OverLimit(_) => tally.false_over_limit += 1,
                _ => panic!("{name}: false at k = {k} ({why})"),
            },
            None => match verdict {
                Verdict::Valid(_) => tally.true_accepted += 1,
                Verdict::OverLimit(_) => tally.true_over_limit += 1,
                _ => panic!("{name}: true on k = {}..={span}, refused", mutant.from_k),
            },
        }
    }
}

fn mutation_run(bases: &[(u64, u64)]) -> Tally {
    let mut naive = Naive::default();
    let mut tally = Tally::default();
    for &(a, b) in bases {
        for rho in 0..a + b {
            if let Some(claim) = preperiodic_claim(&settle_class(a, b, rho)) {
                judge_mutants(claim, &mut naive, &mut tally);
                naive.games.clear();
            }
        }
    }
    tally
}

#[test]
fn mutants_are_refused_exactly_when_false() {
    let start = Instant::now();
    let bases: Vec<(u64, u64)> = (3..=12u64)
        .flat_map(|b| (2..b).map(move |a| (a, b)))
        .collect();
    let tally = mutation_run(&bases);
    eprintln!("mutants: {tally:?} in {:.1?}", start.elapsed());
    let refused = tally.ill_formed + tally.false_refused;
    assert!(refused >= 5000, "only {refused} mutants refused");
    assert!(tally.false_refused >= 2000, "{tally:?}");
    assert!(tally.true_accepted >= 100, "{tally:?}");
}

/// The mutants of every pre-periodic class up to b = 20 (`cargo test
/// --release --test preperiodic_certificates -- --ignored`).
#[test]
#[ignore]
fn mutants_up_to_b_20_are_refused_exactly_when_false() {
    let start = Instant::now();
    let bases: Vec<(u64, u64)> = (3..=20u64)
        .flat_map(|b| (2..b).map(move |a| (a, b)))
        .collect();
    let tally = mutation_run(&bases);
    eprintln!("mutants up to b = 20: {tally:?} in {:.1?}", start.elapsed());
}

/// `nimcert family --classify` reads each base against the statements
/// that apply to it: Conjectures 52, 56 and 57 for a ≥ 2, Table 2 for
/// a = 1 (where the conjectures' hypothesis fails, so a reading of them
/// would not mean anything), and exits 0 when all hold.
#[test]
fn classify_reads_table_2_for_a_1_and_the_conjectures_for_a_at_least_2() {
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_nimcert"))
        .args(["family", "--classify", "--a", "1..=2", "--b", "..=7"])
        .args(["--format", "json"])
        .output()
        .expect("nimcert runs");
    assert_eq!(
        run.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
    let bases = report["bases"].as_array().unwrap();
    assert_eq!(bases.len(), 6 + 5);
    for base in bases {
        assert_eq!(base["complete"], true, "{base}");
        let (conjectures, table2) = if base["a"] == 1 {
            (serde_json::Value::Null, serde_json::json!("holds"))
        } else {
            (serde_json::json!("holds"), serde_json::Value::Null)
        };
        for key in ["conj52", "conj56", "conj57"] {
            assert_eq!(base[key], conjectures, "{key} of {base}");
        }
        assert_eq!(base["table2"], table2, "{base}");
    }
}
