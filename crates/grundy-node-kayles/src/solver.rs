//! [`NodeKaylesSolver`]: Grundy values of Node-Kayles positions by value queries.

use std::cell::Cell;
use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use grundy_core::engine::finish::FinishLine;
use grundy_core::engine::front::Front;
use grundy_core::solver::value_is;
use grundy_core::{Budget, Meter, Nimber, Outcome, Ruleset, SolveError, Table};
use grundy_graph::VertexSet;
use smallvec::SmallVec;

use crate::NodeKayles;
use crate::bits::Bits;
use crate::cache::{Info, SetTable, WordSets};
use crate::canon::{KEY_MAX_ORDER, packed_key};
use crate::shape::{self, Adjacent};

/// Settings of a [`NodeKaylesSolver`].
///
/// # Example
///
/// ```
/// use grundy_core::Budget;
/// use grundy_node_kayles::SolverConfig;
///
/// let config = SolverConfig::default()
///     .with_table_bytes(64 << 20)
///     .with_canonical_max(12)
///     .with_budget(Budget::unlimited().with_max_nodes(1_000_000));
/// assert_eq!(config.canonical_max(), 12);
/// ```
///
/// With the `serde` feature a config serialises with its fields' names; deserialising goes
/// through the `with_*` methods, which clamp what they clamp (a `canonical_max` above the
/// keyed size, zero threads or leaves). The budget's cancellation flag is not serialised.
#[derive(Clone, Debug)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(from = "SolverConfigData")
)]
pub struct SolverConfig {
    table_bytes: usize,
    budget: Budget,
    canonical_max: usize,
    leaf_budget: usize,
    exact_max: usize,
    threads: usize,
    parallel_after: u64,
}

/// A [`SolverConfig`] as data, before the builder's clamps.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct SolverConfigData {
    table_bytes: usize,
    budget: Budget,
    canonical_max: usize,
    leaf_budget: usize,
    exact_max: usize,
    threads: usize,
    parallel_after: u64,
}

#[cfg(feature = "serde")]
impl From<SolverConfigData> for SolverConfig {
    fn from(data: SolverConfigData) -> Self {
        SolverConfig::default()
            .with_table_bytes(data.table_bytes)
            .with_budget(data.budget)
            .with_canonical_max(data.canonical_max)
            .with_leaf_budget(data.leaf_budget)
            .with_exact_max(data.exact_max)
            .with_threads(data.threads)
            .with_parallel_after(data.parallel_after)
    }
}

impl Default for SolverConfig {
    /// 512 MiB of tables, components of up to 8 vertices keyed by canonical form, components
    /// of up to 16 vertices valued exactly, no budget (the choices are measured in
    /// `docs/performance.md`).
    fn default() -> Self {
        SolverConfig {
            table_bytes: 512 << 20,
            budget: Budget::unlimited(),
            canonical_max: 8,
            leaf_budget: 64,
            exact_max: 16,
            threads: 1,
            parallel_after: 1 << 12,
        }
    }
}

/// The settings grundy-core's [`Config`](grundy_core::Config) shares with this solver: its
/// table bound and its budget (its [`Method`](grundy_core::Method) does not apply: this
/// solver always asks value queries); the Node-Kayles settings keep their defaults.
///
/// ```
/// use grundy_core::{Budget, Config};
/// use grundy_node_kayles::SolverConfig;
///
/// let core = Config::default().with_table_bytes(64 << 20).with_budget(Budget::unlimited().with_max_nodes(1000));
/// let config = SolverConfig::from(&core);
/// assert_eq!(config.table_bytes(), 64 << 20);
/// assert_eq!(config.budget().max_nodes(), Some(1000));
/// assert_eq!(config.canonical_max(), SolverConfig::default().canonical_max());
/// ```
impl From<&grundy_core::Config> for SolverConfig {
    fn from(config: &grundy_core::Config) -> Self {
        SolverConfig::default()
            .with_table_bytes(config.table_bytes())
            .with_budget(config.budget().clone())
    }
}

impl SolverConfig {
    /// Bounds the memory of the solver's tables to about `bytes` bytes in all (see
    /// [`NodeKaylesSolver`] for how it is shared).
    #[must_use]
    pub const fn with_table_bytes(mut self, bytes: usize) -> Self {
        self.table_bytes = bytes;
        self
    }

    /// Sets the budget of every call.
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// Components with at most `max` vertices (capped at 22) are keyed by their canonical
    /// form, so isomorphic ones are solved once; larger ones by their vertex set. 0 turns
    /// canonical forms off.
    #[must_use]
    pub const fn with_canonical_max(mut self, max: usize) -> Self {
        self.canonical_max = if max > KEY_MAX_ORDER { KEY_MAX_ORDER } else { max };
        self
    }

    /// The most search-tree leaves of one canonical labelling before settling for an exact
    /// but possibly non-canonical key (see [`canonical_labelling`](crate::canonical_labelling)).
    #[must_use]
    pub const fn with_leaf_budget(mut self, leaves: usize) -> Self {
        self.leaf_budget = if leaves == 0 { 1 } else { leaves };
        self
    }

    /// Components with at most `max` vertices (after the twin rules) are valued exactly
    /// whatever they are asked, instead of answering only the question: their values are cheap
    /// and serve every later question about them. 0 asks every component only its question.
    /// The default is 16 (measured in `docs/performance.md`).
    #[must_use]
    pub const fn with_exact_max(mut self, max: usize) -> Self {
        self.exact_max = max;
        self
    }

    /// Searches graphs of at most 64 vertices with `threads` threads at once (1, the
    /// default, searches on the caller's thread only; 0 counts as 1). See [`NodeKaylesSolver`]
    /// for how they share the work.
    #[must_use]
    pub const fn with_threads(mut self, threads: usize) -> Self {
        self.threads = if threads == 0 { 1 } else { threads };
        self
    }

    /// The number of threads of a search.
    pub const fn threads(&self) -> usize {
        self.threads
    }

    /// With several [threads](Self::with_threads): how many nodes a call searches on the
    /// caller's thread alone before it brings in the others (default 4096, a few hundredths of
    /// a second), so that small calls never pay for the shared table. 0 brings them in at the
    /// first call. Rounded up to a multiple of 1024.
    #[must_use]
    pub const fn with_parallel_after(mut self, nodes: u64) -> Self {
        self.parallel_after = nodes;
        self
    }

    /// The nodes a call searches alone before the other threads join it.
    pub const fn parallel_after(&self) -> u64 {
        self.parallel_after
    }

    /// The largest component always valued exactly.
    pub const fn exact_max(&self) -> usize {
        self.exact_max
    }

    /// The memory bound of the tables.
    pub const fn table_bytes(&self) -> usize {
        self.table_bytes
    }

    /// The budget of every call.
    pub const fn budget(&self) -> &Budget {
        &self.budget
    }

    /// The largest component keyed by canonical form.
    pub const fn canonical_max(&self) -> usize {
        self.canonical_max
    }
}

/// Counters of a [`NodeKaylesSolver`], summed over all its calls.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SolverStats {
    /// Components expanded: their children asked about a set of values (or, for components
    /// of 127 vertices or more, the mex of their children computed). The unit of the node
    /// budget.
    pub nodes: u64,
    /// Components answered by a closed form (path, cycle, clique, single vertex or edge).
    pub closed_forms: u64,
    /// Components that lost vertices to the twin rules.
    pub twin_reductions: u64,
    /// Canonical labellings computed.
    pub canonical_forms: u64,
    /// Table lookups.
    pub table_lookups: u64,
    /// Table lookups that found their component.
    pub table_hits: u64,
    /// Entries now in the tables.
    pub table_entries: usize,
    /// Entries the tables dropped to make room.
    pub evictions: u64,
}

impl SolverStats {
    /// The counters of two engines together.
    const fn add(self, other: Self) -> Self {
        SolverStats {
            nodes: self.nodes + other.nodes,
            closed_forms: self.closed_forms + other.closed_forms,
            twin_reductions: self.twin_reductions + other.twin_reductions,
            canonical_forms: self.canonical_forms + other.canonical_forms,
            table_lookups: self.table_lookups + other.table_lookups,
            table_hits: self.table_hits + other.table_hits,
            table_entries: self.table_entries + other.table_entries,
            evictions: self.evictions + other.evictions,
        }
    }
}

/// Not part of the API: what the threads of a search tell a hook set by
/// [`NodeKaylesSolver::set_race_hook`]. The race tests (`tests/race.rs`) use it to hold a thread in
/// the middle of its search until another has answered, which a plain run reaches only now and
/// then.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RaceEvent {
    /// The threads of a parallel search start on a call together, `threads` of them.
    Start {
        /// The number of threads.
        threads: usize,
    },
    /// A thread is at a poll point of its search (every 1024 nodes of a call), `nodes` into
    /// the call, and has not read the stop flag yet: it reads it as soon as the hook returns,
    /// and gives up if another thread has answered meanwhile.
    Poll {
        /// 0 for the caller's thread, `1..threads` for the helpers.
        thread: usize,
        /// The nodes of the call so far.
        nodes: u64,
    },
    /// A thread of a parallel search ended its search of the call. When it `answered`, it
    /// has already raised the flag that stops the others.
    Done {
        /// 0 for the caller's thread, `1..threads` for the helpers.
        thread: usize,
        /// Whether it found the answer (rather than being stopped or running out of budget).
        answered: bool,
    },
}

/// Not part of the API: the hook of [`NodeKaylesSolver::set_race_hook`], called on the thread the
/// event happens on.
#[doc(hidden)]
pub type RaceHook = Arc<dyn Fn(RaceEvent) + Send + Sync>;

/// A [`RaceHook`] held by an engine.
#[derive(Clone)]
struct Hook(RaceHook);

impl core::fmt::Debug for Hook {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Hook")
    }
}

impl Hook {
    /// Tells the hook of `engine`, if it has one, of `event`.
    fn tell<B: Bits>(engine: &Engine<B>, event: RaceEvent) {
        if let Some(hook) = &engine.hook {
            (hook.0)(event);
        }
    }
}

/// Solves Node-Kayles positions of one [`NodeKayles`] game.
///
/// # How it works
///
/// - **Components.** A position is the disjunctive sum of the connected components of its
///   available vertices; components are answered one by one.
/// - **Closed forms.** Paths (0.137), cycles, cliques, single vertices and edges are answered
///   without search.
/// - **Twin rules.** Of several vertices with the same closed neighbourhood (true twins) one is
///   kept: the moves at twins lead to the same position. Of three vertices with the same open
///   neighbourhood (false twins) two can be dropped: playing one leaves the other two isolated,
///   worth `*1 + *1 = 0`. Both rules keep the Grundy value (tested against plain search). Twins
///   are looked for in `O(k d)` set operations, and in a component left by a move only around
///   the move: every component searched is twin-free, and a move changes the neighbourhoods of
///   the vertices at distance 2 from it only.
/// - **Splitting children.** Every component left by a move at `v` holds a vertex at distance
///   2 from `v`. Single vertices and edges among those are found at once, and a flood from one
///   of them stops as soon as it has met all the others: the large component of a child is
///   rarely flooded to its end. And when what the single vertices and edges leave is a set
///   the table knows, it is not flooded at all: the table keys components only.
/// - **A front cache.** Each thread keeps what the table said about the last 16384 sets it
///   looked up in a direct-mapped cache small enough for the processor's second-level cache;
///   three lookups in four are answered there.
/// - **Canonical keys.** Components of up to [`SolverConfig::with_canonical_max`] vertices are
///   keyed by their canonical labelling, so isomorphic components are solved once; larger
///   components (rarely isomorphic to one another in practice) by their vertex set, which is
///   exact and far cheaper.
/// - **Values by aspiration.** The exact value of a component is found by asking its
///   children, for `j = 0, 1, …`, "is your value `j`?" until none has it: a child of value `j`
///   usually turns up early, and proving "not `j`" prunes far more than valuing a child. An
///   outcome (and each winning-move test) is the query "is the value 0?". On random graphs of
///   50 vertices and average degree 3 this visits 5 to 40 times fewer components than a mex
///   over every child's exact value; components of 127 vertices or more are still valued by
///   that mex, and components of at most [`SolverConfig::with_exact_max`] vertices are valued
///   exactly whatever they are asked, as their values are cheap and serve every later query.
/// - **Queries "is your value `j`?", two ways at once.** The answer is no when a child has
///   value `j` or when some smaller value is missing among the children. One search asks the
///   children "is your value `j`?" (fast when the value is above `j`); the other values the
///   component by aspiration below `j` (fast when the value is below `j`, where the first
///   would make every child of a smaller value find that value among its own children). They
///   take turns a child query at a time, the one that has spent fewer nodes going next, so the
///   query costs at most about twice the cheaper of the two (for `j` below 4, where the value
///   is seldom below `j`, the first goes alone first). A child made of several
///   components needs the exact values of all but its largest one, which is then asked about
///   `j` nim-added to their nim-sum. This replaced the set query of Beling and Rogalski (*On
///   pruning search trees of impartial games*, 2020), which asks each child about every value
///   it may still need, and took up to 3.5 times as long.
/// - **Children as needed.** A query generates its children a few moves at a time, moves
///   that answered many queries before first, and stops as soon as the known children answer
///   it: three queries in four are answered so, after a third of their moves.
/// - **Table facts.** Exact values, and for a query answered no, which of the values below 16
///   (below 10 in the 8-byte slots) some children have: children's values only, so that a
///   later value search or query of the component takes them for children already valued.
/// - **Bounds.** The value of a game is at most the length of its longest play, here the
///   independence number, which is at most the number of vertices minus a greedy matching:
///   values above that bound are struck from every query at once (debug builds also check
///   every value against it).
///
/// # Memory
///
/// The tables are grundy-core's, with exact keys: they grow as they fill and never exceed
/// the bound of [`SolverConfig::with_table_bytes`]: three quarters for vertex-set keys, one
/// quarter for canonical keys (all for vertex sets when canonical forms are off). Canonical
/// keys, vertex sets of graphs of more than 64 vertices, and the first 65536 vertex sets of
/// a smaller graph go to the general [`Table`](grundy_core::Table) (two generations: a full
/// one is dropped when the next fills). For graphs of up to 64 vertices, once the vertex-set
/// table holds 65536 entries and if its bound is at least 4 MiB, it moves to the
/// [`CompactTable`](grundy_core::compact::CompactTable): 8-byte slots in buckets of 8 that
/// are one cache line each, a full bucket dropping its smallest component. Random graphs of
/// 50 vertices and average degree 3 need 0.05 to 2 million entries.
///
/// # Parallel search
///
/// With [`SolverConfig::with_threads`] above 1, graphs of at most 64 vertices are searched
/// by that many threads at once. A call starts on the caller's thread alone; the first call
/// that runs past [a few thousand nodes](SolverConfig::with_parallel_after) (a few
/// hundredths of a second) brings in the helper threads, and from then on every call runs on
/// all of them. They share one vertex-set table
/// of 8-byte atomic slots (a thread reads a whole entry or none, so sharing never makes an
/// answer wrong), into which the facts proved so far move. That table cannot grow while the
/// threads use it: when it is 5/8 full, the threads stop, it moves into one four times the
/// size (within three quarters of [`SolverConfig::with_table_bytes`]; below 4 MiB the search
/// stays on one thread), and the call goes on: a table allocated at its bound at once would
/// cost the page faults of all its memory however small the search.
///
/// Every thread answers the whole call; the first to finish gives the answer and stops the
/// others. They divide the work through the table, by taking the children of a value search
/// in opposite orders, and by telling one another which values they have found among the
/// children of the position of the call: a thread skips a value another has found, and
/// abandons the child it is asking about that value. The node limit of the budget counts the
/// caller's thread only; the time limit and the cancellation flag stop every thread.
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
    engine: AnyEngine,
    /// The engines of the other threads of a parallel search (graphs of at most 64 vertices
    /// only), and the flag that stops them all once one has answered.
    helpers: Vec<Engine<u64>>,
    stop: Arc<AtomicBool>,
    /// The threads of a search: the helpers are made when a call first runs past
    /// [`SolverConfig::with_parallel_after`] nodes on the caller's thread alone.
    threads: usize,
}

/// The engine at the narrowest bitset width that holds the graph.
#[derive(Debug)]
enum AnyEngine {
    Narrow(Engine<u64>),
    Middle(Engine<u128>),
    Wide(Engine<VertexSet>),
}

/// Calls `$body` with `$e` bound to the engine, whatever its width.
macro_rules! with_engine {
    ($self:expr, $e:ident => $body:expr) => {
        match &mut $self.engine {
            AnyEngine::Narrow($e) => $body,
            AnyEngine::Middle($e) => $body,
            AnyEngine::Wide($e) => $body,
        }
    };
}

/// Runs one call, `$body` with `$e` bound to an engine: on the engine alone, or on every
/// thread of a parallel search, the first answer winning.
macro_rules! solve {
    ($self:expr, $e:ident => $body:expr) => {
        match &mut $self.engine {
            AnyEngine::Narrow(main) if $self.threads > 1 => {
                let task = |$e: &mut Engine<u64>| $e.run(|$e| $body);
                if $self.helpers.is_empty() {
                    if main.config.parallel_after > 0 {
                        main.escalate = true;
                        let first = task(main);
                        main.escalate = false;
                        if main.halt.take() != Some(Halt::Escalate) {
                            return first;
                        }
                        // The call outgrew one thread: bring in the helpers, and go on from
                        // where it stopped (what it proved moves to the shared table).
                        main.resume = true;
                    }
                    $self.helpers = helpers(main, $self.game, $self.threads, &$self.stop);
                    if $self.helpers.is_empty() {
                        $self.threads = 1;
                        return task(main);
                    }
                }
                loop {
                    if main.sets.wants_room() {
                        if let Some(table) = main.sets.grow_shared() {
                            for helper in &mut $self.helpers {
                                helper.sets.follow(&table);
                            }
                        }
                    }
                    let result = race(main, &mut $self.helpers, &$self.stop, &task);
                    if result.is_ok() || main.halt.take() != Some(Halt::Regrow) {
                        break result;
                    }
                    // The shared table is full: the threads stopped so that it can grow,
                    // and the call goes on from where it stopped.
                    main.resume = true;
                }
            }
            AnyEngine::Narrow($e) => $e.run(|$e| $body),
            AnyEngine::Middle($e) => $e.run(|$e| $body),
            AnyEngine::Wide($e) => $e.run(|$e| $body),
        }
    };
}

/// Moves the facts of `main` into a table shared with `threads - 1` new helpers, and returns
/// the helpers (none when the memory bound is below the least shared table).
fn helpers(
    main: &mut Engine<u64>,
    game: &NodeKayles,
    threads: usize,
    stop: &Arc<AtomicBool>,
) -> Vec<Engine<u64>> {
    let Some(shared) = main.sets.share(Engine::<u64>::set_bytes(&main.config)) else {
        return Vec::new();
    };
    // The node limit counts the main engine's nodes only; the helpers keep the time limit
    // and the cancellation flag.
    let config = main.config.clone().with_budget(main.config.budget.without_max_nodes());
    let board = Arc::new(Board::new());
    main.stop = Some(Arc::clone(stop));
    main.board = Some(Arc::clone(&board));
    (1..threads)
        .map(|i| {
            let mut helper = Engine::new(game, config.clone());
            helper.helper = i;
            helper.sets = WordSets::shared(Arc::clone(&shared));
            helper.stop = Some(Arc::clone(stop));
            helper.board = Some(Arc::clone(&board));
            helper.hook.clone_from(&main.hook);
            helper
        })
        .collect()
}

/// Runs `task` on `main` on this thread and on each helper on a thread of its own, all
/// sharing one table; the first to finish gives the answer and stops the others (every
/// engine computes the same exact answer, so any will do), at grundy-core's [`FinishLine`].
/// `main` keeps the caller's budget: when it fails, the others are stopped, and its error is
/// the answer unless one of them had finished.
fn race<T: Send + Clone>(
    main: &mut Engine<u64>,
    helpers: &mut [Engine<u64>],
    stop: &AtomicBool,
    task: impl Fn(&mut Engine<u64>) -> Result<T, SolveError> + Sync,
) -> Result<T, SolveError> {
    stop.store(false, Ordering::Relaxed);
    if let Some(board) = &main.board {
        board.clear();
    }
    let line = FinishLine::new(helpers.len() + 1, stop);
    Hook::tell(main, RaceEvent::Start { threads: helpers.len() + 1 });
    std::thread::scope(|scope| {
        for helper in helpers.iter_mut() {
            let (task, line) = (&task, &line);
            scope.spawn(move || {
                let answered = line.cross(helper.helper, task(helper));
                Hook::tell(helper, RaceEvent::Done { thread: helper.helper, answered });
            });
        }
        let answered = line.cross(0, task(main));
        Hook::tell(main, RaceEvent::Done { thread: 0, answered });
    });
    line.results(SolveError::Cancelled).0
}

impl<'a> NodeKaylesSolver<'a> {
    /// A solver with the default [`SolverConfig`].
    pub fn new(game: &'a NodeKayles) -> Self {
        Self::with_config(game, SolverConfig::default())
    }

    /// A solver with the given settings.
    pub fn with_config(game: &'a NodeKayles, config: SolverConfig) -> Self {
        let n = game.graph().order();
        let threads = if n <= 64 { config.threads } else { 1 };
        let engine = if n <= 64 {
            AnyEngine::Narrow(Engine::new(game, config))
        } else if n <= 128 {
            AnyEngine::Middle(Engine::new(game, config))
        } else {
            AnyEngine::Wide(Engine::new(game, config))
        };
        NodeKaylesSolver { game, engine, helpers: Vec::new(), stop: Arc::default(), threads }
    }

    /// The game being solved.
    pub const fn game(&self) -> &'a NodeKayles {
        self.game
    }

    /// Replaces the budget of later calls.
    pub fn set_budget(&mut self, budget: Budget) {
        for helper in &mut self.helpers {
            helper.config.budget = budget.without_max_nodes();
        }
        with_engine!(self, e => e.config.budget = budget);
    }

    /// The counters so far.
    pub fn stats(&self) -> SolverStats {
        let main = match &self.engine {
            AnyEngine::Narrow(e) => e.stats(),
            AnyEngine::Middle(e) => e.stats(),
            AnyEngine::Wide(e) => e.stats(),
        };
        self.helpers.iter().map(Engine::stats).fold(main, SolverStats::add)
    }

    /// Forgets everything proved (the counters are kept).
    pub fn clear(&mut self) {
        with_engine!(self, e => e.clear());
        for helper in &mut self.helpers {
            // The main engine has cleared the table they share.
            helper.canon.clear();
            helper.sets.release();
        }
    }

    /// Not part of the API: sets (or, with `None`, removes) a hook told of the events of the
    /// searches of later calls ([`RaceEvent`]), on the thread each happens on. The race tests
    /// use it to hold a thread of a parallel search in the middle of its search until another
    /// has answered. Without a hook a search pays one test of an `Option` per poll point (every
    /// 1024 nodes), nothing per node.
    #[doc(hidden)]
    pub fn set_race_hook(&mut self, hook: Option<RaceHook>) {
        let hook = hook.map(Hook);
        for helper in &mut self.helpers {
            helper.hook.clone_from(&hook);
        }
        with_engine!(self, e => e.hook = hook);
    }

    /// Not part of the API: checks what the tables of every thread say about the components
    /// a search of `position` can meet against `value` (the Grundy value of any position, by
    /// some reference), and returns how many facts it checked, or describes the first false
    /// one.
    ///
    /// The components met: those of `position`, what the twin rules leave of each, and the
    /// components of the children of both, and so on. A fact about a component is true when it
    /// is its value, or, without a value, when the values it says some children have are
    /// values of children: of the component itself, for a fact keyed by its vertex set, and
    /// of what the twin rules leave of it, for a fact keyed by canonical form. Meant for small
    /// games only: it visits every component met, and asks `value` about each component with a
    /// fact and its children.
    ///
    /// # Errors
    ///
    /// A description of the first false fact found.
    #[doc(hidden)]
    pub fn check_recorded_facts(
        &self,
        position: &VertexSet,
        value: &mut dyn FnMut(&VertexSet) -> Nimber,
    ) -> Result<usize, String> {
        let mut checked = match &self.engine {
            AnyEngine::Narrow(e) => e.check_facts(&e.bits(position), value)?,
            AnyEngine::Middle(e) => e.check_facts(&e.bits(position), value)?,
            AnyEngine::Wide(e) => e.check_facts(&e.bits(position), value)?,
        };
        for helper in &self.helpers {
            let pos = helper.bits(position);
            checked += helper.check_facts(&pos, value)?;
        }
        Ok(checked)
    }

    /// The Grundy value of `position` (vertices beyond the graph are ignored).
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget runs out first; what was proved is kept.
    pub fn value(&mut self, position: &VertexSet) -> Result<Nimber, SolveError> {
        solve!(self, e => {
            let pos = e.bits(position);
            e.sum_value(&pos).map(Nimber::new)
        })
    }

    /// The normal-play outcome of `position`: the query "is the value 0?", which stops at the
    /// first move to a P-position. A connected position's own value is never computed, only
    /// those of the smaller parts of children that split.
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget runs out first.
    pub fn outcome(&mut self, position: &VertexSet) -> Result<Outcome, SolveError> {
        solve!(self, e => {
            let pos = e.bits(position);
            Ok(if e.sum_is(&pos, 0)? { Outcome::P } else { Outcome::N })
        })
    }

    /// Every available vertex of `position` whose move leads to a P-position, in increasing
    /// order.
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget (shared by the whole call) runs out first.
    pub fn winning_moves(&mut self, position: &VertexSet) -> Result<Vec<usize>, SolveError> {
        let moves = self.game.move_list(position);
        solve!(self, e => {
            let pos = e.bits(position);
            let mut winning = Vec::new();
            for &v in &moves {
                let child = pos.minus(&e.closed[v]);
                if e.sum_is(&child, 0)? {
                    winning.push(v);
                }
            }
            Ok(winning)
        })
    }

    /// Every available vertex of `position` with the Grundy value of the position it leads to.
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget (shared by the whole call) runs out first.
    pub fn move_values(
        &mut self,
        position: &VertexSet,
    ) -> Result<Vec<(usize, Nimber)>, SolveError> {
        let moves = self.game.move_list(position);
        solve!(self, e => {
            let pos = e.bits(position);
            let mut out = Vec::with_capacity(moves.len());
            for &v in &moves {
                let child = pos.minus(&e.closed[v]);
                out.push((v, Nimber::new(e.sum_value(&child)?)));
            }
            Ok(out)
        })
    }
}

/// How many machine words of set operations (wide sets only) are processed between two checks
/// of the limits inside a node: a few milliseconds.
const POLL_WORK: u64 = 1 << 22;

/// Components up to this size are checked for a closed form before the table is asked.
const SMALL: usize = 6;

/// Values asked about and recorded as children's values are below this (bitmaps of them fit in
/// a `u128`); sets of this many vertices or more are valued by a plain mex.
const QUERY_VALUES: u64 = 128;

/// Moves whose children are generated together (see `children`).
const CHUNK: usize = 4;

/// log2 of the slots of each engine's front cache ([`Front`]): what the set table said
/// about the sets met last, absence included, and every fact saved since. Its facts stay
/// true whatever the table does later (evicts the slot, learns more from another thread),
/// so an older one costs search, never a wrong answer.
const FRONT_BITS: u32 = 14;

/// What a query found out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Found {
    /// The exact value (in the query set or not).
    Exact(u64),
    /// The value is not in the query set (and is not known).
    Not,
}

/// A child whose value is not known yet: the move, its unknown components, the nim-sum of the
/// known ones, and its cost (the sum of the squares of the unknown components' sizes).
#[derive(Debug)]
struct Kid<B> {
    v: usize,
    parts: SmallVec<[B; 2]>,
    acc: u64,
    cost: usize,
}

/// A component being solved: its vertex set, the set left by the twin rules, its canonical
/// key if it is small, and what is known about its value.
#[derive(Clone, Debug)]
struct Handle<B> {
    raw: B,
    reduced: B,
    canon: Option<[u64; 4]>,
    info: Info,
}

/// What the threads of a parallel search tell one another: for each position whose value
/// they search, the values they found among its children (as a bitmap).
type Board<B> = grundy_core::engine::board::Board<B, u128>;

/// The solver proper, for one bitset width.
#[derive(Debug)]
struct Engine<B: Bits> {
    closed: Vec<B>,
    open: Vec<B>,
    /// The vertices at distance exactly 2 from each vertex: every component left by a move at
    /// `v` in a connected set holds one of them.
    ring: Vec<B>,
    /// Facts keyed by vertex set (components as met, and large components after the twin rules).
    sets: B::Table,
    /// What the set table said about the keys met last.
    front: Front<B, Info>,
    /// Facts keyed by the canonical form of small components after the twin rules.
    canon: Table<[u64; 4], Info>,
    config: SolverConfig,
    stats: SolverStats,
    /// How many queries the known child of each move answered: moves are tried in decreasing
    /// order of this count.
    history: Vec<u32>,
    /// The vertices in decreasing order of `history` (kept so, rather than sorted per node).
    order: Vec<usize>,
    /// The position of each vertex in `order`.
    place: Vec<usize>,
    /// Machine words processed by the set operations of a node since the limits were last
    /// checked ([`Bits::HEAVY`] sets only; see [`Engine::spend`]).
    work: Cell<u64>,
    /// The count of the current call against the budget: its nodes and its clock.
    meter: Meter<'static>,
    /// Set when another thread of a parallel search has answered the call.
    stop: Option<Arc<AtomicBool>>,
    /// 0 for the caller's engine, the thread's number for a helper of a parallel search.
    helper: usize,
    /// The values the threads of a parallel search found among the children of the
    /// positions of the call, by position.
    board: Option<Arc<Board<B>>>,
    /// Searches under way (0: at the position of the call).
    depth: usize,
    /// Whether a call stops after [`SolverConfig::with_parallel_after`] nodes to bring in
    /// helpers.
    escalate: bool,
    /// Whether the next call resumes the count and clock of the last one, which stopped
    /// for the parallel search.
    resume: bool,
    /// The position of the call and the value its children are being asked about, while
    /// a parallel search asks one of them: when another thread has found a child of that
    /// value, the search of this child is abandoned.
    watch: Option<(B, u64)>,
    /// Why the search last stopped for the parallel search (its error is then
    /// [`SolveError::Cancelled`]), until the caller takes it.
    halt: Option<Halt>,
    /// The test hook of [`NodeKaylesSolver::set_race_hook`], told at poll points only.
    hook: Option<Hook>,
}

/// Why a search stopped for the parallel search rather than for its budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Halt {
    /// The call ran past [`SolverConfig::with_parallel_after`] nodes on one thread.
    Escalate,
    /// The shared table wants to grow.
    Regrow,
    /// Another thread found a child of the value the watched child is asked about.
    Abandon,
}

impl<B: Bits> Adjacent<B> for Engine<B> {
    fn open(&self, v: usize) -> &B {
        &self.open[v]
    }

    fn closed_in(&self, v: usize, set: &B) -> B {
        self.closed[v].and(set)
    }

    /// Counts `words` machine words processed by set operations ([`Bits::HEAVY`] sets only:
    /// nothing is counted for machine-word sets).
    fn spend(&self, words: usize) {
        if B::HEAVY {
            self.work.set(self.work.get() + words as u64);
        }
    }
}

impl<B: Bits + Ord + Default> Engine<B> {
    fn new(game: &NodeKayles, config: SolverConfig) -> Self {
        let g = game.graph();
        let n = g.order();
        let open: Vec<B> = (0..n).map(|v| B::from_set(g.neighbors(v))).collect();
        let closed: Vec<B> = (0..n)
            .map(|v| {
                let mut c = open[v].clone();
                c.add(v);
                c
            })
            .collect();
        let ring = (0..n)
            .map(|v| {
                let mut r = B::empty();
                open[v].each(|u| r.or_with(&open[u]));
                r.minus(&closed[v])
            })
            .collect();
        let set_bytes = Self::set_bytes(&config);
        let canon_bytes = config.table_bytes - set_bytes;
        Engine {
            ring,
            closed,
            open,
            sets: B::Table::with_bytes(set_bytes),
            front: Front::with_bits(FRONT_BITS),
            canon: Table::with_bytes(canon_bytes),
            config,
            stats: SolverStats::default(),
            history: vec![0; n],
            order: (0..n).collect(),
            place: (0..n).collect(),
            work: Cell::new(0),
            meter: Meter::owned(Budget::unlimited()),
            stop: None,
            helper: 0,
            board: None,
            depth: 0,
            escalate: false,
            resume: false,
            watch: None,
            halt: None,
            hook: None,
        }
    }

    /// The memory bound of the vertex-set table: three quarters of the bound, all of it
    /// without canonical keys.
    const fn set_bytes(config: &SolverConfig) -> usize {
        let bytes = config.table_bytes;
        if config.canonical_max > 0 { bytes - bytes / 4 } else { bytes }
    }

    fn stats(&self) -> SolverStats {
        SolverStats {
            table_entries: SetTable::len(&self.canon) + self.sets.len(),
            evictions: SetTable::evictions(&self.canon) + self.sets.evictions(),
            ..self.stats
        }
    }

    fn clear(&mut self) {
        self.canon.clear();
        self.sets.clear();
        self.front.clear();
    }

    /// The position as a bitset of the graph's vertices.
    fn bits(&self, position: &VertexSet) -> B {
        let mut set = position.clone();
        set.intersect_with(&VertexSet::range(0..self.open.len()));
        B::from_set(&set)
    }

    /// Runs one call with a fresh count and clock (or, after a stop for the parallel search,
    /// the count and clock of the call it resumes).
    fn run<T>(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<T, SolveError>,
    ) -> Result<T, SolveError> {
        if !core::mem::take(&mut self.resume) {
            self.meter = Meter::owned(self.config.budget.clone());
        }
        self.depth = 0;
        self.halt = None;
        self.meter.poll()?;
        let result = f(self);
        self.meter.report();
        result
    }

    /// Whether another thread of a parallel search has answered the call.
    fn stopped(&self) -> bool {
        self.stop.as_ref().is_some_and(|stop| stop.load(Ordering::Relaxed))
    }

    /// Counts one node against the budget. At the meter's poll points, also the signals of a
    /// parallel search: another thread answered, or the search must stop for a [`Halt`].
    fn tick(&mut self) -> Result<(), SolveError> {
        self.stats.nodes += 1;
        self.meter.tick()?;
        if self.meter.at_poll_point() {
            let nodes = self.meter.nodes();
            Hook::tell(self, RaceEvent::Poll { thread: self.helper, nodes });
            if self.stopped() {
                return Err(SolveError::Cancelled);
            }
            self.halt = if self.escalate && nodes >= self.config.parallel_after {
                Some(Halt::Escalate)
            } else if self.sets.wants_room() {
                Some(Halt::Regrow)
            } else if self.watch.as_ref().is_some_and(|(set, j)| self.posted(set, 0) >> j & 1 == 1)
            {
                Some(Halt::Abandon)
            } else {
                None
            };
            if self.halt.is_some() {
                return Err(SolveError::Cancelled);
            }
        }
        self.charge()
    }

    /// Checks the limits once [`POLL_WORK`] words have been processed since the last check:
    /// the stop flag of a parallel search, the deadline and the budget's cancellation. Called
    /// inside a node, per move and per component, so that a node of a large graph cannot
    /// overshoot a limit by its whole cost.
    fn charge(&mut self) -> Result<(), SolveError> {
        if !B::HEAVY || self.work.get() < POLL_WORK {
            return Ok(());
        }
        self.work.set(0);
        self.meter.report();
        if self.stopped() {
            return Err(SolveError::Cancelled);
        }
        self.meter.poll()
    }

    /// The components of the children of `moves` in the connected set `set`: the nim-sum of
    /// those a closed form answers goes to `known[i]` for `moves[i]`, the others to `parts`
    /// as `(i, component)`.
    ///
    /// Every component left by a move at `v` holds a vertex at distance 2 from `v` (a path
    /// from it to `v` in the connected set enters the closed neighbourhood of `v` through a
    /// neighbour of `v`): these are the seeds. The single vertices and edges are split off
    /// first, found from their seeds at once. If what they leave is a set the set table knows,
    /// it is one component (the table keys components only) and is not flooded: on random
    /// graphs of 50 vertices, three children in four have one component of three or more
    /// vertices, and the table knows most of those. Otherwise a flood from a seed that reaches
    /// every seed not yet placed has met every component left, so they are one and the flood
    /// stops there; else it runs to its end and finds one component.
    ///
    /// The buckets of the sets looked up are read for all the moves before any is looked up,
    /// and those of the components in `parts` before the caller looks them up, so that their
    /// cache misses overlap.
    fn split_moves(
        &mut self,
        set: &B,
        moves: &[usize],
        known: &mut [u64],
        parts: &mut SmallVec<[(usize, B); 32]>,
    ) -> Result<(), SolveError> {
        let mut split: SmallVec<[B; 8]> = SmallVec::new();
        let mut lefts: SmallVec<[(B, B); 64]> = SmallVec::new();
        let mut touched = 0u64;
        for &v in moves {
            let rest = set.minus(&self.closed[v]);
            let (left, seeds) = self.split_tiny(v, &rest, &mut split);
            if left.more_than(SMALL) {
                touched ^= self.touch(&left);
            }
            // The single vertices and edges, worth 1 each.
            known[lefts.len()] ^= (split.len() % 2) as u64;
            split.clear();
            lefts.push((left, seeds));
        }
        self.charge()?;
        for (i, (left, seeds)) in lefts.drain(..).enumerate() {
            self.charge()?;
            if left.more_than(SMALL) && self.lookup(&left).is_some() {
                parts.push((i, left));
                continue;
            }
            self.split_left(left, seeds, &mut split);
            for part in split.drain(..) {
                // Small paths, cycles and cliques are cheaper to recognise than to look up.
                match if part.more_than(SMALL) { None } else { shape::closed_form(self, &part) } {
                    Some(x) => known[i] ^= x,
                    None => {
                        touched ^= self.touch(&part);
                        parts.push((i, part));
                    }
                }
            }
        }
        core::hint::black_box(touched);
        Ok(())
    }

    /// Appends the single vertices and edges of `rest` (left by a move at `v`) to `out`, found
    /// from their seeds at once; returns the rest of `rest` and its seeds.
    fn split_tiny(&self, v: usize, rest: &B, out: &mut SmallVec<[B; 8]>) -> (B, B) {
        let seeds = self.ring[v].and(rest);
        Adjacent::spend(self, rest.width() * (3 + 3 * seeds.count()));
        let mut tiny = B::empty();
        seeds.each(|s| {
            if tiny.has(s) {
                return;
            }
            let nb = self.open[s].and(rest);
            let mut part = nb.clone();
            part.add(s);
            let lonely = match nb.lowest() {
                None => true,
                Some(t) => !nb.more_than(1) && self.open[t].and(rest).minus(&part).none(),
            };
            if lonely {
                tiny.or_with(&part);
                out.push(part);
            }
        });
        (rest.minus(&tiny), seeds.minus(&tiny))
    }

    /// Appends the components of `left` to `out`, given the seeds in it (one at least in each
    /// component; [`shape::seeded_components`]).
    fn split_left(&self, left: B, seeds: B, out: &mut SmallVec<[B; 8]>) {
        shape::seeded_components(self, left, seeds, |part| out.push(part));
    }

    /// The canonical key of a small set.
    fn canonical_key(&mut self, set: &B) -> [u64; 4] {
        self.stats.canonical_forms += 1;
        self.key_of(set)
    }

    /// The canonical key of a small set, not counted.
    fn key_of(&self, set: &B) -> [u64; 4] {
        let mut vertices = Vec::new();
        set.each(|v| vertices.push(v));
        let rows: Vec<u64> = vertices
            .iter()
            .map(|&v| {
                let mut row = 0u64;
                let nb = self.open[v].and(set);
                for (i, &w) in vertices.iter().enumerate() {
                    if nb.has(w) {
                        row |= 1 << i;
                    }
                }
                row
            })
            .collect();
        packed_key(&rows, self.config.leaf_budget)
    }

    /// What the set table knows about a connected set of `size` vertices.
    fn probe(&mut self, set: &B, size: usize) -> Info {
        self.stats.table_lookups += 1;
        match self.lookup(set) {
            Some(info) => {
                self.stats.table_hits += 1;
                info
            }
            None => Info::unknown(size),
        }
    }

    /// Everything known about a connected set (closed forms, twin rules, canonical key),
    /// starting from what the set table said.
    fn handle(&mut self, set: &B, info: Info, suspects: &B) -> Handle<B> {
        let mut h = Handle { raw: set.clone(), reduced: set.clone(), canon: None, info };
        if let Some(v) = shape::closed_form(self, set) {
            self.stats.closed_forms += 1;
            h.info.set_value(v);
            return h;
        }
        let reduced = shape::reduce_twins(self, set, suspects);
        debug_assert!(!shape::has_twins(self, &reduced), "twins left in {reduced:?}");
        if reduced != *set {
            self.stats.twin_reductions += 1;
            if let Some(v) = shape::closed_form(self, &reduced) {
                self.stats.closed_forms += 1;
                h.info.set_value(v);
                return h;
            }
        }
        if reduced.count() <= self.config.canonical_max {
            let key = self.canonical_key(&reduced);
            self.stats.table_lookups += 1;
            if let Some(known) = SetTable::get(&self.canon, &key) {
                self.stats.table_hits += 1;
                h.info.merge(known);
            }
            h.canon = Some(key);
        } else if reduced != *set {
            let known = self.probe(&reduced, reduced.count());
            h.info.merge(known);
        }
        h.reduced = reduced;
        h
    }

    /// What the set table knows about a set, through the front cache.
    fn lookup(&mut self, set: &B) -> Option<Info> {
        let slot = self.front.slot(set);
        if let Some(info) = self.front.get(slot, set) {
            return info.is_valid().then_some(*info);
        }
        let info = self.sets.get(set);
        self.front.put(slot, set, info.unwrap_or_default());
        info
    }

    /// Reads the set table's bucket of a set the front cache does not hold, so that a lookup
    /// soon after finds it in cache.
    fn touch(&self, set: &B) -> u64 {
        let slot = self.front.slot(set);
        if self.front.get(slot, set).is_some() { 0 } else { self.sets.touch(set) }
    }

    /// Records facts about a set in the set table and the front cache.
    fn record(&mut self, set: &B, info: Info) {
        // `split_moves` relies on it.
        debug_assert!(
            set.lowest().is_some_and(|s| shape::flood(self, s, set) == *set),
            "the set table keys components only"
        );
        self.sets.insert(set, info);
        let slot = self.front.slot(set);
        self.front.put(slot, set, info);
    }

    /// Stores what is known under every key of the component.
    fn save(&mut self, h: &Handle<B>) {
        self.record(&h.raw, h.info);
        if let Some(key) = &h.canon {
            SetTable::insert(&mut self.canon, key, h.info);
        } else if h.reduced != h.raw {
            self.record(&h.reduced, h.info);
        }
    }

    /// The exact value of any set (a sum of components).
    fn sum_value(&mut self, set: &B) -> Result<u64, SolveError> {
        let mut rest = set.clone();
        let mut total = 0;
        while let Some(start) = rest.lowest() {
            let part = shape::flood(self, start, &rest);
            rest = rest.minus(&part);
            self.charge()?;
            total ^= self.comp_value(&part, &part)?;
        }
        Ok(total)
    }

    /// The exact value of a connected set.
    fn comp_value(&mut self, set: &B, suspects: &B) -> Result<u64, SolveError> {
        let k = set.count();
        if k <= 2 {
            return Ok(u64::from(k > 0));
        }
        let info = self.probe(set, k);
        match info.value() {
            Some(v) => Ok(v),
            None => self.solve_value(set, info, suspects),
        }
    }

    /// Whether the value of `set` (a sum of components) is `x`: the components are valued
    /// exactly but the largest, which is asked whether its value is the nim-sum of theirs
    /// with `x`.
    fn sum_is(&mut self, set: &B, x: u64) -> Result<bool, SolveError> {
        let mut rest = set.clone();
        let mut acc = 0u64;
        let mut pending: Vec<(B, Info)> = Vec::new();
        while let Some(start) = rest.lowest() {
            let part = shape::flood(self, start, &rest);
            rest = rest.minus(&part);
            self.charge()?;
            let k = part.count();
            if k <= 2 {
                acc ^= 1;
                continue;
            }
            let info = self.probe(&part, k);
            match info.value() {
                Some(v) => acc ^= v,
                None => pending.push((part, info)),
            }
        }
        if pending.is_empty() {
            return Ok(acc == x);
        }
        let largest =
            (0..pending.len()).max_by_key(|&i| pending[i].0.count()).expect("pending is not empty");
        let (big, info) = pending.swap_remove(largest);
        for (part, part_info) in &pending {
            acc ^= self.solve_value(part, *part_info, part)?;
        }
        let y = x ^ acc;
        if y >= QUERY_VALUES {
            return Ok(self.solve_value(&big, info, &big)? == y);
        }
        Ok(self.query(&big, y, info, &big)? == Found::Exact(y))
    }

    /// The children of a twin-free connected set: those whose components are all known go to
    /// `exact` by value as they are found, the others are returned with their unknown
    /// components, cheapest first (the sum of the squares of their sizes). When `exact`
    /// returns `true` the search is answered and nothing more is generated: `None`.
    ///
    /// The moves are taken [`CHUNK`] at a time, those that answered the most queries so far
    /// first (the history heuristic: a move that answers a query in one position tends to
    /// answer it in the positions that differ from it far from that move). The children of a
    /// chunk are split into components first and looked up in a second pass, so that the
    /// lookups, which do not wait on one another, hide much of the memory latency; and a
    /// query answered by a known child stops at the end of its chunk. Most queries are
    /// answered so: on random graphs of 60 vertices and average degree 3, three in four,
    /// after 6 or 7 of their 20 moves on average.
    fn children(
        &mut self,
        set: &B,
        mut exact: impl FnMut(u64) -> bool,
    ) -> Result<Option<Vec<Kid<B>>>, SolveError> {
        let mut moves: SmallVec<[usize; 64]> = SmallVec::new();
        let mut left = set.count();
        for &v in &self.order {
            if set.has(v) {
                moves.push(v);
                left -= 1;
                if left == 0 {
                    break;
                }
            }
        }
        let mut kids: Vec<Kid<B>> = Vec::new();
        // (child in the chunk, component) of the components not answered by a closed form.
        let mut parts: SmallVec<[(usize, B); 32]> = SmallVec::new();
        for chunk in moves.chunks(CHUNK) {
            let mut known = [0u64; CHUNK];
            parts.clear();
            self.split_moves(set, chunk, &mut known, &mut parts)?;
            let first = kids.len();
            let mut kid_of = [usize::MAX; CHUNK];
            for (i, part) in parts.drain(..) {
                self.stats.table_lookups += 1;
                if let Some(x) = self.lookup(&part).and_then(Info::value) {
                    self.stats.table_hits += 1;
                    known[i] ^= x;
                    continue;
                }
                if kid_of[i] == usize::MAX {
                    kid_of[i] = kids.len();
                    kids.push(Kid { v: chunk[i], parts: SmallVec::new(), acc: 0, cost: 0 });
                }
                let kid = &mut kids[kid_of[i]];
                let k = part.count();
                kid.cost += k * k;
                kid.parts.push(part);
            }
            let mut answered = false;
            for (i, &x) in known.iter().enumerate().take(chunk.len()) {
                match kid_of[i] {
                    usize::MAX => {
                        if exact(x) && !answered {
                            answered = true;
                            self.credit(chunk[i]);
                        }
                    }
                    k => kids[k].acc ^= x,
                }
            }
            if answered {
                return Ok(None);
            }
            debug_assert!(kids[first..].iter().all(|k| !k.parts.is_empty()));
        }
        kids.sort_by_key(|k| k.cost);
        Ok(Some(kids))
    }

    /// Counts a query answered by the known child of the move at `v`, and moves `v` ahead of
    /// the vertices of smaller counts in `order`.
    fn credit(&mut self, v: usize) {
        self.history[v] = self.history[v].saturating_add(1);
        let mut at = self.place[v];
        while at > 0 && self.history[self.order[at - 1]] < self.history[v] {
            let u = self.order[at - 1];
            self.order[at] = u;
            self.place[u] = at;
            at -= 1;
        }
        self.order[at] = v;
        self.place[v] = at;
    }

    /// The exact value of a connected set of at least three vertices that the set table does
    /// not know (`info` is what it knows), by aspiration: for `j = 0, 1, …` the children are
    /// asked "is your value `j`?" until none has it.
    fn solve_value(&mut self, set: &B, info: Info, suspects: &B) -> Result<u64, SolveError> {
        let mut h = self.handle(set, info, suspects);
        if let Some(v) = h.info.value() {
            self.save(&h);
            return Ok(v);
        }
        let v = if h.reduced.count() as u64 + 1 >= QUERY_VALUES {
            self.mex_value(&h.reduced)?
        } else {
            self.tick()?;
            let mut seen = 0u128;
            let mut kids = self
                .children(&h.reduced, |x| {
                    if x < QUERY_VALUES {
                        seen |= 1 << x;
                    }
                    false
                })?
                .expect("the value search never stops early");
            // Values some children are known to have; which ones does not matter.
            seen |= u128::from(h.info.kid_values());
            if self.helper % 2 == 1 {
                // Helpers of a parallel search take another order, to solve other parts first.
                kids.reverse();
            }
            // The threads of a parallel search tell one another the values they found among
            // the children of the position they were asked about.
            let root = self.depth == 0 && self.board.is_some();
            let mut j = 0u64;
            loop {
                if seen >> j & 1 == 1 {
                    j += 1;
                    continue;
                }
                let mut found = false;
                let mut i = 0;
                while i < kids.len() {
                    if root {
                        seen |= self.posted(&h.reduced, 0);
                        if seen >> j & 1 == 1 {
                            found = true;
                            break;
                        }
                    }
                    if root {
                        // Another thread finding `j` meanwhile ends this child's search.
                        self.watch = Some((h.reduced.clone(), j));
                    }
                    let depth = self.depth;
                    let answer = self.kid_in(&mut kids[i], j);
                    if root {
                        self.watch = None;
                    }
                    // Only the search that set the watch is abandoned: a value search below it
                    // passes the error up (taking it for its own would make it skip a value
                    // that none of its children may have, and store a wrong value).
                    if root && self.halt == Some(Halt::Abandon) {
                        self.halt = None;
                        // The search unwound without counting its levels back.
                        self.depth = depth;
                        found = true;
                        break;
                    }
                    match answer? {
                        Found::Exact(x) => {
                            kids.remove(i);
                            seen |= 1 << x;
                            if root {
                                self.posted(&h.reduced, 1 << x);
                            }
                            if x == j {
                                found = true;
                                break;
                            }
                        }
                        Found::Not => i += 1,
                    }
                }
                if !found {
                    break j;
                }
                j += 1;
            }
        };
        debug_assert!(v <= shape::value_bound(self, &h.reduced), "the value {v} exceeds the bound");
        h.info.set_value(v);
        self.save(&h);
        Ok(v)
    }

    /// Is the value of a connected set of at least three vertices `j` (below
    /// [`QUERY_VALUES`])? If not, the exact value may come with the answer. `info` is what
    /// the set table knows.
    ///
    /// The children are asked by grundy-core's [`value_is`]: two searches in turn, one asking
    /// the children about `j` (fast when the value is above `j`), the other valuing the set
    /// by aspiration below `j` (fast when it is below). On random graphs of 50 vertices and
    /// average degree 3, the set query of Beling and Rogalski that this replaced (each child
    /// asked about every value it could still need) took from about as long (1.04 times,
    /// small values) to 3.5 times as long (value 8); running A alone first for `j` below 4
    /// saves 13 to 25% of the nodes on the graphs of small value.
    fn query(&mut self, set: &B, j: u64, info: Info, suspects: &B) -> Result<Found, SolveError> {
        if let Some(v) = info.value() {
            return Ok(Found::Exact(v));
        }
        let has = |mask: u16| j < 16 && mask >> j & 1 == 1;
        if has(info.kid_values()) {
            return Ok(Found::Not);
        }
        let mut h = self.handle(set, info, suspects);
        if let Some(v) = h.info.value() {
            self.save(&h);
            return Ok(Found::Exact(v));
        }
        // A bound on the value (by a matching) is not used to answer no: such an answer
        // records less than a search would, and later queries miss (docs/performance.md).
        if has(h.info.kid_values()) {
            return Ok(Found::Not);
        }
        if h.reduced.count() as u64 + 1 >= QUERY_VALUES
            || h.reduced.count() <= self.config.exact_max
        {
            let v = self.mex_value(&h.reduced)?;
            h.info.set_value(v);
            self.save(&h);
            return Ok(Found::Exact(v));
        }
        self.tick()?;
        // The values of the children met so far.
        let mut seen = u128::from(h.info.kid_values());
        let kids = self.children(&h.reduced, |x| {
            if x < QUERY_VALUES {
                seen |= 1 << x;
            }
            x == j
        })?;
        let Some(mut kids) = kids else {
            return Ok(self.settle(h, seen, None));
        };
        if self.helper % 2 == 1 && self.depth == 0 {
            // At the position of the call, helpers of a parallel search take the children in
            // another order, to solve other parts first.
            kids.reverse();
        }
        let value = value_is(j, &mut seen, &mut kids, |kid, x| {
            let before = self.stats.nodes;
            let answer = match self.kid_in(kid, x)? {
                Found::Exact(y) => Some(y),
                Found::Not => None,
            };
            Ok((answer, self.stats.nodes - before))
        })?;
        Ok(self.settle(h, seen, value))
    }

    /// Ends a query: records the values of the children met (`seen`) and the value when it is
    /// known, and gives the answer.
    fn settle(&mut self, mut h: Handle<B>, seen: u128, value: Option<u64>) -> Found {
        match value {
            Some(v) => {
                debug_assert!(
                    v <= shape::value_bound(self, &h.reduced),
                    "the value {v} exceeds the bound"
                );
                h.info.set_value(v);
                self.save(&h);
                Found::Exact(v)
            }
            None => {
                let kid_values = (seen & 0xFFFF) as u16;
                if kid_values & !h.info.kid_values() != 0 {
                    h.info.add_kid_values(kid_values);
                    self.save(&h);
                }
                Found::Not
            }
        }
    }

    /// Is the value of a child `j` (below [`QUERY_VALUES`])? Values its components exactly
    /// but the largest, and asks that one whether its value is `j` nim-added to theirs.
    fn kid_in(&mut self, kid: &mut Kid<B>, j: u64) -> Result<Found, SolveError> {
        self.depth += 1;
        let found = self.ask_kid(kid, j);
        self.depth -= 1;
        found
    }

    /// [`kid_in`](Self::kid_in), one level down.
    fn ask_kid(&mut self, kid: &mut Kid<B>, j: u64) -> Result<Found, SolveError> {
        if kid.parts.len() > 1 {
            let largest = (0..kid.parts.len())
                .max_by_key(|&i| kid.parts[i].count())
                .expect("a kid has components");
            // The kid changes only once every other component is valued: a search stopped on
            // the way (an abandoned one goes on with this kid) finds it whole.
            let mut acc = kid.acc;
            for (i, part) in kid.parts.iter().enumerate() {
                if i != largest {
                    acc ^= self.part_value(part, kid.v)?;
                }
            }
            let keep = kid.parts.swap_remove(largest);
            kid.parts.clear();
            kid.parts.push(keep);
            kid.acc = acc;
        }
        let part = kid.parts[0].clone();
        if kid.acc >= QUERY_VALUES {
            return Ok(Found::Exact(self.part_value(&part, kid.v)? ^ kid.acc));
        }
        // The parent was twin-free, so only vertices at distance 2 from the move can have
        // twins in a component of the child.
        let suspects = self.ring[kid.v].and(&part);
        let info = self.probe(&part, part.count());
        Ok(match self.query(&part, j ^ kid.acc, info, &suspects)? {
            Found::Exact(x) => Found::Exact(x ^ kid.acc),
            Found::Not => Found::Not,
        })
    }

    /// [`NodeKaylesSolver::check_recorded_facts`] for this engine's tables and front cache.
    fn check_facts(
        &self,
        position: &B,
        value: &mut dyn FnMut(&VertexSet) -> Nimber,
    ) -> Result<usize, String> {
        fn to_set<B: Bits>(bits: &B) -> VertexSet {
            let mut set = VertexSet::new();
            bits.each(|v| {
                set.insert(v);
            });
            set
        }
        let mut met: HashSet<B> = HashSet::new();
        let mut todo: Vec<B> = Vec::new();
        let parts = |e: &Self, set: &B, met: &mut HashSet<B>, todo: &mut Vec<B>| {
            let mut rest = set.clone();
            while let Some(start) = rest.lowest() {
                let part = shape::flood(e, start, &rest);
                rest = rest.minus(&part);
                if met.insert(part.clone()) {
                    todo.push(part);
                }
            }
        };
        parts(self, position, &mut met, &mut todo);
        let mut facts = Vec::new();
        while let Some(set) = todo.pop() {
            let reduced = shape::reduce_twins(self, &set, &set);
            for s in [&set, &reduced] {
                s.each(|v| parts(self, &s.minus(&self.closed[v]), &mut met, &mut todo));
            }
            if met.insert(reduced.clone()) {
                todo.push(reduced.clone());
            }
            let slot = self.front.slot(&set);
            if let Some(&info) = self.front.get(slot, &set).filter(|info| info.is_valid()) {
                facts.push((set.clone(), info, "front cache"));
            }
            if let Some(info) = self.sets.get(&set) {
                facts.push((set, info, "set"));
            }
            if reduced.count() <= self.config.canonical_max {
                if let Some(info) = SetTable::get(&self.canon, &self.key_of(&reduced)) {
                    facts.push((reduced, info, "canonical"));
                }
            }
        }
        // Whether `info`, keyed by `keyed`, is true of `set`.
        let mut check = |set: &B, info: Info, keyed: &str| -> Result<(), String> {
            let of = |x: Nimber| x.value();
            let known = of(value(&to_set(set)));
            let wrong = match info.value() {
                Some(v) => v != known,
                None => {
                    let mut kids = 0u16;
                    set.each(|v| {
                        let x = of(value(&to_set(&set.minus(&self.closed[v]))));
                        if x < 16 {
                            kids |= 1 << x;
                        }
                    });
                    info.kid_values() & !kids != 0
                }
            };
            if wrong {
                return Err(format!(
                    "{keyed} fact of {:?} (value {known}) is false: value {:?}, children's \
                     values {:#b}",
                    to_set(set),
                    info.value(),
                    info.kid_values(),
                ));
            }
            Ok(())
        };
        for (set, info, keyed) in &facts {
            check(set, *info, keyed)?;
        }
        Ok(facts.len())
    }

    /// Adds `values` to the children's values the threads of a parallel search found for
    /// `set`, and returns them all.
    fn posted(&self, set: &B, values: u128) -> u128 {
        let Some(board) = &self.board else { return values };
        board.post(set, values)
    }

    /// The exact value of a component of the child of a move at `v`.
    fn part_value(&mut self, part: &B, v: usize) -> Result<u64, SolveError> {
        let info = self.probe(part, part.count());
        match info.value() {
            Some(x) => Ok(x),
            None => {
                let suspects = self.ring[v].and(part);
                self.solve_value(part, info, &suspects)
            }
        }
    }

    /// The value of a component: the mex of its children's values.
    ///
    /// The children are split into components and looked up in one pass first, and only the
    /// components the tables do not know are solved in a second pass: the lookups of the first
    /// pass do not wait on one another, which hides much of the memory latency.
    fn mex_value(&mut self, set: &B) -> Result<u64, SolveError> {
        self.tick()?;
        let mut moves: SmallVec<[usize; 64]> = SmallVec::new();
        set.each(|v| moves.push(v));
        let mut known: SmallVec<[u64; 64]> = smallvec::smallvec![0; moves.len()];
        // (child, component) of the components not answered by a closed form.
        let mut parts: SmallVec<[(usize, B); 32]> = SmallVec::new();
        self.split_moves(set, &moves, &mut known, &mut parts)?;
        let mut unknown: SmallVec<[usize; 16]> = SmallVec::new();
        for (i, (child, part)) in parts.iter().enumerate() {
            self.stats.table_lookups += 1;
            match self.lookup(part).and_then(Info::value) {
                Some(x) => {
                    self.stats.table_hits += 1;
                    known[*child] ^= x;
                }
                None => unknown.push(i),
            }
        }
        // `set` is twin-free (it was reduced), so only vertices at distance 2 from the move can
        // have twins in a component of a child.
        self.depth += 1;
        for i in unknown {
            let (child, part) = &parts[i];
            // Solving the components before may have solved this one too.
            let info = self.probe(part, part.count());
            known[*child] ^= match info.value() {
                Some(x) => x,
                None => {
                    let suspects = self.ring[moves[*child]].and(part);
                    self.solve_value(part, info, &suspects)?
                }
            };
        }
        self.depth -= 1;
        let mut seen = 0u128;
        let mut large: Vec<u64> = Vec::new();
        for x in known {
            if x < 128 {
                seen |= 1 << x;
            } else {
                large.push(x);
            }
        }
        let mut mex = u64::from((!seen).trailing_zeros());
        if mex == 128 {
            large.sort_unstable();
            for x in large {
                if x == mex {
                    mex += 1;
                }
            }
        }
        debug_assert!(mex <= shape::value_bound(self, set), "the value {mex} exceeds the bound");
        Ok(mex)
    }
}

#[cfg(test)]
mod tests {
    use grundy_core::naive;
    use grundy_graph::Graph;
    use proptest::prelude::*;

    use super::*;

    /// A random graph on `n` vertices, each edge present with probability `percent`%
    /// (grundy-testkit's generator).
    fn random_graph(n: usize, percent: u64, seed: u64) -> Graph {
        #[allow(clippy::cast_precision_loss, reason = "a percentage")]
        let p = percent as f64 / 100.0;
        let edges = grundy_testkit::random::gnp_edges(n, p, &mut grundy_testkit::random::rng(seed));
        Graph::from_edges(n, edges).unwrap()
    }

    fn engine(game: &NodeKayles) -> Engine<u64> {
        Engine::new(game, SolverConfig::default())
    }

    /// The components of `set` by plain flooding.
    fn components(e: &Engine<u64>, set: u64) -> Vec<u64> {
        let mut rest = set;
        let mut out = Vec::new();
        while let Some(start) = rest.lowest() {
            let part = shape::flood(e, start, &rest);
            rest &= !part;
            out.push(part);
        }
        out.sort_unstable();
        out
    }

    fn value_of(game: &NodeKayles, set: u64) -> Nimber {
        let position: VertexSet = (0..64).filter(|&v| set >> v & 1 == 1).collect();
        naive::value(game, &position)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Splitting the children of a component finds exactly the components that plain
        /// flooding finds, for every move: with an empty table (every child flooded from its
        /// seeds at distance 2), and with a table that holds the components of the children of
        /// every other move (what facts it holds does not matter to the split), whose
        /// children are then not flooded. The components a closed form answers are summed,
        /// the others listed.
        #[test]
        fn split_moves_finds_the_components(
            n in 2usize..=40,
            percent in 2u64..40,
            seed in any::<u64>(),
        ) {
            let game = NodeKayles::new(random_graph(n, percent, seed));
            let mut e = engine(&game);
            let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
            let mut fact = Info::unknown(n);
            fact.set_value(1);
            let sets = components(&e, all);
            for filled in [false, true] {
            if filled {
                for &set in &sets {
                    let mut v_set = set & 0x5555_5555_5555_5555;
                    while let Some(v) = v_set.lowest() {
                        v_set &= v_set - 1;
                        for part in components(&e, set & !e.closed[v]) {
                            e.record(&part, fact);
                        }
                    }
                }
            }
            for &set in &sets {
                let moves: Vec<usize> = (0..n).filter(|&v| set >> v & 1 == 1).collect();
                let mut known = vec![0; moves.len()];
                let mut parts = SmallVec::new();
                e.split_moves(&set, &moves, &mut known, &mut parts).unwrap();
                for (i, &v) in moves.iter().enumerate() {
                    let (mut listed, mut summed) = (Vec::new(), 0);
                    for part in components(&e, set & !e.closed[v]) {
                        match if part.count_ones() as usize > SMALL { None } else { shape::closed_form(&e, &part) } {
                            Some(x) => summed ^= x,
                            None => listed.push(part),
                        }
                    }
                    let mut found: Vec<u64> =
                        parts.iter().filter(|(j, _)| *j == i).map(|&(_, p)| p).collect();
                    found.sort_unstable();
                    prop_assert_eq!(found, listed, "parts after {}", v);
                    prop_assert_eq!(known[i], summed, "closed forms after {}", v);
                }
            }
            }
        }

        /// The closed forms of connected sets agree with the ruleset's, and with plain search.
        #[test]
        fn closed_forms_agree_with_plain_search(
            n in 1usize..=9,
            percent in 10u64..100,
            seed in any::<u64>(),
        ) {
            let game = NodeKayles::new(random_graph(n, percent, seed));
            let e = engine(&game);
            for set in components(&e, (1u64 << n) - 1) {
                let position: VertexSet = (0..n).filter(|&v| set >> v & 1 == 1).collect();
                let expected = game.closed_form(&position).map(Nimber::value);
                prop_assert_eq!(shape::closed_form(&e, &set), expected);
                if let Some(x) = expected {
                    prop_assert_eq!(Nimber::new(x), value_of(&game, set));
                }
            }
        }

        /// Twin reduction keeps the value and leaves no twins; after a move in a twin-free
        /// component, looking only at the vertices at distance 2 from the move finds every
        /// twin.
        #[test]
        fn twin_reduction_keeps_values_and_suspects_suffice(
            n in 2usize..=11,
            percent in 15u64..70,
            seed in any::<u64>(),
        ) {
            let game = NodeKayles::new(random_graph(n, percent, seed));
            let e = engine(&game);
            for set in components(&e, (1u64 << n) - 1) {
                let reduced = shape::reduce_twins(&e, &set, &set);
                prop_assert!(!shape::has_twins(&e, &reduced));
                prop_assert_eq!(reduced.count_ones() >= 1, true);
                prop_assert_eq!(components(&e, reduced).len(), 1, "reduction keeps connectivity");
                prop_assert_eq!(value_of(&game, reduced), value_of(&game, set));
                // Moves in the twin-free set.
                let mut moves = reduced;
                while let Some(v) = moves.lowest() {
                    moves &= moves - 1;
                    for part in components(&e, reduced & !e.closed[v]) {
                        let suspects = e.ring[v] & part;
                        let by_suspects = shape::reduce_twins(&e, &part, &suspects);
                        prop_assert!(!shape::has_twins(&e, &by_suspects), "{part:b} after {v}");
                        prop_assert_eq!(value_of(&game, by_suspects), value_of(&game, part));
                    }
                }
            }
        }
    }

    /// What the set table records about a component whose value it does not know are values
    /// of its children (the value searches take them for children already valued), and the
    /// values it records are right: checked against plain search for every entry after
    /// queries about several values and a value search, every component asked only its
    /// question.
    #[test]
    fn recorded_facts_are_true() {
        let mut kid_facts = 0;
        for seed in 0..40u64 {
            let n = 9 + (seed % 4) as usize;
            let game = NodeKayles::new(random_graph(n, 35, seed));
            let config = SolverConfig::default().with_exact_max(0).with_canonical_max(0);
            let mut e: Engine<u128> = Engine::new(&game, config);
            let full = (1u128 << n) - 1;
            for j in 0..4 {
                e.run(|e| e.sum_is(&full, j)).unwrap();
            }
            e.run(|e| e.sum_value(&full)).unwrap();
            let value = |set: u128| value_of(&game, u64::try_from(set).unwrap()).value();
            for (&set, &info) in e.sets.iter() {
                if let Some(v) = info.value() {
                    assert_eq!(v, value(set), "seed {seed}: {set:b}");
                    continue;
                }
                let mut kids = 0u16;
                set.each(|v| kids |= 1 << value(set & !e.closed[v]));
                assert_eq!(info.kid_values() & !kids, 0, "seed {seed}: {set:b}");
                kid_facts += usize::from(info.kid_values() != 0);
            }
        }
        assert!(kid_facts > 0, "no component was left with children's values only");
    }

    /// A parallel search grows its shared table when a call finds it full, and when it fills
    /// up during a call (the threads stop, the table grows and the call goes on), and answers
    /// right. The table is filled with keys no position of the graph has (vertex 63 of a graph
    /// of 34 vertices).
    #[test]
    fn parallel_search_grows_its_full_table() {
        let game = NodeKayles::new(random_graph(34, 9, 1));
        let start = game.start();
        let expected = NodeKaylesSolver::new(&game).value(&start).unwrap();
        let config = SolverConfig::default()
            .with_threads(2)
            .with_parallel_after(0)
            .with_table_bytes(64 << 20);
        let small: VertexSet = (0..6).collect();
        // Filled up to `room` junk entries, or until the table wants room.
        let filled = |room: u64| {
            let mut solver = NodeKaylesSolver::with_config(&game, config.clone());
            solver.value(&small).unwrap();
            let AnyEngine::Narrow(main) = &mut solver.engine else { panic!("34 vertices") };
            let mut junk = 1u64 << 63;
            while !main.sets.wants_room() && junk - (1 << 63) < room {
                let mut info = Info::unknown(20);
                info.set_value(1);
                main.sets.insert(&junk, info);
                junk += 1;
            }
            (solver, junk - (1 << 63))
        };
        let grown = |solver: &NodeKaylesSolver<'_>| match &solver.engine {
            AnyEngine::Narrow(main) => match &main.sets {
                WordSets::Shared(table, ..) => table.capacity() > 1 << 19,
                _ => false,
            },
            _ => false,
        };
        let (mut full, room) = filled(u64::MAX);
        assert!(!grown(&full));
        assert_eq!(full.value(&start).unwrap(), expected);
        assert!(grown(&full), "grown before the call");
        // A few hundred entries short of full: the call's own entries fill the table.
        let (mut nearly, _) = filled(room - 300);
        assert_eq!(nearly.value(&start).unwrap(), expected);
        assert!(grown(&nearly), "grown during the call");
        assert_eq!(nearly.outcome(&start).unwrap(), Outcome::from_value(expected));
    }

    /// Sparse random graphs like the benchmarks' (average degree 2 to 4), up to 13 vertices:
    /// value, outcome and winning moves equal plain search.
    #[test]
    fn sparse_graphs_equal_plain_search() {
        for n in [10usize, 13] {
            for seed in 1..=4u64 {
                for degree in [2u64, 3, 4] {
                    let percent = 100 * degree / (n as u64 - 1);
                    let game = NodeKayles::new(random_graph(n, percent, seed));
                    let start = game.start();
                    let plain = naive::value(&game, &start);
                    // Valuing small components exactly, and asking every component only
                    // its question (so that the queries are tested on small graphs).
                    for exact_max in [16, 0] {
                        let config = SolverConfig::default().with_exact_max(exact_max);
                        let mut solver = NodeKaylesSolver::with_config(&game, config.clone());
                        assert_eq!(solver.value(&start).unwrap(), plain, "n={n} seed={seed}");
                        let mut fresh = NodeKaylesSolver::with_config(&game, config);
                        assert_eq!(fresh.outcome(&start).unwrap(), Outcome::from_value(plain));
                        assert_eq!(
                            fresh.winning_moves(&start).unwrap(),
                            naive::winning_moves(&game, &start)
                        );
                    }
                }
            }
        }
    }
}
