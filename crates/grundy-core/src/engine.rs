//! Pieces of the search engine for authors who tune or build an engine on grundy-core; a
//! ruleset author needs none of them.
//!
//! - [`front`]: a small direct-mapped cache kept in front of a transposition table.
//! - [`board`]: where the threads of a parallel search post the values they found among the
//!   children of the positions they search.
//! - [`finish`]: the finish line of a parallel race: the first answer wins and stops the
//!   others.

pub mod board;
pub mod finish;
pub mod front;
