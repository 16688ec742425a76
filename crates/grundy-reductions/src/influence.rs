//! Demographic Influence as a generalisation: Demi-Quantum Nim (Theorem 5) and Friend Circle
//! (Theorem 7) of Burke, Ferland and Teng.

use grundy_demographic_influence::{DemographicInfluence, InfluenceMove, MAX_THRESHOLD};
use grundy_friend_circle::FriendCircle;
use grundy_graph::{Graph, MAX_PARSED_ORDER, VertexSet};
use grundy_nim::{Heaps, Nim, NimMove};
use grundy_quantum::{DemiQuantum, DemiQuantumNim, Superposition};
use num_bigint::BigUint;

use crate::normal::Normalize;
use crate::reduction::{Isomorphism, Reduction, ReductionError};

impl Normalize for DemographicInfluence {
    type Form = Vec<i64>;

    /// The thresholds with every negative one replaced by `-1`.
    ///
    /// This is exact for every game of the ruleset, move names included. A negative
    /// threshold never makes a move legal (a move `(k, c)` needs a member at `c >= 1` or
    /// more); a subtraction keeps it negative and, since it was not `>= 0` before, never
    /// makes it *newly* strongly influenced, so it never cascades; and a cascade sets it to
    /// `-1` whatever it was. So two positions that differ only in the values of their
    /// negative thresholds have the same moves, and every move leads to positions that again
    /// differ only there. (A threshold `0` is not `-1`: subtracting from it cascades.)
    fn normal_form(&self, theta: &Vec<i64>) -> Vec<i64> {
        theta.iter().map(|&t| t.max(-1)).collect()
    }
}

/// Theorem 5: Demi-Quantum Nim with `m` realizations of `n` piles is Demographic Influence on
/// the vertices `(r, c)` (vertex `r·n + c`), each realization a clique, with `Θ(r, c)` the
/// size of pile `c` in realization `r` and the demographics `D_c = {(r, c) : r < m}` (the
/// columns).
///
/// Taking `q` from pile `k` is influencing `D_k` by `q`. A realization whose pile `k` is too
/// small collapses; in the image its vertex `(r, k)` goes negative and cascades over its row.
/// A collapsed realization is a row of `-1`s. The position map commutes with play exactly
/// (negative thresholds compared as `-1`, see the [`Normalize`] impl).
///
/// Backwards ([`Isomorphism`]), a row of non-negative thresholds is a live realization and a
/// row of negative ones a collapsed realization; a row mixing both has no counterpart.
#[derive(Clone, Debug)]
pub struct DemiQuantumNimToInfluence {
    realizations: usize,
    piles: usize,
    target: DemographicInfluence,
}

/// The demi-quantum Nim ruleset, as a constant.
const DEMI_QUANTUM_NIM: DemiQuantumNim = DemiQuantum::new(Nim);

impl DemiQuantumNimToInfluence {
    /// The reduction for superpositions of `realizations` realizations of `piles` piles.
    ///
    /// # Errors
    ///
    /// [`ReductionError::TooLarge`] when the graph would have more than [`MAX_PARSED_ORDER`]
    /// vertices.
    pub fn new(realizations: usize, piles: usize) -> Result<Self, ReductionError> {
        let order = realizations
            .checked_mul(piles)
            .filter(|&order| order <= MAX_PARSED_ORDER)
            .ok_or_else(|| {
                ReductionError::too_large(format!(
                    "{realizations} realizations of {piles} piles make more than \
                     {MAX_PARSED_ORDER} vertices"
                ))
            })?;
        let mut graph = Graph::new(order);
        for r in 0..realizations {
            for a in 0..piles {
                for b in a + 1..piles {
                    graph
                        .add_edge(r * piles + a, r * piles + b)
                        .map_err(|e| ReductionError::too_large(e.to_string()))?;
                }
            }
        }
        let demographics =
            (0..piles).map(|c| (0..realizations).map(|r| r * piles + c).collect()).collect();
        let target = DemographicInfluence::new(graph, demographics)
            .map_err(|e| ReductionError::too_large(e.to_string()))?;
        Ok(DemiQuantumNimToInfluence { realizations, piles, target })
    }
}

impl Reduction for DemiQuantumNimToInfluence {
    type Source = DemiQuantumNim;
    type Target = DemographicInfluence;

    fn source(&self) -> &DemiQuantumNim {
        &DEMI_QUANTUM_NIM
    }

    fn target(&self) -> &DemographicInfluence {
        &self.target
    }

    fn map_position(&self, position: &Superposition<Heaps>) -> Result<Vec<i64>, ReductionError> {
        if position.len() != self.realizations {
            return Err(ReductionError::out_of_domain(format!(
                "{} realizations, but the reduction was built for {}",
                position.len(),
                self.realizations
            )));
        }
        let mut theta = vec![-1; self.realizations * self.piles];
        for (r, heaps) in position.live() {
            if heaps.len() != self.piles {
                return Err(ReductionError::out_of_domain(format!(
                    "realization {} has {} piles, but the reduction was built for {}",
                    r + 1,
                    heaps.len(),
                    self.piles
                )));
            }
            for (c, h) in heaps.heaps().iter().enumerate() {
                theta[r * self.piles + c] = threshold(h).ok_or_else(|| {
                    ReductionError::too_large(format!(
                        "pile {} of realization {} holds {h}, above the largest threshold \
                         2^62",
                        c + 1,
                        r + 1
                    ))
                })?;
            }
        }
        Ok(theta)
    }

    fn map_move(
        &self,
        _: &Superposition<Heaps>,
        mv: &NimMove,
    ) -> Result<InfluenceMove, ReductionError> {
        let amount = threshold(mv.take()).ok_or_else(|| {
            ReductionError::too_large(format!("taking {} is above 2^62", mv.take()))
        })?;
        Ok((mv.heap(), amount))
    }
}

/// A pile size as a threshold, when it is at most [`MAX_THRESHOLD`].
fn threshold(size: &BigUint) -> Option<i64> {
    i64::try_from(size).ok().filter(|&t| t <= MAX_THRESHOLD)
}

impl Isomorphism for DemiQuantumNimToInfluence {
    fn unmap_position(&self, theta: &Vec<i64>) -> Result<Superposition<Heaps>, ReductionError> {
        let n = self.piles;
        if theta.len() != self.realizations * n {
            return Err(ReductionError::out_of_domain(format!(
                "{} thresholds, but the graph has {} vertices",
                theta.len(),
                self.realizations * n
            )));
        }
        let mut slots = Vec::with_capacity(self.realizations);
        for r in 0..self.realizations {
            let row = &theta[r * n..(r + 1) * n];
            if row.iter().all(|&t| t >= 0) {
                slots.push(Some(Heaps::new(row.iter().map(|&t| t.unsigned_abs()))));
            } else if row.iter().all(|&t| t < 0) {
                slots.push(None);
            } else {
                return Err(ReductionError::out_of_domain(format!(
                    "row {} mixes negative and non-negative thresholds",
                    r + 1
                )));
            }
        }
        Ok(Superposition::new(slots))
    }

    fn unmap_move(&self, _: &Vec<i64>, &(k, c): &InfluenceMove) -> Result<NimMove, ReductionError> {
        if k >= self.piles || c <= 0 {
            return Err(ReductionError::out_of_domain(format!("({k}, {c}) is not a Nim move")));
        }
        Ok(NimMove::new(k, c.unsigned_abs()))
    }
}

/// Theorem 7: Friend Circle on `G` is Demographic Influence on the line graph of `G`.
///
/// Edge `e` (by its id) becomes vertex `v_e`, two of them adjacent when the edges share an
/// end; `Θ(v_e)` is 1 for a false edge and 0 for a true one; seed `s` (the `i`-th seed in
/// increasing order) becomes demographic `i`, the edges at `s`, and choosing `s` is the move
/// `(i, 1)` (thresholds never exceed 1, so it is the only amount).
///
/// This map of positions does **not** commute with play: a true edge whose end was played
/// through ends at `-1` in the actual game and at `0` in the image of the Friend Circle
/// child, and a `0` cascades where a `-1` does not. So the claim checked is the paper's own,
/// an isomorphism of game trees under the move bijection `s ↦ (D_s, 1)`
/// ([`Tandem::check_paired`](crate::Tandem::check_paired)); [`Tandem::check`](crate::Tandem::check)
/// fails on it (the tests pin the smallest such case).
#[derive(Clone, Debug)]
pub struct FriendCircleToInfluence {
    source: FriendCircle,
    target: DemographicInfluence,
}

impl FriendCircleToInfluence {
    /// The reduction for the Friend Circle game `game` (its graph and seeds).
    ///
    /// # Errors
    ///
    /// [`ReductionError::TooLarge`] when the line graph would have more than
    /// [`MAX_PARSED_ORDER`] vertices.
    pub fn new(game: FriendCircle) -> Result<Self, ReductionError> {
        let count = game.edge_count();
        if count > MAX_PARSED_ORDER {
            return Err(ReductionError::too_large(format!(
                "{count} edges make more than {MAX_PARSED_ORDER} vertices of the line graph"
            )));
        }
        let g = game.graph();
        let incident: Vec<Vec<usize>> = (0..g.order())
            .map(|v| g.neighbors(v).iter().filter_map(|w| game.edge_id(v, w)).collect())
            .collect();
        let mut line = Graph::new(count);
        for at in &incident {
            for (i, &a) in at.iter().enumerate() {
                for &b in &at[i + 1..] {
                    // Two edges share at most one end in a simple graph, but a pair may come
                    // up once per end it shares: only add it once.
                    if !line.has_edge(a, b) {
                        line.add_edge(a, b)
                            .map_err(|e| ReductionError::too_large(e.to_string()))?;
                    }
                }
            }
        }
        let demographics: Vec<VertexSet> =
            game.seeds().iter().map(|s| incident[s].iter().copied().collect()).collect();
        let target = DemographicInfluence::new(line, demographics)
            .map_err(|e| ReductionError::too_large(e.to_string()))?;
        Ok(FriendCircleToInfluence { source: game, target })
    }
}

impl Reduction for FriendCircleToInfluence {
    type Source = FriendCircle;
    type Target = DemographicInfluence;

    fn source(&self) -> &FriendCircle {
        &self.source
    }

    fn target(&self) -> &DemographicInfluence {
        &self.target
    }

    fn map_position(&self, true_edges: &VertexSet) -> Result<Vec<i64>, ReductionError> {
        let count = self.source.edge_count();
        if let Some(id) = true_edges.last().filter(|&id| id >= count) {
            return Err(ReductionError::out_of_domain(format!(
                "edge id {id}, but the graph has {count} edges"
            )));
        }
        Ok((0..count).map(|id| i64::from(!true_edges.contains(id))).collect())
    }

    fn map_move(&self, _: &VertexSet, seed: &usize) -> Result<InfluenceMove, ReductionError> {
        let seeds = self.source.seeds();
        if !seeds.contains(*seed) {
            return Err(ReductionError::out_of_domain(format!("vertex {seed} is not a seed")));
        }
        Ok((seeds.iter().take_while(|&s| s < *seed).count(), 1))
    }
}
