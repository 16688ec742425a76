//! NimG: Nim on graphs with a token (Stockman, Frieze and Vera), disks on vertices or on edges.

use core::fmt;

use grundy_core::{Nimber, Ruleset};
use grundy_graph::{Graph, ParseGraphError};

use crate::digraph::{Digraph, ParseDigraphError, parse_prefixed_pairs, to_usize, tokens};

/// The order of the two halves of a Vertex NimG turn, and where the token may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum VertexRule {
    /// Remove at least one disk from the token's vertex, then move the token to any neighbour,
    /// empty or not (the game the slides study "from now on").
    RemoveThenMove,
    /// Remove at least one disk from the token's vertex, then move the token to a neighbour
    /// that still has a disk (the version that contains Undirected Vertex Geography).
    RemoveThenMoveToNonEmpty,
    /// Move the token to a neighbour, then remove at least one disk there (so the neighbour
    /// must have a disk).
    MoveThenRemove,
}

impl VertexRule {
    /// Every rule, in declaration order.
    pub const ALL: [VertexRule; 3] = [
        VertexRule::RemoveThenMove,
        VertexRule::RemoveThenMoveToNonEmpty,
        VertexRule::MoveThenRemove,
    ];

    /// The short name used by [`FromStr`](core::str::FromStr) and [`Display`](fmt::Display):
    /// `remove-then-move`, `remove-then-move-nonempty`, `move-then-remove`.
    pub const fn name(self) -> &'static str {
        match self {
            VertexRule::RemoveThenMove => "remove-then-move",
            VertexRule::RemoveThenMoveToNonEmpty => "remove-then-move-nonempty",
            VertexRule::MoveThenRemove => "move-then-remove",
        }
    }
}

impl fmt::Display for VertexRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl core::str::FromStr for VertexRule {
    type Err = NimGError;

    fn from_str(s: &str) -> Result<Self, NimGError> {
        VertexRule::ALL
            .into_iter()
            .find(|r| r.name() == s.trim())
            .ok_or_else(|| NimGError::UnknownRule { name: s.to_string() })
    }
}

/// What can go wrong with NimG and Neighboring Nim inputs. Columns count characters from 1.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NimGError {
    /// A token on a vertex the graph does not have.
    #[error(
        "token vertex {token} is out of range: the graph has {order} vertices, numbered from 0"
    )]
    TokenOutOfRange {
        /// The vertex.
        token: usize,
        /// The number of vertices.
        order: usize,
    },
    /// A list of disk counts of the wrong length.
    #[error("{given} disk counts given, but the graph has {expected} {what}")]
    WrongLength {
        /// How many were given.
        given: usize,
        /// How many are needed.
        expected: usize,
        /// `"vertices"` or `"edges"`.
        what: &'static str,
    },
    /// A disk count that is not a number.
    #[error("invalid disk count '{token}' at column {column}: expected a non-negative integer")]
    BadCount {
        /// The offending text.
        token: String,
        /// Its first character.
        column: usize,
    },
    /// A rule name that is not one of [`VertexRule::name`].
    #[error(
        "unknown rule '{name}': expected remove-then-move, remove-then-move-nonempty or move-then-remove"
    )]
    UnknownRule {
        /// The name given.
        name: String,
    },
    /// An edge of an Edge NimG board from a vertex to itself.
    #[error("edge at column {column}: self-loop at vertex {vertex}")]
    SelfLoop {
        /// The vertex.
        vertex: usize,
        /// Its first character.
        column: usize,
    },
    /// An edge of an Edge NimG board at a vertex out of range.
    #[error(
        "edge at column {column}: vertex {vertex} is out of range: the board has {order} vertices"
    )]
    EdgeVertexOutOfRange {
        /// The vertex.
        vertex: usize,
        /// The number of vertices.
        order: usize,
        /// Its first character.
        column: usize,
    },
    /// A move that is not legal in the position.
    #[error("illegal move: {mv}")]
    IllegalMove {
        /// The move, as written by its `Display`.
        mv: String,
    },
    /// A bad graph.
    #[error("{0}")]
    Graph(#[from] ParseGraphError),
    /// A bad edge list.
    #[error("{0}")]
    EdgeList(#[from] ParseDigraphError),
}

/// Parses disk counts separated by spaces or commas.
///
/// # Errors
///
/// [`NimGError::BadCount`] naming the column.
pub fn parse_disks(text: &str) -> Result<Vec<u64>, NimGError> {
    tokens(text)
        .map(|(at, token)| {
            crate::digraph::number(token).ok_or_else(|| NimGError::BadCount {
                token: token.to_string(),
                column: text[..at].chars().count() + 1,
            })
        })
        .collect()
}

/// A position of a token game with heaps: the disks of every vertex (Vertex NimG) or edge
/// (Edge NimG), and the token's vertex.
///
/// With the `serde` feature a position serialises with its fields' names; it is relative to a
/// game, so data from outside should be rebuilt with the game's `position` method, which
/// checks it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct NimGPosition {
    disks: Vec<u64>,
    token: usize,
}

impl NimGPosition {
    /// The disks, indexed by vertex (Vertex NimG) or edge id (Edge NimG).
    pub fn disks(&self) -> &[u64] {
        &self.disks
    }

    /// The token's vertex.
    pub const fn token(&self) -> usize {
        self.token
    }

    /// The total number of disks (saturating).
    pub fn total(&self) -> u64 {
        self.disks.iter().fold(0u64, |a, &d| a.saturating_add(d))
    }
}

impl fmt::Display for NimGPosition {
    /// `3 0 2 @1`: the disks, then `@` and the token's vertex.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in &self.disks {
            write!(f, "{d} ")?;
        }
        write!(f, "@{}", self.token)
    }
}

/// A move of a token game with heaps: the token goes to `to` and `take` disks are removed
/// (from the token's old vertex under remove-then-move rules, from `to` otherwise).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TokenMove {
    /// The vertex the token goes to.
    pub to: usize,
    /// The number of disks removed, at least one.
    pub take: u64,
}

impl fmt::Display for TokenMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "take {} and go to {}", self.take, self.to)
    }
}

/// Vertex NimG: disks on the vertices of an undirected graph and a token; a turn removes disks
/// and moves the token along an edge as the [`VertexRule`] says. A player who cannot complete
/// a turn loses.
///
/// ```
/// use grundy_core::{Nimber, Ruleset, naive};
/// use grundy_graph::Graph;
/// use grundy_graph_games::{TokenMove, VertexNimG, VertexRule};
///
/// let game = VertexNimG::new(Graph::path(3), VertexRule::RemoveThenMove);
/// let position = game.position(vec![2, 1, 0], 0)?;
/// assert_eq!(
///     game.move_list(&position),
///     vec![TokenMove { to: 1, take: 1 }, TokenMove { to: 1, take: 2 }]
/// );
/// // Both moves lead to the middle vertex, to positions worth *2 and *1: a P-position.
/// assert_eq!(naive::value(&game, &position), Nimber::ZERO);
/// # Ok::<(), grundy_graph_games::NimGError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct VertexNimG {
    graph: Graph,
    rule: VertexRule,
}

impl VertexNimG {
    /// Vertex NimG on `graph` under `rule`.
    pub const fn new(graph: Graph, rule: VertexRule) -> Self {
        VertexNimG { graph, rule }
    }

    /// The graph.
    pub const fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The rule.
    pub const fn rule(&self) -> VertexRule {
        self.rule
    }

    /// The position with `disks[v]` disks on vertex `v` and the token on `token`.
    ///
    /// # Errors
    ///
    /// [`NimGError::WrongLength`] or [`NimGError::TokenOutOfRange`].
    pub fn position(&self, disks: Vec<u64>, token: usize) -> Result<NimGPosition, NimGError> {
        let order = self.graph.order();
        if disks.len() != order {
            return Err(NimGError::WrongLength {
                given: disks.len(),
                expected: order,
                what: "vertices",
            });
        }
        if token >= order {
            return Err(NimGError::TokenOutOfRange { token, order });
        }
        Ok(NimGPosition { disks, token })
    }

    /// Plays `mv` after checking that it is legal.
    ///
    /// # Errors
    ///
    /// [`NimGError::IllegalMove`].
    pub fn play_checked(
        &self,
        position: &NimGPosition,
        mv: TokenMove,
    ) -> Result<NimGPosition, NimGError> {
        if !self.is_legal(position, &mv) {
            return Err(NimGError::IllegalMove { mv: mv.to_string() });
        }
        Ok(self.play(position, &mv))
    }

    /// The reduced game tree of the slides, for [`VertexRule::RemoveThenMove`] positions: see
    /// [`ReducedTree`]. Its size is exponential in general; use it on small positions.
    pub fn reduced_tree(&self, position: &NimGPosition) -> ReducedTree {
        let mut disks = position.disks.clone();
        let mut nodes = 0;
        let mut depth = 0;
        let mut repeats = false;
        let mut path = vec![position.token];
        let mut winning = Vec::new();
        let wins = self.reduced_rec(
            &mut disks,
            position.token,
            0,
            &mut nodes,
            &mut depth,
            &mut path,
            &mut repeats,
            Some(&mut winning),
        );
        ReducedTree { nodes, depth, first_player_wins: wins, winning_children: winning, repeats }
    }

    #[allow(clippy::too_many_arguments, reason = "a private recursive helper")]
    fn reduced_rec(
        &self,
        disks: &mut [u64],
        v: usize,
        level: usize,
        nodes: &mut usize,
        depth: &mut usize,
        path: &mut Vec<usize>,
        repeats: &mut bool,
        mut winning: Option<&mut Vec<usize>>,
    ) -> bool {
        *nodes += 1;
        *depth = (*depth).max(level);
        let here = disks[v];
        let mut wins = false;
        for u in self.graph.neighbors(v).iter() {
            if disks[u] >= here {
                continue;
            }
            disks[v] = here - 1;
            *repeats |= path.contains(&u);
            path.push(u);
            let child_wins =
                self.reduced_rec(disks, u, level + 1, nodes, depth, path, repeats, None);
            path.pop();
            disks[v] = here;
            if !child_wins {
                wins = true;
                if let Some(w) = winning.as_deref_mut() {
                    w.push(u);
                }
            }
        }
        wins
    }
}

/// The reduced game tree of a Vertex NimG position (remove-then-move, empty vertices allowed),
/// as reconstructed from the slides.
///
/// The root is the position; the children of a node with the token on `v` are, for every
/// neighbour `u` of `v` with fewer disks than `v` (`A(u) < A(v)`), the node with one disk
/// removed from `v` and the token on `u`. A node wins for the player to move when some child
/// loses (a leaf loses). The slides claim that the root wins exactly when the position is an
/// N-position, that a winning move from `v` is to remove any number `r` in `1..=A(v) − A(u)`
/// of disks and go to a losing child `u`, and that the tree is polynomial when the disks per
/// vertex are bounded (no vertex repeats on a root path, at most `n^d` nodes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReducedTree {
    /// The number of nodes.
    pub nodes: usize,
    /// The length of the longest root path (in moves).
    pub depth: usize,
    /// The label of the root: does the player to move win in the tree?
    pub first_player_wins: bool,
    /// The token destinations of the root's losing children, in increasing order.
    pub winning_children: Vec<usize>,
    /// Whether some root path visits a vertex twice.
    pub repeats: bool,
}

impl Ruleset for VertexNimG {
    type Position = NimGPosition;
    type Move = TokenMove;

    fn moves(&self, position: &NimGPosition, moves: &mut Vec<TokenMove>) {
        let t = position.token;
        let here = position.disks[t];
        for u in self.graph.neighbors(t).iter() {
            let takes = self.rule.takes(here, position.disks[u]);
            moves.extend((1..=takes).map(|take| TokenMove { to: u, take }));
        }
    }

    fn play(&self, position: &NimGPosition, mv: &TokenMove) -> NimGPosition {
        self.rule.play(position, mv)
    }

    fn is_legal(&self, position: &NimGPosition, mv: &TokenMove) -> bool {
        let t = position.token;
        mv.to < self.graph.order()
            && self.graph.has_edge(t, mv.to)
            && (1..=self.rule.takes(position.disks[t], position.disks[mv.to])).contains(&mv.take)
    }
}

impl VertexRule {
    /// The most disks a move from a vertex with `here` disks to a neighbour with `there`
    /// disks may remove (0: no such move).
    const fn takes(self, here: u64, there: u64) -> u64 {
        match self {
            VertexRule::RemoveThenMove => here,
            VertexRule::RemoveThenMoveToNonEmpty if there > 0 => here,
            VertexRule::RemoveThenMoveToNonEmpty => 0,
            VertexRule::MoveThenRemove => there,
        }
    }

    /// Plays a legal move.
    fn play(self, position: &NimGPosition, mv: &TokenMove) -> NimGPosition {
        let mut next = position.clone();
        let from = match self {
            VertexRule::RemoveThenMove | VertexRule::RemoveThenMoveToNonEmpty => position.token,
            VertexRule::MoveThenRemove => mv.to,
        };
        next.disks[from] -= mv.take;
        next.token = mv.to;
        next
    }
}

/// Vertex NimG on a directed graph: the token moves along arcs. Either under one of the
/// slides' [`VertexRule`]s ([`new`](DirectedVertexNimG::new)), or as Duchêne and Renault's
/// *Vertexnim* ([`vertexnim`](DirectedVertexNimG::vertexnim)), where emptied vertices are
/// deleted.
///
/// # The rules
///
/// - [`new`](DirectedVertexNimG::new): exactly [`VertexNimG`] with "neighbour" read as
///   "out-neighbour". On the symmetric digraph of an undirected graph
///   ([`Digraph::from_graph`]) it is [`VertexNimG`] on that graph, move for move.
/// - [`vertexnim`](DirectedVertexNimG::vertexnim) (Duchêne and Renault, *Vertex Nim played
///   on graphs*, 2014): remove at least one disk from the token's vertex, then move the token
///   along an arc; a vertex whose last disk is removed is deleted from the graph and its
///   in-neighbours are joined to its out-neighbours. Deleted vertices stay in the position
///   with 0 disks; an arc of the current graph from `v` to `u` is a path `v → … → u` of at
///   least one arc of the digraph whose inner vertices are all empty, `u` being a vertex with
///   disks (`u = v` when such a path comes back to `v`: the loop that deletions create, as
///   on a directed cycle with one vertex left). The token must go to such a *live successor*
///   of its vertex (as it is after the removal); when there is none, the token stays where
///   it is (this is our reading where the paper is silent; it makes the removal of the last
///   disk of the graph a legal, winning move, as "the player making the last move wins"
///   says). The player to move loses when the token's vertex is empty. A move is named by
///   the disks removed and the token's destination.
///
/// ```
/// use grundy_core::{Nimber, Ruleset, naive};
/// use grundy_graph_games::{Digraph, DirectedVertexNimG, TokenMove};
///
/// // Vertexnim on the directed cycle 0 > 1 > 2 > 0 with vertex 1 already deleted.
/// let cycle = Digraph::from_arcs(3, [(0, 1), (1, 2), (2, 0)])?;
/// let game = DirectedVertexNimG::vertexnim(cycle);
/// let position = game.position(vec![2, 0, 1], 0)?;
/// // The token skips the deleted vertex 1; removing both disks deletes vertex 0 too.
/// assert_eq!(
///     game.move_list(&position),
///     vec![TokenMove { to: 2, take: 1 }, TokenMove { to: 2, take: 2 }]
/// );
/// // Rotisserie Nim on the queue (2, 1): its options (1, 1) and (1) are worth 0 and *1.
/// assert_eq!(naive::value(&game, &position), Nimber::new(2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With the `serde` feature the game serialises as
/// `{"digraph": {...}, "rule": "RemoveThenMove", "deletes_empty": false}`; data that deletes
/// empty vertices under another rule than [`VertexRule::RemoveThenMove`] is an error (only
/// Vertexnim deletes them).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "DirectedVertexNimGData")
)]
pub struct DirectedVertexNimG {
    digraph: Digraph,
    rule: VertexRule,
    deletes_empty: bool,
}

/// A [`DirectedVertexNimG`] as data, before its check.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct DirectedVertexNimGData {
    digraph: Digraph,
    rule: VertexRule,
    deletes_empty: bool,
}

#[cfg(feature = "serde")]
impl TryFrom<DirectedVertexNimGData> for DirectedVertexNimG {
    type Error = String;

    fn try_from(data: DirectedVertexNimGData) -> Result<Self, String> {
        match (data.deletes_empty, data.rule) {
            (false, rule) => Ok(DirectedVertexNimG::new(data.digraph, rule)),
            (true, VertexRule::RemoveThenMove) => Ok(DirectedVertexNimG::vertexnim(data.digraph)),
            (true, rule) => {
                Err(format!("only Vertexnim (remove-then-move) deletes empty vertices, not {rule}"))
            }
        }
    }
}

impl DirectedVertexNimG {
    /// Vertex NimG on `digraph` under `rule`; empty vertices stay in the graph.
    pub const fn new(digraph: Digraph, rule: VertexRule) -> Self {
        DirectedVertexNimG { digraph, rule, deletes_empty: false }
    }

    /// Duchêne and Renault's Vertexnim on `digraph`: remove then move, emptied vertices
    /// deleted (see the [type documentation](DirectedVertexNimG)).
    pub const fn vertexnim(digraph: Digraph) -> Self {
        DirectedVertexNimG { digraph, rule: VertexRule::RemoveThenMove, deletes_empty: true }
    }

    /// The digraph.
    pub const fn digraph(&self) -> &Digraph {
        &self.digraph
    }

    /// The rule ([`VertexRule::RemoveThenMove`] for Vertexnim).
    pub const fn rule(&self) -> VertexRule {
        self.rule
    }

    /// Tells whether emptied vertices are deleted (Vertexnim).
    pub const fn deletes_empty_vertices(&self) -> bool {
        self.deletes_empty
    }

    /// The position with `disks[v]` disks on vertex `v` and the token on `token`.
    ///
    /// # Errors
    ///
    /// [`NimGError::WrongLength`] or [`NimGError::TokenOutOfRange`].
    pub fn position(&self, disks: Vec<u64>, token: usize) -> Result<NimGPosition, NimGError> {
        let order = self.digraph.order();
        if disks.len() != order {
            return Err(NimGError::WrongLength {
                given: disks.len(),
                expected: order,
                what: "vertices",
            });
        }
        if token >= order {
            return Err(NimGError::TokenOutOfRange { token, order });
        }
        Ok(NimGPosition { disks, token })
    }

    /// Plays `mv` after checking that it is legal.
    ///
    /// # Errors
    ///
    /// [`NimGError::IllegalMove`].
    pub fn play_checked(
        &self,
        position: &NimGPosition,
        mv: TokenMove,
    ) -> Result<NimGPosition, NimGError> {
        if !self.is_legal(position, &mv) {
            return Err(NimGError::IllegalMove { mv: mv.to_string() });
        }
        Ok(self.play(position, &mv))
    }

    /// Where a Vertexnim move of `take` disks from the token's vertex may send the token: its
    /// live successors once the disks are removed, in increasing order, or the token's
    /// vertex alone when it has none. Empty when `take` is not a legal amount.
    fn destinations(&self, position: &NimGPosition, take: u64) -> Vec<usize> {
        let v = position.token;
        let here = position.disks[v];
        if take == 0 || take > here {
            return Vec::new();
        }
        let v_alive = take < here;
        let mut seen = vec![false; self.digraph.order()];
        let mut stack: Vec<usize> = self.digraph.successors(v).iter().collect();
        let mut live = Vec::new();
        while let Some(w) = stack.pop() {
            if core::mem::replace(&mut seen[w], true) {
                continue;
            }
            let alive = if w == v { v_alive } else { position.disks[w] > 0 };
            if alive {
                live.push(w);
            } else {
                stack.extend(self.digraph.successors(w).iter().filter(|&x| !seen[x]));
            }
        }
        if live.is_empty() {
            live.push(v);
        }
        live.sort_unstable();
        live
    }
}

impl Ruleset for DirectedVertexNimG {
    type Position = NimGPosition;
    type Move = TokenMove;

    fn moves(&self, position: &NimGPosition, moves: &mut Vec<TokenMove>) {
        let t = position.token;
        let here = position.disks[t];
        if self.deletes_empty {
            if here == 0 {
                return;
            }
            // The destinations depend only on whether the token's vertex keeps a disk.
            let keeps = if here > 1 { self.destinations(position, 1) } else { Vec::new() };
            for take in 1..here {
                moves.extend(keeps.iter().map(|&to| TokenMove { to, take }));
            }
            let empties = self.destinations(position, here);
            moves.extend(empties.into_iter().map(|to| TokenMove { to, take: here }));
            return;
        }
        for u in self.digraph.successors(t).iter() {
            let takes = self.rule.takes(here, position.disks[u]);
            moves.extend((1..=takes).map(|take| TokenMove { to: u, take }));
        }
    }

    fn play(&self, position: &NimGPosition, mv: &TokenMove) -> NimGPosition {
        self.rule.play(position, mv)
    }

    fn is_legal(&self, position: &NimGPosition, mv: &TokenMove) -> bool {
        let t = position.token;
        if mv.to >= self.digraph.order() {
            return false;
        }
        if self.deletes_empty {
            return self.destinations(position, mv.take).contains(&mv.to);
        }
        self.digraph.has_arc(t, mv.to)
            && (1..=self.rule.takes(position.disks[t], position.disks[mv.to])).contains(&mv.take)
    }
}

/// The value of Edge NimG on a path with the token at one end: `disks[i]` disks on the `i`-th
/// edge from the token's end.
///
/// Let `m` be the number of edges before the first empty one (the rest cannot be reached).
/// The value is 0 when `m` is even, and `min(disks[0], disks[2], …, disks[m − 1])`, the least
/// heap at an odd place from the token, when `m` is odd.
///
/// The NimG slides credit Fukuyama with the Grundy numbers of Edge NimG on trees, but state no
/// formula; this one is ours, found and checked by brute force (every path of up to 6 edges
/// with up to 4 disks per edge, up to 3 from 5 edges on: `tests/nimg.rs`), not proved.
///
/// ```
/// use grundy_core::{Nimber, naive};
/// use grundy_graph_games::{EdgeNimG, edge_nimg_path_end_value};
///
/// let game = EdgeNimG::new(4, [(0, 1), (1, 2), (2, 3)])?;
/// let position = game.position(vec![3, 1, 2], 0)?;
/// assert_eq!(edge_nimg_path_end_value(&[3, 1, 2]), Nimber::new(2));
/// assert_eq!(naive::value(&game, &position), Nimber::new(2));
/// # Ok::<(), grundy_graph_games::NimGError>(())
/// ```
pub fn edge_nimg_path_end_value(disks: &[u64]) -> Nimber {
    let m = disks.iter().position(|&d| d == 0).unwrap_or(disks.len());
    if m % 2 == 0 {
        return Nimber::ZERO;
    }
    Nimber::new(disks[..m].iter().step_by(2).copied().min().unwrap_or(0))
}

/// Edge NimG (Fukuyama): disks on the edges of an undirected multigraph (parallel edges
/// allowed, no loops) and a token; a turn removes at least one disk from an edge at the
/// token's vertex and moves the token across it. Whoever cannot move loses.
///
/// Edges have ids in the order given. A move is an [`EdgeMove`].
///
/// ```
/// use grundy_core::{Nimber, naive};
/// use grundy_graph_games::EdgeNimG;
///
/// // Two vertices joined by three edges with 3, 5 and 6 disks: Nim 3 5 6.
/// let (game, disks) = EdgeNimG::parse("0-1:3 0-1:5 0-1:6")?;
/// let position = game.position(disks, 0)?;
/// assert_eq!(naive::value(&game, &position), Nimber::new(3 ^ 5 ^ 6));
/// # Ok::<(), grundy_graph_games::NimGError>(())
/// ```
///
/// With the `serde` feature the game serialises as its order and edges in id order,
/// `{"order": 3, "edges": [[0, 1], [1, 2]]}`, and deserialises through [`EdgeNimG::new`]
/// (more than [`MAX_PARSED_ORDER`](grundy_graph::MAX_PARSED_ORDER) vertices is an error too).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(into = "EdgeNimGData", try_from = "EdgeNimGData")
)]
pub struct EdgeNimG {
    order: usize,
    edges: Vec<(usize, usize)>,
    /// For each vertex, `(other end, edge id)` in id order.
    incident: Vec<Vec<(usize, usize)>>,
}

/// A move of Edge NimG: remove `take` disks from edge `edge` and cross it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct EdgeMove {
    /// The edge id.
    pub edge: usize,
    /// The number of disks removed, at least one.
    pub take: u64,
}

impl fmt::Display for EdgeMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "take {} from edge {}", self.take, self.edge)
    }
}

/// An [`EdgeNimG`] game as data: its order and edges.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct EdgeNimGData {
    order: usize,
    edges: Vec<(usize, usize)>,
}

#[cfg(feature = "serde")]
impl From<EdgeNimG> for EdgeNimGData {
    fn from(game: EdgeNimG) -> Self {
        EdgeNimGData { order: game.order, edges: game.edges }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<EdgeNimGData> for EdgeNimG {
    type Error = String;

    fn try_from(data: EdgeNimGData) -> Result<Self, String> {
        crate::digraph::check_order(data.order)?;
        EdgeNimG::new(data.order, data.edges).map_err(|e| e.to_string())
    }
}

impl EdgeNimG {
    /// Edge NimG on `order` vertices with the given edges (ids in order; parallel edges
    /// allowed).
    ///
    /// # Errors
    ///
    /// [`NimGError::EdgeVertexOutOfRange`] or [`NimGError::SelfLoop`] (with the edge's place,
    /// counting from 1, as the column).
    pub fn new<I>(order: usize, edges: I) -> Result<Self, NimGError>
    where
        I: IntoIterator<Item = (usize, usize)>,
    {
        let mut incident = vec![Vec::new(); order];
        let mut list = Vec::new();
        for (i, (u, v)) in edges.into_iter().enumerate() {
            for w in [u, v] {
                if w >= order {
                    return Err(NimGError::EdgeVertexOutOfRange {
                        vertex: w,
                        order,
                        column: i + 1,
                    });
                }
            }
            if u == v {
                return Err(NimGError::SelfLoop { vertex: u, column: i + 1 });
            }
            incident[u].push((v, list.len()));
            incident[v].push((u, list.len()));
            list.push((u, v));
        }
        Ok(EdgeNimG { order, edges: list, incident })
    }

    /// Edge NimG on a simple graph, edges in [`Graph::edges`] order.
    pub fn from_graph(graph: &Graph) -> Self {
        match EdgeNimG::new(graph.order(), graph.edges()) {
            Ok(game) => game,
            Err(e) => unreachable!("a simple graph has valid edges: {e}"),
        }
    }

    /// Parses a board with its disks: edges `u-v:k` (`k` disks; `u-v` alone has one),
    /// separated by spaces or commas, optionally preceded by `n:` for the number of vertices.
    /// Returns the game and the disks by edge id.
    ///
    /// # Errors
    ///
    /// [`NimGError::EdgeList`], [`NimGError::BadCount`], [`NimGError::SelfLoop`] or
    /// [`NimGError::EdgeVertexOutOfRange`], naming the column.
    ///
    /// ```
    /// use grundy_graph_games::EdgeNimG;
    ///
    /// let (game, disks) = EdgeNimG::parse("4: 0-1:2 1-2 1-2:7")?;
    /// assert_eq!((game.order(), game.edges().len(), disks), (4, 3, vec![2, 1, 7]));
    /// assert_eq!(
    ///     EdgeNimG::parse("0-1 2-2").unwrap_err().to_string(),
    ///     "edge at column 5: self-loop at vertex 2"
    /// );
    /// # Ok::<(), grundy_graph_games::NimGError>(())
    /// ```
    pub fn parse(text: &str) -> Result<(EdgeNimG, Vec<u64>), NimGError> {
        let (order, pairs) = parse_prefixed_pairs(text, &['-'])?;
        let order = order.unwrap_or_else(|| {
            pairs.iter().map(|t| t.u.max(t.v).saturating_add(1)).max().unwrap_or(0)
        });
        if order > crate::digraph::MAX_PARSED_ORDER as u64 {
            return Err(ParseDigraphError::TooManyVertices {
                order,
                max: crate::digraph::MAX_PARSED_ORDER,
            }
            .into());
        }
        let order = to_usize(order);
        let mut incident = vec![Vec::new(); order];
        let mut edges = Vec::new();
        let mut disks = Vec::new();
        for t in &pairs {
            let (u, v) = (to_usize(t.u), to_usize(t.v));
            for w in [u, v] {
                if w >= order {
                    return Err(NimGError::EdgeVertexOutOfRange {
                        vertex: w,
                        order,
                        column: t.column,
                    });
                }
            }
            if u == v {
                return Err(NimGError::SelfLoop { vertex: u, column: t.column });
            }
            let k = match t.suffix {
                None => 1,
                Some(s) => crate::digraph::number(s).ok_or_else(|| NimGError::BadCount {
                    token: t.text.to_string(),
                    column: t.column,
                })?,
            };
            incident[u].push((v, edges.len()));
            incident[v].push((u, edges.len()));
            edges.push((u, v));
            disks.push(k);
        }
        Ok((EdgeNimG { order, edges, incident }, disks))
    }

    /// The number of vertices.
    pub const fn order(&self) -> usize {
        self.order
    }

    /// The edges by id.
    pub fn edges(&self) -> &[(usize, usize)] {
        &self.edges
    }

    /// The position with `disks[e]` disks on edge `e` and the token on `token`.
    ///
    /// # Errors
    ///
    /// [`NimGError::WrongLength`] or [`NimGError::TokenOutOfRange`].
    pub fn position(&self, disks: Vec<u64>, token: usize) -> Result<NimGPosition, NimGError> {
        if disks.len() != self.edges.len() {
            return Err(NimGError::WrongLength {
                given: disks.len(),
                expected: self.edges.len(),
                what: "edges",
            });
        }
        if token >= self.order {
            return Err(NimGError::TokenOutOfRange { token, order: self.order });
        }
        Ok(NimGPosition { disks, token })
    }

    /// Plays `mv` after checking that it is legal.
    ///
    /// # Errors
    ///
    /// [`NimGError::IllegalMove`].
    pub fn play_checked(
        &self,
        position: &NimGPosition,
        mv: EdgeMove,
    ) -> Result<NimGPosition, NimGError> {
        if !self.is_legal(position, &mv) {
            return Err(NimGError::IllegalMove { mv: mv.to_string() });
        }
        Ok(self.play(position, &mv))
    }

    /// Writes a position as [`parse`](EdgeNimG::parse) reads it, then `@` and the token.
    pub fn to_text(&self, position: &NimGPosition) -> String {
        let mut out = String::new();
        for (&(u, v), d) in self.edges.iter().zip(&position.disks) {
            out.push_str(&format!("{u}-{v}:{d} "));
        }
        out.push_str(&format!("@{}", position.token));
        out
    }
}

impl Ruleset for EdgeNimG {
    type Position = NimGPosition;
    type Move = EdgeMove;

    fn moves(&self, position: &NimGPosition, moves: &mut Vec<EdgeMove>) {
        for &(_, edge) in &self.incident[position.token] {
            moves.extend((1..=position.disks[edge]).map(|take| EdgeMove { edge, take }));
        }
    }

    fn play(&self, position: &NimGPosition, mv: &EdgeMove) -> NimGPosition {
        let mut next = position.clone();
        next.disks[mv.edge] -= mv.take;
        let (u, v) = self.edges[mv.edge];
        next.token = if u == position.token { v } else { u };
        next
    }

    fn is_legal(&self, position: &NimGPosition, mv: &EdgeMove) -> bool {
        self.edges.get(mv.edge).is_some_and(|&(u, v)| {
            (u == position.token || v == position.token)
                && mv.take >= 1
                && mv.take <= position.disks[mv.edge]
        })
    }
}
