//! Issue 26: the campaign layer is one implementation of the output
//! folder's spec claim, shards, resume and merge, and paper A's finite
//! check and the octal sweep are its two clients. Every test here drives
//! both through the same generic code.

use nimcert::campaign::{self, Campaign, CampaignError, CampaignResult, Folder, Mergeable, Shard};
use nimcert::octal::sweep::{self as octal, OctalSweep, OctalSweepSpec};
use nimcert::octal::Method;
use nimcert::subtraction::sweep::{self as subtraction, SweepSpec};
use std::fmt::Debug;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nimcert-campaign-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn triples(c: &str) -> SweepSpec {
    SweepSpec {
        a: "2..=3".into(),
        b: "..=6".into(),
        c: c.into(),
        primitive: false,
        non_additive: false,
        max_positions: 1_000_000,
    }
}

fn codes(max_n: u64) -> OctalSweepSpec {
    OctalSweepSpec {
        digits: vec![1],
        max_n,
        max_work: 2_000_000_000,
    }
}

/// Every unit's name and tally, in unit order, from one run of `shard`;
/// checks the progress hook is called once per unit of the shard.
fn run<C: Campaign>(
    campaign: &C,
    shard: Shard,
    out: Option<&Folder>,
) -> Result<Vec<(String, C::Tally)>, CampaignError> {
    let mut tallies = Vec::new();
    let done = AtomicU64::new(0);
    campaign::run(
        campaign,
        shard,
        out,
        &|| {
            done.fetch_add(1, Ordering::Relaxed);
        },
        |unit, tally| {
            tallies.push((campaign.name(&unit), tally));
            Ok(())
        },
    )?;
    assert_eq!(done.into_inner(), campaign::unit_count(campaign, shard));
    Ok(tallies)
}

/// The files of a folder below `dir` (names only), sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Claims a folder, runs it in two shards, refuses it to another
/// campaign, resumes it after a "kill" (a unit file lost, a temporary file
/// left, a certificate deleted) and checks the whole run read back from it
/// is the fresh run, unit for unit.
fn shard_claim_and_resume<C: Campaign>(campaign: &C, other: &C, dir: &Path)
where
    C::Tally: PartialEq + Debug,
{
    let fresh = run(campaign, Shard::WHOLE, None).unwrap();
    assert!(fresh.len() >= 4, "{}", fresh.len());
    // Two shards in one folder: disjoint, and together every unit.
    let mut sharded = Vec::new();
    for index in 0..2 {
        let shard = Shard { index, count: 2 };
        let out = Folder::open(dir, campaign, true).unwrap();
        let part = run(campaign, shard, Some(&out)).unwrap();
        let expected: Vec<_> = shard.select(fresh.iter().cloned()).collect();
        assert_eq!(part, expected);
        sharded.extend(part);
    }
    assert_eq!(sharded.len(), fresh.len());
    let units = dir.join(C::UNITS);
    assert_eq!(names(&units).len(), fresh.len());
    // The folder is claimed: another campaign's spec is refused, the folder
    // left as it was.
    let refused = Folder::open(dir, other, true).err().expect("refused");
    assert!(
        matches!(&refused, CampaignError::Input(m) if m.contains("holds a different sweep")),
        "{refused:?}"
    );
    assert_eq!(names(&units).len(), fresh.len());
    // A kill: one unit file never written, its temporary file left behind.
    let lost = &fresh[1].0;
    std::fs::remove_file(units.join(format!("{lost}.json"))).unwrap();
    let temporary = units.join(format!(".{lost}.json.tmp99999-0"));
    std::fs::write(&temporary, "{\"half").unwrap();
    let certificates = names(&dir.join("certs"));
    assert!(!certificates.is_empty());
    std::fs::remove_file(dir.join("certs").join(&certificates[0])).unwrap();
    // Resumed: the same tallies, the unit and the certificate written
    // again, the temporary file gone.
    let out = Folder::open(dir, campaign, true).unwrap();
    assert_eq!(run(campaign, Shard::WHOLE, Some(&out)).unwrap(), fresh);
    assert!(!temporary.exists());
    assert!(units.join(format!("{lost}.json")).exists());
    assert_eq!(names(&dir.join("certs")), certificates);
    // A unit file that is not one is refused (exit 2), naming it.
    let edited = units.join(format!("{}.json", fresh[0].0));
    std::fs::write(&edited, "{}").unwrap();
    let error = run(campaign, Shard::WHOLE, Some(&out)).unwrap_err();
    assert!(
        matches!(&error, CampaignError::Input(m) if m.contains(&fresh[0].0) && m.contains("delete it")),
        "{error:?}"
    );
}

#[test]
fn both_sweeps_shard_claim_and_resume_through_the_layer() {
    let dir = temp_dir("subtraction");
    shard_claim_and_resume(&triples("..=12"), &triples("..=13"), &dir);
    let _ = std::fs::remove_dir_all(&dir);
    let dir = temp_dir("octal");
    let (spec, other) = (codes(3000), codes(4000));
    let sweep = |spec| OctalSweep {
        spec,
        method: Method::Rare,
    };
    shard_claim_and_resume(&sweep(&spec), &sweep(&other), &dir);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Merges the shard results given by `shard_result`: every shard is the
/// whole result, a missing shard is refused unless partial, a shard twice
/// and results of other campaigns are refused.
fn merge_shards<S, T>(
    shard_result: impl Fn(Shard) -> CampaignResult<S, T>,
    whole: CampaignResult<S, T>,
    other: CampaignResult<S, T>,
) where
    S: Mergeable<Tally = T> + Debug,
    T: Clone + PartialEq + Debug,
{
    let shards: Vec<_> = (0..3)
        .map(|index| shard_result(Shard { index, count: 3 }))
        .collect();
    // In any order.
    let reversed: Vec<_> = shards.iter().rev().cloned().collect();
    let merged = campaign::merge(&reversed, false).unwrap();
    assert_eq!(merged.tally, whole.tally);
    assert_eq!(merged.shards, [0, 1, 2]);
    assert!(!merged.partial);
    let missing = campaign::merge(&shards[..2], false).unwrap_err();
    assert!(
        missing.contains("missing") && missing.contains("--partial"),
        "{missing}"
    );
    assert!(campaign::merge(&shards[..2], true).unwrap().partial);
    let twice = [shards[0].clone(), shards[0].clone()];
    assert!(campaign::merge(&twice, true).unwrap_err().contains("twice"));
    let mixed = [shards[0].clone(), other];
    let e = campaign::merge(&mixed, true).unwrap_err();
    assert!(e.contains("different sweeps"), "{e}");
}

#[test]
fn both_sweeps_merge_through_the_layer() {
    let spec = triples("..=12");
    merge_shards(
        |shard| subtraction::run(&spec, Some(shard), None, &|| {}).unwrap(),
        subtraction::run(&spec, None, None, &|| {}).unwrap(),
        subtraction::run(&triples("..=13"), None, None, &|| {}).unwrap(),
    );
    let spec = codes(3000);
    let result = |spec: &OctalSweepSpec, shard| {
        octal::run_shard(spec, shard, Method::Rare, None, &|| {}).unwrap()
    };
    merge_shards(
        |shard| result(&spec, shard),
        result(&spec, Shard::WHOLE),
        result(&codes(4000), Shard::WHOLE),
    );
}

/// A merge of octal shards keeps the codes in sweep order and refuses a
/// code that is not the sweep's.
#[test]
fn octal_results_are_checked_when_merged() {
    let spec = codes(1000);
    let mut result = octal::run_shard(&spec, Shard::WHOLE, Method::Rare, None, &|| {}).unwrap();
    let names: Vec<&str> = result.tally.codes.iter().map(|c| c.code.as_str()).collect();
    assert_eq!(names, ["0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7"]);
    result.tally.codes[0].code = "0.77".into();
    let e = campaign::merge(&[result], false).unwrap_err();
    assert!(e.contains("0.77"), "{e}");
}

#[test]
fn both_sweeps_refuse_more_shards_than_units() {
    // A shard with no unit is a mistake in the job array: both commands
    // refuse it before any work (exit 2), naming the number of units.
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_nimcert"))
            .args(args)
            .output()
            .expect("nimcert runs")
    };
    let out = run(&["octal-sweep", "--digits", "1", "--shard", "3/20"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("more shards than the sweep's 7 codes"),
        "{stderr}"
    );
    let out = run(&[
        "sweep", "--a", "2", "--b", "3", "--c", "4..=9", "--shard", "3/20",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("more shards than the sweep's 1 units"),
        "{stderr}"
    );
}
