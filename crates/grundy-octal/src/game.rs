//! Multi-heap positions of an octal game as a [`Ruleset`].

use core::fmt;
use core::str::FromStr;

use grundy_core::{Nimber, Ruleset};

use crate::{Code, OctalError, Rules, Sequence};

/// The largest heap whose moves are enumerated one by one (winning moves, the generic solver).
pub const MAX_ENUMERATED_HEAP: u64 = 1 << 24;

/// A position: heaps of tokens, in order. Text form: sizes separated by spaces (`17 20`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Heaps(Vec<u64>);

impl Heaps {
    /// A position with the given heaps.
    pub fn new(heaps: impl Into<Vec<u64>>) -> Self {
        Heaps(heaps.into())
    }

    /// The heap sizes.
    pub fn heaps(&self) -> &[u64] {
        &self.0
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

impl FromStr for Heaps {
    type Err = OctalError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
            .enumerate()
            .map(|(i, t)| {
                t.parse::<u64>()
                    .map_err(|_| OctalError::BadHeap { token: t.to_owned(), index: i + 1 })
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Heaps)
    }
}

/// A move: take `take` tokens from heap `heap` (counting from 0) and leave `rest`, zero to
/// three non-empty heaps in increasing order, in its place.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OctalMove {
    heap: usize,
    take: u64,
    rest: Vec<u64>,
}

impl OctalMove {
    /// The move taking `take` from heap `heap` and leaving the heaps `rest`.
    pub fn new(heap: usize, take: u64, rest: impl Into<Vec<u64>>) -> Self {
        let mut rest = rest.into();
        rest.sort_unstable();
        OctalMove { heap, take, rest }
    }

    /// The heap played in, counting from 0.
    pub const fn heap(&self) -> usize {
        self.heap
    }

    /// The number of tokens taken.
    pub const fn take(&self) -> u64 {
        self.take
    }

    /// The heaps left in place of the heap played, in increasing order.
    pub fn rest(&self) -> &[u64] {
        &self.rest
    }
}

impl fmt::Display for OctalMove {
    /// `take 3 from heap 1 leaving 6 and 41`, or `split heap 2 into 5 and 8` when nothing is
    /// taken (heaps counted from 1).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.take == 0 {
            write!(f, "split heap {} into", self.heap + 1)?;
            for (i, h) in self.rest.iter().enumerate() {
                let sep = if i == 0 {
                    " "
                } else if i + 1 == self.rest.len() {
                    " and "
                } else {
                    ", "
                };
                write!(f, "{sep}{h}")?;
            }
            return Ok(());
        }
        write!(f, "take {} from heap {}", self.take, self.heap + 1)?;
        match self.rest.as_slice() {
            [] => f.write_str(" leaving nothing"),
            [a] => write!(f, " leaving {a}"),
            [a, b] => write!(f, " leaving {a} and {b}"),
            [init @ .., last] => {
                f.write_str(" leaving ")?;
                for h in init {
                    write!(f, "{h}, ")?;
                }
                write!(f, "and {last}")
            }
        }
    }
}

/// The ruleset of an octal game on several heaps.
///
/// Components are the heaps, the canonical form sorts them, and values come from the game's
/// [`Sequence`] whenever it covers a heap (computed, or by a proved period), so the generic
/// solver of `grundy-core` only searches heaps the sequence does not know.
///
/// # Example
///
/// ```
/// use grundy_octal::{Heaps, Octal};
///
/// let dawson = Octal::with_values("0.137".parse()?, 100)?;
/// let position: Heaps = "17 20".parse()?;
/// assert_eq!(dawson.value(&position).map(|v| v.value()), Some(2));
/// let moves = dawson.winning_moves(&position)?;
/// assert!(moves.iter().all(|mv| dawson.value(&dawson.play_move(&position, mv)).unwrap().is_zero()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Octal {
    sequence: Sequence,
}

impl Octal {
    /// The game of `code`, with no value computed in advance.
    pub fn new(code: Code) -> Self {
        Octal::for_rules(Rules::octal(code))
    }

    /// The game of any [`Rules`] (an octal code, a subtraction set, Grundy's game), with no
    /// value computed in advance.
    pub fn for_rules(rules: Rules) -> Self {
        Octal { sequence: Sequence::for_rules(rules) }
    }

    /// The game of `code` with the values of heaps `0 ..= upto` computed, and its period if
    /// one is proved by the time they are.
    ///
    /// # Errors
    ///
    /// [`OctalError::TooLong`] when `upto` is too large to compute.
    pub fn with_values(code: Code, upto: usize) -> Result<Self, OctalError> {
        Octal::for_rules_with_values(Rules::octal(code), upto)
    }

    /// The game of `rules` with the values of heaps `0 ..= upto` computed, and its period if
    /// one is proved by the time they are (never for unequal splits).
    ///
    /// # Errors
    ///
    /// [`OctalError::TooLong`] when `upto` is too large to compute.
    pub fn for_rules_with_values(rules: Rules, upto: usize) -> Result<Self, OctalError> {
        let mut sequence = Sequence::for_rules(rules);
        let len =
            upto.checked_add(1).ok_or(OctalError::TooLong { len: upto, max: crate::MAX_LEN })?;
        sequence.extend_to(len)?;
        if !sequence.code().splits_in_three() && !sequence.rules().unequal_splits() {
            sequence.find_period(len)?;
        }
        Ok(Octal { sequence })
    }

    /// The game with an already computed sequence.
    pub fn from_sequence(sequence: Sequence) -> Self {
        Octal { sequence }
    }

    /// The octal code of the game's moves (see [`Rules::code`]).
    pub const fn code(&self) -> &Code {
        self.sequence.code()
    }

    /// The rules of the game.
    pub const fn rules(&self) -> &Rules {
        self.sequence.rules()
    }

    /// The sequence of single-heap values behind the game.
    pub const fn sequence(&self) -> &Sequence {
        &self.sequence
    }

    /// The Grundy value of a position: the nim-sum of its heaps' values, when the sequence
    /// covers every heap.
    pub fn value(&self, position: &Heaps) -> Option<Nimber> {
        position.0.iter().try_fold(Nimber::ZERO, |acc, &h| Some(acc + self.sequence.value(h)?))
    }

    /// Every winning move of `position` (normal play): the moves to a position of value 0.
    ///
    /// # Errors
    ///
    /// [`OctalError::Unknown`] when a heap's value is not covered by the sequence, and
    /// [`OctalError::HeapTooLarge`] when a heap that has winning moves is too large to
    /// enumerate its moves.
    pub fn winning_moves(&self, position: &Heaps) -> Result<Vec<OctalMove>, OctalError> {
        let values = position
            .0
            .iter()
            .map(|&h| self.sequence.value(h).ok_or(OctalError::Unknown { heap: h }))
            .collect::<Result<Vec<_>, _>>()?;
        let total: Nimber = values.iter().sum();
        let mut winning = Vec::new();
        if total.is_zero() {
            return Ok(winning);
        }
        for (i, (&h, &v)) in position.0.iter().zip(&values).enumerate() {
            let target = total + v;
            let mut moves = Vec::new();
            self.heap_moves(i, h, &mut moves)?;
            for mv in moves {
                let reached = mv
                    .rest
                    .iter()
                    .try_fold(Nimber::ZERO, |acc, &r| Some(acc + self.sequence.value(r)?));
                if reached == Some(target) {
                    winning.push(mv);
                }
            }
        }
        Ok(winning)
    }

    /// Plays `mv` (a legal move) and returns the new position.
    pub fn play_move(&self, position: &Heaps, mv: &OctalMove) -> Heaps {
        self.play(position, mv)
    }

    /// Appends every move of heap number `index`, of size `h`.
    fn heap_moves(
        &self,
        index: usize,
        h: u64,
        moves: &mut Vec<OctalMove>,
    ) -> Result<(), OctalError> {
        if h > MAX_ENUMERATED_HEAP {
            return Err(OctalError::HeapTooLarge { heap: h, max: MAX_ENUMERATED_HEAP });
        }
        let unequal = u64::from(self.rules().unequal_splits());
        for (j, &d) in self.code().digits().iter().enumerate() {
            let j = j as u64;
            if j > h {
                break;
            }
            let m = h - j;
            if d & 1 != 0 && j >= 1 && m == 0 {
                moves.push(OctalMove { heap: index, take: j, rest: Vec::new() });
            }
            if d & 2 != 0 && j >= 1 && m >= 1 {
                moves.push(OctalMove { heap: index, take: j, rest: vec![m] });
            }
            if d & 4 != 0 && m >= 2 {
                for a in 1..=(m - unequal) / 2 {
                    moves.push(OctalMove { heap: index, take: j, rest: vec![a, m - a] });
                }
            }
            if d & 8 != 0 && m >= 3 {
                for a in 1..=m / 3 {
                    for b in a..=(m - a) / 2 {
                        moves.push(OctalMove { heap: index, take: j, rest: vec![a, b, m - a - b] });
                    }
                }
            }
        }
        Ok(())
    }
}

impl Ruleset for Octal {
    type Position = Heaps;
    type Move = OctalMove;

    /// Every move of every heap. Heaps above [`MAX_ENUMERATED_HEAP`] are skipped (their
    /// values must come from the sequence).
    fn moves(&self, position: &Heaps, moves: &mut Vec<OctalMove>) {
        for (i, &h) in position.0.iter().enumerate() {
            // Only fails for heaps above the limit, which are left out as documented.
            let _ = self.heap_moves(i, h, moves);
        }
    }

    fn play(&self, position: &Heaps, mv: &OctalMove) -> Heaps {
        let mut heaps = Vec::with_capacity(position.0.len() + 2);
        heaps.extend_from_slice(&position.0[..mv.heap]);
        heaps.extend_from_slice(&mv.rest);
        heaps.extend_from_slice(&position.0[mv.heap + 1..]);
        Heaps(heaps)
    }

    fn components(&self, position: &Heaps, components: &mut Vec<Heaps>) {
        components.extend(position.0.iter().filter(|&&h| h > 0).map(|&h| Heaps(vec![h])));
    }

    fn canonical(&self, position: &Heaps) -> Heaps {
        let mut heaps: Vec<u64> = position.0.iter().copied().filter(|&h| h > 0).collect();
        heaps.sort_unstable();
        Heaps(heaps)
    }

    fn known_value(&self, position: &Heaps) -> Option<Nimber> {
        self.value(position)
    }
}
