//! How `grundy` ends: its output, its exit statuses, the search limits and Ctrl-C.
//!
//! | status | meaning |
//! | --- | --- |
//! | 0 | success (also when the reader of the output went away: `grundy ... \| head -1`) |
//! | 1 | the output could not be written (other than a closed pipe: a full disk, say) |
//! | 2 | bad input: a position, an option or the command line itself |
//! | 3 | stopped by `--max-nodes`, `--time-limit` or Ctrl-C, after a report of what was proved |
//! | 130 | a second Ctrl-C, or Ctrl-C in a subcommand that does not search |
//!
//! While a search runs, a progress line on stderr (when it is a terminal) tells how many
//! positions were searched: see [`progress`](crate::progress). It is erased before anything
//! else is written.

use std::io::{self, Write as _};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, LazyLock};
use std::time::{Duration, Instant};

use grundy::{Budget, Progress, SolveError};

use crate::progress;

/// The output could not be written.
pub(crate) const WRITE_FAILED: u8 = 1;
/// Bad input, and usage errors (clap's own status for them).
pub(crate) const BAD_INPUT: u8 = 2;
/// A search stopped by its node budget, its time limit or Ctrl-C.
pub(crate) const STOPPED: u8 = 3;
/// Ctrl-C outside a search (or twice): the shell's status of a process killed by SIGINT.
const INTERRUPTED: i32 = 130;

/// The text of `grundy --help` about exit statuses.
pub(crate) const STATUS_HELP: &str = "\
Exit status:
  0    success (also when the output's reader closes the pipe early, as 'head' does)
  1    the output could not be written
  2    bad input: a position, an option or a usage error
  3    a search stopped by --max-nodes, --time-limit or Ctrl-C; what was proved
       before stopping is printed on stderr
  130  Ctrl-C pressed twice, or in a subcommand that does not search";

/// Why a subcommand gave no answer.
#[derive(Debug)]
pub(crate) enum Failure {
    /// The input is wrong: a one-line message.
    BadInput(String),
    /// A limit stopped the search.
    Stopped(Stopped),
}

/// A search that a limit stopped, and what it had proved.
#[derive(Debug)]
pub(crate) struct Stopped {
    /// Which limit, in one line.
    pub(crate) reason: String,
    /// What was proved before stopping, one fact a line.
    pub(crate) proved: Vec<String>,
}

impl From<String> for Failure {
    fn from(message: String) -> Self {
        Failure::BadInput(message)
    }
}

impl From<&str> for Failure {
    fn from(message: &str) -> Self {
        Failure::BadInput(message.to_owned())
    }
}

impl From<Stopped> for Failure {
    fn from(stopped: Stopped) -> Self {
        Failure::Stopped(stopped)
    }
}

/// Writes `text` to stderr; a stderr that cannot be written is ignored (there is nowhere
/// left to complain).
pub(crate) fn complain(text: &str) {
    progress::clear();
    let mut err = io::stderr().lock();
    let _ = err.write_all(text.as_bytes());
    let _ = err.flush();
}

/// Writes the answer to stdout and gives the exit status: a closed pipe is a quiet success.
pub(crate) fn emit(text: &str) -> ExitCode {
    progress::clear();
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            complain(&format!("error: cannot write the output: {e}\n"));
            ExitCode::from(WRITE_FAILED)
        }
    }
}

/// Reports a failure on stderr and gives its exit status.
pub(crate) fn fail(failure: &Failure) -> ExitCode {
    match failure {
        Failure::BadInput(message) => {
            complain(&format!("error: {message}\n"));
            ExitCode::from(BAD_INPUT)
        }
        Failure::Stopped(stopped) => {
            let mut text = format!("error: {}\n", stopped.reason);
            if !stopped.proved.is_empty() {
                text.push_str("proved before stopping:\n");
                for line in &stopped.proved {
                    text.push_str("  ");
                    text.push_str(line);
                    text.push('\n');
                }
            }
            complain(&text);
            ExitCode::from(STOPPED)
        }
    }
}

/// The flag Ctrl-C sets while a search runs; every budget of the program watches it.
static CANCEL: LazyLock<Arc<AtomicBool>> = LazyLock::new(Arc::default);
/// Whether the running subcommand searches under a budget that watches [`CANCEL`].
static SEARCHING: AtomicBool = AtomicBool::new(false);

/// Installs the Ctrl-C handler: while a search runs the first Ctrl-C stops it (exit status 3
/// after the report); otherwise, or at the second, the program ends at once with 130.
///
/// When no handler can be installed, Ctrl-C keeps its default effect (the shell reports 130).
pub(crate) fn install_ctrl_c() {
    let cancel = Arc::clone(&CANCEL);
    let _ = ctrlc::set_handler(move || {
        if !SEARCHING.load(Ordering::SeqCst) || cancel.swap(true, Ordering::SeqCst) {
            progress::clear();
            std::process::exit(INTERRUPTED);
        }
    });
}

/// Tells whether what runs now is a search that Ctrl-C stops through [`CANCEL`] (else Ctrl-C
/// ends the program at once).
pub(crate) fn set_searching(searching: bool) {
    SEARCHING.store(searching, Ordering::SeqCst);
}

/// Whether Ctrl-C has asked the search to stop (for loops outside the library's budgets).
pub(crate) fn cancelled() -> bool {
    CANCEL.load(Ordering::Relaxed)
}

/// A number of seconds, such as `2` or `0.25`, as a [`Duration`].
pub(crate) fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 =
        text.trim().parse().map_err(|_| format!("'{text}' is not a number of seconds"))?;
    if seconds.is_nan() || seconds <= 0.0 {
        return Err(format!("'{text}': the time limit must be positive"));
    }
    Duration::try_from_secs_f64(seconds).map_err(|_| format!("'{text}': too many seconds"))
}

/// The default of `--table-mib`.
pub(crate) const DEFAULT_TABLE_MIB: usize = 512;
/// The largest `--table-mib`: a tebibyte.
pub(crate) const MAX_TABLE_MIB: usize = 1 << 20;

/// A memory bound in MiB, from 1 to [`MAX_TABLE_MIB`].
pub(crate) fn parse_table_mib(text: &str) -> Result<usize, String> {
    let mib: usize = text.trim().parse().map_err(|_| {
        format!("'{text}' is not a whole number of MiB (the table's memory bound, e.g. 512)")
    })?;
    if mib == 0 || mib > MAX_TABLE_MIB {
        return Err(format!(
            "'{text}': the table's memory bound must be from 1 to {MAX_TABLE_MIB} MiB"
        ));
    }
    Ok(mib)
}

/// `--max-nodes`, `--time-limit` and `--table-mib`, as the position subcommands take them.
#[derive(Clone, Copy, Debug, clap::Args)]
pub(crate) struct LimitArgs {
    /// Give up after searching this many positions, counted over the whole command
    /// [default: no limit]
    #[arg(long, value_name = "N")]
    pub(crate) max_nodes: Option<u64>,
    /// Give up after this many seconds, fractions allowed (e.g. 2.5) [default: no limit]
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub(crate) time_limit: Option<Duration>,
    /// The memory bound of the solver's table of proved positions, in MiB (1 to 1048576)
    #[arg(long, value_name = "MIB", default_value_t = DEFAULT_TABLE_MIB, value_parser = parse_table_mib)]
    pub(crate) table_mib: usize,
}

/// The limits of one command, with the clock started, and the progress every budget of the
/// command reports to (shown on stderr while the limits live, when it is a terminal).
#[derive(Debug)]
pub(crate) struct Limits {
    max_nodes: Option<u64>,
    time_limit: Option<Duration>,
    table_mib: usize,
    started: Instant,
    progress: Arc<Progress>,
    /// The progress line, erased when the limits are dropped at the end of the subcommand.
    _line: Option<progress::Line>,
}

impl Limits {
    /// Starts the clock of `args`, and makes Ctrl-C stop the search.
    ///
    /// The progress line starts too (shown after a second, on a terminal only).
    pub(crate) fn start(args: LimitArgs) -> Limits {
        Limits { table_mib: args.table_mib, ..Limits::new(args.max_nodes, args.time_limit) }
    }

    /// Starts the clock of the given limits (and a table of [`DEFAULT_TABLE_MIB`]), makes
    /// Ctrl-C stop the search, and starts the progress line.
    pub(crate) fn new(max_nodes: Option<u64>, time_limit: Option<Duration>) -> Limits {
        set_searching(true);
        let progress = Arc::new(Progress::new());
        let line = progress::Line::start(Arc::clone(&progress));
        Limits {
            max_nodes,
            time_limit,
            table_mib: DEFAULT_TABLE_MIB,
            started: Instant::now(),
            progress,
            _line: line,
        }
    }

    /// Starts the clock of a time limit, leaving Ctrl-C as it is: for computations that mark
    /// their own interruptible parts with [`set_searching`]. They count no positions, so no
    /// progress line is shown.
    pub(crate) fn clock(time_limit: Option<Duration>) -> Limits {
        Limits {
            max_nodes: None,
            time_limit,
            table_mib: DEFAULT_TABLE_MIB,
            started: Instant::now(),
            progress: Arc::new(Progress::new()),
            _line: None,
        }
    }

    /// The memory bound of the solver's table in bytes (`--table-mib`, 512 MiB by default),
    /// saturating at `usize::MAX` where a tebibyte does not fit.
    pub(crate) fn table_bytes(&self) -> usize {
        self.table_mib.saturating_mul(1 << 20)
    }

    /// The progress every budget of the command reports to.
    pub(crate) fn progress(&self) -> &Arc<Progress> {
        &self.progress
    }

    /// The budget of the next solver call when `used` positions have been searched so far:
    /// what is left of the node and time limits, the Ctrl-C flag, and the command's progress.
    pub(crate) fn budget(&self, used: u64) -> Budget {
        let mut budget = Budget::unlimited()
            .with_cancel_flag(Arc::clone(&CANCEL))
            .with_progress(Arc::clone(&self.progress));
        if let Some(n) = self.max_nodes {
            budget = budget.with_max_nodes(n.saturating_sub(used));
        }
        if let Some(limit) = self.time_limit {
            budget = budget.with_time_limit(limit.saturating_sub(self.started.elapsed()));
        }
        budget
    }

    /// Whether the time limit has passed or Ctrl-C was pressed (for loops outside the
    /// library's budgets).
    pub(crate) fn expired(&self) -> Option<SolveError> {
        if cancelled() {
            return Some(SolveError::Cancelled);
        }
        match self.time_limit {
            Some(limit) if self.started.elapsed() >= limit => Some(SolveError::TimeLimit { limit }),
            _ => None,
        }
    }

    /// The report of a search stopped by `error`, with what was `proved`.
    pub(crate) fn stopped(&self, error: &SolveError, proved: Vec<String>) -> Stopped {
        let reason = match (error, self.max_nodes, self.time_limit) {
            (SolveError::NodeLimit { .. }, Some(n), _) => {
                format!("stopped: more than {n} positions searched (raise --max-nodes)")
            }
            (SolveError::TimeLimit { .. }, _, Some(limit)) => format!(
                "stopped: time limit of {} s reached (raise --time-limit)",
                limit.as_secs_f64()
            ),
            (SolveError::Cancelled, _, _) => "stopped by Ctrl-C".to_owned(),
            (SolveError::MemoryLimit { bytes }, _, _) => format!(
                "stopped: {} MiB of games that the search cannot forget (a quarter of \
                 --table-mib for partizan games): raise --table-mib",
                bytes >> 20
            ),
            (other, _, _) => format!("stopped: {other}"),
        };
        Stopped { reason, proved }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_may_be_fractional_and_must_be_positive() {
        assert_eq!(parse_seconds("2.5"), Ok(Duration::from_millis(2500)));
        assert_eq!(parse_seconds("3"), Ok(Duration::from_secs(3)));
        for bad in ["0", "-1", "x", "NaN", "inf", "1e300", ""] {
            assert!(parse_seconds(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn budgets_share_what_is_left_of_the_limits() {
        let limits = Limits::new(Some(100), Some(Duration::from_secs(3600)));
        let budget = limits.budget(30);
        assert_eq!(budget.max_nodes(), Some(70));
        assert!(budget.time_limit().is_some_and(|t| t <= Duration::from_secs(3600)));
        assert_eq!(limits.budget(500).max_nodes(), Some(0));
        let none = Limits::new(None, None).budget(0);
        assert_eq!((none.max_nodes(), none.time_limit()), (None, None));
    }

    #[test]
    fn every_budget_reports_to_the_command_progress() {
        let limits = Limits::new(Some(100), None);
        let (first, second) = (limits.budget(0), limits.budget(50));
        for budget in [&first, &second] {
            assert!(budget.progress().is_some_and(|p| Arc::ptr_eq(p, limits.progress())));
        }
        first.report_nodes(3);
        second.report_nodes(4);
        assert_eq!(limits.progress().nodes(), 7);
        // Another command (another `Limits`) counts afresh.
        assert_eq!(Limits::clock(None).budget(0).progress().map(|p| p.nodes()), Some(0));
    }

    #[test]
    fn the_table_bound_is_whole_mib_within_reason() {
        assert_eq!(parse_table_mib("512"), Ok(512));
        assert_eq!(parse_table_mib(" 1 "), Ok(1));
        assert_eq!(parse_table_mib("1048576"), Ok(MAX_TABLE_MIB));
        for bad in ["0", "-1", "1048577", "1e3", "2.5", "x", "", "99999999999999999999999"] {
            assert!(parse_table_mib(bad).is_err(), "{bad}");
        }
        assert!(parse_table_mib("0").is_err_and(|e| e.contains("from 1 to 1048576 MiB")));
        let limits = Limits::start(LimitArgs { max_nodes: None, time_limit: None, table_mib: 64 });
        assert_eq!(limits.table_bytes(), 64 << 20);
        assert_eq!(Limits::new(None, None).table_bytes(), 512 << 20);
    }
}
