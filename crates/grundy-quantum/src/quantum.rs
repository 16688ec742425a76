//! [`Quantum`]: the quantum generalisation of any ruleset (variant D of Dorbec and Mhalla).

use core::fmt;
use std::collections::HashSet;

use grundy_core::{Nimber, Ruleset};

use crate::hash;

/// Why a [`Quantum`] ruleset or a [`QuantumMove`] cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum QuantumError {
    /// The maximum width of a quantum move must be at least 1.
    #[error("the maximum move width must be at least 1, got 0")]
    ZeroWidth,
    /// A quantum move must superpose at least one classical move.
    #[error("a quantum move needs at least one classical move")]
    EmptyMove,
}

/// A quantum move: a superposition `<σ1 | ... | σk>` of distinct classical moves.
///
/// The classical moves are stored sorted (by `M`'s order) and without duplicates, so equal
/// sets are equal values. A one-move superposition is a classical move.
///
/// With the `serde` feature a move serialises as the list of its classical moves and
/// deserialises through [`QuantumMove::new`] (sorted, repeats dropped; an empty list is an
/// error).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct QuantumMove<M> {
    moves: Vec<M>,
}

impl<M: Ord> QuantumMove<M> {
    /// The superposition of `moves` (sorted, duplicates dropped).
    ///
    /// # Errors
    ///
    /// [`QuantumError::EmptyMove`] when `moves` is empty.
    pub fn new<I: IntoIterator<Item = M>>(moves: I) -> Result<Self, QuantumError> {
        let mut moves: Vec<M> = moves.into_iter().collect();
        moves.sort();
        moves.dedup();
        if moves.is_empty() {
            return Err(QuantumError::EmptyMove);
        }
        Ok(QuantumMove { moves })
    }

    /// The one-wide superposition of the classical move `mv`.
    pub fn classical(mv: M) -> Self {
        QuantumMove { moves: vec![mv] }
    }
}

impl<M> QuantumMove<M> {
    /// The classical moves, sorted.
    pub fn moves(&self) -> &[M] {
        &self.moves
    }

    /// The number of classical moves superposed.
    pub fn width(&self) -> usize {
        self.moves.len()
    }
}

impl<M: fmt::Display> fmt::Display for QuantumMove<M> {
    /// `<take 1 from heap 1 | take 2 from heap 2>`; a one-wide move is printed bare.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let [only] = self.moves.as_slice() {
            return write!(f, "{only}");
        }
        f.write_str("<")?;
        for (i, mv) in self.moves.iter().enumerate() {
            if i > 0 {
                f.write_str(" | ")?;
            }
            write!(f, "{mv}")?;
        }
        f.write_str(">")
    }
}

/// A quantum position: a set of classical realizations `<b1 | ... | bs>`.
///
/// Realizations are kept in order of first appearance, without duplicates. Unlike a
/// [`Superposition`](crate::Superposition) there are no collapsed slots: a quantum move
/// branches realizations, so slots cannot keep an identity. The text form lists the
/// realizations separated by ` / ` (`1 2 / 2 1` for `<(1,2) | (2,1)>`); parsing is
/// implemented for Nim and Boolean Nim.
///
/// With the `serde` feature a position serialises as the list of its realizations and
/// deserialises through [`QuantumPosition::new`] (repeats dropped, first appearance kept).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct QuantumPosition<P> {
    realizations: Vec<P>,
}

impl<P> Default for QuantumPosition<P> {
    fn default() -> Self {
        QuantumPosition { realizations: Vec::new() }
    }
}

impl<P: Eq + core::hash::Hash + Clone> QuantumPosition<P> {
    /// The superposition of `realizations` (duplicates dropped, first appearance kept).
    pub fn new<I: IntoIterator<Item = P>>(realizations: I) -> Self {
        let mut seen = HashSet::new();
        let realizations =
            realizations.into_iter().filter(|p| seen.insert(p.clone())).collect::<Vec<_>>();
        QuantumPosition { realizations }
    }
}

impl<P> QuantumPosition<P> {
    /// The classical position `position` as a one-wide superposition.
    pub fn classical(position: P) -> Self {
        QuantumPosition { realizations: vec![position] }
    }

    /// The realizations, in order.
    pub fn realizations(&self) -> &[P] {
        &self.realizations
    }

    /// The number of realizations.
    pub fn len(&self) -> usize {
        self.realizations.len()
    }

    /// Tells whether there is no realization.
    pub fn is_empty(&self) -> bool {
        self.realizations.is_empty()
    }
}

impl<P: fmt::Display> fmt::Display for QuantumPosition<P> {
    /// Realizations separated by ` / `.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.realizations.iter().enumerate() {
            if i > 0 {
                f.write_str(" / ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

/// The quantum generalisation of a ruleset `R`, in the least restrictive flavour (variant D
/// of Dorbec and Mhalla, as in section 3.1 of the *Transverse Wave* paper), with quantum
/// moves at most `width` classical moves wide.
///
/// A position is a [`QuantumPosition`] (a set of realizations); a move is a
/// [`QuantumMove`]: a set of 1 to `width` distinct classical moves. It is feasible when each
/// of its classical moves is legal in at least one realization. The result is the set of all
/// `σ(b)` for realizations `b` and classical moves `σ` of the move legal in `b`; pairs where
/// `σ` is illegal in `b` collapse. With `width` 1 this is the demi-quantum game
/// ([`DemiQuantum`](crate::DemiQuantum)) on superpositions without collapsed slots.
///
/// # Cost
///
/// If `k` distinct classical moves are legal in some realization, a position has
/// `C(k, 1) + C(k, 2) + ... + C(k, width)` quantum moves, and each can multiply the number of
/// realizations by up to `width`. Keep `width` and the positions small (Quantum Nim `(2, 2)`
/// with width 2 has 10 moves at the root); [`Quantum::move_count`] tells the count before
/// listing.
///
/// The canonical form drops terminal realizations and sorts the rest by a fixed hash; the
/// inner ruleset's canonical forms are never used (a quantum move may tell apart positions
/// that the inner game finds equivalent).
///
/// # Example
///
/// Figure 6 of the paper: Quantum Nim `(2, 2)` is an N-position, although classical Nim
/// `(2, 2)` is a P-position.
///
/// ```
/// use grundy_core::{Outcome, Ruleset, Solver};
/// use grundy_nim::{Heaps, Nim, NimMove};
/// use grundy_quantum::{Quantum, QuantumMove, QuantumNim, QuantumPosition};
///
/// let game: QuantumNim = Quantum::new(Nim, 2)?;
/// let start = QuantumPosition::classical(Heaps::new([2u32, 2]));
/// let split = QuantumMove::new([NimMove::new(0, 1u32), NimMove::new(1, 1u32)])?;
/// let next = game.play(&start, &split);
/// assert_eq!(next.to_string(), "1 2 / 2 1");
/// let mut solver = Solver::new(&game);
/// assert_eq!(solver.outcome(&next)?, Outcome::P);
/// assert_eq!(solver.outcome(&start)?, Outcome::N);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With the `serde` feature the ruleset serialises as `{"inner": ..., "width": 2}` and
/// deserialises through [`Quantum::new`], so a width of 0 is an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Quantum<R> {
    inner: R,
    width: usize,
}

impl<R: Ruleset> Quantum<R>
where
    R::Move: Ord,
{
    /// The quantum generalisation of `inner` with moves at most `width` wide.
    ///
    /// # Errors
    ///
    /// [`QuantumError::ZeroWidth`] when `width` is 0.
    pub fn new(inner: R, width: usize) -> Result<Self, QuantumError> {
        if width == 0 {
            return Err(QuantumError::ZeroWidth);
        }
        Ok(Quantum { inner, width })
    }

    /// The classical ruleset of the realizations.
    pub const fn inner(&self) -> &R {
        &self.inner
    }

    /// The maximum width of a quantum move.
    pub const fn width(&self) -> usize {
        self.width
    }

    /// The classical moves legal in at least one realization, sorted, each once.
    pub fn classical_moves(&self, position: &QuantumPosition<R::Position>) -> Vec<R::Move> {
        let mut all = Vec::new();
        for b in position.realizations() {
            self.inner.moves(b, &mut all);
        }
        all.sort();
        all.dedup();
        all
    }

    /// The number of quantum moves of `position`, `C(k, 1) + ... + C(k, width)` for `k`
    /// classical moves; saturates at `u128::MAX`.
    pub fn move_count(&self, position: &QuantumPosition<R::Position>) -> u128 {
        let k = self.classical_moves(position).len();
        let top = self.width.min(k) as u128;
        let k = k as u128;
        let mut total: u128 = 0;
        let mut binomial: u128 = 1; // C(k, 0)
        for i in 1..=top {
            // C(k, i) = C(k, i - 1) * (k - i + 1) / i, exact at every step.
            binomial = match binomial.checked_mul(k - i + 1) {
                Some(b) => b / i,
                None => return u128::MAX,
            };
            total = total.saturating_add(binomial);
        }
        total
    }
}

impl<R: Ruleset> Ruleset for Quantum<R>
where
    R::Move: Ord,
{
    type Position = QuantumPosition<R::Position>;
    type Move = QuantumMove<R::Move>;

    /// Every set of 1 to `width` classical moves, by size, then in lexicographic order of the
    /// sorted classical moves.
    fn moves(&self, position: &Self::Position, moves: &mut Vec<Self::Move>) {
        let classical = self.classical_moves(position);
        let k = classical.len();
        for size in 1..=self.width.min(k) {
            // Walk the index combinations of `size` out of `k` in lexicographic order.
            let mut pick: Vec<usize> = (0..size).collect();
            loop {
                moves.push(QuantumMove {
                    moves: pick.iter().map(|&i| classical[i].clone()).collect(),
                });
                let Some(i) = (0..size).rev().find(|&i| pick[i] < k - size + i) else {
                    break;
                };
                pick[i] += 1;
                for j in i + 1..size {
                    pick[j] = pick[j - 1] + 1;
                }
            }
        }
    }

    fn play(&self, position: &Self::Position, mv: &Self::Move) -> Self::Position {
        QuantumPosition::new(position.realizations().iter().flat_map(|b| {
            mv.moves
                .iter()
                .filter(|sigma| self.inner.is_legal(b, sigma))
                .map(|sigma| self.inner.play(b, sigma))
        }))
    }

    fn is_legal(&self, position: &Self::Position, mv: &Self::Move) -> bool {
        (1..=self.width).contains(&mv.moves.len())
            && mv.moves.windows(2).all(|w| w[0] < w[1])
            && mv
                .moves
                .iter()
                .all(|sigma| position.realizations().iter().any(|b| self.inner.is_legal(b, sigma)))
    }

    fn is_terminal(&self, position: &Self::Position) -> bool {
        position.realizations().iter().all(|b| self.inner.is_terminal(b))
    }

    fn canonical(&self, position: &Self::Position) -> Self::Position {
        let mut keyed: Vec<(u64, &R::Position)> = position
            .realizations()
            .iter()
            .filter(|b| !self.inner.is_terminal(b))
            .map(|b| (hash(b), b))
            .collect();
        keyed.sort_by_key(|(h, _)| *h);
        QuantumPosition { realizations: keyed.into_iter().map(|(_, b)| b.clone()).collect() }
    }

    fn known_value(&self, position: &Self::Position) -> Option<Nimber> {
        self.is_terminal(position).then_some(Nimber::ZERO)
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::{Quantum, QuantumMove, QuantumPosition};
    use grundy_core::Ruleset;

    impl<M: Serialize> Serialize for QuantumMove<M> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.collect_seq(&self.moves)
        }
    }

    impl<'de, M: Deserialize<'de> + Ord> Deserialize<'de> for QuantumMove<M> {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            QuantumMove::new(Vec::<M>::deserialize(deserializer)?).map_err(D::Error::custom)
        }
    }

    impl<P: Serialize> Serialize for QuantumPosition<P> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.collect_seq(&self.realizations)
        }
    }

    impl<'de, P> Deserialize<'de> for QuantumPosition<P>
    where
        P: Deserialize<'de> + Eq + core::hash::Hash + Clone,
    {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            Ok(QuantumPosition::new(Vec::<P>::deserialize(deserializer)?))
        }
    }

    /// A [`Quantum`] ruleset as data.
    #[derive(Serialize, Deserialize)]
    struct QuantumData<R> {
        inner: R,
        width: usize,
    }

    impl<R: Serialize> Serialize for Quantum<R> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            QuantumData { inner: &self.inner, width: self.width }.serialize(serializer)
        }
    }

    impl<'de, R> Deserialize<'de> for Quantum<R>
    where
        R: Deserialize<'de> + Ruleset,
        R::Move: Ord,
    {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let data = QuantumData::<R>::deserialize(deserializer)?;
            Quantum::new(data.inner, data.width).map_err(D::Error::custom)
        }
    }
}
