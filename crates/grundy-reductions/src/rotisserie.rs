//! Rotisserie Nim (Bovee, Burke and Tennenhouse, §5.1) as Duchêne and Renault's Vertexnim on a
//! directed cycle.
//!
//! The remark of §5.1, "[Rotisserie Nim] is equivalent to Adjacent Nim, which is itself a
//! special case of Vertex Nim played on a directed cycle", cites Duchêne and Renault, whose
//! *Vertexnim* deletes a vertex when its last disk is removed and joins its in-neighbours to
//! its out-neighbours ([`DirectedVertexNimG::vertexnim`]). That is what makes a heap that
//! reaches 0 leave the queue. The remark is false for the three Vertex NimG rules of the
//! slides, where an empty vertex stays on the cycle (see [`RotisserieToVertexnim`]).

use grundy_graph_games::{Digraph, DirectedVertexNimG, NimGPosition, TokenMove};
use grundy_heap_games::rotisserie::{Move, Queue, RotisserieNim};

use crate::normal::Normalize;
use crate::reduction::{Isomorphism, Reduction, ReductionError};

impl Normalize for RotisserieNim {
    type Form = Queue;

    /// The queue itself (the order of the heaps names no move, but it decides the play).
    fn normal_form(&self, queue: &Queue) -> Queue {
        queue.clone()
    }
}

impl Normalize for DirectedVertexNimG {
    type Form = NimGPosition;

    /// The position itself (moves name vertices, so no relabelling is allowed).
    fn normal_form(&self, position: &NimGPosition) -> NimGPosition {
        position.clone()
    }
}

/// Rotisserie Nim on at most `m` heaps is Vertexnim on the directed cycle
/// `0 > 1 > … > (m-1) > 0` (at least two vertices, since a digraph has no loops).
///
/// - A queue `(a0, …, an)` is laid out with `a_i` disks on vertex `i`, the other vertices
///   empty (already deleted) and the token on vertex 0: the front heap is the token's vertex
///   and the queue runs along the arcs.
/// - Taking `t` from the front heap is removing `t` disks at the token and moving it on to
///   the next vertex with disks (the vertex itself when it is the only one left; it stays
///   put when nothing is left). On a cycle there is exactly one such move per amount.
/// - The other way round ([`unmap_position`](Isomorphism::unmap_position)), a Vertexnim
///   position on the cycle reads as the queue of the non-empty vertices met going round
///   from the token, the token's vertex first; a token on an empty vertex (no move) reads as
///   the empty queue.
///
/// # What is checked, and how
///
/// The inverse is positional: the reading of every child of a cycle position is the
/// Rotisserie child of its reading, so [`Tandem::check`](crate::Tandem::check) confirms it on
/// [`Inverse`](crate::Inverse) from any cycle position (zeros anywhere, token anywhere). The
/// forward map is not positional: after a move the actual Vertexnim position is a rotation
/// of the layout of the child queue (the token has moved on), and moves name vertices, so no
/// label-preserving normal form can identify them. The forward direction is checked as an
/// isomorphism of game trees with [`Tandem::check_paired_with`](crate::Tandem::check_paired_with)
/// and [`map_move_paired`](RotisserieToVertexnim::map_move_paired), which also checks at every
/// node that the actual Vertexnim position reads as the Rotisserie queue.
///
/// # The literal reading fails
///
/// With the slides' Vertex NimG, where an emptied vertex stays on the cycle as a vertex with
/// no disk, the remark is false for each of the three rules (queue `(a0, …, an)` on the
/// cycle of `n + 1` vertices, token on `a0`, or on `an` for move-then-remove): remove then
/// move (empty vertices allowed) and move then remove first differ in value at `(3, 2)`
/// (Rotisserie `*1`, NimG `*3`) and in outcome at `(1, 2, 1)` (P, but N: the emptied front
/// vertex becomes a trap), remove then move to a non-empty vertex already at `(1, 1)` (P,
/// but N: the second player cannot move onto the emptied vertex).
#[derive(Clone, Debug)]
pub struct RotisserieToVertexnim {
    target: DirectedVertexNimG,
}

impl RotisserieToVertexnim {
    /// The reduction for queues of at most `heaps` heaps: the directed cycle on
    /// `max(heaps, 2)` vertices.
    ///
    /// # Errors
    ///
    /// [`ReductionError::TooLarge`] above [`grundy_graph_games::MAX_PARSED_ORDER`] heaps.
    pub fn new(heaps: usize) -> Result<Self, ReductionError> {
        let max = grundy_graph_games::MAX_PARSED_ORDER;
        if heaps > max {
            return Err(ReductionError::too_large(format!(
                "{heaps} heaps: at most {max} vertices are supported"
            )));
        }
        let m = heaps.max(2);
        let cycle = Digraph::from_arcs(m, (0..m).map(|i| (i, (i + 1) % m)))
            .map_err(|e| ReductionError::too_large(e.to_string()))?;
        Ok(RotisserieToVertexnim { target: DirectedVertexNimG::vertexnim(cycle) })
    }

    /// The number of vertices of the cycle.
    pub fn cycle_len(&self) -> usize {
        self.target.digraph().order()
    }

    /// The queue a Vertexnim position on the cycle plays: the disk counts of the non-empty
    /// vertices going round from the token (the token's vertex first), or the empty queue
    /// when the token's vertex is empty.
    ///
    /// # Errors
    ///
    /// [`ReductionError::OutOfDomain`] when the position does not fit the cycle.
    pub fn read_queue(&self, position: &NimGPosition) -> Result<Queue, ReductionError> {
        let m = self.cycle_len();
        let (disks, token) = (position.disks(), position.token());
        if disks.len() != m || token >= m {
            return Err(ReductionError::out_of_domain(format!(
                "{} disk counts with the token on {token}, but the cycle has {m} vertices",
                disks.len()
            )));
        }
        if disks[token] == 0 {
            return Ok(Queue::default());
        }
        let heaps = (0..m).map(|i| disks[(token + i) % m]).filter(|&d| d > 0);
        Queue::new(heaps).map_err(|e| ReductionError::out_of_domain(e.to_string()))
    }

    /// The Vertexnim move of `mv` in the actual Vertexnim position `actual`, after checking
    /// that `actual` reads as `queue`: remove the same amount at the token and move on to the
    /// next vertex with disks.
    ///
    /// # Errors
    ///
    /// [`ReductionError::OutOfDomain`] when `actual` does not read as `queue` or the queue
    /// is empty.
    pub fn map_move_paired(
        &self,
        queue: &Queue,
        actual: &NimGPosition,
        mv: &Move,
    ) -> Result<TokenMove, ReductionError> {
        let read = self.read_queue(actual)?;
        if &read != queue {
            return Err(ReductionError::out_of_domain(format!(
                "the Vertexnim position {actual} reads as the queue ({read}), not ({queue})"
            )));
        }
        Ok(TokenMove { to: self.next_live(actual, mv.take())?, take: mv.take() })
    }

    /// Where the token goes when `take` disks are removed at it: the next vertex round the
    /// cycle that still has disks, or the token's vertex when there is none.
    fn next_live(&self, position: &NimGPosition, take: u64) -> Result<usize, ReductionError> {
        let m = self.cycle_len();
        let (disks, token) = (position.disks(), position.token());
        let here = disks.get(token).copied().unwrap_or(0);
        if take == 0 || take > here {
            return Err(ReductionError::out_of_domain(format!(
                "cannot take {take} at vertex {token}, which holds {here}"
            )));
        }
        let left = |v: usize| if v == token { here - take } else { disks[v] };
        Ok((1..=m).map(|k| (token + k) % m).find(|&v| left(v) > 0).unwrap_or(token))
    }
}

impl Reduction for RotisserieToVertexnim {
    type Source = RotisserieNim;
    type Target = DirectedVertexNimG;

    fn source(&self) -> &RotisserieNim {
        &RotisserieNim
    }

    fn target(&self) -> &DirectedVertexNimG {
        &self.target
    }

    fn map_position(&self, queue: &Queue) -> Result<NimGPosition, ReductionError> {
        let m = self.cycle_len();
        if queue.len() > m {
            return Err(ReductionError::out_of_domain(format!(
                "{} heaps, but the cycle has {m} vertices",
                queue.len()
            )));
        }
        let mut disks = queue.heaps().to_vec();
        disks.resize(m, 0);
        self.target.position(disks, 0).map_err(|e| ReductionError::out_of_domain(e.to_string()))
    }

    fn map_move(&self, queue: &Queue, mv: &Move) -> Result<TokenMove, ReductionError> {
        let laid_out = self.map_position(queue)?;
        Ok(TokenMove { to: self.next_live(&laid_out, mv.take())?, take: mv.take() })
    }
}

impl Isomorphism for RotisserieToVertexnim {
    fn unmap_position(&self, position: &NimGPosition) -> Result<Queue, ReductionError> {
        self.read_queue(position)
    }

    fn unmap_move(&self, _: &NimGPosition, mv: &TokenMove) -> Result<Move, ReductionError> {
        Ok(Move::new(mv.take))
    }
}
