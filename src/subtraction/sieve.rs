//! The sieve T_P (Definition 15, Prop. 18), the sufficient criterion
//! (Theorem 23), the reading of the completed block (Theorem 31) and the
//! generators of every Table 1 row.

use super::additive;
use super::angles::Admissible;
use super::{Source, Triple};

/// Definition 15: x ∈ T_P ⟺ (x mod P) ∈ W0(B) and (x mod P) − c ∉ W0(B),
/// where y − c ∉ W0(B) is true when y < c.
pub fn in_t(t: &Triple, p: u64, x: u64) -> bool {
    let base = t.base();
    let y = x % p;
    base.in_w0(y) && (y < t.c || !base.in_w0(y - t.c))
}

/// T_P ∩ [0, P), increasing (Definition 15).
pub fn t_block(t: &Triple, p: u64) -> Vec<u64> {
    (0..p).filter(|&x| in_t(t, p, x)).collect()
}

/// Prop. 18 as printed: T_P ∩ [0, P) = W0(B) ∩ J_P with J_P = [0, c) for
/// P = c + a and J_P = [0, c) ∪ (c + D) for P = c + b. `None` for other P.
pub fn prop18_block(t: &Triple, p: u64) -> Option<Vec<u64>> {
    let base = t.base();
    let below_c = (0..t.c).filter(|&x| base.in_w0(x));
    if p == t.c + t.a {
        Some(below_c.collect())
    } else if p == t.c + t.b {
        let band = base.d_gaps().into_iter().map(|u| t.c + u);
        Some(below_c.chain(band.filter(|&x| base.in_w0(x))).collect())
    } else {
        None
    }
}

/// Theorem 23's P-set for an admissible candidate P: W0(B) for P = a + b,
/// T_P for P ∈ {c + a, c + b}. Membership of any x.
pub fn thm23_in_w0(t: &Triple, p: u64, x: u64) -> bool {
    if p == t.m() {
        t.base().in_w0(x)
    } else {
        in_t(t, p, x)
    }
}

/// Theorem 31: N_c = K·N + #(Z ∩ [0, ρ)), the number of P-positions below c.
pub fn n_c(t: &Triple) -> u64 {
    let base = t.base();
    t.winding() * base.n() + base.count_z_below(t.rho())
}

/// Theorem 31's band D_ρ = { u ∈ D : (ρ + u) mod m ∈ Z }: the base gaps
/// below b that the rotation carries into Z (so c + D_ρ = W0(B) ∩ (c + D)).
pub fn band(t: &Triple) -> Vec<u64> {
    let base = t.base();
    base.d_gaps()
        .into_iter()
        .filter(|&u| base.in_z(t.rho() + u))
        .collect()
}

/// Theorem 31 as printed: W0(S) ∩ [0, P) = { w_B(n) : n < N_c } ⊔ (c + E)
/// with E = ∅ for P = c + a and E = D_ρ for P = c + b.
pub fn thm31_block(t: &Triple, p: u64) -> Vec<u64> {
    let base = t.base();
    let prefix = (0..n_c(t)).map(|n| base.w2(n));
    let e = if p == t.c + t.b { band(t) } else { Vec::new() };
    prefix.chain(e.into_iter().map(|u| t.c + u)).collect()
}

/// One window of the band (derived here; our copy of §3 keeps only the
/// shapes R_{d,ℓ}, E_{d,ℓ}, T_j, e_j of the paper's two-window
/// construction): the u ∈ [lo, hi) with (u − d) mod 2a < ℓ, i.e. a
/// 2a-periodic comb with teeth [d, d + ℓ) cut to a window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    /// Tooth start d, in [a, 2a).
    pub d: u64,
    /// Tooth length ℓ, in [0, a].
    pub len: u64,
    /// Window start L_j.
    pub lo: u64,
    /// Window end V_j (exclusive).
    pub hi: u64,
}

impl Window {
    /// R_{d,ℓ}(x) = ℓ⌊(x − d)/2a⌋ + min(ℓ, (x − d) mod 2a): the signed count
    /// of comb points in [d, x) (§3, quoted shape).
    fn rank(&self, a: u64, x: u64) -> i64 {
        comb_rank(a, self.d, self.len, x as i64)
    }

    /// E_{d,ℓ}(t) = d + t + (2a − ℓ)⌊t/ℓ⌋: the t-th comb point from d
    /// (§3, quoted shape).
    fn point(&self, a: u64, t: i64) -> u64 {
        comb_point(a, self.d, self.len, t) as u64
    }

    /// T_j = R(V_j) − R(L_j), the number of band points in the window.
    pub fn count(&self, a: u64) -> u64 {
        if self.len == 0 || self.hi <= self.lo {
            0
        } else {
            (self.rank(a, self.hi) - self.rank(a, self.lo)) as u64
        }
    }

    /// e_j(s) = E(R(L_j) + s), the s-th band point of the window.
    pub fn nth(&self, a: u64, s: u64) -> u64 {
        self.point(a, self.rank(a, self.lo) + s as i64)
    }
}

/// §3, "Evaluating the band", as printed:
/// R_{d,ℓ}(x) = ℓ⌊(x − d)/2a⌋ + min(ℓ, (x − d) mod 2a), floor and mod on
/// the integers. Read (the defining sentence is lost in our copy) as the
/// signed count of the comb { u : (u − d) mod 2a < ℓ } on [d, x).
pub fn comb_rank(a: u64, d: u64, len: u64, x: i64) -> i64 {
    let (two_a, l, y) = (2 * a as i64, len as i64, x - d as i64);
    l * y.div_euclid(two_a) + l.min(y.rem_euclid(two_a))
}

/// §3, "Evaluating the band", as printed:
/// E_{d,ℓ}(t) = d + t + (2a − ℓ)⌊t/ℓ⌋ (ℓ ≥ 1). Read as the t-th comb
/// point from d (t ∈ Z, the 0-th being d).
pub fn comb_point(a: u64, d: u64, len: u64, t: i64) -> i64 {
    let l = len as i64;
    d as i64 + t + (2 * a as i64 - l) * t.div_euclid(l)
}

/// The comb { u : u mod 2a ≥ a } ∩ { u : (u + s) mod 2a < a } as one tooth
/// [d, d + ℓ) mod 2a (derived here): with o = (−s) mod 2a the second comb
/// has teeth [o, o + a), and two half-circle arcs meet in one arc.
fn tooth(a: u64, s: i64) -> (u64, u64) {
    let o = (-s).rem_euclid(2 * a as i64) as u64;
    if o <= a {
        (a, o)
    } else {
        (o, 2 * a - o)
    }
}

/// The band D_ρ as two windows (derived here). For u ∈ D = [a, b) \ Z,
/// (ρ + u) mod m ∈ Z needs (ρ + u) mod m < b and ⌊(ρ + u) mod m / a⌋ even.
/// Without wrap (ρ + u < m) this is u < b − ρ and (u + ρ) mod 2a < a:
/// window 1 = [a, b − ρ) with shift s = ρ. With wrap (u ≥ m − ρ) the
/// residue ρ + u − m < b always, and the test is (u + ρ − m) mod 2a < a:
/// window 2 = [max(a, m − ρ), b) with shift s = ρ − m. Membership u ∈ D is
/// u mod 2a ≥ a; intersecting gives one tooth per window (two half-circle arcs meet in
/// one arc).
pub fn band_windows(t: &Triple) -> [Window; 2] {
    let (a, b, m, rho) = (t.a, t.b, t.m(), t.rho());
    let (d1, l1) = tooth(a, rho as i64);
    let (d2, l2) = tooth(a, rho as i64 - m as i64);
    [
        Window {
            d: d1,
            len: l1,
            lo: a,
            hi: b.saturating_sub(rho).max(a),
        },
        Window {
            d: d2,
            len: l2,
            lo: a.max(m - rho),
            hi: b,
        },
    ]
}

/// The increasing list v(0) < … < v(M − 1) of Table 1's three c + b rows
/// that use v(n mod M) (derived here; our copy lost it):
/// v(n) = w_2(n) for n < N_c, then c + e_1(s) for the T_1 points of window
/// 1, then c + e_2(s) for the T_2 points of window 2, so
/// M = N_c + T_1 + T_2 (Theorem 31 with E = D_ρ, band by [`band_windows`]).
pub fn derived_v(t: &Triple) -> Vec<u64> {
    let base = t.base();
    let mut v: Vec<u64> = (0..n_c(t)).map(|n| base.w2(n)).collect();
    for w in band_windows(t) {
        v.extend((0..w.count(t.a)).map(|s| t.c + w.nth(t.a, s)));
    }
    v
}

/// The Table 1 rows: 1 inert, 2–3 period c + a, 4–7 period c + b,
/// 8 additive.
pub const TABLE1_ROWS: u8 = 8;

/// Table 1, the row whose printed conditions hold (the paper says the rows
/// are disjoint; the first match is returned). Non-additive rows assume
/// 2 ≤ a, gcd(a, b, c) = 1, c ≠ a + b; the additive row 2 ≤ a, gcd(a, b) = 1.
pub fn table1_row(t: &Triple) -> Option<u8> {
    let shape = RowShape::of(t);
    (1..=TABLE1_ROWS).find(|&row| shape.holds(row))
}

/// Table 1 row `row`'s conditions as printed, with σ = ρ mod 2a and
/// ε = b mod a.
pub fn table1_conditions(t: &Triple, row: u8) -> bool {
    RowShape::of(t).holds(row)
}

/// The quantities Table 1's conditions are written in, computed once per
/// triple (the gcd above all).
struct RowShape {
    a: u64,
    b: u64,
    rho: u64,
    eps: u64,
    sigma: u64,
    delta: u64,
    /// 2 ≤ a, gcd(a, b, c) = 1, c ≠ a + b (the non-additive rows).
    standing: bool,
    /// ⌊b/a⌋ odd.
    odd_quotient: bool,
    /// c = a + b, 2 ≤ a, gcd(a, b) = 1 (the additive row).
    additive: bool,
}

impl RowShape {
    fn of(t: &Triple) -> Self {
        let (a, b, rho) = (t.a, t.b, t.rho());
        let gcd_ab = crate::moves::gcd(a, b);
        RowShape {
            a,
            b,
            rho,
            eps: b % a,
            sigma: rho % (2 * a),
            delta: b - a,
            standing: a >= 2 && crate::moves::gcd(gcd_ab, t.c) == 1 && !t.is_additive(),
            odd_quotient: (b / a) % 2 == 1,
            additive: t.is_additive() && a >= 2 && gcd_ab == 1,
        }
    }

    /// Row `row`'s printed conditions.
    fn holds(&self, row: u8) -> bool {
        let RowShape {
            a,
            b,
            rho,
            eps,
            sigma,
            delta,
            standing,
            odd_quotient,
            additive,
        } = *self;
        match row {
            1 => {
                standing
                    && ((b <= 2 * a && a <= rho && rho <= b)
                        || (b > 2 * a && b % a != 0 && (rho == a || rho == b)))
            }
            2 => standing && b <= 2 * a && (rho == 0 || rho > b),
            3 => standing && b > 2 * a && b % a != 0 && rho + 2 * a == b,
            4 => standing && b < 2 * a && delta <= rho && rho < a,
            5 => {
                standing
                    && b > 2 * a
                    && eps > 0
                    && odd_quotient
                    && eps <= sigma
                    && sigma <= a
                    && rho != a
            }
            6 => {
                standing
                    && b > 2 * a
                    && eps > 0
                    && !odd_quotient
                    && a <= sigma
                    && sigma <= a + eps
                    && rho <= b + eps
                    && rho != a
            }
            7 => standing && b % a == 0 && odd_quotient && b / a >= 3,
            8 => additive,
            _ => false,
        }
    }
}

/// Table 1 row `row`'s least period p as printed.
pub fn table1_period(t: &Triple, row: u8) -> u64 {
    match row {
        1 => t.m(),
        2 | 3 => t.c + t.a,
        4..=7 => t.c + t.b,
        _ => additive::Additive::new(t.a, t.b).period_printed(),
    }
}

/// Table 1 row `row`'s generator: M (the number of P-positions in one
/// period) and w_3(n) for every n, with the source of the formula.
pub struct Generator {
    /// Table 1 row.
    pub row: u8,
    /// M.
    pub count: u64,
    /// The least period p as printed.
    pub period: u64,
    /// Quoted, or derived here (rows 5–7).
    pub source: Source,
    /// The formula's named parameters.
    pub parameters: Vec<(&'static str, i64)>,
    w3: Box<dyn Fn(u64) -> i64>,
}

impl Generator {
    /// w_3(n), the n-th P-position (n = 0, 1, …).
    pub fn w3(&self, n: u64) -> i64 {
        (self.w3)(n)
    }

    /// { w_3(n) : n < M }, the P-positions of one period as the formula
    /// lists them (checked elsewhere to lie in [0, p) increasingly).
    pub fn block(&self) -> Vec<i64> {
        (0..self.count).map(|n| self.w3(n)).collect()
    }
}

/// The generator of Table 1 row `row` for the triple (the row's conditions
/// are not re-checked here).
pub fn table1_generator(t: &Triple, row: u8) -> Generator {
    let (a, b, c, k, rho) = (
        t.a as i64,
        t.b as i64,
        t.c as i64,
        t.winding() as i64,
        t.rho() as i64,
    );
    let base = t.base();
    let n_base = base.n() as i64;
    let period = table1_period(t, row);
    let quoted =
        |count: i64, params: Vec<(&'static str, i64)>, f: Box<dyn Fn(u64) -> i64>| Generator {
            row,
            count: count as u64,
            period,
            source: Source::Quoted,
            parameters: params,
            w3: f,
        };
    match row {
        1 => quoted(
            n_base,
            vec![("N", n_base)],
            Box::new(move |n| base.w2(n) as i64),
        ),
        2 => {
            // M = a⌈c/(a+b)⌉, e = c + a − (a+b)M/a.
            let m = a * (c + a + b - 1).div_euclid(a + b);
            let e = c + a - (a + b) * m / a;
            quoted(
                m,
                vec![("M", m), ("e", e)],
                Box::new(move |n| {
                    let n = n as i64;
                    n + b * n.div_euclid(a) + e * n.div_euclid(m)
                }),
            )
        }
        3 => {
            // M = (K + 1)N − a; w3(n) = w2(n + a⌊n/M⌋) − 2a⌊n/M⌋.
            let m = (k + 1) * n_base - a;
            quoted(
                m,
                vec![("M", m), ("K", k), ("N", n_base)],
                Box::new(move |n| {
                    let j = n as i64 / m;
                    base.w2((n as i64 + a * j) as u64) as i64 - 2 * a * j
                }),
            )
        }
        4 => {
            // M = Ka + ρ; w3(n) = n + b⌊(n + (a − ρ)⌊n/M⌋)/a⌋.
            let m = k * a + rho;
            quoted(
                m,
                vec![("M", m), ("K", k), ("rho", rho)],
                Box::new(move |n| {
                    let n = n as i64;
                    n + b * (n + (a - rho) * (n / m)).div_euclid(a)
                }),
            )
        }
        5..=7 => {
            // w3(n) = (c + b)⌊n/M⌋ + v(n mod M), v derived here.
            let v = derived_v(t);
            let m = v.len() as i64;
            let [w1, w2] = band_windows(t);
            Generator {
                row,
                count: m as u64,
                period,
                source: Source::Derived,
                parameters: vec![
                    ("M", m),
                    ("N_c", n_c(t) as i64),
                    ("K", k),
                    ("rho", rho),
                    ("d1", w1.d as i64),
                    ("l1", w1.len as i64),
                    ("L1", w1.lo as i64),
                    ("V1", w1.hi as i64),
                    ("d2", w2.d as i64),
                    ("l2", w2.len as i64),
                    ("L2", w2.lo as i64),
                    ("V2", w2.hi as i64),
                ],
                w3: Box::new(move |n| (c + b) * (n as i64 / m) + v[(n % m as u64) as usize] as i64),
            }
        }
        _ => {
            let add = additive::Additive::new(t.a, t.b);
            let q = add.q() as i64;
            Generator {
                row,
                count: q as u64,
                period,
                source: Source::Quoted,
                parameters: vec![("N", add.n() as i64), ("Q", q)],
                w3: Box::new(move |n| add.w3_printed(n) as i64),
            }
        }
    }
}

/// Theorem 34 (with Theorem 23): for an admissible angle, the least period
/// is the least admissible candidate P and W0(S) is W0(B) (P = a + b) or
/// T_P. `tests` are the three angle tests at ρ (Prop. 20). Returns (P,
/// P-positions in [0, P)), or `None` if not admissible.
pub fn thm34_prediction(t: &Triple, tests: &Admissible) -> Option<(u64, Vec<u64>)> {
    let p = tests.least_candidate(t.candidates())?;
    Some((p, (0..p).filter(|&x| thm23_in_w0(t, p, x)).collect()))
}
