//! Text formats: edge lists (`5: 0-1 1-2`) and graph6.

use core::fmt;
use core::str::FromStr;

use crate::{Graph, GraphError};

/// The most vertices a parsed graph may have (edge lists and graph6 alike), so that a short
/// text cannot ask for a huge allocation.
pub const MAX_PARSED_ORDER: usize = 1 << 20;

/// Why a text is not a graph. Positions count characters (edge lists) or bytes (graph6) from 1.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseGraphError {
    /// A token of an edge list that is not `u-v`, or a prefix that is not `n:`.
    #[error("invalid token '{token}' at column {column}: expected an edge such as 0-1")]
    BadToken {
        /// The offending text.
        token: String,
        /// Its first character, counting from 1.
        column: usize,
    },
    /// The vertex-count prefix of an edge list is not a number.
    #[error("invalid vertex count '{token}' at column {column}: expected `n:` with n a number")]
    BadCount {
        /// The offending text.
        token: String,
        /// Its first character, counting from 1.
        column: usize,
    },
    /// An edge the graph refuses (unknown vertex, loop, duplicate).
    #[error("edge at column {column}: {source}")]
    Edge {
        /// Why it was refused.
        source: GraphError,
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
    /// An empty graph6 string.
    #[error("empty graph6 string")]
    Graph6Empty,
    /// A byte outside the printable range 63..=126 of graph6.
    #[error("invalid graph6 byte {byte:#04x} at position {position}: expected '?' to '~'")]
    Graph6BadByte {
        /// The byte.
        byte: u8,
        /// Its position, counting from 1.
        position: usize,
    },
    /// A graph6 string shorter than its vertex count requires.
    #[error("truncated graph6: {order} vertices need {expected} bytes, found {found}")]
    Graph6Truncated {
        /// The vertex count read from the header.
        order: usize,
        /// The bytes needed (header included).
        expected: usize,
        /// The bytes present.
        found: usize,
    },
    /// Bytes after the end of a graph6 string.
    #[error(
        "trailing data in graph6 at position {position}: {order} vertices need {expected} bytes"
    )]
    Graph6Trailing {
        /// The vertex count read from the header.
        order: usize,
        /// The bytes needed (header included).
        expected: usize,
        /// The first extra byte, counting from 1.
        position: usize,
    },
    /// Padding bits of the last graph6 byte that are not zero.
    #[error("malformed graph6: padding bits of the byte at position {position} are not zero")]
    Graph6Padding {
        /// The byte, counting from 1.
        position: usize,
    },
}

/// Why a text is not a list of this graph's vertices ([`Graph::parse_vertices`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseVerticesError {
    /// A token that is not a vertex number (a non-negative integer).
    #[error("'{token}' is not a vertex number")]
    NotANumber {
        /// The offending text.
        token: String,
    },
    /// A vertex number that the graph does not have.
    #[error("vertex {vertex} is out of range: the graph has {order} vertices")]
    OutOfRange {
        /// The vertex written.
        vertex: usize,
        /// The graph's number of vertices.
        order: usize,
    },
}

impl Graph {
    /// Reads a list of vertices of this graph, such as `0,5` or `0 5` (separated by commas or
    /// whitespace), in the order written; each must be a vertex of the graph. Repeated
    /// vertices are kept (a caller that plays them one after the other sees the repetition).
    ///
    /// ```
    /// use grundy_graph::{Graph, ParseVerticesError};
    ///
    /// let g: Graph = "0-1 1-2 2-3".parse()?;
    /// assert_eq!(g.parse_vertices("3, 0 1")?, [3, 0, 1]);
    /// assert_eq!(g.parse_vertices(" ")?, []);
    /// let err = g.parse_vertices("0,7").unwrap_err();
    /// assert_eq!(err, ParseVerticesError::OutOfRange { vertex: 7, order: 4 });
    /// assert_eq!(err.to_string(), "vertex 7 is out of range: the graph has 4 vertices");
    /// assert_eq!(g.parse_vertices("-1").unwrap_err().to_string(), "'-1' is not a vertex number");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ParseVerticesError`] for the first token that is no number or no vertex.
    pub fn parse_vertices(&self, text: &str) -> Result<Vec<usize>, ParseVerticesError> {
        text.split(|c: char| c == ',' || c.is_whitespace())
            .filter(|t| !t.is_empty())
            .map(|token| {
                let vertex: usize = token
                    .parse()
                    .map_err(|_| ParseVerticesError::NotANumber { token: token.to_owned() })?;
                if vertex >= self.order() {
                    return Err(ParseVerticesError::OutOfRange { vertex, order: self.order() });
                }
                Ok(vertex)
            })
            .collect()
    }

    /// Parses an edge list.
    ///
    /// The format is a list of edges `u-v` (vertices numbered from 0) separated by spaces,
    /// commas or newlines, optionally preceded by the number of vertices and a colon:
    ///
    /// - `0-1 1-2 2-3` is the path on 4 vertices: without a prefix, the graph has
    ///   `max vertex + 1` vertices (no vertex for an empty list);
    /// - `6: 0-1 1-2 2-3` has two more, isolated, vertices 4 and 5; every vertex must then be
    ///   below the count.
    ///
    /// [`Display`](fmt::Display) writes this format (with the prefix only when it is needed),
    /// and `str::parse` reads it.
    ///
    /// # Errors
    ///
    /// [`ParseGraphError::BadToken`], [`ParseGraphError::BadCount`],
    /// [`ParseGraphError::Edge`] (unknown vertex, loop, duplicate) or
    /// [`ParseGraphError::TooManyVertices`], each naming the column.
    ///
    /// # Example
    ///
    /// ```
    /// use grundy_graph::Graph;
    ///
    /// let g = Graph::parse_edge_list("5: 0-1, 1-2")?;
    /// assert_eq!((g.order(), g.edge_count()), (5, 2));
    /// assert_eq!(g.to_string(), "5: 0-1 1-2");
    /// let err = Graph::parse_edge_list("0-1 1-1").unwrap_err();
    /// assert_eq!(err.to_string(), "edge at column 5: self-loop at vertex 1: simple graphs have no loops");
    /// # Ok::<(), grundy_graph::ParseGraphError>(())
    /// ```
    pub fn parse_edge_list(text: &str) -> Result<Graph, ParseGraphError> {
        let (order, body, offset) = match text.find(':') {
            Some(colon) => {
                let head = &text[..colon];
                let trimmed = head.trim();
                let start = head.len() - head.trim_start().len();
                let column = text[..start].chars().count() + 1;
                let order: u64 = trimmed.parse().map_err(|_| ParseGraphError::BadCount {
                    token: trimmed.to_string(),
                    column,
                })?;
                (Some(order), &text[colon + 1..], colon + 1)
            }
            None => (None, text, 0),
        };
        let mut edges = Vec::new();
        // Columns are counted only for an error: counting them for every token would make a
        // long list quadratic.
        let column = |byte: usize| text[..byte].chars().count() + 1;
        for (start, token) in tokens(body) {
            let at = offset + start;
            let bad = || ParseGraphError::BadToken { token: token.to_string(), column: column(at) };
            let (u, v) = token.split_once('-').ok_or_else(bad)?;
            let u = parse_vertex(u).ok_or_else(bad)?;
            let v = parse_vertex(v).ok_or_else(bad)?;
            edges.push((u, v, at));
        }
        // Saturating: a vertex `u64::MAX` is then refused as too many vertices, not an overflow.
        let order = match order {
            Some(n) => n,
            None => edges.iter().map(|&(u, v, _)| u.max(v).saturating_add(1)).max().unwrap_or(0),
        };
        if order > MAX_PARSED_ORDER as u64 {
            return Err(ParseGraphError::TooManyVertices { order, max: MAX_PARSED_ORDER });
        }
        let order = usize::try_from(order).unwrap_or(usize::MAX);
        let mut g = Graph::new(order);
        for (u, v, at) in edges {
            let as_usize = |x: u64| usize::try_from(x).unwrap_or(usize::MAX);
            g.add_edge(as_usize(u), as_usize(v))
                .map_err(|source| ParseGraphError::Edge { source, column: column(at) })?;
        }
        Ok(g)
    }

    /// Writes the edge list of the graph (see [`parse_edge_list`](Graph::parse_edge_list)).
    pub fn to_edge_list(&self) -> String {
        self.to_string()
    }

    /// Parses a graph in the graph6 format of nauty and geng.
    ///
    /// The header `>>graph6<<` and surrounding whitespace (a trailing newline) are allowed.
    /// All three forms of the vertex count are read: one byte below 63 vertices, four bytes
    /// below 258048, eight bytes beyond.
    ///
    /// # Errors
    ///
    /// [`ParseGraphError::Graph6Empty`], [`ParseGraphError::Graph6BadByte`],
    /// [`ParseGraphError::Graph6Truncated`], [`ParseGraphError::Graph6Trailing`],
    /// [`ParseGraphError::Graph6Padding`] or [`ParseGraphError::TooManyVertices`], naming the
    /// byte position.
    ///
    /// # Example
    ///
    /// ```
    /// use grundy_graph::Graph;
    ///
    /// let petersen = Graph::from_graph6("IheA@GUAo")?;
    /// assert_eq!((petersen.order(), petersen.edge_count()), (10, 15));
    /// assert_eq!(petersen.to_graph6(), "IheA@GUAo");
    /// # Ok::<(), grundy_graph::ParseGraphError>(())
    /// ```
    pub fn from_graph6(text: &str) -> Result<Graph, ParseGraphError> {
        let lead = text.len() - text.trim_start().len();
        let mut body = text.trim();
        let mut skip = lead;
        if let Some(rest) = body.strip_prefix(">>graph6<<") {
            body = rest;
            skip += ">>graph6<<".len();
        }
        let bytes = body.as_bytes();
        if bytes.is_empty() {
            return Err(ParseGraphError::Graph6Empty);
        }
        for (i, &byte) in bytes.iter().enumerate() {
            if !(63..=126).contains(&byte) {
                return Err(ParseGraphError::Graph6BadByte { byte, position: skip + i + 1 });
            }
        }
        let six = |i: usize| u64::from(bytes[i] - 63);
        let (order, header) = if bytes[0] < 126 {
            (six(0), 1)
        } else if bytes.len() >= 2 && bytes[1] == 126 {
            if bytes.len() < 8 {
                return Err(ParseGraphError::Graph6Truncated {
                    order: 0,
                    expected: 8,
                    found: bytes.len(),
                });
            }
            ((2..8).fold(0, |n, i| (n << 6) | six(i)), 8)
        } else {
            if bytes.len() < 4 {
                return Err(ParseGraphError::Graph6Truncated {
                    order: 0,
                    expected: 4,
                    found: bytes.len(),
                });
            }
            ((1..4).fold(0, |n, i| (n << 6) | six(i)), 4)
        };
        if order > MAX_PARSED_ORDER as u64 {
            return Err(ParseGraphError::TooManyVertices { order, max: MAX_PARSED_ORDER });
        }
        let n = usize::try_from(order).unwrap_or(usize::MAX);
        let bits = n * n.saturating_sub(1) / 2;
        let expected = header + bits.div_ceil(6);
        if bytes.len() < expected {
            return Err(ParseGraphError::Graph6Truncated {
                order: n,
                expected,
                found: bytes.len(),
            });
        }
        if bytes.len() > expected {
            return Err(ParseGraphError::Graph6Trailing {
                order: n,
                expected,
                position: skip + expected + 1,
            });
        }
        if bits % 6 != 0 {
            let last = bytes[expected - 1] - 63;
            if last & ((1u8 << (6 - bits % 6)) - 1) != 0 {
                return Err(ParseGraphError::Graph6Padding { position: skip + expected });
            }
        }
        let mut g = Graph::new(n);
        let mut k = 0;
        for v in 1..n {
            for u in 0..v {
                let byte = bytes[header + k / 6] - 63;
                if byte & (1 << (5 - k % 6)) != 0 {
                    g.insert_edge(u, v);
                }
                k += 1;
            }
        }
        Ok(g)
    }

    /// Writes the graph in graph6, with the shortest form of the vertex count.
    pub fn to_graph6(&self) -> String {
        let n = self.order();
        let mut out = graph6_header(n);
        let mut acc = 0u8;
        let mut filled = 0;
        for v in 1..n {
            let row = self.neighbors(v);
            for u in 0..v {
                acc = (acc << 1) | u8::from(row.contains(u));
                filled += 1;
                if filled == 6 {
                    out.push(63 + acc);
                    acc = 0;
                    filled = 0;
                }
            }
        }
        if filled > 0 {
            out.push(63 + (acc << (6 - filled)));
        }
        out.into_iter().map(char::from).collect()
    }
}

/// The graph6 encoding of the vertex count `n`, in its shortest form.
fn graph6_header(n: usize) -> Vec<u8> {
    let n64 = n as u64;
    let mut out = Vec::with_capacity(8);
    if n < 63 {
        out.push(63 + six_bits(n64, 0));
    } else if n < 258_048 {
        out.push(126);
        out.extend((0..3).rev().map(|i| 63 + six_bits(n64, i)));
    } else {
        out.extend([126, 126]);
        out.extend((0..6).rev().map(|i| 63 + six_bits(n64, i)));
    }
    out
}

/// Bits `6 i .. 6 i + 6` of `n`.
fn six_bits(n: u64, i: u32) -> u8 {
    // The mask keeps six bits, so the value fits in a byte.
    u8::try_from((n >> (6 * i)) & 63).unwrap_or(0)
}

/// A vertex number: decimal digits only.
fn parse_vertex(text: &str) -> Option<u64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// The tokens of `text` separated by whitespace or commas, with their byte offsets.
fn tokens(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(move |t| (t.as_ptr() as usize - text.as_ptr() as usize, t))
}

/// Reads an edge list (see [`Graph::parse_edge_list`]).
impl FromStr for Graph {
    type Err = ParseGraphError;

    fn from_str(text: &str) -> Result<Graph, ParseGraphError> {
        Graph::parse_edge_list(text)
    }
}

/// Writes the edge list: `u-v` with `u < v` in increasing order, separated by spaces, preceded
/// by `n: ` when the largest vertex in an edge is not `n - 1`.
impl fmt::Display for Graph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let implied = self.edges().map(|(_, v)| v + 1).max().unwrap_or(0);
        let mut sep = "";
        if implied != self.order() {
            write!(f, "{}:", self.order())?;
            sep = " ";
        }
        for (u, v) in self.edges() {
            write!(f, "{sep}{u}-{v}")?;
            sep = " ";
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::graph6_header;

    #[test]
    fn headers_switch_form_at_63_and_258048() {
        assert_eq!(graph6_header(62), b"}");
        assert_eq!(graph6_header(63), b"~??~");
        assert_eq!(graph6_header(258_047), b"~}~~");
        assert_eq!(graph6_header(258_048), b"~~???~??");
        assert_eq!(graph6_header(68_719_476_735), b"~~~~~~~~");
    }
}
