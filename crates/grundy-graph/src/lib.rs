//! Simple undirected graphs for the grundy library: vertex bitsets of any size, edge-list and graph6 parsing
//!
//! (Work in progress.)
#![forbid(unsafe_code)]
#![deny(missing_docs)]
