//! Nimbers: the values of impartial games.
//!
//! By the Sprague–Grundy theorem every impartial game under normal play is equivalent to a
//! single Nim heap `*n`; the number `n` is the game's *Grundy value* or *nimber*. Adding games
//! (playing them side by side, moving in exactly one per turn) corresponds to the *nim-sum* of
//! their nimbers, which is the bitwise exclusive or of the heap sizes. Conway also defined a
//! *nim-product*, under which the nimbers form a field of characteristic 2; it appears in
//! products of games (Tartan theorem, coin-turning games such as Turning Corners).
//!
//! # Why `u64`
//!
//! [`Nimber`] wraps a `u64`. For every `k`, the nimbers below `2^(2^k)` are closed under
//! nim-sum and nim-product and form the finite field `GF(2^(2^k))`. In particular the nimbers
//! below `2^64` form the field `GF(2^64)`: every field operation of this module (sum, product,
//! inverse, quotient, power) maps 64-bit nimbers to 64-bit nimbers, never overflowing, and each
//! element fits a machine word, so the operations are cheap and `Nimber` is `Copy`.
//!
//! The Grundy value of a position is the minimum excludant of its options' values, so it is at
//! most the number of options. No real position has anywhere near `2^64` options, so a Grundy
//! value computed by this crate always fits (and [`mex`](crate::mex) is written so that it
//! cannot overflow).
//!
//! # Notation
//!
//! Nimbers are displayed in the usual notation: `0`, `*` (for `*1`), `*2`, `*3`, ... and can be
//! parsed back from it with [`str::parse`]:
//!
//! ```
//! use grundy_core::Nimber;
//!
//! let a: Nimber = "*5".parse().unwrap();
//! let b = Nimber::new(3);
//! assert_eq!(a + b, Nimber::new(6)); // nim-sum is exclusive or
//! assert_eq!((a + b).to_string(), "*6");
//! assert_eq!(Nimber::new(2) * Nimber::new(2), Nimber::new(3)); // nim-product
//! ```

use std::fmt;
use std::iter::{Product, Sum};
use std::ops::{
    Add, AddAssign, BitXor, BitXorAssign, Div, DivAssign, Mul, MulAssign, Neg, Sub, SubAssign,
};
use std::str::FromStr;

// `Nimber::from_usize` converts with `as`; this guarantees that the conversion is lossless on
// every target the crate compiles for.
const _: () = assert!(usize::BITS <= u64::BITS, "grundy requires usize to fit in u64");

/// A nimber `*n` with `n < 2^64`: the value of an impartial game.
///
/// Nimbers form a field of characteristic 2 (see the [module documentation](self)):
///
/// - `+` (and `^`, and `-`, which is the same operation) is the nim-sum, the bitwise exclusive
///   or; every nimber is its own negative.
/// - `*` is Conway's nim-product, `/` multiplies by the nim-inverse.
///
/// The derived order ([`Ord`]) compares the underlying integers. It exists so that nimbers can
/// be sorted and used as keys; as games, two different nimbers are incomparable (their
/// difference is a first-player win).
///
/// `Debug` prints the same as `Display` (`0`, `*`, `*2`, ...), which keeps test failures
/// readable.
///
/// # Examples
///
/// ```
/// use grundy_core::Nimber;
///
/// let a = Nimber::new(5);
/// assert_eq!(a + a, Nimber::ZERO);
/// assert_eq!(a * Nimber::ONE, a);
/// assert_eq!(Nimber::new(4) * Nimber::new(4), Nimber::new(6));
/// assert_eq!(a * a.inverse().unwrap(), Nimber::ONE);
/// assert_eq!(format!("{a} {:?} {}", Nimber::ONE, Nimber::ZERO), "*5 * 0");
/// ```
///
/// With the `serde` feature a nimber serialises as its integer (`*5` is `5` in JSON).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(transparent))]
#[repr(transparent)]
pub struct Nimber(u64);

impl Nimber {
    /// The nimber `0`, the value of a game with no moves (a second-player win). It is the
    /// additive identity.
    pub const ZERO: Nimber = Nimber(0);

    /// The nimber `*` (`*1`), the value of a game whose only move is to `0`. It is the
    /// multiplicative identity.
    pub const ONE: Nimber = Nimber(1);

    /// The largest nimber, `*(2^64 - 1)`.
    pub const MAX: Nimber = Nimber(u64::MAX);

    /// Creates the nimber `*n`.
    ///
    /// ```
    /// use grundy_core::Nimber;
    ///
    /// assert_eq!(Nimber::new(0), Nimber::ZERO);
    /// assert_eq!(Nimber::new(7).value(), 7);
    /// ```
    #[inline]
    #[must_use]
    pub const fn new(n: u64) -> Self {
        Nimber(n)
    }

    /// Creates the nimber `*n` from a `usize`, such as a count of options.
    ///
    /// The conversion is lossless: `usize` is at most 64 bits wide on every supported target
    /// (the crate checks this at compile time).
    ///
    /// ```
    /// use grundy_core::Nimber;
    ///
    /// assert_eq!(Nimber::from_usize(3), Nimber::new(3));
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_usize(n: usize) -> Self {
        // Lossless: see the compile-time assertion `usize::BITS <= u64::BITS` above.
        Nimber(n as u64)
    }

    /// Returns `n` for the nimber `*n`.
    ///
    /// ```
    /// use grundy_core::Nimber;
    ///
    /// assert_eq!(Nimber::new(12).value(), 12);
    /// ```
    #[inline]
    #[must_use]
    pub const fn value(self) -> u64 {
        self.0
    }

    /// Returns `true` for the nimber `0`, i.e. for positions that are second-player wins.
    ///
    /// ```
    /// use grundy_core::Nimber;
    ///
    /// assert!(Nimber::ZERO.is_zero());
    /// assert!(!(Nimber::new(3) + Nimber::new(1)).is_zero());
    /// ```
    #[inline]
    #[must_use]
    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }

    /// Returns the nim-square `self * self`.
    ///
    /// In characteristic 2 the cross terms of `(a₁X + a₀)²` cancel, so a square needs fewer
    /// half-width products than a general product.
    ///
    /// # Complexity
    ///
    /// Constant time: about 17 lookups in the `GF(2^16)` logarithm tables, against 28 for a
    /// general product.
    ///
    /// ```
    /// use grundy_core::Nimber;
    ///
    /// assert_eq!(Nimber::new(2).square(), Nimber::new(3));
    /// assert_eq!(Nimber::new(16).square(), Nimber::new(24));
    /// ```
    #[inline]
    #[must_use]
    pub fn square(self) -> Self {
        Nimber(field::square64(self.0))
    }

    /// Raises `self` to the nim-power `exp` by repeated squaring (`self^0` is `*` for every
    /// `self`, including `0`).
    ///
    /// # Complexity
    ///
    /// `O(log exp)` nim-products.
    ///
    /// ```
    /// use grundy_core::Nimber;
    ///
    /// let two = Nimber::new(2);
    /// assert_eq!(two.pow(2), Nimber::new(3));
    /// assert_eq!(two.pow(3), Nimber::ONE); // *2 generates the subfield {0, *, *2, *3}
    /// // Every non-zero nimber satisfies a^(2^64 - 1) = 1.
    /// assert_eq!(Nimber::new(123_456_789).pow(u64::MAX), Nimber::ONE);
    /// ```
    #[must_use]
    pub fn pow(self, mut exp: u64) -> Self {
        let mut base = self;
        let mut acc = Nimber::ONE;
        while exp != 0 {
            if exp & 1 == 1 {
                acc *= base;
            }
            exp >>= 1;
            if exp != 0 {
                base = base.square();
            }
        }
        acc
    }

    /// Returns the nim-inverse of `self`, or `None` if `self` is `0`.
    ///
    /// # Complexity
    ///
    /// Constant time. The inverse is computed recursively through the tower
    /// `GF(2^16) ⊂ GF(2^32) ⊂ GF(2^64)`: writing `a = a₁·X + a₀` over the half-width subfield,
    /// `a⁻¹ = ā / N(a)` where `ā` is the conjugate and `N(a) = a·ā` lies in the subfield. This
    /// costs about as much as three nim-products, far less than the `a^(2^64 - 2)` of
    /// Fermat's little theorem.
    ///
    /// ```
    /// use grundy_core::Nimber;
    ///
    /// assert_eq!(Nimber::new(2).inverse(), Some(Nimber::new(3)));
    /// assert_eq!(Nimber::ZERO.inverse(), None);
    /// let a = Nimber::new(0xDEAD_BEEF_0BAD_F00D);
    /// assert_eq!(a * a.inverse().unwrap(), Nimber::ONE);
    /// ```
    #[inline]
    #[must_use]
    pub fn inverse(self) -> Option<Self> {
        if self.0 == 0 { None } else { Some(Nimber(field::inverse64(self.0))) }
    }

    /// Nim-division: returns `self / rhs`, or `None` if `rhs` is `0`.
    ///
    /// # Complexity
    ///
    /// Constant time: one inverse and one product.
    ///
    /// ```
    /// use grundy_core::Nimber;
    ///
    /// let (a, b) = (Nimber::new(100), Nimber::new(7));
    /// assert_eq!(a.checked_div(b).map(|q| q * b), Some(a));
    /// assert_eq!(a.checked_div(Nimber::ZERO), None);
    /// ```
    #[inline]
    #[must_use]
    pub fn checked_div(self, rhs: Self) -> Option<Self> {
        rhs.inverse().map(|inv| self * inv)
    }
}

impl From<u64> for Nimber {
    #[inline]
    fn from(n: u64) -> Self {
        Nimber(n)
    }
}

impl From<u32> for Nimber {
    #[inline]
    fn from(n: u32) -> Self {
        Nimber(u64::from(n))
    }
}

impl From<u16> for Nimber {
    #[inline]
    fn from(n: u16) -> Self {
        Nimber(u64::from(n))
    }
}

impl From<u8> for Nimber {
    #[inline]
    fn from(n: u8) -> Self {
        Nimber(u64::from(n))
    }
}

impl From<Nimber> for u64 {
    #[inline]
    fn from(n: Nimber) -> Self {
        n.0
    }
}

// ---------------------------------------------------------------------------------------------
// Nim-sum.

impl Add for Nimber {
    type Output = Nimber;

    /// Nim-sum: bitwise exclusive or.
    #[inline]
    #[expect(clippy::suspicious_arithmetic_impl, reason = "nim-addition is exclusive or")]
    fn add(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

impl AddAssign for Nimber {
    #[inline]
    #[expect(clippy::suspicious_op_assign_impl, reason = "nim-addition is exclusive or")]
    fn add_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

impl Sub for Nimber {
    type Output = Nimber;

    /// Nim-difference, which equals the nim-sum (characteristic 2).
    #[inline]
    #[expect(clippy::suspicious_arithmetic_impl, reason = "nim-addition is exclusive or")]
    fn sub(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

impl SubAssign for Nimber {
    #[inline]
    #[expect(clippy::suspicious_op_assign_impl, reason = "nim-addition is exclusive or")]
    fn sub_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

impl BitXor for Nimber {
    type Output = Nimber;

    /// Nim-sum: bitwise exclusive or (the same as `+`).
    #[inline]
    fn bitxor(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

impl BitXorAssign for Nimber {
    #[inline]
    fn bitxor_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

impl Neg for Nimber {
    type Output = Nimber;

    /// Every nimber is its own negative.
    #[inline]
    fn neg(self) -> Nimber {
        self
    }
}

impl Sum for Nimber {
    /// Nim-sum of all the nimbers (`0` for an empty iterator).
    fn sum<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        Nimber(iter.fold(0, |acc, n| acc ^ n.0))
    }
}

impl<'a> Sum<&'a Nimber> for Nimber {
    /// Nim-sum of all the nimbers (`0` for an empty iterator).
    fn sum<I: Iterator<Item = &'a Nimber>>(iter: I) -> Nimber {
        Nimber(iter.fold(0, |acc, n| acc ^ n.0))
    }
}

// ---------------------------------------------------------------------------------------------
// Nim-product.

impl Mul for Nimber {
    type Output = Nimber;

    /// Nim-product.
    ///
    /// # Complexity
    ///
    /// Constant time: Karatsuba-style recursion `64 → 32 → 16` bits, with products in
    /// `GF(2^16)` done by logarithm tables (28 table lookups for full-width operands; fewer
    /// when both operands are below `2^32` or `2^16`).
    #[inline]
    fn mul(self, rhs: Nimber) -> Nimber {
        Nimber(field::mul64(self.0, rhs.0))
    }
}

impl MulAssign for Nimber {
    #[inline]
    fn mul_assign(&mut self, rhs: Nimber) {
        *self = *self * rhs;
    }
}

impl Product for Nimber {
    /// Nim-product of all the nimbers (`*` for an empty iterator).
    fn product<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ONE, |acc, n| acc * n)
    }
}

impl<'a> Product<&'a Nimber> for Nimber {
    /// Nim-product of all the nimbers (`*` for an empty iterator).
    fn product<I: Iterator<Item = &'a Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ONE, |acc, n| acc * *n)
    }
}

impl Div for Nimber {
    type Output = Nimber;

    /// Nim-division: `self * rhs.inverse()`.
    ///
    /// # Panics
    ///
    /// Panics if `rhs` is `0`, like integer division. Use [`Nimber::checked_div`] to get an
    /// `Option` instead.
    #[inline]
    #[track_caller]
    fn div(self, rhs: Nimber) -> Nimber {
        match self.checked_div(rhs) {
            Some(q) => q,
            None => panic!("attempt to divide a nimber by zero"),
        }
    }
}

impl DivAssign for Nimber {
    /// Nim-division in place.
    ///
    /// # Panics
    ///
    /// Panics if `rhs` is `0`.
    #[inline]
    #[track_caller]
    fn div_assign(&mut self, rhs: Nimber) {
        *self = *self / rhs;
    }
}

// ---------------------------------------------------------------------------------------------
// Formatting and parsing.

/// A small stack buffer, so that padded formatting (`{:>4}`) does not allocate.
struct StackBuf {
    bytes: [u8; 24],
    len: usize,
}

impl fmt::Write for StackBuf {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        let dst = self.bytes.get_mut(self.len..end).ok_or(fmt::Error)?;
        dst.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

impl Nimber {
    fn write_plain<W: fmt::Write>(self, w: &mut W) -> fmt::Result {
        match self.0 {
            0 => w.write_str("0"),
            1 => w.write_str("*"),
            n => write!(w, "*{n}"),
        }
    }
}

impl fmt::Display for Nimber {
    /// Formats as `0`, `*` or `*n`. Width, fill and alignment are honoured.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.width().is_none() {
            return self.write_plain(f);
        }
        let mut buf = StackBuf { bytes: [0; 24], len: 0 };
        self.write_plain(&mut buf)?;
        let s = std::str::from_utf8(&buf.bytes[..buf.len]).map_err(|_| fmt::Error)?;
        f.pad(s)
    }
}

impl fmt::Debug for Nimber {
    /// The same as `Display`: `0`, `*` or `*n`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The error returned when parsing a [`Nimber`] fails.
///
/// Accepted inputs are `0`, `*`, `*n` and plain integers `n` (meaning `*n`), with optional
/// surrounding whitespace; `n` is a decimal number below `2^64`.
///
/// ```
/// use grundy_core::{Nimber, ParseNimberError};
///
/// let err = "*x".parse::<Nimber>().unwrap_err();
/// assert!(matches!(err, ParseNimberError::Invalid { .. }));
/// assert_eq!(err.to_string(), "invalid nimber '*x': expected '*', '*n' or an integer");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseNimberError {
    /// The input was empty or only whitespace.
    #[error("cannot parse a nimber from an empty string")]
    Empty,
    /// The input is not of the form `*`, `*n` or `n`.
    #[error("invalid nimber '{input}': expected '*', '*n' or an integer")]
    Invalid {
        /// The offending input, without surrounding whitespace.
        input: String,
    },
    /// The input has the right form but the number is `2^64` or more.
    #[error("nimber '{input}' does not fit in 64 bits")]
    Overflow {
        /// The offending input, without surrounding whitespace.
        input: String,
    },
}

impl FromStr for Nimber {
    type Err = ParseNimberError;

    /// Parses `0`, `*`, `*n` or `n` (meaning `*n`), ignoring surrounding whitespace.
    ///
    /// ```
    /// use grundy_core::Nimber;
    ///
    /// assert_eq!(" * ".parse(), Ok(Nimber::ONE));
    /// assert_eq!("*17".parse(), Ok(Nimber::new(17)));
    /// assert_eq!("5".parse(), Ok(Nimber::new(5)));
    /// assert!("*18446744073709551616".parse::<Nimber>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let input = s.trim();
        if input.is_empty() {
            return Err(ParseNimberError::Empty);
        }
        let digits = match input.strip_prefix('*') {
            Some("") => return Ok(Nimber::ONE),
            Some(rest) => rest,
            None => input,
        };
        // `u64::from_str` would also accept a leading '+': insist on plain digits.
        if !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ParseNimberError::Invalid { input: input.to_owned() });
        }
        digits
            .parse::<u64>()
            .map(Nimber)
            .map_err(|_| ParseNimberError::Overflow { input: input.to_owned() })
    }
}

// ---------------------------------------------------------------------------------------------
// Field arithmetic.

/// Arithmetic in the tower of fields `GF(2^16) ⊂ GF(2^32) ⊂ GF(2^64)` of nimbers.
///
/// Let `X = 2^(2^k)` be a Fermat 2-power. The nimbers below `X²` form the quadratic extension
/// of the field of nimbers below `X` by `X`, which satisfies `X² = X + h` with `h = X/2`. So a
/// `2w`-bit nimber is a pair `(a₁, a₀)` of `w`-bit nimbers meaning `a₁·X + a₀`, and
///
/// ```text
/// (a₁X + a₀)(b₁X + b₀) = (a₁b₁ + a₁b₀ + a₀b₁)·X + (a₀b₀ + h·a₁b₁)
///                      = ((a₀+a₁)(b₀+b₁) + a₀b₀)·X + (a₀b₀ + h·a₁b₁)
/// ```
///
/// which takes three half-width products (Karatsuba) plus a product by the constant `h`.
/// In `GF(2^16)` products go through discrete logarithm tables built at compile time from a
/// generator of the multiplicative group (cyclic of order `2^16 - 1`).
mod field {
    /// Order of the multiplicative group of `GF(2^16)`.
    const ORDER: usize = 65_535;
    /// Length of the exponential table: a power of two above `2 * (ORDER - 1)`, so that the
    /// sum of two reduced logarithms can index it directly (and masking removes bounds checks).
    const EXP_LEN: usize = 1 << 17;

    /// `h₁₆ = 2^15`: the constant with `X² = X + h₁₆` for `X = 2^16`.
    const H16: u16 = 1 << 15;

    struct Tables {
        /// `log[x]` is the discrete logarithm of `x ≠ 0` to the generator (`log[0]` is unused).
        log: [u16; 1 << 16],
        /// `exp[i]` is the generator to the power `i mod ORDER`.
        exp: [u16; EXP_LEN],
        /// `log(h₁₆)` and `log(h₁₆²)`.
        log_h: usize,
        log_h2: usize,
    }

    /// The tables, computed by the compiler (384 KiB of read-only data).
    static TABLES: Tables = Tables::build();

    /// Nim-product of `a, b < 2^bits` straight from the recursive definition, for building the
    /// tables at compile time. `bits` must be a power of two at most 32.
    const fn slow_mul(a: u64, b: u64, bits: u32) -> u64 {
        if bits == 1 {
            return a & b;
        }
        let half = bits / 2;
        let mask = (1u64 << half) - 1;
        let (a1, a0) = (a >> half, a & mask);
        let (b1, b0) = (b >> half, b & mask);
        let p0 = slow_mul(a0, b0, half);
        let p1 = slow_mul(a1, b1, half);
        let pm = slow_mul(a0 ^ a1, b0 ^ b1, half);
        let h = 1u64 << (half - 1);
        ((pm ^ p0) << half) | (p0 ^ slow_mul(p1, h, half))
    }

    /// A generator of the multiplicative group of `GF(2^16)`, cyclic of order
    /// `65535 = 3·5·17·257`. It is the smallest one: the nimbers below 256 form the subfield
    /// `GF(2^8)`, so none of them generates. `Tables::build` checks that it is a generator.
    const GENERATOR: u64 = 258;

    impl Tables {
        #[expect(
            clippy::cast_possible_truncation,
            reason = "all values are below 2^16 by construction"
        )]
        const fn build() -> Tables {
            let g = GENERATOR;
            // Multiplication by `g` is GF(2)-linear: tabulate it on the low and high bytes,
            // from its values on the basis 2^j (each entry adds one basis vector to an earlier
            // entry, so only 16 slow products are needed).
            let mut by_g_lo = [0u16; 256];
            let mut by_g_hi = [0u16; 256];
            let mut j = 0;
            while j < 8 {
                by_g_lo[1 << j] = slow_mul(1 << j, g, 16) as u16;
                by_g_hi[1 << j] = slow_mul(1 << (j + 8), g, 16) as u16;
                j += 1;
            }
            let mut i: usize = 1;
            while i < 256 {
                let low_bit = i & i.wrapping_neg();
                by_g_lo[i] = by_g_lo[low_bit] ^ by_g_lo[i ^ low_bit];
                by_g_hi[i] = by_g_hi[low_bit] ^ by_g_hi[i ^ low_bit];
                i += 1;
            }
            let mut log = [0u16; 1 << 16];
            let mut exp = [0u16; EXP_LEN];
            // Walk through the powers g^i. The assertion in the loop and the one after it
            // check that g has order exactly 65535, i.e. that it is a generator.
            let mut x: u16 = 1;
            let mut i = 0;
            while i < ORDER {
                assert!(i == 0 || x != 1, "GENERATOR generates GF(2^16)*");
                log[x as usize] = i as u16;
                let mut j = i;
                while j < EXP_LEN {
                    exp[j] = x;
                    j += ORDER;
                }
                x = by_g_lo[(x & 0xFF) as usize] ^ by_g_hi[(x >> 8) as usize];
                i += 1;
            }
            assert!(x == 1, "GF(2^16)* has order 65535");
            let log_h = log[H16 as usize] as usize;
            Tables { log, exp, log_h, log_h2: (2 * log_h) % ORDER }
        }
    }

    #[inline(always)]
    fn log(x: u16) -> usize {
        usize::from(TABLES.log[usize::from(x)])
    }

    /// `g^i` for `i < EXP_LEN`.
    #[inline(always)]
    fn exp(i: usize) -> u16 {
        TABLES.exp[i & (EXP_LEN - 1)]
    }

    /// `a · b · g^c` in `GF(2^16)`, for `c ≤ ORDER`.
    #[inline(always)]
    fn mul16_scaled(a: u16, b: u16, c: usize) -> u16 {
        if a == 0 || b == 0 {
            return 0;
        }
        let mut s = log(a) + log(b) + c;
        if s >= ORDER {
            s -= ORDER;
        }
        exp(s)
    }

    #[inline(always)]
    fn mul16(a: u16, b: u16) -> u16 {
        if a == 0 || b == 0 {
            return 0;
        }
        exp(log(a) + log(b))
    }

    #[inline(always)]
    #[expect(clippy::cast_possible_truncation, reason = "splitting into halves")]
    fn split32(a: u32) -> (u16, u16) {
        ((a >> 16) as u16, a as u16)
    }

    #[inline(always)]
    fn join32(hi: u16, lo: u16) -> u32 {
        (u32::from(hi) << 16) | u32::from(lo)
    }

    #[inline(always)]
    #[expect(clippy::cast_possible_truncation, reason = "splitting into halves")]
    fn split64(a: u64) -> (u32, u32) {
        ((a >> 32) as u32, a as u32)
    }

    #[inline(always)]
    fn join64(hi: u32, lo: u32) -> u64 {
        (u64::from(hi) << 32) | u64::from(lo)
    }

    /// Nim-product in `GF(2^32)`: 3 products in `GF(2^16)`.
    #[inline(always)]
    fn mul32(a: u32, b: u32) -> u32 {
        let (a1, a0) = split32(a);
        let (b1, b0) = split32(b);
        let p0 = mul16(a0, b0);
        let pm = mul16(a0 ^ a1, b0 ^ b1);
        let p1h = mul16_scaled(a1, b1, TABLES.log_h);
        join32(pm ^ p0, p0 ^ p1h)
    }

    /// `h₃₂ · a · b` in `GF(2^32)`, where `h₃₂ = 2^31 = h₁₆·X` (`X = 2^16`).
    ///
    /// With `c = a·b = c₁X + c₀`, `h₁₆X·c = h₁₆(c₁ + c₀)·X + h₁₆²·c₁`; substituting the
    /// Karatsuba expressions of `c₁, c₀` gives four scaled `GF(2^16)` products.
    #[inline(always)]
    fn mul32_h(a: u32, b: u32) -> u32 {
        let (a1, a0) = split32(a);
        let (b1, b0) = split32(b);
        let (s, t) = (a0 ^ a1, b0 ^ b1);
        let (lh, lh2) = (TABLES.log_h, TABLES.log_h2);
        let hi = mul16_scaled(s, t, lh) ^ mul16_scaled(a1, b1, lh2);
        let lo = mul16_scaled(s, t, lh2) ^ mul16_scaled(a0, b0, lh2);
        join32(hi, lo)
    }

    /// Nim-product in `GF(2^64)`.
    #[inline]
    pub(super) fn mul64(a: u64, b: u64) -> u64 {
        if (a | b) >> 32 == 0 {
            // Both in the subfield GF(2^32); small nimbers are the common case.
            let (a, b) = (split64(a).1, split64(b).1);
            if (a | b) >> 16 == 0 {
                return u64::from(mul16(split32(a).1, split32(b).1));
            }
            return u64::from(mul32(a, b));
        }
        let (a1, a0) = split64(a);
        let (b1, b0) = split64(b);
        let p0 = mul32(a0, b0);
        let pm = mul32(a0 ^ a1, b0 ^ b1);
        let p1h = mul32_h(a1, b1);
        join64(pm ^ p0, p0 ^ p1h)
    }

    /// `a²` in `GF(2^32)`: `(a₁X + a₀)² = a₁²·X + (h₁₆a₁² + a₀²)`.
    #[inline(always)]
    fn square32(a: u32) -> u32 {
        let (a1, a0) = split32(a);
        let hi = mul16(a1, a1);
        let lo = mul16_scaled(a1, a1, TABLES.log_h) ^ mul16(a0, a0);
        join32(hi, lo)
    }

    /// `a²` in `GF(2^64)`: `(a₁Y + a₀)² = a₁²·Y + (h₃₂a₁² + a₀²)`.
    #[inline]
    pub(super) fn square64(a: u64) -> u64 {
        let (a1, a0) = split64(a);
        join64(square32(a1), mul32_h(a1, a1) ^ square32(a0))
    }

    /// Inverse in `GF(2^16)` of `a ≠ 0`.
    #[inline(always)]
    fn inverse16(a: u16) -> u16 {
        exp(ORDER - log(a))
    }

    /// Inverse in `GF(2^32)` of `a ≠ 0`.
    ///
    /// The conjugate of `a₁X + a₀` (its image under the Frobenius automorphism of the extension,
    /// which swaps the roots `X` and `X + 1` of `Z² + Z + h`) is `a₁X + (a₀ + a₁)`, and the norm
    /// `N = a·ā = h·a₁² + a₀a₁ + a₀²` lies in the subfield. Then `a⁻¹ = ā · N⁻¹`.
    #[inline(always)]
    fn inverse32(a: u32) -> u32 {
        let (a1, a0) = split32(a);
        if a1 == 0 {
            return u32::from(inverse16(a0));
        }
        let norm = mul16_scaled(a1, a1, TABLES.log_h) ^ mul16(a0, a1) ^ mul16(a0, a0);
        // The norm of a non-zero element is non-zero; its inverse is g^(ORDER - log N).
        let log_inv = ORDER - log(norm);
        join32(mul16_scaled(a1, 1, log_inv), mul16_scaled(a0 ^ a1, 1, log_inv))
    }

    /// Inverse in `GF(2^64)` of `a ≠ 0` (see [`inverse32`]).
    #[inline]
    pub(super) fn inverse64(a: u64) -> u64 {
        let (a1, a0) = split64(a);
        if a1 == 0 {
            return u64::from(inverse32(a0));
        }
        let norm = mul32_h(a1, a1) ^ mul32(a0, a1) ^ square32(a0);
        let inv = inverse32(norm);
        join64(mul32(a1, inv), mul32(a0 ^ a1, inv))
    }
}
