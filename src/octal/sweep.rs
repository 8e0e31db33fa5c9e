//! A sweep over every octal code of given lengths: which games the Octal
//! Periodicity Theorem solves within a bound, with their (q, p).
//!
//! Codes are the grain of sharding (`--shard k/n` takes the codes with
//! index ≡ k mod n in increasing order) and of resuming: with an output
//! folder each finished code is written atomically to `codes/CODE.json`
//! (after its certificate, with `--certs`), carrying a checksum and the
//! certificate's digest, and a restarted sweep reads back the codes already
//! on disk instead of solving them again (a certificate deleted since is
//! written again, an edited one refused). Shards may share one folder (their codes are disjoint); run
//! without `--shard` on that folder afterwards and every code is read back,
//! which is the merge. A folder holding another sweep (its `spec.json`
//! differs) is refused.

use super::code::OctalCode;
use super::period::{solve, OctalOutcome};
use super::values::Method;
use crate::sweep::{fnv1a, io_error, open_folder, FileDigest, Shard, SweepError};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The largest file read back (a code result is far smaller).
const MAX_CODE_FILE_BYTES: u64 = 1 << 16;

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
        self.digits
            .iter()
            .flat_map(|&t| OctalCode::all_of_length(t))
            .collect()
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

/// The checksum of a code file: of the spec, the result and (when there
/// is one) the certificate's digest.
fn checksum(
    spec: &OctalSweepSpec,
    result: &CodeResult,
    certificate: Option<&FileDigest>,
) -> String {
    let text = serde_json::to_string(result).expect("serializable");
    let canonical = spec.canonical();
    let mut parts = vec![canonical.as_bytes(), text.as_bytes()];
    let digest = FileDigest::text(certificate);
    if certificate.is_some() {
        parts.push(digest.as_bytes());
    }
    fnv1a(&parts)
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
            certificate = Some(crate::certify::octal::octal_certificate(
                &game,
                crate::certify::octal::octal_provenance(method),
            ));
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

/// The output folder of a sweep.
pub struct OctalOutDir {
    root: PathBuf,
    spec: OctalSweepSpec,
    certificates: bool,
}

impl OctalOutDir {
    /// Opens (or creates, in an existing parent) the folder for `spec`,
    /// refusing one that holds another sweep; writes `spec.json`. A folder
    /// created here is removed again when this fails (see
    /// `crate::sweep::open_folder`, shared with `sweep`).
    pub fn open(
        root: &Path,
        spec: &OctalSweepSpec,
        certificates: bool,
    ) -> Result<Self, SweepError> {
        open_folder(root, &spec.canonical(), "an octal sweep", || {
            for sub in ["codes", "certs"] {
                crate::io::create_below(root, Path::new(sub)).map_err(|e| io_error(root, e))?;
            }
            Ok(OctalOutDir {
                root: root.to_path_buf(),
                spec: spec.clone(),
                certificates,
            })
        })
    }

    fn code_path(&self, code: &str) -> PathBuf {
        self.root.join("codes").join(format!("{code}.json"))
    }

    /// The result of `code` on disk, if a finished one is there (with
    /// `--certs` and a period, with its certificate in place: a missing
    /// one, or one never recorded, makes the code run again); a file that
    /// fails its checksum or names another code, or a certificate that is
    /// not the one recorded, is an error (exit 2); a path that cannot be
    /// read or is not a regular file is exit 4, as in `sweep`.
    pub fn read(&self, code: &OctalCode) -> Result<Option<CodeResult>, SweepError> {
        let name = code.to_string();
        let path = self.code_path(&name);
        let text = match crate::io::read_text_bounded(&path, MAX_CODE_FILE_BYTES) {
            Ok(text) => text,
            Err(crate::io::ReadError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => {
                return Ok(None)
            }
            Err(crate::io::ReadError::Io(e)) => return Err(io_error(&path, e)),
            Err(e) => return Err(SweepError::Input(format!("{}: {e}", path.display()))),
        };
        let bad = |why: &str| {
            SweepError::Input(format!(
                "{}: {why}; delete it to solve {name} again",
                path.display()
            ))
        };
        let file: CodeFile = serde_json::from_str(&text).map_err(|_| bad("not a code result"))?;
        let expected = checksum(&self.spec, &file.result, file.certificate.as_ref());
        if file.result.code != name || file.checksum != expected {
            return Err(bad("checksum or code does not match"));
        }
        if self.certificates && file.result.solved() {
            let in_place = match &file.certificate {
                Some(digest) => digest.matches(&self.certificate_path(&name))?,
                None => false,
            };
            if !in_place {
                return Ok(None);
            }
        }
        Ok(Some(file.result))
    }

    fn certificate_path(&self, code: &str) -> PathBuf {
        self.root.join("certs").join(format!("{code}.ron"))
    }

    /// Writes a finished code: its certificate first, then its result.
    pub fn write(
        &self,
        result: &CodeResult,
        certificate: Option<&nimcert_check::format::Certificate>,
    ) -> Result<(), SweepError> {
        let digest = match (self.certificates, certificate) {
            (true, Some(certificate)) => Some(FileDigest::write(
                &self.certificate_path(&result.code),
                nimcert_check::to_ron(certificate).as_bytes(),
            )?),
            _ => None,
        };
        let file = CodeFile {
            result: result.clone(),
            checksum: checksum(&self.spec, result, digest.as_ref()),
            certificate: digest,
        };
        let path = self.code_path(&result.code);
        let text = serde_json::to_string_pretty(&file).expect("serializable") + "\n";
        crate::io::write_atomically(&path, text.as_bytes()).map_err(|e| io_error(&path, e))
    }
}

/// Runs the sweep (the codes of `shard`), in parallel, reading back what
/// `out` already holds; `done` is called once per code finished. Results
/// in code order.
pub fn run(
    spec: &OctalSweepSpec,
    shard: Shard,
    method: Method,
    out: Option<&OctalOutDir>,
    done: &(dyn Fn() + Sync),
) -> Result<Vec<CodeResult>, SweepError> {
    let codes: Vec<OctalCode> = spec
        .codes()
        .into_iter()
        .enumerate()
        .filter(|(i, _)| *i as u64 % shard.count == shard.index)
        .map(|(_, c)| c)
        .collect();
    codes
        .par_iter()
        .map(|code| {
            let result = match out.map(|o| o.read(code)).transpose()?.flatten() {
                Some(result) => result,
                None => {
                    let (result, certificate) = sweep_code(spec, code, method);
                    if let Some(out) = out {
                        out.write(&result, certificate.as_ref())?;
                    }
                    result
                }
            };
            done();
            Ok(result)
        })
        .collect()
}
