//! Avoid True and the Rechargeable Boolean Nims for the grundy library
//!
//! (Work in progress.)
#![forbid(unsafe_code)]
#![deny(missing_docs)]
