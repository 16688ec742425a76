//! The facade's `serde` feature reaches every family crate: one round trip per family through
//! the facade's paths, and a refusal of invalid data. Run with
//! `cargo test -p grundy --features serde --test serde`.
#![cfg(feature = "serde")]

use grundy::{Nimber, Outcome};

/// Serialises and deserialises, checking that the value comes back and the JSON text.
fn round_trip<T>(value: &T, json: &str)
where
    T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + core::fmt::Debug,
{
    let text = serde_json::to_string(value).unwrap();
    assert_eq!(text, json);
    assert_eq!(&serde_json::from_str::<T>(&text).unwrap(), value);
}

#[test]
fn serde_reaches_every_default_family() {
    round_trip(&Nimber::new(6), "6");
    round_trip(&Outcome::N, "\"N\"");
    round_trip(&"3 5 7".parse::<grundy::nim::Heaps>().unwrap(), "[3,5,7]");
    round_trip(&"5 2 4".parse::<grundy::heap_games::Tower>().unwrap(), "[5,2,4]");
    round_trip(&grundy::octal::Code::dawson_chess(), "\"0.137\"");
    round_trip(
        &"101/011".parse::<grundy::transverse_wave::BoolMatrix>().unwrap(),
        r#"{"cols":3,"cells":["101","011"]}"#,
    );
    round_trip(
        &grundy::quantum::Superposition::from_realizations([grundy::nim::Heaps::new([1u32])]),
        "[[1]]",
    );
    round_trip(&[0, 3].into_iter().collect::<grundy::avoid_true::VarSet>(), "[0,3]");
    round_trip(&grundy::graph::Graph::path(3), r#"{"order":3,"edges":[[0,1],[1,2]]}"#);
    round_trip(
        &grundy::node_kayles::NodeKayles::new(grundy::graph::Graph::path(2)),
        r#"{"order":2,"edges":[[0,1]]}"#,
    );
    let (circle, _) = grundy::friend_circle::FriendCircle::parse("0-1f / 0").unwrap();
    round_trip(&circle, r#"{"graph":{"order":2,"edges":[[0,1]]},"seeds":[0]}"#);
    let (influence, _) =
        grundy::demographic_influence::DemographicInfluence::parse("0-1 / 1 0 / 0").unwrap();
    round_trip(&influence, r#"{"graph":{"order":2,"edges":[[0,1]]},"demographics":[[0]]}"#);
    round_trip(&grundy::graph_games::GeographyRule::Edge, "\"Edge\"");
    round_trip(
        &"1,0 0,1 -1,1".parse::<grundy::lattice::RuleSet>().unwrap(),
        "[[1,0],[0,1],[-1,1]]",
    );
    round_trip(&"1/2".parse::<grundy::partizan::Dyadic>().unwrap(), "\"1/2\"");
}

#[test]
fn serde_refuses_invalid_data_through_the_facade() {
    assert!(serde_json::from_str::<grundy::octal::Code>("\"0.8\"").is_err());
    assert!(
        serde_json::from_str::<grundy::graph::Graph>(r#"{"order":1,"edges":[[0,0]]}"#).is_err()
    );
    assert!(serde_json::from_str::<grundy::lattice::RuleSet>("[[-1,0],[0,1]]").is_err());
}
