//! What a table knows about a position: the fact type shared by the solver and its tables
//! (its own module so that the tables need not depend on the solver).

use crate::Nimber;

/// What the table knows about a component.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Known {
    /// The exact Grundy value.
    Value(Nimber),
    /// The Grundy value is not zero (an N-position); the value itself is not known.
    NonZero,
    /// The Grundy value is none of the values below 64 whose bits are set in the mask (bit
    /// `k` for `*k`); the value itself is not known. The [`Method::Pruned`](crate::Method::Pruned) search stores
    /// these when it proves that a position does not have the value it asked about.
    Excludes(u64),
}

impl Known {
    /// Whether this fact rules out the value `v`.
    pub const fn excludes(self, v: Nimber) -> bool {
        match self {
            Known::Value(x) => x.value() != v.value(),
            Known::NonZero => v.is_zero(),
            Known::Excludes(mask) => v.value() < 64 && mask >> v.value() & 1 == 1,
        }
    }
}
