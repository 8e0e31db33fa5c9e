//! Solving games and classifying three-move games: `solve`,
//! `solve_octal`, `classify`, and the objects they return (`Game`,
//! `OctalGame`, `Classification`, `Prediction`). Each calls the library as
//! `nimcert solve`, `nimcert octal` and the paper-A section of `nimcert
//! solve` do, with the same limits and messages.

use crate::args::{self, moves_of};
use crate::certs::Certificate;
use crate::errors::{guard, Failure, Outcome};
use crate::values::{Store, Values};
use crate::work::run;
use nimcert::engine::Periodicity;
use nimcert::octal::period::OctalSolution;
use nimcert::octal::{Method, OctalCode};
use nimcert::solve::{Limits, DEFAULT_MAX_N, DEFAULT_MAX_POSITIONS, DEFAULT_MAX_WORK};
use nimcert::subtraction::{classify as classify_triple, Classification as Paper, Source};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::Arc;

/// A solved subtraction game: least pre-period q, least period p, the
/// values on [0, q + p), and (three moves) paper A's classification.
#[pyclass(frozen, module = "nimcert")]
pub struct Game {
    game: Arc<Periodicity>,
    values: Py<Values>,
    paper_a: Option<Py<Classification>>,
}

#[pymethods]
impl Game {
    /// The moves, increasing.
    #[getter]
    fn moves(&self) -> PyResult<Vec<u64>> {
        guard(|| Ok(self.game.moves.as_slice().to_vec()))
    }

    /// q, the least pre-period.
    #[getter]
    fn preperiod(&self) -> PyResult<u64> {
        guard(|| Ok(self.game.qp.preperiod))
    }

    /// p, the least period.
    #[getter]
    fn period(&self) -> PyResult<u64> {
        guard(|| Ok(self.game.qp.period))
    }

    /// G(x) for x in [0, q + p), viewed by NumPy without copying.
    #[getter]
    fn values(&self, py: Python<'_>) -> PyResult<Py<Values>> {
        guard(|| Ok(self.values.clone_ref(py)))
    }

    /// G(x) for any int x ≥ 0 (by the period beyond q + p); a negative x
    /// is an `InputError`.
    fn value(&self, x: &Bound<'_, PyAny>) -> PyResult<u16> {
        guard(|| {
            let (q, p) = (self.game.qp.preperiod, self.game.qp.period);
            let x = args::position("x", x, q, p).map_err(|f| f.into_py_err(x.py()))?;
            Ok(self.game.value(x))
        })
    }

    /// The P-positions (value 0) in [0, q + p).
    fn p_positions(&self) -> PyResult<Vec<u64>> {
        guard(|| Ok(self.game.p_positions()))
    }

    /// The least pre-period of the outcome (P/N) sequence.
    #[getter]
    fn outcome_preperiod(&self) -> PyResult<u64> {
        guard(|| Ok(self.game.outcome().preperiod))
    }

    /// The least period of the outcome (P/N) sequence.
    #[getter]
    fn outcome_period(&self) -> PyResult<u64> {
        guard(|| Ok(self.game.outcome().period))
    }

    /// Paper A's classification (three moves), else None.
    #[getter]
    fn paper_a(&self, py: Python<'_>) -> PyResult<Option<Py<Classification>>> {
        guard(|| Ok(self.paper_a.as_ref().map(|c| c.clone_ref(py))))
    }

    /// For three moves: whether the covering statement's prediction equals
    /// the engine's result (True when no statement covers the game, as
    /// `nimcert solve` reports it); None otherwise.
    #[getter]
    fn agrees(&self) -> PyResult<Option<bool>> {
        guard(|| {
            Ok(self.paper_a.as_ref().map(|paper| {
                paper
                    .get()
                    .prediction
                    .as_ref()
                    .is_none_or(|p| p.get().prediction.agrees_with(&self.game))
            }))
        })
    }

    /// A certificate of this game found by search, as `nimcert certify
    /// --claim CLAIM`: "sequence" (q, p and the values), "periodic" (q, p
    /// and the witnesses, no values) or "pset" (the P-positions, for a
    /// purely periodic outcome sequence).
    #[pyo3(signature = (claim = "sequence"))]
    fn certificate(&self, py: Python<'_>, claim: &str) -> PyResult<Certificate> {
        let game = self.game.clone();
        let kind = guard(|| crate::certs::claim_kind(claim).map_err(|f| f.into_py_err(py)))?;
        run(py, move || crate::certs::search_certificate(&game, kind))
    }

    fn __repr__(&self) -> PyResult<String> {
        guard(|| {
            Ok(format!(
                "Game(moves={}, preperiod={}, period={})",
                self.game.moves.short(),
                self.game.qp.preperiod,
                self.game.qp.period
            ))
        })
    }
}

// The defaults of the limits are written as numbers in the signatures
// below and in certs.rs, so that `inspect.signature` and `help()` show
// them; they are the library's (the build fails when one changes).
const _: () = assert!(
    DEFAULT_MAX_POSITIONS == 268_435_456
        && DEFAULT_MAX_WORK == 60_000_000_000
        && DEFAULT_MAX_N == 100_000
);

/// Solves the subtraction game of `moves` within the limits, as `nimcert
/// solve` (the same defaults, the same errors).
#[pyfunction]
#[pyo3(signature = (moves, *, max_positions = 268_435_456, max_work = 60_000_000_000))]
pub fn solve(
    py: Python<'_>,
    moves: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = args::max_positions)] max_positions: u64,
    #[pyo3(from_py_with = args::max_work)] max_work: u64,
) -> PyResult<Game> {
    guard(|| {
        let moves = moves_of(moves).map_err(|f| f.into_py_err(py))?;
        let limits = Limits {
            max_positions,
            max_work,
            ..Limits::default()
        };
        let (game, paper) = run(py, move || {
            let game = nimcert::solve::solve(&moves, &limits)?;
            let paper = classify_triple(moves.as_slice());
            Ok((Arc::new(game), paper))
        })?;
        let values = Py::new(py, Values::new(Store::Subtraction(game.clone())))?;
        let paper_a = paper
            .map(|p| Py::new(py, Classification::new(py, moves_shown(&game), p)?))
            .transpose()?;
        Ok(Game {
            game,
            values,
            paper_a,
        })
    })
}

fn moves_shown(game: &Periodicity) -> Vec<u64> {
    game.moves.as_slice().to_vec()
}

/// A solved octal game: least pre-period q and period p proved by the
/// Octal Periodicity Theorem, and G on the prefix the proof needs.
#[pyclass(frozen, module = "nimcert")]
pub struct OctalGame {
    game: Arc<OctalSolution>,
    method: Method,
    values: Py<Values>,
}

#[pymethods]
impl OctalGame {
    /// The code, e.g. "0.77".
    #[getter]
    fn code(&self) -> PyResult<String> {
        guard(|| Ok(self.game.code.to_string()))
    }

    /// q, the least pre-period.
    #[getter]
    fn preperiod(&self) -> PyResult<u64> {
        guard(|| Ok(self.game.preperiod))
    }

    /// p, the least period.
    #[getter]
    fn period(&self) -> PyResult<u64> {
        guard(|| Ok(self.game.period))
    }

    /// G(n) on [0, 2q + 2p + t + 1), the prefix of the proof (uint32).
    #[getter]
    fn values(&self, py: Python<'_>) -> PyResult<Py<Values>> {
        guard(|| Ok(self.values.clone_ref(py)))
    }

    /// G(n) for any int n ≥ 0 (by the period beyond the prefix); a
    /// negative n is an `InputError`.
    fn value(&self, n: &Bound<'_, PyAny>) -> PyResult<u32> {
        guard(|| {
            let (q, p) = (self.game.preperiod, self.game.period);
            let n = args::position("n", n, q, p).map_err(|f| f.into_py_err(n.py()))?;
            Ok(self.game.value(n))
        })
    }

    /// An `Octal` certificate (q, p, the values and the witnesses), or
    /// with `no_values` an `OctalPeriodic` one (no values), as `nimcert
    /// certify --octal`.
    #[pyo3(signature = (*, no_values = false))]
    fn certificate(&self, py: Python<'_>, no_values: bool) -> PyResult<Certificate> {
        let (game, method) = (self.game.clone(), self.method);
        run(py, move || {
            Ok(crate::certs::octal_certificate(&game, method, no_values))
        })
    }

    fn __repr__(&self) -> PyResult<String> {
        guard(|| {
            Ok(format!(
                "OctalGame(code={}, preperiod={}, period={})",
                self.game.code, self.game.preperiod, self.game.period
            ))
        })
    }
}

/// "rare" or "direct".
pub fn method_of(method: &str) -> Outcome<Method> {
    match method {
        "rare" => Ok(Method::Rare),
        "direct" => Ok(Method::Direct),
        other => Err(Failure::input(format!(
            "method '{}' is not one of rare, direct",
            nimcert::moves::clip(other, 24)
        ))),
    }
}

/// Solves the octal game `code` (e.g. "0.77") as `nimcert octal`.
#[pyfunction]
#[pyo3(signature = (code, *, method = "rare", max_n = 100_000, max_work = 60_000_000_000))]
pub fn solve_octal(
    py: Python<'_>,
    code: &str,
    method: &str,
    #[pyo3(from_py_with = args::max_n)] max_n: u64,
    #[pyo3(from_py_with = args::max_work)] max_work: u64,
) -> PyResult<OctalGame> {
    guard(|| {
        let method = method_of(method).map_err(|f| f.into_py_err(py))?;
        let code = OctalCode::parse(code).map_err(|e| Failure::input(e).into_py_err(py))?;
        let limits = Limits {
            max_n,
            max_work,
            ..Limits::default()
        };
        let game = run(py, move || {
            Ok(Arc::new(nimcert::octal::solve::solve(
                &code, method, &limits,
            )?))
        })?;
        let values = Py::new(py, Values::new(Store::Octal(game.clone())))?;
        Ok(OctalGame {
            game,
            method,
            values,
        })
    })
}

/// What the covering statement of paper A predicts (dilated back by
/// Lemma 5): pre-period 0, the least period, the P-positions and values of
/// one period, the formula's parameters.
#[pyclass(frozen, module = "nimcert")]
pub struct Prediction {
    /// The statement id, e.g. "A.Table1.row2".
    #[pyo3(get)]
    statement: String,
    /// "Quoted" (printed in the paper) or "Derived" (reconstructed here).
    #[pyo3(get)]
    source: &'static str,
    /// The predicted least period p.
    #[pyo3(get)]
    period: u64,
    /// The predicted P-positions in [0, p).
    #[pyo3(get)]
    p_positions: Vec<u64>,
    values: Py<Values>,
    parameters: Vec<(&'static str, i64)>,
    prediction: nimcert::subtraction::Prediction,
}

#[pymethods]
impl Prediction {
    /// The predicted values on [0, p).
    #[getter]
    fn values(&self, py: Python<'_>) -> PyResult<Py<Values>> {
        guard(|| Ok(self.values.clone_ref(py)))
    }

    /// The parameters the formula used, by name (g first).
    #[getter]
    fn parameters<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        guard(|| {
            let d = PyDict::new(py);
            for (name, value) in &self.parameters {
                d.set_item(name, value)?;
            }
            Ok(d)
        })
    }

    /// Whether the engine's result agrees: q = 0, the same least period,
    /// the same values.
    fn agrees_with(&self, game: &Game) -> PyResult<bool> {
        guard(|| Ok(self.prediction.agrees_with(&game.game)))
    }

    fn __repr__(&self) -> PyResult<String> {
        guard(|| {
            Ok(format!(
                "Prediction(statement={:?}, period={}, source={:?})",
                self.statement, self.period, self.source
            ))
        })
    }
}

/// Paper A's classification of a three-move game: the reduction by g =
/// gcd (Lemma 5) to S', the angle ρ and winding number K of S', Prop. 20's
/// admissibility tests, the covering statement and its prediction.
#[pyclass(frozen, module = "nimcert")]
pub struct Classification {
    /// The moves, increasing.
    #[pyo3(get)]
    moves: Vec<u64>,
    /// g = gcd(a, b, c).
    #[pyo3(get)]
    g: u64,
    /// S' = S/g as (a', b', c').
    #[pyo3(get)]
    reduced: (u64, u64, u64),
    /// ρ = c' mod (a' + b').
    #[pyo3(get)]
    rho: u64,
    /// K = ⌊c'/(a' + b')⌋.
    #[pyo3(get)]
    winding: u64,
    admissible: [bool; 3],
    /// The covering statement's id ("A.Table1.row2", "A.Thm36",
    /// "A.Table2.row4", "A.Thm34"), None when uncovered.
    #[pyo3(get)]
    statement: Option<&'static str>,
    /// The covering statement in words.
    #[pyo3(get)]
    description: String,
    /// 1 or 2 for a row of Table 1 or 2, else None.
    #[pyo3(get)]
    table: Option<u8>,
    /// The row of that table, else None.
    #[pyo3(get)]
    row: Option<u8>,
    prediction: Option<Py<Prediction>>,
}

impl Classification {
    /// The predicted least period, None when uncovered.
    fn period(&self) -> Option<u64> {
        self.prediction.as_ref().map(|p| p.get().period)
    }

    fn new(py: Python<'_>, moves: Vec<u64>, c: Paper) -> PyResult<Self> {
        use nimcert::subtraction::classify::Cover;
        let (table, row) = match c.cover {
            Cover::Table1Row(k) => (Some(1), Some(k)),
            Cover::Table2Row(k) => (Some(2), Some(k)),
            _ => (None, None),
        };
        let prediction = match c.prediction {
            None => None,
            Some(p) => {
                let values = Py::new(py, Values::new(Store::Word(p.values.clone())))?;
                Some(Py::new(
                    py,
                    Prediction {
                        statement: p.statement.clone(),
                        source: match p.source {
                            Source::Quoted => "Quoted",
                            Source::Derived => "Derived",
                        },
                        period: p.period,
                        p_positions: p.p_positions.clone(),
                        values,
                        parameters: p.parameters.clone(),
                        prediction: p,
                    },
                )?)
            }
        };
        let t = c.reduced;
        Ok(Classification {
            moves,
            g: c.g,
            reduced: (t.a, t.b, t.c),
            rho: c.rho,
            winding: c.winding,
            admissible: [
                c.admissible.a_plus_b,
                c.admissible.c_plus_a,
                c.admissible.c_plus_b,
            ],
            statement: c.cover.statement(),
            description: c.cover.describe(),
            table,
            row,
            prediction,
        })
    }
}

#[pymethods]
impl Classification {
    /// Prop. 20's tests at ρ for the base {a', b'}: which of Θ_{a+b},
    /// Θ_{c+a}, Θ_{c+b} contain ρ, as {"a_plus_b", "c_plus_a",
    /// "c_plus_b"} → bool.
    #[getter]
    fn admissible<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        guard(|| {
            let d = PyDict::new(py);
            for (name, value) in ["a_plus_b", "c_plus_a", "c_plus_b"]
                .iter()
                .zip(self.admissible)
            {
                d.set_item(name, value)?;
            }
            Ok(d)
        })
    }

    /// The covering statement's prediction, None when uncovered.
    #[getter]
    fn prediction(&self, py: Python<'_>) -> PyResult<Option<Py<Prediction>>> {
        guard(|| Ok(self.prediction.as_ref().map(|p| p.clone_ref(py))))
    }

    /// The predicted least period, None when uncovered.
    #[getter]
    fn predicted_period(&self) -> PyResult<Option<u64>> {
        guard(|| Ok(self.period()))
    }

    fn __repr__(&self) -> PyResult<String> {
        guard(|| {
            let none = || "None".to_string();
            Ok(format!(
                "Classification(moves={:?}, statement={}, rho={}, predicted_period={})",
                self.moves,
                self.statement.map_or_else(none, |s| format!("{s:?}")),
                self.rho,
                self.period().map_or_else(none, |p| p.to_string())
            ))
        })
    }
}

/// Classifies three moves by paper A (Manabe): the covering statement and
/// its prediction, as the paper-A section of `nimcert solve`. The moves
/// are read with the command line's bounds; other than three moves is an
/// `InputError`.
#[pyfunction]
pub fn classify(py: Python<'_>, moves: &Bound<'_, PyAny>) -> PyResult<Classification> {
    guard(|| {
        let moves = moves_of(moves).map_err(|f| f.into_py_err(py))?;
        let shown = moves.as_slice().to_vec();
        let paper = run(py, move || {
            classify_triple(moves.as_slice()).ok_or_else(|| {
                Failure::input(format!(
                    "{}: paper A classifies three-move games a < b < c, not {} moves",
                    moves.short(),
                    moves.len()
                ))
            })
        })?;
        Classification::new(py, shown, paper)
    })
}
