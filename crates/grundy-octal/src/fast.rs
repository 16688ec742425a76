//! A faster exact computation of Grundy sequences: rare and common values, and proved periods.
//!
//! The technique is described on [`Method::Fast`]; this module holds its state and the
//! choice of its mask.

use grundy_core::NimberSet;

use crate::sequence::{plain_value, prove_period};
use crate::{OctalError, Rules};

/// How [`Sequence::extend_to`](crate::Sequence::extend_to) computes the Grundy values.
///
/// Both methods give the same values (the tests compare them on random codes); they differ only
/// in speed. Three-heap (hexadecimal) codes always use the plain method.
///
/// # Example
///
/// ```
/// use grundy_octal::{Method, Sequence};
///
/// let mut s = Sequence::with_method("0.6".parse()?, Method::Fast);
/// s.extend_to(20_000)?;
/// assert_eq!(Sequence::new("0.6".parse()?).method(), Method::default());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Method {
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
    /// It is chosen from the values so far (at the start of each
    /// [`extend_to`](crate::Sequence::extend_to) and whenever the length doubles): the one
    /// below 2^12 with the fewest rare positions. If more than a fifth of the positions would
    /// be rare, the plain method is used until the next choice.
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
    /// [`Fast`](Method::Fast) without proved periods: rare and common values only, so every
    /// value is computed from its options even where a proved period would give it.
    ///
    /// This is the raw speed of the method (the figure that matters for games with no known
    /// period, such as 0.6 and 0.007), and an independent check of a proved period.
    ///
    /// # Complexity
    ///
    /// As [`Fast`](Method::Fast) before any period is proved.
    RareCommon,
}

/// Below this many values, no mask is chosen (the plain method is as fast).
const MIN_MASKED: usize = 64;

/// Masks are chosen among those below `2^MAX_MASK_BITS`.
const MAX_MASK_BITS: u32 = 12;

/// Computes values of a code that splits in at most two until there are `len` of them.
pub(crate) fn extend(
    rules: &Rules,
    values: &mut Vec<u32>,
    max: &mut u32,
    len: usize,
    periods: bool,
) -> Result<(), OctalError> {
    extend_with(rules, values, max, len, None, periods && !rules.unequal_splits())
}

/// [`extend`] with a fixed mask instead of the chosen ones (`Some(0)` being the plain method),
/// and periods tried or not: the tests check that neither changes the values.
fn extend_with(
    rules: &Rules,
    values: &mut Vec<u32>,
    max: &mut u32,
    len: usize,
    fixed_mask: Option<u32>,
    periods: bool,
) -> Result<(), OctalError> {
    debug_assert!(!rules.code().splits_in_three());
    debug_assert!(!(periods && rules.unequal_splits()), "no periodicity theorem applies");
    let mut state = State::new(rules, values);
    if let Some(mask) = fixed_mask {
        state.set_mask(values, mask);
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
            if let Some(proof) = prove_period(values, rules.max_take()) {
                while values.len() < len {
                    let m = values.len() as u64;
                    values.push(values[proof.reduce(m)]);
                }
                return Ok(());
            }
        }
        if fixed_mask.is_none() && n >= MIN_MASKED && n.is_power_of_two() {
            state.choose_mask(values);
        }
        let v = if state.mask == 0 && *max < 64 && bytes.len() == n {
            plain_small(rules, values, &bytes)
        } else if state.mask == 0 && *max < 64 {
            plain_value(rules, values, *max, &mut set)?
        } else {
            state.value(rules, values, *max)?
        };
        match u8::try_from(v) {
            Ok(b) if b < 64 && bytes.len() == n => bytes.push(b),
            _ => bytes.clear(),
        }
        if n >= 1 && state.mask != 0 && state.is_rare(v) {
            state.rare.push(n);
        }
        *max = (*max).max(v);
        values.push(v);
    }
    Ok(())
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

/// What the rare-and-common method keeps between heaps.
struct State {
    /// The digits `j` whose moves may split the rest in two.
    splits: Vec<usize>,
    /// 1 when splits must be unequal (Grundy's game), else 0.
    unequal: usize,
    /// The mask; 0 when the plain method is used.
    mask: u32,
    /// The positions `a >= 1` whose value is rare, in increasing order.
    rare: Vec<usize>,
    /// A power of two above every value so far: every option is below it.
    bound: usize,
    /// Bit `x` tells whether `x` is rare, for `x <= bound`.
    rare_bits: Vec<u64>,
    /// Bit `x` tells whether some option found so far is worth `x`, for `x <= bound`.
    seen: Vec<u64>,
    /// Bit `x` tells whether `x` is a rare value still to be found among the splits.
    todo: Vec<u64>,
}

impl State {
    fn new(rules: &Rules, values: &[u32]) -> Self {
        let splits = rules
            .code()
            .digits()
            .iter()
            .enumerate()
            .filter(|&(_, d)| d & 4 != 0)
            .map(|(j, _)| j)
            .collect();
        let mut state = State {
            splits,
            unequal: usize::from(rules.unequal_splits()),
            mask: 0,
            rare: Vec::new(),
            bound: 0,
            rare_bits: Vec::new(),
            seen: Vec::new(),
            todo: Vec::new(),
        };
        if values.len() >= MIN_MASKED {
            state.choose_mask(values);
        }
        state
    }

    /// Tells whether `v` is rare under the mask.
    fn is_rare(&self, v: u32) -> bool {
        (v & self.mask).count_ones() % 2 == 0
    }

    /// Picks the mask with the fewest rare positions among `values[1..]`, or 0 (the plain
    /// method) if even that leaves more than a fifth of them rare, and lists them.
    fn choose_mask(&mut self, values: &[u32]) {
        let max = values.iter().copied().max().unwrap_or(0);
        let bits = (u32::BITS - max.leading_zeros()).min(MAX_MASK_BITS);
        let low = (1u32 << bits) - 1;
        let mut counts = vec![0usize; 1 << bits];
        for &v in values.iter().skip(1) {
            counts[(v & low) as usize] += 1;
        }
        let present: Vec<(u32, usize)> =
            (0..=low).zip(counts.iter().copied()).filter(|&(_, count)| count > 0).collect();
        let best = (1..=low)
            .map(|mask| {
                let rare: usize = present
                    .iter()
                    .filter(|&&(v, _)| (v & mask).count_ones() % 2 == 0)
                    .map(|&(_, count)| count)
                    .sum();
                (rare, mask)
            })
            .min();
        let mask = match best {
            Some((rare, mask)) if rare * 5 <= values.len() => mask,
            _ => 0,
        };
        self.set_mask(values, mask);
    }

    /// Uses `mask` from now on, and lists the rare positions of `values` under it.
    fn set_mask(&mut self, values: &[u32], mask: u32) {
        if mask == self.mask {
            return;
        }
        self.mask = mask;
        self.bound = 0; // recompute `rare_bits`
        self.rare.clear();
        if mask != 0 {
            self.rare
                .extend((1..values.len()).filter(|&a| (values[a] & mask).count_ones() % 2 == 0));
        }
    }

    /// The value of heap `values.len()`, every value being below or at `max`.
    fn value(&mut self, rules: &Rules, g: &[u32], max: u32) -> Result<u32, OctalError> {
        let n = g.len();
        let bound = (max as usize + 1).next_power_of_two();
        let words = bound / 64 + 1;
        if bound != self.bound {
            self.bound = bound;
            self.rare_bits = vec![0; words];
            self.seen = vec![0; words];
            for x in 0..=bound {
                let x32 = u32::try_from(x).map_err(|_| OctalError::ValueOverflow { heap: n })?;
                if self.is_rare(x32) {
                    self.rare_bits[x / 64] |= 1 << (x % 64);
                }
            }
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
        if self.mask == 0 {
            // The plain method, with a bitmap of values: every split.
            for &j in &self.splits {
                let Some(m) = n.checked_sub(j).filter(|&m| m >= 2) else { continue };
                let half = (m - self.unequal) / 2;
                for (&x, &y) in g[1..=half].iter().zip(g[m - half..m].iter().rev()) {
                    mark(x ^ y);
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
    /// common parts until each rare value below the smallest missing common one is seen.
    fn rare_and_common(&mut self, g: &[u32], n: usize, words: usize) {
        let bound = self.bound;
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
        // The smallest common value not seen bounds the mex; every value missing below it is
        // rare, and can only come from a split into two common parts (or be the mex).
        let limit = (0..words)
            .find_map(|w| {
                let missing = !seen[w] & !self.rare_bits[w];
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
        todo.extend((0..words).map(|w| !seen[w] & self.rare_bits[w] & below(w)));
        let mut wanted: u32 = todo.iter().map(|w| w.count_ones()).sum();
        let any_wanted = wanted > 0;
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
                let left = &g[1..=half];
                let right = &g[m - half..m];
                for (&x, &y) in left.iter().zip(right.iter().rev()) {
                    if found(x ^ y) {
                        break;
                    }
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
        let mut s = crate::Sequence::for_rules_with_method(rules.clone(), crate::Method::Plain);
        s.extend_to(len).expect("short");
        s.values().to_vec()
    }

    fn fast(rules: &Rules, len: usize, mask: Option<u32>, periods: bool) -> Vec<u32> {
        let (mut values, mut max) = (Vec::new(), 0);
        extend_with(rules, &mut values, &mut max, len, mask, periods).expect("short");
        assert_eq!(values.iter().copied().max().unwrap_or(0), max);
        values
    }

    /// Any mask gives the exact values, however many values it makes rare; the mask only
    /// changes the speed.
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
                assert_eq!(fast(rules, 700, Some(mask), false), expected, "{rules} mask {mask:#x}");
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

    /// 0.16 has a mask with few rare values, and it is found.
    #[test]
    fn finds_a_good_mask_for_0_16() {
        let values = plain(&"0.16".parse().expect("valid"), 4096);
        let mut state = State::new(&"0.16".parse().expect("valid"), &values);
        state.choose_mask(&values);
        assert_ne!(state.mask, 0);
        assert!(state.rare.len() * 50 < values.len(), "{} rare", state.rare.len());
    }
}
