//! Theorem 4 (Demi-Quantum Boolean Nim is Avoid True, both directions) and Corollary 1 (the
//! Rechargeable Boolean Nims), checked by the tandem checker on random positions, with the
//! worked examples of section 4.1 as fixed tests.

use grundy_avoid_true::{AvoidTruePosition, VarSet};
use grundy_nim::BoolHeaps;
use grundy_quantum::Superposition;
use grundy_reductions::{
    Compose, DemiQuantumToAnd, DemiQuantumToAvoidTrue, DemiQuantumToBipartite,
    DemiQuantumToHypergraph, Inverse, Isomorphism, Reduction, Tandem, WaveToAnd,
};
use grundy_transverse_wave::{BoolMatrix, Grid};
use proptest::prelude::*;

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

/// Random Avoid True positions: up to 7 variables, up to 5 clauses, some variables true.
fn avoid_true() -> impl Strategy<Value = AvoidTruePosition> {
    (1usize..=7).prop_flat_map(|n| {
        let set = move || prop::collection::vec(prop::bool::weighted(0.35), n);
        (prop::collection::vec(set(), 1..=5), prop::collection::vec(prop::bool::weighted(0.15), n))
            .prop_map(move |(clauses, t)| {
                let to_set = |bits: &[bool]| {
                    bits.iter().enumerate().filter(|(_, b)| **b).map(|(i, _)| i).collect::<VarSet>()
                };
                let clauses = clauses.iter().map(|c| to_set(c)).collect();
                AvoidTruePosition::new(n, clauses, to_set(&t)).unwrap()
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Theorem 4, from Demi-Quantum Boolean Nim positions (the paper's first direction).
    #[test]
    fn demi_quantum_boolean_nim_is_avoid_true(p in superposition()) {
        let report = Tandem::new().check_isomorphism(&DemiQuantumToAvoidTrue, &p);
        prop_assert!(report.is_ok(), "{}", report.unwrap_err());
    }

    /// Theorem 4, from Avoid True positions with true variables (the reverse direction).
    #[test]
    fn avoid_true_is_demi_quantum_boolean_nim(p in avoid_true()) {
        let report = Tandem::new().check_isomorphism(&Inverse(DemiQuantumToAvoidTrue), &p);
        prop_assert!(report.is_ok(), "{}", report.unwrap_err());
    }

    /// Corollary 1, both readings, and Transverse Wave through the whole chain to Avoid True.
    #[test]
    fn rechargeable_nims_and_the_chain_to_avoid_true(p in superposition(), cells in prop::collection::vec(prop::collection::vec(prop::bool::weighted(0.65), 6), 1..=4)) {
        let bipartite = Tandem::new().check_isomorphism(&DemiQuantumToBipartite, &p);
        prop_assert!(bipartite.is_ok(), "{}", bipartite.unwrap_err());
        let hypergraph = Tandem::new().check_isomorphism(&DemiQuantumToHypergraph, &p);
        prop_assert!(hypergraph.is_ok(), "{}", hypergraph.unwrap_err());
        let grid = Grid::from_matrix(BoolMatrix::from_rows(cells).unwrap());
        let chain = Compose::new(Compose::new(WaveToAnd, Inverse(DemiQuantumToAnd)), DemiQuantumToAvoidTrue);
        let report = Tandem::new().check_isomorphism(&chain, &grid);
        prop_assert!(report.is_ok(), "{}", report.unwrap_err());
        let to_bipartite = Compose::new(Compose::new(WaveToAnd, Inverse(DemiQuantumToAnd)), DemiQuantumToBipartite);
        let report = Tandem::new().check_isomorphism(&to_bipartite, &grid);
        prop_assert!(report.is_ok(), "{}", report.unwrap_err());
    }
}

/// Section 4.1, second example: the formula A..D with T = {x8} gives the three rows printed
/// in the paper; clause D (satisfied by x8) has no realization and column 8 is all zero.
#[test]
fn second_worked_example_of_theorem_4() {
    let formula = "(x1 | x2 | x3 | x4) & (x1 | x5 | x6 | x7) & (x1 | x3 | x6) & (x2 | x5 | x8) ; variables: 8 ; true: x8";
    let p: AvoidTruePosition = formula.parse().unwrap();
    let matrix = DemiQuantumToAvoidTrue.unmap_position(&p).unwrap();
    assert_eq!(matrix.to_string(), "00001110 / 01110000 / 01011010");
    Tandem::new().check_isomorphism(&Inverse(DemiQuantumToAvoidTrue), &p).unwrap();
}

/// Section 4.1, first example: the matrix 1001101 / 0101110 / 1001110. Our map gives clause
/// A = (x2 | x3 | x6): row A has a pebble on heap 7. The paper prints (x2 | x3 | x6 | x7),
/// which is the image of 1001100 instead, and not the same game tree (both have value 0).
#[test]
fn first_worked_example_of_theorem_4_has_a_misprinted_clause() {
    let matrix: Superposition<BoolHeaps> = "1001101 / 0101110 / 1001110".parse().unwrap();
    let ours = DemiQuantumToAvoidTrue.map_position(&matrix).unwrap();
    let expected: AvoidTruePosition =
        "(x2 | x3 | x6) & (x1 | x3 | x7) & (x2 | x3 | x7) ; variables: 7".parse().unwrap();
    assert_eq!(ours, expected);
    Tandem::new().check_isomorphism(&DemiQuantumToAvoidTrue, &matrix).unwrap();
    let printed: AvoidTruePosition =
        "(x2 | x3 | x6 | x7) & (x1 | x3 | x7) & (x2 | x3 | x7) ; variables: 7".parse().unwrap();
    assert_ne!(ours, printed);
    assert_eq!(
        DemiQuantumToAvoidTrue.unmap_position(&printed).unwrap().to_string(),
        "1001100 / 0101110 / 1001110"
    );
    // The paper's remarks hold: x3 is in every clause (heap 3 is empty everywhere) and x4, x5
    // are in none (heaps 4 and 5 are full everywhere).
    assert!(ours.clauses().iter().all(|c| c.contains(2)));
    assert!(ours.clauses().iter().all(|c| !c.contains(3) && !c.contains(4)));
}

/// A hypergraph position outside the image of the map (a hyperedge avoiding the current
/// vertex) has no Demi-Quantum counterpart, and the error says so.
#[test]
fn hypergraph_positions_outside_the_image_are_refused() {
    use grundy_avoid_true::HypergraphPosition;
    let edges =
        vec![[0usize, 2].into_iter().collect::<VarSet>(), [0usize, 1].into_iter().collect()];
    let p = HypergraphPosition::new(3, edges, [0usize, 1].into_iter().collect(), 2).unwrap();
    let err = DemiQuantumToHypergraph.unmap_position(&p).unwrap_err();
    assert!(err.to_string().contains("does not contain the current vertex"), "{err}");
}
