//! Grundy's game and subtraction games: the shared sequence machinery against plain searches.

use grundy_core::{Nimber, Ruleset, Solver, naive};
use grundy_octal::{Heaps, Octal, OctalError, Rules, Sequence, SequenceMethod};
use proptest::prelude::*;

/// Grundy's game written from its definition alone: split one heap into two unequal heaps.
struct GrundyByHand;

impl Ruleset for GrundyByHand {
    type Position = Vec<u32>;
    type Move = (usize, u32);
    fn moves(&self, heaps: &Vec<u32>, moves: &mut Vec<(usize, u32)>) {
        for (i, &h) in heaps.iter().enumerate() {
            // Split h into a and h - a with a < h - a.
            moves.extend((1..h).filter(|&a| a < h - a).map(|a| (i, a)));
        }
    }
    fn play(&self, heaps: &Vec<u32>, &(i, a): &(usize, u32)) -> Vec<u32> {
        let mut next = heaps.clone();
        next[i] -= a;
        next.push(a);
        next
    }
    // Only the plain definition above is used by the naive solver; the table of the generic
    // solver needs order-free keys to stay small on positions with several heaps.
    fn canonical(&self, heaps: &Vec<u32>) -> Vec<u32> {
        let mut sorted: Vec<u32> = heaps.iter().copied().filter(|&h| h > 2).collect();
        sorted.sort_unstable();
        sorted
    }
}

/// A one-heap subtraction game written from its definition alone.
struct SubtractByHand(Vec<u32>);

impl Ruleset for SubtractByHand {
    type Position = u32;
    type Move = u32;
    fn moves(&self, n: &u32, moves: &mut Vec<u32>) {
        moves.extend(self.0.iter().copied().filter(|s| s <= n));
    }
    fn play(&self, n: &u32, s: &u32) -> u32 {
        n - s
    }
}

/// OEIS A002188, the Grundy values of Grundy's game, heaps 0 to 40.
const GRUNDY_A002188: [u32; 41] = [
    0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1,
    2, 4, 1, 2, 4, 1, 2, 4, 1,
];

#[test]
fn grundys_game_starts_as_in_the_literature() {
    let mut seq = Sequence::for_rules(Rules::grundys_game());
    seq.extend_to(GRUNDY_A002188.len()).unwrap();
    assert_eq!(seq.values(), &GRUNDY_A002188);
}

#[test]
fn grundys_game_matches_a_search_over_its_definition() {
    let mut seq = Sequence::for_rules(Rules::grundys_game());
    seq.extend_to(41).unwrap();
    let mut solver = Solver::new(&GrundyByHand);
    for n in 0..41u32 {
        let expected = Nimber::new(u64::from(seq.values()[n as usize]));
        assert_eq!(solver.value(&vec![n]).unwrap(), expected, "heap {n}");
        if n <= 13 {
            // The plain recursion, without table or canonical forms, on the smallest heaps.
            assert_eq!(naive::value(&GrundyByHand, &vec![n]), expected, "heap {n}");
        }
    }
}

#[test]
fn both_methods_agree_on_grundys_game_far_out() {
    let mut plain = Sequence::for_rules_with_method(Rules::grundys_game(), SequenceMethod::Plain);
    let mut fast = Sequence::for_rules_with_method(Rules::grundys_game(), SequenceMethod::Fast);
    plain.extend_to(5000).unwrap();
    fast.extend_to(5000).unwrap();
    assert_eq!(plain.values(), fast.values());
}

#[test]
fn grundys_game_has_no_period_to_prove() {
    let mut seq = Sequence::for_rules(Rules::grundys_game());
    let err = seq.find_period(1000).unwrap_err();
    assert!(matches!(err, OctalError::NoPeriodicityTheorem { .. }), "{err}");
    assert!(err.to_string().contains("unequal splits"));
}

#[test]
fn winning_moves_of_grundys_game_positions_match_a_plain_search() {
    let game = Octal::for_rules_with_values(Rules::grundys_game(), 40).unwrap();
    for heaps in [vec![10, 13], vec![7], vec![3, 5, 9], vec![12, 12], vec![2, 4, 6, 8]] {
        let position = Heaps::new(heaps.clone());
        let by_hand: Vec<u32> = heaps.iter().map(|&h| u32::try_from(h).unwrap()).collect();
        let value = game.value(&position).unwrap();
        assert_eq!(value, Solver::new(&GrundyByHand).value(&by_hand).unwrap(), "{heaps:?}");
        let moves = game.winning_moves(&position).unwrap();
        assert_eq!(
            moves.len(),
            Solver::new(&GrundyByHand).winning_moves(&by_hand).unwrap().len(),
            "{heaps:?}"
        );
        for mv in &moves {
            assert_eq!(mv.take(), 0);
            assert!(mv.rest()[0] != mv.rest()[1], "{mv}");
            assert!(game.value(&game.play_move(&position, mv)).unwrap().is_zero());
        }
    }
    let position = Heaps::new(vec![10, 13]);
    let moves = game.winning_moves(&position).unwrap();
    assert_eq!(
        moves.iter().map(ToString::to_string).collect::<Vec<_>>(),
        ["split heap 2 into 5 and 8"]
    );
}

#[test]
fn subtract_one_two_three_is_n_mod_4_with_a_proved_period() {
    let mut seq = Sequence::for_rules("{1,2,3}".parse::<Rules>().unwrap());
    let period = seq.find_period(1000).unwrap().unwrap();
    assert_eq!((period.preperiod(), period.period()), (0, 4));
    assert_eq!(seq.value(1_000_000_000_000_000_003), Some(Nimber::new(3)));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any subtraction set gives the values of a plain search over its definition, and its
    /// proved period (subtraction games are octal games) holds beyond the values computed.
    #[test]
    fn subtraction_games_match_a_plain_search(set in prop::collection::btree_set(1u32..12, 1..5)) {
        let takes: Vec<u32> = set.into_iter().collect();
        let rules = Rules::subtraction(takes.iter().map(|&s| s as usize)).unwrap();
        let mut seq = Sequence::for_rules(rules.clone());
        let period = seq.find_period(4096).unwrap().expect("finite subtraction games are periodic");
        let by_hand = SubtractByHand(takes.clone());
        let mut solver = Solver::new(&by_hand);
        for n in 0..u32::try_from(period.bound() + 40).unwrap() {
            let expected = solver.value(&n).unwrap();
            prop_assert_eq!(seq.value(u64::from(n)), Some(expected), "{} heap {}", rules, n);
        }
    }
}
