//! A drawing of one three-move game in paper A's terms.
//!
//! Top: the circle Z/mZ, m = a + b, with the residues of Z = W0(B) mod m
//! as filled dots (Prop. 7), the angle ρ = c mod m as a red ray, and three
//! rings outside the circle with the admissible arcs Θ_{a+b}, Θ_{c+a},
//! Θ_{c+b} from their definitions (Prop. 20 with Lemma 22). The ray meets a
//! ring's arc exactly when ρ passes that test.
//!
//! Bottom: the value word G(0), …, G(q + p − 1) as coloured cells (the
//! P-positions dark), a grey strip under the pre-period [0, q), an orange
//! strip under the seam [c, P) when the period P exceeds c, and a magenta
//! outline on the band c + E (E = D_ρ, when P = c + b; Theorem 31). Cells
//! where the covering statement's predicted value differs from the engine's
//! get a red outline.
//!
//! For g = gcd(a, b, c) > 1 everything is drawn for S' = S/g, which has the
//! same picture up to the dilation of Lemma 5, G_S(x) = G_S'(⌊x/g⌋).

use super::{rect, text, tick_step, Rgb};
use crate::engine::{solve, NoPeriodFound, Periodicity, Value};
use crate::moves::MoveSet;
use crate::subtraction::angles::{in_theta_ab, in_theta_ca, in_theta_cb};
use crate::subtraction::sieve::band;
use crate::subtraction::{classify, Classification, Triple};
use std::f64::consts::PI;
use std::fmt;
use svg::node::element::path::Data;
use svg::node::element::{Circle, Group, Path, Polygon, Rectangle, Title};
use svg::Document;

/// The side of a cell of the value word.
pub const CELL: f64 = 20.0;
/// Default number of cells per row of the value word.
pub const DEFAULT_WRAP: u64 = 40;
/// Default bound on the number of drawn cells.
pub const DEFAULT_MAX_CELLS: u64 = 4000;

/// The pixel geometry of a drawing of a game with base period m = a + b
/// and `cells` cells of the word, `wrap` per row.
fn layout_of(m: u64, cells: u64, wrap: u64) -> Layout {
    let radius = if m <= 12 { 110.0 } else { 140.0 };
    let outer = radius + RING_GAP + 2.0 * (RING_GAP + RING_WIDTH) + 30.0;
    let circle_h = 56.0 + 2.0 * outer;
    let word_w = 60.0 + wrap.min(cells) as f64 * CELL + 20.0;
    let width = word_w.max(2.0 * outer + 80.0 + 380.0).max(760.0);
    let rows = cells.div_ceil(wrap);
    let row_pitch = CELL + 16.0;
    let word_top = circle_h + 30.0;
    Layout {
        width,
        height: word_top + rows as f64 * row_pitch + 90.0,
        centre: (outer + 40.0, 56.0 + outer),
        radius,
        word_left: 60.0,
        word_top,
        row_pitch,
    }
}

/// The largest picture, in pixels at scale 1, that a drawing of at most
/// `max_cells` cells, `wrap` per row, can have: known before the game is
/// solved (for size bounds).
pub fn size_bound(max_cells: u64, wrap: u64) -> (f64, f64) {
    let l = layout_of(u64::MAX, max_cells, wrap.max(1));
    (l.width, l.height)
}

/// The colour of the cells of value 0 (P-positions).
pub const P_POSITION: Rgb = Rgb(0x25, 0x25, 0x25);
/// The seam strip [c, P).
pub const SEAM: Rgb = Rgb(0xff, 0x7f, 0x00);
/// The band outline c + E.
pub const BAND: Rgb = Rgb(0xe7, 0x29, 0x8a);
/// The pre-period strip [0, q).
pub const PREPERIOD: Rgb = Rgb(0x96, 0x96, 0x96);
/// The outline of a cell whose predicted value differs from the engine.
pub const DISAGREE: Rgb = Rgb(0xe4, 0x1a, 0x1c);
/// The angle ray.
pub const RAY: Rgb = Rgb(0xe4, 0x1a, 0x1c);
/// The rings of Θ_{a+b}, Θ_{c+a}, Θ_{c+b}.
pub const RINGS: [Rgb; 3] = [
    Rgb(0x75, 0x70, 0xb3),
    Rgb(0x1f, 0x78, 0xb4),
    Rgb(0x33, 0xa0, 0x2c),
];

/// The fill of a cell of value v: 0 dark (P-positions), then distinct
/// light colours.
pub fn value_colour(v: Value) -> Rgb {
    match v {
        0 => P_POSITION,
        1 => Rgb(0xfd, 0xae, 0x61),
        2 => Rgb(0xab, 0xd9, 0xe9),
        3 => Rgb(0x2c, 0x7b, 0xb6),
        4 => Rgb(0xa6, 0xd9, 0x6a),
        _ => Rgb(0xc2, 0xa5, 0xcf),
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
    /// S' = S/g, the game drawn.
    pub reduced: Triple,
    /// The engine's solution of S'.
    pub game: Periodicity,
    /// The covering statement's predicted values of S' on one period.
    pub predicted: Option<Vec<Value>>,
    /// The number of cells of the word drawn (q + p of S', capped).
    pub cells: u64,
    /// Cells per row.
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
    /// The left edge of the word.
    pub word_left: f64,
    /// The top edge of the word.
    pub word_top: f64,
    /// The vertical distance between rows of the word.
    pub row_pitch: f64,
}

const RING_GAP: f64 = 14.0;
const RING_WIDTH: f64 = 8.0;

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
            .map_or(true, |p| p.agrees_with(&given));
        let reduced = classification.reduced;
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

    /// The top-left corner of the cell of position x.
    pub fn cell_origin(&self, x: u64) -> (f64, f64) {
        let l = self.layout();
        let (row, col) = (x / self.wrap, x % self.wrap);
        (
            l.word_left + col as f64 * CELL,
            l.word_top + row as f64 * l.row_pitch,
        )
    }

    /// A pixel inside the cell of position x that no text or outline
    /// covers (its fill colour is the cell's value colour).
    pub fn cell_sample(&self, x: u64) -> (u32, u32) {
        let (x0, y0) = self.cell_origin(x);
        ((x0 + 4.0) as u32, (y0 + 4.0) as u32)
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

    /// The admissible sets Θ_{a+b}, Θ_{c+a}, Θ_{c+b} of S' as membership
    /// tables on [0, m) (definitions, Prop. 20).
    pub fn thetas(&self) -> [Vec<bool>; 3] {
        let base = self.reduced.base();
        let m = self.reduced.m();
        let tests: [fn(&crate::subtraction::Base, u64) -> bool; 3] =
            [in_theta_ab, in_theta_ca, in_theta_cb];
        tests.map(|test| (0..m).map(|r| test(&base, r)).collect())
    }

    /// The SVG picture.
    pub fn svg(&self) -> String {
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
            title += &format!(" = {}·{} (drawn: S' = S/g, Lemma 5)", class.g, self.reduced);
        }
        doc = doc.add(text(title, 16.0, 26.0, 17.0));
        doc = self.circle(doc, &l);
        doc = self.circle_legend(doc, &l);
        doc = self.word(doc, &l);
        doc.to_string()
    }

    fn circle(&self, mut doc: Document, l: &Layout) -> Document {
        let t = self.reduced;
        let m = t.m();
        let base = t.base();
        let (cx, cy) = l.centre;
        // Rings: a faint guide circle and the admissible arcs.
        for (k, theta) in self.thetas().iter().enumerate() {
            let r = self.ring_radius(k);
            doc = doc.add(
                Circle::new()
                    .set("cx", cx)
                    .set("cy", cy)
                    .set("r", r)
                    .set("fill", "none")
                    .set("stroke", "#e4e4e4")
                    .set("stroke-width", RING_WIDTH),
            );
            let mut arcs = Group::new()
                .set("fill", "none")
                .set("stroke", RINGS[k].hex())
                .set("stroke-width", RING_WIDTH);
            for (start, len) in runs(theta) {
                arcs = arcs.add(self.arc(start, len, r));
            }
            doc = doc.add(arcs);
        }
        // The circle and its residues.
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
        let dot = (unit * 0.32).clamp(1.0, 6.0);
        let label_step = tick_step(unit, 22.0);
        let mut dots = Group::new();
        let mut labels = Group::new();
        for r in 0..m {
            let (x, y) = self.residue_point(r);
            let in_z = base.in_z(r);
            dots = dots.add(
                Circle::new()
                    .set("cx", x)
                    .set("cy", y)
                    .set("r", dot)
                    .set("fill", if in_z { "#111111" } else { "#ffffff" })
                    .set("stroke", "#111111")
                    .set("stroke-width", 1)
                    .add(Title::new(format!(
                        "residue {r}{}",
                        if in_z { " ∈ Z" } else { "" }
                    ))),
            );
            // Every label_step-th residue, but none crowding 0 from below.
            if r % label_step == 0 && (r == 0 || m - r >= label_step.div_ceil(2)) {
                let (lx, ly) = self.at(r as f64, l.radius - dot - 12.0);
                labels = labels
                    .add(text(r.to_string(), lx, ly + 4.0, 11.0).set("text-anchor", "middle"));
            }
        }
        doc = doc.add(dots).add(labels);
        // The angle ρ: a ray from the centre through residue ρ past the rings.
        let rho = t.rho();
        let tip_r = self.ring_radius(2) + RING_WIDTH / 2.0 + 10.0;
        let (tx, ty) = self.at(rho as f64, tip_r);
        let (bx, by) = self.at(rho as f64, tip_r - 10.0);
        let (nx, ny) = ((ty - by) / 10.0 * 4.0, -(tx - bx) / 10.0 * 4.0);
        doc = doc
            .add(
                svg::node::element::Line::new()
                    .set("x1", cx)
                    .set("y1", cy)
                    .set("x2", bx)
                    .set("y2", by)
                    .set("stroke", RAY.hex())
                    .set("stroke-width", 2),
            )
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
        let (lx, ly) = self.at(rho as f64, tip_r + 14.0);
        doc = doc.add(
            text(format!("ρ = {rho}"), lx, ly + 4.0, 13.0)
                .set("text-anchor", "middle")
                .set("fill", RAY.hex()),
        );
        doc
    }

    /// The arc of `len` residues from `start` on radius r, each residue
    /// taking 90% of its sector.
    fn arc(&self, start: u64, len: u64, r: f64) -> Path {
        let m = self.reduced.m();
        let (cx, cy) = self.layout().centre;
        if len >= m {
            let data = Data::new()
                .move_to((cx, cy - r))
                .elliptical_arc_to((r, r, 0, 0, 1, cx, cy + r))
                .elliptical_arc_to((r, r, 0, 0, 1, cx, cy - r));
            return Path::new().set("d", data);
        }
        let from = start as f64 - 0.45;
        let to = (start + len - 1) as f64 + 0.45;
        let (x0, y0) = self.at(from, r);
        let (x1, y1) = self.at(to, r);
        let large = if (to - from) / m as f64 > 0.5 { 1 } else { 0 };
        let data = Data::new()
            .move_to((x0, y0))
            .elliptical_arc_to((r, r, 0, large, 1, x1, y1));
        Path::new().set("d", data)
    }

    fn circle_legend(&self, mut doc: Document, l: &Layout) -> Document {
        let t = self.reduced;
        let class = &self.classification;
        let x0 = l.centre.0 + self.ring_radius(2) + 60.0;
        let mut y = 64.0;
        let mut g = Group::new();
        let line = |g: Group, y: f64, s: String| g.add(text(s, x0, y, 12.0));
        g = line(
            g,
            y,
            format!(
                "m = a + b = {}, ρ = c mod m = {}, K = ⌊c/m⌋ = {}",
                t.m(),
                t.rho(),
                t.winding()
            ),
        );
        y += 22.0;
        g = g
            .add(
                Circle::new()
                    .set("cx", x0 + 6.0)
                    .set("cy", y - 4.0)
                    .set("r", 5)
                    .set("fill", "#111111"),
            )
            .add(text("Z = W0({a, b}) mod m (Prop. 7)", x0 + 18.0, y, 12.0));
        y += 24.0;
        let admissible = class.admissible;
        let passes = [
            admissible.a_plus_b,
            admissible.c_plus_a,
            admissible.c_plus_b,
        ];
        let names = [
            "Θ_{a+b}, P = a + b",
            "Θ_{c+a}, P = c + a",
            "Θ_{c+b}, P = c + b",
        ];
        let periods = t.candidates();
        for k in 0..3 {
            g = g.add(rect(x0, y - 10.0, 14.0, 10.0, RINGS[k])).add(text(
                format!(
                    "ring {}: {} = {}: ρ {} Θ",
                    k + 1,
                    names[k],
                    periods[k],
                    if passes[k] { "∈" } else { "∉" }
                ),
                x0 + 20.0,
                y,
                12.0,
            ));
            y += 20.0;
        }
        y += 8.0;
        match &class.prediction {
            Some(p) => {
                g = line(g, y, format!("covered by {}", class.cover.describe()));
                y += 18.0;
                let source = match p.source {
                    crate::subtraction::Source::Derived => "formula derived here",
                    _ => "formula quoted",
                };
                g = line(g, y, format!("{source}; predicted q = 0, p = {}", p.period));
            }
            None => g = line(g, y, "not covered by any statement of paper A".to_string()),
        }
        y += 20.0;
        let qp = self.game.qp;
        g = line(
            g,
            y,
            format!(
                "engine{}: q = {}, p = {}",
                if class.g > 1 { " (S')" } else { "" },
                qp.preperiod,
                qp.period
            ),
        );
        y += 20.0;
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
        doc = doc.add(g);
        doc
    }

    fn word(&self, mut doc: Document, l: &Layout) -> Document {
        let t = self.reduced;
        let qp = self.game.qp;
        let total = qp.preperiod + qp.period;
        let heading = if self.cells < total {
            format!(
                "values G(x), x < {} (first {} of q + p = {} positions)",
                self.cells, self.cells, total
            )
        } else if qp.preperiod == 0 {
            format!("values G(x) on one period [0, {})", qp.period)
        } else {
            format!("values G(x) on [0, q + p) = [0, {total}): pre-period then one period")
        };
        doc = doc.add(text(heading, 16.0, l.word_top - 12.0, 13.0));
        let band = self.band();
        let mismatches = self.mismatches();
        let seam = self.seam();
        let mut cells = Group::new().set("shape-rendering", "crispEdges");
        let mut digits = Group::new().set("text-anchor", "middle");
        let mut strips = Group::new().set("shape-rendering", "crispEdges");
        let mut marks = Group::new().set("fill", "none");
        let mut index = Group::new().set("text-anchor", "end");
        for x in 0..self.cells {
            let (x0, y0) = self.cell_origin(x);
            let v = self.game.values[x as usize];
            let mut tip = format!("G({x}) = {v}");
            if v == 0 {
                tip += ", P-position";
            }
            if band.contains(&x) {
                tip += ", in the band c + E";
            }
            cells = cells.add(rect(x0, y0, CELL, CELL, value_colour(v)).add(Title::new(tip)));
            digits = digits.add(text(v.to_string(), x0 + CELL / 2.0, y0 + 14.0, 11.0).set(
                "fill",
                if v == 0 || v == 3 {
                    "#ffffff"
                } else {
                    "#222222"
                },
            ));
            let strip_y = y0 + CELL + 2.0;
            if x < qp.preperiod {
                strips = strips.add(rect(x0, strip_y, CELL, 5.0, PREPERIOD));
            }
            if seam.is_some_and(|(c, p)| (c..p).contains(&x)) {
                strips = strips.add(rect(x0, strip_y, CELL, 5.0, SEAM));
            }
            if band.contains(&x) {
                marks = marks.add(outline(x0, y0, BAND));
            }
            if mismatches.contains(&x) {
                marks = marks.add(outline(x0, y0, DISAGREE));
            }
            if x % self.wrap == 0 {
                index = index.add(text(x.to_string(), x0 - 6.0, y0 + 14.0, 11.0));
            }
        }
        // Tick marks at c and at the period's start.
        let mut ticks = Group::new();
        for (pos, label) in [(t.c, "c"), (qp.preperiod, "q")] {
            if pos < self.cells && !(label == "q" && pos == 0) {
                let (x0, y0) = self.cell_origin(pos);
                ticks = ticks.add(
                    svg::node::element::Line::new()
                        .set("x1", x0)
                        .set("y1", y0 - 4.0)
                        .set("x2", x0)
                        .set("y2", y0 + CELL + 8.0)
                        .set("stroke", "#000000")
                        .set("stroke-width", 2),
                );
            }
        }
        doc = doc
            .add(cells)
            .add(digits)
            .add(strips)
            .add(marks)
            .add(index)
            .add(ticks);
        // Legend under the word.
        let rows = self.cells.div_ceil(self.wrap);
        let mut y = l.word_top + rows as f64 * l.row_pitch + 18.0;
        let x0 = l.word_left;
        let max_v = self.game.values.iter().copied().max().unwrap_or(0);
        let mut g = Group::new();
        let mut x = x0;
        for v in 0..=max_v.min(5) {
            let label = if v == 0 {
                "0 (P-position)".to_string()
            } else {
                v.to_string()
            };
            g = g
                .add(rect(x, y - 11.0, 14.0, 14.0, value_colour(v)))
                .add(text(label.clone(), x + 18.0, y, 12.0));
            x += 30.0 + 7.0 * label.len() as f64;
        }
        y += 24.0;
        let mut x = x0;
        let p_count = self.game.values[..self.cells as usize]
            .iter()
            .filter(|&&v| v == 0)
            .count();
        g = g.add(text(format!("{p_count} P-positions drawn"), x, y, 12.0));
        x += 170.0;
        if let Some((c, p)) = seam {
            g = g.add(rect(x, y - 6.0, 20.0, 5.0, SEAM)).add(text(
                format!("seam [c, P) = [{c}, {p})"),
                x + 26.0,
                y,
                12.0,
            ));
            x += 190.0;
        }
        if !band.is_empty() {
            g = g
                .add(outline(x, y - 14.0, BAND).set("fill", "none"))
                .add(text(
                    format!("band c + E ({} cells)", band.len()),
                    x + 26.0,
                    y,
                    12.0,
                ));
            x += 180.0;
        }
        if qp.preperiod > 0 {
            g = g.add(rect(x, y - 6.0, 20.0, 5.0, PREPERIOD)).add(text(
                format!("pre-period [0, {})", qp.preperiod),
                x + 26.0,
                y,
                12.0,
            ));
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
        doc = doc.add(g);
        doc
    }
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
