//! Game boards (Definition 2.3) and lattice games as rulesets.

use core::fmt;
use core::str::FromStr;
use std::collections::VecDeque;

use hashbrown::HashSet;

use grundy_core::Ruleset;

use crate::rules::{VectorText, parse_vectors};
use crate::{LatticeError, RuleSet};

/// The most positions the order ideal of the defeated positions may hold (the ideal is kept as
/// a set of points; refusing a larger one takes about 0.3 s in an optimised build).
pub const MAX_DEFEATED: usize = 1 << 18;

/// A point of `N^d`: a position of a lattice game on the board `N^d`.
///
/// Written `(3, 0, 1)`; read from `3,0,1` or `(3, 0, 1)`. With the `serde` feature a point
/// serialises as the list of its coordinates (`[3, 0, 1]`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(transparent))]
pub struct Point(Vec<u32>);

impl Point {
    /// The point with these coordinates.
    pub fn new(coordinates: impl Into<Vec<u32>>) -> Self {
        Point(coordinates.into())
    }

    /// The origin of `N^d`.
    pub fn origin(dimension: usize) -> Self {
        Point(vec![0; dimension])
    }

    /// Its coordinates.
    pub fn coordinates(&self) -> &[u32] {
        &self.0
    }

    /// Its number of coordinates.
    pub fn dimension(&self) -> usize {
        self.0.len()
    }

    /// `self − γ` if it lies in `N^d` (every coordinate in `0 ..= u32::MAX`).
    pub fn minus(&self, gamma: &[i64]) -> Option<Point> {
        self.0
            .iter()
            .zip(gamma)
            .map(|(&x, &g)| u32::try_from(i64::from(x) - g).ok())
            .collect::<Option<Vec<u32>>>()
            .map(Point)
    }

    /// `self + other`, or `None` if a coordinate would pass `u32::MAX`.
    pub fn plus(&self, other: &Point) -> Option<Point> {
        self.0
            .iter()
            .zip(&other.0)
            .map(|(&a, &b)| a.checked_add(b))
            .collect::<Option<Vec<u32>>>()
            .map(Point)
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        VectorText(&self.0).fmt(f)
    }
}

impl FromStr for Point {
    type Err = LatticeError;

    /// `3,0,1` or `(3, 0, 1)`.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let vectors = parse_vectors(text)?;
        let [(_, v)] = vectors.as_slice() else {
            return Err(LatticeError::Parse {
                text: text.to_owned(),
                at: vectors[1].0,
                reason: "expected one point".into(),
            });
        };
        v.iter()
            .map(|&x| u32::try_from(x).ok())
            .collect::<Option<Vec<u32>>>()
            .map(Point)
            .ok_or_else(|| LatticeError::Parse {
                text: text.to_owned(),
                at: 0,
                reason: "coordinates of a point are integers from 0 to 4294967295".into(),
            })
    }
}

/// A lattice game on the board `N^d` minus a finite order ideal of defeated positions
/// (Definition 2.3).
///
/// A move from `p` subtracts a rule vector: it goes to `p − γ` when that point lies in `N^d`
/// and is not defeated. A player with no move loses. The defeated positions are the points
/// `q ∈ N^d` with `g − q ∈ NΓ` for some generator `g` (the order ideal the generators span in
/// the order `q ≤ p` iff `p − q` is a sum of rule vectors; it is finite by axiom 1).
///
/// - Normal play: nothing is defeated ([`LatticeGame::normal`]).
/// - Ordinary misère play: the origin is defeated ([`LatticeGame::misere`]): a move to the
///   origin, the last move of the normal game, is not allowed, so whoever would make it has
///   no move and loses.
/// - The general misère boards of the axioms: any finite set of generators
///   ([`LatticeGame::with_defeated`]).
///
/// ```
/// use grundy_core::{Outcome, Solver};
/// use grundy_lattice::{LatticeGame, Point};
///
/// // Nim with heaps of at most 2 (coordinate i: the number of heaps of size i).
/// let nim2 = LatticeGame::normal("1,0 0,1 -1,1".parse()?);
/// let mut solver = Solver::new(&nim2);
/// assert_eq!(solver.outcome(&Point::new([2, 2]))?, Outcome::P); // 1 1 2 2
/// assert_eq!(solver.outcome(&Point::new([1, 2]))?, Outcome::N);
/// // In misère play a single heap of 1 loses for the player to move.
/// let misere = LatticeGame::misere("1,0 0,1 -1,1".parse()?);
/// assert_eq!(Solver::new(&misere).outcome(&Point::new([1, 0]))?, Outcome::P);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With the `serde` feature a game serialises as its rule set and the generators of its
/// defeated positions, `{"rules": [[1, 0], [0, 1], [-1, 1]], "generators": [[0, 0]]}` (no
/// generator: normal play), and deserialises through [`LatticeGame::with_defeated`], so the
/// axioms, the dimensions and the size of the defeated ideal are checked.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(into = "LatticeGameData", try_from = "LatticeGameData")
)]
pub struct LatticeGame {
    rules: RuleSet,
    generators: Vec<Point>,
    defeated: HashSet<Point>,
    /// The largest weight of a defeated position: heavier points are never defeated.
    defeated_weight: Option<u64>,
}

/// A [`LatticeGame`] as data: its rules and the generators of its defeated positions.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct LatticeGameData {
    rules: RuleSet,
    #[serde(default)]
    generators: Vec<Point>,
}

#[cfg(feature = "serde")]
impl From<LatticeGame> for LatticeGameData {
    fn from(game: LatticeGame) -> Self {
        LatticeGameData { rules: game.rules, generators: game.generators }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<LatticeGameData> for LatticeGame {
    type Error = LatticeError;

    fn try_from(data: LatticeGameData) -> Result<Self, LatticeError> {
        LatticeGame::with_defeated(data.rules, data.generators)
    }
}

impl LatticeGame {
    /// Normal play on `N^d`: no position is defeated.
    pub fn normal(rules: RuleSet) -> Self {
        LatticeGame {
            rules,
            generators: Vec::new(),
            defeated: HashSet::new(),
            defeated_weight: None,
        }
    }

    /// Ordinary misère play: the origin is defeated.
    pub fn misere(rules: RuleSet) -> Self {
        let origin = Point::origin(rules.dimension());
        LatticeGame::with_defeated(rules, vec![origin]).expect("the origin is a valid generator")
    }

    /// The board `N^d` minus the order ideal generated by `generators`.
    ///
    /// # Errors
    ///
    /// [`LatticeError`] when a generator has the wrong dimension or the ideal holds more than
    /// [`MAX_DEFEATED`] positions.
    pub fn with_defeated(rules: RuleSet, generators: Vec<Point>) -> Result<Self, LatticeError> {
        let d = rules.dimension();
        for (i, g) in generators.iter().enumerate() {
            if g.dimension() != d {
                return Err(LatticeError::WrongDimension {
                    what: "generator",
                    index: i + 1,
                    found: g.dimension(),
                    expected: d,
                });
            }
        }
        let defeated = order_ideal(&rules, &generators)?;
        let defeated_weight = defeated.iter().map(|p| rules.weight(p.coordinates())).max();
        Ok(LatticeGame { rules, generators, defeated, defeated_weight })
    }

    /// The game written as text: the rule set `rules` (vectors separated by spaces, coordinates
    /// by commas, e.g. `1,0 0,1 -1,1`), with the defeated positions generated by the points of
    /// `defeated` (separated by spaces, e.g. `0,0 1,1`; see [`LatticeGame::with_defeated`]),
    /// or in ordinary misère play when `misere` ([`LatticeGame::misere`]); in normal play when
    /// neither is given.
    ///
    /// ```
    /// use grundy_lattice::{GameTextError, LatticeGame, Point};
    ///
    /// let nim2 = LatticeGame::from_text("1,0 0,1 -1,1", None, false)?;
    /// assert_eq!(nim2, LatticeGame::normal("1,0 0,1 -1,1".parse()?));
    /// let misere = LatticeGame::from_text("1,0 0,1 -1,1", None, true)?;
    /// assert!(misere.is_defeated(&Point::new([0, 0])));
    /// let game = LatticeGame::from_text("1,0 0,1", Some("1,0 0,1"), false)?;
    /// assert_eq!(game.defeated().count(), 3); // (0, 0), (1, 0) and (0, 1)
    /// // Errors name the part at fault.
    /// let err = LatticeGame::from_text("1,0 0,1", Some("1"), false).unwrap_err();
    /// assert!(matches!(err, GameTextError::Defeated(_)));
    /// assert_eq!(err.to_string(), "defeated: generator 1 has 1 coordinates, the rule set 2");
    /// let err = LatticeGame::from_text("1,x", None, false).unwrap_err();
    /// assert!(err.to_string().starts_with("rules: cannot read '1,x'"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`GameTextError`]: the rule set or a generator does not parse or is refused (the axioms,
    /// the dimensions, [`MAX_DEFEATED`]), or both `defeated` and `misere` are given.
    pub fn from_text(
        rules: &str,
        defeated: Option<&str>,
        misere: bool,
    ) -> Result<Self, GameTextError> {
        let rules: RuleSet = rules.parse().map_err(GameTextError::Rules)?;
        match (defeated, misere) {
            (Some(_), true) => Err(GameTextError::DefeatedAndMisere),
            (None, true) => Ok(LatticeGame::misere(rules)),
            (None, false) => Ok(LatticeGame::normal(rules)),
            (Some(text), false) => {
                let generators = text
                    .split_whitespace()
                    .map(str::parse)
                    .collect::<Result<Vec<Point>, _>>()
                    .map_err(GameTextError::Defeated)?;
                LatticeGame::with_defeated(rules, generators).map_err(GameTextError::Defeated)
            }
        }
    }

    /// The rule set.
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    /// The generators of the defeated positions, as given.
    pub fn generators(&self) -> &[Point] {
        &self.generators
    }

    /// Every defeated position (the whole order ideal), in no particular order.
    pub fn defeated(&self) -> impl Iterator<Item = &Point> {
        self.defeated.iter()
    }

    /// Tells whether `point` is defeated (not on the board).
    pub fn is_defeated(&self, point: &Point) -> bool {
        match self.defeated_weight {
            None => false,
            Some(w) => self.rules.weight(point.coordinates()) <= w && self.defeated.contains(point),
        }
    }

    /// The input complexity of Definition 2.4: the number of bits needed to write the rule
    /// set's `d × |Γ|` matrix and the `d × k` matrix of the defeated positions' generators.
    ///
    /// The text lost the formula; this counts, as Barvinok and Woods do for the size of
    /// integer data, one sign bit and `⌈log2(|a| + 1)⌉` magnitude bits for every entry `a`
    /// (so 1 bit for a 0, 2 for ±1, 3 for ±2 and ±3).
    ///
    /// ```
    /// use grundy_lattice::LatticeGame;
    ///
    /// let rules = "1,0 0,1 -1,1".parse()?;
    /// assert_eq!(LatticeGame::normal(rules).input_complexity(), 10);
    /// let rules = "1,0 0,1 -1,1".parse()?;
    /// assert_eq!(LatticeGame::misere(rules).input_complexity(), 12); // the origin: 2 bits
    /// # Ok::<(), grundy_lattice::LatticeError>(())
    /// ```
    pub fn input_complexity(&self) -> u64 {
        let bits = |a: i64| 1 + u64::from(64 - a.unsigned_abs().leading_zeros());
        let rules: u64 = self.rules.vectors().iter().flatten().map(|&a| bits(a)).sum();
        let generators: u64 =
            self.generators.iter().flat_map(|g| g.coordinates()).map(|&a| bits(i64::from(a))).sum();
        rules + generators
    }

    /// The position with these coordinates, checked: it has the rule set's dimension and is
    /// on the board.
    ///
    /// # Errors
    ///
    /// [`LatticeError::WrongDimension`] or [`LatticeError::Defeated`].
    pub fn position(&self, coordinates: impl Into<Vec<u32>>) -> Result<Point, LatticeError> {
        let point = Point::new(coordinates);
        if point.dimension() != self.rules.dimension() {
            return Err(LatticeError::WrongDimension {
                what: "position",
                index: 1,
                found: point.dimension(),
                expected: self.rules.dimension(),
            });
        }
        if self.is_defeated(&point) {
            return Err(LatticeError::Defeated { point: point.to_string() });
        }
        Ok(point)
    }
}

/// Why [`LatticeGame::from_text`] refused a game's text. Each error names the text at fault
/// as the option that gives it, `--rules` or `--defeated`, the words of grundy's command line
/// (`grundy lattice-game`) and of its web API alike.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GameTextError {
    /// The rule set does not parse, or is refused (the axioms, its dimension, its entries).
    #[error("rules: {0}")]
    Rules(LatticeError),
    /// A generator of the defeated positions does not parse, has the wrong dimension, or the
    /// generators span more than [`MAX_DEFEATED`] positions.
    #[error("defeated: {0}")]
    Defeated(LatticeError),
    /// Both defeated positions and ordinary misère play (which defeats the origin) were asked
    /// for.
    #[error("give defeated positions or misère play, not both")]
    DefeatedAndMisere,
}

/// The points `q ∈ N^d` with `g − q ∈ NΓ` for some generator `g`, by a search downwards from
/// the generators. Partial sums may leave `N^d`; their weight stays at least that of the
/// final point, hence non-negative, which bounds the search.
fn order_ideal(rules: &RuleSet, generators: &[Point]) -> Result<HashSet<Point>, LatticeError> {
    let w: Vec<i128> = rules.weights().iter().map(|&x| i128::from(x)).collect();
    let weight = |v: &[i64]| v.iter().zip(&w).map(|(&x, &c)| i128::from(x) * c).sum::<i128>();
    let mut seen: HashSet<Vec<i64>> = HashSet::new();
    let mut queue: VecDeque<Vec<i64>> = VecDeque::new();
    for g in generators {
        let v: Vec<i64> = g.coordinates().iter().map(|&x| i64::from(x)).collect();
        if seen.insert(v.clone()) {
            queue.push_back(v);
        }
    }
    // A coordinate that no rule vector can raise (no negative entry there) never comes back
    // from below 0: points negative there lead to no position and are not followed (without
    // this, `2,0 0,1` with the generator (10^7, 0) followed millions of points below the axis).
    let d = rules.dimension();
    let stays_negative: Vec<bool> =
        (0..d).map(|i| rules.vectors().iter().all(|gamma| gamma[i] >= 0)).collect();
    let mut ideal = HashSet::new();
    while let Some(v) = queue.pop_front() {
        // Points of N^d; one beyond u32 is no position, so it needs no defeating.
        if let Some(point) = v.iter().map(|&x| u32::try_from(x).ok()).collect::<Option<Vec<u32>>>()
        {
            ideal.insert(Point(point));
            if ideal.len() > MAX_DEFEATED {
                // Stop at once: a generator far out (10^7, 0) took 4.6 s to be refused.
                return Err(LatticeError::IdealTooLarge { max: MAX_DEFEATED });
            }
        }
        for gamma in rules.vectors() {
            let next: Vec<i64> = v.iter().zip(gamma).map(|(&x, &g)| x - g).collect();
            let lost = next.iter().zip(&stays_negative).any(|(&x, &stays)| x < 0 && stays);
            if !lost && weight(&next) >= 0 && !seen.contains(&next) {
                if seen.len() >= 4 * MAX_DEFEATED {
                    return Err(LatticeError::IdealTooLarge { max: MAX_DEFEATED });
                }
                seen.insert(next.clone());
                queue.push_back(next);
            }
        }
    }
    if ideal.len() > MAX_DEFEATED {
        return Err(LatticeError::IdealTooLarge { max: MAX_DEFEATED });
    }
    Ok(ideal)
}

impl Ruleset for LatticeGame {
    type Position = Point;
    /// The index of a rule vector in [`RuleSet::vectors`].
    type Move = usize;

    /// Every rule vector `γ` with `p − γ` on the board.
    fn moves(&self, position: &Point, moves: &mut Vec<usize>) {
        for (i, gamma) in self.rules.vectors().iter().enumerate() {
            if let Some(q) = position.minus(gamma) {
                if !self.is_defeated(&q) {
                    moves.push(i);
                }
            }
        }
    }

    fn play(&self, position: &Point, mv: &usize) -> Point {
        position.minus(&self.rules.vectors()[*mv]).expect("a legal move stays in N^d")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ideals() {
        let rules: RuleSet = "1,0 0,1 -1,1".parse().unwrap();
        // (1, 1) minus sums of rule vectors: (1,1), (0,1), (1,0), (2,0), (0,0).
        let game = LatticeGame::with_defeated(rules.clone(), vec![Point::new([1, 1])]).unwrap();
        let mut d: Vec<&Point> = game.defeated().collect();
        d.sort();
        let want = [[0, 0], [0, 1], [1, 0], [1, 1], [2, 0]].map(Point::new);
        assert_eq!(d, want.iter().collect::<Vec<_>>());
        assert!(game.position([1, 1]).is_err());
        assert!(game.position([0, 2]).is_ok());
        let misere = LatticeGame::misere(rules);
        assert_eq!(misere.defeated().count(), 1);
        assert_eq!("(1, 2)".parse::<Point>().unwrap(), Point::new([1, 2]));
        assert!("1,-2".parse::<Point>().is_err());
        assert!("1,2 3,4".parse::<Point>().is_err());
    }
}
