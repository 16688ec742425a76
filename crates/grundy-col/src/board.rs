//! Digraphs and graphs as bit masks, and the three colouring rulesets played on them:
//! Myopic Col (directed), Col and Snort (undirected).

use core::fmt;
use core::str::FromStr;

use grundy_graph::Graph;
use grundy_partizan::{PartizanRuleset, Player};

use crate::{ColError, Colour, Colouring, parse_colours};

/// The most vertices of a [`Digraph`] and of the graphs of [`Col`] and [`Snort`]: positions
/// are 64-bit masks.
pub const MAX_VERTICES: usize = 64;

/// A directed graph on the vertices `0..n`, `n <= 64`, without loops or repeated arcs.
///
/// The out-neighbours of each vertex are a bit mask, which is all Myopic Col needs.
/// Texts list arcs `u>v` separated by spaces or commas, optionally after the number of
/// vertices and a colon: `0>1 1>2`, `4: 0>1 2>1` ([`FromStr`]; without the prefix the
/// graph has `max vertex + 1` vertices). [`Display`](fmt::Display) writes the prefixed form.
///
/// ```
/// use grundy_col::Digraph;
///
/// let d: Digraph = "0>1 1>2 0>2".parse()?;
/// assert_eq!((d.order(), d.arc_count()), (3, 3));
/// assert_eq!(d.out_neighbours(0), 0b110);
/// assert_eq!(d.to_string(), "3: 0>1 0>2 1>2");
/// assert_eq!("0>1 1>0 1>1".parse::<Digraph>().unwrap_err().to_string(),
///            "arc 1>1 at column 9: loops are not allowed");
/// # Ok::<(), grundy_col::ColError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Digraph {
    out: Vec<u64>,
}

impl Digraph {
    /// The digraph with `order` vertices and no arc.
    ///
    /// # Errors
    ///
    /// [`ColError::TooManyVertices`] beyond [`MAX_VERTICES`].
    pub fn new(order: usize) -> Result<Digraph, ColError> {
        if order > MAX_VERTICES {
            return Err(ColError::TooManyVertices { order, max: MAX_VERTICES });
        }
        Ok(Digraph { out: vec![0; order] })
    }

    /// The directed path `0 > 1 > ... > n-1` (a linked list).
    ///
    /// # Errors
    ///
    /// [`ColError::TooManyVertices`] beyond [`MAX_VERTICES`].
    pub fn path(order: usize) -> Result<Digraph, ColError> {
        let mut d = Digraph::new(order)?;
        for v in 1..order {
            d.out[v - 1] |= 1 << v;
        }
        Ok(d)
    }

    /// The digraph with `order` vertices and the given arcs `(tail, head)`.
    ///
    /// # Errors
    ///
    /// As [`new`](Digraph::new) and [`add_arc`](Digraph::add_arc).
    pub fn from_arcs<I>(order: usize, arcs: I) -> Result<Digraph, ColError>
    where
        I: IntoIterator<Item = (usize, usize)>,
    {
        let mut d = Digraph::new(order)?;
        for (u, v) in arcs {
            d.add_arc(u, v)?;
        }
        Ok(d)
    }

    /// Adds the arc `u > v`.
    ///
    /// # Errors
    ///
    /// [`ColError::VertexOutOfRange`], [`ColError::Loop`] or [`ColError::DuplicateArc`]
    /// (with column 0).
    pub fn add_arc(&mut self, u: usize, v: usize) -> Result<(), ColError> {
        let order = self.order();
        for w in [u, v] {
            if w >= order {
                return Err(ColError::VertexOutOfRange { vertex: w, order });
            }
        }
        if u == v {
            return Err(ColError::Loop { vertex: u, column: 0 });
        }
        if self.out[u] & (1 << v) != 0 {
            return Err(ColError::DuplicateArc { from: u, to: v, column: 0 });
        }
        self.out[u] |= 1 << v;
        Ok(())
    }

    /// Tells whether the arc `u > v` is present.
    pub fn has_arc(&self, u: usize, v: usize) -> bool {
        u < self.order() && v < MAX_VERTICES && self.out[u] & (1 << v) != 0
    }

    /// The number of vertices.
    pub fn order(&self) -> usize {
        self.out.len()
    }

    /// The number of arcs.
    pub fn arc_count(&self) -> usize {
        self.out.iter().map(|m| m.count_ones() as usize).sum()
    }

    /// The out-neighbours of `v` as a bit mask (0 for a vertex the graph does not have).
    pub fn out_neighbours(&self, v: usize) -> u64 {
        self.out.get(v).copied().unwrap_or(0)
    }

    /// The arcs `(tail, head)`, by tail then head.
    pub fn arcs(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.out.iter().enumerate().flat_map(|(u, &m)| bits(m).map(move |v| (u, v)))
    }

    /// Parses a list of arcs `u>v` on exactly `order` vertices (no `n:` prefix).
    ///
    /// # Errors
    ///
    /// [`ColError::TooManyVertices`], or an error naming the column: a token that is not
    /// `u>v` ([`ColError::UnexpectedChar`]), a vertex not below `order`
    /// ([`ColError::BadVertex`]), a loop or a repeated arc.
    pub fn parse_arcs(text: &str, order: usize) -> Result<Digraph, ColError> {
        let mut d = Digraph::new(order)?;
        for (column, token) in tokens(text, 1) {
            let (u, v) = parse_arc(token, column, order)?;
            if u == v {
                return Err(ColError::Loop { vertex: u, column });
            }
            if d.out[u] & (1 << v) != 0 {
                return Err(ColError::DuplicateArc { from: u, to: v, column });
            }
            d.out[u] |= 1 << v;
        }
        Ok(d)
    }
}

/// The tokens of an arc list (separated by whitespace or commas) with their first column,
/// counting characters from `first`.
fn tokens(text: &str, first: usize) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None; // (byte, column)
    for (column, (byte, c)) in (first..).zip(text.char_indices()) {
        let sep = c.is_whitespace() || c == ',';
        match (sep, start) {
            (true, Some((b, col))) => {
                out.push((col, &text[b..byte]));
                start = None;
            }
            (false, None) => start = Some((byte, column)),
            _ => {}
        }
    }
    if let Some((b, col)) = start {
        out.push((col, &text[b..]));
    }
    out
}

/// One arc `u>v` at `column`; vertices must be below `order`.
fn parse_arc(token: &str, column: usize, order: usize) -> Result<(usize, usize), ColError> {
    let Some(gt) = token.find('>') else {
        let (offset, found) = token
            .chars()
            .enumerate()
            .find(|(_, c)| !c.is_ascii_digit())
            .unwrap_or((token.chars().count(), ' '));
        return Err(ColError::UnexpectedChar {
            found,
            column: column + offset,
            expected: "an arc such as 0>1",
        });
    };
    let (head_text, tail_column) = (&token[gt + 1..], column + token[..=gt].chars().count());
    let vertex = |text: &str, col: usize| -> Result<usize, ColError> {
        match text.parse::<usize>() {
            Ok(v) if v < order && text.chars().all(|c| c.is_ascii_digit()) => Ok(v),
            _ => Err(ColError::BadVertex { token: text.to_owned(), column: col, order }),
        }
    };
    Ok((vertex(&token[..gt], column)?, vertex(head_text, tail_column)?))
}

impl FromStr for Digraph {
    type Err = ColError;

    /// Reads `n: arcs` or `arcs` (then `n` is the largest vertex plus one).
    fn from_str(text: &str) -> Result<Digraph, ColError> {
        if let Some(colon) = text.find(':') {
            let head = text[..colon].trim();
            let order: usize = head.parse().map_err(|_| ColError::BadVertex {
                token: head.to_owned(),
                column: 1,
                order: MAX_VERTICES,
            })?;
            if order > MAX_VERTICES {
                return Err(ColError::TooManyVertices { order, max: MAX_VERTICES });
            }
            let body = &text[colon + 1..];
            let first = text[..=colon].chars().count() + 1;
            let mut d = Digraph::new(order)?;
            for (column, token) in tokens(body, first) {
                let (u, v) = parse_arc(token, column, order)?;
                if u == v {
                    return Err(ColError::Loop { vertex: u, column });
                }
                if d.out[u] & (1 << v) != 0 {
                    return Err(ColError::DuplicateArc { from: u, to: v, column });
                }
                d.out[u] |= 1 << v;
            }
            return Ok(d);
        }
        // First pass with the largest order, to find the largest vertex.
        let wide = Digraph::parse_arcs(text, MAX_VERTICES)?;
        let order = wide.out.iter().enumerate().fold(0, |acc, (u, &m)| {
            let top = if m == 0 { 0 } else { MAX_VERTICES - m.leading_zeros() as usize };
            acc.max(top).max(if m == 0 { 0 } else { u + 1 })
        });
        Ok(Digraph { out: wide.out[..order].to_vec() })
    }
}

impl fmt::Display for Digraph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", self.order())?;
        for (u, v) in self.arcs() {
            write!(f, " {u}>{v}")?;
        }
        Ok(())
    }
}

/// The set bits of `m`, lowest first.
pub(crate) fn bits(mut m: u64) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let v = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(v)
        }
    })
}

/// Which colouring rule a [`Board`] plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Rule {
    /// Myopic Col and Col: no constraining neighbour of the painter's colour.
    OwnColour,
    /// Snort: no constraining neighbour of the opponent's colour.
    OtherColour,
}

/// The engine shared by the three rulesets: who constrains whom, and who is linked to whom.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Board {
    /// `constrain[v]`: the vertices whose colour decides whether `v` may be painted.
    constrain: Vec<u64>,
    /// `link[v]`: the vertices `v` interacts with either way (for components).
    link: Vec<u64>,
    rule: Rule,
}

impl Board {
    fn can_paint(&self, position: &Colouring, v: usize, player: Player) -> bool {
        if v >= self.constrain.len() || position.uncoloured() & (1 << v) == 0 {
            return false;
        }
        let blocking = match self.rule {
            Rule::OwnColour => position.of(Colour::of(player)),
            Rule::OtherColour => position.of(Colour::of(player.opponent())),
        };
        self.constrain[v] & blocking == 0
    }

    fn moves(&self, position: &Colouring, player: Player, moves: &mut Vec<usize>) {
        moves.extend(bits(position.uncoloured()).filter(|&v| self.can_paint(position, v, player)));
    }

    fn components(&self, position: &Colouring, components: &mut Vec<Colouring>) {
        let mut left = position.uncoloured();
        while left != 0 {
            let start = left & left.wrapping_neg();
            let mut part = start;
            let mut frontier = start;
            while frontier != 0 {
                let mut next = 0;
                for v in bits(frontier) {
                    next |= self.link[v];
                }
                frontier = next & left & !part;
                part |= frontier;
            }
            left &= !part;
            let mut relevant = part;
            for v in bits(part) {
                relevant |= self.constrain[v];
            }
            components.push(position.restricted(relevant));
        }
    }
}

macro_rules! board_ruleset {
    ($name:ident) => {
        impl PartizanRuleset for $name {
            type Position = Colouring;
            type Move = usize;

            fn moves(&self, position: &Colouring, player: Player, moves: &mut Vec<usize>) {
                self.board.moves(position, player, moves);
            }

            fn play(&self, position: &Colouring, player: Player, v: &usize) -> Colouring {
                position.painted(*v, Colour::of(player))
            }

            /// The connected parts of the uncoloured vertices (linked by arcs or edges between
            /// uncoloured vertices), each with the coloured vertices that constrain it; every
            /// other vertex goes out of play.
            fn components(&self, position: &Colouring, components: &mut Vec<Colouring>) {
                self.board.components(position, components);
            }
        }
    };
}

/// Myopic Col (Bovee, Burke and Tennenhouse, Definition 7.1) on a [`Digraph`].
///
/// A player may paint an uncoloured vertex `v` their colour (Left blue, Right red, see
/// [`Colour`]) exactly when no arc `(v, b)` leads from `v` to a vertex `b` of their colour;
/// arcs into `v` do not matter. Positions are [`Colouring`]s of the digraph, moves are
/// vertices. Components are the connected parts of the uncoloured vertices (arcs taken
/// either way) with the coloured vertices their arcs lead to: a coloured vertex never
/// changes, so it only acts as a fixed constraint; the position is its own canonical key.
///
/// ```
/// use grundy_col::MyopicCol;
/// use grundy_partizan::{GameStore, naive};
///
/// // Two uncoloured vertices followed by a blue one: Lemma 7.3 says * - 1.
/// let (game, position) = MyopicCol::parse("0>1 1>2", "u u b")?;
/// let mut store = GameStore::new();
/// let value = naive::canonical_form(&game, &position, &mut store);
/// assert_eq!(store.display(value).to_string(), "-1*");
/// # Ok::<(), grundy_col::ColError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MyopicCol {
    digraph: Digraph,
    board: Board,
}

impl MyopicCol {
    /// Myopic Col on `digraph`.
    pub fn new(digraph: Digraph) -> MyopicCol {
        let n = digraph.order();
        let mut link = digraph.out.clone();
        for (u, v) in digraph.arcs() {
            link[v] |= 1 << u;
        }
        debug_assert_eq!(link.len(), n);
        let board = Board { constrain: digraph.out.clone(), link, rule: Rule::OwnColour };
        MyopicCol { digraph, board }
    }

    /// The game on the arcs `arcs` (`0>1 1>2`, see [`Digraph::parse_arcs`]) and the position
    /// `colours` (`u b r` letters, one per vertex: the number of letters is the number of
    /// vertices).
    ///
    /// # Errors
    ///
    /// The errors of [`parse_colours`] and [`Digraph::parse_arcs`], each naming the column
    /// in its own text.
    pub fn parse(arcs: &str, colours: &str) -> Result<(MyopicCol, Colouring), ColError> {
        let colours = parse_colours(colours)?;
        let position = Colouring::from_colours(&colours)?;
        let digraph = Digraph::parse_arcs(arcs, colours.len())?;
        Ok((MyopicCol::new(digraph), position))
    }

    /// The game on the directed path `0 > 1 > ... > n-1` and the position `colours` on it.
    ///
    /// # Errors
    ///
    /// [`ColError::TooManyVertices`] beyond [`MAX_VERTICES`].
    pub fn path(colours: &[Colour]) -> Result<(MyopicCol, Colouring), ColError> {
        let position = Colouring::from_colours(colours)?;
        Ok((MyopicCol::new(Digraph::path(colours.len())?), position))
    }

    /// The digraph played on.
    pub fn digraph(&self) -> &Digraph {
        &self.digraph
    }

    /// Tells whether `player` may paint `v` in `position` (Definition 7.1).
    pub fn can_paint(&self, position: &Colouring, v: usize, player: Player) -> bool {
        self.board.can_paint(position, v, player)
    }
}

board_ruleset!(MyopicCol);

/// Checks that an undirected graph fits the bit masks and returns its neighbourhoods.
fn neighbourhoods(graph: &Graph) -> Result<Vec<u64>, ColError> {
    let n = graph.order();
    if n > MAX_VERTICES {
        return Err(ColError::TooManyVertices { order: n, max: MAX_VERTICES });
    }
    let mut adj = vec![0u64; n];
    for (u, v) in graph.edges() {
        adj[u] |= 1 << v;
        adj[v] |= 1 << u;
    }
    Ok(adj)
}

/// Col on an undirected graph: a player paints an uncoloured vertex their colour (Left
/// blue, Right red) when no neighbour already has that colour.
///
/// Every Col position is a number or a number plus `*` (Conway, *On Numbers and Games*);
/// the tests check it on small graphs. Positions, moves and components as for
/// [`MyopicCol`], with edges in both roles of arcs.
///
/// ```
/// use grundy_col::{Col, Colouring, Colour};
/// use grundy_graph::Graph;
/// use grundy_partizan::{GameStore, naive};
///
/// // A blue vertex next to an uncoloured one: only Right may paint it, value -1.
/// let col = Col::new(&Graph::path(2))?;
/// let position = Colouring::from_colours(&[Colour::Blue, Colour::Uncoloured])?;
/// let mut store = GameStore::new();
/// let value = naive::canonical_form(&col, &position, &mut store);
/// assert_eq!(store.display(value).to_string(), "-1");
/// // The uncoloured path of 3 vertices is 0.
/// let col = Col::new(&Graph::path(3))?;
/// let start = Colouring::from_colours(&[Colour::Uncoloured; 3])?;
/// let value = naive::canonical_form(&col, &start, &mut store);
/// assert_eq!(value, store.zero());
/// # Ok::<(), grundy_col::ColError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Col {
    board: Board,
}

impl Col {
    /// Col on `graph`.
    ///
    /// # Errors
    ///
    /// [`ColError::TooManyVertices`] beyond [`MAX_VERTICES`].
    pub fn new(graph: &Graph) -> Result<Col, ColError> {
        let adj = neighbourhoods(graph)?;
        Ok(Col { board: Board { constrain: adj.clone(), link: adj, rule: Rule::OwnColour } })
    }

    /// Tells whether `player` may paint `v` in `position`.
    pub fn can_paint(&self, position: &Colouring, v: usize, player: Player) -> bool {
        self.board.can_paint(position, v, player)
    }
}

board_ruleset!(Col);

/// Snort on an undirected graph: a player paints an uncoloured vertex their colour (Left
/// blue, Right red) when no neighbour has the *opponent's* colour.
///
/// Snort positions are typically hot (each player is eager to move). Positions, moves and
/// components as for [`Col`].
///
/// ```
/// use grundy_col::{Colouring, Colour, Snort};
/// use grundy_graph::Graph;
/// use grundy_partizan::{GameStore, naive};
///
/// let snort = Snort::new(&Graph::path(2))?;
/// let start = Colouring::from_colours(&[Colour::Uncoloured; 2])?;
/// let mut store = GameStore::new();
/// let value = naive::canonical_form(&snort, &start, &mut store);
/// assert_eq!(store.display(value).to_string(), "±1");
/// # Ok::<(), grundy_col::ColError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Snort {
    board: Board,
}

impl Snort {
    /// Snort on `graph`.
    ///
    /// # Errors
    ///
    /// [`ColError::TooManyVertices`] beyond [`MAX_VERTICES`].
    pub fn new(graph: &Graph) -> Result<Snort, ColError> {
        let adj = neighbourhoods(graph)?;
        Ok(Snort { board: Board { constrain: adj.clone(), link: adj, rule: Rule::OtherColour } })
    }

    /// Tells whether `player` may paint `v` in `position`.
    pub fn can_paint(&self, position: &Colouring, v: usize, player: Player) -> bool {
        self.board.can_paint(position, v, player)
    }
}

board_ruleset!(Snort);
