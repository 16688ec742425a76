//! Geography, Nim on graphs (Vertex and Edge NimG) and Neighboring Nim for the grundy library,
//! with the polynomial matching method for Undirected Vertex Geography.
//!
//! ```
//! use grundy_core::{Outcome, Ruleset, Solver, naive};
//! use grundy_graph::Graph;
//! use grundy_graph_games::{
//!     Geography, GeographyRule, NeighboringNim, VertexGeographyMatching, VertexNimG, VertexRule,
//! };
//!
//! // Undirected Vertex Geography on the 5-cycle with a pendant vertex 5 at vertex 0.
//! let g: Graph = "0-1 1-2 2-3 3-4 4-0 0-5".parse()?;
//! let game = Geography::undirected(g.clone(), GeographyRule::Vertex);
//! let start = game.start(1)?;
//! // Brute force and the matching method agree: the graph has a perfect matching, so every
//! // maximum matching covers vertex 1 and the player to move from 1 wins.
//! assert_eq!(Solver::new(&game).outcome(&start)?, Outcome::N);
//! assert_eq!(game.matching_outcome(&start)?, Outcome::N);
//! assert_eq!(game.matching_winning_moves(&start)?, naive::winning_moves(&game, &start));
//! // All start vertices at once, from one maximum matching.
//! let fast = VertexGeographyMatching::new(&g);
//! assert_eq!(fast.winning_starts().len(), 6);
//!
//! // Vertex NimG with one disk per vertex and no moves to empty vertices is the same game.
//! let nimg = VertexNimG::new(g.clone(), VertexRule::RemoveThenMoveToNonEmpty);
//! let ones = nimg.position(vec![1; 6], 1)?;
//! assert_eq!(naive::value(&nimg, &ones), naive::value(&game, &start));
//!
//! // Neighboring Boolean Nim too: the empty heaps are the used vertices.
//! let nn = NeighboringNim::new(g);
//! let boolean = nn.position(vec![1, 0, 1, 1, 1, 1], Some(1))?;
//! assert_eq!(naive::value(&nn, &boolean), naive::value(&game, &start));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The rulesets
//!
//! - [`Geography`]: a token moves along the edges (arcs) of an undirected (directed) graph;
//!   vertex Geography never re-enters a vertex (the start counts as visited), edge Geography
//!   never re-crosses an edge. Any of the four games, [`GeographyRule`] being a value. A
//!   position may have no token yet: the first move then places it (the first player chooses
//!   the start). Directed boards are [`Digraph`]s, read from arc lists such as `0>1 1>2`.
//! - [`VertexNimG`]: disks on vertices, a token, and a [`VertexRule`].
//! - [`DirectedVertexNimG`]: the same on a [`Digraph`], and Duchêne and Renault's Vertexnim
//!   (emptied vertices are deleted, their in-neighbours joined to their out-neighbours), of
//!   which Rotisserie Nim is the case of a directed cycle.
//! - [`EdgeNimG`]: disks on the edges of a multigraph (Fukuyama's game).
//! - [`NeighboringNim`]: Burke and George's variant.
//!
//! # Reading of the sources
//!
//! The NimG slides (Stockman, Frieze, Vera 2004) survive only as garbled text. We read them so:
//!
//! - *Proposed versions.* One token on an undirected graph without loops; a turn removes disks
//!   and moves the token; a player who cannot complete a turn loses. With disks on vertices,
//!   either "move first and then remove" (the token goes to a neighbour, then at least one
//!   disk is removed there: [`VertexRule::MoveThenRemove`]; an empty neighbour cannot be
//!   entered since the turn could not be completed) or "remove and then move" (at least one
//!   disk is removed from the token's vertex, then the token goes to a neighbour), "possibly
//!   allowing moves to empty vertices" ([`VertexRule::RemoveThenMove`]) or not
//!   ([`VertexRule::RemoveThenMoveToNonEmpty`]). With disks on edges, the disks are removed
//!   from the edge the token crosses ([`EdgeNimG`]). Moves are named by the token's
//!   destination and the number of disks removed ([`TokenMove`]).
//! - *"The game from now on"* (the path theorems and the reduced game tree) is Vertex NimG,
//!   remove then move, moves to empty vertices allowed.
//! - *Undirected Vertex Geography "contained in" Vertex NimG* with one disk per vertex and no
//!   moves to empty vertices: the position with the token on `v` and one disk on each
//!   unvisited vertex and on `v` is Geography from `v`.
//! - *The reduced game tree* (see [`ReducedTree`]): the children of `(G, A):v` are
//!   `(G, A'):u` for the neighbours `u` with `A(u) < A(v)`, `A'` being `A` with one disk fewer
//!   on `v` (the worked example lowers `v` from 9 to 8 on the way to `a`, `a` from 6 to 5,
//!   ...), labelled by the usual win/lose rule; the winning strategy removes
//!   `r ∈ [1, A(v) − A(u)]` disks and goes to a losing child `u`.
//!
//! Neighboring Nim (Burke and George, as section 4 of *Transverse Wave* describes it): Vertex
//! NimG, move then remove, where the player may also stay and play on the heap under the
//! token again (as if every vertex had a loop); before the first move any heap may be played.
//!
//! The statements of the slides that survive are checked by brute force in
//! `tests/nimg.rs`; the matching method against brute force in `tests/geography.rs`.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod digraph;
mod geography;
mod matching;
mod neighboring;
mod nimg;

pub use digraph::{Digraph, DigraphError, MAX_PARSED_ORDER, ParseDigraphError};
pub use geography::{
    Geography, GeographyError, GeographyPosition, GeographyRule, VertexGeographyMatching,
};
pub use matching::{GallaiEdmonds, Matching, maximum_matching};
pub use neighboring::{NeighborPosition, NeighboringNim};
pub use nimg::{
    DirectedVertexNimG, EdgeMove, EdgeNimG, NimGError, NimGPosition, ReducedTree, TokenMove,
    VertexNimG, VertexRule, edge_nimg_path_end_value, parse_disks,
};
