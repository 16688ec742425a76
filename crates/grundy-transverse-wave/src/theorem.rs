//! Theorem 1 of the paper (the Pascal-like nimber triangle), as printed and as corrected.
//!
//! The theorem is about grids where *every column that can be selected has at most one purple
//! cell, not counting the rows that are all purple*. With
//!
//! - *live* rows: the rows with a green cell (an all-purple row plays no part any more);
//! - *selectable* columns: the columns with a green cell;
//! - `p`: the live rows with a purple cell in a selectable column, `k`: those with an odd
//!   number of them;
//! - `q`: the parity of the selectable columns that are green in every live row,
//!
//! the paper claims that the value is `G'(p, k) + q·*` with `G'` the triangle of
//! [`pascal_value`] (Figure 2). Its proof counts the purple cells of a row in selectable
//! columns only (a move in a column with one purple cell kills that row, whose other purple
//! cells turn their columns into `*`s); counting all purple cells (or the all-purple rows)
//! gives wrong values even on the paper's own examples.
//!
//! # What holds
//!
//! Checked by brute force ([`theorem1_value`] against the solver on every grid of the shape):
//! the formula holds exactly when **every live row has a purple cell in a selectable column,
//! and there is at least one live row**. The proof's induction needs this: its base case (one
//! row with purple cells) silently assumes that no other live row is all green on the
//! selectable columns, and it starts at `p = 1`, so `p = 0` (formula value `*2`) is wrong too.
//! When some live row has no purple cell in a selectable column, the value is simply
//! `(k + q) mod 2` ([`theorem1_corrected_value`]): that row survives every move, so every
//! column with a purple cell stays selectable; a move there kills the row `r` of the purple
//! cell (changing `k` by `|r| mod 2`, with `|r|` its purple cells) and turns the other
//! `|r| − 1` purple columns of `r` all green (changing `q` by `|r| − 1`), and a move in an
//! all-green column changes `q` by one. So every move flips the parity of `k + q`, and a
//! position without moves has `k = q = 0`. (With no live row, or one, the same holds.)
//!
//! Smallest counterexamples: `g` (one green cell: predicted `*3`, value `*`) and `p` (predicted
//! `*2`, value 0); with `p ≥ 1`, the 2 × 2 grid `gp/gg` (predicted `G'(1, 1) + * = *`, value
//! 0: both moves leave a `*`); and the paper's own Table 2 example of `*`, `(0) (01)` (`pg/pp`,
//! predicted `*3`, value `*`).

use grundy_core::Nimber;

use crate::Grid;

/// The paper's `G'(p, k)` (Theorem 1, Figure 2): the value of the triangle at `p` rows with a
/// purple cell, `k` of them with an odd number of purple cells.
///
/// `0` if (`k` even and `p > 2k`) or (`k` odd and `p < 2k`); `*` if (`k` even and `p < 2k`)
/// or (`k` odd and `p > 2k`); `*2` if `p = 2k`. The printed formula is returned for every
/// `k ≤ p`, including the corner `p = 0` (which it sends to `*2`) that the triangle of the
/// paper leaves out.
///
/// # Panics
///
/// When `k > p` (there cannot be more odd rows than rows).
///
/// ```
/// use grundy_core::Nimber;
/// use grundy_transverse_wave::pascal_value;
///
/// // The row p = 4 of Figure 2: 0, *, *2, 0, *.
/// let row: Vec<Nimber> = (0..=4).map(|k| pascal_value(4, k)).collect();
/// assert_eq!(row, [0, 1, 2, 0, 1].map(Nimber::new));
/// ```
pub fn pascal_value(p: usize, k: usize) -> Nimber {
    assert!(k <= p, "k = {k} odd rows among p = {p} rows");
    let twice = 2 * k;
    let even = k % 2 == 0;
    if p == twice {
        Nimber::new(2)
    } else if (even && p > twice) || (!even && p < twice) {
        Nimber::ZERO
    } else {
        Nimber::ONE
    }
}

/// The parameters of Theorem 1 for a grid inside its hypothesis (see the
/// [module docs](self) for the definitions).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PascalParams {
    /// Live rows with a purple cell in a selectable column.
    pub p: usize,
    /// Those of them with an odd number of such cells.
    pub k: usize,
    /// The parity of the selectable columns green in every live row.
    pub q: bool,
    /// Live rows (rows with a green cell).
    pub live_rows: usize,
    /// Live rows with no purple cell in a selectable column (`live_rows − p`).
    pub plain_rows: usize,
}

impl PascalParams {
    /// Tells whether the printed formula applies: every live row has a purple cell in a
    /// selectable column, and some row is live.
    pub const fn formula_applies(&self) -> bool {
        self.plain_rows == 0 && self.live_rows > 0
    }
}

/// Computes `p`, `k`, `q` of Theorem 1, or `None` when some selectable column has two or more
/// purple cells in live rows (outside the hypothesis).
///
/// ```
/// use grundy_transverse_wave::{Grid, theorem1_params};
///
/// let grid: Grid = "pggg/gpgg/ggpp".parse()?;
/// let params = theorem1_params(&grid).expect("one purple cell per column");
/// assert_eq!((params.p, params.k, params.q), (3, 2, false));
/// assert!(theorem1_params(&"pg/pg".parse()?).is_some()); // column 0 cannot be selected
/// assert!(theorem1_params(&"pg/pg/gg".parse()?).is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn theorem1_params(grid: &Grid) -> Option<PascalParams> {
    let m = grid.as_matrix();
    let live: Vec<usize> = (0..m.rows()).filter(|&r| !m.row_is_zero(r)).collect();
    let selectable: Vec<usize> = (0..m.cols()).filter(|&c| m.column_any(c)).collect();
    let mut purple_in_row = vec![0usize; m.rows()];
    let mut q = false;
    for &c in &selectable {
        let mut purple = live.iter().filter(|&&r| !m.get(r, c));
        match (purple.next(), purple.next()) {
            (None, _) => q = !q,
            (Some(&r), None) => purple_in_row[r] += 1,
            (Some(_), Some(_)) => return None,
        }
    }
    let p = live.iter().filter(|&&r| purple_in_row[r] > 0).count();
    let k = live.iter().filter(|&&r| purple_in_row[r] % 2 == 1).count();
    Some(PascalParams { p, k, q, live_rows: live.len(), plain_rows: live.len() - p })
}

/// Theorem 1 as printed: `G'(p, k) + q·*` ([`pascal_value`]), or `None` outside the
/// hypothesis.
///
/// This is the paper's claim, which is **false** when some live row has no purple cell in a
/// selectable column (see the [module docs](self)); [`theorem1_corrected_value`] is right on
/// every grid of the hypothesis.
///
/// ```
/// use grundy_core::Nimber;
/// use grundy_transverse_wave::{Grid, theorem1_value, theorem1_corrected_value};
///
/// let grid: Grid = "pggg/gpgg/ggpp".parse()?; // p = 3, k = 2, q = 0
/// assert_eq!(theorem1_value(&grid), Some(Nimber::ONE));
/// // The smallest counterexample with p >= 1: predicted *, but both moves leave a *.
/// let g: Grid = "gp/gg".parse()?;
/// assert_eq!(theorem1_value(&g), Some(Nimber::ONE));
/// assert_eq!(theorem1_corrected_value(&g), Some(Nimber::ZERO));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn theorem1_value(grid: &Grid) -> Option<Nimber> {
    let params = theorem1_params(grid)?;
    Some(pascal_value(params.p, params.k) + Nimber::new(u64::from(params.q)))
}

/// The value of a grid inside Theorem 1's hypothesis, corrected: `G'(p, k) + q·*` when every
/// live row has a purple cell in a selectable column (and some row is live), `(k + q) mod 2`
/// otherwise. `None` outside the hypothesis.
pub fn theorem1_corrected_value(grid: &Grid) -> Option<Nimber> {
    let params = theorem1_params(grid)?;
    let q = Nimber::new(u64::from(params.q));
    Some(if params.formula_applies() {
        pascal_value(params.p, params.k) + q
    } else {
        Nimber::new((params.k % 2) as u64) + q
    })
}
