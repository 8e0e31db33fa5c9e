//! Paper A, §1 (introduction) and §2 (preliminaries): the recurrence,
//! dilation, the case a = 1, the base game B = {a, b}, Ferguson's pairing
//! and the difference tools.

use super::{
    additive_coprime, any_base, any_triple, bases, first_w0_difference, on_bases, on_instance,
    on_move_sets, on_triples, qp, solved, verdict, Check, TripleRange,
};
use crate::claim::{on_numbers, Claim, Kind};
use crate::engine::Periodicity;
use crate::subtraction::additive::Additive;
use crate::subtraction::angles::{self, theta_def};
use crate::subtraction::lemmas::{
    difference_set, dilate_qp, ferguson_violation, floor_identity, i_def, i_printed, lemma11_holds,
    reduce, translate_avoids,
};
use crate::subtraction::{Base, Triple};

/// The small range of the statements about every three-move game.
fn small() -> TripleRange {
    TripleRange::fixed((1..=8, 1..=30, 1..=80))
}

pub(super) fn claims() -> Vec<Claim> {
    vec![
        on_triples("A.Intro.values", "G_S(x) ∈ {0, 1, 2, 3} for three moves", small(), any_triple, check_values)
            .at("§1, first paragraph")
            .hypotheses("S = {a, b, c}, 0 < a < b < c"),
        on_triples("A.Intro.below_c", "the two-move game B = {a, b} agrees with S at every position below c", small(), any_triple, check_below_c)
            .at("§1, fourth paragraph")
            .hypotheses("S = {a, b, c}, 0 < a < b < c"),
        on_triples("A.Intro.additive", "w_3(n) = n + a⌊n/a⌋ + b⌊n/N⌋, N = #(W0(B) ∩ [0, b))", TripleRange::fixed((2..=12, 1..=60, 1..=72)), additive_coprime, check_intro_additive)
            .at("§1, display after the sixth paragraph")
            .hypotheses("c = a + b, 2 ≤ a, gcd(a, b) = 1 (read from Theorem 36; the lead-in is lost)")
            .kind(Kind::Fragment { lost: "the display's lead-in; read as the additive case c = a + b of Theorem 36, N counted from the engine's W0(B)" }),
        on_instance("A.Example1", "B = {3, 8}: Θ_(a+b) = {3, 8}, Θ_(c+a) = {2, 8}, Θ_(c+b) = {3, 4, 5, 9, 10}", &[3, 8], check_example1)
            .at("§1, display after the seventh paragraph (Example 1; the base named in Figure 2's caption)")
            .hypotheses("B = {3, 8} (m = 11)"),
        on_move_sets("A.Lemma4", "W0(S) is the unique set T with x ∈ T ⟺ x − s ∉ T for every s ∈ S, s ≤ x", 1..=12, check_lemma4)
            .at("§2, Lemma 4")
            .hypotheses("any finite S ⊆ N \\ {0}"),
        on_triples("A.Lemma5", "G_(gS')(x) = G_(S')(⌊x/g⌋), q(gS') = g·q(S'), p(gS') = g·p(S')", TripleRange::fixed((1..=12, 1..=40, 1..=100)), |t| !t.is_primitive(), check_lemma5)
            .at("§2, Lemma 5")
            .hypotheses("S = {a, b, c} with g = gcd(S) > 1"),
        on_move_sets("A.Lemma5.tail", "the tail of a nim-sequence is not constant", 1..=12, check_tail)
            .at("§2, proof of Lemma 5")
            .hypotheses("any finite S"),
        on_triples("A.Remark6", "a = 1: zero outcome pre-period and outcome period dividing b + c ⟺ b + c − 1 is winning", TripleRange::fixed((1..=1, 1..=40, 1..=120)), |t| t.a == 1, check_remark6)
            .at("§2, Remark 6 (quoting Miklós and Post, Cor. 2.12.2)")
            .hypotheses("S = {1, b, c}"),
        on_bases("A.Prop7", "W0(B) = Z + (a+b)N, N = C_a(b) = (η/2 + 1)a (η even), δ − (η − 1)a/2 (η odd), outcome word (0^a 1^a)^((η+1)/2) 0^ε 1^a (η odd), (0^a 1^a)^((η+2)/2) 1^ε (η even)", (1..=12, 1..=80), any_base, check_prop7)
            .at("§2, Proposition 7")
            .hypotheses("0 < a < b"),
        on_bases("A.Remark8", "the least outcome period of B is 2a when b is an odd multiple of a, a + b otherwise", (1..=12, 1..=80), any_base, check_remark8)
            .at("§2, Remark 8 (quoting Miklós and Post, Thm. 3.4)")
            .hypotheses("0 < a < b"),
        on_bases("A.Remark9", "U = [(η+2)a, a+b) (η even), [(η+1)a+ε, (η+2)a) (η odd) is the value-2 set of B mod a + b; U + a ⊆ Z; Z ∩ (Z + a) = ∅", bases(), any_base, check_remark9)
            .at("§2, Remark 9")
            .hypotheses("2 ≤ a < b"),
        on_move_sets("A.Lemma10", "G_S(x) = 0 ⟺ G_S(x + a) = 1 for a = min S (Ferguson's pairing), for every subtraction game", 1..=12, check_lemma10)
            .at("§2, Lemma 10")
            .hypotheses("any finite S, a = min S"),
        on_bases("A.Lemma11", "G_B(y) = 2 ⇒ y ≥ 2a and y − 2a ∈ W0(B)", bases(), any_base, check_lemma11)
            .at("§2, Lemma 11")
            .hypotheses("0 < a < b"),
        on_numbers("A.Lemma12", "(ρ + X) ∩ Y = ∅ ⟺ ρ ∉ Y − X on Z/mZ, for arbitrary X, Y", "every pair of subsets X, Y of Z/mZ, 1 ≤ m ≤ 6, every ρ", all_set_pairs, |&(m, x, y)| format!("m = {m}, X = {x:#b}, Y = {y:#b}"), check_lemma12)
            .at("§2, Lemma 12")
            .hypotheses("X, Y ⊆ Z/mZ")
            .counts("pairs of subsets (X, Y) of Z/mZ"),
        on_numbers("A.Lemma12.intervals", "the integer differences of two intervals fill exactly the interval between their extreme differences", "intervals [x0, x1], [y0, y1] ⊆ [0, 10]", all_interval_pairs, |i| format!("[{}, {}] − [{}, {}]", i.2, i.3, i.0, i.1), check_intervals)
            .at("§2, proof of Lemma 12")
            .hypotheses("integer intervals")
            .counts("pairs of intervals"),
        on_numbers("A.Lemma13", "⌊x/m⌋ − ⌊(x − d)/m⌋ = ⌊d/m⌋ + [x mod m < d mod m]", "1 ≤ m ≤ 24, −30 ≤ x ≤ 60, 0 ≤ d ≤ 60", floor_cases, |&(x, d, m)| format!("x = {x}, d = {d}, m = {m}"), check_floor)
            .at("§2, Lemma 13")
            .hypotheses("integers x, d; m ≥ 1")
            .counts("triples (x, d, m)"),
        on_bases("A.Lemma14", "Θ_(a+b) = I, the complement of Z − Z: [a, b] (b ≤ 2a), {ja : 1 ≤ j ≤ k, j odd} (b = ka, k odd), {a, b} otherwise", bases(), any_base, check_lemma14)
            .at("§2, Lemma 14 (with Prop. 20)")
            .hypotheses("2 ≤ a < b"),
    ]
}

fn check_values(_: &Triple, game: &Periodicity) -> Check {
    let top = game.values.iter().copied().max().unwrap_or(0);
    verdict(top <= 3, || format!("value {top} occurs"))
}

fn check_below_c(t: &Triple, game: &Periodicity) -> Check {
    let base = match solved(&[t.a, t.b]) {
        Ok(g) => g,
        Err(e) => return Check::Fails(e),
    };
    let bad = (0..t.c).find(|&x| game.value(x) != base.value(x));
    verdict(bad.is_none(), || {
        format!("G_S ≠ G_B at x = {}", bad.unwrap_or(0))
    })
}

fn check_intro_additive(t: &Triple, game: &Periodicity) -> Check {
    let base = match solved(&[t.a, t.b]) {
        Ok(g) => g,
        Err(e) => return Check::Fails(e),
    };
    let n_counted = (0..t.b).filter(|&x| base.value(x) == 0).count() as u64;
    let add = Additive::new(t.a, t.b);
    if n_counted != add.n() {
        return Check::Fails(format!(
            "#(W0(B) ∩ [0, b)) = {n_counted}, Theorem 36's N = {}",
            add.n()
        ));
    }
    let w = |n: u64| n + t.a * (n / t.a) + t.b * (n / n_counted);
    let len = 2 * game.qp.period + game.qp.preperiod;
    let zeros: Vec<u64> = (0..len).filter(|&x| game.value(x) == 0).collect();
    let bad = (0..zeros.len()).find(|&n| w(n as u64) != zeros[n]);
    verdict(bad.is_none(), || {
        let n = bad.unwrap_or(0);
        format!("w_3({n}) = {}, engine {}", w(n as u64), zeros[n])
    })
}

fn check_example1(_: &Periodicity) -> Check {
    let base = Base::new(3, 8);
    let ab = theta_def(&base, angles::in_theta_ab);
    let ca = theta_def(&base, angles::in_theta_ca);
    let cb = theta_def(&base, angles::in_theta_cb);
    verdict(
        ab == [3, 8] && ca == [2, 8] && cb == [3, 4, 5, 9, 10],
        || format!("Θ_(a+b) = {ab:?}, Θ_(c+a) = {ca:?}, Θ_(c+b) = {cb:?}"),
    )
}

fn check_lemma4(moves: &[u64], game: &Periodicity) -> Check {
    let len = game.qp.preperiod + game.qp.period + moves[moves.len() - 1];
    let zero = |x: u64| game.value(x) == 0;
    let bad = (0..len).find(|&x| {
        let no_zero_option = moves.iter().all(|&s| s > x || !zero(x - s));
        zero(x) != no_zero_option
    });
    verdict(bad.is_none(), || {
        format!("W0(S) breaks the recurrence at x = {}", bad.unwrap_or(0))
    })
}

fn check_lemma5(t: &Triple, game: &Periodicity) -> Check {
    let (g, r) = reduce(&[t.a, t.b, t.c]);
    let prime = match solved(&r) {
        Ok(p) => p,
        Err(e) => return Check::Fails(e),
    };
    let dilated = dilate_qp(g, prime.qp);
    if dilated != game.qp {
        return Check::Fails(format!(
            "Lemma 5 gives q = {}, p = {}; engine {}",
            dilated.preperiod,
            dilated.period,
            qp(game)
        ));
    }
    let len = game.qp.preperiod + 2 * game.qp.period;
    let bad = (0..len).find(|&x| game.value(x) != prime.value(x / g));
    verdict(bad.is_none(), || {
        format!("G_S({0}) ≠ G_S'(⌊{0}/g⌋)", bad.unwrap_or(0))
    })
}

fn check_tail(_: &[u64], game: &Periodicity) -> Check {
    let q = game.qp.preperiod as usize;
    let tail = &game.values[q..];
    verdict(tail.iter().any(|&v| v != tail[0]), || {
        format!("constant tail {} from x = {q}", tail[0])
    })
}

fn check_remark6(t: &Triple, game: &Periodicity) -> Check {
    let outcome = game.outcome();
    let left = outcome.preperiod == 0 && (t.b + t.c).is_multiple_of(outcome.period);
    let right = game.value(t.b + t.c - 1) != 0;
    verdict(left == right, || {
        format!(
            "outcome q = {}, p = {}; b + c − 1 = {} is {}",
            outcome.preperiod,
            outcome.period,
            t.b + t.c - 1,
            if right { "winning" } else { "losing" }
        )
    })
}

fn check_prop7(base: &Base, game: &Periodicity) -> Check {
    let m = base.m();
    if game.qp.preperiod != 0 || !m.is_multiple_of(game.qp.period) {
        return Check::Fails(format!("W0(B) is not Z + mN: engine {}", qp(game)));
    }
    if let Some(x) = first_w0_difference(game, |x| base.in_w0(x), m) {
        return Check::Fails(format!("W0(B) ≠ Z + mN at x = {x}"));
    }
    if base.n() != base.c_a_printed() {
        return Check::Fails(format!(
            "N = {} but C_a(b) as printed = {}",
            base.n(),
            base.c_a_printed()
        ));
    }
    let word: Vec<u8> = (0..m).map(|x| u8::from(game.value(x) != 0)).collect();
    verdict(word == base.outcome_word_printed(), || {
        "the printed outcome word differs".to_string()
    })
}

fn check_remark8(base: &Base, game: &Periodicity) -> Check {
    let p = game.outcome().period;
    verdict(p == base.least_period_printed(), || {
        format!(
            "least outcome period of B is {p}, printed {}",
            base.least_period_printed()
        )
    })
}

fn check_remark9(base: &Base, game: &Periodicity) -> Check {
    let u: Vec<u64> = base.u_printed().collect();
    let twos: Vec<u64> = (0..base.m()).filter(|&x| game.value(x) == 2).collect();
    if twos != u {
        return Check::Fails(format!(
            "value-2 residues of B are {twos:?}, U as printed {u:?}"
        ));
    }
    let disjoint = base.z().iter().all(|&z| !base.in_z(z + base.a));
    let u_plus_a = u.iter().all(|&x| base.in_z(x + base.a));
    verdict(disjoint && u_plus_a, || {
        "Z ∩ (Z + a) ≠ ∅ or U + a ⊄ Z".to_string()
    })
}

fn check_lemma10(moves: &[u64], game: &Periodicity) -> Check {
    let len = game.qp.preperiod + game.qp.period + moves[moves.len() - 1] + moves[0];
    let bad = ferguson_violation(|x| game.value(x), moves[0], len);
    verdict(bad.is_none(), || {
        format!("pairing fails at x = {}", bad.unwrap_or(0))
    })
}

fn check_lemma11(base: &Base, game: &Periodicity) -> Check {
    let bad = (0..3 * base.m()).find(|&y| !lemma11_holds(base, |x| game.value(x), y));
    verdict(bad.is_none(), || {
        format!("fails at y = {}", bad.unwrap_or(0))
    })
}

/// Every (m, X, Y) with X, Y ⊆ Z/mZ as bit masks, 1 ≤ m ≤ 6.
fn all_set_pairs() -> impl Iterator<Item = (u64, u64, u64)> {
    (1..=6u64)
        .flat_map(|m| (0..1u64 << m).flat_map(move |x| (0..1u64 << m).map(move |y| (m, x, y))))
}

fn members(mask: u64, m: u64) -> Vec<u64> {
    (0..m).filter(|i| mask >> i & 1 == 1).collect()
}

fn check_lemma12(&(m, x, y): &(u64, u64, u64)) -> Result<(), String> {
    let (xs, ys) = (members(x, m), members(y, m));
    let diff = difference_set(&ys, &xs, m);
    match (0..m).find(|&rho| translate_avoids(rho, &xs, &ys, m) == diff[rho as usize]) {
        None => Ok(()),
        Some(rho) => Err(format!("ρ = {rho}")),
    }
}

/// Every pair of intervals [x0, x1], [y0, y1] ⊆ [0, 10], as (x0, x1, y0, y1).
fn all_interval_pairs() -> impl Iterator<Item = (i64, i64, i64, i64)> {
    let intervals = || (0..=10i64).flat_map(|lo| (lo..=10).map(move |hi| (lo, hi)));
    intervals().flat_map(move |(x0, x1)| intervals().map(move |(y0, y1)| (x0, x1, y0, y1)))
}

fn check_intervals(&(x0, x1, y0, y1): &(i64, i64, i64, i64)) -> Result<(), String> {
    let mut diffs: Vec<i64> = (y0..=y1)
        .flat_map(|y| (x0..=x1).map(move |x| y - x))
        .collect();
    diffs.sort_unstable();
    diffs.dedup();
    let interval: Vec<i64> = (y0 - x1..=y1 - x0).collect();
    if diffs == interval {
        Ok(())
    } else {
        Err(format!("differences {diffs:?}"))
    }
}

fn floor_cases() -> impl Iterator<Item = (i64, i64, i64)> {
    (1..=24i64).flat_map(|m| (-30..=60i64).flat_map(move |x| (0..=60i64).map(move |d| (x, d, m))))
}

fn check_floor(&(x, d, m): &(i64, i64, i64)) -> Result<(), String> {
    let (l, r) = floor_identity(x, d, m);
    if l == r {
        Ok(())
    } else {
        Err(format!("{l} ≠ {r}"))
    }
}

fn check_lemma14(base: &Base, _: &Periodicity) -> Check {
    let (def, printed) = (i_def(base), i_printed(base));
    let theta: Vec<u64> = theta_def(base, angles::in_theta_ab);
    verdict(def == printed && theta == def, || {
        format!("I = {def:?} (complement of Z − Z), printed {printed:?}, Θ_(a+b) = {theta:?}")
    })
}
