//! Closed forms: paths (the octal game 0.137, Dawson's chess), cycles, cliques, edgeless
//! graphs.

use grundy_core::Nimber;

/// One period of the Grundy values of 0.137, heaps `34 q + r` for `r` in `0..34`, away from
/// the exceptions (Wright, *The Independence Game*, 2017).
const PERIOD: &[u8; 34] = b"8112031103322445593301130211045374";

/// The Grundy value of Node-Kayles on a path of `n` vertices, which is heap `n` of the octal
/// game 0.137 (Dawson's chess).
///
/// The values have period 34 with exceptions: heaps 0, 14 and 34 have value 0, heaps 16, 17,
/// 31 and 51 value 2, and every other heap `n` has the value at place `n mod 34` of
/// `8112031103322445593301130211045374`. (The test suite checks this rule against the
/// definition for every path up to 2000 vertices; the period from heap 52 on is proved by the
/// periodicity theorem of octal games.)
///
/// ```
/// use grundy_core::Nimber;
/// use grundy_node_kayles::path_value;
///
/// assert_eq!(path_value(4), Nimber::ZERO);
/// assert_eq!(path_value(32), Nimber::new(7));
/// assert_eq!(path_value(50), Nimber::new(5)); // the blog's 50-dot game is a first-player win
/// ```
pub const fn path_value(n: u64) -> Nimber {
    let v = match n {
        0 | 14 | 34 => 0,
        16 | 17 | 31 | 51 => 2,
        _ => (PERIOD[(n % 34) as usize] - b'0') as u64,
    };
    Nimber::new(v)
}

/// The Grundy value of Node-Kayles on a cycle of `n >= 3` vertices: every first move leaves a
/// path of `n - 3` vertices, so the value is 1 when that path is a P-position and 0 otherwise.
///
/// ```
/// use grundy_core::Nimber;
/// use grundy_node_kayles::cycle_value;
///
/// assert_eq!(cycle_value(3), Nimber::ONE); // a triangle: one move
/// assert_eq!(cycle_value(7), Nimber::ONE); // leaves a path of 4, a P-position
/// assert_eq!(cycle_value(6), Nimber::ZERO);
/// ```
pub const fn cycle_value(n: u64) -> Nimber {
    if path_value(n.saturating_sub(3)).is_zero() { Nimber::ONE } else { Nimber::ZERO }
}

/// The value of a clique of `n` vertices: one move ends the game.
pub(crate) const fn clique_value(n: u64) -> Nimber {
    if n == 0 { Nimber::ZERO } else { Nimber::ONE }
}

/// The value of `n` isolated vertices: a sum of `n` games `*1`.
pub(crate) const fn edgeless_value(n: u64) -> Nimber {
    if n % 2 == 1 { Nimber::ONE } else { Nimber::ZERO }
}
