//! The length of a Transverse Wave game (Burke, Ferland and Teng, §1.2, after Figure 1):
//!
//! > Note that purple cells cannot change to green, and each move increases the number of
//! > purple cells in the grid by at least one. In fact, each move turns at least one column
//! > into one with all purple cells. Thus, any position with dimension m by n must end in at
//! > most n turns, and height of Transverse Wave's game tree is at most n.
//!
//! The longest play of a position (the height of its game tree: the most moves any sequence of
//! legal moves from it can make before a terminal position) is computed by memoised recursion
//! over [`TransverseWave`]'s moves and checked against the bound `n`, exhaustively on small
//! shapes and on random larger boards. The bound is tight: an all-green grid lasts exactly `n`
//! moves whatever the order. The proof's steps (purple stays purple, every move adds a purple
//! cell and leaves the selected column all purple) are checked move by move, and so is the
//! sharper bound they give: at most one move per column that still has a green cell. The exact
//! height, our observation, is the largest number of green cells in one row.

use std::collections::HashMap;

use grundy_core::length::longest_play;
use grundy_core::{Ruleset, naive};
use grundy_transverse_wave::{BoolMatrix, Grid, TransverseWave};
use proptest::prelude::*;

/// The number of columns with a green cell (the columns that can still be selected).
fn feasible_columns(grid: &Grid) -> usize {
    (0..grid.cols()).filter(|&c| grid.is_feasible(c)).count()
}

/// The largest number of green cells in one row.
fn greenest_row(grid: &Grid) -> usize {
    (0..grid.rows())
        .map(|r| (0..grid.cols()).filter(|&c| grid.is_green(r, c)).count())
        .max()
        .unwrap_or(0)
}

/// The number of grids of the shape with an all-green row: `2^(mn) − (2^n − 1)^m`.
fn with_an_all_green_row(rows: usize, cols: usize) -> usize {
    let without = (0..rows).fold(1, |acc, _| acc * ((1usize << cols) - 1));
    (1 << (rows * cols)) - without
}

/// The number of purple cells.
fn purple_cells(grid: &Grid) -> usize {
    grid.rows() * grid.cols() - grid.as_matrix().count_ones()
}

/// Every grid of `rows` × `cols` cells.
fn all_grids(rows: usize, cols: usize) -> impl Iterator<Item = Grid> {
    let cells = rows * cols;
    (0u64..1 << cells).map(move |bits| {
        Grid::from_matrix(BoolMatrix::from_fn(rows, cols, |r, c| bits >> (r * cols + c) & 1 == 1))
    })
}

/// The steps of the paper's argument, on one move: no purple cell turns green, the number of
/// purple cells grows, and the selected column is all purple afterwards (so it can never be
/// selected again).
fn check_move(grid: &Grid, column: usize) {
    let next = TransverseWave.play(grid, &column);
    for r in 0..grid.rows() {
        for c in 0..grid.cols() {
            assert!(grid.is_green(r, c) || !next.is_green(r, c), "{grid} -{column}-> {next}");
        }
        assert!(!next.is_green(r, column), "{grid} -{column}-> {next}");
    }
    assert!(purple_cells(&next) > purple_cells(grid), "{grid} -{column}-> {next}");
    assert!(!next.is_feasible(column));
}

/// Checks every grid of the shape: the longest play is at most `n` and at most the number of
/// feasible columns, and every move follows the argument. Returns the longest play over the
/// shape and how many grids reach `n`.
fn check_shape(rows: usize, cols: usize) -> (usize, usize) {
    let mut memo = HashMap::new();
    let (mut most, mut reaching_n) = (0, 0);
    for grid in all_grids(rows, cols) {
        let longest = longest_play(&TransverseWave, &grid, &mut memo);
        assert!(longest <= cols, "{grid}: a play of {longest} moves on {cols} columns");
        assert!(longest <= feasible_columns(&grid), "{grid}: {longest} moves");
        for column in TransverseWave.move_list(&grid) {
            check_move(&grid, column);
        }
        most = most.max(longest);
        reaching_n += usize::from(longest == cols);
    }
    (most, reaching_n)
}

#[test]
fn longest_play_of_known_boards() {
    let mut memo = HashMap::new();
    let mut longest =
        |text: &str| longest_play(&TransverseWave, &text.parse::<Grid>().unwrap(), &mut memo);
    // All green: every move paints only its own column, so all n columns get played.
    assert_eq!(longest("g"), 1);
    assert_eq!(longest("gggg/gggg/gggg"), 4);
    // Nothing to select.
    assert_eq!(longest("pp/pp"), 0);
    // Either move paints everything (each column is purple in the row the other is green in).
    assert_eq!(longest("pg/gp"), 1);
    // Column 0 turns row 1 purple (and with it column 2); column 1 is still green in row 0.
    // Column 1 first waves no row, and then column 0 or column 2 ends the game: two moves
    // either way, while three columns were feasible.
    assert_eq!(longest("ggp/pgg"), 2);
    assert_eq!(feasible_columns(&"ggp/pgg".parse().unwrap()), 3);
}

/// Every grid up to 4 × 4, and 1 × 8, 2 × 6, 3 × 5 and 5 × 3: 144,842 boards, each with its
/// moves. The bound `n` is reached on every shape (the all-green grid is one of the boards
/// reaching it), and no board lasts longer than its number of feasible columns. The boards
/// reaching `n` are `2^(mn) − (2^n − 1)^m` on each shape: those with an all-green row (see
/// [`longest_play_is_the_greenest_row`]).
#[test]
fn bound_n_holds_and_is_reached_on_small_shapes() {
    let mut shapes: Vec<(usize, usize)> =
        (1..=4).flat_map(|m| (1..=4).map(move |n| (m, n))).collect();
    shapes.extend([(1, 8), (2, 6), (3, 5), (5, 3)]);
    let mut boards = 0;
    for (rows, cols) in shapes {
        let (most, reaching_n) = check_shape(rows, cols);
        assert_eq!(most, cols, "{rows} x {cols}");
        assert_eq!(reaching_n, with_an_all_green_row(rows, cols), "{rows} x {cols}");
        let mut memo = HashMap::new();
        assert_eq!(longest_play(&TransverseWave, &Grid::green(rows, cols), &mut memo), cols);
        boards += 1 << (rows * cols);
    }
    assert_eq!(boards, 144_842);
}

/// Our observation, not the paper's: the longest play is exactly the largest number of green
/// cells in one row. In Crosswise AND terms (green = 1, rows as sets of columns), after a set
/// `S` of columns has been played the live rows are those containing `S`, and a column can be
/// played next iff some live row contains it: so a play is a sequence of columns all in one
/// row, and any order of the green columns of a row is a play. Hence the bound `n` is reached
/// exactly by the boards with an all-green row. Checked against the search on every grid up
/// to 4 × 4 and on 2 × 6 and 3 × 5.
#[test]
fn longest_play_is_the_greenest_row() {
    let mut shapes: Vec<(usize, usize)> =
        (1..=4).flat_map(|m| (1..=4).map(move |n| (m, n))).collect();
    shapes.extend([(2, 6), (3, 5)]);
    for (rows, cols) in shapes {
        let mut memo = HashMap::new();
        for grid in all_grids(rows, cols) {
            let longest = longest_play(&TransverseWave, &grid, &mut memo);
            assert_eq!(longest, greenest_row(&grid), "{grid}");
        }
    }
}

/// Every grid of 4 × 5 and 5 × 4 (2^20 boards each, about 7 s). Ignored: run with
/// `cargo test -p grundy-transverse-wave --test length -- --ignored`.
#[test]
#[ignore = "exhaustive 4 x 5 and 5 x 4, about 7 s"]
fn bound_n_holds_on_4_by_5_and_5_by_4() {
    for (rows, cols) in [(4, 5), (5, 4)] {
        let (most, reaching_n) = check_shape(rows, cols);
        assert_eq!(most, cols);
        assert_eq!(reaching_n, with_an_all_green_row(rows, cols));
    }
}

fn matrix(rows: usize, cols: usize) -> impl Strategy<Value = BoolMatrix> {
    (1..=rows, 1..=cols, 0.1f64..0.95).prop_flat_map(|(m, n, p)| {
        prop::collection::vec(prop::bool::weighted(p), m * n)
            .prop_map(move |cells| BoolMatrix::from_fn(m, n, |r, c| cells[r * n + c]))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Random boards up to 7 × 10: the longest play is at most `n` and at most the number of
    /// feasible columns (it is the greenest row's number of green cells), and every move of the
    /// first position follows the argument.
    #[test]
    fn bound_n_holds_on_random_boards(m in matrix(7, 10)) {
        let grid = Grid::from_matrix(m);
        let longest = longest_play(&TransverseWave, &grid, &mut HashMap::new());
        prop_assert!(longest <= grid.cols());
        prop_assert!(longest <= feasible_columns(&grid));
        prop_assert_eq!(longest, greenest_row(&grid));
        for column in TransverseWave.move_list(&grid) {
            check_move(&grid, column);
        }
    }

    /// The memoised search agrees with plain recursion.
    #[test]
    fn memoised_longest_play_equals_plain_recursion(m in matrix(4, 6)) {
        let grid = Grid::from_matrix(m);
        prop_assert_eq!(
            longest_play(&TransverseWave, &grid, &mut HashMap::new()),
            naive::longest_play(&TransverseWave, &grid)
        );
    }
}
