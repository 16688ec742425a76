//! Rational strategies (Definitions 3.1-3.4, Theorems 3.6 and 5.1): short rational generating
//! functions `Σ_i c_i x^{a_i} / Π_j (1 − x^{b_ij})` for sets of positions.
//!
//! Barvinok's algorithm (the generating function of the lattice points of a general rational
//! polyhedron, and with it the Hadamard products of Lemma 3.5 for arbitrary denominators) is
//! out of scope. What replaces it here: coefficients are extracted term by term, exactly, by
//! linear algebra over the rationals for linearly independent denominators and by a bounded
//! search otherwise ([`RationalFunction::coefficient`]); expansions in a box are computed by
//! summing along each denominator vector ([`RationalFunction::expand`]); and the Hadamard
//! product is computed in closed form only for axis-parallel denominators
//! ([`RationalFunction::hadamard`]), where it reduces to the Chinese remainder theorem on each
//! axis.

use core::fmt;

use grundy_core::{Nimber, Outcome, Ruleset};
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Zero};

use crate::rules::VectorText;
use crate::stratify::{Generators, box_points};
use crate::{LatticeError, LatticeGame, Outcomes, Point, Stratification};

/// One term `c x^a / Π_j (1 − x^{b_j})` of a [`RationalFunction`].
///
/// The exponent `a` is a point of `N^d` and every `b_j` a non-zero vector of `N^d`, so the
/// term is a power series whose coefficient at `x^p` is `c` times the number of `n ∈ N^k` with
/// `a + Σ n_j b_j = p`, a finite number.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Term {
    coefficient: BigRational,
    exponent: Point,
    denominators: Generators,
}

impl Term {
    /// The term `coefficient · x^exponent / Π (1 − x^b)` over `b` in `denominators`.
    ///
    /// # Errors
    ///
    /// [`LatticeError::BadModule`] (numbered 1) for a denominator vector that is zero or of
    /// another dimension than the exponent.
    pub fn new(
        coefficient: BigRational,
        exponent: Point,
        denominators: Vec<Vec<u32>>,
    ) -> Result<Term, LatticeError> {
        let d = exponent.dimension();
        if let Some(b) = denominators.iter().find(|b| b.len() != d || b.iter().all(|&x| x == 0)) {
            return Err(LatticeError::BadModule {
                index: 1,
                reason: format!(
                    "denominator vector {} is zero or not of dimension {d}",
                    VectorText(b)
                ),
            });
        }
        Ok(Term { coefficient, exponent, denominators: Generators::new(denominators, d) })
    }

    /// The coefficient `c`.
    pub fn coefficient(&self) -> &BigRational {
        &self.coefficient
    }

    /// The exponent `a` of the numerator.
    pub fn exponent(&self) -> &Point {
        &self.exponent
    }

    /// The vectors `b_j` of the denominator binomials.
    pub fn denominators(&self) -> &[Vec<u32>] {
        self.denominators.vectors()
    }

    /// The number of ways to write `p = a + Σ n_j b_j` with `n ∈ N^k` (saturating).
    fn count(&self, p: &Point) -> u64 {
        let r: Vec<i64> = p
            .coordinates()
            .iter()
            .zip(self.exponent.coordinates())
            .map(|(&x, &a)| i64::from(x) - i64::from(a))
            .collect();
        self.denominators.count(&r, u64::MAX)
    }

    /// The multiple on each axis (0 for none) if every denominator vector is a positive
    /// multiple of a unit vector and no two share an axis.
    fn axis_parallel(&self) -> Option<&[u32]> {
        self.denominators.axis_multiples()
    }
}

/// A rational generating function `Σ_i c_i x^{a_i} / Π_j (1 − x^{b_ij})` (Definitions 3.1 and
/// 3.2) with rational coefficients, exponents in `N^d` and denominator vectors in `N^d`
/// minus the origin. A rational strategy of a lattice game is one whose power series is the
/// indicator of the P-positions: coefficient 1 at P-positions, 0 elsewhere.
///
/// ```
/// use grundy_core::Outcome;
/// use grundy_lattice::{LatticeGame, Point, RationalFunction, Stratification};
///
/// // Example 4.6 as a rational strategy: 1 / ((1 − x^(2,0)) (1 − x^(0,2))) (Theorem 5.1).
/// let s: Stratification = "{(0, 0)} + N{(2, 0); (0, 2)}".parse()?;
/// let f = RationalFunction::from_stratification(&s)?;
/// assert_eq!(f.to_string(), "x^(0, 0) / ((1 - x^(2, 0))(1 - x^(0, 2)))");
/// assert_eq!(f.outcome(&Point::new([4, 6]))?, Outcome::P);
/// // Theorem 3.6: from the N-position (1, 2) (one heap of 1, two of 2) the winning move takes
/// // the heap of 1 (rule vector 0, to (0, 2)).
/// let nim2 = LatticeGame::normal("1,0 0,1 -1,1".parse()?);
/// assert_eq!(f.winning_moves(&nim2, &Point::new([1, 2]))?, vec![0]);
/// # Ok::<(), grundy_lattice::LatticeError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RationalFunction {
    dimension: usize,
    terms: Vec<Term>,
}

impl RationalFunction {
    /// The sum of `terms`, all of dimension `dimension`.
    ///
    /// # Errors
    ///
    /// [`LatticeError::BadModule`] for a term of another dimension.
    pub fn new(dimension: usize, terms: Vec<Term>) -> Result<RationalFunction, LatticeError> {
        if let Some(i) = terms.iter().position(|t| t.exponent.dimension() != dimension) {
            return Err(LatticeError::BadModule {
                index: i + 1,
                reason: format!("term {} is not of dimension {dimension}", i + 1),
            });
        }
        Ok(RationalFunction { dimension, terms })
    }

    /// The generating function of an affine stratification (Theorem 5.1 with Lemma 5.5 and
    /// Corollary 5.3): a module `F + N{v_1, …, v_k}` with linearly independent generators
    /// gives `Σ_{f ∈ F} x^f / Π_j (1 − x^{v_j})` (each point of the module has exactly one
    /// representation), and the disjoint union the sum of these.
    ///
    /// Offsets of one module whose translates overlap (`f + n·v = f' + n'·v`) would be
    /// counted twice; the stratification's modules are taken as given, so such a module gives
    /// a function that is not the module's indicator, which
    /// [`RationalFunction::first_difference`] detects.
    ///
    /// # Errors
    ///
    /// [`LatticeError::Unsupported`] for a module with linearly dependent generators: its
    /// generating function needs a triangulation of its cone (Lemma 5.4, Barvinok's
    /// algorithm), which is not built.
    pub fn from_stratification(s: &Stratification) -> Result<RationalFunction, LatticeError> {
        let mut terms = Vec::new();
        for (i, m) in s.modules().iter().enumerate() {
            if !m.has_independent_generators() {
                return Err(LatticeError::Unsupported {
                    reason: format!(
                        "module {} has linearly dependent generators; their generating \
                         function needs Barvinok's algorithm (Lemma 5.4), which is not built",
                        i + 1
                    ),
                });
            }
            for f in m.offsets() {
                terms.push(Term::new(BigRational::one(), f.clone(), m.generators().to_vec())?);
            }
        }
        RationalFunction::new(s.dimension(), terms)
    }

    /// The dimension `d`.
    pub fn dimension(&self) -> usize {
        self.dimension
    }

    /// The terms.
    pub fn terms(&self) -> &[Term] {
        &self.terms
    }

    /// The coefficient of `x^p`, exactly, without expanding: each term contributes `c_i`
    /// times the number of `n` with `a_i + Σ n_j b_ij = p`, found by solving the linear system
    /// over the rationals when the `b_ij` are linearly independent (0 or 1 solutions) and by
    /// the bounded search of [`Module`](crate::Module) otherwise.
    pub fn coefficient(&self, p: &Point) -> BigRational {
        if p.dimension() != self.dimension {
            return BigRational::zero();
        }
        let mut sum = BigRational::zero();
        for t in &self.terms {
            let n = t.count(p);
            if n > 0 {
                sum += &t.coefficient * BigRational::from_integer(BigInt::from(n));
            }
        }
        sum
    }

    /// The coefficient of every point of the box `[0, upper]`, in lexicographic order (first
    /// coordinate most significant), by expanding each term: a 1 at its exponent, then for
    /// each denominator vector `b` a running sum `c[p] += c[p − b]` in increasing order.
    ///
    /// # Errors
    ///
    /// [`LatticeError::WrongDimension`] for a box of another dimension,
    /// [`LatticeError::BoxTooLarge`] for more than [`MAX_CELLS`](crate::MAX_CELLS) /
    /// 16 points.
    pub fn expand(&self, upper: &[u32]) -> Result<Vec<BigRational>, LatticeError> {
        let d = self.dimension;
        if upper.len() != d {
            return Err(LatticeError::WrongDimension {
                what: "box",
                index: 1,
                found: upper.len(),
                expected: d,
            });
        }
        let cells = upper.iter().fold(1u64, |acc, &u| acc.saturating_mul(u64::from(u) + 1));
        let max = crate::MAX_CELLS / 16;
        if cells > max {
            return Err(LatticeError::BoxTooLarge { cells, max });
        }
        let total = usize::try_from(cells).expect("below MAX_CELLS");
        let mut strides = vec![1usize; d];
        for j in (0..d.saturating_sub(1)).rev() {
            strides[j] = strides[j + 1] * (upper[j + 1] as usize + 1);
        }
        let points: Vec<Point> = box_points(upper).collect();
        let mut sum = vec![BigRational::zero(); total];
        let mut counts = vec![0u64; total];
        for t in &self.terms {
            counts.iter_mut().for_each(|c| *c = 0);
            let a = t.exponent.coordinates();
            if a.iter().zip(upper).any(|(x, u)| x > u) {
                continue;
            }
            counts[a.iter().zip(&strides).map(|(&x, &s)| x as usize * s).sum::<usize>()] = 1;
            for b in t.denominators.vectors() {
                let offset: usize = b.iter().zip(&strides).map(|(&x, &s)| x as usize * s).sum();
                for (i, p) in points.iter().enumerate() {
                    if p.coordinates().iter().zip(b).all(|(x, y)| x >= y) {
                        counts[i] = counts[i].saturating_add(counts[i - offset]);
                    }
                }
            }
            for (s, &c) in sum.iter_mut().zip(&counts) {
                if c > 0 {
                    *s += &t.coefficient * BigRational::from_integer(BigInt::from(c));
                }
            }
        }
        Ok(sum)
    }

    /// The first point of the box of `outcomes` (lexicographic order) where the expansion is
    /// not the indicator of the P-positions (1 at P-positions, 0 at N-positions); `None` if
    /// it is on the whole box. Defeated points are skipped.
    ///
    /// # Errors
    ///
    /// Those of [`RationalFunction::expand`].
    pub fn first_difference(&self, outcomes: &Outcomes) -> Result<Option<Point>, LatticeError> {
        let coefficients = self.expand(outcomes.upper())?;
        Ok(box_points(outcomes.upper()).zip(&coefficients).find_map(|(p, c)| {
            let want = match outcomes.outcome(&p)? {
                Outcome::P => BigRational::one(),
                Outcome::N => BigRational::zero(),
            };
            (*c != want).then_some(p)
        }))
    }

    /// Theorem 3.6, first part: the outcome of `p` read from the coefficient of `x^p`
    /// (1: a P-position, 0: an N-position).
    ///
    /// # Errors
    ///
    /// [`LatticeError::NotAStrategy`] when the coefficient is neither 0 nor 1.
    pub fn outcome(&self, p: &Point) -> Result<Outcome, LatticeError> {
        let c = self.coefficient(p);
        if c.is_zero() {
            Ok(Outcome::N)
        } else if c.is_one() {
            Ok(Outcome::P)
        } else {
            Err(LatticeError::NotAStrategy { point: p.to_string(), coefficient: c.to_string() })
        }
    }

    /// Theorem 3.6, second part: the legal moves of `game` from `p` (indices of rule vectors)
    /// to positions whose coefficient is 1, in the rule set's order; empty when `p` is a
    /// P-position of a correct strategy.
    ///
    /// # Errors
    ///
    /// [`LatticeError::NotAStrategy`] when the coefficient of a position reached is neither
    /// 0 nor 1.
    pub fn winning_moves(&self, game: &LatticeGame, p: &Point) -> Result<Vec<usize>, LatticeError> {
        let mut moves = Vec::new();
        game.moves(p, &mut moves);
        let mut winning = Vec::new();
        for mv in moves {
            if self.outcome(&game.play(p, &mv))? == Outcome::P {
                winning.push(mv);
            }
        }
        Ok(winning)
    }

    /// The sum of two functions (Corollary 5.3 for disjoint sets).
    ///
    /// # Errors
    ///
    /// [`LatticeError::BadModule`] for unequal dimensions.
    pub fn add(&self, other: &RationalFunction) -> Result<RationalFunction, LatticeError> {
        let mut terms = self.terms.clone();
        terms.extend(other.terms.iter().cloned());
        RationalFunction::new(self.dimension, terms)
    }

    /// The function times a rational constant.
    pub fn scale(&self, c: &BigRational) -> RationalFunction {
        let terms = self
            .terms
            .iter()
            .map(|t| Term { coefficient: &t.coefficient * c, ..t.clone() })
            .collect();
        RationalFunction { dimension: self.dimension, terms }
    }

    /// The Hadamard product (Definition 3.4): the series whose coefficient at `x^p` is the
    /// product of the two coefficients. Computed in closed form (Lemma 3.5 in the only case
    /// built) when every term of both functions has axis-parallel denominators (each vector a
    /// positive multiple of a unit vector, no two on one axis): the product of two such terms
    /// `x^a / Π_{i∈I} (1 − x^{m_i e_i})` and `x^c / Π_{i∈J} (1 − x^{n_i e_i})` is the indicator
    /// of the intersection of their supports, solved axis by axis (equal fixed coordinates, a
    /// fixed coordinate in an arithmetic progression, or two progressions met by the Chinese
    /// remainder theorem with period `lcm(m_i, n_i)`), times the product of the coefficients.
    ///
    /// # Errors
    ///
    /// [`LatticeError::Unsupported`] for other denominators (the general case needs
    /// Barvinok and Woods' Lemma 3.4); [`LatticeError::BadModule`] for unequal dimensions.
    pub fn hadamard(&self, other: &RationalFunction) -> Result<RationalFunction, LatticeError> {
        if other.dimension != self.dimension {
            return Err(LatticeError::BadModule {
                index: 1,
                reason: "the functions have unequal dimensions".into(),
            });
        }
        let unsupported = || LatticeError::Unsupported {
            reason: "Hadamard products are computed only for axis-parallel denominators; the \
                     general case needs Barvinok and Woods' algorithm"
                .into(),
        };
        let mut terms = Vec::new();
        for s in &self.terms {
            let ms = s.axis_parallel().ok_or_else(unsupported)?;
            for t in &other.terms {
                let mt = t.axis_parallel().ok_or_else(unsupported)?;
                if let Some((exponent, multiples)) =
                    intersect(s.exponent.coordinates(), ms, t.exponent.coordinates(), mt)
                {
                    let d = self.dimension;
                    let denominators = (0..d)
                        .filter(|&i| multiples[i] != 0)
                        .map(|i| {
                            let mut b = vec![0u32; d];
                            b[i] = multiples[i];
                            b
                        })
                        .collect();
                    terms.push(Term::new(
                        &s.coefficient * &t.coefficient,
                        Point::new(exponent),
                        denominators,
                    )?);
                }
            }
        }
        RationalFunction::new(self.dimension, terms)
    }
}

impl RationalFunction {
    /// The series `Σ_{x ∈ N^d} c(p + x) x^x` of the coefficients at and beyond `p` (the
    /// generating function of `{x : p + x ∈ S}` when the function is that of `S`), for
    /// axis-parallel denominators: each term's support is cut to the points `≥ p` axis by
    /// axis (a fixed coordinate `a_i ≥ p_i`, or the progression `a_i + m_i N` from its first
    /// value `≥ p_i`) and moved by `−p`. Theorem 6.2 obtains the same series as the Hadamard
    /// product with the function of `p + N^d`, then a translation.
    ///
    /// # Errors
    ///
    /// [`LatticeError::Unsupported`] for other denominators; [`LatticeError::WrongDimension`]
    /// for a point of another dimension.
    pub fn beyond(&self, p: &Point) -> Result<RationalFunction, LatticeError> {
        let d = self.dimension;
        if p.dimension() != d {
            return Err(LatticeError::WrongDimension {
                what: "position",
                index: 1,
                found: p.dimension(),
                expected: d,
            });
        }
        let mut terms = Vec::new();
        'terms: for t in &self.terms {
            let multiples = t.axis_parallel().ok_or_else(|| LatticeError::Unsupported {
                reason: "translations are computed only for axis-parallel denominators".into(),
            })?;
            let mut exponent = Vec::with_capacity(d);
            for ((&a, &m), &x) in
                t.exponent.coordinates().iter().zip(multiples).zip(p.coordinates())
            {
                let (a, m, x) = (i64::from(a), i64::from(m), i64::from(x));
                let first = if a >= x {
                    a - x
                } else if m == 0 {
                    continue 'terms;
                } else {
                    (a - x).rem_euclid(m)
                };
                exponent.push(u32::try_from(first).expect("at most a coordinate"));
            }
            terms.push(Term {
                coefficient: t.coefficient.clone(),
                exponent: Point::new(exponent),
                denominators: t.denominators.clone(),
            });
        }
        RationalFunction::new(d, terms)
    }

    /// Tells whether every coefficient of the series is 0, for axis-parallel denominators:
    /// each term's coefficients are constant on the cells of the thresholds `a_i` (axes with a
    /// denominator) or `a_i + 1` (axes without) and the period `m_i`, so the sum's are constant
    /// on the common refinement (largest thresholds, least common multiples of the periods),
    /// and it suffices to extract the coefficients of the base points `Π [0, t_i + m_i)`.
    ///
    /// # Errors
    ///
    /// [`LatticeError::Unsupported`] for other denominators or too many cells.
    pub fn is_zero_series(&self) -> Result<bool, LatticeError> {
        let d = self.dimension;
        let mut thresholds = vec![0u32; d];
        let mut periods = vec![1u32; d];
        for t in &self.terms {
            let multiples = t.axis_parallel().ok_or_else(|| LatticeError::Unsupported {
                reason: "zero tests are computed only for axis-parallel denominators".into(),
            })?;
            for i in 0..d {
                let a = t.exponent.coordinates()[i];
                thresholds[i] =
                    thresholds[i].max(if multiples[i] == 0 { a.saturating_add(1) } else { a });
                if multiples[i] != 0 {
                    periods[i] = periods[i].lcm(&multiples[i]);
                }
            }
        }
        let cells = crate::Periodicity::new(thresholds, periods)?;
        Ok(box_points(&cells.base_box()).all(|b| self.coefficient(&b).is_zero()))
    }

    /// Theorem 6.2: decides from a rational strategy with axis-parallel denominators whether
    /// `p` and `q` are misère congruent: the series of the coefficients beyond `p` and beyond
    /// `q` ([`RationalFunction::beyond`]) are equal, tested by
    /// [`RationalFunction::is_zero_series`] on their difference.
    ///
    /// ```
    /// use grundy_lattice::{Point, RationalFunction};
    ///
    /// // Misère Nim with heaps of at most 2.
    /// let f = RationalFunction::from_stratification(
    ///     &"{(1, 0)} + N{(2, 0)} ∪ {(0, 2)} + N{(2, 0); (0, 2)}".parse()?,
    /// )?;
    /// assert!(f.congruent(&Point::new([2, 0]), &Point::new([0, 0]))?); // a² = 1
    /// assert!(f.congruent(&Point::new([0, 3]), &Point::new([0, 1]))?); // b³ = b
    /// assert!(!f.congruent(&Point::new([0, 2]), &Point::new([0, 0]))?); // b² ≠ 1
    /// # Ok::<(), grundy_lattice::LatticeError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// Those of [`RationalFunction::beyond`] and [`RationalFunction::is_zero_series`].
    pub fn congruent(&self, p: &Point, q: &Point) -> Result<bool, LatticeError> {
        let difference = self.beyond(p)?.add(&self.beyond(q)?.scale(&-BigRational::one()))?;
        difference.is_zero_series()
    }
}

/// The intersection of `{a + Σ n_i m_i e_i}` and `{c + Σ n_i k_i e_i}` (a multiple of 0: no
/// generator on that axis), as an exponent and the multiples of its generators.
fn intersect(a: &[u32], m: &[u32], c: &[u32], k: &[u32]) -> Option<(Vec<u32>, Vec<u32>)> {
    let mut exponent = Vec::with_capacity(a.len());
    let mut multiples = Vec::with_capacity(a.len());
    for i in 0..a.len() {
        let (a, m, c, k) = (i64::from(a[i]), i64::from(m[i]), i64::from(c[i]), i64::from(k[i]));
        let on = |x: i64, base: i64, step: i64| {
            if step == 0 { x == base } else { x >= base && (x - base) % step == 0 }
        };
        let (e, l) = match (m, k) {
            (0, _) => (on(a, c, k).then_some(a)?, 0),
            (_, 0) => (on(c, a, m).then_some(c)?, 0),
            _ => {
                // y ≡ a (mod m), y ≡ c (mod k), y ≥ max(a, c).
                let g = m.gcd(&k);
                if (c - a).rem_euclid(g) != 0 {
                    return None;
                }
                let l = m / g * k;
                let start = a.max(c);
                let mut y = start;
                // At most l / m steps along a's progression from the first y ≥ start.
                y += (a - y).rem_euclid(m);
                while (y - c).rem_euclid(k) != 0 {
                    y += m;
                }
                (y, l)
            }
        };
        exponent.push(u32::try_from(e).ok()?);
        multiples.push(u32::try_from(l).ok()?);
    }
    Some((exponent, multiples))
}

impl fmt::Display for RationalFunction {
    /// `x^(0, 0) / ((1 - x^(2, 0))(1 - x^(0, 2))) + 1/2 x^(1, 0)`; the zero function is `0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.terms.is_empty() {
            return f.write_str("0");
        }
        for (i, t) in self.terms.iter().enumerate() {
            if i > 0 {
                f.write_str(" + ")?;
            }
            if !t.coefficient.is_one() {
                write!(f, "{} ", t.coefficient)?;
            }
            write!(f, "x^{}", t.exponent)?;
            if !t.denominators().is_empty() {
                f.write_str(" / (")?;
                for b in t.denominators.vectors() {
                    write!(f, "(1 - x^{})", VectorText(b))?;
                }
                f.write_str(")")?;
            }
        }
        Ok(())
    }
}

/// A lattice game with a rational strategy: the same moves, and [`Ruleset::known_outcome`]
/// (and [`Ruleset::known_value`], 0 at P-positions) answered from the strategy's coefficients
/// (Theorem 3.6), so that solvers use it as a shortcut.
///
/// The solvers trust `known_outcome` without checking, so the strategy is checked first: the
/// constructor compares its expansion with the box dynamic programme on a box, and the
/// answer is given only for positions inside that box (`None` outside, where nothing was
/// checked).
///
/// ```
/// use grundy_core::{Outcome, Ruleset, Solver};
/// use grundy_lattice::{LatticeGame, Point, RationalFunction, StrategicGame};
///
/// let nim2 = LatticeGame::normal("1,0 0,1 -1,1".parse()?);
/// let f = RationalFunction::from_stratification(&"{(0, 0)} + N{(2, 0); (0, 2)}".parse()?)?;
/// let game = StrategicGame::verified(nim2, f, &[20, 20])?;
/// assert_eq!(game.known_outcome(&Point::new([3, 4])), Some(Outcome::N));
/// assert_eq!(Solver::new(&game).outcome(&Point::new([8, 6]))?, Outcome::P);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct StrategicGame {
    game: LatticeGame,
    strategy: RationalFunction,
    upper: Vec<u32>,
}

impl StrategicGame {
    /// The game with `strategy`, checked on every position of the box `[0, upper]`.
    ///
    /// # Errors
    ///
    /// [`LatticeError::NotAStrategy`] naming the first point where the strategy's coefficient
    /// is not the indicator of the P-positions, and those of [`Outcomes::compute`] and
    /// [`RationalFunction::expand`].
    pub fn verified(
        game: LatticeGame,
        strategy: RationalFunction,
        upper: &[u32],
    ) -> Result<StrategicGame, LatticeError> {
        let outcomes = Outcomes::compute(&game, upper)?;
        if let Some(p) = strategy.first_difference(&outcomes)? {
            return Err(LatticeError::NotAStrategy {
                coefficient: strategy.coefficient(&p).to_string(),
                point: p.to_string(),
            });
        }
        Ok(StrategicGame { game, strategy, upper: upper.to_vec() })
    }

    /// The lattice game.
    pub fn game(&self) -> &LatticeGame {
        &self.game
    }

    /// The strategy.
    pub fn strategy(&self) -> &RationalFunction {
        &self.strategy
    }
}

impl Ruleset for StrategicGame {
    type Position = Point;
    type Move = usize;

    fn moves(&self, position: &Point, moves: &mut Vec<usize>) {
        self.game.moves(position, moves);
    }

    fn play(&self, position: &Point, mv: &usize) -> Point {
        self.game.play(position, mv)
    }

    /// 0 for a P-position of the strategy inside the checked box (a P-position is exactly a
    /// position of Grundy value 0); `None` otherwise.
    fn known_value(&self, position: &Point) -> Option<Nimber> {
        (self.known_outcome(position)? == Outcome::P).then_some(Nimber::ZERO)
    }

    /// The strategy's answer for a position of the checked box; `None` outside it.
    fn known_outcome(&self, position: &Point) -> Option<Outcome> {
        let inside = position.dimension() == self.upper.len()
            && position.coordinates().iter().zip(&self.upper).all(|(x, u)| x <= u);
        if !inside || self.game.is_defeated(position) {
            return None;
        }
        self.strategy.outcome(position).ok()
    }
}
