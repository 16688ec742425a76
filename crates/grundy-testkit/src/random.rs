//! One seeded generator for the tests, examples and benchmarks of the workspace, and the few
//! random inputs they draw from it, as plain data (edge lists, rows of bits, permutations):
//! each crate builds its own types from them, so that this crate depends on no grundy crate.
//!
//! The generator is [`ChaCha8Rng`] from `rand_chacha`: its stream for a given seed is
//! documented as deterministic and portable (the same on every platform, checked against
//! reference vectors), so a seed names the same input everywhere. The derived draws
//! ([`Rng::random_bool`], [`Rng::random_range`], [`SliceRandom::shuffle`]) are those of `rand`,
//! whose value-breaking changes come only with a new minor version (listed in its change log);
//! `Cargo.lock` pins it. A test must therefore never assert a value that it read off one
//! random input: it compares engines, or an engine with plain search, on that input.
//!
//! ```
//! use grundy_testkit::random::{edges_with_average_degree, rng};
//!
//! let edges = edges_with_average_degree(30, 3.0, &mut rng(1));
//! assert_eq!(edges, edges_with_average_degree(30, 3.0, &mut rng(1)));
//! assert!(edges.iter().all(|&(u, v)| u < v && v < 30));
//! ```

pub use rand::seq::SliceRandom;
pub use rand::{Rng, RngCore, SeedableRng};
pub use rand_chacha::ChaCha8Rng;

/// The generator of `seed`: a [`ChaCha8Rng`] seeded by [`SeedableRng::seed_from_u64`]. Equal
/// seeds give equal streams on every platform.
#[must_use]
pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// `p` as a probability: clamped to `[0, 1]`, and 0 for NaN (so that no draw panics).
fn probability(p: f64) -> f64 {
    if p.is_nan() { 0.0 } else { p.clamp(0.0, 1.0) }
}

/// `len` independent bits, each `true` with probability `p_true` (clamped to `[0, 1]`).
pub fn bools<R: Rng + ?Sized>(len: usize, p_true: f64, rng: &mut R) -> Vec<bool> {
    let p = probability(p_true);
    (0..len).map(|_| rng.random_bool(p)).collect()
}

/// A `rows` × `cols` matrix of independent bits, row by row, each `true` with probability
/// `p_one` (clamped to `[0, 1]`).
pub fn bits<R: Rng + ?Sized>(rows: usize, cols: usize, p_one: f64, rng: &mut R) -> Vec<Vec<bool>> {
    (0..rows).map(|_| bools(cols, p_one, rng)).collect()
}

/// Like [`bits`], except that a row that comes out all `true` is drawn again (from the rest of
/// the stream), so that every row has a `false` cell. With `p_one` at 1 or more no row can, and
/// the rows are all `true` as in [`bits`]; with `cols == 0` the rows are empty.
pub fn bits_without_full_rows<R: Rng + ?Sized>(
    rows: usize,
    cols: usize,
    p_one: f64,
    rng: &mut R,
) -> Vec<Vec<bool>> {
    let redraw = cols > 0 && probability(p_one) < 1.0;
    (0..rows)
        .map(|_| {
            loop {
                let row = bools(cols, p_one, rng);
                if !redraw || row.contains(&false) {
                    break row;
                }
            }
        })
        .collect()
}

/// The Erdős–Rényi graph G(n, p) as an edge list: each pair `(u, v)` with `u < v < n` is an
/// edge with probability `p` (clamped to `[0, 1]`), independently, drawn in the order
/// `(0, 1), (0, 2), ..., (0, n - 1), (1, 2), ...`, which is also the order of the list.
pub fn gnp_edges<R: Rng + ?Sized>(n: usize, p: f64, rng: &mut R) -> Vec<(usize, usize)> {
    let p = probability(p);
    let mut edges = Vec::new();
    for u in 0..n {
        for v in u + 1..n {
            if rng.random_bool(p) {
                edges.push((u, v));
            }
        }
    }
    edges
}

/// G(n, p) with p = `degree` / (n - 1): an expected average degree of `degree` (a `degree`
/// of `n - 1` or more gives the complete graph). No edges for `n < 2`.
pub fn edges_with_average_degree<R: Rng + ?Sized>(
    n: usize,
    degree: f64,
    rng: &mut R,
) -> Vec<(usize, usize)> {
    if n < 2 {
        return Vec::new();
    }
    #[allow(clippy::cast_precision_loss, reason = "vertex counts are far below 2^52")]
    let p = degree / (n - 1) as f64;
    gnp_edges(n, p, rng)
}

/// The graph G(n, m): `m` distinct edges (or all `n (n - 1) / 2` pairs if there are fewer)
/// chosen uniformly among the pairs `(u, v)`, `u < v < n`, sorted.
pub fn gnm_edges<R: Rng + ?Sized>(n: usize, m: usize, rng: &mut R) -> Vec<(usize, usize)> {
    let pairs = n.saturating_mul(n.saturating_sub(1)) / 2;
    let mut edges: Vec<(usize, usize)> =
        rand::seq::index::sample(rng, pairs, m.min(pairs)).into_iter().map(pair_of_index).collect();
    edges.sort_unstable();
    edges
}

/// The pair `(u, v)`, `u < v`, of index `k` when pairs are listed by `v`, then `u`:
/// `k = v (v - 1) / 2 + u`.
fn pair_of_index(k: usize) -> (usize, usize) {
    // An estimate of v from the square root, then corrected by whole steps.
    #[allow(
        clippy::cast_precision_loss,
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "an estimate only, corrected below"
    )]
    let mut v = ((1.0 + (1.0 + 8.0 * k as f64).sqrt()) / 2.0) as usize;
    while v * (v.saturating_sub(1)) / 2 > k {
        v -= 1;
    }
    while (v + 1) * v / 2 <= k {
        v += 1;
    }
    (k - v * (v - 1) / 2, v)
}

/// A uniformly random permutation of `0..n` (a Fisher–Yates shuffle).
pub fn permutation<R: Rng + ?Sized>(n: usize, rng: &mut R) -> Vec<usize> {
    let mut perm: Vec<usize> = (0..n).collect();
    perm.shuffle(rng);
    perm
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_gives_the_same_inputs_and_seeds_differ() {
        assert_eq!(gnp_edges(40, 0.3, &mut rng(7)), gnp_edges(40, 0.3, &mut rng(7)));
        assert_ne!(gnp_edges(40, 0.3, &mut rng(7)), gnp_edges(40, 0.3, &mut rng(8)));
        assert_eq!(bits(5, 9, 0.5, &mut rng(1)), bits(5, 9, 0.5, &mut rng(1)));
        // Without full rows: the same stream as `bits` until a full row is redrawn.
        let plain = bits(40, 4, 0.9, &mut rng(4));
        let redrawn = bits_without_full_rows(40, 4, 0.9, &mut rng(4));
        let first_full = plain.iter().position(|row| row.iter().all(|&b| b)).unwrap();
        assert_eq!(plain[..first_full], redrawn[..first_full]);
        assert!(redrawn.iter().all(|row| row.contains(&false)));
        assert_eq!(bits_without_full_rows(3, 4, 1.0, &mut rng(4)), vec![vec![true; 4]; 3]);
        assert_eq!(bits_without_full_rows(3, 0, 0.5, &mut rng(4)), vec![Vec::<bool>::new(); 3]);
        assert_eq!(gnm_edges(50, 60, &mut rng(3)), gnm_edges(50, 60, &mut rng(3)));
        assert_eq!(permutation(30, &mut rng(2)), permutation(30, &mut rng(2)));
        // Seed 0 is a seed like any other (a xorshift stuck at 0 would give no edges).
        let coins = bools(64, 0.5, &mut rng(0));
        assert!(coins.contains(&true) && coins.contains(&false));
    }

    /// The ChaCha8 key stream of the all-zero key and nonce is the published test vector
    /// (draft-strombergson-chacha-test-vectors, TC1, 8 rounds, 256-bit key): the generator is
    /// ChaCha8 itself, not a look-alike whose stream could drift.
    #[test]
    fn the_stream_is_chacha8() {
        let mut bytes = [0u8; 32];
        ChaCha8Rng::from_seed([0; 32]).fill_bytes(&mut bytes);
        let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(hex, "3e00ef2f895f40d67f5bb8e81f09a5a12c840ec3ce9a7f3b181be188ef711a1e");
    }

    #[test]
    fn edge_lists_are_simple_and_ordered() {
        for (n, p) in [(0, 0.5), (1, 0.5), (2, 1.0), (30, 0.2), (30, f64::NAN), (10, 7.0)] {
            let edges = gnp_edges(n, p, &mut rng(5));
            assert!(edges.windows(2).all(|w| w[0] < w[1]), "{edges:?}");
            assert!(edges.iter().all(|&(u, v)| u < v && v < n));
        }
        assert_eq!(gnp_edges(10, 7.0, &mut rng(1)).len(), 45);
        assert!(gnp_edges(10, f64::NAN, &mut rng(1)).is_empty());
        assert!(gnp_edges(10, -1.0, &mut rng(1)).is_empty());
        assert!(edges_with_average_degree(1, 3.0, &mut rng(1)).is_empty());
        for (n, m) in [(0, 5), (1, 5), (2, 1), (5, 10), (5, 11), (100, 150), (2000, 3000)] {
            let edges = gnm_edges(n, m, &mut rng(9));
            assert_eq!(edges.len(), m.min(n * n.saturating_sub(1) / 2), "n = {n}, m = {m}");
            assert!(edges.windows(2).all(|w| w[0] < w[1]), "distinct and sorted");
            assert!(edges.iter().all(|&(u, v)| u < v && v < n));
        }
    }

    #[test]
    fn pair_indices_run_through_every_pair_once() {
        let mut k = 0;
        for v in 1..200 {
            for u in 0..v {
                assert_eq!(pair_of_index(k), (u, v));
                k += 1;
            }
        }
    }

    /// Averages over many draws fall well within five standard deviations of the expectation.
    #[test]
    fn densities_are_right() {
        let mut r = rng(11);
        // G(n, p) with n = 200, p = 0.1: 19,900 pairs, mean 1990, sd about 42.
        let m = gnp_edges(200, 0.1, &mut r).len();
        assert!((1780..=2200).contains(&m), "{m} edges");
        // Average degree 3 on 400 vertices: mean 600 edges, sd about 24.
        let m = edges_with_average_degree(400, 3.0, &mut r).len();
        assert!((480..=720).contains(&m), "{m} edges");
        // 10,000 bits at 0.35: mean 3500, sd about 48.
        let ones = bits(100, 100, 0.35, &mut r).iter().flatten().filter(|&&b| b).count();
        assert!((3260..=3740).contains(&ones), "{ones} ones");
        // Every vertex is an endpoint about equally often in G(n, m).
        let mut degree = [0usize; 10];
        for seed in 0..200 {
            for (u, v) in gnm_edges(10, 9, &mut rng(seed)) {
                degree[u] += 1;
                degree[v] += 1;
            }
        }
        // Mean 360 per vertex.
        assert!(degree.iter().all(|&d| (260..=460).contains(&d)), "{degree:?}");
        // Each position of a permutation takes each value about equally often.
        let mut at_zero = [0usize; 5];
        for _ in 0..5000 {
            at_zero[permutation(5, &mut r)[0]] += 1;
        }
        // Mean 1000, sd about 28.
        assert!(at_zero.iter().all(|&c| (860..=1140).contains(&c)), "{at_zero:?}");
    }
}
