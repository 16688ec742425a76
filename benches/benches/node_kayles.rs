//! Placeholder: the benchmarks of this ruleset are being written.
#![allow(missing_docs, reason = "criterion's macros generate undocumented functions")]

use criterion::{Criterion, criterion_group, criterion_main};

fn placeholder(_c: &mut Criterion) {}

criterion_group!(benches, placeholder);
criterion_main!(benches);
