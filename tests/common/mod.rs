//! Shared test helpers: the deliberately simple oracle for (q, p).
#![allow(dead_code)]

use nimcert::engine::naive_prefix;

/// Least period and pre-period by brute force: compute a long prefix with
/// the plain mex rule and test every candidate period p directly.
///
/// A shift p is accepted when v(x) = v(x + p) for all x in [q_p, L − p) and
/// that range holds at least one full window of c values (q_p + p + c ≤ L):
/// a repeated window proves p is a period from q_p. The least accepted p is
/// the least period (a smaller accepted one would be a true period), and
/// q_p is then the least pre-period. Doubles L until it works.
pub fn oracle_qp(moves: &[u64]) -> (u64, u64) {
    let c = *moves.iter().max().unwrap() as usize;
    let mut len = 4 * c + 64;
    loop {
        let v = naive_prefix(moves, len);
        for p in 1..len {
            // Scan down from the end while v(x) = v(x + p).
            let mut q = len - p;
            while q > 0 && v[q - 1] == v[q - 1 + p] {
                q -= 1;
            }
            if q + p + c <= len {
                return (q as u64, p as u64);
            }
        }
        assert!(len < 1 << 22, "oracle gave up on {moves:?}");
        len *= 2;
    }
}
