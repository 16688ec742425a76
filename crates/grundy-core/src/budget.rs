//! Budgets: how much work a solver may do before it gives up.

use core::time::Duration;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
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
/// With the `serde` feature a budget serialises its node and time limits only: a
/// cancellation flag belongs to the running program, and a deserialised budget has none.
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
}

impl Budget {
    /// No limit at all.
    pub const fn unlimited() -> Self {
        Budget { max_nodes: None, time_limit: None, cancel: None, stop: None }
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

    /// Starts counting for one call.
    pub(crate) fn start(&self) -> Meter<'_> {
        Meter {
            budget: self,
            nodes: 0,
            deadline: self.time_limit.map(|limit| Instant::now() + limit),
        }
    }
}

/// The running count of one call against its [`Budget`].
#[derive(Debug)]
pub(crate) struct Meter<'a> {
    budget: &'a Budget,
    nodes: u64,
    deadline: Option<Instant>,
}

impl Meter<'_> {
    /// How often (in nodes) the clock and the cancellation flag are read.
    const POLL_INTERVAL: u64 = 1024;

    /// Counts one expanded position; fails when a limit is reached.
    #[inline]
    pub(crate) fn tick(&mut self) -> Result<(), SolveError> {
        self.nodes += 1;
        if let Some(limit) = self.budget.max_nodes {
            if self.nodes > limit {
                return Err(SolveError::NodeLimit { limit });
            }
        }
        if self.nodes % Self::POLL_INTERVAL == 0 {
            self.poll()?;
        }
        Ok(())
    }

    /// Reads the clock and the cancellation flag.
    pub(crate) fn poll(&self) -> Result<(), SolveError> {
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
    pub(crate) const fn nodes(&self) -> u64 {
        self.nodes
    }
}
