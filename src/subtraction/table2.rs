//! The known case a = 1 (Table 2, after Zhang \[17\] and Ho \[9\]).
//!
//! S = {1, b, c}, 1 < b < c, c = K(b + 1) + ρ with 0 ≤ ρ ≤ b; for even b,
//! k = b/2 and H_b = (01)^k 2. Every row is encoded as printed: conditions,
//! n-th P-position w_3(n), Grundy word, least period.

use super::Triple;
use crate::engine::Value;

/// The number of rows of Table 2.
pub const TABLE2_ROWS: u8 = 7;

/// The first row of Table 2 whose printed conditions hold for {1, b, c}.
pub fn table2_row(t: &Triple) -> Option<u8> {
    (1..=TABLE2_ROWS).find(|&row| conditions(t, row))
}

/// Table 2 row `row`'s conditions as printed.
pub fn conditions(t: &Triple, row: u8) -> bool {
    let (b, c, rho) = (t.b, t.c, t.rho());
    if t.a != 1 {
        return false;
    }
    let (b_even, c_even) = (b % 2 == 0, c % 2 == 0);
    match row {
        1 => !b_even && !c_even,
        2 => !b_even && c_even,
        3 => b_even && (rho == 1 || rho == b),
        4 => b_even && b >= 4 && (3..b).contains(&rho) && rho % 2 == 1,
        5 => b_even && b >= 4 && rho + 2 == b,
        6 => b_even && c == b + 1,
        7 => b == 2 && rho == 0 && c > 3,
        _ => false,
    }
}

/// Table 2 row `row`'s n-th P-position as printed.
pub fn w3_printed(t: &Triple, row: u8, n: u64) -> u64 {
    let (b, c, kk) = (t.b, t.c, t.winding());
    let k = b / 2;
    let rho = t.rho();
    match row {
        1 => 2 * n,
        2 => 2 * n + b * (2 * n / c),
        3 => 2 * n + n / k,
        4 => {
            let m = (kk + 1) * k;
            2 * n + n / k + (rho - 1) * (n / m)
        }
        5 => {
            let m = (kk + 1) * k - 1;
            2 * n + (n + n / m) / k
        }
        6 => 2 * n + b * (n / k),
        _ => 3 * n + n / kk,
    }
}

/// Table 2 row `row`'s Grundy word (one least period, repeating from 0) as
/// printed.
pub fn grundy_word_printed(t: &Triple, row: u8) -> Vec<Value> {
    let (b, c, kk, rho) = (
        t.b as usize,
        t.c as usize,
        t.winding() as usize,
        t.rho() as usize,
    );
    let k = b / 2;
    let rep = |w: &[Value], n: usize| -> Vec<Value> {
        w.iter().copied().cycle().take(w.len() * n).collect()
    };
    let h_b = || [rep(&[0, 1], k), vec![2]].concat();
    match row {
        1 => vec![0, 1],
        2 => [rep(&[0, 1], c / 2), rep(&[2, 3], (b - 1) / 2), vec![2]].concat(),
        3 => h_b(),
        4 => [rep(&h_b(), kk + 1), rep(&[3, 2], (rho - 1) / 2)].concat(),
        5 => [rep(&h_b(), kk), rep(&[0, 1], k - 1), vec![2]].concat(),
        6 => [rep(&[0, 1], k), rep(&[2, 3], k)].concat(),
        _ => [rep(&[0, 1, 2], kk), vec![3]].concat(),
    }
}

/// Table 2 row `row`'s least period as printed.
pub fn period_printed(t: &Triple, row: u8) -> u64 {
    let (b, c) = (t.b, t.c);
    match row {
        1 => 2,
        2 | 4 => b + c,
        3 => b + 1,
        5 | 7 => c + 1,
        _ => 2 * b,
    }
}

/// The a = 1 additive remark (§3, after Table 2) as printed:
/// N = ⌈b/2⌉, w_3(n) = 2n + b⌊n/N⌋, p = b + 2N, for S = {1, b, b + 1}.
pub fn a1_additive_printed(b: u64, n: u64) -> (u64, u64) {
    let nn = b.div_ceil(2);
    (2 * n + b * (n / nn), b + 2 * nn)
}
