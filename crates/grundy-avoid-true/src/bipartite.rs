//! [`RechargeableBipartite`]: Rechargeable Bipartite Boolean Nim (Ruleset 8).

use core::fmt;

use grundy_core::Ruleset;

use crate::VarSet;

/// Why a Rechargeable Bipartite Boolean Nim position cannot be built.
///
/// Piles and stations are counted from 1 in these errors, as in the text form `u1`, `v1`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BipartiteError {
    /// An edge or a pebble names a pile beyond `U`.
    #[error("pile u{pile} does not exist: there are {piles} piles")]
    PileOutOfRange {
        /// The pile, counting from 1.
        pile: usize,
        /// The number of piles.
        piles: usize,
    },
    /// An edge or the powered set names a station beyond `V`.
    #[error("station v{station} does not exist: there are {stations} stations")]
    StationOutOfRange {
        /// The station, counting from 1.
        station: usize,
        /// The number of stations.
        stations: usize,
    },
    /// The current vertex is not a pile.
    #[error("the current vertex u{vertex} is not a pile: there are {piles} piles")]
    CurrentOutOfRange {
        /// The vertex, counting from 1.
        vertex: usize,
        /// The number of piles.
        piles: usize,
    },
    /// The current vertex holds a pebble (its pebble is taken when the token arrives).
    #[error("the current vertex u{vertex} holds a pebble; its pile must be empty")]
    PebbleOnCurrent {
        /// The vertex, counting from 1.
        vertex: usize,
    },
    /// A powered station is not adjacent to the current vertex.
    #[error("powered station v{station} is not adjacent to the current vertex u{current}")]
    PoweredNotAdjacent {
        /// The station, counting from 1.
        station: usize,
        /// The current vertex, counting from 1.
        current: usize,
    },
}

/// A position of Rechargeable Bipartite Boolean Nim: a bipartite graph between piles `U`
/// (each holding 0 or 1 pebble) and stations `V`, the set of stations still powered, and the
/// current pile.
///
/// Build it with [`BipartitePosition::new`] (the start of a game: the powered stations are
/// the neighbours of the start pile) or [`BipartitePosition::with_powered`] (any state).
///
/// The text form lists the piles (`*` marks a pebble), the stations (`+` marks a powered
/// one), the edges and the current pile:
/// `piles: u1* u2* u3 | stations: v1+ v2+ | edges: u1-v1 u2-v2 u3-v1 u3-v2 | at: u3`.
///
/// With the `serde` feature a position serialises as `{"piles": 3, "stations": 2, "edges":
/// [[0, 0], [1, 1], [2, 0], [2, 1]], "pebbles": [0, 1], "powered": [0, 1], "current": 2}`
/// (edges `[pile, station]`, all counted from 0) and deserialises through
/// [`BipartitePosition::with_powered`]; more than 2^20 piles is an error.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BipartitePosition {
    /// For each pile, its adjacent stations.
    adjacency: Vec<VarSet>,
    stations: usize,
    pebbles: VarSet,
    powered: VarSet,
    current: usize,
}

impl BipartitePosition {
    /// The start of a game on `piles` piles and `stations` stations with these edges
    /// `(pile, station)` and pebbles, the token on pile `start`: every neighbour of `start`
    /// is powered.
    ///
    /// # Errors
    ///
    /// [`BipartiteError`] when an index is out of range or `start` holds a pebble.
    pub fn new(
        piles: usize,
        stations: usize,
        edges: impl IntoIterator<Item = (usize, usize)>,
        pebbles: VarSet,
        start: usize,
    ) -> Result<Self, BipartiteError> {
        let adjacency = Self::adjacency(piles, stations, edges)?;
        let powered = adjacency.get(start).cloned().unwrap_or_default();
        Self::build(adjacency, stations, pebbles, powered, start)
    }

    /// Any state of a game: as [`new`](BipartitePosition::new), with the powered stations
    /// given (they must all be adjacent to `current`).
    ///
    /// # Errors
    ///
    /// [`BipartiteError`] when an index is out of range, `current` holds a pebble or a
    /// powered station is not adjacent to `current`.
    pub fn with_powered(
        piles: usize,
        stations: usize,
        edges: impl IntoIterator<Item = (usize, usize)>,
        pebbles: VarSet,
        powered: VarSet,
        current: usize,
    ) -> Result<Self, BipartiteError> {
        let adjacency = Self::adjacency(piles, stations, edges)?;
        Self::build(adjacency, stations, pebbles, powered, current)
    }

    fn adjacency(
        piles: usize,
        stations: usize,
        edges: impl IntoIterator<Item = (usize, usize)>,
    ) -> Result<Vec<VarSet>, BipartiteError> {
        let mut adjacency = vec![VarSet::new(); piles];
        for (pile, station) in edges {
            if pile >= piles {
                return Err(BipartiteError::PileOutOfRange { pile: pile + 1, piles });
            }
            if station >= stations {
                return Err(BipartiteError::StationOutOfRange { station: station + 1, stations });
            }
            adjacency[pile].insert(station);
        }
        Ok(adjacency)
    }

    fn build(
        adjacency: Vec<VarSet>,
        stations: usize,
        pebbles: VarSet,
        powered: VarSet,
        current: usize,
    ) -> Result<Self, BipartiteError> {
        let piles = adjacency.len();
        if current >= piles {
            return Err(BipartiteError::CurrentOutOfRange { vertex: current + 1, piles });
        }
        if let Some(pile) = pebbles.last().filter(|&p| p >= piles) {
            return Err(BipartiteError::PileOutOfRange { pile: pile + 1, piles });
        }
        if pebbles.contains(current) {
            return Err(BipartiteError::PebbleOnCurrent { vertex: current + 1 });
        }
        if let Some(station) = powered.last().filter(|&s| s >= stations) {
            return Err(BipartiteError::StationOutOfRange { station: station + 1, stations });
        }
        if let Some(station) = powered.difference(&adjacency[current]).iter().next() {
            return Err(BipartiteError::PoweredNotAdjacent {
                station: station + 1,
                current: current + 1,
            });
        }
        Ok(BipartitePosition { adjacency, stations, pebbles, powered, current })
    }

    /// The number of piles `|U|`.
    pub fn piles(&self) -> usize {
        self.adjacency.len()
    }

    /// The number of stations `|V|`.
    pub const fn stations(&self) -> usize {
        self.stations
    }

    /// The stations adjacent to pile `pile` (empty for a pile that does not exist).
    pub fn neighbours(&self, pile: usize) -> VarSet {
        self.adjacency.get(pile).cloned().unwrap_or_default()
    }

    /// The piles holding a pebble.
    pub const fn pebbles(&self) -> &VarSet {
        &self.pebbles
    }

    /// The stations still powered.
    pub const fn powered(&self) -> &VarSet {
        &self.powered
    }

    /// The current pile (where the token is).
    pub const fn current(&self) -> usize {
        self.current
    }
}

impl fmt::Display for BipartitePosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("piles:")?;
        for u in 0..self.piles() {
            write!(f, " u{}{}", u + 1, if self.pebbles.contains(u) { "*" } else { "" })?;
        }
        f.write_str(" | stations:")?;
        for v in 0..self.stations {
            write!(f, " v{}{}", v + 1, if self.powered.contains(v) { "+" } else { "" })?;
        }
        f.write_str(" | edges:")?;
        for (u, stations) in self.adjacency.iter().enumerate() {
            for v in stations.iter() {
                write!(f, " u{}-v{}", u + 1, v + 1)?;
            }
        }
        write!(f, " | at: u{}", self.current + 1)
    }
}

/// Rechargeable Bipartite Boolean Nim (Ruleset 8 of the *Transverse Wave* paper).
///
/// # Our reading of the rules
///
/// The paper's wording is loose; this is the reading that makes Theorem 4's construction an
/// isomorphism (checked in the tests). A position is a bipartite graph between piles `U`
/// (0 or 1 pebble each) and stations `V`, a set of powered stations and a current pile
/// (initially `s`, with the neighbours of `s` powered). A move picks a pile `u' ≠ current`
/// holding a pebble and adjacent to some powered station (every powered station is adjacent
/// to the current pile, so the token travels current → station → `u'`). It takes the pebble,
/// moves the token to `u'`, and keeps powered only the stations adjacent to `u'`: the others
/// power off for good (the pebble "recharges" only the stations around it). A move is the
/// index of `u'` (counting from 0). The player who cannot move loses.
///
/// From a Demi-Quantum Boolean Nim matrix: stations are the rows, pile `j` is column `j`
/// (with a pebble) joined to the rows with a 1 in column `j`, and `s` is an extra pile joined
/// to every station. A powered station is a live realization.
///
/// # Example
///
/// ```
/// use grundy_avoid_true::{BipartitePosition, RechargeableBipartite, VarSet};
/// use grundy_core::Ruleset;
///
/// // Rows 110 and 011: piles u1, u2, u3 and the start u4; stations v1, v2.
/// let edges = [(0, 0), (1, 0), (1, 1), (2, 1), (3, 0), (3, 1)];
/// let p = BipartitePosition::new(4, 2, edges, [0, 1, 2].into_iter().collect(), 3)?;
/// assert_eq!(RechargeableBipartite.move_list(&p), [0, 1, 2]);
/// let p = RechargeableBipartite.play(&p, &0); // only v1 stays powered
/// assert_eq!(p.powered(), &[0].into_iter().collect::<VarSet>());
/// assert_eq!(RechargeableBipartite.move_list(&p), [1]);
/// # Ok::<(), grundy_avoid_true::BipartiteError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RechargeableBipartite;

impl Ruleset for RechargeableBipartite {
    type Position = BipartitePosition;
    type Move = usize;

    fn moves(&self, position: &BipartitePosition, moves: &mut Vec<usize>) {
        moves.extend(position.pebbles.iter().filter(|&u| self.is_legal(position, &u)));
    }

    fn play(&self, position: &BipartitePosition, u: &usize) -> BipartitePosition {
        let mut next = position.clone();
        next.pebbles.remove(*u);
        next.powered = position.powered.intersection(&position.adjacency[*u]);
        next.current = *u;
        next
    }

    fn is_legal(&self, position: &BipartitePosition, u: &usize) -> bool {
        *u != position.current
            && position.pebbles.contains(*u)
            && position.adjacency.get(*u).is_some_and(|n| !n.is_disjoint(&position.powered))
    }
}
