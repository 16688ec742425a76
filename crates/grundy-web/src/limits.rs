//! The limits of one solve: a node budget and a clock shared by every solver call of a
//! request, and the answer when they run out.

use std::time::{Duration, Instant};

use grundy_core::{Budget, SolveError};

/// The node and time limits of one request, with its clock started.
#[derive(Clone, Debug)]
pub(crate) struct Limits {
    /// The most positions searched over the whole request, if limited.
    pub(crate) max_nodes: Option<u64>,
    /// The time the request may take.
    pub(crate) time_limit: Duration,
    /// The memory bound of a solver's table, in bytes.
    pub(crate) table_bytes: usize,
    /// When the solve started.
    started: Instant,
}

/// Why a solve gave no answer within its limits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct OverBudget {
    /// Which limit was reached, in words.
    pub(crate) reason: String,
}

impl Limits {
    /// Starts the clock now.
    pub(crate) fn start(max_nodes: Option<u64>, time_limit: Duration, table_bytes: usize) -> Self {
        Limits { max_nodes, time_limit, table_bytes, started: Instant::now() }
    }

    /// The budget of the next solver call when `used` positions were searched so far.
    pub(crate) fn budget(&self, used: u64) -> Budget {
        let mut budget = Budget::unlimited()
            .with_time_limit(self.time_limit.saturating_sub(self.started.elapsed()));
        if let Some(n) = self.max_nodes {
            budget = budget.with_max_nodes(n.saturating_sub(used));
        }
        budget
    }

    /// `Err` once the time limit has passed (for loops outside the solvers' budgets).
    pub(crate) fn check_clock(&self) -> Result<(), OverBudget> {
        if self.started.elapsed() >= self.time_limit {
            Err(self.stopped(&SolveError::TimeLimit { limit: self.time_limit }))
        } else {
            Ok(())
        }
    }

    /// The answer for a solver stopped by `error`.
    pub(crate) fn stopped(&self, error: &SolveError) -> OverBudget {
        let reason = match (error, self.max_nodes) {
            (SolveError::NodeLimit { .. }, Some(n)) => {
                format!("more than {n} positions searched (the server's --max-nodes)")
            }
            (SolveError::TimeLimit { .. }, _) => format!(
                "time limit of {} s reached (the server's --time-limit)",
                self.time_limit.as_secs_f64()
            ),
            (other, _) => other.to_string(),
        };
        OverBudget { reason }
    }
}
