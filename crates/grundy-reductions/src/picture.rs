//! The generalisation lattice drawn as SVG, laid out by this crate (no Graphviz needed).
//!
//! The layout is layered: rulesets related by isomorphisms (or by embeddings both ways) form
//! one class and share a layer, side by side; every class sits one layer above the highest
//! class it generalises, so special cases are below their generalisations, as in Figure 10 of
//! Burke, Ferland and Teng. Within a layer, classes are ordered by a few sweeps of the
//! barycentre heuristic (the mean position of their neighbours in the layers around), which
//! keeps most arrows from crossing. The output depends only on the registry, so the committed
//! picture can be compared with a fresh one byte for byte.

use core::fmt::Write as _;

use crate::registry::{Entry, Kind, REGISTRY, RULESETS};

/// Width of one character of the labels, in pixels (a generous estimate for sans-serif text).
const CHAR_WIDTH: usize = 8;
/// Height of a ruleset box.
const BOX_HEIGHT: usize = 34;
/// Width of one character of the edge labels.
const LABEL_CHAR_WIDTH: usize = 7;
/// Horizontal gap between boxes of a layer.
const GAP: usize = 36;
/// Vertical distance between layers.
const LAYER_HEIGHT: usize = 110;
/// Margin around the picture.
const MARGIN: usize = 30;

/// The generalisation lattice of [`RULESETS`] and [`REGISTRY`] as a standalone SVG picture:
/// an arrow from A up to B when A is a special case of B, a bold double-headed line between
/// isomorphic rulesets, each labelled with the statement that proves it.
///
/// ```
/// let svg = grundy_reductions::lattice_svg();
/// assert!(svg.starts_with("<svg"));
/// assert!(svg.contains(">Transverse Wave</text>"));
/// ```
pub fn lattice_svg() -> String {
    let layout = Layout::new(RULESETS, REGISTRY);
    layout.render()
}

/// Where every ruleset goes.
struct Layout {
    names: Vec<&'static str>,
    /// Box centre and width of each ruleset.
    x: Vec<usize>,
    y: Vec<usize>,
    width: Vec<usize>,
    edges: Vec<Entry>,
    canvas: (usize, usize),
}

impl Layout {
    fn new(rulesets: &[&'static str], registry: &[Entry]) -> Layout {
        let names: Vec<&'static str> = rulesets.to_vec();
        let n = names.len();
        let index = |name: &str| names.iter().position(|&r| r == name);
        let edges: Vec<(usize, usize, Kind)> =
            registry.iter().filter_map(|e| Some((index(e.from)?, index(e.to)?, e.kind))).collect();

        // Classes: strongly connected components of the relation "is a special case of",
        // isomorphisms counting both ways (a tiny graph: transitive closure by Warshall).
        let mut reach = vec![vec![false; n]; n];
        for (i, row) in reach.iter_mut().enumerate() {
            row[i] = true;
        }
        for &(a, b, kind) in &edges {
            reach[a][b] = true;
            if kind == Kind::Isomorphism {
                reach[b][a] = true;
            }
        }
        for k in 0..n {
            let through = reach[k].clone();
            for row in reach.iter_mut().filter(|row| row[k]) {
                for (cell, &r) in row.iter_mut().zip(&through) {
                    *cell |= r;
                }
            }
        }
        let class: Vec<usize> =
            (0..n).map(|i| (0..n).find(|&j| reach[i][j] && reach[j][i]).unwrap_or(i)).collect();

        // Layers: longest chain of strict special cases below each class.
        let mut layer = vec![0usize; n];
        for _ in 0..n {
            for &(a, b, _) in &edges {
                if class[a] != class[b] && layer[class[b]] < layer[class[a]] + 1 {
                    layer[class[b]] = layer[class[a]] + 1;
                }
            }
        }
        let layer: Vec<usize> = (0..n).map(|i| layer[class[i]]).collect();
        let layers = layer.iter().max().map_or(0, |&m| m + 1);

        // Order within layers: classes as blocks, members in registry order; start from the
        // order of RULESETS, then barycentre sweeps up and down.
        let mut rows: Vec<Vec<usize>> = vec![Vec::new(); layers];
        for i in 0..n {
            if class[i] == i {
                rows[layer[i]].push(i);
            }
        }
        // Members of a class in a line: depth first along the edges inside the class, from a
        // member with fewest such edges, so that most related members are neighbours.
        let inside = |i: usize| -> Vec<usize> {
            let mut out: Vec<usize> = edges
                .iter()
                .filter(|&&(a, b, _)| class[a] == class[b] && (a == i || b == i))
                .map(|&(a, b, _)| if a == i { b } else { a })
                .collect();
            out.sort_unstable();
            out.dedup();
            out
        };
        let mut line: Vec<Vec<usize>> = vec![Vec::new(); n];
        for c in (0..n).filter(|&c| class[c] == c) {
            let all: Vec<usize> = (0..n).filter(|&i| class[i] == c).collect();
            let first = all.iter().copied().min_by_key(|&i| (inside(i).len(), i)).unwrap_or(c);
            let (mut seen, mut stack) = (vec![false; n], vec![first]);
            while let Some(i) = stack.pop() {
                if std::mem::replace(&mut seen[i], true) {
                    continue;
                }
                line[c].push(i);
                stack.extend(inside(i).into_iter().rev().filter(|&j| !seen[j]));
            }
            line[c].extend(all.into_iter().filter(|&i| !seen[i]));
        }
        let members = |c: usize| line[c].iter().copied();
        // Coordinates: each layer centred; layer 0 at the bottom.
        let width: Vec<usize> = names.iter().map(|s| s.chars().count() * CHAR_WIDTH + 24).collect();
        // Neighbours in a row joined by an edge are as far apart as its label is wide.
        let gap = |a: usize, b: usize| -> usize {
            registry
                .iter()
                .filter(|e| {
                    let (f, t) = (index(e.from), index(e.to));
                    (f, t) == (Some(a), Some(b)) || (f, t) == (Some(b), Some(a))
                })
                .map(|e| short(e.statement).chars().count() * LABEL_CHAR_WIDTH + 16)
                .fold(GAP, usize::max)
        };
        let row_boxes =
            |row: &[usize]| -> Vec<usize> { row.iter().flat_map(|&c| members(c)).collect() };
        let row_width = |row: &[usize]| -> usize {
            let boxes = row_boxes(row);
            boxes.iter().map(|&i| width[i]).sum::<usize>()
                + boxes.windows(2).map(|w| gap(w[0], w[1])).sum::<usize>()
        };
        let widest = |rows: &[Vec<usize>]| rows.iter().map(|r| row_width(r)).max().unwrap_or(0);
        let place = |rows: &[Vec<usize>]| -> (Vec<usize>, Vec<usize>) {
            let widest = widest(rows);
            let (mut x, mut y) = (vec![0; n], vec![0; n]);
            for (l, row) in rows.iter().enumerate() {
                let mut left = MARGIN + (widest - row_width(row)) / 2;
                let boxes = row_boxes(row);
                for (k, &i) in boxes.iter().enumerate() {
                    x[i] = left + width[i] / 2;
                    y[i] = MARGIN + 20 + (layers - 1 - l) * LAYER_HEIGHT + BOX_HEIGHT / 2;
                    left += width[i] + boxes.get(k + 1).map_or(0, |&j| gap(i, j));
                }
            }
            (x, y)
        };

        // Barycentre sweeps: a class moves to the mean position of the boxes it is joined to
        // in other layers (ties keep the present order).
        for sweep in 0..8 {
            let order: Vec<usize> =
                if sweep % 2 == 0 { (0..layers).collect() } else { (0..layers).rev().collect() };
            for l in order {
                let (x, _) = place(&rows);
                let mut keyed: Vec<(usize, usize, usize)> = rows[l]
                    .iter()
                    .enumerate()
                    .map(|(at, &c)| {
                        let near: Vec<usize> = edges
                            .iter()
                            .filter_map(|&(a, b, _)| match (class[a] == c, class[b] == c) {
                                (true, false) => Some(b),
                                (false, true) => Some(a),
                                _ => None,
                            })
                            .map(|d| x[d])
                            .collect();
                        let key = if near.is_empty() {
                            members(c).next().map_or(0, |i| x[i])
                        } else {
                            near.iter().sum::<usize>() / near.len()
                        };
                        (key, at, c)
                    })
                    .collect();
                keyed.sort_unstable();
                rows[l] = keyed.into_iter().map(|(_, _, c)| c).collect();
            }
        }
        let (mut x, y) = place(&rows);
        let canvas_w = widest(&rows) + 2 * MARGIN;
        // Pull each box of a narrower row towards the boxes it is joined to, keeping the
        // order and the gaps (rows are packed from the left, then shifted back inside).
        for sweep in 0..4 {
            let order: Vec<usize> =
                if sweep % 2 == 0 { (0..layers).collect() } else { (0..layers).rev().collect() };
            for l in order {
                let boxes = row_boxes(&rows[l]);
                if row_width(&rows[l]) == widest(&rows) {
                    continue;
                }
                let desired: Vec<usize> = boxes
                    .iter()
                    .map(|&i| {
                        let near: Vec<usize> = edges
                            .iter()
                            .filter_map(|&(a, b, _)| match (a == i, b == i) {
                                (true, false) if layer[b] != l => Some(x[b]),
                                (false, true) if layer[a] != l => Some(x[a]),
                                _ => None,
                            })
                            .collect();
                        if near.is_empty() { x[i] } else { near.iter().sum::<usize>() / near.len() }
                    })
                    .collect();
                let mut right_edge = MARGIN;
                for (k, &i) in boxes.iter().enumerate() {
                    let min_left = if k == 0 { MARGIN } else { right_edge + gap(boxes[k - 1], i) };
                    let left = desired[k].saturating_sub(width[i] / 2).max(min_left);
                    x[i] = left + width[i] / 2;
                    right_edge = left + width[i];
                }
                let overflow = right_edge.saturating_sub(canvas_w - MARGIN);
                for &i in &boxes {
                    x[i] -= overflow;
                }
            }
        }
        let canvas_h = layers.max(1) * LAYER_HEIGHT - LAYER_HEIGHT + BOX_HEIGHT + 2 * MARGIN + 60;
        Layout { names, x, y, width, edges: registry.to_vec(), canvas: (canvas_w, canvas_h) }
    }

    fn render(&self) -> String {
        let (w, h) = self.canvas;
        let mut out = String::new();
        let _ = writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
             viewBox=\"0 0 {w} {h}\" font-family=\"Helvetica, Arial, sans-serif\">"
        );
        out.push_str(
            // No double hyphen inside: XML forbids it in a comment, and browsers then refuse
            // the picture.
            "  <!-- Generated by grundy_reductions::lattice_svg() from the registry; \
             regenerate it with the svg option of the lattice subcommand of grundy-cli \
             (written to docs/lattice.svg). -->\n",
        );
        out.push_str(
            "  <defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" \
             markerWidth=\"8\" markerHeight=\"8\" orient=\"auto-start-reverse\">\
             <path d=\"M0,0 L10,5 L0,10 z\" fill=\"#444\"/></marker></defs>\n",
        );
        out.push_str("  <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        let _ = writeln!(
            out,
            "  <text x=\"{}\" y=\"{}\" font-size=\"13\" fill=\"#555\">A → B: A is a special case \
             of B; bold ↔: isomorphic</text>",
            MARGIN,
            MARGIN - 8
        );
        let index = |name: &str| self.names.iter().position(|&r| r == name);
        for e in &self.edges {
            let (Some(a), Some(b)) = (index(e.from), index(e.to)) else { continue };
            if self.y[a] == self.y[b] && !self.adjacent(a, b) {
                self.arc(&mut out, e, a, b);
                continue;
            }
            let (x1, y1, x2, y2) = self.anchors(a, b);
            let (style, marker) = edge_style(e.kind);
            let _ = writeln!(
                out,
                "  <line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" {style}{marker}/>"
            );
            label(&mut out, (x1 + x2) / 2, ((y1 + y2) / 2).saturating_sub(4), short(e.statement));
        }
        for (i, name) in self.names.iter().enumerate() {
            let (left, top) = (self.x[i] - self.width[i] / 2, self.y[i] - BOX_HEIGHT / 2);
            let _ = writeln!(
                out,
                "  <rect x=\"{left}\" y=\"{top}\" width=\"{}\" height=\"{BOX_HEIGHT}\" rx=\"8\" \
                 fill=\"#eef3fb\" stroke=\"#35577d\" stroke-width=\"1.3\"/>",
                self.width[i]
            );
            let _ = writeln!(
                out,
                "  <text x=\"{}\" y=\"{}\" font-size=\"14\" text-anchor=\"middle\">{}</text>",
                self.x[i],
                self.y[i] + 5,
                escape(name)
            );
        }
        out.push_str("</svg>\n");
        out
    }

    /// Whether `a` and `b` are next to each other in their row.
    fn adjacent(&self, a: usize, b: usize) -> bool {
        let (lo, hi) = (self.x[a].min(self.x[b]), self.x[a].max(self.x[b]));
        !(0..self.names.len()).any(|i| self.y[i] == self.y[a] && lo < self.x[i] && self.x[i] < hi)
    }

    /// An edge between rulesets of one row that are not neighbours: an arc below the row.
    fn arc(&self, out: &mut String, e: &Entry, a: usize, b: usize) {
        let bottom = self.y[a] + BOX_HEIGHT / 2;
        let depth = 16 + self.x[a].abs_diff(self.x[b]) / 12;
        let (x1, x2) = (self.x[a], self.x[b]);
        let (mx, my) = ((x1 + x2) / 2, bottom + depth);
        let (style, marker) = edge_style(e.kind);
        let _ = writeln!(
            out,
            "  <path d=\"M{x1},{bottom} Q{mx},{} {x2},{bottom}\" fill=\"none\" {style}{marker}/>",
            bottom + 2 * depth
        );
        label(out, mx, my + 14, short(e.statement));
    }

    /// The ends of the line from ruleset `a` to ruleset `b`: box sides for a horizontal line
    /// within a layer, box top and bottom otherwise.
    fn anchors(&self, a: usize, b: usize) -> (usize, usize, usize, usize) {
        let half = |i: usize| self.width[i] / 2;
        if self.y[a] == self.y[b] {
            if self.x[a] < self.x[b] {
                (self.x[a] + half(a), self.y[a], self.x[b] - half(b), self.y[b])
            } else {
                (self.x[a] - half(a), self.y[a], self.x[b] + half(b), self.y[b])
            }
        } else if self.y[a] > self.y[b] {
            (self.x[a], self.y[a] - BOX_HEIGHT / 2, self.x[b], self.y[b] + BOX_HEIGHT / 2)
        } else {
            (self.x[a], self.y[a] + BOX_HEIGHT / 2, self.x[b], self.y[b] - BOX_HEIGHT / 2)
        }
    }
}

/// The stroke and arrowheads of an edge of `kind`.
fn edge_style(kind: Kind) -> (&'static str, &'static str) {
    match kind {
        Kind::Isomorphism => (
            "stroke=\"#444\" stroke-width=\"2.5\"",
            " marker-start=\"url(#arrow)\" marker-end=\"url(#arrow)\"",
        ),
        Kind::Embedding => ("stroke=\"#444\" stroke-width=\"1.2\"", " marker-end=\"url(#arrow)\""),
    }
}

/// An edge label centred at `(x, y)`, haloed in white so that lines behind it stay readable.
fn label(out: &mut String, x: usize, y: usize, text: &str) {
    // Never past the left edge of the picture.
    let x = x.max(text.chars().count() * LABEL_CHAR_WIDTH / 2 + 4);
    let _ = writeln!(
        out,
        "  <text x=\"{x}\" y=\"{y}\" font-size=\"11\" fill=\"#333\" text-anchor=\"middle\" \
         stroke=\"white\" stroke-width=\"3\" paint-order=\"stroke\">{}</text>",
        escape(text)
    );
}

/// The statement without the paper's authors: "Proposition 1".
pub(crate) fn short(statement: &str) -> &str {
    statement.rsplit(", ").next().unwrap_or(statement)
}

/// Text with XML's special characters escaped.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn special_cases_sit_below_their_generalisations_and_isomorphic_rulesets_side_by_side() {
        let layout = Layout::new(RULESETS, REGISTRY);
        let at = |name: &str| RULESETS.iter().position(|&r| r == name).unwrap();
        for e in REGISTRY {
            let (a, b) = (at(e.from), at(e.to));
            match e.kind {
                Kind::Isomorphism => assert_eq!(layout.y[a], layout.y[b], "{}", e.name),
                Kind::Embedding => assert!(layout.y[a] >= layout.y[b], "{}", e.name),
            }
        }
        // Boxes of one layer never overlap.
        for i in 0..RULESETS.len() {
            for j in i + 1..RULESETS.len() {
                if layout.y[i] == layout.y[j] {
                    let gap = layout.x[i].abs_diff(layout.x[j]);
                    assert!(gap * 2 >= layout.width[i] + layout.width[j], "{i} {j}");
                }
            }
        }
    }

    #[test]
    fn names_are_escaped() {
        assert_eq!(escape("a<b & c>d"), "a&lt;b &amp; c&gt;d");
    }
}
