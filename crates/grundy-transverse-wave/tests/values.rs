//! Table 2 of the paper, the value search that extends it, and the bound it relies on.

use grundy_core::{Budget, Nimber, Ruleset, SolveError, Solver, naive};
use grundy_transverse_wave::search::ValueSearch;
use grundy_transverse_wave::{
    BoolMatrix, CrosswiseAnd, Grid, SearchError, SearchLimits, TransverseWave, WaveSolver,
    smallest_with_value,
};

/// Table 2: the shorthand (rows by their purple columns, then columns purple nowhere), the
/// number of columns it implies, and the value.
const TABLE_2: [(&str, usize, u64); 8] = [
    ("(0)", 1, 0),
    ("(0) (01)", 2, 1),
    ("(01) (2)", 3, 2),
    ("(01) (2) 3", 4, 3),
    ("(01) (234) (035)", 6, 4),
    ("(01) (234) (035) 6", 7, 5),
    ("(012) (034) (0156) (2578)", 9, 6),
    ("(012) (034) (0156) (2578) 9", 10, 7),
];

#[test]
fn table_2_of_the_paper() {
    let mut solver = WaveSolver::new();
    for (shorthand, cols, value) in TABLE_2 {
        let grid = Grid::from_shorthand(shorthand).unwrap();
        assert_eq!(grid.cols(), cols, "{shorthand}");
        assert_eq!(grid.shorthand(), shorthand);
        assert_eq!(solver.grid_value(&grid).unwrap(), Nimber::new(value), "{shorthand}");
        assert_eq!(naive::value(&TransverseWave, &grid), Nimber::new(value), "{shorthand}");
    }
    // The *3 example spelled out in the caption.
    assert_eq!(Grid::from_shorthand("(01) (2) 3").unwrap().to_string(), "ppgg/ggpg");
}

/// The smallest grids found by `examples/value_search.rs` (docs/transverse-wave-values.md):
/// each has its value, by the fast solver and by plain search.
const SMALLEST: [(&str, u64); 10] = [
    ("p", 0),
    ("g", 1),
    ("ppg/ggp", 2),
    ("gppg/gggp", 3),
    ("ppgpgg/ggppgp/ggggpp", 4),
    ("gppgpgg/gggppgp/gggggpp", 5),
    ("ppgggpppg/ggppggpgg/ggggpppgp/gggggggpp", 6),
    ("gppgggpppg/gggppggpgg/gggggpppgp/ggggggggpp", 7),
    ("ppgggpgppgg/ggppgggpppg/ggggppggpgg/ggggggpppgp/gggggggggpp", 8),
    ("gppgggpgppgg/gggppgggpppg/gggggppggpgg/gggggggpppgp/ggggggggggpp", 9),
];

#[test]
fn the_smallest_grids_have_their_values() {
    let mut solver = WaveSolver::new();
    for (text, value) in SMALLEST {
        let grid: Grid = text.parse().unwrap();
        assert_eq!(solver.grid_value(&grid).unwrap(), Nimber::new(value), "{text}");
        let plain = if grid.cols() <= 10 {
            naive::value(&TransverseWave, &grid)
        } else {
            // Plain rules, generic solver with a table of whole positions.
            Solver::new(&Plain).value(grid.as_matrix()).unwrap()
        };
        assert_eq!(plain, Nimber::new(value), "{text}");
    }
}

/// Beyond the exhaustive search: grids of value *10 and *11 (six rows), found by extending the
/// *9 grid (`examples/star10_upper_bound.rs`); upper bounds, not proved smallest.
#[test]
fn star_10_and_star_11_upper_bounds() {
    let star10 =
        "gppgggpgppgggg/gggppgggpppggp/gggggppggpgggg/gggggggpppgppg/ggggggggggppgg/pgggppgpppgpgg";
    let grid: Grid = star10.parse().unwrap();
    assert_eq!((grid.rows(), grid.cols()), (6, 14));
    assert_eq!(WaveSolver::new().grid_value(&grid).unwrap(), Nimber::new(10));
    assert_eq!(Solver::new(&Plain).value(grid.as_matrix()).unwrap(), Nimber::new(10));
    // With an all-green column: *11.
    let m = grid.as_matrix();
    let star11 = BoolMatrix::from_fn(6, 15, |r, c| c == 0 || m.get(r, c - 1));
    assert_eq!(WaveSolver::new().value(&star11).unwrap(), Nimber::new(11));
    assert_eq!(Solver::new(&Plain).value(&star11).unwrap(), Nimber::new(11));
}

/// Crosswise AND with only its two required methods.
struct Plain;

impl Ruleset for Plain {
    type Position = BoolMatrix;
    type Move = usize;
    fn moves(&self, m: &BoolMatrix, moves: &mut Vec<usize>) {
        CrosswiseAnd.moves(m, moves);
    }
    fn play(&self, m: &BoolMatrix, j: &usize) -> BoolMatrix {
        CrosswiseAnd.play(m, j)
    }
}

/// The search reproduces the small values, with the sizes of the table and minimality proved.
#[test]
fn search_reproduces_the_small_values() {
    let mut search = ValueSearch::new(SearchLimits::new().with_max_rows(4));
    for (text, value) in &SMALLEST[..8] {
        let found = search.smallest(Nimber::new(*value)).unwrap().expect("found");
        let expected: Grid = text.parse().unwrap();
        assert_eq!(
            (found.grid.rows(), found.grid.cols()),
            (expected.rows(), expected.cols()),
            "*{value}"
        );
        assert_eq!(found.grid, expected, "*{value}");
        assert!(found.minimal);
        assert_eq!(WaveSolver::new().grid_value(&found.grid).unwrap(), Nimber::new(*value));
    }
    assert!(search.stats().evaluated > 0);
    let grid = smallest_with_value(Nimber::new(2), &SearchLimits::new()).unwrap().unwrap();
    assert_eq!(grid.to_string(), "ppg/ggp");
}

/// *8 and *9 (five rows; a few minutes in release mode):
/// `cargo test --release -p grundy-transverse-wave --test values -- --ignored`.
#[test]
#[ignore = "minutes in release mode"]
fn search_finds_star_8_and_star_9() {
    let mut search = ValueSearch::new(SearchLimits::new().with_max_rows(5));
    for (text, value) in &SMALLEST[8..] {
        let found = search.smallest(Nimber::new(*value)).unwrap().expect("found");
        assert_eq!(found.grid.to_string(), *text);
        assert!(found.minimal);
    }
}

#[test]
fn search_limits_and_errors() {
    // *4 needs three rows.
    let two_rows = SearchLimits::new().with_max_rows(2);
    assert_eq!(smallest_with_value(Nimber::new(4), &two_rows), Ok(None));
    // *2 needs three columns.
    let two_cols = SearchLimits::new().with_max_cols(2);
    assert_eq!(smallest_with_value(Nimber::new(2), &two_cols), Ok(None));
    let tiny = SearchLimits::new().with_budget(Budget::unlimited().with_max_nodes(5));
    assert_eq!(
        smallest_with_value(Nimber::new(6), &tiny),
        Err(SearchError::Stopped(SolveError::NodeLimit { limit: 5 }))
    );
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let cancelled = SearchLimits::new().with_budget(Budget::unlimited().with_cancel_flag(flag));
    assert_eq!(
        smallest_with_value(Nimber::new(6), &cancelled),
        Err(SearchError::Stopped(SolveError::Cancelled))
    );
    let many = SearchLimits::new().with_max_rows(9);
    assert_eq!(
        smallest_with_value(Nimber::new(6), &many),
        Err(SearchError::TooManyRows { asked: 9, max: SearchLimits::MAX_ROWS })
    );
}

/// The bound behind the search order: a grid of `m` rows has value at most `2m − 1`; value
/// `2m − 1` needs an odd number of all-green columns and `2m − 2` an even number. Checked on
/// every grid of at most 3 rows and 6 columns, and of 4 rows and 4 columns.
#[test]
fn value_bound_by_rows() {
    let mut solver = WaveSolver::new();
    for (m, max_n) in [(1, 6), (2, 6), (3, 6), (4, 4)] {
        for n in 1..=max_n {
            for cells in 0..1u64 << (m * n) {
                let matrix = BoolMatrix::from_fn(m, n, |r, c| cells >> (r * n + c) & 1 == 1);
                let v = solver.value(&matrix).unwrap().value();
                let top = 2 * m as u64 - 1;
                assert!(v <= top, "{matrix} has value {v}");
                let all_green = (0..n).filter(|&c| matrix.column_all(c)).count();
                if v == top {
                    assert_eq!(all_green % 2, 1, "{matrix}");
                }
                if v + 1 == top {
                    assert_eq!(all_green % 2, 0, "{matrix}");
                }
            }
        }
    }
}

/// The valuations of the candidates run under the search's budget: they report their
/// positions to its progress, so more positions than multisets are counted.
#[test]
fn valuations_obey_the_search_budget() {
    use std::sync::Arc;

    let progress = Arc::new(grundy_core::Progress::new());
    let limits = SearchLimits::new()
        .with_max_rows(4)
        .with_budget(Budget::unlimited().with_progress(Arc::clone(&progress)));
    let mut search = ValueSearch::new(limits);
    search.smallest(Nimber::new(5)).unwrap().expect("found");
    let stats = search.stats();
    assert!(stats.evaluated > 0);
    assert!(progress.nodes() > stats.multisets, "{} {}", progress.nodes(), stats.multisets);
}
