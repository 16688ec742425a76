//! The board on which the threads of a parallel search post what they found, for engine
//! authors: grundy-core's parallel search and grundy-node-kayles's use it.
//!
//! Threads that search one position's value at once each ask its children about values;
//! a child found to have value `v` settles `v` for every thread. So each thread posts the
//! values it finds among the children of the positions it searches at the top of its call,
//! reads what the others posted, and skips (or abandons) the questions already answered.

use core::ops::BitOr;
use std::sync::{Mutex, PoisonError};

/// For each position (by key) whose value the threads search, the set of values found among
/// its children (any set type with a union, such as a bit mask).
///
/// ```
/// use grundy_core::engine::board::Board;
///
/// let board: Board<u64, u128> = Board::new();
/// assert_eq!(board.post(&7, 0b001), 0b001);
/// assert_eq!(board.post(&7, 0b100), 0b101, "what every thread posted for 7");
/// assert_eq!(board.post(&8, 0), 0, "nothing posted for 8");
/// board.clear();
/// assert_eq!(board.post(&7, 0), 0);
/// ```
#[derive(Debug, Default)]
pub struct Board<K, S> {
    posts: Mutex<Vec<(K, S)>>,
}

impl<K: PartialEq + Clone, S: Copy + BitOr<Output = S>> Board<K, S> {
    /// An empty board.
    pub const fn new() -> Self {
        Board { posts: Mutex::new(Vec::new()) }
    }

    /// Adds `found` to the values posted for the position `key`, and returns them all (post
    /// the empty set to read).
    pub fn post(&self, key: &K, found: S) -> S {
        let mut posts = self.posts.lock().unwrap_or_else(PoisonError::into_inner);
        match posts.iter_mut().find(|(k, _)| k == key) {
            Some((_, seen)) => {
                *seen = *seen | found;
                *seen
            }
            None => {
                posts.push((key.clone(), found));
                found
            }
        }
    }

    /// Forgets every post (between two calls).
    pub fn clear(&self) {
        self.posts.lock().unwrap_or_else(PoisonError::into_inner).clear();
    }
}
