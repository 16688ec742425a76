//! Multi-heap positions of an octal game as a [`Ruleset`].

use core::fmt;
use core::str::FromStr;

use grundy_core::{Nimber, Ruleset};

use crate::{Code, OctalError, Rules, Sequence};

/// The largest heap whose moves are enumerated one by one (winning moves, the generic solver).
///
/// Larger heaps get their winning moves from the proved period instead (see
/// [`Octal::winning_moves_upto`]).
pub const MAX_ENUMERATED_HEAP: u64 = 1 << 24;

/// The largest heap whose moves are enumerated for the winning moves of a code that splits
/// in three: such a heap of size `h` has about `h²/2` moves (a few hundred thousand here);
/// larger ones give [`OctalError::HeapTooLarge`].
pub const MAX_ENUMERATED_THREE_WAY_HEAP: u64 = 1 << 10;

/// The most winning moves [`Octal::winning_moves`] lists for one heap above
/// [`MAX_ENUMERATED_HEAP`]; beyond it, [`Octal::winning_moves_upto`] lists the first ones and
/// counts them all.
pub const MAX_LISTED_MOVES: usize = 1 << 16;

/// The winning moves of a position: the first ones, in order, and how many there are.
///
/// The order is that of the heaps, then of the number of tokens taken, then of the heaps left
/// (no heap, one heap, then splits `a, m - a` by increasing `a`, then splits in three).
///
/// With the `serde` feature it serialises as `{"moves": [...], "count": n}`; data listing more
/// moves than its count is an error.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "WinningMovesData")
)]
pub struct WinningMoves {
    moves: Vec<OctalMove>,
    count: u128,
}

/// [`WinningMoves`] as the data says, before its check.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct WinningMovesData {
    moves: Vec<OctalMove>,
    count: u128,
}

#[cfg(feature = "serde")]
impl TryFrom<WinningMovesData> for WinningMoves {
    type Error = String;

    fn try_from(data: WinningMovesData) -> Result<Self, String> {
        if data.moves.len() as u128 > data.count {
            return Err(format!(
                "{} winning moves listed, more than their count {}",
                data.moves.len(),
                data.count
            ));
        }
        Ok(WinningMoves { moves: data.moves, count: data.count })
    }
}

impl WinningMoves {
    /// The first winning moves, in order (all of them when [`is_complete`](Self::is_complete)).
    pub fn moves(&self) -> &[OctalMove] {
        &self.moves
    }

    /// How many winning moves there are in all.
    pub const fn count(&self) -> u128 {
        self.count
    }

    /// Tells whether [`moves`](Self::moves) lists every winning move.
    pub fn is_complete(&self) -> bool {
        self.moves.len() as u128 == self.count
    }

    /// The listed moves.
    pub fn into_moves(self) -> Vec<OctalMove> {
        self.moves
    }
}

/// A position: heaps of tokens, in order. Text form: sizes separated by spaces (`17 20`).
///
/// With the `serde` feature a position serialises as the list of its heaps (`[17, 20]`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(transparent))]
pub struct Heaps(Vec<u64>);

impl Heaps {
    /// A position with the given heaps.
    pub fn new(heaps: impl Into<Vec<u64>>) -> Self {
        Heaps(heaps.into())
    }

    /// The heap sizes.
    pub fn heaps(&self) -> &[u64] {
        &self.0
    }
}

impl fmt::Display for Heaps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, h) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{h}")?;
        }
        Ok(())
    }
}

impl FromStr for Heaps {
    type Err = OctalError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
            .enumerate()
            .map(|(i, t)| {
                t.parse::<u64>()
                    .map_err(|_| OctalError::BadHeap { token: t.to_owned(), index: i + 1 })
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Heaps)
    }
}

/// A move: take `take` tokens from heap `heap` (counting from 0) and leave `rest`, zero to
/// three non-empty heaps in increasing order, in its place.
///
/// With the `serde` feature a move serialises as `{"heap": 0, "take": 3, "rest": [6, 41]}`
/// (the heap counted from 0); deserialising sorts `rest`, as [`OctalMove::new`] does, and
/// refuses more than three heaps left or an empty one.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "OctalMoveData")
)]
pub struct OctalMove {
    heap: usize,
    take: u64,
    rest: Vec<u64>,
}

/// An [`OctalMove`] as the data says, before its check.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct OctalMoveData {
    heap: usize,
    take: u64,
    rest: Vec<u64>,
}

#[cfg(feature = "serde")]
impl TryFrom<OctalMoveData> for OctalMove {
    type Error = String;

    fn try_from(data: OctalMoveData) -> Result<Self, String> {
        if data.rest.len() > 3 {
            return Err(format!("a move leaves at most 3 heaps, not {}", data.rest.len()));
        }
        if data.rest.contains(&0) {
            return Err("the heaps a move leaves are not empty".into());
        }
        Ok(OctalMove::new(data.heap, data.take, data.rest))
    }
}

impl OctalMove {
    /// The move taking `take` from heap `heap` and leaving the heaps `rest`.
    pub fn new(heap: usize, take: u64, rest: impl Into<Vec<u64>>) -> Self {
        let mut rest = rest.into();
        rest.sort_unstable();
        OctalMove { heap, take, rest }
    }

    /// The heap played in, counting from 0.
    pub const fn heap(&self) -> usize {
        self.heap
    }

    /// The number of tokens taken.
    pub const fn take(&self) -> u64 {
        self.take
    }

    /// The heaps left in place of the heap played, in increasing order.
    pub fn rest(&self) -> &[u64] {
        &self.rest
    }
}

impl fmt::Display for OctalMove {
    /// `take 3 from heap 1 leaving 6 and 41`, or `split heap 2 into 5 and 8` when nothing is
    /// taken (heaps counted from 1).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.take == 0 {
            write!(f, "split heap {} into", self.heap + 1)?;
            for (i, h) in self.rest.iter().enumerate() {
                let sep = if i == 0 {
                    " "
                } else if i + 1 == self.rest.len() {
                    " and "
                } else {
                    ", "
                };
                write!(f, "{sep}{h}")?;
            }
            return Ok(());
        }
        write!(f, "take {} from heap {}", self.take, self.heap + 1)?;
        match self.rest.as_slice() {
            [] => f.write_str(" leaving nothing"),
            [a] => write!(f, " leaving {a}"),
            [a, b] => write!(f, " leaving {a} and {b}"),
            [init @ .., last] => {
                f.write_str(" leaving ")?;
                for h in init {
                    write!(f, "{h}, ")?;
                }
                write!(f, "and {last}")
            }
        }
    }
}

/// The ruleset of an octal game on several heaps.
///
/// Components are the heaps, the canonical form sorts them, and values come from the game's
/// [`Sequence`] whenever it covers a heap (computed, or by a proved period), so the generic
/// solver of `grundy-core` only searches heaps the sequence does not know.
///
/// # Example
///
/// ```
/// use grundy_octal::{Heaps, Octal};
///
/// let dawson = Octal::with_values("0.137".parse()?, 100)?;
/// let position: Heaps = "17 20".parse()?;
/// assert_eq!(dawson.value(&position).map(|v| v.value()), Some(2));
/// let moves = dawson.winning_moves(&position)?;
/// assert!(moves.iter().all(|mv| dawson.value(&dawson.play_move(&position, mv)).unwrap().is_zero()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Octal {
    sequence: Sequence,
}

impl Octal {
    /// The game of `code`, with no value computed in advance.
    pub fn new(code: Code) -> Self {
        Octal::for_rules(Rules::octal(code))
    }

    /// The game of any [`Rules`] (an octal code, a subtraction set, Grundy's game), with no
    /// value computed in advance.
    pub fn for_rules(rules: Rules) -> Self {
        Octal { sequence: Sequence::for_rules(rules) }
    }

    /// The game of `code` with the values of heaps `0 ..= upto` computed, and its period if
    /// one is proved by the time they are.
    ///
    /// # Errors
    ///
    /// [`OctalError::TooLong`] when `upto` is too large to compute.
    pub fn with_values(code: Code, upto: usize) -> Result<Self, OctalError> {
        Octal::for_rules_with_values(Rules::octal(code), upto)
    }

    /// The game of `rules` with the values of heaps `0 ..= upto` computed, and its period if
    /// one is proved by the time they are (never for unequal splits).
    ///
    /// # Errors
    ///
    /// [`OctalError::TooLong`] when `upto` is too large to compute.
    pub fn for_rules_with_values(rules: Rules, upto: usize) -> Result<Self, OctalError> {
        let mut sequence = Sequence::for_rules(rules);
        let len =
            upto.checked_add(1).ok_or(OctalError::TooLong { len: upto, max: crate::MAX_LEN })?;
        sequence.extend_to(len)?;
        if !sequence.rules().unequal_splits() {
            sequence.find_period(len)?;
        }
        Ok(Octal { sequence })
    }

    /// The game with an already computed sequence.
    pub fn from_sequence(sequence: Sequence) -> Self {
        Octal { sequence }
    }

    /// The octal code of the game's moves (see [`Rules::code`]).
    pub const fn code(&self) -> &Code {
        self.sequence.code()
    }

    /// The rules of the game.
    pub const fn rules(&self) -> &Rules {
        self.sequence.rules()
    }

    /// The sequence of single-heap values behind the game.
    pub const fn sequence(&self) -> &Sequence {
        &self.sequence
    }

    /// The Grundy value of a position: the nim-sum of its heaps' values, when the sequence
    /// covers every heap.
    pub fn value(&self, position: &Heaps) -> Option<Nimber> {
        position.0.iter().try_fold(Nimber::ZERO, |acc, &h| Some(acc + self.sequence.value(h)?))
    }

    /// Every winning move of `position` (normal play): the moves to a position of value 0.
    ///
    /// Heaps up to [`MAX_ENUMERATED_HEAP`] have their moves enumerated, except heaps above
    /// 2^16 when a period is proved; those and larger heaps use the proved period (see
    /// [`winning_moves_upto`](Octal::winning_moves_upto)).
    ///
    /// # Errors
    ///
    /// [`OctalError::Unknown`] when a heap's value is not covered by the sequence, and
    /// [`OctalError::HeapTooLarge`] when a heap above [`MAX_ENUMERATED_HEAP`] has more than
    /// [`MAX_LISTED_MOVES`] winning moves (use [`winning_moves_upto`](Octal::winning_moves_upto)
    /// to list the first ones and count them) or winning splits in three.
    pub fn winning_moves(&self, position: &Heaps) -> Result<Vec<OctalMove>, OctalError> {
        self.collect_winning(position, usize::MAX, true).map(WinningMoves::into_moves)
    }

    /// The first `limit` winning moves of `position` (normal play), in order, and the number of
    /// winning moves in all, for heaps of any size up to 2^64 - 1.
    ///
    /// Heaps up to [`MAX_ENUMERATED_HEAP`] have their moves enumerated. A larger heap `h` needs
    /// a proved period `p` with pre-period `n0` ([`Sequence::find_period`]): a move taking `j`
    /// and splitting the rest `m = h - j` into `a` and `m - a` is worth
    /// `G(a) ^ G(m - a)`, and for `a >= n0 + p` (so `a - p >= n0` and `m - a >= n0`) that
    /// value only depends on `a mod p`. So the splits with `a < n0 + p` are checked one by
    /// one, and each residue class of `a` beyond is winning as a whole or not at all, its
    /// moves counted by a division: O(n0 + p) work per heap and digit, plus `limit`.
    ///
    /// # Example
    ///
    /// ```
    /// use grundy_octal::{Heaps, Octal, Sequence};
    ///
    /// let mut dawson = Sequence::new("0.137".parse()?);
    /// dawson.find_period(1000)?.expect("0.137 is periodic");
    /// let game = Octal::from_sequence(dawson);
    /// let position = Heaps::new([1_000_000_000_000_000_000, 5]);
    /// let winning = game.winning_moves_upto(&position, 3)?;
    /// assert_eq!(winning.moves().len(), 3);
    /// assert!(winning.count() > 1_000_000_000_000_000);
    /// for mv in winning.moves() {
    ///     assert!(game.value(&game.play_move(&position, mv)).unwrap().is_zero());
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`OctalError::Unknown`] when a heap's value is not covered by the sequence (a heap above
    /// the computed values with no proved period), and [`OctalError::HeapTooLarge`] when a
    /// heap above [`MAX_ENUMERATED_THREE_WAY_HEAP`] may split in three (not supported).
    pub fn winning_moves_upto(
        &self,
        position: &Heaps,
        limit: usize,
    ) -> Result<WinningMoves, OctalError> {
        self.collect_winning(position, limit, false)
    }

    /// The winning moves, at most `limit` listed; with `strict`, an error instead of an
    /// incomplete list for a heap above [`MAX_ENUMERATED_HEAP`].
    fn collect_winning(
        &self,
        position: &Heaps,
        limit: usize,
        strict: bool,
    ) -> Result<WinningMoves, OctalError> {
        let values = position
            .0
            .iter()
            .map(|&h| self.sequence.value(h).ok_or(OctalError::Unknown { heap: h }))
            .collect::<Result<Vec<_>, _>>()?;
        let total: Nimber = values.iter().sum();
        let mut winning = WinningMoves { moves: Vec::new(), count: 0 };
        if total.is_zero() {
            return Ok(winning);
        }
        let three_way = self.code().splits_in_three();
        for (i, (&h, &v)) in position.0.iter().zip(&values).enumerate() {
            let target = total + v;
            if three_way && h > MAX_ENUMERATED_THREE_WAY_HEAP {
                return Err(OctalError::HeapTooLarge {
                    heap: h,
                    max: MAX_ENUMERATED_THREE_WAY_HEAP,
                });
            }
            // Heaps past 2^16 of a sequence with a proved period go by the period (moves of
            // such a heap number in the millions and take seconds to enumerate).
            let by_period = h > 1 << 16 && self.sequence.period().is_some();
            if h <= MAX_ENUMERATED_HEAP && !by_period {
                self.for_each_move(i, h, |mv| {
                    let reached = mv
                        .rest
                        .iter()
                        .try_fold(Nimber::ZERO, |acc, &r| Some(acc + self.sequence.value(r)?));
                    if reached == Some(target) {
                        winning.count += 1;
                        if winning.moves.len() < limit {
                            winning.moves.push(mv);
                        }
                    }
                });
            } else {
                let room = if strict { MAX_LISTED_MOVES } else { limit - winning.moves.len() };
                let before = winning.moves.len();
                let count = self.huge_heap_winning(i, h, target, room, &mut winning.moves)?;
                if strict && count > (winning.moves.len() - before) as u128 {
                    let max = if by_period { 1 << 16 } else { MAX_ENUMERATED_HEAP };
                    return Err(OctalError::HeapTooLarge { heap: h, max });
                }
                winning.count += count;
            }
        }
        Ok(winning)
    }

    /// The winning moves of heap number `index`, of size `h` above [`MAX_ENUMERATED_HEAP`],
    /// toward value `target`, by the proved period: pushes at most `room` of them, in order,
    /// and returns how many there are.
    fn huge_heap_winning(
        &self,
        index: usize,
        h: u64,
        target: Nimber,
        room: usize,
        out: &mut Vec<OctalMove>,
    ) -> Result<u128, OctalError> {
        let too_large = OctalError::HeapTooLarge { heap: h, max: MAX_ENUMERATED_HEAP };
        if self.code().splits_in_three() {
            return Err(too_large);
        }
        let proof = self.sequence.period().ok_or(OctalError::Unknown { heap: h })?;
        let (n0, p) = (proof.preperiod() as u64, proof.period() as u64);
        let value = |x: u64| self.sequence.value(x).ok_or(OctalError::Unknown { heap: x });
        let unequal = u64::from(self.rules().unequal_splits());
        let mut count = 0u128;
        let mut listed = 0usize;
        let push =
            |mv: OctalMove, out: &mut Vec<OctalMove>, count: &mut u128, listed: &mut usize| {
                *count += 1;
                if *listed < room {
                    out.push(mv);
                    *listed += 1;
                }
            };
        for (j, &d) in self.code().digits().iter().enumerate() {
            let j = j as u64;
            // Heaps above 2^24 > j never leave nothing; small heaps do in the tests.
            let Some(m) = h.checked_sub(j) else { continue };
            if m == 0 {
                if d & 1 != 0 && j >= 1 && target.is_zero() {
                    push(
                        OctalMove { heap: index, take: j, rest: Vec::new() },
                        out,
                        &mut count,
                        &mut listed,
                    );
                }
                continue;
            }
            if d & 2 != 0 && j >= 1 && value(m)? == target {
                push(
                    OctalMove { heap: index, take: j, rest: vec![m] },
                    out,
                    &mut count,
                    &mut listed,
                );
            }
            if d & 4 == 0 || m < 2 {
                continue;
            }
            let half = (m - unequal) / 2;
            // Splits a < n0 + p one by one (every split, if that is all of them).
            let direct = half.min(n0 + p - 1);
            for a in 1..=direct {
                if value(a)? + value(m - a)? == target {
                    let mv = OctalMove { heap: index, take: j, rest: vec![a, m - a] };
                    push(mv, out, &mut count, &mut listed);
                }
            }
            if half <= direct {
                continue;
            }
            // Beyond, a = c + k p with c in n0 + p .. n0 + 2p and k >= 0: a - p >= n0 and
            // m - a >= m - half >= half > n0 + p, so the value is G(c) ^ G(m - c).
            let first = n0 + p;
            let mut wins = Vec::new();
            for c in first..first + p {
                if c <= half && value(c)? + value(m - c)? == target {
                    wins.push(c);
                    count += u128::from((half - c) / p + 1);
                }
            }
            // List the first ones in increasing order: the residues found, period by period.
            let mut base = 0u64;
            'list: while listed < room && !wins.is_empty() {
                for &c in &wins {
                    let Some(a) = c.checked_add(base).filter(|&a| a <= half) else { break 'list };
                    if listed >= room {
                        break 'list;
                    }
                    out.push(OctalMove { heap: index, take: j, rest: vec![a, m - a] });
                    listed += 1;
                }
                base += p;
            }
        }
        Ok(count)
    }
    /// Plays `mv` (a legal move) and returns the new position.
    pub fn play_move(&self, position: &Heaps, mv: &OctalMove) -> Heaps {
        self.play(position, mv)
    }

    /// Calls `visit` with every move of heap number `index`, of size `h` (at most
    /// [`MAX_ENUMERATED_HEAP`]), in order.
    fn for_each_move(&self, index: usize, h: u64, mut visit: impl FnMut(OctalMove)) {
        let unequal = u64::from(self.rules().unequal_splits());
        for (j, &d) in self.code().digits().iter().enumerate() {
            let j = j as u64;
            if j > h {
                break;
            }
            let m = h - j;
            if d & 1 != 0 && j >= 1 && m == 0 {
                visit(OctalMove { heap: index, take: j, rest: Vec::new() });
            }
            if d & 2 != 0 && j >= 1 && m >= 1 {
                visit(OctalMove { heap: index, take: j, rest: vec![m] });
            }
            if d & 4 != 0 && m >= 2 {
                for a in 1..=(m - unequal) / 2 {
                    visit(OctalMove { heap: index, take: j, rest: vec![a, m - a] });
                }
            }
            if d & 8 != 0 && m >= 3 {
                for a in 1..=m / 3 {
                    for b in a..=(m - a) / 2 {
                        visit(OctalMove { heap: index, take: j, rest: vec![a, b, m - a - b] });
                    }
                }
            }
        }
    }
}

impl Ruleset for Octal {
    type Position = Heaps;
    type Move = OctalMove;

    /// Every move of every heap. Heaps above [`MAX_ENUMERATED_HEAP`] are skipped (their
    /// values must come from the sequence).
    fn moves(&self, position: &Heaps, moves: &mut Vec<OctalMove>) {
        for (i, &h) in position.0.iter().enumerate() {
            if h <= MAX_ENUMERATED_HEAP {
                self.for_each_move(i, h, |mv| moves.push(mv));
            }
        }
    }

    fn play(&self, position: &Heaps, mv: &OctalMove) -> Heaps {
        let mut heaps = Vec::with_capacity(position.0.len() + 2);
        heaps.extend_from_slice(&position.0[..mv.heap]);
        heaps.extend_from_slice(&mv.rest);
        heaps.extend_from_slice(&position.0[mv.heap + 1..]);
        Heaps(heaps)
    }

    fn components(&self, position: &Heaps, components: &mut Vec<Heaps>) {
        components.extend(position.0.iter().filter(|&&h| h > 0).map(|&h| Heaps(vec![h])));
    }

    fn canonical(&self, position: &Heaps) -> Heaps {
        let mut heaps: Vec<u64> = position.0.iter().copied().filter(|&h| h > 0).collect();
        heaps.sort_unstable();
        Heaps(heaps)
    }

    fn known_value(&self, position: &Heaps) -> Option<Nimber> {
        self.value(position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The winning moves of heap `h` toward `target` by enumeration, in order.
    fn enumerated(game: &Octal, h: u64, target: Nimber) -> Vec<OctalMove> {
        let mut moves = Vec::new();
        game.for_each_move(0, h, |mv| {
            let reached = mv
                .rest
                .iter()
                .try_fold(Nimber::ZERO, |acc, &r| Some(acc + game.sequence.value(r)?));
            if reached == Some(target) {
                moves.push(mv);
            }
        });
        moves
    }

    /// The period-based winning moves equal the enumerated ones, in order and in number, on
    /// heaps past the pre-period, for every target, listed in full or cut short.
    #[test]
    fn periodic_winning_moves_equal_enumeration() {
        for text in ["0.137", "0.77", "4.07", "0.07", "0.17", "4.7", "0.51", "0.26", "0.34", "0.52"]
        {
            let mut seq = Sequence::new(text.parse().expect("valid"));
            let proof = seq.find_period(20_000).expect("octal").expect("periodic");
            let game = Octal::from_sequence(seq);
            let start = (2 * (proof.preperiod() + proof.period())) as u64;
            for h in (1..=start + 3 * proof.period() as u64).step_by(7).chain([start, start + 1]) {
                for t in 0..8 {
                    let target = Nimber::new(t);
                    let want = enumerated(&game, h, target);
                    let mut got = Vec::new();
                    let count = game.huge_heap_winning(0, h, target, usize::MAX, &mut got);
                    assert_eq!(
                        count.expect("covered"),
                        want.len() as u128,
                        "{text} heap {h} to {t}"
                    );
                    assert_eq!(got, want, "{text} heap {h} to {t}");
                    let mut first = Vec::new();
                    let count =
                        game.huge_heap_winning(0, h, target, 3, &mut first).expect("covered");
                    assert_eq!(count, want.len() as u128);
                    assert_eq!(first, want[..want.len().min(3)], "{text} heap {h} to {t}");
                }
            }
        }
    }
}
