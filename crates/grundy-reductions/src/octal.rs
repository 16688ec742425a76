//! Node-Kayles on a path and the octal game 0.137 (Dawson's Kayles, Dawson's chess).

use grundy_graph::{Graph, MAX_PARSED_ORDER, VertexSet};
use grundy_node_kayles::NodeKayles;
use grundy_octal::{Code, Heaps, Octal, OctalMove};

use crate::normal::Normalize;
use crate::reduction::{Reduction, ReductionError};

impl Normalize for Octal {
    type Form = Heaps;

    /// The heaps themselves, in order (heap indices name the moves).
    fn normal_form(&self, heaps: &Heaps) -> Heaps {
        heaps.clone()
    }
}

/// Heaps of 0.137 whose values are computed when the reduction is made; the proved period
/// of the sequence covers every larger heap.
const DAWSON_VALUES: usize = 300;

/// Node-Kayles on the path `P_n` (`0 - 1 - … - (n-1)`) played as the octal game 0.137: a
/// position (a set of available vertices) is the list of the lengths of its runs of
/// consecutive available vertices, left to right, and picking vertex `v` of a run is the
/// 0.137 move on that run's heap that takes `v` and its neighbours in the run (1, 2 or 3
/// tokens) and leaves the parts on either side.
///
/// # Not an isomorphism
///
/// The two game trees are **not** isomorphic: a run of length `L >= 2` has `L` Node-Kayles
/// moves but only about half as many 0.137 moves (1 for `L = 2`, 2 for `L = 3`,
/// `2 + ⌊(L - 3)/2⌋` from `L = 4` on), because [`OctalMove`] names the heaps left in
/// increasing order, so vertex `v` and its mirror image in the run are the same 0.137 move
/// (on `P_2`: two vertices, one move "take 2"). No move bijection exists, in
/// either direction, and no inverse [`Isomorphism`](crate::Isomorphism) can be defined on
/// moves. The map of positions has a right inverse, [`layout`](PathKaylesToDawson::layout)
/// (heaps laid out left to right with one vertex between them), so every 0.137 position is
/// reached.
///
/// What holds is a *quotient*: the move map sends the moves of every Node-Kayles position
/// onto those of its 0.137 position and each pair of children correspond again, so the
/// positions are equal as game forms (options up to identity) and have equal values. The
/// 0.137 position changes heap order as it is played (the parts of a split heap are put in
/// increasing order), so the check walks pairs of actual positions with the move map
/// [`map_move_paired`](PathKaylesToDawson::map_move_paired) and
/// [`Tandem::merging_moves`](crate::Tandem::merging_moves).
#[derive(Clone, Debug)]
pub struct PathKaylesToDawson {
    source: NodeKayles,
    target: Octal,
}

impl PathKaylesToDawson {
    /// The reduction for the path of `n` vertices.
    ///
    /// # Errors
    ///
    /// [`ReductionError::TooLarge`] above [`MAX_PARSED_ORDER`] vertices.
    pub fn new(n: usize) -> Result<Self, ReductionError> {
        if n > MAX_PARSED_ORDER {
            return Err(ReductionError::too_large(format!(
                "a path of {n} vertices: at most {MAX_PARSED_ORDER} are supported"
            )));
        }
        let target = Octal::with_values(Code::dawson_chess(), DAWSON_VALUES)
            .map_err(|e| ReductionError::too_large(e.to_string()))?;
        Ok(PathKaylesToDawson { source: NodeKayles::new(Graph::path(n)), target })
    }

    /// The number of vertices of the path.
    pub fn len(&self) -> usize {
        self.source.graph().order()
    }

    /// Tells whether the path has no vertex.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The runs of `available` as `(first vertex, length)`, left to right.
    fn runs(&self, available: &VertexSet) -> Result<Vec<(usize, usize)>, ReductionError> {
        let n = self.len();
        if let Some(v) = available.last().filter(|&v| v >= n) {
            return Err(ReductionError::out_of_domain(format!(
                "vertex {v} is available, but the path has {n} vertices"
            )));
        }
        let mut runs: Vec<(usize, usize)> = Vec::new();
        for v in available.iter() {
            match runs.last_mut() {
                Some((first, len)) if *first + *len == v => *len += 1,
                _ => runs.push((v, 1)),
            }
        }
        Ok(runs)
    }

    /// The 0.137 move of vertex `v` in the run `(first, len)`, played on heap `heap`.
    fn heap_move(heap: usize, (first, len): (usize, usize), v: usize) -> OctalMove {
        let left = (v - first).saturating_sub(1);
        let right = (first + len - 1 - v).saturating_sub(1);
        let rest: Vec<u64> = [left, right].into_iter().filter(|&h| h > 0).map(as_u64).collect();
        OctalMove::new(heap, as_u64(len - left - right), rest)
    }

    /// The run of `available` containing `vertex`, with its index among the runs.
    fn run_of(
        &self,
        available: &VertexSet,
        vertex: usize,
    ) -> Result<(Vec<(usize, usize)>, usize), ReductionError> {
        let runs = self.runs(available)?;
        let index = runs
            .iter()
            .position(|&(first, len)| (first..first + len).contains(&vertex))
            .ok_or_else(|| {
                ReductionError::out_of_domain(format!("vertex {vertex} is not available"))
            })?;
        Ok((runs, index))
    }

    /// The 0.137 move of vertex `vertex` of `available` in the actual 0.137 position
    /// `heaps`, whose heaps are the runs of `available` in some order: the run holding the
    /// vertex is the `k`-th run of its length from the left, and it is played on the `k`-th
    /// heap of that size.
    ///
    /// # Errors
    ///
    /// [`ReductionError::OutOfDomain`] when the vertex is not available or `heaps` has too
    /// few heaps of the run's length.
    pub fn map_move_paired(
        &self,
        available: &VertexSet,
        heaps: &Heaps,
        vertex: usize,
    ) -> Result<OctalMove, ReductionError> {
        let (runs, index) = self.run_of(available, vertex)?;
        let len = runs[index].1;
        let rank = runs[..index].iter().filter(|r| r.1 == len).count();
        let heap = heaps
            .heaps()
            .iter()
            .enumerate()
            .filter(|&(_, &h)| h == as_u64(len))
            .nth(rank)
            .map(|(i, _)| i)
            .ok_or_else(|| {
                ReductionError::out_of_domain(format!(
                    "the heaps {heaps} have fewer than {} heaps of {len}",
                    rank + 1
                ))
            })?;
        Ok(Self::heap_move(heap, runs[index], vertex))
    }

    /// The Node-Kayles position of the 0.137 position `heaps`: the heaps laid out left to
    /// right from vertex 0, one unavailable vertex between two heaps. Empty heaps are
    /// skipped (as a position of 0.137, an empty heap has no move).
    ///
    /// `map_position(layout(h))` is `h` without its empty heaps.
    ///
    /// # Errors
    ///
    /// [`ReductionError::TooLarge`] when the heaps do not fit on the path.
    pub fn layout(&self, heaps: &Heaps) -> Result<VertexSet, ReductionError> {
        let mut available = VertexSet::new();
        let mut next = 0usize;
        for &h in heaps.heaps().iter().filter(|&&h| h > 0) {
            let end = usize::try_from(h)
                .ok()
                .and_then(|h| next.checked_add(h))
                .filter(|&end| end <= self.len())
                .ok_or_else(|| {
                    ReductionError::too_large(format!(
                        "the heaps {heaps} do not fit on a path of {} vertices",
                        self.len()
                    ))
                })?;
            available.extend(next..end);
            next = end + 1;
        }
        Ok(available)
    }
}

/// A length as a heap size (lengths are below `2^20`).
fn as_u64(len: usize) -> u64 {
    u64::try_from(len).unwrap_or(u64::MAX)
}

impl Reduction for PathKaylesToDawson {
    type Source = NodeKayles;
    type Target = Octal;

    fn source(&self) -> &NodeKayles {
        &self.source
    }

    fn target(&self) -> &Octal {
        &self.target
    }

    /// The lengths of the runs, left to right.
    fn map_position(&self, available: &VertexSet) -> Result<Heaps, ReductionError> {
        Ok(Heaps::new(
            self.runs(available)?.into_iter().map(|(_, len)| as_u64(len)).collect::<Vec<_>>(),
        ))
    }

    /// The move on the heap of the vertex's run (heap `i` is the `i`-th run).
    fn map_move(&self, available: &VertexSet, vertex: &usize) -> Result<OctalMove, ReductionError> {
        let (runs, index) = self.run_of(available, *vertex)?;
        Ok(Self::heap_move(index, runs[index], *vertex))
    }
}
