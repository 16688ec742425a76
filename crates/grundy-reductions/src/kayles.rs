//! Node-Kayles inside Friend Circle (Theorem 2) and inside Demographic Influence (Theorem 6)
//! of Burke, Ferland and Teng.

use grundy_demographic_influence::DemographicInfluence;
use grundy_friend_circle::FriendCircle;
use grundy_graph::{Graph, MAX_PARSED_ORDER, VertexSet};
use grundy_node_kayles::NodeKayles;

use crate::normal::Normalize;
use crate::reduction::{Isomorphism, Reduction, ReductionError};

impl Normalize for NodeKayles {
    type Form = VertexSet;

    /// The set of available vertices itself (vertices name the moves).
    fn normal_form(&self, position: &VertexSet) -> VertexSet {
        position.clone()
    }
}

/// The number of vertices of `G0` plus one new vertex `t_v` per vertex: `2n`, refused above
/// [`MAX_PARSED_ORDER`].
fn doubled_order(n: usize) -> Result<usize, ReductionError> {
    n.checked_mul(2).filter(|&order| order <= MAX_PARSED_ORDER).ok_or_else(|| {
        ReductionError::too_large(format!(
            "a graph of {n} vertices doubles to more than {MAX_PARSED_ORDER} vertices"
        ))
    })
}

/// Checks that a Node-Kayles position only names vertices of a graph of `n` vertices.
fn check_available(available: &VertexSet, n: usize) -> Result<(), ReductionError> {
    match available.last() {
        Some(v) if v >= n => Err(ReductionError::out_of_domain(format!(
            "vertex {v} is available, but the graph has {n} vertices"
        ))),
        _ => Ok(()),
    }
}

/// Theorem 2: Node-Kayles on `G0` is Friend Circle on `G0` with a pendant vertex `t_v`
/// (vertex `n + v`) at each vertex `v`, seeded on the original vertices (Figure 4).
///
/// The edges of `G0` are all true; the edge `(v, t_v)` is false exactly while `v` is
/// available. Picking `v` in Node-Kayles is choosing seed `v`: its pendant edge becomes true,
/// and every neighbour `x` (joined by a true edge) broadcasts, making `(x, t_x)` true, which
/// is Node-Kayles removing `N[v]`. The position map commutes with play exactly.
///
/// Backwards ([`Isomorphism`]), a Friend Circle position on this graph is a Node-Kayles
/// position when every edge of `G0` is true; others are out of the domain.
#[derive(Clone, Debug)]
pub struct NodeKaylesToFriendCircle {
    source: NodeKayles,
    target: FriendCircle,
    /// The ids of the edges of `G0`.
    base: VertexSet,
    /// The id of the edge `(v, t_v)`, per vertex `v`.
    pendant: Vec<usize>,
}

impl NodeKaylesToFriendCircle {
    /// The reduction for Node-Kayles on `graph`.
    ///
    /// # Errors
    ///
    /// [`ReductionError::TooLarge`] when the graph with its pendants would have more than
    /// [`MAX_PARSED_ORDER`] vertices.
    pub fn new(graph: Graph) -> Result<Self, ReductionError> {
        let n = graph.order();
        let mut g = Graph::new(doubled_order(n)?);
        for (u, v) in graph.edges().chain((0..n).map(|v| (v, n + v))) {
            g.add_edge(u, v).map_err(|e| ReductionError::too_large(e.to_string()))?;
        }
        let target = FriendCircle::new(g, VertexSet::range(0..n))
            .map_err(|e| ReductionError::too_large(e.to_string()))?;
        let id = |u: usize, v: usize| {
            target
                .edge_id(u, v)
                .ok_or_else(|| ReductionError::too_large(format!("no edge {u}-{v}")))
        };
        let base = graph.edges().map(|(u, v)| id(u, v)).collect::<Result<VertexSet, _>>()?;
        let pendant = (0..n).map(|v| id(v, n + v)).collect::<Result<Vec<_>, _>>()?;
        Ok(NodeKaylesToFriendCircle { source: NodeKayles::new(graph), target, base, pendant })
    }
}

impl Reduction for NodeKaylesToFriendCircle {
    type Source = NodeKayles;
    type Target = FriendCircle;

    fn source(&self) -> &NodeKayles {
        &self.source
    }

    fn target(&self) -> &FriendCircle {
        &self.target
    }

    fn map_position(&self, available: &VertexSet) -> Result<VertexSet, ReductionError> {
        check_available(available, self.pendant.len())?;
        let mut true_edges = self.base.clone();
        true_edges.extend(
            self.pendant
                .iter()
                .enumerate()
                .filter(|&(v, _)| !available.contains(v))
                .map(|(_, &id)| id),
        );
        Ok(true_edges)
    }

    fn map_move(&self, _: &VertexSet, vertex: &usize) -> Result<usize, ReductionError> {
        Ok(*vertex)
    }
}

impl Isomorphism for NodeKaylesToFriendCircle {
    fn unmap_position(&self, true_edges: &VertexSet) -> Result<VertexSet, ReductionError> {
        let count = self.target.edge_count();
        if let Some(id) = true_edges.last().filter(|&id| id >= count) {
            return Err(ReductionError::out_of_domain(format!(
                "edge id {id}, but the graph has {count} edges"
            )));
        }
        if !self.base.is_subset(true_edges) {
            return Err(ReductionError::out_of_domain(
                "an edge of the Node-Kayles graph is false".to_string(),
            ));
        }
        Ok(self
            .pendant
            .iter()
            .enumerate()
            .filter(|&(_, &id)| !true_edges.contains(id))
            .map(|(v, _)| v)
            .collect())
    }

    fn unmap_move(&self, _: &VertexSet, seed: &usize) -> Result<usize, ReductionError> {
        if *seed >= self.pendant.len() {
            return Err(ReductionError::out_of_domain(format!("{seed} is not a seed")));
        }
        Ok(*seed)
    }
}

/// Theorem 6: Node-Kayles on `G0` is Demographic Influence on `G0` plus a vertex `t_v`
/// (vertex `n + v`) per vertex `v`, with thresholds `Θ(v) = 0`, `Θ(t_v) = 1` and the
/// demographics `D_v = {v, t_v}` (Figure 8).
///
/// The graph is the one the proof's friend circles describe, `C(v) = N_G0(v) ∪ {t_w : w ∈
/// N_G0(v)} ∪ {t_v}`: `t_v` is adjacent to `v` *and to every neighbour of `v`*. Playing
/// `(v, 1)` takes `t_v` to 0 and `v` to `-1`, and `v`'s cascade sets every `x` and `t_x` for
/// `x ∈ N[v]` to `-1`, so both demographics `D_x` die, which is Node-Kayles removing `N[v]`.
/// An available vertex `v` is the pair `(Θ(v), Θ(t_v)) = (0, 1)`, an unavailable one
/// `(-1, -1)`, and the position map commutes with play exactly.
///
/// The statement read with `t_v` a pendant of `v` alone (as Figure 8 can be read) is false:
/// after `v` is played, `D_x` of a neighbour `x` can still be played, since `t_x` keeps its
/// threshold 1. The tests pin the smallest counterexample (a single edge).
///
/// Backwards ([`Isomorphism`]), a position where every pair is `(0, 1)` or negative on both
/// is a Node-Kayles position; others are out of the domain. Moves are `v ↦ (v, 1)`.
#[derive(Clone, Debug)]
pub struct NodeKaylesToInfluence {
    source: NodeKayles,
    target: DemographicInfluence,
}

impl NodeKaylesToInfluence {
    /// The reduction for Node-Kayles on `graph`.
    ///
    /// # Errors
    ///
    /// [`ReductionError::TooLarge`] when the graph with the new vertices would have more
    /// than [`MAX_PARSED_ORDER`] vertices.
    pub fn new(graph: Graph) -> Result<Self, ReductionError> {
        let n = graph.order();
        let mut g = Graph::new(doubled_order(n)?);
        let too_large = |e: grundy_graph::GraphError| ReductionError::too_large(e.to_string());
        for (u, v) in graph.edges() {
            g.add_edge(u, v).map_err(too_large)?;
            g.add_edge(u, n + v).map_err(too_large)?;
            g.add_edge(v, n + u).map_err(too_large)?;
        }
        for v in 0..n {
            g.add_edge(v, n + v).map_err(too_large)?;
        }
        let demographics = (0..n).map(|v| VertexSet::from_iter([v, n + v])).collect();
        let target = DemographicInfluence::new(g, demographics)
            .map_err(|e| ReductionError::too_large(e.to_string()))?;
        Ok(NodeKaylesToInfluence { source: NodeKayles::new(graph), target })
    }

    /// The number of vertices of `G0`.
    fn order(&self) -> usize {
        self.source.graph().order()
    }
}

impl Reduction for NodeKaylesToInfluence {
    type Source = NodeKayles;
    type Target = DemographicInfluence;

    fn source(&self) -> &NodeKayles {
        &self.source
    }

    fn target(&self) -> &DemographicInfluence {
        &self.target
    }

    fn map_position(&self, available: &VertexSet) -> Result<Vec<i64>, ReductionError> {
        let n = self.order();
        check_available(available, n)?;
        let mut theta = vec![-1; 2 * n];
        for v in available.iter() {
            theta[v] = 0;
            theta[n + v] = 1;
        }
        Ok(theta)
    }

    fn map_move(&self, _: &VertexSet, vertex: &usize) -> Result<(usize, i64), ReductionError> {
        Ok((*vertex, 1))
    }
}

impl Isomorphism for NodeKaylesToInfluence {
    fn unmap_position(&self, theta: &Vec<i64>) -> Result<VertexSet, ReductionError> {
        let n = self.order();
        if theta.len() != 2 * n {
            return Err(ReductionError::out_of_domain(format!(
                "{} thresholds, but the graph has {} vertices",
                theta.len(),
                2 * n
            )));
        }
        let mut available = VertexSet::new();
        for v in 0..n {
            match (theta[v], theta[n + v]) {
                (0, 1) => {
                    available.insert(v);
                }
                (a, b) if a < 0 && b < 0 => {}
                (a, b) => {
                    return Err(ReductionError::out_of_domain(format!(
                        "vertex {v} has thresholds {a} and {b} (t_v): neither (0, 1) nor \
                         both negative"
                    )));
                }
            }
        }
        Ok(available)
    }

    fn unmap_move(&self, _: &Vec<i64>, &(k, c): &(usize, i64)) -> Result<usize, ReductionError> {
        if k >= self.order() || c != 1 {
            return Err(ReductionError::out_of_domain(format!(
                "({k}, {c}) is not a move (v, 1) of a vertex"
            )));
        }
        Ok(k)
    }
}
