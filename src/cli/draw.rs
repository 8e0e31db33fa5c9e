//! `nimcert draw`: one three-move game in paper A's terms.

use super::atlas::write_picture;
use super::CliError;
use clap::Args;
use nimcert::engine::DEFAULT_MAX_POSITIONS;
use nimcert::moves::MoveSet;
use nimcert::pictures::draw::{DrawError, Drawing, DEFAULT_MAX_CELLS, DEFAULT_WRAP};
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `nimcert draw`.
///
/// Top: the circle Z/mZ (m = a + b) with the residues of Z = W0({a, b})
/// mod m as filled dots, the angle ρ = c mod m as a red ray, and three
/// rings with the admissible arcs Θ_{a+b}, Θ_{c+a}, Θ_{c+b} (Prop. 20); the
/// ray crosses a ring's arc exactly when ρ passes that test. Bottom: the
/// value word of [0, q + p) as coloured cells (P-positions dark), with the
/// pre-period [0, q) underlined grey, the seam [c, P) underlined orange
/// when P > c, and the band c + E of Theorem 31 outlined magenta (when
/// P = c + b). For g = gcd > 1 the reduced game S/g is drawn (Lemma 5).
///
/// Output: SVG, or PNG with --png or an output path ending in .png
/// (rendered with resvg; text needs a system font and is left out without
/// one). `-o -` writes to standard output.
///
/// Exit status: 0 drawn, and the covering statement's prediction (if any)
/// agrees with the engine; 1 drawn, and it disagrees (the differing cells
/// are outlined red); 2 bad input or output; 3 no period within
/// --max-positions.
#[derive(Args)]
#[command(
    after_help = "Circle: Z as filled dots, ρ as a red ray, rings (inside out) Θ_{a+b}, Θ_{c+a}, Θ_{c+b}. Word: P-positions dark, pre-period underlined grey, seam [c, P) orange, band c + E (Theorem 31) outlined magenta, cells whose predicted value differs from the engine outlined red. PNG: --png or an output ending in .png (resvg; text needs a system font).\n\nExit status: 0 drawn, and the covering statement's prediction (if any) agrees with the engine; 1 drawn, and it disagrees; 2 bad input or output; 3 no period within --max-positions."
)]
pub struct DrawArgs {
    /// The three moves, as `3,5,11` or `3 5 11` (any order, distinct, positive).
    #[arg(required = true, num_args = 1..)]
    moves: Vec<String>,
    /// Output file (.svg, or .png); `-` for standard output.
    #[arg(short, long)]
    output: PathBuf,
    /// Write PNG whatever the output's extension.
    #[arg(long)]
    png: bool,
    /// Cells of the value word per row.
    #[arg(long, default_value_t = DEFAULT_WRAP)]
    wrap: u64,
    /// Draw at most this many cells of the value word.
    #[arg(long, default_value_t = DEFAULT_MAX_CELLS)]
    max_cells: u64,
    /// PNG scale factor.
    #[arg(long, default_value_t = 1.0)]
    scale: f32,
    /// Engine bound on positions.
    #[arg(long, default_value_t = DEFAULT_MAX_POSITIONS)]
    max_positions: u64,
}

pub fn run(args: DrawArgs) -> Result<ExitCode, CliError> {
    let moves = MoveSet::parse(&args.moves.join(" ")).map_err(CliError::input)?;
    if args.wrap == 0 || args.wrap > 1000 {
        return Err(CliError::input("--wrap: must be 1 to 1000"));
    }
    let drawing = Drawing::new(
        moves.as_slice(),
        args.max_positions,
        args.max_cells,
        args.wrap,
    )
    .map_err(|e| match e {
        DrawError::Input(_) => CliError::input(e),
        DrawError::NoPeriod(_) => CliError::no_period(format!("{moves}: {e}")),
    })?;
    write_picture(&args.output, &drawing.svg(), args.png, args.scale)?;
    if drawing.agrees {
        Ok(ExitCode::SUCCESS)
    } else {
        eprintln!(
            "nimcert: {moves}: the prediction of {} disagrees with the engine",
            drawing.classification.cover.describe()
        );
        Ok(ExitCode::from(1))
    }
}
