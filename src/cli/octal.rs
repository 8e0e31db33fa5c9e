//! `nimcert octal`: the nim-sequence of an octal game, its least pre-period
//! and period, proved by the Octal Periodicity Theorem.

use super::limits::{DEFAULT_MAX_N, DEFAULT_MAX_WORK};
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

/// The long help after the options.
const OCTAL_HELP: &str = concat!(
    "An octal code 0.d1d2…dt (also written .d1d2…dt): from a heap of n a move\n\
removes k tokens, 1 ≤ k ≤ t, leaving no heap if bit 1 of d_k is set\n\
(n = k), one heap if bit 2, two non-empty heaps if bit 4. Kayles is 0.77,\n\
Dawson's Kayles 0.07, Officers 0.6. A digit before the point, 4 (or 8,\n\
C), splits a heap into two (three, either) without removing a token:\n\
4.07, and 4.0 (or 4) for that move alone. Hexadecimal digits 8-F add bit\n\
8, leave three non-empty heaps: 0.F.\n\
\n\
G is computed by the mex rule until the Octal Periodicity Theorem (Guy and\n\
Smith) proves a period: G(n + p) = G(n) for q ≤ n < 2q + p + t + 1 (one\n\
more than the printed 2q + p + t, which fails for q = 0), which needs G on\n\
[0, 2q + 2p + t + 1); with three-heap splits 3q + 2p + t + 1 and\n\
[0, 3q + 3p + t + 1). The least such p and, for it, the least q are the\n\
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
`proof_length` (2q + 2p + t + 1, or 3q + 3p + t + 1), `method`.\n\
`nimcert certify --octal CODE` writes a certificate for `nimcheck`.\n\
\n\
Limits: --max-n heap sizes (4 bytes each; at most 2^28) and --max-work\n\
pairs of heaps looked at (about a nanosecond each); either reached is exit\n\
3 naming the flag. The work is counted as G grows and the search stops\n\
when it passes --max-work. A code with three-heap splits (a digit 8-F)\n\
costs about N³/22 steps per such digit for N heap sizes (two-heap splits:\n\
N²/4), so before the work its bound is lowered to the most heap sizes\n\
whose estimated work is within --max-work: about 10,900 at the default\n\
6e10, seconds; with no period proved there it exits 3 naming --max-work.\n\
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
    /// Give up after looking at this many pairs of heaps (exit 3); a code
    /// with three-heap splits is computed on at most the heap sizes whose
    /// estimated work is within it.
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
        let j = game.code.reach().heaps;
        let _ = writeln!(
            s,
            "proved by        the Octal Periodicity Theorem on G[0, {j}q + {j}p + t + 1) = {} heap sizes",
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
