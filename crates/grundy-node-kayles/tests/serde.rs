//! Round trips through serde_json of Node-Kayles games, positions, winning moves, solver
//! stats and labellings, and refusals of data that is no graph. Run with
//! `cargo test -p grundy-node-kayles --features serde --test serde`.
#![cfg(feature = "serde")]

use grundy_core::{Nimber, Ruleset, Solver, Stats};
use grundy_node_kayles::{Graph, NodeKayles, NodeKaylesSolver, VertexSet, canonical_labelling};

#[test]
fn serde_games_positions_and_moves_round_trip() {
    let game = NodeKayles::from_edge_list("0-1 1-2 2-3 3-4 4-0 0-5").unwrap();
    let text = serde_json::to_string(&game).unwrap();
    assert_eq!(text, r#"{"order":6,"edges":[[0,1],[0,4],[0,5],[1,2],[2,3],[3,4]]}"#);
    let back: NodeKayles = serde_json::from_str(&text).unwrap();
    assert_eq!(back, game);
    let mut solver = NodeKaylesSolver::new(&back);
    let start = back.start();
    let moves = solver.winning_moves(&start).unwrap();
    let position: VertexSet =
        serde_json::from_str(&serde_json::to_string(&start).unwrap()).unwrap();
    let moves_back: Vec<usize> =
        serde_json::from_str(&serde_json::to_string(&moves).unwrap()).unwrap();
    for mv in moves_back {
        assert_eq!(Solver::new(&game).value(&game.play(&position, &mv)).unwrap(), Nimber::ZERO);
    }
    let stats = solver.stats();
    let back: Stats = serde_json::from_str(&serde_json::to_string(&stats).unwrap()).unwrap();
    assert_eq!(back, stats);
    let labelling = canonical_labelling(game.graph()).unwrap();
    let text = serde_json::to_string(&labelling).unwrap();
    assert_eq!(serde_json::from_str::<grundy_node_kayles::Labelling>(&text).unwrap(), labelling);
}

#[test]
fn serde_refuses_invalid_games() {
    assert!(serde_json::from_str::<NodeKayles>(r#"{"order":2,"edges":[[0,2]]}"#).is_err());
    assert!(serde_json::from_str::<NodeKayles>(r#"{"order":2,"edges":[[1,1]]}"#).is_err());
    let g: Graph = serde_json::from_str(r#"{"order":3,"edges":[[0,1]]}"#).unwrap();
    assert_eq!(NodeKayles::new(g).start(), VertexSet::range(0..3));
}
