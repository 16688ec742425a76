//! Game boards (Definition 2.3) and lattice games as rulesets.

use core::fmt;
use core::str::FromStr;
use std::collections::VecDeque;

use hashbrown::HashSet;

use grundy_core::Ruleset;

use crate::rules::{VectorText, parse_vectors};
use crate::{Board, BoardError, LatticeError, RuleSet};

/// The most positions the order ideal of the defeated positions may hold (the ideal is kept as
/// a set of points, and a larger one is refused once this many are found).
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
/// axioms, the dimensions and the size of the defeated ideal are checked. A game on a board
/// other than `N^d` has one more field, the board's text (`"board": "N^2: 2 x0 - x1 >= 0"`),
/// and its rule set is checked on that board.
///
/// **Boards.** The board is the one the rule set was checked on ([`RuleSet::board`]): `N^d`
/// for [`RuleSet::new`], or a rational polyhedron inside the orthant ([`Board`],
/// [`LatticeGame::on_board`]). A move must then also stay on the polyhedron, the generators
/// must be points of the board, and the defeated positions are the board points below them.
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
    /// The rule vectors (a [`RuleSet`] serialises the same way).
    rules: Vec<Vec<i64>>,
    #[serde(default)]
    generators: Vec<Point>,
    /// The board, as its text; absent for `N^d`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    board: Option<Board>,
}

#[cfg(feature = "serde")]
impl From<LatticeGame> for LatticeGameData {
    fn from(game: LatticeGame) -> Self {
        let board = (!game.rules.board().is_orthant()).then(|| game.rules.board().clone());
        LatticeGameData { rules: game.rules.vectors().to_vec(), generators: game.generators, board }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<LatticeGameData> for LatticeGame {
    type Error = LatticeError;

    fn try_from(data: LatticeGameData) -> Result<Self, LatticeError> {
        let rules = match &data.board {
            None => RuleSet::new(data.rules)?,
            Some(board) => RuleSet::on_board(data.rules, board)?,
        };
        LatticeGame::with_defeated(rules, data.generators)
    }
}

impl LatticeGame {
    /// Normal play on the rule set's board (`N^d` for [`RuleSet::new`]): no position is
    /// defeated.
    pub fn normal(rules: RuleSet) -> Self {
        LatticeGame {
            rules,
            generators: Vec::new(),
            defeated: HashSet::new(),
            defeated_weight: None,
        }
    }

    /// Ordinary misère play: the origin is defeated (on a board that misses the origin, the
    /// origin still generates the defeated ideal: the board points `q` with `−q ∈ NΓ`).
    pub fn misere(rules: RuleSet) -> Self {
        let origin = Point::origin(rules.dimension());
        LatticeGame::build(rules, vec![origin], false).expect("the origin is a valid generator")
    }

    /// The game on `board` with the rule vectors of `rules`, checked again on that board
    /// ([`RuleSet::on_board`]; a rule set already checked on `board` is kept as it is), minus
    /// the order ideal generated by `generators` (normal play when there are none).
    ///
    /// ```
    /// use grundy_core::{Outcome, Solver};
    /// use grundy_lattice::{Board, LatticeGame, Outcomes, Point, RuleSet};
    ///
    /// // Take one or two from the first coordinate, staying under the line x1 = 2 x0
    /// // (so (1, 2) − (1, 0) = (0, 2) is no move), or take (1, 2).
    /// let board: Board = "x1 <= 2 x0".parse()?;
    /// let rules = RuleSet::on_board(vec![vec![1, 0], vec![2, 0], vec![1, 2]], &board)?;
    /// let game = LatticeGame::on_board(rules, board, vec![])?;
    /// let outcomes = Outcomes::compute(&game, &[4, 4])?;
    /// assert_eq!(outcomes.outcome(&Point::new([1, 3])), None); // not on the board
    /// assert_eq!(outcomes.outcome(&Point::new([1, 2])), Some(Outcome::N)); // take (1, 2)
    /// assert_eq!(Solver::new(&game).outcome(&Point::new([3, 0]))?, Outcome::P);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`LatticeError`]: the axiom that fails on the board (naming the ray for axiom 2), a
    /// board or generator of the wrong dimension, a generator off the board, or an ideal of
    /// more than [`MAX_DEFEATED`] positions.
    pub fn on_board(
        rules: RuleSet,
        board: Board,
        generators: Vec<Point>,
    ) -> Result<Self, LatticeError> {
        let rules = if rules.board() == &board {
            rules
        } else {
            RuleSet::on_board(rules.vectors().to_vec(), &board)?
        };
        LatticeGame::with_defeated(rules, generators)
    }

    /// The rule set's board (`N^d` for [`RuleSet::new`]) minus the order ideal generated by
    /// `generators`.
    ///
    /// # Errors
    ///
    /// [`LatticeError`] when a generator has the wrong dimension or is off the board, or the
    /// ideal holds more than [`MAX_DEFEATED`] positions.
    pub fn with_defeated(rules: RuleSet, generators: Vec<Point>) -> Result<Self, LatticeError> {
        LatticeGame::build(rules, generators, true)
    }

    /// [`LatticeGame::with_defeated`], checking that the generators are on the board when
    /// `on_board`.
    fn build(rules: RuleSet, generators: Vec<Point>, on_board: bool) -> Result<Self, LatticeError> {
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
            if let Some(k) = rules.board().broken_by(g.coordinates()).filter(|_| on_board) {
                return Err(LatticeError::BadPoint {
                    what: "generator",
                    index: i + 1,
                    reason: format!("{g} is not on the board: it breaks {k}"),
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
        Self::from_text_on_board(rules, defeated, misere, "")
    }

    /// [`LatticeGame::from_text`] on the board written `board` ([`Board::from_text`], in the
    /// rule set's dimension; empty text is `N^d`): the rule set is checked on that board
    /// ([`RuleSet::on_board`]), and in misère play the origin is defeated.
    ///
    /// ```
    /// use grundy_lattice::{GameTextError, LatticeGame};
    ///
    /// let game = LatticeGame::from_text_on_board("1,0 1,2", None, false, "x1 <= 2 x0")?;
    /// assert_eq!(game.rules().board().to_string(), "N^2: 2 x0 - x1 >= 0");
    /// let err = LatticeGame::from_text_on_board("1,0 1,1", None, false, "x1 <= 2 x0").unwrap_err();
    /// assert!(err.to_string().starts_with("rules: axiom 2 fails for the ray (1, 2)"));
    /// let err = LatticeGame::from_text_on_board("1,0 0,1", None, false, "x2 <= 1").unwrap_err();
    /// assert!(matches!(err, GameTextError::Board(_)));
    /// # Ok::<(), GameTextError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// Those of [`LatticeGame::from_text`], and [`GameTextError::Board`] for a board that does
    /// not parse or is refused.
    pub fn from_text_on_board(
        rules: &str,
        defeated: Option<&str>,
        misere: bool,
        board: &str,
    ) -> Result<Self, GameTextError> {
        let vectors: Vec<Vec<i64>> = parse_vectors(rules)
            .map_err(GameTextError::Rules)?
            .into_iter()
            .map(|(_, v)| v)
            .collect();
        let dimension = crate::rules::validate(&vectors).map_err(GameTextError::Rules)?;
        let board = Board::from_text(board, dimension).map_err(GameTextError::Board)?;
        let rules = RuleSet::on_board(vectors, &board).map_err(GameTextError::Rules)?;
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

    /// The game's board: the rule set's ([`RuleSet::board`]).
    pub fn board(&self) -> &Board {
        self.rules.board()
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

    /// Tells whether `point` is defeated (not on the game board): in the defeated ideal, or,
    /// on a board other than `N^d`, outside its polyhedron.
    pub fn is_defeated(&self, point: &Point) -> bool {
        if self.rules.board().broken_by(point.coordinates()).is_some() {
            return true;
        }
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
    /// (so 1 bit for a 0, 2 for ±1, 3 for ±2 and ±3). On a board other than `N^d` the
    /// coefficients and bounds of its inequalities count too.
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
        let board: u64 = self
            .rules
            .board()
            .inequalities()
            .iter()
            .flat_map(|k| k.coefficients().iter().copied().chain([k.bound()]))
            .map(bits)
            .sum();
        rules + generators + board
    }

    /// The position with these coordinates, checked: it has the rule set's dimension and is
    /// on the board.
    ///
    /// # Errors
    ///
    /// [`LatticeError::WrongDimension`], [`LatticeError::OffBoard`] or
    /// [`LatticeError::Defeated`].
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
        if let Some(k) = self.rules.board().broken_by(point.coordinates()) {
            return Err(LatticeError::OffBoard {
                point: point.to_string(),
                inequality: k.to_string(),
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
    /// The board does not parse or is refused ([`LatticeGame::from_text_on_board`]).
    #[error("board: {0}")]
    Board(BoardError),
    /// Both defeated positions and ordinary misère play (which defeats the origin) were asked
    /// for.
    #[error("give defeated positions or misère play, not both")]
    DefeatedAndMisere,
}

/// The points `q` of the board with `g − q ∈ NΓ` for some generator `g`, by a search
/// downwards from the generators. Partial sums may leave the board; their value under axiom
/// 1's function stays at least that of the final point, hence at least the function's lower
/// bound on the board, which bounds the search.
fn order_ideal(rules: &RuleSet, generators: &[Point]) -> Result<HashSet<Point>, LatticeError> {
    let w: Vec<i128> = rules.function().iter().map(|&x| i128::from(x)).collect();
    let floor = i128::from(rules.offset());
    let board = rules.board();
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
        if let Some(point) = v
            .iter()
            .map(|&x| u32::try_from(x).ok())
            .collect::<Option<Vec<u32>>>()
            .filter(|p| board.contains(p))
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
            if !lost && weight(&next) >= floor && !seen.contains(&next) {
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

    /// Every rule vector `γ` with `p − γ` on the board (in `N^d`, on the board's polyhedron,
    /// not defeated).
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
