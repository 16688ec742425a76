//! Friend Circle, the viral-marketing game of Burke, Ferland and Teng (*Transverse Wave*,
//! Ruleset 4), for the grundy library.
//!
//! A position is a graph whose edges are marked true (`t`: the two friends already talked
//! about the product) or false (`f`), and a set of seed vertices. A move picks a seed with an
//! incident false edge; every edge at the seed becomes true, and for each neighbour whose edge
//! to the seed was *already* true before the move, every edge at that neighbour becomes true
//! too (the neighbour broadcasts to its own friend circle). Whoever cannot move loses.
//!
//! [`FriendCircle`] holds the graph and the seeds; a position is the set of ids of the true
//! edges (ids are the places of the edges in [`Graph::edges`] order, see
//! [`FriendCircle::edge_id`]); a move is a seed vertex.
//!
//! ```
//! use grundy_core::{Ruleset, naive};
//! use grundy_friend_circle::FriendCircle;
//!
//! // Figure 3 of the paper (reconstructed): seeds v1..v4 (0..3), v5 (4) is not a seed.
//! let (game, position) = FriendCircle::parse("0-1t 0-2f 2-3t 1-3f 2-4f 3-4f / 0 1 2 3")?;
//! assert_eq!(game.move_list(&position), vec![0, 1, 2, 3]);
//! // Playing v2: its edges become true and, since v1-v2 was true, so do all of v1's.
//! let after = game.play(&position, &1);
//! assert_eq!(game.move_list(&after), vec![2, 3]);
//! assert_eq!(game.to_text(&after), "0-1t 0-2t 1-3t 2-3t 2-4f 3-4f / 0 1 2 3");
//! assert!(naive::value(&game, &position).value() < 4);
//! # Ok::<(), grundy_friend_circle::FriendCircleError>(())
//! ```
//!
//! Node-Kayles is the special case of the paper's Theorem 2 (true edges between the original
//! vertices, each with a pendant false edge to a new vertex), Transverse Wave that of its
//! Proposition 3 (complete bipartite graphs seeded on one side); the reductions live in
//! `grundy-reductions`.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

use core::fmt::Write as _;

use grundy_core::Ruleset;
use grundy_graph::{Graph, GraphError, VertexSet};

/// What can go wrong with Friend Circle inputs. Columns count characters from 1.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FriendCircleError {
    /// A seed that is not a vertex of the graph.
    #[error("seed {seed} is not a vertex: the graph has {order} vertices")]
    SeedOutOfRange {
        /// The seed.
        seed: usize,
        /// The number of vertices.
        order: usize,
    },
    /// An edge the graph does not have.
    #[error("no edge {u}-{v} in the graph")]
    NoSuchEdge {
        /// One end.
        u: usize,
        /// The other end.
        v: usize,
    },
    /// A position naming an edge id the graph does not have.
    #[error("edge id {id} is out of range: the graph has {count} edges")]
    EdgeIdOutOfRange {
        /// The id.
        id: usize,
        /// The number of edges.
        count: usize,
    },
    /// A move at a vertex that is not a seed with an incident false edge.
    #[error("illegal move: vertex {vertex} is not a seed with an incident false edge")]
    IllegalMove {
        /// The vertex.
        vertex: usize,
    },
    /// A token that is not an edge with its mark (`0-1t`, `2-3f`) or a seed number.
    #[error("invalid token '{token}' at column {column}: expected {expected}")]
    BadToken {
        /// The offending text.
        token: String,
        /// Its first character.
        column: usize,
        /// What was expected there.
        expected: &'static str,
    },
    /// The vertex-count prefix is not a number.
    #[error("invalid vertex count '{token}' at column {column}")]
    BadCount {
        /// The offending text.
        token: String,
        /// Its first character.
        column: usize,
    },
    /// The text has no `/` between the edges and the seeds.
    #[error("missing '/' between the edges and the seeds")]
    MissingSeparator,
    /// An edge the graph refuses (unknown vertex, loop, duplicate).
    #[error("edge at column {column}: {source}")]
    Edge {
        /// Why.
        source: GraphError,
        /// Its first character.
        column: usize,
    },
    /// A seed that is not a vertex, in a text.
    #[error("seed at column {column}: {source}")]
    Seed {
        /// Why.
        source: Box<FriendCircleError>,
        /// Its first character.
        column: usize,
    },
    /// A seed listed twice, in a text.
    #[error("seed {seed} at column {column} is listed twice")]
    DuplicateSeed {
        /// The seed.
        seed: usize,
        /// Its first character.
        column: usize,
    },
    /// More vertices than a text may ask for.
    #[error("{order} vertices: at most {max} are supported")]
    TooManyVertices {
        /// The number asked for.
        order: u64,
        /// The limit.
        max: usize,
    },
}

/// The most vertices a parsed position may have.
pub const MAX_PARSED_ORDER: usize = grundy_graph::MAX_PARSED_ORDER;

/// Friend Circle on a graph with a seed set.
///
/// Positions are [`VertexSet`]s used as sets of *edge ids*: the ids of the edges marked true.
/// The edge with id `i` is the `i`-th of [`Graph::edges`] (pairs `u < v` in increasing order);
/// [`edge_id`](FriendCircle::edge_id) and [`edge`](FriendCircle::edge) convert.
///
/// The solver splits positions into independent parts ([`Ruleset::components`]): a move at
/// seed `v` reads and writes only the false edges at `v` and at `v`'s neighbours, so playable
/// seeds whose such edges are disjoint (and stay disjoint, since edges only turn true) play
/// independent games. False edges that no playable seed can ever read are set true by
/// [`Ruleset::canonical`].
///
/// With the `serde` feature a game serialises as its graph and seeds,
/// `{"graph": {"order": 3, "edges": [[0, 1], [1, 2]]}, "seeds": [1]}`, and deserialises
/// through [`FriendCircle::new`], so a seed that is not a vertex is an error.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(into = "FriendCircleData", try_from = "FriendCircleData")
)]
pub struct FriendCircle {
    graph: Graph,
    seeds: VertexSet,
    /// `edges[id] = (u, v)` with `u < v`.
    edges: Vec<(usize, usize)>,
    /// For each vertex, the ids of its edges.
    incident: Vec<VertexSet>,
    /// For each vertex, the ids of the edges at it or at one of its neighbours.
    reach: Vec<VertexSet>,
    /// For each vertex, `(neighbour, edge id)` pairs.
    adjacent: Vec<Vec<(usize, usize)>>,
}

/// A [`FriendCircle`] as data: its graph and seeds.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct FriendCircleData {
    graph: Graph,
    seeds: VertexSet,
}

#[cfg(feature = "serde")]
impl From<FriendCircle> for FriendCircleData {
    fn from(game: FriendCircle) -> Self {
        FriendCircleData { graph: game.graph, seeds: game.seeds }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<FriendCircleData> for FriendCircle {
    type Error = FriendCircleError;

    fn try_from(data: FriendCircleData) -> Result<Self, FriendCircleError> {
        FriendCircle::new(data.graph, data.seeds)
    }
}

impl FriendCircle {
    /// Friend Circle on `graph` with the given seeds.
    ///
    /// # Errors
    ///
    /// [`FriendCircleError::SeedOutOfRange`] for a seed that is not a vertex.
    pub fn new(graph: Graph, seeds: VertexSet) -> Result<Self, FriendCircleError> {
        let order = graph.order();
        if let Some(seed) = seeds.iter().find(|&s| s >= order) {
            return Err(FriendCircleError::SeedOutOfRange { seed, order });
        }
        let edges: Vec<(usize, usize)> = graph.edges().collect();
        let mut incident = vec![VertexSet::new(); order];
        let mut adjacent = vec![Vec::new(); order];
        for (id, &(u, v)) in edges.iter().enumerate() {
            incident[u].insert(id);
            incident[v].insert(id);
            adjacent[u].push((v, id));
            adjacent[v].push((u, id));
        }
        let reach = (0..order)
            .map(|v| {
                let mut r = incident[v].clone();
                for w in graph.neighbors(v) {
                    r.union_with(&incident[w]);
                }
                r
            })
            .collect();
        Ok(FriendCircle { graph, seeds, edges, incident, reach, adjacent })
    }

    /// Parses a game and a position from text: edges `u-v` each followed by its mark `t` or
    /// `f`, then `/`, then the seeds. An optional `n:` prefix gives the number of vertices
    /// (otherwise the largest vertex of an edge or seed, plus one). Separators are spaces,
    /// commas or newlines.
    ///
    /// ```
    /// use grundy_friend_circle::FriendCircle;
    ///
    /// let (game, position) = FriendCircle::parse("5: 0-1t, 1-2f / 1 3")?;
    /// assert_eq!(game.graph().order(), 5); // vertex 4 is isolated
    /// assert_eq!(game.weight(&position, 1, 0), Ok(true));
    /// assert_eq!(game.to_text(&position), "5: 0-1t 1-2f / 1 3");
    /// assert!(FriendCircle::parse("0-1x / 0").is_err());
    /// # Ok::<(), grundy_friend_circle::FriendCircleError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`FriendCircleError::BadToken`], [`FriendCircleError::BadCount`],
    /// [`FriendCircleError::MissingSeparator`], [`FriendCircleError::Edge`],
    /// [`FriendCircleError::Seed`], [`FriendCircleError::DuplicateSeed`] or
    /// [`FriendCircleError::TooManyVertices`], naming the column.
    pub fn parse(text: &str) -> Result<(FriendCircle, VertexSet), FriendCircleError> {
        let column = |byte: usize| text[..byte].chars().count() + 1;
        let slash = text.find('/').ok_or(FriendCircleError::MissingSeparator)?;
        let (mut head_start, mut order) = (0, None);
        if let Some(colon) = text[..slash].find(':') {
            let head = &text[..colon];
            let start = head.len() - head.trim_start().len();
            let count: u64 = head.trim().parse().map_err(|_| FriendCircleError::BadCount {
                token: head.trim().to_string(),
                column: column(start),
            })?;
            order = Some(count);
            head_start = colon + 1;
        }
        let mut edges = Vec::new();
        for (at, token) in tokens(&text[head_start..slash]) {
            let at = head_start + at;
            let bad = || FriendCircleError::BadToken {
                token: token.to_string(),
                column: column(at),
                expected: "an edge with its mark, such as 0-1t or 2-3f",
            };
            let (pair, mark) = match token.strip_suffix('t') {
                Some(pair) => (pair, true),
                None => (token.strip_suffix('f').ok_or_else(bad)?, false),
            };
            let (u, v) = pair.split_once('-').ok_or_else(bad)?;
            let (u, v) = (number(u).ok_or_else(bad)?, number(v).ok_or_else(bad)?);
            edges.push((u, v, mark, column(at)));
        }
        let mut seeds = Vec::new();
        for (at, token) in tokens(&text[slash + 1..]) {
            let at = slash + 1 + at;
            let seed = number(token).ok_or_else(|| FriendCircleError::BadToken {
                token: token.to_string(),
                column: column(at),
                expected: "a seed vertex number",
            })?;
            seeds.push((seed, column(at)));
        }
        let order = order.unwrap_or_else(|| {
            // Saturating: a vertex `u64::MAX` is refused as too many vertices, not an overflow.
            let from_edges = edges.iter().map(|&(u, v, ..)| u.max(v).saturating_add(1));
            let from_seeds = seeds.iter().map(|&(s, _)| s.saturating_add(1));
            from_edges.chain(from_seeds).max().unwrap_or(0)
        });
        if order > MAX_PARSED_ORDER as u64 {
            return Err(FriendCircleError::TooManyVertices { order, max: MAX_PARSED_ORDER });
        }
        let as_usize = |x: u64| usize::try_from(x).unwrap_or(usize::MAX);
        let order = as_usize(order);
        let mut graph = Graph::new(order);
        for &(u, v, _, column) in &edges {
            graph
                .add_edge(as_usize(u), as_usize(v))
                .map_err(|source| FriendCircleError::Edge { source, column })?;
        }
        let mut seed_set = VertexSet::new();
        for &(seed, column) in &seeds {
            let seed = as_usize(seed);
            if seed >= order {
                let source = Box::new(FriendCircleError::SeedOutOfRange { seed, order });
                return Err(FriendCircleError::Seed { source, column });
            }
            if !seed_set.insert(seed) {
                return Err(FriendCircleError::DuplicateSeed { seed, column });
            }
        }
        let game = FriendCircle::new(graph, seed_set)?;
        let position = game
            .position(edges.iter().filter(|e| e.2).map(|&(u, v, ..)| (as_usize(u), as_usize(v))))?;
        Ok((game, position))
    }

    /// Writes a position in the format of [`parse`](FriendCircle::parse), edges in id order,
    /// with the `n:` prefix only when needed.
    pub fn to_text(&self, position: &VertexSet) -> String {
        let order = self.graph.order();
        let implied = self
            .edges
            .iter()
            .map(|&(_, v)| v + 1)
            .chain(self.seeds.last().map(|s| s + 1))
            .max()
            .unwrap_or(0);
        let mut out = String::new();
        if implied != order {
            let _ = write!(out, "{order}: ");
        }
        for (id, &(u, v)) in self.edges.iter().enumerate() {
            let mark = if position.contains(id) { 't' } else { 'f' };
            let _ = write!(out, "{u}-{v}{mark} ");
        }
        out.push('/');
        for s in self.seeds.iter() {
            let _ = write!(out, " {s}");
        }
        out
    }

    /// The graph.
    pub const fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The seeds.
    pub const fn seeds(&self) -> &VertexSet {
        &self.seeds
    }

    /// The number of edges (edge ids are `0..edge_count()`).
    pub fn edge_count(&self) -> usize {
        self.edges.len()
    }

    /// The id of the edge `u - v` (in either order), if the graph has it.
    pub fn edge_id(&self, u: usize, v: usize) -> Option<usize> {
        self.adjacent.get(u)?.iter().find(|&&(w, _)| w == v).map(|&(_, id)| id)
    }

    /// The ends `(u, v)`, `u < v`, of the edge with id `id`.
    pub fn edge(&self, id: usize) -> Option<(usize, usize)> {
        self.edges.get(id).copied()
    }

    /// The position where exactly the listed edges are true.
    ///
    /// # Errors
    ///
    /// [`FriendCircleError::NoSuchEdge`] for a pair that is not an edge.
    pub fn position<I>(&self, true_edges: I) -> Result<VertexSet, FriendCircleError>
    where
        I: IntoIterator<Item = (usize, usize)>,
    {
        let mut position = VertexSet::new();
        for (u, v) in true_edges {
            self.set_weight(&mut position, u, v, true)?;
        }
        Ok(position)
    }

    /// The position where every edge is false.
    pub fn all_false(&self) -> VertexSet {
        VertexSet::new()
    }

    /// Marks the edge `u - v` true (`weight = true`) or false in `position`.
    ///
    /// # Errors
    ///
    /// [`FriendCircleError::NoSuchEdge`].
    pub fn set_weight(
        &self,
        position: &mut VertexSet,
        u: usize,
        v: usize,
        weight: bool,
    ) -> Result<(), FriendCircleError> {
        let id = self.edge_id(u, v).ok_or(FriendCircleError::NoSuchEdge { u, v })?;
        if weight {
            position.insert(id);
        } else {
            position.remove(id);
        }
        Ok(())
    }

    /// Whether the edge `u - v` is true in `position`.
    ///
    /// # Errors
    ///
    /// [`FriendCircleError::NoSuchEdge`].
    pub fn weight(
        &self,
        position: &VertexSet,
        u: usize,
        v: usize,
    ) -> Result<bool, FriendCircleError> {
        let id = self.edge_id(u, v).ok_or(FriendCircleError::NoSuchEdge { u, v })?;
        Ok(position.contains(id))
    }

    /// Checks that every id in `position` is an edge id.
    ///
    /// # Errors
    ///
    /// [`FriendCircleError::EdgeIdOutOfRange`] naming the first that is not.
    pub fn check_position(&self, position: &VertexSet) -> Result<(), FriendCircleError> {
        match position.iter().find(|&id| id >= self.edges.len()) {
            Some(id) => Err(FriendCircleError::EdgeIdOutOfRange { id, count: self.edges.len() }),
            None => Ok(()),
        }
    }

    /// Plays `seed` after checking that it is legal.
    ///
    /// # Errors
    ///
    /// [`FriendCircleError::IllegalMove`].
    pub fn play_checked(
        &self,
        position: &VertexSet,
        seed: usize,
    ) -> Result<VertexSet, FriendCircleError> {
        if !self.is_legal(position, &seed) {
            return Err(FriendCircleError::IllegalMove { vertex: seed });
        }
        Ok(self.play(position, &seed))
    }

    /// Whether `v` is a seed with an incident false edge.
    fn playable(&self, position: &VertexSet, v: usize) -> bool {
        self.seeds.contains(v) && !self.incident[v].is_subset(position)
    }

    /// The false edges that a move at `v` reads or writes.
    fn scope(&self, position: &VertexSet, v: usize) -> VertexSet {
        self.reach[v].difference(position)
    }

    /// The playable seeds in groups whose scopes overlap (transitively), with each group's
    /// scope.
    fn groups(&self, position: &VertexSet) -> Vec<VertexSet> {
        let mut groups: Vec<VertexSet> = Vec::new();
        for v in self.seeds.iter().filter(|&v| self.playable(position, v)) {
            let mut scope = self.scope(position, v);
            let mut i = 0;
            while i < groups.len() {
                if groups[i].is_disjoint(&scope) {
                    i += 1;
                } else {
                    scope.union_with(&groups.swap_remove(i));
                    i = 0;
                }
            }
            groups.push(scope);
        }
        groups
    }

    /// All edge ids.
    fn all_edges(&self) -> VertexSet {
        VertexSet::range(0..self.edges.len())
    }
}

/// The tokens of `text` separated by whitespace or commas, with their byte offsets.
fn tokens(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(move |t| (t.as_ptr() as usize - text.as_ptr() as usize, t))
}

/// A decimal number (digits only).
fn number(text: &str) -> Option<u64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

impl Ruleset for FriendCircle {
    /// The ids of the true edges.
    type Position = VertexSet;
    /// A seed vertex.
    type Move = usize;

    fn moves(&self, position: &VertexSet, moves: &mut Vec<usize>) {
        moves.extend(self.seeds.iter().filter(|&v| self.playable(position, v)));
    }

    fn play(&self, position: &VertexSet, seed: &usize) -> VertexSet {
        let mut next = position.clone();
        next.union_with(&self.incident[*seed]);
        for &(x, id) in &self.adjacent[*seed] {
            // The edge to x was true before the move: x broadcasts too.
            if position.contains(id) {
                next.union_with(&self.incident[x]);
            }
        }
        next
    }

    fn is_legal(&self, position: &VertexSet, seed: &usize) -> bool {
        *seed < self.graph.order() && self.playable(position, *seed)
    }

    /// One part per group of playable seeds whose reachable false edges overlap: the part
    /// keeps those false edges and marks every other edge true.
    fn components(&self, position: &VertexSet, components: &mut Vec<VertexSet>) {
        let all = self.all_edges();
        components.extend(self.groups(position).into_iter().map(|scope| all.difference(&scope)));
    }

    /// Marks true every false edge that no playable seed can read or write.
    fn canonical(&self, position: &VertexSet) -> VertexSet {
        let mut live = VertexSet::new();
        for scope in self.groups(position) {
            live.union_with(&scope);
        }
        self.all_edges().difference(&live)
    }
}
