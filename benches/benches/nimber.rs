//! Nimber arithmetic: nim-product, inverse and mex.
#![allow(missing_docs, reason = "criterion's macros generate undocumented functions")]

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use grundy::{Nimber, NimberSet, mex};
use grundy_benches::random::{self, RngCore};

fn products(c: &mut Criterion) {
    let mut rng = random::rng(1);
    let pairs: Vec<(Nimber, Nimber)> =
        (0..1024).map(|_| (Nimber::new(rng.next_u64()), Nimber::new(rng.next_u64()))).collect();
    c.bench_function("nim-product 64-bit x1024", |b| {
        b.iter(|| pairs.iter().fold(Nimber::ZERO, |acc, &(x, y)| acc + black_box(x) * black_box(y)))
    });
    let small: Vec<(Nimber, Nimber)> = pairs
        .iter()
        .map(|&(x, y)| (Nimber::new(x.value() & 0xFF), Nimber::new(y.value() & 0xFF)))
        .collect();
    c.bench_function("nim-product 8-bit x1024", |b| {
        b.iter(|| small.iter().fold(Nimber::ZERO, |acc, &(x, y)| acc + black_box(x) * black_box(y)))
    });
    let mid: Vec<(Nimber, Nimber)> = pairs
        .iter()
        .map(|&(x, y)| (Nimber::new(x.value() & 0xFFFF_FFFF), Nimber::new(y.value() & 0xFFFF_FFFF)))
        .collect();
    c.bench_function("nim-product 32-bit x1024", |b| {
        b.iter(|| mid.iter().fold(Nimber::ZERO, |acc, &(x, y)| acc + black_box(x) * black_box(y)))
    });
    c.bench_function("nim-square 64-bit x1024", |b| {
        b.iter(|| pairs.iter().fold(Nimber::ZERO, |acc, &(x, _)| acc + black_box(x).square()))
    });
    c.bench_function("nim-inverse 64-bit x1024", |b| {
        b.iter(|| {
            pairs
                .iter()
                .fold(Nimber::ZERO, |acc, &(x, _)| acc + black_box(x).inverse().unwrap_or_default())
        })
    });
}

fn mexes(c: &mut Criterion) {
    let mut rng = random::rng(2);
    let few: Vec<Nimber> = (0..8).map(|_| Nimber::new(rng.next_u64() % 10)).collect();
    let many: Vec<Nimber> = (0..300u64).rev().map(Nimber::new).collect();
    c.bench_function("mex of 8 small options", |b| b.iter(|| mex(black_box(&few).iter().copied())));
    let mut set = NimberSet::new();
    c.bench_function("NimberSet: 8 inserts, mex, clear", |b| {
        b.iter(|| {
            set.clear();
            for &v in black_box(&few) {
                set.insert(v);
            }
            set.mex()
        })
    });
    c.bench_function("mex of 300 options 0..300", |b| {
        b.iter(|| mex(black_box(&many).iter().copied()))
    });
}

criterion_group!(benches, products, mexes);
criterion_main!(benches);
