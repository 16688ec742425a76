//! Outcome classes of impartial positions.

use core::fmt;

use crate::Nimber;

/// The outcome class of an impartial position: which player wins with perfect play.
///
/// Under normal play (the player who cannot move loses) a position is a P-position exactly
/// when its Grundy value is zero. The same two classes describe misère play (the player who
/// cannot move wins), where they are computed by [`Solver::misere_outcome`](crate::Solver::misere_outcome).
///
/// # Example
///
/// ```
/// use grundy_core::{Nimber, Outcome};
///
/// assert_eq!(Outcome::from_value(Nimber::ZERO), Outcome::P);
/// assert_eq!(Outcome::from_value(Nimber::new(3)), Outcome::N);
/// assert_eq!(Outcome::N.to_string(), "N");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Outcome {
    /// The previous player (the one who just moved) wins: every move loses.
    P,
    /// The next player (the one to move) wins: some move leads to a P-position.
    N,
}

impl Outcome {
    /// The normal-play outcome of a position with Grundy value `value`.
    pub const fn from_value(value: Nimber) -> Self {
        if value.value() == 0 { Outcome::P } else { Outcome::N }
    }

    /// Tells whether the previous player wins.
    pub const fn is_p(self) -> bool {
        matches!(self, Outcome::P)
    }

    /// Tells whether the player to move wins.
    pub const fn is_n(self) -> bool {
        matches!(self, Outcome::N)
    }

    /// A short English description: `previous player wins` or `next player wins`.
    pub const fn describe(self) -> &'static str {
        match self {
            Outcome::P => "previous player wins",
            Outcome::N => "next player wins",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::P => "P",
            Outcome::N => "N",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_is_p_and_everything_else_is_n() {
        assert!(Outcome::from_value(Nimber::ZERO).is_p());
        for v in 1..100 {
            assert!(Outcome::from_value(Nimber::new(v)).is_n());
        }
        assert!(Outcome::from_value(Nimber::new(u64::MAX)).is_n());
    }
}
