//! The audit: the registry of every checkable statement of both papers and
//! the report of running it.
//!
//! Layers, one way only: [`crate::claim`] (a claim, its scope and verdict)
//! at the bottom; each paper's claims above it
//! ([`crate::subtraction::claims`], [`crate::avoidance::claims`]); the
//! registry, the report, the baseline and the certificate store here, on
//! top.

pub mod baseline;
pub mod file;
pub mod html;
pub mod mathml;
pub mod report;
pub mod store;

pub use crate::claim::{
    check_instances, decide, Claim, ClaimResult, InstanceOutcome, Kind, Scope, Verdict,
};

/// Every registered claim, paper A first, each paper in the order of its
/// text, then the published claims about octal games (their ids made
/// short by [`short_octal_id`]).
pub fn registry() -> Vec<Claim> {
    let mut v = crate::subtraction::claims::claims();
    v.extend(crate::avoidance::claims::claims());
    v.extend(crate::octal::claims::claims().into_iter().map(|mut claim| {
        if let Some(id) = short_octal_id(&claim.id, &claim.location) {
            claim.id = id.into();
        }
        claim
    }));
    v
}

/// The key an octal claim's id was first built from: its source with every
/// character other than an ASCII letter or digit made `-` (`OEIS A071443`
/// gave `OEIS-A071443`).
fn long_key(source: &str) -> String {
    source
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect()
}

/// The short key of a published source: the A-number of an OEIS entry,
/// a name for the others (`GONC5` for Games of No Chance 5), else the
/// first word of the source.
fn short_key(source: &str) -> String {
    if let Some(number) = source.strip_prefix("OEIS ") {
        return number.trim().to_string();
    }
    for (words, key) in [
        ("Games of No Chance 5", "GONC5"),
        ("tczajka-octal-games", "tczajka"),
        ("Plambeck", "Plambeck"),
    ] {
        if source.contains(words) {
            return key.to_string();
        }
    }
    let first: String = source
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric())
        .collect();
    if first.is_empty() {
        long_key(source)
    } else {
        first
    }
}

/// The short id of an octal claim whose id is `O.<long key>.<code>`, for
/// its source `source`: `O.<short key>.<code>` (`O.A071443.0.113337`,
/// `O.GONC5.0.6`); `None` for any other id.
pub fn short_octal_id(id: &str, source: &str) -> Option<String> {
    let code = id.strip_prefix(&format!("O.{}.", long_key(source)))?;
    Some(format!("O.{}.{code}", short_key(source)))
}

/// The id prefixes (long and short, each ending in `.`) of the octal
/// claims' sources, for [`expand_selectors`].
fn octal_renames() -> Vec<(String, String)> {
    let mut renames: Vec<(String, String)> = crate::octal::published::PUBLISHED
        .iter()
        .map(|entry| {
            (
                format!("O.{}.", long_key(entry.source)),
                format!("O.{}.", short_key(entry.source)),
            )
        })
        .collect();
    renames.sort();
    renames.dedup();
    renames
}

/// The selectors `--claim` (and the baseline comparison) use, with the
/// octal claims' former long ids (`O.OEIS-A071443.0.113337`,
/// `O.Games-of-No-Chance-5---Searching-for-periodicity-in-Officers-.0.6`)
/// still accepted: each selector, and for one that is or starts a former
/// id, the same selection in the short ids.
pub fn expand_selectors(selectors: &[String]) -> Vec<String> {
    let renames = octal_renames();
    let mut out = Vec::new();
    for selector in selectors {
        out.push(selector.clone());
        for (long, short) in &renames {
            if let Some(rest) = selector.strip_prefix(long.as_str()) {
                out.push(format!("{short}{rest}"));
            } else if long.starts_with(selector.as_str()) && selector.len() > "O.".len() {
                out.push(short.clone());
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// A claim id as the registry spells it now: a former long octal id made
/// short, any other id unchanged (for a baseline written before the ids
/// were shortened).
pub fn current_id(id: &str) -> String {
    for (long, short) in octal_renames() {
        if let Some(code) = id.strip_prefix(long.as_str()) {
            return format!("{short}{code}");
        }
    }
    id.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn octal_ids_are_short_and_the_long_ones_still_select() {
        let ids: Vec<String> = registry().iter().map(|c| c.id.to_string()).collect();
        assert!(ids.iter().all(|id| id.chars().count() <= 32), "{ids:?}");
        let octal = ids.iter().filter(|id| id.starts_with("O."));
        assert!(octal.clone().all(|id| id.chars().count() <= 24), "{ids:?}");
        assert_eq!(octal.count(), 51);
        assert!(ids.contains(&"O.GONC5.0.6".to_string()), "{ids:?}");
        assert!(ids.contains(&"O.A071443.0.113337".to_string()), "{ids:?}");
        let long = "O.Games-of-No-Chance-5---Searching-for-periodicity-in-Officers-.0.6";
        assert!(expand_selectors(&[long.to_string()]).contains(&"O.GONC5.0.6".to_string()));
        let oeis = expand_selectors(&["O.OEIS-A0714".to_string()]);
        assert!(oeis.contains(&"O.A071443.".to_string()), "{oeis:?}");
        assert!(!oeis.iter().any(|s| s.starts_with("O.GONC5")), "{oeis:?}");
        assert_eq!(current_id("O.OEIS-A071443.0.113337"), "O.A071443.0.113337");
        assert_eq!(current_id("A.Thm36"), "A.Thm36");
        let mut unique = ids.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), ids.len(), "two claims share an id");
    }
}
