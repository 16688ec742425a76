//! The outcome of every position of a box, by dynamic programming.

use grundy_core::{Budget, Outcome};
use num_traits::ToPrimitive;

use crate::exact::{Constraint, Lp, Relation, minimize, rat};
use crate::{Board, LatticeError, LatticeGame, Point};

/// The most cells a box computation may use (one byte each).
pub const MAX_CELLS: u64 = 1 << 30;

/// The most cells when no order of the coordinates suits the rule set and cells are sorted
/// by weight (twelve more bytes each while sorting).
pub const MAX_CELLS_BY_WEIGHT: u64 = 1 << 27;

const N: u8 = 0;
const P: u8 = 1;
const DEFEATED: u8 = 2;
/// A cell outside the box whose moves leave the enlarged box: never needed by the box.
const UNKNOWN: u8 = 3;

/// The outcome of every position of a box `[0, upper_1] × … × [0, upper_d]` of a lattice game.
///
/// Moves subtract rule vectors, which may add to some coordinates, so positions of the box can
/// reach points outside it. The computation runs on an enlarged box that holds every point
/// reachable from the box: its bound in coordinate `j` is the largest `q_j` of the linear
/// relaxation (`q = p − Σ n_γ γ ≥ 0`, `p` in the box, `n ≥ 0`), solved exactly. Cells are
/// visited in an order in which every move goes to a cell visited earlier: the lexicographic
/// order of a suitable ordering of the coordinates when one exists (for squarefree games,
/// largest heap first), otherwise the order of the rule set's positive weight.
///
/// On a board other than `N^d` ([`LatticeGame::on_board`]) the points of the box off the
/// board have no outcome, like defeated ones, and the enlarged box's bounds also keep the
/// reachable points on the board's polyhedron.
///
/// ```
/// use grundy_lattice::{LatticeGame, Outcomes, Point};
///
/// // Example 4.6: Nim with heaps of at most 2 has the P-positions with both coordinates even.
/// let nim2 = LatticeGame::normal("1,0 0,1 -1,1".parse()?);
/// let box_ = Outcomes::compute(&nim2, &[9, 9])?;
/// assert!(box_.points().all(|p| {
///     let even = p.coordinates().iter().all(|x| x % 2 == 0);
///     box_.is_p(&p) == even
/// }));
/// # Ok::<(), grundy_lattice::LatticeError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Outcomes {
    upper: Vec<u32>,
    /// Bounds of the enlarged box.
    reach: Vec<u32>,
    strides: Vec<usize>,
    cells: Vec<u8>,
}

impl Outcomes {
    /// Solves every position of the box `[0, upper[0]] × … × [0, upper[d−1]]`.
    ///
    /// # Errors
    ///
    /// [`LatticeError::WrongDimension`] for a box of another dimension than the game's,
    /// [`LatticeError::BoxTooLarge`] when the enlarged box has more than [`MAX_CELLS`] cells.
    pub fn compute(game: &LatticeGame, upper: &[u32]) -> Result<Outcomes, LatticeError> {
        Outcomes::compute_within(game, upper, &Budget::unlimited())
    }

    /// [`compute`](Outcomes::compute) under `budget`: each cell of the enlarged box counts
    /// one node, and the clock and cancellation flag are read every
    /// [`Meter::POLL_INTERVAL`](grundy_core::Meter::POLL_INTERVAL) cells.
    ///
    /// # Errors
    ///
    /// Those of [`compute`](Outcomes::compute), and [`LatticeError::Stopped`] when the budget
    /// runs out first.
    ///
    /// ```
    /// use grundy_core::Budget;
    /// use grundy_lattice::{LatticeError, LatticeGame, Outcomes, RuleSet};
    ///
    /// let nim2 = LatticeGame::normal(RuleSet::new(vec![vec![1, 0], vec![0, 1]])?);
    /// let small = Budget::unlimited().with_max_nodes(50);
    /// assert!(matches!(Outcomes::compute_within(&nim2, &[99, 99], &small), Err(LatticeError::Stopped(_))));
    /// # Ok::<(), LatticeError>(())
    /// ```
    pub fn compute_within(
        game: &LatticeGame,
        upper: &[u32],
        budget: &Budget,
    ) -> Result<Outcomes, LatticeError> {
        let mut meter = budget.start();
        let rules = game.rules();
        let d = rules.dimension();
        if upper.len() != d {
            return Err(LatticeError::WrongDimension {
                what: "box",
                index: 1,
                found: upper.len(),
                expected: d,
            });
        }
        let reach = reach_bounds(game, upper)?;
        let mut cells: u64 = 1;
        for &r in &reach {
            cells = cells.saturating_mul(u64::from(r) + 1);
        }
        let order = coordinate_order(rules.vectors(), d);
        let max = if order.is_some() { MAX_CELLS } else { MAX_CELLS_BY_WEIGHT };
        if cells > max {
            return Err(LatticeError::BoxTooLarge { cells, max });
        }
        // The most significant coordinate (first in `order`) gets the largest stride.
        let mut strides = vec![0usize; d];
        let mut stride = 1usize;
        let ordering: Vec<usize> = match &order {
            Some(o) => o.clone(),
            None => (0..d).collect(),
        };
        for &j in ordering.iter().rev() {
            strides[j] = stride;
            stride *= reach[j] as usize + 1;
        }
        let total = stride;
        let mut table = vec![N; total];
        for q in game.defeated() {
            if let Some(i) = index_in(&reach, &strides, q.coordinates()) {
                table[i] = DEFEATED;
            }
        }
        let board = game.board();
        let board = (!board.is_orthant()).then_some(board);
        if let Some(board) = board {
            let mut coords = vec![0u32; d];
            for cell in &mut table {
                if !board.contains(&coords) {
                    *cell = DEFEATED;
                }
                advance(&mut coords, &reach, &ordering);
            }
        }
        let moves: Vec<Move> = rules.vectors().iter().map(|g| Move::new(g, &strides)).collect();
        match order {
            Some(_) => {
                // Lexicographic order = increasing index: an odometer over the coordinates.
                let mut coords = vec![0u32; d];
                for i in 0..total {
                    meter.tick()?;
                    if table[i] != DEFEATED {
                        table[i] = solve_cell(&table, i, &coords, &reach, &moves, board);
                    }
                    advance(&mut coords, &reach, &ordering);
                }
            }
            None => {
                for i in by_weight(rules, &reach, &ordering, total) {
                    meter.tick()?;
                    let i = i as usize;
                    if table[i] != DEFEATED {
                        let coords = coordinates_of(i, &reach, &strides);
                        table[i] = solve_cell(&table, i, &coords, &reach, &moves, board);
                    }
                }
            }
        }
        Ok(Outcomes { upper: upper.to_vec(), reach, strides, cells: table })
    }

    /// The box's upper corner.
    pub fn upper(&self) -> &[u32] {
        &self.upper
    }

    /// The upper corner of the enlarged box the computation ran on.
    pub fn reach(&self) -> &[u32] {
        &self.reach
    }

    /// The outcome of a position of the box; `None` outside the box, for a defeated point and
    /// for a point off the board.
    pub fn outcome(&self, point: &Point) -> Option<Outcome> {
        let c = point.coordinates();
        if c.len() != self.upper.len() || c.iter().zip(&self.upper).any(|(x, u)| x > u) {
            return None;
        }
        match self.cells[index_in(&self.reach, &self.strides, c)?] {
            N => Some(Outcome::N),
            P => Some(Outcome::P),
            _ => None,
        }
    }

    /// Tells whether `point` is a P-position of the box.
    pub fn is_p(&self, point: &Point) -> bool {
        self.outcome(point) == Some(Outcome::P)
    }

    /// Every point of the box (defeated ones and those off the board included), in
    /// lexicographic order.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        let d = self.upper.len();
        let total: usize = self.upper.iter().map(|&u| u as usize + 1).product();
        let order: Vec<usize> = (0..d).collect();
        let mut coords = vec![0u32; d];
        (0..total).map(move |_| {
            let p = Point::new(coords.clone());
            advance(&mut coords, &self.upper, &order);
            p
        })
    }

    /// The P-positions of the box, in lexicographic order.
    pub fn p_positions(&self) -> impl Iterator<Item = Point> + '_ {
        self.points().filter(|p| self.is_p(p))
    }

    /// The first point of the box (in lexicographic order) that is a P-position of the game
    /// and not of `claimed`, or the other way round; `None` when they agree on the whole box.
    /// Defeated points and points off the board are skipped.
    pub fn first_difference(&self, claimed: impl Fn(&Point) -> bool) -> Option<Point> {
        self.points().find(|p| match self.outcome(p) {
            None => false,
            Some(o) => o.is_p() != claimed(p),
        })
    }

    /// A picture of a two-dimensional box: one line per value of the second coordinate, the
    /// largest first, one character per value of the first: `P` for a P-position, `.` for an
    /// N-position, `x` for a defeated one or one off the board. `None` in other dimensions.
    pub fn picture(&self) -> Option<String> {
        let [u0, u1] = self.upper[..] else { return None };
        let mut out = String::new();
        for y in (0..=u1).rev() {
            for x in 0..=u0 {
                let p = Point::new([x, y]);
                out.push(match self.outcome(&p) {
                    Some(Outcome::P) => 'P',
                    Some(Outcome::N) => '.',
                    None => 'x',
                });
            }
            out.push('\n');
        }
        Some(out)
    }
}

/// A rule vector prepared for the table: its index offset and the checks that keep the
/// target inside the enlarged box.
#[derive(Debug)]
struct Move {
    /// `Σ γ_j stride_j`: the target's index is the cell's minus this.
    offset: isize,
    /// Coordinates with `γ_j > 0`: the cell needs `p_j ≥ γ_j`.
    takes: Vec<(usize, u32)>,
    /// Coordinates with `γ_j < 0`: the target's `p_j + |γ_j|` must stay in the enlarged box.
    adds: Vec<(usize, u32)>,
    /// The rule vector.
    gamma: Vec<i64>,
}

impl Move {
    fn new(gamma: &[i64], strides: &[usize]) -> Move {
        let mut offset = 0i128;
        let (mut takes, mut adds) = (Vec::new(), Vec::new());
        for (j, &g) in gamma.iter().enumerate() {
            offset += i128::from(g) * strides[j] as i128;
            let size = u32::try_from(g.unsigned_abs()).expect("entries are bounded");
            if g > 0 {
                takes.push((j, size));
            } else if g < 0 {
                adds.push((j, size));
            }
        }
        let offset = isize::try_from(offset).expect("offsets within a box that fits in memory");
        Move { offset, takes, adds, gamma: gamma.to_vec() }
    }
}

/// The outcome of cell `i` at `coords`, every move's target being solved already. A target
/// beyond the enlarged box is unknown, unless it is off `board` (then it is no move).
#[inline]
fn solve_cell(
    table: &[u8],
    i: usize,
    coords: &[u32],
    reach: &[u32],
    moves: &[Move],
    board: Option<&Board>,
) -> u8 {
    let mut unknown = false;
    for m in moves {
        if m.takes.iter().any(|&(j, g)| coords[j] < g) {
            continue;
        }
        if m.adds.iter().any(|&(j, g)| u64::from(coords[j]) + u64::from(g) > u64::from(reach[j])) {
            let off_board = board.is_some_and(|b| {
                let target: Option<Vec<u32>> = coords
                    .iter()
                    .zip(&m.gamma)
                    .map(|(&x, &g)| u32::try_from(i64::from(x) - g).ok())
                    .collect();
                target.is_none_or(|t| !b.contains(&t))
            });
            unknown |= !off_board;
            continue;
        }
        let target = (i as isize - m.offset) as usize;
        match table[target] {
            P => return N,
            UNKNOWN => unknown = true,
            _ => {}
        }
    }
    if unknown { UNKNOWN } else { P }
}

/// The cell indices (in odometer order over `ordering`) sorted by increasing weight: a
/// counting sort when the weights are few, a comparison sort otherwise.
fn by_weight(rules: &crate::RuleSet, reach: &[u32], ordering: &[usize], total: usize) -> Vec<u32> {
    let d = reach.len();
    let mut weights = Vec::with_capacity(total);
    let mut coords = vec![0u32; d];
    for _ in 0..total {
        weights.push(rules.weight(&coords));
        advance(&mut coords, reach, ordering);
    }
    let max = weights.iter().copied().max().unwrap_or(0);
    let index = |i: usize| u32::try_from(i).expect("cells fit in 32 bits");
    let slot = |w: u64| usize::try_from(w).expect("weights below 4 × cells");
    if max <= 4 * total as u64 {
        let mut start = vec![0u32; slot(max) + 2];
        for &w in &weights {
            start[slot(w) + 1] += 1;
        }
        for k in 1..start.len() {
            start[k] += start[k - 1];
        }
        let mut sorted = vec![0u32; total];
        for (i, &w) in weights.iter().enumerate() {
            let next = &mut start[slot(w)];
            sorted[*next as usize] = index(i);
            *next += 1;
        }
        sorted
    } else {
        let mut sorted: Vec<u32> = (0..total).map(index).collect();
        sorted.sort_unstable_by_key(|&i| weights[i as usize]);
        sorted
    }
}

/// Steps an odometer over `[0, bounds]` whose least significant digit is the last of `order`.
#[inline]
fn advance(coords: &mut [u32], bounds: &[u32], order: &[usize]) {
    for &j in order.iter().rev() {
        if coords[j] < bounds[j] {
            coords[j] += 1;
            return;
        }
        coords[j] = 0;
    }
}

fn index_in(reach: &[u32], strides: &[usize], c: &[u32]) -> Option<usize> {
    if c.iter().zip(reach).any(|(x, r)| x > r) {
        return None;
    }
    Some(c.iter().zip(strides).map(|(&x, &s)| x as usize * s).sum())
}

fn coordinates_of(mut i: usize, reach: &[u32], strides: &[usize]) -> Vec<u32> {
    let mut order: Vec<usize> = (0..reach.len()).collect();
    order.sort_by_key(|&j| core::cmp::Reverse(strides[j]));
    let mut c = vec![0u32; reach.len()];
    for j in order {
        c[j] = u32::try_from(i / strides[j]).expect("coordinates fit");
        i %= strides[j];
    }
    c
}

/// An order of the coordinates in which the first non-zero entry of every rule vector is
/// positive, so that every move lowers the position lexicographically; `None` if none exists.
/// Greedy: a coordinate no remaining vector lowers can come next, and settles the vectors that
/// raise it. Taking any such coordinate is safe, since settled vectors stay settled.
fn coordinate_order(vectors: &[Vec<i64>], d: usize) -> Option<Vec<usize>> {
    let mut order = Vec::with_capacity(d);
    let mut open: Vec<&Vec<i64>> = vectors.iter().collect();
    let mut used = vec![false; d];
    while order.len() < d {
        let j = (0..d).find(|&j| !used[j] && open.iter().all(|v| v[j] >= 0))?;
        used[j] = true;
        order.push(j);
        open.retain(|v| v[j] == 0);
    }
    open.is_empty().then_some(order)
}

/// The bounds of a box holding every point reachable from `[0, upper]` (on the board).
fn reach_bounds(game: &LatticeGame, upper: &[u32]) -> Result<Vec<u32>, LatticeError> {
    let vectors = game.rules().vectors();
    let inequalities = game.board().inequalities();
    let d = upper.len();
    let n = vectors.len();
    let mut reach = upper.to_vec();
    for j in 0..d {
        if vectors.iter().all(|v| v[j] >= 0) {
            continue;
        }
        // Variables: p (d of them), then n_γ. Maximise q_j = p_j − Σ n_γ γ_j.
        let mut constraints = Vec::with_capacity(2 * d);
        for i in 0..d {
            let mut a = vec![rat(0); d + n];
            a[i] = rat(1);
            for (k, v) in vectors.iter().enumerate() {
                a[d + k] = rat(-v[i]);
            }
            constraints.push(Constraint { a: a.clone(), relation: Relation::AtLeast, b: rat(0) });
            let mut bound = vec![rat(0); d + n];
            bound[i] = rat(1);
            constraints.push(Constraint {
                a: bound,
                relation: Relation::AtMost,
                b: rat(i64::from(upper[i])),
            });
        }
        // On the board: the start a · p ≥ b and the end a · (p − Σ n_γ γ) ≥ b.
        for k in inequalities {
            let a = k.coefficients();
            let mut start = vec![rat(0); d + n];
            for i in 0..d {
                start[i] = rat(a[i]);
            }
            let mut end = start.clone();
            for (idx, v) in vectors.iter().enumerate() {
                let dot: i64 = a.iter().zip(v).map(|(&x, &y)| x * y).sum();
                end[d + idx] = rat(-dot);
            }
            constraints.push(Constraint {
                a: start,
                relation: Relation::AtLeast,
                b: rat(k.bound()),
            });
            constraints.push(Constraint { a: end, relation: Relation::AtLeast, b: rat(k.bound()) });
        }
        let mut cost = vec![rat(0); d + n];
        cost[j] = rat(-1);
        for (k, v) in vectors.iter().enumerate() {
            cost[d + k] = rat(v[j]);
        }
        let value = match minimize(&cost, &constraints) {
            Lp::Optimal(_, value) => value,
            // No point of the box is on the board: nothing is reached.
            Lp::Infeasible => continue,
            Lp::Unbounded => unreachable!("the function of axiom 1 bounds every reachable point"),
        };
        let max = (-value).floor().to_integer();
        reach[j] =
            max.to_u32().ok_or(LatticeError::BoxTooLarge { cells: u64::MAX, max: MAX_CELLS })?;
    }
    Ok(reach)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders() {
        // Squarefree-like: the largest coordinate first.
        let v = vec![vec![1, 0, 0], vec![-1, 1, 0], vec![-2, 0, 1], vec![-1, -1, 1]];
        assert_eq!(coordinate_order(&v, 3), Some(vec![2, 1, 0]));
        // (1, -1) and (-1, 2): no lexicographic order works.
        assert_eq!(coordinate_order(&[vec![1, -1], vec![-1, 2]], 2), None);
    }

    #[test]
    fn reach_of_nim_two() {
        let game = LatticeGame::normal("1,0 0,1 -1,1".parse().unwrap());
        let reach = reach_bounds(&game, &[3, 4]).unwrap();
        assert_eq!(reach, vec![7, 4]);
    }
}
