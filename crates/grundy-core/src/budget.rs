//! Budgets: how much work a solver may do before it gives up.

use core::time::Duration;
use std::borrow::Cow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::time::Instant;

use crate::SolveError;

/// Limits on one solver call: a number of positions, a time limit and a cancellation flag.
///
/// Every limit is optional; [`Budget::unlimited`] (the default) sets none. Each call of a
/// solver method starts a fresh count and a fresh clock. When a limit is reached the call
/// returns an error ([`SolveError`]) instead of a value; whatever was already proved stays in
/// the solver's table, so a later call with a larger budget resumes the work.
///
/// # Example
///
/// ```
/// use std::sync::Arc;
/// use std::sync::atomic::{AtomicBool, Ordering};
/// use grundy_core::Budget;
///
/// let stop = Arc::new(AtomicBool::new(false));
/// let budget = Budget::unlimited().with_max_nodes(1_000_000).with_cancel_flag(stop.clone());
/// // Another thread may now call `stop.store(true, Ordering::Relaxed)` to cancel the search.
/// assert_eq!(budget.max_nodes(), Some(1_000_000));
/// # stop.store(true, Ordering::Relaxed);
/// ```
///
/// A budget may also carry a [`Progress`] ([`Budget::with_progress`]): the solvers add the
/// positions they search to it, for another thread to show.
///
/// With the `serde` feature a budget serialises its node and time limits only: a
/// cancellation flag and a progress belong to the running program, and a deserialised budget
/// has neither.
#[derive(Clone, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Budget {
    max_nodes: Option<u64>,
    time_limit: Option<Duration>,
    #[cfg_attr(feature = "serde", serde(skip))]
    cancel: Option<Arc<AtomicBool>>,
    /// A second flag, the parallel search's own: set when another solver has answered.
    #[cfg_attr(feature = "serde", serde(skip))]
    stop: Option<Arc<AtomicBool>>,
    /// Where the searches under this budget report their positions.
    #[cfg_attr(feature = "serde", serde(skip))]
    progress: Option<Arc<Progress>>,
}

impl Budget {
    /// No limit at all.
    pub const fn unlimited() -> Self {
        Budget { max_nodes: None, time_limit: None, cancel: None, stop: None, progress: None }
    }

    /// The same budget, also stopped by `flag` (the user's cancellation flag is kept).
    #[cfg_attr(not(feature = "rayon"), allow(dead_code, reason = "used by the parallel search"))]
    pub(crate) fn with_stop_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.stop = Some(flag);
        self
    }

    /// The same budget without its node limit (the time limit and the cancellation flag
    /// kept): what the helper threads of a parallel search obey, whose nodes the limit of the
    /// main search does not count.
    ///
    /// ```
    /// use grundy_core::Budget;
    ///
    /// let budget = Budget::unlimited().with_max_nodes(10);
    /// assert_eq!(budget.without_max_nodes().max_nodes(), None);
    /// ```
    #[must_use]
    pub fn without_max_nodes(&self) -> Self {
        Budget { max_nodes: None, ..self.clone() }
    }

    /// Stops after expanding `nodes` positions.
    #[must_use]
    pub const fn with_max_nodes(mut self, nodes: u64) -> Self {
        self.max_nodes = Some(nodes);
        self
    }

    /// Stops when the call has run for `limit`.
    #[must_use]
    pub const fn with_time_limit(mut self, limit: Duration) -> Self {
        self.time_limit = Some(limit);
        self
    }

    /// Stops as soon as `flag` is set to `true` (by any thread).
    #[must_use]
    pub fn with_cancel_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel = Some(flag);
        self
    }

    /// The same budget, reporting the positions its searches expand to `progress`.
    ///
    /// Several budgets (and the clones of one budget, as the threads of a parallel search
    /// hold) may share one [`Progress`]: it then counts the positions of every search under
    /// any of them. Attaching a progress changes no limit and no answer.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use grundy_core::{Budget, Progress};
    ///
    /// let progress = Arc::new(Progress::new());
    /// let budget = Budget::unlimited().with_progress(Arc::clone(&progress));
    /// budget.report_nodes(5);
    /// assert_eq!(progress.nodes(), 5);
    /// ```
    #[must_use]
    pub fn with_progress(mut self, progress: Arc<Progress>) -> Self {
        self.progress = Some(progress);
        self
    }

    /// The progress this budget reports to, if any.
    pub const fn progress(&self) -> Option<&Arc<Progress>> {
        self.progress.as_ref()
    }

    /// Adds `nodes` expanded positions to the budget's [`Progress`] (nothing without one).
    ///
    /// For solvers outside this crate, which count their own nodes: call it at the points
    /// where they read the clock or the cancellation flag, with the nodes expanded since the
    /// last report, and once more at the end of a call with the rest. It is one relaxed
    /// atomic addition, too dear for every node but cheap every thousand. It does not count
    /// against [`max_nodes`](Budget::max_nodes): the node limit is each call's own.
    pub fn report_nodes(&self, nodes: u64) {
        if let Some(progress) = &self.progress {
            progress.add_nodes(nodes);
        }
    }

    /// The limit on expanded positions, if any.
    pub const fn max_nodes(&self) -> Option<u64> {
        self.max_nodes
    }

    /// The time limit, if any.
    pub const fn time_limit(&self) -> Option<Duration> {
        self.time_limit
    }

    /// Tells whether the cancellation flag is set (`false` without a flag).
    ///
    /// Solvers outside this crate poll it to honour [`with_cancel_flag`](Budget::with_cancel_flag).
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::sync::atomic::{AtomicBool, Ordering};
    /// use grundy_core::Budget;
    ///
    /// let stop = Arc::new(AtomicBool::new(false));
    /// let budget = Budget::unlimited().with_cancel_flag(stop.clone());
    /// assert!(!budget.is_cancelled());
    /// stop.store(true, Ordering::Relaxed);
    /// assert!(budget.is_cancelled());
    /// assert!(!Budget::unlimited().is_cancelled());
    /// ```
    pub fn is_cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(|flag| flag.load(core::sync::atomic::Ordering::Relaxed))
    }

    /// Starts counting one call against this budget: the meter every search of grundy-core
    /// counts with, for the loops of other crates to share (a node limit, a clock started
    /// now, the cancellation flags and the progress).
    ///
    /// ```
    /// use grundy_core::{Budget, SolveError};
    ///
    /// let budget = Budget::unlimited().with_max_nodes(3);
    /// let mut meter = budget.start();
    /// for _ in 0..3 {
    ///     meter.tick()?;
    /// }
    /// assert_eq!(meter.tick(), Err(SolveError::NodeLimit { limit: 3 }));
    /// # Ok::<(), SolveError>(())
    /// ```
    pub fn start(&self) -> Meter<'_> {
        Meter::counting(Cow::Borrowed(self))
    }
}

/// The running count of one call against its [`Budget`] ([`Budget::start`]).
///
/// It reads the clock and the flags every [`POLL_INTERVAL`](Self::POLL_INTERVAL) nodes (or
/// [`with_poll_interval`](Self::with_poll_interval)),
/// reports its nodes to the budget's [`Progress`] then and, for the rest, when it is dropped
/// at the end of the call.
#[derive(Debug)]
pub struct Meter<'a> {
    budget: Cow<'a, Budget>,
    nodes: u64,
    /// How many of `nodes` were added to the budget's progress.
    reported: u64,
    /// Moves listed since the clock was last read (see [`Meter::charge`]).
    work: u64,
    deadline: Option<Instant>,
    /// The poll interval less one (a power of two less one).
    poll_mask: u64,
}

impl Drop for Meter<'_> {
    fn drop(&mut self) {
        self.report();
    }
}

impl Meter<'static> {
    /// A meter that owns its budget (a clone, which shares the budget's flags and progress),
    /// for a count kept across calls in a struct; otherwise as [`Budget::start`].
    ///
    /// ```
    /// use grundy_core::{Budget, Meter, SolveError};
    ///
    /// struct Store {
    ///     meter: Option<Meter<'static>>,
    /// }
    /// let mut store = Store { meter: Some(Meter::owned(Budget::unlimited().with_max_nodes(1))) };
    /// let meter = store.meter.as_mut().expect("set above");
    /// assert_eq!(meter.tick(), Ok(()));
    /// assert_eq!(meter.tick(), Err(SolveError::NodeLimit { limit: 1 }));
    /// ```
    pub fn owned(budget: Budget) -> Self {
        Meter::counting(Cow::Owned(budget))
    }
}

impl<'a> Meter<'a> {
    /// A fresh count against `budget`, its clock started now.
    fn counting(budget: Cow<'a, Budget>) -> Self {
        Meter {
            deadline: budget.time_limit.map(|limit| Instant::now() + limit),
            budget,
            nodes: 0,
            reported: 0,
            work: 0,
            poll_mask: Meter::POLL_INTERVAL - 1,
        }
    }
}

impl Meter<'_> {
    /// How often (in nodes) the clock and the cancellation flag are read, and the count
    /// reported to the budget's [`Progress`], unless [`with_poll_interval`](Self::with_poll_interval)
    /// says otherwise.
    pub const POLL_INTERVAL: u64 = 1024;

    /// Reads the clock and the flags every `nodes` nodes (rounded up to a power of two, at
    /// least 1) rather than every [`POLL_INTERVAL`](Self::POLL_INTERVAL): for searches whose
    /// nodes are costly, so that a time limit is not overshot by a thousand of them.
    #[must_use]
    pub const fn with_poll_interval(mut self, nodes: u64) -> Self {
        self.poll_mask = match nodes.checked_next_power_of_two() {
            Some(interval) => interval - 1,
            None => u64::MAX,
        };
        self
    }

    /// Counts one expanded position; fails when a limit is reached.
    ///
    /// # Errors
    ///
    /// [`SolveError::NodeLimit`] past the node limit; at the poll points (every
    /// [`POLL_INTERVAL`](Self::POLL_INTERVAL) nodes), [`SolveError::TimeLimit`] past the
    /// deadline and [`SolveError::Cancelled`] when a cancellation flag is set.
    #[inline]
    pub fn tick(&mut self) -> Result<(), SolveError> {
        self.nodes += 1;
        if let Some(limit) = self.budget.max_nodes {
            if self.nodes > limit {
                return Err(SolveError::NodeLimit { limit });
            }
        }
        if self.poll_due() {
            self.report();
            self.work = 0;
            self.poll()?;
        }
        Ok(())
    }

    /// The budget's progress, when this node is one of the poll points (every
    /// [`POLL_INTERVAL`](Self::POLL_INTERVAL) nodes) and the budget has one: where a solver
    /// records its table's fill.
    #[inline]
    pub(crate) fn progress_due(&self) -> Option<&Progress> {
        if self.poll_due() { self.budget.progress.as_deref() } else { None }
    }

    /// Whether the node just counted is a poll point: every interval.
    #[inline]
    const fn poll_due(&self) -> bool {
        self.nodes & self.poll_mask == 0
    }

    /// Whether the node last counted by [`tick`](Self::tick) was a poll point (every
    /// [`POLL_INTERVAL`](Self::POLL_INTERVAL) nodes), where the clock and the flags were read:
    /// where a search checks its own rare conditions too (a parallel search's signals, say).
    #[inline]
    pub const fn at_poll_point(&self) -> bool {
        self.poll_due()
    }

    /// Moves listed between two readings of the clock at most, whatever the node count: a
    /// position with a hundred thousand moves (a big heap) costs as much as a hundred
    /// thousand small ones, and the time limit must not wait for 1024 of them.
    pub const WORK_INTERVAL: u64 = 1 << 16;

    /// Counts `moves` listed moves of the position being expanded; reads the clock and the
    /// cancellation flag when [`WORK_INTERVAL`](Self::WORK_INTERVAL) of them have been listed
    /// since the last reading.
    ///
    /// # Errors
    ///
    /// As [`poll`](Self::poll), when the clock is read.
    #[inline]
    pub fn charge(&mut self, moves: usize) -> Result<(), SolveError> {
        self.work += moves as u64;
        if self.work >= Self::WORK_INTERVAL {
            self.work = 0;
            self.poll()?;
        }
        Ok(())
    }

    /// Adds the nodes not yet reported to the budget's progress (done at every poll point
    /// and when the meter is dropped; a meter kept across calls calls it at the end of each).
    pub fn report(&mut self) {
        if let Some(progress) = &self.budget.progress {
            progress.add_nodes(self.nodes - self.reported);
            self.reported = self.nodes;
        }
    }

    /// Reads the clock and the cancellation flag.
    ///
    /// # Errors
    ///
    /// [`SolveError::Cancelled`] when a cancellation flag is set, [`SolveError::TimeLimit`]
    /// past the deadline.
    pub fn poll(&self) -> Result<(), SolveError> {
        for flag in [&self.budget.cancel, &self.budget.stop].into_iter().flatten() {
            if flag.load(Ordering::Relaxed) {
                return Err(SolveError::Cancelled);
            }
        }
        if let (Some(deadline), Some(limit)) = (self.deadline, self.budget.time_limit) {
            if Instant::now() >= deadline {
                return Err(SolveError::TimeLimit { limit });
            }
        }
        Ok(())
    }

    /// Positions expanded so far in this call.
    pub const fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The budget counted against.
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// The budget of a search run inside this count (a solver valuing a candidate, say): the
    /// same cancellation flags and progress, what is left of the time limit, and no node
    /// limit (the nodes of the inner search are its own).
    ///
    /// ```
    /// use std::time::Duration;
    /// use grundy_core::Budget;
    ///
    /// let budget = Budget::unlimited().with_max_nodes(10).with_time_limit(Duration::from_secs(60));
    /// let meter = budget.start();
    /// let inner = meter.remaining();
    /// assert_eq!(inner.max_nodes(), None);
    /// assert!(inner.time_limit().is_some_and(|left| left <= Duration::from_secs(60)));
    /// ```
    pub fn remaining(&self) -> Budget {
        let budget = self.budget.without_max_nodes();
        match self.deadline {
            Some(deadline) => {
                budget.with_time_limit(deadline.saturating_duration_since(Instant::now()))
            }
            None => budget,
        }
    }
}

/// What the searches under some budgets have done so far, for another thread to show: the
/// positions they expanded, the time since the progress was made, and how full a solver says
/// its table is.
///
/// Make one, wrap it in an [`Arc`], attach it to budgets with [`Budget::with_progress`] and
/// read it from any thread while the searches run. Every solver of the grundy crates reports
/// to it: grundy-core's [`Solver`](crate::Solver) and its parallel search, and the engines of
/// the family crates with meters of their own (through [`Budget::report_nodes`]).
///
/// # Guarantees
///
/// - [`nodes`](Progress::nodes) is the sum, over every call and every thread under a budget
///   carrying this progress, of the positions reported so far. A search reports at the points
///   where it reads its clock: grundy-core's solver every [`Progress::POLL_INTERVAL`] nodes,
///   and the rest when the call ends (with an answer or an error). So while searches run the
///   count lags behind the work by less than that interval per running search (engines of
///   other crates read their clocks every 256 to 4096 nodes, and lag by as much), and once
///   every call has returned it is exact: each node counted by a call's node limit is counted
///   here once.
/// - The count only grows (wrapping is out of reach: 2^64 nodes). Reports are relaxed atomic
///   additions: another thread sees them soon but in no particular order with other memory;
///   after joining the searching threads it sees them all.
/// - The hot path of a search is unchanged: no atomic operation per node.
///
/// ```
/// use std::sync::Arc;
/// use grundy_core::{Budget, Progress, Ruleset, Solver, Config};
///
/// /// Take 1 or 2 tokens from a heap.
/// struct TakeTwo;
///
/// impl Ruleset for TakeTwo {
///     type Position = u32;
///     type Move = u32;
///     fn moves(&self, heap: &u32, moves: &mut Vec<u32>) {
///         moves.extend((1..=2).filter(|take| take <= heap));
///     }
///     fn play(&self, heap: &u32, take: &u32) -> u32 {
///         heap - take
///     }
/// }
///
/// let progress = Arc::new(Progress::new());
/// let budget = Budget::unlimited().with_progress(Arc::clone(&progress));
/// let mut solver = Solver::with_config(&TakeTwo, Config::default().with_budget(budget));
/// solver.value(&100)?;
/// assert_eq!(progress.nodes(), solver.stats().nodes);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Progress {
    nodes: AtomicU64,
    started: Instant,
    /// The table's fill in millionths, [`NO_FILL`] before a solver sets it.
    fill: AtomicU32,
}

/// The fill of a progress that no solver has set.
const NO_FILL: u32 = u32::MAX;

impl Default for Progress {
    fn default() -> Self {
        Progress::new()
    }
}

impl Progress {
    /// How many nodes grundy-core's solver expands between two reports to the progress: the
    /// most by which [`nodes`](Progress::nodes) lags behind one of its running searches.
    pub const POLL_INTERVAL: u64 = Meter::POLL_INTERVAL;

    /// A progress with no node counted, its clock started now.
    pub fn new() -> Self {
        Progress {
            nodes: AtomicU64::new(0),
            started: Instant::now(),
            fill: AtomicU32::new(NO_FILL),
        }
    }

    /// The positions reported so far by every search under a budget carrying this progress
    /// (see the [guarantees](Progress#guarantees)).
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// Adds `nodes` positions to the count (saturating at `u64::MAX`); solvers call it through
    /// [`Budget::report_nodes`].
    pub fn add_nodes(&self, nodes: u64) {
        if nodes > 0 {
            // Saturating: 2^64 nodes are out of reach, but a wrong caller must not wrap.
            let _ = self.nodes.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| {
                Some(n.saturating_add(nodes))
            });
        }
    }

    /// The time since the progress was made.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Records how full a solver's table is, as a fraction from 0 to 1 (values outside are
    /// clamped, NaN is ignored), kept to a millionth. The last call wins: with several solvers
    /// it is the fill of whichever reported last.
    pub fn set_table_fill(&self, fraction: f64) {
        if fraction.is_nan() {
            return;
        }
        #[allow(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "clamped to 0..=1e6"
        )]
        let millionths = (fraction.clamp(0.0, 1.0) * 1e6).round() as u32;
        self.fill.store(millionths, Ordering::Relaxed);
    }

    /// The last fill set by [`set_table_fill`](Progress::set_table_fill), from 0 to 1, or
    /// `None` when no solver has set one.
    pub fn table_fill(&self) -> Option<f64> {
        match self.fill.load(Ordering::Relaxed) {
            NO_FILL => None,
            millionths => Some(f64::from(millionths) / 1e6),
        }
    }
}
