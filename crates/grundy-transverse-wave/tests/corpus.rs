//! The Crosswise AND family of grundy-testkit's corpus of known values, run through every
//! engine: [`WaveSolver`] (value and outcome), the generic solver on [`CrosswiseAnd`] with
//! `Method::Mex` and `Method::Pruned`, and plain recursion (`grundy_core::naive`) wherever the
//! game tree is small enough.

use grundy_core::{Budget, Config, Method, Nimber, Outcome, Solver, naive};
use grundy_testkit::corpus;
use grundy_transverse_wave::{BoolMatrix, CrosswiseAnd, WaveSolver};

/// The most nodes plain recursion may visit on one case.
const NAIVE_NODES: u64 = 200_000;

#[test]
fn crosswise_and_corpus() {
    let cases = corpus::crosswise_and().unwrap();
    let mut naive_cases = 0;
    for case in &cases {
        let b = &case.position;
        let what = format!("{} (line {}; {})", b.text, case.line, case.source);
        let m = BoolMatrix::from_rows(&b.cells).unwrap();
        assert_eq!(b.text.parse::<BoolMatrix>().unwrap(), m, "{what}");
        let expected = Nimber::new(case.value);
        let outcome = Outcome::from_value(expected);
        assert_eq!(WaveSolver::new().value(&m), Ok(expected), "{what}: WaveSolver");
        assert_eq!(WaveSolver::new().outcome(&m), Ok(outcome), "{what}: WaveSolver outcome");
        for method in [Method::Mex, Method::Pruned] {
            let config = Config::default().with_method(method);
            let value = Solver::with_config(&CrosswiseAnd, config.clone()).value(&m);
            assert_eq!(value, Ok(expected), "{what}: {method:?}");
            let found = Solver::with_config(&CrosswiseAnd, config).outcome(&m);
            assert_eq!(found, Ok(outcome), "{what}: {method:?} outcome");
        }
        let budget = Budget::unlimited().with_max_nodes(NAIVE_NODES);
        if let Ok(plain) = naive::value_within(&CrosswiseAnd, &m, &budget) {
            assert_eq!(plain, expected, "{what}: plain recursion");
            naive_cases += 1;
        }
    }
    assert_eq!(naive_cases, cases.len(), "every case is small enough for plain recursion");
}
