//! Quantum Nim (variant D) against Figure 6 of the paper and the plain definition.

use std::collections::HashSet;

use grundy_core::{Outcome, Ruleset, Solver, naive};
use grundy_nim::{BoolHeaps, BooleanNim, Heaps, Nim, NimMove};
use grundy_quantum::{
    DemiQuantum, ParseMatrixError, Quantum, QuantumError, QuantumMove, QuantumNim, QuantumPosition,
    Superposition,
};
use proptest::prelude::*;

fn q(text: &str) -> QuantumPosition<Heaps> {
    text.parse().expect("valid quantum Nim position")
}

fn take(heap: usize, amount: u32) -> NimMove {
    NimMove::new(heap, amount)
}

fn superposed(moves: &[(usize, u32)]) -> QuantumMove<NimMove> {
    QuantumMove::new(moves.iter().map(|&(h, a)| take(h, a))).expect("non-empty")
}

fn as_set(p: &QuantumPosition<Heaps>) -> HashSet<Heaps> {
    p.realizations().iter().cloned().collect()
}

#[test]
fn width_must_be_positive_and_moves_non_empty() {
    assert_eq!(Quantum::new(Nim, 0), Err(QuantumError::ZeroWidth));
    assert_eq!(
        Quantum::new(Nim, 0).unwrap_err().to_string(),
        "the maximum move width must be at least 1, got 0"
    );
    assert_eq!(QuantumMove::<NimMove>::new([]), Err(QuantumError::EmptyMove));
    // Moves are sets: order and repetition do not matter.
    assert_eq!(superposed(&[(1, 1), (0, 1), (1, 1)]), superposed(&[(0, 1), (1, 1)]));
    assert_eq!(superposed(&[(0, 1), (1, 1)]).width(), 2);
}

/// Figure 6: the winning line for the first player in Quantum Nim (2, 2).
#[test]
fn figure_6_moves() {
    let game: QuantumNim = Quantum::new(Nim, 2).expect("width 2");
    let start = QuantumPosition::classical(Heaps::new([2u32, 2]));
    // <(-1,0) | (0,-1)> from (2,2) gives <(1,2) | (2,1)>.
    let mv = superposed(&[(0, 1), (1, 1)]);
    assert!(game.is_legal(&start, &mv));
    let split = game.play(&start, &mv);
    assert_eq!(as_set(&split), as_set(&q("1 2 / 2 1")));
    // <(-1,0) | (0,-2)> from there gives <(0,2) | (1,0) | (1,1)>; (2,1) - (0,2) collapses.
    let next = game.play(&split, &superposed(&[(0, 1), (1, 2)]));
    assert_eq!(as_set(&next), as_set(&q("0 2 / 1 0 / 1 1")));
    // The other options drawn in the figure.
    assert_eq!(as_set(&game.play(&split, &superposed(&[(0, 1)]))), as_set(&q("0 2 / 1 1")));
    assert_eq!(as_set(&game.play(&split, &superposed(&[(0, 2)]))), as_set(&q("0 1")));
    assert_eq!(
        as_set(&game.play(&split, &superposed(&[(0, 1), (0, 2)]))),
        as_set(&q("0 2 / 1 1 / 0 1"))
    );
    assert_eq!(
        as_set(&game.play(&split, &superposed(&[(0, 1), (1, 1)]))),
        as_set(&q("0 2 / 1 1 / 2 0"))
    );
    // Each of these is answered by a move to (0, 0).
    for p in ["0 2 / 1 0 / 1 1", "0 2 / 1 1", "0 2 / 1 1 / 0 1", "0 2 / 1 1 / 2 0"] {
        assert_eq!(as_set(&game.play(&q(p), &superposed(&[(1, 2)]))), as_set(&q("0 0")), "{p}");
    }
    assert_eq!(as_set(&game.play(&q("0 1"), &superposed(&[(1, 1)]))), as_set(&q("0 0")));
}

#[test]
fn figure_6_outcomes() {
    let game: QuantumNim = Quantum::new(Nim, 2).expect("width 2");
    let mut solver = Solver::new(&game);
    let expected = [
        ("2 2", Outcome::N),
        ("1 2 / 2 1", Outcome::P),
        ("0 2 / 1 0 / 1 1", Outcome::N),
        ("0 2 / 1 1", Outcome::N),
        ("0 1", Outcome::N),
        ("0 2 / 1 1 / 0 1", Outcome::N),
        ("0 2 / 1 1 / 2 0", Outcome::N),
        ("0 0", Outcome::P),
    ];
    for (p, outcome) in expected {
        assert_eq!(solver.outcome(&q(p)).unwrap(), outcome, "{p}");
        assert_eq!(naive::outcome(&game, &q(p)), outcome, "{p}");
    }
    // Classically (2, 2) is a P-position; quantum moves make it an N-position, and the
    // superposing move of the figure is the only winning move.
    assert!(Nim.outcome(&Heaps::new([2u32, 2])).is_p());
    assert_eq!(solver.winning_moves(&q("2 2")).unwrap(), [superposed(&[(0, 1), (1, 1)])]);
    // Wider moves keep (2, 2) an N-position.
    for width in 3..=4 {
        let wide = Quantum::new(Nim, width).expect("positive width");
        assert!(Solver::new(&wide).outcome(&q("2 2")).unwrap().is_n(), "width {width}");
    }
}

/// The figure shows 5 options of <(1,2) | (2,1)> and its caption says four more are
/// symmetric to them; there are 10, the tenth being <(-2,0) | (0,-2)> to <(1,0) | (0,1)>
/// (self-symmetric, not drawn). Every one of them is an N-position.
#[test]
fn figure_6_p_position_has_ten_options_all_n() {
    let game: QuantumNim = Quantum::new(Nim, 2).expect("width 2");
    let split = q("1 2 / 2 1");
    let moves = game.move_list(&split);
    assert_eq!(moves.len(), 10);
    assert_eq!(game.move_count(&split), 10);
    assert_eq!(game.move_count(&q("2 2")), 10);
    let tenth = superposed(&[(0, 2), (1, 2)]);
    assert!(moves.contains(&tenth));
    assert_eq!(as_set(&game.play(&split, &tenth)), as_set(&q("1 0 / 0 1")));
    let mut solver = Solver::new(&game);
    for mv in &moves {
        assert!(solver.outcome(&game.play(&split, mv)).unwrap().is_n(), "{mv:?}");
    }
}

#[test]
fn move_counts_are_sums_of_binomials() {
    // 6 classical moves in (3, 3): C(6,1) + C(6,2) + C(6,3) = 6 + 15 + 20 = 41 with width 3.
    let game = Quantum::new(Nim, 3).expect("width 3");
    assert_eq!(game.move_count(&q("3 3")), 41);
    assert_eq!(game.move_list(&q("3 3")).len(), 41);
    let all: HashSet<_> = game.move_list(&q("3 3")).into_iter().collect();
    assert_eq!(all.len(), 41);
    let narrow = Quantum::new(Nim, 1).expect("width 1");
    assert_eq!(narrow.move_count(&q("3 3")), 6);
    let huge = Quantum::new(BooleanNim, usize::MAX).expect("positive");
    let row = BoolHeaps::full(200);
    assert_eq!(huge.move_count(&QuantumPosition::classical(row)), u128::MAX);
}

#[test]
fn quantum_text_forms() {
    assert_eq!(q("1 2 / 2 1 / 1 2").to_string(), "1 2 / 2 1");
    assert_eq!(
        "1 2 / x".parse::<QuantumPosition<Heaps>>(),
        Err(ParseMatrixError::Collapsed { row: 2 })
    );
    let b: QuantumPosition<BoolHeaps> = "101 / 011".parse().expect("valid");
    assert_eq!(b.to_string(), "101 / 011");
    assert_eq!(
        superposed(&[(0, 1), (1, 2)]).to_string(),
        "<take 1 from heap 1 | take 2 from heap 2>"
    );
    assert_eq!(superposed(&[(0, 1)]).to_string(), "take 1 from heap 1");
}

fn rows() -> impl Strategy<Value = Vec<Heaps>> {
    (1usize..=3).prop_flat_map(|n| {
        prop::collection::vec(prop::collection::vec(0u32..=2, n).prop_map(Heaps::new), 1..=2)
    })
}

fn boolean_rows() -> impl Strategy<Value = Vec<BoolHeaps>> {
    (1usize..=5).prop_flat_map(|n| {
        prop::collection::vec(
            prop::collection::vec(any::<bool>(), n).prop_map(BoolHeaps::from_bits),
            1..=4,
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn quantum_nim_solver_matches_naive(rows in rows(), width in 1usize..=2) {
        let game = Quantum::new(Nim, width).unwrap();
        let p = QuantumPosition::new(rows);
        let v = naive::value(&game, &p);
        prop_assert_eq!(Solver::new(&game).value(&p).unwrap(), v);
        prop_assert_eq!(Solver::new(&game).misere_outcome(&p).unwrap(), naive::misere_outcome(&game, &p));
        let c = game.canonical(&p);
        prop_assert_eq!(naive::value(&game, &c), v);
        prop_assert_eq!(naive::misere_outcome(&game, &c), naive::misere_outcome(&game, &p));
    }

    #[test]
    fn quantum_boolean_nim_solver_matches_naive(rows in boolean_rows(), width in 1usize..=3) {
        let game = Quantum::new(BooleanNim, width).unwrap();
        let p = QuantumPosition::new(rows);
        prop_assert_eq!(Solver::new(&game).value(&p).unwrap(), naive::value(&game, &p));
    }

    /// Width 1: a quantum move is a classical move, and the quantum game is the demi-quantum
    /// game, move for move (the quantum position is the set of live realizations).
    #[test]
    fn width_one_is_demi_quantum(rows in boolean_rows(), nim_rows in rows()) {
        let quantum = Quantum::new(BooleanNim, 1).unwrap();
        let demi = DemiQuantum::new(BooleanNim);
        let qp = QuantumPosition::new(rows.clone());
        let dp = Superposition::from_realizations(rows);
        prop_assert_eq!(naive::value(&quantum, &qp), naive::value(&demi, &dp));
        let mut classical: Vec<usize> = quantum.move_list(&qp).iter().map(|m| m.moves()[0]).collect();
        let mut demi_moves = demi.move_list(&dp);
        classical.sort_unstable();
        demi_moves.sort_unstable();
        prop_assert_eq!(classical, demi_moves);
        for mv in demi.move_list(&dp) {
            let live = demi.play(&dp, &mv).live().map(|(_, r)| r.clone()).collect::<Vec<_>>();
            prop_assert_eq!(quantum.play(&qp, &QuantumMove::classical(mv)), QuantumPosition::new(live));
        }
        let quantum = Quantum::new(Nim, 1).unwrap();
        let demi = DemiQuantum::new(Nim);
        prop_assert_eq!(
            naive::value(&quantum, &QuantumPosition::new(nim_rows.clone())),
            naive::value(&demi, &Superposition::from_realizations(nim_rows))
        );
    }

    #[test]
    fn quantum_play_follows_the_definition(rows in boolean_rows(), a in 0usize..5, b in 0usize..5) {
        let game = Quantum::new(BooleanNim, 2).unwrap();
        let p = QuantumPosition::new(rows);
        let mv = QuantumMove::new([a, b]).unwrap();
        let feasible = mv.moves().iter().all(|&s| p.realizations().iter().any(|r| r.get(s)));
        prop_assert_eq!(game.is_legal(&p, &mv), feasible);
        prop_assert_eq!(game.move_list(&p).contains(&mv), feasible);
        if feasible {
            let mut expected = HashSet::new();
            for r in p.realizations() {
                for &s in mv.moves() {
                    if r.get(s) {
                        let mut child = r.clone();
                        child.set(s, false);
                        expected.insert(child);
                    }
                }
            }
            let next = game.play(&p, &mv);
            prop_assert_eq!(next.len(), expected.len());
            prop_assert_eq!(next.realizations().iter().cloned().collect::<HashSet<_>>(), expected);
        }
    }
}
