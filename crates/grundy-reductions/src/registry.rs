//! The registry of every reduction in this crate, and the generalisation lattice drawn from it.

use core::fmt;

/// What a reduction claims.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// The two rulesets are the same game under a renaming of positions and moves (both
    /// directions are implemented).
    Isomorphism,
    /// Every position of the source is a position of the target playing the same game: the
    /// target generalises the source.
    Embedding,
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Kind::Isomorphism => "isomorphism",
            Kind::Embedding => "special-case embedding",
        })
    }
}

/// One reduction: which rulesets it relates, what it claims, where the claim comes from, and
/// the test that checks it with the [`Tandem`](crate::Tandem) checker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    /// The Rust type implementing it, in this crate.
    pub name: &'static str,
    /// The source ruleset (the special case).
    pub from: &'static str,
    /// The target ruleset (the generalisation).
    pub to: &'static str,
    /// Isomorphism or embedding.
    pub kind: Kind,
    /// The statement of the literature it implements.
    pub statement: &'static str,
    /// The test that checks it, as `path::function`.
    pub test: &'static str,
}

/// Every ruleset of the grundy family, as named in the registry and the lattice.
pub const RULESETS: &[&str] = &[
    "Nim",
    "Demi-Quantum Nim",
    "Demi-Quantum Boolean Nim",
    "Transverse Wave",
    "Crosswise AND",
    "Crosswise OR",
    "Avoid True",
    "Rechargeable Bipartite Boolean Nim",
    "Rechargeable Hypergraph Boolean Nim",
    "Friend Circle",
    "Node-Kayles",
    "Octal 0.137 (Dawson's Kayles)",
    "Demographic Influence",
    "Neighboring Nim",
    "Neighboring Boolean Nim",
    "Undirected Vertex Geography",
    "Rotisserie Nim",
    "Vertexnim (directed)",
    "Squarefree lattice game",
];

/// Burke, Ferland and Teng, *Transverse Wave: an impartial color-propagation game inspired by
/// social influence and quantum Nim* (2021).
const BFT: &str = "Burke, Ferland, Teng 2021";

/// Every reduction of this crate.
pub const REGISTRY: &[Entry] = &[
    Entry {
        name: "WaveToAnd",
        from: "Transverse Wave",
        to: "Crosswise AND",
        kind: Kind::Isomorphism,
        statement: "Burke, Ferland, Teng 2021, Proposition 1",
        test: "crates/grundy-reductions/tests/wave.rs::transverse_wave_is_crosswise_and",
    },
    Entry {
        name: "WaveToOr",
        from: "Transverse Wave",
        to: "Crosswise OR",
        kind: Kind::Isomorphism,
        statement: "Burke, Ferland, Teng 2021, Proposition 2",
        test: "crates/grundy-reductions/tests/wave.rs::transverse_wave_is_crosswise_or",
    },
    Entry {
        name: "DemiQuantumToAnd",
        from: "Demi-Quantum Boolean Nim",
        to: "Crosswise AND",
        kind: Kind::Isomorphism,
        statement: "Burke, Ferland, Teng 2021, Proposition 4",
        test: "crates/grundy-reductions/tests/wave.rs::demi_quantum_boolean_nim_is_crosswise_and",
    },
    Entry {
        name: "NimToDemiQuantum",
        from: "Nim",
        to: "Demi-Quantum Nim",
        kind: Kind::Embedding,
        statement: "Burke, Ferland, Teng 2021, Definition 1 and Section 5",
        test: "crates/grundy-reductions/tests/wave.rs::nim_is_demi_quantum_nim_with_one_realization",
    },
    Entry {
        name: "BooleanToNim",
        from: "Demi-Quantum Boolean Nim",
        to: "Demi-Quantum Nim",
        kind: Kind::Embedding,
        statement: "Burke, Ferland, Teng 2021, Section 3.2",
        test: "crates/grundy-reductions/tests/wave.rs::demi_quantum_boolean_nim_is_demi_quantum_nim_with_heaps_of_one",
    },
    Entry {
        name: "DemiQuantumToAvoidTrue",
        from: "Demi-Quantum Boolean Nim",
        to: "Avoid True",
        kind: Kind::Isomorphism,
        statement: "Burke, Ferland, Teng 2021, Theorem 4",
        test: "crates/grundy-reductions/tests/avoid.rs::avoid_true_is_demi_quantum_boolean_nim",
    },
    Entry {
        name: "DemiQuantumToBipartite",
        from: "Demi-Quantum Boolean Nim",
        to: "Rechargeable Bipartite Boolean Nim",
        kind: Kind::Isomorphism,
        statement: "Burke, Ferland, Teng 2021, Corollary 1",
        test: "crates/grundy-reductions/tests/avoid.rs::rechargeable_nims_and_the_chain_to_avoid_true",
    },
    Entry {
        name: "DemiQuantumToHypergraph",
        from: "Demi-Quantum Boolean Nim",
        to: "Rechargeable Hypergraph Boolean Nim",
        kind: Kind::Embedding,
        statement: "Burke, Ferland, Teng 2021, Corollary 1",
        test: "crates/grundy-reductions/tests/avoid.rs::rechargeable_nims_and_the_chain_to_avoid_true",
    },
    Entry {
        name: "CrosswiseOrToFriendCircle",
        from: "Crosswise OR",
        to: "Friend Circle",
        kind: Kind::Embedding,
        statement: "Burke, Ferland, Teng 2021, Proposition 3",
        test: "crates/grundy-reductions/tests/friend.rs::crosswise_or_is_friend_circle_on_a_complete_bipartite_graph",
    },
    Entry {
        name: "NodeKaylesToFriendCircle",
        from: "Node-Kayles",
        to: "Friend Circle",
        kind: Kind::Embedding,
        statement: "Burke, Ferland, Teng 2021, Theorem 2",
        test: "crates/grundy-reductions/tests/kayles.rs::node_kayles_is_friend_circle_with_pendant_false_edges",
    },
    Entry {
        name: "NodeKaylesToInfluence",
        from: "Node-Kayles",
        to: "Demographic Influence",
        kind: Kind::Embedding,
        statement: "Burke, Ferland, Teng 2021, Theorem 6",
        test: "crates/grundy-reductions/tests/kayles.rs::node_kayles_is_demographic_influence",
    },
    Entry {
        name: "DemiQuantumNimToInfluence",
        from: "Demi-Quantum Nim",
        to: "Demographic Influence",
        kind: Kind::Embedding,
        statement: "Burke, Ferland, Teng 2021, Theorem 5",
        test: "crates/grundy-reductions/tests/influence.rs::demi_quantum_nim_is_demographic_influence",
    },
    Entry {
        name: "FriendCircleToInfluence",
        from: "Friend Circle",
        to: "Demographic Influence",
        kind: Kind::Embedding,
        statement: "Burke, Ferland, Teng 2021, Theorem 7",
        test: "crates/grundy-reductions/tests/influence.rs::friend_circle_is_demographic_influence_on_the_line_graph",
    },
    // The Rust type maps Node-Kayles on a path onto 0.137 (a quotient of game trees: mirror
    // moves merge); every 0.137 position is the image of its layout on a path, so 0.137 is
    // the special case.
    Entry {
        name: "PathKaylesToDawson",
        from: "Octal 0.137 (Dawson's Kayles)",
        to: "Node-Kayles",
        kind: Kind::Embedding,
        statement: "Wright, The Independence Game (Rob's Dots)",
        test: "crates/grundy-reductions/tests/kayles.rs::node_kayles_on_a_path_is_dawsons_kayles",
    },
    Entry {
        name: "NimToNeighboringNim",
        from: "Nim",
        to: "Neighboring Nim",
        kind: Kind::Embedding,
        statement: "Burke, Ferland, Teng 2021, Section 4 (Burke and George: Nim on the complete graph)",
        test: "crates/grundy-reductions/tests/geography.rs::nim_is_neighboring_nim_on_a_complete_graph",
    },
    Entry {
        name: "BooleanNeighboringNimToGeography",
        from: "Neighboring Boolean Nim",
        to: "Undirected Vertex Geography",
        kind: Kind::Isomorphism,
        statement: "Burke, Ferland, Teng 2021, Section 4 (Neighboring Boolean Nim is Undirected Geography)",
        test: "crates/grundy-reductions/tests/geography.rs::neighboring_boolean_nim_is_undirected_vertex_geography",
    },
    // The inverse of the isomorphism above lands in Neighboring Nim positions with heaps of at
    // most one: Undirected Vertex Geography is a special case of Neighboring Nim.
    Entry {
        name: "BooleanNeighboringNimToGeography",
        from: "Undirected Vertex Geography",
        to: "Neighboring Nim",
        kind: Kind::Embedding,
        statement: "Burke, Ferland, Teng 2021, Section 4 (heaps of at most one)",
        test: "crates/grundy-reductions/tests/geography.rs::neighboring_boolean_nim_is_undirected_vertex_geography",
    },
    // Rotisserie Nim is Vertexnim on directed cycles (both ways, as game trees); Vertexnim
    // (Duchêne and Renault: emptied vertices deleted) plays on every digraph.
    Entry {
        name: "RotisserieToVertexnim",
        from: "Rotisserie Nim",
        to: "Vertexnim (directed)",
        kind: Kind::Embedding,
        statement: "Bovee, Burke, Tennenhouse, §5.1 (Vertex Nim on a directed cycle)",
        test: "crates/grundy-reductions/tests/rotisserie.rs::rotisserie_nim_is_vertexnim_on_a_directed_cycle",
    },
    // Heap games with heaps of at most k as lattice games on N^k (coordinate i counts the
    // heaps of size i); moves on equal heaps merge, so the check is a quotient of game trees.
    Entry {
        name: "OctalToSquarefree",
        from: "Octal 0.137 (Dawson's Kayles)",
        to: "Squarefree lattice game",
        kind: Kind::Embedding,
        statement: "Guo, Miller 2011, Lattice point methods, Example 6.4 (heaps of at most k)",
        test: "crates/grundy-reductions/tests/lattice.rs::dawsons_chess_is_a_squarefree_lattice_game",
    },
    Entry {
        name: "NimToSquarefree",
        from: "Nim",
        to: "Squarefree lattice game",
        kind: Kind::Embedding,
        statement: "Guo, Miller 2011, Lattice point methods, Example 6.4 (heaps of at most k)",
        test: "crates/grundy-reductions/tests/lattice.rs::nim_is_a_squarefree_lattice_game",
    },
];

/// The generalisation lattice as a Graphviz DOT graph: an arrow from A to B when A is a
/// special case of B (as in Figure 10 of Burke, Ferland and Teng), a double-headed bold edge
/// when they are isomorphic. Every ruleset of [`RULESETS`] is a node, related or not.
///
/// ```
/// let dot = grundy_reductions::lattice_dot();
/// assert!(dot.starts_with("digraph lattice {"));
/// assert!(dot.contains("\"Transverse Wave\" -> \"Crosswise AND\""));
/// ```
pub fn lattice_dot() -> String {
    let mut out = String::from("digraph lattice {\n");
    out.push_str("  // Generated by grundy_reductions::lattice_dot() from the registry.\n");
    out.push_str(&format!("  // A -> B: A is a special case of B. Sources: {BFT} and others.\n"));
    out.push_str("  rankdir=BT;\n  node [shape=box, style=rounded, fontname=\"Helvetica\"];\n");
    out.push_str("  edge [fontname=\"Helvetica\", fontsize=10];\n");
    for ruleset in RULESETS {
        out.push_str(&format!("  \"{ruleset}\";\n"));
    }
    for entry in REGISTRY {
        let style = match entry.kind {
            Kind::Isomorphism => ", dir=both, style=bold",
            Kind::Embedding => "",
        };
        out.push_str(&format!(
            "  \"{}\" -> \"{}\" [label=\"{}\"{style}];\n",
            entry.from,
            entry.to,
            short(entry.statement)
        ));
    }
    out.push_str("}\n");
    out
}

/// The statement without the paper's authors: "Proposition 1".
fn short(statement: &str) -> &str {
    statement.rsplit(", ").next().unwrap_or(statement)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_names_known_rulesets() {
        for entry in REGISTRY {
            assert!(RULESETS.contains(&entry.from), "{}: {}", entry.name, entry.from);
            assert!(RULESETS.contains(&entry.to), "{}: {}", entry.name, entry.to);
        }
    }
}
