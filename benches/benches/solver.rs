//! The generic solver on a subtraction game and on Nim.
#![allow(missing_docs, reason = "criterion's macros generate undocumented functions")]

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use grundy::nim::{Heaps, Nim};
use grundy::{Solver, Sum};
use grundy_benches::Subtraction;

fn subtraction(c: &mut Criterion) {
    let game = Subtraction::new(&[2, 5, 6, 11, 17]);
    c.bench_function("subtraction {2,5,6,11,17} value of heap 100k (cold)", |b| {
        b.iter(|| Solver::new(&game).value(black_box(&100_000)).unwrap())
    });
    c.bench_function("subtraction {2,5,6,11,17} outcome of heap 100k (cold)", |b| {
        b.iter(|| Solver::new(&game).outcome(black_box(&100_000)).unwrap())
    });
    let sum = Sum::new(game.clone());
    let position = vec![2_000, 3_001, 4_002, 5_003];
    c.bench_function("subtraction sum of 4 heaps ~5k (cold)", |b| {
        b.iter(|| Solver::new(&sum).value(black_box(&position)).unwrap())
    });
}

/// Nim searched without its closed form: only components and canonical forms help.
struct SearchedNim;

impl grundy::Ruleset for SearchedNim {
    type Position = Heaps;
    type Move = grundy::nim::NimMove;

    fn moves(&self, p: &Heaps, moves: &mut Vec<Self::Move>) {
        Nim.moves(p, moves);
    }

    fn play(&self, p: &Heaps, mv: &Self::Move) -> Heaps {
        Nim.play(p, mv)
    }

    fn components(&self, p: &Heaps, parts: &mut Vec<Heaps>) {
        Nim.components(p, parts);
    }

    fn canonical(&self, p: &Heaps) -> Heaps {
        Nim.canonical(p)
    }
}

fn nim(c: &mut Criterion) {
    let position = Heaps::new([3u32, 5, 7, 9, 11, 13]);
    c.bench_function("nim 3 5 7 9 11 13 searched with components (cold)", |b| {
        b.iter(|| Solver::new(&SearchedNim).value(black_box(&position)).unwrap())
    });
    let small = Heaps::new([2u32, 3, 4, 5]);
    c.bench_function("nim 2 3 4 5 misère outcome by search (cold)", |b| {
        b.iter(|| Solver::new(&SearchedNim).misere_outcome(black_box(&small)).unwrap())
    });
    let big = Heaps::new([123_456_789u64, 987_654_321, 555_555_555, 1 << 40]);
    c.bench_function("nim winning moves closed form, 4 big heaps", |b| {
        b.iter(|| Nim.winning_moves(black_box(&big)))
    });
}

criterion_group!(benches, subtraction, nim);
criterion_main!(benches);
