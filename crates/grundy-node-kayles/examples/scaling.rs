//! Times the solver on random graphs G(n, p) with average degree d:
//! `cargo run --release -p grundy-node-kayles --example scaling -- N D FIRST_SEED LAST_SEED [value|outcome] [CANON_MAX]`.

use std::time::Instant;

use grundy_graph::Graph;
use grundy_node_kayles::{KaylesSolver, NodeKayles, SolverConfig};

/// xorshift64*, as in the benchmarks.
struct Xorshift(u64);

impl Xorshift {
    fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

/// G(n, p) with p = d / (n - 1), from `seed`.
fn random_graph(n: usize, d: f64, seed: u64) -> Graph {
    let mut rng = Xorshift(if seed == 0 { 0x9E37_79B9_7F4A_7C15 } else { seed });
    let p = d / (n as f64 - 1.0);
    let mut g = Graph::new(n);
    for u in 0..n {
        for v in u + 1..n {
            // 53 random bits as a uniform number in [0, 1), as in the benchmarks.
            if ((rng.next_u64() >> 11) as f64) / ((1u64 << 53) as f64) < p {
                g.add_edge(u, v).unwrap();
            }
        }
    }
    g
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: usize = args.get(1).map_or(50, |a| a.parse().unwrap());
    let d: f64 = args.get(2).map_or(3.0, |a| a.parse().unwrap());
    let first: u64 = args.get(3).map_or(1, |a| a.parse().unwrap());
    let last: u64 = args.get(4).map_or(5, |a| a.parse().unwrap());
    let mode = args.get(5).map_or("value", String::as_str).to_string();
    let canon: usize = args.get(6).map_or(8, |a| a.parse().unwrap());
    let mut times = Vec::new();
    for seed in first..=last {
        let g = random_graph(n, d, seed);
        let game = NodeKayles::new(g);
        let config = SolverConfig::default().with_canonical_max(canon);
        let mut solver = KaylesSolver::with_config(&game, config);
        let start = Instant::now();
        let answer = if mode == "outcome" {
            format!("{:?}", solver.outcome(&game.start()).unwrap())
        } else {
            format!("{}", solver.value(&game.start()).unwrap())
        };
        let t = start.elapsed().as_secs_f64();
        times.push(t);
        let s = solver.stats();
        println!(
            "n={n} d={d} seed={seed} {mode}={answer} time={t:.3}s nodes={} entries={} canon={} twins={} closed={} hits={}/{} evict={}",
            s.nodes,
            s.table_entries,
            s.canonical_forms,
            s.twin_reductions,
            s.closed_forms,
            s.table_hits,
            s.table_lookups,
            s.evictions
        );
    }
    times.sort_by(f64::total_cmp);
    println!("median {:.3}s max {:.3}s", times[times.len() / 2], times[times.len() - 1]);
}
