//! Round trips through serde_json of points, rule sets and lattice games, and refusals of
//! rule sets that break Guo and Miller's axioms. Run with
//! `cargo test -p grundy-lattice --features serde --test serde`.
#![cfg(feature = "serde")]

use grundy_core::{Outcome, Solver};
use grundy_lattice::{GeneralBoard, LatticeGame, Play, Point, RuleSet, SearchLimits};

#[test]
fn serde_points_and_rules_round_trip() {
    let p = Point::new([3, 0, 1]);
    assert_eq!(serde_json::to_string(&p).unwrap(), "[3,0,1]");
    assert_eq!(serde_json::from_str::<Point>("[3,0,1]").unwrap(), p);
    let nim2: RuleSet = "1,0 0,1 -1,1".parse().unwrap();
    let text = serde_json::to_string(&nim2).unwrap();
    assert_eq!(text, "[[1,0],[0,1],[-1,1]]");
    let back: RuleSet = serde_json::from_str(&text).unwrap();
    assert_eq!(back, nim2);
    assert_eq!(back.weights(), nim2.weights());
    let limits = SearchLimits { max_threshold: 5, max_period: 3 };
    let text = serde_json::to_string(&limits).unwrap();
    assert_eq!(text, r#"{"max_threshold":5,"max_period":3}"#);
    assert_eq!(serde_json::from_str::<SearchLimits>(&text).unwrap(), limits);
    assert_eq!(serde_json::from_str::<Play>("\"Misere\"").unwrap(), Play::Misere);
}

#[test]
fn serde_games_round_trip_and_play_alike() {
    let rules: RuleSet = "1,0 0,1 -1,1".parse().unwrap();
    let normal = LatticeGame::normal(rules.clone());
    let misere = LatticeGame::misere(rules.clone());
    let text = serde_json::to_string(&misere).unwrap();
    assert_eq!(text, r#"{"rules":[[1,0],[0,1],[-1,1]],"generators":[[0,0]]}"#);
    let back: LatticeGame = serde_json::from_str(&text).unwrap();
    assert_eq!(back, misere);
    let back_normal: LatticeGame =
        serde_json::from_str(&serde_json::to_string(&normal).unwrap()).unwrap();
    assert_eq!(back_normal, normal);
    // Without generators: normal play.
    let plain: LatticeGame = serde_json::from_str(r#"{"rules":[[1,0],[0,1],[-1,1]]}"#).unwrap();
    assert_eq!(plain, normal);
    // The deserialised games play as the originals on a box of points.
    for (original, copy) in [(&normal, &back_normal), (&misere, &back)] {
        let (mut a, mut b) = (Solver::new(original), Solver::new(copy));
        for x in 0..5 {
            for y in 0..5 {
                let p = Point::new([x, y]);
                assert_eq!(a.outcome(&p).unwrap(), b.outcome(&p).unwrap());
            }
        }
    }
    assert_eq!(Solver::new(&back).outcome(&Point::new([1, 0])).unwrap(), Outcome::P);
}

#[test]
fn serde_refuses_invalid_rules_and_games() {
    let refused = |json: &str| serde_json::from_str::<RuleSet>(json).unwrap_err().to_string();
    assert!(refused("[[-1,0],[0,1]]").starts_with("axiom 1 fails"));
    assert!(refused("[]").contains("at least one vector"));
    assert!(refused("[[0,0]]").contains("rule vector 1 is zero"));
    assert!(refused("[[1,0],[1]]").contains("rule vector 2 has 1 coordinates"));
    assert!(refused("[[1,0],[0,1],[1,0]]").contains("rule vectors 1 and 3 are equal"));
    assert!(serde_json::from_str::<RuleSet>("[[1,0],[0,1.5]]").is_err());
    // A generator of the wrong dimension.
    let bad = r#"{"rules":[[1,0],[0,1]],"generators":[[0,0,0]]}"#;
    let err = serde_json::from_str::<LatticeGame>(bad).unwrap_err().to_string();
    assert!(err.contains("generator 1 has 3 coordinates"), "{err}");
    assert!(serde_json::from_str::<LatticeGame>(r#"{"rules":[[-1,0],[0,1]]}"#).is_err());
    assert!(serde_json::from_str::<Point>("[1,-1]").is_err());
}

#[test]
fn serde_general_boards_round_trip() {
    let even =
        GeneralBoard::from_text("x0 >= 0, x1 >= 0", 2, Some(vec![vec![1, 1], vec![2, 0]])).unwrap();
    let text = serde_json::to_string(&even).unwrap();
    assert_eq!(text, r#"{"board":"Z^2: x0 >= 0, x1 >= 0","lattice":[[1,1],[0,2]]}"#);
    assert_eq!(serde_json::from_str::<GeneralBoard>(&text).unwrap(), even);
    let cone = GeneralBoard::from_text("Z^2: x1 >= x0, x1 >= -x0", 2, None).unwrap();
    let text = serde_json::to_string(&cone).unwrap();
    assert_eq!(text, r#"{"board":"Z^2: -x0 + x1 >= 0, x0 + x1 >= 0"}"#);
    assert_eq!(serde_json::from_str::<GeneralBoard>(&text).unwrap(), cone);
    // Refused as GeneralBoard::from_text refuses.
    let err = serde_json::from_str::<GeneralBoard>(r#"{"board":"Z^2: x1 >= 0"}"#).unwrap_err();
    assert!(err.to_string().contains("not pointed"), "{err}");
    assert!(serde_json::from_str::<GeneralBoard>(r#"{"board":"x1 >= 0"}"#).is_err());
}
