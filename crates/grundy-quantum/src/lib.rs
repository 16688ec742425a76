//! Demi-quantum and quantum generalisations of any impartial ruleset, with Demi-Quantum Nim,
//! Demi-Quantum Boolean Nim and Quantum Nim.
//!
//! Section 3 of Burke, Ferland, Teng et al., *Transverse Wave: an impartial color-propagation
//! game inspired by social influence and quantum Nim*, after Dorbec and Mhalla and Burke,
//! Ferland and Teng, *Quantum combinatorial games*:
//!
//! - [`DemiQuantum<R>`](DemiQuantum) (Definition 1): a position is a [`Superposition`] of
//!   positions of `R` (its realizations); a move is a classical move of `R`, feasible when it
//!   is legal in some realization; it collapses the realizations where it is illegal and is
//!   played in the others.
//! - [`Quantum<R>`](Quantum) (variant D of Dorbec and Mhalla): players may also superpose up
//!   to `width` classical moves ([`QuantumMove`]); the realizations of a
//!   [`QuantumPosition`] branch.
//!
//! Both work for any [`Ruleset`](grundy_core::Ruleset), so every solver of
//! [`grundy_core`] plays them. The concrete games of the paper are [`DemiQuantumNim`]
//! (positions are integer matrices, realizations × heaps), [`DemiQuantumBooleanNim`]
//! (Boolean matrices, isomorphic to Transverse Wave and to Avoid True; the rules of
//! `DemiQuantum<BooleanNim>` with shortcuts that only Boolean rows allow) and [`QuantumNim`].
//!
//! ```
//! use grundy_core::{naive, Outcome, Ruleset, Solver};
//! use grundy_nim::{BoolHeaps, BooleanNim, Heaps, Nim, NimMove};
//! use grundy_quantum::{DemiQuantum, Superposition};
//!
//! // Equation (5) of the paper and the move (0, 0, 0, 0, -2, 0): take 2 from heap 5.
//! let game = DemiQuantum::new(Nim);
//! let p: Superposition<Heaps> = "5 3 0 4 2 2 / 1 3 3 2 1 0 / 0 0 4 6 5 7 / 4 2 5 0 1 2".parse()?;
//! let next = game.play(&p, &NimMove::new(4, 2u32));
//! assert_eq!(next.to_string(), "5 3 0 4 0 2 / x / 0 0 4 6 3 7 / x");
//!
//! // Demi-Quantum Boolean Nim: a move is a column; it collapses the rows with a 0 there.
//! let game = DemiQuantum::new(BooleanNim);
//! let p: Superposition<BoolHeaps> = "110 / 011".parse()?;
//! assert_eq!(game.move_list(&p), [0, 1, 2]);
//! assert_eq!(game.play(&p, &0).to_string(), "010 / x");
//! assert_eq!(Solver::new(&game).outcome(&p)?, naive::outcome(&game, &p));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Text forms
//!
//! A superposition of Nim positions is a matrix: rows of whitespace-separated heap sizes,
//! separated by `/` or line breaks, a collapsed row written `x` (`5 3 0 4 0 2 / x`). A
//! superposition of Boolean Nim positions is rows of `0`/`1` (`1001101 / 0101110`). Both
//! parse with [`str::parse`] and print back the same way; errors ([`ParseMatrixError`]) name
//! the row and column, counting from 1.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod boolean;
mod demi;
mod quantum;
mod superposition;
mod text;

use core::hash::{BuildHasher, Hash};

pub use boolean::DemiQuantumBooleanNim;
pub use demi::DemiQuantum;
pub use quantum::{Quantum, QuantumError, QuantumMove, QuantumPosition};
pub use superposition::Superposition;
pub use text::{HeapTooLarge, ParseMatrixError, check_heaps};

/// Demi-Quantum Nim: superpositions of Nim positions (integer matrices, realizations ×
/// heaps), classical Nim moves. Build it with `DemiQuantumNim::default()` or
/// `DemiQuantum::new(Nim)`.
pub type DemiQuantumNim = DemiQuantum<grundy_nim::Nim>;

/// Quantum Nim: Nim with superposed moves (variant D). Build it with
/// `Quantum::new(Nim, width)`.
pub type QuantumNim = Quantum<grundy_nim::Nim>;

/// A hash with fixed keys (the same in every run), for order-independent canonical forms.
fn hash<T: Hash + ?Sized>(value: &T) -> u64 {
    FixedState.hash_one(value)
}

#[derive(Clone, Copy, Default)]
struct FixedState;

impl BuildHasher for FixedState {
    type Hasher = std::hash::DefaultHasher;

    fn build_hasher(&self) -> Self::Hasher {
        std::hash::DefaultHasher::new()
    }
}
