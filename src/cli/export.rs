//! `nimcert export coq`: certificates as Coq proofs; `nimcert export
//! judge`: certificates for the extracted judge (docs/FORMAL.md); `nimcert
//! export smt`: `Family` and `PrePeriodicFamily` certificates as SMT-LIB 2
//! queries, optionally run by z3 and cvc5 (docs/FAMILIES.md, "Check 2").

use super::limits::read_input;
use super::output::{check_output_file, in_new_dir, prepare_dir, print, write_atomically};
use super::CliError;
use clap::{Args, Subcommand};
use nimcert::export::coq::{self, Export};
use nimcert::export::geometries::{
    self, Bounds, GeometryError, DEFAULT_MAX_CONVEX_SETS, DEFAULT_MAX_GEOMETRY_POINTS,
};
use nimcert::export::judge;
use nimcert::export::smt::{self, Expect, Outcome, Query, SmtError, Solver, Split};
use nimcert::export::smt_preperiodic;
use nimcert::export::tree_vertices::{self, ExportError, DEFAULT_MAX_TREE_VERTICES};
use nimcert_check::format::{AvoidanceGeometry, Claim};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The largest certificate read (the `nimcheck` default).
const DEFAULT_MAX_FILE_BYTES: u64 = 4 << 20;

/// Arguments of `nimcert export`: the target format.
#[derive(Args)]
#[command(after_help = super::exit_status!())]
pub struct ExportArgs {
    #[command(subcommand)]
    target: Target,
}

#[derive(Subcommand)]
enum Target {
    /// Write each `Sequence`, `PSet`, `Octal` or `OctalPeriodic` certificate
    /// (bounds in docs/FORMAL.md) as a Coq file that states
    /// its claim about the game and proves it with the verified checker of
    /// formal/, and each `Avoidance` certificate (tree vertices, tree edges,
    /// affine point sets, closure systems) as one that proves its geometry
    /// valid, its nim number and its 𝓜 by the verified exhaustive evaluator
    /// (docs/FORMAL.md).
    ///
    /// One `.v` file per certificate, named after its path below the folder
    /// given, the folder's own name included (`a1/1-2-4.pset.ron` becomes
    /// `a1_1_2_4_pset.v`). Compile with
    /// `make -C formal` done first and `coqc -Q formal/theories Nimcert
    /// FILE.v`: the file compiles exactly when the Coq checker accepts the
    /// certificate. Folders are searched for `*.ron` files (symbolic links
    /// to folders are not followed; `MANIFEST.ron` is skipped). Other claim
    /// kinds (Periodic, PeriodicTable) are skipped and counted; a tree over
    /// --max-tree-vertices, another geometry over --max-geometry-points or a
    /// closure system over --max-convex-sets is refused (exit 3).
    /// A file that does not parse as a certificate is an error (exit 2) and
    /// nothing is written.
    #[command(after_help = super::exit_status!())]
    Coq(CoqArgs),
    /// Write certificates in the input format of `nimjudge`, the checker
    /// extracted from Coq (build it with `make -C formal/judge`;
    /// docs/FORMAL.md, "The extracted judge"): `Periodic`, `PeriodicTable`,
    /// `Sequence`, `PSet`, `Octal`, `OctalPeriodic`, `Avoidance` (whose
    /// structure diagram the judge does not check), and the families
    /// `Family` and `PrePeriodicFamily`, judged for every c of the class.
    ///
    /// One text file (or standard output) for all the inputs: the line
    /// `nimjudge 1`, then per certificate `certificate PATH` and one line
    /// per claim (every line of a table). Other claim kinds are written as
    /// `skipped KIND`: the judge counts them and exits 3, never 0. Folders
    /// are searched as for `export coq`. Then run
    /// `formal/judge/nimjudge FILE`: one verdict line per certificate.
    #[command(after_help = super::exit_status!())]
    Judge(JudgeArgs),
    /// Write each `Family` and `PrePeriodicFamily` certificate's statement
    /// as SMT-LIB 2 queries in QF_LIA (docs/FAMILIES.md, "Check 2"), and
    /// with --run decide them by z3 and cvc5.
    ///
    /// One folder per certificate below --out, named as `export coq` names
    /// its files; in it one `.smt2` file per query: the negation of the mex
    /// recurrence on each region of x (`recurrence-r1`, …) and of the
    /// marker's uniqueness (`marker`; for the Base shape `least-period`, a
    /// statement without k), each of which must be `unsat`, and for each a
    /// sanity twin without the violation (`….sanity`), which must be `sat`.
    /// A `PrePeriodicFamily` certificate gives the recurrence on each block
    /// of x (`recurrence-j3-t5`, …), the witness that the pre-period is
    /// least (`witness`) and, with a marker, that it occurs at one offset
    /// and at no other (`marker-at`, `marker-unique-j…`). Other claim kinds
    /// are skipped and counted; none at all is an error (exit 2). A claim that is not well formed is an error (exit 2), a
    /// word longer than --max-word a limit (exit 3); nothing is written then.
    ///
    /// With --run z3,cvc5 every file is run by every solver named (`z3
    /// -smt2 -model -T:SEC -in < FILE`, `cvc5 --lang smt2 --dump-models
    /// --tlimit=MS < FILE`, one at a time) and one line per file and solver
    /// is printed: the answer, the time, and `ok` or what is wrong. Exit 0
    /// only if every negation is `unsat` and every sanity twin `sat` in
    /// every solver; 1 if a solver finds a counterexample to a negation
    /// (the claim is false; the model's k and x, or k and o, or k alone,
    /// are printed); 2 if a sanity twin is `unsat` or a solver answers with
    /// an error; 3 if a solver answers `unknown` or runs out of time (raise
    /// --timeout); 4 if a solver is not installed.
    #[command(after_help = super::exit_status!())]
    Smt(SmtArgs),
}

#[derive(Args)]
struct SmtArgs {
    /// Certificate files or folders.
    #[arg(required = true, value_name = "FILE|DIR")]
    inputs: Vec<PathBuf>,
    /// Folder for the queries, one folder per certificate in it (created if
    /// its parent exists).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// Run the queries by these solvers (`z3`, `cvc5`, comma-separated).
    #[arg(long, value_delimiter = ',', value_parser = parse_solver, value_name = "SOLVER,…")]
    run: Vec<Solver>,
    /// Time limit of one solver on one query, in seconds.
    #[arg(long, value_parser = super::limits::count_in::<u32>, default_value_t = 300, value_name = "SECONDS")]
    timeout: u32,
    /// How the recurrence is cut into queries: `residues` (one per region
    /// of x and residue of x mod a + b, or for a pre-periodic family per
    /// block of x and residue or position in it: many small queries, the
    /// fastest for cvc5, and for a pre-periodic family by far the fastest
    /// for both), `regions` (one per region or block of x: fewer, often
    /// faster for z3 alone on a `Family`) or `whole` (one query).
    #[arg(long, value_parser = parse_split, default_value = "residues", value_name = "HOW")]
    split: Split,
    /// Longest base word (a + b), tail, block word or marker window
    /// exported (also the most blocks of a pre-periodic family).
    #[arg(long, value_parser = super::limits::count, default_value_t = smt::DEFAULT_MAX_WORD, value_name = "N")]
    max_word: u64,
    /// Largest certificate file read, in bytes.
    #[arg(long, value_parser = super::limits::count, default_value_t = DEFAULT_MAX_FILE_BYTES, value_name = "BYTES")]
    max_file_bytes: u64,
}

fn parse_solver(text: &str) -> Result<Solver, String> {
    Solver::parse(text).ok_or_else(|| format!("`{text}` is no solver this knows (z3, cvc5)"))
}

fn parse_split(text: &str) -> Result<Split, String> {
    match text {
        "regions" => Ok(Split::Regions),
        "whole" => Ok(Split::Whole),
        "residues" => Ok(Split::Residues),
        _ => Err(format!("`{text}` is not regions, whole or residues")),
    }
}

#[derive(Args)]
struct JudgeArgs {
    /// Certificate files or folders.
    #[arg(required = true, value_name = "FILE|DIR")]
    inputs: Vec<PathBuf>,
    /// The file written (`-` or absent: standard output).
    #[arg(long, short = 'o', value_name = "FILE")]
    out: Option<PathBuf>,
    /// Largest certificate file read, in bytes.
    #[arg(long, value_parser = super::limits::count, default_value_t = DEFAULT_MAX_FILE_BYTES, value_name = "BYTES")]
    max_file_bytes: u64,
}

#[derive(Args)]
struct CoqArgs {
    /// Certificate files or folders.
    #[arg(required = true, value_name = "FILE|DIR")]
    inputs: Vec<PathBuf>,
    /// Folder for the `.v` files (created if its parent exists).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// Largest certificate file read, in bytes.
    #[arg(long, value_parser = super::limits::count, default_value_t = DEFAULT_MAX_FILE_BYTES, value_name = "BYTES")]
    max_file_bytes: u64,
    /// Largest tree exported (Coq evaluates up to 2^n positions: at 14
    /// vertices up to about a minute of coqc).
    #[arg(long, value_parser = super::limits::count_in::<u32>, default_value_t = DEFAULT_MAX_TREE_VERTICES, value_name = "N")]
    max_tree_vertices: u32,
    /// Largest ground set S exported for an avoidance certificate off tree
    /// vertices (the points of a closure system or an affine set, the edges
    /// of a tree edge geometry): Coq evaluates up to 2^|S| positions and, for
    /// tree edges and affine sets, tests every subset of S once.
    #[arg(long, value_parser = super::limits::count_in::<u32>, default_value_t = DEFAULT_MAX_GEOMETRY_POINTS, value_name = "N")]
    max_geometry_points: u32,
    /// Largest number of convex sets of a closure system exported (Coq's
    /// check of the intersection axiom is cubic in it).
    #[arg(long, value_parser = super::limits::count_in::<u32>, default_value_t = DEFAULT_MAX_CONVEX_SETS, value_name = "N")]
    max_convex_sets: u32,
}

pub fn run(args: ExportArgs) -> Result<ExitCode, CliError> {
    match args.target {
        Target::Coq(args) => coq_files(args),
        Target::Judge(args) => judge_file(args),
        Target::Smt(args) => smt_files(args),
    }
}

/// `nimcert export smt`: the queries of every `Family` and
/// `PrePeriodicFamily` certificate, and with `--run` their answers.
fn smt_files(args: SmtArgs) -> Result<ExitCode, CliError> {
    let inputs = certificates(&args.inputs)?;
    distinct_outputs(&inputs, |input| format!("to the folder {}", input.module))?;
    let mut solvers = args.run.clone();
    solvers.sort();
    solvers.dedup();
    for &solver in &solvers {
        smt::available(solver).map_err(|e| CliError::io(e.to_string()))?;
    }
    // Translate everything before writing anything.
    let mut families: Vec<(&Input, Vec<Query>)> = Vec::new();
    let mut skipped: BTreeMap<&'static str, usize> = BTreeMap::new();
    for input in &inputs {
        let text = read_input(&input.path, args.max_file_bytes, "--max-file-bytes")?;
        let certificate = coq::parse(&text).map_err(|e| {
            CliError::input(format!("{}: not a certificate: {e}", input.path.display()))
        })?;
        let queries = match &certificate.claim {
            Claim::Family(claim) => smt::queries_with(claim, args.split, args.max_word),
            Claim::PrePeriodicFamily(claim) => {
                smt_preperiodic::queries_with(claim, args.split, args.max_word)
            }
            other => {
                *skipped.entry(other.kind()).or_default() += 1;
                continue;
            }
        };
        let queries = queries.map_err(|e| match e {
            SmtError::TooLarge { .. } => {
                CliError::limit("--max-word", format!("{}: {e}", input.path.display()))
            }
            SmtError::Malformed(_) => CliError::input(format!("{}: {e}", input.path.display())),
        })?;
        families.push((input, queries));
    }
    let skipped_text = skipped_note(&skipped, "");
    if families.is_empty() {
        return Err(CliError::input(format!(
            "no Family or PrePeriodicFamily certificate among the {} read{skipped_text}",
            inputs.len()
        )));
    }
    let mut files: Vec<(String, PathBuf, &Query)> = Vec::new();
    in_new_dir(&args.out, || {
        for (input, queries) in &families {
            let dir = args.out.join(&input.module);
            prepare_dir(&dir)?;
            let source: String = input
                .path
                .display()
                .to_string()
                .chars()
                .map(|c| if c.is_control() { '?' } else { c })
                .collect();
            for query in queries {
                let path = dir.join(format!("{}.smt2", query.name));
                write_atomically(&path, &format!("; certificate: {source}\n{}", query.smt2))?;
                files.push((format!("{}/{}.smt2", input.module, query.name), path, query));
            }
        }
        Ok(())
    })?;
    print(&format!(
        "exported {} family certificates ({} queries) to {}{skipped_text}\n",
        families.len(),
        files.len(),
        args.out.display()
    ))?;
    if solvers.is_empty() {
        return Ok(ExitCode::SUCCESS);
    }
    run_queries(&files, &solvers, args.timeout)
}

/// Runs every file by every solver, one line each; the exit status of
/// `export smt --run`.
fn run_queries(
    files: &[(String, PathBuf, &Query)],
    solvers: &[Solver],
    timeout: u32,
) -> Result<ExitCode, CliError> {
    let limit = std::time::Duration::from_secs(u64::from(timeout));
    // Capped: a format width of 65,536 or more panics, and a longer name
    // overruns its line instead.
    let width = files
        .iter()
        .map(|(n, _, _)| n.len())
        .max()
        .unwrap_or(0)
        .min(super::MAX_COLUMN);
    let (mut false_claims, mut broken, mut undecided) = (0usize, 0usize, 0usize);
    let mut totals: BTreeMap<Solver, (f64, f64)> = BTreeMap::new();
    for (name, path, query) in files {
        for &solver in solvers {
            let run = match smt::run(solver, path, limit) {
                Ok(run) => run,
                Err(smt::RunError::Solver(why)) => {
                    broken += 1;
                    print(&format!("{name:width$}  {solver:4}  error  {why}\n"))?;
                    continue;
                }
                Err(e) => return Err(CliError::io(format!("{name}: {e}"))),
            };
            let seconds = run.elapsed.as_secs_f64();
            let total = totals.entry(solver).or_default();
            total.0 += seconds;
            total.1 = total.1.max(seconds);
            let verdict = match (&run.outcome, query.expect) {
                (outcome, expect) if outcome.is(expect) => "ok".to_string(),
                (Outcome::Sat(_), Expect::Unsat) => {
                    false_claims += 1;
                    let model: Vec<String> = query
                        .shown
                        .iter()
                        .map(|v| {
                            let value = run.outcome.value(v);
                            format!("{v} = {}", value.map_or("?".into(), |n| n.to_string()))
                        })
                        .collect();
                    format!(
                        "FALSE: a counterexample, {} (the claim is false)",
                        model.join(", ")
                    )
                }
                (Outcome::Unsat, Expect::Sat) => {
                    broken += 1;
                    "BROKEN: the sanity twin is unsat (the encoding proves nothing)".to_string()
                }
                (Outcome::Unknown(why), _) => {
                    undecided += 1;
                    format!(
                        "UNDECIDED: {}",
                        if why.is_empty() { "unknown" } else { why }
                    )
                }
                (_, _) => unreachable!("the answers are sat, unsat or unknown"),
            };
            print(&format!(
                "{name:width$}  {solver:4}  {:7}  {seconds:8.3} s  {verdict}\n",
                run.outcome.word()
            ))?;
        }
    }
    let times: Vec<String> = totals
        .iter()
        .map(|(s, (sum, max))| format!("{s} {sum:.2} s (longest {max:.2} s)"))
        .collect();
    let runs = files.len() * solvers.len();
    let summary = format!(
        "{runs} runs ({} queries x {} solvers): {} as expected, {false_claims} counterexamples, {broken} broken, {undecided} undecided; {}\n",
        files.len(),
        solvers.len(),
        runs - false_claims - broken - undecided,
        times.join(", ")
    );
    print(&summary)?;
    if false_claims > 0 {
        return Ok(ExitCode::from(1));
    }
    if broken > 0 {
        return Err(CliError::input(format!(
            "{broken} runs without the expected answer (a sanity twin unsat or a solver error): nothing is proved"
        )));
    }
    if undecided > 0 {
        return Err(CliError::limit(
            "--timeout",
            format!(
                "{undecided} runs undecided (unknown or out of time within --timeout {timeout} s)"
            ),
        ));
    }
    Ok(ExitCode::SUCCESS)
}

/// `nimcert export judge`: every input in the judge's format, in one text.
fn judge_file(args: JudgeArgs) -> Result<ExitCode, CliError> {
    let out = args.out.filter(|p| p.as_os_str() != "-");
    if let Some(path) = &out {
        check_output_file(path)?;
    }
    let inputs = certificates(&args.inputs)?;
    let mut text = format!("{}\n", judge::HEADER);
    let mut judged = 0usize;
    let mut kinds: BTreeMap<&'static str, usize> = BTreeMap::new();
    for input in &inputs {
        let source = read_input(&input.path, args.max_file_bytes, "--max-file-bytes")?;
        let certificate = coq::parse(&source).map_err(|e| {
            CliError::input(format!("{}: not a certificate: {e}", input.path.display()))
        })?;
        if judge::judged(&certificate.claim) {
            judged += 1;
        } else {
            *kinds.entry(certificate.claim.kind()).or_default() += 1;
        }
        text.push_str(&judge::lines(
            &certificate,
            &input.path.display().to_string(),
        ));
    }
    let skipped = inputs.len() - judged;
    if judged == 0 {
        return Err(CliError::input(format!(
            "no Periodic, PeriodicTable, Sequence, PSet, Octal, OctalPeriodic or Avoidance \
             certificate among the {} read{}",
            inputs.len(),
            skipped_note(&kinds, ", which have no judge rule")
        )));
    }
    match &out {
        Some(path) => {
            write_atomically(path, &text)?;
            eprintln!(
                "nimcert: wrote {} certificates for the judge to {} ({judged} judged, {skipped} of other kinds marked skipped)",
                inputs.len(),
                path.display()
            );
        }
        None => print(&text)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// One certificate file and the name its `.v` file gets.
struct Input {
    path: PathBuf,
    module: String,
}

fn coq_files(args: CoqArgs) -> Result<ExitCode, CliError> {
    let inputs = certificates(&args.inputs)?;
    distinct_outputs(&inputs, |input| format!("as {}.v", input.module))?;
    // Translate everything before writing anything.
    let mut files = Vec::new();
    let mut skipped: BTreeMap<&'static str, usize> = BTreeMap::new();
    for input in &inputs {
        let text = read_input(&input.path, args.max_file_bytes, "--max-file-bytes")?;
        let certificate = coq::parse(&text).map_err(|e| {
            CliError::input(format!("{}: not a certificate: {e}", input.path.display()))
        })?;
        if let Some(text) = tree_file(&certificate, &input.path, args.max_tree_vertices)? {
            files.push((format!("{}.v", input.module), text));
            continue;
        }
        let bounds = Bounds {
            points: args.max_geometry_points,
            convex_sets: args.max_convex_sets,
        };
        if let Some(text) = geometry_file(&certificate, &input.path, bounds)? {
            files.push((format!("{}.v", input.module), text));
            continue;
        }
        match coq::export(&certificate, &input.path.display().to_string()) {
            Export::Coq(text) => files.push((format!("{}.v", input.module), text)),
            Export::Skipped(kind) => *skipped.entry(kind).or_default() += 1,
            Export::Beyond(why) => {
                return Err(CliError::input(format!("{}: {why}", input.path.display())))
            }
        }
    }
    let skipped_text = skipped_note(&skipped, ", which have no Coq checker");
    if files.is_empty() {
        return Err(CliError::input(format!(
            "no Sequence, PSet, Octal, OctalPeriodic or Avoidance certificate among the {} read{skipped_text}",
            inputs.len()
        )));
    }
    in_new_dir(&args.out, || {
        for (name, text) in &files {
            write_atomically(&args.out.join(name), text)?;
        }
        Ok(())
    })?;
    print(&format!(
        "exported {} certificates to {}{skipped_text}\n",
        files.len(),
        args.out.display()
    ))?;
    Ok(ExitCode::SUCCESS)
}

/// The Coq file of a tree-vertex `Avoidance` certificate (`None` for any
/// other certificate).
fn tree_file(
    certificate: &nimcert_check::format::Certificate,
    path: &Path,
    max_vertices: u32,
) -> Result<Option<String>, CliError> {
    let Claim::Avoidance(claim) = &certificate.claim else {
        return Ok(None);
    };
    if !matches!(claim.geometry, AvoidanceGeometry::TreeVertices { .. }) {
        return Ok(None);
    }
    match tree_vertices::tree_vertices_to_coq(certificate, max_vertices) {
        Ok(text) => Ok(Some(text)),
        Err(ExportError::Unsupported(why)) => {
            Err(CliError::input(format!("{}: {why}", path.display())))
        }
        Err(ExportError::TooLarge { vertices, max }) => Err(CliError::limit(
            "--max-tree-vertices",
            format!(
                "{}: a tree on {vertices} vertices, more than {max}",
                path.display()
            ),
        )),
    }
}

/// The Coq file of an `Avoidance` certificate off tree vertices (`None` for
/// any other certificate).
fn geometry_file(
    certificate: &nimcert_check::format::Certificate,
    path: &Path,
    bounds: Bounds,
) -> Result<Option<String>, CliError> {
    if !geometries::is_geometry_certificate(certificate) {
        return Ok(None);
    }
    let at = path.display();
    match geometries::geometry_to_coq(certificate, bounds) {
        Ok(text) => Ok(Some(text)),
        Err(GeometryError::Unsupported(why)) => Err(CliError::input(format!("{at}: {why}"))),
        Err(GeometryError::TooManyPoints { points, max }) => Err(CliError::limit(
            "--max-geometry-points",
            format!("{at}: a geometry on {points} points, more than {max}"),
        )),
        Err(GeometryError::TooManySets { sets, max }) => Err(CliError::limit(
            "--max-convex-sets",
            format!("{at}: a closure system of {sets} convex sets, more than {max}"),
        )),
    }
}

/// The certificate files of the inputs; none is an error (exit 2).
fn certificates(paths: &[PathBuf]) -> Result<Vec<Input>, CliError> {
    let mut inputs = Vec::new();
    for input in paths {
        collect(input, &mut inputs)?;
    }
    if inputs.is_empty() {
        return Err(CliError::input(
            "no certificate (*.ron) found in the inputs given",
        ));
    }
    Ok(inputs)
}

/// Adds a file, or the `*.ron` files below a folder (sorted).
fn collect(input: &Path, out: &mut Vec<Input>) -> Result<(), CliError> {
    let meta =
        std::fs::metadata(input).map_err(|e| CliError::io(format!("{}: {e}", input.display())))?;
    if !meta.is_dir() {
        let name = input
            .file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned());
        out.push(Input {
            path: input.to_path_buf(),
            module: coq::module_name(&name),
        });
        return Ok(());
    }
    let mut stack = vec![input.to_path_buf()];
    let mut found = Vec::new();
    while let Some(dir) = stack.pop() {
        let entries =
            std::fs::read_dir(&dir).map_err(|e| CliError::io(format!("{}: {e}", dir.display())))?;
        for entry in entries {
            let entry = entry.map_err(|e| CliError::io(format!("{}: {e}", dir.display())))?;
            let path = entry.path();
            let kind = entry
                .file_type()
                .map_err(|e| CliError::io(format!("{}: {e}", path.display())))?;
            if kind.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|x| x == "ron")
                && path.file_name().is_some_and(|n| n != "MANIFEST.ron")
                && !(kind.is_symlink() && path.is_dir())
            {
                found.push(path);
            }
        }
    }
    found.sort();
    for path in found {
        // Named from the folder given on: `certificates/a1` gives `a1_…`.
        let base = input.parent().unwrap_or(input);
        let relative = path.strip_prefix(base).unwrap_or(&path);
        let relative = relative.to_string_lossy().into_owned();
        out.push(Input {
            module: coq::module_name(&relative),
            path,
        });
    }
    Ok(())
}

/// "; skipped N of other claim kinds (Kind n, …)" and `why`, or nothing
/// when none was skipped (the closing words of `export coq` and `export
/// smt`).
fn skipped_note(skipped: &BTreeMap<&'static str, usize>, why: &str) -> String {
    if skipped.is_empty() {
        return String::new();
    }
    let count: usize = skipped.values().sum();
    let kinds: Vec<String> = skipped.iter().map(|(k, n)| format!("{k} {n}")).collect();
    format!(
        "; skipped {count} of other claim kinds ({}){why}",
        kinds.join(", ")
    )
}

/// Refuses two inputs that would be written to the same output (`export
/// coq`: one file per module; `export smt`: one folder), naming both.
fn distinct_outputs(inputs: &[Input], output: impl Fn(&Input) -> String) -> Result<(), CliError> {
    let mut seen: BTreeMap<&str, &Path> = BTreeMap::new();
    for input in inputs {
        if let Some(other) = seen.insert(&input.module, &input.path) {
            return Err(CliError::input(format!(
                "{} and {} would both be written {} (export them into separate folders)",
                other.display(),
                input.path.display(),
                output(input)
            )));
        }
    }
    Ok(())
}
