//! [`NodeKayles64`]: Node-Kayles on a graph of at most 64 vertices, positions as words.

use grundy_core::{Nimber, Ruleset};
use grundy_graph::{Graph, VertexSet};

use crate::bits::Bits;
use crate::closed::edgeless_value;
use crate::shape;
use crate::{NodeKayles, NodeKaylesError};

/// The most moves (vertices) of a component that grundy-core's pruned search values exactly
/// ([`Ruleset::value_exactly`]) at the first question about it.
pub(crate) const EXACT_MOVES: usize = 16;

/// The most moves of a component that it values exactly at a later question, or when it asks
/// for the exact value.
pub(crate) const EXACT_MOVES_AGAIN: usize = 20;

/// Whether the pruned search values a component of `moves` vertices exactly
/// ([`Ruleset::value_exactly`]).
pub(crate) const fn value_exactly(moves: usize, again: bool) -> bool {
    moves <= EXACT_MOVES || (again && moves <= EXACT_MOVES_AGAIN)
}

/// Node-Kayles on a graph of at most 64 vertices, with a position as one machine word: bit
/// `v` is set when vertex `v` is available. A move is a vertex, as in [`NodeKayles`].
///
/// It is the same game as [`NodeKayles`] on the same graph, with the same hooks for
/// grundy-core's [`Solver`](grundy_core::Solver) (components, the twin and shadow rules as
/// reductions, closed forms, word keys); a position that is a word costs the solver less to
/// copy, hash and compare than a [`VertexSet`].
///
/// ```
/// use grundy_core::{Nimber, Ruleset, Solver};
/// use grundy_node_kayles::{NodeKayles, NodeKayles64};
///
/// let game = NodeKayles::from_edge_list("0-1 1-2 2-3 3-0 0-4")?; // a square with a tail
/// let small = NodeKayles64::new(&game)?;
/// assert_eq!(small.start(), 0b11111);
/// let value = Solver::new(&small).value(&small.start())?;
/// assert_eq!(value, Solver::new(&game).value(&game.start())?);
/// // Playing vertex 0 leaves vertex 2 alone.
/// assert_eq!(small.play(&small.start(), &0), 0b00100);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeKayles64 {
    /// The neighbours of each vertex.
    neighbours: Vec<u64>,
}

impl NodeKayles64 {
    /// The most vertices a graph may have.
    pub const MAX_ORDER: usize = 64;

    /// The game on the graph of `game`.
    ///
    /// # Errors
    ///
    /// [`NodeKaylesError::TooManyVertices`] when the graph has more than
    /// [`MAX_ORDER`](Self::MAX_ORDER) vertices.
    pub fn new(game: &NodeKayles) -> Result<Self, NodeKaylesError> {
        let graph = game.graph();
        Self::from_graph(graph)
            .ok_or(NodeKaylesError::TooManyVertices { order: graph.order(), max: Self::MAX_ORDER })
    }

    /// The game on `graph`, if it has at most [`MAX_ORDER`](Self::MAX_ORDER) vertices.
    pub(crate) fn from_graph(graph: &Graph) -> Option<Self> {
        if graph.order() > Self::MAX_ORDER {
            return None;
        }
        let neighbours = (0..graph.order())
            .map(|v| graph.neighbors(v).words().first().copied().unwrap_or(0))
            .collect();
        Some(NodeKayles64 { neighbours })
    }

    /// The neighbours of each vertex.
    pub(crate) fn neighbours(&self) -> &[u64] {
        &self.neighbours
    }

    /// The number of vertices.
    pub fn order(&self) -> usize {
        self.neighbours.len()
    }

    /// Every vertex available.
    pub fn start(&self) -> u64 {
        all(self.order())
    }

    /// The position of the available vertices `set`.
    ///
    /// # Errors
    ///
    /// [`NodeKaylesError::VertexOutOfRange`] naming the first vertex the graph does not have.
    pub fn position(&self, set: &VertexSet) -> Result<u64, NodeKaylesError> {
        match set.iter().find(|&v| v >= self.order()) {
            Some(vertex) => Err(NodeKaylesError::VertexOutOfRange { vertex, order: self.order() }),
            None => Ok(set.words().first().copied().unwrap_or(0)),
        }
    }

    /// The available vertices of `position`.
    pub fn vertex_set(position: u64) -> VertexSet {
        VertexSet::from_words(&[position])
    }
}

/// The vertices `0..order` (`order` at most 64).
pub(crate) const fn all(order: usize) -> u64 {
    if order >= 64 { u64::MAX } else { (1 << order) - 1 }
}

/// The components of `rest` after the twin rules and the shadow rule, each given to `part`,
/// and the nimber the shadow rule set aside (the split of
/// [`NodeKayles`] and [`NodeKayles64`] on words).
pub(crate) fn split(neighbours: &[u64], rest: u64, part: impl FnMut(u64)) -> Nimber {
    Nimber::new(shape::split_near(neighbours, rest, rest, part))
}

/// The components of `rest`, left by a move at `vertex` in a connected position, flooded
/// from the vertices at distance 2 from the move ([`shape::seeded_components`]).
pub(crate) fn child_components(
    neighbours: &[u64],
    vertex: usize,
    rest: u64,
    part: impl FnMut(u64),
) {
    let mut seeds = 0u64;
    neighbours[vertex].each(|u| seeds |= neighbours[u]);
    shape::seeded_components(neighbours, rest, seeds & rest, part);
}

/// Sets of at most this many vertices are checked for a closed form when met
/// ([`known_value`]); larger ones when searched ([`reduce`]).
pub(crate) const CLOSED_MAX: u32 = 6;

/// The closed forms of a set of vertices met by the search: paths, cycles and cliques of at
/// most [`CLOSED_MAX`] vertices when connected, any edgeless set. Larger paths, cycles and
/// cliques are recognised by [`reduce`], which the pruned search asks of the components it
/// searches only, so that the many components the table answers are not checked.
pub(crate) fn known_value(neighbours: &[u64], set: u64) -> Option<Nimber> {
    if set == 0 {
        return Some(Nimber::ZERO);
    }
    if set.count_ones() <= CLOSED_MAX {
        if let Some(value) = connected_closed_form(neighbours, set) {
            return Some(value);
        }
    }
    if set.all(|v| neighbours[v] & set == 0) {
        Some(edgeless_value(u64::from(set.count_ones())))
    } else {
        None
    }
}

/// The closed form of a connected set. The closed forms are read off the degrees, which rule
/// most sets out at once: connectedness is checked only for a set that has one.
fn connected_closed_form(neighbours: &[u64], set: u64) -> Option<Nimber> {
    let start = set.lowest()?;
    let value = shape::closed_form(neighbours, &set)?;
    (shape::flood(neighbours, start, &set) == set).then(|| Nimber::new(value))
}

/// What the searches are told of a component they are about to search (a connected set): a
/// path, cycle or clique settled by its closed form, or the twin and shadow rules applied, the
/// components of what they leave given to `part`. `None` when neither applies. With `near`,
/// `set` is a component left by a move at that vertex in a component that does not reduce,
/// and twins are looked for among the vertices at distance 2 from it only (see
/// [`shape::reduce`]).
pub(crate) fn reduce(
    neighbours: &[u64],
    set: u64,
    near: Option<usize>,
    part: impl FnMut(u64),
) -> Option<Nimber> {
    if let Some(value) = connected_closed_form(neighbours, set) {
        return Some(value);
    }
    let suspects = near.map_or(set, |v| shape::ring(neighbours, v) & set);
    shape::reduce(neighbours, &set, &suspects, part).map(Nimber::new)
}

impl Ruleset for NodeKayles64 {
    type Position = u64;
    type Move = usize;

    /// The available vertices.
    fn moves(&self, position: &u64, moves: &mut Vec<usize>) {
        (position & self.start()).each(|v| moves.push(v));
    }

    /// The available vertices, counted.
    fn move_count(&self, position: &u64, _: &mut Vec<usize>) -> usize {
        (position & self.start()).count_ones() as usize
    }

    /// Removes the vertex and its neighbours.
    fn play(&self, position: &u64, vertex: &usize) -> u64 {
        position & !self.neighbours[*vertex] & !(1 << vertex)
    }

    fn is_legal(&self, position: &u64, vertex: &usize) -> bool {
        *vertex < self.order() && position >> vertex & 1 == 1
    }

    /// The connected components of the available vertices.
    fn components(&self, position: &u64, components: &mut Vec<u64>) {
        shape::components(self.neighbours.as_slice(), position & self.start(), |part| {
            components.push(part);
        });
    }

    /// The components after the twin and shadow rules (as [`NodeKayles`] splits); closed forms are
    /// recognised by [`known_value`](Ruleset::known_value), which the solver asks of every
    /// part, and [`reduce`](Ruleset::reduce).
    fn split(&self, position: &u64, parts: &mut Vec<u64>) -> Nimber {
        split(&self.neighbours, position & self.start(), |part| parts.push(part))
    }

    /// The components of the child, the twin and shadow rules left to
    /// [`reduce_child`](Ruleset::reduce_child).
    fn split_child(&self, _: &u64, vertex: &usize, child: &u64, parts: &mut Vec<u64>) -> Nimber {
        child_components(&self.neighbours, *vertex, child & self.start(), |part| parts.push(part));
        Nimber::ZERO
    }

    /// A closed form (paths, cycles and cliques of more than six vertices), or the twin and
    /// shadow rules (see [`NodeKayles`]'s).
    fn reduce(&self, component: &u64, parts: &mut Vec<u64>) -> Option<Nimber> {
        let set = component & self.start();
        reduce(&self.neighbours, set, None, |part| parts.push(part))
    }

    /// The twin rules, looked for among the vertices at distance 2 from the move only (the
    /// parent had no twins, and a vertex farther away has the neighbourhood it had there),
    /// and the shadow rule.
    fn reduce_child(
        &self,
        _: &u64,
        vertex: &usize,
        component: &u64,
        parts: &mut Vec<u64>,
    ) -> Option<Nimber> {
        let set = component & self.start();
        reduce(&self.neighbours, set, Some(*vertex), |part| parts.push(part))
    }

    /// Edgeless sets, and paths, cycles and cliques of at most six vertices (the larger are
    /// settled by [`reduce`](Ruleset::reduce)).
    fn known_value(&self, position: &u64) -> Option<Nimber> {
        known_value(&self.neighbours, position & self.start())
    }

    /// No: on random graphs the history order saves no search here, and costs its
    /// ordering (see `docs/performance.md`).
    fn move_history(&self) -> bool {
        false
    }

    /// Components of at most 16 vertices, or 20 when asked again or for their value: they are
    /// met again and again with different questions (see `docs/performance.md`).
    fn value_exactly(&self, _: &u64, moves: usize, again: bool) -> bool {
        value_exactly(moves, again)
    }

    /// The position itself.
    fn word_key(&self, canonical: &u64) -> Option<u64> {
        Some(*canonical)
    }
}
