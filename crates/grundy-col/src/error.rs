//! The errors of this crate.

/// Why a position, a graph or a text was refused.
///
/// Positions in texts count characters from 1 and name the offending character.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ColError {
    /// A graph with more vertices than the bit-mask engine supports.
    #[error("{order} vertices: at most {max} are supported")]
    TooManyVertices {
        /// The number of vertices asked for.
        order: usize,
        /// The limit ([`MAX_VERTICES`](crate::MAX_VERTICES) or
        /// [`MAX_TREE_VERTICES`](crate::MAX_TREE_VERTICES)).
        max: usize,
    },
    /// A character that is not allowed where it stands.
    #[error("unexpected character '{found}' at column {column}: expected {expected}")]
    UnexpectedChar {
        /// The character found.
        found: char,
        /// Its position, counting characters from 1.
        column: usize,
        /// What the grammar allows there.
        expected: &'static str,
    },
    /// The text ended too early.
    #[error("unexpected end of input at column {column}: expected {expected}")]
    UnexpectedEnd {
        /// The position just past the last character, counting from 1.
        column: usize,
        /// What the grammar needed.
        expected: &'static str,
    },
    /// A vertex number of an arc list that is not a number below the number of vertices.
    #[error("invalid vertex '{token}' at column {column}: expected a vertex below {order}")]
    BadVertex {
        /// The offending text.
        token: String,
        /// Its first character, counting from 1.
        column: usize,
        /// The number of vertices.
        order: usize,
    },
    /// An arc from a vertex to itself.
    #[error("arc {vertex}>{vertex} at column {column}: loops are not allowed")]
    Loop {
        /// The vertex.
        vertex: usize,
        /// The arc's first character, counting from 1 (0 when not read from a text).
        column: usize,
    },
    /// An arc given twice.
    #[error("arc {from}>{to} at column {column} is given twice")]
    DuplicateArc {
        /// The tail of the arc.
        from: usize,
        /// The head of the arc.
        to: usize,
        /// The arc's first character, counting from 1 (0 when not read from a text).
        column: usize,
    },
    /// A vertex number at least the number of vertices (outside a text).
    #[error("vertex {vertex} out of range: the graph has {order} vertices")]
    VertexOutOfRange {
        /// The vertex.
        vertex: usize,
        /// The number of vertices.
        order: usize,
    },
    /// A colouring whose length is not the number of vertices of its graph.
    #[error("the colouring has {found} vertices, the graph {expected}")]
    ColouringLength {
        /// The number of vertices of the graph.
        expected: usize,
        /// The number of colours given.
        found: usize,
    },
    /// A vertex put in two of the sets of a [`Colouring`](crate::Colouring).
    #[error("vertex {vertex} is in two of the sets uncoloured, blue and red")]
    OverlappingColouring {
        /// The first such vertex.
        vertex: usize,
    },
    /// A tree or path without vertices where one is needed.
    #[error("empty tree: a tree has at least one vertex")]
    EmptyTree,
    /// A closed form asked about a position outside its hypothesis.
    #[error("outside the hypothesis: {0}")]
    Hypothesis(&'static str),
}
