//! The format-8 `PrePeriodicFamily` claim (checker/src/preperiodic.rs)
//! from the checker's side, without the solver: the shipped certificates
//! (certificates/preperiodic/) are accepted and agree with the naive mex
//! (tests/common) on members the checker never looked at; a true claim
//! with a k0 near 2^64 / m is decided fast by Lemma S; hostile claims
//! (huge k0, slopes, offsets, markers, many blocks, empty words and lists,
//! c(k0) beyond u64) are refused fast and without a panic, a limit naming
//! its flag and `precheck` agreeing; and `nimcheck` maps each verdict to
//! its exit code. Lemma S itself is tested on random run lists by the unit
//! tests of checker/src/preperiodic.rs; the solver's derived claims and
//! thousands of their mutants by tests/preperiodic_certificates.rs.

mod common;

use common::*;
use nimcert_check::format::{Affine, Block, Certificate, Claim, PrePeriodicFamilyClaim};
use nimcert_check::{check_certificate, parse, precheck, to_ron, Limits, Verdict};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// {2, 5, 7k} from k0 = 2 (docs/NECESSITY.md): q = 7k + 8, p = 7k + 2,
/// as certificates/preperiodic/2-5-0.ron has it.
fn two_five() -> PrePeriodicFamilyClaim {
    let block = |word: &[u32], slope: u64, offset: i64| Block {
        word: word.to_vec(),
        length: Affine { slope, offset },
    };
    PrePeriodicFamilyClaim {
        a: 2,
        b: 5,
        rho: 0,
        from_k: 2,
        preperiod_length: Affine {
            slope: 7,
            offset: 8,
        },
        period_length: Affine {
            slope: 7,
            offset: 2,
        },
        preperiod: vec![
            block(&[0, 0, 1, 1, 0, 2, 1], 7, 0),
            block(&[3, 2, 2, 0, 3, 1, 0, 3], 0, 8),
        ],
        period: vec![
            block(&[1, 0, 0, 1, 1, 0, 2], 7, -5),
            block(&[2, 1, 0, 2, 1, 0, 2], 0, 7),
        ],
        marker: Some(vec![1, 1, 0, 2, 1, 0, 2]),
    }
}

/// {2, 4, 6k + 1} from k0 = 1: a constant period p = 3 (counted once).
fn two_four() -> PrePeriodicFamilyClaim {
    PrePeriodicFamilyClaim {
        a: 2,
        b: 4,
        rho: 1,
        from_k: 1,
        preperiod_length: Affine {
            slope: 6,
            offset: 2,
        },
        period_length: Affine {
            slope: 0,
            offset: 3,
        },
        preperiod: vec![
            Block {
                word: vec![0, 0, 1, 1, 2, 2],
                length: Affine {
                    slope: 6,
                    offset: 1,
                },
            },
            Block {
                word: vec![3],
                length: Affine {
                    slope: 0,
                    offset: 1,
                },
            },
        ],
        period: vec![Block {
            word: vec![1, 0, 2],
            length: Affine {
                slope: 0,
                offset: 3,
            },
        }],
        marker: Some(vec![0]),
    }
}

fn cert(claim: PrePeriodicFamilyClaim) -> Certificate {
    let claim = Claim::PrePeriodicFamily(claim);
    Certificate {
        format: claim.format_version(),
        ..certificate(claim)
    }
}

fn check_with(claim: &PrePeriodicFamilyClaim, limits: &Limits) -> Verdict {
    check_certificate(&cert(claim.clone()), limits)
}

/// Checks within `most`, and says so when it takes longer.
fn timed(claim: &PrePeriodicFamilyClaim, limits: &Limits, most: Duration) -> Verdict {
    let start = Instant::now();
    let verdict = check_with(claim, limits);
    assert!(
        start.elapsed() < most,
        "{:?} for {verdict:?}",
        start.elapsed()
    );
    verdict
}

/// The expansion of blocks at k.
fn expand(blocks: &[Block], k: u64) -> Vec<u32> {
    let mut out = Vec::new();
    for b in blocks {
        let n = b.length.slope as i64 * k as i64 + b.length.offset;
        assert!(n >= 1);
        out.extend((0..n as usize).map(|t| b.word[t % b.word.len()]));
    }
    out
}

/// The claim against the naive mex at member k: the values on [0, q + p),
/// p a period from q (on a window of c), q least (G(q − 1) ≠ G(q − 1 + p)),
/// and with a marker p least (one occurrence in the cyclic period).
fn agrees_at(claim: &PrePeriodicFamilyClaim, k: u64) -> Result<(), String> {
    let c = (claim.a + claim.b) * k + claim.rho;
    let (pre, per) = (expand(&claim.preperiod, k), expand(&claim.period, k));
    let (q, p, cu) = (pre.len(), per.len(), c as usize);
    let g = naive(&[claim.a, claim.b, c], (q + 2 * p + cu) as u64);
    if g[..q] != pre[..] || g[q..q + p] != per[..] {
        return Err("values".into());
    }
    if (q..q + cu).any(|x| g[x] != g[x + p]) {
        return Err("p is no period from q".into());
    }
    if g[q - 1] == g[q - 1 + p] {
        return Err("q is not least".into());
    }
    if let Some(w) = &claim.marker {
        let n = (0..p)
            .filter(|&o| w.iter().enumerate().all(|(i, &v)| g[q + (o + i) % p] == v))
            .count();
        if n != 1 {
            return Err(format!("marker occurs {n} times"));
        }
    }
    Ok(())
}

fn shipped() -> Vec<(PathBuf, PrePeriodicFamilyClaim)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../certificates/preperiodic");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("certificates/preperiodic exists") {
        let path = entry.unwrap().path();
        let bytes = std::fs::read(&path).unwrap();
        let certificate = parse(&bytes, &Limits::default()).unwrap();
        let Claim::PrePeriodicFamily(claim) = certificate.claim else {
            panic!("{} is not a PrePeriodicFamily certificate", path.display());
        };
        out.push((path, claim));
    }
    out.sort_by(|x, y| x.0.cmp(&y.0));
    out
}

#[test]
fn shipped_certificates_are_accepted_and_agree_with_the_naive_mex() {
    let shipped = shipped();
    assert!(shipped.len() >= 5, "only {} shipped", shipped.len());
    let mut members = 0;
    for (path, claim) in &shipped {
        assert_valid(&check_with(claim, &Limits::default()));
        let m = claim.a + claim.b;
        // Members the checker did not look at (its k are below K + M).
        for k in claim.from_k..claim.from_k + 40 {
            if m * k + claim.rho > 1500 {
                break;
            }
            agrees_at(claim, k)
                .unwrap_or_else(|why| panic!("{} at k = {k}: {why}", path.display()));
            members += 1;
        }
    }
    assert!(members >= 100, "{members}");
    // The fixtures here are two of them.
    for fixture in [two_five(), two_four()] {
        assert!(shipped.iter().any(|(_, c)| *c == fixture), "{fixture:?}");
    }
}

#[test]
fn the_valid_message_names_the_family_and_the_checked_k() {
    let message = match check_with(&two_five(), &Limits::default()) {
        Verdict::Valid(m) => m,
        other => panic!("{other:?}"),
    };
    assert!(
        message.starts_with("every S = {2, 5, c}, c = 7k + 0, k ≥ 2 (c ≥ 14): not purely periodic"),
        "{message}"
    );
    assert!(message.contains("least pre-period q = 7k + 8 > 0, period p = 7k + 2"));
    assert!(message.contains("p is the least period (the marker (1,1,0,2,1,0,2) occurs once"));
    assert!(
        message.ends_with("(checked k = 2..10 by Lemma S, K = 4, M = 7)"),
        "{message}"
    );
    let mut claim = two_five();
    claim.marker = None;
    let message = check_with(&claim, &Limits::default()).message().to_string();
    assert!(!message.contains("least period"), "{message}");
    assert!(message.contains("period p = 7k + 2"), "{message}");
}

/// A true claim from k0 = ⌊(2^64 − 1)/7⌋: c(k0) fits in u64, and Lemma S
/// decides it from k = K..K + M, all below k0, in no time.
#[test]
fn a_huge_k0_is_decided_fast_by_lemma_s() {
    let limits = Limits::default();
    for mut claim in [two_five(), two_four()] {
        let m = claim.a + claim.b;
        claim.from_k = (u64::MAX - claim.rho) / m;
        let verdict = timed(&claim, &limits, Duration::from_millis(200));
        assert_valid(&verdict);
        assert!(verdict.message().contains(&format!("k ≥ {}", claim.from_k)));
        // One more k0 and c(k0) is not representable: undecided.
        claim.from_k += 1;
        let verdict = timed(&claim, &limits, Duration::from_millis(200));
        assert_undecidable(&verdict, "exceeds 2^64 − 1");
    }
    // A false claim with a huge k0 is refused all the same (one letter of
    // the growing pre-period word changed).
    let mut claim = two_five();
    claim.from_k = u64::MAX / 7;
    claim.preperiod[0].word[5] = 1;
    assert_invalid(
        &timed(&claim, &limits, Duration::from_millis(200)),
        "recurrence fails",
    );
}

type Edit = fn(&mut PrePeriodicFamilyClaim);

/// (what, edit, exit code, a piece of the message).
const HOSTILE: &[(&str, Edit, u8, &str)] = &[
    (
        "k0 = 2^64 − 1",
        |c| c.from_k = u64::MAX,
        2,
        "exceeds 2^64 − 1",
    ),
    (
        "c(k0) = m·k0 + ρ overflows by ρ",
        |c| {
            c.rho = c.a + c.b - 1;
            c.from_k = u64::MAX / (c.a + c.b);
        },
        2,
        "exceeds 2^64 − 1",
    ),
    ("k0 = 0: c(k0) ≤ b", |c| c.from_k = 0, 1, "not above b"),
    ("a = 0", |c| c.a = 0, 1, "a = 0"),
    ("a = b", |c| c.a = c.b, 1, "a < b"),
    ("a > b", |c| std::mem::swap(&mut c.a, &mut c.b), 1, "a < b"),
    ("a huge", |c| c.a = 1 << 40, 3, "--max-move"),
    ("b = 2^64 − 1", |c| c.b = u64::MAX, 3, "--max-move"),
    ("ρ = m", |c| c.rho = c.a + c.b, 1, "ρ"),
    ("ρ = 2^64 − 1", |c| c.rho = u64::MAX, 1, "ρ"),
    (
        "no pre-period block",
        |c| c.preperiod.clear(),
        1,
        "no block",
    ),
    ("no period block", |c| c.period.clear(), 1, "no block"),
    (
        "an empty word",
        |c| c.period[1].word.clear(),
        1,
        "empty word",
    ),
    (
        "an empty pre-period word",
        |c| c.preperiod[0].word.clear(),
        1,
        "empty word",
    ),
    (
        "a block of length 0 at k0",
        |c| {
            c.period[0].length.offset = -14;
            c.period_length.offset = -7;
        },
        1,
        "at least 1 letter",
    ),
    (
        "stated q off by one",
        |c| c.preperiod_length.offset += 1,
        1,
        "stated pre-period",
    ),
    (
        "stated p slope off by one",
        |c| c.period_length.slope += 1,
        1,
        "stated period",
    ),
    (
        "slope 2^40",
        |c| c.preperiod[0].length.slope = 1 << 40,
        3,
        "--max-period",
    ),
    (
        "slope 2^64 − 1",
        |c| c.period[0].length.slope = u64::MAX,
        3,
        "--max-period",
    ),
    (
        "offset i64::MIN",
        |c| c.period[0].length.offset = i64::MIN,
        3,
        "--max-period",
    ),
    (
        "offset i64::MAX",
        |c| c.preperiod[1].length.offset = i64::MAX,
        3,
        "--max-period",
    ),
    (
        "stated offset i64::MIN",
        |c| c.preperiod_length.offset = i64::MIN,
        3,
        "--max-period",
    ),
    (
        "slope 10^8 (within --max-period): the work",
        |c| {
            c.preperiod[0].length.slope = 100_000_000;
            c.preperiod_length.slope = 100_000_000;
        },
        3,
        "--max-work",
    ),
    (
        "offset 10^8 of a fixed block: the work",
        |c| {
            c.preperiod[1].length.offset = 100_000_000;
            c.preperiod_length.offset = 100_000_000;
        },
        3,
        "--max-work",
    ),
    (
        "a constant period of 10^8 letters",
        |c| {
            c.period = vec![Block {
                word: vec![0],
                length: Affine {
                    slope: 0,
                    offset: 100_000_000,
                },
            }];
            c.period_length = Affine {
                slope: 0,
                offset: 100_000_000,
            };
            c.marker = None;
        },
        3,
        "--max-work",
    ),
    (
        "a constant period of 10^8 + 1 letters",
        |c| {
            c.period = vec![Block {
                word: vec![0],
                length: Affine {
                    slope: 0,
                    offset: 100_000_001,
                },
            }];
            c.period_length = Affine {
                slope: 0,
                offset: 100_000_001,
            };
            c.marker = None;
        },
        3,
        "--max-period",
    ),
    (
        "the period's slope 1 with p(k0) = 1: c(k0)/p(k0) copies",
        |c| {
            c.from_k = 10_000_000;
            c.period = vec![Block {
                word: vec![0],
                length: Affine {
                    slope: 1,
                    offset: 1 - 10_000_000,
                },
            }];
            c.period_length = c.period[0].length;
            c.marker = None;
        },
        3,
        "--max-work",
    ),
    (
        "an empty marker",
        |c| c.marker = Some(vec![]),
        1,
        "marker is empty",
    ),
    (
        "a marker longer than p(k0)",
        |c| c.marker = Some(vec![0; 17]),
        1,
        "more than the period",
    ),
    (
        "a marker of 10^6 letters",
        |c| c.marker = Some(vec![1; 1_000_000]),
        1,
        "more than the period",
    ),
    (
        "a marker that occurs twice",
        |c| c.marker = Some(vec![1, 0, 2]),
        1,
        "occurs at offsets",
    ),
    (
        "a marker that does not occur",
        |c| c.marker = Some(vec![3]),
        1,
        "does not occur",
    ),
    (
        "a value 2^32 − 1",
        |c| c.period[1].word[0] = u32::MAX,
        1,
        "recurrence fails",
    ),
    (
        "one letter changed",
        |c| c.period[1].word[3] = 0,
        1,
        "recurrence fails",
    ),
    (
        "q one too large, the values shifted",
        |c| {
            // G(q) = G(q + p) is moved into the pre-period: q + 1 is no
            // least pre-period (Rule W).
            c.preperiod.push(Block {
                word: vec![1],
                length: Affine {
                    slope: 0,
                    offset: 1,
                },
            });
            c.preperiod_length.offset += 1;
            c.period[0].word.rotate_left(1);
            c.period[0].length.offset -= 1;
            c.period.push(Block {
                word: vec![1],
                length: Affine {
                    slope: 0,
                    offset: 1,
                },
            });
        },
        1,
        "not the least pre-period",
    ),
];

#[test]
fn hostile_claims_are_refused_fast_and_without_a_panic() {
    let limits = Limits::default();
    for &(what, edit, code, needle) in HOSTILE {
        let mut claim = two_five();
        edit(&mut claim);
        let verdict = timed(&claim, &limits, Duration::from_millis(300));
        assert_eq!(verdict.exit_code(), code, "{what}: {verdict:?}");
        assert!(verdict.message().contains(needle), "{what}: {verdict:?}");
        // precheck says over a limit exactly when the check does.
        assert_eq!(
            precheck(&cert(claim.clone()), &limits).is_err(),
            code == 3,
            "{what}"
        );
        // The text nimcheck reads gives the same verdict.
        let text = to_ron(&cert(claim));
        if text.len() as u64 <= limits.max_file_bytes {
            assert_eq!(bytes(text.as_bytes()).exit_code(), code, "{what} as text");
        }
    }
}

/// Many blocks: 20,000 one-letter fixed blocks in the pre-period, and
/// 2,000 growing blocks in the period (each boundary a slope of its own, so
/// Lemma S's threshold compares about 8,000² pairs of slopes): decided fast.
/// With 20,000 growing blocks the pairs are about 80,000², which the
/// default --max-work admits (about 8 s, as counted; `precheck` too
/// computes them) and a lower one refuses before any of them.
#[test]
fn many_blocks_are_refused_or_decided_fast() {
    let limits = Limits::default();
    let one = |slope: u64, offset: i64| Block {
        word: vec![0],
        length: Affine { slope, offset },
    };
    let mut claim = two_five();
    claim.preperiod = (0..20_000).map(|_| one(0, 1)).collect();
    claim.preperiod_length = Affine {
        slope: 0,
        offset: 20_000,
    };
    assert_invalid(
        &timed(&claim, &limits, Duration::from_millis(300)),
        "x = 2:",
    );
    let growing = |n: u64| {
        let mut claim = two_five();
        claim.period = (0..n).map(|_| one(1, 0)).collect();
        claim.period_length = Affine {
            slope: n,
            offset: 0,
        };
        claim.marker = None;
        claim
    };
    // The period's first letter 0 at x = q = 22 is wrong (G(22) = 1).
    let verdict = timed(&growing(2_000), &limits, Duration::from_millis(1000));
    assert_invalid(&verdict, "x = 22:");
    let claim = growing(20_000);
    let lower = Limits {
        max_work: 1_000_000_000,
        ..Limits::default()
    };
    assert_over_limit(
        &timed(&claim, &lower, Duration::from_millis(300)),
        "--max-work",
    );
}

/// Lower limits: each check names the flag that raises it.
#[test]
fn each_limit_names_its_flag() {
    let claim = two_five();
    let cases = [
        (
            Limits {
                max_move: 4,
                ..Limits::default()
            },
            "--max-move",
        ),
        (
            Limits {
                max_period: 6,
                ..Limits::default()
            },
            "--max-period",
        ),
        // 16 letters of words and 7 of the marker.
        (
            Limits {
                max_period: 22,
                ..Limits::default()
            },
            "--max-period",
        ),
        (
            Limits {
                max_work: 1000,
                ..Limits::default()
            },
            "--max-work",
        ),
    ];
    for (limits, flag) in cases {
        let verdict = timed(&claim, &limits, Duration::from_millis(100));
        assert_over_limit(&verdict, flag);
        assert!(precheck(&cert(claim.clone()), &limits)
            .unwrap_err()
            .contains(flag));
    }
    // Just enough work: valid. The work is stated in the message of the
    // refusal; raise --max-work to it and the claim passes.
    let refused = check_with(
        &claim,
        &Limits {
            max_work: 1000,
            ..Limits::default()
        },
    );
    let needed: u64 = refused
        .message()
        .split("checking needs ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{refused:?}"));
    assert_valid(&check_with(
        &claim,
        &Limits {
            max_work: needed,
            ..Limits::default()
        },
    ));
    assert_over_limit(
        &check_with(
            &claim,
            &Limits {
                max_work: needed - 1,
                ..Limits::default()
            },
        ),
        "--max-work",
    );
}

/// Raised limits (every size admitted): small hostile claims still end
/// without a panic and without wrapping.
#[test]
fn raised_limits_do_not_wrap() {
    let open = Limits {
        max_move: u64::MAX,
        max_period: u64::MAX,
        max_work: u64::MAX - 1,
        ..Limits::default()
    };
    let mut claim = two_five();
    (claim.a, claim.b) = (u64::MAX - 1, u64::MAX);
    assert_over_limit(
        &timed(&claim, &open, Duration::from_millis(100)),
        "overflows",
    );
    let mut claim = two_five();
    claim.from_k = u64::MAX / 7;
    claim.period[0].length.slope = u64::MAX;
    claim.period_length.slope = u64::MAX;
    let verdict = timed(&claim, &open, Duration::from_millis(100));
    assert_ne!(verdict.exit_code(), 0, "{verdict:?}");
    let mut claim = two_five();
    claim.preperiod[1].length.offset = i64::MAX;
    claim.preperiod_length.offset = i64::MAX;
    let verdict = timed(&claim, &open, Duration::from_millis(100));
    assert_ne!(verdict.exit_code(), 0, "{verdict:?}");
    // Lemma S's K near 6·10^18 (a growing block of slope 1 that reaches
    // one letter only at k0 = ⌊(2^64 − 1)/7⌋), and a period block of slope
    // 2^64 − 1: the list's end at K is near 2^127, beyond what i128 holds
    // once multiplied out. Refused over --max-work, with --max-work at its
    // largest too, never wrapped.
    let mut claim = two_five();
    let k0 = u64::MAX / 7;
    claim.from_k = k0;
    claim.preperiod[0].length = Affine {
        slope: 1,
        offset: 1 - k0 as i64,
    };
    claim.period[0].length = Affine {
        slope: u64::MAX,
        offset: 1,
    };
    claim.preperiod_length = Affine {
        slope: 1,
        offset: 9 - k0 as i64,
    };
    claim.period_length = Affine {
        slope: u64::MAX,
        offset: 8,
    };
    for max_work in [u64::MAX - 1, u64::MAX] {
        let limits = Limits { max_work, ..open };
        let verdict = timed(&claim, &limits, Duration::from_millis(100));
        assert_over_limit(&verdict, "--max-work");
    }
}

/// `nimcheck` exits 0, 1, 2, 3 for valid, invalid, undecidable and over a
/// limit, the last naming the flag.
#[test]
fn nimcheck_exit_codes() {
    let dir = std::env::temp_dir().join(format!("nimcheck-preperiodic-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, claim: PrePeriodicFamilyClaim| {
        let path = dir.join(name);
        std::fs::write(&path, to_ron(&cert(claim))).unwrap();
        path
    };
    let good = write("good.ron", two_five());
    let mut bad = two_five();
    bad.period[1].word[0] = 0;
    let bad = write("bad.ron", bad);
    let mut huge = two_five();
    huge.from_k = u64::MAX;
    let huge = write("huge.ron", huge);
    let run = |path: &Path, flags: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_nimcheck"))
            .args(flags)
            .arg(path)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).to_string()
            + &String::from_utf8_lossy(&out.stderr);
        (out.status.code().unwrap(), text)
    };
    assert_eq!(run(&good, &[]).0, 0);
    assert_eq!(run(&bad, &[]).0, 1);
    assert_eq!(run(&huge, &[]).0, 2);
    for (flag, value) in [
        ("--max-work", "1000"),
        ("--max-period", "6"),
        ("--max-move", "4"),
    ] {
        let (code, text) = run(&good, &[flag, value]);
        assert_eq!(code, 3, "{flag}: {text}");
        assert!(text.contains(flag), "{flag}: {text}");
    }
    // A format-7 certificate cannot hold the claim.
    let mut old = cert(two_five());
    old.format = 7;
    let path = dir.join("format7.ron");
    std::fs::write(&path, to_ron(&old)).unwrap();
    assert_eq!(run(&path, &[]).0, 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Random claims built from extreme and small numbers (0, 1, 7, 2^31,
/// 2^63 − 1, 2^64 − 1, i64::MIN, …) in every field, under the default
/// sizes and under sizes opened to 2^64 − 1 (with --max-work 10^8, so
/// that every admitted check is short): never a panic, never slow, and a
/// limit always names a flag.
#[test]
fn random_extreme_claims_never_panic() {
    const BIG: [u64; 10] = [
        0,
        1,
        2,
        7,
        1 << 31,
        u32::MAX as u64,
        i64::MAX as u64,
        u64::MAX / 7,
        u64::MAX - 1,
        u64::MAX,
    ];
    const OFFSETS: [i64; 10] = [
        i64::MIN,
        i64::MIN + 1,
        -(1 << 40),
        -5,
        0,
        1,
        8,
        1 << 31,
        i64::MAX - 1,
        i64::MAX,
    ];
    let mut rng = Rng(0xE87E_3E00);
    let pick = |rng: &mut Rng, small: u64| -> u64 {
        if rng.below(3) == 0 {
            BIG[rng.below(BIG.len())]
        } else {
            rng.below(small as usize + 1) as u64
        }
    };
    let offset = |rng: &mut Rng| -> i64 {
        if rng.below(3) == 0 {
            OFFSETS[rng.below(OFFSETS.len())]
        } else {
            rng.below(20) as i64 - 8
        }
    };
    let blocks = |rng: &mut Rng| -> Vec<Block> {
        (0..rng.below(4))
            .map(|_| Block {
                word: (0..rng.below(4)).map(|_| rng.below(5) as u32).collect(),
                length: Affine {
                    slope: pick(rng, 8),
                    offset: offset(rng),
                },
            })
            .collect()
    };
    let sizes = [
        Limits {
            max_work: 100_000_000,
            ..Limits::default()
        },
        Limits {
            max_move: u64::MAX,
            max_period: u64::MAX,
            max_work: 100_000_000,
            ..Limits::default()
        },
    ];
    let mut codes = [0usize; 4];
    for i in 0..4000 {
        let (preperiod, period) = (blocks(&mut rng), blocks(&mut rng));
        let sum = |bs: &[Block]| Affine {
            slope: bs.iter().fold(0u64, |s, b| s.wrapping_add(b.length.slope)),
            offset: bs.iter().fold(0i64, |s, b| s.wrapping_add(b.length.offset)),
        };
        let claim = PrePeriodicFamilyClaim {
            a: pick(&mut rng, 6),
            b: pick(&mut rng, 12),
            rho: pick(&mut rng, 20),
            from_k: pick(&mut rng, 10),
            // Mostly the blocks' sums (else Rule 0 refuses at once).
            preperiod_length: if rng.below(8) == 0 {
                Affine {
                    slope: pick(&mut rng, 9),
                    offset: offset(&mut rng),
                }
            } else {
                sum(&preperiod)
            },
            period_length: sum(&period),
            preperiod,
            period,
            marker: match rng.below(3) {
                0 => None,
                1 => Some(vec![rng.below(4) as u32]),
                _ => Some((0..rng.below(30)).map(|_| rng.below(4) as u32).collect()),
            },
        };
        let limits = &sizes[i % 2];
        let start = Instant::now();
        let verdict = std::panic::catch_unwind(|| check_with(&claim, limits))
            .unwrap_or_else(|_| panic!("panic on {claim:?} under {limits:?}"));
        assert!(
            start.elapsed() < Duration::from_secs(2),
            "{:?} on {claim:?}: {verdict:?}",
            start.elapsed()
        );
        if let Verdict::OverLimit(m) = &verdict {
            assert!(m.contains("--max-"), "{m}");
        }
        assert_eq!(
            precheck(&cert(claim.clone()), limits).is_err(),
            matches!(verdict, Verdict::OverLimit(_)),
            "{claim:?}: {verdict:?}"
        );
        codes[verdict.exit_code() as usize] += 1;
    }
    eprintln!("exit codes 0, 1, 2, 3: {codes:?}");
    // Each kind of refusal is reached.
    assert!(
        codes[1] > 100 && codes[2] > 10 && codes[3] > 100,
        "{codes:?}"
    );
}
