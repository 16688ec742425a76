//! Node-Kayles as a special case: Theorem 2 (Friend Circle), Theorem 6 (Demographic
//! Influence, with the pendant reading refuted) and Node-Kayles on a path as the octal game
//! 0.137, checked by the tandem checker on whole game trees.

use grundy_core::{Nimber, Ruleset};
use grundy_demographic_influence::DemographicInfluence;
use grundy_graph::{Graph, VertexSet};
use grundy_node_kayles::NodeKayles;
use grundy_octal::{Heaps, OctalMove};
use grundy_reductions::{
    Isomorphism, NodeKaylesToFriendCircle, NodeKaylesToInfluence, PathKaylesToDawson, Problem,
    Reduction, ReductionError, Tandem, TandemError,
};
use proptest::prelude::*;

/// A graph on `n` vertices from one bit per pair `u < v`, in lexicographic order.
fn graph_from_bits(n: usize, bits: &[bool]) -> Graph {
    let mut g = Graph::new(n);
    let pairs = (0..n).flat_map(|u| (u + 1..n).map(move |v| (u, v)));
    for ((u, v), &on) in pairs.zip(bits) {
        if on {
            g.add_edge(u, v).unwrap();
        }
    }
    g
}

/// Random graphs of 1 to 8 vertices with a random set of available vertices.
fn graph_and_position() -> impl Strategy<Value = (Graph, VertexSet)> {
    (1usize..=8).prop_flat_map(|n| {
        (
            prop::collection::vec(prop::bool::weighted(0.4), n * (n - 1) / 2),
            prop::collection::vec(prop::bool::weighted(0.8), n),
        )
            .prop_map(move |(edges, available)| {
                let position = (0..n).filter(|&v| available[v]).collect();
                (graph_from_bits(n, &edges), position)
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Theorem 2 on the whole game tree, both directions: positions map exactly, moves are
    /// the same vertices, values agree, and the map back returns every position.
    #[test]
    fn node_kayles_is_friend_circle_with_pendant_false_edges((g, a) in graph_and_position()) {
        let reduction = NodeKaylesToFriendCircle::new(g).unwrap();
        let report = Tandem::new().check_isomorphism(&reduction, &a);
        prop_assert!(report.is_ok(), "{}", report.unwrap_err());
    }

    /// Theorem 6 with `t_v` adjacent to `v` and to `v`'s neighbours (the proof's `C(v)`):
    /// exact on every node, both directions.
    #[test]
    fn node_kayles_is_demographic_influence((g, a) in graph_and_position()) {
        let reduction = NodeKaylesToInfluence::new(g).unwrap();
        let report = Tandem::new().check_isomorphism(&reduction, &a);
        prop_assert!(report.is_ok(), "{}", report.unwrap_err());
    }

    /// Node-Kayles on `P_n` from a random position is 0.137 on its runs, as a quotient of
    /// game trees (mirror-image vertices are one octal move).
    #[test]
    fn random_path_positions_are_dawson_heaps(
        (n, bits) in (0usize..=14).prop_flat_map(|n| (Just(n), prop::collection::vec(prop::bool::weighted(0.75), n)))
    ) {
        let reduction = PathKaylesToDawson::new(n).unwrap();
        let available: VertexSet = (0..n).filter(|&v| bits[v]).collect();
        let report = dawson_check(&reduction, &available);
        prop_assert!(report.is_ok(), "{}", report.unwrap_err());
    }

    /// Every 0.137 position of a few heaps, laid out on a path, maps back to itself and is
    /// the same game as its layout.
    #[test]
    fn dawson_positions_are_path_positions(heaps in prop::collection::vec(0u64..=5, 0..=3)) {
        let heaps = Heaps::new(heaps);
        let reduction = PathKaylesToDawson::new(17).unwrap();
        let available = reduction.layout(&heaps).unwrap();
        let nonempty: Vec<u64> = heaps.heaps().iter().copied().filter(|&h| h > 0).collect();
        prop_assert_eq!(reduction.map_position(&available).unwrap(), Heaps::new(nonempty));
        let report = dawson_check(&reduction, &available);
        prop_assert!(report.is_ok(), "{}", report.unwrap_err());
    }
}

/// The quotient check of Node-Kayles on a path against 0.137.
fn dawson_check(
    reduction: &PathKaylesToDawson,
    available: &VertexSet,
) -> Result<grundy_reductions::TandemReport, TandemError> {
    Tandem::new()
        .merging_moves()
        .check_paired_with(reduction, available, |p, q, v| reduction.map_move_paired(p, q, *v))
}

/// Node-Kayles on every path `P_n`, `n <= 14`, is one heap of 0.137: the whole tree of pairs
/// of actual positions, with values (those of `grundy_node_kayles::path_value` too).
#[test]
fn node_kayles_on_a_path_is_dawsons_kayles() {
    for n in 0..=14 {
        let reduction = PathKaylesToDawson::new(n).unwrap();
        let start = reduction.source().start();
        assert_eq!(
            reduction.map_position(&start).unwrap(),
            Heaps::new(if n == 0 { vec![] } else { vec![n as u64] })
        );
        let report = dawson_check(&reduction, &start).unwrap();
        assert_eq!(report.value, grundy_node_kayles::path_value(n as u64), "P_{n}");
        if n >= 6 {
            assert!(report.positions > n && report.moves > report.positions, "{report:?}");
        }
    }
    // The values 0.137 gives heaps 0..=14 (Dawson's chess, Winning Ways).
    let values: Vec<u64> = (0..=14)
        .map(|n| {
            let r = PathKaylesToDawson::new(n).unwrap();
            dawson_check(&r, &r.source().start()).unwrap().value.value()
        })
        .collect();
    assert_eq!(values, [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0]);
}

/// No move bijection exists: on `P_2` both vertices are the octal move "take 2", so the
/// isomorphism checks fail at the root, and so does the paired walk without merging.
#[test]
fn path_kayles_and_dawson_are_not_isomorphic_trees() {
    let reduction = PathKaylesToDawson::new(2).unwrap();
    let start = reduction.source().start();
    for result in [
        Tandem::new().check(&reduction, &start),
        Tandem::new()
            .check_paired_with(&reduction, &start, |p, q, v| reduction.map_move_paired(p, q, *v)),
    ] {
        let Err(TandemError::Counterexample(found)) = result else { panic!("{result:?}") };
        assert!(found.path.is_empty(), "{found}");
        assert_eq!(
            found.problem,
            Problem::NotInjective {
                first: "0".into(),
                second: "1".into(),
                target_move: format!("{:?}", OctalMove::new(0, 2, vec![])),
            }
        );
    }
    // The positional check with merging still fails: a split puts its parts in increasing
    // order, so the image of the child (runs left to right) is another heap order.
    let reduction = PathKaylesToDawson::new(7).unwrap();
    let err = Tandem::new().merging_moves().check(&reduction, &reduction.source().start());
    let Err(TandemError::Counterexample(found)) = err else { panic!("{err:?}") };
    assert!(matches!(found.problem, Problem::ChildMismatch { .. }), "{found}");
    // Vertex 4 of P_7 leaves runs of 3 and 1: 0.137 writes them 1 3.
    let after = reduction.source().play(&reduction.source().start(), &4);
    assert_eq!(reduction.map_position(&after).unwrap(), Heaps::new(vec![3, 1]));
    let mv = reduction.map_move(&reduction.source().start(), &4).unwrap();
    assert_eq!(mv, OctalMove::new(0, 3, vec![1, 3]));
    assert_eq!(reduction.target().play(&Heaps::new(vec![7]), &mv), Heaps::new(vec![1, 3]));
}

/// Bad input is refused with a clear error, never a panic.
#[test]
fn bad_positions_are_refused() {
    let reduction = PathKaylesToDawson::new(5).unwrap();
    let err = reduction.map_position(&VertexSet::from_iter([1, 7])).unwrap_err();
    assert!(err.to_string().contains("vertex 7 is available, but the path has 5"), "{err}");
    let err = reduction.map_move(&VertexSet::from_iter([1, 2]), &4).unwrap_err();
    assert!(err.to_string().contains("vertex 4 is not available"), "{err}");
    let err = reduction.layout(&Heaps::new(vec![3, 2])).unwrap_err();
    assert!(matches!(err, ReductionError::TooLarge { .. }), "{err}");
    assert!(PathKaylesToDawson::new(usize::MAX).is_err());

    let kayles = NodeKaylesToFriendCircle::new(Graph::path(3)).unwrap();
    let err = kayles.map_position(&VertexSet::from_iter([3])).unwrap_err();
    assert!(err.to_string().contains("vertex 3 is available, but the graph has 3"), "{err}");
    // A false edge of G0 has no Node-Kayles counterpart.
    let err = kayles.unmap_position(&VertexSet::new()).unwrap_err();
    assert!(err.to_string().contains("is false"), "{err}");

    let influence = NodeKaylesToInfluence::new(Graph::path(2)).unwrap();
    let err = influence.unmap_position(&vec![0, 0, 1, 0]).unwrap_err();
    assert!(err.to_string().contains("vertex 1 has thresholds 0 and 0"), "{err}");
    let err = influence.unmap_position(&vec![0, 1]).unwrap_err();
    assert!(err.to_string().contains("2 thresholds, but the graph has 4"), "{err}");
    assert!(NodeKaylesToInfluence::new(Graph::new((1 << 19) + 1)).is_err());
}

/// Figure 4: a vertex `v` (0) with neighbours `x1`, `x2` (1, 2) gets the pendant `t_v` (3 +
/// v); the old edges are true, the new one false. Playing `v` makes every pendant edge of
/// `N[v]` true, the Node-Kayles move.
#[test]
fn figure_4() {
    let g = Graph::from_edges(3, [(0, 1), (0, 2)]).unwrap();
    let reduction = NodeKaylesToFriendCircle::new(g).unwrap();
    let fc = reduction.target();
    let start = reduction.map_position(&reduction.source().start()).unwrap();
    assert_eq!(fc.to_text(&start), "0-1t 0-2t 0-3f 1-4f 2-5f / 0 1 2");
    assert_eq!(fc.to_text(&fc.play(&start, &0)), "0-1t 0-2t 0-3t 1-4t 2-5t / 0 1 2");
    // Playing x1 removes x1 and v: x2 stays available.
    let after = fc.play(&start, &1);
    assert_eq!(fc.to_text(&after), "0-1t 0-2t 0-3t 1-4t 2-5f / 0 1 2");
    assert_eq!(reduction.unmap_position(&after).unwrap(), VertexSet::from_iter([2]));
    let report = Tandem::new().check_isomorphism(&reduction, &reduction.source().start()).unwrap();
    assert_eq!(report.value, Nimber::new(2)); // P_3 in Node-Kayles.
}

/// Figure 8: `v` (0) with neighbours `x1`, `x2` (1, 2); `t_v`, `t_x1`, `t_x2` are 3, 4, 5 with
/// threshold 1, and `D_v = {v, t_v}`. Influencing `D_v` strongly influences the whole
/// picture; influencing `D_x1` leaves `D_x2` alone.
#[test]
fn figure_8() {
    let g = Graph::from_edges(3, [(0, 1), (0, 2)]).unwrap();
    let reduction = NodeKaylesToInfluence::new(g).unwrap();
    let di = reduction.target();
    let start = reduction.map_position(&reduction.source().start()).unwrap();
    assert_eq!(start, vec![0, 0, 0, 1, 1, 1]);
    assert_eq!(di.move_list(&start), vec![(0, 1), (1, 1), (2, 1)]);
    assert_eq!(di.play(&start, &(0, 1)), vec![-1; 6]);
    assert_eq!(di.play(&start, &(1, 1)), vec![-1, -1, 0, -1, -1, 1]);
    // t_x1 (4) is adjacent to v, as the proof's C(v) says.
    assert!(di.graph().has_edge(0, 4) && di.graph().has_edge(1, 3));
    Tandem::new().check_isomorphism(&reduction, &reduction.source().start()).unwrap();
}

/// Theorem 6 read with `t_v` a pendant of `v` only (`C(t_v) = {v}` and no edge from `t_v` to
/// `v`'s neighbours): thresholds, demographics and the maps as in the working construction.
struct PendantReading {
    source: NodeKayles,
    target: DemographicInfluence,
}

impl PendantReading {
    fn new(g0: Graph) -> Self {
        let n = g0.order();
        let mut g = Graph::new(2 * n);
        for (u, v) in g0.edges() {
            g.add_edge(u, v).unwrap();
        }
        for v in 0..n {
            g.add_edge(v, n + v).unwrap();
        }
        let demographics = (0..n).map(|v| VertexSet::from_iter([v, n + v])).collect();
        let target = DemographicInfluence::new(g, demographics).unwrap();
        PendantReading { source: NodeKayles::new(g0), target }
    }
}

impl Reduction for PendantReading {
    type Source = NodeKayles;
    type Target = DemographicInfluence;
    fn source(&self) -> &NodeKayles {
        &self.source
    }
    fn target(&self) -> &DemographicInfluence {
        &self.target
    }
    fn map_position(&self, available: &VertexSet) -> Result<Vec<i64>, ReductionError> {
        let n = self.source.graph().order();
        let mut theta = vec![-1; 2 * n];
        for v in available.iter() {
            theta[v] = 0;
            theta[n + v] = 1;
        }
        Ok(theta)
    }
    fn map_move(&self, _: &VertexSet, v: &usize) -> Result<(usize, i64), ReductionError> {
        Ok((*v, 1))
    }
}

/// The pendant reading of Theorem 6 is false. Searching graphs by order, then by number of
/// edges, the first failure is the single edge `0-1`: at the root, Node-Kayles has value 1
/// but the Demographic Influence image has value 0, because after `(0, 1)` the demographic
/// `D_1 = {1, t_1}` can still be influenced (`t_1` keeps threshold 1). Both the positional
/// and the paired check fail there; the working construction passes on the same graphs.
#[test]
fn theorem_6_with_pendant_t_v_fails_on_a_single_edge() {
    let mut first = None;
    'search: for n in 1..=4usize {
        let pairs = n * (n - 1) / 2;
        let mut graphs: Vec<Vec<bool>> =
            (0u32..1 << pairs).map(|m| (0..pairs).map(|i| m >> i & 1 == 1).collect()).collect();
        graphs.sort_by_key(|bits| bits.iter().filter(|&&b| b).count());
        for bits in graphs {
            let g = graph_from_bits(n, &bits);
            let start = g.vertices();
            let working = NodeKaylesToInfluence::new(g.clone()).unwrap();
            Tandem::new().check_isomorphism(&working, &start).unwrap();
            if let Err(err) = Tandem::new().check(&PendantReading::new(g.clone()), &start) {
                first = Some((g, err));
                break 'search;
            }
        }
    }
    let (g, err) = first.expect("the pendant reading fails on some graph of at most 4 vertices");
    assert_eq!((g.order(), g.edges().collect::<Vec<_>>()), (2, vec![(0, 1)]));
    let TandemError::Counterexample(found) = err else { panic!("{err:?}") };
    assert!(found.path.is_empty(), "{found}");
    assert_eq!(
        found.problem,
        Problem::ValueMismatch { source: Nimber::new(1), target: Nimber::ZERO },
        "{found}"
    );
    // Without values the first structural failure is the child after vertex 0.
    let reading = PendantReading::new(g.clone());
    let err = Tandem::new().without_values().check(&reading, &g.vertices()).unwrap_err();
    let TandemError::Counterexample(found) = err else { panic!("{err:?}") };
    assert_eq!(
        found.problem,
        Problem::ChildMismatch {
            source_move: "0".into(),
            target_move: "(0, 1)".into(),
            mapped_child: "[-1, -1, -1, -1]".into(),
            target_child: "[-1, -1, -1, 1]".into(),
        }
    );
    // The paired walk reaches the extra move (it visits the last child first): after vertex
    // 1 Node-Kayles is over, but D_0 = {0, t_0} is still alive.
    let err = Tandem::new().without_values().check_paired(&reading, &g.vertices()).unwrap_err();
    let TandemError::Counterexample(found) = err else { panic!("{err:?}") };
    assert_eq!(found.path, vec!["1".to_string()]);
    assert_eq!(found.position, "{} paired with [-1, -1, 1, -1]");
    assert_eq!(found.problem, Problem::NoPreimage { target_move: "(0, 1)".into() });
}
