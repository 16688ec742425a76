//! The [`Ruleset`] trait: how a user tells grundy what a game is.

use core::fmt::Debug;
use core::hash::Hash;

use crate::{Nimber, Outcome};

/// The rules of an impartial game under normal play.
///
/// A ruleset is a *value* that holds what never changes during play (a graph, an octal code,
/// a subtraction set); positions and moves are separate, small, hashable types. A move means
/// the same thing in every position where it is legal (a heap index and an amount, a column, a
/// vertex), so that winning moves can be reported and reductions can map moves between games.
///
/// # What to implement
///
/// Only two methods are required: [`moves`](Ruleset::moves) lists the legal moves of a
/// position and [`play`](Ruleset::play) plays one. Every other method is provided, with a
/// correct default that a ruleset may override to make solving faster:
///
/// | method | default | override when |
/// | --- | --- | --- |
/// | [`move_list`](Ruleset::move_list) | collect [`moves`](Ruleset::moves) in a new vector | rarely: a convenience, not used by the solvers' inner loops |
/// | [`move_count`](Ruleset::move_count) | list the moves, count them | moves can be counted without listing them (a population count; [`Method::Pruned`](crate::Method::Pruned) counts the moves of every child it ranks) |
/// | [`is_legal`](Ruleset::is_legal) | search the move list | legality is cheap to test |
/// | [`is_terminal`](Ruleset::is_terminal) | list the moves, see if there is none | having no move is cheap to test |
/// | [`successors`](Ruleset::successors) | play every move | you can build children faster |
/// | [`components`](Ruleset::components) | the position itself | positions split into independent parts (a disjunctive sum) |
/// | [`split`](Ruleset::split) | the [`components`](Ruleset::components), nothing settled | splitting also settles some parts in closed form (their nim-sum is returned instead of listed) |
/// | [`split_child`](Ruleset::split_child) | [`split`](Ruleset::split) the child | a child splits faster knowing the move that made it (only what the move touched changed) |
/// | [`reduce`](Ruleset::reduce) | `None` | a reduction keeps the value but is too costly for every child (applied to searched components only, by [`Method::Pruned`](crate::Method::Pruned)) |
/// | [`reduce_child`](Ruleset::reduce_child) | [`reduce`](Ruleset::reduce) the component | knowing the move that made a child's component, its reductions are found faster (only what the move touched changed) |
/// | [`canonical`](Ruleset::canonical) | the position itself | many positions are equivalent (symmetries, relabellings) |
/// | [`known_value`](Ruleset::known_value) | `None` | a closed form is known for some positions |
/// | [`known_outcome`](Ruleset::known_outcome) | `None` | a strategy argument (symmetry, strategy stealing) gives the outcome without the value (used by [`Method::Pruned`](crate::Method::Pruned)) |
/// | [`value_bound`](Ruleset::value_bound) | `None`: the number of moves bounds the value | a cheap bound on the value is known, often far below the number of moves (used by [`Method::Pruned`](crate::Method::Pruned)) |
/// | [`value_exactly`](Ruleset::value_exactly) | `false`: components are asked about values | small components are met again and again with different questions (valued once by the mex search, used by [`Method::Pruned`](crate::Method::Pruned)) |
/// | [`order_moves`](Ruleset::order_moves) | leave the order | good moves can be guessed (speeds outcome search) |
/// | [`move_history`](Ruleset::move_history) | `true`: moves ordered by their history first | your [`order_moves`](Ruleset::order_moves) orders every position's moves better, or a move does not mean the same place in every position |
/// | [`word_key`](Ruleset::word_key) | `None` | canonical positions pack one-to-one into 64 bits (facts go to the fast [`CompactTable`](crate::compact::CompactTable)) |
///
/// # Contract
///
/// The solvers trust these rules; breaking them gives wrong values, never undefined
/// behaviour:
///
/// - play is finite: no position can be reached from itself (the game tree is a DAG);
/// - [`play`](Ruleset::play) is only called with a move that [`moves`](Ruleset::moves) listed
///   for that position;
/// - the value of a position is the nim-sum of the values of its
///   [`components`](Ruleset::components), and a position with no components has value 0;
/// - the value of a position is the nimber [`split`](Ruleset::split) returns plus the
///   nim-sum of the values of the parts it lists, and the same of
///   [`split_child`](Ruleset::split_child);
/// - [`canonical`](Ruleset::canonical) maps a position to an equivalent one (same Grundy value,
///   same misère outcome), and two positions with equal canonical forms are equivalent;
/// - [`known_value`](Ruleset::known_value) is only `Some` when it is the true Grundy value.
///
/// # Example
///
/// A subtraction game: take 1, 3 or 4 tokens from a heap.
///
/// ```
/// use grundy_core::{Nimber, Ruleset, Solver};
///
/// struct Subtraction(Vec<u32>);
///
/// impl Ruleset for Subtraction {
///     type Position = u32;
///     type Move = u32;
///
///     fn moves(&self, heap: &u32, moves: &mut Vec<u32>) {
///         moves.extend(self.0.iter().copied().filter(|&take| take <= *heap));
///     }
///
///     fn play(&self, heap: &u32, take: &u32) -> u32 {
///         heap - take
///     }
/// }
///
/// let game = Subtraction(vec![1, 3, 4]);
/// let mut solver = Solver::new(&game);
/// // The Grundy values of this game have period 7: 0 1 0 1 2 3 2 | 0 1 0 1 2 3 2 ...
/// assert_eq!(solver.value(&12)?, Nimber::new(3));
/// assert_eq!(solver.winning_moves(&12)?, vec![3]); // to 9, a P-position
/// # Ok::<(), grundy_core::SolveError>(())
/// ```
pub trait Ruleset {
    /// A position of the game. Keep it small: solvers clone positions and hash them.
    type Position: Clone + Eq + Hash + Debug;

    /// A move. The same move value must mean the same thing in every position where it is legal.
    type Move: Clone + Eq + Hash + Debug;

    /// Appends the legal moves of `position` to `moves`.
    ///
    /// The buffer may already hold other moves (the solvers reuse buffers): append, do not
    /// clear. A position with no legal move is terminal; under normal play the player to move
    /// there has lost.
    fn moves(&self, position: &Self::Position, moves: &mut Vec<Self::Move>);

    /// Returns the position reached by playing the legal move `mv` in `position`.
    fn play(&self, position: &Self::Position, mv: &Self::Move) -> Self::Position;

    /// The number of legal moves of `position`: what the pruned search ranks children by.
    ///
    /// The default lists them into `scratch` (cleared first, its contents then unspecified);
    /// override it when they can be counted without listing them (a population count, say).
    fn move_count(&self, position: &Self::Position, scratch: &mut Vec<Self::Move>) -> usize {
        scratch.clear();
        self.moves(position, scratch);
        scratch.len()
    }

    /// Returns the legal moves of `position` in a new vector.
    fn move_list(&self, position: &Self::Position) -> Vec<Self::Move> {
        let mut moves = Vec::new();
        self.moves(position, &mut moves);
        moves
    }

    /// Tells whether `mv` is a legal move in `position`.
    ///
    /// The default lists the moves and looks for `mv`; override it when legality is cheaper
    /// to test directly.
    fn is_legal(&self, position: &Self::Position, mv: &Self::Move) -> bool {
        self.move_list(position).contains(mv)
    }

    /// Tells whether `position` has no legal move.
    fn is_terminal(&self, position: &Self::Position) -> bool {
        let mut moves = Vec::new();
        self.moves(position, &mut moves);
        moves.is_empty()
    }

    /// Appends every position reachable in one move from `position` to `children`.
    ///
    /// The default plays each move of [`moves`](Ruleset::moves); the order must be the same.
    fn successors(&self, position: &Self::Position, children: &mut Vec<Self::Position>) {
        let mut moves = Vec::new();
        self.moves(position, &mut moves);
        children.extend(moves.iter().map(|mv| self.play(position, mv)));
    }

    /// Appends the independent components of `position` to `components`.
    ///
    /// `position` is the disjunctive sum of its components: its Grundy value is the nim-sum of
    /// theirs. Each component is itself a position of this ruleset. Components that are
    /// terminal may be left out; a terminal position may have no component at all. The
    /// default treats every position as a single component.
    ///
    /// Solvers call this on every position they meet and store the values of components, not
    /// of whole positions, so splitting well is often the largest speed-up a ruleset can give.
    fn components(&self, position: &Self::Position, components: &mut Vec<Self::Position>) {
        components.push(position.clone());
    }

    /// Appends the parts of `position` that remain to be searched to `parts` and returns the
    /// nim-sum of the values of the parts it settled in closed form.
    ///
    /// This is how the solvers split every position they meet under normal play (misère play
    /// does not decompose and never calls it). The value of `position` is the returned nimber
    /// plus the nim-sum of the listed parts' values; each listed part is a position of this
    /// ruleset, and the solvers look it up, search it and store its value as they do a
    /// component. The default lists the [`components`](Ruleset::components) and settles
    /// nothing.
    ///
    /// Override it when the splitting itself finds values, as a reduction that peels off a
    /// cone point (`*1`) or recognises a closed-form part while it splits: returning the
    /// nimber saves making a position for each settled part and asking
    /// [`known_value`](Ruleset::known_value) about it. [`components`](Ruleset::components)
    /// must stay correct on its own (its default, the position itself, always is).
    ///
    /// # Example
    ///
    /// ```
    /// use grundy_core::{Nimber, Ruleset, Solver};
    ///
    /// /// Nim heaps, where heaps of size at most 3 are settled while splitting.
    /// struct Heaps;
    /// impl Ruleset for Heaps {
    ///     type Position = Vec<u32>;
    ///     type Move = (usize, u32);
    ///     fn moves(&self, heaps: &Vec<u32>, moves: &mut Vec<(usize, u32)>) {
    ///         for (i, &n) in heaps.iter().enumerate() {
    ///             moves.extend((1..=n).map(|take| (i, take)));
    ///         }
    ///     }
    ///     fn play(&self, heaps: &Vec<u32>, &(i, take): &(usize, u32)) -> Vec<u32> {
    ///         let mut next = heaps.clone();
    ///         next[i] -= take;
    ///         next
    ///     }
    ///     fn split(&self, heaps: &Vec<u32>, parts: &mut Vec<Vec<u32>>) -> Nimber {
    ///         let mut settled = Nimber::ZERO;
    ///         for &n in heaps {
    ///             if n <= 3 {
    ///                 settled += Nimber::new(n.into());
    ///             } else {
    ///                 parts.push(vec![n]);
    ///             }
    ///         }
    ///         settled
    ///     }
    /// }
    ///
    /// let mut solver = Solver::new(&Heaps);
    /// assert_eq!(solver.value(&vec![2, 5, 6])?, Nimber::new(2 ^ 5 ^ 6));
    /// # Ok::<(), grundy_core::SolveError>(())
    /// ```
    fn split(&self, position: &Self::Position, parts: &mut Vec<Self::Position>) -> Nimber {
        self.components(position, parts);
        Nimber::ZERO
    }

    /// Splits `child`, the position that `mv` leads to from `position`, as
    /// [`split`](Ruleset::split) does: appends the parts that remain to be searched to
    /// `parts` and returns the nim-sum of the values of the parts it settled.
    ///
    /// The searches split the children of the positions they expand through this hook (all
    /// but a child equal to a part met lately, which is taken as its own one part: its value
    /// is that part's), and the positions they expand are parts that
    /// [`split`](Ruleset::split) or this hook listed. Override it when knowing the move makes
    /// splitting cheaper: a move changes a part near where it was played, so the work of
    /// finding the new parts (a flood from the cells the move touched, a reduction that can
    /// only apply near the move) can start there. The parts listed may differ from those of
    /// [`split`](Ruleset::split) (a reduction applied to fewer places, say) as long as the
    /// value is right; the default calls [`split`](Ruleset::split) on the child.
    fn split_child(
        &self,
        position: &Self::Position,
        mv: &Self::Move,
        child: &Self::Position,
        parts: &mut Vec<Self::Position>,
    ) -> Nimber {
        let _ = (position, mv);
        self.split(child, parts)
    }

    /// Reduces a component the pruned search is about to search to a simpler sum of the same
    /// normal-play value: appends the parts of the sum to `parts` and returns the nim-sum of
    /// the values it settled, or returns `None` when the component does not reduce.
    ///
    /// [`Method::Pruned`](crate::Method::Pruned) asks this of a component whose value the
    /// table does not answer, before it expands it, and keeps what it finds of the sum's value
    /// under the component's own key: a component met again is answered by the table,
    /// without a reduction. The search of exact values (the mex search of
    /// [`Method::Mex`](crate::Method::Mex), and of the components the pruned search values
    /// exactly) asks it, or [`reduce_child`](Ruleset::reduce_child), of each part of a child
    /// that the table does not answer, before it searches the part, and keeps the part's value
    /// under its own key when the table knows every part of the sum. Put here the reductions
    /// too costly to apply to every part of every child in
    /// [`split_child`](Ruleset::split_child) (most children are never searched, or are
    /// answered by the table). They must keep the normal-play value, not the misère outcome
    /// (misère searches never ask), and must end: a part returned must not reduce back to
    /// the component. The default reduces nothing.
    fn reduce(
        &self,
        component: &Self::Position,
        parts: &mut Vec<Self::Position>,
    ) -> Option<Nimber> {
        let _ = (component, parts);
        None
    }

    /// [`reduce`](Ruleset::reduce) of a component of the child of `parent` by `mv`, where
    /// `parent` is a component that `reduce` left as it was (returned `None`).
    ///
    /// The searches ask this instead of `reduce` of the components of the children they make
    /// of a position known not to reduce, so that a ruleset can look for its reductions near
    /// the move only: what did not reduce in the parent far from the move does not in the
    /// child either (Node-Kayles' twins, say, can only be vertices at distance 2 from the
    /// move). It must return `None` only when `reduce` would (the search takes a component
    /// it leaves as one that `reduce` leaves, a parent for the next call), and otherwise
    /// obeys the rules of `reduce`. The default calls `reduce`.
    fn reduce_child(
        &self,
        parent: &Self::Position,
        mv: &Self::Move,
        component: &Self::Position,
        parts: &mut Vec<Self::Position>,
    ) -> Option<Nimber> {
        let _ = (parent, mv);
        self.reduce(component, parts)
    }

    /// Returns a canonical representative of the class of positions equivalent to `position`.
    ///
    /// The transposition table is keyed by canonical forms, so positions that are the same
    /// up to symmetry (a mirrored board, a relabelled graph, reordered heaps) are solved once.
    /// The default returns the position unchanged. It must be a function of the position:
    /// the solver remembers the canonical forms of the components it met last and does not
    /// ask again.
    fn canonical(&self, position: &Self::Position) -> Self::Position {
        position.clone()
    }

    /// Returns the Grundy value of `position` when a closed form knows it cheaply.
    ///
    /// Solvers ask this before searching a component. Return `None` when unsure: a `Some`
    /// answer is trusted and never checked. The default knows nothing.
    fn known_value(&self, position: &Self::Position) -> Option<Nimber> {
        let _ = position;
        None
    }

    /// Returns the normal-play outcome of a component when a strategy argument knows it
    /// without its value (a symmetry strategy, strategy stealing).
    ///
    /// The pruned search ([`Method::Pruned`](crate::Method::Pruned)) asks this of the
    /// components whose values it must find: an N-position's value is at least 1, so the
    /// search never has to prove that it has no move to a P-position, usually the most
    /// expensive part of valuing it. Return `None` when unsure: a `Some` answer is trusted and
    /// never checked. The default knows nothing.
    ///
    /// # Example
    ///
    /// ```
    /// use grundy_core::{Config, Method, Outcome, Ruleset, Solver};
    ///
    /// /// Two equal rows of tokens, take any number from one row: a second-player win by
    /// /// copying, which the ruleset can say without a search.
    /// struct Rows;
    /// impl Ruleset for Rows {
    ///     type Position = [u8; 2];
    ///     type Move = (usize, u8);
    ///     fn moves(&self, rows: &[u8; 2], moves: &mut Vec<(usize, u8)>) {
    ///         for (i, &n) in rows.iter().enumerate() {
    ///             moves.extend((1..=n).map(|take| (i, take)));
    ///         }
    ///     }
    ///     fn play(&self, rows: &[u8; 2], &(i, take): &(usize, u8)) -> [u8; 2] {
    ///         let mut next = *rows;
    ///         next[i] -= take;
    ///         next
    ///     }
    ///     fn known_outcome(&self, rows: &[u8; 2]) -> Option<Outcome> {
    ///         Some(if rows[0] == rows[1] { Outcome::P } else { Outcome::N })
    ///     }
    /// }
    ///
    /// let mut solver = Solver::with_config(&Rows, Config::default().with_method(Method::Pruned));
    /// assert_eq!(solver.value(&[9, 9])?.value(), 0);
    /// assert_eq!(solver.value(&[9, 12])?.value(), 9 ^ 12);
    /// # Ok::<(), grundy_core::SolveError>(())
    /// ```
    fn known_outcome(&self, position: &Self::Position) -> Option<Outcome> {
        let _ = position;
        None
    }

    /// Returns an upper bound on the normal-play Grundy value of a component, when a cheap
    /// one is known.
    ///
    /// The pruned search ([`Method::Pruned`](crate::Method::Pruned)) asks this of the
    /// components whose values it must find: it answers a question about values above the
    /// bound without a search, and once every value below the bound is found among the
    /// children it knows the value is the bound, without proving that no child has it.
    /// The number of moves is always a bound and needs no hook; so is the length of the
    /// longest play from the position (the value of a position is at most that length), which
    /// is the bound to return when it is much smaller than the number of moves. Return
    /// `None` when no bound is known: a `Some` answer is trusted and never checked (a bound
    /// below the value makes the search return wrong values). The default knows none.
    ///
    /// # Example
    ///
    /// ```
    /// use grundy_core::{Config, Method, Nimber, Ruleset, Solver};
    ///
    /// /// A heap of `n` tokens; a move takes at least half of them, leaving any `m` with
    /// /// `2m <= n`. There are `n / 2 + 1` moves but the longest play is short: every move
    /// /// shortens the heap's binary length by one at least.
    /// struct Halve;
    /// impl Ruleset for Halve {
    ///     type Position = u64;
    ///     type Move = u64;
    ///     fn moves(&self, n: &u64, moves: &mut Vec<u64>) {
    ///         if *n > 0 {
    ///             moves.extend(0..=n / 2);
    ///         }
    ///     }
    ///     fn play(&self, _n: &u64, m: &u64) -> u64 {
    ///         *m
    ///     }
    ///     fn value_bound(&self, n: &u64) -> Option<u64> {
    ///         Some(u64::from(64 - n.leading_zeros()))
    ///     }
    /// }
    ///
    /// let mut solver = Solver::with_config(&Halve, Config::default().with_method(Method::Pruned));
    /// // The value is the binary length: the bound is reached.
    /// assert_eq!(solver.value(&200)?, Nimber::new(8));
    /// # Ok::<(), grundy_core::SolveError>(())
    /// ```
    fn value_bound(&self, position: &Self::Position) -> Option<u64> {
        let _ = position;
        None
    }

    /// Whether [`Method::Pruned`](crate::Method::Pruned) values `component` (a component with
    /// `moves` legal moves, about to be searched) exactly, by the mex search, whatever it
    /// asks about it. `again` is `true` when the question is not the first the search asks
    /// about the component (the table holds what an earlier one proved), or asks for its
    /// exact value anyway.
    ///
    /// The pruned search asks a component whether its value is in a set, and often stores
    /// only that it is not: another question about the same component searches it again.
    /// The mex search values every child once and stores the exact value, which answers every
    /// later question at once. For small components that are met many times with different
    /// questions this visits fewer positions in all; for large ones the queries' pruning
    /// wins, and many components are asked one question only. The answers are the same
    /// either way.
    ///
    /// The default is `false`. Return `moves <= k` for a small `k` when components of few
    /// moves abound, perhaps a larger `k` when `again`, and measure: it pays on some
    /// rulesets and costs on others (figures in `docs/performance.md`).
    fn value_exactly(&self, component: &Self::Position, moves: usize, again: bool) -> bool {
        let _ = (component, moves, again);
        false
    }

    /// Reorders the legal moves of `position` so that likely winning moves come first.
    ///
    /// Outcome searches stop at the first move to a P-position, so a good order saves work;
    /// Grundy values do not depend on the order. The default keeps the order of
    /// [`moves`](Ruleset::moves).
    fn order_moves(&self, position: &Self::Position, moves: &mut [Self::Move]) {
        let _ = (position, moves);
    }

    /// Whether [`Method::Pruned`](crate::Method::Pruned) orders the moves of a position by
    /// their history before [`order_moves`](Ruleset::order_moves): the (at most sixteen) moves
    /// whose children answered the most queries so far come first. A query is answered as
    /// soon as a child of the value asked about turns up, and a move that answered in one
    /// position tends to answer in the positions that differ from it far from that move (the
    /// history heuristic of alpha-beta search). Moves are counted by a hash of the move
    /// value, so this helps when a move value means the same place in every position.
    ///
    /// The default is `true`. Return `false` when [`order_moves`](Ruleset::order_moves)
    /// puts every position's moves in an order of its own (the history's order would be
    /// undone, and computing it costs a few nanoseconds a move), or when move values mean
    /// different places in different positions (moves of positions relabelled to a canonical
    /// form, say).
    fn move_history(&self) -> bool {
        true
    }

    /// The canonical position `canonical` packed into one 64-bit word, when it fits.
    ///
    /// The solver keeps the facts of word-sized positions in a compact table (8 bytes an
    /// entry, one cache line a lookup: [`CompactTable`](crate::compact::CompactTable)),
    /// which on large searches is much faster than the general table. The parallel search
    /// shares the facts of word-sized positions without locks; positions without a word key
    /// share a table behind locks, whose cost can take most of what a second thread gains
    /// (`solver::par_value`, feature `rayon`). The packing must be
    /// one-to-one on the canonical positions of this ruleset: two different canonical
    /// positions must never get the same word (the word is the table key). Return `None` for
    /// positions that do not fit; they go to the general table. The default returns `None`.
    ///
    /// ```
    /// use grundy_core::Ruleset;
    ///
    /// /// Take one or two tokens from a heap of at most 2^64 - 1.
    /// struct TakeOneOrTwo;
    /// impl Ruleset for TakeOneOrTwo {
    ///     type Position = u64;
    ///     type Move = u64;
    ///     fn moves(&self, heap: &u64, moves: &mut Vec<u64>) {
    ///         moves.extend((1..=2).filter(|take| take <= heap));
    ///     }
    ///     fn play(&self, heap: &u64, take: &u64) -> u64 {
    ///         heap - take
    ///     }
    ///     fn word_key(&self, heap: &u64) -> Option<u64> {
    ///         Some(*heap)
    ///     }
    /// }
    /// ```
    fn word_key(&self, canonical: &Self::Position) -> Option<u64> {
        let _ = canonical;
        None
    }
}

/// A ruleset behind a shared reference is the same ruleset.
impl<R: Ruleset + ?Sized> Ruleset for &R {
    type Position = R::Position;
    type Move = R::Move;

    fn moves(&self, position: &Self::Position, moves: &mut Vec<Self::Move>) {
        (**self).moves(position, moves);
    }

    fn play(&self, position: &Self::Position, mv: &Self::Move) -> Self::Position {
        (**self).play(position, mv)
    }

    fn move_count(&self, position: &Self::Position, scratch: &mut Vec<Self::Move>) -> usize {
        (**self).move_count(position, scratch)
    }

    fn is_legal(&self, position: &Self::Position, mv: &Self::Move) -> bool {
        (**self).is_legal(position, mv)
    }

    fn is_terminal(&self, position: &Self::Position) -> bool {
        (**self).is_terminal(position)
    }

    fn successors(&self, position: &Self::Position, children: &mut Vec<Self::Position>) {
        (**self).successors(position, children);
    }

    fn components(&self, position: &Self::Position, components: &mut Vec<Self::Position>) {
        (**self).components(position, components);
    }

    fn split(&self, position: &Self::Position, parts: &mut Vec<Self::Position>) -> Nimber {
        (**self).split(position, parts)
    }

    fn split_child(
        &self,
        position: &Self::Position,
        mv: &Self::Move,
        child: &Self::Position,
        parts: &mut Vec<Self::Position>,
    ) -> Nimber {
        (**self).split_child(position, mv, child, parts)
    }

    fn reduce(
        &self,
        component: &Self::Position,
        parts: &mut Vec<Self::Position>,
    ) -> Option<Nimber> {
        (**self).reduce(component, parts)
    }

    fn reduce_child(
        &self,
        parent: &Self::Position,
        mv: &Self::Move,
        component: &Self::Position,
        parts: &mut Vec<Self::Position>,
    ) -> Option<Nimber> {
        (**self).reduce_child(parent, mv, component, parts)
    }

    fn canonical(&self, position: &Self::Position) -> Self::Position {
        (**self).canonical(position)
    }

    fn known_value(&self, position: &Self::Position) -> Option<Nimber> {
        (**self).known_value(position)
    }

    fn known_outcome(&self, position: &Self::Position) -> Option<Outcome> {
        (**self).known_outcome(position)
    }

    fn value_bound(&self, position: &Self::Position) -> Option<u64> {
        (**self).value_bound(position)
    }

    fn value_exactly(&self, component: &Self::Position, moves: usize, again: bool) -> bool {
        (**self).value_exactly(component, moves, again)
    }

    fn order_moves(&self, position: &Self::Position, moves: &mut [Self::Move]) {
        (**self).order_moves(position, moves);
    }

    fn move_history(&self) -> bool {
        (**self).move_history()
    }

    fn word_key(&self, canonical: &Self::Position) -> Option<u64> {
        (**self).word_key(canonical)
    }
}

#[cfg(test)]
mod tests {
    /// The hook table of the trait's documentation names every provided method of the trait:
    /// the trait's source is read, and each `fn` between `pub trait Ruleset` and the end of
    /// the trait must have its row (the two required methods are described above the table).
    #[test]
    fn hook_table_lists_every_provided_method() {
        let source = include_str!("ruleset.rs");
        let start = source.find("pub trait Ruleset {").expect("the trait is defined here");
        let body = &source[start..];
        let end = body.find("\n}\n").expect("the trait ends");
        let methods: Vec<&str> = body[..end]
            .lines()
            .filter_map(|line| line.trim_start().strip_prefix("fn "))
            .filter_map(|rest| rest.split('(').next())
            .collect();
        assert!(methods.len() >= 12, "{methods:?}");
        let table: Vec<&str> =
            source[..start].lines().filter(|line| line.starts_with("/// | [`")).collect();
        for method in methods {
            if method == "moves" || method == "play" {
                continue;
            }
            let row = format!("/// | [`{method}`](Ruleset::{method}) |");
            assert!(table.iter().any(|line| line.starts_with(&row)), "no row for {method}");
        }
    }
}
