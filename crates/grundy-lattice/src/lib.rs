//! Lattice games (Guo and Miller): impartial games whose positions are the integer points of a
//! polyhedron and whose moves subtract vectors of a fixed rule set.
//!
//! ```
//! use grundy_core::{Outcome, Solver};
//! use grundy_lattice::{LatticeGame, Outcomes, Point, RuleSet};
//!
//! // Nim with heaps of at most 2 on N^2: coordinate i counts the heaps of size i; the moves
//! // take a heap of 1, take a heap of 2, or leave 1 of a heap of 2.
//! let rules: RuleSet = "1,0 0,1 -1,1".parse()?;
//! let nim2 = LatticeGame::normal(rules);
//! // Example 4.6: the P-positions are the points with both coordinates even.
//! let outcomes = Outcomes::compute(&nim2, &[20, 20])?;
//! assert_eq!(outcomes.first_difference(|p| p.coordinates().iter().all(|x| x % 2 == 0)), None);
//! // The same from the generic solver.
//! assert_eq!(Solver::new(&nim2).outcome(&Point::new([4, 2]))?, Outcome::P);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # What is here
//!
//! - [`RuleSet`]: a rule set `Γ` on the board `N^d` with the axioms of Definition 2.2 decided
//!   exactly (linear programming over the rationals), errors naming the axiom that fails.
//! - [`LatticeGame`]: the board `N^d` minus a finite order ideal of defeated positions
//!   (Definition 2.3): normal play, ordinary misère play, or any generators. It is a
//!   [`Ruleset`](grundy_core::Ruleset) whose moves are rule vectors, so every solver of
//!   `grundy-core` plays it.
//! - [`Outcomes`]: the outcome of every position of a box by dynamic programming.
//! - [`Squarefree`]: a heap game of `grundy-octal` with heaps of at most `k` as a squarefree
//!   lattice game on `N^k` (Example 6.4 of *Lattice point methods for combinatorial games*).
//!
//! Not built yet (the rest of the issue on this paper): affine stratifications (Definition
//! 4.1), rational strategies (Definitions 3.1-3.4, Theorems 3.6 and 5.1), misère congruence
//! (Definition 6.1, Theorem 6.2, Corollary 6.3), boards other than `N^d`, and the CLI.
//!
//! # How the damaged statements are read
//!
//! The source text (Guo and Miller, *Algorithms for lattice games*) lost its formulas in
//! conversion. Each definition used here is reconstructed from the surrounding proofs and
//! from Guo and Miller's *Lattice point methods for combinatorial games* (GM09, arXiv
//! 0908.3473), and checked on the paper's examples:
//!
//! - **Definition 2.1.** The negative tangent cone of the recession cone `C` along an
//!   extremal ray `ρ` is `−T_ρC`, where `T_ρC` is the intersection of the positive closed
//!   halfspaces of the supporting hyperplanes of `C` that contain `ρ` (the text keeps "the
//!   positive closed halfspace bounded by a supporting hyperplane"). For the orthant and the
//!   ray `e_i`: the vectors whose coordinates other than the `i`-th are at most 0.
//! - **Definition 2.2.** Axiom 1 asks for a linear function positive on `Γ` *and* on `C`
//!   minus the origin (the text says "positive on ·", one symbol lost); see [`RuleSet`] for
//!   why positivity on `Γ` alone cannot be meant (`Γ = {(−1, 0)}` would allow endless play).
//!   Axiom 2 asks, for each ray of `C`, for a rule vector in its negative tangent cone.
//! - **Definition 2.3.** A move subtracts a rule vector (the rule set is positive under the
//!   linear function of axiom 1, so moves go down); the defeated positions are a finite order
//!   ideal for the order `q ≤ p` iff `p − q ∈ NΓ`, given by generators. A move into a defeated
//!   position is not allowed. Normal play has no defeated position; ordinary misère play
//!   defeats the origin, so that the last move of the normal game is forbidden and the player
//!   left without a move loses; with heaps, a single heap of 1 is then a P-position, as in
//!   misère Nim (checked against `grundy-nim`'s misère rule).
//! - **Example 4.6.** "Nim with heaps of size at most" (the bound is lost; 2 fits) on `N^2` with the rule set
//!   `(1, 0), (0, 1), (−1, 1)` and the stratification `2N^2` ("all nonnegative integer points
//!   with both coordinates even"), which the surviving sentence states. Checked in a box by
//!   [`Outcomes`] and by the generic solver.

mod boxdp;
mod error;
mod exact;
mod game;
mod rules;
mod squarefree;

pub use boxdp::{MAX_CELLS, MAX_CELLS_BY_WEIGHT, Outcomes};
pub use error::LatticeError;
pub use game::{LatticeGame, MAX_DEFEATED, Point};
pub use rules::{MAX_DIMENSION, MAX_ENTRY, MAX_WEIGHT, RuleSet};
pub use squarefree::{Play, Squarefree};
