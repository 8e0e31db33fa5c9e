//! Shards: `--shard k/n` takes the units with index ≡ k mod n.

use serde::{Deserialize, Serialize};

/// A shard: `index` of `count` (0 ≤ index < count).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl std::str::FromStr for Shard {
    type Err = String;
    fn from_str(text: &str) -> Result<Self, String> {
        let shown = crate::moves::clip(text, 40);
        let (k, n) = text
            .split_once('/')
            .ok_or_else(|| format!("shard '{shown}' is not of the form k/n"))?;
        let parse = |s: &str| {
            s.parse::<u64>().map_err(|_| {
                format!(
                    "shard '{shown}': '{}' is not a number",
                    crate::moves::clip(s, 24)
                )
            })
        };
        let shard = Shard {
            index: parse(k)?,
            count: parse(n)?,
        };
        if shard.count == 0 || shard.index >= shard.count {
            return Err(format!("shard '{shown}': need 0 ≤ k < n"));
        }
        Ok(shard)
    }
}

impl Shard {
    /// The whole campaign as one shard.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// The number of the `units` units (in order) that fall in this shard:
    /// those with index ≡ k mod n.
    pub fn share(&self, units: u128) -> u128 {
        let n = u128::from(self.count);
        units / n + u128::from(u128::from(self.index) < units % n)
    }

    /// The units of `all` (in order) that fall in this shard, lazily.
    pub fn select<U>(self, all: impl Iterator<Item = U>) -> impl Iterator<Item = U> {
        all.enumerate()
            .filter(move |(i, _)| *i as u64 % self.count == self.index)
            .map(|(_, u)| u)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_of_the_units_add_up() {
        for units in 0..40u128 {
            for count in 1..9u64 {
                let total: u128 = (0..count)
                    .map(|index| Shard { index, count }.share(units))
                    .sum();
                assert_eq!(total, units);
                for index in 0..count {
                    let shard = Shard { index, count };
                    let selected = shard.select(0..units).count() as u128;
                    assert_eq!(selected, shard.share(units));
                }
            }
        }
    }
}
