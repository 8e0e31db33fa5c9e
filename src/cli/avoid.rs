//! `nimcert avoid`: avoidance games DNG(S, W) on convex geometries
//! (paper B): nim number, maximal non-generating sets, structure diagram,
//! the paper's covering statement, certificates.

use super::output::{print, render, write_atomically, Format};
use super::CliError;
use clap::{Args, Subcommand};
use nimcert::avoidance::affine::AffineGeometry;
use nimcert::avoidance::certify::{certificate, search_method};
use nimcert::avoidance::closure::{ClosureFile, ClosureSystem};
use nimcert::avoidance::formulas::{covering, Covering};
use nimcert::avoidance::structure::DEFAULT_MAX_CLASSES;
use nimcert::avoidance::tree::{EdgeGeometry, Tree, VertexGeometry};
use nimcert::avoidance::{exhaustive, ConvexGeometry, Game, StructureDiagram};
use serde::Serialize;
use std::fmt::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `nimcert avoid`.
#[derive(Args)]
pub struct AvoidArgs {
    #[command(subcommand)]
    geometry: GeometryArgs,
}

#[derive(Subcommand)]
enum GeometryArgs {
    /// The vertex geometry of a tree: `--edges 1-2,2-3,1-4 --win 1`.
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
    Affine {
        /// The points, separated by spaces: `x,y` (Z²) or `x` (Z).
        #[arg(long)]
        points: String,
        /// W, separated by spaces: coordinates, or `@k` for the k-th point.
        #[arg(long)]
        win: String,
        #[command(flatten)]
        common: CommonArgs,
    },
    /// An explicit closure system from a RON file:
    /// `(points: 4, convex_sets: [[...], ...], win: [...])`, points 1..n.
    Closure {
        /// The file.
        file: PathBuf,
        /// W (points 1..n, commas), instead of the file's `win`.
        #[arg(long)]
        win: Option<String>,
        #[command(flatten)]
        common: CommonArgs,
    },
}

#[derive(Args)]
struct CommonArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
    /// Write a certificate for `nimcheck` (to stdout, or to -o FILE).
    #[arg(long)]
    certify: bool,
    /// The certificate file (with --certify).
    #[arg(short, long, requires = "certify")]
    output: Option<PathBuf>,
    /// Refuse structure diagrams with more classes than this.
    #[arg(long, default_value_t = DEFAULT_MAX_CLASSES)]
    max_classes: usize,
}

/// The machine-readable result.
#[derive(Serialize)]
struct AvoidReport {
    geometry: String,
    points: Vec<String>,
    win: Vec<String>,
    nim: u32,
    exhaustive_nim: Option<u32>,
    maximal_non_generating: Vec<Vec<String>>,
    classes: Vec<ClassReport>,
    covered_by: Option<String>,
    statement: Option<String>,
    derived: Option<bool>,
    predicted_nim: Option<u32>,
    agrees: Option<bool>,
}

#[derive(Serialize)]
struct ClassReport {
    set: Vec<String>,
    parity: u8,
    nim0: u32,
    nim1: u32,
    options: Vec<usize>,
}

fn names(game: &Game, set: &nimcert::avoidance::PointSet) -> Vec<String> {
    set.iter().map(|i| game.geometry().point_name(i)).collect()
}

impl AvoidReport {
    fn new(game: &Game, diagram: &StructureDiagram, cover: Option<Covering>) -> Self {
        let all = nimcert::avoidance::PointSet::full(game.size());
        let exhaustive_nim = (game.size() <= 20)
            .then(|| exhaustive::nim_number(game).ok())
            .flatten();
        let nim = diagram.nim();
        AvoidReport {
            geometry: game.geometry().kind().to_string(),
            points: names(game, &all),
            win: names(game, game.win()),
            nim,
            exhaustive_nim,
            maximal_non_generating: diagram.maximal.iter().map(|m| names(game, m)).collect(),
            classes: diagram
                .classes
                .iter()
                .map(|c| ClassReport {
                    set: names(game, &c.set),
                    parity: c.parity(),
                    nim0: c.nim0,
                    nim1: c.nim1,
                    options: c.options.clone(),
                })
                .collect(),
            covered_by: cover.as_ref().map(|c| c.id.to_string()),
            statement: cover.as_ref().map(|c| c.statement.clone()),
            derived: cover.as_ref().map(|c| c.derived),
            predicted_nim: cover.as_ref().map(|c| c.predicted),
            agrees: cover.as_ref().map(|c| c.predicted == nim),
        }
    }

    fn text(&self, start: usize) -> String {
        let braces = |v: &[String]| format!("{{{}}}", v.join(","));
        let mut s = String::new();
        let _ = writeln!(
            s,
            "geometry   {} on S = {}",
            self.geometry,
            braces(&self.points)
        );
        let _ = writeln!(s, "W          {}", braces(&self.win));
        let _ = writeln!(s, "nim        {}", self.nim);
        if let Some(e) = self.exhaustive_nim {
            let word = if e == self.nim { "agrees" } else { "DISAGREES" };
            let _ = writeln!(s, "exhaustive {e} ({word})");
        }
        let maximal: Vec<String> = self
            .maximal_non_generating
            .iter()
            .map(|m| braces(m))
            .collect();
        let _ = writeln!(
            s,
            "maximal non-generating sets M = {{{}}}",
            maximal.join(", ")
        );
        let _ = writeln!(
            s,
            "structure diagram (type = (pty, nim0, nim1); * marks X_Φ):"
        );
        let width = self
            .classes
            .iter()
            .map(|c| braces(&c.set).chars().count())
            .max()
            .unwrap_or(1)
            .max(5);
        let _ = writeln!(s, "  {:>3}  {:<width$}  type       options", "#", "class");
        for (i, c) in self.classes.iter().enumerate() {
            let mark = if i == start { "*" } else { " " };
            let ty = format!("({},{},{})", c.parity, c.nim0, c.nim1);
            let options: Vec<String> = c.options.iter().map(|o| o.to_string()).collect();
            let _ = writeln!(
                s,
                " {mark}{i:>3}  {:<width$}  {ty:<9}  {}",
                braces(&c.set),
                options.join(" ")
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
        s
    }
}

fn tree(edges: &str) -> Result<Tree, CliError> {
    Tree::parse(edges).map_err(CliError::input)
}

fn split(list: &str) -> impl Iterator<Item = &str> {
    list.split([',', ' ']).filter(|w| !w.is_empty())
}

fn vertex_game(edges: &str, win: &str) -> Result<Game, CliError> {
    let tree = tree(edges)?;
    let w = split(win)
        .map(|name| {
            tree.vertex(name)
                .ok_or_else(|| CliError::input(format!("unknown vertex `{name}` in --win")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    game(Box::new(VertexGeometry::new(tree)), w)
}

fn edge_game(edges: &str, win: &str) -> Result<Game, CliError> {
    let tree = tree(edges)?;
    let w = split(win)
        .map(|word| {
            let (a, b) = word
                .split_once('-')
                .ok_or_else(|| CliError::input(format!("`{word}` in --win is not an edge a-b")))?;
            tree.edge(a, b).ok_or_else(|| {
                CliError::input(format!("`{word}` in --win is not an edge of the tree"))
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    game(Box::new(EdgeGeometry::new(tree)), w)
}

fn affine_game(points: &str, win: &str) -> Result<Game, CliError> {
    let geometry = AffineGeometry::parse(points).map_err(CliError::input)?;
    let n = geometry.size();
    let w = win
        .split_whitespace()
        .map(|word| {
            if let Some(k) = word.strip_prefix('@') {
                return k
                    .parse::<usize>()
                    .ok()
                    .filter(|&k| (1..=n).contains(&k))
                    .map(|k| k - 1)
                    .ok_or_else(|| {
                        CliError::input(format!("`{word}`: no point number {k} (1..={n})"))
                    });
            }
            let coords: Result<Vec<i64>, _> = word.split(',').map(str::parse::<i64>).collect();
            let p = match coords.as_deref() {
                Ok([x]) => (*x, 0),
                Ok([x, y]) => (*x, *y),
                _ => return Err(CliError::input(format!("`{word}` in --win is not a point"))),
            };
            geometry
                .index_of(p)
                .ok_or_else(|| CliError::input(format!("point {word} of W is not in S")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    game(Box::new(geometry), w)
}

fn closure_game(file: &PathBuf, win: Option<&str>) -> Result<Game, CliError> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| CliError::input(format!("{}: {e}", file.display())))?;
    let spec: ClosureFile =
        ron::from_str(&text).map_err(|e| CliError::input(format!("{}: {e}", file.display())))?;
    let system = ClosureSystem::new(spec.points, &spec.convex_sets).map_err(CliError::input)?;
    let w = match win {
        Some(list) => split(list)
            .map(|x| {
                x.parse::<usize>()
                    .map_err(|_| CliError::input(format!("`{x}` in --win is not a point number")))
            })
            .collect::<Result<Vec<_>, _>>()?,
        None => spec.win,
    };
    if let Some(&x) = w.iter().find(|&&x| x == 0 || x > spec.points) {
        return Err(CliError::input(format!(
            "point {x} of W is not in S = {{1..{}}}",
            spec.points
        )));
    }
    game(Box::new(system), w.into_iter().map(|x| x - 1).collect())
}

fn game(geometry: Box<dyn ConvexGeometry>, win: Vec<usize>) -> Result<Game, CliError> {
    let mut sorted = win.clone();
    sorted.sort_unstable();
    if sorted.windows(2).any(|p| p[0] == p[1]) {
        return Err(CliError::input("a point is repeated in W"));
    }
    Game::new(geometry, win).map_err(CliError::input)
}

pub fn run(args: AvoidArgs) -> Result<ExitCode, CliError> {
    let (game, common) = match &args.geometry {
        GeometryArgs::Tree { edges, win, common } => (vertex_game(edges, win)?, common),
        GeometryArgs::TreeEdges { edges, win, common } => (edge_game(edges, win)?, common),
        GeometryArgs::Affine {
            points,
            win,
            common,
        } => (affine_game(points, win)?, common),
        GeometryArgs::Closure { file, win, common } => {
            (closure_game(file, win.as_deref())?, common)
        }
    };
    let diagram = StructureDiagram::build(&game, common.max_classes).map_err(CliError::input)?;
    let cover = covering(&game, &diagram.maximal);
    let report = AvoidReport::new(&game, &diagram, cover);
    if common.certify {
        let text = nimcert::check::to_ron(&certificate(&game, &diagram, search_method()));
        match &common.output {
            Some(path) => write_atomically(path, &text)?,
            None => {
                print(&text);
                return Ok(exit_code(&report));
            }
        }
    }
    let text = render(&report, common.format, || report.text(diagram.start));
    print(&text);
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
