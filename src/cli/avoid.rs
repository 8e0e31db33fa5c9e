//! `nimcert avoid`: avoidance games DNG(S, W) on convex geometries
//! (paper B): nim number, maximal non-generating sets, structure diagram,
//! the paper's covering statement, certificates.

use super::limits::{read_input, DEFAULT_MAX_FILE_BYTES, DEFAULT_MAX_WORK};
use super::output::{
    check_output_file, checker_defaults_admit, file_output, over_checker_defaults, print, render,
    write_atomically, Format, LIST_ENTRIES,
};
use super::CliError;
use clap::{Args, Subcommand};
use nimcert::avoidance::certify::{certificate, search_method};
use nimcert::avoidance::closure::ClosureFile;
use nimcert::avoidance::formulas::{covering, Covering};
use nimcert::avoidance::solve::{check_listing, exhaustive_nim, solve, Input, Solved};
use nimcert::avoidance::structure::DEFAULT_MAX_CLASSES;
use nimcert::avoidance::{Game, PointSet, StructureDiagram};
use nimcert::solve::Limits;
use serde::Serialize;
use std::fmt::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Limits of `avoid`, after its options in `--help`.
const AVOID_LIMITS: &str = concat!(
    "Limits, checked before the work: the work is estimated from the input\n\
(building the geometry, the copoints of the points of W, the maximal\n\
non-generating sets: about F^2 * n/64 steps for a family of F copoints on\n\
n points) and refused over --max-work (exit 3). The structure diagram\n\
counts its work as it is built (each class found commits a scan of the\n\
maximal sets) and stops at what --max-work leaves, or at --max-classes\n\
classes; the report and certificate are counted from the diagram before\n\
they are written (320 steps a listed point); exit 3 naming the flag. A\n\
closure file is read with a bound, --max-file-bytes. Output is a summary\n\
(the first 20 maximal sets and 40 classes) unless --full; JSON/RON lists\n\
keep their first 10000 entries (`truncated: true`). With --certify, a\n\
certificate that nimcheck's default limits would refuse is not written\n\
(exit 3) unless --beyond-checker-defaults, which writes it with a warning\n\
naming the nimcheck flag.\n\
\n",
    super::exit_status!()
);

/// Arguments of `nimcert avoid`.
#[derive(Args)]
#[command(after_help = AVOID_LIMITS)]
pub struct AvoidArgs {
    #[command(subcommand)]
    geometry: GeometryArgs,
}

#[derive(Subcommand)]
enum GeometryArgs {
    /// The vertex geometry of a tree: `--edges 1-2,2-3,1-4 --win 1`.
    #[command(after_help = AVOID_LIMITS)]
    Tree {
        /// The edges, `a-b` separated by commas.
        #[arg(long)]
        edges: String,
        /// W: vertex names separated by commas.
        #[arg(long)]
        win: String,
        #[command(flatten)]
        common: CommonArgs,
    },
    /// The edge geometry of a tree: `--edges 1-2,2-3,1-4 --win 1-2,2-3`.
    #[command(after_help = AVOID_LIMITS)]
    TreeEdges {
        /// The edges, `a-b` separated by commas.
        #[arg(long)]
        edges: String,
        /// W: edges `a-b` separated by commas.
        #[arg(long)]
        win: String,
        #[command(flatten)]
        common: CommonArgs,
    },
    /// Points of Z or Z²: `--points "0,0 2,0 1,1 1,3" --win 0,0`.
    #[command(after_help = AVOID_LIMITS)]
    Affine {
        /// The points, separated by spaces: `x,y` (Z²) or `x` (Z); may
        /// start with a minus sign (`--points "-8,3 1,1"`).
        #[arg(long, allow_hyphen_values = true)]
        points: String,
        /// W, separated by spaces: coordinates, or `@k` for the k-th point.
        #[arg(long, allow_hyphen_values = true)]
        win: String,
        #[command(flatten)]
        common: CommonArgs,
    },
    /// An explicit closure system from a RON file:
    /// `(points: 4, convex_sets: [[...], ...], win: [...])`, points 1..n.
    #[command(after_help = AVOID_LIMITS)]
    Closure {
        /// The file.
        file: PathBuf,
        /// W (points 1..n, commas), instead of the file's `win`.
        #[arg(long)]
        win: Option<String>,
        /// Refuse a file larger than this many bytes.
        #[arg(long, value_parser = super::limits::count, default_value_t = DEFAULT_MAX_FILE_BYTES)]
        max_file_bytes: u64,
        #[command(flatten)]
        common: CommonArgs,
    },
}

#[derive(Args)]
struct CommonArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
    /// Write a certificate for `nimcheck` (to stdout, or to -o FILE); a
    /// tree's vertices are numbered 0, 1, … in order of first appearance,
    /// which the certificate's provenance records.
    #[arg(long)]
    certify: bool,
    /// The certificate file (with --certify); `-` is standard output, as
    /// without -o (a file named `-` is `./-`).
    #[arg(short, long, requires = "certify")]
    output: Option<PathBuf>,
    /// With --certify: write the certificate even when nimcheck's default
    /// limits would refuse it, with a warning naming the nimcheck flag to
    /// raise; without it such a certificate is refused (exit 3).
    #[arg(long, requires = "certify")]
    beyond_checker_defaults: bool,
    /// Refuse structure diagrams with more classes than this (exit 3; at
    /// most 2^32 − 1, the classes a certificate can number).
    #[arg(long, value_parser = max_classes, default_value_t = DEFAULT_MAX_CLASSES)]
    max_classes: usize,
    /// Refuse work estimated over this many steps (exit 3).
    #[arg(long, value_parser = super::limits::count, default_value_t = DEFAULT_MAX_WORK)]
    max_work: u64,
    /// Print every maximal set and class (the text is otherwise a summary).
    #[arg(long)]
    full: bool,
}

/// `--max-classes`: a count ([`super::limits::count`]) of at most
/// 2^32 − 1, so that a certificate can number every class.
fn max_classes(text: &str) -> Result<usize, String> {
    let classes: u32 = super::limits::count_in(text)?;
    usize::try_from(classes).map_err(|_| format!("{classes} classes do not fit in memory"))
}

/// The machine-readable result. Sets are written as the names of their
/// points, made as they are written ([`Named`]), so that a report of many
/// large classes holds no names in memory.
#[derive(Serialize)]
struct AvoidReport<'a> {
    geometry: &'static str,
    points: Named<'a>,
    win: Named<'a>,
    nim: u32,
    exhaustive_nim: Option<u32>,
    maximal_non_generating: Vec<Named<'a>>,
    classes: Vec<ClassReport<'a>>,
    covered_by: Option<&'static str>,
    statement: Option<String>,
    derived: Option<bool>,
    predicted_nim: Option<u32>,
    agrees: Option<bool>,
    /// True when `maximal_non_generating` or `classes` were cut to their
    /// first entries (no --full).
    truncated: bool,
    /// With --certify -o FILE: how the certificate renumbers the input
    /// (a tree's vertices), as its provenance records it.
    #[serde(skip_serializing_if = "Option::is_none")]
    renumbering: Option<String>,
    /// The number of maximal sets and of classes (the lists above may be
    /// cut); the text says them.
    #[serde(skip)]
    counts: (usize, usize),
}

#[derive(Serialize)]
struct ClassReport<'a> {
    set: Named<'a>,
    parity: u8,
    nim0: u32,
    nim1: u32,
    options: &'a [usize],
}

/// A set of points of a game, written as its points' names.
#[derive(Clone, Copy)]
struct Named<'a> {
    game: &'a Game,
    set: &'a PointSet,
}

impl<'a> Named<'a> {
    fn new(game: &'a Game, set: &'a PointSet) -> Self {
        Named { game, set }
    }

    /// `{a,b,c}`; unless `full`, cut after about 60 characters (and only
    /// the names that show are made).
    fn braces(&self, full: bool) -> String {
        let mut text = String::from("{");
        for (k, i) in self.set.iter().enumerate() {
            if !full && text.len() > 64 {
                break;
            }
            if k > 0 {
                text.push(',');
            }
            self.game.geometry().write_point_name(i, &mut text);
        }
        text.push('}');
        if full {
            text
        } else {
            nimcert::moves::clip(&text, 60)
        }
    }
}

impl Serialize for Named<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = serializer.serialize_seq(Some(self.set.len()))?;
        let mut name = String::new();
        for i in self.set.iter() {
            name.clear();
            self.game.geometry().write_point_name(i, &mut name);
            seq.serialize_element(&name)?;
        }
        seq.end()
    }
}

impl<'a> AvoidReport<'a> {
    fn new(
        game: &'a Game,
        all: &'a PointSet,
        diagram: &'a StructureDiagram,
        cover: Option<Covering>,
        full: bool,
    ) -> Self {
        let keep = if full { usize::MAX } else { LIST_ENTRIES };
        let exhaustive_nim = exhaustive_nim(game);
        let nim = diagram.nim();
        AvoidReport {
            geometry: game.geometry().kind(),
            points: Named::new(game, all),
            win: Named::new(game, game.win()),
            nim,
            exhaustive_nim,
            maximal_non_generating: diagram
                .maximal
                .iter()
                .take(keep)
                .map(|m| Named::new(game, m))
                .collect(),
            truncated: diagram.maximal.len() > keep || diagram.classes.len() > keep,
            classes: diagram
                .classes
                .iter()
                .take(keep)
                .map(|c| ClassReport {
                    set: Named::new(game, &c.set),
                    parity: c.parity(),
                    nim0: c.nim0,
                    nim1: c.nim1,
                    options: &c.options,
                })
                .collect(),
            covered_by: cover.as_ref().map(|c| c.id),
            statement: cover.as_ref().map(|c| c.statement.clone()),
            derived: cover.as_ref().map(|c| c.derived),
            predicted_nim: cover.as_ref().map(|c| c.predicted),
            agrees: cover.as_ref().map(|c| c.predicted == nim),
            renumbering: None,
            counts: (diagram.maximal.len(), diagram.classes.len()),
        }
    }

    /// The report in words: the first [`MAXIMAL_SHOWN`] maximal sets and
    /// [`CLASSES_SHOWN`] classes, each set cut after about 60 characters,
    /// unless `full`.
    fn text(&self, start: usize, full: bool) -> String {
        let shown = |n: usize, limit: usize| if full { n } else { n.min(limit) };
        let mut s = String::new();
        let _ = writeln!(
            s,
            "geometry   {} on S = {}",
            self.geometry,
            self.points.braces(full)
        );
        let _ = writeln!(s, "W          {}", self.win.braces(full));
        let _ = writeln!(s, "nim        {}", self.nim);
        if let Some(e) = self.exhaustive_nim {
            let word = if e == self.nim { "agrees" } else { "DISAGREES" };
            let _ = writeln!(s, "exhaustive {e} ({word})");
        }
        let (all_maximal, all_classes) = self.counts;
        let mut maximal: Vec<String> = self
            .maximal_non_generating
            .iter()
            .take(shown(all_maximal, MAXIMAL_SHOWN))
            .map(|m| m.braces(full))
            .collect();
        if maximal.len() < all_maximal {
            maximal.push(format!("… ({all_maximal} sets; --full for all)"));
        }
        let _ = writeln!(
            s,
            "maximal non-generating sets M = {{{}}}",
            maximal.join(", ")
        );
        let _ = writeln!(
            s,
            "structure diagram (type = (pty, nim0, nim1); * marks X_Φ):"
        );
        let rows = shown(self.classes.len(), CLASSES_SHOWN);
        let sets: Vec<String> = self.classes[..rows]
            .iter()
            .map(|c| c.set.braces(full))
            .collect();
        let width = sets
            .iter()
            .map(|set| set.chars().count())
            .max()
            .unwrap_or(1)
            // At least the header's width; at most MAX_COLUMN, since a
            // format width of 65,536 or more panics (a longer class
            // overruns its line instead).
            .clamp(5, super::MAX_COLUMN);
        let _ = writeln!(s, "  {:>3}  {:<width$}  type       options", "#", "class");
        for (i, (c, set)) in self.classes[..rows].iter().zip(&sets).enumerate() {
            let mark = if i == start { "*" } else { " " };
            let ty = format!("({},{},{})", c.parity, c.nim0, c.nim1);
            let options: Vec<String> = c.options.iter().map(|o| o.to_string()).collect();
            let row = format!(
                " {mark}{i:>3}  {set:<width$}  {ty:<9}  {}",
                options.join(" ")
            );
            // A terminal class has no options: no trailing blanks.
            let _ = writeln!(s, "{}", row.trim_end());
        }
        if rows < all_classes {
            let _ = writeln!(
                s,
                "  … ({all_classes} classes; X_Φ is #{start}; --full for all)"
            );
        }
        match (&self.covered_by, &self.statement, self.predicted_nim) {
            (Some(id), Some(statement), Some(predicted)) => {
                let source = if self.derived == Some(true) {
                    "derived here"
                } else {
                    "as printed"
                };
                let verdict = if predicted == self.nim {
                    "agrees"
                } else {
                    "DISAGREES"
                };
                let _ = writeln!(
                    s,
                    "covered by {id} ({source}): {statement}: predicts {predicted}, {verdict}"
                );
            }
            _ => {
                let _ = writeln!(s, "covered by no statement of the paper");
            }
        }
        if let Some(renumbering) = &self.renumbering {
            let shown = if full {
                renumbering.clone()
            } else {
                nimcert::moves::clip(renumbering, 100)
            };
            let _ = writeln!(s, "certificate {shown}");
        }
        s
    }
}

/// Maximal sets the text shows without --full.
const MAXIMAL_SHOWN: usize = 20;
/// Classes the text shows without --full.
const CLASSES_SHOWN: usize = 40;

/// Reads a closure file (at most --max-file-bytes).
fn closure_file(file: &Path, max_file_bytes: u64) -> Result<ClosureFile, CliError> {
    let text = read_input(file, max_file_bytes, "--max-file-bytes")?;
    ron::from_str(&text).map_err(|e| CliError::input(format!("{}: {e}", file.display())))
}

pub fn run(args: AvoidArgs) -> Result<ExitCode, CliError> {
    let common = match &args.geometry {
        GeometryArgs::Tree { common, .. }
        | GeometryArgs::TreeEdges { common, .. }
        | GeometryArgs::Affine { common, .. }
        | GeometryArgs::Closure { common, .. } => common,
    };
    let output = file_output(common.output.clone());
    if let Some(path) = &output {
        check_output_file(path)?;
    }
    let input = match &args.geometry {
        GeometryArgs::Tree { edges, win, .. } => Input::TreeVertices { edges, win },
        GeometryArgs::TreeEdges { edges, win, .. } => Input::TreeEdges { edges, win },
        GeometryArgs::Affine { points, win, .. } => Input::Affine { points, win },
        GeometryArgs::Closure {
            file,
            win,
            max_file_bytes,
            ..
        } => Input::Closure {
            file: closure_file(file, *max_file_bytes)?,
            win: win.as_deref(),
        },
    };
    let limits = Limits {
        max_work: common.max_work,
        max_classes: common.max_classes,
        ..Limits::default()
    };
    let Solved { game, diagram } = solve(input, &limits)?;
    // The report and certificate list everything with --full or
    // --certify, else the first LIST_ENTRIES of each list.
    let keep = if common.full || common.certify {
        usize::MAX
    } else {
        LIST_ENTRIES
    };
    check_listing(&diagram, keep, &limits)?;
    let cover = covering(&game, &diagram.maximal);
    let all = PointSet::full(game.size());
    let mut report = AvoidReport::new(&game, &all, &diagram, cover, common.full);
    if common.certify {
        let certificate = certificate(&game, &diagram, search_method());
        let text = nimcert::check::to_ron(&certificate);
        let warning = checker_defaults_admit(
            game.geometry().kind(),
            "avoidance",
            over_checker_defaults(&certificate, &text, None),
            common.beyond_checker_defaults,
        )?;
        let written = match &output {
            Some(path) => write_atomically(path, &text),
            None => print(&text),
        };
        written?;
        if let Some(line) = warning {
            super::warn(&line);
        }
        if output.is_none() {
            return Ok(exit_code(&report));
        }
        report.renumbering = game.geometry().renumbering();
    }
    let text = render(&report, common.format, || {
        report.text(diagram.start, common.full)
    });
    print(&text)?;
    Ok(exit_code(&report))
}

/// 1 when the covering statement disagrees with computation, else 0.
fn exit_code(report: &AvoidReport) -> ExitCode {
    if report.agrees == Some(false) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
