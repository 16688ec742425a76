//! Node-Kayles: values and outcomes of random graphs G(n, p), grids and the Petersen graph,
//! each solved from scratch (a fresh solver per iteration).
//!
//! The random graphs have average degree 3 (p = 3 / (n - 1)), as in issue 7. At 50 vertices
//! a value takes seconds, so that group has one graph and ten samples; at 60 vertices a value
//! takes minutes, far beyond a benchmark, so only outcomes that a short search settles are
//! timed here. For the scaling over many seeds, with processor time, states and memory, run
//! `cargo run --release -p grundy-node-kayles --example scaling -- 50 3 1 10 value`.
#![allow(missing_docs, reason = "criterion's macros generate undocumented functions")]

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use grundy::{Config, Method, Nimber};
use grundy_benches::random_graph;
use grundy_node_kayles::{Graph, NodeKayles, NodeKaylesSolver};

fn value(game: &NodeKayles, config: &Config) -> Nimber {
    NodeKaylesSolver::with_config(game, config.clone()).value(&game.start()).expect("no budget")
}

fn is_p(game: &NodeKayles) -> bool {
    NodeKaylesSolver::new(game).outcome(&game.start()).expect("no budget").is_p()
}

fn random_graphs(c: &mut Criterion) {
    let mut group = c.benchmark_group("node-kayles random");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    let default = Config::default();
    for (n, degree, seed) in [(20, 3.0, 1), (30, 3.0, 1), (30, 3.0, 2), (40, 3.0, 2), (30, 6.0, 1)]
    {
        let game = NodeKayles::new(random_graph(n, degree, seed));
        group.bench_function(format!("value n={n} d={degree} seed={seed}"), |b| {
            b.iter(|| value(black_box(&game), &default))
        });
        group.bench_function(format!("outcome n={n} d={degree} seed={seed}"), |b| {
            b.iter(|| is_p(black_box(&game)))
        });
    }
    // The same graph by the mex search: what the value queries save.
    let game = NodeKayles::new(random_graph(40, 3.0, 2));
    let mex = Config::default().with_method(Method::Mex);
    group.bench_function("value n=40 d=3 seed=2 mex", |b| b.iter(|| value(black_box(&game), &mex)));
    group.finish();
}

/// 50 and 60 vertices, average degree 3: one value (seed 1, some 1.5 s, near the median of
/// seeds 1 to 10, which range from 0.1 s to 21 s with
/// `--example scaling -- 50 3 1 10 value`) and outcomes that the search settles in well under
/// 2 s each.
fn large_random_graphs(c: &mut Criterion) {
    let mut group = c.benchmark_group("node-kayles random large");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(100))
        .measurement_time(Duration::from_secs(5));
    let default = Config::default();
    let game = NodeKayles::new(random_graph(50, 3.0, 1));
    group.bench_function("value n=50 d=3 seed=1", |b| b.iter(|| value(black_box(&game), &default)));
    for (n, seed) in [(50, 1), (50, 2), (60, 4), (60, 5)] {
        let game = NodeKayles::new(random_graph(n, 3.0, seed));
        group.bench_function(format!("outcome n={n} d=3 seed={seed}"), |b| {
            b.iter(|| is_p(black_box(&game)))
        });
    }
    group.finish();
}

fn structured_graphs(c: &mut Criterion) {
    let mut group = c.benchmark_group("node-kayles structured");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    let default = Config::default();
    let graphs = [
        ("petersen", Graph::petersen()),
        ("grid 4x5", Graph::grid(4, 5)),
        ("grid 5x5", Graph::grid(5, 5)),
        ("grid 4x8", Graph::grid(4, 8)),
    ];
    for (name, g) in graphs {
        let game = NodeKayles::new(g);
        group.bench_function(format!("value {name}"), |b| {
            b.iter(|| value(black_box(&game), &default))
        });
    }
    group.finish();
}

criterion_group!(benches, random_graphs, large_random_graphs, structured_graphs);
criterion_main!(benches);
