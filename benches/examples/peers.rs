//! Solves the positions of the igsolve comparison with grundy's generic solver and prints the
//! value and the time, for side-by-side runs with `igsolve` (see `docs/performance.md`).
//!
//! ```text
//! cargo run --release -p grundy-benches --example peers -- cram 4 9
//! cargo run --release -p grundy-benches --example peers -- chomp 10 10 mex
//! cargo run --release -p grundy-benches --example peers -- chomp 11 11 mex 2   # two threads
//! cargo run --release -p grundy-benches --example peers -- plain-cram 5 7      # Config::default()
//! cargo run --release -p grundy-benches --example peers -- plain-cram 5 7 pruned 2
//! ```
//!
//! `plain-cram` is Cram as a user would first write it (`grundy_benches::PlainCram`): moves and
//! play, components as connected regions, the board's symmetries as canonical forms, none of
//! Cram's own reductions, closed forms, move order or word keys; it is solved with
//! `Config::default()` unless a method is named.
#![allow(missing_docs, reason = "an example program")]

use std::time::Instant;

use grundy::{Config, Method, Ruleset, Solver};
use grundy_benches::{Chomp, Cram, PlainCram};

fn solve<R>(game: &R, start: &R::Position, method: Method, threads: usize)
where
    R: Ruleset + Clone + Send + Sync,
    R::Position: Send + Sync,
{
    let clock = Instant::now();
    // The table bound in MiB from GRUNDY_TABLE_MIB (default 1024).
    let mib: usize =
        std::env::var("GRUNDY_TABLE_MIB").ok().and_then(|v| v.parse().ok()).unwrap_or(1024);
    let config = Config::default().with_table_bytes(mib << 20).with_method(method);
    if threads > 1 {
        let mut solver = grundy::solver::ParallelSolver::new(game.clone(), config, threads);
        let value = solver.value(start).expect("no budget");
        let stats = solver.stats();
        let time = clock.elapsed().as_secs_f64();
        println!("value {value}  time {time:.3} s  threads {threads}  {stats:?}");
        return;
    }
    let mut solver = Solver::with_config(game, config);
    let value = solver.value(start).expect("no budget");
    let stats = solver.stats();
    println!("value {value}  time {:.3} s  {stats:?}", clock.elapsed().as_secs_f64());
    println!("table {:?}, entries {}", solver.table_stats(), solver.table_len());
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let method = match args.get(3).map(String::as_str) {
        Some("mex") => Method::Mex,
        _ => Method::Pruned,
    };
    let threads = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(1);
    let num = |i: usize| -> u32 { args.get(i).and_then(|a| a.parse().ok()).expect("rows cols") };
    match args.first().map(String::as_str) {
        Some("cram") => {
            let game = Cram::new(num(1), num(2)).expect("a board of 1 to 64 cells");
            solve(&game, &game.start(), method, threads);
        }
        Some("chomp") => {
            let game = Chomp::new(num(1), num(2)).expect("sides 1 to 15");
            solve(&game, &game.start(), method, threads);
        }
        Some("plain-cram") => {
            let game = PlainCram::new(num(1), num(2)).expect("a board of 1 to 64 cells");
            let start = game.start();
            if threads > 1 {
                solve(&game, &start, method, threads);
                return;
            }
            let config = match args.get(3).map(String::as_str) {
                None => Config::default(),
                Some(_) => Config::default().with_method(method),
            };
            let clock = Instant::now();
            let mut solver = Solver::with_config(&game, config);
            let value = solver.value(&start).expect("no budget");
            println!(
                "value {value}  time {:.3} s  {:?}",
                clock.elapsed().as_secs_f64(),
                solver.stats()
            );
        }
        _ => eprintln!("usage: peers cram|chomp|plain-cram ROWS COLS [mex|pruned] [THREADS]"),
    }
}
