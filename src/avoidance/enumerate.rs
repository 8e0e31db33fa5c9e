//! All trees of a given order up to isomorphism, for the sweeps that
//! classify games where our copy of paper B is cut off.
//!
//! Rooted trees come from the level sequences of Beyer and Hedetniemi
//! (constant time per tree); free trees are the rooted ones deduplicated by
//! the canonical form of the tree rooted at its centre.

use super::tree::Tree;
use std::collections::HashSet;

/// The rooted trees on `n` ≥ 1 vertices as level sequences (root level 1).
pub fn rooted_level_sequences(n: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut level: Vec<usize> = (1..=n).collect();
    loop {
        out.push(level.clone());
        let Some(p) = (0..n).rev().find(|&i| level[i] > 2) else {
            return out;
        };
        let q = (0..p)
            .rev()
            .find(|&i| level[i] == level[p] - 1)
            .expect("a level-sequence node above level 2 has a parent level");
        for i in p..n {
            level[i] = level[i - (p - q)];
        }
    }
}

/// The edges (parent, child) of the tree with this level sequence.
fn edges_of_levels(level: &[usize]) -> Vec<(usize, usize)> {
    (1..level.len())
        .map(|i| {
            let parent = (0..i)
                .rev()
                .find(|&j| level[j] + 1 == level[i])
                .expect("level sequences step down by one at most");
            (parent, i)
        })
        .collect()
}

fn adjacency(n: usize, edges: &[(usize, usize)]) -> Vec<Vec<usize>> {
    let mut adjacent = vec![Vec::new(); n];
    for &(a, b) in edges {
        adjacent[a].push(b);
        adjacent[b].push(a);
    }
    adjacent
}

/// The AHU code of the tree rooted at `root`, not entering `parent`.
fn rooted_code(adjacent: &[Vec<usize>], root: usize, parent: usize) -> String {
    let mut codes: Vec<String> = adjacent[root]
        .iter()
        .filter(|&&u| u != parent)
        .map(|&u| rooted_code(adjacent, u, root))
        .collect();
    codes.sort();
    format!("({})", codes.concat())
}

/// The centre (one or two vertices) by repeatedly removing leaves.
fn centre(adjacent: &[Vec<usize>]) -> Vec<usize> {
    let n = adjacent.len();
    let mut degree: Vec<usize> = adjacent.iter().map(Vec::len).collect();
    let mut leaves: Vec<usize> = (0..n).filter(|&v| degree[v] <= 1).collect();
    let mut remaining = n;
    while remaining > 2 {
        remaining -= leaves.len();
        let mut next = Vec::new();
        for &leaf in &leaves {
            for &u in &adjacent[leaf] {
                degree[u] -= 1;
                if degree[u] == 1 {
                    next.push(u);
                }
            }
        }
        leaves = next;
    }
    leaves
}

/// A canonical form of a free tree: the least AHU code from a centre.
fn canonical(adjacent: &[Vec<usize>]) -> String {
    centre(adjacent)
        .into_iter()
        .map(|c| rooted_code(adjacent, c, usize::MAX))
        .min()
        .unwrap_or_default()
}

/// All trees on `n` ≥ 2 vertices up to isomorphism, vertices named 1..n.
pub fn free_trees(n: usize) -> Vec<Tree> {
    let mut seen = HashSet::new();
    let mut trees = Vec::new();
    for level in rooted_level_sequences(n) {
        let edges = edges_of_levels(&level);
        if seen.insert(canonical(&adjacency(n, &edges))) {
            trees.push(Tree::from_edges(n, &edges).expect("level sequences describe trees"));
        }
    }
    trees
}

/// The most vertices of the trees [`free_trees`] lists for a claim file's
/// `trees(n)` (19,320 trees; the enumeration goes through the 235,381
/// rooted trees on 16 vertices).
pub const MAX_FREE_ORDER: usize = 16;

/// The number of labelled trees on n ≥ 1 vertices, n^(n − 2) (Cayley's
/// formula; 1 for n = 1 and n = 2), or `None` when it does not fit in 64
/// bits.
pub fn labelled_count(n: u64) -> Option<u64> {
    match n {
        0 => None,
        1 | 2 => Some(1),
        _ => n.checked_pow(u32::try_from(n - 2).ok()?),
    }
}

/// The `index`-th labelled tree on the vertices 1..n (0 ≤ index <
/// [`labelled_count`]`(n)`), vertices numbered 0..n − 1 and named 1..n:
/// the tree of the Prüfer sequence whose digits, read as a number in
/// base n with the first digit most significant, are `index`. Every
/// labelled tree has exactly one Prüfer sequence (a bijection between
/// the trees and the n^(n − 2) sequences), so this lists each tree once.
/// `None` for an index out of range.
pub fn labelled_tree(n: usize, index: u64) -> Option<Tree> {
    if index >= labelled_count(n as u64)? {
        return None;
    }
    if n <= 2 {
        let edges: Vec<(usize, usize)> = if n == 2 { vec![(0, 1)] } else { vec![] };
        return Tree::from_edges(n, &edges).ok();
    }
    let mut digits = vec![0usize; n - 2];
    let mut rest = index;
    for d in digits.iter_mut().rev() {
        *d = (rest % n as u64) as usize;
        rest /= n as u64;
    }
    // Decoding: repeatedly join the least leaf to the next digit.
    let mut degree = vec![1usize; n];
    for &d in &digits {
        degree[d] += 1;
    }
    let mut edges = Vec::with_capacity(n - 1);
    for &d in &digits {
        let leaf = (0..n).find(|&v| degree[v] == 1)?;
        edges.push((leaf, d));
        degree[leaf] -= 1;
        degree[d] -= 1;
    }
    let last: Vec<usize> = (0..n).filter(|&v| degree[v] == 1).collect();
    if let [a, b] = last[..] {
        edges.push((a, b));
    }
    Tree::from_edges(n, &edges).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Prüfer decoding lists n^(n − 2) distinct labelled trees, and
    /// they fall into exactly the isomorphism classes [`free_trees`] lists.
    #[test]
    fn labelled_trees_are_distinct_and_cover_the_free_trees() {
        for n in 1..=7usize {
            let count = labelled_count(n as u64).unwrap();
            let mut edge_sets = HashSet::new();
            let mut classes = HashSet::new();
            for index in 0..count {
                let tree = labelled_tree(n, index).expect("an index in range");
                let mut edges: Vec<(usize, usize)> = tree
                    .edges()
                    .iter()
                    .map(|&(a, b)| (a.min(b), a.max(b)))
                    .collect();
                edges.sort_unstable();
                classes.insert(canonical(&adjacency(n, &edges)));
                assert!(
                    edge_sets.insert(edges),
                    "n = {n}: index {index} repeats a tree"
                );
            }
            assert!(labelled_tree(n, count).is_none());
            let free = if n == 1 { 1 } else { free_trees(n).len() };
            assert_eq!(classes.len(), free, "n = {n}");
        }
        assert_eq!(labelled_count(16), Some(16u64.pow(14)));
        assert_eq!(labelled_count(30), None);
    }
}
