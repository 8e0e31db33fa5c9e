//! Pictures of paper A (Manabe, *Purely Periodic Three-move Subtraction
//! Games*): an atlas of the periodicity landscape for a fixed least move a,
//! and a drawing of one game (the circle Z/(a + b)Z with the angle and the
//! admissible arcs, and the value word of one period).
//!
//! - [`atlas`]: one cell per (b, c), coloured by the covering statement, the
//!   least period or the pre-period;
//! - [`draw`]: the circle and the value word of one game;
//! - `render` (feature `png`): SVG to PNG through resvg and to PDF through svg2pdf, both
//!   from the same usvg tree, with the system fonts when there are any
//!   (without fonts, text is simply not drawn; a PDF embeds the subset of
//!   each font it uses).
//!
//! The SVG is composed with the `svg` crate; colours are public so that
//! tests can check rendered pixels against an independent classification.
//! The colours of categories come from the Okabe–Ito and Paul Tol
//! qualitative palettes, chosen so that every pair stays apart also under a
//! simulation of protanopia, deuteranopia and tritanopia (the pixel tests
//! measure it). Text may carry subscripts written `Θ_{a+b}`; they are drawn
//! as lowered, smaller text, never printed raw.

pub mod atlas;
pub mod draw;
#[cfg(feature = "png")]
pub mod render;

/// An opaque colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// `#rrggbb`.
    pub fn hex(&self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    /// Linear interpolation between two colours, t in [0, 1].
    pub fn mix(self, other: Rgb, t: f64) -> Rgb {
        let t = t.clamp(0.0, 1.0);
        let f = |x: u8, y: u8| (x as f64 + (y as f64 - x as f64) * t).round() as u8;
        Rgb(f(self.0, other.0), f(self.1, other.1), f(self.2, other.2))
    }
}

/// Where a picture is going: an SVG file read on screen (cells carry
/// `<title>` tooltips, and the picture may say so), or a PNG or PDF for
/// print, where nothing can be hovered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Medium {
    /// An SVG file: tooltips on cells and dots.
    #[default]
    Screen,
    /// A PNG or PDF: no tooltips, no mention of hovering.
    Print,
}

/// The font families asked for in text elements (the renderer resolves the
/// first one installed).
pub const FONT_FAMILY: &str = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif";

/// Nine stops of the viridis colour map, dark to light.
const VIRIDIS: [Rgb; 9] = [
    Rgb(0x44, 0x01, 0x54),
    Rgb(0x47, 0x2c, 0x7a),
    Rgb(0x3b, 0x51, 0x8b),
    Rgb(0x2c, 0x71, 0x8e),
    Rgb(0x21, 0x90, 0x8d),
    Rgb(0x27, 0xad, 0x81),
    Rgb(0x5c, 0xc8, 0x63),
    Rgb(0xaa, 0xdc, 0x32),
    Rgb(0xfd, 0xe7, 0x25),
];

/// The viridis colour map at t in [0, 1] (piecewise linear in nine stops).
pub fn viridis(t: f64) -> Rgb {
    let t = if t.is_finite() {
        t.clamp(0.0, 1.0)
    } else {
        0.0
    };
    let x = t * (VIRIDIS.len() - 1) as f64;
    let i = (x.floor() as usize).min(VIRIDIS.len() - 2);
    VIRIDIS[i].mix(VIRIDIS[i + 1], x - i as f64)
}

/// A "nice" tick step (1, 2 or 5 times a power of ten) so that ticks over
/// `span` units of `unit_px` pixels each are at least `min_px` apart.
pub(crate) fn tick_step(unit_px: f64, min_px: f64) -> u64 {
    let mut step = 1u64;
    loop {
        for k in [1, 2, 5] {
            if (step * k) as f64 * unit_px >= min_px {
                return step * k;
            }
        }
        step = step.saturating_mul(10);
        if step >= u64::MAX / 10 {
            return step;
        }
    }
}

/// A text element in the pictures' font. `_{…}` in `content` is a
/// subscript: drawn smaller and lowered (`Θ_{a+b}`), never printed raw.
pub(crate) fn text(
    content: impl Into<String>,
    x: f64,
    y: f64,
    size: f64,
) -> svg::node::element::Text {
    svg::node::element::Text::new("")
        .add(svg::node::Blob::new(markup(&content.into(), size)))
        .set("x", x)
        .set("y", y)
        .set("font-family", FONT_FAMILY)
        .set("font-size", size)
        .set("fill", "#222222")
}

/// The SVG markup of a text's content: escaped, with each `_{…}` turned
/// into a lowered, smaller `<tspan>` (a `dy` shift, which every SVG
/// renderer honours, undone by the next plain run).
pub(crate) fn markup(content: &str, size: f64) -> String {
    let drop = (size * 0.28).round().max(1.0);
    let small = (size * 0.75).round().max(1.0);
    let mut out = String::new();
    let mut rest = content;
    let mut lowered = false;
    while !rest.is_empty() {
        match rest.find("_{") {
            Some(start) => {
                let Some(len) = rest[start + 2..].find('}') else {
                    break;
                };
                plain(&mut out, &rest[..start], &mut lowered, drop);
                out += &format!(
                    "<tspan dy=\"{drop}\" font-size=\"{small}\">{}</tspan>",
                    escape(&rest[start + 2..start + 2 + len])
                );
                lowered = true;
                rest = &rest[start + 2 + len + 1..];
            }
            None => break,
        }
    }
    plain(&mut out, rest, &mut lowered, drop);
    out
}

/// Appends a plain run, raised back to the baseline after a subscript.
fn plain(out: &mut String, run: &str, lowered: &mut bool, drop: f64) {
    if run.is_empty() {
        return;
    }
    if *lowered {
        *out += &format!("<tspan dy=\"-{drop}\">{}</tspan>", escape(run));
        *lowered = false;
    } else {
        *out += &escape(run);
    }
}

/// XML escaping of text content.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The width of `chars` characters of text at `size` (DejaVu Sans averages
/// about 0.62 em a character), for laying out text before it is rendered.
pub(crate) fn text_width(chars: usize, size: f64) -> f64 {
    chars as f64 * size * 0.62
}

/// A filled rectangle.
pub(crate) fn rect(x: f64, y: f64, w: f64, h: f64, fill: Rgb) -> svg::node::element::Rectangle {
    svg::node::element::Rectangle::new()
        .set("x", x)
        .set("y", y)
        .set("width", w)
        .set("height", h)
        .set("fill", fill.hex())
}
