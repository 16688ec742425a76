//! The [`Reduction`] and [`Isomorphism`] traits, their errors, and composition.

use core::fmt::Debug;

use grundy_core::Ruleset;

/// Why a position could not be mapped.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReductionError {
    /// The position lies outside the part of the source ruleset the reduction covers.
    #[error("position outside the domain of the reduction: {reason}")]
    OutOfDomain {
        /// What the reduction needs and the position lacks.
        reason: String,
    },
    /// The mapped position would exceed a limit of the target ruleset.
    #[error("the mapped position is too large: {reason}")]
    TooLarge {
        /// Which limit, and by how much.
        reason: String,
    },
}

impl ReductionError {
    /// An [`OutOfDomain`](ReductionError::OutOfDomain) error.
    pub fn out_of_domain(reason: impl Into<String>) -> Self {
        ReductionError::OutOfDomain { reason: reason.into() }
    }

    /// A [`TooLarge`](ReductionError::TooLarge) error.
    pub fn too_large(reason: impl Into<String>) -> Self {
        ReductionError::TooLarge { reason: reason.into() }
    }
}

/// A map from the positions and moves of one ruleset to those of another that preserves the
/// game tree.
///
/// A reduction value holds both rulesets: for rulesets that carry structure (a graph, a seed
/// set) the target ruleset is built from the source ruleset when the reduction is made. The
/// claim a reduction makes, and that [`Tandem`](crate::Tandem) checks, is that for every
/// position `p` in its domain the moves of `p` correspond one to one, through
/// [`map_move`](Reduction::map_move), to the moves of `map_position(p)`, and that a mapped
/// move leads to the mapped child. The game trees are then isomorphic and the Grundy values
/// agree.
///
/// A reduction that covers every position of the source ruleset is a *special-case
/// embedding* (the target generalises the source); when it also has an inverse on every
/// target position it is an [`Isomorphism`].
pub trait Reduction {
    /// The ruleset reduced from.
    type Source: Ruleset;
    /// The ruleset reduced to.
    type Target: Ruleset;

    /// The source ruleset.
    fn source(&self) -> &Self::Source;

    /// The target ruleset.
    fn target(&self) -> &Self::Target;

    /// Maps a source position to the target position that plays the same game.
    ///
    /// # Errors
    ///
    /// [`ReductionError`] when the position is outside the reduction's domain or its image
    /// would exceed a limit of the target.
    fn map_position(
        &self,
        position: &<Self::Source as Ruleset>::Position,
    ) -> Result<<Self::Target as Ruleset>::Position, ReductionError>;

    /// Maps a legal move of the source position `position` to the corresponding move of
    /// `map_position(position)`.
    ///
    /// # Errors
    ///
    /// [`ReductionError`] when `position` is outside the domain (as for
    /// [`map_position`](Reduction::map_position)).
    fn map_move(
        &self,
        position: &<Self::Source as Ruleset>::Position,
        mv: &<Self::Source as Ruleset>::Move,
    ) -> Result<<Self::Target as Ruleset>::Move, ReductionError>;
}

/// A [`Reduction`] with an inverse: the two rulesets are the same game under a renaming.
pub trait Isomorphism: Reduction {
    /// Maps a target position back to a source position.
    ///
    /// # Errors
    ///
    /// [`ReductionError`] when the target position has no counterpart (an isomorphism between
    /// a ruleset and a part of another has a restricted inverse).
    fn unmap_position(
        &self,
        position: &<Self::Target as Ruleset>::Position,
    ) -> Result<<Self::Source as Ruleset>::Position, ReductionError>;

    /// Maps a legal move of the target position `position` back to the source move.
    ///
    /// # Errors
    ///
    /// [`ReductionError`] when `position` has no counterpart.
    fn unmap_move(
        &self,
        position: &<Self::Target as Ruleset>::Position,
        mv: &<Self::Target as Ruleset>::Move,
    ) -> Result<<Self::Source as Ruleset>::Move, ReductionError>;
}

/// Two reductions one after the other: `first` from A to B, then `second` from B to C.
///
/// The second reduction must have been built for the target ruleset of the first (for
/// rulesets without structure, such as unit structs, any value does).
///
/// ```
/// use grundy_reductions::{Compose, Reduction};
/// # use grundy_reductions::ReductionError;
/// # use grundy_core::Ruleset;
/// # #[derive(Clone)] struct Count;
/// # impl Ruleset for Count { type Position = u32; type Move = u32;
/// #   fn moves(&self, p: &u32, m: &mut Vec<u32>) { m.extend((1..=2).filter(|t| t <= p)); }
/// #   fn play(&self, p: &u32, t: &u32) -> u32 { p - t } }
/// # struct Same;
/// # impl Reduction for Same { type Source = Count; type Target = Count;
/// #   fn source(&self) -> &Count { &Count } fn target(&self) -> &Count { &Count }
/// #   fn map_position(&self, p: &u32) -> Result<u32, ReductionError> { Ok(*p) }
/// #   fn map_move(&self, _: &u32, m: &u32) -> Result<u32, ReductionError> { Ok(*m) } }
/// let twice = Compose::new(Same, Same);
/// assert_eq!(twice.map_position(&5)?, 5);
/// # Ok::<(), ReductionError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Compose<A, B> {
    first: A,
    second: B,
}

impl<A, B> Compose<A, B>
where
    A: Reduction,
    B: Reduction<Source = A::Target>,
{
    /// `first`, then `second`.
    pub const fn new(first: A, second: B) -> Self {
        Compose { first, second }
    }

    /// The first reduction.
    pub const fn first(&self) -> &A {
        &self.first
    }

    /// The second reduction.
    pub const fn second(&self) -> &B {
        &self.second
    }
}

impl<A, B> Reduction for Compose<A, B>
where
    A: Reduction,
    B: Reduction<Source = A::Target>,
{
    type Source = A::Source;
    type Target = B::Target;

    fn source(&self) -> &Self::Source {
        self.first.source()
    }

    fn target(&self) -> &Self::Target {
        self.second.target()
    }

    fn map_position(
        &self,
        position: &<Self::Source as Ruleset>::Position,
    ) -> Result<<Self::Target as Ruleset>::Position, ReductionError> {
        self.second.map_position(&self.first.map_position(position)?)
    }

    fn map_move(
        &self,
        position: &<Self::Source as Ruleset>::Position,
        mv: &<Self::Source as Ruleset>::Move,
    ) -> Result<<Self::Target as Ruleset>::Move, ReductionError> {
        let middle_move = self.first.map_move(position, mv)?;
        let middle = self.first.map_position(position)?;
        self.second.map_move(&middle, &middle_move)
    }
}

impl<A, B> Isomorphism for Compose<A, B>
where
    A: Isomorphism,
    B: Isomorphism<Source = A::Target>,
{
    fn unmap_position(
        &self,
        position: &<Self::Target as Ruleset>::Position,
    ) -> Result<<Self::Source as Ruleset>::Position, ReductionError> {
        self.first.unmap_position(&self.second.unmap_position(position)?)
    }

    fn unmap_move(
        &self,
        position: &<Self::Target as Ruleset>::Position,
        mv: &<Self::Target as Ruleset>::Move,
    ) -> Result<<Self::Source as Ruleset>::Move, ReductionError> {
        let middle = self.second.unmap_position(position)?;
        let middle_move = self.second.unmap_move(position, mv)?;
        self.first.unmap_move(&middle, &middle_move)
    }
}

/// The reverse of an [`Isomorphism`], itself an isomorphism.
#[derive(Clone, Debug)]
pub struct Inverse<I>(pub I);

impl<I: Isomorphism> Reduction for Inverse<I> {
    type Source = I::Target;
    type Target = I::Source;

    fn source(&self) -> &Self::Source {
        self.0.target()
    }

    fn target(&self) -> &Self::Target {
        self.0.source()
    }

    fn map_position(
        &self,
        position: &<Self::Source as Ruleset>::Position,
    ) -> Result<<Self::Target as Ruleset>::Position, ReductionError> {
        self.0.unmap_position(position)
    }

    fn map_move(
        &self,
        position: &<Self::Source as Ruleset>::Position,
        mv: &<Self::Source as Ruleset>::Move,
    ) -> Result<<Self::Target as Ruleset>::Move, ReductionError> {
        self.0.unmap_move(position, mv)
    }
}

impl<I: Isomorphism> Isomorphism for Inverse<I> {
    fn unmap_position(
        &self,
        position: &<Self::Target as Ruleset>::Position,
    ) -> Result<<Self::Source as Ruleset>::Position, ReductionError> {
        self.0.map_position(position)
    }

    fn unmap_move(
        &self,
        position: &<Self::Target as Ruleset>::Position,
        mv: &<Self::Target as Ruleset>::Move,
    ) -> Result<<Self::Source as Ruleset>::Move, ReductionError> {
        self.0.map_move(position, mv)
    }
}

/// Formats a value with `Debug` for a counterexample report.
pub(crate) fn show<T: Debug>(value: &T) -> String {
    format!("{value:?}")
}
