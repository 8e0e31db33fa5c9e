//! Structure diagrams (paper B, §3, after Ernst and Sieben \[3\]).
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
use rustc_hash::FxHashSet;
use std::cmp::Reverse;

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

/// Why a diagram was not built within its bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiagramLimit {
    /// More classes than the bound given.
    Classes(usize),
    /// More work than the budget given, in steps ([`Budget`]).
    Work(u64),
}

/// The work a diagram spends, counted as it is spent, in *steps* of about
/// a nanosecond: a word of a set read or written is `WORD` steps, a set
/// made `ALLOC`, a hash-set lookup `LOOKUP` besides its words. The
/// build stops when the count passes the budget, so its work is bounded
/// whatever the shape of the game (the number of classes alone is not: a
/// class of a star of 3,000 leaves with W = 16 of them costs about 60
/// times one with W = its centre).
pub struct Budget {
    spent: u64,
    limit: u64,
}

/// Steps per word of a set read or written.
const WORD: u64 = 2;
/// Steps per set made (an allocation and its release).
const ALLOC: u64 = 40;
/// Steps per hash-set lookup or insertion, besides hashing the words.
const LOOKUP: u64 = 40;

impl Budget {
    /// A budget of `limit` steps.
    pub fn new(limit: u64) -> Self {
        Budget { spent: 0, limit }
    }

    /// The steps spent so far.
    pub fn spent(&self) -> u64 {
        self.spent
    }

    /// Counts `steps`; `Err` once the total passes the limit.
    fn spend(&mut self, steps: u64) -> Result<(), DiagramLimit> {
        self.spent = self.spent.saturating_add(steps);
        if self.spent > self.limit {
            Err(DiagramLimit::Work(self.limit))
        } else {
            Ok(())
        }
    }
}

impl StructureDiagram {
    /// The diagram of `game`, refusing more than `max_classes` classes.
    pub fn build(game: &Game, max_classes: usize) -> Result<Self, TooManyClasses> {
        match Self::build_within(game, max_classes, &mut Budget::new(u64::MAX)) {
            Ok(diagram) => Ok(diagram),
            Err(DiagramLimit::Classes(n)) => Err(TooManyClasses(n)),
            // A count that saturates at u64::MAX never passes that limit.
            Err(DiagramLimit::Work(_)) => Err(TooManyClasses(max_classes)),
        }
    }

    /// The diagram of `game`, refusing more than `max_classes` classes or
    /// more work than `budget` has left (the work is counted as it is
    /// done, [`Budget`]).
    ///
    /// The sets are handled as one `u64` mask each when |S| ≤ 64 (every
    /// audited instance), so the search allocates nothing per class beyond
    /// the diagram it returns; larger ground sets use [`PointSet`]s.
    pub fn build_within(
        game: &Game,
        max_classes: usize,
        budget: &mut Budget,
    ) -> Result<Self, DiagramLimit> {
        let n = game.size();
        match game.maximal_masks() {
            Some(masks) => {
                let shape = Shape::of(&masks, n, max_classes, budget)?;
                let point_set = |&m: &u64| PointSet::from_mask(n, m);
                Ok(shape.diagram(masks.iter().map(point_set).collect(), point_set))
            }
            None => {
                let maximal = game.maximal_non_generating();
                let shape = Shape::of(&maximal, n, max_classes, budget)?;
                Ok(shape.diagram(maximal, PointSet::clone))
            }
        }
    }

    /// nim(DNG(S, W)) = nim_0(X_Φ).
    pub fn nim(&self) -> u32 {
        self.classes[self.start].nim0
    }
}

/// nim(DNG(S, W)) = nim_0(X_Φ) by the recursion above, from 𝓜 (as masks
/// over the n points) alone, without writing the diagram out: `None` when
/// n > 64 or |𝓜| > 64 (use [`StructureDiagram::build`]). The result is the diagram's
/// ([`StructureDiagram::nim`]); the tests compare the two, and both with
/// the mex rule on every position.
///
/// **Classes by their members of 𝓜 (derived here).** For a class I let
/// A(I) = {M ∈ 𝓜 : I ⊆ M}, a set of indices into 𝓜; I = ⋂A(I), so I ↦ A(I)
/// is one-to-one. For a point x let col(x) = {M ∈ 𝓜 : x ∈ M}. Then
/// x ∈ I iff A(I) ⊆ col(x), x ∈ U(I) iff A(I) ∩ col(x) ≠ ∅, and the option
/// ⌈I ∪ {x}⌉ = J has A(J) = A(I) ∩ col(x). So Opt(X_I) corresponds to
/// {A(I) ∩ col(x) : ∅ ≠ A(I) ∩ col(x) ≠ A(I)}, |I| = #{x : A(I) ⊆ col(x)},
/// and A(Φ) = 𝓜. Each class costs one pass over the distinct columns, on
/// `u64` masks, with the types memoized by A(I).
pub fn structure_nim(maximal: &[u64], n: usize) -> Option<u32> {
    if maximal.len() > 64 || n > 64 {
        return None;
    }
    thread_local! {
        // The columns, the memo and the option stack of
        // [`subfamily_type`], kept between games for their capacity
        // (cleared for each game): nothing is allocated per class.
        static MEMO: std::cell::RefCell<(Vec<(u64, usize)>, Memo)> = Default::default();
        // The nim numbers of the games evaluated so far by their
        // relabelled columns ([`relabelled`]).
        static GAMES: std::cell::RefCell<(Vec<(u64, u8)>, GameCache)> = Default::default();
    }
    let members = maximal.len();
    MEMO.with_borrow_mut(|(columns, memo)| {
        columns_of(maximal, n, columns);
        GAMES.with_borrow_mut(|(key, games)| {
            relabelled(columns, members, key);
            if let Some(&known) = games.get(key.as_slice()) {
                return Some(known);
            }
            memo.start_game(members);
            memo.options.clear();
            let nim = subfamily_type(u64::full(members), columns, memo).0;
            if games.len() >= MAX_GAMES_CACHED {
                games.clear();
            }
            games.insert(key.as_slice().into(), nim);
            Some(nim)
        })
    })
}

/// The distinct columns col(x) = {i : x ∈ M_i} of the points x < n, each
/// with the number of points that have it, into `columns`.
fn columns_of(maximal: &[u64], n: usize, columns: &mut Vec<(u64, usize)>) {
    columns.clear();
    for x in 0..n {
        let col = maximal
            .iter()
            .enumerate()
            .filter(|(_, m)| m.has(x))
            .fold(0u64, |acc, (i, _)| acc | 1 << i);
        match columns.iter_mut().find(|(c, _)| *c == col) {
            Some((_, count)) => *count += 1,
            None => columns.push((col, 1)),
        }
    }
}

/// nim by the relabelled columns of a game ([`relabelled`]).
type GameCache = rustc_hash::FxHashMap<Box<[(u64, u8)]>, u32>;

/// The most games [`structure_nim`] remembers per thread (then it forgets
/// them all): a few MB.
const MAX_GAMES_CACHED: usize = 1 << 16;

/// The columns (col(x), #x) of a game, written to `key` as
/// (π(col), 1 if the count is odd else 2), sorted, for a renumbering π of
/// the members of 𝓜, and then (|𝓜|, 0).
///
/// **Why two games with the same key have the same nim (derived here).**
/// The recursion of [`structure_nim`] reads a column's count only through
/// |I| mod 2 and whether the column exists (for the options), and the
/// columns as a set, in no order. Renumbering the members by π maps
/// A(I) to π(A(I)), col(x) to π(col(x)) and A(I) ∩ col(x) to their images,
/// so the recursion on the renumbered columns computes the same types
/// class by class; and 𝓜 ↦ π(𝓜) = 𝓜 as the start (the key's last entry
/// gives |𝓜|, so the start too, even when a member holds no point). So the nim is a
/// function of the key, whichever π is chosen. π sorts the members by an
/// invariant (how many columns with each count class hold them, and their
/// sizes), ties by index, so that games which differ only in the order of
/// 𝓜 (most games of one tree, with W varying) usually share a key; a π
/// that fails to do so costs a recomputation, never a wrong value.
fn relabelled(columns: &[(u64, usize)], members: usize, key: &mut Vec<(u64, u8)>) {
    let class = |count: usize| if count % 2 == 1 { 1u8 } else { 2 };
    let mut invariant = [0u64; 64];
    for &(col, count) in columns {
        let weight = match class(count) {
            1 => 1 << 40,
            _ => 1 << 20,
        } + u64::from(col.count_ones());
        let mut rest = col;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            invariant[i] = invariant[i].wrapping_add(weight);
            rest &= rest - 1;
        }
    }
    let mut order = [0u8; 64];
    for (i, slot) in order.iter_mut().enumerate().take(members) {
        *slot = i as u8;
    }
    order[..members].sort_unstable_by_key(|&i| (invariant[usize::from(i)], i));
    let mut rank = [0u8; 64];
    for (r, &i) in order[..members].iter().enumerate() {
        rank[usize::from(i)] = r as u8;
    }
    key.clear();
    key.extend(columns.iter().map(|&(col, count)| {
        let mut image = 0u64;
        let mut rest = col;
        while rest != 0 {
            image |= 1 << rank[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        (image, class(count))
    }));
    key.sort_unstable();
    // |𝓜| (the start A(Φ) = 𝓜), after the columns (count class 0).
    key.push((members as u64, 0));
}

/// The work space of [`subfamily_type`], reused between games.
#[derive(Default)]
struct Memo {
    /// (nim_0, nim_1) by A(I), when |𝓜| > [`DENSE_BITS`].
    types: rustc_hash::FxHashMap<u64, (u32, u32)>,
    /// (game, (nim_0, nim_1)) at index A(I), when |𝓜| ≤ [`DENSE_BITS`]:
    /// an entry holds a type of this game only if its `game` is
    /// [`Memo::game`], so nothing is cleared between games.
    dense: Vec<(u32, (u32, u32))>,
    /// The number of the game being evaluated (from 1), or 0 when its
    /// types are in `types`.
    game: u32,
    /// The options' types of the classes being evaluated, one segment per
    /// level of the recursion.
    options: Vec<(u32, u32)>,
}

/// The largest 𝓜 whose classes' types are kept in a table indexed by
/// A(I) (2^16 entries of 12 bytes per thread) instead of a hash map.
const DENSE_BITS: usize = 16;

impl Memo {
    /// Forgets the types of the previous game; the next has |𝓜| = `members`.
    fn start_game(&mut self, members: usize) {
        self.types.clear();
        if members > DENSE_BITS {
            self.game = 0;
            return;
        }
        if self.dense.is_empty() {
            self.dense = vec![(0, (0, 0)); 1 << DENSE_BITS];
        }
        self.game = self.game.wrapping_add(1);
        if self.game == 0 {
            // The numbers wrapped around: old entries could match again.
            self.dense.fill((0, (0, 0)));
            self.game = 1;
        }
    }

    /// The type of the class with A(I) = `family`, if computed.
    fn get(&self, family: u64) -> Option<(u32, u32)> {
        if self.game == 0 {
            return self.types.get(&family).copied();
        }
        let (game, found) = self.dense[family as usize];
        (game == self.game).then_some(found)
    }

    /// Records the type of the class with A(I) = `family`.
    fn insert(&mut self, family: u64, found: (u32, u32)) {
        if self.game == 0 {
            self.types.insert(family, found);
        } else {
            self.dense[family as usize] = (self.game, found);
        }
    }
}

/// (nim_0, nim_1) of the class with A(I) = `family` (see [`structure_nim`]),
/// by the recursion of the module docs, its options first. One pass over
/// the columns gives both |I| (the columns containing A(I)) and the
/// options (the other non-empty A(I) ∩ col(x)); the options' values below
/// 64 are kept as two bit sets, so the two mexes are one instruction each
/// ([`type_of`] on the options' list when a value is larger).
fn subfamily_type(family: u64, columns: &[(u64, usize)], memo: &mut Memo) -> (u32, u32) {
    if let Some(known) = memo.get(family) {
        return known;
    }
    let mut size = 0;
    // Bit v of seen[ε]: an option has nim_ε = v.
    let mut seen = [0u64; 2];
    let mut large = false;
    let start = memo.options.len();
    for &(col, count) in columns {
        let option = family & col;
        if option == family {
            size += count;
        } else if option != 0 {
            let t = subfamily_type(option, columns, memo);
            memo.options.push(t);
            if t.0 < 64 && t.1 < 64 {
                seen[0] |= 1 << t.0;
                seen[1] |= 1 << t.1;
            } else {
                large = true;
            }
        }
    }
    let a = size % 2;
    // nim_a = mex{nim_(1−a)(X_J)}, nim_(1−a) = mex({nim_a} ∪ {nim_a(X_J)}).
    let own = (!seen[1 - a]).trailing_zeros();
    let found = if large || own == 64 {
        type_of(a as u8, memo.options[start..].iter().copied())
    } else {
        let other = (!(seen[a] | 1 << own)).trailing_zeros();
        if a == 0 {
            (own, other)
        } else {
            (other, own)
        }
    };
    memo.options.truncate(start);
    memo.insert(family, found);
    found
}

/// The set operations the diagram needs, on a `u64` mask (|S| ≤ 64) or a
/// [`PointSet`].
trait Bits: Clone + Ord + std::hash::Hash {
    /// The words an operation on the set reads (for [`Budget`]).
    fn words(&self) -> u64;
    fn full(n: usize) -> Self;
    fn and(&self, other: &Self) -> Self;
    fn or(&self, other: &Self) -> Self;
    fn minus(&self, other: &Self) -> Self;
    fn subset_of(&self, other: &Self) -> bool;
    fn has(&self, x: usize) -> bool;
    fn size(&self) -> usize;
    fn members(&self) -> impl Iterator<Item = usize> + '_;
}

impl Bits for u64 {
    fn words(&self) -> u64 {
        1
    }
    fn full(n: usize) -> Self {
        if n == 0 {
            0
        } else {
            u64::MAX >> (64 - n)
        }
    }
    fn and(&self, other: &Self) -> Self {
        self & other
    }
    fn or(&self, other: &Self) -> Self {
        self | other
    }
    fn minus(&self, other: &Self) -> Self {
        self & !other
    }
    fn subset_of(&self, other: &Self) -> bool {
        self & !other == 0
    }
    fn has(&self, x: usize) -> bool {
        self >> x & 1 == 1
    }
    fn size(&self) -> usize {
        self.count_ones() as usize
    }
    fn members(&self) -> impl Iterator<Item = usize> + '_ {
        let mut rest = *self;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let x = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                x
            })
        })
    }
}

impl Bits for PointSet {
    fn words(&self) -> u64 {
        u64::try_from(self.word_count()).unwrap_or(u64::MAX)
    }
    fn full(n: usize) -> Self {
        PointSet::full(n)
    }
    fn and(&self, other: &Self) -> Self {
        self.intersection(other)
    }
    fn or(&self, other: &Self) -> Self {
        self.union(other)
    }
    fn minus(&self, other: &Self) -> Self {
        self.difference(other)
    }
    fn subset_of(&self, other: &Self) -> bool {
        self.is_subset(other)
    }
    fn has(&self, x: usize) -> bool {
        self.contains(x)
    }
    fn size(&self) -> usize {
        self.len()
    }
    fn members(&self) -> impl Iterator<Item = usize> + '_ {
        self.iter()
    }
}

/// The diagram's shape before its sets are written out: the classes (largest
/// first, each after its options), their options and types, the start.
struct Shape<S> {
    sets: Vec<S>,
    options: Vec<Vec<usize>>,
    types: Vec<(u32, u32)>,
    start: usize,
}

impl<S: Bits> Shape<S> {
    fn of(
        maximal: &[S],
        n: usize,
        max_classes: usize,
        budget: &mut Budget,
    ) -> Result<Self, DiagramLimit> {
        // The order of the diagram: larger sets first, then by set. Each
        // set is sorted with its size, counted once (comparisons neither
        // count nor copy a set: a diagram of 65,535 classes of 3,000
        // points took 6 s when they did).
        let mut keyed: Vec<(Reverse<usize>, S)> =
            intersection_classes(maximal, max_classes, budget)?
                .into_iter()
                .map(|set| (Reverse(set.size()), set))
                .collect();
        keyed.sort_unstable();
        // The classes are sorted (and distinct), so a class's index is found
        // by binary search.
        let index = |j: &S| {
            let size = Reverse(j.size());
            keyed
                .binary_search_by(|(s, set)| s.cmp(&size).then_with(|| set.cmp(j)))
                .expect("ℐ is closed under the intersections that make options")
        };
        let sets: Vec<&S> = keyed.iter().map(|(_, set)| set).collect();
        // A binary search compares about log2(classes) sets.
        let search = u64::from(usize::BITS - sets.len().leading_zeros());
        let mut above: Vec<&S> = Vec::new();
        let mut targets: Vec<S> = Vec::new();
        let options: Vec<Vec<usize>> = sets
            .iter()
            .map(|&class| {
                class_options(class, maximal, &mut above, &mut targets, budget)?;
                let lookups = targets.len() as u64 * (search + 1) * class.words() * WORD;
                budget.spend(lookups + ALLOC)?;
                let mut options: Vec<usize> = targets.iter().map(index).collect();
                options.sort_unstable();
                Ok(options)
            })
            .collect::<Result<_, DiagramLimit>>()?;
        let frattini = maximal.iter().fold(S::full(n), |acc, m| acc.and(m));
        let start = index(&frattini);
        let mut types: Vec<(u32, u32)> = Vec::with_capacity(sets.len());
        for ((Reverse(size), _), options) in keyed.iter().zip(&options) {
            let parity = u8::from(size % 2 == 1);
            types.push(class_type(parity, options, &types));
        }
        Ok(Shape {
            sets: keyed.into_iter().map(|(_, set)| set).collect(),
            options,
            types,
            start,
        })
    }

    /// The diagram, with each set written as a [`PointSet`].
    fn diagram(
        self,
        maximal: Vec<PointSet>,
        point_set: impl Fn(&S) -> PointSet,
    ) -> StructureDiagram {
        let classes = self
            .sets
            .iter()
            .zip(self.options)
            .zip(self.types)
            .map(|((set, options), (nim0, nim1))| StructureClass {
                set: point_set(set),
                options,
                nim0,
                nim1,
            })
            .collect();
        StructureDiagram {
            maximal,
            classes,
            start: self.start,
        }
    }
}

/// ℐ, the intersections of non-empty subfamilies of 𝓜 (given as masks
/// over at most 64 points), in no particular order; more than
/// `max_classes` of them is an error.
pub fn intersection_sets(maximal: &[u64], max_classes: usize) -> Result<Vec<u64>, TooManyClasses> {
    match intersection_classes(maximal, max_classes, &mut Budget::new(u64::MAX)) {
        Ok(sets) => Ok(sets),
        Err(DiagramLimit::Classes(n)) => Err(TooManyClasses(n)),
        // A count that saturates at u64::MAX never passes that limit.
        Err(DiagramLimit::Work(_)) => Err(TooManyClasses(max_classes)),
    }
}

/// ℐ: 𝓜 closed under intersection with members of 𝓜.
fn intersection_classes<S: Bits>(
    maximal: &[S],
    max_classes: usize,
    budget: &mut Budget,
) -> Result<Vec<S>, DiagramLimit> {
    let mut seen: FxHashSet<S> =
        FxHashSet::with_capacity_and_hasher(4 * maximal.len() + 16, Default::default());
    seen.extend(maximal.iter().cloned());
    // Every class enters `found` once; those from `next` on still have to
    // be intersected with the members of 𝓜.
    let mut found: Vec<S> = maximal.to_vec();
    // Each class found commits the work every class gets later: a subset
    // test against each member of 𝓜 (`class_options`). Counted now, so
    // that a diagram too costly to finish stops as soon as that is known.
    let scan = |set: &S| maximal.len() as u64 * set.words() * WORD;
    budget.spend(found.iter().map(scan).fold(0, u64::saturating_add))?;
    let mut next = 0;
    while next < found.len() {
        // Per member: the intersection made, hashed and looked up.
        let words = found[next].words();
        budget.spend(maximal.len() as u64 * (ALLOC + LOOKUP + 3 * words * WORD))?;
        for m in maximal {
            let smaller = found[next].and(m);
            if !seen.contains(&smaller) {
                if seen.len() >= max_classes {
                    return Err(DiagramLimit::Classes(max_classes));
                }
                budget.spend(scan(&smaller))?;
                seen.insert(smaller.clone());
                found.push(smaller);
            }
        }
        next += 1;
    }
    Ok(found)
}

/// Opt(X_I) = {⌈I ∪ {x}⌉ : x ∈ U(I) \ I}, into `targets`, sorted and
/// without repeats (`above` is a buffer for the members of 𝓜 containing I);
/// the work is counted in `budget` before it is done.
fn class_options<'m, S: Bits>(
    class: &S,
    maximal: &'m [S],
    above: &mut Vec<&'m S>,
    targets: &mut Vec<S>,
    budget: &mut Budget,
) -> Result<(), DiagramLimit> {
    let words = class.words();
    // (The subset test per member of 𝓜 was counted when the class was
    // found, by `intersection_classes`.) The union of those above I.
    above.clear();
    above.extend(maximal.iter().filter(|m| class.subset_of(m)));
    let unions = above.len() as u64 + 2;
    budget.spend(unions * (ALLOC + 2 * words * WORD))?;
    let reach = above
        .iter()
        .fold(class.clone(), |acc, m| acc.or(m))
        .minus(class);
    targets.clear();
    for x in reach.members() {
        // A membership test per member above I, an intersection (a set
        // made) per member holding x.
        let holding = above.iter().filter(|m| m.has(x)).count() as u64;
        budget.spend(above.len() as u64 * WORD + holding * (ALLOC + 2 * words * WORD))?;
        let mut containing = above.iter().filter(|m| m.has(x));
        let first = (*containing.next().expect("x lies in some member above I")).clone();
        targets.push(containing.fold(first, |acc, m| acc.and(m)));
    }
    // Sorting compares about log2 of them each.
    let t = targets.len() as u64;
    budget.spend(t * u64::from(u64::BITS - t.leading_zeros()) * words * WORD)?;
    targets.sort();
    targets.dedup();
    Ok(())
}

/// (nim_0, nim_1) of a class of parity `a` by the mex rule, its options'
/// types (`types`, indexed like the classes) already known.
fn class_type(a: u8, options: &[usize], types: &[(u32, u32)]) -> (u32, u32) {
    type_of(a, options.iter().map(|&j| types[j]))
}

/// (nim_0, nim_1) of a class of parity `a` whose options have the types
/// (nim_0, nim_1) given: nim_a = mex{nim_{1−a}(X_J)} and
/// nim_{1−a} = mex({nim_a} ∪ {nim_a(X_J)}).
fn type_of(a: u8, options: impl Iterator<Item = (u32, u32)> + Clone) -> (u32, u32) {
    let nim = |t: (u32, u32), parity: u8| if parity == 0 { t.0 } else { t.1 };
    let own = mex(options.clone().map(|t| nim(t, 1 - a)));
    let other = mex(options.map(|t| nim(t, a)).chain(std::iter::once(own)));
    if a == 0 {
        (own, other)
    } else {
        (other, own)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The recursion of [`structure_nim`] on its own, without the cache of
    /// games.
    fn direct(maximal: &[u64], n: usize) -> u32 {
        let mut columns = Vec::new();
        columns_of(maximal, n, &mut columns);
        let mut memo = Memo::default();
        memo.start_game(maximal.len());
        subfamily_type(u64::full(maximal.len()), &columns, &mut memo).0
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// The cache of games answers what the recursion computes, also for
        /// the same family with its members and its points renumbered
        /// (which [`relabelled`] maps to one key when it can).
        #[test]
        fn cached_games_agree_with_the_recursion(
            maximal in proptest::collection::vec(0u64..1 << 10, 1..9),
            shift in 0u32..10,
        ) {
            let n = 10;
            let expected = direct(&maximal, n);
            prop_assert_eq!(structure_nim(&maximal, n), Some(expected));
            let mut reordered: Vec<u64> = maximal.iter().rev().copied().collect();
            for m in &mut reordered {
                *m = (*m << shift | *m >> (n as u32 - shift)) & ((1 << n) - 1);
            }
            prop_assert_eq!(direct(&reordered, n), expected);
            prop_assert_eq!(structure_nim(&reordered, n), Some(expected));
        }
    }
}
