//! The minimum excludant (mex) and sets of nimbers.
//!
//! The Grundy value of a position is the *mex* of the values of its options: the smallest
//! nimber that is not among them. [`mex`] computes it from an iterator in one pass;
//! [`NimberSet`] accumulates values one at a time (as a solver visits a position's children)
//! and can be cleared and reused without reallocating.
//!
//! Both keep small values in a bitmap that lives inline (no heap allocation while all values
//! are below 256), which is the overwhelmingly common case for Grundy values.

use std::fmt;
use std::iter::FusedIterator;

use smallvec::SmallVec;

use crate::nimber::Nimber;

/// Number of values held by the inline bitmaps.
const INLINE_BITS: u64 = 256;
/// Number of 64-bit words of the inline bitmaps.
const INLINE_WORDS: usize = 4;

/// Index of the 64-bit word that holds bit `v`, for a `v` known to be small.
#[inline(always)]
fn word_index(v: u64) -> usize {
    // Lossless: callers guarantee `v < 2^16`, so `v / 64` fits any `usize`.
    debug_assert!(v < 1 << 16);
    (v >> 6) as usize
}

/// The bit of bit `v` within its word.
#[inline(always)]
fn bit_mask(v: u64) -> u64 {
    1 << (v & 63)
}

/// Index of the first clear bit in `words`, if any.
#[inline]
fn first_clear_bit(words: &[u64]) -> Option<u64> {
    words
        .iter()
        .position(|&w| w != u64::MAX)
        .map(|i| 64 * Nimber::from_usize(i).value() + u64::from((!words[i]).trailing_zeros()))
}

/// Returns the minimum excludant of `options`: the smallest nimber not among them.
///
/// This is the Grundy value of a position whose options have the given values. Duplicates are
/// allowed and the order does not matter.
///
/// # Complexity
///
/// `O(k)` time for `k` options. Values below 256 are recorded in a bitmap on the stack, so
/// there is no heap allocation unless more than 16 options are 256 or more. Larger values are
/// only examined when all of `0..256` are present; since the mex of `k` values is at most `k`,
/// a bitmap of `256 + (number of large values)` bits then suffices.
///
/// The result never overflows: a mex of `2^64` would need `2^64` distinct options.
///
/// # Examples
///
/// ```
/// use grundy_core::{Nimber, mex};
///
/// let values = [0, 1, 3, 1, 0].map(Nimber::new);
/// assert_eq!(mex(values), Nimber::new(2));
/// assert_eq!(mex([]), Nimber::ZERO);
/// // Large values work too: a Nim heap of size 300 has value *300.
/// assert_eq!(mex((0..300).rev().map(Nimber::new)), Nimber::new(300));
/// ```
pub fn mex<I: IntoIterator<Item = Nimber>>(options: I) -> Nimber {
    // Values below 64 (by far the most common) go to a word kept in a register.
    let mut first = 0u64;
    let mut low = [0u64; INLINE_WORDS];
    let mut high: SmallVec<[u64; 16]> = SmallVec::new();
    for option in options {
        let v = option.value();
        if v < 64 {
            first |= bit_mask(v);
        } else if v < INLINE_BITS {
            low[word_index(v)] |= bit_mask(v);
        } else {
            high.push(v);
        }
    }
    if first != u64::MAX {
        return Nimber::new(u64::from((!first).trailing_zeros()));
    }
    low[0] = first;
    if let Some(m) = first_clear_bit(&low) {
        return Nimber::new(m);
    }
    // All of 0..256 are present, so the mex is 256 + (the mex of the large values shifted
    // down by 256), which is at most 256 + n for n large values: record those below 256 + n.
    let n = high.len();
    let mut seen: SmallVec<[u64; 8]> = SmallVec::from_elem(0, n.div_ceil(64));
    for &v in &high {
        match usize::try_from(v - INLINE_BITS) {
            Ok(i) if i < n => seen[i / 64] |= 1 << (i % 64),
            _ => {}
        }
    }
    // `n` is a collection length, so at most isize::MAX: the sum below cannot overflow.
    let gap = first_clear_bit(&seen)
        .map_or(Nimber::from_usize(n).value(), |g| g.min(Nimber::from_usize(n).value()));
    Nimber::new(INLINE_BITS + gap)
}

/// Values below this are stored in the bitmap of a [`NimberSet`]; larger ones in a sorted list.
const DENSE_LIMIT: u64 = 1 << 16;

/// A set of nimbers optimised for computing the [mex](NimberSet::mex).
///
/// A solver inserts the values of a position's options one by one, takes the mex, then
/// [`clear`](NimberSet::clear)s the set and reuses it for the next position. Values below
/// 256 are kept in an inline bitmap, so small sets never touch the heap; values below `2^16`
/// extend the bitmap (on the heap, reused after `clear`), and larger values are kept in a
/// sorted list.
///
/// Iteration is in increasing order. Equality compares the elements.
///
/// # Examples
///
/// ```
/// use grundy_core::Nimber;
/// use grundy_core::NimberSet;
///
/// let mut set = NimberSet::new();
/// for v in [0, 2, 1, 2, 4] {
///     set.insert(Nimber::new(v));
/// }
/// assert_eq!(set.len(), 4);
/// assert_eq!(set.mex(), Nimber::new(3));
/// assert_eq!(set.iter().map(Nimber::value).collect::<Vec<_>>(), [0, 1, 2, 4]);
/// set.clear();
/// assert_eq!(set.mex(), Nimber::ZERO);
/// ```
#[derive(Clone)]
pub struct NimberSet {
    /// Bit `v` is set iff `v` is in the set, for `v < 64 * dense.len()`; values in
    /// `64 * dense.len() .. DENSE_LIMIT` are absent. Trailing words may be zero. There are
    /// always at least `INLINE_WORDS` words, so small values never resize it.
    dense: SmallVec<[u64; INLINE_WORDS]>,
    /// The elements `≥ DENSE_LIMIT`, strictly increasing.
    sparse: Vec<u64>,
    /// Number of elements.
    len: usize,
}

impl NimberSet {
    /// Creates an empty set. Does not allocate.
    ///
    /// ```
    /// use grundy_core::NimberSet;
    ///
    /// assert!(NimberSet::new().is_empty());
    /// ```
    #[must_use]
    pub fn new() -> Self {
        NimberSet { dense: SmallVec::from_buf([0; INLINE_WORDS]), sparse: Vec::new(), len: 0 }
    }

    /// Returns the number of elements.
    ///
    /// # Complexity
    ///
    /// `O(1)`.
    #[inline]
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Returns `true` if the set has no elements.
    ///
    /// # Complexity
    ///
    /// `O(1)`.
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Removes all elements, keeping the allocated memory for reuse.
    ///
    /// # Complexity
    ///
    /// `O(1)`.
    #[inline]
    pub fn clear(&mut self) {
        self.dense.truncate(INLINE_WORDS);
        self.dense.fill(0);
        self.sparse.clear();
        self.len = 0;
    }

    /// Adds every value below 64 whose bit is set in `mask` (bit `k` for `*k`), in one step.
    ///
    /// ```
    /// use grundy_core::{Nimber, NimberSet};
    ///
    /// let mut set = NimberSet::new();
    /// set.insert(Nimber::new(1));
    /// set.insert_mask(0b1011);
    /// assert_eq!(set.len(), 3);
    /// assert_eq!(set.mex(), Nimber::new(2));
    /// ```
    pub fn insert_mask(&mut self, mask: u64) {
        // There are always at least `INLINE_WORDS` (one or more) words.
        let word = &mut self.dense[0];
        self.len += (mask & !*word).count_ones() as usize;
        *word |= mask;
    }

    /// Adds `value` to the set. Returns `true` if it was not already present.
    ///
    /// # Complexity
    ///
    /// `O(1)` amortised for values below `2^16` (growing the bitmap up to `value` the first
    /// time such a value is seen, by at most 8 KiB); `O(s)` for larger values, where `s` is the
    /// number of elements `≥ 2^16`.
    ///
    /// ```
    /// use grundy_core::Nimber;
    /// use grundy_core::NimberSet;
    ///
    /// let mut set = NimberSet::new();
    /// assert!(set.insert(Nimber::new(7)));
    /// assert!(!set.insert(Nimber::new(7)));
    /// assert!(set.contains(Nimber::new(7)));
    /// ```
    #[inline]
    pub fn insert(&mut self, value: Nimber) -> bool {
        let v = value.value();
        let added = if v < DENSE_LIMIT {
            let w = word_index(v);
            if w >= self.dense.len() {
                self.dense.resize(w + 1, 0);
            }
            let word = &mut self.dense[w];
            let added = *word & bit_mask(v) == 0;
            *word |= bit_mask(v);
            added
        } else {
            match self.sparse.binary_search(&v) {
                Ok(_) => false,
                Err(pos) => {
                    self.sparse.insert(pos, v);
                    true
                }
            }
        };
        self.len += usize::from(added);
        added
    }

    /// Removes `value` from the set. Returns `true` if it was present.
    ///
    /// # Complexity
    ///
    /// `O(1)` for values below `2^16`, `O(s)` for larger ones (see [`insert`](Self::insert)).
    ///
    /// ```
    /// use grundy_core::Nimber;
    /// use grundy_core::NimberSet;
    ///
    /// let mut set: NimberSet = (0..5).map(Nimber::new).collect();
    /// assert!(set.remove(Nimber::new(2)));
    /// assert!(!set.remove(Nimber::new(2)));
    /// assert_eq!(set.mex(), Nimber::new(2));
    /// ```
    #[inline]
    pub fn remove(&mut self, value: Nimber) -> bool {
        let v = value.value();
        let removed = if v < DENSE_LIMIT {
            match self.dense.get_mut(word_index(v)) {
                Some(word) => {
                    let removed = *word & bit_mask(v) != 0;
                    *word &= !bit_mask(v);
                    removed
                }
                None => false,
            }
        } else {
            match self.sparse.binary_search(&v) {
                Ok(pos) => {
                    self.sparse.remove(pos);
                    true
                }
                Err(_) => false,
            }
        };
        self.len -= usize::from(removed);
        removed
    }

    /// Returns `true` if `value` is in the set.
    ///
    /// # Complexity
    ///
    /// `O(1)` for values below `2^16`, `O(log s)` for larger ones.
    #[inline]
    #[must_use]
    pub fn contains(&self, value: Nimber) -> bool {
        let v = value.value();
        if v < DENSE_LIMIT {
            self.dense.get(word_index(v)).is_some_and(|w| w & bit_mask(v) != 0)
        } else {
            self.sparse.binary_search(&v).is_ok()
        }
    }

    /// Returns the minimum excludant: the smallest nimber not in the set.
    ///
    /// # Complexity
    ///
    /// `O(m / 64)` where `m` is the mex (`O(1)` for values below 256), plus `O(s)` in the
    /// unusual case where all of `0..2^16` are present.
    ///
    /// ```
    /// use grundy_core::Nimber;
    /// use grundy_core::NimberSet;
    ///
    /// let set: NimberSet = [0, 1, 2, 5].into_iter().map(Nimber::new).collect();
    /// assert_eq!(set.mex(), Nimber::new(3));
    /// ```
    #[must_use]
    pub fn mex(&self) -> Nimber {
        if let Some(m) = first_clear_bit(&self.dense) {
            return Nimber::new(m);
        }
        let end = 64 * Nimber::from_usize(self.dense.len()).value();
        if end < DENSE_LIMIT {
            return Nimber::new(end);
        }
        // All of 0..DENSE_LIMIT are present. The sparse values are distinct and sorted, so
        // `expected` is DENSE_LIMIT plus an index into `sparse` and cannot overflow.
        let mut expected = DENSE_LIMIT;
        for &v in &self.sparse {
            if v != expected {
                break;
            }
            expected += 1;
        }
        Nimber::new(expected)
    }

    /// Returns `true` if every element of `self` is in `other`.
    ///
    /// # Complexity
    ///
    /// `O(w + s)` for `w` bitmap words and `s` large values of both sets.
    ///
    /// ```
    /// use grundy_core::Nimber;
    /// use grundy_core::NimberSet;
    ///
    /// let small: NimberSet = [1, 3].into_iter().map(Nimber::new).collect();
    /// let big: NimberSet = (0..4).map(Nimber::new).collect();
    /// assert!(small.is_subset(&big));
    /// assert!(!big.is_subset(&small));
    /// ```
    #[must_use]
    pub fn is_subset(&self, other: &NimberSet) -> bool {
        if self.len > other.len {
            return false;
        }
        let dense_ok = self.dense.iter().enumerate().all(|(i, &w)| {
            let o = other.dense.get(i).copied().unwrap_or(0);
            w & !o == 0
        });
        if !dense_ok {
            return false;
        }
        // Merge walk over the two sorted lists.
        let mut others = other.sparse.iter().peekable();
        self.sparse.iter().all(|&v| {
            while others.next_if(|&&o| o < v).is_some() {}
            others.next_if_eq(&&v).is_some()
        })
    }

    /// Returns an iterator over the elements in increasing order.
    ///
    /// # Complexity
    ///
    /// `O(w + n)` for the whole iteration, with `w` bitmap words and `n` elements.
    #[must_use]
    pub fn iter(&self) -> Iter<'_> {
        Iter {
            dense: &self.dense,
            word_base: 0,
            next_base: 0,
            word: 0,
            sparse: self.sparse.iter(),
            remaining: self.len,
        }
    }
}

impl Default for NimberSet {
    /// An empty set, the same as [`NimberSet::new`].
    fn default() -> Self {
        Self::new()
    }
}

impl PartialEq for NimberSet {
    fn eq(&self, other: &Self) -> bool {
        if self.len != other.len || self.sparse != other.sparse {
            return false;
        }
        let (short, long) = if self.dense.len() <= other.dense.len() {
            (&self.dense, &other.dense)
        } else {
            (&other.dense, &self.dense)
        };
        short[..] == long[..short.len()] && long[short.len()..].iter().all(|&w| w == 0)
    }
}

impl Eq for NimberSet {}

impl fmt::Debug for NimberSet {
    /// Formats as `{0, *, *3}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// With the `serde` feature a set serialises as the sequence of its elements in increasing
/// order (`[0, 1, 4]`); any sequence of nimbers deserialises, repeats counted once.
#[cfg(feature = "serde")]
impl serde::Serialize for NimberSet {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for NimberSet {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(Vec::<Nimber>::deserialize(deserializer)?.into_iter().collect())
    }
}

impl FromIterator<Nimber> for NimberSet {
    fn from_iter<I: IntoIterator<Item = Nimber>>(iter: I) -> Self {
        let mut set = NimberSet::new();
        set.extend(iter);
        set
    }
}

impl Extend<Nimber> for NimberSet {
    fn extend<I: IntoIterator<Item = Nimber>>(&mut self, iter: I) {
        for v in iter {
            self.insert(v);
        }
    }
}

impl<'a> Extend<&'a Nimber> for NimberSet {
    fn extend<I: IntoIterator<Item = &'a Nimber>>(&mut self, iter: I) {
        for &v in iter {
            self.insert(v);
        }
    }
}

impl<'a> IntoIterator for &'a NimberSet {
    type Item = Nimber;
    type IntoIter = Iter<'a>;

    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

/// Iterator over the elements of a [`NimberSet`] in increasing order, returned by
/// [`NimberSet::iter`].
#[derive(Clone, Debug)]
pub struct Iter<'a> {
    /// Bitmap words not yet loaded.
    dense: &'a [u64],
    /// Value of bit 0 of `word`.
    word_base: u64,
    /// Value of bit 0 of `dense[0]`.
    next_base: u64,
    /// Remaining bits of the current word.
    word: u64,
    sparse: std::slice::Iter<'a, u64>,
    remaining: usize,
}

impl Iterator for Iter<'_> {
    type Item = Nimber;

    #[inline]
    fn next(&mut self) -> Option<Nimber> {
        loop {
            if self.word != 0 {
                let bit = self.word.trailing_zeros();
                self.word &= self.word - 1;
                self.remaining -= 1;
                return Some(Nimber::new(self.word_base + u64::from(bit)));
            }
            match self.dense.split_first() {
                Some((&w, rest)) => {
                    self.word = w;
                    self.word_base = self.next_base;
                    self.next_base += 64;
                    self.dense = rest;
                }
                None => {
                    let v = self.sparse.next()?;
                    self.remaining -= 1;
                    return Some(Nimber::new(*v));
                }
            }
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }
}

impl ExactSizeIterator for Iter<'_> {}

impl FusedIterator for Iter<'_> {}
