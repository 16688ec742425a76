//! The search solver: Grundy values, outcomes, winning moves and misère outcomes.
//!
//! [`Solver`] searches the game tree of a [`Ruleset`] depth first with an explicit stack (deep
//! games cannot overflow the call stack), splits every position into its
//! [`components`](Ruleset::components), asks [`known_value`](Ruleset::known_value) of each
//! component before the table (once per component met lately: a small front cache keeps the
//! answer), and stores what it proves in a [`Table`] keyed by
//! [`canonical`](Ruleset::canonical) forms. A searched value's children's parts that the
//! table does not answer are offered to [`Ruleset::reduce_child`] (or
//! [`Ruleset::reduce`]) before they are searched. On a large table (the [`CompactTable`],
//! the [`SharedTable`] of a parallel search, or a general [`Table`] of a million entries or
//! more) a frame's children are made before the table is asked, and the table's buckets of
//! their parts are read in one go ([`CompactTable::warm`], [`Table::warm`]), so that their
//! lookups wait on memory together rather than one after another.
//!
//! The table stores only facts that are exact: the Grundy value of a component, or the fact
//! that it is not zero (an N-position found by an outcome search that stopped early). So a
//! search cut short by its [`Budget`] leaves nothing wrong behind, and a later call resumes.

use crate::budget::Meter;
use std::sync::Arc;

use crate::compact::{CompactTable, SharedTable};
use crate::engine::front::Front;
pub use crate::known::Known;
use crate::padded::Padded;
use crate::{Budget, Nimber, NimberSet, Outcome, Ruleset, SolveError, Table, TableStats};

mod history;
#[cfg(feature = "rayon")]
mod parallel;
mod pruned;
mod two_searches;

#[cfg(feature = "rayon")]
#[doc(hidden)]
pub use parallel::race_on;
#[cfg(feature = "rayon")]
pub use parallel::{ParallelSolver, par_outcome, par_value, par_winning_moves};
pub use two_searches::{A_SHARE, TWO_SEARCHES_FROM, value_is};

/// How a [`Solver`] searches for normal-play values and outcomes.
///
/// Both methods give the same answers (they are property-tested against each other and
/// against [`naive`](crate::naive)); they differ in what they visit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Method {
    /// The value of a position is the mex of the values of all its children, each computed
    /// exactly (outcomes stop at the first move to a P-position). An explicit stack: any depth.
    ///
    /// Choose it for games whose values are large (Chomp, say): it visits each position once,
    /// while [`Pruned`](Method::Pruned) repeats its queries once per value.
    Mex,
    /// Set queries after Beling and Rogalski (*On pruning search trees of impartial games*,
    /// 2020): a position is asked "is your value in `R`?" and keeps the set of values it can
    /// still have, stopping as soon as that set misses `R`; its children are asked about
    /// narrowed sets. A value is found by aspiration: for `j = 0, 1, …` the children are asked
    /// "is your value `j`?" until none has it, and each such question about one value is
    /// answered by [`value_is`]: two searches in turn, the children asked about `j` and the
    /// position valued by aspiration below `j`. Positions a [`Ruleset::known_outcome`] calls N
    /// skip `j = 0`. Recursive; components more than 256 moves deep, or with more than 255
    /// moves, are handed to the [`Mex`](Method::Mex) search.
    ///
    /// The default: most games have small values, and there the queries cut most of the
    /// tree (Cram, Node-Kayles, Transverse Wave, and rulesets written plainly, without
    /// reductions of their own; figures in `docs/performance.md`).
    #[default]
    Pruned,
}

/// The number of entries of the general table at which a solver moves the facts of
/// positions with a [word key](Ruleset::word_key) into a [`CompactTable`]: about the point
/// where the general table outgrows the processor's caches.
pub const COMPACT_FROM: usize = 1 << 18;

/// Facts found fewer than this many moves below the root of a search go to the protected part
/// of the compact table (see [`CompactTable::insert_protected`]): the last to be evicted.
pub const PROTECTED_DEPTH: usize = 8;

/// The number of entries of the general table from which a solver [warms](Table::warm) it
/// before it looks up a frame's children: about where it outgrows the processor's last
/// cache (some 17 to 24 bytes an entry for a word-sized position). Below that a warming costs
/// more than it saves.
pub const GENERAL_WARM_FROM: usize = 1 << 20;

/// A fact as the compact tables can hold it: exclusions of values they cannot hold are
/// dropped (`None` when nothing is left), rather than kept in the general table, where every
/// miss of the compact table would have to look for them.
fn narrowed(known: Known) -> Option<Known> {
    match known {
        Known::Excludes(mask) if mask >> CompactTable::MAX_EXCLUDED != 0 => {
            let narrow = mask & ((1 << CompactTable::MAX_EXCLUDED) - 1);
            (narrow != 0).then_some(Known::Excludes(narrow))
        }
        _ => Some(known),
    }
}

/// A normal-play fact in one word, as the general table stores it: an entry of a 64-bit
/// position and its fact takes 16 bytes rather than the 24 of a [`Known`], so that more of
/// the table stays in the caches (hashbrown lookups of 2^17 entries run twice as fast).
///
/// An exact value `v` is `2v + 1`; an exclusion mask `m` is `2m` (so "not zero" is 2).
/// Values of 2^63 and more and exclusions of the value 63 do not fit and are not stored:
/// a table may forget a fact, never answer wrongly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Packed(u64);

impl Packed {
    /// The fact in a word, if it fits and says something.
    const fn pack(known: Known) -> Option<Packed> {
        match known {
            Known::Value(v) if v.value() >> 63 == 0 => Some(Packed(v.value() << 1 | 1)),
            Known::Value(_) => None,
            Known::NonZero => Some(Packed(2)),
            Known::Excludes(mask) => {
                let mask = mask << 1;
                if mask == 0 { None } else { Some(Packed(mask)) }
            }
        }
    }

    const fn unpack(self) -> Known {
        if self.0 & 1 == 1 {
            Known::Value(Nimber::new(self.0 >> 1))
        } else if self.0 == 2 {
            Known::NonZero
        } else {
            Known::Excludes(self.0 >> 1)
        }
    }
}

/// One shard of a [`SharedMap`].
type Shard<K> = Padded<std::sync::Mutex<Table<K, Packed>>>;

/// The facts of positions without a [word key](Ruleset::word_key), shared by the solvers of
/// a parallel search: shards of [`Table`]s, each behind its own lock, a position's shard
/// picked by a hash of it. Facts from different solvers are merged, never lost to one
/// another: an exact value stays, exclusions add up. Each shard (its lock, its table and the
/// table's counters, written at every lookup) has cache lines of its own, so that threads
/// working in different shards do not take one another's lines.
#[derive(Debug)]
struct SharedMap<K> {
    shards: Box<[Shard<K>]>,
}

impl<K: Eq + core::hash::Hash + Clone> SharedMap<K> {
    /// Shards (a power of two), enough that two to a few dozen threads seldom wait on one
    /// another.
    const SHARDS: usize = 64;

    /// A map of at most about `bytes` bytes (see [`Table::with_bytes`]).
    #[cfg(feature = "rayon")]
    fn with_bytes(bytes: usize) -> Self {
        let shards = (0..Self::SHARDS)
            .map(|_| Padded(std::sync::Mutex::new(Table::with_bytes(bytes / Self::SHARDS))))
            .collect();
        SharedMap { shards }
    }

    fn shard(&self, key: &K) -> std::sync::MutexGuard<'_, Table<K, Packed>> {
        // The top bits of the hash, which depend on every bit of the key.
        let hash = crate::table::fixed_hash(key);
        let index = usize::try_from(hash >> (64 - Self::SHARDS.ilog2())).unwrap_or(0);
        self.shards[index].lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn get(&self, key: &K) -> Option<Known> {
        self.shard(key).get(key).map(Packed::unpack)
    }

    fn peek(&self, key: &K) -> Option<Known> {
        self.shard(key).peek(key).map(Packed::unpack)
    }

    /// The facts stored.
    #[cfg(feature = "rayon")]
    fn len(&self) -> usize {
        self.shards
            .iter()
            .map(|shard| shard.lock().unwrap_or_else(std::sync::PoisonError::into_inner).len())
            .sum()
    }

    /// Adds `known` to what is stored for `key`.
    fn insert(&self, key: K, known: Known) {
        let Some(new) = Packed::pack(known) else { return };
        let mut shard = self.shard(&key);
        let merged = match shard.peek(&key) {
            // An exact value says all; else the new value, or both exclusion masks.
            Some(old) if old.0 & 1 == 1 => return,
            Some(old) if new.0 & 1 == 0 => Packed(old.0 | new.0),
            _ => new,
        };
        shard.insert(key, merged);
    }
}

/// Settings of a [`Solver`].
///
/// # Example
///
/// ```
/// use grundy_core::{Budget, Config};
///
/// let config = Config::default()
///     .with_table_bytes(64 << 20)
///     .with_budget(Budget::unlimited().with_max_nodes(10_000_000));
/// assert_eq!(config.table_bytes(), 64 << 20);
/// ```
///
/// With the `serde` feature a config serialises with its budget's limits; a budget's
/// cancellation flag is not serialised (see [`Budget`]).
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Config {
    table_bytes: usize,
    budget: Budget,
    method: Method,
    exclusions: bool,
}

impl Default for Config {
    /// A 256 MiB table for the normal-play values, the same for misère outcomes, no budget,
    /// the [`Method::Pruned`] search, exclusions stored.
    fn default() -> Self {
        Config {
            table_bytes: 256 << 20,
            budget: Budget::unlimited(),
            method: Method::default(),
            exclusions: true,
        }
    }
}

impl Config {
    /// Bounds each of the solver's two tables (normal play, misère) to `bytes` bytes.
    ///
    /// See [`Table::with_bytes`] for what is counted. Besides its tables a solver keeps a
    /// cache of about 256 KiB of the components it met last (their canonical forms and
    /// values), plus what those positions hold on the heap.
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

    /// Chooses the search method for normal-play values and outcomes.
    #[must_use]
    pub const fn with_method(mut self, method: Method) -> Self {
        self.method = method;
        self
    }

    /// Whether [`Method::Pruned`] stores what a query that is answered "no" proves (the values
    /// the position cannot have, [`Known::Excludes`]) besides exact values. On by default;
    /// off, the table holds exact values only, as in Beling and Rogalski's search. Storing
    /// them visits fewer positions (figures in `docs/performance.md`).
    #[must_use]
    pub const fn with_exclusions(mut self, exclusions: bool) -> Self {
        self.exclusions = exclusions;
        self
    }

    /// Whether [`Method::Pruned`] stores exclusions (see
    /// [`with_exclusions`](Self::with_exclusions)).
    pub const fn exclusions(&self) -> bool {
        self.exclusions
    }

    /// The search method.
    pub const fn method(&self) -> Method {
        self.method
    }

    /// The byte bound of each table.
    pub const fn table_bytes(&self) -> usize {
        self.table_bytes
    }

    /// The budget of every call.
    pub const fn budget(&self) -> &Budget {
        &self.budget
    }
}

/// Counters of a [`Solver`], summed over all its calls.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Stats {
    /// Positions expanded (their moves listed), the unit of the node budget.
    pub nodes: u64,
    /// Components answered by [`Ruleset::known_value`] (the same component met again soon
    /// after is answered by the front cache, and counted with the table's hits).
    pub known_values: u64,
    /// Components answered by the table (or the front cache before it).
    pub table_hits: u64,
    /// Table lookups.
    pub table_lookups: u64,
    /// Deepest stack of positions under expansion.
    pub max_depth: usize,
}

impl Stats {
    /// The counters of two searches together (the deeper of their depths).
    #[must_use]
    pub const fn plus(self, other: Self) -> Self {
        Stats {
            nodes: self.nodes + other.nodes,
            known_values: self.known_values + other.known_values,
            table_hits: self.table_hits + other.table_hits,
            table_lookups: self.table_lookups + other.table_lookups,
            max_depth: if self.max_depth > other.max_depth {
                self.max_depth
            } else {
                other.max_depth
            },
        }
    }
}

/// A solver for one ruleset: it owns its tables, so values proved by one call speed up the next.
///
/// `R` is usually a reference to a ruleset (`Solver::new(&game)`), since `&R` is a ruleset too.
///
/// A solver is deterministic: the same calls on fresh solvers with the same configuration
/// (and a ruleset whose hooks are) visit the same positions and report the same
/// [`stats`](Self::stats), from run to run; its tables hash with fixed seeds. The parallel
/// searches are not: their threads race.
///
/// # Example
///
/// ```
/// use grundy_core::{Nimber, Outcome, Ruleset, Solver};
///
/// /// Kayles-like toy: remove 1 or 2 tokens from a row, optionally splitting it in two.
/// struct Kayles;
/// impl Ruleset for Kayles {
///     type Position = Vec<u8>; // rows
///     type Move = (usize, u8, u8); // row, tokens taken, tokens left on the left
///     fn moves(&self, rows: &Vec<u8>, moves: &mut Vec<(usize, u8, u8)>) {
///         for (i, &n) in rows.iter().enumerate() {
///             for take in 1..=2u8.min(n) {
///                 moves.extend((0..=n - take).map(|left| (i, take, left)));
///             }
///         }
///     }
///     fn play(&self, rows: &Vec<u8>, &(i, take, left): &(usize, u8, u8)) -> Vec<u8> {
///         let mut next = rows.clone();
///         next[i] = left;
///         next.push(rows[i] - take - left);
///         next.retain(|&n| n > 0);
///         next
///     }
///     fn components(&self, rows: &Vec<u8>, parts: &mut Vec<Vec<u8>>) {
///         parts.extend(rows.iter().map(|&n| vec![n]));
///     }
/// }
///
/// let mut solver = Solver::new(&Kayles);
/// // Kayles values: 0 1 2 3 1 4 3 2 1 4 2 6 ...
/// assert_eq!(solver.value(&vec![11])?, Nimber::new(6));
/// assert_eq!(solver.outcome(&vec![4, 1])?, Outcome::P);
/// assert!(solver.stats().table_hits > 0);
/// # Ok::<(), grundy_core::SolveError>(())
/// ```
#[derive(Debug)]
pub struct Solver<R: Ruleset> {
    ruleset: R,
    table: Table<R::Position, Packed>,
    /// Facts of word-sized canonical positions ([`Ruleset::word_key`]), once the general
    /// table has grown to [`COMPACT_FROM`] entries.
    compact: Option<CompactTable>,
    /// The bound of [`Config::with_table_bytes`], shared out when the compact table is made.
    table_bytes: usize,
    /// Counters of the general table before it was rebuilt for the compact one.
    moved_stats: TableStats,
    /// A table shared with other solvers (the parallel search), for positions with a word key.
    shared: Option<Arc<SharedTable>>,
    /// A table shared with other solvers (the parallel search), for the positions without a
    /// word key or whose facts the shared word table cannot hold.
    shared_map: Option<Arc<SharedMap<R::Position>>>,
    /// Facts of positions with a word key that the compact or shared table could not hold
    /// (values of 2^13 or more), kept in the general table: while there are none, a miss in
    /// the compact table is not looked up again in the general one.
    wide_facts: usize,
    /// Whether moves are tried in reverse order (a helper of the parallel search).
    reverse: bool,
    /// The values the solvers of a parallel search found among the children of the
    /// positions at the top of their pruned searches.
    board: Option<Arc<pruned::Board<R::Position>>>,
    /// While the top of a parallel pruned search asks a child about a value: the top
    /// position's table key and the value. When another solver has posted that value on the
    /// board, the child's search is abandoned (and `abandoned` set).
    watch: Option<(R::Position, u64)>,
    abandoned: bool,
    misere: Table<R::Position, MisereKnown>,
    budget: Budget,
    method: Method,
    /// Whether the pruned search stores exclusions ([`Config::with_exclusions`]).
    exclusions: bool,
    /// The history of the pruned search's moves, when [`Ruleset::move_history`] asks for it.
    history: Option<history::History>,
    stats: Stats,
    /// Depth of the pruned search's recursion when it hands a component to the stack search
    /// (so that `max_depth` counts both).
    depth_base: usize,
    stack: Vec<Frame<R::Position, R::Move>>,
    spare: Vec<Buffers<R::Position, R::Move>>,
    /// What the pruned search last learnt about the components it met, by the component as
    /// met (before [`Ruleset::canonical`]): see [`Front`].
    front: Front<R::Position, (R::Position, Option<Nimber>)>,
    /// Scratch space of the searches that [warm](Self::warm) the table: the mex search's
    /// [`known_children`](Self::known_children) and the pruned search's `children`.
    batch: Batch<R::Position>,
}

/// Children made before any of their parts is looked up in the table, so that the table's
/// buckets of the parts can be [warmed](Solver::warm) at once (see
/// [`Solver::known_children`]).
#[derive(Debug)]
struct Batch<P> {
    /// For each child: the nim-sum of what is known of it, and the end of its parts in
    /// `parts`.
    children: Vec<(Nimber, usize)>,
    /// The parts the front cache did not answer: the part, its table key, its front slot.
    parts: Vec<(P, P, usize)>,
    /// The word keys of those parts, for [`Solver::warm`].
    words: Vec<u64>,
}

impl<P> Default for Batch<P> {
    fn default() -> Self {
        Batch { children: Vec::new(), parts: Vec::new(), words: Vec::new() }
    }
}

impl<P> Batch<P> {
    fn clear(&mut self) {
        self.children.clear();
        self.parts.clear();
        self.words.clear();
    }
}

/// What a frame must find out about its component.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Goal {
    /// The exact Grundy value.
    Value,
    /// Only whether the value is zero (normal play).
    Outcome,
    /// The misère outcome of the whole position (no decomposition).
    Misere,
    /// The misère Grundy value of the whole position (no decomposition).
    MisereValue,
}

/// The reusable allocations of a frame.
#[derive(Debug)]
struct Buffers<P, M> {
    moves: Vec<M>,
    parts: Vec<P>,
    /// The children of a normal-play frame that the table could not answer when the frame
    /// was pushed, last child first: the nim-sum of the child's parts already known (settled
    /// ones included) and how many of its parts are left in `open`.
    kids: Vec<(Nimber, usize)>,
    /// The parts of those children left to find, with their table keys (last child's first),
    /// so that no child is made, split or canonicalised twice, and whether each is known not
    /// to reduce ([`Ruleset::reduce`] left it as it was).
    open: Vec<(P, P, bool)>,
    seen: NimberSet,
}

impl<P, M> Default for Buffers<P, M> {
    fn default() -> Self {
        Buffers {
            moves: Vec::new(),
            parts: Vec::new(),
            kids: Vec::new(),
            open: Vec::new(),
            seen: NimberSet::new(),
        }
    }
}

/// A position under expansion.
#[derive(Debug)]
struct Frame<P, M> {
    /// Table key (canonical form) of the position.
    key: P,
    /// The position itself.
    position: P,
    goal: Goal,
    /// Index of the next move to expand (misère goals; normal-play frames take their children
    /// from `bufs.kids`).
    next: usize,
    /// Whether a child is being evaluated: its components not yet known are the last `left`
    /// of `bufs.open` (normal play) or in `bufs.parts` (misère).
    in_child: bool,
    /// Parts of the child being evaluated still in `bufs.open`.
    left: usize,
    /// What must be found out about each component of the child.
    part_goal: Goal,
    /// Nim-sum of the child's components evaluated so far.
    acc: Nimber,
    /// Whether a component of the child is known to be non-zero (outcome goals only).
    nonzero: bool,
    bufs: Buffers<P, M>,
}

/// What is known about a frame's position when it is done: normal-play fact, or misère outcome.
#[derive(Clone, Copy, Debug)]
enum Answer {
    Normal(Known),
    Misere(Outcome),
    MisereValue(Nimber),
}

/// What the misère table knows about a whole position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MisereKnown {
    Outcome(Outcome),
    Value(Nimber),
}

impl<R: Ruleset> Solver<R> {
    /// A solver with the default [`Config`].
    pub fn new(ruleset: R) -> Self {
        Self::with_config(ruleset, Config::default())
    }

    /// A solver with the given tables and budget.
    pub fn with_config(ruleset: R, config: Config) -> Self {
        let history = ruleset.move_history();
        Solver {
            ruleset,
            table: Table::with_bytes(config.table_bytes),
            compact: None,
            table_bytes: config.table_bytes,
            moved_stats: TableStats::default(),
            shared: None,
            shared_map: None,
            wide_facts: 0,
            reverse: false,
            board: None,
            watch: None,
            abandoned: false,
            misere: Table::with_bytes(config.table_bytes),
            budget: config.budget,
            method: config.method,
            exclusions: config.exclusions,
            history: history.then(history::History::default),
            stats: Stats::default(),
            depth_base: 0,
            stack: Vec::new(),
            spare: Vec::new(),
            front: Front::new(),
            batch: Batch::default(),
        }
    }

    /// The ruleset being solved.
    pub const fn ruleset(&self) -> &R {
        &self.ruleset
    }

    /// Replaces the budget of later calls.
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    /// The counters, summed over every call so far.
    pub const fn stats(&self) -> Stats {
        self.stats
    }

    /// The counters of the normal-play tables, general and compact together (stores and
    /// evictions included).
    pub fn table_stats(&self) -> TableStats {
        let mut stats = self.table.stats();
        let compact = self.compact.as_ref().map(CompactTable::stats).unwrap_or_default();
        for other in [compact, self.moved_stats] {
            stats.lookups += other.lookups;
            stats.hits += other.hits;
            stats.stores += other.stores;
            stats.evictions += other.evictions;
        }
        stats
    }

    /// What the normal-play tables know about `position` (looked up by its canonical form,
    /// without counting the lookup): to inspect what has been proved.
    ///
    /// ```
    /// use grundy_core::{Known, Nimber, Ruleset, Solver};
    ///
    /// /// Take one or two tokens from a heap.
    /// struct TakeOneOrTwo;
    /// impl Ruleset for TakeOneOrTwo {
    ///     type Position = u32;
    ///     type Move = u32;
    ///     fn moves(&self, heap: &u32, moves: &mut Vec<u32>) {
    ///         moves.extend((1..=2).filter(|&take| take <= *heap));
    ///     }
    ///     fn play(&self, heap: &u32, take: &u32) -> u32 {
    ///         heap - take
    ///     }
    /// }
    ///
    /// let mut solver = Solver::new(&TakeOneOrTwo);
    /// assert_eq!(solver.value(&7)?, Nimber::new(1));
    /// assert_eq!(solver.known(&7), Some(Known::Value(Nimber::new(1))));
    /// assert_eq!(solver.known(&8), None, "never searched");
    /// # Ok::<(), grundy_core::SolveError>(())
    /// ```
    pub fn known(&self, position: &R::Position) -> Option<Known> {
        let key = self.ruleset.canonical(position);
        if let Some(word) = self.ruleset.word_key(&key) {
            let found = match (&self.shared, &self.compact) {
                (Some(shared), _) => shared.get(word),
                (None, Some(compact)) => compact.peek(word),
                (None, None) => None,
            };
            if found.is_some() {
                return found;
            }
        }
        match &self.shared_map {
            Some(map) => map.peek(&key),
            None => self.table.peek(&key).map(Packed::unpack),
        }
    }

    /// The compact table of positions with a [word key](Ruleset::word_key), if the search
    /// has grown large enough to make it.
    ///
    /// Small searches keep every fact in the general table, whose lookups are as fast while
    /// it fits in the processor's caches. When it reaches [`COMPACT_FROM`] entries and the
    /// position being stored has a word key, its facts move to a compact table (if the memory
    /// bound allows its least size, [`compact::MIN_BYTES`](crate::compact::MIN_BYTES)), and the bound of
    /// [`Config::with_table_bytes`] is shared: 7/8 for the compact table, 1/8 for the general
    /// one (for positions without a word key and the rare facts that do not fit in 16 bits).
    pub const fn compact_table(&self) -> Option<&CompactTable> {
        self.compact.as_ref()
    }

    /// The number of normal-play facts stored, in both tables.
    pub fn table_len(&self) -> usize {
        self.table.len() + self.compact.as_ref().map_or(0, CompactTable::len)
    }

    /// How full the normal-play tables are, from 0 to 1: facts stored over the most they
    /// hold at their memory bound.
    fn table_fill(&self) -> f64 {
        let capacity =
            self.table.capacity() + self.compact.as_ref().map_or(0, CompactTable::capacity);
        #[allow(clippy::cast_precision_loss, reason = "a fraction for a progress line")]
        let fill = self.table_len() as f64 / capacity.max(1) as f64;
        fill
    }

    /// Forgets every stored result (the counters are kept).
    pub fn clear(&mut self) {
        self.table.clear();
        if let Some(compact) = &mut self.compact {
            compact.clear();
        }
        self.misere.clear();
        self.front.clear();
        if let Some(history) = &mut self.history {
            history.clear();
        }
    }

    /// The Grundy value (nimber) of `position` under normal play.
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget runs out before the value is known.
    pub fn value(&mut self, position: &R::Position) -> Result<Nimber, SolveError> {
        let budget = self.budget.clone();
        let mut meter = budget.start();
        self.value_metered(position, &mut meter)
    }

    /// [`value`](Self::value) under a running count.
    fn value_metered(
        &mut self,
        position: &R::Position,
        meter: &mut Meter<'_>,
    ) -> Result<Nimber, SolveError> {
        let mut parts = Vec::new();
        let mut total = self.ruleset.split(position, &mut parts);
        for part in parts {
            total += self.component_value(part, meter)?;
        }
        Ok(total)
    }

    /// The exact value of one component, by the configured method.
    fn component_value(
        &mut self,
        part: R::Position,
        meter: &mut Meter<'_>,
    ) -> Result<Nimber, SolveError> {
        if self.method == Method::Pruned {
            return self.pruned_value(part, meter);
        }
        match self.solve(part, Goal::Value, false, meter)? {
            Answer::Normal(Known::Value(v)) => Ok(v),
            other => unreachable!("a value search answered {other:?}"),
        }
    }

    /// The normal-play outcome of `position`.
    ///
    /// A position with one component is searched only until a move to a P-position is found,
    /// which is usually far cheaper than its Grundy value. A sum of several components needs
    /// their values.
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget runs out first.
    pub fn outcome(&mut self, position: &R::Position) -> Result<Outcome, SolveError> {
        let budget = self.budget.clone();
        let mut meter = budget.start();
        self.outcome_metered(position, &mut meter)
    }

    fn outcome_metered(
        &mut self,
        position: &R::Position,
        meter: &mut Meter<'_>,
    ) -> Result<Outcome, SolveError> {
        let mut parts = Vec::new();
        let settled = self.ruleset.split(position, &mut parts);
        if self.method == Method::Pruned {
            // Value every component exactly but the one with most moves, then ask that one
            // whether its value cancels theirs.
            if parts.is_empty() {
                return Ok(Outcome::from_value(settled));
            }
            let last = parts.swap_remove(self.hardest(&parts));
            let mut total = settled;
            for part in parts {
                total += self.pruned_value(part, meter)?;
            }
            return Ok(if self.pruned_is(last, total, meter)? { Outcome::P } else { Outcome::N });
        }
        let goal = part_goal(Goal::Outcome, parts.len(), settled);
        let mut total = settled;
        for part in parts {
            match self.solve(part, goal, false, meter)? {
                Answer::Normal(Known::Value(v)) => total += v,
                Answer::Normal(Known::NonZero | Known::Excludes(_)) => return Ok(Outcome::N),
                other => unreachable!("a normal-play search answered {other:?}"),
            }
        }
        Ok(Outcome::from_value(total))
    }

    /// Tells whether the Grundy value of `position` lies in `set`.
    ///
    /// This is the question the pruned searches (Lemoine-Viennot, Beling-Rogalski) ask of
    /// children; today it computes the value and tests membership, with a fast path for the
    /// set `{0}` (an outcome search).
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget runs out first.
    pub fn value_in(
        &mut self,
        position: &R::Position,
        set: &NimberSet,
    ) -> Result<bool, SolveError> {
        if set.len() == 1 && set.contains(Nimber::ZERO) {
            return Ok(self.outcome(position)?.is_p());
        }
        Ok(set.contains(self.value(position)?))
    }

    /// Every legal move of `position` that leads to a P-position (a win under normal play),
    /// in the order of [`Ruleset::moves`].
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget (shared by the whole call) runs out first.
    pub fn winning_moves(&mut self, position: &R::Position) -> Result<Vec<R::Move>, SolveError> {
        let budget = self.budget.clone();
        let mut meter = budget.start();
        let mut moves = self.ruleset.move_list(position);
        if self.reverse {
            // A helper of a parallel search takes the children in the other order.
            moves.reverse();
        }
        let mut winning = Vec::new();
        for mv in moves {
            // A child answered without search (by its known value, say) ticks no node, yet
            // its split may be costly: the clock is read per child.
            meter.poll()?;
            let child = self.ruleset.play(position, &mv);
            if self.outcome_metered(&child, &mut meter)?.is_p() {
                winning.push(mv);
            }
        }
        if self.reverse {
            winning.reverse();
        }
        Ok(winning)
    }

    /// Every legal move of `position` paired with the Grundy value of the position it leads to.
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget (shared by the whole call) runs out first.
    pub fn move_values(
        &mut self,
        position: &R::Position,
    ) -> Result<Vec<(R::Move, Nimber)>, SolveError> {
        let budget = self.budget.clone();
        let mut meter = budget.start();
        let moves = self.ruleset.move_list(position);
        let mut out = Vec::with_capacity(moves.len());
        for mv in moves {
            meter.poll()?;
            let child = self.ruleset.play(position, &mv);
            let v = self.value_metered(&child, &mut meter)?;
            out.push((mv, v));
        }
        Ok(out)
    }

    /// The misère outcome of `position`: the player who cannot move *wins*.
    ///
    /// Misère play does not decompose into components, so this searches whole positions
    /// (keyed by their canonical form) in a table of its own.
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget runs out first.
    pub fn misere_outcome(&mut self, position: &R::Position) -> Result<Outcome, SolveError> {
        let budget = self.budget.clone();
        let mut meter = budget.start();
        match self.solve(position.clone(), Goal::Misere, false, &mut meter)? {
            Answer::Misere(outcome) => Ok(outcome),
            other => unreachable!("a misère search answered {other:?}"),
        }
    }

    /// The misère Grundy value of `position`: 1 for a terminal position, otherwise the mex of
    /// the misère values of its options.
    ///
    /// It is 0 exactly for misère P-positions. Unlike the normal-play value it does not add
    /// over sums (misère play has no such theorem), so whole positions are searched, keyed by
    /// their canonical form, in the misère table.
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget runs out first.
    pub fn misere_value(&mut self, position: &R::Position) -> Result<Nimber, SolveError> {
        let budget = self.budget.clone();
        let mut meter = budget.start();
        match self.solve(position.clone(), Goal::MisereValue, false, &mut meter)? {
            Answer::MisereValue(v) => Ok(v),
            other => unreachable!("a misère value search answered {other:?}"),
        }
    }

    /// Every legal move of `position` that wins under misère play.
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget (shared by the whole call) runs out first.
    pub fn misere_winning_moves(
        &mut self,
        position: &R::Position,
    ) -> Result<Vec<R::Move>, SolveError> {
        let budget = self.budget.clone();
        let mut meter = budget.start();
        let moves = self.ruleset.move_list(position);
        let mut winning = Vec::new();
        for mv in moves {
            meter.poll()?;
            let child = self.ruleset.play(position, &mv);
            match self.solve(child, Goal::Misere, false, &mut meter)? {
                Answer::Misere(outcome) if outcome.is_p() => winning.push(mv),
                Answer::Misere(_) => {}
                other => unreachable!("a misère search answered {other:?}"),
            }
        }
        Ok(winning)
    }

    /// Makes this solver keep the facts of positions with a [word key](Ruleset::word_key) in
    /// `table`, which other solvers may share, at once or one after another (the parallel
    /// search uses this). Facts that do not fit the shared table stay in this solver's own.
    ///
    /// When the shared table [wants room](SharedTable::wants_room), a search stops with
    /// [`SolveError::Cancelled`] at its next poll point, so that the caller can grow the table
    /// (its facts all true) and search again (the parallel search of the `rayon` feature
    /// does).
    #[must_use]
    pub fn with_shared_table(mut self, table: Arc<SharedTable>) -> Self {
        self.shared = Some(table);
        self
    }

    /// Whether the shared table is full enough to grow (see
    /// [`with_shared_table`](Self::with_shared_table)).
    fn shared_wants_room(&self) -> bool {
        self.shared.as_ref().is_some_and(|table| table.wants_room())
    }

    /// Makes this solver keep the facts of positions without a word key (and those the shared
    /// word table cannot hold) in `map`, which other solvers share (the parallel search).
    #[cfg(feature = "rayon")]
    fn with_shared_map(mut self, map: Arc<SharedMap<R::Position>>) -> Self {
        self.shared_map = Some(map);
        self
    }

    /// Makes this solver try moves in reverse order, so that the solvers of a parallel
    /// search that share a table search different parts of the tree first.
    #[must_use]
    #[cfg(feature = "rayon")]
    pub(crate) const fn reversed(mut self) -> Self {
        self.reverse = true;
        self
    }

    /// The normal-play fact stored for a canonical position.
    fn lookup(&mut self, key: &R::Position) -> Option<Known> {
        if let Some(shared) = &self.shared {
            if let Some(word) = self.ruleset.word_key(key) {
                let found = shared.get(word);
                if found.is_some() || self.wide_facts == 0 {
                    return found;
                }
            }
        }
        if let Some(map) = &self.shared_map {
            return map.get(key);
        }
        if let Some(compact) = &mut self.compact {
            if let Some(word) = self.ruleset.word_key(key) {
                let found = compact.get(word);
                // Facts too wide for the compact table are in the general one.
                if found.is_some() || self.wide_facts == 0 {
                    return found;
                }
            }
        }
        self.table.get(key).map(Packed::unpack)
    }

    /// Stores a normal-play fact for a canonical position found `depth` moves below the root
    /// of the search (the compact table protects those above [`PROTECTED_DEPTH`]).
    fn store(&mut self, key: R::Position, known: Known, depth: usize) {
        let protect = depth < PROTECTED_DEPTH;
        let known = if self.compact.is_some() || self.shared.is_some() {
            match narrowed(known) {
                Some(known) => known,
                None => return,
            }
        } else {
            known
        };
        let put = |compact: &mut CompactTable, word: u64| {
            if protect {
                compact.insert_protected(word, known)
            } else {
                compact.insert(word, known)
            }
        };
        if let Some(shared) = &self.shared {
            match self.ruleset.word_key(&key) {
                Some(word) if shared.insert(word, known).fits() => return,
                Some(_) => self.wide_facts += 1,
                None => {}
            }
        }
        if let Some(map) = &self.shared_map {
            map.insert(key, known);
            return;
        }
        if self.shared.is_some() {
            self.put_general(key, known);
            return;
        }
        if let Some(compact) = &mut self.compact {
            if let Some(word) = self.ruleset.word_key(&key) {
                if put(compact, word) {
                    return;
                }
                self.wide_facts += 1;
            }
        } else if self.table.len() >= COMPACT_FROM
            && self.table_bytes >= crate::compact::MIN_BYTES / 7 * 8
            && self.ruleset.word_key(&key).is_some()
        {
            self.make_compact();
            if let Some(word) = self.ruleset.word_key(&key) {
                if self.compact.as_mut().is_some_and(|c| put(c, word)) {
                    return;
                }
            }
        }
        self.put_general(key, known);
    }

    /// Stores a fact in the general table (the part of it that fits in a [`Packed`] word).
    fn put_general(&mut self, key: R::Position, known: Known) {
        if let Some(packed) = Packed::pack(known) {
            self.table.insert(key, packed);
        }
    }

    /// Moves the facts of positions with a word key into a new compact table, sharing the
    /// memory bound (see [`compact_table`](Self::compact_table)). Called only when the bound
    /// allows the compact table's least size.
    fn make_compact(&mut self) {
        let Some(mut compact) = CompactTable::with_bytes(self.table_bytes / 8 * 7) else {
            debug_assert!(false, "the bound was checked");
            return;
        };
        let mut general = Table::with_bytes(self.table_bytes / 8);
        for (key, &packed) in self.table.iter() {
            let Some(known) = narrowed(packed.unpack()) else { continue };
            let word = self.ruleset.word_key(key);
            if !word.is_some_and(|w| compact.insert(w, known)) {
                self.wide_facts += usize::from(word.is_some());
                general.insert(key.clone(), packed);
            }
        }
        self.moved_stats = self.table.stats();
        self.table = general;
        self.compact = Some(compact);
    }

    /// Answers from closed forms or the table, without search. On a miss, returns the key.
    fn quick(&mut self, position: &R::Position, goal: Goal) -> Result<Answer, R::Position> {
        if matches!(goal, Goal::Misere | Goal::MisereValue) {
            let key = self.ruleset.canonical(position);
            self.stats.table_lookups += 1;
            let answer = match (self.misere.get(&key), goal) {
                (Some(MisereKnown::Value(v)), Goal::MisereValue) => Answer::MisereValue(v),
                (Some(MisereKnown::Value(v)), _) => Answer::Misere(Outcome::from_value(v)),
                (Some(MisereKnown::Outcome(o)), Goal::Misere) => Answer::Misere(o),
                _ => return Err(key),
            };
            self.stats.table_hits += 1;
            return Ok(answer);
        }
        let slot = self.front.slot(position);
        self.quick_at(slot, position, goal)
    }

    /// [`quick`](Self::quick) under normal play, `slot` being the front cache's slot of
    /// `position` (made once for a child that is one component).
    fn quick_at(
        &mut self,
        slot: usize,
        position: &R::Position,
        goal: Goal,
    ) -> Result<Answer, R::Position> {
        let found = self.look_up_at(slot, position);
        self.answer(found, goal)
    }

    /// The answer of [`quick`](Self::quick) from what [`look_up_at`](Self::look_up_at) found.
    #[inline]
    fn answer(
        &mut self,
        found: Result<Nimber, (R::Position, Option<Known>)>,
        goal: Goal,
    ) -> Result<Answer, R::Position> {
        match found {
            Ok(v) => Ok(Answer::Normal(Known::Value(v))),
            Err((_, Some(known))) if goal == Goal::Outcome && known.excludes(Nimber::ZERO) => {
                self.stats.table_hits += 1;
                Ok(Answer::Normal(Known::NonZero))
            }
            Err((key, _)) => Err(key),
        }
    }

    /// The exact value of a component (normal play) from the table, or its canonical form
    /// and what the table knows of it otherwise, through the [front cache](Front):
    /// a component met lately is not canonicalised again, and its value, once known, is not
    /// looked up again. Counts the lookup, and the hit of an exact value.
    fn look_up(&mut self, component: &R::Position) -> Result<Nimber, (R::Position, Option<Known>)> {
        let slot = self.front.slot(component);
        self.look_up_at(slot, component)
    }

    /// [`look_up`](Self::look_up), `slot` being the front cache's slot of `component`.
    fn look_up_at(
        &mut self,
        slot: usize,
        component: &R::Position,
    ) -> Result<Nimber, (R::Position, Option<Known>)> {
        match self.front_or_key(slot, component) {
            Ok(v) => Ok(v),
            Err(key) => self.table_at(slot, component, key),
        }
    }

    /// The first half of [`look_up_at`](Self::look_up_at): the value of a component from the
    /// front cache or its closed form, or else its canonical form (its table key).
    #[inline]
    fn front_or_key(
        &mut self,
        slot: usize,
        component: &R::Position,
    ) -> Result<Nimber, R::Position> {
        match self.front.get(slot, component) {
            Some((_, Some(v))) => {
                self.stats.table_lookups += 1;
                self.stats.table_hits += 1;
                Ok(*v)
            }
            Some((key, None)) => Err(key.clone()),
            None => {
                // A closed form is asked once per component met, and then kept in the front
                // cache like a value from the table.
                if let Some(v) = self.ruleset.known_value(component) {
                    self.stats.known_values += 1;
                    self.front.put(slot, component, (component.clone(), Some(v)));
                    return Ok(v);
                }
                Err(self.ruleset.canonical(component))
            }
        }
    }

    /// The second half of [`look_up_at`](Self::look_up_at): the table asked about `key`, the
    /// canonical form of `component`, and its answer kept in the front cache.
    #[inline]
    fn table_at(
        &mut self,
        slot: usize,
        component: &R::Position,
        key: R::Position,
    ) -> Result<Nimber, (R::Position, Option<Known>)> {
        self.stats.table_lookups += 1;
        match self.lookup(&key) {
            Some(Known::Value(v)) => {
                self.stats.table_hits += 1;
                self.front.put(slot, component, (key, Some(v)));
                Ok(v)
            }
            known => {
                self.front.put(slot, component, (key.clone(), None));
                Err((key, known))
            }
        }
    }

    /// Reads the table's bucket of each part of `batch` in turn (by its word key on a table of
    /// words; the general table looks each part up), with nothing else in between, so that
    /// the processor fetches them all at once rather than one lookup at a time: the lookups
    /// that follow find them in its cache. On large searches a lookup mostly waits for
    /// memory, and a frame's children are many independent lookups.
    fn warm(&self, batch: &Batch<R::Position>) {
        if let Some(shared) = &self.shared {
            shared.warm(&batch.words);
        } else if let Some(compact) = &self.compact {
            compact.warm(&batch.words);
        } else if self.shared_map.is_none() {
            self.table.warm(batch.parts.iter().map(|(_, key, _)| key));
        }
    }

    /// The table's answer for a component already canonicalised (`key`) whose closed forms
    /// were asked: what [`quick`](Self::quick) would answer, without making the key again.
    fn lookup_key(&mut self, key: &R::Position, goal: Goal) -> Option<Answer> {
        self.stats.table_lookups += 1;
        let answer = match self.lookup(key)? {
            Known::Value(v) => Answer::Normal(Known::Value(v)),
            known if goal == Goal::Outcome && known.excludes(Nimber::ZERO) => {
                Answer::Normal(Known::NonZero)
            }
            _ => return None,
        };
        self.stats.table_hits += 1;
        Some(answer)
    }

    /// Searches one component (or, for misère, one whole position) with an explicit stack;
    /// `irreducible` when [`Ruleset::reduce`] is known to leave it as it is.
    fn solve(
        &mut self,
        position: R::Position,
        goal: Goal,
        irreducible: bool,
        meter: &mut Meter<'_>,
    ) -> Result<Answer, SolveError> {
        let key = match self.quick(&position, goal) {
            Ok(answer) => return Ok(answer),
            Err(key) => key,
        };
        let before = meter.nodes();
        let result = self.search(key, position, goal, irreducible, meter);
        // Leave no half-expanded frames behind after an error.
        while let Some(frame) = self.stack.pop() {
            self.recycle(frame.bufs);
        }
        self.stats.nodes += meter.nodes() - before;
        result
    }

    fn recycle(&mut self, mut bufs: Buffers<R::Position, R::Move>) {
        bufs.moves.clear();
        bufs.parts.clear();
        bufs.kids.clear();
        bufs.open.clear();
        bufs.seen.clear();
        self.spare.push(bufs);
    }

    /// Pushes a frame for `position` (whose table key is `key`) and lists its moves.
    fn push(
        &mut self,
        key: R::Position,
        position: R::Position,
        goal: Goal,
        irreducible: bool,
        meter: &mut Meter<'_>,
    ) -> Result<(), SolveError> {
        meter.tick()?;
        if meter.at_poll_point() && self.shared_wants_room() {
            return Err(SolveError::Cancelled);
        }
        if let Some(progress) = meter.progress_due() {
            progress.set_table_fill(self.table_fill());
        }
        let mut bufs = self.spare.pop().unwrap_or_default();
        self.ruleset.moves(&position, &mut bufs.moves);
        if let Err(e) = meter.charge(bufs.moves.len()) {
            self.recycle(bufs);
            return Err(e);
        }
        if goal != Goal::Value {
            self.ruleset.order_moves(&position, &mut bufs.moves);
        }
        if self.reverse {
            bufs.moves.reverse();
        }
        if matches!(goal, Goal::Value | Goal::Outcome) {
            self.known_children(&position, goal, irreducible, &mut bufs);
        }
        self.stack.push(Frame {
            key,
            position,
            goal,
            next: 0,
            in_child: false,
            left: 0,
            part_goal: goal,
            acc: Nimber::ZERO,
            nonzero: false,
            bufs,
        });
        self.stats.max_depth = self.stats.max_depth.max(self.depth_base + self.stack.len());
        Ok(())
    }

    /// Makes and looks up every child of a new frame before any is searched, and keeps in
    /// `bufs.kids` and `bufs.open` only the children (in move order, last first) that the
    /// table cannot answer, with their parts left to find and those parts' table keys.
    ///
    /// A value search adds the values of the known children to `bufs.seen`; an outcome
    /// search that finds a known P-position child keeps that child alone (the main loop then
    /// answers from it at once), an enhanced transposition cutoff. Most children are known
    /// (on Chomp, all but one in fifty), and this tight loop answers them without the main
    /// loop's bookkeeping of one child at a time; the others are never made, split or
    /// canonicalised again.
    fn known_children(
        &mut self,
        position: &R::Position,
        goal: Goal,
        irreducible: bool,
        bufs: &mut Buffers<R::Position, R::Move>,
    ) {
        let mut small = 0u64;
        if goal == Goal::Value && self.warms() {
            self.known_children_warmed(position, irreducible, bufs, &mut small);
        } else {
            for i in 0..bufs.moves.len() {
                let child = self.ruleset.play(position, &bufs.moves[i]);
                // A child the front cache knows whole is neither split nor looked up in parts;
                // one it holds without a value is its own one part.
                let (acc, nonzero, left) = match self.known_whole(&child) {
                    Ok(v) => (v, false, 0),
                    Err((whole, met)) => {
                        bufs.parts.clear();
                        let mv = &bufs.moves[i];
                        let settled =
                            self.split_unless_met(position, mv, &child, met, &mut bufs.parts);
                        let part_goal = part_goal(goal, bufs.parts.len(), settled);
                        let (mut acc, mut nonzero, opened) = (settled, false, bufs.open.len());
                        for part in bufs.parts.drain(..) {
                            let slot = self.part_slot(&part, &child, whole);
                            let found = self.quick_at(slot, &part, part_goal);
                            let from = irreducible.then_some((position, mv));
                            self.absorb_part(
                                found,
                                part,
                                goal,
                                from,
                                &mut acc,
                                &mut nonzero,
                                &mut bufs.open,
                            );
                        }
                        (acc, nonzero, bufs.open.len() - opened)
                    }
                };
                if record_child(bufs, &mut small, goal, acc, nonzero, left) {
                    break;
                }
            }
        }
        bufs.seen.insert_mask(small);
        bufs.kids.reverse();
        bufs.open.reverse();
    }

    /// Whether the table is to be [warmed](Self::warm): a table of words (compact or shared),
    /// or a general table of at least [`GENERAL_WARM_FROM`] entries (not the locked map that
    /// the threads of a parallel search share for positions without a word key).
    fn warms(&self) -> bool {
        self.shared.is_some()
            || self.compact.is_some()
            || (self.shared_map.is_none() && self.table.len() >= GENERAL_WARM_FROM)
    }

    /// [`known_children`](Self::known_children) of a value search on a table to be
    /// [warmed](Self::warms): every child is needed, so all are made before any is looked up
    /// in the table, and the buckets of the parts the front cache does not know are
    /// [warmed](Self::warm) in one go.
    fn known_children_warmed(
        &mut self,
        position: &R::Position,
        irreducible: bool,
        bufs: &mut Buffers<R::Position, R::Move>,
        small: &mut u64,
    ) {
        let mut batch = core::mem::take(&mut self.batch);
        batch.clear();
        for mv in &bufs.moves {
            self.make_child(position, mv, &mut batch, &mut bufs.parts);
        }
        self.warm(&batch);
        let mut pending = batch.parts.drain(..);
        let mut done = 0;
        for (i, &(known, end)) in batch.children.iter().enumerate() {
            let (mut acc, mut nonzero, opened) = (known, false, bufs.open.len());
            for (part, key, slot) in pending.by_ref().take(end - done) {
                let found = self.table_at(slot, &part, key);
                let found = self.answer(found, Goal::Value);
                let from = irreducible.then_some((position, &bufs.moves[i]));
                self.absorb_part(
                    found,
                    part,
                    Goal::Value,
                    from,
                    &mut acc,
                    &mut nonzero,
                    &mut bufs.open,
                );
            }
            done = end;
            let left = bufs.open.len() - opened;
            record_child(bufs, small, Goal::Value, acc, nonzero, left);
        }
        drop(pending);
        self.batch = batch;
    }

    /// Adds what the table said of a part of a child (`found`, as [`quick`](Self::quick)
    /// answers) to the child's nim-sum `acc` (or `nonzero`); a part it does not answer goes to
    /// `open` with its key, after a value search offered it to the reductions (`from`: the
    /// position and move it comes from, when that position is known not to reduce).
    #[allow(clippy::too_many_arguments, reason = "the state of one child, split for the borrows")]
    #[inline]
    fn absorb_part(
        &mut self,
        found: Result<Answer, R::Position>,
        part: R::Position,
        goal: Goal,
        from: Option<(&R::Position, &R::Move)>,
        acc: &mut Nimber,
        nonzero: &mut bool,
        open: &mut Vec<(R::Position, R::Position, bool)>,
    ) {
        match found {
            Ok(Answer::Normal(Known::Value(v))) => *acc += v,
            Ok(Answer::Normal(Known::NonZero)) => *nonzero = true,
            Ok(other) => unreachable!("a normal-play lookup answered {other:?}"),
            Err(key) if goal == Goal::Value => match self.reduced_part(from, &part, key, open) {
                Ok(v) => *acc += v,
                Err(key) => open.push((part, key, true)),
            },
            Err(key) => open.push((part, key, false)),
        }
    }

    /// Makes the child of `mv` for a search that [warms](Self::warm) the table: what the front
    /// cache and the closed forms know of it goes to `batch.children`, the parts they do not
    /// know to `batch.parts` with their keys (and to `batch.words` when the keys are words).
    #[inline]
    fn make_child(
        &mut self,
        position: &R::Position,
        mv: &R::Move,
        batch: &mut Batch<R::Position>,
        parts: &mut Vec<R::Position>,
    ) {
        let child = self.ruleset.play(position, mv);
        // A child the front cache knows whole is neither split nor looked up in parts; one it
        // holds without a value is its own one part.
        let (whole, met) = match self.known_whole(&child) {
            Ok(v) => {
                batch.children.push((v, batch.parts.len()));
                return;
            }
            Err(whole) => whole,
        };
        parts.clear();
        let mut acc = self.split_unless_met(position, mv, &child, met, parts);
        for part in parts.drain(..) {
            let slot = self.part_slot(&part, &child, whole);
            match self.front_or_key(slot, &part) {
                Ok(v) => acc += v,
                Err(key) => {
                    batch.words.extend(self.ruleset.word_key(&key));
                    batch.parts.push((part, key, slot));
                }
            }
        }
        batch.children.push((acc, batch.parts.len()));
    }

    /// The value of a child that the search met lately as a component of its own, from the
    /// [front cache](Front): such a child is answered without being split or its parts looked
    /// up (a child is often a component met before, as a child of a sibling or as a part of
    /// one). Counts a lookup and a hit when it answers; otherwise returns the child's slot in
    /// the front cache, for the lookup of the child's one part if the child is one component,
    /// and whether the cache holds the child (met as a component, its value unknown then).
    fn known_whole(&mut self, child: &R::Position) -> Result<Nimber, (usize, bool)> {
        let slot = self.front.slot(child);
        match self.front.get(slot, child) {
            Some(&(_, Some(value))) => {
                self.stats.table_lookups += 1;
                self.stats.table_hits += 1;
                Ok(value)
            }
            Some((_, None)) => Err((slot, true)),
            _ => Err((slot, false)),
        }
    }

    /// The parts of the child of `mv` (appended to `parts`) and the nimber settled, by
    /// [`Ruleset::split_child`]; a child `met` lately as a component of its own is its own
    /// one part, not split again.
    fn split_unless_met(
        &self,
        position: &R::Position,
        mv: &R::Move,
        child: &R::Position,
        met: bool,
        parts: &mut Vec<R::Position>,
    ) -> Nimber {
        if met {
            parts.push(child.clone());
            Nimber::ZERO
        } else {
            self.ruleset.split_child(position, mv, child, parts)
        }
    }

    /// The front cache's slot of `part`, a component of `child` whose slot is `whole`: the
    /// child's own when the child is that one component, so that its hash is made once.
    fn part_slot(&self, part: &R::Position, child: &R::Position, whole: usize) -> usize {
        if part == child { whole } else { self.front.slot(part) }
    }

    /// A part of a child that the table does not know (`key` its table key), reduced before
    /// the value search searches it: by [`Ruleset::reduce_child`] when `from` gives the
    /// position and move it comes from (a position known not to reduce), else by
    /// [`Ruleset::reduce`]. Returns the nim-sum of what the reduction settled and of the
    /// values of its parts that the table knows, the others appended to `open` with their
    /// keys; when every part is known the part's value is stored under `key`, so that the
    /// next meeting needs no reduction. `Err(key)` (nothing appended) when the part does not
    /// reduce.
    fn reduced_part(
        &mut self,
        from: Option<(&R::Position, &R::Move)>,
        part: &R::Position,
        key: R::Position,
        open: &mut Vec<(R::Position, R::Position, bool)>,
    ) -> Result<Nimber, R::Position> {
        let mut pieces = Vec::new();
        let Some(mut value) = self.offer_reduction(from, part, &mut pieces) else {
            return Err(key);
        };
        let before = open.len();
        for piece in pieces {
            match self.quick(&piece, Goal::Value) {
                Ok(Answer::Normal(Known::Value(v))) => value += v,
                Ok(other) => unreachable!("a value lookup answered {other:?}"),
                Err(piece_key) => open.push((piece, piece_key, false)),
            }
        }
        if open.len() == before {
            let depth = self.depth_base + self.stack.len() + 1;
            self.store(key, Known::Value(value), depth);
        }
        Ok(value)
    }

    /// Offers `part` to [`Ruleset::reduce_child`] when `from` gives the position (known not to
    /// reduce) and move it comes from, else to [`Ruleset::reduce`]: what the ruleset settled,
    /// the parts it left appended to `pieces`, or `None` when it does not reduce.
    fn offer_reduction(
        &self,
        from: Option<(&R::Position, &R::Move)>,
        part: &R::Position,
        pieces: &mut Vec<R::Position>,
    ) -> Option<Nimber> {
        match from {
            Some((position, mv)) => self.ruleset.reduce_child(position, mv, part, pieces),
            None => self.ruleset.reduce(part, pieces),
        }
    }

    /// The top frame. Only called while a search has a frame on the stack.
    fn top(&mut self) -> &mut Frame<R::Position, R::Move> {
        self.stack.last_mut().expect("a search keeps its frames on the stack")
    }

    fn search(
        &mut self,
        key: R::Position,
        position: R::Position,
        goal: Goal,
        irreducible: bool,
        meter: &mut Meter<'_>,
    ) -> Result<Answer, SolveError> {
        let base = self.stack.len();
        self.push(key, position, goal, irreducible, meter)?;
        'frames: loop {
            // 1. Evaluate the remaining components of the current child; push a frame on a miss.
            if self.top().in_child {
                loop {
                    let frame = self.top();
                    let need = frame.part_goal;
                    if frame.left > 0 {
                        // A part of a normal-play child: its key was made with the frame.
                        frame.left -= 1;
                        let (part, key, irreducible) =
                            frame.bufs.open.pop().expect("counted in `left`");
                        match self.lookup_key(&key, need) {
                            Some(answer) => absorb(self.top(), answer),
                            None => {
                                self.push(key, part, need, irreducible, meter)?;
                                continue 'frames;
                            }
                        }
                        continue;
                    }
                    let Some(part) = frame.bufs.parts.pop() else { break };
                    match self.quick(&part, need) {
                        Ok(answer) => absorb(self.top(), answer),
                        Err(key) => {
                            self.push(key, part, need, false, meter)?;
                            continue 'frames;
                        }
                    }
                }
                let frame = self.top();
                frame.in_child = false;
                if matches!(frame.goal, Goal::Value | Goal::MisereValue) {
                    let v = frame.acc;
                    frame.bufs.seen.insert(v);
                } else if !frame.nonzero && frame.acc.is_zero() {
                    // A move to a P-position: this position is N.
                    let answer = match frame.goal {
                        Goal::Misere => Answer::Misere(Outcome::N),
                        _ => Answer::Normal(Known::NonZero),
                    };
                    match self.finish(answer, base) {
                        Some(done) => return Ok(done),
                        None => continue,
                    }
                }
            }
            // 2. Start the next child, or finish this frame.
            let frame = self.stack.last_mut().expect("a search keeps its frames on the stack");
            if matches!(frame.goal, Goal::Value | Goal::Outcome) {
                if let Some((acc, left)) = frame.bufs.kids.pop() {
                    frame.in_child = true;
                    frame.acc = acc;
                    frame.nonzero = false;
                    frame.left = left;
                    frame.part_goal = part_goal(frame.goal, left, acc);
                    continue;
                }
            } else if frame.next < frame.bufs.moves.len() {
                let child = self.ruleset.play(&frame.position, &frame.bufs.moves[frame.next]);
                frame.next += 1;
                frame.in_child = true;
                frame.acc = Nimber::ZERO;
                frame.nonzero = false;
                frame.bufs.parts.clear();
                frame.bufs.parts.push(child);
                frame.part_goal = frame.goal;
                continue;
            }
            let answer = match frame.goal {
                Goal::Value => Answer::Normal(Known::Value(frame.bufs.seen.mex())),
                Goal::Outcome => Answer::Normal(Known::Value(Nimber::ZERO)),
                // No move to a misère P-position: P, unless there is no move at all.
                Goal::Misere if frame.bufs.moves.is_empty() => Answer::Misere(Outcome::N),
                Goal::Misere => Answer::Misere(Outcome::P),
                Goal::MisereValue if frame.bufs.moves.is_empty() => {
                    Answer::MisereValue(Nimber::ONE)
                }
                Goal::MisereValue => Answer::MisereValue(frame.bufs.seen.mex()),
            };
            if let Some(done) = self.finish(answer, base) {
                return Ok(done);
            }
        }
    }

    /// Stores the answer of the top frame, pops it, and hands the answer to its parent.
    ///
    /// Returns the answer when the popped frame was the root of this search.
    fn finish(&mut self, answer: Answer, base: usize) -> Option<Answer> {
        let frame = self.stack.pop().expect("finish is called with a frame on the stack");
        match answer {
            Answer::Normal(known) => {
                let depth = self.depth_base + self.stack.len();
                self.store(frame.key, known, depth);
            }
            Answer::Misere(outcome) => self.misere.insert(frame.key, MisereKnown::Outcome(outcome)),
            Answer::MisereValue(v) => self.misere.insert(frame.key, MisereKnown::Value(v)),
        }
        self.recycle(frame.bufs);
        if self.stack.len() == base {
            return Some(answer);
        }
        absorb(self.top(), answer);
        None
    }
}

/// What a normal-play search with `goal` must find out about each of a child's `parts`
/// components, the child's other parts adding up to `settled`: an outcome search needs only
/// the outcome of a child with one component and nothing settled; otherwise it needs their
/// exact values.
const fn part_goal(goal: Goal, parts: usize, settled: Nimber) -> Goal {
    if matches!(goal, Goal::Outcome) && parts == 1 && settled.is_zero() {
        Goal::Outcome
    } else {
        Goal::Value
    }
}

/// Records a child made by [`Solver::known_children`]: its nim-sum `acc` so far, whether a
/// part is known to be non-zero, and how many of its parts are left in `bufs.open`. Returns
/// `true` when the child is a known P-position that ends an outcome search (then kept alone).
fn record_child<P, M>(
    bufs: &mut Buffers<P, M>,
    small: &mut u64,
    goal: Goal,
    acc: Nimber,
    nonzero: bool,
    left: usize,
) -> bool {
    if left > 0 {
        // A part known to be non-zero only answers a child of one part.
        debug_assert!(!nonzero);
        bufs.kids.push((acc, left));
    } else if goal == Goal::Value {
        // Small values in a word first (most are), into the set at the end.
        if acc.value() < 64 {
            *small |= 1 << acc.value();
        } else {
            bufs.seen.insert(acc);
        }
    } else if !nonzero && acc.is_zero() {
        bufs.kids.clear();
        bufs.open.clear();
        bufs.kids.push((Nimber::ZERO, 0));
        return true;
    }
    false
}

/// Adds a component's answer to the child being evaluated by `frame`.
fn absorb<P, M>(frame: &mut Frame<P, M>, answer: Answer) {
    match answer {
        Answer::Normal(Known::Value(v)) | Answer::MisereValue(v) => frame.acc += v,
        Answer::Normal(Known::NonZero | Known::Excludes(_)) | Answer::Misere(Outcome::N) => {
            frame.nonzero = true;
        }
        Answer::Misere(Outcome::P) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_facts_read_back_as_stored() {
        for known in [
            Known::Value(Nimber::ZERO),
            Known::Value(Nimber::new(1)),
            Known::Value(Nimber::new((1 << 63) - 1)),
            Known::NonZero,
            Known::Excludes(0b1010),
            Known::Excludes((1 << 63) - 1),
        ] {
            assert_eq!(Packed::pack(known).map(Packed::unpack), Some(known), "{known:?}");
        }
        // "Not zero" is the exclusion of zero.
        assert_eq!(Packed::pack(Known::Excludes(1)).map(Packed::unpack), Some(Known::NonZero));
        // What does not fit is dropped, never changed into another fact.
        assert_eq!(Packed::pack(Known::Value(Nimber::new(1 << 63))), None);
        assert_eq!(Packed::pack(Known::Excludes(0)), None);
        assert_eq!(Packed::pack(Known::Excludes(1 << 63)), None);
        assert_eq!(
            Packed::pack(Known::Excludes(1 << 63 | 0b100)).map(Packed::unpack),
            Some(Known::Excludes(0b100))
        );
    }
}
