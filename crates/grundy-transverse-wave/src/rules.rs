//! The three rulesets of the paper: [`TransverseWave`], [`CrosswiseAnd`], [`CrosswiseOr`].
//!
//! Each plays its own rule literally (purple waves, row-wise AND, row-wise OR), so that the
//! isomorphisms of Propositions 1 and 2 are checked, not assumed. For the generic
//! [`Solver`](grundy_core::Solver) each also splits positions into independent parts
//! ([`components`](Ruleset::components), with the value reduction of the crate docs) and keys
//! its table by a canonical form that keeps the game tree ([`canonical`](Ruleset::canonical):
//! zero, repeated and dominated rows dropped, unused columns dropped, rows sorted), which is
//! also safe for misère play.

use grundy_core::Ruleset;

use crate::family::{canonical_matrix, matrix_components};
use crate::{BoolMatrix, Grid};

/// Transverse Wave (Ruleset 1 of the paper): select a column with a green cell; the column
/// turns purple, and so does every row that had a purple cell in that column.
///
/// A move is a column index (from 0). The grid keeps its size: dead rows stay all purple.
///
/// ```
/// use grundy_core::{Nimber, Ruleset, Solver};
/// use grundy_transverse_wave::{Grid, TransverseWave};
///
/// let grid: Grid = "ggpg/gggp/pggg".parse()?;
/// assert_eq!(TransverseWave.play(&grid, &2).to_string(), "pppp/ggpp/pgpg");
/// assert_eq!(Solver::new(&TransverseWave).value(&grid)?, Nimber::ONE);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TransverseWave;

impl Ruleset for TransverseWave {
    type Position = Grid;
    type Move = usize;

    fn moves(&self, grid: &Grid, moves: &mut Vec<usize>) {
        moves.extend((0..grid.cols()).filter(|&c| grid.is_feasible(c)));
    }

    fn play(&self, grid: &Grid, &column: &usize) -> Grid {
        let mut next = grid.clone();
        for r in 0..grid.rows() {
            if !grid.is_green(r, column) {
                for c in 0..grid.cols() {
                    next.set_green(r, c, false);
                }
            }
            next.set_green(r, column, false);
        }
        next
    }

    fn is_legal(&self, grid: &Grid, &column: &usize) -> bool {
        grid.is_feasible(column)
    }

    fn components(&self, grid: &Grid, components: &mut Vec<Grid>) {
        components.extend(matrix_components(grid.as_matrix()).into_iter().map(Grid::from_matrix));
    }

    fn canonical(&self, grid: &Grid) -> Grid {
        Grid::from_matrix(canonical_matrix(grid.as_matrix()))
    }
}

/// Crosswise AND (Ruleset 2): select a column that is not all 0; every row is ANDed with its
/// bit in that column, then the column is cleared. Isomorphic to Transverse Wave with green =
/// 1 (Proposition 1).
///
/// ```
/// use grundy_core::{Ruleset, Solver, Nimber};
/// use grundy_transverse_wave::{BoolMatrix, CrosswiseAnd};
///
/// let m: BoolMatrix = "1101/1110/0111".parse()?;
/// assert_eq!(CrosswiseAnd.play(&m, &2).to_string(), "0000/1100/0101");
/// assert_eq!(Solver::new(&CrosswiseAnd).value(&m)?, Nimber::ONE);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CrosswiseAnd;

impl Ruleset for CrosswiseAnd {
    type Position = BoolMatrix;
    type Move = usize;

    fn moves(&self, m: &BoolMatrix, moves: &mut Vec<usize>) {
        moves.extend((0..m.cols()).filter(|&c| m.column_any(c)));
    }

    fn play(&self, m: &BoolMatrix, &column: &usize) -> BoolMatrix {
        let mut next = m.clone();
        for r in 0..m.rows() {
            let bit = m.get(r, column);
            for c in 0..m.cols() {
                let cell = next.get(r, c) && bit;
                next.set(r, c, cell);
            }
            next.set(r, column, false);
        }
        next
    }

    fn is_legal(&self, m: &BoolMatrix, &column: &usize) -> bool {
        column < m.cols() && m.column_any(column)
    }

    fn components(&self, m: &BoolMatrix, components: &mut Vec<BoolMatrix>) {
        components.extend(matrix_components(m));
    }

    fn canonical(&self, m: &BoolMatrix) -> BoolMatrix {
        canonical_matrix(m)
    }
}

/// Crosswise OR (Ruleset 3): select a column that is not all 1; every row is ORed with its
/// bit in that column, then the column is set. Isomorphic to Transverse Wave with green = 0
/// (Proposition 2).
///
/// ```
/// use grundy_core::{Ruleset, Solver, Nimber};
/// use grundy_transverse_wave::{BoolMatrix, CrosswiseOr};
///
/// let m: BoolMatrix = "0010/0001/1000".parse()?;
/// assert_eq!(CrosswiseOr.play(&m, &2).to_string(), "1111/0011/1010");
/// assert_eq!(Solver::new(&CrosswiseOr).value(&m)?, Nimber::ONE);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CrosswiseOr;

impl Ruleset for CrosswiseOr {
    type Position = BoolMatrix;
    type Move = usize;

    fn moves(&self, m: &BoolMatrix, moves: &mut Vec<usize>) {
        moves.extend((0..m.cols()).filter(|&c| !m.column_all(c)));
    }

    fn play(&self, m: &BoolMatrix, &column: &usize) -> BoolMatrix {
        let mut next = m.clone();
        for r in 0..m.rows() {
            let bit = m.get(r, column);
            for c in 0..m.cols() {
                let cell = next.get(r, c) || bit;
                next.set(r, c, cell);
            }
            next.set(r, column, true);
        }
        next
    }

    fn is_legal(&self, m: &BoolMatrix, &column: &usize) -> bool {
        column < m.cols() && !m.column_all(column)
    }

    fn components(&self, m: &BoolMatrix, components: &mut Vec<BoolMatrix>) {
        components.extend(matrix_components(&m.complement()).iter().map(BoolMatrix::complement));
    }

    fn canonical(&self, m: &BoolMatrix) -> BoolMatrix {
        canonical_matrix(&m.complement()).complement()
    }
}
