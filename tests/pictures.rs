//! Pictures (issue 7): the atlas and the drawing of a game, rendered to PNG
//! in the test and checked pixel by pixel where the picture must show
//! something definite. Expected colours come from an independent
//! classification and engine run, never from the picture's own data; the
//! checks sample points that no text covers, so they hold with or without
//! system fonts.

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
        let pixmap = render::rasterize(&d.svg(), 1.0).unwrap();
        let t = d.reduced;
        let base = t.base();
        for r in 0..t.m() {
            if r == t.rho() {
                continue; // the ray crosses here
            }
            let dot = at(&pixmap, d.residue_point(r));
            let in_z = base.in_z(r);
            assert_eq!(
                dot,
                if in_z { Rgb(0x11, 0x11, 0x11) } else { WHITE },
                "{moves:?} residue {r}"
            );
            let tests = admissible(&base, r);
            for (k, ok) in [tests.a_plus_b, tests.c_plus_a, tests.c_plus_b]
                .into_iter()
                .enumerate()
            {
                let expected = if ok {
                    draw::RINGS[k]
                } else {
                    Rgb(0xe4, 0xe4, 0xe4)
                };
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
    for path in [&svg_path, &png_path] {
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
