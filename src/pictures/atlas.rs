//! The atlas: for a fixed least move a, one cell per (b, c) with a < b < c,
//! coloured by the statement of paper A that covers {a, b, c} (after the
//! reduction by g = gcd of Lemma 5), by the least period, or by the least
//! pre-period (log scales). Each cell carries a `<title>` with the game, its
//! covering statement and its least pre-period and period (a tooltip in a
//! browser). A cell whose prediction disagrees with the engine gets a thick
//! red outline.
//!
//! Layout: c grows to the right, b grows upwards; cells with c ≤ b are left
//! blank. The cell side follows the range unless given ([`Atlas::auto_cell`]),
//! and a c range wider than [`MAX_GRID_WIDTH`] pixels is wrapped into panels
//! stacked top to bottom, so that a long range gives a page, not a strip.

use super::{rect, text, text_width, tick_step, viridis, Medium, Rgb};
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
    ///
    /// Twelve colours from the Okabe–Ito and Paul Tol qualitative palettes,
    /// picked among them to keep every pair apart under normal vision and
    /// simulated protanopia, deuteranopia and tritanopia (least CIEDE2000
    /// distance 11.7; `tests/pictures.rs` measures it on the rendered
    /// legend). The families stay readable: the c + a rows are light blues,
    /// the c + b rows pinks and purples, the additive line black.
    pub fn colour(&self) -> Rgb {
        match self {
            Class::Table1(1) => Rgb(0x33, 0x22, 0x88),
            Class::Table1(2) => Rgb(0x99, 0xdd, 0xff),
            Class::Table1(3) => Rgb(0x77, 0xaa, 0xdd),
            Class::Table1(4) => Rgb(0xcc, 0x79, 0xa7),
            Class::Table1(5) => Rgb(0xaa, 0x44, 0x99),
            Class::Table1(6) => Rgb(0xee, 0x33, 0x77),
            Class::Table1(_) => Rgb(0x88, 0x22, 0x55),
            Class::Additive => Rgb(0x00, 0x00, 0x00),
            Class::Thm34 => Rgb(0xaa, 0xaa, 0x00),
            Class::Table2(_) => Rgb(0x22, 0x88, 0x33),
            Class::UncoveredPeriodic => Rgb(0xf0, 0xe4, 0x42),
            Class::Preperiodic => Rgb(0xdd, 0xdd, 0xdd),
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
/// scale 1). A c range wider than [`MAX_GRID_WIDTH`] is wrapped: the
/// columns are cut into panels of `panel_cols` columns, stacked top to
/// bottom, each with its own axes.
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
    /// Columns per panel.
    pub panel_cols: u64,
    /// The number of panels.
    pub panels: u64,
    /// The vertical distance between the tops of two panels.
    pub panel_pitch: f64,
    /// The left edge of the legend.
    pub legend_left: f64,
    /// The picture's width.
    pub width: f64,
    /// The picture's height.
    pub height: f64,
}

/// The widest grid of one panel, in pixels at scale 1.
pub const MAX_GRID_WIDTH: f64 = 1200.0;
/// The tallest grid the automatic cell size aims at.
const MAX_GRID_HEIGHT: f64 = 900.0;
/// The cell side when the range is small enough (`--cell` not given).
pub const DEFAULT_CELL: u32 = 10;
/// The least cell side chosen automatically; a wider range wraps instead.
pub const MIN_AUTO_CELL: u32 = 4;
/// Room under each panel for its tick labels.
const PANEL_GAP: f64 = 40.0;
const LEGEND_WIDTH: f64 = 330.0;
const LEGEND_HEIGHT: f64 = 340.0;
/// The height of the colour bar of the log scales.
const BAR_HEIGHT: f64 = 200.0;
/// The least distance between two tick labels of the colour bar.
const BAR_LABEL_GAP: f64 = 16.0;

/// One entry of the legend: its colour, the centre of its swatch and its
/// text.
#[derive(Clone, Debug, PartialEq)]
pub struct LegendEntry {
    /// The swatch's fill.
    pub colour: Rgb,
    /// The centre of the swatch, in pixels at scale 1.
    pub centre: (f64, f64),
    /// The text beside it.
    pub label: String,
}

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

    /// The cell side for these ranges when none is asked for: the default
    /// 10 pixels, less (down to [`MIN_AUTO_CELL`]) when the grid would be
    /// wider than [`MAX_GRID_WIDTH`] or taller than 900 pixels. A range
    /// still too wide at the least side is wrapped into panels.
    pub fn auto_cell(b: &RangeInclusive<u64>, c: &RangeInclusive<u64>) -> u32 {
        let cols = (c.end().saturating_sub(*c.start())).saturating_add(1) as f64;
        let rows = (b.end().saturating_sub(*b.start())).saturating_add(1) as f64;
        let fit = (MAX_GRID_WIDTH / cols).min(MAX_GRID_HEIGHT / rows).floor();
        fit.clamp(f64::from(MIN_AUTO_CELL), f64::from(DEFAULT_CELL)) as u32
    }

    /// The geometry of the atlas of these ranges with cells of `cell`
    /// pixels, known before any game is solved (for size bounds).
    pub fn layout_of(b: &RangeInclusive<u64>, c: &RangeInclusive<u64>, cell: u32) -> Layout {
        let cell = cell.max(1) as f64;
        let cols = (c.end().saturating_sub(*c.start())).saturating_add(1);
        let rows = (b.end().saturating_sub(*b.start())).saturating_add(1);
        let panel_cols = ((MAX_GRID_WIDTH / cell).floor() as u64).clamp(1, cols);
        let panels = cols.div_ceil(panel_cols);
        let (left, top) = (64.0, 48.0);
        let panel_pitch = rows as f64 * cell + PANEL_GAP;
        let grids = panels as f64 * panel_pitch - PANEL_GAP;
        let legend_left = left + panel_cols as f64 * cell + 24.0;
        Layout {
            cell,
            left,
            top,
            cols,
            rows,
            panel_cols,
            panels,
            panel_pitch,
            legend_left,
            width: legend_left + LEGEND_WIDTH,
            height: top + grids.max(LEGEND_HEIGHT) + 56.0,
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

    /// The SVG picture for the screen (with a tooltip on every cell).
    pub fn svg(&self, show: Show, cell_px: u32) -> String {
        self.svg_for(show, cell_px, Medium::Screen)
    }

    /// The SVG picture for a medium: tooltips (and the hint to hover) only
    /// on [`Medium::Screen`].
    pub fn svg_for(&self, show: Show, cell_px: u32, medium: Medium) -> String {
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
            let square = rect(x, y, s, s, self.fill(cell, show));
            grid = match medium {
                Medium::Screen => grid.add(square.add(Title::new(cell.title(self.a)))),
                Medium::Print => grid.add(square),
            };
        }
        doc = doc.add(grid);
        // Panel frames and axes.
        for k in 0..l.panels {
            let (x, y) = (l.left, l.top + k as f64 * l.panel_pitch);
            let cols = self.panel_columns(&l, k);
            doc = doc.add(
                Rectangle::new()
                    .set("x", x)
                    .set("y", y)
                    .set("width", (cols.end() - cols.start() + 1) as f64 * s)
                    .set("height", l.rows as f64 * s)
                    .set("fill", "none")
                    .set("stroke", "#888888")
                    .set("stroke-width", 1),
            );
            doc = self.axes(doc, &l, k);
        }
        // Disagreements, loudly, on top.
        let mut loud = Group::new();
        for cell in self.disagreements() {
            let (x, y) = self.origin(&l, cell.b, cell.c);
            let outline = Rectangle::new()
                .set("x", x - 1.0)
                .set("y", y - 1.0)
                .set("width", s + 2.0)
                .set("height", s + 2.0)
                .set("fill", "none")
                .set("stroke", DISAGREE.hex())
                .set("stroke-width", 3);
            loud = match medium {
                Medium::Screen => loud.add(outline.add(Title::new(cell.title(self.a)))),
                Medium::Print => loud.add(outline),
            };
        }
        doc = doc.add(loud);
        doc = self.legend(doc, &l, show, medium);
        doc.to_string()
    }

    /// The values of c in panel k.
    fn panel_columns(&self, l: &Layout, k: u64) -> RangeInclusive<u64> {
        let first = self.c.start() + k * l.panel_cols;
        first..=(first + l.panel_cols - 1).min(*self.c.end())
    }

    /// The top-left corner of the cell (b, c).
    pub fn origin(&self, l: &Layout, b: u64, c: u64) -> (f64, f64) {
        let col = c - self.c.start();
        let (panel, col) = (col / l.panel_cols, col % l.panel_cols);
        let x = l.left + col as f64 * l.cell;
        let y = l.top + panel as f64 * l.panel_pitch + (self.b.end() - b) as f64 * l.cell;
        (x, y)
    }

    /// The centre of the cell (b, c), in pixels at scale 1.
    pub fn centre(&self, cell_px: u32, b: u64, c: u64) -> (f64, f64) {
        let l = self.layout(cell_px);
        let (x, y) = self.origin(&l, b, c);
        (x + l.cell / 2.0, y + l.cell / 2.0)
    }

    /// The axes of panel k: c below (ticks far enough apart for their
    /// widest label), b on the left.
    fn axes(&self, mut doc: Document, l: &Layout, k: u64) -> Document {
        let s = l.cell;
        let top = l.top + k as f64 * l.panel_pitch;
        let bottom = top + l.rows as f64 * s;
        let digits = self.c.end().to_string().len();
        let step = tick_step(s, text_width(digits, 11.0) + 14.0);
        let mut ticks = Group::new().set("stroke", "#444444").set("stroke-width", 1);
        let mut labels = Group::new();
        for c in self.panel_columns(l, k).filter(|c| c % step == 0) {
            let x = l.left + ((c - self.c.start()) % l.panel_cols) as f64 * s + s / 2.0;
            ticks = ticks.add(line(x, bottom, x, bottom + 4.0));
            labels = labels
                .add(text(c.to_string(), x, bottom + 16.0, 11.0).set("text-anchor", "middle"));
        }
        let step = tick_step(s, 16.0);
        for b in self.b.clone().filter(|b| b % step == 0) {
            let y = top + (self.b.end() - b) as f64 * s + s / 2.0;
            ticks = ticks.add(line(l.left - 4.0, y, l.left, y));
            labels = labels
                .add(text(b.to_string(), l.left - 7.0, y + 4.0, 11.0).set("text-anchor", "end"));
        }
        let mid_y = top + l.rows as f64 * s / 2.0;
        labels = labels.add(
            text("b", 0.0, 0.0, 13.0)
                .set("text-anchor", "middle")
                .set("transform", format!("translate(20 {mid_y}) rotate(-90)")),
        );
        if k + 1 == l.panels {
            let width = (self.panel_columns(l, k).count() as f64 * s).max(20.0);
            labels = labels.add(
                text("c", l.left + width / 2.0, bottom + 34.0, 13.0).set("text-anchor", "middle"),
            );
        }
        doc = doc.add(ticks).add(labels);
        doc
    }

    /// The swatches of the legend in a view, top to bottom: one per class
    /// (row view; Table 2 only when present) or the q = 0 swatch
    /// (pre-period view), then the disagreement outline.
    pub fn legend_entries(&self, show: Show, cell_px: u32) -> Vec<LegendEntry> {
        let l = self.layout(cell_px);
        let x = l.legend_left + 7.0;
        let mut y = l.top + 7.0;
        let mut entries = Vec::new();
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
                    entries.push(LegendEntry {
                        colour: class.colour(),
                        centre: (x, y),
                        label: format!("{} ({n})", class.label()),
                    });
                    y += 20.0;
                }
            }
            Show::Period | Show::Preperiod => {
                y += 24.0 + BAR_HEIGHT + 16.0;
                if show == Show::Preperiod {
                    let n = self.cells.iter().filter(|c| c.qp.preperiod == 0).count();
                    entries.push(LegendEntry {
                        colour: PURELY_PERIODIC,
                        centre: (x, y),
                        label: format!("q = 0, purely periodic ({n})"),
                    });
                    y += 20.0;
                }
            }
        }
        entries.push(LegendEntry {
            colour: Rgb(255, 255, 255),
            centre: (x, y),
            label: format!("prediction ≠ engine ({})", self.disagreements().count()),
        });
        entries
    }

    fn legend(&self, mut doc: Document, l: &Layout, show: Show, medium: Medium) -> Document {
        let x0 = l.legend_left;
        let mut g = Group::new();
        if show != Show::Row {
            g = self.colour_bar(g, x0, l.top, show);
        }
        let entries = self.legend_entries(show, l.cell as u32);
        let (last, swatches) = entries.split_last().expect("the disagreement entry");
        for e in swatches {
            let (x, y) = (e.centre.0 - 7.0, e.centre.1 - 7.0);
            g = g
                .add(
                    rect(x, y, 14.0, 14.0, e.colour)
                        .set("stroke", "#666666")
                        .set("stroke-width", 0.5),
                )
                .add(text(e.label.clone(), x + 20.0, y + 11.5, 11.0));
        }
        let (x, y) = (last.centre.0 - 7.0, last.centre.1 - 7.0);
        g = g
            .add(
                Rectangle::new()
                    .set("x", x + 1.0)
                    .set("y", y + 1.0)
                    .set("width", 12)
                    .set("height", 12)
                    .set("fill", "#ffffff")
                    .set("stroke", DISAGREE.hex())
                    .set("stroke-width", 3),
            )
            .add(text(last.label.clone(), x + 20.0, y + 11.5, 11.0));
        let y = y + 28.0;
        let games = match medium {
            Medium::Screen => format!("{} games; hover a cell for q and p", self.cells.len()),
            Medium::Print => format!("{} games", self.cells.len()),
        };
        g = g.add(text(games, x0, y, 10.0)).add(text(
            "gcd g > 1: classified as S/g (Lemma 5)",
            x0,
            y + 14.0,
            10.0,
        ));
        doc = doc.add(g);
        doc
    }

    /// The colour bar of a log scale, with ticks at least
    /// [`BAR_LABEL_GAP`] apart.
    fn colour_bar(&self, mut g: Group, x0: f64, top: f64, show: Show) -> Group {
        let (what, (lo, hi)) = if show == Show::Period {
            ("least period p", self.log_range(|c| Some(c.qp.period)))
        } else {
            (
                "least pre-period q",
                self.log_range(|c| (c.qp.preperiod > 0).then_some(c.qp.preperiod)),
            )
        };
        g = g.add(text(what, x0, top + 11.0, 12.0));
        let y = top + 24.0;
        let steps = 64;
        let mut bar = Group::new().set("shape-rendering", "crispEdges");
        for i in 0..steps {
            let t = i as f64 / (steps - 1) as f64;
            let yy = y + BAR_HEIGHT - (i + 1) as f64 * BAR_HEIGHT / steps as f64;
            bar = bar.add(rect(
                x0,
                yy,
                16.0,
                BAR_HEIGHT / steps as f64 + 0.5,
                viridis(t),
            ));
        }
        g = g.add(bar);
        for v in log_ticks(lo, hi, BAR_HEIGHT, BAR_LABEL_GAP) {
            let yy = y + BAR_HEIGHT - log_position(v, lo, hi) * BAR_HEIGHT;
            g = g
                .add(line(x0 + 16.0, yy, x0 + 20.0, yy).set("stroke", "#444444"))
                .add(text(v.to_string(), x0 + 24.0, yy + 4.0, 11.0));
        }
        g
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
    let agrees = prediction.is_none_or(|p| {
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

/// Tick values for a log scale on [lo, hi] drawn over `length` pixels:
/// the ends, then the powers of ten, then 5 and 2 times a power of ten,
/// each kept only when it is at least `gap` pixels from every tick kept
/// before it (so labels never crowd, at either end).
pub fn log_ticks(lo: u64, hi: u64, length: f64, gap: f64) -> Vec<u64> {
    let mut ticks = vec![lo];
    if hi <= lo {
        return ticks;
    }
    ticks.push(hi);
    let at = |v: u64| log_position(v, lo, hi) * length;
    for k in [1, 5, 2] {
        let mut p = 1u64;
        while p <= hi / k {
            let v = p * k;
            if v > lo && v < hi && ticks.iter().all(|&w| (at(v) - at(w)).abs() >= gap) {
                ticks.push(v);
            }
            match p.checked_mul(10) {
                Some(next) => p = next,
                None => break,
            }
        }
    }
    ticks.sort_unstable();
    ticks
}

fn line(x1: f64, y1: f64, x2: f64, y2: f64) -> svg::node::element::Line {
    svg::node::element::Line::new()
        .set("x1", x1)
        .set("y1", y1)
        .set("x2", x2)
        .set("y2", y2)
}
