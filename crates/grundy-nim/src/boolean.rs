//! Boolean Nim: Nim where every heap holds zero or one pebble.

use core::fmt;
use core::str::FromStr;

use grundy_core::{Nimber, Outcome, Ruleset};

const WORD: usize = 64;

/// A Boolean Nim position: which heaps hold a pebble, for any number of heaps.
///
/// A bitset of fixed length: heap `i` (counting from 0) holds a pebble exactly when bit `i`
/// is set. The text form is one character per heap, `1` for a pebble and `0` for an empty
/// heap, in heap order: `1001101`. The empty string is the position with no heap.
///
/// The derived order is a total order consistent with equality (lengths first, then the bits
/// as 64-bit words); it is not lexicographic in the text form.
///
/// With the `serde` feature a position serialises as its text form (`"1001101"`), and
/// deserialises through the parser: any other character is an error.
///
/// # Example
///
/// ```
/// use grundy_nim::BoolHeaps;
///
/// let mut heaps: BoolHeaps = "1001101".parse()?;
/// assert_eq!(heaps.len(), 7);
/// assert_eq!(heaps.count(), 4);
/// assert!(heaps.get(3) && !heaps.get(1));
/// heaps.set(1, true);
/// assert_eq!(heaps.to_string(), "1101101");
/// assert_eq!(heaps.iter_ones().collect::<Vec<_>>(), [0, 1, 3, 4, 6]);
/// # Ok::<(), grundy_nim::ParseBoolHeapsError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BoolHeaps {
    len: usize,
    /// Bit `i % 64` of word `i / 64` is heap `i`; bits at or beyond `len` are always zero.
    // Raw words rather than `bitvec`: these rows are the positions of Boolean Nim and its
    // quantum forms, cloned, hashed and read at every node of a search. On bitvec (measured,
    // docs/performance.md) reading was 1.5 to 2.4x and playing a move 1.1 to 1.7x slower.
    words: Vec<u64>,
}

impl BoolHeaps {
    /// `len` empty heaps.
    pub fn new(len: usize) -> Self {
        BoolHeaps { len, words: vec![0; len.div_ceil(WORD)] }
    }

    /// `len` heaps of one pebble each.
    pub fn full(len: usize) -> Self {
        let mut heaps = BoolHeaps { len, words: vec![u64::MAX; len.div_ceil(WORD)] };
        heaps.clear_tail();
        heaps
    }

    /// The heaps given as booleans in heap order (`true` = one pebble).
    pub fn from_bits<I: IntoIterator<Item = bool>>(bits: I) -> Self {
        let mut heaps = BoolHeaps::default();
        for bit in bits {
            heaps.push(bit);
        }
        heaps
    }

    /// The number of heaps (empty heaps included).
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Tells whether there is no heap at all.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Tells whether heap `heap` holds a pebble; `false` for a heap that does not exist.
    pub fn get(&self, heap: usize) -> bool {
        heap < self.len && self.words[heap / WORD] >> (heap % WORD) & 1 == 1
    }

    /// Puts a pebble on heap `heap` (`true`) or empties it (`false`).
    ///
    /// # Panics
    ///
    /// When `heap >= self.len()`, like indexing a slice out of bounds.
    pub fn set(&mut self, heap: usize, pebble: bool) {
        assert!(heap < self.len, "heap index {heap} out of range for {} heaps", self.len);
        let bit = 1u64 << (heap % WORD);
        if pebble {
            self.words[heap / WORD] |= bit;
        } else {
            self.words[heap / WORD] &= !bit;
        }
    }

    /// Appends a heap with one pebble (`true`) or none (`false`).
    pub fn push(&mut self, pebble: bool) {
        if self.len % WORD == 0 {
            self.words.push(0);
        }
        self.len += 1;
        self.set(self.len - 1, pebble);
    }

    /// The number of pebbles (heaps holding one).
    pub fn count(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The heaps in order, `true` for a pebble.
    pub fn iter(&self) -> impl Iterator<Item = bool> + '_ {
        (0..self.len).map(|i| self.get(i))
    }

    /// The indices of the heaps holding a pebble, in increasing order.
    pub fn iter_ones(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(w, &word)| {
            let mut rest = word;
            core::iter::from_fn(move || {
                if rest == 0 {
                    return None;
                }
                let bit = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                Some(w * WORD + bit)
            })
        })
    }

    fn clear_tail(&mut self) {
        let used = self.len % WORD;
        if used != 0 {
            if let Some(last) = self.words.last_mut() {
                *last &= (1u64 << used) - 1;
            }
        }
    }
}

impl fmt::Display for BoolHeaps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for bit in self.iter() {
            f.write_str(if bit { "1" } else { "0" })?;
        }
        Ok(())
    }
}

/// Why a text is not a Boolean Nim position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseBoolHeapsError {
    /// A character other than `0` or `1`.
    #[error("invalid character '{found}' at heap {heap}: expected 0 or 1")]
    InvalidCharacter {
        /// The offending character.
        found: char,
        /// Its position in the text, counting characters from 1.
        heap: usize,
    },
}

impl FromStr for BoolHeaps {
    type Err = ParseBoolHeapsError;

    /// One `0` or `1` per heap, nothing else (no spaces); the empty string has no heap.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut heaps = BoolHeaps::default();
        for (i, c) in s.chars().enumerate() {
            match c {
                '0' => heaps.push(false),
                '1' => heaps.push(true),
                found => return Err(ParseBoolHeapsError::InvalidCharacter { found, heap: i + 1 }),
            }
        }
        Ok(heaps)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for BoolHeaps {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for BoolHeaps {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl FromIterator<bool> for BoolHeaps {
    fn from_iter<I: IntoIterator<Item = bool>>(bits: I) -> Self {
        BoolHeaps::from_bits(bits)
    }
}

/// The ruleset of Boolean Nim: every heap holds at most one pebble, a move takes one.
///
/// A move is the index of a heap holding a pebble (counting from 0). Every move removes one
/// pebble, so the game lasts exactly as many moves as there are pebbles: the Grundy value is
/// the parity of the number of pebbles ([`known_value`](Ruleset::known_value) says so), and
/// under misère play the position is a P-position exactly when that number is odd. The
/// canonical form keeps only the number of pebbles.
///
/// Boolean Nim is trivial on its own; it matters as the realizations of Demi-Quantum Boolean
/// Nim (the `grundy-quantum` crate), where move names (heap indices) are shared between
/// realizations.
///
/// # Example
///
/// ```
/// use grundy_core::{Nimber, Ruleset, Solver};
/// use grundy_nim::{BoolHeaps, BooleanNim};
///
/// let heaps: BoolHeaps = "10110".parse()?;
/// assert_eq!(BooleanNim.move_list(&heaps), [0, 2, 3]);
/// assert_eq!(BooleanNim.play(&heaps, &2).to_string(), "10010");
/// assert_eq!(BooleanNim.value(&heaps), Nimber::ONE);
/// assert_eq!(Solver::new(&BooleanNim).value(&heaps)?, Nimber::ONE);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BooleanNim;

impl BooleanNim {
    /// The Grundy value: `*1` when the number of pebbles is odd, `0` otherwise.
    pub fn value(&self, position: &BoolHeaps) -> Nimber {
        Nimber::new((position.count() % 2) as u64)
    }

    /// The normal-play outcome: P exactly when the number of pebbles is even.
    pub fn outcome(&self, position: &BoolHeaps) -> Outcome {
        if position.count() % 2 == 0 { Outcome::P } else { Outcome::N }
    }

    /// The misère outcome: P exactly when the number of pebbles is odd.
    pub fn misere_outcome(&self, position: &BoolHeaps) -> Outcome {
        if position.count() % 2 == 1 { Outcome::P } else { Outcome::N }
    }
}

impl Ruleset for BooleanNim {
    type Position = BoolHeaps;
    type Move = usize;

    /// The heaps holding a pebble, in increasing order.
    fn moves(&self, position: &BoolHeaps, moves: &mut Vec<usize>) {
        moves.extend(position.iter_ones());
    }

    fn play(&self, position: &BoolHeaps, heap: &usize) -> BoolHeaps {
        let mut next = position.clone();
        next.set(*heap, false);
        next
    }

    fn is_legal(&self, position: &BoolHeaps, heap: &usize) -> bool {
        position.get(*heap)
    }

    fn is_terminal(&self, position: &BoolHeaps) -> bool {
        position.count() == 0
    }

    /// Only the number of pebbles matters: that many full heaps.
    fn canonical(&self, position: &BoolHeaps) -> BoolHeaps {
        BoolHeaps::full(position.count())
    }

    fn known_value(&self, position: &BoolHeaps) -> Option<Nimber> {
        Some(self.value(position))
    }
}
