//! Reductions between impartial rulesets for the grundy library: isomorphisms, embeddings, a tandem checker and the generalisation lattice
//!
//! (Work in progress.)
#![forbid(unsafe_code)]
#![deny(missing_docs)]
