//! Round trips through serde_json of Nim's positions, moves and rulesets, and refusals of data
//! no position has. Run with `cargo test -p grundy-nim --features serde --test serde`.
#![cfg(feature = "serde")]

use core::fmt::Debug;

use grundy_core::{Outcome, Solver};
use grundy_nim::{BoolHeaps, BooleanNim, Heaps, Nim, NimMove};
use num_bigint::BigUint;
use serde::Serialize;
use serde::de::DeserializeOwned;

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T, json: &str) {
    let text = serde_json::to_string(value).unwrap();
    assert_eq!(text, json);
    let back: T = serde_json::from_str(&text).unwrap();
    assert_eq!(&back, value);
}

#[test]
fn serde_heaps_and_moves_round_trip() {
    let position: Heaps = "3 5 7".parse().unwrap();
    round_trip(&position, "[3,5,7]");
    round_trip(&Heaps::default(), "[]");
    let big: Heaps = "18446744073709551615 18446744073709551616 1".parse().unwrap();
    round_trip(&big, r#"[18446744073709551615,"18446744073709551616",1]"#);
    // A small heap written as digits is the same heap.
    let back: Heaps = serde_json::from_str(r#"["3",5,"7"]"#).unwrap();
    assert_eq!(back, position);

    let moves = Nim.winning_moves(&position);
    round_trip(&moves, r#"[{"heap":0,"take":1},{"heap":1,"take":1},{"heap":2,"take":1}]"#);
    let mv = NimMove::new(1, BigUint::from(2u8).pow(70));
    round_trip(&mv, r#"{"heap":1,"take":"1180591620717411303424"}"#);
    // The position a deserialised winning move leads to is a P-position.
    let back: NimMove = serde_json::from_str(r#"{"heap":2,"take":1}"#).unwrap();
    let next = Nim.play_checked(&position, &back).unwrap();
    assert_eq!(Nim.outcome(&next), Outcome::P);
    round_trip(&Nim, "null");
}

#[test]
fn serde_boolean_nim_round_trip() {
    let heaps: BoolHeaps = "1001101".parse().unwrap();
    round_trip(&heaps, "\"1001101\"");
    round_trip(&BoolHeaps::default(), "\"\"");
    let long = BoolHeaps::from_bits((0..130).map(|i| i % 3 == 0));
    let back: BoolHeaps = serde_json::from_str(&serde_json::to_string(&long).unwrap()).unwrap();
    assert_eq!(back, long);
    assert_eq!(back.count(), 44);
    // Four pebbles: value 0.
    let value = Solver::new(&BooleanNim).value(&heaps).unwrap();
    round_trip(&value, "0");
    round_trip(&BooleanNim, "null");
}

#[test]
fn serde_refuses_invalid_positions() {
    for bad in [r#"[-1]"#, r#"[1.5]"#, r#"["12a"]"#, r#"[""]"#, r#"["-3"]"#, r#""3 5 7""#, "[null]"]
    {
        assert!(serde_json::from_str::<Heaps>(bad).is_err(), "{bad} was accepted");
    }
    assert!(serde_json::from_str::<NimMove>(r#"{"heap":-1,"take":1}"#).is_err());
    assert!(serde_json::from_str::<NimMove>(r#"{"heap":0}"#).is_err());
    let err = serde_json::from_str::<BoolHeaps>("\"1021\"").unwrap_err();
    assert!(err.to_string().contains("invalid character '2' at heap 3"), "{err}");
    assert!(serde_json::from_str::<BoolHeaps>("[1,0]").is_err());
}
