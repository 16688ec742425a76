//! Measures whether a solver keeps to its table memory bound: runs one long solve of an engine
//! under a bound of `MIB` MiB and a time limit, then prints the process's peak resident set
//! size (`VmHWM` of `/proc/self/status`, Linux only) next to the bound.
//!
//! ```text
//! table_rss ENGINE MIB [SECONDS]
//! ENGINE: core | node-kayles | transverse-wave | partizan
//! ```
//!
//! The output is one line of `key=value` fields:
//! `engine=core bound_mib=64 seconds=3 baseline_kib=2048 peak_kib=70000 outcome=time-limit`,
//! where `baseline_kib` is the resident size just before the solver is made (the binary, the
//! allocator and the game) and `peak_kib` the peak over the whole run. The solves:
//!
//! - `core`: grundy-core's [`Solver`] (method Pruned) on the value of empty 7 × 7 Cram
//!   ([`grundy_benches::Cram`]), bounded by [`Config::with_table_bytes`];
//! - `node-kayles`: [`NodeKaylesSolver`] on the value of a random graph of 90 vertices and
//!   average degree 3, bounded by [`Config::with_table_bytes`];
//! - `transverse-wave`: [`WaveSolver`] on the value of a random 40 × 40 Crosswise AND board
//!   (each cell purple with probability 0.35), bounded by [`Config::with_table_bytes`];
//! - `partizan`: grundy-partizan's [`PartizanSolver`] on the canonical form of the empty
//!   8 × 8 Domineering board ([`grundy_benches::Domineering`]), bounded by
//!   [`PartizanSolver::with_table_bytes`] (the table and the store's memos; the store's games
//!   are not bounded).
//!
//! Exit status 0 after a measurement (whether the solve finished or hit its time limit), 2 on
//! bad arguments or where `/proc/self/status` cannot be read.

use std::process::ExitCode;
use std::time::Duration;

use grundy::node_kayles::{NodeKayles, NodeKaylesSolver};
use grundy::partizan::solve::Solver as PartizanSolver;
use grundy::transverse_wave::WaveSolver;
use grundy::{Budget, Config, Method, SolveError, Solver};
use grundy_benches::{Board, Cram, Domineering, random_board, random_graph};

/// The engines measured, by their command-line names.
const ENGINES: [&str; 4] = ["core", "node-kayles", "transverse-wave", "partizan"];

/// Why a run could not measure.
#[derive(Debug, thiserror::Error)]
enum RssError {
    #[error("usage: table_rss ENGINE MIB [SECONDS]  (ENGINE: {})", ENGINES.join(" | "))]
    Usage,
    #[error("unknown engine {0:?} (one of: {engines})", engines = ENGINES.join(", "))]
    Engine(String),
    #[error("bad number {0:?}")]
    Number(String),
    #[error("cannot read the peak resident size: {0}")]
    Proc(String),
    #[error("the board cannot be made: {0}")]
    Board(String),
}

/// A field (in kiB) of `/proc/self/status`, such as `VmHWM` or `VmRSS`.
fn status_kib(field: &str) -> Result<u64, RssError> {
    let status = std::fs::read_to_string("/proc/self/status")
        .map_err(|e| RssError::Proc(format!("/proc/self/status: {e}")))?;
    status
        .lines()
        .find_map(|line| line.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
        .ok_or_else(|| RssError::Proc(format!("no {field} line")))
}

/// What the solve came to, for the output line.
fn describe<T: std::fmt::Debug>(result: &Result<T, SolveError>) -> String {
    match result {
        Ok(v) => format!("solved:{v:?}").replace(' ', ""),
        Err(SolveError::TimeLimit { .. }) => "time-limit".to_owned(),
        Err(e) => format!("error:{e}").replace(' ', "_"),
    }
}

/// Runs one engine's solve under `bytes` and `budget`; returns what it came to.
fn solve(engine: &str, bytes: usize, budget: Budget) -> Result<String, RssError> {
    Ok(match engine {
        "core" => {
            let cram = Cram::new(7, 7).expect("49 cells fit in a word");
            let config = Config::default()
                .with_method(Method::Pruned)
                .with_table_bytes(bytes)
                .with_budget(budget);
            let mut solver = Solver::with_config(&cram, config);
            describe(&solver.value(&cram.start()))
        }
        "node-kayles" => {
            let game = NodeKayles::new(random_graph(90, 3.0, 1));
            let config = Config::default().with_table_bytes(bytes).with_budget(budget);
            let mut solver = NodeKaylesSolver::with_config(&game, config);
            describe(&solver.value(&game.start()))
        }
        "transverse-wave" => {
            let board = random_board(40, 0.35, false, 1);
            let config = Config::default().with_table_bytes(bytes).with_budget(budget);
            let mut solver = WaveSolver::with_config(config);
            describe(&solver.value(&board))
        }
        "partizan" => {
            let board = Board::empty(8, 8).map_err(|e| RssError::Board(e.to_string()))?;
            let mut solver =
                PartizanSolver::new(&Domineering).with_table_bytes(bytes).with_budget(budget);
            describe(&solver.canonical_form(&board).map(|_| "canonical form"))
        }
        other => return Err(RssError::Engine(other.to_owned())),
    })
}

fn run() -> Result<String, RssError> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (engine, mib, seconds) = match args.as_slice() {
        [engine, mib] => (engine, mib, "3"),
        [engine, mib, seconds] => (engine, mib, seconds.as_str()),
        _ => return Err(RssError::Usage),
    };
    if !ENGINES.contains(&engine.as_str()) {
        return Err(RssError::Engine(engine.clone()));
    }
    let bound_mib: usize = mib.parse().map_err(|_| RssError::Number(mib.clone()))?;
    let bytes = bound_mib.checked_mul(1 << 20).ok_or_else(|| RssError::Number(mib.clone()))?;
    let secs: f64 = seconds
        .parse()
        .ok()
        .filter(|s: &f64| s.is_finite() && *s > 0.0 && *s < 86_400.0)
        .ok_or_else(|| RssError::Number(seconds.to_owned()))?;
    let baseline = status_kib("VmRSS")?;
    let budget = Budget::unlimited().with_time_limit(Duration::from_secs_f64(secs));
    let outcome = solve(engine, bytes, budget)?;
    let peak = status_kib("VmHWM")?;
    Ok(format!(
        "engine={engine} bound_mib={bound_mib} seconds={secs} baseline_kib={baseline} \
         peak_kib={peak} outcome={outcome}"
    ))
}

fn main() -> ExitCode {
    match run() {
        Ok(line) => {
            println!("{line}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("table_rss: {e}");
            ExitCode::from(2)
        }
    }
}
