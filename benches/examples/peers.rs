//! Solves the positions of the igsolve comparison with grundy's generic solver and prints the
//! value and the time, for side-by-side runs with `igsolve` (see `docs/performance.md`).
//!
//! ```text
//! cargo run --release -p grundy-benches --example peers -- cram 4 9
//! cargo run --release -p grundy-benches --example peers -- chomp 10 10 mex
//! cargo run --release -p grundy-benches --example peers -- chomp 11 11 mex 2   # two threads
//! cargo run --release -p grundy-benches --example peers -- plain-cram 5 7      # Config::default()
//! ```
//!
//! `plain-cram` is Cram as a user would first write it (below): moves and play, components as
//! connected regions, the board's symmetries as canonical forms, none of Cram's own reductions,
//! closed forms, move order or word keys; it is solved with `Config::default()` unless a
//! method is named.
#![allow(missing_docs, reason = "an example program")]

use std::time::Instant;

use grundy::{Config, Method, Ruleset, Solver};
use grundy_benches::{Chomp, Cram};

fn solve<R>(game: &R, start: &R::Position, method: Method, threads: usize)
where
    R: Ruleset + Sync,
    R::Position: Send + Sync,
{
    let clock = Instant::now();
    // The table bound in MiB from GRUNDY_TABLE_MIB (default 1024).
    let mib: usize =
        std::env::var("GRUNDY_TABLE_MIB").ok().and_then(|v| v.parse().ok()).unwrap_or(1024);
    let config = Config::default().with_table_bytes(mib << 20).with_method(method);
    if threads > 1 {
        let value = grundy::solver::par_value(game, start, &config, threads).expect("no budget");
        println!("value {value}  time {:.3} s  threads {threads}", clock.elapsed().as_secs_f64());
        return;
    }
    let mut solver = Solver::with_config(game, config);
    let value = solver.value(start).expect("no budget");
    let stats = solver.stats();
    println!("value {value}  time {:.3} s  {stats:?}", clock.elapsed().as_secs_f64());
    println!("table {:?}, entries {}", solver.table_stats(), solver.table_len());
}

/// Cram written plainly: the empty cells of a board of at most 64 cells in a word, a move is
/// a domino (the word of its two cells).
#[derive(Clone, Copy, Debug)]
struct PlainCram {
    rows: u32,
    cols: u32,
}

impl PlainCram {
    fn cell(self, r: u32, c: u32) -> u64 {
        1 << (r * self.cols + c)
    }

    /// The cells of `empty` connected to `seed` through empty neighbours.
    fn region(self, empty: u64, seed: u64) -> u64 {
        let mut region = seed;
        let mut frontier = seed;
        while frontier != 0 {
            let cell = frontier.trailing_zeros();
            frontier &= frontier - 1;
            let (r, c) = (cell / self.cols, cell % self.cols);
            let mut near = Vec::new();
            if r > 0 {
                near.push(self.cell(r - 1, c));
            }
            if r + 1 < self.rows {
                near.push(self.cell(r + 1, c));
            }
            if c > 0 {
                near.push(self.cell(r, c - 1));
            }
            if c + 1 < self.cols {
                near.push(self.cell(r, c + 1));
            }
            for n in near {
                if empty & n != 0 && region & n == 0 {
                    region |= n;
                    frontier |= n;
                }
            }
        }
        region
    }

    /// The image of `empty` under a symmetry of the board: mirrored left-right, top-bottom,
    /// and (square boards only) transposed.
    fn image(self, empty: u64, flip_cols: bool, flip_rows: bool, transpose: bool) -> u64 {
        let mut out = 0;
        for r in 0..self.rows {
            for c in 0..self.cols {
                if empty & self.cell(r, c) != 0 {
                    let r2 = if flip_rows { self.rows - 1 - r } else { r };
                    let c2 = if flip_cols { self.cols - 1 - c } else { c };
                    let (r2, c2) = if transpose { (c2, r2) } else { (r2, c2) };
                    out |= self.cell(r2, c2);
                }
            }
        }
        out
    }
}

impl Ruleset for PlainCram {
    type Position = u64;
    type Move = u64;

    fn moves(&self, empty: &u64, moves: &mut Vec<u64>) {
        for r in 0..self.rows {
            for c in 0..self.cols {
                let here = self.cell(r, c);
                if empty & here == 0 {
                    continue;
                }
                if c + 1 < self.cols && empty & self.cell(r, c + 1) != 0 {
                    moves.push(here | self.cell(r, c + 1));
                }
                if r + 1 < self.rows && empty & self.cell(r + 1, c) != 0 {
                    moves.push(here | self.cell(r + 1, c));
                }
            }
        }
    }

    fn play(&self, empty: &u64, domino: &u64) -> u64 {
        empty & !domino
    }

    fn components(&self, empty: &u64, components: &mut Vec<u64>) {
        let mut rest = *empty;
        while rest != 0 {
            let region = self.region(rest, rest & rest.wrapping_neg());
            rest &= !region;
            components.push(region);
        }
    }

    fn canonical(&self, empty: &u64) -> u64 {
        let square = self.rows == self.cols;
        let mut best = *empty;
        for transpose in [false, true] {
            if transpose && !square {
                continue;
            }
            for flip_rows in [false, true] {
                for flip_cols in [false, true] {
                    best = best.min(self.image(*empty, flip_cols, flip_rows, transpose));
                }
            }
        }
        best
    }
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
            let (rows, cols) = (num(1), num(2));
            assert!(rows * cols <= 64, "a board of at most 64 cells");
            let game = PlainCram { rows, cols };
            let start = if rows * cols == 64 { u64::MAX } else { (1 << (rows * cols)) - 1 };
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
