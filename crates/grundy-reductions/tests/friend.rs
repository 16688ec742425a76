//! Proposition 3: Crosswise OR is Friend Circle on a complete bipartite graph, checked by the
//! tandem checker on random matrices, and Transverse Wave reaches Friend Circle by composition.

use grundy_reductions::{Compose, CrosswiseOrToFriendCircle, Tandem, WaveToOr};
use grundy_transverse_wave::{BoolMatrix, Grid};
use proptest::prelude::*;

/// Random matrices of 1 to 4 rows and 1 to 5 columns.
fn matrix() -> impl Strategy<Value = BoolMatrix> {
    (1usize..=4, 1usize..=5).prop_flat_map(|(rows, cols)| {
        prop::collection::vec(prop::collection::vec(prop::bool::weighted(0.4), cols), rows)
            .prop_map(|cells| BoolMatrix::from_rows(cells).unwrap())
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Every node of the game tree: moves, children (exactly equal edge sets) and values.
    #[test]
    fn crosswise_or_is_friend_circle_on_a_complete_bipartite_graph(m in matrix()) {
        let reduction = CrosswiseOrToFriendCircle::new(m.rows(), m.cols()).unwrap();
        let report = Tandem::new().check(&reduction, &m);
        prop_assert!(report.is_ok(), "{}", report.unwrap_err());
    }

    /// Transverse Wave -> Crosswise OR -> Friend Circle (Figure 5's picture).
    #[test]
    fn transverse_wave_is_friend_circle(m in matrix()) {
        let grid = Grid::from_or_matrix(&m);
        let chain = Compose::new(WaveToOr, CrosswiseOrToFriendCircle::new(m.rows(), m.cols()).unwrap());
        let report = Tandem::new().check(&chain, &grid);
        prop_assert!(report.is_ok(), "{}", report.unwrap_err());
    }
}

/// A matrix of another shape than the reduction's is refused with a clear error.
#[test]
fn shapes_must_match() {
    let reduction = CrosswiseOrToFriendCircle::new(2, 3).unwrap();
    let m: BoolMatrix = "10/01".parse().unwrap();
    let err = Tandem::new().check(&reduction, &m).unwrap_err();
    assert!(err.to_string().contains("built for 2 x 3"), "{err}");
    // Figure 5's shape: a 4 x 6 matrix walks its whole tree.
    let m: BoolMatrix = "100100/010010/001001/110000".parse().unwrap();
    let report = Tandem::new().check(&CrosswiseOrToFriendCircle::new(4, 6).unwrap(), &m).unwrap();
    assert!(report.positions > 10 && report.moves > report.positions, "{report:?}");
}
