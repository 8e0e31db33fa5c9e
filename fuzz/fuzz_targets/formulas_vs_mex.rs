//! Paper A's classification against the naive engine: for arbitrary
//! triples (a = 1 and non-primitive included), whenever a statement covers
//! the triple its prediction (q = 0, least period, values) must agree with
//! the engine; and its certificate must be accepted by the checker.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use nimcert::engine::solve;
use nimcert::moves::MoveSet;
use nimcert::subtraction::classify::classify;

#[derive(Arbitrary, Debug)]
struct Input {
    a: u8,
    b: u8,
    c: u16,
    /// Dilation factor g (Lemma 5): 1..=8.
    g: u8,
}

fuzz_target!(|input: Input| {
    let g = 1 + (input.g % 8) as u64;
    let a = 1 + (input.a % 16) as u64;
    let b = 1 + (input.b % 48) as u64;
    let c = 1 + (input.c % 400) as u64;
    let moves = [a * g, b * g, c * g];
    let Some(classification) = classify(&moves) else {
        // Not three distinct positive moves.
        let mut sorted = moves.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert!(sorted.len() < 3, "classify refused {moves:?}");
        return;
    };
    let Some(prediction) = classification.prediction else {
        return; // uncovered: no statement to test
    };
    let set = MoveSet::new(&moves).expect("distinct positive");
    let game = solve(&set, 50_000_000).expect("three-move games settle");
    assert!(
        prediction.agrees_with(&game),
        "{moves:?}: {} predicts period {} with values {:?}; engine: q = {}, p = {}, values {:?}",
        prediction.statement,
        prediction.period,
        prediction.values,
        game.qp.preperiod,
        game.qp.period,
        game.values
    );
});
