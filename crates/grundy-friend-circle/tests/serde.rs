//! Round trips through serde_json of Friend Circle games and positions, and refusal of a seed
//! that is not a vertex. Run with `cargo test -p grundy-friend-circle --features serde --test serde`.
#![cfg(feature = "serde")]

use grundy_core::{Ruleset, Solver};
use grundy_friend_circle::FriendCircle;
use grundy_graph::VertexSet;

#[test]
fn serde_games_and_positions_round_trip() {
    let (game, position) = FriendCircle::parse("5: 0-1t, 1-2f, 2-3f, 3-4f, 0-4f / 1 3").unwrap();
    let text = serde_json::to_string(&game).unwrap();
    assert_eq!(
        text,
        r#"{"graph":{"order":5,"edges":[[0,1],[0,4],[1,2],[2,3],[3,4]]},"seeds":[1,3]}"#
    );
    let back: FriendCircle = serde_json::from_str(&text).unwrap();
    assert_eq!(back, game);
    let p: VertexSet = serde_json::from_str(&serde_json::to_string(&position).unwrap()).unwrap();
    assert_eq!(back.to_text(&p), game.to_text(&position));
    assert_eq!(Solver::new(&back).value(&p).unwrap(), Solver::new(&game).value(&position).unwrap());
    let moves = back.move_list(&p);
    let moves_back: Vec<usize> =
        serde_json::from_str(&serde_json::to_string(&moves).unwrap()).unwrap();
    assert_eq!(moves_back, game.move_list(&position));
}

#[test]
fn serde_refuses_invalid_games() {
    let bad = r#"{"graph":{"order":3,"edges":[[0,1]]},"seeds":[3]}"#;
    let err = serde_json::from_str::<FriendCircle>(bad).unwrap_err().to_string();
    assert!(err.contains('3'), "{err}");
    assert!(
        serde_json::from_str::<FriendCircle>(r#"{"graph":{"order":3,"edges":[[0,0]]},"seeds":[]}"#)
            .is_err()
    );
    assert!(serde_json::from_str::<FriendCircle>(r#"{"graph":{"order":3,"edges":[]}}"#).is_err());
}
