//! Boards other than `N^d` (issue 19): rational polyhedra inside the orthant, the axioms on
//! their recession cones, and the box dynamic programme against the generic solver.

use grundy_core::{Outcome, Solver};
use grundy_lattice::{
    Board, BoardError, GameTextError, Inequality, LatticeError, LatticeGame, Outcomes, Point,
    RuleSet,
};
use proptest::prelude::*;

/// Every point of the box agrees with the generic (memoised, recursive) solver: board points
/// have the solver's outcome, points off the board or defeated have none.
fn assert_box_matches_solver(game: &LatticeGame, upper: &[u32]) {
    let outcomes = Outcomes::compute(game, upper).unwrap();
    let mut solver = Solver::new(game);
    for p in outcomes.points() {
        let want = (!game.is_defeated(&p)).then(|| solver.outcome(&p).unwrap());
        assert_eq!(outcomes.outcome(&p), want, "{p} on {}", game.board());
    }
}

/// (a) The orthant as a board is today's board: Example 4.6 (Nim with heaps of at most 2 has
/// the P-positions with both coordinates even), from the constructor and from text.
#[test]
fn orthant_board_reproduces_example_4_6() {
    let rules: RuleSet = "1,0 0,1 -1,1".parse().unwrap();
    let game = LatticeGame::on_board(rules.clone(), Board::orthant(2), vec![]).unwrap();
    assert_eq!(game, LatticeGame::normal(rules));
    assert_eq!(LatticeGame::from_text_on_board("1,0 0,1 -1,1", None, false, "").unwrap(), game);
    assert_eq!(game.board().rays(), vec![vec![1, 0], vec![0, 1]]);
    let outcomes = Outcomes::compute(&game, &[20, 20]).unwrap();
    assert_eq!(outcomes.first_difference(|p| p.coordinates().iter().all(|x| x % 2 == 0)), None);
    assert_eq!(Solver::new(&game).outcome(&Point::new([4, 2])).unwrap(), Outcome::P);
}

/// (b) `Q = {x ∈ N^2 : x1 ≤ 2 x0}`: its cone has the rays (1, 0) and (1, 2). A rule set with
/// a vector in the negative tangent cone along each ray passes; one without such a vector
/// along (1, 2) fails axiom 2, and the error names the axiom and the ray.
#[test]
fn a_cone_with_a_ray_that_is_not_a_unit_vector() {
    let board: Board = "x1 <= 2 x0".parse().unwrap();
    assert_eq!(board.rays(), vec![vec![1, 2], vec![1, 0]]);
    assert_eq!(board.tangent_cone(&[1, 2]), vec![vec![2, -1]]);
    assert_eq!(board.tangent_cone(&[1, 0]), vec![vec![0, 1]]);

    let passes = RuleSet::on_board(vec![vec![1, 0], vec![1, 2]], &board).unwrap();
    assert_eq!(passes.weights(), &[1, 0]);
    // The same vectors fail on N^2 (nothing takes from the second coordinate alone).
    assert_eq!(
        RuleSet::new(vec![vec![1, 0], vec![1, 2]]),
        Err(LatticeError::RayWithoutRule { axis: 2 })
    );
    let game = LatticeGame::on_board(passes, board.clone(), vec![]).unwrap();
    assert_box_matches_solver(&game, &[8, 8]);
    // (1, 2) − (1, 0) = (0, 2) is off the board: the only move is to the origin.
    let outcomes = Outcomes::compute(&game, &[8, 8]).unwrap();
    assert_eq!(outcomes.outcome(&Point::new([0, 1])), None);
    assert_eq!(outcomes.outcome(&Point::new([1, 2])), Some(Outcome::N));
    assert_eq!(
        game.position([0, 1]),
        Err(LatticeError::OffBoard { point: "(0, 1)".into(), inequality: "2 x0 - x1 >= 0".into() })
    );

    let err = RuleSet::on_board(vec![vec![1, 0], vec![1, 1]], &board).unwrap_err();
    assert_eq!(
        err,
        LatticeError::RayWithoutRuleOnBoard {
            ray: "(1, 2)".into(),
            tangent: "2 x0 - x1 >= 0".into()
        }
    );
    let message = err.to_string();
    assert!(message.starts_with("axiom 2 fails for the ray (1, 2)"), "{message}");
    // Through the game's constructor and the text form, the same error.
    let rules: RuleSet = "1,0 1,1 0,1".parse().unwrap(); // passes on N^2, and on Q
    assert!(LatticeGame::on_board(rules, board.clone(), vec![]).is_ok());
    let err = LatticeGame::from_text_on_board("1,0 1,1", None, false, "x1 <= 2 x0").unwrap_err();
    assert!(matches!(err, GameTextError::Rules(LatticeError::RayWithoutRuleOnBoard { .. })));

    // Axiom 1 with a negative coefficient: (0, −1) adds to x1, which x1 ≤ 2 x0 bounds.
    let rules = RuleSet::on_board(vec![vec![1, 0], vec![1, 2], vec![0, -1]], &board).unwrap();
    assert!(rules.weights().is_empty());
    assert!(rules.function()[1] < 0, "{:?}", rules.function());
    let game = LatticeGame::on_board(rules, board.clone(), vec![]).unwrap();
    assert_box_matches_solver(&game, &[6, 6]);
    // Axiom 1 fails: (1, 2) + 2×(−1, −1) = (−1, 0), whose opposite is in the cone.
    let err = RuleSet::on_board(vec![vec![1, 0], vec![1, 2], vec![-1, -1]], &board).unwrap_err();
    assert!(matches!(err, LatticeError::NoPositiveFunction { .. }), "{err}");
    assert!(err.to_string().starts_with("axiom 1 fails"));
}

/// (c) A bounded board, the triangle `x0 + x1 ≤ 4`: its recession cone is `{0}`, axiom 2 is
/// vacuous, and a rule set that adds to a coordinate without limit on `N^2` is a rule set.
#[test]
fn a_bounded_board() {
    let board = Board::from_text("x0 + x1 <= 4", 2).unwrap();
    assert!(board.rays().is_empty());
    // (0, −1) adds to x1: on N^2 it breaks axiom 1; on the triangle it is fine.
    assert!(RuleSet::new(vec![vec![1, 0], vec![0, -1]]).is_err());
    let rules = RuleSet::on_board(vec![vec![1, 0], vec![0, -1]], &board).unwrap();
    let game = LatticeGame::on_board(rules, board.clone(), vec![]).unwrap();
    assert_box_matches_solver(&game, &[6, 6]);
    let outcomes = Outcomes::compute(&game, &[6, 6]).unwrap();
    assert_eq!(outcomes.points().filter(|p| outcomes.outcome(p).is_some()).count(), 15);
    // Misère play and generators on the board.
    let rules = RuleSet::on_board(vec![vec![1, 0], vec![0, 1]], &board).unwrap();
    let misere = LatticeGame::misere(rules.clone());
    assert!(misere.is_defeated(&Point::new([0, 0])));
    assert_box_matches_solver(&misere, &[5, 5]);
    let err = LatticeGame::with_defeated(rules.clone(), vec![Point::new([3, 3])]).unwrap_err();
    assert!(err.to_string().contains("not on the board"), "{err}");
    let game = LatticeGame::with_defeated(rules, vec![Point::new([1, 1])]).unwrap();
    assert_eq!(game.defeated().count(), 4);
    assert_box_matches_solver(&game, &[5, 5]);
}

/// Bad boards: errors say what is wrong; no panics.
#[test]
fn bad_boards() {
    assert!(matches!("x0 >=".parse::<Board>(), Err(BoardError::Parse { at: 5, .. })));
    assert!(matches!(
        Board::new(2, vec![Inequality::new([1], 0)]),
        Err(BoardError::WrongDimension { .. })
    ));
    assert!(matches!(Board::from_text("x0 + x1 <= -1", 2), Err(BoardError::Empty { .. })));
    let err = LatticeGame::from_text_on_board("1,0 0,1", None, false, "x0 >=").unwrap_err();
    assert!(err.to_string().starts_with("board: cannot read the board 'x0 >=' at byte 5"), "{err}");
    // Too many coordinates and inequalities to enumerate the cone's rays.
    let wide = Board::new(40, (0..8).map(|i| Inequality::new(vec![i; 40], -1)).collect());
    assert!(matches!(wide, Err(BoardError::TooComplex { .. })), "{wide:?}");
    let three = Board::orthant(3);
    assert!(matches!(
        RuleSet::on_board(vec![vec![1, 0]], &three),
        Err(LatticeError::WrongDimension { what: "board", .. })
    ));
}

#[cfg(feature = "serde")]
#[test]
fn serde_keeps_the_board() {
    let game =
        LatticeGame::from_text_on_board("1,0 1,2 0,-1", Some("1,1"), false, "x1 <= 2 x0").unwrap();
    let text = serde_json::to_string(&game).unwrap();
    assert_eq!(
        text,
        r#"{"rules":[[1,0],[1,2],[0,-1]],"generators":[[1,1]],"board":"N^2: 2 x0 - x1 >= 0"}"#
    );
    assert_eq!(serde_json::from_str::<LatticeGame>(&text).unwrap(), game);
    let orthant = LatticeGame::normal("1,0 0,1".parse().unwrap());
    assert!(!serde_json::to_string(&orthant).unwrap().contains("board"));
}

/// A random board: 1 or 2 inequalities with small coefficients.
fn boards() -> impl Strategy<Value = Board> {
    (2usize..=3)
        .prop_flat_map(|d| {
            prop::collection::vec((prop::collection::vec(-2i64..=2, d), -3i64..=3), 1..=2)
                .prop_map(move |ks| (d, ks))
        })
        .prop_filter_map("empty board", |(d, ks)| {
            Board::new(d, ks.into_iter().map(|(a, b)| Inequality::new(a, b)).collect()).ok()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The box dynamic programme on random boards and random rule sets that pass the axioms
    /// there equals the generic solver's recursion, and points off the board have no outcome.
    /// Half of the rule sets get the cone's rays added (each ray lies in its own negative
    /// tangent cone), so that axiom 2 holds more often.
    #[test]
    fn box_outcomes_on_boards_equal_the_solver(
        board in boards(),
        vectors in prop::collection::vec(prop::collection::vec(-2i64..=2, 3), 1..=3),
        add_rays in any::<bool>(),
        generator in prop::option::of(prop::collection::vec(0u32..=2, 3)),
        upper in prop::collection::vec(0u32..=4, 3),
    ) {
        let d = board.dimension();
        let mut rule_vectors: Vec<Vec<i64>> = Vec::new();
        let extra = if add_rays { board.rays() } else { Vec::new() };
        for v in vectors.into_iter().map(|v| v[..d].to_vec()).chain(extra) {
            if v.iter().any(|&x| x != 0) && !rule_vectors.contains(&v) {
                rule_vectors.push(v);
            }
        }
        let Ok(rules) = RuleSet::on_board(rule_vectors, &board) else { return Ok(()) };
        let generators: Vec<Point> = generator
            .map(|g| Point::new(&g[..d]))
            .filter(|g| board.contains(g.coordinates()))
            .into_iter()
            .collect();
        let game = LatticeGame::on_board(rules, board.clone(), generators).unwrap();
        let outcomes = Outcomes::compute(&game, &upper[..d]).unwrap();
        let mut solver = Solver::new(&game);
        for p in outcomes.points() {
            let on_board = board.contains(p.coordinates());
            let want = (!game.is_defeated(&p)).then(|| solver.outcome(&p).unwrap());
            prop_assert!(on_board || want.is_none());
            prop_assert_eq!(outcomes.outcome(&p), want, "{} on {}", p, board);
        }
    }

    /// The orthant as a board gives the rule sets and games of `N^d`.
    #[test]
    fn orthant_board_is_n_d(
        vectors in (1usize..=3).prop_flat_map(|d| {
            prop::collection::vec(prop::collection::vec(-2i64..=2, d), 1..=4)
        })
    ) {
        let d = vectors[0].len();
        let new = RuleSet::new(vectors.clone());
        prop_assert_eq!(&new, &RuleSet::on_board(vectors, &Board::orthant(d)));
        if let Ok(rules) = new {
            let game = LatticeGame::on_board(rules.clone(), Board::orthant(d), vec![]).unwrap();
            prop_assert_eq!(game, LatticeGame::normal(rules));
        }
    }

    /// Text round trip: a board's text reads back to the same board.
    #[test]
    fn board_text_round_trip(board in boards()) {
        prop_assert_eq!(board.to_string().parse::<Board>().unwrap(), board.clone());
        prop_assert_eq!(Board::from_text(&board.to_string(), board.dimension()).unwrap(), board);
    }
}
