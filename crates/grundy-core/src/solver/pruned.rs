//! The pruned search of [`Method::Pruned`](super::Method::Pruned): set queries instead of full
//! mex computations, after Beling and Rogalski (*On pruning search trees of impartial games*,
//! Artificial Intelligence 283, 2020), which refines the value queries of Lemoine and Viennot.
//!
//! The question asked of a position is "is your value in `R`? If so, which is it?" (a full
//! value query is `R` = every value). The search keeps `P`, the set of values the position can
//! still have, and answers as soon as `P` no longer meets `R`:
//!
//! - `P` starts as `{0, …, k}` for a position with `k` moves (the mex of `k` values is at most
//!   `k`), so `|P|` is one more than the number of children not yet looked at.
//! - A child of value `v` removes `v` from `P`, or the largest element of `P` when `v ∉ P`.
//!   This keeps the invariant and the answer: the value is the least element of `P` minus the
//!   values of the remaining children, a set of at least two elements before the removal, so
//!   its least element is never the largest of `P`.
//! - A child need only be asked about `P` without its largest element (and nothing above the
//!   largest element of `R`): when it answers "not in that set", its value is either the
//!   largest element of `P` or not in `P` (removing the largest is right in both cases), or
//!   above the largest element of `R`, which can only make the elements of `P` above `R`
//!   wrong, never those that matter.
//! - When every child is done, `P` holds one element: the value, if it is not above `R`.
//!
//! A question about one value ("is your value `j`?", the questions of the aspiration below
//! and of outcomes) is answered by [`value_is`](super::value_is) instead: two searches in
//! turn, one asking the children about `j`, the other valuing the position by aspiration
//! below `j`, so that a position whose value is below `j` does not make every child of a
//! smaller value find that value among its own children (Cram 4 × 9, 5 × 7 and 8 × 5: 15 to
//! 24 % faster). The set queries remain for the other components of a child, which are
//! valued exactly.
//!
//! A component the table does not answer is first offered to [`Ruleset::reduce`] (to
//! [`Ruleset::reduce_child`], with the parent and the move, when it is a component of a child
//! of a position searched): when it reduces, the reduced sum is asked instead (valued as a
//! child of several components is, below), and the answer is stored under the component's own
//! key.
//!
//! A bound on the value ([`Ruleset::value_bound`]) takes the values above it out of every
//! query, and ends the aspiration below once every value under it is found among the
//! children.
//!
//! A position's moves are listed in the order of their history first, when the ruleset asks
//! for it ([`Ruleset::move_history`]: the moves whose children answered the most queries so
//! far), then of [`Ruleset::order_moves`]. Children whose values are known (the table,
//! [`Ruleset::known_value`]) are used first and never searched (enhanced transposition
//! cutoffs); the others are asked in order of cost,
//! the number of moves of their unknown components, cheapest first. A child made of several
//! components is asked through its hardest component (the one with most moves): the others
//! are valued exactly and the query set is translated by their nim-sum. The table stores exact
//! values, and for a query answered no, the values below 64 that `P` had ruled out or that
//! children were found to have (a later query about those is answered at once).
//!
//! The search recurses on the call stack, one level per move. Below [`PRUNED_MAX_DEPTH`]
//! levels, and for positions with more than [`SET_MOVES`] moves, it hands the component to the
//! explicit-stack mex search, so deep games (long subtraction games, say) cannot overflow the
//! stack. So it does with the components the ruleset asks to value exactly
//! ([`Ruleset::value_exactly`]).

use std::sync::Arc;

use smallvec::SmallVec;

use super::{Buffers, Goal, Known, Solver, value_is};
use crate::budget::Meter;
use crate::{Nimber, Outcome, Ruleset, SolveError};

/// The most children [`Solver::children`] makes at once on a table to be warmed, before it
/// looks their parts up (see `children_warmed`).
const WINDOW: usize = 32;

/// The deepest recursion of the pruned search; deeper components are solved by the
/// explicit-stack search.
pub(super) const PRUNED_MAX_DEPTH: usize = 256;

/// Positions with more moves than this are valued by the explicit-stack search (the sets of
/// the pruned search hold the values below 256).
pub(super) const SET_MOVES: usize = 255;

/// The word of a [`Values`] that holds `v` (below 256).
#[allow(clippy::cast_possible_truncation, reason = "v is below 256")]
const fn word(v: u64) -> usize {
    (v / 64) as usize & 3
}

/// A set of values below 256.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Values([u64; 4]);

/// How often (in nodes) a solver of a parallel search reads the board while it asks a child
/// of the top position about a value.
const WATCH_INTERVAL: u64 = 1 << 10;

impl core::ops::BitOr for Values {
    type Output = Values;

    fn bitor(self, other: Values) -> Values {
        self.or(other)
    }
}

/// What the solvers of a parallel search tell one another: for each position (by its table
/// key) whose value they search at the top of a call, the values they found among its
/// children.
pub(super) type Board<P> = crate::engine::board::Board<P, Values>;

impl Values {
    const ALL: Values = Values([u64::MAX; 4]);

    /// `{0, …, last}` (`last` below 256).
    fn upto(last: u64) -> Values {
        let mut words = [0u64; 4];
        for (low, word) in (0u64..).step_by(64).zip(words.iter_mut()) {
            if last >= low + 63 {
                *word = u64::MAX;
            } else if last >= low {
                *word = (1u64 << (last - low + 1)) - 1;
            }
        }
        Values(words)
    }

    fn single(v: Nimber) -> Values {
        let mut set = Values::default();
        set.insert(v.value());
        set
    }

    /// Adds `v` (below 256).
    fn insert(&mut self, v: u64) {
        self.0[word(v)] |= 1 << (v % 64);
    }

    /// Removes `v` (below 256).
    fn remove(&mut self, v: u64) {
        self.0[word(v)] &= !(1 << (v % 64));
    }

    fn contains(self, v: u64) -> bool {
        v < 256 && self.0[word(v)] >> (v % 64) & 1 == 1
    }

    fn is_empty(self) -> bool {
        self.0 == [0; 4]
    }

    fn meets(self, other: Values) -> bool {
        (0..4).any(|i| self.0[i] & other.0[i] != 0)
    }

    fn and(self, other: Values) -> Values {
        Values(core::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    fn or(self, other: Values) -> Values {
        Values(core::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    fn minus(self, other: Values) -> Values {
        Values(core::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    fn max(self) -> Option<u64> {
        (0..4u64)
            .rev()
            .find(|&i| self.0[word(64 * i)] != 0)
            .map(|i| 64 * i + 63 - u64::from(self.0[word(64 * i)].leading_zeros()))
    }

    fn min(self) -> Option<u64> {
        (0..4u64)
            .find(|&i| self.0[word(64 * i)] != 0)
            .map(|i| 64 * i + u64::from(self.0[word(64 * i)].trailing_zeros()))
    }

    /// The element of a set of one element.
    fn only(self) -> Option<u64> {
        self.min().filter(|&v| self.max() == Some(v))
    }

    /// Every element nim-added to `x` (`x` below 256, so the results are too).
    fn xor(self, x: u64) -> Values {
        if x == 0 {
            return self;
        }
        let mut out = Values::default();
        for (low, &bits) in (0u64..).step_by(64).zip(self.0.iter()) {
            let mut w = bits;
            while w != 0 {
                out.insert((low + u64::from(w.trailing_zeros())) ^ x);
                w &= w - 1;
            }
        }
        out
    }

    /// The values below 64 of the set, as a mask.
    const fn low_mask(self) -> u64 {
        self.0[0]
    }

    fn from_mask(mask: u64) -> Values {
        Values([mask, 0, 0, 0])
    }
}

/// What a query found out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Found {
    /// The exact value (in the query set or not).
    Exact(Nimber),
    /// The value is not in the query set (and is not known).
    Not,
}

/// A child of a position under a query.
struct Child<P, M> {
    /// The move that makes it.
    mv: M,
    /// Its components whose values are not known yet.
    parts: SmallVec<[Part<P>; 2]>,
    /// Nim-sum of its components whose values are known.
    acc: Nimber,
    /// Moves of its unknown components: the cheaper children are asked first.
    cost: usize,
}

/// The buffers of a node under expansion.
type NodeBuffers<R> = Buffers<<R as Ruleset>::Position, <R as Ruleset>::Move>;

/// The children of a position: the values of those known, and the others.
type Children<P, M> = (SmallVec<[Nimber; 32]>, Vec<Child<P, M>>);

/// A component of a child whose value is not known: as played (its moves are searched in
/// that order) and in canonical form (its table key), with its number of moves.
#[derive(Clone)]
struct Part<P> {
    raw: P,
    key: P,
    moves: usize,
}

/// Drops the components of a child that come in equal pairs (same canonical form): `G + G =
/// 0`, so a pair changes nothing.
fn cancel_pairs<P: PartialEq>(parts: &mut SmallVec<[Part<P>; 2]>) {
    let mut i = 0;
    while i < parts.len() {
        if let Some(j) = (i + 1..parts.len()).find(|&j| parts[j].key == parts[i].key) {
            parts.swap_remove(j);
            parts.swap_remove(i);
        } else {
            i += 1;
        }
    }
}

/// The possible values `P` of a position under a query (see the module documentation).
struct Possible {
    set: Values,
}

impl Possible {
    /// A child of value `v` is done.
    fn remove_value(&mut self, v: Nimber) {
        if self.set.contains(v.value()) {
            self.set.remove(v.value());
        } else {
            self.remove_largest();
        }
    }

    fn remove_largest(&mut self) {
        if let Some(top) = self.set.max() {
            self.set.remove(top);
        }
    }
}

/// The values below 64 of a set of values below 128, as a mask.
#[allow(clippy::cast_possible_truncation, reason = "the values below 64")]
const fn low_values(set: u128) -> u64 {
    set as u64
}

impl<R: Ruleset> Solver<R> {
    /// The exact value of a component.
    pub(super) fn pruned_value(
        &mut self,
        component: R::Position,
        meter: &mut Meter<'_>,
    ) -> Result<Nimber, SolveError> {
        self.aspire(component, meter, 0)
    }

    /// The exact value of a component by aspiration: for `j = 0, 1, …`, ask the children one
    /// by one "is your value `j`?" (set queries of one element, which prune far more than a
    /// query for every value); the first `j` that no child has is the value. Every exact
    /// value a child reveals on the way is remembered, so no child is asked twice about the
    /// same value and a child whose value is known is never asked again.
    fn aspire(
        &mut self,
        position: R::Position,
        meter: &mut Meter<'_>,
        depth: usize,
    ) -> Result<Nimber, SolveError> {
        let key = match self.exact_or_key(&position) {
            Ok(v) => return Ok(v),
            Err(key) => key,
        };
        let outcome = self.ruleset.known_outcome(&position);
        if outcome == Some(Outcome::P) {
            self.store(key, Known::Value(Nimber::ZERO), depth);
            return Ok(Nimber::ZERO);
        }
        let bound = self.ruleset.value_bound(&position);
        if bound == Some(0) {
            self.store(key, Known::Value(Nimber::ZERO), depth);
            return Ok(Nimber::ZERO);
        }
        if let Some(found) = self.ask_reduced(&position, None, Values::ALL, meter, depth)? {
            let Found::Exact(value) = found else {
                unreachable!("a query for every value finds the value")
            };
            self.store(key, Known::Value(value), depth);
            return Ok(value);
        }
        let Some(mut bufs) = self.expand(&position, meter, depth, true)? else {
            return self.stack_value(position, meter, depth);
        };
        let known = self.children(&position, &mut bufs, |_| false);
        self.recycle(bufs);
        let (exact_values, mut kids) = known.expect("a value search never stops early");
        let mut seen = Values::default();
        for v in exact_values.into_iter().filter(|v| v.value() < 256) {
            seen.insert(v.value());
        }
        if outcome == Some(Outcome::N) {
            // Some child has value 0; which one does not matter.
            seen.insert(0);
        }
        if self.reverse {
            // A helper of the parallel search takes the children in the other order, so that
            // the solvers search different children first.
            kids.reverse();
        }
        // At the top of a parallel search, the solvers post the values they find among the
        // children, and skip the values another has found.
        let board = match (&self.board, depth) {
            (Some(board), 0) => Some((Arc::clone(board), key.clone())),
            _ => None,
        };
        let mut j = 0u64;
        let value = loop {
            if bound == Some(j) {
                // Every value below the bound is a child's: the value is the bound.
                break j;
            }
            if seen.contains(j) {
                j += 1;
                continue;
            }
            let mut found = false;
            let mut i = 0;
            while i < kids.len() {
                if let Some((board, top)) = &board {
                    seen = seen.or(board.post(top, Values::default()));
                    if seen.contains(j) {
                        found = true;
                        break;
                    }
                    self.watch = Some((top.clone(), j));
                }
                let answer = self.child_in(
                    &position,
                    &mut kids[i],
                    Values::single(Nimber::new(j)),
                    meter,
                    depth,
                );
                if board.is_some() {
                    self.watch = None;
                }
                // Only the search that set the watch is abandoned: a value search below it
                // passes the error up (taking it for its own would make it skip a value
                // that none of its children may have, and store a wrong value).
                if board.is_some() && core::mem::take(&mut self.abandoned) {
                    found = true;
                    break;
                }
                match answer? {
                    Found::Exact(v) => {
                        let kid = kids.remove(i);
                        if v.value() == j {
                            self.credit(&kid.mv);
                        }
                        if v.value() < 256 {
                            seen.insert(v.value());
                            if let Some((board, top)) = &board {
                                board.post(top, Values::single(v));
                            }
                        }
                        if v.value() == j {
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
        };
        let value = Nimber::new(value);
        self.store(key, Known::Value(value), depth);
        Ok(value)
    }

    /// Expands a position (one node): its moves in the order of their history and the
    /// ruleset's, in spare buffers (its
    /// [children](Self::children) are made from them); `None` when it is too deep or has too
    /// many moves for the pruned search, or the ruleset asks to value it exactly (`again`:
    /// see [`Ruleset::value_exactly`]).
    fn expand(
        &mut self,
        position: &R::Position,
        meter: &mut Meter<'_>,
        depth: usize,
        again: bool,
    ) -> Result<Option<NodeBuffers<R>>, SolveError> {
        if depth >= PRUNED_MAX_DEPTH {
            return Ok(None);
        }
        let mut bufs = self.spare.pop().unwrap_or_default();
        self.ruleset.moves(position, &mut bufs.moves);
        let moves = bufs.moves.len();
        if moves > SET_MOVES || self.ruleset.value_exactly(position, moves, again) {
            self.recycle(bufs);
            return Ok(None);
        }
        meter.tick()?;
        if let Err(e) = meter.charge(bufs.moves.len()) {
            self.recycle(bufs);
            return Err(e);
        }
        if let Some(progress) = meter.progress_due() {
            progress.set_table_fill(self.table_fill());
        }
        self.stats.nodes += 1;
        if let (Some((key, j)), Some(board)) = (&self.watch, &self.board) {
            if self.stats.nodes % WATCH_INTERVAL == 0
                && board.post(key, Values::default()).contains(*j)
            {
                // Another solver found a child of the value the top asks about.
                self.abandoned = true;
                return Err(SolveError::Cancelled);
            }
        }
        if self.stats.nodes % WATCH_INTERVAL == 0 && self.shared_wants_room() {
            self.recycle(bufs);
            return Err(SolveError::Cancelled);
        }
        self.stats.max_depth = self.stats.max_depth.max(depth + 1);
        if let Some(history) = &mut self.history {
            history.order(&mut bufs.moves);
        }
        self.ruleset.order_moves(position, &mut bufs.moves);
        Ok(Some(bufs))
    }

    /// The children of a position: the values of those whose components are all known, and
    /// the others, cheapest first.
    ///
    /// The value of each child found known goes to `answered` as soon as it is found; when
    /// that returns `true` (the known children answer the search) the rest are not made at
    /// all and the result is `None`. Searches are often answered so, by a child met early:
    /// making every child first (its components, their canonical forms and lookups) would
    /// cost more than the answer.
    ///
    /// The moves are those of `bufs` (from [`expand`](Self::expand)); its other buffers serve
    /// as scratch space, and the caller gives them all back to the spares.
    fn children(
        &mut self,
        position: &R::Position,
        bufs: &mut Buffers<R::Position, R::Move>,
        mut answered: impl FnMut(Nimber) -> bool,
    ) -> Option<Children<R::Position, R::Move>> {
        let Buffers { moves, parts, .. } = bufs;
        let mut exact = SmallVec::new();
        let mut kids: Vec<Child<R::Position, R::Move>> = Vec::with_capacity(moves.len());
        let answered_early = if self.warms() {
            self.children_warmed(position, moves, parts, &mut exact, &mut kids, &mut answered)
        } else {
            moves.iter().any(|mv| {
                let child = self.ruleset.play(position, mv);
                let (whole, met) = match self.known_whole(&child) {
                    Ok(v) => return self.known_kid(mv, v, &mut exact, &mut answered),
                    Err(whole) => whole,
                };
                parts.clear();
                let settled = self.split_unless_met(position, mv, &child, met, parts);
                let mut kid =
                    Child { mv: mv.clone(), parts: SmallVec::new(), acc: settled, cost: 0 };
                for part in parts.drain(..) {
                    let slot = self.part_slot(&part, &child, whole);
                    match self.look_up_at(slot, &part).map_err(|(key, _)| key) {
                        Ok(v) => kid.acc += v,
                        Err(key) => kid.parts.push(Part { raw: part, key, moves: 0 }),
                    }
                }
                self.sort_kid(kid, &mut exact, &mut kids, &mut answered)
            })
        };
        if answered_early {
            return None;
        }
        // The cost of the children left (their moves are counted only now that they are
        // needed, in the buffer of the moves, which are done with).
        for kid in &mut kids {
            for part in &mut kid.parts {
                part.moves = self.ruleset.move_count(&part.raw, moves);
            }
            kid.cost = kid.parts.iter().map(|p| p.moves * p.moves).sum();
        }
        kids.sort_by_key(|k| k.cost);
        Some((exact, kids))
    }

    /// [`children`](Self::children) on a table to be warmed: the children are made a window
    /// at a time (1, 2, 4, … up to [`WINDOW`] children), the buckets of their parts that the
    /// front cache does not know are [warmed](Solver::warm) in one go, and only then are the
    /// parts looked up, in the children's order. The windows grow so that a search answered
    /// by an early child makes few children it does not need. Returns whether `answered`
    /// ended the search.
    fn children_warmed(
        &mut self,
        position: &R::Position,
        moves: &[R::Move],
        parts: &mut Vec<R::Position>,
        exact: &mut SmallVec<[Nimber; 32]>,
        kids: &mut Vec<Child<R::Position, R::Move>>,
        answered: &mut impl FnMut(Nimber) -> bool,
    ) -> bool {
        let mut batch = core::mem::take(&mut self.batch);
        let (mut first, mut size, mut answered_early) = (0, 1, false);
        'windows: while first < moves.len() {
            let window = &moves[first..(first + size).min(moves.len())];
            first += window.len();
            size = (size * 2).min(WINDOW);
            batch.clear();
            for mv in window {
                self.make_child(position, mv, &mut batch, parts);
            }
            self.warm(&batch);
            let mut pending = batch.parts.drain(..);
            let mut done = 0;
            for (mv, &(acc, end)) in window.iter().zip(&batch.children) {
                let mut kid = Child { mv: mv.clone(), parts: SmallVec::new(), acc, cost: 0 };
                for (part, key, slot) in pending.by_ref().take(end - done) {
                    match self.table_at(slot, &part, key).map_err(|(key, _)| key) {
                        Ok(v) => kid.acc += v,
                        Err(key) => kid.parts.push(Part { raw: part, key, moves: 0 }),
                    }
                }
                done = end;
                if self.sort_kid(kid, exact, kids, answered) {
                    answered_early = true;
                    break 'windows;
                }
            }
        }
        batch.clear();
        self.batch = batch;
        answered_early
    }

    /// Files a child made by [`children`](Self::children): one whose parts are all known goes
    /// to `exact` and to `answered` (returns `true`, having credited its move, when that
    /// answers the search), the others to `kids`.
    #[inline(always)]
    fn sort_kid(
        &mut self,
        mut kid: Child<R::Position, R::Move>,
        exact: &mut SmallVec<[Nimber; 32]>,
        kids: &mut Vec<Child<R::Position, R::Move>>,
        answered: &mut impl FnMut(Nimber) -> bool,
    ) -> bool {
        cancel_pairs(&mut kid.parts);
        if kid.parts.is_empty() {
            self.known_kid(&kid.mv, kid.acc, exact, answered)
        } else {
            kids.push(kid);
            false
        }
    }

    /// Files the value `v` of the child of `mv`, known in full, as [`sort_kid`](Self::sort_kid)
    /// does.
    #[inline(always)]
    fn known_kid(
        &mut self,
        mv: &R::Move,
        v: Nimber,
        exact: &mut SmallVec<[Nimber; 32]>,
        answered: &mut impl FnMut(Nimber) -> bool,
    ) -> bool {
        exact.push(v);
        let done = answered(v);
        if done {
            self.credit(mv);
        }
        done
    }

    /// Counts a query answered by the child of `mv` in the history of moves.
    fn credit(&mut self, mv: &R::Move) {
        if let Some(history) = &mut self.history {
            history.credit(mv);
        }
    }

    /// Whether the value of a component is `target`.
    pub(super) fn pruned_is(
        &mut self,
        component: R::Position,
        target: Nimber,
        meter: &mut Meter<'_>,
    ) -> Result<bool, SolveError> {
        if target.value() >= 256 {
            return Ok(self.pruned_value(component, meter)? == target);
        }
        let key = match self.exact_or_key(&component) {
            Ok(v) => return Ok(v == target),
            Err(key) => key,
        };
        let target_set = Values::single(target);
        Ok(self.query(component, key, None, target_set, meter, 0)? == Found::Exact(target))
    }

    /// The index of the component with most moves (the one worth querying rather than valuing).
    pub(super) fn hardest(&self, parts: &[R::Position]) -> usize {
        let mut buffer = Vec::new();
        (0..parts.len())
            .max_by_key(|&i| self.ruleset.move_count(&parts[i], &mut buffer))
            .unwrap_or(0)
    }

    /// The exact value of a component from [`Ruleset::known_value`] or the table; otherwise
    /// its canonical form, the table key that the search goes on with.
    fn exact_or_key(&mut self, component: &R::Position) -> Result<Nimber, R::Position> {
        self.look_up(component).map_err(|(key, _)| key)
    }

    /// The exact value of a component by the explicit-stack search.
    fn stack_value(
        &mut self,
        position: R::Position,
        meter: &mut Meter<'_>,
        depth: usize,
    ) -> Result<Nimber, SolveError> {
        self.depth_base = depth;
        // Every caller asked `reduce` (or `reduce_child`) of it first.
        let answer = self.solve(position, Goal::Value, true, meter);
        self.depth_base = 0;
        match answer? {
            super::Answer::Normal(Known::Value(v)) => Ok(v),
            other => unreachable!("a value search answered {other:?}"),
        }
    }

    /// Is the value of `position` (one component; `key` is its canonical form) in `want`? If
    /// so (and maybe otherwise), which is it?
    fn query(
        &mut self,
        position: R::Position,
        key: R::Position,
        from: Option<(&R::Position, &R::Move)>,
        mut want: Values,
        meter: &mut Meter<'_>,
        depth: usize,
    ) -> Result<Found, SolveError> {
        let asks_all = want == Values::ALL;
        self.stats.table_lookups += 1;
        let stored = self.lookup(&key);
        let before = match stored {
            Some(Known::Value(v)) => {
                self.stats.table_hits += 1;
                return Ok(Found::Exact(v));
            }
            Some(Known::Excludes(mask)) => mask,
            Some(Known::NonZero) => 1,
            None => 0,
        };
        // Some child has value 0 when the value is not 0.
        let mut kid_zero = before & 1;
        match self.ruleset.known_outcome(&position) {
            Some(Outcome::P) => {
                self.store(key, Known::Value(Nimber::ZERO), depth);
                return Ok(Found::Exact(Nimber::ZERO));
            }
            Some(Outcome::N) => {
                want.remove(0);
                kid_zero = 1;
            }
            None => {}
        }
        want = want.minus(Values::from_mask(before));
        if want.is_empty() {
            self.stats.table_hits += 1;
            return Ok(Found::Not);
        }
        // A bound on the value answers no when every value asked is above it (it cannot
        // when 0 is asked, so it is not asked for then).
        let least = want.min().unwrap_or(0);
        if least > 0 && self.ruleset.value_bound(&position).is_some_and(|bound| bound < least) {
            return self.not(key, before, want.low_mask(), depth);
        }
        if let Some(found) = self.ask_reduced(&position, from, want, meter, depth)? {
            // Kept under the component's own key, so that it is not reduced again.
            return match found {
                Found::Exact(v) => {
                    self.store(key, Known::Value(v), depth);
                    Ok(Found::Exact(v))
                }
                Found::Not => self.not(key, before, want.low_mask(), depth),
            };
        }
        // Not the first question about it, or a question about every value.
        let again = before != 0 || asks_all;
        let Some(mut bufs) = self.expand(&position, meter, depth, again)? else {
            return self.stack_value(position, meter, depth).map(Found::Exact);
        };
        if let Some(j) = want.only().filter(|&j| j < 128) {
            // Asked about one value: two searches in turn.
            let mut seen = u128::from(kid_zero);
            let known = self.children(&position, &mut bufs, |v| {
                if v.value() < 128 {
                    seen |= 1 << v.value();
                }
                v.value() == j
            });
            self.recycle(bufs);
            let Some((_, mut kids)) = known else {
                return self.not(key, before, low_values(seen), depth);
            };
            if self.reverse && depth == 0 {
                kids.reverse();
            }
            let value = value_is(j, &mut seen, &mut kids, |kid, x| {
                let nodes = self.stats.nodes;
                let answer = match self.child_in(
                    &position,
                    kid,
                    Values::single(Nimber::new(x)),
                    meter,
                    depth,
                )? {
                    Found::Exact(v) => {
                        if v.value() == x {
                            self.credit(&kid.mv);
                        }
                        Some(v.value())
                    }
                    Found::Not => None,
                };
                Ok((answer, self.stats.nodes - nodes))
            })?;
            return match value {
                Some(v) => {
                    let v = Nimber::new(v);
                    self.store(key, Known::Value(v), depth);
                    Ok(Found::Exact(v))
                }
                None => self.not(key, before, low_values(seen), depth),
            };
        }
        let mut possible = Possible { set: Values::upto(bufs.moves.len() as u64) };
        // Nothing above the largest value wanted matters.
        let top = want.max().unwrap_or(0);
        let relevant = Values::upto(top);
        let known = self.children(&position, &mut bufs, |v| {
            possible.remove_value(v);
            !possible.set.meets(want)
        });
        self.recycle(bufs);
        let Some((_, mut kids)) = known else {
            return self.not(key, before, relevant.minus(possible.set).low_mask(), depth);
        };
        if self.reverse && depth == 0 {
            // At the top, a helper of the parallel search takes the children in the other
            // order, so that the solvers search different children first.
            kids.reverse();
        }

        let mut exact = true;
        for kid in &mut kids {
            if !possible.set.meets(want) {
                return self.not(key, before, relevant.minus(possible.set).low_mask(), depth);
            }
            let top_possible = possible.set.max().unwrap_or(0);
            let mut ask = possible.set.and(relevant);
            ask.remove(top_possible);
            match self.child_in(&position, kid, ask, meter, depth)? {
                Found::Exact(v) => possible.remove_value(v),
                Found::Not => {
                    possible.remove_largest();
                    exact = false;
                }
            }
        }
        let value = possible.set.min().expect("one possible value is left");
        if exact || value <= top {
            let value = Nimber::new(value);
            self.store(key, Known::Value(value), depth);
            Ok(Found::Exact(value))
        } else {
            self.not(key, before, relevant.minus(possible.set).low_mask(), depth)
        }
    }

    /// Stores what a query answered no proved: the value is none of the values below 64 in
    /// `excluded` (ruled out by the set of possible values, or children's values), nor any
    /// value excluded `before`.
    fn not(
        &mut self,
        key: R::Position,
        before: u64,
        excluded: u64,
        depth: usize,
    ) -> Result<Found, SolveError> {
        let mask = before | excluded;
        if self.exclusions && mask != before {
            self.store(key, Known::Excludes(mask), depth);
        }
        Ok(Found::Not)
    }

    /// Is the value of the child of `parent` in `ask`? Values its components exactly but the
    /// hardest, and asks that one.
    fn child_in(
        &mut self,
        parent: &R::Position,
        kid: &mut Child<R::Position, R::Move>,
        ask: Values,
        meter: &mut Meter<'_>,
        depth: usize,
    ) -> Result<Found, SolveError> {
        let Child { mv, parts, acc, .. } = kid;
        self.sum_in(parts, acc, Some((parent, mv)), ask, meter, depth + 1)
    }

    /// Is the value of the sum of `parts` (unknown components) and `acc` in `ask`? Values the
    /// components exactly but the hardest, and asks that one (at `depth`). The components
    /// valued are taken out of `parts` into `acc` only once all are valued: a search stopped
    /// on the way (an abandoned one goes on with the same sum) finds the sum whole. `from` is
    /// the parent and move whose child the parts make up, if they do.
    fn sum_in(
        &mut self,
        parts: &mut SmallVec<[Part<R::Position>; 2]>,
        acc: &mut Nimber,
        from: Option<(&R::Position, &R::Move)>,
        ask: Values,
        meter: &mut Meter<'_>,
        depth: usize,
    ) -> Result<Found, SolveError> {
        if ask.is_empty() {
            return Ok(Found::Not);
        }
        if parts.len() > 1 {
            let hardest = (0..parts.len()).max_by_key(|&i| parts[i].moves).unwrap_or(0);
            let mut total = *acc;
            for (i, part) in parts.iter().enumerate() {
                if i == hardest {
                    continue;
                }
                let (raw, key) = (part.raw.clone(), part.key.clone());
                match self.query(raw, key, from, Values::ALL, meter, depth)? {
                    Found::Exact(v) => total += v,
                    Found::Not => unreachable!("a query for every value finds the value"),
                }
            }
            let keep = parts.swap_remove(hardest);
            parts.clear();
            parts.push(keep);
            *acc = total;
        }
        let part = parts.last().cloned().expect("an unknown sum has a component");
        let x = acc.value();
        let ask = if x < 256 { ask.xor(x) } else { Values::ALL };
        Ok(match self.query(part.raw, part.key, from, ask, meter, depth)? {
            Found::Exact(v) => Found::Exact(v + *acc),
            Found::Not => Found::Not,
        })
    }

    /// When the component `position` reduces ([`Ruleset::reduce`], or
    /// [`Ruleset::reduce_child`] when it is a component of the child of `from`): is the value
    /// of the reduced sum in `ask`? `None` when it does not reduce.
    fn ask_reduced(
        &mut self,
        position: &R::Position,
        from: Option<(&R::Position, &R::Move)>,
        ask: Values,
        meter: &mut Meter<'_>,
        depth: usize,
    ) -> Result<Option<Found>, SolveError> {
        let mut reduced = Vec::new();
        let Some(settled) = self.offer_reduction(from, position, &mut reduced) else {
            return Ok(None);
        };
        let mut acc = settled;
        let mut parts = SmallVec::new();
        let mut moves = Vec::new();
        for part in reduced {
            match self.exact_or_key(&part) {
                Ok(v) => acc += v,
                Err(key) => {
                    let count = self.ruleset.move_count(&part, &mut moves);
                    parts.push(Part { raw: part, key, moves: count });
                }
            }
        }
        cancel_pairs(&mut parts);
        if parts.is_empty() {
            return Ok(Some(Found::Exact(acc)));
        }
        self.sum_in(&mut parts, &mut acc, None, ask, meter, depth).map(Some)
    }
}

#[cfg(test)]
mod tests {
    use super::Values;

    #[test]
    fn value_sets() {
        let s = Values::upto(70);
        assert_eq!((s.min(), s.max()), (Some(0), Some(70)));
        assert!(s.contains(64) && !s.contains(71) && !s.contains(300));
        assert_eq!(Values::upto(255), Values::ALL);
        assert_eq!(Values::upto(0).max(), Some(0));
        let x = Values::upto(3).xor(5);
        assert_eq!(x, Values([0b1111_0000, 0, 0, 0]));
        assert!(Values::upto(3).meets(Values::single(crate::Nimber::new(2))));
        assert!(Values::upto(3).minus(Values::upto(3)).is_empty());
        assert_eq!(Values::from_mask(6).and(Values::upto(1)).low_mask(), 2);
    }
}
