//! Domineering, defined through the public [`PartizanRuleset`] trait as a user of the library
//! would: Left places vertical dominoes, Right horizontal ones, each on two empty cells;
//! whoever cannot place one loses.
//!
//! The user tells the solver two things: a board is the disjunctive sum of its connected
//! regions of empty cells (a domino lies inside one region), and a region has the value of its
//! mirror images through a horizontal or a vertical axis (they keep vertical dominoes vertical;
//! the transposition does not: it swaps the players and negates the value). Regions where
//! neither player has a move are dropped (their value is `0`).

use core::fmt;

use grundy_partizan::{PartizanRuleset, Player};

/// Domineering (the ruleset). Positions are [`Board`]s; a move is the index of the top (for
/// Left's vertical domino) or left (for Right's horizontal one) cell it covers.
///
/// ```
/// use grundy_benches::{Board, Domineering};
/// use grundy_partizan::{solve, GameStore};
///
/// let mut store = GameStore::new();
/// let board: Board = "..|..".parse()?; // 2 × 2
/// let g = solve::canonical_form(&Domineering, &board, &mut store);
/// assert_eq!(store.display(g).to_string(), "±1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Domineering;

/// A Domineering board of at most 64 cells: its sides and the set of its empty cells, cell
/// `(row, col)` being bit `row * cols + col`.
///
/// Text form (as in cgt-tools): rows top to bottom separated by `|`, `.` for an empty cell,
/// `#` for a covered one, e.g. `..#|...`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    rows: u8,
    cols: u8,
    empty: u64,
}

/// Why a board could not be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BoardError {
    /// More than 64 cells, or a side of 0 (a board has at least one cell).
    #[error("a {rows} x {cols} board: boards have 1 to 64 cells")]
    Size {
        /// The rows asked for.
        rows: usize,
        /// The columns asked for.
        cols: usize,
    },
    /// A character other than `.`, `#` and `|`.
    #[error(
        "unexpected character {found:?} at position {position} of the board (expected '.', '#' or '|')"
    )]
    Character {
        /// The character found.
        found: char,
        /// Its position in the text, in characters from 0.
        position: usize,
    },
    /// Rows of different lengths.
    #[error("row {row} has {len} cells but row 0 has {expected}")]
    Ragged {
        /// The offending row, from 0.
        row: usize,
        /// Its length.
        len: usize,
        /// The length of the first row.
        expected: usize,
    },
}

/// The `n` lowest bits set (`n <= 64`).
const fn low_bits(n: u32) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

impl Board {
    /// The empty `rows × cols` board.
    ///
    /// # Errors
    ///
    /// [`BoardError::Size`] when a side is 0 or the board has more than 64 cells.
    pub fn empty(rows: usize, cols: usize) -> Result<Board, BoardError> {
        let cells = rows.checked_mul(cols).filter(|&c| (1..=64).contains(&c));
        let (Some(cells), Ok(r), Ok(c)) = (cells, u8::try_from(rows), u8::try_from(cols)) else {
            return Err(BoardError::Size { rows, cols });
        };
        // `cells <= 64` fits a u32.
        Ok(Board { rows: r, cols: c, empty: low_bits(u32::try_from(cells).unwrap_or(64)) })
    }

    /// The number of rows.
    pub const fn rows(&self) -> usize {
        self.rows as usize
    }

    /// The number of columns.
    pub const fn cols(&self) -> usize {
        self.cols as usize
    }

    /// Tells whether the cell `(row, col)` is on the board and empty.
    pub const fn is_empty_cell(&self, row: usize, col: usize) -> bool {
        row < self.rows as usize
            && col < self.cols as usize
            && self.empty >> (row * self.cols as usize + col) & 1 == 1
    }

    /// The number of empty cells.
    pub const fn empty_cells(&self) -> u32 {
        self.empty.count_ones()
    }

    fn width(&self) -> u32 {
        u32::from(self.cols)
    }

    /// The cells of the last column.
    fn last_column(&self) -> u64 {
        let w = self.width();
        (0..u32::from(self.rows)).fold(0, |m, r| m | 1u64 << (r * w + w - 1))
    }

    /// Top cells of Left's (vertical) dominoes.
    fn vertical(&self) -> u64 {
        self.empty & self.empty.checked_shr(self.width()).unwrap_or(0)
    }

    /// Left cells of Right's (horizontal) dominoes.
    fn horizontal(&self) -> u64 {
        self.empty & (self.empty >> 1) & !self.last_column()
    }

    /// The empty cells of `set` next to a cell of `set`, and `set` itself.
    fn grow(&self, set: u64) -> u64 {
        let w = self.width();
        let not_last = !self.last_column();
        let not_first = not_last << 1;
        let spread = set
            | ((set & not_last) << 1)
            | ((set & not_first) >> 1)
            | set.checked_shl(w).unwrap_or(0)
            | set.checked_shr(w).unwrap_or(0);
        spread & self.empty
    }

    /// Row `r` of `set` as the low bits of a word.
    fn row_bits(&self, set: u64, r: u32) -> u64 {
        (set >> (r * self.width())) & low_bits(self.width())
    }

    /// The smallest board holding the cells of `set` (a subset of this board's cells),
    /// or the 1 × 1 board with no empty cell when `set` is empty.
    fn crop(&self, set: u64) -> Board {
        if set == 0 {
            return Board { rows: 1, cols: 1, empty: 0 };
        }
        let w = self.width();
        let (first_row, last_row) = (set.trailing_zeros() / w, (63 - set.leading_zeros()) / w);
        let columns = (first_row..=last_row).fold(0u64, |m, r| m | self.row_bits(set, r));
        let (first_col, last_col) = (columns.trailing_zeros(), 63 - columns.leading_zeros());
        let (rows, cols) = (last_row - first_row + 1, last_col - first_col + 1);
        let mut empty = 0u64;
        for r in 0..rows {
            empty |= (self.row_bits(set, first_row + r) >> first_col) << (r * cols);
        }
        // rows <= self.rows and cols <= self.cols, both u8.
        Board {
            rows: u8::try_from(rows).unwrap_or(u8::MAX),
            cols: u8::try_from(cols).unwrap_or(u8::MAX),
            empty,
        }
    }

    /// The board mirrored: rows in reverse order (`flip_rows`), columns in reverse order
    /// (`flip_cols`).
    fn mirrored(&self, flip_rows: bool, flip_cols: bool) -> Board {
        let (h, w) = (u32::from(self.rows), self.width());
        let mut empty = 0u64;
        for r in 0..h {
            let mut row = self.row_bits(self.empty, r);
            if flip_cols {
                row = row.reverse_bits() >> (64 - w);
            }
            let to = if flip_rows { h - 1 - r } else { r };
            empty |= row << (to * w);
        }
        Board { empty, ..*self }
    }
}

impl core::str::FromStr for Board {
    type Err = BoardError;

    /// Reads the text form: rows separated by `|`, `.` empty, `#` covered.
    fn from_str(text: &str) -> Result<Board, BoardError> {
        let mut rows: Vec<Vec<bool>> = vec![Vec::new()];
        for (position, c) in text.chars().enumerate() {
            match c {
                '.' | '#' => {
                    if let Some(row) = rows.last_mut() {
                        row.push(c == '.');
                    }
                }
                '|' => rows.push(Vec::new()),
                found => return Err(BoardError::Character { found, position }),
            }
        }
        let expected = rows[0].len();
        if let Some((row, r)) = rows.iter().enumerate().find(|(_, r)| r.len() != expected) {
            return Err(BoardError::Ragged { row, len: r.len(), expected });
        }
        let mut board = Board::empty(rows.len(), expected)?;
        board.empty = 0;
        for (i, &cell) in rows.iter().flatten().enumerate() {
            board.empty |= u64::from(cell) << i;
        }
        Ok(board)
    }
}

impl fmt::Display for Board {
    /// The text form read by [`FromStr`](core::str::FromStr).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.rows() {
            if r > 0 {
                f.write_str("|")?;
            }
            for c in 0..self.cols() {
                f.write_str(if self.is_empty_cell(r, c) { "." } else { "#" })?;
            }
        }
        Ok(())
    }
}

impl PartizanRuleset for Domineering {
    type Position = Board;
    type Move = u8;

    fn moves(&self, board: &Board, player: Player, moves: &mut Vec<u8>) {
        let mut tops = match player {
            Player::Left => board.vertical(),
            Player::Right => board.horizontal(),
        };
        while tops != 0 {
            // A cell index is below 64.
            moves.push(u8::try_from(tops.trailing_zeros()).unwrap_or(u8::MAX));
            tops &= tops - 1;
        }
    }

    fn play(&self, board: &Board, player: Player, &cell: &u8) -> Board {
        let step = match player {
            Player::Left => board.width(),
            Player::Right => 1,
        };
        let covered = 1u64 << cell | 1u64 << (u32::from(cell) + step);
        Board { empty: board.empty & !covered, ..*board }
    }

    /// The connected regions of empty cells (through edges), each on its smallest board;
    /// regions where nobody can move are left out.
    fn components(&self, board: &Board, parts: &mut Vec<Board>) {
        let mut rest = board.empty;
        while rest != 0 {
            let mut region = rest & rest.wrapping_neg();
            loop {
                let next = board.grow(region);
                if next == region {
                    break;
                }
                region = next;
            }
            rest &= !region;
            let part = board.crop(region);
            if part.vertical() != 0 || part.horizontal() != 0 {
                parts.push(part);
            }
        }
    }

    /// The least of the board (cropped to its empty cells) and its three mirror images
    /// through horizontal and vertical axes.
    fn canonical_key(&self, board: &Board) -> Board {
        let cropped = board.crop(board.empty);
        [(false, true), (true, false), (true, true)]
            .into_iter()
            .map(|(rows, cols)| cropped.mirrored(rows, cols))
            .fold(cropped, Board::min)
    }
}
