//! A transposition table for positions that fit in a machine word: 8 bytes an entry, exact
//! keys, one cache line a lookup.
//!
//! A ruleset whose canonical positions pack into a `u64` says so through
//! [`Ruleset::word_key`](crate::Ruleset::word_key); the [`Solver`](crate::Solver) then keeps
//! their facts in a [`CompactTable`] instead of the general [`Table`](crate::Table), which
//! spends 24 bytes or more an entry and touches two cache lines a lookup. On large searches
//! (millions of positions, far beyond the processor's caches) the lookups dominate, so this
//! is where the time goes.
//!
//! # Exact keys in fewer bits
//!
//! A key is mixed by a bijection of 64-bit words. The low `b` bits of the mixed word choose
//! one of `2^b` buckets and the other `64 − b` bits are stored in the slot: bucket and stored
//! bits give back the mixed word, hence the key. With `b ≥ 16` (the table starts at 2^16
//! buckets) that leaves 16 bits of the slot: 15 for the fact, one for protection. So two keys never share a slot by
//! accident: a lookup can never return the fact of another position.
//!
//! # What fits
//!
//! Exact values below 2^13, "not zero", and exclusions of values below 13 ([`Known`];
//! `Excludes(1)`, which says "not zero" too, reads back as [`Known::NonZero`]). Other facts
//! are refused by [`CompactTable::insert`] (the solver keeps them in its general table).
//!
//! # Growth and replacement
//!
//! The table doubles when half of its slots are used, as long as its memory bound allows, so
//! that buckets hold four entries on average and a full one is rare (about 2% of the buckets
//! at the fullest, fewer after a doubling). A full bucket makes room by the [`Replacement`]
//! policy chosen: the table may forget, never answer wrongly.
//!
//! # The protected part
//!
//! Entries stored by [`CompactTable::insert_protected`] (the solver uses it for the positions
//! near the root of its search, [`PROTECTED_DEPTH`](crate::solver::PROTECTED_DEPTH) moves
//! deep at most) are the last a full bucket gives up, whatever the policy.

use crate::Nimber;
use crate::known::Known;
use crate::table::TableStats;

/// Slots of a bucket: one 64-byte cache line.
const WAYS: usize = 8;

/// One bucket, aligned to a cache line so that a lookup reads exactly one line.
#[derive(Clone, Copy, Debug, Default)]
#[repr(align(64))]
struct Bucket([u64; WAYS]);

/// Which entry a full bucket gives up for a new one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Replacement {
    /// Partial facts (exclusions, "not zero") go first, then the entry in the slot that the
    /// new key's stored bits point at (a pseudo-random choice that keeps no state).
    #[default]
    PartialFirst,
    /// The entry in the slot that the new key's stored bits point at, whatever it holds.
    Random,
    /// Nothing: a full bucket keeps what it has and the new fact is not stored (the entries
    /// stored first, near the root of the search, are never lost).
    KeepOld,
}

/// A bijection of 64-bit words (the finaliser of MurmurHash3: each step is invertible), the
/// mix of the compact tables' keys. Tables with exact word keys in few bits (this crate's, and
/// rulesets' own) mix a key, choose its bucket by the low bits and store the rest: since the
/// mix is a bijection, bucket and stored bits give the key back.
///
/// ```
/// use grundy_core::compact::{mix_word, place_word};
///
/// let (bucket, stored) = place_word(mix_word(42), 16);
/// assert!(bucket < 1 << 16);
/// assert_eq!(stored & 0xFFFF, 0, "the low 16 bits are left for the facts");
/// assert_ne!(mix_word(42), mix_word(43));
/// ```
pub const fn mix_word(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    x ^= x >> 33;
    x = x.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
    x ^ (x >> 33)
}

/// Splits a [mixed](mix_word) key for a table of `2^bits` buckets (`bits` below 64): the
/// bucket (its low bits) and the other bits, shifted above 16 bits of facts.
pub fn place_word(mixed: u64, bits: u32) -> (usize, u64) {
    let mask = (1u64 << bits) - 1;
    // Masked below the bucket count, which is a `usize`: the conversion is exact.
    let bucket = usize::try_from(mixed & mask).unwrap_or(0);
    (bucket, (mixed >> bits) << 16)
}

/// A bounded table from 64-bit keys to [`Known`] facts in 8 bytes an entry.
///
/// See the [module documentation](self).
///
/// # Example
///
/// ```
/// use grundy_core::compact::CompactTable;
/// use grundy_core::{Known, Nimber};
///
/// let mut table = CompactTable::with_bytes(8 << 20).expect("at least 4 MiB");
/// assert!(table.insert(u64::MAX, Known::Value(Nimber::new(5))));
/// assert!(table.insert(7, Known::NonZero));
/// assert!(!table.insert(8, Known::Value(Nimber::new(1 << 20))), "too large for 14 bits");
/// assert_eq!(table.get(u64::MAX), Some(Known::Value(Nimber::new(5))));
/// assert_eq!(table.get(7), Some(Known::NonZero));
/// assert_eq!(table.get(8), None);
/// ```
#[derive(Clone, Debug)]
pub struct CompactTable {
    buckets: Vec<Bucket>,
    /// log2 of the number of buckets (at least [`Self::MIN_BITS`] once allocated).
    bits: u32,
    max_bits: u32,
    replacement: Replacement,
    len: usize,
    stats: TableStats,
}

impl CompactTable {
    /// At least 2^16 buckets, so that at most 48 bits of the mixed key are stored.
    const MIN_BITS: u32 = 16;
    /// The least memory bound: 2^16 buckets of 64 bytes.
    pub const MIN_BYTES: usize = (1 << Self::MIN_BITS) * core::mem::size_of::<Bucket>();
    /// Exact values are stored below this bound.
    pub const MAX_VALUE: u64 = 1 << 13;
    /// Exclusions are stored for values below this bound.
    pub const MAX_EXCLUDED: u64 = 13;

    /// Fact bits of a slot: 0 is an empty slot.
    const PROTECTED: u64 = 1 << 13;
    const VALUE: u64 = 1 << 14;
    const EXCLUDES: u64 = 1 << 15;
    const FACT: u64 = 0xFFFF;

    /// A table of at most `bytes` bytes, or `None` when that is below [`Self::MIN_BYTES`].
    /// Nothing is allocated before the first insertion.
    pub fn with_bytes(bytes: usize) -> Option<Self> {
        let max = bytes / core::mem::size_of::<Bucket>();
        if max < 1 << Self::MIN_BITS {
            return None;
        }
        Some(CompactTable {
            buckets: Vec::new(),
            bits: Self::MIN_BITS,
            max_bits: max.ilog2(),
            replacement: Replacement::default(),
            len: 0,
            stats: TableStats::default(),
        })
    }

    /// The most facts the table holds once it has grown to its memory bound.
    pub const fn capacity(&self) -> usize {
        (1usize << self.max_bits) * WAYS
    }

    /// The same table with another replacement policy.
    #[must_use]
    pub const fn with_replacement(mut self, replacement: Replacement) -> Self {
        self.replacement = replacement;
        self
    }

    /// The bytes allocated now (at most the bound it was made with).
    pub fn allocated_bytes(&self) -> usize {
        self.buckets.len() * core::mem::size_of::<Bucket>()
    }

    /// The number of entries stored.
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Whether nothing is stored.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The counters of lookups, hits, stores and evictions.
    pub const fn stats(&self) -> TableStats {
        self.stats
    }

    /// Forgets every entry (the counters are kept) and frees the memory.
    pub fn clear(&mut self) {
        self.buckets = Vec::new();
        self.bits = Self::MIN_BITS;
        self.len = 0;
    }

    const fn mix(x: u64) -> u64 {
        mix_word(x)
    }

    /// The bucket of a mixed key and its stored bits, shifted above the fact bits.
    fn place(&self, mixed: u64) -> (usize, u64) {
        place_word(mixed, self.bits)
    }

    /// The fact in 16 bits, if it fits (0 for a fact that says nothing).
    fn pack(known: Known) -> Option<u64> {
        match known {
            Known::Value(v) if v.value() < Self::MAX_VALUE => Some(Self::VALUE | v.value()),
            Known::Value(_) => None,
            Known::NonZero => Some(Self::EXCLUDES | 1),
            Known::Excludes(mask) if mask >> Self::MAX_EXCLUDED == 0 => {
                Some(if mask == 0 { 0 } else { Self::EXCLUDES | mask })
            }
            Known::Excludes(_) => None,
        }
    }

    fn unpack(fact: u64) -> Known {
        let fact = fact & !Self::PROTECTED;
        if fact & Self::VALUE != 0 {
            Known::Value(Nimber::new(fact & (Self::VALUE - 1)))
        } else if fact & !Self::EXCLUDES == 1 {
            Known::NonZero
        } else {
            Known::Excludes(fact & !Self::EXCLUDES)
        }
    }

    /// The fact stored for `key`, counting the lookup.
    pub fn get(&mut self, key: u64) -> Option<Known> {
        self.stats.lookups += 1;
        let found = self.peek(key);
        if found.is_some() {
            self.stats.hits += 1;
        }
        found
    }

    /// The fact stored for `key`, without counting.
    pub fn peek(&self, key: u64) -> Option<Known> {
        if self.buckets.is_empty() {
            return None;
        }
        let (b, tag) = self.place(Self::mix(key));
        let bucket = &self.buckets[b].0;
        let hit = Self::matching(bucket, tag);
        (hit != 0).then(|| Self::unpack(bucket[hit.trailing_zeros() as usize] & Self::FACT))
    }

    /// The slots of `bucket` that hold the key with stored bits `tag`, as a bit mask (at most
    /// one bit is set, but for a [`SharedTable`] where two threads stored the same key at
    /// once), found without a branch per slot.
    fn matching(bucket: &[u64; WAYS], tag: u64) -> u32 {
        let mut hit = 0;
        for (i, &slot) in bucket.iter().enumerate() {
            hit |= u32::from(slot != 0 && slot & !Self::FACT == tag) << i;
        }
        hit
    }

    /// Stores `known` for `key`, replacing what was stored for it. Returns `false` (storing
    /// nothing) when the fact does not fit in 16 bits: a value of 2^13 or more, or an
    /// exclusion of a value of 13 or more.
    pub fn insert(&mut self, key: u64, known: Known) -> bool {
        self.insert_with(key, known, false)
    }

    /// [`insert`](Self::insert) into the protected part: a full bucket gives up its other
    /// entries first, and a protected one only when every entry of the bucket is protected.
    /// The solver protects the positions near the root of its search, the most expensive to
    /// find again.
    pub fn insert_protected(&mut self, key: u64, known: Known) -> bool {
        self.insert_with(key, known, true)
    }

    fn insert_with(&mut self, key: u64, known: Known, protected: bool) -> bool {
        let Some(mut fact) = Self::pack(known) else { return false };
        if protected && fact != 0 {
            fact |= Self::PROTECTED;
        }
        self.stats.stores += 1;
        if fact == 0 {
            return true;
        }
        if self.buckets.is_empty() {
            self.buckets = vec![Bucket::default(); 1 << self.bits];
        } else if self.len * 2 >= self.buckets.len() * WAYS {
            self.grow();
        }
        self.put(Self::mix(key), fact);
        true
    }

    /// Doubles the buckets, if the memory bound allows.
    fn grow(&mut self) {
        if self.bits >= self.max_bits {
            return;
        }
        let old_bits = self.bits;
        self.bits += 1;
        let old = core::mem::replace(&mut self.buckets, vec![Bucket::default(); 1 << self.bits]);
        self.len = 0;
        for (index, bucket) in old.iter().enumerate() {
            for &slot in bucket.0.iter().filter(|&&s| s != 0) {
                let mixed = ((slot >> 16) << old_bits) | index as u64;
                self.put(mixed, slot & Self::FACT);
            }
        }
    }

    /// Stores a packed fact for a mixed key: over its own slot, in a free one, or over the
    /// victim of the replacement policy.
    fn put(&mut self, mixed: u64, fact: u64) {
        let (b, tag) = self.place(mixed);
        let replacement = self.replacement;
        let bucket = &mut self.buckets[b].0;
        let own = Self::matching(bucket, tag);
        let slot = match (own != 0).then(|| own.trailing_zeros() as usize) {
            Some(own) => own,
            None => match bucket.iter().position(|&s| s == 0) {
                Some(free) => {
                    self.len += 1;
                    free
                }
                None => {
                    // The stored bits are well mixed: their low bits pick a slot at random;
                    // the first unprotected slot from there, if any.
                    let start = usize::try_from((tag >> 16) % WAYS as u64).unwrap_or(0);
                    let pick = (0..WAYS)
                        .map(|i| (start + i) % WAYS)
                        .find(|&i| bucket[i] & Self::PROTECTED == 0)
                        .unwrap_or(start);
                    let victim = match replacement {
                        Replacement::KeepOld => return,
                        Replacement::Random => pick,
                        Replacement::PartialFirst => bucket
                            .iter()
                            .position(|&s| s & (Self::VALUE | Self::PROTECTED) == 0)
                            .unwrap_or(pick),
                    };
                    self.stats.evictions += 1;
                    victim
                }
            },
        };
        bucket[slot] = tag | fact;
    }
}

/// A fixed-size [`CompactTable`] that several threads use at once, for the parallel search
/// (cargo feature `rayon`).
///
/// Each slot is one atomic 64-bit word holding a stored key and its fact, so a reader sees
/// either a whole old entry or a whole new one: the keys stay exact and no answer can be
/// wrong, whatever the interleaving. It is allocated at its full size once (it cannot grow
/// while threads read it), and a full bucket replaces its first partial fact or the slot the
/// new key points at; two threads storing at once may lose one of the two facts, never mix
/// them.
///
/// ```
/// use grundy_core::compact::SharedTable;
/// use grundy_core::{Known, Nimber};
///
/// let table = SharedTable::with_bytes(4 << 20).expect("at least 4 MiB");
/// std::thread::scope(|s| {
///     s.spawn(|| assert!(table.insert(1, Known::Value(Nimber::new(3)))));
///     s.spawn(|| assert!(table.insert(2, Known::NonZero)));
/// });
/// assert_eq!(table.get(1), Some(Known::Value(Nimber::new(3))));
/// assert_eq!(table.get(2), Some(Known::NonZero));
/// ```
#[derive(Debug)]
pub struct SharedTable {
    slots: Vec<core::sync::atomic::AtomicU64>,
    /// log2 of the number of buckets (at least 16).
    bits: u32,
}

impl SharedTable {
    /// A table of the largest power-of-two number of buckets within `bytes` bytes, allocated
    /// now; `None` when `bytes` is below [`CompactTable::MIN_BYTES`].
    pub fn with_bytes(bytes: usize) -> Option<Self> {
        let max = bytes / core::mem::size_of::<Bucket>();
        if max < 1 << CompactTable::MIN_BITS {
            return None;
        }
        let bits = max.ilog2();
        let slots = (0..(1usize << bits) * WAYS).map(|_| core::sync::atomic::AtomicU64::new(0));
        Some(SharedTable { slots: slots.collect(), bits })
    }

    /// The bytes it holds.
    pub fn bytes(&self) -> usize {
        self.slots.len() * 8
    }

    /// The slots of the bucket of a mixed key, and the stored bits of the key.
    fn bucket(&self, mixed: u64) -> (&[core::sync::atomic::AtomicU64], u64) {
        let mask = (1u64 << self.bits) - 1;
        let b = usize::try_from(mixed & mask).unwrap_or(0);
        (&self.slots[b * WAYS..(b + 1) * WAYS], (mixed >> self.bits) << 16)
    }

    /// The fact stored for `key`.
    pub fn get(&self, key: u64) -> Option<Known> {
        use core::sync::atomic::Ordering::Relaxed;
        let (bucket, tag) = self.bucket(CompactTable::mix(key));
        bucket
            .iter()
            .map(|s| s.load(Relaxed))
            .find(|&s| s != 0 && s & !CompactTable::FACT == tag)
            .map(|s| CompactTable::unpack(s & CompactTable::FACT))
    }

    /// Stores `known` for `key`; `false` when it does not fit in 16 bits (see
    /// [`CompactTable::insert`]).
    pub fn insert(&self, key: u64, known: Known) -> bool {
        use core::sync::atomic::Ordering::Relaxed;
        let Some(fact) = CompactTable::pack(known) else { return false };
        if fact == 0 {
            return true;
        }
        let (bucket, tag) = self.bucket(CompactTable::mix(key));
        let word = tag | fact;
        let words: [u64; WAYS] = core::array::from_fn(|i| bucket[i].load(Relaxed));
        let own = CompactTable::matching(&words, tag);
        if own != 0 {
            bucket[own.trailing_zeros() as usize].store(word, Relaxed);
            return true;
        }
        for (slot, &seen) in bucket.iter().zip(&words) {
            // A free slot, claimed unless another thread took it first.
            if seen == 0 && slot.compare_exchange(0, word, Relaxed, Relaxed).is_ok() {
                return true;
            }
        }
        let pick = usize::try_from((tag >> 16) % WAYS as u64).unwrap_or(0);
        let victim = words.iter().position(|&s| s & CompactTable::VALUE == 0).unwrap_or(pick);
        bucket[victim].store(word, Relaxed);
        true
    }
}
