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
//! - [`Board`]: boards other than `N^d`, the integer points of a rational polyhedron inside
//!   the orthant (`x ≥ 0` and finitely many integer inequalities `a · x ≥ b`), with the
//!   extremal rays and tangent cones of its recession cone computed exactly and a text form
//!   (`x1 <= 2 x0`); [`RuleSet::on_board`] checks the axioms on such a board (axiom 2 names
//!   the ray that fails), and [`LatticeGame::on_board`] plays on it.
//! - [`GeneralBoard`]: boards outside `N^d`, any pointed rational polyhedron of `R^d` with its
//!   points in any subgroup of `Z^d` (given by generators), played through an affine map that
//!   is unimodular on the lattice and sends the board into a [`Board`] of `N^k`
//!   ([`GeneralBoard::embed`] and [`GeneralBoard::original`] translate positions,
//!   [`GeneralBoard::game`] builds the game, [`GeneralBoard::outcomes_in_box`] gives the
//!   outcomes of a box of `Z^d`); a board that holds a line is refused as not pointed,
//!   naming the line.
//! - [`LatticeGame`]: the board minus a finite order ideal of defeated positions
//!   (Definition 2.3): normal play, ordinary misère play, or any generators. It is a
//!   [`Ruleset`](grundy_core::Ruleset) whose moves are rule vectors, so every solver of
//!   `grundy-core` plays it.
//! - [`Outcomes`]: the outcome of every position of a box by dynamic programming (points
//!   off the board have none).
//! - [`Squarefree`]: a heap game of `grundy-octal` with heaps of at most `k` as a squarefree
//!   lattice game on `N^k` (Example 6.4 of *Lattice point methods for combinatorial games*).
//! - [`Module`] and [`Stratification`]: affine stratifications (Definition 4.1), finite
//!   disjoint unions of modules `F + N{v_1, …, v_k}`, with exact membership, a disjointness
//!   check and a comparison with a solved box; a text form.
//! - [`propose`]: a search that proposes a stratification of the P-positions from a box
//!   (eventual periodicity along the axes) and verifies it on a larger box.
//! - [`Stratification::complement`], [`Stratification::intersection`],
//!   [`Stratification::difference`] (Theorem 4.2, Lemma 4.4) for axis-parallel semigroups.
//! - [`RationalFunction`]: short rational generating functions (Definitions 3.1-3.4), built
//!   from a stratification (Theorem 5.1), expanded in a box, read position by position
//!   (Theorem 3.6: outcomes and winning moves), Hadamard products for axis-parallel
//!   denominators (Lemma 3.5); [`StrategicGame`] hands a checked strategy to the solvers.
//! - [`congruence_witness`] and [`Quotient`]: misère congruence (Definition 6.1,
//!   Corollary 6.3), [`RationalFunction::congruent`] (Theorem 6.2), and the misère quotient
//!   (classes, product, P-portion).
//!
//! ```
//! use grundy_lattice::{Play, Quotient, SearchLimits, Squarefree, propose};
//! use grundy_octal::Rules;
//!
//! // Misère Nim with heaps of at most 2: search, verify, and read off the misère quotient.
//! let nim = Squarefree::new(Rules::octal("0.333".parse()?), 2, Play::Misere)?;
//! let found = propose(nim.game(), &[12, 12], &[40, 40], SearchLimits::default())?;
//! let s = found.verified().expect("verified on [0, 40]^2");
//! assert_eq!(s.to_string(), "{(1, 0)} + N{(2, 0)} ∪ {(0, 2)} + N{(2, 0); (0, 2)}");
//! assert_eq!(Quotient::from_stratification(s)?.len(), 6);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Boards: `N^d`, rational polyhedra inside the orthant ([`Board`]), and through their
//! embedding into the orthant, pointed rational polyhedra in subgroups of `Z^d`
//! ([`GeneralBoard`]). Not built yet: stratifications, rational functions, the
//! stratification search and misère quotients on boards other than `N^d` (they read a point
//! off the board like a defeated one, and their modules live in `N^d`; on a [`GeneralBoard`]
//! they describe the image in `N^k`); Barvinok's algorithm (rational functions of
//! modules with dependent generators, Hadamard products of general denominators), which is
//! replaced by per-term linear algebra, bounded searches and expansions in a box; Lemma 4.3
//! for polyhedra and normal semigroups other than those generated by multiples of unit
//! vectors; a stratification search for sets periodic along other directions.
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
//!   ray `e_i`: the vectors whose coordinates other than the `i`-th are at most 0. For a
//!   [`Board`] `{x ≥ 0, a_k · x ≥ b_k}`, `C = {x ≥ 0, a_k · x ≥ 0}` and `T_ρC` is cut out by
//!   the constraints of `C` tight along `ρ` (every supporting hyperplane through `ρ` is a
//!   non-negative combination of them), so `γ ∈ −T_ρC` iff `n · γ ≤ 0` for each tight normal
//!   `n` ([`Board::tangent_cone`]); on the orthant this is exactly the reading above.
//! - **Definition 2.3 on other boards.** "the integer points of a rational polyhedron `Q`"
//!   with positions in `N^d`: for a [`Board`], `Q` is taken inside the orthant (so pointed); a
//!   move must stay in `Q`, and the defeated ideal and its generators are points of `Q`. A
//!   [`GeneralBoard`] drops the orthant: `Q` any pointed rational polyhedron, positions its
//!   points in a subgroup `Λ` of `Z^d`, the rule vectors in `Λ`, the defeated ideal
//!   `{q ∈ Q ∩ Λ : g − q ∈ NΓ}`; it is played on the image of `Q ∩ Λ` under an affine map
//!   sending `Λ` onto `Z^k`, which preserves moves, the order and both axioms. Section 2 fixes
//!   "a pointed rational convex polyhedron with recession cone of dimension ·" (the
//!   dimension is lost; GM09 may ask for a full-dimensional cone): the crate does not ask
//!   for it, so bounded boards (recession cone `{0}`, axiom 2 vacuous) and thin cones are
//!   accepted; only a board with no integer point is refused.
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

//! - **Definition 3.2.** A rational strategy is `Σ_i α_i x^{a_i} / Π_j (1 − x^{b_ij})` whose
//!   power series is the indicator of the P-positions (GM09 Definition 8.1); the exponents'
//!   ranges are lost and are taken in `N^d` (the denominators' vectors non-zero in `N^d`,
//!   enough for every stratification of `N^d`).
//! - **Definition 3.4.** The Hadamard product of two series multiplies their coefficients
//!   (Barvinok and Woods 2003, Definition 3.2).
//! - **Definition 4.1.** "a partition of \[the set\] into a disjoint union of sets
//!   \[`F_i + A_i`\], each a finitely generated module for an affine semigroup `A_i`": the
//!   modules are subsets of `N^d`, so `A_i` is generated by vectors of `N^d`.
//! - **Theorem 4.2.** "If \[the board\] and \[`W`\] both possess affine stratifications,
//!   then \[board ∖ `W`\] possesses one"; built for the semigroups `N{m_i e_i}` (normal in their
//!   lattice), where board and set are unions of periodic cells.
//! - **Definition 6.1.** `p` and `q` are congruent iff `p + x` and `q + x` have the same
//!   outcome for every `x ∈ N^d`; a defeated point counts as not a P-position (the empty game
//!   of misère play is an N-position), which makes it Plambeck and Siegel's
//!   indistinguishability.
//! - **Example 4.7.** The rule-set matrix is lost ("whose rule set forms the columns of" and
//!   no matrix), and neither Plambeck and Siegel's Figure 12 nor GM09 Example 8.13 could be
//!   consulted, so the example is not reconstructed; see the test
//!   `example_4_7_candidate_is_not_axis_periodic`.

mod board;
mod boxdp;
mod congruence;
mod error;
mod exact;
mod game;
mod general;
mod rational;
mod rules;
mod search;
mod squarefree;
mod stratify;

pub use board::{Board, BoardError, Inequality, MAX_BOARD_WORK, MAX_INEQUALITIES};
pub use boxdp::{MAX_CELLS, MAX_CELLS_BY_WEIGHT, Outcomes};
pub use congruence::{Quotient, congruence_witness, congruence_witness_in_box};
pub use error::LatticeError;
pub use game::{GameTextError, LatticeGame, MAX_DEFEATED, Point};
pub use general::{BoxPositions, GeneralBoard};
pub use rational::{RationalFunction, StrategicGame, Term};
pub use rules::{MAX_DIMENSION, MAX_ENTRY, MAX_WEIGHT, RuleSet, read_vectors};
pub use search::{Proposal, SearchLimits, propose, propose_from, propose_from_within};
pub use squarefree::{Play, Squarefree};
pub use stratify::{MAX_PERIODIC_CELLS, Module, Periodicity, Stratification};
