//! `cargo bench --bench octal_peer`: nimcert's octal solver side by side
//! with a baseline that follows the method of the C++ rare-value solver of
//! tczajka/octal-games (`old/src/analyze_exec.cc`), reimplemented here from
//! its description (no code of it is copied or built), issue 21.
//!
//! **The baseline ("peer").** G by rare values: the counts of (value,
//! position parity) over the whole prefix are kept, and the mask (and
//! whether the position parity is used, only when the splitting moves all
//! remove an even, or all an odd, number of tokens) is the one with the
//! fewest rare positions, from one Walsh–Hadamard transform of the counts.
//! Each position marks its single-heap options and the pairs with a rare
//! heap, takes the least common-class value not marked as the candidate,
//! then scans every split (stopping once every rare-class value below the
//! candidate is seen); a rare-class mex, or a value needing one more bit,
//! makes it choose the mask again and list the rare positions anew. The
//! period is looked for when n is a power of two, for p = 1, 2, … by a
//! scan down from the top to the last mismatch (multiples of a failed p are
//! scanned too). The one change: a (q, p) is accepted with this project's
//! bound 2q + 2p + t + 1 ≤ n (the peer's is two positions shorter), so
//! that both report the same (q, p).
//!
//! For each game: the whole solve by both (one run each, the same process,
//! one after the other), the (q, p) compared, and the ratio. Then nimcheck
//! (the library, as the binary runs it, after parsing) on the certificates
//! of the games solved, with the default limits and with `--max-work`
//! raised, timed. Games: NIMCERT_BENCH_OCTAL (comma-separated codes;
//! default 0.56, a few of the published table, then 0.354 and 0.376, whose
//! peer runs take minutes). Shared machine: only the ratios of one run
//! mean anything.

use nimcert::check::{check_certificate, Limits, Verdict};
use nimcert::octal::certify::{octal_certificate, octal_provenance};
use nimcert::octal::code::Reach;
use nimcert::octal::period::{proof_length, solve, OctalOutcome};
use nimcert::octal::values::walsh_hadamard;
use nimcert::octal::{Method, OctalCode};
use std::time::Instant;

/// The peer's state: the values, the counts of (value, position parity),
/// the rare split and its rare positions.
struct Peer {
    take_all: Vec<usize>,
    leave_one: Vec<usize>,
    leave_two: Vec<usize>,
    /// 0 or 1: the parity of every splitting move; 2: both occur.
    split_parity: usize,
    values: Vec<u32>,
    bits: u32,
    /// counts[(v << 1) | ((n ^ split_parity) & 1)].
    counts: Vec<i64>,
    mask: u32,
    with_position: bool,
    rare: Vec<usize>,
}

impl Peer {
    fn new(code: &OctalCode) -> Peer {
        let to = |ks: Vec<u64>| ks.into_iter().map(|k| k as usize).collect::<Vec<_>>();
        let leave_two = to(code.leave_two());
        let odd = leave_two.iter().any(|k| k & 1 == 1);
        let even = leave_two.iter().any(|k| k & 1 == 0);
        let mut peer = Peer {
            take_all: to(code.take_all()),
            leave_one: to(code.leave_one()),
            leave_two,
            split_parity: match (even, odd) {
                (true, true) => 2,
                (_, true) => 1,
                _ => 0,
            },
            values: Vec::new(),
            bits: 0,
            counts: vec![0; 2],
            mask: 0,
            with_position: false,
            rare: Vec::new(),
        };
        peer.recompute_rare();
        peer
    }

    fn is_rare(&self, n: usize, v: u32) -> bool {
        let rare = (v & self.mask).count_ones() & 1 == 0;
        rare ^ (self.with_position && (n & 1) ^ self.split_parity == 1)
    }

    /// The split with the fewest rare positions, by the Walsh–Hadamard
    /// transform of the counts, and its rare positions listed.
    fn recompute_rare(&mut self) {
        let n = self.values.len() as i64;
        let mut h = self.counts.clone();
        walsh_hadamard(&mut h);
        let mut best = (0, (h[0] + n) / 2);
        for (i, &x) in h.iter().enumerate().skip(1) {
            if self.split_parity == 2 && i & 1 == 1 {
                continue;
            }
            if (x + n) / 2 < best.1 {
                best = (i, (x + n) / 2);
            }
        }
        self.mask = (best.0 >> 1) as u32;
        self.with_position = best.0 & 1 == 1;
        self.rare = (0..self.values.len())
            .filter(|&i| self.is_rare(i, self.values[i]))
            .collect();
    }

    fn push_next(&mut self) {
        let n = self.values.len();
        let size = 1usize << self.bits;
        let class_of = |v: usize| (v as u32 & self.mask).count_ones() & 1 == 0;
        let mut rare_left: Vec<bool> = (0..size).map(class_of).collect();
        let mut common_left: Vec<bool> = rare_left.iter().map(|r| !r).collect();
        if self.with_position && (n & 1) ^ self.split_parity == 1 {
            std::mem::swap(&mut rare_left, &mut common_left);
        }
        let g = &self.values;
        let exclude = |v: u32, rare_left: &mut [bool], common_left: &mut [bool]| {
            rare_left[v as usize] = false;
            common_left[v as usize] = false;
        };
        if self.take_all.contains(&n) {
            exclude(0, &mut rare_left, &mut common_left);
        }
        for &k in &self.leave_one {
            if k < n {
                exclude(g[n - k], &mut rare_left, &mut common_left);
            }
        }
        for &k in &self.leave_two {
            for &r in &self.rare {
                if r != 0 && r + k < n {
                    exclude(g[r] ^ g[n - r - k], &mut rare_left, &mut common_left);
                }
            }
        }
        let mut candidate = common_left.iter().take_while(|&&c| !c).count();
        let mut rare_missing = rare_left[..candidate].iter().filter(|&&r| r).count();
        for &k in &self.leave_two {
            let mut a = 1;
            while a + a + k <= n && rare_missing > 0 {
                let v = (g[a] ^ g[n - k - a]) as usize;
                if rare_left[v] {
                    rare_left[v] = false;
                    if v < candidate {
                        rare_missing -= 1;
                    }
                }
                a += 1;
            }
        }
        let mut recompute = false;
        if rare_missing > 0 {
            candidate = rare_left.iter().take_while(|&&r| !r).count();
            recompute = true;
        }
        if candidate >= size {
            self.bits += 1;
            self.counts.resize(2 << self.bits, 0);
            recompute = true;
        }
        self.values.push(candidate as u32);
        self.counts[(candidate << 1) | ((n ^ self.split_parity) & 1)] += 1;
        if recompute {
            self.recompute_rare();
        }
    }
}

/// The peer's period check at n: every p from 1, by a scan down from the
/// top (this project's bound 2q + 2p + t + 1 ≤ n).
fn peer_period(g: &[u32], reach: Reach) -> Option<(u64, u64)> {
    let n = g.len() as u64;
    let mut p = 1;
    while proof_length(0, p, reach) <= n {
        let mut start = (n - p) as usize;
        while start > 0 && g[start - 1] == g[start - 1 + p as usize] {
            start -= 1;
        }
        if proof_length(start as u64, p, reach) <= n {
            return Some((start as u64, p));
        }
        p += 1;
    }
    None
}

/// The peer's whole solve: G until a power of two where the period passes.
fn peer_solve(code: &OctalCode, max_n: usize) -> Option<(u64, u64)> {
    let mut peer = Peer::new(code);
    loop {
        let n = peer.values.len();
        if n.is_power_of_two() {
            if let Some(found) = peer_period(&peer.values, code.reach()) {
                return Some(found);
            }
        }
        if n >= max_n {
            return None;
        }
        peer.push_next();
    }
}

fn games() -> Vec<String> {
    match std::env::var("NIMCERT_BENCH_OCTAL") {
        Ok(list) => list.split(',').map(|s| s.trim().to_string()).collect(),
        Err(_) => ["0.56", "0.16", "0.77", "0.137", "0.354", "0.376"]
            .map(String::from)
            .to_vec(),
    }
}

fn main() {
    const MAX_N: u64 = 1 << 26;
    println!("whole solve, nimcert (rare values) vs the peer's method (module docs), one run each");
    println!(
        "{:<8} {:>10} {:>7} {:>10} {:>10} {:>8}",
        "code", "q", "p", "nimcert s", "peer s", "ratio"
    );
    let mut certificates = Vec::new();
    for code in games() {
        let code = OctalCode::parse(&code).expect("a code");
        let start = Instant::now();
        let OctalOutcome::Periodic(game) = solve(&code, Method::Rare, MAX_N, u64::MAX) else {
            println!("{code}: not solved below {MAX_N}");
            continue;
        };
        let ours = start.elapsed().as_secs_f64();
        let start = Instant::now();
        let theirs = peer_solve(&code, MAX_N as usize);
        let peer = start.elapsed().as_secs_f64();
        assert_eq!(theirs, Some((game.preperiod, game.period)), "{code}");
        println!(
            "{:<8} {:>10} {:>7} {:>10.2} {:>10.2} {:>7.1}x",
            code.to_string(),
            game.preperiod,
            game.period,
            ours,
            peer,
            peer / ours
        );
        certificates.push(octal_certificate(&game, octal_provenance(Method::Rare)));
    }
    println!(
        "\nnimcheck on the certificates (parsed already): default limits, then --max-work 10^13"
    );
    for certificate in &certificates {
        let raised = Limits {
            max_work: 10_000_000_000_000,
            ..Limits::default()
        };
        for (name, limits) in [("default", Limits::default()), ("raised", raised)] {
            let start = Instant::now();
            let verdict = check_certificate(certificate, &limits);
            let outcome = match &verdict {
                Verdict::Valid(_) => "OK".to_string(),
                other => format!("exit {}", other.exit_code()),
            };
            println!(
                "{:<8} {:<8} {:>8.2} s  {outcome}",
                certificate_code(certificate),
                name,
                start.elapsed().as_secs_f64()
            );
        }
    }
}

fn certificate_code(certificate: &nimcert::check::format::Certificate) -> String {
    match &certificate.claim {
        nimcert::check::format::Claim::Octal(claim) => claim.code.clone(),
        _ => String::new(),
    }
}
