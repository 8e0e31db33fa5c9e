//! Avoidance certificates: the geometry, W, 𝓜, the structure diagram and
//! the nim number, in the checker's format.

use super::geometry::Game;
use super::points::PointSet;
use super::structure::StructureDiagram;
use nimcert_check::format::{
    AvoidanceClaim, AvoidanceClass, Certificate, Claim, Method, Provenance, FORMAT_VERSION,
};

/// A point or class number as the certificate format holds it: a [`Game`]
/// has fewer than 2^32 points ([`super::geometry::GameError::TooLarge`]), and a
/// diagram that `nimcert` builds fewer than 2^32 classes (`--max-classes`
/// is at most 2^32 − 1).
fn number(x: usize) -> u32 {
    u32::try_from(x).expect("fewer than 2^32 points and classes")
}

fn list(set: &PointSet) -> Vec<u32> {
    set.iter().map(number).collect()
}

/// The claim "nim(DNG(S, W)) = diagram.nim()" with its evidence.
pub fn avoidance_claim(game: &Game, diagram: &StructureDiagram) -> AvoidanceClaim {
    AvoidanceClaim {
        geometry: game.geometry().certificate_geometry(),
        win: list(game.win()),
        nim: diagram.nim(),
        maximal: {
            let mut maximal: Vec<Vec<u32>> = diagram.maximal.iter().map(list).collect();
            maximal.sort();
            maximal
        },
        classes: diagram
            .classes
            .iter()
            .map(|c| AvoidanceClass {
                set: list(&c.set),
                parity: c.parity(),
                nim0: c.nim0,
                nim1: c.nim1,
                options: c.options.iter().copied().map(number).collect(),
            })
            .collect(),
    }
}

/// A certificate of the game's nim number, computed by structure diagram.
/// When the geometry renumbers what the user named (a tree's vertices,
/// [`super::ConvexGeometry::renumbering`]), a `Search` method's engine
/// says how, after a `; `, e.g. `structure-diagram; tree vertices 0..8 are
/// the input's 1..9`: the format has no other free-text field, and the
/// checker reports the provenance without trusting it.
pub fn certificate(game: &Game, diagram: &StructureDiagram, method: Method) -> Certificate {
    let method = match (method, game.geometry().renumbering()) {
        (Method::Search { engine }, Some(renumbering)) => Method::Search {
            engine: format!("{engine}; {renumbering}"),
        },
        (method, _) => method,
    };
    Certificate {
        format: FORMAT_VERSION,
        provenance: Provenance {
            tool: format!("nimcert {}", env!("CARGO_PKG_VERSION")),
            method,
        },
        claim: Claim::Avoidance(avoidance_claim(game, diagram)),
    }
}

/// The provenance of a search result.
pub fn search_method() -> Method {
    Method::Search {
        engine: "structure-diagram".to_string(),
    }
}
