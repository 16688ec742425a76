//! Antonim: Nim on a *set* of heaps, where two heaps of the same size cannot coexist.
//!
//! # Rules (Bovee-Burke-Tennenhouse §3.1, Definition 3.1)
//!
//! A position is a finite set `S` of positive integers, the heap sizes. A move chooses a heap
//! `x` of `S` and removes some of its tokens, leaving `y < x`. If `y = 0`, or a heap of size
//! `y` is already in the set, the heap is forgotten: the move amounts to taking the whole
//! heap. Otherwise `x` is replaced by `y`. Whoever cannot move (the empty set) loses.
//!
//! Since a move onto an existing size reaches the same position as taking the whole heap,
//! [`Antonim`] lists each option once: take all of a heap, or reduce it to a size not in the
//! set (the Winning Ways form of Antonim, where equal heaps are forbidden).
//! [`Antonim::play_checked`] still accepts a move onto an existing size and forgets the heap,
//! as the paper says.
//!
//! # Closed forms
//!
//! The paper (citing Winning Ways) solves positions with at most three heaps:
//! [`small_outcome`], built from [`one_heap_outcome`], [`two_heap_outcome`] and
//! [`three_heap_outcome`]. No rule is known for four or more heaps.
//!
//! # Three-heap strategy
//!
//! After the three-pile rule the paper gives a winning move: "add one stone to each heap,
//! make an appropriate move in Nim, then remove a stone from each heap"
//! ([`three_heap_winning_move`]; every such move, [`three_heap_winning_moves`]). These are
//! exactly the winning moves of a three-heap position; see [`three_heap_winning_moves`] for
//! how the sentence is read and why the move is always legal.
//!
//! ```
//! use grundy_core::{Outcome, Ruleset, Solver};
//! use grundy_heap_games::antonim::{self, Antonim, HeapSet, Move};
//!
//! let p: HeapSet = "5 1 3".parse()?; // a set: printed in increasing order
//! assert_eq!(p.to_string(), "1 3 5");
//! assert_eq!(antonim::three_heap_outcome(&p), Some(Outcome::P)); // 2 ^ 4 ^ 6 = 0
//! assert_eq!(Solver::new(&Antonim).outcome(&p)?, Outcome::P);
//! // Reducing 5 to 3 collides with the heap of 3: the heap of 5 is forgotten.
//! assert_eq!(Antonim.play_checked(&p, &Move::new(2, 2))?.to_string(), "1 3");
//!
//! // {2, 3, 5} is in N (3 ^ 4 ^ 6 = 1): in Nim, (3, 4, 6) -> (2, 4, 6); so 2 -> 1 here.
//! let q: HeapSet = "2 3 5".parse()?;
//! let mv = antonim::three_heap_winning_move(&q).expect("an N-position");
//! assert_eq!(Antonim.play_checked(&q, &mv)?.to_string(), "1 3 5");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use core::str::FromStr;

use grundy_core::{Outcome, Ruleset};

use crate::{
    MoveError, ParseError, check_amount, check_positive, parse_heaps, tokens, write_heaps,
};

/// An Antonim position: a set of distinct positive heap sizes, kept in increasing order.
///
/// The text form is the sizes separated by spaces, in increasing order (`1 3 5`); parsing
/// accepts any order and commas, and rejects `0` and repeated sizes.
///
/// With the `serde` feature it serialises as the list of its heap sizes (`[1, 3, 5]`) and
/// deserialises through [`HeapSet::new`] (sorted on the way in), so invalid data is an error.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HeapSet(Vec<u64>);

impl HeapSet {
    /// The set of the given heap sizes, in any order.
    ///
    /// # Errors
    ///
    /// [`ParseError::EmptyHeap`] for a size 0, [`ParseError::DuplicateHeap`] for a size given
    /// twice (places counted from 1 in the order given).
    pub fn new(heaps: impl IntoIterator<Item = u64>) -> Result<Self, ParseError> {
        let heaps: Vec<u64> = heaps.into_iter().collect();
        check_positive(&heaps)?;
        Self::from_positive(heaps, |h| h.to_string())
    }

    /// Sorts positive sizes, rejecting repeats; `token` spells the size for the error.
    fn from_positive(heaps: Vec<u64>, token: impl Fn(usize) -> String) -> Result<Self, ParseError> {
        let mut order: Vec<usize> = (0..heaps.len()).collect();
        order.sort_by_key(|&i| (heaps[i], i));
        for w in order.windows(2) {
            if heaps[w[0]] == heaps[w[1]] {
                let (first, index) = (w[0], w[1]);
                return Err(ParseError::DuplicateHeap {
                    token: token(index),
                    index: index + 1,
                    first: first + 1,
                });
            }
        }
        Ok(HeapSet(order.into_iter().map(|i| heaps[i]).collect()))
    }

    /// The heap sizes, in increasing order.
    pub fn heaps(&self) -> &[u64] {
        &self.0
    }

    /// The number of heaps.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Tells whether the set is empty (the terminal position).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Tells whether a heap of size `size` is in the set.
    pub fn contains(&self, size: u64) -> bool {
        self.0.binary_search(&size).is_ok()
    }
}

#[cfg(feature = "serde")]
serde_heaps!(HeapSet);

impl fmt::Display for HeapSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_heaps(f, &self.0)
    }
}

impl FromStr for HeapSet {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let heaps = parse_heaps(s)?;
        let tokens: Vec<&str> = tokens(s).collect();
        Self::from_positive(heaps, |i| tokens[i].to_owned())
    }
}

/// An Antonim move: take `take` tokens from heap number `heap`, counting from 0 in increasing
/// order of size.
pub use crate::HeapMove as Move;

/// The ruleset of Antonim (Bovee-Burke-Tennenhouse, Definition 3.1).
///
/// As a [`Ruleset`] it lists each option once: for every heap `x`, taking all of it, then
/// every reduction to a size `y` in `1..x` that is not in the set (a reduction onto an
/// existing size reaches the same position as taking the whole heap). Positions are already
/// canonical (sorted). There is no decomposition and no known value: searching is for small
/// positions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Antonim;

impl Antonim {
    /// Plays `mv`, or says why it is not legal.
    ///
    /// Any amount from 1 to the heap size is legal; when the heap would end with the size of
    /// another heap, it is forgotten, as Definition 3.1 says.
    ///
    /// # Errors
    ///
    /// [`MoveError`] when the heap does not exist or the amount is zero or too large.
    pub fn play_checked(&self, position: &HeapSet, mv: &Move) -> Result<HeapSet, MoveError> {
        let size = *position
            .0
            .get(mv.heap)
            .ok_or(MoveError::NoSuchHeap { heap: mv.heap + 1, heaps: position.len() })?;
        check_amount(mv.heap, mv.take, size)?;
        Ok(self.play(position, mv))
    }
}

impl Ruleset for Antonim {
    type Position = HeapSet;
    type Move = Move;

    fn moves(&self, position: &HeapSet, moves: &mut Vec<Move>) {
        for (heap, &x) in position.0.iter().enumerate() {
            moves.push(Move { heap, take: x });
            moves.extend(
                (1..x).filter(|&take| !position.contains(x - take)).map(|take| Move { heap, take }),
            );
        }
    }

    fn play(&self, position: &HeapSet, mv: &Move) -> HeapSet {
        let mut heaps = position.0.clone();
        let y = heaps.remove(mv.heap) - mv.take;
        if y > 0 {
            if let Err(at) = heaps.binary_search(&y) {
                heaps.insert(at, y);
            }
        }
        HeapSet(heaps)
    }

    fn is_legal(&self, position: &HeapSet, mv: &Move) -> bool {
        position.0.get(mv.heap).is_some_and(|&x| {
            mv.take == x || (mv.take > 0 && mv.take < x && !position.contains(x - mv.take))
        })
    }

    fn is_terminal(&self, position: &HeapSet) -> bool {
        position.is_empty()
    }
}

/// One heap is an N-position: take it all (Bovee-Burke-Tennenhouse §3.1, "One pile").
///
/// `None` unless the set has exactly one heap.
pub fn one_heap_outcome(position: &HeapSet) -> Option<Outcome> {
    (position.len() == 1).then_some(Outcome::N)
}

/// Two heaps `{a, b}` form a P-position exactly when `{a, b} = {2k + 1, 2k + 2}` for some
/// `k ≥ 0` (Bovee-Burke-Tennenhouse §3.1, "Two piles").
///
/// `None` unless the set has exactly two heaps.
pub fn two_heap_outcome(position: &HeapSet) -> Option<Outcome> {
    match position.0[..] {
        [a, b] => Some(if a % 2 == 1 && b - a == 1 { Outcome::P } else { Outcome::N }),
        _ => None,
    }
}

/// Three heaps `{a, b, c}` form a P-position exactly when `(a+1) ⊕ (b+1) ⊕ (c+1) = 0`
/// (Bovee-Burke-Tennenhouse §3.1, "Three piles").
///
/// `None` unless the set has exactly three heaps. The sums are taken in `u128`, so heaps of
/// size `u64::MAX` are fine.
pub fn three_heap_outcome(position: &HeapSet) -> Option<Outcome> {
    match position.0[..] {
        [a, b, c] => {
            let sum = (u128::from(a) + 1) ^ (u128::from(b) + 1) ^ (u128::from(c) + 1);
            Some(if sum == 0 { Outcome::P } else { Outcome::N })
        }
        _ => None,
    }
}

/// Every winning move of a three-heap position `{a, b, c}` by the paper's strategy (§3.1,
/// after the three-pile rule): "add one stone to each heap, make an appropriate move in Nim,
/// then remove a stone from each heap".
///
/// `None` unless the set has exactly three heaps; `Some` of an empty list on a P-position
/// (`(a+1) ⊕ (b+1) ⊕ (c+1) = 0`); otherwise the moves in increasing order of the heap
/// played, at most one per heap.
///
/// # How the sentence is read
///
/// With `s = (a+1) ⊕ (b+1) ⊕ (c+1) ≠ 0`, the "appropriate move in Nim" on the heaps
/// `(a+1, b+1, c+1)` is a winning Nim move: a heap `x + 1` with `(x+1) ⊕ s < x + 1` (one
/// or three heaps qualify: those with the highest bit of `s` set) is reduced to
/// `(x+1) ⊕ s`. Removing the stone again leaves the Antonim heap `x` with
/// `y = ((x+1) ⊕ s) − 1` tokens, so the move takes `x − y`.
///
/// The paper's remark that the Nim move "will not eliminate any heap entirely" holds of the
/// Nim heap: `(x+1) ⊕ s` is the nim-sum of the two other Nim heaps, not 0 since they differ.
/// The Antonim heap can be emptied, though: `y = 0` when the two other heaps are
/// `{2k+1, 2k+2}`, and the move takes the whole heap, leaving the two-pile P-position. The
/// reduced heap never lands on another heap's size (`y = b` would need `c + 1 = 0`), so the
/// move is legal in [`Antonim`]'s list and leads to a P-position of the three-pile rule.
/// Conversely every winning move of a three-heap position reaches a two-heap P-position by
/// taking a whole heap, or a three-heap one by the unique reduction of that heap: both are
/// the moves above, so the list is exactly the set of winning moves (checked against the
/// solver in the crate's tests).
///
/// Sums are taken in `u128`: heaps of size `u64::MAX` are fine.
///
/// # Example
///
/// ```
/// use grundy_heap_games::antonim::{self, HeapSet, Move};
///
/// // 2 ^ 3 ^ 4 = 5: only the Nim heap 4 (Antonim heap 3) can drop to 4 ^ 5 = 1, i.e. 0:
/// // take the whole heap of 3, leaving {1, 2}, the two-pile P-position.
/// let p = HeapSet::new([1, 2, 3])?;
/// assert_eq!(antonim::three_heap_winning_moves(&p), Some(vec![Move::new(2, 3)]));
/// let p = HeapSet::new([1, 3, 5])?; // 2 ^ 4 ^ 6 = 0
/// assert_eq!(antonim::three_heap_winning_moves(&p), Some(vec![]));
/// assert_eq!(antonim::three_heap_winning_moves(&HeapSet::new([1, 2])?), None);
/// # Ok::<(), grundy_heap_games::ParseError>(())
/// ```
pub fn three_heap_winning_moves(position: &HeapSet) -> Option<Vec<Move>> {
    let heaps: [u64; 3] = position.0[..].try_into().ok()?;
    let nim = heaps.map(|h| u128::from(h) + 1);
    let sum = nim[0] ^ nim[1] ^ nim[2];
    Some(
        (0..3)
            .filter_map(|heap| {
                let x = heaps[heap];
                // The Nim heap x + 1 may drop to t = (x + 1) ⊕ s, the nim-sum of the two other
                // Nim heaps (at least 1, as they differ), when t < x + 1, that is t ≤ x (so t
                // fits in 64 bits). The Antonim heap then keeps t - 1 < x tokens.
                let t = u64::try_from(nim[heap] ^ sum).ok().filter(|t| (1..=x).contains(t))?;
                Some(Move { heap, take: x - (t - 1) })
            })
            .collect(),
    )
}

/// One winning move of a three-heap position by the paper's strategy: the first of
/// [`three_heap_winning_moves`] (the smallest heap that the Nim move can play).
///
/// `None` unless the set has exactly three heaps and is an N-position, so on three heaps
/// `None` means P. The move is legal in [`Antonim`] (never onto another heap's size) and
/// leads to a P-position.
///
/// # Example
///
/// ```
/// use grundy_core::{Ruleset, Solver};
/// use grundy_heap_games::antonim::{self, Antonim, HeapSet};
///
/// let p = HeapSet::new([4, 6, 7])?; // 5 ^ 7 ^ 8 = 10: Nim (5, 7, 8) -> (5, 7, 2)
/// let mv = antonim::three_heap_winning_move(&p).expect("an N-position");
/// let next = Antonim.play(&p, &mv);
/// assert_eq!(next.to_string(), "1 4 6");
/// assert!(Solver::new(&Antonim).outcome(&next)?.is_p());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn three_heap_winning_move(position: &HeapSet) -> Option<Move> {
    three_heap_winning_moves(position)?.into_iter().next()
}

/// The outcome of a position with at most three heaps, by the rules of §3.1: the empty set
/// is P, then [`one_heap_outcome`], [`two_heap_outcome`], [`three_heap_outcome`].
///
/// `None` for four heaps or more (no rule is known).
///
/// # Complexity
///
/// Constant time.
pub fn small_outcome(position: &HeapSet) -> Option<Outcome> {
    match position.len() {
        0 => Some(Outcome::P),
        1 => one_heap_outcome(position),
        2 => two_heap_outcome(position),
        3 => three_heap_outcome(position),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_as_a_sorted_set() {
        let p: HeapSet = "5, 1 3".parse().expect("valid");
        assert_eq!(p.heaps(), &[1, 3, 5]);
        assert_eq!(p.to_string(), "1 3 5");
        assert_eq!(HeapSet::new([3, 1]), "1 3".parse());
        let err = "4 2 7 2".parse::<HeapSet>().expect_err("2 twice");
        assert_eq!(err.to_string(), "duplicate heap '2' (heap 4): heap 2 has the same size");
        let err = HeapSet::new([4, 0]).expect_err("0 is no heap");
        assert_eq!(err.to_string(), "empty heap '0' (heap 2): every heap holds at least one token");
    }

    #[test]
    fn moves_list_each_option_once() {
        let p = HeapSet::new([1, 3]).expect("valid");
        // Heap 1: take it. Heap 3: take it, or leave 2 (leaving 1 collides with the heap of 1).
        assert_eq!(Antonim.move_list(&p), vec![Move::new(0, 1), Move::new(1, 3), Move::new(1, 1)]);
        assert!(!Antonim.is_legal(&p, &Move::new(1, 2)));
        // ... but play_checked accepts the collision and forgets the heap.
        assert_eq!(Antonim.play_checked(&p, &Move::new(1, 2)), Ok(HeapSet::new([1]).expect("ok")));
        assert_eq!(
            Antonim.play_checked(&p, &Move::new(1, 4)).expect_err("too many").to_string(),
            "cannot take 4 from heap 2, which holds 3"
        );
    }

    #[test]
    fn three_heap_rule_does_not_overflow() {
        let p = HeapSet::new([1, u64::MAX - 1, u64::MAX]).expect("valid");
        assert_eq!(three_heap_outcome(&p), Some(Outcome::N));
    }

    #[test]
    fn three_heap_strategy_does_not_overflow() {
        // Nim heaps 2, 2^64 - 1 and 2^64 have the nim-sum 2^64 + (2^64 - 3): only 2^64 has its
        // top bit, and drops to 2 ⊕ (2^64 - 1) = 2^64 - 3, the Antonim heap u64::MAX - 3.
        let p = HeapSet::new([1, u64::MAX - 1, u64::MAX]).expect("valid");
        assert_eq!(three_heap_winning_moves(&p), Some(vec![Move::new(2, 3)]));
        assert_eq!(Antonim.play(&p, &Move::new(2, 3)).heaps(), &[1, u64::MAX - 3, u64::MAX - 1]);
        assert_eq!(three_heap_outcome(&Antonim.play(&p, &Move::new(2, 3))), Some(Outcome::P));
    }
}
