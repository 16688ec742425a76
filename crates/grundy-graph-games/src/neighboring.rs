//! Neighboring Nim (Burke and George): Vertex NimG where the player may also play again on the
//! heap under the token.

use core::fmt;

use grundy_core::Ruleset;
use grundy_graph::Graph;

use crate::nimg::{NimGError, TokenMove};

/// A Neighboring Nim position: the heap of every vertex and the vertex last played, if any.
///
/// With the `serde` feature a position serialises with its fields' names; it is relative to a
/// game, so data from outside should be rebuilt with the game's `position` method, which
/// checks it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct NeighborPosition {
    heaps: Vec<u64>,
    token: Option<usize>,
}

impl NeighborPosition {
    /// The heaps, by vertex.
    pub fn heaps(&self) -> &[u64] {
        &self.heaps
    }

    /// The vertex last played (`None` before the first move: any heap may be played).
    pub const fn token(&self) -> Option<usize> {
        self.token
    }

    /// Tells whether every heap holds at most one stick (Neighboring Boolean Nim).
    pub fn is_boolean(&self) -> bool {
        self.heaps.iter().all(|&h| h <= 1)
    }
}

impl fmt::Display for NeighborPosition {
    /// `3 0 2 @1`, or `3 0 2 @-` before the first move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for h in &self.heaps {
            write!(f, "{h} ")?;
        }
        match self.token {
            Some(t) => write!(f, "@{t}"),
            None => f.write_str("@-"),
        }
    }
}

/// Neighboring Nim: a Nim heap on every vertex of an undirected graph. A move removes at least
/// one stick from the heap of a vertex in the *closed* neighbourhood of the vertex last played
/// (itself or a neighbour; any vertex on the first move), which becomes the vertex last
/// played. Whoever cannot move loses.
///
/// Nim is Neighboring Nim on a complete graph; Neighboring Boolean Nim (heaps of at most one
/// stick) is Undirected Vertex Geography, the empty heaps being the used vertices.
///
/// ```
/// use grundy_core::{Nimber, Ruleset, naive};
/// use grundy_graph::Graph;
/// use grundy_graph_games::{NeighboringNim, TokenMove};
///
/// let game = NeighboringNim::new(Graph::path(3));
/// let position = game.position(vec![1, 0, 2], Some(0))?;
/// // From vertex 0: its own heap, or vertex 1 (empty).
/// assert_eq!(game.move_list(&position), vec![TokenMove { to: 0, take: 1 }]);
/// // ... after which vertex 2 is out of reach: the position is worth *1.
/// assert_eq!(naive::value(&game, &position), Nimber::new(1));
/// // On a complete graph it is Nim.
/// let nim = NeighboringNim::new(Graph::complete(3));
/// assert_eq!(naive::value(&nim, &nim.position(vec![1, 2, 4], None)?), Nimber::new(7));
/// # Ok::<(), grundy_graph_games::NimGError>(())
/// ```
///
/// With the `serde` feature the game serialises as its graph.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(transparent))]
pub struct NeighboringNim {
    graph: Graph,
}

impl NeighboringNim {
    /// Neighboring Nim on `graph`.
    pub const fn new(graph: Graph) -> Self {
        NeighboringNim { graph }
    }

    /// The graph.
    pub const fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The position with the given heaps and vertex last played.
    ///
    /// # Errors
    ///
    /// [`NimGError::WrongLength`] or [`NimGError::TokenOutOfRange`].
    pub fn position(
        &self,
        heaps: Vec<u64>,
        token: Option<usize>,
    ) -> Result<NeighborPosition, NimGError> {
        let order = self.graph.order();
        if heaps.len() != order {
            return Err(NimGError::WrongLength {
                given: heaps.len(),
                expected: order,
                what: "vertices",
            });
        }
        if let Some(t) = token.filter(|&t| t >= order) {
            return Err(NimGError::TokenOutOfRange { token: t, order });
        }
        Ok(NeighborPosition { heaps, token })
    }

    /// Plays `mv` after checking that it is legal.
    ///
    /// # Errors
    ///
    /// [`NimGError::IllegalMove`].
    pub fn play_checked(
        &self,
        position: &NeighborPosition,
        mv: TokenMove,
    ) -> Result<NeighborPosition, NimGError> {
        if !self.is_legal(position, &mv) {
            return Err(NimGError::IllegalMove { mv: mv.to_string() });
        }
        Ok(self.play(position, &mv))
    }

    /// Tells whether `v` may be played after `token`.
    fn reachable(&self, token: Option<usize>, v: usize) -> bool {
        match token {
            None => true,
            Some(t) => t == v || self.graph.has_edge(t, v),
        }
    }

    /// The position with the token forgotten when that changes nothing: when every non-empty
    /// heap is in the closed neighbourhood of the token, the legal moves and their results
    /// are those of the position before the first move. Equal normal forms mean identical
    /// game trees with identical move names.
    pub fn normal_form(&self, position: &NeighborPosition) -> NeighborPosition {
        let mut out = position.clone();
        if let Some(t) = position.token {
            if (0..self.graph.order()).all(|v| position.heaps[v] == 0 || self.reachable(Some(t), v))
            {
                out.token = None;
            }
        }
        out
    }
}

impl Ruleset for NeighboringNim {
    type Position = NeighborPosition;
    /// The vertex played and the number of sticks taken from its heap.
    type Move = TokenMove;

    fn moves(&self, position: &NeighborPosition, moves: &mut Vec<TokenMove>) {
        let mut push =
            |v: usize| moves.extend((1..=position.heaps[v]).map(|take| TokenMove { to: v, take }));
        match position.token {
            None => (0..self.graph.order()).for_each(&mut push),
            Some(t) => {
                // The closed neighbourhood in increasing order.
                let mut closed = self.graph.neighbors(t).clone();
                closed.insert(t);
                closed.iter().for_each(&mut push);
            }
        }
    }

    fn play(&self, position: &NeighborPosition, mv: &TokenMove) -> NeighborPosition {
        let mut next = position.clone();
        next.heaps[mv.to] -= mv.take;
        next.token = Some(mv.to);
        next
    }

    fn is_legal(&self, position: &NeighborPosition, mv: &TokenMove) -> bool {
        mv.to < self.graph.order()
            && self.reachable(position.token, mv.to)
            && mv.take >= 1
            && mv.take <= position.heaps[mv.to]
    }
}
