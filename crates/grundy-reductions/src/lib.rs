//! Reductions between impartial rulesets, checked by walking both game trees in tandem.
//!
//! A [`Reduction`] maps the positions and moves of one ruleset to those of another so that
//! the game trees correspond move for move; an [`Isomorphism`] also maps back. The
//! [`Tandem`] checker confirms such a claim on a whole game tree, or returns the path to the
//! first node where it fails. [`Compose`] chains reductions and [`Inverse`] turns an
//! isomorphism around.
//!
//! The reductions of Burke, Ferland and Teng's lattice (Figure 10) are all here: Node-Kayles
//! in Friend Circle ([`NodeKaylesToFriendCircle`], Theorem 2) and in Demographic Influence
//! ([`NodeKaylesToInfluence`], Theorem 6), Demi-Quantum Nim ([`DemiQuantumNimToInfluence`],
//! Theorem 5) and Friend Circle ([`FriendCircleToInfluence`], Theorem 7, checked as an
//! isomorphism of game trees by [`Tandem::check_paired`]) in Demographic Influence, and
//! Node-Kayles on a path as the octal game 0.137 ([`PathKaylesToDawson`], a quotient of game
//! trees checked with [`Tandem::merging_moves`]).
//!
//! Beyond Figure 10: Nim in Neighboring Nim and Neighboring Boolean Nim as Undirected Vertex
//! Geography ([`NimToNeighboringNim`], [`BooleanNeighboringNimToGeography`]), and Rotisserie
//! Nim as Duchêne and Renault's Vertexnim on a directed cycle ([`RotisserieToVertexnim`],
//! Bovee, Burke and Tennenhouse §5.1). Heap games with heaps of at most `k` as squarefree
//! lattice games on `N^k` ([`OctalToSquarefree`], [`NimToSquarefree`]; Guo and Miller).
//!
//! ```
//! use grundy_core::Ruleset;
//! use grundy_reductions::{Normalize, Reduction, ReductionError, Tandem, TandemError};
//!
//! /// Take 1 or 2 tokens from a heap.
//! struct Take12;
//! impl Ruleset for Take12 {
//!     type Position = u32;
//!     type Move = u32;
//!     fn moves(&self, n: &u32, m: &mut Vec<u32>) { m.extend((1..=2).filter(|t| t <= n)); }
//!     fn play(&self, n: &u32, t: &u32) -> u32 { n - t }
//! }
//! impl Normalize for Take12 {
//!     type Form = u32;
//!     fn normal_form(&self, n: &u32) -> u32 { *n }
//! }
//!
//! /// A wrong claim: "Take12 on n is Take12 on n + 1".
//! struct OffByOne;
//! impl Reduction for OffByOne {
//!     type Source = Take12;
//!     type Target = Take12;
//!     fn source(&self) -> &Take12 { &Take12 }
//!     fn target(&self) -> &Take12 { &Take12 }
//!     fn map_position(&self, n: &u32) -> Result<u32, ReductionError> { Ok(n + 1) }
//!     fn map_move(&self, _: &u32, t: &u32) -> Result<u32, ReductionError> { Ok(*t) }
//! }
//!
//! match Tandem::new().check(&OffByOne, &2) {
//!     Err(TandemError::Counterexample(found)) => {
//!         // Heap 2 has value *2, heap 3 has value 0: caught at the root.
//!         assert!(found.path.is_empty());
//!         println!("{found}");
//!     }
//!     other => panic!("expected a counterexample, got {other:?}"),
//! }
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod avoid;
mod friend;
mod influence;
mod kayles;
mod lattice;
mod nim;
mod normal;
mod octal;
mod picture;
mod reduction;
mod registry;
mod rotisserie;
mod tandem;
mod wave;

pub use avoid::{
    DemiQuantumToAvoidTrue, DemiQuantumToBipartite, DemiQuantumToHypergraph, HypergraphForm,
};
pub use friend::CrosswiseOrToFriendCircle;
pub use influence::{DemiQuantumNimToInfluence, FriendCircleToInfluence};
pub use kayles::{NodeKaylesToFriendCircle, NodeKaylesToInfluence};
pub use lattice::{NimToSquarefree, OctalToSquarefree};
pub use nim::{BooleanToNim, NimToDemiQuantum};
pub use normal::{Normalize, RowFamily};
pub use octal::PathKaylesToDawson;
pub use picture::lattice_svg;
pub use reduction::{Compose, Inverse, Isomorphism, Reduction, ReductionError};
pub use registry::{Entry, Kind, REGISTRY, RULESETS, lattice_dot};
pub use rotisserie::RotisserieToVertexnim;
pub use tandem::{Counterexample, Problem, Tandem, TandemError, TandemReport};
pub use wave::{DemiQuantumToAnd, WaveToAnd, WaveToOr};

mod geography;
pub use geography::{BooleanNeighboringNimToGeography, NimToNeighboringNim};
