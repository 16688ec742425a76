//! Canonical forms of positions using the ruleset's hooks, in a memory-bounded table and under
//! a [`Budget`].
//!
//! [`Solver`] splits positions into [`components`](PartizanRuleset::components), looks each
//! component up by its [`canonical_key`](PartizanRuleset::canonical_key) in a grundy-core
//! [`Table`] (bounded in bytes; see its replacement policy), asks
//! [`known_value`](PartizanRuleset::known_value) first, and otherwise expands the component:
//! its value is `{G^L | G^R}` over the values of the positions its moves reach, put in
//! canonical form by [`GameStore::from_options`], and the position's value is the sum of its
//! components' values. It must agree with [`naive::canonical_form`](crate::naive::canonical_form),
//! which uses none of the hooks (the tests check it on random rulesets).
//!
//! A [`Budget`] bounds one call: the number of expanded components (the nodes), the time and a
//! cancellation flag. A call that runs out returns a [`SolveError`]; every value already proved
//! stays in the solver's table and store, so a later call with a larger budget resumes the work.
//!
//! [`canonical_form`] and [`canonical_form_within`] are one-call shortcuts into a caller's
//! [`GameStore`].

use grundy_core::{Budget, SolveError, Table, TableStats};

use crate::{Game, GameStore, POLL_INTERVAL, PartizanOutcome, PartizanRuleset, Player};
use grundy_core::Meter;

/// The cache bound of a new [`Solver`] and of the one-call functions: 256 MiB, half for the
/// position table and half for the store's memos (hash maps grow on demand, so small searches
/// use little of it).
pub const DEFAULT_TABLE_BYTES: usize = 256 << 20;

/// The canonical form of `position`, using the ruleset's hooks, with no budget.
///
/// This is [`canonical_form_within`] with [`Budget::unlimited`], which cannot fail.
///
/// ```
/// use grundy_partizan::{solve, GameStore, PartizanRuleset, Player};
///
/// /// Left may take 1 token from a heap, Right 2; a position is a list of heaps.
/// struct OneTwo;
///
/// impl PartizanRuleset for OneTwo {
///     type Position = Vec<u32>;
///     type Move = (usize, u32);
///     fn moves(&self, heaps: &Vec<u32>, player: Player, moves: &mut Vec<(usize, u32)>) {
///         let take = match player { Player::Left => 1, Player::Right => 2 };
///         moves.extend((0..heaps.len()).filter(|&i| heaps[i] >= take).map(|i| (i, take)));
///     }
///     fn play(&self, heaps: &Vec<u32>, _: Player, &(i, take): &(usize, u32)) -> Vec<u32> {
///         let mut next = heaps.clone();
///         next[i] -= take;
///         next
///     }
///     fn components(&self, heaps: &Vec<u32>, parts: &mut Vec<Vec<u32>>) {
///         parts.extend(heaps.iter().map(|&h| vec![h]));
///     }
/// }
///
/// let mut store = GameStore::new();
/// // Heap 2 is {1|0}: two heaps of 2 are the sum of two components.
/// let g = solve::canonical_form(&OneTwo, &vec![2, 2], &mut store);
/// assert_eq!(g, store.parse("{1|0} + {1|0}")?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn canonical_form<R: PartizanRuleset>(
    ruleset: &R,
    position: &R::Position,
    store: &mut GameStore,
) -> Game {
    match canonical_form_within(ruleset, position, store, &Budget::unlimited()) {
        Ok(g) => g,
        // An unlimited budget has no node limit, no clock and no flag: never reached.
        Err(_) => store.zero(),
    }
}

/// The canonical form of `position` in `store`, using the ruleset's hooks, within `budget`.
///
/// The table (bounded by [`DEFAULT_TABLE_BYTES`]) lives for this call only; use a [`Solver`]
/// to keep it between calls.
///
/// # Errors
///
/// [`SolveError`] when the budget runs out first (the games made so far stay in `store`).
///
/// ```
/// use grundy_core::{Budget, SolveError};
/// use grundy_partizan::{solve, GameStore, PartizanRuleset, Player};
///
/// /// Blue-Red Hackenbush strings: cut an edge of your colour and everything above it.
/// struct Hackenbush;
///
/// impl PartizanRuleset for Hackenbush {
///     type Position = Vec<bool>;
///     type Move = usize;
///     fn moves(&self, edges: &Vec<bool>, player: Player, moves: &mut Vec<usize>) {
///         let blue = player == Player::Left;
///         moves.extend((0..edges.len()).filter(|&i| edges[i] == blue));
///     }
///     fn play(&self, edges: &Vec<bool>, _: Player, &i: &usize) -> Vec<bool> {
///         edges[..i].to_vec()
///     }
/// }
///
/// let mut store = GameStore::new();
/// let string = vec![true, false, true]; // blue, red, blue: 1 - 1/2 + 1/4
/// let g = solve::canonical_form_within(&Hackenbush, &string, &mut store, &Budget::unlimited())?;
/// assert_eq!(store.display(g).to_string(), "3/4");
/// let tight = Budget::unlimited().with_max_nodes(2);
/// let err = solve::canonical_form_within(&Hackenbush, &string, &mut store, &tight);
/// assert_eq!(err, Err(SolveError::NodeLimit { limit: 2 }));
/// # Ok::<(), SolveError>(())
/// ```
pub fn canonical_form_within<R: PartizanRuleset>(
    ruleset: &R,
    position: &R::Position,
    store: &mut GameStore,
    budget: &Budget,
) -> Result<Game, SolveError> {
    let mut search = Search::new(Table::with_bytes(DEFAULT_TABLE_BYTES / 2));
    search.run(ruleset, position, store, budget)
}

/// Counters of a [`Solver`], summed over all its calls.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Stats {
    /// Components expanded (their moves listed and played), the unit of the node budget.
    pub nodes: u64,
    /// Components answered by [`PartizanRuleset::known_value`].
    pub known_values: u64,
    /// Components answered by the table.
    pub table_hits: u64,
    /// Table lookups (one per component met).
    pub table_lookups: u64,
    /// Deepest stack of components under expansion.
    pub max_depth: usize,
    /// Times the store's memos were forgotten to keep within the cache bound
    /// ([`Solver::with_table_bytes`]).
    pub memo_clears: u64,
}

/// A solver of canonical forms for one partizan ruleset: it owns its table and its
/// [`GameStore`], so values proved by one call speed up the next.
///
/// `R` is usually a reference to a ruleset (`Solver::new(&game)`), since `&R` is a ruleset
/// too. The games it returns are handles of its own store ([`store`](Self::store),
/// [`store_mut`](Self::store_mut), [`into_store`](Self::into_store)).
///
/// # Memory
///
/// [`with_table_bytes`](Self::with_table_bytes) (default [`DEFAULT_TABLE_BYTES`]) bounds the
/// solver's memory: half for the position table, a grundy-core [`Table`] that drops its least
/// recently used generation of entries when full; a quarter for the store's memos of
/// comparisons, sums and negations, which are forgotten ([`GameStore::clear_memos`])
/// whenever they outgrow their quarter; and a quarter for the store's games
/// ([`GameStore::game_bytes`]: one node per distinct game value met, which is what the
/// canonical forms returned are made of). Forgetting costs time (what was forgotten is
/// computed again if needed), never correctness; games cannot be forgotten, so a search whose
/// games outgrow their quarter stops with [`SolveError::MemoryLimit`]. Not counted: heap
/// memory owned by the positions themselves (a `Vec` position's buffer).
///
/// # Example
///
/// ```
/// use grundy_core::{Budget, SolveError};
/// use grundy_partizan::{solve::Solver, PartizanOutcome, PartizanRuleset, Player};
///
/// /// Left may take 1 token from a heap, Right 2.
/// struct OneTwo;
///
/// impl PartizanRuleset for OneTwo {
///     type Position = u32;
///     type Move = u32;
///     fn moves(&self, heap: &u32, player: Player, moves: &mut Vec<u32>) {
///         let take = match player { Player::Left => 1, Player::Right => 2 };
///         if take <= *heap {
///             moves.push(take);
///         }
///     }
///     fn play(&self, heap: &u32, _player: Player, take: &u32) -> u32 {
///         heap - take
///     }
/// }
///
/// let mut solver = Solver::new(&OneTwo).with_table_bytes(1 << 20);
/// let two = solver.canonical_form(&2)?;
/// assert_eq!(solver.store().display(two).to_string(), "{1|0}");
/// assert_eq!(solver.outcome(&3)?, PartizanOutcome::P); // heap 3 = 0
///
/// // A budget too small for a fresh heap stops the call; a larger one resumes the work.
/// let tight = Budget::unlimited().with_max_nodes(3);
/// assert_eq!(solver.canonical_form_within(&20, &tight), Err(SolveError::NodeLimit { limit: 3 }));
/// assert!(solver.canonical_form(&20).is_ok());
/// assert!(solver.stats().nodes > 0);
/// # Ok::<(), SolveError>(())
/// ```
#[derive(Debug)]
pub struct Solver<R: PartizanRuleset> {
    ruleset: R,
    search: Search<R::Position>,
    store: GameStore,
    budget: Budget,
}

impl<R: PartizanRuleset> Solver<R> {
    /// A solver with an empty store, a table of [`DEFAULT_TABLE_BYTES`] and no budget.
    pub fn new(ruleset: R) -> Self {
        Solver {
            ruleset,
            search: Search::new(Table::with_bytes(DEFAULT_TABLE_BYTES / 2)),
            store: GameStore::new(),
            budget: Budget::unlimited(),
        }
    }

    /// The same solver with a new, empty table, its memory bounded by about `bytes` bytes:
    /// half for the table's hash maps (see [`Table::with_bytes`]), a quarter for the store's
    /// memos and a quarter for its games (see [Memory](Self#memory); the store's games are
    /// kept).
    #[must_use]
    pub fn with_table_bytes(mut self, bytes: usize) -> Self {
        self.search.table = Table::with_bytes(bytes / 2);
        self.search.memo_bytes = bytes / 4;
        self.search.game_bytes = bytes / 4;
        self
    }

    /// The same solver with the store's memos bounded by about `bytes` bytes instead of a
    /// quarter of the table bound (the table and the games keep theirs): forgetting memos
    /// often costs time, never correctness.
    #[must_use]
    pub fn with_memo_bytes(mut self, bytes: usize) -> Self {
        self.search.memo_bytes = bytes;
        self
    }

    /// The same solver with a new, empty table of at most `entries` entries (at least two).
    #[must_use]
    pub fn with_table_entries(mut self, entries: usize) -> Self {
        self.search.table = Table::with_entries(entries);
        self
    }

    /// The same solver making its games in `store` (the table is emptied: its handles were
    /// those of the old store).
    #[must_use]
    pub fn with_store(mut self, store: GameStore) -> Self {
        self.store = store;
        self.search.table.clear();
        self
    }

    /// The same solver with `budget` for each call of [`canonical_form`](Self::canonical_form)
    /// and [`outcome`](Self::outcome).
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// The ruleset.
    pub const fn ruleset(&self) -> &R {
        &self.ruleset
    }

    /// The store holding the games this solver returns.
    pub const fn store(&self) -> &GameStore {
        &self.store
    }

    /// The store, to add, compare or print the games this solver returns.
    pub fn store_mut(&mut self) -> &mut GameStore {
        &mut self.store
    }

    /// The store, keeping its games after the solver is gone.
    pub fn into_store(self) -> GameStore {
        self.store
    }

    /// The canonical form of `position` within the solver's budget.
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget runs out before the value is known.
    pub fn canonical_form(&mut self, position: &R::Position) -> Result<Game, SolveError> {
        let budget = self.budget.clone();
        self.canonical_form_within(position, &budget)
    }

    /// The canonical form of `position` within `budget` (instead of the solver's).
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget runs out before the value is known.
    pub fn canonical_form_within(
        &mut self,
        position: &R::Position,
        budget: &Budget,
    ) -> Result<Game, SolveError> {
        self.search.run(&self.ruleset, position, &mut self.store, budget)
    }

    /// The outcome class of `position` (from its canonical form) within the solver's budget.
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget runs out before the value is known.
    pub fn outcome(&mut self, position: &R::Position) -> Result<PartizanOutcome, SolveError> {
        let g = self.canonical_form(position)?;
        Ok(self.store.outcome(g))
    }

    /// The counters, summed over every call so far.
    pub const fn stats(&self) -> Stats {
        self.search.stats
    }

    /// The counters of the position table.
    pub const fn table_stats(&self) -> TableStats {
        self.search.table.stats()
    }

    /// The number of positions in the table now.
    pub fn table_len(&self) -> usize {
        self.search.table.len()
    }

    /// Forgets every position of the table (the store and the counters are kept).
    pub fn clear(&mut self) {
        self.search.table.clear();
    }
}

/// The table and counters of a search; the ruleset and the store are lent by each call.
#[derive(Debug)]
struct Search<P> {
    table: Table<P, Game>,
    /// The bound of the store's memos in bytes, checked at each expanded component.
    memo_bytes: usize,
    /// The bound of the store's games in bytes, checked at each expanded component.
    game_bytes: usize,
    stats: Stats,
}

impl<P: Clone + Eq + core::hash::Hash> Search<P> {
    fn new(table: Table<P, Game>) -> Self {
        Search {
            table,
            memo_bytes: DEFAULT_TABLE_BYTES / 4,
            game_bytes: DEFAULT_TABLE_BYTES / 4,
            stats: Stats::default(),
        }
    }

    fn run<R: PartizanRuleset<Position = P>>(
        &mut self,
        ruleset: &R,
        position: &P,
        store: &mut GameStore,
        budget: &Budget,
    ) -> Result<Game, SolveError> {
        let mut meter = budget.start().with_poll_interval(POLL_INTERVAL);
        // The flags and the clock are read before the first node too: a node here is costly.
        meter.poll()?;
        self.position(ruleset, position, store, &mut meter, 0)
    }

    /// The value of a position: the sum of its components' values.
    fn position<R: PartizanRuleset<Position = P>>(
        &mut self,
        ruleset: &R,
        position: &P,
        store: &mut GameStore,
        meter: &mut Meter<'_>,
        depth: usize,
    ) -> Result<Game, SolveError> {
        let mut parts = Vec::new();
        ruleset.components(position, &mut parts);
        let mut total = store.zero();
        for part in &parts {
            let value = self.component(ruleset, part, store, meter, depth)?;
            total = store.sum(total, value);
        }
        Ok(total)
    }

    /// The value of one component: from the table, the closed form, or its options.
    fn component<R: PartizanRuleset<Position = P>>(
        &mut self,
        ruleset: &R,
        part: &P,
        store: &mut GameStore,
        meter: &mut Meter<'_>,
        depth: usize,
    ) -> Result<Game, SolveError> {
        let key = ruleset.canonical_key(part);
        self.stats.table_lookups += 1;
        if let Some(g) = self.table.get(&key) {
            self.stats.table_hits += 1;
            return Ok(g);
        }
        if let Some(g) = ruleset.known_value(&key, store) {
            self.stats.known_values += 1;
            return Ok(g);
        }
        meter.tick()?;
        if store.memo_bytes() > self.memo_bytes {
            store.clear_memos();
            self.stats.memo_clears += 1;
        }
        if store.game_bytes() > self.game_bytes {
            return Err(SolveError::MemoryLimit { bytes: self.game_bytes });
        }
        self.stats.nodes += 1;
        self.stats.max_depth = self.stats.max_depth.max(depth + 1);
        let mut sides: [Vec<Game>; 2] = [Vec::new(), Vec::new()];
        let mut moves = Vec::new();
        for (side, player) in sides.iter_mut().zip([Player::Left, Player::Right]) {
            moves.clear();
            ruleset.moves(&key, player, &mut moves);
            for mv in &moves {
                let next = ruleset.play(&key, player, mv);
                side.push(self.position(ruleset, &next, store, meter, depth + 1)?);
            }
        }
        let g = store.from_options(&sides[0], &sides[1]);
        self.table.insert(key, g);
        Ok(g)
    }
}
