//! Vertex sets of the shape functions: one machine word up to 64 vertices, a [`VertexSet`]
//! beyond.

use core::fmt::Debug;
use core::hash::Hash;

use grundy_graph::VertexSet;

/// A set of vertices of the graph being solved.
pub(crate) trait Bits: Clone + Eq + Hash + Debug {
    /// The empty set.
    fn empty() -> Self;
    /// Membership.
    fn has(&self, v: usize) -> bool;
    /// Adds `v`.
    fn add(&mut self, v: usize);
    /// Removes `v`.
    fn del(&mut self, v: usize);
    /// Intersection.
    fn and(&self, other: &Self) -> Self;
    /// Union, in place.
    fn or_with(&mut self, other: &Self);
    /// `self` minus `other`.
    fn minus(&self, other: &Self) -> Self;
    /// Emptiness.
    fn none(&self) -> bool;
    /// Size.
    fn count(&self) -> usize;
    /// Smallest member.
    fn lowest(&self) -> Option<usize>;
    /// Calls `f` on each member in increasing order.
    fn each(&self, f: impl FnMut(usize));
    /// Whether `f` holds for every member, stopping at the first that fails.
    fn all(&self, f: impl FnMut(usize) -> bool) -> bool;
    /// Whether the set has more than `k` members (cheaper than counting them when the
    /// processor has no population-count instruction).
    fn more_than(&self, k: usize) -> bool;
}

/// A machine word, bit `v` for vertex `v`.
impl Bits for u64 {
    fn empty() -> Self {
        0
    }
    fn has(&self, v: usize) -> bool {
        self >> v & 1 == 1
    }
    fn add(&mut self, v: usize) {
        *self |= 1 << v;
    }
    fn del(&mut self, v: usize) {
        *self &= !(1 << v);
    }
    fn and(&self, other: &Self) -> Self {
        self & other
    }
    fn or_with(&mut self, other: &Self) {
        *self |= other;
    }
    fn minus(&self, other: &Self) -> Self {
        self & !other
    }
    fn none(&self) -> bool {
        *self == 0
    }
    fn count(&self) -> usize {
        self.count_ones() as usize
    }
    fn lowest(&self) -> Option<usize> {
        (*self != 0).then(|| self.trailing_zeros() as usize)
    }
    #[inline(always)]
    fn each(&self, mut f: impl FnMut(usize)) {
        let mut bits = *self;
        while bits != 0 {
            f(bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
    }
    #[inline(always)]
    fn all(&self, mut f: impl FnMut(usize) -> bool) -> bool {
        let mut bits = *self;
        while bits != 0 {
            if !f(bits.trailing_zeros() as usize) {
                return false;
            }
            bits &= bits - 1;
        }
        true
    }
    #[inline(always)]
    fn more_than(&self, k: usize) -> bool {
        let mut bits = *self;
        for _ in 0..k {
            if bits == 0 {
                return false;
            }
            bits &= bits - 1;
        }
        bits != 0
    }
}

impl Bits for VertexSet {
    fn empty() -> Self {
        VertexSet::new()
    }
    fn has(&self, v: usize) -> bool {
        self.contains(v)
    }
    fn add(&mut self, v: usize) {
        self.insert(v);
    }
    fn del(&mut self, v: usize) {
        self.remove(v);
    }
    fn and(&self, other: &Self) -> Self {
        self.intersection(other)
    }
    fn or_with(&mut self, other: &Self) {
        self.union_with(other);
    }
    fn minus(&self, other: &Self) -> Self {
        self.difference(other)
    }
    fn none(&self) -> bool {
        self.is_empty()
    }
    fn count(&self) -> usize {
        self.len()
    }
    fn lowest(&self) -> Option<usize> {
        self.first()
    }
    fn each(&self, f: impl FnMut(usize)) {
        self.iter().for_each(f);
    }
    fn all(&self, f: impl FnMut(usize) -> bool) -> bool {
        self.iter().all(f)
    }
    fn more_than(&self, k: usize) -> bool {
        self.iter().nth(k).is_some()
    }
}
