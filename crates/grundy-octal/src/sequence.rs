//! Grundy sequences of octal games and their certified periods.

use grundy_core::{Nimber, NimberSet};

use crate::period::prove_period;
use crate::plain::plain_value;
use crate::{Code, OctalError, Periodicity, Rules, SequenceMethod, fast};

/// The longest sequence that may be computed (values are 4 bytes each: 1 GiB).
pub const MAX_LEN: usize = 1 << 28;

/// The Grundy values of single heaps of an octal game, computed on demand.
///
/// `G(0), G(1), ...` are computed in order by the definition (the mex of the values of every
/// option, the value of a split being the nim-sum of its parts), and kept; the [`SequenceMethod`]
/// (by default [`SequenceMethod::Fast`]) only changes how fast. Once a period has
/// been proved ([`Sequence::find_period`]), the value of any heap, even `10^18`, is answered in
/// constant time by [`Sequence::value`].
///
/// # Example
///
/// ```
/// use grundy_octal::Sequence;
///
/// let mut dawson = Sequence::new("0.137".parse()?);
/// dawson.extend_to(13)?;
/// assert_eq!(dawson.values(), &[0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2]);
///
/// let period = dawson.find_period(10_000)?.expect("0.137 is periodic");
/// assert_eq!((period.preperiod(), period.period()), (52, 34));
/// // 10^18 = 32 (mod 34): the value at offset 32 of the period.
/// assert_eq!(dawson.value(1_000_000_000_000_000_000).map(|v| v.value()), Some(7));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Sequence {
    rules: Rules,
    values: Vec<u32>,
    max: u32,
    period: Option<Periodicity>,
    method: SequenceMethod,
    /// A period proved by [`SequenceMethod::Fast`] while extending: later extensions read their values
    /// off it (kept apart from `period`, which [`find_period`](Sequence::find_period) sets).
    fill: Option<Periodicity>,
}

impl Sequence {
    /// The sequence of the octal game `code`, with nothing computed yet, computed by the
    /// default [`SequenceMethod`].
    pub fn new(code: Code) -> Self {
        Sequence::for_rules(Rules::octal(code))
    }

    /// The sequence of the octal game `code`, with nothing computed yet, to be computed by
    /// `method`.
    ///
    /// Every method gives the same values; they differ only in speed.
    ///
    /// # Example
    ///
    /// ```
    /// use grundy_octal::{SequenceMethod, Sequence};
    ///
    /// let mut plain = Sequence::with_method("0.16".parse()?, SequenceMethod::Plain);
    /// let mut fast = Sequence::with_method("0.16".parse()?, SequenceMethod::Fast);
    /// plain.extend_to(500)?;
    /// fast.extend_to(500)?;
    /// assert_eq!(plain.values(), fast.values());
    /// assert_eq!(fast.method(), SequenceMethod::Fast);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_method(code: Code, method: SequenceMethod) -> Self {
        Sequence::for_rules_with_method(Rules::octal(code), method)
    }

    /// The sequence of any [`Rules`] (an octal code, a subtraction set, Grundy's game), with
    /// nothing computed yet, computed by the default [`SequenceMethod`].
    ///
    /// ```
    /// use grundy_octal::{Rules, Sequence};
    ///
    /// let mut seq = Sequence::for_rules("{2,3}".parse()?);
    /// seq.extend_to(10)?;
    /// assert_eq!(seq.values(), &[0, 0, 1, 1, 2, 0, 0, 1, 1, 2]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn for_rules(rules: Rules) -> Self {
        Sequence::for_rules_with_method(rules, SequenceMethod::default())
    }

    /// The sequence of `rules`, with nothing computed yet, to be computed by `method`.
    pub fn for_rules_with_method(rules: Rules, method: SequenceMethod) -> Self {
        Sequence { rules, values: Vec::new(), max: 0, period: None, method, fill: None }
    }

    /// The method [`extend_to`](Sequence::extend_to) computes values with.
    pub const fn method(&self) -> SequenceMethod {
        self.method
    }

    /// The octal code of the game's moves (see [`Rules::code`]).
    pub const fn code(&self) -> &Code {
        self.rules.code()
    }

    /// The rules of the game.
    pub const fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The values computed so far: `values()[n]` is the Grundy value of a heap of `n`.
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// How many values are computed.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Tells whether no value is computed yet.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The largest value computed so far.
    pub const fn max_value(&self) -> u32 {
        self.max
    }

    /// The proved period, if [`find_period`](Sequence::find_period) found one.
    pub const fn period(&self) -> Option<&Periodicity> {
        self.period.as_ref()
    }

    /// The Grundy value of a heap of `n`: computed, or given by the proved period.
    ///
    /// `None` when `n` is beyond the computed values and no period is proved.
    pub fn value(&self, n: u64) -> Option<Nimber> {
        let index = match usize::try_from(n) {
            Ok(i) if i < self.values.len() => i,
            _ => self.period?.reduce(n),
        };
        self.values.get(index).map(|&v| Nimber::new(u64::from(v)))
    }

    /// Computes values until there are `len` of them (heaps `0 .. len`), by the sequence's
    /// [`SequenceMethod`].
    ///
    /// # Errors
    ///
    /// [`OctalError::TooLong`] when `len` exceeds [`MAX_LEN`].
    ///
    /// # Complexity
    ///
    /// With [`SequenceMethod::Plain`]: O(len² · t) for codes that split in two (every split of every
    /// heap is visited), O(len · t) for codes that never split, and O(len³ · t) for codes that
    /// split in three. [`SequenceMethod::Fast`] (codes that split in at most two) is never worse than
    /// that by more than a constant factor, and is far faster when the values have few rare
    /// values or a period is proved early; see [`SequenceMethod::Fast`].
    pub fn extend_to(&mut self, len: usize) -> Result<(), OctalError> {
        if len > MAX_LEN {
            return Err(OctalError::TooLong { len, max: MAX_LEN });
        }
        self.values.reserve(len.saturating_sub(self.values.len()));
        if self.method != SequenceMethod::Plain && !self.rules.code().splits_in_three() {
            if let Some(proof) = self.fill {
                while self.values.len() < len {
                    let n = self.values.len() as u64;
                    self.values.push(self.values[proof.reduce(n)]);
                }
                return Ok(());
            }
            let periods = self.method == SequenceMethod::Fast;
            self.fill = fast::extend(&self.rules, &mut self.values, &mut self.max, len, periods)?;
            return Ok(());
        }
        let mut set = NimberSet::new();
        while self.values.len() < len {
            let v = plain_value(&self.rules, &self.values, self.max, &mut set)?;
            self.max = self.max.max(v);
            self.values.push(v);
        }
        Ok(())
    }

    /// The most heaps a move leaves, for the periodicity theorem: 3 for codes that split in
    /// three, else 2.
    fn parts(&self) -> usize {
        if self.rules.code().splits_in_three() { 3 } else { 2 }
    }

    /// Computes values until a period is proved by the periodicity theorem, or `limit` values
    /// have been computed without one.
    ///
    /// The sequence is extended by doubling, and the proof is attempted at each length, so
    /// at most twice the values needed are computed.
    ///
    /// # Errors
    ///
    /// [`OctalError::NoPeriodicityTheorem`] for rules with [unequal
    /// splits](Rules::unequal_splits) such as Grundy's game, [`OctalError::TooLong`] for a
    /// `limit` above [`MAX_LEN`]. Codes whose moves may leave three heaps are covered, with the
    /// bound for three parts (see [`Periodicity`]); their values are computed by the plain
    /// method, in O(n³) time.
    pub fn find_period(&mut self, limit: usize) -> Result<Option<Periodicity>, OctalError> {
        if let Some(p) = self.period {
            return Ok(Some(p));
        }
        if self.rules.unequal_splits() {
            return Err(OctalError::NoPeriodicityTheorem { game: self.rules.to_string() });
        }
        if limit > MAX_LEN {
            return Err(OctalError::TooLong { len: limit, max: MAX_LEN });
        }
        let mut len = self.values.len().max(64).min(limit);
        loop {
            self.extend_to(len)?;
            if let Some(p) = prove_period(&self.values, self.rules.max_take(), self.parts()) {
                self.period = Some(p);
                return Ok(Some(p));
            }
            if len >= limit {
                return Ok(None);
            }
            len = (len * 2).min(limit);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_above_63_take_the_general_path() {
        // 4.0 with every split allowed: 0.4444... grows; 0.7777... (take any, split) too.
        let code: Code = "0.77777777777777777777777777777777".parse().expect("valid");
        let mut s = Sequence::new(code.clone());
        s.extend_to(200).expect("small");
        assert!(s.max_value() > 64, "max {}", s.max_value());
        // The set path and the bitmask path agree where both apply.
        let mut t = Sequence::new("0.77".parse().expect("valid"));
        t.extend_to(100).expect("small");
        assert!(t.max_value() < 64);
    }
}
