//! Round trips through serde_json of octal codes, rules, positions, moves and Rob's Dots, and
//! refusals of data that no code, rule set, row or move has. Run with
//! `cargo test -p grundy-octal --features serde --test serde`.
#![cfg(feature = "serde")]

use core::fmt::Debug;

use grundy_core::{Nimber, Ruleset, Solver};
use grundy_octal::{Code, Dots, Heaps, Octal, OctalMove, Rules, SequenceMethod, WinningMoves};
use serde::Serialize;
use serde::de::DeserializeOwned;

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T, json: &str) {
    let text = serde_json::to_string(value).unwrap();
    assert_eq!(text, json);
    let back: T = serde_json::from_str(&text).unwrap();
    assert_eq!(&back, value);
}

#[test]
fn serde_codes_and_rules_round_trip() {
    round_trip(&Code::dawson_chess(), "\"0.137\"");
    round_trip(&Code::kayles(), "\"0.77\"");
    round_trip(&"4.0".parse::<Code>().unwrap(), "\"4.0\"");
    round_trip(&"0x0.f".parse::<Code>().unwrap(), "\"0x0.f\"");
    round_trip(
        &Rules::octal(Code::kayles()),
        r#"{"octal":{"code":"0.77","unequal_splits":false}}"#,
    );
    round_trip(&Rules::subtraction([3, 1, 2]).unwrap(), r#"{"subtraction":[1,2,3]}"#);
    round_trip(&Rules::grundys_game(), "\"grundy\"");
    let unequal = Rules::octal(Code::dawson_chess()).with_unequal_splits();
    round_trip(&unequal, r#"{"octal":{"code":"0.137","unequal_splits":true}}"#);
    // `unequal_splits` may be left out.
    let back: Rules = serde_json::from_str(r#"{"octal":{"code":"0.137"}}"#).unwrap();
    assert_eq!(back, Rules::octal(Code::dawson_chess()));
    round_trip(&SequenceMethod::Fast, "\"Fast\"");
}

#[test]
fn serde_positions_and_moves_round_trip() {
    // Kayles 0.77 on heaps 3 and 5: values 3 and 4, a winning move makes them equal.
    let game = Octal::new(Code::kayles());
    let position = Heaps::new(vec![3, 5]);
    round_trip(&position, "[3,5]");
    let winning: Vec<OctalMove> = game
        .move_list(&position)
        .into_iter()
        .filter(|mv| Solver::new(&game).value(&game.play(&position, mv)).unwrap() == Nimber::ZERO)
        .collect();
    assert!(!winning.is_empty());
    let text = serde_json::to_string(&winning).unwrap();
    let back: Vec<OctalMove> = serde_json::from_str(&text).unwrap();
    assert_eq!(back, winning);
    round_trip(&OctalMove::new(0, 3, vec![41, 6]), r#"{"heap":0,"take":3,"rest":[6,41]}"#);
    // The rest is sorted on the way in, as the constructor does.
    let back: OctalMove = serde_json::from_str(r#"{"heap":0,"take":3,"rest":[41,6]}"#).unwrap();
    assert_eq!(back, OctalMove::new(0, 3, vec![6, 41]));
    let listed: WinningMoves =
        serde_json::from_str(&format!(r#"{{"moves":{text},"count":7}}"#)).unwrap();
    assert_eq!(listed.moves(), &winning[..]);
    assert_eq!(listed.count(), 7);
    let again: WinningMoves =
        serde_json::from_str(&serde_json::to_string(&listed).unwrap()).unwrap();
    assert_eq!(again, listed);
}

#[test]
fn serde_dots_round_trip() {
    let row = Dots::new(10).mark(3).unwrap();
    round_trip(&row, "\"...x......\"");
    let back: Dots = serde_json::from_str("\"..X.o\"").unwrap();
    assert_eq!(back.to_string(), "..x.x");
}

#[test]
fn serde_refuses_invalid_data() {
    for bad in ["\"0.18\"", "\"\"", "\"0.1.2\"", "137", "\"0x0.g\""] {
        assert!(serde_json::from_str::<Code>(bad).is_err(), "{bad} was accepted");
    }
    for bad in [
        r#"{"subtraction":[]}"#,
        r#"{"subtraction":[0,1]}"#,
        r#"{"octal":{"code":"0.8"}}"#,
        "\"kayles\"",
    ] {
        assert!(serde_json::from_str::<Rules>(bad).is_err(), "{bad} was accepted");
    }
    let err = serde_json::from_str::<Rules>(r#"{"subtraction":[0,1]}"#).unwrap_err();
    assert!(err.to_string().contains("0 is not a move"), "{err}");
    assert!(serde_json::from_str::<Dots>("\"..xx.\"").is_err());
    assert!(serde_json::from_str::<Dots>("\"..a.\"").is_err());
    assert!(serde_json::from_str::<Heaps>("[3,-5]").is_err());
    for bad in [r#"{"heap":0,"take":1,"rest":[1,2,3,4]}"#, r#"{"heap":0,"take":1,"rest":[0,2]}"#] {
        assert!(serde_json::from_str::<OctalMove>(bad).is_err(), "{bad} was accepted");
    }
    let bad = r#"{"moves":[{"heap":0,"take":1,"rest":[]}],"count":0}"#;
    assert!(serde_json::from_str::<WinningMoves>(bad).is_err());
}
