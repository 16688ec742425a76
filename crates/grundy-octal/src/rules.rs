//! The rules of a heap game: an octal code, a subtraction set, or Grundy's game.

use core::fmt;
use core::str::FromStr;

use crate::{Code, MAX_DIGITS, OctalError, ParseCodeError};

/// The rules of a take-and-break heap game whose Grundy sequence this crate computes.
///
/// Three families share one machinery ([`Sequence`](crate::Sequence),
/// [`Octal`](crate::Octal)):
///
/// - **Octal games** (and hexadecimal ones), named by a [`Code`] such as `0.137`.
/// - **Subtraction games**: remove `s` tokens from a heap, for `s` in a finite set `S`. They
///   are the octal games with digit 3 at every `s` in `S` (remove the whole heap, or leave one
///   heap), and are computed as such.
/// - **Grundy's game**: split a heap into two non-empty heaps *of different sizes*. This is
///   the code `4.0` (split without taking) restricted to unequal splits; the restriction is a
///   flag of its own, [`Rules::unequal_splits`], which any code may carry.
///
/// # Text format
///
/// `FromStr` takes an octal code (`0.137`, `4.07`, `0x0.f`), a subtraction set in braces
/// (`{1,2,5}`) or `grundy` for Grundy's game; `Display` writes the same forms back.
///
/// ```
/// use grundy_octal::{Rules, Sequence};
///
/// let grundy: Rules = "grundy".parse()?;
/// let mut seq = Sequence::for_rules(grundy);
/// seq.extend_to(14)?;
/// assert_eq!(seq.values(), &[0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3]);
///
/// // Subtract 1, 2 or 3: the values repeat 0 1 2 3.
/// let sub: Rules = "{1,2,3}".parse()?;
/// assert_eq!(sub.code().to_string(), "0.333");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With the `serde` feature rules serialise as they were given: `{"octal": {"code": "0.137",
/// "unequal_splits": false}}`, `{"subtraction": [1, 2, 3]}` or `"grundy"`; a subtraction set
/// deserialises through [`Rules::subtraction`], so a bad set is an error.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(into = "RulesData", try_from = "RulesData")
)]
pub struct Rules {
    code: Code,
    unequal: bool,
    name: Name,
}

/// How the rules were given, for display.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Name {
    Code,
    Subtraction(Vec<usize>),
    Grundy,
}

impl Rules {
    /// The octal (or hexadecimal) game of `code`.
    pub fn octal(code: Code) -> Self {
        Rules { code, unequal: false, name: Name::Code }
    }

    /// Grundy's game: split a heap into two non-empty heaps of different sizes.
    pub fn grundys_game() -> Self {
        Rules { code: Code { digits: vec![4], hex: false }, unequal: true, name: Name::Grundy }
    }

    /// The subtraction game of the set `takes`: remove `s` tokens from one heap, `s` in `takes`.
    ///
    /// # Errors
    ///
    /// [`OctalError::BadSubtractionSet`] when the set is empty, contains 0, or an amount above
    /// [`MAX_DIGITS`].
    pub fn subtraction(takes: impl IntoIterator<Item = usize>) -> Result<Self, OctalError> {
        let mut set: Vec<usize> = takes.into_iter().collect();
        set.sort_unstable();
        set.dedup();
        let bad = |reason: String| OctalError::BadSubtractionSet { reason };
        match (set.first(), set.last()) {
            (None, _) => return Err(bad("the set is empty".into())),
            (Some(0), _) => return Err(bad("0 is not a move: amounts start at 1".into())),
            (_, Some(&top)) if top > MAX_DIGITS => {
                return Err(bad(format!("{top} is above the largest amount, {MAX_DIGITS}")));
            }
            _ => {}
        }
        let top = set.last().copied().unwrap_or(0);
        let mut digits = vec![0u8; top + 1];
        for &s in &set {
            digits[s] = 3;
        }
        Ok(Rules {
            code: Code { digits, hex: false },
            unequal: false,
            name: Name::Subtraction(set),
        })
    }

    /// The same game except that a heap may only split into two heaps of different sizes.
    ///
    /// Grundy's game is `4.0` with unequal splits. The periodicity theorem does not cover
    /// such games, so [`Sequence::find_period`](crate::Sequence::find_period) refuses them.
    #[must_use]
    pub fn with_unequal_splits(mut self) -> Self {
        self.unequal = true;
        if self.name != Name::Grundy || self.code.digits != [4] {
            self.name = Name::Code;
        }
        self
    }

    /// The octal code of the moves (for Grundy's game `4.0`, whose splits
    /// [`unequal_splits`](Rules::unequal_splits) restricts).
    pub const fn code(&self) -> &Code {
        &self.code
    }

    /// Tells whether splits into two equal heaps are forbidden.
    pub const fn unequal_splits(&self) -> bool {
        self.unequal
    }

    /// The subtraction set, when the rules were given as one.
    pub fn subtraction_set(&self) -> Option<&[usize]> {
        match &self.name {
            Name::Subtraction(set) => Some(set),
            _ => None,
        }
    }

    /// Tells whether these are the rules of Grundy's game.
    pub fn is_grundys_game(&self) -> bool {
        self.name == Name::Grundy
    }

    /// The largest number of tokens a move may take.
    pub fn max_take(&self) -> usize {
        self.code.max_take()
    }
}

/// [`Rules`] as data.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
enum RulesData {
    Octal {
        code: Code,
        #[serde(default)]
        unequal_splits: bool,
    },
    Subtraction(Vec<usize>),
    Grundy,
}

#[cfg(feature = "serde")]
impl From<Rules> for RulesData {
    fn from(rules: Rules) -> Self {
        match rules.name {
            Name::Grundy => RulesData::Grundy,
            Name::Subtraction(set) => RulesData::Subtraction(set),
            Name::Code => RulesData::Octal { code: rules.code, unequal_splits: rules.unequal },
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<RulesData> for Rules {
    type Error = OctalError;

    fn try_from(data: RulesData) -> Result<Self, OctalError> {
        Ok(match data {
            RulesData::Grundy => Rules::grundys_game(),
            RulesData::Subtraction(set) => Rules::subtraction(set)?,
            RulesData::Octal { code, unequal_splits: false } => Rules::octal(code),
            RulesData::Octal { code, unequal_splits: true } => {
                Rules::octal(code).with_unequal_splits()
            }
        })
    }
}

impl From<Code> for Rules {
    fn from(code: Code) -> Self {
        Rules::octal(code)
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.name {
            Name::Grundy => f.write_str("grundy"),
            Name::Subtraction(set) => {
                let list: Vec<String> = set.iter().map(ToString::to_string).collect();
                write!(f, "{{{}}}", list.join(","))
            }
            Name::Code if self.unequal => write!(f, "{} (unequal splits)", self.code),
            Name::Code => write!(f, "{}", self.code),
        }
    }
}

impl FromStr for Rules {
    type Err = OctalError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let text = s.trim();
        if text.eq_ignore_ascii_case("grundy") || text.eq_ignore_ascii_case("grundys-game") {
            return Ok(Rules::grundys_game());
        }
        if let Some(inner) = text.strip_prefix('{') {
            let inner = inner.strip_suffix('}').ok_or_else(|| OctalError::BadSubtractionSet {
                reason: format!("'{text}' lacks its closing brace"),
            })?;
            let takes = inner
                .split(',')
                .map(str::trim)
                .enumerate()
                .map(|(i, token)| {
                    token.parse::<usize>().map_err(|_| OctalError::BadSubtractionSet {
                        reason: format!("'{token}' (amount {}) is not a positive integer", i + 1),
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            return Rules::subtraction(takes);
        }
        let code: Code = text.parse::<Code>().map_err(|e: ParseCodeError| OctalError::Code(e))?;
        Ok(Rules::octal(code))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_displays_every_form() {
        for text in ["0.137", "4.07", "grundy", "{1,2,5}", "{3}"] {
            let rules: Rules = text.parse().unwrap();
            assert_eq!(rules.to_string(), text);
            assert_eq!(rules.to_string().parse::<Rules>().unwrap(), rules);
        }
        assert_eq!("{5, 2,1}".parse::<Rules>().unwrap().to_string(), "{1,2,5}");
        assert_eq!("{1,2,5}".parse::<Rules>().unwrap().code().to_string(), "0.33003");
        assert!(Rules::grundys_game().is_grundys_game());
        assert_eq!(Rules::grundys_game().code().to_string(), "4.0");
    }

    #[test]
    fn bad_subtraction_sets_say_why() {
        for (text, needle) in [
            ("{}", "'' (amount 1)"),
            ("{0,1}", "0 is not a move"),
            ("{1,x}", "'x' (amount 2)"),
            ("{1,2", "closing brace"),
            ("{65}", "above the largest amount"),
        ] {
            let err = text.parse::<Rules>().unwrap_err().to_string();
            assert!(err.contains(needle), "{text}: {err}");
        }
        assert!(Rules::subtraction([]).unwrap_err().to_string().contains("empty"));
        assert!("0.8".parse::<Rules>().is_err());
    }
}
