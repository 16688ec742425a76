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
#[derive(Clone, Debug)]
pub struct Tandem {
    max_positions: usize,
    check_values: bool,
    table_bytes: usize,
}

impl Default for Tandem {
    fn default() -> Self {
        Tandem { max_positions: 1_000_000, check_values: true, table_bytes: 16 << 20 }
    }
}

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

            // The move map must be a bijection onto the legal target moves.
            let mut pairs = Vec::with_capacity(source_moves.len());
            let mut images: HashMap<<R::Target as Ruleset>::Move, usize> = HashMap::new();
            for (i, mv) in source_moves.iter().enumerate() {
                let target_move = reduction
                    .map_move(&position, mv)
                    .map_err(|e| fail(&visits, at, Problem::Map(e)))?;
                if let Some(&j) = images.get(&target_move) {
                    return Err(fail(
                        &visits,
                        at,
                        Problem::NotInjective {
                            first: show(&source_moves[j]),
                            second: show(mv),
                            target_move: show(&target_move),
                        },
                    ));
                }
                if !target_moves.contains(&target_move) {
                    return Err(fail(
                        &visits,
                        at,
                        Problem::MoveNotLegal {
                            source_move: show(mv),
                            target_move: show(&target_move),
                        },
                    ));
                }
                images.insert(target_move.clone(), i);
                pairs.push((mv.clone(), target_move));
            }
            if let Some(orphan) = target_moves.iter().find(|mv| !images.contains_key(*mv)) {
                return Err(fail(&visits, at, Problem::NoPreimage { target_move: show(orphan) }));
            }
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
}
