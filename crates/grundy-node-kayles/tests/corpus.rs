//! The Node-Kayles family of grundy-testkit's corpus of known values, run through every
//! engine: the generic solver on [`NodeKayles`] with `Method::Mex` and `Method::Pruned`, the
//! crate's [`NodeKaylesSolver`] (value and outcome) on one thread and two, and plain
//! recursion (`grundy_core::naive`) wherever the game tree is small enough.

use grundy_core::{Budget, Config, Method, Nimber, Outcome, Solver, naive};
use grundy_node_kayles::{Graph, NodeKayles, NodeKaylesSolver};
use grundy_testkit::corpus;

/// The most nodes plain recursion may visit on one case.
const NAIVE_NODES: u64 = 200_000;

#[test]
fn node_kayles_corpus() {
    let cases = corpus::node_kayles().unwrap();
    let mut naive_cases = 0;
    for case in &cases {
        let g = &case.position;
        let what = format!("{} (line {}; {})", g.name, case.line, case.source);
        let game = NodeKayles::new(Graph::from_edges(g.order, g.edges.iter().copied()).unwrap());
        let start = game.start();
        let expected = Nimber::new(case.value);
        let outcome = Outcome::from_value(expected);
        for method in [Method::Mex, Method::Pruned] {
            let config = Config::default().with_method(method);
            let value = Solver::with_config(&game, config.clone()).value(&start);
            assert_eq!(value, Ok(expected), "{what}: {method:?}");
            let found = Solver::with_config(&game, config).outcome(&start);
            assert_eq!(found, Ok(outcome), "{what}: {method:?} outcome");
        }
        for threads in [1, 2] {
            let config = Config::default().with_table_bytes(8 << 20);
            let mut solver = NodeKaylesSolver::parallel(&game, config.clone(), threads);
            assert_eq!(solver.value(&start), Ok(expected), "{what}: {threads} threads");
            let mut fresh = NodeKaylesSolver::parallel(&game, config, threads);
            assert_eq!(fresh.outcome(&start), Ok(outcome), "{what}: {threads} threads outcome");
        }
        let budget = Budget::unlimited().with_max_nodes(NAIVE_NODES);
        if let Ok(plain) = naive::value_within(&game, &start, &budget) {
            assert_eq!(plain, expected, "{what}: plain recursion");
            naive_cases += 1;
        }
    }
    // Most cases are small enough for plain recursion; the rest come from published values.
    assert!(
        naive_cases * 4 >= cases.len() * 3,
        "{naive_cases} of {} by plain recursion",
        cases.len()
    );
}
