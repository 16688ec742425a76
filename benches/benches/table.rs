//! The transposition table: stores and lookups.
#![allow(missing_docs, reason = "criterion's macros generate undocumented functions")]

use std::hint::black_box;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use grundy::{Nimber, Table};
use grundy_benches::random::{self, RngCore};

fn table(c: &mut Criterion) {
    let mut rng = random::rng(3);
    let keys: Vec<u64> = (0..100_000).map(|_| rng.next_u64()).collect();
    c.bench_function("table store 100k u64 keys", |b| {
        b.iter_batched(
            || Table::<u64, Nimber>::with_bytes(64 << 20),
            |mut t| {
                for &k in &keys {
                    t.insert(k, Nimber::new(k & 7));
                }
                t
            },
            BatchSize::LargeInput,
        )
    });
    let mut full = Table::<u64, Nimber>::with_bytes(64 << 20);
    for &k in &keys {
        full.insert(k, Nimber::new(k & 7));
    }
    c.bench_function("table lookup 100k hits", |b| {
        b.iter(|| keys.iter().filter(|&&k| full.get(black_box(&k)).is_some()).count())
    });
    let misses: Vec<u64> = (0..100_000).map(|_| rng.next_u64()).collect();
    c.bench_function("table lookup 100k misses", |b| {
        b.iter(|| misses.iter().filter(|&&k| full.get(black_box(&k)).is_some()).count())
    });
    c.bench_function("table store 100k into a 1 MiB table (evicting)", |b| {
        b.iter_batched(
            || Table::<u64, Nimber>::with_bytes(1 << 20),
            |mut t| {
                for &k in &keys {
                    t.insert(k, Nimber::new(k & 7));
                }
                t
            },
            BatchSize::LargeInput,
        )
    });
}

criterion_group!(benches, table);
criterion_main!(benches);
