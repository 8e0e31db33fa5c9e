//! Paper A, §6 (necessity: the conjectures, the finite check, the proved
//! cases and the quoted results on the lines b ≤ 2a) and Appendix A
//! (Prop. 61, quoted in Remark 28).

use super::{
    any_base, bases, beyond, extended, finite, on_angles, on_bases, on_triples, on_triples_qp, qp,
    qp_text, range_text, run_triples_qp, scoped, standing, triple_work, verdict, wide, Angle,
    Check, TripleRange,
};
use crate::claim::{Claim, Correction, Counterexample, Kind, EXAMPLES};
use crate::engine::{Periodicity, QP};
use crate::moves::gcd;
use crate::subtraction::angles::{self, admissible, theta_def};
use crate::subtraction::lemmas::i_def;
use crate::subtraction::values::cyclic_least_period;
use crate::subtraction::{primitive_non_additive, Triple};

/// The conjectures' ranges: beyond the paper's finite check by default,
/// much larger with `--extended`.
fn conjecture_range() -> TripleRange {
    TripleRange {
        default: beyond(),
        extended: Some(extended()),
    }
}

/// The published figures of the finite check (§6): triples, admissible,
/// not admissible.
const PUBLISHED: (u64, u64, u64) = (15_385, 7_557, 7_828);

pub(super) fn claims() -> Vec<Claim> {
    let standing_text = "standing: 2 ≤ a < b < c, gcd(a, b, c) = 1, c ≠ a + b";
    vec![
        on_triples_qp("A.Conj52", "purely periodic ⟺ ρ ∈ Θ_(a+b) ∪ Θ_(c+a) ∪ Θ_(c+b)", conjecture_range(), standing, |t, qp| {
            let adm = admissible(&t.base(), t.rho()).any();
            verdict((qp.preperiod == 0) == adm, || format!("admissible = {adm}; engine {}", qp_text(qp)))
        })
            .at("§6, Conjecture 52")
            .hypotheses(standing_text)
            .kind(Kind::Conjecture),
        finite_check()
            .at("§6, after Conjecture 52 (\"As a finite check …\")")
            .hypotheses(standing_text),
        on_bases("A.Sec6.uncovered", "uncovered angles: 0 < ρ < δ (b ≤ 2a); the complement of {a, b, b − 2a} ∪ C_(a,b) (b > 2a, a ∤ b); none (b = ka, k ≥ 3 odd); all primitive ones (k ≥ 4 even)", bases(), any_base, |base, _| {
            let (def, printed) = (angles::uncovered_def(base), angles::uncovered_printed(base));
            verdict(def == printed, || format!("uncovered angles {def:?}, printed {printed:?}"))
        })
            .at("§6, after the finite check")
            .hypotheses("2 ≤ a < b, the angles of primitive triples"),
        on_angles("A.Sec6.harmonic", "on harmonic shapes (a | b), primitivity requires gcd(a, ρ) = 1", |x| x.base.b % x.base.a == 0, |x: &Angle| {
            let primitive = gcd(gcd(x.base.a, x.base.b), x.triple().c) == 1;
            verdict(primitive == (gcd(x.base.a, x.rho) == 1), || format!("ρ = {}", x.rho))
        })
            .at("§6, after the finite check")
            .hypotheses("2 ≤ a < b, a | b"),
        on_triples("A.Remark53", "{2, 14, c}, c ≡ 2 (mod 4): ρ ∈ {2, 6, 10, 14} = I, but G_S(x) = ⌊x/2⌋ mod 2 with least period 4, not a pair sum", TripleRange::fixed((2..=2, 14..=14, 1..=200)), |t| t.c % 4 == 2, check_remark53)
            .at("§6, Remark 53")
            .hypotheses("S = {2, 14, c}, c ≡ 2 (mod 4)")
            .kind(Kind::Example),
        on_triples("A.Lemma54", "purely periodic with least period p ≤ a + b and c ≥ 2(a + b) ⇒ W0(S) = W0(B) and ρ ∈ Θ_(a+b)", TripleRange::fixed((2..=12, 1..=60, 1..=300)), |t| standing(t) && t.c >= 2 * t.m(), |t, game| {
            if game.qp.preperiod != 0 || game.qp.period > t.m() {
                return Check::Skip;
            }
            let base = t.base();
            let same = (0..2 * t.c).all(|x| (game.value(x) == 0) == base.in_w0(x));
            verdict(same && angles::in_theta_ab(&base, t.rho()), || format!("W0(S) = W0(B) is {same}; {}", qp(game)))
        })
            .at("§6, Lemma 54")
            .hypotheses("standing, c ≥ 2(a + b), q = 0, p ≤ a + b"),
        on_triples("A.Lemma54.proof", "below c, S and B have the same P-positions; their indicator word u of length c has periods p and a + b; c ≥ 2(a + b) ≥ p + (a + b) − g and u has period g = gcd(p, a + b) (Fine and Wilf); g | p, c ≥ p + g, and W0(S) is g-periodic from 0", TripleRange::fixed((2..=12, 1..=60, 1..=300)), |t| standing(t) && t.c >= 2 * t.m(), check_lemma54_proof)
            .at("§6, proof of Lemma 54")
            .hypotheses("standing, c ≥ 2(a + b), q = 0, p ≤ a + b"),
        on_triples("A.Prop55", "c ≥ 2(a + b): q = 0 with p ≤ a + b ⟺ ρ ∈ Θ_(a+b); then W0(S) = W0(B) and p is the least period of G_B, a divisor of a + b", TripleRange::fixed((2..=12, 1..=60, 1..=300)), |t| standing(t) && t.c >= 2 * t.m(), check_prop55)
            .at("§6, Proposition 55")
            .hypotheses("standing, c ≥ 2(a + b)"),
        on_triples_qp("A.Conj56", "purely periodic ⇒ p ∈ {a+b, c+a, c+b}", conjecture_range(), standing, |t, qp| {
            if qp.preperiod != 0 {
                return Check::Skip;
            }
            verdict(t.candidates().contains(&qp.period), || format!("purely periodic with p = {} ∉ {{a+b, c+a, c+b}}", qp.period))
        })
            .at("§6, Conjecture 56")
            .hypotheses("standing, q = 0")
            .kind(Kind::Conjecture),
        on_triples_qp("A.Sec6.moriwaki", "b ≤ 2a, 0 < ρ < δ: none of a + b, c + a, c + b is a period of G_S from 0 (quoting Moriwaki, Thm. 3)", TripleRange::fixed(wide()), |t| standing(t) && t.b <= 2 * t.a && 0 < t.rho() && t.rho() < t.b - t.a, |t, qp| {
            let bad = t.candidates().into_iter().find(|&p| qp.preperiod == 0 && p % qp.period == 0);
            verdict(bad.is_none(), || format!("{} is a period from 0", bad.unwrap_or(0)))
        })
            .at("§6, after Conjecture 56")
            .hypotheses("standing, b ≤ 2a, 0 < ρ < δ"),
        on_triples_qp("A.Sec6.moriwaki.b2a", "b = 2a: the least period is not c + b (quoting Moriwaki, Thm. 3), for purely periodic games", TripleRange::fixed((2..=20, 1..=40, 1..=400)), |t| standing(t) && t.b == 2 * t.a, |t, qp| {
            verdict(!(qp.preperiod == 0 && qp.period == t.c + t.b), || qp_text(qp))
        })
            .at("§6, after Conjecture 56")
            .hypotheses("standing, b = 2a"),
        on_triples_qp("A.Sec6.zhang", "b = 2a, 0 < ρ < a: q = c + a − ρ (quoting Zhang, Prop. 3.1)", TripleRange::fixed((2..=20, 1..=40, 1..=400)), |t| standing(t) && t.b == 2 * t.a && 0 < t.rho() && t.rho() < t.a, |t, qp| {
            let q = t.c + t.a - t.rho();
            verdict(qp.preperiod == q, || format!("q = c + a − ρ = {q}; engine {}", qp_text(qp)))
        })
            .at("§6, after Conjecture 56")
            .hypotheses("standing, b = 2a, 0 < ρ < a"),
        on_triples_qp("A.Sec6.conj52.b2a", "Conjecture 52 holds on the line b = 2a (with Theorem 34 and Zhang's Prop. 3.1)", TripleRange::fixed((2..=20, 1..=40, 1..=400)), |t| standing(t) && t.b == 2 * t.a, |t, qp| {
            let adm = admissible(&t.base(), t.rho()).any();
            verdict((qp.preperiod == 0) == adm, || format!("admissible = {adm}; engine {}", qp_text(qp)))
        })
            .at("§6, after Conjecture 56 (\"this proves Conjecture 52 on that line\")")
            .hypotheses("standing, b = 2a"),
        on_triples_qp("A.Sec6.families", "the families {a, a+2, (2a+2)t+1}, {a, 2a−1, (3a−1)t+a−2}, {a, 2a+1, (3a+1)t−1} (read: positive pre-period)", TripleRange::fixed((2..=12, 1..=25, 1..=400)), |t| standing(t) && in_families(t), |_, qp| {
            verdict(qp.preperiod > 0, || format!("purely periodic: {}", qp_text(qp)))
        })
            .at("§6, display after Zhang's Prop. 3.1 (the lead-in is lost)")
            .hypotheses("2 ≤ a, t ≥ 1, the members that are triples a < b < c")
            .kind(Kind::Fragment { lost: "the display's lead-in: what is asserted of the families; read with §1's \"families with positive pre-period discussed in §6\" as q > 0" }),
        on_triples_qp("A.Sec6.families.a3", "the members of the three §6 families with a ≥ 3 have positive pre-period (for a = 2 the second and third families, {2, 3, 5t} and {2, 5, 7t − 1}, are Table 1 rows 2 and 6, purely periodic)", TripleRange::fixed((2..=12, 1..=25, 1..=400)), |t| standing(t) && in_families(t) && t.a >= 3, |_, qp| {
            verdict(qp.preperiod > 0, || format!("purely periodic: {}", qp_text(qp)))
        })
            .at("§6, display after Zhang's Prop. 3.1")
            .hypotheses("3 ≤ a, t ≥ 1, standing")
            .corrects("A.Sec6.families", Correction::MissingHypothesis { hypothesis: "a ≥ 3" }),
        on_triples_qp("A.Sec6.families.uncovered", "Conjecture 52 on the §6 families: the members whose angle is admissible for no candidate have positive pre-period", TripleRange::fixed((2..=12, 1..=25, 1..=400)), |t| standing(t) && in_families(t) && !admissible(&t.base(), t.rho()).any(), |_, qp| {
            verdict(qp.preperiod > 0, || format!("purely periodic: {}", qp_text(qp)))
        })
            .at("§6, display after Zhang's Prop. 3.1 (with Conjecture 52)")
            .hypotheses("2 ≤ a, t ≥ 1, standing, ρ admissible for no candidate: the conjecture's hypothesis, so not a correction of the display")
            .kind(Kind::Conjecture),
        on_triples_qp("A.Conj57", "purely periodic with p = c+a ⇒ ρ ∈ Θ_(c+a); with p = c+b ⇒ ρ ∈ Θ_(c+b)", conjecture_range(), standing, |t, qp| {
            let p = qp.period;
            if qp.preperiod != 0 || (p != t.c + t.a && p != t.c + t.b) {
                return Check::Skip;
            }
            let adm = admissible(&t.base(), t.rho());
            let ok = if p == t.c + t.a { adm.c_plus_a } else { adm.c_plus_b };
            verdict(ok, || format!("p = {p} but ρ = {} is not in its Θ", t.rho()))
        })
            .at("§6, Conjecture 57")
            .hypotheses("standing, q = 0, p ∈ {c + a, c + b}")
            .kind(Kind::Conjecture),
        on_bases("A.Prop61", "b an even multiple of a ⇒ Θ_(c+b) consists of multiples of a (so it holds no primitive angle)", bases(), |b| b.is_even_harmonic(), |base, _| {
            let theta = theta_def(base, angles::in_theta_cb);
            verdict(theta.iter().all(|r| r % base.a == 0), || format!("Θ_(c+b) = {theta:?} has an angle not a multiple of a"))
        })
            .at("Appendix A, Proposition 61 (lost; quoted in Remark 28)")
            .hypotheses("b = ka, k even"),
    ]
}

/// The finite check of §6: on the paper's range every admissible triple is
/// purely periodic with least period the least admissible candidate, and
/// no other triple is purely periodic; on that range the counts are the
/// published ones.
fn finite_check() -> Claim {
    let range = TripleRange::fixed(finite());
    let text = range.text();
    Claim::new(
        "A.Sec6.finitecheck",
        "15,385 primitive non-additive triples with 2 ≤ a ≤ 8, a < b ≤ 40, b < c ≤ 100: the 7,828 non-admissible ones are not purely periodic, the 7,557 admissible ones are, with least period the least admissible candidate",
        text,
        move |scope| {
            let r = scoped(scope, &finite());
            let instances = primitive_non_additive(r.0.clone(), r.1.clone(), r.2.clone()).filter(|t| t.a >= 2);
            let mut result = run_triples_qp(scope, range_text(&r), instances, check_finite);
            if r == finite() {
                let admissible_count = primitive_non_additive(r.0, r.1, r.2)
                    .filter(|t| admissible(&t.base(), t.rho()).any())
                    .count() as u64;
                let counted = (result.applicable, admissible_count, result.applicable - admissible_count);
                if counted != PUBLISHED {
                    result.failing += 1;
                    if result.examples.len() < EXAMPLES {
                        result.examples.push(Counterexample {
                            instance: "counts".to_string(),
                            text: format!("published (triples, admissible, not) = {PUBLISHED:?}, counted {counted:?}"),
                            certificates: Vec::new(),
                        });
                    }
                }
                result.note = Some(format!(
                    "the published counts 15,385 / 7,557 / 7,828 are reproduced: {} / {} / {}",
                    counted.0, counted.1, counted.2
                ));
            } else {
                result.note = Some("the published counts apply to the paper's range only; not compared".to_string());
            }
            result
        },
        move |scope| triple_work(&range.on(scope)),
    )
    .counts("triples")
}

fn check_finite(t: &Triple, qp: &QP) -> Check {
    let adm = admissible(&t.base(), t.rho());
    match adm.least_candidate(t.candidates()) {
        Some(p) => verdict(qp.preperiod == 0 && qp.period == p, || {
            format!(
                "admissible with least candidate {p}; engine {}",
                qp_text(qp)
            )
        }),
        None => verdict(qp.preperiod > 0, || {
            format!("not admissible but purely periodic: {}", qp_text(qp))
        }),
    }
}

/// Whether the word `u` has period `p` (u\[x\] = u\[x + p\] wherever both
/// are defined); the first x where it does not, if any.
fn period_break(u: &[bool], p: usize) -> Option<usize> {
    (0..u.len().saturating_sub(p)).find(|&x| u[x] != u[x + p])
}

/// The steps of the proof of Lemma 54, each on the solved game: the
/// common P-positions below c, the two periods of u, the Fine–Wilf bound
/// and its period g, and the g-periodicity of W0(S) from 0.
fn check_lemma54_proof(t: &Triple, game: &Periodicity) -> Check {
    let (p, m) = (game.qp.period, t.m());
    if game.qp.preperiod != 0 || p > m {
        return Check::Skip;
    }
    let base = t.base();
    let u: Vec<bool> = (0..t.c).map(|x| game.value(x) == 0).collect();
    if let Some(x) = (0..t.c).find(|&x| u[x as usize] != base.in_w0(x)) {
        return Check::Fails(format!("W0(S) and W0(B) differ at x = {x} < c"));
    }
    let g = gcd(p, m);
    let steps = [("p", p), ("a + b", m), ("g = gcd(p, a + b)", g)];
    for (name, period) in steps {
        let Ok(period) = usize::try_from(period) else {
            return Check::Fails(format!("the period {name} does not fit in memory"));
        };
        if let Some(x) = period_break(&u, period) {
            return Check::Fails(format!(
                "u has no period {name} = {period}: u({x}) ≠ u({})",
                x + period
            ));
        }
    }
    if t.c < p + m - g || t.c < p + g {
        return Check::Fails(format!(
            "c = {} < p + (a + b) − g = {} or < p + g = {}",
            t.c,
            p + m - g,
            p + g
        ));
    }
    let periodic = (0..p).all(|x| (game.value(x) == 0) == (game.value(x + g) == 0));
    verdict(p % g == 0 && periodic, || {
        format!("W0(S) is not {g}-periodic from 0; {}", qp(game))
    })
}

fn check_remark53(t: &Triple, game: &Periodicity) -> Check {
    let base = t.base();
    let inert = i_def(&base) == [2, 6, 10, 14] && angles::in_theta_ab(&base, t.rho());
    let word = (0..8).all(|x| game.value(x) == ((x / 2) % 2) as u16);
    let pure4 = game.qp.period == 4 && game.qp.preperiod == 0;
    verdict(
        inert && word && pure4 && !t.candidates().contains(&game.qp.period),
        || format!("engine {}", qp(game)),
    )
}

fn check_prop55(t: &Triple, game: &Periodicity) -> Check {
    let base = t.base();
    let short = game.qp.preperiod == 0 && game.qp.period <= t.m();
    let inert = angles::in_theta_ab(&base, t.rho());
    if short != inert {
        return Check::Fails(format!(
            "q = 0 and p ≤ a + b is {short}, ρ ∈ Θ_(a+b) is {inert}"
        ));
    }
    if !inert {
        return Check::Holds;
    }
    let base_word = base.value_word();
    let same = (0..2 * t.m()).all(|x| (game.value(x) == 0) == base.in_w0(x));
    let pb = cyclic_least_period(&base_word);
    verdict(
        same && game.qp.period == pb && t.m().is_multiple_of(pb),
        || format!("W0(S) = W0(B) is {same}; engine {}", qp(game)),
    )
}

/// The members of the three §6 families with 2 ≤ a < b < c.
fn in_families(t: &Triple) -> bool {
    let (a, b, c) = (t.a, t.b, t.c);
    let member = |step: u64, offset: i64| {
        let rest = c as i64 - offset;
        rest > 0 && rest % step as i64 == 0 && rest / step as i64 >= 1
    };
    a >= 2
        && ((b == a + 2 && member(2 * a + 2, 1))
            || (b == 2 * a - 1 && member(3 * a - 1, a as i64 - 2))
            || (b == 2 * a + 1 && member(3 * a + 1, -1)))
}
