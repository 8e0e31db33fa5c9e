//! Pictures (issues 7 and 13): the atlas and the drawing of a game, rendered
//! to PNG in the test and checked pixel by pixel where the picture must show
//! something definite. Expected colours come from an independent
//! classification and engine run, never from the picture's own data; the
//! checks sample points that no text covers, so they hold with or without
//! system fonts.
//!
//! Issue 13 adds checks a figure in a paper needs: legend colours apart
//! also for colour-blind readers (CIEDE2000 under a simulation of
//! protanopia, deuteranopia and tritanopia, Machado et al. 2009), no two
//! labels overlapping and no label under the ρ ray (bounding boxes of the
//! laid-out text, from usvg with the system fonts), no raw `_{…}`, no hover
//! hint in PNG or PDF, size bounds for wide ranges and large games, and a
//! PDF with its fonts embedded.
#![cfg(feature = "png")]

use nimcert::engine::solve;
use nimcert::moves::MoveSet;
use nimcert::pictures::atlas::{self, Atlas, Class, Show};
use nimcert::pictures::draw::{self, value_colour, Drawing, P_POSITION};
use nimcert::pictures::render::{self, pixel};
use nimcert::pictures::{viridis, Rgb};
use nimcert::subtraction::angles::admissible;
use nimcert::subtraction::{classify, Cover};
use std::process::{Command, Output};

const WHITE: Rgb = Rgb(255, 255, 255);
const CELL_PX: u32 = 10;

fn small_atlas() -> Atlas {
    Atlas::compute(3, 4..=16, 5..=44, 1_000_000).expect("atlas")
}

fn at(pixmap: &resvg::tiny_skia::Pixmap, (x, y): (f64, f64)) -> Rgb {
    pixel(pixmap, x as u32, y as u32).expect("inside the image")
}

/// The class of {a, b, c} from the classification and the engine alone.
fn expected_class(a: u64, b: u64, c: u64) -> Class {
    let cover = classify(&[a, b, c]).unwrap().cover;
    let game = solve(&MoveSet::new(&[a, b, c]).unwrap(), 1_000_000).unwrap();
    match cover {
        Cover::Table1Row(k) => Class::Table1(k),
        Cover::Additive => Class::Additive,
        Cover::Thm34 => Class::Thm34,
        Cover::Table2Row(k) => Class::Table2(k),
        Cover::Uncovered if game.qp.preperiod == 0 => Class::UncoveredPeriodic,
        Cover::Uncovered => Class::Preperiodic,
    }
}

#[test]
fn atlas_svg_parses_and_has_a_title_per_cell() {
    let atlas = small_atlas();
    let svg = atlas.svg(Show::Row, CELL_PX);
    render::parse(&svg).expect("usvg parses the atlas");
    let cells = (4..=16u64)
        .flat_map(|b| (5..=44u64).filter(move |&c| c > b))
        .count();
    assert_eq!(atlas.cells.len(), cells);
    assert_eq!(svg.matches("<title>").count(), cells);
    assert!(svg.contains("<title>{3,5,8}: A.Thm36; q = 0, p = "));
}

#[test]
fn atlas_cells_have_the_colour_of_their_class() {
    let atlas = small_atlas();
    let pixmap = render::rasterize(&atlas.svg(Show::Row, CELL_PX), 1.0).unwrap();
    let mut seen = std::collections::HashSet::new();
    for b in 4..=16u64 {
        for c in 5..=44u64 {
            let centre = atlas.centre(CELL_PX, b, c);
            if c <= b {
                assert_eq!(at(&pixmap, centre), WHITE, "b = {b}, c = {c} is blank");
                continue;
            }
            let class = expected_class(3, b, c);
            seen.insert(class.colour());
            assert_eq!(
                at(&pixmap, centre),
                class.colour(),
                "{{3,{b},{c}}}: {class:?}"
            );
        }
    }
    // The range shows the inert row, c + a and c + b rows, the additive
    // line, Table 2 (g = 3) and pre-periodic games.
    assert!(seen.len() >= 8, "{} colours", seen.len());
    // Two classes the paper fixes outright: the additive line c = a + b
    // (gcd(3, b) = 1) and, for b = 6, g = 3 with S' = {1, 2, c/3}.
    for b in [4u64, 5, 7, 8, 10, 11, 13] {
        let centre = atlas.centre(CELL_PX, b, b + 3);
        assert_eq!(at(&pixmap, centre), Class::Additive.colour(), "b = {b}");
    }
    let centre = atlas.centre(CELL_PX, 6, 9);
    assert_eq!(at(&pixmap, centre), Class::Table2(1).colour());
}

#[test]
fn atlas_period_and_preperiod_views_use_the_log_scales() {
    let atlas = small_atlas();
    let games: Vec<(u64, u64, u64, u64)> = (4..=16u64)
        .flat_map(|b| (5..=44u64).filter(move |&c| c > b).map(move |c| (b, c)))
        .map(|(b, c)| {
            let g = solve(&MoveSet::new(&[3, b, c]).unwrap(), 1_000_000).unwrap();
            (b, c, g.qp.preperiod, g.qp.period)
        })
        .collect();
    let period = render::rasterize(&atlas.svg(Show::Period, CELL_PX), 1.0).unwrap();
    let pmax = games.iter().map(|g| g.3).max().unwrap();
    let pmin = games.iter().map(|g| g.3).min().unwrap();
    assert!(pmin < pmax);
    for &(b, c, _, p) in &games {
        let colour = at(&period, atlas.centre(CELL_PX, b, c));
        if p == pmax {
            assert_eq!(colour, viridis(1.0), "{{3,{b},{c}}} has the largest period");
        }
        if p == pmin {
            assert_eq!(colour, viridis(0.0), "{{3,{b},{c}}} has the least period");
        }
    }
    let pre = render::rasterize(&atlas.svg(Show::Preperiod, CELL_PX), 1.0).unwrap();
    let qmax = games.iter().map(|g| g.2).max().unwrap();
    for &(b, c, q, _) in &games {
        let colour = at(&pre, atlas.centre(CELL_PX, b, c));
        if q == 0 {
            assert_eq!(colour, atlas::PURELY_PERIODIC, "{{3,{b},{c}}}");
        } else {
            assert_ne!(colour, atlas::PURELY_PERIODIC, "{{3,{b},{c}}}");
        }
        if q == qmax {
            assert_eq!(colour, viridis(1.0));
        }
    }
}

#[test]
fn atlas_marks_a_disagreement_loudly() {
    let mut atlas = Atlas::compute(3, 4..=10, 5..=24, 1_000_000).unwrap();
    assert_eq!(atlas.disagreements().count(), 0, "paper A holds here");
    let cell = atlas
        .cells
        .iter_mut()
        .find(|c| c.b == 7 && c.c == 15)
        .unwrap();
    cell.agrees = false;
    let svg = atlas.svg(Show::Row, CELL_PX);
    assert!(svg.contains("PREDICTION DISAGREES WITH THE ENGINE"));
    let pixmap = render::rasterize(&svg, 1.0).unwrap();
    let (cx, cy) = atlas.centre(CELL_PX, 7, 15);
    let half = CELL_PX as f64 / 2.0;
    // The outline is 3 px wide around the cell, over its neighbours.
    for point in [
        (cx - half - 2.0, cy),
        (cx + half + 1.0, cy),
        (cx, cy - half - 2.0),
        (cx, cy + half + 1.0),
    ] {
        assert_eq!(at(&pixmap, point), atlas::DISAGREE, "{point:?}");
    }
    // The cell itself keeps its class colour.
    assert_eq!(at(&pixmap, (cx, cy)), expected_class(3, 7, 15).colour());
}

/// Games to draw: inert, c + a, c + b with and without a band, additive,
/// Table 2, uncovered pre-periodic, and g = 2.
const GAMES: [[u64; 3]; 9] = [
    [3, 5, 11],
    [3, 5, 10],
    [3, 4, 13],
    [4, 11, 27],
    [3, 7, 24],
    [3, 5, 8],
    [1, 4, 6],
    [3, 5, 9],
    [6, 10, 22],
];

#[test]
fn drawn_word_has_the_engines_values_and_p_positions() {
    for moves in GAMES {
        let d = Drawing::new(&moves, 1_000_000, 4000, 40).unwrap();
        let svg = d.svg();
        render::parse(&svg).expect("usvg parses the drawing");
        let pixmap = render::rasterize(&svg, 1.0).unwrap();
        // The engine on S' = S/g, independently.
        let g = moves.iter().fold(0, |g, &x| nimcert::moves::gcd(g, x));
        let reduced: Vec<u64> = moves.iter().map(|x| x / g).collect();
        let game = solve(&MoveSet::new(&reduced).unwrap(), 1_000_000).unwrap();
        assert_eq!(d.cells as usize, game.values.len(), "{moves:?}");
        let mut p_cells = 0;
        for x in 0..d.cells {
            let (px, py) = d.cell_sample(x);
            let colour = pixel(&pixmap, px, py).unwrap();
            assert_eq!(
                colour,
                value_colour(game.values[x as usize]),
                "{moves:?} x = {x}"
            );
            p_cells += usize::from(colour == P_POSITION);
        }
        assert_eq!(p_cells, game.p_positions().len(), "{moves:?}");
        assert!(d.agrees, "{moves:?}");
    }
}

#[test]
fn band_outlines_are_the_p_positions_past_c_when_p_is_c_plus_b() {
    let mut bands = 0;
    for moves in GAMES {
        let d = Drawing::new(&moves, 1_000_000, 4000, 40).unwrap();
        let t = d.reduced;
        let game = &d.game;
        let pixmap = render::rasterize(&d.svg(), 1.0).unwrap();
        let past_c: Vec<u64> = game
            .p_positions()
            .into_iter()
            .filter(|&x| x >= t.c)
            .collect();
        if game.qp.preperiod == 0 && game.qp.period == t.c + t.b {
            // Theorem 31: the P-positions in [c, P) are the band c + E.
            assert_eq!(d.band(), past_c, "{moves:?}");
        } else {
            assert!(d.band().is_empty(), "{moves:?}");
        }
        for &x in &d.band() {
            let (x0, y0) = d.cell_origin(x);
            assert_eq!(at(&pixmap, (x0 + 1.0, y0 + 10.0)), draw::BAND, "{moves:?}");
            bands += 1;
        }
        // The seam strip under [c, P) when P > c.
        if let Some((c, p)) = d.seam() {
            assert_eq!((c, p), (t.c, game.qp.period));
            for x in c..p {
                let (x0, y0) = d.cell_origin(x);
                let strip = (x0 + 10.0, y0 + draw::CELL + 4.0);
                assert_eq!(at(&pixmap, strip), draw::SEAM, "{moves:?} x = {x}");
            }
        }
    }
    assert!(bands > 0, "some game has a band");
}

#[test]
fn circle_shows_z_and_the_admissible_arcs() {
    for moves in [[3u64, 5, 11], [4, 11, 27], [3, 7, 24], [5, 13, 40]] {
        let d = Drawing::new(&moves, 1_000_000, 4000, 40).unwrap();
        let svg = d.svg();
        // The legend says which ring is which (ring 1 is next to the circle,
        // as `ring_point` places it).
        assert!(
            svg.contains("ring 1 (innermost) to ring 3 (outermost)"),
            "{moves:?}"
        );
        let from_circle = |k: usize| {
            let ((x, y), (u, v)) = (d.ring_point(k, 0), d.residue_point(0));
            (x - u).hypot(y - v)
        };
        assert!(from_circle(0) < from_circle(1) && from_circle(1) < from_circle(2));
        let pixmap = render::rasterize(&svg, 1.0).unwrap();
        let t = d.reduced;
        let base = t.base();
        for r in 0..t.m() {
            // The ray leaves the dot of ρ uncovered; it crosses the rings.
            let dot = at(&pixmap, d.residue_point(r));
            let in_z = base.in_z(r);
            assert_eq!(
                dot,
                if in_z { draw::Z_DOT } else { WHITE },
                "{moves:?} residue {r}"
            );
            if r == t.rho() {
                continue;
            }
            let tests = admissible(&base, r);
            for (k, ok) in [tests.a_plus_b, tests.c_plus_a, tests.c_plus_b]
                .into_iter()
                .enumerate()
            {
                let expected = if ok { draw::RINGS[k] } else { draw::RING_TRACK };
                let ring = at(&pixmap, d.ring_point(k, r));
                assert_eq!(ring, expected, "{moves:?} ring {k} residue {r}");
            }
        }
    }
}

fn nimcert(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_nimcert"))
        .args(args)
        .output()
        .expect("nimcert runs")
}

#[test]
fn cli_writes_svg_and_png() {
    let dir = std::env::temp_dir().join(format!("nimcert-pictures-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg_path = dir.join("atlas.svg");
    let png_path = dir.join("atlas.png");
    let pdf_path = dir.join("atlas.pdf");
    let mut paths = vec![&svg_path, &png_path];
    if render::PDF {
        paths.push(&pdf_path);
    }
    for path in paths {
        let out = nimcert(&[
            "atlas",
            "--a",
            "3",
            "--b",
            "..=12",
            "--c",
            "10..=30",
            "-o",
            path.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(0), "{out:?}");
    }
    let svg = std::fs::read_to_string(&svg_path).unwrap();
    render::parse(&svg).unwrap();
    if render::PDF {
        assert!(std::fs::read(&pdf_path).unwrap().starts_with(b"%PDF-"));
    }
    let png = std::fs::read(&png_path).unwrap();
    let pixmap = resvg::tiny_skia::Pixmap::decode_png(&png).unwrap();
    let atlas = Atlas::compute(3, 4..=12, 10..=30, 1_000_000).unwrap();
    for (b, c) in [(5, 13), (7, 10), (4, 20), (11, 29)] {
        assert_eq!(
            at(&pixmap, atlas.centre(10, b, c)),
            expected_class(3, b, c).colour(),
            "{{3,{b},{c}}}"
        );
    }
    let draw_path = dir.join("game.svg");
    let out = nimcert(&[
        "draw",
        "4,11,27",
        "--png",
        "-o",
        draw_path.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let png = std::fs::read(&draw_path).unwrap();
    assert!(
        png.starts_with(b"\x89PNG"),
        "--png writes PNG whatever the name"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn cli_bad_input_is_a_one_line_error_with_exit_2() {
    for bad in [
        vec!["draw", "3,5", "-o", "-"],
        vec!["draw", "3,3,5", "-o", "-"],
        vec!["draw", "3,5,x", "-o", "-"],
        vec!["draw", "3,5,7", "--wrap", "0", "-o", "-"],
        vec!["atlas", "--a", "0", "-o", "-"],
        vec!["atlas", "--a", "3", "--b", "10..=5", "-o", "-"],
        vec!["atlas", "--a", "3", "--b", "..=4", "--c", "..=4", "-o", "-"],
        vec!["atlas", "--a", "3", "--c", "..=x", "-o", "-"],
        vec!["atlas", "--a", "3", "-o", "atlas.jpg"],
    ] {
        let out = nimcert(&bad);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(stderr.trim_end().lines().count(), 1, "{bad:?}: {stderr}");
        assert!(stderr.starts_with("nimcert: "), "{bad:?}: {stderr}");
    }
}

/// Sizes over a bound are refused before any work, exit 3 naming the flag
/// that raises the bound; an output folder that does not exist is exit 4.
#[test]
fn cli_bounds_are_exit_3_naming_the_flag() {
    for (bad, code, flag) in [
        (
            vec![
                "atlas", "--a", "3", "--b", "..=2000", "--c", "..=2000", "-o", "-",
            ],
            3,
            "--max-cells",
        ),
        (
            vec!["atlas", "--a", "3", "--png", "--scale", "10", "-o", "-"],
            3,
            "--max-pixels",
        ),
        (
            vec!["draw", "7,100000,250000", "-o", "-"],
            3,
            "--max-residues",
        ),
        (
            vec!["draw", "7,1000,2500", "--max-work", "1000", "-o", "-"],
            3,
            "--max-work",
        ),
        (
            vec!["atlas", "--a", "3", "-o", "/nonexistent-dir/atlas.svg"],
            4,
            "nonexistent-dir",
        ),
    ] {
        let out = nimcert(&bad);
        assert_eq!(out.status.code(), Some(code), "{bad:?}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(stderr.trim_end().lines().count(), 1, "{bad:?}: {stderr}");
        assert!(stderr.contains(flag), "{bad:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{bad:?}");
    }
}

#[test]
fn cli_help_documents_the_exit_status() {
    for command in ["atlas", "draw"] {
        let out = nimcert(&[command, "--help"]);
        assert!(out.status.success());
        let help = String::from_utf8(out.stdout).unwrap();
        assert!(
            help.contains("Exit status") && help.contains("0  success") && help.contains("(exit 1"),
            "{command}: {help}"
        );
    }
}

// ---------------------------------------------------------------------
// Issue 13: figures a researcher can put in a paper.

/// Colour science for the legend checks, written here independently of the
/// pictures: sRGB to CIELAB (D65), the CIEDE2000 difference, and the
/// colour-vision-deficiency simulation of Machado, Oliveira and Fernandes
/// (2009) at severity 1, applied in linear RGB.
mod colour {
    use nimcert::pictures::Rgb;

    /// Normal vision, protanopia, deuteranopia, tritanopia.
    pub const VISIONS: [(&str, Option<[[f64; 3]; 3]>); 4] = [
        ("normal", None),
        (
            "protanopia",
            Some([
                [0.152286, 1.052583, -0.204868],
                [0.114503, 0.786281, 0.099216],
                [-0.003882, -0.048116, 1.051998],
            ]),
        ),
        (
            "deuteranopia",
            Some([
                [0.367322, 0.860646, -0.227968],
                [0.280085, 0.672501, 0.047413],
                [-0.011820, 0.042940, 0.968881],
            ]),
        ),
        (
            "tritanopia",
            Some([
                [1.255528, -0.076749, -0.178779],
                [-0.078411, 0.930809, 0.147602],
                [0.004733, 0.691367, 0.303900],
            ]),
        ),
    ];

    fn linear(c: u8) -> f64 {
        let c = f64::from(c) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    }

    /// CIELAB of a colour as seen with `vision` (a Machado matrix or none).
    pub fn lab(c: Rgb, vision: Option<[[f64; 3]; 3]>) -> [f64; 3] {
        let mut rgb = [linear(c.0), linear(c.1), linear(c.2)];
        if let Some(m) = vision {
            let x = rgb;
            for (i, row) in m.iter().enumerate() {
                rgb[i] = (row[0] * x[0] + row[1] * x[1] + row[2] * x[2]).clamp(0.0, 1.0);
            }
        }
        let [r, g, b] = rgb;
        let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b;
        let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883;
        let f = |t: f64| {
            if t > 216.0 / 24389.0 {
                t.cbrt()
            } else {
                (24389.0 / 27.0 * t + 16.0) / 116.0
            }
        };
        let (fx, fy, fz) = (f(x), f(y), f(z));
        [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
    }

    /// CIEDE2000 (Sharma, Wu and Dalal's formulation).
    pub fn de2000(p: [f64; 3], q: [f64; 3]) -> f64 {
        use std::f64::consts::PI;
        let deg = |x: f64| x * 180.0 / PI;
        let rad = |x: f64| x * PI / 180.0;
        let ([l1, a1, b1], [l2, a2, b2]) = (p, q);
        let c_bar = (a1.hypot(b1) + a2.hypot(b2)) / 2.0;
        let g = 0.5 * (1.0 - (c_bar.powi(7) / (c_bar.powi(7) + 25f64.powi(7))).sqrt());
        let (a1p, a2p) = ((1.0 + g) * a1, (1.0 + g) * a2);
        let (c1p, c2p) = (a1p.hypot(b1), a2p.hypot(b2));
        let hue = |b: f64, a: f64| {
            if b == 0.0 && a == 0.0 {
                0.0
            } else {
                deg(b.atan2(a)).rem_euclid(360.0)
            }
        };
        let (h1p, h2p) = (hue(b1, a1p), hue(b2, a2p));
        let dl = l2 - l1;
        let dc = c2p - c1p;
        let dh = if c1p * c2p == 0.0 {
            0.0
        } else if (h2p - h1p).abs() <= 180.0 {
            h2p - h1p
        } else if h2p - h1p > 180.0 {
            h2p - h1p - 360.0
        } else {
            h2p - h1p + 360.0
        };
        let dhh = 2.0 * (c1p * c2p).sqrt() * rad(dh / 2.0).sin();
        let l_bar = (l1 + l2) / 2.0;
        let cp_bar = (c1p + c2p) / 2.0;
        let h_bar = if c1p * c2p == 0.0 {
            h1p + h2p
        } else if (h1p - h2p).abs() <= 180.0 {
            (h1p + h2p) / 2.0
        } else if h1p + h2p < 360.0 {
            (h1p + h2p + 360.0) / 2.0
        } else {
            (h1p + h2p - 360.0) / 2.0
        };
        let t = 1.0 - 0.17 * rad(h_bar - 30.0).cos()
            + 0.24 * rad(2.0 * h_bar).cos()
            + 0.32 * rad(3.0 * h_bar + 6.0).cos()
            - 0.20 * rad(4.0 * h_bar - 63.0).cos();
        let d_theta = 30.0 * (-((h_bar - 275.0) / 25.0).powi(2)).exp();
        let rc = 2.0 * (cp_bar.powi(7) / (cp_bar.powi(7) + 25f64.powi(7))).sqrt();
        let sl = 1.0 + 0.015 * (l_bar - 50.0).powi(2) / (20.0 + (l_bar - 50.0).powi(2)).sqrt();
        let sc = 1.0 + 0.045 * cp_bar;
        let sh = 1.0 + 0.015 * cp_bar * t;
        let rt = -rad(2.0 * d_theta).sin() * rc;
        ((dl / sl).powi(2) + (dc / sc).powi(2) + (dhh / sh).powi(2) + rt * (dc / sc) * (dhh / sh))
            .sqrt()
    }

    /// The least CIEDE2000 difference between two of `colours` in any of
    /// the four visions, with the vision and the pair.
    pub fn least_difference(colours: &[(String, Rgb)]) -> (f64, String) {
        let mut least = (f64::INFINITY, String::new());
        for (vision, m) in VISIONS {
            for (i, (n1, c1)) in colours.iter().enumerate() {
                for (n2, c2) in &colours[i + 1..] {
                    let d = de2000(lab(*c1, m), lab(*c2, m));
                    if d < least.0 {
                        least = (d, format!("{vision}: {n1} vs {n2}"));
                    }
                }
            }
        }
        least
    }

    #[test]
    fn de2000_matches_the_published_test_data() {
        // Sharma, Wu and Dalal (2005), Table 1, pairs 1, 7 and 17.
        let cases = [
            ([50.0, 2.6772, -79.7751], [50.0, 0.0, -82.7485], 2.0425),
            ([50.0, 0.0, 0.0], [50.0, -1.0, 2.0], 2.3669),
            ([50.0, 2.5, 0.0], [73.0, 25.0, -18.0], 27.1492),
        ];
        for (p, q, expected) in cases {
            assert!((de2000(p, q) - expected).abs() < 1e-3, "{p:?} {q:?}");
        }
    }
}

/// The least colour difference kept between legend entries, in every
/// vision: ΔE2000 = 10 is clearly different side by side (2 is about the
/// least a trained eye sees). The palette before issue 13 had 2.9
/// (deuteranopia: Table 1 rows 1 and 2).
const LEAST_DE: f64 = 10.0;

fn named(colours: &[(&str, Rgb)]) -> Vec<(String, Rgb)> {
    colours.iter().map(|(n, c)| (n.to_string(), *c)).collect()
}

#[test]
fn atlas_legend_colours_stay_apart_also_for_colour_blind_readers() {
    let atlas = small_atlas();
    let pixmap = render::rasterize(&atlas.svg_for(Show::Row, CELL_PX, Medium::Print), 1.0).unwrap();
    let entries = atlas.legend_entries(Show::Row, CELL_PX);
    // Every class has an entry here (Table 2 appears for b = 6, 9, …).
    assert_eq!(entries.len(), Class::legend_order().len() + 1);
    let (outline, swatches) = entries.split_last().unwrap();
    // The colours as rendered in the legend's swatches.
    let rendered: Vec<(String, Rgb)> = swatches
        .iter()
        .map(|e| {
            let c = at(&pixmap, e.centre);
            assert_eq!(c, e.colour, "{}", e.label);
            (e.label.clone(), c)
        })
        .collect();
    let (least, pair) = colour::least_difference(&rendered);
    assert!(least >= LEAST_DE, "ΔE2000 {least:.1} ({pair})");
    // The red outline of a disagreement stands apart from every fill.
    let red = at(&pixmap, (outline.centre.0 - 6.0, outline.centre.1));
    assert_eq!(red, atlas::DISAGREE);
    let mut with_red = rendered.clone();
    with_red.push(("disagreement".into(), red));
    let (least, pair) = colour::least_difference(&with_red);
    assert!(least >= LEAST_DE, "ΔE2000 {least:.1} ({pair})");
}

#[test]
fn drawing_colours_stay_apart_also_for_colour_blind_readers() {
    let groups: [(&str, Vec<(&str, Rgb)>); 4] = [
        (
            "values",
            (0..=5)
                .map(|v| (["0", "1", "2", "3", "4", "5+"][v], value_colour(v as _)))
                .collect(),
        ),
        (
            "rings and ray",
            vec![
                ("Θ_{a+b}", draw::RINGS[0]),
                ("Θ_{c+a}", draw::RINGS[1]),
                ("Θ_{c+b}", draw::RINGS[2]),
                ("track", draw::RING_TRACK),
                ("ray", draw::RAY),
            ],
        ),
        (
            "outlines on a cell",
            vec![
                ("band", draw::BAND),
                ("disagreement", draw::DISAGREE),
                ("P-position", P_POSITION),
            ],
        ),
        (
            "strips",
            vec![("seam", draw::SEAM), ("pre-period", draw::PREPERIOD)],
        ),
    ];
    for (group, colours) in groups {
        let (least, pair) = colour::least_difference(&named(&colours));
        assert!(least >= LEAST_DE, "{group}: ΔE2000 {least:.1} ({pair})");
    }
    // And as rendered: every value colour of a game with values 0 to 3.
    let d = Drawing::new(&[4, 11, 27], 1_000_000, 4000, 40).unwrap();
    let pixmap = render::rasterize(&d.svg_for(Medium::Print), 1.0).unwrap();
    let mut seen: Vec<(String, Rgb)> = Vec::new();
    for x in 0..d.cells {
        let (px, py) = d.cell_sample(x);
        let c = pixel(&pixmap, px, py).unwrap();
        if !seen.iter().any(|(_, s)| *s == c) {
            seen.push((format!("G = {}", d.game.values[x as usize]), c));
        }
    }
    assert_eq!(seen.len(), 4, "{seen:?}");
    let (least, pair) = colour::least_difference(&seen);
    assert!(least >= LEAST_DE, "rendered values: {least:.1} ({pair})");
}

use nimcert::pictures::Medium;
use resvg::usvg;

/// A laid-out text of a picture: its characters and its box.
#[derive(Debug)]
struct Label {
    text: String,
    bbox: usvg::Rect,
}

/// Every text of an SVG as usvg lays it out with the system fonts, and
/// every path with an id, by id.
fn layout(svg: &str) -> (Vec<Label>, Vec<(String, usvg::Path)>, usvg::Size) {
    fn walk(g: &usvg::Group, labels: &mut Vec<Label>, paths: &mut Vec<(String, usvg::Path)>) {
        for node in g.children() {
            match node {
                usvg::Node::Group(g) => walk(g, labels, paths),
                usvg::Node::Text(t) => labels.push(Label {
                    text: t.chunks().iter().map(|c| c.text()).collect(),
                    bbox: t.abs_bounding_box(),
                }),
                usvg::Node::Path(p) if !p.id().is_empty() => {
                    paths.push((p.id().to_string(), (**p).clone()))
                }
                _ => {}
            }
        }
    }
    let tree = render::parse(svg).expect("parses");
    let (mut labels, mut paths) = (Vec::new(), Vec::new());
    walk(tree.root(), &mut labels, &mut paths);
    (labels, paths, tree.size())
}

/// Whether two boxes overlap by more than a hair (half a pixel each way).
fn overlap(a: &usvg::Rect, b: &usvg::Rect) -> bool {
    let w = a.right().min(b.right()) - a.left().max(b.left());
    let h = a.bottom().min(b.bottom()) - a.top().max(b.top());
    w > 0.5 && h > 0.5
}

/// Asserts that no two labels overlap, that every label lies inside the
/// picture and that none is a raw `_{…}`; returns the labels.
fn assert_legible(what: &str, svg: &str) -> Vec<Label> {
    let (labels, _, size) = layout(svg);
    assert!(!labels.is_empty(), "{what}: no text laid out (no fonts?)");
    for (i, a) in labels.iter().enumerate() {
        assert!(
            !a.text.contains("_{"),
            "{what}: raw subscript in {:?}",
            a.text
        );
        let b = a.bbox;
        assert!(
            b.left() >= -0.5
                && b.top() >= -0.5
                && b.right() <= size.width() + 0.5
                && b.bottom() <= size.height() + 0.5,
            "{what}: {:?} at {b:?} leaves the {}×{} picture",
            a.text,
            size.width(),
            size.height()
        );
        for c in &labels[i + 1..] {
            assert!(
                !overlap(&a.bbox, &c.bbox),
                "{what}: {:?} at {:?} overlaps {:?} at {:?}",
                a.text,
                a.bbox,
                c.text,
                c.bbox
            );
        }
    }
    labels
}

/// Skips a test (with a note) where no font is installed: text is then not
/// laid out at all, so there is nothing to overlap.
fn fonts_installed() -> bool {
    if render::font_count() == 0 {
        eprintln!("no system font: text layout checks skipped");
        return false;
    }
    true
}

#[test]
fn atlas_labels_never_overlap_in_any_view_or_layout() {
    if !fonts_installed() {
        return;
    }
    let small = small_atlas();
    // A wide range: wrapped into panels, four-digit tick labels.
    let wide = Atlas::compute(3, 4..=9, 5..=1500, 1_000_000).unwrap();
    for (name, atlas) in [("small", &small), ("wide", &wide)] {
        let cell = Atlas::auto_cell(&atlas.b, &atlas.c);
        for show in [Show::Row, Show::Period, Show::Preperiod] {
            let labels = assert_legible(
                &format!("{name} {show:?}"),
                &atlas.svg_for(show, cell, Medium::Print),
            );
            if show == Show::Period {
                // The colour bar shows its ends and ticks between them.
                let (lo, hi) = atlas.cells.iter().fold((u64::MAX, 0), |(lo, hi), c| {
                    (lo.min(c.qp.period), hi.max(c.qp.period))
                });
                for v in [lo, hi] {
                    assert!(
                        labels.iter().any(|l| l.text == v.to_string()),
                        "{name}: {v}"
                    );
                }
            }
        }
    }
}

#[test]
fn colour_bar_ticks_are_never_closer_than_a_label() {
    for (lo, hi) in [
        (1, 2),
        (2, 1540),
        (1, 1_000_000),
        (3, 10),
        (97, 100),
        (1, 10u64.pow(18)),
    ] {
        let ticks = atlas::log_ticks(lo, hi, 200.0, 16.0);
        assert_eq!((ticks[0], *ticks.last().unwrap()), (lo, hi));
        for pair in ticks.windows(2) {
            let gap = (atlas::log_position(pair[1], lo, hi) - atlas::log_position(pair[0], lo, hi))
                * 200.0;
            assert!(gap >= 16.0, "{lo}..{hi}: {pair:?} {gap:.1} px apart");
        }
        if hi >= 100 * lo {
            assert!(ticks.len() >= 4, "{lo}..{hi}: {ticks:?}");
        }
    }
}

#[test]
fn atlas_layout_follows_the_range() {
    // The default range keeps 10-pixel cells in one panel.
    let (b, c) = (4..=40, 5..=120);
    assert_eq!(Atlas::auto_cell(&b, &c), 10);
    assert_eq!(Atlas::layout_of(&b, &c, 10).panels, 1);
    // c ≤ 3000 at b ≤ 40 was a 10,398 × 404 strip before issue 13; now
    // the cells shrink and the range wraps into panels: a page.
    let (b, c) = (4..=40, 5..=3000);
    let l = Atlas::layout_of(&b, &c, Atlas::auto_cell(&b, &c));
    assert!(l.panels > 1, "{l:?}");
    assert!(l.width <= 1700.0, "{l:?}");
    assert!(l.width / l.height <= 2.0, "{l:?}");
    // An explicit cell side is kept, and the range wraps.
    let l = Atlas::layout_of(&b, &c, 10);
    assert_eq!((l.cell, l.panel_cols), (10.0, 120));
    assert_eq!(l.panels, 2996u64.div_ceil(120));
}

#[test]
fn wrapped_atlas_cells_keep_their_class_colours() {
    let atlas = Atlas::compute(3, 4..=8, 5..=400, 1_000_000).unwrap();
    let cell = Atlas::auto_cell(&atlas.b, &atlas.c);
    let l = atlas.layout(cell);
    assert!(l.panels >= 2, "{l:?}");
    let pixmap = render::rasterize(&atlas.svg_for(Show::Row, cell, Medium::Print), 1.0).unwrap();
    for b in 4..=8u64 {
        for c in 5..=400u64 {
            let colour = at(&pixmap, atlas.centre(cell, b, c));
            if c <= b {
                assert_eq!(colour, WHITE);
            } else {
                assert_eq!(colour, expected_class(3, b, c).colour(), "{{3,{b},{c}}}");
            }
        }
    }
}

#[test]
fn hover_hints_and_tooltips_are_for_the_screen_only() {
    let atlas = small_atlas();
    let screen = atlas.svg_for(Show::Row, CELL_PX, Medium::Screen);
    assert!(screen.contains("hover") && screen.contains("<title>"));
    let print = atlas.svg_for(Show::Row, CELL_PX, Medium::Print);
    assert!(!print.contains("hover") && !print.contains("<title>"));
    let d = Drawing::new(&[4, 11, 27], 1_000_000, 4000, 40).unwrap();
    assert!(d.svg().contains("<title>"));
    assert!(!d.svg_for(Medium::Print).contains("<title>"));
}

/// Whether the segment from p to q meets the box (Liang–Barsky clipping).
fn crosses(p: (f64, f64), q: (f64, f64), b: &usvg::Rect) -> bool {
    let (dx, dy) = (q.0 - p.0, q.1 - p.1);
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for (den, num) in [
        (-dx, p.0 - f64::from(b.left())),
        (dx, f64::from(b.right()) - p.0),
        (-dy, p.1 - f64::from(b.top())),
        (dy, f64::from(b.bottom()) - p.1),
    ] {
        if den == 0.0 {
            if num < 0.0 {
                return false;
            }
        } else {
            let t = num / den;
            if den < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
        }
    }
    t0 < t1
}

/// The end points of a path with an id (the ray's segments are lines).
fn ends(path: &usvg::Path) -> ((f64, f64), (f64, f64)) {
    let points = path.data().points();
    let (p, q) = (points[0], points[points.len() - 1]);
    (
        (f64::from(p.x), f64::from(p.y)),
        (f64::from(q.x), f64::from(q.y)),
    )
}

#[test]
fn the_ray_covers_no_label_and_labels_never_overlap() {
    if !fonts_installed() {
        return;
    }
    // ρ through every residue of {4, 11, c} (m = 15), the drawing of
    // every kind of game, g > 1, and two circles summarised (m > 1000).
    let mut games: Vec<[u64; 3]> = (12..=27).map(|c| [4, 11, c]).collect();
    games.extend(GAMES);
    games.extend([[301, 800, 1951], [401, 700, 1500], [5, 13, 40]]);
    let mut ray_label_tested = 0;
    for moves in games {
        let d = Drawing::new(&moves, 10_000_000, 4000, 40).unwrap();
        let svg = d.svg_for(Medium::Print);
        let labels = assert_legible(&format!("{moves:?}"), &svg);
        let (_, paths, _) = layout(&svg);
        let rays: Vec<_> = paths
            .iter()
            .filter(|(id, _)| id.starts_with("ray-"))
            .collect();
        assert_eq!(rays.len(), 2, "{moves:?}");
        for (id, path) in rays {
            let (p, q) = ends(path);
            for label in &labels {
                assert!(
                    !crosses(p, q, &label.bbox),
                    "{moves:?}: {id} crosses {:?} at {:?}",
                    label.text,
                    label.bbox
                );
            }
        }
        // The label of ρ itself is drawn when the circle labels every residue.
        let rho = d.reduced.rho().to_string();
        if d.reduced.m() <= 15 && labels.iter().any(|l| l.text == rho) {
            ray_label_tested += 1;
        }
    }
    assert!(ray_label_tested >= 15, "{ray_label_tested}");
}

#[test]
fn subscripts_are_rendered_not_printed() {
    let d = Drawing::new(&[4, 11, 27], 1_000_000, 4000, 40).unwrap();
    let svg = d.svg();
    assert!(!svg.contains("_{"), "raw subscript in the SVG");
    assert!(svg.contains("Θ<tspan dy="), "Θ has a lowered subscript");
    if fonts_installed() {
        let (labels, _, _) = layout(&svg);
        assert!(labels.iter().any(|l| l.text.contains("Θa+b")), "{labels:?}");
    }
}

#[test]
fn for_g_above_1_every_period_on_the_page_says_which_game_it_is_of() {
    for moves in [[6u64, 10, 22], [4, 6, 10], [9, 15, 33]] {
        let d = Drawing::new(&moves, 1_000_000, 4000, 40).unwrap();
        let g = d.classification.g;
        assert!(g > 1);
        let given = solve(&MoveSet::new(&moves).unwrap(), 1_000_000).unwrap().qp;
        let reduced: Vec<u64> = moves.iter().map(|x| x / g).collect();
        let small = solve(&MoveSet::new(&reduced).unwrap(), 1_000_000)
            .unwrap()
            .qp;
        // Lemma 5 (G_S(x) = G_S'(⌊x/g⌋)), independently of the picture.
        assert_eq!(
            (given.preperiod, given.period),
            (g * small.preperiod, g * small.period)
        );
        let svg = d.svg();
        let engine = format!(
            "engine for S: q = {}, p = {}",
            given.preperiod, given.period
        );
        assert!(svg.contains(&engine), "{moves:?}: {engine}");
        let reduced_line = format!(
            "engine on S' = S/{g}: q' = {}, p' = {}",
            small.preperiod, small.period
        );
        assert!(svg.contains(&reduced_line), "{moves:?}: {reduced_line}");
        if let Some(p) = &d.classification.prediction {
            assert!(svg.contains(&format!("predicted for S: q = 0, p = {}", p.period)));
            assert_eq!(p.period, given.period, "{moves:?}");
        }
        // No period appears without the game it belongs to.
        assert!(
            !svg.contains("engine: ") && !svg.contains("engine (S')"),
            "{moves:?}"
        );
    }
}

#[test]
fn the_word_has_a_ruler_of_positions() {
    if !fonts_installed() {
        return;
    }
    let d = Drawing::new(&[4, 11, 27], 1_000_000, 4000, 40).unwrap();
    let (labels, _, _) = layout(&d.svg());
    let l = d.layout();
    // Below the first row, the positions 5, 10, …, 35 (38 cells).
    for x in (5..38).step_by(5) {
        let (x0, y0) = d.cell_origin(x);
        let mid = x0 + l.cell_width / 2.0;
        let found = labels.iter().any(|label| {
            label.text == x.to_string()
                && (f64::from(label.bbox.left() + label.bbox.right()) / 2.0 - mid).abs() < 1.0
                && f64::from(label.bbox.top()) > y0 + draw::CELL
        });
        assert!(found, "no ruler label {x}");
    }
    // The marks of c name themselves.
    assert!(labels.iter().any(|l| l.text == "c = 27"));
}

#[test]
fn a_large_game_is_summarised_not_drawn_as_a_solid_ring() {
    // m = 1101, q + p = 3353: before issue 13, a 916 × 3800 picture whose
    // circle was a solid ring of 1101 dots.
    let moves = [301u64, 800, 1951];
    let d = Drawing::new(&moves, 10_000_000, 4000, 40).unwrap();
    assert!(!d.dotted() && !d.detailed());
    let l = d.layout();
    assert!(l.width <= 1100.0 && l.height <= 1300.0, "{l:?}");
    let svg = d.svg_for(Medium::Print);
    assert!(svg.matches("<circle").count() < 100, "no dot per residue");
    assert!(svg.len() < 2_000_000, "{} bytes", svg.len());
    let pixmap = render::rasterize(&svg, 1.0).unwrap();
    // Every position of the word, one column each, has its value's colour.
    let game = solve(&MoveSet::new(&moves).unwrap(), 10_000_000).unwrap();
    assert_eq!(d.cells as usize, game.values.len());
    for x in 0..d.cells {
        let (px, py) = d.cell_sample(x);
        assert_eq!(
            pixel(&pixmap, px, py).unwrap(),
            value_colour(game.values[x as usize]),
            "x = {x}"
        );
    }
    // The magnified residues around ρ show the admissible sets exactly.
    let t = d.reduced;
    let base = t.base();
    for i in 0..=2 * draw::ZOOM {
        let r = (t.rho() + t.m() - draw::ZOOM + i) % t.m();
        let tests = admissible(&base, r);
        for (k, ok) in [tests.a_plus_b, tests.c_plus_a, tests.c_plus_b]
            .into_iter()
            .enumerate()
        {
            let expected = if ok { draw::RINGS[k] } else { draw::RING_TRACK };
            assert_eq!(
                at(&pixmap, d.zoom_point(i, k)),
                expected,
                "residue {r} ring {k}"
            );
        }
    }
    // A game whose strip has admissible residues near ρ: the check above
    // can tell a coloured square from a grey one.
    let d = Drawing::new(&[401, 700, 1500], 10_000_000, 4000, 40).unwrap();
    let t = d.reduced;
    let near = (0..=2 * draw::ZOOM).filter(|i| {
        let r = (t.rho() + t.m() - draw::ZOOM + i) % t.m();
        let a = admissible(&t.base(), r);
        a.a_plus_b || a.c_plus_a || a.c_plus_b
    });
    assert!(near.count() > 0);
}

#[cfg(feature = "pdf")]
#[test]
fn pdf_is_vector_with_its_fonts_embedded() {
    let d = Drawing::new(&[4, 11, 27], 1_000_000, 4000, 40).unwrap();
    let pdf = render::pdf(&d.svg_for(Medium::Print)).unwrap();
    assert!(pdf.starts_with(b"%PDF-"));
    let l = d.layout();
    let media = format!("/MediaBox [0 0 {} {}]", l.width, l.height);
    assert!(find(&pdf, media.as_bytes()), "{media}");
    if render::font_count() > 0 {
        // Each font is a subset embedded as a TrueType program, not a
        // reference to a font the reader may not have.
        assert!(find(&pdf, b"/FontFile2"), "no embedded font program");
        assert!(
            !find(&pdf, b"/Subtype /Type1"),
            "a non-embedded standard font"
        );
    }
}

#[cfg(feature = "pdf")]
fn find(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

#[cfg(feature = "pdf")]
#[test]
fn cli_writes_pdf_and_pdffonts_finds_every_font_embedded() {
    let dir = std::env::temp_dir().join(format!("nimcert-pdf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let paths = [dir.join("game.pdf"), dir.join("named.x")];
    let runs: [Vec<&str>; 2] = [
        vec!["draw", "4,11,27", "-o", paths[0].to_str().unwrap()],
        vec!["draw", "4,11,27", "--pdf", "-o", paths[1].to_str().unwrap()],
    ];
    for (args, path) in runs.iter().zip(&paths) {
        let out = nimcert(args);
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        let pdf = std::fs::read(path).unwrap();
        assert!(pdf.starts_with(b"%PDF-"), "{path:?}");
        // pdffonts (poppler-utils), where installed, lists each font with
        // "emb" yes.
        if let Ok(out) = Command::new("pdffonts").arg(path).output() {
            let table = String::from_utf8_lossy(&out.stdout);
            let fonts: Vec<&str> = table.lines().skip(2).collect();
            if render::font_count() > 0 {
                assert!(!fonts.is_empty(), "{table}");
            }
            for font in fonts {
                let cols: Vec<&str> = font.split_whitespace().collect();
                // name type [encoding…] emb sub uni object ID
                let emb = cols[cols.len() - 5];
                assert_eq!(emb, "yes", "{path:?}: {font}");
            }
        }
    }
    // --png and --pdf together are a usage error.
    let out = nimcert(&["draw", "4,11,27", "--png", "--pdf", "-o", "-"]);
    assert_eq!(out.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The legibility check can fail: two labels on top of each other, a
/// label outside the picture and a raw subscript are each caught.
#[test]
fn the_legibility_check_catches_what_it_looks_for() {
    if !fonts_installed() {
        return;
    }
    let font = nimcert::pictures::FONT_FAMILY;
    let doc = |body: &str| {
        format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><g font-family="{font}" font-size="12">{body}</g></svg>"#
        )
    };
    for bad in [
        r#"<text x="10" y="20">label one</text><text x="30" y="24">label two</text>"#,
        r#"<text x="180" y="20">outside</text>"#,
        r#"<text x="10" y="20">Θ_{a+b}</text>"#,
    ] {
        let svg = doc(bad);
        let caught = std::panic::catch_unwind(|| assert_legible("bad", &svg)).is_err();
        assert!(caught, "{bad}");
    }
    assert_legible(
        "good",
        &doc(r#"<text x="10" y="20">one</text><text x="10" y="50">two</text>"#),
    );
}

/// Issue 20: a name that is only an extension (`-o .svg`, a hidden file
/// with no name) is refused in words that say so, not ".svg is not .svg".
#[test]
fn a_name_that_is_only_an_extension_is_refused_clearly() {
    for (command, name) in [("atlas", ".svg"), ("draw", ".PNG"), ("atlas", "dir/.pdf")] {
        let mut args = match command {
            "atlas" => vec!["atlas", "--a", "3"],
            _ => vec!["draw", "3,5,7"],
        };
        args.extend(["-o", name]);
        let out = nimcert(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
        assert!(
            stderr.contains("the file name is only an extension") && !stderr.contains("written as"),
            "{args:?}: {stderr}"
        );
    }
}
