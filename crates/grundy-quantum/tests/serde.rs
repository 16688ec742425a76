//! Round trips through serde_json of superpositions, quantum positions and moves and the
//! quantum rulesets, and refusals of an empty quantum move and a quantum ruleset of width 0.
//! Run with `cargo test -p grundy-quantum --features serde --test serde`.
#![cfg(feature = "serde")]

use core::fmt::Debug;

use grundy_core::{Outcome, Ruleset, Solver};
use grundy_nim::{Heaps, Nim, NimMove};
use grundy_quantum::{
    DemiQuantumNim, Quantum, QuantumMove, QuantumNim, QuantumPosition, Superposition,
};
use serde::Serialize;
use serde::de::DeserializeOwned;

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T, json: &str) {
    let text = serde_json::to_string(value).unwrap();
    assert_eq!(text, json);
    let back: T = serde_json::from_str(&text).unwrap();
    assert_eq!(&back, value);
}

#[test]
fn serde_superpositions_round_trip() {
    let p: Superposition<Heaps> = "1 2 / x / 0 3".parse().unwrap();
    round_trip(&p, "[[1,2],null,[0,3]]");
    let game = DemiQuantumNim::new(Nim);
    let back: Superposition<Heaps> = serde_json::from_str("[[1,2],null,[0,3]]").unwrap();
    assert_eq!(Solver::new(&game).outcome(&back).unwrap(), Solver::new(&game).outcome(&p).unwrap());
    round_trip(&game, "{\"inner\":null}");
}

#[test]
fn serde_quantum_positions_and_moves_round_trip() {
    let game: QuantumNim = Quantum::new(Nim, 2).unwrap();
    let start = QuantumPosition::classical(Heaps::new([2u32, 2]));
    round_trip(&start, "[[2,2]]");
    let split = QuantumMove::new([NimMove::new(1, 1u32), NimMove::new(0, 1u32)]).unwrap();
    round_trip(&split, r#"[{"heap":0,"take":1},{"heap":1,"take":1}]"#);
    // Deserialising sorts and drops repeats, as the constructor does.
    let back: QuantumMove<NimMove> =
        serde_json::from_str(r#"[{"heap":1,"take":1},{"heap":0,"take":1},{"heap":1,"take":1}]"#)
            .unwrap();
    assert_eq!(back, split);
    let next = game.play(&start, &back);
    round_trip(&next, "[[1,2],[2,1]]");
    assert_eq!(Solver::new(&game).outcome(&next).unwrap(), Outcome::P);
    // Repeated realizations are dropped, the first appearance kept.
    let back: QuantumPosition<Heaps> = serde_json::from_str("[[2,1],[1,2],[2,1]]").unwrap();
    assert_eq!(back.realizations(), [Heaps::new([2u32, 1]), Heaps::new([1u32, 2])]);
    round_trip(&game, r#"{"inner":null,"width":2}"#);
}

#[test]
fn serde_refuses_invalid_quantum_data() {
    let err = serde_json::from_str::<QuantumMove<NimMove>>("[]").unwrap_err();
    assert!(err.to_string().contains("needs at least one classical move"), "{err}");
    let err = serde_json::from_str::<QuantumNim>(r#"{"inner":null,"width":0}"#).unwrap_err();
    assert!(err.to_string().contains("must be at least 1"), "{err}");
    assert!(serde_json::from_str::<QuantumNim>(r#"{"inner":null,"width":1}"#).is_ok());
    assert!(serde_json::from_str::<Superposition<Heaps>>("[[1,-2]]").is_err());
    assert!(serde_json::from_str::<QuantumPosition<Heaps>>("[[1],\"x\"]").is_err());
}
