//! The smallest grid of a given value: an exhaustive search that extends Table 2 of the paper.
//!
//! # Order
//!
//! Grids are compared by **rows first, then columns**: `(m, n) < (m', n')` when `m < m'`, or
//! `m = m'` and `n < n'`. Grids of the same size are not compared (any one found is returned:
//! the first in the enumeration order described below). Rows come first because the number of
//! rows bounds the value: a grid of `m` rows has value at most `2m − 1` (a move in a column
//! that is not green in every live row kills a row, and a column green in every live row adds
//! only `*`; by induction the value before those columns is at most `2(m − 1) − 1 + 1`), so
//! `*v` needs at least `⌈(v + 1) / 2⌉` rows, and the search starts there.
//!
//! # What is enumerated
//!
//! Only *reduced* grids, which is enough: any grid of value `*v` (v ≥ 1) can be made reduced
//! without changing its value or growing in the order above. A reduced grid has distinct rows
//! none of whose green cells lie inside another row's green cells (else drop the row: one row
//! fewer), no all-purple column (drop it), at most one all-green column (two of them add
//! `* + * = 0`) and at most two columns with the same colouring (a class of `t ≥ 3` such
//! *twin* columns can lose two: see the crate docs). The value 0 is the 1 × 1 purple grid.
//!
//! A grid is a multiset of columns, each a set of rows (its green cells); rows are relabelled
//! by permutations. The search generates multisets in non-increasing order of the columns' row
//! masks and keeps only those that are the lexicographic maximum of their orbit under row
//! permutations (orderly generation: removing the smallest column of such a multiset leaves
//! one, so non-maximal prefixes are pruned), so each grid is met once up to row and column
//! permutations. Targets at the row bound are pruned further by two proved facts: a grid of
//! `m` rows and value `2m − 1` has exactly one all-green column, and one of value `2m − 2` has
//! none.

use grundy_core::{Budget, Config, Meter, Nimber, SolveError};

use crate::{BoolMatrix, Grid, WaveSolver};

/// Why a value search stopped without an answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SearchError {
    /// The budget ran out (positions examined, time limit or cancellation).
    #[error("value search stopped: {0}")]
    Stopped(#[from] SolveError),
    /// More rows than the search supports.
    #[error("the value search supports at most {max} rows, {asked} asked")]
    TooManyRows {
        /// The rows asked for.
        asked: usize,
        /// The most rows supported.
        max: usize,
    },
}

/// Bounds of a value search.
///
/// ```
/// use std::time::Duration;
/// use grundy_core::Budget;
/// use grundy_transverse_wave::SearchLimits;
///
/// let limits = SearchLimits::new()
///     .with_max_rows(4)
///     .with_budget(Budget::unlimited().with_time_limit(Duration::from_secs(60)));
/// assert_eq!(limits.max_rows(), 4);
/// ```
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SearchLimits {
    max_rows: usize,
    max_cols: usize,
    budget: Budget,
    table_bytes: usize,
}

impl Default for SearchLimits {
    fn default() -> Self {
        Self::new()
    }
}

impl SearchLimits {
    /// The most rows supported (`7! = 5040` row permutations per canonicity test).
    pub const MAX_ROWS: usize = 7;

    /// Up to 5 rows, up to 64 columns, no budget, a 256 MiB table for the solver.
    pub const fn new() -> Self {
        SearchLimits {
            max_rows: 5,
            max_cols: 64,
            budget: Budget::unlimited(),
            table_bytes: 256 << 20,
        }
    }

    /// Searches grids of at most `rows` rows.
    #[must_use]
    pub const fn with_max_rows(mut self, rows: usize) -> Self {
        self.max_rows = rows;
        self
    }

    /// Searches grids of at most `cols` columns.
    #[must_use]
    pub const fn with_max_cols(mut self, cols: usize) -> Self {
        self.max_cols = cols;
        self
    }

    /// Bounds the whole search: each multiset of columns examined counts as one position.
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// The table size of the solver that evaluates candidates.
    #[must_use]
    pub const fn with_table_bytes(mut self, bytes: usize) -> Self {
        self.table_bytes = bytes;
        self
    }

    /// The most rows searched.
    pub const fn max_rows(&self) -> usize {
        self.max_rows
    }

    /// The most columns searched.
    pub const fn max_cols(&self) -> usize {
        self.max_cols
    }

    /// The budget of the search.
    pub const fn budget(&self) -> &Budget {
        &self.budget
    }
}

/// A grid found by [`ValueSearch::smallest`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Found {
    /// The grid (rows and columns in the enumeration's order).
    pub grid: Grid,
    /// Whether every smaller size (in the search order) was searched exhaustively, which
    /// proves that no smaller grid has the value.
    pub minimal: bool,
}

/// Counters of a [`ValueSearch`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SearchStats {
    /// Multisets of columns generated (canonical prefixes included).
    pub multisets: u64,
    /// Complete candidates whose value was computed.
    pub evaluated: u64,
    /// The last size (rows, columns) searched completely by the last call, if any: when a
    /// search stops on its budget, no grid of that size or smaller has the value.
    pub completed: Option<(usize, usize)>,
}

/// A search for the smallest grids of given values; it keeps its solver (and table) between
/// targets.
///
/// ```
/// use grundy_core::Nimber;
/// use grundy_transverse_wave::{SearchLimits, WaveSolver};
/// use grundy_transverse_wave::search::ValueSearch;
///
/// let mut search = ValueSearch::new(SearchLimits::new().with_max_rows(3));
/// let found = search.smallest(Nimber::new(2))?.expect("*2 exists");
/// assert_eq!((found.grid.rows(), found.grid.cols()), (2, 3));
/// assert!(found.minimal);
/// assert_eq!(WaveSolver::new().grid_value(&found.grid)?, Nimber::new(2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct ValueSearch {
    limits: SearchLimits,
    solver: WaveSolver,
    stats: SearchStats,
}

/// The state of one enumeration.
struct Run<'a> {
    m: usize,
    target: Nimber,
    /// The canonicity test.
    canon: Canon,
    /// Columns (row masks), non-increasing.
    list: Vec<u8>,
    /// How many all-green columns a solution may have (`None`: 0 or 1).
    universal: Option<usize>,
    solver: &'a mut WaveSolver,
    stats: &'a mut SearchStats,
    /// Counts examined multisets against the budget (the clock read every 4096).
    meter: Meter<'static>,
    found: Option<Grid>,
}

/// The orderly-generation test, kept up to date as columns are pushed and popped.
///
/// Two non-increasing lists compare like their count vectors read from the largest mask down:
/// the first mask whose counts differ decides. So for each row permutation the test keeps the
/// counts of the image of the list and the largest mask where they differ from the list's
/// counts; a push changes two counts, and usually that mask stays where it was.
struct Canon {
    /// Row permutations as maps of column masks (identity left out).
    perms: Vec<Vec<u8>>,
    /// Masks: `2^m`.
    masks: usize,
    /// Per permutation, how often each mask occurs in the image of the list.
    image: Vec<u8>,
    /// How often each mask occurs in the list.
    counts: Vec<u8>,
    /// `first[t * perms + q]`: for the list of length `t`, the largest mask whose count
    /// differs between the list and its image by permutation `q` (the image has fewer), or
    /// -1 when the counts are equal.
    first: Vec<i16>,
}

impl Canon {
    fn new(m: usize, longest: usize) -> Self {
        let perms = row_permutations(m);
        let p = perms.len();
        let masks = 1usize << m;
        Canon {
            image: vec![0; p * masks],
            counts: vec![0; masks],
            first: vec![-1; (longest + 2) * p],
            perms,
            masks,
        }
    }

    /// Records the last column of `list` (just pushed); returns whether the list is still the
    /// largest of its orbit. When it is not, the state is left as before the push.
    fn push(&mut self, list: &[u8]) -> bool {
        let t = list.len() - 1;
        let x = usize::from(list[t]);
        let p = self.perms.len();
        self.counts[x] += 1;
        for q in 0..p {
            let y = usize::from(self.perms[q][x]);
            let image = &mut self.image[q * self.masks..(q + 1) * self.masks];
            image[y] += 1;
            let counts = &self.counts;
            let differs = |mask: usize| image[mask] != counts[mask];
            let d = self.first[t * p + q];
            let (hi, lo) = (x.max(y), x.min(y));
            // Masks above `d` had equal counts; only `x` and `y` changed.
            let next = match usize::try_from(d) {
                Err(_) => [hi, lo].into_iter().find(|&mask| differs(mask)),
                Ok(d) if hi > d && differs(hi) => Some(hi),
                Ok(d) if lo > d && differs(lo) => Some(lo),
                Ok(d) if differs(d) => Some(d),
                // The image caught up at `d`: look further down.
                Ok(d) => (0..d).rev().find(|&mask| differs(mask)),
            };
            if let Some(mask) = next {
                if image[mask] > counts[mask] {
                    // A larger image: undo the push.
                    for r in 0..=q {
                        let y = usize::from(self.perms[r][x]);
                        self.image[r * self.masks + y] -= 1;
                    }
                    self.counts[x] -= 1;
                    return false;
                }
            }
            self.first[(t + 1) * p + q] =
                next.map_or(-1, |mask| i16::try_from(mask).expect("masks of at most 7 rows"));
        }
        true
    }

    /// Forgets the last column of `list` (about to be popped).
    fn pop(&mut self, list: &[u8]) {
        let x = usize::from(list[list.len() - 1]);
        self.counts[x] -= 1;
        for (q, perm) in self.perms.iter().enumerate() {
            self.image[q * self.masks + usize::from(perm[x])] -= 1;
        }
    }
}

impl ValueSearch {
    /// A search within `limits`.
    pub fn new(limits: SearchLimits) -> Self {
        let solver =
            WaveSolver::with_config(Config::default().with_table_bytes(limits.table_bytes));
        ValueSearch { limits, solver, stats: SearchStats::default() }
    }

    /// The counters so far.
    pub const fn stats(&self) -> SearchStats {
        self.stats
    }

    /// The smallest grid (rows first, then columns; see the [module docs](self)) whose value
    /// is `target`, or `None` when there is none within the limits.
    ///
    /// # Errors
    ///
    /// [`SearchError::Stopped`] when the budget runs out, [`SearchError::TooManyRows`] when
    /// the limits ask for more than [`SearchLimits::MAX_ROWS`] rows.
    pub fn smallest(&mut self, target: Nimber) -> Result<Option<Found>, SearchError> {
        if self.limits.max_rows > SearchLimits::MAX_ROWS {
            return Err(SearchError::TooManyRows {
                asked: self.limits.max_rows,
                max: SearchLimits::MAX_ROWS,
            });
        }
        if self.limits.max_rows == 0 || self.limits.max_cols == 0 {
            return Ok(None);
        }
        if target.is_zero() {
            let grid: Grid = Grid::from_matrix(BoolMatrix::new(1, 1));
            return Ok(Some(Found { grid, minimal: true }));
        }
        self.stats.completed = None;
        let v = target.value();
        // At least ⌈(v + 1) / 2⌉ rows and v columns (one option per column at most).
        let min_rows = usize::try_from(v / 2 + 1).unwrap_or(usize::MAX);
        let min_cols = usize::try_from(v).unwrap_or(usize::MAX);
        let mut minimal = true;
        let mut meter = Meter::owned(self.limits.budget.clone()).with_poll_interval(4096);
        for m in min_rows..=self.limits.max_rows {
            // A reduced grid of m rows has at most 2 columns per non-trivial row mask and
            // one all-green column.
            let most = 2 * ((1usize << m) - 2) + 1;
            let top = most.min(self.limits.max_cols);
            // At the bound (value 2m − 1 or 2m − 2) the number of all-green columns is forced.
            let at_bound = v.saturating_add(2) >= 2 * m as u64;
            let universal = if at_bound { Some(usize::from(v % 2 == 1)) } else { None };
            let mut run = Run {
                m,
                target,
                canon: Canon::new(m, top),
                list: Vec::new(),
                universal,
                solver: &mut self.solver,
                stats: &mut self.stats,
                meter,
                found: None,
            };
            for n in min_cols.max(1)..=top {
                run.list.clear();
                run.extend(n)?;
                if let Some(grid) = run.found.take() {
                    return Ok(Some(Found { grid, minimal }));
                }
                run.stats.completed = Some((m, n));
            }
            meter = run.meter;
            if top < most {
                minimal = false;
            }
        }
        Ok(None)
    }
}

/// The smallest grid (fewest rows, then fewest columns) of value `target`, or `None` when no
/// grid within the limits has it.
///
/// See the [module docs](self) for the order and the method, and [`ValueSearch`] for the
/// statistics and the minimality flag.
///
/// # Errors
///
/// [`SearchError`] when the budget runs out or the limits are out of range.
///
/// ```
/// use grundy_core::Nimber;
/// use grundy_transverse_wave::{SearchLimits, WaveSolver, smallest_with_value};
///
/// let grid = smallest_with_value(Nimber::new(3), &SearchLimits::new())?.expect("*3 exists");
/// assert_eq!((grid.rows(), grid.cols()), (2, 4));
/// assert_eq!(WaveSolver::new().grid_value(&grid)?, Nimber::new(3));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn smallest_with_value(
    target: Nimber,
    limits: &SearchLimits,
) -> Result<Option<Grid>, SearchError> {
    Ok(ValueSearch::new(limits.clone()).smallest(target)?.map(|found| found.grid))
}

/// Every permutation of `m` rows except the identity, as a map of row masks.
fn row_permutations(m: usize) -> Vec<Vec<u8>> {
    let mut perms = Vec::new();
    let mut p: Vec<usize> = (0..m).collect();
    loop {
        if p.iter().enumerate().any(|(i, &x)| i != x) {
            let map = (0..1usize << m)
                .map(|mask| {
                    let mut out = 0u8;
                    for (i, &to) in p.iter().enumerate() {
                        if mask >> i & 1 == 1 {
                            out |= 1 << to;
                        }
                    }
                    out
                })
                .collect();
            perms.push(map);
        }
        // Next permutation in lexicographic order.
        let Some(i) = (1..m).rev().find(|&i| p[i - 1] < p[i]) else { break };
        let j = (i..m).rev().find(|&j| p[j] > p[i - 1]).expect("a larger element exists");
        p.swap(i - 1, j);
        p[i..].reverse();
    }
    perms
}

impl Run<'_> {
    /// Extends the current prefix to `n` columns in every canonical way; stops at a solution.
    fn extend(&mut self, n: usize) -> Result<(), SearchError> {
        if self.list.len() == n {
            return self.evaluate();
        }
        let full = u8::try_from((1usize << self.m) - 1).expect("at most 7 rows");
        let start = self.list.last().copied().unwrap_or(full);
        for mask in (1..=start).rev() {
            let count = self.list.iter().rev().take_while(|&&x| x == mask).count();
            let cap = if mask == full { self.universal.unwrap_or(1) } else { 2 };
            if count >= cap {
                continue;
            }
            if mask != full && self.list.is_empty() && self.universal == Some(1) {
                // The all-green column must come first.
                return Ok(());
            }
            self.list.push(mask);
            self.stats.multisets += 1;
            self.meter.tick()?;
            if self.canon.push(&self.list) {
                self.extend(n)?;
                self.canon.pop(&self.list);
            }
            self.list.pop();
            if self.found.is_some() {
                return Ok(());
            }
        }
        Ok(())
    }

    /// Checks a complete multiset: rows distinct and none inside another, then the value.
    fn evaluate(&mut self) -> Result<(), SearchError> {
        let m = self.m;
        // pairs[i] has bit k when some column holds row i but not row k.
        let mut pairs = [0u8; 8];
        for &x in &self.list {
            for (i, pair) in pairs.iter_mut().enumerate().take(m) {
                if x >> i & 1 == 1 {
                    *pair |= !x;
                }
            }
        }
        let full = u8::try_from((1usize << m) - 1).expect("at most 7 rows");
        if (0..m).any(|i| pairs[i] & full | (1 << i) != full) {
            return Ok(());
        }
        self.stats.evaluated += 1;
        let matrix = BoolMatrix::from_fn(m, self.list.len(), |r, c| self.list[c] >> r & 1 == 1);
        // The valuation obeys the search's clock and cancellation too, and reports to its
        // progress; its own time-limit error names the search's limit.
        self.solver.set_budget(self.meter.remaining());
        let limit = self.meter.budget().time_limit();
        let value = self.solver.value(&matrix).map_err(|e| match (e, limit) {
            (SolveError::TimeLimit { .. }, Some(limit)) => SolveError::TimeLimit { limit },
            (e, _) => e,
        })?;
        if value == self.target {
            self.found = Some(Grid::from_matrix(matrix));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain test: no row permutation maps the list to a larger sorted list.
    fn is_canonical(perms: &[Vec<u8>], list: &[u8]) -> bool {
        perms.iter().all(|perm| {
            let mut image: Vec<u8> = list.iter().map(|&x| perm[usize::from(x)]).collect();
            image.sort_unstable_by(|a, b| b.cmp(a));
            image.as_slice() <= list
        })
    }

    /// Walks every non-increasing list of masks (each mask at most twice) up to a length,
    /// checking the incremental test against the plain one at every step.
    fn walk(canon: &mut Canon, list: &mut Vec<u8>, longest: usize, full: u8, checked: &mut u64) {
        if list.len() == longest {
            return;
        }
        let start = list.last().copied().unwrap_or(full);
        for mask in (1..=start).rev() {
            if list.iter().filter(|&&x| x == mask).count() >= 2 {
                continue;
            }
            list.push(mask);
            let plain = is_canonical(&canon.perms, list);
            let fast = canon.push(list);
            assert_eq!(fast, plain, "{list:?}");
            *checked += 1;
            if fast {
                walk(canon, list, longest, full, checked);
                canon.pop(list);
            }
            list.pop();
        }
    }

    #[test]
    fn incremental_canonicity_equals_the_plain_test() {
        for (m, longest) in [(2, 6), (3, 6), (4, 5)] {
            let mut canon = Canon::new(m, longest);
            let mut checked = 0;
            let full = u8::try_from((1 << m) - 1).unwrap();
            walk(&mut canon, &mut Vec::new(), longest, full, &mut checked);
            assert!(checked > 10, "{checked}");
        }
    }

    #[test]
    fn permutations_of_rows() {
        assert_eq!(row_permutations(1).len(), 0);
        assert_eq!(row_permutations(3).len(), 5);
        assert_eq!(row_permutations(5).len(), 119);
        // Each map is a bijection of the masks that keeps the number of rows.
        for perm in row_permutations(4) {
            let mut seen = [false; 16];
            for (mask, &image) in perm.iter().enumerate() {
                assert_eq!(mask.count_ones(), image.count_ones());
                seen[usize::from(image)] = true;
            }
            assert!(seen.iter().all(|&s| s));
        }
    }
}
