//! Friend Circle: Proposition 3 of Burke, Ferland and Teng (Crosswise OR on a complete
//! bipartite graph).

use grundy_friend_circle::FriendCircle;
use grundy_graph::{Graph, VertexSet};
use grundy_transverse_wave::{BoolMatrix, CrosswiseOr};

use crate::normal::Normalize;
use crate::reduction::{Reduction, ReductionError};

impl Normalize for FriendCircle {
    type Form = VertexSet;

    /// The set of true edges itself (edge ids name the state, seeds name the moves).
    fn normal_form(&self, position: &VertexSet) -> VertexSet {
        position.clone()
    }
}

/// Proposition 3: Crosswise OR on an `m × n` matrix is Friend Circle on the complete bipartite
/// graph between the columns `V1 = 0..n` (the seeds) and the rows `V2 = n..n+m`, the edge
/// between column `x` and row `y` being true exactly when the cell `(y, x)` is 1. Selecting
/// column `j` is choosing seed `j`.
///
/// A reduction is built for one shape: the graph (and so the target ruleset) depends on it.
#[derive(Clone, Debug)]
pub struct CrosswiseOrToFriendCircle {
    rows: usize,
    cols: usize,
    target: FriendCircle,
}

impl CrosswiseOrToFriendCircle {
    /// The reduction for `rows × cols` matrices.
    ///
    /// # Errors
    ///
    /// [`ReductionError::TooLarge`] when the graph cannot be built.
    pub fn new(rows: usize, cols: usize) -> Result<Self, ReductionError> {
        let order = rows
            .checked_add(cols)
            .ok_or_else(|| ReductionError::too_large("rows + cols overflows"))?;
        let graph = Graph::complete_bipartite(cols, rows);
        debug_assert_eq!(graph.order(), order);
        let seeds = VertexSet::range(0..cols);
        let target = FriendCircle::new(graph, seeds)
            .map_err(|e| ReductionError::too_large(e.to_string()))?;
        Ok(CrosswiseOrToFriendCircle { rows, cols, target })
    }
}

impl Reduction for CrosswiseOrToFriendCircle {
    type Source = CrosswiseOr;
    type Target = FriendCircle;

    fn source(&self) -> &CrosswiseOr {
        &CrosswiseOr
    }

    fn target(&self) -> &FriendCircle {
        &self.target
    }

    fn map_position(&self, matrix: &BoolMatrix) -> Result<VertexSet, ReductionError> {
        if (matrix.rows(), matrix.cols()) != (self.rows, self.cols) {
            return Err(ReductionError::out_of_domain(format!(
                "a {} x {} matrix, but the reduction was built for {} x {}",
                matrix.rows(),
                matrix.cols(),
                self.rows,
                self.cols
            )));
        }
        let mut true_edges = VertexSet::new();
        for y in 0..self.rows {
            for x in 0..self.cols {
                if matrix.get(y, x) {
                    let id = self.target.edge_id(x, self.cols + y).ok_or_else(|| {
                        ReductionError::out_of_domain(format!(
                            "no edge between column {x} and row {y}"
                        ))
                    })?;
                    true_edges.insert(id);
                }
            }
        }
        Ok(true_edges)
    }

    fn map_move(&self, _: &BoolMatrix, column: &usize) -> Result<usize, ReductionError> {
        Ok(*column)
    }
}
