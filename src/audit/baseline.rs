//! The committed baseline of verdicts and counts (`audit.expected`), and
//! the comparison that lets CI fail on any change.
//!
//! A baseline is JSON: one entry per claim with its verdict, applicable,
//! failing and (when not 0) unchecked counts, the range and the smallest
//! counterexample. A run matches
//! its baseline when every selected claim has an entry equal to its own and
//! the baseline has no entry for a selected id that the run lacks. The
//! difference is shown as a unified diff of one line per claim.

use super::report::{matches, Row};
use serde::{Deserialize, Serialize};

/// The format tag of a baseline file.
pub const FORMAT: &str = "nimcert audit baseline 1";

/// The largest baseline file read (bytes).
pub const MAX_BYTES: u64 = 16 << 20;

/// A baseline: the verdicts and counts of every claim of one audit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Baseline {
    /// [`FORMAT`].
    pub format: String,
    /// One entry per claim, in registry order.
    pub claims: Vec<Entry>,
}

/// The recorded result of one claim.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// Claim id.
    pub id: String,
    /// Verdict name.
    pub verdict: String,
    /// The verdict's scope ("proof" or "finite check"; none when nothing
    /// was checked). A baseline written before scopes were recorded has
    /// none, and then the scope is not compared.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scope: Option<String>,
    /// Applicable instances.
    pub applicable: u64,
    /// Failing instances.
    pub failing: u64,
    /// Instances the statement applies to that were not checked (beyond a
    /// bound); left out of the file when 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub unchecked: u64,
    /// The range checked, in words.
    pub range: String,
    /// The smallest counterexample, if any.
    pub smallest: Option<String>,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl Entry {
    /// One line for the diff; the scope only with `scoped` (a baseline
    /// older than scopes records none, and then none is compared).
    fn line(&self, scoped: bool) -> String {
        let unchecked = if self.unchecked > 0 {
            format!(", {} not checked", self.unchecked)
        } else {
            String::new()
        };
        let scope = match &self.scope {
            Some(s) if scoped => format!(" ({s})"),
            _ => String::new(),
        };
        let mut line = format!(
            "{}: {}{scope}, {} applicable, {} failing{unchecked}, on {}",
            self.id, self.verdict, self.applicable, self.failing, self.range
        );
        if let Some(s) = &self.smallest {
            line += &format!(", smallest: {s}");
        }
        line
    }
}

impl Baseline {
    /// The baseline of a run.
    pub fn of(rows: &[Row]) -> Self {
        Baseline {
            format: FORMAT.to_string(),
            claims: rows
                .iter()
                .map(|r| Entry {
                    id: r.id.clone(),
                    verdict: r.verdict.name().to_string(),
                    scope: r.scope.map(|s| s.name().to_string()),
                    applicable: r.applicable,
                    failing: r.failing,
                    unchecked: r.unchecked,
                    range: r.range.clone(),
                    smallest: r.counterexamples.first().cloned(),
                })
                .collect(),
        }
    }

    /// Pretty JSON with a final newline.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("serializable") + "\n"
    }

    /// Reads a baseline.
    pub fn from_json(text: &str) -> Result<Self, String> {
        let baseline: Baseline = serde_json::from_str(text).map_err(|e| e.to_string())?;
        if baseline.format != FORMAT {
            return Err(format!("format '{}' is not '{FORMAT}'", baseline.format));
        }
        Ok(baseline)
    }

    /// Compares a run (`actual`, the selected claims) with this baseline,
    /// restricted to the ids matching `prefixes` (all when empty). `None`
    /// when they match, else a unified diff (expected → actual) of one line
    /// per claim.
    pub fn diff(&self, actual: &Baseline, prefixes: &[String], name: &str) -> Option<String> {
        // Ids recorded without a scope (a baseline older than scopes):
        // their scope is not compared.
        let unscoped: std::collections::BTreeSet<&str> = self
            .claims
            .iter()
            .filter(|e| e.scope.is_none() && e.verdict != "not checked")
            .map(|e| e.id.as_str())
            .collect();
        let lines = |b: &Baseline| -> String {
            b.claims
                .iter()
                .filter(|e| matches(&e.id, prefixes))
                .map(|e| e.line(!unscoped.contains(e.id.as_str())) + "\n")
                .collect()
        };
        let (old, new) = (lines(self), lines(actual));
        if old == new {
            return None;
        }
        let diff = similar::TextDiff::from_lines(&old, &new);
        Some(
            diff.unified_diff()
                .context_radius(1)
                .header(name, "this run")
                .to_string(),
        )
    }
}
