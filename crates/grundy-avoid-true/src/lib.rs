//! Avoid True and the Rechargeable Boolean Nims for the grundy library.
//!
//! Section 4.1 of Burke, Ferland, Teng et al., *Transverse Wave: an impartial
//! color-propagation game inspired by social influence and quantum Nim*:
//!
//! - [`AvoidTrue`] (Ruleset 7, Schaefer): make variables true one at a time without making a
//!   positive CNF formula true. Positions ([`AvoidTruePosition`]) hold the formula, so other
//!   games' positions map onto whole Avoid True positions; [`Formula`] parses
//!   `(x1 | x2 | x3) & (x1 | x4)` with named variables.
//! - [`RechargeableBipartite`] (Ruleset 8) and [`RechargeableHypergraph`] (Ruleset 9): the
//!   graph readings of Theorem 4, which makes Avoid True isomorphic to Demi-Quantum Boolean
//!   Nim (each realization is the clause of its empty heaps).
//!
//! ```
//! use grundy_avoid_true::{AvoidTrue, Formula};
//! use grundy_core::{Nimber, Ruleset, Solver, naive};
//!
//! // The second worked example of Theorem 4, with x8 already true.
//! let formula: Formula = "(x1 ∨ x2 ∨ x3 ∨ x4) ∧ (x1 ∨ x5 ∨ x6 ∨ x7) ∧ (x1 ∨ x3 ∨ x6) ∧ (x2 ∨ x5 ∨ x8)".parse()?;
//! let p = formula.position(&["x8"])?;
//! assert_eq!(p.variables(), 8);
//! // x1 is in clauses A, B and C: choosing it would make the formula true.
//! assert_eq!(AvoidTrue.move_list(&p), [1, 2, 3, 4, 5, 6]);
//! let mut solver = Solver::new(&AvoidTrue);
//! assert_eq!(solver.value(&p)?, naive::value(&AvoidTrue, &p));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Indices (variables, piles, stations, vertices) count from 0 in the API and moves; text
//! forms and error messages count from 1 (`x1`, `u1`, `v1`).
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod avoid_true;
mod bipartite;
mod formula;
mod hypergraph;
#[cfg(feature = "serde")]
mod serde_impls;

pub use avoid_true::{AvoidTrue, AvoidTruePosition, PositionError};
pub use bipartite::{BipartiteError, BipartitePosition, RechargeableBipartite};
pub use formula::{Formula, FormulaError, MAX_NUMBERED_VARIABLE};
pub use hypergraph::{HypergraphError, HypergraphPosition, RechargeableHypergraph};
/// A set of variables (or piles, stations, vertices): grundy-core's
/// [`BitSet`](grundy_core::BitSet), the one set type of the workspace. `VarSet::range(0..n)`
/// is `{0, …, n − 1}`; `last()` is the largest element.
pub type VarSet = grundy_core::BitSet;
