//! Demographic Influence: the paper's Figure 7, the rules against a literal reading, overflow
//! limits, and the solver's components and canonical forms against plain search.

use grundy_core::{Nimber, Ruleset, Solver, naive};
use grundy_demographic_influence::{
    DemographicInfluence, InfluenceError, MAX_THRESHOLD, MIN_THRESHOLD,
};
use grundy_graph::{Graph, GraphError, VertexSet};
use grundy_testkit::random::{self, Rng};
use proptest::prelude::*;

/// Figure 7, reconstructed from its caption and labels. Vertices: 0 = v1 (7), 1 (0), 2 (1),
/// 3 (-1), 4 (-2), 5 (4), 6 (2), 7 = v3 (4), 8 (3), 9 = v2 (2), 10 (6). The figure shows
/// v2's neighbours going to -1 in panel (c): the vertices at -2, 3 and 6; v1 (3 after the
/// subtraction) and v3 (0) keep their values, so they are not v2's neighbours. The edges not at
/// v2 cannot be read from the text; any choice leaves this move unchanged, since v2 is the only
/// vertex that becomes strongly influenced. D3 = {v1, v2, v3} is demographic 2.
const FIGURE_7: &str = "0-1 0-2 2-3 3-4 4-9 8-9 9-10 7-8 5-7 6-7 5-10 / \
                        7 0 1 -1 -2 4 2 4 3 2 6 / 1 2; 5 6; 0 9 7";

#[test]
fn figure_7_move() {
    let (game, a) = DemographicInfluence::parse(FIGURE_7).unwrap();
    assert_eq!(a, vec![7, 0, 1, -1, -2, 4, 2, 4, 3, 2, 6]);
    // The move (D3, 4) is legal: v1 has 7 >= 4.
    assert!(game.is_legal(&a, &(2, 4)));
    let c = game.play_checked(&a, (2, 4)).unwrap();
    // (b) v1 7 -> 3, v2 2 -> -2 (newly strongly influenced), v3 4 -> 0 (weakly influenced);
    // (c) v2's neighbours, at -2, 3 and 6, all become -1; v2 itself stays at -2.
    assert_eq!(c, vec![3, 0, 1, -1, -1, 4, 2, 0, -1, -2, -1]);
    // Amounts go up to the largest threshold of the demographic, and no further.
    assert!(game.is_legal(&a, &(2, 7)));
    assert!(!game.is_legal(&a, &(2, 8)));
    assert_eq!(
        game.play_checked(&a, (2, 8)),
        Err(InfluenceError::IllegalMove { demographic: 2, amount: 8 })
    );
    assert!(!game.is_legal(&a, &(2, 0)));
    assert!(!game.is_legal(&a, &(3, 1)));
}

/// The move rule read literally: all subtractions, then the one-step cascade.
fn play_by_definition(g: &Graph, d: &VertexSet, theta: &[i64], c: i64) -> Vec<i64> {
    let mut next = theta.to_vec();
    for v in d.iter() {
        next[v] -= c;
    }
    let newly: Vec<usize> = d.iter().filter(|&v| theta[v] >= 0 && next[v] < 0).collect();
    for v in newly {
        for x in g.neighbors(v) {
            next[x] = -1;
        }
    }
    next
}

/// A random game on `n` vertices with `m` demographics and thresholds in `-2..=max`.
fn random_game(n: usize, m: usize, max: i64, seed: u64) -> (DemographicInfluence, Vec<i64>) {
    let mut rng = random::rng(seed);
    // Each pair an edge with chance 1/3, each vertex in each demographic with chance 2/5.
    let g = Graph::from_edges(n, random::gnp_edges(n, 1.0 / 3.0, &mut rng)).unwrap();
    let demographics: Vec<VertexSet> =
        (0..m).map(|_| (0..n).filter(|_| rng.random_bool(0.4)).collect()).collect();
    let theta: Vec<i64> = (0..n).map(|_| rng.random_range(-2..=max.max(-2))).collect();
    (DemographicInfluence::new(g, demographics).unwrap(), theta)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// `moves` and `play` follow the literal rules.
    #[test]
    fn play_follows_the_rule(n in 1usize..=8, m in 1usize..=4, seed in any::<u64>()) {
        let (game, theta) = random_game(n, m, 4, seed);
        let moves = game.move_list(&theta);
        for (k, d) in game.demographics().iter().enumerate() {
            let max = d.iter().map(|v| theta[v]).max().unwrap_or(-1);
            for c in 1..=5 {
                let legal = max >= c;
                prop_assert_eq!(moves.contains(&(k, c)), legal);
                prop_assert_eq!(game.is_legal(&theta, &(k, c)), legal);
                if legal {
                    prop_assert_eq!(
                        game.play(&theta, &(k, c)),
                        play_by_definition(game.graph(), d, &theta, c)
                    );
                }
            }
        }
    }

    /// The solver (components and canonical forms) gets the values, winning moves and misère
    /// outcomes of plain search, and the parts' values add up.
    #[test]
    fn solver_equals_plain_search(n in 1usize..=6, m in 1usize..=3, seed in any::<u64>()) {
        let (game, theta) = random_game(n, m, 3, seed);
        let plain = naive::value(&game, &theta);
        prop_assert_eq!(Solver::new(&game).value(&theta).unwrap(), plain);
        prop_assert_eq!(naive::value(&game, &game.canonical(&theta)), plain);
        let mut parts = Vec::new();
        game.components(&theta, &mut parts);
        let sum = parts.iter().fold(Nimber::ZERO, |acc, p| acc + naive::value(&game, p));
        prop_assert_eq!(sum, plain);
        prop_assert_eq!(
            Solver::new(&game).winning_moves(&theta).unwrap(),
            naive::winning_moves(&game, &theta)
        );
        prop_assert_eq!(
            Solver::new(&game).misere_outcome(&theta).unwrap(),
            naive::misere_outcome(&game, &theta)
        );
    }

    /// Positions read back what `to_text` wrote (non-empty demographics).
    #[test]
    fn text_round_trips(n in 1usize..=8, m in 1usize..=4, seed in any::<u64>()) {
        let (game, theta) = random_game(n, m, 9, seed);
        prop_assume!(game.demographics().iter().all(|d| !d.is_empty()));
        let (again, back) = DemographicInfluence::parse(&game.to_text(&theta)).unwrap();
        prop_assert_eq!(again, game);
        prop_assert_eq!(back, theta);
    }
}

#[test]
fn thresholds_never_overflow() {
    let g = Graph::path(2);
    let game =
        DemographicInfluence::new(g, vec![VertexSet::from_iter([0, 1]), VertexSet::singleton(1)])
            .unwrap();
    // The extremes of the range: the subtraction reaches -2^63 before being recorded as the
    // floor, and never wraps.
    let theta = vec![MAX_THRESHOLD, MIN_THRESHOLD];
    assert!(game.check_position(&theta).is_ok());
    let next = game.play_checked(&theta, (0, MAX_THRESHOLD)).unwrap();
    assert_eq!(next, vec![0, MIN_THRESHOLD]);
    assert!(game.check_position(&next).is_ok());
    // Out of range: refused with the vertex named.
    assert_eq!(
        game.check_position(&[MAX_THRESHOLD + 1, 0]),
        Err(InfluenceError::ThresholdOutOfRange { vertex: 0, value: MAX_THRESHOLD + 1 })
    );
    assert_eq!(
        game.check_position(&[0, i64::MIN]),
        Err(InfluenceError::ThresholdOutOfRange { vertex: 1, value: i64::MIN })
    );
    assert!(matches!(
        game.play_checked(&[i64::MAX, 0], (0, 1)),
        Err(InfluenceError::ThresholdOutOfRange { vertex: 0, .. })
    ));
    assert_eq!(
        game.check_position(&[0]),
        Err(InfluenceError::WrongLength { expected: 2, found: 1 })
    );
    assert!(matches!(
        DemographicInfluence::parse("/ 4611686018427387905 / 0"),
        Err(InfluenceError::BadThreshold { column: 3, .. })
    ));
    assert!(matches!(
        DemographicInfluence::parse("/ 99999999999999999999 / 0"),
        Err(InfluenceError::BadToken { column: 3, .. })
    ));
}

#[test]
fn construction_and_text_errors() {
    assert_eq!(
        DemographicInfluence::new(Graph::path(2), vec![VertexSet::singleton(2)]),
        Err(InfluenceError::VertexOutOfRange { demographic: 0, vertex: 2, order: 2 })
    );
    let err = |text: &str| DemographicInfluence::parse(text).unwrap_err();
    assert_eq!(err("0-1 / 1 1"), InfluenceError::MissingSection);
    assert_eq!(err("0-1 / 1 1 / 0 / 1"), InfluenceError::MissingSection);
    assert!(matches!(err("0-x / 1 1 / 0"), InfluenceError::BadToken { column: 1, .. }));
    assert!(matches!(err("0-1 / 1 a / 0"), InfluenceError::BadToken { column: 9, .. }));
    assert!(matches!(err("0-1 / 1 1 / 0; b"), InfluenceError::BadToken { column: 16, .. }));
    assert_eq!(
        err("0-2 / 1 1 / 0"),
        InfluenceError::Edge {
            source: GraphError::VertexOutOfRange { vertex: 2, order: 2 },
            column: 1
        }
    );
    assert_eq!(
        err("0-1 / 1 1 / 0; 1 5"),
        InfluenceError::MemberOutOfRange { vertex: 5, column: 18, order: 2 }
    );
    let (game, _) = DemographicInfluence::parse("0-1 / 1 1 / ").unwrap();
    assert!(game.demographics().is_empty());
    let (game, _) = DemographicInfluence::parse("/ 1 1 / 0;").unwrap();
    assert_eq!(game.demographics().len(), 2);
    assert!(game.demographics()[1].is_empty());
    let message = err("0-1 / 1 1 / 0; 1 5").to_string();
    assert_eq!(message, "vertex 5 at column 18 is out of range: there are 2 thresholds");
}

/// Theorem 6: Node-Kayles on G0 is Demographic Influence on G0 with a pendant vertex t_v per
/// vertex v (adjacent to v and to the t_w of v's neighbours w), thresholds 0 on V0 and 1 on
/// the t_v, and demographics {v, t_v}. Checked against Node-Kayles by its definition.
#[test]
fn theorem_6_construction_plays_like_node_kayles() {
    fn kayles(g: &Graph, available: &VertexSet) -> Nimber {
        grundy_core::mex(available.iter().map(|v| {
            let rest = available.difference(&g.closed_neighborhood(v));
            kayles(g, &rest)
        }))
    }
    for seed in 1..=6u64 {
        let (base, _) = random_game(6, 1, 1, seed);
        let g0 = base.graph();
        let n = g0.order();
        let mut g = Graph::new(2 * n);
        for (u, v) in g0.edges() {
            g.add_edge(u, v).unwrap();
            g.add_edge(u, n + v).unwrap();
            g.add_edge(v, n + u).unwrap();
        }
        for v in 0..n {
            g.add_edge(v, n + v).unwrap();
        }
        let demographics = (0..n).map(|v| VertexSet::from_iter([v, n + v])).collect();
        let game = DemographicInfluence::new(g, demographics).unwrap();
        let theta: Vec<i64> = (0..2 * n).map(|v| i64::from(v >= n)).collect();
        assert_eq!(naive::value(&game, &theta), kayles(g0, &g0.vertices()), "{g0}");
    }
}

/// The random games of the property tests are not trivial: their values spread out.
#[test]
fn random_games_are_not_trivial() {
    let mut values = std::collections::BTreeSet::new();
    for seed in 0..200 {
        let (game, theta) = random_game(6, 3, 3, seed);
        values.insert(naive::value(&game, &theta).value());
    }
    assert!(values.len() >= 4, "{values:?}");
}
