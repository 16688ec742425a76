//! The closed forms of Section 7 of Bovee, Burke and Tennenhouse: Myopic Col on directed
//! paths (Lemma 7.3, Corollaries 7.4 to 7.6).
//!
//! A path is a slice of [`Colour`]s with arcs from each vertex to the next (`u u r u b` in
//! texts, see [`parse_colours`](crate::parse_colours)); a union of paths is a slice of
//! paths, or a [`Digraph`] whose vertices have at most one arc in and one arc out and no
//! cycle.

use core::fmt;

use grundy_core::Nimber;
use grundy_partizan::{Dyadic, Game, GameStore, Nus, PartizanOutcome};

use crate::board::bits;
use crate::{ColError, Colour, Colouring, Digraph};

/// A game `n` or `n + *` for an integer `n`: the values of Myopic Col on paths.
///
/// Displayed in CGSuite's notation: `0`, `*`, `3`, `-1*`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct StarInteger {
    /// The integer part.
    pub integer: i64,
    /// Whether `*` is added.
    pub star: bool,
}

impl StarInteger {
    /// The game in `store`.
    pub fn to_game(&self, store: &mut GameStore) -> Game {
        let star = if self.star { Nimber::ONE } else { Nimber::ZERO };
        store.nus(&Nus { number: Dyadic::from(self.integer), ups: 0, star })
    }

    /// The outcome class: L if the integer is positive, R if negative, else N with a star
    /// and P without.
    pub fn outcome(&self) -> PartizanOutcome {
        match (self.integer.signum(), self.star) {
            (1, _) => PartizanOutcome::L,
            (-1, _) => PartizanOutcome::R,
            (_, true) => PartizanOutcome::N,
            (_, false) => PartizanOutcome::P,
        }
    }
}

impl fmt::Display for StarInteger {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.integer, self.star) {
            (0, true) => f.write_str("*"),
            (n, true) => write!(f, "{n}*"),
            (n, false) => write!(f, "{n}"),
        }
    }
}

/// `k·*`: `*` for odd `k`, `0` for even `k`.
const fn stars(k: usize) -> bool {
    k % 2 == 1
}

/// Lemma 7.3: the value of a directed path of `n` uncoloured vertices, followed by the
/// coloured vertex `end` if there is one: `n·*` without it, `(n-1)·* - 1` when it is blue,
/// `(n-1)·* + 1` when it is red.
///
/// # Errors
///
/// [`ColError::Hypothesis`] when `end` is [`Colour::Uncoloured`] (not a coloured vertex), or
/// when `n = 0` and `end` is coloured (the lemma needs `n >= 1` there; the value is `0`).
///
/// ```
/// use grundy_col::{Colour, path};
///
/// assert_eq!(path::lemma_7_3(3, None)?.to_string(), "*");
/// assert_eq!(path::lemma_7_3(3, Some(Colour::Blue))?.to_string(), "-1");
/// assert_eq!(path::lemma_7_3(2, Some(Colour::Red))?.to_string(), "1*");
/// # Ok::<(), grundy_col::ColError>(())
/// ```
pub fn lemma_7_3(n: usize, end: Option<Colour>) -> Result<StarInteger, ColError> {
    match end {
        None => Ok(StarInteger { integer: 0, star: stars(n) }),
        Some(Colour::Uncoloured) => {
            Err(ColError::Hypothesis("the vertex after the path must be coloured"))
        }
        Some(_) if n == 0 => {
            Err(ColError::Hypothesis("Lemma 7.3 needs at least one uncoloured vertex"))
        }
        Some(colour) => Ok(StarInteger {
            integer: if colour == Colour::Red { 1 } else { -1 },
            star: stars(n - 1),
        }),
    }
}

/// The three counts of Corollary 7.5 for a union of directed paths.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PathCounts {
    /// Uncoloured vertices with no outgoing arc or an arc to an uncoloured vertex.
    pub a: usize,
    /// Uncoloured vertices whose outgoing arc leads to a red vertex.
    pub b: usize,
    /// Uncoloured vertices whose outgoing arc leads to a blue vertex.
    pub c: usize,
}

impl PathCounts {
    /// Corollary 7.5: the value `a·* + b - c` (the integer saturates beyond `i64`).
    pub fn value(&self) -> StarInteger {
        let b = i64::try_from(self.b).unwrap_or(i64::MAX);
        let c = i64::try_from(self.c).unwrap_or(i64::MAX);
        StarInteger { integer: b.saturating_sub(c), star: stars(self.a) }
    }

    /// Corollary 7.6: the outcome class of the value, found in time linear in the number of
    /// vertices (it is the outcome of [`value`](PathCounts::value)).
    pub fn outcome(&self) -> PartizanOutcome {
        self.value().outcome()
    }

    fn count(&mut self, next: Option<Colour>) {
        match next {
            None | Some(Colour::Uncoloured) => self.a += 1,
            Some(Colour::Red) => self.b += 1,
            Some(Colour::Blue) => self.c += 1,
        }
    }
}

/// The counts of Corollary 7.5 for one directed path (arcs from each vertex to the next).
///
/// ```
/// use grundy_col::{parse_colours, path};
///
/// let counts = path::path_counts(&parse_colours("u u r u b")?);
/// assert_eq!((counts.a, counts.b, counts.c), (1, 1, 1));
/// assert_eq!(counts.value().to_string(), "*");
/// # Ok::<(), grundy_col::ColError>(())
/// ```
pub fn path_counts(path: &[Colour]) -> PathCounts {
    let mut counts = PathCounts::default();
    for (i, &colour) in path.iter().enumerate() {
        if colour == Colour::Uncoloured {
            counts.count(path.get(i + 1).copied());
        }
    }
    counts
}

/// The counts of Corollary 7.5 for a union of directed paths.
pub fn union_counts(paths: &[Vec<Colour>]) -> PathCounts {
    paths.iter().map(|p| path_counts(p)).fold(PathCounts::default(), |x, y| PathCounts {
        a: x.a + y.a,
        b: x.b + y.b,
        c: x.c + y.c,
    })
}

/// Corollary 7.5: the value `a·* + b - c` of a union of directed paths.
///
/// ```
/// use grundy_col::{parse_colours, path};
///
/// let paths = [parse_colours("u u b")?, parse_colours("u r")?, parse_colours("b u u")?];
/// // a = 1 + 0 + 2, b = 1, c = 1.
/// assert_eq!(path::corollary_7_5(&paths).to_string(), "*");
/// # Ok::<(), grundy_col::ColError>(())
/// ```
pub fn corollary_7_5(paths: &[Vec<Colour>]) -> StarInteger {
    union_counts(paths).value()
}

/// Corollary 7.6: the outcome class of Myopic Col on a union of directed paths, in time
/// linear in the number of vertices.
pub fn corollary_7_6(paths: &[Vec<Colour>]) -> PartizanOutcome {
    union_counts(paths).outcome()
}

/// The counts of Corollary 7.5 for a position on a digraph that is a union of directed
/// paths. Vertices out of play constrain nobody, so an arc to one counts as no arc.
///
/// # Errors
///
/// [`ColError::Hypothesis`] when a vertex has two arcs out or two arcs in, or the digraph
/// has a directed cycle.
pub fn digraph_counts(digraph: &Digraph, position: &Colouring) -> Result<PathCounts, ColError> {
    let n = digraph.order();
    let mut in_degree = vec![0usize; n];
    for (_, v) in digraph.arcs() {
        in_degree[v] += 1;
    }
    if in_degree.iter().any(|&d| d > 1)
        || (0..n).any(|v| digraph.out_neighbours(v).count_ones() > 1)
    {
        return Err(ColError::Hypothesis("a union of paths has at most one arc in and out"));
    }
    // Walk every path from its start; a vertex never reached lies on a cycle.
    let mut seen = 0usize;
    for start in (0..n).filter(|&v| in_degree[v] == 0) {
        let mut v = Some(start);
        while let Some(u) = v {
            seen += 1;
            v = bits(digraph.out_neighbours(u)).next();
        }
    }
    if seen != n {
        return Err(ColError::Hypothesis("a union of paths has no directed cycle"));
    }
    let mut counts = PathCounts::default();
    for v in bits(position.uncoloured()) {
        counts.count(bits(digraph.out_neighbours(v)).next().and_then(|w| position.colour(w)));
    }
    Ok(counts)
}

/// Corollary 7.4: the heads of the maximal runs of uncoloured vertices of a path (the
/// uncoloured vertices whose predecessor is coloured or absent). On a path of `n`
/// uncoloured vertices, possibly followed by a coloured one, painting the head is an optimal
/// move for both players whenever it is legal.
///
/// ```
/// use grundy_col::{parse_colours, path};
///
/// assert_eq!(path::head_moves(&parse_colours("u u r u b")?), vec![0, 3]);
/// # Ok::<(), grundy_col::ColError>(())
/// ```
pub fn head_moves(path: &[Colour]) -> Vec<usize> {
    (0..path.len())
        .filter(|&i| path[i] == Colour::Uncoloured && (i == 0 || path[i - 1] != Colour::Uncoloured))
        .collect()
}
