//! SVG to PNG through resvg (usvg parses, tiny-skia rasterizes) and to PDF
//! through svg2pdf from the same usvg tree, so that no browser is needed and
//! the PNG and the PDF show the same picture.
//!
//! Text needs a font: the system fonts are loaded once (fontdb, through
//! fontconfig's directories). Where no font is installed, text elements are
//! simply not drawn; shapes and colours are unaffected.

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::{fontdb, Options, Tree};
use std::fmt;
use std::sync::{Arc, OnceLock};

/// The largest PNG side, in pixels.
pub const MAX_SIDE: u32 = 16_384;

/// The largest PDF page side, in points (one SVG unit is one point): 200
/// inches, the largest page PDF viewers accept.
pub const MAX_PDF_SIDE: f64 = 14_400.0;

/// An error parsing or rasterizing an SVG.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RenderError(pub String);

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RenderError {}

/// The system fonts, loaded once; the sans-serif family is set to the first
/// of the pictures' preferred families that is installed.
pub fn fonts() -> Arc<fontdb::Database> {
    static FONTS: OnceLock<Arc<fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = fontdb::Database::new();
            db.load_system_fonts();
            let installed: Vec<String> = db
                .faces()
                .flat_map(|f| f.families.iter().map(|(name, _)| name.clone()))
                .collect();
            let preferred = super::FONT_FAMILY.split(',').map(str::trim);
            if let Some(family) = preferred.clone().find(|p| installed.iter().any(|i| i == p)) {
                db.set_sans_serif_family(family);
            } else if let Some(any) = installed.first() {
                db.set_sans_serif_family(any.clone());
            }
            Arc::new(db)
        })
        .clone()
}

/// How many font faces the renderer found (0: text is not drawn in PNGs).
pub fn font_count() -> usize {
    fonts().len()
}

/// Parses an SVG with usvg.
pub fn parse(svg: &str) -> Result<Tree, RenderError> {
    let options = Options {
        fontdb: fonts(),
        ..Options::default()
    };
    Tree::from_str(svg, &options).map_err(|e| RenderError(format!("SVG does not parse: {e}")))
}

/// Rasterizes an SVG at `scale` (1.0: one pixel per user unit).
pub fn rasterize(svg: &str, scale: f32) -> Result<Pixmap, RenderError> {
    if !(scale.is_finite() && scale > 0.0) {
        return Err(RenderError(format!("scale must be positive, got {scale}")));
    }
    let tree = parse(svg)?;
    let size = tree.size();
    let (w, h) = (
        (size.width() * scale).ceil(),
        (size.height() * scale).ceil(),
    );
    if w < 1.0 || h < 1.0 || w > MAX_SIDE as f32 || h > MAX_SIDE as f32 {
        return Err(RenderError(format!(
            "a {w} × {h} pixel image: each side must be 1 to {MAX_SIDE} (lower --scale or the ranges)"
        )));
    }
    let mut pixmap = Pixmap::new(w as u32, h as u32)
        .ok_or_else(|| RenderError("cannot allocate the image".into()))?;
    resvg::render(
        &tree,
        Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    Ok(pixmap)
}

/// Rasterizes an SVG and encodes it as PNG.
pub fn png(svg: &str, scale: f32) -> Result<Vec<u8>, RenderError> {
    rasterize(svg, scale)?
        .encode_png()
        .map_err(|e| RenderError(format!("PNG encoding failed: {e}")))
}

/// Whether this build writes PDF (the `pdf` cargo feature, on by default).
pub const PDF: bool = cfg!(feature = "pdf");

/// Converts an SVG to a one-page PDF of the same size (one SVG unit a
/// point), vector throughout; text stays text, in the subset of each font
/// it uses, embedded. Without the `pdf` feature, an error that says so.
pub fn pdf(svg: &str) -> Result<Vec<u8>, RenderError> {
    let tree = parse(svg)?;
    let size = tree.size();
    let side = MAX_PDF_SIDE as f32;
    if size.width() > side || size.height() > side {
        return Err(RenderError(format!(
            "a PDF page of {} × {} points: each side must be at most {MAX_PDF_SIDE} (lower the ranges)",
            size.width().ceil(),
            size.height().ceil()
        )));
    }
    to_pdf(&tree)
}

#[cfg(feature = "pdf")]
fn to_pdf(tree: &Tree) -> Result<Vec<u8>, RenderError> {
    svg2pdf::to_pdf(
        tree,
        svg2pdf::ConversionOptions::default(),
        svg2pdf::PageOptions::default(),
    )
    .map_err(|e| RenderError(format!("PDF conversion failed: {e}")))
}

#[cfg(not(feature = "pdf"))]
fn to_pdf(_: &Tree) -> Result<Vec<u8>, RenderError> {
    Err(RenderError(NO_PDF.to_string()))
}

/// Why a build without the `pdf` feature writes no PDF.
pub const NO_PDF: &str =
    "this nimcert was built without PDF output (cargo feature `pdf`, on by default)";

/// The colour of a pixel (alpha dropped; the pictures are opaque).
pub fn pixel(pixmap: &Pixmap, x: u32, y: u32) -> Option<super::Rgb> {
    let c = pixmap.pixel(x, y)?.demultiply();
    Some(super::Rgb(c.red(), c.green(), c.blue()))
}
