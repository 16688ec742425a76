//! The core of grundy: define an impartial game, get its Grundy values.
//!
//! This crate holds what every ruleset of the grundy family shares: the [`Ruleset`] trait a
//! game implements, [`Nimber`]s (nim-sum, nim-product, inverse) and [`mex`], [`Outcome`]
//! classes, disjunctive sums ([`Sum`], [`CrossSum`]), a memory-bounded transposition [`Table`],
//! the searching [`Solver`] and the [`naive`] reference solver. It knows no particular game:
//! those live in crates of their own (`grundy-nim`, ...) and the `grundy` facade gathers them.
//!
//! ```
//! use grundy_core::{Nimber, Outcome, Ruleset, Solver, Sum};
//!
//! /// Take 1, 2 or 3 tokens from a heap.
//! struct TakeAway;
//!
//! impl Ruleset for TakeAway {
//!     type Position = u32;
//!     type Move = u32;
//!     fn moves(&self, heap: &u32, moves: &mut Vec<u32>) {
//!         moves.extend((1..=3).filter(|take| take <= heap));
//!     }
//!     fn play(&self, heap: &u32, take: &u32) -> u32 {
//!         heap - take
//!     }
//! }
//!
//! let mut solver = Solver::new(&TakeAway);
//! assert_eq!(solver.value(&7)?, Nimber::new(3));
//! assert_eq!(solver.outcome(&8)?, Outcome::P);
//!
//! // Several heaps side by side: the value is the nim-sum of the heaps' values.
//! let heaps = Sum::new(TakeAway);
//! assert_eq!(Solver::new(&heaps).value(&vec![7, 6, 5])?, Nimber::new(3) + Nimber::new(2) + Nimber::new(1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # API themes
//!
//! - **Rulesets and positions are separate values.** A ruleset holds what never changes during
//!   play; a position is small and hashable; a move is a hashable value that names the same
//!   action in every position (so winning moves can be printed and reductions can map moves).
//!   Only [`Ruleset::moves`] and [`Ruleset::play`] are required; the other methods are
//!   shortcuts with correct defaults.
//! - **Nimbers are `u64` newtypes.** [`Nimber`] adds with `+` (nim-sum, exclusive or) and
//!   multiplies with `*` (nim-product in the field of 2^64 nimbers). Grundy values never
//!   truncate: a position with 300 options may have value 300.
//! - **Solving is fallible, rules are not.** Every [`Solver`] call returns
//!   `Result<_, SolveError>`: a [`Budget`] (positions expanded, time, a cancellation flag set by
//!   another thread) turns a search that would run too long into an error, never a wrong answer.
//!   Parsing functions of the ruleset crates return errors that name the bad input.
//! - **Sums are the unit of storage.** Solvers split positions with
//!   [`Ruleset::components`], key the table by [`Ruleset::canonical`] forms, and store only
//!   exact facts about components.
//! - **Everything fast is tested against something plain.** The [`naive`] functions use only
//!   the two required methods; the test suites compare every shortcut against them.
//! - **Engine parts stay out of the way.** What only an engine author needs (the front cache,
//!   the board and the finish line of a parallel race) is in [`engine`].
//!
//! # Feature flags
//!
//! | feature | default | what |
//! | --- | --- | --- |
//! | `rayon` | off | `solver::ParallelSolver` (kept from call to call), `solver::par_value`, `solver::par_outcome` and `solver::par_winning_moves`: solvers sharing one table on rayon's thread pool |
//! | `serde` | off | `Serialize` and `Deserialize` for nimbers, outcomes, configs and statistics |
//!
//! # The crate map
//!
//! Every crate of the family builds on this one; the `grundy` facade re-exports them all
//! behind cargo features of the same names (all on by default but `petgraph`, `rayon` and
//! `serde`).
//!
//! | crate | what |
//! | --- | --- |
//! | `grundy-nim` | Nim with heaps of any size: Bouton's value, winning moves, misère Nim |
//! | `grundy-octal` | octal and hexadecimal codes, subtraction games, Grundy's game, certified periods, Rob's Dots |
//! | `grundy-heap-games` | Antonim, Tower Nim, Rotisserie Nim, Greedy Nim |
//! | `grundy-transverse-wave` | Transverse Wave, Crosswise AND and OR, a fast solver |
//! | `grundy-quantum` | demi-quantum and quantum generalisations of any ruleset |
//! | `grundy-avoid-true` | Avoid True, Rechargeable Bipartite and Hypergraph Boolean Nim |
//! | `grundy-graph` | simple graphs, edge lists, graph6, petgraph conversions (feature `petgraph`) |
//! | `grundy-node-kayles` | Node-Kayles with component splitting and canonical labelling |
//! | `grundy-friend-circle`, `grundy-demographic-influence` | the games of Burke, Ferland and Teng |
//! | `grundy-graph-games` | Geography, Vertex and Edge NimG, Neighboring Nim, Vertexnim |
//! | `grundy-lattice` | lattice games of Guo and Miller: rule sets on `N^d`, boxes, stratifications, rational strategies, misère quotients |
//! | `grundy-partizan` | partizan games in canonical form, CGSuite notation, thermographs |
//! | `grundy-col` | Col, Snort and Myopic Col |
//! | `grundy-cram-chomp` | Cram and Chomp: a worked example of every `Ruleset` hook |
//! | `grundy-reductions` | reductions between rulesets, the tandem checker, the generalisation lattice |
//! | `grundy` | the facade: everything above behind cargo features |
//! | `grundy-cli` | the `grundy` program |
//! | `grundy-web` | `grundy serve`: the local web app and its JSON API |
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod bitset;
mod budget;
pub mod compact;
pub mod engine;
mod error;
mod known;
pub mod length;
pub mod naive;
pub mod nimber;
pub mod nimber_set;
mod outcome;
mod padded;
mod ruleset;
pub mod solver;
pub mod sum;
pub mod table;

pub use bitset::BitSet;
pub use budget::{Budget, Meter, Progress};
pub use error::SolveError;
pub use nimber::{Nimber, ParseNimberError};
pub use nimber_set::{NimberSet, mex};
pub use outcome::{Outcome, ParseOutcomeError};
pub use ruleset::Ruleset;
pub use solver::{Config, Known, Method, Solver, Stats};
pub use sum::{CrossMove, CrossSum, Sum, SumMove};
pub use table::{Table, TableStats};
