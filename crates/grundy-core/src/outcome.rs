//! Outcome classes of impartial positions.

use core::fmt;
use core::str::FromStr;

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
/// assert_eq!("p".parse(), Ok(Outcome::P));
/// ```
///
/// With the `serde` feature an outcome serialises as the string `"P"` or `"N"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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

/// The error returned when parsing an [`Outcome`] fails: the input is neither `P` nor `N`.
///
/// ```
/// use grundy_core::Outcome;
///
/// let err = "Q".parse::<Outcome>().unwrap_err();
/// assert_eq!(err.input, "Q");
/// assert_eq!(err.to_string(), "invalid outcome 'Q': expected 'P' or 'N'");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid outcome '{input}': expected 'P' or 'N'")]
#[non_exhaustive]
pub struct ParseOutcomeError {
    /// The offending input, without surrounding whitespace.
    pub input: String,
}

impl FromStr for Outcome {
    type Err = ParseOutcomeError;

    /// Parses `P` or `N`, in either case, ignoring surrounding whitespace: the inverse of
    /// [`Display`](fmt::Display).
    ///
    /// ```
    /// use grundy_core::Outcome;
    ///
    /// assert_eq!("N".parse(), Ok(Outcome::N));
    /// assert_eq!(" p\n".parse(), Ok(Outcome::P));
    /// assert!("PN".parse::<Outcome>().is_err());
    /// assert!("".parse::<Outcome>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "P" | "p" => Ok(Outcome::P),
            "N" | "n" => Ok(Outcome::N),
            other => Err(ParseOutcomeError { input: other.to_owned() }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parsing_inverts_display() {
        for outcome in [Outcome::P, Outcome::N] {
            assert_eq!(outcome.to_string().parse(), Ok(outcome));
            assert_eq!(outcome.to_string().to_lowercase().parse(), Ok(outcome));
        }
        for bad in ["", " ", "X", "PP", "P-position", "0", "*"] {
            let err = bad.parse::<Outcome>().unwrap_err();
            assert_eq!(err.input, bad.trim(), "{bad:?}");
        }
    }

    #[test]
    fn zero_is_p_and_everything_else_is_n() {
        assert!(Outcome::from_value(Nimber::ZERO).is_p());
        for v in 1..100 {
            assert!(Outcome::from_value(Nimber::new(v)).is_n());
        }
        assert!(Outcome::from_value(Nimber::new(u64::MAX)).is_n());
    }
}
