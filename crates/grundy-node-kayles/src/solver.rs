//! [`KaylesSolver`]: Grundy values of Node-Kayles positions by value queries.

use std::time::Instant;

use grundy_core::{Budget, Nimber, Outcome, Ruleset, SolveError};
use grundy_graph::VertexSet;
use smallvec::SmallVec;

use crate::NodeKayles;
use crate::bits::Bits;
use crate::cache::{Cache, Info};
use crate::canon::{KEY_MAX_ORDER, packed_key};
use crate::closed::{cycle_value, path_value};

/// Settings of a [`KaylesSolver`].
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
#[derive(Clone, Debug)]
pub struct SolverConfig {
    table_bytes: usize,
    budget: Budget,
    canonical_max: usize,
    leaf_budget: usize,
}

impl Default for SolverConfig {
    /// 512 MiB of tables, components of up to 8 vertices keyed by canonical form, no budget.
    ///
    /// On random graphs of average degree 3, keying components of up to 12 vertices by
    /// canonical form saves about 13% of the nodes but costs more time in labelling than it
    /// saves; up to 8 is about even and helps symmetric graphs.
    fn default() -> Self {
        SolverConfig {
            table_bytes: 512 << 20,
            budget: Budget::unlimited(),
            canonical_max: 8,
            leaf_budget: 64,
        }
    }
}

impl SolverConfig {
    /// Bounds the memory of the solver's tables to about `bytes` bytes in all (see
    /// [`KaylesSolver`] for how it is shared).
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

/// Counters of a [`KaylesSolver`], summed over all its calls.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolverStats {
    /// Components expanded: the mex of their children computed, or their children searched for
    /// a P-position. The unit of the node budget.
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
///   worth `*1 + *1 = 0`. Both rules keep the Grundy value (tested against plain search).
/// - **Canonical keys.** Components of up to [`SolverConfig::with_canonical_max`] vertices are
///   keyed by their canonical labelling, so isomorphic components are solved once; larger
///   components (rarely isomorphic to one another in practice) by their vertex set, which is
///   exact and far cheaper.
/// - **Values by mex, outcomes by search.** The value of a component is the mex of its
///   children's values; the children of one component are split and looked up in one pass
///   (independent memory reads overlap), and only the components the tables do not know are
///   solved, depth first. An outcome (and each winning-move test) is the query "is the value
///   0?", answered by searching for a move to a P-position and stopping at the first; a child
///   made of several components needs the exact values of all but its largest one, which is
///   then asked whether its value is the nim-sum of the others (0 again, by search, or another
///   value, exactly). Value queries for every target in the manner of Lemoine and Viennot were
///   tried and lost on these graphs: their values are large (often above 10 at 50 vertices), so
///   proving "not `x`" for each `x` costs more than one full mex.
/// - **Bounds.** The value of a game is at most the length of its longest play, here the
///   independence number, which is at most the number of vertices minus a greedy matching: a
///   query for a larger value is answered no at once, and a mex that reaches the bound stops.
///
/// # Memory
///
/// The tables are set-associative with exact keys (four slots a bucket; a full bucket drops
/// its smallest component), grow as they fill and never exceed the bound of
/// [`SolverConfig::with_table_bytes`]: three quarters for vertex-set keys, one quarter for
/// canonical keys (all for vertex sets when canonical forms are off). A 16-byte slot holds a
/// vertex-set key of a graph of up to 64 vertices.
///
/// # Example
///
/// ```
/// use grundy_core::{Nimber, Outcome};
/// use grundy_graph::Graph;
/// use grundy_node_kayles::{KaylesSolver, NodeKayles};
///
/// let game = NodeKayles::new(Graph::petersen());
/// let mut solver = KaylesSolver::new(&game);
/// let start = game.start();
/// assert_eq!(solver.outcome(&start)?, Outcome::N);
/// let winning = solver.winning_moves(&start)?;
/// assert_eq!(winning.len(), 10); // by symmetry, every vertex wins
/// # Ok::<(), grundy_core::SolveError>(())
/// ```
#[derive(Debug)]
pub struct KaylesSolver<'a> {
    game: &'a NodeKayles,
    engine: AnyEngine,
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

impl<'a> KaylesSolver<'a> {
    /// A solver with the default [`SolverConfig`].
    pub fn new(game: &'a NodeKayles) -> Self {
        Self::with_config(game, SolverConfig::default())
    }

    /// A solver with the given settings.
    pub fn with_config(game: &'a NodeKayles, config: SolverConfig) -> Self {
        let n = game.graph().order();
        let engine = if n <= 64 {
            AnyEngine::Narrow(Engine::new(game, config))
        } else if n <= 128 {
            AnyEngine::Middle(Engine::new(game, config))
        } else {
            AnyEngine::Wide(Engine::new(game, config))
        };
        KaylesSolver { game, engine }
    }

    /// The game being solved.
    pub const fn game(&self) -> &'a NodeKayles {
        self.game
    }

    /// Replaces the budget of later calls.
    pub fn set_budget(&mut self, budget: Budget) {
        with_engine!(self, e => e.config.budget = budget);
    }

    /// The counters so far.
    pub fn stats(&self) -> SolverStats {
        match &self.engine {
            AnyEngine::Narrow(e) => e.stats(),
            AnyEngine::Middle(e) => e.stats(),
            AnyEngine::Wide(e) => e.stats(),
        }
    }

    /// Forgets everything proved (the counters are kept).
    pub fn clear(&mut self) {
        with_engine!(self, e => e.clear());
    }

    /// The Grundy value of `position` (vertices beyond the graph are ignored).
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget runs out first; what was proved is kept.
    pub fn value(&mut self, position: &VertexSet) -> Result<Nimber, SolveError> {
        with_engine!(self, e => e.run(|e| {
            let pos = e.bits(position);
            e.sum_value(&pos).map(Nimber::new)
        }))
    }

    /// The normal-play outcome of `position`: the query "is the value 0?", which stops at the
    /// first move to a P-position. A connected position's own value is never computed, only
    /// those of the smaller parts of children that split.
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget runs out first.
    pub fn outcome(&mut self, position: &VertexSet) -> Result<Outcome, SolveError> {
        with_engine!(self, e => e.run(|e| {
            let pos = e.bits(position);
            Ok(if e.sum_is(&pos, 0)? { Outcome::P } else { Outcome::N })
        }))
    }

    /// Every available vertex of `position` whose move leads to a P-position, in increasing
    /// order.
    ///
    /// # Errors
    ///
    /// [`SolveError`] when the budget (shared by the whole call) runs out first.
    pub fn winning_moves(&mut self, position: &VertexSet) -> Result<Vec<usize>, SolveError> {
        let moves = self.game.move_list(position);
        with_engine!(self, e => e.run(|e| {
            let pos = e.bits(position);
            let mut winning = Vec::new();
            for v in moves {
                let child = pos.minus(&e.closed[v]);
                if e.sum_is(&child, 0)? {
                    winning.push(v);
                }
            }
            Ok(winning)
        }))
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
        with_engine!(self, e => e.run(|e| {
            let pos = e.bits(position);
            let mut out = Vec::with_capacity(moves.len());
            for v in moves {
                let child = pos.minus(&e.closed[v]);
                out.push((v, Nimber::new(e.sum_value(&child)?)));
            }
            Ok(out)
        }))
    }
}

/// How often (in nodes) the clock is read and the cancellation flag probed.
const POLL_CLOCK: u64 = 1 << 10;
const POLL_CANCEL: u64 = 1 << 14;

/// Components up to this size are checked for a closed form before the table is asked.
const SMALL: usize = 6;

/// A component being solved: its vertex set, the set left by the twin rules, its canonical
/// key if it is small, and what is known about its value.
#[derive(Clone, Debug)]
struct Handle<B> {
    raw: B,
    reduced: B,
    canon: Option<[u64; 4]>,
    info: Info,
}

/// The solver proper, for one bitset width.
#[derive(Debug)]
struct Engine<B: Bits> {
    closed: Vec<B>,
    open: Vec<B>,
    /// Facts keyed by vertex set (components as met, and large components after the twin rules).
    sets: Cache<B>,
    /// Facts keyed by the canonical form of small components after the twin rules.
    canon: Cache<[u64; 4]>,
    config: SolverConfig,
    stats: SolverStats,
    /// Nodes of the current call, and its deadline.
    call_nodes: u64,
    deadline: Option<Instant>,
}

impl<B: Bits + Ord + Default> Engine<B> {
    fn new(game: &NodeKayles, config: SolverConfig) -> Self {
        let g = game.graph();
        let n = g.order();
        let open: Vec<B> = (0..n).map(|v| B::from_set(g.neighbors(v))).collect();
        let closed = (0..n)
            .map(|v| {
                let mut c = open[v].clone();
                c.add(v);
                c
            })
            .collect();
        let bytes = config.table_bytes;
        let canon_bytes = if config.canonical_max > 0 { bytes / 4 } else { 0 };
        Engine {
            closed,
            open,
            sets: Cache::with_bytes(bytes - canon_bytes),
            canon: Cache::with_bytes(canon_bytes),
            config,
            stats: SolverStats::default(),
            call_nodes: 0,
            deadline: None,
        }
    }

    fn stats(&self) -> SolverStats {
        SolverStats {
            table_entries: self.canon.len() + self.sets.len(),
            evictions: self.canon.evictions() + self.sets.evictions(),
            ..self.stats
        }
    }

    fn clear(&mut self) {
        self.canon.clear();
        self.sets.clear();
    }

    /// The position as a bitset of the graph's vertices.
    fn bits(&self, position: &VertexSet) -> B {
        let mut set = position.clone();
        set.intersect_with(&VertexSet::range(0..self.open.len()));
        B::from_set(&set)
    }

    /// Runs one call with a fresh count and clock.
    fn run<T>(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<T, SolveError>,
    ) -> Result<T, SolveError> {
        self.call_nodes = 0;
        self.deadline = self.config.budget.time_limit().map(|limit| Instant::now() + limit);
        if self.config.budget.is_cancelled() {
            return Err(SolveError::Cancelled);
        }
        f(self)
    }

    /// Counts one node against the budget.
    fn tick(&mut self) -> Result<(), SolveError> {
        self.call_nodes += 1;
        self.stats.nodes += 1;
        if let Some(limit) = self.config.budget.max_nodes() {
            if self.call_nodes > limit {
                return Err(SolveError::NodeLimit { limit });
            }
        }
        if self.call_nodes % POLL_CLOCK == 0 {
            if let (Some(deadline), Some(limit)) = (self.deadline, self.config.budget.time_limit())
            {
                if Instant::now() >= deadline {
                    return Err(SolveError::TimeLimit { limit });
                }
            }
            if self.call_nodes % POLL_CANCEL == 0 && self.config.budget.is_cancelled() {
                return Err(SolveError::Cancelled);
            }
        }
        Ok(())
    }

    /// The component of `set` holding `start`.
    fn flood(&self, start: usize, set: &B) -> B {
        let mut part = B::empty();
        part.add(start);
        let mut frontier = part.clone();
        loop {
            let mut next = B::empty();
            frontier.each(|v| next.or_with(&self.open[v]));
            let next = next.and(set).minus(&part);
            if next.none() {
                return part;
            }
            part.or_with(&next);
            frontier = next;
        }
    }

    /// The closed form of a connected set, if it has one.
    fn closed_form(&self, set: &B) -> Option<u64> {
        let k = set.count();
        if k <= 2 {
            return Some(u64::from(k > 0));
        }
        let (mut degree_sum, mut max_degree) = (0usize, 0usize);
        set.each(|v| {
            let d = self.open[v].count_and(set);
            degree_sum += d;
            max_degree = max_degree.max(d);
        });
        if degree_sum == k * (k - 1) {
            Some(1)
        } else if degree_sum == 2 * (k - 1) && max_degree <= 2 {
            Some(path_value(k as u64).value())
        } else if degree_sum == 2 * k && max_degree == 2 {
            Some(cycle_value(k as u64).value())
        } else {
            None
        }
    }

    /// Applies the twin rules to a connected set until none applies.
    fn reduce_twins(&self, set: &B) -> B {
        let mut set = set.clone();
        let mut keyed: SmallVec<[(B, usize); 64]> = SmallVec::new();
        loop {
            let mut changed = false;
            // True twins: equal closed neighbourhoods. Keep one of each class.
            keyed.clear();
            set.each(|v| keyed.push((self.closed[v].and(&set), v)));
            keyed.sort_unstable();
            for i in 1..keyed.len() {
                if keyed[i].0 == keyed[i - 1].0 {
                    set.del(keyed[i].1);
                    changed = true;
                }
            }
            // False twins: equal open neighbourhoods. Drop two of any class of three or more.
            keyed.clear();
            set.each(|v| keyed.push((self.open[v].and(&set), v)));
            keyed.sort_unstable();
            let mut i = 0;
            while i < keyed.len() {
                let mut j = i + 1;
                while j < keyed.len() && keyed[j].0 == keyed[i].0 {
                    j += 1;
                }
                let drop = (j - i - 1) / 2 * 2;
                for item in &keyed[j - drop..j] {
                    set.del(item.1);
                    changed = true;
                }
                i = j;
            }
            if !changed {
                return set;
            }
        }
    }

    /// The canonical key of a small set.
    fn canonical_key(&mut self, set: &B) -> [u64; 4] {
        self.stats.canonical_forms += 1;
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
        match self.sets.get(set) {
            Some(info) => {
                self.stats.table_hits += 1;
                info
            }
            None => Info::unknown(size),
        }
    }

    /// Everything known about a connected set (closed forms, twin rules, canonical key),
    /// starting from what the set table said.
    fn handle(&mut self, set: &B, info: Info) -> Handle<B> {
        let mut h = Handle { raw: set.clone(), reduced: set.clone(), canon: None, info };
        if let Some(v) = self.closed_form(set) {
            self.stats.closed_forms += 1;
            h.info.set_value(v);
            return h;
        }
        let reduced = self.reduce_twins(set);
        if reduced != *set {
            self.stats.twin_reductions += 1;
            if let Some(v) = self.closed_form(&reduced) {
                self.stats.closed_forms += 1;
                h.info.set_value(v);
                return h;
            }
        }
        if reduced.count() <= self.config.canonical_max {
            let key = self.canonical_key(&reduced);
            self.stats.table_lookups += 1;
            if let Some(known) = self.canon.get(&key) {
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

    /// Stores what is known under every key of the component.
    fn save(&mut self, h: &Handle<B>) {
        self.sets.insert(&h.raw, h.info);
        if let Some(key) = &h.canon {
            self.canon.insert(key, h.info);
        } else if h.reduced != h.raw {
            self.sets.insert(&h.reduced, h.info);
        }
    }

    /// An upper bound on the value of a connected set: its independence number is at most
    /// the number of vertices minus the size of any matching.
    fn value_bound(&self, set: &B) -> u64 {
        let mut free = set.clone();
        let mut matched = 0u64;
        set.each(|v| {
            if free.has(v) {
                if let Some(w) = self.open[v].and(&free).lowest() {
                    free.del(v);
                    free.del(w);
                    matched += 1;
                }
            }
        });
        set.count() as u64 - matched
    }

    /// The exact value of any set (a sum of components).
    fn sum_value(&mut self, set: &B) -> Result<u64, SolveError> {
        let mut rest = set.clone();
        let mut total = 0;
        while let Some(start) = rest.lowest() {
            let part = self.flood(start, &rest);
            rest = rest.minus(&part);
            total ^= self.comp_value(&part)?;
        }
        Ok(total)
    }

    /// The exact value of a connected set.
    fn comp_value(&mut self, set: &B) -> Result<u64, SolveError> {
        let k = set.count();
        if k <= 2 {
            return Ok(u64::from(k > 0));
        }
        let info = self.probe(set, k);
        match info.value() {
            Some(v) => Ok(v),
            None => self.solve_value(set, info),
        }
    }

    /// The exact value of a connected set of at least three vertices that the set table
    /// does not know (`info` is what it knows).
    fn solve_value(&mut self, set: &B, info: Info) -> Result<u64, SolveError> {
        let mut h = self.handle(set, info);
        let v = match h.info.value() {
            Some(v) => v,
            None => {
                let v = self.mex_value(&h.reduced)?;
                h.info.set_value(v);
                v
            }
        };
        self.save(&h);
        Ok(v)
    }

    /// Whether the value of a connected set of at least three vertices is 0, by outcome
    /// search (`info` is what the set table knows).
    fn solve_zero(&mut self, set: &B, info: Info) -> Result<bool, SolveError> {
        if let Some(v) = info.value() {
            return Ok(v == 0);
        }
        if info.nonzero() {
            return Ok(false);
        }
        let mut h = self.handle(set, info);
        let zero = if let Some(v) = h.info.value() {
            v == 0
        } else if h.info.nonzero() {
            false
        } else if self.zero_search(&h.reduced)? {
            h.info.set_nonzero();
            false
        } else {
            h.info.set_value(0);
            true
        };
        self.save(&h);
        Ok(zero)
    }

    /// Whether the value of `set` (a sum of components) is `x`.
    fn sum_is(&mut self, set: &B, x: u64) -> Result<bool, SolveError> {
        let mut rest = set.clone();
        let mut acc = 0u64;
        let mut pending: Vec<(B, Info)> = Vec::new();
        while let Some(start) = rest.lowest() {
            let part = self.flood(start, &rest);
            rest = rest.minus(&part);
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
        // Ask the largest component the question; the others need exact values.
        let largest =
            (0..pending.len()).max_by_key(|&i| pending[i].0.count()).expect("pending is not empty");
        let (big, info) = pending.swap_remove(largest);
        for (part, part_info) in &pending {
            acc ^= self.solve_value(part, *part_info)?;
        }
        let y = x ^ acc;
        if y == 0 {
            self.solve_zero(&big, info)
        } else if y >= 2 && y > self.value_bound(&big) {
            Ok(false)
        } else {
            Ok(self.solve_value(&big, info)? == y)
        }
    }

    /// Whether some move of the component leads to a P-position.
    fn zero_search(&mut self, set: &B) -> Result<bool, SolveError> {
        self.tick()?;
        let mut order: SmallVec<[(usize, usize); 64]> = SmallVec::new();
        set.each(|v| order.push((usize::MAX - self.open[v].count_and(set), v)));
        order.sort_unstable();
        for &(_, v) in &order {
            let child = set.minus(&self.closed[v]);
            if self.sum_is(&child, 0)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The value of a component: the mex of its children's values.
    ///
    /// The children are split into components and looked up in one pass first, and only the
    /// components the tables do not know are solved in a second pass: the lookups of the first
    /// pass do not wait on one another, which hides much of the memory latency.
    fn mex_value(&mut self, set: &B) -> Result<u64, SolveError> {
        self.tick()?;
        let bound = self.value_bound(set);
        let mut known: SmallVec<[u64; 64]> = SmallVec::new();
        let mut parts: SmallVec<[(usize, B, usize); 64]> = SmallVec::new();
        set.each(|v| {
            let mut rest = set.minus(&self.closed[v]);
            let mut acc = 0;
            while let Some(start) = rest.lowest() {
                let part = self.flood(start, &rest);
                rest = rest.minus(&part);
                let k = part.count();
                // Small paths, cycles and cliques are cheaper to recognise than to look up.
                match if k <= SMALL { self.closed_form(&part) } else { None } {
                    Some(x) => acc ^= x,
                    None => parts.push((known.len(), part, k)),
                }
            }
            known.push(acc);
        });
        // Read every bucket once before the lookups proper: these reads do not depend on one
        // another, so their cache misses overlap.
        let mut touched = 0u32;
        for (_, part, _) in &parts {
            touched ^= self.sets.touch(part);
        }
        core::hint::black_box(touched);
        let mut unknown: SmallVec<[(usize, B); 16]> = SmallVec::new();
        for (child, part, k) in parts {
            match self.probe(&part, k).value() {
                Some(x) => known[child] ^= x,
                None => unknown.push((child, part)),
            }
        }
        for (child, part) in unknown {
            known[child] ^= self.comp_value(&part)?;
        }
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
        debug_assert!(mex <= bound, "the value {mex} exceeds the bound {bound}");
        Ok(mex)
    }
}
