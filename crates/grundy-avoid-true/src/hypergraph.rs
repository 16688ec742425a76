//! [`RechargeableHypergraph`]: Rechargeable Hypergraph Boolean Nim (Ruleset 9).

use core::fmt;

use grundy_core::Ruleset;

use crate::VarSet;

/// Why a Rechargeable Hypergraph Boolean Nim position cannot be built.
///
/// Vertices and hyperedges are counted from 1 in these errors, as in the text form.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum HypergraphError {
    /// A hyperedge names a vertex that does not exist.
    #[error("hyperedge {edge} contains v{vertex}, but there are only {vertices} vertices")]
    EdgeVertexOutOfRange {
        /// The hyperedge, counting from 1.
        edge: usize,
        /// The vertex, counting from 1.
        vertex: usize,
        /// The number of vertices.
        vertices: usize,
    },
    /// A pebble is on a vertex that does not exist.
    #[error("pebble on v{vertex}, but there are only {vertices} vertices")]
    PebbleOutOfRange {
        /// The vertex, counting from 1.
        vertex: usize,
        /// The number of vertices.
        vertices: usize,
    },
    /// The current vertex does not exist.
    #[error("the current vertex v{vertex} does not exist: there are {vertices} vertices")]
    CurrentOutOfRange {
        /// The vertex, counting from 1.
        vertex: usize,
        /// The number of vertices.
        vertices: usize,
    },
    /// The current vertex holds a pebble.
    #[error("the current vertex v{vertex} holds a pebble; its pile must be empty")]
    PebbleOnCurrent {
        /// The vertex, counting from 1.
        vertex: usize,
    },
}

/// A position of Rechargeable Hypergraph Boolean Nim: vertices holding 0 or 1 pebble, the
/// hyperedges not yet removed, and the current vertex.
///
/// The text form lists the vertices (`*` marks a pebble), the hyperedges and the current
/// vertex: `vertices: v1* v2* v3 | edges: {v1 v3} {v2 v3} | at: v3`.
///
/// With the `serde` feature a position serialises as
/// `{"vertices": 3, "edges": [[0, 2], [1, 2]], "pebbles": [0, 1], "current": 2}` (vertices
/// counted from 0) and deserialises through [`HypergraphPosition::new`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HypergraphPosition {
    vertices: usize,
    pebbles: VarSet,
    edges: Vec<VarSet>,
    current: usize,
}

impl HypergraphPosition {
    /// The position with `vertices` vertices, these hyperedges and pebbles, the token on
    /// `current`.
    ///
    /// # Errors
    ///
    /// [`HypergraphError`] when an index is out of range or `current` holds a pebble.
    pub fn new(
        vertices: usize,
        edges: Vec<VarSet>,
        pebbles: VarSet,
        current: usize,
    ) -> Result<Self, HypergraphError> {
        for (e, edge) in edges.iter().enumerate() {
            if let Some(v) = edge.last().filter(|&v| v >= vertices) {
                return Err(HypergraphError::EdgeVertexOutOfRange {
                    edge: e + 1,
                    vertex: v + 1,
                    vertices,
                });
            }
        }
        if let Some(v) = pebbles.last().filter(|&v| v >= vertices) {
            return Err(HypergraphError::PebbleOutOfRange { vertex: v + 1, vertices });
        }
        if current >= vertices {
            return Err(HypergraphError::CurrentOutOfRange { vertex: current + 1, vertices });
        }
        if pebbles.contains(current) {
            return Err(HypergraphError::PebbleOnCurrent { vertex: current + 1 });
        }
        Ok(HypergraphPosition { vertices, pebbles, edges, current })
    }

    /// The number of vertices.
    pub const fn vertices(&self) -> usize {
        self.vertices
    }

    /// The vertices holding a pebble.
    pub const fn pebbles(&self) -> &VarSet {
        &self.pebbles
    }

    /// The hyperedges not yet removed.
    pub fn edges(&self) -> &[VarSet] {
        &self.edges
    }

    /// The current vertex (where the token is).
    pub const fn current(&self) -> usize {
        self.current
    }
}

impl fmt::Display for HypergraphPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("vertices:")?;
        for v in 0..self.vertices {
            write!(f, " v{}{}", v + 1, if self.pebbles.contains(v) { "*" } else { "" })?;
        }
        f.write_str(" | edges:")?;
        for edge in &self.edges {
            f.write_str(" {")?;
            for (k, v) in edge.iter().enumerate() {
                write!(f, "{}v{}", if k > 0 { " " } else { "" }, v + 1)?;
            }
            f.write_str("}")?;
        }
        write!(f, " | at: v{}", self.current + 1)
    }
}

/// Rechargeable Hypergraph Boolean Nim (Ruleset 9 of the *Transverse Wave* paper).
///
/// # Our reading of the rules
///
/// The paper's wording is loose; this is the reading that makes Theorem 4's construction an
/// isomorphism (checked in the tests). A position is a hypergraph whose vertices hold 0 or 1
/// pebble, and a current vertex `c` (with no pebble). A move picks a vertex `v ≠ c` holding
/// a pebble that shares a hyperedge with `c`; it takes `v`'s pebble, removes every hyperedge
/// that does not contain `v` (the pebble "recharges" only the hyperedges through `v`), and
/// `v` becomes current. A move is the index of `v` (counting from 0). The player who cannot
/// move loses.
///
/// From a Demi-Quantum Boolean Nim matrix: vertex `j` is column `j` (with a pebble), each row
/// is the hyperedge of its columns holding a 1 plus an extra vertex `c` (no pebble) where the
/// game starts. A remaining hyperedge is a live realization.
///
/// # Example
///
/// ```
/// use grundy_avoid_true::{HypergraphPosition, RechargeableHypergraph, VarSet};
/// use grundy_core::Ruleset;
///
/// // Rows 110 and 011, start vertex v4.
/// let edges = vec![[0, 1, 3].into_iter().collect(), [1, 2, 3].into_iter().collect()];
/// let p = HypergraphPosition::new(4, edges, [0, 1, 2].into_iter().collect(), 3)?;
/// assert_eq!(RechargeableHypergraph.move_list(&p), [0, 1, 2]);
/// let p = RechargeableHypergraph.play(&p, &2);
/// assert_eq!(p.to_string(), "vertices: v1* v2* v3 v4 | edges: {v2 v3 v4} | at: v3");
/// assert_eq!(RechargeableHypergraph.move_list(&p), [1]);
/// # Ok::<(), grundy_avoid_true::HypergraphError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RechargeableHypergraph;

impl Ruleset for RechargeableHypergraph {
    type Position = HypergraphPosition;
    type Move = usize;

    fn moves(&self, position: &HypergraphPosition, moves: &mut Vec<usize>) {
        moves.extend(position.pebbles.iter().filter(|&v| self.is_legal(position, &v)));
    }

    fn play(&self, position: &HypergraphPosition, v: &usize) -> HypergraphPosition {
        let mut next = position.clone();
        next.pebbles.remove(*v);
        next.edges.retain(|e| e.contains(*v));
        next.current = *v;
        next
    }

    fn is_legal(&self, position: &HypergraphPosition, v: &usize) -> bool {
        *v != position.current
            && position.pebbles.contains(*v)
            && position.edges.iter().any(|e| e.contains(position.current) && e.contains(*v))
    }
}
