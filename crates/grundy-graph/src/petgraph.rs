//! Conversions from and to [`petgraph`] graphs (cargo feature `petgraph`).

use petgraph::graph::{IndexType, UnGraph};
use petgraph::stable_graph::StableUnGraph;
use petgraph::visit::{EdgeRef, IntoEdgeReferences};

use crate::{Graph, GraphError};

/// Node `i` of the petgraph graph becomes vertex `i`; weights are dropped.
///
/// # Errors
///
/// [`GraphError::SelfLoop`] or [`GraphError::DuplicateEdge`] (parallel edges): petgraph allows
/// both, simple graphs do not.
impl<N, E, Ix: IndexType> TryFrom<&UnGraph<N, E, Ix>> for Graph {
    type Error = GraphError;

    fn try_from(g: &UnGraph<N, E, Ix>) -> Result<Graph, GraphError> {
        Graph::from_edges(
            g.node_count(),
            g.raw_edges().iter().map(|e| (e.source().index(), e.target().index())),
        )
    }
}

/// The live nodes of the stable graph, in increasing index order, become the vertices
/// `0..node_count` (removed nodes leave no gap); weights are dropped.
///
/// # Errors
///
/// [`GraphError::SelfLoop`] or [`GraphError::DuplicateEdge`], in the new numbering.
impl<N, E, Ix: IndexType> TryFrom<&StableUnGraph<N, E, Ix>> for Graph {
    type Error = GraphError;

    fn try_from(g: &StableUnGraph<N, E, Ix>) -> Result<Graph, GraphError> {
        let bound = g.node_indices().map(|i| i.index() + 1).max().unwrap_or(0);
        let mut rank = vec![usize::MAX; bound];
        for (r, i) in g.node_indices().enumerate() {
            rank[i.index()] = r;
        }
        Graph::from_edges(
            g.node_count(),
            g.edge_references().map(|e| (rank[e.source().index()], rank[e.target().index()])),
        )
    }
}

impl Graph {
    /// The graph as a petgraph [`UnGraph`]: vertex `i` is node `i`, edges in the order of
    /// [`Graph::edges`].
    pub fn to_petgraph(&self) -> UnGraph<(), ()> {
        let mut g = UnGraph::with_capacity(self.order(), self.edge_count());
        for _ in 0..self.order() {
            g.add_node(());
        }
        for (u, v) in self.edges() {
            g.add_edge(petgraph::graph::NodeIndex::new(u), petgraph::graph::NodeIndex::new(v), ());
        }
        g
    }
}
