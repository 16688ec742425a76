//! Rule sets (Definition 2.2) on the board `N^d`, their axioms decided exactly, and the text
//! form of vectors.

use core::fmt;
use core::str::FromStr;

use num_rational::BigRational;
use num_traits::{ToPrimitive, Zero};

use crate::LatticeError;
use crate::exact::{Constraint, Lp, Relation, minimize, rat, to_integers};

/// The largest dimension a rule set may have.
pub const MAX_DIMENSION: usize = 64;

/// The largest absolute value of an entry of a rule vector (`2^20`), so that every weighted sum
/// the crate forms fits in 64 bits.
pub const MAX_ENTRY: i64 = 1 << 20;

/// The largest coefficient of the positive linear function of axiom 1 (`2^24`): with
/// coordinates below `2^32` and at most [`MAX_DIMENSION`] of them, weights fit in 63 bits.
pub const MAX_WEIGHT: u64 = 1 << 24;

/// A rule set `Γ` on the board `N^d`: a finite set of non-zero integer vectors, a move from `p`
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
/// Both are decided exactly, by linear programming over the rationals. Only the board `N^d`
/// is supported; its recession cone is the orthant, whose rays are the unit vectors.
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
    weights: Vec<u64>,
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
        let weights = positive_function(&vectors)?;
        if let Some(axis) = (0..dimension).find(|&i| {
            !vectors.iter().any(|v| v.iter().enumerate().all(|(j, &x)| j == i || x <= 0))
        }) {
            return Err(LatticeError::RayWithoutRule { axis: axis + 1 });
        }
        Ok(RuleSet { dimension, vectors, weights })
    }

    /// The number of coordinates `d` of the board `N^d`.
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

    /// A linear function with positive integer coefficients that is positive on every rule
    /// vector (axiom 1's witness, the smallest found by the solver, scaled to integers): every
    /// move lowers `weight(p) = Σ weights[i] p[i]` by at least 1, so a play from `p` has at
    /// most `weight(p)` moves.
    pub fn weights(&self) -> &[u64] {
        &self.weights
    }

    /// `Σ weights[i] p[i]` for a point `p` of the board (saturating at `u64::MAX`).
    pub fn weight(&self, point: &[u32]) -> u64 {
        point
            .iter()
            .zip(&self.weights)
            .fold(0u64, |acc, (&x, &w)| acc.saturating_add(w.saturating_mul(u64::from(x))))
    }
}

/// Axiom 1 on `N^d`: an integer vector `w ≥ 1` with `w · γ ≥ 1` for every rule vector, or the
/// error with a certificate that none exists.
fn positive_function(vectors: &[Vec<i64>]) -> Result<Vec<u64>, LatticeError> {
    let d = vectors[0].len();
    // Minimise Σ w subject to w_i ≥ 1 and w · γ ≥ 1: a strict inequality scaled to ≥ 1.
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
    match minimize(&vec![rat(1); d], &constraints) {
        Lp::Optimal(w, _) => to_integers(&w)
            .into_iter()
            .map(|x| x.to_u64().filter(|&x| x <= MAX_WEIGHT))
            .collect::<Option<Vec<u64>>>()
            .ok_or(LatticeError::WeightsTooLarge { max: MAX_WEIGHT }),
        Lp::Unbounded => unreachable!("Σ w ≥ d on the feasible set"),
        Lp::Infeasible => Err(no_positive_function(vectors)),
    }
}

/// The certificate of Gordan's alternative when axiom 1 fails: `λ ≥ 0`, `Σ λ = 1`, with
/// `Σ λ γ ≤ 0` in every coordinate, scaled to integers.
fn no_positive_function(vectors: &[Vec<i64>]) -> LatticeError {
    let d = vectors[0].len();
    let n = vectors.len();
    let mut constraints: Vec<Constraint> = (0..d)
        .map(|i| Constraint {
            a: vectors.iter().map(|v| rat(v[i])).collect(),
            relation: Relation::AtMost,
            b: rat(0),
        })
        .collect();
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
        RuleSet::new(parse_vectors(text)?.into_iter().map(|(_, v)| v).collect())
    }
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
