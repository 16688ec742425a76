//! [`Formula`]: positive CNF formulas with named variables, their parser and printer.

use core::fmt;
use core::str::FromStr;

use crate::{AvoidTruePosition, PositionError, VarSet};

/// The largest `k` accepted in a numbered variable name `xk`.
pub const MAX_NUMBERED_VARIABLE: usize = 1 << 16;

/// Why a text is not a formula or an Avoid True position, or a name is not a variable.
///
/// Offsets are byte offsets into the text, counting from 0; clauses are counted from 1.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FormulaError {
    /// The text holds no formula.
    #[error("empty formula: write clauses such as (x1 | x2) & (x3), or 'true'")]
    Empty,
    /// A clause `()` with no variable; write `false` for the clause that is always false.
    #[error(
        "clause {clause} at byte offset {offset} is empty; write 'false' for an always-false clause"
    )]
    EmptyClause {
        /// The clause, counting from 1.
        clause: usize,
        /// Where its `(` is.
        offset: usize,
    },
    /// A `(` that is never closed.
    #[error("unbalanced parentheses: the '(' at byte offset {offset} is never closed")]
    Unclosed {
        /// Where the `(` is.
        offset: usize,
    },
    /// A `)` without a matching `(`.
    #[error("unbalanced parentheses: the ')' at byte offset {offset} closes nothing")]
    Unopened {
        /// Where the `)` is.
        offset: usize,
    },
    /// A character that belongs to no token.
    #[error("unexpected character '{found}' at byte offset {offset}")]
    BadCharacter {
        /// The character.
        found: char,
        /// Where it is.
        offset: usize,
    },
    /// A token in the wrong place.
    #[error("unexpected '{found}' at byte offset {offset}: expected {expected}")]
    UnexpectedToken {
        /// The token's text.
        found: String,
        /// Where it is.
        offset: usize,
        /// What would have been accepted there.
        expected: &'static str,
    },
    /// A numbered variable `xk` with `k` above [`MAX_NUMBERED_VARIABLE`].
    #[error("variable '{name}' at byte offset {offset}: numbered variables go up to x{max}", max = MAX_NUMBERED_VARIABLE)]
    NumberTooLarge {
        /// The name.
        name: String,
        /// Where it is.
        offset: usize,
    },
    /// A name that is not a variable of the formula.
    #[error("unknown variable '{name}'")]
    UnknownVariable {
        /// The name.
        name: String,
    },
    /// A name that cannot be a variable (empty, a character other than letters, digits and
    /// `_`, or a reserved word `true`/`false`).
    #[error("'{name}' cannot name a variable: use letters, digits and '_' (not 'true' or 'false')")]
    InvalidName {
        /// The name.
        name: String,
    },
    /// A section after `;` in an Avoid True position that is neither `true: ...` nor
    /// `variables: n`.
    #[error(
        "bad section '{section}' at byte offset {offset}: expected 'true: x1 x2 ...' or 'variables: n'"
    )]
    BadSection {
        /// The section's text.
        section: String,
        /// Where it starts.
        offset: usize,
    },
    /// `variables: n` with fewer variables than the formula has, or on a formula whose
    /// variables are not numbered `x1 ... xn`.
    #[error("'variables: {requested}' does not fit a formula with variables {names}")]
    BadVariableCount {
        /// The number asked for.
        requested: usize,
        /// The formula's variables, as a list.
        names: String,
    },
    /// The position built is not valid.
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// A positive CNF formula over named variables: the AND of clauses, each the OR of some
/// variables.
///
/// # Syntax
///
/// `(x1 | x2 | x3) & (x1 | x4) & x5`: clauses in parentheses, variables separated by `|` or
/// `∨`, clauses joined by `&` or `∧`, whitespace anywhere. A clause of one variable needs no
/// parentheses. Variable names are letters, digits and `_`. The words `false` (or `⊥`: a
/// clause that is always false, the empty clause) and `true` (or `⊤`, alone: the formula with
/// no clause, always true) are reserved. `()` is an error: an empty clause is usually a typo.
///
/// # Variable numbering
///
/// When every name is `x` followed by a number from 1 without leading zeros (`x1`, `x8`,
/// `x12`), variable `xk` is index `k - 1` and the variables are `x1 ... xn` with `n` the
/// largest number used: `(x2 | x7)` has 7 variables, of which `x1`, `x3` ... occur in no
/// clause. This matches the papers, which number variables and heaps alike. Otherwise the
/// variables are indexed in order of first appearance. [`Formula::with_variables`] adds
/// variables that occur in no clause.
///
/// # Example
///
/// ```
/// use grundy_avoid_true::Formula;
///
/// let f: Formula = "(x2 ∨ x3 ∨ x6) ∧ (x1 ∨ x3 ∨ x7)".parse()?;
/// assert_eq!(f.names().len(), 7);
/// assert_eq!(f.index_of("x6"), Some(5));
/// assert_eq!(f.to_string(), "(x2 | x3 | x6) & (x1 | x3 | x7)");
///
/// let g: Formula = "(a | b) & (b | c)".parse()?;
/// assert_eq!(g.index_of("c"), Some(2));
/// let g = g.with_variables(["d"])?;
/// let p = g.position(&["b"])?;
/// assert_eq!(p.to_string(), "(x1 | x2) & (x2 | x3) ; variables: 4 ; true: x2");
/// # Ok::<(), grundy_avoid_true::FormulaError>(())
/// ```
///
/// With the `serde` feature a formula serialises as its variable names and its clauses of
/// variable indices, `{"names": ["a", "b", "c"], "clauses": [[0, 1], [1, 2]]}`, and
/// deserialises through [`Formula::new`]: a bad or repeated name, or an index out of range,
/// is an error.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Formula {
    names: Vec<String>,
    clauses: Vec<VarSet>,
}

impl Formula {
    /// A formula over the variables `names` (index `i` is `names[i]`) with these clauses.
    ///
    /// # Errors
    ///
    /// [`FormulaError::InvalidName`] for a name that cannot be a variable or appears twice
    /// ([`FormulaError::UnknownVariable`] never: clauses hold indices);
    /// [`FormulaError::Position`] when a clause mentions an index `>= names.len()`.
    pub fn new<S: Into<String>>(
        names: impl IntoIterator<Item = S>,
        clauses: Vec<VarSet>,
    ) -> Result<Self, FormulaError> {
        let names: Vec<String> = names.into_iter().map(Into::into).collect();
        for (i, name) in names.iter().enumerate() {
            if !is_valid_name(name) || names[..i].contains(name) {
                return Err(FormulaError::InvalidName { name: name.clone() });
            }
        }
        AvoidTruePosition::new(names.len(), clauses.clone(), VarSet::new())?;
        Ok(Formula { names, clauses })
    }

    /// The formula of an Avoid True position, with variables named `x1 ... xn` (the true
    /// variables are not part of it).
    pub fn of_position(position: &AvoidTruePosition) -> Self {
        Formula {
            names: (1..=position.variables()).map(|k| format!("x{k}")).collect(),
            clauses: position.clauses().to_vec(),
        }
    }

    /// The variable names; index `i` is `names()[i]`.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The clauses, as sets of variable indices.
    pub fn clauses(&self) -> &[VarSet] {
        &self.clauses
    }

    /// The index of the variable called `name`.
    pub fn index_of(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }

    /// Tells whether the variables are exactly `x1 ... xn`.
    pub fn is_numbered(&self) -> bool {
        self.names.iter().enumerate().all(|(i, n)| numbered(n) == Some(i + 1))
    }

    /// Adds variables that occur in no clause (names already present are skipped).
    ///
    /// In a numbered formula (`x1 ... xn`), adding `xk` with `k > n` adds `x{n+1} ... xk`;
    /// any other new name is appended as the next index.
    ///
    /// # Errors
    ///
    /// [`FormulaError::InvalidName`] for a name that cannot be a variable;
    /// [`FormulaError::NumberTooLarge`] for `xk` with `k` above [`MAX_NUMBERED_VARIABLE`]
    /// (offset 0).
    pub fn with_variables<S: AsRef<str>>(
        mut self,
        names: impl IntoIterator<Item = S>,
    ) -> Result<Self, FormulaError> {
        for name in names {
            let name = name.as_ref();
            if !is_valid_name(name) {
                return Err(FormulaError::InvalidName { name: name.to_owned() });
            }
            if self.index_of(name).is_some() {
                continue;
            }
            match numbered(name) {
                Some(k) if k > MAX_NUMBERED_VARIABLE => {
                    return Err(FormulaError::NumberTooLarge { name: name.to_owned(), offset: 0 });
                }
                Some(k) if self.is_numbered() => {
                    let n = self.names.len();
                    self.names.extend((n + 1..=k).map(|j| format!("x{j}")));
                }
                _ => self.names.push(name.to_owned()),
            }
        }
        Ok(self)
    }

    /// The Avoid True position of this formula over all its variables, with the variables
    /// `true_vars` already true.
    ///
    /// # Errors
    ///
    /// [`FormulaError::UnknownVariable`] for a name that is not a variable of the formula.
    pub fn position(&self, true_vars: &[&str]) -> Result<AvoidTruePosition, FormulaError> {
        let mut t = VarSet::new();
        for name in true_vars {
            let i = self
                .index_of(name)
                .ok_or_else(|| FormulaError::UnknownVariable { name: (*name).to_owned() })?;
            t.insert(i);
        }
        Ok(AvoidTruePosition::new(self.names.len(), self.clauses.clone(), t)?)
    }
}

impl fmt::Display for Formula {
    /// `(x1 | x2) & (x3)`, variables of a clause in index order; `false` for an empty clause,
    /// `true` for no clause.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_clauses(f, &self.clauses, |f, v| f.write_str(&self.names[v]))
    }
}

/// Writes clauses in the text syntax, naming variables with `name`.
pub(crate) fn write_clauses(
    f: &mut fmt::Formatter<'_>,
    clauses: &[VarSet],
    name: impl Fn(&mut fmt::Formatter<'_>, usize) -> fmt::Result,
) -> fmt::Result {
    if clauses.is_empty() {
        return f.write_str("true");
    }
    for (c, clause) in clauses.iter().enumerate() {
        if c > 0 {
            f.write_str(" & ")?;
        }
        if clause.is_empty() {
            f.write_str("false")?;
            continue;
        }
        f.write_str("(")?;
        for (k, v) in clause.iter().enumerate() {
            if k > 0 {
                f.write_str(" | ")?;
            }
            name(f, v)?;
        }
        f.write_str(")")?;
    }
    Ok(())
}

/// `k` when `name` is `xk` with `k >= 1` written without leading zeros (saturating).
fn numbered(name: &str) -> Option<usize> {
    let digits = name.strip_prefix('x')?;
    if digits.is_empty() || digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(digits.parse::<usize>().unwrap_or(usize::MAX))
}

fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

fn is_valid_name(name: &str) -> bool {
    !name.is_empty() && name.chars().all(is_name_char) && name != "true" && name != "false"
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Token<'a> {
    Open,
    Close,
    Or,
    And,
    True,
    False,
    Name(&'a str),
}

impl Token<'_> {
    fn text(&self) -> String {
        match self {
            Token::Open => "(".into(),
            Token::Close => ")".into(),
            Token::Or => "|".into(),
            Token::And => "&".into(),
            Token::True => "true".into(),
            Token::False => "false".into(),
            Token::Name(n) => (*n).into(),
        }
    }
}

fn tokenize(s: &str) -> Result<Vec<(usize, Token<'_>)>, FormulaError> {
    let mut tokens = Vec::new();
    let mut chars = s.char_indices().peekable();
    while let Some((offset, c)) = chars.next() {
        let token = match c {
            c if c.is_whitespace() => continue,
            '(' => Token::Open,
            ')' => Token::Close,
            '|' | '∨' => Token::Or,
            '&' | '∧' => Token::And,
            '⊤' => Token::True,
            '⊥' => Token::False,
            c if is_name_char(c) => {
                let mut end = offset + c.len_utf8();
                while let Some(&(o, d)) = chars.peek() {
                    if !is_name_char(d) {
                        break;
                    }
                    end = o + d.len_utf8();
                    chars.next();
                }
                match &s[offset..end] {
                    "true" => Token::True,
                    "false" => Token::False,
                    name => Token::Name(name),
                }
            }
            found => return Err(FormulaError::BadCharacter { found, offset }),
        };
        tokens.push((offset, token));
    }
    Ok(tokens)
}

/// What the parser finds: the names in order of first appearance, the clauses as indices into
/// the names, and the byte offset of each name's first appearance.
type Parsed<'a> = (Vec<&'a str>, Vec<Vec<usize>>, Vec<usize>);

/// Parses the clauses of a formula, with variable names in order of first appearance.
fn parse_clauses<'a>(s: &'a str) -> Result<Parsed<'a>, FormulaError> {
    let tokens = tokenize(s)?;
    let mut names: Vec<&str> = Vec::new();
    let mut offsets: Vec<usize> = Vec::new(); // where each name first appears
    let mut clauses: Vec<Vec<usize>> = Vec::new();
    let mut intern = |name: &'a str, offset: usize| -> usize {
        if let Some(i) = names.iter().position(|n| *n == name) {
            return i;
        }
        names.push(name);
        offsets.push(offset);
        names.len() - 1
    };
    let mut it = tokens.into_iter().peekable();
    match it.peek() {
        None => return Err(FormulaError::Empty),
        Some((_, Token::True)) => {
            it.next();
            if let Some((offset, t)) = it.next() {
                return Err(FormulaError::UnexpectedToken {
                    found: t.text(),
                    offset,
                    expected: "the end after 'true'",
                });
            }
            return Ok((names, clauses, Vec::new()));
        }
        Some(_) => {}
    }
    loop {
        // One clause.
        let clause = match it.next() {
            Some((_, Token::False)) => Vec::new(),
            Some((offset, Token::Name(name))) => vec![intern(name, offset)],
            Some((open, Token::Open)) => {
                let mut clause = Vec::new();
                loop {
                    match it.next() {
                        Some((offset, Token::Name(name))) => {
                            clause.push(intern(name, offset));
                        }
                        Some((_, Token::Close)) if clause.is_empty() => {
                            return Err(FormulaError::EmptyClause {
                                clause: clauses.len() + 1,
                                offset: open,
                            });
                        }
                        None => return Err(FormulaError::Unclosed { offset: open }),
                        Some((offset, t)) => {
                            return Err(FormulaError::UnexpectedToken {
                                found: t.text(),
                                offset,
                                expected: "a variable",
                            });
                        }
                    }
                    match it.next() {
                        Some((_, Token::Or)) => {}
                        Some((_, Token::Close)) => break,
                        None => return Err(FormulaError::Unclosed { offset: open }),
                        Some((offset, t)) => {
                            return Err(FormulaError::UnexpectedToken {
                                found: t.text(),
                                offset,
                                expected: "'|' or ')'",
                            });
                        }
                    }
                }
                clause
            }
            Some((offset, Token::Close)) => return Err(FormulaError::Unopened { offset }),
            Some((offset, t)) => {
                return Err(FormulaError::UnexpectedToken {
                    found: t.text(),
                    offset,
                    expected: "a clause: '(', a variable or 'false'",
                });
            }
            None => {
                return Err(FormulaError::UnexpectedToken {
                    found: "end of input".into(),
                    offset: s.len(),
                    expected: "a clause after '&'",
                });
            }
        };
        clauses.push(clause);
        match it.next() {
            None => break,
            Some((_, Token::And)) => {}
            Some((offset, Token::Close)) => return Err(FormulaError::Unopened { offset }),
            Some((offset, t)) => {
                return Err(FormulaError::UnexpectedToken {
                    found: t.text(),
                    offset,
                    expected: "'&' (a clause of several variables needs parentheses)",
                });
            }
        }
    }
    Ok((names, clauses, offsets))
}

impl FromStr for Formula {
    type Err = FormulaError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (names, clauses, offsets) = parse_clauses(s)?;
        let numbers: Option<Vec<usize>> = names.iter().map(|n| numbered(n)).collect();
        let (names, index): (Vec<String>, Vec<usize>) = match numbers {
            Some(numbers) => {
                if let Some(i) = numbers.iter().position(|&k| k > MAX_NUMBERED_VARIABLE) {
                    return Err(FormulaError::NumberTooLarge {
                        name: names[i].to_owned(),
                        offset: offsets[i],
                    });
                }
                let n = numbers.iter().copied().max().unwrap_or(0);
                (
                    (1..=n).map(|k| format!("x{k}")).collect(),
                    numbers.iter().map(|k| k - 1).collect(),
                )
            }
            None => (names.iter().map(|n| (*n).to_owned()).collect(), (0..names.len()).collect()),
        };
        let clauses =
            clauses.into_iter().map(|c| c.into_iter().map(|v| index[v]).collect()).collect();
        Ok(Formula { names, clauses })
    }
}

impl FromStr for AvoidTruePosition {
    type Err = FormulaError;

    /// A formula, then optional sections after `;`: `variables: n` (numbered formulas only:
    /// the variables are `x1 ... xn`) and `true: x1 x3` (names separated by spaces or
    /// commas). The inverse of `Display`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut sections = s.split(';');
        let formula_text = sections.next().unwrap_or("");
        let mut formula: Formula = formula_text.parse()?;
        let mut offset = formula_text.len() + 1;
        let mut true_names: Vec<&str> = Vec::new();
        let mut count: Option<usize> = None;
        for section in sections {
            let start = offset + section.len() - section.trim_start().len();
            let bad =
                || FormulaError::BadSection { section: section.trim().to_owned(), offset: start };
            let (key, value) = section.split_once(':').ok_or_else(bad)?;
            match key.trim() {
                "true" => true_names.extend(
                    value.split(|c: char| c.is_whitespace() || c == ',').filter(|n| !n.is_empty()),
                ),
                "variables" if count.is_none() => {
                    count = Some(value.trim().parse().map_err(|_| bad())?);
                }
                _ => return Err(bad()),
            }
            offset += section.len() + 1;
        }
        if let Some(n) = count {
            let names = || formula.names().join(" ");
            if n < formula.names().len() || !formula.is_numbered() {
                return Err(FormulaError::BadVariableCount { requested: n, names: names() });
            }
            if n > formula.names().len() {
                formula = formula.with_variables([format!("x{n}")])?;
            }
        }
        formula.position(&true_names)
    }
}
