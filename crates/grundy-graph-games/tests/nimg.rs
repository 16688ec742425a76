//! NimG and Neighboring Nim: the rulesets against their definitions, and every statement of the
//! NimG slides (Stockman, Frieze, Vera 2004) that survives the garbled text, by brute force.

use grundy_core::{Nimber, Outcome, Ruleset, Solver, naive};
use grundy_graph::Graph;
use grundy_graph_games::{
    Digraph, DirectedVertexNimG, EdgeMove, EdgeNimG, Geography, GeographyRule, NeighboringNim,
    NimGError, NimGPosition, TokenMove, VertexNimG, VertexRule, edge_nimg_path_end_value,
    parse_disks,
};
use proptest::prelude::*;

/// Every disk vector of length `n` with entries `0..=max`.
fn all_disks(n: usize, max: u64) -> impl Iterator<Item = Vec<u64>> {
    let count = (max + 1).pow(u32::try_from(n).unwrap());
    (0..count).map(move |mut c| {
        (0..n)
            .map(|_| {
                let d = c % (max + 1);
                c /= max + 1;
                d
            })
            .collect()
    })
}

/// The moves of Vertex NimG written out from the rules.
fn literal_moves(
    g: &Graph,
    rule: VertexRule,
    disks: &[u64],
    t: usize,
) -> Vec<(usize, u64, Vec<u64>)> {
    let mut out = Vec::new();
    for u in g.neighbors(t).iter() {
        match rule {
            VertexRule::RemoveThenMove | VertexRule::RemoveThenMoveToNonEmpty => {
                if rule == VertexRule::RemoveThenMoveToNonEmpty && disks[u] == 0 {
                    continue;
                }
                for take in 1..=disks[t] {
                    let mut next = disks.to_vec();
                    next[t] -= take;
                    out.push((u, take, next));
                }
            }
            VertexRule::MoveThenRemove => {
                for take in 1..=disks[u] {
                    let mut next = disks.to_vec();
                    next[u] -= take;
                    out.push((u, take, next));
                }
            }
        }
    }
    out.sort();
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Vertex NimG under each rule: moves and children as the rules say; solver = plain search.
    #[test]
    fn vertex_nimg_follows_the_rules(
        n in 1usize..=5, code in any::<u64>(), disks in prop::collection::vec(0u64..=3, 5), t in 0usize..5,
    ) {
        let g = Graph::from_edge_bits(n, code & ((1 << (n * (n - 1) / 2)) - 1));
        let (disks, t) = (disks[..n].to_vec(), t % n);
        for rule in VertexRule::ALL {
            let game = VertexNimG::new(g.clone(), rule);
            let p = game.position(disks.clone(), t).unwrap();
            let mut got: Vec<(usize, u64, Vec<u64>)> = game
                .move_list(&p)
                .into_iter()
                .map(|mv| {
                    prop_assert!(game.is_legal(&p, &mv));
                    let child = game.play(&p, &mv);
                    prop_assert_eq!(child.token(), mv.to);
                    Ok((mv.to, mv.take, child.disks().to_vec()))
                })
                .collect::<Result<_, _>>()?;
            got.sort();
            prop_assert_eq!(got, literal_moves(&g, rule, &disks, t));
            prop_assert_eq!(Solver::new(&game).value(&p).unwrap(), naive::value(&game, &p));
            let stay = TokenMove { to: t, take: 1 };
            prop_assert!(!game.is_legal(&p, &stay)); // no loops
        }
    }

    /// Edge NimG: a move takes from an edge at the token and crosses it; solver = search.
    #[test]
    fn edge_nimg_follows_the_rules(edges in prop::collection::vec((0usize..4, 0usize..4, 0u64..=2), 0..6), t in 0usize..4) {
        let edges: Vec<(usize, usize, u64)> = edges.into_iter().filter(|e| e.0 != e.1).collect();
        let game = EdgeNimG::new(4, edges.iter().map(|e| (e.0, e.1))).unwrap();
        let p = game.position(edges.iter().map(|e| e.2).collect(), t).unwrap();
        let mut expected = Vec::new();
        for (id, &(u, v, d)) in edges.iter().enumerate() {
            if u == t || v == t {
                expected.extend((1..=d).map(|take| EdgeMove { edge: id, take }));
            }
        }
        prop_assert_eq!(game.move_list(&p), expected);
        for mv in game.move_list(&p) {
            let child = game.play(&p, &mv);
            let (u, v, d) = edges[mv.edge];
            prop_assert_eq!(child.token(), if u == t { v } else { u });
            prop_assert_eq!(child.disks()[mv.edge], d - mv.take);
        }
        prop_assert_eq!(Solver::new(&game).value(&p).unwrap(), naive::value(&game, &p));
    }

    /// Neighboring Nim: moves on the closed neighbourhood of the vertex last played (any
    /// vertex first); solver = search.
    #[test]
    fn neighboring_nim_follows_the_rules(
        n in 1usize..=5, code in any::<u64>(), heaps in prop::collection::vec(0u64..=2, 5), t in proptest::option::of(0usize..5),
    ) {
        let g = Graph::from_edge_bits(n, code & ((1 << (n * (n - 1) / 2)) - 1));
        let game = NeighboringNim::new(g.clone());
        let t = t.map(|t| t % n);
        let p = game.position(heaps[..n].to_vec(), t).unwrap();
        let mut expected = Vec::new();
        for (v, &h) in heaps.iter().enumerate().take(n) {
            if t.is_none_or(|t| t == v || g.has_edge(t, v)) {
                expected.extend((1..=h).map(|take| TokenMove { to: v, take }));
            }
        }
        prop_assert_eq!(game.move_list(&p), expected);
        prop_assert_eq!(Solver::new(&game).value(&p).unwrap(), naive::value(&game, &p));
        // The normal form forgets the token only when that changes nothing.
        let f = game.normal_form(&p);
        prop_assert_eq!(game.move_list(&f), game.move_list(&p));
        prop_assert_eq!(naive::value(&game, &f), naive::value(&game, &p));
    }
}

/// Theorem 1 of the slides (Vertex NimG on a path of length 2) lost its statement in the text.
/// Our closed form, for remove-then-move with moves to empty vertices allowed, on the path
/// `v0 - v1 - v2` with `(a, b, c)` disks: from the end `v0` the value is 1 when `a > b` and
/// `c ≥ b`, else 0 (symmetrically from `v2`); from the middle it is 0 when `b = 0`, 1 when
/// `a = c = 0 < b`, 0 when `min(a, c) ≥ b > 0`, and 2 otherwise. Checked for disks up to 9.
#[test]
fn path_of_length_2_closed_form() {
    let game = VertexNimG::new(Graph::path(3), VertexRule::RemoveThenMove);
    let mut solver = Solver::new(&game);
    let end = |a: u64, b: u64, c: u64| u64::from(a > b && c >= b);
    for a in 0..=9 {
        for b in 0..=9 {
            for c in 0..=9 {
                let mut value =
                    |t| solver.value(&game.position(vec![a, b, c], t).unwrap()).unwrap();
                let middle = if b == 0 {
                    0
                } else if a == 0 && c == 0 {
                    1
                } else if a.min(c) >= b {
                    0
                } else {
                    2
                };
                assert_eq!(value(0), Nimber::new(end(a, b, c)), "({a},{b},{c}):0");
                assert_eq!(value(1), Nimber::new(middle), "({a},{b},{c}):1");
                assert_eq!(value(2), Nimber::new(end(c, b, a)), "({a},{b},{c}):2");
            }
        }
    }
}

/// Path of length 3 (`v0 - v1 - v2 - v3`), as far as the slides can be read: for `a > b`,
/// `(0, a, b, 0):1` has value `b + 2` (value 1 when `b = 0`), because its children are
/// `(0, a', b, 0):0` of value 0 and `(0, a', b, 0):2` of values 1 (`a' = 0`), `a' + 2`
/// (`1 ≤ a' < b`) and 2 (`a' ≥ b ≥ 1`): the list 1, 3, 4, ..., b + 1, 2, 0 of the slide.
/// Checked for `a, b` up to 12. Also: values are at most the number of disks `d` (every move
/// removes one), the slide's "bounded by a function of d", on every position with at most 3
/// disks per vertex.
#[test]
fn path_of_length_3_statements() {
    let game = VertexNimG::new(Graph::path(4), VertexRule::RemoveThenMove);
    let mut solver = Solver::new(&game);
    let mut value =
        |d: [u64; 4], t| solver.value(&game.position(d.to_vec(), t).unwrap()).unwrap().value();
    for b in 0..=12 {
        for a in 0..=12 {
            assert_eq!(value([0, a, b, 0], 0), 0);
            let right = match a {
                0 if b > 0 => 1,
                _ if b == 0 => 0,
                _ if a < b => a + 2,
                _ => 2,
            };
            assert_eq!(value([0, a, b, 0], 2), right, "(0,{a},{b},0):2");
            if a > b {
                assert_eq!(
                    value([0, a, b, 0], 1),
                    if b == 0 { 1 } else { b + 2 },
                    "(0,{a},{b},0):1"
                );
            }
        }
    }
    for disks in all_disks(4, 3) {
        let total: u64 = disks.iter().sum();
        for t in 0..4 {
            assert!(value([disks[0], disks[1], disks[2], disks[3]], t) <= total);
        }
    }
}

/// Checks the reduced game tree claims on every graph of order `1..=max_n` and every disk
/// vector with entries up to `max_disks`.
fn check_reduced_tree(max_n: usize, max_disks: u64) {
    for n in 1..=max_n {
        for code in 0..1u64 << (n * (n - 1) / 2) {
            let g = Graph::from_edge_bits(n, code);
            let game = VertexNimG::new(g.clone(), VertexRule::RemoveThenMove);
            let mut solver = Solver::new(&game);
            for disks in all_disks(n, max_disks) {
                let d = *disks.iter().max().unwrap();
                for t in 0..n {
                    let p = game.position(disks.clone(), t).unwrap();
                    let tree = game.reduced_tree(&p);
                    let wins = solver.outcome(&p).unwrap() == Outcome::N;
                    assert_eq!(tree.first_player_wins, wins, "{g} {p}");
                    for &u in &tree.winning_children {
                        for take in 1..=disks[t] - disks[u] {
                            let child = game.play(&p, &TokenMove { to: u, take });
                            assert_eq!(
                                solver.outcome(&child).unwrap(),
                                Outcome::P,
                                "{g} {p} take {take} to {u}"
                            );
                        }
                    }
                    assert!(!tree.repeats, "{g} {p}");
                    assert!(tree.depth <= usize::try_from(d).unwrap().min(n - 1), "{g} {p}");
                    assert!(
                        tree.nodes <= n.pow(u32::try_from(d).unwrap()),
                        "{g} {p}: {} nodes",
                        tree.nodes
                    );
                }
            }
        }
    }
}

/// The reduced game tree of the slides (remove then move, moves to empty vertices allowed):
/// the root is labelled a first-player win exactly when the position is an N-position; every
/// move "remove r in [1, A(v) − A(u)] and go to a losing child u" wins; no vertex repeats on a
/// root path; the depth is at most the largest number of disks on a vertex `d` (and `n − 1`);
/// the tree has at most `n^d` nodes. All hold on every graph up to 4 vertices with up to 3
/// disks per vertex and up to 5 vertices with up to 1 disk (the ignored test goes further).
#[test]
fn reduced_game_tree_claims() {
    check_reduced_tree(4, 3);
    check_reduced_tree(5, 1);
}

/// The reduced tree claims on every graph up to 5 vertices with up to 2 disks per vertex
/// (1.3 million positions, seconds in release).
/// `cargo test --release -p grundy-graph-games --test nimg -- --ignored`
#[test]
#[ignore = "exhaustive: run with --release -- --ignored"]
fn reduced_game_tree_claims_up_to_5_vertices() {
    check_reduced_tree(5, 2);
}

/// "Undirected Vertex Geography is contained in Vertex NimG with one chip on each vertex, not
/// allowed to move to empty vertices": with one disk on the token's vertex and on each unused
/// vertex, remove-then-move-to-non-empty Vertex NimG has the Geography value, on every graph up
/// to 5 vertices, token and used set. (With moves to empty vertices allowed it is not: the
/// path 0-1 with disks (1, 0) from 0 is an N-position, Geography from 0 with 1 used is P.)
#[test]
fn vertex_nimg_contains_undirected_vertex_geography() {
    for n in 1..=5 {
        for code in 0..1u64 << (n * (n - 1) / 2) {
            let g = Graph::from_edge_bits(n, code);
            let nimg = VertexNimG::new(g.clone(), VertexRule::RemoveThenMoveToNonEmpty);
            let geo = Geography::undirected(g.clone(), GeographyRule::Vertex);
            for t in 0..n {
                for used in 0..1u32 << n {
                    if used >> t & 1 == 1 {
                        continue;
                    }
                    let disks = (0..n).map(|v| u64::from(used >> v & 1 == 0)).collect();
                    let p = nimg.position(disks, t).unwrap();
                    let q = geo.position(Some(t), (0..n).filter(|v| used >> v & 1 == 1)).unwrap();
                    assert_eq!(naive::value(&nimg, &p), naive::value(&geo, &q), "{g} {p}");
                }
            }
        }
    }
    let loose = VertexNimG::new(Graph::path(2), VertexRule::RemoveThenMove);
    assert_eq!(naive::outcome(&loose, &loose.position(vec![1, 0], 0).unwrap()), Outcome::N);
    let geo = Geography::undirected(Graph::path(2), GeographyRule::Vertex);
    assert_eq!(naive::outcome(&geo, &geo.position(Some(0), [1]).unwrap()), Outcome::P);
}

/// Edge NimG "contains normal Nim" (two vertices joined by one edge per heap: the value is the
/// nim-sum, every heap vector up to 4 heaps of at most 4) and "contains Undirected Edge
/// Geography" (one disk on each edge: every graph up to 5 vertices and start).
#[test]
fn edge_nimg_contains_nim_and_edge_geography() {
    for heaps in 1..=4 {
        let game = EdgeNimG::new(2, vec![(0, 1); heaps]).unwrap();
        for disks in all_disks(heaps, 4) {
            let xor = disks.iter().fold(0, |a, d| a ^ d);
            for t in 0..2 {
                let p = game.position(disks.clone(), t).unwrap();
                assert_eq!(Solver::new(&game).value(&p).unwrap(), Nimber::new(xor), "{disks:?}");
            }
        }
    }
    for n in 1..=5 {
        for code in 0..1u64 << (n * (n - 1) / 2) {
            let g = Graph::from_edge_bits(n, code);
            let nimg = EdgeNimG::from_graph(&g);
            let geo = Geography::undirected(g.clone(), GeographyRule::Edge);
            for t in 0..n {
                let p = nimg.position(vec![1; g.edge_count()], t).unwrap();
                assert_eq!(
                    naive::value(&nimg, &p),
                    naive::value(&geo, &geo.start(t).unwrap()),
                    "{g} {t}"
                );
            }
        }
    }
}

/// Neighboring Nim on a complete graph is Nim (whatever the vertex last played), and
/// Neighboring Boolean Nim is Undirected Vertex Geography (empty heaps = used vertices) on
/// every graph up to 5 vertices.
#[test]
fn neighboring_nim_generalises_nim_and_geography() {
    for n in 1..=4 {
        let game = NeighboringNim::new(Graph::complete(n));
        for heaps in all_disks(n, 3) {
            let xor = heaps.iter().fold(0, |a, d| a ^ d);
            for t in std::iter::once(None).chain((0..n).map(Some)) {
                let p = game.position(heaps.clone(), t).unwrap();
                assert_eq!(Solver::new(&game).value(&p).unwrap(), Nimber::new(xor));
            }
        }
    }
    for n in 1..=5 {
        for code in 0..1u64 << (n * (n - 1) / 2) {
            let g = Graph::from_edge_bits(n, code);
            let nn = NeighboringNim::new(g.clone());
            let geo = Geography::undirected(g.clone(), GeographyRule::Vertex);
            for used in 0..1u32 << n {
                let heaps: Vec<u64> = (0..n).map(|v| u64::from(used >> v & 1 == 0)).collect();
                let used: Vec<usize> = (0..n).filter(|v| used >> v & 1 == 1).collect();
                let p = nn.position(heaps.clone(), None).unwrap();
                let q = geo.position(None, used.iter().copied()).unwrap();
                assert_eq!(naive::value(&nn, &p), naive::value(&geo, &q));
                for &t in &used {
                    let p = nn.position(heaps.clone(), Some(t)).unwrap();
                    let q = geo.position(Some(t), used.iter().copied()).unwrap();
                    assert_eq!(naive::value(&nn, &p), naive::value(&geo, &q), "{g} {p}");
                }
            }
        }
    }
}

/// Bad input gives clear errors.
#[test]
fn errors() {
    let game = VertexNimG::new(Graph::path(3), VertexRule::MoveThenRemove);
    assert_eq!(
        game.position(vec![1, 2], 0).unwrap_err().to_string(),
        "2 disk counts given, but the graph has 3 vertices"
    );
    assert_eq!(
        game.position(vec![1, 2, 3], 3).unwrap_err().to_string(),
        "token vertex 3 is out of range: the graph has 3 vertices, numbered from 0"
    );
    let p = game.position(vec![1, 2, 3], 0).unwrap();
    assert_eq!(
        game.play_checked(&p, TokenMove { to: 1, take: 3 }).unwrap_err().to_string(),
        "illegal move: take 3 and go to 1"
    );
    assert_eq!(
        game.play_checked(&p, TokenMove { to: 1, take: 2 }).unwrap().to_string(),
        "1 0 3 @1"
    );
    assert_eq!(
        parse_disks("1 2 x").unwrap_err().to_string(),
        "invalid disk count 'x' at column 5: expected a non-negative integer"
    );
    assert_eq!(parse_disks("1, 2 3").unwrap(), vec![1, 2, 3]);
    assert_eq!("move-then-remove".parse::<VertexRule>().unwrap(), VertexRule::MoveThenRemove);
    assert!(matches!("sideways".parse::<VertexRule>(), Err(NimGError::UnknownRule { .. })));
    for rule in VertexRule::ALL {
        assert_eq!(rule.to_string().parse::<VertexRule>().unwrap(), rule);
    }
    assert_eq!(
        EdgeNimG::parse("0-1:x").unwrap_err().to_string(),
        "invalid disk count '0-1:x' at column 1: expected a non-negative integer"
    );
    assert_eq!(
        EdgeNimG::parse("3: 0-1 1-3").unwrap_err().to_string(),
        "edge at column 8: vertex 3 is out of range: the board has 3 vertices"
    );
    assert!(EdgeNimG::new(2, [(0, 0)]).is_err());
    let (edge, disks) = EdgeNimG::parse("0-1:2 1-2").unwrap();
    let p = edge.position(disks, 1).unwrap();
    assert_eq!(edge.to_text(&p), "0-1:2 1-2:1 @1");
    assert!(edge.play_checked(&p, EdgeMove { edge: 0, take: 3 }).is_err());
    assert_eq!(edge.play_checked(&p, EdgeMove { edge: 0, take: 2 }).unwrap().token(), 0);
    assert!(edge.position(vec![1], 0).is_err());
    let nn = NeighboringNim::new(Graph::path(2));
    assert!(nn.position(vec![1, 1], Some(2)).is_err());
    let p = nn.position(vec![1, 1], None).unwrap();
    assert_eq!(p.to_string(), "1 1 @-");
    assert!(nn.play_checked(&p, TokenMove { to: 0, take: 2 }).is_err());
}

/// The digraph on `n` vertices whose arcs are the ordered pairs `(u, v)`, `u ≠ v`, picked by
/// the bits of `code` (in the order `u` then `v`).
fn digraph_from_bits(n: usize, code: u64) -> Digraph {
    let pairs = (0..n).flat_map(|u| (0..n).filter(move |&v| v != u).map(move |v| (u, v)));
    let arcs = pairs.enumerate().filter(|&(i, _)| code >> i & 1 == 1).map(|(_, a)| a);
    Digraph::from_arcs(n, arcs).unwrap()
}

/// The moves of [`DirectedVertexNimG::new`] written out from the rules of [`literal_moves`],
/// with out-neighbours for neighbours.
fn literal_directed_moves(
    d: &Digraph,
    rule: VertexRule,
    disks: &[u64],
    t: usize,
) -> Vec<(usize, u64, Vec<u64>)> {
    let mut out = Vec::new();
    for u in d.successors(t).iter() {
        let (from, max) = match rule {
            VertexRule::RemoveThenMove => (t, disks[t]),
            VertexRule::RemoveThenMoveToNonEmpty if disks[u] > 0 => (t, disks[t]),
            VertexRule::RemoveThenMoveToNonEmpty => (t, 0),
            VertexRule::MoveThenRemove => (u, disks[u]),
        };
        for take in 1..=max {
            let mut next = disks.to_vec();
            next[from] -= take;
            out.push((u, take, next));
        }
    }
    out.sort();
    out
}

/// The moves of a position as `(destination, take, disks after)`, sorted, checking on the way
/// that each is legal and leads where it says.
fn directed_moves(game: &DirectedVertexNimG, p: &NimGPosition) -> Vec<(usize, u64, Vec<u64>)> {
    let mut got: Vec<(usize, u64, Vec<u64>)> = game
        .move_list(p)
        .into_iter()
        .map(|mv| {
            assert!(game.is_legal(p, &mv), "{p}: {mv}");
            let child = game.play(p, &mv);
            assert_eq!(child.token(), mv.to);
            (mv.to, mv.take, child.disks().to_vec())
        })
        .collect();
    got.sort();
    got
}

/// Values of [`contracted_value`] by (weights, arcs, token).
type ContractedMemo = std::collections::HashMap<(Vec<u64>, Vec<(usize, usize)>, usize), u64>;

/// Vertexnim (Duchêne and Renault) played literally: a vertex whose weight reaches 0 is taken
/// out of the graph and every in-neighbour `x` gets an arc to every out-neighbour `y` (a loop
/// when `x = y`); after removing disks at `v` the token goes to an out-neighbour of `v` in the
/// graph as it is (not `v` itself once it is deleted), or stays on `v` when there is none.
/// Vertices empty at the start are deleted first. Returns the Grundy value.
fn contracted_value(
    weights: Vec<u64>,
    arcs: std::collections::BTreeSet<(usize, usize)>,
    token: usize,
    memo: &mut ContractedMemo,
) -> u64 {
    let v = token;
    if weights[v] == 0 {
        return 0;
    }
    let key = (weights.clone(), arcs.iter().copied().collect::<Vec<_>>(), token);
    if let Some(&g) = memo.get(&key) {
        return g;
    }
    let mut options = std::collections::BTreeSet::new();
    for take in 1..=weights[v] {
        let mut w = weights.clone();
        w[v] -= take;
        let mut next = arcs.clone();
        let mut dests: Vec<usize> =
            arcs.iter().filter(|a| a.0 == v && (a.1 != v || w[v] > 0)).map(|a| a.1).collect();
        if w[v] == 0 {
            next = contract(&arcs, v);
        }
        if dests.is_empty() {
            dests.push(v);
        }
        for u in dests {
            options.insert(contracted_value(w.clone(), next.clone(), u, memo));
        }
    }
    let g = (0..).find(|g| !options.contains(g)).unwrap();
    memo.insert(key, g);
    g
}

/// The arcs after deleting `v`: in-neighbours joined to out-neighbours.
fn contract(
    arcs: &std::collections::BTreeSet<(usize, usize)>,
    v: usize,
) -> std::collections::BTreeSet<(usize, usize)> {
    let ins: Vec<usize> = arcs.iter().filter(|a| a.1 == v && a.0 != v).map(|a| a.0).collect();
    let outs: Vec<usize> = arcs.iter().filter(|a| a.0 == v && a.1 != v).map(|a| a.1).collect();
    let mut next: std::collections::BTreeSet<(usize, usize)> =
        arcs.iter().copied().filter(|a| a.0 != v && a.1 != v).collect();
    for &x in &ins {
        next.extend(outs.iter().map(|&y| (x, y)));
    }
    next
}

/// Vertexnim by contraction from a position of [`DirectedVertexNimG`].
fn vertexnim_reference(d: &Digraph, disks: &[u64], token: usize) -> u64 {
    let mut arcs: std::collections::BTreeSet<(usize, usize)> = d.arcs().iter().copied().collect();
    for v in (0..d.order()).filter(|&v| disks[v] == 0 && v != token) {
        arcs = contract(&arcs, v);
    }
    contracted_value(disks.to_vec(), arcs, token, &mut std::collections::HashMap::new())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Directed Vertex NimG under each slide rule: the moves are the rules' moves along
    /// out-neighbours, on random digraphs up to 5 vertices; on the symmetric digraph of a
    /// graph it is Vertex NimG on the graph, move for move and value for value.
    #[test]
    fn directed_vertex_nimg_follows_the_rules(
        n in 1usize..=5, code in any::<u64>(), disks in prop::collection::vec(0u64..=3, 5), t in 0usize..5,
    ) {
        let d = digraph_from_bits(n, code);
        let g = Graph::from_edge_bits(n, code & ((1 << (n * (n - 1) / 2)) - 1));
        let (disks, t) = (disks[..n].to_vec(), t % n);
        for rule in VertexRule::ALL {
            let game = DirectedVertexNimG::new(d.clone(), rule);
            prop_assert!(!game.deletes_empty_vertices());
            let p = game.position(disks.clone(), t).unwrap();
            prop_assert_eq!(directed_moves(&game, &p), literal_directed_moves(&d, rule, &disks, t));
            prop_assert_eq!(Solver::new(&game).value(&p).unwrap(), naive::value(&game, &p));
            let sym = DirectedVertexNimG::new(Digraph::from_graph(&g), rule);
            let undirected = VertexNimG::new(g.clone(), rule);
            let q = undirected.position(disks.clone(), t).unwrap();
            prop_assert_eq!(sym.move_list(&q).len(), undirected.move_list(&q).len());
            for mv in undirected.move_list(&q) {
                prop_assert!(sym.is_legal(&q, &mv));
                prop_assert_eq!(sym.play(&q, &mv), undirected.play(&q, &mv));
            }
            prop_assert_eq!(naive::value(&sym, &q), naive::value(&undirected, &q));
        }
    }
}

/// Vertexnim (emptied vertices deleted, in-neighbours joined to out-neighbours) against a
/// literal implementation that contracts the digraph as it plays: the same value on every
/// digraph of up to 3 vertices with up to 2 disks per vertex and every token, and on 300
/// random digraphs of 4 vertices; moves are legal and lead where they say.
#[test]
fn vertexnim_deletes_emptied_vertices() {
    let mut checked = 0;
    let mut rng = 0x2545_f491_4f6c_dd1d_u64;
    let mut cases: Vec<(usize, u64, Vec<u64>)> = Vec::new();
    for n in 1..=3 {
        for code in 0..1u64 << (n * (n - 1)) {
            cases.extend(all_disks(n, 2).map(|disks| (n, code, disks)));
        }
    }
    for _ in 0..300 {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let disks = (0..4).map(|i| rng >> (20 + 2 * i) & 3).collect();
        cases.push((4, rng & 0xfff, disks));
    }
    for (n, code, disks) in cases {
        let d = digraph_from_bits(n, code);
        let game = DirectedVertexNimG::vertexnim(d.clone());
        assert!(game.deletes_empty_vertices());
        assert_eq!(game.rule(), VertexRule::RemoveThenMove);
        for t in 0..n {
            let p = game.position(disks.clone(), t).unwrap();
            let moves = directed_moves(&game, &p);
            assert!(moves.iter().all(|(_, take, _)| *take <= disks[t]));
            let value = naive::value(&game, &p);
            assert_eq!(value, Nimber::new(vertexnim_reference(&d, &disks, t)), "{d} {p}");
            checked += 1;
        }
    }
    assert_eq!(checked, 3 + 4 * 9 * 2 + 64 * 27 * 3 + 300 * 4);
    // The directed 3-cycle with vertex 1 deleted: the token skips it; once vertex 0 is emptied
    // too, vertex 2 is its own successor (the loop the deletions leave).
    let game =
        DirectedVertexNimG::vertexnim(Digraph::from_arcs(3, [(0, 1), (1, 2), (2, 0)]).unwrap());
    let p = game.position(vec![1, 0, 2], 0).unwrap();
    assert_eq!(game.move_list(&p), vec![TokenMove { to: 2, take: 1 }]);
    let q = game.play_checked(&p, TokenMove { to: 2, take: 1 }).unwrap();
    assert_eq!(
        game.move_list(&q),
        vec![TokenMove { to: 2, take: 1 }, TokenMove { to: 2, take: 2 }]
    );
    assert!(game.play_checked(&p, TokenMove { to: 1, take: 1 }).is_err());
    assert!(game.play_checked(&p, TokenMove { to: 2, take: 2 }).is_err());
    assert!(game.position(vec![1, 0], 0).is_err());
    assert!(game.position(vec![1, 0, 0], 3).is_err());
}

/// The slides credit Fukuyama with the Grundy numbers of Edge NimG on bipartite graphs, trees
/// and cycles but keep no formula. Our closed form for the simplest trees, a path with the
/// token at one end ([`edge_nimg_path_end_value`]: 0 when the reachable run of non-empty edges
/// has even length `m`, else the least of its edges 1, 3, …, m counted from the token), against
/// the solver on every path of 1 to 4 edges with up to 4 disks per edge and of 5 or 6 edges
/// with up to 3.
#[test]
fn edge_nimg_path_end_closed_form() {
    let mut checked = 0;
    for edges in 1..=6 {
        let game = EdgeNimG::new(edges + 1, (0..edges).map(|i| (i, i + 1))).unwrap();
        let mut solver = Solver::new(&game);
        let max = if edges <= 4 { 4 } else { 3 };
        for disks in all_disks(edges, max) {
            let p = game.position(disks.clone(), 0).unwrap();
            assert_eq!(solver.value(&p).unwrap(), edge_nimg_path_end_value(&disks), "{p}");
            checked += 1;
        }
    }
    assert_eq!(checked, 5 + 25 + 125 + 625 + 1024 + 4096);
    assert_eq!(edge_nimg_path_end_value(&[]), Nimber::ZERO);
    assert_eq!(edge_nimg_path_end_value(&[5, 0, 1]), Nimber::new(5));
    assert_eq!(edge_nimg_path_end_value(&[5, 2, 1, 0, 7]), Nimber::new(1));
    assert_eq!(edge_nimg_path_end_value(&[5, 2]), Nimber::ZERO);
}
