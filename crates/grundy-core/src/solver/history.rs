//! The history heuristic of the pruned search (after Schaeffer's, for alpha-beta search): a
//! move whose child answered a query in one position (a child of the value asked about,
//! known or searched) tends to answer queries in the positions that differ from it far from
//! that move, so the moves that answered the most so far are tried first.

use core::hash::Hash;

/// log2 of the counters: moves are counted by a hash of the move, and two moves that share
/// a counter share their count (it only orders moves).
const BITS: u32 = 12;

/// How many moves are put first by their counts: queries answered by a known child are
/// answered after a few moves, and ordering only the first few keeps a node cheap.
const TOP: usize = 16;

/// How many queries the children of each move answered (see [`Ruleset::move_history`](crate::Ruleset::move_history)).
#[derive(Debug, Default)]
pub(super) struct History {
    /// The count of each hash slot; allocated at the first credit.
    counts: Vec<u32>,
}

impl History {
    fn slot<M: Hash>(mv: &M) -> usize {
        (crate::table::fixed_hash(mv) >> (64 - BITS)) as usize
    }

    /// Counts a query answered by the child of `mv`.
    pub(super) fn credit<M: Hash>(&mut self, mv: &M) {
        if self.counts.is_empty() {
            self.counts = vec![0; 1 << BITS];
        }
        let count = &mut self.counts[Self::slot(mv)];
        *count = count.saturating_add(1);
    }

    /// Puts first the (at most [`TOP`]) moves of the largest counts, by decreasing count
    /// (of equal counts, the earlier first); the others take the places they leave.
    pub(super) fn order<M: Hash>(&self, moves: &mut [M]) {
        if self.counts.is_empty() {
            return;
        }
        // (count, index) of the moves of the largest counts so far, largest first.
        let mut top = [(0u32, 0usize); TOP];
        let mut len = 0;
        for (i, mv) in moves.iter().enumerate() {
            let count = self.counts[Self::slot(mv)];
            if count == 0 || (len == TOP && count <= top[TOP - 1].0) {
                continue;
            }
            let mut at = len.min(TOP - 1);
            len = (len + 1).min(TOP);
            while at > 0 && top[at - 1].0 < count {
                top[at] = top[at - 1];
                at -= 1;
            }
            top[at] = (count, i);
        }
        // Only moves first at a place below `len` are moved before they are chosen (into the
        // place of a chosen one), so their places are all that must be followed.
        // `place[p]`: where the move first at `p` is now; `first[q]`: where the move now at `q`
        // was first.
        let mut place: [usize; TOP] = core::array::from_fn(|p| p);
        let mut first: [usize; TOP] = core::array::from_fn(|q| q);
        for (k, &(_, chosen)) in top[..len].iter().enumerate() {
            let i = if chosen < TOP { place[chosen] } else { chosen };
            moves.swap(k, i);
            let moved = first[k];
            place[moved] = i;
            if i < TOP {
                first[i] = moved;
            }
        }
    }

    /// Forgets every count.
    pub(super) fn clear(&mut self) {
        self.counts.clear();
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::{History, TOP};

    proptest! {
        /// The order is a permutation of the moves; its first moves are those of the largest
        /// counts, by decreasing count.
        #[test]
        fn order_is_a_permutation_with_the_largest_counts_first(
            moves in proptest::collection::vec(0u16..40, 0..60),
            credits in proptest::collection::vec(0u16..40, 0..200),
        ) {
            let mut history = History::default();
            for mv in &credits {
                history.credit(mv);
            }
            let mut ordered = moves.clone();
            history.order(&mut ordered);
            let (mut a, mut b) = (moves.clone(), ordered.clone());
            a.sort_unstable();
            b.sort_unstable();
            prop_assert_eq!(a, b);
            let count = |mv: &u16| if history.counts.is_empty() { 0 } else { history.counts[History::slot(mv)] };
            let mut all: Vec<u32> = moves.iter().map(count).filter(|&c| c > 0).collect();
            all.sort_unstable_by(|x, y| y.cmp(x));
            all.truncate(TOP);
            let first: Vec<u32> = ordered.iter().take(all.len()).map(count).collect();
            prop_assert_eq!(first, all);
        }
    }

    #[test]
    fn moves_that_answered_more_come_first_and_ties_keep_their_order() {
        let mut history = History::default();
        let mut moves = vec![10u32, 20, 30, 40];
        history.order(&mut moves);
        assert_eq!(moves, [10, 20, 30, 40], "nothing counted yet");
        history.credit(&30);
        history.credit(&30);
        history.credit(&40);
        history.order(&mut moves);
        assert_eq!(moves, [30, 40, 10, 20]);
        // Of more than TOP counted moves, those of the largest counts come first.
        let mut many: Vec<u32> = (0..20).collect();
        for (i, &mv) in many.iter().enumerate() {
            for _ in 0..i % 5 {
                history.credit(&mv);
            }
        }
        history.order(&mut many);
        assert_eq!(many[..8], [4, 9, 14, 19, 3, 8, 13, 18]);
        let mut rest = many[8..].to_vec();
        rest.sort_unstable();
        let expected: Vec<u32> = (0..20).filter(|i| i % 5 < 3).collect();
        assert_eq!(rest, expected, "the others keep their places or take the ones left");
        history.clear();
        let mut fresh = vec![20u32, 10];
        history.order(&mut fresh);
        assert_eq!(fresh, [20, 10]);
    }
}
