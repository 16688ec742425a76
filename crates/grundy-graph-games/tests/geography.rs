//! Geography: the four rulesets against a plain recursion, the blossom algorithm and the
//! Gallai–Edmonds decomposition against brute force, and the matching method for Undirected
//! Vertex Geography (Fraenkel, Scheinerman, Ullman 1993) against brute force on every graph up
//! to 6 vertices, random graphs of 7, and random positions of up to 9 vertices.

use grundy_core::{Outcome, Ruleset, Solver, naive};
use grundy_graph::{Graph, VertexSet};
use grundy_graph_games::{
    Digraph, DigraphError, GallaiEdmonds, Geography, GeographyError, GeographyRule,
    ParseDigraphError, VertexGeographyMatching, maximum_matching,
};
use grundy_testkit::random::{self, Rng};
use proptest::prelude::*;

/// Adjacency bitmasks.
fn masks(g: &Graph) -> Vec<u32> {
    (0..g.order()).map(|v| g.neighbors(v).iter().fold(0u32, |m, u| m | 1 << u)).collect()
}

/// Plain recursion: does the player to move from `v`, with `used` visited, win?
fn geo_wins(adj: &[u32], used: u32, v: usize) -> bool {
    let mut options = adj[v] & !used;
    while options != 0 {
        let u = options.trailing_zeros() as usize;
        options &= options - 1;
        if !geo_wins(adj, used | 1 << u, u) {
            return true;
        }
    }
    false
}

/// The winning moves from `v` by plain recursion.
fn geo_winning_moves(adj: &[u32], used: u32, v: usize) -> Vec<usize> {
    (0..adj.len())
        .filter(|&u| adj[v] >> u & 1 == 1 && used >> u & 1 == 0 && !geo_wins(adj, used | 1 << u, u))
        .collect()
}

/// Every maximum matching's exposed vertices, and the maximum size, by brute force over edges.
fn brute_matchings(g: &Graph) -> (usize, u32) {
    let edges: Vec<(usize, usize)> = g.edges().collect();
    let mut best = 0;
    let mut missed = 0u32;
    let full = (1u32 << g.order()) - 1;
    fn rec(
        edges: &[(usize, usize)],
        i: usize,
        covered: u32,
        size: usize,
        full: u32,
        best: &mut usize,
        missed: &mut u32,
    ) {
        if i == edges.len() {
            if size > *best {
                *best = size;
                *missed = 0;
            }
            if size == *best {
                *missed |= full & !covered;
            }
            return;
        }
        rec(edges, i + 1, covered, size, full, best, missed);
        let (u, v) = edges[i];
        if covered >> u & 1 == 0 && covered >> v & 1 == 0 {
            rec(edges, i + 1, covered | 1 << u | 1 << v, size + 1, full, best, missed);
        }
    }
    rec(&edges, 0, 0, 0, full, &mut best, &mut missed);
    (best, missed)
}

fn set_of_mask(mask: u32) -> VertexSet {
    (0..32).filter(|&v| mask >> v & 1 == 1).collect()
}

/// Checks matching, decomposition and the matching method on one graph against brute force.
fn check_graph(g: &Graph) {
    let n = g.order();
    let (best, missed) = brute_matchings(g);
    let m = maximum_matching(g);
    assert_eq!(m.len(), best, "matching size of {g}");
    for (u, v) in m.pairs() {
        assert!(g.has_edge(u, v) && m.mate(v) == Some(u), "not a matching of {g}");
    }
    let ge = GallaiEdmonds::new(g);
    let d = set_of_mask(missed);
    assert_eq!(*ge.d(), d, "D of {g}");
    let a: VertexSet =
        (0..n).filter(|&v| !d.contains(v) && !g.neighbors(v).is_disjoint(&d)).collect();
    assert_eq!(*ge.a(), a, "A of {g}");
    assert_eq!(*ge.c(), g.vertices().difference(&d).difference(&a), "C of {g}");

    let adj = masks(g);
    let fast = VertexGeographyMatching::new(g);
    for v in 0..n {
        let wins = geo_wins(&adj, 1 << v, v);
        assert_eq!(fast.wins_from(v), wins, "outcome from {v} on {g}");
        assert_eq!(
            fast.winning_moves_from(v),
            geo_winning_moves(&adj, 1 << v, v),
            "moves from {v} on {g}"
        );
    }
    // No token: the first player picks the start; a move to v wins when v is a P-start.
    let game = Geography::undirected(g.clone(), GeographyRule::Vertex);
    let starts: Vec<usize> = (0..n).filter(|&v| !geo_wins(&adj, 1 << v, v)).collect();
    let none = game.no_token();
    assert_eq!(game.matching_winning_moves(&none).unwrap(), starts, "no token on {g}");
    let expected = if starts.is_empty() { Outcome::P } else { Outcome::N };
    assert_eq!(game.matching_outcome(&none).unwrap(), expected);
}

/// Every labelled graph with at most 6 vertices (32768 graphs of order 6): maximum matchings,
/// Gallai–Edmonds sets, and the outcome and winning moves of Undirected Vertex Geography from
/// every start vertex and with no token.
#[test]
fn matching_method_on_every_graph_up_to_6_vertices() {
    for n in 1..=6 {
        for code in 0..1u64 << (n * (n - 1) / 2) {
            check_graph(&Graph::from_edge_bits(n, code));
        }
    }
}

/// Random graphs on 7 vertices at several densities (2000 of the 2^21).
#[test]
fn matching_method_on_random_graphs_of_7_vertices() {
    let mut rng = random::rng(0x1234_5678_9ABC_DEF1);
    for _ in 0..2000 {
        // Edge density from 0/16 to 15/16.
        let p = f64::from(rng.random_range(0u8..16)) / 16.0;
        check_graph(&Graph::from_edges(7, random::gnp_edges(7, p, &mut rng)).unwrap());
    }
}

/// Every labelled graph on 7 vertices (2^21 graphs; about a minute in release).
/// `cargo test --release -p grundy-graph-games --test geography -- --ignored`
#[test]
#[ignore = "exhaustive, 2^21 graphs: run with --release -- --ignored"]
fn matching_method_on_every_graph_of_7_vertices() {
    for code in 0..1u64 << 21 {
        check_graph(&Graph::from_edge_bits(7, code));
    }
}

/// The slides' statement "second player has a winning strategy iff the graph has a perfect
/// matching" holds for the game where the first player places the token (no token), and fails
/// for a fixed start vertex: the smallest counterexample is the single vertex (no move, so the
/// second player wins, without a perfect matching); on the path 0-1-2 from 0 too.
#[test]
fn second_player_wins_iff_perfect_matching_when_the_first_player_places_the_token() {
    for n in 1..=6 {
        for code in 0..1u64 << (n * (n - 1) / 2) {
            let g = Graph::from_edge_bits(n, code);
            let game = Geography::undirected(g.clone(), GeographyRule::Vertex);
            let second_wins = naive::outcome(&game, &game.no_token()) == Outcome::P;
            assert_eq!(second_wins, maximum_matching(&g).is_perfect(), "{g}");
        }
    }
    let single = Geography::undirected(Graph::new(1), GeographyRule::Vertex);
    assert_eq!(naive::outcome(&single, &single.start(0).unwrap()), Outcome::P);
    assert!(!maximum_matching(&Graph::new(1)).is_perfect());
    let path = Geography::undirected(Graph::path(3), GeographyRule::Vertex);
    assert_eq!(naive::outcome(&path, &path.start(0).unwrap()), Outcome::P);
}

/// A random graph G(n, p) on `n` vertices with edge probability `percent`%, from `seed`
/// (grundy-testkit's seeded generator).
fn random_graph(n: usize, percent: u64, seed: u64) -> Graph {
    let p = percent as f64 / 100.0;
    Graph::from_edges(n, random::gnp_edges(n, p, &mut random::rng(seed))).unwrap()
}

/// petgraph's maximum matching, as an independent reference.
fn petgraph_matching_size(g: &Graph) -> usize {
    let mut pg = petgraph::graph::UnGraph::<(), ()>::with_capacity(g.order(), g.edge_count());
    let nodes: Vec<_> = (0..g.order()).map(|_| pg.add_node(())).collect();
    for (u, v) in g.edges() {
        pg.add_edge(nodes[u], nodes[v], ());
    }
    petgraph::algo::maximum_matching(&pg).len()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Random positions (used vertices, token or none) on up to 9 vertices: the matching
    /// method equals brute-force search through the ruleset (the naive solver), and the core
    /// solver (which uses the canonical forms) agrees.
    #[test]
    fn matching_method_equals_search(
        n in 1usize..=9,
        percent in 10u64..90,
        seed in any::<u64>(),
        used_bits in any::<u64>(),
        token in proptest::option::of(0usize..9),
    ) {
        let g = random_graph(n, percent, seed);
        let game = Geography::undirected(g, GeographyRule::Vertex);
        let token = token.map(|t| t % n);
        let used = (0..n).filter(|&v| used_bits >> v & 1 == 1 && Some(v) != token);
        let position = game.position(token, used).unwrap();
        let outcome = naive::outcome(&game, &position);
        prop_assert_eq!(game.matching_outcome(&position).unwrap(), outcome);
        prop_assert_eq!(game.matching_winning_moves(&position).unwrap(), naive::winning_moves(&game, &position));
        let mut solver = Solver::new(&game);
        prop_assert_eq!(solver.outcome(&position).unwrap(), outcome);
        prop_assert_eq!(solver.value(&position).unwrap(), naive::value(&game, &position));
    }

    /// Larger random graphs (up to 80 vertices): our blossom algorithm finds matchings as large
    /// as petgraph's, and the Gallai–Edmonds sets are consistent (D exposed by some maximum
    /// matching: re-matching after deleting a vertex of D keeps the size, deleting one outside
    /// D lowers it).
    #[test]
    fn blossom_agrees_with_petgraph(n in 1usize..=80, percent in 1u64..30, seed in any::<u64>()) {
        let g = random_graph(n, percent, seed);
        let m = maximum_matching(&g);
        prop_assert_eq!(m.len(), petgraph_matching_size(&g));
        let ge = GallaiEdmonds::new(&g);
        for v in (0..n).step_by(7) {
            let rest = g.vertices().difference(&VertexSet::singleton(v));
            let smaller = maximum_matching(&g.induced(&rest)).len();
            prop_assert_eq!(smaller == m.len(), ge.d().contains(v), "vertex {}", v);
        }
    }
}

/// Plain recursion for the four Geography games on a digraph given as arc lists: `edge` for
/// the edge rule, `undirected` when arcs come in pairs that share an edge.
fn plain_outcome(
    arcs: &[(usize, usize)],
    edge_of: &[usize],
    edge: bool,
    used: u64,
    token: usize,
) -> bool {
    for (i, &(u, v)) in arcs.iter().enumerate() {
        if u != token {
            continue;
        }
        let key = if edge { edge_of[i] } else { v };
        if used >> key & 1 == 1 {
            continue;
        }
        if !plain_outcome(arcs, edge_of, edge, used | 1 << key, v) {
            return true;
        }
    }
    false
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The four rulesets against the plain recursion, on random boards of up to 6 vertices.
    #[test]
    fn rulesets_follow_the_rules(n in 2usize..=6, percent in 10u64..50, seed in any::<u64>(), start in 0usize..6) {
        let start = start % n;
        let g = random_graph(n, percent, seed);
        // Directed: orient each edge by a bit of the seed, sometimes both ways.
        let mut d = Digraph::new(n);
        for (i, (u, v)) in g.edges().enumerate() {
            match (seed >> (i % 64)) % 3 {
                0 => d.add_arc(u, v).unwrap(),
                1 => d.add_arc(v, u).unwrap(),
                _ => { d.add_arc(u, v).unwrap(); d.add_arc(v, u).unwrap(); }
            }
        }
        let und_arcs: Vec<(usize, usize)> = g.edges().flat_map(|(u, v)| [(u, v), (v, u)]).collect();
        let und_edge: Vec<usize> = (0..und_arcs.len()).map(|i| i / 2).collect();
        let dir_arcs = d.arcs().to_vec();
        let dir_edge: Vec<usize> = (0..dir_arcs.len()).collect();
        for rule in [GeographyRule::Vertex, GeographyRule::Edge] {
            let edge = rule == GeographyRule::Edge;
            let initial = if edge { 0 } else { 1u64 << start };
            let und = Geography::undirected(g.clone(), rule);
            let p = und.start(start).unwrap();
            prop_assert_eq!(naive::outcome(&und, &p).is_n(), plain_outcome(&und_arcs, &und_edge, edge, initial, start));
            let dir = Geography::directed(d.clone(), rule);
            let p = dir.start(start).unwrap();
            prop_assert_eq!(naive::outcome(&dir, &p).is_n(), plain_outcome(&dir_arcs, &dir_edge, edge, initial, start));
            prop_assert_eq!(Solver::new(&dir).value(&p).unwrap(), naive::value(&dir, &p));
        }
    }
}

/// The symmetric digraph of a graph plays the same vertex Geography as the graph; edge
/// Geography differs (the two arcs of an edge are two arcs: on `0-1` the token goes 0 -> 1 -> 0).
#[test]
fn undirected_vertex_geography_is_the_symmetric_digraph() {
    for code in 0..1u64 << 10 {
        let g = Graph::from_edge_bits(5, code);
        let und = Geography::undirected(g.clone(), GeographyRule::Vertex);
        let dir = Geography::directed(Digraph::from_graph(&g), GeographyRule::Vertex);
        for v in 0..5 {
            let (a, b) = (und.start(v).unwrap(), dir.start(v).unwrap());
            assert_eq!(naive::value(&und, &a), naive::value(&dir, &b), "{g} from {v}");
        }
    }
    let g = Graph::path(2);
    let und = Geography::undirected(g.clone(), GeographyRule::Edge);
    let dir = Geography::directed(Digraph::from_graph(&g), GeographyRule::Edge);
    assert_eq!(naive::outcome(&und, &und.start(0).unwrap()), Outcome::N);
    assert_eq!(naive::outcome(&dir, &dir.start(0).unwrap()), Outcome::P);
}

/// Bad input gives clear errors.
#[test]
fn errors() {
    let e = Geography::parse("0-1 1-1", false, GeographyRule::Vertex).unwrap_err();
    assert_eq!(
        e.to_string(),
        "edge at column 5: self-loop at vertex 1: simple graphs have no loops"
    );
    let e = Geography::parse("0>1 0>1", true, GeographyRule::Edge).unwrap_err();
    assert_eq!(e.to_string(), "arc at column 5: duplicate arc 0>1");
    assert!(matches!(
        e,
        GeographyError::Digraph(ParseDigraphError::Arc {
            source: DigraphError::DuplicateArc { from: 0, to: 1 },
            column: 5
        })
    ));
    let e = "x: 0>1".parse::<Digraph>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid vertex count 'x' at column 1: expected `n:` with n a number"
    );
    let e = "0>1 99999999999999999999>1".parse::<Digraph>().unwrap_err();
    assert!(e.to_string().contains("column 5"), "{e}");
    let e = "2000000: 0>1".parse::<Digraph>().unwrap_err();
    assert_eq!(e.to_string(), "2000000 vertices: at most 1048576 are supported");
    let game = Geography::parse("0-1 1-2", false, GeographyRule::Vertex).unwrap();
    assert_eq!(
        game.start(3).unwrap_err().to_string(),
        "start vertex 3 is out of range: the graph has 3 vertices, numbered from 0"
    );
    assert_eq!(
        game.position(Some(0), [5]).unwrap_err(),
        GeographyError::UsedOutOfRange { what: "vertex", id: 5, count: 3 }
    );
    let start = game.start(0).unwrap();
    assert_eq!(game.play_checked(&start, 2), Err(GeographyError::IllegalMove { to: 2 }));
    let next = game.play_checked(&start, 1).unwrap();
    assert_eq!(game.to_text(&next), "token 1, used 0 1");
    assert_eq!(game.play_checked(&next, 0), Err(GeographyError::IllegalMove { to: 0 }));
    let edge = Geography::parse("0>1 1>0", true, GeographyRule::Edge).unwrap();
    assert_eq!(game.matching_outcome(&start).unwrap(), Outcome::P);
    assert_eq!(
        edge.matching_outcome(&edge.start(0).unwrap()),
        Err(GeographyError::NotUndirectedVertex)
    );
    let p = edge.play(&edge.start(0).unwrap(), &1);
    assert_eq!(edge.to_text(&p), "token 1, used 0>1");
    // Edge Geography may cross back on the other arc, then is stuck.
    assert_eq!(edge.move_list(&p), vec![0]);
    assert_eq!(naive::outcome(&edge, &edge.start(0).unwrap()), Outcome::P);
}

/// Sparse random graphs of 100 and 300 vertices (where a phase augments many disjoint paths):
/// the same matching size as petgraph, and the Gallai–Edmonds set D checked by deleting a few
/// vertices.
#[test]
fn blossom_agrees_with_petgraph_on_larger_sparse_graphs() {
    for n in [100, 300] {
        for (seed, percent) in [(1u64, 1u64), (2, 2), (3, 3), (4, 1), (5, 2)] {
            let g = random_graph(n, percent, seed * 7919);
            let m = maximum_matching(&g);
            assert_eq!(m.len(), petgraph_matching_size(&g), "n = {n}, seed {seed}");
            let ge = GallaiEdmonds::new(&g);
            for v in (0..n).step_by(37) {
                let rest = g.vertices().difference(&VertexSet::singleton(v));
                let smaller = maximum_matching(&g.induced(&rest)).len();
                assert_eq!(
                    smaller == m.len(),
                    ge.d().contains(v),
                    "n = {n}, seed {seed}, vertex {v}"
                );
            }
        }
    }
}
