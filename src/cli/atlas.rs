//! `nimcert atlas`: the periodicity landscape of {a, b, c} for a fixed a.

use super::limits::{DEFAULT_MAX_POSITIONS, DEFAULT_MAX_WORK};
use super::output::{check_output_file, is_stdout, print_bytes, write_bytes};
use super::CliError;
use clap::{Args, ValueEnum};
use nimcert::moves::{MoveSet, MAX_MOVE};
use nimcert::pictures::atlas::{Atlas, AtlasError, Show, MAX_CELLS};
use nimcert::pictures::{render, Medium};
use nimcert::range::RangeArg;
use nimcert::solve::{Limits, SolveError};
use nimcert::subtraction::sweep::SweepSpec;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The default bound on a PNG's pixels (`--max-pixels`): 2^26, 256 MiB of
/// image in memory.
pub(super) const DEFAULT_MAX_PIXELS: u64 = 1 << 26;

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
/// Output: SVG (with tooltips), PNG (--png or a path ending in .png,
/// rendered with resvg) or PDF (--pdf or .pdf, vector, fonts embedded, for
/// LaTeX); text needs a system font and is left out without one. `-o -`
/// writes to standard output. The cell side follows the range unless
/// --cell gives it, and a wide c range wraps into panels.
#[derive(Args)]
#[command(after_help = concat!(
    "Cells where a covering statement's prediction (q = 0, least period, values of one period) disagrees with the engine get a thick red outline (exit 1, listed on stderr); each cell's SVG <title> gives its statement, q and p. The output is .svg, .png or .pdf (or --png / --pdf under any name, - for standard output); it is checked before any work.\n\n\
Limits, checked before the work: a and the ranges are at most 2^24; at most --max-cells cells (rows × columns); the estimated work (64 steps per unit of c per game, as for `sweep`) at most --max-work; a PNG at most --max-pixels pixels. Each game stops at --max-positions positions (or its share of --max-work). Exit 3 names the flag.\n\n",
    super::exit_status!()
))]
pub struct AtlasArgs {
    /// The least move a (fixed).
    #[arg(long)]
    a: u64,
    /// Range of b: N, A..=B, A..B (B excluded) or ..=B (from a + 1).
    #[arg(long, default_value = "..=40")]
    b: String,
    /// Range of c: N, A..=B, A..B (B excluded) or ..=B (from a + 2).
    #[arg(long, default_value = "..=120")]
    c: String,
    /// What the colours show: the covering statement (row), the least
    /// period or the least pre-period (both on a log scale).
    #[arg(long, value_enum, default_value_t = ShowArg::Row)]
    show: ShowArg,
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
    /// Side of a cell in pixels (at --scale 1) [default: 10, less (down to
    /// 4) for a range wider than 1200 pixels or taller than 900]. A range
    /// wider than 1200 pixels wraps into panels.
    #[arg(long)]
    cell: Option<u32>,
    /// PNG scale factor (a PDF is vector and needs none).
    #[arg(long, default_value_t = 1.0)]
    scale: f32,
    /// Engine bound on positions per game (exit 3).
    #[arg(long, value_parser = super::limits::count, default_value_t = DEFAULT_MAX_POSITIONS)]
    max_positions: u64,
    /// Refuse an atlas estimated over this many steps (exit 3).
    #[arg(long, value_parser = super::limits::count, default_value_t = DEFAULT_MAX_WORK)]
    max_work: u64,
    /// Refuse an atlas of more cells (rows × columns) than this (exit 3).
    #[arg(long, value_parser = super::limits::count, default_value_t = MAX_CELLS)]
    max_cells: u64,
    /// Refuse a PNG of more pixels than this (exit 3).
    #[arg(long, value_parser = super::limits::count, default_value_t = DEFAULT_MAX_PIXELS)]
    max_pixels: u64,
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
    if args.a == 0 || args.a > MAX_MOVE {
        return Err(CliError::input(format!(
            "--a {}: must be 1 to {MAX_MOVE}",
            args.a
        )));
    }
    if args.cell.is_some_and(|cell| cell == 0 || cell > 100) {
        return Err(CliError::input("--cell: must be 1 to 100 pixels"));
    }
    let range = |name: &str, text: &str, least: u64| {
        let r = text
            .parse::<RangeArg>()
            .map_err(|e| CliError::input(format!("--{name}: {e}")))?;
        r.check(name, least, MAX_MOVE).map_err(CliError::input)?;
        Ok::<_, CliError>(r.resolve(least))
    };
    let b = range("b", &args.b, args.a + 1)?;
    let c = range("c", &args.c, args.a + 2)?;
    let format = picture_format(&args.output, args.png, args.pdf)?;
    check_picture_path(&args.output)?;
    // Size and work, before any game is solved.
    let cell = args.cell.unwrap_or_else(|| Atlas::auto_cell(&b, &c));
    let layout = Atlas::layout_of(&b, &c, cell);
    let cells = u128::from(layout.cols) * u128::from(layout.rows);
    if cells > u128::from(args.max_cells) {
        return Err(CliError::limit(
            "--max-cells",
            format!(
                "{} × {} cells, over --max-cells {}",
                layout.rows, layout.cols, args.max_cells
            ),
        ));
    }
    check_size(
        format,
        layout.width,
        layout.height,
        args.scale,
        args.max_pixels,
    )?;
    let games = SweepSpec {
        a: args.a.to_string(),
        b: format!("{}..={}", b.start(), b.end()),
        c: format!("{}..={}", c.start(), c.end()),
        primitive: false,
        non_additive: false,
        max_positions: args.max_positions,
    }
    .size()
    .map_err(|_| CliError::input("no pair b < c in the given ranges"))?;
    let limits = Limits {
        max_positions: args.max_positions,
        max_work: args.max_work,
        ..Limits::default()
    };
    limits.check_work(
        games.work(),
        &format!("this atlas ({} games)", games.triples),
    )?;
    let three = MoveSet::new(&[1, 2, 3]).expect("three moves");
    let (bound, limit) = limits.position_limit(&three);
    let atlas =
        Atlas::compute_bounded(args.a, b, c, bound, args.max_cells).map_err(|e| match e {
            AtlasError::Input(_) => CliError::input(e),
            AtlasError::NoPeriod { b, c, .. } => {
                SolveError::no_period(format!("{{{},{b},{c}}}", args.a), bound, limit).into()
            }
        })?;
    let show = match args.show {
        ShowArg::Row => Show::Row,
        ShowArg::Period => Show::Period,
        ShowArg::Preperiod => Show::Preperiod,
    };
    let svg = atlas.svg_for(show, cell, format.medium());
    write_picture(&args.output, &svg, format, args.scale)?;
    let bad: Vec<String> = atlas
        .disagreements()
        .map(|cell| format!("{{{},{},{}}}", atlas.a, cell.b, cell.c))
        .collect();
    if bad.is_empty() {
        Ok(ExitCode::SUCCESS)
    } else {
        let shown: Vec<&str> = bad.iter().take(20).map(String::as_str).collect();
        let more = if bad.len() > 20 { " …" } else { "" };
        super::warn(&format!(
            "nimcert: {} cell(s) where the prediction disagrees with the engine: {}{more}",
            bad.len(),
            shown.join(" ")
        ));
        Ok(ExitCode::from(1))
    }
}

/// The format of a picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum PictureFormat {
    /// SVG, with tooltips.
    Svg,
    /// PNG, rendered with resvg.
    Png,
    /// PDF, vector, through svg2pdf.
    Pdf,
}

impl PictureFormat {
    /// Tooltips belong to SVG, read on screen; PNG and PDF are for print.
    pub(super) fn medium(self) -> Medium {
        match self {
            PictureFormat::Svg => Medium::Screen,
            PictureFormat::Png | PictureFormat::Pdf => Medium::Print,
        }
    }
}

/// The picture's format: `--png` or `--pdf`, else the path's extension;
/// `.svg` (or `-`) is SVG, any other name is refused (`-o x.jpg` would
/// otherwise silently hold SVG), and so is a name that is only an
/// extension (`-o .svg`, a hidden file with no name).
pub(super) fn picture_format(path: &Path, png: bool, pdf: bool) -> Result<PictureFormat, CliError> {
    let format = if png {
        PictureFormat::Png
    } else if pdf {
        PictureFormat::Pdf
    } else if is_stdout(path) {
        PictureFormat::Svg
    } else {
        match path.extension().and_then(|e| e.to_str()) {
            Some(e) if e.eq_ignore_ascii_case("png") => PictureFormat::Png,
            Some(e) if e.eq_ignore_ascii_case("pdf") => PictureFormat::Pdf,
            Some(e) if e.eq_ignore_ascii_case("svg") => PictureFormat::Svg,
            _ => return Err(CliError::input(unknown_format(path))),
        }
    };
    if format == PictureFormat::Pdf && !render::PDF {
        return Err(CliError::input(render::NO_PDF));
    }
    Ok(format)
}

/// Why `path` names no picture format.
fn unknown_format(path: &Path) -> String {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let bare = [".svg", ".png", ".pdf"]
        .iter()
        .find(|e| name.eq_ignore_ascii_case(e));
    match bare {
        Some(extension) => format!(
            "{}: the file name is only an extension; name the picture, e.g. picture{extension}",
            path.display()
        ),
        None => format!(
            "{}: a picture is written as .svg or .png or .pdf (or --png / --pdf under any name)",
            path.display()
        ),
    }
}

/// Checks the output path before any work (`-` is standard output).
pub(super) fn check_picture_path(path: &Path) -> Result<(), CliError> {
    if is_stdout(path) {
        Ok(())
    } else {
        check_output_file(path)
    }
}

/// Refuses, before it is computed, a picture of `width` × `height` units
/// too large for its format: a PNG of more than `max_pixels` pixels at
/// `scale` (exit 3 naming --max-pixels) or with a side over
/// [`render::MAX_SIDE`], a PDF page with a side over
/// [`render::MAX_PDF_SIDE`] points (exit 2).
pub(super) fn check_size(
    format: PictureFormat,
    width: f64,
    height: f64,
    scale: f32,
    max_pixels: u64,
) -> Result<(), CliError> {
    match format {
        PictureFormat::Svg => Ok(()),
        PictureFormat::Png => check_pixels(width, height, scale, max_pixels),
        PictureFormat::Pdf => {
            let side = render::MAX_PDF_SIDE;
            if width > side || height > side {
                return Err(CliError::input(format!(
                    "a PDF page of {width:.0} × {height:.0} points: each side must be at most {side:.0} (lower the ranges)"
                )));
            }
            Ok(())
        }
    }
}

/// Refuses a PNG of more than `max_pixels` pixels (a `width` × `height`
/// picture at `scale`), before it is computed: exit 3 naming --max-pixels.
fn check_pixels(width: f64, height: f64, scale: f32, max_pixels: u64) -> Result<(), CliError> {
    if !(scale.is_finite() && scale > 0.0) {
        return Err(CliError::input(format!(
            "--scale {scale}: must be positive"
        )));
    }
    let scale = f64::from(scale);
    let (w, h) = ((width * scale).ceil(), (height * scale).ceil());
    let side = f64::from(render::MAX_SIDE);
    if w > side || h > side {
        return Err(CliError::input(format!(
            "a PNG of {w:.0} × {h:.0} pixels: each side must be at most {side:.0} (lower --scale or the ranges)"
        )));
    }
    let pixels = w * h;
    if pixels > max_pixels as f64 {
        return Err(CliError::limit(
            "--max-pixels",
            format!(
                "a PNG of {:.0} × {:.0} pixels, over --max-pixels {max_pixels} (or lower --scale)",
                (width * scale).ceil(),
                (height * scale).ceil()
            ),
        ));
    }
    Ok(())
}

/// Writes the picture as SVG, PNG or PDF, atomically (a temporary file
/// beside it, then a rename; removed on any error); `-` is standard output.
pub(super) fn write_picture(
    path: &Path,
    svg: &str,
    format: PictureFormat,
    scale: f32,
) -> Result<(), CliError> {
    let bytes = match format {
        PictureFormat::Svg => svg.as_bytes().to_vec(),
        PictureFormat::Png => render::png(svg, scale).map_err(CliError::input)?,
        PictureFormat::Pdf => render::pdf(svg).map_err(CliError::input)?,
    };
    if is_stdout(path) {
        print_bytes(&bytes)
    } else {
        write_bytes(path, &bytes)
    }
}
