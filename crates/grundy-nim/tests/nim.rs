//! The closed forms of Nim against the generic solvers, on every small position.

use grundy_core::{Nimber, Ruleset, Solver, naive};
use grundy_nim::{Heaps, Nim};
use num_bigint::BigUint;
use proptest::prelude::*;

fn small_positions() -> impl Strategy<Value = Heaps> {
    prop::collection::vec(0u32..5, 0..4).prop_map(Heaps::new)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn bouton_agrees_with_the_naive_solver(p in small_positions()) {
        let v = naive::value(&Nim, &p);
        prop_assert_eq!(Nim.value(&p), Some(v));
        prop_assert_eq!(Nim.outcome(&p), naive::outcome(&Nim, &p));
        prop_assert_eq!(Nim.winning_moves(&p), naive::winning_moves(&Nim, &p));
    }

    #[test]
    fn misere_closed_form_agrees_with_search(p in small_positions()) {
        prop_assert_eq!(Nim.misere_outcome(&p), naive::misere_outcome(&Nim, &p));
        let mut solver = Solver::new(&Nim);
        prop_assert_eq!(Nim.misere_outcome(&p), solver.misere_outcome(&p).unwrap());
        prop_assert_eq!(Nim.misere_winning_moves(&p), solver.misere_winning_moves(&p).unwrap());
    }

    #[test]
    fn display_parse_round_trip(heaps in prop::collection::vec(any::<u128>(), 0..6)) {
        let p = Heaps::new(heaps.into_iter().map(BigUint::from));
        prop_assert_eq!(p.to_string().parse::<Heaps>().unwrap(), p);
    }

    #[test]
    fn winning_moves_reach_zero_for_big_heaps(heaps in prop::collection::vec(any::<u128>(), 1..6)) {
        let p = Heaps::new(heaps.into_iter().map(BigUint::from));
        let moves = Nim.winning_moves(&p);
        prop_assert_eq!(moves.is_empty(), Nim.outcome(&p).is_p());
        for mv in moves {
            prop_assert!(Nim.outcome(&Nim.play_checked(&p, &mv).unwrap()).is_p());
        }
    }
}

/// A ruleset that plays Nim without any of the shortcuts, so the solver has to search.
struct PlainNim;

impl Ruleset for PlainNim {
    type Position = Heaps;
    type Move = grundy_nim::NimMove;

    fn moves(&self, p: &Heaps, moves: &mut Vec<Self::Move>) {
        Nim.moves(p, moves);
    }

    fn play(&self, p: &Heaps, mv: &Self::Move) -> Heaps {
        Nim.play(p, mv)
    }
}

#[test]
fn searching_solvers_agree_with_bouton_on_all_positions_up_to_heap_5() {
    // Every position with three heaps of 0..=5 (216 positions), with and without shortcuts.
    let mut plain = Solver::new(&PlainNim);
    let mut split = Solver::new(&Nim);
    for a in 0u32..=5 {
        for b in 0u32..=5 {
            for c in 0u32..=5 {
                let p = Heaps::new([a, b, c]);
                let want = Nimber::new(u64::from(a ^ b ^ c));
                assert_eq!(plain.value(&p).unwrap(), want, "{p}");
                assert_eq!(split.value(&p).unwrap(), want, "{p}");
                assert_eq!(plain.outcome(&p).unwrap(), Nim.outcome(&p), "{p}");
                assert_eq!(plain.winning_moves(&p).unwrap(), Nim.winning_moves(&p), "{p}");
                assert_eq!(plain.misere_outcome(&p).unwrap(), Nim.misere_outcome(&p), "{p}");
            }
        }
    }
    assert!(plain.stats().table_hits > 0);
}
