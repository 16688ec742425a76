//! Undirected Vertex Geography: the matching method on graphs of 10^3 and 10^4 vertices, and
//! brute force against the matching method on small graphs.
#![allow(missing_docs, reason = "criterion's macros generate undocumented functions")]

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use grundy::Solver;
use grundy::graph::Graph;
use grundy_benches::random;
use grundy_graph_games::{Geography, GeographyRule, VertexGeographyMatching, maximum_matching};

/// A random graph G(n, m) with `n` vertices and `degree * n / 2` edges.
fn random_graph(n: usize, degree: usize, seed: u64) -> Graph {
    let edges = random::gnm_edges(n, degree * n / 2, &mut random::rng(seed));
    Graph::from_edges(n, edges).expect("distinct pairs of vertices below n")
}

fn large(c: &mut Criterion) {
    let mut group = c.benchmark_group("vertex geography, matching method");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for n in [1_000, 10_000] {
        let g = random_graph(n, 3, 7);
        group.bench_function(format!("maximum matching, n = {n}, m = {}", g.edge_count()), |b| {
            b.iter(|| maximum_matching(black_box(&g)).len())
        });
        group.bench_function(format!("outcome from every start vertex, n = {n}"), |b| {
            b.iter(|| VertexGeographyMatching::new(black_box(&g)).winning_starts().len())
        });
        let solver = VertexGeographyMatching::new(&g);
        let start = (0..n).find(|&v| solver.wins_from(v)).unwrap_or(0);
        group.bench_function(format!("winning moves from one start vertex, n = {n}"), |b| {
            b.iter(|| solver.winning_moves_from(black_box(start)).len())
        });
        let game = Geography::undirected(g.clone(), GeographyRule::Vertex);
        let position = game.start(start).unwrap_or_else(|_| game.no_token());
        group.bench_function(format!("one position (induced subgraph + matching), n = {n}"), |b| {
            b.iter(|| game.matching_outcome(black_box(&position)).map(|o| o.is_n()))
        });
    }
    group.finish();
}

fn small(c: &mut Criterion) {
    let mut group = c.benchmark_group("vertex geography, brute force vs matching");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2));
    for (n, degree) in [(12, 4), (16, 3), (20, 3)] {
        let g = random_graph(n, degree, 11);
        let game = Geography::undirected(g.clone(), GeographyRule::Vertex);
        let start = game.start(0).unwrap_or_else(|_| game.no_token());
        group.bench_function(format!("solver outcome, n = {n}, m = {}", g.edge_count()), |b| {
            b.iter(|| Solver::new(&game).outcome(black_box(&start)).map(|o| o.is_n()))
        });
        group.bench_function(format!("matching outcome, n = {n}, m = {}", g.edge_count()), |b| {
            b.iter(|| game.matching_outcome(black_box(&start)).map(|o| o.is_n()))
        });
    }
    group.finish();
}

criterion_group!(benches, large, small);
criterion_main!(benches);
