//! A memory-bounded transposition table.
//!
//! [`Table`] maps full keys (canonical positions) to values, so a lookup never returns the
//! value of another position: there are no fingerprints and no collision risk.
//!
//! # Replacement policy
//!
//! The table keeps two generations, each a hash map of at most half the capacity. New entries
//! go into the *current* generation. When it is full, the *previous* generation is dropped (its
//! entries are counted as evictions), the current one becomes the previous one, and a fresh
//! current generation starts. A lookup that finds its key in the previous generation moves the
//! entry into the current one. So an entry survives as long as it is used at least once per
//! generation: a cheap approximation of least-recently-used that costs O(1) amortised per
//! operation and never scans the table.

use core::hash::Hash;
use core::mem::size_of;

use foldhash::fast::FixedState;

/// The hash maps of a table: hashbrown's own hasher (foldhash) with a fixed seed rather than a
/// random one, so that a search evicts, and so visits, the same positions from run to run.
type HashMap<K, V> = hashbrown::HashMap<K, V, FixedState>;

/// The hash of `key` under the tables' hasher with its fixed seed, the same from run to run:
/// for the caches and slot choices of the engine that pick a slot from its top bits.
pub(crate) fn fixed_hash<K: core::hash::Hash + ?Sized>(key: &K) -> u64 {
    use core::hash::BuildHasher;
    FixedState::default().hash_one(key)
}

/// Counters kept by a [`Table`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TableStats {
    /// Calls to [`Table::get`].
    pub lookups: u64,
    /// Lookups that found their key.
    pub hits: u64,
    /// Calls to [`Table::insert`].
    pub stores: u64,
    /// Entries dropped to stay within the capacity.
    pub evictions: u64,
}

/// A transposition table with a bounded number of entries and exact keys.
///
/// See the [module documentation](self) for the replacement policy.
///
/// # Example
///
/// ```
/// use grundy_core::{Nimber, Table};
///
/// let mut table: Table<u32, Nimber> = Table::with_entries(1000);
/// table.insert(7, Nimber::new(2));
/// assert_eq!(table.get(&7), Some(Nimber::new(2)));
/// assert_eq!(table.get(&8), None);
/// assert_eq!(table.stats().hits, 1);
/// ```
#[derive(Clone, Debug)]
pub struct Table<K, V> {
    current: HashMap<K, V>,
    previous: HashMap<K, V>,
    generation_capacity: usize,
    stats: TableStats,
}

impl<K: Eq + Hash, V: Copy> Table<K, V> {
    /// The fewest entries a generation holds, whatever capacity is asked for.
    const MIN_GENERATION: usize = 1;

    /// A table holding at most `entries` entries (at least two).
    pub fn with_entries(entries: usize) -> Self {
        Table {
            current: HashMap::default(),
            previous: HashMap::default(),
            generation_capacity: (entries / 2).max(Self::MIN_GENERATION),
            stats: TableStats::default(),
        }
    }

    /// A table whose hash maps never allocate more than `bytes` bytes.
    ///
    /// The bound counts the table's own storage: one slot of `size_of::<(K, V)>()` bytes plus
    /// one control byte per bucket, with buckets allocated in powers of two at a load factor
    /// of 7/8, for both generations. Heap memory owned by the keys themselves (the buffer of a
    /// `Vec` key, say) is not counted: for such keys, leave room for it.
    pub fn with_bytes(bytes: usize) -> Self {
        let per_bucket = size_of::<(K, V)>() + 1;
        // Largest power-of-two bucket count such that both generations fit.
        let max_buckets = bytes / (2 * per_bucket);
        let buckets = if max_buckets == 0 { 0 } else { 1usize << max_buckets.ilog2() };
        // hashbrown fills at most 7/8 of its buckets (tables under 8 buckets: one fewer).
        let generation = if buckets >= 8 { buckets / 8 * 7 } else { buckets.saturating_sub(1) };
        let mut table = Self::with_entries(0);
        table.generation_capacity = generation.max(Self::MIN_GENERATION);
        table
    }

    /// The most entries the table holds at once.
    pub const fn capacity(&self) -> usize {
        2 * self.generation_capacity
    }

    /// The number of entries stored now.
    pub fn len(&self) -> usize {
        self.current.len() + self.previous.len()
    }

    /// Tells whether the table is empty.
    pub fn is_empty(&self) -> bool {
        self.current.is_empty() && self.previous.is_empty()
    }

    /// Looks `key` up, counting the lookup and, if found, the hit.
    #[inline]
    pub fn get(&mut self, key: &K) -> Option<V> {
        self.stats.lookups += 1;
        if let Some(&value) = self.current.get(key) {
            self.stats.hits += 1;
            return Some(value);
        }
        let (key, value) = self.previous.remove_entry(key)?;
        self.stats.hits += 1;
        self.put(key, value);
        Some(value)
    }

    /// Looks `key` up without counting or moving anything.
    pub fn peek(&self, key: &K) -> Option<V> {
        self.current.get(key).or_else(|| self.previous.get(key)).copied()
    }

    /// Looks each key up, as [`get`](Self::get) would, without counting or moving anything,
    /// one after another with nothing in between, so that the processor overlaps their waits
    /// on memory: lookups of these keys soon after find what they read in its cache. On a table larger than the
    /// processor's caches, a search about to look up many keys (the children of a position)
    /// then waits about as long as for one lookup; on a small table it only adds work.
    ///
    /// ```
    /// use grundy_core::Table;
    ///
    /// let mut table: Table<u64, u8> = Table::with_entries(1000);
    /// table.insert(2, 4);
    /// table.warm(&[1, 2, 3]);
    /// assert_eq!(table.get(&2), Some(4));
    /// assert_eq!(table.stats().lookups, 1);
    /// ```
    pub fn warm<'a>(&self, keys: impl IntoIterator<Item = &'a K>)
    where
        K: 'a,
    {
        // Both generations, as `get` reads them (the previous one only on a miss).
        let found = keys.into_iter().fold(0usize, |acc, key| {
            acc + usize::from(self.current.contains_key(key) || self.previous.contains_key(key))
        });
        core::hint::black_box(found);
    }

    /// Stores `value` under `key`, replacing an older value of the same key.
    pub fn insert(&mut self, key: K, value: V) {
        self.stats.stores += 1;
        if !self.previous.is_empty() {
            self.previous.remove(&key);
        }
        self.put(key, value);
    }

    fn put(&mut self, key: K, value: V) {
        if self.current.len() >= self.generation_capacity && !self.current.contains_key(&key) {
            self.stats.evictions += self.previous.len() as u64;
            core::mem::swap(&mut self.current, &mut self.previous);
            self.current.clear();
        }
        self.current.insert(key, value);
    }

    /// Removes every entry; the statistics are kept.
    pub fn clear(&mut self) {
        self.current.clear();
        self.previous.clear();
    }

    /// The counters since the table was made (or since [`reset_stats`](Table::reset_stats)).
    pub const fn stats(&self) -> TableStats {
        self.stats
    }

    /// Sets every counter to zero.
    pub fn reset_stats(&mut self) {
        self.stats = TableStats::default();
    }

    /// Iterates over the stored entries, in no particular order, but in the same order from
    /// run to run after the same operations.
    pub fn iter(&self) -> impl Iterator<Item = (&K, &V)> {
        self.current.iter().chain(self.previous.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_holds_more_than_its_capacity() {
        let mut table: Table<u64, u64> = Table::with_entries(100);
        for i in 0..10_000 {
            table.insert(i, i * 3);
            assert!(table.len() <= table.capacity());
        }
        // Whatever survived has its own value.
        for (k, v) in table.iter() {
            assert_eq!(*v, k * 3);
        }
        let stats = table.stats();
        assert_eq!(stats.stores, 10_000);
        assert_eq!(stats.evictions + table.len() as u64, 10_000);
    }

    #[test]
    fn entries_in_use_survive_rotation() {
        let mut table: Table<u64, u64> = Table::with_entries(10);
        table.insert(0, 42);
        for i in 1..1000 {
            assert_eq!(table.get(&0), Some(42), "the hot entry was evicted at step {i}");
            table.insert(i, i);
        }
    }

    /// Two tables given the same operations hold their entries in the same order: the
    /// solver copies a table in that order when it makes its compact table, so the order
    /// decides what is evicted there, and with it the positions searched.
    #[test]
    fn the_same_operations_give_the_same_order() {
        let fill = || {
            let mut table: Table<u64, u64> = Table::with_entries(5000);
            for i in 0..20_000u64 {
                table.insert(i.wrapping_mul(0x9E37_79B9_7F4A_7C15), i);
                let _ = table.get(&(i / 3).wrapping_mul(0x9E37_79B9_7F4A_7C15));
            }
            table.iter().map(|(&k, &v)| (k, v)).collect::<Vec<_>>()
        };
        let first = fill();
        assert!(first.len() > 2500);
        assert_eq!(first, fill());
    }

    #[test]
    fn byte_bound_accounts_for_both_generations() {
        let table: Table<u64, u64> = Table::with_bytes(1 << 20);
        let per_bucket = size_of::<(u64, u64)>() + 1;
        // 1 MiB / (2 * 17) = 30840 -> 16384 buckets per generation -> 14336 entries each.
        assert_eq!(table.capacity(), 2 * 14336);
        assert!(2 * 16384 * per_bucket <= 1 << 20);
        let tiny: Table<u64, u64> = Table::with_bytes(0);
        assert_eq!(tiny.capacity(), 2);
    }

    #[test]
    fn byte_bound_holds_for_the_real_allocation() {
        // Fill to capacity and check hashbrown did not allocate more buckets than assumed.
        let mut table: Table<u64, u64> = Table::with_bytes(1 << 16);
        for i in 0..100_000 {
            table.insert(i, i);
        }
        let buckets = table.current.capacity().max(table.previous.capacity());
        let bytes = 2 * (buckets * 8 / 7).next_power_of_two() * (size_of::<(u64, u64)>() + 1);
        assert!(bytes <= 1 << 16, "{bytes} bytes for a 64 KiB table");
    }
}
