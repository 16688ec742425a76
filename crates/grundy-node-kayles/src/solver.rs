//! [`KaylesSolver`]: Grundy values of Node-Kayles positions by value queries.

use std::time::Instant;

use grundy_core::{Budget, Nimber, Outcome, Ruleset, SolveError};
use grundy_graph::VertexSet;
use smallvec::SmallVec;

use crate::NodeKayles;
use crate::bits::Bits;
use crate::cache::{Cache, Info, SetTable};
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
///   worth `*1 + *1 = 0`. Both rules keep the Grundy value (tested against plain search). Twins
///   are looked for in `O(k d)` set operations, and in a component left by a move only around
///   the move: every component searched is twin-free, and a move changes the neighbourhoods of
///   the vertices at distance 2 from it only.
/// - **Splitting children.** Every component left by a move at `v` holds a vertex at distance
///   2 from `v`. Single vertices and edges among those are found at once, and a flood from one
///   of them stops as soon as it has met all the others: the large component of a child is
///   rarely flooded to its end.
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
///   query for a larger value is answered no at once (debug builds also check every mex
///   against it). On random graphs the bound is about twice the value, too loose to stop a mex
///   early.
///
/// # Memory
///
/// The tables are set-associative with exact keys (a full bucket drops its smallest
/// component), grow as they fill and never exceed the bound of
/// [`SolverConfig::with_table_bytes`]: three quarters for vertex-set keys, one quarter for
/// canonical keys (all for vertex sets when canonical forms are off). A slot takes 16 bytes
/// (wider keys: more), 4 a bucket; for graphs of up to 64 vertices, once the vertex-set table
/// holds 65536 entries and if its bound is at least 4 MiB, it moves to 8-byte slots (the key
/// is mixed by a bijection, whose bucket and 48 stored bits recover it exactly) in buckets of
/// 8 that are one cache line each. Random graphs of 50 vertices and average degree 3 need 1 to
/// 7 million entries.
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
    /// The vertices at distance exactly 2 from each vertex: every component left by a move at
    /// `v` in a connected set holds one of them.
    ring: Vec<B>,
    /// Facts keyed by vertex set (components as met, and large components after the twin rules).
    sets: B::Table,
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
        let bytes = config.table_bytes;
        let canon_bytes = if config.canonical_max > 0 { bytes / 4 } else { 0 };
        Engine {
            ring,
            closed,
            open,
            sets: B::Table::with_bytes(bytes - canon_bytes),
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

    /// The components of `rest`, the set left by a move at `v` in a connected set, appended
    /// to `out`.
    ///
    /// Every component of `rest` holds a vertex at distance 2 from `v` (a path from it to `v`
    /// in the connected set enters the closed neighbourhood of `v` through a neighbour of
    /// `v`): these are the seeds. A flood from a seed that reaches every seed not yet placed
    /// has met every component left, so they are one and the flood stops there; otherwise it
    /// runs to its end and finds one component.
    fn split_child(&self, v: usize, rest: &B, out: &mut SmallVec<[B; 8]>) {
        let mut left = rest.clone();
        let mut seeds = self.ring[v].and(rest);
        // Single vertices and edges first, found by their seeds at once, so that the flood of
        // the large component meets every other seed early.
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
        left = left.minus(&tiny);
        seeds = seeds.minus(&tiny);
        while let Some(s) = seeds.lowest() {
            let mut part = B::empty();
            part.add(s);
            let mut frontier = part.clone();
            loop {
                if seeds.minus(&part).none() {
                    out.push(left);
                    return;
                }
                let mut next = B::empty();
                frontier.each(|u| next.or_with(&self.open[u]));
                let next = next.and(&left).minus(&part);
                if next.none() {
                    break;
                }
                part.or_with(&next);
                frontier = next;
            }
            left = left.minus(&part);
            seeds = seeds.minus(&part);
            out.push(part);
        }
        debug_assert!(left.none(), "every component holds a seed");
    }

    /// The closed form of a connected set, if it has one: a clique (every vertex sees all
    /// others), a path (degrees at most 2, two ends) or a cycle (every degree 2). Stops at the
    /// first vertex that rules all three out, and counts nothing but the set itself.
    fn closed_form(&self, set: &B) -> Option<u64> {
        if !set.more_than(2) {
            return Some(u64::from(!set.none()));
        }
        let (mut clique, mut sparse, mut ends) = (true, true, 0u64);
        let decided = !set.all(|v| {
            let nb = self.open[v].and(set);
            if clique {
                let mut others = set.clone();
                others.del(v);
                clique = nb == others;
            }
            if sparse {
                if nb.more_than(2) {
                    sparse = false;
                } else if !nb.more_than(1) {
                    ends += 1;
                }
            }
            clique || sparse
        });
        if decided {
            None
        } else if clique {
            Some(1)
        } else {
            let k = set.count() as u64;
            match ends {
                0 => Some(cycle_value(k).value()),
                2 => Some(path_value(k).value()),
                _ => None,
            }
        }
    }

    /// Applies the twin rules to a connected set until none applies, looking for twins only
    /// among pairs and classes that hold a vertex of `suspects`.
    ///
    /// True twins are adjacent, so a vertex is compared with its neighbours only; false twins
    /// share every neighbour, so a vertex is compared with the neighbours of its lowest
    /// neighbour only. Removing a vertex keeps every other pair of twins twins, and each removal
    /// is justified in the set at that time, so the order of removals does not matter.
    ///
    /// `suspects` must hold a vertex of every pair of true twins and of every class of three or
    /// more false twins of `set`: all of `set` always qualifies, and so does the set of vertices
    /// at distance 2 from `v` when `set` is a component left by a move at `v` in a twin-free
    /// connected set (the neighbourhood of any other vertex of `set` is the same as in the
    /// parent, where the pair or class did not exist). After a removal, only neighbours of the
    /// removed vertex can have become twins, so they are the suspects of the next round.
    fn reduce_twins(&self, set: &B, suspects: &B) -> B {
        let mut set = set.clone();
        let mut suspects = suspects.and(&set);
        while !suspects.none() {
            let mut removed = B::empty();
            // True twins: equal closed neighbourhoods. Keep the lowest of each class, so that
            // twin sets reduce to the same set whatever the order of the search.
            suspects.each(|v| {
                if !set.has(v) {
                    return;
                }
                let nv = self.closed[v].and(&set);
                let mut class = B::empty();
                self.open[v].and(&set).each(|u| {
                    if self.closed[u].and(&set) == nv {
                        class.add(u);
                    }
                });
                if !class.none() {
                    class.add(v);
                    let keep = class.lowest().unwrap_or(v);
                    class.del(keep);
                    set = set.minus(&class);
                    removed.or_with(&class);
                }
            });
            // False twins: equal open neighbourhoods. Keep the lowest of each class of three or
            // more, and the second lowest too when the class is even.
            let mut false_suspects = suspects.clone();
            removed.each(|u| false_suspects.or_with(&self.open[u]));
            let false_suspects = false_suspects.and(&set);
            false_suspects.each(|v| {
                if !set.has(v) {
                    return;
                }
                let nv = self.open[v].and(&set);
                let Some(a) = nv.lowest() else { return };
                let mut class = B::empty();
                let mut size = 0;
                self.open[a].and(&set).each(|u| {
                    if self.open[u].and(&set) == nv {
                        class.add(u);
                        size += 1;
                    }
                });
                if size >= 3 {
                    let mut keep = B::empty();
                    class.each(|u| {
                        if keep.count() < 2 - size % 2 {
                            keep.add(u);
                        }
                    });
                    let class = class.minus(&keep);
                    set = set.minus(&class);
                    removed.or_with(&class);
                }
            });
            let mut next = B::empty();
            removed.each(|u| next.or_with(&self.open[u]));
            suspects = next.and(&set);
        }
        set
    }

    /// Whether a set has true twins or a class of three or more false twins, by comparing
    /// every pair (a check of [`reduce_twins`](Self::reduce_twins) in debug builds).
    fn has_twins(&self, set: &B) -> bool {
        let mut found = false;
        set.each(|u| {
            let (closed, open) = (self.closed[u].and(set), self.open[u].and(set));
            let mut false_twins = 0;
            set.each(|w| {
                if w != u && self.closed[w].and(set) == closed {
                    found = true;
                }
                if self.open[w].and(set) == open {
                    false_twins += 1;
                }
            });
            found |= false_twins >= 3;
        });
        found
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
    fn handle(&mut self, set: &B, info: Info, suspects: &B) -> Handle<B> {
        let mut h = Handle { raw: set.clone(), reduced: set.clone(), canon: None, info };
        if let Some(v) = self.closed_form(set) {
            self.stats.closed_forms += 1;
            h.info.set_value(v);
            return h;
        }
        let reduced = self.reduce_twins(set, suspects);
        debug_assert!(!self.has_twins(&reduced), "twins left in {reduced:?}");
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

    /// The exact value of a connected set of at least three vertices that the set table
    /// does not know (`info` is what it knows).
    fn solve_value(&mut self, set: &B, info: Info, suspects: &B) -> Result<u64, SolveError> {
        let mut h = self.handle(set, info, suspects);
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
        let mut h = self.handle(set, info, set);
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
            acc ^= self.solve_value(part, *part_info, part)?;
        }
        let y = x ^ acc;
        if y == 0 {
            self.solve_zero(&big, info)
        } else if y >= 2 && y > self.value_bound(&big) {
            Ok(false)
        } else {
            Ok(self.solve_value(&big, info, &big)? == y)
        }
    }

    /// Whether some move of the component leads to a P-position.
    ///
    /// The moves are tried cheapest first: a child is split into components and looked up,
    /// and one whose components are all known is settled at once; the others are ordered by
    /// the number of vertices in the unknown components other than the largest (those need
    /// exact values, the largest only the question), then by the degree of the move (larger
    /// degrees leave smaller children).
    fn zero_search(&mut self, set: &B) -> Result<bool, SolveError> {
        self.tick()?;
        let mut order: SmallVec<[(usize, usize, usize); 64]> = SmallVec::new();
        let mut split: SmallVec<[B; 8]> = SmallVec::new();
        let mut found = false;
        set.all(|v| {
            let rest = set.minus(&self.closed[v]);
            split.clear();
            self.split_child(v, &rest, &mut split);
            let (mut acc, mut unknown, mut largest) = (0, 0usize, 0usize);
            for part in &split {
                let x = if part.more_than(SMALL) { None } else { self.closed_form(part) };
                let x = x.or_else(|| {
                    self.stats.table_lookups += 1;
                    let x = self.sets.get(part).and_then(Info::value);
                    self.stats.table_hits += u64::from(x.is_some());
                    x
                });
                match x {
                    Some(x) => acc ^= x,
                    None => {
                        let k = part.count();
                        unknown += k;
                        largest = largest.max(k);
                    }
                }
            }
            if unknown == 0 {
                found = acc == 0;
                return !found;
            }
            let degree = self.open[v].count_and(set);
            order.push((unknown - largest, usize::MAX - degree, v));
            true
        });
        if found {
            return Ok(true);
        }
        order.sort_unstable();
        for &(_, _, v) in &order {
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
        let mut known: SmallVec<[u64; 64]> = SmallVec::new();
        // (child, move, component) of the components not answered by a closed form.
        let mut parts: SmallVec<[(usize, usize, B); 64]> = SmallVec::new();
        let mut split: SmallVec<[B; 8]> = SmallVec::new();
        set.each(|v| {
            let rest = set.minus(&self.closed[v]);
            let mut acc = 0;
            split.clear();
            self.split_child(v, &rest, &mut split);
            for part in split.drain(..) {
                // Small paths, cycles and cliques are cheaper to recognise than to look up.
                match if part.more_than(SMALL) { None } else { self.closed_form(&part) } {
                    Some(x) => acc ^= x,
                    None => parts.push((known.len(), v, part)),
                }
            }
            known.push(acc);
        });
        // Read every bucket once before the lookups proper: these reads do not depend on one
        // another, so their cache misses overlap.
        let mut touched = 0u32;
        for (_, _, part) in &parts {
            touched ^= self.sets.touch(part);
        }
        core::hint::black_box(touched);
        let mut unknown: SmallVec<[usize; 16]> = SmallVec::new();
        for (i, (child, _, part)) in parts.iter().enumerate() {
            self.stats.table_lookups += 1;
            match self.sets.get(part).and_then(Info::value) {
                Some(x) => {
                    self.stats.table_hits += 1;
                    known[*child] ^= x;
                }
                None => unknown.push(i),
            }
        }
        // `set` is twin-free (it was reduced), so only vertices at distance 2 from the move can
        // have twins in a component of a child.
        for i in unknown {
            let (child, v, part) = &parts[i];
            // Solving the components before may have solved this one too.
            let info = self.probe(part, part.count());
            known[*child] ^= match info.value() {
                Some(x) => x,
                None => {
                    let suspects = self.ring[*v].and(part);
                    self.solve_value(part, info, &suspects)?
                }
            };
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
        debug_assert!(mex <= self.value_bound(set), "the value {mex} exceeds the bound");
        Ok(mex)
    }
}

#[cfg(test)]
mod tests {
    use grundy_core::naive;
    use grundy_graph::Graph;
    use proptest::prelude::*;

    use super::*;

    /// A random graph on `n` vertices, each edge present with probability `percent`%.
    fn random_graph(n: usize, percent: u64, seed: u64) -> Graph {
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut g = Graph::new(n);
        for u in 0..n {
            for v in u + 1..n {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                if x % 100 < percent {
                    g.add_edge(u, v).unwrap();
                }
            }
        }
        g
    }

    fn engine(game: &NodeKayles) -> Engine<u64> {
        Engine::new(game, SolverConfig::default())
    }

    /// The components of `set` by plain flooding.
    fn components(e: &Engine<u64>, set: u64) -> Vec<u64> {
        let mut rest = set;
        let mut out = Vec::new();
        while let Some(start) = rest.lowest() {
            let part = e.flood(start, &rest);
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

        /// Splitting the child of a move by seeds at distance 2 finds exactly the components
        /// that plain flooding finds, for every move of every component.
        #[test]
        fn split_child_finds_the_components(
            n in 2usize..=40,
            percent in 2u64..40,
            seed in any::<u64>(),
        ) {
            let game = NodeKayles::new(random_graph(n, percent, seed));
            let e = engine(&game);
            let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
            for set in components(&e, all) {
                let mut v_set = set;
                while let Some(v) = v_set.lowest() {
                    v_set &= v_set - 1;
                    let rest = set & !e.closed[v];
                    let mut out = SmallVec::new();
                    e.split_child(v, &rest, &mut out);
                    let mut found: Vec<u64> = out.into_vec();
                    found.sort_unstable();
                    prop_assert_eq!(found, components(&e, rest));
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
                prop_assert_eq!(e.closed_form(&set), expected);
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
                let reduced = e.reduce_twins(&set, &set);
                prop_assert!(!e.has_twins(&reduced));
                prop_assert_eq!(reduced.count_ones() >= 1, true);
                prop_assert_eq!(components(&e, reduced).len(), 1, "reduction keeps connectivity");
                prop_assert_eq!(value_of(&game, reduced), value_of(&game, set));
                // Moves in the twin-free set.
                let mut moves = reduced;
                while let Some(v) = moves.lowest() {
                    moves &= moves - 1;
                    for part in components(&e, reduced & !e.closed[v]) {
                        let suspects = e.ring[v] & part;
                        let by_suspects = e.reduce_twins(&part, &suspects);
                        prop_assert!(!e.has_twins(&by_suspects), "{part:b} after {v}");
                        prop_assert_eq!(value_of(&game, by_suspects), value_of(&game, part));
                    }
                }
            }
        }
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
                    let mut solver = KaylesSolver::new(&game);
                    assert_eq!(solver.value(&start).unwrap(), plain, "n={n} seed={seed}");
                    let mut fresh = KaylesSolver::new(&game);
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
