//! The result of a campaign or of some of its shards, and the merge of
//! shard results: the bookkeeping of shards (one campaign, no shard twice,
//! every shard unless a partial result is wanted) is here; what a tally
//! holds and how two add up is the client's ([`Mergeable`]).

use serde::de::DeserializeOwned;
use serde::Serialize;

/// A campaign spec whose shard results can be merged: its size, how its
/// tallies add up and what every tally of it satisfies. Nothing read from
/// a file is trusted: [`Mergeable::check`] runs on every result and on the
/// merge, with checked arithmetic in [`Mergeable::add`].
pub trait Mergeable: Clone + PartialEq {
    /// What a shard yields (the counts).
    type Tally: Clone;
    /// The spec's size, computed once per result ([`Mergeable::size`]).
    type Size;
    /// Validates the spec and returns its size.
    fn size(&self) -> Result<Self::Size, String>;
    /// The number of units of a spec of this size (at most that many
    /// shards).
    fn units(size: &Self::Size) -> u128;
    /// Checks a tally of some units of the spec.
    fn check(&self, size: &Self::Size, tally: &Self::Tally) -> Result<(), String>;
    /// Adds the tally of disjoint units; on an error `into` is left partly
    /// added and is dropped.
    fn add(into: &mut Self::Tally, other: &Self::Tally) -> Result<(), String>;
    /// Checks the tally of every shard (by default, nothing more than
    /// [`Mergeable::check`]).
    fn check_whole(&self, _size: &Self::Size, _tally: &Self::Tally) -> Result<(), String> {
        Ok(())
    }
}

/// The result of a campaign (or a shard of one): what was run and the
/// tally. In JSON (and RON) the tally's fields sit at the top level beside
/// `spec`, `shards`, `shard_count` and `partial`, so that scripts read the
/// counts directly. (Read back by [`CampaignResult::from_json`]: serde's
/// derived `flatten` cannot read integer map keys back from JSON.)
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CampaignResult<S, T> {
    /// What was run.
    pub spec: S,
    /// The shards this result covers, increasing, e.g. `[0, 1, 2]` of 3;
    /// `[0]` of 1 for an unsharded campaign.
    pub shards: Vec<u64>,
    /// The number of shards.
    pub shard_count: u64,
    /// True when some shards are missing (a `merge --partial`): the counts
    /// are then those of part of the campaign.
    pub partial: bool,
    /// The counts.
    #[serde(flatten)]
    pub tally: T,
}

impl<S: Serialize, T: Serialize> CampaignResult<S, T> {
    /// Pretty JSON, ending in a newline.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("serializable") + "\n"
    }
}

impl<S: DeserializeOwned, T: DeserializeOwned> CampaignResult<S, T> {
    /// Reads what [`CampaignResult::to_json`] wrote; no validation (see
    /// [`CampaignResult::validate`]).
    pub fn from_json(text: &str) -> Result<Self, String> {
        let mut object: serde_json::Value =
            serde_json::from_str(text).map_err(|e| e.to_string())?;
        let map = object.as_object_mut().ok_or("not a JSON object")?;
        let mut take = |key: &str| map.remove(key).ok_or(format!("missing key {key}"));
        let error = |e: serde_json::Error| e.to_string();
        let spec = serde_json::from_value(take("spec")?).map_err(error)?;
        let shards = serde_json::from_value(take("shards")?).map_err(error)?;
        let shard_count = serde_json::from_value(take("shard_count")?).map_err(error)?;
        let partial = match map.remove("partial") {
            Some(value) => serde_json::from_value(value).map_err(error)?,
            None => false,
        };
        let tally = serde_json::from_value(object).map_err(error)?;
        Ok(CampaignResult {
            spec,
            shards,
            shard_count,
            partial,
            tally,
        })
    }
}

impl<S: Mergeable<Tally = T>, T: Clone> CampaignResult<S, T> {
    /// Checks a result read from a file: a valid spec, 1 ≤ shard_count ≤
    /// the number of units, shard ids increasing and below shard_count, at
    /// least one of them, and a tally that passes [`Mergeable::check`].
    /// Returns the spec's size.
    pub fn validate(&self) -> Result<S::Size, String> {
        let size = self.spec.size()?;
        let units = S::units(&size);
        if self.shard_count == 0 || u128::from(self.shard_count) > units {
            return Err(format!(
                "shard count {} is not between 1 and the sweep's {units} units",
                self.shard_count
            ));
        }
        if let Some(&bad) = self.shards.iter().find(|&&s| s >= self.shard_count) {
            return Err(format!(
                "shard {bad} of {} does not exist (shards are 0..{})",
                self.shard_count, self.shard_count
            ));
        }
        if self.shards.is_empty() || self.shards.windows(2).any(|w| w[0] >= w[1]) {
            return Err("the shard list is empty, repeated or not increasing".to_string());
        }
        self.spec.check(&size, &self.tally)?;
        Ok(size)
    }
}

/// Merges shard results of one campaign into one result. Each is
/// validated ([`CampaignResult::validate`]); results of different
/// campaigns, a shard given twice and counts that overflow are refused.
/// Every shard must be there, unless `partial`, and then the result says
/// `partial: true`.
pub fn merge<S: Mergeable<Tally = T>, T: Clone>(
    results: &[CampaignResult<S, T>],
    partial: bool,
) -> Result<CampaignResult<S, T>, String> {
    let mut merger = Merger::default();
    for (i, r) in results.iter().enumerate() {
        merger
            .add(r)
            .map_err(|e| format!("result {}: {e}", i + 1))?;
    }
    merger.finish(partial)
}

/// Merges shard results one at a time (so that a merge of many files
/// holds one of them at a time); see [`merge`].
pub struct Merger<S: Mergeable> {
    merged: Option<Merged<S>>,
}

/// The results merged so far, with the spec's size.
type Merged<S> = (
    CampaignResult<S, <S as Mergeable>::Tally>,
    <S as Mergeable>::Size,
);

impl<S: Mergeable> Default for Merger<S> {
    fn default() -> Self {
        Merger { merged: None }
    }
}

impl<S: Mergeable<Tally = T>, T: Clone> Merger<S> {
    /// Validates one result and adds it.
    pub fn add(&mut self, result: &CampaignResult<S, T>) -> Result<(), String> {
        let size = result.validate()?;
        let Some((merged, _)) = &mut self.merged else {
            let mut first = result.clone();
            first.partial = false;
            self.merged = Some((first, size));
            return Ok(());
        };
        if result.spec != merged.spec || result.shard_count != merged.shard_count {
            return Err("the results are of different sweeps or shard counts".to_string());
        }
        if let Some(s) = result.shards.iter().find(|s| merged.shards.contains(s)) {
            return Err(format!("shard {s}/{} is given twice", result.shard_count));
        }
        merged.shards.extend(&result.shards);
        S::add(&mut merged.tally, &result.tally)
    }

    /// The merged result; refuses missing shards unless `partial`.
    pub fn finish(self, partial: bool) -> Result<CampaignResult<S, T>, String> {
        let (mut merged, size) = self.merged.ok_or("nothing to merge")?;
        merged.shards.sort_unstable();
        merged.spec.check(&size, &merged.tally)?;
        let count = merged.shard_count;
        let missing: Vec<u64> = (0..count)
            .filter(|s| merged.shards.binary_search(s).is_err())
            .take(11)
            .collect();
        if missing.is_empty() {
            merged.spec.check_whole(&size, &merged.tally)?;
        } else if partial {
            merged.partial = true;
        } else {
            let shown: Vec<String> = missing.iter().take(10).map(u64::to_string).collect();
            let more = if missing.len() > 10 { ", …" } else { "" };
            return Err(format!(
                "shards {}{more} of {count} are missing; give every shard, or --partial for a result that says it is partial",
                shown.join(", ")
            ));
        }
        Ok(merged)
    }
}
