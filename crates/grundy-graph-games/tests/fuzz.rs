//! Fuzz targets for the text forms of the graph games: arc lists ([`Digraph`]'s `FromStr`),
//! Edge NimG boards with disks ([`EdgeNimG::parse`]), disk lists ([`parse_disks`]) and
//! Geography boards ([`Geography::parse`]). Issue 22.
//!
//! Every case asserts: no panic (a `Result` either way), a parsed digraph prints to a text that
//! parses back to it, at most [`MAX_PARSED_ORDER`] vertices, the case ends within a time bound
//! and the process's peak resident memory stays under 1 GiB. Allocation bound (from the code):
//! a vertex table of at most 2^20 entries, then O(1) per arc, edge or disk token, so at most
//! 64 MiB + O(input length); numbers of any length are refused without allocation.
//!
//! Cases per property: `GRUNDY_FUZZ_CASES` (default 2000). The long run of the issue:
//! `GRUNDY_FUZZ_CASES=1000000 cargo test --release -p grundy-graph-games --test fuzz`.

use grundy_graph_games::{
    Digraph, EdgeNimG, Geography, GeographyRule, MAX_PARSED_ORDER, ParseDigraphError, parse_disks,
};

use grundy_testkit::fuzz::*;
use proptest::prelude::*;

const SEEDS: &[&str] = &[
    "0>1 1>2 2>0",
    "5: 0>1, 1-2",
    "4: 0-1:2 1-2 1-2:7",
    "0-1 1-2 2-3",
    "3 0 2",
    "",
    "1000: 0>999",
];
const PIECES: &[&str] = &["-", ">", ":", ",", " ", "\n", "0", "1", "7", "12", "0>1", "1-0", "3:"];
const ALPHABET: &str = "[0-9 ,:>\\-\n]{0,40}";

proptest! {
    #![proptest_config(config())]

    #[test]
    fn fuzz_arc_list(text in inputs(ALPHABET, SEEDS, PIECES)) {
        if let Ok(d) = bounded(&text, |t| t.parse::<Digraph>()) {
            assert!(d.order() <= MAX_PARSED_ORDER);
            round_trips(&d);
        }
    }

    #[test]
    fn fuzz_edge_nimg(text in inputs(ALPHABET, SEEDS, PIECES)) {
        if let Ok((game, disks)) = bounded(&text, EdgeNimG::parse) {
            assert!(game.order() <= MAX_PARSED_ORDER);
            assert_eq!(disks.len(), game.edges().len());
        }
        let _ = bounded(&text, parse_disks);
    }

    #[test]
    fn fuzz_geography(text in inputs(ALPHABET, SEEDS, PIECES), directed: bool) {
        for rule in [GeographyRule::Vertex, GeographyRule::Edge] {
            if let Ok(g) = bounded(&text, |t| Geography::parse(t, directed, rule)) {
                assert!(g.order() <= MAX_PARSED_ORDER);
            }
        }
    }
}

/// Regression (found while writing these targets): a vertex `u64::MAX` without a count made
/// the implied order `u64::MAX + 1` overflow, a panic in debug builds, in arc lists and Edge
/// NimG boards. It is now refused as too many vertices.
#[test]
fn largest_vertex_number_is_refused() {
    for text in ["0>18446744073709551615", "18446744073709551615-0"] {
        assert!(matches!(text.parse::<Digraph>(), Err(ParseDigraphError::TooManyVertices { .. })));
        assert!(EdgeNimG::parse(text).is_err());
        assert!(Geography::parse(text, true, GeographyRule::Vertex).is_err());
    }
    assert!(EdgeNimG::parse("0-18446744073709551615").is_err());
}

/// Numbers of any length are refused without being allocated.
#[test]
fn long_inputs_stay_within_bounds() {
    let long = "9".repeat(100_000);
    assert!(bounded(&format!("{long}: 0>1"), |t| t.parse::<Digraph>()).is_err());
    assert!(bounded(&format!("0>{long}"), |t| t.parse::<Digraph>()).is_err());
    assert!(bounded(&format!("0-1:{long}"), EdgeNimG::parse).is_err());
    assert!(bounded(&long, parse_disks).is_err());
}
