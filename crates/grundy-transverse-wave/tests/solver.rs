//! The fast solver against plain search over the rules.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use grundy_core::{Budget, Config, Nimber, Outcome, Ruleset, SolveError, Solver, naive};
use grundy_testkit::random;
use grundy_transverse_wave::{BoolMatrix, CrosswiseAnd, Grid, WaveSolver};
use proptest::prelude::*;

/// Crosswise AND with only the two required methods: no components, no canonical forms, so
/// the generic solver searches the plain game tree (with a table of exact positions).
struct PlainAnd;

impl Ruleset for PlainAnd {
    type Position = BoolMatrix;
    type Move = usize;
    fn moves(&self, m: &BoolMatrix, moves: &mut Vec<usize>) {
        CrosswiseAnd.moves(m, moves);
    }
    fn play(&self, m: &BoolMatrix, j: &usize) -> BoolMatrix {
        CrosswiseAnd.play(m, j)
    }
}

/// Random matrices up to `rows` x `cols`, each cell 1 with a random density.
fn matrix(rows: usize, cols: usize) -> impl Strategy<Value = BoolMatrix> {
    (1..=rows, 1..=cols, 0.1f64..0.95).prop_flat_map(|(m, n, p)| {
        prop::collection::vec(prop::bool::weighted(p), m * n)
            .prop_map(move |cells| BoolMatrix::from_fn(m, n, |r, c| cells[r * n + c]))
    })
}

/// A random square board from `seed` (grundy-testkit's seeded generator), each cell 0
/// (purple) with probability `purple`.
fn board(n: usize, purple: f64, seed: u64) -> BoolMatrix {
    let rows = random::bits(n, n, 1.0 - purple, &mut random::rng(seed));
    BoolMatrix::from_fn(n, n, |r, c| rows[r][c])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn value_equals_naive(m in matrix(6, 7)) {
        let mut solver = WaveSolver::new();
        prop_assert_eq!(solver.value(&m).unwrap(), naive::value(&CrosswiseAnd, &m));
    }

    #[test]
    fn outcome_and_winning_moves_equal_naive(m in matrix(6, 7)) {
        let mut solver = WaveSolver::new();
        let outcome = solver.outcome(&m).unwrap();
        prop_assert_eq!(outcome, naive::outcome(&CrosswiseAnd, &m));
        prop_assert_eq!(outcome, Outcome::from_value(solver.value(&m).unwrap()));
        let winning = solver.winning_moves(&m).unwrap();
        prop_assert_eq!(&winning, &naive::winning_moves(&CrosswiseAnd, &m));
        prop_assert_eq!(winning.is_empty(), outcome.is_p());
        // A fresh solver (empty table) finds the same winning moves.
        prop_assert_eq!(WaveSolver::new().winning_moves(&m).unwrap(), winning);
        let values = solver.move_values(&m).unwrap();
        for (j, v) in values {
            prop_assert_eq!(v, naive::value(&CrosswiseAnd, &CrosswiseAnd.play(&m, &j)));
        }
    }

    /// Many rows (beyond one word of row indices) and few columns.
    #[test]
    fn many_rows_equal_naive(m in (66usize..90, 1usize..=5, 0.3f64..0.9).prop_flat_map(|(r, c, p)| {
        prop::collection::vec(prop::bool::weighted(p), r * c)
            .prop_map(move |cells| BoolMatrix::from_fn(r, c, |i, j| cells[i * c + j]))
    })) {
        prop_assert_eq!(WaveSolver::new().value(&m).unwrap(), naive::value(&CrosswiseAnd, &m));
    }

    /// Columns repeated an odd number of times beyond 64 columns: the same value (a class of
    /// twin columns can lose two), through the multi-word path.
    #[test]
    fn wide_boards_with_repeated_columns(m in matrix(6, 7), reps in prop::collection::vec(0usize..6, 7)) {
        let mut order = Vec::new();
        for (c, &r) in reps.iter().enumerate().take(m.cols()) {
            for _ in 0..1 + 2 * r {
                order.push(c);
            }
        }
        // Pad beyond 64 columns with all-zero columns (never selectable).
        let wide = m.select_columns(&order);
        let pad = BoolMatrix::from_fn(m.rows(), wide.cols() + 70, |r, c| c < wide.cols() && wide.get(r, c));
        prop_assert!(pad.cols() > 64);
        prop_assert_eq!(WaveSolver::new().value(&pad).unwrap(), naive::value(&CrosswiseAnd, &m));
    }
}

/// Boards too big for plain recursion against the generic solver on the plain rules.
#[test]
fn bigger_boards_equal_the_plain_generic_solver() {
    let mut fast = WaveSolver::new();
    for (n, purple, seed) in
        [(10, 0.35, 1), (11, 0.35, 2), (12, 0.35, 3), (12, 0.2, 4), (12, 0.5, 5), (13, 0.3, 6)]
    {
        let m = board(n, purple, seed);
        let mut plain = Solver::new(&PlainAnd);
        let v = plain.value(&m).unwrap();
        assert_eq!(fast.value(&m).unwrap(), v, "{m}");
        assert_eq!(fast.outcome(&m).unwrap(), Outcome::from_value(v));
        assert_eq!(fast.winning_moves(&m).unwrap(), plain.winning_moves(&m).unwrap(), "{m}");
    }
}

/// The generic solver on `CrosswiseAnd` (components and canonical forms) agrees too, and it
/// is what other crates get through the trait.
#[test]
fn bigger_boards_equal_the_generic_solver_with_shortcuts() {
    let mut fast = WaveSolver::new();
    let mut generic = Solver::new(&CrosswiseAnd);
    for seed in 1..=4 {
        let m = board(14, 0.35, seed);
        assert_eq!(fast.value(&m).unwrap(), generic.value(&m).unwrap(), "{m}");
    }
}

/// Boards of more than 64 rows and columns with values known by hand.
#[test]
fn wide_boards_with_known_values() {
    let mut solver = WaveSolver::new();
    // All green: every column is a `*`.
    for cols in [64, 65, 128, 130, 131] {
        let g = Grid::green(3, cols);
        assert_eq!(solver.grid_value(&g).unwrap(), Nimber::new((cols % 2) as u64), "3 x {cols}");
    }
    // Pairwise disjoint green rows of 41, 60 and 29 cells: the first move picks a row and the
    // others die; what is left is a row of 40, 59 or 28 cells, of value 0, * or 0.
    let m = BoolMatrix::from_fn(3, 130, |r, c| match r {
        0 => c <= 40,
        1 => (41..=100).contains(&c),
        _ => c >= 101,
    });
    assert_eq!(solver.value(&m).unwrap(), Nimber::new(2));
    // Winning: a move in the row of 41 or of 29 cells, leaving 40 or 28 (value 0).
    assert_eq!(solver.winning_moves(&m).unwrap(), (0..=40).chain(101..130).collect::<Vec<_>>());
    // The n x n diagonal (row i purple only at column i): a move leaves the (n − 1)-diagonal
    // and the 1-diagonal has no move, so the value is * exactly when n is even.
    for n in [63, 64, 65, 70, 71] {
        let diagonal =
            Grid::from_purple_columns(n, &(0..n).map(|r| vec![r]).collect::<Vec<_>>()).unwrap();
        assert_eq!(
            solver.grid_value(&diagonal).unwrap(),
            Nimber::new(((n + 1) % 2) as u64),
            "n = {n}"
        );
    }
}

#[test]
fn budgets_stop_the_search_and_keep_what_was_proved() {
    let m = board(24, 0.35, 1);
    let config = Config::default().with_budget(Budget::unlimited().with_max_nodes(10));
    let mut solver = WaveSolver::with_config(config);
    assert_eq!(solver.value(&m), Err(SolveError::NodeLimit { limit: 10 }));
    assert_eq!(solver.outcome(&m), Err(SolveError::NodeLimit { limit: 10 }));
    assert!(solver.table_len() > 0);
    solver.set_budget(Budget::unlimited());
    let v = solver.value(&m).unwrap();
    assert_eq!(WaveSolver::new().value(&m).unwrap(), v);

    let mut slow = WaveSolver::new();
    slow.set_budget(Budget::unlimited().with_time_limit(Duration::from_nanos(1)));
    assert!(matches!(slow.value(&m), Err(SolveError::TimeLimit { .. })));

    let flag = Arc::new(AtomicBool::new(false));
    let mut cancelled = WaveSolver::new();
    cancelled.set_budget(Budget::unlimited().with_cancel_flag(flag.clone()));
    flag.store(true, Ordering::Relaxed);
    assert_eq!(cancelled.value(&m), Err(SolveError::Cancelled));
    flag.store(false, Ordering::Relaxed);
    assert_eq!(cancelled.value(&m), Ok(v));
}

#[test]
fn the_three_games_through_the_fast_solver() {
    let mut solver = WaveSolver::new();
    let grid: Grid = "ggpg/gggp/pggg".parse().unwrap();
    let v = solver.grid_value(&grid).unwrap();
    assert_eq!(v, naive::value(&CrosswiseAnd, grid.as_matrix()));
    assert_eq!(solver.or_value(&grid.to_or_matrix()).unwrap(), v);
    assert_eq!(solver.grid_outcome(&grid).unwrap(), Outcome::from_value(v));
    assert_eq!(solver.or_outcome(&grid.to_or_matrix()).unwrap(), Outcome::from_value(v));
    let winning = solver.grid_winning_moves(&grid).unwrap();
    assert_eq!(solver.or_winning_moves(&grid.to_or_matrix()).unwrap(), winning);
    assert_eq!(winning, naive::winning_moves(&CrosswiseAnd, grid.as_matrix()));
    // Degenerate boards.
    assert_eq!(solver.value(&BoolMatrix::new(0, 0)).unwrap(), Nimber::ZERO);
    assert_eq!(solver.value(&BoolMatrix::new(3, 0)).unwrap(), Nimber::ZERO);
    assert_eq!(solver.value(&BoolMatrix::new(0, 5)).unwrap(), Nimber::ZERO);
    assert_eq!(solver.winning_moves(&BoolMatrix::new(2, 2)).unwrap(), Vec::<usize>::new());
    let stats = solver.stats();
    assert!(stats.table_lookups >= stats.table_hits);
    solver.clear();
    assert_eq!(solver.table_len(), 0);
}
