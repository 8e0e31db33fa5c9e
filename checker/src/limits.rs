//! Size bounds, checked before any allocation or loop that depends on a
//! claimed size.

/// Bounds on what the checker agrees to look at. Input beyond a bound is
/// refused, never attempted: [`crate::Verdict::OverLimit`] (exit 3), whose
/// message names the `nimcheck` flag that raises the bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Largest certificate file read, in bytes (default 4 MiB). Parsed
    /// vectors are at most as long as the file, which bounds memory: the
    /// worst case measured (a file of empty lists, 24 bytes of `Vec` per 3
    /// bytes of input) peaks at 40 MB at 4 MiB, where 16 MiB reached 150 MB
    /// (docs/TRUST.md, "Hardening").
    pub max_file_bytes: u64,
    /// Largest number of moves (default 4096).
    pub max_moves: u64,
    /// Largest single move (default 2^24).
    pub max_move: u64,
    /// Largest claimed q + p for a sequence (also the length of the values
    /// a `Periodic` claim makes the checker compute: q + p + c values of
    /// 1, 2 or 4 bytes as |S| needs 8, 16 or 32 bits, at most 234 MB at the
    /// defaults), P for a P-set, or the positions
    /// L = 2q + 2p + t + 1 an `Octal` claim makes the checker compute (4
    /// bytes each), or the N values of a `Grundy` claim (default 10^8).
    pub max_period: u64,
    /// Largest amount of work, in units of about a nanosecond, counted
    /// before the work from the claim's sizes: (q + p + c)·(|S| + 4) for a
    /// sequence (checker/src/mex.rs), 2·|H|·|S| + P·(4 + log2 |S|) for a
    /// P-set (checker/src/pset.rs), L·(3t + 4) + 2·(split options) for an
    /// octal game (checker/src/octal.rs), 4N + 2·⌊(N − 2)²/4⌋ for the N
    /// values of Grundy's game (checker/src/grundy.rs), the sum over its
    /// lines for a table, and
    /// the word operations and lookups of every rule for an avoidance game
    /// (checker/src/avoidance.rs, `Cost`). Default 3·10^10, about 30 s
    /// of CPU: the most work a certificate nimcert ships needs is 7.4·10^9
    /// (the `OctalPeriodic` claims of 0.376 and 0.354, whose check no
    /// known method fits in 10^9; docs/TRUST.md, "The default work
    /// budget", has the measurements and the hostile cases' times).
    pub max_work: u64,
    /// Deepest nesting the RON parser follows (default 32; certificates
    /// need 6).
    pub max_depth: usize,
    /// Largest ground set of an avoidance game, in points (default 4096).
    pub max_points: u64,
    /// Largest number of structure classes of an avoidance game (default 2^20).
    pub max_classes: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_file_bytes: 4 << 20,
            max_moves: 4096,
            max_move: 1 << 24,
            max_period: 100_000_000,
            max_work: 30_000_000_000,
            max_depth: 32,
            max_points: 4096,
            max_classes: 1 << 20,
        }
    }
}
