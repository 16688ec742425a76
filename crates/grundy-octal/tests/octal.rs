//! Sequences, periods and winning moves against plain search over the rules.

use grundy_core::{Solver, naive};
use grundy_octal::{Code, Heaps, Octal, Sequence};
use proptest::prelude::*;

/// Random octal codes of one to four digits after the point, digit 0 being 0 or 4; with
/// `hex`, digits may also allow three-heap splits.
fn code(hex: bool) -> impl Strategy<Value = Code> {
    let digit = if hex { 0u8..16 } else { 0u8..8 };
    (prop::bool::ANY, prop::collection::vec(digit, 1..=4)).prop_map(move |(split, digits)| {
        let zero = if split { "4" } else { "0" };
        let text: String = digits.iter().map(|d| format!("{d:x}")).collect();
        let prefix = if hex { "0x" } else { "" };
        format!("{prefix}{zero}.{text}").parse().unwrap()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// The sequence (mex over options by heap arithmetic) equals the value found by searching
    /// the game tree of single heaps, move by move, for every heap up to 14.
    #[test]
    fn sequence_equals_search_on_random_codes(code in code(false)) {
        let mut s = Sequence::new(code.clone());
        s.extend_to(15).unwrap();
        let plain = Octal::new(code);
        let mut solver = Solver::new(&plain);
        for n in 0..15u64 {
            prop_assert_eq!(
                s.value(n).unwrap(),
                solver.value(&Heaps::new([n])).unwrap(),
                "heap {}", n
            );
        }
    }

    /// Hexadecimal codes (three-heap splits) against the naive solver, which does not even
    /// split positions into heaps: heaps up to 6 keep its game trees small.
    #[test]
    fn sequence_equals_naive_on_random_hex_codes(code in code(true)) {
        let mut s = Sequence::new(code.clone());
        s.extend_to(7).unwrap();
        let plain = Octal::new(code.clone());
        for n in 0..7u64 {
            prop_assert_eq!(
                s.value(n).unwrap(),
                naive::value(&plain, &Heaps::new([n]))
            );
        }
        // Larger heaps against the searching solver.
        s.extend_to(13).unwrap();
        let mut solver = Solver::new(&plain);
        for n in 7..13u64 {
            prop_assert_eq!(
                s.value(n).unwrap(),
                solver.value(&Heaps::new([n])).unwrap()
            );
        }
    }

    /// A proved period predicts values far beyond the ones it was proved from.
    #[test]
    fn proved_periods_predict_later_values(code in code(false)) {
        let mut s = Sequence::new(code.clone());
        if let Some(p) = s.find_period(4_000).unwrap() {
            prop_assert!(p.bound() + p.proved().1 <= p.values_checked());
            let checked = p.values_checked();
            let mut longer = Sequence::new(code);
            longer.extend_to(checked + 500).unwrap();
            for n in 0..(checked + 500) as u64 {
                prop_assert_eq!(s.value(n), longer.value(n), "heap {}", n);
            }
            // The pre-period is the smallest for the period.
            let (n0, per) = (p.preperiod(), p.period());
            if n0 > 0 {
                prop_assert_ne!(longer.values()[n0 - 1], longer.values()[n0 - 1 + per]);
            }
        }
    }

    /// Winning moves from the sequence against the searching solver on the plain rules.
    #[test]
    fn winning_moves_agree_with_search(code in code(false), heaps in prop::collection::vec(0u64..12, 1..=3)) {
        let game = Octal::with_values(code.clone(), 40).unwrap();
        let position = Heaps::new(heaps);
        let plain = Octal::new(code);
        let mut want = Solver::new(&plain).winning_moves(&position).unwrap();
        let mut got = game.winning_moves(&position).unwrap();
        want.sort();
        got.sort();
        prop_assert_eq!(got, want);
    }

    #[test]
    fn code_display_round_trips(code in code(true)) {
        prop_assert_eq!(code.to_string().parse::<Code>().unwrap(), code);
    }

    #[test]
    fn heaps_display_round_trips(heaps in prop::collection::vec(any::<u64>(), 0..6)) {
        let p = Heaps::new(heaps);
        prop_assert_eq!(p.to_string().parse::<Heaps>().unwrap(), p);
    }
}

/// Known sequences: Kayles (0.77) has period 12 from heap 71 (last exception at 70), and
/// Dawson's Kayles (0.07) is 0.137 shifted by one.
#[test]
fn kayles_and_dawsons_kayles() {
    let mut kayles = Sequence::new(Code::kayles());
    let p = kayles.find_period(10_000).unwrap().expect("Kayles is periodic");
    assert_eq!((p.preperiod(), p.period()), (71, 12));
    assert_eq!(&kayles.values()[..12], &[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);

    let mut dawson_kayles = Sequence::new("0.07".parse().unwrap());
    let mut dawson_chess = Sequence::new(Code::dawson_chess());
    dawson_kayles.extend_to(301).unwrap();
    dawson_chess.extend_to(300).unwrap();
    assert_eq!(&dawson_kayles.values()[1..], dawson_chess.values());
}

#[test]
fn too_long_is_an_error_not_an_allocation() {
    let mut s = Sequence::new(Code::dawson_chess());
    assert!(s.extend_to(usize::MAX).is_err());
    assert!(Octal::with_values(Code::dawson_chess(), usize::MAX).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// Misère play by search (no decomposition): the solver's misère values and outcomes of
    /// single heaps and of small multi-heap positions equal the naive recursion's.
    #[test]
    fn misere_values_and_outcomes_by_search(code in code(false), heaps in prop::collection::vec(0u64..4, 1..=2)) {
        let game = Octal::new(code);
        let mut solver = Solver::new(&game);
        for n in 0..7u64 {
            let single = Heaps::new([n]);
            prop_assert_eq!(solver.misere_value(&single).unwrap(), naive::misere_value(&game, &single));
        }
        let position = Heaps::new(heaps);
        prop_assert_eq!(solver.misere_outcome(&position).unwrap(), naive::misere_outcome(&game, &position));
    }
}

/// Misère Dawson's chess on small heaps: a heap of 1 is a misère P-position (the mover must
/// take the last dot), and misère values differ from normal-play values.
#[test]
fn misere_dawsons_chess_small_heaps() {
    let game = Octal::new(Code::dawson_chess());
    let mut solver = Solver::new(&game);
    assert!(solver.misere_outcome(&Heaps::new([1])).unwrap().is_p());
    assert!(solver.misere_outcome(&Heaps::new([0])).unwrap().is_n());
    let misere: Vec<u64> =
        (0..12).map(|n| solver.misere_value(&Heaps::new([n])).unwrap().value()).collect();
    let normal: Vec<u64> =
        (0..12).map(|n| solver.value(&Heaps::new([n])).unwrap().value()).collect();
    assert_ne!(misere, normal);
    for (n, &m) in misere.iter().enumerate() {
        assert_eq!(m, naive::misere_value(&game, &Heaps::new([n as u64])).value());
    }
}

/// Heaps above `MAX_ENUMERATED_HEAP` get their winning moves from the proved period: Dawson's
/// chess on a heap of 10^18 and a heap of 5 has astronomically many (listed in part and
/// counted), each one winning; a subtraction game's huge heap has its single winning move.
#[test]
fn winning_moves_on_huge_heaps() {
    use grundy_octal::{MAX_ENUMERATED_HEAP, OctalError, Rules};

    let mut dawson = Sequence::new(Code::dawson_chess());
    dawson.find_period(1000).unwrap().expect("periodic");
    let game = Octal::from_sequence(dawson);
    let huge = 1_000_000_000_000_000_000u64;
    let position = Heaps::new([huge, 5]);
    assert!(!game.value(&position).unwrap().is_zero());
    let winning = game.winning_moves_upto(&position, 50).unwrap();
    assert_eq!(winning.moves().len(), 50);
    assert!(!winning.is_complete());
    // Each residue class of splits mod 34 that wins holds about 10^18 / 68 moves.
    assert!(winning.count() > u128::from(huge / 68), "{}", winning.count());
    let mut previous = None;
    for mv in winning.moves() {
        assert_eq!(mv.heap(), 0);
        assert!(game.value(&game.play_move(&position, mv)).unwrap().is_zero(), "{mv}");
        assert!(previous < Some((mv.take(), mv.rest().to_vec())), "in order");
        previous = Some((mv.take(), mv.rest().to_vec()));
    }
    assert!(matches!(game.winning_moves(&position), Err(OctalError::HeapTooLarge { .. })));
    // The count does not depend on how many are listed.
    assert_eq!(game.winning_moves_upto(&position, 0).unwrap().count(), winning.count());
    // Two equal huge heaps: a P-position.
    assert!(game.winning_moves(&Heaps::new([huge, huge])).unwrap().is_empty());

    // Subtract 1, 2 or 3: from 10^18 + 1 the only winning move takes 1.
    let mut sub = Sequence::for_rules("{1,2,3}".parse::<Rules>().unwrap());
    sub.find_period(100).unwrap().expect("periodic");
    let game = Octal::from_sequence(sub);
    let moves = game.winning_moves(&Heaps::new([huge + 1])).unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!((moves[0].take(), moves[0].rest()), (1, &[huge][..]));
    assert!(huge > MAX_ENUMERATED_HEAP);
}
