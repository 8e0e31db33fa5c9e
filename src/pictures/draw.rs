//! A drawing of one three-move game in paper A's terms.
//!
//! Top: the circle Z/mZ, m = a + b, with the residues of Z = W0(B) mod m
//! as filled dots (Prop. 7), the angle ρ = c mod m as a ray, and three
//! rings outside the circle with the admissible arcs Θ_{a+b}, Θ_{c+a},
//! Θ_{c+b} from their definitions (Prop. 20 with Lemma 22). The ray meets a
//! ring's arc exactly when ρ passes that test. The ray leaves a gap where
//! it crosses the ring of residue labels, so that it never covers one.
//! A circle of more than [`DOT_LIMIT`] residues is summarised: Z and the
//! admissible sets as arcs, labels at round residues, and a strip that
//! magnifies the residues around ρ one by one.
//!
//! Bottom: the value word G(0), …, G(q + p − 1) as coloured cells (the
//! P-positions dark) with a ruler of positions, a grey strip under the
//! pre-period [0, q), a vermillion strip under the seam [c, P) when the
//! period P exceeds c, and an outline on the band c + E (E = D_ρ, when
//! P = c + b; Theorem 31). Cells where the covering statement's predicted
//! value differs from the engine's get a red outline. A word of more than
//! [`DETAIL_CELLS`] cells is drawn as a strip of thin columns, one a
//! position, without digits.
//!
//! For g = gcd(a, b, c) > 1 everything is drawn for S' = S/g, which has the
//! same picture up to the dilation of Lemma 5, G_S(x) = G_S'(⌊x/g⌋); the
//! text states the prediction and the engine for S itself, and the least
//! pre-period and period of S' separately, so that no two numbers on the
//! page seem to disagree.

use super::{rect, text, text_width, tick_step, Medium, Rgb};
use crate::engine::{solve, NoPeriodFound, Periodicity, Value, QP};
use crate::moves::MoveSet;
use crate::subtraction::angles::{in_theta_ab, in_theta_ca, in_theta_cb};
use crate::subtraction::sieve::band;
use crate::subtraction::{classify, Classification, Triple};
use std::f64::consts::PI;
use std::fmt;
use svg::node::element::path::Data;
use svg::node::element::{Circle, Group, Line, Path, Polygon, Rectangle, Title};
use svg::Document;

/// The side of a cell of the value word (its height in both views).
pub const CELL: f64 = 20.0;
/// Default number of cells per row of the value word.
pub const DEFAULT_WRAP: u64 = 40;
/// Default bound on the number of drawn cells.
pub const DEFAULT_MAX_CELLS: u64 = 4000;
/// The longest word drawn cell by cell with its digits; a longer one is
/// drawn as columns of [`BAR_WIDTH`] pixels, [`BAR_WRAP`] a row.
pub const DETAIL_CELLS: u64 = 400;
/// The width of a position in the strip view of a long word.
pub const BAR_WIDTH: f64 = 2.0;
/// Positions per row in the strip view.
pub const BAR_WRAP: u64 = 400;
/// The largest circle drawn with one dot per residue; a larger one is
/// summarised (its dots would be under 4 pixels apart and merge into a
/// solid ring).
pub const DOT_LIMIT: u64 = 200;
/// The residues on each side of ρ in the magnified strip of a summarised
/// circle.
pub const ZOOM: u64 = 8;

/// The vertical distance between two rows of the word: the cells, the
/// strips under them, the ruler and its labels, and room above the next
/// row for the labels of the c and q marks.
const ROW_PITCH: f64 = CELL + 42.0;
/// The room the text to the right of the circle needs.
const LEGEND_WIDTH: f64 = 470.0;
const RING_GAP: f64 = 14.0;
const RING_WIDTH: f64 = 8.0;
/// The pitch of the magnified strip around ρ.
const ZOOM_PITCH: f64 = 22.0;

/// The pixel geometry of a drawing of a game with base period m = a + b
/// and `cells` cells of the word, `wrap` per row in the detailed view.
fn layout_of(m: u64, cells: u64, wrap: u64) -> Layout {
    let radius = if m <= 12 { 110.0 } else { 140.0 };
    let ring_outer = radius + RING_GAP + RING_WIDTH / 2.0 + 2.0 * (RING_GAP + RING_WIDTH);
    let outer = ring_outer + RING_WIDTH / 2.0 + 30.0;
    // Room on both sides of the rings for the label of ρ (up to "ρ = 19999").
    let centre = (ring_outer + 100.0, 56.0 + outer);
    let legend_left = centre.0 + ring_outer + 100.0;
    let (cell_width, per_row) = word_geometry(cells, wrap);
    let word_w = 60.0 + per_row.min(cells) as f64 * cell_width + 20.0;
    let width = word_w.max(legend_left + LEGEND_WIDTH);
    let word_top = 56.0 + 2.0 * outer + 44.0;
    let rows = cells.div_ceil(per_row);
    Layout {
        width,
        height: word_top + rows as f64 * ROW_PITCH + 110.0,
        centre,
        radius,
        legend_left,
        word_left: 60.0,
        word_top,
        row_pitch: ROW_PITCH,
        cell_width,
        per_row,
    }
}

/// The width of a position and the positions per row: cells of [`CELL`]
/// pixels, `wrap` a row, up to [`DETAIL_CELLS`] cells; columns of
/// [`BAR_WIDTH`], [`BAR_WRAP`] a row, beyond.
fn word_geometry(cells: u64, wrap: u64) -> (f64, u64) {
    if cells <= DETAIL_CELLS {
        (CELL, wrap.max(1))
    } else {
        (BAR_WIDTH, BAR_WRAP)
    }
}

/// The largest picture, in pixels at scale 1, that a drawing of at most
/// `max_cells` cells, `wrap` per row, can have: known before the game is
/// solved (for size bounds).
pub fn size_bound(max_cells: u64, wrap: u64) -> (f64, f64) {
    let wrap = wrap.max(1);
    let detailed = layout_of(u64::MAX, max_cells.min(DETAIL_CELLS), wrap);
    let strip = layout_of(u64::MAX, max_cells, wrap);
    (
        detailed.width.max(strip.width),
        detailed.height.max(strip.height),
    )
}

/// The colour of the cells of value 0 (P-positions).
pub const P_POSITION: Rgb = Rgb(0x25, 0x25, 0x25);
/// The seam strip [c, P) (Okabe–Ito vermillion).
pub const SEAM: Rgb = Rgb(0xd5, 0x5e, 0x00);
/// The band outline c + E (Okabe–Ito bluish green).
pub const BAND: Rgb = Rgb(0x00, 0x9e, 0x73);
/// The pre-period strip [0, q).
pub const PREPERIOD: Rgb = Rgb(0x96, 0x96, 0x96);
/// The outline of a cell whose predicted value differs from the engine.
pub const DISAGREE: Rgb = Rgb(0xe4, 0x1a, 0x1c);
/// The angle ray (Okabe–Ito vermillion).
pub const RAY: Rgb = Rgb(0xd5, 0x5e, 0x00);
/// The rings of Θ_{a+b}, Θ_{c+a}, Θ_{c+b} (Okabe–Ito reddish purple, blue,
/// bluish green).
pub const RINGS: [Rgb; 3] = [
    Rgb(0xcc, 0x79, 0xa7),
    Rgb(0x00, 0x72, 0xb2),
    Rgb(0x00, 0x9e, 0x73),
];
/// The grey of a ring where a residue is not admissible.
pub const RING_TRACK: Rgb = Rgb(0xe4, 0xe4, 0xe4);
/// The fill of a residue in Z, and the colour of the circle's marks.
pub const Z_DOT: Rgb = Rgb(0x11, 0x11, 0x11);

/// The fill of a cell of value v: 0 dark (P-positions), then the
/// Okabe–Ito orange, sky blue, blue, yellow and reddish purple.
pub fn value_colour(v: Value) -> Rgb {
    match v {
        0 => P_POSITION,
        1 => Rgb(0xe6, 0x9f, 0x00),
        2 => Rgb(0x56, 0xb4, 0xe9),
        3 => Rgb(0x00, 0x72, 0xb2),
        4 => Rgb(0xf0, 0xe4, 0x42),
        _ => Rgb(0xcc, 0x79, 0xa7),
    }
}

/// The colour of a cell's digit: white on the dark fills.
fn digit_colour(v: Value) -> &'static str {
    if v == 0 || v == 3 {
        "#ffffff"
    } else {
        "#222222"
    }
}

/// An error drawing a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DrawError {
    /// Not three distinct positive moves.
    Input(String),
    /// The engine found no period within the bound.
    NoPeriod(NoPeriodFound),
}

impl fmt::Display for DrawError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DrawError::Input(m) => f.write_str(m),
            DrawError::NoPeriod(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for DrawError {}

/// A game ready to draw.
#[derive(Clone, Debug)]
pub struct Drawing {
    /// The moves as given, increasing.
    pub moves: [u64; 3],
    /// The classification of the moves as given.
    pub classification: Classification,
    /// False only when the covering statement's prediction for the moves as
    /// given differs from the engine.
    pub agrees: bool,
    /// The engine's least pre-period and period of the moves as given.
    pub given: QP,
    /// S' = S/g, the game drawn.
    pub reduced: Triple,
    /// The engine's solution of S'.
    pub game: Periodicity,
    /// The covering statement's predicted values of S' on one period.
    pub predicted: Option<Vec<Value>>,
    /// The number of cells of the word drawn (q + p of S', capped).
    pub cells: u64,
    /// Cells per row in the detailed view.
    pub wrap: u64,
}

/// Pixel geometry of a drawing (SVG user units = PNG pixels at scale 1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    /// The picture's width.
    pub width: f64,
    /// The picture's height.
    pub height: f64,
    /// The centre of the circle.
    pub centre: (f64, f64),
    /// The radius of the circle of residues.
    pub radius: f64,
    /// The left edge of the text beside the circle.
    pub legend_left: f64,
    /// The left edge of the word.
    pub word_left: f64,
    /// The top edge of the word.
    pub word_top: f64,
    /// The vertical distance between rows of the word.
    pub row_pitch: f64,
    /// The width of one position of the word.
    pub cell_width: f64,
    /// Positions per row of the word.
    pub per_row: u64,
}

impl Drawing {
    /// Solves and classifies the game with these moves (any order; three
    /// distinct positive integers), drawing at most `max_cells` cells of
    /// the word, `wrap` per row.
    pub fn new(
        moves: &[u64],
        max_positions: u64,
        max_cells: u64,
        wrap: u64,
    ) -> Result<Drawing, DrawError> {
        let set = MoveSet::new(moves).map_err(|e| DrawError::Input(e.to_string()))?;
        let &[a, b, c] = set.as_slice() else {
            return Err(DrawError::Input(format!(
                "draw needs three moves a,b,c, got {}",
                set.len()
            )));
        };
        if wrap == 0 || max_cells == 0 {
            return Err(DrawError::Input(
                "--wrap and --max-cells must be positive".into(),
            ));
        }
        let classification = classify(&[a, b, c]).expect("three distinct positive moves");
        let given = solve(&set, max_positions).map_err(DrawError::NoPeriod)?;
        let agrees = classification
            .prediction
            .as_ref()
            .is_none_or(|p| p.agrees_with(&given));
        let reduced = classification.reduced;
        let given_qp = given.qp;
        let game = if classification.g == 1 {
            given
        } else {
            solve(&reduced.moves(), max_positions).map_err(DrawError::NoPeriod)?
        };
        let predicted = classify(&[reduced.a, reduced.b, reduced.c])
            .and_then(|c| c.prediction)
            .map(|p| p.values);
        let cells = (game.values.len() as u64).min(max_cells);
        Ok(Drawing {
            moves: [a, b, c],
            classification,
            agrees,
            given: given_qp,
            reduced,
            game,
            predicted,
            cells,
            wrap,
        })
    }

    /// The drawn game's period P, when the seam [c, P) is drawn: S' purely
    /// periodic with p > c.
    pub fn seam(&self) -> Option<(u64, u64)> {
        let (qp, c) = (self.game.qp, self.reduced.c);
        (qp.preperiod == 0 && qp.period > c).then_some((c, qp.period))
    }

    /// The band c + E of Theorem 31 (E = D_ρ) when S' is purely periodic
    /// with p = c + b; empty otherwise.
    pub fn band(&self) -> Vec<u64> {
        let t = self.reduced;
        let qp = self.game.qp;
        if qp.preperiod == 0 && qp.period == t.c + t.b {
            band(&t).into_iter().map(|u| t.c + u).collect()
        } else {
            Vec::new()
        }
    }

    /// The positions x < cells whose predicted value differs from the
    /// engine's (the prediction is purely periodic).
    pub fn mismatches(&self) -> Vec<u64> {
        let Some(pred) = &self.predicted else {
            return Vec::new();
        };
        (0..self.cells)
            .filter(|&x| pred[(x % pred.len() as u64) as usize] != self.game.values[x as usize])
            .collect()
    }

    /// The pixel geometry.
    pub fn layout(&self) -> Layout {
        layout_of(self.reduced.m(), self.cells, self.wrap)
    }

    /// Whether the word is drawn cell by cell with digits (else as a strip
    /// of thin columns).
    pub fn detailed(&self) -> bool {
        self.cells <= DETAIL_CELLS
    }

    /// Whether the circle has a dot per residue (else it is summarised).
    pub fn dotted(&self) -> bool {
        self.reduced.m() <= DOT_LIMIT
    }

    /// The top-left corner of the cell of position x.
    pub fn cell_origin(&self, x: u64) -> (f64, f64) {
        let l = self.layout();
        let (row, col) = (x / l.per_row, x % l.per_row);
        (
            l.word_left + col as f64 * l.cell_width,
            l.word_top + row as f64 * l.row_pitch,
        )
    }

    /// A pixel inside the cell of position x that no text or outline
    /// covers (its fill colour is the cell's value colour).
    pub fn cell_sample(&self, x: u64) -> (u32, u32) {
        let (x0, y0) = self.cell_origin(x);
        if self.detailed() {
            ((x0 + 4.0) as u32, (y0 + 4.0) as u32)
        } else {
            ((x0 + BAR_WIDTH / 2.0) as u32, (y0 + CELL / 2.0) as u32)
        }
    }

    /// The point of residue r on the circle of radius `radius`.
    fn at(&self, r: f64, radius: f64) -> (f64, f64) {
        let l = self.layout();
        let theta = -PI / 2.0 + 2.0 * PI * r / self.reduced.m() as f64;
        (
            l.centre.0 + radius * theta.cos(),
            l.centre.1 + radius * theta.sin(),
        )
    }

    /// The point of residue r, in pixels at scale 1, on the circle.
    pub fn residue_point(&self, r: u64) -> (f64, f64) {
        self.at(r as f64, self.layout().radius)
    }

    /// A point on ring k (0: Θ_{a+b}, 1: Θ_{c+a}, 2: Θ_{c+b}) at residue r.
    pub fn ring_point(&self, k: usize, r: u64) -> (f64, f64) {
        self.at(r as f64, self.ring_radius(k))
    }

    fn ring_radius(&self, k: usize) -> f64 {
        self.layout().radius + RING_GAP + RING_WIDTH / 2.0 + k as f64 * (RING_GAP + RING_WIDTH)
    }

    /// The radius of a residue's dot (0 when the circle is summarised).
    fn dot_radius(&self) -> f64 {
        if !self.dotted() {
            return 0.0;
        }
        let unit = 2.0 * PI * self.layout().radius / self.reduced.m() as f64;
        (unit * 0.32).clamp(1.0, 6.0)
    }

    /// The radius at which residue labels are centred (inside the circle).
    fn label_radius(&self) -> f64 {
        self.layout().radius - self.dot_radius() - 13.0
    }

    /// The two segments of the ρ ray: from the centre to inside the ring of
    /// residue labels, and from the circle (just past the dot of ρ) to the
    /// arrow past the rings. The gap between them holds the labels, so the
    /// ray never covers one.
    pub fn ray_segments(&self) -> [((f64, f64), (f64, f64)); 2] {
        let rho = self.reduced.rho() as f64;
        let l = self.layout();
        let inner = self.at(rho, self.label_radius() - 22.0);
        let outer_start = self.at(rho, l.radius + self.dot_radius() + 1.5);
        let tip_base = self.at(rho, self.ray_tip_radius() - 10.0);
        [(l.centre, inner), (outer_start, tip_base)]
    }

    fn ray_tip_radius(&self) -> f64 {
        self.ring_radius(2) + RING_WIDTH / 2.0 + 10.0
    }

    /// The admissible sets Θ_{a+b}, Θ_{c+a}, Θ_{c+b} of S' as membership
    /// tables on [0, m) (definitions, Prop. 20).
    pub fn thetas(&self) -> [Vec<bool>; 3] {
        let base = self.reduced.base();
        let m = self.reduced.m();
        let tests: [fn(&crate::subtraction::Base, u64) -> bool; 3] =
            [in_theta_ab, in_theta_ca, in_theta_cb];
        tests.map(|test| (0..m).map(|r| test(&base, r)).collect())
    }

    /// The SVG picture for the screen (tooltips on dots and cells).
    pub fn svg(&self) -> String {
        self.svg_for(Medium::Screen)
    }

    /// The SVG picture for a medium: tooltips only on [`Medium::Screen`].
    pub fn svg_for(&self, medium: Medium) -> String {
        let l = self.layout();
        let mut doc = Document::new()
            .set("xmlns", "http://www.w3.org/2000/svg")
            .set("width", l.width)
            .set("height", l.height)
            .set("viewBox", (0.0, 0.0, l.width, l.height))
            .add(rect(0.0, 0.0, l.width, l.height, Rgb(255, 255, 255)));
        let [a, b, c] = self.moves;
        let class = &self.classification;
        let mut title = format!("S = {{{a},{b},{c}}}");
        if class.g > 1 {
            title += &format!(
                " = {}·{}; drawn: S' = S/{} (Lemma 5)",
                class.g, self.reduced, class.g
            );
        }
        doc = doc.add(text(title, 16.0, 26.0, 17.0));
        let thetas = self.thetas();
        doc = self.rings(doc, &l, &thetas);
        doc = self.residues(doc, &l, medium);
        doc = self.ray(doc, &l);
        let (legend, y) = self.circle_legend(&l);
        doc = doc.add(legend);
        if !self.dotted() {
            doc = self.zoom(doc, &l, &thetas, y + 28.0);
        }
        doc = self.word(doc, &l, medium);
        doc.to_string()
    }

    /// The three rings: a grey track and the admissible arcs.
    fn rings(&self, mut doc: Document, l: &Layout, thetas: &[Vec<bool>; 3]) -> Document {
        let (cx, cy) = l.centre;
        for (k, theta) in thetas.iter().enumerate() {
            let r = self.ring_radius(k);
            doc = doc.add(
                Circle::new()
                    .set("cx", cx)
                    .set("cy", cy)
                    .set("r", r)
                    .set("fill", "none")
                    .set("stroke", RING_TRACK.hex())
                    .set("stroke-width", RING_WIDTH),
            );
            let mut arcs = Group::new()
                .set("fill", "none")
                .set("stroke", RINGS[k].hex())
                .set("stroke-width", RING_WIDTH);
            for (start, len) in runs(theta) {
                arcs = arcs.add(self.arc(start, len, r, 0.45));
            }
            doc = doc.add(arcs);
        }
        doc
    }

    /// The circle of residues: a dot per residue (filled in Z), or for a
    /// summarised circle Z as thick arcs and ticks at the labelled
    /// residues; labels at round residues inside.
    fn residues(&self, mut doc: Document, l: &Layout, medium: Medium) -> Document {
        let m = self.reduced.m();
        let base = self.reduced.base();
        let (cx, cy) = l.centre;
        doc = doc.add(
            Circle::new()
                .set("cx", cx)
                .set("cy", cy)
                .set("r", l.radius)
                .set("fill", "none")
                .set("stroke", "#888888")
                .set("stroke-width", 1.2),
        );
        let unit = 2.0 * PI * l.radius / m as f64;
        let label_step = tick_step(unit, text_width(m.to_string().len(), 11.0) + 12.0);
        let mut marks = Group::new();
        if self.dotted() {
            let dot = self.dot_radius();
            for r in 0..m {
                let (x, y) = self.residue_point(r);
                let in_z = base.in_z(r);
                let circle = Circle::new()
                    .set("cx", x)
                    .set("cy", y)
                    .set("r", dot)
                    .set("fill", if in_z { Z_DOT.hex() } else { "#ffffff".into() })
                    .set("stroke", Z_DOT.hex())
                    .set("stroke-width", 1);
                marks = match medium {
                    Medium::Screen => marks.add(circle.add(Title::new(format!(
                        "residue {r}{}",
                        if in_z { " ∈ Z" } else { "" }
                    )))),
                    Medium::Print => marks.add(circle),
                };
            }
        } else {
            let z: Vec<bool> = (0..m).map(|r| base.in_z(r)).collect();
            let mut arcs = Group::new()
                .set("fill", "none")
                .set("stroke", Z_DOT.hex())
                .set("stroke-width", 6);
            for (start, len) in runs(&z) {
                arcs = arcs.add(self.arc(start, len, l.radius, 0.5));
            }
            marks = marks.add(arcs);
            for r in (0..m).filter(|r| r % label_step == 0) {
                let (x0, y0) = self.at(r as f64, l.radius - 4.0);
                let (x1, y1) = self.at(r as f64, l.radius + 4.0);
                marks = marks.add(segment((x0, y0), (x1, y1), "#444444", 1.0));
            }
        }
        let mut labels = Group::new();
        for r in 0..m {
            // Every label_step-th residue, but none crowding 0 from below.
            if r % label_step == 0 && (r == 0 || m - r >= label_step.div_ceil(2)) {
                let (lx, ly) = self.at(r as f64, self.label_radius());
                labels = labels
                    .add(text(r.to_string(), lx, ly + 4.0, 11.0).set("text-anchor", "middle"));
            }
        }
        doc.add(marks).add(labels)
    }

    /// The angle ρ: a ray in two segments (see [`Drawing::ray_segments`])
    /// with an arrow past the rings, and its label beyond the arrow,
    /// anchored away from the circle.
    fn ray(&self, doc: Document, l: &Layout) -> Document {
        let rho = self.reduced.rho();
        let tip_r = self.ray_tip_radius();
        let (tx, ty) = self.at(rho as f64, tip_r);
        let (bx, by) = self.at(rho as f64, tip_r - 10.0);
        let (nx, ny) = ((ty - by) / 10.0 * 4.0, -(tx - bx) / 10.0 * 4.0);
        let mut ray = Group::new().set("id", "ray");
        for (k, (from, to)) in self.ray_segments().into_iter().enumerate() {
            ray = ray.add(segment(from, to, &RAY.hex(), 2.0).set("id", format!("ray-{k}")));
        }
        let (cx, cy) = l.centre;
        ray = ray
            .add(
                Polygon::new()
                    .set(
                        "points",
                        format!(
                            "{tx:.2},{ty:.2} {:.2},{:.2} {:.2},{:.2}",
                            bx + nx,
                            by + ny,
                            bx - nx,
                            by - ny
                        ),
                    )
                    .set("fill", RAY.hex()),
            )
            .add(
                Circle::new()
                    .set("cx", cx)
                    .set("cy", cy)
                    .set("r", 3)
                    .set("fill", RAY.hex()),
            );
        let theta = -PI / 2.0 + 2.0 * PI * rho as f64 / self.reduced.m() as f64;
        let (lx, ly) = self.at(rho as f64, tip_r + 6.0);
        let (anchor, dx) = match theta.cos() {
            c if c > 0.35 => ("start", 2.0),
            c if c < -0.35 => ("end", -2.0),
            _ => ("middle", 0.0),
        };
        let dy = if theta.sin() > 0.35 { 13.0 } else { 4.0 }
            - if theta.sin() < -0.35 { 6.0 } else { 0.0 };
        doc.add(ray).add(
            text(format!("ρ = {rho}"), lx + dx, ly + dy, 13.0)
                .set("text-anchor", anchor)
                .set("fill", RAY.hex()),
        )
    }

    /// The arc of `len` residues from `start` on radius r, each end
    /// `trim` of a sector short of the next residue.
    fn arc(&self, start: u64, len: u64, r: f64, trim: f64) -> Path {
        let m = self.reduced.m();
        let (cx, cy) = self.layout().centre;
        if len >= m {
            let data = Data::new()
                .move_to((cx, cy - r))
                .elliptical_arc_to((r, r, 0, 0, 1, cx, cy + r))
                .elliptical_arc_to((r, r, 0, 0, 1, cx, cy - r));
            return Path::new().set("d", data);
        }
        let from = start as f64 - trim;
        let to = (start + len - 1) as f64 + trim;
        let (x0, y0) = self.at(from, r);
        let (x1, y1) = self.at(to, r);
        let large = if (to - from) / m as f64 > 0.5 { 1 } else { 0 };
        let data = Data::new()
            .move_to((x0, y0))
            .elliptical_arc_to((r, r, 0, large, 1, x1, y1));
        Path::new().set("d", data)
    }

    /// The text beside the circle, and the baseline of its last line.
    fn circle_legend(&self, l: &Layout) -> (Group, f64) {
        let t = self.reduced;
        let class = &self.classification;
        let x0 = l.legend_left;
        let mut y = 64.0;
        let mut g = Group::new();
        let line = |g: Group, y: f64, s: String| g.add(text(s, x0, y, 12.0));
        let of = if class.g > 1 { "S': " } else { "" };
        g = line(
            g,
            y,
            format!(
                "{of}m = a + b = {}, ρ = c mod m = {}, K = ⌊c/m⌋ = {}",
                t.m(),
                t.rho(),
                t.winding()
            ),
        );
        y += 22.0;
        let z = if self.dotted() {
            "Z = W_{0}({a, b}) mod m (Prop. 7): filled dots"
        } else {
            "Z = W_{0}({a, b}) mod m (Prop. 7): thick arcs"
        };
        g = g
            .add(
                Circle::new()
                    .set("cx", x0 + 6.0)
                    .set("cy", y - 4.0)
                    .set("r", 5)
                    .set("fill", Z_DOT.hex()),
            )
            .add(text(z, x0 + 18.0, y, 12.0));
        y += 24.0;
        let admissible = class.admissible;
        let passes = [
            admissible.a_plus_b,
            admissible.c_plus_a,
            admissible.c_plus_b,
        ];
        let names = [("a+b", "a + b"), ("c+a", "c + a"), ("c+b", "c + b")];
        // Which ring is which: ring 1 is next to the circle of residues.
        g = line(
            g,
            y,
            "rings around the circle, from ring 1 (innermost) to ring 3 (outermost):".to_string(),
        );
        y += 20.0;
        let periods = t.candidates();
        let sizes = self
            .thetas()
            .map(|theta| theta.iter().filter(|&&x| x).count());
        for k in 0..3 {
            let (sub, sum) = names[k];
            let mut s = format!(
                "ring {}: Θ_{{{sub}}}, P = {sum} = {}: ρ {} Θ_{{{sub}}}",
                k + 1,
                periods[k],
                if passes[k] { "∈" } else { "∉" }
            );
            if !self.dotted() {
                s += &format!(" ({} of {} residues)", sizes[k], t.m());
            }
            g = g
                .add(rect(x0, y - 10.0, 14.0, 10.0, RINGS[k]))
                .add(text(s, x0 + 20.0, y, 12.0));
            y += 20.0;
        }
        y += 8.0;
        let s = if class.g > 1 { "S" } else { "" };
        match &class.prediction {
            Some(p) => {
                let source = match p.source {
                    crate::subtraction::Source::Derived => "formula derived here",
                    _ => "formula quoted",
                };
                g = line(
                    g,
                    y,
                    format!("{s} covered by {}, {source}", class.cover.describe())
                        .trim_start()
                        .to_string(),
                );
                y += 18.0;
                g = line(
                    g,
                    y,
                    format!("predicted{}: q = 0, p = {}", of_s(s), p.period),
                );
            }
            None => {
                g = line(
                    g,
                    y,
                    format!("{s} not covered by any statement of paper A")
                        .trim_start()
                        .to_string(),
                );
            }
        }
        y += 18.0;
        g = line(
            g,
            y,
            format!(
                "engine{}: q = {}, p = {}",
                of_s(s),
                self.given.preperiod,
                self.given.period
            ),
        );
        if class.g > 1 {
            let qp = self.game.qp;
            y += 18.0;
            g = line(
                g,
                y,
                format!(
                    "engine on S' = S/{}: q' = {}, p' = {} (Lemma 5: q = {}·q', p = {}·p')",
                    class.g, qp.preperiod, qp.period, class.g, class.g
                ),
            );
        }
        y += 22.0;
        if class.prediction.is_some() {
            let (msg, colour) = if self.agrees {
                ("prediction agrees with the engine", "#1a7f37")
            } else {
                ("PREDICTION DISAGREES WITH THE ENGINE", "#e41a1c")
            };
            g = g.add(
                text(msg, x0, y, 13.0)
                    .set("fill", colour)
                    .set("font-weight", "bold"),
            );
        }
        (g, y)
    }

    /// The residues ρ − [`ZOOM`] … ρ + [`ZOOM`] of a summarised circle, one
    /// column each: the residue, its dot (filled in Z) and a square per
    /// ring, coloured where the residue is admissible.
    fn zoom(&self, mut doc: Document, l: &Layout, thetas: &[Vec<bool>; 3], top: f64) -> Document {
        let m = self.reduced.m();
        let rho = self.reduced.rho();
        let base = self.reduced.base();
        let x0 = l.legend_left;
        let mut g = Group::new();
        g = g.add(text(
            format!("near ρ, residue by residue (ρ − {ZOOM} … ρ + {ZOOM}):"),
            x0,
            top,
            12.0,
        ));
        let first = top + 8.0;
        for i in 0..=2 * ZOOM {
            let r = (rho + m - ZOOM + i) % m;
            let x = x0 + 4.0 + i as f64 * ZOOM_PITCH;
            let (cx, _) = self.zoom_cell(i, 0, first);
            if r == rho {
                g = g.add(
                    Rectangle::new()
                        .set("x", x - 2.0)
                        .set("y", first - 2.0)
                        .set("width", ZOOM_PITCH)
                        .set("height", 5.0 * ZOOM_PITCH + 4.0)
                        .set("fill", "none")
                        .set("stroke", RAY.hex())
                        .set("stroke-width", 1.5),
                );
            }
            g = g.add(
                Circle::new()
                    .set("cx", cx)
                    .set("cy", first + ZOOM_PITCH / 2.0)
                    .set("r", 5)
                    .set(
                        "fill",
                        if base.in_z(r) {
                            Z_DOT.hex()
                        } else {
                            "#ffffff".into()
                        },
                    )
                    .set("stroke", Z_DOT.hex()),
            );
            for (k, theta) in thetas.iter().enumerate() {
                let (sx, sy) = self.zoom_cell(i, k + 1, first);
                let fill = if theta[r as usize] {
                    RINGS[k]
                } else {
                    RING_TRACK
                };
                g = g.add(rect(sx - 8.0, sy - 8.0, 16.0, 16.0, fill));
            }
            if i == 2 * ZOOM {
                for (k, name) in ["Z", "ring 1", "ring 2", "ring 3"].into_iter().enumerate() {
                    let (_, y) = self.zoom_cell(i, k, first);
                    g = g.add(text(name, x + ZOOM_PITCH + 4.0, y + 3.0, 9.0));
                }
            }
            if i % 4 == 0 || r == rho {
                let size = if r == rho { 10.0 } else { 9.0 };
                let label = text(r.to_string(), cx, first + 4.0 * ZOOM_PITCH + 14.0, size)
                    .set("text-anchor", "middle");
                g = g.add(if r == rho {
                    label.set("fill", RAY.hex())
                } else {
                    label
                });
            }
        }
        doc = doc.add(g);
        doc
    }

    /// The centre of row `k` (0: Z, 1–3: the rings) of column i of the
    /// magnified strip whose top is `first`.
    fn zoom_cell(&self, i: u64, k: usize, first: f64) -> (f64, f64) {
        let x = self.layout().legend_left + 4.0 + i as f64 * ZOOM_PITCH + (ZOOM_PITCH - 4.0) / 2.0;
        (x, first + (k as f64 + 0.5) * ZOOM_PITCH)
    }

    /// The centre of the square of ring k (0–2) at residue ρ − ZOOM + i in
    /// the magnified strip of a summarised circle (for tests).
    pub fn zoom_point(&self, i: u64, k: usize) -> (f64, f64) {
        let top = self.zoom_top();
        self.zoom_cell(i, k + 1, top + 8.0)
    }

    /// The baseline of the heading of the magnified strip.
    fn zoom_top(&self) -> f64 {
        self.circle_legend(&self.layout()).1 + 28.0
    }

    fn word(&self, mut doc: Document, l: &Layout, medium: Medium) -> Document {
        let qp = self.game.qp;
        let total = qp.preperiod + qp.period;
        let of = if self.classification.g > 1 {
            " of S'"
        } else {
            ""
        };
        let mut heading = if self.cells < total {
            format!(
                "values G(x){of}, x < {} (first {} of q + p = {} positions)",
                self.cells, self.cells, total
            )
        } else if qp.preperiod == 0 {
            format!("values G(x){of} on one period [0, {})", qp.period)
        } else {
            format!("values G(x){of} on [0, q + p) = [0, {total}): pre-period then one period")
        };
        if !self.detailed() {
            heading += "; one column a position";
        }
        doc = doc.add(text(heading, 16.0, l.word_top - 24.0, 13.0));
        let band = self.band();
        let mismatches = self.mismatches();
        let seam = self.seam();
        let w = l.cell_width;
        let mut cells = Group::new().set("shape-rendering", "crispEdges");
        let mut digits = Group::new().set("text-anchor", "middle");
        let mut strips = Group::new().set("shape-rendering", "crispEdges");
        let mut marks = Group::new().set("fill", "none");
        let mut index = Group::new().set("text-anchor", "end");
        for x in 0..self.cells {
            let (x0, y0) = self.cell_origin(x);
            let v = self.game.values[x as usize];
            let cell = rect(x0, y0, w, CELL, value_colour(v));
            cells = match medium {
                Medium::Screen => {
                    let mut tip = format!("G({x}) = {v}");
                    if v == 0 {
                        tip += ", P-position";
                    }
                    if band.contains(&x) {
                        tip += ", in the band c + E";
                    }
                    cells.add(cell.add(Title::new(tip)))
                }
                Medium::Print => cells.add(cell),
            };
            if self.detailed() {
                digits = digits.add(
                    text(v.to_string(), x0 + CELL / 2.0, y0 + 14.0, 11.0)
                        .set("fill", digit_colour(v)),
                );
            }
            let strip_y = y0 + CELL + 2.0;
            if x < qp.preperiod {
                strips = strips.add(rect(x0, strip_y, w, 5.0, PREPERIOD));
            }
            if seam.is_some_and(|(c, p)| (c..p).contains(&x)) {
                strips = strips.add(rect(x0, strip_y, w, 5.0, SEAM));
            }
            for (set, colour, top) in [(&band, BAND, true), (&mismatches, DISAGREE, false)] {
                if set.contains(&x) {
                    marks = marks.add(if self.detailed() {
                        outline(x0, y0, colour)
                    } else {
                        // A cap at the top (band) or bottom (disagreement)
                        // of the column, clear of its middle.
                        let y = if top { y0 } else { y0 + CELL - 5.0 };
                        rect(x0, y, w, 5.0, colour)
                    });
                }
            }
            if x % l.per_row == 0 {
                index = index.add(text(x.to_string(), x0 - 6.0, y0 + 14.0, 11.0));
            }
        }
        doc = doc
            .add(cells)
            .add(digits)
            .add(strips)
            .add(marks)
            .add(index)
            .add(self.ruler(l))
            .add(self.markers());
        self.word_legend(doc, l, &band, &mismatches)
    }

    /// The positions under each row: a tick and a label every few cells
    /// (at least 60 pixels apart), none at a row's first cell, whose
    /// position the row's index already gives.
    fn ruler(&self, l: &Layout) -> Group {
        let w = l.cell_width;
        let step = tick_step(w, 60.0);
        let mut ticks = Group::new().set("stroke", "#555555").set("stroke-width", 1);
        let mut labels = Group::new().set("text-anchor", "middle");
        for x in (0..self.cells).filter(|x| x % step == 0 && x % l.per_row != 0) {
            let (x0, y0) = self.cell_origin(x);
            let mid = x0 + w / 2.0;
            let y = y0 + CELL + 8.0;
            ticks = ticks.add(segment((mid, y), (mid, y + 4.0), "#555555", 1.0));
            labels = labels.add(text(x.to_string(), mid, y + 14.0, 10.0).set("fill", "#555555"));
        }
        Group::new().add(ticks).add(labels)
    }

    /// The marks of c and of the period's start q (when q > 0): a line at
    /// the cell's left edge with its name above the row.
    fn markers(&self) -> Group {
        let qp = self.game.qp;
        let mut g = Group::new();
        for (pos, label) in [(self.reduced.c, "c"), (qp.preperiod, "q")] {
            if pos < self.cells && !(label == "q" && pos == 0) {
                let (x0, y0) = self.cell_origin(pos);
                g = if self.detailed() {
                    g.add(segment(
                        (x0, y0 - 4.0),
                        (x0, y0 + CELL + 8.0),
                        "#000000",
                        2.0,
                    ))
                } else {
                    // Above and below the strip only: a line across it
                    // would hide a position's column.
                    g.add(segment((x0, y0 - 5.0), (x0, y0), "#000000", 2.0))
                        .add(segment(
                            (x0, y0 + CELL),
                            (x0, y0 + CELL + 8.0),
                            "#000000",
                            2.0,
                        ))
                };
                g = g.add(
                    text(format!("{label} = {pos}"), x0, y0 - 7.0, 10.0)
                        .set("text-anchor", "middle"),
                );
            }
        }
        g
    }

    /// The legend under the word: the value colours, then the counts and
    /// the strips and outlines shown.
    fn word_legend(&self, doc: Document, l: &Layout, band: &[u64], mismatches: &[u64]) -> Document {
        let qp = self.game.qp;
        let seam = self.seam();
        let rows = self.cells.div_ceil(l.per_row);
        let mut y = l.word_top + rows as f64 * l.row_pitch + 10.0;
        let x0 = l.word_left;
        let max_v = self.game.values.iter().copied().max().unwrap_or(0);
        let mut g = Group::new();
        let mut x = x0;
        for v in 0..=max_v.min(5) {
            let label = match v {
                0 => "0 (P-position)".to_string(),
                5 if max_v > 5 => "5 or more".to_string(),
                _ => v.to_string(),
            };
            g = g
                .add(rect(x, y - 11.0, 14.0, 14.0, value_colour(v)))
                .add(text(label.clone(), x + 18.0, y, 12.0));
            x += 18.0 + text_width(label.chars().count(), 12.0) + 16.0;
        }
        y += 24.0;
        let p_count = self.game.values[..self.cells as usize]
            .iter()
            .filter(|&&v| v == 0)
            .count();
        // Each item: an optional mark (drawn at x, y), then its text.
        type Mark = Box<dyn Fn(f64, f64) -> Rectangle>;
        let mut items: Vec<(Option<Mark>, String)> =
            vec![(None, format!("{p_count} P-positions drawn"))];
        if let Some((c, p)) = seam {
            let mark: Mark = Box::new(|x, y| rect(x, y - 6.0, 20.0, 5.0, SEAM));
            items.push((Some(mark), format!("seam [c, P) = [{c}, {p})")));
        }
        if !band.is_empty() {
            let mark: Mark = if self.detailed() {
                Box::new(|x, y| outline(x, y - 14.0, BAND))
            } else {
                Box::new(|x, y| rect(x, y - 11.0, 6.0, 5.0, BAND))
            };
            items.push((Some(mark), format!("band c + E ({} cells)", band.len())));
        }
        if qp.preperiod > 0 {
            let mark: Mark = Box::new(|x, y| rect(x, y - 6.0, 20.0, 5.0, PREPERIOD));
            items.push((Some(mark), format!("pre-period [0, {})", qp.preperiod)));
        }
        let mut x = x0;
        for (mark, label) in items {
            if let Some(mark) = mark {
                g = g.add(mark(x, y));
                x += 26.0;
            }
            g = g.add(text(label.clone(), x, y, 12.0));
            x += text_width(label.chars().count(), 12.0) + 28.0;
        }
        if !mismatches.is_empty() {
            y += 22.0;
            g = g.add(
                text(
                    format!(
                        "red outline: predicted value ≠ engine ({} cells)",
                        mismatches.len()
                    ),
                    x0,
                    y,
                    12.0,
                )
                .set("fill", DISAGREE.hex()),
            );
        }
        doc.add(g)
    }
}

/// "" or " for S" (S named when the drawn game is S' = S/g).
fn of_s(s: &str) -> String {
    if s.is_empty() {
        String::new()
    } else {
        format!(" for {s}")
    }
}

/// A straight line.
fn segment(from: (f64, f64), to: (f64, f64), colour: &str, width: f64) -> Line {
    Line::new()
        .set("x1", from.0)
        .set("y1", from.1)
        .set("x2", to.0)
        .set("y2", to.1)
        .set("stroke", colour)
        .set("stroke-width", width)
}

/// An inset outline of a cell.
fn outline(x0: f64, y0: f64, colour: Rgb) -> Rectangle {
    Rectangle::new()
        .set("x", x0 + 1.5)
        .set("y", y0 + 1.5)
        .set("width", CELL - 3.0)
        .set("height", CELL - 3.0)
        .set("fill", "none")
        .set("stroke", colour.hex())
        .set("stroke-width", 2.5)
}

/// The maximal cyclic runs of `true` as (start, length); the whole circle
/// is one run of length m.
pub fn runs(set: &[bool]) -> Vec<(u64, u64)> {
    let m = set.len();
    if m == 0 || !set.iter().any(|&x| x) {
        return Vec::new();
    }
    if set.iter().all(|&x| x) {
        return vec![(0, m as u64)];
    }
    // Start just after a false entry so no run wraps past the scan's start.
    let first_false = set.iter().position(|&x| !x).expect("some false");
    let mut out = Vec::new();
    let mut i = 0;
    while i < m {
        let r = (first_false + 1 + i) % m;
        if set[r] {
            let mut len = 0;
            while len < m && set[(r + len) % m] {
                len += 1;
            }
            out.push((r as u64, len as u64));
            i += len;
        } else {
            i += 1;
        }
    }
    out
}
