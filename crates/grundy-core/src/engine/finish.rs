//! The finish line of a parallel search's race, for engine authors: grundy-core's parallel
//! search and grundy-node-kayles's use it.
//!
//! Workers that each compute the same exact answer run at once, on threads the caller
//! starts. Each worker crosses the line with its result. The first answer wins and raises
//! the stop flag, which the others read and give up (with an error). The main worker (number
//! 0) raises the flag whatever its result: its error (its budget ran out, say) stops the
//! race, and is the race's result unless another worker had answered.
//!
//! ```
//! use std::sync::atomic::{AtomicBool, Ordering};
//! use grundy_core::engine::finish::FinishLine;
//!
//! let stop = AtomicBool::new(false);
//! let line = FinishLine::new(3, &stop);
//! std::thread::scope(|scope| {
//!     for worker in 1..3 {
//!         let line = &line;
//!         scope.spawn(move || line.cross(worker, if worker == 2 { Ok(7) } else { Err("stopped") }));
//!     }
//!     line.cross(0, Err("over budget"));
//! });
//! assert!(stop.load(Ordering::Relaxed));
//! let (answer, results) = line.results("never finished");
//! assert_eq!(answer, Ok(7), "a helper's answer beats the main worker's error");
//! assert_eq!(results, [Err("over budget"), Err("stopped"), Ok(7)]);
//! ```

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};

/// Where the workers of a race leave their results (see the [module](self)).
#[derive(Debug)]
pub struct FinishLine<'a, T, E> {
    stop: &'a AtomicBool,
    /// Each worker's result, once it crossed.
    results: Mutex<Vec<Option<Result<T, E>>>>,
    /// The worker whose result is the answer so far, and whether that result is an answer.
    winner: Mutex<Option<(usize, bool)>>,
}

impl<'a, T: Clone, E: Clone> FinishLine<'a, T, E> {
    /// The line of a race of `workers` workers that stop when `stop` is raised.
    pub fn new(workers: usize, stop: &'a AtomicBool) -> Self {
        FinishLine {
            stop,
            results: Mutex::new((0..workers).map(|_| None).collect()),
            winner: Mutex::new(None),
        }
    }

    /// Worker `worker` finished with `result`. An answer (`Ok`), or any result of worker 0,
    /// raises the stop flag once the result is recorded: a worker that sees the flag raised
    /// may take it that the race's result is already in. Returns whether `result` was an
    /// answer.
    ///
    /// # Panics
    ///
    /// If `worker` is not below the number of workers of [`new`](Self::new).
    pub fn cross(&self, worker: usize, result: Result<T, E>) -> bool {
        let ok = result.is_ok();
        self.results.lock().unwrap_or_else(PoisonError::into_inner)[worker] = Some(result);
        if ok || worker == 0 {
            let mut won = self.winner.lock().unwrap_or_else(PoisonError::into_inner);
            // The first answer wins; the main worker's error stands only while no one answered.
            if won.is_none_or(|(_, won_ok)| !won_ok && ok) {
                *won = Some((worker, ok));
            }
            self.stop.store(true, Ordering::Relaxed);
        }
        ok
    }

    /// The race's result (the winner's: the first answer, or else worker 0's result) and
    /// every worker's result, `missing` for a worker that never crossed (and as the race's
    /// result when worker 0 did not cross and no one answered).
    pub fn results(self, missing: E) -> (Result<T, E>, Vec<Result<T, E>>) {
        let winner = self.winner.into_inner().unwrap_or_else(PoisonError::into_inner);
        let results: Vec<Result<T, E>> = self
            .results
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner)
            .into_iter()
            .map(|r| r.unwrap_or_else(|| Err(missing.clone())))
            .collect();
        let answer = winner.map_or(Err(missing), |(worker, _)| results[worker].clone());
        (answer, results)
    }
}
