//! What the Node-Kayles engine knows about a component ([`Info`]) and the tables it keeps
//! it in: grundy-core's [`Table`] for any key (canonical keys, vertex sets of graphs of more
//! than 64 vertices, and small searches), its [`CompactTable`] and [`SharedTable`] for word
//! keys once a search is large ([`WordSets`]). A fact stored for a key that the table knows
//! already is merged with what it knew.

use std::sync::Arc;

use core::hash::Hash;

use grundy_core::Table;
use grundy_core::compact::{CompactTable, SharedTable, Stored, WordFact};

/// What is known about a component, packed in 32 bits: its exact value, or which of the
/// values below 16 some of its children have (bit 0: a child has value 0, so the component's
/// value is not 0).
///
/// Only values of children are recorded, never a value ruled out otherwise: the value
/// searches take them for children already valued.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Info(u32);

impl Info {
    const VALID: u32 = 1 << 31;
    const HAS_VALUE: u32 = 1 << 29;
    const SIZE_SHIFT: u32 = 16;
    const SIZE_MASK: u32 = 0x1FFF;
    /// The value, or (without one) the mask of the children's values.
    const VALUE_MASK: u32 = 0xFFFF;

    /// Nothing known (yet) about a component of `size` vertices.
    pub(crate) fn unknown(size: usize) -> Self {
        let size = u32::try_from(size).unwrap_or(Self::SIZE_MASK).min(Self::SIZE_MASK);
        Info(Self::VALID | (size << Self::SIZE_SHIFT))
    }

    /// Whether the slot holds anything.
    pub(crate) const fn is_valid(self) -> bool {
        self.0 & Self::VALID != 0
    }

    /// The exact value, when known.
    pub(crate) const fn value(self) -> Option<u64> {
        if self.0 & Self::HAS_VALUE != 0 { Some((self.0 & Self::VALUE_MASK) as u64) } else { None }
    }

    /// The values below 16 that some child of the component is known to have, as a mask: the
    /// component's value is none of them. With the value `v` known, every value below `v`.
    pub(crate) const fn kid_values(self) -> u16 {
        let low = (self.0 & Self::VALUE_MASK) as u16;
        if self.0 & Self::HAS_VALUE == 0 {
            low
        } else if low < 16 {
            (1 << low) - 1
        } else {
            u16::MAX
        }
    }

    /// Whether some child has value 0, so the value is not 0.
    #[cfg(test)]
    pub(crate) const fn nonzero(self) -> bool {
        self.kid_values() & 1 != 0
    }

    /// Records the exact value. Values that do not fit in 16 bits are not recorded (they
    /// would need a component of more than 65535 vertices).
    pub(crate) fn set_value(&mut self, v: u64) {
        if let Ok(v) = u32::try_from(v) {
            if v <= Self::VALUE_MASK {
                self.0 = (self.0 & !Self::VALUE_MASK) | Self::HAS_VALUE | v;
            }
        }
    }

    /// Records that children of the component have the values in `mask` (values below 16).
    pub(crate) fn add_kid_values(&mut self, mask: u16) {
        if self.0 & Self::HAS_VALUE == 0 {
            self.0 |= u32::from(mask);
        }
    }

    /// Records that a child has value 0.
    #[cfg(test)]
    pub(crate) fn set_nonzero(&mut self) {
        self.add_kid_values(1);
    }

    /// Adds the facts of `other` (about the same component, so they never conflict).
    pub(crate) fn merge(&mut self, other: Info) {
        match other.value() {
            Some(v) => self.set_value(v),
            None => self.add_kid_values(other.kid_values()),
        }
    }

    pub(crate) const fn size(self) -> u32 {
        (self.0 >> Self::SIZE_SHIFT) & Self::SIZE_MASK
    }
}

/// The operations the solver needs of a table keyed by vertex set.
pub(crate) trait SetTable<K>: core::fmt::Debug {
    /// A table of at most about `bytes` bytes.
    fn with_bytes(bytes: usize) -> Self;
    /// Reads the bucket of `key`, so that a lookup soon after finds it in cache.
    fn touch(&self, key: &K) -> u64;
    /// What is known about `key`.
    fn get(&self, key: &K) -> Option<Info>;
    /// Records `info` for `key`.
    fn insert(&mut self, key: &K, info: Info);
    /// Slots in use.
    fn len(&self) -> usize;
    /// Entries replaced to make room.
    fn evictions(&self) -> u64;
    /// Empties the table (and frees its memory).
    fn clear(&mut self);
    /// Whether the table is shared by the threads of a parallel search and wants them to stop
    /// so that it can grow ([`WordSets::grow_shared`]).
    fn wants_room(&self) -> bool {
        false
    }
}

/// Facts of any key, in grundy-core's general table: a fact for a key the table knows is
/// merged with what it knew.
impl<K: Clone + Eq + Hash + core::fmt::Debug> SetTable<K> for Table<K, Info> {
    fn with_bytes(bytes: usize) -> Self {
        Table::with_bytes(bytes)
    }
    fn touch(&self, _: &K) -> u64 {
        0
    }
    fn get(&self, key: &K) -> Option<Info> {
        self.peek(key)
    }
    fn insert(&mut self, key: &K, info: Info) {
        debug_assert!(info.is_valid());
        let merged = match self.peek(key) {
            Some(mut known) => {
                known.merge(info);
                known
            }
            None => info,
        };
        Table::insert(self, key.clone(), merged);
    }
    fn len(&self) -> usize {
        Table::len(self)
    }
    fn evictions(&self) -> u64 {
        self.stats().evictions
    }
    fn clear(&mut self) {
        Table::clear(self);
    }
}

/// The facts of a component in the 16 bits of a word table's slot (nothing known: 0): five
/// bits of size (at most 31, enough to rank small components for eviction), then either a
/// value below 1024 and a flag, or the mask of the children's values below 10.
impl WordFact for Info {
    fn pack(&self) -> Option<u16> {
        let size = u16::try_from(self.size()).unwrap_or(u16::MAX).min(WORD_SIZE_MASK);
        let facts = match self.value().and_then(|v| u16::try_from(v).ok()) {
            Some(v) if v <= WORD_PAYLOAD_MASK => WORD_HAS_VALUE | v << WORD_VALUE_SHIFT,
            _ => (self.kid_values() & WORD_PAYLOAD_MASK) << WORD_VALUE_SHIFT,
        };
        Some(if facts == 0 { 0 } else { size | facts })
    }

    fn unpack(bits: u16) -> Self {
        let mut info = Info::unknown(usize::from(bits & WORD_SIZE_MASK));
        let payload = (bits >> WORD_VALUE_SHIFT) & WORD_PAYLOAD_MASK;
        if bits & WORD_HAS_VALUE != 0 {
            info.set_value(u64::from(payload));
        } else {
            info.add_kid_values(payload);
        }
        info
    }

    fn merge(old: u16, new: u16) -> u16 {
        let mut info = Self::unpack(old);
        info.merge(Self::unpack(new));
        info.pack().filter(|&bits| bits != 0).unwrap_or(new)
    }

    /// Small components are the cheapest to solve again.
    fn worth(bits: u16) -> u16 {
        bits & WORD_SIZE_MASK
    }
}

/// Bits 0 to 4 of a packed [`Info`]: the size.
const WORD_SIZE_MASK: u16 = 0x1F;
/// Bit 5: bits 6 to 15 hold the value (else the mask of the children's values 0 to 9).
const WORD_HAS_VALUE: u16 = 1 << 5;
const WORD_VALUE_SHIFT: u16 = 6;
const WORD_PAYLOAD_MASK: u16 = 0x3FF;

/// The table of vertex sets of graphs of at most 64 vertices: a [`Table`] while it is small
/// (a few hundred kilobytes, so that small games start fast), then grundy-core's
/// [`CompactTable`] (8 bytes a slot) once it holds [`WordSets::MIGRATE`] entries, if the
/// memory bound allows the least one (4 MiB); in a parallel search, a handle on a
/// [`SharedTable`].
#[derive(Clone, Debug)]
pub(crate) enum WordSets {
    /// 8-byte slots, and the evictions of the [`Table`] it replaced.
    Compact(CompactTable<Info>, u64),
    /// Any size; the bound in bytes for a later [`CompactTable`].
    Plain(Table<u64, Info>, usize),
    /// A table shared with the other threads of a parallel search, and the slots this thread
    /// filled and emptied in it.
    Shared(Arc<SharedTable<Info>>, usize, u64),
}

impl WordSets {
    /// Entries of the [`Table`] at which it is moved into a [`CompactTable`].
    const MIGRATE: usize = 1 << 16;

    /// A handle on a table shared by the threads of a parallel search.
    pub(crate) const fn shared(table: Arc<SharedTable<Info>>) -> Self {
        WordSets::Shared(table, 0, 0)
    }

    /// Moves every fact into a new shared table of at most `bytes` bytes, becomes a handle on
    /// it and returns it; `None` (and nothing changes) when `bytes` is below the least one.
    /// A handle on a shared table stays on it.
    pub(crate) fn share(&mut self, bytes: usize) -> Option<Arc<SharedTable<Info>>> {
        let shared = match self {
            WordSets::Plain(t, _) => {
                let shared = SharedTable::with_room(t.len(), bytes)?;
                for (&key, &info) in t.iter() {
                    shared.insert(key, info);
                }
                shared
            }
            WordSets::Compact(t, _) => SharedTable::from_compact(t, bytes)?,
            WordSets::Shared(t, ..) => return Some(Arc::clone(t)),
        };
        let shared = Arc::new(shared);
        // Every slot of the new table was filled here.
        let (len, evictions) = (shared.len(), self.evictions());
        *self = WordSets::Shared(Arc::clone(&shared), len, evictions);
        Some(shared)
    }

    /// Moves a shared table into one sized for its entries (four times its size, as it grows
    /// at 5/8 full; the other handles must follow with [`follow`](Self::follow)), and returns
    /// the new one.
    pub(crate) fn grow_shared(&mut self) -> Option<Arc<SharedTable<Info>>> {
        let WordSets::Shared(t, ..) = self else { return None };
        let grown = Arc::new(t.grown());
        *self = WordSets::Shared(Arc::clone(&grown), grown.len(), self.evictions());
        Some(grown)
    }

    /// Becomes a handle on `table`, the table another handle grew into.
    pub(crate) fn follow(&mut self, table: &Arc<SharedTable<Info>>) {
        *self = WordSets::Shared(Arc::clone(table), 0, self.evictions());
    }

    /// Forgets this handle's count of the entries of a shared table, which another handle
    /// clears; clears any other table.
    pub(crate) fn release(&mut self) {
        match self {
            WordSets::Shared(_, len, _) => *len = 0,
            _ => self.clear(),
        }
    }
}

impl SetTable<u64> for WordSets {
    fn with_bytes(bytes: usize) -> Self {
        WordSets::Plain(Table::with_bytes(bytes), bytes)
    }
    fn wants_room(&self) -> bool {
        matches!(self, WordSets::Shared(t, ..) if t.wants_room())
    }
    fn touch(&self, key: &u64) -> u64 {
        match self {
            WordSets::Compact(t, _) => t.touch(*key),
            WordSets::Plain(..) => 0,
            WordSets::Shared(t, ..) => t.touch(*key),
        }
    }
    fn get(&self, key: &u64) -> Option<Info> {
        match self {
            WordSets::Compact(t, _) => t.peek(*key),
            WordSets::Plain(t, _) => t.peek(key),
            WordSets::Shared(t, ..) => t.get(*key),
        }
    }
    fn insert(&mut self, key: &u64, info: Info) {
        match self {
            WordSets::Compact(t, _) => {
                t.insert(*key, info);
            }
            WordSets::Plain(t, bytes) => {
                SetTable::insert(t, key, info);
                if t.len() >= Self::MIGRATE {
                    if let Some(mut compact) = CompactTable::with_bytes(*bytes) {
                        for (&key, &info) in t.iter() {
                            compact.insert(key, info);
                        }
                        *self = WordSets::Compact(compact, t.stats().evictions);
                    }
                }
            }
            WordSets::Shared(t, len, evictions) => match t.insert(*key, info) {
                Stored::Filled => *len += 1,
                Stored::Evicted => *evictions += 1,
                _ => {}
            },
        }
    }
    fn len(&self) -> usize {
        match self {
            WordSets::Compact(t, _) => t.len(),
            WordSets::Plain(t, _) => t.len(),
            WordSets::Shared(_, len, _) => *len,
        }
    }
    fn evictions(&self) -> u64 {
        match self {
            WordSets::Compact(t, before) => before + t.stats().evictions,
            WordSets::Plain(t, _) => t.stats().evictions,
            WordSets::Shared(_, _, evictions) => *evictions,
        }
    }
    fn clear(&mut self) {
        match self {
            WordSets::Compact(t, _) => {
                let bytes = t.max_bytes();
                *self = WordSets::Plain(Table::with_bytes(bytes), bytes);
            }
            WordSets::Plain(t, _) => t.clear(),
            WordSets::Shared(t, len, _) => {
                t.clear();
                *len = 0;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The general table merges the facts stored for one key, keeps exact keys and stays
    /// within its bound.
    #[test]
    fn general_table_merges_and_keeps_exact_keys() {
        let mut table: Table<u64, Info> = SetTable::with_bytes(1 << 12);
        for k in 0..10_000u64 {
            // The value of a child first, then the component's own value, which is larger.
            let mut info = Info::unknown(usize::try_from(k % 50).unwrap());
            info.add_kid_values(1 << (k % 8));
            SetTable::insert(&mut table, &k, info);
            let mut value = Info::unknown(usize::try_from(k % 50).unwrap());
            value.set_value(8 + k % 7);
            SetTable::insert(&mut table, &k, value);
            assert!(SetTable::len(&table) <= table.capacity());
        }
        let mut found = 0;
        for k in 0..10_000u64 {
            if let Some(info) = SetTable::get(&table, &k) {
                assert_eq!(info.value(), Some(8 + k % 7));
                found += 1;
            }
        }
        assert_eq!(found, SetTable::len(&table));
        assert!(found > 0 && SetTable::evictions(&table) > 0);
    }

    /// The 16 bits of a word slot keep a value below 1024 or the exclusions of the values
    /// below 10 exactly, and drop wider exclusions without claiming anything false.
    #[test]
    fn word_slot_facts_round_trip() {
        for size in [1u32, 17, 31, 200] {
            for v in [0u64, 1, 9, 63, 1023] {
                let mut info = Info::unknown(size as usize);
                info.set_value(v);
                let back = Info::unpack(info.pack().unwrap());
                assert_eq!((back.value(), back.size()), (Some(v), size.min(31)));
            }
            for mask in [0u16, 1, 0b10_1010_1010, 0x3FF, 0xFFFF] {
                let mut info = Info::unknown(size as usize);
                info.add_kid_values(mask);
                let back = Info::unpack(info.pack().unwrap());
                assert_eq!((back.value(), back.kid_values()), (None, mask & 0x3FF));
            }
        }
        // A value too large for the slot keeps what it implies about the small values.
        let mut big = Info::unknown(40);
        big.set_value(5000);
        assert_eq!(Info::unpack(big.pack().unwrap()).kid_values(), 0x3FF);
    }

    #[test]
    fn info_merges_facts() {
        let mut a = Info::unknown(10);
        assert_eq!((a.value(), a.nonzero()), (None, false));
        a.set_nonzero();
        let mut b = Info::unknown(10);
        b.set_value(3);
        a.merge(b);
        assert_eq!((a.value(), a.nonzero()), (Some(3), true));
        let mut z = Info::unknown(3);
        z.set_value(0);
        assert!(!z.nonzero());
        let mut e = Info::unknown(5);
        e.add_kid_values(0b1010);
        assert_eq!((e.value(), e.kid_values(), e.nonzero()), (None, 0b1010, false));
        e.set_nonzero();
        assert_eq!(e.kid_values(), 0b1011);
        e.merge(b);
        // A value of 3 means children of values 0, 1 and 2.
        assert_eq!((e.value(), e.kid_values()), (Some(3), 0b0111));
    }

    /// Two threads filling one shared table at once, with keys that share buckets: every
    /// fact read back is a fact stored for that key, keys never inserted are never found,
    /// and most facts are kept.
    #[test]
    fn shared_word_table_keeps_exact_keys_under_threads() {
        let table = SharedTable::with_room(0, 4 << 20).expect("4 MiB is enough");
        assert!(SharedTable::<Info>::with_room(0, 1 << 20).is_none(), "below the least table");
        let info = |key: u64| {
            let mut info = Info::unknown(usize::try_from(key % 40 + 1).unwrap());
            if key % 3 == 0 {
                info.set_nonzero();
            } else {
                info.set_value(key % 50);
            }
            info
        };
        let keys =
            |thread: u64| (0..200_000u64).map(move |i| (i * 2 + thread).wrapping_mul(0x9E37));
        let filled: Vec<(usize, usize)> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..2)
                .map(|thread| {
                    let (table, keys) = (&table, keys(thread));
                    s.spawn(move || {
                        let mut taken = (0, 0);
                        for key in keys {
                            let stored = table.insert(key, info(key));
                            taken.0 += usize::from(stored == Stored::Filled);
                            taken.1 += usize::from(stored == Stored::Evicted);
                            // Read back at once, while the other thread writes.
                            if let Some(got) = table.get(key) {
                                assert_eq!(got.value(), info(key).value(), "{key:x}");
                            }
                        }
                        taken
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let mut found = 0;
        for key in keys(0).chain(keys(1)) {
            if let Some(got) = table.get(key) {
                let want = info(key);
                assert_eq!((got.value(), got.nonzero()), (want.value(), want.nonzero()), "{key:x}");
                found += 1;
            }
            assert!(table.get(key | 1 << 62).is_none(), "never inserted");
        }
        let stored: usize = filled.iter().map(|f| f.0).sum();
        assert!(found <= stored && found > 300_000, "{found} found, {stored} slots filled");
        // Handles: each counts the slots it filled; one clears the table for all.
        let shared = Arc::new(SharedTable::with_room(0, 4 << 20).expect("4 MiB is enough"));
        let mut a = WordSets::shared(Arc::clone(&shared));
        let mut b = WordSets::shared(shared);
        a.insert(&7, info(7));
        b.insert(&8, info(8));
        b.insert(&7, info(7));
        assert_eq!((a.len(), b.len()), (1, 1));
        assert_eq!(b.get(&7).and_then(Info::value), info(7).value());
        a.clear();
        b.release();
        assert_eq!((a.len(), b.len()), (0, 0));
        assert!(b.get(&8).is_none() && a.get(&7).is_none());
    }

    /// A shared table wants room at 5/8 full and below its bound; growing keeps every fact,
    /// and another handle following the grown table reads them.
    #[test]
    fn shared_word_table_grows_and_keeps_its_facts() {
        let info = |key: u64| {
            let mut info = Info::unknown(usize::try_from(key % 30 + 1).unwrap());
            info.set_value(key % 9);
            info
        };
        let mut a = WordSets::Plain(Table::with_bytes(1 << 20), 1 << 20);
        for key in 0..1000u64 {
            a.insert(&key, info(key));
        }
        let table = a.share(64 << 20).expect("64 MiB is enough");
        assert_eq!(table.capacity(), 8 << 16, "sized for what it holds: the least table");
        let mut b = WordSets::shared(Arc::clone(&table));
        let slots = table.capacity();
        let mut key = 1000u64;
        while !a.wants_room() {
            b.insert(&key, info(key));
            key += 1;
        }
        assert!(usize::try_from(key).unwrap() >= slots * 5 / 8, "{key} entries of {slots} slots");
        let grown = a.grow_shared().expect("below the bound");
        assert!(grown.capacity() > table.capacity() && !a.wants_room());
        b.follow(&grown);
        let found =
            (0..key).filter(|&k| b.get(&k).and_then(Info::value) == info(k).value()).count();
        // Every entry of the full table moved (a few had been evicted from full buckets).
        assert_eq!(found, table.len(), "of {key}");
        assert!(u64::try_from(found).unwrap() >= key * 95 / 100, "{found} of {key} kept");
        assert!((0..key).all(|k| b.get(&k).is_none_or(|i| i.value() == info(k).value())));
        // At its bound it never wants room.
        let mut full = WordSets::shared(Arc::new(SharedTable::with_room(0, 4 << 20).unwrap()));
        for key in 0..600_000u64 {
            full.insert(&key, info(key));
        }
        assert!(!full.wants_room());
    }

    /// The word table never answers with the facts of another key, merges facts, grows
    /// within its bound and keeps what fits.
    #[test]
    fn word_table_keeps_exact_keys() {
        let bytes = 8 << 20;
        let mut table = WordSets::with_bytes(bytes);
        assert!(matches!(table, WordSets::Plain(..)), "small tables start as caches");
        let mut model = std::collections::HashMap::new();
        let mut random = grundy_testkit::random::rng(5);
        for i in 0..300_000u64 {
            let x = grundy_testkit::random::RngCore::next_u64(&mut random);
            // Keys that differ in few bits, like vertex sets.
            let key = if i % 3 == 0 { x } else { x & 0xFFFF_FFFF };
            let mut info = Info::unknown(usize::try_from(key % 60 + 1).unwrap());
            if key % 5 == 0 {
                info.set_nonzero();
            } else {
                info.set_value(key % 64);
            }
            table.insert(&key, info);
            model.entry(key).and_modify(|i: &mut Info| i.merge(info)).or_insert(info);
        }
        assert!(matches!(table, WordSets::Compact(..)), "large tables move to 8-byte slots");
        let mut found = 0;
        for (key, info) in &model {
            if let Some(got) = table.get(key) {
                assert_eq!(got.value(), info.value(), "{key:x}");
                assert_eq!(got.nonzero(), info.nonzero(), "{key:x}");
                found += 1;
            }
        }
        assert_eq!(found, table.len());
        assert!(found > 100_000, "{found} of {} kept", model.len());
        if let WordSets::Compact(t, _) = &table {
            assert!(t.allocated_bytes() <= bytes);
        }
        // Keys never inserted are never found: keys are stored exactly.
        let mut y = 0x0F0F_1234_8765_4321u64;
        for _ in 0..100_000 {
            y ^= y << 13;
            y ^= y >> 7;
            y ^= y << 17;
            for key in [y, y & 0xFFFF_FFFF, y >> 20] {
                if !model.contains_key(&key) {
                    assert!(table.get(&key).is_none(), "{key:x} was never inserted");
                }
            }
        }
        // Facts merge: "not zero" then the value.
        let mut small = WordSets::with_bytes(1 << 10);
        for key in 0..100_000u64 {
            let mut info = Info::unknown(3);
            info.set_value(key % 4);
            small.insert(&key, info);
        }
        assert!(matches!(small, WordSets::Plain(..)), "too small a bound for 8-byte slots");
        for table in [&mut table, &mut small] {
            let key = 0b1011_0110;
            let mut a = Info::unknown(5);
            a.set_nonzero();
            table.insert(&key, a);
            let mut b = Info::unknown(5);
            b.set_value(3);
            table.insert(&key, b);
            let got = table.get(&key).unwrap();
            assert_eq!((got.value(), got.nonzero()), (Some(3), true));
            table.clear();
            assert_eq!(table.len(), 0);
            assert!(table.get(&key).is_none());
        }
    }
}
