//! `nimcert sweep` and `nimcert merge`.

use super::output::{print, render, Format};
use super::progress::bar;
use super::CliError;
use clap::Args;
use nimcert::engine::DEFAULT_MAX_POSITIONS;
use nimcert::sweep::{self, OutDir, Shard, SweepResult, SweepSpec};
use std::fmt::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `nimcert sweep` (its help text is the subcommand's doc in
/// `cli/mod.rs`).
#[derive(Args)]
pub struct SweepArgs {
    /// Range of a: N, A..=B or ..=B (from 1).
    #[arg(long, default_value = "2..=8")]
    a: String,
    /// Range of b: N, A..=B or ..=B (from a + 1).
    #[arg(long, default_value = "..=40")]
    b: String,
    /// Range of c: N, A..=B or ..=B (from b + 1).
    #[arg(long, default_value = "..=100")]
    c: String,
    /// Only primitive triples, gcd(a, b, c) = 1.
    #[arg(long)]
    primitive: bool,
    /// Only non-additive triples, c ≠ a + b.
    #[arg(long)]
    non_additive: bool,
    /// Run only shard k of n (0 ≤ k < n): the (a, b) units with index ≡ k mod n.
    #[arg(long, value_name = "k/n")]
    shard: Option<Shard>,
    /// Keep state here: finished units are written atomically and skipped
    /// when the same sweep is started again; the result goes to
    /// DIR/result-k-of-n.json.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// With --out: also write a Sequence certificate per triple under DIR/certs/.
    #[arg(long, requires = "out")]
    certs: bool,
    /// Worker threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Engine bound on positions per game.
    #[arg(long, default_value_t = DEFAULT_MAX_POSITIONS)]
    max_positions: u64,
    /// Output format (json: one object with the counts at the top level).
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

/// Arguments of `nimcert merge`.
#[derive(Args)]
pub struct MergeArgs {
    /// Shard results (the JSON written by `sweep --out` or `sweep --format json`).
    #[arg(required = true)]
    files: Vec<PathBuf>,
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
    spec.validate().map_err(CliError::input)?;
    let out = match &args.out {
        Some(dir) => Some(OutDir::open(dir, &spec, args.certs).map_err(CliError::input)?),
        None => None,
    };
    let threads = args.threads.unwrap_or(0);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| CliError::input(format!("--threads: {e}")))?;
    let progress = bar(sweep::unit_count(&spec, args.shard), "sweep");
    let result = pool
        .install(|| sweep::run(&spec, args.shard, out.as_ref(), &|| progress.inc(1)))
        .map_err(CliError::io)?;
    progress.finish_and_clear();
    if let Some(dir) = &args.out {
        let shard = args.shard.unwrap_or(Shard { index: 0, count: 1 });
        let path = dir.join(format!("result-{}-of-{}.json", shard.index, shard.count));
        super::output::write_atomically(&path, &result.to_json())?;
    }
    show(&result, args.format)
}

pub fn merge(args: MergeArgs) -> Result<ExitCode, CliError> {
    let mut results = Vec::new();
    for file in &args.files {
        let text = std::fs::read_to_string(file)
            .map_err(|e| CliError::input(format!("{}: {e}", file.display())))?;
        let result = SweepResult::from_json(&text)
            .map_err(|e| CliError::input(format!("{}: not a sweep result: {e}", file.display())))?;
        results.push(result);
    }
    let merged = sweep::merge(&results).map_err(CliError::input)?;
    show(&merged, args.format)
}

fn show(result: &SweepResult, format: Format) -> Result<ExitCode, CliError> {
    let text = match format {
        Format::Json => result.to_json(),
        _ => render(result, format, || text(result)),
    };
    print(&text);
    Ok(if result.tally.mismatches > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
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
        let _ = writeln!(s, "shards {:?} of {}", result.shards, result.shard_count);
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
