//! Why a rule set, a board, a position or a box was refused.

/// Why a lattice game or one of its parts could not be built or solved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LatticeError {
    /// A computation's budget ([`grundy_core::Budget`]) ran out first.
    #[error("{0}")]
    Stopped(#[from] grundy_core::SolveError),
    /// A rule set with no vectors.
    #[error("a rule set needs at least one vector")]
    NoRules,
    /// Vectors of dimension 0 or beyond [`MAX_DIMENSION`](crate::MAX_DIMENSION).
    #[error("dimension {dimension} is not supported: it must be between 1 and {max}")]
    Dimension {
        /// The dimension asked for.
        dimension: usize,
        /// The largest dimension supported.
        max: usize,
    },
    /// A vector or point whose number of coordinates differs from the rule set's.
    #[error("{what} {index} has {found} coordinates, the rule set {expected}")]
    WrongDimension {
        /// `rule vector`, `generator` or `position`.
        what: &'static str,
        /// Its number, counting from 1.
        index: usize,
        /// Its number of coordinates.
        found: usize,
        /// The rule set's dimension.
        expected: usize,
    },
    /// The zero vector is not a move.
    #[error("rule vector {index} is zero, which is no move")]
    ZeroRule {
        /// Its number, counting from 1.
        index: usize,
    },
    /// The same vector twice.
    #[error("rule vectors {first} and {second} are equal")]
    DuplicateRule {
        /// The first occurrence, counting from 1.
        first: usize,
        /// The second occurrence, counting from 1.
        second: usize,
    },
    /// An entry too large in absolute value.
    #[error("rule vector {index} has the entry {value}; entries are limited to ±{max}")]
    EntryTooLarge {
        /// Its number, counting from 1.
        index: usize,
        /// The entry.
        value: i64,
        /// The largest absolute value allowed.
        max: i64,
    },
    /// Axiom 1 of a rule set fails: no linear function is positive on the rule set and on the
    /// board's recession cone.
    #[error(
        "axiom 1 fails: no linear function is positive on the rule vectors and on the board's \
         cone; the moves {combination} (with these multiplicities) add up to {sum}, which \
         decreases no coordinate, so play could go on for ever"
    )]
    NoPositiveFunction {
        /// A non-negative combination of rule vectors, as `2×(1, -1) + 1×(-2, 2)`.
        combination: String,
        /// The combination's sum, a vector with no positive coordinate.
        sum: String,
    },
    /// Axiom 1 holds, but only with a linear function whose integer coefficients exceed the
    /// crate's limit.
    #[error("the rule set needs a positive linear function with coefficients beyond {max}")]
    WeightsTooLarge {
        /// The largest coefficient supported.
        max: u64,
    },
    /// Axiom 2 of a rule set fails for the ray along `axis`.
    #[error(
        "axiom 2 fails for the ray along coordinate {axis}: no rule vector lies in its negative \
         tangent cone (no vector is positive in coordinate {axis} and at most 0 in every other)"
    )]
    RayWithoutRule {
        /// The coordinate of the ray, counting from 1.
        axis: usize,
    },
    /// Axiom 2 of a rule set fails on a board other than `N^d` for an extremal ray of the
    /// recession cone whose tangent cone is not the orthant's.
    #[error(
        "axiom 2 fails for the ray {ray} of the board's recession cone: no rule vector lies in \
         its negative tangent cone (no rule vector γ has −γ in the tangent cone {tangent})"
    )]
    RayWithoutRuleOnBoard {
        /// The ray, a primitive integer vector, as `(1, 2)`.
        ray: String,
        /// The tangent cone along the ray, as the inequalities tight there, `2 x0 - x1 >= 0`
        /// (variable `xj` is coordinate `j`, counting from 0).
        tangent: String,
    },
    /// A board that could not be built or read.
    #[error("board: {0}")]
    Board(#[from] crate::BoardError),
    /// A rule set refused on the image of a [`GeneralBoard`](crate::GeneralBoard) in `N^k`:
    /// the error names vectors and rays in the image's coordinates `z`, related to the
    /// board's by the embedding `map`.
    #[error("on the board's embedding into the orthant ({map}): {source}")]
    Embedded {
        /// The embedding, as [`GeneralBoard`](crate::GeneralBoard) displays it.
        map: String,
        /// What the rule set's check said on the image.
        source: Box<LatticeError>,
    },
    /// A position of `N^d` outside the board's polyhedron.
    #[error("position {point} is not on the board: it breaks {inequality}")]
    OffBoard {
        /// The position.
        point: String,
        /// The first inequality it breaks, as `2 x0 - x1 >= 0`.
        inequality: String,
    },
    /// A point with a negative coordinate, or one too large for the game.
    #[error("{what} {index}: {reason}")]
    BadPoint {
        /// `generator` or `position`.
        what: &'static str,
        /// Its number, counting from 1.
        index: usize,
        /// What is wrong with it.
        reason: String,
    },
    /// The order ideal generated by the defeated positions is too large to list.
    #[error("the defeated positions generate more than {max} positions")]
    IdealTooLarge {
        /// The limit.
        max: usize,
    },
    /// A position that is defeated, hence not on the game board.
    #[error("position {point} is defeated: it is not on the game board")]
    Defeated {
        /// The position.
        point: String,
    },
    /// The box to solve needs more cells than the limit.
    #[error(
        "the box needs {cells} cells (the box and every position its positions reach), \
         more than the limit of {max}"
    )]
    BoxTooLarge {
        /// The cells needed (saturated at `u64::MAX`).
        cells: u64,
        /// The limit.
        max: u64,
    },
    /// Text that is not a rule set or a point.
    #[error("cannot read '{text}' at byte {at}: {reason}")]
    Parse {
        /// The text.
        text: String,
        /// Byte offset of the problem.
        at: usize,
        /// What was expected.
        reason: String,
    },
    /// A module `F + N{v_1, …, v_k}` of an affine stratification that is not a subset of the
    /// board `N^d`, or is malformed.
    #[error("module {index}: {reason}")]
    BadModule {
        /// Its number, counting from 1.
        index: usize,
        /// What is wrong with it.
        reason: String,
    },
    /// An operation that this crate only carries out for some shapes of input (the error says
    /// which), such as Barvinok's algorithm that general semigroups would need.
    #[error("not supported: {reason}")]
    Unsupported {
        /// What is missing and what the input would need to be.
        reason: String,
    },
    /// A rational generating function that is not the indicator of a set of positions: its
    /// coefficient at `point` is neither 0 nor 1.
    #[error("not a strategy: the coefficient of x^{point} is {coefficient}, neither 0 nor 1")]
    NotAStrategy {
        /// The point.
        point: String,
        /// Its coefficient.
        coefficient: String,
    },
    /// Two boxes of which the second must contain the first.
    #[error("the box {inner} is not inside the box {outer}")]
    BoxNotInside {
        /// The smaller box's upper corner.
        inner: String,
        /// The larger box's upper corner.
        outer: String,
    },
}
