//! The structure of a set of vertices that the rules of Node-Kayles depend on: its
//! components, the twin rules and the closed forms. The [`Ruleset`](grundy_core::Ruleset)
//! hooks of [`NodeKayles`](crate::NodeKayles) and [`NodeKayles64`](crate::NodeKayles64) use
//! them, on the graph's own vertex sets and on machine words respectively.

use grundy_graph::{Graph, VertexSet};

use crate::bits::Bits;
use crate::closed::{cycle_value, path_value};

/// A graph as the functions of this module read it.
pub(crate) trait Adjacent<B: Bits> {
    /// The neighbours of `v`.
    fn open(&self, v: usize) -> &B;

    /// The closed neighbourhood of `v` (`v` and its neighbours) within `set`.
    fn closed_in(&self, v: usize, set: &B) -> B {
        let mut within = self.open(v).and(set);
        if set.has(v) {
            within.add(v);
        }
        within
    }
}

impl Adjacent<VertexSet> for Graph {
    fn open(&self, v: usize) -> &VertexSet {
        self.neighbors(v)
    }
}

/// The neighbours of each vertex as one word.
impl Adjacent<u64> for [u64] {
    fn open(&self, v: usize) -> &u64 {
        &self[v]
    }
}

/// The component of `set` holding `start`.
pub(crate) fn flood<B: Bits>(g: &(impl Adjacent<B> + ?Sized), start: usize, set: &B) -> B {
    let mut part = B::empty();
    part.add(start);
    let mut frontier = part.clone();
    loop {
        let mut next = B::empty();
        frontier.each(|v| next.or_with(g.open(v)));
        let next = next.and(set).minus(&part);
        if next.none() {
            return part;
        }
        part.or_with(&next);
        frontier = next;
    }
}

/// The components of `set`, each given to `part`.
pub(crate) fn components<B: Bits>(
    g: &(impl Adjacent<B> + ?Sized),
    mut set: B,
    mut part: impl FnMut(B),
) {
    while let Some(start) = set.lowest() {
        let component = flood(g, start, &set);
        set = set.minus(&component);
        part(component);
    }
}

/// The components of `left` when each holds a vertex of `seeds` (true of the set a move at
/// `v` leaves in a connected set, with the vertices at distance 2 from `v` as seeds), each
/// given to `part`. Each is flooded from a seed, and once a flood has met every seed left,
/// the rest of `left` is one component and is not flooded. (Were a component without a seed,
/// a part could hold several components: a position all the same, only slower to search.)
pub(crate) fn seeded_components<B: Bits>(
    g: &(impl Adjacent<B> + ?Sized),
    mut left: B,
    mut seeds: B,
    mut part: impl FnMut(B),
) {
    while let Some(s) = seeds.lowest() {
        let mut component = B::empty();
        component.add(s);
        let mut frontier = component.clone();
        loop {
            if seeds.minus(&component).none() {
                part(left);
                return;
            }
            let mut next = B::empty();
            frontier.each(|u| next.or_with(g.open(u)));
            let next = next.and(&left).minus(&component);
            if next.none() {
                break;
            }
            component.or_with(&next);
            frontier = next;
        }
        left = left.minus(&component);
        seeds = seeds.minus(&component);
        part(component);
    }
    if !left.none() {
        part(left);
    }
}

/// The twin rules and the shadow rule applied to the connected set `set` until none
/// applies, the components of what is left given to `part`, with the nimber the shadow rule
/// set aside; `None` (and no part) when no rule applies. `suspects` is as for
/// [`reduce_twins`]: all of `set`, or the vertices at distance 2 from `v` when `set` is a
/// component left by a move at `v` in a connected set that does not reduce ([`ring`]).
pub(crate) fn reduce<B: Bits>(
    g: &(impl Adjacent<B> + ?Sized),
    set: &B,
    suspects: &B,
    part: impl FnMut(B),
) -> Option<u64> {
    let (rest, nimber) = simplify(g, set, suspects);
    if rest == *set {
        return None;
    }
    components(g, rest, part);
    Some(nimber)
}

/// The twin rules and the shadow rule applied to `set` until none applies (twins looked for
/// among `suspects` first, as for [`reduce_twins`]): what is left, and the nimber (0 or 1)
/// that the shadow rule set aside.
pub(crate) fn simplify<B: Bits>(
    g: &(impl Adjacent<B> + ?Sized),
    set: &B,
    suspects: &B,
) -> (B, u64) {
    let mut set = reduce_twins(g, set, suspects);
    let mut nimber = 0;
    while let Some((near, pair)) = shadowed_leaf(g, &set) {
        set = set.minus(&pair);
        nimber ^= 1;
        // Only the neighbours of `u` lost a neighbour, so only pairs and classes holding one
        // of them can be new twins.
        set = reduce_twins(g, &set, &near);
    }
    (set, nimber)
}

/// A vertex `u` of `set` with a leaf `l` (a neighbour of degree 1) whose other neighbours are
/// all the neighbours of another vertex `w` (the *shadow* of `u`), as the set of those other
/// neighbours and `{u, l}`; `None` when `set` has none. The **shadow rule** removes `u` and
/// `l` for a nimber `*1` (proved at `NodeKayles`'s `split`).
pub(crate) fn shadowed_leaf<B: Bits>(g: &(impl Adjacent<B> + ?Sized), set: &B) -> Option<(B, B)> {
    let mut found = None;
    set.all(|l| {
        let nl = g.open(l).and(set);
        if nl.more_than(1) {
            return true;
        }
        let Some(u) = nl.lowest() else { return true };
        let mut others = g.open(u).and(set);
        others.del(l);
        let Some(s) = others.lowest() else { return true };
        let mut shadows = g.open(s).and(set);
        shadows.del(u);
        let shadowed = !shadows.all(|w| g.open(w).and(set) != others);
        if shadowed {
            let mut pair = B::empty();
            pair.add(u);
            pair.add(l);
            found = Some((others.clone(), pair));
        }
        !shadowed
    });
    found
}

/// The vertices at distance at most 2 from `v`, but `v`'s closed neighbourhood only in part:
/// every neighbour of a neighbour of `v`. Of a set left by a move at `v`, the vertices at
/// distance 2 from `v`.
pub(crate) fn ring<B: Bits>(g: &(impl Adjacent<B> + ?Sized), v: usize) -> B {
    let mut ring = B::empty();
    g.open(v).each(|u| ring.or_with(g.open(u)));
    ring
}

/// The closed form of a connected set, if it has one: a clique (every vertex sees all
/// others), a path (degrees at most 2, two ends) or a cycle (every degree 2). Stops at the
/// first vertex that rules all three out, and counts nothing but the set itself.
pub(crate) fn closed_form<B: Bits>(g: &(impl Adjacent<B> + ?Sized), set: &B) -> Option<u64> {
    if !set.more_than(2) {
        return Some(u64::from(!set.none()));
    }
    let (mut clique, mut sparse, mut ends) = (true, true, 0u64);
    let decided = !set.all(|v| {
        let nb = g.open(v).and(set);
        if clique {
            let mut others = set.clone();
            others.del(v);
            clique = nb == others;
        }
        if sparse {
            if nb.more_than(2) {
                sparse = false;
            } else if !nb.more_than(1) {
                ends += 1;
            }
        }
        clique || sparse
    });
    if decided {
        None
    } else if clique {
        Some(1)
    } else {
        let k = set.count() as u64;
        match ends {
            0 => Some(cycle_value(k).value()),
            2 => Some(path_value(k).value()),
            _ => None,
        }
    }
}

/// Applies the twin rules to a connected set until none applies, looking for twins only
/// among pairs and classes that hold a vertex of `suspects`.
///
/// True twins are adjacent, so a vertex is compared with its neighbours only; false twins
/// share every neighbour, so a vertex is compared with the neighbours of its lowest
/// neighbour only. Removing a vertex keeps every other pair of twins twins, and each removal
/// is justified in the set at that time, so the order of removals does not matter.
///
/// `suspects` must hold a vertex of every pair of true twins and of every class of three or
/// more false twins of `set`: all of `set` always qualifies, and so does the set of vertices
/// at distance 2 from `v` when `set` is a component left by a move at `v` in a twin-free
/// connected set (the neighbourhood of any other vertex of `set` is the same as in the
/// parent, where the pair or class did not exist). After a removal, only neighbours of the
/// removed vertex can have become twins, so they are the suspects of the next round.
pub(crate) fn reduce_twins<B: Bits>(g: &(impl Adjacent<B> + ?Sized), set: &B, suspects: &B) -> B {
    let mut set = set.clone();
    let mut suspects = suspects.and(&set);
    while !suspects.none() {
        let mut removed = B::empty();
        // True twins: equal closed neighbourhoods. Keep the lowest of each class, so that
        // twin sets reduce to the same set whatever the order of the search.
        suspects.each(|v| {
            if !set.has(v) {
                return;
            }
            let nv = g.closed_in(v, &set);
            let mut class = B::empty();
            g.open(v).and(&set).each(|u| {
                if g.closed_in(u, &set) == nv {
                    class.add(u);
                }
            });
            if !class.none() {
                class.add(v);
                let keep = class.lowest().unwrap_or(v);
                class.del(keep);
                set = set.minus(&class);
                removed.or_with(&class);
            }
        });
        // False twins: equal open neighbourhoods. Keep the lowest of each class of three or
        // more, and the second lowest too when the class is even.
        let mut false_suspects = suspects.clone();
        removed.each(|u| false_suspects.or_with(g.open(u)));
        let false_suspects = false_suspects.and(&set);
        false_suspects.each(|v| {
            if !set.has(v) {
                return;
            }
            let nv = g.open(v).and(&set);
            let Some(a) = nv.lowest() else { return };
            let mut class = B::empty();
            let mut size = 0;
            g.open(a).and(&set).each(|u| {
                if g.open(u).and(&set) == nv {
                    class.add(u);
                    size += 1;
                }
            });
            if size >= 3 {
                let mut keep = B::empty();
                class.each(|u| {
                    if keep.count() < 2 - size % 2 {
                        keep.add(u);
                    }
                });
                let class = class.minus(&keep);
                set = set.minus(&class);
                removed.or_with(&class);
            }
        });
        let mut next = B::empty();
        removed.each(|u| next.or_with(g.open(u)));
        suspects = next.and(&set);
    }
    set
}

/// The components of `rest` after the twin rules (looked for among the vertices of
/// `suspects` first) and the shadow rule, each given to `part`; returns the nimber the
/// shadow rule set aside. Closed forms are left to the caller: the solver asks
/// [`closed_form`] of every part it meets anyway (through `known_value`), so settling them
/// here would check each part twice.
pub(crate) fn split_near<B: Bits>(
    graph: &(impl Adjacent<B> + ?Sized),
    rest: B,
    suspects: B,
    mut part: impl FnMut(B),
) -> u64 {
    let mut nimber = 0;
    components(graph, rest, |component| match reduce(graph, &component, &suspects, &mut part) {
        Some(set_aside) => nimber ^= set_aside,
        None => part(component),
    });
    nimber
}
