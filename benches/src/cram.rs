//! Cram, defined through the public [`Ruleset`] trait as a user of the library would: place a
//! domino on two empty adjacent cells of a board; whoever cannot place one loses.
//!
//! A user who knows Cram tells the solver what igsolve's Cram knows: three rules that simplify
//! a position or split it into independent parts without changing its value
//! ([`components`](Ruleset::components); each is proved where it is written and checked
//! against plain mex recursion on every set of cells of small boards), the symmetries
//! ([`canonical`](Ruleset::canonical)), the outcome of rectangles with an even side, and an
//! order of moves that tries the dominoes across the middle first.

use grundy::{Outcome, Ruleset};

/// Cram on boards of at most 64 cells. A position is the bitset of the empty cells, cell
/// `(row, col)` being bit `row * width + col`; a move is the bitset of the domino's two cells.
#[derive(Clone, Debug)]
pub struct Cram {
    width: u32,
    /// Every cell but those of the last column: cells that have a right neighbour.
    has_right: u64,
    /// Every cell.
    board: u64,
    /// The cells of the first column, and of the first row.
    first_column: u64,
    first_row: u64,
}

impl Cram {
    /// Cram on a `height × width` board.
    ///
    /// # Panics
    ///
    /// When the board is empty or has more than 64 cells (a benchmark fixture).
    pub fn new(height: u32, width: u32) -> Self {
        let cells = height * width;
        assert!(cells > 0 && cells <= 64, "Cram boards have 1 to 64 cells");
        let board = if cells == 64 { u64::MAX } else { (1u64 << cells) - 1 };
        let last_column = (0..height).fold(0u64, |m, r| m | 1u64 << (r * width + width - 1));
        let first_column = (0..height).fold(0u64, |m, r| m | 1u64 << (r * width));
        let first_row = (1u64 << width) - 1;
        Cram { width, has_right: board & !last_column, board, first_column, first_row }
    }

    /// The empty board.
    pub const fn start(&self) -> u64 {
        self.board
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
        let row = (set >> (first * w)) & ((1u64 << w) - 1);
        let cols = row.count_ones();
        // The first row must be one run of cells, repeated on every row down to the last.
        if row >> row.trailing_zeros() != (1u64 << cols) - 1 {
            return None;
        }
        let rows = last - first + 1;
        let full = (0..rows).fold(0u64, |m, r| m | row << ((first + r) * w));
        (full == set).then_some((rows, cols))
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
    fn flood(&self, set: u64, seed: u64, cut: u64) -> u64 {
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

    fn play(&self, empty: &u64, domino: &u64) -> u64 {
        empty & !domino
    }

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
    /// meets the child that answers it early.
    fn order_moves(&self, empty: &u64, moves: &mut [u64]) {
        if *empty == 0 {
            return;
        }
        let w = self.width;
        let (first, last) = (empty.trailing_zeros() / w, (63 - empty.leading_zeros()) / w);
        let columns = (first..=last).fold(0u64, |m, r| m | (*empty >> (r * w)));
        let columns = columns & ((1u64 << w) - 1);
        let (left, right) = (columns.trailing_zeros(), 63 - columns.leading_zeros());
        // The moves are listed again, in order: they are all the dominoes of `empty`.
        let mut next = 0;
        let mut put = |mut cells: u64, other: u32| {
            while cells != 0 {
                let cell = cells & cells.wrapping_neg();
                moves[next] = cell | cell << other;
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

    /// The empty cells are one word already.
    fn word_key(&self, canonical: &u64) -> Option<u64> {
        Some(*canonical)
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
        let mask = (1u64 << w) - 1;
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
}

#[cfg(test)]
mod tests {
    use grundy::{Config, Method, Nimber, Outcome, Ruleset, Solver, naive};

    use super::*;

    /// The parallel pruned search (solvers that split the top position's children, post the
    /// values they find and abandon a child whose value another has found) gives the
    /// one-thread values on boards large enough for every part of it to run.
    #[test]
    fn parallel_pruned_search_gives_the_solver_s_values() {
        for (h, w) in [(3, 7), (4, 5), (5, 5), (4, 7), (5, 6)] {
            let game = Cram::new(h, w);
            let config = Config::default()
                .with_method(Method::Pruned)
                .with_table_bytes(grundy::compact::CompactTable::MIN_BYTES);
            let one = Solver::with_config(&game, config.clone()).value(&game.start()).unwrap();
            for threads in [2, 3] {
                let many = grundy::solver::par_value(&game, &game.start(), &config, threads);
                assert_eq!(many.unwrap(), one, "{h}x{w}, {threads} threads");
            }
        }
    }

    /// The order of the moves lists each move once, vertical dominoes first, and the middle
    /// column's before the others.
    #[test]
    fn ordered_moves_are_the_moves() {
        for (h, w) in [(3, 4), (4, 3), (1, 6), (6, 1), (2, 2)] {
            let game = Cram::new(h, w);
            for set in 0u64..1 << (h * w) {
                let mut moves = Vec::new();
                game.moves(&set, &mut moves);
                let mut ordered = moves.clone();
                game.order_moves(&set, &mut ordered);
                let vertical = |m: &u64| w == 1 || *m >> m.trailing_zeros() != 0b11;
                assert!(ordered.is_sorted_by_key(|m| !vertical(m)), "{h}x{w} {set:b}");
                ordered.sort_unstable();
                moves.sort_unstable();
                assert_eq!(ordered, moves, "{h}x{w} {set:b}");
            }
        }
        // The full 4 x 9 board: the first move is a vertical domino of the middle column.
        let game = Cram::new(4, 9);
        let mut moves = Vec::new();
        game.moves(&game.start(), &mut moves);
        game.order_moves(&game.start(), &mut moves);
        assert_eq!(moves[0], 1 << 4 | 1 << 13);
        assert_eq!(super::middle_out(2, 5).collect::<Vec<_>>(), [3, 4, 2, 5]);
        assert_eq!(super::middle_out(0, 4).collect::<Vec<_>>(), [2, 3, 1, 4, 0]);
        assert_eq!(super::middle_out(7, 7).collect::<Vec<_>>(), [7]);
    }

    /// The value of every set of cells of a board by plain mex recursion over the rules
    /// (dominoes on two empty neighbouring cells), remembered by set: no components, no
    /// reductions, no symmetries.
    fn plain_values(game: &Cram, cells: u32) -> Vec<u8> {
        let mut values = vec![0u8; 1 << cells];
        // A move only empties cells, so every child is a smaller number than its parent.
        for set in 0u64..1 << cells {
            let mut moves = Vec::new();
            game.moves(&set, &mut moves);
            let seen = moves
                .iter()
                .fold(0u64, |seen, m| seen | 1 << values[usize::try_from(set & !m).unwrap()]);
            values[usize::try_from(set).unwrap()] = u8::try_from(seen.trailing_ones()).unwrap();
        }
        values
    }

    /// The reductions of `components` keep the value: on every set of cells of small boards,
    /// the nim-sum of the components' plain values is the set's plain value. Each rule is
    /// met (a cell with two or three tufts, a cell between stars, a region split at a
    /// block).
    #[test]
    fn reduced_components_keep_the_value() {
        for (h, w) in [(4, 4), (3, 5), (5, 3), (2, 7), (1, 9)] {
            let game = Cram::new(h, w);
            let values = plain_values(&game, h * w);
            let (mut dropped_tufts, mut bridges, mut splits) = (0, 0, 0);
            for set in 0u64..1 << (h * w) {
                let mut parts = Vec::new();
                game.components(&set, &mut parts);
                let sum = parts.iter().fold(0, |x, &p| x ^ values[usize::try_from(p).unwrap()]);
                assert_eq!(sum, values[usize::try_from(set).unwrap()], "{h}x{w} {set:b}");
                let kept: u64 = parts.iter().fold(0, |m, p| m | p);
                assert_eq!(kept & !set, 0, "components are made of empty cells");
                let (without_tufts, between) = game.reductions(set);
                dropped_tufts += usize::from(without_tufts != set);
                bridges += usize::from(between != 0);
                let reduced = game.reduced(set);
                let whole = game.flood(reduced, reduced & reduced.wrapping_neg(), 0);
                splits += usize::from(whole == reduced && parts.len() > 1);
            }
            assert!(dropped_tufts > 0 && bridges > 0, "{h}x{w}: both reductions applied");
            assert!(h == 1 || w == 1 || splits > 0, "{h}x{w}: a block split a region");
        }
    }

    /// Components and symmetries agree with plain recursion over the rules.
    #[test]
    fn solver_agrees_with_plain_recursion() {
        for (h, w) in [(1, 5), (2, 3), (3, 3), (2, 5), (3, 4)] {
            let game = Cram::new(h, w);
            let plain = naive::value(&game, &game.start());
            assert_eq!(Solver::new(&game).value(&game.start()).unwrap(), plain, "{h}x{w}");
            // The pruned search also trusts `known_outcome` on the rectangles.
            let config = Config::default().with_method(Method::Pruned);
            let mut pruned = Solver::with_config(&game, config);
            assert_eq!(pruned.value(&game.start()).unwrap(), plain, "{h}x{w}");
        }
        // Full rectangles with an even side are decided by symmetry.
        for (h, w) in [(2, 2), (2, 3), (3, 2), (1, 4), (4, 2), (2, 4), (3, 4)] {
            let game = Cram::new(h, w);
            let plain = naive::value(&game, &game.start());
            assert_eq!(game.known_outcome(&game.start()), Some(Outcome::from_value(plain)));
        }
        let game = Cram::new(3, 5);
        assert_eq!(game.known_outcome(&game.start()), None);
        // Not rectangles: an L, and two separate cells of one row.
        let game = Cram::new(3, 4);
        assert_eq!(game.rectangle(0b0001_0011), None);
        assert_eq!(game.rectangle(0b1001), None);
        assert_eq!(game.rectangle(0b0110_0110_0000), Some((2, 2)));
        // The canonical form is the least of the four images moved to the corner, by
        // coordinates: every set of cells of the 3 x 4 board.
        let game = Cram::new(3, 4);
        for set in 1u64..1 << 12 {
            let cells: Vec<(i32, i32)> =
                (0..12).filter(|i| set >> i & 1 == 1).map(|i| (i / 4, i % 4)).collect();
            let flips = [(false, false), (true, false), (false, true), (true, true)];
            let least = flips
                .iter()
                .map(|&(fr, fc)| {
                    let moved: Vec<(i32, i32)> = cells
                        .iter()
                        .map(|&(r, c)| (if fr { -r } else { r }, if fc { -c } else { c }))
                        .collect();
                    let r0 = moved.iter().map(|m| m.0).min().unwrap();
                    let c0 = moved.iter().map(|m| m.1).min().unwrap();
                    moved.iter().fold(0u64, |m, &(r, c)| m | 1 << ((r - r0) * 4 + c - c0))
                })
                .min()
                .unwrap();
            assert_eq!(game.canonical(&set), least, "{set:012b}");
        }
        // igsolve: the 4 x 5 board is *2.
        let game = Cram::new(4, 5);
        assert_eq!(Solver::new(&game).value(&game.start()).unwrap(), Nimber::new(2));
    }
}
