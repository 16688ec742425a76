//! A small direct-mapped cache kept in front of a transposition table, for engine authors:
//! grundy-core's solver keeps one in front of its tables.
//!
//! A search meets the same components again and again (the children of siblings share
//! grandchildren, and a component asked about another value is expanded again). A cache of
//! a few thousand slots, small enough to stay in the processor's second-level cache, answers
//! most of those meetings with one hash and one comparison, where the table (megabytes to
//! gigabytes) would cost a cache miss, and what is stored with the key (its canonical form,
//! what the table said) saves recomputing it. A slot holds one key; a key put in a slot
//! replaces the one it held. What is cached must stay true whatever the table does later
//! (a canonical form, an exact value, a fact the table held once): the cache is never
//! checked against the table.

use core::hash::Hash;

/// The memory [`Front::new`] aims at: it stays in the processor's second-level cache, and
/// allocating it costs a small search little.
pub const BYTES: usize = 256 << 10;

/// A direct-mapped cache from keys `K` to facts `V`, of a power of two slots, allocated on
/// first use.
///
/// ```
/// use grundy_core::engine::front::Front;
///
/// let mut front: Front<u64, &str> = Front::new();
/// let slot = front.slot(&42);
/// assert_eq!(front.get(slot, &42), None, "nothing put yet");
/// front.put(slot, &42, "forty-two");
/// assert_eq!(front.get(slot, &42), Some(&"forty-two"));
/// assert_eq!(front.get(slot, &43), None, "only the key the slot holds is answered");
/// front.clear();
/// assert_eq!(front.get(slot, &42), None);
/// ```
#[derive(Clone, Debug)]
pub struct Front<K, V> {
    /// The key of each slot. Keys and facts are kept apart and without an `Option` around
    /// them, so that a slot of a word key and a 32-bit fact takes 12 bytes, not 24.
    keys: Vec<K>,
    /// The fact of each slot.
    facts: Vec<V>,
    /// log2 of the number of slots.
    bits: u32,
}

impl<K: Clone + Eq + Hash, V: Clone> Front<K, V> {
    /// The fewest slots (log2).
    pub const MIN_BITS: u32 = 8;
    /// The most slots (log2).
    pub const MAX_BITS: u32 = 14;

    /// A cache of about [`BYTES`] bytes (not counting what the keys hold on the heap):
    /// 256 to 16384 slots.
    pub fn new() -> Self {
        let slot = core::mem::size_of::<K>() + core::mem::size_of::<V>();
        Self::with_bits((BYTES / slot.max(1)).max(1).ilog2())
    }

    /// A cache of `2^bits` slots (`bits` clamped to [`MIN_BITS`](Self::MIN_BITS) ..=
    /// [`MAX_BITS`](Self::MAX_BITS)).
    pub fn with_bits(bits: u32) -> Self {
        let bits = bits.clamp(Self::MIN_BITS, Self::MAX_BITS);
        Front { keys: Vec::new(), facts: Vec::new(), bits }
    }

    /// The number of slots.
    pub const fn slots(&self) -> usize {
        1 << self.bits
    }

    /// The slot of a key (the same from run to run).
    pub fn slot(&self, key: &K) -> usize {
        // Below 2^bits, so it fits.
        usize::try_from(crate::table::fixed_hash(key) >> (64 - self.bits)).unwrap_or(0)
    }

    /// What was put last for `key`, if `slot` (its [`slot`](Self::slot)) still holds it.
    /// (Asked with another slot, the answer is `None` or a fact once put for `key`.)
    #[inline]
    pub fn get(&self, slot: usize, key: &K) -> Option<&V> {
        match self.keys.get(slot) {
            Some(held) if held == key => Some(&self.facts[slot]),
            _ => None,
        }
    }

    /// Remembers `fact` for `key` in `slot` (its [`slot`](Self::slot)), in place of the key
    /// the slot held. The first put allocates every slot, each a copy of the first key and
    /// fact: for keys that own heap memory, what a full cache holds anyway.
    pub fn put(&mut self, slot: usize, key: &K, fact: V) {
        if self.keys.is_empty() {
            // The first key and fact fill every slot. A slot is only asked about the keys
            // that hash to it, so a copy of the first key in another key's slot is never
            // matched, and the first key's own slot is answered with a fact put for it.
            self.keys = vec![key.clone(); self.slots()];
            self.facts = vec![fact.clone(); self.slots()];
        }
        self.keys[slot].clone_from(key);
        self.facts[slot] = fact;
    }

    /// Forgets every key and frees the memory.
    pub fn clear(&mut self) {
        self.keys = Vec::new();
        self.facts = Vec::new();
    }
}

impl<K: Clone + Eq + Hash, V: Clone> Default for Front<K, V> {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cache answers only for the key its slot holds, with what was put last, and
    /// forgets everything when cleared; slots are the same from run to run and in range.
    #[test]
    fn answers_for_its_keys_only() {
        let mut front: Front<Vec<u8>, (Vec<u8>, Option<u32>)> = Front::new();
        let (a, b) = (vec![1, 2, 3], vec![3, 2, 1]);
        let slot_a = front.slot(&a);
        assert_eq!(slot_a, Front::<Vec<u8>, (Vec<u8>, Option<u32>)>::new().slot(&a));
        assert!(front.get(slot_a, &a).is_none(), "nothing met yet");
        front.put(slot_a, &a, (b.clone(), None));
        assert_eq!(front.get(slot_a, &a), Some(&(b.clone(), None)));
        front.put(slot_a, &a, (b.clone(), Some(4)));
        assert_eq!(front.get(slot_a, &a), Some(&(b.clone(), Some(4))));
        // Another key in the same slot is not answered by the first one's entry.
        assert!(front.get(slot_a, &b).is_none());
        front.put(slot_a, &b, (b.clone(), None));
        assert!(front.get(slot_a, &a).is_none(), "replaced");
        front.clear();
        assert!(front.get(slot_a, &b).is_none());
        assert!((0..1000u32).all(|k| front.slot(&k.to_le_bytes().to_vec()) < front.slots()));
    }

    /// Sizes: about `BYTES` by default, clamped when asked for.
    #[test]
    fn sizes() {
        assert_eq!(Front::<u64, u32>::new().slots(), 1 << 14);
        assert_eq!(Front::<[u64; 64], u32>::new().slots(), 1 << 8);
        assert_eq!(Front::<u64, u32>::with_bits(30).slots(), 1 << 14);
        assert_eq!(Front::<u64, u32>::with_bits(0).slots(), 1 << 8);
    }
}
