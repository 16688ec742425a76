//! Rob's Dots: Node-Kayles on a path, which is the octal game 0.137 (Dawson's chess).
//!
//! A row of dots; players take turns to mark a dot that is not next to a marked dot; whoever
//! cannot mark loses (Colin Wright, *The Independence Game*, 2017). Marking a dot removes it and
//! its neighbours from play, so a run of `n` free dots is a heap of `n` in the octal game
//! 0.137: marking an end dot takes 2 (1 when `n = 1`) and leaves one run, marking an inner dot
//! takes 3 and leaves two.

use core::fmt;
use core::str::FromStr;

use grundy_core::Nimber;

use crate::{Code, OctalError, Sequence};

/// A row of dots, some of them marked. Text form: `.` for a free dot, `x` for a marked one
/// (`X` and `o` are accepted too): `..x.....`.
///
/// With the `serde` feature a row serialises as its text (`"..x....."`) and deserialises
/// through the parser: other characters and two adjacent marks are errors.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Dots {
    marked: Vec<bool>,
}

impl Dots {
    /// A row of `n` free dots.
    pub fn new(n: usize) -> Self {
        Dots { marked: vec![false; n] }
    }

    /// The number of dots.
    pub fn len(&self) -> usize {
        self.marked.len()
    }

    /// Tells whether the row has no dot.
    pub fn is_empty(&self) -> bool {
        self.marked.is_empty()
    }

    /// Tells whether dot `i` (counting from 0) may be marked: it exists, is free, and has no
    /// marked neighbour.
    pub fn can_mark(&self, i: usize) -> bool {
        let marked =
            |j: Option<usize>| j.and_then(|j| self.marked.get(j)).copied().unwrap_or(false);
        i < self.marked.len()
            && !marked(Some(i))
            && !marked(i.checked_sub(1))
            && !marked(Some(i + 1))
    }

    /// Marks dot `i` (counting from 0).
    ///
    /// # Errors
    ///
    /// [`OctalError::IllegalDot`] when the dot does not exist, is marked or is next to a
    /// marked dot.
    pub fn mark(&self, i: usize) -> Result<Dots, OctalError> {
        if !self.can_mark(i) {
            return Err(OctalError::IllegalDot { dot: i + 1, len: self.len() });
        }
        let mut next = self.clone();
        next.marked[i] = true;
        Ok(next)
    }

    /// The runs of playable dots (free, with no marked neighbour), from left to right: the
    /// heaps of the equivalent 0.137 position.
    pub fn heaps(&self) -> Vec<u64> {
        self.runs().into_iter().map(|(_, h)| h as u64).collect()
    }

    /// The Grundy value of the row: the nim-sum of the 0.137 values of its runs.
    ///
    /// # Errors
    ///
    /// Only for rows beyond [`crate::MAX_LEN`] dots.
    pub fn value(&self) -> Result<Nimber, OctalError> {
        let sequence = dawson(self.len())?;
        Ok(self.heaps().iter().filter_map(|&h| sequence.value(h)).sum())
    }

    /// Every dot (counting from 0) whose marking wins: leaves a row of value 0.
    ///
    /// # Errors
    ///
    /// Only for rows beyond [`crate::MAX_LEN`] dots.
    ///
    /// Linear in the length of the row: marking dot `i` of a run of `h` playable dots
    /// starting at `s` replaces that run by runs of `i - s - 1` and `s + h - i - 2` dots
    /// (fewer than none are none), so the value it leaves is the row's value with `G(h)`
    /// swapped for the values of those two runs.
    pub fn winning_dots(&self) -> Result<Vec<usize>, OctalError> {
        let sequence = dawson(self.len())?;
        let g = |h: usize| sequence.value(h as u64).unwrap_or(Nimber::ZERO);
        let runs = self.runs();
        let total: Nimber = runs.iter().map(|&(_, h)| g(h)).sum();
        let mut winning = Vec::new();
        for &(s, h) in &runs {
            let others = total + g(h);
            for i in s..s + h {
                let left = (i - s).saturating_sub(1);
                let right = (s + h).saturating_sub(i + 2);
                if (others + g(left) + g(right)).is_zero() {
                    winning.push(i);
                }
            }
        }
        Ok(winning)
    }

    /// The runs of playable dots (free, with no marked neighbour) as (first dot counting
    /// from 0, length), from left to right: [`heaps`](Dots::heaps) with where each run starts.
    ///
    /// ```
    /// use grundy_octal::Dots;
    ///
    /// let row: Dots = "...x.....".parse().unwrap();
    /// assert_eq!(row.runs(), [(0, 2), (5, 4)]);
    /// ```
    pub fn runs(&self) -> Vec<(usize, usize)> {
        let mut runs = Vec::new();
        let mut start = None;
        for i in 0..=self.marked.len() {
            match (i < self.marked.len() && self.can_mark(i), start) {
                (true, None) => start = Some(i),
                (false, Some(s)) => {
                    runs.push((s, i - s));
                    start = None;
                }
                _ => {}
            }
        }
        runs
    }
}

/// The 0.137 sequence, long enough for rows of `n` dots.
fn dawson(n: usize) -> Result<Sequence, OctalError> {
    let mut sequence = Sequence::new(Code::dawson_chess());
    sequence.extend_to(n + 1)?;
    Ok(sequence)
}

impl fmt::Display for Dots {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &m in &self.marked {
            f.write_str(if m { "x" } else { "." })?;
        }
        Ok(())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Dots {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Dots {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <String as serde::Deserialize>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl FromStr for Dots {
    type Err = OctalError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let marked = s
            .trim()
            .chars()
            .enumerate()
            .map(|(i, c)| match c {
                '.' => Ok(false),
                'x' | 'X' | 'o' => Ok(true),
                other => Err(OctalError::BadDot { found: other, dot: i + 1 }),
            })
            .collect::<Result<Vec<bool>, _>>()?;
        if let Some(i) = marked.windows(2).position(|w| w[0] && w[1]) {
            return Err(OctalError::AdjacentMarks { dot: i + 1 });
        }
        Ok(Dots { marked })
    }
}
