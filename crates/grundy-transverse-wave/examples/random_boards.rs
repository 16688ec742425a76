//! Time and states of the fast solver on the random boards of the benchmark
//! (`benches/benches/transverse_wave.rs`: same generator, same seed), and of the generic
//! solver on the smaller ones.
//!
//! ```sh
//! cargo run --release -p grundy-transverse-wave --example random_boards
//! ```
//!
//! Prints, per density and size, the median time of five solves (each with a fresh solver)
//! and the states the solver expanded. Then the generic solver before and after the pruned
//! search (`Method::Mex`, the only method before it, and `Method::Pruned`) on boards of the
//! same generator, each checked against the fast solver; `-- generic` prints that table only.
//! `--features rayon -- parallel` times larger boards on one thread and on two.

use std::time::{Duration, Instant};

use grundy_core::{Config, Method, Solver};
use grundy_testkit::random;
use grundy_transverse_wave::{BoolMatrix, CrosswiseAnd, WaveSolver};

/// The benchmark's boards (`grundy_benches::random_board`, the same draws from grundy-testkit's
/// seeded generator): each cell purple with probability `purple`; with `redraw`, rows that
/// come out all green are drawn again.
fn board(n: usize, purple: f64, redraw: bool, seed: u64) -> BoolMatrix {
    let mut rng = random::rng(seed);
    let rows = if redraw {
        random::bits_without_full_rows(n, n, 1.0 - purple, &mut rng)
    } else {
        random::bits(n, n, 1.0 - purple, &mut rng)
    };
    BoolMatrix::from_fn(n, n, |r, c| rows[r][c])
}

const SEED: u64 = 0x7457_6176_6531;

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    match std::env::args().nth(1).as_deref() {
        Some("parallel") => return parallel(),
        Some("generic") => {}
        _ => fast_solver()?,
    }
    generic_solver()
}

/// `-- parallel` (feature `rayon`): the value of larger boards on one thread and on two,
/// medians of three solves.
#[cfg(feature = "rayon")]
fn parallel() -> Result<(), Box<dyn std::error::Error>> {
    println!("| purple | n | value | one thread | two threads |");
    println!("| --- | --- | --- | --- | --- |");
    let only: Option<usize> = std::env::args().nth(2).and_then(|a| a.parse().ok());
    let boards = [(0.2, 24), (0.2, 28), (0.25, 28), (0.25, 32), (0.2, 32)];
    for (i, (purple, n)) in boards.into_iter().enumerate() {
        if only.is_some_and(|o| o != i) {
            continue;
        }
        let m = board(n, purple, false, SEED + n as u64);
        let config = Config::default();
        let mut cells = Vec::new();
        let mut value = None;
        for threads in [1, 2] {
            let mut times = Vec::new();
            for _ in 0..if only.is_some() { 1 } else { 3 } {
                let t = Instant::now();
                let v = WaveSolver::par_value(&m, &config, threads)?;
                times.push(t.elapsed());
                assert!(value.is_none_or(|w| w == v), "threads disagree on board {n}");
                value = Some(v);
            }
            cells.push(format!("{:.2?}", median(times)));
        }
        println!("| {purple} | {n} | {} | {} | {} |", value.expect("solved"), cells[0], cells[1]);
    }
    Ok(())
}

#[cfg(not(feature = "rayon"))]
fn parallel() -> Result<(), Box<dyn std::error::Error>> {
    Err("the parallel search needs the feature rayon: --features rayon".into())
}

fn fast_solver() -> Result<(), Box<dyn std::error::Error>> {
    let cases: [(f64, bool, &str, &[usize]); 4] = [
        (0.35, false, "0.35", &[8, 12, 16, 20, 24, 28, 32]),
        (0.2, false, "0.2", &[8, 12, 16, 20, 24, 28]),
        (0.1, false, "0.1", &[8, 12, 16, 20, 24, 28, 32]),
        (0.1, true, "0.1 no green row", &[8, 12, 16, 20, 24, 28]),
    ];
    println!("| purple | n | value | value time | states | outcome | outcome time | states |");
    println!("| --- | --- | --- | --- | --- | --- | --- | --- |");
    for (purple, redraw, name, sizes) in cases {
        for &n in sizes {
            let m = board(n, purple, redraw, SEED + n as u64);
            let (mut tv, mut to) = (Vec::new(), Vec::new());
            let (mut value, mut outcome) = (None, None);
            let (mut sv, mut so) = (0, 0);
            for _ in 0..5 {
                let mut s = WaveSolver::new();
                let t = Instant::now();
                value = Some(s.value(&m)?);
                tv.push(t.elapsed());
                sv = s.stats().nodes;
                let mut s = WaveSolver::new();
                let t = Instant::now();
                outcome = Some(s.outcome(&m)?);
                to.push(t.elapsed());
                so = s.stats().nodes;
            }
            println!(
                "| {name} | {n} | {} | {:.2?} | {sv} | {:?} | {:.2?} | {so} |",
                value.expect("solved"),
                median(tv),
                outcome.expect("solved"),
                median(to)
            );
        }
    }
    println!();
    Ok(())
}

/// The generic solver with each method against the fast solver, one solve each.
fn generic_solver() -> Result<(), Box<dyn std::error::Error>> {
    let boards = [(0.35, false, 20), (0.35, false, 24), (0.35, false, 28), (0.2, false, 24)];
    let boards = boards.into_iter().chain([(0.1, true, 24)]);
    println!("| purple | n | value | WaveSolver | generic mex (nodes) | generic pruned (nodes) |");
    println!("| --- | --- | --- | --- | --- | --- |");
    for (purple, redraw, n) in boards {
        let m = board(n, purple, redraw, SEED + n as u64);
        let t = Instant::now();
        let fast = WaveSolver::new().value(&m)?;
        let fast_time = t.elapsed();
        let mut cells = Vec::new();
        for method in [Method::Mex, Method::Pruned] {
            let mut s = Solver::with_config(&CrosswiseAnd, Config::default().with_method(method));
            let t = Instant::now();
            let v = s.value(&m)?;
            assert_eq!(v, fast, "{method:?} against the fast solver on board {n}");
            cells.push(format!("{:.2?} ({})", t.elapsed(), s.stats().nodes));
        }
        let name = if redraw { format!("{purple} no green row") } else { purple.to_string() };
        println!("| {name} | {n} | {fast} | {fast_time:.2?} | {} | {} |", cells[0], cells[1]);
    }
    Ok(())
}
