//! Transposition tables for positions that fit in a machine word: 8 bytes an entry, exact
//! keys, one cache line a lookup. This module is for authors who tune the engine or build
//! their own search on it; a ruleset only says that its positions pack into a word.
//!
//! A ruleset whose canonical positions pack into a `u64` says so through
//! [`Ruleset::word_key`](crate::Ruleset::word_key); the [`Solver`](crate::Solver) then keeps
//! their facts in a [`CompactTable`] instead of the general [`Table`](crate::Table), which
//! spends 24 bytes or more an entry and touches two cache lines a lookup. On large searches
//! (millions of positions, far beyond the processor's caches) the lookups dominate, so this
//! is where the time goes. [`SharedTable`] is the same table for several threads at once.
//!
//! # Exact keys in fewer bits
//!
//! A key is mixed by a bijection of 64-bit words ([`mix_word`]). The low `b` bits of the
//! mixed word choose one of `2^b` buckets and the other `64 − b` bits are stored in the slot:
//! bucket and stored bits give back the mixed word, hence the key. With `b ≥ 16` (a table has
//! at least 2^16 buckets) that leaves 16 bits of the slot for the fact. So two keys never
//! share a slot by accident: a lookup can never return the fact of another position.
//!
//! # Facts
//!
//! What a table stores about a key is a [`WordFact`]: any type that packs into 16 bits, says
//! how two facts about one key combine, and how dearly a full bucket keeps it. The solver's
//! tables store [`Known`] (exact values below 2^13, "not zero", and exclusions of values
//! below 13; `Excludes(1)`, which says "not zero" too, reads back as [`Known::NonZero`]);
//! a ruleset's own search may store what it needs (Node-Kayles records the values of
//! children and the size of a component). A fact that does not pack is refused by
//! [`CompactTable::insert`], which returns `false`.
//!
//! # Growth and replacement
//!
//! A [`CompactTable`] doubles when half of its slots are used, as long as its memory bound
//! allows, so that buckets hold four entries on average and a full one is rare. A full
//! bucket makes room by the [`Replacement`] policy chosen: the table may forget, never answer
//! wrongly.
//!
//! # The protected part
//!
//! Entries stored by [`CompactTable::insert_protected`] (the solver uses it for the positions
//! near the root of its search, [`PROTECTED_DEPTH`](crate::solver::PROTECTED_DEPTH) moves
//! deep at most) are the last a full bucket gives up, whatever the policy.

use core::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};

use crate::Nimber;
use crate::known::Known;
use crate::padded::Padded;
use crate::table::TableStats;

/// Slots of a bucket: one 64-byte cache line.
const WAYS: usize = 8;

/// At least 2^16 buckets, so that at most 48 bits of the mixed key are stored.
const MIN_BITS: u32 = 16;

/// The least memory bound of a [`CompactTable`] or a [`SharedTable`]: 2^16 buckets of 64
/// bytes (4 MiB).
pub const MIN_BYTES: usize = (1 << MIN_BITS) * core::mem::size_of::<Bucket>();

/// The low 16 bits of a slot: the packed fact (0 in an empty slot).
const FACT: u64 = 0xFFFF;

/// One bucket, aligned to a cache line so that a lookup reads exactly one line.
#[derive(Clone, Copy, Debug, Default)]
#[repr(align(64))]
struct Bucket([u64; WAYS]);

/// One bucket of a [`SharedTable`]: a [`Bucket`] of atomic slots.
#[derive(Debug, Default)]
#[repr(align(64))]
struct SharedBucket([AtomicU64; WAYS]);

/// A fact that a [`CompactTable`] or a [`SharedTable`] stores about a key, in 16 bits.
///
/// # Example
///
/// A table of lower bounds on a value, where two bounds on one key keep the larger:
///
/// ```
/// use grundy_core::compact::{CompactTable, WordFact, MIN_BYTES};
///
/// #[derive(Clone, Copy, Debug, PartialEq)]
/// struct AtLeast(u16);
///
/// impl WordFact for AtLeast {
///     fn pack(&self) -> Option<u16> {
///         Some(self.0)
///     }
///     fn unpack(bits: u16) -> Self {
///         AtLeast(bits)
///     }
///     fn merge(old: u16, new: u16) -> u16 {
///         old.max(new)
///     }
///     fn worth(bits: u16) -> u16 {
///         bits
///     }
/// }
///
/// let mut table = CompactTable::<AtLeast>::with_bytes(MIN_BYTES).expect("at least 4 MiB");
/// table.insert(9, AtLeast(5));
/// table.insert(9, AtLeast(3));
/// assert_eq!(table.peek(9), Some(AtLeast(5)));
/// assert_eq!(table.peek(10), None);
/// ```
pub trait WordFact: Sized {
    /// The fact in 16 bits: `None` when it does not fit (it is then not stored), `Some(0)`
    /// when it says nothing (nothing is stored).
    fn pack(&self) -> Option<u16>;

    /// The fact of a packed form other than 0.
    fn unpack(bits: u16) -> Self;

    /// The packed fact kept when `new` is stored for a key that holds `old` (both other than
    /// 0; the result must not be 0). By default the new fact replaces the old one.
    fn merge(old: u16, new: u16) -> u16 {
        let _ = old;
        new
    }

    /// How dearly a full bucket keeps an entry: under [`Replacement::LeastWorth`] the entry
    /// of least worth gives way to a new key.
    fn worth(bits: u16) -> u16;
}

/// The facts of the solver: the protected part is bit 13 of the packed form.
impl WordFact for Known {
    fn pack(&self) -> Option<u16> {
        let (flag, payload) = match *self {
            Known::Value(v) if v.value() < CompactTable::MAX_VALUE => (KNOWN_VALUE, v.value()),
            Known::Value(_) => return None,
            Known::NonZero => (KNOWN_EXCLUDES, 1),
            Known::Excludes(0) => return Some(0),
            Known::Excludes(mask) if mask >> CompactTable::MAX_EXCLUDED == 0 => {
                (KNOWN_EXCLUDES, mask)
            }
            Known::Excludes(_) => return None,
        };
        // Below 2^13 by the tests above.
        u16::try_from(payload).ok().map(|payload| flag | payload)
    }

    fn unpack(bits: u16) -> Self {
        let fact = bits & !KNOWN_PROTECTED;
        if fact & KNOWN_VALUE != 0 {
            Known::Value(Nimber::new(u64::from(fact & (KNOWN_VALUE - 1))))
        } else if fact & !KNOWN_EXCLUDES == 1 {
            Known::NonZero
        } else {
            Known::Excludes(u64::from(fact & !KNOWN_EXCLUDES))
        }
    }

    /// Protected entries first, then exact values, then partial facts.
    fn worth(bits: u16) -> u16 {
        if bits & KNOWN_PROTECTED != 0 { 2 } else { u16::from(bits & KNOWN_VALUE != 0) }
    }
}

/// Bits of a packed [`Known`]: protected, an exact value, an exclusion mask.
const KNOWN_PROTECTED: u16 = 1 << 13;
const KNOWN_VALUE: u16 = 1 << 14;
const KNOWN_EXCLUDES: u16 = 1 << 15;

/// Which entry a full bucket gives up for a new one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Replacement {
    /// The entry of least [worth](WordFact::worth); among equals, the first from the slot
    /// that the new key's stored bits point at (a pseudo-random choice that keeps no state).
    /// For the solver's facts: partial facts first, then exact values, protected entries
    /// last.
    #[default]
    LeastWorth,
    /// Nothing: a full bucket keeps what it has and the new fact is not stored (the entries
    /// stored first, near the root of the search, are never lost).
    KeepOld,
}

/// A bijection of 64-bit words (the finaliser of MurmurHash3: each step is invertible), the
/// mix of the compact tables' keys: since it is a bijection, a key's bucket and stored bits
/// give the key back.
///
/// ```
/// use grundy_core::compact::mix_word;
///
/// assert_ne!(mix_word(42), mix_word(43));
/// assert_eq!(mix_word(0), 0);
/// ```
pub const fn mix_word(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    x ^= x >> 33;
    x = x.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
    x ^ (x >> 33)
}

/// Splits a [mixed](mix_word) key for a table of `2^bits` buckets (`bits` below 64): the
/// bucket (its low bits) and the other bits, shifted above the 16 bits of the fact.
fn place(mixed: u64, bits: u32) -> (usize, u64) {
    let mask = (1u64 << bits) - 1;
    // Masked below the bucket count, which is a `usize`: the conversion is exact.
    let bucket = usize::try_from(mixed & mask).unwrap_or(0);
    (bucket, (mixed >> bits) << 16)
}

/// The mixed key of the slot `word` of bucket `index` of `2^bits`.
const fn unplace(word: u64, index: usize, bits: u32) -> u64 {
    ((word >> 16) << bits) | index as u64
}

/// The packed fact of a slot.
const fn fact_of(word: u64) -> u16 {
    (word & FACT) as u16
}

/// The slots of `bucket` that hold the key with stored bits `tag`, as a bit mask (at most
/// one bit is set, but for a [`SharedTable`] where two threads stored the same key at once),
/// found without a branch per slot.
fn matching(bucket: &[u64; WAYS], tag: u64) -> u32 {
    let mut hit = 0;
    for (i, &slot) in bucket.iter().enumerate() {
        hit |= u32::from(slot != 0 && slot & !FACT == tag) << i;
    }
    hit
}

/// The fact stored for the key with stored bits `tag` in a bucket whose slots hold `words`.
fn find<F: WordFact>(words: &[u64; WAYS], tag: u64) -> Option<F> {
    let hit = matching(words, tag);
    (hit != 0).then(|| F::unpack(fact_of(words[hit.trailing_zeros() as usize])))
}

/// Where the packed fact `bits` of the key stored as `tag` goes in a bucket whose slots hold
/// `words`, and the word to write there: the key's own slot with the facts merged, else an
/// empty slot, else the victim of the policy (`None`: the fact is not stored).
fn settle<F: WordFact>(
    words: &[u64; WAYS],
    tag: u64,
    bits: u16,
    replacement: Replacement,
) -> Option<(usize, u64)> {
    let own = matching(words, tag);
    if own != 0 {
        let slot = own.trailing_zeros() as usize;
        let merged = F::merge(fact_of(words[slot]), bits);
        return Some((slot, tag | u64::from(if merged == 0 { bits } else { merged })));
    }
    if let Some(free) = words.iter().position(|&s| s == 0) {
        return Some((free, tag | u64::from(bits)));
    }
    if replacement == Replacement::KeepOld {
        return None;
    }
    // The stored bits are well mixed: their low bits pick where the scan starts.
    let start = usize::try_from((tag >> 16) % WAYS as u64).unwrap_or(0);
    let victim = (0..WAYS)
        .map(|i| (start + i) % WAYS)
        .min_by_key(|&i| F::worth(fact_of(words[i])))
        .unwrap_or(start);
    Some((victim, tag | u64::from(bits)))
}

/// A bounded table from 64-bit keys to [facts](WordFact) in 8 bytes an entry.
///
/// See the [module documentation](self).
///
/// # Example
///
/// ```
/// use grundy_core::compact::{CompactTable, MIN_BYTES};
/// use grundy_core::{Known, Nimber};
///
/// let mut table = CompactTable::with_bytes(8 << 20).expect("at least 4 MiB");
/// assert!(table.insert(u64::MAX, Known::Value(Nimber::new(5))));
/// assert!(table.insert(7, Known::NonZero));
/// assert!(!table.insert(8, Known::Value(Nimber::new(1 << 20))), "too large for 13 bits");
/// assert_eq!(table.get(u64::MAX), Some(Known::Value(Nimber::new(5))));
/// assert_eq!(table.get(7), Some(Known::NonZero));
/// assert_eq!(table.get(8), None);
/// assert!(table.allocated_bytes() <= 8 << 20 && MIN_BYTES == 4 << 20);
/// ```
#[derive(Clone, Debug)]
pub struct CompactTable<F = Known> {
    buckets: Vec<Bucket>,
    /// log2 of the number of buckets (at least [`MIN_BITS`]).
    bits: u32,
    max_bits: u32,
    /// The memory bound it was made with.
    bytes: usize,
    replacement: Replacement,
    len: usize,
    stats: TableStats,
    fact: core::marker::PhantomData<fn() -> F>,
}

impl CompactTable {
    /// Exact values are stored below this bound.
    pub const MAX_VALUE: u64 = 1 << 13;
    /// Exclusions are stored for values below this bound.
    pub const MAX_EXCLUDED: u64 = 13;

    /// [`insert`](Self::insert) into the protected part: a full bucket gives up its other
    /// entries first, and a protected one only when every entry of the bucket is protected.
    /// The solver protects the positions near the root of its search, the most expensive to
    /// find again.
    pub fn insert_protected(&mut self, key: u64, known: Known) -> bool {
        let Some(bits) = known.pack() else { return false };
        let protected = if bits == 0 { 0 } else { bits | KNOWN_PROTECTED };
        self.insert_packed(key, protected);
        true
    }
}

impl<F: WordFact> CompactTable<F> {
    /// A table of at most `bytes` bytes, or `None` when that is below [`MIN_BYTES`].
    /// Nothing is allocated before the first insertion.
    pub fn with_bytes(bytes: usize) -> Option<Self> {
        let max = bytes / core::mem::size_of::<Bucket>();
        if max < 1 << MIN_BITS {
            return None;
        }
        Some(CompactTable {
            buckets: Vec::new(),
            bits: MIN_BITS,
            max_bits: max.ilog2(),
            bytes,
            replacement: Replacement::default(),
            len: 0,
            stats: TableStats::default(),
            fact: core::marker::PhantomData,
        })
    }

    /// The most facts the table holds once it has grown to its memory bound.
    pub const fn capacity(&self) -> usize {
        (1usize << self.max_bits) * WAYS
    }

    /// The memory bound it was made with.
    pub const fn max_bytes(&self) -> usize {
        self.bytes
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
        self.bits = MIN_BITS;
        self.len = 0;
    }

    /// The fact stored for `key`, counting the lookup.
    pub fn get(&mut self, key: u64) -> Option<F> {
        self.stats.lookups += 1;
        let found = self.peek(key);
        if found.is_some() {
            self.stats.hits += 1;
        }
        found
    }

    /// Reads the bucket of each key in turn and does nothing else with it, so that the
    /// processor fetches them all at once: lookups of these keys soon after find their
    /// buckets in its cache. A search that is about to look up many keys (the children of a
    /// position) waits on memory then about as long as for one lookup, where lookups one by
    /// one would each wait in turn. Nothing is stored or counted.
    ///
    /// ```
    /// use grundy_core::compact::{CompactTable, MIN_BYTES};
    /// use grundy_core::{Known, Nimber};
    ///
    /// let mut table = CompactTable::with_bytes(MIN_BYTES).expect("at least 4 MiB");
    /// table.warm(&[1, 2, 3]); // nothing allocated yet: nothing to read
    /// table.insert(2, Known::Value(Nimber::new(4)));
    /// table.warm(&[1, 2, 3]);
    /// assert_eq!(table.get(2), Some(Known::Value(Nimber::new(4))));
    /// assert_eq!(table.stats().lookups, 1);
    /// ```
    pub fn warm(&self, keys: &[u64]) {
        if self.buckets.is_empty() {
            return;
        }
        let first = keys
            .iter()
            .fold(0, |acc, &key| acc ^ self.buckets[place(mix_word(key), self.bits).0].0[0]);
        core::hint::black_box(first);
    }

    /// The fact stored for `key`, without counting.
    pub fn peek(&self, key: u64) -> Option<F> {
        if self.buckets.is_empty() {
            return None;
        }
        let (b, tag) = place(mix_word(key), self.bits);
        find(&self.buckets[b].0, tag)
    }

    /// Stores `fact` for `key`, [merged](WordFact::merge) with what was stored for it.
    /// Returns `false` (storing nothing) when the fact does not [pack](WordFact::pack).
    pub fn insert(&mut self, key: u64, fact: F) -> bool {
        let Some(bits) = fact.pack() else { return false };
        self.insert_packed(key, bits);
        true
    }

    fn insert_packed(&mut self, key: u64, bits: u16) {
        self.stats.stores += 1;
        if bits == 0 {
            return;
        }
        if self.buckets.is_empty() {
            self.buckets = vec![Bucket::default(); 1 << self.bits];
        } else if self.len * 2 >= self.buckets.len() * WAYS {
            self.grow();
        }
        self.put(mix_word(key), bits);
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
                self.put(unplace(slot, index, old_bits), fact_of(slot));
            }
        }
    }

    /// Stores a packed fact for a mixed key.
    fn put(&mut self, mixed: u64, bits: u16) {
        let (b, tag) = place(mixed, self.bits);
        let bucket = &mut self.buckets[b].0;
        let Some((slot, word)) = settle::<F>(bucket, tag, bits, self.replacement) else { return };
        if bucket[slot] == 0 {
            self.len += 1;
        } else if bucket[slot] & !FACT != tag {
            self.stats.evictions += 1;
        }
        bucket[slot] = word;
    }

    /// Every entry as its mixed key and packed fact.
    fn packed(&self) -> impl Iterator<Item = (u64, u16)> + '_ {
        self.buckets.iter().enumerate().flat_map(move |(index, bucket)| {
            bucket
                .0
                .iter()
                .filter(|&&s| s != 0)
                .map(move |&s| (unplace(s, index, self.bits), fact_of(s)))
        })
    }
}

/// What [`SharedTable::insert`] did with a fact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Stored {
    /// The fact does not [pack](WordFact::pack): nothing is stored.
    TooWide,
    /// Stored in the key's own slot, or not at all: the fact said nothing, or another
    /// thread filled the free slot first, or the policy keeps the bucket as it is.
    Kept,
    /// Stored in a slot that was empty.
    Filled,
    /// Stored in place of another key's entry.
    Evicted,
}

impl Stored {
    /// Whether the fact packed (it may still have been dropped, which costs only time).
    pub const fn fits(self) -> bool {
        !matches!(self, Stored::TooWide)
    }
}

/// A [`CompactTable`] that several threads use at once, for parallel searches.
///
/// Each slot is one atomic 64-bit word holding a stored key and its fact, so a reader sees
/// either a whole old entry or a whole new one: the keys stay exact and no answer can be
/// wrong, whatever the interleaving. Two threads storing into one bucket at once may lose a
/// fact (an entry replaced, or facts merged from a stale read), never mix two. It cannot
/// grow while threads use it: a table made [with room](Self::with_room) for fewer entries
/// than its bound allows [wants room](Self::wants_room) when 5/8 full, and the threads
/// stop while one of them moves every entry into a [larger](Self::grown) one.
///
/// ```
/// use grundy_core::compact::{MIN_BYTES, SharedTable};
/// use grundy_core::{Known, Nimber};
///
/// let table: SharedTable = SharedTable::with_bytes(MIN_BYTES).expect("at least 4 MiB");
/// std::thread::scope(|s| {
///     s.spawn(|| assert!(table.insert(1, Known::Value(Nimber::new(3))).fits()));
///     s.spawn(|| assert!(table.insert(2, Known::NonZero).fits()));
/// });
/// assert_eq!(table.get(1), Some(Known::Value(Nimber::new(3))));
/// assert_eq!(table.get(2), Some(Known::NonZero));
/// ```
#[derive(Debug)]
pub struct SharedTable<F = Known> {
    buckets: Vec<SharedBucket>,
    /// log2 of the number of buckets (at least [`MIN_BITS`]), and the most the memory bound
    /// allows.
    bits: u32,
    max_bits: u32,
    /// Slots filled, by every thread; on cache lines of its own, since the threads'
    /// increments would otherwise evict the line of the other fields, which every lookup
    /// reads.
    filled: Padded<AtomicUsize>,
    fact: core::marker::PhantomData<fn() -> F>,
}

impl<F: WordFact> SharedTable<F> {
    /// A table of the largest power-of-two number of buckets within `bytes` bytes, allocated
    /// now; `None` when `bytes` is below [`MIN_BYTES`].
    pub fn with_bytes(bytes: usize) -> Option<Self> {
        Self::with_room(usize::MAX / 4, bytes)
    }

    /// A table of at most `bytes` bytes, with room for `entries` entries at a quarter full
    /// (more buckets than that cost page faults: a table's pages are mapped as it first
    /// writes to them); `None` when `bytes` is below [`MIN_BYTES`].
    pub fn with_room(entries: usize, bytes: usize) -> Option<Self> {
        let max = bytes / core::mem::size_of::<SharedBucket>();
        if max < 1 << MIN_BITS {
            return None;
        }
        let max_bits = max.ilog2();
        Some(Self::with_bits(Self::room_bits(entries, max_bits), max_bits))
    }

    /// log2 of the buckets that hold `entries` entries at a quarter full, within `2^max_bits`.
    fn room_bits(entries: usize, max_bits: u32) -> u32 {
        let want = (entries.saturating_mul(4) / WAYS).max(1).checked_next_power_of_two();
        want.map_or(max_bits, usize::ilog2).clamp(MIN_BITS, max_bits)
    }

    /// An empty table of `2^bits` buckets that may grow to `2^max_bits`.
    fn with_bits(bits: u32, max_bits: u32) -> Self {
        let buckets = (0..1usize << bits).map(|_| SharedBucket::default()).collect();
        SharedTable {
            buckets,
            bits,
            max_bits,
            filled: Padded::default(),
            fact: core::marker::PhantomData,
        }
    }

    /// The bytes it holds.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * core::mem::size_of::<SharedBucket>()
    }

    /// Its slots.
    pub fn capacity(&self) -> usize {
        self.buckets.len() * WAYS
    }

    /// The slots filled so far, by every thread.
    pub fn len(&self) -> usize {
        self.filled.load(Relaxed)
    }

    /// Whether nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether the table is 5/8 full and its memory bound allows a larger one.
    pub fn wants_room(&self) -> bool {
        self.bits < self.max_bits && self.len() * 8 >= self.capacity() * 5
    }

    /// A table of the same bound with room for this one's entries (four times the slots
    /// they fill, within the bound), holding every one of them. Meant for a moment when no
    /// thread writes into this one.
    pub fn grown(&self) -> Self {
        let grown = Self::with_bits(Self::room_bits(self.len(), self.max_bits), self.max_bits);
        for (index, bucket) in self.buckets.iter().enumerate() {
            for word in Self::load(&bucket.0).into_iter().filter(|&w| w != 0) {
                grown.put(unplace(word, index, self.bits), fact_of(word));
            }
        }
        grown
    }

    /// A table of at most `bytes` bytes with room for the entries of `table` (as
    /// [`with_room`](Self::with_room)), holding every one of them; `None` when `bytes` is
    /// below [`MIN_BYTES`].
    pub fn from_compact(table: &CompactTable<F>, bytes: usize) -> Option<Self> {
        let shared = Self::with_room(table.len(), bytes)?;
        for (mixed, bits) in table.packed() {
            shared.put(mixed, bits);
        }
        Some(shared)
    }

    /// Forgets every entry. Meant for a moment when no thread uses the table.
    pub fn clear(&self) {
        for slot in self.buckets.iter().flat_map(|b| &b.0) {
            slot.store(0, Relaxed);
        }
        self.filled.store(0, Relaxed);
    }

    fn load(bucket: &[AtomicU64; WAYS]) -> [u64; WAYS] {
        core::array::from_fn(|i| bucket[i].load(Relaxed))
    }

    /// Reads the bucket of each key in turn, as [`CompactTable::warm`] does.
    pub fn warm(&self, keys: &[u64]) {
        let first = keys.iter().fold(0, |acc, &key| {
            acc ^ self.buckets[place(mix_word(key), self.bits).0].0[0].load(Relaxed)
        });
        core::hint::black_box(first);
    }

    /// The fact stored for `key`.
    pub fn get(&self, key: u64) -> Option<F> {
        let (b, tag) = place(mix_word(key), self.bits);
        find(&Self::load(&self.buckets[b].0), tag)
    }

    /// Stores `fact` for `key`, [merged](WordFact::merge) with what was stored for it, and
    /// says what became of it.
    pub fn insert(&self, key: u64, fact: F) -> Stored {
        match fact.pack() {
            None => Stored::TooWide,
            Some(0) => Stored::Kept,
            Some(bits) => self.put(mix_word(key), bits),
        }
    }

    /// Stores a packed fact other than 0 for a mixed key.
    fn put(&self, mixed: u64, bits: u16) -> Stored {
        let (b, tag) = place(mixed, self.bits);
        let bucket = &self.buckets[b].0;
        let words = Self::load(bucket);
        let Some((slot, word)) = settle::<F>(&words, tag, bits, Replacement::LeastWorth) else {
            return Stored::Kept;
        };
        let seen = words[slot];
        if seen != 0 {
            bucket[slot].store(word, Relaxed);
            return if seen & !FACT == tag { Stored::Kept } else { Stored::Evicted };
        }
        // A free slot, claimed unless another thread took it first: then the next free one.
        for (slot, &seen) in bucket.iter().zip(&words) {
            if seen == 0 && slot.compare_exchange(0, word, Relaxed, Relaxed).is_ok() {
                self.filled.fetch_add(1, Relaxed);
                return Stored::Filled;
            }
        }
        Stored::Kept
    }
}
