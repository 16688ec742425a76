//! Graphs, vertex sets and the text formats, against plain definitions.

use std::collections::BTreeSet;

use grundy_graph::{Graph, GraphError, MAX_PARSED_ORDER, ParseGraphError, VertexSet};
use grundy_testkit::random;
use proptest::prelude::*;

/// A random graph on up to `max` vertices.
fn graph(max: usize) -> impl Strategy<Value = Graph> {
    (0..=max).prop_flat_map(|n| {
        let pairs = n * n.saturating_sub(1) / 2;
        prop::collection::vec(any::<bool>(), pairs).prop_map(move |bits| {
            let mut g = Graph::new(n);
            let mut k = 0;
            for u in 0..n {
                for v in u + 1..n {
                    if bits[k] {
                        g.add_edge(u, v).unwrap();
                    }
                    k += 1;
                }
            }
            g
        })
    })
}

fn set(items: &[usize]) -> VertexSet {
    items.iter().copied().collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Every set operation agrees with `BTreeSet`.
    #[test]
    fn vertex_sets_agree_with_btreeset(
        a in prop::collection::btree_set(0usize..300, 0..40),
        b in prop::collection::btree_set(0usize..300, 0..40),
    ) {
        let (sa, sb): (VertexSet, VertexSet) = (a.iter().copied().collect(), b.iter().copied().collect());
        let list = |s: &VertexSet| s.iter().collect::<Vec<_>>();
        prop_assert_eq!(list(&sa), a.iter().copied().collect::<Vec<_>>());
        prop_assert_eq!(sa.len(), a.len());
        prop_assert_eq!(list(&sa.union(&sb)), a.union(&b).copied().collect::<Vec<_>>());
        prop_assert_eq!(list(&sa.intersection(&sb)), a.intersection(&b).copied().collect::<Vec<_>>());
        prop_assert_eq!(list(&sa.difference(&sb)), a.difference(&b).copied().collect::<Vec<_>>());
        prop_assert_eq!(
            list(&sa.symmetric_difference(&sb)),
            a.symmetric_difference(&b).copied().collect::<Vec<_>>()
        );
        prop_assert_eq!(sa.is_subset(&sb), a.is_subset(&b));
        prop_assert_eq!(sa.is_disjoint(&sb), a.is_disjoint(&b));
        prop_assert_eq!(sa.intersection_len(&sb), a.intersection(&b).count());
        prop_assert_eq!(sa.first(), a.first().copied());
        prop_assert_eq!(sa.last(), a.last().copied());
        // Equal sets built differently are equal, and the order is that of the binary numbers.
        let rebuilt = sa.union(&sb).difference(&sb.difference(&sa));
        prop_assert_eq!(&rebuilt, &sa);
        let key = |s: &BTreeSet<usize>| s.iter().rev().copied().collect::<Vec<_>>();
        // Lexicographic order of the descending lists is the order of the binary numbers.
        prop_assert_eq!(sa.cmp(&sb), key(&a).cmp(&key(&b)));
        for v in [0, 5, 63, 64, 200, 299] {
            prop_assert_eq!(sa.contains(v), a.contains(&v));
        }
    }

    /// Edge lists and graph6 read back what they wrote.
    #[test]
    fn text_formats_round_trip(g in graph(20)) {
        prop_assert_eq!(&Graph::parse_edge_list(&g.to_string()).unwrap(), &g);
        prop_assert_eq!(&Graph::from_graph6(&g.to_graph6()).unwrap(), &g);
    }

    /// Components partition the set, each is connected, and no edge joins two of them.
    #[test]
    fn components_partition_induced_subgraphs(g in graph(14), mask in any::<u16>()) {
        let s: VertexSet = (0..g.order()).filter(|v| mask >> v & 1 == 1).collect();
        let parts = g.components(&s);
        let mut union = VertexSet::new();
        for (i, p) in parts.iter().enumerate() {
            prop_assert!(g.is_connected(p));
            prop_assert!(p.is_disjoint(&union));
            union.union_with(p);
            for q in &parts[i + 1..] {
                prop_assert!(p.iter().all(|v| g.neighbors(v).is_disjoint(q)));
            }
        }
        prop_assert_eq!(union, s);
    }

    /// Relabelling keeps degrees as a multiset, and the inverse relabelling undoes it.
    #[test]
    fn relabelling_round_trips(g in graph(12), seed in any::<u64>()) {
        let n = g.order();
        let perm = random::permutation(n, &mut random::rng(seed));
        let h = g.relabelled(&perm).unwrap();
        let mut inverse = vec![0; n];
        for (v, &p) in perm.iter().enumerate() { inverse[p] = v; }
        prop_assert_eq!(h.relabelled(&inverse).unwrap(), g.clone());
        for (v, &p) in perm.iter().enumerate() { prop_assert_eq!(h.degree(p), g.degree(v)); }
    }
}

#[test]
fn petersen_graph6_is_the_known_string() {
    let p = Graph::petersen();
    assert_eq!(p.to_graph6(), "IheA@GUAo");
    let q = Graph::from_graph6("IheA@GUAo").unwrap();
    assert_eq!(q, p);
    assert!((0..10).all(|v| q.degree(v) == 3));
    assert_eq!(Graph::from_graph6(">>graph6<<IheA@GUAo\n").unwrap(), p);
}

#[test]
fn small_graph6_strings_derived_by_hand() {
    // n = 0 and 1: just the count byte.
    assert_eq!(Graph::new(0).to_graph6(), "?");
    assert_eq!(Graph::new(1).to_graph6(), "@");
    // K2: one bit x(0,1) = 1 -> 100000 = 32 -> 32 + 63 = '_'.
    assert_eq!(Graph::complete(2).to_graph6(), "A_");
    // K3: bits 111 000 -> 56 + 63 = 'w'.
    assert_eq!(Graph::complete(3).to_graph6(), "Bw");
    // Path 0-1-2: bits x(0,1)=1 x(0,2)=0 x(1,2)=1 -> 101000 = 40 -> 'g'.
    assert_eq!(Graph::path(3).to_graph6(), "Bg");
    // K4: six ones -> 63 + 63 = '~'.
    assert_eq!(Graph::complete(4).to_graph6(), "C~");
    // Path on 5 vertices, column order x(0,1) x(0,2) x(1,2) x(0,3) x(1,3) x(2,3) | x(0,4)..x(3,4):
    // 1 0 1 0 0 1 | 0 0 0 1 (padded 00) -> 41 'h', 4 'C'.
    assert_eq!(Graph::path(5).to_graph6(), "DhC");
    for text in ["?", "@", "A_", "Bw", "Bg", "C~", "DhC"] {
        assert_eq!(Graph::from_graph6(text).unwrap().to_graph6(), text);
    }
}

#[test]
fn long_graph6_forms() {
    // 63 vertices: 126 then 18 bits 000000 000000 111111 -> "~??~".
    let g = Graph::path(63);
    let text = g.to_graph6();
    assert!(text.starts_with("~??~"), "{}", &text[..4]);
    assert_eq!(text.len(), 4 + (63 * 62 / 2usize).div_ceil(6));
    assert_eq!(Graph::from_graph6(&text).unwrap(), g);
    // 258048 = 0b111111_000000_000000 needs the eight-byte form "~~???~??"; the header is
    // read, and the missing adjacency data is reported.
    let expected = 8 + (258_048usize * 258_047 / 2).div_ceil(6);
    assert_eq!(
        Graph::from_graph6("~~???~??"),
        Err(ParseGraphError::Graph6Truncated { order: 258_048, expected, found: 8 })
    );
    assert_eq!(
        Graph::from_graph6("~~~~}"),
        Err(ParseGraphError::Graph6Truncated { order: 0, expected: 8, found: 5 })
    );
    // The eight-byte form of a small count is read too.
    assert_eq!(Graph::from_graph6("~~?????E???").unwrap().order(), 6);
    // The four-byte form of a small count is read too (nauty writes it only from 63 on).
    assert_eq!(Graph::from_graph6("~??E???").unwrap().order(), 6);
    let small = Graph::path(70);
    assert_eq!(Graph::from_graph6(&small.to_graph6()).unwrap(), small);
}

#[test]
fn graph6_errors_name_the_byte() {
    assert_eq!(Graph::from_graph6("  \n"), Err(ParseGraphError::Graph6Empty));
    assert_eq!(
        Graph::from_graph6("Bw!"),
        Err(ParseGraphError::Graph6BadByte { byte: b'!', position: 3 })
    );
    assert_eq!(
        Graph::from_graph6("D"),
        Err(ParseGraphError::Graph6Truncated { order: 5, expected: 3, found: 1 })
    );
    assert_eq!(
        Graph::from_graph6("Bww"),
        Err(ParseGraphError::Graph6Trailing { order: 3, expected: 2, position: 3 })
    );
    // K3 with a padding bit set: 111 001.
    assert_eq!(Graph::from_graph6("Bx"), Err(ParseGraphError::Graph6Padding { position: 2 }));
    assert!(matches!(
        Graph::from_graph6("~~??~???"),
        Err(ParseGraphError::TooManyVertices { max: MAX_PARSED_ORDER, .. })
    ));
    assert!(matches!(Graph::from_graph6("~?"), Err(ParseGraphError::Graph6Truncated { .. })));
    let message = Graph::from_graph6("Bw!").unwrap_err().to_string();
    assert!(message.contains("position 3"), "{message}");
}

#[test]
fn edge_lists_and_their_errors() {
    let g = Graph::parse_edge_list("0-1 1-2 2-3").unwrap();
    assert_eq!((g.order(), g.edge_count()), (4, 3));
    assert!(g.is_path(&g.vertices()));
    assert_eq!(g.to_string(), "0-1 1-2 2-3");
    let h = Graph::parse_edge_list("  6 :\n0-1,\t1-2 ").unwrap();
    assert_eq!((h.order(), h.edge_count()), (6, 2));
    assert_eq!(h.to_string(), "6: 0-1 1-2");
    assert_eq!(Graph::parse_edge_list("").unwrap(), Graph::new(0));
    assert_eq!(Graph::parse_edge_list("3:").unwrap(), Graph::new(3));
    assert_eq!(Graph::new(3).to_string(), "3:");
    assert_eq!("2-0".parse::<Graph>().unwrap().to_string(), "0-2");

    let err = |text: &str| Graph::parse_edge_list(text).unwrap_err();
    assert_eq!(err("0-1 x-2"), ParseGraphError::BadToken { token: "x-2".into(), column: 5 });
    assert_eq!(err("0-1 12"), ParseGraphError::BadToken { token: "12".into(), column: 5 });
    assert_eq!(err("0-1 1--2"), ParseGraphError::BadToken { token: "1--2".into(), column: 5 });
    assert_eq!(err("0-+1"), ParseGraphError::BadToken { token: "0-+1".into(), column: 1 });
    assert_eq!(err("x: 0-1"), ParseGraphError::BadCount { token: "x".into(), column: 1 });
    assert_eq!(
        err("3: 0-1 1-3"),
        ParseGraphError::Edge {
            source: GraphError::VertexOutOfRange { vertex: 3, order: 3 },
            column: 8
        }
    );
    assert_eq!(
        err("0-1 2-2"),
        ParseGraphError::Edge { source: GraphError::SelfLoop { vertex: 2 }, column: 5 }
    );
    assert_eq!(
        err("0-1 1-0"),
        ParseGraphError::Edge { source: GraphError::DuplicateEdge { u: 1, v: 0 }, column: 5 }
    );
    assert!(matches!(err("0-99999999999"), ParseGraphError::TooManyVertices { .. }));
    assert!(matches!(err("0-99999999999999999999999"), ParseGraphError::BadToken { .. }));
    // Columns count characters, not bytes.
    assert_eq!(err("é: 0-1"), ParseGraphError::BadCount { token: "é".into(), column: 1 });
    assert_eq!(err("0-1 ü"), ParseGraphError::BadToken { token: "ü".into(), column: 5 });
    let message = err("0-1 2-2").to_string();
    assert_eq!(message, "edge at column 5: self-loop at vertex 2: simple graphs have no loops");
}

#[test]
fn graph_construction_errors() {
    let mut g = Graph::new(3);
    assert_eq!(g.add_edge(0, 3), Err(GraphError::VertexOutOfRange { vertex: 3, order: 3 }));
    assert_eq!(g.add_edge(1, 1), Err(GraphError::SelfLoop { vertex: 1 }));
    g.add_edge(0, 1).unwrap();
    assert_eq!(g.add_edge(1, 0), Err(GraphError::DuplicateEdge { u: 1, v: 0 }));
    assert_eq!(g.edge_count(), 1);
    assert!(g.remove_edge(1, 0));
    assert!(!g.remove_edge(1, 0));
    assert_eq!(g.edge_count(), 0);
    assert!(matches!(g.relabelled(&[0, 0, 1]), Err(GraphError::NotAPermutation { .. })));
    assert!(matches!(g.relabelled(&[0, 1]), Err(GraphError::NotAPermutation { .. })));
    assert!(matches!(g.relabelled(&[0, 1, 5]), Err(GraphError::NotAPermutation { .. })));
}

#[test]
fn shapes_of_induced_subgraphs() {
    let c = Graph::cycle(6).unwrap();
    assert!(c.is_cycle(&c.vertices()));
    assert!(!c.is_path(&c.vertices()));
    assert!(c.is_path(&set(&[0, 1, 2, 3])));
    assert!(c.is_path(&set(&[5, 0, 1])));
    assert!(!c.is_connected(&set(&[0, 2])));
    assert!(c.is_edgeless(&set(&[0, 2, 4])));
    assert!(Graph::cycle(2).is_none());
    let k = Graph::complete(5);
    assert!(k.is_complete(&k.vertices()));
    assert!(k.is_cycle(&set(&[0, 1, 2])));
    assert!(!k.is_cycle(&set(&[0, 1, 2, 3])));
    assert!(Graph::complete_bipartite(2, 3).is_connected(&VertexSet::range(0..5)));
    let grid = Graph::grid(3, 4);
    assert_eq!(grid.edge_count(), 3 * 3 + 2 * 4);
    let (sub, map) = grid.induced_with_map(&set(&[1, 2, 5, 6]));
    assert_eq!(map, vec![1, 2, 5, 6]);
    assert!(sub.is_cycle(&sub.vertices()));
    assert_eq!(Graph::path(4).complement().to_string(), "0-2 0-3 1-3");
    assert_eq!(grid.induced_edge_count(&set(&[0, 1, 4, 5, 11])), 4);
}

#[cfg(feature = "petgraph")]
#[test]
fn petgraph_conversions() {
    use petgraph::graph::{NodeIndex, UnGraph};
    use petgraph::stable_graph::StableUnGraph;

    let p = Graph::petersen();
    let pg = p.to_petgraph();
    assert_eq!(Graph::try_from(&pg).unwrap(), p);

    let mut ug: UnGraph<&str, f64> = UnGraph::new_undirected();
    let a = ug.add_node("a");
    let b = ug.add_node("b");
    ug.add_edge(a, b, 1.0);
    ug.add_edge(b, a, 2.0);
    assert_eq!(Graph::try_from(&ug), Err(GraphError::DuplicateEdge { u: 1, v: 0 }));
    let mut looped: UnGraph<(), ()> = UnGraph::new_undirected();
    let x = looped.add_node(());
    looped.add_edge(x, x, ());
    assert_eq!(Graph::try_from(&looped), Err(GraphError::SelfLoop { vertex: 0 }));

    // A stable graph with a removed node: the survivors are renumbered without a gap.
    let mut sg: StableUnGraph<(), ()> = StableUnGraph::default();
    let nodes: Vec<NodeIndex> = (0..4).map(|_| sg.add_node(())).collect();
    sg.add_edge(nodes[0], nodes[1], ());
    sg.add_edge(nodes[1], nodes[2], ());
    sg.add_edge(nodes[2], nodes[3], ());
    sg.remove_node(nodes[1]);
    let g = Graph::try_from(&sg).unwrap();
    assert_eq!((g.order(), g.to_string()), (3, "1-2".to_string()));
}
