//! Geography: vertex and edge Geography on directed and undirected graphs, and the matching
//! method for Undirected Vertex Geography.

use core::fmt::Write as _;

use grundy_core::{Outcome, Ruleset};
use grundy_graph::{Graph, ParseGraphError, VertexSet};

use crate::digraph::{Digraph, ParseDigraphError};
use crate::matching::{Adjacency, Engine, GallaiEdmonds, NO_VERTEX};

/// Which things may not be used twice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum GeographyRule {
    /// Vertex Geography: the token may not enter a vertex it has visited (the start included).
    Vertex,
    /// Edge Geography: the token may not cross an edge (an arc, on a digraph) twice.
    Edge,
}

/// What can go wrong with Geography inputs.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GeographyError {
    /// A token or start vertex that the graph does not have.
    #[error(
        "start vertex {vertex} is out of range: the graph has {order} vertices, numbered from 0"
    )]
    StartOutOfRange {
        /// The vertex.
        vertex: usize,
        /// The number of vertices.
        order: usize,
    },
    /// A used vertex (vertex rule) or edge id (edge rule) out of range.
    #[error("used {what} {id} is out of range: there are {count}")]
    UsedOutOfRange {
        /// `"vertex"` or `"edge"`.
        what: &'static str,
        /// The id.
        id: usize,
        /// How many vertices or edges there are.
        count: usize,
    },
    /// A move that is not legal in the position.
    #[error("illegal move: the token cannot go to vertex {to}")]
    IllegalMove {
        /// The destination asked for.
        to: usize,
    },
    /// The matching method only solves Undirected Vertex Geography.
    #[error("the matching method only applies to vertex Geography on an undirected graph")]
    NotUndirectedVertex,
    /// A bad undirected edge list.
    #[error("{0}")]
    Graph(#[from] ParseGraphError),
    /// A bad arc list.
    #[error("{0}")]
    Digraph(#[from] ParseDigraphError),
}

/// A Geography position: where the token is, and what has been used.
///
/// `used` holds vertices under [`GeographyRule::Vertex`] (the token's vertex is always among
/// them) and edge ids under [`GeographyRule::Edge`] (see [`Geography::edge_id`]). With no
/// token (`None`) the first move puts the token on any vertex it may enter (any unused vertex;
/// any vertex under the edge rule): this is the game in which the first player chooses the
/// start.
///
/// With the `serde` feature a position serialises with its fields' names; it is relative to a
/// game, so data from outside should be rebuilt with the game's `position` method, which
/// checks it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GeographyPosition {
    token: Option<usize>,
    used: VertexSet,
}

impl GeographyPosition {
    /// The token's vertex, if the token is on the board.
    pub const fn token(&self) -> Option<usize> {
        self.token
    }

    /// The used vertices (vertex rule) or edge ids (edge rule).
    pub const fn used(&self) -> &VertexSet {
        &self.used
    }
}

/// Geography: two players move one token along the edges (arcs) of a graph, never re-using a
/// vertex (vertex Geography) or an edge (edge Geography); whoever cannot move loses.
///
/// A move is named by the vertex the token goes to (graphs are simple, so the edge is
/// determined). The ruleset is any of the four games: directed or undirected board, vertex or
/// edge rule. [`Geography::matching_outcome`] and [`Geography::matching_winning_moves`] solve
/// Undirected Vertex Geography in polynomial time (Fraenkel, Scheinerman and Ullman 1993):
/// the player to move from `v` wins exactly when every maximum matching of the graph of the
/// unused vertices and `v` covers `v`.
///
/// ```
/// use grundy_core::{Outcome, Ruleset, naive};
/// use grundy_graph_games::{Geography, GeographyRule};
///
/// // The path 0-1-2 from its end: 0 -> 1 -> 2 and the first player is stuck.
/// let game = Geography::parse("0-1 1-2", false, GeographyRule::Vertex)?;
/// let start = game.start(0)?;
/// assert_eq!(naive::outcome(&game, &start), Outcome::P);
/// assert_eq!(game.matching_outcome(&start)?, Outcome::P);
/// // From the middle, go to either end.
/// assert_eq!(game.matching_winning_moves(&game.start(1)?)?, vec![0, 2]);
/// // Edge Geography on a directed triangle with a chord.
/// let edge = Geography::parse("0>1 1>2 2>0 0>2", true, GeographyRule::Edge)?;
/// assert_eq!(edge.move_list(&edge.start(0)?), vec![1, 2]);
/// # Ok::<(), grundy_graph_games::GeographyError>(())
/// ```
///
/// With the `serde` feature a game serialises as its rule and board,
/// `{"rule": "Vertex", "board": {"undirected": {"order": 3, "edges": [[0, 1], [1, 2]]}}}` or
/// `{"rule": "Edge", "board": {"directed": {"order": 3, "arcs": [[0, 1]]}}}`, the board checked
/// on the way in.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(into = "GeographyData", from = "GeographyData")
)]
pub struct Geography {
    rule: GeographyRule,
    /// The board as a digraph (both arcs for each undirected edge).
    digraph: Digraph,
    /// The undirected graph, when the board is undirected.
    graph: Option<Graph>,
    /// For each vertex, `(neighbour, edge id)`: edge ids of the undirected graph (its
    /// [`Graph::edges`] order), or arc ids of the digraph.
    out: Vec<Vec<(usize, usize)>>,
    /// The number of edge ids.
    marks: usize,
}

/// A [`Geography`] game as data: its rule and board.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct GeographyData {
    rule: GeographyRule,
    board: Board,
}

/// The board of a [`Geography`] game.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
enum Board {
    Undirected(Graph),
    Directed(Digraph),
}

#[cfg(feature = "serde")]
impl From<Geography> for GeographyData {
    fn from(game: Geography) -> Self {
        let board = match game.graph {
            Some(graph) => Board::Undirected(graph),
            None => Board::Directed(game.digraph),
        };
        GeographyData { rule: game.rule, board }
    }
}

#[cfg(feature = "serde")]
impl From<GeographyData> for Geography {
    fn from(data: GeographyData) -> Self {
        match data.board {
            Board::Undirected(graph) => Geography::undirected(graph, data.rule),
            Board::Directed(digraph) => Geography::directed(digraph, data.rule),
        }
    }
}

impl Geography {
    /// Geography on an undirected graph.
    pub fn undirected(graph: Graph, rule: GeographyRule) -> Self {
        let n = graph.order();
        let mut out = vec![Vec::new(); n];
        let mut marks = 0;
        for (id, (u, v)) in graph.edges().enumerate() {
            out[u].push((v, id));
            out[v].push((u, id));
            marks = id + 1;
        }
        for list in &mut out {
            list.sort_unstable();
        }
        Geography { rule, digraph: Digraph::from_graph(&graph), graph: Some(graph), out, marks }
    }

    /// Geography on a directed graph.
    pub fn directed(digraph: Digraph, rule: GeographyRule) -> Self {
        let out = (0..digraph.order())
            .map(|v| {
                let mut list = digraph.out_arcs(v).to_vec();
                list.sort_unstable();
                list
            })
            .collect();
        let marks = digraph.arc_count();
        Geography { rule, digraph, graph: None, out, marks }
    }

    /// Parses the board: an undirected edge list (`0-1 1-2`, see
    /// [`Graph::parse_edge_list`]) or, with `directed`, an arc list (`0>1 1>2`, where `u-v`
    /// means both arcs, see [`Digraph::parse_arc_list`]).
    ///
    /// # Errors
    ///
    /// [`GeographyError::Graph`] or [`GeographyError::Digraph`], naming the column.
    pub fn parse(text: &str, directed: bool, rule: GeographyRule) -> Result<Self, GeographyError> {
        Ok(if directed {
            Geography::directed(Digraph::parse_arc_list(text)?, rule)
        } else {
            Geography::undirected(Graph::parse_edge_list(text)?, rule)
        })
    }

    /// The rule.
    pub const fn rule(&self) -> GeographyRule {
        self.rule
    }

    /// Tells whether the board is undirected.
    pub const fn is_undirected(&self) -> bool {
        self.graph.is_some()
    }

    /// The undirected graph, when the board is undirected.
    pub const fn graph(&self) -> Option<&Graph> {
        self.graph.as_ref()
    }

    /// The board as a digraph (an undirected edge is the two arcs).
    pub const fn digraph(&self) -> &Digraph {
        &self.digraph
    }

    /// The number of vertices.
    pub fn order(&self) -> usize {
        self.out.len()
    }

    /// The number of edge ids (edges of an undirected board, arcs of a directed one).
    pub const fn edge_count(&self) -> usize {
        self.marks
    }

    /// The id of the edge (arc) the token crosses from `u` to `v`, if there is one.
    pub fn edge_id(&self, u: usize, v: usize) -> Option<usize> {
        self.out.get(u)?.iter().find(|&&(w, _)| w == v).map(|&(_, id)| id)
    }

    /// The position with the token on `vertex` and nothing used but it (vertex rule).
    ///
    /// # Errors
    ///
    /// [`GeographyError::StartOutOfRange`].
    pub fn start(&self, vertex: usize) -> Result<GeographyPosition, GeographyError> {
        self.position(Some(vertex), [])
    }

    /// The position where the first player chooses where the token starts.
    pub fn no_token(&self) -> GeographyPosition {
        GeographyPosition { token: None, used: VertexSet::new() }
    }

    /// The position with the token on `token` (or not yet placed) and the given used vertices
    /// (vertex rule; the token's vertex is added) or edge ids (edge rule).
    ///
    /// # Errors
    ///
    /// [`GeographyError::StartOutOfRange`] or [`GeographyError::UsedOutOfRange`].
    pub fn position<I>(
        &self,
        token: Option<usize>,
        used: I,
    ) -> Result<GeographyPosition, GeographyError>
    where
        I: IntoIterator<Item = usize>,
    {
        let (what, count) = match self.rule {
            GeographyRule::Vertex => ("vertex", self.order()),
            GeographyRule::Edge => ("edge", self.marks),
        };
        let mut set = VertexSet::new();
        for id in used {
            if id >= count {
                return Err(GeographyError::UsedOutOfRange { what, id, count });
            }
            set.insert(id);
        }
        if let Some(t) = token {
            if t >= self.order() {
                return Err(GeographyError::StartOutOfRange { vertex: t, order: self.order() });
            }
            if self.rule == GeographyRule::Vertex {
                set.insert(t);
            }
        }
        Ok(GeographyPosition { token, used: set })
    }

    /// Plays the move to `to` after checking that it is legal.
    ///
    /// # Errors
    ///
    /// [`GeographyError::IllegalMove`].
    pub fn play_checked(
        &self,
        position: &GeographyPosition,
        to: usize,
    ) -> Result<GeographyPosition, GeographyError> {
        if !self.is_legal(position, &to) {
            return Err(GeographyError::IllegalMove { to });
        }
        Ok(self.play(position, &to))
    }

    /// Writes a position: `token 2, used 0 1 2` (vertex rule), `token 2, used 0-1 1-2` (edge
    /// rule; arcs as `0>1`), `no token, used ...`.
    pub fn to_text(&self, position: &GeographyPosition) -> String {
        let mut out = match position.token {
            Some(t) => format!("token {t}, used"),
            None => "no token, used".to_string(),
        };
        if position.used.is_empty() {
            out.push_str(" nothing");
        }
        for id in position.used.iter() {
            match self.rule {
                GeographyRule::Vertex => {
                    let _ = write!(out, " {id}");
                }
                GeographyRule::Edge => match (&self.graph, self.digraph.arc(id)) {
                    (Some(g), _) => {
                        if let Some((u, v)) = g.edges().nth(id) {
                            let _ = write!(out, " {u}-{v}");
                        }
                    }
                    (None, Some((u, v))) => {
                        let _ = write!(out, " {u}>{v}");
                    }
                    (None, None) => {}
                },
            }
        }
        out
    }

    /// The undirected graph of a vertex-Geography position, for the matching method: the
    /// subgraph induced by the unused vertices and the token's, with the map back.
    fn live_subgraph(
        &self,
        position: &GeographyPosition,
    ) -> Result<(Adjacency, Vec<usize>), GeographyError> {
        let graph = match (&self.graph, self.rule) {
            (Some(g), GeographyRule::Vertex) => g,
            _ => return Err(GeographyError::NotUndirectedVertex),
        };
        let mut live = graph.vertices().difference(&position.used);
        if let Some(t) = position.token {
            live.insert(t);
        }
        Ok(Adjacency::induced(graph, &live))
    }

    /// The outcome of an Undirected Vertex Geography position by the matching method: with
    /// the token on `v`, N exactly when every maximum matching of the graph induced by the
    /// unused vertices and `v` covers `v`; with no token, N exactly when the unused vertices
    /// have no perfect matching. One maximum matching, `O(n m)` at worst.
    ///
    /// # Errors
    ///
    /// [`GeographyError::NotUndirectedVertex`] for the other three games.
    pub fn matching_outcome(
        &self,
        position: &GeographyPosition,
    ) -> Result<Outcome, GeographyError> {
        let (h, map) = self.live_subgraph(position)?;
        let ge = GallaiEdmonds::of(&h);
        let wins = match position.token {
            Some(t) => ge.always_covered(index_of(&map, t)),
            None => !ge.d().is_empty(),
        };
        Ok(if wins { Outcome::N } else { Outcome::P })
    }

    /// The winning moves of an Undirected Vertex Geography position by the matching method,
    /// in increasing order: with the token on `v` (covered by every maximum matching `M` of
    /// the live graph `H`), the neighbours `u` of `v` that some maximum matching of `H − v`
    /// leaves exposed — found from `M` minus its edge at `v`, which is maximum in `H − v`, by
    /// one more forest search (the mate of `v` is always among them). With no token, the
    /// vertices some maximum matching of `H` leaves exposed.
    ///
    /// # Errors
    ///
    /// [`GeographyError::NotUndirectedVertex`] for the other three games.
    pub fn matching_winning_moves(
        &self,
        position: &GeographyPosition,
    ) -> Result<Vec<usize>, GeographyError> {
        let (h, map) = self.live_subgraph(position)?;
        let solver = VertexGeographyMatching::of(h);
        let local = match position.token {
            Some(t) => solver.winning_moves_from(index_of(&map, t)),
            None => solver.decomposition().d().iter().collect(),
        };
        Ok(local.into_iter().map(|v| map[v]).collect())
    }
}

fn index_of(map: &[usize], v: usize) -> usize {
    map.binary_search(&v).unwrap_or_else(|_| unreachable!("the token's vertex is live"))
}

impl Ruleset for Geography {
    type Position = GeographyPosition;
    /// The vertex the token goes to.
    type Move = usize;

    fn moves(&self, position: &GeographyPosition, moves: &mut Vec<usize>) {
        match (position.token, self.rule) {
            (Some(t), GeographyRule::Vertex) => moves.extend(
                self.out[t].iter().filter(|&&(u, _)| !position.used.contains(u)).map(|&(u, _)| u),
            ),
            (Some(t), GeographyRule::Edge) => moves.extend(
                self.out[t].iter().filter(|&&(_, id)| !position.used.contains(id)).map(|&(u, _)| u),
            ),
            (None, GeographyRule::Vertex) => {
                moves.extend((0..self.order()).filter(|&v| !position.used.contains(v)));
            }
            (None, GeographyRule::Edge) => moves.extend(0..self.order()),
        }
    }

    fn play(&self, position: &GeographyPosition, to: &usize) -> GeographyPosition {
        let mut next = position.clone();
        next.token = Some(*to);
        match self.rule {
            GeographyRule::Vertex => {
                next.used.insert(*to);
            }
            GeographyRule::Edge => {
                if let Some(id) = position.token.and_then(|t| self.edge_id(t, *to)) {
                    next.used.insert(id);
                }
            }
        }
        next
    }

    fn is_legal(&self, position: &GeographyPosition, to: &usize) -> bool {
        let to = *to;
        if to >= self.order() {
            return false;
        }
        match (position.token, self.rule) {
            (Some(t), GeographyRule::Vertex) => {
                self.digraph.has_arc(t, to) && !position.used.contains(to)
            }
            (Some(t), GeographyRule::Edge) => {
                self.edge_id(t, to).is_some_and(|id| !position.used.contains(id))
            }
            (None, GeographyRule::Vertex) => !position.used.contains(to),
            (None, GeographyRule::Edge) => true,
        }
    }

    /// Vertex rule with a token: the used vertices that the token can no longer reach are
    /// irrelevant, so every vertex outside the token's reach through unused vertices is
    /// marked used (move names are unchanged).
    fn canonical(&self, position: &GeographyPosition) -> GeographyPosition {
        let (Some(t), GeographyRule::Vertex) = (position.token, self.rule) else {
            return position.clone();
        };
        let mut reach = VertexSet::singleton(t);
        let mut stack = vec![t];
        while let Some(v) = stack.pop() {
            for &(u, _) in &self.out[v] {
                if !position.used.contains(u) && reach.insert(u) {
                    stack.push(u);
                }
            }
        }
        let mut used = VertexSet::range(0..self.order()).difference(&reach);
        used.insert(t);
        GeographyPosition { token: Some(t), used }
    }
}

/// Undirected Vertex Geography from every start vertex of one graph, by one maximum matching.
///
/// [`wins_from`](VertexGeographyMatching::wins_from) answers in constant time whether the
/// player to move from a start vertex `v` (only `v` used) wins: exactly when `v` is covered by
/// every maximum matching, that is when `v` is outside the Gallai–Edmonds set `D`.
/// [`winning_moves_from`](VertexGeographyMatching::winning_moves_from) costs one more forest
/// search.
///
/// ```
/// use grundy_graph::Graph;
/// use grundy_graph_games::VertexGeographyMatching;
///
/// // A triangle with a pendant vertex 3 at vertex 0: {0-3, 1-2} is the only maximum matching.
/// let g: Graph = "0-1 1-2 2-0 0-3".parse()?;
/// let solver = VertexGeographyMatching::new(&g);
/// assert!((0..4).all(|v| solver.wins_from(v)));
/// assert_eq!(solver.winning_moves_from(0), vec![3]);
/// assert_eq!(solver.winning_moves_from(3), vec![0]);
/// # Ok::<(), grundy_graph::ParseGraphError>(())
/// ```
#[derive(Clone, Debug)]
pub struct VertexGeographyMatching {
    adj: Adjacency,
    ge: GallaiEdmonds,
}

impl VertexGeographyMatching {
    /// Computes a maximum matching of `graph` and its Gallai–Edmonds decomposition.
    pub fn new(graph: &Graph) -> Self {
        VertexGeographyMatching::of(Adjacency::from_graph(graph))
    }

    fn of(adj: Adjacency) -> Self {
        let ge = GallaiEdmonds::of(&adj);
        VertexGeographyMatching { adj, ge }
    }

    /// The Gallai–Edmonds decomposition (with the maximum matching used).
    pub const fn decomposition(&self) -> &GallaiEdmonds {
        &self.ge
    }

    /// Tells whether the player to move from `v`, with only `v` used, wins (false for vertices
    /// out of range).
    pub fn wins_from(&self, v: usize) -> bool {
        self.ge.always_covered(v)
    }

    /// The vertices from which the player to move wins.
    pub fn winning_starts(&self) -> VertexSet {
        VertexSet::range(0..self.adj.order()).difference(self.ge.d())
    }

    /// The winning moves from the start vertex `v`, in increasing order (none when the player
    /// to move from `v` loses, or `v` is out of range).
    pub fn winning_moves_from(&self, v: usize) -> Vec<usize> {
        if !self.wins_from(v) {
            return Vec::new();
        }
        let matching = self.ge.matching();
        let mut mates: Vec<usize> =
            (0..self.adj.order()).map(|x| matching.mate(x).unwrap_or(NO_VERTEX)).collect();
        let m = mates[v];
        mates[v] = NO_VERTEX;
        if m != NO_VERTEX {
            mates[m] = NO_VERTEX;
        }
        let mut engine = Engine::new(&self.adj);
        engine.set_mates(mates);
        // Maximum already (v was covered by every maximum matching); this only labels.
        engine.maximise(v);
        debug_assert_eq!(
            engine.mates().iter().filter(|&&x| x != NO_VERTEX).count() / 2 + 1,
            matching.len()
        );
        let d = engine.even();
        let mut out: Vec<usize> =
            self.adj.neighbors(v).iter().copied().filter(|&u| d.contains(u)).collect();
        out.sort_unstable();
        out
    }
}
