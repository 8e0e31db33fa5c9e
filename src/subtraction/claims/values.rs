//! Paper A, §5: the higher nim-values. The L-function and its closed
//! forms, run starts, hypothesis (H) with Lemmas 40–41 for every period it
//! allows, Theorem 42 and its corollaries, Lemma 47, Proposition 48 and
//! Corollary 49.

use super::{
    additive_coprime, covered, covered_period, non_additive_covered, on_angles, on_periods,
    on_triples, qp, standing, verdict, wide, Angle, Check, TripleRange,
};
use crate::claim::{on_numbers, Claim, Kind};
use crate::engine::Periodicity;
use crate::subtraction::additive::{cor46_value, Additive};
use crate::subtraction::angles::{admissible, in_theta_ab};
use crate::subtraction::lemmas::i_printed;
use crate::subtraction::sieve::in_t;
use crate::subtraction::values::{
    cor44_violation, cor49_holds, cyclic_least_period, l_values, lemma40_violation,
    lemma41_violation, lemma47_periods, Classes,
};
use crate::subtraction::Triple;

/// The periods p that hypothesis (H) allows for a standing non-additive
/// triple: a + b when W0(S) = W0(B) (the inert case, Prop. 25), and each
/// admissible P ∈ {c + a, c + b} (W0(S) = T_P by Theorem 23; checked on
/// the solved game before use).
fn h_periods(t: &Triple) -> Vec<u64> {
    if !standing(t) {
        return Vec::new();
    }
    let adm = admissible(&t.base(), t.rho());
    [
        (adm.a_plus_b, t.m()),
        (adm.c_plus_a, t.c + t.a),
        (adm.c_plus_b, t.c + t.b),
    ]
    .into_iter()
    .filter(|(ok, _)| *ok)
    .map(|(_, p)| p)
    .collect()
}

/// W0 on [0, p) when (H) holds with p (W0(S) = W0(B) for p = a + b, T_P
/// otherwise, and W0(S) p-periodic from 0), else `None`.
fn h_block(t: &Triple, p: u64, game: &Periodicity) -> Option<Vec<bool>> {
    let base = t.base();
    let len = game.qp.preperiod + game.qp.period + p;
    let agrees = (0..len).all(|x| {
        let set = if p == t.m() {
            base.in_w0(x)
        } else {
            in_t(t, p, x)
        };
        (game.value(x) == 0) == set
    });
    (agrees && game.qp.preperiod == 0 && p.is_multiple_of(game.qp.period))
        .then(|| (0..p).map(|x| game.value(x) == 0).collect())
}

pub(super) fn claims() -> Vec<Claim> {
    let h = "standing, non-additive, (H) with p";
    vec![
        on_triples("A.Sec5.L.intersections", "a position of V that survives V ∩ (V + a) ∩ … ∩ (V + ta) but not the next intersection has L = t", TripleRange::fixed(wide()), covered, check_intersections)
            .at("§5, after the definition of L")
            .hypotheses("covered (2 ≤ a, gcd(a, b, c) = 1)"),
        on_triples("A.Sec5.runstart", "a run start v (L(v) = 0) has v ≥ a, v − a ∈ W1, v − 2a ∈ W0, G_S(v − a) = 1; G_S(v) = 3 ⟺ v ≥ c and {G_S(v − b), G_S(v − c)} = {0, 2}", TripleRange::fixed(wide()), covered, check_runstart)
            .at("§5, the paragraph before Lemma 40 (\"Consider a run start v ∈ V …\")")
            .hypotheses("covered"),
        on_triples("A.Sec5.L.Pi", "L(v) = (v − Π_a(v))/a − 2, Π_a(v) the largest h ∈ W0 below v with h ≡ v (mod a)", TripleRange::fixed(wide()), covered, check_pi)
            .at("§5, display after the run-start paragraph")
            .hypotheses("covered, v ∈ V")
            .kind(Kind::Reconstructed { tests: "the printed L(v) = (v − Π_a(v))/a − 2; the definition of Π_a is lost and read from the h_a form below it" }),
        on_periods("A.Sec5.L.ha", "L(v) = (u − h_a(u))/a − 2, h_a(u) := max{h ∈ W0 ∩ [0, p) : h < u, h ≡ u (mod a)}", TripleRange::fixed(wide()), h_periods, check_ha)
            .at("§5, display after (H)")
            .hypotheses(h)
            .kind(Kind::Fragment { lost: "the definition of u; read as u = v mod p, the representative in [0, p)" }),
        on_periods("A.Lemma40", "under (H): (0) W0, W1, V p-periodic, no two W0 classes differ by a, b, c mod p; (i) interior; (ii) first seam block L ≤ 1; (iii) terminal seam block", TripleRange::fixed(wide()), h_periods, |t, p, game| match h_block(t, p, game) {
            None => Check::Skip,
            Some(w0) => match lemma40_violation(t, &Classes { w0: &w0, a: t.a }) {
                None => Check::Holds,
                Some(why) => Check::Fails(format!("p = {p}: {why}")),
            },
        })
            .at("§5, Lemma 40 (for every p that (H) allows, not only the least)")
            .hypotheses(h),
        on_periods("A.Lemma41", "under (H): for every run start v, neither the class of v − b nor that of v − c mod p is an L-even element of V", TripleRange::fixed(wide()), h_periods, |t, p, game| match h_block(t, p, game) {
            None => Check::Skip,
            Some(w0) => match lemma41_violation(t, &Classes { w0: &w0, a: t.a }) {
                None => Check::Holds,
                Some(v) => Check::Fails(format!("p = {p}, run start v = {v}: the class of v − b or v − c is L-even in V")),
            },
        })
            .at("§5, Lemma 41 (for every p that (H) allows)")
            .hypotheses(h),
        on_triples("A.Thm42", "W1 = W0 + a; on V = N \\ (W0 ∪ W1) the value is 2 where L is even, 3 where L is odd", TripleRange::fixed(wide()), covered, check_thm42)
            .at("§5, Theorem 42")
            .hypotheses("covered (additive, or an admissible angle)"),
        on_triples("A.Thm42.F", "G_S(x) = F(x) := min{i : x ∈ W0 + o_i (mod p)}, o = (0, a, −b, −δ)", TripleRange::fixed((2..=12, 1..=60, 1..=72)), additive_coprime, check_f)
            .at("§5, display in the proof of Theorem 42 (additive case, Appendix B)")
            .hypotheses("c = a + b, 2 ≤ a, gcd(a, b) = 1")
            .kind(Kind::Reconstructed { tests: "the printed F(x) = min{i : x ∈ W0 + o_i (mod p)}; the offsets o_i are lost and read off Corollary 46 (W1 = W0 + a, W2 = W0 − b, W3 = (W0 − δ) \\ W0)" }),
        on_triples("A.Cor43", "covered ⇒ G_S(x + p) = G_S(x) for all x ≥ 0", TripleRange::fixed(wide()), covered, |t, game| {
            let p = covered_period(t);
            verdict(game.qp.preperiod == 0 && p.is_multiple_of(game.qp.period), || format!("G_S(x + {p}) = G_S(x) fails: engine {}", qp(game)))
        })
            .at("§5, Corollary 43")
            .hypotheses("covered"),
        on_triples("A.Cor44", "non-additive covered: x mod p < c ⇒ G_S(x) = G_B(x mod p) ≤ 2; value 3 only at residues in [c, p), none in the inert case", TripleRange::fixed(wide()), non_additive_covered, check_cor44)
            .at("§5, Corollary 44")
            .hypotheses("standing, an admissible angle, p the least period"),
        on_triples("A.Cor46", "additive: W1 = W0 + a, W2 = W0 − b, W3 = (W0 − δ) \\ W0", TripleRange::fixed((2..=12, 1..=60, 1..=72)), additive_coprime, |t, game| {
            let add = Additive::new(t.a, t.b);
            let p = game.qp.period;
            let bad = (0..p).find(|&x| cor46_value(&add, |y| game.value(y) == 0, x) != Some(game.value(x)));
            verdict(bad.is_none(), || format!("the value classes disagree at x = {}", bad.unwrap_or(0)))
        })
            .at("§5, Corollary 46")
            .hypotheses("c = a + b, 2 ≤ a, gcd(a, b) = 1"),
        on_triples("A.Lemma47", "the least period of G_S equals the least period of W0(S)", TripleRange::fixed(wide()), covered, |_, game| {
            let (pg, pw) = lemma47_periods(&game.values);
            verdict(game.qp.preperiod == 0 && pg == pw, || format!("least period of G_S {pg}, of W0 {pw}"))
        })
            .at("§5, Lemma 47")
            .hypotheses("non-additive under (H), or additive"),
        on_numbers("A.Lemma47.proof", "for a sequence purely periodic from 0 the least period divides every period", "every word over {0, 1, 2} of length 1 to 8, repeated; periods up to 3 times the length", words, |w| format!("({w:?})*"), |w: &Vec<u8>| check_divides(w))
            .at("§5, proof of Lemma 47")
            .hypotheses("f purely periodic from 0")
            .counts("words"),
        on_triples("A.Prop48", "the predicted p (p_add, or the least admissible candidate) is the least period of W0(S) and of G_S", TripleRange::fixed(wide()), covered, |t, game| {
            let p = covered_period(t);
            let zeros: Vec<bool> = game.values.iter().map(|&v| v == 0).collect();
            let pw = cyclic_least_period(&zeros);
            verdict(game.qp.preperiod == 0 && game.qp.period == p && pw == p, || format!("p = {p} predicted; engine {}, least period of W0 {pw}", qp(game)))
        })
            .at("§5, Proposition 48")
            .hypotheses("covered"),
        on_angles("A.Prop48.proof", "c + a ≡ 0 mod (a+b) only for ρ = b, c + b ≡ 0 only for ρ = a, and both lie in I = Θ_(a+b); for b = ka, k odd, 2a | c + a and 2a | c + ka each mean c ≡ a (mod 2a)", |x| x.base.a >= 2, check_prop48_proof)
            .at("§5, proof of Proposition 48 (the cases μ = a + b and μ = 2a)")
            .hypotheses("2 ≤ a < b"),
        on_angles("A.Cor49", "ρ ∉ Θ_(a+b) ⇒ ρ lies in at most one of Θ_(c+a), Θ_(c+b) (so Θ_(c+b) \\ (Θ_(a+b) ∪ Θ_(c+a)) = Θ_(c+b) \\ Θ_(a+b), Remark 58)", |x| x.base.a >= 2 && x.is_primitive() && !in_theta_ab(&x.base, x.rho), |x| {
            verdict(cor49_holds(&admissible(&x.base, x.rho)), || format!("ρ = {} lies in both Θ_(c+a) and Θ_(c+b)", x.rho))
        })
            .at("§5, Corollary 49 (and Remark 58)")
            .hypotheses("2 ≤ a < b, gcd(a, b, ρ) = 1, ρ ∉ Θ_(a+b)"),
    ]
}

fn check_intersections(t: &Triple, game: &Periodicity) -> Check {
    let p = game.qp.period;
    let w0: Vec<bool> = (0..p).map(|x| game.value(x) == 0).collect();
    let classes = Classes { w0: &w0, a: t.a };
    let len = 3 * p;
    let v: Vec<bool> = (0..len).map(|x| classes.in_v(x)).collect();
    // survivors[x]: x ∈ V ∩ (V + a) ∩ … ∩ (V + ka), for k = 0, 1, …
    let a = t.a;
    let mut survivors = v.clone();
    let mut depth = vec![0u64; len as usize];
    let mut k = 0;
    while survivors.iter().any(|&s| s) {
        k += 1;
        let next: Vec<bool> = (0..len as usize)
            .map(|x| survivors[x] && x as u64 >= k * a && v[x - (k * a) as usize])
            .collect();
        for x in 0..len as usize {
            if survivors[x] && !next[x] {
                depth[x] = k - 1;
            }
        }
        survivors = next;
    }
    let bad = (0..len).find(|&x| v[x as usize] && depth[x as usize] != classes.l(x));
    verdict(bad.is_none(), || {
        let x = bad.unwrap_or(0);
        format!(
            "x = {x}: survives {} intersections, L = {}",
            depth[x as usize],
            classes.l(x)
        )
    })
}

fn check_runstart(t: &Triple, game: &Periodicity) -> Check {
    let p = game.qp.period;
    let w0: Vec<bool> = (0..p).map(|x| game.value(x) == 0).collect();
    let classes = Classes { w0: &w0, a: t.a };
    let (a, b, c) = (t.a, t.b, t.c);
    let g = |x: u64| game.value(x);
    for v in (0..2 * p).filter(|&v| classes.in_v(v) && classes.l(v) == 0) {
        let shape = v >= 2 * a && g(v - a) == 1 && g(v - 2 * a) == 0;
        if !shape {
            return Check::Fails(format!("run start v = {v}: v − a ∉ W1 or v − 2a ∉ W0"));
        }
        let pair = v >= c && {
            let mut two = [g(v - b), g(v - c)];
            two.sort_unstable();
            two == [0, 2]
        };
        if (g(v) == 3) != pair {
            return Check::Fails(format!(
                "run start v = {v}: G_S(v) = {}, criterion {pair}",
                g(v)
            ));
        }
    }
    Check::Holds
}

fn check_pi(t: &Triple, game: &Periodicity) -> Check {
    let p = game.qp.period;
    let w0: Vec<bool> = (0..p).map(|x| game.value(x) == 0).collect();
    let classes = Classes { w0: &w0, a: t.a };
    let a = t.a;
    let bad = (0..2 * p).filter(|&v| classes.in_v(v)).find(|&v| {
        let pi = (1..=v / a).map(|k| v - k * a).find(|&h| classes.in_w0(h));
        pi.is_none_or(|h| (v - h) / a < 2 || (v - h) / a - 2 != classes.l(v))
    });
    verdict(bad.is_none(), || {
        format!("fails at v = {}", bad.unwrap_or(0))
    })
}

fn check_ha(t: &Triple, p: u64, game: &Periodicity) -> Check {
    let Some(w0) = h_block(t, p, game) else {
        return Check::Skip;
    };
    let classes = Classes { w0: &w0, a: t.a };
    let a = t.a;
    let bad = (0..2 * p).filter(|&v| classes.in_v(v)).find(|&v| {
        let u = v % p;
        let h = (0..u).rev().find(|&h| w0[h as usize] && h % a == u % a);
        h.is_none_or(|h| (u - h) / a < 2 || (u - h) / a - 2 != classes.l(v))
    });
    verdict(bad.is_none(), || {
        format!("p = {p}: fails at v = {}", bad.unwrap_or(0))
    })
}

fn check_thm42(t: &Triple, game: &Periodicity) -> Check {
    if game.qp.preperiod != 0 {
        return Check::Fails(format!("not purely periodic: {}", qp(game)));
    }
    let p = game.qp.period;
    let rebuilt = l_values(|x| game.value(x) == 0, t.a, p);
    let bad = (0..p).find(|&x| rebuilt[x as usize] != game.value(x));
    verdict(bad.is_none(), || {
        format!(
            "the L-function gives the wrong value at x = {}",
            bad.unwrap_or(0)
        )
    })
}

fn check_f(t: &Triple, game: &Periodicity) -> Check {
    let p = game.qp.period;
    let (a, b) = (t.a, t.b);
    let offsets = [0, a, p - b % p, p - (b - a) % p];
    let in_w0 = |x: u64| game.value(x % p) == 0;
    let f = |x: u64| (0..4u16).find(|&i| in_w0(x + p - offsets[i as usize]));
    let bad = (0..p).find(|&x| f(x) != Some(game.value(x)));
    verdict(bad.is_none(), || {
        let x = bad.unwrap_or(0);
        format!("F({x}) = {:?}, G_S({x}) = {}", f(x), game.value(x))
    })
}

fn check_cor44(t: &Triple, game: &Periodicity) -> Check {
    let base = t.base();
    let p = game.qp.period;
    if let Some(x) = (0..p.min(t.c)).find(|&x| game.value(x) != base.value(x) || base.value(x) > 2)
    {
        return Check::Fails(format!(
            "G_S({x}) = {}, G_B({x}) = {}",
            game.value(x),
            base.value(x)
        ));
    }
    let bad = cor44_violation(&game.values, t.c);
    let inert_three = in_theta_ab(&base, t.rho()) && game.values.contains(&3);
    verdict(
        game.qp.preperiod == 0 && bad.is_none() && !inert_three,
        || format!("value 3 at residue {:?} < c, or in the inert case", bad),
    )
}

fn words() -> impl Iterator<Item = Vec<u8>> {
    (1..=8u32).flat_map(|len| {
        (0..3u32.pow(len)).map(move |mut code| {
            (0..len)
                .map(|_| {
                    let letter = (code % 3) as u8;
                    code /= 3;
                    letter
                })
                .collect()
        })
    })
}

fn check_divides(word: &[u8]) -> Result<(), String> {
    let len = word.len();
    let f = |i: usize| word[i % len];
    let is_period = |t: usize| (0..len * (t + 1)).all(|i| f(i) == f(i + t));
    let least = (1..=len).find(|&t| is_period(t)).unwrap_or(len);
    match (1..=3 * len).find(|&t| is_period(t) && t % least != 0) {
        None => Ok(()),
        Some(t) => Err(format!(
            "period {t} is not a multiple of the least period {least}"
        )),
    }
}

fn check_prop48_proof(x: &Angle) -> Check {
    let (base, rho) = (&x.base, x.rho);
    let (a, b, m) = (base.a, base.b, base.m());
    let i = i_printed(base);
    let mut ok = ((rho + a) % m == 0) == (rho == b)
        && ((rho + b) % m == 0) == (rho == a)
        && i.contains(&a)
        && i.contains(&b);
    if base.is_odd_harmonic() {
        // 2a | m, so c ≡ ρ (mod 2a) for every c with angle ρ.
        let k = b / a;
        ok &= ((rho + a) % (2 * a) == 0) == (rho % (2 * a) == a);
        ok &= ((rho + k * a) % (2 * a) == 0) == (rho % (2 * a) == a);
    }
    verdict(ok, || format!("ρ = {rho}: an identity fails"))
}
