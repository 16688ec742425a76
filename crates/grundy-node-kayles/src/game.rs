//! [`NodeKayles`]: the ruleset.

use grundy_core::{Nimber, Ruleset};
use grundy_graph::{Graph, ParseGraphError, VertexSet};

use crate::closed::{clique_value, cycle_value, edgeless_value, path_value};
use crate::shape;
use crate::small::{self, NodeKayles64};

/// What can go wrong with Node-Kayles inputs.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NodeKaylesError {
    /// The text of a graph is malformed.
    #[error(transparent)]
    Parse(#[from] ParseGraphError),
    /// A move at a vertex that is not available.
    #[error("illegal move: vertex {vertex} is not available")]
    IllegalMove {
        /// The vertex.
        vertex: usize,
    },
    /// A graph larger than a ruleset allows ([`NodeKayles64`](crate::NodeKayles64): 64
    /// vertices).
    #[error("the graph has {order} vertices, more than the {max} allowed")]
    TooManyVertices {
        /// The number of vertices of the graph.
        order: usize,
        /// The most allowed.
        max: usize,
    },
    /// A position naming a vertex the graph does not have.
    #[error("vertex {vertex} is out of range: the graph has {order} vertices")]
    VertexOutOfRange {
        /// The vertex.
        vertex: usize,
        /// The number of vertices of the graph.
        order: usize,
    },
}

/// Node-Kayles on a graph: players in turn pick an available vertex, which makes it and its
/// neighbours unavailable; whoever cannot pick loses.
///
/// A position is the [`VertexSet`] of vertices still available (initially all, see
/// [`start`](NodeKayles::start)); a move is a vertex. The ruleset gives grundy-core's
/// [`Solver`](grundy_core::Solver) what it needs to search well:
///
/// - [`split`](Ruleset::split) cuts a position into the connected components of the
///   available vertices, applies the twin rules and the shadow rule to each (they keep the
///   value) and settles single vertices, edges, paths, cycles and cliques by their closed
///   forms;
/// - [`split_child`](Ruleset::split_child) gives the components of the position a move
///   leads to, flooded from the vertices near the move, and leaves the rules to
///   [`reduce_child`](Ruleset::reduce_child), which looks for twins near the move only;
/// - [`known_value`](Ruleset::known_value) knows those closed forms and edgeless graphs;
/// - [`word_key`](Ruleset::word_key) packs positions of graphs of at most 64 vertices in a
///   word, for the solver's compact table and its parallel search.
///
/// [`NodeKaylesSolver`](crate::NodeKaylesSolver) runs the same search on
/// [`NodeKayles64`](crate::NodeKayles64) when the graph has at most 64 vertices (positions as
/// words, cheaper to copy, hash and compare), and can search with several threads.
///
/// # Example
///
/// ```
/// use grundy_core::{Nimber, Ruleset, Solver};
/// use grundy_node_kayles::NodeKayles;
///
/// let game = NodeKayles::from_edge_list("0-1 1-2 2-3")?; // a path of four vertices
/// let start = game.start();
/// assert_eq!(Solver::new(&game).value(&start)?, Nimber::ZERO); // P: 0.137 has g(4) = 0
/// let after = game.play(&start, &1);
/// assert_eq!(after.iter().collect::<Vec<_>>(), vec![3]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With the `serde` feature a game serialises as its graph (`{"order": 4, "edges": [[0, 1],
/// [1, 2], [2, 3]]}`), checked on the way in as [`Graph`]'s deserialisation checks it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(from = "Graph", into = "Graph")
)]
pub struct NodeKayles {
    graph: Graph,
    /// The same game on words, on graphs of at most 64 vertices: the [`Ruleset`] hooks
    /// then work on words.
    small: Option<NodeKayles64>,
}

impl From<Graph> for NodeKayles {
    fn from(graph: Graph) -> Self {
        NodeKayles::new(graph)
    }
}

impl From<NodeKayles> for Graph {
    fn from(game: NodeKayles) -> Self {
        game.graph
    }
}

impl NodeKayles {
    /// Node-Kayles on `graph`.
    pub fn new(graph: Graph) -> Self {
        let small = NodeKayles64::from_graph(&graph);
        NodeKayles { graph, small }
    }

    /// Node-Kayles on a graph given as an edge list (see [`Graph::parse_edge_list`]).
    ///
    /// # Errors
    ///
    /// [`NodeKaylesError::Parse`] naming the bad token.
    pub fn from_edge_list(text: &str) -> Result<Self, NodeKaylesError> {
        Ok(NodeKayles::new(Graph::parse_edge_list(text)?))
    }

    /// Node-Kayles on a graph given in graph6 (see [`Graph::from_graph6`]).
    ///
    /// # Errors
    ///
    /// [`NodeKaylesError::Parse`] naming the bad byte.
    pub fn from_graph6(text: &str) -> Result<Self, NodeKaylesError> {
        Ok(NodeKayles::new(Graph::from_graph6(text)?))
    }

    /// The vertices of `position` that the graph has, as a word (graphs of at most 64
    /// vertices).
    pub(crate) fn word(&self, position: &VertexSet) -> u64 {
        position.words().first().copied().unwrap_or(0) & small::all(self.graph.order())
    }

    /// [`reduce`](Ruleset::reduce) of a component, the twins looked for among the vertices
    /// at distance 2 from `near` when the component is left by a move there in a component
    /// that does not reduce: on graphs of at most 64 vertices a closed form of more than six
    /// vertices or the twin and shadow rules (as [`NodeKayles64`] reduces), on larger graphs
    /// the twin and shadow rules (their closed forms are all [known](Ruleset::known_value)).
    /// The components of what the rules leave go to `parts`.
    fn reduce_near(
        &self,
        component: &VertexSet,
        near: Option<usize>,
        parts: &mut Vec<VertexSet>,
    ) -> Option<Nimber> {
        match &self.small {
            Some(small) => small::reduce(small.neighbours(), self.word(component), near, |part| {
                parts.push(NodeKayles64::vertex_set(part));
            }),
            None => {
                let set = component.intersection(&self.graph.vertices());
                let suspects = match near {
                    Some(v) => shape::ring(&self.graph, v).intersection(&set),
                    None => set.clone(),
                };
                shape::reduce(&self.graph, &set, &suspects, |part| parts.push(part))
                    .map(Nimber::new)
            }
        }
    }

    /// The graph.
    pub const fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The vertices of `position` that are vertices of the graph: the moves.
    fn available<'p>(&self, position: &'p VertexSet) -> impl Iterator<Item = usize> + 'p {
        let order = self.graph.order();
        position.iter().take_while(move |&v| v < order)
    }

    /// The starting position: every vertex available.
    pub fn start(&self) -> VertexSet {
        self.graph.vertices()
    }

    /// Checks that every vertex of `position` is a vertex of the graph.
    ///
    /// # Errors
    ///
    /// [`NodeKaylesError::VertexOutOfRange`] naming the first vertex that is not.
    pub fn check_position(&self, position: &VertexSet) -> Result<(), NodeKaylesError> {
        match position.last() {
            Some(v) if v >= self.graph.order() => {
                let vertex = position.iter().find(|&v| v >= self.graph.order()).unwrap_or(v);
                Err(NodeKaylesError::VertexOutOfRange { vertex, order: self.graph.order() })
            }
            _ => Ok(()),
        }
    }

    /// Plays `vertex` in `position`, after checking that it is available.
    ///
    /// # Errors
    ///
    /// [`NodeKaylesError::IllegalMove`] when it is not.
    pub fn play_checked(
        &self,
        position: &VertexSet,
        vertex: usize,
    ) -> Result<VertexSet, NodeKaylesError> {
        if vertex >= self.graph.order() || !position.contains(vertex) {
            return Err(NodeKaylesError::IllegalMove { vertex });
        }
        Ok(self.play(position, &vertex))
    }

    /// The Grundy value of `position` when its available vertices induce a path, a cycle, a
    /// clique or an edgeless graph; `None` otherwise.
    pub fn closed_form(&self, position: &VertexSet) -> Option<Nimber> {
        let g = &self.graph;
        let n = position.len() as u64;
        if g.is_edgeless(position) {
            Some(edgeless_value(n))
        } else if g.is_complete(position) {
            Some(clique_value(n))
        } else if g.is_path(position) {
            Some(path_value(n))
        } else if g.is_cycle(position) {
            Some(cycle_value(n))
        } else {
            None
        }
    }
}

impl Ruleset for NodeKayles {
    type Position = VertexSet;
    type Move = usize;

    /// The available vertices (those of the graph).
    fn moves(&self, position: &VertexSet, moves: &mut Vec<usize>) {
        moves.extend(self.available(position));
    }

    /// The available vertices, counted.
    fn move_count(&self, position: &VertexSet, _: &mut Vec<usize>) -> usize {
        self.available(position).count()
    }

    /// Removes the vertex and its neighbours.
    fn play(&self, position: &VertexSet, vertex: &usize) -> VertexSet {
        let mut next = position.difference(self.graph.neighbors(*vertex));
        next.remove(*vertex);
        next
    }

    fn is_legal(&self, position: &VertexSet, vertex: &usize) -> bool {
        *vertex < self.graph.order() && position.contains(*vertex)
    }

    /// The connected components of the available vertices.
    fn components(&self, position: &VertexSet, components: &mut Vec<VertexSet>) {
        components.extend(self.graph.components(position));
    }

    /// The components of the available vertices after the twin rules and the shadow rule,
    /// and the nimber the shadow rule sets aside. Closed forms (single vertices, edges,
    /// paths, cycles, cliques) are recognised by [`known_value`](Ruleset::known_value), which
    /// the solver asks of every part.
    ///
    /// The twin rules keep the value: of two adjacent vertices with the same neighbours
    /// (true twins) one can go, and of three or more pairwise non-adjacent vertices with the
    /// same neighbours (false twins) all but one or two, keeping the parity of their number.
    /// So does the shadow rule: when a vertex `u` has a leaf `l` and another vertex `w` has
    /// exactly the other neighbours of `u` (a set `S`), `u` and `l` can go for a nimber `*1`.
    /// (A vertex with a leaf and a pendant path `x - a - b` is a case: `u = a`, `l = b`, `w`
    /// the leaf of `x`.) Write `T` for the set and `T'` for `T` without `u` and `l`. A move of
    /// `T` at `l` leaves `T'`; at `w` or a vertex of `S`, it leaves what it leaves in `T'`
    /// plus the edge `u - l` or the lone vertex `l`, `*1` either way; anywhere else it leaves
    /// a set with the same pattern, by induction what it leaves in `T'` plus `*1`. So `T` has
    /// the options of `T' + *1` (whose move in `*1` leaves `T'`) and one more, its move at
    /// `u`, which leaves `T'` without `S`: `T'` without `S` and `w` plus the lone vertex `w`,
    /// the option of `T' + *1` that moves at `w`. Same options, same value.
    fn split(&self, position: &VertexSet, parts: &mut Vec<VertexSet>) -> Nimber {
        match &self.small {
            Some(small) => small::split(small.neighbours(), self.word(position), |part| {
                parts.push(NodeKayles64::vertex_set(part));
            }),
            None => Nimber::new(shape::split_near(
                &self.graph,
                position.intersection(&self.graph.vertices()),
                position.clone(),
                |part| parts.push(part),
            )),
        }
    }

    /// The components of the child. The twin and shadow rules are left to
    /// [`reduce_child`](Ruleset::reduce_child), which the searches ask of the components they
    /// search only (most children are never searched, or are answered by the table).
    fn split_child(
        &self,
        _: &VertexSet,
        vertex: &usize,
        child: &VertexSet,
        parts: &mut Vec<VertexSet>,
    ) -> Nimber {
        match &self.small {
            Some(small) => {
                small::child_components(small.neighbours(), *vertex, self.word(child), |part| {
                    parts.push(NodeKayles64::vertex_set(part));
                });
            }
            None => self.components(child, parts),
        }
        Nimber::ZERO
    }

    /// The twin rules and the shadow rule (see [`split`](Ruleset::split)), when they apply
    /// to the component: the nimber set aside, the components of what they leave go to
    /// `parts`; on graphs of at most 64 vertices, first the closed forms of more than six
    /// vertices (see [`known_value`](Ruleset::known_value)).
    fn reduce(&self, component: &VertexSet, parts: &mut Vec<VertexSet>) -> Option<Nimber> {
        self.reduce_near(component, None, parts)
    }

    /// The twin rules, looked for among the vertices at distance 2 from the move only, and the
    /// shadow rule (see [`NodeKayles64`]'s).
    fn reduce_child(
        &self,
        _: &VertexSet,
        vertex: &usize,
        component: &VertexSet,
        parts: &mut Vec<VertexSet>,
    ) -> Option<Nimber> {
        self.reduce_near(component, Some(*vertex), parts)
    }

    /// Paths, cycles and cliques, and edgeless sets. On graphs of at most 64 vertices, only
    /// paths, cycles and cliques of at most six vertices: the larger are settled by
    /// [`reduce`](Ruleset::reduce), when the pruned search is about to search them.
    fn known_value(&self, position: &VertexSet) -> Option<Nimber> {
        match &self.small {
            Some(small) => small::known_value(small.neighbours(), self.word(position)),
            None => self.closed_form(position),
        }
    }

    /// No, as for [`NodeKayles64`].
    fn move_history(&self) -> bool {
        false
    }

    /// As for [`NodeKayles64`]: components of at most 16 vertices, or 20 when asked again or
    /// for their value.
    fn value_exactly(&self, _: &VertexSet, moves: usize, again: bool) -> bool {
        small::value_exactly(moves, again)
    }

    /// The available vertices as one word, on graphs of at most 64 vertices.
    fn word_key(&self, canonical: &VertexSet) -> Option<u64> {
        (self.graph.order() <= 64).then(|| canonical.words().first().copied().unwrap_or(0))
    }
}
