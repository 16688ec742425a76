//! Neighboring Nim (Burke and George, *Transverse Wave* section 4): Nim is Neighboring Nim on a
//! complete graph, and Neighboring Boolean Nim is Undirected Vertex Geography; both checked as
//! isomorphisms by the tandem checker on random positions.

use grundy_graph::Graph;
use grundy_nim::Heaps;
use grundy_reductions::{
    BooleanNeighboringNimToGeography, Inverse, NimToNeighboringNim, Reduction, Tandem,
};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Nim with up to 4 heaps of up to 4 is Neighboring Nim on the complete graph, node by
    /// node, both ways.
    #[test]
    fn nim_is_neighboring_nim_on_a_complete_graph(heaps in prop::collection::vec(0u32..=4, 0..=4)) {
        let reduction = NimToNeighboringNim::new(heaps.len());
        let report = Tandem::new().check_isomorphism(&reduction, &Heaps::new(heaps));
        prop_assert!(report.is_ok(), "{}", report.unwrap_err());
    }

    /// Neighboring Boolean Nim on random graphs of up to 7 vertices (random empty heaps, no
    /// vertex last played or one with an empty heap) is Undirected Vertex Geography, node by
    /// node, both ways; and the inverse from random Geography positions.
    #[test]
    fn neighboring_boolean_nim_is_undirected_vertex_geography(
        n in 1usize..=7,
        code in any::<u64>(),
        empty in any::<u8>(),
        token in proptest::option::of(0usize..7),
    ) {
        let g = Graph::from_edge_bits(n, code);
        let iso = BooleanNeighboringNimToGeography::new(g);
        let token = token.map(|t| t % n);
        let heaps: Vec<u64> =
            (0..n).map(|v| u64::from(empty >> v & 1 == 0 && Some(v) != token)).collect();
        let position = iso.source().position(heaps, token).unwrap();
        let report = Tandem::new().check_isomorphism(&iso, &position);
        prop_assert!(report.is_ok(), "{}", report.unwrap_err());
        let geography = iso.map_position(&position).unwrap();
        let back = Tandem::new().check_isomorphism(&Inverse(iso), &geography);
        prop_assert!(back.is_ok(), "{}", back.unwrap_err());
    }
}

/// Positions outside the domains are refused with clear errors.
#[test]
fn domains() {
    let iso = BooleanNeighboringNimToGeography::new(Graph::path(3));
    let two = iso.source().position(vec![1, 2, 0], None).unwrap();
    let e = iso.map_position(&two).unwrap_err();
    assert!(e.to_string().contains("heap 2 at vertex 1"), "{e}");
    let live = iso.source().position(vec![1, 1, 0], Some(1)).unwrap();
    let e = iso.map_position(&live).unwrap_err();
    assert!(e.to_string().contains("vertex last played, 1, still has its stick"), "{e}");
    let nim = NimToNeighboringNim::new(2);
    let e = nim.map_position(&Heaps::new([1u32, 2, 3])).unwrap_err();
    assert!(e.to_string().contains("3 heaps, but the reduction was built for 2"), "{e}");
    // The whole tree of Nim 3 4 5 on K3.
    let report = Tandem::new()
        .check_isomorphism(&NimToNeighboringNim::new(3), &Heaps::new([3u32, 4, 5]))
        .unwrap();
    assert_eq!(report.positions, 4 * 5 * 6);
}
