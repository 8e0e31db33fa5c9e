//! `Family` claims as SMT-LIB 2 queries (src/export/smt.rs, docs/FAMILIES.md
//! "Check 2"): z3 and cvc5 answer `unsat` for every negation and `sat` for
//! every sanity twin on true claims, and `sat` for claims made false (a tail
//! letter changed, k0 lowered below where the family starts, a marker that
//! occurs twice).
//!
//! The claims are built here from the engine's nim-sequences at a few k,
//! independently of `nimcert::subtraction::family` (a naive reading of one
//! period, the marker found by trying windows). Skipped with a notice when
//! a solver is missing.

use nimcert::check::format::{FamilyClaim, FamilyShape, Marker};
use nimcert::engine::solve;
use nimcert::export::smt::{self, Expect, Outcome, Query, Solver, Split};
use nimcert::moves::MoveSet;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

const TIMEOUT: Duration = Duration::from_secs(60);

/// The nim-sequence of {a, b, c} over one period, if purely periodic.
fn period(a: u64, b: u64, c: u64) -> Option<Vec<u32>> {
    let game = solve(&MoveSet::new(&[a, b, c]).ok()?, 10_000_000).ok()?;
    (game.qp.preperiod == 0).then(|| game.values.iter().map(|&v| u32::from(v)).collect())
}

/// The nim-sequence of {a, b} on [0, a + b), by the mex rule.
fn base_word(a: u64, b: u64) -> Vec<u32> {
    let m = (a + b) as usize;
    let mut g: Vec<u32> = Vec::with_capacity(m);
    for x in 0..m {
        let options: Vec<u32> = [a as usize, b as usize]
            .iter()
            .filter(|&&s| s <= x)
            .map(|&s| g[x - s])
            .collect();
        g.push((0..).find(|v| !options.contains(v)).unwrap());
    }
    g
}

/// What one member of the family looks like.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Seen {
    Base(u64),
    Tail(Vec<u32>),
    Other,
}

fn seen(a: u64, b: u64, rho: u64, k: u64) -> (Seen, Vec<u32>) {
    let m = a + b;
    let c = m * k + rho;
    let base = base_word(a, b);
    let Some(f) = period(a, b, c) else {
        return (Seen::Other, Vec::new());
    };
    let p = f.len() as u64;
    let b_run = |len: u64| (0..len).all(|x| f[x as usize] == base[(x % m) as usize]);
    let shape = if m.is_multiple_of(p)
        && b_run(p)
        && (0..m).all(|x| base[x as usize] == f[(x % p) as usize])
    {
        Seen::Base(p)
    } else if p > c && b_run(c) {
        Seen::Tail(f[c as usize..].to_vec())
    } else {
        Seen::Other
    };
    (shape, f)
}

/// How often the window at `start` of length `len` occurs in the cyclic word.
fn occurrences(f: &[u32], start: usize, len: usize) -> usize {
    let p = f.len();
    (0..p)
        .filter(|&o| (0..len).all(|i| f[(o + i) % p] == f[(start + i) % p]))
        .count()
}

/// The claim for (a, b, ρ) read off the members at k = `sample`..`sample` + 3,
/// with k0 the least k from which all agree (and b < c, c ≥ L).
fn claim(a: u64, b: u64, rho: u64, sample: u64) -> Option<FamilyClaim> {
    let m = a + b;
    let (shape, f) = seen(a, b, rho, sample);
    let shape = match shape {
        Seen::Other => return None,
        Seen::Base(period) => FamilyShape::Base { period },
        Seen::Tail(tail) => {
            let c = (m * sample + rho) as i64;
            let (_, g) = seen(a, b, rho, sample + 1);
            let d = tail.len() as i64;
            let marker = (1..=10i64).find_map(|len| {
                let mut starts: Vec<i64> = (-len + 1..d).collect();
                starts.sort_by_key(|&j| (j >= 0, j.abs()));
                starts.into_iter().find_map(|j| {
                    let once = occurrences(&f, (c + j) as usize, len as usize) == 1
                        && occurrences(&g, (c + m as i64 + j) as usize, len as usize) == 1;
                    once.then_some(Marker {
                        start: j,
                        length: len as u64,
                    })
                })
            })?;
            FamilyShape::Tail { tail, marker }
        }
    };
    let same = |k: u64| -> bool {
        let (s, _) = seen(a, b, rho, k);
        match (&s, &shape) {
            (Seen::Base(p), FamilyShape::Base { period }) => p == period,
            (Seen::Tail(y), FamilyShape::Tail { tail, .. }) => y == tail,
            _ => false,
        }
    };
    if !(sample..sample + 4).all(same) {
        return None;
    }
    let length = match &shape {
        FamilyShape::Tail { marker, .. } => marker.length,
        FamilyShape::Base { .. } => 1,
    };
    let mut from_k = sample;
    while from_k > 0 {
        let c = m * (from_k - 1) + rho;
        if c <= b || c < length || !same(from_k - 1) {
            break;
        }
        from_k -= 1;
    }
    Some(FamilyClaim {
        a,
        b,
        rho,
        from_k,
        base_word: base_word(a, b),
        shape,
    })
}

/// The solvers installed; a notice when one is missing.
fn solvers() -> Vec<Solver> {
    let found: Vec<Solver> = Solver::ALL
        .into_iter()
        .filter(|&s| smt::available(s).is_ok())
        .collect();
    for s in Solver::ALL {
        if !found.contains(&s) {
            eprintln!("notice: {s} is not installed; its half of tests/family_smt.rs is skipped");
        }
    }
    found
}

fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("nimcert-family-smt-{}-{name}", std::process::id()));
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

fn name(claim: &FamilyClaim) -> String {
    let kind = match &claim.shape {
        FamilyShape::Base { period } => format!("Base p0={period}"),
        FamilyShape::Tail { tail, marker } => format!(
            "Tail d={} marker=({}, {})",
            tail.len(),
            marker.start,
            marker.length
        ),
    };
    format!(
        "{{{}, {}, {}k+{}}} k0={} {kind}",
        claim.a,
        claim.b,
        claim.a + claim.b,
        claim.rho,
        claim.from_k
    )
}

/// The families tested: Base and Tail, a = 1 and a ≥ 2.
const FAMILIES: [(u64, u64, u64); 12] = [
    (1, 2, 1),
    (1, 3, 1),
    (2, 5, 2),
    (5, 12, 12),
    (1, 4, 2),
    (1, 6, 5),
    (2, 5, 1),
    (2, 5, 3),
    (3, 5, 6),
    (2, 9, 5),
    (4, 9, 5),
    (6, 13, 7),
];

/// The letter of E_k (the claimed word, periodically extended) at y.
fn letter(claim: &FamilyClaim, k: u64, y: u64) -> u32 {
    let m = claim.a + claim.b;
    let c = m * k + claim.rho;
    let b = |z: u64| claim.base_word[(z % m) as usize];
    match &claim.shape {
        FamilyShape::Base { .. } => b(y),
        FamilyShape::Tail { tail, .. } => {
            let z = y % (c + tail.len() as u64);
            if z < c {
                b(z)
            } else {
                tail[(z - c) as usize]
            }
        }
    }
}

/// Whether the claimed word breaks the mex rule at x for k (a model's check).
fn breaks_mex(claim: &FamilyClaim, k: u64, x: u64) -> bool {
    let c = (claim.a + claim.b) * k + claim.rho;
    let options: Vec<u32> = [claim.a, claim.b, c]
        .into_iter()
        .filter(|&s| s <= x)
        .map(|s| letter(claim, k, x - s))
        .collect();
    let mex = (0..).find(|v| !options.contains(v)).unwrap();
    letter(claim, k, x) != mex
}

fn family(a: u64, b: u64, rho: u64) -> FamilyClaim {
    claim(a, b, rho, 3).unwrap_or_else(|| panic!("{{{a}, {b}, c}} rho = {rho} is no family here"))
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|x, y| x.partial_cmp(y).unwrap());
    v[v.len() / 2]
}

#[test]
fn true_claims_are_unsat_and_their_sanity_twins_sat() {
    let solvers = solvers();
    if solvers.is_empty() {
        return;
    }
    let dir = scratch("true");
    let mut jobs = Vec::new();
    for (a, b, rho) in FAMILIES {
        let claim = family(a, b, rho);
        for query in smt::queries(&claim).unwrap() {
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
    println!("solver seconds per family (sum over its queries; longest query):");
    for &solver in &solvers {
        let mut sums = Vec::new();
        for (a, b, rho) in FAMILIES {
            let family = name(&family(a, b, rho));
            let times: Vec<f64> = answers
                .iter()
                .filter(|x| x.solver == solver && x.family == family)
                .map(|x| x.seconds)
                .collect();
            let sum: f64 = times.iter().sum();
            let longest = times.iter().copied().fold(0.0, f64::max);
            println!(
                "  {solver:4} {family:50} {:3} queries {sum:7.2} s (longest {longest:.2} s)",
                times.len()
            );
            sums.push(sum);
        }
        let max = sums.iter().copied().fold(0.0, f64::max);
        println!(
            "  {solver}: median {:.2} s, max {max:.2} s per family",
            median(&mut sums)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A false claim: some negation (of `part`) is sat in every solver, and
/// each model is a real counterexample (`check`).
fn refuted(label: &str, claim: &FamilyClaim, part: &str, check: impl Fn(&Outcome) -> bool) {
    let solvers = solvers();
    if solvers.is_empty() {
        return;
    }
    let dir = scratch(label);
    let jobs: Vec<(String, Query)> = smt::queries(claim)
        .unwrap()
        .into_iter()
        .filter(|q| q.expect == Expect::Unsat && q.name.starts_with(part))
        .map(|q| (label.to_string(), q))
        .collect();
    assert!(!jobs.is_empty());
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
        let x = found[0];
        println!(
            "{label}: {solver} sat on {} of {} queries, e.g. {}: {:?}",
            found.len(),
            jobs.len(),
            x.query,
            match &x.outcome {
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

/// The model's k and x (or o), as naturals.
fn kx(outcome: &Outcome, var: &str) -> (u64, u64) {
    let k = outcome.value("k").expect("k in the model");
    let x = outcome.value(var).expect("x or o in the model");
    (u64::try_from(k).unwrap(), u64::try_from(x).unwrap())
}

#[test]
fn a_changed_tail_letter_is_refuted() {
    for (a, b, rho) in [(2, 5, 1), (1, 4, 2), (4, 9, 5)] {
        let mut claim = family(a, b, rho);
        let FamilyShape::Tail { tail, .. } = &mut claim.shape else {
            panic!()
        };
        let last = tail.len() - 1;
        tail[last] = (tail[last] + 1) % 3;
        let label = format!("{{{a}, {b}, c}} rho = {rho}, tail letter changed");
        let check = |o: &Outcome| {
            let (k, x) = kx(o, "x");
            k >= claim.from_k && breaks_mex(&claim, k, x)
        };
        refuted(&label, &claim, "recurrence", check);
    }
}

#[test]
fn a_changed_base_letter_and_a_wrong_base_period_are_refuted() {
    let mut claim = family(2, 5, 2);
    claim.base_word[3] ^= 1;
    let check = |o: &Outcome| {
        let (k, x) = kx(o, "x");
        k >= claim.from_k && breaks_mex(&claim, k, x)
    };
    refuted(
        "{2, 5, c} rho = 2, base letter changed",
        &claim,
        "recurrence",
        check,
    );
    let true_claim = family(1, 3, 1);
    assert_eq!(true_claim.shape, FamilyShape::Base { period: 2 });
    for wrong in [1, 4] {
        let mut claim = true_claim.clone();
        claim.shape = FamilyShape::Base { period: wrong };
        refuted(
            &format!("{{1, 3, c}} rho = 1, period {wrong}"),
            &claim,
            "least-period",
            |_| true,
        );
    }
}

#[test]
fn k0_lowered_below_the_family_is_refuted() {
    // {2, 5, 7k + 3} from k = 1; at k = 0 the largest move 3 is not above
    // b = 5 ({2, 3, 5} is another game): the export refuses the claim,
    // as nimcheck and Coq do, instead of stating the mex rule of moves
    // that are not {a, b, c}.
    let mut from_zero = family(2, 5, 3);
    assert_eq!(from_zero.from_k, 1);
    from_zero.from_k = 0;
    match smt::queries(&from_zero) {
        Err(smt::SmtError::Malformed(why)) => assert!(why.contains("not above b"), "{why}"),
        other => panic!("c(k0) = 3 <= b = 5 exported: {other:?}"),
    }
    // No lower k0 with c(k0) > b exists to try: every family certificate
    // that `nimcert family` derives on a < b <= 30 starts at the first
    // member with c > b, so lowering k0 always reaches a c <= b, which is
    // refused above.
    // A marker longer than c(k0) is refused (Lemma M's c(k0) >= L; here
    // c(k0) = 2 is not above b = 4 either).
    let mut claim = family(1, 4, 2);
    claim.from_k = 0;
    assert!(matches!(
        smt::queries(&claim),
        Err(smt::SmtError::Malformed(_))
    ));
}

#[test]
fn a_marker_that_occurs_twice_is_refuted() {
    for (a, b, rho) in [(2, 5, 3), (2, 9, 5)] {
        let mut claim = family(a, b, rho);
        // A letter of the tail that occurs again in the period (at k = 3).
        let (_, f) = seen(a, b, rho, 3);
        let c = ((a + b) * 3 + rho) as usize;
        let FamilyShape::Tail { tail, marker } = &mut claim.shape else {
            panic!()
        };
        let j = (0..tail.len())
            .find(|&j| occurrences(&f, c + j, 1) > 1)
            .unwrap();
        *marker = Marker {
            start: j as i64,
            length: 1,
        };
        let FamilyShape::Tail { tail, marker } = &claim.shape else {
            panic!()
        };
        let check = |o: &Outcome| {
            let (k, o) = kx(o, "o");
            let c = (a + b) * k + rho;
            let p = c + tail.len() as u64;
            let o0 = (c as i64 + marker.start) as u64;
            o != o0
                && (0..marker.length)
                    .all(|i| letter(&claim, k, (o + i) % p) == letter(&claim, k, (o0 + i) % p))
        };
        let label = format!("{{{a}, {b}, c}} rho = {rho}, marker ({j}, 1)");
        refuted(&label, &claim, "marker", check);
    }
}

#[test]
fn queries_are_linear_paired_and_cover_the_residues() {
    for (a, b, rho) in FAMILIES {
        let claim = family(a, b, rho);
        let m = a + b;
        for split in [Split::Whole, Split::Regions, Split::Residues] {
            let queries = smt::queries_with(&claim, split, 4096).unwrap();
            for q in &queries {
                assert!(q.smt2.contains("(set-logic QF_LIA)"));
                for word in ["mod", "div", "forall", "exists"] {
                    assert!(!q.smt2.contains(&format!("({word} ")), "{}: {word}", q.name);
                }
                // Every product has a numeral first.
                for product in q.smt2.split("(* ").skip(1) {
                    assert!(
                        product.starts_with(|ch: char| ch.is_ascii_digit()),
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
            let negations = queries.iter().filter(|q| q.expect == Expect::Unsat).count();
            let expected = match (&claim.shape, split) {
                (_, Split::Whole) => 2,
                (FamilyShape::Base { .. }, Split::Regions) => 3,
                (FamilyShape::Tail { .. }, Split::Regions) => 4,
                (FamilyShape::Base { .. }, Split::Residues) => 2 * m as usize + 1,
                (FamilyShape::Tail { tail, .. }, Split::Residues) => {
                    2 * m as usize + tail.len().min(m as usize) + 1
                }
            };
            assert_eq!(negations, expected, "{} {split:?}", name(&claim));
        }
    }
}

#[test]
fn the_cli_exports_runs_and_exits_by_the_answers() {
    let solvers = solvers();
    let dir = scratch("cli");
    let certificate = |claim: FamilyClaim| nimcert::check::format::Certificate {
        format: 6,
        provenance: nimcert::check::format::Provenance {
            tool: "tests/family_smt.rs".into(),
            method: nimcert::check::format::Method::Search {
                engine: "naive".into(),
            },
        },
        claim: nimcert::check::format::Claim::Family(claim),
    };
    let good = family(2, 5, 1);
    let mut bad = good.clone();
    if let FamilyShape::Tail { tail, .. } = &mut bad.shape {
        tail[0] = (tail[0] + 1) % 3;
    }
    std::fs::create_dir_all(dir.join("in")).unwrap();
    std::fs::write(
        dir.join("in/good.ron"),
        nimcert::check::to_ron(&certificate(good)),
    )
    .unwrap();
    std::fs::write(
        dir.join("bad.ron"),
        nimcert::check::to_ron(&certificate(bad)),
    )
    .unwrap();
    let nimcert = |args: &[&str], path: Option<&str>| {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_nimcert"));
        command.args(["export", "smt"]).args(args);
        if let Some(path) = path {
            command.env("PATH", path);
        }
        let out = command.output().unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
        )
    };
    let out = |name: &str| dir.join(name).display().to_string();
    let input = out("in");
    // Without --run: the files only.
    let (code, text) = nimcert(&[&input, "--out", &out("o1")], None);
    assert_eq!(code, Some(0), "{text}");
    let files = std::fs::read_dir(dir.join("o1/in_good")).unwrap().count();
    assert_eq!(files, 2 * (2 * 7 + 2 + 1), "{text}");
    // A missing solver: exit 4, before anything is written.
    let (code, _) = nimcert(
        &[&input, "--out", &out("o2"), "--run", "z3"],
        Some("/nonexistent"),
    );
    assert_eq!(code, Some(4));
    assert!(!dir.join("o2").exists());
    if solvers.len() == Solver::ALL.len() {
        let (code, text) = nimcert(&[&input, "--out", &out("o3"), "--run", "z3,cvc5"], None);
        assert_eq!(code, Some(0), "{text}");
        assert!(
            text.contains("0 counterexamples, 0 broken, 0 undecided"),
            "{text}"
        );
        let (code, text) = nimcert(
            &[&out("bad.ron"), "--out", &out("o4"), "--run", "z3,cvc5"],
            None,
        );
        assert_eq!(code, Some(1), "{text}");
        assert!(text.contains("FALSE: a counterexample, k = "), "{text}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
#[ignore = "a survey of small families and the solver times of the three splits (by hand)"]
fn survey_and_splits() {
    let solvers = solvers();
    let dir = scratch("splits");
    for (a, b, rho) in FAMILIES {
        let claim = family(a, b, rho);
        for split in [Split::Whole, Split::Regions, Split::Residues] {
            let jobs: Vec<(String, Query)> = smt::queries_with(&claim, split, 4096)
                .unwrap()
                .into_iter()
                .map(|q| (name(&claim), q))
                .collect();
            let answers = run_all(&dir, &jobs, &solvers);
            for &solver in &solvers {
                let times: Vec<f64> = answers
                    .iter()
                    .filter(|x| x.solver == solver)
                    .map(|x| x.seconds)
                    .collect();
                let ok = answers.iter().all(|x| x.outcome.is(x.expect));
                println!(
                    "{:50} {split:8?} {solver:4} {:4} queries {:7.2} s (longest {:.2} s){}",
                    name(&claim),
                    times.len(),
                    times.iter().sum::<f64>(),
                    times.iter().copied().fold(0.0, f64::max),
                    if ok { "" } else { " WRONG" }
                );
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The invalid corpus's family from a k0 whose member has c <= b (which
/// nimcheck and Coq refuse) is refused by the export too, exit 2, nothing
/// written.
#[test]
fn the_export_refuses_the_invalid_corpus_family_below_b() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = scratch("below-b");
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_nimcert"))
        .args(["export", "smt", "--out"])
        .arg(out.join("queries"))
        .arg(root.join("corpus/invalid/family-k0-below-b.ron"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("not above b"), "{stderr}");
    assert!(
        !out.join("queries").exists()
            || std::fs::read_dir(out.join("queries"))
                .unwrap()
                .next()
                .is_none()
    );
}
