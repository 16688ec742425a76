//! A faster exact computation of Grundy sequences: rare and common values, and proved periods.
//!
//! The technique is described on [`SequenceMethod::Fast`]; this module holds its state and the
//! choice of its mask.

use grundy_core::NimberSet;

use crate::period::prove_period;
use crate::plain::plain_value;
use crate::{OctalError, Periodicity, Rules};

/// How [`Sequence::extend_to`](crate::Sequence::extend_to) computes the Grundy values.
///
/// Both methods give the same values (the tests compare them on random codes); they differ only
/// in speed. Three-heap (hexadecimal) codes always use the plain method.
///
/// # Example
///
/// ```
/// use grundy_octal::{SequenceMethod, Sequence};
///
/// let mut s = Sequence::with_method("0.6".parse()?, SequenceMethod::Fast);
/// s.extend_to(20_000)?;
/// assert_eq!(Sequence::new("0.6".parse()?).method(), SequenceMethod::default());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum SequenceMethod {
    /// The definition: the mex over every option of every heap.
    ///
    /// # Complexity
    ///
    /// O(n² · t) time for `n` values of a code that splits in two, `t` its largest take.
    Plain,
    /// Rare and common values, and a proof of periodicity tried at every power of two; the
    /// plain method wherever rare values are not rare.
    ///
    /// For codes whose moves leave at most two heaps, the value of a heap of `n` is the mex of
    /// a few single values and, for every digit `j` allowing splits, of `G(a) ^ G(m - a)` for
    /// `0 < a < m = n - j`. Visiting every split makes the plain method quadratic. Two exact
    /// shortcuts avoid most of that work.
    ///
    /// **Rare and common values** (the sparse space phenomenon: *Winning Ways*, chapter 4,
    /// "Sparse Space Spells Speed"; Gangolli and Plambeck 1989; Flammenkamp's tables of octal
    /// games). Fix a bit mask `M` and call a value *rare* when `v & M` has an even number of
    /// ones, *common* otherwise. Parities add under XOR, so a split worth a common value has
    /// exactly one rare part. For many games a well-chosen mask makes rare values rare indeed.
    /// Then every common option is found by pairing each rare position with its partner, in
    /// O(#rare) steps; the mex is at most the smallest common value so found missing, every
    /// value missing below it is rare, and the splits are scanned only until each of those has
    /// been seen. The full scan, proving a rare value missing, happens only at heaps whose
    /// value is rare. The mask changes nothing but the speed: any mask gives the exact values.
    ///
    /// **One split per heap parity.** Some games have dense values but split them by the
    /// parity of the heap: 4.07 has values 1 and 3 on even heaps, 0 and 2 on odd ones, so no
    /// mask alone makes few heaps rare. When every digit that splits has the same parity `s`,
    /// call heap `a` rare when `popcount(G(a) & M) + ((a + s) mod 2)` is even: the heaps of each
    /// parity get their own common values. A split of `m = n - j` into two common heaps `a`
    /// and `m - a` is then worth a value `v` with `popcount(v & M) = m mod 2` (mod 2), the
    /// same for every split of heap `n`, so the same argument applies with "rare value"
    /// meaning "of that parity under `M`" (and a heap is rare exactly when its value is of
    /// the parity that its own splits into common heaps can reach). For 4.07 the mask 1 with
    /// the heap parity leaves no heap rare at all.
    ///
    /// The split (a mask below 2^12, with the heap parity or not) is chosen from the values so
    /// far (at the start of each [`extend_to`](crate::Sequence::extend_to) and whenever the
    /// length doubles): the one with the fewest rare positions. If more than a fifth of the
    /// positions would be rare, the plain method is used until the next choice.
    ///
    /// **Proved periods.** Whenever the length reaches a power of two, the periodicity theorem
    /// (Guy and Smith 1956; see [`Periodicity`](crate::Periodicity)) is tried on the values so
    /// far; once it proves a period, every further value is read off it.
    ///
    /// # Complexity
    ///
    /// Per heap, O(r · s + v / 64) with `r` rare positions so far, `s` split digits and values
    /// below `v`, plus the splits scanned until every rare candidate below the mex is seen: a
    /// full O(n · s) scan only at heaps whose value is rare. Once a period is proved, O(1) per
    /// heap. In the worst case (no good mask, no period), the plain method's O(n² · t).
    #[default]
    Fast,
    /// [`Fast`](SequenceMethod::Fast) without proved periods: rare and common values (one split, or
    /// one per heap parity) only, so every value is computed from its options even where a
    /// proved period would give it.
    ///
    /// This is the raw speed of the method (the figure that matters for games with no known
    /// period, such as 0.6 and 0.007), and an independent check of a proved period.
    ///
    /// # Complexity
    ///
    /// As [`Fast`](SequenceMethod::Fast) before any period is proved.
    RareCommon,
}

/// Below this many values, no mask is chosen (the plain method is as fast).
const MIN_MASKED: usize = 64;

/// The scan for wanted values uses a byte per value while the values are below this.
const MAX_WANT_BYTES: usize = 1 << 16;

/// Masks are chosen among those below `2^MAX_MASK_BITS`.
const MAX_MASK_BITS: u32 = 12;

/// Computes values of a code that splits in at most two until there are `len` of them; returns
/// the period proved on the way, if one was (every value after its proof was read off it).
pub(crate) fn extend(
    rules: &Rules,
    values: &mut Vec<u32>,
    max: &mut u32,
    len: usize,
    periods: bool,
) -> Result<Option<Periodicity>, OctalError> {
    extend_with(rules, values, max, len, None, periods && !rules.unequal_splits(), true)
}

/// [`extend`] with a fixed split instead of the chosen ones (`Some(Split::default())` being the
/// plain method), periods tried or not, and the byte and 16-bit tables for small values used
/// or not: the tests check that none of these changes the values.
fn extend_with(
    rules: &Rules,
    values: &mut Vec<u32>,
    max: &mut u32,
    len: usize,
    fixed_mask: Option<Split>,
    periods: bool,
    small_tables: bool,
) -> Result<Option<Periodicity>, OctalError> {
    debug_assert!(!rules.code().splits_in_three());
    debug_assert!(!(periods && rules.unequal_splits()), "no periodicity theorem applies");
    let mut state = State::new(rules, values);
    if !small_tables {
        state.small_tables = 0;
    }
    if let Some(split) = fixed_mask {
        state.set_split(values, split);
    }
    let mut set = NimberSet::new();
    // While every value is below 64, a copy of the values as bytes: the plain method's split
    // loop then reads a quarter of the memory (it is bound by memory traffic on long
    // sequences). Emptied for good once a value reaches 64.
    let mut bytes: Vec<u8> = if *max < 64 {
        values.iter().map(|&v| u8::try_from(v).unwrap_or(u8::MAX)).collect()
    } else {
        Vec::new()
    };
    while values.len() < len {
        let n = values.len();
        if periods && n >= 128 && n.is_power_of_two() {
            if let Some(proof) = prove_period(values, rules.max_take(), 2) {
                while values.len() < len {
                    let m = values.len() as u64;
                    values.push(values[proof.reduce(m)]);
                }
                return Ok(Some(proof));
            }
        }
        if fixed_mask.is_none() && n >= MIN_MASKED && n.is_power_of_two() {
            state.choose_mask(values);
        }
        let plain = state.split.is_plain();
        let v = if plain && *max < 64 && bytes.len() == n {
            plain_small(rules, values, &bytes)
        } else if plain && *max < 64 {
            plain_value(rules, values, *max, &mut set)?
        } else {
            state.value(rules, values, *max)?
        };
        match u8::try_from(v) {
            Ok(b) if b < 64 && bytes.len() == n => bytes.push(b),
            _ => bytes.clear(),
        }
        if n >= 1 && !plain && state.is_rare(v, n) {
            state.rare.push(n);
        }
        *max = (*max).max(v);
        values.push(v);
    }
    Ok(None)
}

/// The value of heap `g.len()` by the definition when every value so far is below 64, the
/// values also given as `bytes` (`bytes[a] = g[a]`).
fn plain_small(rules: &Rules, g: &[u32], bytes: &[u8]) -> u32 {
    let n = g.len();
    let unequal = usize::from(rules.unequal_splits());
    let mut mask = 0u64;
    for (j, &d) in rules.code().digits().iter().enumerate().take(n + 1) {
        let m = n - j;
        if d & 1 != 0 && j >= 1 && m == 0 {
            mask |= 1;
        }
        if d & 2 != 0 && j >= 1 && m >= 1 {
            mask |= 1 << g[m];
        }
        if d & 4 != 0 && m >= 2 {
            let half = (m - unequal) / 2;
            mask |= split_mask(&bytes[1..=half], &bytes[m - half..m]);
        }
    }
    (!mask).trailing_zeros()
}

/// The set of `left[i] ^ right[len - 1 - i]` as a bit mask (every byte below 64).
fn split_mask(left: &[u8], right: &[u8]) -> u64 {
    // Four independent accumulators over chunks of four pairs keep the loop free of a single
    // dependency chain; the right-hand chunks are read backwards.
    let mut acc = [0u64; 4];
    for (l, r) in left.chunks_exact(4).zip(right.rchunks_exact(4)) {
        acc[0] |= 1u64 << ((l[0] ^ r[3]) & 63);
        acc[1] |= 1u64 << ((l[1] ^ r[2]) & 63);
        acc[2] |= 1u64 << ((l[2] ^ r[1]) & 63);
        acc[3] |= 1u64 << ((l[3] ^ r[0]) & 63);
    }
    let done = left.len() / 4 * 4;
    let tail_right = &right[..right.len() - done];
    let mut mask = acc[0] | acc[1] | acc[2] | acc[3];
    for (&x, &y) in left[done..].iter().zip(tail_right.iter().rev()) {
        mask |= 1u64 << ((x ^ y) & 63);
    }
    mask
}

/// A rare/common split of the heaps: heap `a` is *rare* when
/// `popcount(G(a) & mask) + tag · ((a + j) mod 2)` is even, `j` being the parity of the split
/// digits (see [`SequenceMethod::RareCommon`]). With `tag` false this is the classic split by a mask
/// alone; with `tag` true the heaps of either parity have their own set of common values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Split {
    /// The bits of the values that decide.
    mask: u32,
    /// Whether the parity of the heap counts too.
    tag: bool,
}

impl Split {
    /// Tells whether this is no split at all (the plain method).
    const fn is_plain(self) -> bool {
        self.mask == 0 && !self.tag
    }
}

/// Marks `left[i] ^ right[len - 1 - i]` for every `i`: the splits `(a, m - a)`.
fn mark_pairs<T: Copy + Into<u32>>(left: &[T], right: &[T], mut mark: impl FnMut(u32)) {
    for (&x, &y) in left.iter().zip(right.iter().rev()) {
        mark(x.into() ^ y.into());
    }
}

/// Sets the bits of `left[i] ^ right[len - 1 - i]` in `seen` for every `i`, four pairs at a
/// time into four bitmaps, so that a store seldom waits on the previous one to the same word
/// (0.007: 1.3 times faster than one bitmap).
/// The three extra bitmaps (`others`) are zero on entry and are left zero.
fn mark_narrow_pairs(left: &[u16], right: &[u16], seen: &mut [u64], others: &mut Others) {
    let words = seen.len();
    let split = if words <= WORDS { left.len() / 4 * 4 } else { 0 };
    let (head, tail) = left.split_at(split);
    let (rtail, rhead) = right.split_at(right.len() - split);
    let [a, b, c] = others;
    for (x, y) in head.chunks_exact(4).zip(rhead.rchunks_exact(4)) {
        let v = [x[0] ^ y[3], x[1] ^ y[2], x[2] ^ y[1], x[3] ^ y[0]];
        seen[usize::from(v[0] >> 6)] |= 1 << (v[0] & 63);
        a[usize::from(v[1] >> 6)] |= 1 << (v[1] & 63);
        b[usize::from(v[2] >> 6)] |= 1 << (v[2] & 63);
        c[usize::from(v[3] >> 6)] |= 1 << (v[3] & 63);
    }
    for (&x, &y) in tail.iter().zip(rtail.iter().rev()) {
        let v = x ^ y;
        seen[usize::from(v >> 6)] |= 1 << (v & 63);
    }
    if split > 0 {
        for (i, word) in seen.iter_mut().enumerate() {
            *word |= a[i] | b[i] | c[i];
            (a[i], b[i], c[i]) = (0, 0, 0);
        }
    }
}

/// Words of a bitmap of 16-bit values.
const WORDS: usize = 1 << 10;

/// Extra bitmaps of [`mark_narrow_pairs`].
type Others = [[u64; WORDS]; 3];

/// Calls `found` with `left[i] ^ right[len - 1 - i]` for `i = 0, 1, ...` until it returns
/// true. `want`, when not empty, has a power-of-two length above every value and is non-zero
/// at least at every value `found` still waits for: the pairs are then tried eight at a time
/// against it, with one branch per eight pairs, and `found` only called on the eight pairs
/// that may hold a wanted value (whose bytes are cleared as they are passed to it).
fn scan_pairs<T: Copy + Into<u32>>(
    left: &[T],
    right: &[T],
    want: &mut [u8],
    mut found: impl FnMut(u32) -> bool,
) {
    let mut start = 0;
    if let Some(mask) = want.len().checked_sub(1) {
        for (l, r) in left.chunks_exact(8).zip(right.rchunks_exact(8)) {
            let value = |i: usize| l[i].into() ^ r[7 - i].into();
            let hit = (0..8).fold(0u8, |acc, i| acc | want[value(i) as usize & mask]);
            if hit != 0 {
                for i in 0..8 {
                    let v = value(i);
                    want[v as usize & mask] = 0;
                    if found(v) {
                        return;
                    }
                }
            }
            start += 8;
        }
    }
    let rest = left.len() - start;
    for (&x, &y) in left[start..].iter().zip(right[..rest].iter().rev()) {
        if found(x.into() ^ y.into()) {
            return;
        }
    }
}

/// What the rare-and-common method keeps between heaps.
struct State {
    /// The digits `j` whose moves may split the rest in two.
    splits: Vec<usize>,
    /// The parity shared by every digit in `splits`, if they share one (heap parities may
    /// only count then).
    split_parity: Option<usize>,
    /// 1 when splits must be unequal (Grundy's game), else 0.
    unequal: usize,
    /// The split in use; [`Split::is_plain`] when the plain method is used.
    split: Split,
    /// The positions `a >= 1` that are rare, in increasing order.
    rare: Vec<usize>,
    /// A power of two above every value so far: every option is below it.
    bound: usize,
    /// `classes[q]` has bit `x` set when `popcount(x & mask) % 2 == q`, for `x <= bound`: the
    /// values a split of `m` into two common heaps may be worth are `classes[tag · (m % 2)]`.
    classes: [Vec<u64>; 2],
    /// Bit `x` tells whether some option found so far is worth `x`, for `x <= bound`.
    seen: Vec<u64>,
    /// Scratch bitmaps of the plain method's split loop (zero between uses).
    others: Box<Others>,
    /// Bit `x` tells whether `x` is a value still to be found among the splits.
    todo: Vec<u64>,
    /// `want[x]` is 1 while `x` is still to be found (a byte copy of `todo` for the scan).
    want: Vec<u8>,
    /// The values so far as 16-bit numbers, while every value fits (else empty).
    narrow: Vec<u16>,
    /// `want` and `narrow` are used while the values are below this: [`MAX_WANT_BYTES`], or
    /// 0 in the tests of the paths without them.
    small_tables: usize,
}

impl State {
    fn new(rules: &Rules, values: &[u32]) -> Self {
        let splits: Vec<usize> = rules
            .code()
            .digits()
            .iter()
            .enumerate()
            .filter(|&(_, d)| d & 4 != 0)
            .map(|(j, _)| j)
            .collect();
        let split_parity = match splits.first() {
            Some(&j) if splits.iter().all(|&k| k % 2 == j % 2) => Some(j % 2),
            _ => None,
        };
        let mut state = State {
            splits,
            split_parity,
            unequal: usize::from(rules.unequal_splits()),
            split: Split::default(),
            rare: Vec::new(),
            bound: 0,
            classes: [Vec::new(), Vec::new()],
            seen: Vec::new(),
            others: Box::new([[0; WORDS]; 3]),
            todo: Vec::new(),
            want: Vec::new(),
            narrow: Vec::new(),
            small_tables: MAX_WANT_BYTES,
        };
        if values.len() >= MIN_MASKED {
            state.choose_mask(values);
        }
        state
    }

    /// The parity class (0 or 1) of heap `a` for the split in use.
    fn heap_class(&self, a: usize) -> u32 {
        match (self.split.tag, self.split_parity) {
            (true, Some(j)) => u32::from((a + j) % 2 == 1),
            _ => 0,
        }
    }

    /// Tells whether heap `a`, of value `v`, is rare under the split in use.
    fn is_rare(&self, v: u32, a: usize) -> bool {
        ((v & self.split.mask).count_ones() + self.heap_class(a)) % 2 == 0
    }

    /// Picks the split with the fewest rare heaps among `values[1..]`: a mask below
    /// `2^MAX_MASK_BITS`, with or without the heap parity. Uses the plain method instead if
    /// even that leaves more than a fifth of them rare.
    fn choose_mask(&mut self, values: &[u32]) {
        let max = values.iter().copied().max().unwrap_or(0);
        let bits = (u32::BITS - max.leading_zeros()).min(MAX_MASK_BITS);
        let low = (1u32 << bits) - 1;
        // counts[class][v & low]: how many heaps of each parity class hold each value.
        let parity = self.split_parity;
        let mut counts = [vec![0usize; 1 << bits], vec![0usize; 1 << bits]];
        for (a, &v) in values.iter().enumerate().skip(1) {
            let class = parity.map_or(0, |j| (a + j) % 2);
            counts[class][(v & low) as usize] += 1;
        }
        let present: Vec<(u32, u32, usize)> = (0..2u32)
            .flat_map(|class| {
                let row = &counts[class as usize];
                (0..=low).zip(row.iter().copied()).map(move |(v, count)| (class, v, count))
            })
            .filter(|&(_, _, count)| count > 0)
            .collect();
        let tags: &[bool] = if parity.is_some() { &[false, true] } else { &[false] };
        let best = tags
            .iter()
            .flat_map(|&tag| (0..=low).map(move |mask| Split { mask, tag }))
            .filter(|split| !split.is_plain())
            .map(|split| {
                let rare: usize = present
                    .iter()
                    .filter(|&&(class, v, _)| {
                        ((v & split.mask).count_ones() + class * u32::from(split.tag)) % 2 == 0
                    })
                    .map(|&(_, _, count)| count)
                    .sum();
                (rare, split.tag, split.mask)
            })
            .min();
        let split = match best {
            Some((rare, tag, mask)) if rare * 5 <= values.len() => Split { mask, tag },
            _ => Split::default(),
        };
        self.set_split(values, split);
    }

    /// Uses `split` from now on, and lists the rare heaps of `values` under it.
    fn set_split(&mut self, values: &[u32], split: Split) {
        if split == self.split {
            return;
        }
        self.split = split;
        self.bound = 0; // recompute `classes`
        self.rare.clear();
        if !split.is_plain() {
            let rare = (1..values.len()).filter(|&a| self.is_rare(values[a], a));
            let rare: Vec<usize> = rare.collect();
            self.rare = rare;
        }
    }

    /// The value of heap `values.len()`, every value being below or at `max`.
    fn value(&mut self, rules: &Rules, g: &[u32], max: u32) -> Result<u32, OctalError> {
        let n = g.len();
        let bound = (max as usize + 1).next_power_of_two();
        let words = bound / 64 + 1;
        if bound != self.bound {
            self.bound = bound;
            self.classes = [vec![0; words], vec![0; words]];
            self.seen = vec![0; words];
            for x in 0..=bound {
                let x32 = u32::try_from(x).map_err(|_| OctalError::ValueOverflow { heap: n })?;
                let q = (x32 & self.split.mask).count_ones() % 2;
                self.classes[q as usize][x / 64] |= 1 << (x % 64);
            }
        }
        // A copy of the values as 16-bit numbers while they fit: the loops over the splits then
        // read half the memory.
        if (max as usize) < self.small_tables {
            let start = self.narrow.len();
            self.narrow.extend(g[start..].iter().map(|&v| u16::try_from(v).unwrap_or(u16::MAX)));
        } else if !self.narrow.is_empty() {
            self.narrow = Vec::new();
        }
        let seen = &mut self.seen;
        seen.fill(0);
        let mut mark = |v: u32| seen[v as usize / 64] |= 1 << (v % 64);
        // The options that leave at most one heap.
        for (j, &d) in rules.code().digits().iter().enumerate().take(n + 1) {
            let m = n - j;
            if d & 1 != 0 && j >= 1 && m == 0 {
                mark(0);
            }
            if d & 2 != 0 && j >= 1 && m >= 1 {
                mark(g[m]);
            }
        }
        if self.split.is_plain() {
            // The plain method, with a bitmap of values: every split.
            for &j in &self.splits {
                let Some(m) = n.checked_sub(j).filter(|&m| m >= 2) else { continue };
                let half = (m - self.unequal) / 2;
                if self.narrow.len() == n {
                    mark_narrow_pairs(
                        &self.narrow[1..=half],
                        &self.narrow[m - half..m],
                        seen,
                        &mut self.others,
                    );
                } else {
                    mark_pairs(&g[1..=half], &g[m - half..m], |v| {
                        seen[v as usize / 64] |= 1 << (v % 64);
                    });
                }
            }
        } else {
            self.rare_and_common(g, n, words);
        }
        let seen = &self.seen;
        let mex = (0..words)
            .find_map(|w| (seen[w] != !0).then(|| w * 64 + (!seen[w]).trailing_zeros() as usize))
            .unwrap_or(bound);
        u32::try_from(mex).map_err(|_| OctalError::ValueOverflow { heap: n })
    }

    /// Marks the options of the splits of heap `n` as seen (`seen` holding the other options),
    /// as far as needed to find the mex: every split with a rare part, then splits into two
    /// common parts until each value they may be worth below the smallest missing value they
    /// cannot be worth is seen.
    fn rare_and_common(&mut self, g: &[u32], n: usize, words: usize) {
        let bound = self.bound;
        // A split of `m = n - j` into two common heaps is worth a value of `reachable`.
        let reachable = &self.classes[self.heap_class(n) as usize];
        let seen = &mut self.seen;
        let mut mark = |v: u32| seen[v as usize / 64] |= 1 << (v % 64);
        // Every split with a rare part: all the common options, and some rare ones.
        for &j in &self.splits {
            let Some(m) = n.checked_sub(j) else { continue };
            for &a in &self.rare {
                if a >= m {
                    break;
                }
                if self.unequal == 0 || 2 * a != m {
                    mark(g[a] ^ g[m - a]);
                }
            }
        }
        // The smallest value not seen that no split into two common parts is worth bounds the
        // mex; every value missing below it can only come from such a split (or be the mex).
        let limit = (0..words)
            .find_map(|w| {
                let missing = !seen[w] & !reachable[w];
                (missing != 0).then(|| w * 64 + missing.trailing_zeros() as usize)
            })
            .map_or(bound, |x| x.min(bound));
        let below = |w: usize| -> u64 {
            let start = w * 64;
            if start + 64 <= limit {
                !0
            } else if start >= limit {
                0
            } else {
                (1u64 << (limit - start)) - 1
            }
        };
        // The rare values still wanted: missing and below the limit.
        let todo = &mut self.todo;
        todo.clear();
        todo.extend((0..words).map(|w| !seen[w] & reachable[w] & below(w)));
        let mut wanted: u32 = todo.iter().map(|w| w.count_ones()).sum();
        let any_wanted = wanted > 0;
        if any_wanted && bound <= self.small_tables {
            let want = &mut self.want;
            want.clear();
            want.resize(bound, 0);
            for (w, &word) in todo.iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    want[w * 64 + bits.trailing_zeros() as usize] = 1;
                    bits &= bits - 1;
                }
            }
        }
        // Each found value is ticked off until none is left. Every value is below `bound`, so
        // the word index is in range.
        let mut found = |v: u32| -> bool {
            let (w, bit) = (v as usize / 64, 1u64 << (v % 64));
            if todo[w] & bit != 0 {
                todo[w] &= !bit;
                seen[w] |= bit;
                wanted -= 1;
                wanted == 0
            } else {
                false
            }
        };
        if any_wanted {
            let halves: Vec<(usize, usize)> = self
                .splits
                .iter()
                .filter_map(|&j| n.checked_sub(j))
                .filter(|&m| m >= 2)
                .map(|m| (m, (m - self.unequal) / 2))
                .collect();
            if let [(m, half)] = halves[..] {
                // One split digit (most codes): the pairs (a, m - a) for a = 1 ..= m / 2.
                let want: &mut [u8] =
                    if bound <= self.small_tables { &mut self.want[..bound] } else { &mut [] };
                if self.narrow.len() == n {
                    scan_pairs(&self.narrow[1..=half], &self.narrow[m - half..m], want, found);
                } else {
                    scan_pairs(&g[1..=half], &g[m - half..m], want, found);
                }
            } else {
                let top = halves.iter().map(|&(_, h)| h).max().unwrap_or(0);
                'scan: for a in 1..=top {
                    for &(m, half) in &halves {
                        if a <= half && found(g[a] ^ g[m - a]) {
                            break 'scan;
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(rules: &Rules, len: usize) -> Vec<u32> {
        let mut s =
            crate::Sequence::for_rules_with_method(rules.clone(), crate::SequenceMethod::Plain);
        s.extend_to(len).expect("short");
        s.values().to_vec()
    }

    fn fast(rules: &Rules, len: usize, mask: Option<Split>, periods: bool) -> Vec<u32> {
        let (mut values, mut max) = (Vec::new(), 0);
        extend_with(rules, &mut values, &mut max, len, mask, periods, true).expect("short");
        let (mut wide, mut wide_max) = (Vec::new(), 0);
        extend_with(rules, &mut wide, &mut wide_max, len, mask, periods, false).expect("short");
        assert_eq!(wide, values, "without the byte and 16-bit tables");
        assert_eq!(values.iter().copied().max().unwrap_or(0), max);
        values
    }

    /// Any split (mask, with or without the heap parity) gives the exact values, however many
    /// values it makes rare; the split only changes the speed.
    #[test]
    fn every_mask_gives_the_plain_values() {
        let codes = ["0.137", "0.77", "0.6", "0.16", "0.007", "4.07", "0.74", "4.0077", "0.4444"];
        let mut games: Vec<Rules> = codes.iter().map(|t| t.parse().expect("valid")).collect();
        games.push(Rules::grundys_game());
        for text in ["0.6", "4.07", "0.4444"] {
            games.push(text.parse::<Rules>().expect("valid").with_unequal_splits());
        }
        for rules in &games {
            let expected = plain(rules, 700);
            for mask in (0..40).chain([0xff, 0x155, 0xfff, u32::MAX]) {
                for tag in [false, true] {
                    let split = Split { mask, tag };
                    let got = fast(rules, 700, Some(split), false);
                    assert_eq!(got, expected, "{rules} {split:?}");
                }
            }
        }
    }

    /// Periods tried or not, the chosen masks give the plain values.
    #[test]
    fn chosen_masks_give_the_plain_values() {
        for text in ["0.6", "0.16", "0.007", "4.07", "0.137", "0.77", "0.74"] {
            let rules: Rules = text.parse().expect("valid");
            let expected = plain(&rules, 3000);
            assert_eq!(fast(&rules, 3000, None, false), expected, "{text} without periods");
            assert_eq!(fast(&rules, 3000, None, true), expected, "{text} with periods");
        }
        let grundy = Rules::grundys_game();
        assert_eq!(fast(&grundy, 3000, None, false), plain(&grundy, 3000));
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

        /// Differential: any fixed split, with or without the heap parity, on a random code
        /// (digit 0 is 0 or 4, then one to five digits, unequal splits or not) and a random
        /// length, gives the plain values.
        #[test]
        fn any_split_gives_the_plain_values(
            zero in proptest::prelude::any::<bool>(),
            digits in proptest::collection::vec(0u8..8, 1..=5),
            unequal in proptest::prelude::any::<bool>(),
            mask in 0u32..64,
            tag in proptest::prelude::any::<bool>(),
            len in 1usize..1500,
        ) {
            let text: String = digits.iter().map(|d| d.to_string()).collect();
            let code = format!("{}.{text}", if zero { 4 } else { 0 });
            let mut rules: Rules = code.parse().expect("valid");
            if unequal {
                rules = rules.with_unequal_splits();
            }
            let expected = plain(&rules, len);
            let split = Split { mask, tag };
            proptest::prop_assert_eq!(fast(&rules, len, Some(split), false), expected, "{} {:?}", rules, split);
        }
    }

    /// 0.16 has a mask with few rare values, and it is found.
    #[test]
    fn finds_a_good_mask_for_0_16() {
        let values = plain(&"0.16".parse().expect("valid"), 4096);
        let mut state = State::new(&"0.16".parse().expect("valid"), &values);
        state.choose_mask(&values);
        assert!(!state.split.is_plain());
        assert!(state.rare.len() * 50 < values.len(), "{} rare", state.rare.len());
    }

    /// 4.07 (values 1, 3 on even heaps and 0, 2 on odd ones from heap 1 on) has no good mask
    /// alone, but the mask 1 with the heap parity leaves only heap 0's kind rare: none at all.
    #[test]
    fn finds_a_parity_split_for_4_07() {
        let rules: Rules = "4.07".parse().expect("valid");
        let values = plain(&rules, 4096);
        let mut state = State::new(&rules, &values);
        state.choose_mask(&values);
        assert_eq!(state.split, Split { mask: 1, tag: true });
        assert!(state.rare.is_empty(), "{} rare", state.rare.len());
        // Kayles' split digits have both parities: the heap parity is never used.
        let kayles: Rules = "0.77".parse().expect("valid");
        let values = plain(&kayles, 4096);
        let mut state = State::new(&kayles, &values);
        state.choose_mask(&values);
        assert!(!state.split.tag && !state.split.is_plain());
    }
}
