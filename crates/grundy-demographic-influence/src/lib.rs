//! Demographic Influence, the social-influence game of Burke, Ferland and Teng, for the grundy library
//!
//! (Work in progress.)
#![forbid(unsafe_code)]
#![deny(missing_docs)]
