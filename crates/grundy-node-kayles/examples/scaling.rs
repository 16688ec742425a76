//! Times the solver on random graphs G(n, p) with average degree d:
//! `cargo run --release -p grundy-node-kayles --example scaling -- N D FIRST_SEED LAST_SEED [value|outcome] [THREADS] [nk|sets] [--cap=SECONDS]`.
//!
//! The last argument picks the ruleset: `nk` (the default) is [`NodeKaylesSolver`], which
//! searches graphs of at most 64 vertices as [`NodeKayles64`] (positions as words), and
//! `sets` is the same search on [`NodeKayles`] (positions as vertex sets, as on graphs of
//! more than 64 vertices). Both use grundy-core's default configuration.
//!
//! `... --example scaling -- petersen|grid4x5|grid5x5|grid4x8 [value|outcome] [--cap=SECONDS]`
//! solves one structured graph instead, on one thread.
//!
//! Prints, per seed, the answer, the wall-clock time, the processor time of this process (on
//! Linux; it excludes the time spent waiting on a loaded machine) and the solver's counters,
//! then the median, 90th percentile (the ⌈0.9 n⌉-th smallest), maximum and sum of the times
//! and the peak resident memory. With `--cap=SECONDS`, each solve is stopped by the
//! solver's time limit after that long: a seed stopped so counts as slower than every
//! seed that finished, and a figure that falls on one is printed as `>SECONDS`.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use grundy_core::solver::ParallelSolver;
use grundy_core::{Budget, Config, Stats};
use grundy_graph::Graph;
use grundy_node_kayles::{NodeKayles, NodeKaylesSolver};
use grundy_testkit::random;

/// G(n, p) with p = d / (n - 1), from `seed`: grundy-testkit's seeded generator, the one the
/// benchmarks use.
fn random_graph(n: usize, d: f64, seed: u64) -> Result<Graph, String> {
    let edges = random::edges_with_average_degree(n, d, &mut random::rng(seed));
    Graph::from_edges(n, edges).map_err(|e| format!("no graph of {n} vertices: {e}"))
}

/// Processor time (user and system) of this process so far, in seconds, from
/// `/proc/self/stat` (0 where that is not available). Clock ticks are taken as 1/100 s.
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else { return 0.0 };
    // The fields after the command name, which is in parentheses.
    let Some(rest) = stat.rsplit(')').next() else { return 0.0 };
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok()).unwrap_or(0.0);
    // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name.
    (ticks(11) + ticks(12)) / 100.0
}

/// The peak resident memory of this process in MiB, from `/proc/self/status`.
fn peak_rss_mib() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

/// Sorts `xs` and returns their median (the mean of the two middle ones when there are an
/// even number).
fn median(xs: &mut [f64]) -> f64 {
    xs.sort_by(f64::total_cmp);
    let n = xs.len();
    if n % 2 == 1 { xs[n / 2] } else { (xs[n / 2 - 1] + xs[n / 2]) / 2.0 }
}

/// The structured graph named `name`, if it is one.
fn structured(name: &str) -> Option<Graph> {
    match name {
        "petersen" => Some(Graph::petersen()),
        "grid4x5" => Some(Graph::grid(4, 5)),
        "grid5x5" => Some(Graph::grid(5, 5)),
        "grid4x8" => Some(Graph::grid(4, 8)),
        _ => None,
    }
}

/// The answer of `$solver` (a `NodeKaylesSolver` or a `ParallelSolver`) about `$position`,
/// its value or outcome by `$mode`, as text, with its counters.
macro_rules! solve {
    ($solver:expr, $position:expr, $mode:expr) => {{
        let mut solver = $solver;
        let answer = if $mode == "outcome" {
            solver.outcome($position).map(|o| format!("{o:?}"))
        } else {
            solver.value($position).map(|v| format!("{v}"))
        };
        (answer, counters(solver.stats(), solver.table_len()))
    }};
}

/// The counters of a solver, as `key=value` fields.
fn counters(s: Stats, entries: usize) -> String {
    format!(
        "nodes={} entries={entries} known={} hits={}/{}",
        s.nodes, s.known_values, s.table_hits, s.table_lookups
    )
}

/// The argument `i` parsed, `default` when it is absent.
fn arg<T: std::str::FromStr>(args: &[String], i: usize, default: T) -> Result<T, String> {
    args.get(i).map_or(Ok(default), |a| a.parse().map_err(|_| format!("bad argument {i}: {a:?}")))
}

fn main() -> ExitCode {
    let mut out = io::stdout().lock();
    let Err(e) = run(&mut out) else { return ExitCode::SUCCESS };
    match e.downcast_ref::<io::Error>() {
        // A closed pipe (`| head`) ends the run quietly.
        Some(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Some(e) => {
            eprintln!("scaling: {e}");
            ExitCode::FAILURE
        }
        None => {
            eprintln!("scaling: {e}");
            ExitCode::from(2)
        }
    }
}

/// Solves what the arguments ask and writes the figures; a bad argument is an error other than
/// an [`io::Error`].
fn run(out: &mut impl Write) -> Result<(), Box<dyn std::error::Error>> {
    let (flags, args): (Vec<String>, Vec<String>) =
        std::env::args().partition(|a| a.starts_with("--"));
    let cap: Option<f64> = match flags.iter().find_map(|f| f.strip_prefix("--cap=")) {
        Some(seconds) => Some(
            seconds.parse().map_err(|_| format!("--cap=SECONDS takes seconds, not {seconds:?}"))?,
        ),
        None => None,
    };
    let mut config = Config::default();
    if let Some(cap) = cap {
        config =
            config.with_budget(Budget::unlimited().with_time_limit(Duration::from_secs_f64(cap)));
    }
    if let Some(g) = args.get(1).and_then(|name| structured(name)) {
        let mode = args.get(2).map_or("value", String::as_str).to_string();
        let game = NodeKayles::new(g);
        let start = Instant::now();
        let solver = NodeKaylesSolver::with_config(&game, config);
        let (answer, counters) = solve!(solver, &game.start(), mode);
        let answer = answer.unwrap_or_else(|e| format!("none ({e})"));
        writeln!(
            out,
            "{} {mode}={answer} time={:.4}s {counters}",
            args[1],
            start.elapsed().as_secs_f64()
        )?;
        return Ok(());
    }
    let n: usize = arg(&args, 1, 50)?;
    let d: f64 = arg(&args, 2, 3.0)?;
    let first: u64 = arg(&args, 3, 1)?;
    let last: u64 = arg(&args, 4, 5)?;
    let mode = args.get(5).map_or("value", String::as_str).to_string();
    let threads: usize = arg(&args, 6, 1)?;
    if first > last || d.is_nan() || d < 0.0 {
        return Err(format!("no graphs to solve: n={n} d={d} seeds {first}..={last}").into());
    }
    let engine = args.get(7).map_or("nk", String::as_str).to_string();
    let mut times = Vec::new();
    let mut cpus = Vec::new();
    for seed in first..=last {
        let g = random_graph(n, d, seed)?;
        let game = NodeKayles::new(g);
        let start = Instant::now();
        let cpu = cpu_seconds();
        let position = game.start();
        let (answer, counters) = if engine == "sets" {
            solve!(ParallelSolver::new(&game, config.clone(), threads), &position, mode)
        } else {
            solve!(NodeKaylesSolver::parallel(&game, config.clone(), threads), &position, mode)
        };
        let t = start.elapsed().as_secs_f64();
        let c = cpu_seconds() - cpu;
        match answer {
            Ok(answer) => {
                times.push(t);
                writeln!(
                    out,
                    "n={n} d={d} seed={seed} {mode}={answer} time={t:.3}s cpu={c:.2}s {counters}"
                )?;
            }
            Err(e) => {
                times.push(f64::INFINITY);
                writeln!(
                    out,
                    "n={n} d={d} seed={seed} {mode}=stopped ({e}) time={t:.3}s cpu={c:.2}s {counters}"
                )?;
            }
        }
        cpus.push(c);
    }
    let finished: Vec<f64> = times.iter().copied().filter(|t| t.is_finite()).collect();
    let stopped = times.len() - finished.len();
    let shown = |t: f64| {
        if t.is_finite() { format!("{t:.3}s") } else { format!(">{}s", cap.unwrap_or(0.0)) }
    };
    times.sort_by(f64::total_cmp);
    let p90 = times[(times.len() * 9).div_ceil(10).max(1) - 1];
    writeln!(
        out,
        "median {} p90 {} max {}; sum {:.2}s of {} finished, {stopped} stopped; cpu median {:.2}s max {:.2}s; peak memory {:.0} MiB",
        shown(median(&mut times)),
        shown(p90),
        shown(times[times.len() - 1]),
        finished.iter().sum::<f64>(),
        finished.len(),
        median(&mut cpus),
        cpus[cpus.len() - 1],
        peak_rss_mib()
    )?;
    Ok(())
}
