//! # nimcert-claims
//!
//! The claim-file language of nimcert: statements about subtraction and
//! octal games, and avoidance games on convex geometries, written in TOML, checked for types, enumerated over their
//! parameters and evaluated within a work limit against a game's
//! nim-sequence, with a proof rule for "for all x".
//!
//! ## Use
//!
//! 1. [`parse`] a file's bytes (with [`ParseLimits`]) into a [`ClaimFile`];
//! 2. [`check()`] it (types, names, game words; what `claims check` runs);
//! 3. for each [`FileClaim`], enumerate [`instances()`] (each an
//!    [`Instance`] with its [`GameSpec`]), with [`instance_estimate`] for
//!    a work estimate beforehand;
//! 4. solve the instance's game, wrap its nim-sequence as a [`Sequence`]
//!    (or pass [`NoGame`] when [`needs_game`] is false) and [`evaluate`]
//!    the claim on it within a [`Budget`]: an [`Evaluation`] says whether
//!    it holds, with an [`XScope`] (proved for all x, or checked on
//!    x < N) and a witness when it fails.
//!
//! Every failure is a [`Diagnostic`] (`FILE:LINE:COL: message`, with
//! [`Diagnostic::render`] adding the line and a caret) of kind input
//! (exit 2) or limit (exit 3, naming [`FLAG_MAX_BYTES`],
//! [`FLAG_MAX_CLAIMS`] or [`FLAG_MAX_EVAL_STEPS`]); evaluation failures
//! come as an [`EvalError`]. [`fuzz_entry`] runs the whole pipeline on
//! arbitrary bytes and never panics.
//!
//! The file is parsed by `toml` (spans kept for positions) and each
//! expression by a `pest` grammar (`src/grammar.pest`). The language
//! follows, as in `LANGUAGE.md`.
//!
#![doc = include_str!("../LANGUAGE.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod check;
mod diag;
mod eval;
mod every_c;
mod expr;
mod file;
mod instances;
mod linear;

pub use check::{check, check_claim, needs_game};
pub use diag::{DiagKind, Diagnostic};
pub use eval::{
    AvoidanceGame, Budget, EvalError, Evaluation, NoGame, Outcome, Sequence, XScope,
    FLAG_MAX_EVAL_STEPS,
};
pub use every_c::{decide_every_c, Family, FamilyPeriod, ForEveryC};
pub use file::{
    parse, ClaimFile, ClaimKind, FileClaim, GeometryKind, ParseLimits, DEFAULT_CHECK_BELOW,
    FLAG_MAX_BYTES, FLAG_MAX_CLAIMS,
};
pub use instances::{
    class_of, evaluate, evaluate_avoidance, instance_estimate, instance_estimate_in, instances,
    instances_in, member, AvoidanceSpec, Catalogue, Class, GameSpec, Instance, Instances,
    NoCatalogue, ParamValue, TreeRef, MAX_SUBSET_BASE,
};

/// A small sequence for [`fuzz_entry`]: G = 1, 0, then 0, 1, 2 repeating
/// (q = 2, p = 3).
struct FuzzSequence;

impl Sequence for FuzzSequence {
    fn value(&self, n: u64) -> u64 {
        match n {
            0 => 1,
            1 => 0,
            _ => (n - 2) % 3,
        }
    }
    fn preperiod(&self) -> u64 {
        2
    }
    fn period(&self) -> u64 {
        3
    }
}

/// A small avoidance game for [`fuzz_entry`]: the path 1-2-3 in its
/// vertex geometry with W = {2} (𝓜 = {{1}, {3}}, nim 1), whatever the
/// instance's geometry.
struct FuzzPath;

impl AvoidanceGame for FuzzPath {
    fn ground(&self) -> u64 {
        3
    }
    fn nim(&self) -> u64 {
        1
    }
    fn maximal(&self) -> Vec<Vec<u64>> {
        vec![vec![1], vec![3]]
    }
    fn classes(&self) -> Vec<Vec<u64>> {
        vec![vec![1], vec![3], vec![]]
    }
    fn class_type(&self, set: &[u64]) -> Option<(u64, u64)> {
        (set.len() <= 1 && !set.contains(&2)).then_some((1, 0))
    }
    fn position_nim(&self, p: &[u64]) -> Option<u64> {
        let generates = p.contains(&2) || (p.contains(&1) && p.contains(&3));
        let legal = !generates;
        legal.then_some(u64::from(p.is_empty()))
    }
    fn closure(&self, a: &[u64]) -> Vec<u64> {
        match (a.iter().min(), a.iter().max()) {
            (Some(&lo), Some(&hi)) => (lo..=hi).collect(),
            _ => Vec::new(),
        }
    }
    fn extreme(&self, a: &[u64]) -> Vec<u64> {
        let mut ends: Vec<u64> = a
            .iter()
            .min()
            .into_iter()
            .chain(a.iter().max())
            .copied()
            .collect();
        ends.dedup();
        ends
    }
    fn components(&self, v: u64) -> Result<Vec<Vec<u64>>, String> {
        Ok(match v {
            2 => vec![vec![1], vec![3]],
            1 => vec![vec![2, 3]],
            _ => vec![vec![1, 2]],
        })
    }
}

/// A tree catalogue for [`fuzz_entry`]: one tree of each order 1..=3.
struct FuzzTrees;

impl Catalogue for FuzzTrees {
    fn trees(&self, n: i64, _labelled: bool) -> Result<u64, String> {
        if (1..=3).contains(&n) {
            Ok(1)
        } else {
            Err(format!("no tree on {n} vertices here"))
        }
    }
}

/// The fuzzing entry point: parses `bytes` as a claim file (64 KiB, 16
/// claims at most), checks it, and evaluates each claim's first three
/// instances against a tiny built-in sequence (or avoidance game, the
/// path 1-2-3 with W = {2}, and one tree of each order up to 3) within
/// 100,000 steps per claim. Errors are expected and ignored; it never panics, and its time
/// and memory are bounded by those limits.
pub fn fuzz_entry(bytes: &[u8]) {
    let limits = ParseLimits {
        max_bytes: 64 << 10,
        max_claims: 16,
    };
    let Ok(file) = parse("fuzz.toml", bytes, &limits) else {
        return;
    };
    for claim in &file.claims {
        if check_claim(claim).is_err() {
            continue;
        }
        let mut budget = Budget::new(100_000);
        let _ = instance_estimate_in(claim, &FuzzTrees, &mut budget);
        let _ = needs_game(claim);
        let mut all = instances_in(claim, &FuzzTrees);
        for _ in 0..3 {
            let Some(Ok(instance)) = all.next_instance(&mut budget) else {
                break;
            };
            let _ = instance.label();
            let result = match &instance.game {
                GameSpec::Avoidance(_) => {
                    evaluate_avoidance(claim, &instance, &FuzzPath, &mut budget)
                }
                _ => evaluate(claim, &instance, &FuzzSequence, &mut budget),
            };
            if let Err(e) = result {
                let _ = e.diagnostic().render();
            }
        }
    }
}
