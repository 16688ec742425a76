//! The canonical form of an empty Domineering rectangle with grundy-partizan's solver, for
//! side-by-side runs with the `cgt` crate (`benches/scripts/partizan_vs_cgt.sh`, see
//! `docs/performance.md`).
//!
//! ```text
//! cargo run --release -p grundy-benches --example domineering -- 5 5
//! cargo run --release -p grundy-benches --example domineering -- 4 6 --check '{...}'
//! ```
//!
//! Prints `value <canonical form>` and `time <seconds> s` (the solve only, not process start).
//! With `--check VALUE`, also parses `VALUE` (another tool's answer, in CGSuite's notation)
//! into the same store and prints `check equal` or `check DIFFERENT`, exiting 1 on a difference.
#![allow(missing_docs, reason = "an example program")]

use std::process::ExitCode;
use std::time::Instant;

use grundy_benches::{Board, Domineering};
use grundy_partizan::solve::Solver;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let side = |i: usize| args.get(i).and_then(|a| a.parse::<usize>().ok());
    let (Some(rows), Some(cols)) = (side(0), side(1)) else {
        eprintln!("usage: domineering ROWS COLS [--check VALUE]");
        return ExitCode::from(2);
    };
    let board = match Board::empty(rows, cols) {
        Ok(board) => board,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let clock = Instant::now();
    let mut solver = Solver::new(&Domineering);
    let Ok(g) = solver.canonical_form(&board) else { unreachable!("no budget") };
    let secs = clock.elapsed().as_secs_f64();
    let stats = solver.stats();
    println!("value {}", solver.store().display(g));
    println!(
        "time {secs:.4} s  nodes {}  table {}  games {}",
        stats.nodes,
        solver.table_len(),
        solver.store().len()
    );
    if args.get(2).map(String::as_str) == Some("--check") {
        let Some(text) = args.get(3) else {
            eprintln!("--check needs a value");
            return ExitCode::from(2);
        };
        match solver.store_mut().parse(text) {
            Ok(h) if h == g => println!("check equal"),
            Ok(_) => {
                println!("check DIFFERENT");
                return ExitCode::from(1);
            }
            Err(e) => {
                eprintln!("cannot read the value to check: {e}");
                return ExitCode::from(2);
            }
        }
    }
    ExitCode::SUCCESS
}
