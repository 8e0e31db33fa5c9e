//! A toy game for the tests: the nim-sequence of a subtraction game by
//! naive mex, with its least pre-period and period found by scanning.

#![allow(dead_code)]

use nimcert_claims::{
    check, evaluate, instances, parse, Budget, ClaimFile, Diagnostic, EvalError, Evaluation,
    GameSpec, Instance, ParseLimits, Sequence,
};

/// A subtraction game's nim-sequence, extended periodically.
pub struct Toy {
    values: Vec<u64>,
    q: u64,
    p: u64,
}

impl Toy {
    /// The sequence of the subtraction game with these moves.
    pub fn subtraction(moves: &[u64]) -> Toy {
        let m = *moves.iter().max().unwrap() as usize;
        let n = 40 * m + 200;
        let mut values = Vec::with_capacity(n);
        for x in 0..n {
            let opts: Vec<u64> = moves
                .iter()
                .filter(|&&s| s as usize <= x)
                .map(|&s| values[x - s as usize])
                .collect();
            values.push((0..).find(|v| !opts.contains(v)).unwrap());
        }
        Toy::from_values(values, m)
    }

    /// An explicit sequence: `values` long enough to show its periodicity
    /// (a window of `w` values repeating).
    pub fn from_values(values: Vec<u64>, w: usize) -> Toy {
        let n = values.len();
        for p in 1..n / 3 {
            // least q with values[x] == values[x + p] for all x in [q, n - p)
            let mut q = n - p;
            while q > 0 && values[q - 1] == values[q - 1 + p] {
                q -= 1;
            }
            if n - p - q >= w.max(p) * 2 {
                return Toy {
                    values,
                    q: q as u64,
                    p: p as u64,
                };
            }
        }
        panic!("no period found");
    }
}

impl Sequence for Toy {
    fn value(&self, n: u64) -> u64 {
        let n = if n < self.q {
            n
        } else {
            self.q + (n - self.q) % self.p
        };
        self.values[n as usize]
    }
    fn preperiod(&self) -> u64 {
        self.q
    }
    fn period(&self) -> u64 {
        self.p
    }
}

/// Parses and checks a file.
pub fn load(text: &str) -> Result<ClaimFile, Diagnostic> {
    let f = parse("c.toml", text.as_bytes(), &ParseLimits::default())?;
    check(&f)?;
    Ok(f)
}

/// One claim, all its instances evaluated on the toy subtraction games.
pub fn run_all(text: &str, steps: u64) -> Result<Vec<(Instance, Evaluation)>, EvalError> {
    let f = load(text).map_err(EvalError::from)?;
    let claim = &f.claims[0];
    let mut budget = Budget::new(steps);
    let mut it = instances(claim);
    let mut out = Vec::new();
    while let Some(inst) = it.next_instance(&mut budget) {
        let inst = inst?;
        let GameSpec::Subtraction(moves) = &inst.game else {
            panic!("octal")
        };
        let toy = Toy::subtraction(moves);
        let ev = evaluate(claim, &inst, &toy, &mut budget)?;
        out.push((inst, ev));
    }
    Ok(out)
}

/// A claim file with one claim of these game, params and assertion.
pub fn claim(game: &str, params: &str, assert: &str, extra: &str) -> String {
    format!(
        "[[claim]]\nid = \"t\"\nsource = \"s\"\nquote = \"q\"\nkind = \"theorem\"\ngame = \"{game}\"\nparams = {{ {params} }}\nassert = \"{assert}\"\n{extra}"
    )
}
