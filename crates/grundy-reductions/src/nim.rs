//! Nim inside Demi-Quantum Nim (a classical position is a superposition of one realization),
//! and Demi-Quantum Boolean Nim inside Demi-Quantum Nim (heaps of at most one token).

use grundy_core::Ruleset;
use grundy_nim::{BoolHeaps, Heaps, Nim, NimMove};
use grundy_quantum::{DemiQuantum, DemiQuantumBooleanNim, DemiQuantumNim, Superposition};

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

/// Demi-Quantum Boolean Nim is Demi-Quantum Nim whose heaps hold at most one token (Burke,
/// Ferland and Teng, Section 3.2: "Demi-Quantum Nim is a generalization of Transverse Wave").
/// A pebble is a heap of one token, a collapsed realization stays collapsed, and playing
/// column `j` is taking one token from heap `j`: realizations with a token there lose it, the
/// others (heap 0 < 1) collapse, exactly as in the Boolean game.
#[derive(Clone, Copy, Debug, Default)]
pub struct BooleanToNim;

impl Reduction for BooleanToNim {
    type Source = DemiQuantumBooleanNim;
    type Target = DemiQuantumNim;

    fn source(&self) -> &DemiQuantumBooleanNim {
        &DemiQuantumBooleanNim
    }

    fn target(&self) -> &DemiQuantumNim {
        &DEMI_QUANTUM_NIM
    }

    fn map_position(
        &self,
        position: &Superposition<BoolHeaps>,
    ) -> Result<Superposition<Heaps>, ReductionError> {
        let slot = |row: &BoolHeaps| Heaps::new(row.iter().map(u8::from));
        Ok(position.slots().iter().map(|s| s.as_ref().map(slot)).collect())
    }

    fn map_move(
        &self,
        _: &Superposition<BoolHeaps>,
        column: &usize,
    ) -> Result<NimMove, ReductionError> {
        Ok(NimMove::new(*column, 1u8))
    }
}
