//! `nimcert sweep` and `nimcert merge`.

use super::campaign::{thread_pool, CampaignArgs};
use super::limits::{read_input, DEFAULT_MAX_POSITIONS, DEFAULT_MAX_WORK};
use super::output::{check_output_file, print, render, Format};
use super::progress::bar;
use super::CliError;
use clap::Args;
use nimcert::campaign::Folder;
use nimcert::subtraction::sweep::{self, Merger, SweepResult, SweepSpec, MAX_RESULT_BYTES};
use std::fmt::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Limits of `sweep`, after its options in `--help`.
const SWEEP_LIMITS: &str = concat!(
    "Limits, checked before anything runs: a, b, c are at most 2^24 and the\n\
ranges must hold a triple (`--a 0`, an empty or inverted range: exit 2).\n\
The work is estimated in closed form as 64 steps per unit of c per triple\n\
(about a nanosecond each on one core), for this shard's share of the\n\
units; over --max-work (default 6*10^10) the sweep is refused, exit 3.\n\
Each game stops after --max-positions positions (2 bytes each, per\n\
thread); a triple with no period within it makes the sweep exit 3 (the\n\
counts say how many). --threads is capped at the number of cores unless\n\
--force-threads. Memory is bounded: units run 4096 at a time.\n\
\n",
    super::exit_status!()
);

/// Arguments of `nimcert sweep` (its help text is the subcommand's doc in
/// `cli/mod.rs`).
#[derive(Args)]
#[command(after_help = SWEEP_LIMITS)]
pub struct SweepArgs {
    /// Range of a: N, A..=B, A..B (B excluded) or ..=B (from 1).
    #[arg(long, default_value = "2..=8")]
    a: String,
    /// Range of b: N, A..=B, A..B (B excluded) or ..=B (from a + 1).
    #[arg(long, default_value = "..=40")]
    b: String,
    /// Range of c: N, A..=B, A..B (B excluded) or ..=B (from b + 1).
    #[arg(long, default_value = "..=100")]
    c: String,
    /// Only primitive triples, gcd(a, b, c) = 1.
    #[arg(long)]
    primitive: bool,
    /// Only non-additive triples, c ≠ a + b.
    #[arg(long)]
    non_additive: bool,
    #[command(flatten)]
    campaign: CampaignArgs,
    /// Engine bound on positions per game (exit 3 when a game needs more).
    #[arg(long, value_parser = super::limits::count, default_value_t = DEFAULT_MAX_POSITIONS)]
    max_positions: u64,
    /// Refuse a sweep whose estimated work is over this many steps.
    #[arg(long, value_parser = super::limits::count, default_value_t = DEFAULT_MAX_WORK)]
    max_work: u64,
    /// Output format (json: one object with the counts at the top level).
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

/// What `merge` checks, after its options in `--help`.
const MERGE_CHECKS: &str = concat!(
    "Every file is read with a size bound (--max-file-bytes) and checked: a\n\
valid sweep spec, shard ids below the shard count, counts that add up and\n\
stay within the sweep's triples (checked arithmetic). The results must be\n\
of one sweep, no shard twice, and every shard must be there: --partial\n\
merges what is given and marks the result `partial: true`. Exit 1 when a\n\
prediction disagrees with the engine, 3 when some triple had no period\n\
within the sweep's --max-positions.\n\
\n",
    super::exit_status!()
);

/// Arguments of `nimcert merge`.
#[derive(Args)]
#[command(after_help = MERGE_CHECKS)]
pub struct MergeArgs {
    /// Shard results (the JSON written by `sweep --out` or `sweep --format json`).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Merge even when shards are missing; the result says `partial: true`.
    #[arg(long)]
    partial: bool,
    /// Refuse a file larger than this many bytes.
    #[arg(long, value_parser = super::limits::count, default_value_t = MAX_RESULT_BYTES)]
    max_file_bytes: u64,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

pub fn run(args: SweepArgs) -> Result<ExitCode, CliError> {
    let spec = SweepSpec {
        a: args.a.clone(),
        b: args.b.clone(),
        c: args.c.clone(),
        primitive: args.primitive,
        non_additive: args.non_additive,
        max_positions: args.max_positions,
    };
    let size = spec.size().map_err(CliError::input)?;
    let shard = args.campaign.shard();
    if u128::from(shard.count) > size.units {
        return Err(CliError::input(format!(
            "--shard {}/{}: more shards than the sweep's {} units (pairs a, b)",
            shard.index, shard.count, size.units
        )));
    }
    let units = shard.share(size.units);
    nimcert::solve::Limits {
        max_work: args.max_work,
        ..nimcert::solve::Limits::default()
    }
    .check_work(
        size.work() * units / size.units,
        &format!(
            "this sweep ({} triples, {units} of {} units)",
            size.triples, size.units
        ),
    )?;
    let threads = args.campaign.threads()?;
    let out = match &args.campaign.out {
        Some(dir) => {
            let result = Folder::result_path(dir, shard);
            if dir.is_dir() {
                check_output_file(&result)?;
            }
            Some((Folder::open(dir, &spec, args.campaign.certs)?, result))
        }
        None => None,
    };
    let pool = pool(threads)?;
    let progress = bar(sweep::unit_count(&spec, Some(shard)), "sweep");
    let result = pool.install(|| {
        sweep::run(&spec, Some(shard), out.as_ref().map(|(o, _)| o), &|| {
            progress.inc(1)
        })
    });
    progress.finish_and_clear();
    let result = result?;
    if let Some((_, path)) = &out {
        super::output::write_atomically(path, &result.to_json())?;
    }
    show(&result, args.format)
}

/// The sweep's thread pool: with one thread, the current thread itself
/// (rayon's `use_current_thread`: no thread started and no hand-over to
/// one, a fixed cost of every small sweep); else [`thread_pool`].
fn pool(threads: usize) -> Result<rayon::ThreadPool, CliError> {
    let current = (threads == 1).then(|| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .use_current_thread()
            .build()
    });
    match current {
        Some(Ok(pool)) => Ok(pool),
        _ => thread_pool(threads),
    }
}

pub fn merge(args: MergeArgs) -> Result<ExitCode, CliError> {
    let mut merger = Merger::default();
    for file in &args.files {
        let text = read_input(file, args.max_file_bytes, "--max-file-bytes")?;
        let result = SweepResult::from_json(&text)
            .map_err(|e| CliError::input(format!("{}: not a sweep result: {e}", file.display())))?;
        merger
            .add(&result)
            .map_err(|e| CliError::input(format!("{}: {e}", file.display())))?;
    }
    let merged = merger.finish(args.partial).map_err(CliError::input)?;
    show(&merged, args.format)
}

/// Prints a result; exit 1 on a mismatch, 3 when some triple had no
/// period within the bound (the counts are then short of a full answer).
fn show(result: &SweepResult, format: Format) -> Result<ExitCode, CliError> {
    let text = match format {
        Format::Json => result.to_json(),
        _ => render(result, format, || text(result)),
    };
    print(&text)?;
    let t = &result.tally;
    if t.mismatches > 0 {
        return Ok(ExitCode::from(1));
    }
    if t.no_period_found > 0 {
        return Err(CliError::limit(
            "--max-positions",
            format!(
                "{} of {} triples have no period within {} positions; sweep again with a larger --max-positions",
                t.no_period_found, t.triples, result.spec.max_positions
            ),
        ));
    }
    Ok(ExitCode::SUCCESS)
}

fn text(result: &SweepResult) -> String {
    let (spec, t) = (&result.spec, &result.tally);
    let mut s = String::new();
    let filters = [
        (spec.primitive, ", primitive"),
        (spec.non_additive, ", non-additive"),
    ];
    let filters: String = filters.iter().filter(|f| f.0).map(|f| f.1).collect();
    let _ = writeln!(s, "sweep a {}, b {}, c {}{filters}", spec.a, spec.b, spec.c);
    if result.shard_count > 1 {
        let partial = if result.partial {
            "   PARTIAL: the other shards are missing"
        } else {
            ""
        };
        let _ = writeln!(
            s,
            "shards {} of {}{partial}",
            abbreviated(&result.shards),
            result.shard_count
        );
    }
    let by = |m: &std::collections::BTreeMap<String, u64>| {
        m.iter()
            .map(|(k, v)| format!("{k}: {v}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let _ = writeln!(s, "triples                          {:>8}", t.triples);
    let _ = writeln!(
        s,
        "admissible                       {:>8}   least admissible candidate: {}",
        t.admissible,
        by(&t.admissible_by_candidate)
    );
    let _ = writeln!(
        s,
        "not admissible                   {:>8}",
        t.non_admissible
    );
    let _ = writeln!(
        s,
        "purely periodic                  {:>8}",
        t.purely_periodic
    );
    let _ = writeln!(
        s,
        "admissible, period as predicted  {:>8}   (Thm 34: q = 0, p = least admissible candidate)",
        t.admissible_as_predicted
    );
    let _ = writeln!(
        s,
        "not admissible, purely periodic  {:>8}   (Conj. 52 predicts 0 for a ≥ 2, primitive, non-additive)",
        t.non_admissible_purely_periodic
    );
    let covered: u64 = t.covered_by.values().sum();
    let _ = writeln!(
        s,
        "covered by a statement           {:>8}   {}",
        covered,
        by(&t.covered_by)
    );
    let _ = writeln!(s, "mismatches                       {:>8}", t.mismatches);
    for m in &t.mismatch_examples {
        let _ = writeln!(
            s,
            "  {:?}: {} predicts period {}, engine q = {}, p = {}",
            m.moves, m.statement, m.predicted_period, m.preperiod, m.period
        );
    }
    if t.no_period_found > 0 {
        let _ = writeln!(
            s,
            "no period found                  {:>8}",
            t.no_period_found
        );
    }
    let mut periods: Vec<(&u64, &u64)> = t.period_distribution.iter().collect();
    periods.sort_by(|x, y| y.1.cmp(x.1).then(x.0.cmp(y.0)));
    let shown: Vec<String> = periods
        .iter()
        .take(12)
        .map(|(p, n)| format!("{p}: {n}"))
        .collect();
    let _ = writeln!(
        s,
        "least periods ({} distinct; most frequent first) {}",
        periods.len(),
        shown.join(", ")
    );
    s
}

/// At most 20 numbers, then `… (n in all)`.
fn abbreviated(numbers: &[u64]) -> String {
    let shown: Vec<String> = numbers.iter().take(20).map(u64::to_string).collect();
    if numbers.len() > 20 {
        format!("{}, … ({} in all)", shown.join(", "), numbers.len())
    } else {
        shown.join(", ")
    }
}
