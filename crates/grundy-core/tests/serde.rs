//! Round trips through serde_json of the types behind the `serde` feature, and refusals of
//! data no value has. Run with `cargo test -p grundy-core --features serde --test serde`.
#![cfg(feature = "serde")]

use core::fmt::Debug;
use std::time::Duration;

use grundy_core::compact::Replacement;
use grundy_core::solver::{Known, Method};
use grundy_core::sum::{CrossMove, SumMove};
use grundy_core::table::TableStats;
use grundy_core::{Budget, Config, Nimber, NimberSet, Outcome, Ruleset, Solver, Stats, Sum};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// Serialises `value`, checks the JSON text, deserialises it and checks that the same value
/// comes back.
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T, json: &str) {
    let text = serde_json::to_string(value).unwrap();
    assert_eq!(text, json);
    let back: T = serde_json::from_str(&text).unwrap();
    assert_eq!(&back, value);
}

/// Take 1 or 2 from a heap: values 0 1 2 0 1 2 ...
struct TakeOneOrTwo;

impl Ruleset for TakeOneOrTwo {
    type Position = u32;
    type Move = u32;
    fn moves(&self, heap: &u32, moves: &mut Vec<u32>) {
        moves.extend((1..=2).filter(|take| take <= heap));
    }
    fn play(&self, heap: &u32, take: &u32) -> u32 {
        heap - take
    }
}

#[test]
fn serde_nimbers_and_outcomes_round_trip() {
    round_trip(&Nimber::new(5), "5");
    round_trip(&Nimber::MAX, &u64::MAX.to_string());
    round_trip(&Outcome::P, "\"P\"");
    round_trip(&Outcome::N, "\"N\"");
    let set: NimberSet = [4, 0, 1, 70_000].into_iter().map(Nimber::new).collect();
    round_trip(&set, "[0,1,4,70000]");
    round_trip(&NimberSet::new(), "[]");
    // Repeats and any order are accepted and mean the set of the values.
    let back: NimberSet = serde_json::from_str("[4,1,0,4,70000]").unwrap();
    assert_eq!(back, set);
}

#[test]
fn serde_solver_results_round_trip() {
    let sum = Sum::new(TakeOneOrTwo);
    let mut solver = Solver::new(&sum);
    let value = solver.value(&vec![4, 5, 8]).unwrap();
    round_trip(&value, "1");
    let stats = solver.stats();
    assert!(stats.nodes > 0);
    let back: Stats = serde_json::from_str(&serde_json::to_string(&stats).unwrap()).unwrap();
    assert_eq!(back, stats);
    let table = TableStats { lookups: 9, hits: 4, stores: 5, evictions: 1 };
    round_trip(&table, r#"{"lookups":9,"hits":4,"stores":5,"evictions":1}"#);
    // Winning moves of a sum: from *1 + *2 + *2 move the first part to 0 (take 1 from 4).
    let winning: Vec<SumMove<u32>> = sum
        .move_list(&vec![4, 5, 8])
        .into_iter()
        .filter(|mv| solver.value(&sum.play(&vec![4, 5, 8], mv)).unwrap() == Nimber::ZERO)
        .collect();
    round_trip(&winning, r#"[{"part":0,"mv":1}]"#);
    round_trip(&CrossMove::<u32, String>::Right("x".into()), r#"{"Right":"x"}"#);
    round_trip(&Known::Excludes(0b101), r#"{"Excludes":5}"#);
    round_trip(&Known::Value(Nimber::new(3)), r#"{"Value":3}"#);
}

#[test]
fn serde_configs_round_trip() {
    let config =
        Config::default().with_table_bytes(1 << 20).with_method(Method::Pruned).with_budget(
            Budget::unlimited().with_max_nodes(1000).with_time_limit(Duration::from_millis(1500)),
        );
    let text = serde_json::to_string(&config).unwrap();
    assert_eq!(
        text,
        r#"{"table_bytes":1048576,"budget":{"max_nodes":1000,"time_limit":{"secs":1,"nanos":500000000}},"method":"Pruned","exclusions":true}"#
    );
    let back: Config = serde_json::from_str(&text).unwrap();
    assert_eq!(back.table_bytes(), 1 << 20);
    assert_eq!(back.method(), Method::Pruned);
    assert!(back.exclusions());
    assert_eq!(back.budget().max_nodes(), Some(1000));
    assert_eq!(back.budget().time_limit(), Some(Duration::from_millis(1500)));
    round_trip(&Replacement::KeepOld, "\"KeepOld\"");
}

#[test]
fn serde_refuses_invalid_data() {
    assert!(serde_json::from_str::<Nimber>("-1").is_err());
    assert!(serde_json::from_str::<Nimber>("\"*3\"").is_err());
    assert!(serde_json::from_str::<Nimber>("18446744073709551616").is_err());
    assert!(serde_json::from_str::<Outcome>("\"Q\"").is_err());
    assert!(serde_json::from_str::<NimberSet>("[1,-2]").is_err());
    assert!(serde_json::from_str::<Method>("\"Fast\"").is_err());
}
