//! A memory-bounded, set-associative transposition table with exact keys.
//!
//! Keys hash to a bucket of [`WAYS`] slots; a lookup reads one bucket (one or two cache
//! lines), so a miss costs one memory access instead of the several of a general hash map.
//! When a bucket is full, the slot of the smallest component is replaced: small components
//! are the cheapest to solve again. Keys are stored in full, so a lookup never returns the
//! facts of another component.

use core::hash::{BuildHasher, Hash};

use hashbrown::DefaultHashBuilder;

/// Slots per bucket.
pub(crate) const WAYS: usize = 4;

/// What is known about a component, packed in 32 bits: its exact value, or that it is not 0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Info(u32);

impl Info {
    const VALID: u32 = 1 << 31;
    const NONZERO: u32 = 1 << 30;
    const HAS_VALUE: u32 = 1 << 29;
    const SIZE_SHIFT: u32 = 16;
    const SIZE_MASK: u32 = 0x1FFF;
    const VALUE_MASK: u32 = 0xFFFF;

    /// Nothing known (yet) about a component of `size` vertices.
    pub(crate) fn unknown(size: usize) -> Self {
        let size = u32::try_from(size).unwrap_or(Self::SIZE_MASK).min(Self::SIZE_MASK);
        Info(Self::VALID | (size << Self::SIZE_SHIFT))
    }

    /// Whether the slot holds anything.
    const fn is_valid(self) -> bool {
        self.0 & Self::VALID != 0
    }

    /// The exact value, when known.
    pub(crate) const fn value(self) -> Option<u64> {
        if self.0 & Self::HAS_VALUE != 0 { Some((self.0 & Self::VALUE_MASK) as u64) } else { None }
    }

    /// Whether the value is known not to be 0.
    pub(crate) const fn nonzero(self) -> bool {
        self.0 & Self::NONZERO != 0
            || (self.0 & Self::HAS_VALUE != 0 && self.0 & Self::VALUE_MASK != 0)
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

    /// Records that the value is not 0.
    pub(crate) fn set_nonzero(&mut self) {
        self.0 |= Self::NONZERO;
    }

    /// Adds the facts of `other` (about the same component, so they never conflict).
    pub(crate) fn merge(&mut self, other: Info) {
        if let Some(v) = other.value() {
            self.set_value(v);
        }
        if other.nonzero() {
            self.set_nonzero();
        }
    }

    const fn size(self) -> u32 {
        (self.0 >> Self::SIZE_SHIFT) & Self::SIZE_MASK
    }
}

/// One slot: a key and what is known about it (nothing, for an empty slot).
#[derive(Clone, Debug, Default)]
struct Slot<K> {
    key: K,
    info: Info,
}

/// The table. See the [module documentation](self).
#[derive(Clone, Debug)]
pub(crate) struct Cache<K> {
    slots: Vec<Slot<K>>,
    /// Buckets allocated now (a power of two); they double as the table fills.
    buckets: usize,
    /// The most buckets the memory bound allows.
    max_buckets: usize,
    hasher: DefaultHashBuilder,
    len: usize,
    evictions: u64,
}

impl<K: Clone + Default + Eq + Hash> Cache<K> {
    /// The fewest buckets allocated.
    const MIN_BUCKETS: usize = 1 << 10;

    /// A table whose slots take at most `bytes` bytes (at least one bucket). It starts small
    /// and doubles when it is 3/8 full, up to the bound.
    pub(crate) fn with_bytes(bytes: usize) -> Self {
        let slot = core::mem::size_of::<Slot<K>>().max(1);
        let max = (bytes / slot / WAYS).max(1);
        // Powers of two, so that the bucket is a mask of the hash.
        let max_buckets = 1usize << max.ilog2();
        Cache {
            slots: Vec::new(),
            buckets: max_buckets.min(Self::MIN_BUCKETS),
            max_buckets,
            hasher: DefaultHashBuilder::default(),
            len: 0,
            evictions: 0,
        }
    }

    fn bucket(&self, key: &K) -> usize {
        // The mask keeps the index below the bucket count, so the cast is exact.
        let hash = self.hasher.hash_one(key);
        usize::try_from(hash & (self.buckets as u64 - 1)).unwrap_or(0) * WAYS
    }

    /// Allocates the slots on first use, and doubles them when 3/8 are used.
    fn grow(&mut self) {
        if self.slots.is_empty() {
            self.slots = vec![Slot::default(); self.buckets * WAYS];
            return;
        }
        if self.buckets >= self.max_buckets || self.len * 8 < self.slots.len() * 3 {
            return;
        }
        self.buckets *= 2;
        let old = core::mem::replace(&mut self.slots, vec![Slot::default(); self.buckets * WAYS]);
        self.len = 0;
        for slot in old {
            if slot.info.is_valid() {
                self.insert(&slot.key, slot.info);
            }
        }
    }

    /// Reads the first slot of `key`'s bucket, so that a lookup soon after finds it in cache.
    pub(crate) fn touch(&self, key: &K) -> u32 {
        if self.slots.is_empty() {
            return 0;
        }
        self.slots[self.bucket(key)].info.0
    }

    /// What is known about `key`.
    pub(crate) fn get(&self, key: &K) -> Option<Info> {
        if self.slots.is_empty() {
            return None;
        }
        let b = self.bucket(key);
        self.slots[b..b + WAYS].iter().find(|s| s.info.is_valid() && s.key == *key).map(|s| s.info)
    }

    /// Records `info` for `key`, merging with what the slot already knows, or replacing the
    /// slot of the smallest component of the bucket.
    pub(crate) fn insert(&mut self, key: &K, info: Info) {
        debug_assert!(info.is_valid());
        self.grow();
        let b = self.bucket(key);
        let bucket = &mut self.slots[b..b + WAYS];
        if let Some(slot) = bucket.iter_mut().find(|s| s.info.is_valid() && s.key == *key) {
            slot.info.merge(info);
            return;
        }
        let victim = (0..WAYS)
            .min_by_key(|&i| if bucket[i].info.is_valid() { 1 + bucket[i].info.size() } else { 0 })
            .unwrap_or(0);
        if bucket[victim].info.is_valid() {
            self.evictions += 1;
        } else {
            self.len += 1;
        }
        bucket[victim] = Slot { key: key.clone(), info };
    }

    /// Slots in use.
    pub(crate) const fn len(&self) -> usize {
        self.len
    }

    /// Entries replaced to make room.
    pub(crate) const fn evictions(&self) -> u64 {
        self.evictions
    }

    /// Empties the table (and frees its memory).
    pub(crate) fn clear(&mut self) {
        self.slots = Vec::new();
        self.buckets = self.max_buckets.min(Self::MIN_BUCKETS);
        self.len = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_exact_keys_and_bounded_memory() {
        let mut cache: Cache<u64> = Cache::with_bytes(1 << 12);
        let slots = (1 << 12) / core::mem::size_of::<Slot<u64>>();
        for k in 0..10_000u64 {
            let mut info = Info::unknown(usize::try_from(k % 50).unwrap());
            info.set_value(k % 7);
            cache.insert(&k, info);
            assert!(cache.len() <= slots);
        }
        let mut found = 0;
        for k in 0..10_000u64 {
            if let Some(info) = cache.get(&k) {
                assert_eq!(info.value(), Some(k % 7));
                found += 1;
            }
        }
        assert_eq!(found, cache.len());
        assert!(cache.slots.len() * core::mem::size_of::<Slot<u64>>() <= 1 << 12);
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
    }
}
