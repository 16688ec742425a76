//! [`BitSet`]: a set of small non-negative integers (elements, variables, piles) stored as a
//! bitset of any size, the one set type of the workspace's rulesets (`grundy_graph::BitSet`
//! and `grundy_avoid_true::VarSet` are this type under the names of their domains).

use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};

use smallvec::SmallVec;

/// The number of elements a word of a [`BitSet`] holds.
const WORD: usize = 64;

/// The elements a [`BitSet`] accepts when deserialised are below this (2^20): short data
/// cannot ask for a huge allocation.
pub const MAX_DESERIALIZED: usize = 1 << 20;

/// A set of small non-negative integers (elements, variables, piles), stored as a bitset of
/// 64-bit words.
///
/// Sets of elements below 128 live inline, without allocation; larger sets grow on the heap.
/// The storage never keeps trailing zero words, so two equal sets have equal words and hash
/// alike whatever operations built them.
///
/// Sets are ordered as the binary numbers `Σ 2^v` over their elements: by their largest element
/// first, then downwards (so `{} < {0} < {1} < {0, 1} < {2}`).
///
/// # Example
///
/// ```
/// use grundy_core::BitSet;
///
/// let mut a: BitSet = [0, 1, 2, 200].into_iter().collect();
/// let b = BitSet::range(2..5);
/// assert!(a.contains(200));
/// assert_eq!(a.intersection(&b).iter().collect::<Vec<_>>(), vec![2]);
/// assert_eq!((&a | &b).len(), 6);
/// assert!(a.remove(200));
/// assert_eq!(a.to_string(), "{0, 1, 2}");
/// ```
///
/// With the `serde` feature a set serialises as its elements in increasing order
/// (`[0, 1, 2, 200]`); any list deserialises (repeats counted once) whose elements are below
/// [`MAX_DESERIALIZED`], so that short data cannot ask for a huge allocation.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct BitSet {
    /// Invariant: the last word, if any, is not zero.
    // Raw words rather than `bitvec`: this set is the hot path of the Friend Circle,
    // Demographic Influence and Avoid True solvers, which need inline storage without
    // allocation up to 128 elements and word-wise operations; on bitvec (measured,
    // docs/performance.md) membership was about 4x and set operations about 2x slower.
    words: SmallVec<[u64; 2]>,
}

impl BitSet {
    /// The empty set.
    pub fn new() -> Self {
        BitSet { words: SmallVec::new() }
    }

    /// The set holding only `v`.
    pub fn singleton(v: usize) -> Self {
        let mut set = BitSet::new();
        set.insert(v);
        set
    }

    /// The set of the elements of `range`.
    pub fn range(range: core::ops::Range<usize>) -> Self {
        let mut set = BitSet::new();
        if range.start >= range.end {
            return set;
        }
        let words = range.end.div_ceil(WORD);
        set.words.resize(words, 0);
        for (i, word) in set.words.iter_mut().enumerate() {
            let lo = i * WORD;
            let from = range.start.saturating_sub(lo).min(WORD);
            let to = (range.end - lo).min(WORD);
            if from < to {
                *word = mask_below(to) & !mask_below(from);
            }
        }
        set.trim();
        set
    }

    /// The set whose members are the set bits of `words` (bit `b` of word `i` is element
    /// `64 i + b`).
    pub fn from_words(words: &[u64]) -> Self {
        let mut set = BitSet { words: SmallVec::from_slice(words) };
        set.trim();
        set
    }

    /// The words of the bitset, least significant first, without trailing zero words.
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    /// Drops trailing zero words (restores the invariant).
    fn trim(&mut self) {
        while self.words.last() == Some(&0) {
            self.words.pop();
        }
    }

    /// Adds `v`; returns whether it was absent.
    pub fn insert(&mut self, v: usize) -> bool {
        let (w, bit) = (v / WORD, 1u64 << (v % WORD));
        if w >= self.words.len() {
            self.words.resize(w + 1, 0);
        }
        let absent = self.words[w] & bit == 0;
        self.words[w] |= bit;
        absent
    }

    /// Removes `v`; returns whether it was present.
    pub fn remove(&mut self, v: usize) -> bool {
        let (w, bit) = (v / WORD, 1u64 << (v % WORD));
        match self.words.get_mut(w) {
            Some(word) if *word & bit != 0 => {
                *word &= !bit;
                self.trim();
                true
            }
            _ => false,
        }
    }

    /// Tells whether `v` is in the set.
    pub fn contains(&self, v: usize) -> bool {
        self.words.get(v / WORD).is_some_and(|word| word & (1u64 << (v % WORD)) != 0)
    }

    /// The number of elements in the set.
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Tells whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// Removes every element.
    pub fn clear(&mut self) {
        self.words.clear();
    }

    /// The smallest element, if any.
    pub fn first(&self) -> Option<usize> {
        self.words
            .iter()
            .enumerate()
            .find(|(_, w)| **w != 0)
            .map(|(i, w)| i * WORD + w.trailing_zeros() as usize)
    }

    /// The largest element, if any.
    pub fn last(&self) -> Option<usize> {
        let top = *self.words.last()?;
        Some((self.words.len() - 1) * WORD + (WORD - 1 - top.leading_zeros() as usize))
    }

    /// The elements in increasing order.
    pub fn iter(&self) -> Iter<'_> {
        Iter { words: &self.words, index: 0, current: self.words.first().copied().unwrap_or(0) }
    }

    /// The elements in either set.
    pub fn union(&self, other: &BitSet) -> BitSet {
        let mut out = self.clone();
        out.union_with(other);
        out
    }

    /// The elements in both sets.
    pub fn intersection(&self, other: &BitSet) -> BitSet {
        let mut out = self.clone();
        out.intersect_with(other);
        out
    }

    /// The elements of `self` not in `other`.
    pub fn difference(&self, other: &BitSet) -> BitSet {
        let mut out = self.clone();
        out.difference_with(other);
        out
    }

    /// The elements in exactly one of the sets.
    pub fn symmetric_difference(&self, other: &BitSet) -> BitSet {
        let mut out = self.clone();
        if other.words.len() > out.words.len() {
            out.words.resize(other.words.len(), 0);
        }
        for (a, b) in out.words.iter_mut().zip(&other.words) {
            *a ^= b;
        }
        out.trim();
        out
    }

    /// Adds every element of `other`.
    pub fn union_with(&mut self, other: &BitSet) {
        if other.words.len() > self.words.len() {
            self.words.resize(other.words.len(), 0);
        }
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a |= b;
        }
    }

    /// Keeps only the elements also in `other`.
    pub fn intersect_with(&mut self, other: &BitSet) {
        self.words.truncate(other.words.len());
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a &= b;
        }
        self.trim();
    }

    /// Removes every element of `other`.
    pub fn difference_with(&mut self, other: &BitSet) {
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a &= !b;
        }
        self.trim();
    }

    /// Tells whether every element of `self` is in `other`.
    pub fn is_subset(&self, other: &BitSet) -> bool {
        self.words.len() <= other.words.len()
            && self.words.iter().zip(&other.words).all(|(a, b)| a & !b == 0)
    }

    /// Tells whether the sets have no element in common.
    pub fn is_disjoint(&self, other: &BitSet) -> bool {
        self.words.iter().zip(&other.words).all(|(a, b)| a & b == 0)
    }

    /// The number of elements in both sets, without building the intersection.
    pub fn intersection_len(&self, other: &BitSet) -> usize {
        self.words.iter().zip(&other.words).map(|(a, b)| (a & b).count_ones() as usize).sum()
    }
}

/// Mask of the bits below `n` (`n` at most 64).
const fn mask_below(n: usize) -> u64 {
    if n >= WORD { u64::MAX } else { (1u64 << n) - 1 }
}

impl Hash for BitSet {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.words.as_slice().hash(state);
    }
}

impl Ord for BitSet {
    fn cmp(&self, other: &Self) -> Ordering {
        self.words
            .len()
            .cmp(&other.words.len())
            .then_with(|| self.words.iter().rev().cmp(other.words.iter().rev()))
    }
}

impl PartialOrd for BitSet {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Debug for BitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Writes the set as `{0, 3, 5}`.
impl fmt::Display for BitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, v) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{v}")?;
        }
        f.write_str("}")
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for BitSet {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for BitSet {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let elements = <Vec<usize> as serde::Deserialize>::deserialize(deserializer)?;
        let max = MAX_DESERIALIZED;
        if let Some(&v) = elements.iter().find(|&&v| v >= max) {
            return Err(serde::de::Error::custom(format_args!(
                "element {v} is too large: elements are below {max}"
            )));
        }
        Ok(elements.into_iter().collect())
    }
}

impl FromIterator<usize> for BitSet {
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> Self {
        let mut set = BitSet::new();
        set.extend(iter);
        set
    }
}

impl Extend<usize> for BitSet {
    fn extend<I: IntoIterator<Item = usize>>(&mut self, iter: I) {
        for v in iter {
            self.insert(v);
        }
    }
}

impl<'a> IntoIterator for &'a BitSet {
    type Item = usize;
    type IntoIter = Iter<'a>;

    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl core::ops::BitOr for &BitSet {
    type Output = BitSet;

    /// The union.
    fn bitor(self, other: &BitSet) -> BitSet {
        self.union(other)
    }
}

impl core::ops::BitAnd for &BitSet {
    type Output = BitSet;

    /// The intersection.
    fn bitand(self, other: &BitSet) -> BitSet {
        self.intersection(other)
    }
}

impl core::ops::Sub for &BitSet {
    type Output = BitSet;

    /// The difference.
    fn sub(self, other: &BitSet) -> BitSet {
        self.difference(other)
    }
}

/// The elements of a [`BitSet`] in increasing order.
#[derive(Clone, Debug)]
pub struct Iter<'a> {
    words: &'a [u64],
    index: usize,
    current: u64,
}

impl Iterator for Iter<'_> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        while self.current == 0 {
            self.index += 1;
            self.current = *self.words.get(self.index)?;
        }
        let bit = self.current.trailing_zeros() as usize;
        self.current &= self.current - 1;
        Some(self.index * WORD + bit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn range_matches_inserts() {
        for start in [0, 1, 63, 64, 65, 127, 128, 130] {
            for end in [0, 1, 63, 64, 65, 127, 128, 129, 200] {
                let expected: BitSet = (start..end).collect();
                assert_eq!(BitSet::range(start..end), expected, "{start}..{end}");
            }
        }
    }

    #[test]
    fn trailing_words_never_linger() {
        let mut a = BitSet::singleton(300);
        assert!(a.remove(300));
        assert_eq!(a, BitSet::new());
        assert!(a.words().is_empty());
        let b = BitSet::singleton(200).intersection(&BitSet::singleton(3));
        assert!(b.words().is_empty());
    }
}
