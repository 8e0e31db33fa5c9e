//! Point sets: subsets of a ground set {0, …, n − 1} as bitsets.
//!
//! Every set of one geometry has the same number of words, so the derived
//! `Ord`, `Eq` and `Hash` compare sets exactly. Small ground sets (n ≤ 64)
//! also convert to and from a single `u64` mask for the exhaustive search.

use std::fmt;

/// A subset of {0, …, n − 1}.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PointSet {
    words: Vec<u64>,
}

impl PointSet {
    /// The empty subset of a ground set of `n` points.
    pub fn empty(n: usize) -> Self {
        PointSet {
            words: vec![0; n.div_ceil(64).max(1)],
        }
    }

    /// The whole ground set {0, …, n − 1}.
    pub fn full(n: usize) -> Self {
        Self::from_iter_in(n, 0..n)
    }

    /// The subset of a ground set of `n` points holding `items`.
    pub fn from_iter_in(n: usize, items: impl IntoIterator<Item = usize>) -> Self {
        let mut set = Self::empty(n);
        for i in items {
            set.insert(i);
        }
        set
    }

    /// The subset whose members are the one bits of `mask` (n ≤ 64).
    pub fn from_mask(n: usize, mask: u64) -> Self {
        let mut set = Self::empty(n);
        set.words[0] = mask;
        set
    }

    /// The members as a mask; only meaningful when n ≤ 64.
    pub fn mask(&self) -> u64 {
        self.words[0]
    }

    /// Adds point `i`.
    pub fn insert(&mut self, i: usize) {
        self.words[i / 64] |= 1 << (i % 64);
    }

    /// Removes point `i`.
    pub fn remove(&mut self, i: usize) {
        self.words[i / 64] &= !(1 << (i % 64));
    }

    /// Whether `i` is a member.
    pub fn contains(&self, i: usize) -> bool {
        self.words
            .get(i / 64)
            .is_some_and(|w| w >> (i % 64) & 1 == 1)
    }

    /// This set with `i` added.
    pub fn with(&self, i: usize) -> Self {
        let mut set = self.clone();
        set.insert(i);
        set
    }

    /// The 64-bit words that hold the set (⌈n/64⌉, at least 1): what an
    /// operation on it reads.
    pub fn word_count(&self) -> usize {
        self.words.len()
    }

    /// |A|.
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether A = ∅.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// pty(A) = |A| mod 2.
    pub fn parity(&self) -> u8 {
        (self.len() % 2) as u8
    }

    /// A ⊆ B.
    pub fn is_subset(&self, other: &Self) -> bool {
        self.words
            .iter()
            .zip(&other.words)
            .all(|(a, b)| a & !b == 0)
    }

    /// A ∩ B.
    pub fn intersection(&self, other: &Self) -> Self {
        self.zip(other, |a, b| a & b)
    }

    /// A ∪ B.
    pub fn union(&self, other: &Self) -> Self {
        self.zip(other, |a, b| a | b)
    }

    /// A \ B.
    pub fn difference(&self, other: &Self) -> Self {
        self.zip(other, |a, b| a & !b)
    }

    /// Whether A ∩ B ≠ ∅.
    pub fn meets(&self, other: &Self) -> bool {
        self.words.iter().zip(&other.words).any(|(a, b)| a & b != 0)
    }

    fn zip(&self, other: &Self, f: impl Fn(u64, u64) -> u64) -> Self {
        PointSet {
            words: self
                .words
                .iter()
                .zip(&other.words)
                .map(|(&a, &b)| f(a, b))
                .collect(),
        }
    }

    /// The members in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(k, &w)| {
            (0..64)
                .filter(move |b| w >> b & 1 == 1)
                .map(move |b| 64 * k + b)
        })
    }

    /// The members as a vector.
    pub fn to_vec(&self) -> Vec<usize> {
        self.iter().collect()
    }
}

impl fmt::Debug for PointSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// The maximal members of a family (duplicates removed), sorted.
pub fn maximal_members(family: Vec<PointSet>) -> Vec<PointSet> {
    let mut family = family;
    family.sort();
    family.dedup();
    let keep: Vec<bool> = family
        .iter()
        .map(|a| !family.iter().any(|b| a != b && a.is_subset(b)))
        .collect();
    family
        .into_iter()
        .zip(keep)
        .filter_map(|(a, k)| k.then_some(a))
        .collect()
}
