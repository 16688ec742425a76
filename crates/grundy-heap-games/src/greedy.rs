//! Greedy Nim: Nim on a *priority queue* of heaps, where a largest heap must be played.
//!
//! # Rules (Bovee-Burke-Tennenhouse §6.1, Definition 6.1)
//!
//! A position is a multiset of positive heap sizes. The paper's prose: "a ruleset just like
//! Nim, except that players must choose from a heap with the greatest size to remove sticks
//! from". [`GreedyNim`] follows the prose: a move chooses a heap of the greatest size and
//! takes any positive number of tokens from it; a heap left empty leaves the multiset.
//! Whoever faces no heap loses.
//!
//! Heaps are kept in the order written, so that a move can name its heap as in Nim; the
//! order does not matter to the game (the rulesets' canonical form sorts it).
//!
//! # Definition 6.1 read literally: [`LiteralGreedyNim`]
//!
//! The formal definition (its LaTeX survives in the text copy; `#_M(a)` is the number of
//! copies of `a` in `M`) says that `M'` is an option of `M` exactly when some `x ∈ M` is a
//! greatest element (`∀y ∈ M: x ≥ y`), `#_M(x) = 1 + #_M'(x)`, and either
//!
//! 1. every `a ∈ M ∪ M'` is `x` or has `#_M(a) = #_M'(a)`, or
//! 2. some `b ∈ M \ {x}` has `#_M(b) + 1 = #_M'(b)`, and every `a ≠ b` in `M ∪ M'` is `x`
//!    or has `#_M(a) = #_M'(a)`.
//!
//! Case 1 takes a whole largest heap (the empty heap leaves the multiset, as in the prose).
//! Case 2 turns one copy of `x` into one more copy of `b`, and `b` must be an element of
//! `M` other than `x`: a size *already present*, hence smaller than `x`. Read literally, a
//! largest heap is therefore either emptied or reduced to the size of another heap;
//! reducing it to a size no heap has (`{3} → {2}`, `{3, 1} → {2, 1}`) is not an option.
//! That game is [`LiteralGreedyNim`]. The prose ("just like Nim", citing Winning Ways) lets
//! the heap keep any smaller number of tokens, so `b` was presumably meant to range over
//! `1..x`, not over `M`. In nothing else do the readings differ: both remove
//! an emptied heap, and when several heaps share the greatest size, playing any of them
//! gives the same multiset.
//!
//! So the literal options of a position are the prose options that do not create a new
//! size. The smallest position where the readings differ is `2` (prose options `1` and the
//! empty position, literal only the empty one), and they are different games: `2` is `*2`
//! in [`GreedyNim`] and `*` in [`LiteralGreedyNim`].
//!
//! # Closed form
//!
//! Theorem 6.2 (Albert and Nowakowski): a position is in P exactly when the number of
//! largest heaps is even ([`outcome`]). It holds under both readings, because its proof uses
//! only moves that both allow. From an even number of largest heaps, every move leaves an
//! odd number of heaps of the same greatest size. From an odd number, take a whole largest
//! heap if there are at least three of them; with a single largest heap, take it whole if
//! the next size occurs an even number of times (or there is no other heap), and reduce it
//! to the next size if that size occurs an odd number of times.
//!
//! ```
//! use grundy_core::{Outcome, Ruleset};
//! use grundy_heap_games::greedy::{self, GreedyNim, Heaps, LiteralGreedyNim, Move};
//!
//! let p: Heaps = "3 5 5 1".parse()?;
//! assert_eq!(greedy::outcome(&p), Outcome::P); // two heaps of the greatest size, 5
//! assert_eq!(GreedyNim.move_list(&p).len(), 10); // 1 to 5 tokens from heap 2 or heap 3
//! assert!(GreedyNim.play_checked(&p, &Move::new(0, 1)).is_err()); // 3 is not a largest heap
//! assert_eq!(GreedyNim.play_checked(&p, &Move::new(2, 5))?.to_string(), "3 5 1");
//! // Definition 6.1 read literally: a 5 may only become a 3, a 1, or nothing.
//! assert_eq!(LiteralGreedyNim.move_list(&p).len(), 6);
//! assert!(LiteralGreedyNim.play_checked(&p, &Move::new(2, 1)).is_err()); // 4 is a new size
//! assert_eq!(LiteralGreedyNim.play_checked(&p, &Move::new(2, 2))?.to_string(), "3 5 3 1");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use core::str::FromStr;

use grundy_core::{Outcome, Ruleset};

use crate::{MoveError, ParseError, check_amount, check_positive, parse_heaps, write_heaps};

/// A Greedy Nim position: positive heap sizes, in the order written.
///
/// The text form is the sizes separated by spaces: `3 5 5 1`.
///
/// With the `serde` feature it serialises as the list of its heap sizes (`[5, 2, 4]`) and
/// deserialises through [`Heaps::new`], so invalid data is an error.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Heaps(Vec<u64>);

impl Heaps {
    /// The position with the given heaps.
    ///
    /// # Errors
    ///
    /// [`ParseError::EmptyHeap`] for a heap of size 0.
    pub fn new(heaps: impl IntoIterator<Item = u64>) -> Result<Self, ParseError> {
        let heaps: Vec<u64> = heaps.into_iter().collect();
        check_positive(&heaps)?;
        Ok(Heaps(heaps))
    }

    /// The heap sizes, in the order written.
    pub fn heaps(&self) -> &[u64] {
        &self.0
    }

    /// The greatest heap size, if there is a heap.
    pub fn largest(&self) -> Option<u64> {
        self.0.iter().copied().max()
    }

    /// The number of heaps of the greatest size (0 when there is no heap).
    pub fn largest_count(&self) -> usize {
        self.largest().map_or(0, |max| self.0.iter().filter(|&&h| h == max).count())
    }

    /// The number of heaps.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Tells whether there is no heap (the terminal position).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

#[cfg(feature = "serde")]
serde_heaps!(Heaps);

impl fmt::Display for Heaps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_heaps(f, &self.0)
    }
}

impl FromStr for Heaps {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_heaps(s).map(Heaps)
    }
}

/// A Greedy Nim move: take `take` tokens from heap number `heap` (counting from 0), which
/// must be a largest heap.
pub use crate::HeapMove as Move;

/// The ruleset of Greedy Nim as the paper's prose describes it (Bovee-Burke-Tennenhouse
/// §6.1): take any positive number of tokens from a largest heap.
///
/// As a [`Ruleset`], the moves take every amount from every largest heap, in heap order; the
/// canonical form sorts the heaps. There is no decomposition: searching is for small
/// positions (the outcome is known in closed form, [`outcome`], the value is not). For
/// Definition 6.1 read literally, see [`LiteralGreedyNim`] and the [module](self) docs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GreedyNim;

/// The size of the heap `mv` plays, once checked to exist, to be a largest heap and to hold
/// at least the amount taken (which is positive).
fn check_greedy(position: &Heaps, mv: &Move) -> Result<u64, MoveError> {
    let size = *position
        .0
        .get(mv.heap)
        .ok_or(MoveError::NoSuchHeap { heap: mv.heap + 1, heaps: position.len() })?;
    let largest = position.largest().unwrap_or(size);
    if size < largest {
        return Err(MoveError::NotLargest { heap: mv.heap + 1, size, largest });
    }
    check_amount(mv.heap, mv.take, size)?;
    Ok(size)
}

/// Takes `mv.take` tokens from heap `mv.heap`, which must hold at least that many, and
/// removes it if it is left empty.
fn play_greedy(position: &Heaps, mv: &Move) -> Heaps {
    let mut heaps = position.0.clone();
    heaps[mv.heap] -= mv.take;
    if heaps[mv.heap] == 0 {
        heaps.remove(mv.heap);
    }
    Heaps(heaps)
}

/// The heaps sorted: the canonical form of both readings.
fn sorted(position: &Heaps) -> Heaps {
    let mut heaps = position.0.clone();
    heaps.sort_unstable();
    Heaps(heaps)
}

impl GreedyNim {
    /// Plays `mv`, or says why it is not legal.
    ///
    /// # Errors
    ///
    /// [`MoveError`] when the heap does not exist, is not a largest heap, or the amount is
    /// zero or too large.
    pub fn play_checked(&self, position: &Heaps, mv: &Move) -> Result<Heaps, MoveError> {
        check_greedy(position, mv)?;
        Ok(self.play(position, mv))
    }
}

impl Ruleset for GreedyNim {
    type Position = Heaps;
    type Move = Move;

    fn moves(&self, position: &Heaps, moves: &mut Vec<Move>) {
        let Some(max) = position.largest() else { return };
        for (heap, _) in position.0.iter().enumerate().filter(|&(_, &h)| h == max) {
            moves.extend((1..=max).map(|take| Move { heap, take }));
        }
    }

    fn play(&self, position: &Heaps, mv: &Move) -> Heaps {
        play_greedy(position, mv)
    }

    fn is_legal(&self, position: &Heaps, mv: &Move) -> bool {
        position
            .0
            .get(mv.heap)
            .is_some_and(|&h| Some(h) == position.largest() && mv.take > 0 && mv.take <= h)
    }

    fn is_terminal(&self, position: &Heaps) -> bool {
        position.is_empty()
    }

    fn canonical(&self, position: &Heaps) -> Heaps {
        sorted(position)
    }
}

/// Why a move is not legal in [`LiteralGreedyNim`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LiteralMoveError {
    /// Not legal in Greedy Nim either (no such heap, not a largest heap, bad amount).
    #[error(transparent)]
    Move(#[from] MoveError),
    /// The heap would keep a number of tokens that no other heap holds: Definition 6.1 read
    /// literally only empties a largest heap or reduces it to the size of another heap.
    #[error(
        "heap {heap} would keep {left} tokens, the size of no other heap: Definition 6.1 read \
         literally only empties a largest heap or reduces it to another heap's size"
    )]
    NewSize {
        /// The heap, counting from 1.
        heap: usize,
        /// The tokens it would keep.
        left: u64,
    },
}

/// Greedy Nim as Definition 6.1 of Bovee-Burke-Tennenhouse reads literally: a largest heap
/// is either emptied or reduced to the size of another heap already in the position.
///
/// Its options are those of [`GreedyNim`] minus the reductions to a size that no heap has
/// (see the [module](self) docs for the formula and why). It is a different game (`2` is
/// `*2` in [`GreedyNim`], `*` here) with the same outcomes, those of Theorem 6.2
/// ([`outcome`]). As a [`Ruleset`], the moves of each largest heap, in heap order, take it
/// down to each smaller size present, largest first, then take it whole; the canonical form
/// sorts the heaps. Since no move creates a size, every position reachable from `M` is a
/// sub-multiset of `M` with some copies moved to smaller sizes of `M`: the search stays small
/// even for huge heaps.
///
/// ```
/// use grundy_core::{Nimber, Ruleset, Solver};
/// use grundy_heap_games::greedy::{GreedyNim, Heaps, LiteralGreedyNim, Move};
///
/// let p: Heaps = "7 2 7".parse()?;
/// // Heap 1 (a 7) may become a 2 or go; so may heap 3.
/// let moves = vec![Move::new(0, 5), Move::new(0, 7), Move::new(2, 5), Move::new(2, 7)];
/// assert_eq!(LiteralGreedyNim.move_list(&p), moves);
/// let two: Heaps = "2".parse()?;
/// assert_eq!(Solver::new(&LiteralGreedyNim).value(&two)?, Nimber::new(1));
/// assert_eq!(Solver::new(&GreedyNim).value(&two)?, Nimber::new(2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LiteralGreedyNim;

impl LiteralGreedyNim {
    /// Plays `mv`, or says why it is not legal.
    ///
    /// # Errors
    ///
    /// [`LiteralMoveError::Move`] when the heap does not exist, is not a largest heap, or
    /// the amount is zero or too large; [`LiteralMoveError::NewSize`] when the heap would
    /// keep a size that no other heap has.
    pub fn play_checked(&self, position: &Heaps, mv: &Move) -> Result<Heaps, LiteralMoveError> {
        let size = check_greedy(position, mv)?;
        let left = size - mv.take;
        if left > 0 && !position.0.contains(&left) {
            return Err(LiteralMoveError::NewSize { heap: mv.heap + 1, left });
        }
        Ok(self.play(position, mv))
    }
}

impl Ruleset for LiteralGreedyNim {
    type Position = Heaps;
    type Move = Move;

    fn moves(&self, position: &Heaps, moves: &mut Vec<Move>) {
        let Some(max) = position.largest() else { return };
        let mut smaller: Vec<u64> = position.0.iter().copied().filter(|&h| h < max).collect();
        smaller.sort_unstable_by(|a, b| b.cmp(a));
        smaller.dedup();
        for (heap, _) in position.0.iter().enumerate().filter(|&(_, &h)| h == max) {
            moves.extend(smaller.iter().map(|&b| Move { heap, take: max - b }));
            moves.push(Move { heap, take: max });
        }
    }

    fn play(&self, position: &Heaps, mv: &Move) -> Heaps {
        play_greedy(position, mv)
    }

    fn is_legal(&self, position: &Heaps, mv: &Move) -> bool {
        position.0.get(mv.heap).is_some_and(|&h| {
            Some(h) == position.largest()
                && (mv.take == h
                    || (mv.take > 0 && mv.take < h && position.0.contains(&(h - mv.take))))
        })
    }

    fn is_terminal(&self, position: &Heaps) -> bool {
        position.is_empty()
    }

    fn canonical(&self, position: &Heaps) -> Heaps {
        sorted(position)
    }
}

/// Theorem 6.2: a Greedy Nim position is in P exactly when the number of heaps of the
/// greatest size is even (the empty position has none, and is in P).
///
/// # Complexity
///
/// Linear in the number of heaps.
pub fn outcome(position: &Heaps) -> Outcome {
    if position.largest_count() % 2 == 0 { Outcome::P } else { Outcome::N }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_largest_heaps_may_be_played() {
        let p = Heaps::new([3, 5, 5, 1]).expect("valid");
        assert_eq!(p.largest_count(), 2);
        assert!(GreedyNim.is_legal(&p, &Move::new(1, 5)));
        assert!(!GreedyNim.is_legal(&p, &Move::new(0, 1)));
        assert_eq!(
            GreedyNim.play_checked(&p, &Move::new(0, 1)).expect_err("3 < 5").to_string(),
            "heap 1 holds 3 but a largest heap holds 5: play a largest heap"
        );
        assert_eq!(
            GreedyNim.play_checked(&p, &Move::new(4, 1)).expect_err("no heap 5").to_string(),
            "no heap 5: the position has 4 heaps"
        );
        assert_eq!(GreedyNim.play(&p, &Move::new(2, 2)).to_string(), "3 5 3 1");
    }

    #[test]
    fn literal_reading_only_reaches_sizes_present() {
        let p = Heaps::new([3, 5, 5, 1]).expect("valid");
        let moves = LiteralGreedyNim.move_list(&p);
        let takes: Vec<(usize, u64)> = moves.iter().map(|m| (m.heap(), m.take())).collect();
        assert_eq!(takes, vec![(1, 2), (1, 4), (1, 5), (2, 2), (2, 4), (2, 5)]);
        assert!(moves.iter().all(|m| LiteralGreedyNim.is_legal(&p, m)));
        assert!(!LiteralGreedyNim.is_legal(&p, &Move::new(1, 1)));
        assert!(!LiteralGreedyNim.is_legal(&p, &Move::new(0, 2)));
        assert!(!LiteralGreedyNim.is_legal(&p, &Move::new(1, 0)));
        assert_eq!(
            LiteralGreedyNim.play_checked(&p, &Move::new(1, 3)).expect_err("2 is new").to_string(),
            "heap 2 would keep 2 tokens, the size of no other heap: Definition 6.1 read \
             literally only empties a largest heap or reduces it to another heap's size"
        );
        assert_eq!(
            LiteralGreedyNim.play_checked(&p, &Move::new(0, 2)).expect_err("3 < 5").to_string(),
            "heap 1 holds 3 but a largest heap holds 5: play a largest heap"
        );
        assert_eq!(
            LiteralGreedyNim.play_checked(&p, &Move::new(2, 6)),
            Err(LiteralMoveError::Move(MoveError::BadAmount { heap: 3, take: 6, size: 5 }))
        );
        assert_eq!(
            LiteralGreedyNim.play_checked(&p, &Move::new(2, 4)).expect("legal").to_string(),
            "3 5 1 1"
        );
        assert!(LiteralGreedyNim.move_list(&Heaps::default()).is_empty());
        assert_eq!(LiteralGreedyNim.move_list(&Heaps::new([4]).expect("ok")), [Move::new(0, 4)]);
    }
}
