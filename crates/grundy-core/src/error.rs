//! Errors of the solvers.

use core::time::Duration;

/// Why a solver stopped without an answer.
///
/// Whatever the solver had proved before it stopped is kept in its table; nothing wrong is
/// ever stored.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// More positions were expanded than the budget allows.
    #[error("node budget exhausted: more than {limit} positions expanded")]
    NodeLimit {
        /// The limit that was set.
        limit: u64,
    },
    /// The call ran longer than its time limit.
    #[error("time limit of {limit:?} exceeded")]
    TimeLimit {
        /// The limit that was set.
        limit: Duration,
    },
    /// The cancellation flag was set.
    #[error("search cancelled")]
    Cancelled,
    /// What the search cannot forget outgrew its memory bound (the distinct games of a
    /// partizan solver's store, say: its tables forget, its games cannot).
    #[error("memory bound of {bytes} bytes reached by what the search cannot forget")]
    MemoryLimit {
        /// The bound that was reached.
        bytes: usize,
    },
}
