//! `nimcert octal-sweep`: every octal code of given lengths, solved by the
//! Octal Periodicity Theorem, through the campaign layer (sharding, resume
//! and certificates as for `sweep`).

use super::campaign::{thread_pool, CampaignArgs};
use super::output::{print, render, Format};
use super::CliError;
use clap::Args;
use nimcert::campaign::{self, Campaign, Folder, Shard};
use nimcert::octal::sweep::{
    self as codes, CodeResult, OctalSweep, OctalSweepSpec, MAX_SWEEP_DIGITS,
};
use nimcert::octal::Method;
use serde::Serialize;
use std::fmt::Write;
use std::process::ExitCode;

/// The long help of `octal-sweep`.
const SWEEP_HELP: &str = concat!(
    "Solves every octal code 0.d1…dt with t in --digits (7·8^(t−1) codes of\n\
t digits: 7 of one digit, 56 of two, 448 of three) as `nimcert octal`\n\
does, in parallel, and prints one line per code and the counts. A code is\n\
solved when the Octal Periodicity Theorem proves its least (q, p) within\n\
--max-n heap sizes; the others are listed as \"no period proved below\n\
--max-n N\" (or \"within --max-work W\"), which says nothing about whether\n\
they have one (JSON `outcome`: \"no period below max_n\" or \"work limit\"). Exit 3\n\
when any code is unsolved, naming the flag; the report is printed first.\n\
\n\
With --out DIR each finished code is written atomically to\n\
DIR/codes/CODE.json with a checksum (and with --certs its Octal\n\
certificate to DIR/certs/CODE.ron, for nimcheck); a sweep started again\n\
with the same arguments reads them back instead of solving again.\n\
--shard k/n takes the codes with index ≡ k mod n: shards may share one\n\
--out folder, and a run without --shard on it afterwards reads every code\n\
back (the merge).\n\
\n",
    super::exit_status!()
);

/// Arguments of `nimcert octal-sweep`.
#[derive(Args)]
#[command(after_help = super::exit_status!(), after_long_help = SWEEP_HELP)]
#[command(mut_args(for_codes))]
pub struct OctalSweepArgs {
    /// Code lengths t: N, A..=B, A..B (B excluded) or ..=B (from 1; at most 4).
    #[arg(long, default_value = "1..=2")]
    digits: nimcert::range::RangeArg,
    /// Compute G on at most this many heap sizes per code.
    #[arg(long, value_parser = super::limits::count, default_value_t = 20_000)]
    max_n: u64,
    /// Give up on a code after this many pairs of heaps.
    #[arg(long, value_parser = super::limits::count, default_value_t = 2_000_000_000)]
    max_work: u64,
    /// How the options are found (the values are the same).
    #[arg(long, value_enum, default_value_t = Method::Rare)]
    method: Method,
    #[command(flatten)]
    campaign: CampaignArgs,
    /// Output format (json: `codes`, `solved`, `unsolved`).
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

/// The shared campaign flags ([`CampaignArgs`]) worded for codes: their
/// help in `sweep` speaks of (a, b) units. `mut_args` keeps the flags'
/// order (completions list them as before).
fn for_codes(arg: clap::Arg) -> clap::Arg {
    let help = match arg.get_id().as_str() {
        "shard" => "Run only shard k of n (0 ≤ k < n): the codes with index ≡ k mod n",
        "out" => "Keep each finished code here (resumable; see --help)",
        "certs" => "With --out: also write each solved code's certificate",
        _ => return arg,
    };
    arg.help(help).long_help(None)
}

/// The machine-readable result of a sweep.
#[derive(Serialize)]
struct SweepReport<'a> {
    spec: &'a OctalSweepSpec,
    shard: Option<Shard>,
    solved: usize,
    unsolved: usize,
    codes: &'a [CodeResult],
}

/// One code's result in words, naming the flag that stopped an unsolved
/// code (its JSON `outcome` keeps the key it has in `codes/CODE.json`).
fn code_line(r: &CodeResult, spec: &OctalSweepSpec) -> String {
    match (r.preperiod, r.period, r.computed) {
        (Some(q), Some(p), _) => format!("q = {q}, p = {p}"),
        (_, _, Some(n)) if r.outcome == "work limit" => format!(
            "no period proved within --max-work {} (G on [0, {n}))",
            spec.max_work
        ),
        (_, _, Some(n)) => format!(
            "no period proved below --max-n {} (G on [0, {n}))",
            spec.max_n
        ),
        _ => r.outcome.clone(),
    }
}

/// Checks `--digits`: code lengths from 1 to [`MAX_SWEEP_DIGITS`], in
/// words about digits (the range check of `sweep` speaks of moves).
fn check_digits(digits: &nimcert::range::RangeArg) -> Result<(), CliError> {
    let text = digits.text();
    if digits.high > MAX_SWEEP_DIGITS as u64 {
        return Err(CliError::input(format!(
            "--digits {text}: codes of at most {MAX_SWEEP_DIGITS} digits are swept, not {}",
            digits.high
        )));
    }
    if digits.low == Some(0) || digits.high == 0 {
        return Err(CliError::input(format!(
            "--digits {text}: a code has at least 1 digit"
        )));
    }
    Ok(())
}

/// Runs `nimcert octal-sweep`.
pub fn run(args: OctalSweepArgs) -> Result<ExitCode, CliError> {
    check_digits(&args.digits)?;
    nimcert::octal::solve::check_max_n(args.max_n)?;
    let spec = OctalSweepSpec {
        digits: args.digits.resolve(1).map(|t| t as usize).collect(),
        max_n: args.max_n,
        max_work: args.max_work,
    };
    let shard = args.campaign.shard();
    let threads = args.campaign.threads()?;
    let sweep = OctalSweep {
        spec: &spec,
        method: args.method,
    };
    // As `sweep` does: a shard with no unit is a mistake in the job array.
    let codes = sweep.unit_total();
    if u128::from(shard.count) > codes {
        return Err(CliError::input(format!(
            "--shard {}/{}: more shards than the sweep's {codes} codes",
            shard.index, shard.count
        )));
    }
    let out = match &args.campaign.out {
        Some(dir) => Some(Folder::open(dir, &sweep, args.campaign.certs)?),
        None => None,
    };
    let pool = thread_pool(threads)?;
    let progress = super::progress::bar(campaign::unit_count(&sweep, shard), "octal-sweep");
    let results =
        pool.install(|| codes::run(&spec, shard, args.method, out.as_ref(), &|| progress.inc(1)));
    progress.finish_and_clear();
    let results = results?;
    let solved = results.iter().filter(|r| r.solved()).count();
    let report = SweepReport {
        spec: &spec,
        shard: args.campaign.shard,
        solved,
        unsolved: results.len() - solved,
        codes: &results,
    };
    print(&render(&report, args.format, || {
        let mut s = String::new();
        for r in &results {
            let _ = writeln!(s, "{:<8} {}", r.code, code_line(r, &spec));
        }
        let _ = writeln!(
            s,
            "{} codes: {solved} solved, {} with no period proved within --max-n {} / --max-work {}",
            results.len(),
            report.unsolved,
            spec.max_n,
            spec.max_work
        );
        s
    }))?;
    if report.unsolved > 0 {
        return Err(CliError::limit(
            "--max-n",
            format!(
                "{} of {} codes have no period proved below --max-n {} (or within --max-work)",
                report.unsolved,
                results.len(),
                spec.max_n
            ),
        ));
    }
    Ok(ExitCode::SUCCESS)
}
