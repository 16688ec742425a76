//! Chomp: take a square of a chocolate bar together with every square above it and to its
//! right; the bottom-left square is poisoned and may not be taken, so whoever cannot move
//! loses.
//!
//! [`Chomp`] is the ruleset; its positions are words (`u64`) of row lengths, four bits per row,
//! the bottom row in the lowest bits, and a move is the square `(row, col)` bitten off (from
//! 0, rows counted from the bottom). [`ChompBar`] is a position with a text form that parses
//! and prints: `10x10` for a full bar of 10 rows and 10 columns, or the column heights from
//! the left, such as `4,3,3,1` (a staircase: heights never increase).
//!
//! The hooks of [`Ruleset`] that Chomp uses:
//!
//! - [`canonical`](Ruleset::canonical): the bar or its mirror image in the diagonal;
//! - [`known_value`](Ruleset::known_value): an L (one row and one column) is Nim with two
//!   heaps;
//! - [`known_outcome`](Ruleset::known_outcome): a rectangle is won by the first player
//!   (strategy stealing), and a bar of two rows is lost exactly when its top row is one
//!   square shorter than its bottom row;
//! - [`word_key`](Ruleset::word_key): the position is one word already.

use core::fmt;
use core::str::FromStr;

use grundy_core::{Nimber, Outcome, Ruleset};

/// The most rows, and the most columns, of a Chomp bar: a row length is four bits.
pub const MAX_SIDE: u32 = 15;

/// Why a Chomp bar, position or text was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ChompError {
    /// A side of the bar is 0 or above [`MAX_SIDE`].
    #[error("a {rows}x{cols} Chomp bar is not supported: each side must be 1 to {MAX_SIDE}")]
    Sides {
        /// The rows asked for.
        rows: u64,
        /// The columns asked for.
        cols: u64,
    },
    /// The text is neither a size nor column heights.
    #[error(
        "Chomp bar '{text}': expected a size such as 10x10, or column heights from the left \
         separated by commas, such as 4,3,3,1"
    )]
    Syntax {
        /// The text given.
        text: String,
    },
    /// A column height is 0 or above [`MAX_SIDE`], or there are more than [`MAX_SIDE`]
    /// columns.
    #[error(
        "Chomp bar '{text}': column {col} has height {height}; there are 1 to {MAX_SIDE} \
         columns of heights 1 to {MAX_SIDE}"
    )]
    Column {
        /// The heights given.
        text: String,
        /// The column, from 1.
        col: usize,
        /// Its height.
        height: u64,
    },
    /// A side or height does not fit in 64 bits; the number is named as written.
    #[error("Chomp bar '{text}': {number} is far too large; sides and heights go up to {MAX_SIDE}")]
    TooLarge {
        /// The text given.
        text: String,
        /// The number, as written.
        number: String,
    },
    /// A column is higher than the one on its left.
    #[error(
        "Chomp bar '{text}': column {col} (height {height}) is higher than the one on its left \
         (height {left}); heights must not increase"
    )]
    Increasing {
        /// The heights given.
        text: String,
        /// The column, from 1.
        col: usize,
        /// Its height.
        height: u64,
        /// The height of the column on its left.
        left: u64,
    },
    /// A word is not a list of non-increasing row lengths with a first row.
    #[error(
        "{position:#x} is not a Chomp position: its row lengths (four bits each, bottom row \
         first) must start with a non-empty row and never increase"
    )]
    NotAPosition {
        /// The word given.
        position: u64,
    },
    /// A position does not fit in the bar of a ruleset.
    #[error("Chomp position {position:#x} does not fit in the {rows}x{cols} bar")]
    OutsideBar {
        /// The word given.
        position: u64,
        /// The rows of the ruleset's bar.
        rows: u32,
        /// The columns of the ruleset's bar.
        cols: u32,
    },
}

/// `ONES[l]` has its `l` lowest nibbles equal to 1: the column heights a row of length `l`
/// adds to.
const ONES: [u64; 16] = {
    let mut ones = [0u64; 16];
    let mut l = 1;
    while l < 16 {
        ones[l] = ones[l - 1] << 4 | 1;
        l += 1;
    }
    ones
};

/// The length of row `r` (`r < 16`) of `position`.
#[allow(clippy::cast_possible_truncation, reason = "masked to four bits")]
const fn row(position: u64, r: u32) -> u8 {
    ((position >> (4 * r)) & 15) as u8
}

/// The number of non-empty rows of a position (its rows never increase).
const fn height(position: u64) -> u32 {
    (64 - position.leading_zeros()).div_ceil(4)
}

/// The bar `position` mirrored in its diagonal: column `c`'s height is the number of rows
/// longer than `c`, so each row of length `l` adds one to the nibbles of columns `0..l`.
/// No height exceeds 15, so the nibbles never carry.
fn transpose(position: u64) -> u64 {
    let (mut rows, mut transposed) = (position, 0u64);
    while rows != 0 {
        transposed += ONES[usize::from(row(rows, 0))];
        rows >>= 4;
    }
    transposed
}

/// Every row length of `position` (each four bits) cut to at most `c` squares, all sixteen
/// at once: the even and the odd rows in bytes of their own, where a byte's top bit tells,
/// after subtracting `c + 1`, whether the row was longer than `c`.
fn cut_rows(position: u64, c: u8) -> u64 {
    const LOW: u64 = 0x0F0F_0F0F_0F0F_0F0F;
    const BYTES: u64 = 0x0101_0101_0101_0101;
    const TOPS: u64 = 0x8080_8080_8080_8080;
    let c = u64::from(c & 15);
    let cut = |rows: u64| {
        // Each byte is 128 to 143 before the subtraction of 1 to 16: no borrow between bytes.
        let longer = ((rows | TOPS) - (c + 1) * BYTES) & TOPS;
        let mask = (longer >> 7) * 15;
        rows & !mask | (c * BYTES) & mask
    };
    cut(position & LOW) | cut(position >> 4 & LOW) << 4
}

/// Whether `position` is a Chomp position: a first row of at least one square, and rows that
/// never get longer going up.
fn is_position(position: u64) -> bool {
    if row(position, 0) == 0 {
        return false;
    }
    (1..16).all(|r| row(position, r) <= row(position, r - 1))
}

/// Chomp on a bar of at most [`MAX_SIDE`] rows and columns: the ruleset.
///
/// A position is the word of the row lengths (four bits a row, the bottom row in the lowest
/// bits, lengths never increasing going up, the bottom row never empty); a move is the
/// square `(row, col)` bitten off, from 0, the poisoned square being `(0, 0)`. Moves and
/// play depend on the position only: the bar's sides give the [`start`](Chomp::start) and
/// the check of [`Chomp::bar`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "Sides", into = "Sides"))]
pub struct Chomp {
    rows: u32,
    cols: u32,
}

/// The serde form of [`Chomp`]: its sides.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct Sides {
    rows: u32,
    cols: u32,
}

#[cfg(feature = "serde")]
impl TryFrom<Sides> for Chomp {
    type Error = ChompError;
    fn try_from(sides: Sides) -> Result<Self, ChompError> {
        Chomp::new(sides.rows, sides.cols)
    }
}

#[cfg(feature = "serde")]
impl From<Chomp> for Sides {
    fn from(game: Chomp) -> Self {
        Sides { rows: game.rows, cols: game.cols }
    }
}

impl Chomp {
    /// Chomp on a `rows × cols` bar.
    ///
    /// # Errors
    ///
    /// [`ChompError::Sides`] when a side is 0 or above [`MAX_SIDE`].
    pub fn new(rows: u32, cols: u32) -> Result<Self, ChompError> {
        if !(1..=MAX_SIDE).contains(&rows) || !(1..=MAX_SIDE).contains(&cols) {
            return Err(ChompError::Sides { rows: rows.into(), cols: cols.into() });
        }
        Ok(Chomp { rows, cols })
    }

    /// The rows of the bar.
    #[must_use]
    pub const fn rows(&self) -> u32 {
        self.rows
    }

    /// The columns of the bar.
    #[must_use]
    pub const fn cols(&self) -> u32 {
        self.cols
    }

    /// The whole bar.
    #[must_use]
    pub const fn start(&self) -> u64 {
        ONES[self.rows as usize] * self.cols as u64
    }

    /// The position `position` as a [`ChompBar`], to print or inspect.
    ///
    /// # Errors
    ///
    /// [`ChompError::NotAPosition`] when `position` is not a Chomp position,
    /// [`ChompError::OutsideBar`] when it does not fit in this ruleset's bar.
    pub fn bar(&self, position: u64) -> Result<ChompBar, ChompError> {
        let bar = ChompBar::from_position(position)?;
        if bar.rows() > self.rows || bar.cols() > self.cols {
            return Err(ChompError::OutsideBar { position, rows: self.rows, cols: self.cols });
        }
        Ok(bar)
    }
}

impl Ruleset for Chomp {
    type Position = u64;
    type Move = (u8, u8);

    /// Every square but the poisoned one, row by row from the bottom.
    fn moves(&self, position: &u64, moves: &mut Vec<(u8, u8)>) {
        for index in 0..16u8 {
            let len = row(*position, u32::from(index));
            if len == 0 {
                break;
            }
            let first = u8::from(index == 0);
            moves.extend((first..len).map(|c| (index, c)));
        }
    }

    /// The rows from `r` up are cut to `c` squares.
    fn play(&self, position: &u64, &(r, c): &(u8, u8)) -> u64 {
        // Rows 0 to 15, so the shift is at most 60.
        let bitten = u64::MAX << (4 * u32::from(r & 15));
        position & !bitten | cut_rows(*position, c) & bitten
    }

    /// Only the poisoned square is left.
    fn is_terminal(&self, position: &u64) -> bool {
        *position == 1
    }

    /// The bar or its mirror image in the diagonal, whichever encodes smaller.
    fn canonical(&self, position: &u64) -> u64 {
        transpose(*position).min(*position)
    }

    /// An L, a bottom row of `a` squares and a first column of `b`, is Nim with heaps `a - 1`
    /// and `b - 1`: a bite shortens one arm and leaves the other.
    fn known_value(&self, position: &u64) -> Option<Nimber> {
        let above = position >> 4;
        if above & 0xEEEE_EEEE_EEEE_EEEE != 0 {
            return None;
        }
        let across = u32::from(row(*position, 0)).saturating_sub(1);
        Some(Nimber::new(u64::from(across ^ above.count_ones())))
    }

    /// A full rectangle of two or more squares is a first-player win by strategy stealing: if
    /// taking the top-right square lost, the answer to it would win from the start. A bar of
    /// two rows is a second-player win exactly when its top row is one square shorter than
    /// the bottom one: from there every bite is answered by restoring that shape, and from
    /// any other two-row bar one bite reaches it.
    fn known_outcome(&self, position: &u64) -> Option<Outcome> {
        let first = row(*position, 0);
        let rows = height(*position);
        if rows == 2 {
            let top = row(*position, 1);
            return Some(if top + 1 == first { Outcome::P } else { Outcome::N });
        }
        let rectangle = *position == ONES[rows as usize] * u64::from(first);
        (rectangle && (rows > 1 || first > 1)).then_some(Outcome::N)
    }

    /// The row lengths are one word already.
    fn word_key(&self, canonical: &u64) -> Option<u64> {
        Some(*canonical)
    }
}

/// A Chomp position: the value type to parse, print and serialise.
///
/// Its text is `RxC` (such as `10x10`) for a full bar of `R` rows and `C` columns, or the
/// column heights from the left, separated by commas (or blank space), such as `4,3,3,1`: a
/// staircase, heights never increasing, each 1 to [`MAX_SIDE`], at most [`MAX_SIDE`] columns.
/// [`Display`](fmt::Display) writes the first form for a rectangle and the second otherwise;
/// parsing what it writes gives the bar back.
///
/// ```
/// use grundy_cram_chomp::ChompBar;
///
/// let bar: ChompBar = "3,2,2".parse()?;
/// assert_eq!(bar.row_lengths(), [3, 3, 1]); // bottom row first
/// assert_eq!(bar.to_string(), "3,2,2");
/// assert_eq!("2, 2, 2".parse::<ChompBar>()?.to_string(), "2x3");
/// # Ok::<(), grundy_cram_chomp::ChompError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "String"))]
pub struct ChompBar {
    position: u64,
}

impl ChompBar {
    /// The full `rows × cols` bar.
    ///
    /// # Errors
    ///
    /// As [`Chomp::new`].
    pub fn rectangle(rows: u32, cols: u32) -> Result<Self, ChompError> {
        Ok(ChompBar { position: Chomp::new(rows, cols)?.start() })
    }

    /// The bar of a position word of [`Chomp`].
    ///
    /// # Errors
    ///
    /// [`ChompError::NotAPosition`] when the row lengths do not start with a non-empty row or
    /// increase somewhere.
    pub fn from_position(position: u64) -> Result<Self, ChompError> {
        if is_position(position) {
            Ok(ChompBar { position })
        } else {
            Err(ChompError::NotAPosition { position })
        }
    }

    /// The bar with these column heights, from the left.
    ///
    /// # Errors
    ///
    /// [`ChompError::Column`] when there is no column, more than [`MAX_SIDE`], or a height
    /// outside 1 to [`MAX_SIDE`]; [`ChompError::Increasing`] when a column is higher than the
    /// one on its left.
    pub fn from_column_heights(heights: &[u32]) -> Result<Self, ChompError> {
        let text = || heights.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
        Self::from_heights(heights.iter().map(|&h| u64::from(h)), text)
    }

    /// The bar from heights, `text` naming them in errors.
    fn from_heights(
        heights: impl ExactSizeIterator<Item = u64>,
        text: impl Fn() -> String,
    ) -> Result<Self, ChompError> {
        let count = heights.len();
        if count == 0 {
            return Err(ChompError::Column { text: text(), col: 1, height: 0 });
        }
        let mut transposed = 0u64;
        let mut left = u64::from(MAX_SIDE);
        for (c, height) in heights.enumerate() {
            if height == 0 || height > u64::from(MAX_SIDE) || c >= MAX_SIDE as usize {
                return Err(ChompError::Column { text: text(), col: c + 1, height });
            }
            if height > left && c > 0 {
                return Err(ChompError::Increasing { text: text(), col: c + 1, height, left });
            }
            left = height;
            transposed |= height << (4 * c);
        }
        // Column heights are the row lengths of the mirror image.
        Ok(ChompBar { position: transpose(transposed) })
    }

    /// The word of the row lengths: the position of [`Chomp`].
    #[must_use]
    pub const fn position(&self) -> u64 {
        self.position
    }

    /// The rows of the bar (the height of its first column).
    #[must_use]
    pub const fn rows(&self) -> u32 {
        height(self.position)
    }

    /// The columns of the bar (the length of its bottom row).
    #[must_use]
    pub const fn cols(&self) -> u32 {
        row(self.position, 0) as u32
    }

    /// The row lengths, bottom row first.
    #[must_use]
    pub fn row_lengths(&self) -> Vec<u32> {
        (0..self.rows()).map(|r| u32::from(row(self.position, r))).collect()
    }

    /// The column heights, left column first.
    #[must_use]
    pub fn column_heights(&self) -> Vec<u32> {
        let t = transpose(self.position);
        (0..self.cols()).map(|c| u32::from(row(t, c))).collect()
    }

    /// The ruleset of the smallest bar that holds this one (its rows and columns).
    #[must_use]
    pub fn game(&self) -> Chomp {
        Chomp { rows: self.rows(), cols: self.cols() }
    }
}

impl fmt::Display for ChompBar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (rows, cols) = (self.rows(), self.cols());
        if self.position == ONES[rows as usize] * u64::from(cols) {
            return write!(f, "{rows}x{cols}");
        }
        let heights: Vec<String> = self.column_heights().iter().map(u32::to_string).collect();
        f.write_str(&heights.join(","))
    }
}

impl FromStr for ChompBar {
    type Err = ChompError;

    /// Parses `RxC` or column heights separated by commas or blank space.
    fn from_str(text: &str) -> Result<Self, ChompError> {
        let syntax = || ChompError::Syntax { text: text.to_owned() };
        let number = |s: &str| {
            let s = s.trim();
            if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
                return Err(syntax());
            }
            s.parse::<u64>()
                .map_err(|_| ChompError::TooLarge { text: text.to_owned(), number: s.to_owned() })
        };
        let trimmed = text.trim();
        if let Some((rows, cols)) = trimmed.split_once(['x', 'X']) {
            let (rows, cols) = (number(rows)?, number(cols)?);
            let side = |n: u64| u32::try_from(n).unwrap_or(u32::MAX);
            return Self::rectangle(side(rows), side(cols))
                .map_err(|_| ChompError::Sides { rows, cols });
        }
        let heights = trimmed
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|s| !s.is_empty())
            .map(number)
            .collect::<Result<Vec<u64>, _>>()?;
        if heights.is_empty() {
            return Err(syntax());
        }
        Self::from_heights(heights.into_iter(), || trimmed.to_owned())
    }
}

impl TryFrom<String> for ChompBar {
    type Error = ChompError;
    fn try_from(text: String) -> Result<Self, ChompError> {
        text.parse()
    }
}

impl From<ChompBar> for String {
    fn from(bar: ChompBar) -> Self {
        bar.to_string()
    }
}
