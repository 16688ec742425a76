//! Partizan canonical forms: empty rectangular Domineering boards, each solved from scratch
//! (a fresh solver and store per iteration), with grundy-partizan's `Solver`.
//!
//! Boards up to 4 × 5 take milliseconds; 5 × 5 takes a fraction of a second, so it has its own
//! group with ten samples. For the side-by-side comparison with the `cgt` crate, run
//! `benches/scripts/partizan_vs_cgt.sh` (see `docs/performance.md`).
#![allow(missing_docs, reason = "criterion's macros generate undocumented functions")]

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use grundy_benches::{Board, Domineering};
use grundy_partizan::solve::Solver;

/// The canonical form of the empty board, printed (so that the whole value is built).
fn solve(rows: usize, cols: usize) -> String {
    let board = Board::empty(rows, cols).expect("a small board");
    let mut solver = Solver::new(&Domineering);
    let g = solver.canonical_form(&board).expect("no budget");
    solver.store().display(g).to_string()
}

fn small_rectangles(c: &mut Criterion) {
    let mut group = c.benchmark_group("domineering rectangles");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for (rows, cols) in [(3, 3), (4, 4), (3, 6), (4, 5), (5, 4)] {
        group.bench_function(format!("{rows}x{cols}"), |b| b.iter(|| solve(black_box(rows), cols)));
    }
    group.finish();
}

fn five_by_five(c: &mut Criterion) {
    let mut group = c.benchmark_group("domineering 5x5");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(20));
    group.bench_function("5x5", |b| b.iter(|| solve(black_box(5), 5)));
    group.finish();
}

criterion_group!(benches, small_rectangles, five_by_five);
criterion_main!(benches);
