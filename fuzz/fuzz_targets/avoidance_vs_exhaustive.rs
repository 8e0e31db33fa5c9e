//! Paper B: for arbitrary small trees (vertex and edge geometries) and
//! point sets, the structure-diagram nim number equals the exhaustive mex
//! computation over all positions, and the certificate built from the
//! diagram is accepted by the checker with that same nim number.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use nimcert::avoidance::affine::AffineGeometry;
use nimcert::avoidance::certify::{certificate, search_method};
use nimcert::avoidance::exhaustive::nim_number;
use nimcert::avoidance::tree::{EdgeGeometry, Tree, VertexGeometry};
use nimcert::avoidance::{ConvexGeometry, Game, StructureDiagram};
use nimcert_check::format::Claim;
use nimcert_check::{check_certificate, Limits, Verdict};

#[derive(Arbitrary, Debug)]
enum Shape {
    /// Vertex i + 1 hangs from vertex parents[i] mod (i + 1).
    TreeVertices(Vec<u8>),
    TreeEdges(Vec<u8>),
    /// Points of Z², coordinates in [0, 8).
    Affine(Vec<(u8, u8)>),
}

#[derive(Arbitrary, Debug)]
struct Input {
    shape: Shape,
    /// W, as indices mod |S| (non-empty after reduction).
    win: Vec<u8>,
}

fn tree(parents: &[u8]) -> Option<Tree> {
    let parents = &parents[..parents.len().min(9)];
    if parents.is_empty() {
        return None;
    }
    let edges: Vec<(usize, usize)> = parents
        .iter()
        .enumerate()
        .map(|(i, &p)| (p as usize % (i + 1), i + 1))
        .collect();
    Tree::from_edges(parents.len() + 1, &edges).ok()
}

fuzz_target!(|input: Input| {
    let geometry: Box<dyn ConvexGeometry> = match &input.shape {
        Shape::TreeVertices(p) => match tree(p) {
            Some(t) => Box::new(VertexGeometry::new(t)),
            None => return,
        },
        Shape::TreeEdges(p) => match tree(p) {
            Some(t) => Box::new(EdgeGeometry::new(t)),
            None => return,
        },
        Shape::Affine(points) => {
            let mut pts: Vec<(i64, i64)> = points
                .iter()
                .take(9)
                .map(|&(x, y)| ((x % 8) as i64, (y % 8) as i64))
                .collect();
            pts.sort_unstable();
            pts.dedup();
            match AffineGeometry::new(pts, false) {
                Ok(g) => Box::new(g),
                Err(_) => return,
            }
        }
    };
    let n = geometry.size();
    let mut win: Vec<usize> = input.win.iter().take(4).map(|&w| w as usize % n).collect();
    win.sort_unstable();
    win.dedup();
    if win.is_empty() {
        return;
    }
    let Ok(game) = Game::new(geometry, win) else {
        return;
    };
    let exhaustive = nim_number(&game).expect("at most 10 points");
    let diagram = StructureDiagram::build(&game, 1 << 16).expect("small");
    assert_eq!(diagram.nim(), exhaustive, "structure diagram vs exhaustive");
    let cert = certificate(&game, &diagram, search_method());
    let Claim::Avoidance(claim) = &cert.claim else {
        unreachable!()
    };
    assert_eq!(claim.nim, exhaustive);
    match check_certificate(&cert, &Limits::default()) {
        Verdict::Valid(_) => {}
        other => panic!("checker refused a true avoidance certificate: {other:?}\n{cert:?}"),
    }
});
