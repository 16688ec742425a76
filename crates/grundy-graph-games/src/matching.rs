//! Maximum matchings of general graphs (Edmonds' blossom algorithm) and the Gallai–Edmonds
//! decomposition, the engine of the polynomial method for Undirected Vertex Geography.
//!
//! The algorithm grows an alternating forest from every exposed vertex at once. An edge
//! between two even vertices of different trees closes an augmenting path; an edge between two
//! even vertices of the same tree closes an odd cycle, a *blossom*, which is contracted (its
//! vertices share a base kept in a union-find structure, and all become even). When the forest
//! stops growing without finding an augmenting path the matching is maximum, and the final
//! labels are the Gallai–Edmonds decomposition: the even vertices are exactly the vertices
//! that some maximum matching leaves exposed (`D`), the odd ones their other neighbours (`A`),
//! the unreached ones the rest (`C`).

use std::collections::VecDeque;

use grundy_graph::{Graph, VertexSet};

/// No vertex.
const NONE: usize = usize::MAX;

/// A matching of a graph: each vertex is matched to at most one neighbour.
///
/// ```
/// use grundy_graph::Graph;
/// use grundy_graph_games::maximum_matching;
///
/// // The Petersen graph has a perfect matching; the path on 5 vertices misses one vertex.
/// assert!(maximum_matching(&Graph::petersen()).is_perfect());
/// let m = maximum_matching(&Graph::path(5));
/// assert_eq!(m.len(), 2);
/// assert!(m.pairs().all(|(u, v)| u < v && v == u + 1));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Matching {
    mate: Vec<usize>,
    size: usize,
}

impl Matching {
    /// The vertex matched to `v`, if any (`None` too when `v` is not a vertex).
    pub fn mate(&self, v: usize) -> Option<usize> {
        self.mate.get(v).copied().filter(|&m| m != NONE)
    }

    /// The number of matched edges.
    pub const fn len(&self) -> usize {
        self.size
    }

    /// Tells whether no edge is matched.
    pub const fn is_empty(&self) -> bool {
        self.size == 0
    }

    /// Tells whether every vertex is matched.
    pub fn is_perfect(&self) -> bool {
        2 * self.size == self.mate.len()
    }

    /// The matched edges `(u, v)` with `u < v`, in increasing order of `u`.
    pub fn pairs(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.mate.iter().enumerate().filter(|&(u, &v)| v != NONE && u < v).map(|(u, &v)| (u, v))
    }

    /// The vertices left exposed.
    pub fn exposed(&self) -> VertexSet {
        self.mate.iter().enumerate().filter(|&(_, &m)| m == NONE).map(|(v, _)| v).collect()
    }
}

/// The Gallai–Edmonds decomposition of a graph, with one maximum matching.
///
/// `D` is the set of vertices missed by at least one maximum matching, `A` the vertices
/// outside `D` with a neighbour in `D`, `C` the rest. A vertex is covered by *every* maximum
/// matching exactly when it is not in `D`.
///
/// ```
/// use grundy_graph::{Graph, VertexSet};
/// use grundy_graph_games::GallaiEdmonds;
///
/// // A star with three leaves: any leaf may be left out, the centre never is.
/// let ge = GallaiEdmonds::new(&Graph::complete_bipartite(1, 3));
/// assert_eq!(ge.matching().len(), 1);
/// assert_eq!(*ge.d(), [1, 2, 3].into_iter().collect::<VertexSet>());
/// assert_eq!(*ge.a(), VertexSet::singleton(0));
/// assert!(ge.c().is_empty());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GallaiEdmonds {
    matching: Matching,
    d: VertexSet,
    a: VertexSet,
    c: VertexSet,
}

impl GallaiEdmonds {
    /// The decomposition of `graph` (Edmonds' algorithm, then one more forest search).
    pub fn new(graph: &Graph) -> Self {
        GallaiEdmonds::of(&Adjacency::from_graph(graph))
    }

    pub(crate) fn of(adj: &Adjacency) -> Self {
        let mut engine = Engine::new(adj);
        engine.greedy();
        engine.maximise(NONE);
        engine.decomposition()
    }

    /// A maximum matching.
    pub const fn matching(&self) -> &Matching {
        &self.matching
    }

    /// The vertices that some maximum matching leaves exposed.
    pub const fn d(&self) -> &VertexSet {
        &self.d
    }

    /// The vertices outside `D` with a neighbour in `D`.
    pub const fn a(&self) -> &VertexSet {
        &self.a
    }

    /// The other vertices (every maximum matching matches them among themselves perfectly).
    pub const fn c(&self) -> &VertexSet {
        &self.c
    }

    /// Tells whether every maximum matching covers `v` (false for vertices out of range).
    pub fn always_covered(&self, v: usize) -> bool {
        v < self.matching.mate.len() && !self.d.contains(v)
    }
}

/// A maximum matching of `graph` (Edmonds' blossom algorithm, exact on every graph).
pub fn maximum_matching(graph: &Graph) -> Matching {
    let adj = Adjacency::from_graph(graph);
    let mut engine = Engine::new(&adj);
    engine.greedy();
    engine.maximise(NONE);
    engine.matching()
}

/// Compressed adjacency lists.
#[derive(Clone, Debug)]
pub(crate) struct Adjacency {
    start: Vec<usize>,
    targets: Vec<usize>,
}

impl Adjacency {
    pub(crate) fn from_graph(graph: &Graph) -> Self {
        let n = graph.order();
        let mut start = Vec::with_capacity(n + 1);
        let mut targets = Vec::with_capacity(2 * graph.edge_count());
        start.push(0);
        for v in 0..n {
            targets.extend(graph.neighbors(v).iter());
            start.push(targets.len());
        }
        Adjacency { start, targets }
    }

    /// The subgraph induced by `live`, renumbered `0..live.len()` in increasing order, with
    /// the map from new vertices to old ones.
    pub(crate) fn induced(graph: &Graph, live: &VertexSet) -> (Self, Vec<usize>) {
        let old: Vec<usize> = live.iter().take_while(|&v| v < graph.order()).collect();
        let mut new_of = vec![NONE; graph.order()];
        for (i, &v) in old.iter().enumerate() {
            new_of[v] = i;
        }
        let mut start = Vec::with_capacity(old.len() + 1);
        let mut targets = Vec::new();
        start.push(0);
        for &v in &old {
            targets.extend(graph.neighbors(v).iter().map(|w| new_of[w]).filter(|&j| j != NONE));
            start.push(targets.len());
        }
        (Adjacency { start, targets }, old)
    }

    pub(crate) fn order(&self) -> usize {
        self.start.len() - 1
    }

    pub(crate) fn neighbors(&self, v: usize) -> &[usize] {
        &self.targets[self.start[v]..self.start[v + 1]]
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Label {
    Free,
    Even,
    Odd,
}

/// The state of Edmonds' algorithm on one graph.
pub(crate) struct Engine<'a> {
    adj: &'a Adjacency,
    mate: Vec<usize>,
    label: Vec<Label>,
    /// For odd vertices (and even vertices inside blossoms): the vertex the alternating path to
    /// the root continues with.
    parent: Vec<usize>,
    /// Union-find over blossoms; a representative is the base of its blossom.
    dsu: Vec<usize>,
    root: Vec<usize>,
    /// Trees (by root) that augmented in this phase.
    dead: Vec<bool>,
    seen: Vec<u64>,
    stamp: u64,
    queue: VecDeque<usize>,
    /// A vertex treated as deleted (`NONE` for none).
    blocked: usize,
}

impl<'a> Engine<'a> {
    pub(crate) fn new(adj: &'a Adjacency) -> Self {
        let n = adj.order();
        Engine {
            adj,
            mate: vec![NONE; n],
            label: vec![Label::Free; n],
            parent: vec![NONE; n],
            dsu: (0..n).collect(),
            root: vec![NONE; n],
            dead: vec![false; n],
            seen: vec![0; n],
            stamp: 0,
            queue: VecDeque::new(),
            blocked: NONE,
        }
    }

    /// Starts from the given matching (`mate[v]` or `NONE`); it must be a matching of the graph.
    pub(crate) fn set_mates(&mut self, mate: Vec<usize>) {
        debug_assert_eq!(mate.len(), self.mate.len());
        self.mate = mate;
    }

    /// Matches greedily along the edges, as a head start.
    pub(crate) fn greedy(&mut self) {
        for v in 0..self.adj.order() {
            if self.mate[v] != NONE || v == self.blocked {
                continue;
            }
            if let Some(&w) =
                self.adj.neighbors(v).iter().find(|&&w| self.mate[w] == NONE && w != self.blocked)
            {
                self.mate[v] = w;
                self.mate[w] = v;
            }
        }
    }

    /// Augments until the matching is maximum, treating `blocked` as deleted. The labels of
    /// the last search (a phase that found no augmenting path) stay for
    /// [`decomposition`](Engine::decomposition).
    pub(crate) fn maximise(&mut self, blocked: usize) {
        self.blocked = blocked;
        while self.phase() {}
    }

    fn find(&mut self, v: usize) -> usize {
        let mut r = v;
        while self.dsu[r] != r {
            r = self.dsu[r];
        }
        let mut x = v;
        while self.dsu[x] != r {
            let next = self.dsu[x];
            self.dsu[x] = r;
            x = next;
        }
        r
    }

    /// One phase: grows the alternating forest from every exposed vertex. An edge between even
    /// vertices of two live trees is an augmenting path: it is flipped at once and both trees
    /// die for the rest of the phase (the other trees are untouched, so the search goes on).
    /// Returns whether some path was augmented; when none was, the labels are those of a
    /// complete search.
    fn phase(&mut self) -> bool {
        let n = self.adj.order();
        self.queue.clear();
        for v in 0..n {
            self.dsu[v] = v;
            self.parent[v] = NONE;
            self.dead[v] = false;
            if self.mate[v] == NONE && v != self.blocked {
                self.label[v] = Label::Even;
                self.root[v] = v;
                self.queue.push_back(v);
            } else {
                self.label[v] = Label::Free;
                self.root[v] = NONE;
            }
        }
        let adj = self.adj;
        let mut augmented = false;
        while let Some(x) = self.queue.pop_front() {
            for &y in adj.neighbors(x) {
                if self.dead[self.root[x]] {
                    break;
                }
                if y == self.blocked || self.mate[x] == y || self.find(x) == self.find(y) {
                    continue;
                }
                match self.label[y] {
                    Label::Free => {
                        // y is matched (exposed vertices are roots): grow the tree.
                        let z = self.mate[y];
                        self.label[y] = Label::Odd;
                        self.parent[y] = x;
                        self.root[y] = self.root[x];
                        self.label[z] = Label::Even;
                        self.root[z] = self.root[x];
                        self.queue.push_back(z);
                    }
                    Label::Even => {
                        let (rx, ry) = (self.root[x], self.root[y]);
                        if rx == ry {
                            self.contract(x, y);
                        } else if !self.dead[ry] {
                            self.augment(x, y);
                            self.dead[rx] = true;
                            self.dead[ry] = true;
                            augmented = true;
                        }
                    }
                    Label::Odd => {}
                }
            }
        }
        augmented
    }

    /// The base of the smallest blossom holding the bases of `a` and `b` (same tree).
    fn lca(&mut self, a: usize, b: usize) -> usize {
        self.stamp += 1;
        let mut a = self.find(a);
        let mut b = self.find(b);
        loop {
            if a != NONE {
                if self.seen[a] == self.stamp {
                    return a;
                }
                self.seen[a] = self.stamp;
                a = match self.mate[a] {
                    NONE => NONE,
                    m => {
                        let p = self.parent[m];
                        self.find(p)
                    }
                };
            }
            core::mem::swap(&mut a, &mut b);
        }
    }

    /// Contracts the blossom closed by the edge `x - y` between two even vertices of one tree.
    fn contract(&mut self, x: usize, y: usize) {
        let base = self.lca(x, y);
        let mut bases = Vec::new();
        self.mark_path(x, base, y, &mut bases);
        self.mark_path(y, base, x, &mut bases);
        for b in bases {
            let r = self.find(b);
            if r != base {
                self.dsu[r] = base;
            }
        }
    }

    /// Walks from the even vertex `v` up to the blossom base `base`, pointing the path back
    /// across the new blossom edge (to `child`) and turning its odd vertices even.
    fn mark_path(&mut self, mut v: usize, base: usize, mut child: usize, bases: &mut Vec<usize>) {
        while self.find(v) != base {
            let m = self.mate[v];
            let bv = self.find(v);
            let bm = self.find(m);
            bases.push(bv);
            bases.push(bm);
            if self.label[m] == Label::Odd {
                self.label[m] = Label::Even;
                self.queue.push_back(m);
            }
            self.parent[v] = child;
            child = m;
            v = self.parent[m];
        }
    }

    /// Flips the augmenting path through the edge `x - y` (even vertices of different trees).
    fn augment(&mut self, x: usize, y: usize) {
        let (ox, oy) = (self.mate[x], self.mate[y]);
        self.flip(ox);
        self.flip(oy);
        self.mate[x] = y;
        self.mate[y] = x;
    }

    /// Flips the alternating path to the root that continues at `v` (`NONE`: nothing to do).
    fn flip(&mut self, mut v: usize) {
        while v != NONE {
            let pv = self.parent[v];
            let next = self.mate[pv];
            self.mate[v] = pv;
            self.mate[pv] = v;
            v = next;
        }
    }

    pub(crate) fn mates(&self) -> &[usize] {
        &self.mate
    }

    /// The even vertices of the last search (the set `D`, once the matching is maximum).
    pub(crate) fn even(&self) -> VertexSet {
        (0..self.adj.order()).filter(|&v| self.label[v] == Label::Even).collect()
    }

    pub(crate) fn matching(&self) -> Matching {
        let size = self.mate.iter().filter(|&&m| m != NONE).count() / 2;
        Matching { mate: self.mate.clone(), size }
    }

    fn decomposition(&self) -> GallaiEdmonds {
        let mut d = VertexSet::new();
        let mut a = VertexSet::new();
        let mut c = VertexSet::new();
        for v in 0..self.adj.order() {
            match self.label[v] {
                Label::Even => d.insert(v),
                Label::Odd => a.insert(v),
                Label::Free => c.insert(v),
            };
        }
        GallaiEdmonds { matching: self.matching(), d, a, c }
    }
}

/// The no-vertex marker, for the geography module.
pub(crate) const NO_VERTEX: usize = NONE;
