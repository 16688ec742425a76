//! [`Graph`]: a simple undirected graph on the vertices `0..n`.

use crate::VertexSet;

/// Why an edge or a relabelling was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GraphError {
    /// A vertex that the graph does not have.
    #[error("vertex {vertex} is out of range: the graph has {order} vertices, numbered from 0")]
    VertexOutOfRange {
        /// The vertex.
        vertex: usize,
        /// The number of vertices of the graph.
        order: usize,
    },
    /// An edge from a vertex to itself (simple graphs have none).
    #[error("self-loop at vertex {vertex}: simple graphs have no loops")]
    SelfLoop {
        /// The vertex.
        vertex: usize,
    },
    /// An edge given twice.
    #[error("duplicate edge {u}-{v}")]
    DuplicateEdge {
        /// One end, as given.
        u: usize,
        /// The other end, as given.
        v: usize,
    },
    /// A relabelling that is not a permutation of the vertices.
    #[error("not a permutation of 0..{order}: {reason}")]
    NotAPermutation {
        /// The number of vertices of the graph.
        order: usize,
        /// What is wrong.
        reason: String,
    },
}

/// A simple undirected graph (no loops, no multiple edges) on the vertices `0..n`.
///
/// The neighbourhood of each vertex is a [`VertexSet`], so set operations on neighbourhoods
/// (the closed neighbourhood removed by a Node-Kayles move, say) are word-parallel. The number
/// of vertices is fixed at construction; edges are added one by one with
/// [`add_edge`](Graph::add_edge), which refuses loops, duplicates and unknown vertices.
///
/// # Example
///
/// ```
/// use grundy_graph::{Graph, VertexSet};
///
/// let mut g = Graph::new(5);
/// g.add_edge(0, 1)?;
/// g.add_edge(1, 2)?;
/// g.add_edge(3, 4)?;
/// assert_eq!(g.degree(1), 2);
/// assert!(g.add_edge(2, 1).is_err()); // already there
/// let parts = g.components(&g.vertices());
/// assert_eq!(parts, vec![VertexSet::range(0..3), VertexSet::range(3..5)]);
/// assert!(g.is_path(&parts[0]));
/// # Ok::<(), grundy_graph::GraphError>(())
/// ```
///
/// With the `serde` feature a graph serialises as its order and edge list,
/// `{"order": 5, "edges": [[0, 1], [1, 2], [3, 4]]}` (each edge `u < v`, in increasing order),
/// and deserialises through [`Graph::from_edges`]: loops, duplicate edges, unknown vertices
/// and more than [`MAX_PARSED_ORDER`](crate::MAX_PARSED_ORDER) vertices are errors.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(into = "GraphData", try_from = "GraphData")
)]
pub struct Graph {
    adjacency: Vec<VertexSet>,
    edge_count: usize,
}

/// A [`Graph`] as data: its order and its edges.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct GraphData {
    order: usize,
    edges: Vec<(usize, usize)>,
}

#[cfg(feature = "serde")]
impl From<Graph> for GraphData {
    fn from(graph: Graph) -> Self {
        GraphData { order: graph.order(), edges: graph.edges().collect() }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<GraphData> for Graph {
    type Error = String;

    fn try_from(data: GraphData) -> Result<Self, String> {
        let max = crate::MAX_PARSED_ORDER;
        if data.order > max {
            return Err(crate::ParseGraphError::TooManyVertices { order: data.order as u64, max }
                .to_string());
        }
        Graph::from_edges(data.order, data.edges).map_err(|e| e.to_string())
    }
}

impl Graph {
    /// The graph with `order` vertices and no edge.
    pub fn new(order: usize) -> Self {
        Graph { adjacency: vec![VertexSet::new(); order], edge_count: 0 }
    }

    /// The graph with `order` vertices and the given edges.
    ///
    /// # Errors
    ///
    /// The first edge that [`add_edge`](Graph::add_edge) refuses.
    pub fn from_edges<I>(order: usize, edges: I) -> Result<Self, GraphError>
    where
        I: IntoIterator<Item = (usize, usize)>,
    {
        let mut g = Graph::new(order);
        for (u, v) in edges {
            g.add_edge(u, v)?;
        }
        Ok(g)
    }

    /// The graph on `order` vertices whose edges are the set bits of `bits`: bit `i` stands
    /// for the `i`-th pair `u < v` in lexicographic order (`0-1`, `0-2`, ..., `1-2`, ...).
    ///
    /// Running `bits` over `0..2^(n(n-1)/2)` lists every labelled graph on `n` vertices, the
    /// usual way to check a claim on all small graphs. A word has 64 bits, so pairs after the
    /// 64th (from 12 vertices on) are never edges.
    ///
    /// ```
    /// use grundy_graph::Graph;
    ///
    /// // Bits 0 and 2 on 3 vertices: the pairs 0-1 and 1-2, the path.
    /// assert_eq!(Graph::from_edge_bits(3, 0b101), Graph::path(3));
    /// assert_eq!(Graph::from_edge_bits(4, u64::MAX), Graph::complete(4));
    /// ```
    pub fn from_edge_bits(order: usize, bits: u64) -> Self {
        let mut g = Graph::new(order);
        let pairs = (0..order).flat_map(|u| (u + 1..order).map(move |v| (u, v)));
        for (i, (u, v)) in pairs.take(64).enumerate() {
            if bits >> i & 1 == 1 {
                g.insert_edge(u, v);
            }
        }
        g
    }

    /// The path `0 - 1 - ... - (n-1)`.
    pub fn path(n: usize) -> Self {
        let mut g = Graph::new(n);
        for v in 1..n {
            g.insert_edge(v - 1, v);
        }
        g
    }

    /// The cycle `0 - 1 - ... - (n-1) - 0`, for `n >= 3` (smaller cycles are not simple graphs).
    pub fn cycle(n: usize) -> Option<Self> {
        if n < 3 {
            return None;
        }
        let mut g = Graph::path(n);
        g.insert_edge(0, n - 1);
        Some(g)
    }

    /// The complete graph on `n` vertices.
    pub fn complete(n: usize) -> Self {
        let mut g = Graph::new(n);
        for u in 0..n {
            for v in u + 1..n {
                g.insert_edge(u, v);
            }
        }
        g
    }

    /// The complete bipartite graph with sides `0..a` and `a..a+b`.
    pub fn complete_bipartite(a: usize, b: usize) -> Self {
        let mut g = Graph::new(a + b);
        for u in 0..a {
            for v in a..a + b {
                g.insert_edge(u, v);
            }
        }
        g
    }

    /// The `rows × cols` grid; vertex `r * cols + c` is at row `r`, column `c`.
    pub fn grid(rows: usize, cols: usize) -> Self {
        let mut g = Graph::new(rows * cols);
        for r in 0..rows {
            for c in 0..cols {
                let v = r * cols + c;
                if c + 1 < cols {
                    g.insert_edge(v, v + 1);
                }
                if r + 1 < rows {
                    g.insert_edge(v, v + cols);
                }
            }
        }
        g
    }

    /// The Petersen graph: outer cycle `0..5`, spokes `i - i+5`, inner pentagram on `5..10`.
    pub fn petersen() -> Self {
        let mut g = Graph::new(10);
        for i in 0..5 {
            g.insert_edge(i, (i + 1) % 5);
            g.insert_edge(i, i + 5);
            g.insert_edge(5 + i, 5 + (i + 2) % 5);
        }
        g
    }

    /// Adds an edge known to be new and valid.
    pub(crate) fn insert_edge(&mut self, u: usize, v: usize) {
        self.adjacency[u].insert(v);
        self.adjacency[v].insert(u);
        self.edge_count += 1;
    }

    /// The number of vertices.
    pub fn order(&self) -> usize {
        self.adjacency.len()
    }

    /// The number of edges.
    pub const fn edge_count(&self) -> usize {
        self.edge_count
    }

    /// All vertices, `0..n`, as a set.
    pub fn vertices(&self) -> VertexSet {
        VertexSet::range(0..self.order())
    }

    /// Adds the edge `u - v`.
    ///
    /// # Errors
    ///
    /// [`GraphError::VertexOutOfRange`], [`GraphError::SelfLoop`] or
    /// [`GraphError::DuplicateEdge`]; the graph is unchanged then.
    pub fn add_edge(&mut self, u: usize, v: usize) -> Result<(), GraphError> {
        self.check_vertex(u)?;
        self.check_vertex(v)?;
        if u == v {
            return Err(GraphError::SelfLoop { vertex: u });
        }
        if self.adjacency[u].contains(v) {
            return Err(GraphError::DuplicateEdge { u, v });
        }
        self.insert_edge(u, v);
        Ok(())
    }

    /// Removes the edge `u - v`; returns whether it was there.
    pub fn remove_edge(&mut self, u: usize, v: usize) -> bool {
        if u >= self.order() || v >= self.order() || !self.adjacency[u].remove(v) {
            return false;
        }
        self.adjacency[v].remove(u);
        self.edge_count -= 1;
        true
    }

    /// Fails unless `v` is a vertex.
    ///
    /// # Errors
    ///
    /// [`GraphError::VertexOutOfRange`].
    pub fn check_vertex(&self, v: usize) -> Result<(), GraphError> {
        if v < self.order() {
            Ok(())
        } else {
            Err(GraphError::VertexOutOfRange { vertex: v, order: self.order() })
        }
    }

    /// Tells whether `u - v` is an edge (false for vertices out of range).
    pub fn has_edge(&self, u: usize, v: usize) -> bool {
        self.adjacency.get(u).is_some_and(|n| n.contains(v))
    }

    /// The neighbours of `v`.
    ///
    /// # Panics
    ///
    /// When `v` is not a vertex (use [`check_vertex`](Graph::check_vertex) on untrusted input).
    pub fn neighbors(&self, v: usize) -> &VertexSet {
        &self.adjacency[v]
    }

    /// `v` and its neighbours.
    ///
    /// # Panics
    ///
    /// When `v` is not a vertex.
    pub fn closed_neighborhood(&self, v: usize) -> VertexSet {
        let mut set = self.adjacency[v].clone();
        set.insert(v);
        set
    }

    /// The number of neighbours of `v`.
    ///
    /// # Panics
    ///
    /// When `v` is not a vertex.
    pub fn degree(&self, v: usize) -> usize {
        self.adjacency[v].len()
    }

    /// The edges `(u, v)` with `u < v`, in increasing order of `u`, then of `v`.
    pub fn edges(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.adjacency
            .iter()
            .enumerate()
            .flat_map(|(u, n)| n.iter().filter(move |&v| v > u).map(move |v| (u, v)))
    }

    /// The subgraph induced by `set`, its vertices renumbered `0..set.len()` in increasing
    /// order (the `i`-th smallest vertex of `set` becomes `i`). Vertices of `set` that the
    /// graph does not have are ignored.
    pub fn induced(&self, set: &VertexSet) -> Graph {
        self.induced_with_map(set).0
    }

    /// [`induced`](Graph::induced), with the map from new vertices to old ones.
    pub fn induced_with_map(&self, set: &VertexSet) -> (Graph, Vec<usize>) {
        let old: Vec<usize> = set.iter().take_while(|&v| v < self.order()).collect();
        let mut new_of = vec![usize::MAX; self.order()];
        for (i, &v) in old.iter().enumerate() {
            new_of[v] = i;
        }
        let mut g = Graph::new(old.len());
        for (i, &v) in old.iter().enumerate() {
            for w in self.adjacency[v].iter() {
                let j = new_of[w];
                if j != usize::MAX && j > i {
                    g.insert_edge(i, j);
                }
            }
        }
        (g, old)
    }

    /// The connected components of the subgraph induced by `set`, ordered by their smallest
    /// vertex. Vertices of `set` that the graph does not have are ignored.
    pub fn components(&self, set: &VertexSet) -> Vec<VertexSet> {
        let mut rest = set.clone();
        rest.intersect_with(&self.vertices());
        let mut parts = Vec::new();
        while let Some(start) = rest.first() {
            let part = self.component_of(start, &rest);
            rest.difference_with(&part);
            parts.push(part);
        }
        parts
    }

    /// The vertices of `set` reachable from `start` inside `set` (`start` included; it must be
    /// in `set` and be a vertex).
    pub fn component_of(&self, start: usize, set: &VertexSet) -> VertexSet {
        let mut seen = VertexSet::singleton(start);
        let mut frontier = vec![start];
        while let Some(v) = frontier.pop() {
            for w in self.adjacency[v].iter() {
                if set.contains(w) && seen.insert(w) {
                    frontier.push(w);
                }
            }
        }
        seen
    }

    /// Tells whether the subgraph induced by `set` is connected (the empty set is not).
    pub fn is_connected(&self, set: &VertexSet) -> bool {
        match set.first() {
            Some(v) if v < self.order() && set.is_subset(&self.vertices()) => {
                self.component_of(v, set).len() == set.len()
            }
            _ => false,
        }
    }

    /// The number of edges of the subgraph induced by `set`.
    pub fn induced_edge_count(&self, set: &VertexSet) -> usize {
        set.iter()
            .filter(|&v| v < self.order())
            .map(|v| self.adjacency[v].intersection_len(set))
            .sum::<usize>()
            / 2
    }

    /// Tells whether the subgraph induced by `set` is a path (one vertex counts; the empty set
    /// does not).
    pub fn is_path(&self, set: &VertexSet) -> bool {
        let n = set.len();
        n > 0
            && self.is_connected(set)
            && self.induced_edge_count(set) == n - 1
            && set.iter().all(|v| self.adjacency[v].intersection_len(set) <= 2)
    }

    /// Tells whether the subgraph induced by `set` is a cycle (at least three vertices).
    pub fn is_cycle(&self, set: &VertexSet) -> bool {
        set.len() >= 3
            && self.is_connected(set)
            && set.iter().all(|v| self.adjacency[v].intersection_len(set) == 2)
    }

    /// Tells whether the subgraph induced by `set` is complete (true for the empty set).
    pub fn is_complete(&self, set: &VertexSet) -> bool {
        let n = set.len();
        set.is_subset(&self.vertices())
            && set.iter().all(|v| self.adjacency[v].intersection_len(set) == n - 1)
    }

    /// Tells whether the subgraph induced by `set` has no edge.
    pub fn is_edgeless(&self, set: &VertexSet) -> bool {
        set.iter().filter(|&v| v < self.order()).all(|v| self.adjacency[v].is_disjoint(set))
    }

    /// The graph with vertex `v` renamed `perm[v]`.
    ///
    /// # Errors
    ///
    /// [`GraphError::NotAPermutation`] unless `perm` is a permutation of `0..n`.
    pub fn relabelled(&self, perm: &[usize]) -> Result<Graph, GraphError> {
        let n = self.order();
        let bad = |reason: String| GraphError::NotAPermutation { order: n, reason };
        if perm.len() != n {
            return Err(bad(format!("{} labels given", perm.len())));
        }
        let mut seen = vec![false; n];
        for &p in perm {
            if p >= n {
                return Err(bad(format!("label {p} is out of range")));
            }
            if std::mem::replace(&mut seen[p], true) {
                return Err(bad(format!("label {p} is used twice")));
            }
        }
        let mut g = Graph::new(n);
        for (u, v) in self.edges() {
            g.insert_edge(perm[u], perm[v]);
        }
        Ok(g)
    }

    /// The complement: `u - v` is an edge of it exactly when it is not one of `self`.
    pub fn complement(&self) -> Graph {
        let n = self.order();
        let mut g = Graph::new(n);
        for u in 0..n {
            for v in u + 1..n {
                if !self.adjacency[u].contains(v) {
                    g.insert_edge(u, v);
                }
            }
        }
        g
    }
}
