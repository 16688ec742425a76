//! Node-Kayles on graphs converted from petgraph (cargo feature `petgraph`):
//! `cargo test -p grundy-node-kayles --features petgraph`.
#![cfg(feature = "petgraph")]

use grundy_core::Nimber;
use grundy_node_kayles::{Graph, GraphError, NodeKayles, NodeKaylesSolver, path_value};
use petgraph::graph::UnGraph;

/// A path and a triangle made in petgraph play as the same graphs made here, and a
/// self-loop is refused with the graph's error.
#[test]
fn petgraph_graphs_play_node_kayles() {
    let path: UnGraph<(), ()> =
        UnGraph::from_edges([(0u32, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6)]);
    let game = NodeKayles::new(Graph::try_from(&path).expect("a simple graph"));
    assert_eq!(NodeKaylesSolver::new(&game).value(&game.start()).unwrap(), path_value(7));
    let triangle: UnGraph<(), ()> = UnGraph::from_edges([(0u32, 1), (1, 2), (2, 0)]);
    let game = NodeKayles::new(Graph::try_from(&triangle).expect("a simple graph"));
    assert_eq!(NodeKaylesSolver::new(&game).value(&game.start()).unwrap(), Nimber::new(1));
    let looped: UnGraph<(), ()> = UnGraph::from_edges([(0u32, 1), (1, 1)]);
    assert!(matches!(Graph::try_from(&looped), Err(GraphError::SelfLoop { .. })));
}
