//! [`Grid`], a Transverse Wave position.

use core::fmt;
use core::str::FromStr;

use crate::{BoolMatrix, ParseError};

/// A Transverse Wave position: an m × n grid of green and purple cells.
///
/// Stored as a [`BoolMatrix`] with green = `true`, which is exactly the Crosswise AND matrix of
/// the same position (Proposition 1 of the paper).
///
/// # Text forms
///
/// - Cells `g` (green) and `p` (purple), upper case accepted, rows separated by `/` or line
///   breaks, spaces between cells ignored: `ggp/pgg`. [`Display`](fmt::Display) writes lower
///   case rows joined by `/`; `{:#}` writes one row per line.
/// - The paper's shorthand (Table 2), read by [`from_shorthand`](Grid::from_shorthand) and
///   written by [`shorthand`](Grid::shorthand): each row in parentheses listing its purple
///   columns (from 0), then the columns purple in no row: `(01) (2) 3` is the 2 × 4 grid
///   `ppgg/ggpg`.
///
/// ```
/// use grundy_transverse_wave::Grid;
///
/// let grid: Grid = "ppgg / ggpg".parse()?;
/// assert_eq!(grid, Grid::from_shorthand("(01) (2) 3")?);
/// assert_eq!(grid, Grid::from_purple_columns(4, &[vec![0, 1], vec![2]])?);
/// assert_eq!(grid.shorthand(), "(01) (2) 3");
/// assert_eq!(grid.to_string(), "ppgg/ggpg");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With the `serde` feature a grid serialises as its number of columns and its rows,
/// `{"cols": 4, "cells": ["ppgg", "ggpg"]}`; data whose rows are not `cols` cells `g` or `p`
/// is an error.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grid(BoolMatrix);

impl Grid {
    /// An all-green grid of `rows` × `cols` cells.
    ///
    /// # Panics
    ///
    /// When the grid would not fit in memory addresses.
    pub fn green(rows: usize, cols: usize) -> Self {
        Grid(BoolMatrix::new(rows, cols).complement())
    }

    /// The grid whose green cells are the `true` cells of `matrix` (the Crosswise AND image).
    pub const fn from_matrix(matrix: BoolMatrix) -> Self {
        Grid(matrix)
    }

    /// The Crosswise AND matrix of this grid: green = `true`.
    pub const fn as_matrix(&self) -> &BoolMatrix {
        &self.0
    }

    /// The Crosswise AND matrix of this grid, consuming it.
    pub fn into_matrix(self) -> BoolMatrix {
        self.0
    }

    /// The Crosswise OR matrix of this grid: purple = `true` (Proposition 2 of the paper).
    pub fn to_or_matrix(&self) -> BoolMatrix {
        self.0.complement()
    }

    /// The grid whose purple cells are the `true` cells of a Crosswise OR matrix.
    pub fn from_or_matrix(matrix: &BoolMatrix) -> Self {
        Grid(matrix.complement())
    }

    /// A grid of `cols` columns from the paper's shorthand: one list of purple columns (from
    /// 0) per row; every other cell is green.
    ///
    /// # Errors
    ///
    /// [`ParseError::Empty`] for no row, [`ParseError::EmptyRow`] when `cols` is 0,
    /// [`ParseError::ColumnOutOfRange`] for a column `>= cols`.
    ///
    /// ```
    /// use grundy_transverse_wave::Grid;
    ///
    /// // Table 2's *4: rows (01) (234) (035), six columns.
    /// let g = Grid::from_purple_columns(6, &[vec![0, 1], vec![2, 3, 4], vec![0, 3, 5]])?;
    /// assert_eq!(g.to_string(), "ppgggg/ggpppg/pggpgp");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_purple_columns<R: AsRef<[usize]>>(
        cols: usize,
        rows: &[R],
    ) -> Result<Self, ParseError> {
        if rows.is_empty() {
            return Err(ParseError::Empty);
        }
        if cols == 0 {
            return Err(ParseError::EmptyRow { row: 1 });
        }
        let mut m = BoolMatrix::try_new(rows.len(), cols)?;
        m.complement_in_place();
        for (r, purple) in rows.iter().enumerate() {
            for &c in purple.as_ref() {
                if c >= cols {
                    return Err(ParseError::ColumnOutOfRange { row: r + 1, column: c, cols });
                }
                m.set(r, c, false);
            }
        }
        Ok(Grid(m))
    }

    /// The most columns a board read by [`from_shorthand`](Self::from_shorthand) may have:
    /// a board of `r` rows then holds at most `r × 8` KiB.
    pub const MAX_SHORTHAND_COLS: usize = 1 << 16;

    /// Parses the paper's shorthand: rows in parentheses listing their purple columns, then
    /// bare column numbers for columns purple in no row. The board has as many columns as
    /// the largest number named plus one.
    ///
    /// Inside parentheses, a run of digits without separators names one column per digit, as
    /// in the paper (`(2578)` is columns 2, 5, 7 and 8); with commas or spaces, each number is
    /// one column (`(0, 12)`). Outside parentheses numbers are separated by spaces or commas.
    /// `()` is an all-green row.
    ///
    /// # Errors
    ///
    /// [`ParseError::Shorthand`] for unbalanced parentheses or a stray character,
    /// [`ParseError::Empty`] when no row is given, [`ParseError::TooLarge`] when a column
    /// number is [`MAX_SHORTHAND_COLS`](Self::MAX_SHORTHAND_COLS) or more (so that a short
    /// text cannot ask for a huge board).
    pub fn from_shorthand(text: &str) -> Result<Self, ParseError> {
        let mut rows: Vec<Vec<usize>> = Vec::new();
        let mut max: Option<usize> = None;
        let mut chars = text.char_indices().peekable();
        let bad = |i: usize, reason| ParseError::Shorthand { position: i + 1, reason };
        while let Some((i, ch)) = chars.next() {
            match ch {
                '(' => {
                    let mut inner = String::new();
                    let mut closed = false;
                    for (j, ch) in chars.by_ref() {
                        match ch {
                            ')' => {
                                closed = true;
                                break;
                            }
                            '(' => return Err(bad(j, "nested parenthesis")),
                            '0'..='9' | ',' => inner.push(ch),
                            c if c.is_whitespace() => inner.push(' '),
                            _ => return Err(bad(j, "expected a digit, a comma or ')'")),
                        }
                    }
                    if !closed {
                        return Err(bad(i, "unclosed parenthesis"));
                    }
                    let separated = inner.contains([',', ' ']);
                    let row: Vec<usize> = if separated {
                        let mut row = Vec::new();
                        for part in inner.split([',', ' ']).filter(|p| !p.is_empty()) {
                            row.push(part.parse().map_err(|_| bad(i, "column number too large"))?);
                        }
                        row
                    } else {
                        inner.chars().map(|d| d as usize - '0' as usize).collect()
                    };
                    for &c in &row {
                        max = Some(max.map_or(c, |m| m.max(c)));
                    }
                    rows.push(row);
                }
                ')' => return Err(bad(i, "unmatched ')'")),
                '0'..='9' => {
                    let mut number = String::from(ch);
                    while let Some(&(_, d @ '0'..='9')) = chars.peek() {
                        number.push(d);
                        chars.next();
                    }
                    let c: usize = number.parse().map_err(|_| bad(i, "column number too large"))?;
                    max = Some(max.map_or(c, |m| m.max(c)));
                }
                ',' => {}
                c if c.is_whitespace() => {}
                _ => return Err(bad(i, "expected '(', a column number or a space")),
            }
        }
        if rows.is_empty() {
            return Err(ParseError::Empty);
        }
        let cols = match max {
            Some(m) if m >= Self::MAX_SHORTHAND_COLS => {
                return Err(ParseError::TooLarge { rows: rows.len(), cols: m.saturating_add(1) });
            }
            Some(m) => m + 1,
            None => return Err(bad(0, "no column is named")),
        };
        Self::from_purple_columns(cols, &rows)
    }

    /// The paper's shorthand of this grid (see [`from_shorthand`](Grid::from_shorthand)):
    /// digits run together when the grid has at most 10 columns, otherwise numbers are
    /// separated by commas (a row with one purple column of two digits is written `(12,)`).
    pub fn shorthand(&self) -> String {
        let cols = self.cols();
        let sep = if cols <= 10 { "" } else { "," };
        let mut parts = Vec::new();
        let mut purple_somewhere = vec![false; cols];
        for r in 0..self.rows() {
            let purple: Vec<String> = (0..cols)
                .filter(|&c| !self.0.get(r, c))
                .inspect(|&c| purple_somewhere[c] = true)
                .map(|c| c.to_string())
                .collect();
            // A lone number of two digits or more needs a separator to read back as one column.
            let tail = if purple.len() == 1 && purple[0].len() > 1 { "," } else { "" };
            parts.push(format!("({}{tail})", purple.join(sep)));
        }
        for (c, &p) in purple_somewhere.iter().enumerate() {
            if !p {
                parts.push(c.to_string());
            }
        }
        parts.join(" ")
    }

    /// The number of rows.
    pub const fn rows(&self) -> usize {
        self.0.rows()
    }

    /// The number of columns.
    pub const fn cols(&self) -> usize {
        self.0.cols()
    }

    /// Tells whether the cell at row `r`, column `c` is green.
    ///
    /// # Panics
    ///
    /// When `r` or `c` is out of range.
    pub fn is_green(&self, r: usize, c: usize) -> bool {
        self.0.get(r, c)
    }

    /// Colours the cell at row `r`, column `c` green (`true`) or purple (`false`).
    ///
    /// # Panics
    ///
    /// When `r` or `c` is out of range.
    pub fn set_green(&mut self, r: usize, c: usize, green: bool) {
        self.0.set(r, c, green);
    }

    /// Tells whether column `c` can be selected: it has a green cell.
    ///
    /// Returns `false` for a column out of range.
    pub fn is_feasible(&self, c: usize) -> bool {
        c < self.cols() && self.0.column_any(c)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Grid {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serde::Serialize::serialize(&crate::matrix::MatrixData::of(&self.0, 'g', 'p'), serializer)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Grid {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let data = <crate::matrix::MatrixData as serde::Deserialize>::deserialize(deserializer)?;
        data.matrix('g', 'p').map(Grid).map_err(serde::de::Error::custom)
    }
}

impl FromStr for Grid {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, ParseError> {
        BoolMatrix::parse_with(s, "g or p", |ch| match ch {
            'g' | 'G' => Some(true),
            'p' | 'P' => Some(false),
            _ => None,
        })
        .map(Grid)
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write_with(f, 'g', 'p')
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({}x{} \"{self}\")", self.rows(), self.cols())
    }
}

impl From<BoolMatrix> for Grid {
    fn from(matrix: BoolMatrix) -> Self {
        Grid(matrix)
    }
}

impl From<Grid> for BoolMatrix {
    fn from(grid: Grid) -> Self {
        grid.0
    }
}
