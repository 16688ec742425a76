//! Transverse Wave, Crosswise AND and Crosswise OR for the grundy library: rulesets, a fast solver and the Pascal-like nimber triangle
//!
//! (Work in progress.)
#![forbid(unsafe_code)]
#![deny(missing_docs)]
