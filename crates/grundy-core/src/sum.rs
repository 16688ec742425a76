//! Disjunctive sums: several positions side by side, a move is made in exactly one of them.
//!
//! [`Sum`] adds positions of one ruleset; [`CrossSum`] adds a position of one ruleset to a
//! position of another. Both are rulesets themselves, so every solver works on them, and both
//! report their parts as [`components`](Ruleset::components): the value of a sum is the
//! nim-sum of the values of its parts (the Sprague-Grundy theorem), and the solvers use that.

use core::fmt;
use core::hash::{BuildHasher, Hash};

use crate::{Nimber, Ruleset};

/// A move in a [`Sum`]: move `mv` in part number `part`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SumMove<M> {
    /// Index of the part played in.
    pub part: usize,
    /// The move played in that part.
    pub mv: M,
}

impl<M: fmt::Display> fmt::Display for SumMove<M> {
    /// `in part 2: take 3 from heap 1`: the part counted from 1 for people (as the rulesets'
    /// moves count heaps and columns), then the inner move as it displays itself.
    ///
    /// ```
    /// use grundy_core::SumMove;
    ///
    /// let mv = SumMove { part: 1, mv: "take 3" };
    /// assert_eq!(mv.to_string(), "in part 2: take 3");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "in part {}: {}", self.part + 1, self.mv)
    }
}

/// The disjunctive sum of any number of positions of one ruleset.
///
/// A position is a `Vec` of positions of the inner ruleset; a move picks one part and plays a
/// legal move there.
///
/// # Example
///
/// ```
/// use grundy_core::{Nimber, Ruleset, Solver, Sum};
///
/// // Take 1 or 2 from a heap: values 0 1 2 0 1 2 ...
/// struct TakeOneOrTwo;
/// impl Ruleset for TakeOneOrTwo {
///     type Position = u32;
///     type Move = u32;
///     fn moves(&self, heap: &u32, moves: &mut Vec<u32>) {
///         moves.extend((1..=2).filter(|take| take <= heap));
///     }
///     fn play(&self, heap: &u32, take: &u32) -> u32 {
///         heap - take
///     }
/// }
///
/// let sum = Sum::new(TakeOneOrTwo);
/// let mut solver = Solver::new(&sum);
/// // *1 + *2 + *2 = *1
/// assert_eq!(solver.value(&vec![4, 5, 8])?, Nimber::new(1));
/// # Ok::<(), grundy_core::SolveError>(())
/// ```
#[derive(Clone, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Sum<R> {
    inner: R,
}

impl<R: Ruleset> Sum<R> {
    /// The sum of positions of `inner`.
    pub const fn new(inner: R) -> Self {
        Sum { inner }
    }

    /// The ruleset of the parts.
    pub const fn inner(&self) -> &R {
        &self.inner
    }
}

impl<R: Ruleset> Ruleset for Sum<R> {
    type Position = Vec<R::Position>;
    type Move = SumMove<R::Move>;

    fn moves(&self, position: &Self::Position, moves: &mut Vec<Self::Move>) {
        let mut part_moves = Vec::new();
        for (part, p) in position.iter().enumerate() {
            part_moves.clear();
            self.inner.moves(p, &mut part_moves);
            moves.extend(part_moves.drain(..).map(|mv| SumMove { part, mv }));
        }
    }

    fn play(&self, position: &Self::Position, mv: &Self::Move) -> Self::Position {
        let mut next = position.clone();
        next[mv.part] = self.inner.play(&position[mv.part], &mv.mv);
        next
    }

    fn is_legal(&self, position: &Self::Position, mv: &Self::Move) -> bool {
        position.get(mv.part).is_some_and(|p| self.inner.is_legal(p, &mv.mv))
    }

    fn components(&self, position: &Self::Position, components: &mut Vec<Self::Position>) {
        let mut parts = Vec::new();
        for p in position {
            parts.clear();
            self.inner.components(p, &mut parts);
            components.extend(parts.drain(..).map(|c| vec![c]));
        }
    }

    /// The parts of every summand, split by the inner ruleset; the nimbers it settles add up.
    fn split(&self, position: &Self::Position, components: &mut Vec<Self::Position>) -> Nimber {
        let mut parts = Vec::new();
        let mut settled = Nimber::ZERO;
        for p in position {
            parts.clear();
            settled += self.inner.split(p, &mut parts);
            components.extend(parts.drain(..).map(|c| vec![c]));
        }
        settled
    }

    /// The part the move was played in is split by the inner ruleset's
    /// [`split_child`](Ruleset::split_child), the others by its [`split`](Ruleset::split).
    fn split_child(
        &self,
        position: &Self::Position,
        mv: &Self::Move,
        child: &Self::Position,
        components: &mut Vec<Self::Position>,
    ) -> Nimber {
        let mut parts = Vec::new();
        let mut settled = Nimber::ZERO;
        for (i, p) in child.iter().enumerate() {
            parts.clear();
            settled += match position.get(i) {
                Some(before) if i == mv.part => {
                    self.inner.split_child(before, &mv.mv, p, &mut parts)
                }
                _ => self.inner.split(p, &mut parts),
            };
            components.extend(parts.drain(..).map(|c| vec![c]));
        }
        settled
    }

    /// A component (a sum of one part) reduced by the inner ruleset.
    fn reduce(
        &self,
        component: &Self::Position,
        reduced: &mut Vec<Self::Position>,
    ) -> Option<Nimber> {
        let [part] = component.as_slice() else { return None };
        let mut parts = Vec::new();
        let settled = self.inner.reduce(part, &mut parts)?;
        reduced.extend(parts.into_iter().map(|c| vec![c]));
        Some(settled)
    }

    /// Canonical parts, in an order that does not depend on the order of the parts.
    ///
    /// Parts are sorted by a fixed hash of their canonical form, so sums that differ only by
    /// the order of their parts usually share a key; positions whose canonical parts collide
    /// in that hash may keep distinct keys, which costs a table hit, never correctness.
    fn canonical(&self, position: &Self::Position) -> Self::Position {
        let mut parts: Vec<(u64, R::Position)> = position
            .iter()
            .map(|p| {
                let c = self.inner.canonical(p);
                (fixed_hash(&c), c)
            })
            .collect();
        parts.sort_by_key(|(h, _)| *h);
        parts.into_iter().map(|(_, c)| c).collect()
    }

    /// The history of the parts' ruleset: a component of a sum is one part, whose moves are
    /// the part's moves.
    fn move_history(&self) -> bool {
        self.inner.move_history()
    }

    fn known_value(&self, position: &Self::Position) -> Option<Nimber> {
        position.iter().try_fold(Nimber::ZERO, |acc, p| Some(acc + self.inner.known_value(p)?))
    }

    /// A component (a sum of one part) as the inner ruleset values it.
    fn value_exactly(&self, component: &Self::Position, moves: usize, again: bool) -> bool {
        matches!(component.as_slice(), [part] if self.inner.value_exactly(part, moves, again))
    }

    /// The sum of the parts' bounds (a nim-sum is at most the ordinary sum), when every part
    /// has one.
    fn value_bound(&self, position: &Self::Position) -> Option<u64> {
        position
            .iter()
            .try_fold(0u64, |acc, p| Some(acc.saturating_add(self.inner.value_bound(p)?)))
    }
}

/// A move in a [`CrossSum`]: in the left or in the right summand.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum CrossMove<A, B> {
    /// A move of the left ruleset.
    Left(A),
    /// A move of the right ruleset.
    Right(B),
}

/// The disjunctive sum of a position of ruleset `A` and a position of ruleset `B`.
///
/// A position is a pair of optional positions; `None` is an empty summand (value zero), which
/// lets the sum report each side as a component of its own. Build positions with
/// [`CrossSum::position`].
///
/// # Example
///
/// ```
/// use grundy_core::{CrossSum, Nimber, Ruleset, Solver};
///
/// struct Heap; // Nim on one heap: take any positive number
/// impl Ruleset for Heap {
///     type Position = u32;
///     type Move = u32;
///     fn moves(&self, heap: &u32, moves: &mut Vec<u32>) {
///         moves.extend(1..=*heap);
///     }
///     fn play(&self, heap: &u32, take: &u32) -> u32 {
///         heap - take
///     }
/// }
///
/// struct Halving; // replace n by any m with n/2 <= m < n (rounding n/2 up)
/// impl Ruleset for Halving {
///     type Position = u32;
///     type Move = u32;
///     fn moves(&self, n: &u32, moves: &mut Vec<u32>) {
///         moves.extend(n.div_ceil(2)..*n);
///     }
///     fn play(&self, _n: &u32, m: &u32) -> u32 {
///         *m
///     }
/// }
///
/// let game = CrossSum::new(Heap, Halving);
/// let mut solver = Solver::new(&game);
/// let value = solver.value(&CrossSum::<Heap, Halving>::position(5, 4))?;
/// let left = Solver::new(&Heap).value(&5)?;
/// let right = Solver::new(&Halving).value(&4)?;
/// assert_eq!(value, left + right);
/// # Ok::<(), grundy_core::SolveError>(())
/// ```
#[derive(Clone, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CrossSum<A, B> {
    left: A,
    right: B,
}

impl<A: Ruleset, B: Ruleset> CrossSum<A, B> {
    /// The sum of a position of `left` and a position of `right`.
    pub const fn new(left: A, right: B) -> Self {
        CrossSum { left, right }
    }

    /// The position with `left` and `right` side by side.
    pub fn position(
        left: A::Position,
        right: B::Position,
    ) -> (Option<A::Position>, Option<B::Position>) {
        (Some(left), Some(right))
    }

    /// The left ruleset.
    pub const fn left(&self) -> &A {
        &self.left
    }

    /// The right ruleset.
    pub const fn right(&self) -> &B {
        &self.right
    }

    /// Splits each side of `position` with `left` and `right`, which list a side's parts
    /// and return what they settle.
    fn split_sides(
        position: &<Self as Ruleset>::Position,
        components: &mut Vec<<Self as Ruleset>::Position>,
        left: impl FnOnce(&A::Position, &mut Vec<A::Position>) -> Nimber,
        right: impl FnOnce(&B::Position, &mut Vec<B::Position>) -> Nimber,
    ) -> Nimber {
        let mut settled = Nimber::ZERO;
        if let Some(a) = &position.0 {
            let mut parts = Vec::new();
            settled += left(a, &mut parts);
            components.extend(parts.into_iter().map(|c| (Some(c), None)));
        }
        if let Some(b) = &position.1 {
            let mut parts = Vec::new();
            settled += right(b, &mut parts);
            components.extend(parts.into_iter().map(|c| (None, Some(c))));
        }
        settled
    }
}

impl<A: Ruleset, B: Ruleset> Ruleset for CrossSum<A, B> {
    type Position = (Option<A::Position>, Option<B::Position>);
    type Move = CrossMove<A::Move, B::Move>;

    fn moves(&self, position: &Self::Position, moves: &mut Vec<Self::Move>) {
        if let Some(a) = &position.0 {
            let mut left = Vec::new();
            self.left.moves(a, &mut left);
            moves.extend(left.into_iter().map(CrossMove::Left));
        }
        if let Some(b) = &position.1 {
            let mut right = Vec::new();
            self.right.moves(b, &mut right);
            moves.extend(right.into_iter().map(CrossMove::Right));
        }
    }

    fn play(&self, position: &Self::Position, mv: &Self::Move) -> Self::Position {
        match mv {
            CrossMove::Left(m) => {
                let a = position.0.as_ref().map(|a| self.left.play(a, m));
                (a, position.1.clone())
            }
            CrossMove::Right(m) => {
                let b = position.1.as_ref().map(|b| self.right.play(b, m));
                (position.0.clone(), b)
            }
        }
    }

    fn is_legal(&self, position: &Self::Position, mv: &Self::Move) -> bool {
        match mv {
            CrossMove::Left(m) => position.0.as_ref().is_some_and(|a| self.left.is_legal(a, m)),
            CrossMove::Right(m) => position.1.as_ref().is_some_and(|b| self.right.is_legal(b, m)),
        }
    }

    fn components(&self, position: &Self::Position, components: &mut Vec<Self::Position>) {
        if let Some(a) = &position.0 {
            let mut parts = Vec::new();
            self.left.components(a, &mut parts);
            components.extend(parts.into_iter().map(|c| (Some(c), None)));
        }
        if let Some(b) = &position.1 {
            let mut parts = Vec::new();
            self.right.components(b, &mut parts);
            components.extend(parts.into_iter().map(|c| (None, Some(c))));
        }
    }

    /// The parts of both sides, split by their rulesets; the nimbers they settle add up.
    fn split(&self, position: &Self::Position, components: &mut Vec<Self::Position>) -> Nimber {
        Self::split_sides(
            position,
            components,
            |a, parts| self.left.split(a, parts),
            |b, parts| self.right.split(b, parts),
        )
    }

    /// The side the move was played on is split by its ruleset's
    /// [`split_child`](Ruleset::split_child), the other by its [`split`](Ruleset::split).
    fn split_child(
        &self,
        position: &Self::Position,
        mv: &Self::Move,
        child: &Self::Position,
        components: &mut Vec<Self::Position>,
    ) -> Nimber {
        Self::split_sides(
            child,
            components,
            |a, parts| match (mv, &position.0) {
                (CrossMove::Left(m), Some(before)) => self.left.split_child(before, m, a, parts),
                _ => self.left.split(a, parts),
            },
            |b, parts| match (mv, &position.1) {
                (CrossMove::Right(m), Some(before)) => self.right.split_child(before, m, b, parts),
                _ => self.right.split(b, parts),
            },
        )
    }

    /// A component (of one side) reduced by its side's ruleset.
    fn reduce(
        &self,
        component: &Self::Position,
        reduced: &mut Vec<Self::Position>,
    ) -> Option<Nimber> {
        match component {
            (Some(a), None) => {
                let mut parts = Vec::new();
                let settled = self.left.reduce(a, &mut parts)?;
                reduced.extend(parts.into_iter().map(|c| (Some(c), None)));
                Some(settled)
            }
            (None, Some(b)) => {
                let mut parts = Vec::new();
                let settled = self.right.reduce(b, &mut parts)?;
                reduced.extend(parts.into_iter().map(|c| (None, Some(c))));
                Some(settled)
            }
            _ => None,
        }
    }

    fn canonical(&self, position: &Self::Position) -> Self::Position {
        (
            position.0.as_ref().map(|a| self.left.canonical(a)),
            position.1.as_ref().map(|b| self.right.canonical(b)),
        )
    }

    /// Moves are ordered by their history when both sides' rulesets ask for it.
    fn move_history(&self) -> bool {
        self.left.move_history() && self.right.move_history()
    }

    /// A component (of one side) as its side's ruleset values it.
    fn value_exactly(&self, component: &Self::Position, moves: usize, again: bool) -> bool {
        match component {
            (Some(a), None) => self.left.value_exactly(a, moves, again),
            (None, Some(b)) => self.right.value_exactly(b, moves, again),
            _ => false,
        }
    }

    fn known_value(&self, position: &Self::Position) -> Option<Nimber> {
        let a = match &position.0 {
            Some(a) => self.left.known_value(a)?,
            None => Nimber::ZERO,
        };
        let b = match &position.1 {
            Some(b) => self.right.known_value(b)?,
            None => Nimber::ZERO,
        };
        Some(a + b)
    }

    /// The sum of the two sides' bounds (a nim-sum is at most the ordinary sum), when each
    /// side present has one.
    fn value_bound(&self, position: &Self::Position) -> Option<u64> {
        let a = match &position.0 {
            Some(a) => self.left.value_bound(a)?,
            None => 0,
        };
        let b = match &position.1 {
            Some(b) => self.right.value_bound(b)?,
            None => 0,
        };
        Some(a.saturating_add(b))
    }
}

/// A hasher state with fixed keys, so that canonical orders are the same in every run.
#[derive(Clone, Copy, Default)]
struct FixedState;

impl BuildHasher for FixedState {
    type Hasher = std::hash::DefaultHasher;

    fn build_hasher(&self) -> Self::Hasher {
        std::hash::DefaultHasher::new()
    }
}

/// Hashes `value` with fixed keys (the same in every run of every program).
pub(crate) fn fixed_hash<T: Hash + ?Sized>(value: &T) -> u64 {
    FixedState.hash_one(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Take one or two tokens; moves display as `take 1`.
    struct TakeOneOrTwo;
    impl Ruleset for TakeOneOrTwo {
        type Position = u32;
        type Move = u32;
        fn moves(&self, heap: &u32, moves: &mut Vec<u32>) {
            moves.extend((1..=2).filter(|take| take <= heap));
        }
        fn play(&self, heap: &u32, take: &u32) -> u32 {
            heap - take
        }
    }

    #[test]
    fn sum_moves_display_their_part_from_one() {
        let sum = Sum::new(TakeOneOrTwo);
        let shown: Vec<String> = sum
            .move_list(&vec![0, 2, 1])
            .iter()
            .map(|mv| SumMove { part: mv.part, mv: format!("take {}", mv.mv) }.to_string())
            .collect();
        assert_eq!(shown, ["in part 2: take 1", "in part 2: take 2", "in part 3: take 1"]);
        // Each displayed part names the part the move is played in.
        for mv in sum.move_list(&vec![3, 3]) {
            let after = sum.play(&vec![3, 3], &mv);
            let text = mv.to_string();
            let part: usize = text["in part ".len()..text.find(':').unwrap()].parse().unwrap();
            assert_ne!(after[part - 1], 3, "{text}");
        }
    }

    /// [`TakeOneOrTwo`], whose `split_child` settles the child's heap by its closed form
    /// (`heap % 3`) and says so in `settled_by_move`.
    struct Marked {
        settled_by_move: core::cell::Cell<usize>,
    }
    impl Ruleset for Marked {
        type Position = u32;
        type Move = u32;
        fn moves(&self, heap: &u32, moves: &mut Vec<u32>) {
            TakeOneOrTwo.moves(heap, moves);
        }
        fn play(&self, heap: &u32, take: &u32) -> u32 {
            TakeOneOrTwo.play(heap, take)
        }
        fn split_child(&self, heap: &u32, take: &u32, child: &u32, _: &mut Vec<u32>) -> Nimber {
            assert_eq!(heap - take, *child, "the child of the move");
            self.settled_by_move.set(self.settled_by_move.get() + 1);
            Nimber::new(u64::from(child % 3))
        }
    }

    /// A sum hands the part a move was played in to the inner `split_child`, and the solver
    /// splits children through it.
    #[test]
    fn sum_forwards_split_child() {
        let sum = Sum::new(Marked { settled_by_move: core::cell::Cell::new(0) });
        let position = vec![4, 7];
        for mv in sum.move_list(&position) {
            let child = sum.play(&position, &mv);
            let mut parts = Vec::new();
            let settled = sum.split_child(&position, &mv, &child, &mut parts);
            // The moved part is settled; the other one is listed.
            assert_eq!(settled, Nimber::new(u64::from(child[mv.part] % 3)));
            assert_eq!(parts, vec![vec![child[1 - mv.part]]]);
        }
        assert_eq!(sum.inner().settled_by_move.get(), 4);
        let mut solver = crate::Solver::new(&sum);
        assert_eq!(solver.value(&position).unwrap(), Nimber::new(1 ^ 1));
        assert!(sum.inner().settled_by_move.get() > 4, "the solver splits children so");

        // A cross sum hands a move on the left to the left ruleset's `split_child` only.
        let cross =
            CrossSum::new(Marked { settled_by_move: core::cell::Cell::new(0) }, TakeOneOrTwo);
        let position = CrossSum::<Marked, TakeOneOrTwo>::position(4, 5);
        for mv in cross.move_list(&position) {
            let child = cross.play(&position, &mv);
            let mut parts = Vec::new();
            let settled = cross.split_child(&position, &mv, &child, &mut parts);
            let (Some(a), Some(b)) = child else { unreachable!("both sides stay") };
            match mv {
                CrossMove::Left(_) => {
                    assert_eq!(settled, Nimber::new(u64::from(a % 3)));
                    assert_eq!(parts, vec![(None, Some(b))]);
                }
                CrossMove::Right(_) => {
                    assert_eq!(settled, Nimber::ZERO);
                    assert_eq!(parts, vec![(Some(a), None), (None, Some(b))]);
                }
            }
        }
        assert_eq!(cross.left().settled_by_move.get(), 2);
    }
}
