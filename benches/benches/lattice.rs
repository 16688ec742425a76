//! Lattice games: the outcomes of every position of a 2000 × 2000 box and of a 40^4 box, each
//! for a rule set of five vectors, by the box dynamic programme of grundy-lattice.
#![allow(missing_docs, reason = "criterion's macros generate undocumented functions")]

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use grundy_lattice::{LatticeGame, Outcomes, RuleSet};

fn boxes(c: &mut Criterion) {
    let mut group = c.benchmark_group("lattice game, P-positions in a box");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(5));
    let cases: [(&str, &str, Vec<u32>); 4] = [
        ("2-d, 5 vectors", "1,0 0,1 2,1 1,3 -1,2", vec![1999, 1999]),
        ("2-d misère, 5 vectors", "1,0 0,1 2,1 1,3 -1,2", vec![1999, 1999]),
        ("4-d, 5 vectors", "1,0,0,0 0,1,0,0 -1,0,1,0 0,-1,0,1 1,1,1,1", vec![39, 39, 39, 39]),
        ("2-d by weight, 5 vectors", "1,-1 -1,2 2,0 0,3 1,1", vec![1999, 1999]),
    ];
    for (name, rules, upper) in cases {
        let rules: RuleSet = rules.parse().expect("a rule set");
        let game = if name.contains("misère") {
            LatticeGame::misere(rules)
        } else {
            LatticeGame::normal(rules)
        };
        let dims: Vec<String> = upper.iter().map(|u| (u + 1).to_string()).collect();
        group.bench_function(format!("{name}, box {}", dims.join(" x ")), |b| {
            b.iter(|| {
                Outcomes::compute(black_box(&game), black_box(&upper)).expect("fits").reach().len()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, boxes);
criterion_main!(benches);
