//! The Nim family of grundy-testkit's corpus of known values, run through every engine that
//! plays Nim: Bouton's closed form (value, outcome, winning moves), grundy-core's solver by
//! each method on Nim searched move by move (the closed form withheld), and plain recursion
//! (`grundy_core::naive`) where it finishes within a budget.

use grundy_core::{Budget, Config, Method, Nimber, Outcome, Ruleset, Solver, naive};
use grundy_nim::{Heaps, Nim, NimMove};
use grundy_testkit::corpus;

/// The most nodes plain recursion may visit on one position.
const NAIVE_NODES: u64 = 200_000;

/// Nim as a user would write it for the solver: moves, play, heaps as components and sorted
/// heaps as canonical forms, but not Bouton's value, so that the solver searches.
struct Searched;

impl Ruleset for Searched {
    type Position = Heaps;
    type Move = NimMove;

    fn moves(&self, position: &Heaps, moves: &mut Vec<NimMove>) {
        Nim.moves(position, moves);
    }
    fn play(&self, position: &Heaps, mv: &NimMove) -> Heaps {
        Nim.play(position, mv)
    }
    fn components(&self, position: &Heaps, components: &mut Vec<Heaps>) {
        Nim.components(position, components);
    }
    fn canonical(&self, position: &Heaps) -> Heaps {
        Nim.canonical(position)
    }
}

#[test]
fn nim_corpus() {
    let cases = corpus::nim().unwrap();
    assert!(cases.len() >= 10);
    let mut naive_checked = 0;
    for case in &cases {
        let what = format!("{:?} (line {}; {})", case.position, case.line, case.source);
        let position = Heaps::new(case.position.iter().copied());
        let value = Nimber::new(case.value);

        // Bouton's closed form.
        assert_eq!(Nim.value(&position), Some(value), "{what}");
        assert_eq!(Nim.outcome(&position), Outcome::from_value(value), "{what}");
        for mv in Nim.winning_moves(&position) {
            let next = Nim.play_checked(&position, &mv).unwrap();
            assert_eq!(Nim.value(&next), Some(Nimber::ZERO), "{what}: {mv:?}");
        }

        // The solver by each method, searching.
        for method in [Method::Mex, Method::Pruned] {
            let config = Config::default().with_method(method).with_table_bytes(16 << 20);
            let mut solver = Solver::with_config(Searched, config.clone());
            assert_eq!(solver.value(&position), Ok(value), "{what}: {method:?}");
            let mut fresh = Solver::with_config(Searched, config);
            let outcome = fresh.outcome(&position);
            assert_eq!(outcome, Ok(Outcome::from_value(value)), "{what}: {method:?}");
        }

        // Plain recursion, where it finishes.
        let budget = Budget::unlimited().with_max_nodes(NAIVE_NODES);
        if let Ok(plain) = naive::value_within(&Searched, &position, &budget) {
            assert_eq!(plain, value, "{what}: naive");
            naive_checked += 1;
        }
    }
    assert!(naive_checked >= cases.len() / 2, "naive finished {naive_checked} cases only");
}
