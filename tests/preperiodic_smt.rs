//! `PrePeriodicFamily` claims as SMT-LIB 2 queries
//! (src/export/smt_preperiodic.rs): z3 and cvc5 answer `unsat` for every
//! negation and `sat` for every sanity twin on the claims `nimcert family
//! --classify` derives, and `sat` on claims made false (a letter changed, a
//! block's length moved by one, k0 lowered below where the class starts, a
//! marker that occurs twice or nowhere, a pre-period one letter too long),
//! with models that this test re-checks on the claim's word written out
//! (and the true claims' words against the engine's nim-sequences).
//! Skipped with a notice when a solver is missing, like
//! tests/family_smt.rs.

use nimcert::check::format::{Block, PrePeriodicFamilyClaim};
use nimcert::engine::solve;
use nimcert::export::smt::{self, Expect, Outcome, Query, Solver};
use nimcert::export::smt_preperiodic;
use nimcert::moves::MoveSet;
use nimcert::subtraction::classification::{preperiodic_claim, settle_class};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

const TIMEOUT: Duration = Duration::from_secs(60);

/// The classes tested: a growing period ({2, 5, 7k}, {1, 6, 7k} with seven
/// blocks) and a constant one ({3, 5, 8k + 1}, {5, 7, 12k + 1} with six).
const CLASSES: [(u64, u64, u64); 4] = [(2, 5, 0), (3, 5, 1), (1, 6, 0), (5, 7, 1)];

/// The claim `nimcert family --classify` certifies for the class.
fn claim(a: u64, b: u64, rho: u64) -> PrePeriodicFamilyClaim {
    let status = settle_class(a, b, rho);
    preperiodic_claim(&status)
        .unwrap_or_else(|| panic!("{{{a}, {b}, c}} rho = {rho} is not a pre-periodic class"))
        .clone()
}

fn name(claim: &PrePeriodicFamilyClaim) -> String {
    format!(
        "{{{}, {}, {}k+{}}} k0={} blocks={}+{}",
        claim.a,
        claim.b,
        claim.a + claim.b,
        claim.rho,
        claim.from_k,
        claim.preperiod.len(),
        claim.period.len()
    )
}

/// The claim's E_k on [0, q + p) (blocks written out), with q and p.
fn written(claim: &PrePeriodicFamilyClaim, k: u64) -> (Vec<u32>, usize, usize) {
    let out = |blocks: &[Block]| -> Vec<u32> {
        let mut w = Vec::new();
        for block in blocks {
            let len = block.length.slope as i64 * k as i64 + block.length.offset;
            assert!(len >= 1, "a block of length {len} at k = {k}");
            w.extend((0..len as usize).map(|t| block.word[t % block.word.len()]));
        }
        w
    };
    let mut e = out(&claim.preperiod);
    let q = e.len();
    let period = out(&claim.period);
    let p = period.len();
    e.extend(period);
    (e, q, p)
}

/// E_k(y) for any y, by E(y) = E(y − p) past q + p.
fn letter(claim: &PrePeriodicFamilyClaim, k: u64, y: u64) -> u32 {
    let (e, q, p) = written(claim, k);
    let y = y as usize;
    if y < q + p {
        e[y]
    } else {
        e[q + (y - q) % p]
    }
}

/// Whether E_k breaks the mex rule of {a, b, c} at x.
fn breaks_mex(claim: &PrePeriodicFamilyClaim, k: u64, x: u64) -> bool {
    let c = (claim.a + claim.b) * k + claim.rho;
    let options: Vec<u32> = [claim.a, claim.b, c]
        .into_iter()
        .filter(|&s| s <= x)
        .map(|s| letter(claim, k, x - s))
        .collect();
    let mex = (0..).find(|v| !options.contains(v)).unwrap();
    letter(claim, k, x) != mex
}

/// The offsets of the cyclic period where `w` occurs, at k.
fn occurrences(claim: &PrePeriodicFamilyClaim, k: u64, w: &[u32]) -> Vec<usize> {
    let (e, q, p) = written(claim, k);
    let f = &e[q..];
    (0..p)
        .filter(|&o| w.iter().enumerate().all(|(i, &x)| f[(o + i) % p] == x))
        .collect()
}

/// The solvers installed; a notice when one is missing.
fn solvers() -> Vec<Solver> {
    let found: Vec<Solver> = Solver::ALL
        .into_iter()
        .filter(|&s| smt::available(s).is_ok())
        .collect();
    for s in Solver::ALL {
        if !found.contains(&s) {
            eprintln!(
                "notice: {s} is not installed; its half of tests/preperiodic_smt.rs is skipped"
            );
        }
    }
    found
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "nimcert-preperiodic-smt-{}-{name}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// One answer: which query, which solver, what it said, how long.
struct Answer {
    family: String,
    query: String,
    expect: Expect,
    solver: Solver,
    outcome: Outcome,
    seconds: f64,
}

/// Runs every (query, solver) pair on two threads.
fn run_all(dir: &Path, jobs: &[(String, Query)], solvers: &[Solver]) -> Vec<Answer> {
    let mut work = Vec::new();
    for (i, (family, query)) in jobs.iter().enumerate() {
        let file = dir.join(format!("{i}-{}.smt2", query.name));
        std::fs::write(&file, &query.smt2).unwrap();
        for &solver in solvers {
            work.push((family.clone(), query, file.clone(), solver));
        }
    }
    let work = Mutex::new(work.into_iter());
    let answers = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| loop {
                let Some((family, query, file, solver)) = work.lock().unwrap().next() else {
                    break;
                };
                let run = smt::run(solver, &file, TIMEOUT)
                    .unwrap_or_else(|e| panic!("{family} {} {solver}: {e}", query.name));
                answers.lock().unwrap().push(Answer {
                    family,
                    query: query.name.clone(),
                    expect: query.expect,
                    solver,
                    outcome: run.outcome,
                    seconds: run.elapsed.as_secs_f64(),
                });
            });
        }
    });
    answers.into_inner().unwrap()
}

#[test]
fn the_claims_tested_are_the_engines_sequences() {
    for (a, b, rho) in CLASSES {
        let claim = claim(a, b, rho);
        for k in claim.from_k..claim.from_k + 4 {
            let c = (a + b) * k + rho;
            let game = solve(&MoveSet::new(&[a, b, c]).unwrap(), 10_000_000).unwrap();
            let (e, q, p) = written(&claim, k);
            assert_eq!(
                (game.qp.preperiod as usize, game.qp.period as usize),
                (q, p)
            );
            let values: Vec<u32> = game.values.iter().map(|&v| u32::from(v)).collect();
            assert_eq!(values[..q + p], e[..], "{} k = {k}", name(&claim));
        }
    }
}

#[test]
fn true_claims_are_unsat_and_their_sanity_twins_sat() {
    let solvers = solvers();
    if solvers.is_empty() {
        return;
    }
    let dir = scratch("true");
    let mut jobs = Vec::new();
    for (a, b, rho) in CLASSES {
        let claim = claim(a, b, rho);
        for query in smt_preperiodic::queries(&claim).unwrap() {
            jobs.push((name(&claim), query));
        }
    }
    let answers = run_all(&dir, &jobs, &solvers);
    let wrong: Vec<String> = answers
        .iter()
        .filter(|x| !x.outcome.is(x.expect))
        .map(|x| {
            format!(
                "{} {} {}: {:?}, expected {}",
                x.family, x.query, x.solver, x.outcome, x.expect
            )
        })
        .collect();
    assert!(wrong.is_empty(), "{wrong:#?}");
    println!("solver seconds per class (sum over its queries; longest query):");
    for &solver in &solvers {
        for (a, b, rho) in CLASSES {
            let family = name(&claim(a, b, rho));
            let times: Vec<f64> = answers
                .iter()
                .filter(|x| x.solver == solver && x.family == family)
                .map(|x| x.seconds)
                .collect();
            println!(
                "  {solver:4} {family:36} {:4} queries {:7.2} s (longest {:.2} s)",
                times.len(),
                times.iter().sum::<f64>(),
                times.iter().copied().fold(0.0, f64::max)
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A false claim: some negation among the queries named `part…` is sat in
/// every solver, and each such model passes `check` (a real
/// counterexample).
fn refuted(
    label: &str,
    claim: &PrePeriodicFamilyClaim,
    part: &str,
    check: impl Fn(&Outcome) -> bool,
) {
    let solvers = solvers();
    if solvers.is_empty() {
        return;
    }
    let dir = scratch(&label.replace(|c: char| !c.is_ascii_alphanumeric(), "_"));
    let jobs: Vec<(String, Query)> = smt_preperiodic::queries(claim)
        .unwrap()
        .into_iter()
        .filter(|q| q.expect == Expect::Unsat && q.name.starts_with(part))
        .map(|q| (label.to_string(), q))
        .collect();
    assert!(!jobs.is_empty(), "{label}: no query named {part}");
    let answers = run_all(&dir, &jobs, &solvers);
    for &solver in &solvers {
        let found: Vec<&Answer> = answers
            .iter()
            .filter(|x| x.solver == solver && matches!(x.outcome, Outcome::Sat(_)))
            .collect();
        assert!(
            !found.is_empty(),
            "{label}: {solver} found no counterexample"
        );
        for x in &found {
            assert!(
                check(&x.outcome),
                "{label}: {solver} {}: {:?} is no counterexample",
                x.query,
                x.outcome
            );
        }
        println!(
            "{label}: {solver} sat on {} of {} queries, e.g. {}: {:?}",
            found.len(),
            jobs.len(),
            found[0].query,
            match &found[0].outcome {
                Outcome::Sat(model) => model
                    .iter()
                    .filter(|(n, _)| ["k", "x", "o"].contains(&n.as_str()))
                    .cloned()
                    .collect::<Vec<_>>(),
                _ => unreachable!(),
            }
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The model's value of `var`, as a natural.
fn value(outcome: &Outcome, var: &str) -> u64 {
    u64::try_from(
        outcome
            .value(var)
            .unwrap_or_else(|| panic!("{var} in the model")),
    )
    .unwrap()
}

/// A recurrence counterexample: k ≥ k0 and the claimed word breaks the mex
/// rule at x (below q + p + c).
fn mex_broken(claim: &PrePeriodicFamilyClaim) -> impl Fn(&Outcome) -> bool + '_ {
    |o| {
        let (k, x) = (value(o, "k"), value(o, "x"));
        let (_, q, p) = written(claim, k);
        let c = (claim.a + claim.b) * k + claim.rho;
        k >= claim.from_k && x < (q + p) as u64 + c && breaks_mex(claim, k, x)
    }
}

#[test]
fn a_changed_letter_is_refuted() {
    // A growing pre-period block, a fixed one, and the period's last block.
    for (a, b, rho, list, block, at) in [
        (2, 5, 0, "pre", 0, 5),
        (2, 5, 0, "pre", 1, 3),
        (1, 6, 0, "period", 2, 4),
        (3, 5, 1, "period", 0, 1),
    ] {
        let mut claim = claim(a, b, rho);
        let blocks = match list {
            "pre" => &mut claim.preperiod,
            _ => &mut claim.period,
        };
        let w = &mut blocks[block].word;
        w[at] = (w[at] + 1) % 3;
        let label = format!("{} {list} block {block} letter {at} changed", name(&claim));
        refuted(&label, &claim, "recurrence", mex_broken(&claim));
    }
}

#[test]
fn a_length_moved_by_one_is_refuted() {
    // A block one letter longer and the next one letter shorter (the stated
    // lengths unchanged, so the claim stays well formed), both ways.
    for (a, b, rho, list, block, by) in [
        (2, 5, 0, "pre", 0, 1),
        (2, 5, 0, "period", 0, -1),
        (1, 6, 0, "pre", 2, 1),
        (5, 7, 1, "pre", 1, -1),
    ] {
        let mut claim = claim(a, b, rho);
        let blocks = match list {
            "pre" => &mut claim.preperiod,
            _ => &mut claim.period,
        };
        blocks[block].length.offset += by;
        blocks[block + 1].length.offset -= by;
        let label = format!(
            "{} {list} block {block} {by:+}, block {} {:+}",
            name(&claim),
            block + 1,
            -by
        );
        refuted(&label, &claim, "recurrence", mex_broken(&claim));
    }
}

#[test]
fn k0_lowered_where_false_is_refuted() {
    // k0 − 1 still has c > b, but the description is not G_S there: nimcheck
    // refuses the claim, and the solvers find a counterexample at k0 − 1.
    for (a, b, rho) in [(2, 5, 0), (1, 6, 0)] {
        let mut claim = claim(a, b, rho);
        claim.from_k -= 1;
        assert!((a + b) * claim.from_k + rho > b);
        let certificate = nimcert::subtraction::preperiodic::certificate(claim.clone());
        let verdict =
            nimcert::check::check_certificate(&certificate, &nimcert::check::Limits::default());
        assert!(
            matches!(verdict, nimcert::check::Verdict::Invalid(_)),
            "{}: {verdict:?}",
            name(&claim)
        );
        let label = format!("{} (k0 lowered by one)", name(&claim));
        let k0 = claim.from_k;
        let false_at = |o: &Outcome| {
            let k = value(o, "k");
            if let Some(x) = o.value("x") {
                k == k0 && breaks_mex(&claim, k, x as u64)
            } else {
                k == k0
            }
        };
        // Whichever part breaks at k0 (the recurrence, the witness, the
        // marker): every model the solvers give has k = k0.
        refuted(&label, &claim, "", false_at);
    }
}

#[test]
fn a_pre_period_one_letter_too_long_is_refuted_by_the_witness() {
    // The first letter of the period moved to the end of the pre-period,
    // and the period rotated by one: the same word E_k, so the recurrence
    // holds, but q is not the least pre-period.
    let mut claim = claim(3, 5, 1);
    assert_eq!(claim.period.len(), 1);
    assert_eq!(claim.period[0].length.slope, 0);
    let first = claim.period[0].word[0];
    claim.period[0].word.rotate_left(1);
    claim.preperiod.push(Block {
        word: vec![first],
        length: nimcert::check::format::Affine {
            slope: 0,
            offset: 1,
        },
    });
    claim.preperiod_length.offset += 1;
    claim.marker = None;
    let label = format!("{} pre-period one letter too long", name(&claim));
    refuted(&label, &claim, "witness", |o| {
        let k = value(o, "k");
        let (e, q, p) = written(&claim, k);
        k >= claim.from_k && e[q - 1] == e[q - 1 + p]
    });
    // And nothing else is false: every other negation is unsat.
    let solvers = solvers();
    let dir = scratch("witness-rest");
    let jobs: Vec<(String, Query)> = smt_preperiodic::queries(&claim)
        .unwrap()
        .into_iter()
        .filter(|q| !q.name.starts_with("witness"))
        .map(|q| (label.clone(), q))
        .collect();
    for x in run_all(&dir, &jobs, &solvers) {
        assert!(
            x.outcome.is(x.expect),
            "{} {}: {:?}",
            x.query,
            x.solver,
            x.outcome
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_marker_that_occurs_twice_or_nowhere_is_refuted() {
    let true_claim = claim(2, 5, 0);
    let marker = true_claim.marker.clone().unwrap();
    // Its first two letters occur more than once in the period.
    let mut twice = true_claim.clone();
    twice.marker = Some(marker[..2].to_vec());
    let label = format!("{} marker {:?}", name(&twice), &marker[..2]);
    refuted(&label, &twice, "marker-unique", |o| {
        let (k, off) = (value(o, "k"), value(o, "o") as usize);
        let found = occurrences(&twice, k, &marker[..2]);
        k >= twice.from_k && found.len() > 1 && found.contains(&off)
    });
    // A letter 3 occurs nowhere in the period of {2, 5, 7k}.
    let mut nowhere = true_claim.clone();
    let mut w = marker.clone();
    w[1] = 3;
    nowhere.marker = Some(w.clone());
    let label = format!("{} marker {w:?}", name(&nowhere));
    refuted(&label, &nowhere, "marker-at", |o| {
        let k = value(o, "k");
        k >= nowhere.from_k && occurrences(&nowhere, k, &w).is_empty()
    });
}

#[test]
fn queries_are_linear_and_paired() {
    for (a, b, rho) in CLASSES {
        let claim = claim(a, b, rho);
        for split in [smt::Split::Whole, smt::Split::Regions, smt::Split::Residues] {
            let queries = smt_preperiodic::queries_with(&claim, split, 4096).unwrap();
            for q in &queries {
                assert!(q.smt2.contains("(set-logic QF_LIA)"));
                for word in ["mod", "div", "forall", "exists"] {
                    assert!(!q.smt2.contains(&format!("({word} ")), "{}: {word}", q.name);
                }
                // Every product has a numeral first.
                for product in q.smt2.split("(* ").skip(1) {
                    assert!(
                        product.starts_with(|ch: char| ch.is_ascii_digit())
                            || product.starts_with("(- "),
                        "{}",
                        q.name
                    );
                }
                if q.expect == Expect::Unsat {
                    let twin = queries
                        .iter()
                        .find(|t| t.name == format!("{}.sanity", q.name))
                        .expect("a sanity twin");
                    assert_eq!(twin.expect, Expect::Sat);
                    assert!(q.smt2.contains("; the violation"));
                    assert!(!twin.smt2.contains("; the violation"));
                }
            }
            let names = |prefix: &str| {
                queries
                    .iter()
                    .filter(|q| q.name.starts_with(prefix))
                    .count()
            };
            assert_eq!(names("witness"), 2);
            assert!(names("marker-at") >= 2);
            assert!(names("marker-unique") >= 2);
            if split == smt::Split::Whole {
                assert_eq!(names("recurrence"), 2, "{}", name(&claim));
            }
        }
    }
}

#[test]
fn the_cli_exports_runs_and_exits_by_the_answers() {
    let solvers = solvers();
    let dir = scratch("cli");
    let good = claim(3, 5, 1);
    let mut bad = good.clone();
    bad.preperiod[0].word[2] = (bad.preperiod[0].word[2] + 1) % 3;
    let write = |path: &Path, claim: &PrePeriodicFamilyClaim| {
        let certificate = nimcert::subtraction::preperiodic::certificate(claim.clone());
        std::fs::write(path, nimcert::check::to_ron(&certificate)).unwrap();
    };
    std::fs::create_dir_all(dir.join("in")).unwrap();
    write(&dir.join("in/good.ron"), &good);
    write(&dir.join("bad.ron"), &bad);
    let nimcert = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_nimcert"))
            .args(["export", "smt"])
            .args(args)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
        )
    };
    let out = |name: &str| dir.join(name).display().to_string();
    let (code, text) = nimcert(&[&out("in"), "--out", &out("o1")]);
    assert_eq!(code, Some(0), "{text}");
    let files = std::fs::read_dir(dir.join("o1/in_good")).unwrap().count();
    assert_eq!(
        files,
        smt_preperiodic::queries(&good).unwrap().len(),
        "{text}"
    );
    if solvers.len() == Solver::ALL.len() {
        let (code, text) = nimcert(&[&out("in"), "--out", &out("o2"), "--run", "z3,cvc5"]);
        assert_eq!(code, Some(0), "{text}");
        assert!(
            text.contains("0 counterexamples, 0 broken, 0 undecided"),
            "{text}"
        );
        let (code, text) = nimcert(&[&out("bad.ron"), "--out", &out("o3"), "--run", "z3,cvc5"]);
        assert_eq!(code, Some(1), "{text}");
        assert!(text.contains("FALSE: a counterexample, k = "), "{text}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
