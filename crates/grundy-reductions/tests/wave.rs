//! Propositions 1, 2 and 4 and Nim inside Demi-Quantum Nim, checked by the tandem checker on
//! random positions, with the paper's examples as fixed tests.

use grundy_core::Nimber;
use grundy_nim::{BoolHeaps, Heaps};
use grundy_quantum::Superposition;
use grundy_reductions::{
    BooleanToNim, Compose, DemiQuantumToAnd, Inverse, NimToDemiQuantum, Tandem, WaveToAnd, WaveToOr,
};
use grundy_transverse_wave::{BoolMatrix, Grid};
use proptest::prelude::*;

/// Random boards of 1 to 5 rows and 1 to 7 columns, about a third of the cells purple.
fn grid() -> impl Strategy<Value = Grid> {
    (1usize..=5, 1usize..=7).prop_flat_map(|(rows, cols)| {
        prop::collection::vec(prop::collection::vec(prop::bool::weighted(0.65), cols), rows)
            .prop_map(|cells| Grid::from_matrix(BoolMatrix::from_rows(cells).unwrap()))
    })
}

/// Random Demi-Quantum Boolean Nim positions, some realizations collapsed.
fn superposition() -> impl Strategy<Value = Superposition<BoolHeaps>> {
    (1usize..=5, 1usize..=7).prop_flat_map(|(rows, cols)| {
        prop::collection::vec(
            prop::option::weighted(0.8, prop::collection::vec(prop::bool::weighted(0.6), cols)),
            rows,
        )
        .prop_map(|slots| slots.into_iter().map(|slot| slot.map(BoolHeaps::from_bits)).collect())
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Proposition 1 on the whole game tree of random boards, inverse included.
    #[test]
    fn transverse_wave_is_crosswise_and(g in grid()) {
        let report = Tandem::new().check_isomorphism(&WaveToAnd, &g);
        prop_assert!(report.is_ok(), "{}", report.unwrap_err());
    }

    /// Proposition 2 likewise.
    #[test]
    fn transverse_wave_is_crosswise_or(g in grid()) {
        let report = Tandem::new().check_isomorphism(&WaveToOr, &g);
        prop_assert!(report.is_ok(), "{}", report.unwrap_err());
    }

    /// Proposition 4, from both sides, collapsed realizations included.
    #[test]
    fn demi_quantum_boolean_nim_is_crosswise_and(p in superposition(), g in grid()) {
        let report = Tandem::new().check_isomorphism(&DemiQuantumToAnd, &p);
        prop_assert!(report.is_ok(), "{}", report.unwrap_err());
        let back = Tandem::new().check_isomorphism(&Inverse(DemiQuantumToAnd), g.as_matrix());
        prop_assert!(back.is_ok(), "{}", back.unwrap_err());
    }

    /// Transverse Wave -> Crosswise AND -> Demi-Quantum Boolean Nim, composed.
    #[test]
    fn transverse_wave_is_demi_quantum_boolean_nim(g in grid()) {
        let composed = Compose::new(WaveToAnd, Inverse(DemiQuantumToAnd));
        let report = Tandem::new().check_isomorphism(&composed, &g);
        prop_assert!(report.is_ok(), "{}", report.unwrap_err());
    }

    /// Demi-Quantum Boolean Nim is Demi-Quantum Nim with heaps of at most one token, and so
    /// Transverse Wave is a special case of Demi-Quantum Nim (Figure 10).
    #[test]
    fn demi_quantum_boolean_nim_is_demi_quantum_nim_with_heaps_of_one(p in superposition(), g in grid()) {
        let report = Tandem::new().check(&BooleanToNim, &p);
        prop_assert!(report.is_ok(), "{}", report.unwrap_err());
        let chain = Compose::new(Compose::new(WaveToAnd, Inverse(DemiQuantumToAnd)), BooleanToNim);
        let report = Tandem::new().check(&chain, &g);
        prop_assert!(report.is_ok(), "{}", report.unwrap_err());
    }

    /// Nim is Demi-Quantum Nim with one realization.
    #[test]
    fn nim_is_demi_quantum_nim_with_one_realization(heaps in prop::collection::vec(0u32..5, 1..=4)) {
        let report = Tandem::new().check(&NimToDemiQuantum, &Heaps::new(heaps));
        prop_assert!(report.is_ok(), "{}", report.unwrap_err());
    }
}

/// Table 2's `*3` position, (01)(2) with a fourth column 3, through every map of the family.
#[test]
fn table_2_star_3_through_the_family() {
    let g = Grid::from_shorthand("(01)(2) 3").unwrap();
    for report in [
        Tandem::new().check_isomorphism(&WaveToAnd, &g),
        Tandem::new().check_isomorphism(&WaveToOr, &g),
        Tandem::new().check_isomorphism(&Compose::new(WaveToAnd, Inverse(DemiQuantumToAnd)), &g),
    ] {
        assert_eq!(report.unwrap().value, Nimber::new(3));
    }
}

/// Each realization of the matrix of Equation (5), as a classical Nim position, is the
/// one-realization superposition of itself, over its whole game tree.
#[test]
fn each_realization_of_equation_5_embeds_in_demi_quantum_nim() {
    let p: Superposition<Heaps> =
        "5 3 0 4 2 2 / 1 3 3 2 1 0 / 0 0 4 6 5 7 / 4 2 5 0 1 2".parse().unwrap();
    for (_, heaps) in p.live() {
        let report = Tandem::new().check(&NimToDemiQuantum, heaps).unwrap();
        let nim_sum = heaps.heaps().iter().fold(0u64, |acc, h| acc ^ u64::try_from(h).unwrap());
        assert_eq!(report.value, Nimber::new(nim_sum), "{heaps}");
    }
}

/// A wrong member of the family is caught: Transverse Wave read as Crosswise AND with the
/// colours swapped (green = 0) is not the same game.
#[test]
fn swapped_colours_are_caught() {
    use grundy_reductions::{Reduction, ReductionError, TandemError};
    use grundy_transverse_wave::{CrosswiseAnd, TransverseWave};
    struct Swapped;
    impl Reduction for Swapped {
        type Source = TransverseWave;
        type Target = CrosswiseAnd;
        fn source(&self) -> &TransverseWave {
            &TransverseWave
        }
        fn target(&self) -> &CrosswiseAnd {
            &CrosswiseAnd
        }
        fn map_position(&self, g: &Grid) -> Result<BoolMatrix, ReductionError> {
            Ok(g.to_or_matrix())
        }
        fn map_move(&self, _: &Grid, c: &usize) -> Result<usize, ReductionError> {
            Ok(*c)
        }
    }
    let g: Grid = "gpg/ggp".parse().unwrap();
    let err = Tandem::new().check(&Swapped, &g).unwrap_err();
    assert!(matches!(err, TandemError::Counterexample(_)), "{err}");
}
