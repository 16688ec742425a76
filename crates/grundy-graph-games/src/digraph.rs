//! [`Digraph`]: a simple directed graph on the vertices `0..n`, with an arc-list text format.

use core::fmt;
use core::str::FromStr;

use grundy_graph::{Graph, VertexSet};

/// The most vertices a parsed text may ask for, so that a short text cannot ask for a huge
/// allocation (the same limit as [`grundy_graph::MAX_PARSED_ORDER`]).
pub const MAX_PARSED_ORDER: usize = grundy_graph::MAX_PARSED_ORDER;

/// Why an arc was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DigraphError {
    /// A vertex that the digraph does not have.
    #[error("vertex {vertex} is out of range: the digraph has {order} vertices, numbered from 0")]
    VertexOutOfRange {
        /// The vertex.
        vertex: usize,
        /// The number of vertices.
        order: usize,
    },
    /// An arc from a vertex to itself.
    #[error("self-loop at vertex {vertex}: loops are not allowed")]
    SelfLoop {
        /// The vertex.
        vertex: usize,
    },
    /// An arc given twice.
    #[error("duplicate arc {from}>{to}")]
    DuplicateArc {
        /// The tail.
        from: usize,
        /// The head.
        to: usize,
    },
}

/// Why a text is not a digraph. Columns count characters from 1.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseDigraphError {
    /// A token that is not an arc `u>v` or an edge `u-v`.
    #[error(
        "invalid token '{token}' at column {column}: expected an arc such as 0>1 or an edge such as 0-1"
    )]
    BadToken {
        /// The offending text.
        token: String,
        /// Its first character, counting from 1.
        column: usize,
    },
    /// The vertex-count prefix is not a number.
    #[error("invalid vertex count '{token}' at column {column}: expected `n:` with n a number")]
    BadCount {
        /// The offending text.
        token: String,
        /// Its first character, counting from 1.
        column: usize,
    },
    /// An arc the digraph refuses (unknown vertex, loop, duplicate).
    #[error("arc at column {column}: {source}")]
    Arc {
        /// Why it was refused.
        source: DigraphError,
        /// Its first character, counting from 1.
        column: usize,
    },
    /// More vertices than [`MAX_PARSED_ORDER`].
    #[error("{order} vertices: at most {max} are supported")]
    TooManyVertices {
        /// The number asked for.
        order: u64,
        /// The limit.
        max: usize,
    },
}

/// A simple directed graph: no loops, no repeated arcs (the two arcs `u>v` and `v>u` may both
/// be present), on the vertices `0..n`.
///
/// Arcs have ids `0..arc_count()` in the order they were added; [`arcs`](Digraph::arcs) lists
/// them in that order. Edge Geography on a digraph marks arcs by these ids.
///
/// # Example
///
/// ```
/// use grundy_graph_games::Digraph;
///
/// let d: Digraph = "0>1 1>2 2>0 0-3".parse()?; // 0-3 is the two arcs 0>3 and 3>0
/// assert_eq!((d.order(), d.arc_count()), (4, 5));
/// assert!(d.has_arc(2, 0) && !d.has_arc(0, 2));
/// assert_eq!(d.arc_id(3, 0), Some(4));
/// assert_eq!(d.to_string(), "0>1 1>2 2>0 0>3 3>0");
/// assert!("0>1 1>1".parse::<Digraph>().is_err());
/// # Ok::<(), grundy_graph_games::ParseDigraphError>(())
/// ```
///
/// With the `serde` feature a digraph serialises as its order and its arcs in id order,
/// `{"order": 4, "arcs": [[0, 1], [1, 2]]}`, and deserialises through
/// [`Digraph::from_arcs`]: loops, repeated arcs, unknown vertices and more than
/// [`MAX_PARSED_ORDER`](grundy_graph::MAX_PARSED_ORDER) vertices are errors.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(into = "DigraphData", try_from = "DigraphData")
)]
pub struct Digraph {
    /// For each vertex, `(head, arc id)` in the order the arcs were added.
    out: Vec<Vec<(usize, usize)>>,
    /// Out-neighbour sets, for fast membership tests.
    out_sets: Vec<VertexSet>,
    /// `arcs[id] = (tail, head)`.
    arcs: Vec<(usize, usize)>,
}

/// A [`Digraph`] as data: its order and arcs.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct DigraphData {
    order: usize,
    arcs: Vec<(usize, usize)>,
}

#[cfg(feature = "serde")]
impl From<Digraph> for DigraphData {
    fn from(digraph: Digraph) -> Self {
        DigraphData { order: digraph.order(), arcs: digraph.arcs }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<DigraphData> for Digraph {
    type Error = String;

    fn try_from(data: DigraphData) -> Result<Self, String> {
        check_order(data.order)?;
        Digraph::from_arcs(data.order, data.arcs).map_err(|e| e.to_string())
    }
}

/// Refuses an order beyond [`MAX_PARSED_ORDER`](grundy_graph::MAX_PARSED_ORDER), so that
/// short data cannot ask for a huge allocation.
#[cfg(feature = "serde")]
pub(crate) fn check_order(order: usize) -> Result<(), String> {
    let max = grundy_graph::MAX_PARSED_ORDER;
    if order > max {
        return Err(format!("{order} vertices: at most {max} are supported"));
    }
    Ok(())
}

impl Digraph {
    /// The digraph with `order` vertices and no arc.
    pub fn new(order: usize) -> Self {
        Digraph {
            out: vec![Vec::new(); order],
            out_sets: vec![VertexSet::new(); order],
            arcs: Vec::new(),
        }
    }

    /// The digraph with `order` vertices and the given arcs, numbered in the order given.
    ///
    /// # Errors
    ///
    /// The first arc that [`add_arc`](Digraph::add_arc) refuses.
    pub fn from_arcs<I>(order: usize, arcs: I) -> Result<Self, DigraphError>
    where
        I: IntoIterator<Item = (usize, usize)>,
    {
        let mut d = Digraph::new(order);
        for (u, v) in arcs {
            d.add_arc(u, v)?;
        }
        Ok(d)
    }

    /// The symmetric digraph of an undirected graph: both arcs `u>v` and `v>u` for each edge,
    /// the edges taken in [`Graph::edges`] order.
    pub fn from_graph(graph: &Graph) -> Self {
        let mut d = Digraph::new(graph.order());
        for (u, v) in graph.edges() {
            d.insert_arc(u, v);
            d.insert_arc(v, u);
        }
        d
    }

    fn insert_arc(&mut self, u: usize, v: usize) {
        let id = self.arcs.len();
        self.out[u].push((v, id));
        self.out_sets[u].insert(v);
        self.arcs.push((u, v));
    }

    /// Adds the arc `u>v`, with the next arc id.
    ///
    /// # Errors
    ///
    /// [`DigraphError::VertexOutOfRange`], [`DigraphError::SelfLoop`] or
    /// [`DigraphError::DuplicateArc`]; the digraph is unchanged then.
    pub fn add_arc(&mut self, u: usize, v: usize) -> Result<(), DigraphError> {
        self.check_vertex(u)?;
        self.check_vertex(v)?;
        if u == v {
            return Err(DigraphError::SelfLoop { vertex: u });
        }
        if self.out_sets[u].contains(v) {
            return Err(DigraphError::DuplicateArc { from: u, to: v });
        }
        self.insert_arc(u, v);
        Ok(())
    }

    /// Fails unless `v` is a vertex.
    ///
    /// # Errors
    ///
    /// [`DigraphError::VertexOutOfRange`].
    pub fn check_vertex(&self, v: usize) -> Result<(), DigraphError> {
        if v < self.order() {
            Ok(())
        } else {
            Err(DigraphError::VertexOutOfRange { vertex: v, order: self.order() })
        }
    }

    /// The number of vertices.
    pub fn order(&self) -> usize {
        self.out.len()
    }

    /// The number of arcs.
    pub fn arc_count(&self) -> usize {
        self.arcs.len()
    }

    /// Tells whether `u>v` is an arc (false for vertices out of range).
    pub fn has_arc(&self, u: usize, v: usize) -> bool {
        self.out_sets.get(u).is_some_and(|s| s.contains(v))
    }

    /// The id of the arc `u>v`, if there is one.
    pub fn arc_id(&self, u: usize, v: usize) -> Option<usize> {
        self.out.get(u)?.iter().find(|&&(w, _)| w == v).map(|&(_, id)| id)
    }

    /// The arc with id `id`, as `(tail, head)`.
    pub fn arc(&self, id: usize) -> Option<(usize, usize)> {
        self.arcs.get(id).copied()
    }

    /// The arcs `(tail, head)` in id order.
    pub fn arcs(&self) -> &[(usize, usize)] {
        &self.arcs
    }

    /// The out-neighbours of `v`.
    ///
    /// # Panics
    ///
    /// When `v` is not a vertex.
    pub fn successors(&self, v: usize) -> &VertexSet {
        &self.out_sets[v]
    }

    /// The arcs leaving `v` as `(head, arc id)`, in id order.
    ///
    /// # Panics
    ///
    /// When `v` is not a vertex.
    pub fn out_arcs(&self, v: usize) -> &[(usize, usize)] {
        &self.out[v]
    }

    /// Tells whether every arc has its reverse (the digraph of an undirected graph).
    pub fn is_symmetric(&self) -> bool {
        self.arcs.iter().all(|&(u, v)| self.has_arc(v, u))
    }

    /// Parses an arc list: arcs `u>v` and edges `u-v` (the two arcs `u>v` and `v>u`, in that
    /// order) separated by spaces, commas or newlines, optionally preceded by the number of
    /// vertices and a colon (`5: 0>1`). Without the prefix the digraph has `max vertex + 1`
    /// vertices. Arc ids follow the text.
    ///
    /// # Errors
    ///
    /// [`ParseDigraphError::BadToken`], [`ParseDigraphError::BadCount`],
    /// [`ParseDigraphError::Arc`] (unknown vertex, loop, duplicate) or
    /// [`ParseDigraphError::TooManyVertices`], naming the column.
    ///
    /// ```
    /// use grundy_graph_games::Digraph;
    ///
    /// let err = Digraph::parse_arc_list("0>1 2>x").unwrap_err();
    /// assert_eq!(err.to_string(), "invalid token '2>x' at column 5: expected an arc such as 0>1 or an edge such as 0-1");
    /// let err = Digraph::parse_arc_list("3: 0>1 1>3").unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "arc at column 8: vertex 3 is out of range: the digraph has 3 vertices, numbered from 0"
    /// );
    /// ```
    pub fn parse_arc_list(text: &str) -> Result<Digraph, ParseDigraphError> {
        let (order, tokens) = parse_prefixed_pairs(text, &['>', '-'])?;
        let order = match order {
            Some(n) => n,
            // Saturating: a vertex `u64::MAX` is refused as too many vertices, not an overflow.
            None => tokens.iter().map(|t| t.u.max(t.v).saturating_add(1)).max().unwrap_or(0),
        };
        if order > MAX_PARSED_ORDER as u64 {
            return Err(ParseDigraphError::TooManyVertices { order, max: MAX_PARSED_ORDER });
        }
        let mut d = Digraph::new(to_usize(order));
        for t in tokens {
            let (u, v) = (to_usize(t.u), to_usize(t.v));
            let add = |d: &mut Digraph, a, b| {
                d.add_arc(a, b)
                    .map_err(|source| ParseDigraphError::Arc { source, column: t.column })
            };
            add(&mut d, u, v)?;
            if t.separator == '-' {
                add(&mut d, v, u)?;
            }
        }
        Ok(d)
    }
}

/// A `u?v` token of a list.
pub(crate) struct PairToken<'a> {
    pub(crate) u: u64,
    pub(crate) v: u64,
    pub(crate) separator: char,
    /// What follows `v` after a `:` (a weight), if anything.
    pub(crate) suffix: Option<&'a str>,
    pub(crate) column: usize,
    pub(crate) text: &'a str,
}

/// Splits `text` into an optional `n:` prefix and `u?v` tokens (`?` one of `separators`), each
/// optionally followed by `:suffix`.
pub(crate) fn parse_prefixed_pairs<'a>(
    text: &'a str,
    separators: &[char],
) -> Result<(Option<u64>, Vec<PairToken<'a>>), ParseDigraphError> {
    let column = |byte: usize| text[..byte].chars().count() + 1;
    // A prefix `n:` is a colon before the first separator character.
    let first_sep = text.find(|c: char| separators.contains(&c)).unwrap_or(text.len());
    let (order, body_start) = match text[..first_sep].find(':') {
        Some(colon) => {
            let head = &text[..colon];
            let start = head.len() - head.trim_start().len();
            let n: u64 = head.trim().parse().map_err(|_| ParseDigraphError::BadCount {
                token: head.trim().to_string(),
                column: column(start),
            })?;
            (Some(n), colon + 1)
        }
        None => (None, 0),
    };
    let mut out = Vec::new();
    for (start, token) in tokens(&text[body_start..]) {
        let at = body_start + start;
        let bad = || ParseDigraphError::BadToken { token: token.to_string(), column: column(at) };
        let (pair, suffix) = match token.split_once(':') {
            Some((p, s)) => (p, Some(s)),
            None => (token, None),
        };
        let sep_at = pair.find(|c: char| separators.contains(&c)).ok_or_else(bad)?;
        let separator = pair[sep_at..].chars().next().ok_or_else(bad)?;
        let u = number(&pair[..sep_at]).ok_or_else(bad)?;
        let v = number(&pair[sep_at + separator.len_utf8()..]).ok_or_else(bad)?;
        out.push(PairToken { u, v, separator, suffix, column: column(at), text: token });
    }
    Ok((order, out))
}

/// Saturating conversion (values above [`MAX_PARSED_ORDER`] are refused before this is used for
/// orders; a huge vertex number becomes `usize::MAX` and is then out of range).
pub(crate) fn to_usize(x: u64) -> usize {
    usize::try_from(x).unwrap_or(usize::MAX)
}

/// A decimal number (digits only).
pub(crate) fn number(text: &str) -> Option<u64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// The tokens of `text` separated by whitespace or commas, with their byte offsets.
pub(crate) fn tokens(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(move |t| (t.as_ptr() as usize - text.as_ptr() as usize, t))
}

/// Reads an arc list (see [`Digraph::parse_arc_list`]).
impl FromStr for Digraph {
    type Err = ParseDigraphError;

    fn from_str(text: &str) -> Result<Digraph, ParseDigraphError> {
        Digraph::parse_arc_list(text)
    }
}

/// Writes the arcs `u>v` in id order, preceded by `n: ` when the largest vertex of an arc is
/// not `n - 1`.
impl fmt::Display for Digraph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let implied = self.arcs.iter().map(|&(u, v)| u.max(v) + 1).max().unwrap_or(0);
        let mut sep = "";
        if implied != self.order() {
            write!(f, "{}:", self.order())?;
            sep = " ";
        }
        for &(u, v) in &self.arcs {
            write!(f, "{sep}{u}>{v}")?;
            sep = " ";
        }
        Ok(())
    }
}
