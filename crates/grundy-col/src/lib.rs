//! Col, Snort and Myopic Col: partizan colouring games on graphs.
//!
//! In all three games the players take turns painting an uncoloured vertex, Left in blue and
//! Right in red; they differ in which vertices a player may paint:
//!
//! - [`MyopicCol`] (Bovee, Burke and Tennenhouse, *Games from Basic Data Structures*,
//!   Definition 7.1), on a [`Digraph`]: a vertex `v` may be painted unless an arc `(v, b)`
//!   leads from `v` to a vertex `b` of the painter's colour; arcs *into* `v` do not matter.
//!   [`MyopicColTree`] plays it on [`BinaryTree`]s (arcs from parents to children) with
//!   canonical keys up to swapping children, and [`path`] has the closed forms of the
//!   paper's Section 7 (Lemma 7.3, Corollaries 7.4 to 7.6).
//! - [`Col`], on an undirected graph: not next to a vertex of the painter's colour.
//! - [`Snort`], on an undirected graph: not next to a vertex of the opponent's colour.
//!
//! Left paints blue: in Lemma 7.3 of the paper, a single uncoloured vertex whose arc leads
//! to a blue vertex has value `-1` because only Right can paint it, so blue belongs to Left
//! (see [`Colour`]).
//!
//! The games implement grundy-partizan's [`PartizanRuleset`](grundy_partizan::PartizanRuleset)
//! with components (coloured vertices never change, so the uncoloured vertices split into
//! independent parts); [`Evaluator`] computes canonical forms with a table kept between
//! calls.
//!
//! ```
//! use grundy_col::{BinaryTree, Evaluator, MyopicCol, MyopicColTree, parse_colours, path};
//! use grundy_partizan::PartizanOutcome;
//!
//! // A path with arcs from left to right: a·* + b - c (Corollary 7.5) is `*`.
//! let colours = parse_colours("u u r u b")?;
//! let (game, position) = MyopicCol::path(&colours)?;
//! let mut eval = Evaluator::new(game);
//! let value = eval.value(&position);
//! assert_eq!(eval.store().display(value).to_string(), "*");
//! assert_eq!(path::corollary_7_5(&[colours]).to_string(), "*");
//! assert_eq!(eval.store().outcome(value), PartizanOutcome::N);
//!
//! // On binary trees the values include fractions: the smallest tree of value 1/2 is an
//! // uncoloured root with an uncoloured and a red child.
//! let mut trees = Evaluator::new(MyopicColTree);
//! let tree: BinaryTree = "u(u,r)".parse()?;
//! let value = trees.value(&tree);
//! assert_eq!(trees.store().display(value).to_string(), "1/2");
//! # Ok::<(), grundy_col::ColError>(())
//! ```
//!
//! # Other crates
//!
//! `grundy-partizan` (canonical forms, [`GameStore`](grundy_partizan::GameStore)),
//! `grundy-graph` (the undirected graphs of Col and Snort).
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod board;
mod colour;
mod error;
mod eval;
pub mod path;
mod tree;

pub use board::{Col, Digraph, MAX_VERTICES, MyopicCol, Snort};
pub use colour::{Colour, Colouring, parse_colours};
pub use error::ColError;
pub use eval::Evaluator;
pub use tree::{BinaryTree, MAX_TREE_VERTICES, MyopicColTree};
