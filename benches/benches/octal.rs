//! Grundy sequences of octal games: the plain definition against the fast method.
#![allow(missing_docs, reason = "criterion's macros generate undocumented functions")]

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use grundy_octal::{Code, Heaps, Octal, Rules, Sequence, SequenceMethod};

/// The six classic codes: periodic (0.137, 0.77, 4.07) and unsolved (0.6, 0.16, 0.007).
const CODES: [&str; 6] = ["0.137", "0.77", "0.6", "0.16", "0.007", "4.07"];

/// The values of heaps `0 .. len` of `code` by `method`.
fn run(code: &Code, method: SequenceMethod, len: usize) -> Sequence {
    let mut s = Sequence::with_method(code.clone(), method);
    s.extend_to(len).expect("within MAX_LEN");
    s
}

fn octal(c: &mut Criterion) {
    let mut group = c.benchmark_group("octal");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    for text in CODES {
        let code: Code = text.parse().expect("valid code");
        group.bench_function(format!("plain {text} n=10^4"), |b| {
            b.iter(|| run(black_box(&code), SequenceMethod::Plain, 10_000))
        });
        group.bench_function(format!("fast {text} n=10^4"), |b| {
            b.iter(|| run(black_box(&code), SequenceMethod::Fast, 10_000))
        });
    }
    // Larger heaps, fast only; 0.007 has no mask with few rare heaps before 2^17 and stays
    // near-quadratic, so it stops lower.
    for (text, len) in [("0.137", 1_000_000), ("0.77", 1_000_000), ("0.16", 1_000_000)]
        .into_iter()
        .chain([("4.07", 1_000_000), ("0.6", 100_000), ("0.007", 30_000)])
    {
        let code: Code = text.parse().expect("valid code");
        group.bench_function(format!("fast {text} n={len}"), |b| {
            b.iter(|| run(black_box(&code), SequenceMethod::Fast, len))
        });
    }
    // Raw speed (every value computed, no period used): 4.07 needs one split per heap parity.
    for (text, len) in [("4.07", 1_000_000), ("0.77", 1_000_000), ("0.16", 300_000)] {
        let code: Code = text.parse().expect("valid code");
        group.bench_function(format!("rare-common {text} n={len}"), |b| {
            b.iter(|| run(black_box(&code), SequenceMethod::RareCommon, len))
        });
    }
    group.finish();
}

/// Winning moves on a heap of 10^18 and a small one, from the proved period of 0.137.
fn huge_heaps(c: &mut Criterion) {
    let mut group = c.benchmark_group("octal huge heaps");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(2));
    let mut dawson = Sequence::new(Code::dawson_chess());
    dawson.find_period(1000).expect("octal").expect("periodic");
    let game = Octal::from_sequence(dawson);
    let position = Heaps::new([1_000_000_000_000_000_000, 5]);
    group.bench_function("0.137 first 100 winning moves of 10^18 + 5, and their count", |b| {
        b.iter(|| game.winning_moves_upto(black_box(&position), 100).expect("covered"))
    });
    group.finish();
}

/// Grundy's game (split a heap into two unequal heaps): no period to use, rare values only.
fn grundys_game(c: &mut Criterion) {
    let mut group = c.benchmark_group("grundy's game");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    for (method, name, len) in [
        (SequenceMethod::Plain, "plain", 1 << 14),
        (SequenceMethod::Fast, "fast", 1 << 14),
        (SequenceMethod::Fast, "fast", 1 << 16),
    ] {
        group.bench_function(format!("{name} heaps 0..{len}"), |b| {
            b.iter(|| {
                let mut s = Sequence::for_rules_with_method(Rules::grundys_game(), method);
                s.extend_to(black_box(len)).expect("within MAX_LEN");
                s
            })
        });
    }
    group.finish();
}

criterion_group!(benches, octal, huge_heaps, grundys_game);
criterion_main!(benches);
