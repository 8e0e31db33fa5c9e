//! The audit registry entries of paper A: one [`Claim`] per checkable
//! statement, checked instance by instance against the engine (naive mex
//! with exact cycle detection). Instances are enumerated in increasing
//! order, so a failure reported is the smallest counterexample; every
//! failure carries the engine's certificate of the true behaviour.
//!
//! Default ranges keep the whole paper-A audit within about a minute on two
//! cores (release build); most triple statements use the paper's
//! finite-check range 2 ≤ a ≤ 8, a < b ≤ 40, b < c ≤ 100.

use super::additive::{cor46_value, remark38_period, Additive};
use super::angles::{self, admissible};
use super::base::Base;
use super::lemmas::{floor_identity, i_def, i_printed, reduce};
use super::sieve::{self, table1_conditions, table1_generator, thm23_in_w0};
use super::table2;
use super::values::{cor44_violation, cor49_holds, cyclic_least_period, l_values, lemma47_periods};
use super::{triples, Triple};
use crate::certify::formula::formula_certificates;
use crate::certify::{search_provenance, sequence_certificate};
use crate::claim::{check_instances, Claim, ClaimResult, InstanceOutcome, Scope, Status};
use crate::engine::{solve, Periodicity};
use crate::moves::{gcd, MoveSet};
use nimcert_check::format::Certificate;
use std::ops::RangeInclusive;

type Ranges = (
    RangeInclusive<u64>,
    RangeInclusive<u64>,
    RangeInclusive<u64>,
);

/// The paper's finite-check range (§6): 2 ≤ a ≤ 8, a < b ≤ 40, b < c ≤ 100.
fn finite() -> Ranges {
    (2..=8, 1..=40, 1..=100)
}

/// The default range of the triple theorems: 2 ≤ a ≤ 12, a < b ≤ 60,
/// b < c ≤ 200 (wider than the paper's finite check; still seconds).
fn wide() -> Ranges {
    (2..=12, 1..=60, 1..=200)
}

/// The extended range for conjectures (`--extended`).
fn extended() -> Ranges {
    (2..=16, 1..=80, 1..=300)
}

/// Engine bound per game (far above q + p + c in every range used).
const LIMIT: u64 = 1 << 26;

/// One instance's verdict.
enum Check {
    Skip,
    Holds,
    Fails(String),
}

fn verdict(ok: bool, why: impl FnOnce() -> String) -> Check {
    if ok {
        Check::Holds
    } else {
        Check::Fails(why())
    }
}

/// The engine's certificate of a game's true behaviour.
fn truth(game: &Periodicity) -> Vec<Certificate> {
    vec![sequence_certificate(game, search_provenance())]
}

/// Certificates of a holding instance: the formula's when a statement
/// covers the game, else the engine's.
fn holding_certificates(moves: &[u64], game: &Periodicity) -> Vec<Certificate> {
    match formula_certificates(moves) {
        Ok(f) => vec![f.pset, f.sequence],
        Err(_) => truth(game),
    }
}

/// Audits a statement on games given by their moves, in increasing order.
fn run_games<T>(
    scope: &Scope,
    status: Status,
    range: String,
    instances: impl IntoIterator<Item = T>,
    moves: fn(&T) -> Vec<u64>,
    check: impl Fn(&T, &Periodicity) -> Check,
) -> ClaimResult {
    let stem = |t: &T| {
        let m = moves(t);
        m.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join("-")
    };
    check_instances(scope, status, range, instances, stem, |t| {
        let m = moves(t);
        let set = MoveSet::new(&m).expect("valid moves");
        let game = match solve(&set, LIMIT) {
            Ok(g) => g,
            Err(e) => {
                return InstanceOutcome::Fails {
                    counterexample: format!("{set}: {e}"),
                    truth: Vec::new(),
                }
            }
        };
        match check(t, &game) {
            Check::Skip => InstanceOutcome::NotApplicable,
            Check::Holds if scope.want_certificates => {
                InstanceOutcome::Holds(holding_certificates(&m, &game))
            }
            Check::Holds => InstanceOutcome::Holds(Vec::new()),
            Check::Fails(why) => InstanceOutcome::Fails {
                counterexample: format!("{set}: {why}"),
                truth: truth(&game),
            },
        }
    })
}

fn range_text(r: &Ranges) -> String {
    format!(
        "{} ≤ a ≤ {}, a < b ≤ {}, b < c ≤ {}",
        r.0.start(),
        r.0.end(),
        r.1.end(),
        r.2.end()
    )
}

fn scoped(scope: &Scope, default: Ranges) -> Ranges {
    (
        scope.a_or(default.0),
        scope.b_or(default.1),
        scope.c_or(default.2),
    )
}

/// Audits a statement on triples with hypotheses `hyp`.
fn run_triples(
    scope: &Scope,
    status: Status,
    default: Ranges,
    hyp: fn(&Triple) -> bool,
    check: fn(&Triple, &Periodicity) -> Check,
) -> ClaimResult {
    let r = scoped(scope, default);
    let text = range_text(&r);
    let instances = triples(r.0, r.1, r.2).filter(hyp);
    run_games(
        scope,
        status,
        text,
        instances,
        |t| vec![t.a, t.b, t.c],
        check,
    )
}

/// Audits a statement about the base game B = {a, b}.
fn run_bases(
    scope: &Scope,
    default: (RangeInclusive<u64>, RangeInclusive<u64>),
    check: fn(&Base, &Periodicity) -> Check,
) -> ClaimResult {
    let (ra, rb) = (scope.a_or(default.0), scope.b_or(default.1));
    let text = format!("{} ≤ a ≤ {}, a < b ≤ {}", ra.start(), ra.end(), rb.end());
    let instances = ra.flat_map(move |a| {
        rb.clone()
            .filter(move |&b| b > a)
            .map(move |b| Base::new(a, b))
    });
    run_games(
        scope,
        Status::Theorem,
        text,
        instances,
        |b| vec![b.a, b.b],
        check,
    )
}

fn bases_default() -> (RangeInclusive<u64>, RangeInclusive<u64>) {
    (2..=12, 1..=80)
}

// Hypotheses.

fn standing(t: &Triple) -> bool {
    t.a >= 2 && t.is_primitive() && !t.is_additive()
}
fn any_triple(_: &Triple) -> bool {
    true
}
fn non_primitive(t: &Triple) -> bool {
    !t.is_primitive()
}
fn additive_coprime(t: &Triple) -> bool {
    t.is_additive() && t.a >= 2 && gcd(t.a, t.b) == 1
}
fn covered(t: &Triple) -> bool {
    additive_coprime(t) || (standing(t) && admissible(&t.base(), t.rho()).any())
}
fn non_additive_covered(t: &Triple) -> bool {
    standing(t) && admissible(&t.base(), t.rho()).any()
}
fn a_is_one(t: &Triple) -> bool {
    t.a == 1
}

/// The predicted least period of a covered triple: p_add, or the least
/// admissible candidate (Theorem 34 / Theorem 36).
fn covered_period(t: &Triple) -> u64 {
    if t.is_additive() {
        Additive::new(t.a, t.b).period_thm36()
    } else {
        admissible(&t.base(), t.rho())
            .least_candidate(t.candidates())
            .expect("covered")
    }
}

/// The engine's q, p in words.
fn qp(game: &Periodicity) -> String {
    format!("q = {}, p = {}", game.qp.preperiod, game.qp.period)
}

/// W0 membership from the engine agrees with `in_w0` on [0, len).
fn first_w0_difference(game: &Periodicity, in_w0: impl Fn(u64) -> bool, len: u64) -> Option<u64> {
    (0..len).find(|&x| (game.value(x) == 0) != in_w0(x))
}

// Checks, in statement order.

fn check_lemma5(t: &Triple, game: &Periodicity) -> Check {
    let (g, r) = reduce(&[t.a, t.b, t.c]);
    let Ok(prime) = solve(&MoveSet::new(&r).expect("valid"), LIMIT) else {
        return Check::Fails("no period for S'".to_string());
    };
    let len = game.qp.preperiod + 2 * game.qp.period;
    let dilated = super::lemmas::dilate_qp(g, prime.qp);
    if dilated != game.qp {
        return Check::Fails(format!(
            "Lemma 5 gives q = {}, p = {}; engine {}",
            dilated.preperiod,
            dilated.period,
            qp(game)
        ));
    }
    let bad = (0..len).find(|&x| game.value(x) != prime.value(x / g));
    verdict(bad.is_none(), || {
        format!("G_S({}) ≠ G_S'(⌊x/g⌋)", bad.unwrap_or(0))
    })
}

fn check_lemma4(t: &Triple, game: &Periodicity) -> Check {
    let len = game.qp.preperiod + game.qp.period + t.c;
    let zero = |x: u64| game.value(x) == 0;
    let bad = (0..len).find(|&x| {
        let no_zero_option = [t.a, t.b, t.c].iter().all(|&s| s > x || !zero(x - s));
        zero(x) != no_zero_option
    });
    verdict(bad.is_none(), || {
        format!("W0(S) breaks the recurrence at x = {}", bad.unwrap_or(0))
    })
}

fn check_prop7(base: &Base, game: &Periodicity) -> Check {
    let m = base.m();
    if game.qp.preperiod != 0 || m % game.qp.period != 0 {
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
            "least period of W0(B) is {p}, printed {}",
            base.least_period_printed()
        )
    })
}

fn check_remark9(base: &Base, game: &Periodicity) -> Check {
    let u: Vec<u64> = base.u_printed().collect();
    if u != base.u_def() {
        return Check::Fails(format!(
            "U printed {:?} ≠ definition {:?}",
            base.u_printed(),
            base.u_def()
        ));
    }
    let twos: Vec<u64> = (0..base.m()).filter(|&x| game.value(x) == 2).collect();
    if twos != u {
        return Check::Fails("value-2 residues of B are not U".to_string());
    }
    let disjoint = base.z().iter().all(|&z| !base.in_z(z + base.a));
    let u_plus_a = u.iter().all(|&x| base.in_z(x + base.a));
    verdict(disjoint && u_plus_a, || {
        "Z ∩ (Z + a) ≠ ∅ or U + a ⊄ Z".to_string()
    })
}

fn check_lemma10(t: &Triple, game: &Periodicity) -> Check {
    let len = game.qp.preperiod + game.qp.period + t.c + t.a;
    let bad = super::lemmas::ferguson_violation(|x| game.value(x), t.a, len);
    verdict(bad.is_none(), || {
        format!("pairing fails at x = {}", bad.unwrap_or(0))
    })
}

fn check_lemma11(base: &Base, game: &Periodicity) -> Check {
    let bad =
        (0..3 * base.m()).find(|&y| !super::lemmas::lemma11_holds(base, |x| game.value(x), y));
    verdict(bad.is_none(), || {
        format!("fails at y = {}", bad.unwrap_or(0))
    })
}

fn check_lemma12(base: &Base, _: &Periodicity) -> Check {
    let (z, d, m) = (base.z(), base.d_gaps(), base.m());
    let diff = super::lemmas::difference_set(&d, &z, m);
    let bad = (0..m).find(|&r| super::lemmas::translate_avoids(r, &z, &d, m) == diff[r as usize]);
    verdict(bad.is_none(), || {
        format!(
            "(ρ + Z) ∩ D = ∅ disagrees with ρ ∉ D − Z at ρ = {}",
            bad.unwrap_or(0)
        )
    })
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

fn check_lemma14(base: &Base, _: &Periodicity) -> Check {
    let (def, printed) = (i_def(base), i_printed(base));
    let theta: Vec<u64> = angles::theta_def(base, angles::in_theta_ab);
    verdict(def == printed && theta == def, || {
        format!("I = {def:?} (complement of Z − Z), printed {printed:?}, Θ_(a+b) = {theta:?}")
    })
}

fn check_lemma22(base: &Base, _: &Periodicity) -> Check {
    let printed: Vec<u64> = base.lambda_printed().collect();
    let (def, pairs) = (base.lambda_def(), base.lambda_pairs());
    verdict(printed == def && pairs == def, || {
        format!("Λ = {def:?}, printed {printed:?}, {{w ∉ Z, w + a ∉ Z}} = {pairs:?}")
    })
}

fn check_example1(base: &Base, _: &Periodicity) -> Check {
    let ab = angles::theta_def(base, angles::in_theta_ab);
    let ca = angles::theta_def(base, angles::in_theta_ca);
    let cb = angles::theta_def(base, angles::in_theta_cb);
    verdict(
        ab == [3, 8] && ca == [2, 8] && cb == [3, 4, 5, 9, 10],
        || format!("Θ_(a+b) = {ab:?}, Θ_(c+a) = {ca:?}, Θ_(c+b) = {cb:?}"),
    )
}

fn check_lemma24(base: &Base, _: &Periodicity) -> Check {
    let angles = angles::lemma24_angles(base);
    let bad = angles.iter().find(|&&r| !angles::in_theta_ca(base, r));
    verdict(bad.is_none(), || {
        format!("angle {} ∉ Θ_(c+a)", bad.unwrap_or(&0))
    })
}

fn check_prop26(base: &Base, _: &Periodicity) -> Check {
    if base.b > 2 * base.a {
        return Check::Skip;
    }
    let def = angles::theta_def(base, angles::in_theta_ca);
    verdict(def == angles::prop26_printed(base), || {
        format!("Θ_(c+a) = {def:?}")
    })
}

fn check_thm27(base: &Base, _: &Periodicity) -> Check {
    let def = angles::theta_def(base, angles::in_theta_ca);
    let printed = angles::theta_ca_printed(base);
    verdict(def == printed, || {
        format!("Θ_(c+a) = {def:?}, printed {printed:?}")
    })
}

fn check_prop29(base: &Base, _: &Periodicity) -> Check {
    let def = angles::z_minus_lambda_def(base);
    let printed = angles::z_minus_lambda_printed(base);
    let list = |v: &[bool]| (0..v.len()).filter(|&i| v[i]).collect::<Vec<_>>();
    verdict(def == printed, || {
        format!("Z − Λ = {:?}, printed {:?}", list(&def), list(&printed))
    })
}

fn check_thm30(base: &Base, _: &Periodicity) -> Check {
    let def = angles::theta_def(base, angles::in_theta_cb);
    let printed = angles::theta_cb_printed(base);
    verdict(def == printed, || {
        format!("Θ_(c+b) = {def:?}, our reading of the printed form {printed:?}")
    })
}

fn check_sec6_uncovered(base: &Base, _: &Periodicity) -> Check {
    let (def, printed) = (angles::uncovered_def(base), angles::uncovered_printed(base));
    verdict(def == printed, || {
        format!("uncovered angles {def:?}, printed {printed:?}")
    })
}

fn check_prop61(base: &Base, _: &Periodicity) -> Check {
    if !base.is_even_harmonic() {
        return Check::Skip;
    }
    let theta = angles::theta_def(base, angles::in_theta_cb);
    verdict(theta.iter().all(|r| r % base.a == 0), || {
        format!("Θ_(c+b) = {theta:?} has an angle not a multiple of a")
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

fn check_thm23(t: &Triple, game: &Periodicity) -> Check {
    let adm = admissible(&t.base(), t.rho());
    let admissible_p = [adm.a_plus_b, adm.c_plus_a, adm.c_plus_b]
        .into_iter()
        .zip(t.candidates())
        .filter(|(ok, _)| *ok)
        .map(|(_, p)| p);
    for p in admissible_p {
        let len = game.qp.preperiod + game.qp.period + p;
        if let Some(x) = first_w0_difference(game, |x| thm23_in_w0(t, p, x), len) {
            return Check::Fails(format!(
                "P = {p} admissible but W0(S) differs from its set at x = {x}"
            ));
        }
    }
    Check::Holds
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

fn check_thm31(t: &Triple, game: &Periodicity) -> Check {
    let adm = admissible(&t.base(), t.rho());
    if adm.a_plus_b || !(adm.c_plus_a || adm.c_plus_b) {
        return Check::Skip;
    }
    let p = if adm.c_plus_a { t.c + t.a } else { t.c + t.b };
    let zeros: Vec<u64> = (0..p).filter(|&x| game.value(x) == 0).collect();
    verdict(zeros == sieve::thm31_block(t, p), || {
        format!("W0(S) ∩ [0, {p}) ≠ {{w_B(n) : n < N_c}} ⊔ (c + E)")
    })
}

fn check_thm34(t: &Triple, game: &Periodicity) -> Check {
    let p = covered_period(t);
    verdict(game.qp.preperiod == 0 && game.qp.period == p, || {
        format!("predicted q = 0, p = {p}; engine {}", qp(game))
    })
}

fn check_remark35(t: &Triple, game: &Periodicity) -> Check {
    let base = t.base();
    let ok = i_def(&base) == [1, 3]
        && angles::in_theta_ab(&base, t.rho())
        && game.qp.period == 2
        && (0..8).all(|x| game.value(x) == (x % 2) as u16);
    verdict(ok, || format!("engine {}", qp(game)))
}

fn check_thm36(t: &Triple, game: &Periodicity) -> Check {
    let add = Additive::new(t.a, t.b);
    let p = add.period_thm36();
    if game.qp.preperiod != 0 || game.qp.period != p || add.period_printed() != p {
        return Check::Fails(format!(
            "p = 2Q + bQ/N = {p}, a(2N+b)/gcd(a,N) = {}; engine {}",
            add.period_printed(),
            qp(game)
        ));
    }
    let zeros: Vec<u64> = (0..2 * p).filter(|&x| game.value(x) == 0).collect();
    let bad = (0..zeros.len() as u64).find(|&n| add.w3_printed(n) != zeros[n as usize]);
    verdict(bad.is_none(), || {
        format!("w_3({}) ≠ the engine's P-position", bad.unwrap_or(0))
    })
}

fn check_remark38(t: &Triple, game: &Periodicity) -> Check {
    let Some(p) = remark38_period(t.a, t.b) else {
        return Check::Skip;
    };
    verdict(game.qp.preperiod == 0 && game.qp.period == p, || {
        format!("q = 0, p = g·p_add = {p}; engine {}", qp(game))
    })
}

fn check_table1_row(t: &Triple, game: &Periodicity, row: u8) -> Check {
    if !table1_conditions(t, row) {
        return Check::Skip;
    }
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

fn check_table1_complete(t: &Triple, _: &Periodicity) -> Check {
    let rows: Vec<u8> = (1..=7).filter(|&r| table1_conditions(t, r)).collect();
    let adm = admissible(&t.base(), t.rho()).any();
    if rows.len() > 1 {
        return Check::Fails(format!("rows {rows:?} overlap"));
    }
    verdict(rows.is_empty() != adm, || {
        format!("admissible = {adm}, Table 1 rows {rows:?}")
    })
}

fn check_table2_row(t: &Triple, game: &Periodicity, row: u8) -> Check {
    if !table2::conditions(t, row) {
        return Check::Skip;
    }
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

fn check_thm42(t: &Triple, game: &Periodicity) -> Check {
    if game.qp.preperiod != 0 {
        return Check::Fails(format!("not purely periodic: {}", qp(game)));
    }
    let p = game.qp.period;
    let rebuilt = l_values(|x| game.value(x) == 0, t.a, p);
    let bad = (0..p).find(|&x| rebuilt[x as usize] != game.value(x));
    verdict(bad.is_none(), || {
        format!(
            "L-function gives the wrong value at x = {}",
            bad.unwrap_or(0)
        )
    })
}

fn check_lemma40_41(t: &Triple, game: &Periodicity, which: u8) -> Check {
    if game.qp.preperiod != 0 {
        return Check::Fails(format!("not purely periodic: {}", qp(game)));
    }
    let w0: Vec<bool> = game.values.iter().map(|&v| v == 0).collect();
    let classes = super::values::Classes { w0: &w0, a: t.a };
    match which {
        40 => match super::values::lemma40_violation(t, &classes) {
            None => Check::Holds,
            Some(why) => Check::Fails(why),
        },
        _ => match super::values::lemma41_violation(t, &classes) {
            None => Check::Holds,
            Some(v) => Check::Fails(format!(
                "run start v = {v}: the class of v − b or v − c is L-even in V"
            )),
        },
    }
}

fn check_cor43(t: &Triple, game: &Periodicity) -> Check {
    let p = covered_period(t);
    verdict(game.qp.preperiod == 0 && p % game.qp.period == 0, || {
        format!("G_S(x + {p}) = G_S(x) fails: engine {}", qp(game))
    })
}

fn check_cor44(t: &Triple, game: &Periodicity) -> Check {
    let bad = cor44_violation(&game.values, t.c);
    verdict(game.qp.preperiod == 0 && bad.is_none(), || {
        format!("value 3 at residue {} < c", bad.unwrap_or(0))
    })
}

fn check_cor46(t: &Triple, game: &Periodicity) -> Check {
    let add = Additive::new(t.a, t.b);
    let p = game.qp.period;
    let bad = (0..p).find(|&x| cor46_value(&add, |y| game.value(y) == 0, x) != Some(game.value(x)));
    verdict(bad.is_none(), || {
        format!("the value classes disagree at x = {}", bad.unwrap_or(0))
    })
}

fn check_lemma47(_: &Triple, game: &Periodicity) -> Check {
    let (pg, pw) = lemma47_periods(&game.values);
    verdict(game.qp.preperiod == 0 && pg == pw, || {
        format!("least period of G_S {pg}, of W0 {pw}")
    })
}

fn check_prop48(t: &Triple, game: &Periodicity) -> Check {
    let p = covered_period(t);
    let zeros: Vec<bool> = game.values.iter().map(|&v| v == 0).collect();
    let pw = cyclic_least_period(&zeros);
    verdict(
        game.qp.preperiod == 0 && game.qp.period == p && pw == p,
        || {
            format!(
                "p = {p} predicted; engine {}, least period of W0 {pw}",
                qp(game)
            )
        },
    )
}

fn check_cor49(t: &Triple, _: &Periodicity) -> Check {
    verdict(cor49_holds(&admissible(&t.base(), t.rho())), || {
        "ρ ∉ Θ_(a+b) lies in both Θ_(c+a) and Θ_(c+b)".to_string()
    })
}

fn check_conj52(t: &Triple, game: &Periodicity) -> Check {
    let adm = admissible(&t.base(), t.rho()).any();
    verdict((game.qp.preperiod == 0) == adm, || {
        format!("admissible = {adm}; engine {}", qp(game))
    })
}

fn check_remark53(t: &Triple, game: &Periodicity) -> Check {
    if t.a != 2 || t.b != 14 || t.c % 4 != 2 {
        return Check::Skip;
    }
    let base = t.base();
    let inert = i_def(&base) == [2, 6, 10, 14] && angles::in_theta_ab(&base, t.rho());
    let word = (0..8).all(|x| game.value(x) == ((x / 2) % 2) as u16);
    verdict(
        inert && word && game.qp.period == 4 && game.qp.preperiod == 0,
        || format!("engine {}", qp(game)),
    )
}

fn check_prop55(t: &Triple, game: &Periodicity) -> Check {
    if t.c < 2 * t.m() {
        return Check::Skip;
    }
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
    let same = first_w0_difference(game, |x| base.in_w0(x), 2 * t.m()).is_none();
    verdict(
        same && game.qp.period == cyclic_least_period(&base_word),
        || format!("W0(S) = W0(B) is {same}; engine {}", qp(game)),
    )
}

fn check_conj56(t: &Triple, game: &Periodicity) -> Check {
    if game.qp.preperiod != 0 {
        return Check::Skip;
    }
    verdict(t.candidates().contains(&game.qp.period), || {
        format!(
            "purely periodic with p = {} ∉ {{a+b, c+a, c+b}}",
            game.qp.period
        )
    })
}

fn check_conj57(t: &Triple, game: &Periodicity) -> Check {
    let p = game.qp.period;
    if game.qp.preperiod != 0 || (p != t.c + t.a && p != t.c + t.b) {
        return Check::Skip;
    }
    let adm = admissible(&t.base(), t.rho());
    let ok = if p == t.c + t.a {
        adm.c_plus_a
    } else {
        adm.c_plus_b
    };
    verdict(ok, || {
        format!("p = {p} but ρ = {} is not in its Θ", t.rho())
    })
}

fn floor_audit(scope: &Scope) -> ClaimResult {
    let instances = (1..=24i64)
        .flat_map(|m| (-30..=60i64).flat_map(move |x| (0..=60i64).map(move |d| (x, d, m))));
    check_instances(
        scope,
        Status::Theorem,
        "1 ≤ m ≤ 24, −30 ≤ x ≤ 60, 0 ≤ d ≤ 60".to_string(),
        instances,
        |&(x, d, m)| format!("x{x}-d{d}-m{m}"),
        |&(x, d, m)| {
            let (l, r) = floor_identity(x, d, m);
            if l == r {
                InstanceOutcome::Holds(Vec::new())
            } else {
                InstanceOutcome::Fails {
                    counterexample: format!("x = {x}, d = {d}, m = {m}: {l} ≠ {r}"),
                    truth: Vec::new(),
                }
            }
        },
    )
}

/// A claim record.
fn claim(
    id: &'static str,
    printed: &'static str,
    hypotheses: &'static str,
    status: Status,
    default_range: &'static str,
    run: fn(&Scope) -> ClaimResult,
) -> Claim {
    Claim {
        id,
        printed,
        hypotheses,
        status,
        default_range,
        run,
    }
}

const FINITE: &str = "2 ≤ a ≤ 8, a < b ≤ 40, b < c ≤ 100";
const WIDE: &str = "2 ≤ a ≤ 12, a < b ≤ 60, b < c ≤ 200";
const BASES: &str = "2 ≤ a ≤ 12, a < b ≤ 80";
const STANDING: &str = "2 ≤ a < b < c, gcd(a, b, c) = 1, c ≠ a + b";

macro_rules! table1_row {
    ($row:literal, $printed:literal) => {
        claim(
            concat!("A.Table1.row", $row),
            $printed,
            "the row's printed conditions (with the standing hypotheses)",
            Status::Theorem,
            WIDE,
            |s| {
                let default = if $row == 8 {
                    (2..=12, 1..=60, 1..=72)
                } else {
                    wide()
                };
                run_triples(s, Status::Theorem, default, any_triple, |t, g| {
                    check_table1_row(t, g, $row)
                })
            },
        )
    };
}

macro_rules! table2_row {
    ($row:literal, $printed:literal) => {
        claim(
            concat!("A.Table2.row", $row),
            $printed,
            "a = 1 and the row's printed conditions",
            Status::Theorem,
            "a = 1, 1 < b ≤ 40, b < c ≤ 120",
            |s| {
                run_triples(
                    s,
                    Status::Theorem,
                    (1..=1, 1..=40, 1..=120),
                    a_is_one,
                    |t, g| check_table2_row(t, g, $row),
                )
            },
        )
    };
}

/// Every checkable statement of paper A, in statement order.
pub fn claims() -> Vec<Claim> {
    vec![
        claim("A.Example1", "B = {3, 8}: Θ_(a+b) = {3, 8}, Θ_(c+a) = {2, 8}, Θ_(c+b) = {3, 4, 5, 9, 10}", "B = {3, 8}", Status::Example, "B = {3, 8}",
            |s| run_bases(s, (3..=3, 8..=8), check_example1)),
        claim("A.Lemma4", "W0(S) is the unique set with x ∈ T ⟺ x − s ∉ T for every s ∈ S, s ≤ x", "any three moves", Status::Theorem, "1 ≤ a ≤ 8, a < b ≤ 30, b < c ≤ 80",
            |s| run_triples(s, Status::Theorem, (1..=8, 1..=30, 1..=80), any_triple, check_lemma4)),
        claim("A.Lemma5", "G_(gS')(x) = G_(S')(⌊x/g⌋), q(gS') = g·q(S'), p(gS') = g·p(S')", "g = gcd(S) > 1", Status::Theorem, "1 ≤ a ≤ 12, a < b ≤ 40, b < c ≤ 100, gcd > 1",
            |s| run_triples(s, Status::Theorem, (1..=12, 1..=40, 1..=100), non_primitive, check_lemma5)),
        claim("A.Prop7", "W0(B) = Z + (a+b)N, N = C_a(b) as printed, outcome word (0^a 1^a)^… as printed", "0 < a < b", Status::Theorem, "1 ≤ a ≤ 12, a < b ≤ 80",
            |s| run_bases(s, (1..=12, 1..=80), check_prop7)),
        claim("A.Remark8", "least period of W0(B) is 2a when b is an odd multiple of a, else a + b", "0 < a < b", Status::Theorem, "1 ≤ a ≤ 12, a < b ≤ 80",
            |s| run_bases(s, (1..=12, 1..=80), check_remark8)),
        claim("A.Remark9", "gap set U = [(η+2)a, a+b) (η even), [(η+1)a+ε, (η+2)a) (η odd); U + a ⊆ Z; Z ∩ (Z + a) = ∅", "2 ≤ a < b", Status::Theorem, BASES,
            |s| run_bases(s, bases_default(), check_remark9)),
        claim("A.Lemma10", "G_S(x) = 0 ⟺ G_S(x + a) = 1 (Ferguson pairing, a = min S)", "any three moves", Status::Theorem, "1 ≤ a ≤ 8, a < b ≤ 30, b < c ≤ 80",
            |s| run_triples(s, Status::Theorem, (1..=8, 1..=30, 1..=80), any_triple, check_lemma10)),
        claim("A.Lemma11", "G_B(y) = 2 ⇒ y ≥ 2a and y − 2a ∈ W0(B)", "0 < a < b", Status::Theorem, BASES,
            |s| run_bases(s, bases_default(), check_lemma11)),
        claim("A.Lemma13", "⌊x/m⌋ − ⌊(x − d)/m⌋ = ⌊d/m⌋ + [x mod m < d mod m]", "integers, m ≥ 1", Status::Theorem, "1 ≤ m ≤ 24, −30 ≤ x ≤ 60, 0 ≤ d ≤ 60",
            floor_audit),
        claim("A.Lemma12", "(ρ + X) ∩ Y = ∅ ⟺ ρ ∉ Y − X on Z/(a+b)Z (instance X = Z, Y = D)", "2 ≤ a < b", Status::Theorem, BASES,
            |s| run_bases(s, bases_default(), check_lemma12)),
        claim("A.Lemma14", "Θ_(a+b) = I = complement of Z − Z = [a, b] (b ≤ 2a), {ja : j odd ≤ k} (b = ka, k odd), {a, b} otherwise", "2 ≤ a < b", Status::Theorem, BASES,
            |s| run_bases(s, bases_default(), check_lemma14)),
        claim("A.Prop18", "T_P ∩ [0, P) = W0(B) ∩ J_P, J_(c+a) = [0, c), J_(c+b) = [0, c) ∪ (c + D)", STANDING, Status::Theorem, WIDE,
            |s| run_triples(s, Status::Theorem, wide(), standing, check_prop18)),
        claim("A.Prop20", "ρ ∈ Θ_(a+b) ⟺ ρ ∉ Z − Z; ρ ∈ Θ_(c+a) ⟺ ρ ∉ δ − (A − Z); ρ ∈ Θ_(c+b) ⟺ ρ ∉ (Z − Λ) ∪ (Λ − D)", "2 ≤ a < b", Status::Theorem, BASES,
            |s| run_bases(s, bases_default(), check_prop20)),
        claim("A.Lemma22", "Λ = [δ, b) \\ Z = {w : w ∉ Z, w + a ∉ Z} = [(η+1)a, (η+1)a+ε) (η even), [ηa+ε, (η+1)a) (η odd)", "2 ≤ a < b", Status::Theorem, BASES,
            |s| run_bases(s, bases_default(), check_lemma22)),
        claim("A.Thm23", "for admissible P: W0(S) = W0(B) (P = a+b), T_P (P ∈ {c+a, c+b})", "0 < a < b < c, c ≠ a + b (\"its proof does not use primitivity or a ≥ 2\")", Status::Theorem, "1 ≤ a ≤ 12, a < b ≤ 60, b < c ≤ 200",
            |s| run_triples(s, Status::Theorem, (1..=12, 1..=60, 1..=200), |t| !t.is_additive(), check_thm23)),
        claim("A.Lemma24", "(δ − a) mod (a+b) and b lie in Θ_(c+a)", "2 ≤ a < b", Status::Theorem, BASES,
            |s| run_bases(s, bases_default(), check_lemma24)),
        claim("A.Prop25", "W0(S) = W0(B) ⟺ ρ ∈ Θ_(a+b); then G_S = G_B", "0 < a < b < c (no gcd or a ≥ 2 needed)", Status::Theorem, "1 ≤ a ≤ 8, a < b ≤ 30, b < c ≤ 80",
            |s| run_triples(s, Status::Theorem, (1..=8, 1..=30, 1..=80), any_triple, check_prop25)),
        claim("A.Prop26", "b ≤ 2a ⇒ Θ_(c+a) = {0} ∪ [b, a+b)", "2 ≤ a < b ≤ 2a", Status::Theorem, BASES,
            |s| run_bases(s, bases_default(), check_prop26)),
        claim("A.Thm27", "Θ_(c+a) = {0} ∪ [b, a+b) (b ≤ 2a), I (b = ka, k odd), {δ − a, b} otherwise", "2 ≤ a < b", Status::Theorem, BASES,
            |s| run_bases(s, bases_default(), check_thm27)),
        claim("A.Prop29", "Z − Λ = ⋃_{i=0}^{t} [(2i+1)a+1, (2i+2)a+ε−1] (η = 2t), [1, a−1] ∪ ⋃_{i=−t−1}^{−1} [2ia+1, (2i+2)a−ε−1] (η = 2t+1)", "2 ≤ a < b (hypotheses lost in our copy)", Status::Theorem, BASES,
            |s| run_bases(s, bases_default(), check_prop29)),
        claim("A.Thm30", "Θ_(c+b) = {a} ∪ C_(a,b) (our reading; left side lost), every angle when b is an odd multiple of a", "2 ≤ a < b", Status::Theorem, BASES,
            |s| run_bases(s, bases_default(), check_thm30)),
        claim("A.Thm31", "W0(S) ∩ [0, P) = {w_B(n) : n < N_c} ⊔ (c + E), N_c = KN + #(Z ∩ [0, ρ)), E = ∅ (c+a), D_ρ (c+b)", "standing, ρ ∉ Θ_(a+b) admissible, P least admissible", Status::Theorem, WIDE,
            |s| run_triples(s, Status::Theorem, wide(), standing, check_thm31)),
        claim("A.Thm34", "admissible ⇒ q = 0 and p = least admissible candidate (a+b < c+a < c+b)", STANDING, Status::Theorem, WIDE,
            |s| run_triples(s, Status::Theorem, wide(), non_additive_covered, check_thm34)),
        claim("A.Remark35", "{1, 3, 5}: ρ = 1 ∈ I = {1, 3} but the least period is 2, not 4", "S = {1, 3, 5}", Status::Example, "S = {1, 3, 5}",
            |s| run_triples(s, Status::Example, (1..=1, 3..=3, 5..=5), any_triple, check_remark35)),
        claim("A.Thm36", "c = a+b: q = 0, p = 2Q + bQ/N, W0 = {n + a⌊n/a⌋ + b⌊n/N⌋}, N = a⌊b/2a⌋ + min(a, b mod 2a), Q = lcm(a, N)", "c = a + b, 2 ≤ a < b, gcd(a, b) = 1", Status::Theorem, "2 ≤ a ≤ 12, a < b ≤ 60",
            |s| run_triples(s, Status::Theorem, (2..=12, 1..=60, 1..=72), additive_coprime, check_thm36)),
        claim("A.Remark38", "c = a+b, g = gcd(a, b): q = 0, p = g·p_add(a/g, b/g)", "c = a + b, a/g ≥ 2", Status::Theorem, "2 ≤ a ≤ 12, a < b ≤ 60",
            |s| run_triples(s, Status::Theorem, (2..=12, 1..=60, 1..=72), |t| t.is_additive(), check_remark38)),
        table1_row!(1, "inert: a < b ≤ 2a, a ≤ ρ ≤ b, or b > 2a, a ∤ b, ρ ∈ {a, b}: w3 = w2, p = a + b"),
        table1_row!(2, "b ≤ 2a, ρ = 0 or ρ > b: w3(n) = n + b⌊n/a⌋ + (c + a − (a+b)M/a)⌊n/M⌋, M = a⌈c/(a+b)⌉, p = c + a"),
        table1_row!(3, "b > 2a, a ∤ b, ρ = b − 2a: w3(n) = w2(n + a⌊n/M⌋) − 2a⌊n/M⌋, M = (K+1)N − a, p = c + a"),
        table1_row!(4, "a < b < 2a, b − a ≤ ρ < a: w3(n) = n + b⌊(n + (a−ρ)⌊n/M⌋)/a⌋, M = Ka + ρ, p = c + b"),
        table1_row!(5, "b > 2a, ε > 0, ⌊b/a⌋ odd, ε ≤ σ ≤ a, ρ ≠ a: w3(n) = (c+b)⌊n/M⌋ + v(n mod M) (v derived here), p = c + b"),
        table1_row!(6, "b > 2a, ε > 0, ⌊b/a⌋ even, a ≤ σ ≤ a + ε, ρ ≤ b + ε, ρ ≠ a: w3(n) = (c+b)⌊n/M⌋ + v(n mod M) (v derived here), p = c + b"),
        table1_row!(7, "b/a ∈ {3, 5, 7, …}: w3(n) = (c+b)⌊n/M⌋ + v(n mod M) (v derived here), p = c + b"),
        table1_row!(8, "additive c = a + b, gcd(a, b) = 1: w3(n) = n + a⌊n/a⌋ + b⌊n/N⌋, p = a(2N + b)/gcd(a, N)"),
        claim("A.Table1.complete", "the rows are disjoint and list exactly the admissible angles (Table 1 notes, §6)", STANDING, Status::Theorem, WIDE,
            |s| run_triples(s, Status::Theorem, wide(), standing, check_table1_complete)),
        table2_row!(1, "b, c odd: w3(n) = 2n, word 01, p = 2"),
        table2_row!(2, "b odd, c even: w3(n) = 2n + b⌊2n/c⌋, word (01)^(c/2) (23)^((b−1)/2) 2, p = b + c"),
        table2_row!(3, "b even, ρ ∈ {1, b}: w3(n) = 2n + ⌊n/k⌋, word H_b, p = b + 1"),
        table2_row!(4, "b ≥ 4 even, 3 ≤ ρ ≤ b − 1 odd: w3(n) = 2n + ⌊n/k⌋ + (ρ−1)⌊n/M⌋, M = (K+1)k, word H_b^(K+1) (32)^((ρ−1)/2), p = b + c"),
        table2_row!(5, "b ≥ 4 even, ρ = b − 2: w3(n) = 2n + ⌊(n + ⌊n/M⌋)/k⌋, M = (K+1)k − 1, word H_b^K (01)^(k−1) 2, p = c + 1"),
        table2_row!(6, "b even, c = b + 1: w3(n) = 2n + b⌊n/k⌋, word (01)^k (23)^k, p = 2b"),
        table2_row!(7, "b = 2, ρ = 0, c > 3: w3(n) = 3n + ⌊n/K⌋, word (012)^K 3, p = c + 1"),
        claim("A.Table2.complete", "every purely periodic {1, b, c} is in a row of Table 2", "a = 1", Status::Theorem, "a = 1, 1 < b ≤ 40, b < c ≤ 120",
            |s| run_triples(s, Status::Theorem, (1..=1, 1..=40, 1..=120), a_is_one, check_table2_complete)),
        claim("A.Lemma40", "under (H): (0) no two W0 classes differ by a, b, c mod p; (i) interior; (ii) first seam block L ≤ 1; (iii) terminal seam block", "non-additive covered (H)", Status::Theorem, WIDE,
            |s| run_triples(s, Status::Theorem, wide(), non_additive_covered, |t, g| check_lemma40_41(t, g, 40))),
        claim("A.Lemma41", "under (H): for every run start v, neither v − b nor v − c (mod p) is an L-even element of V", "non-additive covered (H)", Status::Theorem, WIDE,
            |s| run_triples(s, Status::Theorem, wide(), non_additive_covered, |t, g| check_lemma40_41(t, g, 41))),
        claim("A.Thm42", "W1 = W0 + a; on V = N \\ (W0 ∪ W1) the value is 2 where L is even, 3 where odd", "covered (admissible or additive)", Status::Theorem, WIDE,
            |s| run_triples(s, Status::Theorem, wide(), covered, check_thm42)),
        claim("A.Cor43", "covered ⇒ G_S(x + p) = G_S(x) for all x ≥ 0", "covered", Status::Theorem, WIDE,
            |s| run_triples(s, Status::Theorem, wide(), covered, check_cor43)),
        claim("A.Cor44", "non-additive covered: value 3 only at residues in [c, p)", "non-additive covered", Status::Theorem, WIDE,
            |s| run_triples(s, Status::Theorem, wide(), non_additive_covered, check_cor44)),
        claim("A.Cor46", "additive: W1 = W0 + a, W2 = W0 − b, W3 = (W0 − δ) \\ W0", "c = a + b, 2 ≤ a, gcd(a, b) = 1", Status::Theorem, "2 ≤ a ≤ 12, a < b ≤ 60",
            |s| run_triples(s, Status::Theorem, (2..=12, 1..=60, 1..=72), additive_coprime, check_cor46)),
        claim("A.Lemma47", "least period of G_S = least period of W0(S)", "covered", Status::Theorem, WIDE,
            |s| run_triples(s, Status::Theorem, wide(), covered, check_lemma47)),
        claim("A.Prop48", "the predicted p is the least period of W0(S) and of G_S", "covered", Status::Theorem, WIDE,
            |s| run_triples(s, Status::Theorem, wide(), covered, check_prop48)),
        claim("A.Cor49", "ρ ∉ Θ_(a+b) ⇒ ρ in at most one of Θ_(c+a), Θ_(c+b)", STANDING, Status::Theorem, WIDE,
            |s| run_triples(s, Status::Theorem, wide(), standing, check_cor49)),
        claim("A.Conj52", "purely periodic ⟺ ρ ∈ Θ_(a+b) ∪ Θ_(c+a) ∪ Θ_(c+b)", STANDING, Status::Conjecture, FINITE,
            |s| run_triples(s, Status::Conjecture, if s.extended { extended() } else { finite() }, standing, check_conj52)),
        claim("A.Sec6.uncovered", "uncovered angles: 0 < ρ < δ (b ≤ 2a); complement of {a, b, b − 2a} ∪ C_(a,b) (b > 2a, a ∤ b); none (b = ka, k ≥ 3 odd); all primitive (k ≥ 4 even)", "2 ≤ a < b, angles of primitive triples", Status::Theorem, BASES,
            |s| run_bases(s, bases_default(), check_sec6_uncovered)),
        claim("A.Prop61", "b an even multiple of a ⇒ Θ_(c+b) consists of multiples of a (Appendix A, quoted from the remark after Thm. 27)", "b = ka, k even", Status::Theorem, BASES,
            |s| run_bases(s, bases_default(), check_prop61)),
        claim("A.Remark53", "{2, 14, c}, c ≡ 2 (mod 4): ρ ∈ {2, 6, 10, 14} = I, but G_S(x) = ⌊x/2⌋ mod 2, least period 4", "S = {2, 14, c}, c ≡ 2 mod 4", Status::Example, "14 < c ≤ 200",
            |s| run_triples(s, Status::Example, (2..=2, 14..=14, 1..=200), any_triple, check_remark53)),
        claim("A.Prop55", "c ≥ 2(a+b): q = 0 with p ≤ a+b ⟺ ρ ∈ Θ_(a+b); then W0(S) = W0(B), p = least period of G_B", "standing, c ≥ 2(a + b)", Status::Theorem, "2 ≤ a ≤ 12, a < b ≤ 60, 2(a+b) ≤ c ≤ 300",
            |s| run_triples(s, Status::Theorem, (2..=12, 1..=60, 1..=300), standing, check_prop55)),
        claim("A.Conj56", "purely periodic ⇒ p ∈ {a+b, c+a, c+b}", STANDING, Status::Conjecture, FINITE,
            |s| run_triples(s, Status::Conjecture, if s.extended { extended() } else { finite() }, standing, check_conj56)),
        claim("A.Conj57", "purely periodic with p = c+a ⇒ ρ ∈ Θ_(c+a); with p = c+b ⇒ ρ ∈ Θ_(c+b)", STANDING, Status::Conjecture, FINITE,
            |s| run_triples(s, Status::Conjecture, if s.extended { extended() } else { finite() }, standing, check_conj57)),
    ]
}
