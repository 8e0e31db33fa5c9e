//! `nimcert avoid`: avoidance games DNG(S, W) on convex geometries
//! (paper B): nim number, maximal non-generating sets, structure diagram,
//! the paper's covering statement, certificates.

use super::certify::{file_output, warn_if_over_limits};
use super::limits::{read_input, within, DEFAULT_MAX_FILE_BYTES, DEFAULT_MAX_WORK};
use super::output::{check_output_file, print, render, write_atomically, Format, LIST_ENTRIES};
use super::CliError;
use clap::{Args, Subcommand};
use nimcert::avoidance::affine::AffineGeometry;
use nimcert::avoidance::certify::{certificate, search_method};
use nimcert::avoidance::closure::{ClosureFile, ClosureSystem};
use nimcert::avoidance::formulas::{covering, Covering};
use nimcert::avoidance::structure::{Budget, DiagramLimit, DEFAULT_MAX_CLASSES};
use nimcert::avoidance::tree::{EdgeGeometry, Tree, VertexGeometry};
use nimcert::avoidance::{exhaustive, ConvexGeometry, Game, PointSet, StructureDiagram};
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
certificate that nimcheck's default limits refuse is still written, with\n\
a warning naming the nimcheck flag.\n\
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
        let exhaustive_nim = (game.size() <= 20)
            .then(|| exhaustive::nim_number(game).ok())
            .flatten();
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
            .max(5);
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

fn tree(edges: &str) -> Result<Tree, CliError> {
    Tree::parse(edges).map_err(CliError::input)
}

fn split(list: &str) -> impl Iterator<Item = &str> {
    list.split([',', ' ']).filter(|w| !w.is_empty())
}

/// The estimated work of an avoidance game, from its input, before the
/// geometry is built: `points` n, `family` F (an upper bound on the
/// copoints of the points of W, the family whose maximal members are 𝓜),
/// and `build`, the steps to build the geometry and the copoints.
struct Estimate {
    points: u128,
    family: u128,
    build: u128,
}

impl Estimate {
    /// Words of a point set.
    fn words(&self) -> u128 {
        self.points.div_ceil(64).max(1)
    }

    /// Steps up to the diagram: the build, then the maximal members of the
    /// family (every pair compared, a word at a time).
    fn before_diagram(&self) -> u128 {
        self.build
            .saturating_add(self.family.saturating_pow(2).saturating_mul(self.words()))
    }

    /// Refuses the game when the work up to the diagram is over budget.
    fn check(&self, max_work: u64) -> Result<(), CliError> {
        within(
            self.before_diagram(),
            max_work,
            "--max-work",
            &format!(
                "this game ({} points, up to {} copoints)",
                self.points, self.family
            ),
        )
    }
}

fn vertex_game(edges: &str, win: &str, max_work: u64) -> Result<(Game, Estimate), CliError> {
    let tree = tree(edges)?;
    let w = split(win)
        .map(|name| {
            tree.vertex(name)
                .ok_or_else(|| CliError::input(format!("unknown vertex `{name}` in --win")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    // The copoints of w are the components of T − w: deg(w) of them; the
    // geometry holds them for every vertex, a search of the tree each.
    let n = tree.order() as u128;
    let degree = |v: usize| {
        tree.edges()
            .iter()
            .filter(|&&(a, b)| a == v || b == v)
            .count()
    };
    let estimate = Estimate {
        points: n,
        family: w.iter().map(|&v| degree(v) as u128).sum(),
        build: n * (n + 2 * n.div_ceil(64)),
    };
    estimate.check(max_work)?;
    Ok((game(Box::new(VertexGeometry::new(tree)), w)?, estimate))
}

fn edge_game(edges: &str, win: &str, max_work: u64) -> Result<(Game, Estimate), CliError> {
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
    // The copoints of an edge are its two sides; the geometry finds both
    // sides of every edge, a search of the tree each.
    let (n, m) = (tree.order() as u128, tree.edges().len() as u128);
    let estimate = Estimate {
        points: m,
        family: 2 * w.len() as u128,
        build: m * (n + m),
    };
    estimate.check(max_work)?;
    Ok((game(Box::new(EdgeGeometry::new(tree)), w)?, estimate))
}

fn affine_game(points: &str, win: &str, max_work: u64) -> Result<(Game, Estimate), CliError> {
    // From the words alone, before parsing: n points, and for each point
    // of W a family of 4(n − 1) + 1 half-planes and rays, each of n points;
    // parsing compares every pair of points.
    let n = points.split_whitespace().count() as u128;
    let family = win.split_whitespace().count() as u128 * (4 * n).saturating_sub(3).max(1);
    let estimate = Estimate {
        points: n,
        family,
        build: n * n + family * n,
    };
    estimate.check(max_work)?;
    Ok((affine_game_parsed(points, win)?, estimate))
}

fn affine_game_parsed(points: &str, win: &str) -> Result<Game, CliError> {
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

fn closure_game(
    file: &Path,
    win: Option<&str>,
    max_file_bytes: u64,
    max_work: u64,
) -> Result<(Game, Estimate), CliError> {
    let text = read_input(file, max_file_bytes, "--max-file-bytes")?;
    let spec: ClosureFile =
        ron::from_str(&text).map_err(|e| CliError::input(format!("{}: {e}", file.display())))?;
    drop(text);
    // The axioms compare every pair of the K convex sets (a binary search
    // each); the copoints of w are the convex sets avoiding it.
    let k = spec.convex_sets.len() as u128;
    let log_k = u128::from(u128::BITS - k.leading_zeros());
    let w_count = win.map_or(spec.win.len(), |list| split(list).count()) as u128;
    let estimate = Estimate {
        points: spec.points as u128,
        family: w_count * k,
        build: k * k * (log_k + 1) + k * spec.points as u128 * (log_k + 1),
    };
    estimate.check(max_work)?;
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
    let game = game(Box::new(system), w.into_iter().map(|x| x - 1).collect())?;
    Ok((game, estimate))
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
    let max_work = common.max_work;
    let (game, estimate) = match &args.geometry {
        GeometryArgs::Tree { edges, win, .. } => vertex_game(edges, win, max_work)?,
        GeometryArgs::TreeEdges { edges, win, .. } => edge_game(edges, win, max_work)?,
        GeometryArgs::Affine { points, win, .. } => affine_game(points, win, max_work)?,
        GeometryArgs::Closure {
            file,
            win,
            max_file_bytes,
            ..
        } => closure_game(file, win.as_deref(), *max_file_bytes, max_work)?,
    };
    let diagram = structure_diagram(&game, &estimate, common)?;
    check_listing(&diagram, common)?;
    let cover = covering(&game, &diagram.maximal);
    let all = PointSet::full(game.size());
    let mut report = AvoidReport::new(&game, &all, &diagram, cover, common.full);
    if common.certify {
        let certificate = certificate(&game, &diagram, search_method());
        let text = nimcert::check::to_ron(&certificate);
        let written = match &output {
            Some(path) => write_atomically(path, &text),
            None => print(&text),
        };
        written?;
        warn_if_over_limits(game.geometry().kind(), "avoidance", &certificate);
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

/// The structure diagram, with at most --max-classes classes and the work
/// --max-work leaves after the geometry and 𝓜 ([`Estimate::before_diagram`]),
/// counted as the diagram is built: exit 3 naming the flag that binds.
fn structure_diagram(
    game: &Game,
    estimate: &Estimate,
    common: &CommonArgs,
) -> Result<StructureDiagram, CliError> {
    let spent = u64::try_from(estimate.before_diagram()).unwrap_or(u64::MAX);
    let left = common.max_work.saturating_sub(spent);
    let mut budget = Budget::new(left);
    StructureDiagram::build_within(game, common.max_classes, &mut budget).map_err(|e| match e {
        DiagramLimit::Classes(n) => CliError::limit(
            "--max-classes",
            format!("the structure diagram has more than {n} classes, the bound that --max-classes sets"),
        ),
        DiagramLimit::Work(left) => CliError::limit(
            "--max-work",
            format!("the structure diagram needs more than {left} steps, what --max-work {} leaves after the geometry", common.max_work),
        ),
    })
}

/// Steps per point (or option) that the report or the certificate lists:
/// a name made and written, or a number in RON. Calibrated on a star of
/// 3,000 leaves with W = 16 of them (65,535 classes of about 2,990
/// points): the JSON of 10,000 classes took 6.4 s more than the text, and
/// the certificate of all of them 62 s more, about 300 ns a point.
const STEPS_PER_LISTED: u128 = 320;

/// Refuses, before they are made, a report and certificate that list more
/// than --max-work allows (exit 3): the diagram's classes can be many and
/// large though cheap to find (a star with W = 16 of its 3000 leaves has
/// 65535 classes of about 3000 points), so the listing is counted from the
/// diagram: the points of each set and the options of each class kept
/// (all with --full or --certify, else the first 10000 of each list).
fn check_listing(diagram: &StructureDiagram, common: &CommonArgs) -> Result<(), CliError> {
    let keep = if common.full || common.certify {
        usize::MAX
    } else {
        LIST_ENTRIES
    };
    let classes = diagram.classes.iter().take(keep);
    let maximal = diagram.maximal.iter().take(keep);
    let listed: u128 = classes
        .map(|c| c.set.len() + c.options.len())
        .chain(maximal.map(PointSet::len))
        .map(|n| n as u128)
        .sum();
    within(
        listed.saturating_mul(STEPS_PER_LISTED),
        common.max_work,
        "--max-work",
        &format!("the report lists {listed} points and options"),
    )
}

/// 1 when the covering statement disagrees with computation, else 0.
fn exit_code(report: &AvoidReport) -> ExitCode {
    if report.agrees == Some(false) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
