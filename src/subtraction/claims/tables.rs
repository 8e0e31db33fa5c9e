//! Paper A, Table 1 (the covered three-move games, row by row, with the
//! table's notes) and Table 2 (the known case a = 1), with the a = 1
//! additive display that follows it.

use super::{on_angles, on_triples, qp, verdict, wide, Angle, Check, TripleRange};
use crate::claim::{on_numbers, Claim, Kind};
use crate::engine::Periodicity;
use crate::subtraction::angles::admissible;
use crate::subtraction::classify::TABLE2_IDS;
use crate::subtraction::sieve::{table1_conditions, table1_generator};
use crate::subtraction::table2;
use crate::subtraction::Triple;

/// The printed rows of Table 1 (conditions: formula, least period).
const TABLE1: [&str; 8] = [
    "inert: a < b ≤ 2a, a ≤ ρ ≤ b, or b > 2a, a ∤ b, ρ ∈ {a, b}: w3 = w2, p = a + b",
    "b ≤ 2a, ρ = 0 or ρ > b: w3(n) = n + b⌊n/a⌋ + (c + a − (a+b)M/a)⌊n/M⌋, M = a⌈c/(a+b)⌉, p = c + a",
    "b > 2a, a ∤ b, ρ = b − 2a: w3(n) = w2(n + a⌊n/M⌋) − 2a⌊n/M⌋, M = (K+1)N − a, p = c + a",
    "a < b < 2a, b − a ≤ ρ < a: w3(n) = n + b⌊(n + (a−ρ)⌊n/M⌋)/a⌋, M = Ka + ρ, p = c + b",
    "b > 2a, ε > 0, ⌊b/a⌋ odd, ε ≤ σ ≤ a, ρ ≠ a: w3(n) = (c+b)⌊n/M⌋ + v(n mod M) (v derived here), p = c + b",
    "b > 2a, ε > 0, ⌊b/a⌋ even, a ≤ σ ≤ a + ε, ρ ≤ b + ε, ρ ≠ a: w3(n) = (c+b)⌊n/M⌋ + v(n mod M) (v derived here), p = c + b",
    "b/a ∈ {3, 5, 7, …}: w3(n) = (c+b)⌊n/M⌋ + v(n mod M) (v derived here), p = c + b",
    "additive c = a + b, 2 ≤ a < b, gcd(a, b) = 1: w3(n) = n + a⌊n/a⌋ + b⌊n/N⌋, p = a(2N + b)/gcd(a, N)",
];

const TABLE1_IDS: [&str; 8] = [
    "A.Table1.row1",
    "A.Table1.row2",
    "A.Table1.row3",
    "A.Table1.row4",
    "A.Table1.row5",
    "A.Table1.row6",
    "A.Table1.row7",
    "A.Table1.row8",
];

/// The printed rows of Table 2.
const TABLE2: [&str; 7] = [
    "b, c odd: w3(n) = 2n, word 01, p = 2",
    "b odd, c even: w3(n) = 2n + b⌊2n/c⌋, word (01)^(c/2) (23)^((b−1)/2) 2, p = b + c",
    "b even, ρ ∈ {1, b}: w3(n) = 2n + ⌊n/k⌋, word H_b, p = b + 1",
    "b ≥ 4 even, 3 ≤ ρ ≤ b − 1 odd: w3(n) = 2n + ⌊n/k⌋ + (ρ−1)⌊n/M⌋, M = (K+1)k, word H_b^(K+1) (32)^((ρ−1)/2), p = b + c",
    "b ≥ 4 even, ρ = b − 2: w3(n) = 2n + ⌊(n + ⌊n/M⌋)/k⌋, M = (K+1)k − 1, word H_b^K (01)^(k−1) 2, p = c + 1",
    "b even, c = b + 1: w3(n) = 2n + b⌊n/k⌋, word (01)^k (23)^k, p = 2b",
    "b = 2, ρ = 0, c > 3: w3(n) = 3n + ⌊n/K⌋, word (012)^K 3, p = c + 1",
];

/// The a = 1 range of Table 2: 1 < b ≤ 40, b < c ≤ 120.
fn a_is_one() -> TripleRange {
    TripleRange::fixed((1..=1, 1..=40, 1..=120))
}

pub(super) fn claims() -> Vec<Claim> {
    let mut all = Vec::new();
    for row in 1..=8u8 {
        let i = row as usize - 1;
        let range = if row == 8 {
            TripleRange::fixed((2..=12, 1..=60, 1..=72))
        } else {
            TripleRange::fixed(wide())
        };
        let claim = on_triples(
            TABLE1_IDS[i],
            TABLE1[i],
            range,
            move |t| table1_conditions(t, row),
            move |t, g| check_table1_row(t, g, row),
        )
        .at("Table 1")
        .hypotheses(if row == 8 {
            "the row's conditions: c = a + b, 2 ≤ a < b, gcd(a, b) = 1"
        } else {
            "the row's conditions, with 2 ≤ a < b < c, gcd(a, b, c) = 1, c ≠ a + b"
        });
        all.push(if (5..=7).contains(&row) {
            claim.kind(Kind::Reconstructed {
                tests: "q = 0 and p = c + b as printed; the list v, hence M and w_3, is derived here (the two-window construction is lost)",
            })
        } else {
            claim
        });
    }
    all.push(
        on_angles("A.Table1.complete", "under the stated hypotheses the rows are disjoint, and they list exactly the admissible angles (Table 1 notes, §6)", |x| x.base.a >= 2 && x.is_primitive(), check_table1_complete)
            .at("Table 1, notes (\"Under the stated hypotheses the rows are disjoint\")")
            .hypotheses("2 ≤ a < b, gcd(a, b, ρ) = 1 (so some c with angle ρ is primitive and non-additive)"),
    );
    all.push(
        on_numbers(
            "A.Table1.notation",
            "ε = b mod a is the ε of b − a = ηa + ε, and ⌊b/a⌋ = η + 1",
            "1 ≤ a ≤ 40, a < b ≤ 400",
            || (1..=40u64).flat_map(|a| (a + 1..=400).map(move |b| (a, b))),
            |&(a, b)| format!("{{{a},{b}}}"),
            |&(a, b)| {
                let (eta, eps) = ((b - a) / a, (b - a) % a);
                if b % a == eps && b / a == eta + 1 {
                    Ok(())
                } else {
                    Err(format!("η = {eta}, ε = {eps}"))
                }
            },
        )
        .at("Table 1, notation")
        .hypotheses("0 < a < b")
        .counts("bases (a, b)"),
    );
    for row in 1..=7u8 {
        let i = row as usize - 1;
        all.push(
            on_triples(
                TABLE2_IDS[i],
                TABLE2[i],
                a_is_one(),
                move |t| table2::conditions(t, row),
                move |t, g| check_table2_row(t, g, row),
            )
            .at("Table 2")
            .hypotheses(
                "a = 1, 1 < b < c, the row's conditions (c = K(b+1) + ρ, k = b/2, H_b = (01)^k 2)",
            ),
        );
    }
    all.push(
        on_triples("A.Table2.complete", "every purely periodic {1, b, c} is in a row of Table 2 (\"Every omitted case has positive pre-period\")", a_is_one(), |t| t.a == 1, check_table2_complete)
            .at("§3, \"The known case with smallest move 1\"")
            .hypotheses("a = 1"),
    );
    all.push(
        on_triples("A.Table2.additive", "N = ⌈b/2⌉, w_3(n) = 2n + b⌊n/N⌋, p = b + 2N", a_is_one(), |t| t.a == 1 && t.c == t.b + 1, check_a1_additive)
            .at("§3, display after Table 2")
            .hypotheses("a = 1, c = b + 1 (read: the lead-in is lost)")
            .kind(Kind::Fragment { lost: "the lead-in; read as the additive game {1, b, b + 1} (Theorem 36's formula at a = 1)" }),
    );
    all
}

fn check_table1_row(t: &Triple, game: &Periodicity, row: u8) -> Check {
    let gen = table1_generator(t, row);
    if game.qp.preperiod != 0 || game.qp.period != gen.period {
        return Check::Fails(format!(
            "row {row}: q = 0, p = {}; engine {}",
            gen.period,
            qp(game)
        ));
    }
    let zeros: Vec<u64> = (0..2 * gen.period)
        .filter(|&x| game.value(x) == 0)
        .collect();
    if zeros.len() as u64 != 2 * gen.count {
        return Check::Fails(format!(
            "row {row}: M = {} but {} P-positions per period",
            gen.count,
            zeros.len() / 2
        ));
    }
    let bad = (0..zeros.len() as u64).find(|&n| gen.w3(n) != zeros[n as usize] as i64);
    verdict(bad.is_none(), || {
        let n = bad.unwrap_or(0);
        format!(
            "row {row}: w_3({n}) = {}, engine {}",
            gen.w3(n),
            zeros[n as usize]
        )
    })
}

fn check_table1_complete(angle: &Angle) -> Check {
    let t = angle.triple();
    let rows: Vec<u8> = (1..=7).filter(|&r| table1_conditions(&t, r)).collect();
    let adm = admissible(&angle.base, angle.rho).any();
    if rows.len() > 1 {
        return Check::Fails(format!("ρ = {}: rows {rows:?} overlap", angle.rho));
    }
    verdict(rows.is_empty() != adm, || {
        format!(
            "ρ = {}: admissible = {adm}, Table 1 rows {rows:?}",
            angle.rho
        )
    })
}

fn check_table2_row(t: &Triple, game: &Periodicity, row: u8) -> Check {
    let p = table2::period_printed(t, row);
    if game.qp.preperiod != 0 || game.qp.period != p {
        return Check::Fails(format!("row {row}: q = 0, p = {p}; engine {}", qp(game)));
    }
    let word = table2::grundy_word_printed(t, row);
    if let Some(x) = (0..2 * p).find(|&x| word[(x % word.len() as u64) as usize] != game.value(x)) {
        return Check::Fails(format!("row {row}: the Grundy word differs at x = {x}"));
    }
    let zeros: Vec<u64> = (0..2 * p).filter(|&x| game.value(x) == 0).collect();
    let bad = (0..zeros.len() as u64).find(|&n| table2::w3_printed(t, row, n) != zeros[n as usize]);
    verdict(bad.is_none(), || {
        format!("row {row}: w_3({}) differs", bad.unwrap_or(0))
    })
}

fn check_table2_complete(t: &Triple, game: &Periodicity) -> Check {
    let row = table2::table2_row(t);
    verdict(game.qp.preperiod > 0 || row.is_some(), || {
        format!("purely periodic ({}) but in no row", qp(game))
    })
}

fn check_a1_additive(t: &Triple, game: &Periodicity) -> Check {
    let (_, p) = table2::a1_additive_printed(t.b, 0);
    if game.qp.preperiod != 0 || game.qp.period != p {
        return Check::Fails(format!("p = b + 2N = {p}; engine {}", qp(game)));
    }
    let zeros: Vec<u64> = (0..2 * p).filter(|&x| game.value(x) == 0).collect();
    let bad = (0..zeros.len() as u64)
        .find(|&n| table2::a1_additive_printed(t.b, n).0 != zeros[n as usize]);
    verdict(bad.is_none(), || {
        format!("w_3({}) differs", bad.unwrap_or(0))
    })
}
