//! Running the registry and rendering the audit table.

use super::{Claim, ClaimResult, Scope, Status, Verdict};
use rayon::prelude::*;
use serde::Serialize;

/// One row of the audit table.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    /// Claim id.
    pub id: String,
    /// The statement as printed, one line.
    pub statement: String,
    /// Its hypotheses.
    pub hypotheses: String,
    /// "theorem", "conjecture" or "example".
    pub status: String,
    /// Instances checked.
    pub instances: u64,
    /// "holds", "fails" or "open".
    pub verdict: String,
    /// The smallest counterexample, when the verdict is "fails".
    pub counterexample: Option<String>,
    /// The range checked.
    pub range: String,
    /// Seconds spent.
    #[serde(skip)]
    pub seconds: f64,
}

/// Keeps the claims whose id starts with one of `prefixes` (all when empty).
pub fn select(claims: Vec<Claim>, prefixes: &[String]) -> Vec<Claim> {
    claims
        .into_iter()
        .filter(|c| prefixes.is_empty() || prefixes.iter().any(|p| c.id.starts_with(p.as_str())))
        .collect()
}

/// Runs every claim (in parallel, results in registry order); `done` is
/// called after each claim with its id.
pub fn run(
    claims: &[Claim],
    scope: &Scope,
    done: &(dyn Fn(&str) + Sync),
) -> Vec<(Row, ClaimResult)> {
    claims
        .par_iter()
        .map(|claim| {
            let start = std::time::Instant::now();
            let result = (claim.run)(scope);
            done(claim.id);
            (row(claim, &result, start.elapsed().as_secs_f64()), result)
        })
        .collect()
}

fn row(claim: &Claim, result: &ClaimResult, seconds: f64) -> Row {
    let (verdict, counterexample) = match &result.verdict {
        Verdict::Holds => ("holds", None),
        Verdict::Open => ("open", None),
        Verdict::Fails { counterexample } => ("fails", Some(counterexample.clone())),
    };
    Row {
        id: claim.id.to_string(),
        statement: claim.printed.to_string(),
        hypotheses: claim.hypotheses.to_string(),
        status: match claim.status {
            Status::Theorem => "theorem",
            Status::Conjecture => "conjecture",
            Status::Example => "example",
        }
        .to_string(),
        instances: result.instances,
        verdict: verdict.to_string(),
        counterexample,
        range: result.range.clone(),
        seconds,
    }
}

/// The text after the verdict: the counterexample, or the range verified.
fn detail(row: &Row) -> String {
    match (&row.counterexample, row.verdict.as_str()) {
        (Some(cx), _) => format!("smallest counterexample: {cx}"),
        (None, "open") => format!("open, verified on {}", row.range),
        (None, _) => format!("on {}", row.range),
    }
}

/// A plain-text table, one line per claim.
pub fn text(rows: &[Row]) -> String {
    let id_width = rows.iter().map(|r| r.id.len()).max().unwrap_or(2).max(2);
    let mut out = format!(
        "{:<id_width$}  {:>9}  {:<7}  {}\n",
        "id", "instances", "verdict", "statement — detail"
    );
    for r in rows {
        out += &format!(
            "{:<id_width$}  {:>9}  {:<7}  {} — {}\n",
            r.id,
            r.instances,
            r.verdict,
            r.statement,
            detail(r)
        );
    }
    out += &summary_line(rows);
    out
}

/// A Markdown table.
pub fn markdown(rows: &[Row]) -> String {
    let mut out = String::from(
        "| id | statement | instances | verdict | detail |\n| --- | --- | ---: | --- | --- |\n",
    );
    for r in rows {
        out += &format!(
            "| {} | {} | {} | {} | {} |\n",
            r.id,
            r.statement.replace('|', "\\|"),
            r.instances,
            r.verdict,
            detail(r).replace('|', "\\|")
        );
    }
    out += "\n";
    out += &summary_line(rows);
    out
}

/// "N claims: H hold, F fail, O open".
pub fn summary_line(rows: &[Row]) -> String {
    let count = |v: &str| rows.iter().filter(|r| r.verdict == v).count();
    format!(
        "{} claims: {} hold, {} fail, {} open\n",
        rows.len(),
        count("holds"),
        count("fails"),
        count("open")
    )
}
