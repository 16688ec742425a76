//! [`NodeKaylesSolver`]: values, outcomes and winning moves of Node-Kayles positions, searched
//! by grundy-core's solver.

use grundy_core::solver::ParallelSolver;
use grundy_core::{Budget, Config, Nimber, Outcome, SolveError, Stats};
use grundy_graph::VertexSet;

use crate::{NodeKayles, NodeKayles64};

/// Solves Node-Kayles positions of one [`NodeKayles`] game with grundy-core's solver.
///
/// It is grundy-core's [`ParallelSolver`] (one [`Solver`](grundy_core::Solver) when it has
/// one thread) on the ruleset that suits the graph: [`NodeKayles64`], whose positions are
/// machine words, on graphs of at most 64 vertices, [`NodeKayles`] itself on larger ones. Both
/// give the solver what makes Node-Kayles fast:
///
/// - **Components.** A position is the disjunctive sum of the connected components of its
///   available vertices, each solved once; the components of a child are found by flooding
///   from the vertices at distance 2 from the move, every component of the child holding one.
/// - **Closed forms.** Paths (0.137, Dawson's chess), cycles, cliques, single vertices and
///   edges are answered without search.
/// - **Twin rules.** Of several vertices with the same closed neighbourhood (true twins) one
///   is kept; of three vertices with the same open neighbourhood (false twins) two can be
///   dropped. Both rules keep the Grundy value (tested against plain search). In a component
///   left by a move, twins are looked for near the move only.
/// - **Shadow rule.** A vertex `u` with a leaf, and another vertex with all the neighbours of
///   `u` but the leaf: `u` and its leaf go, for a nimber `*1` (proved at [`NodeKayles`]'s
///   [`split`](grundy_core::Ruleset::split), tested against plain search). A vertex with a
///   leaf and a pendant path of two vertices is a case: the path goes.
/// - **Small components valued exactly** whatever they are asked, as their values are cheap
///   and serve every later question about them.
///
/// The search itself (value queries by aspiration, the table, budgets, the parallel race) is
/// grundy-core's, described at [`Method::Pruned`](grundy_core::Method::Pruned) and
/// [`ParallelSolver`]. Facts proved by one call serve the later ones.
///
/// # Example
///
/// ```
/// use grundy_core::{Nimber, Outcome};
/// use grundy_graph::Graph;
/// use grundy_node_kayles::{NodeKaylesSolver, NodeKayles};
///
/// let game = NodeKayles::new(Graph::petersen());
/// let mut solver = NodeKaylesSolver::new(&game);
/// let start = game.start();
/// assert_eq!(solver.outcome(&start)?, Outcome::N);
/// let winning = solver.winning_moves(&start)?;
/// assert_eq!(winning.len(), 10); // by symmetry, every vertex wins
/// # Ok::<(), grundy_core::SolveError>(())
/// ```
#[derive(Debug)]
pub struct NodeKaylesSolver<'a> {
    game: &'a NodeKayles,
    inner: Inner<'a>,
}

/// The solver of the ruleset that suits the graph.
#[derive(Debug)]
enum Inner<'a> {
    /// Graphs of at most 64 vertices: positions as words.
    Words(ParallelSolver<NodeKayles64>),
    /// Larger graphs: positions as vertex sets.
    Sets(ParallelSolver<&'a NodeKayles>),
}

/// Runs `$body` with `$s` bound to the solver, whatever its ruleset, and `$pos` to
/// `$position` in its ruleset's form.
macro_rules! with_solver {
    ($self:expr, $position:expr, ($s:ident, $pos:ident) => $body:expr) => {{
        match &mut $self.inner {
            Inner::Words($s) => {
                let $pos = &$self.game.word($position);
                $body
            }
            Inner::Sets($s) => {
                let $pos = &$position.intersection(&$self.game.graph().vertices());
                $body
            }
        }
    }};
}

impl<'a> NodeKaylesSolver<'a> {
    /// A solver on the caller's thread with the default [`Config`].
    pub fn new(game: &'a NodeKayles) -> Self {
        Self::with_config(game, Config::default())
    }

    /// A solver on the caller's thread with the given tables, budget and method.
    pub fn with_config(game: &'a NodeKayles, config: Config) -> Self {
        Self::parallel(game, config, 1)
    }

    /// A solver that searches every call with `threads` solvers at once (0 counts as 1),
    /// sharing one table, as grundy-core's [`ParallelSolver`] does.
    pub fn parallel(game: &'a NodeKayles, config: Config, threads: usize) -> Self {
        let inner = match NodeKayles64::new(game) {
            Ok(small) => Inner::Words(ParallelSolver::new(small, config, threads)),
            Err(_) => Inner::Sets(ParallelSolver::new(game, config, threads)),
        };
        NodeKaylesSolver { game, inner }
    }

    /// The game being solved.
    pub const fn game(&self) -> &'a NodeKayles {
        self.game
    }

    /// The number of solvers of a call.
    pub const fn threads(&self) -> usize {
        match &self.inner {
            Inner::Words(s) => s.threads(),
            Inner::Sets(s) => s.threads(),
        }
    }

    /// Replaces the budget of later calls.
    pub fn set_budget(&mut self, budget: Budget) {
        match &mut self.inner {
            Inner::Words(s) => s.set_budget(budget),
            Inner::Sets(s) => s.set_budget(budget),
        }
    }

    /// The counters so far, summed over every thread.
    pub fn stats(&self) -> Stats {
        match &self.inner {
            Inner::Words(s) => s.stats(),
            Inner::Sets(s) => s.stats(),
        }
    }

    /// The number of facts kept for later calls.
    pub fn table_len(&self) -> usize {
        match &self.inner {
            Inner::Words(s) => s.table_len(),
            Inner::Sets(s) => s.table_len(),
        }
    }

    /// Forgets everything proved (the counters are kept).
    pub fn clear(&mut self) {
        match &mut self.inner {
            Inner::Words(s) => s.clear(),
            Inner::Sets(s) => s.clear(),
        }
    }

    /// The Grundy value of `position` (vertices beyond the graph are ignored).
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget runs out first; what was proved is kept.
    pub fn value(&mut self, position: &VertexSet) -> Result<Nimber, SolveError> {
        with_solver!(self, position, (s, pos) => s.value(pos))
    }

    /// The normal-play outcome of `position` (vertices beyond the graph are ignored): the
    /// query "is the value 0?", which stops at the first move to a P-position.
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget runs out first.
    pub fn outcome(&mut self, position: &VertexSet) -> Result<Outcome, SolveError> {
        with_solver!(self, position, (s, pos) => s.outcome(pos))
    }

    /// Every available vertex of `position` whose move leads to a P-position, in increasing
    /// order.
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget (shared by the whole call) runs out first.
    pub fn winning_moves(&mut self, position: &VertexSet) -> Result<Vec<usize>, SolveError> {
        with_solver!(self, position, (s, pos) => s.winning_moves(pos))
    }

    /// Every available vertex of `position` with the Grundy value of the position it leads
    /// to, in increasing order of the vertices.
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget (shared by the whole call) runs out first.
    pub fn move_values(
        &mut self,
        position: &VertexSet,
    ) -> Result<Vec<(usize, Nimber)>, SolveError> {
        with_solver!(self, position, (s, pos) => s.move_values(pos))
    }
}
