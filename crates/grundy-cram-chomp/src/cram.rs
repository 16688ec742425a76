//! Cram: place a domino on two empty neighbouring cells of a board; whoever cannot place one
//! loses.
//!
//! [`Cram`] is the ruleset of one board size; its positions are words (`u64`) whose bits are
//! the empty cells, cell `(row, col)` being bit `row * cols + col`, and its moves are the words
//! of a domino's two cells. [`CramBoard`] is a position together with its board size, with a
//! text form that parses and prints: `5x7` for an empty board, or rows of `.` (empty) and `#`
//! (filled) separated by `/` (or newlines), such as `..#./....`.
//!
//! The ruleset tells the solver what a Cram expert knows, through every hook of
//! [`Ruleset`]:
//!
//! - [`components`](Ruleset::components): the regions of empty cells that still hold a
//!   domino, after three rules that keep the value (each proved where it is written);
//! - [`canonical`](Ruleset::canonical): the least of a region's four mirror images, moved to
//!   the top-left corner;
//! - [`known_value`](Ruleset::known_value): a straight strip of `n` cells is the octal game
//!   0.07 (Dawson's Kayles) on a heap of `n`;
//! - [`known_outcome`](Ruleset::known_outcome): a full rectangle with an even side is decided
//!   by a symmetry strategy;
//! - [`order_moves`](Ruleset::order_moves): dominoes across the middle first, and so
//!   [`move_history`](Ruleset::move_history) `false`: the solver's history order would be
//!   undone;
//! - [`word_key`](Ruleset::word_key): the position is one word already.

use core::fmt;
use core::str::FromStr;

use grundy_core::{Nimber, Outcome, Ruleset};

/// The most cells of a Cram board: a position is one 64-bit word.
pub const MAX_CELLS: u32 = 64;

/// Why a Cram board or its text was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CramError {
    /// A side of the board is 0.
    #[error("a {rows}x{cols} Cram board has no cells")]
    NoCells {
        /// The rows asked for.
        rows: u32,
        /// The columns asked for.
        cols: u32,
    },
    /// The board has more than [`MAX_CELLS`] cells.
    #[error("a {rows}x{cols} Cram board has {cells} cells; at most {MAX_CELLS} are supported")]
    TooManyCells {
        /// The rows asked for.
        rows: u64,
        /// The columns asked for.
        cols: u64,
        /// Their product.
        cells: u64,
    },
    /// A side of a size such as `5x7` does not fit in 32 bits; the side is named as written.
    #[error(
        "Cram board '{text}': side {side} is far too large; a board has at most {MAX_CELLS} cells"
    )]
    SideTooLarge {
        /// The text given.
        text: String,
        /// The side, as written.
        side: String,
    },
    /// A position names cells outside its board.
    #[error("position {empty:#x} has cells outside the {rows}x{cols} Cram board ({outside:#x})")]
    OutsideBoard {
        /// The rows of the board.
        rows: u32,
        /// The columns of the board.
        cols: u32,
        /// The position given.
        empty: u64,
        /// Its cells outside the board.
        outside: u64,
    },
    /// The text is neither a size nor rows of cells.
    #[error(
        "Cram board '{text}': expected a size such as 5x7, or rows of '.' (empty) and '#' \
         (filled) separated by '/'"
    )]
    Syntax {
        /// The text given.
        text: String,
    },
    /// A row of the text has a cell that is neither `.` nor `#`.
    #[error("Cram board '{text}': '{found}' at row {row}, column {col} is neither '.' nor '#'")]
    BadCell {
        /// The text given.
        text: String,
        /// The character found.
        found: char,
        /// Its row, from 1.
        row: usize,
        /// Its column, from 1.
        col: usize,
    },
    /// Rows of the text differ in length.
    #[error("Cram board '{text}': row {row} has {found} cells, row 1 has {expected}")]
    Ragged {
        /// The text given.
        text: String,
        /// The row of another length, from 1.
        row: usize,
        /// Its length.
        found: usize,
        /// The length of the first row.
        expected: usize,
    },
}

/// The word of the `n` lowest bits (`n ≤ 64`).
const fn low_bits(n: u32) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

/// The Grundy values of a straight strip of `n` cells, `n ≤ 64`: the octal game 0.07
/// (Dawson's Kayles), where a move takes two neighbouring cells and leaves the strips on
/// either side.
const STRIP_VALUES: [u8; 65] = {
    let mut values = [0u8; 65];
    let mut n = 2;
    while n <= 64 {
        let mut seen = 0u64;
        let mut left = 0;
        while left + 2 <= n {
            seen |= 1 << (values[left] ^ values[n - 2 - left]);
            left += 1;
        }
        // Values of 0.07 stay below 10, so the mex fits in a byte.
        #[allow(clippy::cast_possible_truncation, reason = "at most 64")]
        let mex = seen.trailing_ones() as u8;
        values[n] = mex;
        n += 1;
    }
    values
};

/// Cram on one board of at most [`MAX_CELLS`] cells: the ruleset.
///
/// A position is the word of the empty cells, cell `(row, col)` being bit `row * cols + col`
/// (rows and columns from 0); a move is the word of a domino's two cells. Every position
/// passed to the ruleset must lie within the board (see [`Cram::board`], which checks it).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "Sides", into = "Sides"))]
pub struct Cram {
    rows: u32,
    cols: u32,
    /// The distance in bits between a cell and the one below it: `cols`, but 1 on a board of
    /// one row, which is then handled as the column of the same cells (the same bits), so
    /// that no shift is ever by 64.
    width: u32,
    /// Every cell but those of the last column: cells that have a right neighbour.
    has_right: u64,
    /// Every cell.
    board: u64,
    /// The cells of the first column, and of the first row.
    first_column: u64,
    first_row: u64,
}

/// The serde form of [`Cram`]: its sides.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct Sides {
    rows: u32,
    cols: u32,
}

#[cfg(feature = "serde")]
impl TryFrom<Sides> for Cram {
    type Error = CramError;
    fn try_from(sides: Sides) -> Result<Self, CramError> {
        Cram::new(sides.rows, sides.cols)
    }
}

#[cfg(feature = "serde")]
impl From<Cram> for Sides {
    fn from(game: Cram) -> Self {
        Sides { rows: game.rows, cols: game.cols }
    }
}

/// Checks the sides of a board: both positive, at most [`MAX_CELLS`] cells.
fn check_sides(rows: u32, cols: u32) -> Result<(), CramError> {
    if rows == 0 || cols == 0 {
        return Err(CramError::NoCells { rows, cols });
    }
    let cells = u64::from(rows) * u64::from(cols);
    if cells > u64::from(MAX_CELLS) {
        return Err(CramError::TooManyCells { rows: rows.into(), cols: cols.into(), cells });
    }
    Ok(())
}

impl Cram {
    /// Cram on a `rows × cols` board.
    ///
    /// # Errors
    ///
    /// [`CramError::NoCells`] when a side is 0, [`CramError::TooManyCells`] when the board
    /// has more than [`MAX_CELLS`] cells.
    pub fn new(rows: u32, cols: u32) -> Result<Self, CramError> {
        check_sides(rows, cols)?;
        let cells = rows * cols;
        // A single row is the column of the same bits: cell (0, c) is bit c either way.
        let (height, width) = if rows == 1 { (cols, 1) } else { (rows, cols) };
        let board = low_bits(cells);
        let last_column = (0..height).fold(0u64, |m, r| m | 1u64 << (r * width + width - 1));
        let first_column = (0..height).fold(0u64, |m, r| m | 1u64 << (r * width));
        let first_row = low_bits(width);
        Ok(Cram {
            rows,
            cols,
            width,
            has_right: board & !last_column,
            board,
            first_column,
            first_row,
        })
    }

    /// The rows of the board.
    #[must_use]
    pub const fn rows(&self) -> u32 {
        self.rows
    }

    /// The columns of the board.
    #[must_use]
    pub const fn cols(&self) -> u32 {
        self.cols
    }

    /// The empty board: every cell empty.
    #[must_use]
    pub const fn start(&self) -> u64 {
        self.board
    }

    /// The bit of cell `(row, col)` (from 0), or `None` outside the board.
    #[must_use]
    pub const fn cell(&self, row: u32, col: u32) -> Option<u64> {
        if row < self.rows && col < self.cols { Some(1 << (row * self.cols + col)) } else { None }
    }

    /// The position `empty` with its board size, to print or inspect.
    ///
    /// # Errors
    ///
    /// [`CramError::OutsideBoard`] when `empty` has cells outside the board.
    pub fn board(&self, empty: u64) -> Result<CramBoard, CramError> {
        CramBoard::with_empty(self.rows, self.cols, empty)
    }

    /// The two cells `(row, col)` (from 0) of a domino, top or left one first, or `None` when
    /// `domino` is not two neighbouring cells of the board.
    #[must_use]
    pub fn domino(&self, domino: u64) -> Option<[(u32, u32); 2]> {
        if domino.count_ones() != 2 || domino & !self.board != 0 {
            return None;
        }
        let (a, b) = (domino.trailing_zeros(), 63 - domino.leading_zeros());
        let (first, second) = ((a / self.cols, a % self.cols), (b / self.cols, b % self.cols));
        let beside = first.0 == second.0 && first.1 + 1 == second.1;
        let above = first.1 == second.1 && first.0 + 1 == second.0;
        (beside || above).then_some([first, second])
    }

    /// Cells of `set` that have an empty right neighbour in `set`.
    const fn right_pairs(&self, set: u64) -> u64 {
        set & self.has_right & (set >> 1)
    }

    /// Cells of `set` that have an empty neighbour below in `set`.
    const fn down_pairs(&self, set: u64) -> u64 {
        set & (set >> self.width)
    }

    /// The cells of `set` with an empty neighbour in `set` to their right, left, below and
    /// above.
    const fn sides(&self, set: u64) -> [u64; 4] {
        let (right, down) = (self.right_pairs(set), self.down_pairs(set));
        [right, right << 1, down, down << self.width]
    }

    /// The sides (rows, columns) of `set` when it is a full rectangle of cells.
    fn rectangle(&self, set: u64) -> Option<(u32, u32)> {
        if set == 0 {
            return None;
        }
        let w = self.width;
        let (first, last) = (set.trailing_zeros() / w, (63 - set.leading_zeros()) / w);
        let row = (set >> (first * w)) & low_bits(w);
        let cols = row.count_ones();
        // The first row must be one run of cells, repeated on every row down to the last.
        if row >> row.trailing_zeros() != low_bits(cols) {
            return None;
        }
        let rows = last - first + 1;
        let full = (0..rows).fold(0u64, |m, r| m | row << ((first + r) * w));
        (full == set).then_some((rows, cols))
    }

    /// The number of cells of `set` when they form one straight strip (a run of one row or of
    /// one column).
    const fn strip(&self, set: u64) -> Option<u32> {
        if set == 0 {
            return Some(0);
        }
        let w = self.width;
        let (n, low, high) = (set.count_ones(), set.trailing_zeros(), 63 - set.leading_zeros());
        let in_row = high - low + 1 == n && low / w == high / w;
        let in_column = high - low == (n - 1) * w && set & !(self.first_column << (low % w)) == 0;
        if in_row || in_column { Some(n) } else { None }
    }

    /// `empty` simplified by two rules of Cram that keep the value (with `c` a cell, a *tuft*
    /// of `c` is an empty cell whose only empty neighbour is `c`, and a *star* is a cell
    /// with a tuft):
    ///
    /// - of the tufts of one cell, one is kept and the others dropped: a dropped tuft can only
    ///   ever be covered together with its cell, which leaves the same position as covering
    ///   the kept one (isolated cells set aside), and both stay as long as the cell is empty;
    /// - a cell that is neither a tuft nor a star and whose empty neighbours are all stars is
    ///   dropped: covering it with a star `s` leaves what covering `s` with its tuft leaves,
    ///   but for the dropped cell, whose neighbours are still stars there (a tuft goes only
    ///   with its star), so that by induction on the position the two have one value.
    fn reduced(&self, empty: u64) -> u64 {
        let (kept, bridges) = self.reductions(empty);
        kept & !bridges
    }

    /// [`reduced`](Self::reduced) in two parts: `empty` without its extra tufts, and the
    /// cells between stars.
    fn reductions(&self, empty: u64) -> (u64, u64) {
        let w = self.width;
        let [right, left, down, up] = self.sides(empty);
        let odd = right ^ left ^ down ^ up;
        let two_or_more = (right & left) | ((right | left) & (down | up)) | (down & up);
        let tufts = odd & !two_or_more;
        let mut kept = empty;
        // The stars met first (by the side of their tuft) keep their tuft; later ones lose it.
        let mut stars = 0u64;
        for (side, shift, to_star_is_left) in
            [(right, 1u32, true), (left, 1, false), (down, w, true), (up, w, false)]
        {
            let t = tufts & side;
            let star = if to_star_is_left { t << shift } else { t >> shift };
            let again = star & stars;
            kept &= !(if to_star_is_left { again >> shift } else { again << shift });
            stars |= star;
        }
        let plain = empty & !(tufts | stars);
        let plain_neighbours = ((plain & self.has_right) << 1)
            | ((plain >> 1) & self.has_right)
            | (plain << w)
            | (plain >> w);
        (kept, plain & !plain_neighbours)
    }

    /// The cells of `empty` whose horizontal domino with their right neighbour is never
    /// needed, so that the region may be split there (a third rule of Cram).
    ///
    /// Take a 2 × 2 block of empty cells whose top-left cell `x` has no other empty
    /// neighbour than the block's, and likewise its bottom-right cell `y` (or the mirror
    /// image: top-right and bottom-left). The top horizontal domino leaves `y` hanging from
    /// the bottom-left cell `z` alone; the right vertical one leaves `x` hanging from `z`
    /// alone: the same shape, so the same value. Likewise the bottom horizontal domino and
    /// the left vertical one. As long as play avoids the two horizontal dominoes of the
    /// block, `x` can only go with `z` and `y` only with the top-right cell, so every
    /// position reached still has such a twin for them (when `z` or the top-right cell
    /// is gone, each of them leaves the same cells up to one isolated cell). So the value
    /// is that of the game without those two dominoes, where the block's two columns are
    /// no longer joined: a disjunctive sum when nothing else joins them.
    fn cut_edges(&self, empty: u64) -> u64 {
        let w = self.width;
        if w < 2 {
            return 0;
        }
        let [right, left, down, up] = self.sides(empty);
        let top_left = right & down & !left & !up;
        let bottom_right = left & up & !right & !down;
        let top_right = left & down & !right & !up;
        let bottom_left = right & up & !left & !down;
        // Blocks by the cell of their top-left corner `x` (then `y` is `w + 1` further) ...
        let block = top_left & (bottom_right >> (w + 1));
        // ... and by their top-right corner (then the bottom-left one is `w - 1` further).
        let mirrored = top_right & (bottom_left >> (w - 1));
        block | block << w | mirrored >> 1 | mirrored << (w - 1)
    }

    /// The cells of `set` reachable from `seed` through neighbouring cells of `set`, where
    /// a cell of `cut` is not joined to its right neighbour.
    const fn flood(&self, set: u64, seed: u64, cut: u64) -> u64 {
        let joined = self.has_right & !cut;
        let mut region = seed;
        loop {
            let grown = region
                | ((region & joined) << 1)
                | ((region >> 1) & joined)
                | (region << self.width)
                | (region >> self.width);
            let grown = grown & set;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}

/// The numbers from `low` to `high` (`low ≤ high`), from the middle outwards.
fn middle_out(low: u32, high: u32) -> impl Iterator<Item = u32> {
    let mid = (low + high) / 2;
    // mid, mid + 1, mid - 1, mid + 2, ... (the upper middle first when there are two).
    (0..=2 * (high - low)).filter_map(move |k| {
        let step = k.div_ceil(2);
        let n = if k % 2 == 1 { mid.checked_add(step) } else { mid.checked_sub(step) };
        n.filter(|n| (low..=high).contains(n))
    })
}

impl Ruleset for Cram {
    type Position = u64;
    type Move = u64;

    /// The dominoes on two empty neighbouring cells: horizontal ones first, then vertical
    /// ones, each by their first cell.
    fn moves(&self, empty: &u64, moves: &mut Vec<u64>) {
        let mut right = self.right_pairs(*empty);
        while right != 0 {
            let cell = right & right.wrapping_neg();
            moves.push(cell | cell << 1);
            right &= right - 1;
        }
        let mut down = self.down_pairs(*empty);
        while down != 0 {
            let cell = down & down.wrapping_neg();
            moves.push(cell | cell << self.width);
            down &= down - 1;
        }
    }

    /// The pairs of neighbouring empty cells, counted.
    fn move_count(&self, empty: &u64, _: &mut Vec<u64>) -> usize {
        (self.right_pairs(*empty).count_ones() + self.down_pairs(*empty).count_ones()) as usize
    }

    /// The cells of the domino are filled.
    fn play(&self, empty: &u64, domino: &u64) -> u64 {
        empty & !domino
    }

    /// No two empty cells are neighbours.
    fn is_terminal(&self, empty: &u64) -> bool {
        self.right_pairs(*empty) == 0 && self.down_pairs(*empty) == 0
    }

    /// The connected regions of empty cells that still hold a domino, after the two
    /// reductions of `reduced`, split also where a block of four cells allows it
    /// (`cut_edges`).
    fn components(&self, empty: &u64, components: &mut Vec<u64>) {
        let (right, down) = (self.right_pairs(*empty), self.down_pairs(*empty));
        // Cells that can still take part in a domino; the others never matter.
        let live = right | right << 1 | down | down << self.width;
        let live = self.reduced(live);
        let cut = self.cut_edges(live);
        let mut rest = live;
        while rest != 0 {
            let region = self.flood(live, rest & rest.wrapping_neg(), cut);
            components.push(region);
            rest &= !region;
        }
    }

    /// The least encoding, moved to the top-left corner, of the region and its mirror images
    /// (left-right, top-bottom and both).
    ///
    /// Moving to the corner is one shift of the whole word (no cell lies left of the leftmost
    /// column); turning by a half turn is reversing the word's bits and shifting back; the
    /// two mirror images are those two shapes with their rows in reverse order.
    fn canonical(&self, empty: &u64) -> u64 {
        if *empty == 0 {
            return 0;
        }
        let w = self.width;
        let mask = low_bits(w);
        let (first, last) = (empty.trailing_zeros() / w, (63 - empty.leading_zeros()) / w);
        let columns = (first..=last).fold(0, |m, r| m | (*empty >> (r * w)) & mask);
        let (left, right) = (columns.trailing_zeros(), 63 - columns.leading_zeros());
        let corner = *empty >> (first * w + left);
        let half_turn = empty.reverse_bits() >> (63 - last * w - right);
        let (mut top_bottom, mut left_right) = (0u64, 0u64);
        let height = last - first + 1;
        for r in 0..height {
            let down = (height - 1 - r) * w;
            top_bottom |= ((corner >> (r * w)) & mask) << down;
            left_right |= ((half_turn >> (r * w)) & mask) << down;
        }
        corner.min(half_turn).min(top_bottom).min(left_right)
    }

    /// A straight strip of `n` cells is a heap of `n` of the octal game 0.07 (Dawson's
    /// Kayles): a domino takes two neighbouring cells and leaves the strips on either side.
    fn known_value(&self, empty: &u64) -> Option<Nimber> {
        let n = self.strip(*empty)?;
        Some(Nimber::new(STRIP_VALUES[n as usize].into()))
    }

    /// A full rectangle with an even side is won by symmetry: with both sides even the second
    /// player answers every domino with its image through the centre; with one side odd the
    /// first player takes the central domino along that side, then answers the same way.
    fn known_outcome(&self, empty: &u64) -> Option<Outcome> {
        let (rows, cols) = self.rectangle(*empty)?;
        match (rows % 2, cols % 2) {
            (0, 0) => Some(Outcome::P),
            (1, 1) => None,
            _ => Some(Outcome::N),
        }
    }

    /// Vertical dominoes first, those of the middle columns of the empty cells first, then
    /// horizontal ones, those of the middle rows first: a domino across the middle splits
    /// the region into parts, whose values the table often knows already, so that a search
    /// meets the child that answers it early. (On a board of one row every domino counts as
    /// vertical.)
    fn order_moves(&self, empty: &u64, moves: &mut [u64]) {
        if *empty == 0 {
            return;
        }
        let w = self.width;
        let (first, last) = (empty.trailing_zeros() / w, (63 - empty.leading_zeros()) / w);
        let columns = (first..=last).fold(0u64, |m, r| m | (*empty >> (r * w)));
        let columns = columns & low_bits(w);
        let (left, right) = (columns.trailing_zeros(), 63 - columns.leading_zeros());
        // The moves are listed again, in order: they are all the dominoes of `empty`.
        let mut next = 0;
        let mut put = |mut cells: u64, other: u32| {
            while cells != 0 {
                let cell = cells & cells.wrapping_neg();
                if let Some(slot) = moves.get_mut(next) {
                    *slot = cell | cell << other;
                }
                next += 1;
                cells &= cells - 1;
            }
        };
        let down = self.down_pairs(*empty);
        for col in middle_out(left, right) {
            put(down & self.first_column << col, w);
        }
        let across = self.right_pairs(*empty);
        for row in middle_out(first, last) {
            put(across & self.first_row << (row * w), 1);
        }
        debug_assert_eq!(next, moves.len(), "every move is listed once");
    }

    /// No: [`order_moves`](Ruleset::order_moves) lists every position's moves in an order
    /// of its own.
    fn move_history(&self) -> bool {
        false
    }

    /// The empty cells are one word already.
    fn word_key(&self, canonical: &u64) -> Option<u64> {
        Some(*canonical)
    }
}

/// A Cram position with its board size: the value type to parse, print and serialise.
///
/// Its text is `RxC` (such as `5x7`) for an empty board of `R` rows and `C` columns, or its
/// rows from the top, of `.` (empty) and `#` (filled) cells, separated by `/` or newlines
/// (such as `..#./....`). [`Display`](fmt::Display) writes the first form for an empty
/// board and the second, with `/`, otherwise; parsing what it writes gives the board back.
///
/// ```
/// use grundy_cram_chomp::CramBoard;
///
/// let board: CramBoard = "..#./....".parse()?;
/// assert_eq!((board.rows(), board.cols()), (2, 4));
/// assert!(!board.is_empty_cell(0, 2));
/// assert_eq!(board.to_string(), "..#./....");
/// assert_eq!("../..".parse::<CramBoard>()?.to_string(), "2x2");
/// # Ok::<(), grundy_cram_chomp::CramError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "String"))]
pub struct CramBoard {
    rows: u32,
    cols: u32,
    empty: u64,
}

impl CramBoard {
    /// The empty `rows × cols` board.
    ///
    /// # Errors
    ///
    /// As [`Cram::new`].
    pub fn new(rows: u32, cols: u32) -> Result<Self, CramError> {
        check_sides(rows, cols)?;
        Ok(CramBoard { rows, cols, empty: low_bits(rows * cols) })
    }

    /// The `rows × cols` board whose empty cells are the bits of `empty` (cell `(row, col)`
    /// is bit `row * cols + col`).
    ///
    /// # Errors
    ///
    /// As [`Cram::new`], and [`CramError::OutsideBoard`] when `empty` has a bit outside the
    /// board.
    pub fn with_empty(rows: u32, cols: u32, empty: u64) -> Result<Self, CramError> {
        let board = Self::new(rows, cols)?;
        let outside = empty & !board.empty;
        if outside != 0 {
            return Err(CramError::OutsideBoard { rows, cols, empty, outside });
        }
        Ok(CramBoard { empty, ..board })
    }

    /// The rows of the board.
    #[must_use]
    pub const fn rows(&self) -> u32 {
        self.rows
    }

    /// The columns of the board.
    #[must_use]
    pub const fn cols(&self) -> u32 {
        self.cols
    }

    /// The word of the empty cells: the position of [`Cram`].
    #[must_use]
    pub const fn empty(&self) -> u64 {
        self.empty
    }

    /// Whether cell `(row, col)` (from 0) is on the board and empty.
    #[must_use]
    pub const fn is_empty_cell(&self, row: u32, col: u32) -> bool {
        row < self.rows && col < self.cols && self.empty >> (row * self.cols + col) & 1 == 1
    }

    /// The ruleset of this board's size.
    #[must_use]
    pub fn game(&self) -> Cram {
        match Cram::new(self.rows, self.cols) {
            Ok(game) => game,
            Err(e) => unreachable!("a board's sides were checked: {e}"),
        }
    }
}

impl fmt::Display for CramBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.empty == low_bits(self.rows * self.cols) {
            return write!(f, "{}x{}", self.rows, self.cols);
        }
        for row in 0..self.rows {
            if row > 0 {
                f.write_str("/")?;
            }
            for col in 0..self.cols {
                f.write_str(if self.is_empty_cell(row, col) { "." } else { "#" })?;
            }
        }
        Ok(())
    }
}

impl FromStr for CramBoard {
    type Err = CramError;

    /// Parses `RxC` or rows of `.` and `#` separated by `/` or newlines (blank space around
    /// the text and its rows is ignored).
    fn from_str(text: &str) -> Result<Self, CramError> {
        let syntax = || CramError::Syntax { text: text.to_owned() };
        let trimmed = text.trim();
        if let Some((rows, cols)) = trimmed.split_once(['x', 'X']) {
            let side = |s: &str| {
                let s = s.trim();
                if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(syntax());
                }
                s.parse::<u32>().map_err(|_| CramError::SideTooLarge {
                    text: text.to_owned(),
                    side: s.to_owned(),
                })
            };
            let (rows, cols) = (side(rows)?, side(cols)?);
            return CramBoard::new(rows, cols);
        }
        let lines: Vec<&str> = trimmed.split(['/', '\n']).map(str::trim).collect();
        if trimmed.is_empty() {
            return Err(syntax());
        }
        let expected = lines[0].chars().count();
        let mut empty = 0u64;
        for (r, line) in lines.iter().enumerate() {
            let found = line.chars().count();
            if found != expected {
                return Err(CramError::Ragged {
                    text: text.to_owned(),
                    row: r + 1,
                    found,
                    expected,
                });
            }
            for (c, ch) in line.chars().enumerate() {
                let bit = match ch {
                    '.' => 1,
                    '#' => 0,
                    _ => {
                        return Err(CramError::BadCell {
                            text: text.to_owned(),
                            found: ch,
                            row: r + 1,
                            col: c + 1,
                        });
                    }
                };
                let index = r * expected + c;
                if index < 64 {
                    empty |= bit << index;
                }
            }
        }
        let side = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        CramBoard::with_empty(side(lines.len()), side(expected), empty)
    }
}

impl TryFrom<String> for CramBoard {
    type Error = CramError;
    fn try_from(text: String) -> Result<Self, CramError> {
        text.parse()
    }
}

impl From<CramBoard> for String {
    fn from(board: CramBoard) -> Self {
        board.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strip_values_are_dawsons_kayles() {
        // 0.07 from heap 0: 0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3
        let start = [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3];
        assert_eq!(STRIP_VALUES[..20], start);
        // The P-positions of Dawson's Kayles up to 64 (those of Dawson's Chess, 0.137, plus 1).
        let zeros: Vec<usize> = (0..=64).filter(|&n| STRIP_VALUES[n] == 0).collect();
        assert_eq!(zeros, [0, 1, 5, 9, 15, 21, 25, 29, 35, 39, 43, 55, 59, 63]);
        assert_eq!(middle_out(2, 5).collect::<Vec<_>>(), [3, 4, 2, 5]);
        assert_eq!(middle_out(0, 4).collect::<Vec<_>>(), [2, 3, 1, 4, 0]);
        assert_eq!(middle_out(7, 7).collect::<Vec<_>>(), [7]);
    }

    #[test]
    fn rectangles_and_strips_are_recognised() {
        let game = Cram::new(3, 4).unwrap();
        assert_eq!(game.rectangle(0b0001_0011), None);
        assert_eq!(game.rectangle(0b1001), None);
        assert_eq!(game.rectangle(0b0110_0110_0000), Some((2, 2)));
        assert_eq!(game.strip(0b0110), Some(2));
        assert_eq!(game.strip(0b0001_0001_0001), Some(3));
        assert_eq!(game.strip(0b0001_0000_0001), None);
        assert_eq!(game.strip(0b0001_1000), None, "a run across two rows");
        let strip = Cram::new(1, 64).unwrap();
        assert_eq!(strip.strip(u64::MAX), Some(64));
        assert_eq!(strip.rectangle(u64::MAX), Some((64, 1)));
    }
}
