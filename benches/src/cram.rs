//! grundy-core's parallel pruned search on Cram (the ruleset of `grundy-cram-chomp`), with
//! the thread pool of the `rayon` feature that the benchmarks enable.

use grundy::cram_chomp::Cram;
use grundy::{Config, Method, Solver};

/// The parallel pruned search (solvers that split the top position's children, post the
/// values they find and abandon a child whose value another has found) gives the one-thread
/// values on boards large enough for every part of it to run.
#[test]
fn parallel_pruned_search_gives_the_solver_s_values() {
    for (h, w) in [(3, 7), (4, 5), (5, 5), (4, 7), (5, 6)] {
        let game = Cram::new(h, w).unwrap();
        let config = Config::default()
            .with_method(Method::Pruned)
            .with_table_bytes(grundy::compact::MIN_BYTES);
        let one = Solver::with_config(&game, config.clone()).value(&game.start()).unwrap();
        for threads in [2, 3] {
            let many = grundy::solver::par_value(&game, &game.start(), &config, threads);
            assert_eq!(many.unwrap(), one, "{h}x{w}, {threads} threads");
        }
    }
}
