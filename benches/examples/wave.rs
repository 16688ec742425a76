//! Transverse Wave (Crosswise AND) on random boards: the generic solver before and after the
//! pruned search (`Method::Mex`, the only method before it, against `Method::Pruned`), and the
//! ruleset's own `WaveSolver`, on the boards of the `transverse_wave` benchmark: each cell
//! purple with probability 0.35 by default, or the probability given first (a trailing `r`
//! redraws all-green rows, the benchmark's hard case), then the sizes.
//!
//! ```text
//! cargo run --release -p grundy-benches --example wave -- 8 12 16 20
//! cargo run --release -p grundy-benches --example wave -- 0.1r 8 12 16
//! ```
#![allow(missing_docs, reason = "an example program")]

use std::time::Instant;

use grundy::{Config, Method, Solver};
use grundy_benches::wave_board;
use grundy_transverse_wave::{CrosswiseAnd, WaveSolver};

/// The seed of the benchmark's boards (board `n` uses `SEED + n`).
const SEED: u64 = 0x7457_6176_6531;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let (purple, redraw) = match args.first().filter(|a| a.contains('.')) {
        Some(spec) => {
            let redraw = spec.ends_with('r');
            let purple = spec.trim_end_matches('r').parse().expect("a probability such as 0.1");
            args.remove(0);
            (purple, redraw)
        }
        None => (0.35, false),
    };
    let sizes: Vec<usize> = args.iter().filter_map(|a| a.parse().ok()).collect();
    let sizes = if sizes.is_empty() { vec![8, 12, 16] } else { sizes };
    println!("purple {purple}, all-green rows redrawn: {redraw}");
    println!(
        "| n | value | WaveSolver s | generic mex s (positions) | generic pruned s (positions) |"
    );
    println!("| --- | --- | --- | --- | --- |");
    for n in sizes {
        let board = wave_board(n, purple, redraw, SEED + n as u64);
        let clock = Instant::now();
        let fast = WaveSolver::new().value(&board).expect("no budget");
        let fast_time = clock.elapsed().as_secs_f64();
        let mut cells = Vec::new();
        for method in [Method::Mex, Method::Pruned] {
            let clock = Instant::now();
            let mut solver =
                Solver::with_config(&CrosswiseAnd, Config::default().with_method(method));
            let value = solver.value(&board).expect("no budget");
            let time = clock.elapsed().as_secs_f64();
            assert_eq!(value, fast, "{method:?} disagrees with WaveSolver on board {n}");
            cells.push(format!("{time:.3} ({})", solver.stats().nodes));
        }
        println!("| {n} | {fast} | {fast_time:.4} | {} | {} |", cells[0], cells[1]);
    }
}
