//! Round trips through serde_json of variable sets, formulas and the positions of Avoid True
//! and the Rechargeable Boolean Nims, and refusals of data that breaks their constructors'
//! checks. Run with `cargo test -p grundy-avoid-true --features serde --test serde`.
#![cfg(feature = "serde")]

use core::fmt::Debug;

use grundy_avoid_true::{
    AvoidTrue, AvoidTruePosition, BipartitePosition, Formula, HypergraphPosition,
    RechargeableBipartite, RechargeableHypergraph, VarSet,
};
use grundy_core::{Ruleset, Solver};
use serde::Serialize;
use serde::de::DeserializeOwned;

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T, json: &str) {
    let text = serde_json::to_string(value).unwrap();
    assert_eq!(text, json);
    let back: T = serde_json::from_str(&text).unwrap();
    assert_eq!(&back, value);
}

fn set(elements: &[usize]) -> VarSet {
    elements.iter().copied().collect()
}

#[test]
fn serde_sets_formulas_and_avoid_true_round_trip() {
    round_trip(&set(&[7, 0, 3, 200]), "[0,3,7,200]");
    let g: Formula = "(a | b) & (b | c)".parse().unwrap();
    round_trip(&g, r#"{"names":["a","b","c"],"clauses":[[0,1],[1,2]]}"#);
    let p = g.with_variables(["d"]).unwrap().position(&["b"]).unwrap();
    round_trip(&p, r#"{"variables":4,"clauses":[[0,1],[1,2]],"true_vars":[1]}"#);
    // The deserialised position plays as the original, moves (variable indices) included.
    let back: AvoidTruePosition =
        serde_json::from_str(&serde_json::to_string(&p).unwrap()).unwrap();
    assert_eq!(
        Solver::new(&AvoidTrue).value(&back).unwrap(),
        Solver::new(&AvoidTrue).value(&p).unwrap()
    );
    assert_eq!(AvoidTrue.move_list(&back), AvoidTrue.move_list(&p));
    round_trip(&AvoidTrue, "null");
}

#[test]
fn serde_rechargeable_positions_round_trip() {
    let h = HypergraphPosition::new(3, vec![set(&[0, 2]), set(&[1, 2])], set(&[0, 1]), 2).unwrap();
    round_trip(&h, r#"{"vertices":3,"edges":[[0,2],[1,2]],"pebbles":[0,1],"current":2}"#);
    let back: HypergraphPosition =
        serde_json::from_str(&serde_json::to_string(&h).unwrap()).unwrap();
    assert_eq!(
        Solver::new(&RechargeableHypergraph).value(&back).unwrap(),
        Solver::new(&RechargeableHypergraph).value(&h).unwrap()
    );
    let b =
        BipartitePosition::new(3, 2, [(0, 0), (1, 1), (2, 0), (2, 1)], set(&[0, 1]), 2).unwrap();
    round_trip(
        &b,
        r#"{"piles":3,"stations":2,"edges":[[0,0],[1,1],[2,0],[2,1]],"pebbles":[0,1],"powered":[0,1],"current":2}"#,
    );
    let back: BipartitePosition =
        serde_json::from_str(&serde_json::to_string(&b).unwrap()).unwrap();
    assert_eq!(
        Solver::new(&RechargeableBipartite).value(&back).unwrap(),
        Solver::new(&RechargeableBipartite).value(&b).unwrap()
    );
}

#[test]
fn serde_refuses_invalid_positions() {
    let err = |r: Result<AvoidTruePosition, serde_json::Error>| r.unwrap_err().to_string();
    let e = err(serde_json::from_str(r#"{"variables":2,"clauses":[[0,2]],"true_vars":[]}"#));
    assert!(e.contains("clause 1"), "{e}");
    assert!(
        serde_json::from_str::<AvoidTruePosition>(
            r#"{"variables":2,"clauses":[],"true_vars":[5]}"#
        )
        .is_err()
    );
    assert!(serde_json::from_str::<Formula>(r#"{"names":["a","a"],"clauses":[]}"#).is_err());
    assert!(serde_json::from_str::<Formula>(r#"{"names":["a b"],"clauses":[]}"#).is_err());
    assert!(serde_json::from_str::<Formula>(r#"{"names":["a"],"clauses":[[1]]}"#).is_err());
    // The token on a pebble, or out of range.
    assert!(
        serde_json::from_str::<HypergraphPosition>(
            r#"{"vertices":2,"edges":[],"pebbles":[1],"current":1}"#
        )
        .is_err()
    );
    assert!(
        serde_json::from_str::<HypergraphPosition>(
            r#"{"vertices":2,"edges":[],"pebbles":[],"current":2}"#
        )
        .is_err()
    );
    // A powered station not adjacent to the current pile, and a huge number of piles.
    let bad =
        r#"{"piles":2,"stations":2,"edges":[[0,0],[1,1]],"pebbles":[],"powered":[1],"current":0}"#;
    assert!(serde_json::from_str::<BipartitePosition>(bad).is_err());
    let huge = format!(
        r#"{{"piles":{},"stations":1,"edges":[],"pebbles":[],"powered":[],"current":0}}"#,
        usize::MAX
    );
    assert!(
        serde_json::from_str::<BipartitePosition>(&huge)
            .unwrap_err()
            .to_string()
            .contains("at most")
    );
    assert!(serde_json::from_str::<VarSet>(&format!("[{}]", 1u64 << 20)).is_err());
    assert!(serde_json::from_str::<VarSet>("[-1]").is_err());
}
