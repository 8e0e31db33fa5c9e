//! Mutation tests of the checker: mutate valid certificates, judge each
//! mutant's validity with the engine (never with the checker), and require
//! that the checker rejects exactly the invalid ones.
//!
//! These live in the root package because the judge is the engine: the
//! checker crate must not depend on the solver, not even for tests. The
//! checker crate has its own rule-by-rule tests in checker/tests/.

use nimcert::certify::{
    periodic_claim, periodic_table_certificate, pset_certificate, search_provenance,
    sequence_certificate,
};
use nimcert::check::format::{
    Certificate, Claim, PSetClaim, PeriodWitness, PeriodicClaim, SequenceClaim,
};
use nimcert::check::{check_certificate, Limits, Verdict};
use nimcert::engine::outcome::prime_factors;
use nimcert::engine::{solve, Periodicity, DEFAULT_MAX_POSITIONS};
use nimcert::moves::MoveSet;

/// splitmix64: a deterministic generator, so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// Valid for a sequence claim means: exactly the true (q, p, values) of the
/// game, and witnesses that really witness (checked with the engine's
/// values).
fn sequence_is_valid(claim: &SequenceClaim, game: &Periodicity) -> bool {
    let (q, p) = (game.qp.preperiod, game.qp.period);
    let values: Vec<u32> = game.values.iter().map(|&v| v as u32).collect();
    let primes = prime_factors(p);
    claim.moves == game.moves.as_slice()
        && claim.preperiod == q
        && claim.period == p
        && claim.values == values
        && claim.period_witnesses.len() == primes.len()
        && claim.period_witnesses.iter().zip(&primes).all(|(w, &r)| {
            w.prime == r
                && w.position >= q
                && game.value(w.position) != game.value(w.position + p / r)
        })
        && claim.preperiod_witness == (q > 0).then(|| q - 1)
}

/// Valid for a `Periodic` claim means: exactly the true (q, p) of the
/// game, and witnesses that really witness.
fn periodic_is_valid(claim: &PeriodicClaim, game: &Periodicity) -> bool {
    let (q, p) = (game.qp.preperiod, game.qp.period);
    let primes = prime_factors(p);
    claim.moves == game.moves.as_slice()
        && claim.preperiod == q
        && claim.period == p
        && claim.period_witnesses.len() == primes.len()
        && claim.period_witnesses.iter().zip(&primes).all(|(w, &r)| {
            w.prime == r
                && w.position >= q
                && game.value(w.position) != game.value(w.position + p / r)
        })
}

/// Valid for a P-set claim means: the true least period of W0 and its true
/// block, every cover pair a legal move into W0, and true witnesses.
fn pset_is_valid(claim: &PSetClaim, game: &Periodicity) -> bool {
    let outcome = game.outcome();
    if outcome.preperiod != 0 || claim.period != outcome.period {
        return false;
    }
    let p = claim.period;
    let zero = |x: u64| game.value(x) == 0;
    let block: Vec<u64> = (0..p).filter(|&x| zero(x)).collect();
    let complement: Vec<u64> = (0..p).filter(|&x| !zero(x)).collect();
    let primes = prime_factors(p);
    claim.moves == game.moves.as_slice()
        && claim.block == block
        && claim.cover.len() == complement.len()
        && claim
            .cover
            .iter()
            .zip(&complement)
            .all(|(&(r, s), &expected)| {
                r == expected && game.moves.as_slice().contains(&s) && s <= r && zero(r - s)
            })
        && claim.period_witnesses.len() == primes.len()
        && claim.period_witnesses.iter().zip(&primes).all(|(w, &r)| {
            w.prime == r && w.position < p && zero(w.position) != zero((w.position + p / r) % p)
        })
}

/// Witnesses for `period` over positions `from..from + period` of `f`,
/// falling back to `from` where none exists (then the mutant is invalid).
fn naive_witnesses(
    period: u64,
    from: u64,
    differs: impl Fn(u64, u64) -> bool,
) -> Vec<PeriodWitness> {
    prime_factors(period)
        .into_iter()
        .map(|r| PeriodWitness {
            prime: r,
            position: (from..from + period)
                .find(|&x| differs(x, period / r))
                .unwrap_or(from),
        })
        .collect()
}

fn mutate_witnesses(ws: &mut Vec<PeriodWitness>, span: u64, rng: &mut Rng) {
    if ws.is_empty() {
        ws.push(PeriodWitness {
            prime: 2,
            position: 0,
        });
        return;
    }
    let i = rng.below(ws.len() as u64) as usize;
    match rng.below(3) {
        0 => ws[i].position = rng.below(span + 2),
        1 => {
            ws.remove(i);
        }
        _ => ws[i].prime += 1 + rng.below(3),
    }
}

fn mutate_sequence(claim: &SequenceClaim, game: &Periodicity, rng: &mut Rng) -> SequenceClaim {
    let mut m = claim.clone();
    let (q, p) = (claim.preperiod, claim.period);
    match rng.below(6) {
        0 => {
            let i = rng.below(m.values.len() as u64) as usize;
            m.values[i] = (m.values[i] + 1 + rng.below(3) as u32) % (game.moves.len() as u32 + 2);
        }
        1 => {
            m.preperiod = if q > 0 && rng.below(2) == 0 {
                q - 1
            } else {
                q + 1
            }
        }
        2 => {
            let k = 2 + rng.below(3);
            m.period = k * p;
            m.values = (0..q + k * p).map(|x| game.value(x) as u32).collect();
            m.period_witnesses =
                naive_witnesses(k * p, q, |x, d| game.value(x) != game.value(x + d));
        }
        3 => {
            let divisors: Vec<u64> = (1..p).filter(|d| p % d == 0).collect();
            if let Some(&d) = divisors.get(rng.below(divisors.len() as u64) as usize) {
                m.period = d;
                m.values.truncate((q + d) as usize);
                let v = |x: u64| m.values[if x < q + d { x } else { q + (x - q) % d } as usize];
                m.period_witnesses = naive_witnesses(d, q, |x, e| v(x) != v(x + e));
            } else {
                m.values[0] ^= 1;
            }
        }
        4 => mutate_witnesses(&mut m.period_witnesses, q + p, rng),
        _ => {
            m.preperiod_witness = match m.preperiod_witness {
                None => Some(rng.below(q + p)),
                Some(w) if rng.below(2) == 0 => Some(w + 1),
                Some(_) => None,
            }
        }
    }
    m
}

fn mutate_periodic(claim: &PeriodicClaim, game: &Periodicity, rng: &mut Rng) -> PeriodicClaim {
    let mut m = claim.clone();
    let (q, p) = (claim.preperiod, claim.period);
    match rng.below(6) {
        0 => {
            m.preperiod = if q > 0 && rng.below(2) == 0 {
                q - 1
            } else {
                q + 1 + rng.below(2)
            }
        }
        1 => {
            let k = 2 + rng.below(3);
            m.period = k * p;
            m.period_witnesses =
                naive_witnesses(k * p, q, |x, d| game.value(x) != game.value(x + d));
        }
        2 => {
            // A divisor of p, or p ± 1.
            let divisors: Vec<u64> = (1..p).filter(|d| p % d == 0).collect();
            m.period = match divisors.get(rng.below(divisors.len() as u64 + 2) as usize) {
                Some(&d) => d,
                None if rng.below(2) == 0 => p + 1,
                None => p.saturating_sub(1).max(1),
            };
            m.period_witnesses =
                naive_witnesses(m.period, q, |x, d| game.value(x) != game.value(x + d));
        }
        3 => {
            // Another game's moves: one move changed.
            let i = rng.below(m.moves.len() as u64) as usize;
            m.moves[i] += 1;
            if m.moves.windows(2).any(|w| w[0] >= w[1]) {
                m.moves.remove(i);
            }
            if m.moves.is_empty() {
                m.moves.push(1 + rng.below(5));
            }
        }
        _ => mutate_witnesses(&mut m.period_witnesses, q + p, rng),
    }
    m
}

fn mutate_pset(claim: &PSetClaim, rng: &mut Rng) -> PSetClaim {
    let mut m = claim.clone();
    let p = claim.period;
    let moves = &claim.moves;
    match rng.below(6) {
        0 if !m.cover.is_empty() => {
            // Move a residue into H.
            let (r, _) = m.cover.remove(rng.below(m.cover.len() as u64) as usize);
            let at = m.block.partition_point(|&h| h < r);
            m.block.insert(at, r);
        }
        1 if m.block.len() > 1 => {
            // Move a residue out of H, covered by the first move below it.
            let h = m.block.remove(rng.below(m.block.len() as u64) as usize);
            let s = moves.iter().copied().find(|&s| s <= h).unwrap_or(moves[0]);
            let at = m.cover.partition_point(|&(r, _)| r < h);
            m.cover.insert(at, (h, s));
        }
        2 if !m.cover.is_empty() => {
            // A cover witness that is not a legal move, or another move.
            let i = rng.below(m.cover.len() as u64) as usize;
            m.cover[i].1 = match rng.below(3) {
                0 => moves[rng.below(moves.len() as u64) as usize],
                1 => m.cover[i].0 + 1,
                _ => (1..).find(|s| !moves.contains(s)).unwrap(),
            };
        }
        3 => mutate_witnesses(&mut m.period_witnesses, p, rng),
        4 => {
            let k = 2 + rng.below(2);
            m.period = k * p;
            m.block = (0..k)
                .flat_map(|j| claim.block.iter().map(move |&h| h + j * p))
                .collect();
            m.cover = (0..k)
                .flat_map(|j| claim.cover.iter().map(move |&(r, s)| (r + j * p, s)))
                .collect();
            let block = m.block.clone();
            m.period_witnesses = naive_witnesses(k * p, 0, |x, d| {
                block.contains(&(x % (k * p))) != block.contains(&((x + d) % (k * p)))
            });
        }
        _ if p > 1 => {
            let d = (1..p).rev().find(|d| p.is_multiple_of(*d)).unwrap();
            m.period = d;
            m.block.retain(|&h| h < d);
            m.cover.retain(|&(r, _)| r < d);
        }
        _ => m.block.push(p),
    }
    m
}

fn is_valid_verdict(certificate: &Certificate) -> bool {
    matches!(
        check_certificate(certificate, &Limits::default()),
        Verdict::Valid(_)
    )
}

/// At least 5,000 mutants; the checker rejects exactly those the engine
/// judges invalid.
#[test]
fn checker_rejects_exactly_the_invalid_mutants() {
    let mut rng = Rng(0x5EED);
    let (mut mutants, mut invalid, mut rejected, mut disagreements) = (0u64, 0u64, 0u64, vec![]);
    let mut tally = |moves: &[u64], judge: bool, mutant: &Certificate| {
        let checker = is_valid_verdict(mutant);
        mutants += 1;
        invalid += u64::from(!judge);
        rejected += u64::from(!checker);
        if judge != checker {
            disagreements.push(format!(
                "{moves:?}: judge {judge}, checker {checker}: {mutant:?}"
            ));
        }
    };
    let mut count = 0;
    while count < 6000 {
        let size = 1 + rng.below(4);
        let mut moves: Vec<u64> = (0..size).map(|_| 1 + rng.below(30)).collect();
        moves.sort_unstable();
        moves.dedup();
        let game = solve(&MoveSet::new(&moves).unwrap(), DEFAULT_MAX_POSITIONS).unwrap();
        let seq = sequence_certificate(&game, search_provenance());
        let pset = pset_certificate(&game, search_provenance());
        for _ in 0..4 {
            let Claim::Sequence(claim) = &seq.claim else {
                unreachable!()
            };
            let m = mutate_sequence(claim, &game, &mut rng);
            let judge = sequence_is_valid(&m, &game);
            let mutant = Certificate {
                claim: Claim::Sequence(m),
                ..seq.clone()
            };
            tally(&moves, judge, &mutant);
            count += 1;
            if let Some(pset) = &pset {
                let Claim::PSet(claim) = &pset.claim else {
                    unreachable!()
                };
                let m = mutate_pset(claim, &mut rng);
                let judge = pset_is_valid(&m, &game);
                let mutant = Certificate {
                    claim: Claim::PSet(m),
                    ..pset.clone()
                };
                tally(&moves, judge, &mutant);
                count += 1;
            }
        }
    }
    assert!(
        disagreements.is_empty(),
        "{}",
        disagreements[..disagreements.len().min(5)].join("\n")
    );
    assert_eq!(rejected, invalid);
    assert!(
        mutants >= 5000 && invalid >= 4000,
        "{mutants} mutants, {invalid} invalid"
    );
}

/// The format-2 forms: `Periodic` claims mutated and judged by the engine,
/// and `PeriodicTable`s of several games with one mutated line, valid
/// exactly when every line is.
#[test]
fn checker_rejects_exactly_the_invalid_periodic_mutants() {
    let mut rng = Rng(0xFEED);
    let (mut mutants, mut invalid, mut disagreements) = (0u64, 0u64, vec![]);
    let mut lines: Vec<(PeriodicClaim, bool)> = Vec::new();
    let mut tables = [0u64; 2];
    while mutants < 3000 {
        let size = 1 + rng.below(4);
        let mut moves: Vec<u64> = (0..size).map(|_| 1 + rng.below(30)).collect();
        moves.sort_unstable();
        moves.dedup();
        let game = solve(&MoveSet::new(&moves).unwrap(), DEFAULT_MAX_POSITIONS).unwrap();
        let claim = periodic_claim(&game.moves, &game.values, game.qp.preperiod, game.qp.period);
        let m = mutate_periodic(&claim, &game, &mut rng);
        // The judge compares with the engine's answer for the claimed moves.
        let judge = match MoveSet::new(&m.moves) {
            Ok(_) if m.moves == moves => periodic_is_valid(&m, &game),
            Ok(set) => {
                let other = solve(&set, DEFAULT_MAX_POSITIONS).unwrap();
                periodic_is_valid(&m, &other)
            }
            Err(_) => false,
        };
        let mutant = Certificate {
            format: 2,
            provenance: search_provenance(),
            claim: Claim::Periodic(m.clone()),
        };
        let checker = is_valid_verdict(&mutant);
        mutants += 1;
        invalid += u64::from(!judge);
        if judge != checker {
            disagreements.push(format!(
                "{moves:?}: judge {judge}, checker {checker}: {m:?}"
            ));
        }
        lines.push((m, judge));
        lines.push((claim, true));
        // Every 8 lines, a table of them, and one of their true lines
        // only: valid exactly when every line is.
        if lines.len() >= 8 {
            let truths: Vec<(PeriodicClaim, bool)> =
                lines.iter().filter(|(_, valid)| *valid).cloned().collect();
            for table in [&lines, &truths] {
                let claims: Vec<PeriodicClaim> = table.iter().map(|(c, _)| c.clone()).collect();
                let judge = table.iter().all(|(_, valid)| *valid);
                let certificate = periodic_table_certificate(&claims, search_provenance());
                if judge != is_valid_verdict(&certificate) {
                    disagreements.push(format!("table: judge {judge}: {claims:?}"));
                }
                tables[usize::from(judge)] += 1;
            }
            lines.clear();
        }
    }
    assert!(tables[0] >= 300 && tables[1] >= 300, "{tables:?}");
    assert!(
        disagreements.is_empty(),
        "{}",
        disagreements[..disagreements.len().min(5)].join("\n")
    );
    assert!(invalid >= 1500, "{mutants} mutants, {invalid} invalid");
}
