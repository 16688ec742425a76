//! Rotisserie Nim: Nim on a *queue* of heaps, where the front heap is played and requeued.
//!
//! # Rules (Bovee-Burke-Tennenhouse §5.1, Definition 5.1)
//!
//! A position is a list `(a0, a1, ..., an)` of positive heap sizes; `a0` is the front. A move
//! takes tokens from the front heap only: it either empties it, and the heap leaves the queue,
//! or leaves `b` tokens with `0 < b < a0`, and the heap goes to the back of the queue:
//! `(a1, ..., an, b)`. Whoever faces the empty queue loses. (The game is Adjacent Nim, Vertex
//! Nim on a directed cycle.)
//!
//! The text form lists the heaps from the **front** to the **back**: in `5 2 4` the front
//! heap is 5, as in the paper.
//!
//! # Closed forms
//!
//! Theorem 5.2 is [`two_heap_outcome`]; Theorem 5.3 is [`all_big_outcome`] (false as
//! printed; [`all_big_outcome_corrected`] holds); Theorem 5.4 is [`front_one_outcome`];
//! Lemma 5.5 is [`requeue_winning_move`]; Lemma 5.6 is [`alternating_bound_outcome`];
//! Theorem 5.7 is [`big_front_outcome`]. No rule is known for every position.
//!
//! ```
//! use grundy_core::{Outcome, Ruleset};
//! use grundy_heap_games::rotisserie::{self, Move, Queue, RotisserieNim};
//!
//! let queue: Queue = "5 2 4".parse()?; // 5 is at the front
//! assert_eq!(RotisserieNim.play_checked(&queue, &Move::new(3))?.to_string(), "2 4 2");
//! assert_eq!(RotisserieNim.play_checked(&queue, &Move::new(5))?.to_string(), "2 4");
//! assert_eq!(rotisserie::big_front_outcome(&queue), Some(Outcome::N)); // Theorem 5.7
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use core::str::FromStr;

use grundy_core::{Outcome, Ruleset};

use crate::{MoveError, ParseError, check_amount, check_positive, parse_heaps, write_heaps};

/// A Rotisserie Nim position: a queue of positive heap sizes, from the front to the back.
///
/// The text form is the sizes separated by spaces, front first, back last: `5 2 4`.
///
/// With the `serde` feature it serialises as the list of its heap sizes (`[5, 2, 4]`) and
/// deserialises through [`Queue::new`], so invalid data is an error.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Queue(Vec<u64>);

impl Queue {
    /// The queue with the given heaps, front first.
    ///
    /// # Errors
    ///
    /// [`ParseError::EmptyHeap`] for a heap of size 0.
    pub fn new(heaps: impl IntoIterator<Item = u64>) -> Result<Self, ParseError> {
        let heaps: Vec<u64> = heaps.into_iter().collect();
        check_positive(&heaps)?;
        Ok(Queue(heaps))
    }

    /// The heap sizes, front first.
    pub fn heaps(&self) -> &[u64] {
        &self.0
    }

    /// The front heap, if any.
    pub fn front(&self) -> Option<u64> {
        self.0.first().copied()
    }

    /// The queue without its front heap (the position reached by emptying the front heap).
    pub fn tail(&self) -> Queue {
        Queue(self.0.get(1..).unwrap_or_default().to_vec())
    }

    /// The number of heaps.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Tells whether the queue is empty (the terminal position).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

#[cfg(feature = "serde")]
serde_heaps!(Queue);

impl fmt::Display for Queue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_heaps(f, &self.0)
    }
}

impl FromStr for Queue {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_heaps(s).map(Queue)
    }
}

/// A Rotisserie Nim move: take `take` tokens from the front heap (and requeue what is left).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Move {
    take: u64,
}

impl Move {
    /// The move taking `take` tokens from the front heap.
    pub const fn new(take: u64) -> Self {
        Move { take }
    }

    /// The number of tokens taken.
    pub const fn take(&self) -> u64 {
        self.take
    }
}

impl fmt::Display for Move {
    /// `take 2 from the front heap`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "take {} from the front heap", self.take)
    }
}

/// The ruleset of Rotisserie Nim (Bovee-Burke-Tennenhouse, Definition 5.1).
///
/// As a [`Ruleset`], the moves take every amount from 1 to the front heap. There is no
/// decomposition and no known value: searching is for small positions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RotisserieNim;

impl RotisserieNim {
    /// Plays `mv`, or says why it is not legal.
    ///
    /// # Errors
    ///
    /// [`MoveError::NoHeap`] on the empty queue, [`MoveError::BadAmount`] when the amount is
    /// zero or more than the front heap holds.
    pub fn play_checked(&self, position: &Queue, mv: &Move) -> Result<Queue, MoveError> {
        let front = position.front().ok_or(MoveError::NoHeap)?;
        check_amount(0, mv.take, front)?;
        Ok(self.play(position, mv))
    }
}

impl Ruleset for RotisserieNim {
    type Position = Queue;
    type Move = Move;

    fn moves(&self, position: &Queue, moves: &mut Vec<Move>) {
        if let Some(front) = position.front() {
            moves.extend((1..=front).map(Move::new));
        }
    }

    fn play(&self, position: &Queue, mv: &Move) -> Queue {
        let mut next = position.tail();
        if let Some(front) = position.front() {
            if front > mv.take {
                next.0.push(front - mv.take);
            }
        }
        next
    }

    fn is_legal(&self, position: &Queue, mv: &Move) -> bool {
        position.front().is_some_and(|front| mv.take > 0 && mv.take <= front)
    }

    fn is_terminal(&self, position: &Queue) -> bool {
        position.is_empty()
    }
}

/// Theorem 5.2: two heaps `(a0, a1)` form an N-position exactly when `a0 > a1`.
///
/// `None` unless there are exactly two heaps.
pub fn two_heap_outcome(position: &Queue) -> Option<Outcome> {
    match position.0[..] {
        [a0, a1] => Some(if a0 > a1 { Outcome::N } else { Outcome::P }),
        _ => None,
    }
}

/// The first index of a smallest heap.
fn first_min_index(heaps: &[u64]) -> Option<usize> {
    let min = heaps.iter().min()?;
    heaps.iter().position(|h| h == min)
}

/// Theorem 5.3 **as printed** (after Duchêne and Renault): when every heap of
/// `(a0, ..., an)` has at least 2 tokens, the position is in N exactly when `n` is odd or the
/// first index `j` (from 0) of a smallest heap is even.
///
/// `None` for the empty queue or when a heap has a single token. This statement is false:
/// `(2, 2)` is in P (Theorem 5.2) but the statement says N. Both parities are flipped (as if
/// heaps and indices were counted from 1): see [`all_big_outcome_corrected`].
pub fn all_big_outcome(position: &Queue) -> Option<Outcome> {
    let heaps = &position.0;
    if heaps.is_empty() || heaps.iter().any(|&h| h < 2) {
        return None;
    }
    let n = heaps.len() - 1;
    let j = first_min_index(heaps)?;
    Some(if n % 2 == 1 || j % 2 == 0 { Outcome::N } else { Outcome::P })
}

/// Theorem 5.3 **corrected**: when every heap has at least 2 tokens, the position is in N
/// exactly when the number of heaps is odd or the first index `j` (from 0) of a smallest heap
/// is odd.
///
/// `None` for the empty queue or when a heap has a single token.
pub fn all_big_outcome_corrected(position: &Queue) -> Option<Outcome> {
    let heaps = &position.0;
    if heaps.is_empty() || heaps.iter().any(|&h| h < 2) {
        return None;
    }
    let j = first_min_index(heaps)?;
    Some(if heaps.len() % 2 == 1 || j % 2 == 1 { Outcome::N } else { Outcome::P })
}

/// Theorem 5.4: a three-heap position `(1, a1, a2)` with `a1 > a2` is in P (its only option
/// is `(a1, a2)`, in N by Theorem 5.2).
///
/// `None` unless there are exactly three heaps, `a0 = 1` and `a1 > a2`. The paper states it
/// for "L" while completing the three-heap case; read for longer queues it is false, the
/// smallest counterexample being `(1, 3, 2, 1)` (in N).
pub fn front_one_outcome(position: &Queue) -> Option<Outcome> {
    match position.0[..] {
        [1, a1, a2] if a1 > a2 => Some(Outcome::P),
        _ => None,
    }
}

/// Lemma 5.5: when the tail `(a1, ..., an)` is in N (so emptying the front heap loses) and
/// the position `L = (a0, ..., an)` is in N, a winning move requeues 1 token when `L` has an
/// odd number of heaps, and `a0 - 1` tokens when it has an even number.
///
/// `tail` and `whole` are the outcomes of the tail and of the position, which the lemma
/// assumes known. Returns the move the lemma names, which it predicts leads to a
/// P-position; `None` unless both outcomes are N and the front heap has at least 2 tokens
/// (with a single token the only move empties it, so `L` cannot be in N).
pub fn requeue_winning_move(position: &Queue, tail: Outcome, whole: Outcome) -> Option<Move> {
    let front = position.front()?;
    if tail.is_p() || whole.is_p() || front < 2 {
        return None;
    }
    Some(if position.len() % 2 == 1 { Move::new(front - 1) } else { Move::new(1) })
}

/// Lemma 5.6: if `L = (a0, a1, a2, ...)` is in P, so is every `L' = (a0⁻, a1⁺, a2⁻, ...)`
/// with as many heaps, where `x⁻ ≤ x` and `x⁺ ≥ x`: heaps at even indices (from 0) may
/// shrink and heaps at odd indices may grow.
///
/// `known` is `L` and `known_outcome` its outcome. Returns `Some(Outcome::P)` for `position`
/// when it is such an `L'` of a P-position `L`, and `None` otherwise.
pub fn alternating_bound_outcome(
    known: &Queue,
    known_outcome: Outcome,
    position: &Queue,
) -> Option<Outcome> {
    let bounded = known.len() == position.len()
        && known
            .0
            .iter()
            .zip(&position.0)
            .enumerate()
            .all(|(i, (&a, &b))| if i % 2 == 0 { b <= a } else { b >= a });
    (known_outcome.is_p() && bounded).then_some(Outcome::P)
}

/// Theorem 5.7: a three-heap position `(a0, a1, a2)` with `a0 > 1` is in P exactly when
/// `a1 > 1` and `a2 = 1`.
///
/// `None` unless there are exactly three heaps and `a0 > 1`.
pub fn big_front_outcome(position: &Queue) -> Option<Outcome> {
    match position.0[..] {
        [a0, a1, a2] if a0 > 1 => Some(if a1 > 1 && a2 == 1 { Outcome::P } else { Outcome::N }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn front_is_the_first_heap_and_goes_to_the_back() {
        let p: Queue = "5 2 4".parse().expect("valid");
        assert_eq!(p.front(), Some(5));
        assert_eq!(RotisserieNim.play(&p, &Move::new(1)).to_string(), "2 4 4");
        assert_eq!(RotisserieNim.play(&p, &Move::new(5)).to_string(), "2 4");
        assert_eq!(
            RotisserieNim.play_checked(&Queue::default(), &Move::new(1)),
            Err(MoveError::NoHeap)
        );
        assert_eq!(
            RotisserieNim.play_checked(&p, &Move::new(0)).expect_err("nothing").to_string(),
            "cannot take 0 from heap 1, which holds 5"
        );
    }

    #[test]
    fn lemma_5_5_names_the_requeue() {
        let (n, p) = (Outcome::N, Outcome::P);
        let q = Queue::new([4, 2, 3]).expect("valid");
        assert_eq!(requeue_winning_move(&q, n, n), Some(Move::new(3)));
        let q = Queue::new([4, 2]).expect("valid");
        assert_eq!(requeue_winning_move(&q, n, n), Some(Move::new(1)));
        assert_eq!(requeue_winning_move(&q, p, n), None);
    }
}
