//! [`AvoidTrue`] (Ruleset 7) and its positions.

use core::fmt;

use grundy_core::{Nimber, Ruleset};

use crate::VarSet;

/// Why an Avoid True position cannot be built.
///
/// Variables and clauses are counted from 1 in these errors, as in the text form `x1 ... xn`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PositionError {
    /// A clause mentions a variable beyond the ground set.
    #[error(
        "clause {clause} mentions variable x{variable}, but there are only {variables} variables"
    )]
    ClauseVariableOutOfRange {
        /// The clause, counting from 1.
        clause: usize,
        /// The variable, counting from 1.
        variable: usize,
        /// The number of variables.
        variables: usize,
    },
    /// A true variable is beyond the ground set.
    #[error("true variable x{variable} does not exist: there are only {variables} variables")]
    TrueVariableOutOfRange {
        /// The variable, counting from 1.
        variable: usize,
        /// The number of variables.
        variables: usize,
    },
}

/// A position of Avoid True: a positive CNF formula over variables `0..variables` and the set
/// `T` of variables already made true.
///
/// Each clause is a [`VarSet`] of positive variables (their OR); the formula is the AND of
/// the clauses. The position is self-contained: the ground set `V = {0, ..., variables - 1}`
/// may hold variables that occur in no clause. A formula with no clause is always true; an
/// empty clause is always false, so a formula holding one is never true.
///
/// The text form writes variable `i` as `x{i+1}` (see [`Formula`](crate::Formula) for the
/// syntax), then ` ; variables: n` when some of the last variables occur in no clause, then
/// ` ; true: x8 x3` when `T` is not empty:
/// `(x1 | x2 | x3 | x4) & (x2 | x5 | x8) ; true: x8`. It parses back with [`str::parse`].
///
/// # Example
///
/// ```
/// use grundy_avoid_true::{AvoidTruePosition, VarSet};
///
/// let p = AvoidTruePosition::new(
///     5,
///     vec![[0, 1].into_iter().collect(), [1, 2].into_iter().collect()],
///     VarSet::new(),
/// )?;
/// assert_eq!(p.to_string(), "(x1 | x2) & (x2 | x3) ; variables: 5");
/// assert_eq!(p.to_string().parse::<AvoidTruePosition>()?, p);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With the `serde` feature a position serialises as
/// `{"variables": 5, "clauses": [[0, 1], [1, 2]], "true_vars": []}` (variables counted from
/// 0) and deserialises through [`AvoidTruePosition::new`], so a variable out of range is an
/// error.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AvoidTruePosition {
    variables: usize,
    clauses: Vec<VarSet>,
    true_vars: VarSet,
}

impl AvoidTruePosition {
    /// The position with ground set `0..variables`, these clauses and true variables.
    ///
    /// # Errors
    ///
    /// [`PositionError`] when a clause or `true_vars` mentions a variable `>= variables`.
    pub fn new(
        variables: usize,
        clauses: Vec<VarSet>,
        true_vars: VarSet,
    ) -> Result<Self, PositionError> {
        for (c, clause) in clauses.iter().enumerate() {
            if let Some(max) = clause.last().filter(|&m| m >= variables) {
                return Err(PositionError::ClauseVariableOutOfRange {
                    clause: c + 1,
                    variable: max + 1,
                    variables,
                });
            }
        }
        if let Some(max) = true_vars.last().filter(|&m| m >= variables) {
            return Err(PositionError::TrueVariableOutOfRange { variable: max + 1, variables });
        }
        Ok(AvoidTruePosition { variables, clauses, true_vars })
    }

    /// The number of variables (the ground set is `0..variables`).
    pub const fn variables(&self) -> usize {
        self.variables
    }

    /// The clauses, in order.
    pub fn clauses(&self) -> &[VarSet] {
        &self.clauses
    }

    /// The variables already made true.
    pub const fn true_vars(&self) -> &VarSet {
        &self.true_vars
    }

    /// Tells whether the formula is true when exactly the variables of `assignment` are true.
    pub fn is_satisfied_by(&self, assignment: &VarSet) -> bool {
        self.clauses.iter().all(|c| !c.is_disjoint(assignment))
    }

    /// The clauses that the true variables do not satisfy yet.
    pub fn open_clauses(&self) -> impl Iterator<Item = &VarSet> + '_ {
        self.clauses.iter().filter(|c| c.is_disjoint(&self.true_vars))
    }

    /// The open clauses that contain no other open clause, without repeats, sorted.
    ///
    /// On every assignment that contains `T` the formula is true exactly when all of these
    /// clauses are: a satisfied clause stays satisfied and a clause implied by a smaller one
    /// adds nothing.
    pub fn minimal_open_clauses(&self) -> Vec<VarSet> {
        let mut open: Vec<&VarSet> = self.open_clauses().collect();
        open.sort_by_key(|c| c.len());
        let mut minimal: Vec<VarSet> = Vec::new();
        for c in open {
            if !minimal.iter().any(|m| m.is_subset(c)) {
                minimal.push(c.clone());
            }
        }
        minimal.sort();
        minimal
    }

    /// The free variables (not true) that occur in no open clause: they stay playable as long
    /// as the game lasts, independently of everything else.
    pub fn idle_variables(&self) -> VarSet {
        let mut used = self.true_vars.clone();
        for c in self.open_clauses() {
            used = used.union(c);
        }
        VarSet::range(0..self.variables).difference(&used)
    }
}

impl fmt::Display for AvoidTruePosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::formula::write_clauses(f, &self.clauses, |f, v| write!(f, "x{}", v + 1))?;
        let used = self.clauses.iter().filter_map(VarSet::last).max().map_or(0, |m| m + 1);
        if self.variables > used {
            write!(f, " ; variables: {}", self.variables)?;
        }
        if !self.true_vars.is_empty() {
            f.write_str(" ; true:")?;
            for v in self.true_vars.iter() {
                write!(f, " x{}", v + 1)?;
            }
        }
        Ok(())
    }
}

/// Avoid True (Ruleset 7, Schaefer): players take turns making a variable true; a variable
/// may be chosen only if the positive CNF formula does not become true.
///
/// A move is the index of a variable `x` (counting from 0). It is feasible when `x` is not
/// in `T` and making `T ∪ {x}` true leaves the formula false, that is when some clause
/// contains no variable of `T ∪ {x}`. Playing it adds `x` to `T`. The player who cannot move
/// loses.
///
/// Shortcuts, each checked against the plain rule in the tests:
///
/// - [`components`](Ruleset::components): the *idle* variables (free, in no open clause) are
///   always playable while the game lasts, so they split off as a component of their own
///   (an empty clause over that many variables), whose value is their parity;
/// - [`canonical`](Ruleset::canonical): only the minimal open clauses over the free
///   variables matter; they are renumbered in increasing order, sorted, and `T` emptied;
/// - [`known_value`](Ruleset::known_value): zero when no clause is open; when a single
///   minimal open clause `C` is left the game is `|V \ (T ∪ C)|` free moves, so the value is
///   its parity.
///
/// # Example
///
/// ```
/// use grundy_avoid_true::{AvoidTrue, Formula};
/// use grundy_core::{Ruleset, Solver, naive};
///
/// let formula: Formula = "(x1 | x2) & (x2 | x3) & x4".parse()?;
/// let p = formula.position(&[])?;
/// // x2 would make the formula true only together with x4.
/// assert_eq!(AvoidTrue.move_list(&p), [0, 1, 2, 3]);
/// let p = AvoidTrue.play(&p, &3); // x4
/// assert_eq!(AvoidTrue.move_list(&p), [0, 2]);
/// assert_eq!(Solver::new(&AvoidTrue).value(&p)?, naive::value(&AvoidTrue, &p));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct AvoidTrue;

impl Ruleset for AvoidTrue {
    type Position = AvoidTruePosition;
    type Move = usize;

    /// The feasible variables in increasing order: those outside `T` and outside some open
    /// clause (none when no clause is open).
    fn moves(&self, position: &AvoidTruePosition, moves: &mut Vec<usize>) {
        let mut open = position.open_clauses();
        let Some(first) = open.next() else {
            return;
        };
        let blocked = open.fold(first.clone(), |acc, c| acc.intersection(c));
        moves.extend(
            (0..position.variables)
                .filter(|&x| !position.true_vars.contains(x) && !blocked.contains(x)),
        );
    }

    fn play(&self, position: &AvoidTruePosition, x: &usize) -> AvoidTruePosition {
        let mut next = position.clone();
        next.true_vars.insert(*x);
        next
    }

    fn is_legal(&self, position: &AvoidTruePosition, x: &usize) -> bool {
        *x < position.variables
            && !position.true_vars.contains(*x)
            && position.open_clauses().any(|c| !c.contains(*x))
    }

    fn components(&self, position: &AvoidTruePosition, components: &mut Vec<AvoidTruePosition>) {
        if position.open_clauses().next().is_none() {
            return; // the formula is true: terminal
        }
        let idle = position.idle_variables();
        if idle.is_empty() {
            components.push(position.clone());
            return;
        }
        let mut rest = position.clone();
        rest.true_vars = rest.true_vars.union(&idle);
        components.push(rest);
        components.push(AvoidTruePosition {
            variables: idle.len(),
            clauses: vec![VarSet::new()],
            true_vars: VarSet::new(),
        });
    }

    fn canonical(&self, position: &AvoidTruePosition) -> AvoidTruePosition {
        let minimal = position.minimal_open_clauses();
        if minimal.is_empty() {
            return AvoidTruePosition {
                variables: 0,
                clauses: Vec::new(),
                true_vars: VarSet::new(),
            };
        }
        // Renumber the free variables 0, 1, ... in increasing order.
        let mut index = vec![usize::MAX; position.variables];
        let mut free = 0;
        for (x, slot) in index.iter_mut().enumerate() {
            if !position.true_vars.contains(x) {
                *slot = free;
                free += 1;
            }
        }
        let mut clauses: Vec<VarSet> =
            minimal.iter().map(|c| c.iter().map(|x| index[x]).collect()).collect();
        clauses.sort();
        AvoidTruePosition { variables: free, clauses, true_vars: VarSet::new() }
    }

    fn known_value(&self, position: &AvoidTruePosition) -> Option<Nimber> {
        let minimal = position.minimal_open_clauses();
        match minimal.as_slice() {
            [] => Some(Nimber::ZERO),
            [only] => {
                let blocked = position.true_vars.union(only).len();
                Some(Nimber::new(((position.variables - blocked) % 2) as u64))
            }
            _ => None,
        }
    }
}
