//! Friend Circle: the paper's Figure 3, the rules against a plain reading of them, and the
//! solver's components and canonical forms against plain search.

use std::collections::{HashMap, HashSet};

use grundy_core::length::longest_play;
use grundy_core::{Ruleset, Solver, naive};
use grundy_friend_circle::{FriendCircle, FriendCircleError};
use grundy_graph::{Graph, GraphError, VertexSet};
use grundy_testkit::random::{self, Rng};
use grundy_transverse_wave::{BoolMatrix, Grid, TransverseWave};
use proptest::prelude::*;

/// Figure 3, reconstructed from its caption: v1..v5 are vertices 0..4, seeds v1..v4. Left:
/// v1-v2 t, v1-v3 f, v3-v4 t, v2-v4 f, v3-v5 f, v4-v5 f (the marks t f t f f f of the figure).
const FIGURE_3: &str = "0-1t 0-2f 2-3t 1-3f 2-4f 3-4f / 0 1 2 3";

#[test]
fn figure_3_move() {
    let (game, before) = FriendCircle::parse(FIGURE_3).unwrap();
    // Every seed has an incident false edge; v5 is not a seed.
    assert_eq!(game.move_list(&before), vec![0, 1, 2, 3]);
    let after = game.play_checked(&before, 1).unwrap();
    // v2's edges became true, and since v1-v2 was true, all of v1's edges too (bold in the
    // figure: v1-v3 and v2-v4). Nothing else changed.
    for (u, v, t) in
        [(0, 1, true), (0, 2, true), (2, 3, true), (1, 3, true), (2, 4, false), (3, 4, false)]
    {
        assert_eq!(game.weight(&after, u, v), Ok(t), "edge {u}-{v}");
    }
    // Only v3 and v4 can be played next.
    assert_eq!(game.move_list(&after), vec![2, 3]);
    assert_eq!(game.play_checked(&after, 0), Err(FriendCircleError::IllegalMove { vertex: 0 }));
    assert_eq!(game.play_checked(&after, 4), Err(FriendCircleError::IllegalMove { vertex: 4 }));
    assert_eq!(game.to_text(&after), "0-1t 0-2t 1-3t 2-3t 2-4f 3-4f / 0 1 2 3");
}

/// The move rule read literally from the paper, on explicit weights.
fn play_by_definition(
    g: &Graph,
    weights: &[bool],
    edges: &[(usize, usize)],
    seed: usize,
) -> Vec<bool> {
    let id = |u: usize, v: usize| edges.iter().position(|&e| e == (u.min(v), u.max(v))).unwrap();
    let mut next = weights.to_vec();
    for x in g.neighbors(seed) {
        next[id(seed, x)] = true;
        if weights[id(seed, x)] {
            for y in g.neighbors(x) {
                next[id(x, y)] = true;
            }
        }
    }
    next
}

/// A random Friend Circle position: graph on `n` vertices, edge weights and seeds from bits.
fn random_position(n: usize, percent: u64, seed: u64) -> (FriendCircle, VertexSet) {
    let mut rng = random::rng(seed);
    let g = Graph::from_edges(n, random::gnp_edges(n, percent as f64 / 100.0, &mut rng)).unwrap();
    // Each vertex a seed with chance 2/3, each edge true with chance 1/2.
    let seeds: VertexSet = (0..n).filter(|_| rng.random_bool(2.0 / 3.0)).collect();
    let game = FriendCircle::new(g, seeds).unwrap();
    let position: VertexSet = (0..game.edge_count()).filter(|_| rng.random_bool(0.5)).collect();
    (game, position)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// `play` follows the literal rule, and the legal moves are the seeds with a false edge.
    #[test]
    fn play_follows_the_rule(n in 1usize..=9, percent in 10u64..90, seed in any::<u64>()) {
        let (game, position) = random_position(n, percent, seed);
        let edges: Vec<(usize, usize)> = game.graph().edges().collect();
        let weights: Vec<bool> = (0..edges.len()).map(|i| position.contains(i)).collect();
        for v in 0..n {
            let expected_legal = game.seeds().contains(v)
                && game.graph().neighbors(v).iter().any(|x| !weights[game.edge_id(v, x).unwrap()]);
            prop_assert_eq!(game.is_legal(&position, &v), expected_legal);
            if expected_legal {
                let next = game.play(&position, &v);
                let literal = play_by_definition(game.graph(), &weights, &edges, v);
                let got: Vec<bool> = (0..edges.len()).map(|i| next.contains(i)).collect();
                prop_assert_eq!(got, literal);
            }
        }
    }

    /// The solver, which splits positions into independent groups of seeds and marks dead
    /// false edges true, gets the values of plain search; so do the parts' nim-sums.
    #[test]
    fn solver_equals_plain_search(n in 1usize..=9, percent in 10u64..80, seed in any::<u64>()) {
        let (game, position) = random_position(n, percent, seed);
        let plain = naive::value(&game, &position);
        prop_assert_eq!(Solver::new(&game).value(&position).unwrap(), plain);
        prop_assert_eq!(naive::value(&game, &game.canonical(&position)), plain);
        let parts = {
            let mut parts = Vec::new();
            game.components(&position, &mut parts);
            parts
        };
        let sum = parts.iter().fold(grundy_core::Nimber::ZERO, |acc, p| acc + naive::value(&game, p));
        prop_assert_eq!(sum, plain);
        prop_assert_eq!(
            Solver::new(&game).winning_moves(&position).unwrap(),
            naive::winning_moves(&game, &position)
        );
        prop_assert_eq!(
            Solver::new(&game).misere_outcome(&position).unwrap(),
            naive::misere_outcome(&game, &position)
        );
    }

    /// Positions read back what `to_text` wrote.
    #[test]
    fn text_round_trips(n in 0usize..=9, percent in 0u64..90, seed in any::<u64>()) {
        let (game, position) = random_position(n, percent, seed);
        let (again, back) = FriendCircle::parse(&game.to_text(&position)).unwrap();
        prop_assert_eq!(&again, &game);
        prop_assert_eq!(back, position);
    }
}

#[test]
fn edge_ids_follow_the_edge_list() {
    let (game, position) = FriendCircle::parse(FIGURE_3).unwrap();
    assert_eq!(game.edge_count(), 6);
    let order: Vec<(usize, usize)> = (0..6).map(|id| game.edge(id).unwrap()).collect();
    assert_eq!(order, game.graph().edges().collect::<Vec<_>>());
    assert_eq!(game.edge_id(3, 1), Some(2));
    assert_eq!(game.edge_id(1, 3), Some(2));
    assert_eq!(game.edge_id(0, 4), None);
    assert_eq!(game.edge(6), None);
    let mut p = position.clone();
    game.set_weight(&mut p, 4, 3, true).unwrap();
    assert_eq!(game.weight(&p, 3, 4), Ok(true));
    game.set_weight(&mut p, 3, 4, false).unwrap();
    assert_eq!(p, position);
    assert_eq!(game.weight(&p, 0, 4), Err(FriendCircleError::NoSuchEdge { u: 0, v: 4 }));
    assert_eq!(game.position([(0, 1), (2, 3)]).unwrap(), position);
    assert!(game.check_position(&position).is_ok());
    assert_eq!(
        game.check_position(&VertexSet::singleton(9)),
        Err(FriendCircleError::EdgeIdOutOfRange { id: 9, count: 6 })
    );
    assert!(game.move_list(&game.all_false()).len() == 4);
}

#[test]
fn text_errors_name_the_column() {
    let err = |text: &str| FriendCircle::parse(text).unwrap_err();
    assert_eq!(err("0-1t 1-2"), FriendCircleError::MissingSeparator);
    assert!(matches!(err("0-1t 1-2 / 0"), FriendCircleError::BadToken { column: 6, .. }));
    assert!(matches!(err("0-1x / 0"), FriendCircleError::BadToken { column: 1, .. }));
    assert!(matches!(err("0-1t / a"), FriendCircleError::BadToken { column: 8, .. }));
    assert_eq!(err("x: 0-1t / 0"), FriendCircleError::BadCount { token: "x".into(), column: 1 });
    assert_eq!(
        err("0-1t 1-1f / 0"),
        FriendCircleError::Edge { source: GraphError::SelfLoop { vertex: 1 }, column: 6 }
    );
    assert_eq!(
        err("0-1t 1-0f / 0"),
        FriendCircleError::Edge { source: GraphError::DuplicateEdge { u: 1, v: 0 }, column: 6 }
    );
    assert_eq!(
        err("3: 0-1t / 0 5"),
        FriendCircleError::Seed {
            source: Box::new(FriendCircleError::SeedOutOfRange { seed: 5, order: 3 }),
            column: 13
        }
    );
    assert_eq!(err("0-1t / 0 0"), FriendCircleError::DuplicateSeed { seed: 0, column: 10 });
    assert!(matches!(err("0-99999999999t / 0"), FriendCircleError::TooManyVertices { .. }));
    assert_eq!(
        FriendCircle::new(Graph::path(3), VertexSet::singleton(3)),
        Err(FriendCircleError::SeedOutOfRange { seed: 3, order: 3 })
    );
    let message = err("0-1t 1-1f / 0").to_string();
    assert_eq!(message, "edge at column 6: self-loop at vertex 1: simple graphs have no loops");
}

/// The Node-Kayles construction of Theorem 2: true edges between the vertices of a graph, a
/// pendant false edge from each to a new vertex, the original vertices as seeds. Its values
/// are those of Node-Kayles, computed here from the definition (pick a vertex, remove it and
/// its neighbours).
#[test]
fn theorem_2_construction_plays_like_node_kayles() {
    fn kayles(g: &Graph, available: &VertexSet) -> grundy_core::Nimber {
        grundy_core::mex(available.iter().map(|v| {
            let rest = available.difference(&g.closed_neighborhood(v));
            kayles(g, &rest)
        }))
    }
    for (n, percent, seed) in [(5, 40, 1), (6, 30, 2), (7, 50, 3), (6, 0, 4), (7, 100, 5)] {
        let (base, _) = random_position(n, percent, seed);
        let g0 = base.graph();
        let mut g = Graph::new(2 * n);
        for (u, v) in g0.edges() {
            g.add_edge(u, v).unwrap();
        }
        for v in 0..n {
            g.add_edge(v, n + v).unwrap();
        }
        let game = FriendCircle::new(g, VertexSet::range(0..n)).unwrap();
        let position = game.position(g0.edges()).unwrap();
        assert_eq!(naive::value(&game, &position), kayles(g0, &g0.vertices()), "{g0}");
    }
}

/// The random positions of the property tests are not trivial: their values spread out.
#[test]
fn random_positions_are_not_trivial() {
    let mut values = std::collections::BTreeSet::new();
    for seed in 0..200 {
        let (game, position) = random_position(9, 40, seed);
        values.insert(naive::value(&game, &position).value());
    }
    assert!(values.len() >= 3, "{values:?}");
}

/// Checks the bound of Theorem 2's proof on every position of every labelled graph on `n`
/// vertices with every seed set, and every move against the proof's argument. Returns, for each
/// number of seeds `s` (index), the longest play over all positions with `s` seeds, and the
/// number of positions checked.
fn check_game_length_exhaustively(n: usize) -> (Vec<usize>, usize) {
    let pairs: Vec<(usize, usize)> = (0..n).flat_map(|u| (u + 1..n).map(move |v| (u, v))).collect();
    let mut most = vec![0; n + 1];
    let mut positions = 0;
    for graph_bits in 0u32..1 << pairs.len() {
        let mut g = Graph::new(n);
        for (i, &(u, v)) in pairs.iter().enumerate() {
            if graph_bits >> i & 1 == 1 {
                g.add_edge(u, v).unwrap();
            }
        }
        for seed_bits in 0u32..1 << n {
            let seeds: VertexSet = (0..n).filter(|&v| seed_bits >> v & 1 == 1).collect();
            let game = FriendCircle::new(g.clone(), seeds.clone()).unwrap();
            let mut memo = HashMap::new();
            for weights in 0u32..1 << game.edge_count() {
                let position: VertexSet =
                    (0..game.edge_count()).filter(|&id| weights >> id & 1 == 1).collect();
                let longest = longest_play(&game, &position, &mut memo);
                let moves = game.move_list(&position);
                assert!(longest <= seeds.len(), "{}: {longest} moves", game.to_text(&position));
                assert!(longest <= moves.len(), "{}: {longest} moves", game.to_text(&position));
                for s in moves {
                    // True edges stay true, and every edge at the played seed is true after it,
                    // so the seed is never playable again.
                    let next = game.play(&position, &s);
                    assert!(position.is_subset(&next), "{}", game.to_text(&position));
                    assert!(!game.is_legal(&next, &s), "{} at {s}", game.to_text(&position));
                }
                most[seeds.len()] = most[seeds.len()].max(longest);
                positions += 1;
            }
        }
    }
    (most, positions)
}

/// Theorem 2's proof (§2.2): "once a node s ∈ S is selected by one of the players, s all edges
/// incident to s become t. Since true edges can never later become f, s can never again be
/// chosen for a move and the height of the game tree is at most |S|."
///
/// Checked on every position of every labelled graph on at most 5 vertices, with every seed set
/// (1,901,463 positions, under a second): the longest play is at most |S| (and at most the number of playable
/// seeds), and every move keeps true edges true and leaves its seed unplayable. The bound is
/// reached whenever some vertex is not a seed (a star with a non-seed centre and false edges
/// plays every leaf). When every vertex is a seed it is not, which is our observation: the last
/// move of a play at `v` needs a false edge `v-u`, and `u` cannot have been played before
/// (all its edges would be true), so a play through all of S leaves a vertex outside S. With
/// S = V the longest play found is |V| − 1 (again the star, all seeds).
#[test]
fn game_length_is_at_most_the_number_of_seeds() {
    let mut total = 0;
    for n in 0..=5 {
        let (most, positions) = check_game_length_exhaustively(n);
        total += positions;
        for (s, &longest) in most.iter().enumerate() {
            let expected = if s < n { s } else { n.saturating_sub(1) };
            assert_eq!(longest, expected, "{n} vertices, {s} seeds: {most:?}");
        }
    }
    // Sum over n of 2^n seed sets times 3^(n(n-1)/2) (graphs with their edge weightings).
    let formula: usize =
        (0..=5u32).map(|n| (1 << n) * 3usize.pow(n * n.saturating_sub(1) / 2)).sum();
    assert_eq!((total, formula), (1_901_463, 1_901_463));
}

/// The bound |S| reached, and a position far below it. A star of false edges whose leaves are
/// the seeds and whose centre is not plays every leaf, one after the other. With every vertex a
/// seed, the path `0-1-2` of false edges lasts 2 = |V| − 1 moves (0, then 1, which turns 1-2
/// true). Figure 3's position has four seeds but lasts at most two moves (worked by hand: v1 or
/// v2 first leaves one more move, v3 or v4 first leaves none, their cascades through the true
/// edges v1-v2 and v3-v4 turning every other seed's edges true).
#[test]
fn game_length_bound_is_reached() {
    let (star, position) = FriendCircle::parse("0-4f 1-4f 2-4f 3-4f / 0 1 2 3").unwrap();
    assert_eq!(longest_play(&star, &position, &mut HashMap::new()), 4);
    let (path, position) = FriendCircle::parse("0-1f 1-2f / 0 1 2").unwrap();
    assert_eq!(longest_play(&path, &position, &mut HashMap::new()), 2);
    let (game, position) = FriendCircle::parse(FIGURE_3).unwrap();
    assert_eq!(longest_play(&game, &position, &mut HashMap::new()), 2);
    for (first, rest) in [(0, 1), (1, 1), (2, 0), (3, 0)] {
        let next = game.play(&position, &first);
        assert_eq!(longest_play(&game, &next, &mut HashMap::new()), rest, "v{}", first + 1);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Random positions on up to 10 vertices: the longest play is at most |S| and at most the
    /// number of playable seeds; the memoised search agrees with plain recursion.
    #[test]
    fn game_length_on_random_positions(n in 1usize..=10, percent in 10u64..90, seed in any::<u64>()) {
        let (game, position) = random_position(n, percent, seed);
        let longest = longest_play(&game, &position, &mut HashMap::new());
        prop_assert!(longest <= game.seeds().len());
        prop_assert!(longest <= game.move_list(&position).len());
        if n <= 7 {
            prop_assert_eq!(longest, naive::longest_play(&game, &position));
        }
    }
}

/// Figure 5's Friend Circle game: the complete bipartite graph between V1 = {1, …, 6}
/// (vertices 0..6, the seeds) and V2 = {a, b, c, d} (vertices 6..10).
fn figure_5_game() -> FriendCircle {
    FriendCircle::new(Graph::complete_bipartite(6, 4), VertexSet::range(0..6)).unwrap()
}

/// Figure 5's correspondence: the edge between column `c` (seed `c`) and row `r` (vertex
/// `6 + r`) is true exactly when the cell at row `r`, column `c` is purple.
fn figure_5_position(game: &FriendCircle, grid: &Grid) -> VertexSet {
    let purple = (0..4).flat_map(|r| (0..6).map(move |c| (r, c)));
    game.position(purple.filter(|&(r, c)| !grid.is_green(r, c)).map(|(r, c)| (c, 6 + r))).unwrap()
}

/// Walks the whole game tree of `grid` beside that of its Friend Circle image: the same moves
/// (column `c` ↔ seed `c`) and children that are again images. Returns the positions walked.
fn walk_figure_5(game: &FriendCircle, grid: &Grid, seen: &mut HashSet<Grid>) -> usize {
    if !seen.insert(grid.clone()) {
        return 0;
    }
    let position = figure_5_position(game, grid);
    let moves = TransverseWave.move_list(grid);
    assert_eq!(game.move_list(&position), moves, "{grid}");
    let mut walked = 1;
    for c in moves {
        let child = TransverseWave.play(grid, &c);
        assert_eq!(game.play(&position, &c), figure_5_position(game, &child), "{grid} at {c}");
        walked += walk_figure_5(game, &child, seen);
    }
    walked
}

/// Figure 5 (§2.3, with Proposition 3): "On the left is a Friend Circle position on the
/// complete bipartite graph between V1 and V2, where the seed set S = V1. Instead of labelling
/// edges, we have removed all false edges and are including only true edges. On the right is
/// the equivalent Transverse Wave position. The purple cells correspond to the (true) edges in
/// the bipartite graph."
///
/// What survives in the text is the vertex labels 1-6 (V1) and a-d (V2) on the left and the
/// same labels on the columns and rows of the grid on the right: a 4 × 6 board, columns 1-6,
/// rows a-d. Which edges are true (which cells are purple) is lost, so the figure's own
/// position cannot be rebuilt. The correspondence it illustrates is checked on its shape:
/// 2000 random 4 × 6 boards (purple density from 5% to 95%), plus the all-green and all-purple
/// boards and two of our own, each with its whole game tree walked beside the Friend Circle
/// tree (moves and children equal under the figure's labelling), and the values of the root
/// equal by plain recursion and by the solver.
#[test]
fn figure_5_friend_circle_is_transverse_wave() {
    let game = figure_5_game();
    let mut rng = random::rng(0x5DEE_CE66_D1CE_5EED);
    let mut boards: Vec<Grid> = vec![
        Grid::green(4, 6),
        Grid::from_matrix(BoolMatrix::new(4, 6)),
        Grid::from_purple_columns(6, &[[0], [1], [2], [3]]).unwrap(),
        Grid::from_purple_columns(6, &[[5, 4], [3, 2], [1, 0], [2, 5]]).unwrap(),
    ];
    for i in 0..2000u32 {
        // Purple (false) with chance from 5% to 95%.
        let purple = f64::from(5 + i % 91) / 100.0;
        let cells = random::bits(4, 6, 1.0 - purple, &mut rng);
        boards.push(Grid::from_matrix(BoolMatrix::from_fn(4, 6, |r, c| cells[r][c])));
    }
    let mut values = std::collections::BTreeSet::new();
    let mut walked = 0;
    for grid in &boards {
        walked += walk_figure_5(&game, grid, &mut HashSet::new());
        let position = figure_5_position(&game, grid);
        let value = naive::value(&TransverseWave, grid);
        assert_eq!(naive::value(&game, &position), value, "{grid}");
        assert_eq!(Solver::new(&game).value(&position).unwrap(), value, "{grid}");
        values.insert(value.value());
    }
    // The boards are not trivial: their trees are big and their values spread out.
    assert!(walked > 20 * boards.len(), "{walked} positions");
    assert!(values.len() >= 4, "{values:?}");
}
