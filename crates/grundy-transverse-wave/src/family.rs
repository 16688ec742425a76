//! Row families: the structure behind the fast solver.
//!
//! In Crosswise AND a row `i` survives the move `j` (keeps a 1 outside column `j`) exactly when
//! it has a 1 at `j`; the other rows become zero. So after a set `S` of columns has been played
//! (in any order) the position is `{r \ S : S ⊆ r}` over the rows `r` (seen as sets of
//! columns), and a move adds one column to `S` while some row still contains `S`. The game is
//! played on the simplicial complex whose facets are the rows. Hence, with `F` the family of
//! rows:
//!
//! 1. zero rows, repeated rows and rows contained in another row can be dropped (the complex
//!    is the same, so the game tree is the same);
//! 2. a column in every row is a cone point of the complex: the position is that column (a
//!    `*`) plus the rest;
//! 3. columns with the same rows (*twins*) matter only through how many there are, and a
//!    class of `t ≥ 3` twins can be cut to `t − 2`: once one twin is played the others lie in
//!    every later row and add `(t − 1) mod 2`, and before that the class behaves as one column
//!    (this preserves values, not misère play);
//! 4. when the columns split into groups `A | B` such that `F` is exactly the set of unions
//!    `a ∪ b` of a row of `F|A` and a row of `F|B` (a *join*), the position is the disjunctive
//!    sum of the two parts;
//! 5. pairwise disjoint rows `r_1 … r_k` (k ≥ 2) form a position of value
//!    `mex{(|r_i| − 1) mod 2}`: the first move decides the row, the rest is a row's parity.
//!
//! [`reduce`] applies these steps and leaves *parts*: families with at least two rows, no
//! common column, no three twins, no join split found, columns renumbered from 0.

use core::fmt::Debug;
use core::hash::Hash;

use grundy_core::Nimber;
use smallvec::SmallVec;

use crate::matrix::ones;

/// A set of columns: the operations the reduction needs.
pub(crate) trait Bits: Clone + Eq + Ord + Hash + Debug {
    fn is_zero(&self) -> bool;
    fn count(&self) -> usize;
    fn test(&self, j: usize) -> bool;
    fn and_with(&mut self, other: &Self);
    fn or_with(&mut self, other: &Self);
    fn andnot_with(&mut self, other: &Self);
    fn is_subset_of(&self, other: &Self) -> bool;
    fn zero_like(&self) -> Self;
    fn set_bit(&mut self, j: usize);
    /// The number of set columns below `j`.
    fn rank(&self, j: usize) -> usize;
    /// The set columns, increasing.
    fn for_each_one(&self, f: impl FnMut(usize));
}

impl Bits for u64 {
    #[inline]
    fn is_zero(&self) -> bool {
        *self == 0
    }
    #[inline]
    fn count(&self) -> usize {
        self.count_ones() as usize
    }
    #[inline]
    fn test(&self, j: usize) -> bool {
        *self >> j & 1 == 1
    }
    #[inline]
    fn and_with(&mut self, other: &Self) {
        *self &= *other;
    }
    #[inline]
    fn or_with(&mut self, other: &Self) {
        *self |= *other;
    }
    #[inline]
    fn andnot_with(&mut self, other: &Self) {
        *self &= !*other;
    }
    #[inline]
    fn is_subset_of(&self, other: &Self) -> bool {
        *self & !*other == 0
    }
    #[inline]
    fn zero_like(&self) -> Self {
        0
    }
    #[inline]
    fn set_bit(&mut self, j: usize) {
        *self |= 1u64 << j;
    }
    #[inline]
    fn rank(&self, j: usize) -> usize {
        (*self & ((1u64 << j) - 1)).count_ones() as usize
    }
    #[inline]
    fn for_each_one(&self, mut f: impl FnMut(usize)) {
        let mut w = *self;
        while w != 0 {
            f(w.trailing_zeros() as usize);
            w &= w - 1;
        }
    }
}

/// A set of columns of any size: words of 64 columns.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub(crate) struct Wide(pub(crate) Box<[u64]>);

impl Bits for Wide {
    fn is_zero(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    fn count(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }
    fn test(&self, j: usize) -> bool {
        self.0[j / 64] >> (j % 64) & 1 == 1
    }
    fn and_with(&mut self, other: &Self) {
        self.0.iter_mut().zip(other.0.iter()).for_each(|(a, b)| *a &= b);
    }
    fn or_with(&mut self, other: &Self) {
        self.0.iter_mut().zip(other.0.iter()).for_each(|(a, b)| *a |= b);
    }
    fn andnot_with(&mut self, other: &Self) {
        self.0.iter_mut().zip(other.0.iter()).for_each(|(a, b)| *a &= !b);
    }
    fn is_subset_of(&self, other: &Self) -> bool {
        self.0.iter().zip(other.0.iter()).all(|(a, b)| a & !b == 0)
    }
    fn zero_like(&self) -> Self {
        Wide(vec![0; self.0.len()].into_boxed_slice())
    }
    fn set_bit(&mut self, j: usize) {
        self.0[j / 64] |= 1u64 << (j % 64);
    }
    fn rank(&self, j: usize) -> usize {
        let below: usize = self.0[..j / 64].iter().map(|w| w.count_ones() as usize).sum();
        below + (self.0[j / 64] & ((1u64 << (j % 64)) - 1)).count_ones() as usize
    }
    fn for_each_one(&self, f: impl FnMut(usize)) {
        ones(&self.0).for_each(f);
    }
}

/// A part left by [`reduce`]: a family with columns renumbered from 0 and rows sorted. It is
/// the key of the solver's table.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) enum Key {
    /// At most 64 columns: one word per row.
    Narrow(SmallVec<[u64; 6]>),
    /// More columns: `words` words per row, rows one after the other.
    Wide { words: usize, data: Box<[u64]> },
}

/// The result of [`reduce`]: the value is `value` plus the nim-sum of the parts' values.
#[derive(Clone, Debug, Default)]
pub(crate) struct Reduced {
    /// The nim-sum of the parts settled in closed form (cone points, disjoint rows).
    pub(crate) value: Nimber,
    /// The parts left to search.
    pub(crate) parts: SmallVec<[Key; 2]>,
}

/// Scratch buffers reused across calls.
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    cols: Vec<usize>,
    inc: Vec<u64>,
    order: Vec<(u64, usize)>,
    order_wide: Vec<usize>,
    parent: Vec<usize>,
    degree: Vec<usize>,
}

/// Reduces the family `rows` (sets of columns, in any order, possibly repeated, dominated or
/// empty) into `out` (which is cleared first). `rows` is used as a buffer.
pub(crate) fn reduce<B: Bits>(rows: &mut Vec<B>, scratch: &mut Scratch, out: &mut Reduced) {
    out.value = Nimber::ZERO;
    out.parts.clear();
    maximal_rows(rows);
    if rows.is_empty() {
        return;
    }
    if rows.len() == 1 {
        out.value += parity(rows[0].count());
        return;
    }
    // Step 2: cone points.
    let mut common = rows[0].clone();
    for r in &rows[1..] {
        common.and_with(r);
    }
    if !common.is_zero() {
        out.value += parity(common.count());
        for r in rows.iter_mut() {
            r.andnot_with(&common);
        }
    }
    // Columns in use and their incidence vectors (bit i of a column: row i has it).
    let m = rows.len();
    let w = m.div_ceil(64);
    let mut union = rows[0].zero_like();
    for r in rows.iter() {
        union.or_with(r);
    }
    let cols = &mut scratch.cols;
    cols.clear();
    union.for_each_one(|c| cols.push(c));
    let n = cols.len();
    let inc = &mut scratch.inc;
    inc.clear();
    inc.resize(n * w, 0);
    for (i, r) in rows.iter().enumerate() {
        r.for_each_one(|c| inc[union.rank(c) * w + i / 64] |= 1u64 << (i % 64));
    }
    // Step 3: twins.
    let dropped = if w == 1 { cut_twins_narrow(scratch) } else { cut_twins_wide(scratch, w) };
    if dropped {
        let mut keep = union.zero_like();
        for &c in &scratch.cols {
            keep.set_bit(c);
        }
        for r in rows.iter_mut() {
            r.and_with(&keep);
        }
    }
    let n = scratch.cols.len();
    // Step 5: pairwise disjoint rows.
    if rows.iter().map(Bits::count).sum::<usize>() == n {
        out.value += disjoint_value(rows.iter().map(Bits::count));
        return;
    }
    // Step 4: joins. A split needs at least two rows on each side, so `m` is composite.
    if m >= 4 && !is_prime(m) {
        let groups = dependency_groups(scratch, n, w, m);
        if groups.len() > 1 {
            split_joins(rows, &scratch.cols, &groups, out);
            return;
        }
    }
    if w == 1 && n <= 64 {
        // Rebuild the rows from the incidence vectors, columns renumbered in order.
        let mut key: SmallVec<[u64; 6]> = SmallVec::from_elem(0, m);
        for (i, &col) in scratch.inc.iter().enumerate() {
            let mut x = col;
            while x != 0 {
                key[x.trailing_zeros() as usize] |= 1u64 << i;
                x &= x - 1;
            }
        }
        key.sort_unstable();
        out.parts.push(Key::Narrow(key));
    } else {
        out.parts.push(make_key(rows, &scratch.cols));
    }
}

/// The table key of a part: for at most 64 rows and columns, the part relabelled by rounds of
/// sorting (columns by incidence vector, then rows by their bits), so that parts equal up to
/// a relabelling often share a key; other parts are their own key.
pub(crate) fn table_key(part: &Key, inc: &mut Vec<u64>) -> Key {
    match part {
        Key::Narrow(rows) if rows.len() <= 64 => {
            let union = rows.iter().fold(0u64, |a, &r| a | r);
            let n = 64 - union.leading_zeros() as usize;
            inc.clear();
            inc.resize(n, 0);
            for (i, &r) in rows.iter().enumerate() {
                let mut x = r;
                while x != 0 {
                    inc[x.trailing_zeros() as usize] |= 1u64 << i;
                    x &= x - 1;
                }
            }
            Key::Narrow(relabel_narrow(inc, rows.len()))
        }
        _ => part.clone(),
    }
}

/// The relabelled rows of a family given by its column incidence vectors (reordered):
/// columns sorted by incidence vector, rows sorted by their bits in that order, columns sorted
/// again by their incidence vectors over the sorted rows. (More rounds did not find more
/// equal keys on random boards.)
fn relabel_narrow(inc: &mut [u64], m: usize) -> SmallVec<[u64; 6]> {
    fn rebuild(inc: &[u64], key: &mut SmallVec<[u64; 6]>) {
        key.iter_mut().for_each(|r| *r = 0);
        for (i, &col) in inc.iter().enumerate() {
            let mut x = col;
            while x != 0 {
                key[x.trailing_zeros() as usize] |= 1u64 << i;
                x &= x - 1;
            }
        }
    }
    let mut key: SmallVec<[u64; 6]> = SmallVec::from_elem(0, m);
    inc.sort_unstable();
    rebuild(inc, &mut key);
    let mut order: SmallVec<[(u64, u8); 8]> = SmallVec::new();
    order.extend(key.iter().copied().zip(0..=u8::MAX));
    order.sort_unstable();
    let mut rank = [0u8; 64];
    for (new, &(_, old)) in (0..=u8::MAX).zip(order.iter()) {
        rank[usize::from(old)] = new;
    }
    for col in inc.iter_mut() {
        let mut x = *col;
        let mut y = 0u64;
        while x != 0 {
            y |= 1u64 << rank[x.trailing_zeros() as usize];
            x &= x - 1;
        }
        *col = y;
    }
    inc.sort_unstable();
    rebuild(inc, &mut key);
    key.sort_unstable();
    key
}

/// Cuts twin classes of three or more columns by two (incidence vectors of one word);
/// updates `cols` and `inc`. Returns whether a column was dropped.
fn cut_twins_narrow(scratch: &mut Scratch) -> bool {
    let n = scratch.cols.len();
    let order = &mut scratch.order;
    order.clear();
    order.extend(scratch.inc.iter().copied().zip(0..n));
    order.sort_unstable();
    let mut dropped = false;
    let mut start = 0;
    while start < n {
        let mut end = start + 1;
        while end < n && order[end].0 == order[start].0 {
            end += 1;
        }
        let t = end - start;
        if t >= 3 {
            let keep = if t % 2 == 1 { 1 } else { 2 };
            for &(_, k) in &order[start + keep..end] {
                // Marked for removal: no column in use has an empty incidence vector.
                scratch.inc[k] = 0;
                dropped = true;
            }
        }
        start = end;
    }
    if dropped {
        let mut k = 0;
        for i in 0..n {
            if scratch.inc[i] != 0 {
                scratch.cols[k] = scratch.cols[i];
                scratch.inc[k] = scratch.inc[i];
                k += 1;
            }
        }
        scratch.cols.truncate(k);
        scratch.inc.truncate(k);
    }
    dropped
}

/// [`cut_twins_narrow`] for incidence vectors of `w` words.
fn cut_twins_wide(scratch: &mut Scratch, w: usize) -> bool {
    let n = scratch.cols.len();
    let inc = &mut scratch.inc;
    let order = &mut scratch.order_wide;
    order.clear();
    order.extend(0..n);
    order.sort_unstable_by(|&a, &b| inc[a * w..(a + 1) * w].cmp(&inc[b * w..(b + 1) * w]));
    let mut drop = vec![false; n];
    let mut dropped = false;
    let mut start = 0;
    while start < n {
        let first = order[start];
        let mut end = start + 1;
        while end < n
            && inc[order[end] * w..(order[end] + 1) * w] == inc[first * w..(first + 1) * w]
        {
            end += 1;
        }
        let t = end - start;
        if t >= 3 {
            let keep = if t % 2 == 1 { 1 } else { 2 };
            for &k in &order[start + keep..end] {
                drop[k] = true;
                dropped = true;
            }
        }
        start = end;
    }
    if dropped {
        let mut k = 0;
        for (i, &gone) in drop.iter().enumerate() {
            if !gone {
                scratch.cols[k] = scratch.cols[i];
                inc.copy_within(i * w..(i + 1) * w, k * w);
                k += 1;
            }
        }
        scratch.cols.truncate(k);
        inc.truncate(k * w);
    }
    dropped
}

/// Keeps the maximal rows (drops empty, repeated and dominated ones), largest first.
pub(crate) fn maximal_rows<B: Bits>(rows: &mut Vec<B>) {
    rows.retain(|r| !r.is_zero());
    rows.sort_unstable_by(|a, b| b.count().cmp(&a.count()).then_with(|| a.cmp(b)));
    let mut kept = 0;
    for i in 0..rows.len() {
        if !rows[..kept].iter().any(|k| rows[i].is_subset_of(k)) {
            rows.swap(kept, i);
            kept += 1;
        }
    }
    rows.truncate(kept);
}

/// `*` when `n` is odd.
#[inline]
pub(crate) const fn parity(n: usize) -> Nimber {
    Nimber::new((n & 1) as u64)
}

/// The value of pairwise disjoint rows of the given sizes (at least two rows, none empty).
pub(crate) fn disjoint_value(sizes: impl Iterator<Item = usize>) -> Nimber {
    let (mut zero, mut one) = (false, false);
    for s in sizes {
        if s % 2 == 1 {
            zero = true;
        } else {
            one = true;
        }
    }
    Nimber::new(match (zero, one) {
        (false, _) => 0,
        (true, false) => 1,
        (true, true) => 2,
    })
}

fn is_prime(n: usize) -> bool {
    n >= 2 && (2..).take_while(|d| d * d <= n).all(|d| n % d != 0)
}

/// Groups of columns that must lie on the same side of any join split: columns `c`, `d` with
/// `N(c, d) · m ≠ N(c) · N(d)` (rows holding both, either, all) are joined. Returns a single
/// group at once when no split is possible because some column's row count is prime to `m`
/// (in a join of parts of `a` and `b` rows, a column of the first part lies in a multiple of
/// `b` rows).
fn dependency_groups(scratch: &mut Scratch, n: usize, w: usize, m: usize) -> Vec<Vec<usize>> {
    let inc = &scratch.inc;
    let degree = &mut scratch.degree;
    degree.clear();
    degree.extend(
        (0..n).map(|c| {
            inc[c * w..(c + 1) * w].iter().map(|x| x.count_ones() as usize).sum::<usize>()
        }),
    );
    if degree.iter().any(|&d| gcd(d, m) == 1) {
        return vec![(0..n).collect()];
    }
    let parent = &mut scratch.parent;
    parent.clear();
    parent.extend(0..n);
    fn find(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    for c in 0..n {
        for d in c + 1..n {
            let both: usize = inc[c * w..(c + 1) * w]
                .iter()
                .zip(&inc[d * w..(d + 1) * w])
                .map(|(a, b)| (a & b).count_ones() as usize)
                .sum();
            if both * m != degree[c] * degree[d] {
                let (a, b) = (find(parent, c), find(parent, d));
                if a != b {
                    parent[a] = b;
                }
            }
        }
    }
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut index = vec![usize::MAX; n];
    for c in 0..n {
        let root = find(parent, c);
        if index[root] == usize::MAX {
            index[root] = groups.len();
            groups.push(Vec::new());
        }
        groups[index[root]].push(c);
    }
    groups
}

const fn gcd(mut a: usize, mut b: usize) -> usize {
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

/// Splits off every group `g` such that the family is the join of its restrictions to `g` and
/// to the other columns; what is left is one more part.
fn split_joins<B: Bits>(rows: &[B], cols: &[usize], groups: &[Vec<usize>], out: &mut Reduced) {
    let mut rows = rows.to_vec();
    let mut rest_cols: Vec<usize> = cols.to_vec();
    for group in &groups[..groups.len() - 1] {
        let mut mask = rows[0].zero_like();
        for &k in group {
            mask.set_bit(cols[k]);
        }
        let mut inside: Vec<B> = rows
            .iter()
            .map(|r| {
                let mut x = r.clone();
                x.and_with(&mask);
                x
            })
            .collect();
        inside.sort_unstable();
        inside.dedup();
        let mut outside: Vec<B> = rows
            .iter()
            .map(|r| {
                let mut x = r.clone();
                x.andnot_with(&mask);
                x
            })
            .collect();
        outside.sort_unstable();
        outside.dedup();
        if inside.len() * outside.len() == rows.len() {
            let group_cols: Vec<usize> = group.iter().map(|&k| cols[k]).collect();
            push_part(&inside, &group_cols, out);
            rest_cols.retain(|c| !mask.test(*c));
            rows = outside;
        }
    }
    push_part(&rows, &rest_cols, out);
}

/// Adds a part (an antichain of at least two rows on the columns `cols`), settling disjoint
/// rows in closed form.
fn push_part<B: Bits>(rows: &[B], cols: &[usize], out: &mut Reduced) {
    if rows.iter().map(Bits::count).sum::<usize>() == cols.len() {
        out.value += disjoint_value(rows.iter().map(Bits::count));
    } else {
        out.parts.push(make_key(rows, cols));
    }
}

/// The key of a family on the columns `cols` (increasing): columns renumbered in that order,
/// rows sorted.
fn make_key<B: Bits>(rows: &[B], cols: &[usize]) -> Key {
    let n = cols.len();
    if n <= 64 {
        let mut out: SmallVec<[u64; 6]> = rows
            .iter()
            .map(|r| {
                let mut x = 0u64;
                for (i, &c) in cols.iter().enumerate() {
                    if r.test(c) {
                        x |= 1u64 << i;
                    }
                }
                x
            })
            .collect();
        out.sort_unstable();
        Key::Narrow(out)
    } else {
        let words = n.div_ceil(64);
        let mut wide: Vec<Box<[u64]>> = rows
            .iter()
            .map(|r| {
                let mut x = vec![0u64; words].into_boxed_slice();
                for (i, &c) in cols.iter().enumerate() {
                    if r.test(c) {
                        x[i / 64] |= 1u64 << (i % 64);
                    }
                }
                x
            })
            .collect();
        wide.sort_unstable();
        Key::Wide { words, data: wide.concat().into_boxed_slice() }
    }
}

impl Key {
    /// The part as a Crosswise AND matrix: one row per row of the part, as many columns as it
    /// uses.
    pub(crate) fn to_matrix(&self) -> crate::BoolMatrix {
        match self {
            Key::Narrow(rows) => {
                let union = rows.iter().fold(0u64, |a, &r| a | r);
                let cols = 64 - union.leading_zeros() as usize;
                crate::BoolMatrix::from_fn(rows.len(), cols, |r, c| rows[r] >> c & 1 == 1)
            }
            Key::Wide { words, data } => {
                let rows: Vec<&[u64]> = data.chunks(*words).collect();
                let cols = rows.iter().flat_map(|r| ones(r).last()).max().map_or(0, |c| c + 1);
                crate::BoolMatrix::from_fn(rows.len(), cols, |r, c| {
                    rows[r][c / 64] >> (c % 64) & 1 == 1
                })
            }
        }
    }
}

/// The canonical form of a Crosswise AND matrix that keeps the game tree: zero, repeated and
/// dominated rows dropped, unused columns dropped (the others keep their order), rows sorted.
pub(crate) fn canonical_matrix(m: &crate::BoolMatrix) -> crate::BoolMatrix {
    let (rows, cols): (Vec<Vec<u64>>, Vec<usize>) = if m.cols() <= 64 {
        let mut rows: Vec<u64> = (0..m.rows()).map(|r| m.row_u64(r).unwrap_or(0)).collect();
        maximal_rows(&mut rows);
        let union = rows.iter().fold(0u64, |a, &r| a | r);
        let mut cols = Vec::new();
        union.for_each_one(|c| cols.push(c));
        (rows.into_iter().map(|r| vec![r]).collect(), cols)
    } else {
        let mut rows: Vec<Wide> = (0..m.rows()).map(|r| Wide(m.row_words(r).into())).collect();
        maximal_rows(&mut rows);
        let mut union = vec![0u64; m.words_per_row()];
        for r in &rows {
            union.iter_mut().zip(r.0.iter()).for_each(|(a, b)| *a |= b);
        }
        let cols = ones(&union).collect();
        (rows.into_iter().map(|r| r.0.into_vec()).collect(), cols)
    };
    let mut out: Vec<Vec<bool>> = rows
        .iter()
        .map(|r| cols.iter().map(|&c| r[c / 64] >> (c % 64) & 1 == 1).collect())
        .collect();
    out.sort_unstable();
    match crate::BoolMatrix::from_rows(out) {
        Ok(matrix) => matrix,
        // No row left: the terminal position.
        Err(_) => crate::BoolMatrix::new(0, 0),
    }
}

/// Splits a Crosswise AND matrix into independent parts with the full value reduction: the
/// parts, then small matrices standing for the value settled in closed form (`*` is `[1]`,
/// `*2` is `100/011`).
pub(crate) fn matrix_components(m: &crate::BoolMatrix) -> Vec<crate::BoolMatrix> {
    let mut scratch = Scratch::default();
    let mut reduced = Reduced::default();
    if m.cols() <= 64 {
        let mut rows = (0..m.rows()).map(|r| m.row_u64(r).unwrap_or(0)).collect();
        reduce::<u64>(&mut rows, &mut scratch, &mut reduced);
    } else {
        let mut rows = (0..m.rows()).map(|r| Wide(m.row_words(r).into())).collect();
        reduce::<Wide>(&mut rows, &mut scratch, &mut reduced);
    }
    let mut out: Vec<crate::BoolMatrix> = reduced.parts.iter().map(Key::to_matrix).collect();
    let v = reduced.value.value();
    debug_assert!(v < 4, "closed-form values are nim-sums of 0, * and *2");
    if v & 1 == 1 {
        out.push(crate::BoolMatrix::from_fn(1, 1, |_, _| true));
    }
    if v & 2 == 2 {
        out.push(crate::BoolMatrix::from_fn(2, 3, |r, c| (r == 0) == (c == 0)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic stream of families.
    fn families() -> impl Iterator<Item = Vec<u64>> {
        use grundy_testkit::random::{Rng, rng};
        let mut random = rng(7);
        (0..3000).map(move |i| {
            let rows = 1 + i % 9;
            let cols = 1 + i % 13;
            (0..rows).map(|_| random.random::<u64>() & ((1u64 << cols) - 1)).collect()
        })
    }

    /// The multi-word path reduces exactly like the one-word path.
    #[test]
    fn wide_rows_reduce_like_narrow_rows() {
        let mut scratch = Scratch::default();
        for family in families() {
            let mut narrow = family.clone();
            let mut a = Reduced::default();
            reduce(&mut narrow, &mut scratch, &mut a);
            // The same family on words of 128 columns, shifted by 64 to use the second word.
            let mut wide: Vec<Wide> =
                family.iter().map(|&r| Wide(vec![0, r].into_boxed_slice())).collect();
            let mut b = Reduced::default();
            reduce(&mut wide, &mut scratch, &mut b);
            assert_eq!(a.value, b.value, "{family:?}");
            assert_eq!(a.parts, b.parts, "{family:?}");
        }
    }

    /// Parts have at least two rows, no common column, and no three twin columns.
    #[test]
    fn parts_are_reduced() {
        let mut scratch = Scratch::default();
        for family in families() {
            let mut rows = family.clone();
            let mut out = Reduced::default();
            reduce(&mut rows, &mut scratch, &mut out);
            for part in &out.parts {
                let Key::Narrow(rows) = part else { panic!("narrow family, wide part") };
                assert!(rows.len() >= 2);
                assert_eq!(rows.iter().fold(u64::MAX, |a, &r| a & r), 0);
                let union = rows.iter().fold(0, |a, &r| a | r);
                assert_eq!(union, (1u64 << union.count_ones()) - 1, "columns renumbered");
                let incidence: Vec<u64> = (0..union.count_ones())
                    .map(|c| {
                        rows.iter()
                            .enumerate()
                            .filter(|(_, r)| *r >> c & 1 == 1)
                            .map(|(i, _)| 1u64 << i)
                            .sum()
                    })
                    .collect();
                for c in &incidence {
                    assert!(incidence.iter().filter(|d| *d == c).count() <= 2);
                }
            }
        }
    }

    #[test]
    fn disjoint_rows_closed_form() {
        assert_eq!(disjoint_value([1, 1].into_iter()), Nimber::ONE);
        assert_eq!(disjoint_value([2, 4].into_iter()), Nimber::ZERO);
        assert_eq!(disjoint_value([1, 2, 3].into_iter()), Nimber::new(2));
    }
}
