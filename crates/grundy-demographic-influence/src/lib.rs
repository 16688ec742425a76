//! Demographic Influence, the social-influence game of Burke, Ferland and Teng
//! (*Transverse Wave*, Ruleset 10), for the grundy library.
//!
//! A position is a graph (a social network), a threshold `Θ(v)` for each vertex (how resistant
//! that person is: uninfluenced above 0, weakly influenced at 0, strongly influenced below 0)
//! and a list of demographics, sets of vertices that may overlap. A move picks a demographic
//! `D_k` and an amount `c > 0` such that some member has `Θ(v) >= c`:
//!
//! 1. every member's threshold drops by `c`;
//! 2. then every member that went from `>= 0` to `< 0` in step 1 (newly strongly influenced)
//!    sets each of its neighbours' thresholds to `-1`.
//!
//! All subtractions happen before any cascading, and the cascade is one step (a neighbour set
//! to `-1` does not cascade further). Whoever cannot move loses.
//!
//! ```
//! use grundy_core::{Ruleset, naive};
//! use grundy_demographic_influence::DemographicInfluence;
//!
//! // A path 0-1-2, thresholds 2 0 1, demographics {0} and {1, 2}.
//! let (game, theta) = DemographicInfluence::parse("0-1 1-2 / 2 0 1 / 0; 1 2")?;
//! assert_eq!(game.move_list(&theta), vec![(0, 1), (0, 2), (1, 1)]);
//! // Influencing {1, 2} by 1: vertex 1 goes from 0 to -1, so its neighbours 0 and 2 get -1.
//! assert_eq!(game.play(&theta, &(1, 1)), vec![-1, -1, -1]);
//! assert!(naive::outcome(&game, &theta).is_n());
//! # Ok::<(), grundy_demographic_influence::InfluenceError>(())
//! ```
//!
//! # Thresholds are bounded
//!
//! Thresholds lie in `MIN_THRESHOLD..=MAX_THRESHOLD` (`-2^62 ..= 2^62`), checked when a
//! position is built ([`DemographicInfluence::check_position`], [`DemographicInfluence::parse`]).
//! A move subtracts at most `2^62` from a threshold of at least `-2^62`, which cannot overflow
//! an `i64`; a result below `MIN_THRESHOLD` is recorded as `MIN_THRESHOLD`. That changes
//! nothing in the game: a negative threshold can never become non-negative again, so all
//! negative values behave alike (the paper: "the magnitude of negativity doesn't matter").
//!
//! Node-Kayles (Theorem 6 of the paper), Demi-Quantum Nim (Theorem 5) and Friend Circle
//! (Theorem 7) are special cases; the reductions live in `grundy-reductions`.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

use core::fmt::Write as _;

use grundy_core::Ruleset;
use grundy_graph::{Graph, GraphError, VertexSet};

/// The largest threshold a position may hold: `2^62`.
pub const MAX_THRESHOLD: i64 = 1 << 62;

/// The smallest threshold a position may hold: `-2^62`.
pub const MIN_THRESHOLD: i64 = -(1 << 62);

/// A move: the index of a demographic and the amount `c > 0` it is influenced by.
pub type InfluenceMove = (usize, i64);

/// What can go wrong with Demographic Influence inputs. Columns count characters from 1.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum InfluenceError {
    /// A demographic naming a vertex the graph does not have.
    #[error("demographic {demographic} names vertex {vertex}, but the graph has {order} vertices")]
    VertexOutOfRange {
        /// The demographic (index from 0).
        demographic: usize,
        /// The vertex.
        vertex: usize,
        /// The number of vertices.
        order: usize,
    },
    /// A position with the wrong number of thresholds.
    #[error("{found} thresholds for a graph of {expected} vertices")]
    WrongLength {
        /// The number of vertices.
        expected: usize,
        /// The number of thresholds given.
        found: usize,
    },
    /// A threshold outside `MIN_THRESHOLD..=MAX_THRESHOLD`.
    #[error("threshold {value} of vertex {vertex} is outside -2^62..=2^62")]
    ThresholdOutOfRange {
        /// The vertex.
        vertex: usize,
        /// The threshold.
        value: i64,
    },
    /// A move that is not legal: no such demographic, an amount that is not positive, or no
    /// member with a threshold of at least the amount.
    #[error("illegal move: demographic {demographic} cannot be influenced by {amount}")]
    IllegalMove {
        /// The demographic.
        demographic: usize,
        /// The amount.
        amount: i64,
    },
    /// A text without its three sections `edges / thresholds / demographics`.
    #[error("expected three sections separated by '/': edges / thresholds / demographics")]
    MissingSection,
    /// A token that is not what its section expects.
    #[error("invalid token '{token}' at column {column}: expected {expected}")]
    BadToken {
        /// The offending text.
        token: String,
        /// Its first character.
        column: usize,
        /// What was expected.
        expected: &'static str,
    },
    /// A threshold that does not fit the range, in a text.
    #[error("threshold '{token}' at column {column} is outside -2^62..=2^62")]
    BadThreshold {
        /// The offending text.
        token: String,
        /// Its first character.
        column: usize,
    },
    /// An edge the graph refuses (unknown vertex, loop, duplicate), in a text.
    #[error("edge at column {column}: {source}")]
    Edge {
        /// Why.
        source: GraphError,
        /// Its first character.
        column: usize,
    },
    /// A demographic member that is not a vertex, in a text.
    #[error("vertex {vertex} at column {column} is out of range: there are {order} thresholds")]
    MemberOutOfRange {
        /// The vertex.
        vertex: u64,
        /// Its first character.
        column: usize,
        /// The number of vertices.
        order: usize,
    },
}

/// Demographic Influence on a graph with a list of demographics.
///
/// A position is the vector of thresholds, one per vertex; a move is an
/// [`InfluenceMove`] `(k, c)`. See the [crate documentation](crate) for the rules and the
/// range of thresholds.
///
/// The solver splits positions ([`Ruleset::components`]): only vertices with a non-negative
/// threshold in a demographic that can still be played matter, and two such vertices interact
/// only through a common playable demographic or an edge; classes of that relation are
/// independent games. [`Ruleset::canonical`] sets every vertex that does not matter to `-1`.
///
/// With the `serde` feature a game serialises as its graph and demographics,
/// `{"graph": {"order": 3, "edges": [[0, 1]]}, "demographics": [[0, 1], [2]]}`, and
/// deserialises through [`DemographicInfluence::new`], so a member that is not a vertex is an
/// error.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "InfluenceData")
)]
pub struct DemographicInfluence {
    graph: Graph,
    demographics: Vec<VertexSet>,
}

/// A [`DemographicInfluence`] as data, before its check.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct InfluenceData {
    graph: Graph,
    demographics: Vec<VertexSet>,
}

#[cfg(feature = "serde")]
impl TryFrom<InfluenceData> for DemographicInfluence {
    type Error = InfluenceError;

    fn try_from(data: InfluenceData) -> Result<Self, InfluenceError> {
        DemographicInfluence::new(data.graph, data.demographics)
    }
}

impl DemographicInfluence {
    /// The game on `graph` with the given demographics.
    ///
    /// # Errors
    ///
    /// [`InfluenceError::VertexOutOfRange`] for a member that is not a vertex.
    pub fn new(graph: Graph, demographics: Vec<VertexSet>) -> Result<Self, InfluenceError> {
        let order = graph.order();
        for (demographic, d) in demographics.iter().enumerate() {
            if let Some(vertex) = d.iter().find(|&v| v >= order) {
                return Err(InfluenceError::VertexOutOfRange { demographic, vertex, order });
            }
        }
        Ok(DemographicInfluence { graph, demographics })
    }

    /// Parses a game and a position: `EDGES / THRESHOLDS / DEMOGRAPHICS`. Edges are `u-v`;
    /// the thresholds, one per vertex in order, give the number of vertices; demographics are
    /// lists of vertices separated by `;` (an empty list is allowed). Spaces, commas and
    /// newlines separate tokens. `k` semicolons make `k + 1` demographics, empty ones
    /// included; a blank section makes none.
    ///
    /// ```
    /// use grundy_demographic_influence::DemographicInfluence;
    ///
    /// let (game, theta) = DemographicInfluence::parse("0-1 / 3 -1 0 / 0 1; 2")?;
    /// assert_eq!(theta, vec![3, -1, 0]);
    /// assert_eq!(game.demographics().len(), 2);
    /// assert_eq!(game.to_text(&theta), "0-1 / 3 -1 0 / 0 1; 2");
    /// # Ok::<(), grundy_demographic_influence::InfluenceError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`InfluenceError::MissingSection`], [`InfluenceError::BadToken`],
    /// [`InfluenceError::BadThreshold`], [`InfluenceError::Edge`] or
    /// [`InfluenceError::MemberOutOfRange`], naming the column.
    pub fn parse(text: &str) -> Result<(DemographicInfluence, Vec<i64>), InfluenceError> {
        let column = |byte: usize| text[..byte].chars().count() + 1;
        let mut cuts = text.match_indices('/').map(|(i, _)| i);
        let (Some(first), Some(second), None) = (cuts.next(), cuts.next(), cuts.next()) else {
            return Err(InfluenceError::MissingSection);
        };
        let mut theta = Vec::new();
        for (at, token) in tokens(&text[first + 1..second], first + 1) {
            let value: i64 = token.parse().map_err(|_| InfluenceError::BadToken {
                token: token.to_string(),
                column: column(at),
                expected: "an integer threshold",
            })?;
            if !(MIN_THRESHOLD..=MAX_THRESHOLD).contains(&value) {
                return Err(InfluenceError::BadThreshold {
                    token: token.to_string(),
                    column: column(at),
                });
            }
            theta.push(value);
        }
        let order = theta.len();
        let mut graph = Graph::new(order);
        for (at, token) in tokens(&text[..first], 0) {
            let bad = || InfluenceError::BadToken {
                token: token.to_string(),
                column: column(at),
                expected: "an edge such as 0-1",
            };
            let (u, v) = token.split_once('-').ok_or_else(bad)?;
            let (u, v) = (number(u).ok_or_else(bad)?, number(v).ok_or_else(bad)?);
            let as_usize = |x: u64| usize::try_from(x).unwrap_or(usize::MAX);
            graph
                .add_edge(as_usize(u), as_usize(v))
                .map_err(|source| InfluenceError::Edge { source, column: column(at) })?;
        }
        let mut demographics = Vec::new();
        let mut start = second + 1;
        for part in text[second + 1..].split(';') {
            let mut d = VertexSet::new();
            for (at, token) in tokens(part, start) {
                let vertex = number(token).ok_or_else(|| InfluenceError::BadToken {
                    token: token.to_string(),
                    column: column(at),
                    expected: "a vertex number",
                })?;
                match usize::try_from(vertex) {
                    Ok(v) if v < order => {
                        d.insert(v);
                    }
                    _ => {
                        return Err(InfluenceError::MemberOutOfRange {
                            vertex,
                            column: column(at),
                            order,
                        });
                    }
                }
            }
            demographics.push(d);
            start += part.len() + 1;
        }
        // A blank section is no demographic at all (so a lone empty demographic cannot be
        // written; it could never be played anyway).
        if text[second + 1..].trim().is_empty() {
            demographics.clear();
        }
        Ok((DemographicInfluence::new(graph, demographics)?, theta))
    }

    /// Writes a position in the format of [`parse`](DemographicInfluence::parse).
    pub fn to_text(&self, theta: &[i64]) -> String {
        let mut out = String::new();
        for (u, v) in self.graph.edges() {
            let _ = write!(out, "{u}-{v} ");
        }
        out.push('/');
        for t in theta {
            let _ = write!(out, " {t}");
        }
        out.push_str(" /");
        for (k, d) in self.demographics.iter().enumerate() {
            if k > 0 {
                out.push(';');
            }
            for v in d.iter() {
                let _ = write!(out, " {v}");
            }
        }
        out
    }

    /// The graph.
    pub const fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The demographics.
    pub fn demographics(&self) -> &[VertexSet] {
        &self.demographics
    }

    /// Checks that `theta` is a position of this game: one threshold per vertex, each in
    /// `MIN_THRESHOLD..=MAX_THRESHOLD`.
    ///
    /// # Errors
    ///
    /// [`InfluenceError::WrongLength`] or [`InfluenceError::ThresholdOutOfRange`].
    pub fn check_position(&self, theta: &[i64]) -> Result<(), InfluenceError> {
        if theta.len() != self.graph.order() {
            return Err(InfluenceError::WrongLength {
                expected: self.graph.order(),
                found: theta.len(),
            });
        }
        match theta.iter().position(|t| !(MIN_THRESHOLD..=MAX_THRESHOLD).contains(t)) {
            Some(vertex) => {
                Err(InfluenceError::ThresholdOutOfRange { vertex, value: theta[vertex] })
            }
            None => Ok(()),
        }
    }

    /// Plays `(k, c)` after checking the position and the move.
    ///
    /// # Errors
    ///
    /// [`InfluenceError::WrongLength`], [`InfluenceError::ThresholdOutOfRange`] or
    /// [`InfluenceError::IllegalMove`].
    pub fn play_checked(
        &self,
        theta: &[i64],
        mv: InfluenceMove,
    ) -> Result<Vec<i64>, InfluenceError> {
        self.check_position(theta)?;
        let theta = theta.to_vec();
        if !self.is_legal(&theta, &mv) {
            return Err(InfluenceError::IllegalMove { demographic: mv.0, amount: mv.1 });
        }
        Ok(self.play(&theta, &mv))
    }

    /// The largest threshold of demographic `k` (`None` for an empty or unknown demographic).
    fn max_threshold(&self, theta: &[i64], k: usize) -> Option<i64> {
        self.demographics.get(k)?.iter().filter_map(|v| theta.get(v).copied()).max()
    }

    /// Whether demographic `k` can still be played.
    fn alive(&self, theta: &[i64], k: usize) -> bool {
        self.max_threshold(theta, k).is_some_and(|m| m >= 1)
    }

    /// The vertices that matter: non-negative, in a demographic that can be played.
    fn live_vertices(&self, theta: &[i64]) -> VertexSet {
        let mut live = VertexSet::new();
        for (k, d) in self.demographics.iter().enumerate() {
            if self.alive(theta, k) {
                live.extend(d.iter().filter(|&v| theta.get(v).is_some_and(|&t| t >= 0)));
            }
        }
        live
    }
}

/// The tokens of `text` separated by whitespace or commas, with their byte offsets plus `base`.
fn tokens(text: &str, base: usize) -> impl Iterator<Item = (usize, &str)> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(move |t| (base + t.as_ptr() as usize - text.as_ptr() as usize, t))
}

/// A decimal number (digits only).
fn number(text: &str) -> Option<u64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

impl Ruleset for DemographicInfluence {
    /// The thresholds, one per vertex.
    type Position = Vec<i64>;
    /// `(demographic, amount)`.
    type Move = InfluenceMove;

    /// For each demographic in order, the amounts `1..=` its largest threshold.
    fn moves(&self, theta: &Vec<i64>, moves: &mut Vec<InfluenceMove>) {
        for k in 0..self.demographics.len() {
            if let Some(max) = self.max_threshold(theta, k) {
                moves.extend((1..=max).map(|c| (k, c)));
            }
        }
    }

    fn play(&self, theta: &Vec<i64>, &(k, c): &InfluenceMove) -> Vec<i64> {
        let mut next = theta.clone();
        let mut newly = Vec::new();
        let Some(d) = self.demographics.get(k) else { return next };
        for v in d.iter().filter(|&v| v < theta.len()) {
            let old = theta[v];
            // Within the documented ranges this never saturates; negatives all behave alike.
            let new = old.saturating_sub(c).max(MIN_THRESHOLD);
            if old >= 0 && new < 0 {
                newly.push(v);
            }
            next[v] = new;
        }
        for v in newly {
            for x in self.graph.neighbors(v).iter() {
                if let Some(t) = next.get_mut(x) {
                    *t = -1;
                }
            }
        }
        next
    }

    fn is_legal(&self, theta: &Vec<i64>, &(k, c): &InfluenceMove) -> bool {
        c > 0 && self.max_threshold(theta, k).is_some_and(|m| m >= c)
    }

    /// One part per class of live vertices (non-negative, in a playable demographic) joined by
    /// common playable demographics and by edges; each part keeps its class and sets every
    /// other vertex to `-1`.
    fn components(&self, theta: &Vec<i64>, components: &mut Vec<Vec<i64>>) {
        let live = self.live_vertices(theta);
        let n = theta.len();
        let mut parent: Vec<usize> = (0..n).collect();
        fn find(parent: &mut [usize], mut x: usize) -> usize {
            while parent[x] != x {
                parent[x] = parent[parent[x]];
                x = parent[x];
            }
            x
        }
        let union = |parent: &mut Vec<usize>, a: usize, b: usize| {
            let (ra, rb) = (find(parent, a), find(parent, b));
            if ra != rb {
                parent[ra] = rb;
            }
        };
        for (k, d) in self.demographics.iter().enumerate() {
            if self.alive(theta, k) {
                let members: Vec<usize> = d.iter().filter(|&v| live.contains(v)).collect();
                for pair in members.windows(2) {
                    union(&mut parent, pair[0], pair[1]);
                }
            }
        }
        for v in live.iter() {
            for w in self.graph.neighbors(v).iter().filter(|&w| w > v && live.contains(w)) {
                union(&mut parent, v, w);
            }
        }
        let mut parts: Vec<(usize, Vec<i64>)> = Vec::new();
        for v in live.iter() {
            let root = find(&mut parent, v);
            let at = match parts.iter().position(|(r, _)| *r == root) {
                Some(at) => at,
                None => {
                    parts.push((root, vec![-1; n]));
                    parts.len() - 1
                }
            };
            parts[at].1[v] = theta[v];
        }
        components.extend(parts.into_iter().map(|(_, p)| p));
    }

    /// Every vertex that does not matter (negative, or in no playable demographic) set to -1.
    fn canonical(&self, theta: &Vec<i64>) -> Vec<i64> {
        let live = self.live_vertices(theta);
        (0..theta.len()).map(|v| if live.contains(v) { theta[v] } else { -1 }).collect()
    }
}
