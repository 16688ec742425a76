//! Boards outside `N^d` ([`GeneralBoard`]): the embedded game is checked position by position
//! against the game played on the board itself, by plain recursion over its definition.

use std::collections::{HashMap, HashSet};

use grundy_core::{Outcome, Ruleset, Solver};
use grundy_lattice::{BoardError, GeneralBoard, Inequality, LatticeError, LatticeGame, RuleSet};
use proptest::prelude::*;

/// The lattice game played on the board itself: positions are points of `Z^d`, a move
/// subtracts a rule vector and must land on the board (in the polyhedron and the lattice)
/// outside the defeated ideal.
struct Direct<'a> {
    board: &'a GeneralBoard,
    rules: Vec<Vec<i64>>,
    defeated: Vec<Vec<i64>>,
}

impl Direct<'_> {
    /// The defeated ideal: the points `x` of the lattice with `g − x ∈ NΓ` for a defeated
    /// `g` (the path from `g` may leave the polyhedron, as in the crate's definition), found
    /// by a search down from each `g` among the points of `[-30, 30]^d` (so a path that
    /// strays further is not followed: the windows checked here are far inside).
    fn ideal(&self) -> HashSet<Vec<i64>> {
        let mut seen: HashSet<Vec<i64>> = self.defeated.iter().cloned().collect();
        let mut stack: Vec<Vec<i64>> = self.defeated.clone();
        while let Some(v) = stack.pop() {
            for g in &self.rules {
                let next: Vec<i64> = v.iter().zip(g).map(|(a, b)| a - b).collect();
                if next.iter().all(|c| c.abs() <= 30) && seen.insert(next.clone()) {
                    stack.push(next);
                }
            }
        }
        seen
    }

    /// The outcome of `x` by plain recursion (`ideal` from [`Direct::ideal`]).
    fn outcome(&self, x: &[i64], ideal: &HashSet<Vec<i64>>) -> Outcome {
        self.outcome_in(x, ideal, &mut HashMap::new())
    }

    fn outcome_in(
        &self,
        x: &[i64],
        ideal: &HashSet<Vec<i64>>,
        seen: &mut HashMap<Vec<i64>, Outcome>,
    ) -> Outcome {
        if let Some(&o) = seen.get(x) {
            return o;
        }
        let mut moves = Vec::new();
        self.moves(&x.to_vec(), &mut moves);
        let mut outcome = Outcome::P;
        for g in moves {
            let next: Vec<i64> = x.iter().zip(&self.rules[g]).map(|(a, b)| a - b).collect();
            if ideal.contains(&next) {
                continue;
            }
            if self.outcome_in(&next, ideal, seen) == Outcome::P {
                outcome = Outcome::N;
                break;
            }
        }
        seen.insert(x.to_vec(), outcome);
        outcome
    }
}

impl Ruleset for Direct<'_> {
    type Position = Vec<i64>;
    type Move = usize;

    fn moves(&self, x: &Vec<i64>, moves: &mut Vec<usize>) {
        for (i, g) in self.rules.iter().enumerate() {
            let next: Vec<i64> = x.iter().zip(g).map(|(a, b)| a - b).collect();
            if self.board.contains(&next) {
                moves.push(i);
            }
        }
    }

    fn play(&self, x: &Vec<i64>, i: &usize) -> Vec<i64> {
        x.iter().zip(&self.rules[*i]).map(|(a, b)| a - b).collect()
    }
}

/// Every point of `[-r, r]^d` that is a position of the board and not defeated.
fn window(board: &GeneralBoard, game: &LatticeGame, r: i64) -> Vec<Vec<i64>> {
    let d = board.dimension();
    let mut points = vec![Vec::new()];
    for _ in 0..d {
        points = points
            .into_iter()
            .flat_map(|p: Vec<i64>| {
                (-r..=r).map(move |c| {
                    let mut q = p.clone();
                    q.push(c);
                    q
                })
            })
            .collect();
    }
    points.into_iter().filter(|x| board.embed(x).is_ok_and(|z| !game.is_defeated(&z))).collect()
}

/// The embedded game and the game on the board agree on every position of a window, and the
/// embedding maps each position back to itself.
fn check(board: &GeneralBoard, rules: Vec<Vec<i64>>, defeated: Vec<Vec<i64>>, r: i64) -> usize {
    let game = board.game(rules.clone(), defeated.clone()).expect("a valid game");
    let direct = Direct { board, rules, defeated };
    let mut solver = Solver::new(&game);
    let ideal = direct.ideal();
    let points = window(board, &game, r);
    for x in &points {
        assert!(!ideal.contains(x), "{x:?} is defeated in the reference too");
        let z = board.embed(x).unwrap();
        assert_eq!(&board.original(&z).unwrap(), x, "the embedding maps {x:?} back");
        let expected = direct.outcome(x, &ideal);
        assert_eq!(solver.outcome(&z).unwrap(), expected, "outcome of {x:?} (embedded at {z})");
    }
    points.len()
}

#[test]
fn the_orthant_as_a_general_board_is_example_4_6() {
    let orthant =
        GeneralBoard::new(2, vec![Inequality::new([1, 0], 0), Inequality::new([0, 1], 0)], None)
            .unwrap();
    let game = orthant.game(vec![vec![1, 0], vec![0, 1], vec![-1, 1]], vec![]).unwrap();
    let mut solver = Solver::new(&game);
    for x in 0..8 {
        for y in 0..8 {
            let z = orthant.embed(&[x, y]).unwrap();
            let expected = if x % 2 == 0 && y % 2 == 0 { Outcome::P } else { Outcome::N };
            assert_eq!(solver.outcome(&z).unwrap(), expected, "({x}, {y})");
        }
    }
}

#[test]
fn a_translated_orthant_plays_as_the_orthant() {
    // x ≥ −2, y ≥ −1: the game at x is Nim with heaps of at most 2 at x + (2, 1).
    let board =
        GeneralBoard::new(2, vec![Inequality::new([1, 0], -2), Inequality::new([0, 1], -1)], None)
            .unwrap();
    let game = board.game(vec![vec![1, 0], vec![0, 1], vec![-1, 1]], vec![]).unwrap();
    let nim2 =
        LatticeGame::normal(RuleSet::new(vec![vec![1, 0], vec![0, 1], vec![-1, 1]]).unwrap());
    let (mut a, mut b) = (Solver::new(&game), Solver::new(&nim2));
    for x in -2i64..6 {
        for y in -1i64..6 {
            let z = board.embed(&[x, y]).unwrap();
            let shifted = grundy_lattice::Point::new([
                u32::try_from(x + 2).unwrap(),
                u32::try_from(y + 1).unwrap(),
            ]);
            assert_eq!(a.outcome(&z).unwrap(), b.outcome(&shifted).unwrap(), "({x}, {y})");
        }
    }
    assert!(board.embed(&[-3, 0]).is_err());
}

#[test]
fn a_cone_outside_the_orthant_normal_and_misere() {
    // y ≥ |x|, and y ≥ 2x − 3 to cut a corner.
    let board = GeneralBoard::new(
        2,
        vec![Inequality::new([1, 1], 0), Inequality::new([-1, 1], 0), Inequality::new([-2, 1], -3)],
        None,
    )
    .unwrap();
    let rules = vec![vec![0, 1], vec![1, 1], vec![-1, 1], vec![1, 3]];
    // Without (−1, 1), no move goes down along the ray (−1, 1): axiom 2 fails there.
    let err = board.rules(vec![vec![0, 1], vec![1, 1], vec![-1, 2]]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "axiom 2 fails for the ray (-1, 1) of the board's recession cone: no rule vector lies \
         in its negative tangent cone (no rule vector γ has −γ in the tangent cone x0 + x1 >= 0)"
    );
    assert!(check(&board, rules.clone(), vec![], 8) > 40);
    assert!(check(&board, rules, vec![vec![0, 0]], 8) > 40);
}

#[test]
fn a_sublattice_of_z2() {
    // The points of N^2 with an even coordinate sum, moves (1, 1), (2, 0) and (0, 2).
    let board = GeneralBoard::new(
        2,
        vec![Inequality::new([1, 0], 0), Inequality::new([0, 1], 0)],
        Some(vec![vec![1, 1], vec![2, 0], vec![1, -1]]),
    )
    .unwrap();
    assert_eq!(board.basis().len(), 2);
    assert!(!board.contains(&[1, 0]));
    assert!(board.contains(&[3, 1]));
    assert!(check(&board, vec![vec![1, 1], vec![2, 0], vec![0, 2]], vec![], 8) > 30);
    // A rule vector outside the lattice is refused, with its number.
    let err = board.rules(vec![vec![1, 1], vec![1, 0]]).unwrap_err();
    assert!(matches!(err, LatticeError::BadPoint { what: "rule vector", index: 2, .. }), "{err}");
}

#[test]
fn a_lattice_of_lower_rank_in_z3() {
    // The plane x + y + z = 0 of Z^3, cut to the triangle of its points with every
    // coordinate at least −3 (pointed within the plane, bounded).
    let board = GeneralBoard::new(
        3,
        vec![
            Inequality::new([1, 0, 0], -3),
            Inequality::new([0, 1, 0], -3),
            Inequality::new([0, 0, 1], -3),
        ],
        Some(vec![vec![1, -1, 0], vec![0, 1, -1]]),
    )
    .unwrap();
    assert_eq!(board.basis().len(), 2);
    // The triangle is bounded: every vector of the plane that lowers x0 − x2 is a move.
    let rules = vec![vec![1, 0, -1], vec![1, -1, 0], vec![0, 1, -1]];
    let game = board.game(rules.clone(), vec![]).unwrap();
    let direct = Direct { board: &board, rules, defeated: vec![] };
    let mut solver = Solver::new(&game);
    let ideal = direct.ideal();
    let mut checked = 0;
    for x in -6i64..=6 {
        for y in -6i64..=6 {
            let p = [x, y, -x - y];
            if let Ok(z) = board.embed(&p) {
                assert_eq!(solver.outcome(&z).unwrap(), direct.outcome(&p, &ideal), "{p:?}");
                checked += 1;
            }
        }
    }
    // x, y ≥ −3 and x + y ≤ 3: 10 + 9 + … + 1 points.
    assert_eq!(checked, 55);
}

#[test]
fn errors_name_the_problem() {
    // A half-plane holds lines.
    let err = GeneralBoard::new(2, vec![Inequality::new([0, 1], 0)], None).unwrap_err();
    assert!(
        matches!(err, BoardError::NotPointed { ref line } if line == "(1, 0)" || line == "(-1, 0)"),
        "{err}"
    );
    assert!(err.to_string().starts_with("the board is not pointed"));
    // No inequality at all: the whole space.
    assert!(matches!(
        GeneralBoard::new(1, vec![], None).unwrap_err(),
        BoardError::NotPointed { .. }
    ));
    // Empty.
    let err = GeneralBoard::new(1, vec![Inequality::new([1], 1), Inequality::new([-1], 0)], None)
        .unwrap_err();
    assert!(matches!(err, BoardError::Empty { .. }), "{err}");
    // The lattice {0}.
    let err = GeneralBoard::new(1, vec![Inequality::new([1], 0)], Some(vec![vec![0]])).unwrap_err();
    assert!(matches!(err, BoardError::Lattice { .. }), "{err}");
    // A rule set breaking axiom 2 on the image: on y ≥ |x| the only move (1, 1) never brings
    // play down along the ray (−1, 1).
    let cone =
        GeneralBoard::new(2, vec![Inequality::new([1, 1], 0), Inequality::new([-1, 1], 0)], None)
            .unwrap();
    let err = cone.rules(vec![vec![1, 1]]).unwrap_err();
    assert!(
        matches!(err, LatticeError::RayWithoutRuleOnBoard { ref ray, .. } if ray == "(-1, 1)"),
        "{err}"
    );
    // Axiom 1 is told on the image, with the embedding: (0, 1) and (0, −1) undo each other.
    let err = cone.rules(vec![vec![0, 1], vec![0, -1], vec![1, 1], vec![-1, 1]]).unwrap_err();
    assert!(matches!(err, LatticeError::Embedded { .. }), "{err}");
    assert!(err.to_string().contains("axiom 1 fails"), "{err}");
    // Text: errors point into the text as given.
    let err = GeneralBoard::from_text("Z^2: x0 >= 0, x1 => 1", 2, None).unwrap_err();
    assert_eq!(
        err.to_string(),
        "cannot read the board 'Z^2: x0 >= 0, x1 => 1' at byte 17: expected '>=' or '<='"
    );
    let err = GeneralBoard::from_text("Z^3: x0 >= 0", 2, None).unwrap_err();
    assert!(err.to_string().contains("the board has dimension 3, the game 2"), "{err}");
    let err = GeneralBoard::from_text("N^2: x0 >= 0", 2, None).unwrap_err();
    assert!(err.to_string().contains("write Z^d"), "{err}");
    let text = GeneralBoard::from_text("x1 >= x0; x1 >= -x0 - 2", 2, None).unwrap();
    assert_eq!(GeneralBoard::from_text(&text.to_string(), 2, None).unwrap(), text);
    // Boxes: corners out of order, of the wrong dimension, or a game of another board.
    let budget = grundy_core::Budget::unlimited();
    let game = cone.game(vec![vec![0, 1], vec![1, 1], vec![-1, 1]], vec![]).unwrap();
    let err = cone.outcomes_in_box(&game, &[0, 3], &[2, 1], &budget).unwrap_err();
    assert_eq!(err.to_string(), "box 1: coordinate 1 runs from 3 down to 1");
    assert!(cone.outcomes_in_box(&game, &[0], &[2], &budget).is_err());
    let nim2 = LatticeGame::normal(RuleSet::new(vec![vec![1, 0], vec![0, 1]]).unwrap());
    let err = cone.outcomes_in_box(&nim2, &[0, 0], &[2, 2], &budget).unwrap_err();
    assert!(err.to_string().contains("not on this board"), "{err}");
    // The box's positions in order, the last coordinate fastest.
    let found = cone.outcomes_in_box(&game, &[-1, 0], &[1, 1], &budget).unwrap();
    let points: Vec<Vec<i64>> = found.into_iter().map(|(x, _)| x).collect();
    assert_eq!(points, vec![vec![-1, 1], vec![0, 0], vec![0, 1], vec![1, 1]]);
    // A point off the polyhedron names the inequality.
    let err = cone.embed(&[3, 1]).unwrap_err();
    assert_eq!(err.to_string(), "position (3, 1) is not on the board: it breaks -x0 + x1 >= 0");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    /// Random pointed polygons of `Z^2` (three or four inequalities), in `Z^2` or in the
    /// subgroup two random vectors generate, and random rule sets of three to five vectors
    /// (small combinations of the generators): whenever the board and the rule set are
    /// accepted, the embedded game and the game on the board agree on every position of
    /// `[-5, 5]^2`, in normal play and in misère play when the origin is on the board.
    #[test]
    fn embedded_games_agree_with_the_board(
        normals in prop::collection::vec((-3i64..=3, -3i64..=3, -4i64..=2), 3..=4),
        lattice in prop::option::of(((-2i64..=2, -2i64..=2), (-2i64..=2, -2i64..=2))),
        rules in prop::collection::vec((-2i64..=2, -2i64..=2), 3..=5),
        misere in any::<bool>(),
    ) {
        let inequalities: Vec<Inequality> =
            normals.iter().map(|&(a, b, c)| Inequality::new([a, b], c)).collect();
        let (g, h) = lattice.unwrap_or(((1, 0), (0, 1)));
        let generators = lattice.map(|_| vec![vec![g.0, g.1], vec![h.0, h.1]]);
        let Ok(board) = GeneralBoard::new(2, inequalities, generators) else { return Ok(()) };
        let rules: Vec<Vec<i64>> =
            rules.iter().map(|&(a, b)| vec![a * g.0 + b * h.0, a * g.1 + b * h.1]).collect();
        if board.rules(rules.clone()).is_err() {
            return Ok(());
        }
        let defeated: Vec<Vec<i64>> =
            if misere && board.contains(&[0, 0]) { vec![vec![0, 0]] } else { vec![] };
        check(&board, rules, defeated, 5);
    }
}
