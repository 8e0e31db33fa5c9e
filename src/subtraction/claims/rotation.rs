//! Paper A, §3: the rotation criterion. The sieve T_P and its repetition
//! test, the angle tests and their difference-set forms, Theorem 23, the
//! admissible sets in closed form (Prop. 26 to Theorem 30), the reading of
//! the completed block (Theorem 31 and the generators of Table 1 rows 2–4),
//! the band's comb, the main theorem and Remark 35.

use super::{
    any_base, any_triple, bases, covered_period, first_w0_difference, non_additive_covered,
    on_angles, on_bases, on_instance, on_periods, on_triples, qp, standing, verdict, wide, Angle,
    Check, TripleRange,
};
use crate::claim::{on_numbers, Claim, Correction, Kind};
use crate::engine::Periodicity;
use crate::subtraction::angles::{self, admissible, theta_def};
use crate::subtraction::lemmas::i_def;
use crate::subtraction::sieve::{
    self, comb_point, comb_rank, in_t, n_c, table1_conditions, thm23_in_w0,
};
use crate::subtraction::{Base, Triple};

pub(super) fn claims() -> Vec<Claim> {
    vec![
        on_periods("A.Lemma16", "if T_P satisfies the three-move recurrence x ∈ T_P ⟺ x − a, x − b, x − c ∉ T_P on [c, c + P), then T_P = W0(S)", TripleRange::fixed((1..=8, 1..=40, 1..=100)), recurrent_periods, check_lemma16)
            .at("§3, display after Definition 15 and its proof (\"Range x < c … Lemma 4 applies\")")
            .hypotheses("P ∈ {c + a, c + b} with the recurrence on [c, c + P)")
            .kind(Kind::Fragment { lost: "the statement; read from its proof (T_P P-periodic, the recurrence tested on [c, c + P))" }),
        on_periods("A.Sec3.join", "H = W0(S) ∩ [0, P), P > c: if no two elements of H differ by P − a, P − b or P − c, then W0(S) = H + P·N", TripleRange::fixed((2..=8, 1..=40, 1..=100)), |t| if standing(t) { vec![t.c + t.a, t.c + t.b] } else { Vec::new() }, check_join)
            .at("§3, display \"P − a, P − b, P − c,\" and the proof after it (\"Indeed, put T = H + PN …\")")
            .hypotheses("standing, P ∈ {c + a, c + b}, no complementary difference in H")
            .kind(Kind::Fragment { lost: "the statement and its number; read from its proof" }),
        on_triples("A.Prop18", "T_P ∩ [0, P) = W0(B) ∩ J_P, J_(c+a) = [0, c), J_(c+b) = [0, c) ∪ (c + D)", TripleRange::fixed(wide()), standing, check_prop18)
            .at("§3, Proposition 18")
            .hypotheses("standing: 2 ≤ a < b < c, gcd(a, b, c) = 1, c ≠ a + b"),
        on_bases("A.Sec3.low", "[0, a) ⊆ W0(B)", bases(), any_base, |base, game| {
            let bad = (0..base.a).find(|&x| game.value(x) != 0);
            verdict(bad.is_none(), || format!("x = {} ∉ W0(B)", bad.unwrap_or(0)))
        })
            .at("§3, after Proposition 18")
            .hypotheses("0 < a < b"),
        on_numbers("A.Sec3.differences", "P = c + a: P − a = c, P − c = a, P − b = c − δ; P = c + b: P − b = c, P − c = b, P − a = c + δ", "2 ≤ a ≤ 12, a < b ≤ 60, b < c ≤ 200", || super::triples(2..=12, 1..=60, 1..=200), |t| format!("{{{},{},{}}}", t.a, t.b, t.c), check_differences)
            .at("§3, before Proposition 20 (\"For P = c + a, the complementary differences …\")")
            .hypotheses("0 < a < b < c, δ = b − a")
            .counts("triples"),
        on_bases("A.Prop20", "ρ ∈ Θ_(a+b) ⟺ ρ ∉ Z − Z; ρ ∈ Θ_(c+a) ⟺ ρ ∉ δ − (A − Z); ρ ∈ Θ_(c+b) ⟺ ρ ∉ (Z − Λ) ∪ (Λ − D)", bases(), any_base, check_prop20)
            .at("§3, Proposition 20 and its proof (the c + b form is named in the proof; its display is lost)")
            .hypotheses("2 ≤ a < b, A = Z ∩ [0, δ)"),
        on_bases("A.Lemma22", "Λ = [δ, b) \\ Z = {w : w ∉ Z, w + a ∉ Z} = [(η+1)a, (η+1)a + ε) (η even), [ηa + ε, (η+1)a) (η odd)", bases(), any_base, check_lemma22)
            .at("§3, display of Λ and Lemma 22")
            .hypotheses("2 ≤ a < b"),
        on_angles("A.Lemma22.K1", "(K1) ∀r ∈ [0, a): (r + ρ + δ) mod (a+b) ∈ Z ⇒ (r + δ) mod (a+b) ∈ Z, ⟺ (ρ + Λ) ∩ Z = ∅", |_| true, check_k1)
            .at("§3, (K1) and the proof of Lemma 22")
            .hypotheses("2 ≤ a < b, 0 ≤ ρ < a + b"),
        on_angles("A.Lemma22.K2", "(K2) ∀x ∈ [c+a, c+b): (x ∉ W0(B) ∧ x − c ∉ W0(B)) ⇒ x − b ∈ W0(B), ⟺ (ρ + D) ∩ Λ = ∅", |_| true, check_k2)
            .at("§3, (K2) and the proof of Lemma 22")
            .hypotheses("2 ≤ a < b, 0 ≤ ρ < a + b (K2 depends on c only through ρ)"),
        on_periods("A.Thm23", "for each admissible candidate P: W0(S) = W0(B) (P = a+b), T_P (P ∈ {c+a, c+b}); P-periodic from 0", TripleRange::fixed((1..=12, 1..=60, 1..=200)), admissible_periods, check_thm23)
            .at("§3, Theorem 23 (\"Its proof does not use primitivity or a ≥ 2\")")
            .hypotheses("0 < a < b < c, c ≠ a + b, ρ admissible for P"),
        on_triples("A.Thm23.proof.ca", "ρ ∈ Θ_(c+a): H := W0(S) ∩ [0, c+a) = W0(B) ∩ [0, c) = T_(c+a) ∩ [0, c+a)", TripleRange::fixed((1..=12, 1..=60, 1..=200)), |t| !t.is_additive() && angles::in_theta_ca(&t.base(), t.rho()), check_thm23_ca)
            .at("§3, proof of Theorem 23, case P = c + a")
            .hypotheses("0 < a < b < c, c ≠ a + b, ρ ∈ Θ_(c+a)"),
        on_triples("A.Thm23.proof.cb", "ρ ∈ Θ_(c+b): Y(c + u) = z(c + u)(1 − z(u)) for 0 ≤ u < b, Y the indicator of W0(S), z that of W0(B)", TripleRange::fixed((1..=12, 1..=60, 1..=200)), |t| !t.is_additive() && angles::in_theta_cb(&t.base(), t.rho()), check_thm23_cb)
            .at("§3, proof of Theorem 23, case P = c + b")
            .hypotheses("0 < a < b < c, c ≠ a + b, ρ ∈ Θ_(c+b)"),
        on_bases("A.Lemma24", "(δ − a) mod (a+b) and b lie in Θ_(c+a)", bases(), any_base, check_lemma24)
            .at("§3, Lemma 24")
            .hypotheses("2 ≤ a < b"),
        on_triples("A.Prop25", "W0(S) = W0(B) ⟺ ρ ∈ Θ_(a+b); then G_S = G_B", TripleRange::fixed((1..=8, 1..=30, 1..=80)), any_triple, check_prop25)
            .at("§3, Proposition 25")
            .hypotheses("0 < a < b < c (no gcd or a ≥ 2 needed, as printed)"),
        on_angles("A.Sec3.noprimitivity", "the interval evaluations of the angle tests depend only on (a, b) and need no primitivity: at every angle with gcd(a, b, ρ) > 1, ρ ∈ Θ_(c+a) ⟺ ρ lies in Theorem 27's three cases, and ρ ∈ Θ_(c+b) ⟺ ρ ∉ (Z − Λ) ∪ (Λ − D)", |x| !x.is_primitive(), check_no_primitivity)
            .at("§3, before Proposition 26 (\"These calculations depend only on the base (a, b) and require no primitivity assumption.\")")
            .hypotheses("2 ≤ a < b, angles ρ with gcd(a, b, ρ) > 1 (no primitive triple has them)"),
        on_bases("A.Prop26", "b ≤ 2a ⇒ Θ_(c+a) = {0} ∪ [b, a+b)", bases(), |b| b.b <= 2 * b.a, check_prop26)
            .at("§3, Proposition 26")
            .hypotheses("2 ≤ a < b ≤ 2a"),
        on_bases("A.Prop26.proof", "b ≤ 2a ⇒ Z = [0, a) and 1 ≤ δ ≤ a", bases(), |b| b.b <= 2 * b.a, |base, _| {
            let z = base.z();
            verdict(z == (0..base.a).collect::<Vec<_>>() && (1..=base.a).contains(&base.delta()), || format!("Z = {z:?}, δ = {}", base.delta()))
        })
            .at("§3, proof of Proposition 26")
            .hypotheses("2 ≤ a < b ≤ 2a"),
        on_angles("A.Prop26.proof.arcs", "σ = (δ − ρ) mod (a + b): (T1) says the length-a arc starting at σ misses [0, δ); a wrapping arc meets this interval, and a non-wrapping arc misses it exactly when δ ≤ σ ≤ b", |x| x.base.b <= 2 * x.base.a, check_prop26_arcs)
            .at("§3, proof of Proposition 26")
            .hypotheses("2 ≤ a < b ≤ 2a, every angle ρ"),
        on_bases("A.Thm27", "Θ_(c+a) = {0} ∪ [b, a+b) (b ≤ 2a), I (b = ka, k odd), {δ − a, b} otherwise", bases(), any_base, check_thm27)
            .at("§3, Theorem 27 (with Remark 28)")
            .hypotheses("2 ≤ a < b"),
        on_bases("A.Prop29", "Z − Λ = ⋃_{i=0}^{t} [(2i+1)a+1, (2i+2)a+ε−1] (η = 2t), [1, a−1] ∪ ⋃_{i=−t−1}^{−1} [2ia+1, (2i+2)a−ε−1] (η = 2t+1)", bases(), any_base, check_prop29)
            .at("§3, Proposition 29 (the sentence introducing it is lost)")
            .hypotheses("2 ≤ a < b (the hypotheses stated before the display are lost)")
            .kind(Kind::Fragment { lost: "the sentence introducing Prop. 29 with its hypotheses; the paper treats a | b separately everywhere else (Thm. 27's odd-harmonic case, Prop. 61, §6 uses C_(a,b) only for a ∤ b, Table 1 rows 5–6 need ε > 0)" }),
        on_bases("A.Prop29.nondiv", "Prop. 29 with the hypothesis a ∤ b: Z − Λ is the printed union of arcs", bases(), |b| b.b % b.a != 0, check_prop29)
            .at("§3, Proposition 29")
            .hypotheses("2 ≤ a < b, a ∤ b")
            .corrects("A.Prop29", Correction::MissingHypothesis { hypothesis: "a ∤ b" }),
        on_bases("A.Prop29.LambdaD", "Λ − D = ⋃_i [λ0 − min((2i+2)a, b) + 1, λ1 − 1 − (2i+1)a] on Z/(a+b)Z, Λ = [λ0, λ1) (derived here)", bases(), any_base, check_lambda_d)
            .at("§3, Proposition 29 (the closed form of Λ − D is lost in our copy)")
            .hypotheses("2 ≤ a < b")
            .kind(Kind::Reconstructed { tests: "the definition Λ − D of Prop. 20's proof; nothing printed survives" }),
        on_bases("A.Thm30", "Θ_(c+b) = {a} ∪ C_(a,b) (left side lost; our reading), every angle when b is an odd multiple of a", bases(), any_base, check_thm30)
            .at("§3, Theorem 30 (display of C_(a,b))")
            .hypotheses("2 ≤ a < b")
            .kind(Kind::Reconstructed { tests: "the printed C_(a,b) (both parities of η) against Θ_(c+b) from its definition; the \"{a} ∪\" is read off Example 1" }),
        on_triples("A.Thm31", "W0(S) ∩ [0, P) = {w_B(n) : n < N_c} ⊔ (c + E), N_c = KN + #(Z ∩ [0, ρ)), E = ∅ (P = c+a), D_ρ (P = c+b)", TripleRange::fixed(wide()), |t| {
            let adm = admissible(&t.base(), t.rho());
            standing(t) && !adm.a_plus_b && (adm.c_plus_a || adm.c_plus_b)
        }, check_thm31)
            .at("§3, Theorem 31")
            .hypotheses("standing, ρ ∉ Θ_(a+b) admissible, P least admissible"),
        on_triples("A.Thm31.Nc", "N_c := KN + C_a(min(ρ, b)) = KN + #(Z ∩ [0, ρ)) is the number of P-positions of S below c", TripleRange::fixed(wide()), standing, check_nc)
            .at("§3, display before Theorem 31 (C_a(x) read as #(W0(B) ∩ [0, x)), Prop. 7's closed form being stated for x = b only)")
            .hypotheses("standing"),
        on_triples("A.Sec3.row2", "b ≤ 2a, ρ ∈ Θ_(c+a): a | N_c; e := (c+a) − (a+b)N_c/a = a (ρ = 0), ρ − b (ρ ≥ b); N = a, w_B(n) = n + b⌊n/a⌋, N_c = Ka + min(ρ, a)", TripleRange::fixed(wide()), |t| standing(t) && t.b <= 2 * t.a && angles::in_theta_ca(&t.base(), t.rho()), check_row2)
            .at("§3, the statement before Table 1's row 2 formula and its proof (number lost)")
            .hypotheses("standing, b ≤ 2a, ρ ∈ Θ_(c+a)"),
        on_triples("A.Sec3.row3", "n = kM + t, 0 ≤ t < M: w_2(n + ak) − 2ak = k((K+1)(a+b) − 2a) + w_2(t) = k(c + a) + w_2(t)", TripleRange::fixed(wide()), |t| table1_conditions(t, 3), check_row3)
            .at("§3, display in the proof of Table 1's row 3 formula")
            .hypotheses("Table 1 row 3: b > 2a, a ∤ b, ρ = b − 2a; M = (K+1)N − a"),
        on_triples("A.Sec3.row4", "n = kM + t, 0 ≤ t < M: n + b⌊(n + (a − ρ)⌊n/M⌋)/a⌋ = k(c + b) + t + b⌊t/a⌋ = k(c + b) + w_2(t)", TripleRange::fixed(wide()), |t| table1_conditions(t, 4), check_row4)
            .at("§3, display in the proof of Table 1's row 4 formula")
            .hypotheses("Table 1 row 4: a < b < 2a, b − a ≤ ρ < a; M = Ka + ρ"),
        on_numbers("A.Sec3.comb", "R_(d,ℓ)(x) = ℓ⌊(x − d)/2a⌋ + min(ℓ, (x − d) mod 2a) counts, and E_(d,ℓ)(t) = d + t + (2a − ℓ)⌊t/ℓ⌋ lists, the comb {u : (u − d) mod 2a < ℓ} from d", "1 ≤ a ≤ 8, 0 ≤ d < 2a, 1 ≤ ℓ ≤ 2a, d − 4a ≤ x ≤ d + 6a, 0 ≤ t < 4ℓ", comb_cases, |&(a, d, l)| format!("a = {a}, d = {d}, ℓ = {l}"), check_comb)
            .at("§3, \"Evaluating the band\": R_(d,ℓ), E_(d,ℓ), T_j, e_j")
            .hypotheses("a ≥ 1, 1 ≤ ℓ ≤ 2a")
            .kind(Kind::Fragment { lost: "the sentences defining what R and E count and the windows (L_j, V_j, d_j, ℓ_j); read as the rank and enumeration of the 2a-periodic comb with teeth [d, d + ℓ)" })
            .counts("combs (a, d, ℓ)"),
        on_triples("A.Thm34", "admissible angle ⇒ q = 0 and p = least admissible candidate (a+b < c+a < c+b)", TripleRange::fixed(wide()), non_additive_covered, check_thm34)
            .at("§3, Theorem 34 (the Main Theorem)")
            .hypotheses("standing, ρ ∈ Θ_(a+b) ∪ Θ_(c+a) ∪ Θ_(c+b)"),
        on_instance("A.Remark35", "{1, 3, 5}: ρ = 1 ∈ I = {1, 3}, Z = {0, 2}, but G_S(x) = x mod 2: least period 2, not a + b = 4", &[1, 3, 5], check_remark35)
            .at("§3, Remark 35")
            .hypotheses("S = {1, 3, 5}"),
    ]
}

/// The P ∈ {c + a, c + b} for which T_P satisfies the three-move
/// recurrence on [c, c + P) (Lemma 16's hypothesis).
fn recurrent_periods(t: &Triple) -> Vec<u64> {
    [t.c + t.a, t.c + t.b]
        .into_iter()
        .filter(|&p| {
            (t.c..t.c + p).all(|x| {
                let options_out = [t.a, t.b, t.c].iter().all(|&s| !in_t(t, p, x - s));
                in_t(t, p, x) == options_out
            })
        })
        .collect()
}

fn check_lemma16(t: &Triple, p: u64, game: &Periodicity) -> Check {
    let len = game.qp.preperiod + game.qp.period + p;
    let bad = first_w0_difference(game, |x| in_t(t, p, x), len);
    verdict(bad.is_none(), || {
        format!("P = {p}: T_P ≠ W0(S) at x = {}", bad.unwrap_or(0))
    })
}

fn check_join(t: &Triple, p: u64, game: &Periodicity) -> Check {
    let h: Vec<u64> = (0..p).filter(|&x| game.value(x) == 0).collect();
    let mut in_h = vec![false; p as usize];
    h.iter().for_each(|&x| in_h[x as usize] = true);
    let complementary = [p - t.a, p - t.b, p - t.c];
    let collides = h.iter().any(|&x| {
        complementary
            .iter()
            .any(|&d| x >= d && in_h[(x - d) as usize])
    });
    if collides {
        return Check::Skip;
    }
    let len = game.qp.preperiod + game.qp.period + 2 * p;
    let bad = first_w0_difference(game, |x| in_h[(x % p) as usize], len);
    verdict(bad.is_none(), || {
        format!("P = {p}: H + P·N ≠ W0(S) at x = {}", bad.unwrap_or(0))
    })
}

fn check_prop18(t: &Triple, _: &Periodicity) -> Check {
    let bad = [t.c + t.a, t.c + t.b]
        .into_iter()
        .find(|&p| Some(sieve::t_block(t, p)) != sieve::prop18_block(t, p));
    verdict(bad.is_none(), || {
        format!("T_P ∩ [0, P) ≠ W0(B) ∩ J_P for P = {}", bad.unwrap_or(0))
    })
}

fn check_differences(t: &Triple) -> Result<(), String> {
    let (a, b, c) = (t.a as i64, t.b as i64, t.c as i64);
    let delta = b - a;
    let (pa, pb) = (c + a, c + b);
    let ok = pa - a == c
        && pa - c == a
        && pa - b == c - delta
        && pb - b == c
        && pb - c == b
        && pb - a == c + delta;
    if ok {
        Ok(())
    } else {
        Err("an identity fails".to_string())
    }
}

fn check_prop20(base: &Base, _: &Periodicity) -> Check {
    let [ab, ca, cb] = angles::prop20_difference_forms(base);
    let bad = (0..base.m()).find(|&r| {
        let i = r as usize;
        (ab[i], ca[i], cb[i])
            != (
                angles::in_theta_ab(base, r),
                angles::in_theta_ca(base, r),
                angles::in_theta_cb(base, r),
            )
    });
    verdict(bad.is_none(), || {
        format!(
            "difference-set form disagrees with the translation test at ρ = {}",
            bad.unwrap_or(0)
        )
    })
}

fn check_lemma22(base: &Base, _: &Periodicity) -> Check {
    let printed: Vec<u64> = base.lambda_printed().collect();
    let (def, pairs) = (base.lambda_def(), base.lambda_pairs());
    verdict(printed == def && pairs == def, || {
        format!("Λ = {def:?}, printed {printed:?}, {{w ∉ Z, w + a ∉ Z}} = {pairs:?}")
    })
}

/// (ρ + X) ∩ Y = ∅ on the circle, X and Y given by membership.
fn translate_misses(base: &Base, rho: u64, x: &[u64], in_y: impl Fn(u64) -> bool) -> bool {
    x.iter().all(|&w| !in_y((w + rho) % base.m()))
}

fn check_k1(angle: &Angle) -> Check {
    let (base, rho) = (&angle.base, angle.rho);
    let (m, delta) = (base.m(), base.delta());
    let k1 = (0..base.a).all(|r| !base.in_z(r + rho + delta) || base.in_z((r + delta) % m));
    let form = translate_misses(base, rho, &base.lambda_def(), |y| base.in_z(y));
    verdict(k1 == form, || {
        format!("ρ = {rho}: (K1) is {k1}, (ρ + Λ) ∩ Z = ∅ is {form}")
    })
}

fn check_k2(angle: &Angle) -> Check {
    let (base, rho) = (&angle.base, angle.rho);
    let t = angle.triple();
    let w0 = |x: u64| base.in_w0(x);
    let k2 = (t.c + t.a..t.c + t.b).all(|x| w0(x) || w0(x - t.c) || w0(x - t.b));
    let lambda = base.lambda_def();
    let form = translate_misses(base, rho, &base.d_gaps(), |y| lambda.contains(&y));
    verdict(k2 == form, || {
        format!("ρ = {rho}: (K2) is {k2}, (ρ + D) ∩ Λ = ∅ is {form}")
    })
}

/// The admissible candidates of a non-additive triple.
fn admissible_periods(t: &Triple) -> Vec<u64> {
    if t.is_additive() {
        return Vec::new();
    }
    let adm = admissible(&t.base(), t.rho());
    [adm.a_plus_b, adm.c_plus_a, adm.c_plus_b]
        .into_iter()
        .zip(t.candidates())
        .filter(|(ok, _)| *ok)
        .map(|(_, p)| p)
        .collect()
}

fn check_thm23(t: &Triple, p: u64, game: &Periodicity) -> Check {
    let len = game.qp.preperiod + game.qp.period + p;
    let bad = first_w0_difference(game, |x| thm23_in_w0(t, p, x), len);
    verdict(game.qp.preperiod == 0 && bad.is_none(), || match bad {
        Some(x) => format!("P = {p} admissible but W0(S) differs from its set at x = {x}"),
        None => format!("P = {p} admissible but {}", qp(game)),
    })
}

fn check_thm23_ca(t: &Triple, game: &Periodicity) -> Check {
    let (base, p) = (t.base(), t.c + t.a);
    let bad = (0..p).find(|&x| {
        let h = game.value(x) == 0;
        let w = x < t.c && base.in_w0(x);
        h != w || h != in_t(t, p, x)
    });
    verdict(bad.is_none(), || {
        format!("the three sets differ at x = {}", bad.unwrap_or(0))
    })
}

fn check_thm23_cb(t: &Triple, game: &Periodicity) -> Check {
    let base = t.base();
    let bad = (0..t.b).find(|&u| {
        let y = game.value(t.c + u) == 0;
        y != (base.in_w0(t.c + u) && !base.in_w0(u))
    });
    verdict(bad.is_none(), || {
        format!("Y(c + u) differs at u = {}", bad.unwrap_or(0))
    })
}

fn check_lemma24(base: &Base, _: &Periodicity) -> Check {
    let bad = angles::lemma24_angles(base)
        .into_iter()
        .find(|&r| !angles::in_theta_ca(base, r));
    verdict(bad.is_none(), || {
        format!("angle {} ∉ Θ_(c+a)", bad.unwrap_or(0))
    })
}

fn check_prop25(t: &Triple, game: &Periodicity) -> Check {
    let base = t.base();
    let len = game.qp.preperiod + game.qp.period + t.m();
    let same = first_w0_difference(game, |x| base.in_w0(x), len).is_none();
    let inert = angles::in_theta_ab(&base, t.rho());
    if same != inert {
        return Check::Fails(format!("W0(S) = W0(B) is {same}, ρ ∈ Θ_(a+b) is {inert}"));
    }
    let bad = (0..len).find(|&x| inert && game.value(x) != base.value(x));
    verdict(bad.is_none(), || {
        format!("inert but G_S ≠ G_B at x = {}", bad.unwrap_or(0))
    })
}

fn check_prop26(base: &Base, _: &Periodicity) -> Check {
    let def = theta_def(base, angles::in_theta_ca);
    verdict(def == angles::prop26_printed(base), || {
        format!("Θ_(c+a) = {def:?}")
    })
}

/// At one angle: Theorem 27's closed form and the complement of the
/// forbidden sets (Z − Λ and Λ − D from their definitions) against the
/// tests (T1) and (T2) of Prop. 20.
fn check_no_primitivity(x: &Angle) -> Check {
    let (base, rho) = (&x.base, x.rho);
    let ca_test = angles::in_theta_ca(base, rho);
    let ca_closed = angles::theta_ca_printed(base).contains(&rho);
    let Ok(r) = usize::try_from(rho) else {
        return Check::Fails(format!("ρ = {rho} does not fit in memory"));
    };
    let cb_test = angles::in_theta_cb(base, rho);
    let outside = !(angles::z_minus_lambda_def(base)[r] || angles::lambda_minus_d_def(base)[r]);
    verdict(ca_test == ca_closed && cb_test == outside, || {
        format!("ρ = {rho}: (T1) {ca_test}, Theorem 27 {ca_closed}; (T2) {cb_test}, outside the forbidden sets {outside}")
    })
}

/// The arc argument of Prop. 26's proof at one angle: (T1) as the arc
/// [σ, σ + a) of Z/(a + b)Z missing [0, δ), a wrapping arc meeting it, and
/// a non-wrapping one missing it exactly when δ ≤ σ ≤ b.
fn check_prop26_arcs(x: &Angle) -> Check {
    let (base, rho) = (&x.base, x.rho);
    let (m, delta) = (base.m(), base.delta());
    let sigma = (delta + m - rho % m) % m;
    let misses = (0..base.a).all(|i| (sigma + i) % m >= delta);
    let wraps = sigma + base.a > m;
    let t1 = angles::in_theta_ca(base, rho);
    let ok = t1 == misses
        && (!wraps || !misses)
        && (wraps || misses == (delta <= sigma && sigma <= base.b));
    verdict(ok, || {
        format!("ρ = {rho}, σ = {sigma}: (T1) {t1}, the arc misses [0, δ) {misses}, wraps {wraps}")
    })
}

fn check_thm27(base: &Base, _: &Periodicity) -> Check {
    let def = theta_def(base, angles::in_theta_ca);
    let printed = angles::theta_ca_printed(base);
    verdict(def == printed, || {
        format!("Θ_(c+a) = {def:?}, printed {printed:?}")
    })
}

/// The members of a membership table.
fn list(table: &[bool]) -> Vec<usize> {
    (0..table.len()).filter(|&i| table[i]).collect()
}

fn check_prop29(base: &Base, _: &Periodicity) -> Check {
    let def = angles::z_minus_lambda_def(base);
    let printed = angles::z_minus_lambda_printed(base);
    verdict(def == printed, || {
        format!("Z − Λ = {:?}, printed {:?}", list(&def), list(&printed))
    })
}

fn check_lambda_d(base: &Base, _: &Periodicity) -> Check {
    let def = angles::lambda_minus_d_def(base);
    let derived = angles::lambda_minus_d_derived(base);
    verdict(def == derived, || {
        format!("Λ − D = {:?}, derived {:?}", list(&def), list(&derived))
    })
}

fn check_thm30(base: &Base, _: &Periodicity) -> Check {
    let def = theta_def(base, angles::in_theta_cb);
    let printed = angles::theta_cb_printed(base);
    verdict(def == printed, || {
        format!("Θ_(c+b) = {def:?}, our reading of the printed form {printed:?}")
    })
}

fn check_thm31(t: &Triple, game: &Periodicity) -> Check {
    let adm = admissible(&t.base(), t.rho());
    let p = if adm.c_plus_a { t.c + t.a } else { t.c + t.b };
    let zeros: Vec<u64> = (0..p).filter(|&x| game.value(x) == 0).collect();
    verdict(zeros == sieve::thm31_block(t, p), || {
        format!("W0(S) ∩ [0, {p}) ≠ {{w_B(n) : n < N_c}} ⊔ (c + E)")
    })
}

fn check_nc(t: &Triple, game: &Periodicity) -> Check {
    let base = t.base();
    let below_c = (0..t.c).filter(|&x| game.value(x) == 0).count() as u64;
    let printed = t.winding() * base.n() + base.count_z_below(t.rho().min(t.b));
    verdict(below_c == n_c(t) && below_c == printed, || {
        format!(
            "#(W0(S) ∩ [0, c)) = {below_c}, KN + #(Z ∩ [0, ρ)) = {}, KN + C_a(min(ρ, b)) = {printed}",
            n_c(t)
        )
    })
}

fn check_row2(t: &Triple, _: &Periodicity) -> Check {
    let (a, b, rho, base) = (t.a, t.b, t.rho(), t.base());
    let nc = n_c(t);
    if !nc.is_multiple_of(a) {
        return Check::Fails(format!("a ∤ N_c = {nc}"));
    }
    let e = (t.c + a) as i64 - ((a + b) * nc / a) as i64;
    let e_printed = if rho == 0 {
        a as i64
    } else {
        rho as i64 - b as i64
    };
    let w_ok = (0..3 * base.m()).all(|n| base.w2(n) == n + b * (n / a));
    let ok = e == e_printed && base.n() == a && w_ok && nc == t.winding() * a + rho.min(a);
    verdict(ok, || {
        format!(
            "e = {e} (printed {e_printed}), N = {}, N_c = {nc} (printed Ka + min(ρ, a) = {})",
            base.n(),
            t.winding() * a + rho.min(a)
        )
    })
}

fn check_row3(t: &Triple, _: &Periodicity) -> Check {
    let (a, base) = (t.a, t.base());
    let m = (t.winding() + 1) * base.n() - a;
    if (t.winding() + 1) * t.m() - 2 * a != t.c + a {
        return Check::Fails("(K+1)(a+b) − 2a ≠ c + a".to_string());
    }
    let bad = (0..3 * m).find(|&n| {
        let (k, r) = (n / m, n % m);
        base.w2(n + a * k) - 2 * a * k != k * (t.c + a) + base.w2(r)
    });
    verdict(bad.is_none(), || {
        format!("fails at n = {}", bad.unwrap_or(0))
    })
}

fn check_row4(t: &Triple, _: &Periodicity) -> Check {
    let (a, b, rho, base) = (t.a, t.b, t.rho(), t.base());
    let m = t.winding() * a + rho;
    let bad = (0..3 * m).find(|&n| {
        let (k, r) = (n / m, n % m);
        let left = n + b * ((n + (a - rho) * (n / m)) / a);
        let middle = k * (t.c + b) + r + b * (r / a);
        left != middle || middle != k * (t.c + b) + base.w2(r)
    });
    verdict(bad.is_none(), || {
        format!("fails at n = {}", bad.unwrap_or(0))
    })
}

fn comb_cases() -> impl Iterator<Item = (u64, u64, u64)> {
    (1..=8u64).flat_map(|a| (0..2 * a).flat_map(move |d| (1..=2 * a).map(move |l| (a, d, l))))
}

fn check_comb(&(a, d, l): &(u64, u64, u64)) -> Result<(), String> {
    let in_comb = |u: i64| (u - d as i64).rem_euclid(2 * a as i64) < l as i64;
    let di = d as i64;
    for x in di - 4 * a as i64..=di + 6 * a as i64 {
        let signed = if x >= di {
            (di..x).filter(|&u| in_comb(u)).count() as i64
        } else {
            -((x..di).filter(|&u| in_comb(u)).count() as i64)
        };
        if comb_rank(a, d, l, x) != signed {
            return Err(format!(
                "R({x}) = {}, count {signed}",
                comb_rank(a, d, l, x)
            ));
        }
    }
    let listed: Vec<i64> = (di..)
        .filter(|&u| in_comb(u))
        .take(4 * l as usize)
        .collect();
    match (0..4 * l as i64).find(|&t| comb_point(a, d, l, t) != listed[t as usize]) {
        None => Ok(()),
        Some(t) => Err(format!(
            "E({t}) = {}, comb point {}",
            comb_point(a, d, l, t),
            listed[t as usize]
        )),
    }
}

fn check_thm34(t: &Triple, game: &Periodicity) -> Check {
    let p = covered_period(t);
    verdict(game.qp.preperiod == 0 && game.qp.period == p, || {
        format!("predicted q = 0, p = {p}; engine {}", qp(game))
    })
}

fn check_remark35(game: &Periodicity) -> Check {
    let base = Base::new(1, 3);
    let ok = i_def(&base) == [1, 3]
        && base.z() == [0, 2]
        && angles::in_theta_ab(&base, 5 % 4)
        && game.qp
            == (crate::engine::QP {
                preperiod: 0,
                period: 2,
            })
        && (0..8).all(|x| game.value(x) == (x % 2) as u16);
    verdict(ok, || format!("engine {}", qp(game)))
}
