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
