//! Grundy sequences of octal games: the plain definition against the fast method.
#![allow(missing_docs, reason = "criterion's macros generate undocumented functions")]

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use grundy_octal::{Code, Method, Sequence};

/// The six classic codes: periodic (0.137, 0.77, 4.07) and unsolved (0.6, 0.16, 0.007).
const CODES: [&str; 6] = ["0.137", "0.77", "0.6", "0.16", "0.007", "4.07"];

/// The values of heaps `0 .. len` of `code` by `method`.
fn run(code: &Code, method: Method, len: usize) -> Sequence {
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
            b.iter(|| run(black_box(&code), Method::Plain, 10_000))
        });
        group.bench_function(format!("fast {text} n=10^4"), |b| {
            b.iter(|| run(black_box(&code), Method::Fast, 10_000))
        });
    }
    // Larger heaps, fast only; 0.007 has no good mask and stays quadratic, so it stops lower.
    for (text, len) in [("0.137", 1_000_000), ("0.77", 1_000_000), ("0.16", 1_000_000)]
        .into_iter()
        .chain([("4.07", 1_000_000), ("0.6", 100_000), ("0.007", 30_000)])
    {
        let code: Code = text.parse().expect("valid code");
        group.bench_function(format!("fast {text} n={len}"), |b| {
            b.iter(|| run(black_box(&code), Method::Fast, len))
        });
    }
    group.finish();
}

criterion_group!(benches, octal);
criterion_main!(benches);
