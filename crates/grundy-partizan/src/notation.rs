//! CGSuite's notation: parsing game expressions and printing canonical forms.
//!
//! # Grammar
//!
//! ```text
//! expr    := operand (('+' | '-' | '±') operand)*
//! operand := '-' operand | ('±' | '+-') operand | literal | braces | '(' expr ')'
//! literal := [number] [ups] [star]              (at least one part)
//! number  := digits ['/' digits]                (the denominator a power of two)
//! ups     := '^'+ [digits] | 'v'+ [digits]      (also '↑', '↓'; a count only after one arrow)
//! star    := '*' [digits]
//! braces  := '{' sides '}'
//! sides   := options (bar options)*             (bar: a run of '|', the longest run splits)
//! options := [expr (',' expr)*]
//! ```
//!
//! A `-` directly followed by a digit at the start of an operand is the sign of the literal's
//! number: `-1^` is `-1 + ↑` (as CGSuite prints it), while `-^` is `↓` and `-(1^)` is
//! `-1 + ↓`. `^^` and `^2` both mean `2·↑`; `^^^` and `^3` mean `3·↑`. Multi-bar braces split
//! at their unique longest bar: `{1||0|-1}` is `{1 | {0|-1}}`; `{a|b|c}` is ambiguous and an
//! error. Whitespace is allowed between tokens, not inside literals. Counts (`*m`, `^n`) are
//! at most [`MAX_COUNT`].

use core::fmt;
use core::str::FromStr;

use grundy_core::Nimber;
use num_bigint::{BigInt, BigUint, Sign};

use crate::Dyadic;
use crate::dyadic::power_of_two_exponent;
use crate::store::{Game, GameStore, Nus};

/// A game expression in CGSuite's notation, as parsed (not yet simplified).
///
/// Parse one with [`str::parse`] and evaluate it to a canonical [`Game`] with
/// [`GameStore::eval`] (or do both with [`GameStore::parse`]). `Display` prints the
/// expression back in the same notation. See the [module documentation](self) for the grammar.
///
/// ```
/// use grundy_partizan::{Expr, GameStore};
///
/// let expr: Expr = "{0, * | -1} + 1/2".parse()?;
/// assert_eq!(expr.to_string(), "{0,*|-1} + 1/2");
/// let mut store = GameStore::new();
/// let g = store.eval(&expr);
/// assert_eq!(store.display(g).to_string(), "{1/2,1/2*|-1/2}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Expr {
    /// `x + n·↑ + *m`, written `x`, `^`, `*3`, `1/2v*`...
    Literal(Nus),
    /// `{left | right}`.
    Braces {
        /// Left's options.
        left: Vec<Expr>,
        /// Right's options.
        right: Vec<Expr>,
    },
    /// `-g`.
    Neg(Box<Expr>),
    /// `±g = {g | -g}`.
    PlusMinus(Box<Expr>),
    /// `g + h`.
    Sum(Box<Expr>, Box<Expr>),
    /// `g - h`.
    Difference(Box<Expr>, Box<Expr>),
}

/// What went wrong while parsing a game expression.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseGameError {
    /// Something else was expected at byte `position`.
    #[error("at byte {position}: expected {expected}, found {found}")]
    Expected {
        /// Byte offset in the input.
        position: usize,
        /// What would have been valid there.
        expected: &'static str,
        /// What was found (`end of input` at the end).
        found: String,
    },
    /// A fraction whose denominator is not a power of two.
    #[error("at byte {position}: the denominator of '{text}' is not a power of two below 2^(2^32)")]
    Denominator {
        /// Byte offset of the number.
        position: usize,
        /// The number as written.
        text: String,
    },
    /// A count (of ups, or a nimber) too large to represent.
    #[error("at byte {position}: count '{text}' is too large")]
    Overflow {
        /// Byte offset of the count.
        position: usize,
        /// The count as written.
        text: String,
    },
    /// A nimber or multiple of up beyond [`MAX_COUNT`]: its canonical form would not fit in
    /// memory (a store keeps `*m` with its `m` options).
    #[error("at byte {position}: count '{text}' is above the limit {MAX_COUNT}")]
    TooLarge {
        /// Byte offset of the count.
        position: usize,
        /// The count as written.
        text: String,
    },
    /// Braces with several bars of the longest length, such as `{1|2|3}`.
    #[error("at byte {position}: ambiguous bars: the longest bar run must be unique")]
    AmbiguousBars {
        /// Byte offset of the second longest bar run.
        position: usize,
    },
    /// An expression nested deeper than [`MAX_DEPTH`] (braces, parentheses, signs, terms of
    /// a sum, or bar runs of distinct lengths).
    #[error("at byte {position}: the expression is nested more than {max} levels deep")]
    TooDeep {
        /// Byte offset where the limit was passed.
        position: usize,
        /// The limit, [`MAX_DEPTH`].
        max: usize,
    },
}

/// The largest `m` in `*m` and `n` in `^n` or `vn` that [`GameStore::parse`] accepts.
///
/// The store keeps canonical forms with their options, so `*m` costs `m(m+1)/2` handles; the
/// limit turns a typo such as `*1000000000` into an error rather than an exhausted memory.
pub const MAX_COUNT: u64 = 10_000;

/// The deepest expression that [`GameStore::parse`] and `Expr`'s `FromStr` accept: each
/// brace, parenthesis, sign, `±`, term of a sum and level of bars counts one level.
///
/// Parsing, printing, evaluating and dropping an expression recurse once per level, so the
/// limit turns a text such as ten thousand `{` into an error rather than a stack overflow.
pub const MAX_DEPTH: usize = 200;

struct Parser<'a> {
    text: &'a str,
    pos: usize,
    /// The depth of the expression being read, at most [`MAX_DEPTH`].
    depth: usize,
}

impl<'a> Parser<'a> {
    fn rest(&self) -> &'a str {
        &self.text[self.pos..]
    }

    fn skip_space(&mut self) {
        let rest = self.rest();
        self.pos += rest.len() - rest.trim_start().len();
    }

    fn peek(&mut self) -> Option<char> {
        self.skip_space();
        self.rest().chars().next()
    }

    fn error(&self, expected: &'static str) -> ParseGameError {
        let found = match self.rest().chars().next() {
            Some(c) => format!("'{c}'"),
            None => "end of input".to_owned(),
        };
        ParseGameError::Expected { position: self.pos, expected, found }
    }

    fn eat(&mut self, s: &str) -> bool {
        self.skip_space();
        if self.rest().starts_with(s) {
            self.pos += s.len();
            true
        } else {
            false
        }
    }

    /// Goes `levels` levels deeper, or fails past [`MAX_DEPTH`].
    fn enter(&mut self, levels: usize) -> Result<(), ParseGameError> {
        self.depth += levels;
        if self.depth > MAX_DEPTH {
            return Err(ParseGameError::TooDeep { position: self.pos, max: MAX_DEPTH });
        }
        Ok(())
    }

    /// A sum: each term after the first nests the tree one level deeper (two for `±`).
    fn expr(&mut self) -> Result<Expr, ParseGameError> {
        let depth = self.depth;
        let mut e = self.operand()?;
        loop {
            if self.eat("+") {
                self.enter(1)?;
                e = Expr::Sum(Box::new(e), Box::new(self.operand()?));
            } else if self.eat("±") {
                self.enter(2)?;
                let pm = Expr::PlusMinus(Box::new(self.operand()?));
                e = Expr::Sum(Box::new(e), Box::new(pm));
            } else if self.eat("-") {
                self.enter(1)?;
                e = Expr::Difference(Box::new(e), Box::new(self.operand()?));
            } else {
                self.depth = depth;
                return Ok(e);
            }
        }
    }

    /// One operand, one level deeper than its context.
    fn operand(&mut self) -> Result<Expr, ParseGameError> {
        self.enter(1)?;
        let e = self.operand_inner()?;
        self.depth -= 1;
        Ok(e)
    }

    fn operand_inner(&mut self) -> Result<Expr, ParseGameError> {
        const WHAT: &str = "a game (a number, ^, v, *, '{', '(', '-' or '±')";
        match self.peek() {
            Some('-') => {
                if self.rest()[1..].starts_with(|c: char| c.is_ascii_digit()) {
                    return self.literal();
                }
                self.pos += 1;
                Ok(Expr::Neg(Box::new(self.operand()?)))
            }
            Some('±') => {
                self.pos += '±'.len_utf8();
                Ok(Expr::PlusMinus(Box::new(self.operand()?)))
            }
            Some('+') if self.rest().starts_with("+-") => {
                self.pos += 2;
                Ok(Expr::PlusMinus(Box::new(self.operand()?)))
            }
            Some('(') => {
                self.pos += 1;
                let e = self.expr()?;
                if !self.eat(")") {
                    return Err(self.error("')'"));
                }
                Ok(e)
            }
            Some('{') => {
                self.pos += 1;
                self.braces()
            }
            Some(c) if c.is_ascii_digit() || matches!(c, '^' | 'v' | '↑' | '↓' | '*') => {
                self.literal()
            }
            _ => Err(self.error(WHAT)),
        }
    }

    /// Decimal digits at the cursor (possibly none).
    fn digits(&mut self) -> &'a str {
        let rest = self.rest();
        let end = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
        self.pos += end;
        &rest[..end]
    }

    /// An optional count after `*` or an arrow, at most [`MAX_COUNT`].
    fn count(&mut self, default: u64) -> Result<u64, ParseGameError> {
        let start = self.pos;
        let digits = self.digits();
        if digits.is_empty() {
            return Ok(default);
        }
        let n: u64 = digits
            .parse()
            .map_err(|_| ParseGameError::Overflow { position: start, text: digits.to_owned() })?;
        if n > MAX_COUNT {
            return Err(ParseGameError::TooLarge { position: start, text: digits.to_owned() });
        }
        Ok(n)
    }

    fn literal(&mut self) -> Result<Expr, ParseGameError> {
        self.skip_space();
        let start = self.pos;
        let negative = self.rest().starts_with('-');
        if negative {
            self.pos += 1;
        }
        let mut number = Dyadic::zero();
        let top = self.digits();
        if !top.is_empty() {
            let top: BigUint = top.parse().unwrap_or_default();
            let mut exponent = 0;
            if self.rest().starts_with('/') {
                self.pos += 1;
                let bottom = self.digits();
                if bottom.is_empty() {
                    return Err(self.error("a denominator"));
                }
                let bottom: BigUint = bottom.parse().unwrap_or_default();
                exponent =
                    power_of_two_exponent(&bottom).ok_or_else(|| ParseGameError::Denominator {
                        position: start,
                        text: self.text[start..self.pos].to_owned(),
                    })?;
            }
            let sign = if negative { Sign::Minus } else { Sign::Plus };
            number = Dyadic::new(BigInt::from_biguint(sign, top), exponent);
        }
        // Ups or downs.
        let mut ups: i64 = 0;
        for (arrows, sign) in [(['^', '↑'], 1), (['v', '↓'], -1)] {
            let rest = self.rest();
            let run: usize =
                rest.chars().take_while(|c| arrows.contains(c)).map(char::len_utf8).sum();
            if run == 0 {
                continue;
            }
            let arrows_count = rest[..run].chars().count();
            self.pos += run;
            let count = if arrows_count == 1 {
                self.count(1)?
            } else {
                u64::try_from(arrows_count).unwrap_or(u64::MAX)
            };
            if count > MAX_COUNT {
                return Err(ParseGameError::TooLarge {
                    position: self.pos - run,
                    text: rest[..run].to_owned(),
                });
            }
            // At most MAX_COUNT, so the conversion is exact.
            ups = sign * i64::try_from(count).unwrap_or(0);
            break;
        }
        let mut star = Nimber::ZERO;
        if self.rest().starts_with('*') {
            self.pos += 1;
            star = Nimber::new(self.count(1)?);
        }
        if self.pos == start || (negative && self.pos == start + 1) {
            return Err(self.error("a number, ^, v or *"));
        }
        Ok(Expr::Literal(Nus { number, ups, star }))
    }

    /// After `{`: sides separated by bar runs, then `}`.
    fn braces(&mut self) -> Result<Expr, ParseGameError> {
        let mut lists: Vec<Vec<Expr>> = vec![Vec::new()];
        let mut bars: Vec<(usize, usize)> = Vec::new(); // (length, position)
        loop {
            match self.peek() {
                Some('}') => {
                    self.pos += 1;
                    break;
                }
                Some('|') => {
                    let at = self.pos;
                    let len = self.rest().chars().take_while(|&c| c == '|').count();
                    self.pos += len;
                    bars.push((len, at));
                    lists.push(Vec::new());
                }
                Some(',') if !lists.last().is_some_and(Vec::is_empty) => {
                    self.pos += 1;
                    let e = self.expr()?;
                    if let Some(list) = lists.last_mut() {
                        list.push(e);
                    }
                }
                Some(',') => return Err(self.error("an option before ','")),
                _ => {
                    if !lists.last().is_some_and(Vec::is_empty) {
                        return Err(self.error("',', '|' or '}'"));
                    }
                    let e = self.expr()?;
                    if let Some(list) = lists.last_mut() {
                        list.push(e);
                    }
                }
            }
        }
        // Splitting at the longest bar nests one level per distinct length, at most one per run.
        if self.depth + bars.len() > MAX_DEPTH {
            let position = bars.last().map_or(self.pos, |b| b.1);
            return Err(ParseGameError::TooDeep { position, max: MAX_DEPTH });
        }
        if bars.is_empty() {
            return Err(ParseGameError::Expected {
                position: self.pos - 1,
                expected: "'|' between Left's and Right's options",
                found: "'}'".to_owned(),
            });
        }
        split(lists, &bars)
    }
}

/// Builds braces from option lists separated by bars, splitting at the longest bar.
fn split(mut lists: Vec<Vec<Expr>>, bars: &[(usize, usize)]) -> Result<Expr, ParseGameError> {
    let longest = bars.iter().map(|b| b.0).max().unwrap_or(0);
    let mut at_longest = bars.iter().enumerate().filter(|(_, b)| b.0 == longest);
    let (index, _) = at_longest.next().unwrap_or((0, &(0, 0)));
    if let Some((_, &(_, position))) = at_longest.next() {
        return Err(ParseGameError::AmbiguousBars { position });
    }
    let right_lists = lists.split_off(index + 1);
    let side =
        |lists: Vec<Vec<Expr>>, bars: &[(usize, usize)]| -> Result<Vec<Expr>, ParseGameError> {
            if bars.is_empty() {
                Ok(lists.into_iter().next().unwrap_or_default())
            } else {
                Ok(vec![split(lists, bars)?])
            }
        };
    let left = side(lists, &bars[..index])?;
    let right = side(right_lists, &bars[index + 1..])?;
    Ok(Expr::Braces { left, right })
}

impl FromStr for Expr {
    type Err = ParseGameError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut parser = Parser { text, pos: 0, depth: 0 };
        let e = parser.expr()?;
        if parser.peek().is_some() {
            return Err(parser.error("'+', '-' or the end of the expression"));
        }
        Ok(e)
    }
}

/// Writes `x + n·↑ + *m` compactly: `1/2^*`, `vv*3`, `-1*`, `^3`, `0`.
fn write_nus(f: &mut fmt::Formatter<'_>, nus: &Nus) -> fmt::Result {
    let Nus { number, ups, star } = nus;
    if !number.is_zero() || (*ups == 0 && star.is_zero()) {
        write!(f, "{number}")?;
    }
    let arrow = if *ups > 0 { '^' } else { 'v' };
    match ups.unsigned_abs() {
        0 => {}
        1 => write!(f, "{arrow}")?,
        2 => write!(f, "{arrow}{arrow}")?,
        n => write!(f, "{arrow}{n}")?,
    }
    if !star.is_zero() {
        write!(f, "{star}")?;
    }
    Ok(())
}

fn write_list(f: &mut fmt::Formatter<'_>, list: &[Expr]) -> fmt::Result {
    for (i, e) in list.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        write!(f, "{e}")?;
    }
    Ok(())
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expr::Literal(nus) => write_nus(f, nus),
            Expr::Braces { left, right } => {
                f.write_str("{")?;
                write_list(f, left)?;
                f.write_str("|")?;
                write_list(f, right)?;
                f.write_str("}")
            }
            Expr::Neg(e) => write!(f, "-({e})"),
            Expr::PlusMinus(e) => write!(f, "±({e})"),
            Expr::Sum(a, b) => write!(f, "{a} + {b}"),
            Expr::Difference(a, b) => write!(f, "{a} - ({b})"),
        }
    }
}

/// A game of a store, printed in CGSuite's notation: see [`GameStore::display`].
pub struct DisplayGame<'a> {
    store: &'a GameStore,
    game: Game,
}

impl fmt::Display for DisplayGame<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let store = self.store;
        let g = self.game;
        if let Some(nus) = store.as_nus(g) {
            return write_nus(f, &nus);
        }
        let (left, right) = store.stored_options(g);
        // ±x for a positive number x.
        if let ([l], [r]) = (left, right) {
            if let (Some(x), Some(y)) = (store.as_number(*l), store.as_number(*r)) {
                if x.is_positive() && *y == -x {
                    return write!(f, "±{x}");
                }
            }
        }
        f.write_str("{")?;
        write_options(f, store, left)?;
        f.write_str("|")?;
        write_options(f, store, right)?;
        f.write_str("}")
    }
}

/// Writes options sorted by birthday, then text: an order that depends only on the values,
/// not on the order in which a store happened to make them.
fn write_options(f: &mut fmt::Formatter<'_>, store: &GameStore, options: &[Game]) -> fmt::Result {
    let mut texts: Vec<(BigUint, String)> =
        options.iter().map(|&o| (store.birthday(o), store.display(o).to_string())).collect();
    texts.sort();
    for (i, (_, text)) in texts.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        f.write_str(text)?;
    }
    Ok(())
}

impl fmt::Debug for DisplayGame<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl GameStore {
    /// Prints `g` in CGSuite's notation.
    ///
    /// Numbers print as `-3` or `3/4`; games `x + n·↑ + *m` compactly (`^`, `v*`, `1*`,
    /// `1/2^^`, `^3*2`: a count after a single arrow for three or more); switches `{x|-x}` of
    /// a positive number as `±x`; everything else as its canonical form in braces, Left's
    /// options then Right's, each sorted by birthday and then text, nested options in
    /// braces of their own (`{2|{1|0}}` rather than CGSuite's `{2||1|0}`). The text parses
    /// back to the same game ([`parse`](Self::parse)).
    pub fn display(&self, g: Game) -> DisplayGame<'_> {
        DisplayGame { store: self, game: g }
    }

    /// Evaluates an expression to its canonical form.
    pub fn eval(&mut self, expr: &Expr) -> Game {
        match expr {
            Expr::Literal(nus) => self.nus(nus),
            Expr::Braces { left, right } => {
                let left: Vec<Game> = left.iter().map(|e| self.eval(e)).collect();
                let right: Vec<Game> = right.iter().map(|e| self.eval(e)).collect();
                self.from_options(&left, &right)
            }
            Expr::Neg(e) => {
                let g = self.eval(e);
                self.neg(g)
            }
            Expr::PlusMinus(e) => {
                let g = self.eval(e);
                self.switch(g)
            }
            Expr::Sum(a, b) => {
                let (a, b) = (self.eval(a), self.eval(b));
                self.sum(a, b)
            }
            Expr::Difference(a, b) => {
                let (a, b) = (self.eval(a), self.eval(b));
                self.sub(a, b)
            }
        }
    }

    /// Parses a game expression in CGSuite's notation and returns its canonical form.
    ///
    /// # Errors
    ///
    /// [`ParseGameError`] naming the byte position and what was expected there.
    ///
    /// # Example
    ///
    /// ```
    /// use grundy_partizan::GameStore;
    ///
    /// let mut store = GameStore::new();
    /// let g = store.parse("{1||0|-1}")?;
    /// assert_eq!(store.display(g).to_string(), "{1|{0|-1}}");
    /// let h = store.parse("^ + ^ + *")?;
    /// assert_eq!(store.display(h).to_string(), "^^*");
    /// assert!(store.parse("{1|2|3}").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse(&mut self, text: &str) -> Result<Game, ParseGameError> {
        let expr: Expr = text.parse()?;
        Ok(self.eval(&expr))
    }
}
