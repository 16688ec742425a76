//! [`DemiQuantum`]: the demi-quantum generalisation of any ruleset (Definition 1).

use std::collections::HashSet;

use grundy_core::{Nimber, Ruleset};

use crate::{Superposition, hash};

/// The demi-quantum generalisation of a ruleset `R` (Definition 1 of Burke, Ferland, Teng et
/// al., *Transverse Wave*).
///
/// A position is a [`Superposition`] of positions of `R`; a move is a classical move of `R`.
/// The move is feasible when it is legal in at least one live realization; playing it
/// collapses every live realization where it is illegal and plays it in the others. The
/// players never introduce superpositions of moves (that is [`Quantum`](crate::Quantum)).
///
/// - The legal moves are listed once each, in order of first appearance when the live
///   realizations are scanned in slot order (each realization's moves in `R`'s order).
/// - A live realization with no legal move behaves exactly like a collapsed one: every move
///   collapses it.
/// - Move names are shared by all realizations, so the inner ruleset's
///   [`canonical`](Ruleset::canonical) forms and [`components`](Ruleset::components) (which
///   may rename moves, as `Nim` sorting its heaps does) are never applied to realizations of
///   a superposition with two or more of them.
///
/// As a ruleset, the whole superposition is one component. Its canonical form keeps the live
/// realizations that have a move, without duplicates, sorted by a fixed hash (the game
/// depends only on that set: duplicates and terminal realizations change no move's
/// feasibility and no result); when a single such realization is left, the game *is* the
/// inner game on it, and its canonical form is the inner canonical form of that realization.
/// [`known_value`](Ruleset::known_value) answers zero when no realization can move, and the
/// inner known value when a single distinct realization can.
///
/// # Example
///
/// The paper's example: the move "take 2 from heap 5" on the superposition of Equation (5)
/// collapses realizations 2 and 4.
///
/// ```
/// use grundy_core::Ruleset;
/// use grundy_nim::{Nim, NimMove};
/// use grundy_quantum::{DemiQuantum, DemiQuantumNim, Superposition};
/// use grundy_nim::Heaps;
///
/// let game: DemiQuantumNim = DemiQuantum::new(Nim);
/// let p: Superposition<Heaps> = "5 3 0 4 2 2 / 1 3 3 2 1 0 / 0 0 4 6 5 7 / 4 2 5 0 1 2".parse()?;
/// let next = game.play(&p, &NimMove::new(4, 2u32));
/// assert_eq!(next.to_string(), "5 3 0 4 0 2 / x / 0 0 4 6 3 7 / x");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DemiQuantum<R> {
    inner: R,
}

impl<R: Ruleset> DemiQuantum<R> {
    /// The demi-quantum generalisation of `inner`.
    pub const fn new(inner: R) -> Self {
        DemiQuantum { inner }
    }

    /// The classical ruleset of the realizations.
    pub const fn inner(&self) -> &R {
        &self.inner
    }

    /// The live realizations that have a legal move, each once, in slot order.
    fn distinct_movable<'a>(
        &self,
        position: &'a Superposition<R::Position>,
    ) -> Vec<&'a R::Position> {
        let mut seen = HashSet::new();
        position
            .live()
            .map(|(_, p)| p)
            .filter(|p| !self.inner.is_terminal(p) && seen.insert(*p))
            .collect()
    }
}

impl<R: Ruleset> Ruleset for DemiQuantum<R> {
    type Position = Superposition<R::Position>;
    type Move = R::Move;

    fn moves(&self, position: &Self::Position, moves: &mut Vec<Self::Move>) {
        let mut seen = HashSet::new();
        let mut buffer = Vec::new();
        for (_, p) in position.live() {
            buffer.clear();
            self.inner.moves(p, &mut buffer);
            for mv in buffer.drain(..) {
                if !seen.contains(&mv) {
                    seen.insert(mv.clone());
                    moves.push(mv);
                }
            }
        }
    }

    fn play(&self, position: &Self::Position, mv: &Self::Move) -> Self::Position {
        position
            .slots()
            .iter()
            .map(|slot| {
                slot.as_ref().filter(|p| self.inner.is_legal(p, mv)).map(|p| self.inner.play(p, mv))
            })
            .collect()
    }

    fn is_legal(&self, position: &Self::Position, mv: &Self::Move) -> bool {
        position.live().any(|(_, p)| self.inner.is_legal(p, mv))
    }

    fn is_terminal(&self, position: &Self::Position) -> bool {
        position.live().all(|(_, p)| self.inner.is_terminal(p))
    }

    fn canonical(&self, position: &Self::Position) -> Self::Position {
        let movable = self.distinct_movable(position);
        if let [only] = movable.as_slice() {
            // One realization left: the demi-quantum game on it is the inner game itself.
            return Superposition::from_realizations([self.inner.canonical(only)]);
        }
        let mut keyed: Vec<(u64, &R::Position)> =
            movable.into_iter().map(|p| (hash(p), p)).collect();
        keyed.sort_by_key(|(h, _)| *h);
        Superposition::from_realizations(keyed.into_iter().map(|(_, p)| p.clone()))
    }

    fn known_value(&self, position: &Self::Position) -> Option<Nimber> {
        match self.distinct_movable(position).as_slice() {
            [] => Some(Nimber::ZERO),
            [only] => self.inner.known_value(only),
            _ => None,
        }
    }
}
