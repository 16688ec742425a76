//! Round trips through serde_json of Demographic Influence games, positions and moves, and
//! refusal of a demographic member that is not a vertex. Run with
//! `cargo test -p grundy-demographic-influence --features serde --test serde`.
#![cfg(feature = "serde")]

use grundy_core::{Nimber, Ruleset, Solver};
use grundy_demographic_influence::{DemographicInfluence, InfluenceMove};

#[test]
fn serde_games_positions_and_moves_round_trip() {
    let (game, theta) = DemographicInfluence::parse("0-1 1-2 / 2 1 0 / 0 1; 2; 1 2").unwrap();
    let text = serde_json::to_string(&game).unwrap();
    assert_eq!(
        text,
        r#"{"graph":{"order":3,"edges":[[0,1],[1,2]]},"demographics":[[0,1],[2],[1,2]]}"#
    );
    let back: DemographicInfluence = serde_json::from_str(&text).unwrap();
    assert_eq!(back, game);
    let theta_back: Vec<i64> =
        serde_json::from_str(&serde_json::to_string(&theta).unwrap()).unwrap();
    assert_eq!(back.to_text(&theta_back), game.to_text(&theta));
    let mut solver = Solver::new(&back);
    let winning: Vec<InfluenceMove> = back
        .move_list(&theta_back)
        .into_iter()
        .filter(|mv| solver.value(&back.play(&theta_back, mv)).unwrap() == Nimber::ZERO)
        .collect();
    let moves_back: Vec<InfluenceMove> =
        serde_json::from_str(&serde_json::to_string(&winning).unwrap()).unwrap();
    assert_eq!(moves_back, winning);
    for mv in &moves_back {
        assert_eq!(Solver::new(&game).value(&game.play(&theta, mv)).unwrap(), Nimber::ZERO);
    }
}

#[test]
fn serde_refuses_invalid_games() {
    let bad = r#"{"graph":{"order":2,"edges":[[0,1]]},"demographics":[[0,2]]}"#;
    assert!(serde_json::from_str::<DemographicInfluence>(bad).is_err());
    assert!(
        serde_json::from_str::<DemographicInfluence>(
            r#"{"graph":{"order":2,"edges":[[0,5]]},"demographics":[]}"#
        )
        .is_err()
    );
}
