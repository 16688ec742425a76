//! A small cache in front of the table, keyed by components as the search meets them.
//!
//! The pruned search makes every child of every position it expands, splits it into
//! components and looks each up under its canonical form. The same components come back
//! again and again (the children of siblings share grandchildren, and a component asked
//! about another value is expanded again), and a ruleset's canonical form can cost more than
//! the rest of the node: the board's symmetries, a graph's labelling. This cache remembers,
//! for the components met last, their canonical form and, once known, their value, so that
//! a component met again costs one hash and one comparison. Both are true forever (the
//! canonical form is a function of the component, and an exact value never changes), so an
//! entry never needs to be checked against the table, only replaced by another.

use core::hash::{Hash, Hasher};

use crate::Nimber;
use crate::compact::mix_word;

/// The memory of a cache: it stays in the processor's second-level cache, and allocating it
/// costs a small search little.
const BYTES: usize = 256 << 10;

/// One slot: a component as met, its canonical form, and its value if known.
#[derive(Clone, Debug)]
struct Slot<P> {
    raw: P,
    key: P,
    value: Option<Nimber>,
}

/// A direct-mapped cache of a power of two slots (256 to 16384, about [`BYTES`] bytes but
/// for what the positions hold on the heap), allocated on first use.
#[derive(Clone, Debug)]
pub(crate) struct Front<P> {
    slots: Vec<Option<Slot<P>>>,
    /// log2 of the number of slots.
    bits: u32,
}

/// A fast hasher of fixed seed (the cache must behave the same from run to run): words
/// folded by multiplication, mixed at the end.
#[derive(Default)]
struct Fold(u64);

impl Hasher for Fold {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }
    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(23) ^ word).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    fn write_u32(&mut self, word: u32) {
        self.write_u64(u64::from(word));
    }
    fn write_u8(&mut self, byte: u8) {
        self.write_u64(u64::from(byte));
    }
    fn write_usize(&mut self, word: usize) {
        self.write_u64(word as u64);
    }
    fn finish(&self) -> u64 {
        mix_word(self.0)
    }
}

impl<P: Clone + Eq + Hash> Front<P> {
    pub(crate) fn new() -> Self {
        let fit = (BYTES / core::mem::size_of::<Option<Slot<P>>>().max(1)).max(1);
        Front { slots: Vec::new(), bits: fit.ilog2().clamp(8, 14) }
    }

    /// The slot of a component.
    pub(crate) fn slot(&self, raw: &P) -> usize {
        let mut hasher = Fold::default();
        raw.hash(&mut hasher);
        // Below 2^bits, so it fits.
        usize::try_from(hasher.finish() >> (64 - self.bits)).unwrap_or(0)
    }

    /// The canonical form of `raw` and its value if known, when the slot holds `raw`.
    pub(crate) fn get(&self, slot: usize, raw: &P) -> Option<(&P, Option<Nimber>)> {
        match self.slots.get(slot) {
            Some(Some(entry)) if entry.raw == *raw => Some((&entry.key, entry.value)),
            _ => None,
        }
    }

    /// Remembers the canonical form of `raw` and its value if known, in place of the slot's
    /// old component.
    pub(crate) fn put(&mut self, slot: usize, raw: &P, key: &P, value: Option<Nimber>) {
        if self.slots.is_empty() {
            self.slots = vec![None; 1 << self.bits];
        }
        match &mut self.slots[slot] {
            Some(entry) => {
                entry.raw.clone_from(raw);
                entry.key.clone_from(key);
                entry.value = value;
            }
            empty => *empty = Some(Slot { raw: raw.clone(), key: key.clone(), value }),
        }
    }

    /// Forgets every component and frees the memory.
    pub(crate) fn clear(&mut self) {
        self.slots = Vec::new();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cache answers only for the component its slot holds, with what was put last, and
    /// forgets everything when cleared; slots are the same from run to run.
    #[test]
    fn answers_for_its_components_only() {
        let mut front: Front<Vec<u8>> = Front::new();
        let (a, b) = (vec![1, 2, 3], vec![3, 2, 1]);
        let slot_a = front.slot(&a);
        assert_eq!(slot_a, Front::<Vec<u8>>::new().slot(&a), "a fixed hash");
        assert!(front.get(slot_a, &a).is_none(), "nothing met yet");
        front.put(slot_a, &a, &b, None);
        assert_eq!(front.get(slot_a, &a), Some((&b, None)));
        front.put(slot_a, &a, &b, Some(Nimber::new(4)));
        assert_eq!(front.get(slot_a, &a), Some((&b, Some(Nimber::new(4)))));
        // Another component in the same slot is not answered by the first one's entry.
        assert!(front.get(slot_a, &b).is_none());
        front.put(slot_a, &b, &b, None);
        assert!(front.get(slot_a, &a).is_none(), "replaced");
        front.clear();
        assert!(front.get(slot_a, &b).is_none());
        let slots = 1usize << Front::<Vec<u8>>::new().bits;
        assert!((0..1000u32).all(|k| front.slot(&k.to_le_bytes().to_vec()) < slots));
    }
}
