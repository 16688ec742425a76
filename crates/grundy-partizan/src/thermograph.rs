//! Thermographs: the mean and the temperature of a short game.
//!
//! The thermograph of `G` draws, for each temperature `t >= -1`, the Left and Right stops of
//! `G` cooled by `t` (Siegel, *Combinatorial Game Theory*, chapter II.5; Berlekamp, Conway and
//! Guy, *Winning Ways*, chapter 6). It is computed by the standard recursion on the canonical
//! form:
//!
//! - an integer `n` is a vertical mast at `n`, of temperature `-1`;
//! - otherwise the walls are `LW(t) = max over G^L of RW_{G^L}(t) - t` and
//!   `RW(t) = min over G^R of LW_{G^R}(t) + t`, up to the least `t >= -1` where they meet, the
//!   *temperature* `τ`; above `τ` both walls are the vertical *mast* at `LW(τ) = RW(τ)`, the
//!   *mean*.
//!
//! Non-integer numbers go through the same recursion on their canonical options
//! (`m/2^k = {(m-1)/2^k | (m+1)/2^k}`), which gives CGSuite's convention: the temperature of
//! `m/2^k` (odd `m`, `k >= 1`) is `-1/2^k`, and that of an integer is `-1`. Every game that is
//! not a number has a temperature of at least 0 (0 for infinitesimals such as `*` and `↑`).
//!
//! Walls are exact piecewise linear functions with dyadic breakpoints: Left walls have slopes
//! `-1` and `0`, Right walls `0` and `1` (by induction on the recursion), so that every
//! crossing point is dyadic.

use core::cmp::Ordering;

use hashbrown::HashMap;
use num_bigint::BigInt;

use crate::{Dyadic, Game, GameStore};

/// `x / 2`.
fn half(x: &Dyadic) -> Dyadic {
    Dyadic::new(x.numerator().clone(), x.exponent() + 1)
}

/// `k · x` for a small integer `k`.
fn times(k: i64, x: &Dyadic) -> Dyadic {
    Dyadic::new(x.numerator() * BigInt::from(k), x.exponent())
}

/// A continuous piecewise linear function on `[-1, ∞)` with integer slopes: pieces
/// `(start, value at start, slope)`, the first starting at `-1`, starts increasing.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Wall {
    pieces: Vec<(Dyadic, Dyadic, i64)>,
}

impl Wall {
    /// The constant function `v`.
    fn constant(v: Dyadic) -> Wall {
        Wall { pieces: vec![(Dyadic::from(-1), v, 0)] }
    }

    /// The value at `t` (`t >= -1`; below, the value at `-1`).
    fn at(&self, t: &Dyadic) -> Dyadic {
        let i = self.pieces.partition_point(|(start, _, _)| start <= t).max(1) - 1;
        let (start, value, slope) = &self.pieces[i];
        if t <= start {
            return value.clone();
        }
        value + &times(*slope, &(t - start))
    }

    /// The piece in force just after `t`: its value at `t` and its slope.
    fn line_after(&self, t: &Dyadic) -> (Dyadic, i64) {
        let i = self.pieces.partition_point(|(start, _, _)| start <= t).max(1) - 1;
        (self.at(t), self.pieces[i].2)
    }

    /// `f(t) + c·t`.
    fn add_slope(&self, c: i64) -> Wall {
        Wall {
            pieces: self
                .pieces
                .iter()
                .map(|(s, v, k)| (s.clone(), v + &times(c, s), k + c))
                .collect(),
        }
    }

    /// Appends a piece: it replaces a last piece starting at the same point, and is dropped
    /// when it continues the last piece (same slope: the functions made are continuous).
    fn push(&mut self, start: Dyadic, value: Dyadic, slope: i64) {
        if self.pieces.last().is_some_and(|last| last.0 == start) {
            self.pieces.pop();
        }
        if self.pieces.last().is_some_and(|last| last.2 == slope) {
            return;
        }
        self.pieces.push((start, value, slope));
    }

    /// The upper (`upper == true`) or lower envelope of non-empty `walls`.
    fn envelope(walls: &[Wall], upper: bool) -> Wall {
        // Breakpoints of every wall, in order.
        let mut starts: Vec<Dyadic> =
            walls.iter().flat_map(|w| w.pieces.iter().map(|p| p.0.clone())).collect();
        starts.sort_unstable();
        starts.dedup();
        let better = |a: &(Dyadic, i64), b: &(Dyadic, i64)| -> bool {
            // Is line a above (below, for the lower envelope) line b just after the point?
            let by_value = a.0.cmp(&b.0);
            let ord = if by_value == Ordering::Equal { a.1.cmp(&b.1) } else { by_value };
            if upper { ord == Ordering::Greater } else { ord == Ordering::Less }
        };
        let mut out = Wall { pieces: Vec::new() };
        for (i, a) in starts.iter().enumerate() {
            let end = starts.get(i + 1);
            let mut t = a.clone();
            loop {
                let lines: Vec<(Dyadic, i64)> = walls.iter().map(|w| w.line_after(&t)).collect();
                let mut best = lines[0].clone();
                for line in &lines[1..] {
                    if better(line, &best) {
                        best = line.clone();
                    }
                }
                out.push(t.clone(), best.0.clone(), best.1);
                // The first line to overtake the best one before the next breakpoint.
                let mut next: Option<(Dyadic, (Dyadic, i64))> = None;
                for line in &lines {
                    let gaining = if upper { line.1 > best.1 } else { line.1 < best.1 };
                    if !gaining {
                        continue;
                    }
                    // best.0 + best.1·d = line.0 + line.1·d, d = (best.0 - line.0) / (line.1 - best.1).
                    let d = crossing(&(&best.0 - &line.0), line.1 - best.1);
                    if !d.is_positive() {
                        continue;
                    }
                    let at = &t + &d;
                    if end.is_some_and(|e| at >= *e) {
                        continue;
                    }
                    if next.as_ref().is_none_or(|(n, _)| at < *n) {
                        next = Some((at, line.clone()));
                    }
                }
                match next {
                    Some((at, _)) => t = at,
                    None => break,
                }
            }
        }
        out
    }
}

/// `gap / slopes` for a difference of slopes of 1 or 2 (the only ones walls produce); other
/// differences (never met) are divided by the largest power of two dividing them.
fn crossing(gap: &Dyadic, slopes: i64) -> Dyadic {
    let sign = if slopes < 0 { -1 } else { 1 };
    let mut d = times(sign, gap);
    let mut k = slopes.unsigned_abs();
    while k > 1 && k % 2 == 0 {
        d = half(&d);
        k /= 2;
    }
    d
}

/// The thermograph of a short game: its two walls, its mean and its temperature.
///
/// Made by [`GameStore::thermograph`]; see the [module documentation](self) for the
/// definition and the conventions.
///
/// ```
/// use grundy_partizan::{Dyadic, GameStore};
///
/// let mut store = GameStore::new();
/// let g = store.parse("{3|-1}")?;
/// let th = store.thermograph(g);
/// assert_eq!(th.mean(), &Dyadic::from(1));
/// assert_eq!(th.temperature(), &Dyadic::from(2));
/// // At temperature 1/2 the walls are 3 - 1/2 and -1 + 1/2; above 2, the mast at 1.
/// assert_eq!(th.left_wall(&Dyadic::new(1, 1)), Dyadic::new(5, 1));
/// assert_eq!(th.right_wall(&Dyadic::new(1, 1)), Dyadic::new(-1, 1));
/// assert_eq!(th.left_wall(&Dyadic::from(7)), Dyadic::from(1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermograph {
    left: Wall,
    right: Wall,
    mean: Dyadic,
    temperature: Dyadic,
}

impl Thermograph {
    /// The mean (mast value): `LW(τ) = RW(τ)`.
    pub fn mean(&self) -> &Dyadic {
        &self.mean
    }

    /// The temperature `τ`: where the walls meet (`-1` for integers, `-1/2^k` for `m/2^k`).
    pub fn temperature(&self) -> &Dyadic {
        &self.temperature
    }

    /// The Left wall at temperature `t`: the Left stop of the game cooled by `t` (the mean
    /// for `t >= τ`). Walls start at `t = -1`; below, this is the value at `-1`.
    pub fn left_wall(&self, t: &Dyadic) -> Dyadic {
        self.left.at(t)
    }

    /// The Right wall at temperature `t` (see [`left_wall`](Self::left_wall)).
    pub fn right_wall(&self, t: &Dyadic) -> Dyadic {
        self.right.at(t)
    }

    /// The vertical mast of a number `x` from `t = -1`, with temperature `temperature`.
    fn mast(x: Dyadic, temperature: Dyadic) -> Thermograph {
        Thermograph {
            left: Wall::constant(x.clone()),
            right: Wall::constant(x.clone()),
            mean: x,
            temperature,
        }
    }

    /// The thermograph with the given walls below their meeting point.
    fn from_walls(left: &Wall, right: &Wall) -> Thermograph {
        // The least t >= -1 with LW(t) <= RW(t): scan the breakpoints of both walls.
        let mut starts: Vec<Dyadic> =
            left.pieces.iter().chain(&right.pieces).map(|p| p.0.clone()).collect();
        starts.sort_unstable();
        starts.dedup();
        let mut meet = None;
        for (i, a) in starts.iter().enumerate() {
            let (l, ls) = left.line_after(a);
            let (r, rs) = right.line_after(a);
            if l <= r {
                meet = Some((a.clone(), l, r));
                break;
            }
            // The gap l - r > 0 closes at slope rs - ls > 0.
            if rs > ls {
                let at = a + &crossing(&(&l - &r), rs - ls);
                if starts.get(i + 1).is_none_or(|e| at < *e) {
                    let v = left.at(&at);
                    meet = Some((at, v.clone(), v));
                    break;
                }
            }
        }
        // The walls of a short game always meet (they have slopes -1 and +1 far out); walls
        // that start crossed (never for canonical forms) give the simplest number between.
        let (temperature, l, r) =
            meet.unwrap_or_else(|| (Dyadic::zero(), Dyadic::zero(), Dyadic::zero()));
        let mean =
            if l == r { l } else { Dyadic::simplest_between(Some(&l), Some(&r)).unwrap_or(l) };
        let cut = |wall: &Wall| {
            let mut pieces: Vec<(Dyadic, Dyadic, i64)> =
                wall.pieces.iter().filter(|p| p.0 < temperature).cloned().collect();
            pieces.push((temperature.clone(), mean.clone(), 0));
            let mut out = Wall { pieces: Vec::new() };
            for (s, v, k) in pieces {
                out.push(s, v, k);
            }
            out
        };
        Thermograph { left: cut(left), right: cut(right), mean: mean.clone(), temperature }
    }
}

impl GameStore {
    /// The thermograph of `g` (see [`Thermograph`] and the [module](crate::thermograph)
    /// documentation).
    ///
    /// The recursion visits the canonical options of `g` once each; numbers `m/2^k` unfold
    /// into `k + 1` levels, so a number with a huge denominator costs as much.
    pub fn thermograph(&mut self, g: Game) -> Thermograph {
        let mut memo = HashMap::new();
        self.thermograph_rec(g, &mut memo)
    }

    /// The mean of `g`: the value its thermograph's mast stands on (exact, a number).
    ///
    /// The mean is additive: `mean(G + H) = mean(G) + mean(H)`.
    ///
    /// ```
    /// use grundy_partizan::{Dyadic, GameStore};
    ///
    /// let mut store = GameStore::new();
    /// let g = store.parse("{2|-1/2}")?; // Domineering 2 × 3
    /// assert_eq!(store.mean(g), Dyadic::new(3, 2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn mean(&mut self, g: Game) -> Dyadic {
        self.thermograph(g).mean
    }

    /// The temperature of `g`: `-1` for an integer, `-1/2^k` for a number `m/2^k` (`m` odd),
    /// at least `0` for any other game (`0` for `*`, `↑`; `(x - y)/2` for a switch `{x|y}` of
    /// numbers `x > y`).
    ///
    /// ```
    /// use grundy_partizan::{Dyadic, GameStore};
    ///
    /// let mut store = GameStore::new();
    /// let pm = store.parse("±1")?;
    /// assert_eq!(store.temperature(pm), Dyadic::from(1));
    /// let half = store.parse("3/4")?;
    /// assert_eq!(store.temperature(half), Dyadic::new(-1, 2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn temperature(&mut self, g: Game) -> Dyadic {
        self.thermograph(g).temperature
    }

    fn thermograph_rec(&mut self, g: Game, memo: &mut HashMap<Game, Thermograph>) -> Thermograph {
        if let Some(t) = memo.get(&g) {
            return t.clone();
        }
        if self.halted() {
            return Thermograph::mast(Dyadic::zero(), Dyadic::from(-1));
        }
        let result = match self.as_number(g) {
            Some(x) if x.is_integer() => Thermograph::mast(x.clone(), Dyadic::from(-1)),
            _ => {
                let (ls, rs) = (self.left_options(g), self.right_options(g));
                let lefts: Vec<Wall> =
                    ls.iter().map(|&o| self.thermograph_rec(o, memo).right.add_slope(-1)).collect();
                let rights: Vec<Wall> =
                    rs.iter().map(|&o| self.thermograph_rec(o, memo).left.add_slope(1)).collect();
                if lefts.is_empty() || rights.is_empty() {
                    // Only integers have a side without options; they were handled above.
                    Thermograph::mast(Dyadic::zero(), Dyadic::from(-1))
                } else {
                    Thermograph::from_walls(
                        &Wall::envelope(&lefts, true),
                        &Wall::envelope(&rights, false),
                    )
                }
            }
        };
        memo.insert(g, result.clone());
        result
    }
}
