//! Exact dyadic rationals: the numbers among short games.

use core::cmp::Ordering;
use core::fmt;
use core::ops::{Add, Neg, Sub};
use core::str::FromStr;

use num_bigint::{BigInt, BigUint, Sign};
use num_traits::{One, Signed, ToPrimitive, Zero};

/// An exact dyadic rational `m / 2^k`: the value of every short game that is a number.
///
/// The numerator is an arbitrary-precision integer and the denominator a power of two, so
/// numbers never round or overflow (`2^200 + 1/2^40` is fine). Values are kept in lowest
/// terms: the numerator is odd unless the denominator is 1, so two equal numbers have equal
/// representations and the derived [`Eq`] and [`Hash`] are those of the value. [`Ord`] is the
/// order of the rationals.
///
/// The text form is an integer (`-3`) or a fraction with a power-of-two denominator (`-3/4`).
///
/// # Example
///
/// ```
/// use grundy_partizan::Dyadic;
///
/// let half: Dyadic = "1/2".parse()?;
/// let sum = half.clone() + "1/4".parse::<Dyadic>()?;
/// assert_eq!(sum.to_string(), "3/4");
/// assert_eq!((sum.clone() + "1/4".parse()?).to_string(), "1");
/// assert!(half < sum);
/// // The simplest number strictly between 1/2 and 1 is 3/4.
/// assert_eq!(Dyadic::simplest_between(Some(&half), Some(&Dyadic::from(1)))?, sum);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With the `serde` feature a number serialises as its text (`"-3/4"`, `"5"`; numerators of any
/// size) and deserialises through the parser, so a denominator that is not a power of two is
/// an error.
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct Dyadic {
    /// Odd unless `exponent == 0`.
    numerator: BigInt,
    /// The denominator is `2^exponent`.
    exponent: u32,
}

impl Dyadic {
    /// The number `numerator / 2^exponent`, reduced to lowest terms.
    ///
    /// ```
    /// use grundy_partizan::Dyadic;
    ///
    /// let x = Dyadic::new(6, 3); // 6/8
    /// assert_eq!((x.numerator().clone(), x.exponent()), (3.into(), 2));
    /// ```
    pub fn new(numerator: impl Into<BigInt>, exponent: u32) -> Self {
        let mut numerator = numerator.into();
        let mut exponent = exponent;
        if numerator.is_zero() {
            return Dyadic::zero();
        }
        let twos = numerator.trailing_zeros().unwrap_or(0);
        let shift = twos.min(u64::from(exponent));
        if shift > 0 {
            numerator >>= shift;
            // `shift <= exponent`, a `u32`.
            exponent -= u32::try_from(shift).unwrap_or(exponent);
        }
        Dyadic { numerator, exponent }
    }

    /// The number zero.
    pub fn zero() -> Self {
        Dyadic { numerator: BigInt::zero(), exponent: 0 }
    }

    /// The numerator in lowest terms (odd unless the number is an integer).
    pub fn numerator(&self) -> &BigInt {
        &self.numerator
    }

    /// The exponent `k` of the denominator `2^k` in lowest terms (0 for integers).
    pub fn exponent(&self) -> u32 {
        self.exponent
    }

    /// Tells whether the number is an integer.
    pub fn is_integer(&self) -> bool {
        self.exponent == 0
    }

    /// Tells whether the number is zero.
    pub fn is_zero(&self) -> bool {
        self.numerator.is_zero()
    }

    /// Tells whether the number is strictly negative.
    pub fn is_negative(&self) -> bool {
        self.numerator.is_negative()
    }

    /// Tells whether the number is strictly positive.
    pub fn is_positive(&self) -> bool {
        self.numerator.is_positive()
    }

    /// The largest integer at most `self`.
    pub fn floor(&self) -> BigInt {
        // An arithmetic right shift rounds towards minus infinity.
        &self.numerator >> self.exponent
    }

    /// The smallest integer at least `self`.
    pub fn ceil(&self) -> BigInt {
        -((-&self.numerator) >> self.exponent)
    }

    /// The numerator of `self` over the denominator `2^exponent` (which must be at least the
    /// number's own exponent).
    fn scaled(&self, exponent: u32) -> BigInt {
        &self.numerator << (exponent - self.exponent)
    }

    /// The simplest number strictly greater than `lo` (when given) and strictly less than `hi`
    /// (when given): the value of the game `{lo | hi}` by the simplicity theorem.
    ///
    /// "Simplest" means of smallest birthday: an integer if there is one in the interval (the
    /// one nearest to zero), otherwise the fraction with the smallest denominator.
    ///
    /// # Errors
    ///
    /// [`EmptyIntervalError`] if both bounds are given and `lo >= hi`.
    pub fn simplest_between(
        lo: Option<&Dyadic>,
        hi: Option<&Dyadic>,
    ) -> Result<Dyadic, EmptyIntervalError> {
        Ok(match (lo, hi) {
            (None, None) => Dyadic::zero(),
            (Some(lo), None) => {
                if lo.is_negative() {
                    Dyadic::zero()
                } else {
                    Dyadic::from(lo.floor() + 1)
                }
            }
            (None, Some(hi)) => {
                if hi.is_positive() {
                    Dyadic::zero()
                } else {
                    Dyadic::from(hi.ceil() - 1)
                }
            }
            (Some(lo), Some(hi)) => {
                if lo >= hi {
                    return Err(EmptyIntervalError { lo: lo.clone(), hi: hi.clone() });
                }
                if lo.is_negative() && hi.is_positive() {
                    return Ok(Dyadic::zero());
                }
                // The integer nearest to zero strictly inside, if any.
                let candidate = if lo.is_negative() {
                    Dyadic::from(hi.ceil() - 1)
                } else {
                    Dyadic::from(lo.floor() + 1)
                };
                if *lo < candidate && candidate < *hi {
                    return Ok(candidate);
                }
                // No integer inside: the multiple of 2^-k just above `lo` for the least k that
                // lands below `hi`. Some k up to one more than the larger exponent works.
                for k in 1..=lo.exponent.max(hi.exponent).saturating_add(1) {
                    let scaled = if lo.exponent <= k {
                        lo.scaled(k)
                    } else {
                        // floor(lo * 2^k)
                        &lo.numerator >> (lo.exponent - k)
                    };
                    let candidate = Dyadic::new(scaled + 1, k);
                    if candidate < *hi {
                        return Ok(candidate);
                    }
                }
                unreachable!("a dyadic strictly between two distinct dyadics exists")
            }
        })
    }

    /// The Left option of the number's canonical form, if any.
    ///
    /// `n - 1` for a positive integer `n`, none for zero and negative integers, and
    /// `(m - 1)/2^k` for `m/2^k` with `k >= 1`.
    pub fn left_option(&self) -> Option<Dyadic> {
        if self.is_integer() {
            self.is_positive().then(|| Dyadic::from(&self.numerator - 1))
        } else {
            Some(Dyadic::new(&self.numerator - 1, self.exponent))
        }
    }

    /// The Right option of the number's canonical form, if any (see
    /// [`left_option`](Self::left_option)).
    pub fn right_option(&self) -> Option<Dyadic> {
        if self.is_integer() {
            self.is_negative().then(|| Dyadic::from(&self.numerator + 1))
        } else {
            Some(Dyadic::new(&self.numerator + 1, self.exponent))
        }
    }

    /// The birthday of the number: `|n|` for an integer `n`, `floor(|x|) + k + 1` for a
    /// fraction `x` with denominator `2^k`.
    ///
    /// ```
    /// use grundy_partizan::Dyadic;
    ///
    /// assert_eq!(Dyadic::new(-3, 0).birthday(), 3u32.into());
    /// assert_eq!(Dyadic::new(5, 2).birthday(), 4u32.into()); // 5/4 = {1 | 3/2}
    /// ```
    pub fn birthday(&self) -> BigUint {
        let magnitude = self.numerator.magnitude();
        if self.is_integer() {
            magnitude.clone()
        } else {
            (magnitude >> self.exponent) + self.exponent + 1u32
        }
    }

    /// The number as an `i64` when it is an integer that fits.
    pub fn to_i64(&self) -> Option<i64> {
        if self.is_integer() { self.numerator.to_i64() } else { None }
    }
}

impl From<i64> for Dyadic {
    fn from(n: i64) -> Self {
        Dyadic { numerator: n.into(), exponent: 0 }
    }
}

impl From<i32> for Dyadic {
    fn from(n: i32) -> Self {
        Dyadic::from(i64::from(n))
    }
}

impl From<BigInt> for Dyadic {
    fn from(n: BigInt) -> Self {
        Dyadic { numerator: n, exponent: 0 }
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Self) -> Ordering {
        let e = self.exponent.max(other.exponent);
        self.scaled(e).cmp(&other.scaled(e))
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Add for &Dyadic {
    type Output = Dyadic;

    fn add(self, rhs: &Dyadic) -> Dyadic {
        let e = self.exponent.max(rhs.exponent);
        Dyadic::new(self.scaled(e) + rhs.scaled(e), e)
    }
}

impl Add for Dyadic {
    type Output = Dyadic;

    fn add(self, rhs: Dyadic) -> Dyadic {
        &self + &rhs
    }
}

impl Sub for &Dyadic {
    type Output = Dyadic;

    fn sub(self, rhs: &Dyadic) -> Dyadic {
        self + &(-rhs)
    }
}

impl Sub for Dyadic {
    type Output = Dyadic;

    fn sub(self, rhs: Dyadic) -> Dyadic {
        &self - &rhs
    }
}

impl Neg for &Dyadic {
    type Output = Dyadic;

    fn neg(self) -> Dyadic {
        Dyadic { numerator: -&self.numerator, exponent: self.exponent }
    }
}

impl Neg for Dyadic {
    type Output = Dyadic;

    fn neg(self) -> Dyadic {
        -&self
    }
}

impl fmt::Display for Dyadic {
    /// `-3`, `1/2`, `-3/4`: CGSuite's notation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_integer() {
            write!(f, "{}", self.numerator)
        } else {
            write!(f, "{}/{}", self.numerator, BigUint::one() << self.exponent)
        }
    }
}

impl fmt::Debug for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// An empty interval was given to [`Dyadic::simplest_between`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("empty interval: {lo} is not below {hi}")]
pub struct EmptyIntervalError {
    /// The lower bound.
    pub lo: Dyadic,
    /// The upper bound.
    pub hi: Dyadic,
}

/// Why a text is not a dyadic rational.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseDyadicError {
    /// The text is not `[-]digits` or `[-]digits/digits`.
    #[error("invalid number '{input}': expected an integer or a fraction such as -3/4")]
    Invalid {
        /// The offending text.
        input: String,
    },
    /// The denominator is not a power of two (or is too large).
    #[error("invalid number '{input}': the denominator must be a power of two below 2^(2^32)")]
    Denominator {
        /// The offending text.
        input: String,
    },
}

/// The exponent `k` of a denominator `2^k`, if `denominator` is a power of two that fits.
pub(crate) fn power_of_two_exponent(denominator: &BigUint) -> Option<u32> {
    if denominator.is_zero() || denominator.count_ones() != 1 {
        return None;
    }
    u32::try_from(denominator.bits() - 1).ok()
}

#[cfg(feature = "serde")]
impl serde::Serialize for Dyadic {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Dyadic {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <String as serde::Deserialize>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl FromStr for Dyadic {
    type Err = ParseDyadicError;

    fn from_str(input: &str) -> Result<Self, Self::Err> {
        let invalid = || ParseDyadicError::Invalid { input: input.to_owned() };
        let (negative, body) = match input.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, input),
        };
        let (top, bottom) = match body.split_once('/') {
            Some((top, bottom)) => (top, Some(bottom)),
            None => (body, None),
        };
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !digits(top) || !bottom.is_none_or(digits) {
            return Err(invalid());
        }
        let top: BigUint = top.parse().map_err(|_| invalid())?;
        let exponent = match bottom {
            None => 0,
            Some(bottom) => {
                let bottom: BigUint = bottom.parse().map_err(|_| invalid())?;
                power_of_two_exponent(&bottom)
                    .ok_or_else(|| ParseDyadicError::Denominator { input: input.to_owned() })?
            }
        };
        let numerator = BigInt::from_biguint(if negative { Sign::Minus } else { Sign::Plus }, top);
        Ok(Dyadic::new(numerator, exponent))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Dyadic {
        s.parse().unwrap()
    }

    #[test]
    fn lowest_terms_and_text() {
        assert_eq!(d("6/8"), d("3/4"));
        assert_eq!(d("-4/2").to_string(), "-2");
        assert_eq!(d("-0").to_string(), "0");
        assert_eq!(d("-3/4").to_string(), "-3/4");
        assert!(matches!("1/3".parse::<Dyadic>(), Err(ParseDyadicError::Denominator { .. })));
        assert!(matches!("1/0".parse::<Dyadic>(), Err(ParseDyadicError::Denominator { .. })));
        assert!(matches!("+1".parse::<Dyadic>(), Err(ParseDyadicError::Invalid { .. })));
        assert!(matches!("".parse::<Dyadic>(), Err(ParseDyadicError::Invalid { .. })));
    }

    #[test]
    fn floor_and_ceil() {
        assert_eq!(d("-3/2").floor(), BigInt::from(-2));
        assert_eq!(d("-3/2").ceil(), BigInt::from(-1));
        assert_eq!(d("3/2").floor(), BigInt::from(1));
        assert_eq!(d("3/2").ceil(), BigInt::from(2));
        assert_eq!(d("-2").ceil(), BigInt::from(-2));
    }

    #[test]
    fn simplest_numbers() {
        let s = |lo: Option<&str>, hi: Option<&str>| {
            Dyadic::simplest_between(lo.map(d).as_ref(), hi.map(d).as_ref()).unwrap().to_string()
        };
        assert_eq!(s(None, None), "0");
        assert_eq!(s(Some("0"), None), "1");
        assert_eq!(s(Some("-5/2"), None), "0");
        assert_eq!(s(Some("5/2"), None), "3");
        assert_eq!(s(None, Some("-5/2")), "-3");
        assert_eq!(s(Some("0"), Some("1")), "1/2");
        assert_eq!(s(Some("1/2"), Some("1")), "3/4");
        assert_eq!(s(Some("-1"), Some("1")), "0");
        assert_eq!(s(Some("1"), Some("4")), "2");
        assert_eq!(s(Some("-4"), Some("-1")), "-2");
        assert_eq!(s(Some("1/8"), Some("7/8")), "1/2");
        assert_eq!(s(Some("-7/8"), Some("-5/8")), "-3/4");
        assert_eq!(s(Some("5/16"), Some("3/8")), "11/32");
        let (one, two) = (d("1"), d("2"));
        assert!(Dyadic::simplest_between(Some(&two), Some(&one)).is_err());
        assert!(Dyadic::simplest_between(Some(&one), Some(&one)).is_err());
    }

    #[test]
    fn options_and_birthdays() {
        assert_eq!(d("3/4").left_option(), Some(d("1/2")));
        assert_eq!(d("3/4").right_option(), Some(d("1")));
        assert_eq!(d("2").left_option(), Some(d("1")));
        assert_eq!(d("2").right_option(), None);
        assert_eq!(d("-2").right_option(), Some(d("-1")));
        assert_eq!(d("0").left_option(), None);
        for (x, b) in [("0", 0u32), ("1/2", 2), ("-1/2", 2), ("3/4", 3), ("3/2", 3), ("-7", 7)] {
            assert_eq!(d(x).birthday(), BigUint::from(b), "{x}");
        }
    }
}
