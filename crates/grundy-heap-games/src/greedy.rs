//! Greedy Nim: Nim on a *priority queue* of heaps, where a largest heap must be played.
//!
//! # Rules (Bovee-Burke-Tennenhouse §6.1, Definition 6.1)
//!
//! A position is a multiset of positive heap sizes. A move chooses a heap of the greatest
//! size and takes any positive number of tokens from it; a heap left empty leaves the
//! multiset. Whoever faces no heap loses.
//!
//! Heaps are kept in the order written, so that a move can name its heap as in Nim; the
//! order does not matter to the game ([`GreedyNim`]'s canonical form sorts it).
//!
//! # Closed form
//!
//! Theorem 6.2 (Albert and Nowakowski): a position is in P exactly when the number of
//! largest heaps is even ([`outcome`]).
//!
//! ```
//! use grundy_core::{Outcome, Ruleset};
//! use grundy_heap_games::greedy::{self, GreedyNim, Heaps, Move};
//!
//! let p: Heaps = "3 5 5 1".parse()?;
//! assert_eq!(greedy::outcome(&p), Outcome::P); // two heaps of the greatest size, 5
//! assert_eq!(GreedyNim.move_list(&p).len(), 10); // 1 to 5 tokens from heap 2 or heap 3
//! assert!(GreedyNim.play_checked(&p, &Move::new(0, 1)).is_err()); // 3 is not a largest heap
//! assert_eq!(GreedyNim.play_checked(&p, &Move::new(2, 5))?.to_string(), "3 5 1");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use core::str::FromStr;

use grundy_core::{Outcome, Ruleset};

use crate::{MoveError, ParseError, check_amount, check_positive, parse_heaps, write_heaps};

/// A Greedy Nim position: positive heap sizes, in the order written.
///
/// The text form is the sizes separated by spaces: `3 5 5 1`.
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    heap: usize,
    take: u64,
}

impl Move {
    /// The move taking `take` tokens from heap `heap` (counting from 0).
    pub const fn new(heap: usize, take: u64) -> Self {
        Move { heap, take }
    }

    /// The heap played, counting from 0.
    pub const fn heap(&self) -> usize {
        self.heap
    }

    /// The number of tokens taken.
    pub const fn take(&self) -> u64 {
        self.take
    }
}

impl fmt::Display for Move {
    /// `take 2 from heap 3`, with heaps counted from 1 for people.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "take {} from heap {}", self.take, self.heap + 1)
    }
}

/// The ruleset of Greedy Nim (Bovee-Burke-Tennenhouse, Definition 6.1).
///
/// As a [`Ruleset`], the moves take every amount from every largest heap, in heap order; the
/// canonical form sorts the heaps. There is no decomposition: searching is for small
/// positions (the outcome is known in closed form, [`outcome`], the value is not).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct GreedyNim;

impl GreedyNim {
    /// Plays `mv`, or says why it is not legal.
    ///
    /// # Errors
    ///
    /// [`MoveError`] when the heap does not exist, is not a largest heap, or the amount is
    /// zero or too large.
    pub fn play_checked(&self, position: &Heaps, mv: &Move) -> Result<Heaps, MoveError> {
        let size = *position
            .0
            .get(mv.heap)
            .ok_or(MoveError::NoSuchHeap { heap: mv.heap + 1, heaps: position.len() })?;
        let largest = position.largest().unwrap_or(size);
        if size < largest {
            return Err(MoveError::NotLargest { heap: mv.heap + 1, size, largest });
        }
        check_amount(mv.heap, mv.take, size)?;
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
        let mut heaps = position.0.clone();
        heaps[mv.heap] -= mv.take;
        if heaps[mv.heap] == 0 {
            heaps.remove(mv.heap);
        }
        Heaps(heaps)
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
        let mut heaps = position.0.clone();
        heaps.sort_unstable();
        Heaps(heaps)
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
}
