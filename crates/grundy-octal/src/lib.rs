//! Octal games: take-and-break heap games named by a code such as `0.137`.
//!
//! A [`Code`] says, for each number of tokens taken from a heap, whether the rest may vanish,
//! stay one heap or split in two (or three, for hexadecimal codes). The [`Sequence`] of a code
//! holds the Grundy values of single heaps, computed on demand (by the rare-and-common
//! method, with one split per heap parity where that helps: [`SequenceMethod`]) and, once the
//! periodicity theorem proves a period ([`Periodicity`]; for codes that split in three too,
//! with the bound for three parts), known for heaps of any size. [`Octal`] plays positions of
//! several heaps as a [`grundy_core::Ruleset`] with every winning move, even on heaps up to
//! 2^64 - 1 once a period is proved ([`Octal::winning_moves_upto`]), and [`Dots`] is Rob's
//! Dots (Node-Kayles on a path), which is 0.137.
//!
//! ```
//! use grundy_octal::{Code, Dots, Sequence};
//!
//! // Dawson's chess: its values are periodic with period 34 from heap 52 on.
//! let mut dawson = Sequence::new(Code::dawson_chess());
//! let proof = dawson.find_period(1000)?.expect("a period is proved");
//! assert_eq!((proof.preperiod(), proof.period()), (52, 34));
//!
//! // The blog's 50-dot game: mark the 8th dot, leaving runs of 6 and 41.
//! let row = Dots::new(50);
//! assert!(row.winning_dots()?.contains(&7));
//! assert_eq!(row.mark(7)?.heaps(), vec![6, 41]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod code;
mod dots;
mod fast;
mod game;
mod period;
mod plain;
mod rules;
mod sequence;

pub use code::{Code, MAX_DIGITS, ParseCodeError};
pub use dots::Dots;
pub use fast::SequenceMethod;
pub use game::{
    Heaps, MAX_ENUMERATED_HEAP, MAX_ENUMERATED_THREE_WAY_HEAP, MAX_LISTED_MOVES, Octal, OctalMove,
    WinningMoves,
};
pub use period::Periodicity;
pub use rules::Rules;
pub use sequence::{MAX_LEN, Sequence};

/// What can go wrong with octal games and their inputs.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum OctalError {
    /// A bad code.
    #[error(transparent)]
    Code(#[from] ParseCodeError),
    /// A heap that is not a non-negative integer below 2^64.
    #[error("invalid heap '{token}' (heap {index}): expected an integer from 0 to 2^64 - 1")]
    BadHeap {
        /// The offending text.
        token: String,
        /// Its place in the list, counting from 1.
        index: usize,
    },
    /// More values asked for than can be stored.
    #[error("cannot compute {len} values: at most {max} are supported")]
    TooLong {
        /// How many were asked for.
        len: usize,
        /// The limit.
        max: usize,
    },
    /// A Grundy value beyond 32 bits (never seen in practice).
    #[error("the value of heap {heap} does not fit in 32 bits")]
    ValueOverflow {
        /// The heap.
        heap: usize,
    },
    /// A subtraction set that is empty, holds 0, or an amount too large.
    #[error("invalid subtraction set: {reason}")]
    BadSubtractionSet {
        /// What is wrong.
        reason: String,
    },
    /// No periodicity theorem covers games whose splits must be unequal (Grundy's game).
    #[error("cannot prove a period for '{game}': no periodicity theorem covers unequal splits")]
    NoPeriodicityTheorem {
        /// The game.
        game: String,
    },
    /// A heap whose value the sequence does not know (not computed, no period proved).
    #[error("the value of heap {heap} is not known: compute more values or prove a period")]
    Unknown {
        /// The heap.
        heap: u64,
    },
    /// A heap too large to list its moves.
    #[error("heap {heap} is too large to list its moves (at most {max})")]
    HeapTooLarge {
        /// The heap.
        heap: u64,
        /// The limit.
        max: u64,
    },
    /// A character that is neither a free nor a marked dot.
    #[error("invalid dot '{found}' at dot {dot}: expected '.' (free) or 'x' (marked)")]
    BadDot {
        /// The character.
        found: char,
        /// Its place, counting from 1.
        dot: usize,
    },
    /// Two neighbouring dots are marked, which no game can reach.
    #[error("dots {dot} and {next} are both marked, but neighbours cannot both be marked", next = dot + 1)]
    AdjacentMarks {
        /// The first of the two, counting from 1.
        dot: usize,
    },
    /// A dot that cannot be marked.
    #[error("dot {dot} cannot be marked in a row of {len} (missing, marked, or next to a mark)")]
    IllegalDot {
        /// The dot, counting from 1.
        dot: usize,
        /// The number of dots.
        len: usize,
    },
}
