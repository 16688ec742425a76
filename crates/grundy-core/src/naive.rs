//! The reference solver: plain recursive mex over the definition.
//!
//! These functions use only [`Ruleset::moves`] and [`Ruleset::play`]: no table, no
//! decomposition, no closed forms, no canonical forms. They take time exponential in the size
//! of the game and are meant for small positions, as the reference that every fast path of the
//! library is tested against. Their recursion depth is the length of the longest game.
//!
//! Each function has a `*_within` twin that takes a [`Budget`] and fails when it runs out.
//!
//! # Example
//!
//! ```
//! use grundy_core::{naive, Nimber, Ruleset};
//!
//! struct Nim1; // a single Nim heap
//! impl Ruleset for Nim1 {
//!     type Position = u8;
//!     type Move = u8;
//!     fn moves(&self, heap: &u8, moves: &mut Vec<u8>) {
//!         moves.extend(0..*heap);
//!     }
//!     fn play(&self, _heap: &u8, to: &u8) -> u8 {
//!         *to
//!     }
//! }
//!
//! assert_eq!(naive::value(&Nim1, &5), Nimber::new(5));
//! assert!(naive::outcome(&Nim1, &0).is_p());
//! assert!(naive::misere_outcome(&Nim1, &0).is_n());
//! ```

use crate::budget::Meter;
use crate::{Budget, Nimber, Outcome, Ruleset, SolveError, mex};

/// The Grundy value of `position`, by recursive mex.
pub fn value<R: Ruleset>(ruleset: &R, position: &R::Position) -> Nimber {
    match value_within(ruleset, position, &Budget::unlimited()) {
        Ok(v) => v,
        Err(e) => unreachable!("an unlimited budget failed: {e}"),
    }
}

/// The Grundy value of `position`, by recursive mex, within `budget`.
///
/// # Errors
///
/// [`SolveError`] when the budget runs out first.
pub fn value_within<R: Ruleset>(
    ruleset: &R,
    position: &R::Position,
    budget: &Budget,
) -> Result<Nimber, SolveError> {
    value_rec(ruleset, position, &mut budget.start())
}

fn value_rec<R: Ruleset>(
    ruleset: &R,
    position: &R::Position,
    meter: &mut Meter<'_>,
) -> Result<Nimber, SolveError> {
    meter.tick()?;
    let mut children = Vec::new();
    for mv in ruleset.move_list(position) {
        children.push(value_rec(ruleset, &ruleset.play(position, &mv), meter)?);
    }
    Ok(mex(children))
}

/// The normal-play outcome of `position`: N when some move reaches a P-position.
pub fn outcome<R: Ruleset>(ruleset: &R, position: &R::Position) -> Outcome {
    match outcome_within(ruleset, position, &Budget::unlimited()) {
        Ok(o) => o,
        Err(e) => unreachable!("an unlimited budget failed: {e}"),
    }
}

/// The normal-play outcome of `position` within `budget`.
///
/// # Errors
///
/// [`SolveError`] when the budget runs out first.
pub fn outcome_within<R: Ruleset>(
    ruleset: &R,
    position: &R::Position,
    budget: &Budget,
) -> Result<Outcome, SolveError> {
    outcome_rec(ruleset, position, false, &mut budget.start())
}

/// Outcome by search; `misere` says which player a terminal position favours.
fn outcome_rec<R: Ruleset>(
    ruleset: &R,
    position: &R::Position,
    misere: bool,
    meter: &mut Meter<'_>,
) -> Result<Outcome, SolveError> {
    meter.tick()?;
    let moves = ruleset.move_list(position);
    if moves.is_empty() {
        return Ok(if misere { Outcome::N } else { Outcome::P });
    }
    for mv in &moves {
        if outcome_rec(ruleset, &ruleset.play(position, mv), misere, meter)?.is_p() {
            return Ok(Outcome::N);
        }
    }
    Ok(Outcome::P)
}

/// The misère outcome of `position` (the player who cannot move wins).
pub fn misere_outcome<R: Ruleset>(ruleset: &R, position: &R::Position) -> Outcome {
    match misere_outcome_within(ruleset, position, &Budget::unlimited()) {
        Ok(o) => o,
        Err(e) => unreachable!("an unlimited budget failed: {e}"),
    }
}

/// The misère outcome of `position` within `budget`.
///
/// # Errors
///
/// [`SolveError`] when the budget runs out first.
pub fn misere_outcome_within<R: Ruleset>(
    ruleset: &R,
    position: &R::Position,
    budget: &Budget,
) -> Result<Outcome, SolveError> {
    outcome_rec(ruleset, position, true, &mut budget.start())
}

/// The misère Grundy value of `position`: 1 when terminal, else the mex of its options' values.
pub fn misere_value<R: Ruleset>(ruleset: &R, position: &R::Position) -> Nimber {
    let moves = ruleset.move_list(position);
    if moves.is_empty() {
        return Nimber::ONE;
    }
    mex(moves.iter().map(|mv| misere_value(ruleset, &ruleset.play(position, mv))))
}

/// The most moves a play from `position` can last (0 for a terminal position), by plain
/// recursion: the height of its game tree. [`length::longest_play`](crate::length::longest_play)
/// is the same with a memo.
pub fn longest_play<R: Ruleset>(ruleset: &R, position: &R::Position) -> usize {
    ruleset
        .move_list(position)
        .iter()
        .map(|mv| 1 + longest_play(ruleset, &ruleset.play(position, mv)))
        .max()
        .unwrap_or(0)
}

/// The moves of `position` that lead to a P-position under normal play, in move order.
pub fn winning_moves<R: Ruleset>(ruleset: &R, position: &R::Position) -> Vec<R::Move> {
    ruleset
        .move_list(position)
        .into_iter()
        .filter(|mv| outcome(ruleset, &ruleset.play(position, mv)).is_p())
        .collect()
}
