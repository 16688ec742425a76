//! Colours of vertices and colourings of a graph as bit masks.

use core::fmt;

use grundy_partizan::Player;

use crate::{ColError, MAX_VERTICES};

/// The state of a vertex: uncoloured, or painted blue (Left) or red (Right).
///
/// Left paints blue and Right paints red, as in Lemma 7.3 of Bovee, Burke and Tennenhouse:
/// its base case says that a single uncoloured vertex whose arc leads to a blue vertex has
/// value `-1` because only Right can paint it, so blue is the colour of the player for whom
/// positive games are good, Left.
///
/// In texts a colour is one letter: `u` (uncoloured), `b` (blue), `r` (red); upper case is
/// accepted too.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// Not painted yet: either player may try to paint it.
    Uncoloured,
    /// Painted by Left.
    Blue,
    /// Painted by Right.
    Red,
}

impl Colour {
    /// The colour `player` paints with: blue for Left, red for Right.
    pub const fn of(player: Player) -> Colour {
        match player {
            Player::Left => Colour::Blue,
            Player::Right => Colour::Red,
        }
    }

    /// The other paint (blue and red swap; uncoloured stays uncoloured).
    pub const fn swapped(self) -> Colour {
        match self {
            Colour::Uncoloured => Colour::Uncoloured,
            Colour::Blue => Colour::Red,
            Colour::Red => Colour::Blue,
        }
    }

    /// The letter of the colour in texts: `u`, `b` or `r`.
    pub const fn letter(self) -> char {
        match self {
            Colour::Uncoloured => 'u',
            Colour::Blue => 'b',
            Colour::Red => 'r',
        }
    }

    /// The colour of a letter `u`, `b` or `r` (either case), if it is one.
    pub const fn from_letter(c: char) -> Option<Colour> {
        match c {
            'u' | 'U' => Some(Colour::Uncoloured),
            'b' | 'B' => Some(Colour::Blue),
            'r' | 'R' => Some(Colour::Red),
            _ => None,
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Reads a list of colour letters, ignoring whitespace (`"u u r u b"` or `"uurub"`).
///
/// # Errors
///
/// [`ColError::UnexpectedChar`] at the first character that is not whitespace or a colour
/// letter.
///
/// ```
/// use grundy_col::{Colour, parse_colours};
///
/// assert_eq!(parse_colours("u r b")?, vec![Colour::Uncoloured, Colour::Red, Colour::Blue]);
/// assert_eq!(
///     parse_colours("u x").unwrap_err().to_string(),
///     "unexpected character 'x' at column 3: expected a colour u, b or r"
/// );
/// # Ok::<(), grundy_col::ColError>(())
/// ```
pub fn parse_colours(text: &str) -> Result<Vec<Colour>, ColError> {
    let mut colours = Vec::new();
    for (i, c) in text.chars().enumerate() {
        if c.is_whitespace() {
            continue;
        }
        match Colour::from_letter(c) {
            Some(colour) => colours.push(colour),
            None => {
                return Err(ColError::UnexpectedChar {
                    found: c,
                    column: i + 1,
                    expected: "a colour u, b or r",
                });
            }
        }
    }
    Ok(colours)
}

/// A position of a colouring game on a graph of at most [`MAX_VERTICES`] vertices: three
/// disjoint bit masks (bit `v` stands for vertex `v`).
///
/// A vertex in none of the three sets is *out of play*: nobody may paint it and it
/// constrains nobody, as if it were deleted. Whole positions have every vertex of the graph
/// in one of the sets; the components of a position
/// ([`PartizanRuleset::components`](grundy_partizan::PartizanRuleset::components)) keep
/// only their own uncoloured vertices and the coloured vertices that constrain them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Colouring {
    uncoloured: u64,
    blue: u64,
    red: u64,
}

impl Colouring {
    /// The colouring with the given uncoloured, blue and red sets.
    ///
    /// # Errors
    ///
    /// [`ColError::OverlappingColouring`] when the sets are not disjoint.
    pub fn new(uncoloured: u64, blue: u64, red: u64) -> Result<Colouring, ColError> {
        let overlap = (uncoloured & blue) | (uncoloured & red) | (blue & red);
        if overlap != 0 {
            return Err(ColError::OverlappingColouring {
                vertex: overlap.trailing_zeros() as usize,
            });
        }
        Ok(Colouring { uncoloured, blue, red })
    }

    /// The colouring giving vertex `v` the colour `colours[v]`.
    ///
    /// # Errors
    ///
    /// [`ColError::TooManyVertices`] beyond [`MAX_VERTICES`] colours.
    ///
    /// ```
    /// use grundy_col::{Colour, Colouring, parse_colours};
    ///
    /// let c = Colouring::from_colours(&parse_colours("u b r")?)?;
    /// assert_eq!((c.uncoloured(), c.blue(), c.red()), (0b001, 0b010, 0b100));
    /// assert_eq!(c.colour(1), Some(Colour::Blue));
    /// assert_eq!(c.to_string(), "ubr");
    /// # Ok::<(), grundy_col::ColError>(())
    /// ```
    pub fn from_colours(colours: &[Colour]) -> Result<Colouring, ColError> {
        if colours.len() > MAX_VERTICES {
            return Err(ColError::TooManyVertices { order: colours.len(), max: MAX_VERTICES });
        }
        let mut c = Colouring::default();
        for (v, colour) in colours.iter().enumerate() {
            let bit = 1u64 << v;
            match colour {
                Colour::Uncoloured => c.uncoloured |= bit,
                Colour::Blue => c.blue |= bit,
                Colour::Red => c.red |= bit,
            }
        }
        Ok(c)
    }

    /// The uncoloured vertices still in play.
    pub const fn uncoloured(&self) -> u64 {
        self.uncoloured
    }

    /// The blue vertices.
    pub const fn blue(&self) -> u64 {
        self.blue
    }

    /// The red vertices.
    pub const fn red(&self) -> u64 {
        self.red
    }

    /// The vertices painted with `colour`'s paint (for [`Colour::Uncoloured`], the
    /// uncoloured vertices).
    pub const fn of(&self, colour: Colour) -> u64 {
        match colour {
            Colour::Uncoloured => self.uncoloured,
            Colour::Blue => self.blue,
            Colour::Red => self.red,
        }
    }

    /// The colour of vertex `v`, `None` when it is out of play (or beyond 63).
    pub fn colour(&self, v: usize) -> Option<Colour> {
        if v >= MAX_VERTICES {
            return None;
        }
        let bit = 1u64 << v;
        if self.uncoloured & bit != 0 {
            Some(Colour::Uncoloured)
        } else if self.blue & bit != 0 {
            Some(Colour::Blue)
        } else if self.red & bit != 0 {
            Some(Colour::Red)
        } else {
            None
        }
    }

    /// The same position with `v` painted `colour` (no legality check: see the rulesets);
    /// unchanged when `v` is not below [`MAX_VERTICES`].
    pub fn painted(&self, v: usize, colour: Colour) -> Colouring {
        if v >= MAX_VERTICES {
            return *self;
        }
        let bit = 1u64 << v;
        let mut c = Colouring {
            uncoloured: self.uncoloured & !bit,
            blue: self.blue & !bit,
            red: self.red & !bit,
        };
        match colour {
            Colour::Uncoloured => c.uncoloured |= bit,
            Colour::Blue => c.blue |= bit,
            Colour::Red => c.red |= bit,
        }
        c
    }

    /// The position with blue and red swapped (its value is the negative).
    pub const fn swapped(&self) -> Colouring {
        Colouring { uncoloured: self.uncoloured, blue: self.red, red: self.blue }
    }

    /// The position restricted to the vertices of `mask` (the others go out of play).
    pub const fn restricted(&self, mask: u64) -> Colouring {
        Colouring {
            uncoloured: self.uncoloured & mask,
            blue: self.blue & mask,
            red: self.red & mask,
        }
    }
}

/// Writes one letter per vertex from 0 up to the last vertex in play, `.` for vertices out
/// of play (`"ub.r"`).
impl fmt::Display for Colouring {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let all = self.uncoloured | self.blue | self.red;
        let len = MAX_VERTICES - all.leading_zeros() as usize;
        for v in 0..len {
            match self.colour(v) {
                Some(colour) => write!(f, "{colour}")?,
                None => f.write_str(".")?,
            }
        }
        Ok(())
    }
}
