//! The tandem checker: walk two game trees together and compare them node by node.

use std::collections::HashMap;

use grundy_core::{Config, Nimber, Ruleset, SolveError, Solver};

use crate::normal::Normalize;
use crate::reduction::{Isomorphism, Reduction, ReductionError, show};

/// What went wrong at the first node where a reduction failed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Problem {
    /// The image of a legal source move is not legal in the image position.
    MoveNotLegal {
        /// The source move.
        source_move: String,
        /// Its image.
        target_move: String,
    },
    /// Two source moves map to the same target move.
    NotInjective {
        /// The first source move.
        first: String,
        /// The second source move.
        second: String,
        /// Their common image.
        target_move: String,
    },
    /// A legal target move is the image of no source move.
    NoPreimage {
        /// The target move.
        target_move: String,
    },
    /// A source move and its image lead to different games.
    ChildMismatch {
        /// The source move.
        source_move: String,
        /// Its image.
        target_move: String,
        /// Normal form of the image of the source child.
        mapped_child: String,
        /// Normal form of the target child.
        target_child: String,
    },
    /// The Grundy values of a position and its image differ.
    ValueMismatch {
        /// Value of the source position.
        source: Nimber,
        /// Value of the target position.
        target: Nimber,
    },
    /// Mapping a position or a move failed.
    Map(ReductionError),
    /// Mapping the image position back does not give the source position again.
    RoundTripPosition {
        /// Normal form of the source position.
        expected: String,
        /// Normal form of the image mapped back.
        found: String,
    },
    /// Mapping the image of a move back does not give the move again.
    RoundTripMove {
        /// The source move.
        expected: String,
        /// Its image mapped back.
        found: String,
    },
}

impl core::fmt::Display for Problem {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Problem::MoveNotLegal { source_move, target_move } => {
                write!(f, "source move {source_move} maps to {target_move}, which is not legal")
            }
            Problem::NotInjective { first, second, target_move } => {
                write!(f, "source moves {first} and {second} both map to {target_move}")
            }
            Problem::NoPreimage { target_move } => {
                write!(f, "target move {target_move} is the image of no source move")
            }
            Problem::ChildMismatch { source_move, target_move, mapped_child, target_child } => {
                write!(
                    f,
                    "after {source_move} / {target_move} the image of the source child is \
                     {mapped_child} but the target child is {target_child}"
                )
            }
            Problem::ValueMismatch { source, target } => {
                write!(f, "values differ: source {source}, target {target}")
            }
            Problem::Map(err) => write!(f, "{err}"),
            Problem::RoundTripPosition { expected, found } => {
                write!(f, "mapping back gives {found} instead of {expected}")
            }
            Problem::RoundTripMove { expected, found } => {
                write!(f, "mapping the move back gives {found} instead of {expected}")
            }
        }
    }
}

/// The first disagreement found by the [`Tandem`] checker, with the way to reach it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counterexample {
    /// The source root that was checked.
    pub root: String,
    /// The source moves from the root to the bad node (empty: the root itself).
    pub path: Vec<String>,
    /// The source position at the bad node.
    pub position: String,
    /// What went wrong there.
    pub problem: Problem,
}

impl core::fmt::Display for Counterexample {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "from {}", self.root)?;
        if !self.path.is_empty() {
            write!(f, " after {}", self.path.join(", "))?;
        }
        write!(f, " at {}: {}", self.position, self.problem)
    }
}

/// Why a tandem check did not confirm a reduction.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TandemError {
    /// The reduction is wrong at some node.
    #[error("reduction fails: {0}")]
    Counterexample(Box<Counterexample>),
    /// The source game tree has more positions than the checker was allowed to visit.
    #[error("more than {limit} source positions: raise the limit or check a smaller root")]
    TooManyPositions {
        /// The limit that was set.
        limit: usize,
    },
    /// A value computation ran out of its budget.
    #[error("value computation failed: {0}")]
    Solve(#[from] SolveError),
}

/// What a successful tandem check covered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TandemReport {
    /// Distinct source positions visited (the whole game tree below the root, up to
    /// transposition).
    pub positions: usize,
    /// Source moves checked.
    pub moves: usize,
    /// Grundy value of the root (the same on both sides).
    pub value: Nimber,
}

/// Walks the game tree of a source position and the tree of its image together.
///
/// At every source position `p` it checks that the move map is a bijection from the legal
/// moves of `p` onto the legal moves of `map(p)`, that for every move the image of the child
/// is the same game as the child of the image (compared by [`Normalize::normal_form`]), and
/// (unless switched off) that `p` and `map(p)` have the same Grundy value. For an
/// [`Isomorphism`] it also checks that mapping back returns the source position and moves.
/// Every distinct source position below the root is visited once. The answer on failure is
/// the path from the root to the first disagreement.
///
/// ```
/// use grundy_core::Ruleset;
/// use grundy_reductions::{Reduction, ReductionError, Tandem, Normalize};
///
/// /// Take 1 or 2 tokens.
/// struct Take12;
/// impl Ruleset for Take12 {
///     type Position = u32;
///     type Move = u32;
///     fn moves(&self, n: &u32, m: &mut Vec<u32>) { m.extend((1..=2).filter(|t| t <= n)); }
///     fn play(&self, n: &u32, t: &u32) -> u32 { n - t }
/// }
/// impl Normalize for Take12 {
///     type Form = u32;
///     fn normal_form(&self, n: &u32) -> u32 { *n }
/// }
/// /// The same game with every heap doubled and moves taking 2 or 4 (a renaming).
/// struct Doubled;
/// impl Ruleset for Doubled {
///     type Position = u32;
///     type Move = u32;
///     fn moves(&self, n: &u32, m: &mut Vec<u32>) { m.extend([2, 4].into_iter().filter(|t| t <= n)); }
///     fn play(&self, n: &u32, t: &u32) -> u32 { n - t }
/// }
/// impl Normalize for Doubled {
///     type Form = u32;
///     fn normal_form(&self, n: &u32) -> u32 { *n }
/// }
/// struct Double;
/// impl Reduction for Double {
///     type Source = Take12;
///     type Target = Doubled;
///     fn source(&self) -> &Take12 { &Take12 }
///     fn target(&self) -> &Doubled { &Doubled }
///     fn map_position(&self, n: &u32) -> Result<u32, ReductionError> { Ok(2 * n) }
///     fn map_move(&self, _: &u32, t: &u32) -> Result<u32, ReductionError> { Ok(2 * t) }
/// }
///
/// let report = Tandem::new().check(&Double, &10)?;
/// assert_eq!(report.positions, 11);
/// # Ok::<(), grundy_reductions::TandemError>(())
/// ```
///
/// # Two strengths of check
///
/// [`check`](Tandem::check) is *positional*: the image of every source child must be the
/// same game as the target child (equal normal forms), so the position map commutes with
/// play. [`check_paired`](Tandem::check_paired) is weaker: it walks pairs (source position,
/// actual target position) from `(root, map(root))`, recursing into (child, actual target
/// child) without ever mapping a child again. It confirms that the two game trees are
/// isomorphic under the move map (the notion of isomorphic games of Burke, Ferland and
/// Teng), even when the target child is not the image of the source child (Theorem 7: a
/// threshold `-1` where the map writes `0`).
///
/// [`merging_moves`](Tandem::merging_moves) relaxes both checks further: several source
/// moves may map to one target move (every target move must still have a preimage). That
/// confirms a *quotient* of game trees, enough for equal game forms and values but not an
/// isomorphism: Node-Kayles on a path merges mirror-image moves into one move of the octal
/// game 0.137.
#[derive(Clone, Debug)]
pub struct Tandem {
    max_positions: usize,
    check_values: bool,
    table_bytes: usize,
    merge_moves: bool,
}

impl Default for Tandem {
    fn default() -> Self {
        Tandem {
            max_positions: 1_000_000,
            check_values: true,
            table_bytes: 16 << 20,
            merge_moves: false,
        }
    }
}

/// One visited pair of the paired walk: the source position, the actual target position and
/// how they were reached.
struct PairVisit<P, Q, M> {
    position: P,
    image: Q,
    parent: Option<(usize, M)>,
}

/// The pairs (source move, target move) of one node.
type MovePairs<R> =
    Vec<(<<R as Reduction>::Source as Ruleset>::Move, <<R as Reduction>::Target as Ruleset>::Move)>;

/// One visited source position: how it was reached.
struct Visit<P, M> {
    position: P,
    parent: Option<(usize, M)>,
}

impl Tandem {
    /// A checker that visits at most a million source positions and compares values.
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets the largest number of distinct source positions to visit.
    pub fn with_max_positions(mut self, limit: usize) -> Self {
        self.max_positions = limit;
        self
    }

    /// Skips the Grundy value comparison (the structural checks alone already imply it).
    pub fn without_values(mut self) -> Self {
        self.check_values = false;
        self
    }

    /// Accepts move maps that send several source moves to the same target move, as long as
    /// every legal target move is the image of at least one legal source move.
    ///
    /// The check then confirms that the target tree is a *quotient* of the source tree: a
    /// map of game trees that is onto at every node. By induction on the height, each source
    /// position and its target have the same set of options up to identity (duplicates
    /// merged), hence the same game form and the same Grundy value, but the trees need not be
    /// isomorphic (the source may have more moves). Off by default.
    pub fn merging_moves(mut self) -> Self {
        self.merge_moves = true;
        self
    }

    /// Checks `reduction` on the whole game tree below `root`.
    ///
    /// # Errors
    ///
    /// [`TandemError::Counterexample`] at the first disagreement,
    /// [`TandemError::TooManyPositions`] when the tree is larger than the limit.
    pub fn check<R>(
        &self,
        reduction: &R,
        root: &<R::Source as Ruleset>::Position,
    ) -> Result<TandemReport, TandemError>
    where
        R: Reduction,
        R::Target: Normalize,
    {
        self.walk(reduction, root, |_, _, _| Ok(()))
    }

    /// Checks the isomorphism `iso` on the whole game tree below `root`, including the
    /// inverse maps: every image maps back to a position with the source's normal form, and
    /// every image move maps back to its source move.
    ///
    /// # Errors
    ///
    /// As for [`check`](Tandem::check).
    pub fn check_isomorphism<I>(
        &self,
        iso: &I,
        root: &<I::Source as Ruleset>::Position,
    ) -> Result<TandemReport, TandemError>
    where
        I: Isomorphism,
        I::Source: Normalize,
        I::Target: Normalize,
    {
        self.walk(iso, root, |position, image, moves| {
            let back = iso.unmap_position(image).map_err(Problem::Map)?;
            let expected = iso.source().normal_form(position);
            let found = iso.source().normal_form(&back);
            if expected != found {
                return Err(Problem::RoundTripPosition {
                    expected: show(&expected),
                    found: show(&found),
                });
            }
            for (source_move, target_move) in moves {
                let back = iso.unmap_move(image, target_move).map_err(Problem::Map)?;
                if &back != source_move {
                    return Err(Problem::RoundTripMove {
                        expected: show(source_move),
                        found: show(&back),
                    });
                }
            }
            Ok(())
        })
    }

    #[allow(clippy::type_complexity, reason = "the pairs of moves are named where they are made")]
    fn walk<R>(
        &self,
        reduction: &R,
        root: &<R::Source as Ruleset>::Position,
        extra: impl Fn(
            &<R::Source as Ruleset>::Position,
            &<R::Target as Ruleset>::Position,
            &[(<R::Source as Ruleset>::Move, <R::Target as Ruleset>::Move)],
        ) -> Result<(), Problem>,
    ) -> Result<TandemReport, TandemError>
    where
        R: Reduction,
        R::Target: Normalize,
    {
        let source = reduction.source();
        let target = reduction.target();
        let config = Config::default().with_table_bytes(self.table_bytes);
        let mut source_solver = Solver::with_config(source, config.clone());
        let mut target_solver = Solver::with_config(target, config);

        let mut visits: Vec<Visit<<R::Source as Ruleset>::Position, <R::Source as Ruleset>::Move>> =
            vec![Visit { position: root.clone(), parent: None }];
        let mut seen: HashMap<<R::Source as Ruleset>::Position, ()> = HashMap::new();
        seen.insert(root.clone(), ());
        let mut stack = vec![0usize];
        let mut report = TandemReport::default();
        let mut source_moves = Vec::new();
        let mut target_moves = Vec::new();

        let fail = |visits: &[Visit<_, _>], at: usize, problem: Problem| {
            let mut path = Vec::new();
            let mut node = at;
            while let Some((parent, mv)) = &visits[node].parent {
                path.push(show(mv));
                node = *parent;
            }
            path.reverse();
            TandemError::Counterexample(Box::new(Counterexample {
                root: show(root),
                path,
                position: show(&visits[at].position),
                problem,
            }))
        };

        while let Some(at) = stack.pop() {
            let position = visits[at].position.clone();
            let image = reduction
                .map_position(&position)
                .map_err(|e| fail(&visits, at, Problem::Map(e)))?;

            if self.check_values {
                let source_value = source_solver.value(&position)?;
                let target_value = target_solver.value(&image)?;
                if at == 0 {
                    report.value = source_value;
                }
                if source_value != target_value {
                    return Err(fail(
                        &visits,
                        at,
                        Problem::ValueMismatch { source: source_value, target: target_value },
                    ));
                }
            }

            source_moves.clear();
            source.moves(&position, &mut source_moves);
            target_moves.clear();
            target.moves(&image, &mut target_moves);

            let pairs = self
                .match_moves::<R>(&source_moves, &target_moves, |mv| {
                    reduction.map_move(&position, mv)
                })
                .map_err(|problem| fail(&visits, at, problem))?;
            extra(&position, &image, &pairs).map_err(|problem| fail(&visits, at, problem))?;

            for (source_move, target_move) in pairs {
                report.moves += 1;
                let child = source.play(&position, &source_move);
                let mapped_child = reduction
                    .map_position(&child)
                    .map_err(|e| fail(&visits, at, Problem::Map(e)))?;
                let target_child = target.play(&image, &target_move);
                let mapped_form = target.normal_form(&mapped_child);
                let target_form = target.normal_form(&target_child);
                if mapped_form != target_form {
                    return Err(fail(
                        &visits,
                        at,
                        Problem::ChildMismatch {
                            source_move: show(&source_move),
                            target_move: show(&target_move),
                            mapped_child: show(&mapped_form),
                            target_child: show(&target_form),
                        },
                    ));
                }
                if seen.insert(child.clone(), ()).is_none() {
                    if visits.len() >= self.max_positions {
                        return Err(TandemError::TooManyPositions { limit: self.max_positions });
                    }
                    visits.push(Visit { position: child, parent: Some((at, source_move)) });
                    stack.push(visits.len() - 1);
                }
            }
        }
        report.positions = visits.len();
        Ok(report)
    }

    /// Checks that `move_map` sends the legal source moves onto the legal target moves: one
    /// to one (unless [`merging_moves`](Tandem::merging_moves)), every image legal, every
    /// target move hit. Returns the pairs in source order.
    fn match_moves<R>(
        &self,
        source_moves: &[<R::Source as Ruleset>::Move],
        target_moves: &[<R::Target as Ruleset>::Move],
        move_map: impl Fn(
            &<R::Source as Ruleset>::Move,
        ) -> Result<<R::Target as Ruleset>::Move, ReductionError>,
    ) -> Result<MovePairs<R>, Problem>
    where
        R: Reduction,
    {
        let mut pairs = Vec::with_capacity(source_moves.len());
        let mut images: HashMap<<R::Target as Ruleset>::Move, usize> = HashMap::new();
        for (i, mv) in source_moves.iter().enumerate() {
            let target_move = move_map(mv).map_err(Problem::Map)?;
            if let Some(&j) = images.get(&target_move) {
                if !self.merge_moves {
                    return Err(Problem::NotInjective {
                        first: show(&source_moves[j]),
                        second: show(mv),
                        target_move: show(&target_move),
                    });
                }
            } else {
                if !target_moves.contains(&target_move) {
                    return Err(Problem::MoveNotLegal {
                        source_move: show(mv),
                        target_move: show(&target_move),
                    });
                }
                images.insert(target_move.clone(), i);
            }
            pairs.push((mv.clone(), target_move));
        }
        if let Some(orphan) = target_moves.iter().find(|mv| !images.contains_key(*mv)) {
            return Err(Problem::NoPreimage { target_move: show(orphan) });
        }
        Ok(pairs)
    }

    /// Checks that the game tree of `root` and the game tree of `map(root)` are isomorphic
    /// under the reduction's move map, walking pairs of actual positions.
    ///
    /// Starting from `(root, map(root))`, at every pair `(p, q)` it checks that
    /// [`map_move`](Reduction::map_move)`(p, ·)` is a bijection from the legal moves of `p`
    /// onto the legal moves of `q` (many to one with [`merging_moves`](Tandem::merging_moves)),
    /// that `p` and `q` have the same Grundy value (unless switched off), and recurses into
    /// every pair (child of `p`, child of `q`). Children are never mapped again, so this is
    /// weaker than [`check`](Tandem::check): it confirms an isomorphism of game trees under
    /// the move bijection, not that the position map commutes with play. Pairs are visited
    /// once each (the target side compared by normal form); the report counts pairs, and a
    /// counterexample shows the position as `source paired with target`.
    ///
    /// The move map must not depend on the position beyond what `p` tells; when it must look
    /// at the actual target position, use [`check_paired_with`](Tandem::check_paired_with).
    ///
    /// # Errors
    ///
    /// As for [`check`](Tandem::check), with [`TandemError::TooManyPositions`] counting pairs.
    pub fn check_paired<R>(
        &self,
        reduction: &R,
        root: &<R::Source as Ruleset>::Position,
    ) -> Result<TandemReport, TandemError>
    where
        R: Reduction,
        R::Target: Normalize,
    {
        self.check_paired_with(reduction, root, |p, _, mv| reduction.map_move(p, mv))
    }

    /// As [`check_paired`](Tandem::check_paired), with the move map `move_map(p, q, mv)` given
    /// the source position `p`, the actual target position `q` and the source move `mv`.
    ///
    /// # Errors
    ///
    /// As for [`check_paired`](Tandem::check_paired).
    #[allow(clippy::type_complexity, reason = "the move map is named where it is made")]
    pub fn check_paired_with<R>(
        &self,
        reduction: &R,
        root: &<R::Source as Ruleset>::Position,
        move_map: impl Fn(
            &<R::Source as Ruleset>::Position,
            &<R::Target as Ruleset>::Position,
            &<R::Source as Ruleset>::Move,
        ) -> Result<<R::Target as Ruleset>::Move, ReductionError>,
    ) -> Result<TandemReport, TandemError>
    where
        R: Reduction,
        R::Target: Normalize,
    {
        let source = reduction.source();
        let target = reduction.target();
        let config = Config::default().with_table_bytes(self.table_bytes);
        let mut source_solver = Solver::with_config(source, config.clone());
        let mut target_solver = Solver::with_config(target, config);

        type Visits<R> = Vec<
            PairVisit<
                <<R as Reduction>::Source as Ruleset>::Position,
                <<R as Reduction>::Target as Ruleset>::Position,
                <<R as Reduction>::Source as Ruleset>::Move,
            >,
        >;
        let fail = |visits: &Visits<R>, at: usize, problem: Problem| {
            let mut path = Vec::new();
            let mut node = at;
            while let Some((parent, mv)) = &visits[node].parent {
                path.push(show(mv));
                node = *parent;
            }
            path.reverse();
            TandemError::Counterexample(Box::new(Counterexample {
                root: show(root),
                path,
                position: format!(
                    "{} paired with {}",
                    show(&visits[at].position),
                    show(&visits[at].image)
                ),
                problem,
            }))
        };

        let image = reduction.map_position(root).map_err(|e| {
            TandemError::Counterexample(Box::new(Counterexample {
                root: show(root),
                path: Vec::new(),
                position: show(root),
                problem: Problem::Map(e),
            }))
        })?;
        let mut seen: HashMap<
            (<R::Source as Ruleset>::Position, <R::Target as Normalize>::Form),
            (),
        > = HashMap::new();
        seen.insert((root.clone(), target.normal_form(&image)), ());
        let mut visits: Visits<R> = vec![PairVisit { position: root.clone(), image, parent: None }];
        let mut stack = vec![0usize];
        let mut report = TandemReport::default();
        let mut source_moves = Vec::new();
        let mut target_moves = Vec::new();

        while let Some(at) = stack.pop() {
            let position = visits[at].position.clone();
            let image = visits[at].image.clone();

            if self.check_values {
                let source_value = source_solver.value(&position)?;
                let target_value = target_solver.value(&image)?;
                if at == 0 {
                    report.value = source_value;
                }
                if source_value != target_value {
                    return Err(fail(
                        &visits,
                        at,
                        Problem::ValueMismatch { source: source_value, target: target_value },
                    ));
                }
            }

            source_moves.clear();
            source.moves(&position, &mut source_moves);
            target_moves.clear();
            target.moves(&image, &mut target_moves);
            let pairs = self
                .match_moves::<R>(&source_moves, &target_moves, |mv| {
                    move_map(&position, &image, mv)
                })
                .map_err(|problem| fail(&visits, at, problem))?;

            for (source_move, target_move) in pairs {
                report.moves += 1;
                let child = source.play(&position, &source_move);
                let target_child = target.play(&image, &target_move);
                let key = (child, target.normal_form(&target_child));
                if seen.insert(key.clone(), ()).is_none() {
                    if visits.len() >= self.max_positions {
                        return Err(TandemError::TooManyPositions { limit: self.max_positions });
                    }
                    visits.push(PairVisit {
                        position: key.0,
                        image: target_child,
                        parent: Some((at, source_move)),
                    });
                    stack.push(visits.len() - 1);
                }
            }
        }
        report.positions = visits.len();
        Ok(report)
    }
}
