//! Parsing, the format version, size and depth bounds, and hostile input:
//! the checker never panics and refuses oversized input quickly.

mod common;

use common::*;
use nimcert_check::format::{Certificate, Claim, Method, Parameter, Source};
use nimcert_check::{check_bytes, check_certificate, parse, to_ron, Limits, Verdict};
use std::time::Instant;

fn seq_cert() -> Certificate {
    certificate(Claim::Sequence(sequence_claim(&[2, 5, 7])))
}

fn pset_cert() -> Certificate {
    certificate(Claim::PSet(pset_claim(&[2, 5, 7], 22)))
}

const EXPECTED_RON: &str = "(
    format: 1,
    provenance: (
        tool: \"checker tests\",
        method: Search(engine: \"naive mex in checker/tests/common\"),
    ),
    claim: PSet((
        moves: [3],
        period: 6,
        block: [0, 1, 2],
        cover: [(3, 3), (4, 3), (5, 3)],
        period_witnesses: [(prime: 2, position: 0), (prime: 3, position: 1)],
    )),
)
";

#[test]
fn to_ron_writes_the_documented_form_and_round_trips() {
    let c = certificate(Claim::PSet(pset_claim(&[3], 6)));
    assert_eq!(to_ron(&c), EXPECTED_RON);
    assert_eq!(parse(EXPECTED_RON.as_bytes(), &Limits::default()), Ok(c));
    for c in [seq_cert(), pset_cert()] {
        let text = to_ron(&c);
        assert!(text.ends_with(")\n"));
        assert_eq!(parse(text.as_bytes(), &Limits::default()), Ok(c.clone()));
        assert_valid(&bytes(text.as_bytes()));
    }
    // A statement provenance round-trips too, and is never trusted.
    let mut c = seq_cert();
    c.provenance.method = Method::Statement {
        paper: "A".into(),
        statement: "A.Table1.row2".into(),
        source: Source::Derived,
        parameters: vec![Parameter {
            name: "rho".into(),
            value: -3,
        }],
    };
    let text = to_ron(&c);
    assert_eq!(parse(text.as_bytes(), &Limits::default()), Ok(c));
    assert_valid(&bytes(text.as_bytes()));
}

#[test]
fn file_size_limit_is_exact() {
    let text = to_ron(&seq_cert());
    let n = text.len() as u64;
    let at = Limits {
        max_file_bytes: n,
        ..Limits::default()
    };
    assert_valid(&check_bytes(text.as_bytes(), &at));
    let below = Limits {
        max_file_bytes: n - 1,
        ..Limits::default()
    };
    assert_eq!(
        check_bytes(text.as_bytes(), &below),
        Verdict::OverLimit(format!(
            "file of {n} bytes exceeds the limit of {} bytes (--max-file-bytes)",
            n - 1
        ))
    );
    assert!(parse(text.as_bytes(), &below).is_err());
}

#[test]
fn depth_limit_applies_to_certificates() {
    // A certificate needs a few levels; a limit below that refuses it,
    // which shows the limit reaches the parser.
    let text = to_ron(&seq_cert());
    let verdict = |depth| {
        check_bytes(
            text.as_bytes(),
            &Limits {
                max_depth: depth,
                ..Limits::default()
            },
        )
    };
    let least = (1..=32)
        .find(|&d| matches!(verdict(d), Verdict::Valid(_)))
        .unwrap();
    assert!((4..=12).contains(&least), "least depth {least}");
    assert_undecidable(&verdict(least - 1), "recursion limit");
    // 40 nested brackets where a list of integers belongs: refused.
    let deep = text.replace("values: [", &format!("values: {}[", "[".repeat(40)));
    assert_undecidable(&bytes(deep.as_bytes()), "parse error");
}

#[test]
fn deep_nesting_is_refused_quickly_without_overflowing_the_stack() {
    let start = Instant::now();
    for n in [1_000usize, 100_000, 1_000_000] {
        let parens = format!(
            "(format: 1, provenance: {}{})",
            "(".repeat(n),
            ")".repeat(n)
        );
        assert_undecidable(&bytes(parens.as_bytes()), "parse error");
        let brackets = format!("{}{}", "[".repeat(n), "]".repeat(n));
        assert_undecidable(&bytes(brackets.as_bytes()), "parse error");
        let text = to_ron(&seq_cert());
        let inner = text.replace("values: [", &format!("values: {}", "[".repeat(n)));
        assert_undecidable(&bytes(inner.as_bytes()), "parse error");
    }
    // A guard against doing the refused work (hours), not a speed target.
    assert!(start.elapsed().as_secs() < 10, "took {:?}", start.elapsed());
}

#[test]
fn versions() {
    let text = to_ron(&seq_cert());
    for v in [0u64, 9, 10, u32::MAX as u64] {
        let other = text.replacen("format: 1,", &format!("format: {v},"), 1);
        assert_eq!(
            bytes(other.as_bytes()),
            Verdict::Undecidable(format!(
                "unsupported format version {v} (this checker reads versions 1 to 8)"
            ))
        );
    }
    // Version 2 reads every version-1 claim.
    let other = text.replacen("format: 1,", "format: 2,", 1);
    assert_valid(&bytes(other.as_bytes()));
    let mut c = seq_cert();
    c.format = 9;
    assert_eq!(
        check_certificate(&c, &Limits::default()),
        Verdict::Undecidable("unsupported format version 9".into())
    );
    c.format = 0;
    assert_eq!(
        check_certificate(&c, &Limits::default()),
        Verdict::Undecidable("unsupported format version 0".into())
    );
    c.format = 2;
    assert_valid(&check_certificate(&c, &Limits::default()));
    c.format = 1;
    assert_valid(&check_certificate(&c, &Limits::default()));
    let big = text.replacen("format: 1,", "format: 4294967296,", 1);
    assert_undecidable(&bytes(big.as_bytes()), "parse error");
}

#[test]
fn malformed_documents() {
    let text = to_ron(&seq_cert());
    let cases: Vec<(String, &str)> = vec![
        (String::new(), "parse error"),
        (text[..text.len() / 2].to_string(), "parse error"),
        (text.replace("period: 22,", "period 22,"), "parse error"),
        (text.replace("format: 1", "format: \"1\""), "parse error"),
        (text.replace("    format: 1,\n", ""), "parse error"),
        (
            text.replace(
                "preperiod: 0,",
                "preperiod: 0,\n        comment: \"trust me\",",
            ),
            "Unexpected field named `comment`",
        ),
        (
            text.replace("format: 1,", "format: 1, signature: 0,"),
            "signature",
        ),
        (text.replace("claim: Sequence(", "claim: Magic("), "Magic"),
        (text.replace("period: 22,", "period: -22,"), "parse error"),
        (
            text.replace("period: 22,", "period: 18446744073709551616,"),
            "parse error",
        ),
        (
            text.replace("values: [0,", "values: [4294967296,"),
            "parse error",
        ),
        (format!("{text}(format: 1)"), "parse error"),
        ("{\"format\": 1}".to_string(), "parse error"),
        ("\u{0}".repeat(64), "parse error"),
        ("(format: 1)".to_string(), "parse error"),
    ];
    for (input, needle) in cases {
        assert_undecidable(&bytes(input.as_bytes()), needle);
    }
    let mut invalid = text.into_bytes();
    invalid[20] = 0xff;
    assert_undecidable(&bytes(&invalid), "not UTF-8");
}

#[test]
fn hostile_mutations_never_panic() {
    // Byte-level mutations of real certificates, and every truncation.
    let seeds = [
        to_ron(&seq_cert()),
        to_ron(&pset_cert()),
        to_ron(&certificate(Claim::Sequence(sequence_claim(&[2, 4, 7])))),
    ];
    let alphabet = b"0123456789()[],:-_ SomeNone\"xyz\n\xff";
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut counts = [0usize; 3];
    let start = Instant::now();
    for seed in &seeds {
        let base = seed.as_bytes();
        for cut in 0..base.len() {
            let v = bytes(&base[..cut]);
            assert!(!matches!(v, Verdict::Valid(_)) || cut == base.len() - 1);
        }
        for _ in 0..3000 {
            let mut input = base.to_vec();
            for _ in 0..1 + rng.below(4) {
                let i = rng.below(input.len());
                match rng.below(3) {
                    0 => input[i] = alphabet[rng.below(alphabet.len())],
                    1 => {
                        input.remove(i);
                    }
                    _ => input.insert(i, alphabet[rng.below(alphabet.len())]),
                }
            }
            counts[bytes(&input).exit_code() as usize] += 1;
        }
    }
    // Mutations hit all three verdicts, so they reach the rules.
    assert!(counts.iter().all(|&n| n > 0), "{counts:?}");
    assert!(start.elapsed().as_secs() < 20, "took {:?}", start.elapsed());
}

#[test]
fn random_claims_never_panic() {
    // Structured nonsense: random small claims of both kinds.
    let mut rng = Rng(42);
    let mut valid = 0;
    for _ in 0..20_000 {
        let moves: Vec<u64> = (0..rng.below(4)).map(|_| rng.below(9) as u64).collect();
        let values: Vec<u32> = (0..rng.below(12)).map(|_| rng.below(4) as u32).collect();
        let witnesses: Vec<_> = (0..rng.below(3))
            .map(|_| w(rng.below(12) as u64, rng.below(14) as u64))
            .collect();
        let q = rng.below(4) as u64;
        let p = rng.below(10) as u64;
        let claim = nimcert_check::format::SequenceClaim {
            moves: moves.clone(),
            preperiod: q,
            period: p,
            values,
            period_witnesses: witnesses.clone(),
            preperiod_witness: if rng.below(2) == 0 {
                None
            } else {
                Some(rng.below(5) as u64)
            },
        };
        if matches!(seq(claim), Verdict::Valid(_)) {
            valid += 1;
        }
        let block: Vec<u64> = (0..rng.below(5)).map(|_| rng.below(12) as u64).collect();
        let cover: Vec<(u64, u64)> = (0..rng.below(8))
            .map(|_| (rng.below(12) as u64, rng.below(9) as u64))
            .collect();
        let claim = nimcert_check::format::PSetClaim {
            moves,
            period: p,
            block,
            cover,
            period_witnesses: witnesses,
        };
        let _ = pset(claim);
    }
    let _ = valid;
}

#[test]
fn accepted_random_claims_are_true() {
    // Soundness on small games: for random move sets, every one-value change
    // of the true claim is rejected and the true claim accepted (the
    // checker's verdict equals the naive computation's).
    let mut rng = Rng(7);
    for _ in 0..200 {
        let mut moves: Vec<u64> = (0..1 + rng.below(3))
            .map(|_| 1 + rng.below(9) as u64)
            .collect();
        moves.sort_unstable();
        moves.dedup();
        let good = sequence_claim(&moves);
        assert_valid(&seq(good.clone()));
        let i = rng.below(good.values.len());
        let mut bad = good.clone();
        bad.values[i] += 1 + rng.below(3) as u32;
        assert!(matches!(seq(bad), Verdict::Invalid(_)));
    }
}
