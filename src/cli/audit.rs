//! `nimcert audit`: run the claim registry of both papers.

use super::output::print;
use super::progress::bar;
use super::CliError;
use clap::{Args, ValueEnum};
use nimcert::audit::{registry, report, Scope};
use nimcert::range::RangeArg;
use std::path::PathBuf;
use std::process::ExitCode;

/// Output format of the audit table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum AuditFormat {
    /// A plain-text table.
    #[default]
    Text,
    /// One JSON object: {"claims": [...], "holds": n, "fails": n, "open": n}.
    Json,
    /// A Markdown table.
    Markdown,
}

/// Arguments of `nimcert audit` (its help text is the subcommand's doc in
/// `cli/mod.rs`).
#[derive(Args)]
#[command(after_help = super::exit_status!())]
pub struct AuditArgs {
    /// Only claims whose id starts with this (repeatable), e.g. `A.Table1`.
    #[arg(long = "claim", value_name = "ID")]
    claims: Vec<String>,
    /// Range override KEY=RANGE (repeatable): keys a, b, c (paper A moves)
    /// and size (paper B points or vertices); RANGE is N, A..=B or ..=B.
    #[arg(long = "range", value_name = "KEY=RANGE")]
    ranges: Vec<String>,
    /// Use each claim's much larger extended range (conjectures).
    #[arg(long)]
    extended: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: AuditFormat,
    /// Write the certificates behind every verdict into DIR/<claim id>/.
    #[arg(long, value_name = "DIR")]
    certs: Option<PathBuf>,
    /// List the registered claims and exit.
    #[arg(long)]
    list: bool,
}

fn scope(args: &AuditArgs) -> Result<Scope, CliError> {
    let mut scope = Scope {
        extended: args.extended,
        want_certificates: args.certs.is_some(),
        ..Scope::default()
    };
    for spec in &args.ranges {
        let (key, range) = spec
            .split_once('=')
            .ok_or_else(|| CliError::input(format!("--range '{spec}' is not KEY=RANGE")))?;
        let range: RangeArg = range.parse().map_err(CliError::input)?;
        let smallest = match key {
            "a" | "size" => 1,
            "b" => 2,
            "c" => 3,
            _ => {
                return Err(CliError::input(format!(
                    "--range key '{key}' is not one of a, b, c, size"
                )))
            }
        };
        let resolved = Some(range.resolve(smallest));
        match key {
            "a" => scope.a = resolved,
            "b" => scope.b = resolved,
            "c" => scope.c = resolved,
            _ => scope.size = resolved,
        }
    }
    Ok(scope)
}

pub fn run(args: AuditArgs) -> Result<ExitCode, CliError> {
    let claims = report::select(registry(), &args.claims);
    if claims.is_empty() {
        return Err(CliError::input(format!(
            "no claim matches {:?}",
            args.claims
        )));
    }
    if args.list {
        let lines: Vec<String> = claims
            .iter()
            .map(|c| format!("{}  {}", c.id, c.printed))
            .collect();
        print(&(lines.join("\n") + "\n"))?;
        return Ok(ExitCode::SUCCESS);
    }
    let scope = scope(&args)?;
    if let Some(dir) = &args.certs {
        super::output::prepare_dir(dir)?;
    }
    let progress = bar(claims.len() as u64, "audit");
    let results = report::run(&claims, &scope, &|id| {
        progress.set_message(id.to_string());
        progress.inc(1);
    });
    progress.finish_and_clear();
    if let Some(dir) = &args.certs {
        for (row, result) in &results {
            for (stem, cert) in &result.certificates {
                let name = format!("{stem}.ron");
                super::output::write_below(dir, &row.id, &name, &nimcert::check::to_ron(cert))?;
            }
        }
    }
    let rows: Vec<report::Row> = results.into_iter().map(|(row, _)| row).collect();
    let text = match args.format {
        AuditFormat::Text => report::text(&rows),
        AuditFormat::Markdown => report::markdown(&rows),
        AuditFormat::Json => {
            let count = |v: &str| rows.iter().filter(|r| r.verdict == v).count();
            serde_json::to_string_pretty(&serde_json::json!({
                "claims": rows,
                "holds": count("holds"),
                "fails": count("fails"),
                "open": count("open"),
            }))
            .expect("serializable")
                + "\n"
        }
    };
    print(&text)?;
    let failed = rows.iter().any(|r| r.verdict == "fails");
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
