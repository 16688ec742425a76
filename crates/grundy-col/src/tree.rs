//! Binary trees with coloured vertices, their text format, and Myopic Col on them.

use core::fmt;
use core::str::FromStr;

use grundy_partizan::{PartizanRuleset, Player};

use crate::{ColError, Colour, Colouring, Digraph};

/// The most vertices of a [`BinaryTree`] (trees are stored as vectors; the limit keeps a
/// short text from asking for a huge or very deep tree).
pub const MAX_TREE_VERTICES: usize = 1024;

/// A rooted binary tree whose vertices are uncoloured, blue or red: a position of Myopic
/// Col on a binary tree, arcs pointing from each parent to its children (Section 8 of Bovee,
/// Burke and Tennenhouse).
///
/// Vertex 0 is the root and vertices are numbered in preorder (a parent before its children,
/// the left subtree before the right one). Each vertex has a left and a right child slot.
///
/// # Text format
///
/// A vertex is its colour letter (`u`, `b`, `r`), followed, if it has children, by the
/// children in parentheses: `u(x)` has only a left child `x`, `u(,y)` only a right child,
/// `u(x,y)` both. Whitespace is ignored. So `u(u(b),r)` is an uncoloured root whose left
/// child is uncoloured with a blue child, and whose right child is red. A path `u u r`
/// (arcs left to right) is `u(u(r))`. Errors name the column and the character.
///
/// ```
/// use grundy_col::{BinaryTree, Colour};
///
/// let t: BinaryTree = "u( u(b) , r )".parse()?;
/// assert_eq!(t.len(), 4);
/// assert_eq!(t.children(0), [Some(1), Some(3)]);
/// assert_eq!(t.colour(2), Colour::Blue);
/// assert_eq!(t.to_string(), "u(u(b),r)");
/// // Children are unordered for the game: the canonical form puts bigger subtrees first.
/// assert_eq!("u(r,u(b))".parse::<BinaryTree>()?.canonical(), t.canonical());
/// assert_eq!("u(u,)x".parse::<BinaryTree>().unwrap_err().to_string(),
///            "unexpected character 'x' at column 6: expected the end of the tree");
/// # Ok::<(), grundy_col::ColError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BinaryTree {
    colours: Vec<Colour>,
    /// The left and right children of each vertex (`u16`: at most 1024 vertices).
    children: Vec<[Option<u16>; 2]>,
}

impl BinaryTree {
    /// The tree of one vertex.
    pub fn leaf(colour: Colour) -> BinaryTree {
        BinaryTree { colours: vec![colour], children: vec![[None, None]] }
    }

    /// The tree with root `colour` and the given left and right subtrees.
    ///
    /// # Errors
    ///
    /// [`ColError::TooManyVertices`] beyond [`MAX_TREE_VERTICES`] vertices.
    pub fn node(
        colour: Colour,
        left: Option<&BinaryTree>,
        right: Option<&BinaryTree>,
    ) -> Result<BinaryTree, ColError> {
        let order = 1 + left.map_or(0, BinaryTree::len) + right.map_or(0, BinaryTree::len);
        if order > MAX_TREE_VERTICES {
            return Err(ColError::TooManyVertices { order, max: MAX_TREE_VERTICES });
        }
        let mut t = BinaryTree::leaf(colour);
        for (slot, sub) in [left, right].into_iter().enumerate() {
            if let Some(sub) = sub {
                let child = sub.copy_into(0, false, &mut t);
                t.children[0][slot] = Some(index(child));
            }
        }
        Ok(t)
    }

    /// The directed path with the given colours, arcs from each vertex to the next (each
    /// vertex is the left child of the one before).
    ///
    /// # Errors
    ///
    /// [`ColError::EmptyTree`] for no colour, [`ColError::TooManyVertices`] beyond
    /// [`MAX_TREE_VERTICES`].
    ///
    /// ```
    /// use grundy_col::{BinaryTree, parse_colours};
    ///
    /// let t = BinaryTree::path(&parse_colours("u u r u b")?)?;
    /// assert_eq!(t.to_string(), "u(u(r(u(b))))");
    /// # Ok::<(), grundy_col::ColError>(())
    /// ```
    pub fn path(colours: &[Colour]) -> Result<BinaryTree, ColError> {
        if colours.is_empty() {
            return Err(ColError::EmptyTree);
        }
        if colours.len() > MAX_TREE_VERTICES {
            return Err(ColError::TooManyVertices { order: colours.len(), max: MAX_TREE_VERTICES });
        }
        let n = colours.len();
        let children = (0..n).map(|v| [(v + 1 < n).then(|| index(v + 1)), None]).collect();
        Ok(BinaryTree { colours: colours.to_vec(), children })
    }

    /// The number of vertices (at least 1).
    #[allow(clippy::len_without_is_empty)] // a tree is never empty
    pub fn len(&self) -> usize {
        self.colours.len()
    }

    /// The colour of vertex `v`.
    ///
    /// # Panics
    ///
    /// If `v >= self.len()`.
    pub fn colour(&self, v: usize) -> Colour {
        self.colours[v]
    }

    /// The colours of the vertices, in preorder.
    pub fn colours(&self) -> &[Colour] {
        &self.colours
    }

    /// The left and right children of `v` (`[None, None]` for a leaf or an unknown vertex).
    pub fn children(&self, v: usize) -> [Option<usize>; 2] {
        let [l, r] = self.children.get(v).copied().unwrap_or([None, None]);
        [l.map(usize::from), r.map(usize::from)]
    }

    /// The same tree with vertex `v` given `colour` (no legality check).
    ///
    /// # Panics
    ///
    /// If `v >= self.len()`.
    pub fn with_colour(&self, v: usize, colour: Colour) -> BinaryTree {
        let mut t = self.clone();
        t.colours[v] = colour;
        t
    }

    /// The same tree with blue and red swapped (its value is the negative).
    pub fn swapped(&self) -> BinaryTree {
        let mut t = self.clone();
        for c in &mut t.colours {
            *c = c.swapped();
        }
        t
    }

    /// The subtree rooted at `v`, renumbered from 0.
    ///
    /// # Panics
    ///
    /// If `v >= self.len()`.
    pub fn subtree(&self, v: usize) -> BinaryTree {
        let mut t = BinaryTree { colours: Vec::new(), children: Vec::new() };
        self.copy_into(v, false, &mut t);
        t
    }

    /// Copies the subtree of `v` to the end of `out` in preorder and returns the new index
    /// of `v`; with `prune`, the children of coloured vertices are left out.
    fn copy_into(&self, v: usize, prune: bool, out: &mut BinaryTree) -> usize {
        let at = out.colours.len();
        out.colours.push(self.colours[v]);
        out.children.push([None, None]);
        if prune && self.colours[v] != Colour::Uncoloured {
            return at;
        }
        for slot in 0..2 {
            if let Some(c) = self.children[v][slot] {
                let child = self.copy_into(usize::from(c), prune, out);
                out.children[at][slot] = Some(index(child));
            }
        }
        at
    }

    /// The canonical representative of the tree up to swapping children: at every vertex
    /// the subtree with more vertices (then the larger text) goes left. Two trees are the
    /// same up to swapping children exactly when their canonical forms are equal; a tree
    /// and its canonical form have equal Myopic Col values.
    pub fn canonical(&self) -> BinaryTree {
        let mut text = String::new();
        self.canonical_text(0, &mut text);
        // The text is well formed and no bigger than `self`.
        text.parse().unwrap_or_else(|_| self.clone())
    }

    fn canonical_text(&self, v: usize, out: &mut String) {
        out.push(self.colours[v].letter());
        let mut subs: Vec<String> = self.children[v]
            .iter()
            .flatten()
            .map(|&c| {
                let mut s = String::new();
                self.canonical_text(usize::from(c), &mut s);
                s
            })
            .collect();
        subs.sort_by(|a, b| (b.len(), b).cmp(&(a.len(), a)));
        if !subs.is_empty() {
            out.push('(');
            out.push_str(&subs.join(","));
            out.push(')');
        }
    }

    /// The same position as a [`Digraph`] (arcs from parents to children, vertex numbers
    /// kept) and a [`Colouring`], for [`MyopicCol`](crate::MyopicCol).
    ///
    /// # Errors
    ///
    /// [`ColError::TooManyVertices`] beyond [`MAX_VERTICES`](crate::MAX_VERTICES).
    pub fn to_digraph(&self) -> Result<(Digraph, Colouring), ColError> {
        let arcs = (0..self.len())
            .flat_map(|v| self.children[v].iter().flatten().map(move |&c| (v, usize::from(c))));
        let digraph = Digraph::from_arcs(self.len(), arcs)?;
        Ok((digraph, Colouring::from_colours(&self.colours)?))
    }

    /// Tells whether `player` may paint `v` (Definition 7.1: `v` is uncoloured and no child
    /// of `v` has `player`'s colour).
    pub fn can_paint(&self, v: usize, player: Player) -> bool {
        let own = Colour::of(player);
        v < self.len()
            && self.colours[v] == Colour::Uncoloured
            && self.children[v].iter().flatten().all(|&c| self.colours[usize::from(c)] != own)
    }
}

/// A vertex number as stored (trees have at most [`MAX_TREE_VERTICES`] vertices).
fn index(v: usize) -> u16 {
    const _: () = assert!(MAX_TREE_VERTICES <= u16::MAX as usize);
    u16::try_from(v).expect("a tree has at most MAX_TREE_VERTICES vertices")
}

impl fmt::Display for BinaryTree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn write(t: &BinaryTree, v: usize, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "{}", t.colours[v])?;
            match t.children(v) {
                [None, None] => Ok(()),
                [Some(l), None] => {
                    f.write_str("(")?;
                    write(t, l, f)?;
                    f.write_str(")")
                }
                [None, Some(r)] => {
                    f.write_str("(,")?;
                    write(t, r, f)?;
                    f.write_str(")")
                }
                [Some(l), Some(r)] => {
                    f.write_str("(")?;
                    write(t, l, f)?;
                    f.write_str(",")?;
                    write(t, r, f)?;
                    f.write_str(")")
                }
            }
        }
        if self.colours.is_empty() {
            return Ok(());
        }
        write(self, 0, f)
    }
}

/// A recursive-descent reader of the tree format.
struct Reader {
    /// The characters that are not whitespace, with their columns (from 1).
    chars: Vec<(usize, char)>,
    at: usize,
    end_column: usize,
    tree: BinaryTree,
}

impl Reader {
    fn peek(&self) -> Option<(usize, char)> {
        self.chars.get(self.at).copied()
    }

    fn unexpected(&self, expected: &'static str) -> ColError {
        match self.peek() {
            Some((column, found)) => ColError::UnexpectedChar { found, column, expected },
            None => ColError::UnexpectedEnd { column: self.end_column, expected },
        }
    }

    fn node(&mut self) -> Result<usize, ColError> {
        const VERTEX: &str = "a vertex u, b or r";
        let colour = match self.peek().and_then(|(_, c)| Colour::from_letter(c)) {
            Some(colour) => colour,
            None => return Err(self.unexpected(VERTEX)),
        };
        if self.tree.len() == MAX_TREE_VERTICES {
            return Err(ColError::TooManyVertices {
                order: MAX_TREE_VERTICES + 1,
                max: MAX_TREE_VERTICES,
            });
        }
        self.at += 1;
        let v = self.tree.colours.len();
        self.tree.colours.push(colour);
        self.tree.children.push([None, None]);
        if self.peek().map(|(_, c)| c) != Some('(') {
            return Ok(v);
        }
        self.at += 1;
        match self.peek().map(|(_, c)| c) {
            Some(',') => {
                self.at += 1;
                let r = self.node()?;
                self.tree.children[v][1] = Some(index(r));
            }
            Some(c) if Colour::from_letter(c).is_some() => {
                let l = self.node()?;
                self.tree.children[v][0] = Some(index(l));
                if self.peek().map(|(_, c)| c) == Some(',') {
                    self.at += 1;
                    if self.peek().map(|(_, c)| c) != Some(')') {
                        let r = self.node()?;
                        self.tree.children[v][1] = Some(index(r));
                    }
                }
            }
            _ => return Err(self.unexpected("a vertex u, b or r, or ','")),
        }
        if self.peek().map(|(_, c)| c) != Some(')') {
            return Err(self.unexpected("',' or ')'"));
        }
        self.at += 1;
        Ok(v)
    }
}

impl FromStr for BinaryTree {
    type Err = ColError;

    fn from_str(text: &str) -> Result<BinaryTree, ColError> {
        let chars: Vec<(usize, char)> = text
            .chars()
            .enumerate()
            .filter(|(_, c)| !c.is_whitespace())
            .map(|(i, c)| (i + 1, c))
            .collect();
        let end_column = text.chars().count() + 1;
        let tree = BinaryTree { colours: Vec::new(), children: Vec::new() };
        let mut reader = Reader { chars, at: 0, end_column, tree };
        reader.node()?;
        if reader.peek().is_some() {
            return Err(reader.unexpected("the end of the tree"));
        }
        Ok(reader.tree)
    }
}

/// Myopic Col on binary trees (arcs from parents to children), with [`BinaryTree`]s as
/// positions and vertices as moves.
///
/// A player may paint an uncoloured vertex when none of its children has their colour
/// (Definition 7.1; the parent does not matter). Components: every uncoloured vertex whose
/// parent is coloured (or the uncoloured root) starts one, made of the uncoloured vertices
/// below it reached through uncoloured vertices and their coloured children, kept as leaves
/// (the subtree under a coloured vertex no longer matters to it). The canonical key is
/// [`BinaryTree::canonical`]: swapping children does not change the game.
///
/// ```
/// use grundy_col::{BinaryTree, Evaluator, MyopicColTree};
///
/// let mut eval = Evaluator::new(MyopicColTree);
/// let t: BinaryTree = "u(u(b),u)".parse()?;
/// let value = eval.value(&t);
/// assert_eq!(eval.store().display(value).to_string(), "-1");
/// # Ok::<(), grundy_col::ColError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MyopicColTree;

impl PartizanRuleset for MyopicColTree {
    type Position = BinaryTree;
    type Move = usize;

    fn moves(&self, tree: &BinaryTree, player: Player, moves: &mut Vec<usize>) {
        moves.extend((0..tree.len()).filter(|&v| tree.can_paint(v, player)));
    }

    fn play(&self, tree: &BinaryTree, player: Player, v: &usize) -> BinaryTree {
        tree.with_colour(*v, Colour::of(player))
    }

    fn components(&self, tree: &BinaryTree, components: &mut Vec<BinaryTree>) {
        // Walk from the root; a component starts at each uncoloured vertex whose parent is
        // coloured (or absent).
        let mut stack = vec![(0usize, true)];
        while let Some((v, parent_coloured)) = stack.pop() {
            let uncoloured = tree.colours[v] == Colour::Uncoloured;
            if uncoloured && parent_coloured {
                let mut part = BinaryTree { colours: Vec::new(), children: Vec::new() };
                tree.copy_into(v, true, &mut part);
                components.push(part);
            }
            for c in tree.children(v).into_iter().flatten().rev() {
                stack.push((c, !uncoloured));
            }
        }
    }

    fn canonical_key(&self, tree: &BinaryTree) -> BinaryTree {
        tree.canonical()
    }
}
