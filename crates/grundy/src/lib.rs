//! Impartial combinatorial games in Rust: define a ruleset, get its Grundy values.
//!
//! `grundy` gathers the crates of the grundy family behind cargo features. The core
//! ([`grundy_core`], re-exported at the root of this crate) holds the [`Ruleset`] trait that a
//! game implements, [`Nimber`]s with nim-sum and nim-product, [`mex`], [`Outcome`]s,
//! disjunctive [`Sum`]s, a memory-bounded transposition [`Table`] and the [`Solver`]: Grundy
//! value, outcome, winning moves and misère outcome, all under a [`Budget`]. Each family of
//! rulesets lives in a crate of its own, re-exported here as a module.
//!
//! ```
//! use grundy::{Nimber, Ruleset, Solver};
//!
//! /// Take 1, 2 or 3 tokens from a heap; whoever cannot move loses.
//! struct TakeAway;
//!
//! impl Ruleset for TakeAway {
//!     type Position = u32;
//!     type Move = u32;
//!     fn moves(&self, heap: &u32, moves: &mut Vec<u32>) {
//!         moves.extend((1..=3).filter(|take| take <= heap));
//!     }
//!     fn play(&self, heap: &u32, take: &u32) -> u32 {
//!         heap - take
//!     }
//! }
//!
//! let mut solver = Solver::new(&TakeAway);
//! assert_eq!(solver.value(&10)?, Nimber::new(2));
//! assert_eq!(solver.winning_moves(&10)?, vec![2]); // leave a multiple of 4
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Crate features
//!
//! Every family is on by default (but `petgraph`, `rayon` and `serde`); turn off default
//! features to pick. Each family crate is inlined here as a module, so its whole documentation
//! reads from this crate's pages.
//!
//! | feature | module | crate |
//! | --- | --- | --- |
//! | `nim` | [`nim`] | `grundy-nim`: Nim with heaps of any size, in closed form |
//! | `heap-games` | [`heap_games`] | `grundy-heap-games`: Antonim, Tower Nim, Rotisserie Nim, Greedy Nim |
//! | `octal` | [`octal`] | `grundy-octal`: octal games (0.137, 0.77, ...), subtraction games, Grundy's game, certified periods, Rob's Dots |
//! | `transverse-wave` | [`transverse_wave`] | `grundy-transverse-wave`: Transverse Wave, Crosswise AND and OR, a fast solver |
//! | `quantum` | [`quantum`] | `grundy-quantum`: demi-quantum and quantum generalisations of any ruleset |
//! | `avoid-true` | [`avoid_true`] | `grundy-avoid-true`: Avoid True and the Rechargeable Boolean Nims |
//! | `graph` | [`graph`] | `grundy-graph`: simple undirected graphs of any order, edge lists, graph6 |
//! | `node-kayles` | [`node_kayles`] | `grundy-node-kayles`: Node-Kayles with component splitting and canonical forms |
//! | `friend-circle` | [`friend_circle`] | `grundy-friend-circle`: Friend Circle |
//! | `demographic-influence` | [`demographic_influence`] | `grundy-demographic-influence`: Demographic Influence |
//! | `graph-games` | [`graph_games`] | `grundy-graph-games`: Geography, Nim on graphs, Neighboring Nim |
//! | `lattice` | [`lattice`] | `grundy-lattice`: lattice games (Guo and Miller), rule sets on `N^d`, P-positions in a box, squarefree heap games |
//! | `partizan` | [`partizan`] | `grundy-partizan`: partizan games in canonical form (numbers, nimbers, ups, switches), sums, comparison, outcome classes, CGSuite notation |
//! | `col` | [`col`] | `grundy-col`: Col, Snort and Myopic Col (partizan colouring games on graphs, paths and binary trees), the closed forms of Myopic Col on paths |
//! | `cram-chomp` | [`cram_chomp`] | `grundy-cram-chomp`: Cram and Chomp, with value-keeping reductions, symmetries, closed forms and move ordering |
//! | `reductions` | [`reductions`] | `grundy-reductions`: reductions between rulesets, the tandem checker, the lattice |
//! | `rayon` (not default) | `solver::par_value`, `solver::par_outcome`, `solver::par_winning_moves`, `WaveSolver::par_value` and `par_winning_moves` | `grundy-core`'s parallel search: solvers sharing one table on rayon's thread pool |
//! | `serde` (not default) | | `Serialize` and `Deserialize` for the positions, moves, nimbers, outcomes, configs and stats of `grundy-core` and of each family enabled (partizan `Game` handles excepted: they belong to their store) |
//!
//! # Where to start
//!
//! - `docs/defining-a-ruleset.md` in the repository walks through defining a game.
//! - The [`Ruleset`] trait lists the two required methods and the optional shortcuts.
//! - The [`Solver`] documents what is searched and what is stored.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub use grundy_core::*;

/// Nim with heaps of any size (feature `nim`).
#[cfg(feature = "nim")]
#[doc(inline)]
pub use grundy_nim as nim;

/// Nim on data structures: Antonim, Tower Nim, Rotisserie Nim, Greedy Nim (feature `heap-games`).
#[cfg(feature = "heap-games")]
#[doc(inline)]
pub use grundy_heap_games as heap_games;

/// Octal games, their Grundy sequences and certified periods, and Rob's Dots (feature `octal`).
#[cfg(feature = "octal")]
#[doc(inline)]
pub use grundy_octal as octal;

/// Transverse Wave, Crosswise AND and Crosswise OR (feature `transverse-wave`).
#[cfg(feature = "transverse-wave")]
#[doc(inline)]
pub use grundy_transverse_wave as transverse_wave;

/// Demi-quantum and quantum generalisations of any ruleset (feature `quantum`).
#[cfg(feature = "quantum")]
#[doc(inline)]
pub use grundy_quantum as quantum;

/// Avoid True and the Rechargeable Boolean Nims (feature `avoid-true`).
#[cfg(feature = "avoid-true")]
#[doc(inline)]
pub use grundy_avoid_true as avoid_true;

/// Simple undirected graphs of any order, edge lists and graph6 (feature `graph`).
#[cfg(feature = "graph")]
#[doc(inline)]
pub use grundy_graph as graph;

/// Node-Kayles on any graph, with a fast solver (feature `node-kayles`).
#[cfg(feature = "node-kayles")]
#[doc(inline)]
pub use grundy_node_kayles as node_kayles;

/// Friend Circle (feature `friend-circle`).
#[cfg(feature = "friend-circle")]
#[doc(inline)]
pub use grundy_friend_circle as friend_circle;

/// Demographic Influence (feature `demographic-influence`).
#[cfg(feature = "demographic-influence")]
#[doc(inline)]
pub use grundy_demographic_influence as demographic_influence;

/// Geography, Nim on graphs and Neighboring Nim (feature `graph-games`).
#[cfg(feature = "graph-games")]
#[doc(inline)]
pub use grundy_graph_games as graph_games;

/// Reductions between rulesets, the tandem checker and the generalisation lattice (feature
/// `reductions`).
#[cfg(feature = "reductions")]
#[doc(inline)]
pub use grundy_reductions as reductions;

/// Lattice games of Guo and Miller: rule sets on `N^d`, P-positions in a box, squarefree heap
/// games (feature `lattice`).
#[cfg(feature = "lattice")]
#[doc(inline)]
pub use grundy_lattice as lattice;

/// Partizan games in canonical form, with CGSuite's notation (feature `partizan`).
#[cfg(feature = "partizan")]
#[doc(inline)]
pub use grundy_partizan as partizan;

/// Col, Snort and Myopic Col: partizan colouring games on graphs (feature `col`).
#[cfg(feature = "col")]
#[doc(inline)]
pub use grundy_col as col;

/// Cram and Chomp, with value-keeping reductions, symmetries and closed forms (feature
/// `cram-chomp`).
#[cfg(feature = "cram-chomp")]
#[doc(inline)]
pub use grundy_cram_chomp as cram_chomp;

#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeDoctests;

#[cfg(doctest)]
#[doc = include_str!("../../../docs/defining-a-ruleset.md")]
struct GuideDoctests;
