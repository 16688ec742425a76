//! Heap games with bounded heaps as squarefree lattice games (Guo-Miller, Example 6.4 of
//! *Lattice point methods for combinatorial games*), checked on whole game trees by the
//! tandem checker: Dawson's chess and other octal codes, and Nim.

use grundy_core::{Ruleset, Solver};
use grundy_nim::Nim;
use grundy_octal::{Code, Heaps, Rules};
use grundy_reductions::{NimToSquarefree, OctalToSquarefree, Reduction, Tandem};
use proptest::prelude::*;

/// Dawson's chess (0.137) with heaps of at most 7: every position of up to three heaps, whole
/// game trees with values; the lattice game's values equal 0.137's.
#[test]
fn dawsons_chess_is_a_squarefree_lattice_game() {
    let reduction = OctalToSquarefree::dawson(7).unwrap();
    let mut positions = 0;
    for a in 0..=7u64 {
        for b in a..=7 {
            for c in b..=7 {
                let heaps = Heaps::new(vec![a, b, c]);
                let report = Tandem::new().merging_moves().check(&reduction, &heaps);
                assert!(report.is_ok(), "{heaps}: {}", report.unwrap_err());
                positions += 1;
            }
        }
    }
    assert_eq!(positions, 120);
    // Values through the generic solver on both sides.
    let point = reduction.map_position(&Heaps::new(vec![7, 5, 3])).unwrap();
    let octal_value = Solver::new(reduction.source()).value(&Heaps::new(vec![7, 5, 3])).unwrap();
    assert_eq!(Solver::new(reduction.target()).value(&point).unwrap(), octal_value);
}

/// The lattice game merges the moves on equal heaps: two heaps of 3 in 0.137 have twice the
/// moves of one heap as heap moves, and the same rule vectors as one heap.
#[test]
fn equal_heaps_share_rule_vectors() {
    let reduction = OctalToSquarefree::dawson(5).unwrap();
    let one = reduction.map_position(&Heaps::new(vec![3])).unwrap();
    let two = reduction.map_position(&Heaps::new(vec![3, 3])).unwrap();
    let heap_moves = reduction.source().move_list(&Heaps::new(vec![3, 3])).len();
    assert_eq!(heap_moves, 2 * reduction.source().move_list(&Heaps::new(vec![3])).len());
    assert_eq!(reduction.target().move_list(&two), reduction.target().move_list(&one));
    // Outside the domain: a heap above the bound.
    assert!(reduction.map_position(&Heaps::new(vec![6])).is_err());
}

/// Other octal codes with heaps of at most 6, on random positions of up to four heaps.
#[test]
fn octal_codes_are_squarefree_lattice_games() {
    for code in ["0.77", "0.07", "4.07", "0.51", "0.6", "0.137", "0.3333"] {
        let code: Code = code.parse().unwrap();
        let Ok(reduction) = OctalToSquarefree::new(Rules::octal(code.clone()), 6) else {
            // Some heap size has no move (a heap of 1 in 0.07, 4.07 and 0.6): the lattice
            // game's axiom 2 fails, and only then.
            let octal = grundy_octal::Octal::new(code.clone());
            assert!((1..=6).any(|h| octal.move_list(&Heaps::new(vec![h])).is_empty()), "{code}");
            continue;
        };
        for heaps in [vec![6, 5, 4], vec![1, 2, 3, 6], vec![6, 6, 2]] {
            let heaps = Heaps::new(heaps);
            let report = Tandem::new().merging_moves().check(&reduction, &heaps);
            assert!(report.is_ok(), "{code} {heaps}: {}", report.unwrap_err());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// Nim with heaps of at most 5 (the code 0.33333): random positions of up to four heaps,
    /// whole game trees.
    #[test]
    fn nim_is_a_squarefree_lattice_game(heaps in prop::collection::vec(0u64..=5, 0..=4)) {
        let reduction = NimToSquarefree::new(5).unwrap();
        let position = grundy_nim::Heaps::new(heaps);
        let report = Tandem::new().merging_moves().check(&reduction, &position);
        prop_assert!(report.is_ok(), "{}", report.unwrap_err());
        let point = reduction.map_position(&position).unwrap();
        prop_assert_eq!(
            Solver::new(reduction.target()).outcome(&point).unwrap(),
            Nim.outcome(&position)
        );
    }
}
