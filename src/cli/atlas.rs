//! `nimcert atlas`: the periodicity landscape of {a, b, c} for a fixed a.

use super::CliError;
use clap::{Args, ValueEnum};
use nimcert::engine::DEFAULT_MAX_POSITIONS;
use nimcert::pictures::atlas::{Atlas, AtlasError, Show};
use nimcert::pictures::render;
use nimcert::range::RangeArg;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Arguments of `nimcert atlas`.
///
/// One cell per (b, c) with a < b < c (c to the right, b upwards),
/// coloured by the statement of paper A (Manabe) that covers {a, b, c}
/// after the reduction by g = gcd (Lemma 5): Table 1 row 1 (inert), the
/// c + a rows 2–3, the c + b rows 4–7, Theorem 36 (additive), Theorem 34
/// (admissible angle, no row), Table 2 (a' = 1), or uncovered and purely
/// periodic or pre-periodic by the engine. Each cell's SVG <title> (a
/// tooltip in a browser) gives the statement, q and p. Cells where the
/// covering statement's prediction (q = 0, least period, values of one
/// period) disagrees with the engine get a thick red outline.
///
/// Output: SVG, or PNG with --png or an output path ending in .png
/// (rendered with resvg; text needs a system font and is left out without
/// one). `-o -` writes to standard output.
///
/// Exit status: 0 drawn and every prediction agrees with the engine;
/// 1 drawn, and some cell's prediction disagrees (marked in red);
/// 2 bad input or output; 3 no period within --max-positions.
#[derive(Args)]
#[command(
    after_help = "Cells where a covering statement's prediction (q = 0, least period, values of one period) disagrees with the engine get a thick red outline; each cell's SVG <title> gives its statement, q and p. PNG: --png or an output ending in .png (resvg; text needs a system font).\n\nExit status: 0 drawn and every prediction agrees with the engine; 1 drawn, and some cell's prediction disagrees (outlined red, listed on stderr); 2 bad input or output; 3 no period within --max-positions."
)]
pub struct AtlasArgs {
    /// The least move a (fixed).
    #[arg(long)]
    a: u64,
    /// Range of b: N, A..=B or ..=B (from a + 1).
    #[arg(long, default_value = "..=40")]
    b: String,
    /// Range of c: N, A..=B or ..=B (from a + 2).
    #[arg(long, default_value = "..=120")]
    c: String,
    /// What the colours show: the covering statement (row), the least
    /// period or the least pre-period (both on a log scale).
    #[arg(long, value_enum, default_value_t = ShowArg::Row)]
    show: ShowArg,
    /// Output file (.svg, or .png); `-` for standard output.
    #[arg(short, long)]
    output: PathBuf,
    /// Write PNG whatever the output's extension.
    #[arg(long)]
    png: bool,
    /// Side of a cell in pixels (at --scale 1).
    #[arg(long, default_value_t = 10)]
    cell: u32,
    /// PNG scale factor.
    #[arg(long, default_value_t = 1.0)]
    scale: f32,
    /// Engine bound on positions per game.
    #[arg(long, default_value_t = DEFAULT_MAX_POSITIONS)]
    max_positions: u64,
}

/// `--show`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum ShowArg {
    /// The covering statement.
    Row,
    /// The least period, log scale.
    Period,
    /// The least pre-period, log scale.
    Preperiod,
}

pub fn run(args: AtlasArgs) -> Result<ExitCode, CliError> {
    let range = |name: &str, text: &str, smallest: u64| {
        text.parse::<RangeArg>()
            .map(|r| r.resolve(smallest))
            .map_err(|e| CliError::input(format!("--{name}: {e}")))
    };
    if args.a == 0 {
        return Err(CliError::input("--a: must be positive"));
    }
    if args.cell == 0 || args.cell > 100 {
        return Err(CliError::input("--cell: must be 1 to 100 pixels"));
    }
    let b = range("b", &args.b, args.a + 1)?;
    let c = range("c", &args.c, args.a + 2)?;
    let atlas = Atlas::compute(args.a, b, c, args.max_positions).map_err(|e| match e {
        AtlasError::Input(_) => CliError::input(e),
        AtlasError::NoPeriod { .. } => CliError::no_period(format!("{{{},…}}: {e}", args.a)),
    })?;
    let show = match args.show {
        ShowArg::Row => Show::Row,
        ShowArg::Period => Show::Period,
        ShowArg::Preperiod => Show::Preperiod,
    };
    let svg = atlas.svg(show, args.cell);
    write_picture(&args.output, &svg, args.png, args.scale)?;
    let bad: Vec<String> = atlas
        .disagreements()
        .map(|cell| format!("{{{},{},{}}}", atlas.a, cell.b, cell.c))
        .collect();
    if bad.is_empty() {
        Ok(ExitCode::SUCCESS)
    } else {
        eprintln!(
            "nimcert: {} cell(s) where the prediction disagrees with the engine: {}",
            bad.len(),
            bad.join(" ")
        );
        Ok(ExitCode::from(1))
    }
}

/// Writes the picture as SVG, or as PNG when asked (`--png`, or a path
/// ending in .png), atomically (a temporary file in the same directory,
/// then a rename); `-` is standard output.
pub(super) fn write_picture(path: &Path, svg: &str, png: bool, scale: f32) -> Result<(), CliError> {
    let png = png
        || path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("png"));
    let bytes = if png {
        render::png(svg, scale).map_err(CliError::input)?
    } else {
        svg.as_bytes().to_vec()
    };
    if path.as_os_str() == "-" {
        use std::io::Write;
        let _ = std::io::stdout().lock().write_all(&bytes);
        return Ok(());
    }
    let fail = |e: std::io::Error| CliError::io(format!("{}: {e}", path.display()));
    let name = path
        .file_name()
        .ok_or_else(|| CliError::io(format!("{}: not a file name", path.display())))?;
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(name);
    tmp_name.push(format!(".tmp{}", std::process::id()));
    let tmp = path.with_file_name(tmp_name);
    std::fs::write(&tmp, &bytes).map_err(fail)?;
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        fail(e)
    })
}
