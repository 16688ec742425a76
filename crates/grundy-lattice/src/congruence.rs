//! Misère congruence (Definition 6.1, Theorem 6.2, Corollary 6.3) and the misère quotient of
//! a lattice game with an axis-parallel affine stratification.
//!
//! **Reading of Definition 6.1.** Positions `p` and `q` are congruent iff for every `x ∈ N^d`,
//! `p + x` and `q + x` are both P-positions or both not. A defeated position counts as not a
//! P-position: in ordinary misère play the origin is the empty game, which the player to move
//! has already won (an N-position of misère play), so this is Plambeck and Siegel's
//! indistinguishability.

use std::collections::HashMap;

use crate::stratify::box_points;
use crate::{LatticeError, Outcomes, Periodicity, Point, Stratification};

/// Corollary 6.3: decides from an affine stratification `s` of the P-positions whether `p` and
/// `q` are congruent; returns `None` if they are, else the first `x` (lexicographic order)
/// with exactly one of `p + x`, `q + x` in `s`.
///
/// Exact for axis-parallel stratifications: with the cells of
/// [`Stratification::periodicity`] (thresholds `t`, periods `m`), once
/// `x_i ≥ max(t_i − min(p_i, q_i), 0)` both `p_i + x_i` and `q_i + x_i` are past the threshold
/// and adding `m_i` to `x_i` moves neither between cells, so only the `x` with
/// `x_i < max(t_i − min(p_i, q_i), 0) + m_i` need checking. (Theorem 6.2 does the same with
/// Hadamard products of a rational strategy; for these stratifications both come down to
/// this finite check.)
///
/// ```
/// use grundy_lattice::{Point, Stratification, congruence_witness};
///
/// // Misère Nim with heaps of at most 2 (coordinate i: the heaps of size i).
/// let s: Stratification = "{(1, 0)} + N{(2, 0)} ∪ {(0, 2)} + N{(2, 0); (0, 2)}".parse()?;
/// // Two heaps of 1 are congruent to nothing (a² = 1); one heap of 2 is not (b ≠ 1).
/// assert_eq!(congruence_witness(&s, &Point::new([2, 0]), &Point::new([0, 0]))?, None);
/// assert!(congruence_witness(&s, &Point::new([0, 1]), &Point::new([0, 0]))?.is_some());
/// # Ok::<(), grundy_lattice::LatticeError>(())
/// ```
///
/// # Errors
///
/// [`LatticeError::Unsupported`] for a stratification that is not axis-parallel;
/// [`LatticeError::WrongDimension`] for points of another dimension.
pub fn congruence_witness(
    s: &Stratification,
    p: &Point,
    q: &Point,
) -> Result<Option<Point>, LatticeError> {
    let cells = s.periodicity()?;
    for (i, point) in [p, q].into_iter().enumerate() {
        if point.dimension() != s.dimension() {
            return Err(LatticeError::WrongDimension {
                what: "position",
                index: i + 1,
                found: point.dimension(),
                expected: s.dimension(),
            });
        }
    }
    let horizon: Vec<u32> = (0..s.dimension())
        .map(|i| {
            let low = p.coordinates()[i].min(q.coordinates()[i]);
            cells.thresholds()[i].saturating_sub(low) + cells.periods()[i] - 1
        })
        .collect();
    Ok(box_points(&horizon).find(|x| {
        let a = p.plus(x).is_some_and(|y| s.contains(&y));
        let b = q.plus(x).is_some_and(|y| s.contains(&y));
        a != b
    }))
}

/// Brute force on a solved box: the first `x` (lexicographic order) with `p + x` and `q + x`
/// in the box of `outcomes` and exactly one of them a P-position; `None` if there is none.
/// (Defeated points count as not P-positions.) A check of congruence up to the box only.
pub fn congruence_witness_in_box(outcomes: &Outcomes, p: &Point, q: &Point) -> Option<Point> {
    let upper = outcomes.upper();
    if p.dimension() != upper.len() || q.dimension() != upper.len() {
        return None;
    }
    let room = upper
        .iter()
        .zip(p.coordinates().iter().zip(q.coordinates()))
        .map(|(&u, (&a, &b))| u.checked_sub(a.max(b)))
        .collect::<Option<Vec<u32>>>()?;
    box_points(&room).find(|x| {
        let a = p.plus(x).is_some_and(|y| outcomes.is_p(&y));
        let b = q.plus(x).is_some_and(|y| outcomes.is_p(&y));
        a != b
    })
}

/// The misère quotient (Plambeck and Siegel) of a lattice game whose P-positions have an
/// axis-parallel affine stratification: the classes of `N^d` under congruence, their product
/// (`[p]·[q] = [p + q]`, well defined as congruence is compatible with addition) and the
/// P-portion (the classes of P-positions).
///
/// Computed exactly from the stratification: every point is congruent to its base point
/// ([`Periodicity::reduce`]: past the threshold, `p_i + x_i` stays in the same cell when
/// `p_i` moves by a period), and two base points are congruent iff they agree on every `x` of
/// the box `Π [0, t_i + m_i)` (the horizon of [`congruence_witness`] is never larger). So the
/// quotient is finite and its classes are listed by the base points' patterns on that box.
/// The answer is that of the game only as far as the stratification is: a stratification
/// verified in a box gives the quotient of the game "restricted to the box" in that sense.
///
/// ```
/// use grundy_lattice::{Point, Quotient, Stratification};
///
/// // Misère Nim with heaps of at most 2: the six classes 1, a, b, ab, b², ab².
/// let s: Stratification = "{(1, 0)} + N{(2, 0)} ∪ {(0, 2)} + N{(2, 0); (0, 2)}".parse()?;
/// let q = Quotient::from_stratification(&s)?;
/// assert_eq!(q.len(), 6);
/// let a = q.class_of(&Point::new([1, 0])).unwrap();
/// let b = q.class_of(&Point::new([0, 1])).unwrap();
/// assert_eq!(q.product(a, a), Some(q.identity())); // a² = 1
/// let b2 = q.product(b, b).unwrap();
/// assert_eq!(q.product(b2, b), Some(b)); // b³ = b
/// assert!(q.is_p(a) && q.is_p(b2));
/// assert_eq!(q.p_portion().count(), 2);
/// # Ok::<(), grundy_lattice::LatticeError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Quotient {
    cells: Periodicity,
    /// The class of each base point.
    class_of_base: HashMap<Point, usize>,
    representatives: Vec<Point>,
    products: Vec<Vec<usize>>,
    p_portion: Vec<bool>,
}

impl Quotient {
    /// The quotient of the game whose P-positions are `s`.
    ///
    /// # Errors
    ///
    /// [`LatticeError::Unsupported`] for a stratification that is not axis-parallel or with
    /// too many cells.
    pub fn from_stratification(s: &Stratification) -> Result<Quotient, LatticeError> {
        let cells = s.periodicity()?;
        let base_box = cells.base_box();
        let horizon: Vec<Point> = box_points(&base_box).collect();
        let mut by_pattern: HashMap<Vec<bool>, usize> = HashMap::new();
        let mut class_of_base = HashMap::new();
        let mut representatives = Vec::new();
        for b in box_points(&base_box) {
            let pattern: Vec<bool> =
                horizon.iter().map(|x| b.plus(x).is_some_and(|y| s.contains(&y))).collect();
            let next = representatives.len();
            let class = *by_pattern.entry(pattern).or_insert(next);
            if class == next {
                representatives.push(b.clone());
            }
            class_of_base.insert(b, class);
        }
        let n = representatives.len();
        let mut quotient = Quotient {
            cells,
            class_of_base,
            p_portion: representatives.iter().map(|r| s.contains(r)).collect(),
            representatives,
            products: Vec::new(),
        };
        let products = (0..n)
            .map(|i| {
                (0..n)
                    .map(|j| {
                        let sum = quotient.representatives[i]
                            .plus(&quotient.representatives[j])
                            .expect("base points are small");
                        quotient.class_of(&sum).expect("same dimension")
                    })
                    .collect()
            })
            .collect();
        quotient.products = products;
        Ok(quotient)
    }

    /// The number of classes.
    pub fn len(&self) -> usize {
        self.representatives.len()
    }

    /// Always false: the origin's class exists.
    pub fn is_empty(&self) -> bool {
        self.representatives.is_empty()
    }

    /// The class of a point of `N^d`; `None` for a point of another dimension.
    pub fn class_of(&self, p: &Point) -> Option<usize> {
        if p.dimension() != self.cells.thresholds().len() {
            return None;
        }
        self.class_of_base.get(&self.cells.reduce(p)).copied()
    }

    /// The class of the origin, the identity of the monoid.
    pub fn identity(&self) -> usize {
        self.class_of(&Point::origin(self.cells.thresholds().len()))
            .expect("the origin is a base point")
    }

    /// The class of `p + q` for `p` in class `a` and `q` in class `b`; `None` if `a` or `b`
    /// is not a class (at least [`Quotient::len`]).
    pub fn product(&self, a: usize, b: usize) -> Option<usize> {
        self.products.get(a)?.get(b).copied()
    }

    /// Tells whether class `a` holds P-positions (the P-portion); false if `a` is not a
    /// class.
    pub fn is_p(&self, a: usize) -> bool {
        self.p_portion.get(a).copied().unwrap_or(false)
    }

    /// The classes of the P-portion.
    pub fn p_portion(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.len()).filter(|&a| self.p_portion[a])
    }

    /// The first base point of each class, in lexicographic order.
    pub fn representatives(&self) -> &[Point] {
        &self.representatives
    }
}
