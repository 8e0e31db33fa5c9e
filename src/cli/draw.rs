//! `nimcert draw`: one three-move game in paper A's terms.

use super::atlas::{
    check_picture_path, check_size, picture_format, write_picture, DEFAULT_MAX_PIXELS,
};
use super::limits::{DEFAULT_MAX_POSITIONS, DEFAULT_MAX_WORK};
use super::output::parse_moves;
use super::CliError;
use clap::Args;
use nimcert::moves::gcd;
use nimcert::pictures::draw::{size_bound, DrawError, Drawing, DEFAULT_MAX_CELLS, DEFAULT_WRAP};
use nimcert::solve::{Limits, SolveError};
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `nimcert draw`.
///
/// Top: the circle Z/mZ (m = a + b) with the residues of Z = W0({a, b})
/// mod m as filled dots, the angle ρ = c mod m as an orange-red ray, and
/// three rings with the admissible arcs Θ_{a+b}, Θ_{c+a}, Θ_{c+b} (Prop.
/// 20); the ray crosses a ring's arc exactly when ρ passes that test. A
/// circle of more than 200 residues is summarised (arcs, and the residues
/// near ρ magnified). Bottom: the value word of [0, q + p) as coloured
/// cells (P-positions dark) over a ruler of positions, with the pre-period
/// [0, q) underlined grey, the seam [c, P) underlined vermillion when P > c,
/// and the band c + E of Theorem 31 outlined green (when P = c + b); a
/// word of more than 400 cells is drawn as thin columns, one a position.
/// For g = gcd > 1 the reduced game S/g is drawn (Lemma 5); the text gives
/// the prediction and the engine for S and the engine for S/g.
///
/// Output: SVG (with tooltips), PNG (--png or a path ending in .png,
/// rendered with resvg) or PDF (--pdf or .pdf, vector, fonts embedded, for
/// LaTeX); text needs a system font and is left out without one. `-o -`
/// writes to standard output.
#[derive(Args)]
#[command(after_help = concat!(
    "Circle: Z as filled dots, ρ as a ray, rings (inside out) Θ_{a+b}, Θ_{c+a}, Θ_{c+b}. Word: P-positions dark, pre-period underlined grey, seam [c, P) vermillion, band c + E (Theorem 31) outlined green, cells whose predicted value differs from the engine outlined red (exit 1). The output is .svg, .png or .pdf (or --png / --pdf under any name, - for standard output); it is checked before any work.\n\n\
Limits, checked before the work: the circle has m = (a + b)/g residues, at most --max-residues; its admissible arcs cost 3·m·b/g steps, at most --max-work; at most --max-cells cells of the word; a PNG at most --max-pixels pixels. The engine stops at --max-positions positions (or its share of --max-work). Exit 3 names the flag.\n\n",
    super::exit_status!()
))]
pub struct DrawArgs {
    /// The three moves, as `{3,5,11}` (quoted for the shell), `3,5,11` or `3 5 11` (any order, distinct, positive).
    #[arg(required = true, num_args = 1..)]
    moves: Vec<String>,
    /// Output file (.svg, .png or .pdf); `-` for standard output (a file
    /// named `-` is `./-`).
    #[arg(short, long, allow_hyphen_values = true)]
    output: PathBuf,
    /// Write PNG whatever the output's extension.
    #[arg(long, conflicts_with = "pdf")]
    png: bool,
    /// Write PDF (vector, fonts embedded) whatever the output's extension.
    #[arg(long)]
    pdf: bool,
    /// Cells of the value word per row (a word of at most 400 cells; a
    /// longer one is drawn 400 positions a row).
    #[arg(long, default_value_t = DEFAULT_WRAP)]
    wrap: u64,
    /// Draw at most this many cells of the value word.
    #[arg(long, value_parser = super::limits::count, default_value_t = DEFAULT_MAX_CELLS)]
    max_cells: u64,
    /// PNG scale factor (a PDF is vector and needs none).
    #[arg(long, default_value_t = 1.0)]
    scale: f32,
    /// Engine bound on positions (exit 3).
    #[arg(long, value_parser = super::limits::count, default_value_t = DEFAULT_MAX_POSITIONS)]
    max_positions: u64,
    /// Refuse a drawing estimated over this many steps (exit 3).
    #[arg(long, value_parser = super::limits::count, default_value_t = DEFAULT_MAX_WORK)]
    max_work: u64,
    /// Refuse a circle of more residues m = (a + b)/g than this (exit 3).
    #[arg(long, value_parser = super::limits::count, default_value_t = DEFAULT_MAX_RESIDUES)]
    max_residues: u64,
    /// Refuse a PNG of more pixels than this (exit 3).
    #[arg(long, value_parser = super::limits::count, default_value_t = DEFAULT_MAX_PIXELS)]
    max_pixels: u64,
}

/// Default `--max-residues`: a circle of 20,000 dots is already far past
/// what a picture can show.
const DEFAULT_MAX_RESIDUES: u64 = 20_000;

pub fn run(args: DrawArgs) -> Result<ExitCode, CliError> {
    let moves = parse_moves(&args.moves)?;
    let &[a, b, c] = moves.as_slice() else {
        return Err(CliError::input(format!(
            "{}: draw needs three moves a,b,c, got {}",
            moves.short(),
            moves.len()
        )));
    };
    if args.wrap == 0 || args.wrap > 1000 {
        return Err(CliError::input("--wrap: must be 1 to 1000"));
    }
    if args.max_cells == 0 {
        return Err(CliError::input("--max-cells: must be positive"));
    }
    let format = picture_format(&args.output, args.png, args.pdf)?;
    check_picture_path(&args.output)?;
    // The circle of the reduced game S/g (Lemma 5): m residues, and each
    // of the three admissible sets tests every residue against [0, b).
    let g = gcd(gcd(a, b), c);
    let (m, b_reduced) = ((a + b) / g, b / g);
    if m > args.max_residues {
        return Err(CliError::limit(
            "--max-residues",
            format!(
                "{moves}: a circle of m = {m} residues, over --max-residues {}",
                args.max_residues
            ),
        ));
    }
    let limits = Limits {
        max_positions: args.max_positions,
        max_work: args.max_work,
        ..Limits::default()
    };
    limits.check_work(
        3 * u128::from(m) * u128::from(b_reduced),
        &format!("{moves}: the admissible arcs of m = {m} residues"),
    )?;
    let (width, height) = size_bound(args.max_cells, args.wrap);
    check_size(format, width, height, args.scale, args.max_pixels)?;
    let (bound, limit) = limits.position_limit(&moves);
    let drawing =
        Drawing::new(moves.as_slice(), bound, args.max_cells, args.wrap).map_err(|e| match e {
            DrawError::Input(_) => CliError::input(e),
            DrawError::NoPeriod(_) => SolveError::no_period(&moves, bound, limit).into(),
        })?;
    write_picture(
        &args.output,
        &drawing.svg_for(format.medium()),
        format,
        args.scale,
    )?;
    if drawing.agrees {
        Ok(ExitCode::SUCCESS)
    } else {
        super::warn(&format!(
            "nimcert: {moves}: the prediction of {} disagrees with the engine",
            drawing.classification.cover.describe()
        ));
        Ok(ExitCode::from(1))
    }
}
