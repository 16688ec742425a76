//! A canonical-form evaluator that keeps its table between calls.

use grundy_core::{Budget, SolveError};
use grundy_partizan::solve::Solver;
use grundy_partizan::{Game, GameStore, PartizanRuleset, Player};

/// Computes canonical forms of positions of one ruleset, remembering every component it
/// has solved (keyed by [`canonical_key`](PartizanRuleset::canonical_key)) for later calls.
///
/// A thin layer over grundy-partizan's [`Solver`] (components, keys,
/// [`known_value`](PartizanRuleset::known_value) and a memory-bounded table that lives as long
/// as the evaluator, so that checking a claim on thousands of related positions solves each
/// component once) with no budget, so that a value is always returned, and the values of
/// every option of a position. The evaluator owns the [`GameStore`] its games live in
/// ([`store`](Evaluator::store)). The recursion is as deep as the longest play.
///
/// ```
/// use grundy_col::{Evaluator, MyopicCol};
/// use grundy_partizan::Player;
///
/// let (game, start) = MyopicCol::parse("0>1 1>2 2>3", "u u u r")?;
/// let mut eval = Evaluator::new(game);
/// let value = eval.value(&start);
/// assert_eq!(eval.store().display(value).to_string(), "1"); // (3 - 1)·* + 1
/// // Left's options, by move: painting the head (vertex 0) is the best.
/// let options = eval.options(&start, Player::Left);
/// assert_eq!(options[0].0, 0);
/// # Ok::<(), grundy_col::ColError>(())
/// ```
#[derive(Debug)]
pub struct Evaluator<R: PartizanRuleset> {
    solver: Solver<R>,
}

impl<R: PartizanRuleset> Evaluator<R> {
    /// An evaluator for `ruleset` with an empty table and a new store.
    pub fn new(ruleset: R) -> Self {
        Evaluator { solver: Solver::new(ruleset) }
    }

    /// The ruleset.
    pub fn ruleset(&self) -> &R {
        self.solver.ruleset()
    }

    /// The store holding every game this evaluator returned.
    pub fn store(&mut self) -> &mut GameStore {
        self.solver.store_mut()
    }

    /// The number of components in the table now.
    pub fn table_len(&self) -> usize {
        self.solver.table_len()
    }

    /// The solver underneath, for its statistics. Its budget stays unlimited (so that
    /// [`value`](Self::value) always answers): bounded calls go through
    /// [`value_within`](Self::value_within) and [`options_within`](Self::options_within).
    pub const fn solver(&self) -> &Solver<R> {
        &self.solver
    }

    /// The canonical form of `position`: the sum of its components' values.
    pub fn value(&mut self, position: &R::Position) -> Game {
        match self.solver.canonical_form(position) {
            Ok(g) => g,
            Err(e) => unreachable!("the evaluator's own budget is unlimited: {e}"),
        }
    }

    /// The canonical form of `position` within `budget` (what was proved before a stop is
    /// kept, so a later call resumes).
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget runs out first.
    pub fn value_within(
        &mut self,
        position: &R::Position,
        budget: &Budget,
    ) -> Result<Game, SolveError> {
        self.solver.canonical_form_within(position, budget)
    }

    /// [`options`](Self::options) within `budget`, counted afresh for each option.
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget runs out first.
    pub fn options_within(
        &mut self,
        position: &R::Position,
        player: Player,
        budget: &Budget,
    ) -> Result<Vec<(R::Move, Game)>, SolveError> {
        self.ruleset()
            .move_list(position, player)
            .into_iter()
            .map(|mv| {
                let next = self.ruleset().play(position, player, &mv);
                Ok((mv, self.value_within(&next, budget)?))
            })
            .collect()
    }

    /// Every move of `player` in `position` with the value of the position it reaches, in
    /// the order of [`moves`](PartizanRuleset::moves).
    pub fn options(&mut self, position: &R::Position, player: Player) -> Vec<(R::Move, Game)> {
        self.ruleset()
            .move_list(position, player)
            .into_iter()
            .map(|mv| {
                let next = self.ruleset().play(position, player, &mv);
                let g = self.value(&next);
                (mv, g)
            })
            .collect()
    }
}
