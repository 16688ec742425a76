//! Shared fixtures of the grundy benchmarks: games defined through the public trait only, as a
//! user of the library would define them.
#![forbid(unsafe_code)]

use grundy::Ruleset;

#[cfg(test)]
mod cram;
mod domineering;

pub use domineering::{Board, BoardError, Domineering};
/// Cram and Chomp, published in `grundy-cram-chomp` (the facade's `cram-chomp` feature).
pub use grundy::cram_chomp::{Chomp, Cram};

/// A subtraction game: take one of the amounts of the set from a heap.
#[derive(Clone, Debug)]
pub struct Subtraction {
    set: Vec<u32>,
}

impl Subtraction {
    /// The game with the given subtraction set.
    pub fn new(set: &[u32]) -> Self {
        Subtraction { set: set.to_vec() }
    }
}

impl Ruleset for Subtraction {
    type Position = u32;
    type Move = u32;

    fn moves(&self, heap: &u32, moves: &mut Vec<u32>) {
        moves.extend(self.set.iter().copied().filter(|take| take <= heap));
    }

    fn play(&self, heap: &u32, take: &u32) -> u32 {
        heap - take
    }
}

/// A deterministic stream of pseudo-random 64-bit numbers (xorshift64*), so that benchmark
/// inputs are the same in every run without a dependency.
#[derive(Clone, Debug)]
pub struct Xorshift(u64);

impl Xorshift {
    /// A stream from a non-zero seed.
    pub const fn new(seed: u64) -> Self {
        Xorshift(if seed == 0 { 0x9E37_79B9_7F4A_7C15 } else { seed })
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}
