//! Chomp, defined through the public [`Ruleset`] trait as a user of the library would: take a
//! square of a chocolate bar together with every square above and to the right of it; the
//! bottom-left square is poisoned and may not be taken, so whoever cannot move loses.

use grundy::{Outcome, Ruleset};

/// Chomp on bars of at most 15 rows and 15 columns. A position is the list of row lengths
/// (bottom row first, non-increasing), four bits per row; a move is the square `(row, col)`
/// bitten off.
#[derive(Clone, Debug)]
pub struct Chomp {
    rows: u32,
    cols: u32,
}

impl Chomp {
    /// Chomp on a `rows × cols` bar.
    ///
    /// # Panics
    ///
    /// When a side is 0 or above 15 (a benchmark fixture).
    pub fn new(rows: u32, cols: u32) -> Self {
        assert!((1..=15).contains(&rows) && (1..=15).contains(&cols), "sides 1 to 15");
        Chomp { rows, cols }
    }

    /// The whole bar.
    pub fn start(&self) -> u64 {
        (0..self.rows).fold(0, |p, r| p | u64::from(self.cols) << (4 * r))
    }

    /// The length of row `r` of `position`.
    #[allow(clippy::cast_possible_truncation, reason = "masked to four bits")]
    const fn row(position: u64, r: u32) -> u8 {
        ((position >> (4 * r)) & 15) as u8
    }
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

impl Ruleset for Chomp {
    type Position = u64;
    type Move = (u8, u8);

    fn moves(&self, position: &u64, moves: &mut Vec<(u8, u8)>) {
        for r in 0..self.rows {
            let len = Self::row(*position, r);
            let first = u8::from(r == 0);
            // Rows are at most 15 (checked by `new`).
            let row = u8::try_from(r).unwrap_or(u8::MAX);
            moves.extend((first..len).map(|c| (row, c)));
        }
    }

    fn play(&self, position: &u64, &(r, c): &(u8, u8)) -> u64 {
        let mut next = *position;
        for row in u32::from(r)..self.rows {
            // The rows are non-increasing: the first that the bite misses ends it.
            if Self::row(next, row) <= c {
                break;
            }
            next = next & !(15 << (4 * row)) | u64::from(c) << (4 * row);
        }
        next
    }

    fn is_terminal(&self, position: &u64) -> bool {
        *position == 1
    }

    /// A full rectangle of two or more squares is a first-player win by strategy stealing:
    /// if taking the top-right square lost, the answer to it would win from the start.
    fn known_outcome(&self, position: &u64) -> Option<Outcome> {
        let first = Self::row(*position, 0);
        let rows = (0..self.rows).take_while(|&r| Self::row(*position, r) > 0).count();
        let rectangle = (0..self.rows).all(|r| {
            let len = Self::row(*position, r);
            len == 0 || len == first
        });
        (rectangle && (rows > 1 || first > 1)).then_some(Outcome::N)
    }

    /// The row lengths are one word already.
    fn word_key(&self, canonical: &u64) -> Option<u64> {
        Some(*canonical)
    }

    /// The bar or its mirror image in the diagonal, whichever encodes smaller.
    fn canonical(&self, position: &u64) -> u64 {
        if self.rows != self.cols {
            return *position;
        }
        // Column c's height is the number of rows longer than c: each row of length l adds one
        // to the heights of columns 0..l, that is the nibbles 0x11..1 (l ones). No height
        // exceeds 15, so the nibbles never carry.
        let (mut rows, mut transposed) = (*position, 0u64);
        while rows != 0 {
            // The rows are non-increasing, so the first empty one ends the bar.
            transposed += ONES[usize::from(Self::row(rows, 0))];
            rows >>= 4;
        }
        transposed.min(*position)
    }
}

#[cfg(test)]
mod tests {
    use grundy::{Nimber, Outcome, Ruleset, Solver, naive};

    use super::*;

    #[test]
    fn solver_agrees_with_plain_recursion() {
        for (r, c) in [(1, 1), (1, 4), (2, 3), (3, 3), (3, 4)] {
            let game = Chomp::new(r, c);
            let plain = naive::value(&game, &game.start());
            assert_eq!(Solver::new(&game).value(&game.start()).unwrap(), plain, "{r}x{c}");
        }
        // Rectangles are N, the other shapes unknown.
        let game = Chomp::new(3, 4);
        assert_eq!(game.known_outcome(&game.start()), Some(Outcome::N));
        assert_eq!(game.known_outcome(&0x044), Some(Outcome::N));
        assert_eq!(game.known_outcome(&0x034), None);
        assert_eq!(game.known_outcome(&0x1), None);
        // A 1 x n bar is Nim with one heap of n - 1; igsolve: the 6 x 6 bar is *13.
        assert_eq!(naive::value(&Chomp::new(1, 6), &Chomp::new(1, 6).start()), Nimber::new(5));
        let game = Chomp::new(6, 6);
        assert_eq!(Solver::new(&game).value(&game.start()).unwrap(), Nimber::new(13));
    }
}
