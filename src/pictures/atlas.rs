//! The atlas: for a fixed least move a, one cell per (b, c) with a < b < c,
//! coloured by the statement of paper A that covers {a, b, c} (after the
//! reduction by g = gcd of Lemma 5), by the least period, or by the least
//! pre-period (log scales). Each cell carries a `<title>` with the game, its
//! covering statement and its least pre-period and period (a tooltip in a
//! browser). A cell whose prediction disagrees with the engine gets a thick
//! red outline.
//!
//! Layout: c grows to the right, b grows upwards; cells with c ≤ b are left
//! blank.

use super::{rect, text, tick_step, viridis, Rgb};
use crate::engine::{NoPeriodFound, Solver, QP};
use crate::moves::MoveSet;
use crate::subtraction::{classify, Cover};
use std::fmt;
use std::ops::RangeInclusive;
use svg::node::element::{Group, Rectangle, Title};
use svg::Document;

/// The most cells an atlas may have (the SVG takes about 250 bytes a cell).
pub const MAX_CELLS: u64 = 200_000;

/// The class of a cell: the covering statement, or for an uncovered game
/// whether the engine finds it purely periodic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// Table 1 row k (row 1 is the inert case P = a + b; rows 2–3 have
    /// P = c + a; rows 4–7 have P = c + b).
    Table1(u8),
    /// Theorem 36, the additive case c' = a' + b'.
    Additive,
    /// Theorem 34 with Theorem 23: an admissible angle no Table 1 row lists.
    Thm34,
    /// Table 2 row k (a' = 1).
    Table2(u8),
    /// No statement covers the game, and it is purely periodic.
    UncoveredPeriodic,
    /// No statement covers the game, and it has a pre-period.
    Preperiodic,
}

impl Class {
    /// The class of a game from its covering statement and the engine's
    /// (pre-period, period).
    pub fn new(cover: Cover, qp: QP) -> Class {
        match cover {
            Cover::Table1Row(8) | Cover::Additive => Class::Additive,
            Cover::Table1Row(k) => Class::Table1(k),
            Cover::Thm34 => Class::Thm34,
            Cover::Table2Row(k) => Class::Table2(k),
            Cover::Uncovered if qp.preperiod == 0 => Class::UncoveredPeriodic,
            Cover::Uncovered => Class::Preperiodic,
        }
    }

    /// The fill colour in the `row` view (all Table 2 rows share one colour).
    pub fn colour(&self) -> Rgb {
        match self {
            Class::Table1(1) => Rgb(0x9e, 0x9a, 0xc8),
            Class::Table1(2) => Rgb(0x6b, 0xae, 0xd6),
            Class::Table1(3) => Rgb(0x21, 0x71, 0xb5),
            Class::Table1(4) => Rgb(0xa1, 0xd9, 0x9b),
            Class::Table1(5) => Rgb(0x74, 0xc4, 0x76),
            Class::Table1(6) => Rgb(0x31, 0xa3, 0x54),
            Class::Table1(_) => Rgb(0x00, 0x6d, 0x2c),
            Class::Additive => Rgb(0xfd, 0x8d, 0x3c),
            Class::Thm34 => Rgb(0xf7, 0x68, 0xa1),
            Class::Table2(_) => Rgb(0xbf, 0x81, 0x2d),
            Class::UncoveredPeriodic => Rgb(0xff, 0xd9, 0x2f),
            Class::Preperiodic => Rgb(0xd9, 0xd9, 0xd9),
        }
    }

    /// The legend entry (one per colour).
    pub fn label(&self) -> &'static str {
        match self {
            Class::Table1(1) => "Table 1 row 1: inert, P = a + b",
            Class::Table1(2) => "Table 1 row 2: P = c + a",
            Class::Table1(3) => "Table 1 row 3: P = c + a",
            Class::Table1(4) => "Table 1 row 4: P = c + b",
            Class::Table1(5) => "Table 1 row 5: P = c + b",
            Class::Table1(6) => "Table 1 row 6: P = c + b",
            Class::Table1(_) => "Table 1 row 7: P = c + b",
            Class::Additive => "Theorem 36: additive, c = a + b",
            Class::Thm34 => "Theorem 34: admissible, no row",
            Class::Table2(_) => "Table 2: a' = 1",
            Class::UncoveredPeriodic => "uncovered, purely periodic",
            Class::Preperiodic => "uncovered, pre-periodic",
        }
    }

    /// The legend entries in order, one per colour.
    pub fn legend_order() -> [Class; 12] {
        [
            Class::Table1(1),
            Class::Table1(2),
            Class::Table1(3),
            Class::Table1(4),
            Class::Table1(5),
            Class::Table1(6),
            Class::Table1(7),
            Class::Additive,
            Class::Thm34,
            Class::Table2(1),
            Class::UncoveredPeriodic,
            Class::Preperiodic,
        ]
    }

    /// Two classes share a legend entry (the Table 2 rows do).
    fn same_entry(&self, other: &Class) -> bool {
        matches!((self, other), (Class::Table2(_), Class::Table2(_))) || self == other
    }
}

/// One game of the atlas.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    /// The middle move b.
    pub b: u64,
    /// The largest move c.
    pub c: u64,
    /// g = gcd(a, b, c).
    pub g: u64,
    /// The class.
    pub class: Class,
    /// The covering statement's id, if any.
    pub statement: Option<String>,
    /// The engine's least pre-period and least period.
    pub qp: QP,
    /// The predicted least period, if covered.
    pub predicted_period: Option<u64>,
    /// False only when a covering statement's prediction (pure periodicity,
    /// least period, values of one period) differs from the engine.
    pub agrees: bool,
}

impl Cell {
    /// The tooltip: the game, its class and statement, q and p.
    pub fn title(&self, a: u64) -> String {
        let mut s = format!("{{{a},{},{}}}", self.b, self.c);
        if self.g > 1 {
            s += &format!(" = {}·S'", self.g);
        }
        match &self.statement {
            Some(id) => s += &format!(": {id}"),
            None => s += ": uncovered",
        }
        s += &format!("; q = {}, p = {}", self.qp.preperiod, self.qp.period);
        if let Some(p) = self.predicted_period {
            s += &format!("; predicted p = {p}");
        }
        if !self.agrees {
            s += "; PREDICTION DISAGREES WITH THE ENGINE";
        }
        s
    }
}

/// What the cells' colours show.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Show {
    /// The covering statement (Table 1 row, Theorem 36, …).
    #[default]
    Row,
    /// The least period p, on a log scale.
    Period,
    /// The least pre-period q, on a log scale (q = 0 light grey).
    Preperiod,
}

/// An error computing an atlas.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AtlasError {
    /// The ranges are empty or too large.
    Input(String),
    /// The engine found no period for {a, b, c} within the bound.
    NoPeriod {
        /// The game's b.
        b: u64,
        /// The game's c.
        c: u64,
        /// The engine's error.
        error: NoPeriodFound,
    },
}

impl fmt::Display for AtlasError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AtlasError::Input(m) => f.write_str(m),
            AtlasError::NoPeriod { b, c, error } => write!(f, "b = {b}, c = {c}: {error}"),
        }
    }
}

impl std::error::Error for AtlasError {}

/// The atlas of {a, b, c} for b and c in the given ranges (pairs with
/// c ≤ b are skipped).
#[derive(Clone, Debug)]
pub struct Atlas {
    /// The fixed least move.
    pub a: u64,
    /// The range of b (rows).
    pub b: RangeInclusive<u64>,
    /// The range of c (columns).
    pub c: RangeInclusive<u64>,
    /// The games, by increasing b then c.
    pub cells: Vec<Cell>,
}

/// The colour of q = 0 in the pre-period view.
pub const PURELY_PERIODIC: Rgb = Rgb(0xee, 0xee, 0xee);
/// The outline colour of a cell whose prediction disagrees with the engine.
pub const DISAGREE: Rgb = Rgb(0xe4, 0x1a, 0x1c);

/// Pixel geometry of a rendered atlas (SVG user units = PNG pixels at
/// scale 1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    /// The side of a cell.
    pub cell: f64,
    /// The left edge of the grid.
    pub left: f64,
    /// The top edge of the grid.
    pub top: f64,
    /// The number of columns (values of c).
    pub cols: u64,
    /// The number of rows (values of b).
    pub rows: u64,
    /// The picture's width.
    pub width: f64,
    /// The picture's height.
    pub height: f64,
}

const LEGEND_WIDTH: f64 = 300.0;
const LEGEND_ROWS: f64 = 13.0;

impl Atlas {
    /// Solves and classifies every game {a, b, c} with b in `b`, c in `c`,
    /// a < b < c, on at most [`MAX_CELLS`] cells.
    pub fn compute(
        a: u64,
        b: RangeInclusive<u64>,
        c: RangeInclusive<u64>,
        max_positions: u64,
    ) -> Result<Atlas, AtlasError> {
        Self::compute_bounded(a, b, c, max_positions, MAX_CELLS)
    }

    /// [`Atlas::compute`] on at most `max_cells` cells (rows × columns).
    pub fn compute_bounded(
        a: u64,
        b: RangeInclusive<u64>,
        c: RangeInclusive<u64>,
        max_positions: u64,
        max_cells: u64,
    ) -> Result<Atlas, AtlasError> {
        if a == 0 {
            return Err(AtlasError::Input("a must be positive".into()));
        }
        if b.is_empty() || *b.start() <= a {
            return Err(AtlasError::Input(format!(
                "the range of b must be non-empty and above a = {a}"
            )));
        }
        if c.is_empty() || *c.end() <= *b.start() {
            return Err(AtlasError::Input(
                "no pair b < c in the given ranges".to_string(),
            ));
        }
        let cols = c.end() - c.start() + 1;
        let rows = b.end() - b.start() + 1;
        if cols.saturating_mul(rows) > max_cells {
            return Err(AtlasError::Input(format!(
                "{rows} × {cols} cells: at most {max_cells} cells per atlas"
            )));
        }
        let mut solver = Solver::new();
        let mut cells = Vec::new();
        for bb in b.clone() {
            for cc in c.clone().filter(|&cc| cc > bb) {
                cells.push(cell(&mut solver, a, bb, cc, max_positions)?);
            }
        }
        Ok(Atlas { a, b, c, cells })
    }

    /// The cell of (b, c), if drawn.
    pub fn cell(&self, b: u64, c: u64) -> Option<&Cell> {
        self.cells.iter().find(|cell| cell.b == b && cell.c == c)
    }

    /// The cells whose prediction disagrees with the engine.
    pub fn disagreements(&self) -> impl Iterator<Item = &Cell> {
        self.cells.iter().filter(|cell| !cell.agrees)
    }

    /// The geometry of the picture with cells of `cell` pixels.
    pub fn layout(&self, cell: u32) -> Layout {
        Self::layout_of(&self.b, &self.c, cell)
    }

    /// The geometry of the atlas of these ranges with cells of `cell`
    /// pixels, known before any game is solved (for size bounds).
    pub fn layout_of(b: &RangeInclusive<u64>, c: &RangeInclusive<u64>, cell: u32) -> Layout {
        let cell = cell.max(1) as f64;
        let cols = (c.end() - c.start()).saturating_add(1);
        let rows = (b.end() - b.start()).saturating_add(1);
        let (left, top) = (64.0, 48.0);
        let grid_h = rows as f64 * cell;
        Layout {
            cell,
            left,
            top,
            cols,
            rows,
            width: left + cols as f64 * cell + 24.0 + LEGEND_WIDTH,
            height: top + grid_h.max(LEGEND_ROWS * 20.0 + 40.0) + 56.0,
        }
    }

    /// The fill of a cell in a view.
    pub fn fill(&self, cell: &Cell, show: Show) -> Rgb {
        match show {
            Show::Row => cell.class.colour(),
            Show::Period => {
                let (lo, hi) = self.log_range(|c| Some(c.qp.period));
                viridis(log_position(cell.qp.period, lo, hi))
            }
            Show::Preperiod => {
                if cell.qp.preperiod == 0 {
                    return PURELY_PERIODIC;
                }
                let (lo, hi) = self.log_range(|c| (c.qp.preperiod > 0).then_some(c.qp.preperiod));
                viridis(log_position(cell.qp.preperiod, lo, hi))
            }
        }
    }

    /// The least and greatest of a positive quantity over the cells.
    fn log_range(&self, f: impl Fn(&Cell) -> Option<u64>) -> (u64, u64) {
        let values = self.cells.iter().filter_map(f);
        let (lo, hi) = values.fold((u64::MAX, 0), |(lo, hi), v| (lo.min(v), hi.max(v)));
        if hi == 0 {
            (1, 1)
        } else {
            (lo, hi)
        }
    }

    /// The SVG picture.
    pub fn svg(&self, show: Show, cell_px: u32) -> String {
        let l = self.layout(cell_px);
        let s = l.cell;
        let mut doc = Document::new()
            .set("xmlns", "http://www.w3.org/2000/svg")
            .set("width", l.width)
            .set("height", l.height)
            .set("viewBox", (0.0, 0.0, l.width, l.height))
            .add(rect(0.0, 0.0, l.width, l.height, Rgb(255, 255, 255)));
        let what = match show {
            Show::Row => "covering statement",
            Show::Period => "least period p (log scale)",
            Show::Preperiod => "least pre-period q (log scale)",
        };
        doc = doc.add(text(
            format!("Paper A atlas of {{{}, b, c}}: {what}", self.a),
            l.left,
            24.0,
            16.0,
        ));
        // Cells.
        let mut grid = Group::new().set("shape-rendering", "crispEdges");
        for cell in &self.cells {
            let (x, y) = self.origin(&l, cell.b, cell.c);
            grid = grid
                .add(rect(x, y, s, s, self.fill(cell, show)).add(Title::new(cell.title(self.a))));
        }
        doc = doc.add(grid);
        // Grid frame and axes.
        let grid_w = l.cols as f64 * s;
        let grid_h = l.rows as f64 * s;
        doc = doc.add(
            Rectangle::new()
                .set("x", l.left)
                .set("y", l.top)
                .set("width", grid_w)
                .set("height", grid_h)
                .set("fill", "none")
                .set("stroke", "#888888")
                .set("stroke-width", 1),
        );
        doc = self.axes(doc, &l);
        // Disagreements, loudly, on top.
        let mut loud = Group::new();
        for cell in self.disagreements() {
            let (x, y) = self.origin(&l, cell.b, cell.c);
            loud = loud.add(
                Rectangle::new()
                    .set("x", x - 1.0)
                    .set("y", y - 1.0)
                    .set("width", s + 2.0)
                    .set("height", s + 2.0)
                    .set("fill", "none")
                    .set("stroke", DISAGREE.hex())
                    .set("stroke-width", 3)
                    .add(Title::new(cell.title(self.a))),
            );
        }
        doc = doc.add(loud);
        doc = self.legend(doc, &l, show);
        doc.to_string()
    }

    /// The top-left corner of the cell (b, c).
    pub fn origin(&self, l: &Layout, b: u64, c: u64) -> (f64, f64) {
        let x = l.left + (c - self.c.start()) as f64 * l.cell;
        let y = l.top + (self.b.end() - b) as f64 * l.cell;
        (x, y)
    }

    /// The centre of the cell (b, c), in pixels at scale 1.
    pub fn centre(&self, cell_px: u32, b: u64, c: u64) -> (f64, f64) {
        let l = self.layout(cell_px);
        let (x, y) = self.origin(&l, b, c);
        (x + l.cell / 2.0, y + l.cell / 2.0)
    }

    fn axes(&self, mut doc: Document, l: &Layout) -> Document {
        let s = l.cell;
        let bottom = l.top + l.rows as f64 * s;
        let step = tick_step(s, 28.0);
        let mut ticks = Group::new().set("stroke", "#444444").set("stroke-width", 1);
        let mut labels = Group::new();
        for c in self.c.clone().filter(|c| c % step == 0) {
            let x = l.left + (c - self.c.start()) as f64 * s + s / 2.0;
            ticks = ticks.add(line(x, bottom, x, bottom + 4.0));
            labels = labels
                .add(text(c.to_string(), x, bottom + 16.0, 11.0).set("text-anchor", "middle"));
        }
        let step = tick_step(s, 16.0);
        for b in self.b.clone().filter(|b| b % step == 0) {
            let y = l.top + (self.b.end() - b) as f64 * s + s / 2.0;
            ticks = ticks.add(line(l.left - 4.0, y, l.left, y));
            labels = labels
                .add(text(b.to_string(), l.left - 7.0, y + 4.0, 11.0).set("text-anchor", "end"));
        }
        let mid_x = l.left + l.cols as f64 * s / 2.0;
        let mid_y = l.top + l.rows as f64 * s / 2.0;
        labels = labels
            .add(text("c", mid_x, bottom + 34.0, 13.0).set("text-anchor", "middle"))
            .add(
                text("b", 0.0, 0.0, 13.0)
                    .set("text-anchor", "middle")
                    .set("transform", format!("translate(20 {mid_y}) rotate(-90)")),
            );
        doc = doc.add(ticks).add(labels);
        doc
    }

    fn legend(&self, mut doc: Document, l: &Layout, show: Show) -> Document {
        let x0 = l.left + l.cols as f64 * l.cell + 24.0;
        let mut y = l.top;
        let mut g = Group::new();
        let swatch = |g: Group, y: f64, fill: Rgb, label: String| {
            g.add(
                rect(x0, y, 14.0, 14.0, fill)
                    .set("stroke", "#666666")
                    .set("stroke-width", 0.5),
            )
            .add(text(label, x0 + 20.0, y + 11.5, 11.0))
        };
        match show {
            Show::Row => {
                for class in Class::legend_order() {
                    let n = self
                        .cells
                        .iter()
                        .filter(|c| c.class.same_entry(&class))
                        .count();
                    if n == 0 && matches!(class, Class::Table2(_)) {
                        continue;
                    }
                    g = swatch(g, y, class.colour(), format!("{} ({n})", class.label()));
                    y += 20.0;
                }
            }
            Show::Period | Show::Preperiod => {
                let (what, lo, hi) = if show == Show::Period {
                    let (lo, hi) = self.log_range(|c| Some(c.qp.period));
                    ("least period p", lo, hi)
                } else {
                    let (lo, hi) =
                        self.log_range(|c| (c.qp.preperiod > 0).then_some(c.qp.preperiod));
                    ("least pre-period q", lo, hi)
                };
                g = g.add(text(what, x0, y + 11.0, 12.0));
                y += 20.0;
                let bar_h = 160.0;
                let steps = 64;
                let mut bar = Group::new().set("shape-rendering", "crispEdges");
                for i in 0..steps {
                    let t = i as f64 / (steps - 1) as f64;
                    let yy = y + bar_h - (i + 1) as f64 * bar_h / steps as f64;
                    bar = bar.add(rect(x0, yy, 16.0, bar_h / steps as f64 + 0.5, viridis(t)));
                }
                g = g.add(bar);
                for v in log_ticks(lo, hi) {
                    let t = log_position(v, lo, hi);
                    let yy = y + bar_h - t * bar_h;
                    g = g
                        .add(line(x0 + 16.0, yy, x0 + 20.0, yy).set("stroke", "#444444"))
                        .add(text(v.to_string(), x0 + 24.0, yy + 4.0, 11.0));
                }
                y += bar_h + 12.0;
                if show == Show::Preperiod {
                    let n = self.cells.iter().filter(|c| c.qp.preperiod == 0).count();
                    g = swatch(
                        g,
                        y,
                        PURELY_PERIODIC,
                        format!("q = 0, purely periodic ({n})"),
                    );
                    y += 20.0;
                }
            }
        }
        let bad = self.disagreements().count();
        g = g.add(
            Rectangle::new()
                .set("x", x0 + 1.0)
                .set("y", y + 1.0)
                .set("width", 12)
                .set("height", 12)
                .set("fill", "#ffffff")
                .set("stroke", DISAGREE.hex())
                .set("stroke-width", 3),
        );
        g = g.add(text(
            format!("prediction ≠ engine ({bad})"),
            x0 + 20.0,
            y + 11.5,
            11.0,
        ));
        y += 28.0;
        g = g.add(text(
            format!("{} games; hover a cell for q and p", self.cells.len()),
            x0,
            y,
            10.0,
        ));
        g = g.add(text(
            "gcd g > 1: classified as S/g (Lemma 5)",
            x0,
            y + 14.0,
            10.0,
        ));
        doc = doc.add(g);
        doc
    }
}

/// Solves and classifies one game.
fn cell(
    solver: &mut Solver,
    a: u64,
    b: u64,
    c: u64,
    max_positions: u64,
) -> Result<Cell, AtlasError> {
    let moves = MoveSet::new(&[a, b, c]).expect("0 < a < b < c");
    let qp = solver
        .solve(&moves, max_positions)
        .map_err(|error| AtlasError::NoPeriod { b, c, error })?;
    let class = classify(&[a, b, c]).expect("0 < a < b < c");
    let values = &solver.values()[..(qp.preperiod + qp.period) as usize];
    let prediction = class.prediction.as_ref();
    let agrees = prediction.map_or(true, |p| {
        qp.preperiod == 0 && qp.period == p.period && values == p.values.as_slice()
    });
    Ok(Cell {
        b,
        c,
        g: class.g,
        class: Class::new(class.cover, qp),
        statement: class.cover.id(),
        qp,
        predicted_period: prediction.map(|p| p.period),
        agrees,
    })
}

/// Where v sits between lo and hi on a log scale, in [0, 1] (0.5 when
/// lo = hi).
pub fn log_position(v: u64, lo: u64, hi: u64) -> f64 {
    if hi <= lo {
        return 0.5;
    }
    let (v, lo, hi) = (v.max(1) as f64, lo.max(1) as f64, hi as f64);
    ((v.ln() - lo.ln()) / (hi.ln() - lo.ln())).clamp(0.0, 1.0)
}

/// Tick values for a log scale on [lo, hi]: the ends and the numbers
/// 1, 2, 5 × 10^k in between that are not too close to them.
fn log_ticks(lo: u64, hi: u64) -> Vec<u64> {
    let mut ticks = vec![lo];
    let mut p = 1u64;
    while p <= hi && p < u64::MAX / 10 {
        for k in [1, 2, 5] {
            let v = p * k;
            let far = |w: u64| (log_position(v, lo, hi) - log_position(w, lo, hi)).abs() > 0.08;
            if v > lo && v < hi && far(lo) && far(hi) {
                ticks.push(v);
            }
        }
        p *= 10;
    }
    if hi > lo {
        ticks.push(hi);
    }
    ticks
}

fn line(x1: f64, y1: f64, x2: f64, y2: f64) -> svg::node::element::Line {
    svg::node::element::Line::new()
        .set("x1", x1)
        .set("y1", y1)
        .set("x2", x2)
        .set("y2", y2)
}
