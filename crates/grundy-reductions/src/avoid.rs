//! Avoid True and the Rechargeable Boolean Nims: Theorem 4 and Corollary 1 of Burke, Ferland
//! and Teng.

use grundy_avoid_true::{
    AvoidTrue, AvoidTruePosition, BipartitePosition, HypergraphPosition, RechargeableBipartite,
    RechargeableHypergraph, VarSet,
};
use grundy_nim::BoolHeaps;
use grundy_quantum::{DemiQuantumBooleanNim, Superposition};

use crate::normal::{Normalize, RowFamily};
use crate::reduction::{Isomorphism, Reduction, ReductionError};

impl Normalize for AvoidTrue {
    type Form = RowFamily;

    /// For each clause not yet satisfied, the free variables outside it: a variable may be
    /// made true exactly while some open clause avoids it and every variable made true so far.
    fn normal_form(&self, position: &AvoidTruePosition) -> RowFamily {
        let n = position.variables();
        let t = position.true_vars();
        RowFamily::new(position.open_clauses().map(|clause| {
            (0..n).filter(|&x| !clause.contains(x) && !t.contains(x)).collect::<Vec<_>>()
        }))
    }
}

impl Normalize for RechargeableBipartite {
    type Form = RowFamily;

    /// For each powered station, the piles with a pebble it reaches.
    fn normal_form(&self, position: &BipartitePosition) -> RowFamily {
        let pebbled: Vec<(usize, VarSet)> =
            position.pebbles().iter().map(|u| (u, position.neighbours(u))).collect();
        RowFamily::new(position.powered().iter().map(|station| {
            pebbled.iter().filter(|(_, n)| n.contains(station)).map(|&(u, _)| u).collect::<Vec<_>>()
        }))
    }
}

/// The normal form of a Rechargeable Hypergraph Boolean Nim position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum HypergraphForm {
    /// Every hyperedge contains the current vertex: the game is the family of the pebbled
    /// vertices of the hyperedges (the image of Demi-Quantum Boolean Nim).
    Rows(RowFamily),
    /// Some hyperedge avoids the current vertex: the current vertex and the hyperedges
    /// restricted to the pebbled vertices and the current one, sorted, without repeats.
    General {
        /// The current vertex.
        current: usize,
        /// The restricted hyperedges.
        edges: Vec<Vec<usize>>,
    },
}

impl Normalize for RechargeableHypergraph {
    type Form = HypergraphForm;

    fn normal_form(&self, position: &HypergraphPosition) -> HypergraphForm {
        let c = position.current();
        let pebbles = position.pebbles();
        if position.edges().iter().all(|e| e.contains(c)) {
            return HypergraphForm::Rows(RowFamily::new(
                position
                    .edges()
                    .iter()
                    .map(|e| e.iter().filter(|&v| pebbles.contains(v)).collect::<Vec<_>>()),
            ));
        }
        let mut edges: Vec<Vec<usize>> = position
            .edges()
            .iter()
            .map(|e| e.iter().filter(|&v| v == c || pebbles.contains(v)).collect())
            .collect();
        edges.sort_unstable();
        edges.dedup();
        HypergraphForm::General { current: c, edges }
    }
}

/// The number of heaps of a superposition (its longest live realization).
fn width(position: &Superposition<BoolHeaps>) -> usize {
    position.live().map(|(_, row)| row.len()).max().unwrap_or(0)
}

/// The realizations of the open clauses of an Avoid True position: zeros on the clause and on
/// the true variables (the reverse direction of Theorem 4).
fn realizations_of(position: &AvoidTruePosition) -> Superposition<BoolHeaps> {
    let t = position.true_vars();
    Superposition::from_realizations(position.open_clauses().map(|clause| {
        BoolHeaps::from_bits(
            (0..position.variables()).map(|x| !clause.contains(x) && !t.contains(x)),
        )
    }))
}

/// Theorem 4: Demi-Quantum Boolean Nim is Avoid True.
///
/// A superposition of `n` heaps becomes a formula over `x1 .. xn` with one clause per live
/// realization, made of the variables of its empty heaps, and no true variable; taking the
/// pebble of heap `j` becomes making `x(j+1)` true. Back (the paper's reverse direction), each
/// clause not yet satisfied becomes a realization with zeros on its variables and on the true
/// variables; satisfied clauses have no realization.
#[derive(Clone, Copy, Debug, Default)]
pub struct DemiQuantumToAvoidTrue;

impl Reduction for DemiQuantumToAvoidTrue {
    type Source = DemiQuantumBooleanNim;
    type Target = AvoidTrue;

    fn source(&self) -> &DemiQuantumBooleanNim {
        &DemiQuantumBooleanNim
    }

    fn target(&self) -> &AvoidTrue {
        &AvoidTrue
    }

    fn map_position(
        &self,
        position: &Superposition<BoolHeaps>,
    ) -> Result<AvoidTruePosition, ReductionError> {
        let n = width(position);
        let clauses =
            position.live().map(|(_, row)| (0..n).filter(|&j| !row.get(j)).collect()).collect();
        AvoidTruePosition::new(n, clauses, VarSet::new())
            .map_err(|e| ReductionError::out_of_domain(e.to_string()))
    }

    fn map_move(
        &self,
        _: &Superposition<BoolHeaps>,
        heap: &usize,
    ) -> Result<usize, ReductionError> {
        Ok(*heap)
    }
}

impl Isomorphism for DemiQuantumToAvoidTrue {
    fn unmap_position(
        &self,
        position: &AvoidTruePosition,
    ) -> Result<Superposition<BoolHeaps>, ReductionError> {
        Ok(realizations_of(position))
    }

    fn unmap_move(&self, _: &AvoidTruePosition, variable: &usize) -> Result<usize, ReductionError> {
        Ok(*variable)
    }
}

/// Corollary 1, bipartite reading: Demi-Quantum Boolean Nim is Rechargeable Bipartite Boolean
/// Nim.
///
/// Heap `j` becomes pile `j` (with a pebble), each live realization a station joined to the
/// piles where it has a pebble, and an extra start pile `n` without pebble is joined to every
/// station. Back, each powered station becomes the realization of the pebbled piles it
/// reaches (piles keep their indices; the start pile is a heap without pebble).
#[derive(Clone, Copy, Debug, Default)]
pub struct DemiQuantumToBipartite;

impl Reduction for DemiQuantumToBipartite {
    type Source = DemiQuantumBooleanNim;
    type Target = RechargeableBipartite;

    fn source(&self) -> &DemiQuantumBooleanNim {
        &DemiQuantumBooleanNim
    }

    fn target(&self) -> &RechargeableBipartite {
        &RechargeableBipartite
    }

    fn map_position(
        &self,
        position: &Superposition<BoolHeaps>,
    ) -> Result<BipartitePosition, ReductionError> {
        let n = width(position);
        let rows: Vec<&BoolHeaps> = position.live().map(|(_, row)| row).collect();
        let mut edges = Vec::new();
        for (station, row) in rows.iter().enumerate() {
            edges.extend(row.iter_ones().map(|pile| (pile, station)));
            edges.push((n, station));
        }
        let pebbles: VarSet = (0..n).collect();
        BipartitePosition::new(n + 1, rows.len(), edges, pebbles, n)
            .map_err(|e| ReductionError::out_of_domain(e.to_string()))
    }

    fn map_move(
        &self,
        _: &Superposition<BoolHeaps>,
        heap: &usize,
    ) -> Result<usize, ReductionError> {
        Ok(*heap)
    }
}

impl Isomorphism for DemiQuantumToBipartite {
    fn unmap_position(
        &self,
        position: &BipartitePosition,
    ) -> Result<Superposition<BoolHeaps>, ReductionError> {
        let piles = position.piles();
        let pebbled: Vec<(usize, VarSet)> =
            position.pebbles().iter().map(|u| (u, position.neighbours(u))).collect();
        Ok(Superposition::from_realizations(position.powered().iter().map(|station| {
            let mut row = BoolHeaps::new(piles);
            for (u, _) in pebbled.iter().filter(|(_, n)| n.contains(station)) {
                row.set(*u, true);
            }
            row
        })))
    }

    fn unmap_move(&self, _: &BipartitePosition, pile: &usize) -> Result<usize, ReductionError> {
        Ok(*pile)
    }
}

/// Corollary 1, hypergraph reading: Demi-Quantum Boolean Nim is Rechargeable Hypergraph Boolean
/// Nim.
///
/// Heap `j` becomes vertex `j` (with a pebble), each live realization the hyperedge of its
/// pebbled heaps plus an extra start vertex `n` without pebble. Back, defined on positions
/// where every hyperedge contains the current vertex (the image of the map, closed under
/// moves): each hyperedge becomes the realization of its pebbled vertices.
#[derive(Clone, Copy, Debug, Default)]
pub struct DemiQuantumToHypergraph;

impl Reduction for DemiQuantumToHypergraph {
    type Source = DemiQuantumBooleanNim;
    type Target = RechargeableHypergraph;

    fn source(&self) -> &DemiQuantumBooleanNim {
        &DemiQuantumBooleanNim
    }

    fn target(&self) -> &RechargeableHypergraph {
        &RechargeableHypergraph
    }

    fn map_position(
        &self,
        position: &Superposition<BoolHeaps>,
    ) -> Result<HypergraphPosition, ReductionError> {
        let n = width(position);
        let edges = position
            .live()
            .map(|(_, row)| row.iter_ones().chain([n]).collect::<VarSet>())
            .collect();
        HypergraphPosition::new(n + 1, edges, (0..n).collect(), n)
            .map_err(|e| ReductionError::out_of_domain(e.to_string()))
    }

    fn map_move(
        &self,
        _: &Superposition<BoolHeaps>,
        heap: &usize,
    ) -> Result<usize, ReductionError> {
        Ok(*heap)
    }
}

impl Isomorphism for DemiQuantumToHypergraph {
    fn unmap_position(
        &self,
        position: &HypergraphPosition,
    ) -> Result<Superposition<BoolHeaps>, ReductionError> {
        let c = position.current();
        if let Some(edge) = position.edges().iter().find(|e| !e.contains(c)) {
            return Err(ReductionError::out_of_domain(format!(
                "hyperedge {edge} does not contain the current vertex {}",
                c + 1
            )));
        }
        let n = position.vertices();
        Ok(Superposition::from_realizations(position.edges().iter().map(|e| {
            let mut row = BoolHeaps::new(n);
            for v in e.iter().filter(|&v| position.pebbles().contains(v)) {
                row.set(v, true);
            }
            row
        })))
    }

    fn unmap_move(&self, _: &HypergraphPosition, vertex: &usize) -> Result<usize, ReductionError> {
        Ok(*vertex)
    }
}
