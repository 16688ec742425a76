//! Cram and Chomp, two classic impartial board games, as rulesets of the grundy library.
//!
//! Each game is a [`Ruleset`](grundy_core::Ruleset) whose positions are single words
//! (`u64`), with a value type that parses and prints its text form and checks it:
//!
//! | game | ruleset | position text | limits |
//! | --- | --- | --- | --- |
//! | Cram: place a domino on two empty neighbouring cells | [`Cram`] | [`CramBoard`]: `5x7`, or rows of `.` (empty) and `#` (filled) such as `..#./....` | at most [`cram::MAX_CELLS`] = 64 cells |
//! | Chomp: bite a square and all above and right of it; the bottom-left one is poison | [`Chomp`] | [`ChompBar`]: `10x10`, or column heights such as `4,3,3,1` | at most [`chomp::MAX_SIDE`] = 15 rows and 15 columns |
//!
//! Both are worked examples of the optional hooks of [`Ruleset`](grundy_core::Ruleset):
//! Cram splits a position into independent regions after value-keeping reductions
//! (`components`), identifies mirror images (`canonical`), knows the values of straight strips
//! (octal game 0.07, `known_value`) and the outcomes of rectangles with an even side
//! (`known_outcome`), orders its moves and keys its table by one word (`word_key`); Chomp
//! identifies a bar with its mirror image in the diagonal, knows the values of L shapes (Nim
//! with two heaps) and the outcomes of rectangles (strategy stealing) and of two-row bars.
//! Every hook is tested against plain recursion
//! ([`grundy_core::naive`]) on small boards.
//!
//! ```
//! use grundy_core::{Nimber, Outcome, Ruleset, Solver};
//! use grundy_cram_chomp::{ChompBar, CramBoard};
//!
//! // Cram on the empty 3 x 4 board: a first-player win by symmetry (one side even).
//! let board: CramBoard = "3x4".parse()?;
//! let cram = board.game();
//! let mut solver = Solver::new(&cram);
//! assert_eq!(solver.outcome(&board.empty())?, Outcome::N);
//! // A board with filled cells: rows of '.' (empty) and '#' (filled).
//! let board: CramBoard = "..#./....".parse()?;
//! let value = Solver::new(&board.game()).value(&board.empty())?;
//! assert_eq!(value, Nimber::new(1));
//!
//! // Chomp on the 4 x 4 bar: the winning bite is the square (1, 1), leaving an L of equal arms.
//! let bar: ChompBar = "4x4".parse()?;
//! let chomp = bar.game();
//! let moves = Solver::new(&chomp).winning_moves(&bar.position())?;
//! assert_eq!(moves, [(1, 1)]);
//! let after = chomp.bar(chomp.play(&bar.position(), &moves[0]))?;
//! assert_eq!(after.to_string(), "4,1,1,1");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Crate features
//!
//! - `serde`: `Serialize` and `Deserialize` for [`CramBoard`] and [`ChompBar`] (as their
//!   text, checked when read) and for [`Cram`] and [`Chomp`] (their sides, checked when read).
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod chomp;
pub mod cram;

pub use chomp::{Chomp, ChompBar, ChompError};
pub use cram::{Cram, CramBoard, CramError};
