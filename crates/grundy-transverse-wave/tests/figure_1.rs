//! Figure 1 of Burke, Ferland and Teng: "An example move for Transverse Wave".
//!
//! What survives of the figure in the text is its caption and the column labels `0123` of
//! each of its three panels a, b and c: the board has four columns numbered from 0. The number
//! of rows and the colours of the cells are lost, so the figure's board cannot be rebuilt. The
//! caption reads:
//!
//! > a: The player chooses column 2, which has a green cell. b: Indigo cells denote those that
//! > will become purple. These include the previously-green cells in column 2 as well as the
//! > green cells in rows where column 2 had purple cells. c: The new position after all cells
//! > are changed to be purple.
//!
//! Since the board is lost, the caption is checked on every board the figure could show: every
//! grid of four columns and one to four rows (69,904 boards), with the move at column 2.

use grundy_core::Ruleset;
use grundy_transverse_wave::{BoolMatrix, Grid, TransverseWave};

/// Every grid of `rows` × 4 cells.
fn four_column_grids(rows: usize) -> impl Iterator<Item = Grid> {
    (0u32..1 << (4 * rows)).map(move |bits| {
        Grid::from_matrix(BoolMatrix::from_fn(rows, 4, |r, c| bits >> (4 * r + c) & 1 == 1))
    })
}

/// The indigo cells of panel b: the green cells of column `j`, and the green cells of the rows
/// where column `j` is purple.
fn indigo_cells(grid: &Grid, j: usize) -> Vec<(usize, usize)> {
    let mut cells = Vec::new();
    for r in 0..grid.rows() {
        for c in 0..grid.cols() {
            if grid.is_green(r, c) && (c == j || !grid.is_green(r, j)) {
                cells.push((r, c));
            }
        }
    }
    cells
}

/// Panel a: column 2 can be chosen exactly when it has a green cell. Panels b and c: the move
/// turns purple exactly the indigo cells of the caption, and changes nothing else.
#[test]
fn figure_1_caption_on_every_four_column_board() {
    let mut boards = 0;
    let mut legal = 0;
    for rows in 1..=4 {
        for grid in four_column_grids(rows) {
            boards += 1;
            let has_green = (0..rows).any(|r| grid.is_green(r, 2));
            assert_eq!(TransverseWave.is_legal(&grid, &2), has_green, "{grid}");
            assert_eq!(TransverseWave.move_list(&grid).contains(&2), has_green, "{grid}");
            if !has_green {
                continue;
            }
            legal += 1;
            let after = TransverseWave.play(&grid, &2);
            let mut expected = grid.clone();
            for (r, c) in indigo_cells(&grid, 2) {
                expected.set_green(r, c, false);
            }
            assert_eq!(after, expected, "{grid}");
        }
    }
    assert_eq!(boards, 16 + 256 + 4096 + 65536);
    // Boards whose column 2 has a green cell: all but the 2^(3 rows) with column 2 all purple.
    assert_eq!(legal, (16 - 8) + (256 - 64) + (4096 - 512) + (65536 - 4096));
}

/// The caption's rule on a board of our own (not the figure's, which is lost): rows 0 and 3
/// are purple at column 2, so they turn purple whole; rows 1 and 2 only lose their cell in
/// column 2.
#[test]
fn figure_1_rule_on_a_sample_board() {
    let grid: Grid = "ggpg/gpgg/gggp/pgpg".parse().unwrap();
    assert_eq!(
        indigo_cells(&grid, 2),
        vec![(0, 0), (0, 1), (0, 3), (1, 2), (2, 2), (3, 1), (3, 3)]
    );
    assert_eq!(TransverseWave.play(&grid, &2).to_string(), "pppp/gppg/ggpp/pppp");
}
