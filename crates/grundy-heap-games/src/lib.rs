//! Nim on basic data structures: Antonim (a set), Tower Nim (a stack), Rotisserie Nim (a
//! queue) and Greedy Nim (a priority queue).
//!
//! Bovee, Burke and Tennenhouse, *Games from Basic Data Structures*, store the heaps of Nim
//! in the data structures of a first programming course and let the structure decide which
//! heap may be played. Each game here is a [`Ruleset`] with a position type that parses and
//! prints as heap sizes separated by spaces, moves that name the heap and the number of tokens
//! taken, and the paper's closed forms as public functions, one per statement, each tested
//! against the generic solvers of [`grundy_core`] on every small position. Where a statement
//! is false as printed, the function still implements it as printed, and a corrected twin is
//! given (see `docs/theorems.md` in the repository).
//!
//! ```
//! use grundy_core::{Nimber, Outcome, Solver};
//! use grundy_heap_games::{rotisserie, tower, Queue, RotisserieNim, Tower};
//!
//! // Tower Nim: only the top heap (the last one written) may be played.
//! let stack: Tower = "3 1 1".parse()?;
//! assert_eq!(tower::outcome(&stack), Outcome::N); // Corollary 4.7: two 1-heaps on top
//! assert_eq!(tower::value(&stack), Nimber::new(1));
//!
//! // Rotisserie Nim: play the front heap (the first one written), which then goes to the back.
//! let queue: Queue = "2 3".parse()?;
//! assert_eq!(rotisserie::two_heap_outcome(&queue), Some(Outcome::P)); // Theorem 5.2
//! let mut solver = Solver::new(&RotisserieNim);
//! assert_eq!(solver.outcome(&queue)?, Outcome::P);
//! // Theorem 5.3 as printed says N here; the corrected statement agrees with the search.
//! assert_eq!(rotisserie::all_big_outcome(&queue), Some(Outcome::N));
//! assert_eq!(rotisserie::all_big_outcome_corrected(&queue), Some(Outcome::P));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The games
//!
//! | module | ruleset | data structure | heap that may be played | paper |
//! | --- | --- | --- | --- | --- |
//! | [`antonim`] | [`Antonim`] | set | any; equal sizes merge away | §3, Def. 3.1 |
//! | [`tower`] | [`TowerNim`] | stack | the top (last written) | §4, Def. 4.1 |
//! | [`rotisserie`] | [`RotisserieNim`] | queue | the front, then requeued | §5, Def. 5.1 |
//! | [`greedy`] | [`GreedyNim`] | priority queue | any largest heap | §6, Def. 6.1 |
//!
//! In all four games a heap holds at least one token: a heap that loses its last token leaves
//! the structure, and the parsers reject `0`. Heaps are `u64`; no arithmetic of this crate can
//! overflow (the closed forms that add to a heap widen to `u128`).
//!
//! Moves list every amount of the heap(s) that may be played, so the generic solvers are for
//! small heaps; the closed forms take linear time in the number of heaps.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

use core::fmt;

#[cfg(doc)]
use grundy_core::Ruleset;

/// `Serialize` as the list of heap sizes, `Deserialize` through the position's constructor
/// `new` (a heap of 0, or a repeated size in Antonim, is an error).
#[cfg(feature = "serde")]
macro_rules! serde_heaps {
    ($position:ty) => {
        impl serde::Serialize for $position {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_seq(self.heaps())
            }
        }

        impl<'de> serde::Deserialize<'de> for $position {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let heaps = <Vec<u64> as serde::Deserialize>::deserialize(deserializer)?;
                <$position>::new(heaps).map_err(serde::de::Error::custom)
            }
        }
    };
}

pub mod antonim;
pub mod greedy;
pub mod rotisserie;
pub mod tower;

pub use antonim::{Antonim, HeapSet};

/// A move that takes `take` tokens from heap number `heap`, counting from 0: the moves of
/// Antonim (whose heaps are counted in increasing order of size) and of Greedy Nim, also
/// named [`antonim::Move`] and [`greedy::Move`].
///
/// ```
/// use grundy_heap_games::HeapMove;
///
/// let mv = HeapMove::new(2, 4);
/// assert_eq!((mv.heap(), mv.take()), (2, 4));
/// assert_eq!(mv.to_string(), "take 4 from heap 3");
/// ```
///
/// With the `serde` feature a move serialises as `{"heap": 2, "take": 4}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct HeapMove {
    heap: usize,
    take: u64,
}

impl HeapMove {
    /// The move taking `take` tokens from heap `heap` (counting from 0).
    pub const fn new(heap: usize, take: u64) -> Self {
        HeapMove { heap, take }
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

impl core::fmt::Display for HeapMove {
    /// `take 2 from heap 3`, with heaps counted from 1 for people.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "take {} from heap {}", self.take, self.heap + 1)
    }
}
pub use greedy::{GreedyNim, Heaps};
pub use rotisserie::{Queue, RotisserieNim};
pub use tower::{Tower, TowerNim};

/// Why a text is not a position of one of the games.
///
/// Heaps are counted from 1 in messages, in the order they are written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// A heap is not a decimal integer.
    #[error("invalid heap '{token}' (heap {index}): expected a positive integer")]
    InvalidHeap {
        /// The offending text.
        token: String,
        /// Its place in the list, counting from 1.
        index: usize,
    },
    /// A heap does not fit in 64 bits.
    #[error("heap '{token}' (heap {index}) is too large: at most {max} tokens", max = u64::MAX)]
    TooLarge {
        /// The offending text.
        token: String,
        /// Its place in the list, counting from 1.
        index: usize,
    },
    /// A heap has no token: the games of this crate only hold non-empty heaps.
    #[error("empty heap '{token}' (heap {index}): every heap holds at least one token")]
    EmptyHeap {
        /// The offending text.
        token: String,
        /// Its place in the list, counting from 1.
        index: usize,
    },
    /// Two heaps of an Antonim position have the same size.
    #[error("duplicate heap '{token}' (heap {index}): heap {first} has the same size")]
    DuplicateHeap {
        /// The offending text.
        token: String,
        /// Its place in the list, counting from 1.
        index: usize,
        /// The place of the earlier heap of the same size, counting from 1.
        first: usize,
    },
}

/// Why a move cannot be played in a position.
///
/// Heaps are counted from 1 in messages.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveError {
    /// The position has no heap to play.
    #[error("the position has no heap")]
    NoHeap,
    /// The position has fewer heaps.
    #[error("no heap {heap}: the position has {heaps} heaps")]
    NoSuchHeap {
        /// The heap asked for, counting from 1.
        heap: usize,
        /// How many heaps there are.
        heaps: usize,
    },
    /// The move takes nothing or more than the heap holds.
    #[error("cannot take {take} from heap {heap}, which holds {size}")]
    BadAmount {
        /// The heap, counting from 1.
        heap: usize,
        /// The amount asked for.
        take: u64,
        /// The heap's size.
        size: u64,
    },
    /// Greedy Nim: the heap is not a largest one.
    #[error("heap {heap} holds {size} but a largest heap holds {largest}: play a largest heap")]
    NotLargest {
        /// The heap, counting from 1.
        heap: usize,
        /// Its size.
        size: u64,
        /// The size of the largest heaps.
        largest: u64,
    },
}

/// The tokens of a position's text: heap sizes separated by white space or commas.
fn tokens(s: &str) -> impl Iterator<Item = &str> {
    s.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty())
}

/// Parses heap sizes separated by white space or commas; every heap must be positive.
fn parse_heaps(s: &str) -> Result<Vec<u64>, ParseError> {
    tokens(s)
        .enumerate()
        .map(|(i, token)| {
            let index = i + 1;
            let digits = token.strip_prefix('+').unwrap_or(token);
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return Err(ParseError::InvalidHeap { token: token.to_owned(), index });
            }
            match digits.parse::<u64>() {
                Ok(0) => Err(ParseError::EmptyHeap { token: token.to_owned(), index }),
                Ok(h) => Ok(h),
                Err(_) => Err(ParseError::TooLarge { token: token.to_owned(), index }),
            }
        })
        .collect()
}

/// Checks that every heap is positive, naming the first empty one.
fn check_positive(heaps: &[u64]) -> Result<(), ParseError> {
    match heaps.iter().position(|&h| h == 0) {
        Some(i) => Err(ParseError::EmptyHeap { token: "0".to_owned(), index: i + 1 }),
        None => Ok(()),
    }
}

/// Writes heap sizes separated by single spaces.
fn write_heaps(f: &mut fmt::Formatter<'_>, heaps: &[u64]) -> fmt::Result {
    for (i, h) in heaps.iter().enumerate() {
        if i > 0 {
            f.write_str(" ")?;
        }
        write!(f, "{h}")?;
    }
    Ok(())
}

/// Checks that `take` is a legal amount for heap number `heap` (from 0) of size `size`.
fn check_amount(heap: usize, take: u64, size: u64) -> Result<(), MoveError> {
    if take == 0 || take > size {
        return Err(MoveError::BadAmount { heap: heap + 1, take, size });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_errors_name_the_token_and_its_place() {
        let err = parse_heaps("3 x 7").expect_err("x is no heap");
        assert_eq!(err.to_string(), "invalid heap 'x' (heap 2): expected a positive integer");
        let err = parse_heaps("1, 0").expect_err("0 is empty");
        assert_eq!(err.to_string(), "empty heap '0' (heap 2): every heap holds at least one token");
        let err = parse_heaps("18446744073709551616").expect_err("2^64 is too large");
        assert_eq!(
            err.to_string(),
            "heap '18446744073709551616' (heap 1) is too large: at most 18446744073709551615 tokens"
        );
        assert!(parse_heaps("-1").is_err());
        assert!(parse_heaps("+").is_err());
        assert_eq!(parse_heaps(" +3,, 18446744073709551615 "), Ok(vec![3, u64::MAX]));
        assert_eq!(parse_heaps(""), Ok(vec![]));
    }
}
