//! Round trips through serde_json of digraphs, Geography, NimG and Neighboring Nim games, their
//! positions and moves, and refusals of data their constructors refuse. Run with
//! `cargo test -p grundy-graph-games --features serde --test serde`.
#![cfg(feature = "serde")]

use core::fmt::Debug;

use grundy_core::{Nimber, Ruleset, naive};
use grundy_graph::Graph;
use grundy_graph_games::{
    Digraph, DirectedVertexNimG, EdgeMove, EdgeNimG, Geography, GeographyPosition, GeographyRule,
    NeighborPosition, NeighboringNim, NimGPosition, TokenMove, VertexNimG, VertexRule,
};
use serde::Serialize;
use serde::de::DeserializeOwned;

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T, json: &str) {
    let text = serde_json::to_string(value).unwrap();
    assert_eq!(text, json);
    let back: T = serde_json::from_str(&text).unwrap();
    assert_eq!(&back, value);
}

/// Serialises and deserialises.
fn again<T: Serialize + DeserializeOwned>(value: &T) -> T {
    serde_json::from_str(&serde_json::to_string(value).unwrap()).unwrap()
}

#[test]
fn serde_digraphs_and_geography_round_trip() {
    let d: Digraph = "0>1 1>2 2>0 0>3 3>0".parse().unwrap();
    round_trip(&d, r#"{"order":4,"arcs":[[0,1],[1,2],[2,0],[0,3],[3,0]]}"#);
    let game = Geography::parse("0-1 1-2", false, GeographyRule::Vertex).unwrap();
    round_trip(
        &game,
        r#"{"rule":"Vertex","board":{"undirected":{"order":3,"edges":[[0,1],[1,2]]}}}"#,
    );
    let edge = Geography::parse("0>1 1>2 2>0 0>2", true, GeographyRule::Edge).unwrap();
    round_trip(
        &edge,
        r#"{"rule":"Edge","board":{"directed":{"order":3,"arcs":[[0,1],[1,2],[2,0],[0,2]]}}}"#,
    );
    for (g, start) in [(&game, 1), (&edge, 0)] {
        let back = again(g);
        let p: GeographyPosition = again(&g.start(start).unwrap());
        assert_eq!(naive::value(&back, &p), naive::value(g, &g.start(start).unwrap()));
        assert_eq!(back.move_list(&p), g.move_list(&g.start(start).unwrap()));
    }
    round_trip(&game.start(1).unwrap(), r#"{"token":1,"used":[1]}"#);
    round_trip(&game.no_token(), r#"{"token":null,"used":[]}"#);
}

#[test]
fn serde_nimg_and_neighboring_nim_round_trip() {
    let game = VertexNimG::new(Graph::path(3), VertexRule::RemoveThenMove);
    round_trip(&game, r#"{"graph":{"order":3,"edges":[[0,1],[1,2]]},"rule":"RemoveThenMove"}"#);
    let position = game.position(vec![2, 1, 0], 0).unwrap();
    round_trip(&position, r#"{"disks":[2,1,0],"token":0}"#);
    let moves: Vec<TokenMove> = again(&game.move_list(&position));
    assert_eq!(moves, vec![TokenMove { to: 1, take: 1 }, TokenMove { to: 1, take: 2 }]);
    assert_eq!(naive::value(&again(&game), &again::<NimGPosition>(&position)), Nimber::ZERO);

    let vertexnim = DirectedVertexNimG::vertexnim("0>1 1>0 1>2 2>0".parse().unwrap());
    let back = again(&vertexnim);
    assert_eq!(back, vertexnim);
    assert!(back.deletes_empty_vertices());
    let p = vertexnim.position(vec![2, 1, 3], 0).unwrap();
    assert_eq!(naive::value(&back, &p), naive::value(&vertexnim, &p));

    let edge = EdgeNimG::new(3, [(0, 1), (1, 2), (0, 1)]).unwrap();
    round_trip(&edge, r#"{"order":3,"edges":[[0,1],[1,2],[0,1]]}"#);
    let p = edge.position(vec![3, 5, 6], 1).unwrap();
    assert_eq!(naive::value(&again(&edge), &again(&p)), naive::value(&edge, &p));
    round_trip(&EdgeMove { edge: 2, take: 4 }, r#"{"edge":2,"take":4}"#);

    let nim = NeighboringNim::new(Graph::complete(3));
    round_trip(&nim, r#"{"order":3,"edges":[[0,1],[0,2],[1,2]]}"#);
    let p = nim.position(vec![1, 2, 4], None).unwrap();
    round_trip(&p, r#"{"heaps":[1,2,4],"token":null}"#);
    assert_eq!(naive::value(&again(&nim), &again::<NeighborPosition>(&p)), Nimber::new(7));
}

#[test]
fn serde_refuses_invalid_games() {
    let refused = |json: &str| serde_json::from_str::<Digraph>(json).unwrap_err().to_string();
    assert!(refused(r#"{"order":2,"arcs":[[0,0]]}"#).contains("self-loop at vertex 0"));
    assert!(refused(r#"{"order":2,"arcs":[[0,1],[0,1]]}"#).contains("duplicate arc 0>1"));
    assert!(refused(r#"{"order":2,"arcs":[[0,2]]}"#).contains("vertex 2 is out of range"));
    assert!(refused(&format!(r#"{{"order":{},"arcs":[]}}"#, usize::MAX)).contains("at most"));
    assert!(serde_json::from_str::<EdgeNimG>(r#"{"order":2,"edges":[[1,1]]}"#).is_err());
    assert!(serde_json::from_str::<EdgeNimG>(r#"{"order":2,"edges":[[0,2]]}"#).is_err());
    let huge = format!(r#"{{"order":{},"edges":[]}}"#, usize::MAX);
    assert!(serde_json::from_str::<EdgeNimG>(&huge).unwrap_err().to_string().contains("at most"));
    let bad = r#"{"digraph":{"order":1,"arcs":[]},"rule":"MoveThenRemove","deletes_empty":true}"#;
    let err = serde_json::from_str::<DirectedVertexNimG>(bad).unwrap_err().to_string();
    assert!(err.contains("only Vertexnim"), "{err}");
    let bad = r#"{"rule":"Vertex","board":{"undirected":{"order":2,"edges":[[0,0]]}}}"#;
    assert!(serde_json::from_str::<Geography>(bad).is_err());
    assert!(
        serde_json::from_str::<Geography>(
            r#"{"rule":"Corner","board":{"directed":{"order":1,"arcs":[]}}}"#
        )
        .is_err()
    );
}
