//! The parallel search (cargo feature `rayon`): several solvers share one table.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use super::pruned::Board;
use super::{Config, SharedMap, Solver, Stats};
use crate::compact::SharedTable;
use crate::engine::finish::FinishLine;
use crate::{Budget, Nimber, Outcome, Ruleset, SolveError};

/// The Grundy value of `position`, searched by `threads` solvers at once on rayon's thread
/// pool.
///
/// The solvers share one table of the size of [`Config::with_table_bytes`], and half of them
/// try the moves in reverse order, so that they solve different parts of the game first and
/// read each other's results (the "lazy SMP" scheme of chess programs). When `position` has
/// a [word key](Ruleset::word_key), the table is a [`SharedTable`] for the positions with
/// word keys, which starts small and grows as it fills, up to the bound: when it wants room
/// the solvers stop, it doubles (keeping every fact) and they start again from the top,
/// where what they proved answers at once; otherwise it is a table of any positions in
/// shards behind locks, which grows as it fills, and whose locks cost the solvers so much
/// that two threads may take as long as one. Under
/// [`Method::Pruned`](super::Method::Pruned) those helpers also take the children of the
/// position at the top in reverse order, and the solvers post the values they find among
/// those children, so that each skips a value another has already found. The first solver
/// to finish gives the answer and stops the others. The answer is the exact value: every
/// fact in the shared table is exact, whichever solver stored it.
///
/// With one thread, or with a word key and a bound below
/// [`compact::MIN_BYTES`](crate::compact::MIN_BYTES), this is one ordinary solver. The node
/// limit of the budget of `config` counts the first solver's nodes only; when it runs out, or
/// the time limit does, or the cancellation flag is set, every solver stops.
///
/// # Errors
///
/// [`SolveError`] when the first solver's budget runs out before any solver finished.
///
/// # Example
///
/// ```
/// use grundy_core::{Config, Nimber, Ruleset, solver::par_value};
///
/// /// Take 1, 3 or 4 from a heap.
/// #[derive(Clone, Copy)]
/// struct Subtraction;
/// impl Ruleset for Subtraction {
///     type Position = u64;
///     type Move = u64;
///     fn moves(&self, heap: &u64, moves: &mut Vec<u64>) {
///         moves.extend([1, 3, 4].into_iter().filter(|take| take <= heap));
///     }
///     fn play(&self, heap: &u64, take: &u64) -> u64 {
///         heap - take
///     }
///     fn word_key(&self, heap: &u64) -> Option<u64> {
///         Some(*heap)
///     }
/// }
///
/// let config = Config::default().with_table_bytes(8 << 20);
/// assert_eq!(par_value(Subtraction, &1000, &config, 2)?, Nimber::new(2)); // period 7: 0 1 0 1 2 3 2
/// # Ok::<(), grundy_core::SolveError>(())
/// ```
pub fn par_value<R>(
    ruleset: R,
    position: &R::Position,
    config: &Config,
    threads: usize,
) -> Result<Nimber, SolveError>
where
    R: Ruleset + Clone + Send + Sync,
    R::Position: Send + Sync,
{
    solve(ruleset, position, config, threads, |solver| solver.value(position))
}

/// The outcome of `position` under normal play, searched by `threads` solvers at once as
/// [`par_value`] searches its value: the first solver to know the outcome answers and stops
/// the others (an outcome search stops at the first move to a P-position, so the solvers,
/// half of them trying the moves in reverse order, often answer at different times).
///
/// # Errors
///
/// [`SolveError`] when the first solver's budget runs out before any solver finished.
///
/// # Example
///
/// ```
/// use grundy_core::{Config, Outcome, Ruleset, solver::par_outcome};
///
/// /// Take 1, 3 or 4 from a heap.
/// #[derive(Clone, Copy)]
/// struct Subtraction;
/// impl Ruleset for Subtraction {
///     type Position = u64;
///     type Move = u64;
///     fn moves(&self, heap: &u64, moves: &mut Vec<u64>) {
///         moves.extend([1, 3, 4].into_iter().filter(|take| take <= heap));
///     }
///     fn play(&self, heap: &u64, take: &u64) -> u64 {
///         heap - take
///     }
///     fn word_key(&self, heap: &u64) -> Option<u64> {
///         Some(*heap)
///     }
/// }
///
/// let config = Config::default().with_table_bytes(8 << 20);
/// assert_eq!(par_outcome(Subtraction, &1001, &config, 2)?, Outcome::P); // 1001 = 7 * 143
/// # Ok::<(), grundy_core::SolveError>(())
/// ```
pub fn par_outcome<R>(
    ruleset: R,
    position: &R::Position,
    config: &Config,
    threads: usize,
) -> Result<Outcome, SolveError>
where
    R: Ruleset + Clone + Send + Sync,
    R::Position: Send + Sync,
{
    solve(ruleset, position, config, threads, |solver| solver.outcome(position))
}

/// Every legal move of `position` that leads to a P-position, in the order of
/// [`Ruleset::moves`], found by `threads` solvers at once as [`par_value`] finds a value: half
/// of them take the children in reverse order, so that the solvers settle different children
/// first and read each other's outcomes from the shared table.
///
/// # Errors
///
/// [`SolveError`] when the first solver's budget runs out before any solver finished.
///
/// # Example
///
/// ```
/// use grundy_core::{Config, Ruleset, solver::par_winning_moves};
///
/// /// Take 1, 3 or 4 from a heap.
/// #[derive(Clone, Copy)]
/// struct Subtraction;
/// impl Ruleset for Subtraction {
///     type Position = u64;
///     type Move = u64;
///     fn moves(&self, heap: &u64, moves: &mut Vec<u64>) {
///         moves.extend([1, 3, 4].into_iter().filter(|take| take <= heap));
///     }
///     fn play(&self, heap: &u64, take: &u64) -> u64 {
///         heap - take
///     }
///     fn word_key(&self, heap: &u64) -> Option<u64> {
///         Some(*heap)
///     }
/// }
///
/// let config = Config::default().with_table_bytes(8 << 20);
/// // The P-positions are the heaps of 0 and 2 modulo 7: from 1004 (3 modulo 7), take 1 or 3.
/// assert_eq!(par_winning_moves(Subtraction, &1004, &config, 2)?, vec![1, 3]);
/// # Ok::<(), grundy_core::SolveError>(())
/// ```
pub fn par_winning_moves<R>(
    ruleset: R,
    position: &R::Position,
    config: &Config,
    threads: usize,
) -> Result<Vec<R::Move>, SolveError>
where
    R: Ruleset + Clone + Send + Sync,
    R::Position: Send + Sync,
    R::Move: Send,
{
    solve(ruleset, position, config, threads, |solver| solver.winning_moves(position))
}

/// Runs `task` on a [`ParallelSolver`] made for this one call.
fn solve<R, T>(
    ruleset: R,
    position: &R::Position,
    config: &Config,
    threads: usize,
    task: impl Fn(&mut Solver<R>) -> Result<T, SolveError> + Sync,
) -> Result<T, SolveError>
where
    R: Ruleset + Clone + Send + Sync,
    R::Position: Send + Sync,
    T: Clone + Send,
{
    ParallelSolver::new(ruleset, config.clone(), threads).run(position, task)
}

/// A solver that searches each call with several solvers at once, as [`par_value`] does, and
/// keeps what they proved from one call to the next.
///
/// Each call is a race of `threads` solvers on rayon's thread pool that share one table;
/// the table outlives the call, so a later call (the winning moves after the value, say)
/// starts from every fact the earlier ones stored in it. Positions with a
/// [word key](Ruleset::word_key) share a [`SharedTable`] that grows as it fills, up to the
/// bound of [`Config::with_table_bytes`]; other positions share a table in shards behind
/// locks. With one thread, or with a word key and a bound below
/// [`compact::MIN_BYTES`](crate::compact::MIN_BYTES), every call runs on one ordinary
/// [`Solver`] kept from call to call.
///
/// The node limit of the budget counts the first solver's nodes only; the time limit and the
/// cancellation flag stop every solver. [`stats`](Self::stats) sums the counters of every
/// solver of every call.
///
/// # Example
///
/// ```
/// use grundy_core::{Config, Nimber, Ruleset, solver::ParallelSolver};
///
/// /// Take 1, 3 or 4 from a heap.
/// #[derive(Clone, Copy)]
/// struct Subtraction;
/// impl Ruleset for Subtraction {
///     type Position = u64;
///     type Move = u64;
///     fn moves(&self, heap: &u64, moves: &mut Vec<u64>) {
///         moves.extend([1, 3, 4].into_iter().filter(|take| take <= heap));
///     }
///     fn play(&self, heap: &u64, take: &u64) -> u64 {
///         heap - take
///     }
///     fn word_key(&self, heap: &u64) -> Option<u64> {
///         Some(*heap)
///     }
/// }
///
/// let mut solver = ParallelSolver::new(Subtraction, Config::default().with_table_bytes(8 << 20), 2);
/// assert_eq!(solver.value(&1000)?, Nimber::new(2)); // period 7: 0 1 0 1 2 3 2
/// assert_eq!(solver.winning_moves(&1000)?, vec![4]); // to 996, a P-position
/// # Ok::<(), grundy_core::SolveError>(())
/// ```
#[derive(Debug)]
pub struct ParallelSolver<R: Ruleset> {
    ruleset: R,
    config: Config,
    threads: usize,
    /// What the solvers of a call share, made at the first call.
    shared: Shared<R>,
    /// The counters of the races so far (those of a single solver are its own).
    stats: Stats,
}

/// What the solvers of a [`ParallelSolver`]'s calls share.
#[derive(Debug)]
enum Shared<R: Ruleset> {
    /// Nothing yet: the first call chooses.
    Unmade,
    /// One solver does every call.
    Alone(Box<Solver<R>>),
    /// A table of word keys.
    Words(Arc<SharedTable>),
    /// A table of positions.
    Map(Arc<SharedMap<R::Position>>),
}

impl<R> ParallelSolver<R>
where
    R: Ruleset + Clone + Send + Sync,
    R::Position: Send + Sync,
{
    /// A solver searching every call with `threads` solvers (0 counts as 1) under `config`.
    pub fn new(ruleset: R, config: Config, threads: usize) -> Self {
        let threads = threads.max(1);
        ParallelSolver { ruleset, config, threads, shared: Shared::Unmade, stats: Stats::default() }
    }

    /// The ruleset being solved.
    pub const fn ruleset(&self) -> &R {
        &self.ruleset
    }

    /// The number of solvers of a call.
    pub const fn threads(&self) -> usize {
        self.threads
    }

    /// Replaces the budget of later calls.
    pub fn set_budget(&mut self, budget: Budget) {
        if let Shared::Alone(solver) = &mut self.shared {
            solver.set_budget(budget.clone());
        }
        self.config = self.config.clone().with_budget(budget);
    }

    /// The counters, summed over every solver of every call so far.
    pub fn stats(&self) -> Stats {
        match &self.shared {
            Shared::Alone(solver) => solver.stats().plus(self.stats),
            _ => self.stats,
        }
    }

    /// The number of normal-play facts kept for later calls.
    pub fn table_len(&self) -> usize {
        match &self.shared {
            Shared::Unmade => 0,
            Shared::Alone(solver) => solver.table_len(),
            Shared::Words(table) => table.len(),
            Shared::Map(map) => map.len(),
        }
    }

    /// Forgets every stored result (the counters are kept).
    pub fn clear(&mut self) {
        if let Shared::Alone(solver) = &self.shared {
            self.stats = solver.stats().plus(self.stats);
        }
        self.shared = Shared::Unmade;
    }

    /// The Grundy value of `position` (see [`Solver::value`]).
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the first solver's budget runs out before any solver finished.
    pub fn value(&mut self, position: &R::Position) -> Result<Nimber, SolveError> {
        self.run(position, |solver| solver.value(position))
    }

    /// The normal-play outcome of `position` (see [`Solver::outcome`]).
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the first solver's budget runs out before any solver finished.
    pub fn outcome(&mut self, position: &R::Position) -> Result<Outcome, SolveError> {
        self.run(position, |solver| solver.outcome(position))
    }

    /// The moves of `position` to a P-position, in the ruleset's order (see
    /// [`Solver::winning_moves`]).
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the first solver's budget (shared by the whole call) runs out
    /// before any solver finished.
    pub fn winning_moves(&mut self, position: &R::Position) -> Result<Vec<R::Move>, SolveError>
    where
        R::Move: Send,
    {
        self.run(position, |solver| solver.winning_moves(position))
    }

    /// Every move of `position` with the Grundy value of the position it leads to, in the
    /// ruleset's order (see [`Solver::move_values`]).
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the first solver's budget (shared by the whole call) runs out
    /// before any solver finished.
    pub fn move_values(
        &mut self,
        position: &R::Position,
    ) -> Result<Vec<(R::Move, Nimber)>, SolveError>
    where
        R::Move: Send,
    {
        self.run(position, |solver| solver.move_values(position))
    }

    /// Runs `task`, a call about `position`, on one solver or as a race.
    fn run<T: Clone + Send>(
        &mut self,
        position: &R::Position,
        task: impl Fn(&mut Solver<R>) -> Result<T, SolveError> + Sync,
    ) -> Result<T, SolveError> {
        if matches!(self.shared, Shared::Unmade) {
            self.shared = self.first_shared(position);
        }
        let config = self.config.clone();
        match &mut self.shared {
            Shared::Unmade => unreachable!("made above"),
            Shared::Alone(solver) => task(solver),
            Shared::Map(map) => {
                let attach = |solver: Solver<R>| solver.with_shared_map(Arc::clone(map));
                let race = race(vec![self.ruleset.clone(); self.threads], &config, attach, task);
                self.stats = self.stats.plus(race.stats);
                race.answer
            }
            Shared::Words(table) => {
                // The solvers stop when the table wants room; it doubles (keeping every fact)
                // and they start again, within what is left of the budget.
                let clock = std::time::Instant::now();
                let mut rest = config.clone();
                loop {
                    if table.wants_room() {
                        *table = Arc::new(table.grown());
                    }
                    let attach = |solver: Solver<R>| solver.with_shared_table(Arc::clone(table));
                    let race = race(vec![self.ruleset.clone(); self.threads], &rest, attach, &task);
                    self.stats = self.stats.plus(race.stats);
                    let stopped_to_grow = matches!(race.answer, Err(SolveError::Cancelled))
                        && table.wants_room()
                        && !config.budget().is_cancelled();
                    if !stopped_to_grow {
                        return race.answer.map_err(|e| callers_limit(e, &config));
                    }
                    rest = rest.clone().with_budget(left_after(
                        &config,
                        &rest,
                        race.main_nodes,
                        clock,
                    )?);
                }
            }
        }
    }

    /// What the calls share, chosen at the first call, about `position`.
    fn first_shared(&self, position: &R::Position) -> Shared<R> {
        let alone = || {
            Shared::Alone(Box::new(Solver::with_config(self.ruleset.clone(), self.config.clone())))
        };
        if self.threads <= 1 {
            return alone();
        }
        if self.ruleset.word_key(&self.ruleset.canonical(position)).is_none() {
            return Shared::Map(Arc::new(SharedMap::with_bytes(self.config.table_bytes())));
        }
        SharedTable::with_room(0, self.config.table_bytes())
            .map_or_else(alone, |table| Shared::Words(Arc::new(table)))
    }
}

/// The budget left of `config`'s after a race that stopped for the table to grow, `nodes`
/// searched by its first solver under `rest` and `clock` started at the call.
fn left_after(
    config: &Config,
    rest: &Config,
    nodes: u64,
    clock: std::time::Instant,
) -> Result<Budget, SolveError> {
    let mut left = rest.budget().clone();
    if let Some(max) = rest.budget().max_nodes() {
        if nodes >= max {
            return Err(callers_limit(SolveError::NodeLimit { limit: max }, config));
        }
        left = left.with_max_nodes(max - nodes);
    }
    if let Some(limit) = config.budget().time_limit() {
        left = left.with_time_limit(limit.saturating_sub(clock.elapsed()));
    }
    Ok(left)
}

/// A limit error of a race, named by the limit the caller set rather than by what was left
/// of it after the table grew.
fn callers_limit(e: SolveError, config: &Config) -> SolveError {
    match e {
        SolveError::NodeLimit { .. } => {
            SolveError::NodeLimit { limit: config.budget().max_nodes().unwrap_or_default() }
        }
        SolveError::TimeLimit { .. } => {
            SolveError::TimeLimit { limit: config.budget().time_limit().unwrap_or_default() }
        }
        other => other,
    }
}

/// The race of [`par_value`] on a shared table the caller keeps: worker `i` searches with
/// `rulesets[i]` (worker 0 is the main search, odd workers try moves in reverse). Returns the
/// answer and each worker's own result.
///
/// Not part of the API: the race tests (`tests/race.rs`) use it to inspect the shared table
/// after a race, to call again on it, and to give each worker a ruleset that blocks at a
/// chosen position. A worker drops its solver (and so its ruleset) only after its result is
/// recorded and, if it answered, after it raised the stop flag: a test may take the drop as
/// the sign that the others are being stopped.
#[doc(hidden)]
pub fn race_on<R>(
    rulesets: Vec<R>,
    position: &R::Position,
    config: &Config,
    shared: &Arc<SharedTable>,
) -> (Result<Nimber, SolveError>, Vec<Result<Nimber, SolveError>>)
where
    R: Ruleset + Send + Sync,
    R::Position: Send + Sync,
{
    let attach = |solver: Solver<R>| solver.with_shared_table(Arc::clone(shared));
    let race = race(rulesets, config, attach, |solver| solver.value(position));
    (race.answer, race.results)
}

/// What a race found: the answer, each worker's own result, the nodes of the first solver
/// and the counters of every solver together.
struct Race<T> {
    answer: Result<T, SolveError>,
    results: Vec<Result<T, SolveError>>,
    main_nodes: u64,
    stats: Stats,
}

/// The race of [`race_on`]: each solver given its shared table by `attach`, then running
/// `task`.
fn race<R, T>(
    rulesets: Vec<R>,
    config: &Config,
    attach: impl Fn(Solver<R>) -> Solver<R> + Sync,
    task: impl Fn(&mut Solver<R>) -> Result<T, SolveError> + Sync,
) -> Race<T>
where
    R: Ruleset + Send + Sync,
    R::Position: Send + Sync,
    T: Clone + Send,
{
    let main_nodes = AtomicU64::new(0);
    let stats = std::sync::Mutex::new(Stats::default());
    let stop = Arc::new(AtomicBool::new(false));
    let board = Arc::new(Board::new());
    let line = FinishLine::new(rulesets.len(), &stop);
    rayon::scope(|scope| {
        for (worker, ruleset) in rulesets.into_iter().enumerate() {
            let (attach, task, stop, line, main_nodes, stats) =
                (&attach, &task, &stop, &line, &main_nodes, &stats);
            let board = Arc::clone(&board);
            scope.spawn(move |_| {
                // Every solver stops when another has answered; the node limit binds the
                // first solver only, the time limit and the cancellation flag all of them.
                let budget = match worker {
                    0 => config.budget().clone(),
                    _ => config.budget().without_max_nodes(),
                };
                let config = config.clone().with_budget(budget.with_stop_flag(Arc::clone(stop)));
                let mut solver = attach(Solver::with_config(ruleset, config));
                if worker % 2 == 1 {
                    solver = solver.reversed();
                }
                solver.board = Some(board);
                let result = task(&mut solver);
                if worker == 0 {
                    main_nodes.store(solver.stats().nodes, Ordering::Relaxed);
                }
                {
                    let mut sum = stats.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                    *sum = sum.plus(solver.stats());
                }
                line.cross(worker, result);
                // Dropped only once its result is in (and the stop flag raised, if it
                // answered): the race tests take the drop as that sign.
                drop(solver);
            });
        }
    });
    let (answer, results) = line.results(SolveError::Cancelled);
    Race {
        answer,
        results,
        main_nodes: main_nodes.into_inner(),
        stats: stats.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner),
    }
}
