//! Demi-quantum and quantum generalisations of any impartial ruleset for the grundy library, with Demi-Quantum Nim and Quantum Nim
//!
//! (Work in progress.)
#![forbid(unsafe_code)]
#![deny(missing_docs)]
