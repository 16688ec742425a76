//! Rechargeable Bipartite and Hypergraph Boolean Nim: constructors, text forms, and the
//! solver against the naive search on random graphs.

use grundy_avoid_true::{
    BipartiteError, BipartitePosition, HypergraphError, HypergraphPosition, RechargeableBipartite,
    RechargeableHypergraph, VarSet,
};
use grundy_core::{Ruleset, Solver, naive};
use proptest::prelude::*;

fn set(items: &[usize]) -> VarSet {
    items.iter().copied().collect()
}

#[test]
fn bipartite_constructor_errors() {
    let edges = [(0, 0), (1, 1)];
    assert_eq!(
        BipartitePosition::new(2, 2, [(2, 0)], VarSet::new(), 0),
        Err(BipartiteError::PileOutOfRange { pile: 3, piles: 2 })
    );
    assert_eq!(
        BipartitePosition::new(2, 2, [(0, 5)], VarSet::new(), 0),
        Err(BipartiteError::StationOutOfRange { station: 6, stations: 2 })
    );
    assert_eq!(
        BipartitePosition::new(2, 2, edges, VarSet::new(), 2),
        Err(BipartiteError::CurrentOutOfRange { vertex: 3, piles: 2 })
    );
    assert_eq!(
        BipartitePosition::new(2, 2, edges, set(&[0, 1]), 1),
        Err(BipartiteError::PebbleOnCurrent { vertex: 2 })
    );
    assert_eq!(
        BipartitePosition::new(2, 2, edges, set(&[3]), 1),
        Err(BipartiteError::PileOutOfRange { pile: 4, piles: 2 })
    );
    let err = BipartitePosition::with_powered(2, 2, edges, set(&[0]), set(&[0]), 1).unwrap_err();
    assert_eq!(err, BipartiteError::PoweredNotAdjacent { station: 1, current: 2 });
    assert_eq!(err.to_string(), "powered station v1 is not adjacent to the current vertex u2");
    assert_eq!(
        BipartitePosition::with_powered(2, 2, edges, set(&[0]), set(&[4]), 1),
        Err(BipartiteError::StationOutOfRange { station: 5, stations: 2 })
    );
}

#[test]
fn bipartite_rules_and_text() {
    // Piles u1, u2, u3 with pebbles, start u4; stations v1 (u1, u2, u4) and v2 (u2, u3, u4).
    let edges = [(0, 0), (1, 0), (1, 1), (2, 1), (3, 0), (3, 1)];
    let p = BipartitePosition::new(4, 2, edges, set(&[0, 1, 2]), 3).expect("valid");
    assert_eq!(
        p.to_string(),
        "piles: u1* u2* u3* u4 | stations: v1+ v2+ | edges: u1-v1 u2-v1 u2-v2 u3-v2 u4-v1 u4-v2 | at: u4"
    );
    assert_eq!(RechargeableBipartite.move_list(&p), [0, 1, 2]);
    let q = RechargeableBipartite.play(&p, &2);
    assert_eq!(q.current(), 2);
    assert_eq!(q.powered(), &set(&[1]));
    assert_eq!(q.pebbles(), &set(&[0, 1]));
    assert_eq!(RechargeableBipartite.move_list(&q), [1]);
    let r = RechargeableBipartite.play(&q, &1);
    assert!(RechargeableBipartite.is_terminal(&r)); // u1 is only reachable through v1, now off
    assert!(!RechargeableBipartite.is_legal(&r, &0));
    assert_eq!(r.neighbours(0), set(&[0]));
    assert_eq!((r.piles(), r.stations()), (4, 2));
}

#[test]
fn hypergraph_constructor_errors() {
    assert_eq!(
        HypergraphPosition::new(3, vec![set(&[0, 1]), set(&[2, 3])], VarSet::new(), 0),
        Err(HypergraphError::EdgeVertexOutOfRange { edge: 2, vertex: 4, vertices: 3 })
    );
    assert_eq!(
        HypergraphPosition::new(3, vec![], set(&[7]), 0),
        Err(HypergraphError::PebbleOutOfRange { vertex: 8, vertices: 3 })
    );
    assert_eq!(
        HypergraphPosition::new(3, vec![], VarSet::new(), 3),
        Err(HypergraphError::CurrentOutOfRange { vertex: 4, vertices: 3 })
    );
    let err = HypergraphPosition::new(3, vec![], set(&[1]), 1).unwrap_err();
    assert_eq!(err.to_string(), "the current vertex v2 holds a pebble; its pile must be empty");
}

#[test]
fn hypergraph_rules_and_text() {
    let edges = vec![set(&[0, 1, 3]), set(&[1, 2, 3]), set(&[0, 2])];
    let p = HypergraphPosition::new(4, edges, set(&[0, 1, 2]), 3).expect("valid");
    assert_eq!(
        p.to_string(),
        "vertices: v1* v2* v3* v4 | edges: {v1 v2 v4} {v2 v3 v4} {v1 v3} | at: v4"
    );
    assert_eq!(RechargeableHypergraph.move_list(&p), [0, 1, 2]);
    // Taking v1 keeps the hyperedges through v1; {v1 v3} now joins v1 to v3.
    let q = RechargeableHypergraph.play(&p, &0);
    assert_eq!(q.edges(), [set(&[0, 1, 3]), set(&[0, 2])]);
    assert_eq!(RechargeableHypergraph.move_list(&q), [1, 2]);
    let r = RechargeableHypergraph.play(&q, &2);
    assert_eq!(r.edges(), [set(&[0, 2])]);
    assert!(RechargeableHypergraph.is_terminal(&r));
    assert_eq!((r.vertices(), r.current()), (4, 2));
}

fn bipartite_positions() -> impl Strategy<Value = BipartitePosition> {
    (1usize..=8, 1usize..=4).prop_flat_map(|(piles, stations)| {
        (
            prop::collection::vec((0..piles, 0..stations), 0..=piles * stations),
            prop::collection::vec(any::<bool>(), piles),
            prop::collection::vec(any::<bool>(), stations),
            0..piles,
        )
            .prop_map(move |(edges, pebbles, powered, current)| {
                let pebbles: VarSet = (0..piles).filter(|&u| pebbles[u] && u != current).collect();
                let around: VarSet =
                    edges.iter().filter(|(u, _)| *u == current).map(|&(_, v)| v).collect();
                let powered: VarSet =
                    (0..stations).filter(|&v| powered[v] && around.contains(v)).collect();
                BipartitePosition::with_powered(piles, stations, edges, pebbles, powered, current)
                    .expect("valid by construction")
            })
    })
}

fn hypergraph_positions() -> impl Strategy<Value = HypergraphPosition> {
    (1usize..=8).prop_flat_map(|n| {
        let edge = prop::collection::vec(any::<bool>(), n)
            .prop_map(|b| (0..b.len()).filter(|&i| b[i]).collect::<VarSet>());
        (prop::collection::vec(edge, 0..=4), prop::collection::vec(any::<bool>(), n), 0..n)
            .prop_map(move |(edges, pebbles, current)| {
                let pebbles = (0..n).filter(|&v| pebbles[v] && v != current).collect();
                HypergraphPosition::new(n, edges, pebbles, current).expect("valid by construction")
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn bipartite_moves_follow_the_rule(p in bipartite_positions()) {
        for u in 0..p.piles() + 1 {
            let legal = u != p.current()
                && p.pebbles().contains(u)
                && p.powered().iter().any(|v| p.neighbours(u).contains(v));
            prop_assert_eq!(RechargeableBipartite.is_legal(&p, &u), legal);
            prop_assert_eq!(RechargeableBipartite.move_list(&p).contains(&u), legal);
            if legal {
                let q = RechargeableBipartite.play(&p, &u);
                prop_assert_eq!(q.current(), u);
                prop_assert!(!q.pebbles().contains(u));
                prop_assert_eq!(q.powered(), &p.powered().intersection(&p.neighbours(u)));
            }
        }
    }

    #[test]
    fn bipartite_solver_matches_naive(p in bipartite_positions()) {
        let v = naive::value(&RechargeableBipartite, &p);
        prop_assert_eq!(Solver::new(&RechargeableBipartite).value(&p).unwrap(), v);
        prop_assert_eq!(
            Solver::new(&RechargeableBipartite).misere_outcome(&p).unwrap(),
            naive::misere_outcome(&RechargeableBipartite, &p)
        );
    }

    #[test]
    fn hypergraph_moves_follow_the_rule(p in hypergraph_positions()) {
        for v in 0..p.vertices() + 1 {
            let legal = v != p.current()
                && p.pebbles().contains(v)
                && p.edges().iter().any(|e| e.contains(v) && e.contains(p.current()));
            prop_assert_eq!(RechargeableHypergraph.is_legal(&p, &v), legal);
            prop_assert_eq!(RechargeableHypergraph.move_list(&p).contains(&v), legal);
            if legal {
                let q = RechargeableHypergraph.play(&p, &v);
                prop_assert_eq!(q.current(), v);
                prop_assert!(!q.pebbles().contains(v));
                let kept: Vec<VarSet> = p.edges().iter().filter(|e| e.contains(v)).cloned().collect();
                prop_assert_eq!(q.edges(), kept.as_slice());
            }
        }
    }

    #[test]
    fn hypergraph_solver_matches_naive(p in hypergraph_positions()) {
        let v = naive::value(&RechargeableHypergraph, &p);
        prop_assert_eq!(Solver::new(&RechargeableHypergraph).value(&p).unwrap(), v);
        prop_assert_eq!(
            Solver::new(&RechargeableHypergraph).misere_outcome(&p).unwrap(),
            naive::misere_outcome(&RechargeableHypergraph, &p)
        );
    }
}
