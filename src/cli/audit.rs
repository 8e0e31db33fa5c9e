//! `nimcert audit`: run the claim registry of both papers.

use super::output::{file_output, print};
use super::progress::bar;
use super::CliError;
use clap::{Args, ValueEnum};
use nimcert::audit::baseline::{self, Baseline};
use nimcert::audit::file::FileLimits;
use nimcert::audit::html::{self, BaselineView, Page, PageCertificate};
use nimcert::audit::report::{self, plural, Row};
use nimcert::audit::store::CertStore;
use nimcert::audit::{current_id, expand_selectors, registry, Scope, Verdict};
use nimcert::claim::{Abort, CertificateRef, CertificateSink, Coverage};
use nimcert::range::RangeArg;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

/// Output format of the audit table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum AuditFormat {
    /// Plain text wrapped to the terminal's width (100 columns when not a
    /// terminal): the findings first (failures with their corrections,
    /// fragments, reconstructions), then the other claims; per claim a line
    /// `id verdict scope counts on range`, then the statement and the
    /// findings, indented.
    #[default]
    Text,
    /// One JSON object: {"claims": [...], "verdicts": {"holds": n, ...},
    /// "instances_not_checked": n}.
    Json,
    /// A Markdown table.
    Markdown,
    /// One self-contained HTML page (docs/AUDIT-PAGE.md): a summary with
    /// filters, per entry its verdict, counts, findings, counterexamples
    /// and their certificates with the nimcheck command; the baseline
    /// diff at the top with --baseline.
    Html,
}

/// The default bound on the estimated work (elementary steps).
const DEFAULT_MAX_WORK: u64 = 2_000_000_000_000;

/// The default bound on the certificates written by `--certs` (bytes).
const DEFAULT_MAX_CERT_BYTES: u64 = 8 << 30;

/// Arguments of `nimcert audit` (its help text is the subcommand's doc in
/// `cli/mod.rs`).
#[derive(Args)]
#[command(after_help = super::exit_status!())]
pub struct AuditArgs {
    /// Only claims whose id starts with this (repeatable), e.g. `A.Table1`.
    #[arg(long = "claim", value_name = "ID")]
    claims: Vec<String>,
    /// Audit the claims of these claim files (docs/CLAIMS.md) instead of
    /// the registry of papers A and B.
    #[arg(long = "claims", value_name = "FILE", num_args = 1..)]
    claim_files: Vec<PathBuf>,
    #[command(flatten)]
    file_limits: super::claim_files::ClaimFileLimits,
    /// With --claims: evaluation steps per instance at most (exit 3).
    #[arg(long, value_name = "STEPS", value_parser = super::limits::count, default_value_t = FileLimits::default().eval_steps)]
    max_eval_steps: u64,
    /// With --claims: instances of one entry at most (exit 3); they are
    /// listed before they run.
    #[arg(long, value_name = "COUNT", value_parser = super::limits::count, default_value_t = FileLimits::default().instances)]
    max_instances: u64,
    /// With --claims: positions of a subtraction game computed at most; a
    /// game without a period within them is an instance not checked.
    #[arg(long, value_name = "N", value_parser = super::limits::count, default_value_t = FileLimits::default().solve.max_positions)]
    max_positions: u64,
    /// With --claims: heap sizes of an octal game computed at most; a game
    /// without a period proved within them is an instance not checked.
    #[arg(long, value_name = "N", value_parser = super::limits::count, default_value_t = FileLimits::default().solve.max_n)]
    max_n: u64,
    /// Range override KEY=RANGE (repeatable): keys a, b, c (paper A moves)
    /// and size (paper B points or vertices); RANGE is N, A..=B, A..B (B excluded) or ..=B.
    #[arg(long = "range", value_name = "KEY=RANGE")]
    ranges: Vec<String>,
    /// Use the much larger extended ranges of the conjectures.
    #[arg(long)]
    extended: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: AuditFormat,
    /// Wrap the text report to this many columns (at least 40) instead of
    /// the terminal's width (100 when not a terminal); 0 does not wrap: one
    /// line per row, statement and finding, for grep.
    #[arg(long, value_name = "COLUMNS")]
    width: Option<usize>,
    /// Write the report to FILE (atomically; checked before any work)
    /// instead of standard output; `-` is standard output (a file named
    /// `-` is `./-`).
    #[arg(short, long, value_name = "FILE", allow_hyphen_values = true)]
    output: Option<PathBuf>,
    /// Compare every verdict and count with the baseline FILE: exit 0 when
    /// they are equal, 1 with a diff (on stderr) when anything changed.
    #[arg(long, value_name = "FILE", conflicts_with = "write_baseline")]
    baseline: Option<PathBuf>,
    /// Write this run's verdicts and counts as the new baseline FILE.
    #[arg(long, value_name = "FILE")]
    write_baseline: Option<PathBuf>,
    /// Store the certificates behind every verdict in DIR, each once
    /// (DIR/objects/<hash>.ron), with an index per claim
    /// (DIR/claims/<id>.json); the size is printed before writing.
    #[arg(long, value_name = "DIR")]
    certs: Option<PathBuf>,
    /// Refuse to write more than this many bytes of certificates (exit 3).
    #[arg(long, value_name = "BYTES", value_parser = super::limits::count, default_value_t = DEFAULT_MAX_CERT_BYTES)]
    max_cert_bytes: u64,
    /// Refuse to start an audit whose estimated work exceeds this many
    /// elementary steps (exit 3); the default admits --extended.
    #[arg(long, value_name = "STEPS", value_parser = super::limits::count, default_value_t = DEFAULT_MAX_WORK)]
    max_work: u64,
    /// Exit 2 unless every claim that did not fail is proved: one that
    /// held (or stayed open, or was reconstructed) on a finite check only,
    /// on the checked range and no further, is named on stderr. For CI
    /// that wants proofs, not passing searches (docs/CLAIMS.md, "Proved or
    /// checked").
    #[arg(long)]
    require_proof: bool,
    /// List the selected claims (id, kind, where in the text, statement)
    /// and exit.
    #[arg(long)]
    list: bool,
    /// Test seam: flip the outcome of the first applicable instance of the
    /// claims whose id starts with ID, as a one-character change to their
    /// closed form would. For testing the baseline comparison only.
    #[arg(long, value_name = "ID", hide = true)]
    perturb: Vec<String>,
}

/// The help text of `nimcert audit` (the subcommand's long about).
pub const LONG_ABOUT: &str = "\
Audit every registered statement of papers A and B, or the claims of claim
files (--claims FILE…, docs/CLAIMS.md: the same verdicts, counts,
certificates and baseline; --range NAME=RANGE then sets a parameter's range).

Runs every claim (numbered statements, displayed formulas and checkable
sentences of both papers) on its default range, or the overrides, and prints
per claim its verdict, counts, range and findings. Verdicts:

  holds          the statement as printed holds on every applicable instance
  fails          it is false: failing/applicable counts, the smallest
                 counterexample with a certificate the checker accepts, and
                 the correction (typo, missing hypothesis) when one holds
  fragment       our copy lost part of the statement; the rest is audited
  reconstructed  a formula lost from our copy, derived here, consistent
  open           a conjecture, verified on the range
  partly checked what was checked holds, but some instances it applies to
                 were not checked (beyond a bound of the audit, or none
                 in the range): counted, each with its reason
  not checked    no applicable instance in the range

Every verdict also has a scope, printed beside it: proved (for all x, for
every c of a class by family certificates, or exhaustively where the
statement is itself finite: one game, one geometry, the instances a claim
file lists), disproved (a counterexample refutes it), or finite check (held
on the checked range only, no proof beyond it). The summary counts the
holds of each scope apart; --require-proof makes a finite check exit 2.

Exit status: 0 success (with --baseline: every verdict and count equals the
baseline, the counts of instances not checked included); 1 a claim fails
(without --baseline), a verdict or count differs from the baseline (the
diff is on stderr), or a counterexample's certificate is not accepted: this
wins over 2; 2 bad input (an empty --claim), a selected claim was not
checked at all, or, without --baseline, some instance was not checked, or,
with --require-proof, a claim that did not fail is a finite check only; 3 a
limit was reached (--max-work, --max-cert-bytes); 4 a file could not be
read or written.";

fn scope(args: &AuditArgs) -> Result<Scope, CliError> {
    let mut scope = Scope {
        extended: args.extended,
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

/// Reads the baseline FILE with a bound, before any work; the registry's
/// (`registry`: no claim files) with the octal claims' former long ids
/// made short.
fn read_baseline(path: &Path, registry: bool) -> Result<Baseline, CliError> {
    let text = nimcert::io::read_text_bounded(path, baseline::MAX_BYTES).map_err(|e| match e {
        nimcert::io::ReadError::TooLarge(_) => CliError::input(format!(
            "{}: a baseline is at most {} bytes",
            path.display(),
            baseline::MAX_BYTES
        )),
        nimcert::io::ReadError::NotText => {
            CliError::input(format!("{}: not UTF-8 text", path.display()))
        }
        nimcert::io::ReadError::Io(e) => CliError::io(format!("{}: {e}", path.display())),
    })?;
    let mut baseline = Baseline::from_json(&text)
        .map_err(|e| CliError::input(format!("{}: not a baseline: {e}", path.display())))?;
    // A baseline written before the octal claims' ids were shortened (a
    // claim file's ids are its own: `O.OEIS-…` in record/octal.toml).
    if registry {
        for entry in &mut baseline.claims {
            entry.id = current_id(&entry.id);
        }
    }
    Ok(baseline)
}

/// Refuses an empty `--claim` or `--perturb` selector: as a prefix it would
/// select every claim, which is never what an empty argument means.
fn check_selectors(args: &AuditArgs) -> Result<(), CliError> {
    for (flag, values) in [("--claim", &args.claims), ("--perturb", &args.perturb)] {
        if values.iter().any(|v| v.trim().is_empty()) {
            return Err(CliError::input(format!(
                "{flag} needs a claim id or prefix such as A.Table1, not an empty one (see nimcert audit --list)"
            )));
        }
    }
    Ok(())
}

/// `--range NAME=RANGE` for a claim file's parameter: NAME and the range
/// `N`, `A..=B` or `..=B` (from 0).
fn parameter_range(spec: &str) -> Result<(&str, i64, i64), CliError> {
    let (name, range) = spec
        .split_once('=')
        .ok_or_else(|| CliError::input(format!("--range '{spec}' is not NAME=RANGE")))?;
    let range: RangeArg = range.parse().map_err(CliError::input)?;
    let range = range.resolve(0);
    let bound = |v: u64| {
        i64::try_from(v)
            .map_err(|_| CliError::input(format!("--range {spec}: {v} is over 2^63 − 1")))
    };
    Ok((name, bound(*range.start())?, bound(*range.end())?))
}

/// The claims audited: the registry, or those of the claim files.
fn all_claims(args: &AuditArgs) -> Result<Vec<nimcert::audit::Claim>, CliError> {
    if args.claim_files.is_empty() {
        return Ok(registry());
    }
    let limits = FileLimits {
        eval_steps: args.max_eval_steps,
        instances: args.max_instances,
        solve: nimcert::solve::Limits {
            max_positions: args.max_positions,
            max_n: args.max_n,
            max_work: args.max_work,
            ..nimcert::solve::Limits::default()
        },
    };
    let mut files = super::claim_files::load(
        &args.claim_files,
        &args.file_limits,
        super::claim_files::Show::Caret,
    )?;
    for spec in &args.ranges {
        let (name, lo, hi) = parameter_range(spec)?;
        nimcert::audit::file::set_range(&mut files, name, lo, hi)
            .map_err(|e| CliError::input(format!("--range {spec}: {e}")))?;
    }
    Ok(files
        .into_iter()
        .flat_map(|(_, file)| nimcert::audit::file::claims(file, limits))
        .collect())
}

pub fn run(mut args: AuditArgs) -> Result<ExitCode, CliError> {
    check_selectors(&args)?;
    let given = args.claims.join(", ");
    if args.claim_files.is_empty() {
        // The octal claims' former long ids still select them.
        args.claims = expand_selectors(&args.claims);
        args.perturb = expand_selectors(&args.perturb);
    }
    let claims = report::select(all_claims(&args)?, &args.claims);
    if claims.is_empty() {
        return Err(CliError::input(format!(
            "no claim id starts with {given} (nimcert audit --list lists them)"
        )));
    }
    if args.list {
        let lines: String = claims
            .iter()
            .map(|c| {
                format!(
                    "{}\t{}\t{}\t{}\n",
                    c.id,
                    c.kind.name(),
                    c.location,
                    c.printed
                )
            })
            .collect();
        print(&lines)?;
        return Ok(ExitCode::SUCCESS);
    }
    if !args.perturb.is_empty() && args.write_baseline.is_some() {
        return Err(CliError::input(
            "--perturb is a test seam and cannot write a baseline",
        ));
    }
    // With --claims, --range names the files' parameters (applied when
    // the files were read); the registry's keys are checked otherwise.
    let mut scope = if args.claim_files.is_empty() {
        scope(&args)?
    } else {
        Scope::default()
    };
    let work = report::estimate(&claims, &scope);
    let over = if args.claim_files.is_empty() {
        report::over_max_work(work, args.max_work)
    } else {
        nimcert::audit::file::over_max_work(work, args.max_work)
    };
    if let Some(why) = over {
        return Err(CliError::limit("--max-work", why));
    }
    let registry = args.claim_files.is_empty();
    let expected = args
        .baseline
        .as_deref()
        .map(|path| read_baseline(path, registry))
        .transpose()?;
    if let Some(path) = &args.write_baseline {
        super::output::check_output_file(path)?;
    }
    let output = file_output(args.output.clone());
    if let Some(path) = &output {
        super::output::check_output_file(path)?;
    }
    let results = match &args.certs {
        // A folder created here is removed again, if still empty, when the
        // certificates cannot be written (over --max-cert-bytes, a write
        // error): a failed audit leaves nothing behind.
        Some(dir) => super::output::in_new_dir(dir, || {
            let store = Arc::new(CertStore::new());
            scope.store = Some(store.clone() as Arc<dyn CertificateSink>);
            let results = run_claims(&claims, &scope, &args.perturb)?;
            let indexes: Vec<(String, Vec<CertificateRef>)> = results
                .iter()
                .map(|(row, result)| (row.id.clone(), result.index.clone()))
                .collect();
            write_certificates(dir, &store, &indexes, args.max_cert_bytes)?;
            Ok(results)
        })?,
        None => run_claims(&claims, &scope, &args.perturb)?,
    };
    let diff = baseline_diff(&args, &results, expected.as_ref());
    let report = match args.format {
        AuditFormat::Text => {
            let width = match args.width {
                Some(0) => usize::MAX,
                Some(n) => n,
                None => text_width(&output),
            };
            report::text_width(&rows_of(&results), width)
        }
        AuditFormat::Markdown => report::markdown(&rows_of(&results)),
        AuditFormat::Json => report::json(&rows_of(&results)),
        AuditFormat::Html => page(&args, &results, diff.as_ref()),
    };
    match &output {
        Some(path) => super::output::write_atomically(path, &report)?,
        None => print(&report)?,
    }
    let rows = rows_of(&results);
    finish(&args, &rows, diff)
}

/// The width of the text report: the terminal's when standard output is
/// one, else [`report::TEXT_WIDTH`] (a file, a pipe).
fn text_width(output: &Option<PathBuf>) -> usize {
    let term = console::Term::stdout();
    match term.size_checked() {
        Some((_, columns)) if output.is_none() && term.is_term() => usize::from(columns),
        _ => report::TEXT_WIDTH,
    }
}

/// The rows of the results.
fn rows_of(results: &[(Row, nimcert::audit::ClaimResult)]) -> Vec<Row> {
    results.iter().map(|(row, _)| row.clone()).collect()
}

/// The comparison with the baseline: `None` without `--baseline`, else
/// `Some(None)` when equal and `Some(Some(diff))` when anything changed.
fn baseline_diff(
    args: &AuditArgs,
    results: &[(Row, nimcert::audit::ClaimResult)],
    expected: Option<&Baseline>,
) -> Option<Option<String>> {
    let (expected, path) = (expected?, args.baseline.as_ref()?);
    let actual = Baseline::of(&rows_of(results));
    Some(expected.diff(&actual, &args.claims, &path.display().to_string()))
}

/// The HTML page of the results, with the certificates of the
/// counterexamples (and where `--certs` stored them).
fn page(
    args: &AuditArgs,
    results: &[(Row, nimcert::audit::ClaimResult)],
    diff: Option<&Option<String>>,
) -> String {
    let certificates: Vec<Vec<PageCertificate>> = results
        .iter()
        .map(|(_, r)| page_certificates(args, r))
        .collect();
    let rows = rows_of(results);
    let baseline_file = args.baseline.as_ref().map(|p| p.display().to_string());
    let claim_files: Vec<String> = args
        .claim_files
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    html::render(&Page {
        rows: &rows,
        certificates: &certificates,
        baseline: baseline_file
            .as_deref()
            .zip(diff)
            .map(|(file, diff)| BaselineView {
                file,
                diff: diff.as_deref(),
            }),
        claim_files: &claim_files,
    })
}

/// The certificates of one claim's counterexamples, in order, each with
/// the object `--certs` stored it as (matched by instance and order).
fn page_certificates(
    args: &AuditArgs,
    result: &nimcert::audit::ClaimResult,
) -> Vec<PageCertificate> {
    let mut out = Vec::new();
    for example in &result.examples {
        let stored: Vec<&str> = result
            .index
            .iter()
            .filter(|r| r.role == "counterexample" && r.instance == example.instance)
            .map(|r| r.object.as_str())
            .collect();
        for (k, certificate) in example.certificates.iter().enumerate() {
            let stored = match (&args.certs, stored.len() == example.certificates.len()) {
                (Some(dir), true) => Some(
                    dir.join("objects")
                        .join(format!("{}.ron", stored[k]))
                        .display()
                        .to_string(),
                ),
                _ => None,
            };
            out.push(PageCertificate {
                instance: example.instance.clone(),
                ron: nimcert_check::to_ron(certificate),
                stored,
            });
        }
    }
    out
}

/// Runs the claims with a progress bar on stderr; a run that stopped
/// without a verdict (a claim file's error on some instance, a limit)
/// stops the audit with its exit status.
fn run_claims(
    claims: &[nimcert::audit::Claim],
    scope: &Scope,
    perturb: &[String],
) -> Result<Vec<(Row, nimcert::audit::ClaimResult)>, CliError> {
    let progress = bar(claims.len() as u64, "audit");
    let results = report::run(claims, scope, perturb, &|id| {
        progress.set_message(id.to_string());
        progress.inc(1);
    });
    progress.finish_and_clear();
    match report::first_abort(&results) {
        None => Ok(results),
        Some(Abort::Input(message)) => Err(CliError::input(message)),
        Some(Abort::Limit { flag, message }) => Err(CliError::limit(flag, message)),
    }
}

/// Prints the size of the certificates, refuses it over the limit, writes.
fn write_certificates(
    dir: &Path,
    store: &CertStore,
    indexes: &[(String, Vec<CertificateRef>)],
    max_bytes: u64,
) -> Result<(), CliError> {
    let plan = store.plan(indexes);
    let size = format!(
        "{} distinct objects for {} references, {} claim indexes",
        plan.objects, plan.references, plan.indexes
    );
    if plan.bytes > max_bytes {
        // One line: the size is in the error (nothing is written).
        return Err(CliError::limit(
            "--max-cert-bytes",
            format!(
                "the certificates ({size}) take {} bytes, over the limit of {max_bytes} (raise --max-cert-bytes)",
                plan.bytes
            ),
        ));
    }
    eprintln!(
        "certificates: {size}, {:.1} MB, into {}",
        plan.bytes as f64 / 1e6,
        dir.display()
    );
    store.write(dir, indexes).map_err(CliError::io)
}

/// The most ids a stderr line names before "and N more", keeping it within
/// the project's 400 characters ([`super::MESSAGE_CHARS`]).
const IDS_SHOWN: usize = 4;

/// "A.x, A.y, A.z, A.w and 83 more".
fn some_ids(ids: &[&str]) -> String {
    let shown = ids[..ids.len().min(IDS_SHOWN)].join(", ");
    if ids.len() > IDS_SHOWN {
        format!("{shown} and {} more", ids.len() - IDS_SHOWN)
    } else {
        shown
    }
}

/// Writes one `nimcert: …` line to stderr, cut to the project's length.
fn note(message: &str) {
    super::warn(&nimcert::moves::clip(
        &format!("nimcert: {message}"),
        super::MESSAGE_CHARS,
    ));
}

/// The baseline comparison or write, and the exit status: 1 when anything
/// is false (a failing claim without a baseline, a difference from the
/// baseline, a counterexample whose certificate the checker does not
/// accept), else 2 when a selected claim was not checked at all, or, without
/// a baseline, when some instance was not checked (a baseline records those
/// counts, and a change in them is a difference), or, with
/// `--require-proof`, when a claim that did not fail is a finite check
/// only, else 0.
fn finish(
    args: &AuditArgs,
    rows: &[Row],
    diff: Option<Option<String>>,
) -> Result<ExitCode, CliError> {
    let actual = Baseline::of(rows);
    let not_checked: Vec<&str> = rows
        .iter()
        .filter(|r| r.verdict == Verdict::NotChecked)
        .map(|r| r.id.as_str())
        .collect();
    let partly: Vec<&str> = rows
        .iter()
        .filter(|r| r.unchecked > 0 && r.verdict != Verdict::NotChecked)
        .map(|r| r.id.as_str())
        .collect();
    // The instances of the claims named with them (a claim not checked at
    // all is named in its own note).
    let unchecked: u64 = rows
        .iter()
        .filter(|r| r.verdict != Verdict::NotChecked)
        .map(|r| r.unchecked)
        .sum();
    let uncertified = rows.iter().any(|r| r.certificates_accepted == Some(false));
    if let Some(path) = &args.write_baseline {
        if !not_checked.is_empty() {
            return Err(CliError::input(format!(
                "not writing a baseline with {} claims not checked: {}",
                not_checked.len(),
                some_ids(&not_checked)
            )));
        }
        super::output::write_atomically(path, &actual.to_json())?;
        eprintln!(
            "wrote the baseline of {} claim{} to {}",
            rows.len(),
            plural(rows.len() as u64, "", "s"),
            path.display()
        );
    }
    let changed = match (diff, &args.baseline) {
        (Some(diff), Some(path)) => match diff {
            Some(diff) => {
                eprintln!(
                    "the audit differs from the baseline {}:\n{diff}",
                    path.display()
                );
                true
            }
            None => false,
        },
        // A baseline just written records this run's failures on purpose.
        _ if args.write_baseline.is_some() => false,
        _ => rows.iter().any(|r| r.verdict == Verdict::Fails),
    };
    let recorded = args.baseline.is_some() || args.write_baseline.is_some();
    if uncertified {
        note("a counterexample's certificate was not accepted by the checker");
    }
    let failing: Vec<&str> = rows
        .iter()
        .filter(|r| r.verdict == Verdict::Fails)
        .map(|r| r.id.as_str())
        .collect();
    if !recorded && !failing.is_empty() {
        // Exit 1 with nothing on stderr read like a crash: say
        // that these are the findings, and how CI compares them.
        let n = failing.len() as u64;
        let counted = format!("{n} {}", plural(n, "claim fails", "claims fail"));
        let ci = if args.claim_files.is_empty() {
            "in CI compare with --baseline audit.expected"
        } else {
            "in CI record them once with --write-baseline FILE and compare with --baseline FILE"
        };
        note(&format!(
            "{counted}, the audit's findings (exit 1): {}; {ci}",
            some_ids(&failing)
        ));
    }
    // Two reasons, as in each row's findings: nothing applied, or every
    // instance that applied reached a bound.
    for (empty, why) in [
        (true, "no applicable instance in the range"),
        (
            false,
            "every instance reached a bound; the report gives each reason",
        ),
    ] {
        let ids: Vec<&str> = rows
            .iter()
            .filter(|r| r.verdict == Verdict::NotChecked && (r.unchecked == 0) == empty)
            .map(|r| r.id.as_str())
            .collect();
        if !ids.is_empty() {
            let n = ids.len() as u64;
            note(&format!(
                "{n} selected {} not checked ({why}): {}",
                plural(n, "claim was", "claims were"),
                some_ids(&ids)
            ));
        }
    }
    let finite_only: Vec<&str> = rows
        .iter()
        .filter(|r| r.verdict != Verdict::Fails && r.scope == Some(Coverage::FiniteCheck))
        .map(|r| r.id.as_str())
        .collect();
    if args.require_proof && !finite_only.is_empty() {
        let n = finite_only.len() as u64;
        note(&format!(
            "--require-proof: {n} {} on a finite check only, not proved (exit 2): {}",
            plural(n, "claim held", "claims held"),
            some_ids(&finite_only)
        ));
    }
    if !partly.is_empty() {
        let recorded_note = if recorded {
            "; their counts are recorded in the baseline"
        } else {
            ""
        };
        let instances = plural(unchecked, "instance", "instances");
        let claims = plural(partly.len() as u64, "claim", "claims");
        let were = plural(unchecked, "was", "were");
        note(&format!(
            "{unchecked} {instances} of {} {claims} {were} not checked (the report gives each reason): {}{recorded_note}",
            partly.len(),
            some_ids(&partly)
        ));
    }
    Ok(if changed || uncertified {
        ExitCode::from(1)
    } else if !not_checked.is_empty()
        || (!recorded && !partly.is_empty())
        || (args.require_proof && !finite_only.is_empty())
    {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}
