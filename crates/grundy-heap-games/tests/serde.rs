//! Round trips through serde_json of the positions, moves and rulesets of Antonim, Tower Nim,
//! Rotisserie Nim and Greedy Nim, and refusals of positions with an empty or repeated heap.
//! Run with `cargo test -p grundy-heap-games --features serde --test serde`.
#![cfg(feature = "serde")]

use core::fmt::Debug;

use grundy_core::{Nimber, Ruleset, Solver};
use grundy_heap_games::{
    Antonim, GreedyNim, HeapSet, Heaps, Queue, RotisserieNim, Tower, TowerNim, antonim, greedy,
    rotisserie, tower,
};
use serde::Serialize;
use serde::de::DeserializeOwned;

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T, json: &str) {
    let text = serde_json::to_string(value).unwrap();
    assert_eq!(text, json);
    let back: T = serde_json::from_str(&text).unwrap();
    assert_eq!(&back, value);
}

/// The moves to P-positions of `position`, found by the generic solver.
fn winning<R: Ruleset>(game: &R, position: &R::Position) -> Vec<R::Move> {
    let mut solver = Solver::new(game);
    game.move_list(position)
        .into_iter()
        .filter(|mv| solver.value(&game.play(position, mv)).unwrap() == Nimber::ZERO)
        .collect()
}

#[test]
fn serde_positions_round_trip() {
    round_trip(&"5 1 3".parse::<HeapSet>().unwrap(), "[1,3,5]");
    round_trip(&"3 5 5 1".parse::<Heaps>().unwrap(), "[3,5,5,1]");
    round_trip(&"5 2 4".parse::<Queue>().unwrap(), "[5,2,4]");
    round_trip(&"5 2 4".parse::<Tower>().unwrap(), "[5,2,4]");
    round_trip(&Tower::default(), "[]");
    // Antonim sorts its heaps on the way in, as its constructor does.
    assert_eq!(
        serde_json::from_str::<HeapSet>("[5,1,3]").unwrap(),
        HeapSet::new([1, 3, 5]).unwrap()
    );
}

#[test]
fn serde_moves_round_trip_and_still_win() {
    let set: HeapSet = "1 3 5".parse().unwrap();
    let moves = winning(&Antonim, &set);
    let back: Vec<antonim::Move> =
        serde_json::from_str(&serde_json::to_string(&moves).unwrap()).unwrap();
    assert_eq!(back, moves);
    for mv in &back {
        assert_eq!(Solver::new(&Antonim).value(&Antonim.play(&set, mv)).unwrap(), Nimber::ZERO);
    }
    round_trip(&antonim::Move::new(2, 4), r#"{"heap":2,"take":4}"#);
    round_trip(&greedy::Move::new(0, 1), r#"{"heap":0,"take":1}"#);
    round_trip(&rotisserie::Move::new(3), r#"{"take":3}"#);
    round_trip(&tower::Move::new(2), r#"{"take":2}"#);
    let stack: Tower = "3 1 2".parse().unwrap();
    let moves = winning(&TowerNim, &stack);
    assert!(!moves.is_empty());
    let back: Vec<tower::Move> =
        serde_json::from_str(&serde_json::to_string(&moves).unwrap()).unwrap();
    assert_eq!(back, moves);
    for game in
        [serde_json::to_string(&GreedyNim).unwrap(), serde_json::to_string(&RotisserieNim).unwrap()]
    {
        assert_eq!(game, "null");
    }
}

#[test]
fn serde_refuses_invalid_positions() {
    let err = serde_json::from_str::<HeapSet>("[1,3,1]").unwrap_err().to_string();
    assert!(err.contains("heap 3"), "{err}");
    for bad in ["[0]", "[2,0]", "[-1]", "[1.5]", "\"1 2\""] {
        assert!(serde_json::from_str::<HeapSet>(bad).is_err(), "{bad}");
        assert!(serde_json::from_str::<Heaps>(bad).is_err(), "{bad}");
        assert!(serde_json::from_str::<Queue>(bad).is_err(), "{bad}");
        assert!(serde_json::from_str::<Tower>(bad).is_err(), "{bad}");
    }
    assert!(serde_json::from_str::<tower::Move>(r#"{"take":-2}"#).is_err());
}
