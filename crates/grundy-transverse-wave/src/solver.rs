//! [`WaveSolver`], the fast solver of Crosswise AND (and through it of Transverse Wave and
//! Crosswise OR).

use core::time::Duration;
use std::time::Instant;

use grundy_core::{Budget, Config, Known, Nimber, NimberSet, Outcome, SolveError, Table};
use smallvec::SmallVec;

use crate::family::{Key, Reduced, Scratch, Wide, reduce, table_key};
use crate::{BoolMatrix, Grid};

/// Counters of a [`WaveSolver`], summed over all its calls.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct WaveStats {
    /// States expanded (their moves listed and reduced): the unit of the node budget.
    pub states: u64,
    /// Table lookups.
    pub lookups: u64,
    /// Lookups answered by the table.
    pub hits: u64,
    /// Entries in the table now.
    pub table_entries: usize,
    /// Deepest stack of states under expansion.
    pub max_depth: usize,
}

/// What a frame must find out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Goal {
    Value,
    Outcome,
}

/// A move of a state, reduced: its value is `reduced.value` plus the values of the parts.
#[derive(Debug)]
struct Child {
    reduced: Reduced,
}

/// A state under expansion.
#[derive(Debug)]
struct Frame {
    /// The table key of the part being expanded (its children are computed from the part
    /// itself, with its own column labels, so that the relabelling of table keys never changes
    /// which positions the search meets).
    key: Key,
    goal: Goal,
    children: Vec<Child>,
    next: usize,
    seen: NimberSet,
    /// A child is being evaluated: its parts not yet known are in `pending`.
    in_child: bool,
    acc: Nimber,
    nonzero: bool,
    part_goal: Goal,
    pending: SmallVec<[Key; 2]>,
}

/// The running count of one call against its budget.
struct Meter {
    nodes: u64,
    /// How many of `nodes` were reported to the budget's progress.
    reported: u64,
    max_nodes: Option<u64>,
    deadline: Option<(Instant, Duration)>,
    budget: Budget,
}

impl Meter {
    /// Nodes between two reads of the clock and the cancellation flag.
    const POLL: u64 = 1024;

    fn new(budget: &Budget) -> Self {
        Meter {
            nodes: 0,
            reported: 0,
            max_nodes: budget.max_nodes(),
            deadline: budget.time_limit().map(|limit| (Instant::now() + limit, limit)),
            budget: budget.clone(),
        }
    }

    fn tick(&mut self) -> Result<(), SolveError> {
        self.nodes += 1;
        if let Some(limit) = self.max_nodes {
            if self.nodes > limit {
                return Err(SolveError::NodeLimit { limit });
            }
        }
        if self.nodes % Self::POLL == 0 {
            self.report();
            if let Some((deadline, limit)) = self.deadline {
                if Instant::now() >= deadline {
                    return Err(SolveError::TimeLimit { limit });
                }
            }
            if self.budget.is_cancelled() {
                return Err(SolveError::Cancelled);
            }
        }
        Ok(())
    }

    /// Adds the nodes not yet reported to the budget's progress (at every read of the clock
    /// and at the end of the call, so never an atomic per node).
    fn report(&mut self) {
        self.budget.report_nodes(self.nodes - self.reported);
        self.reported = self.nodes;
    }
}

impl Drop for Meter {
    /// The end of the call: reports the rest of its nodes.
    fn drop(&mut self) {
        self.report();
    }
}

/// The searching core: a table of part values and an explicit stack.
#[derive(Debug)]
struct Engine {
    table: Table<Key, Known>,
    scratch: Scratch,
    relabel: Vec<u64>,
    stack: Vec<Frame>,
    states: u64,
    lookups: u64,
    hits: u64,
    max_depth: usize,
}

impl Engine {
    fn new(table_bytes: usize) -> Self {
        Engine {
            table: Table::with_bytes(table_bytes),
            scratch: Scratch::default(),
            relabel: Vec::new(),
            stack: Vec::new(),
            states: 0,
            lookups: 0,
            hits: 0,
            max_depth: 0,
        }
    }

    /// Table answer for a part, if good enough for `goal`; on a miss, the part's table key.
    fn quick(&mut self, part: &Key, goal: Goal) -> Result<Known, Key> {
        self.lookups += 1;
        let key = table_key(part, &mut self.relabel);
        match self.table.get(&key) {
            Some(Known::Value(v)) => {
                self.hits += 1;
                Ok(Known::Value(v))
            }
            Some(Known::NonZero) if goal == Goal::Outcome => {
                self.hits += 1;
                Ok(Known::NonZero)
            }
            _ => Err(key),
        }
    }

    /// The reduced children of a part, one per column in use.
    fn children(&mut self, key: &Key) -> Vec<Child> {
        let mut children = Vec::new();
        match key {
            Key::Narrow(rows) => {
                let union = rows.iter().fold(0u64, |a, &r| a | r);
                let mut cols = union;
                while cols != 0 {
                    let j = cols.trailing_zeros();
                    cols &= cols - 1;
                    let bit = 1u64 << j;
                    let mut child: Vec<u64> =
                        rows.iter().filter(|&&r| r & bit != 0).map(|&r| r & !bit).collect();
                    let mut reduced = Reduced::default();
                    reduce(&mut child, &mut self.scratch, &mut reduced);
                    children.push(Child { reduced });
                }
            }
            Key::Wide { words, data } => {
                let rows: Vec<&[u64]> = data.chunks(*words).collect();
                let mut union = vec![0u64; *words];
                for r in &rows {
                    union.iter_mut().zip(r.iter()).for_each(|(a, b)| *a |= b);
                }
                for j in crate::matrix::ones(&union) {
                    let (w, bit) = (j / 64, 1u64 << (j % 64));
                    let mut child: Vec<Wide> = rows
                        .iter()
                        .filter(|r| r[w] & bit != 0)
                        .map(|r| {
                            let mut x: Box<[u64]> = (*r).into();
                            x[w] &= !bit;
                            Wide(x)
                        })
                        .collect();
                    let mut reduced = Reduced::default();
                    reduce(&mut child, &mut self.scratch, &mut reduced);
                    children.push(Child { reduced });
                }
            }
        }
        children
    }

    /// Pushes a frame for `part` (whose table key is `key`); for an outcome goal, answers at
    /// once when a child is known to be a P-position, and otherwise tries the cheapest-looking
    /// children first.
    fn push(
        &mut self,
        part: Key,
        key: Key,
        goal: Goal,
        meter: &mut Meter,
    ) -> Result<Option<Known>, SolveError> {
        meter.tick()?;
        self.states += 1;
        let mut children = self.children(&part);
        if goal == Goal::Outcome {
            // Settle the parts the table knows. A child known to be 0 wins at once; a child
            // known to be non-zero cannot win and is left out; the others are tried in order
            // of the rows left to search.
            let mut open: Vec<(usize, Child)> = Vec::with_capacity(children.len());
            for mut child in children {
                let mut acc = child.reduced.value;
                let mut unknown = 0;
                let mut nonzero = false;
                let parts = core::mem::take(&mut child.reduced.parts);
                let single = parts.len() == 1;
                let mut left: SmallVec<[Key; 2]> = SmallVec::new();
                for part in parts {
                    let need = if single && acc.is_zero() { Goal::Outcome } else { Goal::Value };
                    match self.quick(&part, need) {
                        Ok(Known::Value(v)) => acc += v,
                        Ok(Known::NonZero | Known::Excludes(_)) => nonzero = true,
                        Err(_) => {
                            unknown += part.rows();
                            left.push(part);
                        }
                    }
                }
                if nonzero {
                    continue;
                }
                if left.is_empty() {
                    if acc.is_zero() {
                        self.table.insert(key, Known::NonZero);
                        return Ok(Some(Known::NonZero));
                    }
                    continue;
                }
                child.reduced.value = acc;
                child.reduced.parts = left;
                open.push((unknown, child));
            }
            open.sort_by_key(|(weight, _)| *weight);
            children = open.into_iter().map(|(_, child)| child).collect();
        }
        self.stack.push(Frame {
            key,
            goal,
            children,
            next: 0,
            seen: NimberSet::new(),
            in_child: false,
            acc: Nimber::ZERO,
            nonzero: false,
            part_goal: goal,
            pending: SmallVec::new(),
        });
        self.max_depth = self.max_depth.max(self.stack.len());
        Ok(None)
    }

    /// What is known about `part`, searching as needed.
    fn solve(&mut self, part: Key, goal: Goal, meter: &mut Meter) -> Result<Known, SolveError> {
        let key = match self.quick(&part, goal) {
            Ok(known) => return Ok(known),
            Err(key) => key,
        };
        let result = self.search(part, key, goal, meter);
        self.stack.clear();
        result
    }

    fn search(
        &mut self,
        part: Key,
        key: Key,
        goal: Goal,
        meter: &mut Meter,
    ) -> Result<Known, SolveError> {
        if let Some(done) = self.push(part, key, goal, meter)? {
            return Ok(done);
        }
        'frames: loop {
            let frame = self.stack.last_mut().expect("a search keeps its frames on the stack");
            if frame.in_child {
                while let Some(part) = self.stack.last_mut().and_then(|f| f.pending.pop()) {
                    let need = self.stack.last().map_or(Goal::Value, |f| f.part_goal);
                    match self.quick(&part, need) {
                        Ok(known) => absorb(self.top(), known),
                        Err(key) => {
                            if let Some(known) = self.push(part, key, need, meter)? {
                                absorb(self.top(), known);
                            }
                            continue 'frames;
                        }
                    }
                }
                let frame = self.top();
                frame.in_child = false;
                match frame.goal {
                    Goal::Value => {
                        let v = frame.acc;
                        frame.seen.insert(v);
                    }
                    Goal::Outcome => {
                        if !frame.nonzero && frame.acc.is_zero() {
                            if let Some(done) = self.finish(Known::NonZero) {
                                return Ok(done);
                            }
                            continue;
                        }
                    }
                }
            }
            let frame = self.top();
            if frame.next < frame.children.len() {
                let child = &mut frame.children[frame.next];
                frame.next += 1;
                frame.in_child = true;
                frame.acc = child.reduced.value;
                frame.nonzero = false;
                frame.pending = core::mem::take(&mut child.reduced.parts);
                frame.part_goal = if frame.goal == Goal::Outcome
                    && frame.pending.len() == 1
                    && frame.acc.is_zero()
                {
                    Goal::Outcome
                } else {
                    Goal::Value
                };
                continue;
            }
            let known = match frame.goal {
                Goal::Value => Known::Value(frame.seen.mex()),
                Goal::Outcome => Known::Value(Nimber::ZERO),
            };
            if let Some(done) = self.finish(known) {
                return Ok(done);
            }
        }
    }

    fn top(&mut self) -> &mut Frame {
        self.stack.last_mut().expect("a search keeps its frames on the stack")
    }

    /// Stores the top frame's answer, pops it and hands the answer to its parent; returns the
    /// answer when the stack is empty.
    fn finish(&mut self, known: Known) -> Option<Known> {
        let frame = self.stack.pop().expect("finish is called with a frame on the stack");
        self.table.insert(frame.key, known);
        match self.stack.last_mut() {
            None => Some(known),
            Some(parent) => {
                absorb(parent, known);
                None
            }
        }
    }

    /// The value of a reduced position.
    fn value_of(&mut self, reduced: Reduced, meter: &mut Meter) -> Result<Nimber, SolveError> {
        let mut total = reduced.value;
        for part in reduced.parts {
            match self.solve(part, Goal::Value, meter)? {
                Known::Value(v) => total += v,
                Known::NonZero | Known::Excludes(_) => {
                    unreachable!("a value search answered {known:?}", known = Known::NonZero)
                }
            }
        }
        Ok(total)
    }

    /// Whether a reduced position has value 0.
    fn is_p(&mut self, reduced: Reduced, meter: &mut Meter) -> Result<bool, SolveError> {
        if reduced.parts.len() == 1 && reduced.value.is_zero() {
            let part = reduced.parts.into_iter().next().expect("one part");
            return Ok(
                matches!(self.solve(part, Goal::Outcome, meter)?, Known::Value(v) if v.is_zero()),
            );
        }
        Ok(self.value_of(reduced, meter)?.is_zero())
    }
}

fn absorb(frame: &mut Frame, known: Known) {
    match known {
        Known::Value(v) => frame.acc += v,
        Known::NonZero | Known::Excludes(_) => frame.nonzero = true,
    }
}

/// Reduces a whole matrix (all its rows) or, with `Some(j)`, the position after the move `j`.
fn reduce_matrix(m: &BoolMatrix, after: Option<usize>, scratch: &mut Scratch) -> Reduced {
    let mut reduced = Reduced::default();
    let keep = |r: usize| after.is_none_or(|j| m.get(r, j));
    if m.cols() <= 64 {
        let mut rows: Vec<u64> = (0..m.rows())
            .filter(|&r| keep(r))
            .map(|r| {
                let x = m.row_u64(r).unwrap_or(0);
                after.map_or(x, |j| x & !(1u64 << j))
            })
            .collect();
        reduce(&mut rows, scratch, &mut reduced);
    } else {
        let mut rows: Vec<Wide> = (0..m.rows())
            .filter(|&r| keep(r))
            .map(|r| {
                let mut x: Box<[u64]> = m.row_words(r).into();
                if let Some(j) = after {
                    x[j / 64] &= !(1u64 << (j % 64));
                }
                Wide(x)
            })
            .collect();
        reduce(&mut rows, scratch, &mut reduced);
    }
    reduced
}

/// The fast solver of Crosswise AND, Transverse Wave and Crosswise OR.
///
/// It plays on the family of rows (see the crate documentation): every position met is
/// reduced (dominated rows dropped, columns common to all rows counted as `*`, classes of
/// three or more twin columns cut by two, disjoint rows settled in closed form, joins split
/// into independent parts), and the value of each part is stored in a memory-bounded table
/// keyed by the part with its columns renumbered. The search uses an explicit stack, so deep
/// positions cannot overflow the call stack, and boards of any size work: parts of at most 64
/// columns take a one-word fast path.
///
/// Every call obeys the [`Budget`] of the configuration (positions expanded, time limit,
/// cancellation flag): when it runs out the call fails, and what was proved stays in the
/// table.
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
    engine: Engine,
    budget: Budget,
}

impl Default for WaveSolver {
    fn default() -> Self {
        Self::new()
    }
}

impl WaveSolver {
    /// A solver with the default [`Config`] (a 256 MiB table, no budget).
    pub fn new() -> Self {
        Self::with_config(Config::default())
    }

    /// A solver with the given table size and budget.
    ///
    /// The table bound counts the table's slots; the rows of each stored part take a few
    /// dozen bytes more (parts of more than six rows or more than 64 columns take heap memory
    /// beyond that).
    pub fn with_config(config: Config) -> Self {
        WaveSolver { engine: Engine::new(config.table_bytes()), budget: config.budget().clone() }
    }

    /// Replaces the budget of later calls.
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    /// The counters, summed over every call so far.
    pub fn stats(&self) -> WaveStats {
        WaveStats {
            states: self.engine.states,
            lookups: self.engine.lookups,
            hits: self.engine.hits,
            table_entries: self.engine.table.len(),
            max_depth: self.engine.max_depth,
        }
    }

    /// Forgets every stored result (the counters are kept).
    pub fn clear(&mut self) {
        self.engine.table.clear();
    }

    /// The Grundy value of a Crosswise AND position.
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget runs out first.
    pub fn value(&mut self, matrix: &BoolMatrix) -> Result<Nimber, SolveError> {
        let mut meter = Meter::new(&self.budget);
        let reduced = reduce_matrix(matrix, None, &mut self.engine.scratch);
        self.engine.value_of(reduced, &mut meter)
    }

    /// The normal-play outcome of a Crosswise AND position: often much cheaper than its value,
    /// since the search stops at the first move to a P-position.
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget runs out first.
    pub fn outcome(&mut self, matrix: &BoolMatrix) -> Result<Outcome, SolveError> {
        let mut meter = Meter::new(&self.budget);
        let reduced = reduce_matrix(matrix, None, &mut self.engine.scratch);
        let p = self.engine.is_p(reduced, &mut meter)?;
        Ok(if p { Outcome::P } else { Outcome::N })
    }

    /// The columns of a Crosswise AND position whose selection wins (leads to a P-position),
    /// increasing.
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget (shared by the whole call) runs out first.
    pub fn winning_moves(&mut self, matrix: &BoolMatrix) -> Result<Vec<usize>, SolveError> {
        let mut meter = Meter::new(&self.budget);
        let mut winning = Vec::new();
        for j in (0..matrix.cols()).filter(|&j| matrix.column_any(j)) {
            let reduced = reduce_matrix(matrix, Some(j), &mut self.engine.scratch);
            if self.engine.is_p(reduced, &mut meter)? {
                winning.push(j);
            }
        }
        Ok(winning)
    }

    /// Every legal column of a Crosswise AND position with the value of the position it
    /// leads to.
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget (shared by the whole call) runs out first.
    pub fn move_values(&mut self, matrix: &BoolMatrix) -> Result<Vec<(usize, Nimber)>, SolveError> {
        let mut meter = Meter::new(&self.budget);
        let mut out = Vec::new();
        for j in (0..matrix.cols()).filter(|&j| matrix.column_any(j)) {
            let reduced = reduce_matrix(matrix, Some(j), &mut self.engine.scratch);
            out.push((j, self.engine.value_of(reduced, &mut meter)?));
        }
        Ok(out)
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

    /// The engine gives the same values to a family stored in one word per row and in two.
    #[test]
    fn wide_keys_solve_like_narrow_keys() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut narrow_engine = Engine::new(1 << 20);
        let mut wide_engine = Engine::new(1 << 20);
        let mut meter = Meter::new(&Budget::unlimited());
        for i in 0..400 {
            let rows = 2 + i % 6;
            let cols = 2 + i % 8;
            let mut family: Vec<u64> = (0..rows)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    x & ((1u64 << cols) - 1)
                })
                .collect();
            family.sort_unstable();
            let narrow = Key::Narrow(family.iter().copied().collect());
            let data: Vec<u64> = family.iter().flat_map(|&r| [r, 0]).collect();
            let wide = Key::Wide { words: 2, data: data.into_boxed_slice() };
            let a = narrow_engine.solve(narrow, Goal::Value, &mut meter).unwrap();
            let b = wide_engine.solve(wide, Goal::Value, &mut meter).unwrap();
            assert_eq!(a, b, "{family:?}");
            let m = BoolMatrix::from_fn(rows, cols, |r, c| family[r] >> c & 1 == 1);
            assert_eq!(Known::Value(grundy_core::naive::value(&crate::CrosswiseAnd, &m)), a);
        }
    }
}
