//! Core of grundy (placeholder while the crate is written).
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod budget;
mod error;
pub mod mex;
pub mod naive;
pub mod nimber;
mod outcome;
mod ruleset;
pub mod solver;
pub mod sum;
pub mod table;

pub use budget::Budget;
pub use error::SolveError;
pub use mex::{NimberSet, mex};
pub use nimber::{Nimber, ParseNimberError};
pub use outcome::Outcome;
pub use ruleset::Ruleset;
pub use solver::{Config, Known, Solver, Stats};
pub use sum::{CrossMove, CrossSum, Sum, SumMove};
pub use table::{Table, TableStats};
