//! Nim inside Demi-Quantum Nim: a classical position is a superposition of one realization.

use grundy_core::Ruleset;
use grundy_nim::{Heaps, Nim, NimMove};
use grundy_quantum::{DemiQuantum, DemiQuantumNim, Superposition};

use crate::normal::Normalize;
use crate::reduction::{Reduction, ReductionError};

impl Normalize for Nim {
    type Form = Heaps;

    /// The heaps themselves (heap order names the moves).
    fn normal_form(&self, heaps: &Heaps) -> Heaps {
        heaps.clone()
    }
}

impl Normalize for DemiQuantumNim {
    type Form = Vec<Option<Heaps>>;

    /// The slots, with every realization that has no move (all heaps empty) shown as collapsed:
    /// every move collapses it.
    fn normal_form(&self, position: &Superposition<Heaps>) -> Vec<Option<Heaps>> {
        position
            .slots()
            .iter()
            .map(|slot| slot.as_ref().filter(|heaps| !self.inner().is_terminal(heaps)).cloned())
            .collect()
    }
}

/// Nim is Demi-Quantum Nim with a single realization (Definition 1: every ruleset is a
/// special case of its demi-quantum generalisation).
#[derive(Clone, Copy, Debug, Default)]
pub struct NimToDemiQuantum;

/// The demi-quantum Nim ruleset, as a constant.
const DEMI_QUANTUM_NIM: DemiQuantumNim = DemiQuantum::new(Nim);

impl Reduction for NimToDemiQuantum {
    type Source = Nim;
    type Target = DemiQuantumNim;

    fn source(&self) -> &Nim {
        &Nim
    }

    fn target(&self) -> &DemiQuantumNim {
        &DEMI_QUANTUM_NIM
    }

    fn map_position(&self, heaps: &Heaps) -> Result<Superposition<Heaps>, ReductionError> {
        Ok(Superposition::from_realizations([heaps.clone()]))
    }

    fn map_move(&self, _: &Heaps, mv: &NimMove) -> Result<NimMove, ReductionError> {
        Ok(mv.clone())
    }
}
