//! The campaign layer: long runs cut into units, shared by every sweep
//! (paper A's finite check, [`crate::subtraction::sweep`], and the octal
//! sweep, [`crate::octal::sweep`]).
//!
//! A client says what its units are and how one runs ([`Campaign`]); this
//! layer does the rest, the same way for every client:
//!
//! - **shards** ([`Shard`]): `--shard k/n` takes the units with index
//!   ≡ k mod n, so that shards of a job array are disjoint and together
//!   cover the campaign;
//! - **the output folder** ([`Folder`]): `spec.json` claims it for one
//!   campaign (a folder of another is refused, a folder created by a start
//!   that fails is removed again), each finished unit is written
//!   atomically to `DIR/<units>/NAME.json` after its certificate
//!   (`DIR/certs/NAME.ron`), sealed with a checksum and the certificate's
//!   digest ([`mod@unit`]);
//! - **resume**: [`run`] reads back, verified, the units already on disk,
//!   removes the temporary files a killed run left for the others and runs
//!   them; the tally is folded in unit order, so an interrupted and resumed
//!   run yields exactly what an uninterrupted one yields;
//! - **merge** ([`merge()`], [`Merger`]): shard results of one campaign are
//!   checked and added, every shard required unless a partial result is
//!   wanted (which it then records);
//! - **progress**: a hook called once per finished unit, with the number of
//!   units of a shard known beforehand ([`unit_count`]).
//!
//! Units run in parallel (rayon), [`CHUNK`] at a time so that memory does
//! not grow with the campaign, each worker thread reusing its
//! [`Campaign::Worker`] from unit to unit.

mod folder;
mod merge;
mod shard;
pub mod unit;

pub use folder::Folder;
pub use merge::{merge, CampaignResult, Mergeable, Merger};
pub use shard::Shard;
pub use unit::{FileDigest, Sealed};

use nimcert_check::format::Certificate;
use rayon::prelude::*;
use serde::Serialize;
use std::path::Path;

/// A client of the campaign layer: a spec (what is run), cut into units.
pub trait Campaign: Sync {
    /// One unit of work, the grain of sharding and of resuming.
    type Unit: Clone + Send + Sync;
    /// What a unit yields, stored in its unit file.
    type Tally: Serialize + Clone + Send;
    /// The per-thread state a worker reuses from unit to unit.
    type Worker: Default + Send;
    /// The campaign in words, e.g. "a sweep" (in the message refusing a
    /// `spec.json` that cannot be read).
    const WHAT: &'static str;
    /// The folder of the unit files in the output folder, e.g. "units".
    const UNITS: &'static str;
    /// Whether a unit's name is part of its file's checksum (when it is not,
    /// [`Campaign::decode`] checks that the file is the unit's).
    const NAME_IN_CHECKSUM: bool;
    /// The largest unit file read back.
    const MAX_UNIT_BYTES: u64;
    /// Why a unit file whose checksum does not match is refused.
    const CHECKSUM_MISMATCH: &'static str;

    /// The spec's canonical text: `spec.json`, and part of every checksum.
    fn spec_text(&self) -> String;
    /// The units in order, lazily (a campaign's units may not fit in
    /// memory).
    fn units(&self) -> impl Iterator<Item = Self::Unit> + '_;
    /// The number of units, in closed form (0 for an invalid spec).
    fn unit_total(&self) -> u128;
    /// The unit's file name, without extension (`units/NAME.json`,
    /// `certs/NAME.ron`).
    fn name(&self, unit: &Self::Unit) -> String;
    /// What deleting a refused unit file does, e.g. "run the unit again".
    fn redo(&self, unit: &Self::Unit) -> String;
    /// Runs one unit, with its certificate when `certificates` (a unit may
    /// have none, see [`Campaign::certified`]).
    fn run_unit(
        &self,
        unit: &Self::Unit,
        worker: &mut Self::Worker,
        certificates: bool,
    ) -> Result<(Self::Tally, Option<Certificate>), CampaignError>;
    /// The text of a unit file (the client's layout).
    fn encode(&self, unit: &Self::Unit, file: Sealed<Self::Tally>) -> String;
    /// Reads a unit file back: why it is refused when it is not a unit file
    /// or names another unit.
    fn decode(&self, unit: &Self::Unit, text: &str) -> Result<Sealed<Self::Tally>, String>;
    /// Checks a stored tally whose checksum matched (by default, nothing).
    fn verify(&self, _unit: &Self::Unit, _tally: &Self::Tally) -> Result<(), String> {
        Ok(())
    }
    /// Whether a unit with this tally has a certificate (by default, every
    /// unit).
    fn certified(&self, _tally: &Self::Tally) -> bool {
        true
    }
}

/// Why a campaign, a resumed campaign or a merge could not go on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CampaignError {
    /// The arguments, or a file that is not what it should be (a unit
    /// file that fails its checksum, a shard result that is inconsistent).
    Input(String),
    /// A file could not be read or written.
    Io(String),
}

impl std::fmt::Display for CampaignError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CampaignError::Input(m) | CampaignError::Io(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for CampaignError {}

impl From<String> for CampaignError {
    fn from(message: String) -> Self {
        CampaignError::Input(message)
    }
}

/// An I/O failure on `path`.
pub(crate) fn io_error(path: &Path, e: impl std::fmt::Display) -> CampaignError {
    CampaignError::Io(format!("{}: {e}", path.display()))
}

/// How many units run in parallel at a time: the tallies of one chunk are
/// kept until folded, so memory does not grow with the campaign.
pub const CHUNK: usize = 4096;

/// Runs the units of `shard`, skipping those already stored (and
/// verified) in `out` and storing the others there, and hands every unit's
/// tally to `fold` in unit order. `progress` is called once per finished
/// unit. Units are taken lazily, [`CHUNK`] at a time; the first failure in
/// unit order ends the run.
pub fn run<C: Campaign>(
    campaign: &C,
    shard: Shard,
    out: Option<&Folder>,
    progress: &(dyn Fn() + Sync),
    mut fold: impl FnMut(C::Unit, C::Tally) -> Result<(), CampaignError>,
) -> Result<(), CampaignError> {
    let mut units = shard.select(campaign.units());
    loop {
        let chunk: Vec<C::Unit> = units.by_ref().take(CHUNK).collect();
        if chunk.is_empty() {
            return Ok(());
        }
        let tallies: Vec<Result<C::Tally, CampaignError>> = chunk
            .par_iter()
            .map_init(C::Worker::default, |worker, unit| {
                let tally = run_or_load(campaign, unit, worker, out);
                progress();
                tally
            })
            .collect();
        for (unit, tally) in chunk.into_iter().zip(tallies) {
            fold(unit, tally?)?;
        }
    }
}

/// One unit's tally: read back from `out` when it finished there, else
/// run (and stored in `out`).
fn run_or_load<C: Campaign>(
    campaign: &C,
    unit: &C::Unit,
    worker: &mut C::Worker,
    out: Option<&Folder>,
) -> Result<C::Tally, CampaignError> {
    if let Some(tally) = out.map(|o| o.load(campaign, unit)).transpose()?.flatten() {
        return Ok(tally);
    }
    let certificates = out.is_some_and(Folder::certificates);
    let (tally, certificate) = campaign.run_unit(unit, worker, certificates)?;
    if let Some(out) = out {
        out.store(campaign, unit, &tally, certificate.as_ref())?;
    }
    Ok(tally)
}

/// The number of units a shard runs (for progress bars), in closed form.
pub fn unit_count<C: Campaign>(campaign: &C, shard: Shard) -> u64 {
    u64::try_from(shard.share(campaign.unit_total())).unwrap_or(u64::MAX)
}
