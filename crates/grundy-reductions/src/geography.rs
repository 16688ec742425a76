//! Neighboring Nim (Burke and George) as a common generalisation of Nim and Undirected Vertex
//! Geography (*Transverse Wave*, section 4): Nim is Neighboring Nim on a complete graph, and
//! Neighboring Boolean Nim is Undirected Vertex Geography.

use grundy_graph::Graph;
use grundy_graph_games::{
    Geography, GeographyPosition, GeographyRule, NeighborPosition, NeighboringNim, TokenMove,
};
use grundy_nim::{Heaps, Nim, NimMove};
use num_bigint::BigUint;

use crate::normal::Normalize;
use crate::reduction::{Isomorphism, Reduction, ReductionError};

impl Normalize for NeighboringNim {
    type Form = NeighborPosition;

    /// The heaps, and the vertex last played unless every non-empty heap is in its closed
    /// neighbourhood (then it constrains nothing: see [`NeighboringNim::normal_form`]).
    fn normal_form(&self, position: &NeighborPosition) -> NeighborPosition {
        NeighboringNim::normal_form(self, position)
    }
}

impl Normalize for Geography {
    type Form = GeographyPosition;

    /// The position itself (the token's vertex and the used vertices or edges).
    fn normal_form(&self, position: &GeographyPosition) -> GeographyPosition {
        position.clone()
    }
}

/// Nim with `n` heaps is Neighboring Nim on the complete graph `K_n`: from any vertex every
/// heap is in the closed neighbourhood. Heap `i` is vertex `i`, a Nim position is the
/// Neighboring Nim position before the first move, and taking `k` from heap `i` is taking `k`
/// at vertex `i`. The inverse forgets the vertex last played.
#[derive(Clone, Debug)]
pub struct NimToNeighboringNim {
    target: NeighboringNim,
}

impl NimToNeighboringNim {
    /// The reduction for positions of `heaps` heaps.
    pub fn new(heaps: usize) -> Self {
        NimToNeighboringNim { target: NeighboringNim::new(Graph::complete(heaps)) }
    }

    fn heaps(&self) -> usize {
        self.target.graph().order()
    }
}

impl Reduction for NimToNeighboringNim {
    type Source = Nim;
    type Target = NeighboringNim;

    fn source(&self) -> &Nim {
        &Nim
    }

    fn target(&self) -> &NeighboringNim {
        &self.target
    }

    fn map_position(&self, heaps: &Heaps) -> Result<NeighborPosition, ReductionError> {
        if heaps.len() != self.heaps() {
            return Err(ReductionError::out_of_domain(format!(
                "{} heaps, but the reduction was built for {}",
                heaps.len(),
                self.heaps()
            )));
        }
        let sizes = heaps
            .heaps()
            .iter()
            .map(|h| {
                u64::try_from(h).map_err(|_| {
                    ReductionError::too_large(format!("heap {h} exceeds 2^64 - 1 sticks"))
                })
            })
            .collect::<Result<Vec<u64>, _>>()?;
        self.target.position(sizes, None).map_err(|e| ReductionError::too_large(e.to_string()))
    }

    fn map_move(&self, _: &Heaps, mv: &NimMove) -> Result<TokenMove, ReductionError> {
        let take = u64::try_from(mv.take()).map_err(|_| {
            ReductionError::too_large(format!("taking {} exceeds 2^64 - 1 sticks", mv.take()))
        })?;
        Ok(TokenMove { to: mv.heap(), take })
    }
}

impl Isomorphism for NimToNeighboringNim {
    fn unmap_position(&self, position: &NeighborPosition) -> Result<Heaps, ReductionError> {
        Ok(Heaps::new(position.heaps().iter().map(|&h| BigUint::from(h))))
    }

    fn unmap_move(&self, _: &NeighborPosition, mv: &TokenMove) -> Result<NimMove, ReductionError> {
        Ok(NimMove::new(mv.to, mv.take))
    }
}

/// Neighboring Boolean Nim (every heap of at most one stick) is Undirected Vertex Geography on
/// the same graph: the empty heaps are the used vertices and the vertex last played is the
/// token; taking the stick at `v` is moving the token to `v`. The domain is the positions
/// whose heaps are at most 1 and whose vertex last played (if any) has an empty heap, as
/// after every move; the inverse covers every Geography position.
#[derive(Clone, Debug)]
pub struct BooleanNeighboringNimToGeography {
    source: NeighboringNim,
    target: Geography,
}

impl BooleanNeighboringNimToGeography {
    /// The isomorphism on `graph`.
    pub fn new(graph: Graph) -> Self {
        BooleanNeighboringNimToGeography {
            source: NeighboringNim::new(graph.clone()),
            target: Geography::undirected(graph, GeographyRule::Vertex),
        }
    }
}

impl Reduction for BooleanNeighboringNimToGeography {
    type Source = NeighboringNim;
    type Target = Geography;

    fn source(&self) -> &NeighboringNim {
        &self.source
    }

    fn target(&self) -> &Geography {
        &self.target
    }

    fn map_position(
        &self,
        position: &NeighborPosition,
    ) -> Result<GeographyPosition, ReductionError> {
        let heaps = position.heaps();
        if heaps.len() != self.target.order() {
            return Err(ReductionError::out_of_domain(format!(
                "{} heaps on a graph of {} vertices",
                heaps.len(),
                self.target.order()
            )));
        }
        if let Some(v) = heaps.iter().position(|&h| h > 1) {
            return Err(ReductionError::out_of_domain(format!(
                "heap {} at vertex {v}: Boolean heaps hold at most one stick",
                heaps[v]
            )));
        }
        if let Some(t) = position.token().filter(|&t| heaps[t] != 0) {
            return Err(ReductionError::out_of_domain(format!(
                "the vertex last played, {t}, still has its stick"
            )));
        }
        let used = (0..heaps.len()).filter(|&v| heaps[v] == 0);
        self.target
            .position(position.token(), used)
            .map_err(|e| ReductionError::out_of_domain(e.to_string()))
    }

    fn map_move(&self, _: &NeighborPosition, mv: &TokenMove) -> Result<usize, ReductionError> {
        Ok(mv.to)
    }
}

impl Isomorphism for BooleanNeighboringNimToGeography {
    fn unmap_position(
        &self,
        position: &GeographyPosition,
    ) -> Result<NeighborPosition, ReductionError> {
        let heaps = (0..self.target.order()).map(|v| u64::from(!position.used().contains(v)));
        self.source
            .position(heaps.collect(), position.token())
            .map_err(|e| ReductionError::out_of_domain(e.to_string()))
    }

    fn unmap_move(&self, _: &GeographyPosition, to: &usize) -> Result<TokenMove, ReductionError> {
        Ok(TokenMove { to: *to, take: 1 })
    }
}
