//! `nimcert solve`.

use super::limits::{DEFAULT_MAX_POSITIONS, DEFAULT_MAX_WORK};
use super::output::{parse_moves, print, render, Format, LIST_ENTRIES};
use super::CliError;
use clap::Args;
use nimcert::engine::{Periodicity, Value};
use nimcert::solve::{solve, Limits};
use nimcert::subtraction::angles::Admissible;
use nimcert::subtraction::{classify, Classification, Source};
use serde::Serialize;
use std::fmt::Write;
use std::process::ExitCode;

/// The notation of [`digit`], for help texts (a macro, so that they can
/// `concat!` it).
macro_rules! value_notation {
    () => {
        "Value words print one character per value: 0-9, then a-z for 10 to\n\
35, then the value in brackets from 36 on ([36], [37], ...); so\n\
`01[36]` is 0, 1, 36. JSON and RON give the values as numbers.\n"
    };
}
pub(super) use value_notation;

/// The long help after the options (clap `after_long_help`).
const PAPER_A_HELP: &str = concat!(
    "For three moves the output gains a paper-A section (Manabe, \"Purely\n\
Periodic Three-move Subtraction Games\"): the reduction by g = gcd\n\
(Lemma 5) to S', the angle ρ and winding number K of S', which of\n\
Θ_{a+b}, Θ_{c+a}, Θ_{c+b} contain ρ, the covering statement, its\n\
prediction and whether the engine agrees. On disagreement a diff of the\n\
predicted and computed value words is printed and the exit status is 1.\n\
\n\
JSON/RON keys of that section: `gcd`, `rho`, `admissible` (object with\n\
booleans `a_plus_b`, `c_plus_a`, `c_plus_b`), `covered_by` (statement id\n\
such as `A.Table1.row2`, `A.Thm36`, `A.Table2.row4`, or null when\n\
uncovered), `predicted_period` (null when uncovered), `source`\n\
(`Quoted`/`Derived`, null when uncovered), `agrees` (false only when a\n\
covering statement's prediction differs from the engine; true when\n\
uncovered). For a set that is not three moves all these keys are null.\n\
\n\
Output is a summary unless --full: the text cuts the value word and the\n\
P-positions after about 120 characters (with \"…\" and the count), and\n\
JSON/RON lists keep their first 10000 entries with `truncated: true`.\n\
\n",
    value_notation!(),
    "\n\
Limits: the engine stops after --max-positions positions (2 bytes each;\n\
default 2^28, 512 MiB) or --max-work steps (|S| steps a position; default\n\
6*10^10, about a minute), whichever comes first, and exits 3 naming the\n\
flag; a bound at or below the largest move is refused at once.\n\
\n",
    super::exit_status!()
);

/// Arguments of `nimcert solve` (the paper-A section is described in
/// [`PAPER_A_HELP`], shown by `--help`).
#[derive(Args)]
#[command(after_help = super::exit_status!(), after_long_help = PAPER_A_HELP)]
pub struct SolveArgs {
    /// The moves, as `{2,5,7}` or `{2, 5, 7}` (the papers' set notation;
    /// quote it for the shell), `2,5,7` or `2 5 7` (any order, positive,
    /// distinct).
    #[arg(required = true, num_args = 1..)]
    moves: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
    /// The first N values G(0), ..., G(N-1): alone, one line of them
    /// separated by commas (as OEIS lists a sequence); with --bfile, --latex
    /// or --markdown, how many values those cover; in JSON and RON, the
    /// field `terms`.
    #[arg(long, value_name = "N", value_parser = terms_count)]
    terms: Option<u64>,
    /// Print an OEIS b-file instead of the report: lines "n a(n)" for
    /// n = 0, ..., N-1 (N from --terms, else 10000).
    #[arg(long, conflicts_with_all = ["latex", "markdown", "format", "full"])]
    bfile: bool,
    /// Print a LaTeX table of the nim-sequence instead of the report: rows
    /// of ten values, the pre-period's rows apart from the period's (all of
    /// [0, q + p), or the first --terms values).
    #[arg(long, conflicts_with_all = ["markdown", "format", "full"])]
    latex: bool,
    /// Print the same table as --latex in Markdown.
    #[arg(long, conflicts_with_all = ["format", "full"])]
    markdown: bool,
    /// Give up after computing this many positions, 2 bytes each (exit 3).
    #[arg(long, value_parser = super::limits::count, default_value_t = DEFAULT_MAX_POSITIONS)]
    max_positions: u64,
    /// Give up after this many steps (|S| per position; exit 3).
    #[arg(long, value_parser = super::limits::count, default_value_t = DEFAULT_MAX_WORK)]
    max_work: u64,
    /// Print everything: the whole value word and every P-position.
    #[arg(long)]
    full: bool,
}

/// The most values `--terms` asks for (8 MB of b-file at the least).
const MAX_TERMS: u64 = 1_000_000;
/// How many lines a b-file has without --terms (the length OEIS asks for).
const BFILE_TERMS: u64 = 10_000;
/// Values in a row of a --latex or --markdown table.
const TABLE_ROW: u64 = 10;

/// The value of `--terms`: a count from 1 to [`MAX_TERMS`].
fn terms_count(text: &str) -> Result<u64, String> {
    let n: u64 = text
        .parse()
        .map_err(|_| format!("'{text}' is not a number of terms (1 to {MAX_TERMS})"))?;
    if n == 0 || n > MAX_TERMS {
        return Err(format!("{n} terms: give 1 to {MAX_TERMS}"));
    }
    Ok(n)
}

/// How many values of the value word the text shows without --full.
const WORD_VALUES: usize = 120;
/// How many positions a disagreement's diff covers without --full.
const DIFF_POSITIONS: u64 = 2_000;

/// The machine-readable result of `solve`.
#[derive(Serialize)]
struct SolveReport {
    moves: Vec<u64>,
    preperiod: u64,
    period: u64,
    values: Vec<u16>,
    p_positions: Vec<u64>,
    outcome_period: u64,
    outcome_preperiod: u64,
    /// True when `values` and `p_positions` were cut (no --full).
    truncated: bool,
    gcd: Option<u64>,
    rho: Option<u64>,
    admissible: Option<Admissible>,
    covered_by: Option<String>,
    predicted_period: Option<u64>,
    source: Option<Source>,
    agrees: Option<bool>,
    /// The first --terms values (absent without --terms).
    #[serde(skip_serializing_if = "Option::is_none")]
    terms: Option<Vec<u16>>,
}

impl SolveReport {
    fn new(game: &Periodicity, paper_a: Option<&Classification>, full: bool) -> Self {
        let outcome = game.outcome();
        let prediction = paper_a.and_then(|c| c.prediction.as_ref());
        let keep = if full { usize::MAX } else { LIST_ENTRIES };
        let p_positions: Vec<u64> = (0..game.values.len() as u64)
            .filter(|&x| game.values[x as usize] == 0)
            .take(keep.saturating_add(1))
            .collect();
        let truncated = game.values.len() > keep || p_positions.len() > keep;
        SolveReport {
            moves: game.moves.as_slice().to_vec(),
            preperiod: game.qp.preperiod,
            period: game.qp.period,
            values: game.values[..game.values.len().min(keep)].to_vec(),
            p_positions: p_positions.into_iter().take(keep).collect(),
            outcome_period: outcome.period,
            outcome_preperiod: outcome.preperiod,
            truncated,
            gcd: paper_a.map(|c| c.g),
            rho: paper_a.map(|c| c.rho),
            admissible: paper_a.map(|c| c.admissible),
            covered_by: prediction.map(|p| p.statement.clone()),
            predicted_period: prediction.map(|p| p.period),
            source: prediction.map(|p| p.source),
            agrees: paper_a.map(|_| prediction.is_none_or(|p| p.agrees_with(game))),
            terms: None,
        }
    }

    fn text(&self, game: &Periodicity, full: bool) -> String {
        let mut s = String::new();
        let moves = if full {
            game.moves.to_string()
        } else {
            game.moves.short()
        };
        let _ = writeln!(s, "moves            S = {moves}");
        let _ = writeln!(s, "pre-period       q = {}", self.preperiod);
        let _ = writeln!(s, "period           p = {}", self.period);
        let show = |part: &[Value]| {
            let cut = if full {
                part.len()
            } else {
                part.len().min(WORD_VALUES / 2)
            };
            let more = if cut < part.len() { "…" } else { "" };
            format!("{}{more}", word_string(&part[..cut]))
        };
        let (pre, per) = game.values.split_at(self.preperiod as usize);
        let cut = !full && game.values.len() > WORD_VALUES;
        let note = if cut {
            format!(
                "   ({} values in all; --full prints them)",
                game.values.len()
            )
        } else {
            String::new()
        };
        if pre.is_empty() {
            let _ = writeln!(s, "values           ({})*{note}", show(per));
        } else {
            let _ = writeln!(s, "values           {} ({})*{note}", show(pre), show(per));
        }
        let shown = if full {
            let all: Vec<String> = self.p_positions.iter().map(|x| x.to_string()).collect();
            all.join(" ")
        } else {
            let count = game.values.iter().filter(|&&v| v == 0).count();
            list_abbreviated(&self.p_positions, count)
        };
        let _ = writeln!(s, "P-positions      {shown} in [0, q + p)");
        let _ = writeln!(
            s,
            "outcome period   {} (outcome pre-period {})",
            self.outcome_period, self.outcome_preperiod
        );
        s
    }
}

/// The paper-A section in words (a disagreement's diff over at most
/// `diff_span` positions).
fn paper_a_text(c: &Classification, game: &Periodicity, diff_span: u64) -> String {
    let mut s = String::new();
    let t = c.reduced;
    let yes = |b: bool| if b { "yes" } else { "no" };
    let _ = writeln!(
        s,
        "paper A          Manabe, purely periodic three-move games"
    );
    let _ = writeln!(s, "  reduction      g = {}, S' = {t} (Lemma 5)", c.g);
    let _ = writeln!(
        s,
        "  angle          rho = {}, K = {} (for S')",
        c.rho, c.winding
    );
    let _ = writeln!(
        s,
        "  admissible     a+b: {}, c+a: {}, c+b: {} (Prop. 20)",
        yes(c.admissible.a_plus_b),
        yes(c.admissible.c_plus_a),
        yes(c.admissible.c_plus_b)
    );
    let Some(p) = &c.prediction else {
        let _ = writeln!(s, "  covered by     none: no statement predicts this game");
        if t.a >= 2 && !t.is_additive() {
            let _ = writeln!(
                s,
                "                 (Conjecture 52 predicts a positive pre-period)"
            );
        }
        return s;
    };
    let source = match p.source {
        Source::Quoted => "formula quoted from the paper",
        Source::Derived => "formula derived here (lost in our copy of the paper)",
    };
    let _ = writeln!(
        s,
        "  covered by     {} — {}; {source}",
        p.statement,
        c.cover.describe()
    );
    let params: Vec<String> = p
        .parameters
        .iter()
        .map(|(n, v)| format!("{n}={v}"))
        .collect();
    let _ = writeln!(s, "  parameters     {}", params.join(" "));
    let _ = writeln!(
        s,
        "  prediction     q = 0, p = {}, values ({})*",
        p.period,
        abbreviate(word_string(&p.values))
    );
    let _ = writeln!(
        s,
        "  P-positions    {} in [0, p)",
        list_abbreviated(&p.p_positions, p.p_positions.len())
    );
    if p.agrees_with(game) {
        let _ = writeln!(s, "  engine         agrees");
    } else {
        let _ = writeln!(
            s,
            "  engine         DISAGREES: computed q = {}, p = {}",
            game.qp.preperiod, game.qp.period
        );
        s.push_str(&word_diff(&p.values, game, diff_span));
    }
    s
}

/// The numbers separated by spaces, cut after about 120 characters with
/// `… (n in all)` (n = `count`, the length of the whole list of which
/// `numbers` is the start); never formats more than it shows.
fn list_abbreviated(numbers: &[u64], count: usize) -> String {
    let mut out = String::new();
    for (i, x) in numbers.iter().enumerate() {
        if out.len() > 120 {
            return format!("{out}… ({count} in all)");
        }
        if i > 0 {
            out.push(' ');
        }
        let _ = write!(out, "{x}");
    }
    out
}

/// The first 120 characters of a long text, then `…`.
fn abbreviate(text: String) -> String {
    match text.char_indices().nth(120) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text,
    }
}

/// A line diff (the `similar` crate) of the predicted value word, repeated
/// from 0, against the computed one, over the longer of the two spans (at
/// most `max_span` positions), in lines of 40 positions.
fn word_diff(predicted: &[Value], game: &Periodicity, max_span: u64) -> String {
    let whole = (predicted.len() as u64).max(game.qp.preperiod + game.qp.period);
    let span = whole.min(max_span);
    let lines = |value: &dyn Fn(u64) -> Value| -> String {
        (0..span)
            .step_by(40)
            .map(|start| {
                let chunk: Vec<Value> = (start..(start + 40).min(span)).map(value).collect();
                format!("{start:>8}: {}\n", word_string(&chunk))
            })
            .collect()
    };
    let pred = lines(&|x| predicted[(x % predicted.len() as u64) as usize]);
    let comp = lines(&|x| game.value(x));
    let diff = similar::TextDiff::from_lines(&pred, &comp);
    let mut out = String::new();
    let _ = writeln!(out, "  --- predicted\n  +++ computed");
    for change in diff.iter_all_changes() {
        let sign = match change.tag() {
            similar::ChangeTag::Delete => "-",
            similar::ChangeTag::Insert => "+",
            similar::ChangeTag::Equal => " ",
        };
        let _ = write!(out, "  {sign}{change}");
    }
    if span < whole {
        let _ = writeln!(
            out,
            "  (the first {span} of {whole} positions; --full for all)"
        );
    }
    out
}

/// The values as one string, one character per value.
fn word_string(values: &[Value]) -> String {
    values.iter().map(|&v| digit(u32::from(v))).collect()
}

/// One character per value: 0-9, then a-z, then `[n]` ([`value_notation!`]).
pub(super) fn digit(v: u32) -> String {
    match char::from_digit(v, 36) {
        Some(c) => c.to_string(),
        None => format!("[{v}]"),
    }
}

/// The first `n` values, separated by ", " (the DATA line of OEIS).
fn terms_line(game: &Periodicity, n: u64) -> String {
    let values: Vec<String> = (0..n).map(|x| game.value(x).to_string()).collect();
    values.join(", ") + "\n"
}

/// An OEIS b-file of the first `n` values: one line "x G(x)" each, from
/// offset 0.
fn bfile(game: &Periodicity, n: u64) -> String {
    let mut s = String::new();
    for x in 0..n {
        let _ = writeln!(s, "{x} {}", game.value(x));
    }
    s
}

/// The rows of a table of the values on [0, `n`): (part, first position,
/// values), rows of [`TABLE_ROW`] values, the pre-period's rows apart from
/// the period's (a row never spans both), and after [0, q + p) rows marked
/// as repeating the period.
fn table_rows(game: &Periodicity, n: u64) -> Vec<(&'static str, u64, Vec<Value>)> {
    let q = game.qp.preperiod;
    let end = q + game.qp.period;
    let mut rows = Vec::new();
    for (part, from, to) in [
        ("pre-period", 0, q.min(n)),
        ("period", q.min(n), end.min(n)),
        ("repeats", end.min(n), n),
    ] {
        let mut x = from;
        while x < to {
            let stop = (x + TABLE_ROW).min(to);
            rows.push((part, x, (x..stop).map(|y| game.value(y)).collect()));
            x = stop;
        }
    }
    rows
}

/// The sentence above a table: the game, q and p, and what it shows.
fn table_caption(game: &Periodicity, n: u64) -> String {
    let (q, p) = (game.qp.preperiod, game.qp.period);
    let shown = if n == q + p {
        "the pre-period and one period".to_string()
    } else {
        format!("the first {n} values")
    };
    format!(
        "Nim-sequence G(x) of the subtraction game S = {}: pre-period q = {q}, period p = {p}; {shown}",
        game.moves.short()
    )
}

/// The values on [0, `n`) as a Markdown table ([`table_rows`]); column
/// `+i` of the row starting at x holds G(x + i).
fn markdown_table(game: &Periodicity, n: u64) -> String {
    let mut s = format!("{}.\n\n| part | x |", table_caption(game, n));
    for i in 0..TABLE_ROW {
        let _ = write!(s, " +{i} |");
    }
    s.push_str("\n| --- | ---: |");
    for _ in 0..TABLE_ROW {
        s.push_str(" ---: |");
    }
    s.push('\n');
    for (part, x, values) in table_rows(game, n) {
        let _ = write!(s, "| {part} | {x} |");
        for i in 0..TABLE_ROW as usize {
            match values.get(i) {
                Some(v) => {
                    let _ = write!(s, " {v} |");
                }
                None => s.push_str("  |"),
            }
        }
        s.push('\n');
    }
    s
}

/// The values on [0, `n`) as a LaTeX `tabular` ([`table_rows`]), a rule
/// between the pre-period and the period.
fn latex_table(game: &Periodicity, n: u64) -> String {
    let columns = "r".repeat(TABLE_ROW as usize);
    let mut s = format!(
        "% {}\n\\begin{{tabular}}{{l|r|{columns}}}\n part & $x$",
        table_caption(game, n)
    );
    for i in 0..TABLE_ROW {
        let _ = write!(s, " & $+{i}$");
    }
    s.push_str(" \\\\\n\\hline\n");
    let mut last = "";
    for (part, x, values) in table_rows(game, n) {
        if !last.is_empty() && part != last {
            s.push_str("\\hline\n");
        }
        let label = if part == last { "" } else { part };
        last = part;
        let _ = write!(s, "{label} & {x}");
        for i in 0..TABLE_ROW as usize {
            match values.get(i) {
                Some(v) => {
                    let _ = write!(s, " & {v}");
                }
                None => s.push_str(" &"),
            }
        }
        s.push_str(" \\\\\n");
    }
    s.push_str("\\end{tabular}\n");
    s
}

pub fn run(args: SolveArgs) -> Result<ExitCode, CliError> {
    let moves = parse_moves(&args.moves)?;
    let limits = Limits {
        max_positions: args.max_positions,
        max_work: args.max_work,
        ..Limits::default()
    };
    let game = solve(&moves, &limits)?;
    if args.bfile {
        print(&bfile(&game, args.terms.unwrap_or(BFILE_TERMS)))?;
        return Ok(ExitCode::SUCCESS);
    }
    if args.latex || args.markdown {
        let n = args.terms.unwrap_or(game.qp.preperiod + game.qp.period);
        let table = if args.latex {
            latex_table(&game, n)
        } else {
            markdown_table(&game, n)
        };
        print(&table)?;
        return Ok(ExitCode::SUCCESS);
    }
    if let (Some(n), Format::Text) = (args.terms, args.format) {
        print(&terms_line(&game, n))?;
        return Ok(ExitCode::SUCCESS);
    }
    let paper_a = classify(moves.as_slice());
    let mut report = SolveReport::new(&game, paper_a.as_ref(), args.full);
    report.terms = args.terms.map(|n| (0..n).map(|x| game.value(x)).collect());
    let text = render(&report, args.format, || {
        let mut text = report.text(&game, args.full);
        if let Some(c) = &paper_a {
            let span = if args.full { u64::MAX } else { DIFF_POSITIONS };
            text.push_str(&paper_a_text(c, &game, span));
        }
        text
    });
    print(&text)?;
    Ok(if report.agrees == Some(false) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimcert::engine::{Periodicity, QP};
    use nimcert::moves::MoveSet;

    /// The diff marks the predicted line with `-` and the computed with `+`.
    #[test]
    fn word_diff_marks_predicted_and_computed_lines() {
        let game = Periodicity {
            moves: MoveSet::new(&[1, 2, 3]).unwrap(),
            qp: QP {
                preperiod: 0,
                period: 4,
            },
            values: vec![0, 1, 2, 3],
        };
        let diff = word_diff(&[0, 1, 2, 0], &game, u64::MAX);
        assert!(diff.contains("-       0: 0120"), "{diff}");
        assert!(diff.contains("+       0: 0123"), "{diff}");
    }
}
