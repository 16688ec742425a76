//! Heap games with bounded heaps as squarefree lattice games (Guo and Miller's Example 6.4).

use std::collections::HashMap;

use grundy_core::Ruleset;
use grundy_octal::{Heaps, Octal, Rules};

use crate::{LatticeError, LatticeGame, MAX_DIMENSION, Point, RuleSet};

/// Normal or ordinary misère play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Play {
    /// The player who cannot move loses.
    Normal,
    /// The player who cannot move wins (the origin is defeated).
    Misere,
}

/// A heap game of `grundy-octal` (an octal code, a subtraction set, Grundy's game) with heaps
/// of at most `k` tokens, as a lattice game on `N^k`: coordinate `i` counts the heaps of size
/// `i`, and a move on a heap of size `h` that leaves heaps `a, b, …` is the rule vector
/// `e_h − e_a − e_b − …` (GM09 Example 6.4). Every rule vector has a single positive entry, a
/// 1: the game is squarefree.
///
/// ```
/// use grundy_core::{Outcome, Solver};
/// use grundy_lattice::{Play, Squarefree};
/// use grundy_octal::{Code, Heaps, Rules};
///
/// // Dawson's chess (0.137) with heaps of at most 6.
/// let dawson = Squarefree::new(Rules::octal(Code::dawson_chess()), 6, Play::Normal)?;
/// let p = dawson.point(&Heaps::new(vec![4]))?; // one heap of 4: (0, 0, 0, 1, 0, 0)
/// assert_eq!(Solver::new(dawson.game()).outcome(&p)?, Outcome::P);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Squarefree {
    game: LatticeGame,
    octal: Octal,
    /// The rule vector of each (heap size, heaps left), the heaps left in increasing order.
    index: HashMap<(u64, Vec<u64>), usize>,
}

impl Squarefree {
    /// The squarefree game of `rules` with heaps of at most `bound` tokens.
    ///
    /// # Errors
    ///
    /// [`LatticeError::Dimension`] for a bound of 0 or beyond [`MAX_DIMENSION`], and the
    /// rule-set errors: [`LatticeError::RayWithoutRule`] names a heap size with no move (axiom
    /// 2 asks for a move from every single heap).
    pub fn new(rules: Rules, bound: usize, play: Play) -> Result<Squarefree, LatticeError> {
        if bound == 0 || bound > MAX_DIMENSION {
            return Err(LatticeError::Dimension { dimension: bound, max: MAX_DIMENSION });
        }
        let octal = Octal::for_rules(rules);
        let mut vectors = Vec::new();
        let mut index = HashMap::new();
        let mut moves = Vec::new();
        for size in 1..=bound {
            let h = size as u64;
            moves.clear();
            octal.moves(&Heaps::new(vec![h]), &mut moves);
            for mv in &moves {
                let mut v = vec![0i64; bound];
                v[size - 1] += 1;
                for &r in mv.rest() {
                    // Heaps left are smaller than the heap played, hence at most the bound.
                    v[usize::try_from(r).expect("below the bound") - 1] -= 1;
                }
                index.insert((h, mv.rest().to_vec()), vectors.len());
                vectors.push(v);
            }
        }
        let rule_set = RuleSet::new(vectors)?;
        let game = match play {
            Play::Normal => LatticeGame::normal(rule_set),
            Play::Misere => LatticeGame::misere(rule_set),
        };
        Ok(Squarefree { game, octal, index })
    }

    /// The lattice game.
    pub fn game(&self) -> &LatticeGame {
        &self.game
    }

    /// The heap game.
    pub fn octal(&self) -> &Octal {
        &self.octal
    }

    /// The largest heap.
    pub fn bound(&self) -> usize {
        self.game.rules().dimension()
    }

    /// The point of a multi-heap position: coordinate `i` (from 1) counts the heaps of size
    /// `i`; empty heaps are ignored.
    ///
    /// # Errors
    ///
    /// [`LatticeError::BadPoint`] for a heap above the bound, or more heaps of one size than
    /// a coordinate holds.
    pub fn point(&self, heaps: &Heaps) -> Result<Point, LatticeError> {
        let mut c = vec![0u32; self.bound()];
        for (i, &h) in heaps.heaps().iter().enumerate() {
            if h == 0 {
                continue;
            }
            let bad =
                |reason: String| LatticeError::BadPoint { what: "heap", index: i + 1, reason };
            if h > self.bound() as u64 {
                return Err(bad(format!("{h} tokens, above the bound {}", self.bound())));
            }
            let x = &mut c[usize::try_from(h).expect("at most the bound") - 1];
            *x = x.checked_add(1).ok_or_else(|| bad("too many heaps of one size".into()))?;
        }
        Ok(Point::new(c))
    }

    /// The heaps of a point, in increasing order.
    pub fn heaps(&self, point: &Point) -> Heaps {
        let mut heaps = Vec::new();
        for (i, &count) in point.coordinates().iter().enumerate() {
            heaps.extend(std::iter::repeat_n(i as u64 + 1, count as usize));
        }
        Heaps::new(heaps)
    }

    /// The rule vector (its index) of a move on a heap of `heap` tokens leaving `rest`; `None`
    /// if the heap game has no such move or the heap is above the bound.
    pub fn rule_of(&self, heap: u64, rest: &[u64]) -> Option<usize> {
        let mut rest = rest.to_vec();
        rest.sort_unstable();
        self.index.get(&(heap, rest)).copied()
    }
}
