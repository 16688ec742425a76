//! Boolean Nim and its bitset positions against the plain definitions.

use grundy_core::{Nimber, Ruleset, Solver, naive};
use grundy_nim::{BoolHeaps, BooleanNim, ParseBoolHeapsError};
use proptest::prelude::*;

/// Boolean Nim without any shortcut (no canonical form, no closed form).
struct PlainBooleanNim;

impl Ruleset for PlainBooleanNim {
    type Position = BoolHeaps;
    type Move = usize;

    fn moves(&self, p: &BoolHeaps, moves: &mut Vec<usize>) {
        moves.extend((0..p.len()).filter(|&i| p.get(i)));
    }

    fn play(&self, p: &BoolHeaps, heap: &usize) -> BoolHeaps {
        BoolHeaps::from_bits(p.iter().enumerate().map(|(i, b)| b && i != *heap))
    }
}

#[test]
fn parses_and_displays() {
    let p: BoolHeaps = "1001101".parse().expect("valid");
    assert_eq!(p.len(), 7);
    assert_eq!(p.iter_ones().collect::<Vec<_>>(), [0, 3, 4, 6]);
    assert_eq!(p.to_string(), "1001101");
    assert_eq!("".parse::<BoolHeaps>().expect("empty is valid"), BoolHeaps::new(0));
    assert_eq!(BoolHeaps::full(3).to_string(), "111");
    assert_eq!(BoolHeaps::new(2).to_string(), "00");
}

#[test]
fn rejects_bad_characters_naming_the_heap() {
    let err = "10a1".parse::<BoolHeaps>().expect_err("a is no heap");
    assert_eq!(err, ParseBoolHeapsError::InvalidCharacter { found: 'a', heap: 3 });
    assert_eq!(err.to_string(), "invalid character 'a' at heap 3: expected 0 or 1");
    assert!("1 0".parse::<BoolHeaps>().is_err());
    assert!("2".parse::<BoolHeaps>().is_err());
}

#[test]
fn long_bitsets_cross_word_boundaries() {
    let mut p = BoolHeaps::new(130);
    for i in [0, 63, 64, 127, 128, 129] {
        p.set(i, true);
    }
    assert_eq!(p.count(), 6);
    assert_eq!(p.iter_ones().collect::<Vec<_>>(), [0, 63, 64, 127, 128, 129]);
    p.set(64, false);
    assert!(!p.get(64) && p.get(63) && !p.get(500));
    assert_eq!(BoolHeaps::full(130).count(), 130);
    assert_eq!(BoolHeaps::full(128), BoolHeaps::from_bits(std::iter::repeat_n(true, 128)));
}

#[test]
fn moves_are_heap_indices() {
    let p: BoolHeaps = "0110".parse().expect("valid");
    assert_eq!(BooleanNim.move_list(&p), [1, 2]);
    assert!(BooleanNim.is_legal(&p, &1) && !BooleanNim.is_legal(&p, &0));
    assert!(!BooleanNim.is_legal(&p, &9));
    assert_eq!(BooleanNim.play(&p, &1).to_string(), "0010");
    assert!(BooleanNim.is_terminal(&"000".parse().expect("valid")));
}

fn positions() -> impl Strategy<Value = BoolHeaps> {
    prop::collection::vec(any::<bool>(), 0..9).prop_map(BoolHeaps::from_bits)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn value_is_the_parity_of_the_pebbles(p in positions()) {
        let v = naive::value(&PlainBooleanNim, &p);
        prop_assert_eq!(v, Nimber::new((p.count() % 2) as u64));
        prop_assert_eq!(BooleanNim.value(&p), v);
        prop_assert_eq!(naive::value(&BooleanNim, &p), v);
        prop_assert_eq!(BooleanNim.outcome(&p), naive::outcome(&PlainBooleanNim, &p));
        prop_assert_eq!(BooleanNim.misere_outcome(&p), naive::misere_outcome(&PlainBooleanNim, &p));
        prop_assert_eq!(BooleanNim.move_list(&p), PlainBooleanNim.move_list(&p));
    }

    #[test]
    fn canonical_form_keeps_value_and_misere_outcome(p in positions()) {
        let c = BooleanNim.canonical(&p);
        prop_assert_eq!(naive::value(&PlainBooleanNim, &c), naive::value(&PlainBooleanNim, &p));
        prop_assert_eq!(
            naive::misere_outcome(&PlainBooleanNim, &c),
            naive::misere_outcome(&PlainBooleanNim, &p)
        );
        let mut solver = Solver::new(&BooleanNim);
        prop_assert_eq!(solver.value(&p).unwrap(), naive::value(&PlainBooleanNim, &p));
        prop_assert_eq!(solver.misere_outcome(&p).unwrap(), naive::misere_outcome(&PlainBooleanNim, &p));
    }

    #[test]
    fn display_parse_round_trip(bits in prop::collection::vec(any::<bool>(), 0..200)) {
        let p = BoolHeaps::from_bits(bits.iter().copied());
        prop_assert_eq!(p.len(), bits.len());
        prop_assert_eq!(p.iter().collect::<Vec<_>>(), bits.clone());
        prop_assert_eq!(p.count(), bits.iter().filter(|b| **b).count());
        prop_assert_eq!(
            p.iter_ones().collect::<Vec<_>>(),
            (0..bits.len()).filter(|&i| bits[i]).collect::<Vec<_>>()
        );
        prop_assert_eq!(p.to_string().parse::<BoolHeaps>().unwrap(), p);
    }

    #[test]
    fn set_and_full_agree_with_from_bits(len in 0usize..150, flips in prop::collection::vec(0usize..150, 0..20)) {
        let mut p = BoolHeaps::full(len);
        let mut bits = vec![true; len];
        for f in flips.into_iter().filter(|&f| f < len) {
            p.set(f, false);
            bits[f] = false;
        }
        prop_assert_eq!(p, BoolHeaps::from_bits(bits));
    }
}
