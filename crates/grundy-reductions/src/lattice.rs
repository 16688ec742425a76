//! Heap games with bounded heaps as squarefree lattice games (Guo and Miller, *Lattice point
//! methods for combinatorial games*, Example 6.4): Dawson's chess and any octal code, and Nim.

use grundy_lattice::{LatticeGame, Play, Point, Squarefree};
use grundy_nim::{Nim, NimMove};
use grundy_octal::{Code, Heaps, MAX_DIGITS, Octal, OctalMove, Rules};
use num_traits::ToPrimitive;

use crate::normal::Normalize;
use crate::reduction::{Reduction, ReductionError};

impl Normalize for LatticeGame {
    type Form = Point;

    /// The point itself: moves are named by rule vectors, the same at every point.
    fn normal_form(&self, position: &Point) -> Point {
        position.clone()
    }
}

/// A multi-heap position of a heap game of `grundy-octal`, heaps of at most `k` tokens, as a
/// point of its squarefree lattice game on `N^k` (coordinate `i` counts the heaps of size
/// `i`); the move on a heap of `h` that leaves heaps `a, b` is the rule vector
/// `e_h − e_a − e_b`.
///
/// Not an isomorphism of game trees: two heaps of the same size are two moves of the heap game
/// and one rule vector of the lattice game (the point forgets heap order). The map is onto at
/// every node, so the check uses [`Tandem::merging_moves`](crate::Tandem::merging_moves):
/// the positions are equal game forms, with equal values and outcomes. Positions with a heap
/// above `k` are outside the domain.
#[derive(Clone, Debug)]
pub struct OctalToSquarefree {
    game: Squarefree,
}

impl OctalToSquarefree {
    /// The reduction for `rules` with heaps of at most `bound` tokens, in normal play (a
    /// misère lattice game plays the same tree with the last move forbidden, not the same
    /// tree).
    ///
    /// # Errors
    ///
    /// [`ReductionError::OutOfDomain`] when the squarefree game cannot be built (a bound out of
    /// range, or a heap size with no move, which breaks the second axiom of a rule set).
    pub fn new(rules: Rules, bound: usize) -> Result<Self, ReductionError> {
        let game = Squarefree::new(rules, bound, Play::Normal)
            .map_err(|e| ReductionError::out_of_domain(e.to_string()))?;
        Ok(OctalToSquarefree { game })
    }

    /// Dawson's chess (0.137) with heaps of at most `bound` tokens.
    ///
    /// # Errors
    ///
    /// As for [`new`](OctalToSquarefree::new).
    pub fn dawson(bound: usize) -> Result<Self, ReductionError> {
        OctalToSquarefree::new(Rules::octal(Code::dawson_chess()), bound)
    }

    /// The squarefree game.
    pub fn squarefree(&self) -> &Squarefree {
        &self.game
    }
}

impl Reduction for OctalToSquarefree {
    type Source = Octal;
    type Target = LatticeGame;

    fn source(&self) -> &Octal {
        self.game.octal()
    }

    fn target(&self) -> &LatticeGame {
        self.game.game()
    }

    fn map_position(&self, heaps: &Heaps) -> Result<Point, ReductionError> {
        self.game.point(heaps).map_err(|e| ReductionError::out_of_domain(e.to_string()))
    }

    fn map_move(&self, heaps: &Heaps, mv: &OctalMove) -> Result<usize, ReductionError> {
        let &h = heaps
            .heaps()
            .get(mv.heap())
            .ok_or_else(|| ReductionError::out_of_domain(format!("no heap {}", mv.heap() + 1)))?;
        self.game.rule_of(h, mv.rest()).ok_or_else(|| {
            ReductionError::out_of_domain(format!("no rule vector for {mv} on a heap of {h}"))
        })
    }
}

/// Nim with heaps of at most `k` tokens as a squarefree lattice game on `N^k`: the octal code
/// `0.33…3` with `k` digits (take any number from a heap, leaving at most one heap), as in
/// [`OctalToSquarefree`]; Example 4.6 of Guo and Miller's *Algorithms for lattice games* is
/// `k = 2`. The same merging of moves on equal heaps applies.
#[derive(Clone, Debug)]
pub struct NimToSquarefree {
    game: Squarefree,
}

impl NimToSquarefree {
    /// The reduction for heaps of at most `bound` tokens.
    ///
    /// # Errors
    ///
    /// [`ReductionError::OutOfDomain`] for a bound of 0 or above the octal codes' digit limit.
    pub fn new(bound: usize) -> Result<Self, ReductionError> {
        if bound == 0 || bound > MAX_DIGITS {
            return Err(ReductionError::out_of_domain(format!(
                "heaps of at most {bound}: the bound must be between 1 and {MAX_DIGITS}"
            )));
        }
        let code: Code = format!("0.{}", "3".repeat(bound)).parse().expect("a valid code");
        let game = Squarefree::new(Rules::octal(code), bound, Play::Normal)
            .map_err(|e| ReductionError::out_of_domain(e.to_string()))?;
        Ok(NimToSquarefree { game })
    }

    /// The squarefree game.
    pub fn squarefree(&self) -> &Squarefree {
        &self.game
    }
}

impl Reduction for NimToSquarefree {
    type Source = Nim;
    type Target = LatticeGame;

    fn source(&self) -> &Nim {
        &Nim
    }

    fn target(&self) -> &LatticeGame {
        self.game.game()
    }

    fn map_position(&self, heaps: &grundy_nim::Heaps) -> Result<Point, ReductionError> {
        let small = heaps
            .heaps()
            .iter()
            .map(|h| h.to_u64())
            .collect::<Option<Vec<u64>>>()
            .ok_or_else(|| ReductionError::out_of_domain("a heap beyond 64 bits"))?;
        self.game
            .point(&Heaps::new(small))
            .map_err(|e| ReductionError::out_of_domain(e.to_string()))
    }

    fn map_move(&self, heaps: &grundy_nim::Heaps, mv: &NimMove) -> Result<usize, ReductionError> {
        let (h, take) = heaps
            .heaps()
            .get(mv.heap())
            .and_then(|h| Some((h.to_u64()?, mv.take().to_u64()?)))
            .filter(|&(h, take)| take <= h)
            .ok_or_else(|| ReductionError::out_of_domain(format!("no such move: {mv}")))?;
        let rest: Vec<u64> = [h - take].into_iter().filter(|&r| r > 0).collect();
        self.game.rule_of(h, &rest).ok_or_else(|| {
            ReductionError::out_of_domain(format!("no rule vector for {mv} on a heap of {h}"))
        })
    }
}
