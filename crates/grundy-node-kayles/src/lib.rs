//! Node-Kayles on any graph for the grundy library: component splitting, closed forms, twin
//! and shadow rules and canonical forms.
//!
//! In Node-Kayles two players in turn pick a vertex of a graph that is neither picked nor a
//! neighbour of a picked vertex; whoever cannot pick loses. [`NodeKayles`] is the ruleset (a
//! position is the set of vertices still available), [`NodeKayles64`] the same on graphs of
//! at most 64 vertices with positions as machine words (both give grundy-core's solver
//! splitting, twin and shadow rules and closed forms); [`NodeKaylesSolver`] computes values,
//! outcomes and winning moves with grundy-core's solver on whichever of the two suits the
//! graph, on one thread or several; [`path_value`] and [`cycle_value`] are the closed forms on
//! paths (the octal game 0.137, Dawson's chess) and cycles; [`canonical_labelling`] is a
//! canonical labelling of small graphs (isomorphic graphs get the same canonical form). With
//! the cargo feature `petgraph`, a [`Graph`] converts from petgraph's `UnGraph` and
//! `StableGraph` with `Graph::try_from`.
//!
//! ```
//! use grundy_core::{Nimber, Outcome};
//! use grundy_node_kayles::{NodeKaylesSolver, NodeKayles, path_value};
//!
//! // A triangle 0-1-2 with a tail 2-3-4: every move leaves an edge, a vertex or a triangle,
//! // all of value 1, so the first player loses.
//! let game = NodeKayles::from_edge_list("0-1 1-2 0-2 2-3 3-4")?;
//! let mut solver = NodeKaylesSolver::new(&game);
//! let start = game.start();
//! assert_eq!(solver.value(&start)?, Nimber::ZERO);
//! assert_eq!(solver.outcome(&start)?, Outcome::P);
//! assert!(solver.winning_moves(&start)?.is_empty());
//!
//! // On a path, Node-Kayles is Dawson's chess.
//! let path = NodeKayles::from_edge_list("0-1 1-2 2-3 3-4 4-5 5-6 6-7")?;
//! assert_eq!(NodeKaylesSolver::new(&path).value(&path.start())?, path_value(8));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod bits;
mod canon;
mod closed;
mod game;
mod shape;
mod small;
mod solver;

pub use canon::{
    CanonError, LEAF_BUDGET, Labelling, MAX_CANONICAL_ORDER, canonical_form, canonical_labelling,
};
pub use closed::{cycle_value, path_value};
pub use game::{NodeKayles, NodeKaylesError};
/// The graph types of `grundy-graph`, which positions and constructors use.
pub use grundy_graph::{Graph, GraphError, ParseGraphError, VertexSet};
pub use small::NodeKayles64;
pub use solver::NodeKaylesSolver;
