//! The Transverse Wave family: Propositions 1, 2 and 4 of Burke, Ferland and Teng.

use grundy_nim::BoolHeaps;
use grundy_quantum::{DemiQuantumBooleanNim, Superposition};
use grundy_transverse_wave::{BoolMatrix, CrosswiseAnd, CrosswiseOr, Grid, TransverseWave};

use crate::normal::{Normalize, RowFamily};
use crate::reduction::{Isomorphism, Reduction, ReductionError};

/// The rows of a matrix as sets of the columns where the cell is `value`.
fn rows_where(matrix: &BoolMatrix, value: bool) -> impl Iterator<Item = Vec<usize>> + '_ {
    (0..matrix.rows())
        .map(move |r| (0..matrix.cols()).filter(|&c| matrix.get(r, c) == value).collect())
}

impl Normalize for TransverseWave {
    type Form = RowFamily;

    /// The family of green cells of each row: a column is playable while some row that is
    /// green there is alive, and playing it keeps exactly the rows green there.
    fn normal_form(&self, grid: &Grid) -> RowFamily {
        RowFamily::new(rows_where(grid.as_matrix(), true))
    }
}

impl Normalize for CrosswiseAnd {
    type Form = RowFamily;

    /// The family of the 1s of each row.
    fn normal_form(&self, matrix: &BoolMatrix) -> RowFamily {
        RowFamily::new(rows_where(matrix, true))
    }
}

impl Normalize for CrosswiseOr {
    type Form = RowFamily;

    /// The family of the 0s of each row.
    fn normal_form(&self, matrix: &BoolMatrix) -> RowFamily {
        RowFamily::new(rows_where(matrix, false))
    }
}

impl Normalize for DemiQuantumBooleanNim {
    type Form = RowFamily;

    /// The family of the pebbles of each live realization (a collapsed realization and a
    /// realization with no pebble are alike: every move collapses them).
    fn normal_form(&self, position: &Superposition<BoolHeaps>) -> RowFamily {
        RowFamily::new(position.live().map(|(_, row)| row.iter_ones().collect::<Vec<_>>()))
    }
}

/// Proposition 1: Transverse Wave is Crosswise AND with green = 1 (columns map to columns).
#[derive(Clone, Copy, Debug, Default)]
pub struct WaveToAnd;

impl Reduction for WaveToAnd {
    type Source = TransverseWave;
    type Target = CrosswiseAnd;

    fn source(&self) -> &TransverseWave {
        &TransverseWave
    }

    fn target(&self) -> &CrosswiseAnd {
        &CrosswiseAnd
    }

    fn map_position(&self, grid: &Grid) -> Result<BoolMatrix, ReductionError> {
        Ok(grid.as_matrix().clone())
    }

    fn map_move(&self, _: &Grid, column: &usize) -> Result<usize, ReductionError> {
        Ok(*column)
    }
}

impl Isomorphism for WaveToAnd {
    fn unmap_position(&self, matrix: &BoolMatrix) -> Result<Grid, ReductionError> {
        Ok(Grid::from_matrix(matrix.clone()))
    }

    fn unmap_move(&self, _: &BoolMatrix, column: &usize) -> Result<usize, ReductionError> {
        Ok(*column)
    }
}

/// Proposition 2: Transverse Wave is Crosswise OR with purple = 1 (columns map to columns).
#[derive(Clone, Copy, Debug, Default)]
pub struct WaveToOr;

impl Reduction for WaveToOr {
    type Source = TransverseWave;
    type Target = CrosswiseOr;

    fn source(&self) -> &TransverseWave {
        &TransverseWave
    }

    fn target(&self) -> &CrosswiseOr {
        &CrosswiseOr
    }

    fn map_position(&self, grid: &Grid) -> Result<BoolMatrix, ReductionError> {
        Ok(grid.to_or_matrix())
    }

    fn map_move(&self, _: &Grid, column: &usize) -> Result<usize, ReductionError> {
        Ok(*column)
    }
}

impl Isomorphism for WaveToOr {
    fn unmap_position(&self, matrix: &BoolMatrix) -> Result<Grid, ReductionError> {
        Ok(Grid::from_or_matrix(matrix))
    }

    fn unmap_move(&self, _: &BoolMatrix, column: &usize) -> Result<usize, ReductionError> {
        Ok(*column)
    }
}

/// Proposition 4: Demi-Quantum Boolean Nim is Crosswise AND.
///
/// Realization `i` becomes row `i` (its pebbles are the 1s; a collapsed realization becomes a
/// zero row, the paper's "numerical interpretation" of collapse), and taking the pebble of
/// heap `j` becomes selecting column `j`. Back, every row becomes a live realization.
#[derive(Clone, Copy, Debug, Default)]
pub struct DemiQuantumToAnd;

impl Reduction for DemiQuantumToAnd {
    type Source = DemiQuantumBooleanNim;
    type Target = CrosswiseAnd;

    fn source(&self) -> &DemiQuantumBooleanNim {
        &DemiQuantumBooleanNim
    }

    fn target(&self) -> &CrosswiseAnd {
        &CrosswiseAnd
    }

    fn map_position(
        &self,
        position: &Superposition<BoolHeaps>,
    ) -> Result<BoolMatrix, ReductionError> {
        let cols = position.live().map(|(_, row)| row.len()).max().unwrap_or(0);
        let mut matrix = BoolMatrix::try_new(position.len(), cols)
            .map_err(|e| ReductionError::too_large(e.to_string()))?;
        for (r, row) in position.live() {
            for c in row.iter_ones() {
                matrix.set(r, c, true);
            }
        }
        Ok(matrix)
    }

    fn map_move(
        &self,
        _: &Superposition<BoolHeaps>,
        heap: &usize,
    ) -> Result<usize, ReductionError> {
        Ok(*heap)
    }
}

impl Isomorphism for DemiQuantumToAnd {
    fn unmap_position(
        &self,
        matrix: &BoolMatrix,
    ) -> Result<Superposition<BoolHeaps>, ReductionError> {
        Ok(Superposition::from_realizations(
            (0..matrix.rows()).map(|r| BoolHeaps::from_bits(matrix.row(r))),
        ))
    }

    fn unmap_move(&self, _: &BoolMatrix, column: &usize) -> Result<usize, ReductionError> {
        Ok(*column)
    }
}
