//! Canonical labelling of small graphs by individualisation and refinement.
//!
//! The labelling is computed the way nauty does it, in a much simpler form:
//!
//! 1. **Colour refinement.** Vertices start coloured by degree; each round recolours a vertex by
//!    its colour and the multiset of its neighbours' colours, until no colour class splits.
//!    Colours are ordered by label-free data only, so isomorphic graphs get corresponding
//!    ordered partitions.
//! 2. **Individualisation.** While a class has several vertices, the search branches on each of
//!    them: that vertex gets a colour of its own, and refinement runs again.
//! 3. **Leaves.** A partition into single vertices is a labelling; its *certificate* is the
//!    adjacency matrix under that labelling (rows compared in order). The canonical labelling
//!    is the leaf with the greatest certificate, so isomorphic graphs get identical
//!    certificates.
//! 4. **Automorphism pruning.** Two leaves with equal certificates give an automorphism. A
//!    branch whose vertex is the image of an explored sibling under automorphisms found so far
//!    (fixing the branch's ancestors) is skipped: its leaves are images of leaves already seen.
//!
//! The search visits at most a fixed number of leaves ([`LEAF_BUDGET`]); highly symmetric
//! graphs that need more get the best labelling found so far, reported as not
//! [`exhaustive`](Labelling::exhaustive). Such a labelling is still an *exact* key (it is the
//! graph itself, relabelled, so it never equals the key of a non-isomorphic graph) but two
//! isomorphic graphs may then get different keys.

#![allow(
    clippy::needless_range_loop,
    reason = "parallel arrays indexed by vertex read best as index loops"
)]

use grundy_graph::Graph;

/// The most vertices [`canonical_labelling`] accepts.
pub const MAX_CANONICAL_ORDER: usize = 64;

/// The most leaves of the search tree visited before settling for the best labelling so far.
pub const LEAF_BUDGET: usize = 4096;

/// A labelling of the vertices of a graph found by [`canonical_labelling`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Labelling {
    /// `order[i]` is the vertex that gets label `i`.
    pub order: Vec<usize>,
    /// Whether the search finished within its leaf budget, so that the labelling is canonical:
    /// isomorphic graphs get the same relabelled graph.
    pub exhaustive: bool,
}

impl Labelling {
    /// The permutation `vertex -> label`, as [`Graph::relabelled`] takes it.
    pub fn labels(&self) -> Vec<usize> {
        let mut labels = vec![0; self.order.len()];
        for (label, &v) in self.order.iter().enumerate() {
            labels[v] = label;
        }
        labels
    }
}

/// Why a graph cannot be labelled.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CanonError {
    /// More vertices than [`MAX_CANONICAL_ORDER`].
    #[error("{order} vertices: canonical labelling supports at most {max}")]
    TooLarge {
        /// The number of vertices.
        order: usize,
        /// The limit.
        max: usize,
    },
}

/// The canonical labelling of `graph` (up to [`MAX_CANONICAL_ORDER`] vertices).
///
/// Isomorphic graphs relabelled by their canonical labellings are equal, whenever the search
/// was [`exhaustive`](Labelling::exhaustive) for both (always, unless the graph has very many
/// automorphisms that refinement cannot tell apart).
///
/// # Errors
///
/// [`CanonError::TooLarge`] beyond [`MAX_CANONICAL_ORDER`] vertices.
///
/// # Example
///
/// ```
/// use grundy_graph::Graph;
/// use grundy_node_kayles::canonical_form;
///
/// let a: Graph = "0-1 1-2 2-3".parse()?;
/// let b: Graph = "2-0 0-3 3-1".parse()?; // the same path, labelled otherwise
/// let c: Graph = "0-1 0-2 0-3".parse()?; // a star
/// assert_eq!(canonical_form(&a)?, canonical_form(&b)?);
/// assert_ne!(canonical_form(&a)?, canonical_form(&c)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn canonical_labelling(graph: &Graph) -> Result<Labelling, CanonError> {
    let k = graph.order();
    if k > MAX_CANONICAL_ORDER {
        return Err(CanonError::TooLarge { order: k, max: MAX_CANONICAL_ORDER });
    }
    let rows: Vec<u64> =
        (0..k).map(|v| graph.neighbors(v).iter().fold(0u64, |row, w| row | (1u64 << w))).collect();
    let mut search = Search::new(&rows, LEAF_BUDGET);
    search.run();
    let exhaustive = !search.exhausted;
    Ok(Labelling { order: search.best_order, exhaustive })
}

/// The graph relabelled by its [`canonical_labelling`].
///
/// # Errors
///
/// [`CanonError::TooLarge`] beyond [`MAX_CANONICAL_ORDER`] vertices.
pub fn canonical_form(graph: &Graph) -> Result<Graph, CanonError> {
    let labelling = canonical_labelling(graph)?;
    Ok(graph.relabelled(&labelling.labels()).expect("a labelling is a permutation of the vertices"))
}

/// Automorphisms kept for pruning (more are found, but not stored).
const MAX_AUTOS: usize = 32;

/// Largest graph handled, as an array bound.
const K: usize = MAX_CANONICAL_ORDER;

/// Colours of the vertices: `0..cells`, ordered.
type Colours = [u8; K];

/// The state of one canonical-labelling search.
struct Search<'a> {
    rows: &'a [u64],
    k: usize,
    /// Rows of the best relabelled graph so far (the certificate), valid once `leaves > 0`.
    best: [u64; K],
    best_order: Vec<usize>,
    /// Automorphisms found, as vertex maps.
    autos: Vec<[u8; K]>,
    leaves: usize,
    budget: usize,
    exhausted: bool,
}

impl<'a> Search<'a> {
    fn new(rows: &'a [u64], budget: usize) -> Self {
        Search {
            rows,
            k: rows.len(),
            best: [0; K],
            best_order: (0..rows.len()).collect(),
            autos: Vec::new(),
            leaves: 0,
            budget,
            exhausted: false,
        }
    }

    fn run(&mut self) {
        let k = self.k;
        if k == 0 {
            return;
        }
        let mut keys = [0u64; K];
        for v in 0..k {
            keys[v] = u64::from(self.rows[v].count_ones());
        }
        let mut colour: Colours = [0; K];
        let cells = rank(&keys, k, &mut colour);
        let cells = refine(self.rows, &mut colour, cells);
        let mut prefix = Vec::new();
        self.node(&colour, cells, &mut prefix);
    }

    /// Explores the subtree of an equitable ordered partition.
    fn node(&mut self, colour: &Colours, cells: usize, prefix: &mut Vec<u8>) {
        let k = self.k;
        if cells == k {
            self.leaf(colour);
            return;
        }
        // Target cell: the first smallest class with several vertices.
        let mut size = [0u8; K];
        for &c in &colour[..k] {
            size[c as usize] += 1;
        }
        let mut target = usize::MAX;
        for c in 0..cells {
            if size[c] > 1 && (target == usize::MAX || size[c] < size[target]) {
                target = c;
            }
        }
        let mut explored: Vec<u8> = Vec::new();
        for w in 0..k {
            if colour[w] as usize != target {
                continue;
            }
            if self.exhausted {
                return;
            }
            // Vertices are below 64, so they fit in a byte.
            let w8 = u8::try_from(w).unwrap_or(u8::MAX);
            if !explored.is_empty() && self.same_orbit(prefix, &explored, w8) {
                continue;
            }
            explored.push(w8);
            let mut keys = [0u64; K];
            for v in 0..k {
                keys[v] = 2 * u64::from(colour[v]) + u64::from(v != w);
            }
            let mut child: Colours = [0; K];
            let child_cells = rank(&keys, k, &mut child);
            let child_cells = refine(self.rows, &mut child, child_cells);
            prefix.push(w8);
            self.node(&child, child_cells, prefix);
            prefix.pop();
        }
    }

    /// Whether `w` is the image of an explored vertex under the automorphisms found so far
    /// that fix every vertex of `prefix`.
    fn same_orbit(&self, prefix: &[u8], explored: &[u8], w: u8) -> bool {
        let k = self.k;
        let mut parent = [0u8; K];
        for (v, p) in parent.iter_mut().enumerate().take(k) {
            *p = u8::try_from(v).unwrap_or(u8::MAX);
        }
        fn find(parent: &mut [u8; K], mut x: u8) -> u8 {
            while parent[x as usize] != x {
                parent[x as usize] = parent[parent[x as usize] as usize];
                x = parent[x as usize];
            }
            x
        }
        let mut any = false;
        for auto in &self.autos {
            if prefix.iter().any(|&p| auto[p as usize] != p) {
                continue;
            }
            any = true;
            for (v, &image) in auto.iter().enumerate().take(k) {
                let v = u8::try_from(v).unwrap_or(u8::MAX);
                let (a, b) = (find(&mut parent, image), find(&mut parent, v));
                if a != b {
                    parent[a as usize] = b;
                }
            }
        }
        if !any {
            return false;
        }
        let root = find(&mut parent, w);
        explored.iter().any(|&u| find(&mut parent, u) == root)
    }

    /// A discrete partition: compare its relabelled graph with the best one.
    fn leaf(&mut self, colour: &Colours) {
        let k = self.k;
        self.leaves += 1;
        if self.leaves >= self.budget {
            self.exhausted = true;
        }
        let mut order = [0u8; K];
        for v in 0..k {
            order[colour[v] as usize] = u8::try_from(v).unwrap_or(u8::MAX);
        }
        let mut cert = [0u64; K];
        for j in 0..k {
            let mut row = 0u64;
            let mut bits = self.rows[order[j] as usize];
            while bits != 0 {
                let w = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                row |= 1u64 << colour[w];
            }
            cert[j] = row;
        }
        if self.leaves == 1 || cert[..k] > self.best[..k] {
            self.best = cert;
            for (i, v) in self.best_order.iter_mut().enumerate() {
                *v = order[i] as usize;
            }
        } else if cert[..k] == self.best[..k] && self.autos.len() < MAX_AUTOS {
            // best_order[i] and order[i] play the same role: an automorphism.
            let mut auto = [0u8; K];
            for i in 0..k {
                auto[self.best_order[i]] = order[i];
            }
            self.autos.push(auto);
        }
    }
}

/// Random 64-bit words, one per colour: the hash of a multiset of colours is their sum.
const MIX: [u64; K] = {
    let mut out = [0u64; K];
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    let mut i = 0;
    while i < K {
        x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = x;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        out[i] = z ^ (z >> 31);
        i += 1;
    }
    out
};

/// Colours the first `k` vertices by the rank of their keys (equal keys, equal colours);
/// returns the number of colours.
fn rank(keys: &[u64; K], k: usize, colour: &mut Colours) -> usize {
    let mut idx = [0u8; K];
    for (i, slot) in idx.iter_mut().enumerate().take(k) {
        *slot = u8::try_from(i).unwrap_or(u8::MAX);
    }
    // Insertion sort: k is small.
    for i in 1..k {
        let mut j = i;
        while j > 0 && keys[idx[j - 1] as usize] > keys[idx[j] as usize] {
            idx.swap(j - 1, j);
            j -= 1;
        }
    }
    let mut next = 0u8;
    for i in 0..k {
        if i > 0 && keys[idx[i] as usize] != keys[idx[i - 1] as usize] {
            next += 1;
        }
        colour[idx[i] as usize] = next;
    }
    if k == 0 { 0 } else { next as usize + 1 }
}

/// Colour refinement to a stable ordered partition.
///
/// Each round orders vertices by (colour, hash of the multiset of their neighbours' colours)
/// and renumbers. Only label-free data decide the order, so isomorphic inputs give
/// corresponding outputs; a hash collision merely leaves a class unsplit, which the search
/// then branches on.
fn refine(rows: &[u64], colour: &mut Colours, mut cells: usize) -> usize {
    let k = rows.len();
    let mut keys = [0u64; K];
    while cells < k {
        for (v, &row) in rows.iter().enumerate() {
            let mut sig = 0u64;
            let mut bits = row;
            while bits != 0 {
                let w = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                sig = sig.wrapping_add(MIX[colour[w] as usize]);
            }
            keys[v] = (u64::from(colour[v]) << 56) | (sig >> 8);
        }
        let now = rank(&keys, k, colour);
        if now == cells {
            break;
        }
        cells = now;
    }
    cells
}
