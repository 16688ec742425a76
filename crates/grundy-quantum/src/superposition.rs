//! [`Superposition`]: the positions of a demi-quantum game.

use core::fmt;

/// A demi-quantum position: an ordered list of realization slots.
///
/// Each slot holds a classical position (a live realization) or `None` (a collapsed one,
/// drawn as a crossed-out row in the paper). Collapsed slots are kept, so that slot `i` names
/// the same realization before and after a move; a collapsed realization never comes back and
/// takes no further part in the game.
///
/// The text form (for positions whose realizations have one) lists the slots separated by
/// ` / `, a collapsed slot written `x`: `5 3 0 4 0 2 / x / 0 0 4 6 3 7 / x` for Demi-Quantum
/// Nim, `1001101 / 0101110` for Demi-Quantum Boolean Nim. Parsing is implemented for those
/// two games (see the crate documentation); the empty superposition prints as the empty
/// string, which does not parse.
///
/// # Example
///
/// ```
/// use grundy_nim::Heaps;
/// use grundy_quantum::Superposition;
///
/// let p = Superposition::new(vec![Some(Heaps::new([1u32, 2])), None, Some(Heaps::new([0u32, 3]))]);
/// assert_eq!(p.len(), 3);
/// assert_eq!(p.live_count(), 2);
/// assert_eq!(p.live().map(|(slot, _)| slot).collect::<Vec<_>>(), [0, 2]);
/// assert_eq!(p.to_string(), "1 2 / x / 0 3");
/// assert_eq!("1 2 / x / 0 3".parse::<Superposition<Heaps>>()?, p);
/// # Ok::<(), grundy_quantum::ParseMatrixError>(())
/// ```
///
/// With the `serde` feature a superposition serialises as the list of its slots, `null` for
/// a collapsed one (`[[1, 2], null, [0, 3]]` for Nim).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(transparent))]
pub struct Superposition<P> {
    slots: Vec<Option<P>>,
}

impl<P> Default for Superposition<P> {
    fn default() -> Self {
        Superposition { slots: Vec::new() }
    }
}

impl<P> Superposition<P> {
    /// The superposition with these slots (`None` = collapsed), in order.
    pub const fn new(slots: Vec<Option<P>>) -> Self {
        Superposition { slots }
    }

    /// The superposition of these realizations, none collapsed.
    pub fn from_realizations<I: IntoIterator<Item = P>>(realizations: I) -> Self {
        Superposition { slots: realizations.into_iter().map(Some).collect() }
    }

    /// The slots in order, `None` for a collapsed realization.
    pub fn slots(&self) -> &[Option<P>] {
        &self.slots
    }

    /// Consumes the superposition and returns its slots.
    pub fn into_slots(self) -> Vec<Option<P>> {
        self.slots
    }

    /// The number of slots, collapsed ones included.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Tells whether there is no slot at all.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The realization in slot `slot`, or `None` when it is collapsed or does not exist.
    pub fn get(&self, slot: usize) -> Option<&P> {
        self.slots.get(slot).and_then(Option::as_ref)
    }

    /// The live realizations with their slot numbers (counting from 0), in slot order.
    pub fn live(&self) -> impl Iterator<Item = (usize, &P)> + '_ {
        self.slots.iter().enumerate().filter_map(|(i, s)| s.as_ref().map(|p| (i, p)))
    }

    /// The number of live (not collapsed) realizations.
    pub fn live_count(&self) -> usize {
        self.slots.iter().filter(|s| s.is_some()).count()
    }
}

impl<P> From<Vec<Option<P>>> for Superposition<P> {
    fn from(slots: Vec<Option<P>>) -> Self {
        Superposition { slots }
    }
}

impl<P> FromIterator<Option<P>> for Superposition<P> {
    fn from_iter<I: IntoIterator<Item = Option<P>>>(slots: I) -> Self {
        Superposition { slots: slots.into_iter().collect() }
    }
}

impl<P: fmt::Display> fmt::Display for Superposition<P> {
    /// Slots separated by ` / `, a collapsed slot written `x`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, slot) in self.slots.iter().enumerate() {
            if i > 0 {
                f.write_str(" / ")?;
            }
            match slot {
                Some(p) => write!(f, "{p}")?,
                None => f.write_str("x")?,
            }
        }
        Ok(())
    }
}
