//! Round trips through serde_json of the Cram boards and Chomp bars (as their text) and of the
//! rulesets (as their sides), and refusals of what the constructors refuse.
//! Run with `cargo test -p grundy-cram-chomp --features serde --test serde`.
#![cfg(feature = "serde")]

use grundy_cram_chomp::{Chomp, ChompBar, Cram, CramBoard};

/// The serde forms: a board as its text, a ruleset as its sides, both checked when read.
#[test]
fn cram_serde_round_trips() {
    let board: CramBoard = "..#./....".parse().unwrap();
    let json = serde_json::to_string(&board).unwrap();
    assert_eq!(json, "\"..#./....\"");
    assert_eq!(serde_json::from_str::<CramBoard>(&json).unwrap(), board);
    assert!(serde_json::from_str::<CramBoard>("\"9x9\"").is_err());
    let game = Cram::new(3, 4).unwrap();
    let json = serde_json::to_string(&game).unwrap();
    assert_eq!(json, r#"{"rows":3,"cols":4}"#);
    assert_eq!(serde_json::from_str::<Cram>(&json).unwrap(), game);
    assert!(serde_json::from_str::<Cram>(r#"{"rows":0,"cols":4}"#).is_err());
}

/// The serde forms: a bar as its text, a ruleset as its sides, both checked when read.
#[test]
fn chomp_serde_round_trips() {
    let bar: ChompBar = "4,3,3,1".parse().unwrap();
    let json = serde_json::to_string(&bar).unwrap();
    assert_eq!(json, "\"4,3,3,1\"");
    assert_eq!(serde_json::from_str::<ChompBar>(&json).unwrap(), bar);
    assert!(serde_json::from_str::<ChompBar>("\"3,4\"").is_err());
    let game = Chomp::new(3, 4).unwrap();
    let json = serde_json::to_string(&game).unwrap();
    assert_eq!(json, r#"{"rows":3,"cols":4}"#);
    assert_eq!(serde_json::from_str::<Chomp>(&json).unwrap(), game);
    assert!(serde_json::from_str::<Chomp>(r#"{"rows":16,"cols":4}"#).is_err());
}
