//! `nimcert octal`: the nim-sequence of an octal game, its least pre-period
//! and period, proved by the Octal Periodicity Theorem.

use super::limits::DEFAULT_MAX_WORK;
use super::output::{print, render, Format, LIST_ENTRIES};
use super::solve::digit;
use super::CliError;
use clap::Args;
use nimcert::octal::period::OctalSolution;
use nimcert::octal::solve::solve;
use nimcert::octal::{Method, OctalCode};
use nimcert::solve::Limits;
use serde::Serialize;
use std::fmt::Write;
use std::process::ExitCode;

pub use nimcert::octal::solve::{DEFAULT_MAX_N, MAX_MAX_N};

/// The long help after the options.
const OCTAL_HELP: &str = concat!(
    "An octal code 0.d1d2…dt (also written .d1d2…dt): from a heap of n a move\n\
removes k tokens, 1 ≤ k ≤ t, leaving no heap if bit 1 of d_k is set\n\
(n = k), one heap if bit 2, two non-empty heaps if bit 4. Kayles is 0.77,\n\
Dawson's Kayles 0.07, Officers 0.6. Codes with a digit before the point\n\
(4.07) and hexadecimal codes are not read.\n\
\n\
G is computed by the mex rule until the Octal Periodicity Theorem (Guy and\n\
Smith) proves a period: G(n + p) = G(n) for q ≤ n < 2q + p + t + 1 (one\n\
more than the printed 2q + p + t, which fails for q = 0), which needs G on\n\
[0, 2q + 2p + t + 1). The least such p and, for it, the least q are the\n\
least period and least pre-period (src/octal/period.rs). Nothing is ever\n\
guessed: a game whose period is not proved within --max-n positions exits\n\
3 with \"no period found below N\" (which does not say that it has none).\n\
\n\
The text prints G as a value word, q values then (p values)*, cut\n\
after 60 of each unless --full.\n",
    super::solve::value_notation!(),
    "\n\
JSON/RON keys: `code`, `t`, `preperiod`, `period`, `values` (G on\n\
[0, q + p), cut to 10000 entries unless --full, `truncated`),\n\
`proof_length` (2q + 2p + t + 1), `method`.\n\
`nimcert certify --octal CODE` writes a certificate for `nimcheck`.\n\
\n\
Limits: --max-n heap sizes (4 bytes each; at most 2^28) and --max-work\n\
pairs of heaps looked at (about a nanosecond each); either reached is exit\n\
3 naming the flag.\n\
\n",
    super::exit_status!()
);

/// Arguments of `nimcert octal`.
#[derive(Args)]
#[command(after_help = super::exit_status!(), after_long_help = OCTAL_HELP)]
pub struct OctalArgs {
    /// The octal code, e.g. 0.07 (Dawson's Kayles) or 0.77 (Kayles).
    code: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
    /// Compute G on at most this many heap sizes (exit 3 beyond).
    #[arg(long, value_parser = super::limits::count, default_value_t = DEFAULT_MAX_N)]
    max_n: u64,
    /// Give up after looking at this many pairs of heaps (exit 3).
    #[arg(long, value_parser = super::limits::count, default_value_t = DEFAULT_MAX_WORK)]
    max_work: u64,
    /// How the options are found: rare values (sparse space) or every
    /// option listed. The values are the same.
    #[arg(long, value_enum, default_value_t = Method::Rare)]
    method: Method,
    /// Print every value of [0, q + p).
    #[arg(long)]
    full: bool,
}

/// The machine-readable result.
#[derive(Serialize)]
struct OctalReport {
    code: String,
    t: u64,
    preperiod: u64,
    period: u64,
    values: Vec<u32>,
    truncated: bool,
    proof_length: u64,
    method: Method,
}

impl OctalReport {
    fn new(game: &OctalSolution, method: Method, full: bool) -> Self {
        let length = (game.preperiod + game.period) as usize;
        let keep = if full {
            length
        } else {
            length.min(LIST_ENTRIES)
        };
        OctalReport {
            code: game.code.to_string(),
            t: game.code.t(),
            preperiod: game.preperiod,
            period: game.period,
            values: game.values[..keep].to_vec(),
            truncated: keep < length,
            proof_length: game.proof_length(),
            method,
        }
    }

    fn text(&self, game: &OctalSolution, full: bool) -> String {
        let word = |range: std::ops::Range<u64>| {
            let shown = if full {
                range.end
            } else {
                range.end.min(range.start + 60)
            };
            let more = if shown < range.end { "…" } else { "" };
            let w: String = (range.start..shown).map(|n| digit(game.value(n))).collect();
            format!("{w}{more}")
        };
        let (q, p) = (self.preperiod, self.period);
        let mut s = String::new();
        let _ = writeln!(s, "octal game       {}", self.code);
        let _ = writeln!(s, "pre-period       q = {q}");
        let _ = writeln!(s, "period           p = {p}");
        if q == 0 {
            let _ = writeln!(s, "values           ({})*", word(0..p));
        } else {
            let _ = writeln!(s, "values           {} ({})*", word(0..q), word(q..q + p));
        }
        let _ = writeln!(
            s,
            "proved by        the Octal Periodicity Theorem on G[0, 2q + 2p + t + 1) = {} heap sizes",
            self.proof_length
        );
        s
    }
}

pub fn run(args: OctalArgs) -> Result<ExitCode, CliError> {
    let code = OctalCode::parse(&args.code).map_err(CliError::input)?;
    let limits = Limits {
        max_n: args.max_n,
        max_work: args.max_work,
        ..Limits::default()
    };
    let game = solve(&code, args.method, &limits)?;
    let report = OctalReport::new(&game, args.method, args.full);
    print(&render(&report, args.format, || {
        report.text(&game, args.full)
    }))?;
    Ok(ExitCode::SUCCESS)
}

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
pub struct OctalSweepArgs {
    /// Code lengths t: N, A..=B or ..=B (from 1; at most 4).
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
    /// Run only shard k of n (0 ≤ k < n): the codes with index ≡ k mod n.
    #[arg(long, value_name = "k/n")]
    shard: Option<nimcert::sweep::Shard>,
    /// Keep each finished code here (resumable; see --help).
    #[arg(long, value_name = "DIR")]
    out: Option<std::path::PathBuf>,
    /// With --out: also write each solved code's certificate.
    #[arg(long, requires = "out")]
    certs: bool,
    /// Worker threads (default: all cores; at most the cores unless
    /// --force-threads).
    #[arg(long)]
    threads: Option<usize>,
    /// Run more --threads than cores (up to 256).
    #[arg(long, requires = "threads")]
    force_threads: bool,
    /// Output format (json: `codes`, `solved`, `unsolved`).
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

/// The machine-readable result of a sweep.
#[derive(Serialize)]
struct SweepReport<'a> {
    spec: &'a nimcert::octal::sweep::OctalSweepSpec,
    shard: Option<nimcert::sweep::Shard>,
    solved: usize,
    unsolved: usize,
    codes: &'a [nimcert::octal::sweep::CodeResult],
}

/// One code's result in words, naming the flag that stopped an unsolved
/// code (its JSON `outcome` keeps the key it has in `codes/CODE.json`).
fn code_line(
    r: &nimcert::octal::sweep::CodeResult,
    spec: &nimcert::octal::sweep::OctalSweepSpec,
) -> String {
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

/// The most digits a sweep takes (4: 3,584 codes).
const MAX_SWEEP_DIGITS: u64 = 4;

/// Checks `--digits`: code lengths from 1 to [`MAX_SWEEP_DIGITS`], in
/// words about digits (the range check of `sweep` speaks of moves).
fn check_digits(digits: &nimcert::range::RangeArg) -> Result<(), CliError> {
    let text = digits.text();
    if digits.high > MAX_SWEEP_DIGITS {
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

pub fn sweep(args: OctalSweepArgs) -> Result<ExitCode, CliError> {
    use nimcert::octal::sweep::{run, OctalOutDir, OctalSweepSpec};
    check_digits(&args.digits)?;
    if args.max_n > MAX_MAX_N {
        return Err(CliError::input(format!(
            "--max-n {} is over {MAX_MAX_N} (2^28 heap sizes, 1 GiB of values)",
            args.max_n
        )));
    }
    let spec = OctalSweepSpec {
        digits: args.digits.resolve(1).map(|t| t as usize).collect(),
        max_n: args.max_n,
        max_work: args.max_work,
    };
    let shard = args.shard.unwrap_or(nimcert::sweep::Shard::WHOLE);
    let threads = super::limits::threads(args.threads, args.force_threads)?;
    let out = match &args.out {
        Some(dir) => Some(OctalOutDir::open(dir, &spec, args.certs)?),
        None => None,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| CliError::io(format!("cannot start {threads} threads: {e}")))?;
    let total = shard.share(spec.codes().len() as u128) as u64;
    let progress = super::progress::bar(total, "octal-sweep");
    let results =
        pool.install(|| run(&spec, shard, args.method, out.as_ref(), &|| progress.inc(1)));
    progress.finish_and_clear();
    let results = results?;
    let solved = results.iter().filter(|r| r.solved()).count();
    let report = SweepReport {
        spec: &spec,
        shard: args.shard,
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
