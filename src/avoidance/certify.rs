//! Avoidance certificates: the geometry, W, 𝓜, the structure diagram and
//! the nim number, in the checker's format.

use super::geometry::Game;
use super::points::PointSet;
use super::structure::StructureDiagram;
use nimcert_check::format::{
    AvoidanceClaim, AvoidanceClass, Certificate, Claim, Method, Provenance, FORMAT_VERSION,
};

fn list(set: &PointSet) -> Vec<u32> {
    set.iter().map(|x| x as u32).collect()
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
                options: c.options.iter().map(|&j| j as u32).collect(),
            })
            .collect(),
    }
}

/// A certificate of the game's nim number, computed by structure diagram.
pub fn certificate(game: &Game, diagram: &StructureDiagram, method: Method) -> Certificate {
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
