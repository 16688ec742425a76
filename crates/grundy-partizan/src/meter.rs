//! The running count of one call against its [`Budget`], shared by the solver and the store's
//! budgeted calls ([`GameStore::within`](crate::GameStore::within)). grundy-core's meter is
//! private to it, so this is the same logic on the budget's public accessors.

use std::time::Instant;

use grundy_core::{Budget, SolveError};

/// Counts nodes against a budget (which it owns: a clone shares the budget's flags and
/// progress) and reads the clock and the cancellation flag every
/// [`POLL_INTERVAL`](Self::POLL_INTERVAL) nodes.
#[derive(Debug)]
pub(crate) struct Meter {
    budget: Budget,
    nodes: u64,
    /// How many of `nodes` were reported to the budget's progress.
    reported: u64,
    deadline: Option<Instant>,
}

impl Drop for Meter {
    /// The end of the call: reports the rest of its nodes.
    fn drop(&mut self) {
        self.report();
    }
}

impl Meter {
    /// How often (in nodes) the clock and the cancellation flag are read.
    const POLL_INTERVAL: u64 = 256;

    pub(crate) fn start(budget: &Budget) -> Self {
        Meter {
            budget: budget.clone(),
            nodes: 0,
            reported: 0,
            deadline: budget.time_limit().map(|limit| Instant::now() + limit),
        }
    }

    /// Counts one node; fails when a limit is reached. The clock and the flag are read on the
    /// first node and every [`POLL_INTERVAL`](Self::POLL_INTERVAL) nodes.
    #[inline]
    pub(crate) fn tick(&mut self) -> Result<(), SolveError> {
        self.nodes += 1;
        if let Some(limit) = self.budget.max_nodes() {
            if self.nodes > limit {
                return Err(SolveError::NodeLimit { limit });
            }
        }
        if self.nodes % Self::POLL_INTERVAL == 1 {
            self.report();
            if self.budget.is_cancelled() {
                return Err(SolveError::Cancelled);
            }
            if let (Some(deadline), Some(limit)) = (self.deadline, self.budget.time_limit()) {
                if Instant::now() >= deadline {
                    return Err(SolveError::TimeLimit { limit });
                }
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
