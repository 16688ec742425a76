//! Normal forms: when two positions of a ruleset are the same game with the same move names.

use core::fmt::Debug;
use core::hash::Hash;

use grundy_core::Ruleset;

/// A ruleset whose positions have a *label-preserving* normal form.
///
/// Two positions with equal normal forms must have identical game trees **with identical move
/// names**: the same moves are legal in both, and each move leads to positions with equal
/// normal forms again. This is stricter than [`Ruleset::canonical`], which may rename moves
/// (sort heaps, relabel vertices) because solvers only need values. The
/// [`Tandem`](crate::Tandem) checker compares positions through normal forms: a reduction's
/// image of a child and the target's child of the image are usually not equal as data (a
/// collapsed realization stays as a zero row on one side and disappears on the other), but
/// they are the same game.
///
/// The normal form of a ruleset without such slack is the position itself.
pub trait Normalize: Ruleset {
    /// The normal form.
    type Form: Clone + Eq + Hash + Debug;

    /// The normal form of `position`.
    fn normal_form(&self, position: &Self::Position) -> Self::Form;
}

/// A family of sets of moves, reduced to its maximal members: the normal form of the
/// Transverse Wave family.
///
/// In Crosswise AND, Demi-Quantum Boolean Nim, Avoid True and the Rechargeable Boolean Nims a
/// position is, as a game, a family of *rows* (the green columns of a Transverse Wave row, the
/// pebbles of a realization, the variables a false clause leaves free): a sequence of moves
/// can be played exactly when some row contains all of them, and playing move `j` keeps the
/// rows that contain `j` and removes `j` from them. Empty rows, repeated rows and rows inside
/// other rows never change which sequences are playable, so the family of maximal rows is a
/// label-preserving normal form.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RowFamily(Vec<Vec<usize>>);

impl RowFamily {
    /// The normal form of the family `rows` (each row a set of move indices, in any order,
    /// repeats allowed).
    pub fn new<I, R>(rows: I) -> Self
    where
        I: IntoIterator<Item = R>,
        R: IntoIterator<Item = usize>,
    {
        let mut rows: Vec<Vec<usize>> = rows
            .into_iter()
            .map(|row| {
                let mut row: Vec<usize> = row.into_iter().collect();
                row.sort_unstable();
                row.dedup();
                row
            })
            .filter(|row| !row.is_empty())
            .collect();
        // Longest first, so that a row can only be inside rows already kept.
        rows.sort_unstable_by(|a, b| b.len().cmp(&a.len()).then_with(|| a.cmp(b)));
        rows.dedup();
        let mut maximal: Vec<Vec<usize>> = Vec::with_capacity(rows.len());
        for row in rows {
            if !maximal.iter().any(|big| is_sorted_subset(&row, big)) {
                maximal.push(row);
            }
        }
        maximal.sort_unstable();
        RowFamily(maximal)
    }

    /// The maximal rows, each sorted, in lexicographic order.
    pub fn rows(&self) -> &[Vec<usize>] {
        &self.0
    }
}

/// Whether the sorted slice `small` is a subset of the sorted slice `big`.
fn is_sorted_subset(small: &[usize], big: &[usize]) -> bool {
    let mut big = big.iter();
    small.iter().all(|x| big.any(|y| y == x))
}

#[cfg(test)]
mod tests {
    use super::RowFamily;

    #[test]
    fn keeps_only_maximal_distinct_nonempty_rows() {
        let family =
            RowFamily::new(vec![vec![2, 1], vec![1], vec![], vec![3], vec![1, 2], vec![3, 4]]);
        assert_eq!(family.rows(), &[vec![1, 2], vec![3, 4]]);
        assert_eq!(RowFamily::new(Vec::<Vec<usize>>::new()), RowFamily::new(vec![vec![]]));
    }
}
