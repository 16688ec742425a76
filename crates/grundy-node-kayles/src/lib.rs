//! Node-Kayles on any graph for the grundy library: component splitting, canonical forms and closed forms
//!
//! (Work in progress.)
#![forbid(unsafe_code)]
#![deny(missing_docs)]
