//! Simple undirected graphs for the grundy library: vertex bitsets of any size, edge lists and
//! graph6.
//!
//! [`VertexSet`] is a set of vertices stored as a bitset (inline up to 128 vertices, any size
//! beyond); [`Graph`] is a simple undirected graph on `0..n` whose neighbourhoods are vertex
//! sets, with induced subgraphs, connected components of induced subgraphs and a few shape
//! tests (paths, cycles, cliques). Graphs are read and written as edge lists
//! (`5: 0-1 1-2`, see [`Graph::parse_edge_list`]) and in nauty's graph6 format
//! ([`Graph::from_graph6`]). With the cargo feature `petgraph`, petgraph's `UnGraph` and
//! `StableGraph` convert with `Graph::try_from`.
//!
//! Graph games of the grundy family (Node-Kayles, Friend Circle, Demographic Influence) are
//! played on these graphs.
//!
//! ```
//! use grundy_graph::{Graph, VertexSet};
//!
//! let g: Graph = "0-1 1-2 2-3 3-0 3-4".parse()?;
//! assert_eq!((g.order(), g.edge_count()), (5, 5));
//! // Remove the closed neighbourhood of vertex 0, as a Node-Kayles move does.
//! let rest = g.vertices().difference(&g.closed_neighborhood(0));
//! assert_eq!(rest, [2, 4].into_iter().collect::<VertexSet>());
//! assert_eq!(g.components(&rest).len(), 2);
//! assert_eq!(Graph::from_graph6(&g.to_graph6())?, g);
//! # Ok::<(), grundy_graph::ParseGraphError>(())
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod graph;
#[cfg(feature = "petgraph")]
mod petgraph;
mod text;

pub use graph::{Graph, GraphError};
/// A set of vertices: grundy-core's [`BitSet`](grundy_core::BitSet), the one set type of
/// the workspace (inline up to 128 vertices, any size beyond).
pub type VertexSet = grundy_core::BitSet;
pub use grundy_core::bitset::Iter;
pub use text::{MAX_PARSED_ORDER, ParseGraphError, ParseVerticesError};
