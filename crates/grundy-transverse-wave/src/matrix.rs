//! [`BoolMatrix`], the packed Boolean matrix every ruleset of this crate plays on, and the
//! [`ParseError`] of its text forms.

use core::fmt;
use core::str::FromStr;

/// Bits per storage word.
const WORD: usize = 64;

/// Why a text (or a list of rows) is not a board.
///
/// Rows and columns are counted from 1 in messages and fields.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// There is no row at all.
    #[error("empty board: expected at least one row")]
    Empty,
    /// A row has no cell (two separators in a row, or a blank line between rows).
    #[error("row {row} is empty")]
    EmptyRow {
        /// The row (from 1).
        row: usize,
    },
    /// A row is longer or shorter than the first row.
    #[error("row {row} has {found} cells, but row 1 has {expected}")]
    Ragged {
        /// The row (from 1).
        row: usize,
        /// The length of the first row.
        expected: usize,
        /// The length of this row.
        found: usize,
    },
    /// A character that is not a cell.
    #[error("bad character {ch:?} at row {row}, column {column}: expected {expected}")]
    BadChar {
        /// The row (from 1).
        row: usize,
        /// The cell number in the row (from 1; spaces are not counted).
        column: usize,
        /// The character found.
        ch: char,
        /// What cells look like (`0 or 1`, `g or p`).
        expected: &'static str,
    },
    /// A column named by the paper's shorthand lies outside the board.
    #[error("row {row} names column {column}, but the board has only {cols} columns")]
    ColumnOutOfRange {
        /// The row (from 1).
        row: usize,
        /// The column named (from 0, as in the shorthand).
        column: usize,
        /// The number of columns of the board.
        cols: usize,
    },
    /// The paper's shorthand text is malformed.
    #[error("bad shorthand at character {position}: {reason}")]
    Shorthand {
        /// The character position (from 1).
        position: usize,
        /// What was wrong.
        reason: &'static str,
    },
    /// The board would not fit in memory addresses.
    #[error("a board of {rows} rows and {cols} columns is too large")]
    TooLarge {
        /// The rows asked for.
        rows: usize,
        /// The columns asked for.
        cols: usize,
    },
}

/// A Boolean matrix of any size, packed 64 cells to a word, row by row.
///
/// This is the position of [`CrosswiseAnd`](crate::CrosswiseAnd) and
/// [`CrosswiseOr`](crate::CrosswiseOr), and the storage of a Transverse Wave
/// [`Grid`](crate::Grid) (green = `true`). Rows and columns are numbered from 0. Neither
/// dimension is capped: a row of more than 64 columns takes several words.
///
/// # Text form
///
/// Rows of `0` and `1` separated by `/` or by line breaks; whitespace around the whole text
/// and spaces between cells are ignored. [`Display`](fmt::Display) writes rows joined by `/`
/// (`101/011`); the alternate form `{:#}` writes one row per line. A matrix with no row or no
/// column has no text form that parses back.
///
/// ```
/// use grundy_transverse_wave::BoolMatrix;
///
/// let m: BoolMatrix = "1 0 1 / 0 1 1".parse()?;
/// assert_eq!((m.rows(), m.cols()), (2, 3));
/// assert!(m.get(1, 2) && !m.get(0, 1));
/// assert_eq!(m.to_string(), "101/011");
/// assert_eq!(format!("{m:#}"), "101\n011");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With the `serde` feature a matrix serialises as its number of columns and its rows,
/// `{"cols": 3, "cells": ["101", "011"]}` (so matrices with no row or no column round-trip
/// too); data whose rows are not `cols` characters `0` or `1` is an error.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BoolMatrix {
    rows: usize,
    cols: usize,
    /// Words per row.
    words: usize,
    /// `rows * words` words; bits at and beyond `cols` in a row's last word are zero.
    data: Vec<u64>,
}

impl BoolMatrix {
    /// A `rows` × `cols` matrix of `false` cells.
    ///
    /// # Panics
    ///
    /// When the matrix would not fit in memory addresses (see [`try_new`](Self::try_new)).
    pub fn new(rows: usize, cols: usize) -> Self {
        match Self::try_new(rows, cols) {
            Ok(m) => m,
            Err(e) => panic!("{e}"),
        }
    }

    /// A `rows` × `cols` matrix of `false` cells, or an error when its size overflows.
    ///
    /// # Errors
    ///
    /// [`ParseError::TooLarge`] when `rows × ⌈cols / 64⌉` words overflow `usize`.
    pub fn try_new(rows: usize, cols: usize) -> Result<Self, ParseError> {
        let words = cols.div_ceil(WORD);
        let len = rows.checked_mul(words).ok_or(ParseError::TooLarge { rows, cols })?;
        Ok(BoolMatrix { rows, cols, words, data: vec![0; len] })
    }

    /// The matrix with the given rows.
    ///
    /// # Errors
    ///
    /// [`ParseError::Empty`] for no row, [`ParseError::EmptyRow`] for a row of no cell,
    /// [`ParseError::Ragged`] when rows differ in length.
    ///
    /// ```
    /// use grundy_transverse_wave::{BoolMatrix, ParseError};
    ///
    /// let m = BoolMatrix::from_rows(vec![vec![true, false], vec![false, false]])?;
    /// assert_eq!(m.to_string(), "10/00");
    /// assert_eq!(
    ///     BoolMatrix::from_rows(vec![vec![true], vec![true, false]]),
    ///     Err(ParseError::Ragged { row: 2, expected: 1, found: 2 })
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_rows<R: AsRef<[bool]>>(
        rows: impl IntoIterator<Item = R>,
    ) -> Result<Self, ParseError> {
        let rows: Vec<R> = rows.into_iter().collect();
        let Some(first) = rows.first() else { return Err(ParseError::Empty) };
        let cols = first.as_ref().len();
        for (i, row) in rows.iter().enumerate() {
            let found = row.as_ref().len();
            if found == 0 {
                return Err(ParseError::EmptyRow { row: i + 1 });
            }
            if found != cols {
                return Err(ParseError::Ragged { row: i + 1, expected: cols, found });
            }
        }
        let mut m = Self::try_new(rows.len(), cols)?;
        for (r, row) in rows.iter().enumerate() {
            for (c, &cell) in row.as_ref().iter().enumerate() {
                if cell {
                    m.set(r, c, true);
                }
            }
        }
        Ok(m)
    }

    /// The matrix whose cell `(r, c)` is `cell(r, c)`.
    ///
    /// # Panics
    ///
    /// When the matrix would not fit in memory addresses.
    pub fn from_fn(rows: usize, cols: usize, mut cell: impl FnMut(usize, usize) -> bool) -> Self {
        let mut m = Self::new(rows, cols);
        for r in 0..rows {
            for c in 0..cols {
                if cell(r, c) {
                    m.set(r, c, true);
                }
            }
        }
        m
    }

    /// The number of rows.
    pub const fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    pub const fn cols(&self) -> usize {
        self.cols
    }

    /// The number of 64-bit words that hold one row.
    pub const fn words_per_row(&self) -> usize {
        self.words
    }

    /// The cell at row `r`, column `c`.
    ///
    /// # Panics
    ///
    /// When `r` or `c` is out of range.
    pub fn get(&self, r: usize, c: usize) -> bool {
        self.check(r, c);
        self.data[r * self.words + c / WORD] >> (c % WORD) & 1 == 1
    }

    /// Sets the cell at row `r`, column `c`.
    ///
    /// # Panics
    ///
    /// When `r` or `c` is out of range.
    pub fn set(&mut self, r: usize, c: usize, value: bool) {
        self.check(r, c);
        let word = &mut self.data[r * self.words + c / WORD];
        let bit = 1u64 << (c % WORD);
        if value {
            *word |= bit;
        } else {
            *word &= !bit;
        }
    }

    fn check(&self, r: usize, c: usize) {
        assert!(
            r < self.rows && c < self.cols,
            "cell ({r}, {c}) is outside a {} x {} matrix",
            self.rows,
            self.cols
        );
    }

    /// The words of row `r`: cell `c` is bit `c % 64` of word `c / 64`; bits beyond the last
    /// column are zero.
    ///
    /// # Panics
    ///
    /// When `r` is out of range.
    pub fn row_words(&self, r: usize) -> &[u64] {
        assert!(r < self.rows, "row {r} is outside a matrix of {} rows", self.rows);
        &self.data[r * self.words..(r + 1) * self.words]
    }

    /// Row `r` as a 64-bit mask, when the matrix has at most 64 columns.
    ///
    /// # Panics
    ///
    /// When `r` is out of range.
    pub fn row_u64(&self, r: usize) -> Option<u64> {
        match self.row_words(r) {
            [] => Some(0),
            [w] => Some(*w),
            _ => None,
        }
    }

    /// The cells of row `r`, from column 0.
    ///
    /// # Panics
    ///
    /// When `r` is out of range.
    pub fn row(&self, r: usize) -> impl Iterator<Item = bool> + '_ {
        let words = self.row_words(r);
        (0..self.cols).map(move |c| words[c / WORD] >> (c % WORD) & 1 == 1)
    }

    /// The cells of column `c`, from row 0.
    ///
    /// # Panics
    ///
    /// When `c` is out of range.
    pub fn column(&self, c: usize) -> impl Iterator<Item = bool> + '_ {
        assert!(c < self.cols, "column {c} is outside a matrix of {} columns", self.cols);
        (0..self.rows).map(move |r| self.data[r * self.words + c / WORD] >> (c % WORD) & 1 == 1)
    }

    /// Tells whether row `r` is all `false`.
    ///
    /// # Panics
    ///
    /// When `r` is out of range.
    pub fn row_is_zero(&self, r: usize) -> bool {
        self.row_words(r).iter().all(|&w| w == 0)
    }

    /// Tells whether some cell of column `c` is `true`.
    ///
    /// # Panics
    ///
    /// When `c` is out of range.
    pub fn column_any(&self, c: usize) -> bool {
        self.column(c).any(|b| b)
    }

    /// Tells whether every cell of column `c` is `true`.
    ///
    /// # Panics
    ///
    /// When `c` is out of range.
    pub fn column_all(&self, c: usize) -> bool {
        self.column(c).all(|b| b)
    }

    /// The number of `true` cells.
    pub fn count_ones(&self) -> usize {
        self.data.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The matrix with every cell negated.
    #[must_use]
    pub fn complement(&self) -> Self {
        let mut m = self.clone();
        m.complement_in_place();
        m
    }

    /// Negates every cell.
    pub fn complement_in_place(&mut self) {
        let tail = self.cols % WORD;
        let last_mask = if tail == 0 { u64::MAX } else { (1u64 << tail) - 1 };
        let words = self.words;
        for (i, w) in self.data.iter_mut().enumerate() {
            *w = !*w;
            if i % words == words - 1 {
                *w &= last_mask;
            }
        }
    }

    /// The transposed matrix (rows become columns).
    #[must_use]
    pub fn transpose(&self) -> Self {
        let mut t = Self::new(self.cols, self.rows);
        for r in 0..self.rows {
            for c in ones(self.row_words(r)) {
                t.set(c, r, true);
            }
        }
        t
    }

    /// The matrix with the rows taken in the given order (rows may repeat or be left out).
    ///
    /// # Panics
    ///
    /// When an index is out of range.
    #[must_use]
    pub fn select_rows(&self, order: &[usize]) -> Self {
        let mut m = Self::new(order.len(), self.cols);
        for (i, &r) in order.iter().enumerate() {
            let src = self.row_words(r);
            m.data[i * self.words..(i + 1) * self.words].copy_from_slice(src);
        }
        m
    }

    /// The matrix with the columns taken in the given order (columns may repeat or be left
    /// out).
    ///
    /// # Panics
    ///
    /// When an index is out of range.
    #[must_use]
    pub fn select_columns(&self, order: &[usize]) -> Self {
        for &c in order {
            assert!(c < self.cols, "column {c} is outside a matrix of {} columns", self.cols);
        }
        let mut m = Self::new(self.rows, order.len());
        for r in 0..self.rows {
            let src = self.row_words(r);
            for (i, &c) in order.iter().enumerate() {
                if src[c / WORD] >> (c % WORD) & 1 == 1 {
                    m.set(r, i, true);
                }
            }
        }
        m
    }

    /// Parses rows of cells; `cell` maps a character to a cell value.
    pub(crate) fn parse_with(
        text: &str,
        expected: &'static str,
        cell: impl Fn(char) -> Option<bool>,
    ) -> Result<Self, ParseError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(ParseError::Empty);
        }
        let mut rows: Vec<Vec<bool>> = Vec::new();
        for (i, line) in text.split(['/', '\n']).enumerate() {
            let row = i + 1;
            let mut cells = Vec::new();
            for ch in line.chars().filter(|ch| !ch.is_whitespace()) {
                match cell(ch) {
                    Some(b) => cells.push(b),
                    None => {
                        return Err(ParseError::BadChar {
                            row,
                            column: cells.len() + 1,
                            ch,
                            expected,
                        });
                    }
                }
            }
            rows.push(cells);
        }
        Self::from_rows(rows)
    }

    /// Writes the rows with `cell` characters.
    pub(crate) fn write_with(
        &self,
        f: &mut fmt::Formatter<'_>,
        one: char,
        zero: char,
    ) -> fmt::Result {
        let sep = if f.alternate() { "\n" } else { "/" };
        for r in 0..self.rows {
            if r > 0 {
                f.write_str(sep)?;
            }
            for b in self.row(r) {
                fmt::Write::write_char(f, if b { one } else { zero })?;
            }
        }
        Ok(())
    }
}

/// A matrix as data: its number of columns and one string per row, a character per cell.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
pub(crate) struct MatrixData {
    cols: usize,
    cells: Vec<String>,
}

#[cfg(feature = "serde")]
impl MatrixData {
    /// The data of `matrix`, `one` for a true cell and `zero` for a false one.
    pub(crate) fn of(matrix: &BoolMatrix, one: char, zero: char) -> Self {
        let cells = (0..matrix.rows)
            .map(|r| (0..matrix.cols).map(|c| if matrix.get(r, c) { one } else { zero }).collect())
            .collect();
        MatrixData { cols: matrix.cols, cells }
    }

    /// The matrix of the data, `one` (or its upper case) for a true cell, `zero` for a false
    /// one.
    pub(crate) fn matrix(&self, one: char, zero: char) -> Result<BoolMatrix, String> {
        let mut m = BoolMatrix::try_new(self.cells.len(), self.cols).map_err(|e| e.to_string())?;
        for (r, row) in self.cells.iter().enumerate() {
            let found = row.chars().count();
            if found != self.cols {
                return Err(format!("row {} has {found} cells, expected {}", r + 1, self.cols));
            }
            for (c, ch) in row.chars().enumerate() {
                match ch.to_ascii_lowercase() {
                    x if x == one => m.set(r, c, true),
                    x if x == zero => {}
                    _ => {
                        return Err(format!(
                            "invalid cell '{ch}' at row {}, column {}: expected {one} or {zero}",
                            r + 1,
                            c + 1
                        ));
                    }
                }
            }
        }
        Ok(m)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for BoolMatrix {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serde::Serialize::serialize(&MatrixData::of(self, '1', '0'), serializer)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for BoolMatrix {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        <MatrixData as serde::Deserialize>::deserialize(deserializer)?
            .matrix('1', '0')
            .map_err(serde::de::Error::custom)
    }
}

impl FromStr for BoolMatrix {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, ParseError> {
        Self::parse_with(s, "0 or 1", |ch| match ch {
            '0' => Some(false),
            '1' => Some(true),
            _ => None,
        })
    }
}

impl fmt::Display for BoolMatrix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_with(f, '1', '0')
    }
}

impl fmt::Debug for BoolMatrix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "BoolMatrix({}x{} \"{self}\")", self.rows, self.cols)
    }
}

/// The indices of the set bits of a word slice, in increasing order.
pub(crate) fn ones(words: &[u64]) -> impl Iterator<Item = usize> + '_ {
    words.iter().enumerate().flat_map(|(i, &w)| {
        let mut w = w;
        core::iter::from_fn(move || {
            if w == 0 {
                return None;
            }
            let b = w.trailing_zeros() as usize;
            w &= w - 1;
            Some(i * WORD + b)
        })
    })
}
