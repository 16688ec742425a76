//! Tower Nim: Nim on a *stack* of heaps, where only the top heap may be played.
//!
//! # Rules (Bovee-Burke-Tennenhouse §4.1, Definition 4.1)
//!
//! A position is a list `(a0, ..., an)` of positive heap sizes; `an` is the top. A move
//! takes tokens from the top heap only: it either empties it, and the heap is popped off the
//! stack (the heap below becomes the top), or leaves `b` tokens with `0 < b < an`. Whoever
//! faces the empty stack loses.
//!
//! The text form lists the heaps from the **bottom** to the **top**: in `5 2 4` the top heap
//! is 4, as in the paper.
//!
//! # Closed forms
//!
//! The paper's Observation 4.2 to Corollary 4.7 are [`all_ones_value`],
//! [`ones_below_top_outcome`], [`ones_on_top_value`] (false as printed; see
//! [`ones_on_top_outcome`] for the corrected statement), [`one_under_top_values`],
//! [`big_under_top_outcome`] and [`outcome`]. This crate adds the exact Grundy value,
//! [`value`], which [`TowerNim`] also answers as [`Ruleset::known_value`].
//!
//! ```
//! use grundy_core::{Nimber, Outcome};
//! use grundy_heap_games::tower::{self, Move, Tower, TowerNim};
//!
//! let stack: Tower = "5 2 4".parse()?; // 4 is on top
//! assert_eq!(stack.top(), Some(4));
//! assert_eq!(tower::outcome(&stack), Outcome::N);
//! assert_eq!(tower::value(&stack), Nimber::new(4));
//! assert_eq!(TowerNim.play_checked(&stack, &Move::new(4))?.to_string(), "5 2");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use core::str::FromStr;

use grundy_core::{Nimber, Outcome, Ruleset};

use crate::{MoveError, ParseError, check_amount, check_positive, parse_heaps, write_heaps};

/// A Tower Nim position: a stack of positive heap sizes, from the bottom to the top.
///
/// The text form is the sizes separated by spaces, bottom first, top last: `5 2 4`.
///
/// With the `serde` feature it serialises as the list of its heap sizes (`[5, 2, 4]`) and
/// deserialises through [`Tower::new`], so invalid data is an error.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tower(Vec<u64>);

impl Tower {
    /// The stack with the given heaps, bottom first.
    ///
    /// # Errors
    ///
    /// [`ParseError::EmptyHeap`] for a heap of size 0.
    pub fn new(heaps: impl IntoIterator<Item = u64>) -> Result<Self, ParseError> {
        let heaps: Vec<u64> = heaps.into_iter().collect();
        check_positive(&heaps)?;
        Ok(Tower(heaps))
    }

    /// The heap sizes, bottom first.
    pub fn heaps(&self) -> &[u64] {
        &self.0
    }

    /// The top heap, if any.
    pub fn top(&self) -> Option<u64> {
        self.0.last().copied()
    }

    /// The number of heaps.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Tells whether the stack is empty (the terminal position).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

#[cfg(feature = "serde")]
serde_heaps!(Tower);

impl fmt::Display for Tower {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_heaps(f, &self.0)
    }
}

impl FromStr for Tower {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_heaps(s).map(Tower)
    }
}

/// A Tower Nim move: take `take` tokens from the top heap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Move {
    take: u64,
}

impl Move {
    /// The move taking `take` tokens from the top heap.
    pub const fn new(take: u64) -> Self {
        Move { take }
    }

    /// The number of tokens taken.
    pub const fn take(&self) -> u64 {
        self.take
    }
}

impl fmt::Display for Move {
    /// `take 2 from the top heap`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "take {} from the top heap", self.take)
    }
}

/// The ruleset of Tower Nim (Bovee-Burke-Tennenhouse, Definition 4.1).
///
/// As a [`Ruleset`], the moves take every amount from 1 to the top heap, and
/// [`known_value`](Ruleset::known_value) answers every position with [`value`], so the solver
/// never searches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TowerNim;

impl TowerNim {
    /// Plays `mv`, or says why it is not legal.
    ///
    /// # Errors
    ///
    /// [`MoveError::NoHeap`] on the empty stack, [`MoveError::BadAmount`] when the amount is
    /// zero or more than the top heap holds.
    pub fn play_checked(&self, position: &Tower, mv: &Move) -> Result<Tower, MoveError> {
        let top = position.top().ok_or(MoveError::NoHeap)?;
        check_amount(position.len() - 1, mv.take, top)?;
        Ok(self.play(position, mv))
    }
}

impl Ruleset for TowerNim {
    type Position = Tower;
    type Move = Move;

    fn moves(&self, position: &Tower, moves: &mut Vec<Move>) {
        if let Some(top) = position.top() {
            moves.extend((1..=top).map(Move::new));
        }
    }

    fn play(&self, position: &Tower, mv: &Move) -> Tower {
        let mut heaps = position.0.clone();
        if let Some(top) = heaps.last_mut() {
            *top -= mv.take;
            if *top == 0 {
                heaps.pop();
            }
        }
        Tower(heaps)
    }

    fn is_legal(&self, position: &Tower, mv: &Move) -> bool {
        position.top().is_some_and(|top| mv.take > 0 && mv.take <= top)
    }

    fn is_terminal(&self, position: &Tower) -> bool {
        position.is_empty()
    }

    fn known_value(&self, position: &Tower) -> Option<Nimber> {
        Some(value(position))
    }
}

/// The exact Grundy value of a Tower Nim position (derived here, not stated in the paper).
///
/// Let `g` be the value of the stack below the top heap `x`. The options of the position are
/// that stack (value `g`) and the same stack topped by `1..x`, so by induction on `x` the
/// value is `x - 1` when `x - 1 < g`, and `x` otherwise: the `x`-th natural number skipping
/// `g`. Folding this rule from the bottom of the stack gives the value. It implies every
/// statement of §4.
///
/// # Complexity
///
/// Linear in the number of heaps.
pub fn value(position: &Tower) -> Nimber {
    let g = position.0.iter().fold(0u64, |g, &x| if x - 1 < g { x - 1 } else { x });
    Nimber::new(g)
}

/// Observation 4.2: a stack of 1-heaps has the nim-sum of its heaps as value (`*` for an
/// odd number of heaps, 0 for an even number).
///
/// `None` unless every heap is 1 (the empty stack counts, with value 0).
pub fn all_ones_value(position: &Tower) -> Option<Nimber> {
    position
        .0
        .iter()
        .all(|&h| h == 1)
        .then(|| position.0.iter().fold(Nimber::ZERO, |acc, &h| acc + Nimber::new(h)))
}

/// Lemma 4.3: when only the top heap is not 1, that is `(1, ..., 1, x)` with `x > 1` (any
/// number of 1-heaps, none included), the position is in N.
///
/// `None` for other positions.
pub fn ones_below_top_outcome(position: &Tower) -> Option<Outcome> {
    match position.0.split_last() {
        Some((&top, below)) if top > 1 && below.iter().all(|&h| h == 1) => Some(Outcome::N),
        _ => None,
    }
}

/// Where the topmost heap above 1 is: the number `n` of 1-heaps on top of it, or `None` when
/// every heap is 1.
fn ones_on_top(position: &Tower) -> Option<usize> {
    position.0.iter().rev().position(|&h| h > 1)
}

/// Corollary 4.4 **as printed**: in `(..., x, 1, ..., 1)` with `x > 1` and `n` 1-heaps above
/// `x`, "the nimber is the parity of `n`", that is `n mod 2`.
///
/// `None` when every heap is 1. This statement is false: `(2)` (`n = 0`) has value `*2`,
/// and `(2, 1)` (`n = 1`) has value 0. The proof shows the outcome, reversed: see
/// [`ones_on_top_outcome`] and [`ones_on_top_value_corrected`].
pub fn ones_on_top_value(position: &Tower) -> Option<Nimber> {
    ones_on_top(position).map(|n| Nimber::new(u64::from(n % 2 == 1)))
}

/// Corollary 4.4 **corrected**, as its proof argues: in `(..., x, 1, ..., 1)` with `x > 1`
/// and `n` 1-heaps above `x`, the position is in N exactly when `n` is even.
///
/// `None` when every heap is 1.
pub fn ones_on_top_outcome(position: &Tower) -> Option<Outcome> {
    ones_on_top(position).map(|n| if n % 2 == 0 { Outcome::N } else { Outcome::P })
}

/// Corollary 4.4 **corrected for values**: in `(..., x, 1, ..., 1)` with `x > 1` and
/// `n ≥ 1` 1-heaps above `x`, the value is 0 for odd `n` and `*` for even `n`, that is
/// `(n + 1) mod 2`.
///
/// `None` when every heap is 1 or the top heap is not 1 (`n = 0`, where the value depends on
/// the heaps: see [`value`]).
pub fn ones_on_top_value_corrected(position: &Tower) -> Option<Nimber> {
    match ones_on_top(position) {
        Some(n) if n >= 1 => Some(Nimber::new(u64::from(n % 2 == 0))),
        _ => None,
    }
}

/// Lemma 4.5: for `(..., 1, x)`, the value is 0 or `*` when `x = 1`, and `*x` when `x ≥ 2`.
///
/// Returns the values the lemma allows (`[0, *]` or `[*x]`); `None` unless there are at least
/// two heaps and the one under the top is 1.
pub fn one_under_top_values(position: &Tower) -> Option<Vec<Nimber>> {
    match position.0[..] {
        [.., 1, 1] => Some(vec![Nimber::ZERO, Nimber::new(1)]),
        [.., 1, x] => Some(vec![Nimber::new(x)]),
        _ => None,
    }
}

/// Corollary 4.6: for `(..., y, x)` with `y ≥ 2`, the position is in P (value 0) when
/// `x = 1`, and in N when `x ≥ 2`.
///
/// `None` unless there are at least two heaps and the one under the top is at least 2.
pub fn big_under_top_outcome(position: &Tower) -> Option<Outcome> {
    match position.0[..] {
        [.., y, x] if y >= 2 => Some(if x == 1 { Outcome::P } else { Outcome::N }),
        _ => None,
    }
}

/// Corollary 4.7: the outcome of every position, from the 1-heaps on top.
///
/// With `n` heaps all of size 1, the position is in P exactly when `n` is even
/// (Observation 4.2). Otherwise let `k` be the number of 1-heaps above the topmost heap of
/// size at least 2: the position is in N exactly when `k` is even.
///
/// # Complexity
///
/// Linear in the number of 1-heaps on top.
pub fn outcome(position: &Tower) -> Outcome {
    let previous_wins = match ones_on_top(position) {
        None => position.len() % 2 == 0,
        Some(k) => k % 2 == 1,
    };
    if previous_wins { Outcome::P } else { Outcome::N }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn top_is_the_last_heap() {
        let p: Tower = "5 2 4".parse().expect("valid");
        assert_eq!(p.top(), Some(4));
        assert_eq!(TowerNim.play(&p, &Move::new(1)).to_string(), "5 2 3");
        assert_eq!(TowerNim.play(&p, &Move::new(4)).to_string(), "5 2");
        assert_eq!(TowerNim.play_checked(&Tower::default(), &Move::new(1)), Err(MoveError::NoHeap));
        assert_eq!(
            TowerNim.play_checked(&p, &Move::new(5)).expect_err("too many").to_string(),
            "cannot take 5 from heap 3, which holds 4"
        );
    }

    #[test]
    fn value_of_huge_heaps_does_not_overflow() {
        let p = Tower::new([u64::MAX, 1, u64::MAX]).expect("valid");
        assert_eq!(value(&p), Nimber::new(u64::MAX));
        assert_eq!(value(&Tower::new([u64::MAX, 2]).expect("valid")), Nimber::new(1));
    }
}
