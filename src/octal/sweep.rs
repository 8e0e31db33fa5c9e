//! A sweep over every octal code of given lengths: which games the Octal
//! Periodicity Theorem solves within a bound, with their (q, p). A client
//! of the campaign layer ([`crate::campaign`]), as paper A's finite check
//! is.
//!
//! Codes are the grain of sharding (`--shard k/n` takes the codes with
//! index ≡ k mod n in increasing order) and of resuming: with an output
//! folder each finished code is written atomically to `codes/CODE.json`
//! (after its certificate, with `--certs`), carrying a checksum and the
//! certificate's digest, and a restarted sweep reads back the codes already
//! on disk instead of solving them again (a certificate deleted since is
//! written again, an edited one refused). Shards may share one folder
//! (their codes are disjoint); run without `--shard` on that folder
//! afterwards and every code is read back, which is the merge; shard
//! results ([`OctalSweepResult`]) also merge through
//! [`campaign::merge()`]. A folder holding another sweep (its `spec.json`
//! differs) is refused.

use super::certify::{octal_certificate, octal_provenance};
use super::code::OctalCode;
use super::period::{solve, OctalOutcome};
use super::values::Method;
use crate::campaign::{
    self, Campaign, CampaignError, CampaignResult, FileDigest, Folder, Mergeable, Sealed, Shard,
};
use nimcert_check::format::Certificate;
use serde::{Deserialize, Serialize};

/// The largest code file read back (a code result is far smaller).
const MAX_CODE_FILE_BYTES: u64 = 1 << 16;

/// The most digits a sweep takes (4: 3,584 codes of 4 digits).
pub const MAX_SWEEP_DIGITS: usize = 4;

/// What is swept: the codes of `digits` digits (each length in turn), each
/// solved with G on at most `max_n` heap sizes and `max_work` pairs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OctalSweepSpec {
    /// The code lengths t, increasing.
    pub digits: Vec<usize>,
    pub max_n: u64,
    pub max_work: u64,
}

impl OctalSweepSpec {
    /// The codes, in increasing order of length then of digits.
    pub fn codes(&self) -> Vec<OctalCode> {
        self.code_iter().collect()
    }

    /// The codes, in order, lazily.
    fn code_iter(&self) -> impl Iterator<Item = OctalCode> + '_ {
        self.digits
            .iter()
            .flat_map(|&t| OctalCode::all_of_length(t))
    }

    /// The number of codes: 7·8^(t−1) of each length t.
    fn code_count(&self) -> u128 {
        self.digits
            .iter()
            .filter(|t| (1..=8).contains(*t))
            .map(|&t| 7 * 8u128.pow(t as u32 - 1))
            .sum()
    }

    fn canonical(&self) -> String {
        serde_json::to_string_pretty(self).expect("serializable") + "\n"
    }
}

/// The result for one code.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CodeResult {
    pub code: String,
    /// `"periodic"`, `"no period below max_n"` or `"work limit"`.
    pub outcome: String,
    pub preperiod: Option<u64>,
    pub period: Option<u64>,
    /// For an unsolved code, the heap sizes computed.
    pub computed: Option<u64>,
}

impl CodeResult {
    /// Whether the theorem proved a period.
    pub fn solved(&self) -> bool {
        self.period.is_some()
    }
}

/// A code's result as written to `codes/CODE.json`; with `--certs` and a
/// period, also the digest of its certificate (written before it), so that
/// a resumed sweep writes a deleted certificate again and refuses an
/// edited one.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct CodeFile {
    result: CodeResult,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    certificate: Option<FileDigest>,
    checksum: String,
}

/// Solves one code, with its certificate when it is periodic.
pub fn sweep_code(
    spec: &OctalSweepSpec,
    code: &OctalCode,
    method: Method,
) -> (CodeResult, Option<nimcert_check::format::Certificate>) {
    let mut result = CodeResult {
        code: code.to_string(),
        outcome: String::new(),
        preperiod: None,
        period: None,
        computed: None,
    };
    let mut certificate = None;
    match solve(code, method, spec.max_n, spec.max_work) {
        OctalOutcome::Periodic(game) => {
            result.outcome = "periodic".into();
            result.preperiod = Some(game.preperiod);
            result.period = Some(game.period);
            certificate = Some(octal_certificate(&game, octal_provenance(method)));
        }
        OctalOutcome::NoPeriodBelow { below, .. } => {
            result.outcome = "no period below max_n".into();
            result.computed = Some(below);
        }
        OctalOutcome::WorkLimit { computed } => {
            result.outcome = "work limit".into();
            result.computed = Some(computed);
        }
    }
    (result, certificate)
}

/// An octal sweep as a campaign: the spec and how the options are found
/// (which does not change the values, so it is not part of the spec).
pub struct OctalSweep<'a> {
    pub spec: &'a OctalSweepSpec,
    pub method: Method,
}

impl Campaign for OctalSweep<'_> {
    type Unit = OctalCode;
    type Tally = CodeResult;
    type Worker = ();
    const WHAT: &'static str = "an octal sweep";
    const UNITS: &'static str = "codes";
    const NAME_IN_CHECKSUM: bool = false;
    const MAX_UNIT_BYTES: u64 = MAX_CODE_FILE_BYTES;
    const CHECKSUM_MISMATCH: &'static str = "checksum or code does not match";

    fn spec_text(&self) -> String {
        self.spec.canonical()
    }

    fn units(&self) -> impl Iterator<Item = OctalCode> + '_ {
        self.spec.code_iter()
    }

    fn unit_total(&self) -> u128 {
        self.spec.code_count()
    }

    fn name(&self, code: &OctalCode) -> String {
        code.to_string()
    }

    fn redo(&self, code: &OctalCode) -> String {
        format!("solve {code} again")
    }

    fn run_unit(
        &self,
        code: &OctalCode,
        _worker: &mut (),
        _certificates: bool,
    ) -> Result<(CodeResult, Option<Certificate>), CampaignError> {
        Ok(sweep_code(self.spec, code, self.method))
    }

    /// Pretty JSON, the result first (the layout of every `codes/` folder).
    fn encode(&self, _code: &OctalCode, file: Sealed<CodeResult>) -> String {
        let file = CodeFile {
            result: file.tally,
            certificate: file.certificate,
            checksum: file.checksum,
        };
        serde_json::to_string_pretty(&file).expect("serializable") + "\n"
    }

    /// The code's name is not in the checksum: the file must name the code.
    fn decode(&self, code: &OctalCode, text: &str) -> Result<Sealed<CodeResult>, String> {
        let file: CodeFile =
            serde_json::from_str(text).map_err(|_| "not a code result".to_string())?;
        if file.result.code != code.to_string() {
            return Err(Self::CHECKSUM_MISMATCH.to_string());
        }
        Ok(Sealed {
            tally: file.result,
            certificate: file.certificate,
            checksum: file.checksum,
        })
    }

    /// Only a solved code has a certificate.
    fn certified(&self, result: &CodeResult) -> bool {
        result.solved()
    }
}

/// Runs the sweep (the codes of `shard`), in parallel, reading back what
/// `out` already holds and storing what it solves there (see
/// [`campaign::run`]); `done` is called once per code finished. Results
/// in code order.
pub fn run(
    spec: &OctalSweepSpec,
    shard: Shard,
    method: Method,
    out: Option<&Folder>,
    done: &(dyn Fn() + Sync),
) -> Result<Vec<CodeResult>, CampaignError> {
    let mut results = Vec::new();
    let sweep = OctalSweep { spec, method };
    campaign::run(&sweep, shard, out, done, |_, result| {
        results.push(result);
        Ok(())
    })?;
    Ok(results)
}

/// The codes of a sweep or of some of its shards, in code order (the
/// tally of an [`OctalSweepResult`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OctalCodes {
    pub codes: Vec<CodeResult>,
}

/// The result of an octal sweep or of a shard of one, mergeable with the
/// others (see [`campaign::merge()`]).
pub type OctalSweepResult = CampaignResult<OctalSweepSpec, OctalCodes>;

/// Runs one shard into a mergeable result (see [`run`]).
pub fn run_shard(
    spec: &OctalSweepSpec,
    shard: Shard,
    method: Method,
    out: Option<&Folder>,
    done: &(dyn Fn() + Sync),
) -> Result<OctalSweepResult, CampaignError> {
    let codes = run(spec, shard, method, out, done)?;
    Ok(OctalSweepResult {
        spec: spec.clone(),
        shards: vec![shard.index],
        shard_count: shard.count,
        partial: false,
        tally: OctalCodes { codes },
    })
}

impl Mergeable for OctalSweepSpec {
    type Tally = OctalCodes;
    type Size = Vec<String>;

    /// The codes' names in order; refuses lengths outside
    /// 1..=[`MAX_SWEEP_DIGITS`] or not increasing.
    fn size(&self) -> Result<Vec<String>, String> {
        let lengths = &self.digits;
        if lengths.is_empty()
            || lengths.windows(2).any(|w| w[0] >= w[1])
            || lengths.iter().any(|t| !(1..=MAX_SWEEP_DIGITS).contains(t))
        {
            return Err(format!(
                "digits {lengths:?}: code lengths from 1 to {MAX_SWEEP_DIGITS}, increasing"
            ));
        }
        Ok(self.code_iter().map(|c| c.to_string()).collect())
    }

    fn units(codes: &Vec<String>) -> u128 {
        codes.len() as u128
    }

    /// Codes of the sweep, each once, in code order.
    fn check(&self, codes: &Vec<String>, tally: &OctalCodes) -> Result<(), String> {
        let mut next = 0;
        for result in &tally.codes {
            match codes[next..].iter().position(|c| *c == result.code) {
                Some(i) => next += i + 1,
                None => {
                    return Err(format!(
                        "code {} is not in the sweep, repeated or out of order",
                        crate::moves::clip(&result.code, 20)
                    ))
                }
            }
        }
        Ok(())
    }

    /// The codes of both, in code order (each result's are in order).
    fn add(into: &mut OctalCodes, other: &OctalCodes) -> Result<(), String> {
        let key = |r: &CodeResult| (r.code.len(), r.code.clone());
        into.codes.extend(other.codes.iter().cloned());
        into.codes.sort_by_key(key);
        let repeated = into.codes.windows(2).find(|w| w[0].code == w[1].code);
        match repeated {
            Some(w) => Err(format!("code {} is given twice", w[0].code)),
            None => Ok(()),
        }
    }

    /// Every code of the sweep is there.
    fn check_whole(&self, codes: &Vec<String>, tally: &OctalCodes) -> Result<(), String> {
        if tally.codes.len() != codes.len() {
            return Err(format!(
                "{} codes, the sweep has {}",
                tally.codes.len(),
                codes.len()
            ));
        }
        Ok(())
    }
}
