//! Shared fixtures of the grundy benchmarks: games defined through the public trait only, as a
//! user of the library would define them.
#![forbid(unsafe_code)]

use grundy::Ruleset;

#[cfg(test)]
mod cram;
mod domineering;
mod plain_cram;

pub use domineering::{Board, BoardError, Domineering};
/// Cram and Chomp, published in `grundy-cram-chomp` (the facade's `cram-chomp` feature).
pub use grundy::cram_chomp::{Chomp, Cram};
pub use plain_cram::PlainCram;

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

/// The seeded generator of the benchmark inputs: grundy-testkit's ChaCha8 stream, the same on
/// every platform, so that a benchmark measures the same inputs in every run.
pub use grundy_testkit::random;

/// G(n, p) with p = `degree` / (n - 1) (average degree `degree`), drawn from `seed` by
/// [`random::edges_with_average_degree`].
pub fn random_graph(n: usize, degree: f64, seed: u64) -> grundy::node_kayles::Graph {
    let edges = random::edges_with_average_degree(n, degree, &mut random::rng(seed));
    let mut g = grundy::node_kayles::Graph::new(n);
    for (u, v) in edges {
        // The pairs are distinct and below `n`, so every edge is new and valid.
        let _ = g.add_edge(u, v);
    }
    g
}

/// A random `n` × `n` Crosswise AND board (`true` = green) drawn from `seed`: each cell purple
/// with probability `purple`; with `redraw`, a row that comes out all green is drawn again
/// (such a row contains every other row and makes the board trivial), by
/// [`random::bits_without_full_rows`].
pub fn random_board(
    n: usize,
    purple: f64,
    redraw: bool,
    seed: u64,
) -> grundy::transverse_wave::BoolMatrix {
    let mut rng = random::rng(seed);
    let rows = if redraw {
        random::bits_without_full_rows(n, n, 1.0 - purple, &mut rng)
    } else {
        random::bits(n, n, 1.0 - purple, &mut rng)
    };
    grundy::transverse_wave::BoolMatrix::from_fn(n, n, |r, c| rows[r][c])
}
