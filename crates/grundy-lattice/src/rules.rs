//! Rule sets (Definition 2.2) on the board `N^d` or a [`Board`], their axioms decided exactly, and the text
//! form of vectors.

use core::fmt;
use core::str::FromStr;

use num_rational::BigRational;
use num_traits::{ToPrimitive, Zero};

use crate::exact::{Constraint, Lp, Relation, minimize, rat, to_integers};
use crate::{Board, LatticeError};

/// The largest dimension a rule set may have.
pub const MAX_DIMENSION: usize = 64;

/// The largest absolute value of an entry of a rule vector (`2^20`), so that every weighted sum
/// the crate forms fits in 64 bits.
pub const MAX_ENTRY: i64 = 1 << 20;

/// The largest coefficient of the positive linear function of axiom 1 (`2^24`): with
/// coordinates below `2^32` and at most [`MAX_DIMENSION`] of them, weights fit in 63 bits.
pub const MAX_WEIGHT: u64 = 1 << 24;

/// A rule set `Γ` on the board `N^d` (or on a [`Board`], [`RuleSet::on_board`]): a finite set of non-zero integer vectors, a move from `p`
/// to `p − γ`, satisfying the two axioms of Definition 2.2.
///
/// **Reading of Definition 2.2.** The text lost its formulas; with Guo and Miller's *Lattice
/// point methods for combinatorial games* (arXiv 0908.3473, Definition 2.3) it reads:
///
/// 1. some linear function is positive on `Γ` and on the recession cone `C` of the board
///    (minus the origin). The damaged text says only "positive on ·"; positivity on `Γ`
///    alone is not enough: `Γ = {(−1, 0)}` on `N^2` has such a function and satisfies axiom 2,
///    yet its play `(0, 0) → (1, 0) → (2, 0) → …` never ends. With the function positive on
///    `C` too, it is bounded below on the board and falls by a fixed amount at every move, so
///    every play ends.
/// 2. for each extremal ray `ρ` of `C` some `γ ∈ Γ` lies in the negative tangent cone `−T_ρC`
///    (Definition 2.1), `T_ρC` being the intersection of the positive closed halfspaces of the
///    supporting hyperplanes of `C` that contain `ρ`. For `C = R^d_{≥0}` and `ρ = e_i`,
///    `−T_ρC` holds the vectors whose coordinates other than the `i`-th are at most 0 (and by
///    axiom 1 the `i`-th is then positive): some move takes from coordinate `i` alone,
///    possibly adding to others.
///
/// Both are decided exactly, by linear programming over the rationals. [`RuleSet::new`] and
/// the text form check them on the board `N^d`, whose recession cone is the orthant with the
/// unit vectors as rays; [`RuleSet::on_board`] checks them on a rational polyhedron inside
/// the orthant ([`Board`]), with the rays and tangent cones of its recession cone.
///
/// ```
/// use grundy_lattice::RuleSet;
///
/// // Nim with heaps of at most 2: take a heap of 1, take a heap of 2, or turn a 2 into a 1.
/// let nim2: RuleSet = "1,0 0,1 -1,1".parse()?;
/// assert_eq!(nim2.dimension(), 2);
/// assert_eq!(nim2.weights(), &[1, 2]); // positive on the cone and on every rule vector
/// let err = "-1,0 0,1".parse::<RuleSet>().unwrap_err();
/// assert!(err.to_string().starts_with("axiom 1 fails"));
/// # Ok::<(), grundy_lattice::LatticeError>(())
/// ```
///
/// With the `serde` feature a rule set serialises as its vectors (`[[1, 0], [0, 1], [-1, 1]]`)
/// and deserialises through [`RuleSet::new`]: a list that breaks an axiom is an error.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(into = "RuleSetData", try_from = "RuleSetData")
)]
pub struct RuleSet {
    dimension: usize,
    vectors: Vec<Vec<i64>>,
    /// The function of axiom 1 when its coefficients are non-negative, else empty.
    weights: Vec<u64>,
    /// The function of axiom 1.
    function: Vec<i64>,
    /// A lower bound of `function` on the board (0 when its coefficients are non-negative).
    offset: i64,
    /// The board the axioms were checked on.
    board: Board,
}

/// A [`RuleSet`] as data: its vectors.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
struct RuleSetData(Vec<Vec<i64>>);

#[cfg(feature = "serde")]
impl From<RuleSet> for RuleSetData {
    fn from(rules: RuleSet) -> Self {
        RuleSetData(rules.vectors)
    }
}

#[cfg(feature = "serde")]
impl TryFrom<RuleSetData> for RuleSet {
    type Error = LatticeError;

    fn try_from(data: RuleSetData) -> Result<Self, LatticeError> {
        RuleSet::new(data.0)
    }
}

impl RuleSet {
    /// The rule set of `vectors`, with both axioms checked.
    ///
    /// # Errors
    ///
    /// [`LatticeError`] naming the problem: no vectors, a dimension out of range or unequal
    /// dimensions, a zero or repeated vector, an entry beyond [`MAX_ENTRY`], or the axiom
    /// that fails (axiom 1 with a combination of moves that decreases no coordinate).
    pub fn new(vectors: Vec<Vec<i64>>) -> Result<Self, LatticeError> {
        let dimension = validate(&vectors)?;
        RuleSet::checked(vectors, &Board::orthant(dimension))
    }

    /// The rule set of `vectors` on `board`, with both axioms checked for the board's
    /// recession cone `C`: axiom 1, a linear function positive on every rule vector and on
    /// every extremal ray of `C` ([`Board::rays`]); axiom 2, for every extremal ray `ρ` a
    /// rule vector `γ` in the negative tangent cone, that is `n · γ ≤ 0` for every constraint
    /// `n · x ≥ 0` of `C` tight along `ρ` ([`Board::tangent_cone`]). On
    /// [`Board::orthant`] this is [`RuleSet::new`], with the same answers and errors.
    ///
    /// ```
    /// use grundy_lattice::{Board, LatticeError, RuleSet};
    ///
    /// // Under the line x1 = 2 x0 the cone has the rays (1, 0) and (1, 2).
    /// let board: Board = "x1 <= 2 x0".parse()?;
    /// // (1, 2) lies in the negative tangent cone along (1, 2): 2·1 − 2 ≤ 0.
    /// let rules = RuleSet::on_board(vec![vec![1, 0], vec![1, 2]], &board)?;
    /// assert_eq!(rules.board(), &board);
    /// // On N^2 the same vectors break axiom 2 for the ray along coordinate 2.
    /// assert!(RuleSet::new(vec![vec![1, 0], vec![1, 2]]).is_err());
    /// // (1, 1) does not: 2·1 − 1 > 0.
    /// let err = RuleSet::on_board(vec![vec![1, 0], vec![1, 1]], &board).unwrap_err();
    /// assert!(matches!(err, LatticeError::RayWithoutRuleOnBoard { ref ray, .. } if ray == "(1, 2)"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// Those of [`RuleSet::new`], with [`LatticeError::RayWithoutRuleOnBoard`] for a ray
    /// whose tangent cone is not that of a ray of the orthant, and
    /// [`LatticeError::WrongDimension`] for a board of another dimension.
    pub fn on_board(vectors: Vec<Vec<i64>>, board: &Board) -> Result<Self, LatticeError> {
        let dimension = validate(&vectors)?;
        if board.dimension() != dimension {
            return Err(LatticeError::WrongDimension {
                what: "board",
                index: 1,
                found: board.dimension(),
                expected: dimension,
            });
        }
        RuleSet::checked(vectors, board)
    }

    /// Both axioms on `board`, for vectors already validated.
    fn checked(vectors: Vec<Vec<i64>>, board: &Board) -> Result<Self, LatticeError> {
        let dimension = board.dimension();
        let rays = board.rays();
        let (weights, function, offset) = positive_function(&vectors, &rays, board)?;
        for ray in &rays {
            if !vectors.iter().any(|gamma| board.in_negative_tangent_cone(ray, gamma)) {
                return Err(board.axiom_two_error(ray));
            }
        }
        Ok(RuleSet { dimension, vectors, weights, function, offset, board: board.clone() })
    }

    /// The number of coordinates `d` of the board.
    pub fn dimension(&self) -> usize {
        self.dimension
    }

    /// The rule vectors, in the order given: move `i` goes from `p` to `p − vectors()[i]`.
    pub fn vectors(&self) -> &[Vec<i64>] {
        &self.vectors
    }

    /// The number of rule vectors.
    pub fn len(&self) -> usize {
        self.vectors.len()
    }

    /// Always false: a rule set has at least one vector.
    pub fn is_empty(&self) -> bool {
        self.vectors.is_empty()
    }

    /// A linear function with non-negative integer coefficients that is positive on every
    /// rule vector and every ray of the board's recession cone (axiom 1's witness, the
    /// smallest found by the solver, scaled to integers; on `N^d` every coefficient is
    /// positive): every move lowers `weight(p) = Σ weights[i] p[i]` by at least 1, so a play
    /// from `p` has at most `weight(p)` moves.
    ///
    /// Empty for a rule set on a board other than `N^d` ([`RuleSet::on_board`]) when no such
    /// function has non-negative coefficients; [`RuleSet::function`] gives it then.
    pub fn weights(&self) -> &[u64] {
        &self.weights
    }

    /// Axiom 1's linear function, integer coefficients, positive on every rule vector and
    /// every ray of the board's recession cone: [`RuleSet::weights`] when that is not empty,
    /// otherwise a function with a negative coefficient (only on boards other than `N^d`).
    pub fn function(&self) -> &[i64] {
        &self.function
    }

    /// The board the axioms were checked on: [`Board::orthant`] for [`RuleSet::new`] and text.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// `Σ function[i] p[i] − m` for a point `p` of the board, where `m` is 0 when the
    /// coefficients are non-negative and otherwise a lower bound of the function on the board
    /// (so the weight of a board point is at least 0); clamped to `0 ..= u64::MAX`. Every
    /// move between points of the board lowers it by at least 1.
    pub fn weight(&self, point: &[u32]) -> u64 {
        let sum: i128 = point
            .iter()
            .zip(&self.function)
            .map(|(&x, &w)| i128::from(x) * i128::from(w))
            .sum::<i128>()
            - i128::from(self.offset);
        u64::try_from(sum.max(0)).unwrap_or(u64::MAX)
    }

    /// The function's lower bound `m` on the board (see [`RuleSet::weight`]).
    pub(crate) fn offset(&self) -> i64 {
        self.offset
    }
}

/// The checks of [`RuleSet::new`] before the axioms; returns the dimension.
pub(crate) fn validate(vectors: &[Vec<i64>]) -> Result<usize, LatticeError> {
    let first = vectors.first().ok_or(LatticeError::NoRules)?;
    let dimension = first.len();
    if dimension == 0 || dimension > MAX_DIMENSION {
        return Err(LatticeError::Dimension { dimension, max: MAX_DIMENSION });
    }
    for (i, v) in vectors.iter().enumerate() {
        if v.len() != dimension {
            return Err(LatticeError::WrongDimension {
                what: "rule vector",
                index: i + 1,
                found: v.len(),
                expected: dimension,
            });
        }
        if let Some(&value) = v.iter().find(|x| x.unsigned_abs() > MAX_ENTRY.unsigned_abs()) {
            return Err(LatticeError::EntryTooLarge { index: i + 1, value, max: MAX_ENTRY });
        }
        if v.iter().all(|&x| x == 0) {
            return Err(LatticeError::ZeroRule { index: i + 1 });
        }
        if let Some(j) = vectors[..i].iter().position(|w| w == v) {
            return Err(LatticeError::DuplicateRule { first: j + 1, second: i + 1 });
        }
    }
    Ok(dimension)
}

/// Axiom 1 on a board with recession cone rays `rays`: an integer vector `w` with `w · γ ≥ 1`
/// for every rule vector and `w · ρ ≥ 1` for every ray, with non-negative coefficients if
/// possible (on `N^d`, whose rays are the unit vectors, that is `w ≥ 1`); returns the
/// non-negative weights (empty if none), the function and its lower bound on the board. The
/// error carries a certificate that none exists.
fn positive_function(
    vectors: &[Vec<i64>],
    rays: &[Vec<i64>],
    board: &Board,
) -> Result<(Vec<u64>, Vec<i64>, i64), LatticeError> {
    let d = vectors[0].len();
    let too_large = LatticeError::WeightsTooLarge { max: MAX_WEIGHT };
    // Minimise Σ w subject to w · γ ≥ 1 and w · ρ ≥ 1 (w ≥ 0): strict inequalities scaled.
    let rows: Vec<&Vec<i64>> = vectors.iter().chain(rays).collect();
    let constraints: Vec<Constraint> = rows
        .iter()
        .map(|v| Constraint {
            a: v.iter().map(|&x| rat(x)).collect(),
            relation: Relation::AtLeast,
            b: rat(1),
        })
        .collect();
    if let Lp::Optimal(w, _) = minimize(&vec![rat(1); d], &constraints) {
        let weights = to_integers(&w)
            .into_iter()
            .map(|x| x.to_u64().filter(|&x| x <= MAX_WEIGHT))
            .collect::<Option<Vec<u64>>>()
            .ok_or(too_large.clone())?;
        let function = weights.iter().map(|&x| i64::try_from(x).unwrap_or(i64::MAX)).collect();
        return Ok((weights, function, 0));
    }
    // A function with negative coefficients: w = u − v with u, v ≥ 0, minimising Σ (u + v).
    let split: Vec<Constraint> = rows
        .iter()
        .map(|v| Constraint {
            a: v.iter().map(|&x| rat(x)).chain(v.iter().map(|&x| rat(-x))).collect(),
            relation: Relation::AtLeast,
            b: rat(1),
        })
        .collect();
    match minimize(&vec![rat(1); 2 * d], &split) {
        Lp::Optimal(uv, _) => {
            let w: Vec<BigRational> = (0..d).map(|i| &uv[i] - &uv[d + i]).collect();
            let function = to_integers(&w)
                .into_iter()
                .map(|x| x.to_i64().filter(|x| x.unsigned_abs() <= MAX_WEIGHT))
                .collect::<Option<Vec<i64>>>()
                .ok_or(too_large.clone())?;
            let offset = board
                .min_of(&function)
                .and_then(|m| m.to_i64())
                .filter(|m| m.unsigned_abs() < 1 << 62)
                .ok_or(too_large)?;
            Ok((Vec::new(), function, offset))
        }
        Lp::Unbounded => unreachable!("Σ (u + v) ≥ 0 on the feasible set"),
        Lp::Infeasible => Err(no_positive_function(vectors, board)),
    }
}

/// The certificate of Gordan's alternative when axiom 1 fails: `λ ≥ 0`, `Σ λ = 1`, with
/// `−Σ λ γ` in the recession cone (`Σ λ γ ≤ 0` in every coordinate and `a · Σ λ γ ≤ 0` for
/// every inequality `a · x ≥ b` of the board), scaled to integers.
fn no_positive_function(vectors: &[Vec<i64>], board: &Board) -> LatticeError {
    let d = vectors[0].len();
    let n = vectors.len();
    let mut constraints: Vec<Constraint> = (0..d)
        .map(|i| Constraint {
            a: vectors.iter().map(|v| rat(v[i])).collect(),
            relation: Relation::AtMost,
            b: rat(0),
        })
        .collect();
    for k in board.inequalities() {
        constraints.push(Constraint {
            a: vectors
                .iter()
                .map(|v| {
                    let dot: i128 = k
                        .coefficients()
                        .iter()
                        .zip(v)
                        .map(|(&a, &x)| i128::from(a) * i128::from(x))
                        .sum();
                    BigRational::from_integer(dot.into())
                })
                .collect(),
            relation: Relation::AtMost,
            b: rat(0),
        });
    }
    constraints.push(Constraint { a: vec![rat(1); n], relation: Relation::Equal, b: rat(1) });
    let Lp::Optimal(lambda, _) = minimize(&vec![rat(0); n], &constraints) else {
        unreachable!("Gordan's alternative: one of the two programmes is feasible")
    };
    let lambda: Vec<BigRational> = lambda;
    let multiplicities = to_integers(&lambda);
    let mut combination = Vec::new();
    let mut sum = vec![0i128; d];
    for (v, m) in vectors.iter().zip(&multiplicities) {
        if m.is_zero() {
            continue;
        }
        let m = m.to_i128().expect("multiplicities of a small programme are small");
        combination.push(format!("{m}×{}", VectorText(v)));
        for (s, &x) in sum.iter_mut().zip(v) {
            *s += m * i128::from(x);
        }
    }
    LatticeError::NoPositiveFunction {
        combination: combination.join(" + "),
        sum: format!("({})", sum.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")),
    }
}

/// A vector written `(a, b, c)`.
pub(crate) struct VectorText<'a, T>(pub(crate) &'a [T]);

impl<T: fmt::Display> fmt::Display for VectorText<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(")?;
        for (i, x) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{x}")?;
        }
        f.write_str(")")
    }
}

impl fmt::Display for RuleSet {
    /// The vectors as `1,0 0,1 -1,1`, the form [`FromStr`] reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, v) in self.vectors.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            let coords: Vec<String> = v.iter().map(ToString::to_string).collect();
            f.write_str(&coords.join(","))?;
        }
        Ok(())
    }
}

impl FromStr for RuleSet {
    type Err = LatticeError;

    /// Vectors separated by spaces or `;`, coordinates by commas, each vector optionally in
    /// parentheses: `2,0 0,1 1,1` or `(2, 0); (0, 1); (1, 1)`.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        RuleSet::new(read_vectors(text)?)
    }
}

/// Reads integer vectors written as rule sets are: vectors separated by spaces or `;` (a
/// vector in parentheses may hold spaces), coordinates by commas, e.g. `1,1 -2,0` or
/// `(1, 1); (-2, 0)`. Nothing else is checked (lengths, entries).
///
/// ```
/// assert_eq!(grundy_lattice::read_vectors("1,1 (-2, 0)")?, vec![vec![1, 1], vec![-2, 0]]);
/// assert!(grundy_lattice::read_vectors("1,x").is_err());
/// # Ok::<(), grundy_lattice::LatticeError>(())
/// ```
///
/// # Errors
///
/// [`LatticeError::Parse`] naming the byte where the text stops making sense.
pub fn read_vectors(text: &str) -> Result<Vec<Vec<i64>>, LatticeError> {
    Ok(parse_vectors(text)?.into_iter().map(|(_, v)| v).collect())
}

/// Reads vectors of integers: vectors separated by spaces or `;` (a vector in parentheses may
/// hold spaces), coordinates by commas. Returns each vector with the byte offset it starts at.
pub(crate) fn parse_vectors(text: &str) -> Result<Vec<(usize, Vec<i64>)>, LatticeError> {
    let error = |at: usize, reason: &str| LatticeError::Parse {
        text: text.to_owned(),
        at,
        reason: reason.to_owned(),
    };
    let bytes = text.as_bytes();
    let mut vectors = Vec::new();
    let mut at = 0;
    loop {
        while at < bytes.len() && (bytes[at].is_ascii_whitespace() || bytes[at] == b';') {
            at += 1;
        }
        if at == bytes.len() {
            break;
        }
        let start = at;
        let open = bytes[at] == b'(';
        if open {
            at += 1;
        }
        let mut coords = Vec::new();
        loop {
            while at < bytes.len() && bytes[at] == b' ' && open {
                at += 1;
            }
            let num_start = at;
            if at < bytes.len() && (bytes[at] == b'-' || bytes[at] == b'+') {
                at += 1;
            }
            while at < bytes.len() && bytes[at].is_ascii_digit() {
                at += 1;
            }
            let number = &text[num_start..at];
            if number.is_empty() || number == "-" || number == "+" {
                return Err(error(num_start, "expected an integer"));
            }
            let value: i64 =
                number.parse().map_err(|_| error(num_start, "integer out of range"))?;
            coords.push(value);
            while at < bytes.len() && bytes[at] == b' ' && open {
                at += 1;
            }
            if at < bytes.len() && bytes[at] == b',' {
                at += 1;
                continue;
            }
            break;
        }
        if open {
            if at < bytes.len() && bytes[at] == b')' {
                at += 1;
            } else {
                return Err(error(at, "expected ')' or ','"));
            }
        }
        if at < bytes.len() && !(bytes[at].is_ascii_whitespace() || bytes[at] == b';') {
            return Err(error(at, "expected ',', a space or ';' between numbers"));
        }
        vectors.push((start, coords));
    }
    if vectors.is_empty() {
        return Err(error(0, "no vectors"));
    }
    Ok(vectors)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::Strategy;

    #[test]
    fn axioms() {
        assert_eq!(RuleSet::new(vec![vec![1, 0], vec![0, 1]]).unwrap().weights(), &[1, 1]);
        // Axiom 2: nothing takes from coordinate 2 alone.
        assert_eq!(
            RuleSet::new(vec![vec![1, 0], vec![1, 1]]),
            Err(LatticeError::RayWithoutRule { axis: 2 })
        );
        // Axiom 1: (1, -1) and (-1, 1) undo each other.
        let err = RuleSet::new(vec![vec![1, -1], vec![-1, 1]]).unwrap_err();
        assert_eq!(
            err,
            LatticeError::NoPositiveFunction {
                combination: "1×(1, -1) + 1×(-1, 1)".into(),
                sum: "(0, 0)".into()
            }
        );
        // Positive on the rules but not on the cone: play would never end.
        assert!(matches!(
            RuleSet::new(vec![vec![-1, 0], vec![0, 1]]),
            Err(LatticeError::NoPositiveFunction { .. })
        ));
    }

    /// The orthant check as it stood before boards (axiom 1 with `w ≥ 1`, axiom 2 with the
    /// unit rays), kept as the reference for [`RuleSet::on_board`] on [`Board::orthant`].
    fn orthant_reference(vectors: &[Vec<i64>]) -> Result<Vec<u64>, LatticeError> {
        let d = vectors[0].len();
        let mut constraints: Vec<Constraint> = vectors
            .iter()
            .map(|v| Constraint {
                a: v.iter().map(|&x| rat(x)).collect(),
                relation: Relation::AtLeast,
                b: rat(1),
            })
            .collect();
        for i in 0..d {
            let mut a = vec![rat(0); d];
            a[i] = rat(1);
            constraints.push(Constraint { a, relation: Relation::AtLeast, b: rat(1) });
        }
        let weights = match minimize(&vec![rat(1); d], &constraints) {
            Lp::Optimal(w, _) => to_integers(&w)
                .into_iter()
                .map(|x| x.to_u64().filter(|&x| x <= MAX_WEIGHT))
                .collect::<Option<Vec<u64>>>()
                .ok_or(LatticeError::WeightsTooLarge { max: MAX_WEIGHT })?,
            _ => return Err(no_positive_function(vectors, &Board::orthant(d))),
        };
        if let Some(axis) = (0..d).find(|&i| {
            !vectors.iter().any(|v| v.iter().enumerate().all(|(j, &x)| j == i || x <= 0))
        }) {
            return Err(LatticeError::RayWithoutRule { axis: axis + 1 });
        }
        Ok(weights)
    }

    /// The general check on `Board::orthant(d)` against the reference.
    fn same_as_reference(vectors: &[Vec<i64>]) {
        let d = vectors[0].len();
        let general = RuleSet::on_board(vectors.to_vec(), &Board::orthant(d));
        let want = orthant_reference(vectors);
        match (&general, &want) {
            (Ok(r), Ok(w)) => {
                assert_eq!(r.weights(), &w[..], "{vectors:?}");
                let signed: Vec<i64> = w.iter().map(|&x| i64::try_from(x).unwrap()).collect();
                assert_eq!(r.function(), &signed[..]);
                assert_eq!(r.offset(), 0);
            }
            (Err(a), Err(b)) => assert_eq!(a, b, "{vectors:?}"),
            _ => panic!("{vectors:?}: {general:?} against {want:?}"),
        }
        assert_eq!(general, RuleSet::new(vectors.to_vec()));
    }

    /// Every rule set of the crate's tests and docs, with the orthant as a board, gets
    /// today's answers: the same weights, or the same error.
    #[test]
    fn orthant_board_gives_the_orthant_answers() {
        for text in [
            "1,0 0,1 -1,1",
            "-1,0 0,1",
            "1,-1 -1,2",
            "1,0 0,1",
            "2,0 -3,5 1,0",
            "2,0 0,1 1,1",
            "2,0 1,0 0,1",
            "1,0,0 0,1,0 0,0,1 -1,1,0",
            "1,-1 -1,1",
            "1,0 1,1",
            "1,0 1,2",
            "2 3",
            "1,0,0 -1,1,0 -2,0,1 -1,-1,1",
        ] {
            let vectors: Vec<Vec<i64>> =
                parse_vectors(text).unwrap().into_iter().map(|(_, v)| v).collect();
            same_as_reference(&vectors);
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

        /// Random rule sets: the general check on the orthant equals the reference.
        #[test]
        fn orthant_board_equals_reference(
            vectors in (1usize..=4).prop_flat_map(|d| {
                proptest::collection::vec(proptest::collection::vec(-3i64..=3, d), 1..=5)
            })
        ) {
            if validate(&vectors).is_ok() {
                same_as_reference(&vectors);
            }
        }
    }

    #[test]
    fn parsing() {
        let r: RuleSet = "(2, 0); (0, 1) 1,1".parse().unwrap();
        assert_eq!(r.vectors(), &[vec![2, 0], vec![0, 1], vec![1, 1]]);
        assert_eq!(r.to_string(), "2,0 0,1 1,1");
        let err = "1,0 0,x".parse::<RuleSet>().unwrap_err();
        assert!(matches!(err, LatticeError::Parse { at: 6, .. }), "{err}");
        let err = "1,0 0,1,".parse::<RuleSet>().unwrap_err();
        assert!(matches!(err, LatticeError::Parse { at: 8, .. }), "{err}");
        assert!(matches!(
            "1,0 1".parse::<RuleSet>(),
            Err(LatticeError::WrongDimension { index: 2, found: 1, expected: 2, .. })
        ));
        assert!(matches!("".parse::<RuleSet>(), Err(LatticeError::Parse { .. })));
        // i64::MIN has no absolute value in i64 (found by the fuzz target).
        assert!(matches!(
            "2,-9223372036854775808 0,1 1,1".parse::<RuleSet>(),
            Err(LatticeError::EntryTooLarge { index: 1, value: i64::MIN, .. })
        ));
        assert!(matches!(
            "1,0 0,1 1,0".parse::<RuleSet>(),
            Err(LatticeError::DuplicateRule { first: 1, second: 3 })
        ));
    }
}
