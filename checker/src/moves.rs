//! The move-set rule shared by both subtraction claims.

use crate::{too_large, wrong, Failure, Limits};

/// The limits on a move set: at most `--max-moves` moves, none above
/// `--max-move` (judged on the list as given, sorted or not).
pub(crate) fn admit_moves(moves: &[u64], limits: &Limits) -> Result<(), Failure> {
    if moves.len() as u64 > limits.max_moves {
        return too_large(format!(
            "{} moves exceed the limit of {} (--max-moves)",
            moves.len(),
            limits.max_moves
        ));
    }
    if let Some(&s) = moves.iter().find(|&&s| s > limits.max_move) {
        return too_large(format!(
            "move {s} exceeds the limit of {} (--max-move)",
            limits.max_move
        ));
    }
    Ok(())
}

/// Rule (moves). S must be non-empty, strictly increasing and positive.
/// Strict increase makes "s ∈ S" a binary search and the largest move the
/// last one, which is returned.
pub(crate) fn check_moves(moves: &[u64]) -> Result<u64, Failure> {
    let Some(&c) = moves.last() else {
        return wrong("the move set is empty".to_string());
    };
    if moves[0] == 0 {
        return wrong("0 is not a move".to_string());
    }
    if let Some(w) = moves.windows(2).find(|w| w[0] >= w[1]) {
        return wrong(format!(
            "moves must be strictly increasing: {} is followed by {}",
            w[0], w[1]
        ));
    }
    Ok(c)
}

/// "{2,5,7}", with at most 64 items shown.
pub(crate) fn show_set(items: &[u64]) -> String {
    format!("{{{}}}", show_list(items.iter().copied(), 64))
}

/// "0,1,7,8,..." with at most `most` items shown.
pub(crate) fn show_list(items: impl Iterator<Item = u64>, most: usize) -> String {
    let mut shown: Vec<String> = Vec::new();
    for (i, x) in items.enumerate() {
        if i == most {
            shown.push("...".to_string());
            break;
        }
        shown.push(x.to_string());
    }
    shown.join(",")
}
