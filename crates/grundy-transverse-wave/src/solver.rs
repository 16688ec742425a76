//! [`WaveSolver`], the fast solver of Crosswise AND (and through it of Transverse Wave and
//! Crosswise OR): grundy-core's [`Solver`] on the game of row families.

use core::cell::RefCell;

use grundy_core::{
    Config, Method, Nimber, Outcome, Ruleset, SolveError, Solver, Stats, TableStats,
};

use crate::family::{Key, Reduced, Scratch, Wide, reduce, table_key};
use crate::matrix::ones;
use crate::{BoolMatrix, Grid};

/// Crosswise AND played on families of rows (see [`crate::family`]): a position is a family
/// of rows (sets of columns), a move is a column some row has, and it keeps the rows that have
/// the column, without it. The solver's engine is grundy-core's; this ruleset gives it the
/// reductions as hooks: [`split`](Ruleset::split) reduces a family into parts plus the nimber
/// of what it settled in closed form, and [`canonical`](Ruleset::canonical) relabels a part
/// into its table key.
#[derive(Clone, Copy, Debug, Default)]
struct Families;

/// The reusable buffers of the reductions (one set per thread: the hooks take `&self`).
#[derive(Debug, Default)]
struct Buffers {
    scratch: Scratch,
    reduced: Reduced,
    rows: Vec<u64>,
    labels: Vec<u64>,
}

thread_local! {
    static BUFFERS: RefCell<Buffers> = RefCell::new(Buffers::default());
}

/// The columns some row of `rows` has (`words` words per row).
fn union_words(words: usize, data: &[u64]) -> Vec<u64> {
    let mut union = vec![0u64; words];
    for row in data.chunks(words) {
        union.iter_mut().zip(row).for_each(|(a, b)| *a |= b);
    }
    union
}

impl Ruleset for Families {
    type Position = Key;
    type Move = usize;

    fn moves(&self, family: &Key, moves: &mut Vec<usize>) {
        match family {
            Key::Narrow(rows) => {
                let mut cols = rows.iter().fold(0u64, |a, &r| a | r);
                while cols != 0 {
                    moves.push(cols.trailing_zeros() as usize);
                    cols &= cols - 1;
                }
            }
            Key::Wide { words, data } => moves.extend(ones(&union_words(*words, data))),
        }
    }

    fn play(&self, family: &Key, &j: &usize) -> Key {
        match family {
            Key::Narrow(rows) => {
                let bit = 1u64 << j;
                Key::Narrow(rows.iter().filter(|&&r| r & bit != 0).map(|&r| r & !bit).collect())
            }
            Key::Wide { words, data } => {
                let (w, bit) = (j / 64, 1u64 << (j % 64));
                let mut kept = Vec::with_capacity(data.len());
                for row in data.chunks(*words).filter(|row| row[w] & bit != 0) {
                    let at = kept.len() + w;
                    kept.extend_from_slice(row);
                    kept[at] &= !bit;
                }
                Key::Wide { words: *words, data: kept.into_boxed_slice() }
            }
        }
    }

    fn is_terminal(&self, family: &Key) -> bool {
        match family {
            Key::Narrow(rows) => rows.iter().all(|&r| r == 0),
            Key::Wide { data, .. } => data.iter().all(|&w| w == 0),
        }
    }

    fn split(&self, family: &Key, parts: &mut Vec<Key>) -> Nimber {
        BUFFERS.with_borrow_mut(|b| {
            match family {
                Key::Narrow(rows) => {
                    b.rows.clear();
                    b.rows.extend_from_slice(rows);
                    reduce(&mut b.rows, &mut b.scratch, &mut b.reduced);
                }
                Key::Wide { words, data } => {
                    let mut rows: Vec<Wide> =
                        data.chunks(*words).map(|row| Wide(row.into())).collect();
                    reduce(&mut rows, &mut b.scratch, &mut b.reduced);
                }
            }
            parts.extend(b.reduced.parts.drain(..));
            b.reduced.value
        })
    }

    fn canonical(&self, family: &Key) -> Key {
        BUFFERS.with_borrow_mut(|b| table_key(family, &mut b.labels))
    }

    /// Columns in fewer rows first: their children are smaller families, cheaper to settle
    /// (outcome searches and the pruned search's queries stop at the first child that
    /// answers them).
    fn order_moves(&self, family: &Key, moves: &mut [usize]) {
        if let Key::Narrow(rows) = family {
            moves.sort_by_key(|&j| rows.iter().filter(|&&r| r >> j & 1 == 1).count());
        }
    }

    /// No: a move is a column of a family relabelled to its canonical form, so the same
    /// move value means different columns in different positions.
    fn move_history(&self) -> bool {
        false
    }
}

/// The family of the rows of a Crosswise AND matrix, columns as in the matrix.
fn family_of(m: &BoolMatrix) -> Key {
    if m.cols() <= 64 {
        Key::Narrow((0..m.rows()).map(|r| m.row_u64(r).unwrap_or(0)).collect())
    } else {
        let words = m.cols().div_ceil(64);
        let data: Vec<u64> = (0..m.rows()).flat_map(|r| m.row_words(r).iter().copied()).collect();
        debug_assert_eq!(data.len(), words * m.rows());
        Key::Wide { words, data: data.into_boxed_slice() }
    }
}

/// The fast solver of Crosswise AND, Transverse Wave and Crosswise OR.
///
/// It is grundy-core's [`Solver`] playing on the family of rows (see the crate
/// documentation): every position met is reduced (dominated rows dropped, columns common to
/// all rows counted as `*`, classes of three or more twin columns cut by two, disjoint rows
/// settled in closed form, joins split into independent parts), and the value of each part is
/// stored in the solver's memory-bounded table, keyed by the part with its columns
/// renumbered. Boards of any size work: parts of at most 64 columns take a one-word fast path.
///
/// The [`Config`] is core's: its [`Method`] chooses the search (the pruned search with set
/// queries, which [`new`](Self::new) chooses, or the mex search, which values every child),
/// and every call obeys its [`Budget`](grundy_core::Budget) (positions
/// expanded, time limit, cancellation flag): when it runs out the call fails, and what was
/// proved stays in the table.
///
/// # Example
///
/// ```
/// use grundy_core::{Nimber, Outcome};
/// use grundy_transverse_wave::{BoolMatrix, Grid, WaveSolver};
///
/// let mut solver = WaveSolver::new();
/// // Table 2's *4 of the paper, as a Transverse Wave grid.
/// let grid = Grid::from_shorthand("(01) (234) (035)")?;
/// assert_eq!(solver.grid_value(&grid)?, Nimber::new(4));
/// // The same board as a Crosswise AND matrix (green = 1).
/// let matrix: BoolMatrix = "001111/110001/100110".parse()?;
/// assert_eq!(solver.value(&matrix)?, Nimber::new(4));
/// assert_eq!(solver.outcome(&matrix)?, Outcome::N);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct WaveSolver {
    solver: Solver<Families>,
}

impl Default for WaveSolver {
    fn default() -> Self {
        Self::new()
    }
}

impl WaveSolver {
    /// A solver with a 256 MiB table, no budget and the pruned search
    /// ([`Method::Pruned`]), the faster method on these boards.
    pub fn new() -> Self {
        Self::with_config(Config::default().with_method(Method::Pruned))
    }

    /// A solver with the given table size, budget and search method (the configuration's
    /// method is used as it is: [`Config::default`] has [`Method::Mex`], which values every
    /// child; [`new`](Self::new) chooses [`Method::Pruned`]).
    ///
    /// The table bound counts the table's slots; the rows of each stored part take a few
    /// dozen bytes more (parts of more than six rows or more than 64 columns take heap memory
    /// beyond that).
    pub fn with_config(config: Config) -> Self {
        WaveSolver { solver: Solver::with_config(Families, config) }
    }

    /// Replaces the budget of later calls.
    pub fn set_budget(&mut self, budget: grundy_core::Budget) {
        self.solver.set_budget(budget);
    }

    /// The counters, summed over every call so far (positions are the parts and families
    /// the search met).
    pub const fn stats(&self) -> Stats {
        self.solver.stats()
    }

    /// The counters of the table (stores and evictions included).
    pub fn table_stats(&self) -> TableStats {
        self.solver.table_stats()
    }

    /// The number of facts stored in the table.
    pub fn table_len(&self) -> usize {
        self.solver.table_len()
    }

    /// Forgets every stored result (the counters are kept).
    pub fn clear(&mut self) {
        self.solver.clear();
    }

    /// The Grundy value of a Crosswise AND position.
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget runs out first.
    pub fn value(&mut self, matrix: &BoolMatrix) -> Result<Nimber, SolveError> {
        self.solver.value(&family_of(matrix))
    }

    /// The normal-play outcome of a Crosswise AND position: often much cheaper than its value,
    /// since the search stops at the first move to a P-position.
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget runs out first.
    pub fn outcome(&mut self, matrix: &BoolMatrix) -> Result<Outcome, SolveError> {
        self.solver.outcome(&family_of(matrix))
    }

    /// The columns of a Crosswise AND position whose selection wins (leads to a P-position),
    /// increasing.
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget (shared by the whole call) runs out first.
    pub fn winning_moves(&mut self, matrix: &BoolMatrix) -> Result<Vec<usize>, SolveError> {
        self.solver.winning_moves(&family_of(matrix))
    }

    /// Every legal column of a Crosswise AND position with the value of the position it
    /// leads to, increasing.
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget runs out first.
    pub fn move_values(&mut self, matrix: &BoolMatrix) -> Result<Vec<(usize, Nimber)>, SolveError> {
        self.solver.move_values(&family_of(matrix))
    }

    /// The Grundy value of a Crosswise AND position, searched by `threads` solvers at once
    /// (grundy-core's [`par_value`](grundy_core::solver::par_value): the solvers share one
    /// table of the size of [`Config::with_table_bytes`], and the budget of `config` binds
    /// the first solver's nodes and every solver's clock). Feature `rayon`.
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget runs out first.
    #[cfg(feature = "rayon")]
    pub fn par_value(
        matrix: &BoolMatrix,
        config: &Config,
        threads: usize,
    ) -> Result<Nimber, SolveError> {
        grundy_core::solver::par_value(Families, &family_of(matrix), config, threads)
    }

    /// The winning columns of a Crosswise AND position, increasing, searched by `threads`
    /// solvers at once as [`par_value`](Self::par_value) searches the value (grundy-core's
    /// [`par_winning_moves`](grundy_core::solver::par_winning_moves)). Feature `rayon`.
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget runs out first.
    #[cfg(feature = "rayon")]
    pub fn par_winning_moves(
        matrix: &BoolMatrix,
        config: &Config,
        threads: usize,
    ) -> Result<Vec<usize>, SolveError> {
        grundy_core::solver::par_winning_moves(Families, &family_of(matrix), config, threads)
    }

    /// [`par_value`](Self::par_value) of a Transverse Wave grid. Feature `rayon`.
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget runs out first.
    #[cfg(feature = "rayon")]
    pub fn par_grid_value(
        grid: &Grid,
        config: &Config,
        threads: usize,
    ) -> Result<Nimber, SolveError> {
        Self::par_value(grid.as_matrix(), config, threads)
    }

    /// The Grundy value of a Transverse Wave grid (its Crosswise AND matrix, green = 1).
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget runs out first.
    pub fn grid_value(&mut self, grid: &Grid) -> Result<Nimber, SolveError> {
        self.value(grid.as_matrix())
    }

    /// The outcome of a Transverse Wave grid.
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget runs out first.
    pub fn grid_outcome(&mut self, grid: &Grid) -> Result<Outcome, SolveError> {
        self.outcome(grid.as_matrix())
    }

    /// The winning columns of a Transverse Wave grid.
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget runs out first.
    pub fn grid_winning_moves(&mut self, grid: &Grid) -> Result<Vec<usize>, SolveError> {
        self.winning_moves(grid.as_matrix())
    }

    /// The Grundy value of a Crosswise OR position (its complement is the Crosswise AND
    /// position).
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget runs out first.
    pub fn or_value(&mut self, matrix: &BoolMatrix) -> Result<Nimber, SolveError> {
        self.value(&matrix.complement())
    }

    /// The outcome of a Crosswise OR position.
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget runs out first.
    pub fn or_outcome(&mut self, matrix: &BoolMatrix) -> Result<Outcome, SolveError> {
        self.outcome(&matrix.complement())
    }

    /// The winning columns of a Crosswise OR position.
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget runs out first.
    pub fn or_winning_moves(&mut self, matrix: &BoolMatrix) -> Result<Vec<usize>, SolveError> {
        self.winning_moves(&matrix.complement())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The parallel search gives the sequential value on random boards, on 2 and 3 threads,
    /// under both methods.
    #[cfg(feature = "rayon")]
    #[test]
    fn parallel_values_and_winning_moves_equal_sequential_ones() {
        use grundy_core::Method;
        use grundy_testkit::random::{Rng, rng};
        let mut random = rng(2026);
        for i in 0..24 {
            let n = 6 + i % 10;
            let m = BoolMatrix::from_fn(n, n, |_, _| random.random_bool(0.7));
            let alone = WaveSolver::new().value(&m);
            for method in [Method::Mex, Method::Pruned] {
                let config = Config::default().with_method(method).with_table_bytes(8 << 20);
                for threads in [2, 3] {
                    assert_eq!(WaveSolver::par_value(&m, &config, threads), alone, "{m:?}");
                }
                let moves = WaveSolver::par_winning_moves(&m, &config, 2);
                assert_eq!(moves, WaveSolver::new().winning_moves(&m), "{m:?}");
            }
        }
    }

    /// The families of a board stored in one word per row and in two give the same values.
    #[test]
    fn wide_families_solve_like_narrow_families() {
        use grundy_testkit::random::{Rng, rng};
        let mut random = rng(21);
        let mut narrow_solver = Solver::new(Families);
        let mut wide_solver = Solver::new(Families);
        for i in 0..400 {
            let rows = 2 + i % 6;
            let cols = 2 + i % 8;
            let family: Vec<u64> =
                (0..rows).map(|_| random.random::<u64>() & ((1u64 << cols) - 1)).collect();
            let narrow = Key::Narrow(family.iter().copied().collect());
            let data: Vec<u64> = family.iter().flat_map(|&r| [r, 0]).collect();
            let wide = Key::Wide { words: 2, data: data.into_boxed_slice() };
            let a = narrow_solver.value(&narrow).unwrap();
            let b = wide_solver.value(&wide).unwrap();
            assert_eq!(a, b, "{family:?}");
            let m = BoolMatrix::from_fn(rows, cols, |r, c| family[r] >> c & 1 == 1);
            assert_eq!(grundy_core::naive::value(&crate::CrosswiseAnd, &m), a);
            // The moves of a wide family are those of the narrow one.
            let (mut wide_moves, mut narrow_moves) = (Vec::new(), Vec::new());
            Families.moves(&wide, &mut wide_moves);
            Families.moves(&narrow, &mut narrow_moves);
            assert_eq!(wide_moves, narrow_moves);
        }
    }
}
