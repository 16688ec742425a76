//! Round trips through serde_json of graphs and vertex sets, and refusals of data that is no
//! simple graph. Run with `cargo test -p grundy-graph --features serde --test serde`.
#![cfg(feature = "serde")]

use grundy_graph::{Graph, MAX_PARSED_ORDER, VertexSet};

#[test]
fn serde_graphs_round_trip() {
    let g = Graph::from_edges(5, [(1, 0), (1, 2), (3, 4)]).unwrap();
    let text = serde_json::to_string(&g).unwrap();
    assert_eq!(text, r#"{"order":5,"edges":[[0,1],[1,2],[3,4]]}"#);
    assert_eq!(serde_json::from_str::<Graph>(&text).unwrap(), g);
    // Every labelled graph on 5 vertices, isolated vertices and the empty graph included.
    for bits in 0..1u64 << 10 {
        let g = Graph::from_edge_bits(5, bits);
        let back: Graph = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
        assert_eq!(back, g);
        assert_eq!(back.edge_count(), g.edge_count());
    }
    for g in [Graph::new(0), Graph::petersen(), Graph::grid(3, 4), Graph::path(200)] {
        let back: Graph = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
        assert_eq!(back, g);
    }
}

#[test]
fn serde_vertex_sets_round_trip() {
    let set: VertexSet = [0, 1, 2, 200].into_iter().collect();
    let text = serde_json::to_string(&set).unwrap();
    assert_eq!(text, "[0,1,2,200]");
    assert_eq!(serde_json::from_str::<VertexSet>(&text).unwrap(), set);
    assert_eq!(serde_json::from_str::<VertexSet>("[200,2,1,0,2]").unwrap(), set);
    assert_eq!(serde_json::from_str::<VertexSet>("[]").unwrap(), VertexSet::new());
}

#[test]
fn serde_refuses_invalid_graphs() {
    let refused = |json: &str| serde_json::from_str::<Graph>(json).unwrap_err().to_string();
    assert!(refused(r#"{"order":3,"edges":[[0,0]]}"#).contains("self-loop at vertex 0"));
    assert!(refused(r#"{"order":3,"edges":[[0,1],[1,0]]}"#).contains("duplicate edge"));
    assert!(refused(r#"{"order":3,"edges":[[0,3]]}"#).contains("vertex 3 is out of range"));
    assert!(refused(r#"{"order":3,"edges":[[0,-1]]}"#).contains("invalid value"));
    assert!(refused(r#"{"order":3,"edges":[[0,1,2]]}"#).contains("trailing"));
    assert!(refused(r#"{"edges":[]}"#).contains("missing field `order`"));
    // A huge order is refused before anything is allocated.
    let huge = format!(r#"{{"order":{},"edges":[]}}"#, u64::MAX);
    assert!(refused(&huge).contains("at most"));
    let over = format!(r#"{{"order":{},"edges":[]}}"#, MAX_PARSED_ORDER + 1);
    assert!(refused(&over).contains("at most"));
    let just = format!(r#"{{"order":{MAX_PARSED_ORDER},"edges":[]}}"#);
    assert_eq!(serde_json::from_str::<Graph>(&just).unwrap().order(), MAX_PARSED_ORDER);
    assert!(serde_json::from_str::<VertexSet>(&format!("[{MAX_PARSED_ORDER}]")).is_err());
    assert!(serde_json::from_str::<VertexSet>("[1,-1]").is_err());
}
