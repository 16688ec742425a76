//! Round trips through serde_json of dyadic numbers, `x + n·↑ + *m` values, CGSuite
//! expressions, outcome classes and players, and refusals of text that is no dyadic number.
//! `Game` handles are store-relative and have no serde form (see its documentation).
//! Run with `cargo test -p grundy-partizan --features serde --test serde`.
#![cfg(feature = "serde")]

use core::fmt::Debug;

use grundy_core::Nimber;
use grundy_partizan::solve::Stats;
use grundy_partizan::{Dyadic, Expr, GameOrdering, GameStore, Nus, PartizanOutcome, Player};
use serde::Serialize;
use serde::de::DeserializeOwned;

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T, json: &str) {
    let text = serde_json::to_string(value).unwrap();
    assert_eq!(text, json);
    let back: T = serde_json::from_str(&text).unwrap();
    assert_eq!(&back, value);
}

#[test]
fn serde_numbers_and_classes_round_trip() {
    round_trip(&"-3/4".parse::<Dyadic>().unwrap(), "\"-3/4\"");
    round_trip(&Dyadic::from(5), "\"5\"");
    round_trip(&Dyadic::new(1, 100), "\"1/1267650600228229401496703205376\"");
    // Every dyadic n / 2^e for |n| < 40, e < 6, read back reduced.
    for n in -40i64..40 {
        for e in 0..6 {
            let x = Dyadic::new(n, e);
            assert_eq!(
                serde_json::from_str::<Dyadic>(&serde_json::to_string(&x).unwrap()).unwrap(),
                x
            );
        }
    }
    round_trip(&PartizanOutcome::L, "\"L\"");
    round_trip(&Player::Right, "\"Right\"");
    round_trip(&GameOrdering::Confused, "\"Confused\"");
    let nus = Nus { number: "1/2".parse().unwrap(), ups: -2, star: Nimber::new(3) };
    round_trip(&nus, r#"{"number":"1/2","ups":-2,"star":3}"#);
    let stats = Stats {
        nodes: 9,
        known_values: 1,
        table_hits: 2,
        table_lookups: 5,
        max_depth: 3,
        memo_clears: 1,
    };
    round_trip(
        &stats,
        r#"{"nodes":9,"known_values":1,"table_hits":2,"table_lookups":5,"max_depth":3,"memo_clears":1}"#,
    );
}

#[test]
fn serde_expressions_round_trip_to_the_same_game() {
    let mut store = GameStore::new();
    for text in ["{0, * | -1} + 1/2", "^*", "-{1|{0|-1}} - *2", "+-1", "{|}", "1/2v*3"] {
        let expr: Expr = text.parse().unwrap();
        let back: Expr = serde_json::from_str(&serde_json::to_string(&expr).unwrap()).unwrap();
        assert_eq!(back, expr);
        let (a, b) = (store.eval(&expr), store.eval(&back));
        assert_eq!(a, b, "{text}");
        // A game travels as its canonical form's text, rebuilt in the reading store.
        let shown = store.display(a).to_string();
        let mut other = GameStore::new();
        let c = other
            .parse(
                &serde_json::from_str::<String>(&serde_json::to_string(&shown).unwrap()).unwrap(),
            )
            .unwrap();
        assert_eq!(other.outcome(c), store.outcome(a));
        assert_eq!(other.display(c).to_string(), shown);
    }
}

#[test]
fn serde_refuses_invalid_numbers() {
    for bad in ["\"1/3\"", "\"1/0\"", "\"x\"", "\"\"", "\"1.5\"", "0.5", "3"] {
        assert!(serde_json::from_str::<Dyadic>(bad).is_err(), "{bad}");
    }
    assert!(serde_json::from_str::<PartizanOutcome>("\"Q\"").is_err());
    assert!(serde_json::from_str::<Nus>(r#"{"number":"1/3","ups":0,"star":0}"#).is_err());
}
