//! Octal (and hexadecimal) codes of take-and-break games.

use core::fmt;
use core::str::FromStr;

/// The most digits a code may have after the point.
pub const MAX_DIGITS: usize = 64;

/// The code of a take-and-break heap game, such as `0.137` (Dawson's chess) or `4.07`.
///
/// Digit `j` (after the point; the digit before the point is digit 0) says what a move that
/// takes `j` tokens from a heap may leave: its bit 1 allows leaving no heap, bit 2 one
/// non-empty heap, bit 4 two non-empty heaps and, in hexadecimal codes, bit 8 three. Digit 0
/// may only use bits 4 and 8: splitting a heap without taking anything.
///
/// Text form: `0.137`, `.137` (the leading 0 may be left out) and `4.07` for octal codes;
/// hexadecimal codes carry a `0x` prefix, as in `0x0.f` or `0x.8`. Trailing zeros are
/// dropped, so `0.1370` is `0.137`.
///
/// # Example
///
/// ```
/// use grundy_octal::Code;
///
/// let dawson: Code = "0.137".parse()?;
/// assert_eq!(dawson.digit(3), 7);
/// assert_eq!(dawson.max_take(), 3);
/// assert_eq!(".137".parse::<Code>()?, dawson);
/// assert_eq!(dawson.to_string(), "0.137");
/// assert!("0.18".parse::<Code>().is_err()); // 8 is no octal digit
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With the `serde` feature a code serialises as its text (`"0.137"`, `"0x4.0"`) and
/// deserialises through the parser, so a text that is no code is an error.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Code {
    /// `digits[j]` for taking `j` tokens; no trailing zeros beyond digit 0.
    pub(crate) digits: Vec<u8>,
    pub(crate) hex: bool,
}

/// Why a text is not a code.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseCodeError {
    /// Nothing to parse.
    #[error("empty octal code")]
    Empty,
    /// No point, or more than one.
    #[error("invalid code '{code}': expected a form like 0.137 or 4.07")]
    Malformed {
        /// The input.
        code: String,
    },
    /// A character that is not a digit of the code's base.
    #[error("invalid code '{code}': '{digit}' at digit {index} is not {base} digit{hint}")]
    BadDigit {
        /// The input.
        code: String,
        /// The offending character.
        digit: char,
        /// Its digit number (0 before the point).
        index: usize,
        /// `an octal` or `a hexadecimal`.
        base: &'static str,
        /// A hint for octal codes holding 8 or 9.
        hint: &'static str,
    },
    /// A digit before the point that allows leaving fewer than two heaps.
    #[error(
        "invalid code '{code}': digit 0 is {digit}, but taking nothing may only split a heap (0, 4{hex})"
    )]
    BadDigitZero {
        /// The input.
        code: String,
        /// The digit before the point.
        digit: u8,
        /// `, 8 or c` for hexadecimal codes.
        hex: &'static str,
    },
    /// More digits than [`MAX_DIGITS`].
    #[error("invalid code '{code}': {len} digits after the point, at most {max} are supported")]
    TooLong {
        /// The input.
        code: String,
        /// Its number of digits after the point.
        len: usize,
        /// The limit.
        max: usize,
    },
}

impl Code {
    /// The code 0.137: Dawson's chess, Node-Kayles on a path, Rob's Dots.
    pub fn dawson_chess() -> Self {
        Code { digits: vec![0, 1, 3, 7], hex: false }
    }

    /// The code 0.77: Kayles (knock down one pin or two adjacent ones).
    pub fn kayles() -> Self {
        Code { digits: vec![0, 7, 7], hex: false }
    }

    /// The digit for taking `j` tokens (0 beyond the last digit).
    pub fn digit(&self, j: usize) -> u8 {
        self.digits.get(j).copied().unwrap_or(0)
    }

    /// The digits, from digit 0 (before the point) to the last non-zero one.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// The largest number of tokens a move may take (`t` in the periodicity theorem).
    pub fn max_take(&self) -> usize {
        self.digits.len() - 1
    }

    /// Tells whether some move leaves three heaps (a hexadecimal code).
    pub fn splits_in_three(&self) -> bool {
        self.digits.iter().any(|d| d & 8 != 0)
    }

    /// Tells whether some move leaves two heaps.
    pub fn splits_in_two(&self) -> bool {
        self.digits.iter().any(|d| d & 4 != 0)
    }
}

impl FromStr for Code {
    type Err = ParseCodeError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let text = s.trim();
        if text.is_empty() {
            return Err(ParseCodeError::Empty);
        }
        let malformed = || ParseCodeError::Malformed { code: text.to_owned() };
        let (hex, body) = match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (before, after) = body.split_once('.').ok_or_else(malformed)?;
        if after.contains('.') || after.is_empty() || before.len() > 1 {
            return Err(malformed());
        }
        let radix = if hex { 16 } else { 8 };
        let digit = |c: char, index: usize| {
            c.to_digit(radix).and_then(|d| u8::try_from(d).ok()).ok_or(ParseCodeError::BadDigit {
                code: text.to_owned(),
                digit: c,
                index,
                base: if hex { "a hexadecimal" } else { "an octal" },
                hint: if !hex && matches!(c, '8' | '9') {
                    " (write hexadecimal codes with a 0x prefix)"
                } else {
                    ""
                },
            })
        };
        let zero = match before.chars().next() {
            Some(c) => digit(c, 0)?,
            None => 0,
        };
        if zero & 3 != 0 {
            return Err(ParseCodeError::BadDigitZero {
                code: text.to_owned(),
                digit: zero,
                hex: if hex { ", 8 or c" } else { "" },
            });
        }
        let len = after.chars().count();
        if len > MAX_DIGITS {
            return Err(ParseCodeError::TooLong { code: text.to_owned(), len, max: MAX_DIGITS });
        }
        let mut digits = vec![zero];
        for (i, c) in after.chars().enumerate() {
            digits.push(digit(c, i + 1)?);
        }
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        Ok(Code { digits, hex })
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Code {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <String as serde::Deserialize>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.hex {
            f.write_str("0x")?;
        }
        write!(f, "{:x}.", self.digits[0])?;
        if self.digits.len() == 1 {
            return f.write_str("0");
        }
        for d in &self.digits[1..] {
            write!(f, "{d:x}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(s: &str) -> Code {
        s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    #[test]
    fn parses_the_classic_codes() {
        for (text, shown) in [
            ("0.137", "0.137"),
            (".137", "0.137"),
            ("0.77", "0.77"),
            ("4.07", "4.07"),
            ("0.6", "0.6"),
            ("0.16", "0.16"),
            ("0.007", "0.007"),
            ("0.1370", "0.137"),
            ("0x0.8f", "0x0.8f"),
            ("0x.F", "0x0.f"),
            ("0.0", "0.0"),
        ] {
            assert_eq!(code(text).to_string(), shown);
        }
        assert_eq!(code("4.07").digit(0), 4);
        assert_eq!(code("0.007").max_take(), 3);
    }

    #[test]
    fn rejects_bad_codes_with_a_reason() {
        let err = |s: &str| s.parse::<Code>().expect_err(s).to_string();
        assert_eq!(err(""), "empty octal code");
        assert_eq!(
            err("0.18"),
            "invalid code '0.18': '8' at digit 2 is not an octal digit \
             (write hexadecimal codes with a 0x prefix)"
        );
        assert_eq!(err("137"), "invalid code '137': expected a form like 0.137 or 4.07");
        assert_eq!(err("0."), "invalid code '0.': expected a form like 0.137 or 4.07");
        assert_eq!(err("0.1.3"), "invalid code '0.1.3': expected a form like 0.137 or 4.07");
        assert!(err("1.07").contains("digit 0 is 1"));
        assert!(err("0.1g").contains("'g' at digit 2"));
        assert!(err(&format!("0.{}", "7".repeat(65))).contains("65 digits"));
    }
}
