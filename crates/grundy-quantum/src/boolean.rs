//! [`DemiQuantumBooleanNim`]: the demi-quantum generalisation of Boolean Nim, with shortcuts
//! that only Boolean realizations allow.

use grundy_core::{Nimber, Ruleset};
use grundy_nim::{BoolHeaps, BooleanNim};

use crate::{DemiQuantum, Superposition};

/// Demi-Quantum Boolean Nim: superpositions of Boolean Nim positions (Boolean matrices,
/// realizations × heaps); a move names a column and collapses the rows holding a 0 there.
///
/// Isomorphic to Crosswise AND and Transverse Wave (Proposition 4) and to Avoid True
/// (Theorem 4: each row is the clause of its empty heaps). The rules are exactly those of
/// [`DemiQuantum<BooleanNim>`](DemiQuantum) (moves, their order, play); this wrapper adds
/// shortcuts, each checked against the plain game in the tests:
///
/// - a row whose pebbles are a subset of another live row's pebbles never matters: whenever
///   it is alive with a pebble on a heap, so is the other row (both survive the same moves);
/// - a column holding a pebble in every row that is not dominated is *idle*: it stays
///   playable to the end and playing it changes nothing that matters, so
///   [`components`](Ruleset::components) splits the idle columns off as a single row of that
///   many pebbles (value: their parity) and leaves the undominated rows without them;
/// - the [`canonical`](Ruleset::canonical) form keeps the rows that are not dominated,
///   drops the columns with no pebble left, orders the columns by their number of pebbles and
///   then the rows (renaming columns is an isomorphism);
/// - [`known_value`](Ruleset::known_value): zero without a movable row; the parity of its
///   pebbles when a single row dominates all the others.
///
/// # Example
///
/// ```
/// use grundy_core::{naive, Ruleset, Solver};
/// use grundy_nim::BoolHeaps;
/// use grundy_quantum::{DemiQuantumBooleanNim, Superposition};
///
/// let game = DemiQuantumBooleanNim;
/// let p: Superposition<BoolHeaps> = "1101 / 0111 / 0101".parse()?;
/// assert_eq!(game.move_list(&p), [0, 1, 3, 2]);
/// assert_eq!(game.play(&p, &0).to_string(), "0101 / x / x");
/// // Row 3 is dominated (by rows 1 and 2); then columns 2 and 4 are idle.
/// let mut parts = Vec::new();
/// game.components(&p, &mut parts);
/// assert_eq!(parts.len(), 2);
/// assert_eq!(Solver::new(&game).value(&p)?, naive::value(&game, &p));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DemiQuantumBooleanNim;

impl DemiQuantumBooleanNim {
    /// The same game as a plain [`DemiQuantum<BooleanNim>`](DemiQuantum), without the
    /// Boolean shortcuts.
    pub const fn generic(&self) -> DemiQuantum<BooleanNim> {
        DemiQuantum::new(BooleanNim)
    }
}

/// The live rows that can move and are not dominated by another such row, without repeats.
fn undominated(position: &Superposition<BoolHeaps>) -> Vec<&BoolHeaps> {
    let mut rows: Vec<&BoolHeaps> =
        position.live().map(|(_, r)| r).filter(|r| r.count() > 0).collect();
    // Larger rows first, so that a row is only compared with rows that may contain it.
    rows.sort_by_key(|r| core::cmp::Reverse(r.count()));
    let mut kept: Vec<&BoolHeaps> = Vec::new();
    for r in rows {
        if !kept.iter().any(|k| is_subset(r, k)) {
            kept.push(r);
        }
    }
    kept
}

/// Tells whether every pebble of `a` is also in `b`.
fn is_subset(a: &BoolHeaps, b: &BoolHeaps) -> bool {
    a.iter_ones().all(|j| b.get(j))
}

impl Ruleset for DemiQuantumBooleanNim {
    type Position = Superposition<BoolHeaps>;
    type Move = usize;

    fn moves(&self, position: &Self::Position, moves: &mut Vec<usize>) {
        self.generic().moves(position, moves);
    }

    fn play(&self, position: &Self::Position, mv: &usize) -> Self::Position {
        self.generic().play(position, mv)
    }

    fn is_legal(&self, position: &Self::Position, mv: &usize) -> bool {
        position.live().any(|(_, r)| r.get(*mv))
    }

    fn is_terminal(&self, position: &Self::Position) -> bool {
        position.live().all(|(_, r)| r.count() == 0)
    }

    fn components(&self, position: &Self::Position, components: &mut Vec<Self::Position>) {
        let rows = undominated(position);
        let Some(first) = rows.first() else {
            return; // terminal
        };
        // The dominated rows never matter: the game is that of `rows` alone, where a column
        // with a pebble in every row is idle.
        let idle: Vec<usize> =
            first.iter_ones().filter(|&j| rows.iter().all(|r| r.get(j))).collect();
        let cleared = rows.iter().map(|r| {
            let mut r = (*r).clone();
            for &j in &idle {
                r.set(j, false);
            }
            r
        });
        components.push(Superposition::from_realizations(cleared));
        if !idle.is_empty() {
            components.push(Superposition::from_realizations([BoolHeaps::full(idle.len())]));
        }
    }

    fn canonical(&self, position: &Self::Position) -> Self::Position {
        let rows = undominated(position);
        let width = rows.iter().map(|r| r.len()).max().unwrap_or(0);
        // Columns with a pebble somewhere, by number of pebbles (then by index).
        let mut columns: Vec<(usize, usize)> = (0..width)
            .map(|j| (rows.iter().filter(|r| r.get(j)).count(), j))
            .filter(|&(count, _)| count > 0)
            .collect();
        columns.sort_unstable();
        let mut canonical: Vec<BoolHeaps> =
            rows.iter().map(|r| columns.iter().map(|&(_, j)| r.get(j)).collect()).collect();
        canonical.sort_unstable();
        Superposition::from_realizations(canonical)
    }

    fn known_value(&self, position: &Self::Position) -> Option<Nimber> {
        match undominated(position).as_slice() {
            [] => Some(Nimber::ZERO),
            [only] => Some(Nimber::new((only.count() % 2) as u64)),
            _ => None,
        }
    }
}
