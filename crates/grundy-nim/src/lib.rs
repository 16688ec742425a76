//! Nim: heaps of tokens, a move takes any positive number of tokens from one heap.
//!
//! Heaps are arbitrary-precision integers ([`BigUint`]), so positions such as
//! `2^100 3 5` are fine. Bouton's theorem (1901) solves the game: the Grundy value of a
//! position is the nim-sum (bitwise exclusive or) of its heaps, and the winning moves are the
//! moves that make the nim-sum zero. Misère Nim differs only when every heap has at most one
//! token. [`Nim`] implements these closed forms and also the [`Ruleset`] trait, so the generic
//! solvers of [`grundy_core`] can play it too (and the tests check that both agree).
//!
//! [`BooleanNim`] is Nim where every heap holds at most one pebble ([`BoolHeaps`], a bitset
//! of any length, written `1001101`), with a move named by its heap index: the realizations
//! of Demi-Quantum Boolean Nim.
//!
//! ```
//! use grundy_nim::{Heaps, Nim, NimMove};
//! use grundy_core::Outcome;
//!
//! let position: Heaps = "3 5 7".parse()?;
//! assert_eq!(Nim.nim_sum(&position).to_string(), "1");
//! assert_eq!(Nim.outcome(&position), Outcome::N);
//! // Every winning move makes the nim-sum zero: take 1 from any heap.
//! let moves = Nim.winning_moves(&position);
//! assert_eq!(moves.len(), 3);
//! assert_eq!(moves[0], NimMove::new(0, 1u32));
//! assert_eq!(Nim.play_checked(&position, &moves[0])?.to_string(), "2 5 7");
//!
//! // Heaps far beyond 64 bits.
//! let big: Heaps = "1267650600228229401496703205376 1267650600228229401496703205377".parse()?;
//! assert_eq!(Nim.nim_sum(&big).to_string(), "1");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

use core::fmt;
use core::str::FromStr;

use grundy_core::{Nimber, Outcome, Ruleset};
use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};

mod boolean;
#[cfg(feature = "serde")]
mod serde_big;

pub use boolean::{BoolHeaps, BooleanNim, ParseBoolHeapsError};

/// A Nim position: a list of heap sizes, in order.
///
/// The text form is the heap sizes separated by spaces (commas are accepted too when
/// parsing): `3 5 7`. The empty string is the position with no heap.
///
/// With the `serde` feature a position serialises as the list of its heaps, each a number
/// when it fits in 64 bits and a string of decimal digits otherwise (`[3, 5, "18446744073709551616"]`);
/// both forms deserialise, anything else (negative numbers, fractions, other text) is an error.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(transparent))]
pub struct Heaps(#[cfg_attr(feature = "serde", serde(with = "serde_big::list"))] Vec<BigUint>);

impl Heaps {
    /// A position with the given heaps.
    pub fn new<I, T>(heaps: I) -> Self
    where
        I: IntoIterator<Item = T>,
        T: Into<BigUint>,
    {
        Heaps(heaps.into_iter().map(Into::into).collect())
    }

    /// The heap sizes.
    pub fn heaps(&self) -> &[BigUint] {
        &self.0
    }

    /// The number of heaps (empty heaps included).
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Tells whether there is no heap at all.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Consumes the position and returns its heaps.
    pub fn into_heaps(self) -> Vec<BigUint> {
        self.0
    }
}

impl From<Vec<BigUint>> for Heaps {
    fn from(heaps: Vec<BigUint>) -> Self {
        Heaps(heaps)
    }
}

impl fmt::Display for Heaps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, h) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{h}")?;
        }
        Ok(())
    }
}

/// Why a text is not a Nim position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseHeapsError {
    /// A heap is not a non-negative decimal integer.
    #[error("invalid heap '{token}' (heap {index}): expected a non-negative integer")]
    InvalidHeap {
        /// The offending text.
        token: String,
        /// Its position in the list, counting from 1.
        index: usize,
    },
}

impl FromStr for Heaps {
    type Err = ParseHeapsError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
            .enumerate()
            .map(|(i, token)| {
                let digits = token.strip_prefix('+').unwrap_or(token);
                if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(ParseHeapsError::InvalidHeap {
                        token: token.to_owned(),
                        index: i + 1,
                    });
                }
                BigUint::from_str(digits).map_err(|_| ParseHeapsError::InvalidHeap {
                    token: token.to_owned(),
                    index: i + 1,
                })
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Heaps)
    }
}

/// A Nim move: take `take` tokens (at least one) from heap number `heap` (counting from 0).
///
/// With the `serde` feature a move serialises as `{"heap": 0, "take": 2}` (the heap counted
/// from 0, the amount as a heap of [`Heaps`] is).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct NimMove {
    heap: usize,
    #[cfg_attr(feature = "serde", serde(with = "serde_big"))]
    take: BigUint,
}

impl NimMove {
    /// The move taking `take` tokens from heap `heap` (counting from 0).
    pub fn new(heap: usize, take: impl Into<BigUint>) -> Self {
        NimMove { heap, take: take.into() }
    }

    /// The heap played in, counting from 0.
    pub const fn heap(&self) -> usize {
        self.heap
    }

    /// The number of tokens taken.
    pub const fn take(&self) -> &BigUint {
        &self.take
    }
}

impl fmt::Display for NimMove {
    /// `take 2 from heap 1`, with heaps counted from 1 for people.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "take {} from heap {}", self.take, self.heap + 1)
    }
}

/// Why a move cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveError {
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
        take: BigUint,
        /// The heap's size.
        size: BigUint,
    },
}

/// The ruleset of Nim, with Bouton's closed forms.
///
/// As a [`Ruleset`], a position's components are its non-empty heaps, its canonical form sorts
/// the heaps and drops the empty ones, and [`known_value`](Ruleset::known_value) answers
/// whenever the nim-sum fits a [`Nimber`]. Listing moves enumerates every amount of every heap,
/// so searching is for small heaps; the closed forms ([`Nim::nim_sum`],
/// [`Nim::winning_moves`], [`Nim::misere_outcome`] ...) work for heaps of any size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Nim;

impl Nim {
    /// The nim-sum of the heaps: the Grundy value as an integer of any size (Bouton).
    ///
    /// # Complexity
    ///
    /// Linear in the total number of bits of the heaps.
    pub fn nim_sum(&self, position: &Heaps) -> BigUint {
        position.0.iter().fold(BigUint::zero(), |acc, h| acc ^ h)
    }

    /// The Grundy value as a [`Nimber`], or `None` when it does not fit in 64 bits.
    pub fn value(&self, position: &Heaps) -> Option<Nimber> {
        self.nim_sum(position).to_u64().map(Nimber::new)
    }

    /// The normal-play outcome: P exactly when the nim-sum is zero.
    pub fn outcome(&self, position: &Heaps) -> Outcome {
        if self.nim_sum(position).is_zero() { Outcome::P } else { Outcome::N }
    }

    /// Every winning move under normal play, in heap order; empty for a P-position.
    ///
    /// The winning moves are those that reduce a heap `h` to `h ⊕ s`, where `s` is the
    /// nim-sum, whenever `h ⊕ s < h`: exactly the heaps that have the leading bit of `s` set.
    ///
    /// # Complexity
    ///
    /// O(heaps), counting big-integer operations as one step.
    pub fn winning_moves(&self, position: &Heaps) -> Vec<NimMove> {
        let s = self.nim_sum(position);
        if s.is_zero() {
            return Vec::new();
        }
        position
            .0
            .iter()
            .enumerate()
            .filter_map(|(heap, h)| {
                let target = h ^ &s;
                (target < *h).then(|| NimMove { heap, take: h - target })
            })
            .collect()
    }

    /// The misère outcome: the player who takes the last token loses.
    ///
    /// When every heap has at most one token the game is decided by parity: P exactly when
    /// the number of one-token heaps is odd. Otherwise the outcome is that of normal play.
    pub fn misere_outcome(&self, position: &Heaps) -> Outcome {
        let big = position.0.iter().filter(|h| **h > BigUint::one()).count();
        if big == 0 {
            let ones = position.0.iter().filter(|h| h.is_one()).count();
            if ones % 2 == 1 { Outcome::P } else { Outcome::N }
        } else {
            self.outcome(position)
        }
    }

    /// Every winning move under misère play, in heap order; empty for a misère P-position.
    ///
    /// With two or more heaps above one, the normal-play winning moves win. With exactly one,
    /// reduce it to 0 or 1 so that an odd number of one-token heaps remains. With none, take
    /// a one-token heap when their number is even.
    pub fn misere_winning_moves(&self, position: &Heaps) -> Vec<NimMove> {
        let one = BigUint::one();
        let big: Vec<usize> = (0..position.len()).filter(|&i| position.0[i] > one).collect();
        let ones = position.0.iter().filter(|h| h.is_one()).count();
        match big.as_slice() {
            [] if ones % 2 == 0 => (0..position.len())
                .filter(|&i| position.0[i].is_one())
                .map(|heap| NimMove { heap, take: one.clone() })
                .collect(),
            [] => Vec::new(),
            &[heap] => {
                let h = &position.0[heap];
                // Leave an odd number of ones: keep 1 token if the others have an even count.
                let keep = if ones % 2 == 0 { one.clone() } else { BigUint::zero() };
                vec![NimMove { heap, take: h - keep }]
            }
            _ => self.winning_moves(position),
        }
    }

    /// Plays `mv`, or says why it is not legal.
    ///
    /// # Errors
    ///
    /// [`MoveError`] when the heap does not exist or the amount is zero or too large.
    pub fn play_checked(&self, position: &Heaps, mv: &NimMove) -> Result<Heaps, MoveError> {
        let size = position
            .0
            .get(mv.heap)
            .ok_or(MoveError::NoSuchHeap { heap: mv.heap + 1, heaps: position.len() })?;
        if mv.take.is_zero() || mv.take > *size {
            return Err(MoveError::BadAmount {
                heap: mv.heap + 1,
                take: mv.take.clone(),
                size: size.clone(),
            });
        }
        Ok(self.play(position, mv))
    }
}

impl Ruleset for Nim {
    type Position = Heaps;
    type Move = NimMove;

    /// Every amount from 1 to the heap size, for every heap: only for small heaps.
    fn moves(&self, position: &Heaps, moves: &mut Vec<NimMove>) {
        for (heap, h) in position.0.iter().enumerate() {
            let mut take = BigUint::one();
            while take <= *h {
                moves.push(NimMove { heap, take: take.clone() });
                take += 1u32;
            }
        }
    }

    fn play(&self, position: &Heaps, mv: &NimMove) -> Heaps {
        let mut next = position.clone();
        next.0[mv.heap] -= &mv.take;
        next
    }

    fn is_legal(&self, position: &Heaps, mv: &NimMove) -> bool {
        position.0.get(mv.heap).is_some_and(|h| !mv.take.is_zero() && mv.take <= *h)
    }

    fn is_terminal(&self, position: &Heaps) -> bool {
        position.0.iter().all(Zero::is_zero)
    }

    fn components(&self, position: &Heaps, components: &mut Vec<Heaps>) {
        components
            .extend(position.0.iter().filter(|h| !h.is_zero()).map(|h| Heaps(vec![h.clone()])));
    }

    fn canonical(&self, position: &Heaps) -> Heaps {
        let mut heaps: Vec<BigUint> = position.0.iter().filter(|h| !h.is_zero()).cloned().collect();
        heaps.sort();
        Heaps(heaps)
    }

    fn known_value(&self, position: &Heaps) -> Option<Nimber> {
        self.value(position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_displays() {
        let p: Heaps = " 3, 5  7 ".parse().expect("valid");
        assert_eq!(p, Heaps::new([3u32, 5, 7]));
        assert_eq!(p.to_string(), "3 5 7");
        assert_eq!("".parse::<Heaps>().expect("empty is valid"), Heaps::default());
    }

    #[test]
    fn rejects_bad_heaps_naming_them() {
        let err = "3 x 7".parse::<Heaps>().expect_err("x is no heap");
        assert_eq!(err.to_string(), "invalid heap 'x' (heap 2): expected a non-negative integer");
        assert!("3 -1".parse::<Heaps>().is_err());
        assert!("3 +".parse::<Heaps>().is_err());
        assert!("1.5".parse::<Heaps>().is_err());
    }

    #[test]
    fn bouton_on_the_classic_position() {
        let p = Heaps::new([3u32, 4, 5]);
        assert_eq!(Nim.nim_sum(&p), BigUint::from(2u32));
        assert_eq!(Nim.winning_moves(&p), vec![NimMove::new(0, 2u32)]);
        assert!(Nim.outcome(&Heaps::new([1u32, 2, 3])).is_p());
    }

    #[test]
    fn misere_closed_form_on_small_cases() {
        assert!(Nim.misere_outcome(&Heaps::default()).is_n());
        assert!(Nim.misere_outcome(&Heaps::new([1u32])).is_p());
        assert!(Nim.misere_outcome(&Heaps::new([1u32, 1])).is_n());
        assert!(Nim.misere_outcome(&Heaps::new([2u32, 2])).is_p());
        assert_eq!(Nim.misere_winning_moves(&Heaps::new([5u32])), vec![NimMove::new(0, 4u32)]);
        assert_eq!(Nim.misere_winning_moves(&Heaps::new([1u32, 5])), vec![NimMove::new(1, 5u32)]);
    }

    #[test]
    fn play_checked_names_the_problem() {
        let p = Heaps::new([3u32]);
        assert_eq!(
            Nim.play_checked(&p, &NimMove::new(1, 1u32)).expect_err("no heap 2").to_string(),
            "no heap 2: the position has 1 heaps"
        );
        assert_eq!(
            Nim.play_checked(&p, &NimMove::new(0, 4u32)).expect_err("too many").to_string(),
            "cannot take 4 from heap 1, which holds 3"
        );
    }
}
