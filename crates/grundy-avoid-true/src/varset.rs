//! [`VarSet`]: a set of small indices as a bitset.

use core::fmt;

const WORD: usize = 64;

/// A set of indices (variables, piles, stations, vertices), as a bitset of any size.
///
/// Indices are counted from 0. The set grows as needed; equality, hashing and the order do
/// not depend on how it grew (the derived order is a total order consistent with equality,
/// not the lexicographic order of the elements). `Debug` and `Display` print the elements:
/// `{0, 3, 7}`.
///
/// # Example
///
/// ```
/// use grundy_avoid_true::VarSet;
///
/// let mut s: VarSet = [7, 0, 3].into_iter().collect();
/// assert!(s.contains(3) && !s.contains(4));
/// assert!(s.insert(200));
/// assert!(!s.insert(200));
/// assert_eq!(s.iter().collect::<Vec<_>>(), [0, 3, 7, 200]);
/// assert!(s.remove(200));
/// assert_eq!(s, [0, 3, 7].into_iter().collect());
/// assert_eq!(s.to_string(), "{0, 3, 7}");
/// ```
///
/// With the `serde` feature a set serialises as its elements in increasing order
/// (`[0, 3, 7]`); any list deserialises (repeats counted once) whose elements are below
/// 2^20, so that short data cannot ask for a huge allocation.
#[derive(Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarSet {
    /// Bit `i % 64` of word `i / 64` is element `i`; the last word, if any, is not zero.
    // Raw words rather than `bitvec`: positions of Avoid True and the rechargeable games are
    // these sets, hashed, compared and combined at every node of a search. On bitvec
    // (measured, docs/performance.md) membership was about 4x and set operations about 2x
    // slower even with the words read directly, as its pointer encoding is decoded per access.
    words: Vec<u64>,
}

impl VarSet {
    /// The empty set.
    pub const fn new() -> Self {
        VarSet { words: Vec::new() }
    }

    /// The set `{0, 1, ..., n - 1}`.
    pub fn full(n: usize) -> Self {
        let mut words = vec![u64::MAX; n / WORD];
        if n % WORD != 0 {
            words.push((1u64 << (n % WORD)) - 1);
        }
        VarSet { words }
    }

    /// Tells whether `i` is in the set.
    pub fn contains(&self, i: usize) -> bool {
        self.words.get(i / WORD).is_some_and(|w| w >> (i % WORD) & 1 == 1)
    }

    /// Adds `i`; returns whether it was new.
    pub fn insert(&mut self, i: usize) -> bool {
        let w = i / WORD;
        if w >= self.words.len() {
            self.words.resize(w + 1, 0);
        }
        let bit = 1u64 << (i % WORD);
        let new = self.words[w] & bit == 0;
        self.words[w] |= bit;
        new
    }

    /// Removes `i`; returns whether it was there.
    pub fn remove(&mut self, i: usize) -> bool {
        let present = self.contains(i);
        if present {
            self.words[i / WORD] &= !(1u64 << (i % WORD));
            self.trim();
        }
        present
    }

    /// The number of elements.
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Tells whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// The largest element, or `None` for the empty set.
    pub fn max_element(&self) -> Option<usize> {
        let last = self.words.last()?;
        Some((self.words.len() - 1) * WORD + (WORD - 1 - last.leading_zeros() as usize))
    }

    /// The elements in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
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

    /// Tells whether the two sets have no element in common.
    pub fn is_disjoint(&self, other: &VarSet) -> bool {
        self.words.iter().zip(&other.words).all(|(a, b)| a & b == 0)
    }

    /// Tells whether every element of `self` is in `other`.
    pub fn is_subset(&self, other: &VarSet) -> bool {
        self.words.len() <= other.words.len()
            && self.words.iter().zip(&other.words).all(|(a, b)| a & !b == 0)
    }

    /// The elements in `self` or in `other`.
    #[must_use]
    pub fn union(&self, other: &VarSet) -> VarSet {
        let (long, short) =
            if self.words.len() >= other.words.len() { (self, other) } else { (other, self) };
        let mut words = long.words.clone();
        for (w, s) in words.iter_mut().zip(&short.words) {
            *w |= s;
        }
        VarSet { words }
    }

    /// The elements in both `self` and `other`.
    #[must_use]
    pub fn intersection(&self, other: &VarSet) -> VarSet {
        let mut set =
            VarSet { words: self.words.iter().zip(&other.words).map(|(a, b)| a & b).collect() };
        set.trim();
        set
    }

    /// The elements of `self` not in `other`.
    #[must_use]
    pub fn difference(&self, other: &VarSet) -> VarSet {
        let mut words = self.words.clone();
        for (w, o) in words.iter_mut().zip(&other.words) {
            *w &= !o;
        }
        let mut set = VarSet { words };
        set.trim();
        set
    }

    fn trim(&mut self) {
        while self.words.last() == Some(&0) {
            self.words.pop();
        }
    }
}

impl FromIterator<usize> for VarSet {
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> Self {
        let mut set = VarSet::new();
        for i in iter {
            set.insert(i);
        }
        set
    }
}

impl Extend<usize> for VarSet {
    fn extend<I: IntoIterator<Item = usize>>(&mut self, iter: I) {
        for i in iter {
            self.insert(i);
        }
    }
}

impl fmt::Debug for VarSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl fmt::Display for VarSet {
    /// `{0, 3, 7}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (k, i) in self.iter().enumerate() {
            if k > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{i}")?;
        }
        f.write_str("}")
    }
}
