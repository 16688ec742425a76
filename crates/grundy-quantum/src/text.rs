//! Text forms of superpositions of Nim and Boolean Nim positions: matrices, one row per
//! realization.

use core::str::FromStr;

use grundy_nim::{BoolHeaps, Heaps};

use crate::{QuantumPosition, Superposition};

/// Why a text is not a matrix of realizations.
///
/// Rows and columns are counted from 1.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseMatrixError {
    /// The text holds no row at all.
    #[error("empty input: expected at least one row")]
    Empty,
    /// A row between two separators holds nothing.
    #[error("row {row} is empty")]
    EmptyRow {
        /// The empty row.
        row: usize,
    },
    /// An entry of a Nim matrix is not a non-negative decimal integer.
    #[error("row {row}, column {column}: invalid heap '{token}': expected a non-negative integer")]
    BadNumber {
        /// The row of the entry.
        row: usize,
        /// The column of the entry.
        column: usize,
        /// The offending text.
        token: String,
    },
    /// An entry of a Boolean matrix is not `0` or `1`.
    #[error("row {row}, column {column}: invalid entry '{found}': expected 0 or 1")]
    BadBit {
        /// The row of the entry.
        row: usize,
        /// The column of the entry.
        column: usize,
        /// The offending character.
        found: char,
    },
    /// A row has more or fewer columns than the first live row.
    #[error(
        "row {row}, column {column}: row {row} has {found} column(s) where row {first} has {expected}"
    )]
    Ragged {
        /// The row of a different length.
        row: usize,
        /// The first column where the two rows differ in extent.
        column: usize,
        /// Its number of columns.
        found: usize,
        /// The first live row, which sets the number of columns.
        first: usize,
        /// The number of columns of that row.
        expected: usize,
    },
    /// A row is written `x` (collapsed) where realizations cannot collapse.
    #[error("row {row} is collapsed ('x'), which a quantum position cannot hold")]
    Collapsed {
        /// The collapsed row.
        row: usize,
    },
    /// A heap above the bound of [`Superposition::parse_bounded`].
    #[error(transparent)]
    HeapTooLarge(#[from] HeapTooLarge),
}

/// A heap above the bound of [`check_heaps`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("heap '{token}' (heap {index}) is too large to search: at most {max} tokens")]
pub struct HeapTooLarge {
    /// The heap as written.
    pub token: String,
    /// Its number among the heaps of the whole text (every row), counting from 1.
    pub index: usize,
    /// The largest heap allowed.
    pub max: u64,
}

/// Checks that no heap written in `text` holds more than `max` tokens, before (and whatever)
/// a parse of it: a solver of Demi-Quantum Nim searches every amount of a heap as a move, so a
/// heap of 10^30 tokens could never be searched and is refused at once.
///
/// Heaps are the tokens between whitespace, `/` and `,` (the separators of Nim rows, of the
/// rows of a superposition and of other heap games, whose texts this check serves as well);
/// only numbers (after any `+` signs) are looked at, anything else is left to the parser.
/// Numbers of any length are compared exactly.
///
/// ```
/// use grundy_quantum::check_heaps;
///
/// assert!(check_heaps("2 1 / 0 3 / x", 3).is_ok());
/// let err = check_heaps("2 1 / 0 300000000000000000000000000000000000000000", 5).unwrap_err();
/// assert_eq!(err.index, 4);
/// assert_eq!(
///     check_heaps("1, 7", 5).unwrap_err().to_string(),
///     "heap '7' (heap 2) is too large to search: at most 5 tokens"
/// );
/// ```
///
/// # Errors
///
/// [`HeapTooLarge`] naming the first heap above `max`.
pub fn check_heaps(text: &str, max: u64) -> Result<(), HeapTooLarge> {
    let tokens = text.split(|c: char| c.is_whitespace() || c == ',' || c == '/');
    for (i, token) in tokens.filter(|t| !t.is_empty()).enumerate() {
        let digits = token.trim_start_matches('+');
        // Beyond u128, a number of digits is larger than any u64 bound.
        if digits.parse::<u128>().is_ok_and(|h| h > u128::from(max))
            || (digits.len() > 39 && digits.bytes().all(|b| b.is_ascii_digit()))
        {
            return Err(HeapTooLarge { token: token.to_owned(), index: i + 1, max });
        }
    }
    Ok(())
}

impl Superposition<Heaps> {
    /// Parses a Demi-Quantum Nim position (the text form of [`str::parse`]) whose heaps hold at
    /// most `max` tokens each: the heaps are checked first, by [`check_heaps`], so that a heap
    /// too large to search is named even where the rest of the text would not parse.
    ///
    /// ```
    /// use grundy_nim::Heaps;
    /// use grundy_quantum::{ParseMatrixError, Superposition};
    ///
    /// let p = Superposition::<Heaps>::parse_bounded("2 1 / 0 3", 100)?;
    /// assert_eq!(p.to_string(), "2 1 / 0 3");
    /// let err = Superposition::<Heaps>::parse_bounded("2 1 / 0 300", 100).unwrap_err();
    /// assert!(matches!(err, ParseMatrixError::HeapTooLarge(_)));
    /// let words = "heap '300' (heap 4) is too large to search: at most 100 tokens";
    /// assert_eq!(err.to_string(), words);
    /// # Ok::<(), ParseMatrixError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ParseMatrixError::HeapTooLarge`] for a heap above `max`, else the errors of
    /// [`str::parse`].
    pub fn parse_bounded(text: &str, max: u64) -> Result<Self, ParseMatrixError> {
        check_heaps(text, max)?;
        text.parse()
    }
}

/// Splits `s` into rows (at `/` and line breaks) and parses each with `row`, returning the
/// rows with their widths checked; `x` is a collapsed row, `None`.
fn parse_rows<T>(
    s: &str,
    allow_collapsed: bool,
    parse_row: impl Fn(&str, usize) -> Result<(T, usize), ParseMatrixError>,
) -> Result<Vec<Option<T>>, ParseMatrixError> {
    let s = s.trim();
    if s.is_empty() {
        return Err(ParseMatrixError::Empty);
    }
    let mut rows = Vec::new();
    let mut width: Option<(usize, usize)> = None; // (first live row, its number of columns)
    for (i, text) in s.split(['/', '\n']).enumerate() {
        let row = i + 1;
        let text = text.trim();
        if text.is_empty() {
            return Err(ParseMatrixError::EmptyRow { row });
        }
        if text == "x" {
            if !allow_collapsed {
                return Err(ParseMatrixError::Collapsed { row });
            }
            rows.push(None);
            continue;
        }
        let (value, columns) = parse_row(text, row)?;
        match width {
            None => width = Some((row, columns)),
            Some((first, expected)) if expected != columns => {
                return Err(ParseMatrixError::Ragged {
                    row,
                    column: expected.min(columns) + 1,
                    found: columns,
                    first,
                    expected,
                });
            }
            Some(_) => {}
        }
        rows.push(Some(value));
    }
    Ok(rows)
}

/// A row of whitespace-separated non-negative integers.
fn nim_row(text: &str, row: usize) -> Result<(Heaps, usize), ParseMatrixError> {
    let mut heaps = Vec::new();
    for (i, token) in text.split_whitespace().enumerate() {
        let bad = || ParseMatrixError::BadNumber { row, column: i + 1, token: token.to_owned() };
        if !token.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let parsed: Heaps = token.parse().map_err(|_| bad())?;
        if parsed.len() != 1 {
            return Err(bad());
        }
        heaps.extend(parsed.into_heaps());
    }
    let columns = heaps.len();
    Ok((Heaps::from(heaps), columns))
}

/// A row of `0` and `1` characters; whitespace between them is ignored.
fn boolean_row(text: &str, row: usize) -> Result<(BoolHeaps, usize), ParseMatrixError> {
    let mut heaps = BoolHeaps::default();
    for (i, c) in text.chars().filter(|c| !c.is_whitespace()).enumerate() {
        match c {
            '0' => heaps.push(false),
            '1' => heaps.push(true),
            found => return Err(ParseMatrixError::BadBit { row, column: i + 1, found }),
        }
    }
    let columns = heaps.len();
    Ok((heaps, columns))
}

/// A Demi-Quantum Nim position: rows of whitespace-separated heap sizes, rows separated by
/// `/` or line breaks, a collapsed row written `x`. Every live row must have the same
/// number of heaps.
///
/// ```
/// use grundy_nim::Heaps;
/// use grundy_quantum::Superposition;
///
/// let p: Superposition<Heaps> = "5 3 0\n x \n 1 3 3".parse()?;
/// assert_eq!(p.to_string(), "5 3 0 / x / 1 3 3");
/// let err = "1 2 / 3".parse::<Superposition<Heaps>>().unwrap_err();
/// assert_eq!(err.to_string(), "row 2, column 2: row 2 has 1 column(s) where row 1 has 2");
/// # Ok::<(), grundy_quantum::ParseMatrixError>(())
/// ```
impl FromStr for Superposition<Heaps> {
    type Err = ParseMatrixError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_rows(s, true, nim_row).map(Superposition::new)
    }
}

/// A Demi-Quantum Boolean Nim position: rows of `0`/`1` (one character per heap), rows
/// separated by `/` or line breaks, a collapsed row written `x`. Every live row must have
/// the same number of heaps.
///
/// ```
/// use grundy_nim::BoolHeaps;
/// use grundy_quantum::Superposition;
///
/// let p: Superposition<BoolHeaps> = "1001101 / 0101110 / x".parse()?;
/// assert_eq!(p.live_count(), 2);
/// assert_eq!(p.to_string(), "1001101 / 0101110 / x");
/// # Ok::<(), grundy_quantum::ParseMatrixError>(())
/// ```
impl FromStr for Superposition<BoolHeaps> {
    type Err = ParseMatrixError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_rows(s, true, boolean_row).map(Superposition::new)
    }
}

/// A Quantum Nim position: the Demi-Quantum Nim syntax without collapsed rows; repeated
/// realizations are dropped.
impl FromStr for QuantumPosition<Heaps> {
    type Err = ParseMatrixError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_rows(s, false, nim_row).map(|rows| QuantumPosition::new(rows.into_iter().flatten()))
    }
}

/// A Quantum Boolean Nim position: the Demi-Quantum Boolean Nim syntax without collapsed
/// rows; repeated realizations are dropped.
impl FromStr for QuantumPosition<BoolHeaps> {
    type Err = ParseMatrixError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_rows(s, false, boolean_row)
            .map(|rows| QuantumPosition::new(rows.into_iter().flatten()))
    }
}
