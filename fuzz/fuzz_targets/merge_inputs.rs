//! `nimcert merge` on hostile shard results: arbitrary JSON text, and
//! results with arbitrary ids and counts. Reading, validating and merging
//! never panic (the fuzz build has overflow checks); whatever merge
//! accepts satisfies the tally's invariants and never counts more triples
//! than the sweep has; a merge of every shard of a sweep without filters
//! counts exactly its triples.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use nimcert::subtraction::sweep::{merge, Mismatch, SweepResult, SweepSpec, Tally};
use std::collections::BTreeMap;

#[derive(Arbitrary, Debug)]
struct Shard {
    shards: Vec<u64>,
    shard_count: u64,
    counts: [u64; 10],
    candidates: Vec<(u8, u64)>,
    covered: Vec<(u8, u64)>,
    periods: Vec<(u64, u64)>,
    examples: Vec<(u8, u8, u64)>,
}

#[derive(Arbitrary, Debug)]
struct Input {
    /// Free text read as a shard result.
    text: String,
    spec: (u8, u8, u8, bool),
    results: Vec<Shard>,
    partial: bool,
}

fn tally(s: &Shard) -> Tally {
    let names = ["a+b", "c+a", "c+b", "x"];
    let [triples, admissible, non_admissible, purely_periodic, mismatches, napp, aap, npf, _, _] =
        s.counts;
    Tally {
        triples,
        admissible,
        non_admissible,
        admissible_by_candidate: s
            .candidates
            .iter()
            .map(|&(k, v)| (names[k as usize % 4].to_string(), v))
            .collect(),
        purely_periodic,
        covered_by: s
            .covered
            .iter()
            .map(|&(k, v)| (format!("A.Table1.row{}", k % 8), v))
            .collect::<BTreeMap<_, _>>(),
        mismatches,
        mismatch_examples: s
            .examples
            .iter()
            .map(|&(b, c, p)| Mismatch {
                moves: [2, 3 + u64::from(b), 300 + u64::from(c)],
                statement: "A.Thm36".into(),
                predicted_period: p,
                preperiod: 0,
                period: p.wrapping_add(1),
            })
            .collect(),
        non_admissible_purely_periodic: napp,
        admissible_as_predicted: aap,
        no_period_found: npf,
        period_distribution: s.periods.iter().copied().collect(),
    }
}

fuzz_target!(|input: Input| {
    if let Ok(result) = SweepResult::from_json(&input.text) {
        let _ = result.validate();
        let _ = merge(&[result.clone(), result], input.partial);
    }
    let (a, b, c, primitive) = input.spec;
    let spec = SweepSpec {
        a: format!("1..={}", 1 + a % 6),
        b: format!("..={}", 2 + b % 10),
        c: format!("..={}", 3 + c % 14),
        primitive,
        non_additive: false,
        max_positions: 1000,
    };
    let results: Vec<SweepResult> = input
        .results
        .iter()
        .take(6)
        .map(|s| SweepResult {
            spec: spec.clone(),
            shards: s.shards.iter().take(8).copied().collect(),
            shard_count: s.shard_count,
            partial: false,
            tally: tally(s),
        })
        .collect();
    for r in &results {
        let back = SweepResult::from_json(&r.to_json()).expect("its own JSON reads back");
        assert_eq!(&back, r);
    }
    if let Ok(merged) = merge(&results, input.partial) {
        let size = spec.size().expect("a valid spec");
        merged
            .tally
            .check(size.triples)
            .expect("merged counts are consistent");
        let all = merged.shards.len() as u64 == merged.shard_count;
        assert_eq!(merged.partial, !all);
        if all && !primitive {
            assert_eq!(u128::from(merged.tally.triples), size.triples);
        }
    }
});
