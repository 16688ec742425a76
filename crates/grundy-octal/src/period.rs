//! Certified periods of Grundy sequences: the periodicity theorem applied to computed values.

/// A proof that a Grundy sequence is eventually periodic.
///
/// By the periodicity theorem for octal games (Guy and Smith 1956; *Winning Ways*, chapter 4):
/// if `G(n + p) = G(n)` for every `n` with `n0 <= n < 2 n0 + p + t`, where `t` is the largest
/// number of tokens a move may take, then `G(n + p) = G(n)` for every `n >= n0`. The
/// certificate records the `n0`, `p` and `t` of such a check and how many values were compared.
/// The reported period is the smallest one consistent with the proved one (a divisor `d` of a
/// proved period `p` is a period as soon as it holds on one full period `n0 .. n0 + p`), and the
/// reported pre-period is the smallest for that period.
///
/// # The bound used, for moves that leave up to `k` heaps
///
/// The check here covers `n0 <= n < B` with `B = k n1 + (k - 1) p + t`, where `n1 = max(n0, 1)`
/// and `k` is the most heaps a move leaves: 2 for octal codes (`2 n1 + p + t`, the classic
/// bound, except that `n0 = 0` is counted as 1), 3 for hexadecimal codes that split in three
/// ([`parts`](Periodicity::parts)).
///
/// *Proof sketch* (induction on `n >= B`, assuming `G(x + p) = G(x)` for `n0 <= x < n`). A move
/// from `n + p` takes `j <= t` and leaves parts summing to `n + p - j`; its largest part `c` is
/// at least `(n + p - t) / k >= n1 + p` (as `n >= k n1 + (k - 1) p + t`). Replacing `c` by
/// `c - p >= n1 >= 1` gives a move from `n` by the same digit, with the same number of
/// non-empty parts, worth the same, since `G(c - p) = G(c)` by induction (`n0 <= c - p < n`).
/// Conversely a move from `n` leaves a largest part `c >= (n - t) / k >= n0`, and `c + p` gives
/// a move from `n + p` worth the same. So `n` and `n + p` have the same option values and
/// `G(n + p) = G(n)`. The `n1 = max(n0, 1)` matters: with `n0 = 0` the shortened part could
/// be empty, which is a different move (`max(n0, 1)` keeps it non-empty). For `k = 2` this is
/// the classic theorem.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Periodicity {
    preperiod: usize,
    period: usize,
    proved_period: usize,
    proved_preperiod: usize,
    max_take: usize,
    parts: usize,
    checked: usize,
}

impl Periodicity {
    /// The pre-period `n0`: the values are periodic from heap `n0` on, and not from `n0 - 1`.
    pub const fn preperiod(&self) -> usize {
        self.preperiod
    }

    /// The (smallest) period `p`.
    pub const fn period(&self) -> usize {
        self.period
    }

    /// The period and pre-period that the theorem was applied to (before reduction to the
    /// smallest period).
    pub const fn proved(&self) -> (usize, usize) {
        (self.proved_preperiod, self.proved_period)
    }

    /// The `t` of the theorem: the largest number of tokens a move takes.
    pub const fn max_take(&self) -> usize {
        self.max_take
    }

    /// The most heaps a move leaves (`k` in the bound): 2 for octal codes, 3 for hexadecimal
    /// codes that split in three.
    pub const fn parts(&self) -> usize {
        self.parts
    }

    /// The theorem's bound `k max(n0, 1) + (k - 1) p + t` for the proved pair (`2 n0 + p + t`
    /// for octal codes with `n0 >= 1`): the equalities `G(n + p) = G(n)` were checked for every
    /// `n` below it (and from `n0` on).
    pub const fn bound(&self) -> usize {
        let n1 = if self.proved_preperiod == 0 { 1 } else { self.proved_preperiod };
        self.parts * n1 + (self.parts - 1) * self.proved_period + self.max_take
    }

    /// How many values of the sequence were computed when the proof was made.
    pub const fn values_checked(&self) -> usize {
        self.checked
    }

    /// The index `n` reduces to: itself below the pre-period, otherwise its representative in
    /// the first period.
    pub fn reduce(&self, n: u64) -> usize {
        let n0 = self.preperiod as u64;
        if n < n0 {
            // n < n0 <= usize::MAX
            usize::try_from(n).unwrap_or(self.preperiod)
        } else {
            let offset = (n - n0) % self.period as u64;
            // offset < period, which is a usize
            self.preperiod + usize::try_from(offset).unwrap_or(0)
        }
    }
}

/// Applies the periodicity theorem, for moves leaving at most `parts` heaps, to the values: the
/// smallest period it proves, reduced.
pub(crate) fn prove_period(g: &[u32], t: usize, parts: usize) -> Option<Periodicity> {
    let len = g.len();
    let reversed: Vec<u32> = g.iter().rev().copied().collect();
    let z = z_function(&reversed);
    // For period p, g(n + p) = g(n) holds for every n in n0(p) ..= len - 1 - p; the theorem
    // needs it for n0 <= n < parts * max(n0, 1) + (parts - 1) * p + t.
    let start = |p: usize| len - p - z[p];
    let (n0, p) = (1..len)
        .map(|p| (start(p), p))
        .find(|&(n0, p)| parts * n0.max(1) + parts * p + t <= len)?;
    // The smallest divisor of p that holds over one full period from n0 is a period too.
    let period = (1..=p)
        .filter(|d| p % d == 0)
        .find(|&d| (n0..n0 + p).all(|n| g[n + d] == g[n]))
        .unwrap_or(p);
    Some(Periodicity {
        preperiod: start(period),
        period,
        proved_period: p,
        proved_preperiod: n0,
        max_take: t,
        parts,
        checked: len,
    })
}

/// `z[i]` is the length of the longest common prefix of `s` and `s[i..]` (`z[0] = len`).
fn z_function(s: &[u32]) -> Vec<usize> {
    let n = s.len();
    let mut z = vec![0; n];
    if n == 0 {
        return z;
    }
    z[0] = n;
    let (mut l, mut r) = (0, 0);
    for i in 1..n {
        let mut k = if i < r { (r - i).min(z[i - l]) } else { 0 };
        while i + k < n && s[k] == s[i + k] {
            k += 1;
        }
        z[i] = k;
        if i + k > r {
            l = i;
            r = i + k;
        }
    }
    z
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn z_function_on_a_small_string() {
        assert_eq!(z_function(&[1, 1, 2, 1, 1, 2, 1]), vec![7, 1, 0, 4, 1, 0, 1]);
    }
}
