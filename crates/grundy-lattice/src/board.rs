//! Game boards other than `N^d`: the integer points of a rational polyhedron inside the
//! orthant, their recession cones, extremal rays and tangent cones, decided exactly.

use core::fmt;
use core::str::FromStr;

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};

use crate::exact::{Constraint, Lp, Relation, minimize, rat};
use crate::rules::VectorText;
use crate::{LatticeError, MAX_DIMENSION, MAX_ENTRY};

/// The most inequalities a [`Board`] may have besides `x ≥ 0`.
pub const MAX_INEQUALITIES: usize = 32;

/// The most work the computation of a board's rays and vertices may take, counted as the
/// subsets of `d − 1` or `d` constraints it enumerates times `d³` (it row-reduces one
/// `d × d` system per subset): about a second in a debug build.
pub const MAX_BOARD_WORK: u64 = 1 << 24;

/// The most linear programmes the search for an integer point of a board may solve.
const MAX_SEARCH_NODES: usize = 10_000;

/// One inequality `a · x ≥ b` of a [`Board`], with integer `a` and `b`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Inequality {
    coefficients: Vec<i64>,
    bound: i64,
}

impl Inequality {
    /// The inequality `coefficients · x ≥ bound`. (An inequality `a · x ≤ b` is
    /// `Inequality::new(−a, −b)`.) Checked when it joins a board ([`Board::new`]).
    pub fn new(coefficients: impl Into<Vec<i64>>, bound: i64) -> Self {
        Inequality { coefficients: coefficients.into(), bound }
    }

    /// The coefficients `a`.
    pub fn coefficients(&self) -> &[i64] {
        &self.coefficients
    }

    /// The bound `b`.
    pub fn bound(&self) -> i64 {
        self.bound
    }

    /// Tells whether the point satisfies `a · x ≥ b` (exactly, in 128-bit arithmetic).
    /// Coordinates beyond the inequality's length count as absent.
    pub fn holds_at(&self, point: &[u32]) -> bool {
        let sum: i128 =
            self.coefficients.iter().zip(point).map(|(&a, &x)| i128::from(a) * i128::from(x)).sum();
        sum >= i128::from(self.bound)
    }
}

impl fmt::Display for Inequality {
    /// `x0 - 2 x1 >= -3`: variable `xj` is coordinate `j`, counting from 0.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_linear(f, &self.coefficients)?;
        write!(f, " >= {}", self.bound)
    }
}

/// Writes `Σ a_j x_j` as `x0 - 2 x1` (`0` when every coefficient is 0).
fn write_linear(f: &mut fmt::Formatter<'_>, a: &[i64]) -> fmt::Result {
    let mut first = true;
    for (j, &c) in a.iter().enumerate() {
        if c == 0 {
            continue;
        }
        let magnitude = c.unsigned_abs();
        match (first, c < 0) {
            (true, false) => {}
            (true, true) => f.write_str("-")?,
            (false, false) => f.write_str(" + ")?,
            (false, true) => f.write_str(" - ")?,
        }
        if magnitude != 1 {
            write!(f, "{magnitude} ")?;
        }
        write!(f, "x{j}")?;
        first = false;
    }
    if first {
        f.write_str("0")?;
    }
    Ok(())
}

/// Why a [`Board`] could not be built or read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BoardError {
    /// Text that is not a board.
    #[error("cannot read the board '{text}' at byte {at}: {reason}")]
    Parse {
        /// The text.
        text: String,
        /// Byte offset of the problem.
        at: usize,
        /// What was expected.
        reason: String,
    },
    /// A dimension of 0 or beyond [`MAX_DIMENSION`].
    #[error("board dimension {dimension} is not supported: it must be between 1 and {max}")]
    Dimension {
        /// The dimension asked for.
        dimension: usize,
        /// The largest dimension supported.
        max: usize,
    },
    /// An inequality whose number of coefficients differs from the board's dimension.
    #[error("inequality {index} has {found} coefficients, the board {expected} coordinates")]
    WrongDimension {
        /// Its number, counting from 1.
        index: usize,
        /// Its number of coefficients.
        found: usize,
        /// The board's dimension.
        expected: usize,
    },
    /// A coefficient or bound too large in absolute value.
    #[error("inequality {index} has the entry {value}; entries are limited to ±{max}")]
    EntryTooLarge {
        /// Its number, counting from 1.
        index: usize,
        /// The entry.
        value: i64,
        /// The largest absolute value allowed.
        max: i64,
    },
    /// More inequalities than [`MAX_INEQUALITIES`].
    #[error("the board has {count} inequalities, more than the limit of {max}")]
    TooManyInequalities {
        /// The number given.
        count: usize,
        /// The limit.
        max: usize,
    },
    /// Computing the rays and vertices would take more than [`MAX_BOARD_WORK`].
    #[error(
        "the board's rays and vertices need {work} steps (subsets of constraints times the \
         dimension cubed), more than the limit of {max}: use fewer inequalities or coordinates"
    )]
    TooComplex {
        /// The work needed (saturated at `u64::MAX`).
        work: u64,
        /// The limit.
        max: u64,
    },
    /// The polyhedron has no point, or no integer point: the game would have no position.
    #[error("the board is empty: {reason}")]
    Empty {
        /// `the inequalities have no common solution in the orthant` or `the polyhedron has
        /// no integer point`.
        reason: &'static str,
    },
    /// The search for an integer point of the polyhedron ran out of its budget.
    #[error(
        "could not decide within {nodes} linear programmes whether the board has an integer point"
    )]
    Undecided {
        /// The programmes solved.
        nodes: usize,
    },
    /// A polyhedron of a [`GeneralBoard`](crate::GeneralBoard) that holds a whole line, so
    /// that play along it need not end.
    #[error("the board is not pointed: it holds every multiple of {line}")]
    NotPointed {
        /// A vector of the lattice whose multiples, added to a point of the board, stay on it,
        /// as `(1, 0)`.
        line: String,
    },
    /// The lattice of a [`GeneralBoard`](crate::GeneralBoard), or its embedding into the
    /// orthant, is refused.
    #[error("the board's lattice: {reason}")]
    Lattice {
        /// What is wrong: a generator of the wrong length or with too large an entry, the
        /// lattice `{0}`, or an embedding whose entries leave the range.
        reason: String,
    },
}

/// A game board: the integer points of a rational polyhedron `Q` inside the orthant, `Q = {x ∈
/// R^d : x ≥ 0, a_k · x ≥ b_k}` for finitely many integer inequalities (Definition 2.3 with a
/// polyhedron other than `R^d_{≥0}`). Being inside the orthant, `Q` is pointed.
///
/// [`Board::orthant`] is `N^d` itself. A board is built with its recession cone's extremal
/// rays ([`Board::rays`]); a board without an integer point is refused.
///
/// **Text form.** Inequalities separated by `,` or `;`, each two linear expressions in the
/// variables `x0, x1, …` (variable `xj` is coordinate `j`, counting from 0) joined by `>=`,
/// `<=`, `≥` or `≤`, e.g. `x1 <= 2 x0, x0 + x1 >= 1` (`2 x0`, `2x0` and `2*x0` all mean the
/// same). An optional prefix `N^d` (followed by `:` when inequalities follow) fixes the
/// dimension; without it [`FromStr`] takes one more than the largest variable index, and
/// [`Board::from_text`] the dimension given. [`Display`](fmt::Display) writes every
/// inequality as `a · x >= b` after the prefix, `N^2: -x0 + x1 >= -3`, and reads back to the
/// same board; `N^d` alone is the orthant.
///
/// ```
/// use grundy_lattice::Board;
///
/// // The points of N^2 under the line x1 = 2 x0: the cone spanned by (1, 0) and (1, 2).
/// let board: Board = "x1 <= 2 x0".parse()?;
/// assert_eq!(board.dimension(), 2);
/// assert_eq!(board.rays(), vec![vec![1, 2], vec![1, 0]]);
/// assert!(board.contains(&[1, 2]) && !board.contains(&[1, 3]));
/// assert_eq!(board.to_string(), "N^2: 2 x0 - x1 >= 0");
/// assert_eq!(board.to_string().parse::<Board>()?, board);
/// // The tangent cone along (1, 2) is the halfspace 2 x0 - x1 >= 0.
/// assert_eq!(board.tangent_cone(&[1, 2]), vec![vec![2, -1]]);
/// // A triangle: bounded, so its recession cone has no ray.
/// let triangle = Board::from_text("x0 + x1 <= 3", 2)?;
/// assert!(triangle.rays().is_empty());
/// // Errors say what is wrong and where.
/// let err = "x0 >= 1, x0 <= 0".parse::<Board>().unwrap_err();
/// assert_eq!(err.to_string(), "the board is empty: the inequalities have no common solution in the orthant");
/// let err = "x0 => 1".parse::<Board>().unwrap_err();
/// assert!(err.to_string().starts_with("cannot read the board 'x0 => 1' at byte 3"));
/// # Ok::<(), grundy_lattice::BoardError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    dimension: usize,
    inequalities: Vec<Inequality>,
    /// The extremal rays of the recession cone, computed on construction; empty for the
    /// orthant, whose rays are the unit vectors.
    rays: Vec<Vec<i64>>,
}

impl Board {
    /// The board `N^d`: no inequality besides `x ≥ 0`. (A dimension out of `1 ..=`
    /// [`MAX_DIMENSION`] is refused by the rule set or game that uses the board.)
    pub fn orthant(dimension: usize) -> Self {
        Board { dimension, inequalities: Vec::new(), rays: Vec::new() }
    }

    /// The integer points of `N^d` that satisfy every inequality.
    ///
    /// # Errors
    ///
    /// [`BoardError`]: a dimension out of range, an inequality of the wrong length, an entry
    /// beyond [`MAX_ENTRY`], more than [`MAX_INEQUALITIES`] inequalities, a polyhedron too
    /// complex to enumerate ([`MAX_BOARD_WORK`]), or one with no integer point.
    pub fn new(dimension: usize, inequalities: Vec<Inequality>) -> Result<Self, BoardError> {
        check_inequalities(dimension, &inequalities)?;
        let mut board = Board { dimension, inequalities, rays: Vec::new() };
        if board.inequalities.is_empty() {
            return Ok(board);
        }
        let n = (dimension + board.inequalities.len()) as u64;
        let d = dimension as u64;
        let work = binomial(n, d - 1)
            .saturating_add(binomial(n, d))
            .saturating_mul(d.saturating_mul(d).saturating_mul(d));
        if work > MAX_BOARD_WORK {
            return Err(BoardError::TooComplex { work, max: MAX_BOARD_WORK });
        }
        board.rays = board.compute_rays();
        let vertices = board.vertices();
        if vertices.is_empty() {
            return Err(BoardError::Empty {
                reason: "the inequalities have no common solution in the orthant",
            });
        }
        if !board.has_integer_point(&vertices)? {
            return Err(BoardError::Empty { reason: "the polyhedron has no integer point" });
        }
        Ok(board)
    }

    /// The board written `text` (see [`Board`] for the form) in dimension `dimension`: the
    /// prefix `N^d` may be left out, and empty text is the orthant `N^dimension`.
    ///
    /// # Errors
    ///
    /// [`BoardError::Parse`] for text that does not parse, names a variable beyond the
    /// dimension, or has a prefix of another dimension; the errors of [`Board::new`].
    pub fn from_text(text: &str, dimension: usize) -> Result<Self, BoardError> {
        let (prefix, inequalities) = parse_board(text)?;
        if let Some((at, d)) = prefix {
            if d != dimension {
                return Err(BoardError::Parse {
                    text: text.to_owned(),
                    at,
                    reason: format!("the board has dimension {d}, the game {dimension}"),
                });
            }
        }
        Board::new(dimension, dense(text, &inequalities, dimension)?)
    }

    /// The number of coordinates `d`.
    pub fn dimension(&self) -> usize {
        self.dimension
    }

    /// The inequalities besides `x ≥ 0`, as given.
    pub fn inequalities(&self) -> &[Inequality] {
        &self.inequalities
    }

    /// Tells whether the board is `N^d` as given: no inequality besides `x ≥ 0`.
    pub fn is_orthant(&self) -> bool {
        self.inequalities.is_empty()
    }

    /// Tells whether `point` (in `N^d`) is on the board: it has `d` coordinates and satisfies
    /// every inequality.
    pub fn contains(&self, point: &[u32]) -> bool {
        point.len() == self.dimension && self.inequalities.iter().all(|k| k.holds_at(point))
    }

    /// The first inequality that `point` breaks, if any (coordinates beyond the point's
    /// length count as absent).
    pub fn broken_by(&self, point: &[u32]) -> Option<&Inequality> {
        self.inequalities.iter().find(|k| !k.holds_at(point))
    }

    /// The extremal rays of the recession cone `C = {x ≥ 0 : a_k · x ≥ 0 for every k}`, each
    /// a primitive integer vector (coprime entries), without repetition, in decreasing
    /// lexicographic order; for the orthant, the unit vectors `e_1, …, e_d`. Empty when the
    /// board is bounded (`C = {0}`).
    pub fn rays(&self) -> Vec<Vec<i64>> {
        if self.is_orthant() {
            return (0..self.dimension)
                .map(|i| (0..self.dimension).map(|j| i64::from(i == j)).collect())
                .collect();
        }
        self.rays.clone()
    }

    /// The normal vectors `n` of the constraints `n · x ≥ 0` of the recession cone that are
    /// tight along `ray` (`n · ray = 0`): first the unit vectors `e_j` with `ray_j = 0`, then
    /// the `a_k` with `a_k · ray = 0`. Their intersection is the tangent cone `T_ρC` of
    /// Definition 2.1 (every valid inequality of `C` tight at `ρ` is a non-negative
    /// combination of these). A rule vector `γ` lies in the negative tangent cone `−T_ρC`
    /// when `n · γ ≤ 0` for each of them.
    pub fn tangent_cone(&self, ray: &[i64]) -> Vec<Vec<i64>> {
        let d = self.dimension;
        let mut normals: Vec<Vec<i64>> = (0..d)
            .filter(|&j| ray.get(j) == Some(&0))
            .map(|j| (0..d).map(|i| i64::from(i == j)).collect())
            .collect();
        for k in &self.inequalities {
            if dot(&k.coefficients, ray) == 0 {
                normals.push(k.coefficients.clone());
            }
        }
        normals
    }

    /// Tells whether `gamma` lies in the negative tangent cone `−T_ρC` along `ray`: `n · γ ≤ 0`
    /// for every normal `n` of [`Board::tangent_cone`] (for `N^d` and `ρ = e_i`: every
    /// coordinate of `γ` other than the `i`-th is at most 0).
    pub fn in_negative_tangent_cone(&self, ray: &[i64], gamma: &[i64]) -> bool {
        ray.iter().zip(gamma).all(|(&r, &g)| r != 0 || g <= 0)
            && self
                .inequalities
                .iter()
                .all(|k| dot(&k.coefficients, ray) != 0 || dot(&k.coefficients, gamma) <= 0)
    }

    /// The error for a ray with no rule vector in its negative tangent cone: the orthant's
    /// [`LatticeError::RayWithoutRule`] when the ray is a unit vector whose tangent cone is the
    /// orthant's (every tight inequality has non-negative coefficients), else
    /// [`LatticeError::RayWithoutRuleOnBoard`] with the ray and its tangent cone.
    pub(crate) fn axiom_two_error(&self, ray: &[i64]) -> LatticeError {
        let unit_axis = (ray.iter().filter(|&&x| x != 0).count() == 1)
            .then(|| ray.iter().position(|&x| x == 1))
            .flatten();
        let orthant_like = self
            .inequalities
            .iter()
            .all(|k| dot(&k.coefficients, ray) != 0 || k.coefficients.iter().all(|&a| a >= 0));
        match unit_axis {
            Some(axis) if orthant_like => LatticeError::RayWithoutRule { axis: axis + 1 },
            _ => LatticeError::RayWithoutRuleOnBoard {
                ray: ray_text(ray),
                tangent: self
                    .tangent_cone(ray)
                    .into_iter()
                    .map(|n| Inequality::new(n, 0).to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
            },
        }
    }

    /// The constraints of the recession cone, `e_1, …, e_d` then the `a_k`.
    fn cone_rows(&self) -> Vec<Vec<i64>> {
        let d = self.dimension;
        let mut rows: Vec<Vec<i64>> =
            (0..d).map(|j| (0..d).map(|i| i64::from(i == j)).collect()).collect();
        rows.extend(self.inequalities.iter().map(|k| k.coefficients.clone()));
        rows
    }

    /// The bounds of the constraints of `Q`, matching [`Board::cone_rows`].
    fn bounds(&self) -> Vec<i64> {
        let mut b = vec![0; self.dimension];
        b.extend(self.inequalities.iter().map(|k| k.bound));
        b
    }

    /// Every `d − 1` constraints of the cone whose tight set is a line: the direction on that
    /// line that satisfies every constraint, made primitive.
    fn compute_rays(&self) -> Vec<Vec<i64>> {
        let rows = self.cone_rows();
        let mut rays: Vec<Vec<i64>> = Vec::new();
        for subset in subsets(rows.len(), self.dimension - 1) {
            let system: Vec<&Vec<i64>> = subset.iter().map(|&i| &rows[i]).collect();
            let Some(line) = null_line(&system, self.dimension) else { continue };
            let signs: Vec<i128> = rows.iter().map(|r| dot(r, &line)).collect();
            let ray: Vec<i64> = if signs.iter().all(|&s| s >= 0) {
                line
            } else if signs.iter().all(|&s| s <= 0) {
                line.iter().map(|&x| -x).collect()
            } else {
                continue;
            };
            if ray.iter().any(|&x| x != 0) && !rays.contains(&ray) {
                rays.push(ray);
            }
        }
        rays.sort_unstable_by(|a, b| b.cmp(a));
        rays
    }

    /// The vertices of `Q`: the feasible unique solutions of `d` tight constraints.
    fn vertices(&self) -> Vec<Vec<BigRational>> {
        let rows = self.cone_rows();
        let bounds = self.bounds();
        let mut vertices: Vec<Vec<BigRational>> = Vec::new();
        for subset in subsets(rows.len(), self.dimension) {
            let system: Vec<&Vec<i64>> = subset.iter().map(|&i| &rows[i]).collect();
            let rhs: Vec<i64> = subset.iter().map(|&i| bounds[i]).collect();
            let Some(x) = solve_square(&system, &rhs) else { continue };
            let feasible = rows.iter().zip(&bounds).all(|(r, &b)| {
                let s: BigRational = r.iter().zip(&x).map(|(&a, xi)| rat(a) * xi).sum();
                s >= rat(b)
            });
            if feasible && !vertices.contains(&x) {
                vertices.push(x);
            }
        }
        vertices
    }

    /// Whether `Q` has an integer point: an integral vertex, or else branch and bound on `Q`
    /// cut to the box `x_j ≤ max_v v_j + Σ_ρ ρ_j`, which holds a translate (by an integer
    /// combination of rays) of every integer point of `Q`.
    fn has_integer_point(&self, vertices: &[Vec<BigRational>]) -> Result<bool, BoardError> {
        if vertices.iter().any(|v| v.iter().all(|x| x.is_integer())) {
            return Ok(true);
        }
        let d = self.dimension;
        let mut upper = vec![rat(0); d];
        for v in vertices {
            for (u, x) in upper.iter_mut().zip(v) {
                if x > u {
                    *u = x.clone();
                }
            }
        }
        for ray in &self.rays {
            for (u, &x) in upper.iter_mut().zip(ray) {
                *u += rat(x);
            }
        }
        let mut base = self.constraints();
        for (j, u) in upper.iter().enumerate() {
            base.push(Constraint { a: unit(d, j), relation: Relation::AtMost, b: u.floor() });
        }
        let zero = vec![rat(0); d];
        let mut stack: Vec<Vec<Constraint>> = vec![Vec::new()];
        let mut nodes = 0;
        while let Some(cuts) = stack.pop() {
            nodes += 1;
            if nodes > MAX_SEARCH_NODES {
                return Err(BoardError::Undecided { nodes: MAX_SEARCH_NODES });
            }
            let mut all = base.clone();
            all.extend(cuts.iter().cloned());
            let Lp::Optimal(x, _) = minimize(&zero, &all) else { continue };
            let Some(j) = x.iter().position(|v| !v.is_integer()) else { return Ok(true) };
            let mut down = cuts.clone();
            down.push(Constraint { a: unit(d, j), relation: Relation::AtMost, b: x[j].floor() });
            let mut up = cuts;
            up.push(Constraint { a: unit(d, j), relation: Relation::AtLeast, b: x[j].ceil() });
            stack.push(down);
            stack.push(up);
        }
        Ok(false)
    }

    /// The board's inequalities `a · x ≥ b` as linear-programming constraints.
    fn constraints(&self) -> Vec<Constraint> {
        self.inequalities
            .iter()
            .map(|k| Constraint {
                a: k.coefficients.iter().map(|&a| rat(a)).collect(),
                relation: Relation::AtLeast,
                b: rat(k.bound),
            })
            .collect()
    }

    /// The exact minimum of `c · x` over `Q`, rounded up (a lower bound of `c · x` on the
    /// board's integer points); `None` if it is unbounded below.
    pub(crate) fn min_of(&self, c: &[i64]) -> Option<BigInt> {
        let constraints = self.constraints();
        let cost: Vec<BigRational> = c.iter().map(|&x| rat(x)).collect();
        match minimize(&cost, &constraints) {
            Lp::Optimal(_, value) => Some(value.ceil().to_integer()),
            Lp::Unbounded | Lp::Infeasible => None,
        }
    }
}

/// The dimension, the number of inequalities, their lengths and their entries, within the
/// limits of a board.
pub(crate) fn check_inequalities(
    dimension: usize,
    inequalities: &[Inequality],
) -> Result<(), BoardError> {
    if dimension == 0 || dimension > MAX_DIMENSION {
        return Err(BoardError::Dimension { dimension, max: MAX_DIMENSION });
    }
    if inequalities.len() > MAX_INEQUALITIES {
        return Err(BoardError::TooManyInequalities {
            count: inequalities.len(),
            max: MAX_INEQUALITIES,
        });
    }
    for (i, k) in inequalities.iter().enumerate() {
        if k.coefficients.len() != dimension {
            return Err(BoardError::WrongDimension {
                index: i + 1,
                found: k.coefficients.len(),
                expected: dimension,
            });
        }
        let too_large = |x: i64| x.unsigned_abs() > MAX_ENTRY.unsigned_abs();
        if let Some(&value) = k.coefficients.iter().chain([&k.bound]).find(|&&x| too_large(x)) {
            return Err(BoardError::EntryTooLarge { index: i + 1, value, max: MAX_ENTRY });
        }
    }
    Ok(())
}

/// The unit vector `e_j` in rationals.
fn unit(d: usize, j: usize) -> Vec<BigRational> {
    (0..d).map(|i| rat(i64::from(i == j))).collect()
}

/// `a · b` in 128 bits.
fn dot(a: &[i64], b: &[i64]) -> i128 {
    a.iter().zip(b).map(|(&x, &y)| i128::from(x) * i128::from(y)).sum()
}

/// `n` choose `k`, saturating.
fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut r: u128 = 1;
    for i in 0..k {
        r = r * u128::from(n - i) / u128::from(i + 1);
        if r > u128::from(u64::MAX) {
            return u64::MAX;
        }
    }
    u64::try_from(r).unwrap_or(u64::MAX)
}

/// The `k`-element subsets of `0..n`, in lexicographic order.
fn subsets(n: usize, k: usize) -> impl Iterator<Item = Vec<usize>> {
    let mut current: Option<Vec<usize>> = (k <= n).then(|| (0..k).collect());
    core::iter::from_fn(move || {
        let out = current.clone()?;
        // Advance: the rightmost index that can move right.
        let mut next = out.clone();
        let mut i = k;
        loop {
            if i == 0 {
                current = None;
                break;
            }
            i -= 1;
            if next[i] < n - k + i {
                next[i] += 1;
                for j in i + 1..k {
                    next[j] = next[j - 1] + 1;
                }
                current = Some(next);
                break;
            }
        }
        Some(out)
    })
}

/// Row-reduces `rows` (each of length `d`) over the rationals; returns the reduced rows and
/// the pivot column of each.
fn reduce(rows: &[Vec<BigRational>], d: usize) -> (Vec<Vec<BigRational>>, Vec<usize>) {
    let mut m: Vec<Vec<BigRational>> = rows.to_vec();
    let mut pivots = Vec::new();
    let mut r = 0;
    for c in 0..d {
        let Some(p) = (r..m.len()).find(|&i| !m[i][c].is_zero()) else { continue };
        m.swap(r, p);
        let inv = m[r][c].recip();
        for x in &mut m[r] {
            *x *= &inv;
        }
        for i in 0..m.len() {
            if i != r && !m[i][c].is_zero() {
                let f = m[i][c].clone();
                let row = m[r].clone();
                for (x, y) in m[i].iter_mut().zip(&row) {
                    *x -= &f * y;
                }
            }
        }
        pivots.push(c);
        r += 1;
        if r == m.len() {
            break;
        }
    }
    m.truncate(r);
    (m, pivots)
}

/// The primitive integer vector spanning the null space of `rows` when it is a line.
fn null_line(rows: &[&Vec<i64>], d: usize) -> Option<Vec<i64>> {
    let q: Vec<Vec<BigRational>> =
        rows.iter().map(|r| r.iter().map(|&x| rat(x)).collect()).collect();
    let (m, pivots) = reduce(&q, d);
    if pivots.len() + 1 != d {
        return None;
    }
    let free = (0..d).find(|c| !pivots.contains(c))?;
    let mut v = vec![BigRational::zero(); d];
    v[free] = BigRational::one();
    for (row, &p) in m.iter().zip(&pivots) {
        v[p] = -row[free].clone();
    }
    primitive(&v)
}

/// The unique solution of the square system `rows · x = rhs`, if its matrix is invertible.
fn solve_square(rows: &[&Vec<i64>], rhs: &[i64]) -> Option<Vec<BigRational>> {
    let d = rows.len();
    let q: Vec<Vec<BigRational>> = rows
        .iter()
        .zip(rhs)
        .map(|(r, &b)| r.iter().map(|&x| rat(x)).chain([rat(b)]).collect())
        .collect();
    let (m, pivots) = reduce(&q, d);
    if pivots.len() != d {
        return None;
    }
    let mut x = vec![BigRational::zero(); d];
    for (row, &p) in m.iter().zip(&pivots) {
        x[p] = row[d].clone();
    }
    Some(x)
}

/// The rational vector scaled to coprime integers (same direction), if they fit in `i64`.
fn primitive(v: &[BigRational]) -> Option<Vec<i64>> {
    let lcm = v.iter().fold(BigInt::one(), |acc, x| acc.lcm(x.denom()));
    let ints: Vec<BigInt> =
        v.iter().map(|x| (x * BigRational::from_integer(lcm.clone())).to_integer()).collect();
    let gcd = ints.iter().fold(BigInt::zero(), |acc, x| acc.gcd(x));
    if gcd.is_zero() {
        return None;
    }
    ints.iter().map(|x| (x / &gcd).to_i64()).collect()
}

/// The `N^d` prefix of a board's text: its byte offset and `d`.
type Prefix = Option<(usize, usize)>;

/// Variable terms of a linear expression: (byte offset, variable, coefficient).
type Terms = Vec<(usize, usize, i128)>;

/// A parsed inequality: sparse coefficients (variable, value) and the bound, with the byte
/// offset where it starts.
struct Parsed {
    at: usize,
    terms: Terms,
    bound: i128,
}

/// Reads the text form: the optional `N^d` prefix (with its offset) and the inequalities.
fn parse_board(text: &str) -> Result<(Prefix, Vec<Parsed>), BoardError> {
    let mut p = Parser { text, at: 0 };
    p.skip_space();
    let mut prefix = None;
    if p.peek() == Some(b'N') {
        let start = p.at;
        p.at += 1;
        p.skip_space();
        if !p.eat("^") {
            return Err(p.error("expected '^' after 'N'"));
        }
        p.skip_space();
        let d = p.integer()?.ok_or_else(|| p.error("expected the dimension after 'N^'"))?;
        let d = usize::try_from(d).map_err(|_| p.error("dimension out of range"))?;
        prefix = Some((start, d));
        p.skip_space();
        if p.at == text.len() {
            return Ok((prefix, Vec::new()));
        }
        if !p.eat(":") {
            return Err(p.error("expected ':' before the inequalities"));
        }
    }
    let mut inequalities = Vec::new();
    loop {
        p.skip_space();
        if p.at == text.len() {
            if inequalities.is_empty() && prefix.is_none() && !text.trim().is_empty() {
                return Err(p.error("expected an inequality"));
            }
            break;
        }
        let start = p.at;
        let (mut terms, left) = p.expression()?;
        p.skip_space();
        let flip = if p.eat(">=") || p.eat("≥") {
            false
        } else if p.eat("<=") || p.eat("≤") {
            true
        } else {
            return Err(p.error("expected '>=' or '<='"));
        };
        let (right_terms, right) = p.expression()?;
        // left ≥ right (or ≤): Σ left terms − Σ right terms ≥ right constant − left constant.
        for (at, j, c) in right_terms {
            terms.push((at, j, -c));
        }
        let (mut terms, mut bound) = (terms, right - left);
        if flip {
            for t in &mut terms {
                t.2 = -t.2;
            }
            bound = -bound;
        }
        inequalities.push(Parsed { at: start, terms, bound });
        p.skip_space();
        if p.at == text.len() {
            break;
        }
        if !(p.eat(",") || p.eat(";")) {
            if p.peek().is_some_and(|b| b.is_ascii_alphabetic()) {
                return Err(p.error("expected a variable x0, x1, ..."));
            }
            return Err(p.error("expected ',' or ';' between inequalities"));
        }
    }
    Ok((prefix, inequalities))
}

/// The inequalities of a board's text in dimension `d`, whatever its prefix says.
pub(crate) fn parse_inequalities(text: &str, d: usize) -> Result<Vec<Inequality>, BoardError> {
    let (_, parsed) = parse_board(text)?;
    dense(text, &parsed, d)
}

/// The parsed inequalities as [`Inequality`] values of dimension `d`.
fn dense(text: &str, parsed: &[Parsed], d: usize) -> Result<Vec<Inequality>, BoardError> {
    let error = |at: usize, reason: String| BoardError::Parse { text: text.to_owned(), at, reason };
    let fits = |x: i128, at: usize| {
        i64::try_from(x).map_err(|_| error(at, "number out of range".to_owned()))
    };
    parsed
        .iter()
        .map(|k| {
            let mut a = vec![0i128; d];
            for &(at, j, c) in &k.terms {
                if j >= d {
                    return Err(error(
                        at,
                        format!("x{j} is beyond the dimension {d} (x0 to x{})", d - 1),
                    ));
                }
                a[j] =
                    a[j].checked_add(c).ok_or_else(|| error(at, "number out of range".into()))?;
            }
            let a = a.iter().map(|&x| fits(x, k.at)).collect::<Result<Vec<i64>, _>>()?;
            Ok(Inequality::new(a, fits(k.bound, k.at)?))
        })
        .collect()
}

/// A cursor over the board's text.
struct Parser<'a> {
    text: &'a str,
    at: usize,
}

impl Parser<'_> {
    fn error(&self, reason: &str) -> BoardError {
        BoardError::Parse { text: self.text.to_owned(), at: self.at, reason: reason.to_owned() }
    }

    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.at += 1;
        }
    }

    fn eat(&mut self, token: &str) -> bool {
        if self.text[self.at..].starts_with(token) {
            self.at += token.len();
            true
        } else {
            false
        }
    }

    /// Digits, if any, as a number (an error beyond 10^18).
    fn integer(&mut self) -> Result<Option<i128>, BoardError> {
        let start = self.at;
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.at += 1;
        }
        if start == self.at {
            return Ok(None);
        }
        let digits = &self.text[start..self.at];
        match digits.parse::<i64>() {
            Ok(v) => Ok(Some(i128::from(v))),
            Err(_) => {
                self.at = start;
                Err(self.error("number out of range"))
            }
        }
    }

    /// A linear expression: terms `[±] [integer] [*] [x<index>]`; returns the variable terms
    /// (offset, variable, coefficient) and the constant.
    fn expression(&mut self) -> Result<(Terms, i128), BoardError> {
        let mut terms = Vec::new();
        let mut constant: i128 = 0;
        let mut first = true;
        loop {
            self.skip_space();
            let term_start = self.at;
            let sign: i128 = if self.eat("+") {
                1
            } else if self.eat("-") {
                -1
            } else if first {
                1
            } else {
                break;
            };
            self.skip_space();
            let number = self.integer()?;
            self.skip_space();
            let star = number.is_some() && self.eat("*");
            self.skip_space();
            if self.peek() == Some(b'x') {
                self.at += 1;
                let var_at = self.at;
                let Some(j) = self.integer()? else {
                    return Err(self.error("expected the variable's index after 'x'"));
                };
                let j = usize::try_from(j).map_err(|_| {
                    self.at = var_at;
                    self.error("variable index out of range")
                })?;
                if j >= MAX_DIMENSION {
                    self.at = var_at;
                    return Err(self.error("variable index beyond the largest dimension"));
                }
                terms.push((term_start, j, sign * number.unwrap_or(1)));
            } else if star {
                return Err(self.error("expected a variable after '*'"));
            } else if let Some(n) = number {
                constant += sign * n;
            } else {
                return Err(self.error("expected a number or a variable"));
            }
            first = false;
        }
        Ok((terms, constant))
    }
}

impl fmt::Display for Board {
    /// `N^d`, then `: ` and the inequalities as `a · x >= b` separated by `, `.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "N^{}", self.dimension)?;
        for (i, k) in self.inequalities.iter().enumerate() {
            f.write_str(if i == 0 { ": " } else { ", " })?;
            k.fmt(f)?;
        }
        Ok(())
    }
}

impl FromStr for Board {
    type Err = BoardError;

    /// The text form of [`Board`]; without the `N^d` prefix the dimension is one more than
    /// the largest variable index.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let (prefix, inequalities) = parse_board(text)?;
        let d = match prefix {
            Some((_, d)) => d,
            None => {
                inequalities.iter().flat_map(|k| k.terms.iter().map(|t| t.1 + 1)).max().ok_or_else(
                    || BoardError::Parse {
                        text: text.to_owned(),
                        at: 0,
                        reason: "no variable: write N^d for the orthant".into(),
                    },
                )?
            }
        };
        if d == 0 || d > MAX_DIMENSION {
            return Err(BoardError::Dimension { dimension: d, max: MAX_DIMENSION });
        }
        Board::new(d, dense(text, &inequalities, d)?)
    }
}

/// A board as its text.
#[cfg(feature = "serde")]
impl serde::Serialize for Board {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// A board from its text, checked by [`Board::new`].
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Board {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <String as serde::Deserialize>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Ray text `(1, 2)`.
pub(crate) fn ray_text(ray: &[i64]) -> String {
    VectorText(ray).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subsets_and_binomials() {
        let all: Vec<Vec<usize>> = subsets(4, 2).collect();
        assert_eq!(all.len(), 6);
        assert_eq!(all[0], vec![0, 1]);
        assert_eq!(all[5], vec![2, 3]);
        assert_eq!(subsets(3, 0).count(), 1);
        assert_eq!(subsets(2, 3).count(), 0);
        assert_eq!(binomial(5, 2), 10);
    }

    #[test]
    fn rays_and_emptiness() {
        let b: Board = "x1 <= 2 x0".parse().unwrap();
        assert_eq!(b.rays(), vec![vec![1, 2], vec![1, 0]]);
        assert_eq!(b.tangent_cone(&[1, 0]), vec![vec![0, 1]]);
        // 2 x0 - 2 x1 = 1 has rational points but no integer one.
        let err = "2 x0 - 2 x1 >= 1, 2 x0 - 2 x1 <= 1".parse::<Board>().unwrap_err();
        assert_eq!(err, BoardError::Empty { reason: "the polyhedron has no integer point" });
        // A thin bounded strip with one integer point.
        let b: Board = "3 x0 >= 1, 3 x0 <= 5, x1 <= 0".parse().unwrap();
        assert!(b.rays().is_empty());
        assert!(b.contains(&[1, 0]));
        // In three dimensions: x2 <= x0 + x1 has the rays e0, e1, e0 + e2, e1 + e2.
        let b: Board = "x2 <= x0 + x1".parse().unwrap();
        assert_eq!(b.rays(), vec![vec![1, 0, 1], vec![1, 0, 0], vec![0, 1, 1], vec![0, 1, 0]]);
        // Redundant inequalities keep the orthant's rays.
        let b = Board::from_text("x0 >= -3", 3).unwrap();
        assert_eq!(b.rays(), Board::orthant(3).rays());
    }

    #[test]
    fn text() {
        for text in ["N^3", "N^2: x0 - 2 x1 >= -3, -x1 >= -5", "N^1: 0 >= -1"] {
            let b: Board = text.parse().unwrap();
            assert_eq!(b.to_string(), text);
        }
        let b: Board = "2*x0 + 3 >= x1 - 1; x1<=5".parse().unwrap();
        assert_eq!(b.to_string(), "N^2: 2 x0 - x1 >= -4, -x1 >= -5");
        assert_eq!(Board::from_text("", 2).unwrap(), Board::orthant(2));
        let bad = |t: &str| t.parse::<Board>().unwrap_err();
        assert!(matches!(bad("x0 >= 1 2"), BoardError::Parse { at: 8, .. }));
        assert!(matches!(bad("x >= 1"), BoardError::Parse { at: 1, .. }));
        assert!(matches!(bad("x0 1"), BoardError::Parse { at: 3, .. }));
        assert!(matches!(bad("N^2: x2 >= 0"), BoardError::Parse { at: 5, .. }));
        assert!(matches!(bad(""), BoardError::Parse { .. }));
        assert!(matches!(bad("N^0"), BoardError::Dimension { .. }));
        assert!(matches!(bad("x0 >= 99999999999999999999"), BoardError::Parse { at: 6, .. }));
        assert!(matches!(bad("x0 >= 2000000"), BoardError::EntryTooLarge { .. }));
        assert!(matches!(bad("0 >= 1"), BoardError::Parse { .. }));
        assert!(matches!(
            Board::from_text("N^3: x0 >= 1", 2),
            Err(BoardError::Parse { at: 0, .. })
        ));
        assert!(matches!(Board::from_text("0 >= 1", 2), Err(BoardError::Empty { .. })));
    }
}
