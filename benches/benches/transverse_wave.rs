//! Transverse Wave: the fast solver on random square boards, and the generic solver for
//! comparison.
//!
//! Boards come from a fixed seed; each cell is purple with probability 0.35 (the default of
//! the authors' web version), 0.2 or 0.1. At 0.1 a random board nearly always has an all-green
//! row, which contains every other row and makes the position a single row (solved at once);
//! the `0.1 no green row` boards redraw such rows, which is the hard case. Every iteration uses
//! a fresh solver, so no table survives from one iteration to the next.
#![allow(missing_docs, reason = "criterion's macros generate undocumented functions")]

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use grundy::Solver;
use grundy_benches::random_board as board;
use grundy_transverse_wave::{CrosswiseAnd, WaveSolver};

/// Densities (purple), whether all-green rows are redrawn, and the sizes measured (each size
/// takes well under a few seconds per solve).
const CASES: [(f64, bool, &str, &[usize]); 4] = [
    (0.35, false, "0.35", &[8, 12, 16, 20, 24, 28]),
    (0.2, false, "0.2", &[8, 12, 16, 20, 24]),
    (0.1, false, "0.1", &[8, 12, 16, 20, 24, 28]),
    (0.1, true, "0.1 no green row", &[8, 12, 16, 20, 24]),
];

const SEED: u64 = 0x7457_6176_6531;

fn fast_solver(c: &mut Criterion) {
    for (goal, outcome) in [("value", false), ("outcome", true)] {
        let mut group = c.benchmark_group(format!("transverse wave {goal}"));
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(2));
        for (purple, redraw, name, sizes) in CASES {
            for &n in sizes {
                let m = board(n, purple, redraw, SEED + n as u64);
                group.bench_with_input(BenchmarkId::new(name, n), &m, |b, m| {
                    b.iter(|| {
                        let mut solver = WaveSolver::new();
                        if outcome {
                            black_box(solver.outcome(black_box(m)).expect("no budget")).is_p()
                        } else {
                            black_box(solver.value(black_box(m)).expect("no budget")).is_zero()
                        }
                    })
                });
            }
        }
        group.finish();
    }
}

/// The generic solver on the `CrosswiseAnd` ruleset (its components and canonical forms, no
/// twin cut in canonical forms, no move ordering) on the same boards.
fn generic_solver(c: &mut Criterion) {
    let mut group = c.benchmark_group("transverse wave generic value");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    for n in [8, 12, 16] {
        let m = board(n, 0.35, false, SEED + n as u64);
        group.bench_with_input(BenchmarkId::new("0.35", n), &m, |b, m| {
            b.iter(|| Solver::new(&CrosswiseAnd).value(black_box(m)).expect("no budget"))
        });
    }
    group.finish();
}

criterion_group!(benches, fast_solver, generic_solver);
criterion_main!(benches);
