//! Paper A, §4: the additive case c = a + b (Theorem 36, its proof's
//! displays, Remark 38).

use super::{additive_coprime, on_triples, qp, solved, verdict, Check, TripleRange};
use crate::claim::{on_numbers, Claim, Kind};
use crate::engine::Periodicity;
use crate::subtraction::additive::{remark38_period, Additive};
use crate::subtraction::lemmas::reduce;
use crate::subtraction::Triple;

/// The additive triples with 2 ≤ a ≤ 12, a < b ≤ 60 (c = a + b ≤ 72).
fn additive_range() -> TripleRange {
    TripleRange::fixed((2..=12, 1..=60, 1..=72))
}

/// The P-positions of a solved purely periodic game on [0, len).
fn zeros(game: &Periodicity, len: u64) -> Vec<u64> {
    (0..len).filter(|&x| game.value(x) == 0).collect()
}

pub(super) fn claims() -> Vec<Claim> {
    vec![
        on_triples("A.Sec4.start", "c = a + b: the first N P-positions agree with the base game; c is a P-position of B but not of S (the new move reaches 0)", additive_range(), additive_coprime, check_start)
            .at("§4, first paragraph")
            .hypotheses("c = a + b, 2 ≤ a, gcd(a, b) = 1"),
        on_triples("A.Thm36", "c = a + b: q = 0, p = 2Q + bQ/N, W0 = {n + a⌊n/a⌋ + b⌊n/N⌋}, N = a⌊b/2a⌋ + min(a, b mod 2a), Q = lcm(a, N)", additive_range(), additive_coprime, check_thm36)
            .at("§4, Theorem 36 (and the first paragraph's continuation rule)")
            .hypotheses("c = a + b, 2 ≤ a < b, gcd(a, b) = 1"),
        on_triples("A.Thm36.block", "W_a = {u(n) + b⌊n/N⌋ : 0 ≤ n < Q} is W0(S) ∩ [0, p) (Q P-positions per period), γ = 2N − b", additive_range(), additive_coprime, check_block)
            .at("§4, Theorem 36's display")
            .hypotheses("c = a + b, 2 ≤ a < b, gcd(a, b) = 1"),
        on_numbers("A.Thm36.u", "u(n) − u(n − d) = 2qa + r + aχ, χ = [n mod a < r], for u(n) = n + a⌊n/a⌋", "1 ≤ a ≤ 12, 0 ≤ d ≤ n ≤ 60", || (1..=12u64).flat_map(|a| (0..=60u64).flat_map(move |n| (0..=n).map(move |d| (a, n, d)))), |&(a, n, d)| format!("a = {a}, n = {n}, d = {d}"), |&(a, n, d)| {
            let u = |x: u64| x + a * (x / a);
            let (q, r) = (d / a, d % a);
            let chi = u64::from(n % a < r);
            if u(n) - u(n - d) == 2 * q * a + r + a * chi { Ok(()) } else { Err(format!("u(n) − u(n − d) = {}", u(n) - u(n - d))) }
        })
            .at("§4, proof of Theorem 36, first display")
            .hypotheses("a ≥ 1, 0 ≤ d ≤ n")
            .kind(Kind::Fragment { lost: "the definition of q and r; read as d = qa + r, 0 ≤ r < a (Lemma 13 applied to u)" })
            .counts("triples (a, n, d)"),
        on_triples("A.Thm36.proof", "indices in different groups give values more than b apart, 2b apart (> c) when the groups are two apart; values of u never differ by a; the diameter of W_a is below p − c", additive_range(), additive_coprime, check_thm36_proof)
            .at("§4, proof of Theorem 36 (collision counts)")
            .hypotheses("c = a + b, 2 ≤ a < b, gcd(a, b) = 1"),
        on_triples("A.Thm36.increments", "w(n + 1) − w(n) = 1 + a[a | n + 1] + b[N | n + 1]", additive_range(), additive_coprime, |t, game| {
            let add = Additive::new(t.a, t.b);
            let z = zeros(game, 2 * game.qp.period);
            let bad = (0..z.len() as u64 - 1).find(|&n| z[n as usize + 1] - z[n as usize] != add.increment_printed(n));
            verdict(bad.is_none(), || format!("the increment differs at n = {}", bad.unwrap_or(0)))
        })
            .at("§4, proof of Theorem 36 (Appendix B's input)")
            .hypotheses("c = a + b, 2 ≤ a < b, gcd(a, b) = 1"),
        on_triples("A.Sec4.Za", "Z_a := ⋃_{j=0}^{η/2} [2ja, (2j+1)a) = W_a", additive_range(), |t| additive_coprime(t) && t.base().eta() % 2 == 0, check_za)
            .at("§4, display before Remark 38")
            .hypotheses("c = a + b, gcd(a, b) = 1, η even (read from the bound η/2)")
            .kind(Kind::Fragment { lost: "the lead-in; read as the even-η case of Theorem 36, where a | N and W_a is one base block" }),
        on_triples("A.Remark38", "c = a + b, g = gcd(a, b): q(S) = 0, p(S) = g·p_add(a/g, b/g)", additive_range(), |t| t.is_additive() && remark38_period(t.a, t.b).is_some(), |t, game| {
            let p = remark38_period(t.a, t.b).unwrap_or(0);
            verdict(game.qp.preperiod == 0 && game.qp.period == p, || format!("q = 0, p = g·p_add = {p}; engine {}", qp(game)))
        })
            .at("§4, Remark 38")
            .hypotheses("c = a + b, a/g ≥ 2"),
        on_triples("A.Remark38.W0", "c = a + b: W0(S) = {gm + r : m ∈ W0(S'), 0 ≤ r < g}, S' = S/g", additive_range(), |t| t.is_additive(), check_remark38_w0)
            .at("§4, Remark 38")
            .hypotheses("c = a + b, g = gcd(a, b)"),
        on_triples("A.Remark38.eta1", "η = 1: the generator is α_n = n + a⌊n/a⌋ + b⌊n/δ⌋", additive_range(), |t| additive_coprime(t) && t.base().eta() == 1, |t, game| {
            let add = Additive::new(t.a, t.b);
            let z = zeros(game, 2 * game.qp.period);
            let bad = (0..z.len()).find(|&n| add.alpha_eta1(n as u64) != z[n]);
            verdict(bad.is_none(), || format!("α_{} differs", bad.unwrap_or(0)))
        })
            .at("§4, Remark 38, last sentence")
            .hypotheses("c = a + b, gcd(a, b) = 1, η = 1 (2a < b < 3a)"),
    ]
}

fn check_start(t: &Triple, game: &Periodicity) -> Check {
    let base = t.base();
    let n = Additive::new(t.a, t.b).n() as usize;
    let s = zeros(game, t.c + 1);
    let b: Vec<u64> = (0..=t.c).filter(|&x| base.in_w0(x)).collect();
    let first_agree = s.len() >= n && b.len() >= n && s[..n] == b[..n];
    verdict(
        first_agree && base.in_w0(t.c) && game.value(t.c) != 0,
        || {
            format!(
                "first N = {n} P-positions agree: {first_agree}; c ∈ W0(B): {}; c ∈ W0(S): {}",
                base.in_w0(t.c),
                game.value(t.c) == 0
            )
        },
    )
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
    let z = zeros(game, 2 * p);
    let bad = (0..z.len() as u64).find(|&n| add.w3_printed(n) != z[n as usize]);
    verdict(bad.is_none(), || {
        format!("w_3({}) ≠ the engine's P-position", bad.unwrap_or(0))
    })
}

fn check_block(t: &Triple, game: &Periodicity) -> Check {
    let add = Additive::new(t.a, t.b);
    let p = game.qp.period;
    let block = add.block();
    let ok = block == zeros(game, p)
        && block.len() as u64 == add.q()
        && add.gamma() == 2 * add.n() as i64 - t.b as i64;
    verdict(ok, || {
        format!(
            "W_a has {} elements (Q = {}), W0 ∩ [0, p) differs",
            block.len(),
            add.q()
        )
    })
}

fn check_thm36_proof(t: &Triple, _: &Periodicity) -> Check {
    let add = Additive::new(t.a, t.b);
    let (b, n) = (t.b, add.n());
    let w: Vec<u64> = add.block();
    let q = w.len();
    for i in 0..q {
        for j in i + 1..q {
            let (gi, gj) = (i as u64 / n, j as u64 / n);
            let d = w[j] - w[i];
            if gj > gi && d <= b {
                return Check::Fails(format!("w({j}) − w({i}) = {d} ≤ b across groups"));
            }
            if gj >= gi + 2 && d <= 2 * b {
                return Check::Fails(format!("w({j}) − w({i}) = {d} ≤ 2b two groups apart"));
            }
            if add.u(j as u64) - add.u(i as u64) == t.a {
                return Check::Fails(format!("u({j}) − u({i}) = a"));
            }
        }
    }
    let p = add.period_thm36();
    let diameter = w[q - 1] - w[0];
    verdict(2 * b > t.c && diameter < p - t.c, || {
        format!("diameter {diameter}, p − c = {}", p - t.c)
    })
}

fn check_za(t: &Triple, _: &Periodicity) -> Check {
    let (a, eta) = (t.a, t.base().eta());
    let za: Vec<u64> = (0..=eta / 2)
        .flat_map(|j| 2 * j * a..(2 * j + 1) * a)
        .collect();
    let wa = Additive::new(t.a, t.b).block();
    verdict(za == wa, || format!("Z_a = {za:?}, W_a = {wa:?}"))
}

fn check_remark38_w0(t: &Triple, game: &Periodicity) -> Check {
    let (g, r) = reduce(&[t.a, t.b, t.c]);
    let prime = match solved(&r) {
        Ok(p) => p,
        Err(e) => return Check::Fails(e),
    };
    let len = 2 * game.qp.period + game.qp.preperiod;
    let bad = (0..len).find(|&x| (game.value(x) == 0) != (prime.value(x / g) == 0));
    verdict(bad.is_none(), || {
        format!(
            "W0(S) differs from g·W0(S') + [0, g) at x = {}",
            bad.unwrap_or(0)
        )
    })
}
