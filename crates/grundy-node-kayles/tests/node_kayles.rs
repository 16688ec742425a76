//! Node-Kayles: the solver against plain search, closed forms against the definition and the
//! blog's tables, canonical forms against brute force.

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, LazyLock};

use grundy_core::{Budget, Config, Method, Nimber, Outcome, Ruleset, SolveError, Solver, naive};
use grundy_graph::{Graph, VertexSet};
use grundy_node_kayles::{
    NodeKayles, NodeKayles64, NodeKaylesError, NodeKaylesSolver, canonical_form,
    canonical_labelling, cycle_value, path_value,
};
use grundy_testkit::random;
use proptest::prelude::*;

/// A random graph G(n, p) on `n` vertices, each edge present with probability `percent`%,
/// from `seed` (grundy-testkit's seeded generator).
fn random_graph(n: usize, percent: u64, seed: u64) -> Graph {
    let p = percent as f64 / 100.0;
    Graph::from_edges(n, random::gnp_edges(n, p, &mut random::rng(seed))).unwrap()
}

/// Node-Kayles values of paths by the definition: playing vertex `i` of a path of `n` leaves
/// paths of `i - 1` and `n - i - 2` vertices.
fn path_values_by_definition(len: usize) -> Vec<u64> {
    let mut g = vec![0u64; len];
    for n in 1..len {
        let mut seen = vec![false; n + 2];
        for i in 0..n {
            let left = i.saturating_sub(1);
            let right = n.saturating_sub(i + 2);
            let x = usize::try_from(g[left] ^ g[right]).unwrap();
            if x < seen.len() {
                seen[x] = true;
            }
        }
        g[n] = seen.iter().position(|&s| !s).unwrap() as u64;
    }
    g
}

/// The plain value of Node-Kayles on `graph`, or `None` when the game tree is too large.
fn plain_value(game: &NodeKayles, position: &VertexSet) -> Option<Nimber> {
    naive::value_within(game, position, &Budget::unlimited().with_max_nodes(3_000_000)).ok()
}

/// A triangle with a pendant vertex (0; the triangle 1, 2, 3) and a path 2 - 4 - 5: no twins
/// and no closed form. A move at 5 takes 4 away, and 2 and 3 become true twins, at distance 2
/// from the move: `reduce_child` finds them (the path 0 - 1 - 2 is left), as `reduce` does.
#[test]
fn twins_near_the_move_are_found() {
    let mut graph = Graph::new(6);
    for (u, v) in [(0, 1), (1, 2), (2, 3), (3, 1), (2, 4), (4, 5)] {
        graph.add_edge(u, v).unwrap();
    }
    let game = NodeKayles::new(graph);
    let parent = game.start();
    assert!(game.reduce(&parent, &mut Vec::new()).is_none(), "no twins, no closed form");
    let child = game.play(&parent, &5);
    assert_eq!(child, VertexSet::from_iter([0, 1, 2, 3]));
    let mut parts = Vec::new();
    assert_eq!(game.reduce_child(&parent, &5, &child, &mut parts), Some(Nimber::ZERO));
    assert_eq!(parts, [VertexSet::from_iter([0, 1, 2])]);
    let small = NodeKayles64::new(&game).unwrap();
    let mut words = Vec::new();
    assert_eq!(small.reduce_child(&small.start(), &5, &0b1111, &mut words), Some(Nimber::ZERO));
    assert_eq!(words, [0b111]);
    assert_eq!(naive::value(&game, &child), path_value(3));
}

/// `host` (a graph on `0..order`) with `added` vertices (`order` on) and the edges `extra`.
fn extended(host: &Graph, added: usize, extra: impl IntoIterator<Item = (usize, usize)>) -> Graph {
    let mut graph = Graph::new(host.order() + added);
    for (u, v) in host.edges().chain(extra) {
        graph.add_edge(u, v).unwrap();
    }
    graph
}

/// `host` (a graph on `0..order`) with a leaf at `x` and a pendant path `x - a - b` added:
/// the new vertices are `order` (the leaf), `order + 1` (`a`) and `order + 2` (`b`).
fn with_leaf_and_pendant_path(host: &Graph, x: usize) -> Graph {
    let n = host.order();
    extended(host, 3, [(x, n), (x, n + 1), (n + 1, n + 2)])
}

/// The shadow rule's pendant case: a vertex with a leaf and a pendant path `x - a - b` is
/// worth the same without `a` and `b`, plus `*1`. A 5-cycle 0 - 1 - 2 - 3 - 4 with a leaf
/// and such a path at 0 has no twins and no closed form; `reduce` takes the path away for
/// `*1`, on words and on vertex sets, and so does `split`.
#[test]
fn the_pendant_rule_takes_a_path_away_for_a_star() {
    let cycle = Graph::cycle(5).unwrap();
    let game = NodeKayles::new(with_leaf_and_pendant_path(&cycle, 0));
    let start = game.start();
    let without: VertexSet = (0..6).collect();
    let mut parts = Vec::new();
    assert_eq!(game.reduce(&start, &mut parts), Some(Nimber::ONE));
    assert_eq!(parts, std::slice::from_ref(&without));
    parts.clear();
    assert_eq!(game.split(&start, &mut parts), Nimber::ONE);
    assert_eq!(parts, std::slice::from_ref(&without));
    let small = NodeKayles64::new(&game).unwrap();
    let mut words = Vec::new();
    assert_eq!(small.reduce(&small.start(), &mut words), Some(Nimber::ONE));
    assert_eq!(words, [0b11_1111]);
    assert_eq!(naive::value(&game, &start), naive::value(&game, &without) + Nimber::ONE);
}

/// The shadow rule beyond pendant paths: `u = 3` with the leaf 4 and the neighbours 0 and 1,
/// which are all the neighbours of `w = 2`; with 0 - 5 - 6 - 1 the graph has no twins and no
/// closed form. `reduce` takes 3 and 4 away for `*1`, leaving the 5-cycle 0 - 2 - 1 - 6 - 5.
#[test]
fn the_shadow_rule_takes_a_vertex_and_its_leaf_away() {
    let mut graph = Graph::new(7);
    for (u, v) in [(0, 2), (1, 2), (0, 3), (1, 3), (3, 4), (0, 5), (5, 6), (6, 1)] {
        graph.add_edge(u, v).unwrap();
    }
    let game = NodeKayles::new(graph);
    let start = game.start();
    let cycle = VertexSet::from_iter([0, 1, 2, 5, 6]);
    let mut parts = Vec::new();
    assert_eq!(game.reduce(&start, &mut parts), Some(Nimber::ONE));
    assert_eq!(parts, std::slice::from_ref(&cycle));
    let small = NodeKayles64::new(&game).unwrap();
    let mut words = Vec::new();
    assert_eq!(small.reduce(&small.start(), &mut words), Some(Nimber::ONE));
    assert_eq!(words, [0b110_0111]);
    assert_eq!(naive::value(&game, &start), cycle_value(5) + Nimber::ONE);
}

/// The shadow rule needs the leaf: with a second pendant path in place of the leaf, the paths
/// are not worth one path plus `*1`. Counterexample: the host with edges 0-3, 0-4, 1-3, 1-4,
/// 2-3, 2-4 and both paths at 2.
#[test]
fn two_pendant_paths_do_not_cancel_without_a_leaf() {
    let mut graph = Graph::new(9);
    for (u, v) in [(0, 3), (0, 4), (1, 3), (1, 4), (2, 3), (2, 4), (2, 5), (5, 6), (2, 7), (7, 8)] {
        graph.add_edge(u, v).unwrap();
    }
    let game = NodeKayles::new(graph);
    let one_path: VertexSet = (0..7).collect();
    assert_ne!(naive::value(&game, &game.start()), naive::value(&game, &one_path) + Nimber::ONE);
    assert_eq!(
        Solver::new(&game).value(&game.start()).unwrap(),
        naive::value(&game, &game.start())
    );
}

/// A graph from its edges, on the vertices `0..order`.
fn graph_of(order: usize, edges: &[(usize, usize)]) -> Graph {
    Graph::from_edges(order, edges.iter().copied()).unwrap()
}

/// A graph on the vertices `0..k`, as `k` and its edges.
type SmallGraph = (usize, Vec<(usize, usize)>);

/// Every graph on one to four vertices that Node-Kayles values `*1`, found once.
static GRAPHS_OF_VALUE_ONE: LazyLock<Vec<SmallGraph>> = LazyLock::new(graphs_of_value_one);

/// The graphs of [`GRAPHS_OF_VALUE_ONE`], by plain search.
fn graphs_of_value_one() -> Vec<SmallGraph> {
    let mut found = Vec::new();
    for k in 1..=4 {
        let pairs = vertex_pairs(k);
        for mask in 0..1u32 << pairs.len() {
            let edges: Vec<(usize, usize)> = edges_of(&pairs, mask).collect();
            let game = NodeKayles::new(graph_of(k, &edges));
            if naive::value(&game, &game.start()) == Nimber::ONE {
                found.push((k, edges));
            }
        }
    }
    found
}

/// Every pair of the vertices `0..n`, `(u, v)` with `u < v`: the possible edges of a
/// labelled graph, which a mask of `n (n - 1) / 2` bits picks from.
fn vertex_pairs(n: usize) -> Vec<(usize, usize)> {
    (0..n).flat_map(|v| (0..v).map(move |u| (u, v))).collect()
}

/// The edges that bit `i` of `mask` picks from `pairs[i]`.
fn edges_of(pairs: &[(usize, usize)], mask: u32) -> impl Iterator<Item = (usize, usize)> + '_ {
    pairs.iter().enumerate().filter(move |(i, _)| mask >> i & 1 == 1).map(|(_, &e)| e)
}

/// The dominated-shadow rule (not used by the solver) needs a dominated set of value `*1`:
/// with two lone vertices (value 0) it fails. The spider `w - r - u`, `u - y1`, `u - y2`
/// (`K = {y1, y2}`, `R = {r}`) is worth `*3`, without `u` only `*1`.
#[test]
fn the_dominated_shadow_rule_needs_a_set_of_value_one() {
    let game = NodeKayles::new(graph_of(5, &[(0, 1), (0, 2), (2, 3), (2, 4)]));
    let start = game.start();
    let without_u: VertexSet = [0, 1, 3, 4].into_iter().collect();
    assert_eq!(naive::value(&game, &start), Nimber::new(3));
    assert_eq!(naive::value(&game, &without_u), Nimber::ONE);
}

/// The dominated-shadow rule needs every vertex of `K` dominated by `u`: the path
/// `w - r - u - y - x` (`K = {y}`, `R = {r}`, but `y` sees `x`) is worth `*3`, without `u`
/// (two edges) 0.
#[test]
fn the_dominated_shadow_rule_needs_the_set_dominated() {
    let game = NodeKayles::new(graph_of(5, &[(0, 1), (0, 2), (2, 3), (3, 4)]));
    let without_u: VertexSet = [0, 1, 3, 4].into_iter().collect();
    assert_eq!(naive::value(&game, &game.start()), Nimber::new(3));
    assert_eq!(naive::value(&game, &without_u), Nimber::ZERO);
}

/// On graphs of at most 64 vertices, paths, cycles and cliques of more than six vertices are
/// settled by `reduce` (when the pruned search is about to search them), not by
/// `known_value`; a set that only looks like one (two cycles side by side) is not.
#[test]
fn large_closed_forms_are_settled_by_reduce() {
    for (graph, value) in [
        (Graph::path(10), path_value(10)),
        (Graph::cycle(9).unwrap(), cycle_value(9)),
        (Graph::complete(8), Nimber::ONE),
    ] {
        let game = NodeKayles::new(graph);
        let small = NodeKayles64::new(&game).unwrap();
        assert_eq!(game.known_value(&game.start()), None);
        assert_eq!(small.known_value(&small.start()), None);
        assert_eq!(game.reduce(&game.start(), &mut Vec::new()), Some(value));
        assert_eq!(small.reduce(&small.start(), &mut Vec::new()), Some(value));
        assert_eq!(Solver::new(&small).value(&small.start()).unwrap(), value);
    }
    let small = NodeKayles64::new(&NodeKayles::new(Graph::path(5))).unwrap();
    assert_eq!(small.known_value(&small.start()), Some(path_value(5)));
    // Two 4-cycles: every degree is 2, but the set is no 8-cycle.
    let mut two = Graph::new(8);
    for (u, v) in [(0, 1), (1, 2), (2, 3), (3, 0), (4, 5), (5, 6), (6, 7), (7, 4)] {
        two.add_edge(u, v).unwrap();
    }
    let small = NodeKayles64::new(&NodeKayles::new(two)).unwrap();
    assert_eq!(small.reduce(&small.start(), &mut Vec::new()), None);
}

#[test]
fn paths_match_the_blog_table() {
    // The Independence Game, values of heaps 0 to 12.
    let blog = [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2];
    for (n, &v) in blog.iter().enumerate() {
        assert_eq!(path_value(n as u64), Nimber::new(v), "path {n}");
    }
    // One-heap P-positions up to 100.
    let p_positions = [0, 4, 8, 14, 20, 24, 28, 34, 38, 42, 54, 58, 62, 72, 76, 88, 92, 96];
    for n in 0..=100u64 {
        assert_eq!(path_value(n).is_zero(), p_positions.contains(&n), "path {n}");
    }
    // The worked examples: g(32) = g(66) = 7, g(20) = g(54) = 0, the 50-dot game.
    for (n, v) in [(32, 7), (66, 7), (20, 0), (54, 0), (50, 5), (48, 4), (47, 4), (46, 2)] {
        assert_eq!(path_value(n), Nimber::new(v), "path {n}");
    }
    for (n, v) in [(45, 2), (44, 3), (43, 3), (42, 0), (41, 1), (6, 1), (16, 2), (51, 2)] {
        assert_eq!(path_value(n), Nimber::new(v), "path {n}");
    }
}

#[test]
fn period_34_rule_equals_the_definition_up_to_2000() {
    let values = path_values_by_definition(2001);
    for (n, &v) in values.iter().enumerate() {
        assert_eq!(path_value(n as u64), Nimber::new(v), "path {n}");
    }
}

#[test]
fn solver_on_paths_and_cycles() {
    for n in 0..=40 {
        let game = NodeKayles::new(Graph::path(n));
        let mut solver = NodeKaylesSolver::new(&game);
        assert_eq!(solver.value(&game.start()).unwrap(), path_value(n as u64), "path {n}");
    }
    for n in 3..=14 {
        let game = NodeKayles::new(Graph::cycle(n).unwrap());
        let plain = naive::value(&game, &game.start());
        assert_eq!(plain, cycle_value(n as u64), "cycle {n}");
        assert_eq!(NodeKaylesSolver::new(&game).value(&game.start()).unwrap(), plain);
        // Small closed forms are known when met, larger ones found by `reduce`.
        let found = if n <= 6 {
            game.known_value(&game.start())
        } else {
            game.reduce(&game.start(), &mut Vec::new())
        };
        assert_eq!(found, Some(plain));
    }
    // A long cycle: every move leaves a path of n - 3.
    let game = NodeKayles::new(Graph::cycle(300).unwrap());
    assert_eq!(NodeKaylesSolver::new(&game).value(&game.start()).unwrap(), cycle_value(300));
}

#[test]
fn cliques_edgeless_graphs_and_complete_bipartite_graphs() {
    for n in 1..=8 {
        let clique = NodeKayles::new(Graph::complete(n));
        assert_eq!(naive::value(&clique, &clique.start()), Nimber::ONE);
        assert_eq!(NodeKaylesSolver::new(&clique).value(&clique.start()).unwrap(), Nimber::ONE);
        let edgeless = NodeKayles::new(Graph::new(n));
        let parity = Nimber::new(n as u64 % 2);
        assert_eq!(naive::value(&edgeless, &edgeless.start()), parity);
        assert_eq!(NodeKaylesSolver::new(&edgeless).value(&edgeless.start()).unwrap(), parity);
    }
    // K_{a,b}: playing on one side leaves the rest of that side isolated. False twins galore.
    for a in 1..=5 {
        for b in 1..=5 {
            let game = NodeKayles::new(Graph::complete_bipartite(a, b));
            let expected = grundy_core::mex([
                Nimber::new((a as u64 - 1) % 2),
                Nimber::new((b as u64 - 1) % 2),
            ]);
            assert_eq!(naive::value(&game, &game.start()), expected, "K{a},{b}");
            assert_eq!(NodeKaylesSolver::new(&game).value(&game.start()).unwrap(), expected);
        }
    }
}

#[test]
fn petersen_and_grids_against_plain_search() {
    let mut graphs = vec![Graph::petersen()];
    graphs.extend([(2, 5), (3, 3), (3, 4), (2, 6)].map(|(r, c)| Graph::grid(r, c)));
    for g in graphs {
        let game = NodeKayles::new(g.clone());
        let start = game.start();
        let plain = naive::value(&game, &start);
        let mut solver = NodeKaylesSolver::new(&game);
        assert_eq!(solver.value(&start).unwrap(), plain, "{g}");
        assert_eq!(solver.outcome(&start).unwrap(), Outcome::from_value(plain));
        assert_eq!(solver.winning_moves(&start).unwrap(), naive::winning_moves(&game, &start));
    }
}

/// grundy-core's solver on `ruleset` (Node-Kayles in some representation), under both
/// methods, gives `position` the value `plain`, and the outcome, winning moves and misère
/// outcome that plain search gives `set` in `game`.
fn core_solver_agrees<R: Ruleset<Move = usize>>(
    ruleset: &R,
    position: &R::Position,
    game: &NodeKayles,
    set: &VertexSet,
    plain: Nimber,
) -> Result<(), TestCaseError> {
    for method in [Method::Pruned, Method::Mex] {
        let mut solver = Solver::with_config(ruleset, Config::default().with_method(method));
        prop_assert_eq!(solver.value(position).unwrap(), plain);
        prop_assert_eq!(solver.outcome(position).unwrap(), Outcome::from_value(plain));
        prop_assert_eq!(solver.winning_moves(position).unwrap(), naive::winning_moves(game, set));
        prop_assert_eq!(solver.misere_outcome(position).unwrap(), naive::misere_outcome(game, set));
    }
    Ok(())
}

/// Checks the shadow rule on `game`, whose vertex `u` has the leaf `l` and a shadow: the
/// value is the value without `u` and `l` plus `*1` (by plain search); `reduce` of every
/// component gives the plain value; so do the solvers.
fn assert_shadow_rule(game: &NodeKayles, u: usize, l: usize) -> Result<(), TestCaseError> {
    let start = game.start();
    let mut without = start.clone();
    without.remove(u);
    without.remove(l);
    let value = naive::value(game, &start);
    prop_assert_eq!(value, naive::value(game, &without) + Nimber::ONE);
    let mut components = Vec::new();
    game.components(&start, &mut components);
    for component in &components {
        let mut parts = Vec::new();
        if let Some(settled) = game.reduce(component, &mut parts) {
            let sum = parts.iter().fold(settled, |acc, part| acc + naive::value(game, part));
            prop_assert_eq!(sum, naive::value(game, component));
        }
    }
    prop_assert_eq!(NodeKaylesSolver::new(game).value(&start).unwrap(), value);
    let small = NodeKayles64::new(game).unwrap();
    prop_assert_eq!(Solver::new(&small).value(&small.start()).unwrap(), value);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    /// Values, outcomes and winning moves of random graphs on up to 10 vertices (and random
    /// positions in them) equal plain search, under both methods, with a table so small that
    /// entries are dropped all the time, and on two threads.
    #[test]
    fn solver_equals_plain_search(
        n in 1usize..=10,
        percent in 15u64..80,
        seed in any::<u64>(),
        mask in any::<u16>(),
    ) {
        let game = NodeKayles::new(random_graph(n, percent, seed));
        let mut positions = vec![game.start()];
        positions.push((0..n).filter(|v| mask >> v & 1 == 1).collect());
        for position in positions {
            let Some(plain) = plain_value(&game, &position) else { continue };
            // Both methods; a table so small that facts are dropped all the time; two
            // threads on the least shared table.
            let configs = [
                (Config::default(), 1),
                (Config::default().with_method(Method::Mex), 1),
                (Config::default().with_table_bytes(256), 1),
                (Config::default().with_table_bytes(6 << 20), 2),
            ];
            for (config, threads) in configs {
                let mut solver = NodeKaylesSolver::parallel(&game, config.clone(), threads);
                prop_assert_eq!(solver.value(&position).unwrap(), plain);
                let mut fresh = NodeKaylesSolver::parallel(&game, config, threads);
                prop_assert_eq!(fresh.outcome(&position).unwrap(), Outcome::from_value(plain));
                prop_assert_eq!(
                    solver.winning_moves(&position).unwrap(),
                    naive::winning_moves(&game, &position)
                );
            }
            // The generic solver, with the ruleset's hooks (splitting with the twin rules and
            // closed forms, word keys), agrees under both methods.
            core_solver_agrees(&game, &position, &game, &position, plain)?;
        }
    }

    /// The same game with positions as words: grundy-core's solver on it, both methods,
    /// equals plain search on [`NodeKayles`], and its splits keep the value.
    #[test]
    fn word_positions_equal_plain_search(
        n in 1usize..=10,
        percent in 15u64..80,
        seed in any::<u64>(),
        mask in any::<u16>(),
    ) {
        let game = NodeKayles::new(random_graph(n, percent, seed));
        let small = NodeKayles64::new(&game).unwrap();
        let set: VertexSet = (0..n).filter(|v| mask >> v & 1 == 1).collect();
        let position = small.position(&set).unwrap();
        prop_assert_eq!(NodeKayles64::vertex_set(position), set.clone());
        let plain = naive::value(&game, &set);
        core_solver_agrees(&small, &position, &game, &set, plain)?;
        let value_of = |settled: Nimber, parts: &[u64]| {
            parts.iter().fold(settled, |acc, &part| acc + naive::value(&small, &part))
        };
        let mut parts = Vec::new();
        prop_assert_eq!(value_of(small.split(&position, &mut parts), &parts), plain);
        for v in small.move_list(&position) {
            let child = small.play(&position, &v);
            prop_assert_eq!(child, small.position(&game.play(&set, &v)).unwrap());
            parts.clear();
            let settled = small.split_child(&position, &v, &child, &mut parts);
            prop_assert_eq!(value_of(settled, &parts), naive::value(&small, &child));
        }
    }

    /// `move_count` counts the moves `moves` lists, on words and on vertex sets, for
    /// positions that also name vertices beyond the graph.
    #[test]
    fn move_counts_are_the_moves_listed(
        n in 1usize..=70,
        seed in any::<u64>(),
        mask in any::<u128>(),
        word in any::<u64>(),
    ) {
        let game = NodeKayles::new(random_graph(n, 5, seed));
        let set: VertexSet = (0..128).filter(|v| mask >> v & 1 == 1).collect();
        let mut scratch = vec![7, 8];
        prop_assert_eq!(game.move_count(&set, &mut scratch), game.move_list(&set).len());
        if let Ok(small) = NodeKayles64::new(&game) {
            prop_assert_eq!(small.move_count(&word, &mut scratch), small.move_list(&word).len());
        }
    }

    /// The twin rules near the move (`reduce_child`) reduce a component of a child of a
    /// component that `reduce` leaves exactly when `reduce` does, to parts of the same value,
    /// on graphs of up to 64 vertices (words and vertex sets) and beyond.
    #[test]
    fn twin_rules_near_the_move_agree_with_reduce(
        n in 2usize..=10,
        percent in 15u64..80,
        seed in any::<u64>(),
    ) {
        let small = random_graph(n, percent, seed);
        let mut wide = Graph::new(70 + n);
        for (u, v) in small.edges() {
            wide.add_edge(70 + u, 70 + v).unwrap();
        }
        let words = NodeKayles64::new(&NodeKayles::new(small.clone())).unwrap();
        for (game, offset) in [(NodeKayles::new(small), 0), (NodeKayles::new(wide), 70)] {
            let value_of = |settled: Nimber, parts: &[VertexSet]| {
                parts.iter().fold(settled, |acc, part| acc + naive::value(&game, part))
            };
            for mask in 1u32..1 << n {
                let parent: VertexSet =
                    (0..n).filter(|v| mask >> v & 1 == 1).map(|v| v + offset).collect();
                let mut parts = Vec::new();
                game.components(&parent, &mut parts);
                if parts.len() != 1 || game.reduce(&parent, &mut parts).is_some() {
                    continue;
                }
                for v in parent.iter() {
                    let child = game.play(&parent, &v);
                    let mut components = Vec::new();
                    game.components(&child, &mut components);
                    for component in &components {
                        let (mut near, mut all) = (Vec::new(), Vec::new());
                        let by_near = game.reduce_child(&parent, &v, component, &mut near);
                        let by_all = game.reduce(component, &mut all);
                        prop_assert_eq!(by_near.is_some(), by_all.is_some(), "{:?} after {}", component, v);
                        if let Some(settled) = by_near {
                            prop_assert_eq!(value_of(settled, &near), naive::value(&game, component));
                        }
                        if let Some(settled) = by_all {
                            prop_assert_eq!(value_of(settled, &all), naive::value(&game, component));
                        }
                        if offset == 0 {
                            let word = |set: &VertexSet| words.position(set).unwrap();
                            let mut parts = Vec::new();
                            let by_word = words.reduce_child(&word(&parent), &v, &word(component), &mut parts);
                            prop_assert_eq!(by_word.is_some(), by_near.is_some());
                            let as_sets: Vec<VertexSet> = parts.iter().map(|&p| NodeKayles64::vertex_set(p)).collect();
                            prop_assert_eq!(as_sets, near.clone());
                        }
                    }
                }
            }
        }
    }

    /// The shadow rule holds on random hosts (the claim itself, by plain search): a vertex
    /// `u` with a leaf `l` and the neighbours `S` (a random set of the host's vertices), and a
    /// vertex `w` with the neighbours `S`; `u` and `l` go for `*1`. `reduce` and the solvers,
    /// which use it, give the plain value, on words and on vertex sets.
    #[test]
    fn the_shadow_rule_keeps_the_value(
        n in 1usize..=8,
        percent in 10u64..80,
        seed in any::<u64>(),
        near in any::<u8>(),
    ) {
        let host = random_graph(n, percent, seed);
        let (u, l, w) = (n, n + 1, n + 2);
        let shared = (0..n).filter(|s| near >> (s % 8) & 1 == 1);
        let edges = shared.flat_map(|s| [(s, u), (s, w)]).chain([(u, l)]);
        let game = NodeKayles::new(extended(&host, 3, edges));
        assert_shadow_rule(&game, u, l)?;
    }

    /// The dominated-shadow rule, a claim the solver does not use: let `u` have neighbours
    /// `K` and `R`, every vertex of `K` with all its neighbours among `u`, `K` and `R` (`u`
    /// dominates them), the graph of `K` alone of value `*1`, and another vertex `w` with
    /// exactly the neighbours `R`. Then `u` can be removed: the value does not change. With
    /// `K` one leaf it is the shadow rule.
    ///
    /// Proof, by induction on the vertices: the graph `T` has the options of `T - u` and one
    /// more. A move at a neighbour of `u` removes `u`, the same option in both. A move at a
    /// vertex outside `N[u]` other than `w` touches neither `K` (its vertices see only
    /// `N[u]`) nor `w`, and `w` and `u` lose the same vertices of `R`: the pattern stays, and
    /// by induction the option is worth its counterpart in `T - u`. A move at `w` leaves `u`
    /// with `K` alone, a component whose options are those of `K` and 0, so of value `*1`
    /// like `K`, where `T - u` keeps `K` alone. The extra option, at `u`, leaves the rest
    /// plus `w` alone (`*1`); the option of `T - u` at `w` leaves the same rest plus `K`
    /// apart (`*1`). Same option values, same value.
    ///
    /// Random hosts, random `R`, every graph `K` of up to four vertices of value `*1`, each
    /// of its vertices seeing a random part of `R`; by plain search.
    #[test]
    fn the_dominated_shadow_rule_keeps_the_value(
        n in 1usize..=6,
        percent in 10u64..80,
        seed in any::<u64>(),
        near in 1u8..,
        shape in any::<usize>(),
        seen in any::<u32>(),
    ) {
        let host = random_graph(n, percent, seed);
        let r: Vec<usize> = (0..n).filter(|s| near >> (s % 8) & 1 == 1).collect();
        let shapes = &*GRAPHS_OF_VALUE_ONE;
        let (k, k_edges) = &shapes[shape % shapes.len()];
        let k = *k;
        let (w, u) = (n, n + k + 1);
        let y = |i: usize| n + 1 + i;
        let mut edges: Vec<(usize, usize)> = r.iter().flat_map(|&s| [(s, w), (s, u)]).collect();
        edges.extend(k_edges.iter().map(|&(a, b)| (y(a), y(b))));
        for i in 0..k {
            edges.push((u, y(i)));
            for (j, &s) in r.iter().enumerate() {
                if seen >> ((8 * i + j) % 32) & 1 == 1 {
                    edges.push((s, y(i)));
                }
            }
        }
        let game = NodeKayles::new(extended(&host, k + 2, edges));
        let start = game.start();
        let mut without_u = start.clone();
        without_u.remove(u);
        prop_assert_eq!(naive::value(&game, &start), naive::value(&game, &without_u));
    }

    /// The shadow rule's first case: a vertex `x` with a leaf and a pendant path `x - a - b`
    /// (`u = a`, `l = b`, `w` the leaf).
    #[test]
    fn the_pendant_case_of_the_shadow_rule_keeps_the_value(
        n in 1usize..=8,
        percent in 10u64..80,
        seed in any::<u64>(),
        x in any::<usize>(),
    ) {
        let host = random_graph(n, percent, seed);
        let game = NodeKayles::new(with_leaf_and_pendant_path(&host, x % n));
        assert_shadow_rule(&game, n + 1, n + 2)?;
    }

    /// `split` and `split_child` keep the value: what they settle plus the parts' values is
    /// the plain value, on graphs of up to 64 vertices (words) and beyond (vertex sets: the
    /// same graph with its vertices moved above 64).
    #[test]
    fn splitting_keeps_the_value(
        n in 1usize..=10,
        percent in 15u64..80,
        seed in any::<u64>(),
        mask in any::<u16>(),
    ) {
        let small = random_graph(n, percent, seed);
        let mut wide = Graph::new(70 + n);
        for (u, v) in small.edges() {
            wide.add_edge(70 + u, 70 + v).unwrap();
        }
        for (game, offset) in [(NodeKayles::new(small), 0), (NodeKayles::new(wide), 70)] {
            let position: VertexSet =
                (0..n).filter(|v| mask >> v & 1 == 1).map(|v| v + offset).collect();
            let value_of = |settled: Nimber, parts: &[VertexSet]| {
                parts.iter().fold(settled, |acc, part| acc + naive::value(&game, part))
            };
            let mut parts = Vec::new();
            let settled = game.split(&position, &mut parts);
            prop_assert_eq!(value_of(settled, &parts), naive::value(&game, &position));
            for v in position.iter() {
                let child = game.play(&position, &v);
                parts.clear();
                let settled = game.split_child(&position, &v, &child, &mut parts);
                prop_assert_eq!(value_of(settled, &parts), naive::value(&game, &child));
                prop_assert_eq!(game.known_value(&child).unwrap_or(naive::value(&game, &child)), naive::value(&game, &child));
            }
        }
    }

    /// Move values are the values of the positions reached.
    #[test]
    fn move_values_are_child_values(n in 1usize..=9, percent in 20u64..70, seed in any::<u64>()) {
        let game = NodeKayles::new(random_graph(n, percent, seed));
        let start = game.start();
        let mut solver = NodeKaylesSolver::new(&game);
        for (v, value) in solver.move_values(&start).unwrap() {
            let child = game.play(&start, &v);
            prop_assert_eq!(Some(value), plain_value(&game, &child));
        }
    }

    /// Relabelling a graph does not change its canonical form (and the search is exhaustive).
    #[test]
    fn canonical_form_is_invariant_under_relabelling(
        n in 0usize..=12,
        percent in 0u64..=100,
        seed in any::<u64>(),
        shuffle in any::<u64>(),
    ) {
        let g = random_graph(n, percent, seed);
        let perm = random::permutation(n, &mut random::rng(shuffle));
        let h = g.relabelled(&perm).unwrap();
        prop_assert!(canonical_labelling(&g).unwrap().exhaustive);
        prop_assert!(canonical_labelling(&h).unwrap().exhaustive);
        prop_assert_eq!(canonical_form(&g).unwrap(), canonical_form(&h).unwrap());
    }
}

/// For each relabelling of `n` vertices, where it sends each edge bit (bit `i` stands for
/// `pairs[i]`).
fn edge_maps(pairs: &[(usize, usize)], perms: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let index = |u: usize, v: usize| pairs.iter().position(|&p| p == (u.min(v), u.max(v))).unwrap();
    perms.iter().map(|p| pairs.iter().map(|&(u, v)| index(p[u], p[v])).collect()).collect()
}

/// The brute-force canonical form of a graph given by its edge bits: the smallest edge mask
/// over all relabellings.
fn brute_force_form(mask: u32, maps: &[Vec<usize>]) -> u32 {
    maps.iter()
        .map(|map| {
            let mut out = 0u32;
            for (bit, &target) in map.iter().enumerate() {
                if mask >> bit & 1 == 1 {
                    out |= 1 << target;
                }
            }
            out
        })
        .min()
        .unwrap()
}

fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for p in permutations(n - 1) {
        for i in 0..n {
            let mut q = p.clone();
            q.insert(i, n - 1);
            out.push(q);
        }
    }
    out
}

/// Over every labelled graph on up to 6 vertices, canonical forms are equal exactly when the
/// graphs are isomorphic (brute force over all relabellings), and there are 1, 1, 2, 4, 11,
/// 34, 156 classes (OEIS A000088).
#[test]
fn canonical_forms_separate_every_graph_on_up_to_6_vertices() {
    let classes = [1, 1, 2, 4, 11, 34, 156];
    for (n, &count) in classes.iter().enumerate() {
        let pairs = vertex_pairs(n);
        let maps = edge_maps(&pairs, &permutations(n));
        let mut by_canonical: std::collections::HashMap<String, u32> = Default::default();
        let mut brute: std::collections::HashSet<u32> = Default::default();
        for mask in 0..1u32 << pairs.len() {
            let g = Graph::from_edges(n, edges_of(&pairs, mask)).unwrap();
            let labelling = canonical_labelling(&g).unwrap();
            assert!(labelling.exhaustive);
            let form = canonical_form(&g).unwrap().to_graph6();
            let truth = brute_force_form(mask, &maps);
            brute.insert(truth);
            // Equal canonical forms must have equal brute-force forms, and conversely.
            if let Some(previous) = by_canonical.insert(form.clone(), truth) {
                assert_eq!(previous, truth, "{form}: two classes merged");
            }
        }
        assert_eq!(brute.len(), count, "brute-force classes on {n} vertices");
        assert_eq!(by_canonical.len(), count, "canonical classes on {n} vertices");
    }
}

/// The 1044 graphs on 7 vertices up to isomorphism (OEIS A000088), by canonical form over all
/// 2^21 labelled graphs. Run with
/// `cargo test --release -p grundy-node-kayles --test node_kayles -- --ignored`.
#[test]
#[ignore = "2 million canonical labellings; run in release mode"]
fn canonical_forms_count_the_graphs_on_7_vertices() {
    let n = 7;
    let pairs = vertex_pairs(n);
    let mut forms = std::collections::HashSet::new();
    for mask in 0..1u32 << pairs.len() {
        let g = Graph::from_edges(n, edges_of(&pairs, mask)).unwrap();
        forms.insert(canonical_form(&g).unwrap().to_graph6());
    }
    assert_eq!(forms.len(), 1044);
}

/// Graphs wider than 64 and 128 vertices use wider bitsets: a disjoint union of random pieces,
/// placed at high vertex numbers, has the nim-sum of the pieces' values.
#[test]
fn wide_graphs_are_sums_of_their_pieces() {
    for order in [100usize, 200] {
        let mut g = Graph::new(order);
        let mut expected = Nimber::ZERO;
        let mut offset = order - 40;
        for seed in 1..=4u64 {
            let piece = random_graph(8, 35, seed);
            let game = NodeKayles::new(piece.clone());
            expected += naive::value(&game, &game.start());
            for (u, v) in piece.edges() {
                g.add_edge(offset + u, offset + v).unwrap();
            }
            offset += 10;
        }
        // A long path through the low vertices too.
        for v in 1..30 {
            g.add_edge(v - 1, v).unwrap();
        }
        expected += path_value(30);
        // Vertices 30..order-40 are isolated: each is *1.
        expected += Nimber::new((order as u64 - 70) % 2);
        let game = NodeKayles::new(g);
        let mut solver = NodeKaylesSolver::new(&game);
        assert_eq!(solver.value(&game.start()).unwrap(), expected, "{order} vertices");
        assert_eq!(solver.outcome(&game.start()).unwrap(), Outcome::from_value(expected));
        assert_eq!(Solver::new(&game).value(&game.start()).unwrap(), expected, "{order}");
        // Two threads share a table of vertex sets (no word keys beyond 64 vertices).
        let config = Config::default().with_table_bytes(8 << 20);
        let mut parallel = NodeKaylesSolver::parallel(&game, config, 2);
        assert_eq!(parallel.value(&game.start()).unwrap(), expected, "{order}, two threads");
        assert_eq!(
            parallel.winning_moves(&game.start()).unwrap(),
            solver.winning_moves(&game.start()).unwrap()
        );
    }
}

/// Budgets stop the search, on one thread and in parallel (where the node limit counts the
/// caller's thread and the other limits stop every thread), and later calls resume from what
/// was proved.
#[test]
fn budgets_stop_the_search_and_keep_what_was_proved() {
    let game = NodeKayles::new(random_graph(36, 9, 5));
    let start = game.start();
    let expected = NodeKaylesSolver::new(&game).value(&start).unwrap();
    for (threads, limit) in [(1, 50), (2, 50), (2, 2000)] {
        let base = Config::default().with_table_bytes(8 << 20);
        let limited = base.clone().with_budget(Budget::unlimited().with_max_nodes(limit));
        let mut solver = NodeKaylesSolver::parallel(&game, limited, threads);
        if threads == 1 {
            assert_eq!(solver.value(&start), Err(SolveError::NodeLimit { limit }));
        }
        // Calls resume: each proves more, and none is ever wrong.
        let mut answer = None;
        for _ in 0..10_000 {
            match solver.value(&start) {
                Ok(v) => {
                    answer = Some(v);
                    break;
                }
                Err(SolveError::NodeLimit { limit: l }) => assert_eq!(l, limit),
                Err(e) => panic!("{e}"),
            }
        }
        assert_eq!(answer, Some(expected), "{threads} threads");

        let flag = Arc::new(AtomicBool::new(true));
        let cancelled = base.clone().with_budget(Budget::unlimited().with_cancel_flag(flag));
        assert_eq!(
            NodeKaylesSolver::parallel(&game, cancelled, threads).value(&start),
            Err(SolveError::Cancelled)
        );
        let timed =
            base.with_budget(Budget::unlimited().with_time_limit(std::time::Duration::ZERO));
        assert!(matches!(
            NodeKaylesSolver::parallel(&game, timed, threads).value(&start),
            Err(SolveError::TimeLimit { .. })
        ));
    }
}

#[test]
fn parsing_and_illegal_moves() {
    let game = NodeKayles::from_graph6("IheA@GUAo").unwrap();
    assert_eq!(game.graph(), &Graph::petersen());
    assert!(matches!(NodeKayles::from_edge_list("0-1 1-1"), Err(NodeKaylesError::Parse(_))));
    let err = NodeKayles::from_edge_list("0-1 x").unwrap_err();
    assert_eq!(err.to_string(), "invalid token 'x' at column 5: expected an edge such as 0-1");
    assert!(matches!(NodeKayles::from_graph6("B!"), Err(NodeKaylesError::Parse(_))));
    let start = game.start();
    let after = game.play_checked(&start, 0).unwrap();
    assert_eq!(after.len(), 6);
    assert_eq!(game.play_checked(&after, 1), Err(NodeKaylesError::IllegalMove { vertex: 1 }));
    assert_eq!(game.play_checked(&after, 10), Err(NodeKaylesError::IllegalMove { vertex: 10 }));
    assert_eq!(
        game.check_position(&VertexSet::range(5..12)),
        Err(NodeKaylesError::VertexOutOfRange { vertex: 10, order: 10 })
    );
    assert!(game.check_position(&after).is_ok());
    // Positions as words: at most 64 vertices, and positions of the graph's vertices only.
    let big = NodeKayles::new(Graph::path(65));
    assert_eq!(
        NodeKayles64::new(&big),
        Err(NodeKaylesError::TooManyVertices { order: 65, max: 64 })
    );
    let small = NodeKayles64::new(&NodeKayles::new(Graph::path(5))).unwrap();
    assert_eq!(
        small.position(&[1, 7].into_iter().collect()),
        Err(NodeKaylesError::VertexOutOfRange { vertex: 7, order: 5 })
    );
    assert_eq!(small.position(&[1, 3].into_iter().collect()), Ok(0b1010));
    assert!(!small.is_legal(&0b1010, &0) && small.is_legal(&0b1010, &3));
}

#[test]
fn statistics_count_the_work() {
    let game = NodeKayles::new(random_graph(24, 12, 3));
    let mut solver = NodeKaylesSolver::new(&game);
    solver.value(&game.start()).unwrap();
    let stats = solver.stats();
    assert!(stats.nodes > 0 && stats.table_lookups > 0 && stats.known_values > 0, "{stats:?}");
    assert!(solver.table_len() > 0);
    solver.clear();
    assert_eq!(solver.table_len(), 0);
    assert_eq!(solver.stats(), stats);
}

/// On graphs too large for plain search, both methods agree on the value, the outcome and
/// every winning move.
#[test]
fn methods_agree_on_larger_graphs() {
    for seed in 1..=4 {
        let game = NodeKayles::new(random_graph(32, 10, seed));
        let start = game.start();
        let answers: Vec<_> = [Method::Pruned, Method::Mex]
            .map(|method| {
                let config = Config::default().with_method(method);
                let mut solver = NodeKaylesSolver::with_config(&game, config.clone());
                let value = solver.value(&start).unwrap();
                let mut fresh = NodeKaylesSolver::with_config(&game, config);
                (value, fresh.outcome(&start).unwrap(), fresh.winning_moves(&start).unwrap())
            })
            .into();
        assert!(answers.windows(2).all(|w| w[0] == w[1]), "seed {seed}: {answers:?}");
        assert_eq!(answers[0].1, Outcome::from_value(answers[0].0));
    }
}

/// The parallel search (two and three threads sharing one table) gives the answers of the
/// search on one thread, call after call on the same solver, and after `clear`.
#[test]
fn parallel_search_agrees_with_one_thread() {
    for seed in 1..=3 {
        let game = NodeKayles::new(random_graph(34, 9, seed));
        let start = game.start();
        let mut single = NodeKaylesSolver::new(&game);
        let value = single.value(&start).unwrap();
        let winning = single.winning_moves(&start).unwrap();
        let move_values = single.move_values(&start).unwrap();
        // A position of several components, some of them shared with the start's children.
        let part: VertexSet = (0..34).filter(|v| v % 5 != 2).collect();
        let part_value = single.value(&part).unwrap();
        // A table large enough to grow while the threads search.
        for (threads, bytes) in [(2, 8 << 20), (3, 8 << 20), (2, 64 << 20)] {
            let config = Config::default().with_table_bytes(bytes);
            let mut solver = NodeKaylesSolver::parallel(&game, config.clone(), threads);
            assert_eq!(solver.value(&start).unwrap(), value, "seed {seed}, {threads} threads");
            assert_eq!(solver.value(&part).unwrap(), part_value);
            assert_eq!(solver.winning_moves(&start).unwrap(), winning);
            assert_eq!(solver.move_values(&start).unwrap(), move_values);
            assert!(solver.table_len() > 0);
            solver.clear();
            assert_eq!(solver.table_len(), 0);
            assert_eq!(solver.outcome(&start).unwrap(), Outcome::from_value(value));
            let mut fresh = NodeKaylesSolver::parallel(&game, config, threads);
            assert_eq!(fresh.outcome(&start).unwrap(), Outcome::from_value(value));
        }
    }
}
