//! `nimcert export coq`: certificates as Coq proofs; `nimcert export
//! judge`: certificates for the extracted judge (docs/FORMAL.md).

use super::limits::read_input;
use super::output::{check_output_file, in_new_dir, print, write_atomically};
use super::CliError;
use clap::{Args, Subcommand};
use nimcert::export::coq::{self, Export};
use nimcert::export::geometries::{
    self, Bounds, GeometryError, DEFAULT_MAX_CONVEX_SETS, DEFAULT_MAX_GEOMETRY_POINTS,
};
use nimcert::export::judge;
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
    /// `Sequence`, `PSet`, `Octal`, `OctalPeriodic` and `Avoidance` (whose
    /// structure diagram the judge does not check).
    ///
    /// One text file (or standard output) for all the inputs: the line
    /// `nimjudge 1`, then per certificate `certificate PATH` and one line
    /// per claim (every line of a table). Other claim kinds are written as
    /// `skipped KIND`: the judge counts them and exits 3, never 0. Folders
    /// are searched as for `export coq`. Then run
    /// `formal/judge/nimjudge FILE`: one verdict line per certificate.
    #[command(after_help = super::exit_status!())]
    Judge(JudgeArgs),
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
    }
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
    for input in &inputs {
        let source = read_input(&input.path, args.max_file_bytes, "--max-file-bytes")?;
        let certificate = coq::parse(&source).map_err(|e| {
            CliError::input(format!("{}: not a certificate: {e}", input.path.display()))
        })?;
        judged += usize::from(judge::judged(&certificate.claim));
        text.push_str(&judge::lines(
            &certificate,
            &input.path.display().to_string(),
        ));
    }
    let skipped = inputs.len() - judged;
    if judged == 0 {
        return Err(CliError::input(format!(
            "no Periodic, PeriodicTable, Sequence or PSet certificate among the {} read",
            inputs.len()
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
    let mut seen: BTreeMap<&str, &Path> = BTreeMap::new();
    for input in &inputs {
        if let Some(other) = seen.insert(&input.module, &input.path) {
            return Err(CliError::input(format!(
                "{} and {} would both be written as {}.v (export them into separate folders)",
                other.display(),
                input.path.display(),
                input.module
            )));
        }
    }
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
    let skipped_count: usize = skipped.values().sum();
    let skipped_text = if skipped.is_empty() {
        String::new()
    } else {
        let kinds: Vec<String> = skipped.iter().map(|(k, n)| format!("{k} {n}")).collect();
        format!(
            "; skipped {skipped_count} of other claim kinds ({}), which have no Coq checker",
            kinds.join(", ")
        )
    };
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
