//! Boards outside `N^d`: a pointed rational polyhedron of `R^d` whose positions are its points
//! in a subgroup of `Z^d`, played on through an affine unimodular embedding into `N^k`.
//!
//! The lattice game on `Q ∩ Λ` with rule set `Γ` is isomorphic to the game on the image of
//! `Q ∩ Λ` under an injective affine map `x ↦ z` that sends `Λ` onto `Z^k` (the moves are the
//! images of the rule vectors under its linear part). [`GeneralBoard`] builds such a map whose
//! image lies in `N^k`, so that every tool of the crate ([`RuleSet`]'s axioms,
//! [`LatticeGame`], [`Outcomes`](crate::Outcomes), the solvers of `grundy-core`) applies to
//! the image, a [`Board`] of `N^k`.
//!
//! The map is `z = U y + t`, where `y` are the coordinates of `x` in a basis `B` of `Λ`
//! (`x = B y`), `U` is a unimodular integer matrix whose rows are non-negative on the
//! recession cone of `Q` (in `y` coordinates), and `t` lifts the least value of each row on
//! `Q` to 0. Such a `U` exists for every pointed polyhedron: its recession cone's dual cone
//! is full-dimensional, so it holds a primitive vector `p` of its interior (the sum of the
//! inequalities' normals, made primitive); `p` extends to a unimodular basis, and adding
//! large enough multiples of `p` to the other rows brings them into the dual cone while the
//! matrix stays unimodular.

use std::fmt;

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

use crate::board::{
    Board, BoardError, Inequality, check_inequalities, parse_inequalities, ray_text,
};
use crate::boxdp::MAX_CELLS;
use crate::exact::{Constraint, Lp, Relation, minimize};
use crate::game::{GameTextError, LatticeGame, Point};
use crate::rules::{MAX_ENTRY, RuleSet, read_vectors};
use crate::stratify::{eliminate, solve};
use crate::{LatticeError, Outcomes};
use grundy_core::{Budget, Outcome};

/// The largest multiple of the interior vector tried when a row of the embedding is brought
/// into the dual cone (`2^MAX_LIFT`).
const MAX_LIFT: u32 = 20;

/// The positions of a box of a [`GeneralBoard`] in the box's order, each with its outcome
/// (`None` for a defeated position): what [`GeneralBoard::outcomes_in_box`] gives.
pub type BoxPositions = Vec<(Vec<i64>, Option<Outcome>)>;

/// A board outside `N^d`: the points of a subgroup `Λ` of `Z^d` (all of `Z^d` unless given)
/// in a pointed rational polyhedron `Q = {x ∈ R^d : a_i · x ≥ b_i}` (no sign constraint on
/// the coordinates), with its embedding into a [`Board`] of `N^k` (`k` the rank of `Λ`).
///
/// ```
/// use grundy_core::{Outcome, Solver};
/// use grundy_lattice::{GeneralBoard, Inequality};
///
/// // The cone y ≥ |x| of Z^2, which is not in the orthant; moves (0, 1), (1, 1), (−1, 1).
/// let cone = GeneralBoard::new(
///     2,
///     vec![Inequality::new([1, 1], 0), Inequality::new([-1, 1], 0)],
///     None,
/// )?;
/// let game = cone.game(vec![vec![0, 1], vec![1, 1], vec![-1, 1]], vec![])?;
/// let mut solver = Solver::new(&game);
/// // Every move lowers y by 1: the outcome is the parity of y.
/// for (x, y) in [(0, 0), (-2, 3), (1, 4), (3, 3)] {
///     let p = cone.embed(&[x, y])?;
///     assert_eq!(cone.original(&p)?, vec![x, y]);
///     let expected = if y % 2 == 0 { Outcome::P } else { Outcome::N };
///     assert_eq!(solver.outcome(&p)?, expected);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneralBoard {
    dimension: usize,
    inequalities: Vec<Inequality>,
    /// A basis of `Λ`, `k` vectors of `Z^d`.
    basis: Vec<Vec<i64>>,
    /// `U`, by rows (`k × k`, unimodular).
    matrix: Vec<Vec<i64>>,
    /// `U⁻¹`, by rows.
    inverse: Vec<Vec<i64>>,
    /// `t`.
    shift: Vec<i64>,
    /// The image, a board of `N^k`.
    board: Board,
}

impl GeneralBoard {
    /// The board of the points of `lattice` (the subgroup of `Z^dimension` its vectors
    /// generate; `None` for `Z^dimension` itself) that satisfy every inequality, embedded into
    /// `N^k`.
    ///
    /// # Errors
    ///
    /// [`BoardError`]: a dimension out of range, an inequality or generator of the wrong
    /// length, an entry beyond [`MAX_ENTRY`], more than
    /// [`MAX_INEQUALITIES`](crate::MAX_INEQUALITIES) inequalities, a lattice of rank 0, a
    /// polyhedron that is not pointed (it holds a line of the lattice's span, named in the
    /// error) or has no lattice point, or an embedding whose entries grow beyond
    /// [`MAX_ENTRY`].
    pub fn new(
        dimension: usize,
        inequalities: Vec<Inequality>,
        lattice: Option<Vec<Vec<i64>>>,
    ) -> Result<Self, BoardError> {
        check_inequalities(dimension, &inequalities)?;
        let too_large = |x: i64| x.unsigned_abs() > MAX_ENTRY.unsigned_abs();
        let basis = match lattice {
            None => (0..dimension).map(|i| unit(dimension, i)).collect(),
            Some(generators) => {
                for (i, g) in generators.iter().enumerate() {
                    if g.len() != dimension {
                        return Err(BoardError::Lattice {
                            reason: format!(
                                "generator {} has {} coordinates, the board {dimension}",
                                i + 1,
                                g.len()
                            ),
                        });
                    }
                    if let Some(&value) = g.iter().find(|&&x| too_large(x)) {
                        return Err(BoardError::Lattice {
                            reason: format!(
                                "generator {} has the entry {value}; entries are limited to \
                                 ±{MAX_ENTRY}",
                                i + 1
                            ),
                        });
                    }
                }
                lattice_basis(&generators)?
            }
        };
        let k = basis.len();
        if k == 0 {
            return Err(BoardError::Lattice { reason: "the lattice is {0}".to_owned() });
        }
        // The inequalities in the coordinates y of the basis: (a B) y ≥ b.
        let rows: Vec<Vec<BigInt>> = inequalities
            .iter()
            .map(|q| {
                (0..k)
                    .map(|j| {
                        q.coefficients()
                            .iter()
                            .zip(&basis[j])
                            .map(|(&a, &x)| BigInt::from(a) * x)
                            .sum()
                    })
                    .collect()
            })
            .collect();
        let bounds: Vec<BigInt> = inequalities.iter().map(|q| BigInt::from(q.bound())).collect();
        if let Some(line) = kernel_vector(&rows, k) {
            let x = apply_columns(&basis, &line);
            return Err(BoardError::NotPointed { line: big_text(&x) });
        }
        let matrix = embedding_matrix(&rows, k)?;
        let inverse = invert(&matrix)?;
        // t_i = −⌈min over Q of u_i · y⌉.
        let mut shift = Vec::with_capacity(k);
        for u in &matrix {
            match minimize_free(u, &rows, &bounds) {
                Lp::Optimal(_, value) => shift.push(-value.ceil().to_integer()),
                Lp::Infeasible => {
                    return Err(BoardError::Empty {
                        reason: "the inequalities have no common solution",
                    });
                }
                Lp::Unbounded => unreachable!("a row of the embedding is bounded below on Q"),
            }
        }
        // a' y ≥ b with y = U⁻¹ (z − t): (a' U⁻¹) z ≥ b + (a' U⁻¹) t.
        let mut image = Vec::new();
        for (row, b) in rows.iter().zip(&bounds) {
            let c: Vec<BigInt> =
                (0..k).map(|j| row.iter().zip(&inverse).map(|(a, r)| a * r[j]).sum()).collect();
            let bound: BigInt = b + c.iter().zip(&shift).map(|(x, t)| x * t).sum::<BigInt>();
            if c.iter().all(Zero::is_zero) {
                // 0 ≥ bound: true, as Q is not empty.
                continue;
            }
            image.push(Inequality::new(small(&c)?, small_one(&bound)?));
        }
        let shift = small(&shift)?;
        let board = Board::new(k, image)?;
        Ok(GeneralBoard { dimension, inequalities, basis, matrix, inverse, shift, board })
    }

    /// The dimension `d` of the space of the polyhedron.
    pub fn dimension(&self) -> usize {
        self.dimension
    }

    /// The inequalities of the polyhedron, in the coordinates of `R^d`.
    pub fn inequalities(&self) -> &[Inequality] {
        &self.inequalities
    }

    /// The basis `B` of the lattice (the unit vectors for `Z^d`): its rank `k` is the
    /// dimension of the embedded board.
    pub fn basis(&self) -> &[Vec<i64>] {
        &self.basis
    }

    /// The unimodular matrix `U` of the embedding `z = U y + t`, by rows.
    pub fn matrix(&self) -> &[Vec<i64>] {
        &self.matrix
    }

    /// The shift `t` of the embedding `z = U y + t`.
    pub fn shift(&self) -> &[i64] {
        &self.shift
    }

    /// The image of the board, a [`Board`] of `N^k`.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Whether the point `x` of `Z^d` is a position: in the lattice and in the polyhedron.
    pub fn contains(&self, x: &[i64]) -> bool {
        self.embed(x).is_ok()
    }

    /// The position of the embedded board that the point `x` of the board is.
    ///
    /// # Errors
    ///
    /// [`LatticeError`]: `x` of the wrong dimension, not in the lattice, off the polyhedron
    /// (naming the inequality it breaks), or mapped beyond the coordinates of a [`Point`].
    pub fn embed(&self, x: &[i64]) -> Result<Point, LatticeError> {
        let bad = |reason: String| LatticeError::BadPoint { what: "position", index: 1, reason };
        check_length("position", x, self.dimension)?;
        if let Some(q) = self.inequalities.iter().find(|q| !holds(q, x)) {
            return Err(LatticeError::OffBoard { point: ray_text(x), inequality: q.to_string() });
        }
        let y = self
            .lattice_coordinates(x)
            .ok_or_else(|| bad(format!("{} is not in the lattice of the board", ray_text(x))))?;
        let z: Option<Vec<u32>> = self
            .matrix
            .iter()
            .zip(&self.shift)
            .map(|(u, &t)| {
                (u.iter().zip(&y).map(|(&a, b)| BigInt::from(a) * b).sum::<BigInt>() + t).to_u32()
            })
            .collect();
        z.map(Point::new)
            .ok_or_else(|| bad(format!("{} lies too far out for the embedding", ray_text(x))))
    }

    /// The point of `Z^d` that the position `z` of the embedded board is.
    ///
    /// # Errors
    ///
    /// [`LatticeError::WrongDimension`] for a point of the wrong dimension.
    pub fn original(&self, z: &Point) -> Result<Vec<i64>, LatticeError> {
        check_length("position", z.coordinates(), self.basis.len())?;
        let moved: Vec<i128> = z
            .coordinates()
            .iter()
            .zip(&self.shift)
            .map(|(&c, &t)| i128::from(c) - i128::from(t))
            .collect();
        let y: Vec<i128> = self
            .inverse
            .iter()
            .map(|r| r.iter().zip(&moved).map(|(&a, &b)| i128::from(a) * b).sum())
            .collect();
        let x = apply_columns(&self.basis, &y.iter().map(|&v| BigInt::from(v)).collect::<Vec<_>>());
        small(&x).map_err(|_| LatticeError::BadPoint {
            what: "position",
            index: 1,
            reason: format!("{z} maps outside the range of i64"),
        })
    }

    /// The image `U y` of a vector `γ = B y` of the lattice: the move of the embedded game
    /// that the rule vector `γ` becomes.
    ///
    /// # Errors
    ///
    /// [`LatticeError::BadPoint`] when `γ` is not in the lattice or its image leaves `i64`;
    /// [`LatticeError::WrongDimension`] for a vector of the wrong dimension.
    pub fn direction(&self, gamma: &[i64]) -> Result<Vec<i64>, LatticeError> {
        check_length("rule vector", gamma, self.dimension)?;
        let bad = |reason: String| LatticeError::BadPoint { what: "rule vector", index: 1, reason };
        let y = self.lattice_coordinates(gamma).ok_or_else(|| {
            bad(format!("{} is not in the lattice of the board", ray_text(gamma)))
        })?;
        let image: Vec<BigInt> = self
            .matrix
            .iter()
            .map(|u| u.iter().zip(&y).map(|(&a, b)| BigInt::from(a) * b).sum())
            .collect();
        small(&image).map_err(|_| bad(format!("{} maps outside i64", ray_text(gamma))))
    }

    /// The rule set of the vectors `vectors` of `Z^d` on this board: their images on the
    /// embedded board, with the axioms checked there (the axioms hold on the board exactly
    /// when they hold on its image, as the embedding is affine and one-to-one on the
    /// lattice).
    ///
    /// # Errors
    ///
    /// [`LatticeError`]: a vector not in the lattice or of the wrong dimension (numbered from
    /// 1), or [`LatticeError::Embedded`] wrapping what [`RuleSet::on_board`] refuses on the
    /// image (a failed axiom, in the image's coordinates).
    pub fn rules(&self, vectors: Vec<Vec<i64>>) -> Result<RuleSet, LatticeError> {
        let mut images = Vec::with_capacity(vectors.len());
        for (i, gamma) in vectors.iter().enumerate() {
            images.push(self.direction(gamma).map_err(|e| renumber(e, "rule vector", i + 1))?);
        }
        // Axiom 2 ray by ray, so that a failure is told in the board's own coordinates.
        for ray in self.board.rays() {
            if !images.iter().any(|gamma| self.board.in_negative_tangent_cone(&ray, gamma)) {
                return Err(self.axiom_two_error(&ray));
            }
        }
        RuleSet::on_board(images, &self.board).map_err(|source| LatticeError::Embedded {
            map: self.embedding_text(),
            source: Box::new(source),
        })
    }

    /// [`LatticeError::RayWithoutRuleOnBoard`] for the ray of the board that the ray `image`
    /// of the embedded board is, with the inequalities of the board tight along it.
    fn axiom_two_error(&self, image: &[i64]) -> LatticeError {
        let y: Vec<BigInt> = self
            .inverse
            .iter()
            .map(|r| r.iter().zip(image).map(|(&a, &b)| BigInt::from(a) * b).sum())
            .collect();
        let x = apply_columns(&self.basis, &y);
        let tight: Vec<String> = self
            .inequalities
            .iter()
            .filter(|q| {
                q.coefficients().iter().zip(&x).map(|(&a, v)| v * a).sum::<BigInt>().is_zero()
            })
            .map(|q| Inequality::new(q.coefficients().to_vec(), 0).to_string())
            .collect();
        LatticeError::RayWithoutRuleOnBoard { ray: big_text(&x), tangent: tight.join(", ") }
    }

    /// The lattice game of the rule vectors `vectors` on this board, minus the order ideal
    /// generated by the points `defeated` of the board (normal play when there are none).
    ///
    /// # Errors
    ///
    /// Those of [`GeneralBoard::rules`], a generator that is not a position of the board
    /// (numbered from 1), and those of [`LatticeGame::on_board`].
    pub fn game(
        &self,
        vectors: Vec<Vec<i64>>,
        defeated: Vec<Vec<i64>>,
    ) -> Result<LatticeGame, LatticeError> {
        let rules = self.rules(vectors)?;
        let generators = self.embed_generators(&defeated)?;
        LatticeGame::on_board(rules, self.board.clone(), generators)
    }

    /// The game written as text on this board, as [`LatticeGame::from_text`]: the rule
    /// vectors `rules` (`0,1 1,1 -1,1`), the defeated points `defeated` (`0,0 2,-1`), or
    /// ordinary misère play (the origin defeated; it must be on the board).
    ///
    /// ```
    /// use grundy_lattice::GeneralBoard;
    ///
    /// let cone = GeneralBoard::from_text("x1 >= x0, x1 >= -x0", 2, None)?;
    /// let game = cone.game_from_text("0,1 1,1 -1,1", None, true)?;
    /// assert!(game.is_defeated(&cone.embed(&[0, 0])?));
    /// let err = cone.game_from_text("0,1 1,1 -1,1", Some("3,1"), false).unwrap_err();
    /// assert_eq!(err.to_string(), "defeated: generator 1: (3, 1) is not on the board: it breaks -x0 + x1 >= 0");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`GameTextError`]: text that does not parse, a rule set or generator refused (see
    /// [`GeneralBoard::game`]), misère play on a board without the origin, or both
    /// `defeated` and `misere`.
    pub fn game_from_text(
        &self,
        rules: &str,
        defeated: Option<&str>,
        misere: bool,
    ) -> Result<LatticeGame, GameTextError> {
        let vectors = read_vectors(rules).map_err(GameTextError::Rules)?;
        let generators = match (defeated, misere) {
            (Some(_), true) => return Err(GameTextError::DefeatedAndMisere),
            (None, true) => vec![vec![0; self.dimension]],
            (None, false) => Vec::new(),
            (Some(text), false) => read_vectors(text).map_err(GameTextError::Defeated)?,
        };
        let rules = self.rules(vectors).map_err(GameTextError::Rules)?;
        let (board, embedded) = (&self.board, self.embed_generators(&generators));
        LatticeGame::on_board(rules, board.clone(), embedded.map_err(GameTextError::Defeated)?)
            .map_err(GameTextError::Defeated)
    }

    /// The defeated points `generators` of the board on the embedded board, numbered from 1
    /// in errors.
    fn embed_generators(&self, generators: &[Vec<i64>]) -> Result<Vec<Point>, LatticeError> {
        generators
            .iter()
            .enumerate()
            .map(|(i, g)| self.embed(g).map_err(|e| renumber(e, "generator", i + 1)))
            .collect()
    }

    /// The positions of the box `[lower, upper]` of `Z^d` on this board, each with its
    /// outcome in `game` (a game on this board, from [`GeneralBoard::game`]; `None` for a
    /// defeated position), in the box's order (the last coordinate fastest). Computed by
    /// [`Outcomes`] on the box of `N^k` that holds the images, under `budget` (each point
    /// of the box asked for counts one node, and each cell of the box of `N^k` another).
    ///
    /// ```
    /// use grundy_core::{Budget, Outcome};
    /// use grundy_lattice::GeneralBoard;
    ///
    /// let cone = GeneralBoard::from_text("x1 >= x0, x1 >= -x0", 2, None)?;
    /// let game = cone.game_from_text("0,1 1,1 -1,1", None, false)?;
    /// let found = cone.outcomes_in_box(&game, &[-2, 0], &[2, 2], &Budget::unlimited())?;
    /// // (0, 0); (−1, 1) to (1, 1); (−2, 2) to (2, 2).
    /// assert_eq!(found.len(), 9);
    /// assert!(found.iter().all(|(x, o)| *o == Some(if x[1] % 2 == 0 { Outcome::P } else { Outcome::N })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`LatticeError`]: corners of the wrong dimension or out of order (as
    /// [`LatticeError::BadPoint`]), a game on another board, a box of more than
    /// [`MAX_CELLS`] points, and those of [`Outcomes::compute_within`].
    pub fn outcomes_in_box(
        &self,
        game: &LatticeGame,
        lower: &[i64],
        upper: &[i64],
        budget: &Budget,
    ) -> Result<BoxPositions, LatticeError> {
        let d = self.dimension;
        for corner in [lower, upper] {
            check_length("box", corner, d)?;
        }
        if let Some(j) = (0..d).find(|&j| lower[j] > upper[j]) {
            return Err(LatticeError::BadPoint {
                what: "box",
                index: 1,
                reason: format!("coordinate {j} runs from {} down to {}", lower[j], upper[j]),
            });
        }
        if game.board() != &self.board {
            return Err(LatticeError::BadPoint {
                what: "game",
                index: 1,
                reason: "the game is not on this board".to_owned(),
            });
        }
        let cells = lower.iter().zip(upper).fold(1u64, |acc, (&l, &u)| {
            acc.saturating_mul(u64::try_from(i128::from(u) - i128::from(l) + 1).unwrap_or(u64::MAX))
        });
        if cells > MAX_CELLS {
            return Err(LatticeError::BoxTooLarge { cells, max: MAX_CELLS });
        }
        let mut positions = Vec::new();
        let mut reach = vec![0u32; self.basis.len()];
        let mut x = lower.to_vec();
        // Each point of the box counts a node of the budget, as each cell of the box of
        // `N^k` does in the dynamic programme.
        let mut meter = budget.start();
        loop {
            meter.tick()?;
            if let Ok(z) = self.embed(&x) {
                for (r, &c) in reach.iter_mut().zip(z.coordinates()) {
                    *r = (*r).max(c);
                }
                positions.push((x.clone(), z));
            }
            // The next point of the box, the last coordinate fastest.
            let Some(j) = (0..d).rev().find(|&j| x[j] < upper[j]) else { break };
            x[j] += 1;
            x[j + 1..].copy_from_slice(&lower[j + 1..]);
        }
        let outcomes = Outcomes::compute_within(game, &reach, budget)?;
        Ok(positions
            .into_iter()
            .map(|(x, z)| {
                let outcome = if game.is_defeated(&z) { None } else { outcomes.outcome(&z) };
                (x, outcome)
            })
            .collect())
    }

    /// The coordinates `y` of `x = B y` in the basis, when `x` is in the lattice.
    fn lattice_coordinates(&self, x: &[i64]) -> Option<Vec<BigInt>> {
        if self.sublattice().is_none() {
            return Some(x.iter().map(|&c| BigInt::from(c)).collect());
        }
        let y = solve(&self.basis, x)?;
        y.iter().map(|v| v.is_integer().then(|| v.to_integer())).collect()
    }
}

impl fmt::Display for GeneralBoard {
    /// `Z^2: x0 + x1 >= 0, -x0 + x1 >= 0` ([`GeneralBoard::from_text`] reads it back), then
    /// ` in the lattice of (1, 1), (0, 2)` (its basis) unless the lattice is `Z^d`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.inequalities_text())?;
        if let Some(basis) = self.sublattice() {
            let basis: Vec<String> = basis.iter().map(|b| ray_text(b)).collect();
            write!(f, " in the lattice of {}", basis.join(", "))?;
        }
        Ok(())
    }
}

/// A [`GeneralBoard`] as data: its inequalities as text and the basis of its lattice.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct GeneralBoardData {
    /// `Z^2: x0 + x1 >= 0, -x0 + x1 >= 0`.
    board: String,
    /// Absent for `Z^d`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    lattice: Option<Vec<Vec<i64>>>,
}

/// `{"board": "Z^2: x0 + x1 >= 0, -x0 + x1 >= 0", "lattice": [[1, 1], [0, 2]]}` (no
/// `lattice` for `Z^d`).
#[cfg(feature = "serde")]
impl serde::Serialize for GeneralBoard {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let data = GeneralBoardData {
            board: self.inequalities_text(),
            lattice: self.sublattice().map(<[Vec<i64>]>::to_vec),
        };
        data.serialize(serializer)
    }
}

/// A board from its data, checked and embedded again by [`GeneralBoard::from_text`].
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for GeneralBoard {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let data = GeneralBoardData::deserialize(deserializer)?;
        let trimmed = data.board.trim_start();
        let dimension = trimmed
            .strip_prefix("Z^")
            .and_then(|rest| {
                let digits =
                    rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
                rest[..digits].parse().ok()
            })
            .ok_or_else(|| serde::de::Error::custom("a general board's text starts with Z^d"))?;
        GeneralBoard::from_text(&data.board, dimension, data.lattice)
            .map_err(serde::de::Error::custom)
    }
}

impl GeneralBoard {
    /// The board written as text: inequalities in `x0, x1, …` as for a [`Board`] (`,` or `;`
    /// between them), with the prefix `Z^d` (followed by `:` when inequalities follow) or
    /// none, and without the orthant's implicit `x ≥ 0`; `lattice` as for
    /// [`GeneralBoard::new`].
    ///
    /// ```
    /// use grundy_lattice::GeneralBoard;
    ///
    /// let cone = GeneralBoard::from_text("Z^2: x1 >= x0, x1 >= -x0", 2, None)?;
    /// assert!(cone.contains(&[-3, 4]));
    /// assert_eq!(cone.to_string(), "Z^2: -x0 + x1 >= 0, x0 + x1 >= 0");
    /// let even = GeneralBoard::from_text("x0 >= 0, x1 >= 0", 2, Some(vec![vec![1, 1], vec![2, 0]]))?;
    /// assert!(!even.contains(&[1, 0]));
    /// assert_eq!(even.to_string(), "Z^2: x0 >= 0, x1 >= 0 in the lattice of (1, 1), (0, 2)");
    /// # Ok::<(), grundy_lattice::BoardError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`BoardError::Parse`] for text that does not parse, a prefix of another dimension or
    /// the prefix `N^d` (a [`Board`]); the errors of [`GeneralBoard::new`].
    pub fn from_text(
        text: &str,
        dimension: usize,
        lattice: Option<Vec<Vec<i64>>>,
    ) -> Result<Self, BoardError> {
        let inequalities = parse_general(text, dimension)?;
        GeneralBoard::new(dimension, inequalities, lattice)
    }

    /// `Z^d: ` and the inequalities, the text [`GeneralBoard::from_text`] reads.
    fn inequalities_text(&self) -> String {
        let mut text = format!("Z^{}", self.dimension);
        for (i, k) in self.inequalities.iter().enumerate() {
            text.push_str(if i == 0 { ": " } else { ", " });
            text.push_str(&k.to_string());
        }
        text
    }

    /// The basis of the lattice, unless it is the unit vectors of `Z^d`.
    fn sublattice(&self) -> Option<&[Vec<i64>]> {
        let standard = self.basis.len() == self.dimension
            && self.basis.iter().enumerate().all(|(i, b)| *b == unit(self.dimension, i));
        (!standard).then_some(self.basis.as_slice())
    }

    /// The embedding in words: `z = U y + t with U = [[0, 1], [1, 1]], t = (0, 0) and x = B y,
    /// B = [(1, 0), (0, 1)]` (`B`'s vectors are the lattice's basis).
    pub fn embedding_text(&self) -> String {
        let rows: Vec<String> = self.matrix.iter().map(|r| list(r)).collect();
        let basis: Vec<String> = self.basis.iter().map(|b| ray_text(b)).collect();
        format!(
            "z = U y + t with U = [{}], t = {} and x = B y, B = [{}]",
            rows.join(", "),
            ray_text(&self.shift),
            basis.join(", ")
        )
    }
}

/// The inequalities of a general board's text (see [`GeneralBoard::from_text`]).
fn parse_general(text: &str, dimension: usize) -> Result<Vec<Inequality>, BoardError> {
    let error = |at: usize, reason: String| BoardError::Parse { text: text.to_owned(), at, reason };
    let start = text.len() - text.trim_start().len();
    let mut rest_at = start;
    if text[start..].starts_with('N') {
        return Err(error(start, "the prefix N^d is a board inside the orthant: write Z^d".into()));
    }
    if let Some(after) = text[start..].strip_prefix("Z^") {
        let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let d: usize = after[..digits]
            .parse()
            .map_err(|_| error(start + 2, "expected the dimension after 'Z^'".into()))?;
        if d != dimension {
            return Err(error(start, format!("the board has dimension {d}, the game {dimension}")));
        }
        rest_at = start + 2 + digits;
        let tail = text[rest_at..].trim_start();
        rest_at = text.len() - tail.len();
        if tail.is_empty() {
            return Ok(Vec::new());
        }
        let Some(inner) = tail.strip_prefix(':') else {
            return Err(error(rest_at, "expected ':' before the inequalities".into()));
        };
        rest_at = text.len() - inner.len();
    }
    // The inequalities read as a board's, the offsets of errors moved back to the text.
    let prefix = format!("N^{dimension}: ");
    let board_text = format!("{prefix}{}", &text[rest_at..]);
    parse_inequalities(&board_text, dimension).map_err(|e| match e {
        BoardError::Parse { at, reason, .. } => {
            error(at.saturating_sub(prefix.len()) + rest_at, reason)
        }
        other => other,
    })
}

/// Whether `x` satisfies `a · x ≥ b`.
fn holds(q: &Inequality, x: &[i64]) -> bool {
    let sum: i128 =
        q.coefficients().iter().zip(x).map(|(&a, &v)| i128::from(a) * i128::from(v)).sum();
    sum >= i128::from(q.bound())
}

/// The error `e` about one vector, told of the vector `what` number `index` (a point off the
/// polyhedron as a bad point naming the inequality it breaks).
fn renumber(e: LatticeError, what: &'static str, index: usize) -> LatticeError {
    match e {
        LatticeError::BadPoint { reason, .. } => LatticeError::BadPoint { what, index, reason },
        LatticeError::OffBoard { point, inequality } => LatticeError::BadPoint {
            what,
            index,
            reason: format!("{point} is not on the board: it breaks {inequality}"),
        },
        LatticeError::WrongDimension { found, expected, .. } => {
            LatticeError::WrongDimension { what, index, found, expected }
        }
        other => other,
    }
}

/// [`LatticeError::WrongDimension`] for `what` (number 1) unless `v` has `expected` entries.
fn check_length<T>(what: &'static str, v: &[T], expected: usize) -> Result<(), LatticeError> {
    if v.len() == expected {
        return Ok(());
    }
    Err(LatticeError::WrongDimension { what, index: 1, found: v.len(), expected })
}

/// `[0, 1]`.
fn list(v: &[i64]) -> String {
    let items: Vec<String> = v.iter().map(i64::to_string).collect();
    format!("[{}]", items.join(", "))
}

/// The unit vector `e_i` of `Z^d`.
fn unit(d: usize, i: usize) -> Vec<i64> {
    (0..d).map(|j| i64::from(i == j)).collect()
}

/// `Σ_j y_j columns[j]`.
fn apply_columns(columns: &[Vec<i64>], y: &[BigInt]) -> Vec<BigInt> {
    let d = columns.first().map_or(0, Vec::len);
    (0..d).map(|i| columns.iter().zip(y).map(|(c, v)| v * c[i]).sum()).collect()
}

/// `(1, −2)` for big integers.
fn big_text(v: &[BigInt]) -> String {
    let items: Vec<String> = v.iter().map(BigInt::to_string).collect();
    format!("({})", items.join(", "))
}

/// The vector in `i64`, each entry within ±[`MAX_ENTRY`] (the limit of the boards and rule
/// sets the embedding makes).
fn small(v: &[BigInt]) -> Result<Vec<i64>, BoardError> {
    v.iter().map(small_one).collect()
}

/// One entry of [`small`].
fn small_one(x: &BigInt) -> Result<i64, BoardError> {
    x.to_i64().filter(|v| v.unsigned_abs() <= MAX_ENTRY.unsigned_abs()).ok_or_else(|| {
        BoardError::Lattice {
            reason: format!("the embedding needs the entry {x}, beyond ±{MAX_ENTRY}"),
        }
    })
}

/// A basis of the subgroup of `Z^d` generated by `generators`, by integer row reduction (a
/// Hermite normal form without the final reduction above the pivots).
fn lattice_basis(generators: &[Vec<i64>]) -> Result<Vec<Vec<i64>>, BoardError> {
    let d = generators.first().map_or(0, Vec::len);
    let mut rows: Vec<Vec<BigInt>> =
        generators.iter().map(|g| g.iter().map(|&x| BigInt::from(x)).collect()).collect();
    let mut basis = Vec::new();
    let mut top = 0;
    for c in 0..d {
        // Euclid on column c among the rows from `top` on, until one row holds their gcd.
        loop {
            let nonzero: Vec<usize> =
                (top..rows.len()).filter(|&i| !rows[i][c].is_zero()).collect();
            let Some(&least) = nonzero.iter().min_by_key(|&&i| rows[i][c].abs()) else { break };
            if nonzero.len() == 1 {
                rows.swap(top, least);
                if rows[top][c].is_negative() {
                    for x in &mut rows[top] {
                        *x = -x.clone();
                    }
                }
                basis.push(small(&rows[top])?);
                top += 1;
                break;
            }
            let pivot = rows[least].clone();
            for &i in &nonzero {
                if i != least {
                    let q = rows[i][c].div_floor(&pivot[c]);
                    for (x, p) in rows[i].iter_mut().zip(&pivot) {
                        *x -= &q * p;
                    }
                }
            }
        }
    }
    Ok(basis)
}

/// A non-zero integer vector `y` with `rows · y = 0` (of `k` entries), if there is one.
fn kernel_vector(rows: &[Vec<BigInt>], k: usize) -> Option<Vec<BigInt>> {
    let mut m: Vec<Vec<BigRational>> = rows
        .iter()
        .map(|r| r.iter().map(|x| BigRational::from_integer(x.clone())).collect())
        .collect();
    let pivots = eliminate(&mut m, k);
    let free = (0..k).find(|c| !pivots.contains(c))?;
    let mut y = vec![BigRational::zero(); k];
    y[free] = BigRational::one();
    for (row, &p) in m.iter().zip(&pivots) {
        y[p] = -row[free].clone();
    }
    let lcm = y.iter().fold(BigInt::one(), |acc, x| acc.lcm(x.denom()));
    let ints: Vec<BigInt> =
        y.iter().map(|x| (x * BigRational::from_integer(lcm.clone())).to_integer()).collect();
    let gcd = ints.iter().fold(BigInt::zero(), |acc, x| acc.gcd(x));
    Some(ints.into_iter().map(|x| x / &gcd).collect())
}

/// A unimodular `k × k` matrix (by rows) whose rows are non-negative on the cone
/// `{y : rows · y ≥ 0}`, which is pointed.
fn embedding_matrix(rows: &[Vec<BigInt>], k: usize) -> Result<Vec<Vec<i64>>, BoardError> {
    let sum: Vec<BigInt> = (0..k).map(|j| rows.iter().map(|r| &r[j]).sum()).collect();
    let gcd = sum.iter().fold(BigInt::zero(), |acc, x| acc.gcd(x));
    if gcd.is_zero() {
        // The normals add up to 0: the cone is {0} (its dual is all of R^k).
        return Ok((0..k).map(|i| unit(k, i)).collect());
    }
    let p: Vec<BigInt> = sum.iter().map(|x| x / &gcd).collect();
    let completed = completion(&p);
    let mut matrix = vec![small(&p)?];
    for row in &completed[1..] {
        let mut lifted = None;
        for e in 0..=MAX_LIFT {
            let s: BigInt = if e == 0 { BigInt::zero() } else { BigInt::one() << (e - 1) };
            let u: Vec<BigInt> = row.iter().zip(&p).map(|(r, q)| r + &s * q).collect();
            if in_dual(&u, rows) {
                lifted = Some(u);
                break;
            }
        }
        let u = lifted.ok_or_else(|| BoardError::Lattice {
            reason: "no embedding into the orthant with entries in range was found".to_owned(),
        })?;
        matrix.push(small(&u)?);
    }
    Ok(matrix)
}

/// A unimodular matrix (by rows) whose first row is the primitive vector `p`.
///
/// Row operations of Euclid's algorithm bring `p` (as a column) to `e_1`: `W p = e_1` with `W`
/// unimodular, so `W⁻¹` has `p` as its first column and its transpose is the answer.
fn completion(p: &[BigInt]) -> Vec<Vec<BigInt>> {
    let k = p.len();
    let mut v = p.to_vec();
    let mut w: Vec<Vec<BigInt>> =
        (0..k).map(|i| (0..k).map(|j| BigInt::from(u8::from(i == j))).collect()).collect();
    for i in 1..k {
        while !v[i].is_zero() {
            let q = v[0].div_floor(&v[i]);
            let step = &q * &v[i];
            v[0] -= step;
            let (head, tail) = w.split_at_mut(i);
            for (a, b) in head[0].iter_mut().zip(&tail[0]) {
                *a -= &q * b;
            }
            v.swap(0, i);
            w.swap(0, i);
        }
    }
    if v[0].is_negative() {
        for a in &mut w[0] {
            *a = -a.clone();
        }
    }
    let inverse = invert_big(&w);
    (0..k).map(|i| (0..k).map(|j| inverse[j][i].clone()).collect()).collect()
}

/// Whether `u · y ≥ 0` on the cone `{y : rows · y ≥ 0}`.
fn in_dual(u: &[BigInt], rows: &[Vec<BigInt>]) -> bool {
    let zeros = vec![BigInt::zero(); rows.len()];
    !matches!(minimize_free(u, rows, &zeros), Lp::Unbounded)
}

/// Minimises `c · y` over the free `y` with `rows · y ≥ bounds` (as `y = y⁺ − y⁻`).
fn minimize_free<T: Clone + Into<BigInt>>(c: &[T], rows: &[Vec<BigInt>], bounds: &[BigInt]) -> Lp {
    let big = |x: &BigInt| BigRational::from_integer(x.clone());
    let cost: Vec<BigRational> = c
        .iter()
        .map(|x| BigRational::from_integer(x.clone().into()))
        .chain(c.iter().map(|x| -BigRational::from_integer(x.clone().into())))
        .collect();
    let constraints: Vec<Constraint> = rows
        .iter()
        .zip(bounds)
        .map(|(r, b)| Constraint {
            a: r.iter().map(big).chain(r.iter().map(|x| -big(x))).collect(),
            relation: Relation::AtLeast,
            b: big(b),
        })
        .collect();
    minimize(&cost, &constraints)
}

/// The inverse of a unimodular integer matrix (by rows), if its entries are in range.
fn invert(m: &[Vec<i64>]) -> Result<Vec<Vec<i64>>, BoardError> {
    let big: Vec<Vec<BigInt>> =
        m.iter().map(|r| r.iter().map(|&x| BigInt::from(x)).collect()).collect();
    invert_big(&big).iter().map(|r| small(r)).collect()
}

/// The inverse of a unimodular integer matrix (by rows), by Gauss-Jordan elimination over the
/// rationals (its entries are integers).
fn invert_big(m: &[Vec<BigInt>]) -> Vec<Vec<BigInt>> {
    let k = m.len();
    let mut rows: Vec<Vec<BigRational>> = m
        .iter()
        .enumerate()
        .map(|(i, r)| {
            r.iter()
                .map(|x| BigRational::from_integer(x.clone()))
                .chain((0..k).map(|j| BigRational::from_integer(BigInt::from(u8::from(i == j)))))
                .collect()
        })
        .collect();
    let pivots = eliminate(&mut rows, k);
    debug_assert_eq!(pivots.len(), k, "a unimodular matrix is invertible");
    rows.iter().map(|r| r[k..].iter().map(BigRational::to_integer).collect()).collect()
}
