//! Grundy sequences of octal games and their certified periods.

use grundy_core::{Nimber, NimberSet};

use crate::{Code, Method, OctalError, Rules, fast};

/// The longest sequence that may be computed (values are 4 bytes each: 1 GiB).
pub const MAX_LEN: usize = 1 << 28;

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

/// The Grundy values of single heaps of an octal game, computed on demand.
///
/// `G(0), G(1), ...` are computed in order by the definition (the mex of the values of every
/// option, the value of a split being the nim-sum of its parts), and kept; the [`Method`]
/// (by default [`Method::Fast`]) only changes how fast. Once a period has
/// been proved ([`Sequence::find_period`]), the value of any heap, even `10^18`, is answered in
/// constant time by [`Sequence::value`].
///
/// # Example
///
/// ```
/// use grundy_octal::Sequence;
///
/// let mut dawson = Sequence::new("0.137".parse()?);
/// dawson.extend_to(13)?;
/// assert_eq!(dawson.values(), &[0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2]);
///
/// let period = dawson.find_period(10_000)?.expect("0.137 is periodic");
/// assert_eq!((period.preperiod(), period.period()), (52, 34));
/// // 10^18 = 32 (mod 34): the value at offset 32 of the period.
/// assert_eq!(dawson.value(1_000_000_000_000_000_000).map(|v| v.value()), Some(7));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Sequence {
    rules: Rules,
    values: Vec<u32>,
    max: u32,
    period: Option<Periodicity>,
    method: Method,
    /// A period proved by [`Method::Fast`] while extending: later extensions read their values
    /// off it (kept apart from `period`, which [`find_period`](Sequence::find_period) sets).
    fill: Option<Periodicity>,
}

impl Sequence {
    /// The sequence of the octal game `code`, with nothing computed yet, computed by the
    /// default [`Method`].
    pub fn new(code: Code) -> Self {
        Sequence::for_rules(Rules::octal(code))
    }

    /// The sequence of the octal game `code`, with nothing computed yet, to be computed by
    /// `method`.
    ///
    /// Every method gives the same values; they differ only in speed.
    ///
    /// # Example
    ///
    /// ```
    /// use grundy_octal::{Method, Sequence};
    ///
    /// let mut plain = Sequence::with_method("0.16".parse()?, Method::Plain);
    /// let mut fast = Sequence::with_method("0.16".parse()?, Method::Fast);
    /// plain.extend_to(500)?;
    /// fast.extend_to(500)?;
    /// assert_eq!(plain.values(), fast.values());
    /// assert_eq!(fast.method(), Method::Fast);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_method(code: Code, method: Method) -> Self {
        Sequence::for_rules_with_method(Rules::octal(code), method)
    }

    /// The sequence of any [`Rules`] (an octal code, a subtraction set, Grundy's game), with
    /// nothing computed yet, computed by the default [`Method`].
    ///
    /// ```
    /// use grundy_octal::{Rules, Sequence};
    ///
    /// let mut seq = Sequence::for_rules("{2,3}".parse()?);
    /// seq.extend_to(10)?;
    /// assert_eq!(seq.values(), &[0, 0, 1, 1, 2, 0, 0, 1, 1, 2]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn for_rules(rules: Rules) -> Self {
        Sequence::for_rules_with_method(rules, Method::default())
    }

    /// The sequence of `rules`, with nothing computed yet, to be computed by `method`.
    pub fn for_rules_with_method(rules: Rules, method: Method) -> Self {
        Sequence { rules, values: Vec::new(), max: 0, period: None, method, fill: None }
    }

    /// The method [`extend_to`](Sequence::extend_to) computes values with.
    pub const fn method(&self) -> Method {
        self.method
    }

    /// The octal code of the game's moves (see [`Rules::code`]).
    pub const fn code(&self) -> &Code {
        self.rules.code()
    }

    /// The rules of the game.
    pub const fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The values computed so far: `values()[n]` is the Grundy value of a heap of `n`.
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// How many values are computed.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Tells whether no value is computed yet.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The largest value computed so far.
    pub const fn max_value(&self) -> u32 {
        self.max
    }

    /// The proved period, if [`find_period`](Sequence::find_period) found one.
    pub const fn period(&self) -> Option<&Periodicity> {
        self.period.as_ref()
    }

    /// The Grundy value of a heap of `n`: computed, or given by the proved period.
    ///
    /// `None` when `n` is beyond the computed values and no period is proved.
    pub fn value(&self, n: u64) -> Option<Nimber> {
        let index = match usize::try_from(n) {
            Ok(i) if i < self.values.len() => i,
            _ => self.period?.reduce(n),
        };
        self.values.get(index).map(|&v| Nimber::new(u64::from(v)))
    }

    /// Computes values until there are `len` of them (heaps `0 .. len`), by the sequence's
    /// [`Method`].
    ///
    /// # Errors
    ///
    /// [`OctalError::TooLong`] when `len` exceeds [`MAX_LEN`].
    ///
    /// # Complexity
    ///
    /// With [`Method::Plain`]: O(len² · t) for codes that split in two (every split of every
    /// heap is visited), O(len · t) for codes that never split, and O(len³ · t) for codes that
    /// split in three. [`Method::Fast`] (codes that split in at most two) is never worse than
    /// that by more than a constant factor, and is far faster when the values have few rare
    /// values or a period is proved early; see [`Method::Fast`].
    pub fn extend_to(&mut self, len: usize) -> Result<(), OctalError> {
        if len > MAX_LEN {
            return Err(OctalError::TooLong { len, max: MAX_LEN });
        }
        self.values.reserve(len.saturating_sub(self.values.len()));
        if self.method != Method::Plain && !self.rules.code().splits_in_three() {
            if let Some(proof) = self.fill {
                while self.values.len() < len {
                    let n = self.values.len() as u64;
                    self.values.push(self.values[proof.reduce(n)]);
                }
                return Ok(());
            }
            let periods = self.method == Method::Fast;
            self.fill = fast::extend(&self.rules, &mut self.values, &mut self.max, len, periods)?;
            return Ok(());
        }
        let mut set = NimberSet::new();
        while self.values.len() < len {
            let v = plain_value(&self.rules, &self.values, self.max, &mut set)?;
            self.max = self.max.max(v);
            self.values.push(v);
        }
        Ok(())
    }

    /// The most heaps a move leaves, for the periodicity theorem: 3 for codes that split in
    /// three, else 2.
    fn parts(&self) -> usize {
        if self.rules.code().splits_in_three() { 3 } else { 2 }
    }

    /// Computes values until a period is proved by the periodicity theorem, or `limit` values
    /// have been computed without one.
    ///
    /// The sequence is extended by doubling, and the proof is attempted at each length, so
    /// at most twice the values needed are computed.
    ///
    /// # Errors
    ///
    /// [`OctalError::NoPeriodicityTheorem`] for rules with [unequal
    /// splits](Rules::unequal_splits) such as Grundy's game, [`OctalError::TooLong`] for a
    /// `limit` above [`MAX_LEN`]. Codes whose moves may leave three heaps are covered, with the
    /// bound for three parts (see [`Periodicity`]); their values are computed by the plain
    /// method, in O(n³) time.
    pub fn find_period(&mut self, limit: usize) -> Result<Option<Periodicity>, OctalError> {
        if let Some(p) = self.period {
            return Ok(Some(p));
        }
        if self.rules.unequal_splits() {
            return Err(OctalError::NoPeriodicityTheorem { game: self.rules.to_string() });
        }
        if limit > MAX_LEN {
            return Err(OctalError::TooLong { len: limit, max: MAX_LEN });
        }
        let mut len = self.values.len().max(64).min(limit);
        loop {
            self.extend_to(len)?;
            if let Some(p) = prove_period(&self.values, self.rules.max_take(), self.parts()) {
                self.period = Some(p);
                return Ok(Some(p));
            }
            if len >= limit {
                return Ok(None);
            }
            len = (len * 2).min(limit);
        }
    }
}

/// The value of heap `g.len()` by the definition, given the values `g` of smaller heaps and
/// their maximum `max` (`set` is scratch space).
pub(crate) fn plain_value(
    rules: &Rules,
    g: &[u32],
    max: u32,
    set: &mut NimberSet,
) -> Result<u32, OctalError> {
    let n = g.len();
    if max < 64 {
        let mut mask = 0u64;
        options(rules, g, n, |v| mask |= 1 << v);
        Ok((!mask).trailing_zeros())
    } else {
        set.clear();
        options(rules, g, n, |v| {
            set.insert(Nimber::new(u64::from(v)));
        });
        let mex = set.mex().value();
        u32::try_from(mex).map_err(|_| OctalError::ValueOverflow { heap: n })
    }
}

/// Calls `add` with the value of every option of a heap of `n` (values of smaller heaps known).
fn options(rules: &Rules, g: &[u32], n: usize, mut add: impl FnMut(u32)) {
    let unequal = usize::from(rules.unequal_splits());
    for (j, &d) in rules.code().digits().iter().enumerate() {
        if j > n {
            break;
        }
        let m = n - j;
        if d & 1 != 0 && j >= 1 && m == 0 {
            add(0);
        }
        if d & 2 != 0 && j >= 1 && m >= 1 {
            add(g[m]);
        }
        if d & 4 != 0 && m >= 2 {
            // With unequal splits, a < m - a: a <= (m - 1) / 2.
            for a in 1..=(m - unequal) / 2 {
                add(g[a] ^ g[m - a]);
            }
        }
        if d & 8 != 0 && m >= 3 {
            for a in 1..=m / 3 {
                for b in a..=(m - a) / 2 {
                    add(g[a] ^ g[b] ^ g[m - a - b]);
                }
            }
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

    #[test]
    fn values_above_63_take_the_general_path() {
        // 4.0 with every split allowed: 0.4444... grows; 0.7777... (take any, split) too.
        let code: Code = "0.77777777777777777777777777777777".parse().expect("valid");
        let mut s = Sequence::new(code.clone());
        s.extend_to(200).expect("small");
        assert!(s.max_value() > 64, "max {}", s.max_value());
        // The set path and the bitmask path agree where both apply.
        let mut t = Sequence::new("0.77".parse().expect("valid"));
        t.extend_to(100).expect("small");
        assert!(t.max_value() < 64);
    }
}
