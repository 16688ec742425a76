//! The length of the longest play: the height of a game tree.
//!
//! ```
//! use std::collections::HashMap;
//!
//! use grundy_core::{Ruleset, length, naive};
//!
//! struct Subtraction; // take 1 or 2 tokens
//! impl Ruleset for Subtraction {
//!     type Position = u32;
//!     type Move = u32;
//!     fn moves(&self, heap: &u32, moves: &mut Vec<u32>) {
//!         moves.extend([1, 2].into_iter().filter(|take| take <= heap));
//!     }
//!     fn play(&self, heap: &u32, take: &u32) -> u32 {
//!         heap - take
//!     }
//! }
//!
//! let mut memo = HashMap::new();
//! assert_eq!(length::longest_play(&Subtraction, &10, &mut memo), 10); // one token at a time
//! assert_eq!(naive::longest_play(&Subtraction, &10), 10);
//! ```

use std::collections::HashMap;

use crate::Ruleset;

/// The most moves a play from `position` can last (0 for a terminal position): the height of
/// its game tree.
///
/// Heights of the positions met are kept in `memo`; pass the same map to later calls to share
/// them. Positions are stored as given (not through [`Ruleset::canonical`]), so the answer
/// depends only on [`Ruleset::moves`] and [`Ruleset::play`]. The recursion is as deep as the
/// answer. [`naive::longest_play`](crate::naive::longest_play) is the same without a memo.
pub fn longest_play<R: Ruleset>(
    ruleset: &R,
    position: &R::Position,
    memo: &mut HashMap<R::Position, usize>,
) -> usize {
    if let Some(&known) = memo.get(position) {
        return known;
    }
    let longest = ruleset
        .move_list(position)
        .iter()
        .map(|mv| 1 + longest_play(ruleset, &ruleset.play(position, mv), memo))
        .max()
        .unwrap_or(0);
    memo.insert(position.clone(), longest);
    longest
}
