//! Geography and Nim on graphs for the grundy library (work in progress).
#![forbid(unsafe_code)]
#![deny(missing_docs)]
