//! Structure diagrams (paper B, §3, after Ernst and Sieben [3]).
//!
//! Let 𝓜 be the maximal non-generating sets, ℐ the intersections of
//! non-empty subfamilies of 𝓜, and for a position P let
//! ⌈P⌉ = ⋂{M ∈ 𝓜 : P ⊆ M} ∈ ℐ. The structure class X_I holds the positions
//! P with ⌈P⌉ = I.
//!
//! **The recursion, derived here.** Let U(I) = ⋃{M ∈ 𝓜 : I ⊆ M}. The options
//! of P ∈ X_I are P ∪ {x} for x ∈ U(I) \ P. For x ∈ I \ P the option stays
//! in X_I; for x ∈ U(I) \ I it lands in X_J with J = ⌈I ∪ {x}⌉, since the
//! members of 𝓜 containing P ∪ {x} are those containing I ∪ {x}. So
//! Opt(X_I) = {⌈I ∪ {x}⌉ : x ∈ U(I) \ I}, every J there a strict superset
//! of I, and with a = pty(I):
//!
//! - nim_a(X_I) = mex{nim_{1−a}(X_J) : J ∈ Opt(X_I)} — the value at P = I,
//!   which has no option inside X_I;
//! - nim_{1−a}(X_I) = mex({nim_a(X_I)} ∪ {nim_a(X_J) : J ∈ Opt(X_I)}) — a
//!   position of parity 1 − a is a proper subset of I, so it has an option
//!   inside X_I, of parity a.
//!
//! A position P ⊊ I of parity a has the options of I plus one of value
//! nim_{1−a}(X_I) ≠ nim_a(X_I) = mex(…); adding a value other than the mex
//! to a set whose mex it is does not change the mex (a smaller value is
//! already present), so every position of X_I with parity ε has nim
//! nim_ε(X_I) (induction on |S \ P|). The game's value is nim_0(X_Φ) with
//! Φ = ⌈∅⌉ = ⋂𝓜. Terminal classes (I ∈ 𝓜) get (0, 0, 1) or (1, 1, 0).

use super::geometry::Game;
use super::mex;
use super::points::PointSet;
use std::collections::HashMap;

/// The default bound on the number of structure classes.
pub const DEFAULT_MAX_CLASSES: usize = 1 << 16;

/// One structure class X_I with its type (pty(I), nim_0, nim_1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StructureClass {
    /// I.
    pub set: PointSet,
    /// Opt(X_I), as indices of classes of the diagram.
    pub options: Vec<usize>,
    /// nim of the positions of X_I with even size.
    pub nim0: u32,
    /// nim of the positions of X_I with odd size.
    pub nim1: u32,
}

impl StructureClass {
    /// pty(I).
    pub fn parity(&self) -> u8 {
        self.set.parity()
    }

    /// nim_ε(X_I).
    pub fn nim(&self, parity: u8) -> u32 {
        if parity == 0 {
            self.nim0
        } else {
            self.nim1
        }
    }

    /// type(X_I) = (pty(I), nim_0, nim_1).
    pub fn kind(&self) -> (u8, u32, u32) {
        (self.parity(), self.nim0, self.nim1)
    }
}

/// The structure diagram of a game.
#[derive(Clone, Debug)]
pub struct StructureDiagram {
    /// 𝓜, sorted.
    pub maximal: Vec<PointSet>,
    /// The classes, largest sets first; every option of a class comes
    /// before it.
    pub classes: Vec<StructureClass>,
    /// The index of X_Φ, Φ = ⋂𝓜, the class of the starting position.
    pub start: usize,
}

/// The diagram has more classes than allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyClasses(pub usize);

impl std::fmt::Display for TooManyClasses {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the structure diagram has more than {} classes", self.0)
    }
}

impl StructureDiagram {
    /// The diagram of `game`, refusing more than `max_classes` classes.
    pub fn build(game: &Game, max_classes: usize) -> Result<Self, TooManyClasses> {
        let maximal = game.maximal_non_generating();
        let mut sets = intersection_classes(&maximal, max_classes)?;
        sets.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
        let index: HashMap<&PointSet, usize> =
            sets.iter().enumerate().map(|(i, s)| (s, i)).collect();
        let options: Vec<Vec<usize>> = sets
            .iter()
            .map(|i| {
                let mut options: Vec<usize> = class_options(i, &maximal)
                    .iter()
                    .map(|j| index[j])
                    .collect();
                options.sort_unstable();
                options
            })
            .collect();
        let start = index[&frattini(&maximal, game.size())];
        let mut classes: Vec<StructureClass> = Vec::with_capacity(sets.len());
        for (set, options) in sets.iter().zip(options) {
            let (nim0, nim1) = class_type(set.parity(), &options, &classes);
            classes.push(StructureClass {
                set: set.clone(),
                options,
                nim0,
                nim1,
            });
        }
        Ok(StructureDiagram {
            maximal,
            classes,
            start,
        })
    }

    /// nim(DNG(S, W)) = nim_0(X_Φ).
    pub fn nim(&self) -> u32 {
        self.classes[self.start].nim0
    }
}

/// ℐ: 𝓜 closed under intersection with members of 𝓜.
fn intersection_classes(
    maximal: &[PointSet],
    max_classes: usize,
) -> Result<Vec<PointSet>, TooManyClasses> {
    let mut seen: std::collections::HashSet<PointSet> = maximal.iter().cloned().collect();
    let mut queue: Vec<PointSet> = maximal.to_vec();
    while let Some(class) = queue.pop() {
        for m in maximal {
            let smaller = class.intersection(m);
            if !seen.contains(&smaller) {
                if seen.len() >= max_classes {
                    return Err(TooManyClasses(max_classes));
                }
                seen.insert(smaller.clone());
                queue.push(smaller);
            }
        }
    }
    Ok(seen.into_iter().collect())
}

/// Φ = ⋂𝓜 (the Frattini subset).
fn frattini(maximal: &[PointSet], n: usize) -> PointSet {
    maximal
        .iter()
        .fold(PointSet::full(n), |acc, m| acc.intersection(m))
}

/// Opt(X_I) = {⌈I ∪ {x}⌉ : x ∈ U(I) \ I}, sorted.
fn class_options(class: &PointSet, maximal: &[PointSet]) -> Vec<PointSet> {
    let above: Vec<&PointSet> = maximal.iter().filter(|m| class.is_subset(m)).collect();
    let reach = above
        .iter()
        .fold(class.clone(), |acc, m| acc.union(m))
        .difference(class);
    let mut options: Vec<PointSet> = reach
        .iter()
        .map(|x| {
            above
                .iter()
                .filter(|m| m.contains(x))
                .fold(None::<PointSet>, |acc, m| {
                    Some(acc.map_or_else(|| (*m).clone(), |a| a.intersection(m)))
                })
                .expect("x lies in some member above I")
        })
        .collect();
    options.sort();
    options.dedup();
    options
}

/// (nim_0, nim_1) of a class of parity `a` by the mex rule, its options'
/// types already known.
fn class_type(a: u8, options: &[usize], classes: &[StructureClass]) -> (u32, u32) {
    let own = mex(options.iter().map(|&j| classes[j].nim(1 - a)));
    let other = mex(options
        .iter()
        .map(|&j| classes[j].nim(a))
        .chain(std::iter::once(own)));
    if a == 0 {
        (own, other)
    } else {
        (other, own)
    }
}
