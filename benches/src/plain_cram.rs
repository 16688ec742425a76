//! Cram as a user would first write it: the rules and the board's symmetries, none of Cram's
//! own reductions (those are in `grundy-cram-chomp`'s [`Cram`]). The benchmarks measure
//! grundy's default configuration on it against igsolve (issue 21).

use grundy::Ruleset;
use grundy::cram_chomp::{Cram, CramError};

/// Cram written plainly: the empty cells of a board of at most 64 cells in a word (cell
/// `r * cols + c` is bit `r * cols + c`), a move is a domino (the word of its two cells). The
/// hooks work on whole words, as the guide asks: no allocation, no loop over cells where a
/// shift does.
#[derive(Clone, Copy, Debug)]
pub struct PlainCram {
    rows: u32,
    cols: u32,
    /// Every cell of the board.
    board: u64,
    /// The cells with a right-hand neighbour (every column but the last).
    has_right: u64,
}

impl PlainCram {
    /// The empty `rows` × `cols` board.
    ///
    /// # Errors
    ///
    /// As [`Cram::new`]: a side of 0, or more than 64 cells.
    pub fn new(rows: u32, cols: u32) -> Result<Self, CramError> {
        Cram::new(rows, cols)?;
        let cells = rows * cols;
        let board = if cells == 64 { u64::MAX } else { (1 << cells) - 1 };
        let last_col: u64 = (0..rows).map(|r| 1 << (r * cols + cols - 1)).sum();
        Ok(PlainCram { rows, cols, board, has_right: board & !last_col })
    }

    /// The empty board: every cell empty.
    #[must_use]
    pub fn start(&self) -> u64 {
        self.board
    }

    /// The cells next to a cell of `cells`, on the board.
    fn neighbours(self, cells: u64) -> u64 {
        (((cells & self.has_right) << 1)
            | ((cells >> 1) & self.has_right)
            | self.down(cells)
            | self.up(cells))
            & self.board
    }

    /// `cells` moved one row down (none on a board of one row of 64 cells).
    fn down(self, cells: u64) -> u64 {
        cells.checked_shl(self.cols).unwrap_or(0)
    }

    /// `cells` moved one row up.
    fn up(self, cells: u64) -> u64 {
        cells.checked_shr(self.cols).unwrap_or(0)
    }

    /// The cells of `empty` connected to `seed` through empty neighbours.
    fn region(self, empty: u64, seed: u64) -> u64 {
        let mut region = seed;
        loop {
            let grown = (region | self.neighbours(region)) & empty;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// `cells` turned half a turn (both mirrors at once).
    fn half_turn(self, cells: u64) -> u64 {
        cells.reverse_bits() >> (64 - self.rows * self.cols)
    }

    /// `cells` mirrored top-bottom: the rows in reverse order.
    fn flip_rows(self, cells: u64) -> u64 {
        let row = 1u64.checked_shl(self.cols).map_or(u64::MAX, |bit| bit - 1);
        (0..self.rows).fold(0, |out, r| {
            out | (((cells >> (r * self.cols)) & row) << ((self.rows - 1 - r) * self.cols))
        })
    }

    /// `cells` mirrored in the main diagonal (square boards only).
    fn transpose(self, mut cells: u64) -> u64 {
        let mut out = 0;
        while cells != 0 {
            let cell = cells.trailing_zeros();
            cells &= cells - 1;
            out |= 1 << ((cell % self.cols) * self.cols + cell / self.cols);
        }
        out
    }
}

impl Ruleset for PlainCram {
    type Position = u64;
    type Move = u64;

    fn moves(&self, empty: &u64, moves: &mut Vec<u64>) {
        // Horizontal dominoes by their left cell, vertical ones by their top cell.
        let mut across = empty & (empty >> 1) & self.has_right;
        while across != 0 {
            let cell = across & across.wrapping_neg();
            across &= across - 1;
            moves.push(cell | cell << 1);
        }
        let mut down = empty & self.up(*empty);
        while down != 0 {
            let cell = down & down.wrapping_neg();
            down &= down - 1;
            moves.push(cell | self.down(cell));
        }
    }

    fn play(&self, empty: &u64, domino: &u64) -> u64 {
        empty & !domino
    }

    fn components(&self, empty: &u64, components: &mut Vec<u64>) {
        let mut rest = *empty;
        while rest != 0 {
            let region = self.region(rest, rest & rest.wrapping_neg());
            rest &= !region;
            components.push(region);
        }
    }

    fn canonical(&self, empty: &u64) -> u64 {
        let least_of_mirrors = |cells: u64| {
            let flipped = self.flip_rows(cells);
            cells.min(self.half_turn(cells)).min(flipped).min(self.half_turn(flipped))
        };
        let best = least_of_mirrors(*empty);
        if self.rows == self.cols {
            best.min(least_of_mirrors(self.transpose(*empty)))
        } else {
            best
        }
    }
}
