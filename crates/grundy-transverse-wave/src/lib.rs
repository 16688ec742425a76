//! Transverse Wave, Crosswise AND and Crosswise OR for the grundy library: rulesets, a fast
//! solver and the Pascal-like nimber triangle.
//!
//! Transverse Wave (Burke, Ferland and Teng, *Transverse Wave: an impartial color-
//! propagation game inspired by social influence and quantum Nim*) is played on a grid of
//! green and purple cells: a move selects a column with a green cell; the column turns purple,
//! and so does every row that had a purple cell in it. Crosswise AND and Crosswise OR are the
//! same game on Boolean matrices (green = 1, respectively green = 0).
//!
//! ```
//! use grundy_core::{Nimber, Outcome, Solver};
//! use grundy_transverse_wave::{Grid, TransverseWave, WaveSolver, theorem1_value};
//!
//! // Table 2's *4: three rows, purple at columns 0 1, at 2 3 4 and at 0 3 5.
//! let grid: Grid = "ppgggg/ggpppg/pggpgp".parse()?;
//! let mut solver = WaveSolver::new();
//! assert_eq!(solver.grid_value(&grid)?, Nimber::new(4));
//! assert_eq!(solver.grid_winning_moves(&grid)?, vec![0, 1]);
//! // The generic solver agrees (it is slower on big boards).
//! assert_eq!(Solver::new(&TransverseWave).value(&grid)?, Nimber::new(4));
//!
//! // A 40 x 40 board, purple on the diagonal: a move leaves the 39 x 39 diagonal (with a
//! // dead row), and so on; the value alternates.
//! let big = Grid::from_purple_columns(40, &(0..40).map(|r| vec![r]).collect::<Vec<_>>())?;
//! assert_eq!(solver.grid_outcome(&big)?, Outcome::N);
//! // Theorem 1 (one purple cell per selectable column) agrees here: p = k = 40, G' = *.
//! assert_eq!(theorem1_value(&big), Some(Nimber::ONE));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Structure used by the solver
//!
//! In Crosswise AND a row survives the move `j` exactly when it has a 1 at `j`. So after a set
//! `S` of columns has been played, in any order, the position is `{r \ S : S ⊆ r}` over the
//! rows `r` seen as sets of columns, and `S` can be played exactly when some row contains it:
//! the game adds vertices to a face of the simplicial complex whose facets are the rows.
//! [`WaveSolver`] uses the consequences (each checked against plain search in the tests):
//! dominated rows drop out, a column in every row is an independent `*`, classes of three or
//! more twin columns can be cut by two, disjoint rows have a closed form, and a *join* (the
//! rows are all unions of a row of one column group and a row of the other) is a disjunctive
//! sum. The rulesets use the game-preserving part of this for the generic
//! [`Solver`](grundy_core::Solver) too.
//!
//! # Contents
//!
//! - [`BoolMatrix`] (any size, packed) and [`Grid`] (green/purple, the paper's shorthand),
//!   with text forms and [`ParseError`];
//! - the rulesets [`TransverseWave`], [`CrosswiseAnd`], [`CrosswiseOr`] (a move is a column);
//! - [`WaveSolver`]: values, outcomes and winning moves, bounded by a
//!   [`Budget`](grundy_core::Budget);
//! - Theorem 1: [`pascal_value`], [`theorem1_value`] (as printed, false in part) and
//!   [`theorem1_corrected_value`];
//! - [`smallest_with_value`]: the smallest grid of a given value (extends the paper's Table 2).
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod family;
mod grid;
mod matrix;
mod rules;
pub mod search;
mod solver;
pub mod theorem;

pub use grid::Grid;
pub use matrix::{BoolMatrix, ParseError};
pub use rules::{CrosswiseAnd, CrosswiseOr, TransverseWave};
pub use search::{SearchError, SearchLimits, smallest_with_value};
pub use solver::WaveSolver;
pub use theorem::{
    PascalParams, pascal_value, theorem1_corrected_value, theorem1_params, theorem1_value,
};
