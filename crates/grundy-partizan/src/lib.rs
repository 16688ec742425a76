//! Partizan games: canonical forms of short games, as a CGSuite user knows them.
//!
//! A partizan game gives Left and Right different moves. Every short partizan game (finitely
//! many positions, no cycles) is equal to exactly one game in *canonical form*. This crate
//! keeps canonical forms in a hash-consing [`GameStore`], where a [`Game`] is a `Copy` handle
//! and equal games are equal handles; it builds games from option lists (removing dominated
//! and bypassing reversible options), adds, negates and compares them, finds their outcome
//! classes and birthdays, and reads and writes CGSuite's notation. Numbers are exact dyadic
//! rationals of any size ([`Dyadic`]); nimbers are grundy-core's [`Nimber`](grundy_core::Nimber).
//!
//! ```
//! use grundy_partizan::{GameOrdering, GameStore, PartizanOutcome};
//!
//! let mut store = GameStore::new();
//! let up = store.parse("{0|*}")?;
//! assert_eq!(store.display(up).to_string(), "^");
//! let g = store.parse("^ + ^ + * + 1/2")?;
//! assert_eq!(store.display(g).to_string(), "1/2^^*");
//! assert_eq!(store.outcome(up), PartizanOutcome::L);
//!
//! let star = store.parse("*")?;
//! assert_eq!(store.cmp(up, star), GameOrdering::Confused); // ^ || *
//! let up_star = store.sum(up, star);
//! assert_eq!(store.outcome(up_star), PartizanOutcome::N); // ^* || 0
//!
//! let hot = store.parse("{1|-1}")?;
//! assert_eq!(store.display(hot).to_string(), "±1");
//! assert_eq!(store.birthday(hot), 2u32.into());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Defining a game
//!
//! A game implements [`PartizanRuleset`] (Left's and Right's moves, and playing one); the
//! reference solver [`naive::canonical_form`] computes the canonical form of a position
//! from the definition, and [`solve::canonical_form`] does the same with the ruleset's
//! hooks (components, keys, closed forms). [`solve::Solver`] keeps its memory-bounded table
//! (grundy-core's [`Table`](grundy_core::Table)) between calls and stops within a grundy-core
//! [`Budget`](grundy_core::Budget) (nodes, time, cancellation). Impartial positions embed as
//! nimbers.
//!
//! # Thermographs
//!
//! [`GameStore::thermograph`], [`GameStore::mean`] and [`GameStore::temperature`] compute the
//! thermograph of a game by the standard recursion (see [`thermograph`] for the conventions:
//! an integer has temperature `-1`, a number `m/2^k` has `-1/2^k`).
//!
//! # Notation
//!
//! [`GameStore::parse`] and [`GameStore::display`] use CGSuite's notation: `0`, `-2`,
//! `3/4`, `*`, `*2`, `^`, `v`, `^*`, `^^`, `^3`, `1/2v*`, `±1`, `{0,*|-1}`, `{1||0|-1}`,
//! sums `1/2 + *`; see [`notation`] for the grammar and [`Expr`] for the parsed syntax.
//!
//! # Other crates
//!
//! `grundy-core` (impartial games, nimbers, the solvers whose values embed here).
#![forbid(unsafe_code)]
#![deny(missing_docs)]

/// How often (in nodes) the partizan searches and the store's budgeted calls read the clock
/// and the cancellation flag: their nodes (canonical forms, sums) are costly, so more often
/// than grundy-core's [`Meter::POLL_INTERVAL`](grundy_core::Meter::POLL_INTERVAL).
const POLL_INTERVAL: u64 = 256;

mod dyadic;
mod impartial;
pub mod naive;
pub mod notation;
mod ruleset;
pub mod solve;
mod store;
pub mod thermograph;

pub use dyadic::{Dyadic, EmptyIntervalError, ParseDyadicError};
pub use impartial::Impartial;
pub use notation::{DisplayGame, Expr, ParseGameError};
pub use ruleset::PartizanRuleset;
pub use store::{Game, GameOrdering, GameStore, Nus, ParseOutcomeError, PartizanOutcome, Player};
pub use thermograph::Thermograph;
